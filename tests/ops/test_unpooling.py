"""pooling family, unpooling and power averages: torch.nn.functional's max_unpool1d and
max_unpool2d (a new tensor zeroed and written at the indices, 4-d in the input's
suggest_memory_format, 3-d contiguous; the 1-d form a squeeze view of the 2-d op's result;
output_size given as the spatial dims or all of them, checked in Python; the kernel's
refusals of index dtypes, ranks, shapes, empty dims, dtypes and out-of-plane indices) and
lp_pool1d and lp_pool2d (torch/nn/functional.py's composite of avg_pool, pow, sign, relu
and mul, max_pool for an infinite norm: their layouts, dtypes and values)."""

from __future__ import annotations

from ._support import Table, table_tests

F = "torch.nn.functional"
X = "x = ((torch.arange(144.).view(2, 3, 4, 6) * 7) % 11) - 5\n"
P = X + f"v, i = {F}.max_pool2d(x, 2, return_indices=True)\n"
X1 = "y = ((torch.arange(48.).view(2, 3, 8) * 5) % 13) - 6\n"
P1 = X1 + f"v, i = {F}.max_pool1d(y, 2, return_indices=True)\n"
CL = "torch.channels_last"

_INPUTS = {
    "contiguous": "a, b = v, i",
    "channels-last": f"a, b = v.contiguous(memory_format={CL}), i.contiguous(memory_format={CL})",
    "channels-last-values": f"a, b = v.contiguous(memory_format={CL}), i",
    "channels-last-indices": f"a, b = v, i.contiguous(memory_format={CL})",
    "transposed": "a, b = v.transpose(0, 1).contiguous().transpose(0, 1), i",
    "permuted": "a, b = v.permute(0, 2, 3, 1).contiguous().permute(0, 3, 1, 2), i",
    "offset": "a, b = torch.cat([v, v], 0)[2:], i",
    "expanded": "a, b = v[:1].expand(2, 3, 2, 3), i[:1].expand(2, 3, 2, 3)",
    "unbatched": "a, b = v[0], i[0]",
    "unbatched-transposed": "a, b = v[0].transpose(1, 2).contiguous().transpose(1, 2), i[0]",
}

UNPOOL: Table = [
    (f"max-unpool2d-{dt}-{name}", P + f"v = v.to(torch.{dt})\n{src}\n"
                                  f"o = {F}.max_unpool2d(a, b, 2)")
    for dt in ("float32", "float64", "float16", "bfloat16")
    for name, src in _INPUTS.items()
] + [
    ("max-unpool2d-forms", P + f"a = {F}.max_unpool2d(v, i, (2, 2), (2, 2), (0, 0))\n"
                           f"b = {F}.max_unpool2d(v, i, 2, output_size=(5, 7))\n"
                           f"c = {F}.max_unpool2d(v, i, 2, output_size=[2, 3, 4, 7])\n"
                           f"d = {F}.max_unpool2d(v, i, kernel_size=[2, 2], stride=2, padding=0)\n"
                           f"e = {F}.max_unpool2d(v.double(), i, 3, stride=2, padding=0, "
                           "output_size=(4, 6))"),
    ("max-unpool2d-overlapping-windows", X + f"v, i = {F}.max_pool2d(x, 3, 1, 1, "
                                         "return_indices=True)\n"
                                         f"a = {F}.max_unpool2d(v, i, 3, 1, 1)\n"
                                         f"b = {F}.max_unpool2d(v, i, 3, 1, 1, output_size="
                                         "(4, 6))"),
    ("max-unpool2d-size-one", X + f"v, i = {F}.max_pool2d(x, (4, 6), return_indices=True)\n"
                              f"a = {F}.max_unpool2d(v, i, (4, 6))\n"
                              f"b = {F}.max_unpool2d(v.contiguous(memory_format={CL}), i, "
                              "(4, 6))\n"
                              f"c = {F}.max_unpool2d(v[:1, :1], i[:1, :1], (4, 6))\n"
                              f"d = {F}.max_unpool2d(v[:, :1].contiguous(memory_format={CL}), "
                              "i[:, :1], (4, 6))"),
    # indices shared within a plane: which element lands is a race of the kernel's threads
    ("max-unpool2d-duplicates", P + "j = torch.zeros_like(i)\n"
                                f"a = {F}.max_unpool2d(v, j, 2)\n"
                                f"b = {F}.max_unpool2d(torch.ones_like(v), j, 2)\n"
                                f"c = {F}.max_unpool1d(torch.tensor([[2., 3.]]), "
                                "torch.tensor([[2, 2]]), 3, stride=2, output_size=(6,))"),
    ("max-unpool2d-empty-batch", P + f"a = {F}.max_unpool2d(v[:0], i[:0], 2)\n"
                                 f"b = {F}.max_unpool2d(v[:0].int(), i[:0], 2)\n"
                                 f"c = {F}.max_unpool2d(v[:0].contiguous(memory_format={CL}), "
                                 "i[:0], 2)"),
    ("max-unpool2d-result-is-fresh", P + f"a = {F}.max_unpool2d(v, i, 2)\na.add_(1)\n"
                                     "b = v.sum()\nc = a._base"),
    ("max-unpool1d-forms", P1 + f"a = {F}.max_unpool1d(v, i, 2)\n"
                           f"b = {F}.max_unpool1d(v[0], i[0], 2)\n"
                           f"c = {F}.max_unpool1d(v, i, (2,), (2,), (0,), output_size=(9,))\n"
                           f"d = {F}.max_unpool1d(v, i, 2, output_size=[2, 3, 9])\n"
                           f"e = {F}.max_unpool1d(v.transpose(1, 2).contiguous().transpose(1, 2),"
                           " i, 2)\n"
                           f"f = {F}.max_unpool1d(v.double(), i, kernel_size=2, stride=2)\n"
                           f"g = {F}.max_unpool1d(v.half(), i, 2)\nh = g._base\n"
                           f"j = {F}.max_unpool1d(v[:, :, :1], i[:, :, :1], 2)\n"
                           f"k = {F}.max_unpool1d(v[:0], i[:0], 2)"),
]

_LP_INPUTS = {
    "contiguous": "z = x",
    "channels-last": f"z = x.contiguous(memory_format={CL})",
    "transposed": "z = x.transpose(2, 3)",
    "stepped": "z = x[..., ::2]",
    "expanded": "z = x[:1].expand(2, 3, 4, 6)",
    "unbatched": "z = x[0]",
}

LP_POOL: Table = [
    (f"lp-pool2d-{dt}-{name}-{norm}", X + f"x = x.to(torch.{dt})\n{src}\n"
                                     f"o = {F}.lp_pool2d(z, {norm}, 2)")
    for dt in ("float32", "float64")
    for name, src in _LP_INPUTS.items()
    for norm in ("2", "1.5")
] + [
    ("lp-pool2d-forms", X + f"a = {F}.lp_pool2d(x, 2, (2, 3), stride=1)\n"
                        f"b = {F}.lp_pool2d(x, 3, 3, 2, True)\n"
                        f"c = {F}.lp_pool2d(x, float('inf'), 2)\n"
                        f"d = {F}.lp_pool2d(x, -float('inf'), 2, ceil_mode=True)\n"
                        f"e = {F}.lp_pool2d(x.double(), 1, [2, 2])\n"
                        f"f = {F}.lp_pool2d(x.abs(), 0.5, 2)"),
    ("lp-pool2d-dtypes", X + f"a = {F}.lp_pool2d(x.long(), 2, 2)\n"
                         f"b = {F}.lp_pool2d(x.half(), 2, 2)\n"
                         f"c = {F}.lp_pool2d(x.bfloat16(), 2, 2)\n"
                         f"d = {F}.lp_pool2d(x.long(), float('inf'), 2)\n"
                         f"e = {F}.lp_pool2d(x.int(), float('inf'), 2)"),
    ("lp-pool1d-forms", X1 + f"a = {F}.lp_pool1d(y, 2, 2)\n"
                        f"b = {F}.lp_pool1d(y, 3, 3, 2, True)\n"
                        f"c = {F}.lp_pool1d(y[0], 2, 2)\n"
                        f"d = {F}.lp_pool1d(y.transpose(1, 2).contiguous().transpose(1, 2), 2, 3,"
                        " stride=1)\n"
                        f"e = {F}.lp_pool1d(y, float('inf'), 2)\n"
                        f"f = {F}.lp_pool1d(y.double(), 1.5, 2)\n"
                        f"g = {F}.lp_pool1d(y.long(), 2, 2)\n"
                        f"h = {F}.lp_pool1d(y[:0], 2, 2)"),
]

ERRORS: Table = [
    ("err-max-unpool2d-output-length", P + f"a = {F}.max_unpool2d(v, i, 2, output_size=(1, 2, 3))"),
    ("err-max-unpool2d-output-size", P + f"a = {F}.max_unpool2d(v, i, 2, output_size=(9, 7))"),
    ("err-max-unpool2d-output-size-list", P + f"a = {F}.max_unpool2d(v, i, 2, output_size="
                                          "[2, 3, 4, 9])"),
    ("err-max-unpool2d-indices-dtype", P + f"a = {F}.max_unpool2d(v, i.int(), 2)"),
    ("err-max-unpool2d-indices-float", P + f"a = {F}.max_unpool2d(v, i.float(), 2)"),
    ("err-max-unpool2d-rank-5", P + f"a = {F}.max_unpool2d(v[None], i[None], 2)"),
    ("err-max-unpool2d-rank-2", P + f"a = {F}.max_unpool2d(v[0, 0], i[0, 0], 2)"),
    ("err-max-unpool2d-shape", P + f"a = {F}.max_unpool2d(v, i[:1], 2)"),
    ("err-max-unpool2d-empty-channels", P + f"a = {F}.max_unpool2d(v[:, :0], i[:, :0], 2)"),
    ("err-max-unpool2d-empty-height", P + f"a = {F}.max_unpool2d(v[:, :, :0], i[:, :, :0], 2)"),
    ("err-max-unpool2d-int", P + f"a = {F}.max_unpool2d(v.int(), i, 2)"),
    ("err-max-unpool2d-long", P + f"a = {F}.max_unpool2d(v.long(), i, 2)"),
    ("err-max-unpool2d-int-channels-last", P + f"a = {F}.max_unpool2d(v.int().contiguous("
                                           f"memory_format={CL}), i, 2)"),
    ("err-max-unpool2d-bool", P + f"a = {F}.max_unpool2d(v.bool(), i, 2)"),
    ("err-max-unpool2d-index", P + "i[1, 2, 1, 2] = 40\n"
                               f"a = {F}.max_unpool2d(v, i, 2)"),
    ("err-max-unpool2d-negative-index", P + "i[0, 0, 0, 0] = -3\n"
                                        f"a = {F}.max_unpool2d(v, i, 2)"),
    ("err-max-unpool2d-index-smaller-output", P + "i.zero_()\ni[0, 1, 1, 1] = 23\n"
                                              f"a = {F}.max_unpool2d(v, i, 3, stride=2, "
                                              "padding=1)"),
    ("err-max-unpool2d-negative-size", P + f"a = {F}.max_unpool2d(v[:, :, :0], i[:, :, :0], "
                                       "(1, 2), stride=2)"),
    ("err-max-unpool1d-negative-size", P1 + f"a = {F}.max_unpool1d(v[:, :, :0], i[:, :, :0], 1, "
                                       "stride=3)"),
    ("err-max-unpool1d-rank", P1 + f"a = {F}.max_unpool1d(v[0, 0], i[0, 0], 2)"),
    ("err-max-unpool1d-output-size", P1 + f"a = {F}.max_unpool1d(v, i, 2, output_size=(11,))"),
    ("err-max-unpool1d-index", P1 + "i[1, 1, 2] = 8\n"
                               f"a = {F}.max_unpool1d(v, i, 2)"),
    ("err-lp-pool2d-int", X + f"a = {F}.lp_pool2d(x.int(), 2, 2)"),
    ("err-lp-pool2d-zero-norm", X + f"a = {F}.lp_pool2d(x, 0, 2)"),
    ("err-lp-pool2d-kernel", X + f"a = {F}.lp_pool2d(x, 2, 5)"),
    ("err-lp-pool1d-rank", X + f"a = {F}.lp_pool1d(x, 2, 2)"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    UNPOOL + LP_POOL + ERRORS, ERRORS)
