"""torch.linalg's inv, inv_ex, solve, solve_ex, det and slogdet: batches of column-major
results (solve's batches of vectors counted as one matrix, left=False's contiguous) and
contiguous infos, dets and slogdets, of contiguous, transposed, permuted, stepped, expanded,
offset, size-1, 0-d-batch, empty-batch and 0x0 inputs, float, double and complex; out= of
the right shape kept, of another resized (with its warning), aliasing the input; singular
matrices (exact zero pivots: raised, or returned as info; det 0, slogdet's -inf); the
refusals of vectors, non-square, integer, bool, half and bfloat16 inputs, mismatched
dtypes and shapes."""

from __future__ import annotations

from ._support import Table, assert_same_warnings, table_tests

L = "torch.linalg"
I3 = "torch.ones(3).diag()"
# a well-conditioned batch: diagonally dominant matrices of small integers
X = ("x = torch.tensor([[[4., 1, 0], [1, 5, 2], [0, 2, 6]], "
     "[[3., -1, 1], [0, 4, 1], [1, 1, 5]]])\n")
W = "w = torch.arange(48.).remainder(5).sub(2).view(2, 4, 6)\n"
_INPUTS = {
    "batched": X + "a = x\n",
    "matrix": X + "a = x[1]\n",
    "transposed": X + "a = x.transpose(1, 2)\n",
    "permuted": X + f"a = x.permute(2, 0, 1).add({I3}.mul(4)).permute(1, 2, 0)\n",
    "stepped": "y = torch.ones(6).diag().mul(5).add(torch.ones(6, 6))\na = y[::2, ::2]\n",
    "expanded": "a = torch.tensor([[2., 1], [1, 3]]).expand(3, 2, 2)\n",
    "offset": X + "a = x[1:, 1:, 1:]\n",
    "channels-last": X + "a = x.unsqueeze(0).contiguous(memory_format=torch.channels_last)"
                         "[0]\n",
    "one-by-one": "a = torch.tensor([[-3.]])\n",
    "size-one-batch-odd-strides": X + "a = x[1:].as_strided((1, 3, 3), (7, 3, 1), 9)\n",
    "empty-batch": "a = torch.zeros(0, 3, 3).transpose(1, 2)\n",
    "zero-by-zero": "a = torch.zeros(2, 0, 0)\n",
    "double": X + "a = x.double()\n",
    "complex": X + f"a = x.to(torch.complex64).add({I3}.mul(1j))\n",
}

SQUARE: Table = [
    (f"{op}-{name}", src + f"r = {L}.{op}(a)\n")
    for name, src in _INPUTS.items()
    for op in ("inv", "inv_ex", "det", "slogdet")
] + [
    ("inv-ex-named-fields", X + f"r = {L}.inv_ex(x)\ni = r.inverse\nj = r.info"),
    ("slogdet-named-fields", X + f"r = {L}.slogdet(x[0].t())\ns = r.sign\nl = r.logabsdet"),
    ("det-negative", f"r = {L}.det(torch.tensor([[0., 1], [1, 0]]))\n"
                     f"s = {L}.slogdet(torch.tensor([[0., 1], [1, 0]]))"),
    ("det-half-empty", f"r = {L}.det(torch.zeros(0, 2, 2).bfloat16())\n"
                       f"s = {L}.det(torch.zeros(2, 0, 0).half())"),
    ("inv-of-a-view-then-written", X + f"t = x[0].t()\nr = {L}.inv(t)\nt.add_(1)\n"
                                   f"q = {L}.inv(t)\nr.add_(1)"),
]

SOLVE: Table = [
    (f"{op}-{name}-{b}".replace("_", "-"), src + f"b = {expr}\nr = {L}.{op}(a, b{kw})\n")
    for name, src in _INPUTS.items() if name not in ("zero-by-zero",)
    for b, expr, kw in (
        ("vector", "torch.ones(a.shape[-1], dtype=a.dtype)", ""),
        ("batch-of-vectors", "torch.ones_like(a[..., 0]).cumsum(-1)", ""),
        ("matrix", "torch.ones(a.shape[-1], 2, dtype=a.dtype)", ""),
        ("transposed-matrix", "torch.ones(2, a.shape[-1], dtype=a.dtype).t()", ""),
        ("broadcast-batch", "torch.ones(4, 1, a.shape[-1], 1, dtype=a.dtype).expand(4, 1, "
                            "a.shape[-1], 2)", ""),
        ("right", "torch.ones(2, a.shape[-1], dtype=a.dtype)", ", left=False"),
        ("empty-columns", "torch.ones(a.shape[-1], 0, dtype=a.dtype)", ""),
    )
    for op in ("solve", "solve_ex")
] + [
    ("solve-zero-by-zero", f"a = torch.zeros(2, 0, 0)\nr = {L}.solve(a, torch.zeros(0, 3))\n"
                           f"s = {L}.solve(a, torch.zeros(2, 0))\n"
                           f"t = {L}.solve_ex(a, torch.zeros(3, 0), left=False)"),
    ("solve-square-batch-is-vectors", X + f"r = {L}.solve(x, torch.ones(2, 3))\n"
                                      f"s = {L}.solve(x[:, :2, :2].expand(2, 2, 2), "
                                      "torch.ones(2, 2))"),
    ("solve-ex-info-of-a-alone", X + f"r = {L}.solve_ex(x[0], torch.ones(4, 3, 2))"),
    ("solve-ex-named-fields", X + f"r = {L}.solve_ex(x, torch.ones(3))\ni = r.result\n"
                              "j = r.info"),
]

SINGULAR: Table = [
    ("inv-ex-singular", f"r = {L}.inv_ex(torch.arange(9.).view(3, 3))"),
    ("inv-ex-singular-transposed", f"r = {L}.inv_ex(torch.arange(9.).view(3, 3).t())"),
    ("inv-ex-zero-batch", f"r = {L}.inv_ex(torch.zeros(2, 3, 3))"),
    ("inv-ex-second-singular", X + f"y = x.clone()\ny[1] = torch.tensor([[1., 2, 0], [2, 4, 1], "
                               f"[4, 8, 1]])\nr = {L}.inv_ex(y)"),
    ("solve-ex-singular", f"r = {L}.solve_ex(torch.tensor([[1., 2], [2, 4]]), torch.ones(2))"),
    ("solve-ex-singular-complex",
     f"r = {L}.solve_ex(torch.zeros(2, 2, dtype=torch.complex64), torch.ones(2, 1, "
     "dtype=torch.complex64))"),
    ("det-singular", f"r = {L}.det(torch.arange(9.).view(3, 3))\n"
                     f"s = {L}.det(torch.zeros(2, 2, 2, dtype=torch.complex128))"),
    ("slogdet-singular", f"r = {L}.slogdet(torch.arange(16.).view(4, 4))\n"
                         f"s = {L}.slogdet(torch.zeros(2, 2, dtype=torch.complex128))"),
]

OUT: Table = [
    # an out= of the kernel's own layout sharing A's memory gets the identity before A is
    # read: A factors the identity (no singular error), a row-major out= goes through a proxy
    ("inv-out-is-singular-1x1-input", "x = torch.zeros(1, 1)\nr = torch.linalg.inv(x, out=x)"),
    ("inv-out-is-transposed-input", "c = torch.tensor([[2., 1.], [0., 4.]])\n"
                                    "r = torch.linalg.inv(c, out=c.t())\n"
                                    "b = torch.tensor([[2., 1.], [0., 4.]])\n"
                                    "s = torch.linalg.inv(b, out=b)"),
    ("inv-out-meta-version", "x = torch.zeros(1, 1, device='meta')\n"
                             "r = torch.linalg.inv(x, out=x)"),
    # XA = B of complex matrices comes back as .mH of a column-major buffer: the conj bit set
    ("solve-right-complex-conj-bit",
     "a = torch.tensor([[2., 1.], [0., 4.]], dtype=torch.complex64)\n"
     "b = torch.tensor([[1., 2j], [3., 2.]], dtype=torch.complex64)\n"
     "r = torch.linalg.solve(a, b, left=False)\n"
     "s, i = torch.linalg.solve_ex(a.expand(2, 2, 2), b, left=False)"),
    ("inv-out-kept", X + f"o = torch.empty(2, 3, 3)\nr = {L}.inv(x, out=o)"),
    ("inv-out-kept-column-major", X + f"o = torch.empty(2, 3, 3).mT\nr = {L}.inv(x, out=o)"),
    ("inv-out-resized", X + f"o = torch.empty(3)\nr = {L}.inv(x, out=o)"),
    ("inv-out-empty", X + f"o = torch.empty(0)\nr = {L}.inv(x, out=o)"),
    ("inv-out-resized-overlapping", X + f"o = torch.empty(1, 2).expand(4, 2)\n"
                                    f"r = {L}.inv(x, out=o)"),
    ("inv-out-is-input", X + f"y = x.clone()\nr = {L}.inv(y, out=y)"),
    ("det-out-kept-stepped", X + f"o = torch.empty(4)[::2]\nr = {L}.det(x, out=o)"),
    ("det-out-resized", X + f"o = torch.empty(3)\nr = {L}.det(x, out=o)"),
    ("solve-out-kept", X + f"o = torch.empty(2, 3, 2)\nr = {L}.solve(x, torch.ones(3, 2), out=o)"),
    ("solve-out-resized", X + f"o = torch.empty(5)\nr = {L}.solve(x, torch.ones(3), out=o)"),
    ("solve-out-right", X + f"o = torch.empty(0)\n"
                        f"r = {L}.solve(x, torch.ones(2, 3), left=False, out=o)"),
]

ERRORS: Table = [
    *((f"err-{op}-{what}", f"r = {L}.{op}({arg})")
      for op in ("inv", "inv_ex", "det", "slogdet")
      for what, arg in (("vector", "torch.zeros(3)"), ("zero-dim", "torch.tensor(1.)"),
                        ("non-square", "torch.zeros(2, 3)"),
                        ("integer", "torch.zeros(3, 3, dtype=torch.long)"),
                        ("integer-non-square", "torch.zeros(2, 3, dtype=torch.long)"),
                        ("bool", "torch.zeros(2, 2, dtype=torch.bool)"),
                        ("half", f"{I3}.half()"),
                        ("bfloat16-empty", "torch.zeros(0, 2, 2).bfloat16()"))
      if (op, what) != ("det", "bfloat16-empty")),
    ("err-inv-singular", f"r = {L}.inv(torch.tensor([[1., 2], [2, 4]]))"),
    ("err-inv-singular-batch", f"r = {L}.inv(torch.zeros(2, 3, 3))"),
    ("err-inv-singular-second", X + f"y = x.clone()\ny[1].zero_()\nr = {L}.inv(y)"),
    ("err-inv-ex-check-errors", f"r = {L}.inv_ex(torch.zeros(2, 3, 3), check_errors=True)"),
    ("err-solve-singular", f"r = {L}.solve(torch.zeros(3, 3), torch.ones(3))"),
    ("err-solve-singular-batch", f"r = {L}.solve(torch.zeros(2, 3, 3), torch.ones(3))"),
    ("err-solve-ex-check-errors", f"r = {L}.solve_ex(torch.zeros(2, 2), torch.ones(2), "
                                  "check_errors=True)"),
    ("err-solve-vector-size", f"r = {L}.solve({I3}, torch.zeros(2))"),
    ("err-solve-matrix-size", f"r = {L}.solve({I3}, torch.zeros(2, 3))"),
    ("err-solve-right-size", f"r = {L}.solve({I3}, torch.zeros(3, 2), left=False)"),
    ("err-solve-right-vector", f"r = {L}.solve({I3}, torch.zeros(3), left=False)"),
    ("err-solve-broadcast", f"r = {L}.solve({I3}.expand(2, 3, 3), torch.zeros(4, 3, 2))"),
    ("err-solve-dtypes", f"r = {L}.solve({I3}, torch.zeros(3, 2).double())"),
    ("err-solve-integer", f"r = {L}.solve({I3}.long(), torch.zeros(3).long())"),
    ("err-solve-integer-vector", f"r = {L}.solve(torch.zeros(3).long(), torch.zeros(3).long())"),
    ("err-solve-a-vector", f"r = {L}.solve(torch.zeros(3), torch.zeros(3))"),
    ("err-solve-b-zero-dim", f"r = {L}.solve({I3}, torch.tensor(1.))"),
    ("err-solve-non-square", f"r = {L}.solve(torch.ones(2, 3), torch.zeros(2))"),
    ("err-solve-half", f"r = {L}.solve({I3}.half(), torch.zeros(3).half())"),
    ("err-solve-half-empty-b", f"r = {L}.solve({I3}.half(), torch.zeros(0, 3, 2).half())"),
    ("err-inv-out-dtype", f"r = {L}.inv(torch.ones(2).diag(), out=torch.empty(2, 2).double())"),
    ("err-det-out-dtype", f"r = {L}.det(torch.ones(2).diag(), out=torch.empty(()).double())"),
    ("err-solve-out-dtype", f"r = {L}.solve(torch.ones(2).diag(), torch.ones(2), "
                            "out=torch.empty(2).double())"),
    ("err-inv-argument", f"r = {L}.inv(3)"),
]

CASES = SQUARE + SOLVE + SINGULAR + OUT
test_agrees_with_torch, test_error_message_matches = table_tests(CASES + ERRORS, ERRORS)


def test_resized_out_warns_as_torch_does() -> None:
    assert_same_warnings(X + f"o = torch.empty(3)\nr = {L}.inv(x, out=o)\n"
                         f"s = {L}.det(x, out=torch.empty(5))")
