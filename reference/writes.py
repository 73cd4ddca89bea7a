"""In-place writes of element values: fill_, copy_, add_/sub_/mul_ and `x[index] = value`.

Values go through the one reader and writer in values.py. What torch leaves undetermined
(allocator garbage, overlapping reads and writes, bool bytes other than 0 and 1) is marked
undefined rather than guessed. Each op bumps the version counter as torch's do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, indexing
from . import values as vals
from .arguments import index_items
from .geometry import aliases_internally, overlaps_internally
from .layouts import broadcast_shapes
from .operands import is_scalar, is_tensor
from .overlap import overlap_status, resolved, unordered_overlap
from .promotion import checked_scalar

if TYPE_CHECKING:
    from .tensor import Tensor


def check_writable(t: Tensor) -> None:
    """Raise when elements of t share a memory location (ATen MemoryOverlap.cpp)."""
    # TensorIterator returns before its overlap checks when there is nothing to write
    if overlaps_internally(t._geom):
        raise errors.fail("internal_overlap")


def expands_written_back(t: Tensor) -> bool:
    """Tell whether an in-place op on t must refuse it when copying its result back.

    On a conj or neg tensor the math-bit fallback (aten/src/ATen/native/MathBitsFallback.h)
    runs the op on a resolved clone, where the op's own checks and warnings see dense memory,
    then copy_ writes the clone into t: copy_ refuses a t whose elements share memory, as an
    expanded tensor's do, even for ops that accept one (fill_, masked_fill_, index_put_).
    """
    return resolved(t) and overlaps_internally(t._geom)


def check_written_back(t: Tensor) -> None:
    """Raise, after an in-place op's own checks, where copying its result back into t fails."""
    if expands_written_back(t):
        raise errors.fail("internal_overlap")


def noncanonical(t: Tensor) -> np.ndarray | None:
    """Return which elements of a bool tensor hold bytes other than 0 and 1, if any do.

    torch leaves what reads of such bytes produce open: eager copies them as they are, or as
    0 and 1 (its copy kernels differ), or skips a copy onto itself; compiled kernels load them
    as bools and store 0 or 1. Whatever they are written into is not determined.
    """
    if t.dtype is not dtypes.bool_ or t.is_meta:
        return None
    odd = vals.noncanonical_bools(t._storage, t._geom)
    return odd if odd.any() else None


def forget(t: Tensor, undefined: np.ndarray) -> None:
    """Mark elements whose value torch does not determine (garbage in, garbage out)."""
    if undefined.any():
        storage = t._storage
        if storage.defined is None and storage.data is not None:
            storage.defined = np.ones(storage.nbytes, dtype=np.bool_)
        vals._byte_flags(storage, t._geom, t.dtype)[undefined] = False


def copy_values(dst: Tensor, src: Tensor) -> None:
    """Copy logical values of src (broadcast) into dst, converting dtype."""
    if dst.is_meta or src.is_meta:
        return
    # a value known only within some ulps converts to an integer that may differ by any
    # amount (e ** 20 wraps modulo 256 into uint8): not determined
    inexact = bool(src._storage.tolerance) and not (dst.dtype.is_floating_point or
                                                    dst.dtype.is_complex)
    if src._storage.tolerance and not inexact:
        dst._storage.tolerance = max(dst._storage.tolerance, src._storage.tolerance)
        dst._storage.tolerance_dtype = dst.dtype
    dst._storage.loose_bits |= src._storage.loose_bits
    if inexact or unordered_overlap(dst, src) or aliases_internally(dst._geom):
        undefined: np.ndarray | None = np.ones(dst.shape, dtype=np.bool_)
    elif vals.fully_defined(src._storage):
        undefined = None  # the common case: no garbage to carry over
    else:
        undefined = ~np.broadcast_to(src._defined(), dst.shape)
    odd = noncanonical(src)  # read before the copy: src may share bytes with dst
    if src.dtype is dst.dtype and not (src._conj or src._neg or dst._conj or dst._neg):
        vals.copy_same_type(dst._storage, dst._geom, src._storage, src._geom, dst.dtype)
    else:
        dst._write(src._values())
    if undefined is not None:
        forget(dst, undefined)
    if odd is not None:
        forget(dst, np.broadcast_to(odd, dst.shape))


def fill_(t: Tensor, value: Any) -> Tensor:
    if is_tensor(value):
        if value.ndim != 0:
            raise errors.fail("fill_ndim", ndim=value.ndim)
        check_writable(t)
        if not t.is_meta and not value.is_meta:
            t._write(value._values())
        t._bump()
        return t
    # a scalar fill skips the overlap check: "Fill is idempotent" (ATen Fill.cpp)
    checked_scalar(value, t.dtype, t.numel())
    check_written_back(t)
    if not t.is_meta:
        t._write(np.asarray(value))
    t._bump()
    return t


def copy_(dst: Tensor, src: Any) -> Tensor:
    if not is_tensor(src):
        raise errors.fail("copy_src_type", type=type(src).__name__)
    if src is dst or (
            src._storage is dst._storage and src._geom == dst._geom and
            src.dtype is dst.dtype and src._conj == dst._conj and src._neg == dst._neg):
        # ATen copy_impl returns early when src and self are views of the same data
        odd = noncanonical(src)
        if odd is not None:
            forget(dst, odd)
        dst._bump()
        return dst
    if src.is_meta and not dst.is_meta:
        raise errors.fail("meta_no_data")
    check_writable(dst)
    if overlap_status(dst, src) == "partial":
        raise errors.fail("partial_overlap")
    shape = broadcast_shapes(dst._geom.shape, src._geom.shape)
    if shape != dst._geom.shape:
        raise errors.fail("copy_broadcast", out=dst.shape, shape=shape)
    copy_values(dst, src)
    dst._bump()
    return dst


def setitem(t: Tensor, index: Any, value: Any) -> None:
    """Run `t[index] = value` for a tensor or scalar value."""
    if not is_tensor(value):
        if not is_scalar(value):
            raise errors.fail("assign_type", type=type(value).__name__, tensor=t._typename())
        checked_scalar(value, t.dtype, 1)
    if index is False:
        return
    g = indexing.assigned_view(t._geom, index_items(index))
    if g is None:
        t._bump()  # index_put_ with an empty index writes nothing but still counts
        return
    target = t._view_of(g)
    if not is_tensor(value):
        check_writable(target)
        if not target.is_meta:
            target._write(np.asarray(value))
        t._bump()
        return
    if tuple(value.shape) == tuple(target.shape):
        copy_(target, value)
    elif value.ndim == 0:
        fill_(target, value)
    else:
        shape = tuple(value.shape)
        lead = 0
        while lead < len(shape) and shape[lead] == 1:
            lead += 1
        copy_(target, value.view(shape[lead:] or ()).expand_as(target))
