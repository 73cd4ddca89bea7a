"""index_reduce, masked_scatter and put, out of place, with out= (index_reduce) and in place
(ATen TensorAdvancedIndexing.cpp, cpu/IndexKernel.cpp).

Layouts. index_reduce is a structured kernel like index_add (accumulate.py): a new result is
contiguous whatever self's layout, an out= of self's shape keeps its strides and one of
another shape is resized contiguous. masked_scatter broadcasts self with the mask
(expand_outplace), clones that contiguous and runs masked_scatter_ on the clone; put clones
self preserving its layout (clone(at::MemoryFormat::Preserve)) and runs put_ on the clone. In
place each writes self, refusing a self whose elements share memory, and the version counter
moves once (also when nothing is written).

Values. index_reduce folds source's slices into self's along dim in index order (prod,
mean, amax, amin; include_self=False starts the written slots from the reduction's identity,
through index_fill_); masked_scatter copies source's elements, in their logical order, into
the masked positions of self, visited in self's logical order (a linear iteration), reading
a contiguous source as it writes; put writes (or with accumulate adds) source's elements at
self's flat logical indices, a negative index counting from the end.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, gathers, views, writes
from .accumulate import _check_tensor, _copy_self, _finish, _geom, _index_func_checks, _output
from .accumulate_values import combine, forget_all
from .layouts import broadcast_shapes
from .offset_values import element_offsets, index_values, read_at, write_at
from .overlap import assert_no_overlap, shares_bytes

if TYPE_CHECKING:
    from .tensor import Tensor

_REDUCE = {"prod": "prod", "mean": "mean", "amax": "amax", "amin": "amin"}


# -- index_reduce ------------------------------------------------------------------------------
def index_reduce(t: Tensor, dim: int, index: Any, source: Any, reduce: str, *,
                 include_self: bool = True, inplace: bool = False,
                 out: Tensor | None = None) -> Tensor:
    """index_reduce / index_reduce_ (TORCH_META_FUNC(index_reduce), index_reduce_func_impl)."""
    _check_tensor("index_reduce", "index", 2, index)
    _check_tensor("index_reduce", "source", 3, source)
    d = views.wrap_dim(dim, t.ndim)
    if reduce not in _REDUCE:
        raise errors.fail("index_reduce_name", reduce=reduce)
    _index_func_checks("index_reduce", t, d, index, source)

    def checks(o: Tensor) -> None:
        writes.check_writable(o)
        assert_no_overlap(o, index)
        assert_no_overlap(o, source)
    result = _output(t, out, inplace, checks)
    _copy_self(t, result)
    kind = _REDUCE[reduce]
    dt = t.dtype
    if not include_self:
        if dt is dtypes.bool_ or dt.is_complex:
            raise errors.fail("kernel_dtype", kernel="index_reduce_func_exclude_input_init",
                              type=dt.scalar_name)
        # the written slots start from the identity: index_fill_ and its own range check
        gathers.index_fill_(result, d, index.long(), _fill_identity(kind, dt), bump=False)
    n = index.numel()
    values = not (t.is_meta or index.is_meta or source.is_meta)
    if result.ndim > 1:
        if n == 0:
            return _finish(t, result, out, inplace)
        if result.shape[d] == 0:
            raise errors.fail("select_range", index=0, shape=list(result.shape), dim=d)
        if values and _iterator_lost(result, d, n, kind):
            # the first slice is folded in, then the second finds the iterator short of an
            # operand (or its index out of range)
            first = index.reshape(-1)[:1]
            _reduce_slices(t, result, d, first, source.narrow(d, 0, 1), kind, include_self,
                           strict=False)
            idx, ok = index_values(index.reshape(-1)[1:2])
            if bool(ok[0]) and not 0 <= int(idx[0]) < result.shape[d]:
                raise errors.fail("index_out_of_range_self")
            raise errors.fail("index_reduce_prod_iterator")
        if values:
            _reduce_slices(t, result, d, index, source, kind, include_self, strict=False)
        elif dt.is_complex and kind in ("amax", "amin"):
            raise _complex_extremum(kind, dt)
        if kind == "mean" and dt is dtypes.bool_:
            forget_all(result)  # summed, not divided
            raise errors.fail("kernel_dtype", kernel="div_floor_cpu", type=dt.scalar_name)
    else:
        if dt is dtypes.bool_ or dt.is_complex:
            raise errors.fail("kernel_dtype", kernel="index_func_", type=dt.scalar_name)
        if values and n:
            _reduce_slices(t, result, d, index, source, kind, include_self, strict=True)
    return _finish(t, result, out, inplace)


def _iterator_lost(result: Tensor, d: int, n: int, kind: str) -> bool:
    """Tell whether index_reduce's prod loses its iterator's operand: the kernel reuses one
    binary iterator over a slice for every index, and for half and bfloat16 with a slice of
    one element mul_kernel takes the source as a scalar and removes that operand from the
    iterator (BinaryOpsKernel.cpp `iter.remove_operand(2)`); the next index's mul_stub then
    finds one input where its loop takes two (TensorAdvancedIndexing.cpp
    index_reduce_func_impl; measured on 2.13)."""
    return (kind == "prod" and n >= 2 and result.dtype in (dtypes.float16, dtypes.bfloat16)
            and result.numel() == result.shape[d])


def _fill_identity(kind: str, dt: dtypes.dtype) -> Any:
    """The value index_reduce's include_self=False starts a written slot from."""
    if kind == "prod":
        return 1
    if kind == "mean":
        return 0
    if dt.is_floating_point:
        return float("-inf") if kind == "amax" else float("inf")
    info = np.iinfo(np.dtype(dt.compute_np))
    return int(info.min if kind == "amax" else info.max)


def _complex_extremum(kind: str, dt: dtypes.dtype) -> Exception:
    name = "maximum_cpu" if kind == "amax" else "minimum_cpu"
    return errors.fail("kernel_dtype", kernel=name, type=dt.scalar_name)


def _reduce_slices(t: Tensor, result: Tensor, d: int, index: Tensor, source: Tensor, kind: str,
                   include_self: bool, strict: bool) -> None:
    """Fold source's slices into result's at index along d, in index order.

    `strict`: the 0-d and 1-d kernel, which visits every index before any dtype trouble; the
    other checks each index as it reaches it, then runs the slice's binary op.
    """
    idx, ok = index_values(index.reshape(-1))
    g = _geom(result)
    size = g.shape[d]
    bad = ok & ((idx < 0) | (idx >= size))
    if not strict and t.dtype.is_complex and kind in ("amax", "amin"):
        if bad[0]:
            forget_all(result)
            raise errors.fail("index_out_of_range_self")
        raise _complex_extremum(kind, t.dtype)
    if bad.any():
        forget_all(result)
        raise errors.fail("index_out_of_range_self")
    targets = np.take(element_offsets(g), np.where(ok, idx, 0), axis=d)
    gs = _geom(source)
    src_values, defined = read_at(source, element_offsets(gs))
    known = ok.reshape([-1 if e == d else 1 for e in range(g.ndim)])
    order = (np.moveaxis(targets, d, 0),
             np.moveaxis(np.broadcast_to(src_values, targets.shape), d, 0),
             np.moveaxis(np.broadcast_to(defined & known, targets.shape), d, 0))
    combine(result, *order, kind, include_self)
    if not ok.all():
        forget_all(result)  # garbage indices: where they wrote is unknown


# -- masked_scatter ----------------------------------------------------------------------------
def masked_scatter_(t: Tensor, mask: Any, source: Any, *, bump: bool = True) -> Tensor:
    """Copy source's elements into t where mask is True (masked_scatter__cpu)."""
    _check_tensor("masked_scatter_", "mask", 1, mask)
    _check_tensor("masked_scatter_", "source", 2, source)
    writes.check_writable(t)
    if source.dtype is not t.dtype:
        raise errors.fail("masked_scatter_dtype", self=t.dtype.scalar_name,
                          source=source.dtype.scalar_name)
    expanded = mask.expand(tuple(t.shape))  # expand_inplace: the mask alone broadcasts
    if mask.dtype is not dtypes.bool_:
        raise errors.fail("masked_scatter_mask", dtype=mask.dtype.scalar_name)
    if not (t.is_meta or mask.is_meta or source.is_meta) and t.numel():
        _scatter_masked(t, expanded, source)
    if bump:
        t._bump()
    return t


def masked_scatter(t: Tensor, mask: Any, source: Any) -> Tensor:
    """Broadcast t with mask, clone it contiguous and masked_scatter_ into it."""
    _check_tensor("masked_scatter", "mask", 1, mask)
    _check_tensor("masked_scatter", "source", 2, source)
    shape = broadcast_shapes(tuple(mask.shape), tuple(t.shape))
    result = type(t)._fresh(shape, None, t.dtype, t.device)
    writes.copy_values(result, t.expand(shape))
    return masked_scatter_(result, mask.expand(shape), source, bump=False)


def _scatter_masked(t: Tensor, mask: Tensor, source: Tensor) -> None:
    chosen, known = read_at(mask, element_offsets(mask._geom))
    chosen = np.asarray(chosen, dtype=np.bool_).reshape(-1)
    targets = element_offsets(t._geom).reshape(-1)
    if not known.all():  # which elements a garbage mask picks, and how many, is unknown
        forget_all(t)
        return
    at = targets[chosen]
    n = source.numel()
    short = len(at) > n
    at = at[:n]
    src = element_offsets(source._geom).reshape(-1)[:len(at)]
    if source.is_contiguous() and shares_bytes(t, source):
        # source is read in place as t is written, one element after another
        for o, s in zip(at, src):
            v, ok = read_at(source, np.array([s]))
            write_at(t, np.array([o]), v, ok)
    else:
        v, ok = read_at(source, src)
        write_at(t, at, v, ok)
    if short:
        raise errors.fail("masked_scatter_short")


# -- put ---------------------------------------------------------------------------------------
def put_(t: Tensor, index: Any, source: Any, accumulate: bool = False, *,
         bump: bool = True, op: str = "put_") -> Tensor:
    """Write (or add) source's elements at t's flat logical indices (TensorAdvancedIndexing.cpp
    put_, cpu/IndexKernel.cpp put_kernel)."""
    _check_tensor(op, "index", 1, index)
    _check_tensor(op, "source", 2, source)
    if index.dtype is not dtypes.int64:
        raise errors.fail("put_index_dtype", dtype=index.dtype.scalar_name)
    if source.dtype is not t.dtype:
        raise errors.fail("put_source_dtype", self=t.dtype.scalar_name,
                          source=source.dtype.scalar_name)
    if source.numel() != index.numel():
        raise errors.fail("put_count", source=source.numel(), index=index.numel())
    if t.numel() == 0 and index.numel():
        raise errors.fail("put_empty")
    writes.check_writable(t)
    assert_no_overlap(t, index)
    assert_no_overlap(t, source)
    if index.numel() and not (t.is_meta or index.is_meta or source.is_meta):
        idx, ok = index_values(index)
        idx, ok = idx.reshape(-1), ok.reshape(-1)
        n = t.numel()
        bad = ok & ((idx < -n) | (idx >= n))
        if bad.any():
            forget_all(t)
            raise errors.fail("take_range", index=int(idx[bad][0]), numel=n)
        at = element_offsets(t._geom).reshape(-1)[np.where(ok, idx % n, 0)]
        v, defined = read_at(source, element_offsets(source._geom).reshape(-1))
        write_at(t, at, v, defined & ok, accumulate=bool(accumulate))
        if not ok.all():
            forget_all(t)
    if bump:
        t._bump()
    return t


def put(t: Tensor, index: Any, source: Any, accumulate: bool = False) -> Tensor:
    """Return a clone of t (its layout preserved) with put_ applied."""
    _check_tensor("put", "index", 1, index)
    _check_tensor("put", "source", 2, source)
    return put_(t.clone(), index, source, accumulate, bump=False)


# -- take_along_dim ----------------------------------------------------------------------------
def take_along_dim(t: Tensor, indices: Any, dim: int | None = None, *,
                   out: Tensor | None = None) -> Tensor:
    """Gather along dim after broadcasting t and indices against each other but at dim
    (TensorAdvancedIndexing.cpp take_along_dim, _take_along_dim_helper); without dim, a
    gather from the flattened view. torch 2.13 wraps each index modulo the dim's size."""
    _check_tensor("take_along_dim", "indices", 2, indices)
    if dim is None:
        return gathers.gather(t.view(-1), 0, indices.view(-1), out=out)
    if t.ndim != indices.ndim:
        raise errors.fail("take_along_dim_ndim", a=t.ndim, b=indices.ndim)
    if indices.dtype is not dtypes.int64:
        raise errors.fail("take_along_dim_dtype", dtype=indices.dtype.scalar_name)
    d = views.wrap_dim(dim, t.ndim)
    if not t.ndim:  # indices.size(dim) of a 0-d tensor
        raise errors.fail("no_dims", dim=d)
    mine = list(t.shape)
    mine[d] = indices.shape[d]
    wide = broadcast_shapes(tuple(mine), tuple(indices.shape))
    theirs = list(indices.shape)
    theirs[d] = t.shape[d]
    tall = broadcast_shapes(tuple(theirs), tuple(t.shape))
    picks = indices.expand(wide)
    size = int(t.shape[d])
    if size == 0 and picks.numel() and not (t.is_meta or indices.is_meta):
        raise errors.fail("take_along_dim_zero")
    return gathers.gather(t.expand(tall), d, picks.remainder(max(size, 1)), out=out)
