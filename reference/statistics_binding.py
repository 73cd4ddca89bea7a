"""torch's Python argument parser for var, std, var_mean, std_mean, logsumexp, nansum, nanmean,
aminmax, median, nanmedian and mode, whose `int[1]` dims, `Scalar?` correction and pair out=
the shared parser (signatures.py) does not take.

Follows torch/csrc/utils/python_arg_parser.cpp: a call binds to the first overload that takes
it; when none does, the one overload whose argument count fits explains the refusal, else the
parser lists the types it was given (`received an invalid combination of arguments`). An
`int[1]` takes one int or a tuple or list of them; `Scalar` any Python number (a bool too);
`bool` only a bool. The overloads are those the binding declares (native_functions.yaml var,
std, var_mean, std_mean, logsumexp, nansum, nanmean, aminmax, median, nanmedian, mode; the
Dimname overloads left out: no program here names dims).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import errors
from .dtypes import is_dtype_like
from .operands import is_tensor
from .signatures import PYTHON_TYPES, typename

_REQUIRED: Any = object()


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter: `kind` is Tensor, ints (int[1]), int, bool, Scalar, ScalarType or pair
    (TensorList[2] out=)."""

    name: str
    kind: str
    default: Any = _REQUIRED
    none_ok: bool = False  # `Type?`: None stands for the default
    keyword_only: bool = False


_WANT = {"Tensor": "Tensor", "ints": "tuple of ints", "int": "int", "bool": "bool",
         "Scalar": "Number", "ScalarType": "torch.dtype", "pair": "tuple of Tensors"}


def _is_int(obj: Any) -> bool:
    return isinstance(obj, (int, np.integer)) and not isinstance(obj, (bool, np.bool_))


def _accepts(p: Param, value: Any) -> bool:
    kind = p.kind
    if kind == "Tensor":
        return is_tensor(value)
    if kind == "ints":
        return _is_int(value) or (isinstance(value, (tuple, list)) and all(
            _is_int(v) for v in value))
    if kind == "int":
        return _is_int(value)
    if kind == "bool":
        return isinstance(value, (bool, np.bool_))
    if kind == "Scalar":
        return isinstance(value, (bool, int, float, complex, np.number, np.bool_))
    if kind == "ScalarType":
        return is_dtype_like(value) or any(value is t for t in PYTHON_TYPES)
    return isinstance(value, (tuple, list)) and len(value) == 2 and all(
        is_tensor(v) for v in value)


def _converted(p: Param, value: Any) -> Any:
    if p.kind == "ints":
        return (int(value),) if _is_int(value) else tuple(int(v) for v in value)
    if p.kind == "int":
        return int(value)
    if p.kind == "ScalarType":
        return next((dt for ty, dt in PYTHON_TYPES.items() if value is ty), value)
    return value


def _bind(op: str, params: Sequence[Param], args: Sequence[Any], kwargs: Mapping[str, Any],
          raise_: bool) -> dict[str, Any] | None:
    """Bind a call to one overload: every parameter's value (defaults filled in), or None."""
    positional = sum(not p.keyword_only for p in params)
    if len(args) > positional:
        if not raise_:
            return None
        least = sum(p.default is _REQUIRED for p in params)
        if least != positional:
            raise errors.fail("extra_args_range", op=op, least=least, most=positional,
                              given=len(args))
        raise errors.fail("extra_args", op=op, most=positional,
                          plural="" if positional == 1 else "s", given=len(args),
                          verb="was" if len(args) == 1 else "were")
    bound: dict[str, Any] = {}
    for i, p in enumerate(params):
        given = i < len(args) and not p.keyword_only
        if given:
            value = args[i]
        elif p.name in kwargs:
            value = kwargs[p.name]
        elif p.default is _REQUIRED:
            if raise_:
                raise errors.fail("missing_argument", name=op, arg=p.name)
            return None
        else:
            bound[p.name] = p.default
            continue
        if value is None and p.none_ok:
            bound[p.name] = None if p.default is _REQUIRED else p.default
        elif _accepts(p, value):
            bound[p.name] = _converted(p, value)
        elif not raise_:
            return None
        elif given:
            raise errors.fail("argument_position_type", op=op, arg=p.name, pos=i + 1,
                              want=_WANT[p.kind], type=typename(value))
        else:
            raise errors.fail("argument_keyword_type", op=op, arg=p.name, want=_WANT[p.kind],
                              type=typename(value))
    names = [p.name for p in params]
    for key in kwargs:
        if key not in names or names.index(key) < len(args):
            if not raise_:
                return None
            if key not in names:
                raise errors.fail("unexpected_keyword", op=op, keyword=key)
            raise errors.fail("multiple_values", op=op, name=key)
    return bound


def bind(op: str, overloads: Sequence[Sequence[Param]], args: Sequence[Any],
         kwargs: Mapping[str, Any]) -> tuple[int, dict[str, Any]]:
    """Return which overload takes the call, and its arguments; or raise as torch does."""
    if len(overloads) == 1:
        bound = _bind(op, overloads[0], args, kwargs, True)
        assert bound is not None, "a raising bind returns a binding"
        return 0, bound
    for i, params in enumerate(overloads):
        bound = _bind(op, params, args, kwargs, False)
        if bound is not None:
            return i, bound
    count = len(args) + len(kwargs)
    plausible = [p for p in overloads
                 if sum(q.default is _REQUIRED for q in p) <= count <= len(p)]
    if len(plausible) == 1:
        _bind(op, plausible[0], args, kwargs, True)
    # libstdc++'s unordered_map of the keywords hands them back in reverse order (as measured)
    desc = "".join(f"{typename(a)}, " for a in args) + "".join(
        f"{k}={typename(v)}, " for k, v in reversed(list(kwargs.items())))
    raise errors.fail("argument_overloads", op=op, type=desc[:-2] if args else desc)


# -- the overloads -------------------------------------------------------------------------------
INPUT = Param("input", "Tensor")
OUT = Param("out", "Tensor", None, none_ok=True, keyword_only=True)
PAIR_OUT = Param("out", "pair", None, none_ok=True, keyword_only=True)
_KEEPDIM = Param("keepdim", "bool", False)


def _std_var(out: bool) -> tuple[tuple[Param, ...], ...]:
    tail = (OUT,) if out else ()
    return ((INPUT, Param("dim", "ints", none_ok=True), Param("unbiased", "bool", True),
             _KEEPDIM, *tail),
            (INPUT, Param("dim", "ints", None, none_ok=True),
             Param("correction", "Scalar", None, none_ok=True, keyword_only=True),
             Param("keepdim", "bool", False, keyword_only=True), *tail),
            (INPUT, Param("unbiased", "bool", True)))


_NAN_REDUCTION = (INPUT, Param("dim", "ints", None, none_ok=True), _KEEPDIM,
                  Param("dtype", "ScalarType", None, none_ok=True, keyword_only=True), OUT)
_MEDIAN = ((INPUT,), (INPUT, Param("dim", "int"), _KEEPDIM, PAIR_OUT))
FUNCTIONS: dict[str, tuple[tuple[Param, ...], ...]] = {
    "var": _std_var(True), "std": _std_var(True),
    "var_mean": _std_var(False), "std_mean": _std_var(False),
    "logsumexp": ((INPUT, Param("dim", "ints"), _KEEPDIM, OUT),),
    "nansum": (_NAN_REDUCTION,), "nanmean": (_NAN_REDUCTION,),
    "aminmax": ((INPUT, Param("dim", "int", None, none_ok=True, keyword_only=True),
                 Param("keepdim", "bool", False, keyword_only=True), PAIR_OUT),),
    "median": _MEDIAN, "nanmedian": _MEDIAN,
    "mode": ((INPUT, Param("dim", "int", -1), _KEEPDIM, PAIR_OUT),),
}
# the methods: the same without `input` and out= (var_mean and std_mean have none)
METHODS: dict[str, tuple[tuple[Param, ...], ...]] = {
    name: tuple(tuple(p for p in params if p.name not in ("input", "out"))
                for params in overloads)
    for name, overloads in FUNCTIONS.items() if not name.endswith("_mean")}
