"""index family: narrow, select, diagonal, unfold, and __getitem__ with ints, slices, None,
Ellipsis and bools."""

from __future__ import annotations

from ._support import Table, table_tests

X = "x = torch.arange(60, dtype=torch.float32).view(3, 4, 5)\n"
M = "m = torch.arange(30, dtype=torch.float32).view(5, 6)\n"
V = "v = torch.arange(10, dtype=torch.float32)\n"
S = "s = torch.tensor(4.0)\n"
Z = "z = torch.zeros(2, 0, 3)\n"
P = X + "p = x.permute(2, 0, 1)\n"   # (5, 3, 4) @ (1, 20, 5)
E = "e = torch.tensor([1., 2., 3.]).expand(4, 3)\n"

NARROW: Table = [
    ("narrow-basic", X + "y = x.narrow(1, 1, 2)"),
    ("narrow-negative-dim", X + "y = x.narrow(-1, 2, 3)"),
    ("narrow-negative-start", X + "y = x.narrow(2, -2, 2)"),
    ("narrow-start-minus-len", X + "y = x.narrow(0, -3, 3)"),
    ("narrow-zero-length", X + "y = x.narrow(1, 2, 0)"),
    ("narrow-zero-length-end", X + "y = x.narrow(1, 4, 0)"),
    ("narrow-full-new-view", X + "y = x.narrow(0, 0, 3)"),
    ("narrow-zero-size", Z + "y = z.narrow(1, 0, 0)"),
    ("narrow-permuted", P + "y = p.narrow(0, 1, 3)"),
    ("narrow-of-view-offset", X + "t = x[1:]\ny = t.narrow(2, 1, 3)"),
    ("narrow-expanded", E + "y = e.narrow(0, 1, 2)"),
    ("narrow-tensor-start", X + "y = x.narrow(1, torch.tensor(1), 2)"),
    ("narrow-complex", "c = torch.tensor([1j, 2j, 3j, 4j])\ny = c.narrow(0, 1, 2)"),
    ("narrow-meta", "m = torch.zeros(4, 4, device='meta')\ny = m.narrow(1, 2, 2)"),
    ("fn-narrow", X + "y = torch.narrow(x, 2, 1, 2)"),
]

SELECT: Table = [
    ("select-basic", X + "y = x.select(0, 1)"),
    ("select-last-dim", X + "y = x.select(2, 3)"),
    ("select-negative-index", X + "y = x.select(1, -1)"),
    ("select-negative-dim", X + "y = x.select(-2, 0)"),
    ("select-1d-to-0d", V + "y = v.select(0, 7)"),
    ("select-permuted", P + "y = p.select(1, 2)"),
    ("select-expanded", E + "y = e.select(0, 3)\nw = e.select(1, 2)"),
    ("select-zero-other-dim", Z + "y = z.select(2, 1)"),
    ("select-of-view", X + "t = x[1:, ::2]\ny = t.select(1, 1)"),
    ("select-cl", "c = torch.zeros(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)\n"
                  "y = c.select(0, 1)"),
    ("select-bool", "b = torch.tensor([[True, False]])\ny = b.select(1, 1)"),
    ("fn-select", X + "y = torch.select(x, 1, 2)"),
]

DIAGONAL: Table = [
    ("diagonal-basic", M + "y = m.diagonal()"),
    ("diagonal-offset", M + "y = m.diagonal(2)"),
    ("diagonal-negative-offset", M + "y = m.diagonal(-3)"),
    ("diagonal-offset-past-end", M + "y = m.diagonal(6)"),
    ("diagonal-offset-far-past", M + "y = m.diagonal(10)"),
    ("diagonal-negative-past", M + "y = m.diagonal(-5)"),
    ("diagonal-dims", X + "y = x.diagonal(0, 1, 2)"),
    ("diagonal-dims-reversed", X + "y = x.diagonal(1, 2, 0)"),
    ("diagonal-negative-dims", X + "y = x.diagonal(-1, -1, -3)"),
    ("diagonal-kw", X + "y = x.diagonal(offset=1, dim1=1, dim2=2)"),
    ("diagonal-empty-offset-not-applied", "x = torch.arange(90.).view(3, 5, 6)[1:]\n"
                                          "y = x.diagonal(6, 1, 2)"),
    ("diagonal-neg-offset-view", "x = torch.arange(90.).view(3, 5, 6)[1:]\n"
                                 "y = x.diagonal(-2, 1, 2)"),
    ("diagonal-zero-size", "z = torch.zeros(0, 4)\ny = z.diagonal()"),
    ("diagonal-transposed", M + "t = m.t()\ny = t.diagonal(1)"),
    ("diagonal-expanded", E + "y = e.diagonal()"),
    ("diagonal-write", M + "y = m.diagonal()\ny.fill_(-1)"),
    ("fn-diagonal", M + "y = torch.diagonal(m, 1)"),
    ("fn-diagonal-kw", X + "y = torch.diagonal(x, 0, dim1=0, dim2=2)"),
]

UNFOLD: Table = [
    ("unfold-basic", V + "y = v.unfold(0, 3, 1)"),
    ("unfold-step", V + "y = v.unfold(0, 3, 2)"),
    ("unfold-step-past", V + "y = v.unfold(0, 4, 7)"),
    ("unfold-full", V + "y = v.unfold(0, 10, 1)"),
    ("unfold-size0", X + "y = x.unfold(2, 0, 1)"),
    ("unfold-middle", X + "y = x.unfold(1, 2, 1)"),
    ("unfold-negative-dim", X + "y = x.unfold(-1, 2, 2)"),
    ("unfold-0d", S + "y = s.unfold(0, 1, 1)"),
    ("unfold-0d-size0", S + "y = s.unfold(0, 0, 1)"),
    ("unfold-0d-neg-dim", S + "y = s.unfold(-1, 1, 5)"),
    ("unfold-zero-size-dim", Z + "y = z.unfold(1, 0, 1)"),
    ("unfold-zero-size-other", Z + "y = z.unfold(0, 2, 5)"),
    ("unfold-permuted", P + "y = p.unfold(0, 2, 2)"),
    ("unfold-offset", V + "t = v[3:]\ny = t.unfold(0, 2, 3)"),
    ("unfold-expanded", E + "y = e.unfold(0, 2, 1)"),
    ("unfold-then-write-overlap-error", V + "y = v.unfold(0, 3, 1)\ny.fill_(0)"),
    ("unfold-twice", V + "y = v.unfold(0, 4, 2)\nw = y.unfold(1, 2, 1)"),
]

GETITEM: Table = [
    ("gi-int", X + "y = x[1]"),
    ("gi-negative-int", X + "y = x[-1]"),
    ("gi-int-tuple", X + "y = x[1, 2]"),
    ("gi-int-to-0d", X + "y = x[1, 2, 3]"),
    ("gi-negative-all", X + "y = x[-3, -4, -5]"),
    ("gi-slice", X + "y = x[1:]"),
    ("gi-full-slice-new-view", X + "y = x[:]"),
    ("gi-slice-step", X + "y = x[::2]"),
    ("gi-slice-inner", X + "y = x[:, 1:3]"),
    ("gi-slice-inner-step", X + "y = x[:, :, ::3]"),
    ("gi-slice-negative", X + "y = x[-2:, :-1]"),
    ("gi-slice-past-end", X + "y = x[10:20]"),
    ("gi-slice-before-start", X + "y = x[-100:-50]"),
    ("gi-slice-reversed-bounds", X + "y = x[:, 3:1]"),
    ("gi-slice-step-past-end", X + "y = x[0:3:5]"),
    ("gi-slice-huge", X + "y = x[:, :2**70]"),
    ("gi-slice-huge-negative", X + "y = x[-2**70:]"),
    ("gi-none", X + "y = x[None]"),
    ("gi-none-middle", X + "y = x[:, None]"),
    ("gi-none-end", X + "y = x[..., None]"),
    ("gi-none-many", X + "y = x[None, 1, None, :, None]"),
    ("gi-ellipsis", X + "y = x[...]"),
    ("gi-ellipsis-int", X + "y = x[..., 2]"),
    ("gi-ellipsis-middle", X + "y = x[1, ..., 2]"),
    ("gi-two-ellipses", X + "y = x[..., 0, ...]"),
    ("gi-empty-tuple", X + "y = x[()]"),
    ("gi-noop-slices-tuple", X + "y = x[:, :]"),
    ("gi-int-then-none", X + "y = x[0, 0, 0, None, None]"),
    ("gi-true", X + "y = x[True]"),
    ("gi-false", X + "y = x[False]"),
    ("gi-int-true", X + "y = x[1, True]"),
    ("gi-none-true-int", X + "y = x[None, True, 0]"),
    ("gi-0d-true", S + "y = s[True]"),
    ("gi-0d-false", S + "y = s[False]"),
    ("gi-0d-none", S + "y = s[None]"),
    ("gi-0d-ellipsis", S + "y = s[...]"),
    ("gi-0d-empty-tuple", S + "y = s[()]"),
    ("gi-0d-none-none", S + "y = s[None, None]"),
    ("gi-0d-int-tensor", X + "y = x[torch.tensor(2)]"),
    ("gi-tensor-slice-bounds", X + "y = x[torch.tensor(1):, :torch.tensor(3), ::torch.tensor(2)]"),
    ("gi-permuted", P + "y = p[1:, 0, ::2]"),
    ("gi-transposed-true", "m = torch.arange(24.).view(4, 6).t()\ny = m[True]"),
    ("gi-expanded", E + "y = e[1:, 1]"),
    ("gi-zero-size", Z + "y = z[:, :, 1]"),
    ("gi-zero-size-slice", Z + "y = z[1:, 5:]"),
    ("gi-chain-base-root", X + "t = x[1]\nu = t[1:]\ny = u[:, None]"),
    ("gi-data-ptr-offset", X + "y = x[2, 3, 4]"),
    ("gi-bool-dtype", "b = torch.tensor([True, False, True])\ny = b[1:]"),
    ("gi-complex", "c = torch.tensor([[1j, 2.], [3., 4j]])\ny = c[:, 1]"),
    ("gi-meta", "m = torch.zeros(4, 5, device='meta')\ny = m[1:, ::2]"),
    ("gi-meta-int", "m = torch.zeros(4, 5, device='meta')\ny = m[2]"),
    ("gi-cl-slice", "c = torch.zeros(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)\n"
                    "y = c[:, 1:]"),
    ("gi-cl3d-slice", "c = torch.zeros(2, 3, 2, 2, 2).contiguous("
                      "memory_format=torch.channels_last_3d)\ny = c[:1]"),
]

ERRORS: Table = [
    ("err-narrow-0d", S + "y = s.narrow(0, 0, 1)"),
    ("err-narrow-negative-length", X + "y = x.narrow(1, 0, -1)"),
    ("err-narrow-negative-length-bad-dim", X + "y = x.narrow(5, 0, -1)"),
    ("err-narrow-dim", X + "y = x.narrow(3, 0, 1)"),
    ("err-narrow-start-range", X + "y = x.narrow(1, 5, 0)"),
    ("err-narrow-start-negative-range", X + "y = x.narrow(1, -5, 1)"),
    ("err-narrow-exceeds", X + "y = x.narrow(1, 2, 3)"),
    ("err-narrow-exceeds-wrapped", X + "y = x.narrow(2, -2, 3)"),
    ("err-narrow-zero-size", "z = torch.zeros(0, 3)\ny = z.narrow(0, -1, 0)"),
    ("err-narrow-float-tensor-start", X + "y = x.narrow(1, torch.tensor(1.0), 2)"),
    ("err-select-0d", S + "y = s.select(0, 0)"),
    ("err-select-range", X + "y = x.select(1, 4)"),
    ("err-select-range-negative", X + "y = x.select(1, -5)"),
    ("err-select-range-wrapped-dim", X + "y = x.select(-1, 5)"),
    ("err-select-dim", X + "y = x.select(3, 0)"),
    ("err-select-zero-size", Z + "y = z.select(1, 0)"),
    ("err-diagonal-same-dims", X + "y = x.diagonal(0, 1, 1)"),
    ("err-diagonal-same-dims-wrapped", X + "y = x.diagonal(0, 2, -1)"),
    ("err-diagonal-1d", V + "y = v.diagonal()"),
    ("err-diagonal-0d", S + "y = s.diagonal()"),
    ("err-diagonal-dim-range", M + "y = m.diagonal(0, 0, 2)"),
    ("err-unfold-size", V + "y = v.unfold(0, 11, 1)"),
    ("err-unfold-negative-size", V + "y = v.unfold(0, -1, 1)"),
    ("err-unfold-step0", V + "y = v.unfold(0, 2, 0)"),
    ("err-unfold-step-negative", V + "y = v.unfold(0, 2, -1)"),
    ("err-unfold-dim", V + "y = v.unfold(1, 2, 1)"),
    ("err-unfold-0d-size", S + "y = s.unfold(0, 2, 1)"),
    ("err-unfold-wrapped-dim-message", X + "y = x.unfold(-2, 5, 1)"),
    ("err-gi-int-range", X + "y = x[3]"),
    ("err-gi-int-range-negative", X + "y = x[-4]"),
    ("err-gi-inner-range", X + "y = x[0, 4]"),
    ("err-gi-real-dim-position", X + "y = x[None, 0, 10]"),
    ("err-gi-ellipsis-range", X + "y = x[..., 10]"),
    ("err-gi-too-many", X + "y = x[0, 0, 0, 0]"),
    ("err-gi-too-many-slices", X + "y = x[:, :, :, :]"),
    ("err-gi-0d-int", S + "y = s[0]"),
    ("err-gi-0d-slice", S + "y = s[:]"),
    ("err-gi-negative-step", X + "y = x[::-1]"),
    ("err-gi-negative-step-tuple", X + "y = x[:, ::-2]"),
    ("err-gi-zero-step", X + "y = x[::0]"),
    ("err-gi-float", X + "y = x[1.5]"),
    ("err-gi-str", X + "y = x['a']"),
    ("err-gi-too-many-before-type", X + "y = x[0, 0, 0, 'a']"),
    ("err-gi-float-tensor", X + "y = x[torch.tensor([1.0])]"),
    ("err-gi-zero-size-int", Z + "y = z[:, 0]"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    NARROW + SELECT + DIAGONAL + UNFOLD + GETITEM + ERRORS, ERRORS)
