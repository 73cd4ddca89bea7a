"""The layout matrix: one program per row of a covering design over each op's declared space.

`reference.cells` declares the space: an op's factors (`a` the subject's layout class, `b`
the second operand's, `dtype`, `form`) and their values. For each op the rows here cover every
pair of values of every two factors (a greedy covering design: each row takes the first pair
not yet covered, then for each other factor the value covering most pairs still uncovered),
so a binary op needs about as many rows as its two layout factors have pairs, not the full
product. Each row is a function program, the same on every target:

    def f(a, b):
        r = torch.add(a, b)
        return (r,)
    x0 = torch.arange(1, 19).to(torch.float32).view(2, 3, 3).permute(1, 2, 0)
    x1 = ...
    out = f(x0, x1)
    out[0].fill_(1)

Its operands are built eagerly in their classes, the op runs inside the function (compiled
where the target compiles), and a probe writes through the result, so that a result sharing
memory with an input shows. An op that refuses a cell must raise as torch does: that is the
cell's check. Rows are listed op by op in turn (`cell_programs`), so any prefix or stride of
the list spreads over the ops.
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass
from typing import Any

import stridecheck.reference as ref
from stridecheck.reference.cells import (
    BY_LAYOUT,
    CELL_SHAPE,
    DEFAULT_RANK,
    DTYPE_CLASSES,
    SCALAR,
    OpSpace,
    cell_id,
    in_place_key,
    operator_names,
    runnable,
    spaces,
)
from stridecheck.reference.ops import BY_KEY, Contract

from .program import Function, Op, Program, Ref, Step, Sym, apply, bind, interpreted

Row = tuple[tuple[str, str], ...]  # (factor, value) in the space's order


def covering(space: OpSpace) -> list[Row]:
    """Return rows covering every pair of values of every two factors of `space`."""
    factors = space.factors
    uncovered = set(space.cells())
    rows: list[Row] = []
    while uncovered:
        first = min(uncovered)  # deterministic: ids sort the same everywhere
        _, fv, gw = first.split("|")
        chosen = dict(p.split("=", 1) for p in (fv, gw))
        for name, values in factors:
            if name in chosen:
                continue
            best, gain = None, -1
            for v in values:
                trial = {**chosen, name: v}
                if not space.extends(trial):
                    continue
                n = sum(_pair(space.op, factors, trial, name, other) in uncovered
                        for other in chosen)
                if n > gain:
                    best, gain = v, n
            assert best is not None, f"no value of {name} fits {chosen}"
            chosen[name] = best
        row = tuple((name, chosen[name]) for name, _ in factors)
        uncovered -= set(row_cells(space.op, row))
        rows.append(row)
    return rows


def _pair(op: str, factors: Any, values: dict[str, str], f: str, g: str) -> str:
    order = [name for name, _ in factors]
    if order.index(f) > order.index(g):
        f, g = g, f
    return cell_id(op, f, values[f], g, values[g])


def row_cells(op: str, row: Row) -> list[str]:
    """Return the cells one row covers: each pair of its factors' values."""
    return [cell_id(op, f, v, g, w) for (f, v), (g, w) in itertools.combinations(row, 2)]


@dataclass(frozen=True)
class Cell:
    """One row of the matrix: the op's space, its factors' values, and (built when first
    asked for) the program checking them on `device`."""

    space: OpSpace
    row: Row
    device: str = "cpu"

    @property
    def op(self) -> str:
        return self.space.op

    @property
    def id(self) -> str:
        return self.op + "|" + "|".join(f"{f}={v}" for f, v in self.row)

    @functools.cached_property
    def program(self) -> Program:
        return cell_program(self.space, dict(self.row), self.device)

    @property
    def cells(self) -> tuple[str, ...]:
        """The cells of the space the row covers by construction (the suite records what it
        observed instead: conformance.coverage)."""
        return ()

    @property
    def declared(self) -> tuple[str, ...]:
        """The cells the row was drawn to cover: each pair of its factors' values."""
        return tuple(row_cells(self.op, self.row))


@functools.cache
def cell_programs(device: str = "cpu", kind: str = "") -> tuple[Cell, ...]:
    """Return every row of the matrix as a cell on `device`, the ops taking turns; for a
    target of `kind`, the rows of each op's space as it can run it (cells.runnable)."""
    own = [runnable(s.op, kind) if kind else s for s in spaces()]
    per_op = [[Cell(s, row, device) for row in covering(s)] for s in own if s is not None]
    return tuple(c for group in itertools.zip_longest(*per_op) for c in group if c is not None)


# -- building operands of a layout class ---------------------------------------------------
def _rank(classes: list[str]) -> int:
    """The cell's rank: what its fixed-rank classes need, else the default (or more)."""
    fixed = [BY_LAYOUT[c].rank for c in classes if c in BY_LAYOUT and BY_LAYOUT[c].rank]
    free = [BY_LAYOUT[c].min_rank for c in classes
            if c in BY_LAYOUT and BY_LAYOUT[c].rank is None]
    if fixed:
        return max(fixed + free)
    return max([DEFAULT_RANK] + free) if free else 0


def _shape_for(layout: str, rank: int) -> tuple[int, ...]:
    cls = BY_LAYOUT[layout]
    own = rank if cls.rank is None else cls.rank
    shape = CELL_SHAPE[len(CELL_SHAPE) - own:] if own else ()
    if layout == "empty":
        return (0,) + shape
    if layout == "size1_strides":
        mid = len(shape) // 2
        return shape[:mid] + (1,) + shape[mid + 1:]
    return shape


def operand_steps(name: str, layout: str, shape: tuple[int, ...], dtype: str,
                  device: str, start: int = 1) -> list[Step]:
    """Return steps binding `name` to a tensor of `shape` and `dtype` in class `layout`.

    Its values count up from `start` (never 0, so no integer division by zero). A conj
    tensor is `dtype` with its conj bit; a neg tensor the imag of a conj view of a complex
    tensor made of `dtype` (real floating) values.
    """
    numel = math.prod(shape)
    dev = () if device == "cpu" else (("device", device),)
    steps: list[Step] = []

    def add(op: Op) -> None:
        steps.append(Step(name, name if steps else None, op))

    def arange(n: int, as_dtype: str) -> None:
        add(Op("arange", (start, start + n), dev, kind="factory"))
        if as_dtype != "int64":
            add(Op("to", (Sym(as_dtype),)))

    def view(s: tuple[int, ...]) -> None:
        add(Op("view", s if s else ((),)))

    if layout == "neg":
        arange(2 * numel, dtype)
        view(shape + (2,))
        add(Op("view_as_complex", kind="function"))
        add(Op("conj"))
        add(Op("imag", kind="attribute"))
    elif layout in ("overlapping", "size1_strides"):
        strides = list(_row_major(shape))
        if layout == "overlapping":
            strides[-2] = 1  # the last two dims walk the same elements
        else:
            strides[len(shape) // 2] = 7  # a size-1 dim's stride is free
        extent = 1 + sum((n - 1) * s for n, s in zip(shape, strides))
        arange(extent, dtype)
        add(Op("as_strided", (shape, tuple(strides))))
    elif layout == "expanded":
        arange(math.prod(shape[1:]), dtype)
        view((1,) + shape[1:])
        add(Op("expand", shape))
    elif layout == "gapped":
        arange(2 * numel, dtype)
        view(shape[:-1] + (2 * shape[-1],))
        add(Op("__getitem__", ((Ellipsis, slice(None, None, 2)),), kind="getitem"))
    elif layout == "offset":
        arange(numel + 3, dtype)
        add(Op("__getitem__", (slice(3, None),), kind="getitem"))
        view(shape)
    elif layout == "permuted":
        # x.permute(dims) has dim i of size x.shape[dims[i]]: dims rotate by one
        n = len(shape)
        arange(numel, dtype)
        view(tuple(shape[(j - 1) % n] for j in range(n)))
        add(Op("permute", tuple((i + 1) % n for i in range(n))))
    elif layout == "transposed":
        arange(numel, dtype)
        view((shape[1], shape[0]))
        add(Op("t"))
    else:
        arange(numel, dtype)
        view(shape)
        if layout in ("channels_last", "channels_last_3d"):
            add(Op("contiguous", (), (("memory_format", Sym(layout)),)))
        elif layout == "conj":
            add(Op("conj"))
    return steps


def _row_major(shape: tuple[int, ...]) -> tuple[int, ...]:
    out, running = [], 1
    for n in reversed(shape):
        out.append(running)
        running *= max(n, 1)
    return tuple(reversed(out))


def _scalar(dtype: str) -> Any:
    """A Python number of the dtype's kind (a bool for bool: 2 would promote)."""
    if dtype == "bool":
        return True
    return 2.5 if dtype.startswith(("float", "bfloat", "complex")) else 2


# -- one row as a program --------------------------------------------------------------------
NAME = "f"


def cell_program(space: OpSpace, row: dict[str, str], device: str = "cpu") -> Program:
    """Return the program checking one row of `space`'s matrix (see the module's doc)."""
    spec = BY_KEY[space.op]
    a_dtype, b_dtype = DTYPE_CLASSES[row["dtype"]]
    classes = [row["a"]] + ([row["b"]] if space.binary and row["b"] != SCALAR else [])
    rank = _rank(classes)
    steps = operand_steps("x0", row["a"], _shape_for(row["a"], rank), a_dtype, device)
    params, args = ["a"], ["x0"]
    other: Any = None
    if space.binary:
        if row["b"] == SCALAR:
            other = _scalar(b_dtype)
        else:
            steps += operand_steps("x1", row["b"], _shape_for(row["b"], rank), b_dtype,
                                   device, start=2)
            params.append("b")
            args.append("x1")
            other = Ref("b")
    operands = (other,) if space.binary else spec.matrix or ()
    form = row["form"]
    if form.startswith("out:"):
        shape, dtype = _result_of(spec.name, steps, args, operands)
        layout = form[len("out:"):]
        steps += operand_steps("x2", layout, _out_shape(layout, shape),
                               dtype, device, start=3)
        params.append("o")
        args.append("x2")
        call = Op(spec.name, operands, (("out", Ref("o")),), kind="function")
        returned = "r"
    elif form == "in_place":
        call = Op(in_place_key(spec.name) or spec.name, operands)
        returned = "a"
    elif form == "operator":
        call = Op(_operator(spec.name, space.binary), operands, kind="operator")
        returned = "r"
    else:
        call = Op(spec.name, operands, kind=form)
        returned = "r"
    body = (Step(None if call.statement else "r", "a", call),)
    # an op of several results returns each (the probe writes through the first)
    returns = tuple(f"r[{i}]" for i in range(_results(spec.name, steps, args, operands))) \
        if spec.contract is Contract.COPIES else (returned,)
    fn = Function(NAME, tuple(params), body, returns)
    steps.append(Step("out", None, Op(NAME, tuple(Ref(a) for a in args), kind="call")))
    steps.append(Step(None, "out[0]", Op("fill_", (1,))))
    return Program(tuple(steps), (fn,))


def _operator(name: str, binary: bool) -> str:
    """The Python operator spelling the op: `x + y`, `-x` (never reflected or in place)."""
    return next(n for n in operator_names(name)
                if not n.startswith(("__i", "__r")) or n == "__invert__")


def _out_shape(layout: str, shape: tuple[int, ...]) -> tuple[int, ...]:
    """An out= tensor's shape: the result's where a tensor of its class can have it, else the
    class's own (which the op resizes): a result without elements or of another rank than
    the class has gets one that keeps the class."""
    cls = BY_LAYOUT[layout]
    if cls.rank is not None and cls.rank != len(shape) or layout == "empty" or \
            not shape or 0 in shape:
        return _shape_for(layout, len(shape) if shape and cls.rank is None else DEFAULT_RANK)
    return shape


def _reference_result(name: str, steps: list[Step], args: list[str],
                      operands: tuple[Any, ...]) -> tuple[Any, Any]:
    """The op's result on the reference (None where it raises), and its subject."""
    env: dict[str, Any] = {}
    for s in steps:
        bind(env, s.out or "", apply(s.op, ref if s.src is None else env[s.src], ref, env))
    params = dict(zip(("a", "b"), (env[a] for a in args)))
    try:
        call = Op(name, operands, kind="function" if BY_KEY[name].function else "method")
        fn = Function(NAME, tuple(params), (Step("r", "a", call),), ("r",))
        return interpreted(fn, ref)(*params.values())[0], params["a"]
    except Exception:  # noqa: BLE001 - a refused cell: the caller says what stands in
        return None, params["a"]


def _result_of(name: str, steps: list[Step], args: list[str],
               operands: tuple[Any, ...]) -> tuple[tuple[int, ...], str]:
    """The shape and dtype of the op's result on the reference (the subject's if it
    raises): what an out= tensor is made to hold."""
    result, subject = _reference_result(name, steps, args, operands)
    if result is None:  # a refused cell still gets an out= tensor
        result = subject
    return tuple(result.shape), str(result.dtype).removeprefix("torch.")


def _results(name: str, steps: list[Step], args: list[str], operands: tuple[Any, ...]) -> int:
    """How many tensors an op of several results returns (one where the cell is refused:
    the call raises before the function returns)."""
    result = _reference_result(name, steps, args, operands)[0]
    return len(result) if isinstance(result, tuple) else 1


