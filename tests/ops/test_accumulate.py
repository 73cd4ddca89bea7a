"""accumulate family: scatter (src and value, reduce= add and multiply), scatter_add,
scatter_reduce (sum, prod, mean, amax, amin, include_self), index_add (alpha=) and index_copy
give new contiguous results whatever self's layout; out= kept, resized, overlapping; in
place on every writable layout, with one version bump, refusing overlapping self, index and
src. Values exact for integers, bool, half and complex, duplicate indices summed in order,
NaN through amax and amin, floor division of integer means; and the refusals word for word:
index dtype and dims, sizes, dtype mismatches, reduce names, kernel dtypes, out-of-range
indices."""

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

# index along dim 0 (first row duplicated where the shape allows), a src of the index's shape
_INDEX = "n = v.shape[0] if v.ndim else 1\ni = torch.zeros((2,) + tuple(v.shape[1:]), " \
         "dtype=torch.long).add_(torch.arange(2).remainder(n).view((2,) + (1,) * max(v.ndim - 1," \
         " 0))) if v.ndim else torch.tensor([0])\n" \
         "i = i if v.ndim else torch.tensor(0)\ns = torch.ones(i.shape).mul(3)\n"
_SLOTS = "k = torch.tensor([0, n - 1]) if v.ndim else torch.tensor([0])\n" \
         "u = torch.ones((2,) + tuple(v.shape[1:])) if v.ndim else torch.tensor(4.)\n"

_CALLS = [
    ("scatter-src", _INDEX + "a = v.scatter(0, i, s)\n"),
    ("scatter-value", _INDEX + "a = torch.scatter(v, 0, i, 2.5)\n"),
    ("scatter-value-multiply", _INDEX + "a = v.scatter(0, i, -2.0, reduce='multiply')\n"),
    ("scatter-add", _INDEX + "a = v.scatter_add(0, i, s)\nb = torch.scatter_add(v, -v.ndim if "
                             "v.ndim else 0, i, s)\n"),
    ("scatter-reduce-sum", _INDEX + "a = v.scatter_reduce(0, i, s, 'sum')\n"),
    ("scatter-reduce-amax", _INDEX + "a = torch.scatter_reduce(v, 0, i, s, 'amax', "
                                     "include_self=False)\n"),
    ("scatter-reduce-mean", _INDEX + "a = v.scatter_reduce(0, i, s, 'mean')\n"),
    ("index-add", _SLOTS + "a = v.index_add(0, k, u)\nb = torch.index_add(v, 0, k, u, alpha=2)\n"),
    ("index-copy", _SLOTS + "a = v.index_copy(0, k[:1], u[:1] if v.ndim else u)\n"),
]

LAYOUTS: Table = [(f"{call}-{name}", src + text)
                  for name, (src, ndim) in _INPUTS.items() for call, text in _CALLS]

_WRITABLE = [name for name in _INPUTS if name not in ("expanded", "overlapping")]
IN_PLACE: Table = [
    (f"in-place-{name}", _INPUTS[name][0] + "w = v.clone()\n" + _INDEX + _SLOTS
     + "w.scatter_(0, i, s)\nw.scatter_(0, i, 1.5, reduce='add')\nw.scatter_add_(0, i, s)\n"
       "w.scatter_reduce_(0, i, s, 'prod')\nw.index_add_(0, k, u, alpha=-1)\n"
       "w.index_copy_(0, k[:1], u[:1] if v.ndim else u)\n")
    for name in _WRITABLE] + [
    ("in-place-view-of-base", X + "w = x[1]\nw.scatter_(1, torch.tensor([[0], [3], [1]]), 9.)\n"
                                  "w.index_add_(0, torch.tensor([2, 2]), torch.ones(2, 4))"),
    ("in-place-transposed-view", X + "w = x.transpose(0, 1)\n"
                                     "w.index_copy_(2, torch.tensor([3, 0]),"
                                     " -torch.ones(3, 2, 2))"),
]

VALUES: Table = [
    ("scatter-duplicates-src", "x = torch.arange(6.).view(2, 3)\n"
                               "r = x.scatter(0, torch.tensor([[0, 1, 1], [0, 0, 1]]), "
                               "torch.arange(6.).view(2, 3))"),
    ("scatter-duplicates-same-value", "x = torch.arange(6.).view(2, 3)\n"
                                      "r = x.scatter(1, torch.tensor([[2, 2], [0, 0]]), 5.)"),
    ("scatter-add-duplicates-order", "x = torch.tensor([1e8, 0., 1.])\n"
                                     "r = x.scatter_add(0, torch.tensor([0, 0, 0, 2]), "
                                     "torch.tensor([1., -1e8, 3., 0.5]))"),
    ("scatter-int-value-truncated", "x = torch.tensor([1, 2, 3])\n"
                                    "a = x.scatter(0, torch.tensor([0, 1, 1]), 2.5)\n"
                                    "b = x.scatter(0, torch.tensor([0, 1, 1]), 2.5, reduce='add')"),
    ("scatter-bool", "x = torch.tensor([True, False, True])\ns ="
     " torch.tensor([False, True, True])\n"
                     "a = x.scatter_reduce(0, torch.tensor([0, 1, 1]), s, 'sum')\n"
                     "b = x.scatter_reduce(0, torch.tensor([0, 1, 1]), s, 'prod')\n"
                     "c = x.scatter_add(0, torch.tensor([0, 1, 1]), s)\n"
                     "d = x.scatter(0, torch.tensor([0, 1, 1]), s, reduce='multiply')\n"
                     "e = x.scatter(0, torch.tensor([2]), 2)\n"
                     "f = x.index_add(0, torch.tensor([0, 1, 1]), s, alpha=2)\n"
                     "g = x.scatter_reduce(0, torch.tensor([0, 1]), s[:2], 'amin')"),
    ("scatter-reduce-int-mean-floor", "x = torch.arange(6).view(2, 3)\n"
                                      "i = torch.tensor([[1, 0, 1], [1, 1, 1]])\n"
                                      "a = x.scatter_reduce(0, i, x + 10, 'mean')\n"
                                      "b = x.scatter_reduce(0, i, -x - 10, 'mean')\n"
                                      "c = x.scatter_reduce(0, i, x + 10, 'mean', "
                                      "include_self=False)\n"
                                      "d = x.scatter_reduce(0, i, -x, 'amax', include_self=False)\n"
                                      "e = x.scatter_reduce(0, i, -x, 'amin', include_self=False)\n"
                                      "f = x.scatter_reduce(0, i, x + 1, 'prod')"),
    ("scatter-reduce-float-mean", "x = torch.arange(6.).view(2, 3)\n"
                                  "i = torch.tensor([[1, 0, 1], [1, 1, 1]])\n"
                                  "a = x.scatter_reduce(0, i, x + 10, 'mean')\n"
                                  "b = x.scatter_reduce(0, i, x + 10, 'mean', include_self=False)\n"
                                  "c = x.half().scatter_reduce(0, i, x.half() * 3, 'mean')"),
    ("scatter-reduce-nan", "x = torch.tensor([float('nan'), 1., 2.])\n"
                           "s = torch.tensor([5., float('nan'), -1.])\n"
                           "a = x.scatter_reduce(0, torch.tensor([0, 1, 2]), s, 'amin')\n"
                           "b = x.scatter_reduce(0, torch.tensor([0, 1, 2]), s, 'amax')\n"
                           "c = x.scatter_reduce(0, torch.tensor([2, 2, 2]), s, 'amax', "
                           "include_self=False)"),
    ("scatter-complex", "x = torch.tensor([1j, 2, 3])\ns = torch.tensor([4., 5, 6j])\n"
                        "i = torch.tensor([0, 1, 1])\na = x.scatter_reduce(0, i, s, 'sum')\n"
                        "b = x.scatter_reduce(0, i, s, 'prod')\nc = x.scatter_reduce(0, i, s, "
                        "'mean')\nd = x.scatter(0, i, 2j, reduce='multiply')\n"
                        "e = x.index_add(0, i, s, alpha=2j)"),
    ("index-add-alpha-kinds", "x = torch.tensor([1, 2, 3])\n"
                              "a = x.index_add(0, torch.tensor([0, 1, 1]),"
                              " torch.tensor([4, 5, 6]), "
                              "alpha=2.5)\ny = torch.tensor([1., 2., 3.])\n"
                              "b = y.index_add(0, torch.tensor([0, 1, 1]),"
                              " torch.tensor([4., 5, 6]),"
                              " alpha=2.5)\nc = y.index_add(0, torch.tensor([2, 2], "
                              "dtype=torch.int32), y[:2], alpha=True)"),
    ("index-add-2d-duplicates", "x = torch.arange(6.).view(2, 3)\n"
                                "r = x.index_add(1, torch.tensor([2, 2]), "
                                "torch.arange(4.).view(2, 2), alpha=-3)\n"
                                "h = x.half().index_add(0, torch.tensor([1, 1, 0]), "
                                "torch.full((3, 3), 0.1).half())"),
    ("index-copy-duplicates", "x = torch.arange(6.).view(2, 3)\n"
                              "r = x.index_copy(1, torch.tensor([2, 2]),"
                              " torch.arange(4.).view(2, 2))"),
    ("index-copy-0d", "x = torch.tensor(5.)\na = x.index_copy(0, torch.tensor([0]), "
                      "torch.tensor(3.))\nb = x.index_copy(0, torch.tensor([0]),"
                      " torch.tensor([3.]))\n"
                      "c = torch.ones(3).index_copy(0, torch.tensor([1]), torch.tensor(7.))"),
    # alpha in the dtype: -2 wraps to 254 for uint8 (c10's checked cast lets it through)
    ("index-add-uint8-negative-alpha", "x = torch.arange(4).to(torch.uint8)\n"
                                       "a = x.index_add(0, torch.tensor([0, 2]), "
                                       "torch.tensor([3, 1], dtype=torch.uint8), alpha=-2)"),
    ("index-add-0d", "x = torch.tensor(5.)\na = x.index_add(0, torch.tensor(0), torch.tensor(3.))"),
    ("scatter-0d", "x = torch.tensor(5.)\na = x.scatter(0, torch.tensor(0), 2.)\n"
                   "b = x.scatter_add(-1, torch.tensor([0, 0]), torch.tensor([3., 4]))"),
    ("scatter-empty-index", "x = torch.arange(6.).view(2, 3)\n"
                            "a = x.scatter(0, torch.zeros(0, dtype=torch.int16),"
                            " torch.ones(1, 2))\n"
                            "b = x.scatter_add(1, torch.zeros(0, 5, dtype=torch.long), x)\n"
                            "c = x.index_add(1, torch.zeros(0, dtype=torch.long),"
                            " torch.ones(2, 0))"),
    ("scatter-index-int32", "x = torch.arange(6.).view(2, 3)\n"
                            "a = x.scatter(0, torch.tensor([[1, 0, 1]], dtype=torch.int32), 2.)"),
    ("scatter-index-expanded", "x = torch.ones(2, 3)\n"
                               "a = x.scatter(0, torch.tensor([[0, 1]]).expand(4, 2), 3.)\n"
                               "b = x.scatter_add(0, torch.tensor([[0, 1]]).expand(4, 2), "
                               "torch.arange(8.).view(4, 2))"),
    ("scatter-src-larger-transposed", "x = torch.zeros(3, 4)\n"
                                      "s = torch.arange(20.).view(4, 5).t()\n"
                                      "a = x.scatter(1, torch.tensor([[3, 0], [1, 2]]), s)"),
    ("scatter-undefined-self", "e = torch.empty(3, 4)\ne[0] = 1.\n"
                               "a = e.scatter(0, torch.tensor([[0, 0, 0, 0]]), 2.)\n"
                               "b = e.index_add(0, torch.tensor([0]), torch.ones(1, 4))"),
    ("scatter-meta", "m = torch.zeros(2, 3, device='meta').t()\n"
                     "a = m.scatter(0, torch.tensor([[0, 1]], device='meta'), 1.)\n"
                     "b = m.index_add(1, torch.tensor([1], device='meta'), "
                     "torch.ones(3, 1, device='meta'))"),
]

OUT: Table = [
    ("scatter-out-kept-transposed", "x = torch.arange(6.).view(2, 3)\no = torch.zeros(3, 2).t()\n"
                                    "r = torch.scatter(x, 0, torch.tensor([[1, 0,"
                                    " 1]]), 5., out=o)"),
    ("scatter-out-resized", "x = torch.arange(6.).view(2, 3)\no = torch.zeros(3, 3)\n"
                            "r = torch.scatter_add(x, 0, torch.tensor([[1, 0, 1]]), x.clone(), "
                            "out=o)"),
    ("scatter-out-empty-resized", "x = torch.arange(6.).view(2, 3)\no = torch.zeros(0)\n"
                                  "r = torch.scatter(x, 0, torch.tensor([[1, 0,"
                                  " 1]]), x + 1, out=o)"),
    ("scatter-reduce-out-mean", "x = torch.ones(2, 3)\no = torch.empty(2, 3)\n"
                                "r = torch.scatter_reduce(x, 0, torch.tensor([[1, 0, 1]]), x + 2, "
                                "'mean', out=o)"),
    ("index-add-out", "x = torch.ones(2, 3)\no = torch.empty(3, 3)\n"
                      "r = torch.index_add(x, 0, torch.tensor([1]), x[:1] + 1, alpha=3, out=o)"),
    ("index-copy-out", "x = torch.ones(2, 3)\no = torch.empty(2, 3).t().t()\n"
                       "r = torch.index_copy(x, 1, torch.tensor([2]), torch.zeros(2, 1), out=o)"),
    ("scatter-out-is-self", "x = torch.arange(6.).view(2, 3)\n"
                            "r = torch.scatter(x, 0, torch.tensor([[1, 0, 1]]), 7., out=x)"),
    ("index-add-out-is-self", "x = torch.arange(6.).view(2, 3)\n"
                              "r = torch.index_add(x, 0, torch.tensor([1]), torch.ones(1, 3), "
                              "out=x)"),
]

ERRORS: Table = [
    ("err-scatter-index-int16", "x = torch.arange(6.).view(2, 3)\n"
                                "x.scatter_(0, torch.tensor([[1, 0, 1]], dtype=torch.int16), 2.)"),
    ("err-scatter-src-dtype", "x = torch.arange(6.).view(2, 3)\n"
                              "x.scatter(0, torch.tensor([1, 0, 1]), x.int())"),
    ("err-scatter-index-ndim", "x = torch.arange(6.).view(2, 3)\n"
                               "x.scatter(0, torch.tensor([1, 0, 1]), 2.)"),
    ("err-scatter-src-ndim", "x = torch.arange(6.).view(2, 3)\n"
                             "x.scatter(0, torch.tensor([[1, 0, 1]]), torch.ones(2, 3, 1))"),
    ("err-scatter-src-1d-dim", "x = torch.arange(6.).view(2, 3)\n"
                               "x.scatter(0, torch.tensor([[1, 0, 1]]), torch.ones(3))"),
    ("err-scatter-index-larger", "x = torch.arange(6.).view(2, 3)\n"
                                 "x.scatter(0, torch.tensor([[1, 0, 1, 1]]), 2.)"),
    ("err-scatter-index-larger-src", "x = torch.arange(6.).view(2, 3)\n"
                                     "x.scatter(0, torch.tensor([[1, 0, 1]]), torch.ones(1, 2))"),
    ("err-scatter-range", "x = torch.arange(6.).view(2, 3)\n"
                          "x.scatter(0, torch.tensor([[1, 0, 2]]), 2.)"),
    ("err-scatter-negative", "x = torch.arange(6.).view(2, 3)\n"
                             "x.scatter_add(0, torch.tensor([[-1, 0, 1]]), x.clone())"),
    ("err-scatter-empty-self-range", "x = torch.ones(2, 0)\nx.scatter(1, torch.tensor([[0]]), 1.)"),
    ("err-scatter-reduce-old-name", "x = torch.arange(6.).view(2, 3)\n"
                                    "x.scatter_(0, torch.tensor([[1, 0, 1]]), 2., reduce='mean')"),
    ("err-scatter-reduce-name", "x = torch.arange(6.).view(2, 3)\n"
                                "x.scatter_reduce(0, torch.tensor([[1, 0, 1]]), x.clone(), 'foo')"),
    ("err-scatter-reduce-bool-mean", "x = torch.ones(2, 3).bool()\n"
                                     "x.scatter_reduce(0, torch.zeros(1, 2, dtype=torch.long), "
                                     "x.clone(), 'mean')"),
    ("err-scatter-reduce-bool-mean-empty", "x = torch.ones(2, 3).bool()\n"
                                           "x.scatter_reduce(0, torch.zeros(0, dtype=torch.long),"
                                           " x.clone(), 'mean')"),
    ("err-scatter-reduce-complex-amin", "x = torch.ones(2, 3).cfloat()\n"
                                        "x.scatter_reduce(0, torch.zeros(1, 2, dtype=torch.long),"
                                        " x.clone(), 'amin', include_self=False)"),
    ("err-scatter-value-complex-int", "x = torch.tensor([1, 2, 3])\n"
                                      "x.scatter(0, torch.tensor([0, 1, 1]), 2j)"),
    ("err-scatter-self-src-overlap", "x = torch.arange(6.).view(2, 3)\n"
                                     "x.scatter_(0, torch.tensor([[1, 0, 1]]), x)"),
    ("err-scatter-expanded-self", "x = torch.arange(6.).view(2, 3)\n"
                                  "x.expand(2, 2, 3).scatter_(0, torch.tensor([[[1, 0, 1]]]), 1.)"),
    ("err-scatter-add-expanded-self", "x = torch.arange(6.).view(2, 3)\n"
                                      "x.expand(2, 2, 3).scatter_add_(0, "
                                      "torch.tensor([[[1, 0, 1]]]), x[None].clone())"),
    ("err-scatter-out-overlaps-src", "x = torch.arange(6.).view(2, 3)\n"
                                     "torch.scatter(x, 0, torch.tensor([[1, 0, 1]]), x, out=x)"),
    ("err-scatter-out-dtype", "x = torch.arange(6.).view(2, 3)\n"
                              "torch.scatter(x, 0, torch.tensor([[1, 0, 1]]), 1., "
                              "out=torch.empty(2, 3, dtype=torch.float64))"),
    ("err-index-add-empty-vector", "x = torch.zeros(0, dtype=torch.complex64)\n"
                                   "r = x.index_add(-1, torch.tensor([0, 0]), "
                                   "torch.ones(2, dtype=torch.complex64))"),
    ("err-index-add-vector", "x = torch.ones(2, 3)\n"
                             "x.index_add(1, torch.tensor([[1, 2]]), torch.ones(2, 2))"),
    ("err-index-add-index-dtype", "x = torch.ones(2, 3)\n"
                                  "x.index_add_(0, torch.tensor([1],"
                                  " dtype=torch.int16), x[:1] + 1)"),
    ("err-index-add-source-dtype", "x = torch.ones(2, 3)\n"
                                   "x.index_add_(0, torch.tensor([1]), x[:1].int())"),
    ("err-index-add-source-dim", "x = torch.ones(2, 3)\n"
                                 "x.index_add(1, torch.tensor([1, 2]), torch.tensor([3., 4]))"),
    ("err-index-add-count", "x = torch.ones(2, 3)\n"
                            "x.index_add_(0, torch.tensor([1, 0]), x[:1] + 1)"),
    ("err-index-add-count-0d-source", "x = torch.ones(3)\n"
                                      "x.index_add(0, torch.tensor([0, 0]), torch.tensor(3.))"),
    ("err-index-add-shape", "x = torch.ones(2, 3)\n"
                            "x.index_add(0, torch.tensor([1, 0]), torch.tensor([3., 4]))"),
    ("err-index-add-shape-0d-source", "x = torch.ones(3)\n"
                                      "x.index_add(0, torch.tensor([0]), torch.tensor(3.))"),
    ("err-index-add-range-2d", "x = torch.ones(2, 3)\n"
                               "x.index_add(1, torch.tensor([1, 3]), torch.ones(2, 2))"),
    ("err-index-add-range-1d", "x = torch.ones(3)\n"
                               "x.index_add(0, torch.tensor([1, -1]), torch.ones(2))"),
    ("err-index-add-alpha-complex", "x = torch.ones(2, 3)\n"
                                    "x.index_add(1, torch.tensor([2]), torch.ones(2,"
                                    " 1), alpha=1j)"),
    ("err-index-add-self-overlap", "x = torch.arange(6.).view(2, 3)\n"
                                   "x.index_add_(0, torch.tensor([1]), x[:1])"),
    ("err-index-add-expanded", "x = torch.arange(6.).view(2, 3)\n"
                               "x.expand(2, 2, 3).index_add_(0, torch.tensor([1]), "
                               "x[None].clone())"),
    ("err-index-copy-vector", "x = torch.ones(2, 3)\n"
                              "x.index_copy(1, torch.tensor([[1, 1]]), torch.ones(2, 2))"),
    ("err-index-copy-scalar-source", "x = torch.ones(3)\n"
                                     "x.index_copy(0, torch.tensor([0, 1]), torch.tensor(3.))"),
    ("err-index-copy-ndim", "x = torch.ones(2, 3)\n"
                            "x.index_copy(1, torch.tensor([1, 1]), torch.tensor([3., 4]))"),
    ("err-index-copy-int32", "x = torch.ones(2, 3)\n"
                             "x.index_copy(0, torch.tensor([1], dtype=torch.int32), x[:1] + 1)"),
    ("err-index-copy-source-dtype", "x = torch.ones(2, 3)\n"
                                    "x.index_copy(0, torch.tensor([1]), x[:1].int())"),
    ("err-index-copy-slices", "x = torch.ones(2, 3, 4)\n"
                              "x.index_copy(1, torch.tensor([1, 1]), torch.ones(2, 2, 5))"),
    ("err-index-copy-count", "x = torch.ones(2, 3)\n"
                             "x.index_copy(1, torch.tensor([1, 1, 0]), torch.ones(2, 2))"),
    ("err-index-copy-range", "x = torch.ones(2, 3)\n"
                             "x.index_copy(1, torch.tensor([1, -1]), torch.ones(2, 2))"),
    # more than one dim: alpha 1 goes through scatter_add_ (its message), another alpha through
    # a loop that checks each index (IndexError)
    ("err-index-add-range-alpha-one", "x = torch.zeros(4, 1, 16)\ni = torch.tensor([-1, 1])\n"
                                      "x.index_add_(-1, i, torch.ones(4, 1, 2))"),
    ("err-index-add-range-alpha-three", "x = torch.zeros(4, 1, 16)\ni = torch.tensor([-1, 1])\n"
                                        "x.index_add_(-1, i, torch.ones(4, 1, 2), alpha=3)"),
    ("err-index-add-range-middle-dim", "x = torch.zeros(3, 4, 5)\ni = torch.tensor([7, 1])\n"
                                       "x.index_add_(1, i, torch.ones(3, 2, 5))"),
    # out.copy_(self) first: an out= partially overlapping self is refused by copy_
    ("err-scatter-add-out-overlaps-self", "x = torch.arange(2.)\n"
                                          "a = torch.scatter_add(x, 0, torch.tensor([0]), "
                                          "torch.tensor([0.]), out=x.select(0, 1))"),
    ("err-index-copy-out-transposed-self", "x = torch.arange(4.).view(2, 2)\n"
                                           "a = torch.index_copy(x, 0, torch.tensor([0]), "
                                           "torch.tensor([[1., 2.]]), out=x.t())"),
    # the kernel restrides self to the index's length along dim: past an empty storage
    ("err-index-copy-empty-dim", "x = torch.zeros(1, 0, 1)\n"
                                 "x.index_copy(1, torch.tensor([0]), torch.zeros(1, 1, 1))"),
    ("err-index-copy-overlap-before-checks", "x = torch.arange(6.).view(2, 3)\n"
                                             "x.index_copy_(0, torch.tensor([1], "
                                             "dtype=torch.int32), x[:1])"),
    ("err-scatter-dim", "x = torch.ones(2, 3)\nx.scatter_add(2, torch.tensor([[0]]), x)"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + IN_PLACE + VALUES + OUT + ERRORS, ERRORS)
