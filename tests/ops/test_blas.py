"""blas and contraction families: addmv, addr, baddbmm and addbmm (function, method, out=, in
place) with their input broadcast, beta and alpha (beta 0 ignoring NaN, integer scalars
truncated, addr refusing floating ones for integers), inputs of every layout (transposed,
permuted, stepped, expanded, overlapping, channels_last, offset, size-1 with odd strides, 0-d,
empty) and dtype (integer, bool, half, complex); addbmm's resize_as_ layout and addbmm_
resizing its own input; outer / ger as mul of a column and a row; kron's interleaved product
(and the view error of transposed inputs, and out= keeping its version); cross along a dim
or the first of size 3; tensordot by an int or a pair of lists; and the refusals."""

from __future__ import annotations

from ._support import Table, table_tests

M = "m = torch.tensor([[1., -2., 0.], [3., 1., -1.]])\n"
V = "v = torch.tensor([2., -1., 3.])\n"
B1 = "b1 = torch.arange(24.).remainder(5).sub(2).view(2, 3, 4)\n"
B2 = "b2 = torch.arange(40.).remainder(3).sub(1).view(2, 4, 5)\n"
X = "x = torch.tensor([1., -2., 3.])\n"
Y = "y = torch.tensor([2., 0., -1., 4.])\n"

# (input name, source of `s`, a (2,) input of addmv, a (3, 4) input of addr, (2, 3, 5) of
# baddbmm and (3, 5) of addbmm, all of their layouts)
_SELVES = {
    "contiguous": ("s = torch.tensor([1., 2.])", "s = torch.arange(12.).view(3, 4)",
                   "s = torch.arange(30.).view(2, 3, 5)", "s = torch.arange(15.).view(3, 5)"),
    "transposed": ("s = torch.tensor([[1., 2.]]).t()[:, 0]",
                   "s = torch.arange(12.).view(4, 3).t()",
                   "s = torch.arange(30.).view(5, 3, 2).permute(2, 1, 0)",
                   "s = torch.arange(15.).view(5, 3).t()"),
    "stepped": ("s = torch.arange(4.)[::2]", "s = torch.arange(24.).view(3, 8)[:, ::2]",
                "s = torch.arange(60.).view(2, 3, 10)[:, :, ::2]",
                "s = torch.arange(30.).view(3, 10)[:, 1::2]"),
    "broadcast": ("s = torch.tensor([5.])", "s = torch.tensor([1., 2., 3., 4.])",
                  "s = torch.tensor([[1.], [2.], [3.]])", "s = torch.tensor(2.)"),
    "expanded": ("s = torch.tensor(3.).expand(2)", "s = torch.arange(4.).expand(3, 4)",
                 "s = torch.arange(5.).expand(2, 3, 5)",
                 "s = torch.arange(3.).view(3, 1).expand(3, 5)"),
    "offset": ("s = torch.arange(5.)[3:]", "s = torch.arange(20.).view(4, 5)[1:, 1:]",
               "s = torch.arange(48.).view(2, 4, 6)[:, 1:, 1:]",
               "s = torch.arange(24.).view(4, 6)[1:, 1:]"),
    "odd-size-one": ("s = torch.empty_strided((2,), (3,)).fill_(1.5)",
                     "s = torch.empty_strided((1, 4), (9, 2)).fill_(0.5)",
                     "s = torch.empty_strided((2, 1, 5), (1, 7, 2)).fill_(2.)",
                     "s = torch.empty_strided((1, 5), (11, 3)).fill_(-1.)"),
}
_OPS = {
    "addmv": (0, M + V, "torch.addmv(s, m, v{kw})", "s.addmv(m, v{kw})"),
    "addr": (1, X + Y, "torch.addr(s, x, y{kw})", "s.addr(x, y{kw})"),
    "baddbmm": (2, B1 + B2, "torch.baddbmm(s, b1, b2{kw})", "s.baddbmm(b1, b2{kw})"),
    "addbmm": (3, B1 + B2, "torch.addbmm(s, b1, b2{kw})", "s.addbmm(b1, b2{kw})"),
}
_SCALARS = {"plain": "", "beta-alpha": ", beta=2, alpha=-1", "beta-zero": ", beta=0",
            "halves": ", beta=0.5, alpha=0.25"}

LAYOUTS: Table = [
    (f"{op}-{name}-{sc}", f"{operands}{selves[i]}\na = {fn.format(kw=kw)}\n"
                          f"b = {meth.format(kw=kw)}")
    for op, (i, operands, fn, meth) in _OPS.items() for name, selves in _SELVES.items()
    for sc, kw in _SCALARS.items()
]

# operands of every layout: transposed, stepped, expanded, overlapping, offset
OPERANDS: Table = [
    ("addmv-transposed-mat", "s = torch.ones(3)\nm = torch.arange(6.).view(2, 3)\n"
                             "a = torch.addmv(s, m.t(), torch.tensor([1., -1.]))"),
    ("addmv-stepped-vec", M + "a = torch.addmv(torch.ones(2), m, torch.arange(6.)[::2])"),
    ("addmv-expanded-mat", "a = torch.addmv(torch.ones(2), torch.ones(1, 3).expand(2, 3), "
                           "torch.ones(3))"),
    ("addmv-overlapping-mat", "m = torch.arange(4.).as_strided((2, 3), (1, 1))\n"
                              "a = torch.addmv(torch.ones(2), m, torch.ones(3))"),
    ("addr-stepped-vectors", "a = torch.addr(torch.ones(3, 4), torch.arange(6.)[::2], "
                             "torch.arange(8.)[1::2])"),
    ("addr-expanded-vectors", "a = torch.addr(torch.ones(3, 4), torch.tensor(2.).expand(3), "
                              "torch.arange(4.))"),
    ("baddbmm-transposed-batches", B1 + B2 + "a = torch.baddbmm(torch.ones(2, 5, 3), "
                                   "b2.transpose(1, 2), b1.transpose(1, 2))"),
    ("baddbmm-permuted-batch", B1 + "a = torch.baddbmm(torch.ones(3, 2, 2), "
                               "b1.permute(1, 0, 2), torch.ones(3, 4, 2))"),
    # out= resized over the self it expands: the copy of self reads what it wrote
    ("baddbmm-out-resized-over-self", "s = torch.arange(8.).view(2, 4)\no = s[1:]\n"
                                      "a = torch.baddbmm(s, torch.zeros(2, 2, 2), "
                                      "torch.zeros(2, 2, 4), out=o)\n"
                                      "b = torch.baddbmm(s, torch.zeros(2, 2, 0), "
                                      "torch.zeros(2, 0, 4), out=s[1:])"),
    ("baddbmm-large", "a = torch.baddbmm(torch.ones(2, 10, 6), torch.ones(2, 10, 8), "
                      "torch.ones(2, 8, 6), beta=3)"),
    ("addbmm-transposed-batches", B1 + B2 + "a = torch.addbmm(torch.ones(5, 3), "
                                  "b2.transpose(1, 2), b1.transpose(1, 2))"),
    ("addbmm-expanded-batches", "a = torch.addbmm(torch.ones(2, 2), torch.ones(1, 2, 3)"
                                ".expand(4, 2, 3), torch.ones(4, 3, 2))"),
    ("channels-last-input", "s = torch.arange(6.).view(1, 2, 3, 1).contiguous(memory_format="
                            "torch.channels_last)[0, :, :, 0]\n" + X + Y + M + V +
                            "a = torch.addmv(s[0], m, v)\nb = torch.addr(torch.ones(3, 1), x, y)"),
]

DTYPES: Table = [
    ("addmv-int", "a = torch.addmv(torch.ones(2, dtype=torch.long), torch.arange(6).view(2, 3), "
                  "torch.tensor([1, -1, 2]), beta=0.5, alpha=2.5)"),
    ("addmv-int8-wraps", "a = torch.addmv(torch.full((2,), 100, dtype=torch.int8), "
                         "torch.full((2, 3), 100, dtype=torch.int8), "
                         "torch.ones(3, dtype=torch.int8))"),
    ("addmv-half-complex", M + V + "a = torch.addmv(torch.ones(2).half(), m.half(), v.half())\n"
                           "b = torch.addmv(torch.ones(2).cfloat(), m.cfloat(), v.cfloat() * 1j, "
                           "beta=1j)"),
    ("addmv-empty-matrix", "a = torch.addmv(torch.ones(2), torch.ones(2, 0), torch.ones(0), "
                           "beta=2)\nb = torch.addmv(torch.full((2,), float('nan')), "
                           "torch.ones(2, 0), torch.ones(0), beta=0)\n"
                           "c = torch.addmv(torch.ones(0), torch.ones(0, 3), torch.ones(3))\n"
                           "d = torch.addmv(torch.ones(2, dtype=torch.bool), "
                           "torch.ones(2, 0, dtype=torch.bool), torch.ones(0, dtype=torch.bool))"),
    ("addmv-beta-zero-nan", M + V + "a = torch.addmv(torch.full((2,), float('nan')), m, v, "
                            "beta=0)"),
    ("addr-int", "a = torch.addr(torch.ones(3, 4, dtype=torch.long), torch.arange(3), "
                 "torch.arange(4), beta=2, alpha=3)"),
    ("addr-bool", "t = torch.tensor([True, False, True])\nu = torch.tensor([False, True])\n"
                  "a = torch.addr(torch.zeros(3, 2, dtype=torch.bool), t, u)\n"
                  "b = torch.addr(torch.ones(3, 2, dtype=torch.bool), t, u, beta=False)\n"
                  "c = torch.addr(torch.ones(3, 2, dtype=torch.bool), t, u, beta=2, alpha=0)"),
    ("addr-promotes", X + Y + "a = torch.addr(torch.ones(3, 4, dtype=torch.long), x, y)\n"
                      "b = torch.addr(torch.ones(3, 4), x.long(), y.long())\n"
                      "c = torch.addr(torch.ones(3, 4), x.double(), y)\n"
                      "d = torch.addr(torch.ones(3, 4, dtype=torch.bool), x.int(), y.int())"),
    ("addr-half-complex", X + Y + "a = torch.addr(torch.ones(3, 4).half(), x.half(), y.half())\n"
                          "b = torch.addr(torch.ones(3, 4).cfloat(), x.cfloat(), y.cfloat(), "
                          "beta=1j)"),
    ("addr-inexact", X + Y + "a = torch.addr(torch.ones(3, 4) / 3, x / 7, y, beta=0.1, "
                             "alpha=1.5)"),
    ("addr-empty", "a = torch.addr(torch.ones(0, 4), torch.ones(0), torch.ones(4))\n"
                   "b = torch.addr(torch.ones(4, 0).t(), torch.ones(0), torch.ones(4))"),
    ("baddbmm-int", B1 + B2 + "a = torch.baddbmm(torch.ones(2, 3, 5, dtype=torch.long), "
                    "b1.long(), b2.long(), beta=0.5, alpha=3)"),
    ("baddbmm-half", B1 + B2 + "a = torch.baddbmm(torch.ones(2, 3, 5).half(), b1.half(), "
                     "b2.half())"),
    ("baddbmm-empty-contraction", "a = torch.baddbmm(torch.ones(2, 3, 5), torch.ones(2, 3, 0), "
                                  "torch.ones(2, 0, 5), beta=2)\n"
                                  "b = torch.baddbmm(torch.full((2, 3, 5), float('nan')), "
                                  "torch.ones(2, 3, 0), torch.ones(2, 0, 5), beta=0)"),
    ("baddbmm-nan-beta-zero", B1 + B2 + "a = torch.baddbmm(torch.full((2, 3, 5), float('nan')),"
                              " b1, b2, beta=0)"),
    ("addbmm-int", B1 + B2 + "a = torch.addbmm(torch.ones(3, 5, dtype=torch.long), b1.long(), "
                   "b2.long(), beta=2)"),
    ("addbmm-empty", "a = torch.addbmm(torch.ones(3, 5), torch.ones(0, 3, 4), "
                     "torch.ones(0, 4, 5), beta=2)\nb = torch.addbmm(torch.ones(3, 5), "
                     "torch.ones(2, 3, 0), torch.ones(2, 0, 5), beta=0)"),
    ("addbmm-nan-beta-zero", B1 + B2 + "a = torch.addbmm(torch.full((3, 5), float('nan')), b1, "
                             "b2, beta=0)"),
    ("undefined-input", M + V + "e = torch.empty(2)\na = torch.addmv(e, m, v)\n"
                        "b = torch.addmv(e, m, v, beta=0)"),
]

OUT: Table = [
    (f"{op}-out-{name}", f"{operands}{selves[i]}\no = {o}\na = {fn.format(kw=', out=o')}")
    for op, (i, operands, fn, _) in _OPS.items()
    for name, o in (("kept", ("torch.zeros(4)[::2]", "torch.zeros(4, 3).t()",
                              "torch.zeros(5, 3, 2).permute(2, 1, 0)",
                              "torch.zeros(5, 3).t()")[i]),
                    ("resized", "torch.zeros(7)"), ("empty", "torch.zeros(0)"))
    for selves in (_SELVES["contiguous"],)
] + [
    ("addmv-out-is-input", M + V + "s = torch.ones(2)\na = torch.addmv(s, m, v, out=s)"),
    ("addr-out-is-input", X + Y + "s = torch.ones(3, 4)\na = torch.addr(s, x, y, out=s)"),
    ("addr-out-wider", X + Y + "o = torch.zeros(3, 4, dtype=torch.double)\n"
                       "a = torch.addr(torch.ones(3, 4), x, y, out=o)"),
    ("baddbmm-out-expanded-beta-zero", B1 + B2 + "o = torch.zeros(1, 3, 5).expand(2, 3, 5)\n"
                                       "a = torch.baddbmm(torch.ones(2, 3, 5), b1, b2, beta=0, "
                                       "out=o)"),
    ("addbmm-out-is-input", B1 + B2 + "s = torch.ones(3, 5)\na = torch.addbmm(s, b1, b2, out=s)"),
]

IN_PLACE: Table = [
    ("addbmm_-0d-input-grows", "x = torch.tensor(3.)\n"
                               "a = x.addbmm_(torch.ones(2, 2, 1), torch.ones(2, 1, 2))"),
    ("addmv_", M + V + "s = torch.ones(2)\na = s.addmv_(m, v, beta=2)\n"
               "t = torch.ones(4)[::2]\nb = t.addmv_(m, v)"),
    ("addr_", X + Y + "s = torch.ones(3, 4)\na = s.addr_(x, y)\nt = torch.ones(4, 3).t()\n"
              "b = t.addr_(x, y, alpha=2)\nu = torch.ones(3, 4)\nc = u.addr_(x.long(), y.long())"),
    ("baddbmm_", B1 + B2 + "s = torch.ones(5, 3, 2).permute(2, 1, 0)\na = s.baddbmm_(b1, b2)\n"
                 "t = torch.ones(1, 3, 5).expand(2, 3, 5)\nb = t.baddbmm_(b1, b2)"),
    ("addbmm_", B1 + B2 + "s = torch.ones(5, 3).t()\na = s.addbmm_(b1, b2, beta=0.5)"),
    ("addbmm_-resizes-its-input", B1 + B2 + "s = torch.ones(5)\na = s.addbmm_(b1, b2)"),
    ("in-place-through-a-view", M + V + "base = torch.zeros(3, 2)\nv2 = base[1]\n"
                                "a = v2.addmv_(m, v)\nb = base.t()[:, :2].clone()"),
]

CONTRACTION: Table = [
    # an empty matrix: mul_out(result, self, beta) gives the result self's own shape
    ("addmv-empty-matrix-0d-input", "s = torch.tensor(2.)\n"
                                    "a = torch.addmv(s, torch.ones(3, 0), torch.ones(0), "
                                    "beta=0.5)"),
    ("addmv-empty-matrix-out", "s = torch.tensor([2.])\no = torch.zeros(3)\n"
                               "a = torch.addmv(s, torch.ones(3, 0), torch.ones(0), out=o)"),
    # an input broadcast along the written dims is too hard to tell apart: it runs
    # out= is checked against the inputs as given: itself even when empty, and an input row
    # inside out= before broadcasting (whose stride-0 view ATen could not judge)
    ("cross-out-is-empty-input", "x = torch.zeros(1, 1, 0, 3)\na = torch.cross(x, x, 3, out=x)"),
    ("cross-out-holds-unbroadcast-input", "base = torch.zeros(6)\n"
                                          "a = torch.cross(base[:3].view(1, 3), torch.ones(2, 3), "
                                          "1, out=base.view(2, 3))"),
    ("cross-out-overlaps-broadcast-input", "x = torch.arange(9.).view(3, 3)\n"
                                           "a = torch.cross(x[:, :1], torch.ones(3, 3), 0, out=x)"),
    ("outer", X + Y + "a = torch.outer(x, y)\nb = x.outer(y)\nc = torch.ger(x, y)\n"
              "d = x.ger(y)"),
    ("outer-strided-promoted", Y + "a = torch.outer(torch.arange(6)[::2], y)\n"
                               "b = torch.outer(torch.tensor([True, False]), "
                               "torch.tensor([True]))"),
    ("outer-out", X + Y + "o = torch.zeros(4, 3).t()\na = torch.outer(x, y, out=o)\n"
                  "p = torch.zeros(2)\nb = torch.outer(x, y, out=p)"),
    ("kron", "a = torch.arange(6.).view(2, 3)\nb = torch.kron(a, torch.ones(2, 2))\n"
             "c = a.kron(a)\nd = torch.kron(torch.arange(3.), a)\n"
             "e = torch.kron(torch.tensor(2.), a)"),
    ("kron-layouts", "a = torch.arange(6.).view(2, 3)\nb = torch.kron(a.t(), a.t())\n"
                     "c = torch.kron(a[:, ::2], torch.ones(2, 2))\n"
                     "d = torch.kron(torch.ones(1, 3).expand(2, 3), torch.ones(2, 2))\n"
                     "e = torch.kron(torch.ones(1, 2, 2, 3).contiguous(memory_format="
                     "torch.channels_last), torch.ones(2, 1, 1, 1))\n"
                     "f = torch.kron(torch.ones(0, 3), a)\n"
                     "g = torch.kron(a.long(), torch.ones(2))"),
    ("kron-out-keeps-version", "a = torch.arange(6.).view(2, 3)\no = torch.zeros(9, 4).t()\n"
                               "b = torch.kron(a, a, out=o)\np = torch.zeros(2)\n"
                               "c = torch.kron(a, a, out=p)"),
    ("cross", "a = torch.arange(6.).view(2, 3)\nb = torch.tensor([[1., 0., 2.], [0., 1., 1.]])\n"
              "c = torch.cross(a, b, dim=1)\nd = torch.cross(a.t(), b.t(), 0)\ne = a.cross(b, -1)\n"
              "f = torch.cross(a, b[:1], dim=1)\ng = torch.cross(a.long(), b.long(), dim=1)"),
    ("cross-default-dim", "a = torch.arange(9.).view(3, 3)\nb = torch.ones(3, 3).t()\n"
                          "c = torch.cross(a, b)\n"
                          "d = torch.cross(torch.ones(4, 3), torch.ones(4, 3))"),
    ("cross-out", "a = torch.arange(6.).view(2, 3)\no = torch.zeros(3, 2).t()\n"
                  "c = torch.cross(a, a.flip(1), dim=1, out=o)\np = torch.zeros(3)\n"
                  "d = torch.cross(a, a, dim=1, out=p)"),
    ("cross-half-empty", "a = torch.arange(6.).view(2, 3).half()\n"
                         "c = torch.cross(a, a.flip(0), 1)\n"
                         "d = torch.cross(torch.ones(0, 3), torch.ones(0, 3), 1)"),
    ("tensordot", "a = torch.arange(6.).view(2, 3)\nb = torch.arange(12.).view(3, 4)\n"
                  "c = torch.tensordot(a, b, 1)\nd = torch.tensordot(b.t(), a.t(), 1)\n"
                  "e = torch.tensordot(a, b, dims=([1], [0]))\nf = torch.tensordot(a, b, 0)\n"
                  "g = torch.tensordot(a.long(), b.long(), 1)"),
    # a dim of size 1 facing a larger one is summed away first, in the operand's dtype
    ("tensordot-int-broadcast-dim", "x = torch.arange(60, dtype=torch.int32).view(1, 4, 5, 3)\n"
                                    "y = torch.ones(1, 2, dtype=torch.int32)\n"
                                    "r = torch.tensordot(x, y, ([0], [0]))"),
    ("tensordot-lists", "x = torch.arange(24.).view(2, 3, 4)\ny = torch.ones(2, 4, 5)\n"
                        "a = torch.tensordot(x, y, ([0, 2], [0, 1]))\n"
                        "b = torch.tensordot(x, torch.ones(1, 4), ([1, 2], [0, 1]))\n"
                        "c = torch.tensordot(x, x, 3)"),
    ("tensordot-out", "a = torch.arange(6.).view(2, 3)\nb = torch.arange(12.).view(3, 4)\n"
                      "o = torch.zeros(4, 2).t()\nc = torch.tensordot(a, b, 1, out=o)\n"
                      "p = torch.zeros(3)\nd = torch.tensordot(a, b, 1, out=p)"),
]

# programs the generated chains found
FOUND: Table = [
    ("tensordot-zero-dim-no-dims", "x = torch.tensor(3, dtype=torch.uint8)\n"
                                   "a = torch.tensordot(x, torch.tensor([1, 2], dtype=torch.uint8),"
                                   " 0)"),
    ("baddbmm_-meta", "x = torch.ones(1, 1, 1, device='meta', dtype=torch.complex64)\n"
                      "a = x.baddbmm_(torch.ones(1, 1, 2, device='meta', dtype=torch.complex64), "
                      "torch.ones(1, 2, 1, device='meta', dtype=torch.complex64))"),
    ("kron-out-is-expanded-input", "x = torch.ones(1, 1, 1, 1, 1, dtype=torch.uint8).expand("
                                   "1, 1, 1, 1, 2)\n"
                                   "a = torch.kron(x, torch.tensor(0, dtype=torch.uint8), out=x)"),
]

ERRORS: Table = [
    ("err-kron-out-is-growing-input", "x = torch.tensor(1.)\n"
                                      "a = torch.kron(x, torch.tensor([0., 0.]), out=x)"),
    ("err-addmv-ranks", M + "a = torch.addmv(torch.ones(1, 2), m, torch.ones(3))"),
    ("err-addmv-sizes", M + "a = torch.addmv(torch.ones(3), m, torch.ones(3))"),
    ("err-addmv-dtypes", M + "a = torch.addmv(torch.ones(2).double(), m, torch.ones(3))"),
    ("err-addmv-bool", "a = torch.addmv(torch.ones(2, dtype=torch.bool), torch.ones(2, 3, "
                       "dtype=torch.bool), torch.ones(3, dtype=torch.bool))"),
    ("err-addmv_-broadcast", M + "a = torch.ones(1).addmv_(m, torch.ones(3))"),
    ("err-addmv-out-dtype", M + "a = torch.addmv(torch.ones(2), m, torch.ones(3), "
                            "out=torch.zeros(2).double())"),
    ("err-addmv-out-expanded", M + "a = torch.addmv(torch.ones(2), m, torch.ones(3), "
                               "out=torch.zeros(1).expand(2))"),
    ("err-addmv-out-overlap", M + "x = torch.ones(4)\na = torch.addmv(x[:2], m, torch.ones(3), "
                              "out=x[1:3])"),
    ("err-addr-1d", Y + "a = torch.addr(torch.ones(3, 4), torch.ones(3, 1), y)"),
    ("err-addr-1d-vec2", X + "a = torch.addr(torch.ones(3, 4), x, torch.tensor(1.))"),
    ("err-addr-expand", X + Y + "a = torch.addr(torch.ones(3, 3), x, y)"),
    ("err-addr-3d", X + Y + "a = torch.addr(torch.ones(1, 3, 4), x, y)"),
    ("err-addr-int-beta", "a = torch.addr(torch.ones(3, 4, dtype=torch.long), torch.arange(3), "
                          "torch.arange(4), beta=0.5)"),
    ("err-addr-int-alpha", "a = torch.addr(torch.ones(3, 4, dtype=torch.long), torch.arange(3), "
                           "torch.arange(4), alpha=1.5)"),
    ("err-addr-bool-beta-float", X + Y + "a = torch.addr(torch.ones(3, 4), x, y, beta=True)"),
    ("err-addr_-sizes", X + Y + "a = torch.ones(1, 4).addr_(x, y)"),
    ("err-addr_-cast", X + Y + "a = torch.ones(3, 4, dtype=torch.long).addr_(x, y)"),
    ("err-addr_-expanded", X + Y + "a = torch.ones(1, 4).expand(3, 4).addr_(x, y)"),
    ("err-addr-out-cast", X + Y + "a = torch.addr(torch.ones(3, 4), x, y, "
                          "out=torch.zeros(3, 4, dtype=torch.long))"),
    ("err-addr-out-overlap", X + Y + "s = torch.ones(4, 4)\na = torch.addr(s[:3], x, y, "
                             "out=s[1:])"),
    ("err-baddbmm-dtypes", B1 + B2 + "a = torch.baddbmm(torch.ones(2, 3, 5).double(), b1, b2)"),
    ("err-baddbmm-mixed-batches", B1 + B2 + "a = torch.baddbmm(torch.ones(2, 3, 5), b1, "
                                  "b2.double())"),
    ("err-baddbmm-mixed-large", "a = torch.baddbmm(torch.ones(2, 10, 8), torch.ones(2, 10, 8), "
                                "torch.ones(2, 8, 8).double())"),
    ("err-baddbmm-bool", "a = torch.baddbmm(torch.ones(2, 3, 5, dtype=torch.bool), torch.ones("
                         "2, 3, 4, dtype=torch.bool), torch.ones(2, 4, 5, dtype=torch.bool))"),
    ("err-baddbmm-bool-empty", "a = torch.baddbmm(torch.ones(2, 3, 5, dtype=torch.bool), "
                               "torch.ones(2, 3, 0, dtype=torch.bool), torch.ones(2, 0, 5, "
                               "dtype=torch.bool))"),
    ("err-baddbmm-expand", B1 + B2 + "a = torch.baddbmm(torch.ones(3, 3, 5), b1, b2)"),
    ("err-baddbmm-2d", B1 + B2 + "a = torch.baddbmm(torch.ones(2, 3, 5), b1, b2[0])"),
    ("err-baddbmm-sizes", B1 + "a = torch.baddbmm(torch.ones(2, 3, 5), b1, torch.ones(2, 3, 5))"),
    ("err-baddbmm_-broadcast", B1 + B2 + "a = torch.ones(5).baddbmm_(b1, b2)"),
    ("err-baddbmm-out-expanded", B1 + B2 + "a = torch.baddbmm(torch.ones(2, 3, 5), b1, b2, "
                                 "out=torch.zeros(1, 3, 5).expand(2, 3, 5))"),
    # a 0-d input resized to (1, 1) in place keeps its bytes: the expanded input read for the
    # copy overlaps it with other strides (a growing one is too hard to tell: IN_PLACE)
    ("err-addbmm_-0d-input-stays-in-place", "x = torch.tensor(3.)\n"
                                            "a = x.addbmm_(torch.ones(2, 1, 1), "
                                            "torch.ones(2, 1, 1))"),
    # an out= that is also an operand (vec2 here) is read and so is not resized
    ("err-addr-out-is-vec2", "x = torch.ones(1)\n"
                             "a = torch.addr(x, torch.tensor([0., 1., 2.]), x, out=x)"),
    # cross checks out= against its broadcast inputs, any overlap refused, before dtypes
    ("err-cross-out-is-input", "x = torch.arange(9.).view(3, 3)\n"
                               "a = torch.cross(x, torch.ones(3, 3).double(), 0, out=x)"),
    ("err-cross-out-transposed-input", "x = torch.arange(9.).view(3, 3)\n"
                                       "a = torch.cross(x, torch.ones(3, 3), 0, out=x.t())"),
    ("err-addbmm-batches", B1 + "a = torch.addbmm(torch.ones(3, 5), b1, torch.ones(3, 4, 5))"),
    ("err-addbmm-sizes", B1 + "a = torch.addbmm(torch.ones(3, 5), b1, torch.ones(2, 3, 5))"),
    ("err-addbmm-dtypes", B1 + B2 + "a = torch.addbmm(torch.ones(3, 5).double(), b1, b2)"),
    ("err-addbmm-mixed", B1 + B2 + "a = torch.addbmm(torch.ones(3, 5), b1.double(), b2)"),
    ("err-addbmm-bool", "a = torch.addbmm(torch.ones(3, 5, dtype=torch.bool), torch.ones(2, 3, 4,"
                        " dtype=torch.bool), torch.ones(2, 4, 5, dtype=torch.bool))"),
    ("err-addbmm-out-dtype", B1 + B2 + "a = torch.addbmm(torch.ones(3, 5), b1, b2, "
                             "out=torch.zeros(3, 5).double())"),
    ("err-addbmm-out-expanded-beta-zero", B1 + B2 + "a = torch.addbmm(torch.ones(3, 5), b1, b2, "
                                          "beta=0, out=torch.zeros(1, 5).expand(3, 5))"),
    ("err-addbmm_-expanded", B1 + B2 + "a = torch.ones(1, 5).expand(3, 5).addbmm_(b1, b2)"),
    ("err-outer-2d", Y + "a = torch.outer(torch.ones(2, 2), y)"),
    ("err-outer-0d-vec2", Y + "a = y.outer(torch.tensor(1.))"),
    ("err-outer-out-cast", X + Y + "a = torch.outer(x, y, out=torch.zeros(3, 4, "
                           "dtype=torch.long))"),
    ("err-kron-transposed", "a = torch.arange(6.).view(2, 3)\nb = torch.kron(a.t(), "
                            "torch.ones(2, 2))"),
    ("err-cross-ndim", "a = torch.cross(torch.ones(2, 3), torch.ones(3), dim=1)"),
    ("err-cross-length", "a = torch.cross(torch.ones(2, 3), torch.ones(2, 3), dim=0)"),
    ("err-cross-dim-range", "a = torch.cross(torch.ones(2, 3), torch.ones(2, 3), dim=2)"),
    ("err-cross-0d", "a = torch.cross(torch.tensor(1.), torch.tensor(1.), dim=-1)"),
    ("err-cross-no-dim-of-3", "a = torch.cross(torch.ones(2, 2), torch.ones(2, 2))"),
    ("err-cross-mixed", "a = torch.cross(torch.ones(2, 3).long(), torch.ones(2, 3), dim=1)"),
    ("err-cross-bool", "a = torch.cross(torch.ones(2, 3).bool(), torch.ones(2, 3).bool(), dim=1)"),
    ("err-cross-out-dtype", "a = torch.cross(torch.ones(2, 3), torch.ones(2, 3), dim=1, "
                            "out=torch.zeros(2, 3).double())"),
    ("err-tensordot-sizes", "x = torch.ones(2, 3, 4)\na = torch.tensordot(x, x, 2)"),
    ("err-tensordot-dtypes", "a = torch.tensordot(torch.ones(2, 3).long(), torch.ones(3, 4), 1)"),
    ("err-tensordot-negative", "a = torch.tensordot(torch.ones(2, 3), torch.ones(3, 4), -1)"),
    ("err-tensordot-too-many", "a = torch.tensordot(torch.ones(2, 3), torch.ones(3), 2)"),
    ("err-tensordot-lengths", "a = torch.tensordot(torch.ones(2, 3), torch.ones(3, 4), "
                              "([1], [0, 1]))"),
    ("err-tensordot-out-dtype", "a = torch.tensordot(torch.ones(2, 3), torch.ones(3, 4), 1, "
                                "out=torch.zeros(2, 4).double())"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + OPERANDS + DTYPES + OUT + IN_PLACE + CONTRACTION + FOUND + ERRORS, ERRORS)
