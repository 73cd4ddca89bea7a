"""Tensor factories, with torch's signatures and dtype inference."""

from __future__ import annotations

import builtins
import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from . import dtypes, errors
from .arguments import unpack_shape
from .construct import filled, from_data
from .device import concrete
from .device import device as Device
from .device import lookup as lookup_device
from .dtypes import dtype as DType
from .layouts import empty_like_strides, strides_for_format
from .operands import scalar_dtype
from .tensor import Tensor

_CPU = Device("cpu")


def _device(device: Any) -> Device:
    return _CPU if device is None else concrete(lookup_device(device))


def _dtype(dtype: Any, default: DType = dtypes.float32) -> DType:
    return default if dtype is None else dtypes.lookup(dtype)


def tensor(data: Any, *, dtype: Any = None, device: Any = None,
           requires_grad: builtins.bool = False) -> Tensor:
    return from_data(Tensor, data, None if dtype is None else dtypes.lookup(dtype),
                     _device(device))


def arange(start: Any, end: Any = None, step: Any = 1, *, dtype: Any = None,
           device: Any = None) -> Tensor:
    if end is None:
        start, end = 0, start
    is_float = any(isinstance(v, float) for v in (start, end, step))
    dt = _dtype(dtype, dtypes.float32 if is_float else dtypes.int64)
    if dt is dtypes.bool_ or dt.is_complex:
        # RangeFactories.cpp dispatches on AT_DISPATCH_ALL_TYPES_AND2(Half, BFloat16): no bool,
        # no complex (meta has no kernel to refuse them: the model's meta stands for CPU)
        raise errors.fail("kernel_dtype", kernel="arange_cpu", type=dt.scalar_name)
    if step == 0:
        raise errors.fail("arange_step_zero")
    if (step > 0 and end < start) or (step < 0 and end > start):
        raise errors.fail("arange_bounds")
    # ATen RangeFactories.cpp: the size is computed in double whatever the dtype
    n = math.ceil((end - start) / step)
    out = Tensor._fresh((n,), None, dt, _device(device), zero=True)
    if not out.is_meta:
        values = start + np.arange(n, dtype=np.float64 if is_float else np.int64) * step
        out._write(values)
    return out


def empty(*size: Any, dtype: Any = None, device: Any = None,
          memory_format: Any = None) -> Tensor:
    shape = unpack_shape(size)
    strides = None
    if memory_format is not None and dtypes.lookup_memory_format(memory_format) is \
            dtypes.preserve_format:
        raise errors.fail("empty_preserve")
    if memory_format is not None:
        strides = strides_for_format(shape, dtypes.lookup_memory_format(memory_format))
    return filled(Tensor, shape, None, _dtype(dtype), _device(device), strides)


def zeros(*size: Any, dtype: Any = None, device: Any = None) -> Tensor:
    return filled(Tensor, unpack_shape(size), 0, _dtype(dtype), _device(device), name="zeros")


def ones(*size: Any, dtype: Any = None, device: Any = None) -> Tensor:
    return filled(Tensor, unpack_shape(size), 1, _dtype(dtype), _device(device), name="ones")


def full(size: Sequence[int], fill_value: Any, *, dtype: Any = None,
         device: Any = None) -> Tensor:
    dt = _dtype(dtype, scalar_dtype(fill_value))
    return filled(Tensor, unpack_shape((size,)), fill_value, dt, _device(device), name="full")


def empty_strided(size: Sequence[int], stride: Sequence[int], *, dtype: Any = None,
                  device: Any = None) -> Tensor:
    size, stride = tuple(size), tuple(stride)
    if len(size) != len(stride):
        raise errors.fail("empty_strided_len", sizes=len(size), strides=len(stride))
    return filled(Tensor, size, None, _dtype(dtype), _device(device), stride)


def _like(t: Tensor, value: Any, dtype: Any, device: Any, memory_format: Any,
          name: str = "empty", op: str = "empty_like") -> Tensor:
    if memory_format is not None and not isinstance(memory_format, dtypes.memory_format):
        raise errors.fail("argument_memory_format", op=op,
                          type=f"torch.{type(memory_format).__name__}")
    dt = t.dtype if dtype is None else dtypes.lookup(dtype)
    dev = t.device if device is None else _device(device)
    strides = empty_like_strides(t._geom, dtypes.preserve_format if memory_format is None
                                 else memory_format)
    return filled(Tensor, tuple(t.shape), value, dt, dev, strides, name=name)


def full_like(t: Tensor, fill_value: Any = None, *, dtype: Any = None, device: Any = None,
              memory_format: Any = None) -> Tensor:
    if fill_value is None:
        raise errors.fail("missing_argument", name="full_like", arg="fill_value")
    return _like(t, fill_value, dtype, device, memory_format, name="full", op="full_like")


def empty_like(t: Tensor, *, dtype: Any = None, device: Any = None,
               memory_format: Any = None) -> Tensor:
    return _like(t, None, dtype, device, memory_format)


def zeros_like(t: Tensor, *, dtype: Any = None, device: Any = None,
               memory_format: Any = None) -> Tensor:
    return _like(t, 0, dtype, device, memory_format, op="zeros_like")


def ones_like(t: Tensor, *, dtype: Any = None, device: Any = None,
              memory_format: Any = None) -> Tensor:
    return _like(t, 1, dtype, device, memory_format, op="ones_like")

