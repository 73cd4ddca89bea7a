"""matrix products: mm, bmm, mv, dot, vdot and matmul (function, method, the `@` operator and
`@=`, which rebinds), with out= where torch has it. Output layouts: mm, bmm and mv allocate
contiguous outputs, an out= of the right shape keeps its strides, a wrong one is resized to
contiguous strides; matmul dispatches by rank to dot, mv, mm (1-d @ 2-d squeezes in place:
one version more), folds a >= 3-d operand into mm / mv rows when its batch dims view as one
(transposed or permuted batches do not fold) and otherwise runs bmm of the broadcast,
flattened operands. Values: integer products wrap; small-integer floats are exact, others
compare within a tolerance; inputs with undefined elements leave the rows and columns they
touch undefined. Conjugate views: dot / vdot turn into each other or return a conjugated
result. Errors: ranks, shapes, mixed dtypes (bmm's wording depends on the kernel path),
Bool kernels, out= dtypes and out= that matmul cannot view."""

from __future__ import annotations

from ._support import Table, table_tests

A = "a = torch.arange(6.).view(2, 3)\n"
B = "b = torch.arange(12.).view(3, 4)\n"
X = "x = torch.arange(24.).view(2, 3, 4)\n"
W = "w = torch.tensor([[1., 0., -1., 2., 1.], [0., 1., 1., 0., -2.], [2., 1., 0., 1., 0.], " \
    "[1., -1., 1., 0., 1.]])\n"
V = "v = torch.tensor([1., -2., 3.])\n"
F = "f = torch.tensor([2., 0., -1., 1.])\n"
C = "c = torch.tensor([[1+1j, 2], [3j, 4-1j]])\n" \
    "p = torch.tensor([1+2j, 3-1j])\nq = torch.tensor([2-1j, 1+1j])\n"
META = "m = torch.ones(2, 3, device='meta')\nn = torch.ones(3, 4, device='meta')\n"

MM: Table = [
    ("mm-basic", A + B + "z = torch.mm(a, b)"),
    ("mm-method", A + B + "z = a.mm(b)"),
    ("mm-keywords", A + B + "z = torch.mm(input=a, mat2=b)"),
    ("mm-transposed-inputs-contiguous-result", A + B + "z = torch.mm(b.t(), a.t())"),
    ("mm-sliced-offset-inputs", "s = torch.arange(30.).view(5, 6)\n"
                                "z = torch.mm(s[1:3, 2:5], s[2:5, ::2])"),
    ("mm-expanded-inputs", "z = torch.mm(torch.arange(3.).expand(2, 3), "
                           "torch.ones(3, 1).expand(3, 4))"),
    ("mm-empty-contraction-zeros", "z = torch.mm(torch.ones(2, 0), torch.ones(0, 3))"),
    ("mm-zero-rows", B + "z = torch.mm(torch.ones(0, 3), b)"),
    ("mm-zero-cols-strides", A + "z = torch.mm(a, torch.ones(3, 0))"),
    ("mm-size-one", "z = torch.mm(torch.ones(1, 3), torch.ones(3, 1))"),
    ("mm-int64", "z = torch.mm(torch.arange(6).view(2, 3), torch.arange(12).view(3, 4))"),
    ("mm-int8-wraps", "z = torch.mm(torch.full((1, 3), 100, dtype=torch.int8), "
                      "torch.full((3, 2), 100, dtype=torch.int8))"),
    ("mm-uint8-wraps", "z = torch.mm(torch.full((1, 3), 100, dtype=torch.uint8), "
                       "torch.full((3, 1), 100, dtype=torch.uint8))"),
    ("mm-int64-wraps", "z = torch.mm(torch.full((1, 3), 2**62), torch.full((3, 1), 3))"),
    ("mm-float16", A + B + "z = torch.mm(a.to(torch.float16), b.to(torch.float16))"),
    ("mm-bfloat16", A + B + "z = torch.mm(a.to(torch.bfloat16), b.to(torch.bfloat16))"),
    ("mm-complex", C + "z = torch.mm(c, c)"),
    ("mm-complex-conj-input", C + "z = torch.mm(c.conj(), c)"),
    ("mm-complex-conj-transposed", C + "z = torch.mm(c.conj().t(), c.t().conj())"),
    ("mm-neg-view-input", C + "z = torch.mm(c.conj().imag, c.real)"),
    ("mm-bool-empty-contraction", "z = torch.mm(torch.ones(2, 0, dtype=torch.bool), "
                                  "torch.ones(0, 5, dtype=torch.bool))"),
    ("mm-meta", META + "z = torch.mm(m, n)"),
    ("mm-inexact-thirds", A + B + "z = torch.mm(a / 3, b / 7)"),
    ("mm-cancelling-terms", "z = torch.mm(torch.tensor([[0.1, 0.2, -0.3], [1., 2., 3.]]), "
                            "torch.ones(3, 2))"),
    ("mm-inf-nan", "z = torch.mm(torch.tensor([[float('inf'), 1.], [0., float('nan')]]), "
                   "torch.tensor([[0., 1.], [1., -1.]]))"),
    ("mm-undefined-rows", B + "e = torch.empty(3, 3)\ne[0] = 1.\nz = torch.mm(e, b)"),
    ("mm-undefined-cols", A + "e = torch.empty(3, 4)\ne[:, 1] = 2.\nz = torch.mm(a, e)"),
    ("mm-out", A + B + "o = torch.zeros(2, 4)\nz = torch.mm(a, b, out=o)"),
    ("mm-out-transposed-kept", A + B + "o = torch.zeros(4, 2).t()\nz = torch.mm(a, b, out=o)"),
    ("mm-out-strided-kept", A + B + "o = torch.zeros(2, 8)[:, ::2]\nz = torch.mm(a, b, out=o)"),
    ("mm-out-offset-view", A + B + "s = torch.zeros(3, 5)\nz = torch.mm(a, b, out=s[1:, 1:])"),
    ("mm-out-resized", A + B + "o = torch.zeros(3, 3)\nz = torch.mm(a, b, out=o)"),
    ("mm-out-empty-resized", A + B + "o = torch.zeros(0)\nz = torch.mm(a, b, out=o)"),
    ("mm-out-aliases-input", "o = torch.ones(2, 2)\nz = torch.mm(o, torch.ones(2, 2), out=o)"),
]

BMM: Table = [
    ("bmm-basic", X + "z = torch.bmm(x, torch.ones(2, 4, 5))"),
    ("bmm-method", X + "z = x.bmm(x.transpose(1, 2))"),
    ("bmm-transposed-items", X + "z = torch.bmm(x.transpose(1, 2), x)"),
    ("bmm-permuted-batch", X + "z = torch.bmm(x.permute(1, 0, 2), torch.ones(3, 4, 2))"),
    ("bmm-expanded-batch", X + "z = torch.bmm(x, torch.ones(1, 4, 2).expand(2, 4, 2))"),
    ("bmm-zero-batch", "z = torch.bmm(torch.ones(0, 3, 4), torch.ones(0, 4, 5))"),
    ("bmm-empty-contraction", "z = torch.bmm(torch.ones(2, 3, 0), torch.ones(2, 0, 5))"),
    ("bmm-int", "z = torch.bmm(torch.arange(24).view(2, 3, 4), torch.arange(16).view(2, 4, 2))"),
    ("bmm-large-gemm-path", "z = torch.bmm(torch.ones(2, 10, 8), torch.ones(2, 8, 6))"),
    ("bmm-large-int-split-path", "z = torch.bmm(torch.ones(2, 10, 8, dtype=torch.int32), "
                                 "torch.ones(2, 8, 6, dtype=torch.int32))"),
    ("bmm-complex-conj", C + "z = torch.bmm(c[None].conj(), c[None])"),
    ("bmm-meta", "z = torch.bmm(torch.ones(2, 3, 4, device='meta'), "
                 "torch.ones(2, 4, 5, device='meta'))"),
    ("bmm-mixed-dtypes-zero-batch-takes-mat2-dtype",
     "z = torch.bmm(torch.ones(0, 3, 4), torch.ones(0, 4, 5, dtype=torch.float64))"),
    ("bmm-mixed-dtypes-empty-contraction-zeros",
     "z = torch.bmm(torch.ones(2, 3, 0), torch.ones(2, 0, 5, dtype=torch.float64))"),
    ("bmm-bool-empty-contraction", "z = torch.bmm(torch.ones(2, 3, 0, dtype=torch.bool), "
                                   "torch.ones(2, 0, 5, dtype=torch.bool))"),
    ("bmm-out", X + "o = torch.zeros(2, 3, 5)\nz = torch.bmm(x, torch.ones(2, 4, 5), out=o)"),
    ("bmm-out-permuted-kept", X + "o = torch.zeros(5, 3, 2).permute(2, 1, 0)\n"
                                  "z = torch.bmm(x, torch.ones(2, 4, 5), out=o)"),
    ("bmm-out-resized", X + "o = torch.zeros(3)\nz = torch.bmm(x, torch.ones(2, 4, 5), out=o)"),
    ("bmm-out-expanded-no-error", X + "o = torch.zeros(1, 1, 5).expand(2, 3, 5)\n"
                                      "z = torch.bmm(x, torch.ones(2, 4, 5), out=o)"),
]

MV: Table = [
    ("mv-basic", A + V + "z = torch.mv(a, v)"),
    ("mv-method", A + V + "z = a.mv(v)"),
    ("mv-transposed-mat", B + "z = torch.mv(b.t(), torch.ones(3))"),
    ("mv-strided-vec", A + "z = torch.mv(a, torch.arange(6.)[::2])"),
    ("mv-int", "z = torch.mv(torch.arange(6).view(2, 3), torch.tensor([1, -1, 2]))"),
    ("mv-zero-rows", V + "z = torch.mv(torch.ones(0, 3), v)"),
    ("mv-empty-contraction", "z = torch.mv(torch.ones(2, 0), torch.ones(0))"),
    ("mv-bool-empty", "z = torch.mv(torch.ones(2, 0, dtype=torch.bool), "
                      "torch.ones(0, dtype=torch.bool))"),
    ("mv-complex-conj", C + "z = torch.mv(c.conj(), p.conj())"),
    ("mv-meta", "z = torch.mv(torch.ones(2, 3, device='meta'), torch.ones(3, device='meta'))"),
    ("mv-undefined-vec", A + "e = torch.empty(3)\nz = torch.mv(a, e)"),
    ("mv-out", A + V + "o = torch.zeros(2)\nz = torch.mv(a, v, out=o)"),
    ("mv-out-strided-kept", A + V + "o = torch.zeros(4)[::2]\nz = torch.mv(a, v, out=o)"),
    ("mv-out-one-element-resized", A + V + "o = torch.zeros(1)\nz = torch.mv(a, v, out=o)"),
    ("mv-out-0d-resized", A + V + "o = torch.zeros(())\nz = torch.mv(a, v, out=o)"),
    ("mv-out-2d-resized", A + V + "o = torch.zeros(1, 2)\nz = torch.mv(a, v, out=o)"),
    ("mv-out-expanded", A + V + "o = torch.zeros(1).expand(2)\nz = torch.mv(a, v, out=o)"),
]

DOT: Table = [
    ("dot-basic", V + "z = torch.dot(v, torch.tensor([2., 1., 1.]))"),
    ("dot-method", V + "z = v.dot(v)"),
    ("dot-strided", "s = torch.arange(8.)\nz = torch.dot(s[::2], s[1::2])"),
    ("dot-empty", "z = torch.dot(torch.ones(0), torch.ones(0))"),
    ("dot-int8-wraps", "z = torch.dot(torch.full((3,), 100, dtype=torch.int8), "
                       "torch.full((3,), 100, dtype=torch.int8))"),
    ("dot-float16", V + "z = torch.dot(v.to(torch.float16), v.to(torch.float16))"),
    ("dot-inexact", "z = torch.dot(torch.arange(5.) / 3, torch.arange(5.) / 7)"),
    ("dot-undefined", "e = torch.empty(3)\nz = torch.dot(e, torch.ones(3))"),
    ("dot-complex", C + "z = torch.dot(p, q)"),
    ("dot-conj-first-is-vdot", C + "z = torch.dot(p.conj(), q)"),
    ("dot-conj-second", C + "z = torch.dot(p, q.conj())"),
    ("dot-conj-both-conj-result", C + "z = torch.dot(p.conj(), q.conj())"),
    ("dot-meta", "z = torch.dot(torch.ones(3, device='meta'), torch.ones(3, device='meta'))"),
    ("vdot-real", V + "z = torch.vdot(v, v)"),
    ("vdot-complex", C + "z = torch.vdot(p, q)"),
    ("vdot-conj-first", C + "z = torch.vdot(p.conj(), q)"),
    ("vdot-conj-second-conj-result", C + "z = p.vdot(q.conj())"),
    ("vdot-conj-both", C + "z = torch.vdot(p.conj(), q.conj())"),
    ("dot-out", V + "o = torch.zeros(())\nz = torch.dot(v, v, out=o)"),
    ("dot-out-resized", V + "o = torch.zeros(2)\nz = torch.dot(v, v, out=o)"),
    ("dot-out-empty-resized", V + "o = torch.zeros(0)\nz = torch.dot(v, v, out=o)"),
    ("dot-out-conj-view", C + "o = torch.zeros((), dtype=torch.complex64).conj()\n"
                              "z = torch.dot(p, q, out=o)"),
    ("dot-out-of-conj-result", C + "o = torch.zeros((), dtype=torch.complex64)\n"
                                   "z = torch.dot(p.conj(), q.conj(), out=o)"),
    ("vdot-out", C + "o = torch.zeros(1, dtype=torch.complex64)\nz = torch.vdot(p, q, out=o)"),
]

MATMUL: Table = [
    ("matmul-1d-1d-dot", V + "z = torch.matmul(v, v)"),
    ("matmul-2d-1d-mv", A + V + "z = torch.matmul(a, v)"),
    ("matmul-1d-2d-squeezed-in-place", A + "z = torch.matmul(torch.tensor([1., 2.]), a)"),
    ("matmul-2d-2d-mm", A + B + "z = torch.matmul(a, b)"),
    ("matmul-method", A + B + "z = a.matmul(b)"),
    ("matmul-operator", A + B + "z = a @ b"),
    ("matmul-operator-1d-2d", A + "z = torch.tensor([1., 2.]) @ a"),
    ("matmul-operator-inplace-rebinds", "y = torch.ones(2, 2)\nk = y\ny @= torch.ones(2, 2)"),
    ("matmul-3d-2d-folds", X + W + "z = torch.matmul(x, w)"),
    ("matmul-3d-transposed-2d-bmm", X + "z = torch.matmul(x.transpose(1, 2), torch.ones(3, 5))"),
    ("matmul-3d-permuted-batch-bmm", X + W + "z = torch.matmul(x.permute(1, 0, 2), w)"),
    ("matmul-3d-sliced-last-dim-folds", X + "z = torch.matmul(x[..., ::2], torch.ones(2, 3))"),
    ("matmul-3d-expanded-batch-bmm", "z = torch.matmul(torch.arange(12.).view(1, 3, 4)"
                                     ".expand(2, 3, 4), torch.ones(4, 2))"),
    ("matmul-3d-1d-folds-mv", X + F + "z = torch.matmul(x, f)"),
    ("matmul-4d-transposed-1d-bmm", F + "z = torch.matmul(torch.arange(48.).view(3, 2, 2, 4)"
                                        ".transpose(0, 1), f)"),
    ("matmul-1d-3d-bmm", X + V + "z = torch.matmul(v, x)"),
    ("matmul-1d-3d-single-row-folds", "z = torch.matmul(torch.ones(1), "
                                      "torch.arange(8.).view(2, 1, 4))"),
    ("matmul-2d-3d-bmm", X + "z = torch.matmul(torch.ones(5, 3), x)"),
    ("matmul-3d-3d", X + "z = torch.matmul(x, torch.ones(2, 4, 5))"),
    ("matmul-3d-3d-broadcast", X + "z = torch.matmul(x, torch.ones(1, 4, 5))"),
    ("matmul-4d-3d-broadcast", "z = torch.matmul(torch.ones(3, 1, 2, 4), torch.ones(2, 4, 5))"),
    ("matmul-4d-2d-folds", W + "z = torch.matmul(torch.arange(48.).view(2, 2, 3, 4), w)"),
    ("matmul-zero-size-folds", "z = torch.matmul(torch.ones(3, 5, 0), torch.ones(0, 0))"),
    ("matmul-zero-size-transposed-folds",
     "z = torch.matmul(torch.ones(3, 0, 5).transpose(1, 2), torch.ones(0, 2))"),
    ("matmul-zero-batch", "z = torch.matmul(torch.ones(0, 2, 3), torch.ones(3, 4, 5)[:0])"),
    ("matmul-int", "z = torch.matmul(torch.arange(24).view(2, 3, 4), torch.arange(4))"),
    ("matmul-complex-conj-1d-conj-result", C + "z = torch.matmul(p.conj(), q.conj())"),
    ("matmul-channels-last-4d", "t = torch.arange(16.).view(1, 4, 2, 2)"
                                ".contiguous(memory_format=torch.channels_last)\n"
                                "z = torch.matmul(t, torch.ones(2, 3))"),
    ("matmul-meta-3d-2d", X + "z = torch.matmul(torch.ones(2, 3, 4, device='meta'), "
                              "torch.ones(4, 5, device='meta'))"),
    ("matmul-meta-1d-2d", "z = torch.matmul(torch.ones(2, device='meta'), "
                          "torch.ones(2, 3, device='meta'))"),
    ("matmul-undefined-batch", "e = torch.empty(2, 2, 3)\ne[1] = 1.\n"
                               "z = torch.matmul(e, torch.ones(2, 3, 2))"),
    ("matmul-out-1d-1d", V + "o = torch.zeros(())\nz = torch.matmul(v, v, out=o)"),
    ("matmul-out-2d-1d", A + V + "o = torch.zeros(2)\nz = torch.matmul(a, v, out=o)"),
    ("matmul-out-1d-2d-resized-twice",
     A + "o = torch.zeros(3)\nz = torch.matmul(torch.tensor([1., 2.]), a, out=o)"),
    ("matmul-out-1d-2d-row-out",
     A + "o = torch.zeros(1, 3)\nz = torch.matmul(torch.tensor([1., 2.]), a, out=o)"),
    ("matmul-out-2d-2d", A + B + "o = torch.zeros(4, 2).t()\nz = torch.matmul(a, b, out=o)"),
    ("matmul-out-3d-2d-fold", X + W + "o = torch.zeros(2, 3, 5)\nz = torch.matmul(x, w, out=o)"),
    ("matmul-out-3d-2d-resized", X + W + "o = torch.zeros(7)\nz = torch.matmul(x, w, out=o)"),
    ("matmul-out-3d-2d-empty-resized",
     X + W + "o = torch.zeros(0)\nz = torch.matmul(x, w, out=o)"),
    ("matmul-out-3d-1d-fold", X + F + "o = torch.zeros(2, 3)\nz = torch.matmul(x, f, out=o)"),
    ("matmul-out-3d-3d", X + "o = torch.zeros(2, 3, 5)\n"
                             "z = torch.matmul(x, torch.ones(2, 4, 5), out=o)"),
    ("matmul-out-3d-3d-transposed-viewable", X + "o = torch.zeros(2, 5, 3).transpose(1, 2)\n"
                                                 "z = torch.matmul(x, torch.ones(2, 4, 5), out=o)"),
    ("matmul-out-4d-3d-permuted-copied-back",
     "o = torch.zeros(5, 3, 2, 2).permute(3, 2, 1, 0)\n"
     "z = torch.matmul(torch.ones(2, 2, 3, 4), torch.ones(2, 4, 5), out=o)"),
    ("matmul-out-1d-3d-transposed", X + V + "o = torch.zeros(4, 2).t()\n"
                                            "z = torch.matmul(v, x, out=o)"),
]

ERRORS: Table = [
    ("err-mm-dtypes", A + B + "z = torch.mm(a, b.to(torch.float64))"),
    ("err-mm-dtypes-reversed", A + B + "z = torch.mm(a.to(torch.float64), b)"),
    ("err-mm-shapes", A + "z = torch.mm(a, a)"),
    ("err-mm-shapes-before-dtypes", A + "z = torch.mm(a, a.to(torch.float64))"),
    ("err-mm-1d-mat2", A + V + "z = torch.mm(a, v)"),
    ("err-mm-1d-self", A + V + "z = v.mm(a)"),
    ("err-mm-0d-self", A + "z = torch.mm(torch.tensor(1.), a)"),
    ("err-mm-bool", "z = torch.mm(torch.ones(2, 3, dtype=torch.bool), "
                    "torch.ones(3, 4, dtype=torch.bool))"),
    ("err-bmm-meta-2d", META + "z = torch.bmm(m, n)"),
    ("err-mm-out-dtype", A + B + "z = torch.mm(a, b, out=torch.zeros(2, 4, dtype=torch.float64))"),
    ("err-mm-out-int", A + B + "z = torch.mm(a, b, out=torch.zeros(2, 4, dtype=torch.int64))"),
    ("err-mm-out-expanded", A + B + "z = torch.mm(a, b, out=torch.zeros(1, 4).expand(2, 4))"),
    ("err-mm-argument", A + "z = torch.mm(a, 2)"),
    ("err-mm-argument-first", B + "z = torch.mm([[1.]], b)"),
    ("err-mm-method-argument", A + "z = a.mm(None)"),
    ("err-mm-out-not-tensor", A + B + "z = torch.mm(a, b, out=3)"),
    ("err-bmm-dtypes-small-kernel", X + "z = torch.bmm(x, torch.ones(2, 4, 5, "
                                        "dtype=torch.float64))"),
    ("err-bmm-dtypes-small-kernel-reversed",
     X + "z = torch.bmm(x.to(torch.float64), torch.ones(2, 4, 5))"),
    ("err-bmm-dtypes-gemm-path", "z = torch.bmm(torch.ones(2, 10, 8), "
                                 "torch.ones(2, 8, 6, dtype=torch.float64))"),
    ("err-bmm-dtypes-split-path", "z = torch.bmm(torch.ones(2, 10, 8, 2)[..., 0], "
                                  "torch.ones(2, 8, 6, dtype=torch.float64))"),
    ("err-bmm-int-float-split-path", "z = torch.bmm(torch.ones(2, 10, 8), "
                                     "torch.ones(2, 8, 6, dtype=torch.int64))"),
    ("err-bmm-long-double-gemm-path", "z = torch.bmm(torch.ones(2, 10, 8, dtype=torch.int64), "
                                      "torch.ones(2, 8, 6, dtype=torch.float64))"),
    ("err-bmm-2d", X + "z = torch.bmm(torch.ones(3, 4), x)"),
    ("err-bmm-mat2-2d", X + "z = torch.bmm(x, torch.ones(4, 5))"),
    ("err-bmm-batch", X + "z = torch.bmm(x, torch.ones(3, 4, 5))"),
    ("err-bmm-inner", X + "z = torch.bmm(x, torch.ones(2, 3, 5))"),
    ("err-bmm-meta-inner", "z = torch.bmm(torch.ones(2, 3, 4, device='meta'), "
                           "torch.ones(2, 3, 5, device='meta'))"),
    ("err-bmm-bool", "z = torch.bmm(torch.ones(2, 3, 4, dtype=torch.bool), "
                     "torch.ones(2, 4, 5, dtype=torch.bool))"),
    ("err-bmm-bool-large", "z = torch.bmm(torch.ones(2, 10, 8, dtype=torch.bool), "
                           "torch.ones(2, 8, 6, dtype=torch.bool))"),
    ("err-bmm-out-dtype", X + "z = torch.bmm(x, torch.ones(2, 4, 5), "
                              "out=torch.zeros(2, 3, 5, dtype=torch.float64))"),
    ("err-bmm-out-not-tensor", X + "z = torch.bmm(x, x, out=1)"),
    ("err-mv-dtypes", A + V + "z = torch.mv(a, v.to(torch.float64))"),
    ("err-mv-dtypes-mat", A + V + "z = torch.mv(a.to(torch.float64), v)"),
    ("err-mv-shape", A + "z = torch.mv(a, torch.ones(2))"),
    ("err-mv-1d-mat", V + "z = torch.mv(v, v)"),
    ("err-mv-2d-vec", A + "z = torch.mv(a, torch.ones(3, 1))"),
    ("err-mv-0d-mat", V + "z = torch.mv(torch.tensor(1.), v)"),
    ("err-mv-bool", "z = torch.mv(torch.ones(2, 3, dtype=torch.bool), "
                    "torch.ones(3, dtype=torch.bool))"),
    ("err-mv-out-dtype-as-self", A + V + "z = torch.mv(a, v, out=torch.zeros(2, "
                                         "dtype=torch.float64))"),
    ("err-mv-out-dtype-resized", A + V + "z = torch.mv(a, v, out=torch.zeros(3, "
                                         "dtype=torch.float64))"),
    ("err-mv-out-int-vec", A + "z = torch.mv(a, torch.ones(3, dtype=torch.int64), "
                               "out=torch.zeros(5))"),
    ("err-mv-out-0d-shape-message", A + "z = torch.mv(a, torch.ones(2), out=torch.zeros(()))"),
    ("err-mv-argument", A + "z = torch.mv(a, 2)"),
    ("err-mv-out-not-tensor", A + V + "z = torch.mv(a, v, out=3)"),
    ("err-dot-dtypes", V + "z = torch.dot(v, v.to(torch.float64))"),
    ("err-dot-sizes", V + "z = torch.dot(v, torch.ones(4))"),
    ("err-dot-2d", A + V + "z = torch.dot(a, v)"),
    ("err-dot-0d", V + "z = torch.dot(torch.tensor(1.), v)"),
    ("err-dot-bool", "z = torch.dot(torch.ones(3, dtype=torch.bool), "
                     "torch.ones(3, dtype=torch.bool))"),
    ("err-dot-bool-empty", "z = torch.dot(torch.ones(0, dtype=torch.bool), "
                           "torch.ones(0, dtype=torch.bool))"),
    ("err-dot-meta-2d", "z = torch.dot(torch.ones(3, 4, device='meta'), "
                        "torch.ones(4, device='meta'))"),
    ("err-dot-conj-second-checks-swapped", "z = torch.dot(torch.ones(2, dtype=torch.complex64), "
                                           "torch.ones(3, dtype=torch.complex64).conj())"),
    ("err-dot-method-argument", V + "z = v.dot(2)"),
    ("err-dot-out-dtype", V + "z = torch.dot(v, v, out=torch.zeros((), dtype=torch.float64))"),
    ("err-dot-out-dtype-before-inputs",
     V + "z = torch.dot(v, v.to(torch.int64), out=torch.zeros((), dtype=torch.float64))"),
    ("err-dot-out-not-tensor", V + "z = torch.dot(v, v, out=3)"),
    ("err-vdot-bool", "z = torch.vdot(torch.ones(3, dtype=torch.bool), "
                      "torch.ones(3, dtype=torch.bool))"),
    ("err-vdot-dtypes", V + "z = torch.vdot(v, v.to(torch.float64))"),
    ("err-vdot-complex-dtypes", "z = torch.vdot(torch.ones(2, dtype=torch.complex64), "
                                "torch.ones(2, dtype=torch.complex128))"),
    ("err-vdot-argument", V + "z = torch.vdot(v, 2)"),
    ("err-matmul-0d", V + "z = torch.matmul(torch.tensor(1.), v)"),
    ("err-matmul-0d-second", V + "z = torch.matmul(v, torch.tensor(1.))"),
    ("err-matmul-1d-1d-sizes", V + "z = torch.matmul(v, torch.ones(4))"),
    ("err-matmul-2d-1d-sizes", A + "z = torch.matmul(a, torch.ones(4))"),
    ("err-matmul-1d-2d-sizes", A + "z = torch.matmul(torch.ones(3), a)"),
    ("err-matmul-3d-2d-folded-sizes", X + "z = torch.matmul(x, torch.ones(3, 5))"),
    ("err-matmul-3d-1d-folded-sizes", X + V + "z = torch.matmul(x, v)"),
    ("err-matmul-3d-3d-sizes", X + "z = torch.matmul(x, torch.ones(2, 3, 5))"),
    ("err-matmul-1d-3d-sizes", X + "z = torch.matmul(torch.ones(4), x)"),
    ("err-matmul-batch-broadcast", X + "z = torch.matmul(x, torch.ones(3, 4, 5))"),
    ("err-matmul-3d-3d-dtypes", X + "z = torch.matmul(x, torch.ones(2, 4, 5, "
                                    "dtype=torch.float64))"),
    ("err-matmul-3d-2d-dtypes", X + "z = torch.matmul(x, torch.ones(4, 5, dtype=torch.float64))"),
    ("err-matmul-2d-1d-dtypes", A + "z = torch.matmul(a, torch.ones(3, dtype=torch.float64))"),
    ("err-matmul-out-3d-2d-not-viewable",
     X + W + "z = torch.matmul(x, w, out=torch.zeros(5, 3, 2).permute(2, 1, 0))"),
    ("err-matmul-out-3d-1d-not-viewable",
     X + F + "z = torch.matmul(x, f, out=torch.zeros(3, 2).t())"),
    ("err-matmul-out-dtype", A + B + "z = torch.matmul(a, b, out=torch.zeros(2, 4, "
                                     "dtype=torch.float64))"),
    ("err-matmul-out-3d-1d-dtype", X + F + "z = torch.matmul(x, f, out=torch.zeros(2, 3, "
                                           "dtype=torch.float64))"),
    ("err-matmul-argument", A + "z = torch.matmul(a, 2)"),
    ("err-matmul-first-argument", A + "z = torch.matmul(2, a)"),
    ("err-matmul-method-argument", A + "z = a.matmul(2)"),
    ("err-matmul-out-not-tensor", A + B + "z = torch.matmul(a, b, out=3)"),
    ("err-matmul-operator-scalar", A + "z = a @ 2"),
    ("err-matmul-operator-list", A + "z = a @ [[1.], [2.], [3.]]"),
    ("err-rmatmul-list", A + "z = [[1., 2.]] @ a"),
    ("err-imatmul-no-method", A + "a.__imatmul__(a)"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    MM + BMM + MV + DOT + MATMUL + ERRORS, ERRORS)
