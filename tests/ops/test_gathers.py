"""Indexing ops: index_select (method, function, out=), gather (dim, index, sparse_grad), take,
masked_select (mask broadcasting), nonzero / argwhere (as_tuple, the column-major result),
index_fill / index_fill_ (scalar and 0-d tensor values), index_put / index_put_ (masks,
accumulate with repeated indices): output shapes, strides and values for transposed,
channels-last, expanded, sliced and conjugate inputs, int32 / int64 / bool indices, negative
indices, 0-d and zero-size tensors, meta tensors, undefined values, out= (kept, resized,
wrong dtype), versions of in-place writes, and torch's errors word for word."""

from __future__ import annotations

from ._support import Table, table_tests

X = "x = torch.arange(12.).view(3, 4)\n"
I = "i = torch.tensor([2, 0])\n"
G = "g = torch.tensor([[0, 1], [2, 0]])\n"
M = "m = torch.tensor([[True, False, True, False]])\n"
CL = "c = torch.arange(24.).view(1, 2, 3, 4).contiguous(memory_format=torch.channels_last)\n"
CJ = "z = torch.tensor([1 + 2j, 3j, -1 - 1j]).conj()\n"
E = "e = torch.empty(3, 4)\ne[0] = 1.\n"  # rows 1 and 2 hold allocator garbage
META = "n = torch.zeros(3, 4, device='meta')\n"

INDEX_SELECT: Table = [
    ("index_select-dim0", X + I + "r = x.index_select(0, i)"),
    ("index_select-dim1", X + I + "r = x.index_select(1, i)"),
    ("index_select-neg-dim", X + I + "r = x.index_select(-1, i)"),
    ("index_select-function", X + I + "r = torch.index_select(x, 1, i)"),
    ("index_select-int32", X + "r = x.index_select(0, torch.tensor([1, 1], dtype=torch.int32))"),
    ("index_select-0d-index", X + "r = x.index_select(1, torch.tensor(3))"),
    ("index_select-empty-index", X + "r = x.index_select(0, torch.tensor([], dtype=torch.long))"),
    ("index_select-transposed-contiguous-result", X + I + "r = x.t().index_select(1, i)"),
    ("index_select-channels-last-contiguous-result",
     CL + "r = c.index_select(3, torch.tensor([1, 2]))"),
    ("index_select-sliced-offset", X + I + "r = x[1:, 1::2].index_select(1, torch.tensor([1, 0]))"),
    ("index_select-expanded", I + "r = torch.arange(3.).expand(2, 3).index_select(1, i)"),
    ("index_select-conj", CJ + I + "r = z.index_select(0, i)"),
    ("index_select-0d-self", "r = torch.tensor(5.).index_select(0, torch.tensor([0]))"),
    ("index_select-1d-0d-index", "r = torch.arange(3.).index_select(0, torch.tensor(2))"),
    ("index_select-zero-size-self", I + "r = torch.zeros(0, 3).index_select(1, i)"),
    ("index_select-bool-self", "r = torch.tensor([True, False]).index_select(0, "
                               "torch.tensor([1, 1, 0]))"),
    ("index_select-undefined-rows", E + "r = e.index_select(0, torch.tensor([0, 2]))"),
    ("index_select-meta", META + "r = n.t().index_select(1, torch.tensor([1, 2], device='meta'))"),
    ("index_select-out-transposed-kept", X + "o = torch.zeros(4, 3).t()\n"
                                         "r = torch.index_select(x, 0, torch.tensor([1, 2, 0]), "
                                         "out=o)"),
    ("index_select-out-resized", X + I + "o = torch.zeros(5)\n"
                                 "r = torch.index_select(x, 0, i, out=o)"),
    ("index_select-out-empty-resized", X + I + "o = torch.zeros(0)\n"
                                       "r = torch.index_select(x, 1, i, out=o)"),
]

GATHER: Table = [
    ("gather-dim0", X + G + "r = x.gather(0, g)"),
    ("gather-dim1", X + G + "r = x.gather(1, g)"),
    ("gather-function-neg-dim", X + G + "r = torch.gather(x, -1, g)"),
    ("gather-sparse-grad-ignored", X + G + "r = torch.gather(x, 1, g, sparse_grad=True)"),
    ("gather-index-transposed-contiguous-result",
     X + "r = x.gather(1, torch.tensor([[0, 1, 2, 3], [3, 2, 1, 0]]).t())"),
    ("gather-index-expanded", X + "r = x.gather(1, torch.tensor([[3], [1], [0]]).expand(3, 2))"),
    ("gather-index-channels-last", "r = torch.arange(24.).view(2, 3, 2, 2).gather(1, "
                                   "torch.ones(2, 3, 2, 2, dtype=torch.long).contiguous("
                                   "memory_format=torch.channels_last))"),
    ("gather-index-smaller-than-self", X + "r = x.gather(0, torch.tensor([[2]]))"),
    ("gather-index-wider-along-dim", X + "r = x.gather(1, torch.zeros(1, 9, dtype=torch.long))"),
    ("gather-int32", X + "r = x.gather(1, torch.tensor([[1], [2]], dtype=torch.int32))"),
    ("gather-empty-int16-index-accepted", X + "r = x.gather(1, torch.zeros(0, 1, "
                                          "dtype=torch.int16))"),
    ("gather-empty-index-any-rank", X + "r = x.gather(1, torch.zeros(0, dtype=torch.long))"),
    ("gather-0d", "r = torch.tensor(5.).gather(0, torch.tensor(0))"),
    ("gather-0d-self-1d-index", "r = torch.tensor(5.).gather(-1, torch.tensor([0, 0]))"),
    ("gather-1d-self-0d-index", "r = torch.tensor([1., 2.]).gather(0, torch.tensor(1))"),
    ("gather-transposed-self", X + G + "r = x.t().gather(0, g)"),
    ("gather-conj", CJ + "r = z.gather(0, torch.tensor([2, 2, 0]))"),
    ("gather-undefined", E + "r = e.gather(1, torch.tensor([[3], [0], [1]]))"),
    ("gather-meta", META + "r = n.gather(1, torch.zeros(2, 3, dtype=torch.long, device='meta')"
                           ".t())"),
    ("gather-out-transposed-kept", X + G + "o = torch.zeros(2, 2).t()\n"
                                   "r = torch.gather(x, 1, g, out=o)"),
    ("gather-out-resized-contiguous", X + "o = torch.zeros(1)\nr = torch.gather(x, 0, "
                                      "torch.zeros(3, 2, dtype=torch.long).t(), out=o)"),
    ("gather-out-not-dense-self-allowed", X + G + "r = torch.gather(x, 1, g, out=x[:2, :2])"),
]

TAKE: Table = [
    ("take-2d-index", X + "r = x.take(torch.tensor([[0, 11], [5, 3]]))"),
    ("take-function", X + "r = torch.take(x, torch.tensor([1, 2]))"),
    ("take-transposed-self-logical-order", X + "r = x.t().take(torch.tensor([1, 2, 3]))"),
    ("take-index-transposed-contiguous-result", X + "r = x.take(torch.tensor([[0, 11], "
                                                "[5, 3]]).t())"),
    ("take-negative", X + "r = x.take(torch.tensor([-1, -12]))"),
    ("take-0d-index", X + "r = x.take(torch.tensor(3))"),
    ("take-empty-both", "r = torch.zeros(0).take(torch.tensor([], dtype=torch.long))"),
    ("take-conj", CJ + "r = z.take(torch.tensor([[0], [2]]))"),
    ("take-meta", META + "r = n.take(torch.tensor([[1, 2]], device='meta').t())"),
    ("take-out-resized-to-index-layout", X + "o = torch.zeros(1)\nr = torch.take(x, "
                                         "torch.tensor([[1, 2], [3, 4], [5, 6]]).t(), out=o)"),
    # the math-bit fallback reads a conj input (or writes a conj out=) through a clone: out=
    # over the input is resized after the input is read
    ("take-conj-out-is-input", "a = torch.arange(3).to(torch.complex64) * 1j\nc = a.conj()\n"
                               "r = torch.take(c, torch.tensor(1), out=c)\n"
                               "d = a[:2].conj()\n"
                               "q = torch.take(a, torch.tensor([2, 0]), out=d)"),
    ("take-out-kept", X + "o = torch.zeros(2, 2).t()\nr = torch.take(x, "
                      "torch.tensor([[1, 2], [3, 4]]), out=o)"),
]

MASKED_SELECT: Table = [
    ("masked_select-broadcast-mask", X + M + "r = x.masked_select(m)"),
    ("masked_select-broadcast-self", "r = torch.arange(4.).masked_select(torch.tensor("
                                     "[[True], [False], [True]]))"),
    ("masked_select-function", X + M + "r = torch.masked_select(x, m)"),
    ("masked_select-transposed-logical-order", X + "r = x.t().masked_select(x.t() > 4)"),
    ("masked_select-0d", "r = torch.tensor(1.).masked_select(torch.tensor(True))"),
    ("masked_select-0d-false", "r = torch.tensor(1.).masked_select(torch.tensor(False))"),
    ("masked_select-zero-size", M + "r = torch.zeros(0, 4).masked_select(m)"),
    ("masked_select-conj", CJ + "r = z.masked_select(torch.tensor([True, False, True]))"),
    ("masked_select-undefined", E + M + "r = e.masked_select(m)"),
    ("masked_select-out-strided-kept", X + M + "o = torch.zeros(12)[::2]\n"
                                       "r = torch.masked_select(x, m, out=o)"),
    ("masked_select-out-resized", X + M + "o = torch.zeros(2, 3)\n"
                                  "r = torch.masked_select(x, m, out=o)"),
]

NONZERO: Table = [
    ("nonzero-column-major", X + "r = x.nonzero()"),
    ("nonzero-transposed-logical-order", X + "r = x.t().nonzero()"),
    ("nonzero-none", "r = torch.zeros(3, 4).nonzero()"),
    ("nonzero-0d", "r = torch.tensor(5.).nonzero()"),
    ("nonzero-0d-zero", "r = torch.tensor(0.).nonzero()"),
    ("nonzero-1d", "r = torch.tensor([0., 1., 2.]).nonzero()"),
    ("nonzero-zero-size", "r = torch.zeros(0, 3).nonzero()"),
    ("nonzero-complex-nan-negzero", "r = torch.tensor([0j, 1j, float('nan'), -0.]).nonzero()"),
    ("nonzero-bool-int", "a = torch.tensor([False, True]).nonzero()\n"
                         "b = torch.tensor([[0, 3], [-1, 0]], dtype=torch.int8).nonzero()"),
    ("nonzero-as-tuple-views-of-one-result", X + "r = x.nonzero(as_tuple=True)"),
    ("nonzero-as-tuple-0d", "r = torch.nonzero(torch.tensor(5.), as_tuple=True)"),
    ("nonzero-as-tuple-empty", "r = torch.zeros(2, 3).nonzero(as_tuple=True)"),
    ("argwhere", X + "a = torch.argwhere(x)\nb = x.argwhere()"),
    ("nonzero-out-kept", X + "o = torch.zeros(2, 11, dtype=torch.long).t()\n"
                         "r = torch.nonzero(x, out=o)"),
    ("nonzero-out-right-shape-keeps-strides", X + "o = torch.zeros(11, 2, dtype=torch.long)\n"
                                              "r = torch.nonzero(x, out=o)"),
    ("nonzero-out-resized-column-major", X + "o = torch.zeros(0, dtype=torch.long)\n"
                                         "r = torch.nonzero(x, out=o)"),
]

INDEX_FILL: Table = [
    # the kernel checks indices as it visits elements: an empty iteration checks none
    ("index_fill-empty-unchecked", "z = torch.zeros(2, 3, 0)\n"
                                   "r = z.index_fill(0, torch.tensor([2]), 1)"),
    ("index_fill-dim1", X + I + "r = x.index_fill(1, i, -1)"),
    ("index_fill-function", X + I + "r = torch.index_fill(x, 0, i, 2.5)"),
    ("index_fill-transposed-keeps-layout", X + I + "r = x.t().index_fill(1, i, -1)"),
    ("index_fill-channels-last-keeps-layout", CL + "r = c.index_fill(1, torch.tensor([0]), 1)"),
    ("index_fill-sliced-dense-result", X + "r = x[:, ::2].index_fill(1, torch.tensor([0]), 1)"),
    ("index_fill-expanded-dense-result", "r = torch.zeros(3, 1).expand(3, 2).index_fill(1, "
                                         "torch.tensor([0]), 1)"),
    ("index_fill-0d-tensor-value", X + I + "r = x.index_fill(1, i, torch.tensor(7))"),
    ("index_fill-float64-0d-into-long", X + I + "r = x.to(torch.int64).index_fill(1, i, "
                                        "torch.tensor(7.5, dtype=torch.float64))"),
    ("index_fill-float-into-int-truncates", X + I + "r = x.to(torch.int64).index_fill(1, i, 2.7)"),
    ("index_fill-bool-value", X + "r = x.index_fill(0, torch.tensor([1]), True)"),
    ("index_fill-bool-self", "r = torch.zeros(3, dtype=torch.bool).index_fill(0, "
                             "torch.tensor([1]), 2)"),
    ("index_fill-negative-index", X + "r = x.index_fill(1, torch.tensor([-1]), 1)"),
    ("index_fill-repeated-index", X + "r = x.index_fill(1, torch.tensor([1, 1]), 1)"),
    ("index_fill-0d-index", X + "r = x.index_fill(1, torch.tensor(1), 1)"),
    ("index_fill-0d-self", "r = torch.tensor(3.).index_fill(-1, torch.tensor([0]), 1)"),
    ("index_fill-bf16-rounds", "r = torch.zeros(3, dtype=torch.bfloat16).index_fill(0, "
                               "torch.tensor([1]), 1.1)"),
    ("index_fill-meta", META + "r = n.t().index_fill(1, torch.tensor([1], device='meta'), 1)"),
    ("index_fill_-bumps-version", X + I + "r = x.index_fill_(1, i, -1)"),
    ("index_fill_-view-bumps-base", X + "v = x[1:]\nv.index_fill_(1, torch.tensor([0, 3]), 0)"),
    ("index_fill_-empty-index-bumps", X + "x.index_fill_(1, torch.tensor([], dtype=torch.long), "
                                      "1)"),
    ("index_fill_-zero-size", "a = torch.zeros(0, 4)\na.index_fill_(1, torch.tensor([1]), 1)"),
    ("index_fill_-expanded-writes-shared", "a = torch.zeros(3, 1).expand(3, 2)\n"
                                           "a.index_fill_(1, torch.tensor([0]), 1)"),
    ("index_fill_-conj-view", "t = torch.tensor([1 + 1j, 2j])\nc = t.conj()\n"
                              "c.index_fill_(0, torch.tensor([0]), 3j)"),
    ("index_fill_-undefined-elsewhere-kept", E + "e.index_fill_(1, torch.tensor([1]), 0.)"),
]

INDEX_PUT: Table = [
    ("index_put-rows-0d-value", X + I + "r = x.index_put((i,), torch.tensor(-1.))"),
    ("index_put-list-of-indices", X + I + "r = x.index_put([i], torch.tensor(-1.))"),
    ("index_put-two-indices", X + I + "r = x.index_put((i, torch.tensor([1, 3])), "
                                      "torch.tensor([-1., -2.]))"),
    ("index_put-row-value-broadcast", X + I + "r = x.index_put((i,), "
                                              "torch.tensor([-1., -2., -3., -4.]))"),
    ("index_put-indices-broadcast", X + "r = x.index_put((torch.tensor([[0], [2]]), "
                                        "torch.tensor([1, 3])), torch.tensor(-1.))"),
    ("index_put-int32-index", X + I + "r = x.index_put((i.to(torch.int32),), torch.tensor(-1.))"),
    ("index_put-negative-index", X + "r = x.index_put((torch.tensor([-1]),), torch.tensor(5.))"),
    ("index_put-0d-index", X + "r = x.index_put((torch.tensor(1),), torch.tensor(5.))"),
    ("index_put-transposed-keeps-layout", X + I + "r = x.t().index_put((i,), "
                                                  "torch.tensor(-1.))"),
    ("index_put-sliced-dense-result", X + I + "r = x[:, ::2].index_put((i,), "
                                              "torch.tensor(-1.))"),
    ("index_put-function", X + I + "r = torch.index_put(x, (i,), torch.tensor(1.))"),
    ("index_put-repeated-last-wins", X + "r = x.index_put((torch.tensor([0, 0]),), "
                                         "torch.tensor([[1.], [2.]]))"),
    ("index_put-accumulate-repeated", X + "r = x.index_put((torch.tensor([0, 0, 1]),), "
                                          "torch.tensor(1.), accumulate=True)"),
    ("index_put-accumulate-pairs", X + "r = x.index_put((torch.tensor([0, 0, 1]), "
                                       "torch.tensor([1, 1, 1])), torch.tensor([1., 2., 3.]), "
                                       "True)"),
    ("index_put-accumulate-int-wraps", "a = torch.tensor([120, 0], dtype=torch.int8)\n"
                                       "r = a.index_put((torch.tensor([0, 0, 0]),), "
                                       "torch.tensor(5, dtype=torch.int8), accumulate=True)"),
    ("index_put-accumulate-bool", "a = torch.zeros(3, dtype=torch.bool)\n"
                                  "r = a.index_put((torch.tensor([0, 0]),), torch.tensor(True), "
                                  "accumulate=True)"),
    ("index_put-accumulate-half-rounds-each-step",
     "a = torch.tensor([2048.], dtype=torch.float16)\n"
     "r = a.index_put((torch.tensor([0, 0]),), torch.tensor(1., dtype=torch.float16), True)"),
    ("index_put-mask-masked-fill", X + "r = x.index_put((x > 5,), torch.tensor(-1.))"),
    ("index_put-mask-value-of-other-dtype", X + "r = x.index_put((x > 5,), torch.tensor(-1))"),
    ("index_put-mask-values", X + "r = x.index_put((x > 5,), torch.arange(6.))"),
    ("index_put-mask-accumulate", X + "r = x.index_put((torch.tensor([True, False, True]),), "
                                      "torch.tensor(1.), accumulate=True)"),
    ("index_put-0d-mask", X + "r = x.index_put((torch.tensor(True),), torch.tensor(1.))"),
    ("index_put-meta", META + "r = n.t().index_put((torch.tensor([1], device='meta'),), "
                              "torch.tensor(1., device='meta'))"),
    ("index_put_-bumps-version", X + I + "r = x.index_put_((i,), torch.tensor(-1.))"),
    ("index_put_-function", X + I + "r = torch.index_put_(x, (i,), torch.tensor(1.), True)"),
    ("index_put_-view-bumps-base", X + "v = x[1:]\nv.index_put_((torch.tensor([1]),), "
                                       "torch.tensor(0.))"),
    ("index_put_-empty-index-bumps", "a = torch.zeros(0, 4)\n"
                                     "a.index_put_((torch.tensor([], dtype=torch.long),), "
                                     "torch.tensor(1.))"),
    ("index_put_-expanded-writes-shared", I + "a = torch.zeros(3, 1).expand(3, 4)\n"
                                          "a.index_put_((i,), torch.tensor(-1.))"),
    ("index_put_-expanded-accumulate-adds-per-alias",
     I + "a = torch.zeros(3, 1).expand(3, 4)\na.index_put_((i,), torch.tensor(1.), True)"),
    ("index_put_-expanded-mask", "a = torch.zeros(3, 1).expand(3, 4)\n"
                                 "a.index_put_((torch.tensor([True, False, True]),), "
                                 "torch.tensor(1.))"),
    ("index_put_-conj-view", "t = torch.tensor([1 + 1j, 2j])\nc = t.conj()\n"
                             "c.index_put_((torch.tensor([0]),), torch.tensor(3j))"),
    ("index_put_-undefined-value", X + "v = torch.empty(2, 4)\nv[0] = 3.\n"
                                   "x.index_put_((torch.tensor([2, 0]),), v)"),
    ("index_put_-mask-overlapping-0d-value", X + "x.index_put_((torch.tensor([True, False, "
                                             "True]),), x[1, 0])"),
    ("index_put_-meta-mask-unchecked", META + "n.index_put_((torch.tensor([True, False, True], "
                                              "device='meta'),), torch.ones(5, 4, "
                                              "device='meta'))"),
]

ERRORS: Table = [
    # the good indices' slices visited before the bad one are filled (left open)
    ("err-index_fill-partly-filled", "x = torch.full((3, 2), 3.)\n"
                                     "x.index_fill_(0, torch.tensor([1, 5]), 0.)"),
    ("err-index_select-2d-index", X + "r = x.index_select(0, torch.tensor([[1]]))"),
    ("err-index_select-int16-index", X + "r = x.index_select(0, torch.tensor([1], "
                                         "dtype=torch.int16))"),
    ("err-index_select-float-index", X + "r = x.index_select(0, torch.tensor([1.]))"),
    ("err-index_select-list-index", X + "r = x.index_select(0, [1])"),
    ("err-index_select-dim", X + I + "r = x.index_select(2, i)"),
    ("err-index_select-oob", X + "r = x.index_select(0, torch.tensor([3]))"),
    ("err-index_select-negative", X + "r = x.index_select(0, torch.tensor([-1]))"),
    ("err-index_select-oob-dim1-fast-path", X + "r = x.index_select(1, torch.tensor([5]))"),
    ("err-index_select-oob-empty-self", "r = torch.zeros(0, 3).index_select(1, "
                                        "torch.tensor([-1]))"),
    ("err-index_select-zero-axis", "r = torch.zeros(0, 3).index_select(0, torch.tensor([0]))"),
    ("err-index_select-1d-oob", "r = torch.zeros(0).index_select(0, torch.tensor([0]))"),
    ("err-index_select-0d-two-indices", "r = torch.tensor(5.).index_select(0, "
                                        "torch.tensor([0, 0]))"),
    ("err-index_select-out-dtype", X + I + "r = torch.index_select(x, 0, i, "
                                           "out=torch.zeros(2, 4, dtype=torch.float64))"),
    ("err-index_select-out-is-self", X + I + "r = torch.index_select(x, 0, i, out=x)"),
    ("err-index_select-out-expanded", X + I + "r = torch.index_select(x, 0, i, "
                                              "out=torch.zeros(1).expand(2, 4))"),
    ("err-gather-ndim", X + "r = x.gather(1, torch.tensor([0]))"),
    ("err-gather-0d-index-2d-self", X + "r = x.gather(1, torch.tensor(0))"),
    ("err-gather-oob", X + "r = x.gather(1, torch.tensor([[4]]))"),
    ("err-gather-negative", X + "r = x.gather(1, torch.tensor([[-1]]))"),
    ("err-gather-0d-oob", "r = torch.tensor(1.).gather(0, torch.tensor(1))"),
    ("err-gather-index-too-big", X + "r = x.gather(0, torch.zeros(9, 5, dtype=torch.long))"),
    ("err-gather-int16", X + "r = x.gather(1, torch.tensor([[1]], dtype=torch.int16))"),
    ("err-gather-out-dtype", X + G + "r = torch.gather(x, 1, g, "
                                     "out=torch.zeros(2, 2, dtype=torch.float64))"),
    ("err-gather-out-dtype-long", "r = torch.gather(torch.arange(3), 0, torch.tensor([0]), "
                                  "out=torch.zeros(1))"),
    ("err-gather-out-overlaps-index", "a = torch.zeros(2, 2, dtype=torch.long)\n"
                                      "r = torch.gather(a, 1, a, out=a)"),
    ("err-gather-out-expanded", X + G + "r = torch.gather(x, 1, g, "
                                        "out=torch.zeros(1).expand(2, 2))"),
    ("err-take-oob", X + "r = x.take(torch.tensor([12]))"),
    ("err-take-oob-negative", X + "r = x.take(torch.tensor([[0, -13]]))"),
    ("err-take-int32", X + "r = x.take(torch.tensor([1], dtype=torch.int32))"),
    ("err-take-empty-self", "r = torch.zeros(0).take(torch.tensor([0]))"),
    ("err-take-out-dtype", X + "r = torch.take(x, torch.tensor([1]), "
                               "out=torch.zeros(1, dtype=torch.float64))"),
    ("err-take-out-overlaps-self", X + "r = torch.take(x, torch.tensor([0]), out=x[0:1, 0])"),
    ("err-masked_select-uint8-mask", X + M + "r = x.masked_select(m.to(torch.uint8))"),
    ("err-masked_select-float-mask", X + "r = x.masked_select(torch.ones(4))"),
    ("err-masked_select-shape", X + "r = x.masked_select(torch.ones(3, dtype=torch.bool))"),
    ("err-masked_select-out-dtype", X + M + "r = torch.masked_select(x, m, "
                                            "out=torch.zeros(6, dtype=torch.float64))"),
    ("err-masked_select-mask-before-out", X + M + "r = torch.masked_select(x, m.to(torch.int64), "
                                                  "out=torch.zeros(6, dtype=torch.float64))"),
    ("err-masked_select-meta", META + "r = n.masked_select(torch.ones(4, dtype=torch.bool, "
                                      "device='meta'))"),
    ("err-nonzero-meta", META + "r = n.nonzero()"),
    ("err-nonzero-as-tuple-meta", META + "r = n.nonzero(as_tuple=True)"),
    ("err-nonzero-out-dtype", X + "r = torch.nonzero(x, out=torch.zeros(11, 2))"),
    ("err-nonzero-out-as-tuple", X + "r = torch.nonzero(x, as_tuple=True, "
                                     "out=torch.zeros(1, dtype=torch.long))"),
    ("err-index_fill-int32-index", X + I + "r = x.index_fill(1, i.to(torch.int32), 1)"),
    ("err-index_fill-bool-index", X + "r = x.index_fill(1, torch.tensor([True]), 1)"),
    ("err-index_fill-oob", X + "r = x.index_fill(1, torch.tensor([4]), 1)"),
    ("err-index_fill-negative-oob", X + "r = x.index_fill(1, torch.tensor([-5]), 1)"),
    ("err-index_fill-2d-index", X + "r = x.index_fill(1, torch.tensor([[1]]), 1)"),
    ("err-index_fill-dim-before-index-rank", X + "r = x.index_fill(5, torch.tensor([[1]]), 1)"),
    ("err-index_fill-dtype-before-dim", X + "r = x.index_fill(5, torch.tensor([[1]], "
                                            "dtype=torch.int32), 1)"),
    ("err-index_fill-0d-self-dim", "r = torch.tensor(3.).index_fill(1, torch.tensor([0]), 1)"),
    ("err-index_fill-0d-self-oob", "r = torch.tensor(3.).index_fill(0, torch.tensor([1]), 1)"),
    ("err-index_fill-complex-into-real", X + I + "r = x.index_fill(1, i, 1j)"),
    ("err-index_fill-complex-before-oob", X + "r = x.index_fill(1, torch.tensor([9]), "
                                              "torch.tensor(1j))"),
    ("err-index_fill-1d-value", X + I + "r = x.index_fill(1, i, torch.tensor([7.]))"),
    ("err-index_fill-int8-overflow", X + I + "r = x.to(torch.int8).index_fill(1, i, 300)"),
    ("err-index_fill-value-str", X + I + "r = x.index_fill(0, i, 'a')"),
    ("err-index_fill_-overlapping-index", "a = torch.arange(6)\n"
                                          "a.index_fill_(0, a[:1], 1)"),
    ("err-index_fill_-zero-size-dim-storage", "a = torch.zeros(3, 0)\n"
                                              "a.index_fill_(1, torch.tensor([0]), 1)"),
    ("err-index_put-value-shape", X + I + "r = x.index_put((i,), torch.tensor([1., 2., 3.]))"),
    ("err-index_put-value-more-dims", X + I + "r = x.index_put((i,), torch.ones(1, 2, 4))"),
    ("err-index_put-value-dtype", X + I + "r = x.index_put((i,), torch.tensor(-1))"),
    ("err-index_put-value-float64", X + I + "r = x.index_put((i,), torch.tensor([1.], "
                                            "dtype=torch.float64))"),
    ("err-index_put-oob", X + "r = x.index_put((torch.tensor([3]),), torch.tensor(1.))"),
    ("err-index_put-oob-accumulate", X + "r = x.index_put((torch.tensor([-4]),), "
                                         "torch.tensor(1.), accumulate=True)"),
    ("err-index_put-oob-second-index", X + "r = x.index_put((torch.tensor([0, 1]), "
                                           "torch.tensor([1, 7])), torch.tensor(1.))"),
    ("err-index_put-too-many", X + I + "r = x.index_put((i, i, i), torch.tensor(1.))"),
    ("err-index_put-0d-self", "r = torch.tensor(1.).index_put((torch.tensor(0),), "
                              "torch.tensor(5.))"),
    ("err-index_put-int16-index", X + "r = x.index_put((torch.tensor([1], dtype=torch.int16),), "
                                      "torch.tensor(1.))"),
    ("err-index_put-uint8-mask-to-masked_fill", X + "r = x.index_put((torch.tensor([1, 0, 1], "
                                                    "dtype=torch.uint8),), torch.tensor(1.))"),
    ("err-index_put-mask-shape", X + "r = x.index_put((torch.tensor([True, False]),), "
                                     "torch.tensor(1.))"),
    ("err-index_put-mask-shape-values", X + "r = x.index_put((torch.ones(3, 3, "
                                            "dtype=torch.bool),), torch.ones(2))"),
    ("err-index_put-mask-count", X + "r = x.index_put((x > 5,), torch.arange(5.))"),
    ("err-index_put-indices-broadcast", X + "r = x.index_put((torch.tensor([0, 2, 1]), "
                                            "torch.tensor([1, 3])), torch.tensor(1.))"),
    ("err-index_put-zero-size-dim", "r = torch.zeros(0, 4).index_put((torch.tensor([0]),), "
                                    "torch.tensor(1.))"),
    ("err-index_put-none-element", X + I + "r = x.index_put((None, i), torch.tensor(1.))"),
    ("err-index_put-function-none-element", X + I + "r = torch.index_put(x, [i, None], "
                                                    "torch.tensor(1.))"),
    ("err-index_put-tensor-indices", X + I + "r = x.index_put(i, torch.tensor(1.))"),
    ("err-index_put-function-tensor-indices", X + I + "r = torch.index_put(x, i, "
                                                      "torch.tensor(1.))"),
    ("err-index_put-scalar-values", X + I + "r = x.index_put_((i,), 1.)"),
    ("err-index_put-function-scalar-values", X + I + "r = torch.index_put(x, (i,), 1.)"),
    ("err-index_put_-value-overlaps-self", X + I + "x.index_put_((i,), x[1])"),
    ("err-index_put_-0d-value-overlaps-self", X + I + "x.index_put_((i,), x[1, 0])"),
    ("err-index_put_-index-overlaps-self", "a = torch.arange(12).view(3, 4)\n"
                                           "a.index_put_((a[0, :2],), torch.tensor(1))"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    INDEX_SELECT + GATHER + TAKE + MASKED_SELECT + NONZERO + INDEX_FILL + INDEX_PUT + ERRORS,
    ERRORS)
