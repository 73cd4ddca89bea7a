"""clamp, where and masked_fill: pointwise ops with bounds, a condition or a mask.

clamp with tensor bounds and where are TensorIterator ops like the others (pointwise.py);
clamp with Python-number bounds is a unary op of `self.to(result_type)` (ATen
TensorCompare.cpp clamp meta), and masked_fill is a clone followed by masked_fill_
(ATen native/TensorAdvancedIndexing.cpp).
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, pointwise, writes
from . import values as vals
from .dtypes import dtype as DType
from .geometry import overlaps_internally
from .iterator import Input, common_dtype, converted, iterator_layout, where_layout
from .layouts import broadcast_shapes
from .operands import is_scalar, is_tensor, scalar_dtype
from .overlap import overlap_status
from .promotion import checked_scalar

if TYPE_CHECKING:
    from .tensor import Tensor

def clamp(t: Tensor, min: Any = None, max: Any = None, *,  # noqa: A002
          inplace: bool = False, out: Tensor | None = None, function: str = "clamp") -> Tensor:
    """Run clamp / clip / clamp_min / clamp_max, with tensor or Python-number bounds."""
    if min is None and max is None:
        raise errors.fail("clamp_no_bounds")
    bounds = [b for b in (min, max) if b is not None]
    tensor_bounds = [b for b in bounds if is_tensor(b)]
    if tensor_bounds and len(tensor_bounds) < len(bounds):
        if any(b.ndim for b in tensor_bounds):
            raise errors.fail("argument_overloads", op=function, type=", ".join(
                "Tensor" if is_tensor(b) else type(b).__name__ for b in bounds))
        # a 0-d tensor passes as a Scalar when the other bound is a number
        min, max = (b.item() if is_tensor(b) else b for b in (min, max))
        tensor_bounds = []
    # TensorCompare.cpp clamp meta functions refuse a complex input first
    if t.dtype.is_complex:
        raise errors.fail("clamp_complex")
    if tensor_bounds:
        name = "clamp" if min is not None and max is not None else (
            "clamp_min" if min is not None else "clamp_max")
        operands = [t] + [b for b in (min, max) if b is not None]
        return pointwise.compute(name, operands, inplace=inplace, out=out, function=function)
    return _clamp_scalars(t, min, max, inplace, out)


def _clamp_scalars(t: Tensor, lo: Any, hi: Any, inplace: bool, out: Tensor | None) -> Tensor:
    """clamp with number bounds: a unary op of t.to(result_type) (TensorCompare.cpp)."""
    bounds = [b for b in (lo, hi) if b is not None]
    for b in bounds:
        if not is_scalar(b):
            raise errors.fail("argument_overloads", op="clamp", type=type(b).__name__)
    result = t.dtype
    if not t.dtype.is_floating_point:
        result = common_dtype([Input(t._geom.shape, t._geom.strides, t.dtype)] +
                              [Input((), (), scalar_dtype(b), True) for b in bounds])
        if inplace and result is not t.dtype:
            raise errors.fail("cannot_cast", result=result.scalar_name,
                              out=pointwise.cpp_type(t.dtype))
    if any(isinstance(b, complex) for b in bounds):
        raise errors.fail("clamp_complex")
    dest = t if inplace else out
    if dest is not None:
        pointwise.check_mem_overlaps(dest, [t])
    if dest is None:
        shape, strides = converted(Input(t._geom.shape, t._geom.strides, t.dtype), result)
        layout = iterator_layout([(shape, strides)])
        dest = type(t)._fresh(layout.shape, layout.strides, result, t.device)
        fresh = True
    else:
        fresh = False
        if dest.dtype is not result:
            raise errors.fail("out_dtype", out=dest.dtype.scalar_name, common=result.scalar_name)
        if dest._geom.shape != t._geom.shape:
            shape, strides = converted(Input(t._geom.shape, t._geom.strides, t.dtype), result)
            pointwise.resize_out(dest, iterator_layout([(shape, strides)]))
    # the kernel's AT_DISPATCH, after the iterator's overlap, dtype and resize steps
    if result is dtypes.bool_:
        kernel = "clamp_scalar_cpu" if lo is not None and hi is not None else (
            "clamp_min_scalar_cpu" if lo is not None else "clamp_max_scalar_cpu")
        raise errors.fail("kernel_dtype", kernel=kernel, type="Bool")
    limits = [None if b is None else checked_scalar(b, result) for b in (lo, hi)]
    if not t.is_meta and t.numel():
        a = vals.quantize(t._values(), result)
        with np.errstate(all="ignore"):
            if limits[0] is not None:
                a = np.maximum(a, vals.quantize(np.asarray(limits[0]), result))
            if limits[1] is not None:
                a = np.minimum(a, vals.quantize(np.asarray(limits[1]), result))
        undefined = ~t._defined()
        dest._write(a)
        writes.forget(dest, undefined)
        if t._storage.tolerance:
            dest._storage.tolerance = max(dest._storage.tolerance, t._storage.tolerance)
            dest._storage.tolerance_dtype = dest.dtype
    if not fresh:
        dest._bump()
    return dest


def where(condition: Any, input: Any = None, other: Any = None, *,  # noqa: A002
          out: Tensor | None = None) -> Tensor:
    """Run torch.where(condition, input, other) (TensorCompare.cpp where_self_out)."""
    if (input is None) != (other is None) or input is None:
        got = ", ".join(type(a).__name__.replace("Tensor", "Tensor")
                        for a in (condition, input, other) if a is not None)
        raise errors.fail("argument_overloads", op="where", type=got)
    if out is not None:  # the out= overload takes tensors only
        for pos, b in enumerate((input, other), start=2):
            if not is_tensor(b):
                raise errors.fail("argument_type", op="where", arg=("input", "other")[pos - 2],
                                  pos=pos, type=type(b).__name__)
    if not is_tensor(condition):
        raise errors.fail("argument_type", op="where", arg="condition", pos=1,
                          type=type(condition).__name__)
    if condition.dtype is dtypes.uint8:
        warnings.warn(errors.warning("where_uint8"), stacklevel=3)
    elif condition.dtype is not dtypes.bool_:
        raise errors.fail("where_condition", dtype=condition.dtype.scalar_name)
    branches = (input, other)
    for pos, b in enumerate(branches, start=2):
        if not (is_tensor(b) or is_scalar(b)):
            raise errors.fail("argument_type", op="where", arg=("input", "other")[pos - 2],
                              pos=pos, type=type(b).__name__)
    inputs = [Input(b._geom.shape, b._geom.strides, b.dtype) if is_tensor(b)
              else Input((), (), scalar_dtype(b), True) for b in branches]
    result = common_dtype(inputs)
    cond = Input(condition._geom.shape, condition._geom.strides, condition.dtype)
    shape = broadcast_shapes(broadcast_shapes(condition._geom.shape, inputs[0].shape),
                             inputs[1].shape)
    if out is not None:
        if out.dtype is not result:
            raise errors.fail("where_out_dtype", want=result.scalar_name, got=out.dtype.scalar_name)
        writes.check_writable(out)
        for x in (condition, input, other):
            if x is not out and overlap_status(out, x) == "partial":
                raise errors.fail("partial_overlap")
        if out._geom.shape != shape:
            pointwise.resize_out(out, where_layout(cond, *inputs))
        dest = out
    else:
        layout = where_layout(cond, *inputs)
        device = next(b.device for b in (condition, *branches) if is_tensor(b) and b.ndim) \
            if any(is_tensor(b) and b.ndim for b in (condition, *branches)) else condition.device
        dest = type(condition)._fresh(layout.shape, layout.strides, result, device)
    tensors = [x for x in (condition, *branches) if is_tensor(x)]
    if not any(x.is_meta for x in tensors) and 0 not in shape:
        picked = np.where(np.asarray(condition._values()) != 0,
                          _branch(input, result), _branch(other, result))
        undefined = np.zeros(dest.shape, dtype=np.bool_)
        for x in tensors:
            undefined |= ~np.broadcast_to(x._defined(), dest.shape)
        dest._write(np.broadcast_to(picked, dest.shape))
        writes.forget(dest, undefined)
        if any(x._storage.tolerance for x in tensors):
            dest._storage.tolerance = max([dest._storage.tolerance] +
                                          [x._storage.tolerance for x in tensors])
            dest._storage.tolerance_dtype = dest.dtype
    if out is not None:
        out._bump()
    return dest


def _branch(x: Any, result: DType) -> np.ndarray:
    if is_tensor(x):
        return vals.quantize(x._values(), result) if result is not dtypes.bool_ \
            else x._values().astype(np.bool_)
    return vals.quantize(np.asarray(x), result) if result is not dtypes.bool_ \
        else np.asarray(bool(x))


def masked_fill_(t: Tensor, mask: Any, value: Any, *, bump: bool = True) -> Tensor:
    """Write value where mask is True (TensorAdvancedIndexing.cpp masked_fill__cpu).

    `bump` is False inside masked_fill, whose fresh result keeps version 0.
    """
    if not is_tensor(mask):
        raise errors.fail("argument_type", op="masked_fill_", arg="mask", pos=1,
                          type=type(mask).__name__)
    if mask.dtype is not dtypes.bool_:
        raise errors.fail("masked_fill_mask", dtype=pointwise.cpp_type(mask.dtype))
    if is_tensor(value):
        if value.ndim:
            raise errors.fail("masked_fill_value", ndim=value.ndim)
        value_tensor = value
    else:
        checked_scalar(value, t.dtype)
        value_tensor = None
    shape = broadcast_shapes(mask._geom.shape, t._geom.shape)
    if shape != t._geom.shape:
        raise errors.fail("copy_broadcast", out=t.shape, shape=shape)
    for other in (mask, value) if is_tensor(value) else (mask,):
        if overlap_status(t, other) == "partial":
            raise errors.fail("partial_overlap")
    if overlaps_internally(t._geom) and not writes.expands_written_back(t):
        warnings.warn(errors.warning("masked_fill_expanded"), stacklevel=3)
    writes.check_written_back(t)
    if not t.is_meta and not mask.is_meta and t.numel():
        chosen = np.broadcast_to(np.asarray(mask._values()).astype(np.bool_), t.shape)
        fill = value_tensor._values() if value_tensor is not None else np.asarray(value)
        # where the mask is garbage the element may or may not have been written; where
        # the value is, what was written is garbage. Read before the write: the mask (or the
        # value) may be t itself, whose elements the write makes defined
        undefined = ~np.broadcast_to(mask._defined(), t.shape)
        if value_tensor is not None and not value_tensor._defined().all():
            undefined = undefined | chosen
        vals.write_where(t._storage, t._geom, t.dtype, fill, chosen, t._conj, t._neg)
        if undefined.any():
            writes.forget(t, undefined)
    if bump:
        t._bump()
    return t


def masked_fill(t: Tensor, mask: Any, value: Any) -> Tensor:
    """Return a contiguous clone of t, broadcast with mask, filled where mask is True."""
    if is_tensor(mask):
        shape = broadcast_shapes(mask._geom.shape, t._geom.shape)
        source = t.expand(*shape) if shape else t
    else:
        source = t
    result = source.clone(memory_format=dtypes.contiguous_format)
    return masked_fill_(result, mask, value, bump=False)
