"""The op catalogue: one table that the reference, the strategies and the reports all read.

Each entry names an op as torch spells it, the family it belongs to, the ways a program calls
it (method, function, attribute), what it returns in terms of aliasing (its `Contract`), which
op it is another spelling of, and which kinds of target cannot run it.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from dataclasses import dataclass


class Contract(enum.Enum):
    """What an op's result is, in terms of storage and identity."""

    VIEW = "view"  # a new tensor viewing the input's storage, `_base` set
    VIEWS = "views"  # a tuple of such views
    SELF = "self"  # the input object itself
    SELF_OR_VIEW = "self-or-view"  # the input when nothing changes, else a view
    VIEW_OR_COPY = "view-or-copy"  # a view when strides allow, else a new storage
    # the input when nothing changes, a view when strides allow, else a new storage
    SELF_VIEW_OR_COPY = "self-view-or-copy"
    SELF_OR_COPY = "self-or-copy"  # the input when nothing changes, else a new storage
    COPY = "copy"  # a new storage
    COPIES = "copies"  # a tuple of new storages (max(dim) gives values and indices)
    ALIAS = "alias"  # a new tensor on the input's storage that is not a view (detach)
    IN_PLACE = "in-place"  # the input object, written or restrided, its `_version` bumped

    def __str__(self) -> str:
        return self.value


# Kinds of target (see conformance.targets) an op may be unavailable on.
REFS = "refs"  # torch._refs has no reference of that name, or none for this argument form


@dataclass(frozen=True, slots=True)
class OpSpec:
    """One op of the catalogue."""

    name: str
    family: str
    # how a program calls it: "method" x.f(...), "attribute" x.f, "function" torch.f(x, ...),
    # "operator" the Python operator `symbol` (`x + y`, `2 - x`, `x += y`, `-x`, `abs(x)`)
    method: bool = True
    function: bool = False
    attribute: bool = False
    symbol: str = ""
    contract: Contract = Contract.VIEW
    # a variant label for ops with several argument forms sharing one name
    variant: str = ""
    # the key of the op this one is another spelling of (swapaxes -> transpose)
    alias_of: str = ""
    # kinds of target that cannot run this op (not a divergence: it is never compared there)
    unsupported_on: tuple[str, ...] = ()
    # where the method's subject goes among the function's arguments: 0 but for where
    # (x.where(c, y) is torch.where(c, x, y)), whose method call has no function twin
    subject: int = 0
    # the function form takes out= (torch.add(x, y, out=z)); which argument forms allow it is
    # the op's own rule (torch.sum(x, out=z) has no out overload, torch.sum(x, 0, out=z) has)
    out: bool = False
    # how far torch's floating results may stray from the reference's, in units of the
    # result dtype's machine epsilon relative to the larger magnitude (0: exactly)
    tolerance: int = 0

    @property
    def key(self) -> str:
        return f"{self.name}.{self.variant}" if self.variant else self.name

    @property
    def canonical(self) -> str:
        """Return the key of the op this is a spelling of (its own key when none)."""
        return self.alias_of or self.key

    @property
    def writes(self) -> bool:
        """Return whether the op changes its input (values, geometry or storage)."""
        return self.contract is Contract.IN_PLACE

    @property
    def mutates_metadata(self) -> bool:
        """Return whether the op changes its input's geometry or storage in place."""
        return self.writes and self.family in ("metadata_", "storage")

    @property
    def forms(self) -> tuple[str, ...]:
        """Return the ways a program may call it: method, function, attribute."""
        return tuple(f for f, on in (("method", self.method), ("function", self.function),
                                     ("attribute", self.attribute),
                                     ("operator", bool(self.symbol))) if on)


def _v(name: str, family: str, **kw: object) -> OpSpec:
    return OpSpec(name, family, **kw)  # type: ignore[arg-type]


C = Contract
NO_REFS = (REFS,)

OPS: tuple[OpSpec, ...] = (
    # reshaping
    _v("view", "reshape"),
    # torch tracks a dtype view like detach(): shared storage and version, no _base
    _v("view", "dtype", variant="dtype", contract=C.ALIAS,
       unsupported_on=NO_REFS),  # _refs.view takes no dtype
    _v("view_as", "reshape"),
    _v("reshape", "reshape", function=True, contract=C.VIEW_OR_COPY),
    _v("reshape_as", "reshape", contract=C.VIEW_OR_COPY),
    # flatten of one dim (any 1-d input) is the input itself
    _v("flatten", "reshape", function=True, contract=C.SELF_VIEW_OR_COPY),
    _v("unflatten", "reshape", function=True),
    _v("ravel", "reshape", function=True, contract=C.VIEW_OR_COPY),
    _v("as_strided", "reshape", function=True),
    # dims
    _v("permute", "dims", function=True),
    _v("transpose", "dims", function=True),
    _v("swapaxes", "dims", function=True, alias_of="transpose", unsupported_on=NO_REFS),
    _v("swapdims", "dims", function=True, alias_of="transpose", unsupported_on=NO_REFS),
    _v("t", "dims", function=True),
    _v("T", "dims", method=False, attribute=True),
    # on 0-d tensors mT, mH, H and adjoint() are the input (deprecated), or its conj() view
    _v("mT", "dims", method=False, attribute=True, contract=C.SELF_OR_VIEW),
    _v("movedim", "dims", function=True),
    _v("moveaxis", "dims", function=True, alias_of="movedim", unsupported_on=NO_REFS),
    _v("squeeze", "dims", function=True),
    _v("unsqueeze", "dims", function=True),
    # broadcasting
    _v("expand", "broadcast"),
    _v("expand_as", "broadcast"),
    _v("broadcast_to", "broadcast", function=True, alias_of="expand"),
    # indexing
    _v("narrow", "index", function=True),
    _v("select", "index", function=True, unsupported_on=NO_REFS),
    _v("diagonal", "index", function=True),
    _v("unfold", "index"),
    _v("__getitem__", "index", contract=C.VIEW_OR_COPY),
    # splitting
    _v("unbind", "split", function=True, contract=C.VIEWS),
    _v("split", "split", function=True, contract=C.VIEWS, unsupported_on=NO_REFS),
    _v("split_with_sizes", "split", function=True, contract=C.VIEWS),
    _v("chunk", "split", function=True, contract=C.VIEWS),
    _v("tensor_split", "split", function=True, contract=C.VIEWS),
    _v("hsplit", "split", function=True, contract=C.VIEWS),
    _v("vsplit", "split", function=True, contract=C.VIEWS),
    _v("dsplit", "split", function=True, contract=C.VIEWS),
    # complex
    _v("view_as_real", "complex", method=False, function=True, unsupported_on=NO_REFS),
    _v("view_as_complex", "complex", method=False, function=True),
    _v("real", "complex", method=False, function=True, attribute=True,
       contract=C.SELF_OR_VIEW),
    _v("imag", "complex", method=False, function=True, attribute=True),
    _v("conj", "complex", function=True, contract=C.SELF_OR_VIEW),
    _v("resolve_conj", "complex", function=True, contract=C.SELF_OR_COPY,
       unsupported_on=NO_REFS),
    _v("adjoint", "complex", function=True, contract=C.SELF_OR_VIEW, unsupported_on=NO_REFS),
    _v("H", "complex", method=False, attribute=True, contract=C.SELF_OR_VIEW),
    _v("mH", "complex", method=False, attribute=True, contract=C.SELF_OR_VIEW),
    # copies
    _v("clone", "copy", function=True, contract=C.COPY),
    _v("contiguous", "copy", contract=C.SELF_OR_COPY),
    _v("to", "copy", contract=C.SELF_OR_COPY),
    _v("detach", "copy", function=True, contract=C.ALIAS, unsupported_on=NO_REFS),
    # writes
    _v("fill_", "write", contract=C.IN_PLACE),
    _v("zero_", "write", contract=C.IN_PLACE),
    _v("copy_", "write", contract=C.IN_PLACE, unsupported_on=NO_REFS),
    _v("__setitem__", "write", contract=C.IN_PLACE),
    # metadata in place
    _v("as_strided_", "metadata_", contract=C.IN_PLACE, unsupported_on=NO_REFS),
    _v("squeeze_", "metadata_", contract=C.IN_PLACE, unsupported_on=NO_REFS),
    _v("unsqueeze_", "metadata_", contract=C.IN_PLACE, unsupported_on=NO_REFS),
    _v("transpose_", "metadata_", contract=C.IN_PLACE, unsupported_on=NO_REFS),
    _v("t_", "metadata_", contract=C.IN_PLACE, unsupported_on=NO_REFS),
    # storage
    _v("set_", "storage", contract=C.IN_PLACE, unsupported_on=NO_REFS),
    _v("resize_", "storage", contract=C.IN_PLACE, unsupported_on=NO_REFS),
)

# -- pointwise ops (reference/pointwise.py); transcendental ones carry a tolerance ------------
_TOLERANCE = {"sqrt": 2, "exp": 4, "log": 4, "sin": 4, "cos": 4, "tanh": 4, "sigmoid": 4, "sgn": 4,
              "abs": 2, "pow": 4, "atan2": 4, "hypot": 2, "xlogy": 4, "logaddexp": 4}
UNARY = ("neg", "abs", "sign", "sgn", "floor", "ceil", "round", "trunc", "sqrt", "exp", "log",
         "sin", "cos", "tanh", "sigmoid", "reciprocal", "logical_not", "bitwise_not",
         "conj_physical", "positive")
ARITHMETIC = ("add", "sub", "mul", "div", "true_divide", "floor_divide", "remainder", "fmod",
              "pow", "maximum", "minimum", "fmax", "fmin", "atan2", "copysign", "hypot", "xlogy",
              "heaviside", "logaddexp", "ldexp")
LOGIC = ("eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor",
         "bitwise_and", "bitwise_or", "bitwise_xor")
# ops without an in-place form on torch
NO_INPLACE = frozenset({"positive", "maximum", "minimum", "fmax", "fmin", "logaddexp"})
# torch returns the input itself: positive always, conj_physical for real dtypes
_CONTRACTS = {"positive": C.SELF, "conj_physical": C.SELF_OR_COPY}
# Python operators: name -> (symbol, the op it spells)
OPERATORS = {
    "__add__": ("+", "add"), "__radd__": ("+", "add"), "__iadd__": ("+=", "add_"),
    "__sub__": ("-", "sub"), "__rsub__": ("-", "sub"), "__isub__": ("-=", "sub_"),
    "__mul__": ("*", "mul"), "__rmul__": ("*", "mul"), "__imul__": ("*=", "mul_"),
    "__truediv__": ("/", "div"), "__rtruediv__": ("/", "div"), "__itruediv__": ("/=", "div_"),
    "__floordiv__": ("//", "floor_divide"), "__rfloordiv__": ("//", "floor_divide"),
    "__ifloordiv__": ("//=", "floor_divide_"),
    "__mod__": ("%", "remainder"), "__rmod__": ("%", "remainder"),
    "__imod__": ("%=", "remainder_"),
    "__pow__": ("**", "pow"), "__rpow__": ("**", "pow"), "__ipow__": ("**=", "pow_"),
    "__eq__": ("==", "eq"), "__ne__": ("!=", "ne"), "__lt__": ("<", "lt"),
    "__le__": ("<=", "le"), "__gt__": (">", "gt"), "__ge__": (">=", "ge"),
    "__and__": ("&", "bitwise_and"), "__rand__": ("&", "bitwise_and"),
    "__iand__": ("&=", "bitwise_and_"),
    "__or__": ("|", "bitwise_or"), "__ror__": ("|", "bitwise_or"),
    "__ior__": ("|=", "bitwise_or_"),
    "__xor__": ("^", "bitwise_xor"), "__rxor__": ("^", "bitwise_xor"),
    "__ixor__": ("^=", "bitwise_xor_"),
    "__neg__": ("-", "neg"), "__pos__": ("+", "positive"), "__invert__": ("~", "bitwise_not"),
    "__abs__": ("abs", "abs"),
    "__matmul__": ("@", "matmul"),
}


def _pointwise() -> tuple[OpSpec, ...]:
    out = []
    for family, names in (("unary", UNARY), ("arithmetic", ARITHMETIC), ("logic", LOGIC)):
        for name in names:
            tol = _TOLERANCE.get(name, 0)
            out.append(_v(name, family, function=True, contract=_CONTRACTS.get(name, C.COPY),
                          tolerance=tol, out=name != "positive"))
            if name not in NO_INPLACE:
                inplace = "conj_physical_" if name == "conj_physical" else f"{name}_"
                out.append(_v(inplace, family + "_", contract=C.IN_PLACE, tolerance=tol))
    # bounds, conditions and masks (reference/ternary.py)
    out += [_v("clamp", "ternary", function=True, contract=C.COPY, out=True),
            _v("clamp_", "ternary_", contract=C.IN_PLACE),
            _v("clip", "ternary", function=True, contract=C.COPY, out=True, alias_of="clamp"),
            _v("clip_", "ternary_", contract=C.IN_PLACE, alias_of="clamp_",
               unsupported_on=NO_REFS),
            _v("clamp_min", "ternary", function=True, contract=C.COPY, out=True),
            _v("clamp_max", "ternary", function=True, contract=C.COPY, out=True),
            _v("where", "ternary", function=True, contract=C.COPY, out=True, subject=1),
            _v("masked_fill", "ternary", function=True, contract=C.COPY),
            _v("masked_fill_", "ternary_", contract=C.IN_PLACE),
            _v("addcmul", "ternary", function=True, contract=C.COPY, out=True),
            _v("addcmul_", "ternary_", contract=C.IN_PLACE),
            _v("addcdiv", "ternary", function=True, contract=C.COPY, out=True),
            _v("addcdiv_", "ternary_", contract=C.IN_PLACE),
            _v("lerp", "ternary", function=True, contract=C.COPY, out=True),
            _v("lerp_", "ternary_", contract=C.IN_PLACE)]
    for name, (symbol, spells) in OPERATORS.items():
        if spells == "matmul":
            continue  # a matrix product (below), not a pointwise op
        writes = symbol.endswith("=") and symbol not in ("==", "!=", "<=", ">=")
        out.append(_v(name, "operator", method=False, symbol=symbol, alias_of=spells,
                      contract=C.IN_PLACE if writes else _CONTRACTS.get(spells, C.COPY),
                      tolerance=_TOLERANCE.get(spells.rstrip("_"), 0),
                      unsupported_on=NO_REFS))
    return tuple(out)


# ops of the families below that torch._refs 2.13 has no reference for
_NO_REFS_ALLOCATING = frozenset({
    "new_tensor", "max", "min", "argmax", "argmin", "concat", "concatenate", "row_stack", "mm",
    "bmm", "mv", "matmul", "slice_scatter", "select_copy", "slice_copy", "gather", "take",
    "masked_select", "nonzero", "argwhere", "index_put", "index_put_", "__matmul__"})


def _allocating() -> tuple[OpSpec, ...]:
    """Factories from a tensor, reductions, joins, products, scatters, copies and gathers."""
    return tuple(op if op.name not in _NO_REFS_ALLOCATING else
                 dataclasses.replace(op, unsupported_on=NO_REFS) for op in _allocating_ops())


def _allocating_ops() -> tuple[OpSpec, ...]:
    out = []
    # tensor factories (reference/tensor_factories.py, reference/factories.py)
    for name in ("empty_like", "zeros_like", "ones_like", "full_like"):
        out.append(_v(name, "like", method=False, function=True, contract=C.COPY))
    for name in ("new_empty", "new_zeros", "new_ones", "new_full", "new_tensor"):
        out.append(_v(name, "like", contract=C.COPY))
    # reductions (reference/reductions.py)
    for name in ("sum", "mean", "prod", "amax", "amin", "all", "any", "count_nonzero"):
        out.append(_v(name, "reduction", function=True, contract=C.COPY,
                      tolerance=_TOLERANCE.get(name, 0), out=name != "count_nonzero"))
    for name in ("max", "min"):
        out.append(_v(name, "reduction", function=True, contract=C.COPY, out=True))
        out.append(_v(name, "reduction", function=True, contract=C.COPIES, variant="dim"))
    for name in ("argmax", "argmin"):
        out.append(_v(name, "reduction", function=True, contract=C.COPY, out=True))
    # joins (reference/joins.py): torch.cat([x, y], 1), the subject first
    for name in ("cat", "concat", "concatenate", "stack", "hstack", "vstack", "row_stack",
                 "dstack", "column_stack"):
        out.append(_v(name, "join", method=False, function=True, contract=C.COPY, out=True))
    # matrix products (reference/products.py)
    for name in ("mm", "bmm", "mv", "dot", "vdot", "matmul"):
        out.append(_v(name, "product", function=True, contract=C.COPY,
                      tolerance=_TOLERANCE.get(name, 0), out=True))
    out.append(_v("__matmul__", "product", method=False, symbol="@", alias_of="matmul",
                  contract=C.COPY))
    # the functional inverses of views (reference/scatters.py)
    for name in ("slice_scatter", "select_scatter", "diagonal_scatter", "as_strided_scatter"):
        # torch binds the out= overload of slice_scatter alone
        out.append(_v(name, "scatter", function=True, contract=C.COPY,
                      out=name == "slice_scatter"))
    for name in ("view_copy", "as_strided_copy", "transpose_copy", "permute_copy",
                 "expand_copy", "unsqueeze_copy", "squeeze_copy", "diagonal_copy",
                 "select_copy", "slice_copy"):
        out.append(_v(name, "view_copy", method=False, function=True, contract=C.COPY,
                      out=True))
    # tensor indexing (reference/gathers.py)
    for name in ("index_select", "gather", "take", "masked_select", "nonzero", "argwhere",
                 "index_fill", "index_put"):
        out.append(_v(name, "gather", function=name not in ("index_fill", "index_put"),
                      contract=C.COPY, out=name in ("index_select", "gather", "take",
                                                    "masked_select", "nonzero")))
    for name in ("index_fill_", "index_put_"):
        out.append(_v(name, "gather_", contract=C.IN_PLACE))
    return tuple(out)


OPS = tuple(op for op in OPS if op.key not in ("add_", "sub_", "mul_")) + _pointwise() + \
    _allocating()

# the families of pointwise ops (elementwise, with TensorIterator's output layout)
POINTWISE_FAMILIES = frozenset({"unary", "unary_", "arithmetic", "arithmetic_", "logic",
                                "logic_", "operator", "ternary", "ternary_"})
# the families of ops that allocate their outputs (or write them in place): the pointwise
# ones and those whose layouts come from their own rules
ALLOCATING_FAMILIES = POINTWISE_FAMILIES | frozenset({
    "like", "reduction", "join", "product", "scatter", "view_copy", "gather", "gather_"})

# named groups of ops, for selectors that name many ops at once (`group:pointwise` in a
# known-divergence entry): each is a test on the op's record
GROUPS: dict[str, tuple[str, Callable[[OpSpec], bool]]] = {
    "pointwise": ("elementwise ops, whose output layout TensorIterator computes: the families "
                  + ", ".join(sorted(POINTWISE_FAMILIES)),
                  lambda op: op.family in POINTWISE_FAMILIES),
    "allocating": ("ops that allocate their outputs (or write them in place) by a layout rule "
                   "of their own: the pointwise ones and " + ", ".join(
                       sorted(ALLOCATING_FAMILIES - POINTWISE_FAMILIES)),
                   lambda op: op.family in ALLOCATING_FAMILIES),
    "in_place": ("ops that change their input (values, geometry or storage): the in-place "
                 "forms, writes and metadata changes", lambda op: op.writes),
    "metadata": ("ops that change their input's geometry or storage in place",
                 lambda op: op.mutates_metadata),
}

BY_KEY: dict[str, OpSpec] = {op.key: op for op in OPS}
FAMILIES: tuple[str, ...] = tuple(dict.fromkeys(op.family for op in OPS))
FUNCTION_NAMES: tuple[str, ...] = tuple(dict.fromkeys(op.name for op in OPS if op.function))

_dangling = [op.key for op in OPS if op.alias_of and op.alias_of not in BY_KEY]
assert not _dangling, f"alias_of names no catalogue op: {_dangling}"


def canonical(key: str) -> str:
    """Return the catalogue key `key` is a spelling of (unknown keys map to themselves)."""
    spec = BY_KEY.get(key)
    return spec.canonical if spec is not None else key
