"""Type promotion and the range checks a scalar passes before it is stored as a dtype."""

from __future__ import annotations

from typing import Any

import numpy as np

from . import dtypes, errors
from .dtypes import dtype as DType
from .operands import is_tensor, scalar_dtype


def promote_types(a: DType, b: DType) -> DType:
    """Return torch.promote_types for two dtypes (c10/core/ScalarType.cpp)."""
    if a is b:
        return a
    ca, cb = dtypes.category(a), dtypes.category(b)
    if ca != cb:
        hi, lo = (a, b) if ca > cb else (b, a)
        if hi.is_complex and lo is dtypes.float64:
            return dtypes.complex128
        return hi
    if ca == 1:
        if {a, b} == {dtypes.uint8, dtypes.int8}:
            return dtypes.int16
        if dtypes.uint8 in (a, b):
            return b if a is dtypes.uint8 else a
        return a if a.itemsize > b.itemsize else b
    if ca == 2:
        if {a, b} == {dtypes.float16, dtypes.bfloat16}:
            return dtypes.float32
        return a if a.itemsize > b.itemsize else b
    return a if a.itemsize > b.itemsize else b


def _combine(higher: DType | None, lower: DType | None) -> DType | None:
    """ATen TypeProperties.cpp combine_categories."""
    if higher is None:
        return lower
    if lower is None:
        return higher
    if higher.is_complex:
        return higher
    if lower.is_complex:
        if higher.is_floating_point:
            return higher.to_complex() if higher is not dtypes.bfloat16 else dtypes.complex64
        return lower
    if higher.is_floating_point:
        return higher
    if higher is dtypes.bool_ or lower.is_floating_point:
        return promote_types(higher, lower)
    return higher


def result_type(*operands: Any) -> DType:
    """Return the common dtype of tensors and scalars (ATen TypeProperties.cpp result_type)."""
    dim_r: DType | None = None
    zero_r: DType | None = None
    wrapped_r: DType | None = None
    for op in operands:
        if is_tensor(op):
            if op.ndim > 0:
                dim_r = op.dtype if dim_r is None else promote_types(dim_r, op.dtype)
            else:
                zero_r = op.dtype if zero_r is None else promote_types(zero_r, op.dtype)
        else:
            d = scalar_dtype(op)
            wrapped_r = d if wrapped_r is None else promote_types(wrapped_r, d)
    out = _combine(dim_r, _combine(zero_r, wrapped_r))
    assert out is not None, "result_type needs at least one operand"
    return out


def can_cast(src: DType, dst: DType) -> bool:
    """Return torch.can_cast (c10/core/ScalarType.h canCast)."""
    if src.is_complex and not dst.is_complex:
        return False
    if src.is_floating_point and not (dst.is_floating_point or dst.is_complex):
        return False
    return not (src is not dtypes.bool_ and dst is dtypes.bool_)


# c10 overflows<To, From>: the ranges a scalar must fit when converted with checked_convert.
_INT_MAX = {"uint8": 255, "int8": 127, "int16": 2**15 - 1, "int32": 2**31 - 1,
            "int64": 2**63 - 1}
_FLOAT_MAX = {"float16": 65504.0, "bfloat16": 3.3895313892515355e38,
              "float32": 3.4028234663852886e38}


def _overflows(value: Any, dt: DType) -> bool:
    """Return c10's overflows<To, From> for one real component."""
    if dt is dtypes.bool_ or isinstance(value, bool):
        return False
    if dt.name in _INT_MAX:
        hi = _INT_MAX[dt.name]
        lo = 0 if dt is dtypes.uint8 else -hi - 1
        if isinstance(value, float):
            if value != value:
                return True
            return value < lo or value > hi
        if dt is dtypes.uint8:  # unsigned targets accept negatives that wrap
            return value > hi or (value < 0 and -value > hi)
        return value < lo or value > hi
    if dt.name in _FLOAT_MAX and isinstance(value, (int, float)):
        if value != value or value in (float("inf"), float("-inf")):
            return False
        return abs(value) > _FLOAT_MAX[dt.name]
    return False


def checked_scalar(value: Any, dt: DType, numel: int = 2, *, spelled: str = "") -> Any:
    """Raise as checked_convert does when a scalar cannot be stored as dt (ATen Fill.cpp).

    With one element CPU fill goes through a scalar path that converts float16/bfloat16
    via double without a range check. The message names the C++ type (`uint8_t`) unless
    `spelled` says otherwise (torch.tensor names the scalar type, `uint8`).
    """
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, int) and not -2**63 <= value < 2**64:
        raise errors.fail("int_too_big")  # torch's argument parser refuses it
    if dt is dtypes.bool_ or isinstance(value, bool):
        return value
    scalar_path = numel == 1 and dt in (dtypes.float16, dtypes.bfloat16)
    real_dt = dt.to_real() if dt.is_complex else dt
    name = "double" if scalar_path else dt.cpp_name
    if isinstance(value, complex):
        if not dt.is_complex and value.imag != 0:
            raise errors.fail("value_overflow", cpp_name=name)
        parts: tuple[Any, ...] = (value.real, value.imag) if dt.is_complex else (value.real,)
    else:
        parts = (value,)
    if scalar_path:
        return value
    for part in parts:
        if _overflows(part, real_dt):
            raise errors.fail("value_overflow", cpp_name=spelled or dt.cpp_name)
    return value
