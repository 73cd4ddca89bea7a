"""The op catalogue: one table that the reference, the strategies and the reports all read.

Each entry names an op as torch spells it, the family it belongs to, the ways a program calls
it (method, function, attribute), what it returns in terms of aliasing (its `Contract`, and
when it hands back its input itself), which op it is another spelling of, which kinds of
target cannot run it, and the facts of its signature and its output that the reference routes
by and the strategies and targets draw on: the operands it takes, its keywords, the argument
that picks a variant, whether its output's shape depends on values and whether it changes its
input's geometry in place (and so whether dynamo breaks a compiled graph at it).
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


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
    # a new storage: a new tensor, or a view of one the op made (linear's addmm viewed back)
    COPY_OR_VIEW_OF_COPY = "copy-or-view-of-copy"
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
    # when a call returns the input object itself, not a copy (contract SELF or SELF_OR_COPY
    # of a pointwise op): "always", "real" (an input whose dtype is not complex); "" never
    returns_self: str = ""
    # for ops with several argument forms sharing one name, the form's label, which names the
    # argument that picks it: "dtype" a dtype first (x.view(torch.int8)), "dim" a dim first
    # or as `dim=` (x.max(0)); strategies.program.Op.key reads a call's arguments by it
    variant: str = ""
    # the key of the op this one is another spelling of (swapaxes -> transpose)
    alias_of: str = ""
    # kinds of target that cannot run this op (not a divergence: it is never compared there)
    unsupported_on: tuple[str, ...] = ()
    # where the method's subject goes among the function's arguments: 0 but for where
    # (x.where(c, y) is torch.where(c, x, y)), whose method call has no function twin
    subject: int = 0
    # the function form takes out= (torch.add(x, y, out=z)); which argument forms allow it is
    # the op's own rule (torch.sum(x, out=z) has no out overload, torch.sum(x, 0, out=z) has).
    # On a COPIES op it is the tuple out= of one tensor per result, which the results then are
    # (torch.sort(x, out=(v, i)); reference/tuple_out.py)
    out: bool = False
    # how far torch's floating results may stray from the reference's, in units of the
    # result dtype's machine epsilon relative to the larger magnitude (0: exactly)
    tolerance: int = 0
    # the second operand must be a tensor: the argument parser refuses a Python scalar
    # (torch.maximum(x, 2)); a Python operator spelling the op is not bound by it
    tensors_only: bool = False
    # the function form also takes a Python scalar as its first operand (torch.pow(2, x))
    scalar_first: bool = False
    # the keyword arguments a call may give besides out=, where the model reads them by name:
    # add's alpha, div's rounding_mode, addcmul's value, sum's dtype, max's other (stated for
    # the pointwise ops and the reductions, whose calls the reference checks against it)
    keywords: tuple[str, ...] = ()
    # the output's shape depends on the input's values, not on its shape alone (nonzero)
    data_dependent_shape: bool = False
    # the arguments the layout matrix (reference/cells.py) calls the op with after its one
    # tensor operand, where it ranges over an op that is not pointwise (None: it does not)
    matrix: tuple[Any, ...] | None = None

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
    def breaks_graph(self) -> bool:
        """Return whether dynamo breaks a compiled function's graph at every call of the op.

        Measured on torch 2.13's function programs: an in-place view op or a storage change
        of a graph input ("Getting an inplace view on a graph input is not supported",
        "Unsupported Tensor.resize_() call") and an output whose shape depends on values
        ("Dynamic shape operator"). Other calls break it by their arguments (out=, a bool
        index): conformance.targets adds those.
        """
        return self.mutates_metadata or self.data_dependent_shape

    def returns_input(self, dtype: Any) -> bool:
        """Return whether a call on an input of `dtype` returns the input object itself."""
        return self.returns_self == "always" or (
            self.returns_self == "real" and not dtype.is_complex)

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

# Tensor's dtype conversions, each self.to(dtype) (`x.float()`): method -> the dtype's name;
# torch._refs has none of them
CONVERSIONS = {"int": "int32", "long": "int64", "float": "float32", "double": "float64",
               "half": "float16", "bfloat16": "bfloat16", "bool": "bool", "byte": "uint8",
               "char": "int8", "short": "int16", "cfloat": "complex64", "cdouble": "complex128"}

# views, copies, writes and in-place metadata changes
_VIEWS_AND_WRITES: tuple[OpSpec, ...] = (
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
    *(_v(name, "copy", alias_of="to", contract=C.SELF_OR_COPY, unsupported_on=NO_REFS)
      for name in CONVERSIONS),
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
# addcmul, addcdiv and lerp: ATen's CPU kernels compute self + value * t1 * t2 (and lerp's
# a + w * (b - a)) as one expression the compiler may contract into a fused multiply-add,
# rounded once where the reference rounds each product (aten/src/ATen/native/cpu/
# PointwiseOpsKernel.cpp, LerpKernel.cpp): torch.addcmul(x, x, x) of x near 4e3 in float32
# lands 2 (one ulp) above the reference
_FUSED = 2
UNARY = ("neg", "abs", "sign", "sgn", "floor", "ceil", "round", "trunc", "sqrt", "exp", "log",
         "sin", "cos", "tanh", "sigmoid", "reciprocal", "logical_not", "bitwise_not",
         "conj_physical", "positive")
ARITHMETIC = ("add", "sub", "mul", "div", "true_divide", "floor_divide", "remainder", "fmod",
              "pow", "maximum", "minimum", "fmax", "fmin", "atan2", "copysign", "hypot", "xlogy",
              "heaviside", "logaddexp", "ldexp")
LOGIC = ("eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor",
         "bitwise_and", "bitwise_or", "bitwise_xor")
# pointwise ops torch._refs has no function for (the refs target cannot run them)
_NOT_IN_REFS = frozenset({"ldexp", "ldexp_", "round_"})
# ops without an in-place form on torch
NO_INPLACE = frozenset({"positive", "maximum", "minimum", "fmax", "fmin", "logaddexp"})
# when torch returns the input itself (OpSpec.returns_self): positive always, conj_physical
# for real dtypes
_RETURNS_SELF = {"positive": "always", "conj_physical": "real"}
_SELF_CONTRACTS = {"always": C.SELF, "real": C.SELF_OR_COPY}
# ops whose second operand must be a tensor: the argument parser refuses Python scalars
_TENSORS_ONLY = frozenset({"maximum", "minimum", "fmax", "fmin", "atan2", "hypot", "heaviside",
                           "logaddexp", "logical_and", "logical_or", "logical_xor", "ldexp"})
# ops whose function also takes a Python scalar first (torch.pow(2, x))
_SCALAR_FIRST = frozenset({"add", "sub", "mul", "div", "true_divide", "floor_divide",
                           "remainder", "pow", "xlogy", "bitwise_and", "bitwise_or",
                           "bitwise_xor"})
# the keywords of the binary ops that take any (their in-place forms take them too)
_BINARY_KEYWORDS = {"add": ("alpha",), "sub": ("alpha",), "div": ("rounding_mode",)}
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
            operands = {"tensors_only": name in _TENSORS_ONLY,
                        "keywords": _BINARY_KEYWORDS.get(name, ())}
            returns_self = _RETURNS_SELF.get(name, "")
            out.append(_v(name, family, function=True, contract=_SELF_CONTRACTS.get(
                returns_self, C.COPY), returns_self=returns_self, tolerance=tol,
                out=name != "positive", scalar_first=name in _SCALAR_FIRST,
                unsupported_on=NO_REFS if name in _NOT_IN_REFS else (), **operands))
            if name not in NO_INPLACE:
                inplace = "conj_physical_" if name == "conj_physical" else f"{name}_"
                out.append(_v(inplace, family + "_", contract=C.IN_PLACE, tolerance=tol,
                              unsupported_on=NO_REFS if inplace in _NOT_IN_REFS else (),
                              **operands))
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
            _v("addcmul", "ternary", function=True, contract=C.COPY, out=True,
               keywords=("value",), tolerance=_FUSED),
            _v("addcmul_", "ternary_", contract=C.IN_PLACE, keywords=("value",),
               tolerance=_FUSED),
            _v("addcdiv", "ternary", function=True, contract=C.COPY, out=True,
               keywords=("value",), tolerance=_FUSED),
            _v("addcdiv_", "ternary_", contract=C.IN_PLACE, keywords=("value",),
               tolerance=_FUSED),
            _v("lerp", "ternary", function=True, contract=C.COPY, out=True, tolerance=_FUSED),
            _v("lerp_", "ternary_", contract=C.IN_PLACE, tolerance=_FUSED)]
    for name, (symbol, spells) in OPERATORS.items():
        if spells == "matmul":
            continue  # a matrix product (below), not a pointwise op
        writes = symbol.endswith("=") and symbol not in ("==", "!=", "<=", ">=")
        returns_self = "" if writes else _RETURNS_SELF.get(spells, "")
        out.append(_v(name, "operator", method=False, symbol=symbol, alias_of=spells,
                      contract=C.IN_PLACE if writes else _SELF_CONTRACTS.get(
                          returns_self, C.COPY), returns_self=returns_self,
                      tolerance=_TOLERANCE.get(spells.rstrip("_"), 0),
                      unsupported_on=NO_REFS))
    return tuple(out)


# torch.nn.functional's activations: their keywords (those taking `inplace` have an in-place
# variant) and tolerances (transcendental ones; hardsigmoid and hardswish divide by 6; gelu's
# 1 + erf cancels: up to 8 ulps of erf's error, where kernels.ACTIVATIONS does not leave the
# element undetermined)
ACTIVATIONS: dict[str, tuple[tuple[str, ...], int]] = {
    "relu": (("inplace",), 0), "relu6": (("inplace",), 0),
    "hardtanh": (("min_val", "max_val", "inplace"), 0),
    "leaky_relu": (("negative_slope", "inplace"), 0), "elu": (("alpha", "inplace"), 4),
    "selu": (("inplace",), 4), "celu": (("alpha", "inplace"), 4), "silu": (("inplace",), 4),
    "mish": (("inplace",), 4), "hardsigmoid": (("inplace",), 2),
    "hardswish": (("inplace",), 2), "gelu": (("approximate",), 16),
    "softplus": (("beta", "threshold"), 4), "threshold": (("inplace",), 0)}
# those torch._refs.nn.functional 2.13 has no reference for
_NO_REFS_ACTIVATIONS = frozenset({"silu", "hardswish"})


def _activations() -> tuple[OpSpec, ...]:
    """Activations (reference/activations.py): torch's own spellings of relu and
    torch.nn.functional's, whose call with `inplace=True` is a variant of its own (it writes
    its input)."""
    out = [_v("relu", "activation", function=True, contract=C.COPY, unsupported_on=NO_REFS),
           _v("relu_", "activation_", function=True, contract=C.IN_PLACE,
              unsupported_on=NO_REFS)]
    for name, (keywords, tol) in ACTIVATIONS.items():
        functional = f"nn.functional.{name}"
        no_refs = NO_REFS if name in _NO_REFS_ACTIVATIONS else ()
        # gelu and softplus are torch._C._nn's own functions, which take out=
        out.append(_v(functional, "activation", method=False, function=True, contract=C.COPY,
                      keywords=keywords, tolerance=tol, unsupported_on=no_refs,
                      out=name in ("gelu", "softplus")))
        if "inplace" in keywords:
            out.append(_v(functional, "activation_", method=False, function=True,
                          contract=C.IN_PLACE, keywords=keywords, tolerance=tol,
                          variant="inplace", unsupported_on=no_refs))
    return tuple(out)


# softmax, log_softmax, softmin and layer_norm (reference/normalization.py): torch's spellings
# and torch.nn.functional's, with the keywords each takes by name and its tolerance, a factor
# of the error bound the reference derives per element (normalization.py)
NORMALIZATION: dict[str, tuple[tuple[str, ...], int]] = {
    "softmax": (("dtype",), 2), "log_softmax": (("dtype",), 2),
    "nn.functional.softmax": (("dim", "dtype"), 2),
    "nn.functional.log_softmax": (("dim", "dtype"), 2),
    "nn.functional.softmin": (("dim", "dtype"), 2),
    "nn.functional.layer_norm": (("weight", "bias", "eps"), 2)}


def _normalization() -> tuple[OpSpec, ...]:
    """torch.softmax and Tensor.softmax (out= on the function), torch.nn.functional's
    softmax, log_softmax, softmin and layer_norm; each allocates a contiguous output."""
    return tuple(_v(name, "normalization", method="." not in name, function=True,
                    contract=C.COPY, out="." not in name, keywords=keywords, tolerance=tol)
                 for name, (keywords, tol) in NORMALIZATION.items())


def _batch_norm() -> tuple[OpSpec, ...]:
    """torch.nn.functional's batch_norm and group_norm (reference/batch_norm.py; ATen
    Normalization.cpp batch_norm_cpu, group_norm.cpp native_group_norm): a new tensor in the
    input's format (channels_last kept), batch_norm's training updating running stats it is
    given. Their tolerance is a factor of the error bound the reference derives per element.
    torch._refs 2.13 has group_norm (torch._refs.nn.functional) but no batch_norm."""
    return (_v("nn.functional.batch_norm", "normalization", method=False, function=True,
               contract=C.COPY, tolerance=2, unsupported_on=NO_REFS,
               keywords=("weight", "bias", "training", "momentum", "eps")),
            _v("nn.functional.group_norm", "normalization", method=False, function=True,
               contract=C.COPY, tolerance=2, keywords=("weight", "bias", "eps")))


def _linear() -> tuple[OpSpec, ...]:
    """addmm (reference/products.py) and torch.nn.functional.linear, which runs it: a family
    of the networks' own, so that the chains drawn from the whole catalogue keep theirs.
    torch._refs 2.13 has none of them."""
    return (_v("addmm", "linear", function=True, contract=C.COPY, out=True,
               keywords=("beta", "alpha"), unsupported_on=NO_REFS),
            _v("addmm_", "linear_", contract=C.IN_PLACE, keywords=("beta", "alpha"),
               unsupported_on=NO_REFS),
            _v("nn.functional.linear", "linear", method=False, function=True,
               contract=C.COPY_OR_VIEW_OF_COPY, out=True, keywords=("bias",),
               unsupported_on=NO_REFS))


def _pooling() -> tuple[OpSpec, ...]:
    """torch.nn.functional's pooling (reference/pooling.py): avg_pool2d (out= too, as
    torch._C._nn's), max_pool2d and max_pool2d_with_indices (values and int64 indices), and
    the 1-d forms, whose results are views of the 2-d op's (but max_pool1d's CPU kernel's
    own). The reference repeats the kernels' arithmetic in their order: exact values.
    torch._refs 2.13 has none of them; max_pool1d_with_indices returns views of new storages,
    which no contract of a tuple names, and is left to the case tables."""
    pool2d = ("stride", "padding", "ceil_mode")
    max_keywords = (*pool2d, "dilation")
    return (_v("nn.functional.avg_pool2d", "pooling", method=False, function=True,
               contract=C.COPY, out=True, unsupported_on=NO_REFS,
               keywords=(*pool2d, "count_include_pad", "divisor_override")),
            _v("nn.functional.max_pool2d", "pooling", method=False, function=True,
               contract=C.COPY, keywords=max_keywords, unsupported_on=NO_REFS),
            _v("nn.functional.max_pool2d_with_indices", "pooling", method=False,
               function=True, contract=C.COPIES, keywords=max_keywords,
               unsupported_on=NO_REFS),
            _v("nn.functional.avg_pool1d", "pooling", method=False, function=True,
               contract=C.COPY_OR_VIEW_OF_COPY, keywords=(*pool2d, "count_include_pad"),
               unsupported_on=NO_REFS),
            # a fresh tensor on CPU, a view of max_pool1d_with_indices' values elsewhere
            _v("nn.functional.max_pool1d", "pooling", method=False, function=True,
               contract=C.COPY_OR_VIEW_OF_COPY, keywords=max_keywords,
               unsupported_on=NO_REFS))


def _pooling_more() -> tuple[OpSpec, ...]:
    """torch.nn.functional's 3-d and adaptive pools (reference/pooling3d.py,
    reference/pooling_adaptive.py; aten/src/ATen/native/DilatedMaxPool3d.cpp,
    AveragePool3d.cpp, AdaptiveAveragePooling.cpp, AdaptiveAveragePooling3d.cpp,
    AdaptiveMaxPooling2d.cpp): max_pool3d (channels_last_3d kept) and avg_pool3d (always
    contiguous, out= too); adaptive_avg_pool2d and 3d, whose all-ones output is a mean
    restrided in place (COPY: a new storage, its version bumped), adaptive_avg_pool1d (a view
    of the 2-d op's result) and adaptive_max_pool2d with int64 indices. Averages carry a
    tolerance of two units in the last place. torch._refs 2.13 has none of them."""
    fn = {"method": False, "function": True, "unsupported_on": NO_REFS}
    max_keywords = ("stride", "padding", "dilation", "ceil_mode")
    return (_v("nn.functional.max_pool3d", "pooling", **fn, contract=C.COPY,
               keywords=max_keywords),
            _v("nn.functional.max_pool3d_with_indices", "pooling", **fn, contract=C.COPIES,
               keywords=max_keywords),
            _v("nn.functional.avg_pool3d", "pooling", **fn, contract=C.COPY, out=True,
               keywords=("stride", "padding", "ceil_mode", "count_include_pad",
                         "divisor_override")),
            _v("nn.functional.adaptive_avg_pool2d", "pooling", **fn, contract=C.COPY,
               tolerance=2),
            _v("nn.functional.adaptive_avg_pool3d", "pooling", **fn, contract=C.COPY,
               tolerance=2),
            _v("nn.functional.adaptive_avg_pool1d", "pooling", **fn,
               contract=C.COPY_OR_VIEW_OF_COPY, tolerance=2),
            _v("nn.functional.adaptive_max_pool2d", "pooling", **fn, contract=C.COPY),
            _v("nn.functional.adaptive_max_pool2d_with_indices", "pooling", **fn,
               contract=C.COPIES))


def _unpooling() -> tuple[OpSpec, ...]:
    """torch.nn.functional's max_unpool1d / 2d and lp_pool1d / 2d (reference/unpooling.py;
    aten/src/ATen/native/MaxUnpooling.cpp: a 4-d result in the input's
    suggest_memory_format, a 3-d one contiguous; max_unpool1d the squeeze(-1) view of the
    2-d op's result) and lp_pool, torch/nn/functional.py's composite of avg_pool (max_pool for
    an infinite norm), pow, sign, relu and mul, whose last pow allocates its result (a view
    of max_pool1d's on targets where that is one). max_unpool copies its values: exact;
    lp_pool within the bounds of the model's pow. torch._refs 2.13 has none of them."""
    fn = {"method": False, "function": True, "unsupported_on": NO_REFS}
    unpool = ("stride", "padding", "output_size")
    lp = ("stride", "ceil_mode")
    return (_v("nn.functional.max_unpool2d", "pooling", **fn, contract=C.COPY,
               keywords=unpool),
            _v("nn.functional.max_unpool1d", "pooling", **fn, contract=C.COPY_OR_VIEW_OF_COPY,
               keywords=unpool),
            _v("nn.functional.lp_pool2d", "pooling", **fn, contract=C.COPY, keywords=lp,
               tolerance=8),
            _v("nn.functional.lp_pool1d", "pooling", **fn, contract=C.COPY_OR_VIEW_OF_COPY,
               keywords=lp, tolerance=8))


def _spectral() -> tuple[OpSpec, ...]:
    """torch.fft's transforms (reference/fft.py), each with out=: ifft and ihfft of a real
    input are a conj view of the kernel's output (ihfft2 and ihfftn too, of one dim), the rest
    new tensors. hfft2 and hfftn are a c2c of all dims but the last then a c2r of the last;
    ihfft2 and ihfftn an r2c of the last, conj_physical, then a c2c of the others
    (SpectralOps.cpp fft_hfftn_impl, fft_ihfftn_impl). Their tolerance is a factor of
    eps * (log2(n) + 1) (reference/spectral.py); torch._refs.fft has them all."""
    one, several = ("n", "dim", "norm"), ("s", "dim", "norm")
    views = ("ifft", "ihfft", "ihfft2", "ihfftn")
    return tuple(
        _v(f"fft.{name}", "fft", method=False, function=True, out=True, tolerance=64,
           keywords=one if name[-1] == "t" else several,
           contract=C.COPY_OR_VIEW_OF_COPY if name in views else C.COPY)
        for name in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "rfft2",
                     "irfft2", "fftn", "ifftn", "rfftn", "irfftn", "hfft2", "ihfft2", "hfftn",
                     "ihfftn"))


def _convolution() -> tuple[OpSpec, ...]:
    """torch.nn.functional's convolutions (reference/convolution.py): conv1d, conv2d,
    conv3d and their transposes, a new tensor for a batched input and a squeeze(0) view of
    one for an unbatched input (Convolution.cpp; 5-d outputs channels_last_3d from oneDNN
    alone, contiguous from ConvolutionMM3d.cpp, NaiveConvolutionTranspose3d.cpp and
    DilatedConvolution.cpp). Values are exact on small integers, else within a factor (2) of
    the bound reference/convolution_values.py derives. torch._refs 2.13 has none of them."""
    keywords = ("bias", "stride", "padding", "dilation", "groups")
    transposed = ("bias", "stride", "padding", "output_padding", "groups", "dilation")
    return tuple(
        _v(f"nn.functional.{name}", "convolution", method=False, function=True,
           contract=C.COPY_OR_VIEW_OF_COPY, tolerance=2, unsupported_on=NO_REFS,
           keywords=transposed if "transpose" in name else keywords)
        for name in ("conv1d", "conv2d", "conv_transpose1d", "conv_transpose2d", "conv3d",
                     "conv_transpose3d"))


def _linalg() -> tuple[OpSpec, ...]:
    """torch.linalg (reference/linalg.py): LAPACK's column-major results. torch._refs.linalg
    2.13 has no qr."""
    return (_v("linalg.qr", "linalg", method=False, function=True, contract=C.COPIES,
               out=True, keywords=("mode",), unsupported_on=NO_REFS),)


def _linalg_solvers() -> tuple[OpSpec, ...]:
    """torch.linalg's LU-based ops (reference/linalg_solvers.py): inv, inv_ex, solve and
    solve_ex give batches of column-major matrices (solve with left=False contiguous ones) and
    contiguous int32 infos; det and slogdet contiguous results of A's batch
    (aten/src/ATen/native/BatchLinearAlgebra.cpp TORCH_META_FUNC(linalg_inv_ex),
    TORCH_META_FUNC(_linalg_solve_ex), TORCH_META_FUNC(_linalg_det),
    TORCH_META_FUNC(_linalg_slogdet)). Values within `tolerance` * (n + 2) * eps * cond(A)
    (linalg_solver_values.py). torch._refs.linalg 2.13 has none of them."""
    fn = {"method": False, "function": True, "tolerance": 8, "unsupported_on": NO_REFS}
    return (_v("linalg.inv", "linalg_solve", **fn, contract=C.COPY, out=True),
            _v("linalg.inv_ex", "linalg_solve", **fn, contract=C.COPIES, out=True,
               keywords=("check_errors",)),
            _v("linalg.solve", "linalg_solve", **fn, contract=C.COPY, out=True, keywords=("left",)),
            _v("linalg.solve_ex", "linalg_solve", **fn, contract=C.COPIES, out=True,
               keywords=("left", "check_errors")),
            _v("linalg.det", "linalg_solve", **fn, contract=C.COPY, out=True),
            _v("linalg.slogdet", "linalg_solve", **fn, contract=C.COPIES, out=True))


def _linalg_decompositions() -> tuple[OpSpec, ...]:
    """torch.linalg's decompositions (reference/linalg_decompositions.py): batches of
    column-major matrices and contiguous vectors (aten/src/ATen/native/BatchLinearAlgebra.cpp
    TORCH_META_FUNC(_linalg_svd), TORCH_META_FUNC(_linalg_eigh),
    TORCH_META_FUNC(linalg_cholesky_ex), linalg_eig_out). Singular values and eigh's
    eigenvalues carry a tolerance of their own (linalg_decomposition_values.py). torch._refs
    2.13 has svd and svdvals alone."""
    fn = {"method": False, "function": True}
    return (_v("linalg.svd", "linalg", **fn, contract=C.COPIES, keywords=("full_matrices",),
               tolerance=16, out=True),
            _v("linalg.svdvals", "linalg", **fn, contract=C.COPY, tolerance=16, out=True),
            _v("linalg.eigh", "linalg_square", **fn, contract=C.COPIES, keywords=("UPLO",),
               tolerance=16, unsupported_on=NO_REFS, out=True),
            _v("linalg.eigvalsh", "linalg_square", **fn, contract=C.COPY, keywords=("UPLO",),
               tolerance=16, unsupported_on=NO_REFS, out=True),
            _v("linalg.cholesky", "linalg_square", **fn, contract=C.COPY, keywords=("upper",),
               tolerance=16, unsupported_on=NO_REFS, out=True),
            _v("linalg.cholesky_ex", "linalg_square", **fn, contract=C.COPIES, out=True,
               keywords=("upper", "check_errors"), tolerance=16, unsupported_on=NO_REFS),
            _v("linalg.eig", "linalg_square", **fn, contract=C.COPIES, unsupported_on=NO_REFS),
            _v("linalg.eigvals", "linalg_square", **fn, contract=C.COPY, unsupported_on=NO_REFS))


def _linalg_lu() -> tuple[OpSpec, ...]:
    """torch.linalg's LU corner (reference/linalg_lu.py): lu_factor and lu_factor_ex give a
    batch of column-major LU and contiguous int32 pivots and info, lu contiguous P, L, U,
    lu_solve a column-major result (left=False contiguous), householder_product a column-major
    batch (aten/src/ATen/native/BatchLinearAlgebra.cpp TORCH_META_FUNC(linalg_lu_factor_ex),
    TORCH_META_FUNC(linalg_lu), TORCH_META_FUNC(linalg_lu_solve), LinearAlgebra.cpp
    linalg_householder_product); torch.lu_unpack contiguous P, L, U (TORCH_META_FUNC(lu_unpack)),
    exact. Values within `tolerance` * n * eps * cond
    (linalg_lu_values.py). lu's, lu_factor's, lu_factor_ex's and lu_unpack's out= are tuples
    (reference/tuple_out.py). torch._refs 2.13 has none of them."""
    fn = {"method": False, "function": True, "tolerance": 8, "unsupported_on": NO_REFS}
    return (_v("linalg.lu", "linalg_lu", **fn, contract=C.COPIES, out=True,
               keywords=("pivot",)),
            _v("linalg.lu_factor", "linalg_lu", **fn, contract=C.COPIES, out=True,
               keywords=("pivot",)),
            _v("linalg.lu_factor_ex", "linalg_lu", **fn, contract=C.COPIES, out=True,
               keywords=("pivot", "check_errors")),
            _v("linalg.lu_solve", "linalg_lu", **fn, contract=C.COPY, out=True,
               keywords=("left", "adjoint")),
            _v("linalg.householder_product", "linalg_lu", **fn, contract=C.COPY, out=True),
            _v("lu_unpack", "linalg_lu", method=False, function=True, contract=C.COPIES,
               out=True, unsupported_on=NO_REFS))


def _linalg_least() -> tuple[OpSpec, ...]:
    """torch.linalg's lstsq, pinv and matrix_rank (reference/linalg_least.py): lstsq's
    solution the first n rows of a column-major (*, max(m, n), k) buffer, its residuals,
    rank and singular values empty or not by driver (residuals by rank too: a shape that
    depends on values); pinv matmul's contiguous (*, n, m); matrix_rank int64 of A's batch
    (BatchLinearAlgebra.cpp linalg_lstsq_out, LinearAlgebra.cpp linalg_pinv,
    matrix_rank_impl). torch._refs 2.13 has none of them."""
    fn = {"method": False, "function": True, "unsupported_on": NO_REFS}
    return (_v("linalg.lstsq", "linalg_least", **fn, contract=C.COPIES, tolerance=16,
               keywords=("rcond", "driver"), data_dependent_shape=True, out=True),
            _v("linalg.pinv", "linalg_least", **fn, contract=C.COPY, out=True, tolerance=16,
               keywords=("atol", "rtol", "hermitian")),
            _v("linalg.matrix_rank", "linalg_least", **fn, contract=C.COPY, out=True,
               tolerance=16, keywords=("atol", "rtol", "hermitian")))


def _sorting() -> tuple[OpSpec, ...]:
    """sort, argsort, msort, topk and kthvalue (reference/sorting.py): sort's values take the
    input's layout, topk's and kthvalue's are contiguous; msort and argsort(stable=) take a
    single out=, sort, topk and kthvalue a tuple out= (values, indices) whose outs keep their
    strides where their shape is right (Sorting.cpp, TopK meta, ReduceOpsUtils.h
    _reduction_with_indices_allocate_or_resize_output).
    torch._refs 2.13 has none of them."""
    return (_v("sort", "sort", function=True, contract=C.COPIES, out=True,
               keywords=("stable", "dim", "descending"), unsupported_on=NO_REFS),
            _v("argsort", "sort", function=True, contract=C.COPY, out=True,
               keywords=("stable", "dim", "descending"), unsupported_on=NO_REFS),
            _v("msort", "sort", function=True, contract=C.COPY, out=True,
               unsupported_on=NO_REFS),
            _v("topk", "sort", function=True, contract=C.COPIES, out=True,
               keywords=("dim", "largest", "sorted"), unsupported_on=NO_REFS),
            _v("kthvalue", "sort", function=True, contract=C.COPIES, out=True,
               keywords=("dim", "keepdim"), unsupported_on=NO_REFS))


def _reorder() -> tuple[OpSpec, ...]:
    """flip, fliplr, flipud, roll, rot90, tril and triu (reference/reordering.py): new
    tensors, flip's in empty_like's preserved layout, roll's in cat's, rot90's flip's with two
    dims swapped (never a view), tril's and triu's contiguous; tril_ and triu_ write their
    input. Of them torch's Python binding gives out= to tril and triu alone (flip.out,
    roll.out and rot90.out are torch.ops.aten's)."""
    return (_v("flip", "reorder", function=True, contract=C.COPY, keywords=("dims",)),
            _v("fliplr", "reorder", function=True, contract=C.COPY),
            _v("flipud", "reorder", function=True, contract=C.COPY),
            _v("roll", "reorder", function=True, contract=C.COPY, keywords=("shifts", "dims")),
            _v("rot90", "reorder", function=True, contract=C.COPY, keywords=("k", "dims")),
            _v("tril", "reorder", function=True, contract=C.COPY, out=True,
               keywords=("diagonal",)),
            _v("triu", "reorder", function=True, contract=C.COPY, out=True,
               keywords=("diagonal",)),
            _v("tril_", "reorder_", contract=C.IN_PLACE, keywords=("diagonal",)),
            _v("triu_", "reorder_", contract=C.IN_PLACE, keywords=("diagonal",)))

def _cumulative() -> tuple[OpSpec, ...]:
    """cumsum, cumprod, cummax, cummin and logcumsumexp (reference/cumulative.py): new
    contiguous results of the input's shape; cumsum_ and cumprod_ write their input. cumprod's
    complex products and logcumsumexp's libm calls carry a tolerance (cumulative_values.py);
    cummax's and cummin's out= is a tuple (values, indices) (reference/tuple_out.py).
    torch._refs 2.13 has cumsum, cumprod and their in-place forms alone."""
    return (_v("cumsum", "cumulative", function=True, contract=C.COPY, out=True,
               keywords=("dtype",)),
            _v("cumprod", "cumulative", function=True, contract=C.COPY, out=True,
               keywords=("dtype",), tolerance=4),
            _v("cummax", "cumulative", function=True, contract=C.COPIES, out=True,
               unsupported_on=NO_REFS),
            _v("cummin", "cumulative", function=True, contract=C.COPIES, out=True,
               unsupported_on=NO_REFS),
            _v("logcumsumexp", "cumulative", function=True, contract=C.COPY, out=True,
               tolerance=4, unsupported_on=NO_REFS),
            _v("cumsum_", "cumulative_", contract=C.IN_PLACE, keywords=("dtype",)),
            _v("cumprod_", "cumulative_", contract=C.IN_PLACE, keywords=("dtype",),
               tolerance=4))


def _shaping() -> tuple[OpSpec, ...]:
    """torch.nn.functional's pad (reference/shaping.py) and pixel_shuffle, pixel_unshuffle,
    channel_shuffle, one_hot and embedding (reference/shaping_lookups.py): new tensors, never
    views (aten/src/ATen/native/PadNd.cpp, ReflectionPad.cpp, ReplicationPadding.cpp,
    PixelShuffle.cpp, ChanelShuffle.cpp, Onehot.cpp, Embedding.cpp). pad's constant and edge
    modes and the shuffles allocate in the input's suggest_memory_format, circular pad, one_hot
    and embedding contiguous. one_hot's width is its input's largest value plus one where
    num_classes is -1; embedding's max_norm= first renormalises in place the weight rows it
    reads (embedding_renorm_: one bump of the weight's version; the case table covers it).
    torch._refs.nn.functional 2.13 has the shuffles alone."""
    fn = {"method": False, "function": True}
    return (_v("nn.functional.pad", "shaping", **fn, contract=C.COPY,
               keywords=("mode", "value"), unsupported_on=NO_REFS),
            _v("nn.functional.pixel_shuffle", "shaping", **fn, contract=C.COPY),
            _v("nn.functional.pixel_unshuffle", "shaping", **fn, contract=C.COPY),
            _v("nn.functional.channel_shuffle", "shaping", **fn, contract=C.COPY),
            _v("nn.functional.one_hot", "shaping", **fn, contract=C.COPY,
               keywords=("num_classes",), unsupported_on=NO_REFS),
            _v("nn.functional.embedding", "shaping", **fn, contract=C.COPY,
               keywords=("padding_idx",), unsupported_on=NO_REFS))


def _blas() -> tuple[OpSpec, ...]:
    """addmv, addr, baddbmm and addbmm with beta= and alpha= (reference/blas.py; ATen
    Blas.cpp, LinearAlgebra.cpp), with out= and in place; outer, ger, kron, cross and tensordot
    (reference/contraction.py; LinearAlgebra.cpp outer, KronImpl, Cross.cpp, Linear.cpp
    tensordot). Products carry their own tolerance (product_values.py); cross's kernel may
    fuse its products into multiply-adds. torch._refs 2.13 has addr alone (and
    linalg.cross, not modelled here)."""
    out = []
    for name in ("addmv", "addr", "baddbmm", "addbmm"):
        no_refs = () if name == "addr" else NO_REFS
        out.append(_v(name, "blas", function=True, contract=C.COPY, out=True,
                      keywords=("beta", "alpha"), unsupported_on=no_refs))
        if name != "addmv":  # addmv_ wants a 1-d input, which chains seldom have: the case
            # table (tests/ops/test_blas.py) calls it
            out.append(_v(name + "_", "blas_", contract=C.IN_PLACE,
                          keywords=("beta", "alpha"), unsupported_on=NO_REFS))
    out += [_v("outer", "contraction", function=True, contract=C.COPY, out=True,
               unsupported_on=NO_REFS),
            _v("ger", "contraction", function=True, contract=C.COPY, out=True,
               alias_of="outer", unsupported_on=NO_REFS),
            # a new tensor, or an _unsafe_view of one (no view of anything either way)
            _v("kron", "contraction", function=True, contract=C.COPY, out=True,
               unsupported_on=NO_REFS),
            _v("cross", "contraction", function=True, contract=C.COPY, out=True,
               keywords=("dim",), tolerance=2, unsupported_on=NO_REFS),
            _v("tensordot", "contraction", method=False, function=True,
               contract=C.COPY_OR_VIEW_OF_COPY, out=True, keywords=("dims",),
               unsupported_on=NO_REFS)]
    return tuple(out)


def _building() -> tuple[OpSpec, ...]:
    """repeat, tile, repeat_interleave, diag, diag_embed and diagflat (reference/building.py)
    and block_diag, meshgrid and cartesian_prod (reference/building_lists.py): new contiguous
    tensors (aten/src/ATen/native/TensorShape.cpp repeat, tile_symint, diag, diag_embed,
    diagflat, block_diag, cartesian_prod; Repeat.cpp repeat_interleave), but for
    repeat_interleave by an int (a view of the clone it flattens), meshgrid (expanded views of
    its inputs) and cartesian_prod of one tensor (that tensor). torch._refs 2.13 lacks tile,
    repeat_interleave, diagflat and cartesian_prod."""
    fn = {"method": False, "function": True}
    return (_v("repeat", "building", contract=C.COPY),
            _v("tile", "building", function=True, contract=C.COPY, unsupported_on=NO_REFS),
            _v("repeat_interleave", "building", function=True,
               contract=C.COPY_OR_VIEW_OF_COPY, keywords=("dim", "output_size"),
               unsupported_on=NO_REFS),
            _v("diag", "building", function=True, contract=C.COPY, out=True,
               keywords=("diagonal",)),
            _v("diag_embed", "building", function=True, contract=C.COPY,
               keywords=("offset", "dim1", "dim2")),
            _v("diagflat", "building", function=True, contract=C.COPY, keywords=("offset",),
               unsupported_on=NO_REFS),
            _v("block_diag", "building", **fn, contract=C.COPY),
            _v("meshgrid", "building", **fn, contract=C.VIEWS, keywords=("indexing",)),
            _v("cartesian_prod", "building", **fn, contract=C.SELF_OR_COPY,
               unsupported_on=NO_REFS))


def _statistics() -> tuple[OpSpec, ...]:
    """var, std, var_mean, std_mean, logsumexp, nansum, nanmean, aminmax, median, nanmedian
    and mode (reference/statistics.py): new contiguous results of the reduced shape, as
    sum's (aten/src/ATen/native/ReduceOps.cpp std_var_out, logsumexp_out, nansum_out,
    nanmean_out; TensorCompare.cpp aminmax, mode_out; Sorting.cpp median_with_indices_impl).
    var and std (Welford's update or two passes in double), their means, logsumexp (exp and
    log in the input's dtype) and the float sums carry tolerances statistics_values.py
    bounds; var_mean and std_mean have no out= in the binding; aminmax's, median(dim)'s,
    nanmedian(dim)'s and mode's out= is a tuple (reference/tuple_out.py). torch._refs 2.13
    has var, std, var_mean, std_mean and logsumexp."""
    return (_v("var", "statistics", function=True, contract=C.COPY, out=True, tolerance=8,
               keywords=("dim", "unbiased", "keepdim", "correction")),
            _v("std", "statistics", function=True, contract=C.COPY, out=True, tolerance=8,
               keywords=("dim", "unbiased", "keepdim", "correction")),
            _v("var_mean", "statistics", method=False, function=True, contract=C.COPIES,
               tolerance=8, keywords=("dim", "unbiased", "keepdim", "correction")),
            _v("std_mean", "statistics", method=False, function=True, contract=C.COPIES,
               tolerance=8, keywords=("dim", "unbiased", "keepdim", "correction")),
            _v("logsumexp", "statistics", function=True, contract=C.COPY, out=True,
               tolerance=8, keywords=("dim", "keepdim")),
            _v("nansum", "statistics", function=True, contract=C.COPY, out=True,
               keywords=("dim", "keepdim", "dtype"), unsupported_on=NO_REFS),
            _v("nanmean", "statistics", function=True, contract=C.COPY, out=True,
               keywords=("dim", "keepdim", "dtype"), unsupported_on=NO_REFS),
            _v("aminmax", "statistics", function=True, contract=C.COPIES, out=True,
               keywords=("dim", "keepdim"), unsupported_on=NO_REFS),
            *(_v(name, "statistics", function=True, contract=C.COPY, unsupported_on=NO_REFS)
              for name in ("median", "nanmedian")),
            *(_v(name, "statistics", function=True, contract=C.COPIES, variant="dim",
                 keywords=("dim", "keepdim"), unsupported_on=NO_REFS, out=True)
              for name in ("median", "nanmedian")),
            _v("mode", "statistics", function=True, contract=C.COPIES, out=True,
               keywords=("dim", "keepdim"), unsupported_on=NO_REFS))


def _counting() -> tuple[OpSpec, ...]:
    """unique, unique_consecutive and bincount (reference/counting.py; ATen Unique.cpp,
    SummaryOps.cpp): new contiguous tensors whose sizes depend on the values (unique(dim=)'s
    values laid out with dim first, moved back). The catalogue calls them without
    return_inverse and return_counts (one tensor back); the tuples are the case table's.
    torch._refs 2.13 has none of them; the meta device has no kernel for them."""
    return (_v("unique", "counting", function=True, contract=C.COPY,
               keywords=("sorted", "return_inverse", "return_counts", "dim"),
               data_dependent_shape=True, unsupported_on=NO_REFS),
            _v("unique_consecutive", "counting", function=True, contract=C.COPY,
               keywords=("return_inverse", "return_counts", "dim"),
               data_dependent_shape=True, unsupported_on=NO_REFS),
            _v("bincount", "counting", function=True, contract=C.COPY,
               keywords=("weights", "minlength"), data_dependent_shape=True,
               unsupported_on=NO_REFS))


def _fft_shift() -> tuple[OpSpec, ...]:
    """torch.fft.fftshift and ifftshift (reference/fft_helpers.py; ATen SpectralOps.cpp): roll
    by half of each dim (all dims by default), so new tensors in roll's layout (cat's, or an
    empty input's preserved strides). torch.fft.fftfreq and rfftfreq take no tensor: the case
    table calls them, the catalogue has no entry for them."""
    return tuple(_v(f"fft.{name}", "fft_shift", method=False, function=True, contract=C.COPY,
                    keywords=("dim",)) for name in ("fftshift", "ifftshift"))


def _bucketing() -> tuple[OpSpec, ...]:
    """histc, searchsorted and bucketize (reference/bucketing.py; ATen Histogram.cpp,
    Bucketization.cpp): new contiguous tensors, histc's 1-d of `bins` elements in the
    input's dtype, searchsorted's and bucketize's int64 (int32) of the values' shape, each with
    out=. torch binds histc alone as a method; torch._refs 2.13 has bucketize alone."""
    return (_v("histc", "bucketing", function=True, contract=C.COPY, out=True,
               keywords=("bins", "min", "max"), unsupported_on=NO_REFS),
            _v("searchsorted", "bucketing", method=False, function=True, contract=C.COPY,
               out=True, keywords=("out_int32", "right", "side", "sorter"),
               unsupported_on=NO_REFS),
            _v("bucketize", "bucketing", method=False, function=True, contract=C.COPY,
               out=True, keywords=("out_int32", "right")))


def _accumulate() -> tuple[OpSpec, ...]:
    """scatter (src or value, reduce=), scatter_add, scatter_reduce, index_add (alpha=) and
    index_copy (reference/accumulate.py), out of place, with out= and in place: new results
    contiguous whatever self's layout, as their structured meta functions set them
    (aten/src/ATen/native/TensorAdvancedIndexing.cpp scatter_meta_impl, index_func_meta_impl,
    TORCH_PRECOMPUTE_META_FUNC(index_copy)); scatter with duplicate indices leaves those
    elements undetermined. torch._refs 2.13 has index_add, index_copy and index_copy_ alone."""
    out = []
    for name in ("scatter", "scatter_add", "scatter_reduce", "index_add", "index_copy"):
        no_refs = () if name in ("index_add", "index_copy") else NO_REFS
        keywords = {"scatter": ("reduce",), "scatter_reduce": ("include_self",),
                    "index_add": ("alpha",)}.get(name, ())
        out.append(_v(name, "accumulate", function=True, contract=C.COPY, out=True,
                      keywords=keywords, tolerance=2, unsupported_on=no_refs))
        out.append(_v(name + "_", "accumulate_", contract=C.IN_PLACE, keywords=keywords,
                      tolerance=2, unsupported_on=() if name == "index_copy" else NO_REFS))
    return tuple(out)


def _indexed() -> tuple[OpSpec, ...]:
    """index_reduce (prod, mean, amax, amin; include_self=), masked_scatter, put (accumulate=)
    and take_along_dim (reference/indexed_writes.py; aten/src/ATen/native/
    TensorAdvancedIndexing.cpp): index_reduce a structured kernel like index_add (new results
    contiguous, out= kept or resized); masked_scatter a contiguous clone of self broadcast with
    the mask; put a clone of self in its own layout (clone preserve_format); take_along_dim
    gather's contiguous result of the broadcast indices' shape (dim=None: of the flattened
    input), each index wrapped modulo the dim's size. In place they write self, refusing one
    whose elements share memory. Duplicate put indices with different values leave the
    element undetermined. torch._refs 2.13 has take_along_dim alone."""
    fn = {"function": True, "tolerance": 2}
    return (_v("index_reduce", "indexed", **fn, contract=C.COPY, out=True,
               keywords=("include_self",), unsupported_on=NO_REFS),
            _v("index_reduce_", "indexed_", contract=C.IN_PLACE, keywords=("include_self",),
               tolerance=2, unsupported_on=NO_REFS),
            _v("masked_scatter", "indexed", **fn, contract=C.COPY, unsupported_on=NO_REFS),
            _v("masked_scatter_", "indexed_", contract=C.IN_PLACE, unsupported_on=NO_REFS),
            _v("put", "indexed", **fn, contract=C.COPY, keywords=("accumulate",),
               unsupported_on=NO_REFS),
            _v("put_", "indexed_", contract=C.IN_PLACE, keywords=("accumulate",), tolerance=2,
               unsupported_on=NO_REFS),
            _v("take_along_dim", "indexed", function=True, contract=C.COPY, out=True,
               keywords=("dim",)))


def _embedding_bag() -> tuple[OpSpec, ...]:
    """torch.nn.functional.embedding_bag (reference/embedding_bag.py; torch/nn/functional.py,
    aten/src/ATen/native/EmbeddingBag.cpp): a new contiguous (bags, embedding_dim) tensor of
    weight's dtype, the sum (scaled by per_sample_weights), mean or max of each bag of rows,
    padding_idx's left out; a 2-d input is a batch of bags of its row length. Values within
    the bound of the sums (half and bfloat16 rounded once, or after the mean's division).
    torch._refs 2.13 has no embedding_bag."""
    return (_v("nn.functional.embedding_bag", "embedding_bag", method=False, function=True,
               contract=C.COPY, tolerance=8, unsupported_on=NO_REFS,
               keywords=("offsets", "mode", "per_sample_weights", "include_last_offset",
                         "padding_idx")),)


def _random() -> tuple[OpSpec, ...]:
    """Random sampling (reference/randomness.py; ATen DistributionTemplates.h,
    Distributions.cpp, TensorFactories.cpp): rand_like, randn_like and randint_like in
    empty_like's layout, bernoulli and normal contiguous, multinomial contiguous int64 (out=
    resized quietly); the in-place fills keep their input's layout, refuse one whose elements
    share memory and check their arguments and dtype each in its order. The values drawn are
    undetermined: never compared, and no op reading values is drawn on them. torch._refs 2.13
    has normal, normal_, exponential_, geometric_, cauchy_ and log_normal_ alone. normal's
    factory form normal(mean, std, size) takes no tensor: its case table covers it."""
    refs = ("normal", "normal_", "exponential_", "geometric_", "cauchy_", "log_normal_")
    out = [_v(name, "random", method=False, function=True, contract=C.COPY,
              keywords=("dtype", "memory_format"), unsupported_on=NO_REFS)
           for name in ("rand_like", "randn_like", "randint_like")]
    out += [_v("normal", "random", method=False, function=True, contract=C.COPY, out=True,
               keywords=("mean", "std")),
            _v("bernoulli", "random", function=True, contract=C.COPY, out=True,
               keywords=("p",), unsupported_on=NO_REFS),
            # how many categories a row has, and whether their sum is zero, are read
            _v("multinomial", "random", function=True, contract=C.COPY, out=True,
               keywords=("num_samples", "replacement"), unsupported_on=NO_REFS)]
    keywords = {"uniform_": ("to",), "normal_": ("mean", "std"), "random_": ("to",),
                "exponential_": ("lambd",), "geometric_": ("p",),
                "cauchy_": ("median", "sigma"), "log_normal_": ("mean", "std"),
                "bernoulli_": ("p",)}
    out += [_v(name, "random_", contract=C.IN_PLACE, keywords=kw,
               unsupported_on=() if name in refs else NO_REFS)
            for name, kw in keywords.items()]
    return tuple(out)


# torch.nn.functional's dropouts: whether torch._refs.nn.functional 2.13 has each
DROPOUTS: dict[str, bool] = {"dropout": True, "alpha_dropout": True,
                             "feature_alpha_dropout": False, "dropout1d": False,
                             "dropout2d": False, "dropout3d": False}


def _dropout() -> tuple[OpSpec, ...]:
    """torch.nn.functional's dropouts (reference/dropout.py; ATen Dropout.cpp _dropout_impl):
    the input itself with p == 0 or training off, `input * zeros(())` with p == 1, else the
    input times a bernoulli noise (TensorIterator's layout, values undetermined); dropout1d
    and dropout3d of an unbatched input go through unsqueeze(0) and squeeze(0), so they give
    a view of the input where nothing is dropped. `inplace=True` is a variant of its own."""
    out = []
    for name, in_refs in DROPOUTS.items():
        functional = f"nn.functional.{name}"
        kw = {"method": False, "function": True, "keywords": ("p", "training", "inplace"),
              "unsupported_on": () if in_refs else NO_REFS}
        viewed = name in ("dropout1d", "dropout3d")
        out.append(_v(functional, "dropout", contract=C.SELF_VIEW_OR_COPY if viewed
                      else C.SELF_OR_COPY, **kw))
        out.append(_v(functional, "dropout_", contract=C.IN_PLACE, variant="inplace", **kw))
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
                      tolerance=_TOLERANCE.get(name, 0), out=name != "count_nonzero",
                      keywords=("dtype",) if name in ("sum", "mean", "prod") else ()))
    for name in ("max", "min"):
        # torch.max(x, other=y) is maximum; torch.max(x, 0) the variant along a dim
        out.append(_v(name, "reduction", function=True, contract=C.COPY, out=True,
                      keywords=("other",)))
        out.append(_v(name, "reduction", function=True, contract=C.COPIES, variant="dim",
                      out=True))
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
    # narrow_copy has a CPU kernel of its own (TensorShape.cpp narrow_copy_dense_cpu_out): a
    # contiguous result; out= resized by resize_ and filled as if contiguous, whatever its
    # strides (reference/scatters.py)
    out.append(_v("narrow_copy", "view_copy", function=True, contract=C.COPY, out=True))
    # tensor indexing (reference/gathers.py); how many elements masked_select, nonzero and
    # argwhere find decides their output's shape
    for name in ("index_select", "gather", "take", "masked_select", "nonzero", "argwhere",
                 "index_fill", "index_put"):
        out.append(_v(name, "gather", function=name not in ("index_fill", "index_put"),
                      contract=C.COPY, out=name in ("index_select", "gather", "take",
                                                    "masked_select", "nonzero"),
                      data_dependent_shape=name in ("masked_select", "nonzero", "argwhere")))
    for name in ("index_fill_", "index_put_"):
        out.append(_v(name, "gather_", contract=C.IN_PLACE))
    return tuple(out)


def _sampling() -> tuple[OpSpec, ...]:
    """torch.nn.functional's interpolate (reference/sampling.py; ATen UpSample.h and the
    UpSample*.cpp meta functions: a 3-d result contiguous, a 4-d or 5-d one in the input's
    suggest_memory_format; mode='area' is adaptive_avg_pool, antialias=True the
    _upsample_*2d_aa ops) and unfold / fold (reference/im2col.py; Im2Col.cpp, Col2Im.cpp:
    contiguous). The nearest modes, unfold and fold of small integers are exact; the linear
    modes and bicubic, and fold's sums, carry the bound the reference derives per element.
    torch._refs 2.13 has none of them."""
    fn = {"method": False, "function": True, "contract": C.COPY, "unsupported_on": NO_REFS}
    # mode='area' of a 3-d input is adaptive_avg_pool1d: a view of the 2-d op's result
    return (_v("nn.functional.interpolate", "sampling",
               **{**fn, "contract": C.COPY_OR_VIEW_OF_COPY}, tolerance=16,
               keywords=("size", "scale_factor", "mode", "align_corners",
                         "recompute_scale_factor", "antialias")),
            _v("nn.functional.unfold", "sampling", **fn,
               keywords=("dilation", "padding", "stride")),
            _v("nn.functional.fold", "sampling", **fn, tolerance=4,
               keywords=("dilation", "padding", "stride")))


def _norm() -> tuple[OpSpec, ...]:
    """torch.linalg's vector_norm, matrix_norm and norm, and torch.norm / Tensor.norm
    (reference/norms.py; aten/src/ATen/native/LinearAlgebra.cpp
    TORCH_META_FUNC(linalg_vector_norm), linalg_matrix_norm, linalg_norm; torch/functional.py
    norm): a structured reduction's contiguous real result of the reduced shape; matrix_norm's
    'nuc', 2 and -2 with keepdim a permuted view of the sum / amax / amin of svdvals. Values
    within the reduction's bound (one rounding per element summed), svdvals' own for the
    spectral and nuclear norms. A family apart from linalg_matrix: these are reductions, whose
    ord and dim route them, with real results. torch._refs 2.13 has all four."""
    fn = {"method": False, "function": True}
    keywords = ("ord", "dim", "keepdim", "dtype")
    return (_v("linalg.vector_norm", "norm", **fn, contract=C.COPY, out=True,
               keywords=keywords, tolerance=8),
            _v("linalg.matrix_norm", "norm", **fn, contract=C.COPY_OR_VIEW_OF_COPY, out=True,
               keywords=keywords, tolerance=16),
            _v("linalg.norm", "norm", **fn, contract=C.COPY_OR_VIEW_OF_COPY, out=True,
               keywords=keywords, tolerance=16),
            _v("norm", "norm", function=True, contract=C.COPY_OR_VIEW_OF_COPY, out=True,
               keywords=("p", "dim", "keepdim", "dtype"), tolerance=16))


def _linalg_matrix() -> tuple[OpSpec, ...]:
    """torch.linalg's matrix_power, matrix_exp, cross, vecdot and multi_dot, and
    torch.chain_matmul (reference/matrix_functions.py; LinearAlgebra.cpp
    linalg_matrix_power_impl, linalg_matrix_exp, multi_dot_impl, chain_matmul; Cross.cpp;
    Linear.cpp linalg_vecdot): composites of clone, inv, matmul, mm, vdot, mul and sum, whose
    layouts they take (matrix_power's n = 0 and 1 contiguous clones, n = -1 inv's column-major
    result; matrix_exp a new contiguous tensor, exp's layout for 1x1; multi_dot a view of mm's
    result). A family apart from norm: products of matrices, their results of the operands'
    dtype. matrix_exp's values are known for small norms only (matrix_functions.py).
    torch._refs 2.13 has linalg.cross and linalg.vecdot alone."""
    fn = {"method": False, "function": True}
    return (_v("linalg.matrix_power", "linalg_matrix", **fn, contract=C.COPY, out=True,
               tolerance=8, unsupported_on=NO_REFS),
            _v("matrix_power", "linalg_matrix", function=True, contract=C.COPY,
               alias_of="linalg.matrix_power", tolerance=8, unsupported_on=NO_REFS),
            _v("linalg.matrix_exp", "linalg_matrix", **fn, contract=C.COPY, tolerance=16,
               unsupported_on=NO_REFS),
            _v("matrix_exp", "linalg_matrix", function=True, contract=C.COPY,
               alias_of="linalg.matrix_exp", tolerance=16, unsupported_on=NO_REFS),
            _v("linalg.cross", "linalg_matrix", **fn, contract=C.COPY, out=True,
               keywords=("dim",), tolerance=2),
            _v("linalg.vecdot", "linalg_matrix", **fn, contract=C.COPY, out=True,
               keywords=("dim",), tolerance=8),
            _v("linalg.multi_dot", "linalg_matrix", **fn, contract=C.COPY_OR_VIEW_OF_COPY,
               out=True, tolerance=8, unsupported_on=NO_REFS),
            _v("chain_matmul", "linalg_matrix", **fn, contract=C.COPY_OR_VIEW_OF_COPY,
               out=True, tolerance=8, unsupported_on=NO_REFS))


def _distance() -> tuple[OpSpec, ...]:
    """torch.nn.functional's normalize, cosine_similarity and pairwise_distance and torch.cdist
    (reference/distances.py; ATen Distance.cpp, LinearAlgebra.cpp linalg_vector_norm):
    normalize takes TensorIterator's layout of the input (out= too), the others allocate
    contiguous results but cdist's mm path (p = 2, use_mm_for_euclid_dist or more than 25
    rows), a view of the (B, r1, r2) matmul. Values within the bounds of the norms and the
    model's pointwise ops. Beside them instance_norm and local_response_norm, of the
    normalization family. torch._refs 2.13 has pairwise_distance alone."""
    fn = {"method": False, "function": True, "tolerance": 8}
    return (_v("nn.functional.normalize", "distance", **fn, contract=C.COPY, out=True,
               keywords=("p", "dim", "eps"), unsupported_on=NO_REFS),
            _v("nn.functional.cosine_similarity", "distance", **fn, contract=C.COPY,
               keywords=("dim", "eps"), unsupported_on=NO_REFS),
            _v("nn.functional.pairwise_distance", "distance", **fn, contract=C.COPY,
               keywords=("p", "eps", "keepdim")),
            _v("cdist", "distance", **fn, contract=C.COPY_OR_VIEW_OF_COPY,
               keywords=("p", "compute_mode"), unsupported_on=NO_REFS),
            # reference/instance_norm.py: batch_norm of the (1, N * C, ...) contiguous input,
            # viewed back (Normalization.cpp instance_norm); local_response_norm's composite,
            # an empty input itself
            _v("nn.functional.instance_norm", "normalization", method=False, function=True,
               contract=C.COPY_OR_VIEW_OF_COPY, tolerance=2, unsupported_on=NO_REFS,
               keywords=("running_mean", "running_var", "weight", "bias", "use_input_stats",
                         "momentum", "eps")),
            _v("nn.functional.local_response_norm", "normalization", method=False,
               function=True, contract=C.SELF_OR_COPY, tolerance=8, unsupported_on=NO_REFS,
               keywords=("alpha", "beta", "k")))


def _einsum() -> tuple[OpSpec, ...]:
    """torch.einsum and torch.nn.functional.bilinear (reference/einstein.py; ATen Linear.cpp
    einsum, sumproduct_pair, bilinear, _trilinear) and scaled_dot_product_attention
    (reference/attention.py; transformers/attention.cpp, sdp_utils_cpp.cpp). einsum is a
    view of its operand when every label reaches the output (`ij->ji`, `ii->i`), a sum,
    a mul, or a view of a bmm result contracted left to right (no opt_einsum); bilinear a view
    of a zeros() output it fills (a new tensor with a bias); attention the CPU flash kernel's
    empty_like(query), else the math composite's matmul. Values within the bounds of the
    products and the softmax. torch._refs 2.13 has none of them."""
    fn = {"method": False, "function": True, "unsupported_on": NO_REFS}
    return (_v("einsum", "einsum", **fn, contract=C.VIEW_OR_COPY, tolerance=8),
            _v("nn.functional.bilinear", "einsum", **fn, contract=C.COPY_OR_VIEW_OF_COPY,
               keywords=("bias",), tolerance=8),
            _v("nn.functional.scaled_dot_product_attention", "attention", **fn,
               contract=C.COPY_OR_VIEW_OF_COPY, tolerance=8,
               keywords=("attn_mask", "dropout_p", "is_causal", "scale", "enable_gqa")))


# the ops of one tensor operand that the layout matrix ranges over beside the pointwise ones,
# with the arguments it calls them with: along the last dim, which every tensor of a dim has
_MATRIX: dict[str, tuple[Any, ...]] = {
    "sum": (-1,), "mean": (-1,), "amax": (-1,), "argmax": (-1,),
    "cumsum": (-1,), "cumprod": (-1,), "logcumsumexp": (-1,),
    "flip": ((-1,),), "roll": (1, -1), "rot90": (), "tril": (), "triu": (),
    "argsort": (-1,), "msort": (), "softmax": (-1,), "log_softmax": (-1,),
    "fft.fft": (), "fft.rfft": (), "var": (-1,), "std": (-1,), "logsumexp": (-1,),
    "nansum": (-1,), "nanmean": (-1,), "tile": ((2,),), "diag_embed": (),
    "nn.functional.pad": ((1, 1),),
    # the networks' ops of one tensor operand (issue 22's families): activations, softmin,
    # dropout, the *_like factories (preserve_format), FFTs, flips, norms, decompositions
    "amin": (-1,), "prod": (-1,), "argmin": (-1,), "all": (-1,), "any": (-1,),
    "count_nonzero": (-1,), "median": (), "nanmedian": (),
    "relu": (), "nn.functional.relu6": (), "nn.functional.leaky_relu": (),
    "nn.functional.elu": (), "nn.functional.selu": (), "nn.functional.silu": (),
    "nn.functional.mish": (), "nn.functional.hardsigmoid": (), "nn.functional.hardswish": (),
    "nn.functional.softmin": (-1,), "nn.functional.dropout": (0.0,),
    "empty_like": (), "zeros_like": (), "ones_like": (),
    "fft.fftshift": (), "fft.ifftshift": (), "fliplr": (), "flipud": (),
    "linalg.vector_norm": (), "norm": (), "unsqueeze_copy": (-1,), "squeeze_copy": (),
    "nn.functional.normalize": (2.0, -1), "rand_like": (), "randn_like": (), "histc": (),
    "linalg.pinv": (), "linalg.svdvals": (), "linalg.svd": (), "nn.functional.gelu": (),
    "nn.functional.softplus": (), "nn.functional.hardtanh": (), "fft.ifft": (),
    "fft.ihfft": (), "fft.fftn": (), "fft.irfft": (), "fft.irfftn": (),
    # ops of several results (each returned, the first probed; no out=, which is a tuple)
    "linalg.qr": (), "linalg.lu": (), "linalg.lu_factor": (), "linalg.lu_factor_ex": (),
    "sort": (-1,), "topk": (1,), "kthvalue": (1,), "cummax": (-1,), "cummin": (-1,),
    "aminmax": (), "median.dim": (-1,), "nanmedian.dim": (-1,), "mode": (-1,),
    "max.dim": (-1,), "min.dim": (-1,),
}

OPS = tuple(dataclasses.replace(op, matrix=_MATRIX[op.key]) if op.key in _MATRIX else op
            for op in _VIEWS_AND_WRITES + _pointwise() + _activations() + _normalization()
            + _batch_norm() + _linear() + _convolution() + _pooling() + _pooling_more()
            + _unpooling()
            + _spectral()
            + _linalg() + _linalg_solvers() + _linalg_decompositions()
            + _linalg_lu() + _linalg_least()
            + _sorting() + _cumulative() + _statistics() + _reorder()
            + _shaping() + _blas() + _building() + _counting() + _fft_shift() + _bucketing()
            + _accumulate() + _indexed() + _embedding_bag()
            + _sampling() + _distance() + _einsum() + _random() + _dropout()
            + _norm() + _linalg_matrix()
            + _allocating())
assert {op.key for op in OPS if op.matrix is not None} == set(_MATRIX), "matrix ops unknown"

# the families of pointwise ops (elementwise, with TensorIterator's output layout)
POINTWISE_FAMILIES = frozenset({"unary", "unary_", "arithmetic", "arithmetic_", "logic",
                                "logic_", "operator", "ternary", "ternary_", "activation",
                                "activation_"})
# the families of ops that allocate their outputs (or write them in place): the pointwise
# ones and those whose layouts come from their own rules
ALLOCATING_FAMILIES = POINTWISE_FAMILIES | frozenset({
    "like", "reduction", "join", "product", "scatter", "view_copy", "gather", "gather_",
    "normalization", "linear", "linear_", "convolution", "pooling", "fft", "linalg", "sort",
    "linalg_solve", "linalg_square", "linalg_lu", "linalg_least",
    "cumulative", "cumulative_", "statistics", "reorder", "reorder_", "shaping", "blas", "blas_",
    "contraction", "building", "counting", "accumulate", "accumulate_", "indexed", "indexed_",
    "embedding_bag",
    "sampling", "distance", "einsum", "attention", "random", "random_", "dropout", "dropout_",
    "norm", "linalg_matrix", "fft_shift", "bucketing"})

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
# the variants of each op name that has some (`view` -> view.dtype), which a call's arguments
# pick by the label (`OpSpec.variant`)
VARIANTS: dict[str, tuple[OpSpec, ...]] = {
    name: tuple(op for op in OPS if op.name == name and op.variant)
    for name in dict.fromkeys(op.name for op in OPS if op.variant)}
FAMILIES: tuple[str, ...] = tuple(dict.fromkeys(op.family for op in OPS))
# torch's namespaces the catalogue has functions in (nn.functional for nn.functional.relu)
NAMESPACES: frozenset[str] = frozenset(op.name.rpartition(".")[0] for op in OPS
                                       if "." in op.name)
FUNCTION_NAMES: tuple[str, ...] = tuple(dict.fromkeys(op.name for op in OPS if op.function))

_dangling = [op.key for op in OPS if op.alias_of and op.alias_of not in BY_KEY]
assert not _dangling, f"alias_of names no catalogue op: {_dangling}"


def canonical(key: str) -> str:
    """Return the catalogue key `key` is a spelling of (unknown keys map to themselves)."""
    spec = BY_KEY.get(key)
    return spec.canonical if spec is not None else key
