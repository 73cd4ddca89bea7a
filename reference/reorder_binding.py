"""torch's Python argument parser for flip, roll, rot90, tril and triu, whose int lists the
shared parser (signatures.py) does not take.

Follows torch/csrc/utils/python_arg_parser.cpp: an `int[]` takes a tuple or list whose first
element must be an index and whose others must unpack as one (a bool does there); an `int[1]`
also takes one int; a method whose one parameter is an int list takes it as varargs when its
first argument is an index (`x.flip(0, 1)`); an int also passes as a 0-d integer tensor. The
parameters are those of the binding's signatures (native_functions.yaml flip, fliplr, flipud,
roll, rot90, tril, triu, tril_, triu_; only tril and triu bind out=).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from . import errors
from .operands import is_tensor
from .signatures import typename

_REQUIRED: Any = object()


@dataclass(frozen=True, slots=True)
class Param:
    """One parameter: `kind` is Tensor, int, ints (int[]) or int1 (int[1])."""

    name: str
    kind: str
    default: Any = _REQUIRED
    none_ok: bool = False  # None stands for the default
    keyword_only: bool = False


_INPUT = Param("input", "Tensor")
_OUT = Param("out", "Tensor", None, none_ok=True, keyword_only=True)
_DIAGONAL = Param("diagonal", "int", 0)
PARAMS: dict[str, tuple[Param, ...]] = {
    "flip": (_INPUT, Param("dims", "ints")),
    "fliplr": (_INPUT,),
    "flipud": (_INPUT,),
    "roll": (_INPUT, Param("shifts", "int1"), Param("dims", "int1", (), none_ok=True)),
    "rot90": (_INPUT, Param("k", "int", 1), Param("dims", "ints", (0, 1))),
    "tril": (_INPUT, _DIAGONAL, _OUT),
    "triu": (_INPUT, _DIAGONAL, _OUT),
}
METHOD_PARAMS: dict[str, tuple[Param, ...]] = {
    **{name: tuple(p for p in params if p not in (_INPUT, _OUT))
       for name, params in PARAMS.items()},
    "tril_": (_DIAGONAL,), "triu_": (_DIAGONAL,)}
# methods that take no arguments at all (METH_NOARGS)
NO_ARGUMENTS = frozenset({"fliplr", "flipud"})
_WANT = {"Tensor": "Tensor", "int": "int"}


def _is_index(obj: Any) -> bool:
    """Tell whether obj passes for an int (THPUtils_checkIndex): never a bool."""
    if is_tensor(obj):
        dt = obj.dtype
        return obj.ndim == 0 and not (dt.is_floating_point or dt.is_complex or dt.name == "bool")
    return isinstance(obj, (int, np.integer)) and not isinstance(obj, (bool, np.bool_))


def _as_int(obj: Any) -> int:
    return int(obj.item()) if is_tensor(obj) else int(obj)


def _int_list(op: str, p: Param, value: Any, where: str) -> tuple[int, ...]:
    """Return an int list argument as a tuple, or raise as the parser does."""
    if p.kind == "int1" and _is_index(value):
        return (_as_int(value),)
    if not isinstance(value, (tuple, list)):
        raise errors.fail("pool_int_list", op=op, arg=p.name, where=where, type=typename(value))
    for i, item in enumerate(value):
        if i == 0 and not _is_index(item):
            raise errors.fail("pool_int_list_element", op=op, arg=p.name, where=where,
                              type=typename(item))
        if not (_is_index(item) or isinstance(item, (bool, np.bool_))):
            raise errors.fail("pool_int_list_unpack", op=op, arg=p.name, pos=i + 1,
                              type=typename(item))
    return tuple(_as_int(v) for v in value)


def _checked(op: str, p: Param, value: Any, where: str) -> Any:
    if p.kind in ("ints", "int1"):
        return _int_list(op, p, value, where)
    if p.kind == "int" and _is_index(value):
        return _as_int(value)
    if p.kind == "Tensor" and is_tensor(value):
        return value
    if where:
        raise errors.fail("argument_position_type", op=op, arg=p.name, pos=where[11:-1],
                          want=_WANT[p.kind], type=typename(value))
    raise errors.fail("argument_keyword_type", op=op, arg=p.name, want=_WANT[p.kind],
                      type=typename(value))


def _too_many(op: str, params: Sequence[Param], given: int) -> Exception:
    least = sum(p.default is _REQUIRED for p in params)
    most = sum(not p.keyword_only for p in params)
    if least != most:
        return errors.fail("extra_args_range", op=op, least=least, most=most, given=given)
    return errors.fail("extra_args", op=op, most=most, plural="" if most == 1 else "s",
                       given=given, verb="was" if given == 1 else "were")


def bind(op: str, params: Sequence[Param], args: Sequence[Any], kwargs: Mapping[str, Any]
         ) -> dict[str, Any]:
    """Bind a call to the one signature `params` as FunctionSignature::parse does."""
    if len(params) == 1 and params[0].kind == "ints" and args and _is_index(args[0]):
        args = (tuple(args),)  # varargs: x.flip(0, 1)
    if len(args) > sum(not p.keyword_only for p in params):
        raise _too_many(op, params, len(args))
    bound: dict[str, Any] = {}
    for i, p in enumerate(params):
        if i < len(args):
            value, where = args[i], f" (position {i + 1})"
        elif p.name in kwargs:
            value, where = kwargs[p.name], ""
        elif p.default is _REQUIRED:
            raise errors.fail("missing_argument", name=op, arg=p.name)
        else:
            bound[p.name] = p.default
            continue
        bound[p.name] = p.default if value is None and p.none_ok else _checked(
            op, p, value, where)
    names = [p.name for p in params]
    for key in kwargs:
        if key not in names:
            raise errors.fail("unexpected_keyword", op=op, keyword=key)
        if names.index(key) < len(args):
            raise errors.fail("multiple_values", op=op, name=key)
    return bound
