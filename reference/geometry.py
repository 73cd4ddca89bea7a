"""Geometry as a value: shape, strides and storage offset, with torch's layout predicates."""

from __future__ import annotations

from collections.abc import Callable
from math import prod
from operator import itemgetter


class Geometry(tuple[tuple[int, ...], tuple[int, ...], int]):
    """Where a tensor's elements lie in its storage, in elements: (shape, strides, offset).

    An immutable value compared by its fields, built from one tuple as tuple() is:
    `Geometry((shape, strides, offset))`, the only way to build one. It is a slotted tuple with
    tuple's own constructor rather than a frozen dataclass because view ops build one per call
    and that construction is several times cheaper (see benchmarks/README.md).
    """

    __slots__ = ()

    shape: tuple[int, ...] = property(itemgetter(0))  # type: ignore[assignment]
    strides: tuple[int, ...] = property(itemgetter(1))  # type: ignore[assignment]
    offset: int = property(itemgetter(2))  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Geometry(shape={self[0]}, strides={self[1]}, offset={self[2]})"

    @property
    def ndim(self) -> int:
        return len(self[0])

    @property
    def numel(self) -> int:
        return prod(self[0])

    def extent(self) -> int:
        """Return the elements of storage needed from element 0 (ATen computeStorageNbytes)."""
        shape, strides, offset = self
        if 0 in shape:
            return 0
        end = offset + 1
        for n, s in zip(shape, strides):
            end += (n - 1) * s
        return end


_U64 = 1 << 64
_INT64_MAX = (1 << 63) - 1


def numel_overflows(shape: tuple[int, ...]) -> bool:
    """Tell whether c10's safe_compute_numel refuses a shape: the sizes are multiplied as
    uint64 (a negative size wraps), overflowing at any step or past int64's largest. A
    negative size with a zero somewhere passes: torch then has a tensor of shape (-1, 0)."""
    n, overflowed = 1, False
    for size in shape:
        n *= size % _U64
        if n >= _U64:
            overflowed, n = True, n % _U64
    return overflowed or n > _INT64_MAX


def storage_size_overflows(shape: tuple[int, ...], strides: tuple[int, ...]) -> bool:
    """Tell whether c10's computeStorageNbytes refuses sizes and non-negative strides: a
    negative size wraps to uint64, and so does its stride times (size - 1) unless the stride
    is 0; but a zero size anywhere returns 0 bytes before the overflow is looked at."""
    return 0 not in shape and any(n < 0 and s for n, s in zip(shape, strides))


def contiguous_strides(shape: tuple[int, ...]) -> tuple[int, ...]:
    """Return row-major strides; size-0 and size-1 dims count as 1 (c10 contiguous_strides)."""
    found = _CONTIGUOUS.get(shape)
    if found is None:
        strides = [1] * len(shape)
        for d in range(len(shape) - 2, -1, -1):
            n = shape[d + 1]
            strides[d] = strides[d + 1] * (n if n > 1 else 1)
        found = tuple(strides)
        if len(_CONTIGUOUS) < 4096:
            _CONTIGUOUS[shape] = found
    return found


# Programs reuse a few small shapes over and over; their strides are worth remembering.
_CONTIGUOUS: dict[tuple[int, ...], tuple[int, ...]] = {}


def channels_last_strides(shape: tuple[int, ...]) -> tuple[int, ...]:
    """Return NHWC / NDHWC strides for a 4-d / 5-d shape (c10/core/MemoryFormat.h).

    Unlike contiguous strides, a size-0 dim zeroes the strides outside it.
    """
    order = {4: (1, 3, 2, 0), 5: (1, 4, 3, 2, 0)}[len(shape)]
    strides = [0] * len(shape)
    running = 1
    for d in order:
        strides[d] = running
        running *= shape[d]
    return tuple(strides)


def is_contiguous(g: Geometry) -> bool:
    """Return torch's is_contiguous() (c10/core/Contiguity.h compute_contiguous)."""
    shape, strides, _ = g
    if 0 in shape:
        return True
    expected = 1
    for n, s in zip(reversed(shape), reversed(strides)):
        if n == 1:
            continue
        if s != expected:
            return False
        expected *= n
    return True


def is_channels_last_contiguous(g: Geometry, ndim: int) -> bool:
    """Return is_contiguous(channels_last[_3d]) (c10/core/Contiguity.h)."""
    if g.ndim != ndim:
        return False
    order = (1, 3, 2, 0) if ndim == 4 else (1, 4, 3, 2, 0)
    expected = 1
    for d in order:
        n = g.shape[d]
        if n != 1:
            if g.strides[d] != expected:
                return False
            expected *= n
    return True


def is_non_overlapping_and_dense(g: Geometry) -> bool:
    """Return torch's is_non_overlapping_and_dense (c10/core/Contiguity.h)."""
    if g.ndim == 1:
        return g.shape[0] < 2 or g.strides[0] == 1
    # stable order: dims of size < 2 last, then by increasing stride
    perm = sorted(range(g.ndim), key=lambda d: (g.shape[d] < 2, 0 if g.shape[d] < 2 else
                                                 g.strides[d]))
    required = 1
    for d in perm:
        n = g.shape[d]
        if n < 2:
            return True
        if g.strides[d] != required:
            return False
        required *= n
    return True


def is_dense(g: Geometry) -> bool:
    """Return Tensor.is_non_overlapping_and_dense(): any contiguity flag, or the test above.

    c10/core/TensorImpl.h refresh_contiguous ORs them into the flag torch reports.
    """
    return is_contiguous(g) or is_channels_last_contiguous(g, 4) or \
        is_channels_last_contiguous(g, 5) or is_non_overlapping_and_dense(g)


def compute_stride(old_shape: tuple[int, ...], old_strides: tuple[int, ...],
                   new_shape: tuple[int, ...]) -> tuple[int, ...] | None:
    """Return strides viewing old as new_shape, or None when no view exists.

    ATen TensorUtils.cpp computeStride.
    """
    if not old_shape:
        return (1,) * len(new_shape)
    numel: int = prod(old_shape)
    if numel and old_strides == contiguous_strides(old_shape):
        return contiguous_strides(new_shape)
    if numel == 0 and old_shape == new_shape:
        return old_strides
    new_strides = [0] * len(new_shape)
    if numel == 0:
        for d in range(len(new_shape) - 1, -1, -1):
            if d == len(new_shape) - 1:
                new_strides[d] = 1
            else:
                new_strides[d] = max(new_shape[d + 1], 1) * new_strides[d + 1]
        return tuple(new_strides)
    view_d = len(new_shape) - 1
    chunk_base_stride = old_strides[-1]
    tensor_numel = 1
    view_numel = 1
    for tensor_d in range(len(old_shape) - 1, -1, -1):
        tensor_numel *= old_shape[tensor_d]
        if tensor_d == 0 or (old_shape[tensor_d - 1] != 1 and
                             old_strides[tensor_d - 1] != tensor_numel * chunk_base_stride):
            while view_d >= 0 and (view_numel < tensor_numel or new_shape[view_d] == 1):
                new_strides[view_d] = view_numel * chunk_base_stride
                view_numel *= new_shape[view_d]
                view_d -= 1
            if view_numel != tensor_numel:
                return None
            if tensor_d > 0:
                chunk_base_stride = old_strides[tensor_d - 1]
                tensor_numel = 1
                view_numel = 1
    if view_d != -1:
        return None
    return tuple(new_strides)


def aliases_internally(g: Geometry) -> bool:
    """Return True when two elements of g share a memory location (any stride pattern)."""
    if g.numel < 2 or is_non_overlapping_and_dense(g):
        return False
    if any(s == 0 and n > 1 for n, s in zip(g.shape, g.strides)):
        return True
    if g.numel > 1 << 20:
        return True  # too large to enumerate; callers only use this to stop trusting values
    import numpy as np
    offsets = np.zeros((), dtype=np.int64)
    for n, s in zip(g.shape, g.strides):
        offsets = offsets[..., None] + np.arange(n, dtype=np.int64) * s
    return bool(np.unique(offsets).size < g.numel)


def overlaps_internally(g: Geometry) -> bool:
    """Return True when torch reports internal overlap (ATen MemoryOverlap.cpp).

    has_internal_overlap answers NO for a non-overlapping and dense tensor (every tensor
    without elements is one) and YES only for a stride 0 on a dim of size > 1; other overlaps
    are TOO_HARD and let through.
    """
    if not g.numel:
        return False
    return any(s == 0 and n > 1 for n, s in zip(g.shape, g.strides))


def order_dims(ndim: int, should_swap: Callable[[int, int], int]) -> list[int]:
    """Return dims innermost first, by TensorIterator's stable insertion sort.

    Starts from the reversed dims; `should_swap(a, b)` > 0 moves a outward past b, < 0 stops,
    0 (ambiguous) looks further (ATen TensorIterator.cpp reorder_dimensions).
    """
    perm = list(range(ndim - 1, -1, -1))
    for i in range(1, ndim):
        d1 = i
        for d0 in range(i - 1, -1, -1):
            c = should_swap(perm[d0], perm[d1])
            if c > 0:
                perm[d0], perm[d1] = perm[d1], perm[d0]
                d1 = d0
            elif c < 0:
                break
    return perm


def infer_dense_strides(shape: tuple[int, ...], strides: tuple[int, ...]) -> tuple[int, ...]:
    """Return dense strides ordered like the input's (ATen TensorUtils.cpp infer_dense_strides)."""
    ndim = len(shape)

    def should_swap(d0: int, d1: int) -> int:
        s0, s1 = strides[d0], strides[d1]
        if s0 == 0 or s1 == 0:
            return 0
        if s0 != s1:
            return -1 if s0 < s1 else 1
        return 1 if shape[d0] > shape[d1] else 0

    perm = order_dims(ndim, should_swap)
    out = [0] * ndim
    running = 1
    for d in perm:
        out[d] = running
        if shape[d] > 1:
            running *= shape[d]
    return tuple(out)


def is_channels_last_strides(shape: tuple[int, ...], strides: tuple[int, ...]) -> bool:
    """Return whether strides look channels-last.

    c10/core/MemoryFormat.h is_channels_last_strides_2d / _3d.
    """
    if len(shape) == 4:
        order: tuple[int, ...] = (1, 3, 2, 0)
    elif len(shape) == 5:
        order = (1, 4, 3, 2, 0)
    else:
        return False
    if strides[1] == 0:
        return False
    lowest = 0
    for d in order:
        if shape[d] == 0 or strides[d] < lowest:
            return False
        if d == 0 and lowest == strides[1]:
            return False
        lowest = strides[d]
        if shape[d] > 1:
            lowest *= shape[d]
    return True
