"""Advanced indexing, `x[index]` and `x[index] = value` with tensors, lists and masks among
ints, slices, None and Ellipsis: the model's advanced_indexing.advanced_getitem /
advanced_setitem are called directly and compared with torch's
operators field by field after every statement: shape, strides (where the indexed dims land,
adjacent or not, and the layout aten::index's TensorIterator gives), offsets, values, versions,
and the errors.

In a program `GET(x, index)` is `x[index]` and `SET(x, index, v)` is `x[index] = v`.
"""

from __future__ import annotations

import ast
import warnings
from typing import Any

import pytest
import torch

import stridecheck.reference as reference
from stridecheck.conformance.execute import StepResult, compare_runs
from stridecheck.conformance.observe import is_tensor, snapshot_all
from stridecheck.conformance.replay import first_line
from stridecheck.reference import advanced_indexing

from ._support import Table, params


def _torch_set(x: Any, index: Any, value: Any) -> None:
    x[index] = value


HELPERS = {torch: {"GET": lambda x, index: x[index], "SET": _torch_set},
           reference: {"GET": advanced_indexing.advanced_getitem,
                       "SET": advanced_indexing.advanced_setitem}}


def run(source: str, lib: Any) -> list[StepResult]:
    """Run source statement by statement on lib, observing the live tensors after each."""
    env: dict[str, Any] = {"torch": lib, **HELPERS[lib]}
    results: list[StepResult] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for node in ast.parse(source).body:
            text = ast.get_source_segment(source, node) or ast.unparse(node)
            try:
                exec(compile(ast.Module([node], []), "<program>", "exec"), env)  # noqa: S102
            except Exception as exc:  # noqa: BLE001 - any error is an outcome
                results.append(StepResult(text, first_line(exc)))
                return results
            live = {k: v for k, v in env.items() if is_tensor(v)}
            results.append(StepResult(text, None, snapshot_all(live)))
    return results


X = "x = torch.arange(24.).view(2, 3, 4)\n"
A = "a = torch.tensor([0, 1])\nb = torch.tensor([2, 0])\n"
M = "m = torch.tensor([[True, False, True], [False, True, True]])\n"
Y = "y = torch.arange(12.).view(3, 4)\ni = torch.tensor([2, 0])\n"

GET: Table = [
    ("get-empty-iteration-unchecked", "z = torch.zeros(2, 3, 0)\nr = GET(z, torch.tensor([1, 2]))"),
    ("get-1d-index", X + A + "r = GET(x, a)"),
    ("get-list", X + "r = GET(x, [1, 0, 1])"),
    ("get-list-bools-is-mask", X + "r = GET(x, [True, False])"),
    ("get-list-mixed-int-bool", X + "r = GET(x, [0, True, False])"),
    ("get-list-floats-truncate", X + "r = GET(x, [0.7, 1.2])"),
    ("get-empty-list", X + "r = GET(x, [])"),
    ("get-range", X + "r = GET(x, range(2))"),
    ("get-nested-list-as-tuple", X + "r = GET(x, [[0, 1], [1, 2]])"),
    ("get-list-with-slice-is-basic", X + "r = GET(x, [0, slice(None)])"),
    ("get-list-with-none-is-basic", X + "r = GET(x, [None])"),
    ("get-tuples-of-ints", X + "r = GET(x, ((0, 1), (1, 2)))"),
    ("get-two-adjacent", X + A + "r = GET(x, (a, b))"),
    ("get-adjacent-after-slice", X + A + "r = GET(x, (slice(None), a, b))"),
    ("get-non-adjacent-front", X + A + "r = GET(x, (a, slice(None), b))"),
    ("get-int-between-is-non-adjacent", X + A + "r = GET(x, (a, 1, b))"),
    ("get-ellipsis", X + A + "r = GET(x, (Ellipsis, a))"),
    ("get-ellipsis-between", X + A + "r = GET(x, (a, Ellipsis, b))"),
    ("get-none-before", X + A + "r = GET(x, (None, a))"),
    ("get-none-after", X + A + "r = GET(x, (a, None))"),
    ("get-none-between", X + A + "r = GET(x, (a, None, b))"),
    ("get-int-and-index", X + A + "r = GET(x, (a, 0))"),
    ("get-0d-int-tensor-and-index", X + A + "r = GET(x, (torch.tensor(1), a))"),
    ("get-0d-bool-tensor", X + "r = GET(x, (torch.tensor(True), torch.tensor([0])))"),
    ("get-python-bool-and-index", X + A + "r = GET(x, (True, a))"),
    ("get-slice-offset", X + "r = GET(x, (slice(1, None), torch.tensor([0, 2])))"),
    ("get-step", X + "r = GET(x, (slice(None), slice(None, None, 2), torch.tensor([0, 2])))"),
    ("get-2d-index", X + "r = GET(x, torch.tensor([[0, 1], [1, 0]]))"),
    ("get-2d-index-middle", X + "r = GET(x, (slice(None), torch.tensor([[0, 1], [1, 0]])))"),
    ("get-transposed-2d-index", X + "r = GET(x, torch.tensor([[0, 1], [1, 0]]).t())"),
    ("get-broadcast-indices", X + "r = GET(x, (torch.tensor([[0], [1]]), torch.tensor([0, 2])))"),
    ("get-expanded-index", X + "r = GET(x, (slice(None), torch.tensor([1]).expand(3)))"),
    ("get-int32", X + "r = GET(x, torch.tensor([0, 1], dtype=torch.int32))"),
    ("get-int32-broadcast", X + "r = GET(x, (torch.tensor([[1]], dtype=torch.int32), "
                                "torch.tensor([0, 2])))"),
    ("get-negative", X + "r = GET(x, (torch.tensor([-1]), torch.tensor([-3, 2])))"),
    ("get-mask-2d", X + M + "r = GET(x, m)"),
    ("get-mask-then-int", X + M + "r = GET(x, (m, 1))"),
    ("get-mask-then-index", X + M + "r = GET(x, (m, torch.tensor([0, 1, 2, 3])))"),
    ("get-mask-middle", X + M + "r = GET(x, (slice(None), m[0]))"),
    ("get-mask-and-broadcast-index", Y + "r = GET(y, (torch.tensor([True, False, True]), "
                                     "torch.tensor([[0], [1]])))"),
    ("get-uint8-mask", X + "r = GET(x, torch.tensor([1, 0], dtype=torch.uint8))"),
    ("get-0d-uint8", X + "r = GET(x, torch.tensor(0, dtype=torch.uint8))"),
    ("get-empty-index", X + "r = GET(x, torch.tensor([], dtype=torch.long))"),
    ("get-empty-index-transposed-middle",
     "x = torch.zeros(3, 4, 5).permute(2, 0, 1)\n"
     "r = GET(x, (slice(None), torch.tensor([], dtype=torch.long)))"),
    ("get-empty-index-transposed-last",
     "x = torch.zeros(3, 4, 5).permute(2, 0, 1)\n"
     "r = GET(x, (slice(None), slice(None), torch.tensor([], dtype=torch.long)))"),
    ("get-zero-size-other-dim", "x = torch.zeros(3, 0)\nr = GET(x, torch.tensor([0, 1]))"),
    ("get-zero-size-empty-index", "x = torch.zeros(0, 3)\n"
                                  "r = GET(x, torch.tensor([], dtype=torch.long))"),
    ("get-0d-self-bool", "x = torch.tensor(5.)\nr = GET(x, (torch.tensor(True),))"),
    ("get-channels-last", "x = torch.zeros(2, 3, 4, 5).contiguous("
                          "memory_format=torch.channels_last)\nr = GET(x, torch.tensor([0, 1]))"),
    ("get-channels-last-middle", "x = torch.arange(120.).view(2, 3, 4, 5).contiguous("
                                 "memory_format=torch.channels_last)\n"
                                 "r = GET(x, (slice(None), torch.tensor([0, 2])))"),
    ("get-permuted", X + A + "r = GET(x.permute(2, 1, 0), a)"),
    ("get-permuted-middle", X + A + "r = GET(x.permute(2, 1, 0), (slice(None), a))"),
    ("get-permuted-non-adjacent", X + A + "r = GET(x.permute(2, 1, 0), (a, slice(None), a))"),
    ("get-expanded-self", "x = torch.arange(3.).expand(2, 3)\n"
                          "r = GET(x, (slice(None), torch.tensor([2, 2, 0])))"),
    ("get-conj", "x = torch.tensor([1 + 2j, 3j]).conj()\nr = GET(x, torch.tensor([1, 1]))"),
    ("get-undefined", "x = torch.empty(3, 2)\nx[0] = 1.\nr = GET(x, torch.tensor([0, 2]))"),
    ("get-meta", "x = torch.zeros(2, 3, 4, device='meta')\n"
                 "r = GET(x, (torch.tensor([0, 1], device='meta'), slice(None), "
                 "torch.tensor([0, 1], device='meta')))"),
    ("get-meta-list", "x = torch.zeros(2, 3, 4, device='meta')\nr = GET(x, [1, 0])"),
    ("err-get-too-many", X + "r = GET(x, (a, a, a, a))".replace("a", "torch.tensor([0])")),
    ("err-get-too-many-mask-dims", Y + "r = GET(y, torch.ones(3, 4, 2, dtype=torch.bool))"),
    ("err-get-float-index", X + "r = GET(x, torch.tensor([0., 1.]))"),
    ("err-get-0d-float-index", X + "r = GET(x, torch.tensor(1.))"),
    ("err-get-int16-index", X + "r = GET(x, torch.tensor([0], dtype=torch.int16))"),
    ("err-get-oob", X + "r = GET(x, torch.tensor([2]))"),
    ("err-get-oob-negative", X + "r = GET(x, torch.tensor([-3]))"),
    ("err-get-oob-counts-indexed-dims", X + "r = GET(x, (slice(None), torch.tensor([3])))"),
    ("err-get-oob-first-element-first", Y + "r = GET(y, (torch.tensor([1, 5]), "
                                            "torch.tensor([7, 1])))"),
    ("err-get-int-oob-names-position", X + "r = GET(x, (torch.tensor([0]), 5))"),
    ("err-get-mask-shape", X + "r = GET(x, torch.tensor([True, False, True]))"),
    ("err-get-bool-list-shape", Y + "r = GET(y, [True, False])"),
    ("err-get-broadcast", X + "r = GET(x, (torch.tensor([0, 1]), torch.tensor([0, 1, 2])))"),
    ("err-get-false-and-index", X + "r = GET(x, (False, torch.tensor([0, 1])))"),
    ("err-get-zero-size-dim", "x = torch.zeros(0, 3)\nr = GET(x, torch.tensor([0]))"),
    ("err-get-0d-self", "x = torch.tensor(5.)\nr = GET(x, torch.tensor([0]))"),
    ("err-get-str-in-list", X + "r = GET(x, (['a'],))"),
    ("err-get-meta-mask", "x = torch.zeros(2, 3, device='meta')\n"
                          "r = GET(x, torch.ones(2, dtype=torch.bool, device='meta'))"),
]

SET: Table = [
    # out-of-range indices pass when the iteration is empty (checked per visited element),
    # not when an indexed dim is empty (AdvancedIndex checks that up front)
    ("set-empty-iteration-unchecked", "z = torch.zeros(2, 3, 0)\nSET(z, torch.tensor([1, 2]), 1)"),
    ("set-expanded-empty-unchecked", "z = torch.zeros(2, 1, 1).expand(2, 3, 0)\n"
                                     "SET(z, torch.tensor([2]), 1.)"),
    ("set-empty-indexed-dim-checked", "z = torch.zeros(0, 2)\nSET(z, torch.tensor([1]), 1.)"),
    ("set-scalar", Y + "SET(y, i, 1.)"),
    ("set-int-scalar-into-float", Y + "SET(y, i, 1)"),
    ("set-bool-scalar", Y + "SET(y, i, True)"),
    ("set-row", Y + "SET(y, i, torch.tensor([1., 2., 3., 4.]))"),
    ("set-leading-ones-stripped", Y + "SET(y, i, torch.ones(1, 1, 2, 4))"),
    ("set-column-broadcast", Y + "SET(y, i, torch.ones(2, 1))"),
    ("set-list", Y + "SET(y, [0, 2], -1.)"),
    ("set-nested-list-as-tuple", Y + "SET(y, [[0, 2], [1, 1]], -1.)"),
    ("set-two-indices", Y + "SET(y, (i, torch.tensor([1, 3])), torch.tensor([5., 6.]))"),
    ("set-int-and-index", Y + "SET(y, (1, torch.tensor([0, 3])), torch.tensor([7., 8.]))"),
    ("set-ellipsis", Y + "SET(y, (Ellipsis, torch.tensor([0, 3])), torch.tensor([7., 8.]))"),
    ("set-none", Y + "SET(y, (None, i), torch.tensor([7., 8., 9., 10.]))"),
    ("set-bool-and-index", Y + "SET(y, (True, i), 1.)"),
    ("set-non-adjacent", "z = torch.zeros(3, 2, 3)\ni = torch.tensor([2, 0])\n"
                         "SET(z, (i, slice(None), i), torch.tensor([[1.], [2.]]))"),
    ("set-mask-scalar", Y + "SET(y, y > 5, -1.)"),
    ("set-mask-0d-long-value", Y + "SET(y, y > 5, torch.tensor(-1))"),
    ("set-mask-values", Y + "SET(y, y > 5, torch.arange(6.))"),
    ("set-mask-rows", Y + "SET(y, torch.tensor([True, False, True]), "
                          "torch.tensor([1., 2., 3., 4.]))"),
    ("set-mask-middle", Y + "SET(y, (slice(None), torch.tensor([True, False, False, True])), "
                            "0.)"),
    ("set-mask-then-slice", Y + "SET(y, (torch.tensor([True, False, True]), slice(1, 3)), 7.)"),
    ("set-mask-middle-then-slice", "z = torch.zeros(2, 3, 4)\n"
                                   "SET(z, (slice(None), torch.tensor([True, False, True]), "
                                   "slice(1, 3)), 7.)"),
    ("set-mask-then-none", Y + "SET(y.t(), (torch.tensor([True, True, False, False]), None), "
                               "torch.tensor(7.))"),
    ("set-list-basic-leading-ones", Y + "SET(y, [1, slice(None)], torch.ones(1, 1, 4))"),
    ("set-repeated-last-wins", Y + "SET(y, torch.tensor([0, 0]), "
                                   "torch.tensor([[1.], [2.]]))"),
    ("set-int32", Y + "SET(y, i.to(torch.int32), 1.)"),
    ("set-view-bumps-base", Y + "v = y[1:]\nSET(v, torch.tensor([1]), 0.)"),
    ("set-expanded-self", Y + "e = torch.zeros(3, 1).expand(3, 4)\nSET(e, i, 1.)"),
    ("set-transposed-self", Y + "SET(y.t(), i, torch.tensor([1., 2., 3.]))"),
    ("set-conj-self", "c = torch.tensor([1 + 1j, 2j, 3j]).conj()\n"
                      "SET(c, torch.tensor([2, 0]), 5j)"),
    ("set-conj-value", "c = torch.zeros(3, dtype=torch.complex64)\n"
                       "SET(c, torch.tensor([2, 0]), torch.tensor([1 + 1j, 2j]).conj())"),
    ("set-mask-overlapping-0d-value", Y + "SET(y, torch.tensor([True, False, True]), y[1, 0])"),
    ("set-list-basic", Y + "SET(y, [1, slice(None)], 5.)"),
    ("set-meta", "n = torch.zeros(3, 4, device='meta')\n"
                 "SET(n, torch.tensor([0, 2], device='meta'), torch.ones(4, device='meta'))"),
    ("err-set-complex-scalar", Y + "SET(y, i, 1j)"),
    ("err-set-int8-overflow", "z = torch.zeros(3, dtype=torch.int8)\n"
                              "SET(z, torch.tensor([0]), 300)"),
    ("err-set-value-dtype", Y + "SET(y, i, torch.tensor(1))"),
    ("err-set-value-shape", Y + "SET(y, i, torch.ones(3))"),
    ("err-set-mask-count", Y + "SET(y, y > 5, torch.arange(5.))"),
    ("err-set-uint8-mask", Y + "SET(y, torch.tensor([1, 0, 1], dtype=torch.uint8), 5.)"),
    ("err-set-oob", Y + "SET(y, torch.tensor([3]), 1.)"),
    ("err-set-value-overlaps", Y + "SET(y, i, y[1])"),
    ("err-set-0d-value-overlaps", Y + "SET(y, i, y[1, 0])"),
    ("err-set-str", Y + "SET(y, i, 'a')"),
    ("err-set-false-and-index", Y + "SET(y, (False, i), 1.)"),
]


@pytest.mark.parametrize("src", params(GET + SET))
def test_agrees_with_torch(src: str) -> None:
    diffs = compare_runs(run(src, torch), run(src, reference))
    assert diffs == [], "\n".join(map(str, diffs)) + "\n--- program ---\n" + src


@pytest.mark.parametrize("src", params([c for c in GET + SET if c[0].startswith("err-")]))
def test_error_message_matches(src: str) -> None:
    expected = run(src, torch)[-1].error
    assert expected is not None, "error case does not raise on torch:\n" + src
    assert run(src, reference)[-1].error == expected, src


@pytest.mark.parametrize("index", [
    "a", "(a, 0)", "[0, 1]", "range(2)", "((0, 1),)", "torch.tensor(1.)",
    "(slice(None), torch.tensor([[0]]))"])
def test_is_advanced(index: str) -> None:
    env = {"torch": reference, "a": reference.tensor([0, 1])}
    assert advanced_indexing.is_advanced(eval(index, env))  # noqa: S307


@pytest.mark.parametrize("index", [
    "0", "(0, slice(None))", "None", "Ellipsis", "True", "torch.tensor(1)",
    "(torch.tensor(True), 0)", "(0, (1))"])
def test_is_not_advanced(index: str) -> None:
    env = {"torch": reference}
    assert not advanced_indexing.is_advanced(eval(index, env))  # noqa: S307
