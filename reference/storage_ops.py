"""Ops that change which storage bytes a tensor covers: the bounds check, set_ and resize_."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import dtypes, errors
from .arguments import unpack_shape
from .dtypes import dtype as DType
from .geometry import Geometry, contiguous_strides, is_contiguous, numel_overflows
from .layouts import strides_for_format
from .operands import is_tensor
from .storage import Storage, UntypedStorage

if TYPE_CHECKING:
    from .tensor import Tensor


def restride_dim(t: Tensor, dim: int, size: int) -> Geometry:
    """Return ATen's restride_dim of t (a 0-d t as 1-d): t's geometry with `size` elements and
    stride 0 along dim, made by as_strided on t's storage, which checks its bounds (an empty
    dim restrided to a non-empty index reads past an empty storage)."""
    g = t._geom if t.ndim else Geometry(((1,), (1,), t._geom.offset))
    restrided = Geometry((g.shape[:dim] + (size,) + g.shape[dim + 1:],
                          g.strides[:dim] + (0,) + g.strides[dim + 1:], g.offset))
    check_bounds(t._storage, restrided, t.dtype)
    return restrided


def check_bounds(storage: Storage, geom: Geometry, dt: DType) -> None:
    """Check as_strided geometry against the storage, then the offset (ATen setStrided)."""
    needed = geom.extent() * dt.itemsize
    if needed > storage.nbytes:
        raise errors.fail("storage_out_of_bounds", shape=geom.shape, strides=geom.strides,
                          offset=geom.offset, itemsize=dt.itemsize, needed=needed,
                          have=storage.nbytes)
    if geom.offset < 0:
        raise errors.fail("invalid_storage_offset", offset=geom.offset)


def resize_(t: Tensor, sizes: tuple[Any, ...], memory_format: Any) -> Tensor:
    """Resize in place (ATen Resize.cpp resize_): same sizes keep the strides."""
    shape = unpack_shape(sizes, "resize_")
    if numel_overflows(shape):
        raise errors.fail("numel_overflow")
    mf = None if memory_format is None else dtypes.lookup_memory_format(memory_format)
    if mf is dtypes.preserve_format:
        raise errors.fail("resize_preserve")
    changed = shape != t._geom.shape
    if changed:
        geom = Geometry((shape, contiguous_strides(shape), t._geom.offset))
        needed = (geom.offset + geom.numel) * t.dtype.itemsize if geom.numel else 0
        if needed > t._storage.nbytes:
            t._storage.resize(needed)
    else:
        geom = t._geom
    if mf is not None:
        # a memory format restrides even when the sizes stay; only a size change counts
        # as a version bump
        geom = Geometry((shape, strides_for_format(shape, mf), geom.offset))
    t._geom = geom
    if changed:
        t._bump()
    return t


def set_(t: Tensor, source: Any, storage_offset: int, size: Sequence[int] | None,
         stride: Sequence[int] | None) -> Tensor:
    """Re-point t at another storage (ATen TensorShape.cpp set_ overloads)."""
    if source is None:
        t._storage = Storage(0, t.device)
        t._geom = Geometry(((0,), (1,), 0))
        t._bump()
        return t
    if is_tensor(source):
        if source.dtype is not t.dtype:
            raise errors.fail("set_dtype", src=source.dtype.cpp_name, dst=t.dtype.cpp_name)
        if size is None:
            _check_same_device(t, source._storage)
            t._storage = source._storage
            t._geom = source._geom
            t._bump()
            return t
        impl = source._storage
    elif isinstance(source, UntypedStorage):
        impl = source._impl
    else:
        raise errors.fail("set_source_type", type=type(source).__name__)
    if size is None:
        geom = Geometry(((impl.nbytes // t.dtype.itemsize,), (1,), 0))
    else:
        shape = tuple(size)
        if stride is not None and len(stride) and len(stride) != len(shape):
            raise errors.fail("set_stride_len", size=len(shape), stride=len(stride))
        strides = contiguous_strides(shape) if not stride else tuple(stride)
        geom = Geometry((shape, strides, storage_offset))
    _check_same_device(t, impl)
    if geom.offset < 0:
        raise errors.fail("invalid_storage_offset", offset=geom.offset)
    if numel_overflows(geom.shape):
        raise errors.fail("numel_overflow")
    if min(geom.strides, default=0) < 0:
        raise errors.fail("storage_size_overflow", shape=geom.shape, strides=geom.strides)
    needed = geom.extent() * t.dtype.itemsize
    if needed > impl.nbytes and size is not None and not t.is_meta and \
            geom.shape == t._geom.shape and (
                tuple(stride) == t._geom.strides if stride else is_contiguous(t._geom)):
        # checkSetStorage (ATen Resize.h) checks the bounds only where the sizes and strides
        # stay (no strides: where the tensor is contiguous), as resize_impl then resizes
        # nothing; set_storage_meta__symint skips the check
        raise errors.fail("storage_out_of_bounds", shape=geom.shape,
                          strides=tuple(stride) if stride else (), offset=geom.offset,
                          itemsize=t.dtype.itemsize, needed=needed, have=impl.nbytes)
    # otherwise, like resize_, set_ grows a storage that is too small instead of failing
    if needed > impl.nbytes:
        impl.resize(needed)
    t._storage = impl
    t._geom = geom
    t._bump()
    return t


def _check_same_device(t: Tensor, impl: Storage) -> None:
    if impl.device != t.device:
        raise errors.fail("set_device", dst=t.device, src=impl.device)
