"""torch.linalg's matrix_power, matrix_exp, cross, vecdot and multi_dot, and torch.chain_matmul:
matrix_power's contiguous clones (n = 0 written with the identity, n = 1), inv's column-major
result (n = -1) and matmul's (|n| >= 2, n < -1 through inv); matrix_exp's new contiguous
results (1x1 exp's layout, 0x0 a clone, a batch view refuses); cross with dim=-1 by default;
vecdot's vdot (1-d) and conj-mul-sum paths; multi_dot's view of mm's result in the cheapest
order, its 1-d ends; chain_matmul's clone of one matrix; inputs contiguous, transposed,
permuted, stepped, expanded, overlapping, channels-last, offset, with odd size-1 strides,
empty, of integer, half, bfloat16, float, double and complex dtypes; out= kept, resized (with
its warning), non-contiguous, the input; the refusals."""

from __future__ import annotations

from ._support import Table, assert_same_warnings, table_tests

L = "torch.linalg"
X = ("x = torch.tensor([[[4., 1, 0], [1, 5, 2], [0, 2, 6]], "
     "[[3., -1, 1], [0, 4, 1], [1, 1, 5]]])\n")
S = "x = torch.tensor([[[0.5, 0.25], [0.125, -0.5]], [[0.25, 0.5], [-0.25, 0.125]]])\n"
_SQUARE = {
    "batched": X + "a = x\n",
    "transposed": X + "a = x.transpose(1, 2)\n",
    "permuted": X + "a = x.permute(2, 0, 1).add(torch.ones(3).diag().mul(4)).permute(1, 2, 0)\n",
    "stepped": "y = torch.ones(6).diag().mul(5).add(torch.ones(6, 6))\na = y[::2, ::2]\n",
    "expanded": "a = torch.tensor([[2., 1], [1, 3]]).expand(3, 2, 2)\n",
    "overlapping": "a = torch.tensor([3., 1, 4, 1]).as_strided((2, 2), (1, 1))\n",
    "offset": X + "a = x[1:, 1:, 1:]\n",
    "channels-last": X + "a = x.unsqueeze(0).contiguous(memory_format=torch.channels_last)[0]\n",
    "size-one-odd-strides": X + "a = x[1:].as_strided((1, 3, 3), (7, 3, 1), 9)\n",
    "one-by-one": "a = torch.tensor([[-3.]]).expand(2, 1, 1)\n",
    "zero-by-zero": "a = torch.zeros(2, 0, 0).transpose(1, 2)\n",
    "empty-batch": "a = torch.zeros(0, 3, 3)\n",
    "double": X + "a = x.double()\n",
    "complex": X + "a = x.to(torch.complex64).add(torch.ones(3).diag().mul(1j))\n",
}

POWER: Table = [
    (f"matrix-power-{name}-{n}".replace("--", "-neg-"), src + f"r = {L}.matrix_power(a, {n})\n")
    for name, src in _SQUARE.items()
    for n in (0, 1, -1, 2, 3, 4, 5, -2, 6)
] + [
    ("matrix-power-integer", "a = torch.tensor([[1, 2], [3, 4]])\nr = torch.matrix_power(a, 0)\n"
                             "s = a.matrix_power(3)\nt = torch.linalg.matrix_power(a, 5)"),
    ("matrix-power-half", "a = torch.tensor([[0.5, 1], [0, 2]]).half()\nr = a.matrix_power(2)\n"
                          "s = a.bfloat16().matrix_power(4)"),
    ("matrix-power-bool-trivial", "a = torch.ones(2, 2, dtype=torch.bool)\n"
                                  f"r = {L}.matrix_power(a, 0)\ns = {L}.matrix_power(a, 1)"),
    ("matrix-power-then-written", X + f"r = {L}.matrix_power(x, 1)\nr.add_(1)\n"
                                  f"s = {L}.matrix_power(x[0], 0)\ns.mul_(2)"),
    ("matrix-power-meta", f"a = torch.ones(2, 3, 3, device='meta')\nr = {L}.matrix_power(a, 0)\n"
                          f"s = {L}.matrix_power(a, 5)\nt = {L}.matrix_power(a, -1)"),
]

EXP: Table = [
    (f"matrix-exp-{name}", src.replace("x = torch", "x = 0.1 * torch").replace(
        "y = torch", "y = 0.1 * torch").replace("a = torch", "a = 0.1 * torch")
     + f"r = {L}.matrix_exp(a)\n")
    for name, src in _SQUARE.items()
] + [
    ("matrix-exp-small", S + f"r = {L}.matrix_exp(x)\ns = torch.matrix_exp(x[0].t())\n"
                         "t = x[1].matrix_exp()"),
    ("matrix-exp-half", S + f"r = {L}.matrix_exp(x.half())\ns = {L}.matrix_exp(x.bfloat16())"),
    ("matrix-exp-large-norm", X + f"r = {L}.matrix_exp(x)"),
    ("matrix-exp-4d-viewable", S + f"r = {L}.matrix_exp(x.expand(3, 2, 2, 2))"),
    ("matrix-exp-meta", f"r = {L}.matrix_exp(torch.ones(2, 3, 3, device='meta'))"),
]

CROSS: Table = [
    ("cross-default-last", "a = torch.arange(12.).view(4, 3)\nb = torch.ones(3, 4).t()\n"
                           f"r = {L}.cross(a, b)\ns = {L}.cross(a.t(), b.t(), dim=0)"),
    ("cross-broadcast", f"r = {L}.cross(torch.ones(1, 3), torch.arange(12.).view(4, 3))"),
    ("cross-integer", f"r = {L}.cross(torch.tensor([1, 2, 3]), torch.tensor([4, 5, 6]))"),
    ("cross-expanded-empty", f"r = {L}.cross(torch.ones(3).expand(4, 3), torch.ones(4, 3))\n"
                             f"s = {L}.cross(torch.ones(0, 3), torch.ones(0, 3))\n"
                             f"t = {L}.cross(torch.ones(0, 3, device='meta', "
                             "dtype=torch.bool), torch.ones(0, 3, device='meta', "
                             "dtype=torch.bool))"),
    ("cross-complex", f"a = torch.tensor([1., 2, 3]).to(torch.complex64).mul(1j)\n"
                      f"r = {L}.cross(a, a.conj())"),
    # each product rounds to bfloat16 (c10 BFloat16 operator*): 17 * 17 = 289 reads 288
    ("cross-bfloat16-rounded-products", "a = torch.tensor([0., 17, 18]).bfloat16()\n"
                                        "b = torch.tensor([0., 16, 17]).bfloat16()\n"
                                        f"r = {L}.cross(a, b)\ns = torch.cross(a, b, dim=0)\n"
                                        "t = a.cross(b.expand(2, 3), dim=1)"),
    ("cross-half-rounded-products", "a = torch.tensor([200., 300, 7, 0, 17, 18])\n"
                                    "b = torch.tensor([301., 199, 5, 0, 16, 17])\n"
                                    f"r = {L}.cross(a.half().view(2, 3), b.half().view(2, 3))\n"
                                    f"s = {L}.cross(a.bfloat16().view(2, 3), "
                                    "b.bfloat16().view(2, 3))"),
]

VECDOT: Table = [
    ("vecdot-matrices", "a = torch.arange(12.).view(4, 3)\nb = torch.ones(3, 4).t()\n"
                        f"r = {L}.vecdot(a, b)\ns = {L}.vecdot(a.t(), b.t(), dim=0)"),
    ("vecdot-broadcast", f"r = {L}.vecdot(torch.ones(2, 1, 3), torch.arange(12.).view(4, 3))"),
    ("vecdot-vectors", f"r = {L}.vecdot(torch.arange(3.), torch.ones(3))\n"
                       f"s = {L}.vecdot(torch.arange(3.), torch.ones(3), dim=5)"),
    ("vecdot-complex", "a = torch.tensor([1., 2]).to(torch.complex64).add(torch.tensor([0., "
                       f"1]).mul(1j))\nr = {L}.vecdot(a, a)\ns = {L}.vecdot(a.expand(2, 2), a)"),
    ("vecdot-0d-empty-half", f"r = {L}.vecdot(torch.tensor(2.), torch.tensor(3.))\n"
                             f"s = {L}.vecdot(torch.ones(2, 0), torch.ones(2, 0))\n"
                             f"t = {L}.vecdot(torch.ones(2, 3).half(), torch.ones(3).half())"),
]

M = "a = torch.arange(12.).view(4, 3)\nb = torch.ones(3, 4).t().t().contiguous()\n"
MULTI: Table = [
    ("multi-dot-two", M + f"r = {L}.multi_dot([a, b])\ns = {L}.multi_dot((a.t().t(), b))"),
    ("multi-dot-vector-ends", M + f"r = {L}.multi_dot([torch.ones(4), a])\n"
                              f"s = {L}.multi_dot([torch.ones(3), torch.arange(3.)])\n"
                              f"t = {L}.multi_dot([torch.ones(4), a, torch.ones(3)])"),
    ("multi-dot-three", M + f"r = {L}.multi_dot([a, b, torch.ones(4, 5)])\n"
                        f"s = {L}.multi_dot([torch.ones(5, 4), a, b])"),
    ("multi-dot-four", M + f"r = {L}.multi_dot([a, b, torch.ones(4, 5), torch.ones(5, 2)])\n"
                       f"s = {L}.multi_dot([torch.ones(1, 4), a, b, a, torch.ones(3)])"),
    ("multi-dot-integer-empty", f"r = {L}.multi_dot([torch.ones(2, 3, dtype=torch.long), "
                                "torch.ones(3, 2, dtype=torch.long)])\n"
                                f"s = {L}.multi_dot([torch.ones(2, 0), torch.ones(0, 3)])"),
    ("chain-matmul", M + "r = torch.chain_matmul(a.t())\ns = torch.chain_matmul(a, b)\n"
                     "t = torch.chain_matmul(a, b, a, b)\n"
                     "u = torch.chain_matmul(torch.ones(3).expand(2, 3))"),
]

OUT: Table = [
    ("matrix-power-out-kept", X + f"o = torch.empty(2, 3, 3).transpose(1, 2)\n"
                              f"r = {L}.matrix_power(x, 5, out=o)\n"
                              f"s = {L}.matrix_power(x, 0, out=o)\n"
                              f"t = {L}.matrix_power(x, 1, out=o)\n"
                              f"u = {L}.matrix_power(x, 4, out=o)"),
    ("matrix-power-out-resized", X + f"o = torch.empty(3)\nr = {L}.matrix_power(x, 2, out=o)"),
    ("matrix-power-out-inv", X + f"o = torch.empty(0)\nr = {L}.matrix_power(x, -1, out=o)\n"
                             f"p = torch.empty(2, 3, 3)\ns = {L}.matrix_power(x, -3, out=p)"),
    ("matrix-power-out-wider", X + f"o = torch.empty(2, 3, 3).double()\n"
                               f"r = {L}.matrix_power(x, 0, out=o)\n"
                               f"s = {L}.matrix_power(x, 1, out=o)"),
    ("cross-out", "a = torch.arange(12.).view(4, 3)\n"
                  f"o = torch.empty(2)\nr = {L}.cross(a, a.flip(0), out=o)\n"
                  f"p = torch.empty(3, 4).t()\ns = {L}.cross(a, a.flip(0), out=p)"),
    ("vecdot-out", "a = torch.arange(12.).view(4, 3)\n"
                   f"o = torch.empty(7)\nr = {L}.vecdot(a, a, out=o)\n"
                   f"p = torch.empty(2)\ns = {L}.vecdot(a[0], a[1], out=p)\n"
                   f"q = torch.empty(8)[::2]\nt = {L}.vecdot(a, a, out=q)"),
    ("multi-dot-out", M + f"o = torch.empty(3)\nr = {L}.multi_dot([a, b], out=o)\n"
                      f"p = torch.empty(4, 4).t()\ns = {L}.multi_dot([a, b], out=p)\n"
                      f"q = torch.empty(6)[::2]\nt = {L}.multi_dot([torch.ones(4), a], out=q)\n"
                      f"u = {L}.multi_dot([a, b, a, b], out=p)"),
    ("chain-matmul-out", M + "o = torch.empty(2)\nr = torch.chain_matmul(a, b, out=o)\n"
                         "p = torch.empty(2)\ns = torch.chain_matmul(a, out=p)"),
]

ERRORS: Table = [
    ("err-matrix-power-non-square", f"r = {L}.matrix_power(torch.ones(2, 3), 2)"),
    ("err-matrix-power-vector", f"r = {L}.matrix_power(torch.ones(2), 2)"),
    ("err-matrix-power-float-n", f"r = {L}.matrix_power(torch.ones(2, 2), 2.0)"),
    ("err-matrix-power-integer-inverse", f"r = {L}.matrix_power(torch.ones(2, 2, "
                                         "dtype=torch.long), -1)"),
    ("err-matrix-power-bool", f"r = {L}.matrix_power(torch.ones(2, 2, dtype=torch.bool), 2)"),
    ("err-matrix-power-singular", f"r = {L}.matrix_power(torch.zeros(2, 2), -2)"),
    ("err-matrix-power-out-narrower", f"r = {L}.matrix_power(torch.ones(2, 2), 2, "
                                      "out=torch.empty(2, 2, dtype=torch.long))"),
    ("err-matrix-power-out-dtype", f"r = {L}.matrix_power(torch.ones(2, 2), 2, "
                                   "out=torch.empty(2, 2).double())"),
    ("err-matrix-power-argument", f"r = {L}.matrix_power([1.], 2)"),
    ("err-matrix-exp-integer", f"r = {L}.matrix_exp(torch.ones(2, 2, dtype=torch.long))"),
    ("err-matrix-exp-non-square", f"r = {L}.matrix_exp(torch.ones(2, 3))"),
    ("err-matrix-exp-vector", f"r = {L}.matrix_exp(torch.ones(2))"),
    ("err-matrix-exp-unviewable-batch", f"r = {L}.matrix_exp(torch.ones(2, 3, 2, 2)"
                                        ".transpose(0, 1))"),
    ("err-matrix-exp-argument", f"r = {L}.matrix_exp([1.])"),
    ("err-cross-length", f"r = {L}.cross(torch.ones(3, 4), torch.ones(3, 4))"),
    ("err-cross-ndim", f"r = {L}.cross(torch.ones(2, 1, 3), torch.ones(4, 3))"),
    ("err-cross-dtypes", f"r = {L}.cross(torch.ones(3), torch.ones(3).double())"),
    ("err-cross-bool", f"r = {L}.cross(torch.ones(3, dtype=torch.bool), "
                       "torch.ones(3, dtype=torch.bool))"),
    ("err-cross-bool-empty", f"r = {L}.cross(torch.ones(3, 0, dtype=torch.bool), "
                             "torch.ones(3, 0, dtype=torch.bool), dim=0)"),
    ("err-cross-dtypes-empty", f"r = {L}.cross(torch.ones(0, 3), torch.ones(0, 3).double())"),
    ("err-cross-0d", f"r = {L}.cross(torch.tensor(1.), torch.tensor(1.))"),
    ("err-vecdot-integer", f"r = {L}.vecdot(torch.ones(3, dtype=torch.long), "
                           "torch.ones(3, dtype=torch.long))"),
    ("err-vecdot-dtypes", f"r = {L}.vecdot(torch.ones(3), torch.ones(3).double())"),
    ("err-vecdot-sizes", f"r = {L}.vecdot(torch.ones(3), torch.ones(4))"),
    ("err-vecdot-broadcast", f"r = {L}.vecdot(torch.ones(2, 3), torch.ones(4, 3))"),
    ("err-vecdot-dim", f"r = {L}.vecdot(torch.ones(2, 3), torch.ones(2, 3), dim=2)"),
    ("err-vecdot-out-dtype", f"r = {L}.vecdot(torch.ones(2, 3), torch.ones(2, 3), "
                             "out=torch.empty(2).double())"),
    ("err-vecdot-argument", f"r = {L}.vecdot(torch.ones(2), [1.])"),
    ("err-multi-dot-one", f"r = {L}.multi_dot([torch.ones(2, 2)])"),
    ("err-multi-dot-none", f"r = {L}.multi_dot([])"),
    ("err-multi-dot-first-3d", f"r = {L}.multi_dot([torch.ones(2, 2, 2), torch.ones(2, 2)])"),
    ("err-multi-dot-last-3d", f"r = {L}.multi_dot([torch.ones(2, 2), torch.ones(2, 2, 2)])"),
    ("err-multi-dot-middle-1d", f"r = {L}.multi_dot([torch.ones(2, 2), torch.ones(2), "
                                "torch.ones(2)])"),
    ("err-multi-dot-dtypes", f"r = {L}.multi_dot([torch.ones(2, 2), torch.ones(2, 2).double()])"),
    ("err-multi-dot-shapes", f"r = {L}.multi_dot([torch.ones(4, 3), torch.ones(4, 2)])"),
    ("err-multi-dot-bool", f"r = {L}.multi_dot([torch.ones(2, 2, dtype=torch.bool), "
                           "torch.ones(2, 2, dtype=torch.bool)])"),
    ("err-multi-dot-out-dtype", f"r = {L}.multi_dot([torch.ones(2, 2), torch.ones(2, 2)], "
                                "out=torch.empty(2, 2).double())"),
    ("err-chain-matmul-none", "r = torch.chain_matmul()"),
    ("err-chain-matmul-vector", "r = torch.chain_matmul(torch.ones(3), torch.ones(3))"),
]

CASES = POWER + EXP + CROSS + VECDOT + MULTI + OUT
test_agrees_with_torch, test_error_message_matches = table_tests(CASES + ERRORS, ERRORS)


def test_resized_out_warns_as_torch_does() -> None:
    assert_same_warnings(X + f"o = torch.empty(3)\nr = {L}.matrix_power(x, 2, out=o)\n"
                         f"s = {L}.vecdot(x, x, out=torch.empty(5))")


def test_chain_matmul_warns_once_as_torch_does() -> None:
    assert_same_warnings("a = torch.ones(2, 2)\nr = torch.chain_matmul(a, a)\n"
                         "s = torch.chain_matmul(a, out=torch.empty(2, 2))\n"
                         "t = torch.chain_matmul(a)")
