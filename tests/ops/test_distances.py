"""distance family: torch.nn.functional.normalize (TensorIterator's layout of the input and its
expanded norm; out= kept, resized, the input itself), cosine_similarity and
pairwise_distance (contiguous sums and norms of broadcast operands) and torch.cdist
(contiguous, or a view of the matmul's batch on the mm path). Contiguous, transposed,
permuted, stepped, expanded, overlapping, channels_last, offset, size-1, 0-d and empty
inputs; float, double, half, integer, bool and complex values where the ops take them;
instance_norm (a view of batch_norm's contiguous output, running stats written back) and
local_response_norm (its composite; an empty input returned itself); and the refusals:
integer norms, a complex or integer common dtype, dims out of range, empty inf norms,
broadcasting, cdist's ranks, columns, dtypes, p and compute_mode, instance_norm's stats and
spatial size, local_response_norm's rank."""

from __future__ import annotations

import pytest

from ._support import Table, assert_same_warnings, params, table_tests

F = "torch.nn.functional"
X = "x = torch.arange(24.).mul(7).remainder(24).sub(11).view(2, 3, 4)\n"
# (input source, its ndim)
_INPUTS = {
    "contiguous": (X + "v = x\n", 3),
    "transposed": (X + "v = x.transpose(0, 2)\n", 3),
    "permuted": (X + "v = x.permute(1, 2, 0)\n", 3),
    "stepped": (X + "v = x[:, ::2]\n", 3),
    "expanded": ("v = torch.tensor([[3., -1., 2., 5.]]).expand(3, 4)\n", 2),
    "overlapping": ("v = torch.arange(6.).sub(2).as_strided((3, 4), (1, 1))\n", 2),
    "channels-last": (X + "v = x.view(2, 3, 2, 2).contiguous(memory_format=torch.channels_last)"
                      "\n", 4),
    "offset": (X + "v = x[1:, 1:]\n", 3),
    "size-one-odd": ("v = torch.empty_strided((2, 1, 4), (1, 7, 2)).fill_(2.5)\n", 3),
    "zero-dim": ("v = torch.tensor(-0.75)\n", 0),
    "empty": ("v = torch.zeros(2, 0, 4).transpose(0, 2)\n", 3),
    "empty-last": ("v = torch.zeros(3, 0)\n", 2),
}

# (case name, call, the lowest rank it takes)
_CALLS = [
    ("normalize", f"a = {F}.normalize(v, dim=-1)\nb = {F}.normalize(v, p=1, dim=0)\n", 0),
    ("normalize-default", f"a = {F}.normalize(v)\nb = {F}.normalize(v, 3., 1, 0.5)\n", 2),
    ("cosine", f"a = {F}.cosine_similarity(v, v.flip(-1), dim=-1)\n"
               f"b = {F}.cosine_similarity(v, torch.ones(v.shape[-1]), 0)\n", 1),
    ("pairwise", f"a = {F}.pairwise_distance(v, v.flip(0))\n"
                 f"b = {F}.pairwise_distance(v, torch.ones(v.shape[-1]), p=1., keepdim=True)\n",
     0),
    ("cdist", "a = torch.cdist(v, torch.ones(2, v.shape[-1]))\n"
              "b = torch.cdist(v, v, p=1.)\n"
              "c = torch.cdist(v, torch.arange(3.).view(3, 1).expand(3, v.shape[-1]), "
              "compute_mode='use_mm_for_euclid_dist')\n", 2),
]

LAYOUTS: Table = [(f"{call}-{name}", src + text)
                  for name, (src, ndim) in _INPUTS.items()
                  for call, text, low in _CALLS
                  if ndim >= low and not (name.startswith("empty") and call == "normalize"
                                          and "p=1" not in text)]

VALUES: Table = [
    ("normalize-p", X + f"a = {F}.normalize(x, p=float('inf'))\nb = {F}.normalize(x, p=0.)\n"
                    f"c = {F}.normalize(x, p=0.5, dim=2)\nd = {F}.normalize(x, dim=-3)"),
    ("normalize-zero-rows", f"x = torch.zeros(2, 3)\na = {F}.normalize(x)\n"
                            f"b = {F}.normalize(x, eps=0.)"),
    ("normalize-dtypes", X + f"a = {F}.normalize(x.half())\nb = {F}.normalize(x.double())\n"
                         f"c = {F}.normalize(x * (1 + 2j))\nd = {F}.normalize(x.bfloat16())"),
    ("normalize-out-kept", X + f"o = torch.empty(2, 3, 4)\na = {F}.normalize(x, out=o)"),
    ("normalize-out-transposed", X + f"o = torch.empty(4, 3, 2).transpose(0, 2)\n"
                                 f"a = {F}.normalize(x, out=o)"),
    ("normalize-out-resized", X + f"o = torch.zeros(3)\na = {F}.normalize(x, out=o)"),
    ("normalize-out-empty", X + f"o = torch.zeros(0)\na = {F}.normalize(x, out=o)"),
    ("normalize-out-input", X + f"a = {F}.normalize(x, out=x)"),
    ("normalize-unwritten", "x = torch.empty(2, 3)\nx[0] = 1.\n"
                            f"a = {F}.normalize(x, dim=1)\nb = {F}.normalize(x, dim=0)"),
    ("normalize-result-is-new", X + f"a = {F}.normalize(x)\na.add_(1)\nx.add_(1)"),
    ("cosine-broadcast", X + f"a = {F}.cosine_similarity(x, x[:1])\n"
                         f"b = {F}.cosine_similarity(x[:, :1], x[:1], dim=0)\n"
                         f"c = torch.cosine_similarity(x.long(), x)\n"
                         f"d = {F}.cosine_similarity(x.half(), x.half(), eps=1.)\n"
                         f"e = {F}.cosine_similarity(x[0, 0], x[1, 0], dim=0)\n"
                         f"f = {F}.cosine_similarity(x.bool(), x.double())"),
    ("cosine-zero-vectors", f"x = torch.zeros(2, 3)\na = {F}.cosine_similarity(x, x)"),
    ("pairwise-forms", X + f"a = {F}.pairwise_distance(x.long(), x.long())\n"
                       f"b = torch.pairwise_distance(x, x[0, 0], p=float('inf'))\n"
                       f"c = {F}.pairwise_distance(x, x, p=0.)\n"
                       f"d = {F}.pairwise_distance(x[0, 0], x)\n"
                       f"e = {F}.pairwise_distance(x * 1j, x, eps=0.)\n"
                       f"f = {F}.pairwise_distance(torch.tensor(2.), torch.tensor(1.))\n"
                       f"g = {F}.pairwise_distance(x.half(), x.flip(2).half(), p=3.)"),
    ("cdist-batches", X + "a = torch.cdist(x, x[:1])\n"
                      "b = torch.cdist(x, x[0, :2], p=3.)\n"
                      "c = torch.cdist(x.view(2, 1, 3, 4), x[:, :2], p=float('inf'))\n"
                      "d = torch.cdist(x.double(), x.double().flip(1), p=0.)"),
    ("cdist-mm-path", "x = torch.arange(90.).remainder(7).view(30, 3)\n"
                      "y = torch.arange(6.).view(2, 3)\n"
                      "a = torch.cdist(x, y)\nb = torch.cdist(y, x)\n"
                      "c = torch.cdist(x, y, compute_mode='donot_use_mm_for_euclid_dist')\n"
                      "d = torch.cdist(x, y, p=1.)\n"
                      "e = torch.cdist(x.view(2, 15, 3), y, compute_mode='use_mm_for_euclid_dist')"
                      "\nf = torch.cdist(x.view(1, 30, 3), y.view(1, 1, 2, 3))"),
    ("cdist-empty-operands", "a = torch.cdist(torch.zeros(0, 4), torch.ones(2, 4))\n"
                              "b = torch.cdist(torch.zeros(3, 0), torch.zeros(2, 0))\n"
                    "c = torch.cdist(torch.zeros(0, 3, 2), torch.ones(3, 2))\n"
                    "d = torch.cdist(torch.ones(3, 2), torch.zeros(0, 2), p=0.)"),
    ("cdist-unwritten", "x = torch.empty(3, 2)\nx[0] = 1.\n"
                        "a = torch.cdist(x, torch.ones(2, 2))"),
]

N = "x = torch.arange(48.).mul(7).remainder(48).sub(20).view(2, 3, 2, 4)\n"
IN = "torch.nn.functional.instance_norm"
LRN = "torch.nn.functional.local_response_norm"
NORMS: Table = [
    ("instance-norm-layouts", N + f"a = {IN}(x)\n"
                              f"b = {IN}(x.contiguous(memory_format=torch.channels_last))\n"
                              f"c = {IN}(x.transpose(2, 3))\nd = {IN}(x[0])\n"
                              f"e = {IN}(x[:, :, :1])\n"
                              f"f = {IN}(torch.ones(1, 3, 1, 1).expand(2, 3, 2, 2))"),
    ("instance-norm-params", N + "w = torch.arange(3.)\nb = torch.ones(3)\n"
                             f"a = {IN}(x, weight=w, bias=b)\n"
                             f"c = {IN}(x.double(), None, None, w.double(), b.double(), "
                             "eps=0.5)"),
    ("instance-norm-running-stats", N + "rm = torch.zeros(3)\nrv = torch.ones(3)\n"
                                    f"a = {IN}(x, rm, rv)\n"
                                    f"b = {IN}(x, rm, rv, use_input_stats=False)\n"
                                    f"c = {IN}(x, rm, rv, momentum=0.5)"),
    ("instance-norm-eval-one-element", "x = torch.arange(6.).view(2, 3, 1)\n"
                                       "rm = torch.zeros(3)\nrv = torch.ones(3)\n"
                                       f"a = {IN}(x, rm, rv, use_input_stats=False)"),
    ("instance-norm-empty-batch", f"a = {IN}(torch.zeros(0, 3, 4))"),
    ("instance-norm-stats-cast", N + "rm = torch.zeros(3, dtype=torch.float64)\n"
                                 "rv = torch.ones(3)\n"
                                 f"a = {IN}(x.double(), torch.zeros(3), rv, "
                                 "use_input_stats=False)\n"
                                 f"b = {IN}(x, rm, rv)\nc = {IN}(x.half(), rm, rv, momentum=0.5)\n"
                                 f"d = {IN}(x.half(), rm, rv, torch.ones(3), "
                                 "use_input_stats=False)"),
    ("lrn-layouts", N + f"a = {LRN}(x, 2)\nb = {LRN}(x[0], 3)\n"
                    f"c = {LRN}(x[0].transpose(0, 1), 1)\n"
                    f"d = {LRN}(x.view(2, 3, 2, 2, 2), 2, alpha=0.1, beta=0.5, k=2.)\n"
                    f"e = {LRN}(x[:, :, ::2], 4)\n"
                    f"f = {LRN}(torch.ones(1, 3, 1).expand(2, 3, 4), 2)"),
    ("lrn-channels-last", N + f"a = {LRN}(x.contiguous(memory_format=torch.channels_last), 2)"),
    ("lrn-empty-is-input", f"x = torch.zeros(2, 0, 3)\na = {LRN}(x, 2)\na.add_(1)"),
    ("lrn-dtypes", N + f"a = {LRN}(x.double(), 2)\nb = {LRN}(x.half(), 3)\n"
                   f"c = {LRN}(x.long(), 2)"),
]

ERRORS: Table = [
    ("err-instance-norm-no-stats", N + f"a = {IN}(x, use_input_stats=False)"),
    ("err-instance-norm-one-spatial", f"a = {IN}(torch.ones(2, 3, 1))"),
    ("err-instance-norm-one-dim", f"a = {IN}(torch.ones(3))"),
    ("err-instance-norm-stat-size", f"a = {IN}(torch.ones(2, 3, 2), torch.zeros(2), "
                                    "torch.ones(2))"),
    ("err-instance-norm-long", f"a = {IN}(torch.ones(2, 3, 2).long())"),
    ("err-instance-norm-mixed-weight", f"a = {IN}(torch.ones(2, 3, 2).double(), "
                                       "weight=torch.ones(3))"),
    ("err-lrn-rank", f"a = {LRN}(torch.ones(2, 3), 2)"),
    ("err-normalize-long", X + f"a = {F}.normalize(x.long())"),
    ("err-normalize-bool", X + f"a = {F}.normalize(x.bool())"),
    ("err-normalize-dim", X + f"a = {F}.normalize(x, dim=3)"),
    ("err-normalize-zero-dim-default", f"a = {F}.normalize(torch.tensor(1.))"),
    ("err-normalize-empty-inf", f"a = {F}.normalize(torch.zeros(2, 0), p=float('inf'))"),
    ("err-normalize-empty-negative", f"a = {F}.normalize(torch.zeros(2, 0), p=-1.)"),
    ("err-normalize-out-dtype", X + f"o = torch.zeros(2, 3, 4, dtype=torch.int64)\n"
                                f"a = {F}.normalize(x, out=o)"),
    ("err-cosine-long", X + f"a = {F}.cosine_similarity(x.long(), x.long())"),
    ("err-cosine-complex", X + f"a = {F}.cosine_similarity(x * 1j, x)"),
    ("err-cosine-broadcast", X + f"a = {F}.cosine_similarity(x, torch.ones(3))"),
    ("err-cosine-dim", X + f"a = {F}.cosine_similarity(x, x, dim=3)"),
    ("err-cosine-one-dim-default", f"a = {F}.cosine_similarity(torch.ones(3), torch.ones(3))"),
    ("err-pairwise-broadcast", X + f"a = {F}.pairwise_distance(x, torch.ones(3))"),
    ("err-pairwise-bool", X + f"a = {F}.pairwise_distance(x.bool(), x.bool())"),
    ("err-pairwise-empty-inf", f"a = {F}.pairwise_distance(torch.zeros(2, 0), "
                               "torch.zeros(2, 0), p=float('inf'))"),
    ("err-cdist-rank-x1", "a = torch.cdist(torch.ones(3), torch.ones(2, 3))"),
    ("err-cdist-rank-x2", "a = torch.cdist(torch.ones(2, 3), torch.ones(3))"),
    ("err-cdist-columns", "a = torch.cdist(torch.ones(2, 4), torch.ones(2, 3))"),
    ("err-cdist-long", "a = torch.cdist(torch.ones(2, 3).long(), torch.ones(2, 3))"),
    ("err-cdist-long-x2", "a = torch.cdist(torch.ones(2, 3), torch.ones(2, 3).long())"),
    ("err-cdist-negative-p", "a = torch.cdist(torch.ones(2, 3), torch.ones(2, 3), p=-1.)"),
    ("err-cdist-mode", "a = torch.cdist(torch.ones(2, 3), torch.ones(2, 3), compute_mode='mm')"),
    ("err-cdist-half", "a = torch.cdist(torch.ones(2, 3).half(), torch.ones(2, 3).half())"),
    ("err-cdist-batch", "a = torch.cdist(torch.ones(2, 3, 4), torch.ones(3, 2, 4))"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + VALUES + NORMS + ERRORS, ERRORS)

_OUT = [case for case in VALUES if case[0].startswith("normalize-out")]


@pytest.mark.parametrize("src", params(_OUT))
def test_out_warns_as_torch(src: str) -> None:
    assert_same_warnings(src)
