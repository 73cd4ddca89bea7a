"""statistics family: var, std, var_mean, std_mean, logsumexp, nansum, nanmean, aminmax, median,
nanmedian and mode give new contiguous results of the reduced shape, whatever the input's
layout: transposed, permuted, stepped, expanded, overlapping, channels_last, offset, size-1
dims with odd strides, 0-d and empty inputs, keepdim or not, dims of either sign and lists.
dtypes: half, bfloat16, double, complex (var's real result, std_mean's complex mean), integer
and bool inputs (logsumexp in float, nansum as int64, median's int8); values with NaN,
infinities, signed zeros, ties (median's lower median by index, mode's smallest value and its
last index), corrections of 0, negative and past the slice's length; unbiased positional.
out=: kept, resized, cast, expanded, the pairs' tuple outs; and the refusals: dtypes, dims
out of range or repeated, empty reductions, out= dtypes and overlaps, argument binding. The
warnings: degrees of freedom <= 0, resized outs."""

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
    "overlapping": "v = torch.arange(6.).as_strided((3, 3), (1, 1))\n",
    "channels-last": X + "v = x.view(1, 2, 3, 4).contiguous(memory_format=torch.channels_last)\n",
    "offset": X + "v = x[1:, 1:]\n",
    "size-one-odd": "v = torch.empty_strided((2, 1, 3), (1, 7, 2)).copy_(torch.tensor("
                    "[[[1., 5., -2.]], [[0.5, 3., 3.]]]))\n",
    "zero-dim": "v = torch.tensor(-0.75)\n",
    "empty": "v = torch.zeros(2, 0, 3).transpose(0, 2)\n",
}
_CALLS = {
    "var": "a = v.var({d})\n",
    "std-keepdim": "a = v.std({d}, keepdim=True)\n",
    "var-unbiased": "a = torch.var(v, {d}, False)\n",
    "std-correction": "a = v.std({d}, correction=0)\n",
    "var-mean": "a = torch.var_mean(v, {d})\n",
    "std-mean-keepdim": "a = torch.std_mean(v, {d}, keepdim=True)\n",
    "logsumexp": "a = v.logsumexp({d})\n",
    "nansum": "a = v.nansum({d}, keepdim=True)\n",
    "nanmean": "a = torch.nanmean(v, {d})\n",
    "aminmax": "a = v.aminmax(dim={d})\n",
    "median": "a = v.median({d})\n",
    "nanmedian-keepdim": "a = torch.nanmedian(v, {d}, keepdim=True)\n",
    "mode": "a = v.mode({d})\n",
}
_EMPTY_REFUSES = ("aminmax", "median", "nanmedian-keepdim", "mode")
# median's CPU kernel reads a slice along a dim of stride 0 as if its stride were 1, past the
# expanded element (a torch bug): those cases are left out
_MEDIAN = ("median", "nanmedian-keepdim")

LAYOUTS: Table = [
    (f"{op}-{name}-dim{d}", src + call.format(d=d))
    for op, call in _CALLS.items() for name, src in _INPUTS.items() for d in (0, -1)
    if not (name == "empty" and op in _EMPTY_REFUSES and d == 0)
    and not (name == "expanded" and op in _MEDIAN and d == 0)
] + [
    (f"all-{op}-{name}", src + call)
    for op, call in {"var": "a = v.var()\nb = v.std(False)\n",
                     "var-mean": "a = torch.var_mean(v)\nb = torch.std_mean(v, correction=0)\n",
                     "nansum": "a = v.nansum()\nb = torch.nanmean(v)\n",
                     "median": "a = v.median()\nb = v.nanmedian()\n",
                     "aminmax": "a = v.aminmax()\nb = v.aminmax(keepdim=True)\n"}.items()
    for name, src in _INPUTS.items() if not (op == "aminmax" and name == "empty")
] + [
    (f"dims-{op}", X + "v = x.permute(2, 0, 1)\n" + call)
    for op, call in {"var": "a = v.var([0, 2])\nb = v.std((-1, 0), True, True)\n",
                     "var-mean": "a = torch.var_mean(v, (1, 2), keepdim=True)\n",
                     "logsumexp": "a = v.logsumexp((0, -1))\nb = v.logsumexp([2, 1], True)\n",
                     "nansum": "a = v.nansum([0, 1, 2])\nb = torch.nanmean(v, (2,))\n",
                     "var-empty-list": "a = v.var([])\nb = v.nansum(())\nc = v.var(None)\n",
                     "logsumexp-keepdim-all": "a = v.logsumexp((), True)\n"}.items()
]

VALUES: Table = [
    ("var-corrections", X + "a = x.var(2, correction=0)\nb = x.var(2, correction=-1)\n"
                        "c = x.var(2, correction=2)\nd = x.std(2, correction=1.5)\n"
                        "e = x.var(correction=True)"),
    ("var-correction-past-n", X + "a = x.var(0, correction=2)\nb = x.var(0, correction=5)\n"
                              "c = torch.tensor([2.]).var()\nd = torch.tensor([2., 2.]).var(0,"
                              " correction=3)\ne = torch.tensor(1.).var(correction=0)"),
    ("var-empty-nan", "v = torch.zeros(3, 0)\na = v.var(1)\nb = v.std(1, correction=-2)\n"
                      "c = torch.var_mean(v, 1)\nd = v.var(0)\ne = torch.zeros(0).std()"),
    ("var-reduced-floats", X + "a = x.half().var(1)\nb = x.bfloat16().std()\n"
                           "c = torch.var_mean(x.half(), 2)\nd = x.double().std(0)\n"
                           "e = x.half().var()"),
    ("var-complex", "x = torch.tensor([[1 + 2j, 3 - 1j, 1j], [2., -1j, 4 + 4j]])\n"
                    "a = x.var(1)\nb = x.std()\nc = torch.var_mean(x, 0)\n"
                    "d = torch.std_mean(x, 1, keepdim=True)\ne = x.cdouble().var(0)"),
    ("var-nan-and-infinities", "x = torch.tensor([[1., float('nan'), 2.], [float('inf'), 1., "
                               "2.], [3., 3., 3.]])\na = x.var(1)\nb = x.std(1)\n"
                               "c = torch.var_mean(x, 1)\nd = x.var()\ne = x.t().var(0)"),
    ("var-constant-slices", "x = torch.full((3, 4), 0.1)\na = x.var(1)\nb = x.var()\n"
                            "c = torch.var_mean(x, 0)\nd = torch.full((5,), 2.).std()"),
    ("var-inexact-inputs", "x = torch.arange(12.).div(7).exp().view(3, 4)\na = x.var(1)\n"
                           "b = x.std()\nc = torch.std_mean(x, 0)"),
    ("logsumexp-values", "x = torch.tensor([[float('-inf'), float('-inf')], [float('inf'), 1.],"
                         " [float('inf'), float('-inf')], [float('nan'), 1.], [100., 100.5]])\n"
                         "a = x.logsumexp(1)\nb = x.half().logsumexp(1)\n"
                         "c = x.double().logsumexp(1, keepdim=True)"),
    ("logsumexp-integers", "x = torch.arange(6).view(2, 3)\na = x.logsumexp(1)\n"
                           "b = torch.tensor([True, False]).logsumexp(0)\n"
                           "c = x.to(torch.int8).logsumexp((0, 1))"),
    ("logsumexp-complex-and-empty", "a = torch.tensor([1 + 1j, 2j]).logsumexp(0)\n"
                                    "b = torch.zeros(0).logsumexp(0)\n"
                                    "c = torch.zeros(0, 3).logsumexp(())\n"
                                    "d = torch.tensor(2.).logsumexp(())"),
    ("nansum-values", "x = torch.tensor([[1., float('nan'), 2.], [float('nan')] * 3])\n"
                      "a = x.nansum(1)\nb = x.nansum()\nc = x.half().nansum(0)\n"
                      "d = x.bfloat16().nansum(1)\ne = torch.nanmean(x, 1)\n"
                      "f = x.half().nanmean(1)\ng = x.nanmean(0, dtype=torch.float64)"),
    ("nansum-integers", "x = torch.arange(6, dtype=torch.int8).view(2, 3)\na = x.nansum()\n"
                        "b = x.nansum(1, dtype=torch.int8)\n"
                        "c = torch.tensor([True, True]).nansum()\n"
                        "d = torch.tensor([1.5, 2.5]).nansum(0, dtype=torch.int64)\n"
                        "e = torch.arange(3.).nansum(dtype=torch.bool)\n"
                        "f = torch.arange(3).nansum(dtype=torch.float16)"),
    ("nansum-empty", "a = torch.zeros(0).nansum()\nb = torch.zeros(0).nanmean()\n"
                     "c = torch.zeros(3, 0).nansum(1)\nd = torch.zeros(3, 0).nanmean(1)"),
    ("aminmax-values", "x = torch.tensor([[1., float('nan'), 0.], [0., -0., 2.]])\n"
                       "a = x.aminmax(dim=1)\nb = x[1].aminmax()\n"
                       "c = torch.tensor([True, False]).aminmax()\n"
                       "d = torch.arange(4, dtype=torch.uint8).aminmax()\n"
                       "e = torch.tensor(3.).aminmax(dim=0, keepdim=True)\n"
                       "f = torch.zeros(0, 3).aminmax(dim=1)"),
    ("median-ties-and-signs", "x = torch.tensor([[3., 1., 2., 1.], [5., 5., 4., 4.], "
                              "[2., 0., -0., 1.], [1., 1., 1., 1.]])\na = x.median(1)\n"
                              "b = x.nanmedian(1)\nc = x.median()\nd = x.t().median(0)\n"
                              "e = torch.tensor([1, 2, 1, 2, 1, 2]).median(0)"),
    ("median-nan", "x = torch.tensor([[1., float('nan'), 0., float('nan')], [float('nan')] * 4, "
                   "[2., 1., 3., 0.]])\na = x.median(1)\nb = x.nanmedian(1)\nc = x.median()\n"
                   "d = x.nanmedian()\ne = x[1].nanmedian()"),
    ("median-dtypes", "x = torch.tensor([3, 1, 2, 1], dtype=torch.int8)\na = x.median(0)\n"
                      "b = x.nanmedian()\nc = x.half().median(0)\nd = x.bfloat16().nanmedian()\n"
                      "e = x.double().median()\nf = torch.zeros(0).median()\n"
                      "g = torch.zeros(0).nanmedian()\nh = torch.tensor(2).median()"),
    ("median-zero-dim", "v = torch.tensor(2.)\na = v.median(0)\nb = v.median(-1, True)\n"
                        "c = v.nanmedian(0)\nd = v.mode()\ne = v.mode(0, keepdim=True)\n"
                        "f = torch.tensor(1j).mode(0)"),
    ("mode-ties", "x = torch.tensor([[2., 1., 2., 1., 3.], [2., 1., 1., 2., 3.], "
                  "[5., 4., 3., 2., 1.], [0., -0., 0., 7., 7.]])\na = x.mode(1)\n"
                  "b = x.mode()\nc = x.t().mode(0)\n"
                  "d = torch.tensor([1, 2, 1, 2, 1, 2]).mode()\n"
                  "e = torch.tensor([True, False, True]).mode()\n"
                  "f = x.half().mode(1)\ng = x.bfloat16().mode(-1, True)"),
    ("mode-long-slices", "x = torch.arange(40).remainder(3).view(2, 20)\na = x.mode(1)\n"
                         "b = x.float().mode(1)\nc = torch.arange(60.).remainder(7).mode()"),
    ("mode-empty", "a = torch.zeros(0, 3).mode(1)\n"
                   "b = torch.zeros(2, 0, dtype=torch.cfloat).mode(0)"),
    ("written-in-part", "x = torch.empty(2, 3)\nx[:, 0] = 1.\na = x.var(1)\nb = x.var(0)\n"
                        "c = x.logsumexp(0)\nd = x.median(0)\ne = x.mode(0)\n"
                        "f = x.aminmax(dim=0)\ng = x.nansum(0)"),
    ("result-of-a-view-is-its-own", X + "t = x.view(6, 4).t()\na = t.var(0)\nt.add_(1)\n"
                                    "b = t.median(0)\nc = a.add_(1)\nd = b[0].mode(0)"),
    ("function-keywords", X + "a = torch.var(x, dim=1, unbiased=False)\n"
                          "b = torch.std(input=x, dim=(0, 1), correction=2, keepdim=True)\n"
                          "c = torch.var(x, True)\nd = torch.std(x, correction=None)\n"
                          "e = torch.var_mean(x, dim=None, correction=0)\n"
                          "f = torch.median(input=x, dim=1)\ng = torch.mode(x)\n"
                          "h = torch.aminmax(x, dim=0)"),
]

ERRORS: Table = [
    ("err-var-int", "a = torch.arange(6).var()"),
    ("err-var-bool", "a = torch.tensor([True]).std(0)"),
    ("err-var-int-dim-after", "a = torch.arange(6).var(5)"),
    ("err-var-mean-int", "a = torch.var_mean(torch.arange(6), 0)"),
    ("err-var-dim", "a = torch.zeros(2, 3).var(2)"),
    ("err-var-dim-zero-dim", "a = torch.tensor(2.).var(1)"),
    ("err-var-dim-repeated", "a = torch.zeros(2, 3).var((0, 0))"),
    ("err-var-dims-list", "a = torch.zeros(3).std([0, 5])"),
    ("err-var-unbiased-and-correction", "a = torch.zeros(3).var(0, True, correction=1)"),
    ("err-var-unbiased-keyword-and-correction",
     "a = torch.zeros(3).var(0, unbiased=False, correction=1)"),
    ("err-var-float-dim", "a = torch.zeros(3).var(1.5)"),
    ("err-var-str-dim", "a = torch.var(torch.zeros(3), 'a')"),
    ("err-var-method-out", "a = torch.zeros(3).var(0, out=torch.zeros(1))"),
    ("err-var-mean-method", "a = torch.zeros(3).var_mean(0)"),
    ("err-var-mean-out", "a = torch.var_mean(torch.zeros(3), 0, out=(torch.zeros(1), "
                         "torch.zeros(1)))"),
    ("err-var-unknown-keyword", "a = torch.zeros(3).var(0, foo=1)"),
    ("err-var-too-many", "a = torch.var(torch.zeros(3), 0, True, True, True)"),
    ("err-logsumexp-no-dim", "a = torch.zeros(3).logsumexp()"),
    ("err-logsumexp-none-dim", "a = torch.zeros(3).logsumexp(None)"),
    ("err-logsumexp-str-dim", "a = torch.logsumexp(torch.zeros(3), 'a')"),
    ("err-logsumexp-dim", "a = torch.zeros(2, 3).logsumexp(-5)"),
    ("err-logsumexp-dim-repeated", "a = torch.zeros(3).logsumexp((0, 0))"),
    ("err-logsumexp-empty-dims", "a = torch.arange(6.).view(2, 3).logsumexp(())"),
    ("err-logsumexp-keepdim-int", "a = torch.zeros(3).logsumexp(0, 1)"),
    ("err-nansum-complex", "a = torch.tensor([1j]).nansum()"),
    ("err-nansum-complex-dim-first", "a = torch.tensor([1j]).nansum(5)"),
    ("err-nansum-dim", "a = torch.arange(3.).nansum(5)"),
    ("err-nansum-str-dim", "a = torch.arange(3.).nansum('a')"),
    ("err-nanmean-int", "a = torch.arange(3).nanmean()"),
    ("err-nanmean-int-dtype", "a = torch.arange(3).nanmean(dtype=torch.float32)"),
    ("err-nanmean-dtype-int", "a = torch.tensor([1., 2.]).nanmean(dtype=torch.int32)"),
    ("err-nanmean-complex", "a = torch.tensor([1 + 1j, 2j]).nanmean()"),
    ("err-nanmean-complex-dim-first", "a = torch.tensor([1j]).nanmean(5)"),
    ("err-aminmax-empty", "a = torch.zeros(0).aminmax()"),
    ("err-aminmax-empty-dim", "a = torch.zeros(0, 3).aminmax(dim=-2)"),
    ("err-aminmax-dim", "a = torch.zeros(0, 3).aminmax(dim=5)"),
    ("err-aminmax-complex", "a = torch.tensor([1j]).aminmax()"),
    ("err-aminmax-complex-empty-output", "a = torch.zeros(0, 2, dtype=torch.cfloat)"
                                         ".aminmax(dim=1)"),
    ("err-aminmax-positional", "a = torch.aminmax(torch.zeros(3), 0)"),
    ("err-aminmax-method-positional", "a = torch.zeros(3).aminmax(0)"),
    ("err-median-empty-dim", "a = torch.zeros(0, 3).median(0)"),
    ("err-nanmedian-empty-dim", "a = torch.zeros(0, 3).nanmedian(0)"),
    ("err-median-complex", "a = torch.tensor([1j]).median()"),
    ("err-median-complex-dim", "a = torch.tensor([1j]).median(0)"),
    ("err-median-bool", "a = torch.tensor([True, False]).nanmedian()"),
    ("err-median-bool-zero-dim", "a = torch.tensor(True).median(0)"),
    ("err-median-complex-empty-output", "a = torch.zeros(2, 0, dtype=torch.cfloat).median(0)"),
    ("err-median-dim", "a = torch.zeros(2, 2).median(5)"),
    ("err-median-none-dim", "a = torch.zeros(2).median(None)"),
    ("err-median-str-dim", "a = torch.median(torch.zeros(2), 'a')"),
    ("err-mode-empty", "a = torch.zeros(0).mode()"),
    ("err-mode-empty-dim", "a = torch.zeros(0, 3).mode(0)"),
    ("err-mode-complex", "a = torch.tensor([1j, 2j]).mode(0)"),
    ("err-mode-dim", "a = torch.tensor([True]).mode(5)"),
    ("err-mode-str-dim", "a = torch.zeros(2).mode('a')"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + VALUES + ERRORS, ERRORS)

R = "torch.tensor([5., 4., 3., 2., 1., 0.]).view(2, 3)"
OUT: Table = [
    ("var-out-kept", f"x = {R}\no = torch.zeros(4)[::2]\na = torch.var(x, 1, out=o)\n"
                     f"p = torch.zeros(3, 2).t()\nb = torch.std(x.t(), 0, out=p.t())"),
    ("var-out-resized", f"x = {R}\no = torch.zeros(5)\na = torch.var(x, 1, out=o)\n"
                        "p = torch.zeros(0)\nb = torch.std(x, 0, keepdim=True, out=p)"),
    ("var-out-casts-input", f"x = {R}.div(3)\no = torch.zeros(2, dtype=torch.float64)\n"
                            "a = torch.var(x, 1, out=o)\np = torch.zeros(2, dtype=torch.half)\n"
                            "b = torch.std(x, 1, out=p)\nq = torch.zeros(1)\n"
                            "c = torch.var(x.double(), (0, 1), keepdim=False, out=q)"),
    ("var-out-complex", f"x = {R} * (1 + 1j)\no = torch.zeros(2)\na = torch.var(x, 1, out=o)\n"
                        "p = torch.zeros(2, dtype=torch.cfloat)\nb = torch.std(x, 1, out=p)\n"
                        "q = torch.zeros(())\nc = torch.var(x.cdouble(), out=q)"),
    ("var-out-complex-all", f"x = {R}\no = torch.zeros((), dtype=torch.cfloat)\n"
                            "a = torch.var(x, out=o)"),
    ("var-out-expanded", f"x = {R}\no = torch.zeros(1).expand(2)\na = torch.var(x, 1, out=o)"),
    ("var-out-is-input", "x = torch.tensor([1., 3., 2., 5.])\na = torch.var(x, 0, out=x)"),
    ("logsumexp-out", f"x = {R}\no = torch.zeros(4)[::2]\na = torch.logsumexp(x, 1, out=o)\n"
                      "p = torch.zeros(2, dtype=torch.float64)\n"
                      "b = torch.logsumexp(x, 1, out=p)\nq = torch.zeros(5)\n"
                      "c = torch.logsumexp(x.long(), 0, out=q)\n"
                      "r = torch.zeros(2, dtype=torch.cfloat)\n"
                      "d = torch.logsumexp(x, 1, out=r)"),
    ("nansum-out", f"x = {R}\no = torch.zeros(4)[::2]\na = torch.nansum(x, 1, out=o)\n"
                   "p = torch.zeros(2, dtype=torch.float64)\nb = torch.nansum(x, 1, out=p)\n"
                   "q = torch.zeros(5)\nc = torch.nansum(x.long(), 0, out=q)\n"
                   "r = torch.zeros(1).expand(2)\nd = torch.nansum(x, 1, out=r)\n"
                   "s = torch.zeros((), dtype=torch.int64)\n"
                   "e = torch.nansum(x, dtype=torch.int64, out=s)"),
    ("nanmean-out", f"x = {R}\no = torch.zeros(4)[::2]\na = torch.nanmean(x, 1, out=o)\n"
                    "p = torch.zeros(2, dtype=torch.float64)\nb = torch.nanmean(x, 1, out=p)\n"
                    "q = torch.zeros(3)\nc = torch.nanmean(x, out=q)"),
    ("aminmax-out", f"x = {R}\no = torch.zeros(2)\np = torch.zeros(4)[::2]\n"
                    "a = torch.aminmax(x, dim=1, out=(o, p))\nq = torch.zeros(3)\n"
                    "r = torch.zeros(0)\nb = torch.aminmax(x, out=[q, r])"),
    ("median-out", f"x = {R}\no = torch.zeros(4)[::2]\ni = torch.zeros(2, dtype=torch.long)\n"
                   "a = torch.median(x, 1, out=(o, i))\np = torch.zeros(3)\n"
                   "j = torch.zeros(3, dtype=torch.long)\n"
                   "b = torch.nanmedian(x, 1, out=(p, j))"),
    ("mode-out", f"x = {R}\no = torch.zeros(2)\ni = torch.zeros(2, dtype=torch.long)\n"
                 "a = torch.mode(x, 1, out=(o, i))\np = torch.zeros(4, 1)[::2]\n"
                 "j = torch.zeros(3, dtype=torch.long)\nb = torch.mode(x, 1, out=(p, j))\n"
                 "q = torch.zeros(5)\nk = torch.zeros(0, dtype=torch.long)\n"
                 "c = torch.mode(x, 0, keepdim=True, out=(q, k))"),
]
OUT_ERRORS: Table = [
    # the parts of a complex input are added into out= (add_out), which refuses shared elements
    ("err-var-complex-out-expanded", "x = torch.arange(6.).view(2, 3).mul(1j)\n"
                                     "a = torch.var(x, 1, out=torch.zeros(1).expand(2))"),
    ("err-var-out-int", f"x = {R}\na = torch.var(x, 0, out=torch.zeros(5, dtype=torch.long))"),
    ("err-var-out-int-dim-first", f"x = {R}\na = torch.var(x, 5, out=torch.zeros(2, "
                                  "dtype=torch.long))"),
    ("err-var-out-complex-kernel", f"x = {R}\na = torch.var(x, 0, out=torch.zeros(3, "
                                   "dtype=torch.cfloat))"),
    ("err-var-out-half-all", f"x = {R}.half()\na = torch.var(x, out=torch.zeros((), "
                             "dtype=torch.cfloat))"),
    ("err-var-complex-out-int", f"x = {R}.cdouble()\na = torch.var(x, 0, out=torch.zeros(3, "
                                "dtype=torch.long))"),
    ("err-logsumexp-out-int", f"x = {R}\na = torch.logsumexp(x, 5, out=torch.zeros(2, "
                              "dtype=torch.long))"),
    ("err-logsumexp-out-expanded", f"x = {R}\na = torch.logsumexp(x, 1, out=torch.zeros(1)"
                                   ".expand(2))"),
    ("err-nansum-out-int", f"x = {R}\na = torch.nansum(x, 0, out=torch.zeros(3, "
                           "dtype=torch.long))"),
    ("err-nansum-out-dtype-mismatch", f"x = {R}\na = torch.nansum(x, 1, dtype=torch.float64, "
                                      "out=torch.zeros(2))"),
    ("err-nansum-out-complex-first", "a = torch.nansum(torch.tensor([1j]), 5, "
                                     "out=torch.zeros(1))"),
    ("err-nanmean-out-expanded", f"x = {R}\na = torch.nanmean(x, 1, out=torch.zeros(1)"
                                 ".expand(2))"),
    ("err-nanmean-out-int", f"x = {R}\na = torch.nanmean(x, 1, out=torch.zeros(2, "
                            "dtype=torch.long))"),
    ("err-aminmax-out-dtype", f"x = {R}\na = torch.aminmax(x, dim=1, out=(torch.zeros(2, "
                              "dtype=torch.float64), torch.zeros(2)))"),
    ("err-aminmax-out-second-dtype", f"x = {R}\na = torch.aminmax(x, out=(torch.zeros(2), "
                                     "torch.zeros(2, dtype=torch.float64)))"),
    ("err-median-out-indices", f"x = {R}\na = torch.median(x, 0, out=(torch.zeros(3), "
                               "torch.zeros(3, dtype=torch.int32)))"),
    ("err-median-out-values", f"x = {R}\na = torch.median(x, 0, out=(torch.zeros(3, "
                              "dtype=torch.float64), torch.zeros(3, dtype=torch.long)))"),
    ("err-median-out-no-dim", f"x = {R}\na = torch.median(x, out=torch.zeros(3))"),
    ("err-mode-out-values", f"x = {R}\na = torch.mode(x, 5, out=(torch.zeros(2, "
                            "dtype=torch.float64), torch.zeros(2)))"),
    ("err-mode-out-indices", f"x = {R}\na = torch.mode(x, 0, out=(torch.zeros(2), "
                             "torch.zeros(2)))"),
]

test_out_agrees_with_torch, test_out_error_message_matches = table_tests(OUT + OUT_ERRORS,
                                                                         OUT_ERRORS)

WARNINGS: Table = [
    ("warn-var-dof", "x = torch.arange(6.).view(2, 3)\na = x.var(1, correction=3)\n"
                     "b = torch.zeros(0).var()\nc = torch.tensor(2.).std(0)\n"
                     "d = torch.zeros(3, 0).var(1, correction=0)\n"
                     "e = torch.var_mean(torch.tensor([1.]))\n"
                     "f = torch.std_mean(torch.tensor([1j]), 0)\ng = torch.tensor([1j]).var(0)"),
    ("warn-var-dof-none", "x = torch.arange(6.).view(2, 3)\na = x.var(1, correction=2)\n"
                          "b = x.var(1, correction=-1)"),
    ("warn-out-resized", f"x = {R}\na = torch.var(x, 1, out=torch.zeros(5))\n"
                         "b = torch.logsumexp(x, 1, out=torch.zeros(5))\n"
                         "c = torch.nanmean(x, out=torch.zeros(3))\n"
                         "d = torch.aminmax(x, out=(torch.zeros(3), torch.zeros(2)))\n"
                         "e = torch.median(x, 1, out=(torch.zeros(3), torch.zeros(3, "
                         "dtype=torch.long)))\nf = torch.mode(x, 1, out=(torch.zeros(4, 1)[::2],"
                         " torch.zeros(2, dtype=torch.long)))"),
    ("warn-var-resized-then-refused", f"x = {R}\na = torch.var(x, 0, out=torch.zeros(5, "
                                      "dtype=torch.long))"),
]


@pytest.mark.parametrize("src", params(WARNINGS))
def test_warnings_match(src: str) -> None:
    assert_same_warnings(src)
