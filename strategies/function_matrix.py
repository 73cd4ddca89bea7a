"""Function programs drawn from declared dimensions: the compiled counterpart of the layout
matrix (strategies/matrix.py).

A compiled function goes wrong where its inputs alias, where its body mutates what it reads
later, and where what it returns aliases its inputs or itself. reference.cells.FUNCTION_SPACE
names those dimensions and their values; the rows of a pairwise covering design over them
(the matrix's `covering`) each become one function program, the same on every target:

    def f(a, b):
        a.add_(1)                                   # mutates: input
        t2 = torch.as_strided_copy(a, (2,), (2,))   # follows: a view copy of what changed
        return (t2, t2)                             # returns: one tensor twice
    x0 = torch.arange(1, 13).to(torch.float32).view(3, 4)
    x1 = x0[1:]                                     # inputs: overlapping views of one base
    x2 = x0[:-1]
    out = f(x1, x2)
    out[0].fill_(1)                                 # the probe: a write through the result
    out1 = f(x1, x2)                                # later: called again on what changed

Every step around a call is compared on every target, and a compiled call's difference is
traced to the step of its body where it starts (conformance.locate).
"""

from __future__ import annotations

import functools

from stridecheck.reference.cells import FUNCTION_SPACE

from .matrix import Cell, covering, row_cells
from .program import Function, Op, Program, Ref, Step, Sym

NAME = "f"
def _inputs(relation: str, device: str) -> tuple[list[Step], tuple[str, str]]:
    """Steps building the call's two arguments, and their names."""
    dev = () if device == "cpu" else (("device", device),)
    base = [Step("x0", None, Op("arange", (1, 13), dev, kind="factory")),
            Step("x0", "x0", Op("to", (Sym("float32"),))),
            Step("x0", "x0", Op("view", (3, 4)))]
    if relation == "distinct":
        return base + [Step("x1", None, Op("arange", (2, 14), dev, kind="factory")),
                       Step("x1", "x1", Op("to", (Sym("float32"),))),
                       Step("x1", "x1", Op("view", (3, 4)))], ("x0", "x1")
    if relation == "same":
        return base, ("x0", "x0")
    if relation == "overlapping":
        return base + [Step("x1", "x0", Op("__getitem__", (slice(1, None),), kind="getitem")),
                       Step("x2", "x0", Op("__getitem__", (slice(None, -1),), kind="getitem"))
                       ], ("x1", "x2")
    if relation == "offset_views":
        return base + [Step("x1", "x0", Op("__getitem__", (0,), kind="getitem")),
                       Step("x2", "x0", Op("__getitem__", (2,), kind="getitem"))], ("x1", "x2")
    return base + [Step("x1", "x0", Op("view", (Sym("int32"),)))], ("x0", "x1")


def _body(row: dict[str, str]) -> tuple[list[Step], tuple[str, ...]]:
    """The function's steps on parameters a and b, and the names it returns."""
    steps: list[Step] = []
    changed = "a"
    mutates = row["mutates"]
    if mutates == "input":
        steps.append(Step(None, "a", Op("__iadd__", (1,), kind="operator")))
    elif mutates == "input_view":
        steps.append(Step(None, "a", Op("__setitem__", (0, 7), kind="setitem")))
    elif mutates == "intermediate":
        steps += [Step("t1", "a", Op("mul", (2,))), Step(None, "t1", Op("add_", (1,)))]
        changed = "t1"
    elif mutates == "metadata":
        steps.append(Step("t1", "a", Op("unsqueeze_", (0,))))
    follows = row["follows"]
    if follows == "clone":
        steps.append(Step("t2", changed, Op("clone")))
    elif follows == "as_strided_copy":
        steps.append(Step("t2", changed, Op("as_strided_copy", ((2,), (2,)), kind="function")))
    elif follows == "slice_scatter":
        steps += [Step("t3", changed, Op("narrow", (-1, 0, 1))),
                  Step("t2", changed, Op("slice_scatter", (Ref("t3"),), (
                      ("dim", -1), ("start", 1), ("end", 2)), kind="function"))]
    elif follows == "sum":
        steps.append(Step("t2", changed, Op("sum", (0,))))
    else:
        steps += [Step("t3", changed, Op("t")), Step("t2", "t3", Op("contiguous"))]
    returns = row["returns"]
    if returns == "input":
        return steps, ("a",)
    if returns == "input_view":
        return steps + [Step("t4", "a", Op("t"))], ("t4",)
    if returns == "intermediate":
        return steps, ("t2",)
    if returns == "intermediate_view":
        return steps + [Step("t4", "t2", Op("view", (-1,)))], ("t4",)
    if returns == "other_clone":
        return steps + [Step("t4", "b", Op("clone"))], ("t4",)
    if returns == "twice":
        return steps, ("t2", "t2")
    return steps + [Step("t4", "a", Op("view_as", (Ref("a"),)))], ("t4",)


def function_program(row: dict[str, str], device: str = "cpu") -> Program:
    """Return the function program of one row of FUNCTION_SPACE (see the module's doc)."""
    steps, (first, second) = _inputs(row["inputs"], device)
    body, returns = _body(row)
    fn = Function(NAME, ("a", "b"), tuple(body), returns)
    call = Op(NAME, (Ref(first), Ref(second)), kind="call")
    steps += [Step("out", None, call), Step(None, "out[0]", Op("fill_", (1,)))]
    if row["later"] == "again":
        steps.append(Step("out1", None, call))
    return Program(tuple(steps), (fn,))


@functools.cache
def function_cells(device: str = "cpu") -> tuple[Cell, ...]:
    """Return the rows of the covering design over FUNCTION_SPACE as cells."""
    return tuple(FunctionCell(FUNCTION_SPACE, row, device) for row in covering(FUNCTION_SPACE))


class FunctionCell(Cell):
    """A row of FUNCTION_SPACE: its program is a function program (`function_program`)."""

    @functools.cached_property
    def program(self) -> Program:
        return function_program(dict(self.row), self.device)

    @property
    def cells(self) -> tuple[str, ...]:
        """The cells of the space the row covers (placed by construction: the suite does
        not yet place a function program's steps in FUNCTION_SPACE from what it observed)."""
        return tuple(row_cells(self.op, self.row))
