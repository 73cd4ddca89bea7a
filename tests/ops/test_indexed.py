"""indexed family: index_reduce (prod, mean, amax, amin, include_self) and masked_scatter give new
contiguous results whatever self's layout, put a clone in self's layout, take_along_dim
gather's contiguous result of the broadcast indices' shape; index_reduce's and
take_along_dim's out= kept, resized, overlapping; in place on every writable layout, with one
version bump, refusing self whose elements share memory and index_reduce's and put's
overlapping operands. Values exact: index order, NaN through amax and amin, floor division of
integer means, masked positions in logical order, a contiguous source read as it is written,
put's negative and accumulated indices, take_along_dim's indices wrapped modulo the dim's
size; and the refusals word for word."""

from __future__ import annotations

from ._support import Table, table_tests

X = "x = torch.arange(24.).mul(7).remainder(24).sub(11).view(2, 3, 4)\n"
# (input source, its ndim)
_INPUTS = {
    "contiguous": (X + "v = x\n", 3),
    "transposed": (X + "v = x.transpose(0, 2)\n", 3),
    "permuted": (X + "v = x.permute(1, 2, 0)\n", 3),
    "stepped": (X + "v = x[:, ::2]\n", 3),
    "expanded": ("v = torch.tensor([[3., -1., 2.]]).expand(4, 3)\n", 2),
    "overlapping": ("v = torch.arange(6.).as_strided((3, 3), (1, 1))\n", 2),
    "channels-last": (X + "v = x.view(1, 2, 3, 4).contiguous(memory_format=torch.channels_last)\n",
                      4),
    "offset": (X + "v = x[1:, 1:]\n", 3),
    "size-one-odd": ("v = torch.empty_strided((2, 1, 3), (1, 7, 2)).fill_(2.5)\n", 3),
    "zero-dim": ("v = torch.tensor(-0.75)\n", 0),
    "empty": ("v = torch.zeros(2, 0, 3).transpose(0, 2)\n", 3),
}

# two slots along dim 0 (the first one twice where the shape allows), a source of the slices
_SLOTS = "n = v.shape[0] if v.ndim else 1\n" \
         "k = torch.tensor([0, n - 1, 0]) if v.ndim else torch.tensor([0])\n" \
         "u = torch.arange(3. * v[0].numel()).sub(4).view((3,) + tuple(v.shape[1:])) " \
         "if v.ndim else torch.tensor(4.)\n"
_MASK = "m = (torch.arange(v.shape[-1]) % 2 == 0) if v.ndim else torch.tensor(True)\n" \
        "s = torch.arange(float(v.numel() + 1)).mul(-1)\n"
_FLAT = "j = torch.tensor([0, -1, v.numel() // 2]) if v.numel() else torch.tensor([], " \
        "dtype=torch.long)\nw3 = torch.tensor([5., 6., 7.]) if v.numel() else torch.tensor([])\n"
_ALONG = "g = torch.tensor([[1, -1], [0, 5]]).view((2, 2) + (1,) * (v.ndim - 2))[" \
         ":, :1] if v.ndim >= 2 else torch.tensor([0])\n"

_CALLS = [
    ("index-reduce-prod", _SLOTS + "a = v.index_reduce(0, k, u, 'prod')\n"),
    ("index-reduce-mean", _SLOTS + "a = torch.index_reduce(v, 0, k, u, 'mean')\n"
                                   "b = v.index_reduce(-1 if v.ndim else 0, k[:1], "
                                   "torch.ones(tuple(v.shape[:-1]) + (1,)) if v.ndim else u, "
                                   "'mean', include_self=False)\n"),
    ("index-reduce-amax", _SLOTS + "a = v.index_reduce(0, k, u, 'amax', include_self=False)\n"),
    ("index-reduce-amin", _SLOTS + "a = v.index_reduce(0, k.int(), u, 'amin')\n"),
    ("masked-scatter", _MASK + "a = v.masked_scatter(m, s)\nb = torch.masked_scatter(v, m, s)\n"),
    ("masked-scatter-wide-mask", _MASK + "a = v.masked_scatter(m.expand((2,) + tuple(v.shape)), "
                                         "torch.cat([s, s]))\n"),
    ("put", _FLAT + "a = v.put(j, w3)\nb = torch.put(v, j, w3, accumulate=True)\n"),
    ("take-along-dim-flat", "a = torch.take_along_dim(v, torch.tensor([0, v.numel() - 1]) "
                            "if v.numel() else torch.tensor([], dtype=torch.long))\n"),
]

LAYOUTS: Table = [(f"{call}-{name}", src + text)
                  for name, (src, ndim) in _INPUTS.items() for call, text in _CALLS]

_WRITABLE = [name for name in _INPUTS if name not in ("expanded", "overlapping")]
IN_PLACE: Table = [
    (f"in-place-{name}", _INPUTS[name][0] + "w = v.clone()\n" + _SLOTS + _MASK + _FLAT
     + "w.index_reduce_(0, k, u, 'prod')\nw.index_reduce_(0, k, u, 'amin', include_self=False)\n"
       "w.masked_scatter_(m, s)\nw.put_(j, w3)\nw.put_(j, w3, True)\n")
    for name in _WRITABLE] + [
    ("in-place-view-of-base", X + "w = x[1]\nw.index_reduce_(1, torch.tensor([3, 0]), "
                                  "torch.ones(3, 2) * 2, 'mean')\n"
                                  "w.masked_scatter_(torch.tensor([True, False, False, True]), "
                                  "torch.arange(6.))\nw.put_(torch.tensor([-1]), "
                                  "torch.tensor([9.]))"),
    ("in-place-transposed-view", X + "w = x.transpose(0, 1)\n"
                                     "w.masked_scatter_(torch.ones(2, 4, dtype=torch.bool), "
                                     "torch.arange(30.))\nw.put_(torch.tensor([1, 23]), "
                                     "torch.tensor([-5., -6.]), accumulate=True)"),
]

# take_along_dim along a dim: broadcasting both ways, wrapped indices, layouts of the input
TAKE_ALONG: Table = [
    (f"take-along-dim-{name}", src + _ALONG + "a = torch.take_along_dim(v, g, 0) if v.ndim >= 2 "
                                              "else torch.take_along_dim(v, g)\n"
                                              "b = v.take_along_dim(g[:1], dim=-1) if v.ndim >= 2 "
                                              "else v.take_along_dim(g, None)\n")
    for name, (src, ndim) in _INPUTS.items() if name not in ("zero-dim", "empty")] + [
    ("take-along-dim-broadcast-both", "x = torch.arange(12.).view(3, 4)\n"
                                      "a = torch.take_along_dim(x[:, :1], torch.tensor([[0, 1, 2,"
                                      " 3]]), 0)\n"
                                      "b = torch.take_along_dim(x[:, :1], torch.tensor([[0, 1, 2,"
                                      " 3]]), 1)\n"
                                      "c = torch.take_along_dim(x, torch.tensor([[0, 1]]).expand("
                                      "3, 2), 1)\n"
                                      "d = torch.take_along_dim(x, torch.tensor([[0, 1, 2, 3]])"
                                      ".t(), 0)"),
    ("take-along-dim-wraps", "x = torch.arange(12.).view(3, 4)\n"
                             "a = torch.take_along_dim(x, torch.tensor([[5], [-2], [100]]), 1)\n"
                             "b = torch.take_along_dim(x, torch.tensor([[-13], [3], [1]]), -1)"),
    ("take-along-dim-dtypes", "x = torch.arange(12).view(3, 4)\n"
                              "i = torch.tensor([[0], [3], [1]])\n"
                              "a = torch.take_along_dim(x.bool(), i, 1)\n"
                              "b = torch.take_along_dim(x.cfloat(), i, 1)\n"
                              "c = torch.take_along_dim(x.half(), i, 1)\n"
                              "d = torch.take_along_dim(x.bfloat16(), i, 1)\n"
                              "e = torch.take_along_dim(x, i.view(-1).int())"),
    ("take-along-dim-empty", "x = torch.arange(12.).view(3, 4)\n"
                             "a = torch.take_along_dim(x, torch.zeros(1, 0, dtype=torch.long), 1)\n"
                             "b = torch.take_along_dim(torch.zeros(3, 0), torch.zeros(3, 0, "
                             "dtype=torch.long), 1)\n"
                             "c = torch.take_along_dim(torch.zeros(3, 0), torch.tensor([[0], [3],"
                             " [1]]), 0)\n"
                             "d = torch.take_along_dim(torch.zeros(0, 2), torch.tensor([[1]]), 1)"),
    ("take-along-dim-0d", "x = torch.tensor(5.)\n"
                          "a = torch.take_along_dim(x, torch.tensor([0, 0]))\n"
                          "b = torch.take_along_dim(x, torch.tensor(0))"),
    ("take-along-dim-channels-last-indices", "x = torch.arange(12.).view(1, 3, 4, 1)"
                                             ".contiguous(memory_format=torch.channels_last)\n"
                                             "i = torch.tensor([[0], [3], [1]]).view(1, 3, 1, 1)"
                                             ".expand(1, 3, 2, 2).contiguous(memory_format="
                                             "torch.channels_last)\n"
                                             "a = torch.take_along_dim(x, i, 2)"),
]

VALUES: Table = [
    ("index-reduce-int-mean-floor", "x = torch.arange(4)\n"
                                    "i = torch.tensor([0, 0, 1])\n"
                                    "a = x.index_reduce(0, i, torch.tensor([3, 4, 5]), 'mean')\n"
                                    "b = x.index_reduce(0, i, torch.tensor([3, 4, 5]), 'mean', "
                                    "include_self=False)\n"
                                    "c = x.index_reduce(0, i, torch.tensor([-3, 4, 5]), 'amin', "
                                    "include_self=False)\n"
                                    "y = torch.ones(2, 3).long()\n"
                                    "d = y.index_reduce(1, torch.tensor([1, 1]), "
                                    "-torch.ones(2, 2).long() * 3, 'mean')\n"
                                    "e = y.index_reduce(1, torch.tensor([1, 1]), "
                                    "-torch.ones(2, 2).long() * 3, 'amax', include_self=False)"),
    ("index-reduce-float", "x = torch.ones(3)\ni = torch.tensor([1, 1])\n"
                           "s = torch.tensor([2., 3.])\n"
                           "a = x.index_reduce(0, i, s, 'mean', include_self=False)\n"
                           "b = x.index_reduce(0, i, s, 'amax', include_self=False)\n"
                           "c = x.index_reduce(0, i, s, 'prod', include_self=False)\n"
                           "d = x.index_reduce(0, i, s, reduce='amin')\n"
                           "y = torch.arange(6.).view(2, 3)\n"
                           "e = y.index_reduce(1, torch.tensor([0, 2, 0]), torch.arange(6.).view("
                           "2, 3) * 2, 'amin', include_self=False)"),
    ("index-reduce-half-bfloat16", "x = torch.tensor([1., 2]).half()\n"
                                   "a = x.index_reduce(0, torch.tensor([0, 0, 1]), "
                                   "torch.tensor([1., 2, 3]).half(), 'mean')\n"
                                   "b = x.bfloat16().index_reduce(0, torch.tensor([0, 0, 1]), "
                                   "torch.tensor([1., 2, 3]).bfloat16(), 'prod')\n"
                                   "c = x.view(2, 1).index_reduce(1, torch.tensor([0, 0]), "
                                   "torch.tensor([[0.1, 0.2], [0.3, 0.4]]).half(), 'mean')"),
    ("index-reduce-nan", "x = torch.tensor([float('nan'), 1, 2])\n"
                         "s = torch.tensor([1., float('nan'), 5])\n"
                         "a = x.index_reduce(0, torch.tensor([0, 1, 1]), s, 'amax')\n"
                         "b = x.view(1, 3).index_reduce(1, torch.tensor([0, 1, 1]), s.view(1, 3), "
                         "'amin')"),
    ("index-reduce-bool-complex-2d", "x = torch.ones(2, 3).bool()\n"
                                     "i = torch.tensor([1, 1])\n"
                                     "a = x.index_reduce(1, i, torch.tensor([[True, False], "
                                     "[True, True]]), 'prod')\n"
                                     "b = x.logical_not().index_reduce(1, i, torch.tensor([[True, "
                                     "False], [False, False]]), 'amax')\n"
                                     "c = x.index_reduce(1, torch.tensor([], dtype=torch.long), "
                                     "torch.ones(2, 0).bool(), 'mean')\n"
                                     "z = torch.ones(2, 3).cfloat() * 1j\n"
                                     "d = z.index_reduce(1, i, z[:, :2] + 1, 'prod')\n"
                                     "e = z.index_reduce(1, i, z[:, :2] + 1, 'mean')"),
    ("index-reduce-0d", "x = torch.tensor(5.)\n"
                        "a = x.index_reduce(0, torch.tensor([0]), torch.tensor(3.), 'prod')\n"
                        "b = x.index_reduce(-1, torch.tensor(0), torch.tensor(3.), 'amax', "
                        "include_self=False)"),
    ("index-reduce-empty-index", "x = torch.ones(3)\n"
                                 "a = x.index_reduce(0, torch.tensor([], dtype=torch.long), "
                                 "torch.tensor([]), 'prod')\n"
                                 "b = x.index_reduce(0, torch.tensor([], dtype=torch.long), "
                                 "torch.tensor([]), 'mean', include_self=False)\n"
                                 "c = torch.ones(0, 3).index_reduce(1, torch.tensor([0]), "
                                 "torch.ones(0, 1), 'prod')"),
    ("masked-scatter-values", "x = torch.tensor([1., 2])\n"
                              "a = x.masked_scatter(torch.tensor([[True], [False]]), "
                              "torch.arange(100.))\n"
                              "b = x.expand(3, 2).masked_scatter(torch.tensor([True, False]), "
                              "torch.arange(10.))\n"
                              "c = x.masked_scatter(torch.tensor(True), torch.arange(3.))\n"
                              "d = torch.tensor(1.).masked_scatter(torch.tensor([True, False]), "
                              "torch.arange(3.))\n"
                              "e = x.masked_scatter(torch.tensor([False, True]), "
                              "torch.arange(6.).view(2, 3).t())\n"
                              "f = x.masked_scatter(torch.tensor([False, False]), torch.zeros(0))"),
    ("masked-scatter-dtypes", "m = torch.tensor([False, True, True])\n"
                              "a = torch.tensor([1, 2, 3]).masked_scatter(m, "
                              "torch.tensor([7, 8]))\n"
                              "b = torch.tensor([True, False, False]).masked_scatter(m, "
                              "torch.tensor([True, False]))\n"
                              "c = torch.tensor([1j, 2, 3]).masked_scatter(m, "
                              "torch.tensor([3j, 4]))\n"
                              "d = torch.tensor([1., 2, 3]).half().masked_scatter(m, "
                              "torch.tensor([0.1, 0.2]).half())\n"
                              "e = torch.tensor([1., 2, 3]).bfloat16().masked_scatter(m, "
                              "torch.tensor([0.1, 0.2]).bfloat16())"),
    ("masked-scatter-logical-order", "w = torch.zeros(3, 2).t()\n"
                                     "w.masked_scatter_(torch.ones(2, 3, dtype=torch.bool), "
                                     "torch.arange(6.))\n"
                                     "c = torch.zeros(1, 2, 3, 2).contiguous(memory_format="
                                     "torch.channels_last)\n"
                                     "c.masked_scatter_(torch.ones(2, 3, 2, dtype=torch.bool), "
                                     "torch.arange(12.))\n"
                                     "e = torch.zeros(2, 3).masked_scatter_(torch.tensor([True, "
                                     "False, True]).expand(2, 3), torch.arange(4.).view(2, 2))"),
    ("masked-scatter-source-overlaps-self", "y = torch.arange(5.)\n"
                                            "y[2:4].masked_scatter_(torch.tensor([True, True]), "
                                            "y[1:3])\n"
                                            "z = torch.arange(5.)\n"
                                            "z[1:3].masked_scatter_(torch.tensor([True, True]), "
                                            "z[2:4])\n"
                                            "q = torch.arange(5.)\n"
                                            "r = q.masked_scatter(torch.tensor([True, True, False,"
                                            " False, False]), q[1:3])"),
    ("masked-scatter-empty-values", "a = torch.zeros(0, 3).masked_scatter(torch.tensor(["
                                    "True, False, True]), torch.zeros(0))\n"
                             "b = torch.ones(0).masked_scatter_(torch.tensor([True]), "
                             "torch.arange(3.))\n"
                             "c = torch.tensor(1.).masked_scatter(torch.tensor(False), "
                             "torch.tensor([]))"),
    ("masked-scatter-keywords", "x = torch.ones(2)\n"
                                "a = torch.masked_scatter(x, torch.tensor([True, True]), "
                                "source=torch.arange(3.))\n"
                                "b = x.masked_scatter(mask=torch.tensor([True, True]), "
                                "source=torch.arange(3.))"),
    ("put-values", "x = torch.arange(12.).view(3, 4)\n"
                   "a = x.put(torch.tensor([0, 5, -12]), torch.tensor([10., 20, 30]))\n"
                   "b = x.put(torch.tensor([0, 5, 5]), torch.tensor([10., 20, 30]), True)\n"
                   "c = x.put(torch.tensor(5), torch.tensor(3.))\n"
                   "d = x.put(torch.tensor([[5, 1]]), torch.tensor([3., 4.]))\n"
                   "e = torch.tensor(1.).put(torch.tensor([0, 0, -1]), torch.tensor([3., 4, 5]), "
                   "accumulate=True)\n"
                   "f = x.put(torch.tensor([2, 2]), torch.tensor([7., 7.]))"),
    ("put-duplicates-differ", "x = torch.arange(4.)\n"
                              "a = x.put(torch.tensor([1, 1]), torch.tensor([5., 6.]))\n"
                              "b = torch.tensor([True, False]).put(torch.tensor([1, 1]), "
                              "torch.tensor([True, False]))"),
    ("put-dtypes-accumulate", "i = torch.tensor([0, 0])\n"
                              "a = torch.zeros(3).bool().put(i, torch.tensor([True, True]), "
                              "accumulate=True)\n"
                              "b = torch.zeros(3).cfloat().put(i, torch.tensor([1j, 2]), "
                              "accumulate=True)\n"
                              "c = torch.zeros(3).half().put(i, torch.tensor([1., 2]).half(), "
                              "accumulate=True)\n"
                              "d = torch.zeros(3).int().put(i, torch.tensor([1, 2]).int(), "
                              "accumulate=True)\n"
                              "e = torch.full((3,), 1e8).put(torch.tensor([0, 0, 0]), "
                              "torch.tensor([1., -1e8, 3.]), accumulate=True)"),
    ("put-empty-values", "a = torch.zeros(0).put(torch.tensor([], dtype=torch.long), "
                         "torch.tensor([]))\n"
                  "x = torch.ones(3)\n"
                  "x.put_(torch.tensor([], dtype=torch.long), torch.tensor([]))"),
    ("put-undefined-self", "e = torch.empty(3, 4)\ne[0] = 1.\n"
                           "a = e.put(torch.tensor([0, 11]), torch.tensor([2., 3.]))\n"
                           "b = e.index_reduce(0, torch.tensor([0]), torch.ones(1, 4), 'prod')\n"
                           "c = e.masked_scatter(torch.tensor([True, False, True, False]), "
                           "torch.arange(6.))"),
    ("in-place-bumps-when-nothing-written", "x = torch.arange(4.)\n"
                                            "x.masked_scatter_(x > 20, x.clone())\n"
                                            "x.put_(torch.tensor([], dtype=torch.long), "
                                            "torch.tensor([]))\n"
                                            "x.index_reduce_(0, torch.tensor([], dtype=torch.long),"
                                            " torch.tensor([]), 'amax')"),
]

OUT: Table = [
    ("index-reduce-out-kept-transposed", "x = torch.arange(6.).view(2, 3)\n"
                                         "o = torch.zeros(3, 2).t()\n"
                                         "r = torch.index_reduce(x, 0, torch.tensor([1, 1]), "
                                         "torch.ones(2, 3) * 2, 'prod', out=o)"),
    ("index-reduce-out-resized", "x = torch.ones(3)\no = torch.zeros(5)\n"
                                 "r = torch.index_reduce(x, 0, torch.tensor([1, 1]), "
                                 "torch.tensor([2., 3]), 'prod', out=o)"),
    ("index-reduce-out-stepped", "x = torch.ones(3)\no = torch.zeros(6)[::2]\n"
                                 "r = torch.index_reduce(x, 0, torch.tensor([1, 1]), "
                                 "torch.tensor([2., 3]), 'mean', include_self=False, out=o)"),
    ("index-reduce-out-empty-resized", "x = torch.arange(6.).view(2, 3)\no = torch.zeros(0)\n"
                                       "r = torch.index_reduce(x, 1, torch.tensor([0]), "
                                       "torch.ones(2, 1), 'amin', out=o)"),
    ("index-reduce-out-is-self", "x = torch.ones(3)\n"
                                 "r = torch.index_reduce(x, 0, torch.tensor([1, 1]), "
                                 "torch.tensor([2., 3]), 'prod', out=x)"),
    ("take-along-dim-out-kept", "x = torch.arange(12.).view(3, 4)\no = torch.empty(1, 3).t()\n"
                                "r = torch.take_along_dim(x, torch.tensor([[0], [3], [1]]), 1, "
                                "out=o)\n"
                                "p = torch.empty(4, 3).t()\n"
                                "q = torch.take_along_dim(x, torch.tensor([[0, 1, 2, 3]]), 1, "
                                "out=p)"),
    ("take-along-dim-out-resized", "x = torch.arange(12.).view(3, 4)\no = torch.empty(5)\n"
                                   "r = torch.take_along_dim(x, torch.tensor([[0], [3], [1]]), 1, "
                                   "out=o)\n"
                                   "p = torch.empty(3, 1)\n"
                                   "q = torch.take_along_dim(x, torch.tensor([0, 3]), out=p)"),
    ("take-along-dim-out-view-of-input", "x = torch.arange(12.).view(3, 4)\n"
                                         "r = torch.take_along_dim(x, torch.tensor([[0], [3], "
                                         "[1]]), 1, out=x[:, 1:2].clone())"),
]

ERRORS: Table = [
    # half prod over one-element slices: the second index finds the iterator short of an
    # operand (the first is folded in)
    ("err-index-reduce-prod-half-lost-operand", "x = torch.full((3, 1), 3.).half()\n"
                                                "x.index_reduce_(0, torch.tensor([1, 0]), "
                                                "torch.full((2, 1), 2.).half(), 'prod')"),
    ("err-index-reduce-prod-bfloat16-lost-operand", "x = torch.full((3, 1, 1), 3.).bfloat16()\n"
                                                    "r = torch.index_reduce(x, 0, "
                                                    "torch.tensor([2, 2, 0]), torch.ones(3, 1, "
                                                    "1).bfloat16(), 'prod', "
                                                    "include_self=False)"),
    ("err-index-reduce-name", "x = torch.ones(3)\n"
                              "x.index_reduce(0, torch.tensor([1]), torch.tensor([2.]), 'sum')"),
    ("err-index-reduce-name-before-index", "x = torch.ones(2, 3)\n"
                                           "x.index_reduce(1, torch.tensor([5]).short(), "
                                           "torch.ones(2, 1), 'foo')"),
    ("err-index-reduce-index-dtype", "x = torch.ones(2, 3)\n"
                                     "x.index_reduce(1, torch.tensor([1]).short(), "
                                     "torch.ones(2, 1), 'prod')"),
    ("err-index-reduce-index-float", "x = torch.ones(2, 3)\n"
                                     "x.index_reduce_(1, torch.tensor([1.]), torch.ones(2, 1), "
                                     "'prod')"),
    ("err-index-reduce-source-dtype", "x = torch.ones(2, 3)\n"
                                      "x.index_reduce(1, torch.tensor([1]), torch.ones(2, 1)"
                                      ".double(), 'mean')"),
    ("err-index-reduce-vector", "x = torch.ones(2, 3)\n"
                                "x.index_reduce(1, torch.tensor([[1]]), torch.ones(2, 1), "
                                "'mean')"),
    ("err-index-reduce-count", "x = torch.ones(2, 3)\n"
                               "x.index_reduce(1, torch.tensor([1, 0]), torch.ones(2, 1), "
                               "'mean')"),
    ("err-index-reduce-shape", "x = torch.ones(2, 3)\n"
                               "x.index_reduce(1, torch.tensor([1]), torch.ones(3, 1), 'mean')"),
    ("err-index-reduce-source-dim", "x = torch.ones(2, 3)\n"
                                    "x.index_reduce(1, torch.tensor([1, 1]), torch.ones(2), "
                                    "'prod')"),
    ("err-index-reduce-0d-source", "x = torch.ones(3)\n"
                                   "x.index_reduce(0, torch.tensor([0]), torch.tensor(3.), "
                                   "'prod')"),
    ("err-index-reduce-0d-count", "x = torch.tensor(5.)\n"
                                  "x.index_reduce(0, torch.tensor([0, 0]), torch.tensor(3.), "
                                  "'prod')"),
    ("err-index-reduce-dim", "x = torch.ones(2, 3)\n"
                             "x.index_reduce(2, torch.tensor([1]), torch.ones(2, 1), 'prod')"),
    ("err-index-reduce-range", "x = torch.ones(2, 3)\n"
                               "x.index_reduce(1, torch.tensor([0, 3]), torch.ones(2, 2), "
                               "'mean')"),
    ("err-index-reduce-negative", "x = torch.ones(3)\n"
                                  "x.index_reduce(0, torch.tensor([-1]), torch.ones(1), 'mean')"),
    ("err-index-reduce-range-exclude-self", "x = torch.ones(2, 3)\n"
                                            "x.index_reduce(1, torch.tensor([5]), torch.ones(2, "
                                            "1), 'prod', include_self=False)"),
    ("err-index-reduce-negative-exclude-self", "x = torch.ones(2, 3)\n"
                                               "x.index_reduce(1, torch.tensor([-1]), "
                                               "torch.ones(2, 1), 'prod', include_self=False)"),
    ("err-index-reduce-empty-dim", "x = torch.ones(2, 0)\n"
                                   "x.index_reduce(1, torch.tensor([0]), torch.ones(2, 1), "
                                   "'prod')"),
    ("err-index-reduce-empty-self-range", "x = torch.ones(0, 3)\n"
                                          "x.index_reduce(1, torch.tensor([4]), torch.ones(0, "
                                          "1), 'prod', include_self=False)"),
    ("err-index-reduce-bool-1d", "x = torch.tensor([True, False])\n"
                                 "x.index_reduce(0, torch.tensor([0]), torch.tensor([True]), "
                                 "'amax')"),
    ("err-index-reduce-bool-1d-empty", "x = torch.ones(3).bool()\n"
                                       "x.index_reduce(0, torch.tensor([], dtype=torch.long), "
                                       "torch.ones(0).bool(), 'prod')"),
    ("err-index-reduce-complex-1d", "x = torch.tensor([1j, 2])\n"
                                    "x.index_reduce(0, torch.tensor([0]), torch.tensor([1j]), "
                                    "'prod')"),
    ("err-index-reduce-bool-exclude-self", "x = torch.ones(2, 3).bool()\n"
                                           "x.index_reduce(1, torch.tensor([1]), torch.ones(2, 1)"
                                           ".bool(), 'prod', include_self=False)"),
    ("err-index-reduce-complex-exclude-self", "x = torch.ones(2, 3).cfloat()\n"
                                              "x.index_reduce(1, torch.tensor([], dtype=torch."
                                              "long), torch.ones(2, 0).cfloat(), 'prod', "
                                              "include_self=False)"),
    ("err-index-reduce-complex-amax", "x = torch.ones(2, 3).cfloat()\n"
                                      "x.index_reduce(1, torch.tensor([1]), torch.ones(2, 1)"
                                      ".cfloat(), 'amax')"),
    ("err-index-reduce-complex-amin-range", "x = torch.ones(2, 3).cfloat()\n"
                                            "x.index_reduce(1, torch.tensor([7]), torch.ones(2, "
                                            "1).cfloat(), 'amin')"),
    ("err-index-reduce-bool-mean", "x = torch.ones(2, 3).bool()\n"
                                   "x.index_reduce(1, torch.tensor([1]), torch.ones(2, 1).bool(),"
                                   " 'mean')"),
    ("err-index-reduce-self-overlap", "x = torch.ones(3)\n"
                                      "x.index_reduce_(0, torch.tensor([1, 1]), x[:2], 'prod')"),
    ("err-index-reduce-expanded", "x = torch.ones(3)\n"
                                  "x.expand(2, 3).index_reduce_(1, torch.tensor([1, 1]), "
                                  "torch.ones(2, 2), 'prod')"),
    ("err-index-reduce-out-dtype", "x = torch.ones(3)\n"
                                   "torch.index_reduce(x, 0, torch.tensor([1]), torch.ones(1), "
                                   "'prod', out=torch.zeros(3).double())"),
    ("err-index-reduce-index-list", "x = torch.ones(3)\n"
                                    "x.index_reduce(0, [0], torch.tensor([2.]), 'prod')"),
    ("err-masked-scatter-mask-long", "x = torch.tensor([1., 2])\n"
                                     "x.masked_scatter(torch.tensor([1, 1]), torch.arange(3.))"),
    ("err-masked-scatter-mask-uint8", "x = torch.tensor([1., 2])\n"
                                      "x.masked_scatter_(torch.tensor([1, 1]).byte(), "
                                      "torch.arange(3.))"),
    ("err-masked-scatter-mask-long-empty", "x = torch.ones(0)\n"
                                           "x.masked_scatter_(torch.tensor([1]), "
                                           "torch.arange(3.))"),
    ("err-masked-scatter-source-dtype", "x = torch.tensor([1., 2])\n"
                                        "x.masked_scatter(torch.tensor([True, True]), "
                                        "torch.arange(3))"),
    ("err-masked-scatter-dtype-before-mask", "x = torch.ones(2)\n"
                                             "x.masked_scatter_(torch.tensor([1, 1]), "
                                             "torch.arange(3))"),
    ("err-masked-scatter-broadcast", "x = torch.tensor([1., 2])\n"
                                     "x.masked_scatter(torch.tensor([True, True, False]), "
                                     "torch.arange(3.))"),
    ("err-masked-scatter-expand", "x = torch.ones(2)\n"
                                  "x.masked_scatter_(torch.tensor([True, True, False]), "
                                  "torch.arange(3.))"),
    ("err-masked-scatter-expand-rank", "x = torch.tensor([1., 2])\n"
                                       "x.masked_scatter_(torch.tensor([[True], [True]]), "
                                       "torch.arange(4.))"),
    ("err-masked-scatter-short", "x = torch.tensor([1., 2])\n"
                                 "x.masked_scatter(torch.tensor([[True], [True]]), "
                                 "torch.arange(3.))"),
    ("err-masked-scatter-short-in-place", "x = torch.tensor([1., 2])\n"
                                          "x.masked_scatter_(torch.tensor([True, True]), "
                                          "torch.arange(1.))"),
    ("err-masked-scatter-empty-source", "x = torch.tensor([1., 2])\n"
                                        "x.masked_scatter_(torch.tensor([True, False]), "
                                        "torch.arange(0.))"),
    ("err-masked-scatter-expanded-self", "x = torch.ones(2)\n"
                                         "x.expand(2, 2).masked_scatter_(torch.tensor([False, "
                                         "False]), torch.arange(8.))"),
    ("err-masked-scatter-overlap-first", "x = torch.ones(2)\n"
                                         "x.expand(2, 2).masked_scatter_(torch.tensor([1, 1, 1]),"
                                         " torch.arange(3))"),
    ("err-masked-scatter-scalar-source", "x = torch.tensor([1., 2])\n"
                                         "x.masked_scatter(torch.tensor([False, True]), 3.)"),
    ("err-masked-scatter-out", "x = torch.tensor([1., 2])\n"
                               "torch.masked_scatter(x, torch.tensor([False, True]), "
                               "torch.tensor([3.]), out=torch.zeros(2))"),
    ("err-put-index-int", "x = torch.arange(12.).view(3, 4)\n"
                          "x.put(torch.tensor([0, 5]).int(), torch.tensor([10., 20]))"),
    ("err-put-source-dtype", "x = torch.arange(12.).view(3, 4)\n"
                             "x.put_(torch.tensor([0, 5]), torch.tensor([10, 20]))"),
    ("err-put-count", "x = torch.arange(12.).view(3, 4)\n"
                      "x.t().put(torch.tensor([0, 5, -1]), torch.tensor([10., 20]))"),
    ("err-put-count-0d-source", "x = torch.arange(12.).view(3, 4)\n"
                                "x.put(torch.tensor([0, 5, 5]), torch.tensor(3.))"),
    ("err-put-range", "x = torch.arange(12.).view(3, 4)\n"
                      "x.put(torch.tensor([0, 5, 12]), torch.tensor([10., 20, 30]))"),
    ("err-put-range-negative", "x = torch.arange(12.).view(3, 4)\n"
                               "x.put_(torch.tensor([0, -13]), torch.tensor([10., 20]), True)"),
    ("err-put-empty-self", "x = torch.zeros(0)\n"
                           "x.put(torch.tensor([0]), torch.tensor([1.]))"),
    ("err-put-expanded", "x = torch.tensor([1., 2]).expand(3, 2)\n"
                         "x.put_(torch.tensor(5), torch.tensor([3.]))"),
    ("err-put-source-overlaps", "y = torch.arange(4.)\n"
                                "y.put_(torch.tensor([3, 2]), y[1:3], accumulate=True)"),
    ("err-put-index-overlaps", "y = torch.arange(4)\n"
                               "y.put_(y[:2], torch.tensor([7, 8]))"),
    ("err-put-scalar-source", "x = torch.ones(3)\n"
                              "x.put(torch.tensor([0, 1]), 3.)"),
    ("err-put-index-list", "x = torch.ones(3)\n"
                           "x.put([0], torch.tensor([2.]))"),
    ("err-put-out", "x = torch.ones(3)\n"
                    "torch.put(x, torch.tensor(1), torch.tensor([3.]), out=x)"),
    ("err-take-along-dim-int-indices", "x = torch.arange(12.).view(3, 4)\n"
                                       "torch.take_along_dim(x, torch.tensor([[0], [3], [1]])"
                                       ".int(), 1)"),
    ("err-take-along-dim-bool-indices", "x = torch.arange(12.).view(3, 4)\n"
                                        "torch.take_along_dim(x, torch.tensor([[True], [False], "
                                        "[True]]), 1)"),
    ("err-take-along-dim-flat-short-indices", "x = torch.arange(12.).view(3, 4)\n"
                                              "x.take_along_dim(torch.tensor([[0], [3]]).short())"),
    ("err-take-along-dim-ndim", "x = torch.arange(12.).view(3, 4)\n"
                                "torch.take_along_dim(x, torch.tensor([0, 3, 1]), 1)"),
    ("err-take-along-dim-ndim-before-dtype", "x = torch.arange(12.).view(3, 4)\n"
                                             "torch.take_along_dim(x, torch.tensor([0., 3.]), 5)"),
    ("err-take-along-dim-broadcast", "x = torch.arange(12.).view(3, 4)\n"
                                     "torch.take_along_dim(x, torch.tensor([[0, 1]]), 0)"),
    ("err-take-along-dim-broadcast-rows", "x = torch.arange(12.).view(3, 4)\n"
                                          "torch.take_along_dim(x, torch.tensor([[0, 1], [1, 1]]),"
                                          " 1)"),
    ("err-take-along-dim-dim", "x = torch.arange(12.).view(3, 4)\n"
                               "torch.take_along_dim(x, torch.tensor([[0, 1]]), 2)"),
    ("err-take-along-dim-0d-dim", "x = torch.tensor(5.)\n"
                                  "torch.take_along_dim(x, torch.tensor(0), 0)"),
    ("err-take-along-dim-flat-range", "x = torch.arange(12.).view(3, 4)\n"
                                      "torch.take_along_dim(x, torch.tensor([0, 12, 5]))"),
    ("err-take-along-dim-flat-negative", "x = torch.arange(12.).view(3, 4)\n"
                                         "torch.take_along_dim(x, torch.tensor([0, -1, 5]))"),
    ("err-take-along-dim-flat-not-viewable", "x = torch.arange(12.).view(3, 4)\n"
                                             "torch.take_along_dim(x.t(), torch.tensor([0, 11]))"),
    ("err-take-along-dim-empty-dim", "torch.take_along_dim(torch.zeros(3, 0), "
                                     "torch.tensor([[0], [3], [1]]), 1)"),
    ("err-take-along-dim-out-dtype", "x = torch.arange(12.).view(3, 4)\n"
                                     "torch.take_along_dim(x, torch.tensor([[0], [3], [1]]), 1, "
                                     "out=torch.empty(3, 1, dtype=torch.long))"),
    ("err-take-along-dim-out-is-input", "x = torch.arange(12.).view(3, 4)\n"
                                        "torch.take_along_dim(x, torch.tensor([0, 3]), out=x)"),
    ("err-take-along-dim-indices-list", "torch.take_along_dim(torch.ones(3), [0])"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + IN_PLACE + TAKE_ALONG + VALUES + OUT + ERRORS, ERRORS)
