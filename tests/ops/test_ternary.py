"""ternary and bounded pointwise ops: torch.where / Tensor.where (tensor and Python-scalar
branches, dtype promotion between the branches, uint8 and non-bool conditions, broadcasting of
all three, output strides decided by TensorIterator's dim ordering over cond, self, other),
addcmul, addcdiv (value=, the integer-division error), lerp (scalar, 0-d and tensor weights),
clamp / clip / clamp_min / clamp_max (scalar and tensor bounds, result dtype of integer inputs
with float bounds), masked_fill (scalar and 0-d tensor values, mask broadcasting, the contiguous
out-of-place result); the in-place forms (clamp_, lerp_, addcmul_, addcdiv_, masked_fill_;
torch has no where_) and out= forms with right, resized and wrong outputs."""

from __future__ import annotations

from ._support import Table, table_tests

X = "x = torch.arange(12, dtype=torch.float32).view(3, 4)\n"
Y = "y = torch.full((3, 4), -1.)\n"
M = ("m = torch.tensor([[True, False, True, False], [False, True, False, True], "
     "[True, True, False, False]])\n")
R = "r = torch.tensor([True, False, True, False])\n"
K = "k = torch.tensor([[True], [False], [True]])\n"
B = "b = torch.tensor([True, False, True])\n"
V = "v = torch.tensor([0., 1., 2.])\n"
I = "i = torch.tensor([0, 1, 2], dtype=torch.int32)\n"
H = "h = torch.tensor([1., 2., 3.], dtype=torch.float16)\n"
# transposed operands of shape (4, 3) next to a contiguous one
T = X + M + "t = x.t()\nmt = m.t()\nw = torch.full((4, 3), 5.)\n"
CL = "c = torch.zeros(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)\n"
# exact operands for addcmul / addcdiv / lerp
P = "p = torch.tensor([1., 2., 3.])\nq = torch.tensor([2., 4., 8.])\n"
S = "s = torch.tensor([0., 2., 4.])\ne = torch.tensor([4., 6., 8.])\n"

WHERE: Table = [
    ("where-tensors", X + Y + M + "z = torch.where(m, x, y)"),
    ("where-scalar-other", X + M + "z = torch.where(m, x, 0.)"),
    ("where-int-scalar-keeps-float", X + M + "z = torch.where(m, x, 7)"),
    ("where-int-scalars-int64", M + "z = torch.where(m, 1, 0)"),
    ("where-bool-int-scalars", M + "z = torch.where(m, True, 2)"),
    ("where-complex-scalar", B + "z = torch.where(b, 1j, 0)"),
    ("where-int32-float-scalar", B + I + "z = torch.where(b, i, 2.5)"),
    ("where-uint8-negative-scalar-wraps",
     B + "u = torch.tensor([1, 2, 3], dtype=torch.uint8)\nz = torch.where(b, u, -1)"),
    ("where-uint8-int8-int16", B + "z = torch.where(b, torch.tensor([1, 2, 3], dtype=torch.uint8), "
                               "torch.tensor([-1, -2, -3], dtype=torch.int8))"),
    ("where-bf16-f16-float32",
     B + H + "z = torch.where(b, torch.ones(3, dtype=torch.bfloat16), h)"),
    ("where-f32-f64", B + V + "z = torch.where(b, v, torch.tensor([5., 6., 7.], "
                              "dtype=torch.float64))"),
    ("where-0d-float-int32", B + I + "z = torch.where(b, torch.tensor(2.5), i)"),
    ("where-0d-int64-int8", B + "z = torch.where(b, torch.tensor(2), "
                            "torch.tensor([1, 2, 3], dtype=torch.int8))"),
    ("where-0d-both-promote", B + "z = torch.where(b, torch.tensor(1.), "
                              "torch.tensor(2, dtype=torch.float64))"),
    ("where-uint8-cond-deprecated",
     V + "c = torch.tensor([1, 0, 2], dtype=torch.uint8)\nz = torch.where(c, v, 0.)"),
    ("where-0d-cond", X + Y + "z = torch.where(torch.tensor(True), x, y)"),
    ("where-0d-cond-scalars", "z = torch.where(torch.tensor(True), 1., 0.)"),
    ("where-broadcast-row-mask", X + Y + R + "z = torch.where(r, x, y)"),
    ("where-broadcast-all-three", K + "z = torch.where(k, torch.tensor([[1., 2., 3., 4.]]), "
                                  "torch.tensor([5., 6., 7., 8.]))"),
    ("where-meta", "n = torch.zeros(2, 3, device='meta')\n"
                   "z = torch.where(torch.ones(3, dtype=torch.bool, device='meta'), n, 1.)"),
    # output layout: the first input with unambiguous strides decides (cond, then self, other)
    ("where-layout-cond-transposed-decides", T + "z = torch.where(mt, w, w)"),
    ("where-layout-cond-contiguous-decides",
     T + "c = torch.ones(4, 3, dtype=torch.bool)\nz = torch.where(c, t, w)"),
    ("where-layout-cond-row-broadcast-self-decides", T + B + "z = torch.where(b, t, w)"),
    ("where-layout-0d-cond-self-decides", T + "z = torch.where(torch.tensor(True), t, w)"),
    ("where-layout-0d-cond-other-decides", T + "z = torch.where(torch.tensor(True), w, t)"),
    ("where-layout-transposed-cond-scalars", T + "z = torch.where(mt, 1., 0.)"),
    ("where-layout-cl-self-contig-cond", CL + "z = torch.where(torch.ones(2, 3, 2, 2, "
                                         "dtype=torch.bool), c, 1.)"),
    ("where-layout-cl-self-broadcast-cond",
     CL + "z = torch.where(torch.tensor([True, False]), c, 1.)"),
    ("where-layout-expanded-self", B + "z = torch.where(b, torch.arange(3.).expand(2, 3), 0.)"),
    ("where-layout-all-broadcast-default",
     B + "z = torch.where(b, torch.arange(2.).view(2, 1).expand(2, 3), 0.)"),
    ("where-layout-stepped-transposed-self",
     T + "z = torch.where(torch.tensor(True), t[::2], 0.)"),
    # method form
    ("where-method", X + Y + M + "z = x.where(m, y)"),
    ("where-method-int-float-scalar", B + I + "z = i.where(b, 2.5)"),
    # out=
    ("where-out-resized", B + V + "o = torch.zeros(2)\n"
                          "z = torch.where(b, v, torch.ones(3), out=o)"),
    ("where-out-transposed-kept", R + "o = torch.zeros(4, 3).t()\n"
                                  "z = torch.where(r, torch.ones(3, 4), torch.zeros(3, 4), out=o)"),
    ("where-out-is-self", "a = torch.arange(4.)\n"
                          "z = torch.where(torch.tensor([True, False, True, False]), a, "
                          "torch.zeros(4), out=a)"),
    ("where-out-f64-promoted", B + V + "o = torch.zeros(3, dtype=torch.float64)\n"
                               "z = torch.where(b, v, torch.ones(3, dtype=torch.float64), out=o)"),
]

ADDC: Table = [
    ("addcmul-basic", V + P + "z = torch.addcmul(v, p, q)"),
    # x + x * x past 2 ** 24: torch's kernel may fuse the multiply-add (one rounding), one
    # ulp from the reference's two roundings (OpSpec.tolerance)
    ("addcmul-fused-rounding", "x = torch.arange(80).to(torch.float32).view(10, 8)[::2]\n"
     "y = x.mul_(x)\nz = torch.addcmul(x, x, x)"),
    ("addcmul-fused-rounding-out-self", "x = torch.arange(80).to(torch.float32).view(10, 8)\n"
     "y = x.mul_(x)\nz = torch.addcmul(x, x, x, out=x)"),
    ("addcmul-broadcast-all", "z = torch.addcmul(torch.tensor(1.), torch.arange(3.).view(3, 1), "
                              "torch.arange(2.))"),
    ("addcmul-int-float-value-truncated", "a = torch.arange(3)\nz = torch.addcmul(a, "
                                          "torch.tensor([1, 2, 3]), torch.tensor([2, 2, 2]), "
                                          "value=0.5)"),
    ("addcmul-int-self-float-tensor", I + P + "z = torch.addcmul(i, p, torch.tensor([2, 2, 2]))"),
    ("addcmul-int32-0d-int64", I + "z = torch.addcmul(i, torch.tensor(2), torch.tensor(3))"),
    ("addcmul-meta", "n = torch.zeros(3, device='meta')\nz = torch.addcmul(n, n, n)"),
    ("addcmul-layout-self-contiguous-decides", X + "z = torch.addcmul(torch.ones(4, 3), x.t(), "
                                               "torch.ones(4, 3))"),
    ("addcmul-layout-broadcast-self-tensor1-decides",
     X + "z = torch.addcmul(torch.ones(3), x.t(), torch.ones(4, 3))"),
    ("addcmul_-basic", V + P + "z = v.addcmul_(p, torch.tensor(2.), value=-1)"),
    ("addcmul_-f64-tensors-into-f32", V + "z = v.addcmul_(torch.ones(3, dtype=torch.float64), "
                                      "torch.ones(3))"),
    ("addcmul_-view-bumps-base", X + "r = x[1]\nr.addcmul_(torch.ones(4), torch.ones(4))"),
    ("addcmul-out-f64", V + P + "o = torch.zeros(3, dtype=torch.float64)\n"
                        "z = torch.addcmul(v, p, q, out=o)"),
    ("addcmul-out-resized", V + P + "o = torch.zeros(5)\nz = torch.addcmul(v, p, q, out=o)"),
    ("addcdiv-method", V + P + "z = v.addcdiv(q, torch.tensor([1., 2., 4.]), value=-0.5)"),
    ("addcdiv-by-zero", V + "z = torch.addcdiv(v, torch.tensor([1., 0., -1.]), torch.tensor(0.))"),
    ("addcdiv-int-tensor1", V + "z = torch.addcdiv(v, torch.tensor([1, 2, 3]), "
                            "torch.tensor([2., 2., 2.]))"),
    ("addcdiv-layout-tensor2-transposed",
     X + "z = torch.addcdiv(torch.ones(3), torch.ones(4, 1), x.t())"),
    ("addcdiv_-basic", V + P + "z = v.addcdiv_(p, q, value=2)"),
    ("addcdiv-out-resized", V + P + "o = torch.zeros(2)\nz = torch.addcdiv(v, p, q, out=o)"),
]

LERP: Table = [
    ("lerp-scalar-weight", S + "z = torch.lerp(s, e, 0.5)"),
    ("lerp-tensor-weight", S + "z = torch.lerp(s, e, torch.tensor([0., 0.5, 1.]))"),
    ("lerp-0d-ends-1d-weight", "z = torch.lerp(torch.tensor(1.), torch.tensor(3.), "
                               "torch.tensor([0., 0.5]))"),
    ("lerp-0d-f64-weight-accepted", S + "z = torch.lerp(s, e, torch.tensor(0.5, "
                                    "dtype=torch.float64))"),
    ("lerp-0d-int-weight-accepted", S + "z = torch.lerp(s, e, torch.tensor(1))"),
    ("lerp-0d-weight-of-own-dtype-is-a-tensor", "x = torch.tensor(0.5)\ny = x[None, None]\n"
                                                "z = torch.tensor([[0.]])\n"
                                                "a = z.lerp_(y, x)\nb = y.lerp(z, x)"),
    ("lerp-complex-scalar-weight", "z = torch.lerp(torch.tensor([1, 2j]), torch.tensor([3, 4j]), "
                                   "0.5j)"),
    ("lerp-meta", "n = torch.zeros(3, device='meta')\nz = torch.lerp(n, n, torch.zeros(3, "
                  "device='meta'))"),
    ("lerp-layout-weight-last", X + "z = torch.lerp(torch.ones(3), torch.ones(4, 1), "
                                "x.t())"),
    ("lerp_-scalar", V + "z = v.lerp_(torch.tensor([4., 4., 4.]), 0.5)"),
    ("lerp_-view-bumps-base", X + "r = x[2]\nr.lerp_(torch.zeros(4), 0.25)"),
    ("lerp-out-f64-scalar-weight", S + "o = torch.zeros(3, dtype=torch.float64)\n"
                                   "z = torch.lerp(s, e, 0.5, out=o)"),
    ("lerp-out-resized", S + "o = torch.zeros(2)\nz = torch.lerp(s, e, 0.5, out=o)"),
]

CLAMP: Table = [
    ("clamp-scalars", X + "z = torch.clamp(x, 1, 4)"),
    ("clamp-min-only", X + "z = torch.clamp(x, min=2)"),
    ("clamp-max-only", X + "z = torch.clamp(x, max=3)"),
    ("clamp-min-above-max", X + "z = torch.clamp(x, 4, 1)"),
    ("clip-method", X + "z = x.clip(1, 2)"),
    ("clamp_max-0d-tensor", X + "z = x.clamp_max(torch.tensor(1.))"),
    ("clamp-tensor-bounds-broadcast", "a = torch.arange(6.).view(2, 3)\n"
                                      "z = torch.clamp(a, torch.tensor([1., 2., 3.]), "
                                      "torch.tensor([[2.], [3.]]))"),
    ("clamp-0d-tensor-min-scalar-max", V + "z = torch.clamp(v, min=torch.tensor(1.), max=2)"),
    ("clamp-tensor-bounds-broadcast-self", "z = torch.clamp(torch.ones(4, 1), torch.zeros(3), "
                                           "torch.arange(12.).view(3, 4).t())"),
    ("clamp-int-int-bounds", "a = torch.arange(6).view(2, 3)\nz = torch.clamp(a, 1, 3)"),
    ("clamp-int-float-bounds-float32", "a = torch.arange(6).view(2, 3)\n"
                                       "z = torch.clamp(a, 1.5, 3.5)"),
    ("clamp_min-int-float", "a = torch.arange(6).view(2, 3)\nz = a.clamp_min(1.5)"),
    ("clamp-int32-0d-int-tensors", I + "z = torch.clamp(i, torch.tensor(1), "
                                   "torch.tensor(2, dtype=torch.int8))"),
    ("clamp-int8-0d-tensor-bound-wraps", "a = torch.arange(3, dtype=torch.int8)\n"
                                         "z = torch.clamp(a, torch.tensor(1000), None)"),
    ("clamp-uint8-negative-min-wraps", "a = torch.arange(3, dtype=torch.uint8)\n"
                                       "z = torch.clamp(a, -5, 1)"),
    ("clamp-f16-f32-tensor", H + "z = torch.clamp(h, torch.tensor([0.5, 2.5, 0.5]))"),
    ("clamp-bool-int-scalars", B + "z = torch.clamp(b, 0, 1)"),
    ("clamp-nan-min", V + "z = torch.clamp(v, min=float('nan'))"),
    ("clamp-meta", "n = torch.zeros(3, device='meta')\nz = torch.clamp(n, 1, 2)"),
    ("clamp-layout-transposed", X + "z = x.t().clamp(2, 9)"),
    ("clamp-layout-stepped-transposed", X + "z = x.t()[::2].clamp(1, 2)"),
    ("clamp-layout-cl-stepped", CL + "z = c[:, :, :1].clamp(1)"),
    ("clamp-layout-self-decides-over-min", X + "z = torch.clamp(torch.ones(4, 3), x.t())"),
    ("clamp_-chain", V + "a = v.clamp_(1, 1)\nb = v.clip_(max=0.5)\nc = v.clamp_max_(0)\n"
                     "d = v.clamp_min_(torch.tensor([1., 2., 3.]))"),
    ("clamp_-view-bumps-base", X + "r = x[1:, 1:]\nr.clamp_(5, 8)"),
    ("clamp-out-resized", V + "o = torch.zeros(2, 2)\nz = torch.clamp(v, 1, 2, out=o)"),
    ("clamp-out-transposed-kept", X + "o = torch.zeros(4, 3).t()\nz = torch.clamp(x, 2, 5, out=o)"),
]

MASKED: Table = [
    ("masked_fill-float", X + M + "z = x.masked_fill(m, -1.)"),
    # a mask of values the reference leaves undetermined (the sign of an inexact abs), which
    # is the filled tensor itself: the fill makes no element determined
    ("masked_fill_-own-undetermined-mask", "x = torch.zeros(1).abs_().sign_()\n"
     "k = x.logical_and(x)\nz = k.masked_fill_(k, True)"),
    ("masked_fill-0d-tensor-value", X + M + "z = x.masked_fill(m, torch.tensor(5.))"),
    ("masked_fill-row-mask", X + R + "z = x.masked_fill(r, 0.5)"),
    ("masked_fill-mask-grows-result", X + "z = x.masked_fill(torch.tensor([[[True], [False], "
                                      "[True]]]).expand(2, 3, 1), 1)"),
    ("masked_fill-0d-self-1d-mask", "s = torch.tensor(2.)\n"
                                    "z = s.masked_fill(torch.tensor([True, False]), 1.)"),
    ("masked_fill-int-float-value-truncates", B + "a = torch.arange(3)\nz = a.masked_fill(b, 2.5)"),
    ("masked_fill-uint8-negative-wraps", "u = torch.tensor([1, 2], dtype=torch.uint8)\n"
                                         "z = u.masked_fill(torch.tensor([True, False]), -1)"),
    ("masked_fill-layout-transposed-contiguous-result", T + "z = t.masked_fill(mt, 0)"),
    ("masked_fill-layout-cl-contiguous-result",
     CL + "z = c.masked_fill(torch.tensor(True), 1.)"),
    ("masked_fill-layout-expanded-self", B + "a = torch.arange(3.).expand(2, 3)\n"
                                         "z = a.masked_fill(b, 0.)"),
    ("masked_fill_-view-changes-base", X + "r = x[1]\n"
                                       "r.masked_fill_(torch.tensor([True, False, True, False]), "
                                       "-1)"),
    ("masked_fill_-transposed-view", X + B + "t = x.t()\nt.masked_fill_(b, 100)"),
    ("masked_fill_-all-false-bumps-version", V + "v.masked_fill_(torch.zeros(3, "
                                             "dtype=torch.bool), 0.)"),
    ("masked_fill_-expanded-self-deprecated", B + "a = torch.arange(3.).expand(2, 3)\n"
                                              "z = a.masked_fill_(b, 0.)"),
]

ERRORS: Table = [
    ("err-where-int64-cond", V + "z = torch.where(torch.tensor([1, 0, 1]), v, 0.)"),
    ("err-where-shape", "z = torch.where(torch.tensor([True, False]), torch.ones(3), 0.)"),
    ("err-where-two-args", B + "z = torch.where(b, 1)"),
    ("err-where-no-inplace", X + M + "x.where_(m, 0.)"),
    ("err-where-out-scalar-other", B + V + "z = torch.where(b, v, 0., out=torch.zeros(3))"),
    ("err-where-out-dtype-wider", B + V + "o = torch.zeros(3, dtype=torch.float64)\n"
                                  "z = torch.where(b, v, torch.ones(3), out=o)"),
    ("err-where-out-expanded", B + V + "o = torch.zeros(1).expand(3)\n"
                               "z = torch.where(b, v, torch.ones(3), out=o)"),
    ("err-where-out-partial-overlap", B + "a = torch.arange(4.)\n"
                                      "z = torch.where(b, a[1:], torch.zeros(3), out=a[:3])"),
    ("err-addcmul-bool", "a = torch.tensor([True, False])\nz = torch.addcmul(a, a, a)"),
    ("err-addcmul_-broadcast-self", V + "z = v.addcmul_(torch.ones(2, 3), torch.ones(3))"),
    ("err-addcmul_-int-self-float", "a = torch.arange(3)\nz = a.addcmul_(torch.ones(3), "
                                    "torch.ones(3))"),
    ("err-addcmul-out-dtype", V + "o = torch.zeros(3, dtype=torch.int64)\n"
                              "z = torch.addcmul(v, v, v, out=o)"),
    ("err-addcdiv-int-tensors", V + "z = torch.addcdiv(v, torch.tensor([1, 2, 3]), "
                                "torch.tensor([2, 2, 2]))"),
    ("err-addcdiv-bool-int", V + "z = torch.addcdiv(v, torch.tensor([True, False, True]), "
                             "torch.tensor([2, 2, 2]))"),
    ("err-addcdiv-positional-value", V + P + "z = torch.addcdiv(v, p, q, 2)"),
    ("err-lerp-int", "a = torch.arange(3)\nz = torch.lerp(a, a, 0.5)"),
    ("err-lerp_-0d-weight-overlapping-self", "x = torch.tensor(0.5)\ny = x[None, None]\n"
                                             "a = y.lerp_(y, x)"),
    ("err-lerp-end-f64", S + "z = torch.lerp(s, torch.tensor([4., 6., 8.], "
                         "dtype=torch.float64), 0.5)"),
    ("err-lerp-weight-f64", S + "z = torch.lerp(s, e, torch.tensor([0.5, 0.5, 0.5], "
                            "dtype=torch.float64))"),
    ("err-lerp_-broadcast-end", S + "z = s.lerp_(torch.ones(2, 3), 0.5)"),
    ("err-lerp-out-int", S + "z = torch.lerp(s, e, 0.5, out=torch.zeros(3, dtype=torch.int64))"),
    ("err-lerp-out-f64-tensor-weight", S + "o = torch.zeros(3, dtype=torch.float64)\n"
                                       "z = torch.lerp(s, e, torch.tensor([0.5]), out=o)"),
    ("err-clamp-no-bounds", V + "z = torch.clamp(v)"),
    ("err-clamp_-int-float-scalar", "a = torch.arange(3)\nz = a.clamp_(0.5, 1.5)"),
    ("err-clamp_-int-0d-float-tensor", "a = torch.arange(3)\nz = a.clamp_(min=torch.tensor(1.5))"),
    ("err-clamp_-broadcast-self", V + "z = v.clamp_(torch.ones(2, 3))"),
    ("err-clamp_-expanded-self", "a = torch.arange(4.).expand(3, 4)\nz = a.clamp_(1, 2)"),
    ("err-clamp-int8-bound-overflow", "a = torch.arange(3, dtype=torch.int8)\n"
                                      "z = torch.clamp(a, 1, 1000)"),
    ("err-clamp-complex", "a = torch.tensor([1j, 2])\nz = torch.clamp(a, 0, 1)"),
    ("err-clamp-tensor-min-int-max-method", V + "z = v.clamp(torch.ones(3), 9)"),
    ("err-clamp-out-f64", V + "o = torch.zeros(3, dtype=torch.float64)\n"
                          "z = torch.clamp(v, 1, 2, out=o)"),
    ("err-clamp-out-int-for-float-result", "a = torch.arange(3)\n"
                                           "o = torch.zeros(3, dtype=torch.int32)\n"
                                           "z = torch.clamp(a, 0.5, 2, out=o)"),
    ("err-masked_fill-uint8-mask", V + "z = v.masked_fill(torch.tensor([1, 0, 1], "
                                   "dtype=torch.uint8), 0.)"),
    ("err-masked_fill-1d-value", V + B + "z = v.masked_fill(b, torch.tensor([1.]))"),
    ("err-masked_fill_-mask-broadcasts-self", V + "v.masked_fill_(torch.tensor([[True, False, "
                                              "True]]), 0.)"),
    ("err-masked_fill-shape", V + "z = v.masked_fill(torch.tensor([True, False]), 0.)"),
    ("err-masked_fill-int-complex", B + "a = torch.arange(3)\nz = a.masked_fill(b, 1j)"),
    ("err-masked_fill_-int8-overflow", B + "a = torch.arange(3, dtype=torch.int8)\n"
                                       "a.masked_fill_(b, 1000)"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    WHERE + ADDC + LERP + CLAMP + MASKED + ERRORS, ERRORS)


def test_masked_fill_with_a_garbage_mask_leaves_those_elements_undefined() -> None:
    # torch writes wherever the uninitialised mask bytes happen to be nonzero: the model
    # cannot know, so those elements (and only those) must not be compared
    import stridecheck.reference as reference

    x = reference.zeros(3, dtype=reference.bool)
    mask = reference.empty_like(x)
    mask[:1] = False
    x.masked_fill_(mask, True)
    assert x._defined().tolist() == [True, False, False]
    y = reference.zeros(3)
    y.masked_fill_(reference.tensor([True, False, True]), reference.empty(()))
    assert y._defined().tolist() == [False, True, False]
