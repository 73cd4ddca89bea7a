"""unique, unique_consecutive, bincount and torch.where(condition): counting and searching ops
whose output's shape depends on the input's values.

unique and unique_consecutive without dim (aten/src/ATen/native/Unique.cpp _unique2_cpu,
unique_consecutive_cpu) read the input in its logical order: a new contiguous 1-d tensor of
the distinct values (sorted on CPU whatever `sorted=` says: the sort is stable, so a run of
equal values keeps its first element, -0.0 or 0.0; NaN equals nothing), an inverse of the
input's shape (contiguous int64) and int64 counts. With dim (Unique.cpp
_unique_dim_cpu_template) the slices along dim are compared whole: the result is laid out
contiguous with dim first and moved back (its strides permuted), the inverse has size(dim)
elements. An empty input needs exactly one zero-size dim, the selected one; its result is an
empty contiguous tensor of the input's shape. Complex inputs are refused; the meta device has
no kernel for any of them.

bincount (SummaryOps.cpp _bincount_cpu) takes a 1-d non-negative integral input: contiguous
int64 counts, or sums of the weights (float32 and float64 weights keep their dtype, the rest go
to float64), max(input) + 1 or minlength elements; an empty input gives int64 zeros.

torch.where(condition) is nonzero(condition, as_tuple=True) (TensorCompare.cpp where): views
of the columns of a column-major index matrix.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, gathers, ternary
from .geometry import contiguous_strides
from .offset_values import store
from .operands import is_tensor
from .slice_views import narrow
from .views import wrap_dim

if TYPE_CHECKING:
    from .dtypes import dtype as DType
    from .tensor import Tensor

Shape = tuple[int, ...]


def _new(t: Tensor, shape: Shape, dt: DType, strides: Shape | None = None) -> Tensor:
    return type(t)._fresh(shape, contiguous_strides(shape) if strides is None else strides,
                          dt, t.device)


def _shrunk(t: Tensor, n: int, k: int, dt: DType) -> Tensor:
    """Return a 1-d tensor of k elements on a storage of n: allocated at n, resized down."""
    out = _new(t, (n,), dt)
    out._geom = narrow(out._geom, 0, 0, k)
    return out


def _defined(t: Tensor) -> bool:
    return bool(np.asarray(t._defined()).all())


# -- the runs of equal values -----------------------------------------------------------------
def _starts(rows: np.ndarray) -> np.ndarray:
    """Return where each run of equal rows begins (== per element: NaN equals nothing)."""
    if len(rows) == 0:
        return np.zeros(0, np.intp)
    width = int(np.prod(rows.shape[1:], dtype=np.int64))
    differs = (rows[1:] != rows[:-1]).reshape(len(rows) - 1, width).any(axis=1)
    return np.r_[0, np.flatnonzero(differs) + 1]


def _runs(rows: np.ndarray, order: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return (first row of each run, inverse, counts) of rows taken in `order`."""
    ranked = rows[order]
    starts = _starts(ranked)
    counts = np.diff(np.r_[starts, len(rows)])
    run_of = np.cumsum(np.isin(np.arange(len(rows)), starts)) - 1
    inverse = np.empty(len(rows), np.int64)
    inverse[order] = run_of
    return order[starts], inverse, counts.astype(np.int64)


def _sorted_order(rows: np.ndarray) -> np.ndarray:
    """Return a stable lexicographic order of rows (NaN last in each column)."""
    flat = rows.reshape(len(rows), -1)
    if flat.shape[1] == 0:
        return np.arange(len(rows))
    return np.lexsort(tuple(flat[:, j] for j in range(flat.shape[1] - 1, -1, -1)))


# -- unique, unique_consecutive ----------------------------------------------------------------
def _check(t: Tensor, kernel: str, aten: str) -> None:
    if t.is_meta:
        raise errors.fail("counting_meta", op=aten)
    if t.dtype.is_complex:
        raise errors.fail("kernel_dtype", kernel=kernel, type=t.dtype.scalar_name)


def _flat(t: Tensor, sort: bool, op: str) -> tuple[Tensor, Tensor, Tensor]:
    """unique / unique_consecutive of every element (Unique.cpp unique_cpu_sorted_template,
    unique_consecutive_cpu_template)."""
    _check(t, "unique", "_unique2" if sort else "unique_consecutive")
    x = t._values().reshape(-1)
    order = np.argsort(x, kind="stable") if sort else np.arange(x.size)
    first, inverse, counts = _runs(x, order)
    k = len(first)
    # the consecutive kernel allocates values and counts at the input's size, then resizes
    n = k if sort else x.size
    values = _shrunk(t, n, k, t.dtype)
    inv = _new(t, t._geom.shape, dtypes.int64)
    cnt = _shrunk(t, n, k, dtypes.int64)
    known = _defined(t)
    # values known within a tolerance carry it; which of them torch's bits make equal, and so
    # the inverse and the counts, are not known then
    grouped = known and not t._storage.tolerance
    store(values, x[first], np.asarray(known), t)
    store(inv, inverse.reshape(t._geom.shape), np.asarray(grouped))
    store(cnt, counts, np.asarray(grouped))
    return values, inv, cnt


def _along(t: Tensor, dim: int, sort: bool) -> tuple[Tensor, Tensor, Tensor]:
    """unique(dim=) / unique_consecutive(dim=) (Unique.cpp _unique_dim_cpu_template)."""
    _check(t, "unique_dim", "unique_dim" if sort else "unique_dim_consecutive")
    if t.ndim == 0:
        raise errors.fail("no_dims", dim=dim)
    d = wrap_dim(dim, t.ndim)
    shape = t._geom.shape
    if t.numel() == 0:
        if shape.count(0) > 1:
            raise errors.fail("unique_zero_dims")
        if shape[d] != 0:
            raise errors.fail("unique_zero_unselected")
        return (_new(t, shape, t.dtype), _new(t, (0,), dtypes.int64),
                _new(t, (0,), dtypes.int64))
    rows = np.moveaxis(t._values(), d, 0)
    order = _sorted_order(rows) if sort else np.arange(len(rows))
    first, inverse, counts = _runs(rows, order)
    k = len(first)
    moved = (k, *shape[:d], *shape[d + 1:])
    strides = contiguous_strides(moved)
    # laid out with dim first, then moved back: moveaxis(0, dim)
    perm = (*range(1, d + 1), 0, *range(d + 1, t.ndim))
    values = _new(t, (*shape[:d], k, *shape[d + 1:]), t.dtype,
                  tuple(strides[p] for p in perm))
    inv = _new(t, (shape[d],), dtypes.int64)
    cnt = _shrunk(t, shape[d], k, dtypes.int64)  # zeros(size(dim)), resized to k
    # NaN rows order among themselves as the kernel's comparator leaves them
    known = _defined(t) and not (t.dtype.is_floating_point and np.isnan(rows).any())
    grouped = known and not t._storage.tolerance
    store(values, np.moveaxis(rows[first], 0, d), np.asarray(known), t)
    store(inv, inverse, np.asarray(grouped))
    store(cnt, counts, np.asarray(grouped))
    return values, inv, cnt


def _pick(found: tuple[Tensor, Tensor, Tensor], inverse: bool, counts: bool) -> Any:
    """Return what torch/functional.py's wrappers return for these flags."""
    values, inv, cnt = found
    if inverse and counts:
        return values, inv, cnt
    if inverse:
        return values, inv
    if counts:
        return values, cnt
    return values


def unique(input: Tensor, sorted: bool = True, return_inverse: bool = False,  # noqa: A002
           return_counts: bool = False, dim: int | None = None) -> Any:
    """Return torch.unique(input, sorted, return_inverse, return_counts, dim)."""
    found = _flat(input, True, "unique") if dim is None else _along(input, dim, True)
    return _pick(found, return_inverse, return_counts)


def unique_consecutive(input: Tensor, return_inverse: bool = False,  # noqa: A002
                       return_counts: bool = False, dim: int | None = None) -> Any:
    """Return torch.unique_consecutive(input, return_inverse, return_counts, dim)."""
    # Unique.cpp unique_consecutive_cpu: dim=0 (as written, not -1) of a 1-d input takes the
    # flat path, whose buffers are the input's numel long
    if dim is None or (dim == 0 and input.ndim == 1):
        found = _flat(input, False, "unique_consecutive")
    else:
        found = _along(input, dim, False)
    return _pick(found, return_inverse, return_counts)


# -- bincount ----------------------------------------------------------------------------------
def bincount(input: Tensor, weights: Tensor | None = None,  # noqa: A002
             minlength: int = 0) -> Tensor:
    """Return torch.bincount(input, weights=None, minlength=0) (SummaryOps.cpp)."""
    t = input
    if t.is_meta:
        raise errors.fail("counting_meta", op="bincount")
    if t.dtype.is_floating_point or t.dtype.is_complex or t.dtype is dtypes.bool_:
        raise errors.fail("kernel_dtype", kernel="bincount_cpu", type=t.dtype.scalar_name)
    if weights is not None and weights.dtype.is_complex:
        # weights.to(kDouble), before the checks
        warnings.warn(errors.warning("complex_discard"), stacklevel=2)
    if minlength < 0:
        raise errors.fail("bincount_minlength")
    if t.ndim == 1 and t.numel() == 0:
        out = _new(t, (minlength,), dtypes.int64)
        store(out, np.zeros(minlength, np.int64), np.asarray(True))
        return out
    x = t._values().astype(np.int64) if t.ndim == 1 else None
    if x is None or x.min() < 0:
        raise errors.fail("bincount_input")
    if weights is not None and (weights.ndim != 1 or weights.numel() != t.numel()):
        raise errors.fail("bincount_weights")
    n = max(int(x.max()) + 1, minlength)
    known = _defined(t) and (weights is None or _defined(weights))
    if weights is None:
        out = _new(t, (n,), dtypes.int64)
        store(out, np.bincount(x, minlength=n).astype(np.int64), np.asarray(known))
        return out
    wdt = weights.dtype if weights.dtype in (dtypes.float32, dtypes.float64) else dtypes.float64
    w = weights._values()
    w = (w.real if np.iscomplexobj(w) else w).astype(np.float32 if wdt is dtypes.float32
                                                    else np.float64)
    sums = np.zeros(n, w.dtype)
    np.add.at(sums, x, w)  # in order, rounding after each addition as the loop does
    out = _new(t, (n,), wdt)
    store(out, sums, np.asarray(known), weights)
    return out


# -- torch.where(condition) --------------------------------------------------------------------
def where(condition: Any, input: Any = None, other: Any = None, *,  # noqa: A002
          out: Tensor | None = None) -> Any:
    """Return torch.where(condition) as nonzero(condition, as_tuple=True), else the
    three-argument where."""
    if input is None and other is None and out is None and is_tensor(condition):
        return gathers.nonzero(condition, as_tuple=True)
    return ternary.where(condition, input, other, out=out)


class CountingMethods:
    """Tensor's unique, unique_consecutive and bincount."""

    __slots__ = ()

    def unique(self, sorted: bool = True, return_inverse: bool = False,  # noqa: A002
               return_counts: bool = False, dim: int | None = None) -> Any:
        return unique(self, sorted, return_inverse, return_counts, dim)  # type: ignore[arg-type]

    def unique_consecutive(self, return_inverse: bool = False, return_counts: bool = False,
                           dim: int | None = None) -> Any:
        return unique_consecutive(self, return_inverse, return_counts,  # type: ignore[arg-type]
                                  dim)

    def bincount(self, weights: Tensor | None = None, minlength: int = 0) -> Tensor:
        return bincount(self, weights, minlength)  # type: ignore[arg-type]


FUNCTIONS: dict[str, Any] = {"unique": unique, "unique_consecutive": unique_consecutive,
                             "bincount": bincount, "where": where}
