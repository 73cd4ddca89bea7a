"""Element values at storage offsets: what the index kernels read and write.

An index op's output element is the source element at a computed storage offset, and an
in-place index op stores values at computed offsets, so expanded, transposed and conjugate
tensors need no special case: `element_offsets` gives every element's offset, `read_at` reads
the values there, `write_at` stores them as a serial kernel does, and `store` writes a result
(fresh or out=) carrying undefined elements and tolerances over. All of them go through the
tensor's one reader and one writer (values.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import dtypes, writes
from . import values as vals
from .geometry import Geometry
from .overlap import unordered_overlap

if TYPE_CHECKING:
    from .tensor import Tensor


def element_offsets(g: Geometry) -> np.ndarray:
    """Return the storage offset (in elements) of every element of g, shaped like g."""
    out = np.full(g.shape, g.offset, dtype=np.int64)
    for d, (n, s) in enumerate(zip(g.shape, g.strides)):
        shape = [1] * g.ndim
        shape[d] = n
        out = out + (np.arange(n, dtype=np.int64) * s).reshape(shape)
    return out


def _flat_view(t: Tensor, offsets: np.ndarray) -> tuple[Tensor, np.ndarray]:
    """Return a 1-d view of t's storage covering `offsets`, and the offsets relative to it."""
    lo, hi = int(offsets.min()), int(offsets.max())
    return t._view_of(Geometry(((hi - lo + 1,), (1,), lo))), offsets - lo


def read_at(t: Tensor, offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return the logical values of t's elements at storage offsets, and which are defined."""
    if offsets.size == 0:
        empty = np.zeros(offsets.shape, dtype=np.dtype(t.dtype.compute_np))
        return empty, np.ones(offsets.shape, dtype=np.bool_)
    flat, rel = _flat_view(t, offsets)
    return flat._values()[rel], flat._defined()[rel]


def store(out: Tensor, values: np.ndarray, defined: np.ndarray, *sources: Tensor) -> None:
    """Write a fresh or out= result, carrying undefined elements and tolerances over."""
    if out.is_meta or out.numel() == 0:
        return
    undefined = ~np.broadcast_to(defined, out.shape)
    if any(unordered_overlap(out, src) for src in sources):
        # an out= sharing memory with what it reads: the kernel's order decides (MemOverlap
        # TOO_HARD lets it through)
        undefined = np.ones(out.shape, dtype=np.bool_)
    out._write(values)
    writes.forget(out, undefined)
    for src in sources:
        if src._storage.tolerance:
            out._storage.tolerance = max(out._storage.tolerance, src._storage.tolerance)
            out._storage.tolerance_dtype = out.dtype
        out._storage.loose_bits |= src._storage.loose_bits


def write_at(t: Tensor, offsets: np.ndarray, values: np.ndarray, defined: np.ndarray,
              accumulate: bool = False) -> None:
    """Store values at storage offsets of t, as a serial index kernel does.

    Without `accumulate` the last write to an offset wins; an offset written with different
    values is left undefined, since torch's order over such duplicates is not specified. With
    `accumulate` the values add up in order, rounding to t's dtype after each addition.
    """
    if t.is_meta or offsets.size == 0:
        return
    o = offsets.ravel()
    v = np.broadcast_to(values, offsets.shape).ravel()
    ok = np.broadcast_to(defined, offsets.shape).ravel()
    flat, rel = _flat_view(t, o)
    current = flat._values()
    was_defined = flat._defined()
    order = np.argsort(rel, kind="stable")
    ranked = rel[order]
    starts = np.r_[0, np.flatnonzero(ranked[1:] != ranked[:-1]) + 1]
    rank = np.empty(len(o), dtype=np.int64)
    rank[order] = np.arange(len(o)) - np.repeat(starts, np.diff(np.r_[starts, len(o)]))
    undefined = np.zeros(len(current), dtype=np.bool_)
    if accumulate:
        with np.errstate(all="ignore"):
            for r in range(int(rank.max()) + 1):
                at = rel[rank == r]
                added = np.logical_or(current[at], v[rank == r]) if t.dtype is dtypes.bool_ \
                    else current[at] + v[rank == r]
                current[at] = vals.quantize(added, t.dtype) if t.dtype is not dtypes.bool_ \
                    else added
        np.logical_or.at(undefined, rel, ~ok)
        undefined[rel] |= ~was_defined[rel]
        if rank.max() > 0 and (t.dtype.is_floating_point or t.dtype.is_complex):
            # torch adds in its iterator's order, which may round otherwise than ours
            t._storage.tolerance = max(t._storage.tolerance,
                                       (int(rank.max()) + 1) * t.dtype.eps)
            t._storage.tolerance_dtype = t.dtype
    else:
        last = np.zeros(len(current), dtype=np.int64)
        last[rel[order]] = order  # the stable sort puts each offset's last write last
        current[rel] = v[last[rel]]
        undefined[rel] = ~ok[last[rel]]
        with np.errstate(invalid="ignore"):
            differs = v != v[last[rel]]
        undefined[rel[differs]] = True
    touched = np.zeros(len(current), dtype=np.bool_)
    touched[rel] = True
    vals.write_where(t._storage, flat._geom, t.dtype, current, touched, t._conj, t._neg)
    writes.forget(flat, undefined & touched)


def index_values(index: Tensor) -> tuple[np.ndarray, np.ndarray]:
    """Return an index tensor's values as int64 and which are defined (garbage reads as 0)."""
    defined = index._defined()
    values = np.asarray(index._values()).astype(np.int64)
    return np.where(defined, values, 0), defined
