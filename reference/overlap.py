"""Whether two tensors share memory, and how much, as torch's overlap checks decide it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import errors
from .geometry import is_non_overlapping_and_dense

if TYPE_CHECKING:
    from .tensor import Tensor


def overlap_status(a: Tensor, b: Tensor) -> str:
    """Return 'full', 'partial', 'no' or 'too_hard' (ATen MemoryOverlap.cpp get_overlap_status)."""
    if a is b:
        return "full"
    if a.numel() == 0 or b.numel() == 0:
        return "no"
    if not is_non_overlapping_and_dense(a._geom) or not is_non_overlapping_and_dense(b._geom):
        return "too_hard"
    if a._storage is not b._storage:
        return "no"
    a0 = a._geom.offset * a.dtype.itemsize
    b0 = b._geom.offset * b.dtype.itemsize
    a1 = a0 + a.numel() * a.dtype.itemsize
    b1 = b0 + b.numel() * b.dtype.itemsize
    if a0 == b0 and a1 == b1:
        return "full" if a._geom.strides == b._geom.strides else "partial"
    if a0 < b1 and b0 < a1:
        return "partial"
    return "no"


def unordered_overlap(dst: Tensor, src: Tensor) -> bool:
    """Return whether src and dst share bytes in a way whose result depends on kernel order.

    torch lets such writes through (MemOverlap TOO_HARD) and the outcome depends on the
    order its kernel visits elements, so the reference leaves those values undetermined.
    """
    return shares_bytes(dst, src) and overlap_status(dst, src) not in ("full", "no")


def shares_bytes(a: Tensor, b: Tensor) -> bool:
    """Return whether the byte ranges of two tensors' elements intersect in one storage."""
    if a._storage is not b._storage or a.numel() == 0 or b.numel() == 0:
        return False
    lo_a, hi_a = byte_range(a)
    lo_b, hi_b = byte_range(b)
    return lo_a < hi_b and lo_b < hi_a


def resized_over_input(out: Tensor, shape: tuple[int, ...], reads: tuple[Tensor, ...]) -> bool:
    """Tell whether out= must be resized to `shape` while it lies on the storage of a tensor the
    op reads: resize_output grows that storage before the kernel reads the input, which the
    model does not follow."""
    return out._geom.shape != shape and any(out._storage is r._storage for r in reads)


def byte_range(t: Tensor) -> tuple[int, int]:
    """Return the storage bytes [lo, hi) from the tensor's first element to past its last."""
    g = t._geom
    lo = g.offset * t.dtype.itemsize
    return lo, g.extent() * t.dtype.itemsize


def resolved(*tensors: Tensor) -> bool:
    """Tell whether any of these has a conj or neg bit: the math-bit fallback
    (MathBitsFallback.h) then runs the op on resolved clones, so no memory check of the op
    sees their bytes."""
    return any(t._conj or t._neg for t in tensors)


def assert_no_overlap(a: Tensor, b: Tensor) -> None:
    """Refuse a written tensor a that overlaps b at all, partially or fully (ATen
    MemoryOverlap.cpp assert_no_overlap); a conj or neg tensor is checked as its resolved
    clone, which shares nothing."""
    if not resolved(a, b) and overlap_status(a, b) in ("partial", "full"):
        raise errors.fail("partial_overlap")


def assert_no_partial_overlap(a: Tensor, b: Tensor) -> None:
    """Refuse a written tensor a that partially overlaps b (assert_no_partial_overlap): the
    same tensor or the same elements in the same order may be read while written."""
    if not resolved(a, b) and overlap_status(a, b) == "partial":
        raise errors.fail("partial_overlap")
