"""pooling family, 3-d and adaptive: torch.nn.functional's adaptive_avg_pool1d, 2d and 3d,
adaptive_max_pool2d (return_indices too), max_pool3d (indices, ceil_mode, dilation) and
avg_pool3d (ceil_mode, count_include_pad, divisor_override, out=) on contiguous,
channels_last(_3d), permuted, transposed, sliced, expanded, overlapping, offset, size-1 and
empty-batch inputs: outputs laid out in the input's suggested format (the 2-d adaptive pools,
max_pool3d) or contiguous (avg_pool3d, adaptive_avg_pool3d), the all-ones output's mean
restrided in place, adaptive_avg_pool1d's view; values of every dtype each kernel takes, NaN,
infinities and ties; and the refusals of ranks, sizes, windows, dtypes and argument types."""

from __future__ import annotations

from ._support import Table, table_tests

F = "torch.nn.functional"
X = "x = torch.arange(2 * 3 * 4 * 5, dtype=torch.float32).view(2, 3, 4, 5) - 50\n"
Y = "y = torch.arange(2 * 3 * 4 * 5 * 6, dtype=torch.float32).view(2, 3, 4, 5, 6) - 300\n"
_INPUTS_2D = {
    "contiguous": X + "v = x\n",
    "channels-last": X + "v = x.contiguous(memory_format=torch.channels_last)\n",
    "nhwc-permuted": "v = torch.arange(120.).view(2, 4, 5, 3).permute(0, 3, 1, 2)\n",
    "transposed-hw": X + "v = x.transpose(2, 3)\n",
    "transposed-nc": X + "v = x.transpose(0, 1)\n",
    "stepped": X + "v = x[:, :, ::2]\n",
    "channels-last-sliced": X + "v = x.contiguous(memory_format=torch.channels_last)[:, :, 1:]\n",
    "expanded": "v = torch.arange(20.).view(1, 1, 4, 5).expand(2, 3, 4, 5)\n",
    "overlapping": "v = torch.arange(30.).as_strided((2, 3, 4, 5), (3, 1, 5, 1))\n",
    "offset": X + "v = x[1:, 1:, 1:]\n",
    "one-channel-odd-strides": "v = torch.arange(40.).view(2, 5, 4, 1).permute(0, 3, 2, 1)\n",
    "one-batch-channels-last": "v = torch.arange(60.).view(1, 3, 4, 5).contiguous("
                               "memory_format=torch.channels_last)\n",
    "one-by-one-channels-last": "v = torch.arange(6.).view(2, 3, 1, 1).contiguous("
                                "memory_format=torch.channels_last)\n",
    "three-d": "v = torch.arange(60.).view(3, 4, 5)\n",
    "three-d-permuted": "v = torch.arange(60.).view(4, 5, 3).permute(2, 0, 1)\n",
    "empty-batch": "v = torch.zeros(0, 3, 4, 5)\n",
    "half": X + "v = x.half().contiguous(memory_format=torch.channels_last)\n",
}

ADAPTIVE_2D: Table = [
    (f"adaptive-{name}", src
     + f"a = {F}.adaptive_avg_pool2d(v, (2, 3))\nb = {F}.adaptive_avg_pool2d(v, 1)\n"
     f"c = {F}.adaptive_avg_pool2d(v, (3, 7))\n"
     f"d, i = {F}.adaptive_max_pool2d(v, (2, 3), return_indices=True)\n"
     f"e = {F}.adaptive_max_pool2d(v, 1)\nf = {F}.adaptive_avg_pool2d(v, (1, 2))")
    for name, src in _INPUTS_2D.items()
] + [
    ("adaptive-mean-path-bumps-version", X + "c = x.contiguous(memory_format=torch.channels_last)\n"
                                         f"a = {F}.adaptive_avg_pool2d(c, 1)\na.add_(1)\n"
                                         f"b = {F}.adaptive_avg_pool2d(c, (1, 1))"),
    ("adaptive-mean-path-other-formats", X + Y
     + "c = x.contiguous(memory_format=torch.channels_last)\n"
                                         "d = y.contiguous(memory_format=torch.channels_last_3d)\n"
                                         f"a = {F}.adaptive_avg_pool3d(c, 1)\n"
                                         f"b = {F}.adaptive_avg_pool2d(d, 1)"),
    ("adaptive-output-zero", X + f"a = {F}.adaptive_avg_pool2d(x, 0)\n"
                             f"b = {F}.adaptive_avg_pool2d(x, (0, 2))\n"
                             f"c, i = {F}.adaptive_max_pool2d(x, (0, 2), True)"),
    ("adaptive-none-and-lists", X + f"a = {F}.adaptive_avg_pool2d(x, (None, 2))\n"
                                f"b = {F}.adaptive_avg_pool2d(x, [3, None])\n"
                                f"c, i = {F}.adaptive_max_pool2d(x[0], (None, 3), True)\n"
                                f"d = {F}.adaptive_max_pool2d_with_indices(x, 2)[1]"),
    ("adaptive-mean-path-ranks", f"a = {F}.adaptive_avg_pool2d(torch.ones(1, 2, 3, 4, 5), 1)\n"
                                 f"b = {F}.adaptive_avg_pool2d(torch.ones(4, 5), 1)\n"
                                 f"c = {F}.adaptive_avg_pool2d(torch.ones(2, 3, 0, 5), 1)\n"
                                 f"d = {F}.adaptive_avg_pool2d(torch.ones(2, 0, 4, 5), 1)\n"
                                 f"e = {F}.adaptive_avg_pool2d(torch.ones(2, 3, 2, 2, "
                                 "dtype=torch.complex64), 1)"),
    ("adaptive-empty-channels", f"a = {F}.adaptive_avg_pool2d(torch.ones(2, 0, 4, 5), 2)\n"
                                f"b = {F}.adaptive_avg_pool2d(torch.ones(0, 4, 5), 2)\n"
                                f"c = {F}.adaptive_max_pool2d(torch.ones(0, 4, 5), 2)\n"
                                f"d = {F}.adaptive_avg_pool2d(torch.ones(0, 3, 4, 5).long(), 2)"),
]

ADAPTIVE_VALUES: Table = [
    ("adaptive-dtypes", X + f"a = {F}.adaptive_avg_pool2d(x.double(), (3, 2))\n"
                        f"b = {F}.adaptive_avg_pool2d(x.bfloat16(), (3, 4))\n"
                        f"c = {F}.adaptive_avg_pool2d(x / 7, (3, 4))\n"
                        f"d = {F}.adaptive_avg_pool2d((x / 3).contiguous("
                        "memory_format=torch.channels_last), (3, 2))\n"
                        f"e, i = {F}.adaptive_max_pool2d(x.double(), (3, 4), True)\n"
                        f"f, j = {F}.adaptive_max_pool2d(x.bfloat16(), (3, 2), True)\n"
                        f"g = {F}.adaptive_avg_pool2d(x.half(), 1)"),
    ("adaptive-half-sums-in-float", "h = torch.tensor([[[2048., 1., 1.]]], dtype=torch.half)\n"
                                    f"a = {F}.adaptive_avg_pool2d(h, (1, 2))\n"
                                    f"b = {F}.adaptive_avg_pool2d(h.bfloat16(), (1, 2))"),
    ("adaptive-nan-and-ties", "v = torch.tensor([[[1., float('nan'), 3.], [float('nan'), 2., 5.], "
                              "[5., 5., float('-inf')]]])\n"
                              f"a, i = {F}.adaptive_max_pool2d(v, 2, True)\n"
                              f"b, j = {F}.adaptive_max_pool2d(v[None].contiguous(memory_format="
                              "torch.channels_last), 2, True)\n"
                              f"c = {F}.adaptive_avg_pool2d(v, 2)\n"
                              "w = torch.full((1, 2, 3), float('-inf'))\n"
                              f"d, k = {F}.adaptive_max_pool2d(w, (1, 2), True)"),
]

ADAPTIVE_1D: Table = [
    (f"adaptive-1d-{name}", src + f"a = {F}.adaptive_avg_pool1d(v, 2)\n"
                                  f"b = {F}.adaptive_avg_pool1d(v, 1)\n"
                                  f"c = {F}.adaptive_avg_pool1d(v, 3)\nd = a._base")
    for name, src in {
        "contiguous": "v = torch.arange(24.).view(2, 3, 4) - 12\n",
        "nlc": "v = torch.arange(24.).view(2, 4, 3).transpose(1, 2)\n",
        "two-d": "v = torch.arange(12.).view(3, 4)\n",
        "stepped": "v = torch.arange(48.).view(2, 3, 8)[..., ::2]\n",
        "expanded": "v = torch.arange(4.).expand(2, 3, 4)\n",
        "empty-batch": "v = torch.zeros(0, 4, 3).transpose(1, 2)\n",
        "one-channel": "v = torch.arange(8.).view(2, 4, 1).transpose(1, 2)\n",
    }.items()
] + [
    ("adaptive-1d-keywords", "v = torch.arange(30.).view(2, 3, 5)\n"
                             f"a = {F}.adaptive_avg_pool1d(input=v, output_size=2)\n"
                             f"b = {F}.adaptive_avg_pool1d(v, (4,))\n"
                             f"c = {F}.adaptive_avg_pool1d(v, 0)"),
]

_INPUTS_3D = {
    "contiguous": Y + "v = y\n",
    "channels-last-3d": Y + "v = y.contiguous(memory_format=torch.channels_last_3d)\n",
    "ndhwc-permuted": "v = torch.arange(360.).view(2, 4, 5, 6, 3).permute(0, 4, 1, 2, 3)\n",
    "transposed": Y + "v = y.transpose(3, 4)\n",
    "stepped": Y + "v = y[:, :, :, ::2]\n",
    "expanded": "v = torch.arange(120.).view(1, 1, 4, 5, 6).expand(2, 3, 4, 5, 6)\n",
    "offset": Y + "v = y[1:, 1:]\n",
    "one-batch-channels-last-3d": Y + "v = y[:1].contiguous("
                                  "memory_format=torch.channels_last_3d)\n",
    "one-channel-odd-strides": "v = torch.arange(240.).view(2, 6, 5, 4, 1).permute("
                               "0, 4, 3, 2, 1)\n",
    "four-d": Y + "v = y[0]\n",
    "four-d-permuted": Y + "v = y[0].permute(1, 0, 2, 3)\n",
    "empty-batch": "v = torch.zeros(0, 3, 4, 5, 6)\n",
}

POOL_3D: Table = [
    (f"pool3d-{name}", src + f"a = {F}.max_pool3d(v, 2)\n"
                             f"b, i = {F}.max_pool3d(v, 3, 2, 1, return_indices=True)\n"
                             f"c = {F}.avg_pool3d(v, 2)\nd = {F}.avg_pool3d(v, 3, 1, 1)\n"
                             f"e = {F}.adaptive_avg_pool3d(v, (2, 3, 4))\n"
                             f"f = {F}.adaptive_avg_pool3d(v, 1)")
    for name, src in _INPUTS_3D.items()
] + [
    ("pool3d-keywords", Y + f"a = {F}.max_pool3d(y, kernel_size=2, stride=1, padding=1, "
                        "dilation=2)\n"
                        f"b, i = {F}.max_pool3d(y, (2, 3, 1), (1, 2, 1), (1, 0, 0), 1, True, "
                        "True)\n"
                        f"c = {F}.max_pool3d(y, 2, dilation=(2, 1, 1), ceil_mode=True)\n"
                        f"d, j = {F}.max_pool3d_with_indices(y, 2, padding=1)\n"
                        f"e = {F}.avg_pool3d(y, 3, 2, 1, count_include_pad=False)\n"
                        f"f = {F}.avg_pool3d(y, (2, 3, 2), None, 0, True, True, -3)\n"
                        f"g = {F}.avg_pool3d(y, 3, 3, 1, ceil_mode=True)\n"
                        f"h = {F}.adaptive_avg_pool3d(y, (None, 2, None))"),
    ("pool3d-dtypes", Y + f"a = {F}.max_pool3d(y.long(), 2)\n"
                      f"b, i = {F}.max_pool3d(y.half(), 3, 2, 1, return_indices=True)\n"
                      f"c = {F}.max_pool3d(y.to(torch.int8), 2)\n"
                      f"d = {F}.avg_pool3d(y.double() / 7, 2)\n"
                      f"e = {F}.avg_pool3d(y.long(), 3, 2, 1)\n"
                      f"f = {F}.avg_pool3d(y / 7, 3, 1, 1, count_include_pad=False)\n"
                      f"g = {F}.adaptive_avg_pool3d(y.bfloat16(), 2)\n"
                      f"h = {F}.adaptive_avg_pool3d(y / 3, (3, 2, 4))"),
    ("pool3d-nan", "v = torch.tensor([[[[1., float('nan')], [3., 2.]], [[float('nan'), 0.], "
                   "[5., 5.]]]])\n"
                   f"a, i = {F}.max_pool3d(v, (2, 1, 2), 1, return_indices=True)\n"
                   f"b = {F}.avg_pool3d(v, (1, 2, 2))"),
    ("pool3d-window-missing-the-input", "v = torch.tensor([[[[[5., 7.]]]]])\n"
                                        f"a, i = {F}.max_pool3d(v, (1, 1, 2), 1, (0, 0, 1), "
                                        "(1, 1, 3), return_indices=True)"),
    ("avg-pool3d-out", Y + "o = torch.zeros(2, 3, 2, 2, 3)\n"
                       f"a = {F}.avg_pool3d(y, 2, out=o)\n"
                       "p = torch.zeros(0)\n"
                       f"b = {F}.avg_pool3d(y.contiguous(memory_format=torch.channels_last_3d), "
                       "2, out=p)\n"
                       "q = torch.zeros(2, 3, 3, 2, 2).transpose(2, 4)\n"
                       f"c = {F}.avg_pool3d(y, 2, out=q)"),
]

ERRORS: Table = [
    ("err-adaptive-2d-input", f"a = {F}.adaptive_avg_pool2d(torch.ones(4, 5), 2)"),
    ("err-adaptive-5d-input", f"a = {F}.adaptive_avg_pool2d(torch.ones(1, 2, 3, 4, 5), 2)"),
    ("err-adaptive-1d-mean", f"a = {F}.adaptive_avg_pool2d(torch.ones(5), 1)"),
    ("err-adaptive-negative", X + f"a = {F}.adaptive_avg_pool2d(x, (2, -1))"),
    ("err-adaptive-three-sizes", X + f"a = {F}.adaptive_avg_pool2d(x, (1, 2, 3))"),
    ("err-adaptive-one-size-list", X + f"a = {F}.adaptive_avg_pool2d(x[0], [2])"),
    ("err-adaptive-none", X + f"a = {F}.adaptive_avg_pool2d(x, None)"),
    ("err-adaptive-float", X + f"a = {F}.adaptive_avg_pool2d(x, 2.0)"),
    ("err-adaptive-float-element", X + f"a = {F}.adaptive_avg_pool2d(x, (2.0, 2))"),
    ("err-adaptive-float-second", X + f"a = {F}.adaptive_max_pool2d(x, (2, 2.0))"),
    ("err-adaptive-too-long-for-input", f"a = {F}.adaptive_avg_pool2d(torch.ones(4, 5), "
                                        "(None, 2))"),
    ("err-adaptive-empty-height", f"a = {F}.adaptive_avg_pool2d(torch.ones(2, 3, 0, 5), 2)"),
    ("err-adaptive-long", X + f"a = {F}.adaptive_avg_pool2d(x.long(), 2)"),
    ("err-adaptive-long-mean", X + f"a = {F}.adaptive_avg_pool2d(x.long(), 1)"),
    ("err-adaptive-complex", f"a = {F}.adaptive_avg_pool2d(torch.ones(1, 2, 2, "
                             "dtype=torch.complex64), 2)"),
    ("err-adaptive-max-2d-input", f"a = {F}.adaptive_max_pool2d(torch.ones(4, 5), 2)"),
    ("err-adaptive-max-negative", f"a = {F}.adaptive_max_pool2d(torch.ones(3, 4, 5), -1)"),
    ("err-adaptive-max-three-sizes", X + f"a = {F}.adaptive_max_pool2d(x, (1, 2, 3))"),
    ("err-adaptive-max-empty-channels", f"a = {F}.adaptive_max_pool2d(torch.ones(2, 0, 4, 5), 2)"),
    ("err-adaptive-max-long-empty", f"a = {F}.adaptive_max_pool2d(torch.ones(0, 3, 4, 5).long(), "
                                    "2, True)"),
    ("err-adaptive-max-int", X + f"a = {F}.adaptive_max_pool2d(x.int(), 2)"),
    ("err-adaptive1d-1d-input", f"a = {F}.adaptive_avg_pool1d(torch.ones(5), 2)"),
    ("err-adaptive1d-4d-input", f"a = {F}.adaptive_avg_pool1d(torch.ones(1, 2, 3, 5), 2)"),
    ("err-adaptive1d-two-ints", f"a = {F}.adaptive_avg_pool1d(torch.ones(2, 3, 5), (2, 2))"),
    ("err-adaptive1d-negative", f"a = {F}.adaptive_avg_pool1d(torch.ones(2, 3, 5), -1)"),
    ("err-adaptive1d-none", f"a = {F}.adaptive_avg_pool1d(torch.ones(2, 3, 5), None)"),
    ("err-adaptive1d-empty", f"a = {F}.adaptive_avg_pool1d(torch.ones(2, 3, 0), 2)"),
    ("err-adaptive1d-long", f"a = {F}.adaptive_avg_pool1d(torch.ones(2, 3, 5).long(), 2)"),
    ("err-adaptive3d-2d-input", f"a = {F}.adaptive_avg_pool3d(torch.ones(5, 6), 2)"),
    ("err-adaptive3d-empty-channels", f"a = {F}.adaptive_avg_pool3d(torch.ones(2, 0, 4, 5, 6), 2)"),
    ("err-adaptive3d-empty-depth", f"a = {F}.adaptive_avg_pool3d(torch.ones(2, 3, 0, 5, 6), 2)"),
    ("err-adaptive3d-negative", Y + f"a = {F}.adaptive_avg_pool3d(y, -1)"),
    ("err-adaptive3d-two-sizes", Y + f"a = {F}.adaptive_avg_pool3d(y, (1, 2))"),
    ("err-adaptive3d-long", Y + f"a = {F}.adaptive_avg_pool3d(y.long(), 2)"),
    ("err-max3d-3d-input", f"a = {F}.max_pool3d(torch.ones(4, 5, 6), 2)"),
    ("err-max3d-4d-channels-last", X + "c = x.contiguous(memory_format=torch.channels_last)\n"
                                   f"a = {F}.max_pool3d(c, 1)"),
    ("err-max3d-4d-channels-last-indices", X + "c = x.contiguous(memory_format=torch.channels_last)"
                                           f"\na = {F}.max_pool3d_with_indices(c[:, :, :1], 1)"),
    ("err-max3d-6d-input", f"a = {F}.max_pool3d(torch.ones(1, 2, 3, 4, 5, 6), 2)"),
    ("err-max3d-empty-channels", f"a = {F}.max_pool3d(torch.ones(2, 0, 4, 5, 6), 2)"),
    ("err-max3d-empty-4d", f"a = {F}.max_pool3d(torch.ones(0, 4, 5, 6), 2)"),
    ("err-max3d-kernel-two", Y + f"a = {F}.max_pool3d(y, (2, 2))"),
    ("err-max3d-stride-two", Y + f"a = {F}.max_pool3d(y, 2, (1, 1))"),
    ("err-max3d-padding-two", Y + f"a = {F}.max_pool3d(y, 2, 1, (0, 0))"),
    ("err-max3d-dilation-two", Y + f"a = {F}.max_pool3d(y, 2, 1, 0, (1, 1))"),
    ("err-max3d-kernel-zero", Y + f"a = {F}.max_pool3d(y, 0)"),
    ("err-max3d-kernel-negative", Y + f"a = {F}.max_pool3d(y, (1, 1, -1))"),
    ("err-max3d-stride-negative", Y + f"a = {F}.max_pool3d(y, 1, (1, -1, 2))"),
    ("err-max3d-dilation-zero", Y + f"a = {F}.max_pool3d(y, 1, dilation=(1, 0, 2))"),
    ("err-max3d-pad-past-half", Y + f"a = {F}.max_pool3d(y, 2, 1, 2)"),
    ("err-max3d-pad-past-kernel-half", Y + f"a = {F}.max_pool3d(y, (2, 3, 2), 1, (2, 1, 1), "
                                       "(3, 1, 1))"),
    ("err-max3d-pad-negative", Y + f"a = {F}.max_pool3d(y, 2, 1, -1)"),
    ("err-max3d-output-small", Y + f"a = {F}.max_pool3d(y, 5)"),
    ("err-max3d-output-small-width", Y + f"a = {F}.max_pool3d(y, (1, 1, 7))"),
    ("err-max3d-float-kernel", Y + f"a = {F}.max_pool3d(y, 2.0)"),
    ("err-max3d-bool", Y + f"a = {F}.max_pool3d(y > 0, 2)"),
    ("err-max3d-complex", f"a = {F}.max_pool3d(torch.ones(1, 2, 2, 2, dtype=torch.complex64), 2)"),
    ("err-avg3d-3d-input", f"a = {F}.avg_pool3d(torch.ones(4, 5, 6), 2)"),
    ("err-avg3d-empty-channels", f"a = {F}.avg_pool3d(torch.ones(2, 0, 4, 5, 6), 2)"),
    ("err-avg3d-kernel-two", Y + f"a = {F}.avg_pool3d(y, (2, 2))"),
    ("err-avg3d-stride-two", Y + f"a = {F}.avg_pool3d(y, 2, (1, 1))"),
    ("err-avg3d-padding-two", Y + f"a = {F}.avg_pool3d(y, 2, 1, (0, 0))"),
    ("err-avg3d-kernel-zero", Y + f"a = {F}.avg_pool3d(y, 0)"),
    ("err-avg3d-kernel-past-input", Y + f"a = {F}.avg_pool3d(y, 5)"),
    ("err-avg3d-kernel-past-unpadded", Y + f"a = {F}.avg_pool3d(y, (5, 1, 1), 1, (2, 0, 0))"),
    ("err-avg3d-divisor-zero", Y + f"a = {F}.avg_pool3d(y, 2, divisor_override=0)"),
    ("err-avg3d-half", Y + f"a = {F}.avg_pool3d(y.half(), 2)"),
    ("err-avg3d-int-empty", f"a = {F}.avg_pool3d(torch.zeros(0, 2, 3, 3, 3, "
                            "dtype=torch.int32), 2)"),
    ("err-avg3d-out-dtype", Y + "o = torch.zeros(0, dtype=torch.float64)\n"
                            f"a = {F}.avg_pool3d(y, 2, out=o)"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    ADAPTIVE_2D + ADAPTIVE_VALUES + ADAPTIVE_1D + POOL_3D + ERRORS, ERRORS)
