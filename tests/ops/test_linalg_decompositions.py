"""torch.linalg's decompositions: svd, svdvals, eigh, eigvalsh, cholesky, cholesky_ex, eig and
eigvals of wide, tall, square, transposed, stepped, expanded, offset, batched, size-1 and empty
matrices (empty batches and 0x0 matrices too), float, double and complex: their batches of
column-major matrices and contiguous vectors, singular values, eigh's eigenvalues and
Cholesky's factor; the refusals of vectors, non-square matrices, integer, bool, half and
bfloat16 inputs, bad UPLO, svd of a NaN, eig of an infinity and cholesky of a matrix that is
not positive-definite; the single out= of svdvals, eigvalsh and cholesky."""

from __future__ import annotations

from ._support import Table, table_tests

L = "torch.linalg"
X = "x = torch.arange(24.).mul(7).remainder(24).sub(11).view(2, 3, 4)\n"
P = "p = torch.tensor([[4., 2., -1.], [2., 5., 1.5], [-1., 1.5, 3.]])\n"
_ANY = {
    "wide": X + "v = x[0]\n",
    "tall": X + "v = x[0].t()\n",
    "batched": X + "v = x\n",
    "batched-transposed": X + "v = x.transpose(1, 2)\n",
    "stepped": X + "v = x[:, :, ::2]\n",
    "expanded": "v = torch.tensor([[2., -1., 0.5]]).expand(4, 3)\n",
    "offset": X + "v = x[1:, 1:, 1:]\n",
    "one-by-one": "v = torch.tensor([[-3.]])\n",
    "column": X + "v = x[:, :, :1]\n",
    "empty-rows": "v = torch.zeros(2, 0, 3)\n",
    "empty-columns": "v = torch.zeros(3, 0)\n",
    "empty-batch": "v = torch.zeros(0, 2, 3).transpose(1, 2)\n",
}
_SQUARE = {
    "square": X + "v = x[:, :, 1:]\n",
    "square-transposed": X + "v = x[:, :, 1:].mT\n",
    "square-permuted": X + "v = x[:, :, 1:].permute(2, 0, 1)[:2].contiguous()\n"
                           "v = v.permute(1, 2, 0)\n",
    "square-stepped": X + "v = x[0, :, ::2][:2]\n",
    "square-expanded": X + "v = x[0, :, 1:].expand(2, 3, 3)\n",
    "square-offset": X + "v = x[1, 1:, 2:]\n",
    "square-size-1-batch": X + "v = x[:1, :, 1:].as_strided((1, 3, 3), (7, 4, 1), 1)\n",
    "square-one": "v = torch.tensor([[3.]])\n",
    "square-empty": "v = torch.zeros(3, 0, 0)\n",
    "square-empty-batch": "v = torch.zeros(0, 2, 2)\n",
    "square-channels-last": "v = torch.arange(32.).sub(9).view(1, 2, 4, 4)"
                            ".contiguous(memory_format=torch.channels_last)\n",
}
# positive-definite matrices of every layout: p and a batch built from it
_PD = {
    "pd": P + "v = p\n",
    "pd-transposed": P + "v = p.t()\n",
    "pd-expanded": P + "v = p.expand(2, 3, 3)\n",
    "pd-batched": P + "v = torch.stack([p, p.mul(2).add(torch.ones(3).diag_embed())])\n",
    "pd-stepped": P + "v = torch.stack([p, p], 2)[:, :, 1]\n",
    "pd-offset": "w = torch.tensor([[9., 9., 9.], [9., 4., 1.], [9., 1., 3.]])\nv = w[1:, 1:]\n",
    "pd-double": P + "v = p.double()\n",
    "pd-complex": "v = torch.tensor([[4., 1-2j], [1+2j, 6.]])\n",
    "pd-complex-double": "v = torch.tensor([[4., 1-2j], [1+2j, 6.]], dtype=torch.complex128)\n",
    "pd-one": "v = torch.tensor([[2.25]])\n",
    "pd-empty": "v = torch.zeros(2, 0, 0)\n",
    "pd-empty-batch": "v = torch.zeros(0, 3, 3)\n",
}

SVD: Table = [
    (f"svd-{name}-{form}", src + call)
    for name, src in {**_ANY, **_SQUARE}.items()
    for form, call in (("default", f"u, s, vh = {L}.svd(v)\n"),
                       ("reduced", f"a = {L}.svd(v, full_matrices=False)\n"),
                       ("svdvals", f"s = {L}.svdvals(v)\n"))
] + [
    ("svd-double-and-complex", X + f"a = {L}.svd(x.double())\n"
                               f"b = {L}.svd(x.to(torch.complex64), False)\n"
                               f"c = {L}.svdvals(x[0].t().to(torch.complex128))"),
    ("svd-named-fields", X + f"a = {L}.svd(x)\nu = a.U\ns = a.S\nvh = a.Vh\nb = {L}.svd(A=x[0])"),
    ("svd-rank-deficient", "v = torch.ones(3, 4)\ns = torch.linalg.svdvals(v)"),
    ("svd-zero-matrix", "s = torch.linalg.svdvals(torch.zeros(2, 3))"),
    ("svd-infinity", "s = torch.linalg.svdvals(torch.tensor([[1., float('inf')], [2., 3.]]))"),
    ("svd-empty-half", f"a = {L}.svd(torch.zeros(2, 0, 3).half())\n"
                       f"b = {L}.svdvals(torch.zeros(0, 0).bfloat16())"),
    ("svd-driver-none", X + f"a = {L}.svd(x, driver=None)"),
    ("svd-result-written", X + f"a = {L}.svd(x)\nb = a.S.add_(1)\nc = a.U.mul_(0)"),
]

EIGH: Table = [
    (f"eigh-{name}-{form}", src + call)
    for name, src in {**_SQUARE, **_PD}.items()
    for form, call in (("default", f"w, q = {L}.eigh(v)\n"),
                       ("upper", f"a = {L}.eigh(v, 'U')\n"),
                       ("eigvalsh", f"w = {L}.eigvalsh(v)\n"),
                       ("eigvalsh-upper", f"w = {L}.eigvalsh(v, UPLO='U')\n"))
] + [
    ("eigh-lower-case", X + f"a = {L}.eigh(x[:, :, 1:], 'u')\nb = {L}.eigvalsh(x[0, :, 1:], 'l')"),
    ("eigh-named-fields", X + f"a = {L}.eigh(x[:, :, 1:])\nw = a.eigenvalues\n"
                          f"q = a.eigenvectors"),
    ("eigh-nan-in-other-triangle", f"w = {L}.eigvalsh(torch.tensor([[1., float('nan')], "
                                   "[2., 3.]]))"),
    ("eigh-empty-integer", f"a = {L}.eigh(torch.zeros(0, 0, dtype=torch.long))\n"
                           f"b = {L}.eigvalsh(torch.zeros(2, 0, 0).half())"),
    ("eigh-complex-diagonal-imaginary", f"w = {L}.eigvalsh(torch.tensor([[2.+5j, 1j], "
                                        "[-1j, 3.]]))"),
]

CHOLESKY: Table = [
    (f"cholesky-{name}-{form}", src + call)
    for name, src in _PD.items()
    for form, call in (("default", f"c = {L}.cholesky(v)\n"),
                       ("upper", f"c = {L}.cholesky(v, upper=True)\n"),
                       ("ex", f"c, info = {L}.cholesky_ex(v)\n"),
                       ("ex-upper-checked", f"a = {L}.cholesky_ex(v, upper=True, "
                                            "check_errors=True)\n"))
] + [
    ("cholesky-ex-not-pd", f"a = {L}.cholesky_ex(torch.tensor([[1., 2.], [2., 1.]]))"),
    ("cholesky-ex-batch-one-fails", P + f"a = {L}.cholesky_ex(torch.stack([p, -p, p]))"),
    ("cholesky-ex-upper-not-pd", f"a = {L}.cholesky_ex(torch.tensor([[1., 2.], [0., -1.]]), "
                                 "upper=True)"),
    ("cholesky-reads-one-triangle", f"a = {L}.cholesky(torch.tensor([[4., 99.], [2., 5.]]))\n"
                                    f"b = {L}.cholesky(torch.tensor([[4., 2.], [99., 5.]]), "
                                    "upper=True)"),
    ("cholesky-ex-named-fields", P + f"a = {L}.cholesky_ex(p)\nl = a.L\ni = a.info"),
    ("cholesky-empty-half", f"a = {L}.cholesky(torch.zeros(2, 0, 0).half())\n"
                            f"b = {L}.cholesky_ex(torch.zeros(0, 0).bfloat16())"),
]

EIG: Table = [
    (f"eig-{name}-{form}", src + call)
    for name, src in {**_SQUARE, **_PD}.items()
    for form, call in (("default", f"w, q = {L}.eig(v)\n"), ("eigvals", f"w = {L}.eigvals(v)\n"))
] + [
    ("eig-named-fields", P + f"a = {L}.eig(p)\nw = a.eigenvalues\nq = a.eigenvectors"),
    ("eigvals-infinity", f"w = {L}.eigvals(torch.tensor([[1., 2.], [float('inf'), 3.]]))"),
]

ERRORS: Table = [
    ("err-svd-vector", f"a = {L}.svd(torch.zeros(3))"),
    ("err-svd-integer", f"a = {L}.svd(torch.zeros(2, 3, dtype=torch.long))"),
    ("err-svdvals-bool", f"a = {L}.svdvals(torch.zeros(2, 3, dtype=torch.bool))"),
    ("err-svd-half", f"a = {L}.svd(torch.zeros(2, 3).half())"),
    ("err-svdvals-bfloat16", f"a = {L}.svdvals(torch.ones(2, 2).bfloat16())"),
    ("err-svd-nan", f"a = {L}.svd(torch.tensor([[1., float('nan')], [2., 3.]]))"),
    ("err-svdvals-nan-batch", f"a = {L}.svdvals(torch.tensor([[[1., 2.], [3., 4.]], "
                              "[[1., 2.], [3., float('nan')]]]))"),
    ("err-svd-driver", f"a = {L}.svd(torch.ones(2).diag_embed(), driver='gesvd')"),
    ("err-svd-driver-after-dtype", f"a = {L}.svd(torch.ones(2, 2).long(), driver='gesvd')"),
    ("err-svd-driver-type", f"a = {L}.svd(torch.ones(2).diag_embed(), driver=3)"),
    ("err-svd-full-matrices-type", f"a = {L}.svd(torch.ones(2).diag_embed(), 1)"),
    ("err-svd-list", f"a = {L}.svd([[2.]])"),
    ("err-eigh-vector", f"a = {L}.eigh(torch.zeros(3), 'X')"),
    ("err-eigh-non-square", f"a = {L}.eigh(torch.zeros(3, 4), 'X')"),
    ("err-eigvalsh-non-square", f"a = {L}.eigvalsh(torch.zeros(2, 0, 3))"),
    ("err-eigh-uplo", f"a = {L}.eigh(torch.ones(2).diag_embed(), UPLO='X')"),
    ("err-eigh-uplo-long", f"a = {L}.eigh(torch.ones(2).diag_embed(), 'UU')"),
    ("err-eigh-uplo-before-dtype", f"a = {L}.eigh(torch.zeros(2, 2, dtype=torch.long), 'X')"),
    ("err-eigh-integer", f"a = {L}.eigh(torch.zeros(2, 2, dtype=torch.long))"),
    ("err-eigvalsh-half", f"a = {L}.eigvalsh(torch.ones(2).diag_embed().half())"),
    ("err-eigh-uplo-type", f"a = {L}.eigh(torch.ones(2).diag_embed(), 1)"),
    ("err-eigvalsh-uplo-keyword-type", f"a = {L}.eigvalsh(torch.ones(2).diag_embed(), UPLO=1)"),
    ("err-eigh-extra-argument", f"a = {L}.eigh(torch.ones(2).diag_embed(), 'L', 3)"),
    ("err-eigh-unknown-keyword", f"a = {L}.eigh(torch.ones(2).diag_embed(), uplo='L')"),
    ("err-cholesky-vector", f"a = {L}.cholesky(torch.zeros(3))"),
    ("err-cholesky-non-square", f"a = {L}.cholesky(torch.zeros(2, 3).half())"),
    ("err-cholesky-integer-empty", f"a = {L}.cholesky(torch.zeros(0, 0, dtype=torch.long))"),
    ("err-cholesky-half", f"a = {L}.cholesky(torch.ones(2).diag_embed().half())"),
    ("err-cholesky-ex-bfloat16", f"a = {L}.cholesky_ex(torch.ones(2).diag_embed().bfloat16())"),
    ("err-cholesky-not-pd", f"a = {L}.cholesky(torch.tensor([[1., 2.], [2., 1.]]))"),
    ("err-cholesky-negative", f"a = {L}.cholesky(torch.tensor([[-1., 0.], [0., 1.]]))"),
    ("err-cholesky-not-pd-batch", P + f"a = {L}.cholesky(torch.stack([p, p, -p]))"),
    ("err-cholesky-not-pd-size-1-batch", f"a = {L}.cholesky(torch.tensor([[[0.]]]))"),
    ("err-cholesky-nan", f"a = {L}.cholesky(torch.tensor([[1., 0.], [float('nan'), 3.]]))"),
    ("err-cholesky-ex-checked", f"a = {L}.cholesky_ex(-torch.ones(2).diag_embed().expand(3, 2, 2), "
                                "check_errors=True)"),
    ("err-cholesky-upper-positional", f"a = {L}.cholesky(torch.ones(2).diag_embed(), True)"),
    ("err-cholesky-upper-type", f"a = {L}.cholesky(torch.ones(2).diag_embed(), upper=1)"),
    ("err-eig-integer", f"a = {L}.eig(torch.zeros(2, 2, dtype=torch.long))"),
    ("err-eig-integer-vector", f"a = {L}.eig(torch.zeros(3, dtype=torch.long))"),
    ("err-eigvals-bool", f"a = {L}.eigvals(torch.zeros(2, 2, dtype=torch.bool))"),
    ("err-eig-vector", f"a = {L}.eig(torch.zeros(3))"),
    ("err-eigvals-non-square", f"a = {L}.eigvals(torch.zeros(2, 3))"),
    ("err-eig-half", f"a = {L}.eig(torch.ones(2).diag_embed().half())"),
    ("err-eig-half-vector", f"a = {L}.eig(torch.ones(3).half())"),
    ("err-eigvals-bfloat16-empty", f"a = {L}.eigvals(torch.zeros(0, 0).bfloat16())"),
    ("err-eig-nan", f"a = {L}.eig(torch.tensor([[1., 2.], [3., float('nan')]]))"),
    ("err-eig-infinity-half", f"a = {L}.eig(torch.tensor([[1., float('inf')], [3., 2.]]).half())"),
    ("err-eig-extra-argument", f"a = {L}.eig(torch.ones(2).diag_embed(), 1)"),
]

# the single out= of svdvals, eigvalsh and cholesky: one out of the structured kernels of svd,
# eigh and cholesky_ex (the others empty dummies): resized where its shape differs (a warning
# when it held elements), kept where right, its dtype checked, written before cholesky's check
_SINGLE_OUT = {
    "svdvals": ("torch.linalg.svdvals(v, out=o)", X + "v = x\n", "2, 3", "torch.float32"),
    "svdvals-complex": ("torch.linalg.svdvals(v, out=o)", "v = torch.tensor([[4., 1-2j], "
                        "[1+2j, 6.]])\n", "2", "torch.float32"),
    "eigvalsh": ("torch.linalg.eigvalsh(v, out=o)", P + "v = p.expand(2, 3, 3)\n", "2, 3",
                 "torch.float32"),
    "eigvalsh-upper": ("torch.linalg.eigvalsh(v, 'U', out=o)", P + "v = p\n", "3",
                       "torch.float32"),
    "cholesky": ("torch.linalg.cholesky(v, out=o)", P + "v = p\n", "3, 3", "torch.float32"),
    "cholesky-upper-batched": ("torch.linalg.cholesky(v, upper=True, out=o)",
                               P + "v = p.expand(2, 3, 3)\n", "2, 3, 3", "torch.float32"),
}
_SINGLE_OUTS = {
    "right": "o = torch.zeros({s})\n",
    "transposed": "o = torch.zeros({s}).mT\n",
    "wrong-shape": "o = torch.zeros(5)\n",
    "empty": "o = torch.zeros(0)\n",
    "stepped": "o = torch.zeros({s}, 2)[..., 1]\n",
    "expanded": "o = torch.zeros(1).expand({s})\n",
    "double": "o = torch.zeros({s}, dtype=torch.float64)\n",
    "complex": "o = torch.zeros({s}, dtype=torch.complex64)\n",
}
SINGLE_OUT: Table = [
    (f"{op}-out-{name}", src + make.format(s=s) + "a = " + call)
    for op, (call, src, s, _) in _SINGLE_OUT.items() for name, make in _SINGLE_OUTS.items()
    if not (name == "transposed" and "," not in s)
] + [
    ("svdvals-out-beside-input", X + "v = x[0, :, :3]\n"
                                 "a = torch.linalg.svdvals(v, out=x[1, 0, :3])"),
    ("cholesky-out-not-pd", "v = torch.tensor([[1., 2.], [2., 1.]])\no = torch.zeros(4)\n"
                            "try:\n    torch.linalg.cholesky(v, out=o)\nexcept Exception:\n"
                            "    pass\na = o"),
]
# the parser's refusal of an out= that is not a tensor
ERRORS += [
    ("err-svdvals-out-type", f"a = {L}.svdvals(torch.ones(2, 2), out=3)"),
    ("err-eigvalsh-out-list", f"a = {L}.eigvalsh(torch.ones(2, 2), out=[torch.zeros(2)])"),
    ("err-cholesky-out-type", f"a = {L}.cholesky(torch.ones(2, 2), out=(torch.zeros(2, 2),))"),
    ("err-cholesky-out-not-pd", f"a = {L}.cholesky(torch.tensor([[1., 2.], [2., 1.]]), "
                                "out=torch.zeros(2, 2))"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    SVD + EIGH + CHOLESKY + EIG + SINGLE_OUT + ERRORS, ERRORS)
