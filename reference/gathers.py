"""Tensor indexing: index_select, gather, take, masked_select, nonzero, index_fill_,
index_put_ and advanced indexing (ATen TensorAdvancedIndexing.cpp, TensorIndexing.h).

Every op reads and writes element values through storage offsets: an output element's value
is the source element at a computed offset, and an in-place write stores values at computed
offsets (`_read_at`, `_write_at`), so expanded, transposed and conjugate tensors need no
special case. Output layouts follow ATen: index_select, gather, take and masked_select
allocate contiguous outputs, nonzero a column-major one, aten::index the layout its
TensorIterator gives (`iterator.iterator_layout` over the restrided source and the indices).

FUNCTIONS maps each torch.<name> this module models to its function; GatherMethods holds the
Tensor methods. `advanced_getitem` and `advanced_setitem` are `x[index]` and `x[index] = v`
for indices holding tensors or sequences (`is_advanced` tells which indices those are).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from . import dtypes, errors, slice_views, ternary, views, writes
from . import values as vals
from .geometry import Geometry, compute_stride, contiguous_strides, overlaps_internally
from .iterator import Layout, iterator_layout
from .layouts import broadcast_shapes, empty_like_strides
from .operands import is_scalar, is_tensor
from .overlap import assert_no_overlap, assert_no_partial_overlap, unordered_overlap
from .pointwise import check_out_dtype, resize_out
from .promotion import checked_scalar

if TYPE_CHECKING:
    from .tensor import Tensor  # noqa: F401

# mypy: disable-error-code="misc"

Shape = tuple[int, ...]
_INDEX_DTYPES = ("int32", "int64")
_MASK_DTYPES = ("bool", "uint8")


# -- shared helpers -------------------------------------------------------------------------
def _offsets(g: Geometry) -> np.ndarray:
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


def _read_at(t: Tensor, offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return the logical values of t's elements at storage offsets, and which are defined."""
    if offsets.size == 0:
        empty = np.zeros(offsets.shape, dtype=np.dtype(t.dtype.compute_np))
        return empty, np.ones(offsets.shape, dtype=np.bool_)
    flat, rel = _flat_view(t, offsets)
    return flat._values()[rel], flat._defined()[rel]


def _store(out: Tensor, values: np.ndarray, defined: np.ndarray, *sources: Tensor) -> None:
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


def _write_at(t: Tensor, offsets: np.ndarray, values: np.ndarray, defined: np.ndarray,
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


def _index_values(index: Tensor) -> tuple[np.ndarray, np.ndarray]:
    """Return an index tensor's values as int64 and which are defined (garbage reads as 0)."""
    defined = index._defined()
    values = np.asarray(index._values()).astype(np.int64)
    return np.where(defined, values, 0), defined


def _check_tensor(op: str, arg: str, pos: int, value: Any) -> None:
    if not is_tensor(value):
        raise errors.fail("argument_type", op=op, arg=arg, pos=pos, type=type(value).__name__)


def _resize_output(out: Tensor, shape: Shape, strides: Shape | None = None) -> bool:
    """ATen Resize.cpp resize_output: resize (warning if it had elements) when shapes differ."""
    if tuple(out.shape) == shape:
        return False
    resize_out(out, Layout((shape, contiguous_strides(shape) if strides is None else strides)))
    return True


# -- index_select, gather, take --------------------------------------------------------------
def index_select(t: Tensor, dim: int, index: Any, *, out: Tensor | None = None) -> Tensor:
    """Select slices of t along dim (TensorAdvancedIndexing.cpp index_select_out_cpu_)."""
    _check_tensor("index_select", "index", 2, index)
    dim = views.wrap_dim(dim, t.ndim)
    if index.ndim > 1:
        raise errors.fail("index_select_vector")
    if index.dtype.name not in _INDEX_DTYPES:
        raise errors.fail("index_select_dtype")
    if out is not None and out.dtype is not t.dtype:
        raise errors.fail("index_select_out_dtype")
    numel = index.numel()
    shape = tuple(t.shape)
    if t.ndim:
        shape = shape[:dim] + (numel,) + shape[dim + 1:]
    if out is None:
        result = type(t)._fresh(shape, None, t.dtype, t.device)
    else:
        writes.check_writable(out)
        assert_no_overlap(out, t)
        assert_no_overlap(out, index)
        _resize_output(out, shape)
        result = out
    if t.ndim == 0 and numel != 1:
        raise errors.fail("index_select_scalar", n=numel)
    if not (t.is_meta or index.is_meta) and numel:
        idx, ok = _index_values(index.reshape(-1))
        size = t.shape[dim] if t.ndim else 1
        bad = ok & ((idx < 0) | (idx >= size))
        if t.ndim > 1 and t.numel() == 0 and size == 0:
            raise errors.fail("index_select_axis")
        if bad.any():
            first = int(idx[bad][0])
            # the batched dim-1 kernel and the empty-self check word it their own way
            if t.ndim > 1 and (t.numel() == 0 or (dim == 1 and result.is_contiguous())):
                raise errors.fail("indices_out_of_data", id=first, size=size)
            raise errors.fail("index_out_of_range_self")
        if t.numel():
            g = t._geom if t.ndim else Geometry(((1,), (1,), t._geom.offset))
            offsets = np.take(_offsets(g), np.where(ok, idx, 0), axis=dim).reshape(shape)
            known = ok.reshape([-1 if d == dim else 1 for d in range(len(shape))] or ())
            values, defined = _read_at(t, offsets)
            _store(result, values, defined & known, t, index)
    if out is not None:
        out._bump()
    return result


def gather(t: Tensor, dim: int, index: Any, *, sparse_grad: bool = False,
           out: Tensor | None = None) -> Tensor:
    """Gather values along dim at index (TensorAdvancedIndexing.cpp gather meta and kernel)."""
    _check_tensor("gather", "index", 2, index)
    dim = views.wrap_dim(dim, t.ndim)
    shape = tuple(index.shape)
    if out is None:
        result = type(t)._fresh(shape, None, t.dtype, t.device)
    else:
        check_out_dtype(out, t.dtype)
        _resize_output(out, shape)
        writes.check_writable(out)
        assert_no_overlap(out, t)
        assert_no_partial_overlap(out, index)
        result = out
    if index.numel():
        if index.dtype.name not in _INDEX_DTYPES:
            raise errors.fail("gather_dtype")
        _gather_shape_check(t, dim, index)
        if not (t.is_meta or index.is_meta):
            idx, ok = _index_values(index)
            size = t.shape[dim] if t.ndim else 1
            bad = ok & ((idx < 0) | (idx >= size))
            if bad.any():
                raise errors.fail("gather_range", index=int(idx[bad][0]), dim=dim, size=size)
            g = t._geom if t.ndim else Geometry(((1,), (1,), t._geom.offset))
            at = np.where(ok, idx, 0).reshape(idx.shape or (1,))
            offsets = np.full(at.shape, g.offset, dtype=np.int64)
            for d in range(at.ndim):  # index's own coordinates, but along dim
                n: int = at.shape[d]
                coord = at if d == dim else np.arange(n, dtype=np.int64).reshape(
                    [n if e == d else 1 for e in range(at.ndim)])
                offsets = offsets + coord * g.strides[d]
            values, defined = _read_at(t, offsets.reshape(shape))
            _store(result, values, defined & ok, t, index)
    if out is not None:
        out._bump()
    return result


def _gather_shape_check(t: Tensor, dim: int, index: Tensor) -> None:
    """ATen ScatterGatherChecks.h gather_shape_check (0-d tensors count as 1-d)."""
    if max(t.ndim, 1) != max(index.ndim, 1):
        raise errors.fail("gather_ndim")
    for d in range(max(t.ndim, 1)):
        if d != dim and (index.shape[d] if index.ndim else 1) > (t.shape[d] if t.ndim else 1):
            raise errors.fail("gather_size", dim_at=d, index=tuple(index.shape),
                              self=tuple(t.shape), dim=dim)


def take(t: Tensor, index: Any, *, out: Tensor | None = None) -> Tensor:
    """Index t as if flattened (TensorAdvancedIndexing.cpp take_out)."""
    _check_tensor("take", "index", 1, index)
    if index.dtype is not dtypes.int64:
        raise errors.fail("take_dtype", dtype=index.dtype.scalar_name)
    if out is not None and out.dtype is not t.dtype:
        raise errors.fail("take_out_dtype", a=t.dtype.scalar_name, b=out.dtype.scalar_name)
    if t.numel() == 0 and index.numel() != 0:
        raise errors.fail("take_empty")
    shape = tuple(index.shape)
    if out is None:
        result = type(t)._fresh(shape, None, t.dtype, t.device)
    else:
        writes.check_writable(out)
        assert_no_overlap(out, index)
        assert_no_overlap(out, t)
        if tuple(out.shape) != shape:  # the iterator resizes it to the index's layout
            resize_out(out, iterator_layout([(shape, index._geom.strides)]))
        result = out
    if index.numel() and not (t.is_meta or index.is_meta):
        idx, ok = _index_values(index)
        n = t.numel()
        bad = ok & ((idx < -n) | (idx >= n))
        if bad.any():
            raise errors.fail("take_range", index=int(idx.reshape(-1)[bad.reshape(-1)][0]),
                              numel=n)
        offsets = _offsets(t._geom).reshape(-1)[np.where(ok, idx % max(n, 1), 0)]
        values, defined = _read_at(t, offsets)
        _store(result, values, defined & ok, t, index)
    if out is not None:
        out._bump()
    return result


# -- masked_select, nonzero --------------------------------------------------------------------
def masked_select(t: Tensor, mask: Any, *, out: Tensor | None = None) -> Tensor:
    """Return t's elements where mask is True, broadcast together, as a 1-d tensor."""
    _check_tensor("masked_select", "mask", 1, mask)
    if mask.dtype is not dtypes.bool_:
        raise errors.fail("masked_select_mask")
    if out is not None:
        if out.dtype is not t.dtype:
            raise errors.fail("masked_select_out_dtype")
        writes.check_writable(out)
        assert_no_overlap(out, t)
        assert_no_overlap(out, mask)
    shape = broadcast_shapes(tuple(mask.shape), tuple(t.shape))
    if t.is_meta or mask.is_meta:
        raise errors.fail("masked_select_meta")  # the output's size depends on the values
    chosen = np.broadcast_to(mask._values().astype(np.bool_), shape)
    n = int(chosen.sum())
    if out is None:
        result = type(t)._fresh((n,), None, t.dtype, t.device)
    else:
        _resize_output(out, (n,))
        result = out
    if n:
        values = np.broadcast_to(t._values(), shape)[chosen]
        defined = np.broadcast_to(t._defined(), shape)[chosen]
        if not vals.fully_defined(mask._storage):
            defined = defined & np.broadcast_to(mask._defined(), shape)[chosen]
        _store(result, values, defined, t, mask)
    if out is not None:
        out._bump()
    return result


def nonzero(t: Tensor, *, out: Tensor | None = None, as_tuple: bool = False) -> Any:
    """Return the indices of t's nonzero elements (TensorAdvancedIndexing.cpp nonzero_out_cpu).

    A new result is column-major, (n, ndim) with strides (1, n); `as_tuple` unbinds it into
    views of its columns, and a 0-d tensor counts as 1-d there (nonzero_numpy).
    """
    if as_tuple:
        if out is not None:
            raise errors.fail("nonzero_tuple_out")
        found = nonzero(t.unsqueeze(0) if t.ndim == 0 else t)
        return tuple(found._view_of(g) for g in slice_views.unbind(found._geom, 1))
    if t.is_meta:
        # the output's size depends on the values: torch's meta function (nonzero's
        # register_meta) refuses before looking at out=
        raise errors.fail("nonzero_meta")
    if out is not None:
        if out.dtype is not dtypes.int64:
            raise errors.fail("nonzero_out_dtype", dtype=out.dtype.scalar_name)
        writes.check_writable(out)
        assert_no_overlap(out, t)
    values = t._values()
    where = np.argwhere(values != 0) if t.ndim else np.zeros((int(values != 0), 0), np.int64)
    n, ndim = where.shape[0], t.ndim
    if out is None:
        result = type(t)._fresh((n, ndim), (1, n), dtypes.int64, t.device)
    else:
        _resize_output(out, (n, ndim), (1, n))
        result = out
    # which elements are nonzero is only known where t's values are
    defined = np.broadcast_to(np.asarray(t._defined()).all(), where.shape)
    _store(result, where, defined)
    if out is not None:
        out._bump()
    return result


def argwhere(t: Tensor) -> Tensor:
    return nonzero(t)


# -- index_fill --------------------------------------------------------------------------------
def index_fill_(t: Tensor, dim: int, index: Any, value: Any, *, bump: bool = True,
                op: str = "index_fill_") -> Tensor:
    """Fill the slices of t at index along dim (TensorAdvancedIndexing.cpp index_fill_).

    `bump` is False inside index_fill, whose fresh result keeps version 0.
    """
    if not is_tensor(index) or not (is_tensor(value) or is_scalar(value)):
        got = ", ".join(type(a).__name__ for a in (dim, index, value))
        raise errors.fail("argument_overloads", op=op, type=got)
    if is_tensor(value):
        if value.ndim:
            raise errors.fail("index_fill_value", ndim=value.ndim)
        if value.is_meta:
            raise errors.fail("meta_item")
        value = value.item()
    if index.dtype is not dtypes.int64:
        raise errors.fail("index_fill_dtype")
    assert_no_overlap(t, index)
    if overlaps_internally(t._geom):
        warnings.warn(errors.warning("index_fill_expanded"), stacklevel=3)
    if isinstance(value, complex) and not t.dtype.is_complex:
        raise errors.fail("index_fill_complex")
    g = t._geom if t.ndim else Geometry(((1,), (1,), t._geom.offset))
    dim = views.wrap_dim(dim, g.ndim)
    if index.ndim > 1:
        raise errors.fail("index_fill_vector")
    numel = index.numel()
    # self is restrided to size numel, stride 0 along dim (as_strided checks its storage)
    restrided = Geometry((g.shape[:dim] + (numel,) + g.shape[dim + 1:],
                          g.strides[:dim] + (0,) + g.strides[dim + 1:], g.offset))
    needed = restrided.extent() * t.dtype.itemsize
    if needed > t._storage.nbytes:
        raise errors.fail("storage_out_of_bounds", shape=restrided.shape,
                          strides=restrided.strides, offset=g.offset, itemsize=t.dtype.itemsize,
                          needed=needed, have=t._storage.nbytes)
    value = checked_scalar(value, t.dtype)
    # the kernel checks each index as it visits it: none when the iteration is empty
    if restrided.numel and not (t.is_meta or index.is_meta):
        idx, ok = _index_values(index.reshape(-1))
        size = g.shape[dim]
        bad = ok & ((idx < -size) | (idx >= size))
        if bad.any():
            raise errors.fail("index_range", index=int(idx[bad][0]), dim=dim, size=size)
        chosen = np.take(_offsets(g), np.where(ok, idx % max(size, 1), 0), axis=dim)
        filled = np.asarray(value)
        _write_at(t, chosen, filled, np.ones((), np.bool_))
        if not ok.all():
            writes.forget(t, np.ones(t.shape, dtype=np.bool_))  # garbage says where it went
    if bump:
        t._bump()
    return t


def index_fill(t: Tensor, dim: int, index: Any, value: Any) -> Tensor:
    """Return a clone of t (its layout preserved) with index_fill_ applied."""
    return index_fill_(t.clone(), dim, index, value, bump=False, op="index_fill")


# -- aten::index and index_put_ ----------------------------------------------------------------
class _Index(NamedTuple):
    """One index tensor as make_info sees it: geometry, dtype and values (None on meta)."""

    shape: Shape
    strides: Shape
    dtype: dtypes.dtype
    values: np.ndarray | None
    defined: np.ndarray | None

    @classmethod
    def of(cls, t: Tensor) -> _Index:
        if t.is_meta:
            return cls(tuple(t.shape), t._geom.strides, t.dtype, None, None)
        values = np.asarray(t._values())
        return cls(tuple(t.shape), t._geom.strides, t.dtype, values, np.asarray(t._defined()))


class _Info(NamedTuple):
    """ATen AdvancedIndex: the source transposed so the indexed dims come first if need be,
    the restrided source, and the indices reshaped to broadcast over it."""

    src: Geometry  # the (transposed) tensor indexed, before restriding
    restrided: Geometry
    before: int
    indices: list[_Index]  # broadcast to one shape, int64, in the indexed dims' order
    reshaped: list[tuple[Shape, Shape]]
    indexed_sizes: list[int]


def _make_info(src: Geometry, slots: Sequence[_Index | None], *, mask_shape: Shape,
               skip_masks: bool = False) -> _Info | None:
    """Return aten::index's AdvancedIndex (TensorAdvancedIndexingUtils.h make_info).

    Masks become the columns of their nonzero(); on meta, where those are unknown, this
    raises as torch's meta nonzero does, or returns None when `skip_masks` says the caller
    can do without the indices (index_put_ on meta).
    """
    for s in slots:  # checkIndexTensorTypes, allow_int
        if s is not None and s.dtype.name not in _INDEX_DTYPES + _MASK_DTYPES:
            raise errors.fail("index_dtype")
    expanded: list[_Index | None] = []  # expandTensors
    for s in slots:
        if s is None or s.dtype.name not in _MASK_DTYPES:
            expanded.append(s)
            continue
        if s.dtype is dtypes.uint8:
            warnings.warn(errors.warning("index_uint8"), stacklevel=4)
        for j, n in enumerate(s.shape):
            at = len(expanded) + j
            size = mask_shape[views.wrap_dim(at, len(mask_shape))]
            if n != size:
                raise errors.fail("index_mask_shape", mask=s.shape, j=j, shape=mask_shape,
                                  at=at)
        if s.values is None:
            if skip_masks:
                return None
            raise errors.fail("nonzero_meta")
        found = np.argwhere(s.values != 0) if s.shape else \
            np.zeros((int(s.values != 0), 0), np.int64)
        known = np.broadcast_to(np.asarray(s.defined).all(), found.shape[:1])
        for j in range(len(s.shape)):
            expanded.append(_Index((len(found),), (1,), dtypes.int64, found[:, j], known))
    defined = [s for s in expanded if s is not None]
    shape = defined[0].shape
    try:  # expand_outplace
        for s in defined[1:]:
            shape = broadcast_shapes(shape, s.shape)
    except RuntimeError:
        raise errors.fail("index_broadcast", shapes=", ".join(
            errors._list(s.shape) for s in defined)) from None
    slots = [None if s is None else s if s.shape == shape else _expanded(s, shape)
             for s in expanded]
    slots += [None] * (src.ndim - len(slots))
    dims = [d for d, s in enumerate(slots) if s is not None]
    if dims != list(range(dims[0], dims[-1] + 1)):  # transposeToFront
        order = dims + [d for d, s in enumerate(slots) if s is None]
        src = views.permute(src, order)
        slots = [slots[d] for d in order]
        dims = list(range(len(dims)))
    indices = []
    for d in dims:  # int32 indices become int64 copies, their layout preserved
        s = slots[d]
        assert s is not None, "dims lists the defined slots"
        if s.dtype is not dtypes.int64:
            strides = empty_like_strides(Geometry((s.shape, s.strides, 0)), dtypes.preserve_format)
            s = s._replace(strides=strides, dtype=dtypes.int64)
        indices.append(s)
    before, count = dims[0], len(dims)
    after = src.ndim - before - count
    indexed_sizes = [src.shape[d] for d in dims]
    if 0 in indexed_sizes and 0 not in shape:
        raise errors.fail("index_empty_dim")
    restrided = Geometry((src.shape[:before] + shape + src.shape[before + count:],
                          src.strides[:before] + (0,) * len(shape) +
                          src.strides[before + count:], src.offset))
    target = (1,) * before + shape + (1,) * after
    reshaped = []
    for s in indices:  # reshape_indexer: a view where one exists
        viewed = compute_stride(s.shape, s.strides, target)
        reshaped.append((target, viewed if viewed is not None else contiguous_strides(target)))
    return _Info(src, restrided, before, indices, reshaped, indexed_sizes)


def _expanded(s: _Index, shape: Shape) -> _Index:
    g = views.expand(Geometry((s.shape, s.strides, 0)), shape)
    if s.values is None or s.defined is None:
        return s._replace(shape=shape, strides=g.strides)
    return _Index(shape, g.strides, s.dtype, np.broadcast_to(s.values, shape),
                  np.broadcast_to(s.defined, shape))


def _target_offsets(info: _Info) -> tuple[np.ndarray, np.ndarray]:
    """Return the storage offset each element of the restrided source reads or writes,
    checking the indices' bounds as the CPU index kernel does (element by element)."""
    src = info.src
    idx = [np.asarray(s.values).astype(np.int64) for s in info.indices]
    ok = np.ones(info.indices[0].shape, dtype=np.bool_)
    for s in info.indices:
        ok &= np.asarray(s.defined)
    bad = np.zeros(ok.shape, dtype=np.bool_)
    for i, size in zip(idx, info.indexed_sizes):
        bad |= ok & ((i < -size) | (i >= size))
    if bad.any() and info.restrided.numel:  # an empty iteration visits no index
        first = np.argwhere(bad)[0]
        for k, (i, size) in enumerate(zip(idx, info.indexed_sizes)):
            v = int(i[tuple(first)])
            if not -size <= v < size:
                raise errors.fail("index_range", index=v, dim=k, size=size)
    before, count = info.before, len(idx)
    lead = Geometry((src.shape[:before], src.strides[:before], src.offset))
    tail = Geometry((src.shape[before + count:], src.strides[before + count:], 0))
    shape = info.indices[0].shape
    picked = np.zeros(shape, dtype=np.int64)
    for i, size, d in zip(idx, info.indexed_sizes, range(before, before + count)):
        picked = picked + np.where(ok, i % max(size, 1), 0) * src.strides[d]
    offsets = (_offsets(lead).reshape(lead.shape + (1,) * (len(shape) + tail.ndim)) +
               picked.reshape((1,) * before + shape + (1,) * tail.ndim) +
               _offsets(tail).reshape((1,) * (before + len(shape)) + tail.shape))
    known = np.broadcast_to(ok.reshape((1,) * before + shape + (1,) * tail.ndim),
                            offsets.shape)
    return offsets, known


def aten_index(t: Tensor, slots: Sequence[Tensor | None]) -> Tensor:
    """Run aten::index: gather t's elements at broadcast index tensors (TensorAdvancedIndexing.cpp).

    The output takes the layout TensorIterator gives it over the restrided source and the
    reshaped indices (build_index_op).
    """
    info = _make_info(t._geom, [None if s is None else _Index.of(s) for s in slots],
                      mask_shape=tuple(t.shape))
    assert info is not None, "make_info returns None only when masks may be skipped"
    layout = iterator_layout([(info.restrided.shape, info.restrided.strides)] + info.reshaped)
    out = type(t)._fresh(layout.shape, layout.strides, t.dtype, t.device)
    if not t.is_meta and any(s.values is None for s in info.indices):
        return out  # meta indices: nothing to read
    if not t.is_meta:
        offsets, known = _target_offsets(info)
        values, defined = _read_at(t, offsets)
        _store(out, values, defined & known, t)
    return out


def _index_put(t: Tensor, slots: Sequence[Tensor | None], value: Tensor,
               accumulate: bool) -> None:
    """Write value at the indices into t, without bumping its version (_index_put_impl_)."""
    if len(slots) > t.ndim:
        raise errors.fail("index_put_too_many", ndim=t.ndim, n=len(slots))
    if overlaps_internally(t._geom):
        warnings.warn(errors.warning("index_put_expanded"), stacklevel=4)
    if not accumulate:
        mask = _masked_fill_mask(t, slots, value)
        if mask is not None:
            ternary.masked_fill_(t, mask, value.item(), bump=False)
            return
    assert_no_overlap(t, value)
    for s in slots:
        if s is not None:
            assert_no_overlap(t, s)
    info = _make_info(t._geom, [None if s is None else _Index.of(s) for s in slots],
                      mask_shape=tuple(t.shape), skip_masks=t.is_meta)
    if info is None:
        return  # meta masks: the shapes that depend on their values are not checked
    src_shape = info.restrided.shape
    vshape = tuple(value.shape)
    if len(vshape) > len(src_shape) or any(
            v not in (1, s) for v, s in zip(reversed(vshape), reversed(src_shape))):
        raise errors.fail("index_put_shape", value=vshape, shape=src_shape)
    if value.dtype is not t.dtype:
        raise errors.fail("index_put_dtype", dst=t.dtype.scalar_name, src=value.dtype.scalar_name)
    if t.is_meta or value.is_meta or any(s.values is None for s in info.indices):
        return
    offsets, known = _target_offsets(info)
    values = np.broadcast_to(value._values(), src_shape)
    defined = np.broadcast_to(value._defined(), src_shape) & known
    _write_at(t, offsets, vals.quantize(values, t.dtype) if t.dtype is not dtypes.bool_
              else values.astype(np.bool_), defined, accumulate)
    if value._storage.tolerance:
        t._storage.tolerance = max(t._storage.tolerance, value._storage.tolerance)
        t._storage.tolerance_dtype = t.dtype
    if not known.all():
        writes.forget(t, np.ones(t.shape, dtype=np.bool_))  # garbage indices: anywhere


def _masked_fill_mask(t: Tensor, slots: Sequence[Tensor | None], value: Tensor) -> Any:
    """Return the mask index_put_ hands to masked_fill_, or None (canDispatchToMaskedFill)."""
    if value.numel() != 1 or value.is_meta:
        return None
    mask = None
    count = 0
    for s in slots:
        if s is None:
            count += 1
            continue
        if s.dtype.name not in _MASK_DTYPES or s.device != t.device or mask is not None:
            return None
        mask = s
        for j, n in enumerate(s.shape):
            at = count + j
            if n != t.shape[views.wrap_dim(at, t.ndim)]:
                raise errors.fail("index_mask_shape", mask=tuple(s.shape), j=j,
                                  shape=tuple(t.shape), at=at)
        count += s.ndim
    if mask is None:
        return None
    for _ in range(count, t.ndim):
        mask = mask.unsqueeze(-1)
    return mask


def _index_put_arguments(op: str, first: int, indices: Any, values: Any) -> list[Tensor]:
    """Check index_put's arguments as its Python binding does (a tuple of Tensors)."""
    if not isinstance(indices, (tuple, list)):
        raise errors.fail("index_put_indices_type", op=op, pos=first,
                          type=type(indices).__name__)
    for i, s in enumerate(indices):
        if not is_tensor(s):
            raise errors.fail("index_put_element", i=i, arg=first - 1,
                              type=type(s).__name__)
    _check_tensor(op, "values", first + 1, values)
    return list(indices)


def index_put_(t: Tensor, indices: Any, values: Any, accumulate: bool = False, *,
               function: bool = False) -> Tensor:
    """Write values at tensor indices, or add them with `accumulate` (index_put_)."""
    slots = _index_put_arguments("index_put_", 2 if function else 1, indices, values)
    _index_put(t, slots, values, accumulate)
    t._bump()
    return t


def index_put(t: Tensor, indices: Any, values: Any, accumulate: bool = False, *,
              function: bool = False) -> Tensor:
    """Return a clone of t (its layout preserved) with index_put_ applied."""
    slots = _index_put_arguments("index_put", 2 if function else 1, indices, values)
    result = t.clone()
    _index_put(result, slots, values, accumulate)
    return result


# -- Python indexing with tensors: x[index] and x[index] = value --------------------------------
def is_advanced(index: Any) -> bool:
    """Return whether `x[index]` needs advanced_getitem: a tensor with dims, or a sequence.

    0-d tensors of integers and bools are read as ints and bools by the basic path
    (arguments.index_items); any other tensor, and any list, range or nested tuple, is
    handled here.
    """
    items = index if type(index) is tuple else (index,)
    for it in items:
        if is_tensor(it):
            if it.ndim or it.dtype.is_floating_point or it.dtype.is_complex:
                return True
        elif isinstance(it, (list, range)) or (type(it) is tuple and type(index) is tuple):
            return True
    return False


def _as_tuple(index: Any) -> tuple[Any, ...]:
    """Wrap a non-tuple index, treating a short sequence of indices as a tuple as NumPy did.

    python_variable_indexing.cpp treatSequenceAsTuple: a list (of fewer than 32 items)
    holding a tensor, sequence, slice, Ellipsis or None is read as a tuple, with a warning.
    """
    if type(index) is tuple:
        return index
    if isinstance(index, (list, range)) and len(index) < 32 and any(
            is_tensor(it) or isinstance(it, (list, tuple, range, slice)) or it is None or
            it is Ellipsis for it in index):
        warnings.warn(errors.warning("index_sequence"), stacklevel=4)
        return tuple(index)
    return (index,)


def _sequence_tensor(t: Tensor, seq: Any) -> Tensor:
    """Return the index tensor torch builds from a list: bool if all bools, else int64.

    torch/csrc/utils/tensor_new.cpp indexing_tensor_from_data (floats truncate).
    """
    def leaves(x: Any) -> list[Any]:
        if isinstance(x, (list, tuple, range)):
            return [v for item in x for v in leaves(item)]
        if is_tensor(x):
            return [x.item()]
        if isinstance(x, (str, bytes)):
            raise errors.fail("index_str", type=type(x).__name__)
        if isinstance(x, complex):
            raise errors.fail("index_complex")
        return [x]

    def shape_of(x: Any) -> Shape:
        if isinstance(x, (list, tuple, range)):
            return (len(x),) + (shape_of(x[0]) if len(x) else ())
        return ()

    flat = leaves(seq)
    is_bool = bool(flat) and all(isinstance(v, (bool, np.bool_)) for v in flat)
    dt = dtypes.bool_ if is_bool else dtypes.int64
    shape = shape_of(seq)
    out = type(t)._fresh(shape, None, dt, t.device)
    if not out.is_meta and flat:
        out._write(np.array([int(v) for v in flat], dtype=np.int64).reshape(shape))
    return out


def _bool_index(t: Tensor, value: bool) -> Tensor:
    """A Python bool records a long index of one zero, or none (boolToIndexingTensor)."""
    out = type(t)._fresh((1,) if value else (0,), None, dtypes.int64, t.device)
    if value and not out.is_meta:
        out._write(np.zeros(1, dtype=np.int64))
    return out


def _slice(g: Geometry, dim: int, it: slice) -> Geometry:
    def bound(v: Any) -> int | None:
        if v is None:
            return None
        if isinstance(v, (int, np.integer)):
            return int(v)
        if is_tensor(v):
            return int(v.__index__())
        raise errors.fail("slice_bound")
    step = 1 if it.step is None else bound(it.step)
    if step == 0:
        raise errors.fail("slice_step_zero")
    if step is not None and step < 0:
        raise errors.fail("slice_step_negative")
    if not g.ndim:
        raise errors.fail("slice_0d")
    return slice_views.slice(g, dim, bound(it.start), bound(it.stop), step or 1)


def _select(g: Geometry, dim: int, i: int, position: int) -> Geometry:
    n = g.shape[dim] if dim < g.ndim else 0
    if not -n <= i < n:
        raise errors.fail("index_range", index=i, dim=position, size=n)
    return slice_views.select(g, dim, i)


def _apply_slicing(t: Tensor, index: Any) -> tuple[Geometry, list[Tensor | None] | None]:
    """Apply the basic items of an index and record its tensors (TensorIndexing.h applySlicing).

    Returns the sliced geometry and the index tensors at the dims they index (None where a
    dim is not indexed), or None for the tensors when there are none. A mask records one
    slot and covers as many dims as it has.
    """
    items = _as_tuple(index)
    specified = 0  # count_specified_dimensions
    for it in items:
        if is_tensor(it):
            specified += it.ndim if it.dtype.name in _MASK_DTYPES else 1
        elif it is not None and it is not Ellipsis and type(it) is not bool:
            specified += 1
    ndim = t.ndim
    if specified > ndim:
        raise errors.fail("too_many_indices", ndim=ndim)
    g = t._geom
    dim = 0
    slots: list[Tensor | None] | None = None

    def record(index_tensor: Tensor) -> None:
        nonlocal slots, dim
        if slots is None:
            slots = [None] * dim + [index_tensor]
        else:
            slots.append(index_tensor)
        dim += index_tensor.ndim if index_tensor.dtype.name in _MASK_DTYPES else 1

    for position, it in enumerate(items):
        if type(it) is slice:
            g = _slice(g, dim, it)
            dim += 1
            if slots is not None:
                slots.append(None)
        elif it is Ellipsis:
            dim += ndim - specified
            if slots is not None:
                slots.extend([None] * (ndim - specified))
        elif it is None:
            g = views.unsqueeze(g, dim)
            dim += 1
            if slots is not None:
                slots.append(None)
        elif type(it) is bool or isinstance(it, np.bool_):
            g = views.unsqueeze(g, dim)
            record(_bool_index(t, bool(it)))
        elif is_tensor(it):
            integral = not (it.dtype.is_floating_point or it.dtype.is_complex)
            if it.ndim == 0 and integral and it.dtype.name not in _MASK_DTYPES:
                if it.is_meta:
                    raise errors.fail("meta_item")
                g = _select(g, dim, int(it.item()), position)
            elif it.ndim == 0 and integral:
                if it.is_meta:
                    raise errors.fail("meta_item")
                g = views.unsqueeze(g, dim)
                record(_bool_index(t, bool(it.item())))
            else:
                record(it)
        elif isinstance(it, (list, tuple, range)):
            record(_sequence_tensor(t, it))
        elif isinstance(it, (str, bytes)):
            raise errors.fail("index_str", type=type(it).__name__)
        elif isinstance(it, (int, np.integer)):
            g = _select(g, dim, int(it), position)
        else:
            try:
                i = it.__index__()
            except (AttributeError, TypeError):
                raise errors.fail("index_type", type=type(it).__name__) from None
            g = _select(g, dim, int(i), position)
    while slots and slots[-1] is None:  # dispatch_index(_put_) drops trailing null indices
        slots.pop()
    return g, slots


def advanced_getitem(t: Tensor, index: Any) -> Tensor:
    """Return `t[index]` for an index holding tensors or sequences (THPVariable_getitem).

    The basic items make a view; the recorded tensors then index it with aten::index, which
    copies. An index that turns out to hold no tensor returns the view.
    """
    g, slots = _apply_slicing(t, index)
    sliced = t._view_of(g)
    if slots is None:
        return sliced
    return aten_index(sliced, slots)


def advanced_setitem(t: Tensor, index: Any, value: Any) -> None:
    """Run `t[index] = value` for an index holding tensors or sequences (THPVariable_setitem).

    A Python number becomes a 0-d tensor of t's dtype first; a tensor value loses its
    leading size-1 dims; then index_put_ writes it (or copy_ does, if no tensor was
    recorded) and t's version counts one write.
    """
    if not is_tensor(value):
        if not is_scalar(value):
            raise errors.fail("assign_type", type=type(value).__name__, tensor=t._typename())
        checked_scalar(value, t.dtype, 1)
        scalar = type(t)._fresh((), None, t.dtype, t.device)
        if not scalar.is_meta:
            scalar._write(np.asarray(value))
        value = scalar
    g, slots = _apply_slicing(t, index)
    sliced = t._view_of(g)
    shape = tuple(value.shape)
    lead = 0
    while lead < len(shape) and shape[lead] == 1:
        lead += 1
    if slots is None:  # TensorIndexing.h copy_to
        if shape == g.shape:
            writes.copy_(sliced, value)
        elif value.ndim == 0:
            writes.fill_(sliced, value)
        else:
            writes.copy_(sliced, value.view(shape[lead:]).expand_as(sliced))
        return
    if lead:
        value = value.view(shape[lead:])
    _index_put(sliced, slots, value, False)
    t._bump()


class GatherMethods:
    """The methods of Tensor that index_select and its relatives route through."""

    __slots__ = ()

    def index_select(self: Tensor, dim: int, index: Any) -> Tensor:
        return index_select(self, dim, index)

    def gather(self: Tensor, dim: int, index: Any, *, sparse_grad: bool = False) -> Tensor:
        return gather(self, dim, index, sparse_grad=sparse_grad)

    def take(self: Tensor, index: Any) -> Tensor:
        return take(self, index)

    def masked_select(self: Tensor, mask: Any) -> Tensor:
        return masked_select(self, mask)

    def nonzero(self: Tensor, *, as_tuple: bool = False) -> Any:
        return nonzero(self, as_tuple=as_tuple)

    def argwhere(self: Tensor) -> Tensor:
        return nonzero(self)

    def index_fill_(self: Tensor, dim: int, index: Any, value: Any) -> Tensor:
        return index_fill_(self, dim, index, value)

    def index_fill(self: Tensor, dim: int, index: Any, value: Any) -> Tensor:
        return index_fill(self, dim, index, value)

    def index_put_(self: Tensor, indices: Any, values: Any, accumulate: bool = False) -> Tensor:
        return index_put_(self, indices, values, accumulate)

    def index_put(self: Tensor, indices: Any, values: Any, accumulate: bool = False) -> Tensor:
        return index_put(self, indices, values, accumulate)


def _function(fn: Callable[..., Any], name: str) -> Callable[..., Any]:
    def call(input: Tensor, *args: Any, **kwargs: Any) -> Any:  # noqa: A002
        return fn(input, *args, **kwargs)
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return torch.{name}(input, ...)."
    return call


def _index_put_function(name: str, inplace: bool) -> Callable[..., Any]:
    fn = index_put_ if inplace else index_put

    def call(input: Tensor, indices: Any, values: Any,  # noqa: A002
             accumulate: bool = False) -> Tensor:
        return fn(input, indices, values, accumulate, function=True)
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return torch.{name}(input, indices, values, accumulate=False)."
    return call


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "index_select": _function(index_select, "index_select"),
    "gather": _function(gather, "gather"),
    "take": _function(take, "take"),
    "masked_select": _function(masked_select, "masked_select"),
    "nonzero": _function(nonzero, "nonzero"),
    "argwhere": _function(argwhere, "argwhere"),
    "index_fill": _function(index_fill, "index_fill"),
    "index_put": _index_put_function("index_put", False),
    "index_put_": _index_put_function("index_put_", True),
}
