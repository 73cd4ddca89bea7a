"""Tensor's new_* factories: a new tensor with self's dtype and device unless told otherwise.

torch/csrc/utils/tensor_new.cpp and the new_* entries of native_functions.yaml: the results
are contiguous (new_empty_strided takes its strides), never views, and new_tensor of a tensor
copies it as `to(copy=True)` does, keeping a dense layout, with a UserWarning.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import dtypes, errors, layouts, writes
from .construct import filled, from_data
from .device import concrete
from .device import device as Device
from .device import lookup as lookup_device
from .dtypes import dtype as DType
from .operands import is_tensor

if TYPE_CHECKING:
    from .tensor import Tensor

# mypy: disable-error-code="misc"

_COPY_WARNING = ("To copy construct from a tensor, it is recommended to use "
                 "sourceTensor.detach().clone() or sourceTensor.detach().clone()")


def _size(name: str, args: tuple[Any, ...]) -> tuple[int, ...]:
    """The size argument as torch's argument parser reads it: ints, or one sequence of them."""
    if not args:
        raise errors.fail("missing_argument", name=name, arg="size")
    items: Sequence[Any] = args
    if len(args) == 1:
        one = args[0]
        if isinstance(one, (tuple, list)):
            items = one
        elif not _is_int(one):
            raise errors.fail("size_type", op=name, type=type(one).__name__)
    for pos, v in enumerate(items, 1):
        if not _is_int(v):
            raise errors.fail("size_unpack", op=name, pos=pos, type=type(v).__name__)
    return tuple(int(v.item()) if is_tensor(v) else int(v) for v in items)


def _is_int(v: Any) -> bool:
    if is_tensor(v):  # a 0-d integer tensor passes as an int (__index__)
        return v.ndim == 0 and not (v.dtype.is_floating_point or v.dtype.is_complex)
    return isinstance(v, int) and not isinstance(v, bool)


def _no_other_keywords(name: str, kwargs: dict[str, Any]) -> None:
    for key in kwargs:
        raise errors.fail("unexpected_keyword", op=name, keyword=key)


class FactoryMethods:
    """The methods of Tensor that make a new tensor like it: new_empty, new_zeros, ..."""

    __slots__ = ()

    def _like_self(self: Tensor, dtype: Any, device: Any) -> tuple[DType, Device]:
        dt = self.dtype if dtype is None else dtypes.lookup(dtype)
        dev = self.device if device is None else concrete(lookup_device(device))
        return dt, dev

    def new_empty(self: Tensor, *size: Any, dtype: Any = None, device: Any = None,
                  **kwargs: Any) -> Tensor:
        shape = _size("new_empty", _keyword_size("new_empty", size, kwargs))
        return filled(type(self), shape, None, *self._like_self(dtype, device))

    def new_empty_strided(self: Tensor, size: Sequence[int], stride: Sequence[int], *,
                          dtype: Any = None, device: Any = None) -> Tensor:
        size, stride = tuple(size), tuple(stride)
        if len(size) != len(stride):
            raise errors.fail("empty_strided_len", sizes=len(size), strides=len(stride))
        return filled(type(self), size, None, *self._like_self(dtype, device), stride)

    def new_zeros(self: Tensor, *size: Any, dtype: Any = None, device: Any = None,
                  **kwargs: Any) -> Tensor:
        shape = _size("new_zeros", _keyword_size("new_zeros", size, kwargs))
        return filled(type(self), shape, 0, *self._like_self(dtype, device))

    def new_ones(self: Tensor, *size: Any, dtype: Any = None, device: Any = None,
                 **kwargs: Any) -> Tensor:
        shape = _size("new_ones", _keyword_size("new_ones", size, kwargs))
        return filled(type(self), shape, 1, *self._like_self(dtype, device))

    def new_full(self: Tensor, size: Any, fill_value: Any, *, dtype: Any = None,
                 device: Any = None) -> Tensor:
        if not isinstance(size, (tuple, list)):
            raise errors.fail("size_type", op="new_full", type=type(size).__name__)
        shape = _size("new_full", (size,))
        return filled(type(self), shape, fill_value, *self._like_self(dtype, device),
                      name="full")

    def new_tensor(self: Tensor, data: Any, *, dtype: Any = None,
                   device: Any = None) -> Tensor:
        dt, dev = self._like_self(dtype, device)
        if not is_tensor(data):
            return from_data(type(self), data, dt, dev)
        warnings.warn(_COPY_WARNING, UserWarning, stacklevel=2)
        if data.is_meta and dev.type != "meta":
            raise errors.fail("meta_no_data")
        strides = layouts.empty_like_strides(data._geom, dtypes.preserve_format)
        out = type(self)._fresh(data._geom.shape, strides, dt, dev, zero=True)
        writes.copy_values(out, data)
        return out


def _keyword_size(name: str, size: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[Any, ...]:
    """The size given as positional arguments, or as the keyword `size`."""
    if not size and "size" in kwargs:
        size = (kwargs.pop("size"),)
    _no_other_keywords(name, kwargs)
    return size
