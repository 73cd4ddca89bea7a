"""cumulative family: cumsum, cumprod, cummax, cummin and logcumsumexp give new contiguous
results of the input's shape, whatever its layout: transposed, permuted, stepped, expanded,
channels_last, offset, size-1, 0-d and empty inputs along every dim, negative dims included.
dtypes: int64 for bool and integer inputs of cumsum and cumprod, `dtype=` (a Python type too),
half, bfloat16, int8 wrapping, complex inputs; values with signed zeros, NaN, infinities,
ties, undetermined elements and inexact inputs. out=: kept, resized, cast, the input itself,
expanded, overlapping; the in-place cumsum_ and cumprod_; and the refusals: dims out of range,
kernel dtypes, out= dtypes and overlaps, argument binding."""

from __future__ import annotations

import pytest

from ._support import Table, assert_same_warnings, params, table_tests

# distinct values in no order, some negative, one zero
X = "x = torch.arange(24.).mul(7).remainder(24).sub(11).div(4).view(2, 3, 4)\n"
_INPUTS = {
    "contiguous": X + "v = x\n",
    "transposed": X + "v = x.transpose(0, 2)\n",
    "permuted": X + "v = x.permute(1, 2, 0)\n",
    "stepped": X + "v = x[:, ::2]\n",
    "expanded": "v = torch.tensor([[3., -1., 2.]]).expand(4, 3)\n",
    "channels-last": X + "v = x.view(1, 2, 3, 4).contiguous(memory_format=torch.channels_last)\n",
    "offset": X + "v = x[1:, 1:]\n",
    "size-one": X + "v = x.view(1, 24, 1)[:, ::5]\n",
    "zero-dim": "v = torch.tensor(-0.75)\n",
    "empty": "v = torch.zeros(2, 0, 3).transpose(0, 2)\n",
}
_CALLS = {
    "cumsum": "a = v.cumsum({d})\n",
    "cumsum-fn-dtype": "a = torch.cumsum(v, {d}, dtype=torch.float64)\n",
    "cumprod": "a = v.cumprod(dim={d})\n",
    "cummax": "a = v.cummax({d})\n",
    "cummin-fn": "a = torch.cummin(v, {d})\n",
    "logcumsumexp": "a = v.logcumsumexp({d})\n",
}

LAYOUTS: Table = [
    (f"{op}-{name}-dim{d}", src + call.format(d=d))
    for op, call in _CALLS.items() for name, src in _INPUTS.items() for d in (0, -1)
] + [
    (f"every-dim-{op}-{d}", X + "v = x.permute(2, 0, 1)\n" + call.format(d=d))
    for op, call in _CALLS.items() for d in (-3, -2, 1, 2)
] + [
    # bool and integer inputs sum and multiply as int64, whatever their layout
    (f"promote-{op}-{dt}-{shape}-dim{d}",
     f"v = torch.arange(12).remainder(5).sub(2).view(3, 4).{shape}.to(torch.{dt})\n"
     f"a = v.{op}({d})\nb = torch.{op}(v.t(), {d})\n")
    for op in ("cumsum", "cumprod") for dt in ("bool", "uint8", "int8", "int32")
    for shape, d in (("t()", 0), ("t()", -1), ("flatten()[4]", 0), ("narrow(1, 0, 0)", -1))
    if not (shape == "flatten()[4]" and op == "cumprod")
] + [
    ("channels-last-size-one", "x = torch.arange(6.).view(1, 1, 2, 3).contiguous("
                               "memory_format=torch.channels_last)\na = x.cumsum(3)\n"
                               "b = x.cummax(1)\nc = x.logcumsumexp(2)"),
    ("integer-transposed", "v = torch.arange(12).view(3, 4).t()\na = v.cumsum(0)\n"
                           "b = v.cumprod(1)\nc = v.cummin(0)"),
    ("empty-gapped", "x = torch.arange(0.).view(4, 4, 4, 0)[::2]\na = x.cumsum(1)\n"
                     "b = x.cummax(3)\nc = x.logcumsumexp(0)"),
]

VALUES: Table = [
    ("cumsum-integers-promote", "x = torch.tensor([[1, 2], [3, 4]], dtype=torch.int8)\n"
                                "a = x.cumsum(0)\nb = x.cumprod(1)\n"
                                "c = torch.tensor([True, False, True]).cumsum(0)\n"
                                "d = torch.tensor([True, True]).cumprod(0)"),
    ("cumsum-int8-wraps", "x = torch.full((4,), 100, dtype=torch.int8)\n"
                          "a = x.cumsum(0, dtype=torch.int8)\n"
                          "b = torch.tensor([200, 100], dtype=torch.uint8).cumsum(0, "
                          "dtype=torch.uint8)\nc = torch.full((4,), 300, dtype=torch.int16)"
                          ".cumprod(0, dtype=torch.int16)\n"
                          "d = torch.full((70,), 2).cumprod(0)"),
    ("cumsum-dtype-converts-first", "x = torch.tensor([1.7, 2.7, -1.5])\n"
                                    "a = x.cumsum(0, dtype=torch.int32)\n"
                                    "b = x.cumprod(0, dtype=torch.half)\n"
                                    "c = torch.cumsum(x, 0, dtype=torch.complex64)\n"
                                    "d = torch.tensor([1 + 2j, 3 - 1j]).cumsum(0, "
                                    "dtype=torch.float32)"),
    ("cumsum-python-dtype", "x = torch.arange(6.).view(2, 3)\na = torch.cumsum(x, 0, dtype=float)"
                            "\nb = x.cumprod(1, dtype=int)\nc = x.cumsum(dim=1, dtype=None)"),
    ("cumsum-accumulates-wide", "x = torch.tensor([1e8, 1., -1e8, 1., 3e-8])\na = x.cumsum(0)\n"
                                "b = torch.full((3000,), 0.1).half().cumsum(0)\n"
                                "c = torch.full((500,), 0.01).bfloat16().cumsum(0)\n"
                                "d = torch.full((100,), 1.1).cumprod(0)"),
    ("cumsum-signed-zeros", "x = torch.tensor([-0., -0., 0., -0.])\na = x.cumsum(0)\n"
                            "b = x.cumprod(0)\nc = x.cummax(0)\nd = x.cummin(0)\n"
                            "e = torch.tensor([[-0.], [0.]]).cumsum(1)\n"
                            "f = a.reciprocal()\ng = c[0].reciprocal()\nh = d[0].reciprocal()\n"
                            "i = e.reciprocal()"),
    ("cumsum-nan-and-infinities", "x = torch.tensor([1., float('inf'), 2., float('-inf'), 3., "
                                  "float('nan'), 4.])\na = x.cumsum(0)\nb = x.cumprod(0)\n"
                                  "c = x.cummax(0)\nd = x.cummin(0)\ne = x.logcumsumexp(0)"),
    ("cummax-ties-take-the-later", "x = torch.tensor([[2, 1, 2, 3, 3, 0], [5, 5, 5, 5, 5, 5]])\n"
                                   "a = x.cummax(1)\nb = x.cummin(1)\nc = x.t().cummax(0)\n"
                                   "d = x.float().cummin(-1)"),
    ("cummax-nan-sticks", "x = torch.tensor([1., float('nan'), 5., float('nan'), 0.])\n"
                          "a = x.cummax(0)\nb = x.cummin(0)\n"
                          "c = torch.tensor([float('nan'), 1.]).cummax(0)"),
    ("cummax-bool-half-bfloat16", "x = torch.tensor([False, True, False])\na = x.cummax(0)\n"
                                  "b = x.cummin(0)\nc = torch.tensor([3., 1., 4., 1.]).half()"
                                  ".cummax(0)\nd = torch.tensor([3., 1., 4.]).bfloat16()"
                                  ".cummin(0)\ne = torch.tensor([9, 2, 7], dtype=torch.uint8)"
                                  ".cummin(0)"),
    ("logcumsumexp-infinities", "x = torch.tensor([float('-inf'), float('-inf'), 0., "
                                "float('inf'), float('inf'), 1.])\na = x.logcumsumexp(0)\n"
                                "b = torch.tensor([float('-inf'), 2.]).logcumsumexp(0)\n"
                                "c = torch.tensor([float('nan'), 2.]).double()"
                                ".logcumsumexp(0)"),
    ("logcumsumexp-reduced-floats", "x = torch.arange(12.).div(3).view(3, 4)\n"
                                    "a = x.half().logcumsumexp(1)\n"
                                    "b = x.bfloat16().logcumsumexp(0)\n"
                                    "c = x.double().logcumsumexp(1)"),
    ("complex-scans", "x = torch.tensor([1 + 1j, 2 - 1j, -0.5 + 3j, 0.25j])\n"
                      "a = x.cumsum(0)\nb = x.cumprod(0)\nc = x.logcumsumexp(0)\n"
                      "d = x.to(torch.complex128).cumprod(0)"),
    ("inexact-inputs", "x = torch.arange(6.).div(3).exp().view(2, 3)\na = x.cumsum(1)\n"
                       "b = x.cumprod(0)\nc = x.cummax(1)\nd = x.logcumsumexp(1)\n"
                       "e = x.cumsum(0, dtype=torch.int32)"),
    ("inexact-inputs-cancelling", "x = torch.tensor([1., 1., 0.5, 2.]).exp().mul("
                                  "torch.tensor([1., -1., 1., -1.]))\n"
                                  "a = x.cumsum(0)\nb = x.cummin(0)\nc = x.cumprod(0)"),
    ("written-in-part", "x = torch.empty(2, 3)\nx[:, 0] = 1.\na = x.cumsum(1)\n"
                        "b = x.cummax(0)\nc = x.logcumsumexp(0)"),
    ("zero-dim-forms", "v = torch.tensor(2.5)\na = v.cumsum(0)\nb = v.cumprod(-1)\n"
                       "c = v.cummax(-1)\nd = v.cummin(0)\ne = v.logcumsumexp(-1)\n"
                       "f = v.cumsum(0, dtype=torch.int32)\ng = v.cumsum(0, dtype=torch.bool)\n"
                       "h = torch.tensor(1 + 1j).cummax(0)"),
    ("empty-forms", "v = torch.zeros(0, 3)\na = v.cumsum(0, dtype=torch.bool)\n"
                    "b = v.cummax(5)\nc = v.cummin(-7)\n"
                    "d = torch.zeros(0, dtype=torch.complex64).cummax(0)"),
    ("result-of-a-view-is-its-own", X + "t = x.view(6, 4).t()\na = t.cumsum(0)\nt.add_(1)\n"
                                    "b = t.cumsum(0)\nc = a.add_(1)\nd = b.cummax(1)"),
    ("in-place-forms", X + "a = x.cumsum_(1)\nb = x.cumprod_(-1)\n"
                       "y = torch.arange(6, dtype=torch.int32).view(2, 3).t()\n"
                       "c = y.cumsum_(0)\nd = y.cumprod_(1, dtype=torch.int32)\n"
                       "e = torch.tensor(True).cumprod_(0)\nf = torch.zeros(0).cumsum_(0)"),
    ("in-place-int8-wraps", "x = torch.full((4,), 100, dtype=torch.int8)\na = x.cumsum_(0)"),
    ("in-place-of-a-view", X + "v = x[:, 1]\na = v.cumsum_(0)\nb = x.cumprod_(2)"),
]

ERRORS: Table = [
    ("err-cumsum-dim", "a = torch.zeros(2, 3).cumsum(2)"),
    ("err-cumsum-dim-negative", "a = torch.zeros(2, 3).cumsum(-3)"),
    ("err-cumsum-dim-zero-dim", "a = torch.tensor(1.).cumsum(1)"),
    ("err-cumsum-dim-empty", "a = torch.zeros(0).cumsum(3)"),
    ("err-cumprod-dim-before-dtype", "a = torch.zeros(2).cumprod(4, dtype=torch.bool)"),
    ("err-cummax-dim", "a = torch.zeros(2, 3).cummax(2)"),
    ("err-cummin-dim-zero-dim", "a = torch.tensor(1.).cummin(1)"),
    ("err-cummax-dim-zero-dim-negative", "a = torch.tensor(1.).cummax(-2)"),
    ("err-cummax-complex-dim-first", "a = torch.zeros(2, 1, dtype=torch.cfloat).cummax(-5)"),
    ("err-logcumsumexp-dim", "a = torch.zeros(2, 3).logcumsumexp(2)"),
    ("err-logcumsumexp-dim-empty", "a = torch.zeros(0).logcumsumexp(3)"),
    ("err-logcumsumexp-int-dim-first", "a = torch.zeros(2, dtype=torch.long).logcumsumexp(4)"),
    ("err-cumsum-bool-dtype", "a = torch.arange(3.).cumsum(0, dtype=torch.bool)"),
    ("err-cumsum-complex32-dtype", "a = torch.zeros(2).cumsum(0, dtype=torch.chalf)"),
    ("err-cummax-complex", "a = torch.tensor([1 + 1j, 2j]).cummax(0)"),
    ("err-cummin-complex", "a = torch.tensor([[1 + 1j, 2j]]).cummin(1)"),
    ("err-logcumsumexp-int", "a = torch.arange(4).logcumsumexp(0)"),
    ("err-logcumsumexp-bool", "a = torch.tensor([True]).logcumsumexp(0)"),
    ("err-logcumsumexp-int-empty", "a = torch.zeros(0, dtype=torch.long).logcumsumexp(0)"),
    ("err-logcumsumexp-int-zero-dim", "a = torch.tensor(3).logcumsumexp(0)"),
    ("err-cumsum-no-dim", "a = torch.zeros(3).cumsum()"),
    ("err-cumsum-fn-no-dim", "a = torch.cumsum(torch.zeros(3), dtype=torch.float64)"),
    ("err-cummax-no-dim", "a = torch.zeros(3).cummax()"),
    ("err-cumsum-float-dim", "a = torch.zeros(3).cumsum(0.5)"),
    ("err-cumsum-str-dim", "a = torch.zeros(3).cumsum('a')"),
    ("err-cummax-fn-float-dim", "a = torch.cummax(torch.zeros(3), 0.5)"),
    ("err-cumsum-dtype-positional", "a = torch.zeros(3).cumsum(0, torch.float64)"),
    ("err-cumsum-fn-dtype-positional", "a = torch.cumsum(torch.zeros(3), 0, torch.float64)"),
    ("err-cumsum-dtype-bool-value", "a = torch.cumsum(torch.zeros(3), 0, dtype=True)"),
    ("err-cumsum-method-out", "a = torch.zeros(3).cumsum(0, out=torch.zeros(3))"),
    ("err-cummax-method-out", "a = torch.zeros(3).cummax(0, out=None)"),
    ("err-logcumsumexp-dtype", "a = torch.zeros(3).logcumsumexp(0, dtype=torch.float64)"),
    ("err-logcumsumexp-extra", "a = torch.zeros(3).logcumsumexp(0, 1)"),
    ("err-cumsum-unknown-keyword", "a = torch.zeros(3).cumsum(0, foo=1)"),
    ("err-cumsum_-dtype", "a = torch.arange(6.).cumsum_(0, dtype=torch.float64)"),
    ("err-cumsum_-bool", "a = torch.tensor([True, False]).cumsum_(0)"),
    ("err-cumprod_-expanded", "a = torch.zeros(1).expand(3).cumprod_(0)"),
    ("err-cumsum_-dim", "a = torch.zeros(3, 2).cumsum_(2)"),
    ("err-cumsum_-out", "a = torch.zeros(3, 2).cumsum_(0, out=None)"),
    ("err-cumprod_-dtype-positional", "a = torch.zeros(3, 2).cumprod_(0, torch.float32)"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + VALUES + ERRORS, ERRORS)

R = "torch.tensor([5., 4., 3., 2., 1., 0.])"
OUT: Table = [
    ("cumsum-out-kept", f"x = {R}.view(2, 3)\no = torch.zeros(3, 2).t()\n"
                        "a = torch.cumsum(x, 1, out=o)"),
    ("cumsum-out-resized", f"x = {R}.view(2, 3)\no = torch.zeros(4)\n"
                           "a = torch.cumsum(x, 1, out=o)"),
    ("cumsum-out-empty-resized", f"x = {R}.view(3, 2).t()\no = torch.zeros(0)\n"
                                 "a = torch.cumsum(x, 1, out=o)"),
    ("cumsum-out-dtype-wins", f"x = {R}.view(2, 3)\no = torch.zeros(2, 3, dtype=torch.long)\n"
                              "a = torch.cumsum(x, 1, out=o)\n"
                              "p = torch.zeros(2, 3, dtype=torch.float64)\n"
                              "b = torch.cumprod(x, 0, out=p)"),
    ("cumsum-int-out-float", "x = torch.arange(6).view(2, 3)\no = torch.zeros(2, 3)\n"
                             "a = torch.cumsum(x, 1, out=o)"),
    ("cumsum-out-dtype-given", f"x = {R}\no = torch.zeros(6, dtype=torch.float64)\n"
                               "a = torch.cumsum(x, 0, dtype=torch.float64, out=o)"),
    ("cumsum-complex-out-float", "x = torch.tensor([1 + 2j, 3 - 1j])\no = torch.zeros(2)\n"
                                 "a = torch.cumsum(x, 0, out=o)\n"
                                 "p = torch.zeros(2, dtype=torch.complex128)\n"
                                 "b = torch.cumprod(x, 0, out=p)"),
    ("cumsum-out-is-input", f"x = {R}\na = torch.cumsum(x, 0, out=x)\n"
                            f"y = {R}.view(2, 3).t()\nb = torch.cumprod(y, 1, out=y)"),
    ("cumsum-out-expanded-resized", "x = torch.tensor(1.5)\no = torch.zeros(1).expand(3)\n"
                                    "a = torch.cumsum(x, 0, out=o)\n"
                                    "p = torch.zeros(1).expand(0)\n"
                                    "b = torch.cumsum(torch.zeros(0), 0, out=p)"),
    ("cumsum-zero-dim-out-int", "x = torch.tensor(1.5)\no = torch.zeros(2, dtype=torch.int32)\n"
                                "a = torch.cumsum(x, 0, out=o)\n"
                                "b = torch.cumsum(x, 0, out=torch.zeros((), dtype=torch.bool))"),
    ("cumprod-out-resized-gapped", f"x = {R}.view(2, 3)\no = torch.zeros(2, 6)[:, ::2]\n"
                                   "a = torch.cumprod(x, 0, out=o)\n"
                                   "p = torch.zeros(5)\nb = torch.cumprod(x, 0, out=p)"),
    ("logcumsumexp-out-kept-and-resized", f"x = {R}.view(2, 3)\no = torch.zeros(3, 2).t()\n"
                                          "a = torch.logcumsumexp(x, 1, out=o)\n"
                                          "p = torch.zeros(4)\n"
                                          "b = torch.logcumsumexp(x, 0, out=p)"),
    ("logcumsumexp-out-is-input", "x = torch.tensor([3., 1., 4., 1., 5.])\n"
                                  "a = torch.logcumsumexp(x, 0, out=x)"),
    ("cummax-out-kept", f"x = {R}.view(2, 3)\no = torch.zeros(3, 2).t()\n"
                        "i = torch.zeros(3, 2, dtype=torch.long).t()\n"
                        "a = torch.cummax(x, 1, out=(o, i))"),
    ("cummax-out-resized", f"x = {R}.view(2, 3)\no = torch.zeros(4)\n"
                           "i = torch.zeros(0, dtype=torch.long)\n"
                           "a = torch.cummin(x, 0, out=[o, i])"),
    ("cummax-out-zero-dim", "x = torch.tensor(2.)\no = torch.zeros(3)\n"
                            "i = torch.zeros(3, dtype=torch.long)\n"
                            "a = torch.cummax(x, 0, out=(o, i))"),
    ("cummax-out-is-input", "x = torch.tensor([1., 3., 2., 5.])\n"
                            "i = torch.zeros(4, dtype=torch.long)\n"
                            "a = torch.cummax(x, 0, out=(x, i))"),
    ("cummax-out-expanded", f"x = {R}.view(2, 3)\no = torch.zeros(1, 1).expand(2, 3)\n"
                            "i = torch.zeros(2, 3, dtype=torch.long)\n"
                            "a = torch.cummax(x, 1, out=(o, i))"),
    ("cummax-out-overlapping-input", f"x = {R}\ni = torch.zeros(5, dtype=torch.long)\n"
                                     "a = torch.cummin(x[:5], 0, out=(x[1:], i))"),
    ("cummax-out-resized-then-dim-refused", f"x = {R}.view(2, 3)\no = torch.zeros(4)\n"
                                            "i = torch.zeros(4, dtype=torch.long)\n"
                                            "a = torch.cummax(x, 3, out=(o, i))"),
    ("cummax-out-keywords", f"x = {R}.view(2, 3)\no = torch.zeros(2, 3)\n"
                            "i = torch.zeros(2, 3, dtype=torch.long)\n"
                            "a = torch.cummax(input=x, dim=1, out=(o, i))\n"
                            "b = torch.cummin(x, dim=0, out=None)"),
]
OUT_ERRORS: Table = [
    ("err-cumsum-out-dtype-mismatch", f"x = {R}\na = torch.cumsum(x, 0, dtype=torch.float64, "
                                      "out=torch.zeros(6))"),
    ("err-cumsum-out-bool", f"x = {R}.view(2, 3)\no = torch.zeros(5, dtype=torch.bool)\n"
                            "a = torch.cumsum(x, 1, out=o)"),
    ("err-cumsum-out-expanded", f"x = {R}.view(2, 3)\no = torch.zeros(1, 3).expand(2, 3)\n"
                                "a = torch.cumsum(x, 1, out=o)"),
    ("err-cumsum-out-partial-overlap", f"x = {R}\na = torch.cumsum(x[:5], 0, out=x[1:])"),
    ("err-cumsum-out-bad-dim-first", f"x = {R}\na = torch.cumsum(x, 3, dtype=torch.float64, "
                                     "out=torch.zeros(4))"),
    ("err-cumsum-out-type", f"x = {R}\na = torch.cumsum(x, 0, out=1)"),
    ("err-logcumsumexp-out-dtype", f"x = {R}\na = torch.logcumsumexp(x, 5, out=torch.zeros(6, "
                                   "dtype=torch.float64))"),
    ("err-logcumsumexp-int-out", "x = torch.arange(3)\na = torch.logcumsumexp(x, 0, "
                                 "out=torch.zeros(3))"),
    ("err-logcumsumexp-int-out-int", "x = torch.arange(3)\no = torch.zeros(5, dtype=torch.long)"
                                     "\na = torch.logcumsumexp(x, 0, out=o)"),
    ("err-logcumsumexp-out-expanded", f"x = {R}\no = torch.zeros(1).expand(6)\n"
                                      "a = torch.logcumsumexp(x, 0, out=o)"),
    ("err-logcumsumexp-out-overlap", f"x = {R}\na = torch.logcumsumexp(x[:5], 0, out=x[1:])"),
    ("err-logcumsumexp-out-tuple", f"x = {R}\na = torch.logcumsumexp(x, 0, out=(x,))"),
    ("err-cummax-out-values-dtype", f"x = {R}\na = torch.cummax(x, 0, out=(torch.zeros(6, "
                                    "dtype=torch.float64), torch.zeros(6, dtype=torch.long)))"),
    ("err-cummax-out-indices-dtype", f"x = {R}\na = torch.cummax(x, 0, out=(torch.zeros(6), "
                                     "torch.zeros(6, dtype=torch.int32)))"),
    ("err-cummax-zero-dim-out-dtype-first", "x = torch.tensor(2.)\na = torch.cummax(x, 5, "
                                            "out=(torch.zeros(3, dtype=torch.long), "
                                            "torch.zeros(3, dtype=torch.long)))"),
    ("err-cummax-zero-dim-dim-before-resize", "x = torch.tensor(2.)\no = torch.zeros(3)\n"
                                              "i = torch.zeros(3, dtype=torch.long)\n"
                                              "a = torch.cummax(x, 5, out=(o, i))"),
    ("err-cummax-out-complex", "x = torch.tensor([1j, 2.])\na = torch.cummax(x, 0, out=("
                               "torch.zeros(2, dtype=torch.cfloat), torch.zeros(2, "
                               "dtype=torch.long)))"),
    ("err-cummax-out-one-tensor", f"x = {R}\na = torch.cummax(x, 0, out=torch.zeros(6))"),
    ("err-cummax-out-one-of-two", f"x = {R}\na = torch.cummax(x, 0, out=(torch.zeros(6),))"),
    ("err-cummax-out-three", f"x = {R}\na = torch.cummin(x, 0, out=(x, x, x))"),
    ("err-cummax-out-not-tensors", f"x = {R}\na = torch.cummax(x, 0, out=(1, 2))"),
    ("err-cummax-out-positional", f"x = {R}\na = torch.cummax(x, 0, (x, x))"),
]

test_out_agrees_with_torch, test_out_error_message_matches = table_tests(OUT + OUT_ERRORS,
                                                                         OUT_ERRORS)

# the warnings torch gives: resize_output's, once per out= of another shape with elements
WARNINGS: Table = [
    ("warn-cumsum-resized", f"x = {R}.view(2, 3)\na = torch.cumsum(x, 1, out=torch.zeros(4))\n"
                            "b = torch.cumsum(x, 1, out=torch.zeros(0))"),
    ("warn-cummax-resized-twice", f"x = {R}.view(2, 3)\na = torch.cummax(x, 1, out=("
                                  "torch.zeros(4), torch.zeros(4, dtype=torch.long)))"),
    ("warn-cumsum-resized-then-refused", f"x = {R}.view(2, 3)\na = torch.cumsum(x, 1, "
                                         "out=torch.zeros(5, dtype=torch.bool))"),
    ("warn-logcumsumexp-refused-before-resize", "x = torch.arange(3)\na = torch.logcumsumexp("
                                                "x, 0, out=torch.zeros(5, dtype=torch.long))"),
]


@pytest.mark.parametrize("src", params(WARNINGS))
def test_warnings_match(src: str) -> None:
    assert_same_warnings(src)
