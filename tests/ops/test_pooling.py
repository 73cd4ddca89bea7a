"""pooling family: torch.nn.functional's avg_pool2d, max_pool2d (return_indices too),
max_pool2d_with_indices and the 1-d forms on contiguous, channels_last, transposed, sliced,
expanded, offset, size-1 and empty-batch inputs, 3-d and 4-d: outputs laid out in the input's
suggested memory format, int64 indices alike, the 1-d forms' views of the 2-d op's result and
max_pool1d's own contiguous output; every keyword, ceil_mode's last window, padding counted
or not, divisor_override; values of every dtype each kernel takes, NaN and infinities, ties,
windows that miss the input; avg_pool2d's out= kept, resized, restrided and refused; and the
refusals of ranks, shapes, windows, dtypes and argument types."""

from __future__ import annotations

from ._support import Table, table_tests

F = "torch.nn.functional"
X = "x = torch.arange(2 * 3 * 4 * 5, dtype=torch.float32).view(2, 3, 4, 5) - 50\n"
_INPUTS = {
    "contiguous": X + "v = x\n",
    "channels-last": X + "v = x.contiguous(memory_format=torch.channels_last)\n",
    "nhwc-permuted": "v = torch.arange(120.).view(2, 4, 5, 3).permute(0, 3, 1, 2)\n",
    "transposed-hw": X + "v = x.transpose(2, 3)\n",
    "transposed-nc": X + "v = x.transpose(0, 1)\n",
    "sliced-rows": X + "v = x[:, :, ::2]\n",
    "sliced-channels": X + "v = x[:, ::2]\n",
    "channels-last-sliced": X + "v = x.contiguous(memory_format=torch.channels_last)[:, :, 1:]\n",
    "expanded": "v = torch.arange(20.).view(1, 1, 4, 5).expand(2, 3, 4, 5)\n",
    "expanded-channels": "v = torch.arange(40.).view(2, 1, 4, 5).expand(2, 3, 4, 5)\n",
    "offset": X + "v = x[1:, 1:, 1:]\n",
    "one-channel": "v = torch.arange(40.).view(2, 1, 4, 5)\n",
    "one-channel-transposed": "v = torch.arange(40.).view(2, 5, 4, 1).permute(0, 3, 2, 1)\n",
    "one-batch-channels-last": "v = torch.arange(60.).view(1, 3, 4, 5).contiguous("
                               "memory_format=torch.channels_last)\n",
    "one-by-one": "v = torch.arange(6.).view(2, 3, 1, 1)\n",
    "one-row-nhwc": "v = torch.arange(30.).view(2, 1, 5, 3).permute(0, 3, 1, 2)\n",
    "three-d": "v = torch.arange(60.).view(3, 4, 5)\n",
    "three-d-permuted": "v = torch.arange(60.).view(4, 5, 3).permute(2, 0, 1)\n",
    "empty-batch": "v = torch.zeros(0, 3, 4, 5)\n",
    "empty-batch-channels-last": "v = torch.zeros(0, 3, 4, 5).contiguous("
                                 "memory_format=torch.channels_last)\n",
}

LAYOUTS: Table = [
    (f"{op}-{name}", src + call)
    for op, call in (("avg", f"a = {F}.avg_pool2d(v, 2)\nb = {F}.avg_pool2d(v, 3, 1, 1)\n"),
                     ("max", f"a = {F}.max_pool2d(v, 2)\nb = {F}.max_pool2d(v, 3, 1, 1)\n"),
                     ("max-indices", f"a, i = {F}.max_pool2d(v, 2, return_indices=True)\n"
                                     f"b, j = {F}.max_pool2d_with_indices(v, (1, 2), 1)\n"))
    for name, src in _INPUTS.items() if not (name == "one-by-one")
] + [
    ("pool-one-by-one", _INPUTS["one-by-one"] + f"a = {F}.avg_pool2d(v, 1)\n"
                        f"b, i = {F}.max_pool2d(v, 1, return_indices=True)"),
    ("pool-of-a-view-keeps-the-base", X + "t = x.transpose(2, 3)\n"
                                      f"a = {F}.max_pool2d(t, 2)\nt.add_(1)\n"
                                      f"b = {F}.avg_pool2d(t, 2)"),
]

KEYWORDS: Table = [
    ("avg-keywords", X + f"a = {F}.avg_pool2d(x, kernel_size=3, stride=2, padding=1)\n"
                     f"b = {F}.avg_pool2d(input=x, kernel_size=(2, 3), stride=(1, 2), "
                     "padding=(1, 0), ceil_mode=True, count_include_pad=False)\n"
                     f"c = {F}.avg_pool2d(x, 2, None, 0, False, True, 3)\n"
                     f"d = {F}.avg_pool2d(x, [3], [], [1], divisor_override=-2)"),
    ("avg-count-include-pad", X + f"a = {F}.avg_pool2d(x, 3, 2, 1)\n"
                              f"b = {F}.avg_pool2d(x, 3, 2, 1, count_include_pad=False)\n"
                              f"c = {F}.avg_pool2d(x, 3, 2, 1, True, True)\n"
                              f"d = {F}.avg_pool2d(x, 3, 2, 1, True, False)"),
    ("max-keywords", X + f"a = {F}.max_pool2d(x, kernel_size=2, stride=1, padding=1, "
                     "dilation=2)\n"
                     f"b, i = {F}.max_pool2d(x, (2, 3), (1, 2), (1, 0), 1, True, True)\n"
                     f"c = {F}.max_pool2d(x, 2, dilation=(2, 1), ceil_mode=True)\n"
                     f"d, j = {F}.max_pool2d_with_indices(x, 2, padding=1, return_indices=False)\n"
                     f"e = {F}.max_pool2d(x, 3, stride=None, return_indices=False)"),
    ("ceil-mode-corners", "v = torch.arange(25.).view(1, 5, 5)\n"
                          f"a = {F}.avg_pool2d(v, 2, 2, ceil_mode=True)\n"
                          f"b = {F}.avg_pool2d(v, 2, 2, 1, ceil_mode=True)\n"
                          f"c = {F}.max_pool2d(v, 3, 3, 1, ceil_mode=True)\n"
                          f"d = {F}.avg_pool2d(v, 3, 3, 1, ceil_mode=True, "
                          "count_include_pad=False)\n"
                          f"e = {F}.avg_pool2d(v[:, :2, :2], 2, 3, 1, ceil_mode=True)\n"
                          f"f, i = {F}.max_pool2d(v, 1, 2, ceil_mode=True, return_indices=True)"),
    ("ceil-mode-last-window-dropped", "v = torch.arange(36.).view(1, 1, 6, 6)\n"
                                      f"a = {F}.avg_pool2d(v, 3, 3, 1, ceil_mode=True)\n"
                                      f"b = {F}.max_pool2d(v, 2, 4, 1, ceil_mode=True)"),
]

VALUES: Table = [
    ("avg-dtypes", X + f"a = {F}.avg_pool2d(x.double(), 3, 1)\n"
                   f"b = {F}.avg_pool2d(x.half(), 3, 2, 1)\n"
                   f"c = {F}.avg_pool2d(x.bfloat16(), 2, 1, 1, count_include_pad=False)\n"
                   f"d = {F}.avg_pool2d(x / 7, 3, 1)\n"
                   f"e = {F}.avg_pool2d((x / 3).contiguous(memory_format=torch.channels_last), "
                   "3, 1, 1)"),
    ("avg-long-truncates", "i = torch.tensor([[[-7, 2, 5], [3, 5, -1], [0, -9, 4]]])\n"
                           f"a = {F}.avg_pool2d(i, 2, 1)\nb = {F}.avg_pool2d(i, (1, 2), 1)\n"
                           f"c = {F}.avg_pool2d(i, 2, 1, 1)\n"
                           f"d = {F}.avg_pool2d(i, 2, 1, 1, count_include_pad=False)\n"
                           f"e = {F}.avg_pool2d(i, 2, 1, divisor_override=-3)"),
    ("max-dtypes", X + f"a = {F}.max_pool2d(x.double(), 3, 1)\n"
                   f"b, i = {F}.max_pool2d(x.half(), 3, 2, 1, return_indices=True)\n"
                   f"c = {F}.max_pool2d(x.bfloat16(), 2)\n"
                   f"d, j = {F}.max_pool2d(x.long(), 2, 1, 1, return_indices=True)\n"
                   f"e = {F}.max_pool2d(x.to(torch.int8), 3, 1, 1)\n"
                   f"f = {F}.max_pool2d(x.to(torch.uint8), 2)\n"
                   f"g = {F}.max_pool2d(x.int(), 2)\nh = {F}.max_pool2d(x.short(), 2)"),
    ("max-nan-and-ties", "v = torch.tensor([[[1., float('nan'), 3.], [float('nan'), 2., 5.], "
                         "[5., 5., float('-inf')]]])\n"
                         f"a, i = {F}.max_pool2d(v, 2, 1, return_indices=True)\n"
                         f"b, j = {F}.max_pool2d(v[None].contiguous(memory_format="
                         "torch.channels_last), 2, 1, return_indices=True)\n"
                         "t = torch.tensor([[[3., 3.], [3., 1.]]])\n"
                         f"c, k = {F}.max_pool2d(t, 2, return_indices=True)"),
    ("max-infinities-and-padding", "v = torch.full((1, 2, 3), float('-inf'))\n"
                                   f"a, i = {F}.max_pool2d(v, 3, 1, 1, return_indices=True)\n"
                                   "w = torch.arange(9.).view(1, 3, 3) - 10\n"
                                   f"b, j = {F}.max_pool2d(w, 3, 2, 1, return_indices=True)"),
    ("max-window-missing-the-input", "v = torch.tensor([[[5., 7.]]])\n"
                                     f"a, i = {F}.max_pool2d(v, (2, 1), 1, (1, 0), (2, 1), "
                                     "return_indices=True)\n"
                                     f"b = {F}.max_pool2d(v.to(torch.int8), (2, 1), 1, (1, 0), "
                                     "(2, 1))"),
    ("avg-nan-and-infinities", "v = torch.tensor([[[float('nan'), 1., 2.], [float('inf'), 2., "
                               "-1.], [float('-inf'), float('inf'), 0.]]])\n"
                               f"a = {F}.avg_pool2d(v, 2, 1)\nb = {F}.avg_pool2d(v, 1)"),
    ("avg-negative-zero", "v = torch.tensor([[[-0., -0.], [-0., 1.]]])\n"
                          f"a = {F}.avg_pool2d(v, 1)\nb = {F}.avg_pool2d(v, (1, 2))"),
    ("pool-empty-batch-integers", "i = torch.zeros(0, 2, 3, 3, dtype=torch.long)\n"
                                  f"a = {F}.avg_pool2d(i, 2)\n"
                                  f"b, j = {F}.max_pool2d(i.to(torch.int8), 2, "
                                  "return_indices=True)"),
]

ONE_D: Table = [
    (f"{op}-1d-{name}", src + call)
    for op, call in (("avg", f"a = {F}.avg_pool1d(v, 2)\nb = {F}.avg_pool1d(v, 3, 1, 1)\n"),
                     ("max", f"a = {F}.max_pool1d(v, 2)\nb = {F}.max_pool1d(v, 3, 1, 1)\n"),
                     ("max-indices", f"a, i = {F}.max_pool1d(v, 2, return_indices=True)\n"
                                     f"b, j = {F}.max_pool1d_with_indices(v, 3, 2, 1)\n"))
    for name, src in {
        "contiguous": "v = torch.arange(24.).view(2, 3, 4) - 12\n",
        "nlc": "v = torch.arange(24.).view(2, 4, 3).transpose(1, 2)\n",
        "one-channel": "v = torch.arange(8.).view(2, 1, 4)\n",
        "one-channel-transposed": "v = torch.arange(8.).view(2, 4, 1).transpose(1, 2)\n",
        "two-d": "v = torch.arange(12.).view(3, 4)\n",
        "two-d-transposed": "v = torch.arange(12.).view(4, 3).t()\n",
        "sliced": "v = torch.arange(48.).view(2, 3, 8)[..., ::2]\n",
        "expanded": "v = torch.arange(4.).expand(2, 3, 4)\n",
        "empty-batch": "v = torch.zeros(0, 4, 3).transpose(1, 2)\n",
        "one-batch-nlc": "v = torch.arange(12.).view(1, 4, 3).transpose(1, 2)\n",
    }.items()
] + [
    ("pool-1d-keywords", "v = torch.arange(30.).view(2, 3, 5)\n"
                         f"a = {F}.avg_pool1d(v, kernel_size=3, stride=2, padding=1, "
                         "ceil_mode=True, count_include_pad=False)\n"
                         f"b = {F}.max_pool1d(v, 2, 1, 1, 2, True)\n"
                         f"c, i = {F}.max_pool1d(v, (2,), [1], 1, dilation=2, "
                         "return_indices=True)\n"
                         f"d = {F}.max_pool1d(v, 3, stride=None, padding=(1,))"),
    ("pool-1d-values", "v = torch.tensor([[[1., float('nan'), 3., float('nan'), -1.]]])\n"
                       f"a = {F}.max_pool1d(v, 2, 1, 1)\n"
                       f"b, i = {F}.max_pool1d(v, 2, 1, 1, return_indices=True)\n"
                       f"c = {F}.max_pool1d(torch.full((1, 1, 3), float('-inf')), 2, 1, 1)\n"
                       f"d = {F}.avg_pool1d(torch.tensor([[-7, 2, 5]]), 2, 1)\n"
                       f"e = {F}.avg_pool1d(v.half(), 2, 1)\n"
                       f"f, j = {F}.max_pool1d(torch.tensor([[4, 4, 1]]), 2, 1, "
                       "return_indices=True)"),
    ("pool-1d-view-of-the-result", "v = torch.arange(12.).view(1, 3, 4)\n"
                                   f"a = {F}.avg_pool1d(v, 2)\nb = a._base\na.mul_(2)"),
]

OUT: Table = [
    ("avg-pool2d-out-is-its-input-resized", "x = torch.arange(2.).view(1, 1, 2, 1)\n"
                                            "x = x.contiguous(memory_format=torch.channels_last)\n"
                                            f"a = {F}.avg_pool2d(x, (2, 1), out=x)"),
    ("avg-out-contiguous", X + "o = torch.zeros(2, 3, 2, 2)\n"
                           f"a = {F}.avg_pool2d(x, 2, out=o)"),
    ("avg-out-empty", X + f"o = torch.zeros(0)\na = {F}.avg_pool2d(x, 2, out=o)"),
    ("avg-out-empty-channels-last", X + "c = x.contiguous(memory_format=torch.channels_last)\n"
                                    f"o = torch.zeros(0)\na = {F}.avg_pool2d(c, 2, out=o)"),
    ("avg-out-resized-channels-last", X + "c = x.contiguous(memory_format=torch.channels_last)\n"
                                      f"o = torch.zeros(5, 5)\na = {F}.avg_pool2d(c, 2, out=o)"),
    ("avg-out-kept-layouts", X + "o = torch.zeros(2, 3, 2, 2).transpose(2, 3)\n"
                             f"a = {F}.avg_pool2d(x, 2, out=o)\n"
                             "p = torch.zeros(2, 3, 2, 4)[..., ::2]\n"
                             f"b = {F}.avg_pool2d(x, 2, out=p)\n"
                             "q = torch.zeros(2, 3, 2, 2)\n"
                             f"c = {F}.avg_pool2d(x.contiguous(memory_format="
                             "torch.channels_last), 2, out=q)"),
    ("avg-out-three-d", X + f"o = torch.zeros(1, 3, 2, 2)\na = {F}.avg_pool2d(x[0], 2, out=o)"),
    ("avg-out-is-input", "y = torch.arange(16.).view(1, 1, 4, 4)\n"
                         f"a = {F}.avg_pool2d(y, 1, out=y)"),
]

ERRORS: Table = [
    ("err-avg-2d-input", f"a = {F}.avg_pool2d(torch.ones(4, 4), 2)"),
    ("err-avg-0d-input", f"a = {F}.avg_pool2d(torch.tensor(1.), 2)"),
    ("err-avg-5d-input", f"a = {F}.avg_pool2d(torch.ones(1, 2, 3, 4, 4), 2)"),
    ("err-max-2d-input", f"a = {F}.max_pool2d(torch.ones(4, 4), 2)"),
    ("err-max-indices-5d-input", f"a = {F}.max_pool2d_with_indices(torch.ones(1, 2, 3, 4, 4), 2)"),
    ("err-avg-empty-channels", f"a = {F}.avg_pool2d(torch.ones(2, 0, 4, 4), 2)"),
    ("err-max-empty-3d", f"a = {F}.max_pool2d(torch.ones(0, 4, 4), 2)"),
    ("err-max-empty-width", f"a = {F}.max_pool2d(torch.ones(2, 3, 4, 0), 1, return_indices=True)"),
    ("err-avg-pad-past-half", X + f"a = {F}.avg_pool2d(x, 2, 2, 2)"),
    ("err-max-pad-past-half-width", X + f"a = {F}.max_pool2d(x, 3, 1, (0, 2))"),
    ("err-max-pad-past-half-dilated", "v = torch.tensor([[[5., 7.]]])\n"
                                      f"a = {F}.max_pool2d(v, (2, 1), 1, (2, 0), (3, 1))"),
    ("err-avg-pad-negative", X + f"a = {F}.avg_pool2d(x, 2, 2, -1)"),
    ("err-avg-kernel-zero", X + f"a = {F}.avg_pool2d(x, 0)"),
    ("err-max-kernel-negative", X + f"a = {F}.max_pool2d(x, -1)"),
    ("err-avg-stride-zero", X + f"a = {F}.avg_pool2d(x, 2, 0)"),
    ("err-max-stride-negative", X + f"a = {F}.max_pool2d(x, 2, -1)"),
    ("err-max-dilation-zero", X + f"a = {F}.max_pool2d(x, 2, dilation=0, return_indices=True)"),
    ("err-avg-kernel-three-ints", X + f"a = {F}.avg_pool2d(x, (2, 2, 2))"),
    ("err-max-kernel-empty", X + f"a = {F}.max_pool2d(x, ())"),
    ("err-avg-stride-three-ints", X + f"a = {F}.avg_pool2d(x, 2, (1, 1, 1))"),
    ("err-max-padding-empty", X + f"a = {F}.max_pool2d(x, 2, 1, ())"),
    ("err-max-dilation-three-ints", X + f"a = {F}.max_pool2d(x, 2, dilation=(1, 1, 1))"),
    ("err-avg-output-too-small", X + f"a = {F}.avg_pool2d(x, 5)"),
    ("err-max-output-too-small-channels-last", X + f"a = {F}.max_pool2d(x.contiguous("
                                               "memory_format=torch.channels_last), 5)"),
    ("err-avg-divisor-zero", X + f"a = {F}.avg_pool2d(x, 2, divisor_override=0)"),
    ("err-avg-int32", X + f"a = {F}.avg_pool2d(x.int(), 2)"),
    ("err-avg-uint8-empty", f"a = {F}.avg_pool2d(torch.zeros(0, 2, 4, 4, dtype=torch.uint8), 2)"),
    ("err-avg-bool", X + f"a = {F}.avg_pool2d(x > 0, 2)"),
    ("err-max-bool", X + f"a = {F}.max_pool2d(x > 0, 2, return_indices=True)"),
    ("err-max-complex", f"a = {F}.max_pool2d(torch.ones(1, 2, 2, dtype=torch.complex64), 2)"),
    ("err-avg-int32-bad-kernel-first", X + f"a = {F}.avg_pool2d(x.int(), 0)"),
    ("err-avg-kernel-float", X + f"a = {F}.avg_pool2d(x, 2.0)"),
    ("err-max-kernel-float-element", X + f"a = {F}.max_pool2d(x, (2., 2))"),
    ("err-max-kernel-bool", X + f"a = {F}.max_pool2d(x, True, return_indices=True)"),
    ("err-avg-stride-keyword-float", X + f"a = {F}.avg_pool2d(x, 2, stride=1.5)"),
    ("err-max-stride-keyword-float", X + f"a = {F}.max_pool2d(x, 2, stride=1.5)"),
    ("err-avg-divisor-float", X + f"a = {F}.avg_pool2d(x, 2, divisor_override=2.0)"),
    ("err-avg-ceil-mode-int", X + f"a = {F}.avg_pool2d(x, 2, 2, 0, 1)"),
    ("err-max-ceil-mode-int", X + f"a = {F}.max_pool2d(x, 2, 2, 0, 1, 1)"),
    ("err-avg-no-kernel", X + f"a = {F}.avg_pool2d(x)"),
    ("err-max-no-kernel", X + f"a = {F}.max_pool2d(x)"),
    ("err-avg-unknown-keyword", X + f"a = {F}.avg_pool2d(x, 2, dilation=1)"),
    ("err-max-unknown-keyword", X + f"a = {F}.max_pool2d(x, 2, divisor_override=1)"),
    ("err-avg-kernel-twice", X + f"a = {F}.avg_pool2d(x, 2, kernel_size=2)"),
    ("err-avg-too-many", X + f"a = {F}.avg_pool2d(x, 2, 2, 0, False, True, None, 3)"),
    ("err-max-too-many", X + f"a = {F}.max_pool2d(x, 2, 2, 0, 1, False, False, 3)"),
    ("err-avg-list-input", f"a = {F}.avg_pool2d([1.0], 2)"),
    ("err-avg-out-dtype", X + "o = torch.zeros(0, dtype=torch.float64)\n"
                          f"a = {F}.avg_pool2d(x, 2, out=o)"),
    ("err-avg-out-expanded", X + "o = torch.zeros(1, 3, 2, 2).expand(2, 3, 2, 2)\n"
                             f"a = {F}.avg_pool2d(x, 2, out=o)"),
    ("err-avg1d-1d-input", f"a = {F}.avg_pool1d(torch.ones(5), 2)"),
    ("err-avg1d-4d-input", f"a = {F}.avg_pool1d(torch.ones(1, 2, 3, 5), 2)"),
    ("err-avg1d-empty-channels-2d", f"a = {F}.avg_pool1d(torch.ones(0, 5), 2)"),
    ("err-avg1d-two-ints", f"a = {F}.avg_pool1d(torch.ones(2, 3, 5), (2, 2))"),
    ("err-avg1d-padding-two-ints", f"a = {F}.avg_pool1d(torch.ones(2, 3, 5), 2, 1, (0, 0))"),
    ("err-avg1d-kernel-negative", f"a = {F}.avg_pool1d(torch.ones(2, 3, 5), -1)"),
    ("err-avg1d-too-small", f"a = {F}.avg_pool1d(torch.ones(2, 3, 5), 6)"),
    ("err-avg1d-bool", f"a = {F}.avg_pool1d(torch.ones(2, 3, 5) > 0, 2)"),
    ("err-max1d-1d-input", f"a = {F}.max_pool1d(torch.ones(5), 2)"),
    ("err-max1d-empty-channels", f"a = {F}.max_pool1d(torch.ones(2, 0, 5), 2)"),
    ("err-max1d-kernel-zero", f"a = {F}.max_pool1d(torch.ones(2, 3, 5), 0)"),
    ("err-max1d-stride-negative", f"a = {F}.max_pool1d(torch.ones(2, 3, 5), 2, -1)"),
    ("err-max1d-padding-negative", f"a = {F}.max_pool1d(torch.ones(2, 3, 5), 2, 1, -1)"),
    ("err-max1d-padding-past-half", f"a = {F}.max_pool1d(torch.ones(2, 3, 5), 2, 1, 2)"),
    ("err-max1d-dilation-zero", f"a = {F}.max_pool1d(torch.ones(2, 3, 5), 2, dilation=0)"),
    ("err-max1d-kernel-two-ints", f"a = {F}.max_pool1d(torch.ones(2, 3, 5), (2, 2))"),
    ("err-max1d-stride-two-ints", f"a = {F}.max_pool1d(torch.ones(2, 3, 5), 2, (1, 1))"),
    ("err-max1d-too-small", f"a = {F}.max_pool1d(torch.ones(2, 3, 5), 6)"),
    ("err-max1d-long", f"a = {F}.max_pool1d(torch.ones(2, 3, 5).long(), 2)"),
    ("err-max1d-long-empty", f"a = {F}.max_pool1d(torch.ones(0, 3, 5).long(), 2)"),
    ("err-max1d-indices-1d-input", f"a = {F}.max_pool1d(torch.ones(5), 2, return_indices=True)"),
    ("err-max1d-indices-dilation-zero", f"a = {F}.max_pool1d_with_indices(torch.ones(2, 3, 5), 2,"
                                        " dilation=0)"),
    ("err-max1d-indices-bool", f"a = {F}.max_pool1d(torch.ones(2, 3, 5) > 0, 2, "
                               "return_indices=True)"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + KEYWORDS + VALUES + ONE_D + OUT + ERRORS, ERRORS)
