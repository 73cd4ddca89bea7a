"""linear family: addmm (torch.addmm, Tensor.addmm, addmm_, out=) with its input broadcast,
beta and alpha (beta 0 ignores the input's NaN; integer scalars truncated), empty
contractions, transposed and strided matrices, and torch.nn.functional.linear on inputs of
every rank: the addmm path of a 2-d input with a bias, the flattened path of a contiguous
input with a 1-d bias (its result a view), matmul then an in-place bias add for the rest
(a version bump), 1-d inputs and weights; out= forms; and the refusals of ranks, shapes,
dtypes and in-place sizes."""

from __future__ import annotations

from ._support import Table, table_tests

F = "torch.nn.functional"
M = "m = torch.arange(6.).view(2, 3)\na = torch.arange(12.).view(4, 3) - 5\n"
W = "m = torch.arange(6.).view(2, 3)\n"

ADDMM: Table = [
    # gemm leaves c unscaled for beta 1: an infinite complex input keeps its zero imaginary part
    ("addmm-complex-inf-beta-one", "c = torch.tensor(complex(float('inf'), 0.), "
                                   "dtype=torch.complex64)\n"
                                   "m = torch.tensor([[0j, 1j], [2., 3.]])\n"
                                   "x = torch.addmm(c, m, m, alpha=2)"),
    ("addmm-forms", M + "b = torch.tensor([1., -2.])\nx = torch.addmm(b, a, m.t())\n"
                    "y = b.addmm(a, m.t())\nz = torch.addmm(b.expand(4, 2), a, m.t())"),
    ("addmm-input-shapes", M + "x = torch.addmm(torch.ones(4, 1), a, m.t())\n"
                           "y = torch.addmm(torch.tensor(2.), a, m.t())\n"
                           "z = torch.addmm(torch.ones(1, 2), a, m.t())"),
    ("addmm-beta-alpha", M + "b = torch.ones(4, 2)\n"
                         "x = torch.addmm(b, a, m.t(), beta=2, alpha=3)\n"
                         "y = torch.addmm(b, a, m.t(), beta=0.5, alpha=0.25)\n"
                         "z = torch.addmm(b, a, m.t(), alpha=-1)"),
    ("addmm-beta-zero-ignores-nan", M + "b = torch.full((4, 2), float('nan'))\n"
                                    "x = torch.addmm(b, a, m.t(), beta=0)"),
    ("addmm-strided-matrices", M + "x = torch.addmm(torch.ones(2), a[::2], m.t())\n"
                               "w = torch.arange(12.).view(3, 4)[:, ::2]\n"
                               "y = torch.addmm(torch.ones(2), a.t().contiguous().t(), w)"),
    ("addmm-integers", "a = torch.arange(6).view(2, 3)\nb = torch.arange(12).view(3, 4)\n"
                       "c = torch.ones(4, dtype=torch.long)\nx = torch.addmm(c, a, b)\n"
                       "y = torch.addmm(c, a, b, beta=2, alpha=3)\n"
                       "z = torch.addmm(c, a, b, beta=0.5, alpha=2.5)"),
    ("addmm-double-and-half", M + "d = torch.addmm(torch.ones(2).double(), a.double(), "
                              "m.t().double())\n"
                              "h = torch.addmm(torch.ones(2).half(), a.half(), m.t().half())"),
    ("addmm-empty-contraction", "a = torch.ones(4, 0)\nb = torch.ones(0, 2)\n"
                                "x = torch.addmm(torch.tensor([1., 2.]), a, b)\n"
                                "y = torch.addmm(torch.ones(2), a, b, beta=0)\n"
                                "z = torch.addmm(torch.ones(2), a, b, beta=3)"),
    ("addmm-empty-result", M + "x = torch.addmm(torch.ones(2), a[:0], m.t())\n"
                           "y = torch.addmm(torch.ones(0), a, m[:0].t())"),
    ("addmm_-in-place", M + "c = torch.ones(4, 2)\nx = c.addmm_(a, m.t())\n"
                        "t = torch.zeros(2, 4).t()\ny = t.addmm_(a, m.t(), beta=0.5)"),
    ("addmm_-through-a-view", M + "base = torch.zeros(4, 4)\nv = base[:, 1:3]\n"
                              "x = v.addmm_(a, m.t(), alpha=2)\nw = base.view(16)"),
]
ADDMM_OUT: Table = [
    ("addmm-out-kept", M + "o = torch.zeros(2, 4).t()\nx = torch.addmm(torch.ones(2), a, m.t(), "
                       "out=o)"),
    ("addmm-out-resized", M + "o = torch.zeros(3)\n"
                          "x = torch.addmm(torch.ones(2), a, m.t(), out=o)"),
    ("addmm-out-stepped", M + "o = torch.zeros(4, 4)[:, ::2]\n"
                          "x = torch.addmm(torch.ones(2), a, m.t(), out=o)"),
]

LINEAR: Table = [
    ("linear-2d", M + f"x = {F}.linear(a, m)\ny = {F}.linear(a, m, torch.tensor([1., -1.]))"),
    ("linear-3d-contiguous", W + "v = torch.arange(24.).view(2, 4, 3)\n"
                             f"x = {F}.linear(v, m)\ny = {F}.linear(v, m, torch.ones(2))\n"
                             f"z = {F}.linear(v, m, bias=torch.ones(1, 2))"),
    ("linear-3d-transposed", "v = torch.arange(24.).view(4, 2, 3).transpose(0, 1)\n"
                             "m = torch.arange(6.).view(2, 3)\n"
                             f"x = {F}.linear(v, m)\ny = {F}.linear(v, m, torch.ones(2))\n"
                             f"z = {F}.linear(v, m, torch.ones(4, 1, 2))"),
    ("linear-4d", "v = torch.arange(24.).view(2, 2, 2, 3)\nm = torch.arange(6.).view(2, 3)\n"
                  f"x = {F}.linear(v, m, torch.ones(2))\n"
                  f"y = {F}.linear(v.transpose(0, 1), m, torch.ones(2))\n"
                  f"z = {F}.linear(v.permute(1, 0, 2, 3), m)"),
    ("linear-1d", "v = torch.arange(3.)\nm = torch.arange(6.).view(2, 3)\n"
                  f"x = {F}.linear(v, m)\ny = {F}.linear(v, m, torch.ones(2))\n"
                  f"z = {F}.linear(torch.arange(12.).view(4, 3), torch.arange(3.))"),
    ("linear-transposed-weight", "v = torch.arange(12.).view(4, 3)\n"
                                 "w = torch.arange(6.).view(3, 2).t()\n"
                                 f"x = {F}.linear(v, w, torch.ones(2))\n"
                                 f"y = {F}.linear(v.view(2, 2, 3), w, torch.ones(2))"),
    ("linear-strided-bias", W + "v = torch.arange(24.).view(2, 4, 3)\n"
                            f"x = {F}.linear(v, m, torch.ones(4)[::2])\n"
                            f"y = {F}.linear(v, m, torch.ones(1).expand(2))"),
    ("linear-integers-and-half", "v = torch.arange(12).view(2, 2, 3)\n"
                                 "m = torch.arange(6).view(2, 3)\n"
                                 f"x = {F}.linear(v, m, torch.ones(2, dtype=torch.long))\n"
                                 f"h = {F}.linear(v.half(), m.half())"),
    ("linear-empty", "v = torch.zeros(0, 3)\nm = torch.arange(6.).view(2, 3)\n"
                     f"x = {F}.linear(v, m, torch.ones(2))\n"
                     f"y = {F}.linear(torch.zeros(2, 0, 3), m, torch.ones(2))"),
    ("linear-out", M + "o = torch.zeros(2, 4).t()\n"
                   f"x = {F}.linear(a, m, torch.ones(2), out=o)\n"
                   "p = torch.zeros(0)\n"
                   f"y = {F}.linear(a.view(2, 2, 3), m, torch.ones(2), out=p)"),
]

ERRORS: Table = [
    ("err-addmm-mat1-rank", M + "x = torch.addmm(torch.ones(2), torch.ones(3), m.t())"),
    ("err-addmm-mat2-rank", M + "x = torch.addmm(torch.ones(2), a, torch.ones(3))"),
    ("err-addmm-shapes", M + "x = torch.addmm(torch.ones(2), a, m)"),
    ("err-addmm-input-shape", M + "x = torch.addmm(torch.ones(3), a, m.t())"),
    ("err-addmm-self-dtype", M + "x = torch.addmm(torch.ones(2).double(), a, m.t())"),
    ("err-addmm-mat-dtypes", M + "x = torch.addmm(torch.ones(2), a.long(), m.t())"),
    ("err-addmm-bool", "b = torch.ones(2, 2, dtype=torch.bool)\nx = torch.addmm(b, b, b)"),
    ("err-addmm_-size", M + "x = torch.ones(2).addmm_(a, m.t())"),
    ("err-addmm_-expanded", M + "x = torch.ones(1, 2).expand(4, 2).addmm_(a, m.t())"),
    ("err-addmm-out-dtype", M + "o = torch.zeros(4, 2).double()\n"
                            "x = torch.addmm(torch.ones(2), a, m.t(), out=o)"),
    ("err-addmm-beta-type", M + "x = torch.addmm(torch.ones(2), a, m.t(), beta='a')"),
    ("err-linear-0d", f"x = {F}.linear(torch.tensor(1.), torch.ones(2, 3))"),
    ("err-linear-0d-weight", f"x = {F}.linear(torch.ones(3), torch.tensor(1.))"),
    ("err-linear-shapes", M + f"x = {F}.linear(a, torch.ones(2, 4))"),
    ("err-linear-dtypes", M + f"x = {F}.linear(a.double(), m)"),
    ("err-linear-bias-2d", M + f"x = {F}.linear(a, m, torch.ones(3))"),
    ("err-linear-bias-in-place", "v = torch.ones(2, 4, 3).transpose(0, 1)\n"
                                 f"x = {F}.linear(v, torch.ones(2, 3), torch.ones(4, 2))"),
    ("err-linear-1d-weight-bias", M + f"x = {F}.linear(a.view(2, 2, 3), torch.ones(3), "
                                  "torch.ones(2))"),
    ("err-linear-no-weight", M + f"x = {F}.linear(a)"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    ADDMM + ADDMM_OUT + LINEAR + ERRORS, ERRORS)

OUT_IS_OPERAND: Table = [
    ("addmm-out-is-mat1", "a = torch.arange(10.).view(2, 5)\nw = torch.ones(5, 2)\n"
                          "x = torch.addmm(torch.ones(2), a, w, out=a)"),
    ("linear-out-is-input", "a = torch.arange(5.).view(1, 5)\nw = torch.ones(2, 5)\n"
                            f"x = {F}.linear(a, w, torch.ones(2), out=a)"),
    ("addmm-out-is-input", "c = torch.ones(2, 2)\nx = torch.addmm(c, torch.ones(2, 3), "
                           "torch.ones(3, 2), beta=2, out=c)"),
]

OUT_IS_OPERAND_ERRORS: Table = [
    ("err-addmm-out-partly-overlapping-its-input", "x = torch.arange(2.).view(2, 1)\n"
                                                   "s = x.adjoint()\n"
                                                   "a = torch.addmm(s, torch.tensor([[0.]]), "
                                                   "torch.tensor([[0., 0.]]), out=x)"),
    # mm's result in gemm's buffer is copied back into an out= that is the overlapping input
    ("err-mm-out-is-overlapping-input", "x = torch.arange(2).to(torch.complex64)\n"
                                        "a = x.as_strided_((3, 1), (0, 3), 1)\n"
                                        "w = torch.tensor([[2]], dtype=torch.complex64)\n"
                                        f"y = {F}.linear(a, w, out=x)"),
]

test_out_is_operand_agrees_with_torch, test_out_is_operand_error_matches = table_tests(
    OUT_IS_OPERAND + OUT_IS_OPERAND_ERRORS, OUT_IS_OPERAND_ERRORS)
