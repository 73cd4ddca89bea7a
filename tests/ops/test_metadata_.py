"""metadata_ family: as_strided_, squeeze_, unsqueeze_, transpose_, t_ (geometry changed in
place: same object, no new view)."""

from __future__ import annotations

from ._support import Table, table_tests

X = "x = torch.arange(24, dtype=torch.float32).view(2, 3, 4)\n"
M = "m = torch.arange(6, dtype=torch.float32).view(2, 3)\n"
O = "o = torch.zeros(1, 3, 1, 2)\n"
S = "s = torch.tensor(3.0)\n"

CASES: Table = [
    # as_strided_
    ("as_strided_-basic", X + "x.as_strided_((4, 6), (6, 1))"),
    ("as_strided_-returns-self", X + "y = x.as_strided_((3, 3), (1, 1))"),
    ("as_strided_-offset", X + "x.as_strided_((2, 2), (4, 1), 10)"),
    ("as_strided_-keeps-offset", X + "t = x[1]\nt.as_strided_((2, 2), (1, 4))"),
    ("as_strided_-on-view", X + "t = x[1:]\nt.as_strided_((3,), (2,), 0)"),
    ("as_strided_-to-0d", X + "x.as_strided_((), (), 5)"),
    ("as_strided_-zero-size", X + "x.as_strided_((0, 4), (4, 1), 50)"),
    ("as_strided_-stride0", X + "x.as_strided_((3, 2), (0, 1))"),
    ("as_strided_-meta", "m = torch.zeros(6, device='meta')\nm.as_strided_((2, 3), (1, 2))"),
    ("as_strided_-then-view", X + "x.as_strided_((4, 6), (1, 4))\ny = x.t()"),
    # squeeze_
    ("squeeze_-all", O + "o.squeeze_()"),
    ("squeeze_-returns-self", O + "y = o.squeeze_(0)"),
    ("squeeze_-dim-noop", O + "o.squeeze_(1)"),
    ("squeeze_-negative", O + "o.squeeze_(-2)"),
    ("squeeze_-tuple", O + "o.squeeze_((0, 2))"),
    ("squeeze_-0d", S + "s.squeeze_()"),
    ("squeeze_-on-view", X + "t = x[:, :1]\nt.squeeze_(1)"),
    ("squeeze_-conj", "c = torch.zeros(1, 2, dtype=torch.complex64).conj()\nc.squeeze_(0)"),
    ("squeeze_-meta", "m = torch.zeros(1, 2, device='meta')\nm.squeeze_()"),
    # unsqueeze_
    ("unsqueeze_-front", M + "m.unsqueeze_(0)"),
    ("unsqueeze_-end", M + "m.unsqueeze_(-1)"),
    ("unsqueeze_-middle-transposed", M + "t = m.t()\nt.unsqueeze_(1)"),
    ("unsqueeze_-0d", S + "s.unsqueeze_(0)"),
    ("unsqueeze_-returns-self", M + "y = m.unsqueeze_(1)"),
    ("unsqueeze_-zero-size", "z = torch.zeros(0, 3)\nz.unsqueeze_(1)"),
    ("unsqueeze_-on-view", X + "t = x[1]\nt.unsqueeze_(0)"),
    # transpose_ / t_
    ("transpose_-basic", X + "x.transpose_(0, 2)"),
    ("transpose_-negative", X + "x.transpose_(-1, 0)"),
    ("transpose_-same", X + "x.transpose_(1, 1)"),
    ("transpose_-returns-self", X + "y = x.transpose_(0, 1)"),
    ("transpose_-0d", S + "s.transpose_(0, -1)"),
    ("transpose_-on-view", X + "t = x[1:]\nt.transpose_(1, 2)"),
    ("transpose_-meta", "m = torch.zeros(2, 3, 4, device='meta')\nm.transpose_(0, 1)"),
    ("transpose_-then-write", X + "x.transpose_(0, 2)\nx[0] = 1"),
    ("t_-2d", M + "m.t_()"),
    ("t_-1d", "v = torch.arange(3.)\nv.t_()"),
    ("t_-0d", S + "s.t_()"),
    ("t_-twice", M + "m.t_()\nm.t_()"),
    ("t_-returns-self", M + "y = m.t_()"),
    ("t_-on-view", M + "v = m[:, 1:]\nv.t_()"),
    ("t_-meta-2d", "m = torch.zeros(2, 3, device='meta')\nm.t_()"),
    ("metadata-detached", M + "d = m.detach()\nd.t_()"),
    ("metadata-detached-as_strided_", M + "d = m.detach()\nd.as_strided_((3,), (2,))"),
    ("metadata-base-sees-nothing", M + "v = m.view(3, 2)\nv.t_()\nv.unsqueeze_(0)"),
    ("metadata-split-output", M + "ps = m.split(1)\nq = ps[0]\nq.squeeze_(0)"),
]

ERRORS: Table = [
    ("err-as_strided_-oob", X + "x.as_strided_((5, 5), (5, 1))"),
    ("err-as_strided_-negative-stride", X + "x.as_strided_((2,), (-1,))"),
    ("err-as_strided_-length", X + "x.as_strided_((2, 2), (1,))"),
    ("err-as_strided_-negative-offset", X + "x.as_strided_((2,), (1,), -2)"),
    ("err-squeeze_-range", O + "o.squeeze_(4)"),
    ("err-squeeze_-duplicate", O + "o.squeeze_((0, -4))"),
    ("err-unsqueeze_-range", M + "m.unsqueeze_(3)"),
    ("err-unsqueeze_-0d", S + "s.unsqueeze_(2)"),
    ("err-transpose_-range", X + "x.transpose_(0, 3)"),
    ("err-t_-3d", X + "x.t_()"),
    ("err-t_-3d-meta", "m = torch.zeros(1, 5, 2, device='meta')\nm.t_()"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    CASES + ERRORS, ERRORS)
