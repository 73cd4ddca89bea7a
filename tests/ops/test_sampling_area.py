"""sampling family, area and antialias: torch.nn.functional.interpolate's mode='area'
(adaptive_avg_pool1d / 2d / 3d of the output size: a 3-d result a view of the 2-d op's, 4-d
and 5-d in the input's suggest_memory_format, scale factors always recomputed into sizes)
and antialias=True in bilinear and bicubic mode (_upsample_bilinear2d_aa /
_upsample_bicubic2d_aa: the input's suggest_memory_format, float, double and uint8 only).
Contiguous, transposed, permuted, stepped, expanded, overlapping, channels_last, offset,
size-1 and empty-batch inputs; shrinking and growing sizes and scales, align_corners; and
the refusals of ranks, dtypes, empty channels and sizes of 0."""

from __future__ import annotations

from ._support import Table, table_tests

I = "torch.nn.functional.interpolate"
X = "x = torch.arange(480.).mul(7).remainder(48).sub(20).div(4).view(2, 3, 8, 10)\n"
X3 = "x = torch.arange(48.).mul(5).remainder(24).sub(9).view(2, 3, 8)\n"
X5 = "x = torch.arange(192.).mul(7).remainder(96).sub(40).view(1, 2, 4, 4, 6)\n"
CL = "torch.channels_last"
_INPUTS = {
    "contiguous": (X + "v = x\n", 4),
    "transposed": (X + "v = x.transpose(2, 3)\n", 4),
    "permuted": (X + "v = x.permute(0, 3, 1, 2)\n", 4),
    "stepped": (X + "v = x[:, :, :, ::2]\n", 4),
    "expanded": ("v = torch.tensor([[[[3., -1., 2., 5.]]]]).expand(2, 3, 5, 4)\n", 4),
    "overlapping": ("v = torch.arange(40.).as_strided((1, 2, 6, 6), (1, 1, 5, 1))\n", 4),
    "channels-last": (X + f"v = x.contiguous(memory_format={CL})\n", 4),
    "channels-last-one-channel": (X + f"v = x[:, :1].contiguous(memory_format={CL})\n", 4),
    "offset": (X + "v = x[1:, 1:]\n", 4),
    "size-one-odd": ("v = torch.empty_strided((1, 2, 1, 3), (1, 7, 5, 2)).fill_(2.5)\n", 4),
    "empty-batch": ("v = torch.zeros(0, 2, 3, 2)\n", 4),
    "empty-batch-channels-last": ("v = torch.zeros(0, 2, 3, 2).contiguous("
                                  f"memory_format={CL})\n", 4),
    "3d": (X3 + "v = x\n", 3),
    "3d-transposed": (X3 + "v = x.transpose(0, 2).contiguous().transpose(0, 2)\n", 3),
    "3d-stepped": (X3 + "v = x[:, :, ::2]\n", 3),
    "5d": (X5 + "v = x\n", 5),
    "5d-channels-last": (X5 + "v = x.contiguous(memory_format=torch.channels_last_3d)\n", 5),
}

_CALLS = [
    ("area-size", f"a = {I}(v, 3, mode='area')\nb = {I}(v, size=1, mode='area')\n", (3, 4, 5)),
    ("area-scale", f"a = {I}(v, scale_factor=0.5, mode='area')\n"
                   f"b = {I}(v, scale_factor=1.5, mode='area')\n", (3, 4, 5)),
    ("area-sizes", f"a = {I}(v, size=(2, 3), mode='area')\n"
                   f"b = {I}(v, scale_factor=(0.7, 2), mode='area', "
                   "recompute_scale_factor=True)\n", (4,)),
    ("bilinear-aa", f"a = {I}(v, size=(2, 3), mode='bilinear', antialias=True)\n"
                    f"b = {I}(v, scale_factor=0.4, mode='bilinear', antialias=True)\n"
                    f"c = {I}(v, scale_factor=1.5, mode='bilinear', antialias=True)\n"
                    f"d = {I}(v, size=(3, 2), mode='bilinear', align_corners=True, "
                    "antialias=True)\n", (4,)),
    ("bicubic-aa", f"a = {I}(v, size=(2, 3), mode='bicubic', antialias=True)\n"
                   f"b = {I}(v, scale_factor=(0.3, 0.6), mode='bicubic', antialias=True)\n"
                   f"c = {I}(v, scale_factor=2, mode='bicubic', antialias=True)\n"
                   f"d = {I}(v, size=1, mode='bicubic', align_corners=True, "
                   "antialias=True)\n", (4,)),
]

CASES: Table = [
    (f"{call}-{name}", src + body)
    for call, body, ranks in _CALLS
    for name, (src, ndim) in _INPUTS.items() if ndim in ranks
] + [
    ("area-dtypes", X + f"a = {I}(x.double(), 3, mode='area')\n"
                    f"b = {I}(x.half(), (3, 4), mode='area')\n"
                    f"c = {I}(x.bfloat16(), scale_factor=0.5, mode='area')\n"
                    f"d = {I}(x, (8, 10), mode='area')\n"
                    f"e = {I}(x, (1, 1), mode='area')\ne.add_(1)"),
    ("area-empty-channels", X + f"a = {I}(x[:, :0], 2, mode='area')\n"
                            f"b = {I}(x[:, :0, :, :2], 2, mode='area')"),
    ("antialias-dtypes", X + f"a = {I}(x.double(), (3, 4), mode='bilinear', antialias=True)\n"
                         f"b = {I}(x.double(), (3, 4), mode='bicubic', antialias=True)\n"
                         f"c = {I}(x.abs().to(torch.uint8), (3, 4), mode='bilinear', "
                         "antialias=True)\n"
                         f"d = {I}(x.abs().to(torch.uint8), (3, 4), mode='bicubic', "
                         "antialias=True)"),
    # a width of 1 in and out: torch's kernel repeats a plane's first row (left open)
    ("antialias-width-one", "g = torch.arange(40.).view(4, 5, 2, 1)\n"
                            f"a = {I}(g, (3, 1), mode='bicubic', antialias=True)\n"
                            f"b = {I}(g.contiguous(memory_format={CL}), scale_factor=1.5, "
                            "recompute_scale_factor=False, antialias=True, mode='bicubic')\n"
                            f"c = {I}(g[:, :1], (1, 1), mode='bilinear', antialias=True)\n"
                            f"d = {I}(g[:, :, :1], (1, 3), mode='bilinear', antialias=True)"),
    ("antialias-values", "g = (torch.arange(480.).view(2, 3, 8, 10) / 7).sin()\n"
                         f"a = {I}(g, (3, 7), mode='bilinear', antialias=True)\n"
                         f"b = {I}(g, (5, 3), mode='bicubic', antialias=True)\n"
                         f"c = {I}(g.double(), (16, 13), mode='bicubic', antialias=True)\n"
                         f"d = {I}(g, (4, 5), mode='bilinear', antialias=True, "
                         "align_corners=True)\n"
                         f"e = {I}(g, scale_factor=0.3, mode='bicubic', antialias=True, "
                         "recompute_scale_factor=False)"),
]

ERRORS: Table = [
    ("err-area-align-corners", X + f"a = {I}(x, 2, mode='area', align_corners=False)"),
    ("err-area-antialias", X + f"a = {I}(x, 2, mode='area', antialias=True)"),
    ("err-area-rank", X + f"a = {I}(x[0, 0], 2, mode='area')"),
    ("err-area-long", X + f"a = {I}(x.long(), 2, mode='area')"),
    ("err-area-uint8", X + f"a = {I}(x.to(torch.uint8), 2, mode='area')"),
    ("err-area-size-length", X + f"a = {I}(x, (2, 3, 4), mode='area')"),
    ("err-antialias-3d", X3 + f"a = {I}(x, 2, mode='bilinear', antialias=True)"),
    ("err-antialias-trilinear", X5 + f"a = {I}(x, 2, mode='trilinear', antialias=True)"),
    ("err-antialias-half", X + f"a = {I}(x.half(), 2, mode='bilinear', antialias=True)"),
    ("err-antialias-bfloat16", X + f"a = {I}(x.bfloat16(), 2, mode='bicubic', antialias=True)"),
    ("err-antialias-long-empty", X + f"a = {I}(x[:0].long(), 2, mode='bicubic', "
                                 "antialias=True)"),
    ("err-antialias-empty-channels", X + f"a = {I}(x[:, :0], 2, mode='bilinear', "
                                     "antialias=True)"),
    ("err-antialias-zero-size", X + f"a = {I}(x, (0, 5), mode='bicubic', antialias=True)"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(CASES + ERRORS, ERRORS)
