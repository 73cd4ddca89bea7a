"""normalization family, batch_norm and group_norm: outputs in the input's format (contiguous,
channels_last and channels_last_3d kept; others contiguous, or the suggested format where a
parameter is not contiguous) for transposed, permuted, stepped, expanded, overlapping,
channels_last, offset, size-1 and empty inputs; batch_norm in eval and training, its running
stats updated in place (values, no version bump), strided, shared, or read back as the
weight; empty inputs cloned (times weight[0]); float, double, half and bfloat16 inputs, with
float32 parameters (mixed); group_norm of one, some and every channel per group; and the
refusals: lengths, missing running stats, one value per channel, eps, groups, ranks, integer,
bool and complex inputs, mixed dtypes and the argument parser."""

from __future__ import annotations

from ._support import Table, table_tests

F = "torch.nn.functional"
X = "x = torch.arange(-24, 24, dtype=torch.float32).mul(7).remainder(48).sub(24).div(8)\n"
S = "rm = torch.tensor([0.5, -1., 2.])\nrv = torch.tensor([1., 0.25, 4.])\n"
# (input source, its channels: 3 for all)
_INPUTS = {
    "contiguous": X + "v = x.view(2, 3, 8)\n",
    "transposed": X + "v = x.view(8, 3, 2).transpose(0, 2)\n",
    "permuted": X + "v = x.view(2, 4, 2, 3).permute(0, 3, 1, 2)\n",
    "stepped": X + "v = x.view(2, 6, 4)[:, ::2]\n",
    "expanded": "v = torch.tensor([[-1., 0.5, 2.]]).expand(4, 3)\n",
    "expanded-inner": "v = torch.tensor([[[1.], [2.], [-3.]]]).expand(2, 3, 4)\n",
    "overlapping": "v = torch.arange(12.).as_strided((4, 3, 2), (2, 1, 1))\n",
    "channels-last": X + "v = x.view(2, 3, 2, 4).contiguous(memory_format=torch.channels_last)\n",
    "channels-last-3d": X + "v = x.view(2, 3, 2, 2, 2).contiguous("
                            "memory_format=torch.channels_last_3d)\n",
    "channels-last-stepped": X + "v = x.view(2, 3, 2, 4).contiguous("
                                 "memory_format=torch.channels_last)[:, :, :, ::2]\n",
    "offset": X + "v = x.view(2, 4, 6)[:, 1:, 1:4]\n",
    "size-one-odd": "v = torch.empty_strided((2, 3, 1, 1), (3, 1, 3, 3)).fill_(2.5)\n"
                    "v[1].fill_(-1.)\n",
    "size-one-cl-like": X + "v = x[:24].as_strided((2, 3, 1, 4), (12, 1, 1, 3))\n",
    "two-dims": X + "v = x.view(16, 3)\n",
    "empty": "v = torch.zeros(4, 3, 0).transpose(0, 2)\n",
    "empty-expanded": "v = torch.zeros(1, 3, 1).expand(0, 3, 4)\n",
}

_CALLS = [
    ("bn-eval", f"a = {F}.batch_norm(v, rm, rv)\n"),
    ("bn-eval-affine", f"a = {F}.batch_norm(v, rm, rv, torch.tensor([1., 2., -0.5]), "
                       "torch.tensor([0., 1., -1.]), eps=0.1)\n"),
    ("bn-eval-strided-weight", f"a = {F}.batch_norm(v, rm, rv, weight=torch.ones(6)[::2])\n"),
    ("bn-train", f"a = {F}.batch_norm(v, rm, rv, training=True)\n"),
    ("bn-train-affine", f"a = {F}.batch_norm(v, rm, rv, torch.tensor([1., 2., -0.5]), "
                        "torch.tensor([0., 1., -1.]), True, 0.5)\n"),
    ("bn-train-no-stats", f"a = {F}.batch_norm(v, None, None, training=True, momentum=0.)\n"),
    ("gn-one", f"a = {F}.group_norm(v, 1)\n"),
    ("gn-each", f"a = {F}.group_norm(v, 3, torch.tensor([1., 2., -0.5]), "
                "torch.tensor([0., 1., -1.]))\n"),
]

LAYOUTS: Table = [(f"{call}-{name}", S + src + text)
                  for name, src in _INPUTS.items() for call, text in _CALLS
                  if not (name == "size-one-odd" and call == "gn-one")]

VALUES: Table = [
    ("bn-train-stats-strided", X + "v = x.view(2, 3, 8)\nm = torch.zeros(6)\n"
                               "rm = m[::2]\nrv = torch.ones(3, 2)[:, 1]\n"
                               f"a = {F}.batch_norm(v, rm, rv, training=True, momentum=0.3)\n"
                               "b = m.clone()"),
    ("bn-train-weight-is-running-mean", X + "v = x.view(4, 3, 4)\n" + S +
     f"a = {F}.batch_norm(v, rm, rv, rv, rm, training=True)"),
    ("bn-train-expanded-stats", X + "v = x.view(4, 3, 4)\nrm = torch.zeros(1).expand(3)\n"
                                "rv = torch.ones(3)\n"
                                f"a = {F}.batch_norm(v, rm, rv, training=True)"),
    ("bn-train-shared-stats", X + "v = x.view(4, 3, 4)\nrm = torch.ones(3)\n"
                              f"a = {F}.batch_norm(v, rm, rm, training=True)"),
    ("bn-eval-shared-stats", X + "v = x.view(4, 3, 4)\nrm = torch.ones(3)\n"
                             f"a = {F}.batch_norm(v, rm, rm)"),
    ("bn-stats-version", X + "v = x.view(4, 3, 4)\n" + S + "w = rm[:2]\n"
                         f"a = {F}.batch_norm(v, rm, rv, training=True)\n"
                         f"b = {F}.batch_norm(v, rm, rv, training=True, momentum=1.)\n"
                         "rm.add_(1)"),
    ("bn-half-bfloat16-double", X + "v = x.view(2, 3, 8)\n" + S +
     f"a = {F}.batch_norm(v.half(), rm, rv)\n"
     f"b = {F}.batch_norm(v.bfloat16(), rm, rv, training=True)\n"
     f"c = {F}.batch_norm(v.double(), rm.double(), rv.double(), training=True)\n"
     f"d = {F}.batch_norm(v.half(), rm.half(), rv.half(), torch.ones(3).half())"),
    ("bn-mixed-train-float-stats", X + "v = x.view(2, 3, 8).half()\n" + S +
     f"a = {F}.batch_norm(v, rm, rv, torch.ones(3), torch.zeros(3), True)"),
    ("bn-empty-weight-promotes", S + "v = torch.zeros(0, 3, 2).transpose(1, 2)\n"
     f"a = {F}.batch_norm(v, rm, rv, torch.ones(3).double(), torch.ones(3))\n"
     f"b = {F}.batch_norm(v.half(), rm, rv, torch.ones(3))\n"
     f"c = {F}.batch_norm(v.long(), rm, rv)\n"
     f"d = {F}.batch_norm(v.long(), rm, rv, torch.ones(3))\n"
     f"e = {F}.batch_norm(torch.zeros(0, 3, dtype=torch.bool), None, None, torch.ones(3))"),
    ("bn-empty-skips-checks", f"a = {F}.batch_norm(torch.zeros(0, 3), torch.zeros(5), None)\n"
                              f"b = {F}.batch_norm(torch.zeros(2, 0), None, None, training=True)"),
    ("bn-zero-variance", "v = torch.ones(2, 3, 2)\nrm = torch.zeros(3)\nrv = torch.ones(3)\n"
                         f"a = {F}.batch_norm(v, rm, rv, training=True)\n"
                         f"b = {F}.batch_norm(v, rm, torch.zeros(3), eps=0.)"),
    ("bn-infinities", "v = torch.tensor([[float('inf'), 1., 2.], [1., float('nan'), 3.], "
                      "[2., 2., 5.]])\nrm = torch.zeros(3)\nrv = torch.ones(3)\n"
                      f"a = {F}.batch_norm(v, rm, rv)\n"
                      f"b = {F}.batch_norm(v, rm, rv, training=True)"),
    ("bn-view-input-base", X + "v = x.view(4, 3, 4)\n" + S + "t = v.transpose(0, 2)\n"
                           f"a = {F}.batch_norm(t, torch.zeros(4), torch.ones(4))\n"
                           "t.add_(1)\n"
                           f"b = {F}.batch_norm(t, torch.zeros(4), torch.ones(4), training=True)"),
    ("gn-groups-of-two", X + "v = x.view(2, 4, 6)\n"
                         f"a = {F}.group_norm(v, 2, torch.arange(4.), eps=0.5)\n"
                         f"b = {F}.group_norm(v.transpose(0, 2)[:2], 2)\n"
                         f"c = {F}.group_norm(v.double(), 4, bias=torch.ones(4).double())"),
    ("gn-half-bfloat16-mixed", X + "v = x.view(2, 4, 6)\n"
                               f"a = {F}.group_norm(v.half(), 2)\n"
                               f"b = {F}.group_norm(v.bfloat16(), 1, torch.ones(4), "
                               "torch.ones(4))\n"
                               f"c = {F}.group_norm(v.half(), 4, None, torch.ones(4))"),
    ("gn-two-dims-and-empty", X + f"a = {F}.group_norm(x.view(16, 3), 3)\n"
                              f"b = {F}.group_norm(torch.zeros(2, 0, 3), 1)\n"
                              f"c = {F}.group_norm(torch.zeros(2, 3, 0), 3)\n"
                              f"d = {F}.group_norm(torch.zeros(0, 4, 2), 2)"),
    ("gn-constant-groups", "v = torch.ones(2, 4, 3)\n"
                           f"a = {F}.group_norm(v, 2, torch.arange(4.), torch.ones(4))"),
]

ERRORS: Table = [
    ("err-bn-running-mean-length", X + "v = x.view(2, 3, 8)\n"
                                   f"a = {F}.batch_norm(v, torch.zeros(4), torch.ones(3))"),
    ("err-bn-running-var-length", X + "v = x.view(2, 3, 8)\n"
                                  f"a = {F}.batch_norm(v, torch.zeros(3), torch.ones(2))"),
    ("err-bn-weight-length", X + "v = x.view(2, 3, 8)\n" + S +
     f"a = {F}.batch_norm(v, rm, rv, torch.ones(2))"),
    ("err-bn-bias-length", X + "v = x.view(2, 3, 8)\n" + S +
     f"a = {F}.batch_norm(v, rm, rv, None, torch.ones(4), True)"),
    ("err-bn-eval-no-mean", X + "v = x.view(2, 3, 8)\n" + S +
     f"a = {F}.batch_norm(v, None, rv)"),
    ("err-bn-eval-no-var", X + "v = x.view(2, 3, 8)\n" + S +
     f"a = {F}.batch_norm(v, rm, None)"),
    ("err-bn-train-one-stat", X + "v = x.view(2, 3, 8)\n" + S +
     f"a = {F}.batch_norm(v, rm, None, training=True)"),
    ("err-bn-one-value-per-channel", S + f"a = {F}.batch_norm(torch.ones(1, 3, 1), rm, rv, "
                                         "training=True)"),
    ("err-bn-one-value-two-dims", S + f"a = {F}.batch_norm(torch.ones(1, 3), rm, rv, "
                                      "training=True)"),
    ("err-bn-train-eps-zero", X + "v = x.view(2, 3, 8)\n" + S +
     f"a = {F}.batch_norm(v, rm, rv, training=True, eps=0.)"),
    ("err-bn-eps-negative", X + "v = x.view(2, 3, 8)\n" + S +
     f"a = {F}.batch_norm(v, rm, rv, eps=-1.)"),
    ("err-bn-one-dim", S + f"a = {F}.batch_norm(torch.ones(5), rm, rv)"),
    ("err-bn-one-dim-no-features", f"a = {F}.batch_norm(torch.ones(5), torch.zeros(0), "
                                   "torch.zeros(0))"),
    ("err-bn-zero-dim", S + f"a = {F}.batch_norm(torch.tensor(1.), rm, rv)"),
    ("err-bn-long", S + f"a = {F}.batch_norm(torch.ones(2, 3, dtype=torch.long), rm, rv)"),
    ("err-bn-long-no-stats", f"a = {F}.batch_norm(torch.ones(2, 3, dtype=torch.long), None, "
                             "None, training=True)"),
    ("err-bn-train-strided-long", S + "i = torch.arange(24).view(4, 3, 2).transpose(0, 2)\n"
                                  f"a = {F}.batch_norm(i, rm.long(), rv.long(), training=True)"),
    ("err-bn-train-strided-long-no-stats", "i = torch.arange(24).view(4, 3, 2).transpose(0, 2)\n"
                                           f"a = {F}.batch_norm(i, None, None, None, None, True)"),
    ("err-bn-train-strided-long-float-stats", S + "i = torch.arange(24).view(4, 3, 2)"
                                              ".transpose(0, 2)\n"
                                              f"a = {F}.batch_norm(i, rm, rv, training=True)"),
    ("err-bn-train-strided-complex-float-stats",
     S + "c = torch.arange(24.).view(4, 3, 2).transpose(0, 2) * 1j\n"
     f"a = {F}.batch_norm(c, rm, rv, training=True)"),
    ("err-bn-bool", S + f"a = {F}.batch_norm(torch.ones(2, 3, dtype=torch.bool), rm, rv)"),
    ("err-bn-complex", S + f"a = {F}.batch_norm(torch.ones(2, 3) * 1j, rm, rv)"),
    ("err-bn-double-float-stats", S + f"a = {F}.batch_norm(torch.ones(2, 3).double(), rm, rv)"),
    ("err-bn-float-double-stats", S + f"a = {F}.batch_norm(torch.ones(2, 3), rm.double(), "
                                      "rv.double())"),
    ("err-bn-half-half-weight-float-stats", S + f"a = {F}.batch_norm(torch.ones(2, 3).half(), "
                                                "rm, rv, torch.ones(3).half())"),
    ("err-bn-half-half-stats-float-weight", S + f"a = {F}.batch_norm(torch.ones(2, 3).half(), "
                                                "rm.half(), rv.half(), torch.ones(3))"),
    ("err-bn-float-half-mean", S + f"a = {F}.batch_norm(torch.ones(2, 3), rm.half(), rv)"),
    ("err-bn-stats-two-dims", S + f"a = {F}.batch_norm(torch.ones(2, 3), rm.view(1, 3), rv, "
                                  "training=True)"),
    ("err-bn-momentum-none", S + f"a = {F}.batch_norm(torch.ones(2, 3), rm, rv, True, None)"),
    ("err-bn-training-int", S + f"a = {F}.batch_norm(torch.ones(2, 3), rm, rv, training=1)"),
    ("err-bn-running-mean-list", S + f"a = {F}.batch_norm(torch.ones(2, 3), [0., 0., 0.], rv)"),
    ("err-bn-weight-number", S + f"a = {F}.batch_norm(torch.ones(2, 3), rm, rv, 1.)"),
    ("err-gn-divisible", X + f"a = {F}.group_norm(x.view(2, 3, 8), 2)"),
    ("err-gn-more-groups", X + f"a = {F}.group_norm(x.view(2, 3, 8), 6)"),
    ("err-gn-negative-groups", X + f"a = {F}.group_norm(x.view(2, 3, 8), -1)"),
    ("err-gn-zero-groups", X + f"a = {F}.group_norm(x.view(2, 3, 8), 0)"),
    ("err-gn-one-dim", f"a = {F}.group_norm(torch.ones(3), 1)"),
    ("err-gn-zero-dim", f"a = {F}.group_norm(torch.tensor(1.), 1)"),
    ("err-gn-one-value", f"a = {F}.group_norm(torch.ones(1, 3, 1), 3)"),
    ("err-gn-weight-length", X + f"a = {F}.group_norm(x.view(2, 3, 8), 3, torch.ones(2))"),
    ("err-gn-weight-two-dims", X + f"a = {F}.group_norm(x.view(2, 3, 8), 3, "
                                   "torch.ones(3, 1))"),
    ("err-gn-bias-length-shows-weight", X + f"a = {F}.group_norm(x.view(2, 3, 8), 3, "
                                            "torch.ones(3), torch.ones(2))"),
    ("err-gn-bias-length-no-weight", X + f"a = {F}.group_norm(x.view(2, 3, 8), 3, None, "
                                         "torch.ones(2))"),
    ("err-gn-long", X + f"a = {F}.group_norm(x.view(2, 3, 8).long(), 3)"),
    ("err-gn-long-float-weight", X + f"a = {F}.group_norm(x.view(2, 3, 8).long(), 3, "
                                     "torch.ones(3))"),
    ("err-gn-empty-long", f"a = {F}.group_norm(torch.zeros(0, 3, dtype=torch.long), 3)"),
    ("err-gn-bool", f"a = {F}.group_norm(torch.ones(2, 3, dtype=torch.bool), 3)"),
    ("err-gn-float-double-weight", X + f"a = {F}.group_norm(x.view(2, 3, 8), 3, "
                                       "torch.ones(3).double())"),
    ("err-gn-double-float-weight", X + f"a = {F}.group_norm(x.view(2, 3, 8).double(), 3, "
                                       "torch.ones(3))"),
    ("err-gn-half-weight-float-bias", X + f"a = {F}.group_norm(x.view(2, 3, 8).half(), 3, "
                                          "torch.ones(3).half(), torch.ones(3))"),
    ("err-gn-groups-float", X + f"a = {F}.group_norm(x.view(2, 3, 8), 3.)"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + VALUES + ERRORS, ERRORS)
