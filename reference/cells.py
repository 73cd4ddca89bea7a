"""The declared space of the layout matrix, next to the op table it ranges over.

A cell of the matrix is an op called with its tensor operands in given layout classes, its
operands in a dtype class and the call in a form. The space has one factor per operand
(`a` the subject, `b` the second operand of a binary op), `dtype` and `form`; the matrix
covers every pair of values of every two factors of each op (a covering design, not the
full product), so a cell that coverage counts is one such pair: `add|a=transposed|b=expanded`,
`add|dtype=promoting|form=out:gapped`.

This module says what the classes, dtype classes and forms are, which of them an op takes
(read from the op table), and which class a tensor's geometry is in, so that any program's
steps can be placed in the space, not only the matrix's own. How a tensor of each class is
built is the strategies' business (strategies/matrix.py).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

from .geometry import (
    Geometry,
    aliases_internally,
    contiguous_strides,
    is_channels_last_strides,
    is_contiguous,
    is_non_overlapping_and_dense,
)
from .ops import ARITHMETIC, BY_KEY, LOGIC, OPERATORS, OPS, UNARY, Contract, OpSpec


@dataclass(frozen=True, slots=True)
class LayoutClass:
    """A class of operand layout: how its elements lie in storage."""

    name: str
    doc: str
    # the rank a tensor of the class has (channels_last: 4); None: the cell's rank
    rank: int | None = None
    # the least rank of the cell it needs where rank is None (a permutation needs two dims)
    min_rank: int = 1
    # what it makes of the cell's dtype: "" keeps it, "complex" its complex counterpart
    # (a conj bit needs one), "floating" a real floating one (a neg bit is a conj's imag)
    dtype: str = ""


LAYOUTS: tuple[LayoutClass, ...] = (
    LayoutClass("contiguous", "row-major, dense, at offset 0"),
    LayoutClass("permuted", "dense, dims in another order (rank 3 and up)", min_rank=3),
    LayoutClass("transposed", "a 2-d tensor's t(): column-major", rank=2),
    LayoutClass("channels_last", "4-d NHWC order (contiguous(memory_format=channels_last))",
                rank=4),
    LayoutClass("channels_last_3d", "5-d NDHWC order", rank=5),
    LayoutClass("expanded", "a size-1 dim expanded: stride 0, elements shared"),
    LayoutClass("gapped", "a stepped slice: not dense, no element shared"),
    LayoutClass("offset", "row-major at a storage offset other than 0"),
    LayoutClass("overlapping", "as_strided so that elements share memory, no stride 0",
                min_rank=2),
    LayoutClass("size1_strides", "size-1 dims with strides row-major order would not give"),
    LayoutClass("zero_dim", "a 0-d tensor", rank=0),
    LayoutClass("empty", "no elements (a size-0 dim), the cell's rank plus one"),
    LayoutClass("conj", "a complex tensor with its conj bit set (x.conj())", dtype="complex"),
    LayoutClass("neg", "a real tensor with its neg bit set (x.conj().imag)", dtype="floating"),
)
LAYOUT_NAMES: tuple[str, ...] = tuple(c.name for c in LAYOUTS)
BY_LAYOUT: dict[str, LayoutClass] = {c.name: c for c in LAYOUTS}
# the second operand of a binary op may also be a Python number, where the op takes one
SCALAR = "python_scalar"
# the layouts an out= tensor is given: each is a form of its own (`out:gapped`)
OUT_LAYOUTS: tuple[str, ...] = ("contiguous", "transposed", "channels_last", "gapped", "offset",
                                "expanded", "empty")

# dtype classes: the dtypes of the subject and of a second operand
DTYPE_CLASSES: dict[str, tuple[str, str]] = {
    "float32": ("float32", "float32"),
    "float64": ("float64", "float64"),
    "integer": ("int32", "int32"),
    "bool": ("bool", "bool"),
    "complex": ("complex64", "complex64"),
    "float16": ("float16", "float16"),
    "bfloat16": ("bfloat16", "bfloat16"),
    # across categories (integer into floating), and within one (float32 to float64)
    "promoting": ("int64", "float32"),
    "widening": ("float32", "float64"),
}
# of one dtype, for ops with one tensor operand
SINGLE_DTYPE_CLASSES: tuple[str, ...] = tuple(
    name for name, (a, b) in DTYPE_CLASSES.items() if a == b)

# the shape a cell's operands take the last dims of: every dim above 1 and the sizes
# distinct where they meet, so that each layout class is told apart from the others
CELL_SHAPE: tuple[int, ...] = (2, 2, 3, 2, 3)
DEFAULT_RANK = 3

_CATEGORY = {"bool": 0, "uint8": 1, "int8": 1, "int16": 1, "int32": 1, "int64": 1,
             "float16": 2, "bfloat16": 2, "float32": 2, "float64": 2,
             "complex64": 3, "complex128": 3}


def layout_of(shape: tuple[int, ...], strides: tuple[int, ...], offset: int,
              conj: bool = False, neg: bool = False) -> str:
    """Return the layout class of a tensor of this geometry (and conj and neg bits).

    The bits come first, then rank and size (0-d, empty), then sharing (expanded,
    overlapping), then density (gapped), then the order of a dense tensor's dims.
    """
    if conj:
        return "conj"
    if neg:
        return "neg"
    if not shape:
        return "zero_dim"
    if 0 in shape:
        return "empty"
    g = Geometry((shape, strides, offset))
    if not is_non_overlapping_and_dense(g):
        if any(s == 0 and n > 1 for n, s in zip(shape, strides)):
            return "expanded"
        return "overlapping" if aliases_internally(g) else "gapped"
    if is_contiguous(g):
        sized = [(n, s) for n, s in zip(shape, strides) if n == 1]
        if sized and strides != contiguous_strides(shape):
            return "size1_strides"
        return "offset" if offset else "contiguous"
    if len(shape) in (4, 5) and is_channels_last_strides(shape, strides):
        return "channels_last" if len(shape) == 4 else "channels_last_3d"
    if len(shape) == 2:
        return "transposed"
    return "permuted"


def dtype_class(a: str, b: str | None = None) -> str:
    """Return the dtype class of a subject of dtype `a` and a second operand of dtype `b`."""
    if b is not None and b != a:
        return "promoting" if _CATEGORY.get(a) != _CATEGORY.get(b) else "widening"
    if a in ("float32", "float64", "bool", "float16", "bfloat16"):
        return a
    return "complex" if a.startswith("complex") else "integer"


# -- which factors each op has, and their values ------------------------------------------
_INPLACE_OF = {op.name.rstrip("_"): op.key for op in OPS
               if op.writes and op.family.endswith("_") and op.name.endswith("_")}
_OPERATOR_OF: dict[str, list[str]] = {}
for _name, (_symbol, _spells) in OPERATORS.items():
    _OPERATOR_OF.setdefault(_spells.rstrip("_"), []).append(_name)


@dataclass(frozen=True, slots=True)
class OpSpace:
    """The factors of one op in the matrix and the values each takes."""

    op: str  # the catalogue key of its out-of-place form
    factors: tuple[tuple[str, tuple[str, ...]], ...]
    binary: bool  # it takes a second operand (`b`)

    def values(self, factor: str) -> tuple[str, ...]:
        return dict(self.factors)[factor]

    def cells(self) -> tuple[str, ...]:
        """Return every pair of values of two factors that some call has: the cells the
        matrix covers."""
        out = []
        for (f, vs), (g, ws) in itertools.combinations(self.factors, 2):
            out += [cell_id(self.op, f, v, g, w) for v in vs for w in ws
                    if self.extends({f: v, g: w})]
        return tuple(out)

    def extends(self, chosen: dict[str, str]) -> bool:
        """Tell whether factors' values chosen so far fit together and leave every other
        factor a value that fits them (checked factor by factor, which is exact while no
        two factors left to choose constrain each other: only the dtype is constrained)."""
        if not allows(chosen):
            return False
        return all(any(allows({**chosen, f: v}) for v in vs)
                   for f, vs in self.factors if f not in chosen)


def allows(values: dict[str, str]) -> bool:
    """Tell whether these factors' values fit together: a conj operand is complex, a neg one
    real floating, and a Python scalar operand comes with a dtype class of one dtype."""
    dtype = values.get("dtype")
    if dtype is None:
        return True
    for i, operand in enumerate(("a", "b")):
        layout = values.get(operand)
        if layout == SCALAR and DTYPE_CLASSES[dtype][0] != DTYPE_CLASSES[dtype][1]:
            return False
        need = BY_LAYOUT[layout].dtype if layout in BY_LAYOUT else ""
        d = DTYPE_CLASSES[dtype][i]
        if need == "complex" and not d.startswith("complex") or \
                need == "floating" and d not in ("float32", "float64"):
            return False
    return True


def cell_id(op: str, f: str, v: str, g: str, w: str) -> str:
    """Return a cell's id: the op and two factors' values, factors in declared order."""
    return f"{op}|{f}={v}|{g}={w}"


def forms(spec: OpSpec) -> tuple[str, ...]:
    """Return the forms of calling an op: function, method, operator, in_place, out:<class>."""
    out = [f for f, on in (("method", spec.method), ("function", spec.function),
                           ("operator", any(not n.startswith("__i") for n in
                                            _OPERATOR_OF.get(spec.name, ()))),
                           ("in_place", spec.name in _INPLACE_OF)) if on]
    if spec.out and spec.contract is not Contract.COPIES:  # a tuple out= is not one layout
        out += [f"out:{c}" for c in OUT_LAYOUTS]
    return tuple(out)


def in_place_key(name: str) -> str | None:
    """Return the catalogue key of the in-place form of op `name` (None where none)."""
    return _INPLACE_OF.get(name)


def operator_names(name: str) -> tuple[str, ...]:
    """Return the Python operators spelling op `name` (`__add__`, `__radd__`, `__iadd__`)."""
    return tuple(_OPERATOR_OF.get(name, ()))


def form_keys(spec: OpSpec, form: str) -> tuple[str, ...]:
    """Return the catalogue keys a call of `spec` in `form` runs."""
    if form == "operator":
        return tuple(n for n in _OPERATOR_OF.get(spec.name, ()) if not n.startswith("__i"))
    if form == "in_place":
        return (_INPLACE_OF[spec.name],)
    return (spec.key,)


@cache
def runnable(key: str, kind: str) -> OpSpace | None:
    """Return op `key`'s space as a target of `kind` (Target.kind) can run it: without the
    forms whose ops the op table marks unsupported there (torch._refs has no Python operators
    and no in-place round_, say). The matrix covers this space on such a target, so that
    the pairs a form it cannot run would carry still come in rows it runs."""
    declared = space(key)
    if declared is None:
        return None
    spec = BY_KEY[key]
    kept = tuple(f for f in declared.values("form")
                 if not any(kind in BY_KEY[k].unsupported_on for k in form_keys(spec, f)))
    if not kept:
        return None  # no form of it runs there
    if len(kept) == len(declared.values("form")):
        return declared
    return OpSpace(key, tuple((name, kept if name == "form" else values)
                              for name, values in declared.factors), declared.binary)


@cache
def space(key: str) -> OpSpace | None:
    """Return the matrix's space for op `key`, or None for an op it does not range over."""
    spec = BY_KEY.get(key)
    if spec is None or spec.alias_of or spec.writes and spec.family.endswith("_"):
        return None  # spellings and in-place forms are forms of their op
    if spec.name in UNARY:
        return OpSpace(key, (("a", LAYOUT_NAMES), ("dtype", SINGLE_DTYPE_CLASSES),
                             ("form", forms(spec))), binary=False)
    if spec.matrix is not None:
        return OpSpace(key, (("a", LAYOUT_NAMES), ("dtype", SINGLE_DTYPE_CLASSES),
                             ("form", forms(spec))), binary=False)
    if spec.name in ARITHMETIC or spec.name in LOGIC:
        others = LAYOUT_NAMES + (() if spec.tensors_only else (SCALAR,))
        return OpSpace(key, (("a", LAYOUT_NAMES), ("b", others),
                             ("dtype", tuple(DTYPE_CLASSES)), ("form", forms(spec))),
                       binary=True)
    return None


def spaces() -> tuple[OpSpace, ...]:
    """Return the space of every op the matrix ranges over, in catalogue order."""
    return tuple(s for s in (space(op.key) for op in OPS) if s is not None)


# the dimensions of a compiled function and their values (the first of each the plainest),
# for the function programs strategies/function_matrix.py draws from them: a function goes
# wrong where its inputs alias, where its body mutates what it reads later, and where what
# it returns aliases its inputs or itself
FUNCTION_SPACE = OpSpace("function", (
    # how the two inputs relate: two tensors, one tensor twice, overlapping views of one
    # base, disjoint views of one base at other offsets, a tensor and a dtype view of it
    ("inputs", ("distinct", "same", "overlapping", "offset_views", "dtype_view")),
    # what the body changes in place before it reads on
    ("mutates", ("none", "input", "input_view", "intermediate", "metadata")),
    # the allocating op that reads what changed
    ("follows", ("clone", "as_strided_copy", "slice_scatter", "sum", "contiguous")),
    # what the function returns
    ("returns", ("input", "input_view", "intermediate", "intermediate_view", "other_clone",
                 "twice", "noop_view")),
    # whether the program calls it again on the inputs as the first call left them
    ("later", ("once", "again")),
), binary=False)


def all_spaces() -> tuple[OpSpace, ...]:
    """Return every declared space: each op's, then the function programs'."""
    return spaces() + (FUNCTION_SPACE,)


def declared_cells() -> frozenset[str]:
    """Return every cell of the declared spaces."""
    return frozenset(c for s in all_spaces() for c in s.cells())
