"""fft_shift family: torch.fft.fftshift and ifftshift (roll by half of each dim: all dims, one,
a tuple, a repeated one; roll's layouts, cat's or an empty input's preserved strides) and the
factories torch.fft.fftfreq and rfftfreq (dtypes, d, out= resized, stepped, 2-d, transposed:
the negative half written from the slice's own offset). Transposed, permuted, stepped,
expanded, overlapping, channels_last, offset, size-1, 0-d and empty inputs of every dtype; and
the refusals: a 0-d input, dims out of range, no dims, wrong argument types, integer dtypes,
negative sizes, complex out=, an overlapping out=."""

from __future__ import annotations

import pytest

from ._support import Table, assert_same_warnings, params, table_tests

X = "x = torch.arange(24).mul(7).remainder(5).view(1, 2, 3, 4)\n"
_INPUTS = {
    "contiguous": (X + "v = x\n", 4),
    "transposed": (X + "v = x.transpose(2, 3)\n", 4),
    "permuted": (X + "v = x.permute(0, 3, 1, 2)\n", 4),
    "stepped": (X + "v = x[:, :, ::2]\n", 4),
    "expanded": ("v = torch.tensor([[3, -1, 3]]).expand(4, 3)\n", 2),
    "overlapping": ("v = torch.arange(6.).as_strided((3, 3), (1, 1))\n", 2),
    "channels-last": (X + "v = x.float().contiguous(memory_format=torch.channels_last)\n", 4),
    "offset": (X + "v = x[0, 1:, 1:]\n", 3),
    "size-one": (X + "v = x.view(1, 24, 1)[:, ::5]\n", 3),
    "size-one-odd": ("v = torch.empty_strided((2, 1, 3), (1, 7, 2)).fill_(2.5)\n", 3),
    "empty": ("v = torch.zeros(2, 0, 3).transpose(0, 2)\n", 3),
    "bool": (X + "v = x.gt(2).permute(3, 1, 0, 2)\n", 4),
    "half": (X + "v = x.half().transpose(1, 3)\n", 4),
    "bfloat16": (X + "v = x.bfloat16()[..., 1:]\n", 4),
    "complex": (X + "v = (x * (1 + 2j)).transpose(0, 2)\n", 4),
    "conj": (X + "v = (x * (1 + 2j)).conj()\n", 4),
    "meta": ("v = torch.zeros(2, 3, 4, device='meta').transpose(0, 2)\n", 3),
}
_CALLS = [
    ("all", "a = torch.fft.fftshift(v)\nb = torch.fft.ifftshift(v)\n", 1),
    ("last", "a = torch.fft.fftshift(v, -1)\nb = torch.fft.ifftshift(v, dim=-1)\n", 1),
    ("first", "a = torch.fft.fftshift(v, dim=(0,))\nb = torch.fft.ifftshift(input=v, dim=0)\n",
     1),
    ("pair", "a = torch.fft.fftshift(v, (1, 0))\nb = torch.fft.ifftshift(v, [0, -1])\n", 2),
    ("repeat", "a = torch.fft.fftshift(v, (1, 1))\nb = torch.fft.ifftshift(v, dim=(-1, 1, -1))\n",
     2),
]

LAYOUTS: Table = [(f"{call}-{name}", src + text)
                  for name, (src, ndim) in _INPUTS.items()
                  for call, text, rank in _CALLS if ndim >= rank]

F = "torch.fft.fftfreq"
R = "torch.fft.rfftfreq"
VALUES: Table = [
    ("shift-odd-even", "a = torch.fft.fftshift(torch.arange(5))\n"
                       "b = torch.fft.ifftshift(torch.arange(5))\n"
                       "c = torch.fft.fftshift(torch.arange(6.))\n"
                       "d = torch.fft.ifftshift(torch.arange(12).view(3, 4))\n"
                       "e = torch.fft.fftshift(torch.tensor([-0., 0., float('nan')]))"),
    ("shift-is-new", "x = torch.arange(4.)\na = torch.fft.fftshift(x)\na.add_(1)\n"
                     "b = torch.fft.ifftshift(torch.arange(3.).expand(2, 3), 1)\nb.mul_(2)"),
    ("shift-size-one", "a = torch.fft.fftshift(torch.ones(1, 1))\n"
                       "b = torch.fft.ifftshift(torch.arange(3).view(3, 1))"),
    ("shift-unwritten", "x = torch.empty(4)\nx[1] = 2.\na = torch.fft.fftshift(x)"),
    ("fftfreq", f"a = {F}(5)\nb = {F}(6, 0.1)\nc = {F}(0)\nd = {F}(1)\ne = {F}(n=7, d=2)\n"
                f"f = {F}(4, 3)\ng = {F}(4, True)"),
    ("fftfreq-dtypes", f"a = {F}(7, 0.3, dtype=torch.float64)\nb = {F}(7, 0.3, dtype=torch.half)"
                       f"\nc = {F}(9, 0.7, dtype=torch.bfloat16)\n"
                       f"d = {F}(301, 0.7, dtype=torch.half)\ne = {F}(11, 1e-3)"),
    ("fftfreq-zero-d", f"a = {F}(4, d=0)\nb = {F}(3, 0.)"),
    ("fftfreq-options", f"a = {F}(3, layout=None, device='cpu', pin_memory=False)\n"
                        f"b = {F}(3, requires_grad=False)\nc = {F}(4, device='meta')\n"
                        f"d = {R}(5, device='meta', dtype=torch.float64)"),
    ("rfftfreq", f"a = {R}(5)\nb = {R}(6, 0.1)\nc = {R}(0)\nd = {R}(1)\ne = {R}(-1)\n"
                 f"f = {R}(-3)\ng = {R}(8, 0.25, dtype=torch.double)\n"
                 f"h = {R}(9, 0.7, dtype=torch.bfloat16)"),
    ("fftfreq-out", f"o = torch.zeros(4)\na = {F}(4, out=o)\n"
                    f"p = torch.zeros(0, dtype=torch.double)\nb = {F}(5, 0.3, out=p)\n"
                    f"q = torch.zeros(2)\nc = {R}(6, out=q)"),
    ("fftfreq-out-resized", f"o = torch.zeros(6)\na = {F}(3, out=o)\n"
                            f"q = torch.zeros(2, 3)\nb = {R}(5, out=q)"),
    ("fftfreq-out-stepped", f"b = torch.zeros(8)\na = {F}(4, out=b[::2])\n"
                            f"c = torch.zeros(8)\nd = {F}(3, out=c[1::3])\n"
                            f"e = torch.zeros(8)\nf = {R}(6, out=e[::2])"),
    ("fftfreq-out-2d", f"b = torch.zeros(2, 2)\na = {F}(4, out=b)\n"
                       f"c = torch.zeros(2, 2)\nd = {F}(4, out=c.t())\n"
                       f"e = torch.zeros(3, 4)\nf = {F}(5, out=e)"),
    ("fftfreq-out-view", "x = torch.zeros(10)\nv = x[2:7]\n"
                         f"a = {F}(5, out=v)\nw = x[1:4]\nb = {R}(4, out=w)"),
]

ERRORS: Table = [
    ("err-shift-0d", "a = torch.fft.fftshift(torch.tensor(3.))"),
    ("err-shift-0d-dim", "a = torch.fft.ifftshift(torch.tensor(3.), 0)"),
    ("err-shift-no-dims", "a = torch.fft.fftshift(torch.zeros(2, 3), ())"),
    ("err-shift-dim-range", "a = torch.fft.fftshift(torch.zeros(2, 3), 2)"),
    ("err-shift-dim-range-tuple", "a = torch.fft.ifftshift(torch.zeros(2, 3), (0, -3))"),
    ("err-shift-empty-dim-range", "a = torch.fft.fftshift(torch.zeros(2, 0, 3), 5)"),
    ("err-shift-dim-float", "a = torch.fft.fftshift(torch.zeros(2), 1.0)"),
    ("err-shift-not-tensor", "a = torch.fft.fftshift([1, 2])"),
    ("err-shift-extra", "a = torch.fft.fftshift(torch.zeros(2), 0, 1)"),
    ("err-shift-keyword", "a = torch.fft.ifftshift(torch.zeros(2), dims=0)"),
    ("err-fftfreq-negative", f"a = {F}(-1)"),
    ("err-rfftfreq-negative", f"a = {R}(-4)"),
    ("err-fftfreq-int", f"a = {F}(4, dtype=torch.int64)"),
    ("err-rfftfreq-bool", f"a = {R}(4, dtype=torch.bool)"),
    ("err-fftfreq-complex", f"a = {F}(4, dtype=torch.complex64)"),
    ("err-fftfreq-n-float", f"a = {F}(4.0)"),
    ("err-fftfreq-n-bool", f"a = {F}(True)"),
    ("err-fftfreq-d-str", f"a = {F}(3, 'a')"),
    ("err-fftfreq-missing", f"a = {F}()"),
    ("err-fftfreq-out-int", f"a = {F}(4, out=torch.zeros(4, dtype=torch.long))"),
    ("err-rfftfreq-out-int", f"a = {R}(4, out=torch.zeros(3, dtype=torch.int32))"),
    ("err-fftfreq-out-complex", f"a = {F}(4, out=torch.zeros(4, dtype=torch.cfloat))"),
    ("err-fftfreq-out-expanded", f"a = {F}(4, out=torch.zeros(1).expand(4))"),
    ("err-fftfreq-meta-int", f"a = {F}(3, dtype=torch.long, device='meta')"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + VALUES + ERRORS, ERRORS)


@pytest.mark.parametrize("src", params([
    ("fftfreq-out-resized", f"a = {F}(3, out=torch.zeros(6))\nb = {R}(5, out=torch.zeros(2))"),
    ("fftfreq-out-same-numel", f"a = {F}(4, out=torch.zeros(2, 2))"),
    ("fftfreq-out-empty", f"a = {F}(4, out=torch.zeros(0))"),
]))
def test_same_warnings(src: str) -> None:
    assert_same_warnings(src)
