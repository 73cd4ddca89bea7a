"""reorder family: flip keeps a dense input's strides and makes others dense in its order; roll
takes cat's layout (channels_last kept only where both pieces suggest it) or, flattened,
contiguous strides; rot90 is flip's layout with two dims swapped, or a contiguous clone; tril
and triu are contiguous. Transposed, permuted, stepped, expanded, overlapping, channels_last,
offset, size-1, 0-d and empty inputs, dims of either sign; values of every kind (NaN, signed
zeros, bool, integer, half, complex, conj and neg views, unwritten elements); tril's and
triu's out= kept, resized, the input itself or overlapping it, tril_ and triu_ in place; and
the refusals: dims out of range or repeated, too few dims, rot90's dims, roll's shifts, and
the argument parser's int lists."""

from __future__ import annotations

import pytest

from ._support import Table, assert_same_warnings, params, table_tests

X = "x = torch.arange(24.).mul(7).remainder(24).sub(11).view(2, 3, 4)\n"
# (input source, its ndim)
_INPUTS = {
    "contiguous": (X + "v = x\n", 3),
    "transposed": (X + "v = x.transpose(0, 2)\n", 3),
    "permuted": (X + "v = x.permute(1, 2, 0)\n", 3),
    "stepped": (X + "v = x[:, ::2]\n", 3),
    "expanded": ("v = torch.tensor([[3., -1., 2.]]).expand(4, 3)\n", 2),
    "expanded-inner": ("v = torch.arange(3.).view(3, 1).expand(3, 4)\n", 2),
    "overlapping": ("v = torch.arange(6.).as_strided((3, 3), (1, 1))\n", 2),
    "channels-last": (X + "v = x.view(1, 2, 3, 4).contiguous(memory_format=torch.channels_last)\n",
                      4),
    "offset": (X + "v = x[1:, 1:]\n", 3),
    "size-one": (X + "v = x.view(1, 24, 1)[:, ::5]\n", 3),
    "size-one-odd": ("v = torch.empty_strided((2, 1, 3), (1, 7, 2)).fill_(2.5)\n", 3),
    "zero-dim": ("v = torch.tensor(-0.75)\n", 0),
    "empty": ("v = torch.zeros(2, 0, 3).transpose(0, 2)\n", 3),
}

# (case name, call, the least ndim it takes)
_CALLS = [
    ("flip-first", "a = v.flip(0)\n", 0),
    ("flip-last", "a = torch.flip(v, [-1])\n", 0),
    ("flip-none", "a = v.flip([])\n", 0),
    ("flip-two", "a = v.flip(1, -1)\n", 2),
    ("flip-all", "a = torch.flip(v, dims=tuple(range(v.ndim)))\n", 1),
    ("fliplr", "a = v.fliplr()\n", 2),
    ("flipud", "a = torch.flipud(v)\n", 1),
    ("roll-flat", "a = v.roll(1)\nb = torch.roll(v, -2)\n", 0),
    ("roll-first", "a = v.roll(1, 0)\nb = torch.roll(v, 0, 0)\n", 1),
    ("roll-last", "a = v.roll(-1, -1)\nb = torch.roll(v, shifts=3, dims=-1)\n", 1),
    ("roll-two", "a = v.roll((1, -1), (0, -1))\n", 2),
    ("rot90", "a = v.rot90()\nb = torch.rot90(v, 3)\n", 2),
    ("rot90-two", "a = v.rot90(2)\nb = torch.rot90(v, -2, [-1, 0])\n", 2),
    ("rot90-back", "a = v.rot90(-1, (-1, 0))\n", 2),
    ("rot90-zero", "a = v.rot90(0)\nb = v.rot90(4, [1, 0])\n", 2),
    ("tril", "a = v.tril()\nb = torch.tril(v, -1)\n", 2),
    ("triu", "a = v.triu(1)\nb = torch.triu(v, diagonal=-2)\n", 2),
]

LAYOUTS: Table = [(f"{call}-{name}", src + text)
                  for name, (src, ndim) in _INPUTS.items()
                  for call, text, least in _CALLS if ndim >= least]

VALUES: Table = [
    ("flip-nan-signed-zeros", "v = torch.tensor([[0., -0., float('nan')], [float('inf'), -1., "
                              "float('-inf')]])\na = v.flip(0, 1)\nb = v.roll(1)\n"
                              "c = v.rot90()\nd = v.tril()\ne = v.triu(1)"),
    ("reorder-bool-int-half", "v = torch.tensor([[True, False, True], [False, False, True]])\n"
                              "a = v.flip(1)\nb = v.tril()\nc = v.roll(1, 1)\n"
                              "w = torch.arange(-6, 6, dtype=torch.int8).view(3, 4)\n"
                              "d = w.rot90(3)\ne = w.triu(-1)\nf = w.t().half().fliplr()\n"
                              "g = w.bfloat16().roll((1, 2), (0, 1))\n"
                              "h = torch.arange(6).view(2, 3).to(torch.uint8).flipud()"),
    ("reorder-complex", "v = torch.arange(6.).view(2, 3) * (1 - 2j)\na = v.flip(0)\n"
                        "b = v.tril()\nc = v.rot90(1, [1, 0])\nd = v.roll(-1)\n"
                        "e = v.double().triu(5)"),
    ("reorder-conj-and-neg", "v = (torch.arange(6.).view(2, 3) * (1 + 1j)).conj()\n"
                             "a = v.flip(0)\nb = v.tril()\nc = v.rot90()\nd = v.roll(1, 1)\n"
                             "n = v.imag\ne = n.flip(1)\nf = n.triu()"),
    ("roll-repeated-dim", X + "a = x.roll((1, 1), (0, 0))\nb = x.roll((2, -1), (2, 2))\n"
                              "c = x.roll((1, 2, 3), (0, 1, 2))"),
    ("roll-large-shifts", X + "a = x.roll(100)\nb = x.roll(-25, 1)\nc = x.roll(7, -1)\n"
                              "d = x.roll(-24)"),
    ("roll-flat-empty-strides", "v = torch.zeros(3).as_strided((0,), (0,))\na = v.roll(2)\n"
                                "w = torch.zeros(2, 0, 3).transpose(0, 2)\nb = w.roll(1)\n"
                                "c = torch.zeros(4, 2)[:, :0].roll(-1)"),
    ("roll-empty-unchecked-dims", "v = torch.zeros(0, 3)\na = v.roll(1, 5)\n"
                                  "b = v.roll((1, 2), (7, -9))\nc = v.t().roll(1)"),
    ("rot90-every-k", X + "a = x.rot90(5)\nb = x.rot90(-3)\nc = x.rot90(-4)\n"
                          "d = x.rot90(2, [2, 0])\ne = x.rot90(1, [1, 2])\n"
                          "f = x.rot90(7, [-1, -2])"),
    ("tril-diagonals", X + "a = x.tril(100)\nb = x.tril(-100)\nc = x.triu(-100)\n"
                           "d = x.triu(100)\ne = x.tril(2)\nf = x.triu(-1)\n"
                           "g = x.tril(diagonal=-2)"),
    ("tril-batched-layouts", X + "a = x.permute(2, 0, 1).tril()\nb = x.transpose(1, 2).triu()\n"
                                 "c = x[:, :, ::3].tril(-1)\nd = x.unsqueeze(1).expand(2, 2, 3, 4)"
                                 ".triu()"),
    ("flip-zero-size-dims", "v = torch.zeros(3, 0)\na = v.flip(0)\nb = v.flip(1)\n"
                            "c = v.rot90()\nd = v.tril()\ne = v.roll(2, 0)\nf = v.roll(1)"),
    ("reorder-one-element", "v = torch.tensor([[5.]])\na = v.flip(0, 1)\nb = v.roll(3)\n"
                            "c = v.rot90()\nd = v.triu(1)\ne = torch.tensor([4.]).flipud()"),
    ("reorder-zero-dim-forms", "v = torch.tensor(2.5)\na = v.flip(0)\nb = v.flip(-1)\n"
                               "c = torch.flip(v, [])\nd = v.roll(3)\ne = torch.roll(v, -1)"),
    ("flip-result-is-new", X + "t = x.t()\na = t.flip(0)\nt.add_(1)\nb = a.add_(1)\n"
                               "c = x.roll(1, 0)\nx.mul_(2)"),
    ("reorder-unwritten-elements", "v = torch.empty(2, 3)\nv[0, 1] = 1.\na = v.flip(0)\n"
                                   "b = v.roll(1)\nc = v.rot90()\nd = v.tril()\ne = v.triu(1)"),
    ("reorder-int-arguments", X + "a = x.flip(torch.tensor(0))\nb = x.flip([torch.tensor(1), 2])\n"
                                  "c = x.roll(torch.tensor(1), torch.tensor(0))\n"
                                  "d = x.rot90(torch.tensor(3))\ne = x.tril(torch.tensor(1))\n"
                                  "f = x.flip(0, True)\ng = x.roll(1, None)\n"
                                  "h = torch.roll(x, (2,), dims=None)"),
    ("reorder-meta", "v = torch.zeros(3, 4, device='meta').t()\na = v.flip(0)\nb = v.tril()"),
    ("tril-in-place", X + "y = x.clone()\na = y.tril_()\nz = x.clone().transpose(0, 2)\n"
                          "b = z.triu_(1)\nw = x.clone()\nc = w[:, ::2].tril_(-1)"),
    ("tril-in-place-view", X + "y = x.clone()\nv = y[1]\na = v.tril_()\n"
                               "b = y.t().triu_(diagonal=2)"),
    ("tril-in-place-layouts", X + "y = x.clone().view(1, 2, 3, 4).contiguous("
                                  "memory_format=torch.channels_last)\na = y.tril_()\n"
                                  "z = x.clone().permute(2, 0, 1)\nb = z.triu_()\n"
                                  "w = torch.zeros(0, 3)\nc = w.tril_()"),
    ("tril-in-place-expanded", "v = torch.arange(4.).view(1, 4).expand(3, 4).clone()\n"
                               "e = torch.arange(4.).view(1, 2, 2).expand(3, 2, 2)\na = e.tril_()"),
    ("tril-in-place-batched", "v = torch.arange(48.).view(2, 2, 3, 4).transpose(0, 1)\n"
                              "a = v.tril_()\ne = torch.arange(12.).view(1, 1, 3, 4).expand("
                              "5, 1, 3, 4)\nb = e.triu_(1)"),
    ("tril-in-place-conj", "v = (torch.arange(6.).view(2, 3) * (1 + 1j)).conj()\n"
                           "a = v.tril_()\nb = v.triu_(1)"),
]

ERRORS: Table = [
    ("err-flip-dim-range", X + "a = x.flip(3)"),
    ("err-flip-dim-range-negative", X + "a = x.flip(-4)"),
    ("err-flip-repeated", X + "a = x.flip(0, 0)"),
    ("err-flip-repeated-wrapped", X + "a = x.flip(1, -2)"),
    ("err-flip-range-before-repeat", X + "a = x.flip(0, 5, 0)"),
    ("err-flip-repeat-before-range", X + "a = x.flip(0, 0, 5)"),
    ("err-flip-zero-dim", "a = torch.tensor(1.).flip(1)"),
    ("err-flip-missing-dims", X + "a = x.flip()"),
    ("err-flip-function-missing-dims", X + "a = torch.flip(x)"),
    ("err-flip-function-int", X + "a = torch.flip(x, 0)"),
    ("err-flip-keyword-int", X + "a = x.flip(dims=0)"),
    ("err-flip-float", X + "a = x.flip(0.5)"),
    ("err-flip-bool", X + "a = x.flip(True)"),
    ("err-flip-none", X + "a = x.flip(None)"),
    ("err-flip-float-element", X + "a = x.flip((0.5,))"),
    ("err-flip-float-vararg", X + "a = x.flip(0, 1.5)"),
    ("err-flip-float-later", X + "a = torch.flip(x, [0, 1, 1.5])"),
    ("err-flip-tensor-list", X + "a = x.flip(torch.tensor([0, 1]))"),
    ("err-flip-two-lists", X + "a = x.flip((1,), (0,))"),
    ("err-flip-extra-function", X + "a = torch.flip(x, [0], [1])"),
    ("err-flip-twice", X + "a = x.flip(0, dims=[0])"),
    ("err-flip-unknown-keyword", X + "a = x.flip(dims=[0], other=1)"),
    ("err-flip-out", X + "a = torch.flip(x, [0], out=x)"),
    ("err-fliplr-one-dim", "a = torch.arange(3.).fliplr()"),
    ("err-fliplr-zero-dim", "a = torch.fliplr(torch.tensor(1.))"),
    ("err-flipud-zero-dim", "a = torch.tensor(1.).flipud()"),
    ("err-fliplr-argument", X + "a = x.fliplr(0)"),
    ("err-flipud-keyword", X + "a = x.flipud(dims=0)"),
    ("err-fliplr-function-extra", X + "a = torch.fliplr(x, 0)"),
    ("err-roll-missing-shifts", X + "a = x.roll()"),
    ("err-roll-empty-shifts", X + "a = x.roll([], [])"),
    ("err-roll-empty-shifts-with-dim", X + "a = x.roll([], [5])"),
    ("err-roll-shifts-without-dims", X + "a = x.roll((1, 2))"),
    ("err-roll-align", X + "a = x.roll((1, 2), 0)"),
    ("err-roll-align-more-dims", X + "a = x.roll(1, (0, 1))"),
    ("err-roll-align-empty", "a = torch.zeros(0, 3).roll((1,), (5, 7))"),
    ("err-roll-dim-range", X + "a = x.roll(1, 3)"),
    ("err-roll-second-dim-range", X + "a = x.roll((1, 2), (0, 9))"),
    ("err-roll-zero-dim", "a = torch.tensor(1.).roll(1, 0)"),
    ("err-roll-zero-dim-negative", "a = torch.tensor(1.).roll(1, -1)"),
    ("err-roll-three-positional", X + "a = x.roll(1, 1, 0)"),
    ("err-roll-float-shift", X + "a = x.roll(1.5)"),
    ("err-roll-bool-shift", X + "a = torch.roll(x, True)"),
    ("err-roll-bool-element", X + "a = torch.roll(x, (True,), 0)"),
    ("err-roll-float-dims", X + "a = x.roll(1, 1.5)"),
    ("err-roll-float-dims-later", X + "a = x.roll(1, (0, 1.5))"),
    ("err-roll-none-shifts", X + "a = x.roll(None)"),
    ("err-rot90-one-dim-list", X + "a = torch.rot90(x, 1, [0])"),
    ("err-rot90-three-dims", X + "a = x.rot90(1, [0, 1, 2])"),
    ("err-rot90-no-dims", X + "a = x.rot90(0, [])"),
    ("err-rot90-count-before-rank", "a = torch.rot90(torch.zeros(3), 1, [0])"),
    ("err-rot90-one-dim-tensor", "a = torch.zeros(3).rot90()"),
    ("err-rot90-zero-dim", "a = torch.rot90(torch.tensor(1.), 1, [0, 0])"),
    ("err-rot90-same-dims", X + "a = x.rot90(1, [1, 1])"),
    ("err-rot90-same-dims-wrapped", X + "a = x.rot90(1, [1, -2])"),
    ("err-rot90-same-dims-k-zero", X + "a = x.rot90(4, [0, 0])"),
    ("err-rot90-dim-range", X + "a = x.rot90(1, [0, 3])"),
    ("err-rot90-range-before-same", X + "a = x.rot90(1, [5, 5])"),
    ("err-rot90-first-out-of-range", X + "a = x.rot90(1, [5, 7])"),
    ("err-rot90-two-dims-wrap", "a = torch.zeros(2, 3).rot90(1, [0, 2])"),
    ("err-rot90-float-k", X + "a = x.rot90(1.0)"),
    ("err-rot90-bool-k", X + "a = torch.rot90(x, True)"),
    ("err-rot90-int-dims", X + "a = torch.rot90(x, 1, 0)"),
    ("err-rot90-none-dims", X + "a = x.rot90(1, None)"),
    ("err-rot90-float-dim", X + "a = torch.rot90(x, 1, (1.5, 0))"),
    ("err-rot90-varargs", X + "a = x.rot90(1, 0, 1)"),
    ("err-tril-one-dim", "a = torch.arange(3.).tril()"),
    ("err-triu-zero-dim", "a = torch.triu(torch.tensor(1.))"),
    ("err-tril-empty-one-dim", "a = torch.zeros(0).tril(1)"),
    ("err-tril-float-diagonal", X + "a = x.tril(1.5)"),
    ("err-triu-bool-diagonal", X + "a = x.triu(True)"),
    ("err-tril-none-diagonal", X + "a = torch.tril(x, None)"),
    ("err-triu-keyword-none", X + "a = x.triu(diagonal=None)"),
    ("err-tril-extra", X + "a = torch.tril(x, 1, 2)"),
    ("err-tril-method-out", X + "a = x.tril(1, out=None)"),
    ("err-tril-out-int", X + "a = torch.tril(x, 1, out=1)"),
    ("err-tril-in-place-one-dim", "v = torch.arange(3.)\na = v.tril_()"),
    ("err-triu-in-place-zero-dim", "v = torch.tensor(3.)\na = v.triu_(1)"),
    ("err-tril-in-place-float", X + "a = x.tril_(1.0)"),
    ("err-tril-in-place-expanded-batches", "v = torch.arange(2).view(2, 1, 1, 1, 1, 1)"
                                           ".expand(2, 8, 1, 1, 4, 1)\na = v.tril_(1)"),
    ("err-triu-in-place-expanded-columns", "v = torch.arange(32).to(torch.int8).view("
                                           "1, 8, 4, 1, 1).expand(1, 8, 4, 1, 2)\n"
                                           "a = v.triu_()"),
    ("err-tril-in-place-conj-expanded", "v = (torch.arange(2.) * (1 + 1j)).view(1, 2)"
                                        ".expand(2, 2).conj()\na = v.tril_()"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + VALUES + ERRORS, ERRORS)

R = "x = torch.arange(12.).mul(5).remainder(12).sub(5).view(3, 4)\n"
OUT: Table = [
    ("tril-out-kept", R + "o = torch.zeros(4, 3).t()\na = torch.tril(x, out=o)"),
    ("triu-out-kept-channels-last", "x = torch.arange(24.).view(1, 2, 3, 4)\n"
                                    "o = torch.zeros(1, 2, 3, 4).contiguous("
                                    "memory_format=torch.channels_last)\n"
                                    "a = torch.triu(x, out=o)"),
    ("tril-out-resized", R + "o = torch.zeros(2)\na = torch.tril(x.t(), 1, out=o)"),
    ("tril-out-resized-from-empty", R + "o = torch.zeros(0)\na = torch.tril(x.t(), out=o)"),
    ("triu-out-same-numel-restrided", R + "o = torch.zeros(2, 6).t()\n"
                                          "a = torch.triu(x, out=o)"),
    ("tril-out-is-input", R + "a = torch.tril(x, out=x)"),
    ("triu-out-is-transposed-input", R + "t = x.t()\na = torch.triu(t, -1, out=t)"),
    ("tril-out-is-input-restrided", R + "a = torch.tril(x, out=x.t())"),
    ("tril-out-partial-overlap", "b = torch.arange(13.)\nx = b[:12].view(3, 4)\n"
                                 "a = torch.tril(x, out=b[1:].view(3, 4))"),
    ("tril-out-same-bytes", "b = torch.arange(12.)\nx = b.view(3, 4)\n"
                            "a = torch.tril(x, out=b.view(4, 3).t())"),
    ("tril-out-same-geometry", "b = torch.arange(12.)\nx = b.view(3, 4)\n"
                               "a = torch.triu(x, out=b.view(3, 4))"),
    ("tril-out-at-input-address", "b = torch.arange(74.)\nx = b.as_strided((8, 8), (9, 1))\n"
                                  "o = x.unsqueeze(2)\na = torch.triu(x, 1, out=o)"),
    ("tril-out-over-input-read-from-copy", "b = torch.arange(48.)\n"
                                           "x = b.view(2, 2, 3, 4).transpose(0, 1)\n"
                                           "a = torch.tril(x, out=b.view(2, 2, 3, 4))\n"
                                           "c = torch.arange(48.)\ny = c.view(4, 3, 4)[:, :, :3]\n"
                                           "d = torch.triu(y, out=c[1:37].view(4, 3, 3))"),
    ("tril-out-at-empty-input-address", "x = torch.zeros(0, 3, 1, 4)\n"
                                        "a = torch.triu(x, out=x.permute(3, 1, 0, 2))"),
    ("tril-out-expanded", R + "o = torch.zeros(1, 4).expand(3, 4)\na = torch.tril(x, out=o)"),
    ("tril-out-expanded-input", "x = torch.arange(4.).view(1, 4).expand(3, 4)\n"
                                "o = torch.zeros(3, 4)\na = torch.tril(x, out=o)"),
    ("tril-out-conj", "x = torch.arange(4.).view(2, 2) * (1 + 1j)\n"
                      "o = torch.zeros(2, 2, dtype=torch.complex64).conj()\n"
                      "a = torch.tril(x, out=o)"),
    ("tril-out-conj-resized", "x = torch.arange(4.).view(2, 2) * (1 + 1j)\n"
                              "o = torch.zeros(0, dtype=torch.complex64).conj()\n"
                              "a = torch.tril(x, out=o)"),
    ("tril-out-empty-input", "x = torch.zeros(2, 0)\no = torch.zeros(5)\n"
                             "a = torch.tril(x, out=o)"),
    ("triu-out-keyword-diagonal", R + "o = torch.zeros(3, 4)\n"
                                      "a = torch.triu(input=x, diagonal=2, out=o)"),
    ("tril-out-none", R + "a = torch.tril(x, 1, out=None)"),
]
OUT_ERRORS: Table = [
    ("err-tril-out-dtype", R + "o = torch.zeros(3, 4, dtype=torch.float64)\n"
                               "a = torch.tril(x, out=o)"),
    ("err-triu-out-dtype-int", "x = torch.arange(12).view(3, 4)\no = torch.zeros(3, 4)\n"
                               "a = torch.triu(x, out=o)"),
    ("err-tril-out-one-dim-before-dtype", "x = torch.arange(3.)\n"
                                          "o = torch.zeros(3, dtype=torch.int64)\n"
                                          "a = torch.tril(x, out=o)"),
    ("err-tril-out-is-expanded-input", "v = torch.arange(2.).view(2, 1, 1, 1, 1, 1)"
                                       ".expand(2, 8, 1, 1, 4, 1)\na = torch.tril(v, out=v)"),
    ("err-tril-out-conj-expanded", "x = torch.arange(4.).view(2, 2) * (1 + 1j)\n"
                                   "o = torch.zeros(1, 2, dtype=torch.complex64).expand(2, 2)"
                                   ".conj()\na = torch.tril(x, out=o)"),
]

test_out_agrees_with_torch, test_out_error_message_matches = table_tests(OUT + OUT_ERRORS,
                                                                         OUT_ERRORS)


@pytest.mark.parametrize("src", params(OUT))
def test_out_warns_as_torch(src: str) -> None:
    assert_same_warnings(src)
