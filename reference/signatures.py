"""torch's Python argument parser, for the calls the reference binds to torch's own signatures.

Follows torch/csrc/utils/python_arg_parser.cpp: a call binds to the first signature that takes
it (FunctionSignature::parse); a parser of one signature explains a refusal itself, one of
several lets the one signature whose argument count fits explain it (print_error), else names
the types it was given (invalid_arguments.cpp `_argDesc`). Signatures are written as torch
writes them: `to(ScalarType dtype, bool copy=False, *, MemoryFormat? memory_format=None)`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import dtypes, errors
from .device import device as Device
from .operands import is_tensor

# the names each torch type has in messages (FunctionParameter::type_name)
_TYPE_NAMES = {"Tensor": "Tensor", "ScalarType": "torch.dtype", "Device": "torch.device",
               "bool": "bool", "MemoryFormat": "torch.memory_format", "int": "int",
               "Scalar": "Number", "TensorList": "tuple of Tensors"}
# keyword spellings taken for NumPy's sake (python_arg_parser.cpp numpy_compatibility_arg_names)
_NUMPY_NAMES = {"input": ("x", "a", "x1")}
# functions whose Tensor parameters also take a Python number (should_allow_numbers_as_tensors)
_NUMBERS_AS_TENSORS = frozenset({
    "add", "add_", "div", "div_", "divide", "divide_", "mul", "mul_", "multiply", "multiply_",
    "sub", "sub_", "subtract", "subtract_", "true_divide", "true_divide_", "to", "_to_copy",
    "copy_", "floor_divide", "floor_divide_"})
# Python types that stand for a dtype (THPPythonScalarType_Check), which they name
PYTHON_TYPES = {bool: dtypes.bool_, int: dtypes.int64, float: dtypes.float64,
                complex: dtypes.complex128}


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter: its torch type, its name and what it may be given."""

    kind: str
    name: str
    optional: bool  # it has a default
    allow_none: bool  # `Type?`, or a default of None
    keyword_only: bool


@dataclass(frozen=True, slots=True)
class Signature:
    """One overload as the Python binding declares it."""

    name: str
    params: tuple[Param, ...]

    @property
    def numbers_as_tensors(self) -> bool:
        """Tell whether a Tensor parameter also takes a Python number (as `to` does)."""
        return self.name in _NUMBERS_AS_TENSORS

    @property
    def min_args(self) -> int:
        return sum(not p.optional for p in self.params)

    @property
    def max_pos_args(self) -> int:
        return sum(not p.keyword_only for p in self.params)


def signature(text: str) -> Signature:
    """Return the signature torch declares as `text` (`name(Type name=default, *, ...)`)."""
    name, _, rest = text.partition("(")
    params = []
    keyword_only = False
    for part in filter(None, (p.strip() for p in rest.removesuffix(")").split(","))):
        if part == "*":
            keyword_only = True
            continue
        kind, _, declared = part.partition(" ")
        assert kind.rstrip("?") in _CHECKS, f"no check for parameter type {kind} in {text}"
        pname, eq, default = declared.partition("=")
        params.append(Param(kind.rstrip("?"), pname, bool(eq),
                            kind.endswith("?") or default == "None", keyword_only))
    return Signature(name, tuple(params))


def typename(obj: Any) -> str:
    """Return the name torch's messages give an argument's type (its `tp_name`)."""
    if is_tensor(obj):
        return "Tensor"
    if dtypes.is_dtype_like(obj):
        return "torch.dtype"
    if isinstance(obj, dtypes.memory_format):
        return "torch.memory_format"
    if isinstance(obj, Device):
        return "torch.device"
    return type(obj).__name__


def _is_number(obj: Any) -> bool:
    return isinstance(obj, (bool, int, float, complex, np.number, np.bool_))


# what passes for each parameter type (FunctionParameter::check), given whether a Tensor
# parameter takes Python numbers
_CHECKS: dict[str, Callable[[Any, bool], bool]] = {
    "Tensor": lambda obj, numbers: is_tensor(obj) or numbers and _is_number(obj),
    "ScalarType": lambda obj, numbers: dtypes.is_dtype_like(obj) or any(
        obj is t for t in PYTHON_TYPES),
    # an index, a string or a device; never a bool
    "Device": lambda obj, numbers: (isinstance(obj, int) and not isinstance(obj, bool))
    or isinstance(obj, (str, Device)),
    "bool": lambda obj, numbers: isinstance(obj, (bool, np.bool_)),
    # a Python number (THPUtils_checkScalar)
    "Scalar": lambda obj, numbers: _is_number(obj),
    # an integer, never a bool (THPUtils_checkLong)
    "int": lambda obj, numbers: isinstance(obj, (int, np.integer)) and not isinstance(
        obj, (bool, np.bool_)),
    "MemoryFormat": lambda obj, numbers: isinstance(obj, dtypes.memory_format),
    # a tuple out= (`TensorList[2] out`): its elements and length are checked by
    # tuple_out.bind, as PythonArgs::tensorlist_n checks them once the call is bound
    "TensorList": lambda obj, numbers: isinstance(obj, (tuple, list)),
}


def _given(param: Param, kwargs: Mapping[str, Any]) -> tuple[bool, Any]:
    for name in (param.name, *_NUMPY_NAMES.get(param.name, ())):
        if name in kwargs:
            return True, kwargs[name]
    return False, None


def _bind(sig: Signature, args: Sequence[Any], kwargs: Mapping[str, Any], raise_: bool
          ) -> dict[str, Any] | None:
    """Bind a call to one signature: the values given (None-valued ones left out), or None."""
    if len(args) > sig.max_pos_args:
        if raise_:
            raise _extra_args(sig, len(args))
        return None
    bound: dict[str, Any] = {}
    remaining = len(kwargs)
    for i, param in enumerate(sig.params):
        positional = i < len(args)
        present, obj = (True, args[i]) if positional else _given(param, kwargs)
        if (not present and param.optional) or (present and obj is None and param.allow_none):
            pass
        elif not present:
            if raise_:
                missing = [p.name for p in sig.params[i:] if not p.optional]
                raise errors.fail("missing_argument", name=sig.name, arg=missing[0])
            return None
        elif _CHECKS[param.kind](obj, sig.numbers_as_tensors):
            bound[param.name] = obj
        elif raise_:
            if positional:
                raise errors.fail("argument_position_type", op=sig.name, arg=param.name,
                                  pos=i + 1, want=_TYPE_NAMES[param.kind], type=typename(obj))
            raise errors.fail("argument_keyword_type", op=sig.name, arg=param.name,
                              want=_TYPE_NAMES[param.kind], type=typename(obj))
        else:
            return None
        if present and not positional:
            remaining -= 1
    if remaining > 0:
        if raise_:
            raise _extra_kwargs(sig, kwargs, len(args))
        return None
    return bound


def _extra_args(sig: Signature, given: int) -> Exception:
    if sig.min_args != sig.max_pos_args:
        return errors.fail("extra_args_range", op=sig.name, least=sig.min_args,
                           most=sig.max_pos_args, given=given)
    most = sig.max_pos_args
    return errors.fail("extra_args", op=sig.name, most=most, plural="" if most == 1 else "s",
                       given=given, verb="was" if given == 1 else "were")


def _extra_kwargs(sig: Signature, kwargs: Mapping[str, Any], positional: int) -> Exception:
    names = [p.name for p in sig.params]
    key = next(k for k in kwargs if k not in names or names.index(k) < positional)
    if key not in names:
        return errors.fail("unexpected_keyword", op=sig.name, keyword=key)
    return errors.fail("multiple_values", op=sig.name, name=key)


def parse(signatures: Sequence[Signature], args: Sequence[Any], kwargs: Mapping[str, Any]
          ) -> dict[str, Any]:
    """Return the values a call gives the first signature that takes it, or raise as torch does.

    Parameters given None where they allow it, and those not given, are left out.
    """
    if len(signatures) == 1:
        bound = _bind(signatures[0], args, kwargs, True)
        assert bound is not None, "a raising bind returns a binding"
        return bound
    for sig in signatures:
        bound = _bind(sig, args, kwargs, False)
        if bound is not None:
            return bound
    count = len(args) + len(kwargs)
    plausible = [s for s in signatures if s.min_args <= count <= len(s.params)]
    if len(plausible) == 1:
        _bind(plausible[0], args, kwargs, True)
    # libstdc++'s unordered_map of the keywords hands them back in reverse order (as measured)
    desc = "".join(f"{typename(a)}, " for a in args) + "".join(
        f"{k}={typename(v)}, " for k, v in reversed(list(kwargs.items())))
    raise errors.fail("argument_overloads", op=signatures[0].name,
                      type=desc[:-2] if args else desc)
