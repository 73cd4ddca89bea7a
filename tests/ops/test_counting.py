"""counting family: unique and unique_consecutive (flat: sorted 1-d values, an inverse of the
input's shape, counts; dim=: slices compared whole, the values' strides permuted from a
dim-first layout; empty inputs), bincount (int64 counts, weights' float32/float64 kept, others
summed in float64; minlength) and torch.where(condition) (nonzero's column views).
Transposed, permuted, stepped, expanded, overlapping, channels_last, offset, size-1, 0-d and
empty inputs; bool, integer, half, bfloat16 and float values with -0.0 and NaN; and the
refusals: complex inputs, dims out of range, empty dims not selected, bincount's inputs,
weights and minlength, the meta device."""

from __future__ import annotations

from ._support import Table, table_tests

X = "x = torch.arange(24).mul(7).remainder(5).view(1, 2, 3, 4)\n"
_INPUTS = {
    "contiguous": (X + "v = x\n", 4),
    "transposed": (X + "v = x.transpose(2, 3)\n", 4),
    "permuted": (X + "v = x.permute(0, 3, 1, 2)\n", 4),
    "stepped": (X + "v = x[:, :, ::2]\n", 4),
    "expanded": ("v = torch.tensor([[3, -1, 3]]).expand(4, 3)\n", 2),
    "overlapping": ("v = torch.arange(6).remainder(4).as_strided((3, 3), (1, 1))\n", 2),
    "channels-last": (X + "v = x.contiguous(memory_format=torch.channels_last)\n", 4),
    "offset": (X + "v = x[0, 1:, 1:]\n", 3),
    "size-one": (X + "v = x.view(1, 24, 1)[:, ::5]\n", 3),
    "size-one-odd": ("v = torch.empty_strided((2, 1, 3), (1, 7, 2)).fill_(2.5)\n", 3),
    "zero-dim": ("v = torch.tensor(-0.75)\n", 0),
    "empty": ("v = torch.zeros(2, 0, 3).transpose(0, 2)\n", 3),
    "float": (X + "v = x.float().sub(2).div(2).transpose(1, 3)\n", 4),
    "bool": (X + "v = x.gt(2).permute(3, 1, 0, 2)\n", 4),
}
_CALLS = [
    ("unique", "a = torch.unique(v)\nb = v.unique(sorted=False)\n", False),
    ("unique-all", "a, i, c = torch.unique(v, return_inverse=True, return_counts=True)\n", False),
    ("unique-inverse", "a, i = v.unique(return_inverse=True)\n", False),
    ("unique-counts", "a, c = torch.unique(v, sorted=False, return_counts=True)\n", False),
    ("consecutive", "a, i, c = torch.unique_consecutive(v, True, True)\n"
                    "b = v.unique_consecutive()\n", False),
    ("unique-dim-first", "a, i, c = torch.unique(v, dim=0, return_inverse=True, "
                         "return_counts=True)\n", True),
    ("unique-dim-last", "a, i, c = torch.unique(v, return_inverse=True, return_counts=True, "
                        "dim=-1)\n", True),
    ("unique-dim-one", "a, c = v.unique(dim=1, return_counts=True)\n", True),
    ("consecutive-dim", "a, i, c = torch.unique_consecutive(v, True, True, -1)\n"
                        "b = v.unique_consecutive(dim=0)\n", True),
    ("where", "w = torch.where(v)\n", False),
]


def _takes(name: str, ndim: int, along: bool, call: str) -> bool:
    if not along:
        return True
    if name == "empty":
        return False
    return ndim >= 2 or (ndim == 1 and "dim=1" not in call)


LAYOUTS: Table = [(f"{call}-{name}", src + text)
                  for name, (src, ndim) in _INPUTS.items()
                  for call, text, along in _CALLS if _takes(name, ndim, along, call)]

N = "float('nan')"
B = "torch.bincount"
VALUES: Table = [
    # values known within a tolerance (a pow's) come back within it
    ("unique-of-inexact-values", "x = torch.arange(40.).view(8, 5, 1).pow(0.5)\n"
                                 "a = x.unique()\nb = x.unique(dim=-1)"),
    # dim=0 of a 1-d input takes the flat path (buffers the input's numel long), dim=-1 not
    ("consecutive-1d-dim0", "v = torch.tensor([1, 1, 2, 2, 3], dtype=torch.int32)\n"
                            "a, i, c = torch.unique_consecutive(v, True, True, 0)\n"
                            "b, j, d = torch.unique_consecutive(v, True, True, -1)"),
    ("unique-zeros-keep-first", "a = torch.unique(torch.tensor([0., -0., -0.]))\n"
                                "b = torch.unique(torch.tensor([-0., 0., 0.]))\n"
                                "c = torch.unique(torch.tensor([1., -0., 0., 1.]), "
                                "return_counts=True)"),
    ("unique-nan", f"a, i, c = torch.unique(torch.tensor([1., {N}, -0., 0., {N}, 1.]), "
                   "return_inverse=True, return_counts=True)\n"
                   f"b, j, d = torch.unique_consecutive(torch.tensor([1., -0., 0., {N}, {N}, "
                   "1.]), return_inverse=True, return_counts=True)"),
    ("unique-dtypes", "x = torch.tensor([3, -1, 3, 0, -1, 7])\n"
                      "a = torch.unique(x.to(torch.int8), return_inverse=True)\n"
                      "b = torch.unique(x.half(), return_counts=True)\n"
                      "c = torch.unique(x.bfloat16(), return_inverse=True)\n"
                      "d = torch.unique(x.double(), sorted=False)\n"
                      "e = torch.unique(x.to(torch.uint8), return_counts=True)\n"
                      "f = torch.unique(x.bool(), return_inverse=True, return_counts=True)\n"
                      "g = torch.unique_consecutive(x.short(), return_counts=True)"),
    ("unique-dim-rows", "x = torch.tensor([[5, 3], [1, 2], [5, 3], [1, 0]])\n"
                        "a, i, c = torch.unique(x, sorted=False, dim=0, return_inverse=True, "
                        "return_counts=True)\n"
                        "b, j, d = torch.unique(x.t(), dim=1, return_inverse=True, "
                        "return_counts=True)\n"
                        "e = torch.unique(x.bool(), dim=0)\n"
                        "f = torch.unique(torch.tensor([[0., 1.], [-0., 1.]]), dim=0, "
                        "return_inverse=True)"),
    ("unique-dim-3d", "x = torch.arange(24).remainder(3).view(2, 3, 4)\n"
                      "a, i, c = torch.unique(x, dim=1, return_inverse=True, return_counts=True)"
                      "\nb = torch.unique(x, dim=2)\nd = torch.unique(x, dim=-3)\n"
                      "e = torch.unique_consecutive(x.transpose(0, 2), dim=1)"),
    ("unique-empty-inputs", "a, i, c = torch.unique(torch.zeros(0, 3), return_inverse=True, "
                     "return_counts=True)\n"
                     "b, j, d = torch.unique(torch.zeros(0, 3), dim=0, return_inverse=True, "
                     "return_counts=True)\n"
                     "e, k, f = torch.unique(torch.zeros(2, 0), dim=1, return_inverse=True, "
                     "return_counts=True)\n"
                     "g = torch.unique_consecutive(torch.zeros(3, 0, 2).transpose(0, 2), dim=1)\n"
                     "h = torch.unique(torch.zeros(0, 0), return_inverse=True)\n"
                     "m = torch.unique(torch.tensor([], dtype=torch.bool), return_counts=True)"),
    ("unique-zero-dim-inputs", "a, i, c = torch.unique(torch.tensor(3.), return_inverse=True, "
                        "return_counts=True)\n"
                        "b, j, d = torch.unique_consecutive(torch.tensor(2), True, True)"),
    ("unique-arguments", "x = torch.tensor([3, 1, 3])\n"
                         "a = torch.unique(input=x, sorted=True, return_inverse=False, "
                         "return_counts=False, dim=None)\n"
                         "b = torch.unique(x, True, True, True, 0)\n"
                         "c = x.unique(True, True, True, 0)\n"
                         "d = torch.unique_consecutive(x, True, True, 0)\n"
                         "e = x.unique_consecutive(return_counts=True, dim=-1)"),
    ("unique-result-is-new", "x = torch.tensor([[1, 2], [1, 2]])\na = torch.unique(x, dim=0)\n"
                             "a.add_(1)\nb = torch.unique_consecutive(x)\nb.add_(1)"),
    ("unique-unwritten", "x = torch.empty(4)\nx[0] = 1.\na = torch.unique(x[:1])\n"
                         "b = torch.unique(x[:1], return_inverse=True)"),
    ("bincount", "x = torch.tensor([1, 3, 1, 0])\n"
                 f"a = {B}(x)\nb = {B}(x, minlength=6)\nc = x.bincount(minlength=2)\n"
                 f"d = {B}(input=x, weights=None, minlength=0)"),
    ("bincount-weights", "x = torch.tensor([1, 3, 1, 0])\n"
                         f"a = {B}(x, torch.tensor([.5, 1., 2., 3.]))\n"
                         f"b = {B}(x, torch.tensor([.5, 1., 2., 3.], dtype=torch.float64))\n"
                         f"c = {B}(x, torch.tensor([1, 2, 3, 4]))\n"
                         f"d = {B}(x, torch.tensor([1, 2, 3, 4]).half())\n"
                         f"e = {B}(x, torch.tensor([True, False, True, True]))\n"
                         f"f = {B}(x, weights=torch.tensor([.1, .2, .3, .7]), minlength=7)"),
    ("bincount-complex-weights", "x = torch.tensor([1, 3, 1, 0])\n"
                                 f"a = {B}(x, torch.tensor([1, 2, 3, 4]) * (1 + 1j))"),
    ("bincount-layouts", "x = torch.tensor([1, 3, 1, 0, 2, 2])\n"
                         f"a = {B}(x[::2], torch.arange(6.)[1::2])\n"
                         f"b = {B}(x.to(torch.uint8))\nc = {B}(x.to(torch.int8)[1:])\n"
                         f"d = {B}(torch.tensor([2]).expand(3), torch.tensor([.5]).expand(3))"),
    ("bincount-empty", f"a = {B}(torch.tensor([], dtype=torch.long))\n"
                       f"b = {B}(torch.tensor([], dtype=torch.long), torch.tensor([]), "
                       "minlength=2)\n"
                       f"c = {B}(torch.zeros(0, dtype=torch.int32), minlength=3)"),
    ("where-values", "x = torch.tensor([[1, 0], [2, 3]]).t()\nw = torch.where(x)\n"
                     "a = torch.where(torch.tensor(True))\nb = torch.where(torch.tensor(0.))\n"
                     "c = torch.where(torch.tensor([0.5, 0., -0.]))\n"
                     "d = torch.where(torch.tensor([1j, 0]))\n"
                     "e = torch.where(condition=torch.tensor([1, 0]))\n"
                     "f = torch.where(torch.zeros(0, 3))\n"
                     "g = torch.where(x > 1, x, 0)"),
]

ERRORS: Table = [
    ("err-unique-complex", "a = torch.unique(torch.ones(2) * (1 + 1j))"),
    ("err-consecutive-complex", "a = torch.unique_consecutive(torch.ones(2) * (1 + 1j))"),
    ("err-unique-dim-complex", "a = torch.unique(torch.ones(2) * (1 + 1j), dim=0)"),
    ("err-unique-dim-range", "a = torch.unique(torch.zeros(2, 3, 4), dim=3)"),
    ("err-consecutive-dim-range", "a = torch.unique_consecutive(torch.zeros(2, 3), dim=-3)"),
    ("err-unique-dim-zero-dim", "a = torch.unique(torch.tensor(2.), dim=0)"),
    ("err-consecutive-dim-zero-dim", "a = torch.unique_consecutive(torch.tensor(2.), dim=-1)"),
    ("err-unique-empty-unselected", "a = torch.unique(torch.zeros(2, 0), dim=0)"),
    ("err-consecutive-empty-unselected", "a = torch.unique_consecutive(torch.zeros(0, 3), "
                                         "dim=1)"),
    ("err-unique-two-empty-dims", "a = torch.unique(torch.zeros(0, 0), dim=0)"),
    ("err-unique-meta", "a = torch.unique(torch.zeros(3, device='meta'))"),
    ("err-unique-dim-meta", "a = torch.unique(torch.zeros(3, 2, device='meta'), dim=0)"),
    ("err-consecutive-meta", "a = torch.unique_consecutive(torch.zeros(3, device='meta'))"),
    ("err-where-meta", "a = torch.where(torch.zeros(3, device='meta'))"),
    ("err-bincount-negative", f"a = {B}(torch.tensor([1, -1]))"),
    ("err-bincount-2d", f"a = {B}(torch.tensor([[1]]))"),
    ("err-bincount-0d", f"a = {B}(torch.tensor(1))"),
    ("err-bincount-float", f"a = {B}(torch.tensor([1.]))"),
    ("err-bincount-bool", f"a = {B}(torch.tensor([True]))"),
    ("err-bincount-weights-length", f"a = {B}(torch.tensor([1, 0]), torch.tensor([1.]))"),
    ("err-bincount-weights-2d", f"a = {B}(torch.tensor([1, 0]), torch.ones(1, 2))"),
    ("err-bincount-minlength", f"a = {B}(torch.tensor([1, 0]), minlength=-1)"),
    ("err-bincount-negative-weighted", f"a = {B}(torch.tensor([-1]), torch.tensor([1.]))"),
    ("err-bincount-meta", f"a = {B}(torch.tensor([1, 0], device='meta'))"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + VALUES + ERRORS, ERRORS)
