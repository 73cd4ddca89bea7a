"""joins: torch.cat / concat / concatenate (one tensor, the same tensor twice, tuples, dim and
axis=, the legacy skip of 1-d empty inputs, type promotion over all inputs, the output memory
format: channels_last only when every input suggests it, contiguous otherwise), torch.stack
(cat along an existing dim then a view that splits it, or cat of unsqueezed inputs when the
new dim is last; the result is no view), hstack, vstack / row_stack, dstack and column_stack;
conj inputs, undefined input values, meta tensors; out= kept with its strides, resized with
the warning (restrided to cat's memory format, or contiguous by stack's own resize), grown,
conjugate, overlapping the inputs in ways torch cannot tell; and the errors, worded as torch
2.13 words them on CPU."""

from __future__ import annotations

from ._support import Table, table_tests

A = "a = torch.arange(6.).view(2, 3)\n"
B = "b = torch.arange(10., 16.).view(2, 3)\n"
V = "v = torch.arange(3.)\n"
N = "n = torch.zeros(0)\n"
CL = ("c = torch.arange(24.).view(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)\n"
      "d = torch.arange(24., 48.).view(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)\n")
NC = "k = torch.arange(24.).view(2, 3, 2, 2)\n"
# channels_last strides reached by permuting, not by .contiguous(memory_format=...)
PM = "p = torch.arange(24.).view(2, 2, 2, 3).permute(0, 3, 1, 2)\n"
X = "x = torch.tensor([1+2j, 3-4j])\n"

CAT: Table = [
    ("cat-one-tensor-is-a-copy", A + "z = torch.cat([a])"),
    ("cat-same-tensor-twice", A + "z = torch.cat([a, a])"),
    ("cat-dim1", A + B + "z = torch.cat([a, b], 1)"),
    ("cat-dim-negative", A + B + "z = torch.cat([a, b, a], dim=-1)"),
    ("cat-tuple", A + B + "z = torch.cat((a, b))"),
    ("cat-axis-keyword", A + B + "z = torch.cat([a, b], axis=1)"),
    ("cat-dim-0d-int-tensor", A + B + "z = torch.cat([a, b], torch.tensor(1))"),
    ("concat-alias", A + B + "z = torch.concat([a, b], 1)"),
    ("concatenate-alias", A + B + "z = torch.concatenate((a, b), axis=0)"),
    ("cat-uneven-sizes", A + "z = torch.cat([a, a[:, :1], a[:, 1:]], 1)"),
    ("cat-1d", V + "z = torch.cat([v, v[1:], v[:0]])"),
    ("cat-sliced-offset-inputs", "w = torch.arange(20.).view(4, 5)\n"
                                 "z = torch.cat([w[1:3, 1:4], w[2:, :3]])"),
    ("cat-size1-dims", "z = torch.cat([torch.ones(1, 3, 1), torch.zeros(1, 3, 1)], 2)"),
    ("cat-zero-size-part", A + "z = torch.cat([a, torch.zeros(2, 0)], 1)"),
    ("cat-all-zero-size-strides", "z = torch.cat([torch.zeros(0, 3), torch.zeros(0, 3)], 1)"),
    ("cat-zero-middle-dim-strides", "z = torch.cat([torch.zeros(3, 0, 2), torch.zeros(3, 0, 2)])"),
    # the legacy rule: 1-d inputs of size 0 are skipped, for shapes and for dim wrapping
    ("cat-skip-first", A + N + "z = torch.cat([n, a], 1)"),
    ("cat-skip-middle-last", A + N + "z = torch.cat([a, n, a, n], -1)"),
    ("cat-skip-all-dim-not-wrapped", N + "z = torch.cat([n, n], dim=5)"),
    ("cat-skip-all-promotes", "z = torch.cat([torch.zeros(0, dtype=torch.int32), "
                              "torch.zeros(0, dtype=torch.float64)], -9)"),
    ("cat-skipped-dtype-promotes", A + "z = torch.cat([torch.zeros(0, dtype=torch.float64), a])"),
    ("cat-skipped-last-promotes", A + "z = torch.cat([a, torch.zeros(0, dtype=torch.complex64)])"),
    ("cat-skip-only-1d", "z = torch.cat([torch.zeros(0, 3), torch.zeros(0)], 1)"),
    # dtypes: result_type over every input
    ("cat-int-float", A + "z = torch.cat([a.to(torch.int32), a])"),
    ("cat-bool-uint8-int8", "z = torch.cat([torch.tensor([True, False]), "
                            "torch.tensor([200], dtype=torch.uint8), "
                            "torch.tensor([-1], dtype=torch.int8)])"),
    ("cat-f16-bf16", "z = torch.cat([torch.ones(2, dtype=torch.float16), "
                     "torch.ones(2, dtype=torch.bfloat16)])"),
    ("cat-float-complex", X + "z = torch.cat([torch.ones(2, dtype=torch.float64), x])"),
    ("cat-conj-input", X + "z = torch.cat([x.conj(), x])"),
    ("cat-undefined-values-stay-put", A + "e = torch.empty(2, 3)\nz = torch.cat([a, e, a], 1)"),
    ("cat-undefined-promoted", "e = torch.empty(2, dtype=torch.int32)\n"
                               "z = torch.cat([torch.ones(3), e])"),
    ("cat-meta", "m = torch.zeros(2, 3, device='meta')\nz = torch.cat([m, m.t().t()], 1)"),
    ("cat-meta-channels-last", "m = torch.zeros(2, 3, 2, 2, device='meta')"
                               ".contiguous(memory_format=torch.channels_last)\n"
                               "z = torch.cat([m, m], 1)"),
]

CAT_LAYOUT: Table = [
    ("cat-layout-cl-dim1", CL + "z = torch.cat([c, d], 1)"),
    ("cat-layout-cl-dim0", CL + "z = torch.cat([c, d])"),
    ("cat-layout-cl-dim-last", CL + "z = torch.cat([c, d], -1)"),
    ("cat-layout-cl-then-contiguous", CL + NC + "z = torch.cat([c, k], 1)"),
    ("cat-layout-contiguous-then-cl", CL + NC + "z = torch.cat([k, c], 1)"),
    ("cat-layout-contiguous-cl-transposed",
     CL + NC + "t = torch.arange(24.).view(3, 2, 2, 2).transpose(0, 1)\n"
               "z = torch.cat([k, c, t], 1)"),
    ("cat-layout-cl-transposed", CL + "t = torch.arange(24.).view(3, 2, 2, 2).transpose(0, 1)\n"
                                      "z = torch.cat([c, t], 1)"),
    ("cat-layout-permuted-is-cl", CL + PM + "z = torch.cat([p, c])"),
    ("cat-layout-skip-makes-contiguous", CL + N + "z = torch.cat([n, c, d], 1)"),
    ("cat-layout-cl-sliced-nondense", CL + "z = torch.cat([c[:, ::2], d[:, 1:]], 1)"),
    ("cat-layout-cl-size1-channel", "c = torch.zeros(2, 1, 2, 2)"
                                    ".contiguous(memory_format=torch.channels_last)\n"
                                    "z = torch.cat([c, c], 1)"),
    ("cat-layout-nchw-size1-channel", "z = torch.cat([torch.zeros(2, 1, 2, 2), "
                                      "torch.zeros(2, 1, 2, 2)])"),
    ("cat-layout-cl-1x1", "c = torch.zeros(2, 3, 1, 1)"
                          ".contiguous(memory_format=torch.channels_last)\n"
                          "z = torch.cat([c, c])"),
    ("cat-layout-cl-zero-size", "c = torch.zeros(2, 3, 0, 2)"
                                ".contiguous(memory_format=torch.channels_last)\n"
                                "z = torch.cat([c, c], 1)"),
    ("cat-layout-cl-3d", "c = torch.arange(48.).view(2, 3, 2, 2, 2)"
                         ".contiguous(memory_format=torch.channels_last_3d)\n"
                         "z = torch.cat([c, c], 2)"),
    ("cat-layout-transposed-2d", A + "z = torch.cat([a.t(), a.t()], 1)"),
    ("cat-layout-expanded", "e = torch.arange(3.).expand(2, 3)\nz = torch.cat([e, e])"),
    ("cat-layout-cl-expanded", "e = torch.arange(3.).view(1, 3, 1, 1).expand(2, 3, 2, 2)\n"
                               "z = torch.cat([e, e], 1)"),
]

STACK: Table = [
    ("stack-dim0", A + B + "z = torch.stack([a, b])"),
    ("stack-dim1", A + B + "z = torch.stack((a, b), 1)"),
    ("stack-dim-last", A + B + "z = torch.stack([a, b], -1)"),
    ("stack-dim-negative-middle", A + B + "z = torch.stack([a, b, a], dim=-2)"),
    ("stack-axis-keyword", A + B + "z = torch.stack([a, b], axis=2)"),
    ("stack-one-tensor", A + "z = torch.stack([a])"),
    ("stack-0d", "z = torch.stack([torch.tensor(1.), torch.tensor(2)])"),
    ("stack-0d-dim-negative", "z = torch.stack([torch.tensor(1.), torch.tensor(2.)], -1)"),
    ("stack-promotes", A + "z = torch.stack([a.to(torch.int8), a.to(torch.float16)], 1)"),
    ("stack-conj", X + "z = torch.stack([x.conj(), x], 1)"),
    ("stack-undefined", A + "e = torch.empty(2, 3)\nz = torch.stack([e, a], 2)"),
    ("stack-zero-size", "e = torch.zeros(0, 3)\nz = torch.stack([e, e], 1)"),
    ("stack-zero-size-last", "e = torch.zeros(3, 0)\nz = torch.stack([e, e], 2)"),
    ("stack-transposed-dim0", A + "z = torch.stack([a.t(), a.t()])"),
    ("stack-transposed-last", A + "z = torch.stack([a.t(), a.t()], 2)"),
    ("stack-strided-last", V + "z = torch.stack([v[::2], v[1::2]], -1)"),
    ("stack-cl-dim0", CL + "z = torch.stack([c, d])"),
    ("stack-cl-dim1", CL + "z = torch.stack([c, d], 1)"),
    ("stack-cl-dim3", CL + "z = torch.stack([c, d], 3)"),
    ("stack-cl-last", CL + "z = torch.stack([c, d], 4)"),
    ("stack-cl-mixed", CL + NC + "z = torch.stack([c, k], 2)"),
    # unsqueezed at the end, these inputs have channels_last strides as 4-d tensors
    ("stack-last-unsqueezed-looks-cl",
     "s = torch.empty_strided((2, 1, 4), (4, 1, 1)).fill_(1.)\nz = torch.stack([s, s], 3)"),
    ("stack-meta-cl", "m = torch.zeros(2, 3, 2, 2, device='meta')"
                      ".contiguous(memory_format=torch.channels_last)\n"
                      "z = torch.stack([m, m], 1)"),
]

STACKS: Table = [
    ("hstack-1d", V + "z = torch.hstack([v, v[:2]])"),
    ("hstack-2d", A + B + "z = torch.hstack((a, b))"),
    ("hstack-0d", "z = torch.hstack([torch.tensor(1.), torch.tensor(2)])"),
    ("hstack-0d-and-1d", V + "z = torch.hstack([torch.tensor(7.), v])"),
    ("hstack-cl", CL + "z = torch.hstack([c, d])"),
    ("vstack-1d", V + "z = torch.vstack([v, v])"),
    ("vstack-1d-and-2d", A + V + "z = torch.vstack([v, a])"),
    ("vstack-0d", "z = torch.vstack([torch.tensor(1.), torch.tensor(2.)])"),
    ("vstack-cl", CL + "z = torch.vstack([c, d])"),
    ("row_stack-alias", A + V + "z = torch.row_stack((a, v))"),
    ("dstack-1d", V + "z = torch.dstack([v, v])"),
    ("dstack-2d", A + B + "z = torch.dstack([a, b])"),
    ("dstack-0d", "z = torch.dstack([torch.tensor(1.), torch.tensor(2.)])"),
    ("dstack-cl", CL + "z = torch.dstack([c, d])"),
    ("column_stack-1d", V + "z = torch.column_stack([v, v])"),
    ("column_stack-mixed", V + "z = torch.column_stack([torch.tensor(5.), v[:1], "
                               "torch.ones(1, 2)])"),
]

OUT: Table = [
    ("cat-out-right-shape-transposed-kept", A + B + "o = torch.zeros(3, 4).t()\n"
                                                    "z = torch.cat([a, b], out=o)"),
    ("cat-out-right-shape-cl-kept-for-contiguous-inputs",
     NC + "o = torch.zeros(4, 3, 2, 2).contiguous(memory_format=torch.channels_last)\n"
          "z = torch.cat([k, k], out=o)"),
    ("cat-out-right-shape-contiguous-kept-for-cl-inputs",
     CL + "o = torch.zeros(2, 6, 2, 2)\nz = torch.cat([c, d], 1, out=o)"),
    ("cat-out-resized-warns", A + B + "o = torch.zeros(5)\nz = torch.cat([a, b], 1, out=o)"),
    ("cat-out-resized-cl", CL + "o = torch.zeros(1)\nz = torch.cat([c, d], 1, out=o)"),
    ("cat-out-resized-transposed-to-contiguous", A + "o = torch.zeros(2, 2).t()\n"
                                                     "z = torch.cat([a, a], out=o)"),
    ("cat-out-empty-grows", A + "o = torch.empty(0)\nz = torch.cat([a, a], out=o)"),
    ("cat-out-wider-dtype", A + "o = torch.zeros(4, 3, dtype=torch.float64)\n"
                                "z = torch.cat([a, a], out=o)"),
    ("cat-out-int-from-bool", "o = torch.zeros(3, dtype=torch.int64)\n"
                              "z = torch.cat([torch.tensor([True, False, True])], out=o)"),
    ("cat-out-slice-of-base", A + "w = torch.zeros(5, 3)\n"
                                  "z = torch.cat([a, a[:1]], out=w[2:])"),
    ("cat-out-all-skipped-resized", N + "o = torch.zeros(2, 2)\nz = torch.cat([n, n], out=o)"),
    ("cat-out-all-skipped-expanded-no-overlap-check",
     N + "o = torch.zeros(1).expand(3)\nz = torch.cat([n], out=o)"),
    ("cat-out-conj", X + "o = torch.zeros(4, dtype=torch.complex64).conj()\n"
                         "z = torch.cat([x, x], out=o)"),
    ("cat-out-conj-input", X + "o = torch.zeros(4, dtype=torch.complex64)\n"
                               "z = torch.cat([x.conj(), x], out=o)"),
    ("cat-out-undefined-input", "e = torch.empty(2)\no = torch.zeros(4)\n"
                                "z = torch.cat([torch.ones(2), e], out=o)"),
    # out non-dense: the overlap is too hard to tell, copies run input after input
    ("cat-out-strided-reads-earlier-slice", "w = torch.arange(8.)\n"
                                            "z = torch.cat([w[4:6], w[0:2]], out=w[::2])"),
    ("cat-out-strided-overlaps-input", "w = torch.arange(8.)\n"
                                       "z = torch.cat([w[1:3]], out=w[::2][:2])"),
    ("cat-out-meta", "m = torch.zeros(2, 3, device='meta')\no = torch.zeros(1, device='meta')\n"
                     "z = torch.cat([m, m], 1, out=o)"),
    ("stack-out-right-shape", A + B + "o = torch.zeros(2, 2, 3)\nz = torch.stack([a, b], out=o)"),
    ("stack-out-permuted-viewable", A + B + "o = torch.zeros(3, 2, 2).permute(1, 0, 2)\n"
                                            "z = torch.stack([a, b], 1, out=o)"),
    ("stack-out-permuted-not-viewable", A + B + "o = torch.zeros(3, 2, 2).permute(2, 1, 0)\n"
                                                "z = torch.stack([a, b], out=o)"),
    ("stack-out-resized-contiguous-for-cl", CL + "o = torch.zeros(1)\n"
                                                 "z = torch.stack([c, d], 1, out=o)"),
    ("stack-out-resized-last-cl3d", CL + "o = torch.zeros(1)\n"
                                         "z = torch.stack([c, d], 4, out=o)"),
    ("stack-out-last-dim-kept", A + "o = torch.zeros(2, 2, 3).permute(1, 2, 0)\n"
                                    "z = torch.stack([a, a], -1, out=o)"),
    ("stack-out-0d", "o = torch.zeros(3)\n"
                     "z = torch.stack([torch.tensor(1.), torch.tensor(2.)], out=o)"),
    ("hstack-out", A + "o = torch.zeros(2, 6).t().t()\nz = torch.hstack([a, a], out=o)"),
    ("vstack-out-resized", V + "o = torch.zeros(1)\nz = torch.vstack([v, v], out=o)"),
    ("dstack-out-permuted-kept", A + "o = torch.zeros(2, 2, 3).permute(1, 2, 0)\n"
                                     "z = torch.dstack([a, a], out=o)"),
    ("column_stack-out", V + "o = torch.zeros(0)\nz = torch.column_stack([v, v], out=o)"),
]

ERRORS: Table = [
    ("err-cat-empty-list", "z = torch.cat([])"),
    ("err-concat-empty-list", "z = torch.concat(())"),
    ("err-cat-0d-first", V + "z = torch.cat([torch.tensor(1.), v])"),
    ("err-cat-0d-second", V + "z = torch.cat([v, torch.tensor(1.)])"),
    ("err-cat-0d-after-skipped", N + "z = torch.cat([n, torch.tensor(1.)])"),
    ("err-cat-dim-out-of-range", A + "z = torch.cat([a, a], 2)"),
    ("err-cat-dim-negative-out-of-range", A + "z = torch.cat([a, a], -3)"),
    ("err-cat-dim-wrapped-on-first-kept", A + N + "z = torch.cat([n, a], 2)"),
    ("err-cat-sizes", A + "z = torch.cat([a, torch.zeros(2, 4)])"),
    ("err-cat-sizes-third", A + "z = torch.cat([a, a, torch.zeros(3, 3)], 1)"),
    ("err-cat-sizes-2d-empty-not-skipped", A + "z = torch.cat([a, torch.zeros(0, 3)], 1)"),
    ("err-cat-ndim", A + V + "z = torch.cat([a, v])"),
    ("err-cat-ndim-reversed", A + V + "z = torch.cat([v, a])"),
    ("err-cat-devices", V + "z = torch.cat([v, torch.zeros(3, device='meta')])"),
    ("err-cat-devices-meta-first", V + "z = torch.cat([torch.zeros(3, device='meta'), v])"),
    ("err-cat-devices-before-0d", V + "z = torch.cat([torch.tensor(1.), "
                                      "torch.zeros(3, device='meta')])"),
    ("err-cat-out-meta", V + "z = torch.cat([v, v], out=torch.zeros(6, device='meta'))"),
    ("err-cat-out-meta-before-dtype", V + "z = torch.cat([v], out=torch.zeros(3, device='meta', "
                                          "dtype=torch.int64))"),
    ("err-cat-meta-inputs-cpu-out", "m = torch.zeros(2, device='meta')\n"
                                    "z = torch.cat([m, m], out=torch.zeros(0))"),
    ("err-stack-out-meta", V + "z = torch.stack([v, v], out=torch.zeros(2, 3, device='meta'))"),
    ("err-cat-out-dtype", V + "z = torch.cat([v], out=torch.zeros(3, dtype=torch.int64))"),
    ("err-cat-out-bool", V + "z = torch.cat([v], out=torch.zeros(3, dtype=torch.bool))"),
    ("err-cat-out-complex-to-float", X + "z = torch.cat([x], out=torch.zeros(2))"),
    ("err-cat-out-is-input", V + "z = torch.cat([v], out=v)"),
    ("err-cat-out-partial-overlap", "w = torch.arange(6.)\nz = torch.cat([w[:3]], out=w[1:4])"),
    ("err-cat-out-expanded", V + "z = torch.cat([v], out=torch.zeros(1).expand(3))"),
    ("err-cat-out-skipped-input-overlaps", V + "z = torch.cat([v[:0], v[:1]], out=v[:1])"),
    ("err-stack-empty", "z = torch.stack([])"),
    ("err-stack-sizes", "z = torch.stack([torch.zeros(2), torch.zeros(3)])"),
    ("err-stack-sizes-last-dim", "z = torch.stack([torch.zeros(2), torch.zeros(2, 3)], -1)"),
    ("err-stack-devices", "z = torch.stack([torch.zeros(3), torch.zeros(3, device='meta')])"),
    ("err-stack-dim", A + "z = torch.stack([a, a], 3)"),
    ("err-stack-dim-negative", A + "z = torch.stack([a, a], -4)"),
    ("err-stack-0d-dim", "z = torch.stack([torch.tensor(1.)], 1)"),
    ("err-stack-out-overlap", A + "z = torch.stack([a[0], a[1]], out=a)"),
    ("err-stack-out-overlap-last", A + "z = torch.stack([a[0], a[1]], 1, out=a.t())"),
    ("err-stack-out-dtype", V + "z = torch.stack([v, v], out=torch.zeros(2, 3, "
                                "dtype=torch.int32))"),
    ("err-hstack-empty", "z = torch.hstack([])"),
    ("err-vstack-empty", "z = torch.vstack(())"),
    ("err-row_stack-empty", "z = torch.row_stack([])"),
    ("err-dstack-empty", "z = torch.dstack([])"),
    ("err-column_stack-empty", "z = torch.column_stack([])"),
    ("err-hstack-ndim", A + V + "z = torch.hstack([a, v])"),
    ("err-vstack-sizes", A + "z = torch.vstack([a, torch.zeros(4)])"),
    ("err-dstack-sizes", A + V + "z = torch.dstack([a, v])"),
    ("err-cat-tensor-not-list", V + "z = torch.cat(v)"),
    ("err-concatenate-tensor-not-list", V + "z = torch.concatenate(v)"),
    ("err-stack-int-not-list", "z = torch.stack(3)"),
    ("err-row_stack-tensor-not-list", V + "z = torch.row_stack(v)"),
    ("err-cat-element-int", V + "z = torch.cat([v, 1])"),
    ("err-hstack-element-none", V + "z = torch.hstack((v, None))"),
    ("err-cat-dim-float", V + "z = torch.cat([v], 0.5)"),
    ("err-cat-dim-bool", V + "z = torch.cat([v], dim=True)"),
    ("err-cat-dim-none", V + "z = torch.cat([v], dim=None)"),
    ("err-cat-dim-float-tensor", V + "z = torch.cat([v], dim=torch.tensor(0.))"),
    ("err-cat-dim-1d-tensor", V + "z = torch.cat([v], dim=torch.tensor([0]))"),
    ("err-cat-dim-and-axis", V + "z = torch.cat([v], dim=0, axis=0)"),
    ("err-cat-three-positional", V + "z = torch.cat([v], 0, 1)"),
    ("err-hstack-two-positional", V + "z = torch.hstack([v], 0)"),
    ("err-cat-missing-tensors", "z = torch.cat()"),
    ("err-stack-out-not-tensor", V + "z = torch.stack([v], out=1)"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    CAT + CAT_LAYOUT + STACK + STACKS + OUT + ERRORS, ERRORS)
