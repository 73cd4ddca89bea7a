"""The functional inverses of views and the *_copy ops: slice_scatter (with out=),
select_scatter, diagonal_scatter and as_strided_scatter as functions and methods, which keep
the input's strides and storage offset over a copy of its whole storage (a stride-0 input is
cloned densely instead, a conj or neg input is resolved first); as_strided_scatter's offsets
and bounds against that copied storage, its overlapping and stride-0 views; the *_copy ops
(view_copy by size and dtype, as_strided_copy, transpose_copy, permute_copy, expand_copy,
unsqueeze_copy, squeeze_copy, diagonal_copy, select_copy, slice_copy, t_copy, unfold_copy,
detach_copy, alias_copy, view_as_real_copy, view_as_complex_copy, unbind_copy, split_copy,
split_with_sizes_copy), whose results are contiguous, and narrow_copy, whose CPU kernel
checks in its own words and memcpys into out= whatever its strides; out= tensors resized,
kept, or refused for their dtype; the errors of the view each op makes."""

from __future__ import annotations

from ._support import Table, table_tests

X = "x = torch.arange(6.).view(2, 3)\n"
# a view with an offset and a step: the scatter ops keep both over a copy of all 24 elements
S = "s = torch.arange(24.).view(4, 6)[1:, ::2]\n"
T = X + "t = x.t()\n"
E = "e = torch.arange(3.).expand(4, 3)\n"
CL = "c = torch.arange(24.).view(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)\n"
Z = "z = torch.tensor([1+2j, 3+4j, 5+6j, 7+8j]).view(2, 2)\n"
META = "m = torch.zeros(4, 6, device='meta')[1:, 1::2]\n"

SLICE: Table = [
    # a tensor without elements is dense, so no internal overlap: its storage is copied whole
    ("slice_scatter-empty-expanded-copies-storage",
     "e = torch.arange(2.).view(1, 2, 1).expand(0, 2, 8)\n"
     "y = e.slice_scatter(e, 2, None, None, 1)"),
    ("diagonal_scatter-empty-expanded-copies-storage",
     "e = torch.ones(1, 1, dtype=torch.bool).expand(0, 8)\n"
     "y = e.diagonal_scatter(torch.tensor([], dtype=torch.bool))"),
    ("slice_scatter-dim1", X + "y = torch.slice_scatter(x, torch.zeros(2, 1), 1, 0, 1)"),
    ("slice_scatter-defaults", X + "y = torch.slice_scatter(x, torch.ones(2, 3))"),
    ("slice_scatter-start-kw", X + "y = torch.slice_scatter(x, torch.ones(1, 3), start=1)"),
    ("slice_scatter-negative-dim-step", X + "y = torch.slice_scatter(x, torch.ones(2, 2), -1, "
                                        "step=2)"),
    ("slice_scatter-clamped-bounds", X + "y = torch.slice_scatter(x, torch.ones(2, 1), 1, -1, "
                                     "100)"),
    ("slice_scatter-empty-slice", X + "y = torch.slice_scatter(x, torch.ones(2, 0), 1, 2, 1)"),
    ("slice_scatter-method", X + "y = x.slice_scatter(torch.ones(1, 3), 0, 1, 2)"),
    ("slice_scatter-offset-input-keeps-geometry",
     S + "y = torch.slice_scatter(s, torch.zeros(3, 1), 1, 0, 1)\n"
         "w = torch.as_strided(y, (24,), (1,), 0)"),
    ("slice_scatter-transposed-keeps-strides", T + "y = torch.slice_scatter(t, torch.zeros(1, 2))"),
    ("slice_scatter-channels-last", CL + "y = c.slice_scatter(torch.zeros(2, 1, 2, 2), 1, 1, 2)"),
    ("slice_scatter-expanded-dense-clone", E + "y = torch.slice_scatter(e, torch.zeros(1, 3), 0, "
                                           "2, 3)"),
    ("slice_scatter-int-src-into-float", X + "y = torch.slice_scatter(x, torch.tensor([[7], "
                                         "[8]]), 1, 0, 1)"),
    ("slice_scatter-float-src-into-int", "a = torch.zeros(2, dtype=torch.int64)\n"
                                         "y = torch.slice_scatter(a, torch.tensor([2.7]), 0, 0, "
                                         "1)"),
    ("slice_scatter-f64-src-into-bool", "a = torch.zeros(2, dtype=torch.bool)\n"
                                        "y = a.slice_scatter(torch.tensor([0.5], "
                                        "dtype=torch.float64), 0, 1)"),
    ("slice_scatter-zero-size-dim", "a = torch.zeros(0, 3)\n"
                                    "y = torch.slice_scatter(a, torch.zeros(0, 1), 1, 1, 2)"),
    ("slice_scatter-size1-dims", "a = torch.zeros(1, 3, 1)[:, 1:]\n"
                                 "y = torch.slice_scatter(a, torch.ones(1, 1, 1), 1, 0, 1)"),
    ("slice_scatter-conj-input-resolved", Z + "y = torch.slice_scatter(z.conj(), torch.zeros(2, "
                                          "1, dtype=torch.complex64), 1, 0, 1)"),
    ("slice_scatter-conj-sliced-input", Z + "c = z.t()[1:].conj()\n"
                                        "y = torch.slice_scatter(c, torch.zeros(1, 1, "
                                        "dtype=torch.complex64), 1, 0, 1)"),
    ("slice_scatter-conj-src", Z + "y = torch.slice_scatter(z, z[:, :1].conj(), 1, 1, 2)"),
    ("slice_scatter-neg-input", Z + "n = z.conj().imag[1:]\n"
                                "y = torch.slice_scatter(n, torch.zeros(1, 2), 0, 0, 1)"),
    ("slice_scatter-undefined-input", "a = torch.empty(2, 3)\n"
                                      "y = torch.slice_scatter(a, torch.ones(1, 3), 0, 0, 1)"),
    ("slice_scatter-undefined-src", X + "y = torch.slice_scatter(x, torch.empty(1, 3), 0, 0, 1)"),
    ("slice_scatter-meta", META + "y = torch.slice_scatter(m, torch.zeros(3, 1, device='meta'), "
                                  "1, 0, 1)"),
    ("slice_scatter-out-right-shape", X + "o = torch.zeros(2, 3)\n"
                                      "y = torch.slice_scatter(x, torch.ones(1, 3), start=1, "
                                      "out=o)"),
    ("slice_scatter-out-transposed-kept", X + "o = torch.zeros(3, 2).t()\n"
                                          "y = torch.slice_scatter(x, torch.ones(1, 3), start=1, "
                                          "out=o)"),
    ("slice_scatter-out-resized", X + "o = torch.zeros(5)\n"
                                  "y = torch.slice_scatter(x, torch.ones(1, 3), start=1, out=o)"),
    ("slice_scatter-out-empty-resized", X + "o = torch.zeros(0)\n"
                                        "y = torch.slice_scatter(x, torch.ones(1, 3), out=o, "
                                        "start=1)"),
    ("slice_scatter-out-view-bumps-base", X + "b = torch.zeros(4, 3)\no = b[1:3]\n"
                                          "y = torch.slice_scatter(x, torch.ones(1, 3), "
                                          "out=o, start=1)"),
    ("slice_scatter-out-is-input", X + "y = torch.slice_scatter(x, torch.ones(1, 3), out=x)"),
]

SELECT_DIAGONAL: Table = [
    ("select_scatter-basic", X + "y = torch.select_scatter(x, torch.zeros(3), 0, 1)"),
    ("select_scatter-negative-index", X + "y = torch.select_scatter(x, torch.zeros(3), 0, -1)"),
    ("select_scatter-method-dim1", X + "y = x.select_scatter(torch.zeros(2), 1, 1)"),
    ("select_scatter-offset-input", S + "y = torch.select_scatter(s, torch.zeros(3), 1, 0)"),
    ("select_scatter-transposed", T + "y = torch.select_scatter(t, torch.zeros(2), 0, 1)"),
    ("select_scatter-expanded", E + "y = torch.select_scatter(e, torch.zeros(3), 0, 1)"),
    ("select_scatter-1d-0d-src", "a = torch.arange(3.)\ny = a.select_scatter(torch.tensor(9.), "
                                 "0, 2)"),
    ("select_scatter-empty-row", "a = torch.zeros(2, 0)\n"
                                 "y = torch.select_scatter(a, torch.zeros(0), 0, 1)"),
    ("select_scatter-f64-src", X + "y = torch.select_scatter(x, torch.tensor([1., 2., 3.], "
                                   "dtype=torch.float64), 0, 0)"),
    ("select_scatter-conj-src", Z + "y = torch.select_scatter(z, z[1].conj(), 0, 0)"),
    ("select_scatter-meta", META + "y = m.select_scatter(torch.zeros(3, device='meta'), 0, 2)"),
    ("diagonal_scatter-basic", X + "y = torch.diagonal_scatter(x, torch.ones(2))"),
    ("diagonal_scatter-offset", X + "y = torch.diagonal_scatter(x, torch.ones(2), 1)"),
    ("diagonal_scatter-offset-past-end", X + "y = torch.diagonal_scatter(x, torch.ones(0), 5)"),
    ("diagonal_scatter-method-swapped-dims", X + "y = x.diagonal_scatter(torch.ones(2), -1, 1, "
                                             "0)"),
    ("diagonal_scatter-3d", "a = torch.zeros(2, 3, 4)\n"
                            "y = torch.diagonal_scatter(a, torch.ones(4, 2), 0, 0, 1)"),
    ("diagonal_scatter-offset-input", S + "y = torch.diagonal_scatter(s, torch.zeros(3))"),
    ("diagonal_scatter-channels-last", CL + "y = torch.diagonal_scatter(c, torch.ones(2, 3, 2), "
                                            "0, 2, 3)"),
    ("diagonal_scatter-conj-input", Z + "y = torch.diagonal_scatter(z.conj(), torch.zeros(2, "
                                        "dtype=torch.complex64))"),
]

AS_STRIDED: Table = [
    ("as_strided_scatter-basic", X + "y = torch.as_strided_scatter(x, torch.ones(2, 2), (2, 2), "
                                     "(1, 2), 1)"),
    ("as_strided_scatter-method", X + "y = x.as_strided_scatter(torch.ones(2), (2,), (2,))"),
    ("as_strided_scatter-default-offset-is-input",
     "a = torch.arange(24.)[4:10].view(2, 3)\n"
     "y = torch.as_strided_scatter(a, torch.zeros(2), (2,), (2,))"),
    ("as_strided_scatter-offset-outside-the-view",
     "a = torch.arange(24.)[4:10].view(2, 3)\n"
     "y = torch.as_strided_scatter(a, torch.zeros(2), (2,), (2,), 0)\n"
     "w = torch.as_strided(y, (24,), (1,), 0)"),
    ("as_strided_scatter-bound-of-copied-storage",
     "a = torch.arange(24.)[4:10].view(2, 3)\n"
     "y = torch.as_strided_scatter(a, torch.zeros(2), (2,), (2,), 20)"),
    ("as_strided_scatter-transposed", T + "y = torch.as_strided_scatter(t, torch.zeros(2), (2,), "
                                          "(2,))"),
    ("as_strided_scatter-expanded-dense-clone", E + "y = torch.as_strided_scatter(e, "
                                                "torch.zeros(2), (2,), (1,))"),
    ("as_strided_scatter-overlapping-view", X + "y = torch.as_strided_scatter(x, "
                                            "torch.arange(4.).view(2, 2), (2, 2), (1, 1))"),
    ("as_strided_scatter-overlapping-equal-values", X + "y = torch.as_strided_scatter(x, "
                                                    "torch.ones(2, 2), (2, 2), (1, 1))"),
    ("as_strided_scatter-empty", X + "y = torch.as_strided_scatter(x, torch.ones(0, 2), (0, 2), "
                                     "(0, 0))"),
    ("as_strided_scatter-conj-input-own-storage",
     "z = torch.arange(8.).view(torch.complex64)\n"
     "y = torch.as_strided_scatter(z[1:3].conj(), torch.zeros(1, dtype=torch.complex64), (1,), "
     "(1,), 1)"),
    ("as_strided_scatter-neg-input", "z = torch.arange(8.).view(torch.complex64)\n"
                                     "n = z.conj().imag[1:]\n"
                                     "y = torch.as_strided_scatter(n, torch.zeros(1), (1,), (1,), "
                                     "1)"),
    ("as_strided_scatter-meta", META + "y = torch.as_strided_scatter(m, torch.zeros(2, "
                                       "device='meta'), (2,), (2,))"),
]

COPIES: Table = [
    ("view_copy-size", X + "y = torch.view_copy(x, (3, 2))"),
    ("view_copy-list-infer", X + "y = torch.view_copy(x, [-1, 2])"),
    ("view_copy-not-a-view-reshapes", T + "y = torch.view_copy(t, (6,))"),
    ("view_copy-viewable-transposed", T + "y = torch.view_copy(t, (3, 1, 2))"),
    ("view_copy-dtype-same-size", T + "y = torch.view_copy(t, torch.int32)"),
    ("view_copy-dtype-smaller", X + "y = torch.view_copy(x, torch.int16)"),
    ("view_copy-dtype-conj-resolved", "z = torch.tensor([1+2j, 3-4j])\n"
                                      "y = torch.view_copy(z.conj(), torch.float64)"),
    ("view_copy-dtype-keyword", X + "y = torch.view_copy(x, dtype=torch.int32)"),
    ("view_copy-out-resized", X + "o = torch.zeros(6)\ny = torch.view_copy(x, (3, 2), out=o)"),
    ("as_strided_copy-basic", X + "y = torch.as_strided_copy(x, (2, 2), (1, 2), 1)"),
    ("as_strided_copy-overlapping", X + "y = torch.as_strided_copy(x, (3, 3), (1, 1))"),
    ("as_strided_copy-stride0", X + "y = torch.as_strided_copy(x, (3, 3), (0, 1))"),
    ("as_strided_copy-conj-resolved-storage", "z = torch.arange(8.).view(torch.complex64)\n"
                                              "y = torch.as_strided_copy(z[1:3].conj(), (2,), "
                                              "(1,), 0)"),
    ("transpose_copy-contiguous-result", X + "y = torch.transpose_copy(x, 0, 1)"),
    ("transpose_copy-conj", Z + "y = torch.transpose_copy(z.conj(), 0, 1)"),
    ("transpose_copy-0d", "a = torch.tensor(3.)\ny = torch.transpose_copy(a, 0, -1)"),
    ("permute_copy-channels-last-identity", CL + "y = torch.permute_copy(c, (0, 1, 2, 3))"),
    ("permute_copy-list", CL + "y = torch.permute_copy(c, [0, 2, 3, 1])"),
    ("expand_copy-dense", "a = torch.arange(3.)\ny = torch.expand_copy(a, (2, 3))"),
    ("expand_copy-minus1-implicit", "a = torch.arange(3.).view(3, 1)\n"
                                    "y = torch.expand_copy(a, [2, -1, 4], implicit=True)"),
    ("expand_copy-stepped", "a = torch.arange(6.)[::2]\ny = torch.expand_copy(a, (2, 3))"),
    ("unsqueeze_copy-transposed", T + "y = torch.unsqueeze_copy(t, 0)"),
    ("squeeze_copy-all", "a = torch.zeros(2, 1, 3)\ny = torch.squeeze_copy(a)"),
    ("squeeze_copy-dim", "a = torch.zeros(1, 2, 1)\ny = torch.squeeze_copy(a, -1)"),
    ("squeeze_copy-dims", "a = torch.zeros(1, 2, 1)\ny = torch.squeeze_copy(a, (0, 2))"),
    ("squeeze_copy-not-size-1", "a = torch.zeros(1, 2, 1)\ny = torch.squeeze_copy(a, 1)"),
    ("diagonal_copy-basic", X + "y = torch.diagonal_copy(x)"),
    ("diagonal_copy-offset-dims", "a = torch.arange(24.).view(2, 3, 4)\n"
                                  "y = torch.diagonal_copy(a, -1, 2, 1)"),
    ("select_copy-transposed", T + "y = torch.select_copy(t, -1, -1)"),
    ("slice_copy-defaults", T + "y = torch.slice_copy(t)"),
    ("slice_copy-step", X + "y = torch.slice_copy(x, 1, 0, 3, 2)"),
    ("slice_copy-negative-start", X + "y = torch.slice_copy(x, 1, -2, None, 1)"),
    ("t_copy-2d", X + "y = torch.t_copy(x)"),
    ("t_copy-1d", "a = torch.arange(3.)\ny = torch.t_copy(a)"),
    ("unfold_copy-1d", "a = torch.arange(5.)\ny = torch.unfold_copy(a, 0, 2, 1)"),
    ("unfold_copy-2d", X + "y = torch.unfold_copy(x, 1, 2, 1)"),
    ("unfold_copy-0d", "a = torch.tensor(1.)\ny = torch.unfold_copy(a, 0, 1, 1)"),
    ("detach_copy-transposed", T + "y = torch.detach_copy(t)"),
    ("detach_copy-neg-view", "z = torch.tensor([1+2j, 3+4j])\nn = z.conj().imag\n"
                             "y = torch.detach_copy(n)"),
    ("alias_copy-expanded", E + "y = torch.alias_copy(e)"),
    ("alias_copy-channels-last", CL + "y = torch.alias_copy(c)"),
    ("view_as_real_copy-transposed", Z + "y = torch.view_as_real_copy(z.t())"),
    ("view_as_real_copy-conj-resolved", Z + "y = torch.view_as_real_copy(z.conj())"),
    ("view_as_complex_copy-basic", "a = torch.arange(6.).view(3, 2)\n"
                                   "y = torch.view_as_complex_copy(a)"),
    ("copy-ops-meta", "m = torch.zeros(2, 3, device='meta').t()\n"
                      "a = torch.transpose_copy(m, 0, 1)\nb = torch.expand_copy(m[:1], (4, 2))\n"
                      "c = torch.view_copy(m, (3, 2))\n"
                      "d = torch.as_strided_copy(m, (2, 2), (1, 1))"),
    ("copy-ops-undefined", "a = torch.empty(2, 3)\nb = torch.t_copy(a)\n"
                           "c = torch.select_copy(a, 0, 1)"),
    ("copy-ops-zero-size", "a = torch.zeros(0, 3)\nb = torch.t_copy(a)\n"
                           "c = torch.expand_copy(a, (2, 0, 3))\nd = torch.view_copy(a, (3, 0))"),
    ("copy-ops-bool-and-int", "a = torch.tensor([[True, False]])\nb = torch.t_copy(a)\n"
                              "c = torch.permute_copy(torch.arange(4).view(2, 2), (1, 0))"),
    ("copy-out-right-shape", X + "o = torch.zeros(3, 2)\ny = torch.transpose_copy(x, 0, 1, "
                                 "out=o)"),
    ("copy-out-transposed-kept", X + "o = torch.zeros(2, 3).t()\n"
                                     "y = torch.transpose_copy(x, 0, 1, out=o)"),
    ("copy-out-resized-warns", X + "o = torch.zeros(2, 3)\n"
                                   "y = torch.transpose_copy(x, 0, 1, out=o)"),
    ("copy-out-empty-resized", X + "o = torch.zeros(0)\ny = torch.select_copy(x, 0, 1, out=o)"),
    ("copy-out-offset-view", X + "b = torch.zeros(10)\no = b[4:]\n"
                                 "y = torch.diagonal_copy(x, out=b[4:6])"),
]

NARROW: Table = [
    ("narrow_copy-basic", X + "y = torch.narrow_copy(x, 1, 1, 2)"),
    ("narrow_copy-method", X + "y = x.narrow_copy(1, 1, 2)"),
    ("narrow_copy-negative-start", X + "y = torch.narrow_copy(x, 0, -1, 1)"),
    ("narrow_copy-negative-dim", X + "y = torch.narrow_copy(x, -1, 0, 1)"),
    ("narrow_copy-full-transposed", T + "y = torch.narrow_copy(t, 0, 0, 3)"),
    ("narrow_copy-channels-last", CL + "y = torch.narrow_copy(c, 1, 0, 2)"),
    ("narrow_copy-zero-length", X + "y = torch.narrow_copy(x, 1, 3, 0)"),
    ("narrow_copy-zero-size-input", "a = torch.zeros(0, 3)\ny = torch.narrow_copy(a, 1, 1, 1)"),
    ("narrow_copy-tensor-start", X + "y = torch.narrow_copy(x, 0, torch.tensor(1), 1)"),
    ("narrow_copy-conj", "z = torch.tensor([1j, 2])\ny = torch.narrow_copy(z.conj(), 0, 0, 1)"),
    ("narrow_copy-bool", "a = torch.tensor([True, False, True])\n"
                         "y = torch.narrow_copy(a, 0, 1, 2)"),
    ("narrow_copy-undefined", "a = torch.empty(3)\ny = torch.narrow_copy(a, 0, 1, 1)"),
    ("narrow_copy-meta", "m = torch.zeros(2, 3, device='meta')\n"
                         "y = torch.narrow_copy(m, 0, 1, 1)"),
    # the kernel memcpys into out as if it were contiguous: a transposed out reads transposed
    ("narrow_copy-out-transposed-memcpy", X + "o = torch.zeros(2, 2).t()\n"
                                              "y = torch.narrow_copy(x, 1, 0, 2, out=o)"),
    ("narrow_copy-out-resized-quietly", X + "o = torch.zeros(5)\n"
                                            "y = torch.narrow_copy(x, 1, 0, 2, out=o)"),
    ("narrow_copy-out-grows-storage", X + "o = torch.zeros(1)\n"
                                          "y = torch.narrow_copy(x, 1, 0, 2, out=o)"),
    ("narrow_copy-out-offset-view", X + "b = torch.zeros(8)\n"
                                        "y = torch.narrow_copy(x, 1, 1, 1, out=b[2:4])"),
]

PIECES: Table = [
    ("unbind_copy-transposed", T + "y = torch.unbind_copy(t)"),
    ("unbind_copy-dim1", X + "y = torch.unbind_copy(x, 1)"),
    ("unbind_copy-zero-size", "a = torch.zeros(0, 3)\ny = torch.unbind_copy(a)"),
    ("split_copy-transposed", T + "y = torch.split_copy(t, 2)"),
    ("split_copy-dim1", X + "y = torch.split_copy(x, 2, 1)"),
    ("split_with_sizes_copy-transposed", T + "y = torch.split_with_sizes_copy(t, [1, 2])"),
    ("unbind_copy-out-resized-bumps", X + "o = [torch.zeros(2), torch.zeros(3)]\n"
                                          "y = torch.unbind_copy(x, out=o)"),
    ("unbind_copy-out-transposed-resized", X + "o = [torch.zeros(3, 1).t(), torch.zeros(3)]\n"
                                               "y = torch.unbind_copy(x, out=o)"),
    ("split_copy-out-broadcasts", X + "o = [torch.zeros(2, 3), torch.zeros(1, 3)]\n"
                                      "y = torch.split_copy(x, 1, out=o)"),
    ("split_copy-out-converts-dtype", X + "o = [torch.zeros(1, 3, dtype=torch.int64), "
                                          "torch.zeros(1, 3)]\ny = torch.split_copy(x, 1, out=o)"),
    ("split_with_sizes_copy-out-resized", X + "o = [torch.zeros(5), torch.zeros(2, 2).t()]\n"
                                              "y = torch.split_with_sizes_copy(x, [1, 2], 1, "
                                              "out=o)"),
    ("split_with_sizes_copy-out-empty-resized", X + "o = [torch.zeros(0), torch.zeros(0)]\n"
                                                    "y = torch.split_with_sizes_copy(x, [1, 2], "
                                                    "1, out=o)"),
]

ERRORS: Table = [
    ("err-slice_scatter-src-shape", X + "y = torch.slice_scatter(x, torch.zeros(2, 2), 1, 0, 1)"),
    ("err-slice_scatter-src-no-broadcast", X + "y = torch.slice_scatter(x, torch.zeros(1), 1, 0, "
                                               "1)"),
    ("err-slice_scatter-step-zero", X + "y = x.slice_scatter(torch.zeros(2, 3), step=0)"),
    ("err-slice_scatter-step-negative", X + "y = x.slice_scatter(torch.zeros(2, 3), step=-1)"),
    ("err-slice_scatter-dim", X + "y = x.slice_scatter(torch.zeros(2, 3), dim=2)"),
    ("err-slice_scatter-0d", "y = torch.slice_scatter(torch.tensor(1.), torch.tensor(2.), 1)"),
    ("err-slice_scatter-src-scalar", X + "y = torch.slice_scatter(x, 1., 0, 0, 1)"),
    ("err-slice_scatter-method-src-scalar", X + "y = x.slice_scatter(1., 0, 0, 1)"),
    ("err-slice_scatter-out-dtype", X + "o = torch.zeros(2, 3, dtype=torch.int64)\n"
                                        "y = torch.slice_scatter(x, torch.ones(1, 3), start=1, "
                                        "out=o)"),
    ("err-slice_scatter-out-expanded", X + "o = torch.zeros(3).expand(2, 3)\n"
                                           "y = torch.slice_scatter(x, torch.ones(1, 3), "
                                           "start=1, out=o)"),
    ("err-select_scatter-src-shape", X + "y = torch.select_scatter(x, torch.zeros(2), 0, 1)"),
    ("err-select_scatter-0d-src", X + "y = torch.select_scatter(x, torch.tensor(5.), 0, 1)"),
    ("err-select_scatter-index", X + "y = torch.select_scatter(x, torch.zeros(3), 0, 2)"),
    ("err-select_scatter-empty-dim", "a = torch.zeros(0, 2)\n"
                                     "y = torch.select_scatter(a, torch.zeros(2), 0, 0)"),
    ("err-select_scatter-0d", "y = torch.select_scatter(torch.tensor(1.), torch.tensor(2.), 0, "
                              "0)"),
    ("err-select_scatter-no-out", X + "y = torch.select_scatter(x, torch.zeros(3), 0, 1, "
                                      "out=torch.zeros(2, 3))"),
    ("err-diagonal_scatter-src-shape", X + "y = x.diagonal_scatter(torch.ones(3))"),
    ("err-diagonal_scatter-same-dims", X + "y = torch.diagonal_scatter(x, torch.ones(2), 0, 1, "
                                           "1)"),
    ("err-diagonal_scatter-1d", "y = torch.diagonal_scatter(torch.zeros(2), torch.zeros(1))"),
    ("err-as_strided_scatter-out-of-bounds", X + "y = torch.as_strided_scatter(x, torch.ones(2, "
                                                 "2), (2, 2), (3, 3), 3)"),
    ("err-as_strided_scatter-past-copied-storage",
     "a = torch.arange(24.)[4:10].view(2, 3)\n"
     "y = torch.as_strided_scatter(a, torch.zeros(2), (2,), (2,), 23)"),
    ("err-as_strided_scatter-conj-bounds", "z = torch.arange(8.).view(torch.complex64)\n"
                                           "y = torch.as_strided_scatter(z[1:3].conj(), "
                                           "torch.zeros(1, dtype=torch.complex64), (1,), (1,), "
                                           "2)"),
    ("err-as_strided_scatter-stride0-overlap", X + "y = torch.as_strided_scatter(x, "
                                                   "torch.ones(2, 2), (2, 2), (0, 1))"),
    ("err-as_strided_scatter-src-shape", X + "y = torch.as_strided_scatter(x, torch.ones(2), "
                                             "(2, 2), (1, 1))"),
    ("err-as_strided_scatter-negative-stride", X + "y = torch.as_strided_scatter(x, "
                                                   "torch.ones(2), (2,), (-1,))"),
    ("err-as_strided_scatter-lengths", X + "y = torch.as_strided_scatter(x, torch.ones(2), (2,), "
                                           "(1, 1))"),
    ("err-as_strided_scatter-negative-offset", X + "y = torch.as_strided_scatter(x, "
                                                   "torch.ones(2), (2,), (2,), -1)"),
    ("err-view_copy-shape", T + "y = torch.view_copy(t, (4,))"),
    ("err-view_copy-varargs", X + "y = torch.view_copy(x, 3, 2)"),
    ("err-view_copy-int-size", X + "y = torch.view_copy(x, 6)"),
    ("err-view_copy-dtype-stride", T + "y = torch.view_copy(t, torch.int16)"),
    ("err-view_copy-dtype-size", X + "y = torch.view_copy(x, torch.float64)"),
    ("err-as_strided_copy-bounds", X + "y = torch.as_strided_copy(x, (3, 3), (1, 1), 2)"),
    ("err-as_strided_copy-conj-bounds", "z = torch.arange(8.).view(torch.complex64)\n"
                                        "y = torch.as_strided_copy(z[1:3].conj(), (2,), (1,), 1)"),
    ("err-permute_copy-length", X + "y = torch.permute_copy(x, (0,))"),
    ("err-permute_copy-varargs", X + "y = torch.permute_copy(x, 1, 0)"),
    ("err-expand_copy-mismatch", X + "y = torch.expand_copy(x, (2, 4))"),
    ("err-expand_copy-too-few", X + "y = torch.expand_copy(x, (3,))"),
    ("err-squeeze_copy-dim", "a = torch.zeros(1, 2, 1)\ny = torch.squeeze_copy(a, 3)"),
    ("err-t_copy-3d", "a = torch.zeros(1, 2, 1)\ny = torch.t_copy(a)"),
    ("err-select_copy-0d", "y = torch.select_copy(torch.tensor(1.), 0, 0)"),
    ("err-slice_copy-0d", "y = torch.slice_copy(torch.tensor(1.), 1)"),
    ("err-slice_copy-step", X + "y = torch.slice_copy(x, 1, 0, None, 0)"),
    ("err-diagonal_copy-1d", "y = torch.diagonal_copy(torch.ones(3))"),
    ("err-unfold_copy-size", "a = torch.arange(5.)\ny = torch.unfold_copy(a, 0, 6, 1)"),
    ("err-view_as_real_copy-float", "y = torch.view_as_real_copy(torch.ones(2))"),
    ("err-view_as_complex_copy-last-dim", "y = torch.view_as_complex_copy(torch.ones(3))"),
    ("err-view_as_complex_copy-stride", "y = torch.view_as_complex_copy(torch.ones(2, 3).t())"),
    ("err-view_as_complex_copy-int", "y = torch.view_as_complex_copy(torch.ones(3, 2, "
                                     "dtype=torch.int64))"),
    ("err-copy-out-dtype", X + "o = torch.zeros(3, 2, dtype=torch.float64)\n"
                               "y = torch.transpose_copy(x, 0, 1, out=o)"),
    ("err-copy-out-dtype-after-resize", X + "o = torch.zeros(2, dtype=torch.int64)\n"
                                            "y = torch.t_copy(x, out=o)"),
    ("err-narrow_copy-0d", "y = torch.narrow_copy(torch.tensor(1.), 0, 0, 1)"),
    ("err-narrow_copy-negative-length", X + "y = torch.narrow_copy(x, 0, 0, -1)"),
    ("err-narrow_copy-start", X + "y = torch.narrow_copy(x, 0, 3, 0)"),
    ("err-narrow_copy-exceeds", X + "y = x.narrow_copy(0, 1, 2)"),
    ("err-narrow_copy-positive-dim", X + "y = torch.narrow_copy(x, 2, 0, 1)"),
    ("err-narrow_copy-negative-dim", X + "y = torch.narrow_copy(x, -3, 0, 1)"),
    ("err-narrow_copy-out-dtype-first", X + "o = torch.zeros(2, 2, dtype=torch.float64)\n"
                                            "y = torch.narrow_copy(x, 5, 0, 2, out=o)"),
    ("err-unbind_copy-out-count", X + "y = torch.unbind_copy(x, out=[torch.zeros(3)])"),
    ("err-unbind_copy-out-dtype", X + "y = torch.unbind_copy(x, out=[torch.zeros(3, "
                                      "dtype=torch.int64), torch.zeros(3)])"),
    ("err-split_copy-out-count", X + "y = torch.split_copy(x, 1, out=[torch.zeros(1, 3)])"),
    ("err-split_copy-out-no-resize", X + "y = torch.split_copy(x, 1, out=[torch.zeros(3), "
                                         "torch.zeros(1, 3)])"),
    ("err-split_copy-out-empty", X + "y = torch.split_copy(x, 1, out=[torch.zeros(0), "
                                     "torch.zeros(1, 3)])"),
    ("err-split_with_sizes_copy-out-count", X + "y = torch.split_with_sizes_copy(x, [1, 2], 1, "
                                                "out=[torch.zeros(2, 1)])"),
    ("err-split_with_sizes_copy-out-dtype", X + "y = torch.split_with_sizes_copy(x, [1, 2], 1, "
                                                "out=[torch.zeros(2, 1, dtype=torch.int64), "
                                                "torch.zeros(2, 2)])"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    SLICE + SELECT_DIAGONAL + AS_STRIDED + COPIES + NARROW + PIECES + ERRORS, ERRORS)
