"""Building a new tensor from a shape and a fill value, or from nested Python data.

The torch.<factory> functions (factories.py) and the Tensor.new_* methods
(tensor_factories.py) both build through here; the tensor class comes in as an argument, as
this module sits below tensor.py.
"""

from __future__ import annotations

import builtins
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors
from .device import device as Device
from .dtypes import dtype as DType
from .operands import is_tensor, scalar_dtype
from .promotion import checked_scalar

if TYPE_CHECKING:
    from .tensor import Tensor


def filled(cls: type[Tensor], shape: tuple[int, ...], value: Any, dt: DType, dev: Device,
           strides: tuple[int, ...] | None = None, *, name: str = "empty") -> Tensor:
    """Allocate shape (with strides, contiguous when None), filled with value unless None."""
    if min(shape, default=0) < 0 and name == "zeros":
        raise errors.fail("zeros_negative")
    if value is not None and name == "full":
        checked_scalar(value, dt)  # full fills through the checked kernel path
    out = cls._fresh(shape, strides, dt, dev, zero=value is not None)
    if value is not None and not out.is_meta:
        out._write(np.asarray(value))
    return out


def _infer_dtype(flat: list[Any]) -> DType:
    dt: DType | None = None
    for v in flat:
        d = v.dtype if is_tensor(v) else scalar_dtype(v)
        dt = d if dt is None else (d if dtypes.category(d) > dtypes.category(dt) else dt)
    return dtypes.float32 if dt is None else dt


def _flatten(data: Any) -> tuple[tuple[int, ...], list[Any]]:
    if is_tensor(data):
        return tuple(data.shape), list(np.asarray(data.tolist()).reshape(-1).tolist())
    if isinstance(data, (list, tuple)):
        if not data:
            return (0,), []
        parts = [_flatten(d) for d in data]
        inner = parts[0][0]
        for shape, _ in parts:
            if shape != inner:
                raise errors.fail("sequence_length", expected=inner[0] if inner else 0,
                                  got=shape[0] if shape else 0)
        return (len(data),) + inner, [v for _, vals in parts for v in vals]
    if isinstance(data, (builtins.bool, int, float, complex, np.generic)):
        return (), [data]
    if isinstance(data, str):
        raise errors.fail("too_many_dimensions", type=type(data).__name__)
    raise errors.fail("infer_dtype", type=type(data).__name__)


def from_data(cls: type[Tensor], data: Any, dt: DType | None, dev: Device) -> Tensor:
    """torch.tensor(data): the dtype inferred from the data unless given, contiguous. On meta
    nothing is stored, so no value is checked against the dtype (torch/csrc/utils/tensor_new.cpp
    internal_new_from_data returns an empty tensor for the meta device)."""
    shape, flat = _flatten(data)
    if dt is None:
        dt = _infer_dtype(flat)
    elif not (dt.is_floating_point or dt.is_complex) and dev.type != "meta":
        for v in flat:  # an integer dtype given: each value is stored through a checked cast
            checked_scalar(v, dt, spelled=dt.name)
    out = cls._fresh(shape, None, dt, dev, zero=True)
    if flat and not out.is_meta:
        out._write(np.asarray(flat).reshape(shape))
    return out
