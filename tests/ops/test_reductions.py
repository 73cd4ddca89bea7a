"""reductions family: sum, mean, prod, amax, amin, max and min (of everything, along a dim as a
(values, indices) pair, against another tensor), argmax, argmin, all, any, count_nonzero, as
methods and torch.* functions; dims as None, int, negative, tuple and list, keepdim, dtype=
(sum, mean, prod); result dtypes (integers and bool sum to int64, all/any of uint8 stay uint8,
mean refuses integers); the contiguous result whatever the input's layout (transposed,
channels_last, expanded, sliced with an offset, conj views, zero-size and size-1 dims, 0-d);
values (exact integer and float sums, half accumulated in float, sums within a tolerance or
undefined under cancellation, first-occurrence indices, NaN propagation), inputs with undefined
values, meta tensors; out= (strides kept, resized with the warning, dtype taken from out=,
dtype errors, out= of another kind of dtype: complex into real, float into int or bool, int
into float) and the errors torch raises (dims, empty reductions, complex and bool inputs)."""

from __future__ import annotations

import pytest

import stridecheck.reference as reference

from ._support import Table, table_tests

X = "x = torch.arange(6, dtype=torch.float32).view(2, 3)\n"
# 2x3x4 float32 of small integers, with a zero
A = "a = torch.arange(24, dtype=torch.float32).view(2, 3, 4) - 5\n"
I = "i = torch.tensor([[3, -2, 7], [0, 5, -1]], dtype=torch.int32)\n"
B = "b = torch.tensor([[True, False, True], [True, True, True]])\n"
U = "u = torch.tensor([[0, 3, 250], [1, 2, 3]], dtype=torch.uint8)\n"
# ties and NaN along both dims
N = "n = torch.tensor([[1., 3., 3.], [float('nan'), 2., float('nan')]])\n"
CL = "c = (torch.arange(24.).view(1, 2, 3, 4) - 7).contiguous(memory_format=torch.channels_last)\n"
Z = "z = torch.zeros(2, 0, 3)\n"
S = "s = torch.tensor(2.5)\n"
CX = "w = torch.tensor([[1 + 2j, -3j, 0.5], [2, 1 - 1j, 0]])\n"
META = "m = torch.zeros(2, 3, 4, device='meta')\n"

SUM: Table = [
    ("sum-all", X + "r = x.sum()\nq = torch.sum(x)"),
    ("sum-dims", A + "r = a.sum(0)\nq = a.sum(-1)\np = torch.sum(a, (0, 2))\nk = a.sum([2, 0])"),
    ("sum-keepdim", A + "r = a.sum(1, keepdim=True)\nq = torch.sum(a, (0, -1), True)"),
    ("sum-dim-none-keepdim", A + "r = torch.sum(a, None, keepdim=True)\nq = a.sum(dim=None)"),
    ("sum-empty-dims-reduce-all", A + "r = a.sum(())\nq = torch.sum(a, [], keepdim=True)"),
    ("sum-int32-to-int64", I + "r = i.sum()\nq = i.sum(1)"),
    ("sum-bool-to-int64", B + "r = b.sum(0)\nq = b.sum()"),
    ("sum-uint8-to-int64", U + "r = u.sum(1)"),
    ("sum-int64-wraps", "r = torch.tensor([2**62, 2**62, 2**62]).sum()"),
    ("sum-dtype-float64", X + "r = x.sum(0, dtype=torch.float64)"),
    ("sum-dtype-int8-wraps", "v = torch.tensor([100, 100, 90], dtype=torch.int32)\n"
                             "r = v.sum(dtype=torch.int8)"),
    ("sum-float-dtype-int-truncates", "v = torch.tensor([1.7, -1.7, 2.9])\n"
                                      "r = torch.sum(v, 0, dtype=torch.int64)"),
    ("sum-dtype-bool", I + "r = i.sum(1, dtype=torch.bool)"),
    ("sum-int-dtype-half", I + "r = i.sum(0, dtype=torch.float16)"),
    ("sum-half-accumulates-in-float",
     "h = torch.tensor([2048., 1., 1.], dtype=torch.float16)\nr = h.sum()"),
    ("sum-bfloat16", "h = torch.tensor([256., 1., 1., 0.5], dtype=torch.bfloat16)\nr = h.sum()"),
    ("sum-float32-inexact", "v = torch.arange(40.).view(4, 10) / 7\nr = v.sum(1)\nq = v.sum()"),
    ("sum-float32-rounds-once", "v = torch.tensor([16777216., 1., 1.])\nr = v.sum()"),
    ("sum-cancellation", "v = torch.tensor([1e8, 1., -1e8, 0.25])\nr = v.sum()"),
    ("sum-float64-inexact", "v = torch.arange(30, dtype=torch.float64) / 3\nr = v.sum()"),
    ("sum-inf-nan", "v = torch.tensor([[float('inf'), 1.], [float('inf'), -float('inf')]])\n"
                    "r = v.sum(1)"),
    ("sum-complex", CX + "r = w.sum(0)\nq = w.sum()"),
    ("sum-conj-view", CX + "v = w.conj()\nr = v.sum(1)"),
    ("sum-complex-dtype-float-discards-imag", CX + "r = w.sum(1, dtype=torch.float32)"),
    ("sum-0d", S + "r = s.sum()\nq = s.sum(0)\np = s.sum(-1, keepdim=True)\nk = s.sum((0,))"),
    ("sum-zero-size", Z + "r = z.sum()\nq = z.sum(1)\np = z.sum(2)\nk = z.sum((0, 2))\n"
                          "j = z.sum(1, keepdim=True)"),
    ("sum-size-one-dims", "v = torch.arange(3.).view(1, 3, 1)\nr = v.sum(0)\n"
                          "q = v.sum(2, keepdim=True)\np = v.sum((0, 2))"),
    ("sum-transposed-contiguous-result", A + "t = a.permute(2, 0, 1)\nr = t.sum(1)\n"
                                         "q = t.sum(0, keepdim=True)\np = t.sum((1, 2), True)"),
    ("sum-channels-last-contiguous-result", CL + "r = c.sum(1, keepdim=True)\nq = c.sum(1)\n"
                                            "p = c.sum((2, 3), keepdim=True)"),
    ("sum-expanded", "v = torch.arange(3.).expand(4, 3)\nr = v.sum(0)\nq = v.sum(1, True)"),
    ("sum-sliced-offset", A + "v = a[1, 1:, ::2]\nr = v.sum(0)\nq = v.sum()"),
    ("sum-meta", META + "r = m.sum(1)\nq = torch.sum(m, (0, 2), keepdim=True, "
                        "dtype=torch.float64)"),
    ("sum-undefined-input", "e = torch.empty(2, 3)\nr = e.sum(1)"),
    ("sum-partly-undefined-input", "e = torch.empty(2, 3)\ne[0] = 1.\nr = e.sum(1)\n"
                                   "q = e.sum(0)"),
    ("sum-out-strides-kept", A + "o = torch.zeros(4, 3).t()\nr = torch.sum(a, 2, out=o)"),
    ("sum-out-resized", A + "o = torch.zeros(3, 2).t()\nr = torch.sum(a, 1, True, out=o)"),
    ("sum-out-empty-resized", A + "o = torch.zeros(0)\nr = torch.sum(a, (0, 1), out=o)"),
    ("sum-out-dtype-from-out", X + "o = torch.zeros(2, dtype=torch.float64)\n"
                                   "r = torch.sum(x, 1, out=o)\n"
                                   "k = torch.zeros(2, dtype=torch.int64)\n"
                                   "q = torch.sum(x / 4, 1, out=k)"),
    ("sum-out-int-input-float-out", I + "o = torch.zeros(2)\nr = torch.sum(i, 1, out=o)"),
    ("sum-out-overlaps-input", X + "r = torch.sum(x, 1, out=x[:, 0])"),
]

MEAN: Table = [
    ("mean-all-and-dims", A + "r = a.mean()\nq = a.mean(1)\np = torch.mean(a, (0, -1), True)"),
    ("mean-inexact", "v = torch.arange(12.).view(3, 4) / 3\nr = v.mean(1)\nq = v.mean()"),
    ("mean-half-divides-in-float",
     "h = torch.tensor([1024., 0.5, 0.25], dtype=torch.float16)\nr = h.mean()"),
    ("mean-bfloat16", "h = torch.tensor([1024., 0.5, 0.25], dtype=torch.bfloat16)\nr = h.mean()"),
    ("mean-complex", CX + "r = w.mean(1)\nq = w.mean(0)"),
    ("mean-dtype-float64", X + "r = x.mean(0, dtype=torch.float64)"),
    ("mean-bool-dtype-float", B + "r = b.mean(dtype=torch.float32)\n"
                                  "q = torch.mean(b, 1, dtype=torch.float16)"),
    ("mean-int-dtype-complex", I + "r = i.mean(1, dtype=torch.complex64)"),
    ("mean-zero-size-nan", Z + "r = z.mean()\nq = z.mean(1)\np = z.mean(2)"),
    ("mean-0d", S + "r = s.mean(0, keepdim=True)"),
    ("mean-transposed", A + "r = a.transpose(0, 2).mean(1)"),
    ("mean-meta", META + "r = m.mean((1, 2))"),
    ("mean-out-float64", X + "o = torch.zeros(2, dtype=torch.float64)\n"
                             "r = torch.mean(x, 1, out=o)"),
    ("mean-out-half", X + "o = torch.zeros(2, dtype=torch.float16)\nr = torch.mean(x, 1, out=o)"),
    ("mean-out-resized", X + "o = torch.zeros(5)\nr = torch.mean(x, 1, out=o)"),
    ("mean-no-dim-out", X + "o = torch.zeros(2)\nr = torch.mean(x, out=o)"),
]

PROD: Table = [
    ("prod-all-and-dim", X + "r = (x + 1).prod()\nq = x.prod(1)\np = torch.prod(x, -2, True)"),
    ("prod-int-and-bool-to-int64", I + B + "r = i.prod(1)\nq = b.prod()\np = b.prod(0)"),
    ("prod-int64-wraps", "r = torch.tensor([2**40, 2**40, 3]).prod()"),
    ("prod-dtype-bool", I + "r = i.prod(0, dtype=torch.bool)"),
    ("prod-dtype-int8", I + "r = i.prod(1, dtype=torch.int8)"),
    ("prod-half-rounds-each-step", "h = torch.tensor([3., 3., 3., 3., 3., 3., 3., 3.], "
                                   "dtype=torch.float16)\nr = h.prod()"),
    ("prod-float-inexact", "v = torch.arange(1., 9.) / 3\nr = v.prod()"),
    ("prod-complex", CX + "r = (w + 1).prod(1)"),
    ("prod-zero-size-one", Z + "r = z.prod()\nq = z.prod(1)"),
    ("prod-channels-last", CL + "r = c.prod(1, keepdim=True)"),
    ("prod-meta", META + "r = torch.prod(m, 2)"),
    ("prod-out", X + "o = torch.zeros(3, 2).t()[:, 0]\nr = torch.prod(x, 1, out=o)"),
]

EXTREMES: Table = [
    ("amax-amin-dims", A + "r = a.amax()\nq = a.amax((0, 2))\np = torch.amin(a, -1, True)\n"
                           "k = a.amin([1, 0])"),
    ("amax-nan-propagates", N + "r = n.amax(1)\nq = n.amin(0)\np = n.amax()"),
    ("amax-bool-int8", B + "r = b.amax(0)\nq = b.amin()\n"
                           "k = torch.tensor([-3, 7, 2], dtype=torch.int8).amax()"),
    ("amax-zero-size-kept-dim", Z + "r = z.amax(0)\nq = torch.amin(z, (0, 2), True)"),
    # an empty view of the input resized to one element: the kernel's -inf fill reaches the
    # input before it is read
    ("amax-out-empty-view-of-input", "a = torch.zeros(1, 1, 1)\no = a.narrow(0, 0, 0)\n"
                                     "r = torch.amax(a, out=o)"),
    ("amax-transposed-keepdim", A + "r = a.mT.amax(1, keepdim=True)"),
    ("amax-expanded", "v = torch.tensor([[1.], [5.]]).expand(2, 3)\nr = v.amax(1)"),
    ("amax-0d", S + "r = s.amax(0)\nq = s.amin(-1, True)"),
    ("amax-meta", META + "r = m.amax((0, 1))"),
    ("amax-out", A + "o = torch.zeros(4, 3).t()\nr = torch.amax(a, 0, out=o)\n"
                     "k = torch.zeros(1)\nq = torch.amin(a, out=k)"),
    ("max-all", X + N + "r = x.max()\nq = torch.min(x)\np = n.max()"),
    ("max-dim-pair", X + "r = x.max(1)\nv, j = torch.min(x, 0)\nq = r.values\np = r.indices"),
    ("max-dim-keepdim", A + "r = torch.max(a, 1, keepdim=True)\nq = a.min(-1, True)"),
    ("max-dim-ties-first", N + "r = n.max(1)\nq = n[:1].min(1)\n"
                               "k = torch.zeros(4, 5).max(0)\nj = torch.ones(4, 5).min(1)"),
    ("max-dim-nan-first", N + "r = n.max(1)\nq = n.t().min(0)"),
    ("max-dim-bool-int", B + I + "r = b.max(1)\nq = i.min(0)"),
    ("max-dim-0d", S + "r = s.max(0)\nq = torch.min(s, -1, keepdim=True)"),
    ("max-dim-zero-size-kept-dim", Z + "r = z.max(2)\nq = z.min(0, keepdim=True)"),
    ("max-dim-channels-last", CL + "r = c.max(1, keepdim=True)\nq = c.min(3)"),
    ("max-dim-meta", META + "r = m.max(1)"),
    ("max-dim-undefined-input", "e = torch.empty(2, 3)\ne[1] = 4.\nr = e.max(1)"),
    ("max-dim-out", X + "o = torch.zeros(3, 2).t()[:, 0]\n"
                        "k = torch.zeros(2, 2, dtype=torch.int64)[:, 1]\n"
                        "r = torch.max(x, 1, out=(o, k))"),
    ("max-dim-out-resized", X + "o = torch.zeros(5)\nk = torch.zeros(0, dtype=torch.int64)\n"
                                "r = torch.min(x, 0, True, out=[o, k])"),
    ("max-all-out-cast", X + "o = torch.zeros(2, dtype=torch.float64)\n"
                             "r = torch.max(x, out=o)"),
    ("max-all-out-of-nothing-identity", Z + "o = torch.zeros(3)\nr = torch.max(z, out=o)\n"
                                            "k = torch.zeros((), dtype=torch.int64)\n"
                                            "q = torch.min(z.to(torch.int32), out=k)"),
    ("max-other", X + N + "r = torch.max(x, n)\nq = x.min(torch.tensor(2.))\n"
                          "p = torch.max(x, other=x[:, :1])"),
    ("max-other-out", X + "o = torch.zeros(2, 3)\nr = torch.min(x, x.t().t() - 1, out=o)"),
]

ARG: Table = [
    ("argmax-all", A + "r = a.argmax()\nq = torch.argmin(a)\np = a.argmax(keepdim=True)"),
    ("argmax-dim", A + "r = a.argmax(1)\nq = torch.argmin(a, -1, keepdim=True)"),
    ("argmax-ties-nan", N + "r = n.argmax(1)\nq = n.argmin(1)\np = n.argmax()\nk = n.argmin(0)"),
    ("argmax-int-half", I + "r = i.argmax(0)\nh = torch.tensor([1., 4., 4.], "
                            "dtype=torch.float16)\nq = h.argmax()"),
    ("argmax-0d", S + "r = s.argmax()\nq = s.argmin(0, True)"),
    ("argmax-zero-size-kept-dim", Z + "r = z.argmax(2)\nq = z.argmin(0, keepdim=True)"),
    ("argmax-permuted", A + "r = a.permute(1, 2, 0).argmax(2)"),
    ("argmax-of-inexact-sums", "v = torch.arange(12.).view(3, 4) / 7\ns = v.sum(0)\n"
                               "r = s.argmax()\nq = v.sum(1).argmin()"),
    ("argmax-meta", META + "r = m.argmax(2)\nq = m.argmin()"),
    ("argmax-out", A + "o = torch.zeros(4, 2, dtype=torch.int64).t()\n"
                       "r = torch.argmax(a, 1, out=o)"),
]

ALLANY: Table = [
    ("all-any-float", X + "r = x.all()\nq = x.any(1)\np = torch.all(x, (0, 1))\n"
                          "k = torch.any(x, -1, True)"),
    ("all-any-uint8-stays-uint8", U + "r = u.all(1)\nq = u.any()"),
    ("all-any-nan-complex", N + CX + "r = n.all(1)\nq = w.all(1)\np = w.any(0)"),
    ("all-empty-dims-no-reduction", X + "t = x.t()\nr = t.all(())\nq = torch.any(t, [], True)"),
    ("all-zero-size", Z + "r = z.all()\nq = z.any(1)\np = z.all(2)"),
    ("all-channels-last", CL + "r = c.all(1, True)"),
    ("all-meta", META + "r = m.any((0, 2))"),
    ("all-out", X + "o = torch.zeros(3, dtype=torch.uint8)\nr = torch.all(x, 0, out=o)\n"
                    "k = torch.zeros(4, dtype=torch.bool)\nq = torch.any(x, 1, out=k)"),
    ("count_nonzero-dims", A + "r = a.count_nonzero()\nq = torch.count_nonzero(a, 1)\n"
                               "p = a.count_nonzero((0, -1))\nk = a.count_nonzero([])"),
    ("count_nonzero-nan-complex-bool", N + CX + B + "r = n.count_nonzero(1)\n"
                                                "q = w.count_nonzero()\np = b.count_nonzero(0)"),
    ("count_nonzero-transposed", A + "r = a.transpose(0, 1).count_nonzero(2)"),
]

# out= of another kind of dtype than the result's. Eager CPU reduces in the result dtype and
# casts into out= where can_cast allows (complex into real drops the imaginary part, as torch
# 2.13 does: it is torch._refs, and so meta and fake tensors, that refuse it); with dtype= the
# out= must have that dtype; amax and amin take out='s dtype from the input
O = "o = torch.zeros(3)\n"  # float32
OI = "o = torch.zeros(3, dtype=torch.int64)\n"
OB = "o = torch.zeros(3, dtype=torch.bool)\n"
OC = "o = torch.zeros(3, dtype=torch.complex64)\n"
OUT_KINDS: Table = [
    ("mean-complex-out-float", CX + O + "r = torch.mean(w, (0,), out=o)"),
    ("mean-complex-out-float-keepdim", CX + "o = torch.zeros(1, 3)\n"
                                            "r = torch.mean(w, 0, keepdim=True, out=o)"),
    ("mean-complex-out-float64", CX + "o = torch.zeros(3, dtype=torch.float64)\n"
                                      "r = torch.mean(w, (0,), out=o)"),
    ("mean-complex-out-float-resized", CX + "o = torch.zeros(5)\nr = torch.mean(w, 0, out=o)"),
    ("mean-complex-dtype-complex-out", CX + OC + "r = torch.mean(w, 0, dtype=torch.complex64, "
                                                 "out=o)"),
    ("sum-complex-out-float", CX + O + "r = torch.sum(w, (0,), out=o)"),
    ("prod-complex-out-float", CX + O + "r = torch.prod(w, 0, out=o)"),
    ("sum-float-out-int", X + OI + "r = torch.sum(x, 0, out=o)"),
    ("sum-float-out-bool", X + OB + "r = torch.sum(x, 0, out=o)"),
    ("prod-float-out-int", X + OI + "r = torch.prod(x, 0, out=o)"),
    ("sum-int-out-float", I + O + "r = torch.sum(i, 0, out=o)"),
    ("sum-int-out-bool", I + OB + "r = torch.sum(i, (0,), out=o)"),
    ("sum-bool-out-float", B + O + "r = torch.sum(b, 0, out=o)"),
    ("prod-int-out-complex", I + OC + "r = torch.prod(i, 0, out=o)"),
    ("mean-float-out-complex", X + OC + "r = torch.mean(x, 0, out=o)"),
    ("sum-float-dtype-int-out-int", X + OI + "r = torch.sum(x, 0, dtype=torch.int64, out=o)"),
    ("sum-int-dtype-float-out-float", I + O + "r = torch.sum(i, 0, dtype=torch.float32, out=o)"),
    ("mean-int-dtype-float-out-float", I + O + "r = torch.mean(i, 0, dtype=torch.float32, "
                                               "out=o)"),
]

ERRORS: Table = [
    # without dims, mean's out= goes through mean.dtype_out, which checks the cast first
    ("err-mean-complex-no-dim-out-float", CX + "r = torch.mean(w, out=torch.zeros(()))"),
    ("err-mean-complex-no-dim-dtype-out-float", CX + "r = torch.mean(w, dtype=torch.complex64, "
                                                     "out=torch.zeros(()))"),
    ("err-mean-complex-out-int", CX + OI + "r = torch.mean(w, (0,), out=o)"),
    ("err-mean-complex-out-bool", CX + OB + "r = torch.mean(w, 0, out=o)"),
    ("err-mean-float-out-bool", X + OB + "r = torch.mean(x, 0, out=o)"),
    ("err-mean-int-out-float", I + O + "r = torch.mean(i, 0, out=o)"),
    ("err-mean-complex-dtype-float-out", CX + O + "r = torch.mean(w, 0, dtype=torch.complex64, "
                                                  "out=o)"),
    ("err-mean-float-dtype-float64-out-float", X + O + "r = torch.mean(x, 0, "
                                                       "dtype=torch.float64, out=o)"),
    ("err-sum-complex-dtype-out-float", CX + O + "r = torch.sum(w, 0, dtype=torch.complex64, "
                                                 "out=o)"),
    ("err-sum-float-dtype-out-int", X + OI + "r = torch.sum(x, 0, dtype=torch.float32, out=o)"),
    ("err-prod-int-dtype-out-bool", I + OB + "r = torch.prod(i, 0, dtype=torch.int64, out=o)"),
    ("err-amax-complex-out-float", CX + O + "r = torch.amax(w, 0, out=o)"),
    ("err-amin-float-out-int", X + OI + "r = torch.amin(x, 0, out=o)"),
    ("err-amax-int-out-float", I + O + "r = torch.amax(i, (0,), out=o)"),
    ("err-amin-float-out-bool", X + OB + "r = torch.amin(x, 0, out=o)"),
    ("err-sum-dim-range", X + "r = x.sum(2)"),
    ("err-sum-dim-negative-range", X + "r = torch.sum(x, -3)"),
    ("err-sum-dim-repeated", X + "r = x.sum((0, -2))"),
    ("err-sum-0d-dim-1", S + "r = s.sum(1)"),
    ("err-sum-0d-dims-repeated", S + "r = s.sum((0, -1))"),
    ("err-sum-keepdim-without-dim", X + "r = torch.sum(x, keepdim=True)"),
    ("err-sum-float-dim", X + "r = torch.sum(x, 1.5)"),
    ("err-sum-out-without-dim", X + "r = torch.sum(x, out=torch.zeros(()))"),
    ("err-sum-dtype-out-without-dim", X + "r = torch.sum(x, dtype=torch.float32, "
                                          "out=torch.zeros(()))"),
    ("err-sum-method-keepdim-without-dim", X + "r = x.sum(keepdim=True)"),
    ("err-amax-dtype-keyword", X + "r = torch.amax(x, 0, dtype=torch.float64)"),
    ("err-sum-out-dtype-mismatch", X + "o = torch.zeros(2, dtype=torch.float64)\n"
                                       "r = torch.sum(x, 1, dtype=torch.float32, out=o)"),
    ("err-mean-int", I + "r = i.mean()"),
    ("err-mean-int-before-dims", I + "r = i.mean(5)"),
    ("err-mean-bool", B + "r = torch.mean(b, 0)"),
    ("err-mean-dtype-int", X + "r = x.mean(0, dtype=torch.int32)"),
    ("err-mean-out-int", X + "o = torch.zeros(2, dtype=torch.int64)\n"
                             "r = torch.mean(x, 1, out=o)"),
    ("err-mean-out-expanded", X + "o = torch.zeros(1).expand(2)\n"
                                  "r = torch.mean(x, 1, out=o)"),
    ("err-mean-no-dim-out-cast", "h = torch.ones(3, dtype=torch.float16)\n"
                                 "r = torch.mean(h, out=torch.zeros((), dtype=torch.int32))"),
    ("err-prod-tuple-dim", X + "r = torch.prod(x, (0, 1))"),
    ("err-prod-tuple-dim-method", X + "r = x.prod((0, 1))"),
    ("err-prod-tuple-dim-keepdim-names-dim", X + "r = torch.prod(x, (0, 1), keepdim=True)"),
    ("err-prod-method-tuple-dim-keepdim", X + "r = x.prod((0, 1), keepdim=True)"),
    ("err-prod-dim-range", X + "r = x.prod(2)"),
    ("err-prod-out-dtype", X + "o = torch.zeros(2)\n"
                               "r = torch.prod(x, 1, dtype=torch.float64, out=o)"),
    ("err-amax-empty", Z + "r = z.amax()"),
    ("err-amax-empty-dim", Z + "r = z.amax(1)"),
    ("err-amin-empty-dim-as-given", Z + "r = torch.amin(z, (2, -2))"),
    ("err-amax-empty-dim-range", Z + "r = z.amax(5)"),
    ("err-amax-complex", CX + "r = w.amax(0)"),
    ("err-amin-complex", CX + "r = w.amin()"),
    ("err-amax-out-dtype", X + "o = torch.zeros(2, dtype=torch.float64)\n"
                               "r = torch.amax(x, 1, out=o)"),
    ("err-amax-out-dtype-before-dims", X + "o = torch.zeros(2, dtype=torch.float64)\n"
                                           "r = torch.amax(x, 7, out=o)"),
    ("err-max-empty", Z + "r = z.max()"),
    ("err-max-empty-out-complex", "e = torch.zeros(0, dtype=torch.complex64)\n"
                                  "r = torch.max(e, out=torch.zeros((), dtype=torch.complex64))"),
    ("err-min-empty-dim", Z + "r = z.min(-2)"),
    ("err-max-complex", CX + "r = w.max()"),
    ("err-max-complex-dim", CX + "r = w.max(1)"),
    ("err-max-complex-dim-range-first", CX + "r = w.max(5)"),
    ("err-max-tuple-dim", X + "r = torch.max(x, (0, 1))"),
    ("err-max-tuple-dim-keepdim", X + "r = torch.max(x, (0, 1), keepdim=True)"),
    ("err-min-tuple-dim-keepdim-out-names-dim", X + "r = torch.min(x, (0, 1), keepdim=True, "
                                                    "out=(x, x))"),
    ("err-max-method-list-dim-keepdim", X + "r = x.max([0], keepdim=True)"),
    ("err-max-none-dim", X + "r = x.max(None)"),
    ("err-max-keepdim-without-dim", X + "r = torch.max(x, keepdim=True)"),
    ("err-max-other-complex", CX + "r = torch.max(w, w)"),
    ("err-max-dim-out-values-dtype", X + "o = torch.zeros(2, dtype=torch.int32)\n"
                                         "k = torch.zeros(2, dtype=torch.int32)\n"
                                         "r = torch.max(x, 1, out=(o, k))"),
    ("err-max-dim-out-indices-dtype", X + "o = torch.zeros(2)\n"
                                          "k = torch.zeros(2, dtype=torch.int32)\n"
                                          "r = torch.max(x, 1, out=(o, k))"),
    ("err-max-dim-out-one-tensor", X + "r = torch.max(x, 0, out=torch.zeros(3))"),
    ("err-max-dim-out-expanded", X + "o = torch.zeros(1).expand(3)\n"
                                     "k = torch.zeros(3, dtype=torch.int64)\n"
                                     "r = torch.max(x, 0, out=(o, k))"),
    ("err-min-all-out-cast", X + "o = torch.zeros((), dtype=torch.int64)\n"
                                 "r = torch.min(x, out=o)"),
    ("err-argmax-bool", B + "r = b.argmax()"),
    ("err-argmin-bool-before-empty", "r = torch.zeros(0, dtype=torch.bool).argmin()"),
    ("err-argmax-complex", CX + "r = torch.argmax(w, 5)"),
    ("err-argmax-empty", Z + "r = z.argmax()"),
    ("err-argmin-empty-dim-wrapped", Z + "r = torch.argmin(z, -2)"),
    ("err-argmax-tuple-dim", X + "r = torch.argmax(x, (0, 1))"),
    ("err-argmax-tuple-dim-method", X + "r = x.argmin((0, 1))"),
    ("err-argmax-out-dtype", X + "r = torch.argmax(x, 1, out=torch.zeros(2))"),
    ("err-all-out-float", X + "r = torch.all(x, 1, out=torch.zeros(2))"),
    ("err-any-out-float-before-dims", X + "r = torch.any(x, 9, out=torch.zeros(2))"),
    ("err-all-dim-repeated", X + "r = x.all((1, 1))"),
    ("err-count_nonzero-dim-range", X + "r = x.count_nonzero(-3)"),
    ("err-count_nonzero-dims-repeated", X + "r = torch.count_nonzero(x, [1, -1])"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    SUM + MEAN + PROD + EXTREMES + ARG + ALLANY + OUT_KINDS + ERRORS, ERRORS)


# How precisely the reference knows a result: "exact" (no tolerance, every element defined)
# where every partial result torch forms is representable, "close" (a small tolerance), or
# "undefined" where cancellation leaves nothing comparable. The agreement tests above cannot
# tell a needlessly loose tolerance from a right one; these pin it down.
PRECISION: list[tuple[str, str, str]] = [
    ("half-sum-in-float", "r = torch.tensor([2048., 1., 1.], dtype=torch.float16).sum()",
     "exact"),
    ("half-sum-past-2048", "r = torch.ones(4096, dtype=torch.float16).sum()", "exact"),
    ("float-integer-sums", "r = torch.arange(24.).view(2, 3, 4).sum((0, 2))", "exact"),
    ("float-halves-sum", "r = (torch.arange(10.) / 2).sum()", "exact"),
    ("float-sum-rounds", "r = torch.tensor([16777216., 1., 1.]).sum()", "close"),
    ("float-sum-sevenths", "r = (torch.arange(40.) / 7).sum()", "close"),
    ("double-sum-thirds", "r = (torch.arange(30, dtype=torch.float64) / 3).sum()", "close"),
    ("float-sum-cancels", "r = torch.tensor([1e8, 1., -1e8, 0.25]).sum()", "undefined"),
    ("float-mean", "r = torch.arange(24.).mean()", "exact"),
    ("half-mean-in-float", "r = torch.tensor([1024., 0.5, 0.25], dtype=torch.float16).mean()",
     "exact"),
    ("complex-mean-by-two", "r = torch.tensor([1 + 2j, 3j]).mean()", "exact"),
    ("complex-mean-by-three", "r = torch.tensor([1 + 2j, 3j, 1]).mean()", "close"),
    ("float-prod-small", "r = torch.arange(1., 9.).prod()", "exact"),
    ("half-prod-rounds-each-step", "r = torch.full((8,), 3., dtype=torch.float16).prod()",
     "close"),
    ("float-prod-overflow-then-zero", "r = torch.tensor([1e30, 1e30, 0.]).prod()", "undefined"),
    ("amax-of-close-sums", "r = (torch.arange(12.).view(3, 4) / 7).sum(1).amax()", "close"),
    ("argmax-of-close-sums", "r = (torch.arange(12.).view(3, 4) / 7).sum(1).argmax()",
     "exact"),
    ("argmax-of-close-ties", "r = (torch.ones(2, 7) / 7).sum(1).argmax()", "undefined"),
    ("count_nonzero-of-close-sums", "r = (torch.arange(12.).view(3, 4) / 7).sum(1)"
                                    ".count_nonzero()", "exact"),
]


@pytest.mark.parametrize(("src", "expect"),
                         [pytest.param(src, expect, id=name) for name, src, expect in PRECISION])
def test_reference_precision(src: str, expect: str) -> None:
    env: dict[str, object] = {"torch": reference}
    exec(src, env)  # noqa: S102 - a program of the table above
    r = env["r"]
    tolerance, defined = r._tolerance(), r._defined()  # type: ignore[attr-defined]
    if expect == "exact":
        assert tolerance == 0 and defined.all(), (tolerance, defined)
    elif expect == "close":
        assert 0 < tolerance <= 2.0**-7 and defined.all(), (tolerance, defined)
    else:
        assert not defined.any(), defined
