"""sampling family: torch.nn.functional.interpolate (nearest, nearest-exact, linear, bilinear,
bicubic, trilinear; a 3-d result contiguous, a 4-d or 5-d one in the input's
suggest_memory_format), unfold and fold (contiguous). Contiguous, transposed, permuted,
stepped, expanded, overlapping, channels_last(_3d), offset, size-1 and empty-batch inputs;
float, double, half, bfloat16 and uint8 values (unfold and fold: bool and complex too), NaN
and unwritten elements; sizes and scale factors, align_corners, recompute_scale_factor; and
the refusals: align_corners with a nearest mode, size and scale both or neither, wrong
lengths, ranks per mode, empty channels, sizes of 0, kernel dtypes, unfold's and fold's
windows, ranks and block counts."""

from __future__ import annotations

from ._support import Table, table_tests

I = "torch.nn.functional.interpolate"
X = "x = torch.arange(48.).mul(7).remainder(48).sub(20).div(4).view(2, 3, 2, 4)\n"
X3 = "x = torch.arange(24.).mul(5).remainder(24).sub(9).view(2, 3, 4)\n"
X5 = "x = torch.arange(96.).mul(7).remainder(96).sub(40).view(1, 2, 3, 4, 4)\n"
# (input source, its ndim)
_INPUTS = {
    "contiguous": (X + "v = x\n", 4),
    "transposed": (X + "v = x.transpose(2, 3)\n", 4),
    "permuted": (X + "v = x.permute(0, 3, 1, 2)\n", 4),
    "stepped": (X + "v = x[:, :, :, ::2]\n", 4),
    "expanded": ("v = torch.tensor([[[[3., -1., 2.]]]]).expand(2, 3, 2, 3)\n", 4),
    "overlapping": ("v = torch.arange(8.).as_strided((1, 2, 3, 3), (1, 1, 1, 1))\n", 4),
    "channels-last": (X + "v = x.contiguous(memory_format=torch.channels_last)\n", 4),
    "channels-last-one-channel": ("v = torch.arange(8.).view(2, 1, 2, 2).contiguous("
                                  "memory_format=torch.channels_last)\n", 4),
    "offset": (X + "v = x[1:, 1:]\n", 4),
    "size-one-odd": ("v = torch.empty_strided((1, 2, 1, 3), (1, 7, 5, 2)).fill_(2.5)\n", 4),
    "empty-batch": ("v = torch.zeros(0, 2, 3, 2)\n", 4),
    "empty-batch-channels-last": ("v = torch.zeros(0, 2, 3, 2).contiguous("
                                  "memory_format=torch.channels_last)\n", 4),
    "3d": (X3 + "v = x\n", 3),
    "3d-transposed": (X3 + "v = x.transpose(0, 2).contiguous().transpose(0, 2)\n", 3),
    "3d-stepped": (X3 + "v = x[:, ::2]\n", 3),
    "3d-empty-batch": ("v = torch.zeros(0, 2, 3)\n", 3),
    "5d": (X5 + "v = x\n", 5),
    "5d-channels-last": (X5 + "v = x.contiguous(memory_format=torch.channels_last_3d)\n", 5),
    "5d-permuted": (X5 + "v = x.permute(0, 1, 4, 2, 3)\n", 5),
}

# (case name, call, the ranks it takes)
_CALLS = [
    ("nearest-scale", f"a = {I}(v, scale_factor=2)\n", (3, 4, 5)),
    ("nearest-size", f"a = {I}(v, 3)\nb = {I}(v, size=1)\n", (3, 4, 5)),
    ("nearest-fraction", f"a = {I}(v, scale_factor=1.7)\n", (3, 4, 5)),
    ("nearest-exact", f"a = {I}(v, scale_factor=0.75, mode='nearest-exact')\n"
                      f"b = {I}(v, 5, mode='nearest-exact')\n", (3, 4, 5)),
    ("linear", f"a = {I}(v, scale_factor=1.5, mode='linear')\n"
               f"b = {I}(v, 7, mode='linear', align_corners=True)\n", (3,)),
    ("bilinear", f"a = {I}(v, size=(3, 5), mode='bilinear')\n"
                 f"b = {I}(v, scale_factor=(2, 0.5), mode='bilinear', align_corners=True)\n",
     (4,)),
    ("bicubic", f"a = {I}(v, size=(4, 3), mode='bicubic')\n"
                f"b = {I}(v, scale_factor=1.5, mode='bicubic', align_corners=True)\n", (4,)),
    ("trilinear", f"a = {I}(v, size=(2, 5, 3), mode='trilinear')\n"
                  f"b = {I}(v, scale_factor=0.5, mode='trilinear', align_corners=True)\n",
     (5,)),
    ("recompute", f"a = {I}(v, scale_factor=2.5, recompute_scale_factor=True)\n", (3, 4, 5)),
    ("unfold", "a = torch.nn.functional.unfold(v, 2)\n"
               "b = torch.nn.functional.unfold(v, (1, 2), padding=1, stride=2, dilation=(2, 1))"
               "\n", (4,)),
]

LAYOUTS: Table = [(f"{call}-{name}", src + text)
                  for name, (src, ndim) in _INPUTS.items()
                  for call, text, ranks in _CALLS
                  if ndim in ranks]

F = "torch.nn.functional"
VALUES: Table = [
    ("interpolate-dtypes", X + f"a = {I}(x.half(), scale_factor=2, mode='bilinear')\n"
                           f"b = {I}(x.double(), size=(3, 3), mode='bicubic')\n"
                           f"c = {I}(x.bfloat16(), size=(5, 2))\n"
                           f"d = {I}(x.mul(4).add(50).to(torch.uint8), scale_factor=1.5)\n"
                           f"e = {I}(x.add(20).to(torch.uint8), size=(3, 3), mode='bilinear')\n"
                           f"f = {I}(x[0].half(), size=5, mode='linear')"),
    ("interpolate-same-size", X + f"a = {I}(x, size=(2, 4), mode='bilinear')\n"
                              f"b = {I}(x, size=(2, 4))\nc = {I}(x, size=(2, 4), "
                              "mode='bicubic')"),
    ("interpolate-one-pixel", "x = torch.arange(6.).view(1, 2, 3, 1)\n"
                              f"a = {I}(x, size=(1, 4), mode='bilinear', align_corners=True)\n"
                              f"b = {I}(x, size=(5, 1), mode='bicubic', align_corners=True)\n"
                              f"c = {I}(x, scale_factor=(0.34, 3))"),
    ("interpolate-nan-and-unwritten", "x = torch.empty(1, 1, 2, 3)\nx[0, 0, 0] = 1.\n"
                                      "x[0, 0, 1, 0] = float('nan')\n"
                                      f"a = {I}(x, scale_factor=2)\n"
                                      f"b = {I}(x, size=(3, 4), mode='bilinear')"),
    ("interpolate-downscale-odd", X + f"a = {I}(x, scale_factor=0.3, mode='nearest-exact')\n"
                                  f"b = {I}(x, scale_factor=(0.6, 0.4))\n"
                                  f"c = {I}(x, size=(1, 3), mode='bicubic')"),
    ("interpolate-size-forms", X + f"a = {I}(x, [3, True])\nb = {I}(x, (torch.tensor(3), 2))\n"
                               f"c = {I}(input=x, size=4, mode='nearest', align_corners=None)"),
    ("interpolate-result-is-new", X + f"a = {I}(x, size=(2, 4))\na.add_(1)\nx.add_(2)"),
    # the source index is one fused multiply-add in opmath_t: output 1 of 2 -> 6 weighs the
    # second input 2**-26, not 0; half stores that weight as 0 (UpSampleKernel.cpp)
    ("interpolate-step-fused-index", "s = torch.tensor([0., 1.]).view(1, 1, 2)\n"
                                     f"a = {I}(s.bfloat16(), size=6, mode='linear')\n"
                                     f"b = {I}(s.half(), size=6, mode='linear')\n"
                                     f"c = {I}(s, size=6, mode='linear')\n"
                                     f"d = {I}(s.double(), size=6, mode='linear')"),
    ("interpolate-step-2d-3d", "s = torch.cat([torch.zeros(4), torch.full((6,), -0.7)])\n"
                               f"a = {I}(s.view(1, 1, 1, 2, 5), scale_factor=3.0, "
                               "mode='trilinear')\n"
                               f"b = {I}(s.view(1, 1, 2, 5).bfloat16(), scale_factor=3.0, "
                               "mode='bilinear')\n"
                               f"c = {I}(s.view(1, 1, 2, 5).half(), size=(6, 7), "
                               "mode='bicubic')"),
    # a cubic weight's rounding is absolute, not relative to the weight: small outputs next
    # to large inputs carry it
    ("interpolate-bicubic-step-cancels", "s = torch.cat([torch.zeros(19), torch.full((1,), .1)])"
                                         f"\na = {I}(s.view(1, 1, 5, 4).double(), "
                                         "size=(9, 8), mode='bicubic')\n"
                                         "t = torch.cat([torch.ones(52), torch.full((8,), "
                                         "1000.)])\n"
                                         f"b = {I}(t.view(1, 2, 5, 6), size=(9, 1), "
                                         "mode='bicubic')"),
    ("unfold-dtypes", X + f"a = {F}.unfold(x.half(), 2)\nb = {F}.unfold(x.gt(0), (2, 1))\n"
                      f"c = {F}.unfold(x * (1 + 2j), 1, padding=1)\n"
                      f"d = {F}.unfold(x[0], 2, stride=(1, 2))"),
    ("unfold-layouts-3d", X3 + f"a = {F}.unfold(x.view(2, 3, 4).transpose(1, 2), 2)\n"
                          f"b = {F}.unfold(torch.ones(1, 3, 1).expand(2, 3, 4), (2, 3))"),
    ("unfold-unwritten", "x = torch.empty(1, 1, 3, 3)\nx[0, 0, 1] = 2.\n"
                         f"a = {F}.unfold(x, 2, padding=1)"),
    ("fold", "c = torch.arange(24.).view(2, 4, 3)\n"
             f"a = {F}.fold(c, (4, 2), 2)\nb = {F}.fold(c[0], (4, 2), 2)\n"
             f"d = {F}.fold(torch.arange(24.).view(1, 4, 6), (3, 4), 2)\n"
             f"e = {F}.fold(c.transpose(1, 2).contiguous().transpose(1, 2), (4, 2), 2)"),
    ("fold-layouts", "c = torch.arange(36.).sub(17).view(1, 4, 9)\n"
                     f"a = {F}.fold(c.expand(2, 4, 9), (4, 4), 2)\n"
                     f"b = {F}.fold(c[:, ::2].repeat(1, 2, 1), (3, 5), (2, 1), stride=(1, 2),"
                     " padding=(1, 0))\n"
                     f"d = {F}.fold(torch.zeros(0, 4, 9), (4, 4), 2)\n"
                     f"e = {F}.fold(c.view(1, 36, 1), (3, 4), (3, 4))"),
    ("fold-dilated", "c = torch.arange(32.).view(1, 8, 4)\n"
                     f"a = {F}.fold(c, (4, 5), (2, 2), dilation=(2, 3), stride=(1, 1))"),
    ("fold-dtypes", "c = torch.arange(24.).view(2, 4, 3)\n"
                    f"a = {F}.fold(c.half(), (4, 2), 2)\nb = {F}.fold(c.gt(10), (4, 2), 2)\n"
                    f"d = {F}.fold(c * (1 - 1j), (4, 2), 2)\n"
                    f"e = {F}.fold(c.double().div(3), (4, 2), 2)"),
    ("unfold-then-fold", X + f"u = {F}.unfold(x, 2, padding=1)\n"
                         f"a = {F}.fold(u, (2, 4), 2, padding=1)"),
]

ERRORS: Table = [
    ("err-align-corners-nearest", X + f"a = {I}(x, size=2, align_corners=True)"),
    ("err-align-corners-nearest-exact", X + f"a = {I}(x, size=2, mode='nearest-exact', "
                                        "align_corners=False)"),
    ("err-size-and-scale", X + f"a = {I}(x, size=2, scale_factor=2)"),
    ("err-neither", X + f"a = {I}(x)"),
    ("err-size-length", X + f"a = {I}(x, size=(2, 3, 4))"),
    ("err-scale-length", X + f"a = {I}(x, scale_factor=[2.0])"),
    ("err-size-float", X + f"a = {I}(x, size=(2., 3))"),
    ("err-recompute-with-size", X + f"a = {I}(x, size=(2, 3), recompute_scale_factor=True)"),
    ("err-rank-2", X + f"a = {I}(x[0, 0], size=2)"),
    ("err-rank-0", f"a = {I}(torch.tensor(1.), size=2)"),
    ("err-rank-6", X + f"a = {I}(x[None, None], size=2)"),
    ("err-linear-4d", X + f"a = {I}(x, size=2, mode='linear')"),
    ("err-bilinear-3d", X + f"a = {I}(x[0], size=2, mode='bilinear')"),
    ("err-trilinear-4d", X + f"a = {I}(x, size=2, mode='trilinear')"),
    ("err-bilinear-5d", X + f"a = {I}(x[None], size=2, mode='bilinear')"),
    ("err-bicubic-5d", X + f"a = {I}(x[None], size=2, mode='bicubic')"),
    ("err-unknown-mode", X + f"a = {I}(x, size=2, mode='cubic')"),
    ("err-antialias-nearest", X + f"a = {I}(x, size=2, antialias=True)"),
    ("err-size-zero", X + f"a = {I}(x, size=0)"),
    ("err-size-zero-1d", X3 + f"a = {I}(x, size=0, mode='linear')"),
    ("err-size-zero-3d", X5 + f"a = {I}(x, size=(1, 0, 2))"),
    ("err-scale-too-small", X + f"a = {I}(x, scale_factor=0.1, mode='bicubic')"),
    ("err-scale-negative", X + f"a = {I}(x, scale_factor=-1.)"),
    ("err-empty-channels", f"a = {I}(torch.zeros(1, 0, 2, 2), size=3)"),
    ("err-empty-channels-1d", f"a = {I}(torch.zeros(1, 0, 2), size=3)"),
    ("err-empty-height", f"a = {I}(torch.zeros(1, 2, 0, 2), size=3, mode='bilinear')"),
    ("err-int64-nearest", X + f"a = {I}(x.long(), size=3)"),
    ("err-bool-bilinear", X + f"a = {I}(x.bool(), size=3, mode='bilinear')"),
    ("err-int-bicubic-empty", f"a = {I}(torch.zeros(0, 2, 2, 2, dtype=torch.int32), size=3, "
                              "mode='bicubic')"),
    ("err-uint8-linear", X3 + f"a = {I}(x.to(torch.uint8), size=3, mode='linear')"),
    ("err-uint8-trilinear", X5 + f"a = {I}(x.to(torch.uint8), size=3, mode='trilinear')"),
    ("err-complex-nearest-1d", X3 + f"a = {I}(x * 1j, size=3)"),
    ("err-unfold-rank-2", X + f"a = {F}.unfold(x[0, 0], 2)"),
    ("err-unfold-rank-1", f"a = {F}.unfold(torch.ones(3), 2)"),
    ("err-unfold-rank-0", f"a = {F}.unfold(torch.tensor(1.), 2)"),
    ("err-unfold-rank-5", X + f"a = {F}.unfold(x[None], 2)"),
    ("err-unfold-empty-channels", f"a = {F}.unfold(torch.zeros(1, 0, 3, 3), 2)"),
    ("err-unfold-kernel-too-big", X + f"a = {F}.unfold(x, 5)"),
    ("err-unfold-kernel-zero", X + f"a = {F}.unfold(x, 0)"),
    ("err-unfold-stride-zero", X + f"a = {F}.unfold(x, 2, stride=0)"),
    ("err-unfold-dilation-zero", X + f"a = {F}.unfold(x, 2, dilation=(1, 0), stride=0)"),
    ("err-unfold-padding-negative", X + f"a = {F}.unfold(x, 2, padding=-1)"),
    ("err-unfold-kernel-three", X + f"a = {F}.unfold(x, (2, 2, 2))"),
    ("err-unfold-kernel-one", X + f"a = {F}.unfold(x, [2])"),
    ("err-unfold-long", X + f"a = {F}.unfold(x.long(), 2)"),
    ("err-unfold-uint8-empty", f"a = {F}.unfold(torch.zeros(0, 1, 2, 2, dtype=torch.uint8), 2)"),
    ("err-fold-blocks", f"a = {F}.fold(torch.ones(2, 4, 3), (3, 2), 2)"),
    ("err-fold-divisible", f"a = {F}.fold(torch.ones(2, 4, 3), (3, 2), 3)"),
    ("err-fold-rank-1", f"a = {F}.fold(torch.ones(3), (3, 2), 2)"),
    ("err-fold-rank-4", f"a = {F}.fold(torch.ones(1, 2, 4, 3), (3, 2), 2)"),
    ("err-fold-rank-0", f"a = {F}.fold(torch.tensor(1.), (3, 2), 2)"),
    ("err-fold-empty-length", f"a = {F}.fold(torch.ones(1, 4, 0), (1, 1), 2)"),
    ("err-fold-output-three", f"a = {F}.fold(torch.ones(2, 4, 3), (3, 2, 1), 2)"),
    ("err-fold-output-one", f"a = {F}.fold(torch.ones(2, 4, 3), [4], 2)"),
    ("err-fold-dilation-zero", f"a = {F}.fold(torch.ones(2, 4, 3), (4, 2), 2, dilation=0)"),
    ("err-fold-stride-zero", f"a = {F}.fold(torch.ones(2, 4, 3), (4, 2), 2, stride=0)"),
    ("err-fold-padding-negative", f"a = {F}.fold(torch.ones(2, 4, 3), (4, 2), 2, padding=-1)"),
    ("err-fold-output-zero", f"a = {F}.fold(torch.ones(1, 4, 1), (0, 2), 1, padding=1)"),
    ("err-fold-blocks-small", f"a = {F}.fold(torch.ones(1, 1, 0).expand(1, 1, 0), (1, 1), 3)"),
    ("err-fold-int", f"a = {F}.fold(torch.ones(2, 4, 3, dtype=torch.int64), (4, 2), 2)"),
    ("err-fold-int-empty", f"a = {F}.fold(torch.ones(0, 4, 3, dtype=torch.int8), (4, 2), 2)"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(LAYOUTS + VALUES + ERRORS,
                                                                 ERRORS)
