"""Argument parsing: the overloads torch's Python binding accepts, turned into plain values.

Follows torch/csrc/utils/python_arg_parser.cpp where it decides what a call means: int lists
given as varargs or one sequence, 0-d integer tensors standing for ints, squeeze's and to()'s
overloads.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from . import dtypes, errors, signatures
from .device import device as Device
from .device import lookup as lookup_device
from .dtypes import dtype as DType
from .operands import TensorBase, is_tensor

NO_DIM: Any = object()  # squeeze's "no dim given", since squeeze(None) is an error

_MISSING_ARGUMENT = {"reshape": "shape", "permute": "dims", "expand": "size", "resize_": "size"}


def unpack_shape(args: tuple[Any, ...], name: str | None = None) -> tuple[int, ...]:
    """Accept f(2, 3), f((2, 3)) and f([2, 3]) as torch does; f() needs `name` to be allowed."""
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        args = tuple(args[0])
    elif not args and name is not None:
        if name == "view":
            raise errors.fail("view_no_args")
        raise errors.fail("missing_argument", name=name, arg=_MISSING_ARGUMENT[name])
    for a in args:
        if type(a) is not int:  # bool is not int here, as in torch's argument parser
            return _unpack_slow(args)
    return args


def _unpack_slow(args: tuple[Any, ...]) -> tuple[int, ...]:
    out = []
    for a in args:
        if is_tensor(a) and a.ndim == 0 and not a.dtype.is_floating_point and \
                not a.dtype.is_complex:
            out.append(int(a.item()))  # a 0-d integer tensor passes as an int (__index__)
            continue
        if isinstance(a, bool) or not isinstance(a, (int, np.integer)):
            got = ", ".join(type(x).__name__ for x in args)
            raise errors.fail("invalid_arguments", got=got)
        out.append(int(a))
    return tuple(out)


def squeeze_dim(args: tuple[Any, ...], dim: Any = None) -> int | tuple[int, ...] | None:
    """Parse squeeze()'s overloads: no argument, one dim, or a tuple of dims (never None)."""
    if dim is not NO_DIM:
        args = (*args, dim)
    if not args:
        return None
    if len(args) > 1 or args[0] is None or isinstance(args[0], (bool, float, str)):
        got = ", ".join(type(a).__name__ for a in args)
        raise errors.fail("squeeze_arguments", got=got)
    dim = args[0]
    return tuple(dim) if isinstance(dim, (tuple, list)) else int(dim)


def narrow_start(start: Any) -> Any:
    """Return narrow's start, which may be given as a 0-d integral tensor."""
    if is_tensor(start):
        if start.ndim or start.dtype.is_floating_point or start.dtype.is_complex or \
                start.dtype is dtypes.bool_:
            raise errors.fail("narrow_start_tensor")
        return int(start.item())
    return start


def sections_or_indices(ndim: int, indices_or_sections: Any) -> Any:
    """Return tensor_split's sections or indices (a long tensor allowed); ndim is the input's."""
    if is_tensor(indices_or_sections):
        t = indices_or_sections
        if ndim == 0:
            raise errors.fail("tensor_split_0d")
        if t.dtype is not dtypes.int64:
            raise errors.fail("tensor_split_dtype", dtype=t.dtype.scalar_name)
        if t.ndim > 1:
            raise errors.fail("tensor_split_ndim", ndim=t.ndim)
        return int(t.item()) if t.ndim == 0 else [int(v) for v in t.tolist()]
    return indices_or_sections


def index_items(index: Any) -> Any:
    """Return an index with its 0-d tensors as ints and bools, as the binding reads them."""
    items = index if type(index) is tuple else (index,)
    for it in items:
        if isinstance(it, TensorBase):  # not is_tensor(): this runs on every index
            items = tuple(_tensor_item(it) if is_tensor(it) else it for it in items)
            return items if type(index) is tuple else items[0]
    return index


def _tensor_item(item: Any) -> Any:
    """Return a 0-d integer tensor as an int and a 0-d bool tensor as a bool, as torch does."""
    if item.dtype.is_floating_point or item.dtype.is_complex:
        raise errors.fail("index_dtype")
    value = item.item()
    return bool(value) if item.dtype.name in ("bool", "uint8") else int(value)


# Tensor.to's overloads (torch/csrc/autograd/python_variable_methods.cpp THPVariable_to)
_TO = tuple(signatures.signature(text) for text in (
    "to(Device device=None, ScalarType dtype=None, bool non_blocking=False, bool copy=False, *, "
    "MemoryFormat? memory_format=None)",
    "to(ScalarType dtype, bool non_blocking=False, bool copy=False, *, "
    "MemoryFormat? memory_format=None)",
    "to(Tensor tensor, bool non_blocking=False, bool copy=False, *, "
    "MemoryFormat? memory_format=None)"))


def parse_to(args: tuple[Any, ...], kwargs: dict[str, Any]
             ) -> tuple[Device | None, DType | None, bool, dtypes.memory_format]:
    """Parse Tensor.to's overloads: (device, dtype), (dtype), (tensor), with keywords."""
    bound = signatures.parse(_TO, args, kwargs)
    dev = lookup_device(bound["device"]) if "device" in bound else None
    dt = dtype_of(bound["dtype"]) if "dtype" in bound else None
    if "tensor" in bound:
        other = bound["tensor"]
        if is_tensor(other):
            dev, dt = other.device, other.dtype
        else:  # a Python number, wrapped as a tensor of its own type
            dt = signatures.PYTHON_TYPES[_python_type(other)]
    mf = bound.get("memory_format", dtypes.preserve_format)
    return dev, dt, bool(bound.get("copy", False)), mf


def dtype_of(obj: Any) -> DType:
    """Return the dtype a ScalarType argument names: a dtype, or a Python type (float)."""
    for python_type, dt in signatures.PYTHON_TYPES.items():
        if obj is python_type:
            return dt
    return dtypes.lookup(obj)


def _python_type(number: Any) -> type:
    if isinstance(number, (bool, np.bool_)):
        return bool
    if isinstance(number, (int, np.integer)):
        return int
    return float if isinstance(number, (float, np.floating)) else complex
