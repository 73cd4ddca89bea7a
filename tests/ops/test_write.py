"""write family: fill_, zero_, copy_, add_, sub_, mul_ (scalars, broadcast tensors, alpha) and
__setitem__; versions bumped through views, internal-overlap errors, and writes through conj
and neg views, which the math-bit fallback runs on a clone and copies back."""

from __future__ import annotations

import pytest

from ._support import Table, assert_same_warnings, params, table_tests

X = "x = torch.arange(12, dtype=torch.float32).view(3, 4)\n"
S = "s = torch.tensor(1.5)\n"
E = "e = torch.zeros(3).expand(2, 3)\n"
I = "i = torch.arange(6, dtype=torch.int32).view(2, 3)\n"
B = "b = torch.tensor([True, False, True])\n"
U = "u = torch.tensor([1, 2, 250], dtype=torch.uint8)\n"
H = "h = torch.tensor([1., 2., 3.], dtype=torch.float16)\n"

FILL: Table = [
    ("fill-float", X + "x.fill_(2.5)"),
    ("fill-int-into-float", X + "x.fill_(3)"),
    ("fill-returns-self", X + "y = x.fill_(1)"),
    ("fill-view", X + "v = x[1]\nv.fill_(-1)"),
    ("fill-transposed", X + "t = x.t()\nt.fill_(7)"),
    ("fill-stepped", X + "t = x[:, ::2]\nt.fill_(0)"),
    ("fill-0d", S + "s.fill_(4)"),
    ("fill-zero-size", "z = torch.zeros(0, 3)\nz.fill_(1)"),
    ("fill-expanded-0d-select", E + "v = e[0, 1]\nv.fill_(1)"),
    ("fill-0d-tensor-value", X + "x.fill_(torch.tensor(9))"),
    ("fill-0d-tensor-unchecked-wrap", U + "u.fill_(torch.tensor(300))"),
    ("fill-bool", B + "b.fill_(0)"),
    ("fill-bool-from-float", B + "b.fill_(0.5)"),
    ("fill-uint8-negative-wraps", U + "u.fill_(-1)"),
    ("fill-uint8-minus129", U + "u.fill_(-129)"),
    ("fill-int8", "t = torch.zeros(3, dtype=torch.int8)\nt.fill_(-128)"),
    ("fill-int8-truncates", "t = torch.zeros(3, dtype=torch.int8)\nt.fill_(-0.5)"),
    ("fill-int16", "t = torch.zeros(3, dtype=torch.int16)\nt.fill_(32767)"),
    ("fill-int32-truncates", I + "i.fill_(2.9)"),
    ("fill-int64-big", "t = torch.zeros(2, dtype=torch.int64)\nt.fill_(2**62)"),
    ("fill-f16-numel1-inf", "h = torch.zeros(1, dtype=torch.float16)\nh.fill_(1e10)"),
    ("fill-bf16", "t = torch.zeros(2, dtype=torch.bfloat16)\nt.fill_(3.140625)"),
    ("fill-f64", "t = torch.zeros(2, dtype=torch.float64)\nt.fill_(0.1)"),
    ("fill-complex", "c = torch.zeros(2, dtype=torch.complex64)\nc.fill_(1-2j)"),
    ("fill-complex-real-value", "c = torch.zeros(2, dtype=torch.complex128)\nc.fill_(3)"),
    ("fill-float-from-complex-zero-imag", X + "x.fill_(2+0j)"),
    ("fill-nan-float", X + "x.fill_(float('nan'))"),
    ("fill-inf-float", H + "h.fill_(float('inf'))"),
    ("fill-version-shared", X + "v = x[0]\nv.fill_(1)\nx.fill_(2)"),
    ("fill-conj", "c = torch.zeros(2, dtype=torch.complex64).conj()\nc.fill_(1+1j)"),
    ("fill-meta", "m = torch.zeros(3, device='meta')\nm.fill_(1)"),
    ("zero-basic", X + "x.zero_()"),
    ("zero-view", X + "v = x[:, 1:3]\nv.zero_()"),
    ("zero-0d", S + "s.zero_()"),
    ("zero-bool", B + "b.zero_()"),
    ("zero-complex", "c = torch.ones(2, dtype=torch.complex64)\nc.zero_()"),
    ("zero-zero-size", "z = torch.zeros(2, 0)\nz.zero_()"),
]

MOVED: Table = [
    # meta kernels skip checks the CPU kernels make (torch-side inconsistencies, kept as torch does)
    ("fill-meta-uint8-unchecked", "m = torch.zeros(3, 4, device='meta', dtype=torch.uint8)\n"
                                  "m.fill_(300)"),
    ("add-meta-expanded-no-overlap-check", "m = torch.zeros(3, device='meta').expand(2, 3)\n"
                                           "m.add_(1)"),
    ("fill-expanded-allowed", E + "e.fill_(1)"),
    ("fill-overlapping-as_strided-allowed", X + "t = x.as_strided((3, 3), (1, 1))\nt.fill_(0)"),
    ("zero-expanded-allowed", E + "e.zero_()"),
    ("set-expanded-row-not-overlapping", E + "e[0] = 1"),
    ("fill-f16-numel1-int-big", "h = torch.zeros(1, dtype=torch.float16)\nh.fill_(2**31)"),
]

COPY: Table = [
    ("copy-same", X + "o = torch.ones(3, 4)\nx.copy_(o)"),
    ("copy-returns-self", X + "o = torch.ones(3, 4)\ny = x.copy_(o)"),
    ("copy-broadcast-row", X + "o = torch.tensor([1., 2., 3., 4.])\nx.copy_(o)"),
    ("copy-broadcast-0d", X + "x.copy_(torch.tensor(5.))"),
    ("copy-into-transposed", X + "o = torch.arange(12.).view(4, 3)\nt = x.t()\nt.copy_(o)"),
    ("copy-from-transposed", X + "o = torch.arange(12.).view(4, 3).t()\nx.copy_(o)"),
    ("copy-dtype-convert", X + "o = torch.arange(12, dtype=torch.int64).view(3, 4)\nx.copy_(o)"),
    ("copy-float-to-int", I + "o = torch.full((2, 3), -2.7)\ni.copy_(o)"),
    ("copy-to-bool", B + "o = torch.tensor([0., 3., 0.])\nb.copy_(o)"),
    ("copy-complex-to-real", X + "o = torch.full((3, 4), 1+5j)\nx.copy_(o)"),
    ("copy-from-conj", "c = torch.zeros(2, dtype=torch.complex64)\n"
                       "o = torch.tensor([1+1j, 2-3j]).conj()\nc.copy_(o)"),
    ("copy-into-conj", "c = torch.zeros(2, dtype=torch.complex64)\nk = c.conj()\n"
                       "k.copy_(torch.tensor([1+1j, 2j]))"),
    ("copy-self", X + "x.copy_(x)"),
    ("copy-self-overlap-shifted", "v = torch.arange(6.)\na = v[1:]\nb = v[:-1]\na.copy_(b)"),
    ("copy-self-transposed", "m = torch.arange(9.).view(3, 3)\nt = m.t()\nm.copy_(t)"),
    ("copy-zero-size", "z = torch.zeros(0, 3)\nz.copy_(torch.ones(3))"),
    ("copy-0d", S + "s.copy_(torch.tensor(2))"),
    ("copy-0d-from-1", S + "s.copy_(torch.tensor([7.]))"),
    ("copy-meta", "m = torch.zeros(3, device='meta')\nm.copy_(torch.zeros(3, device='meta'))"),
    ("copy-f16-round", H + "h.copy_(torch.tensor([1.0009765625, 2048.5, 70000.]))"),
    ("copy-bf16", "t = torch.zeros(2, dtype=torch.bfloat16)\n"
                  "t.copy_(torch.tensor([1.00390625, -3.]))"),
    ("copy-version", X + "v = x[1]\nv.copy_(torch.ones(4))"),
]

ARITH: Table = [
    ("add-scalar", X + "x.add_(1)"),
    ("add-float-scalar", X + "x.add_(0.5)"),
    ("add-returns-self", X + "y = x.add_(2)"),
    ("add-tensor", X + "x.add_(torch.ones(3, 4))"),
    ("add-broadcast-row", X + "x.add_(torch.tensor([1., 2., 3., 4.]))"),
    ("add-broadcast-col", X + "x.add_(torch.tensor([[1.], [2.], [3.]]))"),
    ("add-0d-tensor", X + "x.add_(torch.tensor(2.))"),
    ("add-alpha", X + "x.add_(torch.ones(4), alpha=2)"),
    ("add-alpha-negative", X + "x.add_(torch.ones(3, 4), alpha=-3)"),
    ("add-alpha-float", X + "x.add_(torch.ones(4), alpha=0.5)"),
    ("add-scalar-alpha", X + "x.add_(3, alpha=2)"),
    ("add-int-wrap", "t = torch.tensor([120, -120], dtype=torch.int8)\nt.add_(10)"),
    ("add-uint8-wrap", U + "u.add_(10)"),
    ("add-uint8-scalar-unchecked", U + "u.add_(300)"),
    ("add-uint8-negative-alpha", U + "u.add_(torch.ones(3, dtype=torch.uint8), alpha=-1)"),
    ("add-int32-int64-tensor", I + "i.add_(torch.tensor([1, 2, 3]))"),
    ("add-int32-0d-float-tensor-cast-error", I + "i.add_(torch.tensor(1.5))"),
    ("add-int64-wrap", "t = torch.tensor([1])\nt.add_(2**63)"),
    ("add-bool-or", B + "b.add_(torch.tensor([True, True, False]))"),
    ("add-bool-alpha-true", B + "b.add_(True, alpha=2)"),
    ("add-float-bool-tensor", X + "x.add_(torch.tensor([True, False, True, False]))"),
    ("add-f16", H + "h.add_(1)"),
    ("add-f16-overflow", H + "h.add_(1e6)"),
    ("add-f16-f32-tensor", H + "h.add_(torch.tensor([0.5, 0.25, 0.125]))"),
    ("add-bf16", "t = torch.ones(3, dtype=torch.bfloat16)\nt.add_(2)"),
    ("add-complex", "c = torch.ones(2, dtype=torch.complex64)\nc.add_(1j)"),
    ("add-complex-alpha", "c = torch.ones(2, dtype=torch.complex128)\n"
                          "c.add_(torch.ones(2), alpha=2j)"),
    ("add-f64", "t = torch.zeros(2, dtype=torch.float64)\nt.add_(torch.tensor([0.5, 1.]))"),
    ("add-self", X + "x.add_(x)"),
    ("add-view", X + "v = x[1:, ::2]\nv.add_(10)"),
    ("add-transposed-other", X + "t = torch.arange(12.).view(4, 3).t()\nx.add_(t)"),
    ("add-self-transposed", "m = torch.arange(9.).view(3, 3)\nm.add_(m.t())"),
    ("add-0d", S + "s.add_(1)"),
    ("add-0d-from-1elem", S + "s.add_(torch.tensor([2.]))"),
    ("add-zero-size", "z = torch.zeros(0, 3)\nz.add_(1)"),
    ("add-meta", "m = torch.zeros(3, device='meta')\nm.add_(1)"),
    ("add-expanded-other", X + "o = torch.tensor([1., 2., 3., 4.]).expand(3, 4)\nx.add_(o)"),
    ("sub-scalar", X + "x.sub_(1)"),
    ("sub-tensor-alpha", X + "x.sub_(torch.ones(4), alpha=3)"),
    ("sub-uint8-wrap", U + "u.sub_(5)"),
    ("sub-int", I + "i.sub_(torch.tensor([[1], [2]], dtype=torch.int32))"),
    ("sub-complex", "c = torch.ones(2, dtype=torch.complex64)\nc.sub_(1+1j)"),
    ("sub-float-bool-other-error", X + "x.sub_(torch.tensor(True))"),
    ("mul-scalar", X + "x.mul_(2)"),
    ("mul-float-scalar", X + "x.mul_(0.5)"),
    ("mul-tensor-broadcast", X + "x.mul_(torch.tensor([0., 1., 2., 3.]))"),
    ("mul-int-wrap", "t = torch.tensor([100], dtype=torch.int8)\nt.mul_(3)"),
    ("mul-bool-and", B + "b.mul_(torch.tensor([True, True, False]))"),
    ("mul-bool-scalar", B + "b.mul_(False)"),
    ("mul-complex", "c = torch.tensor([1+1j, 2j])\nc.mul_(1j)"),
    ("mul-f16", H + "h.mul_(1.5)"),
    ("mul-uint8-float-bool-tensor", U + "u.mul_(torch.tensor([True, False, True]))"),
    ("mul-self", X + "x.mul_(x)"),
    ("mul-returns-self", X + "y = x.mul_(1)"),
    ("arith-version-chain", X + "v = x[0]\nv.add_(1)\nw = x.t()\nw.mul_(2)\nx.sub_(1)"),
]

SETITEM: Table = [
    ("set-int", X + "x[1] = 5"),
    ("set-negative-int", X + "x[-1] = 5"),
    ("set-element", X + "x[1, 2] = -1"),
    ("set-slice", X + "x[1:] = 0"),
    ("set-tensor-slice-bound", X + "x[torch.tensor(1):] = 0"),
    ("set-slice-step", X + "x[:, ::2] = 7"),
    ("set-empty-slice-bumps", X + "x[0:0] = 5"),
    ("set-ellipsis", X + "x[...] = 2"),
    ("set-ellipsis-int", X + "x[..., 1] = 3"),
    ("set-none", X + "x[None] = 4"),
    ("set-true", X + "x[True] = 4"),
    ("set-false-no-bump", X + "x[False] = 4"),
    ("set-tensor-row", X + "x[0] = torch.tensor([1., 2., 3., 4.])"),
    ("set-tensor-broadcast", X + "x[:, 1:3] = torch.tensor([9., 8.])"),
    ("set-tensor-leading-ones", X + "x[1] = torch.tensor([[[1., 2., 3., 4.]]])"),
    ("set-tensor-0d", X + "x[1:] = torch.tensor(6)"),
    ("set-tensor-same-shape", X + "x[...] = torch.ones(3, 4)"),
    ("set-int-dtype-cast", I + "i[0] = 2.7"),
    ("set-uint8-negative-wraps", U + "u[0] = -1"),
    ("set-f16-big-inf", H + "h[0] = 1e6"),
    ("set-bool", B + "b[1] = 1"),
    ("set-bool-from-float", B + "b[0] = 0.0"),
    ("set-complex", "c = torch.zeros(2, dtype=torch.complex64)\nc[1] = 1+2j"),
    ("set-0d-ellipsis", S + "s[...] = 3"),
    ("set-0d-none", S + "s[None] = 3"),
    ("set-0d-empty-tuple", S + "s[()] = 3"),
    ("set-through-view", X + "v = x[1:]\nv[0, 0] = 100"),
    ("set-transposed", X + "t = x.t()\nt[0] = -1"),
    ("set-expanded-0d-ok", E + "e[0, 1] = 1"),
    ("set-from-self-flipped", "v = torch.arange(4.)\nv[1:] = v[:-1]"),
    ("set-zero-size", "z = torch.zeros(0, 3)\nz[:] = 1"),
    ("set-meta", "m = torch.zeros(3, device='meta')\nm[1:] = 2"),
    ("set-version-each", X + "x[0] = 1\nx[1] = 2\nx[False] = 3"),
    ("set-cl", "c = torch.zeros(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)\n"
               "c[:, 1] = 1"),
]

# complex64 (2, 3), each row one element repeated; its conj view, and that view's imag (a
# float32 view with the neg bit)
CE = "c = torch.tensor([1+2j, -3j]).view(2, 1).expand(2, 3)\nk = c.conj()\nn = k.imag\n"
CD = "c = torch.tensor([[1+2j, -3j, 4.], [0.5j, 2., -1-1j]])\nk = c.conj()\nn = k.imag\n"
ALL = "torch.ones(2, 3, dtype=torch.bool)"

# fill_, zero_, masked_fill_, index_fill_ and index_put_ accept an expanded tensor (a warning at
# most), but on a conj or neg view the fallback's copy_ back refuses it, after the op's own
# checks and without the warnings
MATH_BITS: Table = [
    ("conj-fill-dense", CD + "k.fill_(1+1j)\nk.zero_()"),
    ("neg-fill-dense", CD + "n.fill_(2)\nr = n[0]\nr.zero_()"),
    ("neg-masked-fill-dense", CD + f"n.masked_fill_({ALL}, 3)"),
    ("conj-index-fill-dense", CD + "k.index_fill_(1, torch.tensor([0, 2]), 1j)"),
    ("neg-setitem-tensor-index-dense", CD + "n[torch.tensor([1])] = 5"),
    ("conj-expanded-one-column", "c = torch.tensor([1j, 2.]).view(2, 1).expand(2, 1)\n"
                                 "k = c.conj()\nk.fill_(3)"),
    ("conj-expanded-empty", "c = torch.zeros(0, 1, dtype=torch.complex64).expand(0, 3)\n"
                            "k = c.conj()\nk.fill_(1)\nk.zero_()"),
    ("plain-expanded-fill-allowed", CE + "c.fill_(1)\nc.zero_()"),
    ("plain-expanded-masked-fill-warns", CE + f"c.masked_fill_({ALL}, 1)"),
    ("conj-expanded-masked-fill-bad-mask", CE + "k.masked_fill_(torch.ones(2, 3).int(), 1)"),
    ("conj-expanded-index-fill-bad-dim", CE + "k.index_fill_(5, torch.tensor([0]), 1)"),
    ("neg-expanded-fill-complex", CE + "n.fill_(1j)"),
    ("neg-expanded-index-put-bad-index", CE + "n.index_put_((torch.tensor([5]),), "
                                              "torch.tensor(1.))"),
]

ERRORS: Table = [
    ("err-conj-expanded-fill", CE + "k.fill_(1)"),
    ("err-conj-expanded-fill-complex", CE + "k.fill_(1j)"),
    ("err-conj-expanded-row-fill", CE + "r = k[0]\nr.fill_(1)"),
    ("err-conj-expanded-zero", CE + "k.zero_()"),
    ("err-conj-expanded-masked-fill", CE + f"k.masked_fill_({ALL}, 1)"),
    ("err-conj-expanded-masked-fill-none-chosen", CE + "k.masked_fill_(torch.zeros(2, 3).bool(), "
                                                       "1)"),
    ("err-conj-expanded-index-fill", CE + "k.index_fill_(-1, torch.tensor([0]), 1)"),
    ("err-conj-expanded-index-fill-no-index", CE + "k.index_fill_(-1, torch.tensor([]).long(), "
                                                   "1)"),
    ("err-conj-expanded-setitem-tensor-index", CE + "k[torch.tensor([0])] = 1"),
    ("err-neg-expanded-fill", CE + "n.fill_(1)"),
    ("err-neg-expanded-fill-tensor", CE + "n.fill_(torch.tensor(2.))"),
    ("err-neg-expanded-zero", CE + "n.zero_()"),
    ("err-neg-expanded-row-zero", CE + "r = n[1]\nr.zero_()"),
    ("err-neg-expanded-masked-fill", CE + f"n.masked_fill_({ALL}, 1)"),
    ("err-neg-expanded-index-fill", CE + "n.index_fill_(0, torch.tensor([1]), 2)"),
    ("err-neg-expanded-setitem-tensor-index", CE + "n[torch.tensor([0])] = 1"),
    ("err-neg-expanded-index-put", CE + "n.index_put_((torch.tensor([0]),), torch.tensor(1.))"),
    ("err-neg-expanded-index-put-accumulate", CE + "n.index_put_((torch.tensor([0]),), "
                                                   "torch.tensor(1.), accumulate=True)"),
    ("err-conj-expanded-setitem", CE + "k[0] = 1"),
    ("err-conj-expanded-copy", CE + "k.copy_(torch.ones(2, 3, dtype=torch.complex64))"),
    ("err-conj-expanded-add", CE + "k.add_(1)"),
    ("err-neg-expanded-neg", CE + "n.neg_()"),
    ("err-neg-expanded-mul", CE + "r = n[0]\nr.mul_(2)"),
    ("err-add-f16-int-alpha-overflow", H + "h.add_(1, alpha=70000)"),
    ("err-fill-int-too-big-for-parser", "t = torch.zeros(3, dtype=torch.int64)\nt.fill_(2**64)"),
    ("err-add-meta-uint8-float", "m = torch.zeros(3, device='meta', dtype=torch.uint8)\n"
                                 "m.add_(1.5)"),
    ("err-fill-1d-tensor", X + "x.fill_(torch.tensor([1.]))"),
    ("err-fill-uint8-overflow", U + "u.fill_(300)"),
    ("err-fill-uint8-minus256", U + "u.fill_(-256)"),
    ("err-fill-uint8-negative-float", U + "u.fill_(-0.5)"),
    ("err-fill-int8-overflow", "t = torch.zeros(3, dtype=torch.int8)\nt.fill_(128)"),
    ("err-fill-int16-overflow", "t = torch.zeros(3, dtype=torch.int16)\nt.fill_(-32769)"),
    ("err-fill-int32-overflow", I + "i.fill_(2**31)"),
    ("err-fill-int64-overflow", "t = torch.zeros(2, dtype=torch.int64)\nt.fill_(2**63)"),
    ("err-fill-int-nan", I + "i.fill_(float('nan'))"),
    ("err-fill-f16-overflow-numel2", H + "h.fill_(70000)"),
    ("err-fill-f16-from-int-big", H + "h.fill_(2**31)"),
    ("err-set-overlap-2d", "e = torch.zeros(3).expand(2, 2, 3)\ne[0] = 1"),
    ("err-fill-bf16-overflow", "t = torch.zeros(2, dtype=torch.bfloat16)\nt.fill_(1e39)"),
    ("err-fill-float-from-complex", X + "x.fill_(1+2j)"),
    ("err-fill-float32-overflow", X + "x.fill_(1e39)"),
    ("err-copy-overlap", E + "e.copy_(torch.ones(2, 3))"),
    ("err-copy-shape", X + "x.copy_(torch.ones(3))"),
    ("err-copy-shape-bigger", X + "x.copy_(torch.ones(2, 3, 4))"),
    ("err-add-overlap", E + "e.add_(1)"),
    ("err-add-shape", X + "x.add_(torch.ones(2, 3, 4))"),
    ("err-add-mismatch", X + "x.add_(torch.ones(3))"),
    ("err-add-0d-broadcast", S + "s.add_(torch.ones(2))"),
    ("err-add-int-float-scalar", I + "i.add_(1.5)"),
    ("err-add-int-float-tensor", I + "i.add_(torch.ones(3))"),
    ("err-add-float-complex", X + "x.add_(1j)"),
    ("err-add-bool-int", B + "b.add_(1)"),
    ("err-add-bool-int-alpha-true", B + "b.add_(2, alpha=True)"),
    ("err-add-float-alpha-int-self", I + "i.add_(1, alpha=2.5)"),
    ("err-add-complex-alpha-real", X + "x.add_(1, alpha=1j)"),
    ("err-add-bool-alpha-nonbool", X + "x.add_(1, alpha=True)"),
    ("err-add-cast-before-alpha", I + "i.add_(2.5, alpha=2.5)"),
    ("err-add-alpha-overflow-int8", "t = torch.zeros(2, dtype=torch.int8)\n"
                                    "t.add_(torch.ones(2, dtype=torch.int8), alpha=300)"),
    ("err-add-alpha-overflow-f16", H + "h.add_(torch.ones(3, dtype=torch.float16), alpha=1e6)"),
    ("err-sub-bool-bool", B + "b.sub_(torch.tensor([True, False, True]))"),
    ("err-sub-bool-scalar", B + "b.sub_(2.5)"),
    ("err-sub-float-bool", X + "x.sub_(torch.ones(4, dtype=torch.bool))"),
    ("err-mul-int-float", I + "i.mul_(0.5)"),
    ("err-mul-overlap", E + "e.mul_(2)"),
    ("err-mul-shape", X + "x.mul_(torch.ones(4, 1))"),
    ("err-set-overlap-whole", E + "e[...] = 1"),
    ("err-set-index-range", X + "x[3] = 1"),
    ("err-set-0d-int", S + "s[0] = 1"),
    ("err-set-shape", X + "x[0] = torch.ones(3)"),
    ("err-set-too-many-dims", X + "x[0] = torch.ones(2, 4)"),
    ("err-set-list", X + "x[0] = [1, 2, 3, 4]"),
    ("err-set-none-value", X + "x[0] = None"),
    ("err-set-str", X + "x[0] = 'a'"),
    ("err-set-uint8-overflow", U + "u[0] = 300"),
    ("err-set-float-complex", X + "x[0] = 1+2j"),
    ("err-set-negative-step", X + "x[::-1] = 0"),
    ("err-del", X + "del x[0]"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    FILL + MOVED + COPY + ARITH + SETITEM + MATH_BITS + ERRORS, ERRORS)


# which programs warn: an expanded tensor written in place warns of the deprecation, but the
# fallback writes a conj or neg view's clone, which is not expanded
WARNINGS: Table = [
    ("plain-expanded-masked-fill", CE + f"c.masked_fill_({ALL}, 1)"),
    ("plain-expanded-index-fill", CE + "c.index_fill_(-1, torch.tensor([0]), 1)"),
    ("plain-expanded-setitem-tensor-index", CE + "c[torch.tensor([0])] = 1"),
    ("conj-expanded-masked-fill", CE + f"k.masked_fill_({ALL}, 1)"),
    ("conj-expanded-index-fill", CE + "k.index_fill_(-1, torch.tensor([0]), 1)"),
    ("neg-expanded-setitem-tensor-index", CE + "n[torch.tensor([0])] = 1"),
    ("neg-expanded-index-put", CE + "n.index_put_((torch.tensor([0]),), torch.tensor(1.))"),
]


@pytest.mark.parametrize("src", params(WARNINGS))
def test_warnings_match_torch(src: str) -> None:
    assert_same_warnings(src)
