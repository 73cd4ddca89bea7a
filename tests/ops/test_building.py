"""building family: repeat and tile allocate contiguous tensors whatever the input's layout;
repeat_interleave by an int gives a view of the contiguous clone it flattens, by a tensor a new
contiguous index_select (a conj or neg input's bits back on a view of it); diag, diag_embed
and diagflat are contiguous zeros with a diagonal written; block_diag is contiguous in the
promoted dtype; meshgrid returns expanded views of its inputs; cartesian_prod a contiguous
(N, k) tensor, or its one input itself. Transposed, permuted, stepped, expanded, overlapping,
channels_last, offset, size-1, 0-d and empty inputs; values of every kind (NaN, bool,
integer, half, complex, conj and neg views, unwritten elements); diag's out= kept, resized,
cast-refused, the input itself and expanded; and the refusals of every op and its parser."""

from __future__ import annotations

import pytest

from ._support import Table, assert_same_warnings, params, table_tests

X = "x = torch.arange(24.).mul(7).remainder(24).sub(11).view(2, 3, 4)\n"
# (input source, its ndim)
_INPUTS = {
    "contiguous": (X + "v = x\n", 3),
    "transposed": (X + "v = x.transpose(0, 2)\n", 3),
    "permuted": (X + "v = x.permute(1, 2, 0)\n", 3),
    "stepped": (X + "v = x[:, ::2]\n", 3),
    "expanded": ("v = torch.tensor([[3., -1., 2.]]).expand(4, 3)\n", 2),
    "expanded-inner": ("v = torch.arange(3.).view(3, 1).expand(3, 4)\n", 2),
    "overlapping": ("v = torch.arange(6.).as_strided((3, 3), (1, 1))\n", 2),
    "channels-last": (X + "v = x.view(1, 2, 3, 4).contiguous(memory_format=torch.channels_last)\n",
                      4),
    "offset": (X + "v = x[1:, 1:]\n", 3),
    "size-one": (X + "v = x.view(1, 24, 1)[:, ::5]\n", 3),
    "size-one-odd": ("v = torch.empty_strided((2, 1, 3), (1, 7, 2)).fill_(2.5)\n", 3),
    "vector-stepped": ("v = torch.arange(10.)[1::3]\n", 1),
    "zero-dim": ("v = torch.tensor(-0.75)\n", 0),
    "empty": ("v = torch.zeros(2, 0, 3).transpose(0, 2)\n", 3),
    "empty-vector": ("v = torch.zeros(0)\n", 1),
}

# (case name, call, the least ndim it takes, the most)
_CALLS = [
    ("repeat-ones", "a = v.repeat(*([1] * v.ndim)) if v.ndim else v.repeat(())\n", 0, 9),
    ("repeat-more", "a = v.repeat(*([2] * v.ndim + [1]))\nb = v.repeat([1, 2] + [1] * v.ndim)\n",
     0, 9),
    ("repeat-zero", "a = v.repeat(*([0] + [3] * v.ndim))\n", 0, 9),
    ("tile", "a = v.tile((2,))\nb = torch.tile(v, (1, 2, 1))\nc = v.tile(())\n", 0, 9),
    ("interleave-flat", "a = v.repeat_interleave(2)\nb = torch.repeat_interleave(v, 0)\n", 0, 9),
    ("interleave-dim", "a = v.repeat_interleave(3, dim=0)\nb = v.repeat_interleave(2, -1)\n",
     1, 9),
    ("interleave-tensor", "a = v.repeat_interleave(torch.tensor(2), dim=-1)\n"
                          "b = torch.repeat_interleave(v, torch.tensor([3]))\n", 1, 9),
    ("interleave-counts", "a = v.repeat_interleave(torch.arange(v.shape[0]) % 3, dim=0)\n", 1, 9),
    ("diag", "a = v.diag()\nb = torch.diag(v, 1)\nc = v.diag(-2)\n", 1, 2),
    ("diag-embed", "a = v.diag_embed()\nb = torch.diag_embed(v, -1, 0, -1)\n"
                   "c = v.diag_embed(2, dim1=-1, dim2=0)\n", 1, 9),
    ("diagflat", "a = v.diagflat()\nb = torch.diagflat(v, -1)\n", 0, 9),
    ("block-diag", "a = torch.block_diag(v)\nb = torch.block_diag(v, v)\n", 0, 2),
    ("meshgrid", "g = torch.meshgrid(v, torch.arange(2.), indexing='ij')\na = g[0]\nb = g[1]\n"
                 "h = torch.meshgrid(torch.arange(2.), v, indexing='xy')\nc = h[0]\nd = h[1]\n",
     0, 1),
    ("cartesian-prod", "a = torch.cartesian_prod(v, torch.arange(2.))\n"
                       "b = torch.cartesian_prod(v)\n", 1, 1),
]

LAYOUTS: Table = [(f"{call}-{name}", src + text)
                  for name, (src, ndim) in _INPUTS.items()
                  for call, text, least, most in _CALLS if least <= ndim <= most]

VALUES: Table = [
    ("building-nan-inf", "v = torch.tensor([[0., -0., float('nan')], [float('inf'), -1., "
                         "float('-inf')]])\na = v.repeat(2, 1)\nb = v.repeat_interleave(2, 1)\n"
                         "c = v.diag(-1)\nd = v.diag_embed()\ne = torch.block_diag(v, v[0])"),
    ("building-bool-int-half", "v = torch.tensor([[True, False, True], [False, False, True]])\n"
                               "a = v.repeat(1, 2)\nb = v.diag()\nc = v.diagflat(1)\n"
                               "w = torch.arange(-6, 6, dtype=torch.int8).view(3, 4)\n"
                               "d = w.tile((2, 1))\n"
                               "e = w.repeat_interleave(torch.tensor([1, 0, 2]), dim=0)\n"
                               "f = w.t().half().diag_embed()\n"
                               "g = w.bfloat16().diag(1)\n"
                               "h = torch.meshgrid(w[0], w[1], indexing='ij')[1]\n"
                               "i = torch.cartesian_prod(v[0], v[1])"),
    ("building-complex", "v = torch.arange(6.).view(2, 3) * (1 - 2j)\na = v.repeat(2, 2)\n"
                         "b = v.diag()\nc = v.diag_embed(1)\nd = v.repeat_interleave(2)\n"
                         "e = torch.block_diag(v, v.t())\nf = torch.cartesian_prod(v[0], v[1])"),
    ("building-conj-and-neg", "v = (torch.arange(3.) * (1 + 1j)).conj()\na = v.repeat(2)\n"
                              "b = v.repeat_interleave(2)\nc = v.repeat_interleave("
                              "torch.tensor([1, 2, 0]))\nd = v.diag()\ne = v.diagflat()\n"
                              "f = torch.block_diag(v)\n"
                              "g = torch.meshgrid(v, v, indexing='ij')[1]\n"
                              "n = v.imag\nh = n.repeat_interleave(torch.tensor(2))\ni = n.diag()\n"
                              "j = n.tile((2,))"),
    ("block-diag-promotion", "a = torch.block_diag(torch.arange(3), torch.tensor([[True]]), "
                             "torch.ones(2, dtype=torch.float16))\n"
                             "b = torch.block_diag(torch.arange(3), torch.tensor(2.5))\n"
                             "c = torch.block_diag(torch.arange(3.), torch.tensor(2, "
                             "dtype=torch.float64))\nd = torch.block_diag(torch.arange(2), "
                             "torch.ones(1, dtype=torch.complex64))"),
    ("block-diag-shapes", "a = torch.block_diag()\nb = torch.block_diag(torch.zeros(0, 3), "
                          "torch.zeros(2, 0), torch.zeros(0))\nc = torch.block_diag("
                          "torch.tensor(5.), torch.arange(4.).view(2, 2).t(), torch.arange(3.))"),
    ("meshgrid-forms", "x = torch.arange(3.)\ny = torch.arange(6.)[1::2]\n"
                       "g = torch.meshgrid([x, y, torch.tensor(1.)], indexing='xy')\n"
                       "a = g[0]\nb = g[1]\nc = g[2]\nh = torch.meshgrid((x,), indexing='xy')\n"
                       "d = h[0]\ne = torch.meshgrid(torch.zeros(0), x, indexing='ij')[0]"),
    ("meshgrid-views-share", "x = torch.arange(3.)\ny = torch.arange(2.)\n"
                             "g = torch.meshgrid(x, y, indexing='ij')\na = g[0]\nb = g[1]\n"
                             "x.add_(1)\nc = a.clone()"),
    ("cartesian-prod-forms", "x = torch.arange(3)\na = torch.cartesian_prod(x, x, x)\n"
                             "b = torch.cartesian_prod(x, torch.zeros(0, dtype=torch.int64))\n"
                             "c = torch.cartesian_prod(torch.arange(6)[::2])"),
    ("interleave-forms", X + "a = x.repeat_interleave(2, dim=1, output_size=6)\n"
                             "b = x.repeat_interleave(torch.tensor([1, 2, 0]), 1, output_size=3)\n"
                             "c = torch.repeat_interleave(torch.tensor([2, 0, 1]))\n"
                             "d = torch.repeat_interleave(torch.tensor([1, 2], dtype=torch.int32),"
                             " output_size=3)\ne = torch.repeat_interleave(torch.tensor([], "
                             "dtype=torch.int64))\n"
                             "f = x.repeat_interleave(torch.tensor([1, 2, 3, 0], "
                             "dtype=torch.int32), dim=-1)\n"
                             "g = torch.tensor(2.).repeat_interleave(torch.tensor([3]))\n"
                             "h = torch.tensor(2.).repeat_interleave(3, dim=None)\n"
                             "i = torch.zeros(2, 0).repeat_interleave(torch.tensor(3), dim=1)"),
    ("diag-offsets", "m = torch.arange(12.).view(3, 4)\na = m.diag(5)\nb = m.diag(-5)\n"
                     "c = m.t().diag(1)\nd = torch.zeros(0).diag(1)\n"
                     "e = torch.zeros(0, 3).diag(1)\n"
                     "f = torch.diagflat(torch.zeros(0), 1)\ng = torch.tensor(2.).diagflat(-1)"),
    ("building-unwritten-elements", "v = torch.empty(2, 3)\nv[0, 1] = 1.\na = v.repeat(2, 1)\n"
                                    "b = v.repeat_interleave(2)\nc = v[0].diag()\n"
                                    "d = v.diag_embed()\ne = torch.block_diag(v)\n"
                                    "f = torch.cartesian_prod(v[0], v[1])"),
    ("building-meta", "v = torch.zeros(3, 4, device='meta').t()\na = v.repeat(2, 1)\n"
                      "b = v.repeat_interleave(2, dim=0)\nc = v.diag()\nd = v.diag_embed()\n"
                      "e = torch.block_diag(v, v)\ng = torch.meshgrid(v[0], v[1], indexing='ij')\n"
                      "f = g[1]\nh = v.repeat_interleave(torch.tensor([1, 2, 0, 1], device='meta'),"
                      " dim=0, output_size=4)"),
    ("building-results-are-new", X + "a = x.repeat(1, 1, 1)\na.add_(1)\nb = x.diag_embed()\n"
                                     "x.mul_(2)\nc = x.repeat_interleave(1)\nc.add_(1)"),
    ("building-int-arguments", X + "a = x.repeat(torch.tensor(2), 1, 1)\n"
                                   "b = x.repeat((2, True, 1))\nc = x.tile(dims=(2,))\n"
                                   "d = x.repeat(repeats=(2, 1, 1))\ne = x.repeat([1, 1, 1, 1])"),
]

ERRORS: Table = [
    ("err-repeat-fewer", X + "a = x.repeat(2, 2)"),
    ("err-repeat-negative", X + "a = x.repeat(1, -1, 2)"),
    ("err-repeat-missing", X + "a = x.repeat()"),
    ("err-repeat-float", X + "a = x.repeat(2.0)"),
    ("err-repeat-float-element", X + "a = x.repeat((2, 2.5, 1))"),
    ("err-repeat-bool", X + "a = x.repeat(True)"),
    ("err-tile-int", X + "a = torch.tile(x, 2)"),
    ("err-tile-missing", X + "a = x.tile()"),
    ("err-tile-negative", X + "a = x.tile((-1,))"),
    ("err-tile-twice", X + "a = x.tile(2, dims=1)"),
    ("err-interleave-negative", X + "a = x.repeat_interleave(-1)"),
    ("err-interleave-no-arguments", X + "a = x.repeat_interleave()"),
    ("err-interleave-float", X + "a = x.repeat_interleave(2.0)"),
    ("err-interleave-too-many", X + "a = x.repeat_interleave(2, 0, 6)"),
    ("err-interleave-dim-range", X + "a = x.repeat_interleave(2, dim=3)"),
    ("err-interleave-tensor-dim-range", X + "a = x.repeat_interleave(torch.tensor([1, 2]), dim=5)"),
    ("err-interleave-zero-dim", "a = torch.tensor(2.).repeat_interleave(3, dim=0)"),
    ("err-interleave-zero-dim-tensor", "a = torch.tensor(2.).repeat_interleave("
                                       "torch.tensor([3]), dim=0)"),
    ("err-interleave-output-size", X + "a = x.repeat_interleave(2, output_size=5)"),
    ("err-interleave-size", X + "a = x.repeat_interleave(torch.tensor([1, 2, 3]), dim=0)"),
    ("err-interleave-size-negative-dim", X + "a = x.repeat_interleave(torch.tensor([1, 2]), "
                                             "dim=-1)"),
    ("err-interleave-two-dims", X + "a = x.repeat_interleave(torch.tensor([[1, 2]]), dim=0)"),
    ("err-interleave-counts-negative", "a = torch.arange(3.).repeat_interleave("
                                       "torch.tensor([1, -1, 0]))"),
    ("err-interleave-float-counts", "a = torch.arange(3.).repeat_interleave("
                                    "torch.tensor([1., 1., 2.]))"),
    ("err-interleave-int8-counts", "a = torch.arange(3.).repeat_interleave("
                                   "torch.tensor([1, 0, 2], dtype=torch.int8))"),
    ("err-interleave-bool-counts", "a = torch.arange(3.).repeat_interleave("
                                   "torch.tensor([True, False, True]))"),
    ("err-interleave-output-size-mismatch", "a = torch.arange(3.).repeat_interleave("
                                            "torch.tensor([1, 0, 2]), output_size=4)"),
    ("err-interleave-only-two-dims", "a = torch.repeat_interleave(torch.tensor([[1, 2]]))"),
    ("err-interleave-only-zero-dim", "a = torch.repeat_interleave(torch.tensor(2))"),
    ("err-interleave-meta", "a = torch.repeat_interleave(torch.tensor([1, 2], device='meta'))"),
    ("err-diag-zero-dim", "a = torch.tensor(1.).diag()"),
    ("err-diag-three-dims", X + "a = torch.diag(x)"),
    ("err-diag-float", "a = torch.arange(3.).diag(1.5)"),
    ("err-diag-two-positional", "a = torch.arange(3.).diag(0, 1)"),
    ("err-diag-embed-same", X + "a = x.diag_embed(0, 1, 1)"),
    ("err-diag-embed-same-wrapped", X + "a = x.diag_embed(0, -1, 3)"),
    ("err-diag-embed-range", X + "a = x.diag_embed(0, 0, 4)"),
    ("err-diag-embed-range-negative", X + "a = torch.diag_embed(x, 0, -5, 0)"),
    ("err-diag-embed-zero-dim", "a = torch.tensor(1.).diag_embed()"),
    ("err-diag-embed-out", "a = torch.diag_embed(torch.zeros(2), out=torch.zeros(2, 2))"),
    ("err-diagflat-out", "a = torch.diagflat(torch.zeros(2), out=torch.zeros(2, 2))"),
    ("err-block-diag-three-dims", X + "a = torch.block_diag(torch.zeros(2), x)"),
    ("err-block-diag-list", "a = torch.block_diag([torch.zeros(2)])"),
    ("err-block-diag-int", "a = torch.block_diag(torch.zeros(2), 1)"),
    ("err-block-diag-device", "a = torch.block_diag(torch.zeros(2), "
                              "torch.zeros(2, device='meta'))"),
    ("err-meshgrid-empty", "a = torch.meshgrid(indexing='ij')"),
    ("err-meshgrid-indexing", "a = torch.meshgrid(torch.zeros(2), indexing='ab')"),
    ("err-meshgrid-indexing-type", "a = torch.meshgrid(torch.zeros(2), indexing=1)"),
    ("err-meshgrid-dtype", "a = torch.meshgrid(torch.zeros(2), torch.arange(2), indexing='ij')"),
    ("err-meshgrid-device", "a = torch.meshgrid(torch.zeros(2), torch.zeros(2, device='meta'), "
                            "indexing='ij')"),
    ("err-meshgrid-int", "a = torch.meshgrid(torch.zeros(2), 1, indexing='ij')"),
    ("err-cartesian-prod-zero-dim", "a = torch.cartesian_prod(torch.tensor(1.), torch.zeros(2))"),
    ("err-cartesian-prod-two-dims", "a = torch.cartesian_prod(torch.zeros(2), torch.zeros(2, 3))"),
    ("err-cartesian-prod-one-two-dims", "a = torch.cartesian_prod(torch.zeros(2, 3))"),
    ("err-cartesian-prod-empty", "a = torch.cartesian_prod()"),
    ("err-cartesian-prod-dtype", "a = torch.cartesian_prod(torch.zeros(2), torch.arange(2))"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + VALUES + ERRORS, ERRORS)

V = "x = torch.arange(3.)\n"
M = "m = torch.arange(12.).view(3, 4)\n"
OUT: Table = [
    ("diag-out-kept", V + "o = torch.zeros(3, 3)\na = torch.diag(x, out=o)"),
    ("diag-out-kept-transposed", V + "o = torch.zeros(4, 4).t()\na = torch.diag(x, 1, out=o)"),
    ("diag-out-resized", V + "o = torch.zeros(2, 2)\na = torch.diag(x, out=o)"),
    ("diag-out-resized-from-empty", V + "o = torch.zeros(0)\na = torch.diag(x, -1, out=o)"),
    ("diag-out-two-dims-kept-stepped", M + "o = torch.zeros(6)[::2]\na = torch.diag(m, out=o)"),
    ("diag-out-two-dims-resized", M + "o = torch.zeros(5)\na = torch.diag(m, 1, out=o)"),
    ("diag-out-is-input", M + "a = torch.diag(m, out=m)"),
    ("diag-out-int-into-float", "x = torch.arange(3)\no = torch.zeros(3, 3, dtype=torch.int64)\n"
                                "a = torch.diag(x, out=o)"),
    ("diag-out-none", V + "a = torch.diag(x, 1, out=None)"),
]
OUT_ERRORS: Table = [
    ("err-diag-out-dtype", V + "o = torch.zeros(2, 2, dtype=torch.float64)\n"
                               "a = torch.diag(x, out=o)"),
    ("err-diag-out-cast", V + "o = torch.zeros(3, 3, dtype=torch.int64)\na = torch.diag(x, out=o)"),
    ("err-diag-out-int-dtype", "x = torch.arange(3)\no = torch.zeros(3, 3)\n"
                               "a = torch.diag(x, out=o)"),
    ("err-diag-out-two-dims-dtype", M + "o = torch.zeros(2, dtype=torch.int64)\n"
                                        "a = torch.diag(m, out=o)"),
    ("err-diag-out-three-dims", X + "a = torch.diag(x, out=torch.zeros(2))"),
    ("err-diag-out-expanded", V + "o = torch.zeros(1, 3).expand(3, 3)\na = torch.diag(x, out=o)"),
]

test_out_agrees_with_torch, test_out_error_message_matches = table_tests(OUT + OUT_ERRORS,
                                                                         OUT_ERRORS)


@pytest.mark.parametrize("src", params(OUT))
def test_out_warns_as_torch(src: str) -> None:
    assert_same_warnings(src)
