"""torch.linalg's lu, lu_factor, lu_factor_ex, lu_solve, householder_product, lstsq, pinv and
matrix_rank: column-major LU and householder products, contiguous P, L, U, pivots and infos,
lu_solve's column-major (left) or contiguous (right, conj bit for complex) results, lstsq's
narrowed column-major solution and its driver-dependent results, pinv's contiguous and
matrix_rank's int64 results, of contiguous, transposed, stepped, expanded, offset, batched,
empty and 0x0 inputs, float, double and complex; out= kept, resized and aliasing; zero
pivots (info, lu_factor's refusal) and the refusals of ranks, dtypes, shapes and drivers."""

from __future__ import annotations

from ._support import Table, assert_same_warnings, table_tests

L = "torch.linalg"
# matrices whose elimination is exact in float: pivots and factors settled
X = "x = torch.tensor([[[2., 4, 2], [1, 1, 3], [4, 2, 2]], [[1., 2, 0], [2, 2, 4], [4, 0, 2]]])\n"
R = "r4 = torch.tensor([[1., 2, 0], [2, 1, 1], [0, 1, 2], [1, 0, 1]])\n"
_INPUTS = {
    "batched": X + "a = x\n",
    "matrix": X + "a = x[1]\n",
    "transposed": X + "a = x.transpose(1, 2)\n",
    "stepped": "y = torch.arange(36.).remainder(7).view(6, 6)\na = y[::2, ::2]\n",
    "expanded": "a = torch.tensor([[2., 1], [4, 3]]).expand(3, 2, 2)\n",
    "offset": X + "a = x[1:, 1:, 1:]\n",
    "tall": R + "a = r4\n",
    "wide": R + "a = r4.t()\n",
    "one-by-one": "a = torch.tensor([[-3.]])\n",
    "empty-batch": "a = torch.zeros(0, 3, 3)\n",
    "zero-rows": "a = torch.zeros(2, 0, 3)\n",
    "zero-cols": "a = torch.zeros(2, 3, 0)\n",
    "zero-by-zero": "a = torch.zeros(0, 0)\n",
    "double": X + "a = x.double()\n",
    "complex": X + "a = x.to(torch.complex64)\n",
    "singular": "a = torch.ones(2, 3, 3)\n",
    "channels-last": X + "a = x.unsqueeze(0).contiguous(memory_format=torch.channels_last)[0]\n",
    "overlapping": "y = torch.tensor([3., 1, 0, 2, 5])\na = y.as_strided((3, 3), (1, 1))\n",
    "size-one-odd-strides": X + "a = x[1:].as_strided((1, 3, 3), (7, 3, 1), 9)\n",
    "permuted": X + "a = x.permute(2, 0, 1).permute(1, 2, 0)\n",
}

FACTOR: Table = [
    (f"{op}-{name}", src + f"r = {L}.{op}(a)\n")
    for name, src in _INPUTS.items()
    for op in ("lu", "lu_factor_ex")
] + [
    (f"lu-factor-{name}", src + f"r = {L}.lu_factor(a)\n")
    for name, src in _INPUTS.items() if name != "singular"
] + [
    ("lu-named-fields", X + f"r = {L}.lu(x)\np = r.P\nl = r.L\nu = r.U"),
    ("lu-factor-ex-fields", X + f"r = {L}.lu_factor_ex(x)\nl = r.LU\np = r.pivots\ni = r.info"),
    ("lu-factor-ex-zero", f"r = {L}.lu_factor_ex(torch.zeros(3, 3))"),
    ("lu-factor-ex-rect-singular", f"r = {L}.lu_factor_ex(torch.ones(2, 4, 3))"),
    ("lu-empty-integer", f"r = {L}.lu(torch.zeros(0, 3, 3, dtype=torch.long))\n"
                         f"s = {L}.lu_factor(torch.zeros(0, 2, 2).half())"),
]

SOLVE: Table = [
    (f"lu-solve-{b}", "lu = torch.tensor([[4., 2], [0.5, 3]])\n"
     "p = torch.tensor([2, 2], dtype=torch.int32)\n" + f"r = {L}.lu_solve(lu, p, {expr})\n")
    for b, expr in (
        ("matrix", "torch.ones(2, 3)"),
        ("transposed", "torch.ones(3, 2).t()"),
        ("batch", "torch.ones(4, 2, 1)"),
        ("expanded", "torch.ones(2, 1).expand(2, 3)"),
        ("right", "torch.ones(3, 2), left=False"),
        ("adjoint", "torch.ones(2, 3), adjoint=True"),
        ("right-adjoint", "torch.ones(3, 2), left=False, adjoint=True"),
        ("empty", "torch.ones(2, 0)"),
    )
] + [
    ("lu-solve-batched-lu", X + f"f = {L}.lu_factor(x)\nr = {L}.lu_solve(f.LU, f.pivots, "
                            "torch.ones(3, 2))"),
    ("lu-solve-complex-right", "lu = torch.tensor([[4., 2], [0.5, 3]], dtype=torch.complex64)\n"
     "p = torch.tensor([1, 2], dtype=torch.int32)\n"
     f"r = {L}.lu_solve(lu, p, torch.ones(3, 2, dtype=torch.complex64), left=False)"),
    ("lu-solve-zero-by-zero", f"r = {L}.lu_solve(torch.zeros(0, 0), torch.zeros(0, "
                              "dtype=torch.int32), torch.ones(0, 2))"),
    ("lu-solve-out-kept", "lu = torch.tensor([[4., 2], [0.5, 3]])\n"
     "p = torch.tensor([2, 2], dtype=torch.int32)\no = torch.empty(2, 3)\n"
     f"r = {L}.lu_solve(lu, p, torch.ones(2, 3), out=o)"),
    ("lu-solve-out-resized", "lu = torch.tensor([[4., 2], [0.5, 3]])\n"
     "p = torch.tensor([2, 2], dtype=torch.int32)\no = torch.empty(0)\n"
     f"r = {L}.lu_solve(lu, p, torch.ones(2, 3), out=o)"),
]

HOUSEHOLDER: Table = [
    (f"householder-{name}", f"r = {L}.householder_product({a}, {tau})")
    for name, a, tau in (
        ("tall", "torch.ones(4, 3)", "torch.tensor([0.5, 1., 0.25])"),
        ("fewer-tau", "torch.ones(4, 3)", "torch.tensor([0.5])"),
        ("square", "torch.arange(9.).view(3, 3)", "torch.tensor([1., 0.5])"),
        ("transposed", "torch.ones(3, 4).t()", "torch.tensor([0.5, 0.5, 0.5])"),
        ("batched", "torch.ones(2, 4, 3)", "torch.ones(2, 3).div(2)"),
        ("empty-batch", "torch.ones(0, 4, 3)", "torch.ones(0, 2)"),
        ("zero-cols", "torch.ones(4, 0)", "torch.ones(0)"),
        ("complex", "torch.ones(4, 3, dtype=torch.complex64)", "torch.ones(3, "
                    "dtype=torch.complex64).div(2)"),
        ("out-kept", "torch.ones(4, 3)", "torch.ones(3).div(2), out=torch.empty(4, 3)"),
        ("out-resized", "torch.ones(4, 3)", "torch.ones(3).div(2), out=torch.empty(2)"),
    )
]

# well-conditioned full-rank matrices: solutions and ranks settled
A4 = "a = torch.tensor([[2., 1, 1], [1, 2, 1], [1, 1, 2], [1, 1, 1]])\n"
LEAST: Table = [
    (f"lstsq-{driver}-{name}", src + f"r = {L}.lstsq({args}, driver='{driver}')")
    for driver in ("gelsy", "gelsd", "gelss", "gels")
    for name, src, args in (
        ("tall", A4, "a, torch.ones(4, 2)"),
        ("wide", A4, "a.t(), torch.ones(3, 2)"),
        ("vector", A4, "a, torch.ones(4)"),
        ("square", A4, "a[:3], torch.ones(3, 2)"),
        ("batched-vectors", A4, "a.expand(2, 4, 3), torch.ones(2, 4)"),
        ("broadcast", A4, "a.unsqueeze(0), torch.ones(3, 4, 2)"),
        ("zero-rows", "", "torch.zeros(0, 3), torch.zeros(0, 2)"),
        ("zero-cols", "", "torch.zeros(4, 0), torch.ones(4, 2)"),
        ("double", A4, "a.double(), torch.ones(4, 1).double()"),
    )
] + [
    ("lstsq-default", A4 + f"r = {L}.lstsq(a, torch.ones(4, 2))"),
    ("lstsq-matrix-b-broadcast-as-batch", A4 + f"r = {L}.lstsq(a.unsqueeze(0), torch.ones(4, 2))"),
    ("lstsq-batch-of-vectors", A4 + f"r = {L}.lstsq(a[:2, :2].expand(4, 2, 2), torch.ones(4, 2))"),
    ("lu-factor-wide-zero-column", f"r = {L}.lu_factor_ex(torch.tensor([[0., 1, 2, 3]], "
                                   "dtype=torch.complex64))"),
    ("lstsq-rcond", A4 + f"r = {L}.lstsq(a, torch.ones(4, 2), 0.01)"),
    ("lstsq-rank-deficient-gelsd", f"r = {L}.lstsq(torch.ones(4, 3), torch.ones(4, 1), "
                                   "driver='gelsd')"),
    ("lstsq-fields", A4 + f"r = {L}.lstsq(a, torch.ones(4, 2))\ns = r.solution\n"
                     "q = r.residuals\nk = r.rank\nv = r.singular_values"),
] + [
    (f"{op}-{name}", src + f"r = {L}.{op}({args})")
    for op in ("pinv", "matrix_rank")
    for name, src, args in (
        ("tall", A4, "a"),
        ("wide", A4, "a.t()"),
        ("batched", A4, "a.expand(2, 4, 3)"),
        ("square-hermitian", A4, "a[:3], hermitian=True"),
        ("atol", A4, "a, atol=0.5"),
        ("rtol", A4, "a, rtol=0.1"),
        ("rank-one", "", "torch.ones(3, 3)"),
        ("zero", "", "torch.zeros(2, 3)"),
        ("empty", "", "torch.zeros(0, 3)"),
        ("empty-batch", "", "torch.zeros(0, 2, 3)"),
        ("double", A4, "a.double()"),
        ("complex", A4, "a.to(torch.complex64)"),
        ("positional", A4, "a, 0.1"),
    )
] + [
    ("matrix-rank-empty-integer-tol", f"r = {L}.matrix_rank(torch.ones(0, 3).long(), rtol=0.5)"),
    ("pinv-explicit-none", A4 + f"r = {L}.pinv(a, atol=None, rtol=None)"),
    ("pinv-out-kept", A4 + f"o = torch.empty(3, 4)\nr = {L}.pinv(a, out=o)"),
    ("pinv-out-resized", A4 + f"o = torch.empty(0)\nr = {L}.pinv(a, out=o)"),
    ("matrix-rank-out", A4 + f"o = torch.empty(0, dtype=torch.long)\n"
                        f"r = {L}.matrix_rank(a.expand(2, 4, 3), out=o)"),
]

UNPACK: Table = [
    (f"lu-unpack-{name}", src + "f = torch.linalg.lu_factor_ex(a)\n"
     f"r = torch.lu_unpack(f.LU, f.pivots{extra})\n")
    for name, src in _INPUTS.items() if name not in ("singular",)
    for extra in ("",)
] + [
    (f"lu-unpack-flags-{d}-{p}", X + f"f = {L}.lu_factor(x)\nr = torch.lu_unpack(f.LU, f.pivots, "
     f"{d}, {p})") for d in (True, False) for p in (True, False)
] + [
    ("lu-unpack-literal", "r = torch.lu_unpack(torch.arange(12.).view(4, 3), "
                          "torch.tensor([4, 2, 3], dtype=torch.int32))"),
    ("lu-unpack-batched-pivots", "r = torch.lu_unpack(torch.ones(2, 3, 3), "
                                 "torch.tensor([[3, 3, 3], [2, 3, 3]], dtype=torch.int32))"),
    ("lu-unpack-integer", "r = torch.lu_unpack(torch.ones(3, 2, dtype=torch.long), "
                          "torch.tensor([1, 2], dtype=torch.int32))"),
    ("lu-unpack-half-transposed", "r = torch.lu_unpack(torch.ones(2, 3).half().t(), "
                                  "torch.tensor([2, 3], dtype=torch.int32))"),
    ("lu-unpack-named-fields", "r = torch.lu_unpack(torch.ones(2, 2), torch.tensor([2, 2], "
                               "dtype=torch.int32))\np = r.P\nl = r.L\nu = r.U"),
]

OUT: Table = [
    ("lu-solve-out-is-b", "lu = torch.tensor([[4., 2], [0.5, 3]])\n"
     "p = torch.tensor([2, 2], dtype=torch.int32)\nb = torch.ones(2, 3)\n"
     f"r = {L}.lu_solve(lu, p, b, out=b)"),
    ("lu-solve-out-stepped", "lu = torch.tensor([[4., 2], [0.5, 3]])\n"
     "p = torch.tensor([2, 2], dtype=torch.int32)\no = torch.empty(2, 6)[:, ::2]\n"
     f"r = {L}.lu_solve(lu, p, torch.ones(2, 3), out=o)"),
    ("householder-out-is-input", "a = torch.ones(4, 3)\n"
     f"r = {L}.householder_product(a, torch.ones(3).div(2), out=a)"),
    ("householder-out-transposed", "o = torch.empty(3, 4).t()\n"
     f"r = {L}.householder_product(torch.ones(4, 3), torch.ones(3).div(2), out=o)"),
    ("pinv-out-is-input", A4 + f"b = a[:3].clone()\nr = {L}.pinv(b, out=b)"),
    ("householder-out-double", f"r = {L}.householder_product(torch.ones(4, 3), "
                               "torch.ones(3).div(2), out=torch.empty(4, 3).double().t())"),
    ("householder-out-resized-complex", "o = torch.empty(0, dtype=torch.complex64)\n"
     f"r = {L}.householder_product(torch.ones(4, 3), torch.ones(3).div(2), out=o)"),
    ("pinv-out-double-resized", A4 + f"o = torch.empty(0).double()\nr = {L}.pinv(a, out=o)"),
    ("pinv-out-half", A4 + f"o = torch.empty(3, 4).half()\nr = {L}.pinv(a, out=o)"),
    ("matrix-rank-out-float", A4 + "o = torch.empty(2, 3).t()[0]\n"
                              f"r = {L}.matrix_rank(a, out=o)"),
    ("matrix-rank-out-int-resized", A4 + "o = torch.empty(0, dtype=torch.int32)\n"
                                    f"r = {L}.matrix_rank(a.expand(2, 4, 3), out=o)"),
    ("pinv-out-transposed", A4 + f"o = torch.empty(4, 3).t()\nr = {L}.pinv(a, out=o)"),
    ("matrix-rank-out-kept", A4 + "o = torch.tensor(7)\n"
                             f"r = {L}.matrix_rank(a, out=o)"),
    ("matrix-rank-out-resized-warns", A4 + "o = torch.empty(3, dtype=torch.long)\n"
                                      f"r = {L}.matrix_rank(a, out=o)"),
]

META: Table = [
    ("meta-lu-factor-integer", "r = torch.linalg.lu_factor(torch.ones(2, 4, 3, dtype=torch.long, "
                               "device='meta'))"),
    ("meta-lu", "r = torch.linalg.lu(torch.ones(2, 3, 4, device='meta'))"),
    ("meta-householder-integer", "r = torch.linalg.householder_product(torch.ones(4, 3, "
                                 "dtype=torch.long, device='meta'), torch.ones(3, "
                                 "dtype=torch.long, device='meta'))"),
    ("meta-lu-solve-complex-right", "c = torch.ones(3, 3, dtype=torch.complex64, device='meta')\n"
     "r = torch.linalg.lu_solve(c, torch.ones(3, dtype=torch.int32, device='meta'), "
     "torch.ones(2, 3, dtype=torch.complex64, device='meta'), left=False)"),
    ("meta-lu-solve-half", "r = torch.linalg.lu_solve(torch.ones(3, 3, device='meta').half(), "
     "torch.ones(3, dtype=torch.int32, device='meta'), torch.ones(3, 2, device='meta').half())"),
    ("meta-pinv", "r = torch.linalg.pinv(torch.ones(2, 4, 3, device='meta'))"),
    ("meta-lu-unpack", "r = torch.lu_unpack(torch.ones(2, 4, 3, device='meta'), "
                       "torch.ones(2, 3, dtype=torch.int32, device='meta'))"),
]

ERRORS: Table = [
    ("err-meta-lstsq", "r = torch.linalg.lstsq(torch.ones(3, 3, device='meta'), "
                       "torch.ones(3, 2, device='meta'))"),
    ("err-lu-unpack-vector", "r = torch.lu_unpack(torch.ones(3), "
                             "torch.ones(3, dtype=torch.int32))"),
    ("err-lu-unpack-pivots-dtype", "r = torch.lu_unpack(torch.ones(3, 3), torch.ones(3))"),
    ("err-lu-unpack-pivots-high", "r = torch.lu_unpack(torch.ones(3, 3), "
                                  "torch.full((3,), 4, dtype=torch.int32))"),
    ("err-lu-unpack-pivots-low", "r = torch.lu_unpack(torch.ones(3, 3), "
                                 "torch.zeros(3, dtype=torch.int32))"),
    ("err-lu-solve-out-dtype", f"r = {L}.lu_solve(torch.ones(1, 1), torch.ones(1, "
                               "dtype=torch.int32), torch.ones(1, 3), "
                               "out=torch.empty(1, 3).double())"),
    ("err-householder-out-dtype", f"r = {L}.householder_product(torch.ones(4, 3), "
                                  "torch.ones(3), out=torch.empty(4, 3).int())"),
    ("err-pinv-out-dtype", f"r = {L}.pinv(torch.ones(2, 2), out=torch.empty(2, 2).int())"),
    ("err-pinv-out-expanded", f"r = {L}.pinv(torch.ones(2, 3), "
                              "out=torch.zeros(1, 2).expand(3, 2))"),
    ("err-pinv-out-expanded-double", f"r = {L}.pinv(torch.ones(2, 3), "
                                     "out=torch.zeros(1, 2).double().expand(3, 2))"),
    ("err-matrix-rank-out-dtype", f"r = {L}.matrix_rank(torch.ones(3, 2, 2), "
                                  "out=torch.empty(0, dtype=torch.bool))"),
    ("err-lu-vector", f"r = {L}.lu(torch.ones(3))"),
    ("err-lu-zero-dim", f"r = {L}.lu(torch.tensor(1.))"),
    ("err-lu-factor-vector", f"r = {L}.lu_factor(torch.ones(3))"),
    ("err-lu-factor-ex-vector", f"r = {L}.lu_factor_ex(torch.ones(3))"),
    ("err-lu-no-pivot", f"r = {L}.lu(torch.ones(3, 3), pivot=False)"),
    ("err-lu-factor-no-pivot", f"r = {L}.lu_factor(torch.ones(3, 3), pivot=False)"),
    ("err-lu-integer", f"r = {L}.lu(torch.ones(3, 3, dtype=torch.long))"),
    ("err-lu-half", f"r = {L}.lu_factor(torch.ones(3, 3).half())"),
    ("err-lu-bool", f"r = {L}.lu_factor_ex(torch.ones(3, 3, dtype=torch.bool))"),
    ("err-lu-factor-singular", f"r = {L}.lu_factor(torch.ones(3, 3))"),
    ("err-lu-factor-singular-batch", f"r = {L}.lu_factor(torch.stack([torch.ones(3).diag(), "
                                     "torch.ones(3, 3)]))"),
    ("err-lu-factor-ex-check", f"r = {L}.lu_factor_ex(torch.ones(2, 3, 3), check_errors=True)"),
    ("err-lu-solve-b-vector", f"r = {L}.lu_solve(torch.ones(2, 2), torch.ones(2, "
                              "dtype=torch.int32), torch.ones(2))"),
    ("err-lu-solve-shapes", f"r = {L}.lu_solve(torch.ones(2, 2), torch.ones(2, "
                            "dtype=torch.int32), torch.ones(3, 2))"),
    ("err-lu-solve-right-shapes", f"r = {L}.lu_solve(torch.ones(2, 2), torch.ones(2, "
                                  "dtype=torch.int32), torch.ones(2, 3), left=False)"),
    ("err-lu-solve-pivots-dtype", f"r = {L}.lu_solve(torch.ones(2, 2), torch.ones(2, "
                                  "dtype=torch.long), torch.ones(2, 3))"),
    ("err-lu-solve-dtypes", f"r = {L}.lu_solve(torch.ones(2, 2), torch.ones(2, "
                            "dtype=torch.int32), torch.ones(2, 3).double())"),
    ("err-lu-solve-integer", f"r = {L}.lu_solve(torch.ones(2, 2).long(), torch.ones(2, "
                             "dtype=torch.int32), torch.ones(2, 3).long())"),
    ("err-lu-solve-non-square", f"r = {L}.lu_solve(torch.ones(2, 3), torch.ones(2, "
                                "dtype=torch.int32), torch.ones(2, 3))"),
    ("err-lu-solve-pivot-count", f"r = {L}.lu_solve(torch.ones(2, 2), torch.ones(1, "
                                 "dtype=torch.int32), torch.ones(2, 3))"),
    ("err-lu-solve-pivot-shape", f"r = {L}.lu_solve(torch.ones(2, 2), torch.ones(3, 2, "
                                 "dtype=torch.int32), torch.ones(2, 3))"),
    ("err-lu-solve-pivot-low", f"r = {L}.lu_solve(torch.ones(2, 2), torch.zeros(2, "
                               "dtype=torch.int32), torch.ones(2, 3))"),
    ("err-lu-solve-pivot-high", f"r = {L}.lu_solve(torch.ones(2, 2), torch.full((2,), 3, "
                                "dtype=torch.int32), torch.ones(2, 3))"),
    ("err-lu-solve-half", f"r = {L}.lu_solve(torch.ones(2, 2).half(), torch.ones(2, "
                          "dtype=torch.int32), torch.ones(2, 3).half())"),
    ("err-householder-vector", f"r = {L}.householder_product(torch.ones(4), torch.ones(3))"),
    ("err-householder-wide", f"r = {L}.householder_product(torch.ones(3, 4), torch.ones(3))"),
    ("err-householder-tau-long", f"r = {L}.householder_product(torch.ones(4, 3), torch.ones(4))"),
    ("err-householder-tau-rank", f"r = {L}.householder_product(torch.ones(4, 3), "
                                 "torch.ones(2, 3))"),
    ("err-householder-tau-batch", f"r = {L}.householder_product(torch.ones(2, 4, 3), "
                                  "torch.ones(3, 3))"),
    ("err-householder-dtypes", f"r = {L}.householder_product(torch.ones(4, 3), "
                               "torch.ones(3).double())"),
    ("err-householder-integer", f"r = {L}.householder_product(torch.ones(0, 4, 3).long(), "
                                "torch.ones(0, 3).long())"),
    ("err-lstsq-vector", f"r = {L}.lstsq(torch.ones(3), torch.ones(3))"),
    ("err-lstsq-zero-dim-b", f"r = {L}.lstsq(torch.ones(3, 3), torch.tensor(1.))"),
    ("err-lstsq-dtypes", f"r = {L}.lstsq(torch.ones(3, 3), torch.ones(3, 1).double())"),
    ("err-lstsq-dims", f"r = {L}.lstsq(torch.ones(4, 3), torch.ones(2, 4, 2))"),
    ("err-lstsq-rows", f"r = {L}.lstsq(torch.ones(3, 3), torch.ones(4, 1))"),
    ("err-lstsq-batch", f"r = {L}.lstsq(torch.ones(2, 4, 3), torch.ones(4, 2))"),
    ("err-lstsq-batch-matrix", f"r = {L}.lstsq(torch.ones(3, 2, 2), torch.ones(2, 2))"),
    ("err-lu-factor-wide-zero-column", f"r = {L}.lu_factor(torch.tensor([[0., 1, 2, 3]], "
                                       "dtype=torch.complex64))"),
    ("err-lstsq-driver", f"r = {L}.lstsq(torch.ones(3, 3), torch.ones(3, 1), driver='foo')"),
    ("err-lstsq-integer", f"r = {L}.lstsq(torch.ones(3, 3).long(), torch.ones(3, 1).long())"),
    ("err-lstsq-half", f"r = {L}.lstsq(torch.ones(0, 3, 3).half(), torch.ones(0, 3, 1).half())"),
    ("err-pinv-integer", f"r = {L}.pinv(torch.ones(3, 3, dtype=torch.long))"),
    ("err-pinv-vector", f"r = {L}.pinv(torch.ones(3))"),
    ("err-pinv-half", f"r = {L}.pinv(torch.ones(3, 3).half())"),
    ("err-pinv-hermitian-non-square", f"r = {L}.pinv(torch.ones(3, 4), hermitian=True)"),
    ("err-pinv-nan", f"r = {L}.pinv(torch.full((2, 2), float('nan')))"),
    ("err-matrix-rank-vector", f"r = {L}.matrix_rank(torch.ones(3))"),
    ("err-matrix-rank-integer", f"r = {L}.matrix_rank(torch.ones(3, 3).long())"),
    ("err-matrix-rank-empty-integer", f"r = {L}.matrix_rank(torch.ones(0, 3).long())"),
    ("err-matrix-rank-hermitian", f"r = {L}.matrix_rank(torch.ones(3, 4), hermitian=True)"),
    ("err-matrix-rank-nan", f"r = {L}.matrix_rank(torch.full((2, 2), float('nan')))"),
    ("err-matrix-rank-out-atol-zero-dim", f"r = {L}.matrix_rank(torch.tensor(1.), atol=0.0, "
                                          "out=torch.empty(0, dtype=torch.long))"),
    ("err-lu-factor-of-pinv-of-zero", f"r = {L}.lu_factor({L}.pinv(torch.zeros(2, 1, 1), "
                                      "hermitian=True))"),
    ("err-pinv-atol-vector", f"r = {L}.pinv(torch.ones(3), atol=0.5)"),
    ("err-pinv-atol-zero-dim", f"r = {L}.pinv(torch.tensor(1.), atol=0.0)"),
    ("err-pinv-rtol-zero-dim", f"r = {L}.pinv(torch.tensor(1.), rtol=0.5)"),
    ("err-pinv-atol-integer", f"r = {L}.pinv(torch.ones(3, 3).long(), atol=0.5)"),
    ("err-pinv-rcond-integer", f"r = {L}.pinv(torch.ones(3, 3).long(), 0.5)"),
    ("err-matrix-rank-tol-integer", f"r = {L}.matrix_rank(torch.ones(3, 3).long(), 0.5)"),
    ("err-matrix-rank-tol-integer-hermitian", f"r = {L}.matrix_rank(torch.ones(3, 3).long(), "
                                              "tol=0.5, hermitian=True)"),
    ("err-matrix-rank-rtol-half", f"r = {L}.matrix_rank(torch.ones(3, 3).half(), rtol=0.5)"),
    ("err-matrix-rank-rtol-half-hermitian", f"r = {L}.matrix_rank(torch.ones(3, 3).half(), "
                                            "rtol=0.5, hermitian=True)"),
    # the result reaches out= through copy_: an expanded out= is refused
    ("err-householder-expanded-out", f"r = {L}.householder_product(torch.ones(2, 1), "
                                     "torch.zeros(1), out=torch.zeros(1, 1).expand(2, 1))"),
    ("err-lu-solve-expanded-out", "a = torch.tensor([[2., 1.], [1., 3.]])\n"
                                  f"LU, p = {L}.lu_factor(a)\n"
                                  f"r = {L}.lu_solve(LU, p, torch.ones(2, 1), "
                                  "out=torch.zeros(1, 1).expand(2, 1))"),
    ("err-matrix-rank-atol-integer", f"r = {L}.matrix_rank(torch.ones(3, 3).long(), atol=0.5)"),
]

CASES = FACTOR + SOLVE + HOUSEHOLDER + LEAST + UNPACK + OUT + META
test_agrees_with_torch, test_error_message_matches = table_tests(CASES + ERRORS, ERRORS)


def test_resized_out_warns_as_torch_does() -> None:
    assert_same_warnings(
        "a = torch.tensor([[2., 1, 1], [1, 2, 1], [1, 1, 2], [1, 1, 1]])\n"
        f"r = {L}.matrix_rank(a, out=torch.empty(3, dtype=torch.long))\n"
        f"s = {L}.pinv(a, out=torch.empty(2))\n"
        f"t = {L}.householder_product(a, torch.ones(3).div(2), out=torch.empty(5).double())")
