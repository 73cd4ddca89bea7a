"""Cross-cutting storage semantics over chains of ops: data_ptr arithmetic, `_base` is the root,
version counters shared by views, internal-overlap errors, reshape's view-or-copy decision,
contiguous()/to() returning self, clone keeping strides, a sweep over every dtype, and module
functions (torch.f(x, ...)) next to their methods."""

from __future__ import annotations

from ._support import Table, table_tests

X = "x = torch.arange(24, dtype=torch.float32).view(2, 3, 4)\n"

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
          "float32", "float64", "complex64", "complex128"]


def _sweep(dt: str) -> Table:
    make = f"x = torch.ones(2, 3, 4, dtype=torch.{dt})\n"
    return [
        (f"sweep-{dt}-views", make + "p = x.permute(2, 0, 1)\nq = p[1:, ::2]\nr = q.unsqueeze(0)"
                                     "\ns = r.expand(2, 3, 1, 3)\nd = x.diagonal(0, 1, 2)\n"
                                     "ps = x.split(2, -1)\nu = x.unfold(2, 2, 2)\n"
                                     "t = p.reshape(-1)"),
        (f"sweep-{dt}-copies-writes", make + "p = x.transpose(0, 2)\nc = p.contiguous()\n"
                                             "k = p.clone()\nm = p.to('meta')\nv = x[1]\nv.zero_()"
                                             "\nx[0, 1] = 0\n"
                                             "x.copy_(torch.zeros(4, dtype=torch.int64))"),
    ]


SWEEP: Table = [case for dt in DTYPES for case in _sweep(dt)]

CASES: Table = [
    # data_ptr = storage data + offset * itemsize (observed relative to the storage)
    ("ptr-select-offset", X + "a = x[1, 2]\nb = x[:, 1, 3]\nc = x[..., -1]"),
    ("ptr-int16-offset", "x = torch.arange(10, dtype=torch.int16)\na = x[3:]\nb = a[2:]"),
    ("ptr-complex128-offset", "x = torch.zeros(5, dtype=torch.complex128)\na = x[2:]"),
    ("ptr-view-dtype-scaled", "x = torch.arange(8, dtype=torch.float32)\na = x[2:]\n"
                              "b = a.view(torch.uint8)\nc = b[3:]"),
    ("ptr-view_as_real", "x = torch.zeros(4, dtype=torch.complex64)\na = x[1:]\n"
                         "r = torch.view_as_real(a)\ni = a.imag"),
    ("ptr-meta", "x = torch.zeros(3, 4, device='meta')\na = x[1:, 2:]"),
    ("ptr-empty-view-at-end", X + "a = x[2:]\nb = x[:, :, 4:]"),
    ("ptr-empty-storage", "x = torch.empty(0)\na = x[0:]\nb = x.view(0, 3)"),
    # _base is always the root
    ("base-root-chain", X + "a = x[1]\nb = a.t()\nc = b[1:]\nd = c.unsqueeze(0)\n"
                            "e = d.expand(2, 3, 2)"),
    ("base-root-through-split", X + "ps = x.split(1)\nq = ps[1].squeeze(0)"),
    ("base-root-through-real", "x = torch.zeros(3, dtype=torch.complex64)\na = x[1:]\nb = a.real"),
    ("base-of-copy-is-none", X + "p = x.permute(2, 1, 0)\nr = p.reshape(-1)\ns = r[1:]"),
    ("base-view-dtype-not-view", X + "a = x.view(torch.int32)\nb = a[1]"),
    ("base-detach-chain", X + "d = x.detach()\na = d[1:]"),
    ("base-of-view-of-clone", X + "c = x[1].clone()\na = c[1:]"),
    # version counters
    ("version-shared-views", X + "a = x[0]\nb = x.t()\na.add_(1)\nb.mul_(2)\nx.zero_()"),
    ("version-copy-separate", X + "c = x.clone()\nc.add_(1)\nc.add_(1)"),
    ("version-split-pieces", X + "ps = x.chunk(2)\nps[0].fill_(1)\nps[1].fill_(2)"),
    ("version-setitem-counts", X + "a = x[1]\nx[0] = 1\na[0] = 2\nx[..., 1] = 3"),
    ("version-view-dtype", X + "a = x.view(torch.int32)\na.fill_(0)\nx.fill_(0)"),
    ("version-detach", X + "d = x.detach()\nd.fill_(1)"),
    ("version-metadata-ops", X + "a = x[0]\na.t_()\na.unsqueeze_(0)\nx.transpose_(0, 1)"),
    # internal overlap on writes
    ("overlap-unfold-add", "x = torch.arange(6.)\nu = x.unfold(0, 2, 1)\ny = u.clone()"),
    ("overlap-expanded-copy-ok", "x = torch.zeros(3)\ne = x.expand(2, 3)\nc = e.contiguous()\n"
                                 "c.add_(1)"),
    # torch reports internal overlap only for stride-0 dims (other overlap is "too hard": allowed)
    ("overlap-unfold-add-allowed", "x = torch.arange(6.)\nu = x.unfold(0, 2, 1)\nu.add_(1)"),
    ("overlap-as_strided-copy-allowed", "x = torch.arange(6.)\nu = x.as_strided((2, 2), (1, 1))\n"
                                        "u.copy_(torch.zeros(2, 2))"),
    ("overlap-0d-select-ok", "e = torch.zeros(3).expand(4, 3)\nv = e[1, 1]\nv.add_(1)"),
    # reshape's view-or-copy decision
    ("reshape-decisions", X + "a = x.reshape(6, 4)\np = x.permute(0, 2, 1)\nb = p.reshape(2, 12)"
                              "\nc = p.reshape(2, 4, 3)\nd = p.reshape(8, 3)\n"
                              "e = x[:, 1:].reshape(-1)"),
    ("reshape-size1-strides", "x = torch.zeros(3, 1, 4)[:, :, ::2]\na = x.reshape(3, 2)\n"
                              "b = x.reshape(6)"),
    ("reshape-expanded-merge", "x = torch.zeros(3, 1).expand(3, 4)\na = x.reshape(3, 2, 2)\n"
                               "b = x.reshape(12)"),
    ("flatten-ravel-decisions", X + "p = x.permute(1, 0, 2)\na = p.flatten(1)\nb = p.flatten()\n"
                                    "c = p.ravel()\nd = x.ravel()"),
    # contiguous()/to() returning self; clone keeping strides
    ("self-returns", X + "a = x.contiguous()\nb = x.to(torch.float32)\nc = x.to('cpu')\n"
                         "d = x.flatten(2, 2)\ne = x.real\nf = x.conj()\ng = x.resolve_conj()"),
    ("not-self-returns", X + "a = x.view(2, 3, 4)\nb = x[:]\nc = x[...]\nd = x.expand(2, 3, 4)"
                             "\ne = x.squeeze()\nf = x.permute(0, 1, 2)\ng = x.movedim(0, 0)"),
    ("clone-keeps-strides", X + "p = x.permute(1, 2, 0)\nc = p.clone()\nd = p.to(torch.float64)\n"
                                "e = torch.empty_like(p)\ne.zero_()"),
    ("clone-of-overlap-infers", "x = torch.arange(6.)\nu = x.as_strided((3, 2), (1, 2))\n"
                                "c = u.clone()"),
    # module functions next to methods
    ("fn-chain", X + "a = torch.permute(x, (1, 0, 2))\nb = torch.narrow(a, 0, 1, 2)\n"
                     "c = torch.select(b, 1, 0)\nd = torch.unsqueeze(c, 0)\ne = torch.squeeze(d)\n"
                     "f = torch.t(e)"),
    ("fn-split-family", X + "a = torch.split(x, 1)\nb = torch.chunk(x, 3, 1)\n"
                            "c = torch.unbind(x, 2)\nd = torch.tensor_split(x, 2, 2)\n"
                            "e = torch.hsplit(x, 3)\nf = torch.vsplit(x, 2)\n"
                            "g = torch.dsplit(x, [1])"),
    ("fn-reshape-family", X + "a = torch.reshape(x, (4, 6))\nb = torch.flatten(x)\n"
                              "c = torch.ravel(x)\nd = torch.unflatten(x, 2, (2, 2))\n"
                              "e = torch.as_strided(x, (2, 2), (4, 1), 2)"),
    ("fn-dims-family", X + "a = torch.transpose(x, 0, 2)\nb = torch.swapaxes(x, 1, 2)\n"
                           "c = torch.swapdims(x, 0, 1)\nd = torch.movedim(x, 2, 0)\n"
                           "e = torch.moveaxis(x, 0, 1)\nf = torch.diagonal(x, 0, 1, 2)"),
    ("fn-complex-family", "x = torch.tensor([[1+1j, 2-1j], [3j, 4.]])\na = torch.conj(x)\n"
                          "b = torch.resolve_conj(a)\nc = torch.adjoint(x)\nd = torch.real(x)\n"
                          "e = torch.imag(x)\nf = torch.view_as_real(x)\n"
                          "g = torch.view_as_complex(f)"),
    ("fn-copy-family", X + "a = torch.clone(x)\nb = torch.detach(x)\n"
                           "c = torch.broadcast_to(x[0, 0], (3, 4))"),
    ("fn-on-0d", "s = torch.tensor(1.)\na = torch.permute(s, ())\nb = torch.squeeze(s)\n"
                 "c = torch.unsqueeze(s, 0)\nd = torch.t(s)\ne = torch.flatten(s)\n"
                 "f = torch.reshape(s, (1, 1))"),
]

ERRORS: Table = [
    ("err-overlap-expand-setitem", "x = torch.zeros(3)\ne = x.expand(2, 3)\ne[:, 1] = 5"),
    ("err-overlap-stride0-mul", "x = torch.zeros(4)\nu = x.as_strided((4,), (0,))\nu.mul_(2)"),
    ("err-overlap-sub", "x = torch.zeros(1, 3).expand(2, 3)\nx.sub_(1)"),
    ("err-fn-permute", X + "a = torch.permute(x, (0, 1))"),
    ("err-fn-split", X + "a = torch.split(x, 0)"),
    ("err-fn-select", X + "a = torch.select(x, 0, 5)"),
    ("err-fn-squeeze", X + "a = torch.squeeze(x, 3)"),
    ("err-fn-movedim", X + "a = torch.movedim(x, (0, 0), (1, 2))"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    SWEEP + CASES + ERRORS, ERRORS)
