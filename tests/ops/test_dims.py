"""dims family: permute, transpose, swapaxes, swapdims, t, T, mT, movedim, moveaxis, squeeze,
unsqueeze (method and torch.* function forms)."""

from __future__ import annotations

from ._support import Table, table_tests

X = "x = torch.arange(24, dtype=torch.float32).view(2, 3, 4)\n"
M = "m = torch.arange(6, dtype=torch.float32).view(2, 3)\n"
V = "v = torch.arange(4, dtype=torch.float32)\n"
S = "s = torch.tensor(2.0)\n"
Z = "z = torch.zeros(2, 0, 3)\n"
O = "o = torch.zeros(1, 3, 1, 2)\n"
C = "c = torch.arange(120.).view(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)\n"
C3 = "c = torch.zeros(2, 3, 2, 2, 2).contiguous(memory_format=torch.channels_last_3d)\n"

CASES: Table = [
    # permute
    ("permute-basic", X + "y = x.permute(2, 0, 1)"),
    ("permute-tuple", X + "y = x.permute((1, 2, 0))"),
    ("permute-list", X + "y = x.permute([1, 0, 2])"),
    ("permute-negative", X + "y = x.permute(-1, -3, -2)"),
    ("permute-identity-new-view", X + "y = x.permute(0, 1, 2)"),
    ("permute-0d", S + "y = s.permute()"),
    ("permute-0d-empty-tuple", S + "y = s.permute(())"),
    ("permute-1d", V + "y = v.permute(0)"),
    ("permute-zero-size", Z + "y = z.permute(1, 2, 0)"),
    ("permute-offset", X + "t = x[1:, 1:]\ny = t.permute(2, 1, 0)"),
    ("permute-twice-base-root", X + "t = x.permute(2, 0, 1)\ny = t.permute(1, 2, 0)"),
    ("permute-to-channels-last", "x = torch.zeros(2, 4, 5, 3)\ny = x.permute(0, 3, 1, 2)"),
    ("permute-cl", C + "y = c.permute(0, 2, 3, 1)"),
    ("permute-cl3d", C3 + "y = c.permute(0, 2, 3, 4, 1)"),
    ("permute-expanded", "e = torch.zeros(3, 1).expand(3, 4)\ny = e.permute(1, 0)"),
    ("permute-complex-conj", "c = torch.tensor([[1j, 2.]]).conj()\ny = c.permute(1, 0)"),
    ("permute-meta", "x = torch.zeros(2, 3, device='meta')\ny = x.permute(1, 0)"),
    ("fn-permute", X + "y = torch.permute(x, (2, 0, 1))"),
    # transpose / swapaxes / swapdims
    ("transpose-basic", X + "y = x.transpose(0, 2)"),
    ("transpose-negative", X + "y = x.transpose(-1, -2)"),
    ("transpose-same-dim", X + "y = x.transpose(1, 1)"),
    ("transpose-0d", S + "y = s.transpose(0, -1)"),
    ("transpose-1d", V + "y = v.transpose(0, 0)"),
    ("transpose-zero-size", Z + "y = z.transpose(0, 1)"),
    ("transpose-size1", O + "y = o.transpose(0, 2)"),
    ("transpose-stepped", X + "t = x[:, ::2, 1:]\ny = t.transpose(1, 2)"),
    ("transpose-bool", "b = torch.zeros(2, 3, dtype=torch.bool)\ny = b.transpose(0, 1)"),
    ("fn-transpose", X + "y = torch.transpose(x, 0, 1)"),
    ("swapaxes", X + "y = x.swapaxes(0, 2)"),
    ("swapaxes-negative", X + "y = x.swapaxes(-3, 1)"),
    ("swapdims", X + "y = x.swapdims(1, 2)"),
    ("fn-swapaxes", X + "y = torch.swapaxes(x, 0, 1)"),
    ("fn-swapdims", X + "y = torch.swapdims(x, 2, 0)"),
    # t / T / mT
    ("t-2d", M + "y = m.t()"),
    ("t-1d", V + "y = v.t()"),
    ("t-0d", S + "y = s.t()"),
    ("t-zero", "z = torch.zeros(0, 3)\ny = z.t()"),
    ("t-twice", M + "t = m.t()\ny = t.t()"),
    ("fn-t", M + "y = torch.t(m)"),
    ("T-2d", M + "y = m.T"),
    ("T-3d-reverses", X + "y = x.T"),
    ("T-1d", V + "y = v.T"),
    ("T-0d", S + "y = s.T"),
    ("T-4d", C + "y = c.T"),
    ("mT-2d", M + "y = m.mT"),
    ("mT-3d", X + "y = x.mT"),
    ("mT-0d-deprecated-identity", S + "y = s.mT"),
    ("mT-zero", "z = torch.zeros(0, 2, 3)\ny = z.mT"),
    # movedim / moveaxis
    ("movedim-int", X + "y = x.movedim(0, 2)"),
    ("movedim-negative", X + "y = x.movedim(-1, 0)"),
    ("movedim-tuple", X + "y = x.movedim((0, 1), (2, 0))"),
    ("movedim-list", X + "y = x.movedim([2, 0], [0, 1])"),
    ("movedim-identity", X + "y = x.movedim(1, 1)"),
    ("movedim-empty", X + "y = x.movedim((), ())"),
    ("movedim-0d", S + "y = s.movedim(0, 0)"),
    ("movedim-0d-negative", S + "y = s.movedim(-1, 0)"),
    ("movedim-4d", C + "y = c.movedim(1, -1)"),
    ("movedim-zero", Z + "y = z.movedim(1, 0)"),
    ("moveaxis", X + "y = x.moveaxis(2, 0)"),
    ("moveaxis-tuple", X + "y = x.moveaxis((0, 2), (1, 0))"),
    ("fn-movedim", X + "y = torch.movedim(x, 0, -1)"),
    ("fn-moveaxis", X + "y = torch.moveaxis(x, (1,), (0,))"),
    # squeeze
    ("squeeze-all", O + "y = o.squeeze()"),
    ("squeeze-dim", O + "y = o.squeeze(0)"),
    ("squeeze-dim-not-1", O + "y = o.squeeze(1)"),
    ("squeeze-negative", O + "y = o.squeeze(-2)"),
    ("squeeze-tuple", O + "y = o.squeeze((0, 2))"),
    ("squeeze-tuple-mixed", O + "y = o.squeeze((0, 1, -1))"),
    ("squeeze-empty-tuple", O + "y = o.squeeze(())"),
    ("squeeze-keeps-zero-size", "z = torch.zeros(1, 0, 1)\ny = z.squeeze()"),
    ("squeeze-zero-size-dim", "z = torch.zeros(1, 0, 1)\ny = z.squeeze(1)"),
    ("squeeze-0d", S + "y = s.squeeze()"),
    ("squeeze-0d-dim", S + "y = s.squeeze(0)"),
    ("squeeze-0d-neg", S + "y = s.squeeze(-1)"),
    ("squeeze-0d-tuple", S + "y = s.squeeze((0,))"),
    ("squeeze-to-0d", "t = torch.tensor([[7.]])\ny = t.squeeze()"),
    ("squeeze-nothing-new-view", X + "y = x.squeeze()"),
    ("squeeze-offset", X + "t = x[1:, :1]\ny = t.squeeze()"),
    ("squeeze-expanded", "e = torch.zeros(1, 3).expand(1, 3)\ny = e.squeeze(0)"),
    ("squeeze-cl", "c = torch.zeros(2, 1, 4, 1).contiguous(memory_format=torch.channels_last)\n"
                   "y = c.squeeze()"),
    ("squeeze-dim-kw", O + "y = o.squeeze(dim=2)"),
    ("fn-squeeze", O + "y = torch.squeeze(o)"),
    ("fn-squeeze-dim", O + "y = torch.squeeze(o, 0)"),
    # unsqueeze
    ("unsqueeze-front", M + "y = m.unsqueeze(0)"),
    ("unsqueeze-middle", M + "y = m.unsqueeze(1)"),
    ("unsqueeze-end", M + "y = m.unsqueeze(2)"),
    ("unsqueeze-negative", M + "y = m.unsqueeze(-1)"),
    ("unsqueeze-negative-front", M + "y = m.unsqueeze(-3)"),
    ("unsqueeze-0d", S + "y = s.unsqueeze(0)"),
    ("unsqueeze-0d-neg", S + "y = s.unsqueeze(-1)"),
    ("unsqueeze-transposed", M + "t = m.t()\ny = t.unsqueeze(0)\nw = t.unsqueeze(1)"),
    ("unsqueeze-zero-size-raw-stride", "z = torch.zeros(0, 3)\ny = z.unsqueeze(0)\n"
                                       "w = z.unsqueeze(1)"),
    ("unsqueeze-expanded", "e = torch.zeros(3).expand(2, 3)\ny = e.unsqueeze(1)"),
    ("unsqueeze-offset", X + "t = x[1, 1:]\ny = t.unsqueeze(1)"),
    ("unsqueeze-cl", C + "y = c.unsqueeze(0)"),
    ("unsqueeze-to-cl3d-like", C + "y = c.unsqueeze(2)"),
    ("fn-unsqueeze", M + "y = torch.unsqueeze(m, 1)"),
    ("unsqueeze-then-squeeze", M + "y = m.unsqueeze(1)\nw = y.squeeze(1)"),
    ("dims-version-shared", X + "y = x.permute(2, 1, 0)\nw = y.unsqueeze(0)\nw.add_(1)"),
]

ERRORS: Table = [
    ("err-squeeze-none", X + "y = x.squeeze(None)"),
    ("err-permute-no-args", X + "y = x.permute()"),
    ("err-permute-too-few", X + "y = x.permute(1, 0)"),
    ("err-permute-too-many", X + "y = x.permute(0, 1, 2, 3)"),
    ("err-permute-duplicate", X + "y = x.permute(0, 0, 1)"),
    ("err-permute-duplicate-wrapped", X + "y = x.permute(0, -3, 1)"),
    ("err-permute-range", X + "y = x.permute(0, 1, 3)"),
    ("err-permute-0d", S + "y = s.permute(0)"),
    ("err-transpose-range", X + "y = x.transpose(0, 3)"),
    ("err-transpose-range-neg", X + "y = x.transpose(-4, 0)"),
    ("err-transpose-0d", S + "y = s.transpose(0, 1)"),
    ("err-swapaxes-range", M + "y = m.swapaxes(2, 0)"),
    ("err-t-3d", X + "y = x.t()"),
    ("err-fn-t-3d", X + "y = torch.t(x)"),
    ("err-mT-1d", V + "y = v.mT"),
    ("err-movedim-len", X + "y = x.movedim((0, 1), (2,))"),
    ("err-movedim-range", X + "y = x.movedim(3, 0)"),
    ("err-movedim-range-dst", X + "y = x.movedim(0, -4)"),
    ("err-movedim-repeated-src", X + "y = x.movedim((0, 0), (1, 2))"),
    ("err-movedim-repeated-src-wrapped", X + "y = x.movedim((0, -3), (1, 2))"),
    ("err-movedim-repeated-dst", X + "y = x.movedim((0, 1), (2, 2))"),
    ("err-movedim-0d", S + "y = s.movedim(0, 1)"),
    ("err-squeeze-range", O + "y = o.squeeze(4)"),
    ("err-squeeze-range-neg", O + "y = o.squeeze(-5)"),
    ("err-squeeze-0d-range", S + "y = s.squeeze(1)"),
    ("err-squeeze-duplicate", O + "y = o.squeeze((0, 0))"),
    ("err-squeeze-duplicate-wrapped", O + "y = o.squeeze((2, -2))"),
    ("err-unsqueeze-range", M + "y = m.unsqueeze(3)"),
    ("err-unsqueeze-range-neg", M + "y = m.unsqueeze(-4)"),
    ("err-unsqueeze-0d", S + "y = s.unsqueeze(1)"),
    ("err-unsqueeze-0d-neg", S + "y = s.unsqueeze(-2)"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    CASES + ERRORS, ERRORS)
