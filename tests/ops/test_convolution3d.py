"""convolution family, 3-d: torch.nn.functional's conv3d and conv_transpose3d on the CPU
backends torch picks for 5-d inputs (oneDNN for float32 and bfloat16, channels_last_3d where
the input or the weight suggests it; the slow 3-d kernels for double, half and integers,
always contiguous, groups run one by one and cat; the Empty backend for a batch or channels
of size 0): unbatched inputs (a squeeze(0) view), padding "same" (an even kernel pads a copy
in the input's format first) and "valid", strides, dilations, output_padding, groups and
bias; exact values on small integers and bounded ones on others; and the refusals of ranks,
channels, kernels, dtypes, dilations and output paddings in each backend's wording."""

from __future__ import annotations

from ._support import Table, table_tests

F = "torch.nn.functional"
# small-integer values: every sum exact
X = "x = (torch.arange(480.).view(2, 4, 3, 4, 5) % 7) - 3\n"
W = "w = (torch.arange(288.).view(6, 4, 2, 3, 2) % 5) - 2\n"
WT = "w = (torch.arange(288.).view(4, 6, 2, 3, 2) % 5) - 2\n"
CL = "torch.channels_last_3d"
_INPUTS = {
    "contiguous": "v = x",
    "channels-last": f"v = x.contiguous(memory_format={CL})",
    "transposed": "v = x.transpose(2, 4).contiguous().transpose(2, 4)",
    "permuted": "v = x.permute(0, 2, 1, 3, 4).contiguous().permute(0, 2, 1, 3, 4)",
    "stepped": "v = torch.cat([x, x], 4)[..., ::2]",
    "expanded": "v = x[:1].expand(2, 4, 3, 4, 5)",
    "offset": "v = torch.cat([x, x], 0)[1:3]",
}
_WEIGHTS = {"w": "u = w", "wcl": f"u = w.contiguous(memory_format={CL})"}

LAYOUTS: Table = [
    (f"{op}-{dt}-{iname}-{wname}",
     X + (WT if op == "conv-transpose3d" else W) + f"x = x.to(torch.{dt})\nw = w.to(torch.{dt})\n"
     + isrc + "\n" + wsrc + "\n"
     + (f"o = {F}.conv_transpose3d(v, u)" if op == "conv-transpose3d" else f"o = {F}.conv3d(v, u)"))
    for op in ("conv3d", "conv-transpose3d")
    for dt in ("float32", "float64", "bfloat16")
    for iname, isrc in _INPUTS.items() for wname, wsrc in _WEIGHTS.items()
]

SIZE_ONE: Table = [
    # channels_last_3d detection is ambiguous where dims have size 1
    (f"conv3d-size-one-{name}", f"x = torch.ones({shape}).contiguous(memory_format={CL})\n"
                                f"w = torch.ones({wshape})\n"
                                f"a = {F}.conv3d(x, w)\nb = {F}.conv3d(x.double(), w.double())\n"
                                f"c = {F}.conv3d(x.contiguous(), w.contiguous(memory_format="
                                f"{CL}))\nd = {F}.conv3d(x.bfloat16(), w.bfloat16())")
    for name, shape, wshape in (("n1", "1, 4, 3, 4, 5", "6, 4, 2, 2, 2"),
                                ("c1", "2, 1, 3, 4, 5", "6, 1, 2, 2, 2"),
                                ("d1", "2, 4, 1, 4, 5", "6, 4, 1, 2, 2"),
                                ("w1", "2, 4, 3, 4, 1", "6, 4, 2, 2, 1"),
                                ("dhw1", "2, 4, 1, 1, 1", "3, 4, 1, 1, 1"),
                                ("o1", "2, 4, 3, 4, 5", "1, 4, 2, 2, 2"),
                                ("n1c1", "1, 1, 3, 4, 5", "2, 1, 2, 2, 2"))
] + [
    # oneDNN takes float32 batches of one only past 20480 elements in (N, C, D, H) or for
    # kernels over 3 in H and W
    ("conv3d-single-image-backends",
     f"x = torch.ones(1, 20, 32, 33, 2).contiguous(memory_format={CL})\n"
     f"a = {F}.conv3d(x, torch.ones(2, 20, 1, 1, 1))\n"
     f"b = {F}.conv3d(x[:, :, :, :32], torch.ones(2, 20, 1, 1, 1))\n"
     f"y = torch.ones(1, 4, 3, 5, 5).contiguous(memory_format={CL})\n"
     f"c = {F}.conv3d(y, torch.ones(2, 4, 1, 4, 4))\n"
     f"d = {F}.conv3d(y, torch.ones(2, 4, 1, 3, 4))\n"
     f"e = {F}.conv3d(y, torch.ones(2, 4, 1, 1, 1), groups=1)\n"
     f"f = {F}.conv3d(y, torch.ones(4, 2, 1, 1, 1), groups=2)"),
    ("conv3d-groups-channels-last",
     f"x = torch.ones(2, 4, 3, 4, 5).contiguous(memory_format={CL})\n"
     f"w = torch.ones(8, 1, 2, 2, 2)\na = {F}.conv3d(x, w, groups=4)\n"
     f"b = {F}.conv3d(x.double(), w.double(), groups=4)\n"
     f"c = {F}.conv3d(x.half(), w.half(), groups=4)\n"
     f"d = {F}.conv_transpose3d(x.double(), torch.ones(4, 3, 2, 2, 2).double(), groups=2)\n"
     f"e = {F}.conv3d(torch.ones(2, 4, 1, 1, 1).contiguous(memory_format={CL}).double(), "
     "torch.ones(4, 1, 1, 1, 1).double(), groups=4)"),
]

FORMS: Table = [
    ("conv3d-arguments", X + W + f"a = {F}.conv3d(x, w, torch.ones(6), 2, 1)\n"
                         f"b = {F}.conv3d(x, w, bias=torch.ones(6), stride=(1, 2, 1), "
                         "padding=(1, 0, 2), dilation=(1, 1, 2))\n"
                         f"c = {F}.conv3d(x, w[:, :2], groups=2)\n"
                         f"d = {F}.conv3d(x, w, None, [2], [1, 1, 1], 1, 1)\n"
                         f"e = {F}.conv3d(x.double(), w.double(), dilation=(2, 1, 1), "
                         "stride=2)"),
    ("conv3d-unbatched", X + W + f"a = {F}.conv3d(x[0], w)\n"
                         f"b = {F}.conv3d(x[0].permute(1, 2, 3, 0).contiguous()"
                         ".permute(3, 0, 1, 2), w)\n"
                         f"c = {F}.conv3d(x[0], w.contiguous(memory_format={CL}))\n"
                         f"d = {F}.conv3d(x[0].double(), w.double(), torch.ones(6).double())"),
    ("conv3d-padding-strings", X + W + f"a = {F}.conv3d(x, torch.ones(6, 4, 3, 3, 1), "
                               "padding='same')\n"
                               f"b = {F}.conv3d(x, w, padding='valid', stride=2)\n"
                               f"c = {F}.conv3d(x, torch.ones(6, 4, 1, 3, 3), padding='same', "
                               "dilation=2)\n"
                               f"d = {F}.conv3d(x[0], torch.ones(6, 4, 1, 1, 3), torch.ones(6), "
                               "1, 'same')"),
    ("conv3d-same-even-kernel", X + W + f"a = {F}.conv3d(x, w, padding='same')\n"
                                f"b = {F}.conv3d(x.contiguous(memory_format={CL}), w, "
                                "padding='same')\n"
                                f"c = {F}.conv3d(x.contiguous(memory_format={CL}).double(), "
                                "w.double(), padding='same')"),
    ("conv3d-empty-batch", W + "x = torch.zeros(0, 4, 3, 4, 5)\n"
                           f"a = {F}.conv3d(x, w)\nb = {F}.conv3d(x, w, torch.ones(6))\n"
                           f"c = {F}.conv3d(x.contiguous(memory_format={CL}), "
                           "torch.ones(4, 4, 1, 1, 1))\n"
                           f"d = {F}.conv3d(torch.zeros(0, 1, 2, 3, 1).double(), "
                           "torch.ones(1, 1, 1, 1, 1).double())"),
    ("conv3d-no-channels", f"a = {F}.conv3d(torch.zeros(2, 0, 3, 4, 5), "
                           "torch.ones(6, 0, 2, 2, 2))\n"
                           f"b = {F}.conv3d(torch.zeros(0, 3, 4, 5), torch.ones(6, 0, 2, 2, 2))"),
    ("conv3d-half-bfloat16", X + W + f"a = {F}.conv3d(x.half(), w.half())\n"
                             f"b = {F}.conv3d(x.bfloat16(), w.bfloat16(), stride=2)\n"
                             f"c = {F}.conv3d(x.bfloat16(), w.bfloat16(), "
                             "torch.ones(6).bfloat16(), dilation=(1, 1, 2))"),
    ("conv3d-integers", X + W + f"a = {F}.conv3d(x.long(), w.long(), torch.ones(6).long())\n"
                        f"b = {F}.conv3d(x.int(), w.int(), groups=1)\n"
                        f"c = {F}.conv3d(x.to(torch.int8), w.to(torch.int8))\n"
                        f"d = {F}.conv3d(x.to(torch.uint8), w.to(torch.uint8))\n"
                        f"e = {F}.conv3d(x.long(), w.long(), dilation=2, padding=2)\n"
                        f"f = {F}.conv3d(x.to(torch.int16), w.to(torch.int16), stride=2)"),
    ("conv3d-random-values", "g = (torch.arange(480.).view(2, 4, 3, 4, 5) / 7).sin()\n"
                             "k = (torch.arange(288.).view(6, 4, 2, 3, 2) / 5).cos()\n"
                             f"a = {F}.conv3d(g, k, torch.ones(6) / 3, padding=1)\n"
                             f"b = {F}.conv3d(g.double(), k.double(), stride=2)\n"
                             f"c = {F}.conv3d(g.half(), k.half())\n"
                             f"d = {F}.conv3d(g.bfloat16(), k.bfloat16())\n"
                             f"e = {F}.conv_transpose3d(g, k.transpose(0, 1), padding=1)\n"
                             f"f = {F}.conv_transpose3d(g.double(), k.transpose(0, 1).double(), "
                             "stride=2)"),
    ("conv-transpose3d-arguments", X + WT + f"a = {F}.conv_transpose3d(x, w, torch.ones(6), 2, "
                                   "1, 1)\n"
                                   f"b = {F}.conv_transpose3d(x, w[:, :3], groups=2, "
                                   "dilation=2)\n"
                                   f"c = {F}.conv_transpose3d(x.double(), w.double(), stride=2, "
                                   "output_padding=(1, 0, 1))\n"
                                   f"d = {F}.conv_transpose3d(x, w, padding=(1, 1, 0), "
                                   "output_padding=1, dilation=2)\n"
                                   f"e = {F}.conv_transpose3d(x.contiguous(memory_format={CL}), "
                                   "w, stride=2, output_padding=1)\n"
                                   f"f = {F}.conv_transpose3d(x.double(), w[:, :3].double(), "
                                   "torch.ones(6).double(), groups=2, dilation=(1, 2, 1))"),
    ("conv-transpose3d-unbatched-and-empty", X + WT + f"a = {F}.conv_transpose3d(x[0], w)\n"
                                             f"b = {F}.conv_transpose3d(x[:0], w)\n"
                                             f"c = {F}.conv_transpose3d(x[0].double(), "
                                             f"w.double().contiguous(memory_format={CL}))\n"
                                             f"d = {F}.conv_transpose3d(torch.ones(2, 4, 1, 1, 1),"
                                             " torch.ones(4, 3, 2, 2, 2), padding=1)"),
    ("conv-transpose3d-dtypes", X + WT + f"a = {F}.conv_transpose3d(x.long(), w.long())\n"
                                f"b = {F}.conv_transpose3d(x.half(), w.half(), "
                                "torch.ones(6).half())\n"
                                f"c = {F}.conv_transpose3d(x.double(), w.double(), "
                                "torch.ones(6).double())\n"
                                f"d = {F}.conv_transpose3d(x.bfloat16(), w.bfloat16(), "
                                "stride=(2, 1, 1))"),
    # the slow transposed kernel's output starts as large as its input
    ("conv-transpose3d-storage", X + WT + f"a = {F}.conv_transpose3d(x.double(), w.double(), "
                                 "padding=1)\nb = a.untyped_storage().nbytes()\n"
                                 f"c = {F}.conv_transpose3d(x[0], w[:, :, :1, :1, :1], "
                                 "padding=(0, 1, 1))\nd = c.untyped_storage().nbytes()\n"
                                 f"e = {F}.conv_transpose3d(x.half()[:, :, ::2], w.half(), "
                                 "padding=1, stride=(2, 1, 1))\n"
                                 f"f = {F}.conv_transpose3d(x.long(), w[:, :3].long(), "
                                 "padding=1, groups=2)\ng = f.untyped_storage().nbytes()"),
    ("conv3d-result-is-fresh", X + W + f"a = {F}.conv3d(x, w)\na.add_(1)\nb = x.sum()\n"
                               f"c = {F}.conv3d(x[0], w)\nc.mul_(2)\nd = c._base"),
]

ERRORS: Table = [
    ("err-conv3d-bias-dtype", X + W + f"a = {F}.conv3d(x, w, torch.ones(6).double())"),
    ("err-conv3d-input-rank", W + f"a = {F}.conv3d(torch.ones(5, 6, 7), w)"),
    ("err-conv3d-weight-rank", X + f"a = {F}.conv3d(x, torch.ones(6, 4, 3, 3))"),
    ("err-conv3d-padding-length", X + W + f"a = {F}.conv3d(x, w, padding=(1, 2))"),
    ("err-conv3d-channels", X + f"a = {F}.conv3d(x, torch.ones(6, 3, 2, 2, 2))"),
    ("err-conv3d-groups", X + W + f"a = {F}.conv3d(x, w, groups=3)"),
    ("err-conv3d-kernel-size", X + f"a = {F}.conv3d(x, torch.ones(6, 4, 4, 2, 2))"),
    ("err-conv3d-empty-depth", f"a = {F}.conv3d(torch.ones(2, 4, 0, 4, 5), "
                               "torch.ones(6, 4, 1, 1, 1), padding=1)"),
    ("err-conv3d-weight-dtype-mkldnn", X + W + f"a = {F}.conv3d(x, w.double())"),
    ("err-conv3d-weight-dtype-bfloat16", X + W + f"a = {F}.conv3d(x.bfloat16(), w)"),
    # the backend rules shared with 2-d: bfloat16 always takes oneDNN on an AVX-512 CPU, and
    # an output_padding is too big for it against the stride alone
    ("err-conv2d-weight-dtype-bfloat16", "x = torch.ones(2, 4, 5, 6).bfloat16()\n"
                                         f"a = {F}.conv2d(x, torch.ones(6, 4, 3, 3))"),
    ("err-conv-transpose2d-output-padding-below-stride", "x = torch.ones(2, 4, 5, 6)\n"
                                                         f"a = {F}.conv_transpose2d(x, torch.ones("
                                                         "4, 6, 3, 3).double(), stride=2, "
                                                         "output_padding=1)"),
    ("err-conv3d-weight-dtype-slow", X + W + f"a = {F}.conv3d(x.double(), w)"),
    ("err-conv3d-bool", X + W + f"a = {F}.conv3d(x.bool(), w.bool())"),
    ("err-conv3d-int-dilated", X + W + f"a = {F}.conv3d(x.int(), w.int(), dilation=2)"),
    ("err-conv3d-dilation-zero-mkldnn", X + W + f"a = {F}.conv3d(x, w, dilation=0)"),
    ("err-conv3d-dilation-zero-slow", X + W + f"a = {F}.conv3d(x.double(), w.double(), "
                                      "dilation=0)"),
    ("err-conv3d-same-stride", X + W + f"a = {F}.conv3d(x, w, padding='same', stride=2)"),
    ("err-conv-transpose3d-channels", X + f"a = {F}.conv_transpose3d(x, "
                                      "torch.ones(3, 4, 2, 2, 2))"),
    ("err-conv-transpose3d-bias", X + WT + f"a = {F}.conv_transpose3d(x, w, torch.ones(4))"),
    ("err-conv-transpose3d-output-padding", X + WT + f"a = {F}.conv_transpose3d(x, w, "
                                            "output_padding=(0, 1, 0))"),
    ("err-conv-transpose3d-output-padding-bfloat16", X + WT + f"a = {F}.conv_transpose3d("
                                                     "x.bfloat16(), w.bfloat16(), "
                                                     "output_padding=1)"),
    ("err-conv-transpose3d-too-small-slow", X + WT + f"a = {F}.conv_transpose3d(x.double(), "
                                            "w.double(), padding=3)"),
    ("err-conv-transpose3d-too-small-mkldnn", X + WT + f"a = {F}.conv_transpose3d(x, w, "
                                              "padding=3)"),
    ("err-conv-transpose3d-dilation-zero-slow", X + WT + f"a = {F}.conv_transpose3d(x.double(), "
                                                "w.double(), dilation=0)"),
    ("err-conv-transpose3d-dilation-zero-mkldnn", X + WT + f"a = {F}.conv_transpose3d(x, w, "
                                                  "dilation=0)"),
    ("err-conv-transpose3d-int", X + WT + f"a = {F}.conv_transpose3d(x.int(), w.int())"),
    ("err-conv-transpose3d-weight-dtype", X + WT + f"a = {F}.conv_transpose3d(x.double(), w)"),
    ("err-conv-transpose3d-long-bias", X + WT + f"a = {F}.conv_transpose3d(x.long(), "
                                       "w.long(), torch.ones(6).int())"),
    ("err-conv-transpose3d-double-float-bias", X + WT + f"a = {F}.conv_transpose3d(x.double(),"
                                               " w.double(), torch.ones(6))"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + SIZE_ONE + FORMS + ERRORS, ERRORS)
