"""torch.linalg's vector_norm, matrix_norm and norm, and torch.norm / Tensor.norm: contiguous
real results of the reduced shape from inputs contiguous, transposed, permuted, stepped,
expanded, overlapping, channels-last, offset, with odd size-1 strides, 0-d and empty, half,
bfloat16, float, double and complex; every order (inf, -inf, 0, fractional; 'fro', 'nuc',
+-1, +-2, +-inf), dims as an int, a tuple and a list, keepdim, dtype=; matrix_norm's
singular-value orders with keepdim (a permuted view of the reduction), the empty inputs
torch 2.13 gives zeros for; out= kept, resized (with its warning), stepped, the input
itself; the refusals (integer and bool inputs, low precision where the SVD runs, orders,
dims, dtype=, out= dtypes)."""

from __future__ import annotations

from ._support import Table, assert_same_warnings, table_tests

L = "torch.linalg"
X = "x = torch.arange(24.).sub(11).view(2, 3, 4)\n"
_INPUTS = {
    "contiguous": X + "a = x\n",
    "transposed": X + "a = x.transpose(1, 2)\n",
    "permuted": X + "a = x.permute(2, 0, 1)\n",
    "stepped": "y = torch.arange(60.).sub(30).view(4, 3, 5)\na = y[::2, :, ::2]\n",
    "expanded": "a = torch.tensor([1., -2, 3]).expand(2, 4, 3)\n",
    "overlapping": "a = torch.arange(10.).sub(4).as_strided((3, 2, 4), (1, 3, 2))\n",
    "channels-last": "a = torch.arange(24.).sub(7).view(1, 2, 3, 4).contiguous("
                     "memory_format=torch.channels_last)[0]\n",
    "offset": X + "a = x[1:, 1:, 1:]\n",
    "size-one-odd-strides": X + "a = x[:1, :1].as_strided((1, 1, 4), (7, 5, 1), 2)\n",
    "empty": "a = torch.zeros(2, 0, 3)\n",
    "double": X + "a = x.double()\n",
    "half": X + "a = x.half()\n",
    "bfloat16": X + "a = x.bfloat16()\n",
    "complex": X + "a = x.to(torch.complex64).add(x.flip(0).mul(1j))\n",
}
_INF = "float('inf')"

VECTOR: Table = [
    (f"vector-norm-{name}-{tag}", src + f"r = {L}.vector_norm(a{args})\n")
    for name, src in _INPUTS.items()
    for tag, args in (("default", ""), ("dim", ", dim=1"), ("dims-keepdim", ", 1, (0, 2), True"),
                      ("ord-1", ", 1, -1"), ("ord-inf", f", {_INF}, dim=(1, 2)"),
                      ("ord-neg-inf-list", f", -{_INF}, [0, 2]"), ("ord-0", ", 0, -1"),
                      ("ord-half", ", 0.5"), ("ord-3-keepdim", ", 3, keepdim=True"),
                      ("ord-neg", ", -1.5, 2"))
    if not (name == "empty" and tag in ("ord-inf", "ord-neg-inf-list", "ord-neg"))
] + [
    ("vector-norm-0d", f"a = torch.tensor(-3.)\nr = {L}.vector_norm(a)\n"
                       f"s = {L}.vector_norm(a, 0, 0, True)\nt = {L}.vector_norm(a, dim=())"),
    ("vector-norm-size-one-dims", X + f"r = {L}.vector_norm(x[:, :1], 0.5, 1)\n"
                                  f"s = {L}.vector_norm(x[:, :1].transpose(0, 1), 0, 0, True)"),
    ("vector-norm-dtype", X + f"r = {L}.vector_norm(x, dtype=torch.float64)\n"
                          f"s = {L}.vector_norm(x.half(), 1, 1, dtype=torch.float32)\n"
                          f"t = {L}.vector_norm(x.to(torch.complex64), dtype=torch.complex128)"),
    ("vector-norm-empty-inf-over-full-dim", f"r = {L}.vector_norm(torch.zeros(0, 3), {_INF}, 1)"),
    ("vector-norm-values", f"a = torch.tensor([3., -4, 0, 1e-3])\nr = {L}.vector_norm(a, 0)\n"
                           f"s = {L}.vector_norm(a, -1)\nt = {L}.vector_norm(a, -{_INF})\n"
                           f"u = {L}.vector_norm(a, 0.5)"),
    ("vector-norm-nan-inf", f"a = torch.tensor([1., float('nan'), {_INF}])\n"
                            f"r = {L}.vector_norm(a, 0)\ns = {L}.vector_norm(a[::2], {_INF})"),
    ("vector-norm-meta", f"r = {L}.vector_norm(torch.ones(3, 4, device='meta'), dim=1)"),
]

_ORDS = ("'fro'", "'nuc'", _INF, f"-{_INF}", "1", "-1", "2", "-2")
MATRIX: Table = [
    (f"matrix-norm-{name}-{o.strip(chr(39)).replace(_INF, 'inf')}-{tag}",
     src + f"r = {L}.matrix_norm(a, {o}{args})\n")
    for name, src in _INPUTS.items()
    if name not in ("empty", "half", "bfloat16")
    for o in _ORDS
    for tag, args in (("default", ""), ("keepdim", ", keepdim=True"),
                      ("dims", ", (2, 0)"), ("dims-keepdim", ", (0, -1), True"))
    if name in ("contiguous", "transposed") or tag in ("default", "dims-keepdim")
] + [
    (f"matrix-norm-{shape}-{o.strip(chr(39)).replace(_INF, 'inf')}-{k}",
     f"r = {L}.matrix_norm(torch.ones({shape}), {o}, keepdim={k})\n")
    for shape in ("2, 0, 3", "2, 3, 0", "0, 0", "0, 2, 2")
    for o in _ORDS
    for k in (False, True)
    if not ((o in (f"-{_INF}", "-2") and shape in ("2, 0, 3", "0, 0"))
            or (o in ("-1", "-2") and shape in ("2, 3, 0", "0, 0")))
] + [
    ("matrix-norm-low-precision", X + f"r = {L}.matrix_norm(x.half(), 1)\n"
                                  f"s = {L}.matrix_norm(x.bfloat16(), {_INF}, keepdim=True)\n"
                                  f"t = {L}.matrix_norm(x.half())"),
    ("matrix-norm-dtype", X + f"r = {L}.matrix_norm(x, 'nuc', dtype=torch.float64)\n"
                          f"s = {L}.matrix_norm(x, -1, dtype=torch.float64)\n"
                          f"t = {L}.matrix_norm(x, 2, keepdim=True, dtype=torch.float64)"),
    ("matrix-norm-meta", f"a = torch.ones(2, 3, 4, device='meta')\nr = {L}.matrix_norm(a, 1)\n"
                         f"s = {L}.matrix_norm(a, 'nuc', keepdim=True)"),
    ("matrix-norm-nuc-inf-values", f"r = {L}.matrix_norm(torch.tensor([[{_INF}, 1.], [1., 1.]]),"
                                   " 1)"),
]

LINALG_NORM: Table = [
    ("linalg-norm-default", X + f"r = {L}.norm(x)\ns = {L}.norm(x[0], keepdim=True)"),
    ("linalg-norm-2d-ords", X + f"r = {L}.norm(x[0], 2)\ns = {L}.norm(x[0].t(), 'nuc')\n"
                            f"t = {L}.norm(x[1], -{_INF}, keepdim=True)"),
    ("linalg-norm-1d-ords", X + f"r = {L}.norm(x[0, 0], 2)\ns = {L}.norm(x[0, :, 1], {_INF})\n"
                            f"t = {L}.norm(x[1, 1], 0.5)"),
    ("linalg-norm-dim-int", X + f"r = {L}.norm(x, 3, dim=1)\ns = {L}.norm(x, dim=(2,))"),
    ("linalg-norm-dim-pair", X + f"r = {L}.norm(x, 'nuc', dim=(0, 1), keepdim=True)\n"
                             f"s = {L}.norm(x, -1, (2, 0))\nt = {L}.norm(x, None, (0, 1))"),
    ("linalg-norm-dtype", X + f"r = {L}.norm(x, dtype=torch.float64)\n"
                          f"s = {L}.norm(x[0], 'fro', dtype=torch.float64)"),
    ("linalg-norm-complex", X + f"r = {L}.norm(x.to(torch.complex64).add(x.mul(1j))[0], 2)"),
]

LEGACY: Table = [
    ("norm-default", X + "r = torch.norm(x)\ns = x.norm()\nt = torch.norm(x, None)"),
    ("norm-p", X + f"r = torch.norm(x, 3)\ns = x.norm({_INF})\nt = x.norm(-{_INF}, dim=(0, 1))"),
    ("norm-dim", X + "r = torch.norm(x, dim=1, keepdim=True)\ns = x.norm(1, 2)\n"
                     "t = x.norm(1, 0, True)"),
    ("norm-fro-dims", X + "r = x.norm('fro', dim=[0, 2])\ns = torch.norm(x.transpose(0, 2), "
                          "'fro', 1)"),
    ("norm-nuc", X + "r = torch.norm(x[0], 'nuc')\ns = torch.norm(x, 'nuc', dim=(0, 2), "
                     "keepdim=True)\nt = x.norm('nuc', (2, 1))"),
    ("norm-dtype", X + "r = torch.norm(x, dtype=torch.float64)\ns = x.norm(dtype=torch.float64)\n"
                       "t = x.half().norm(1, dtype=torch.float32)"),
    ("norm-complex", X + "c = x.to(torch.complex64).add(x.mul(1j))\nr = c.norm()\n"
                         "s = c.conj().norm(1, 0)"),
    ("norm-empty", "a = torch.zeros(2, 0)\nr = a.norm()\ns = a.norm(1, 1)\nt = a.norm(dim=0)"),
    ("norm-0d", "a = torch.tensor(-2.)\nr = a.norm()\ns = a.norm(3, 0)"),
    ("norm-views-then-written", X + "y = x.clone()\nr = y.norm(1, 0)\ny.add_(1)\ns = y.norm()"),
]

OUT: Table = [
    ("vector-norm-out-kept", X + f"o = torch.empty(3, 4)\nr = {L}.vector_norm(x, dim=0, out=o)"),
    ("vector-norm-out-kept-transposed", X + f"o = torch.empty(4, 3).t()\n"
                                        f"r = {L}.vector_norm(x, dim=0, out=o)"),
    ("vector-norm-out-resized", X + f"o = torch.empty(5)\nr = {L}.vector_norm(x, out=o)"),
    ("vector-norm-out-empty", X + f"o = torch.empty(0)\nr = {L}.vector_norm(x, 1, (1, 2), out=o)"),
    ("vector-norm-out-stepped", X + f"o = torch.empty(8)[::2]\n"
                                f"r = {L}.vector_norm(x, dim=(1, 2), out=o)"),
    ("vector-norm-out-dtype-given", X + f"o = torch.empty((), dtype=torch.float64)\n"
                                    f"r = {L}.vector_norm(x, dtype=torch.float64, out=o)"),
    ("matrix-norm-out-kept", X + f"o = torch.empty(2)\nr = {L}.matrix_norm(x, 'nuc', out=o)"),
    ("matrix-norm-out-stepped", X + f"o = torch.empty(4)[::2]\nr = {L}.matrix_norm(x, 1, out=o)"),
    ("matrix-norm-out-resized", X + f"o = torch.empty(7)\n"
                                f"r = {L}.matrix_norm(x, 2, keepdim=True, out=o)"),
    ("matrix-norm-out-fro", X + f"o = torch.empty(0)\nr = {L}.matrix_norm(x, out=o)"),
    ("linalg-norm-out", X + f"o = torch.empty(3)\nr = {L}.norm(x, out=o)\n"
                        f"p = torch.empty(1)\ns = {L}.norm(x[0], 'nuc', out=p)"),
    ("norm-out", X + "o = torch.empty(5)\nr = torch.norm(x, 2, 1, out=o)\n"
                     "p = torch.empty(2)\ns = torch.norm(x, 'nuc', (1, 2), out=p)"),
]

ERRORS: Table = [
    ("err-vector-norm-integer", f"r = {L}.vector_norm(torch.ones(3, dtype=torch.long))"),
    ("err-vector-norm-bool", f"r = {L}.vector_norm(torch.ones(3, dtype=torch.bool))"),
    ("err-vector-norm-complex-ord", f"r = {L}.vector_norm(torch.ones(3), 1j)"),
    ("err-vector-norm-str-ord", f"r = {L}.vector_norm(torch.ones(3), ord='fro')"),
    ("err-vector-norm-empty-inf", f"r = {L}.vector_norm(torch.ones(0, 3), {_INF})"),
    ("err-vector-norm-empty-dim", f"r = {L}.vector_norm(torch.ones(0, 3), -1, dim=-2)"),
    ("err-vector-norm-dim-repeat", X + f"r = {L}.vector_norm(x, dim=(0, -3))"),
    ("err-vector-norm-dim-range", X + f"r = {L}.vector_norm(x, dim=3)"),
    ("err-vector-norm-0d-dim", f"r = {L}.vector_norm(torch.tensor(2.), dim=1)"),
    ("err-vector-norm-dtype-int", f"r = {L}.vector_norm(torch.ones(3), dtype=torch.long)"),
    ("err-vector-norm-dtype-complex", f"r = {L}.vector_norm(torch.ones(3), "
                                      "dtype=torch.complex64)"),
    ("err-vector-norm-dtype-narrow", f"r = {L}.vector_norm(torch.ones(3).double(), "
                                     "dtype=torch.float32)"),
    ("err-vector-norm-out-dtype", f"r = {L}.vector_norm(torch.ones(3), "
                                  "out=torch.empty((), dtype=torch.float64))"),
    ("err-vector-norm-out-complex", f"r = {L}.vector_norm(torch.ones(3, dtype=torch.complex64), "
                                    "out=torch.empty((), dtype=torch.complex64))"),
    ("err-vector-norm-out-is-input-resized", X + f"y = x.clone()\n"
                                             f"r = {L}.vector_norm(y, dim=(1, 2), out=y)"),
    ("err-vector-norm-argument", f"r = {L}.vector_norm([1., 2.])"),
    ("err-matrix-norm-integer", f"r = {L}.matrix_norm(torch.ones(2, 2, dtype=torch.long))"),
    ("err-matrix-norm-integer-dims-same", f"r = {L}.matrix_norm(torch.ones(2, 2, "
                                          "dtype=torch.long), dim=(1, 1))"),
    ("err-matrix-norm-vector", f"r = {L}.matrix_norm(torch.ones(3))"),
    ("err-matrix-norm-order", X + f"r = {L}.matrix_norm(x, 3)"),
    ("err-matrix-norm-order-str", X + f"r = {L}.matrix_norm(x, 'abc')"),
    ("err-matrix-norm-order-first", f"r = {L}.matrix_norm(torch.ones(3), 3)"),
    ("err-matrix-norm-complex-order", X + f"r = {L}.matrix_norm(x, 1j)"),
    ("err-matrix-norm-nuc-half", X + f"r = {L}.matrix_norm(x.half(), 'nuc')"),
    ("err-matrix-norm-2-bfloat16-empty", f"r = {L}.matrix_norm(torch.ones(0, 2, 2).bfloat16(),"
                                         " -2)"),
    ("err-matrix-norm-dims-three", X + f"r = {L}.matrix_norm(x, dim=(0, 1, 2))"),
    ("err-matrix-norm-dims-one", X + f"r = {L}.matrix_norm(x, dim=(0,))"),
    ("err-matrix-norm-dims-same", X + f"r = {L}.matrix_norm(x, dim=(1, -2))"),
    ("err-matrix-norm-dims-range", X + f"r = {L}.matrix_norm(x, dim=(1, 3))"),
    ("err-matrix-norm-dtype", X + f"r = {L}.matrix_norm(x, dtype=torch.long)"),
    ("err-matrix-norm-dtype-narrow", X + f"r = {L}.matrix_norm(x.double(), 2, "
                                     "dtype=torch.float32)"),
    ("err-matrix-norm-out-dtype", X + f"r = {L}.matrix_norm(x, out=torch.empty(2).double())"),
    ("err-matrix-norm-empty-neg-inf", f"r = {L}.matrix_norm(torch.ones(2, 0, 3), -{_INF})"),
    ("err-matrix-norm-empty-neg-2", f"r = {L}.matrix_norm(torch.ones(2, 3, 0), -2, "
                                    "keepdim=True)"),
    ("err-matrix-norm-empty-neg-1", f"r = {L}.matrix_norm(torch.ones(0, 0), -1, keepdim=True)"),
    ("err-matrix-norm-nan-svd", f"r = {L}.matrix_norm(torch.tensor([[float('nan'), 1.], "
                                "[1., 1.]]), 2)"),
    ("err-linalg-norm-rank", X + f"r = {L}.norm(x, 2)"),
    ("err-linalg-norm-rank-fro", X + f"r = {L}.norm(x, 'fro')"),
    ("err-linalg-norm-0d", f"r = {L}.norm(torch.tensor(3.), 2)"),
    ("err-linalg-norm-dims", X + f"r = {L}.norm(x, dim=(0, 1, 2))"),
    ("err-linalg-norm-dims-empty", X + f"r = {L}.norm(x, 2, dim=())"),
    ("err-linalg-norm-fro-vector", f"r = {L}.norm(torch.ones(3), 'fro')"),
    ("err-linalg-norm-order", X + f"r = {L}.norm(x[0], 3)"),
    ("err-linalg-norm-integer", X + f"r = {L}.norm(x.long())"),
    ("err-linalg-norm-out-dtype", X + f"r = {L}.norm(x, out=torch.empty(3).double())"),
    ("err-norm-fro-three-dims", X + "r = torch.norm(x, 'fro', dim=(0, 1, 2))"),
    ("err-norm-nuc-3d", X + "r = torch.norm(x, 'nuc')"),
    ("err-norm-order-str", X + "r = x.norm('abc')"),
    ("err-norm-integer", X + "r = x.long().norm()"),
    ("err-norm-complex-p", X + "r = x.norm(1j)"),
    ("err-norm-method-out", X + "r = x.norm(out=torch.empty(1))"),
]

CASES = VECTOR + MATRIX + LINALG_NORM + LEGACY + OUT
test_agrees_with_torch, test_error_message_matches = table_tests(CASES + ERRORS, ERRORS)


def test_resized_out_warns_as_torch_does() -> None:
    assert_same_warnings(X + f"o = torch.empty(3)\nr = {L}.vector_norm(x, out=o)\n"
                         f"s = {L}.matrix_norm(x, 'nuc', out=torch.empty(5))")
