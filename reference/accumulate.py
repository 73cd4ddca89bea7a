"""scatter, scatter_add, scatter_reduce, index_add and index_copy, out of place, with out= and
in place (ATen TensorAdvancedIndexing.cpp, ScatterGatherChecks.h).

Layouts. Each is a structured kernel whose meta function sets its output with
`set_output_raw_strided(0, self.sizes(), {}, ...)`: a new result is contiguous whatever
self's layout (channels_last, transposed and expanded inputs included), an out= of self's
shape keeps its strides and one of another shape is resized contiguous (resize_output: a
warning when it had elements). The kernel copies self into a result that is not self, then
writes the contributions (accumulate_values.py). In place, self is the output: the meta
function refuses a self whose elements share memory or that overlaps index or src, and the
version counter moves once.

Checks come in the order the meta functions make them, the index range last, inside the
kernel (errors.IN_KERNEL); a kernel stopped there has written part of its output, which is
then left undetermined.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, pointwise, views, writes
from .accumulate_values import REDUCTIONS, combine, forget_all
from .geometry import Geometry, contiguous_strides
from .iterator import Layout
from .offset_values import element_offsets, index_values, read_at
from .operands import is_tensor
from .overlap import assert_no_overlap, assert_no_partial_overlap
from .promotion import checked_scalar
from .storage_ops import restride_dim

if TYPE_CHECKING:
    from .tensor import Tensor

Shape = tuple[int, ...]
_INDEX_TYPES = (dtypes.int64, dtypes.int32)


def _check_tensor(op: str, arg: str, pos: int, value: Any) -> None:
    if not is_tensor(value):
        raise errors.fail("argument_type", op=op, arg=arg, pos=pos, type=type(value).__name__)


def _geom(t: Tensor) -> Geometry:
    """t's geometry, a 0-d tensor counting as 1-d of size 1 (ensure_nonempty_dim)."""
    g = t._geom
    return g if g.ndim else Geometry(((1,), (1,), g.offset))


def _size(t: Tensor, d: int) -> int:
    """ensure_nonempty_size: size 1 for a 0-d tensor, IndexError past its dims."""
    if t.ndim == 0:
        views.wrap_dim(d, 0)
        return 1
    return int(t.shape[views.wrap_dim(d, t.ndim)])


def _output(t: Tensor, out: Tensor | None, inplace: bool, checks: Callable[[Tensor], None]
            ) -> Tensor:
    """The tensor the kernel writes: self in place, out= resized, or a new contiguous one."""
    if inplace:
        checks(t)
        return t
    shape = t._geom.shape
    if out is None:
        return type(t)._fresh(shape, None, t.dtype, t.device)
    checks(out)
    pointwise.check_out_dtype(out, t.dtype)
    if out._geom.shape != shape:
        pointwise.resize_out(out, Layout((shape, contiguous_strides(shape))))
    return out


def _copy_self(t: Tensor, result: Tensor) -> None:
    """out.copy_(self) before the kernel writes out=: copy_'s iterator refuses an out= that
    partially overlaps self (the same elements in the same order are no copy at all)."""
    if result is not t:
        assert_no_partial_overlap(result, t)
        writes.copy_values(result, t)


def _finish(t: Tensor, result: Tensor, out: Tensor | None, inplace: bool) -> Tensor:
    if inplace or out is not None:
        result._bump()
    return result


# -- scatter, scatter_add, scatter_reduce ------------------------------------------------------
def _scatter_checks(t: Tensor, d: int, index: Tensor, src: Tensor | None) -> None:
    """scatter_gather_dtype_check and scatter_shape_check (ScatterGatherChecks.h)."""
    if index.numel() and index.dtype not in _INDEX_TYPES:
        raise errors.fail("scatter_index_dtype")
    if src is not None and src.dtype is not t.dtype:
        raise errors.fail("scatter_src_dtype")
    if index.numel() == 0:
        return
    rank = max(t.ndim, 1)
    if rank != max(index.ndim, 1):
        raise errors.fail("scatter_ndim", of="self")
    wrong = any(_size(index, e) > _size(t, e) for e in range(rank) if e != d)
    if src is not None:
        if not wrong:
            wrong = any(_size(index, e) > _size(src, e) for e in range(rank))
        if max(src.ndim, 1) != max(index.ndim, 1):
            raise errors.fail("scatter_ndim", of="src")
        if wrong:
            raise errors.fail("scatter_size_src", index=tuple(index.shape),
                              self=tuple(t.shape), dim=d, src=tuple(src.shape))
    elif wrong:
        raise errors.fail("scatter_size", index=tuple(index.shape), self=tuple(t.shape), dim=d)


def _scatter_offsets(g: Geometry, idx: np.ndarray, d: int) -> np.ndarray:
    """Storage offsets in g of index's elements, their coordinate along d taken from idx."""
    offsets = np.full(idx.shape, g.offset, dtype=np.int64)
    for e in range(idx.ndim):
        n = idx.shape[e]
        coord = idx if e == d else np.arange(n, dtype=np.int64).reshape(
            [n if k == e else 1 for k in range(idx.ndim)])
        offsets = offsets + coord * g.strides[e]
    return offsets


def scatter(t: Tensor, dim: int, index: Any, src: Any, *, reduce: str | None = None,
            new_reduce: bool = False, include_self: bool = True, inplace: bool = False,
            out: Tensor | None = None, op: str = "scatter") -> Tensor:
    """scatter / scatter_add / scatter_reduce and their in-place forms (scatter_meta_impl,
    TORCH_IMPL_FUNC(scatter_src_out), scatter_add, scatter_reduce_two)."""
    _check_tensor(op, "index", 2, index)
    d = views.wrap_dim(dim, t.ndim)
    tensor_src = src if is_tensor(src) else None
    _scatter_checks(t, d, index, tensor_src)

    def checks(o: Tensor) -> None:
        writes.check_writable(o)
        assert_no_overlap(o, index)
        if tensor_src is not None:
            assert_no_overlap(o, tensor_src)
    result = _output(t, out, inplace, checks)
    kind = "assign"
    if reduce is not None:
        if new_reduce:
            if reduce not in REDUCTIONS:
                raise errors.fail("scatter_reduce_name", reduce=reduce)
            kind = reduce
        else:
            if reduce not in ("add", "multiply"):
                raise errors.fail("scatter_reduce_old")
            kind = "sum" if reduce == "add" else "prod"
            if tensor_src is not None and op == "scatter":
                warnings.warn(errors.warning("scatter_reduce_deprecated"), stacklevel=3)
    empty = index.numel() == 0
    if new_reduce:
        if kind == "mean" and t.dtype is dtypes.bool_:
            # the counts' floor division refuses bool even when nothing is scattered
            kernel = "div_floor_cpu" if empty else "scatter_gather_tensor_cpu_reduce_mean"
            raise errors.fail("kernel_dtype", kernel=kernel, type=t.dtype.scalar_name)
        if kind in ("amax", "amin") and t.dtype.is_complex and not empty:
            raise errors.fail("kernel_dtype", kernel=f"scatter_gather_tensor_cpu_reduce_{kind}",
                              type=t.dtype.scalar_name)
    if tensor_src is None:
        src = checked_scalar(src, t.dtype)
    _copy_self(t, result)
    if not empty and not (t.is_meta or index.is_meta):
        _scatter_values(t, result, d, index, tensor_src, src, kind, include_self)
    return _finish(t, result, out, inplace)


def _scatter_values(t: Tensor, result: Tensor, d: int, index: Tensor, tensor_src: Tensor | None,
                    value: Any, kind: str, include_self: bool) -> None:
    idx, ok = index_values(index)
    idx = idx.reshape(idx.shape or (1,))
    ok = ok.reshape(idx.shape)
    size = _size(t, d)
    bad = ok & ((idx < 0) | (idx >= size))
    if bad.any():
        forget_all(result)
        raise errors.fail("accumulate_range", index=int(idx[bad][0]), dim=d, size=size)
    targets = _scatter_offsets(_geom(result), np.where(ok, idx, 0), d)
    if tensor_src is None:
        values: np.ndarray = np.asarray(value)
        defined = np.ones((), dtype=np.bool_)
    else:
        at = _scatter_offsets(_geom(tensor_src), np.zeros(idx.shape, np.int64), -1)
        values, defined = read_at(tensor_src, at)
    combine(result, targets, values, defined & ok, kind, include_self)
    if not ok.all():
        forget_all(result)  # garbage indices: where they wrote is unknown


# -- index_add, index_copy ---------------------------------------------------------------------
def _index_func_checks(op: str, t: Tensor, d: int, index: Tensor, source: Tensor) -> None:
    """index_func_meta_impl's checks (TensorAdvancedIndexing.cpp)."""
    if index.ndim > 1:
        raise errors.fail("index_func_vector", op=op, ndim=index.ndim,
                          type=index.dtype.scalar_name, size=list(index.shape))
    if index.dtype not in _INDEX_TYPES:
        raise errors.fail("index_func_dtype", op=op, type=index.dtype.scalar_name)
    if source.dtype is not t.dtype:
        raise errors.fail("index_func_source_dtype", op=op, self=t.dtype.scalar_name,
                          source=source.dtype.scalar_name)
    if not (d == 0 or d < source.ndim):
        raise errors.fail("index_func_source_dim", op=op, dim=d, ndim=source.ndim)
    n = index.numel()
    if n != (1 if source.ndim == 0 else source.shape[d]):
        if source.ndim == 0:
            raise errors.fail("no_dims", dim=d)
        raise errors.fail("index_func_count", op=op, n=n, size=source.shape[d], dim=d)
    mine, theirs = list(t.shape), list(source.shape)
    if source.ndim and t.ndim:
        del mine[d], theirs[d]
    if mine != theirs:
        raise errors.fail("index_func_shape", self=list(t.shape), source=list(source.shape))


def _index_copy_checks(t: Tensor, d: int, index: Tensor, source: Tensor) -> None:
    """index_copy's meta checks, made after its output's (TORCH_PRECOMPUTE_META_FUNC)."""
    if index.ndim >= 2:
        raise errors.fail("index_copy_vector", ndim=index.ndim)
    n = index.numel()
    if source.ndim == 0 and n != 1:
        raise errors.fail("index_copy_scalar", n=n)
    if source.ndim != t.ndim and source.ndim and t.ndim:
        raise errors.fail("index_copy_ndim", src=source.ndim, dst=t.ndim)
    if index.dtype is not dtypes.int64:
        raise errors.fail("index_copy_dtype", type=index.dtype.scalar_name)
    if source.dtype is not t.dtype:
        raise errors.fail("index_copy_source_dtype", self=t.dtype.scalar_name,
                          source=source.dtype.scalar_name)
    mine, theirs = list(t.shape), list(source.shape)
    if mine:
        del mine[d]
    if theirs:
        del theirs[d]
    if mine != theirs:
        raise errors.fail("index_copy_slices", dst=" ".join(map(str, mine)), dim=d,
                          src=" ".join(map(str, theirs)))
    if source.ndim and n != source.shape[d]:
        raise errors.fail("index_copy_count", n=n, size=source.shape[d])


def index_add(t: Tensor, dim: int, index: Any, source: Any, *, alpha: Any = 1,
              inplace: bool = False, out: Tensor | None = None) -> Tensor:
    """index_add / index_add_ (index_func_meta_impl, index_add_cpu_out)."""
    _check_tensor("index_add", "index", 2, index)
    _check_tensor("index_add", "source", 3, source)
    d = views.wrap_dim(dim, t.ndim)
    _index_func_checks("index_add", t, d, index, source)

    def checks(o: Tensor) -> None:
        writes.check_writable(o)
        assert_no_overlap(o, index)
        assert_no_overlap(o, source)
    result = _output(t, out, inplace, checks)
    _copy_self(t, result)
    if t.ndim <= 1 or index.numel():
        alpha = checked_scalar(alpha, t.dtype)
    if t.dtype is dtypes.bool_:
        alpha = bool(alpha)
    elif not (t.dtype.is_floating_point or t.dtype.is_complex):
        # in the dtype, wrapping as c10's cast does (-2 is 254 for uint8)
        alpha = np.array(int(alpha.real if isinstance(alpha, complex) else alpha)).astype(
            t.dtype.storage_np)
    # index_add_cpu_ checks each index of a self of one dim or none even when it is empty
    if index.numel() and not (t.is_meta or index.is_meta) and (result.numel() or t.ndim <= 1):
        _index_values(t, result, d, index, source, "sum", alpha)
    return _finish(t, result, out, inplace)


def index_copy(t: Tensor, dim: int, index: Any, source: Any, *, inplace: bool = False,
               out: Tensor | None = None) -> Tensor:
    """index_copy / index_copy_ (TORCH_PRECOMPUTE_META_FUNC(index_copy), index_copy_out)."""
    _check_tensor("index_copy", "index", 2, index)
    _check_tensor("index_copy", "source", 3, source)
    d = views.wrap_dim(dim, t.ndim)

    def checks(o: Tensor) -> None:
        writes.check_writable(o)
        assert_no_overlap(o, index)
        assert_no_overlap(o, source)
    result = _output(t, out, inplace, checks)
    _index_copy_checks(t, d, index, source)
    _copy_self(t, result)
    restride_dim(result, d, index.numel())  # the kernel's iterator writes through it
    if index.numel() and not (t.is_meta or index.is_meta) and result.numel():
        _index_values(t, result, d, index, source, "assign", None)
    return _finish(t, result, out, inplace)


def _index_values(t: Tensor, result: Tensor, d: int, index: Tensor, source: Tensor, kind: str,
                  alpha: Any) -> None:
    """Write source's slices at index along d, the slices in index order."""
    idx, ok = index_values(index.reshape(-1))
    g = _geom(result)
    size = g.shape[d]
    bad = ok & ((idx < 0) | (idx >= size))
    if bad.any():
        forget_all(result)
        first = int(idx[bad][0])
        if kind == "assign":
            raise errors.fail("index_copy_range", index=first, dim=d, size=size)
        # index_add_cpu_ on more than one dim: with alpha 1 along the first or the last dim a
        # scatter_add_ (its kernel's message), else a loop over the slices that checks each
        # index itself (measured over dims, layouts and dtypes)
        if t.ndim > 1 and (alpha is None or alpha == 1) and d in (0, t.ndim - 1):
            raise errors.fail("accumulate_range", index=first, dim=d, size=size)
        raise errors.fail("index_out_of_range_self")
    targets = np.take(element_offsets(g), np.where(ok, idx, 0), axis=d)
    gs = _geom(source)
    if source.ndim == 0 and t.ndim:  # one scalar into a 1-d self
        gs = Geometry(((1,) * g.ndim, (1,) * g.ndim, source._geom.offset))
    values, defined = read_at(source, element_offsets(gs))
    if alpha is not None and not (isinstance(alpha, bool) and alpha):
        values = np.logical_and(values, alpha) if t.dtype is dtypes.bool_ else values * alpha
    known = ok.reshape([-1 if e == d else 1 for e in range(g.ndim)])
    # the kernel visits index entries one after another, each a whole slice
    order = (np.moveaxis(targets, d, 0), np.moveaxis(np.broadcast_to(values, targets.shape), d, 0),
             np.moveaxis(np.broadcast_to(defined & known, targets.shape), d, 0))
    combine(result, *order, kind)
    if not ok.all():
        forget_all(result)
