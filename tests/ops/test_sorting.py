"""sort family: sort, argsort and msort keep a dense input's strides and make others dense in
its order; topk and kthvalue give contiguous results of the selected shape. Transposed,
stepped, expanded, channels_last, offset, size-1, 0-d and empty inputs along every dim;
descending, stable, largest, sorted and keepdim; values with repeats, NaN, infinities and
signed zeros (the indices of repeated values are left open where torch's kernel leaves them);
integer, bool, half and double inputs; msort's out= kept, resized, the input itself or part of
it; and the refusals of complex and bool inputs, k out of range and empty reductions."""

from __future__ import annotations

from ._support import Table, table_tests

# distinct values in no order, some negative
R = "torch.tensor([5., 4., 3., 2., 1., 0.])"
X = "x = torch.arange(24.).mul(7).remainder(24).sub(11).view(2, 3, 4)\n"
_INPUTS = {
    "contiguous": X + "v = x\n",
    "transposed": X + "v = x.transpose(0, 2)\n",
    "permuted": X + "v = x.permute(1, 2, 0)\n",
    "stepped": X + "v = x[:, ::2]\n",
    "expanded": "v = torch.tensor([[3., -1., 2.]]).expand(4, 3)\n",
    "channels-last": X + "v = x.view(1, 2, 3, 4).contiguous(memory_format=torch.channels_last)\n",
    "offset": X + "v = x[1:, 1:]\n",
    "size-one": X + "v = x.view(1, 24, 1)[:, ::5]\n",
    "zero-dim": "v = torch.tensor(-0.75)\n",
    "empty": "v = torch.zeros(2, 0, 3).transpose(0, 2)\n",
}

LAYOUTS: Table = [
    (f"{op}-{name}-dim{d}", src + call.format(d=d))
    for op, call in (("sort", "a = v.sort({d})\n"),
                     ("sort-descending", "a = torch.sort(v, {d}, True)\n"),
                     ("sort-stable", "a = v.sort(dim={d}, stable=True)\n"),
                     ("argsort", "a = v.argsort({d})\n"),
                     ("argsort-stable-descending",
                      "a = torch.argsort(v, stable=True, dim={d}, descending=True)\n"),
                     ("topk", "a = v.topk(1, {d})\n"),
                     ("topk-smallest", "a = torch.topk(v, 1, {d}, largest=False)\n"),
                     ("kthvalue", "a = v.kthvalue(1, {d})\n"),
                     ("kthvalue-keepdim", "a = torch.kthvalue(v, 1, {d}, keepdim=True)\n"))
    for name, src in _INPUTS.items() for d in (0, -1)
    if not (name == "empty" and op.startswith("kthvalue") and d == -1)
] + [(f"msort-{name}", src + "a = v.msort()\nb = torch.msort(v)\n")
     for name, src in _INPUTS.items()]

VALUES: Table = [
    ("sort-repeats-stable", "v = torch.tensor([[2, 1, 2, 1, 2, 1, 0], [5, 5, 5, 5, 5, 5, 5]])\n"
                            "a = v.sort(stable=True)\nb = v.sort(1, True, stable=True)\n"
                            "c = v.argsort(dim=0, stable=True)"),
    ("sort-repeats-unstable", "v = torch.arange(60).remainder(3).view(3, 20)\na = v.sort()\n"
                              "b = v.sort(0, descending=True)\nc = v.t().argsort(0)"),
    ("sort-nan-and-infinities", "v = torch.tensor([1., float('nan'), float('inf'), 3., "
                                "float('nan'), float('-inf'), 0.])\na = v.sort()\n"
                                "b = v.sort(descending=True)\nc = v.argsort(stable=True)\n"
                                "d = v.topk(3)\ne = v.topk(3, largest=False)\n"
                                "f = v.kthvalue(6)\ng = v.kthvalue(1)"),
    ("sort-signed-zeros", "v = torch.tensor([0., -0., 1., -0., 0.])\na = v.sort()\n"
                          "b = v.topk(2, largest=False)\nc = v.kthvalue(2)"),
    ("sort-bool-int-half-double", "v = torch.tensor([[True, False, True], [False, False, True]])\n"
                                  "a = v.sort(1)\nb = v.argsort(0, stable=True)\n"
                                  "c = torch.tensor([2, -3, 1, 0, -1], dtype=torch.int8).topk(2)\n"
                                  "d = torch.tensor([5., 4., 3., 2., 1., 0.]).half().kthvalue(2)\n"
                                  "e = torch.arange(6.).double().view(2, 3).t().msort()\n"
                                  "f = torch.arange(6.).bfloat16().topk(6, sorted=True)"),
    ("topk-unsorted", X + "a = x.topk(3, 2, sorted=False)\nb = x.topk(1, 0, sorted=False)\n"
                          "c = torch.topk(x, 2, 1, False, False)"),
    ("topk-keywords", X + "a = x.topk(k=2)\nb = torch.topk(x, 2, dim=0, largest=False)\n"
                          "c = x.topk(3, sorted=True, dim=1)"),
    ("topk-k-zero-and-all", X + "a = x.topk(0)\nb = x.topk(4)\nc = x.topk(2, 0)\n"
                                "d = torch.tensor(1.5).topk(0)\ne = torch.zeros(0).topk(0)"),
    ("kthvalue-every-k", X + "a = x.kthvalue(1)\nb = x.kthvalue(2)\nc = x.kthvalue(3)\n"
                             "d = x.kthvalue(4, keepdim=True)\ne = x.kthvalue(2, 1)\n"
                             "f = torch.zeros(2, 0).kthvalue(2, 0)"),
    ("sort-of-a-view-keeps-the-base", X + "t = x.t()\na = t.sort(0)\nt.add_(1)\nb = t.sort(0)\n"
                                      "c = a.values.add_(1)"),
    ("sort-zero-dim-forms", "v = torch.tensor(2.5)\na = v.sort()\nb = v.sort(0)\n"
                            "c = v.argsort(-1)\nd = v.topk(1)\ne = v.kthvalue(1, 0, True)\n"
                            "f = torch.tensor(True).kthvalue(1)"),
    ("sort-empty-gapped-and-empty-index", "x = torch.arange(0).view(4, 4, 4, 0)[::2]\n"
                                          "a = x.msort()\nb = x.sort(1)\n"
                                          "y = torch.arange(40.).view(8, 1, 1, 5)[False]\n"
                                          "c = torch.argsort(y, stable=True, dim=2)"),
    ("sort-written-input", X + "y = x.clone()\ny[0, 0, 0] = 100.\na = y.sort(1)\n"
                               "b = y.topk(2, 2)\nc = y.kthvalue(2, 0)"),
]

ERRORS: Table = [
    ("err-sort-complex", "a = torch.tensor([1 + 1j, 2j]).sort()"),
    ("err-argsort-complex-empty", "a = torch.zeros(0, dtype=torch.complex64).argsort()"),
    ("err-msort-complex", "a = torch.tensor([1 + 1j, 2j]).msort()"),
    ("err-sort-dim", "a = torch.zeros(2, 3).sort(2)"),
    ("err-sort-dim-zero-dim", "a = torch.tensor(1.).sort(1)"),
    ("err-topk-complex", "a = torch.tensor([1 + 1j, 2j]).topk(1)"),
    ("err-topk-bool", "a = torch.tensor([True, False]).topk(1)"),
    ("err-topk-bool-empty", "a = torch.zeros(0, dtype=torch.bool).topk(0)"),
    ("err-topk-k-before-dtype", "a = torch.tensor([1 + 1j, 2j]).topk(5)"),
    ("err-topk-k-large", "a = torch.zeros(2, 3).topk(4)"),
    ("err-topk-k-negative", "a = torch.zeros(2, 3).topk(-1)"),
    ("err-topk-zero-dim-k", "a = torch.tensor(1.).topk(2)"),
    ("err-topk-dim", "a = torch.zeros(2, 3).topk(1, 5)"),
    ("err-kthvalue-bool", "a = torch.tensor([True, False]).kthvalue(1)"),
    ("err-kthvalue-complex-empty", "a = torch.zeros(2, 0, dtype=torch.complex64).kthvalue(1, 0)"),
    ("err-kthvalue-k-zero", "a = torch.zeros(2, 3).kthvalue(0)"),
    ("err-kthvalue-k-large", "a = torch.zeros(2, 3).kthvalue(3, 0)"),
    ("err-kthvalue-k-large-empty", "a = torch.zeros(2, 0).kthvalue(3, 0)"),
    ("err-kthvalue-empty-dim", "a = torch.zeros(2, 0).kthvalue(1, 1)"),
    ("err-kthvalue-empty-1d", "a = torch.zeros(0).kthvalue(1)"),
    ("err-kthvalue-zero-dim-k", "a = torch.tensor(1.).kthvalue(2)"),
    ("err-topk-float-k", "a = torch.zeros(2, 3).topk(1.5)"),
    ("err-msort-dim", "a = torch.zeros(2, 3).msort(0)"),
    ("err-msort-method-out", "o = torch.zeros(2, 3)\na = torch.zeros(2, 3).msort(out=o)"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + VALUES + ERRORS, ERRORS)

OUT: Table = [
    ("msort-out-kept", f"x = {R}.view(2, 3)\no = torch.zeros(3, 2).t()\n"
                       "a = torch.msort(x, out=o)"),
    ("msort-out-resized", f"x = {R}.view(3, 2).t()\no = torch.zeros(2)\n"
                          "a = torch.msort(x, out=o)"),
    ("msort-out-empty-resized", "x = torch.tensor([5., 4., 3., 2., 1., 0.]).view(3, 2).t()\n"
                                "o = torch.zeros(0)\na = torch.msort(x, out=o)"),
    ("msort-out-is-input", "x = torch.tensor([5., 4., 3., 2., 1., 0.])\n"
                           "a = torch.msort(x, out=x)"),
    ("msort-out-is-its-expanded-input", "x = torch.tensor([[True]]).expand(2, 1)\n"
                                        "a = torch.msort(x, out=x)"),
    ("msort-out-same-geometry", "x = torch.tensor([5., 4., 3., 2., 1., 0.])\n"
                                "a = torch.msort(x, out=x.view(6))"),
    ("argsort-out-kept-and-resized", "x = torch.tensor([[3., 1.], [2., 0.]]).t()\n"
                                     "o = torch.zeros(2, 2, dtype=torch.long).t()\n"
                                     "a = torch.argsort(x, stable=True, dim=0, out=o)\n"
                                     "p = torch.zeros(3, dtype=torch.long)\n"
                                     "b = torch.argsort(x, stable=True, dim=0, out=p)"),
    ("argsort-out-is-input", "x = torch.tensor([3, 2, 1, 0])\n"
                             "a = torch.argsort(x, stable=True, out=x)\n"
                             "y = torch.tensor([3, 2, 1, 0])\n"
                             "b = torch.argsort(y[:3], stable=True, out=y[1:])"),
    ("argsort-out-expanded", "x = torch.tensor([[3., 1.], [2., 0.]])\n"
                             "o = torch.zeros(1, dtype=torch.long).expand(4)\n"
                             "a = torch.argsort(x, stable=True, out=o)"),
]
OUT_ERRORS: Table = [
    ("err-msort-out-partial-overlap", "x = torch.tensor([5., 4., 3., 2., 1., 0.])\n"
                                      "a = torch.msort(x[:5], out=x[1:])"),
    ("err-msort-out-dtype", "x = torch.arange(6.)\no = torch.zeros(6, dtype=torch.int64)\n"
                            "a = torch.msort(x, out=o)"),
    ("err-argsort-out-dtype", "x = torch.arange(6.)\na = torch.argsort(x, stable=True, "
                              "out=torch.zeros(6))"),
    # the kernel's iterator over values and indices refuses shared elements, unless the
    # input's stride along the dim is 0 (sorted already: the 2-d case above)
    ("err-msort-out-is-its-expanded-input", "x = torch.zeros(1, 1, 1, 1).expand(1, 1, 2, 1)\n"
                                            "a = torch.msort(x, out=x)"),
    ("err-msort-out-is-its-row-expanded-input", "x = torch.zeros(2, 1).expand(2, 3)\n"
                                                "a = torch.msort(x, out=x)"),
    ("err-msort-out-expanded", "x = torch.arange(3.)\no = torch.zeros(1).expand(3)\n"
                               "a = torch.msort(x, out=o)"),
]

test_out_agrees_with_torch, test_out_error_message_matches = table_tests(OUT + OUT_ERRORS,
                                                                         OUT_ERRORS)
