"""normalization family: softmax and log_softmax (torch.*, Tensor.*, out=), and
torch.nn.functional's softmax, log_softmax, softmin and layer_norm: contiguous outputs of
transposed, stepped, expanded, channels_last, 0-d and empty inputs along every dim; dtype=
casts; values of every floating dtype, rows with a dominant element, infinities and NaN;
layer_norm over one or several trailing dims with and without weight and bias, mixed
half/bfloat16 input with float parameters; out= kept, resized, refused; and the refusals of
integer, bool and complex inputs (by the kernel each dim picks), bad dims and bad shapes."""

from __future__ import annotations

from ._support import Table, table_tests

F = "torch.nn.functional"
X = "x = torch.arange(-12, 12, dtype=torch.float32).view(2, 3, 4) / 4\n"
_INPUTS = {
    "contiguous": X + "v = x\n",
    "transposed": X + "v = x.transpose(0, 2)\n",
    "permuted": X + "v = x.permute(1, 2, 0)\n",
    "stepped": X + "v = x[:, ::2]\n",
    "expanded": "v = torch.tensor([[-1., 0.5, 2.]]).expand(4, 3)\n",
    "channels-last": X + "v = x.view(1, 2, 3, 4).contiguous(memory_format=torch.channels_last)\n",
    "offset": X + "v = x[1:, 1:]\n",
    "zero-dim": "v = torch.tensor(-0.75)\n",
    "empty": "v = torch.zeros(2, 0, 3).transpose(0, 2)\n",
}

SOFTMAX: Table = [
    (f"{op}-{name}-dim{d}", src + call.format(d=d))
    for op, call in (("softmax", "a = torch.softmax(v, {d})\n"),
                     ("log-softmax", "a = v.log_softmax({d})\n"),
                     ("functional-softmax", f"a = {F}.softmax(v, {{d}})\n"),
                     ("functional-log-softmax", f"a = {F}.log_softmax(v, dim={{d}})\n"),
                     ("softmin", f"a = {F}.softmin(v, {{d}})\n"))
    for name, src in _INPUTS.items() for d in (0, -1)
] + [
    ("softmax-dtype-forms", X + "a = torch.softmax(x, 1, torch.float64)\n"
                            "b = x.softmax(1, dtype=torch.float64)\n"
                            f"c = {F}.softmax(x, 1, dtype=torch.float64)\n"
                            f"d = {F}.softmin(x, 2, dtype=torch.float16)"),
    ("softmax-of-integers-as-float", "i = torch.arange(6).view(2, 3)\n"
                                     "a = torch.softmax(i, 0, dtype=torch.float32)\n"
                                     "b = i.log_softmax(1, torch.float64)"),
    ("softmax-half-and-bfloat16", X + "h = x.half()\na = h.softmax(0)\nb = h.log_softmax(2)\n"
                                  "c = x.bfloat16().softmax(1)\n"
                                  "d = x.bfloat16().log_softmax(0)"),
    ("softmax-double", X + "d = x.double()\na = d.softmax(2)\nb = d.log_softmax(1)"),
    ("softmax-dominant-element", "v = torch.tensor([[0., -20., -40.], [3., 3., 3.]])\n"
                                 "a = v.softmax(1)\nb = v.log_softmax(1)\nc = v.softmax(0)"),
    ("softmax-infinities-and-nan", "v = torch.tensor([[float('inf'), 1.], [float('-inf'), 1.],"
                                   " [float('nan'), 1.], [float('-inf'), float('-inf')]])\n"
                                   "a = v.softmax(1)\nb = v.log_softmax(1)\nc = v.softmax(0)"),
    ("softmax-empty-integers", "i = torch.zeros(0, 3, dtype=torch.long)\na = i.softmax(0)\n"
                               "b = torch.zeros(2, 0, dtype=torch.bool).log_softmax(1)"),
    ("softmax-size-one-dims", "v = torch.arange(6.).view(1, 6, 1)\na = v.softmax(0)\n"
                              "b = v.softmax(2)\nc = v[:, ::2].log_softmax(1)"),
    ("softmax-of-a-view-keeps-the-base", X + "t = x.t()\na = t.softmax(0)\nt.add_(1)\n"
                                         "b = t.softmax(0)"),
    ("functional-softmax-implicit-dim", X + f"a = {F}.softmax(x)\nb = {F}.log_softmax(x[0])\n"
                                        f"c = {F}.softmin(x[0, 0])"),
]

LAYER_NORM: Table = [
    (f"layer-norm-{name}", src + f"a = {F}.layer_norm(v, v.shape[-1:])\n")
    for name, src in _INPUTS.items() if name not in ("zero-dim",)
] + [
    ("layer-norm-two-dims", X + f"a = {F}.layer_norm(x.transpose(1, 2), (4, 3))\n"
                            f"b = {F}.layer_norm(x, [2, 3, 4])"),
    ("layer-norm-weight-and-bias", X + "w = torch.tensor([1., 2., -1., 0.5])\n"
                                   "b = torch.tensor([0.5, 0., 1., -2.])\n"
                                   f"a = {F}.layer_norm(x, (4,), w, b)\n"
                                   f"c = {F}.layer_norm(x, (4,), weight=w)\n"
                                   f"d = {F}.layer_norm(x, (4,), bias=b, eps=0.1)"),
    ("layer-norm-strided-parameters", X + "w = torch.arange(8.)[::2]\n"
                                      "b = torch.tensor([2.]).expand(4)\n"
                                      f"a = {F}.layer_norm(x.transpose(0, 1), (4,), w, b)"),
    ("layer-norm-constant-rows", "v = torch.tensor([[1., 1., 1.], [1., 2., 4.], [5., 5., 5.]])\n"
                                 f"a = {F}.layer_norm(v, (3,), torch.tensor([1., 2., 3.]), "
                                 "torch.tensor([0.5, 0., 1.]))"),
    ("layer-norm-half-bfloat16-double", X + f"a = {F}.layer_norm(x.half(), (4,))\n"
                                        f"b = {F}.layer_norm(x.bfloat16(), (3, 4))\n"
                                        f"c = {F}.layer_norm(x.double(), (4,))"),
    ("layer-norm-mixed-parameters", X + "w = torch.tensor([1., 2., -1., 0.5])\n"
                                    f"a = {F}.layer_norm(x.half(), (4,), w, w)\n"
                                    f"b = {F}.layer_norm(x.bfloat16(), (4,), None, w)"),
    ("layer-norm-infinities", "v = torch.tensor([[float('inf'), 1., 1.], [float('nan'), 2., 4.],"
                              " [1., 2., 3.]])\n"
                              f"a = {F}.layer_norm(v, (3,))"),
]

ERRORS: Table = [
    ("err-layer-norm-half-weight-float-bias", "x = torch.ones(2, 3).half()\n"
                                              f"a = {F}.layer_norm(x, (3,), torch.ones(3).half(), "
                                              "torch.ones(3))"),
    ("err-layer-norm-float-input-half-bias", "x = torch.ones(2, 3)\n"
                                             f"a = {F}.layer_norm(x, (3,), torch.ones(3), "
                                             "torch.ones(3).half())"),
    ("err-softmax-long-lastdim", "i = torch.arange(6).view(2, 3)\na = torch.softmax(i, 1)"),
    ("err-softmax-long-dim0", "i = torch.arange(6).view(2, 3)\na = i.softmax(0)"),
    ("err-log-softmax-long-dim0", "i = torch.arange(6).view(2, 3)\na = i.log_softmax(0)"),
    ("err-log-softmax-bool", "b = torch.tensor([True, False])\na = b.log_softmax(0)"),
    ("err-softmax-complex", "c = torch.tensor([[1j, 2.]])\na = c.softmax(0)"),
    ("err-softmax-long-0d", "a = torch.tensor(3).softmax(0)"),
    ("err-softmax-dtype-long", X + "a = torch.softmax(x, 1, dtype=torch.long)"),
    ("err-softmax-dim-out-of-range", X + "a = x.softmax(3)"),
    ("err-softmax-0d-dim-1", "a = torch.tensor(1.).log_softmax(1)"),
    ("err-softmax-no-dim", X + "a = torch.softmax(x)"),
    ("err-softmax-float-dim", X + "a = torch.softmax(x, 1.5)"),
    ("err-softmin-bool", f"b = torch.tensor([True, False])\na = {F}.softmin(b, 0)"),
    ("err-softmin-long", f"i = torch.arange(3)\na = {F}.softmin(i, 0)"),
    ("err-layer-norm-shape", X + f"a = {F}.layer_norm(x, (3,))"),
    ("err-layer-norm-too-many-dims", X + f"a = {F}.layer_norm(x, (2, 2, 3, 4))"),
    ("err-layer-norm-empty-shape", X + f"a = {F}.layer_norm(x, ())"),
    ("err-layer-norm-weight-shape", X + f"a = {F}.layer_norm(x, (4,), torch.ones(3))"),
    ("err-layer-norm-bias-shape", X + f"a = {F}.layer_norm(x, (4,), None, torch.ones(2, 2))"),
    ("err-layer-norm-long", f"i = torch.arange(6).view(2, 3)\na = {F}.layer_norm(i, (3,))"),
    ("err-layer-norm-empty-long", f"i = torch.zeros(0, 3, dtype=torch.long)\n"
                                  f"a = {F}.layer_norm(i, (3,))"),
    ("err-layer-norm-complex", f"c = torch.tensor([[1j, 2.]])\na = {F}.layer_norm(c, (2,))"),
    ("err-layer-norm-double-weight", X + f"a = {F}.layer_norm(x, (4,), torch.ones(4).double())"),
    ("err-layer-norm-double-input", X + f"a = {F}.layer_norm(x.double(), (4,), torch.ones(4))"),
    ("err-layer-norm-mixed-half-bias", X + f"a = {F}.layer_norm(x.half(), (4,), torch.ones(4), "
                                       "torch.ones(4).half())"),
    ("err-layer-norm-int-shape", X + f"a = {F}.layer_norm(x, 4)"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    SOFTMAX + LAYER_NORM + ERRORS, ERRORS)

OUT: Table = [
    ("softmax-out-contiguous", X + "o = torch.zeros(2, 3, 4)\na = torch.softmax(x, 1, out=o)"),
    ("softmax-out-transposed-kept", X + "o = torch.zeros(4, 3, 2).transpose(0, 2)\n"
                                    "a = torch.softmax(x, 0, out=o)"),
    ("softmax-out-resized", X + "o = torch.zeros(5)\na = torch.log_softmax(x, 2, out=o)"),
    ("softmax-out-stepped-resized", X + "o = torch.zeros(4, 8)[::2]\n"
                                    "a = torch.softmax(x, 2, out=o)"),
    ("softmax-out-empty", X + "o = torch.zeros(0)\na = torch.softmax(x, -1, out=o)"),
    ("softmax-out-dtype", X + "o = torch.zeros(2, 3, 4, dtype=torch.float64)\n"
                          "a = torch.log_softmax(x, 0, dtype=torch.float64, out=o)"),
    ("softmax-out-is-input", X + "a = torch.softmax(x, 1, out=x)"),
]
OUT_ERRORS: Table = [
    ("err-softmax-out-dtype", X + "o = torch.zeros(2, 3, 4, dtype=torch.float64)\n"
                              "a = torch.softmax(x, 1, out=o)"),
    ("err-softmax-out-transposed-dtype", X + "o = torch.zeros(4, 3, 2).double().transpose(0, 2)\n"
                                         "a = torch.softmax(x, 1, out=o)"),
    ("err-softmax-out-overlapping", X + "o = torch.zeros(1, 3, 4).expand(2, 3, 4)\n"
                                    "a = torch.softmax(x, 1, out=o)"),
    ("err-softmax-out-long-input", "i = torch.arange(6).view(2, 3)\no = torch.zeros(2, 3)\n"
                                   "a = torch.softmax(i, 1, out=o)"),
]

test_out_agrees_with_torch, test_out_error_message_matches = table_tests(OUT + OUT_ERRORS,
                                                                         OUT_ERRORS)
