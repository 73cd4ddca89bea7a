"""Whether two tensors share memory, and how much, as torch's overlap checks decide it."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    if dst._storage is not src._storage or dst.numel() == 0 or src.numel() == 0:
        return False
    if overlap_status(dst, src) in ("full", "no"):
        return False
    lo_d, hi_d = byte_range(dst)
    lo_s, hi_s = byte_range(src)
    return lo_d < hi_s and lo_s < hi_d


def byte_range(t: Tensor) -> tuple[int, int]:
    """Return the storage bytes [lo, hi) from the tensor's first element to past its last."""
    g = t._geom
    lo = g.offset * t.dtype.itemsize
    return lo, g.extent() * t.dtype.itemsize
