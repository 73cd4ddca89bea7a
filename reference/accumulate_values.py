"""Element values of the scatter and accumulate kernels: what lands where, in which order.

An op hands over the storage offsets its kernel writes (one per contribution, in the order
the CPU kernel visits them: index order) with the contributed values; `combine` folds them
into the written tensor's current values the way the kernel does, rounding to the tensor's
dtype after every step, and stores the results through the one writer (offset_values.py).
Plain writes of one offset with different values are left undefined (torch's order over
duplicate indices is not specified); sums of several floats carry a tolerance, as the order
of an expanded index's sorted path may differ from ours.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from . import dtypes, writes
from . import values as vals
from .offset_values import read_at, write_at

if TYPE_CHECKING:
    from .dtypes import dtype as DType
    from .tensor import Tensor

# the reductions a kernel folds contributions with ("assign" writes them as they come)
REDUCTIONS = ("sum", "prod", "mean", "amax", "amin")


def _identity(op: str, dt: DType) -> object:
    """What a written element starts from when its own value is left out (include_self)."""
    if op in ("sum", "mean"):
        return 0
    if op == "prod":
        return 1
    if dt is dtypes.bool_:
        return op == "amin"
    if dt.is_floating_point:
        return -np.inf if op == "amax" else np.inf
    info = np.iinfo(np.dtype(dt.compute_np))
    return info.min if op == "amax" else info.max


def _step(op: str, acc: np.ndarray, v: np.ndarray, dt: DType) -> np.ndarray:
    """Fold one contribution into the running value, as the kernel's scalar op does."""
    with np.errstate(all="ignore"):
        if dt is dtypes.bool_:
            if op in ("sum", "amax"):
                return np.logical_or(acc, v)
            return np.logical_and(acc, v)
        if op in ("sum", "mean"):
            out = acc + v
        elif op == "prod":
            out = acc * v
        elif op == "amax":  # a NaN on either side wins (at::_isnan)
            out = np.maximum(acc, v)
        else:
            out = np.minimum(acc, v)
    return vals.quantize(np.asarray(out), dt)


def combine(t: Tensor, offsets: np.ndarray, values: np.ndarray, defined: np.ndarray,
            op: str = "assign", include_self: bool = True) -> None:
    """Write contributions at storage offsets of t, folded with `op` in the order given."""
    if t.is_meta or offsets.size == 0:
        return
    o = offsets.ravel()
    v = np.broadcast_to(values, offsets.shape).ravel()
    ok = np.broadcast_to(defined, offsets.shape).ravel()
    if op == "assign":
        write_at(t, o, v, ok)
        return
    dt = t.dtype
    targets, slot = np.unique(o, return_inverse=True)
    current, known = read_at(t, targets)
    acc = np.array(current, copy=True)
    known = np.array(known, copy=True)
    if not include_self:
        acc[...] = _identity(op, dt)
        known[...] = True
    counts = np.full(len(targets), 1 if include_self else 0, dtype=np.int64)
    v = vals.quantize(np.asarray(v), dt) if dt is not dtypes.bool_ else v.astype(np.bool_)
    for i in range(len(o)):
        k = slot[i]
        acc[k] = _step(op, acc[k], v[i], dt)
        known[k] &= ok[i]
        counts[k] += 1
    if op == "mean":
        acc = _mean(acc, np.maximum(counts, 1), dt)
    write_at(t, targets, acc, known)
    added = counts - (1 if include_self else 0)
    floating = dt.is_floating_point or dt.is_complex
    if floating and op in ("sum", "mean") and added.max() > 1:
        t._storage.tolerance = max(t._storage.tolerance, (int(added.max()) + 1) * dt.eps)
        t._storage.tolerance_dtype = dt


def _mean(total: np.ndarray, counts: np.ndarray, dt: DType) -> np.ndarray:
    """Divide the sums by the counts: true division for floats, floor for integers."""
    with np.errstate(all="ignore"):
        if dt.is_floating_point or dt.is_complex:
            return vals.quantize(total / vals.quantize(counts.astype(np.float64), dt), dt)
        return vals.quantize(np.floor_divide(total.astype(np.int64), counts), dt)


def forget_all(t: Tensor) -> None:
    """Leave every element of t undetermined (a kernel stopped half way through it)."""
    if not t.is_meta and t.numel():
        writes.forget(t, np.ones(t.shape, dtype=np.bool_))
