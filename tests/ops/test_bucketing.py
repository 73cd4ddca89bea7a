"""bucketing family: histc (bins, min, max, the data's own range, edges, NaN skipped, half and
bfloat16 rounding, out= resized, stepped, of another dtype, expanded), searchsorted (1-d and
n-d sequences, Python scalars, right and side, out_int32, sorter, mixed dtypes, NaN and -0.0,
empty sequences and values, out=) and bucketize (tensor and scalar inputs, right, out_int32,
out=). Transposed, permuted, stepped, expanded, overlapping, channels_last, offset, size-1,
0-d and empty inputs; and the refusals: integer, bool and complex dtypes, bins, ranges, side,
sorter, shapes, out= dtypes, meta's own checks."""

from __future__ import annotations

from ._support import Table, table_tests

X = "x = torch.arange(24).mul(7).remainder(5).view(1, 2, 3, 4)\n"
_INPUTS = {
    "contiguous": (X + "v = x.float()\n", 4),
    "transposed": (X + "v = x.float().transpose(2, 3)\n", 4),
    "permuted": (X + "v = x.double().permute(0, 3, 1, 2)\n", 4),
    "stepped": (X + "v = x.float()[:, :, ::2]\n", 4),
    "expanded": ("v = torch.tensor([[3., -1., 3.]]).expand(4, 3)\n", 2),
    "overlapping": ("v = torch.arange(6.).remainder(4).as_strided((3, 3), (1, 1))\n", 2),
    "channels-last": (X + "v = x.float().contiguous(memory_format=torch.channels_last)\n", 4),
    "offset": (X + "v = x.float()[0, 1:, 1:]\n", 3),
    "size-one": (X + "v = x.float().view(1, 24, 1)[:, ::5]\n", 3),
    "size-one-odd": ("v = torch.empty_strided((2, 1, 3), (1, 7, 2)).fill_(2.5)\n", 3),
    "zero-dim": ("v = torch.tensor(-0.75)\n", 0),
    "empty": ("v = torch.zeros(2, 0, 3).transpose(0, 2)\n", 3),
    "half": (X + "v = x.half().sub(2).div(2).transpose(1, 3)\n", 4),
    "bfloat16": (X + "v = x.bfloat16()[..., 1:]\n", 4),
    "int": (X + "v = x.transpose(0, 3)\n", 4),
    "meta": ("v = torch.zeros(2, 3, 4, device='meta').transpose(0, 2)\n", 3),
}
B = "torch.tensor([0., 1., 1., 3.])"
_CALLS = [
    ("histc", "a = torch.histc(v)\nb = v.histc(4, 1, 3)\nc = torch.histc(v, bins=3, min=-1, "
              "max=1.5)\n", False),
    ("bucketize", f"a = torch.bucketize(v, {B})\nb = torch.bucketize(v, {B}, right=True, "
                  "out_int32=True)\n", True),
    ("searchsorted-1d", f"a = torch.searchsorted({B}, v)\nb = torch.searchsorted({B}, v, "
                        "side='right')\n", True),
    ("searchsorted-sequence", "a = torch.searchsorted(v, torch.tensor([[1.]]).expand("
                              "*v.shape[:-1], 2), out_int32=True)\n", True),
]


def _takes(name: str, ndim: int, call: str, searchable: bool) -> bool:
    if call.startswith("histc"):
        return name not in ("int", "meta") and not (name == "empty" and False)
    if call == "searchsorted-sequence":
        return ndim >= 1 and name not in ("empty", "meta")
    return searchable


LAYOUTS: Table = [(f"{call}-{name}", src + text)
                  for name, (src, ndim) in _INPUTS.items()
                  for call, text, searchable in _CALLS if _takes(name, ndim, call, searchable)]

N = "float('nan')"
H = "torch.histc"
S = "torch.searchsorted"
BK = "torch.bucketize"
VALUES: Table = [
    ("histc-edges", f"x = torch.tensor([0., 1., 2., 3., 4., {N}, -1., 5.])\n"
                    f"a = {H}(x, 4, 0, 4)\nb = {H}(x, 5, 0.5, 3)\nc = {H}(x, 1, -1, 5)"),
    ("histc-data-range", f"a = {H}(torch.tensor([1., 2., 1.]), 4, 3, 3)\n"
                         f"b = {H}(torch.tensor([2., 2.]), 4)\nc = {H}(torch.tensor([]), 4)\n"
                         f"d = {H}(torch.tensor(2.), 3)\ne = {H}(torch.arange(12.).view(3, 4).t(), "
                         "3)"),
    ("histc-rounding", "x = torch.tensor([0.1, 0.2, 0.3, 0.7, 0.9, 1.])\n"
                       f"a = {H}(x, 10, 0, 1)\nb = {H}(x.double(), 10, 0, 1)\n"
                       f"c = {H}(x.half(), 10, 0, 1)\nd = {H}(x.bfloat16(), 10, 0, 1)\n"
                       f"e = {H}(x, 7, 0.1, 0.9)\nf = {H}(x.half(), 3000, 0, 1)"),
    ("histc-zeros", f"a = {H}(torch.tensor([-0., 0.]), 2, -0., 1)\n"
                    f"b = {H}(torch.tensor([-1., 0., 1.]), 2, True, 3)"),
    ("histc-many-half", f"a = {H}(torch.ones(3000).half(), 1, 0, 2)\n"
                        f"b = {H}(torch.ones(300).bfloat16(), 2, 0, 2)\n"
                        f"c = {H}(torch.ones(200).bfloat16(), 2, 0, 2)"),
    # (x - min) * bins overflows half: the element lands in bin 0 (docs/torch-bugs.md)
    ("histc-half-overflow", f"x = torch.tensor([-23696., 5540., 15232., -9768.]).half()\n"
                            f"a = {H}(x, 3)\nb = {H}(x.bfloat16() * 1e34, 3)"),
    ("histc-bfloat16-wide-range", f"a = {H}(torch.tensor([1.]).bfloat16(), 4, 0, 1e6)"),
    ("histc-out", f"x = torch.tensor([0., 1., 2., 3.5])\no = torch.zeros(4)\n"
                  f"a = {H}(x, 4, 0, 4, out=o)\np = torch.zeros(3)\nb = {H}(x, 4, 0, 4, out=p)\n"
                  f"q = torch.zeros(2, 4)\nc = {H}(x, 4, 0, 4, out=q)\n"
                  f"r = torch.zeros(8)\nd = {H}(x, 4, 0, 4, out=r[::2])\n"
                  f"s = torch.zeros(0)\ne = {H}(x, 2, out=s)"),
    ("histc-out-expanded", f"o = torch.zeros(1).expand(4)\n"
                           f"a = {H}(torch.tensor([0., 1., 2., 3.5]), 4, 0, 4, out=o)"),
    ("histc-out-is-input", f"x = torch.tensor([0., 1., 2., 3.5])\na = {H}(x, 4, 0, 4, out=x)"),
    ("histc-is-new", f"x = torch.tensor([0., 1.])\na = {H}(x, 2)\na.add_(1)"),
    ("histc-meta", f"a = {H}(torch.zeros(3, 2, device='meta').t(), 4)\n"
                   f"b = torch.zeros(3, 2, device='meta').histc(7, 1, 2)"),
    ("searchsorted-nan", f"s = torch.tensor([1., 2., 2., 3., {N}])\n"
                         f"v = torch.tensor([[0., 2., {N}], [3., 5., -0.]])\n"
                         f"a = {S}(s, v)\nb = {S}(s, v, right=True)\nc = {S}(s, v, side='right')\n"
                         f"d = {S}(s, v, side='left')\ne = {S}(s, v, right=True, side='right')\n"
                         f"f = {S}(s, v.t(), out_int32=True)"),
    ("searchsorted-zeros", f"s = torch.tensor([-0., 0., 1.])\nv = torch.tensor([0., -0.])\n"
                           f"a = {S}(s, v)\nb = {S}(s, v, right=True)\n"
                           f"c = {S}(torch.tensor([{N}, 1., {N}, 2.]), "
                           f"torch.tensor([0., 1.5, 3., {N}]))\n"
                           "d = torch.searchsorted(torch.tensor([1., float('inf')]), "
                           "torch.tensor([float('inf'), -float('inf')]))"),
    ("searchsorted-scalar", f"s = torch.tensor([1., 2., 2., 3.])\na = {S}(s, 2)\n"
                            f"b = {S}(s, 2.5, right=True)\nc = {S}(s, True)\n"
                            f"d = {S}(torch.tensor([1, 3, 5]), 2.5)\n"
                            f"e = {S}(torch.tensor([1, 3, 5], dtype=torch.int8), 300)\n"
                            f"f = {S}(s, torch.tensor(2.), out_int32=True)\n"
                            f"g = {S}(sorted_sequence=s, self=3)"),
    ("searchsorted-nd", "s = torch.tensor([[1, 3, 5], [2, 4, 6]])\n"
                        f"a = {S}(s, torch.tensor([[3, 4], [3, 7]]))\n"
                        f"b = {S}(s.t().contiguous().t(), torch.tensor([[3, 4, 0], [3, 7, 2]]), "
                        "right=True)\n"
                        f"c = {S}(s.view(2, 1, 3).expand(2, 2, 3), torch.zeros(2, 2, 1))\n"
                        f"d = {S}(torch.zeros(2, 0), torch.zeros(2, 3))\n"
                        f"e = {S}(torch.tensor([]), torch.tensor([1., 2.]))\n"
                        f"f = {S}(s, torch.zeros(2, 0))"),
    ("searchsorted-dtypes", f"a = {S}(torch.tensor([1, 3, 5]), torch.tensor([2.5, 3.]))\n"
                            f"b = {S}(torch.tensor([1.5, 3, 5]), torch.tensor([2, 3]))\n"
                            f"c = {S}(torch.tensor([1., 2.]).half(), torch.tensor([1.5]).half())\n"
                            f"d = {S}(torch.tensor([1., 2.]).bfloat16(), torch.tensor([1.5]))\n"
                            f"e = {S}(torch.tensor([1, 2], dtype=torch.uint8), "
                            "torch.tensor([-1, 300]))\n"
                            f"f = {S}(torch.tensor([1., 2.]), "
                            "torch.tensor(1.5, dtype=torch.double))"),
    ("searchsorted-bfloat16", "x = torch.arange(24).view(4, 6).bfloat16().t()\n"
                              f"a = {BK}(x, torch.tensor([0, 2, 5], dtype=torch.bfloat16), "
                              "right=True)\n"
                              f"b = {S}(x, torch.tensor([[3, 1], [2, 3], [0, 1], [5, -1], "
                              "[0, 2], [1, 0]], dtype=torch.bfloat16), out_int32=True)\n"
                              f"c = {S}(x.half(), torch.tensor([[300.], [2049.], [1.], [0.], "
                              "[7.], [9.]]))"),
    ("searchsorted-unsorted", f"a = {S}(torch.tensor([5., 1., 4., 2.]), "
                              "torch.tensor([0., 3., 6.]))"),
    ("searchsorted-sorter", f"a = {S}(torch.tensor([3., 1., 2.]), torch.tensor([2.5, 0.]), "
                            "sorter=torch.tensor([1, 2, 0]))\n"
                            f"b = {S}(torch.tensor([[3., 1., 2.], [0., 5., 4.]]), "
                            "torch.tensor([[2.5], [4.5]]), sorter=torch.tensor([[1, 2, 0], "
                            "[0, 2, 1]]), right=True)\n"
                            f"c = {S}(torch.tensor([3., 1., 2.]), 2, "
                            "sorter=torch.tensor([1, 2, 0]))"),
    ("searchsorted-empty-bool", f"a = {S}(torch.tensor([True]), torch.zeros(0, dtype=torch.bool))"),
    ("searchsorted-out", "s = torch.tensor([1., 2., 3.])\nv = torch.tensor([[0., 2.5], [3., 9.]])\n"
                         f"o = torch.zeros(2, 2, dtype=torch.long)\na = {S}(s, v, out=o)\n"
                         f"p = torch.zeros(5, dtype=torch.long)\nb = {S}(s, v, out=p)\n"
                         f"q = torch.zeros(2, 2, dtype=torch.int32).t()\n"
                         f"c = {S}(s, v, out_int32=True, out=q)\n"
                         "r = torch.zeros(8, dtype=torch.long)\n"
                         f"d = {S}(s, v, out=r[::2].view(2, 2))\n"
                         f"e = {S}(s, 2, out=torch.zeros(0, dtype=torch.long))"),
    ("searchsorted-out-is-values", "s = torch.tensor([1, 2, 3])\nv = torch.tensor([0, 2, 5])\n"
                                   f"a = {S}(s, v, out=v)"),
    ("searchsorted-meta", "s = torch.tensor([1., 2.], device='meta')\n"
                          f"a = {S}(s, torch.zeros(3, 2, device='meta').t())\n"
                          f"b = {S}(s, 2, out_int32=True)\n"
                          f"c = {BK}(torch.zeros(3, 2, device='meta').t(), s)\n"
                          f"d = {BK}(2, s, right=True)"),
    ("bucketize", f"v = torch.tensor([[0., 2., {N}], [3., 5., -0.]])\n"
                  f"s = torch.tensor([1., 2., 2., 3., {N}])\n"
                  f"a = {BK}(v, s)\nb = {BK}(v.t(), s, right=True)\n"
                  f"c = {BK}(v, s, out_int32=True)\n"
                  f"d = {BK}(2, s)\ne = {BK}(2.5, torch.tensor([1, 2, 3]))\n"
                  f"f = {BK}(input=v, boundaries=s, out_int32=False, right=False)\n"
                  f"g = {BK}(torch.zeros(0, 2), s)\nh = {BK}(v, torch.tensor([]))"),
    ("bucketize-out", f"v = torch.tensor([[0., 2.], [3., 5.]])\ns = torch.tensor([1., 2., 3.])\n"
                      f"o = torch.zeros(2, 2, dtype=torch.long)\na = {BK}(v, s, out=o)\n"
                      f"p = torch.zeros(3, 2, dtype=torch.int32)\nb = {BK}(v, s, out_int32=True, "
                      "out=p)\nq = torch.zeros(2, 2, dtype=torch.long).t()\nc = {BK}(v, s, out=q)"
                      .replace("{BK}", BK)),
]

ERRORS: Table = [
    ("err-histc-int", f"a = {H}(torch.tensor([1, 2]), 4)"),
    ("err-histc-int-range", f"a = {H}(torch.tensor([1, 2]), 4, 3, 1)"),
    # linspace converts the edges, checked: min - 1 below uint8, 70000 above half
    ("err-histc-uint8-zero", f"a = {H}(torch.tensor([0], dtype=torch.uint8))"),
    ("err-histc-int8-range", f"a = {H}(torch.tensor([1, 2], dtype=torch.int8), 4, 0, 300)"),
    ("err-histc-half-range", f"a = {H}(torch.tensor([1.]).half(), 4, 0, 70000.)"),
    ("err-histc-bool", f"a = {H}(torch.tensor([True]), 4)"),
    ("err-histc-complex", f"a = {H}(torch.tensor([1j]), 4)"),
    ("err-histc-complex-range", f"a = {H}(torch.tensor([1j]), 4, 0, 1)"),
    ("err-histc-bins", f"a = {H}(torch.zeros(3), 0)"),
    ("err-histc-bins-negative", f"a = {H}(torch.zeros(3), -1)"),
    ("err-histc-min-max", f"a = {H}(torch.zeros(3), 4, 3, 1)"),
    ("err-histc-inf", f"a = {H}(torch.zeros(3), 4, 0, float('inf'))"),
    ("err-histc-nan", f"a = {H}(torch.zeros(3), 4, {N}, 1)"),
    ("err-histc-data-nan", f"a = {H}(torch.tensor([1., {N}]), 4)"),
    ("err-histc-data-inf", f"a = {H}(torch.tensor([1., float('inf')]), 4)"),
    ("err-histc-out-dtype", f"a = {H}(torch.zeros(3), 4, out=torch.zeros(4, dtype=torch.double))"),
    ("err-histc-bins-float", f"a = {H}(torch.zeros(3), 4.0)"),
    ("err-searchsorted-side", f"a = {S}(torch.tensor([1.]), torch.tensor([1.]), side='middle')"),
    ("err-searchsorted-side-right", f"a = {S}(torch.tensor([1.]), torch.tensor([1.]), "
                                    "side='left', right=True)"),
    ("err-searchsorted-scalar-nd", f"a = {S}(torch.zeros(1, 5), 2)"),
    ("err-searchsorted-0d-values-nd", f"a = {S}(torch.zeros(1, 5), torch.tensor(2.))"),
    ("err-searchsorted-0d-sequence", f"a = {S}(torch.tensor(1.), torch.tensor([3.]))"),
    ("err-searchsorted-leading", f"a = {S}(torch.zeros(2, 3), torch.zeros(1, 2))"),
    ("err-searchsorted-rank", f"a = {S}(torch.zeros(2, 3), torch.zeros(2))"),
    ("err-searchsorted-bool", f"a = {S}(torch.tensor([False, True]), torch.tensor([True]))"),
    ("err-searchsorted-complex", f"a = {S}(torch.tensor([1j]), torch.tensor([1j]))"),
    ("err-searchsorted-sorter-range", f"a = {S}(torch.tensor([3., 1., 2.]), torch.tensor([2.5]), "
                                      "sorter=torch.tensor([1, 3, 0]))"),
    ("err-searchsorted-sorter-negative", f"a = {S}(torch.tensor([3., 1., 2.]), "
                                         "torch.tensor([2.5]), sorter=torch.tensor([1, -1, 0]))"),
    ("err-searchsorted-sorter-dtype", f"a = {S}(torch.tensor([3., 1., 2.]), torch.tensor([2.]), "
                                      "sorter=torch.tensor([1, 2, 0], dtype=torch.int32))"),
    ("err-searchsorted-sorter-shape", f"a = {S}(torch.tensor([3., 1., 2.]), torch.tensor([2.]), "
                                      "sorter=torch.tensor([1, 2]))"),
    ("err-searchsorted-out-dtype", f"a = {S}(torch.tensor([1.]), torch.tensor([1.]), "
                                   "out=torch.zeros(1, dtype=torch.int32))"),
    ("err-searchsorted-out-dtype-int32", f"a = {S}(torch.tensor([1.]), torch.tensor([1.]), "
                                         "out_int32=True, out=torch.zeros(1))"),
    ("err-searchsorted-out-expanded", f"a = {S}(torch.tensor([1.]), torch.tensor([1., 2.]), "
                                      "out=torch.zeros(1, dtype=torch.long).expand(2))"),
    ("err-searchsorted-list", f"a = {S}(torch.tensor([1.]), [1., 2.])"),
    ("err-searchsorted-positional", f"a = {S}(torch.tensor([1.]), torch.tensor([1.]), True)"),
    ("err-searchsorted-meta-side", "s = torch.zeros(3, device='meta')\n"
                                   f"a = {S}(s, s, side='left', right=True)"),
    ("err-searchsorted-meta-leading", f"a = {S}(torch.zeros(2, 3, device='meta'), "
                                      "torch.zeros(3, device='meta'))"),
    ("err-bucketize-2d", f"a = {BK}(torch.zeros(2), torch.zeros(1, 5))"),
    ("err-bucketize-0d", f"a = {BK}(torch.zeros(2), torch.tensor(1.))"),
    ("err-bucketize-bool", f"a = {BK}(torch.tensor([True]), torch.tensor([False, True]))"),
    ("err-bucketize-scalar-out", f"a = {BK}(2, torch.tensor([1.]), "
                                 "out=torch.zeros(1, dtype=torch.long))"),
    ("err-bucketize-positional", f"a = {BK}(torch.zeros(2), torch.tensor([1.]), True)"),
    ("err-bucketize-out-dtype", f"a = {BK}(torch.zeros(2), torch.tensor([1.]), "
                                "out=torch.zeros(2))"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + VALUES + ERRORS, ERRORS)


def test_histc_into_its_own_input_resized_is_left_unsupported() -> None:
    # histogram_histc_out resizes hist before it reads self: when they are one tensor, self
    # is then `bins` elements of whatever the grown storage holds, which the model cannot say
    import pytest

    import stridecheck.reference as reference
    from stridecheck.conformance.outcome import check
    from stridecheck.conformance.results import UNSUPPORTED
    from stridecheck.conformance.targets import all_targets
    from stridecheck.strategies.parse import parse

    x = reference.zeros(1, dtype=reference.float16)
    with pytest.raises(NotImplementedError, match="the model has no histc"):
        reference.histc(x, out=x)
    program = parse("x0 = torch.arange(1)\nx0 = x0.to(torch.float16)\n"
                    "x1 = torch.histc(x0, out=x0)\n")
    assert check(program, all_targets()["eager:cpu"]).status == UNSUPPORTED


def test_an_out_resized_over_its_own_input_is_left_unsupported() -> None:
    # the out is resized before the kernel reads it as an input: an empty sequence, or an
    # empty matrix, grows elements of whatever the storage holds
    import pytest

    import stridecheck.reference as reference

    seq = reference.zeros(1, 1, 0, dtype=reference.int64)
    with pytest.raises(NotImplementedError, match="the model has no searchsorted"):
        reference.searchsorted(seq, reference.tensor([[[0, 3]]]), out=seq)
    a = reference.zeros(1, 0, dtype=reference.bool)
    with pytest.raises(NotImplementedError, match="the model has no matrix_rank"):
        reference.linalg.matrix_rank(a, out=a)
