"""shaping family: torch.nn.functional.pad in its four modes (constant and the edge modes in
the input's suggest_memory_format, circular contiguous, a clone of the cropped input where no
pad is positive; negative pads crop), pixel_shuffle, pixel_unshuffle and channel_shuffle
(channels_last kept; channels_last_3d refused by the pixel kernels), one_hot (contiguous
int64, its width read from the values) and embedding (contiguous rows of the weight).
Transposed, permuted, stepped, expanded, overlapping, channels_last, offset, size-1, 0-d and
empty inputs; bool, integer, half and complex values, conj views and unwritten elements; and
the refusals: pad lengths, ranks per mode, reflect's sizes, circular's wrapping, values for
the edge modes, the argument parser, the shuffles' factors, one_hot's classes and dtypes,
embedding's weight, indices and padding_idx."""

from __future__ import annotations

from ._support import Table, table_tests

P = "torch.nn.functional.pad"
X = "x = torch.arange(24.).mul(7).remainder(24).sub(11).view(1, 2, 3, 4)\n"
# (input source, its ndim, whether the batch-free dims are non-empty)
_INPUTS = {
    "contiguous": (X + "v = x\n", 4, True),
    "transposed": (X + "v = x.transpose(2, 3)\n", 4, True),
    "permuted": (X + "v = x.permute(0, 3, 1, 2)\n", 4, True),
    "stepped": (X + "v = x[:, :, ::2]\n", 4, True),
    "expanded": ("v = torch.tensor([[3., -1., 2.]]).expand(4, 3)\n", 2, True),
    "overlapping": ("v = torch.arange(6.).as_strided((3, 3), (1, 1))\n", 2, True),
    "channels-last": (X + "v = x.contiguous(memory_format=torch.channels_last)\n", 4, True),
    "channels-last-3d": ("v = torch.arange(48.).view(1, 2, 2, 3, 4).contiguous("
                         "memory_format=torch.channels_last_3d)\n", 5, True),
    "offset": (X + "v = x[0, 1:, 1:]\n", 3, True),
    "size-one": (X + "v = x.view(1, 24, 1)[:, ::5]\n", 3, True),
    "size-one-odd": ("v = torch.empty_strided((2, 1, 3), (1, 7, 2)).fill_(2.5)\n", 3, True),
    "zero-dim": ("v = torch.tensor(-0.75)\n", 0, True),
    "empty-batch": ("v = torch.zeros(0, 2, 3, 4).transpose(2, 3)\n", 4, True),
    "empty": ("v = torch.zeros(2, 0, 3).transpose(0, 2)\n", 3, False),
}

# (case name, call, the ranks it takes, whether it needs non-empty dims)
_CALLS = [
    ("constant-last", f"a = {P}(v, (1, 2))\n", range(1, 6), False),
    ("constant-two", f"a = {P}(v, [2, 0, 1, 1], value=1.5)\n", range(2, 6), False),
    ("constant-crop", f"a = {P}(v, (-1, 0))\nb = {P}(v, (0, 0))\n", range(1, 6), True),
    ("constant-mixed", f"a = {P}(v, (1, -1, -1, 2))\n", range(2, 6), True),
    ("constant-none", f"a = {P}(v, ())\n", range(0, 6), False),
    ("reflect-1d", f"a = {P}(v, (1, 2), mode='reflect')\n", (2, 3), True),
    ("reflect-2d", f"a = {P}(v, (1, 1, 2, 0), 'reflect')\n", (3, 4), True),
    ("reflect-3d", f"a = {P}(v, (1, 0, 0, 1, 1, 1), mode='reflect')\n", (4, 5), True),
    ("replicate-1d", f"a = {P}(v, (3, -1), mode='replicate')\n", (2, 3), True),
    ("replicate-2d", f"a = {P}(v, (2, 1, 0, 3), mode='replicate')\n", (3, 4), True),
    ("replicate-3d", f"a = {P}(v, (1, 2, 2, 0, 1, 0), mode='replicate')\n", (4, 5), True),
    ("circular-1d", f"a = {P}(v, (1, 1), mode='circular')\n", (2, 3), True),
    ("circular-2d", f"a = {P}(v, (1, 0, 1, 1), mode='circular')\n", (3, 4), True),
    ("circular-3d", f"a = {P}(v, (0, 1, 1, 0, 1, 1), mode='circular')\n", (4, 5), True),
    ("pixel-shuffle", "a = torch.nn.functional.pixel_shuffle(v, 1)\n", range(3, 6), False),
    ("pixel-unshuffle", "a = torch.nn.functional.pixel_unshuffle(v, 1)\n", range(3, 6), False),
    ("channel-shuffle", "a = torch.nn.functional.channel_shuffle(v, 1)\n", range(3, 6), False),
]

LAYOUTS: Table = [(f"{call}-{name}", src + text)
                  for name, (src, ndim, full) in _INPUTS.items()
                  for call, text, ranks, needs in _CALLS
                  if ndim in ranks and (full or not needs)
                  and not (name == "channels-last-3d" and call.startswith("pixel"))]

S = "x = torch.arange(96.).view(2, 8, 2, 3)\n"
F = "torch.nn.functional"
VALUES: Table = [
    ("reflect-negative-pads", "x = torch.arange(5.).view(1, 1, 5)\n"
                              f"a = {P}(x, (-1, 2), mode='reflect')\n"
                              f"b = {P}(x, (2, -2), mode='reflect')\n"
                              f"c = {P}(x, (-1, 2), mode='replicate')\n"
                              f"d = {P}(x, (2, -2), mode='replicate')\n"
                              f"e = {P}(x, (4, 4), mode='reflect')\n"
                              f"f = {P}(x, (7, 9), mode='replicate')"),
    ("edge-negative-2d", "x = torch.arange(9.).view(1, 3, 3)\n"
                         f"a = {P}(x, (2, -1, -1, 2), mode='reflect')\n"
                         f"b = {P}(x, (2, -1, -1, 2), mode='replicate')\n"
                         f"c = {P}(x, (-1, -1, -2, 0), mode='reflect')"),
    ("edge-empty-outputs", X + f"a = {P}(x, (-2, -2), mode='reflect')\n"
                           f"b = {P}(x, (0, 0, -1, -2), mode='replicate')\n"
                           f"c = {P}(x, (-2, -2, 0, 0, 0, 0), mode='reflect')"),
    ("circular-crops", "x = torch.arange(5.).view(1, 1, 5)\n"
                       f"a = {P}(x, (1, -1), mode='circular')\n"
                       f"b = {P}(x, (-1, 2), mode='circular')\n"
                       f"c = {P}(x, (-2, -3), mode='circular')\n"
                       f"d = {P}(x, (5, 0), mode='circular')\n"
                       "y = torch.arange(9.).view(1, 1, 3, 3)\n"
                       f"e = {P}(y, (1, -1, 2, 1), mode='circular')"),
    ("circular-version", X + f"a = {P}(x, (1, 1, 1, 1), mode='circular')\n"
                         f"b = {P}(x, (-1, 1, 1, -1), mode='circular')\n"
                         f"c = {P}(x.transpose(2, 3), (0, 0), mode='circular')"),
    ("circular-wrap-onto-itself", "x = torch.arange(5.).view(1, 1, 5)\n"
                                  f"a = {P}(x, (-5, 1), mode='circular')"),
    ("circular-overlapping-ends-too-hard", "x = torch.arange(10.).view(1, 2, 5)\n"
                                           f"a = {P}(x, (3, -3), mode='circular')"),
    ("circular-empty-channels", f"x = torch.zeros(2, 0, 3)\na = {P}(x, (1, 1), mode='circular')"
                                f"\nb = {P}(torch.zeros(0, 2, 3), (2, 1), mode='circular')"),
    ("pad-dtypes", "x = torch.arange(-3, 3, dtype=torch.int8).view(1, 2, 3)\n"
                   f"a = {P}(x, (1, 1), mode='reflect')\nb = {P}(x, (1, 2), value=2.7)\n"
                   f"c = {P}(x.half(), (2, 0), mode='replicate')\n"
                   f"d = {P}(x.bool(), (1, 1), value=True)\n"
                   f"e = {P}(x.bool(), (1, 1), mode='circular')\n"
                   f"f = {P}(x * (1 + 2j), (1, 1), mode='reflect')\n"
                   f"g = {P}(x.to(torch.uint8), (1, 0), value=255)\n"
                   f"h = {P}(x.bfloat16(), (0, 1, 1, 0), mode='replicate')"),
    ("pad-conj-and-neg", "x = (torch.arange(6.).view(1, 2, 3) * (1 + 1j)).conj()\n"
                         f"a = {P}(x, (1, 1))\nb = {P}(x, (1, 1), mode='reflect')\n"
                         f"c = {P}(x, (1, 1), mode='circular')\nn = x.imag\n"
                         f"d = {P}(n, (2, 1), mode='replicate')"),
    ("pad-unwritten-elements", "x = torch.empty(1, 2, 3)\nx[0, 0, 1] = 1.\n"
                               f"a = {P}(x, (1, 1))\nb = {P}(x, (1, 1), mode='reflect')\n"
                               f"c = {P}(x, (2, 2), mode='replicate')\n"
                               f"d = {P}(x, (1, 1), mode='circular')"),
    ("pad-value-zero-edge-modes", X + f"a = {P}(x, (1, 1, 1, 1), mode='reflect', value=0.)\n"
                                  f"b = {P}(x, (1, 1), 'circular', 0)\n"
                                  f"c = {P}(x, (1, 1), 'constant', None)"),
    ("pad-arguments", X + f"a = {P}(input=x, pad=[1, 1], mode='constant', value=-1)\n"
                      f"b = {P}(x, (1, True))\nd = {P}(x, (torch.tensor(1), 2))\n"
                      f"c = {P}(x, (1, 1), value=True)"),
    ("pad-result-is-new", X + f"t = x.transpose(2, 3)\na = {P}(t, (0, 0))\nt.add_(1)\n"
                          "b = a.add_(1)"),
    ("pad-meta", "v = torch.zeros(1, 2, 3, 4, device='meta').contiguous("
                 f"memory_format=torch.channels_last)\na = {P}(v, (1, 1))\n"
                 f"c = {P}(v, (1, 1), mode='circular')\n"
                 f"d = {P}(v, (1, 1, 1, 1), mode='replicate')"),
    ("pixel-shuffle-values", S + f"a = {F}.pixel_shuffle(x, 2)\n"
                             f"b = {F}.pixel_unshuffle(a, 2)\n"
                             f"c = {F}.pixel_shuffle(x.contiguous("
                             "memory_format=torch.channels_last), 2)\n"
                             f"d = {F}.pixel_unshuffle(x[:, :, :, :2].contiguous("
                             "memory_format=torch.channels_last), 2)\n"
                             f"e = torch.pixel_shuffle(x.transpose(2, 3), 2)\n"
                             f"f = torch.pixel_unshuffle(x[None], 1)"),
    ("pixel-shuffle-batches", "x = torch.arange(72.).view(2, 1, 9, 2, 2)\n"
                              f"a = {F}.pixel_shuffle(x, 3)\nb = {F}.pixel_unshuffle(a, 3)\n"
                              f"c = {F}.pixel_shuffle(x[0, 0], 3)\n"
                              f"d = {F}.pixel_shuffle(torch.zeros(0, 4, 2, 2), 2)"),
    ("shuffle-empty-inputs", "v = torch.zeros(0, 2, 4, 6).transpose(2, 3)\n"
                             f"a = {F}.pixel_unshuffle(v, 2)\nb = {F}.pixel_shuffle(v, 1)\n"
                             f"c = {F}.channel_shuffle(v, 2)\n"
                             f"d = {F}.channel_shuffle(torch.zeros(1, 4, 0, 2).expand(3, 4, 0, 2)"
                             ", 4)\ne = {F}.pixel_unshuffle(torch.zeros(2, 0, 4, 6), 2)"),
    # of an empty conj (neg) input the math-bit fallback hands back a resolved clone
    ("channel-shuffle-empty-conj", "v = torch.zeros(0, 2, 5, 3, dtype=torch.complex64)\n"
                                   f"a = {F}.channel_shuffle(v.adjoint(), 1)\n"
                                   f"b = {F}.channel_shuffle(v.conj(), 2)"),
    ("pixel-shuffle-dtypes", "x = torch.arange(16).view(1, 4, 2, 2)\n"
                             f"a = {F}.pixel_shuffle(x, 2)\nb = {F}.pixel_shuffle(x.bool(), 2)\n"
                             f"c = {F}.pixel_shuffle(x * (1 - 1j), 2)\n"
                             f"d = {F}.pixel_unshuffle(x.half().view(1, 1, 4, 4), 2)"),
    ("channel-shuffle-values", S + f"a = {F}.channel_shuffle(x, 2)\n"
                               f"b = {F}.channel_shuffle(x, 4)\n"
                               f"c = torch.channel_shuffle(x.contiguous("
                               "memory_format=torch.channels_last), 8)\n"
                               f"d = {F}.channel_shuffle(x.transpose(0, 3), 1)\n"
                               f"e = torch.native_channel_shuffle(x, 2)\n"
                               f"f = {F}.channel_shuffle(x[0], 2)\n"
                               f"g = {F}.channel_shuffle(torch.arange(48).view(1, 4, 2, 3, 2)"
                               ".contiguous(memory_format=torch.channels_last_3d), 2)\n"
                               f"h = {F}.channel_shuffle(x.int(), groups=2)"),
    ("one-hot", "x = torch.tensor([[0, 2], [1, 3]])\n"
                f"a = {F}.one_hot(x)\nb = {F}.one_hot(x.t(), 6)\n"
                f"c = {F}.one_hot(x, num_classes=4)\nd = {F}.one_hot(torch.tensor(2))\n"
                f"e = {F}.one_hot(torch.zeros(2, 0, dtype=torch.long), 3)\n"
                f"f = {F}.one_hot(torch.tensor([1]).expand(3))\n"
                f"g = {F}.one_hot(input=x[:, 1:])"),
    ("one-hot-channels-last", "x = torch.arange(8).view(1, 2, 2, 2).contiguous("
                              f"memory_format=torch.channels_last)\na = {F}.one_hot(x)"),
    ("embedding", "i = torch.tensor([[0, 2], [1, 3]])\nw = torch.arange(12.).view(4, 3)\n"
                  f"a = {F}.embedding(i, w)\nb = {F}.embedding(i.t(), w.t().contiguous().t())\n"
                  f"c = {F}.embedding(torch.tensor(2), w)\n"
                  f"d = {F}.embedding(torch.tensor([3, 0, 3]), w[:, ::2])\n"
                  f"e = {F}.embedding(i.int(), torch.arange(3.).expand(4, 3))\n"
                  f"f = {F}.embedding(i, w, padding_idx=2)\n"
                  f"g = {F}.embedding(i, w, padding_idx=-1)\n"
                  f"h = torch.embedding(w, i)"),
    ("embedding-dtypes-and-empty", "i = torch.tensor([[0, 2], [1, 3]])\n"
                                   f"a = {F}.embedding(i, torch.arange(12).view(4, 3))\n"
                                   f"b = {F}.embedding(i, torch.ones(4, 3, dtype=torch.bool))\n"
                                   f"c = {F}.embedding(torch.zeros(0, 2, dtype=torch.long), "
                                   "torch.zeros(4, 3))\n"
                                   f"d = {F}.embedding(i, torch.zeros(4, 0))\n"
                                   f"e = {F}.embedding(i, torch.arange(8.).view(4, 2) * 1j)\n"
                                   "f = " + F + ".embedding(torch.zeros(1, 2, 2, 2, dtype="
                                   "torch.long).contiguous(memory_format=torch.channels_last), "
                                   "torch.zeros(4, 3))"),
    ("embedding-unwritten-rows", "w = torch.empty(4, 2)\nw[1] = 3.\n"
                                 f"a = {F}.embedding(torch.tensor([1, 1, 0]), w)"),
]

ERRORS: Table = [
    ("err-pad-odd", X + f"a = {P}(x, (1,))"),
    ("err-pad-odd-reflect", X + f"a = {P}(x, (1,), mode='reflect')"),
    ("err-pad-too-long", X + f"a = {P}(x, (1,) * 10)"),
    ("err-pad-zero-dim", f"a = {P}(torch.tensor(1.), (1, 1))"),
    ("err-pad-mode", X + f"a = {P}(x, (1,), mode='foo')"),
    ("err-pad-mode-none", X + f"a = {P}(x, (1, 1), mode=None)"),
    ("err-pad-value-reflect", X + f"a = {P}(x, (1, 1), mode='reflect', value=1.)"),
    ("err-pad-value-circular", X + f"a = {P}(x, (1, 1, 1, 1), mode='circular', value=2)"),
    ("err-pad-value-complex", X + f"a = {P}(x, (1, 1), value=1j)"),
    ("err-pad-value-str", X + f"a = {P}(x, (1, 1), value='a')"),
    ("err-pad-float", X + f"a = {P}(x, (1.5, 1))"),
    ("err-pad-bool", X + f"a = {P}(x, (True, 1))"),
    ("err-pad-float-later", X + f"a = {P}(x, (1, 1.5))"),
    ("err-pad-int", X + f"a = {P}(x, 1)"),
    ("err-pad-float-tensor-element", X + f"a = {P}(x, (torch.tensor(1.), 2))"),
    ("err-pad-str-later", X + f"a = {P}(x, (1, 'a'))"),
    ("err-pad-tensor", X + f"a = {P}(x, torch.tensor([1, 1]))"),
    ("err-pad-extra", X + f"a = {P}(x, (1, 1), 'constant', 1, 2)"),
    ("err-pad-crop-too-far", X + f"a = {P}(x, (-5, 0))"),
    ("err-pad-crop-both", X + f"a = {P}(x, (-3, -2))"),
    ("err-pad-crop-and-grow", X + f"a = {P}(x, (1, -5))"),
    ("err-pad-fill-overflow", f"a = {P}(torch.ones(3, dtype=torch.uint8), (1, 1), value=300)"),
    ("err-pad-fill-nan-int", f"a = {P}(torch.ones(3, dtype=torch.long), (1, 1), "
                             "value=float('nan'))"),
    ("err-pad-fill-half", f"a = {P}(torch.ones(3, dtype=torch.half), (1, 1), value=1e6)"),
    ("err-reflect-rank", X + f"a = {P}(x, (1, 1), mode='reflect')"),
    ("err-replicate-rank-1d", f"a = {P}(torch.arange(3.), (1, 1), mode='replicate')"),
    ("err-circular-rank-5d", X + f"a = {P}(x[None], (1, 1, 1, 1), mode='circular')"),
    ("err-reflect-rank-3d-pad", X + f"a = {P}(x[0], (1, 1, 1, 1, 1, 1), mode='reflect')"),
    ("err-reflect-too-large", X + f"a = {P}(x, (4, 0, 0, 0), mode='reflect')"),
    ("err-reflect-too-large-right", X + f"a = {P}(x, (0, 5, 0, 0), mode='reflect')"),
    ("err-reflect-too-large-h", X + f"a = {P}(x, (0, 0, 3, 0), mode='reflect')"),
    ("err-reflect-too-large-both", X + f"a = {P}(x[0], (4, 0, 3, 0), mode='reflect')"),
    ("err-reflect-too-large-3d", "x = torch.zeros(1, 2, 2, 3, 4)\n"
                                 f"a = {P}(x, (0, 0, 0, 0, 2, 0), mode='reflect')"),
    ("err-reflect-negative-too-large", X + f"a = {P}(x[0], (-5, 4), mode='reflect')"),
    ("err-reflect-empty-channels", f"a = {P}(torch.zeros(2, 0, 3), (1, 1), mode='reflect')"),
    ("err-replicate-empty-spatial", f"a = {P}(torch.zeros(1, 2, 0, 4), (1, 1, 1, 1), "
                                    "mode='replicate')"),
    ("err-reflect-unbatched-empty", f"a = {P}(torch.zeros(0, 4), (1, 1), mode='reflect')"),
    ("err-reflect-too-small-1d", f"a = {P}(torch.zeros(2, 3, 4), (-2, -2), mode='reflect')"),
    ("err-replicate-too-small-1d", f"a = {P}(torch.zeros(3, 4), (-3, -2), mode='replicate')"),
    ("err-reflect-too-small-2d", X + f"a = {P}(x, (-3, -2, -2, -2), mode='reflect')"),
    ("err-replicate-too-small-2d", X + f"a = {P}(x, (-3, -2, -2, -2), mode='replicate')"),
    ("err-reflect-too-small-3d", X + f"a = {P}(x, (-3, -2, -2, -2, -2, -1), mode='reflect')"),
    ("err-reflect-2d-negative-width", X + f"a = {P}(x, (-3, -2, 0, 0), mode='reflect')"),
    ("err-replicate-2d-negative-height", f"a = {P}(torch.zeros(2, 3, 4), (0, 0, -2, -2), "
                                         "mode='replicate')"),
    ("err-reflect-3d-negative-depth", X + f"a = {P}(x, (0, 0, 0, 0, -2, -1), mode='reflect')"),
    ("err-replicate-3d-negative", X + f"a = {P}(x, (-3, -2, -2, -2, 0, 0), mode='replicate')"),
    ("err-reflect-bool", f"a = {P}(torch.ones(1, 2, 3, dtype=torch.bool), (1, 1), "
                         "mode='reflect')"),
    ("err-replicate-bool-2d", f"a = {P}(torch.ones(1, 1, 3, 3, dtype=torch.bool), (1, 1, 1, 1), "
                              "mode='replicate')"),
    ("err-circular-wrap", X + f"a = {P}(x, (0, 5), mode='circular')"),
    ("err-circular-wrap-empty", f"a = {P}(torch.zeros(1, 2, 0, 4), (1, 1, 1, 1), "
                                "mode='circular')"),
    ("err-circular-negative", X + f"a = {P}(x, (-3, -2), mode='circular')"),
    ("err-circular-negative-first", X + f"a = {P}(x, (5, 0, -2, -2), mode='circular')"),
    ("err-circular-wrap-first", X + f"a = {P}(x, (-3, -2, 4, 0), mode='circular')"),
    ("err-circular-overlapping-ends", "x = torch.arange(5.).view(1, 1, 5)\n"
                                      f"a = {P}(x, (5, -3), mode='circular')"),
    ("err-circular-overlapping-right", "x = torch.arange(5.).view(1, 1, 5)\n"
                                       f"a = {P}(x, (-3, 5), mode='circular')"),
    ("err-pixel-shuffle-channels", S + f"a = {F}.pixel_shuffle(x, 3)"),
    ("err-pixel-shuffle-zero", S + f"a = {F}.pixel_shuffle(x, 0)"),
    ("err-pixel-shuffle-negative", S + f"a = {F}.pixel_shuffle(x, -1)"),
    ("err-pixel-shuffle-rank", S + f"a = {F}.pixel_shuffle(x[0, 0], 1)"),
    ("err-pixel-shuffle-rank-first", S + f"a = {F}.pixel_shuffle(x[0, 0], 0)"),
    ("err-pixel-shuffle-float", S + f"a = {F}.pixel_shuffle(x, 2.0)"),
    ("err-pixel-shuffle-channels-last-3d", "x = torch.arange(96.).view(1, 8, 2, 3, 2).contiguous("
                                           f"memory_format=torch.channels_last_3d)\n"
                                           f"a = {F}.pixel_shuffle(x, 1)"),
    ("err-pixel-unshuffle-channels-last-3d", "x = torch.arange(96.).view(1, 8, 2, 3, 2)"
                                             ".contiguous(memory_format=torch.channels_last_3d)"
                                             f"\na = {F}.pixel_unshuffle(x, 1)"),
    ("err-pixel-unshuffle-height", S + f"a = {F}.pixel_unshuffle(x, 2)"),
    ("err-pixel-unshuffle-width", S + f"a = {F}.pixel_unshuffle(x[:, :, :1], 3)"),
    ("err-pixel-unshuffle-zero", S + f"a = {F}.pixel_unshuffle(x, 0)"),
    ("err-pixel-unshuffle-rank", f"a = {F}.pixel_unshuffle(torch.zeros(4, 4), 2)"),
    ("err-pixel-unshuffle-empty-height", f"a = {F}.pixel_unshuffle(torch.zeros(0, 2, 4, 6), 5)"),
    ("err-channel-shuffle-empty-groups", f"a = {F}.channel_shuffle(torch.zeros(0, 4, 3), 3)"),
    ("err-channel-shuffle-groups", S + f"a = {F}.channel_shuffle(x, 3)"),
    ("err-channel-shuffle-zero", S + f"a = {F}.channel_shuffle(x, 0)"),
    ("err-channel-shuffle-negative", S + "a = torch.channel_shuffle(x, -2)"),
    ("err-channel-shuffle-rank", f"a = {F}.channel_shuffle(torch.zeros(2, 4), 0)"),
    ("err-channel-shuffle-rank-1d", f"a = {F}.channel_shuffle(torch.zeros(4), 2)"),
    ("err-one-hot-small", f"a = {F}.one_hot(torch.tensor([0, 3]), 3)"),
    ("err-one-hot-zero-classes", f"a = {F}.one_hot(torch.tensor([0]), 0)"),
    ("err-one-hot-negative", f"a = {F}.one_hot(torch.tensor([-1, 0]), 3)"),
    ("err-one-hot-negative-inferred", f"a = {F}.one_hot(torch.tensor([-1, 0]))"),
    ("err-one-hot-int32", f"a = {F}.one_hot(torch.tensor([1, 0], dtype=torch.int32))"),
    ("err-one-hot-float", f"a = {F}.one_hot(torch.tensor([1., 0.]))"),
    ("err-one-hot-bool", f"a = {F}.one_hot(torch.tensor([True]))"),
    ("err-one-hot-empty", f"a = {F}.one_hot(torch.zeros(0, dtype=torch.long))"),
    ("err-one-hot-empty-zero", f"a = {F}.one_hot(torch.zeros(0, dtype=torch.long), 0)"),
    ("err-one-hot-float-classes", f"a = {F}.one_hot(torch.tensor([1]), 4.0)"),
    ("err-one-hot-tensor-keyword", f"a = {F}.one_hot(tensor=torch.tensor([1]), num_classes=4)"),
    ("err-embedding-oob", f"a = {F}.embedding(torch.tensor([4]), torch.zeros(4, 3))"),
    ("err-embedding-negative", f"a = {F}.embedding(torch.tensor([-1]), torch.zeros(4, 3))"),
    ("err-embedding-float", f"a = {F}.embedding(torch.tensor([1.]), torch.zeros(4, 3))"),
    ("err-embedding-bool", f"a = {F}.embedding(torch.tensor([True]), torch.zeros(4, 3))"),
    ("err-embedding-weight-1d", f"a = {F}.embedding(torch.tensor([1]), torch.zeros(4))"),
    ("err-embedding-weight-3d", f"a = {F}.embedding(torch.tensor([1]), torch.zeros(4, 3, 2))"),
    ("err-embedding-weight-before-indices", f"a = {F}.embedding(torch.tensor([1.]), "
                                            "torch.zeros(4))"),
    ("err-embedding-padding-idx", f"a = {F}.embedding(torch.tensor([1]), torch.zeros(4, 3), "
                                  "padding_idx=4)"),
    ("err-embedding-padding-idx-negative", f"a = {F}.embedding(torch.tensor([1]), "
                                           "torch.zeros(4, 3), padding_idx=-5)"),
    ("err-embedding-empty-weight", f"a = {F}.embedding(torch.tensor([0]), torch.zeros(0, 3))"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + VALUES + ERRORS, ERRORS)
