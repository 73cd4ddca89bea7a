"""Advanced indexing: aten::index, index_put_'s engine, and `x[index]` / `x[index] = value`
with tensors and sequences among the index's items (ATen TensorAdvancedIndexing.cpp,
TensorAdvancedIndexingUtils.h, TensorIndexing.h; torch/csrc/autograd/python_variable_indexing.cpp).

`is_advanced` tells which indices need this module; `advanced_getitem` and `advanced_setitem`
apply the basic items as a view (indexing.apply_slicing) and then index it with the recorded
tensors: `aten_index` gathers into the layout its TensorIterator gives (the restrided source
and the indices, `iterator.iterator_layout`), `index_put_impl` writes without bumping a
version. Values are read and written at storage offsets (offset_values.py).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from . import dtypes, errors, ternary, views, writes
from . import values as vals
from .geometry import Geometry, compute_stride, contiguous_strides, overlaps_internally
from .indexing import INDEX_DTYPES, MASK_DTYPES, apply_slicing
from .iterator import iterator_layout
from .layouts import broadcast_shapes, empty_like_strides
from .offset_values import element_offsets, read_at, store, write_at
from .operands import is_scalar, is_tensor
from .overlap import assert_no_overlap
from .promotion import checked_scalar

if TYPE_CHECKING:
    from .tensor import Tensor

Shape = tuple[int, ...]


# -- aten::index and index_put_ ---------------------------------------------------------------
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
        if s is not None and s.dtype.name not in INDEX_DTYPES + MASK_DTYPES:
            raise errors.fail("index_dtype")
    expanded: list[_Index | None] = []  # expandTensors
    for s in slots:
        if s is None or s.dtype.name not in MASK_DTYPES:
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
                raise errors.fail("index_tensor_range", index=v, dim=k, size=size)
    before, count = info.before, len(idx)
    lead = Geometry((src.shape[:before], src.strides[:before], src.offset))
    tail = Geometry((src.shape[before + count:], src.strides[before + count:], 0))
    shape = info.indices[0].shape
    picked = np.zeros(shape, dtype=np.int64)
    for i, size, d in zip(idx, info.indexed_sizes, range(before, before + count)):
        picked = picked + np.where(ok, i % max(size, 1), 0) * src.strides[d]
    offsets = (element_offsets(lead).reshape(lead.shape + (1,) * (len(shape) + tail.ndim)) +
               picked.reshape((1,) * before + shape + (1,) * tail.ndim) +
               element_offsets(tail).reshape((1,) * (before + len(shape)) + tail.shape))
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
        values, defined = read_at(t, offsets)
        store(out, values, defined & known, t)
    return out


def index_put_impl(t: Tensor, slots: Sequence[Tensor | None], value: Tensor,
               accumulate: bool) -> None:
    """Write value at the indices into t, without bumping its version (_index_put_impl_)."""
    if len(slots) > t.ndim:
        raise errors.fail("index_put_too_many", ndim=t.ndim, n=len(slots))
    if overlaps_internally(t._geom) and not writes.expands_written_back(t):
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
        writes.check_written_back(t)
        return
    offsets, known = _target_offsets(info)
    writes.check_written_back(t)
    values = np.broadcast_to(value._values(), src_shape)
    defined = np.broadcast_to(value._defined(), src_shape) & known
    write_at(t, offsets, vals.quantize(values, t.dtype) if t.dtype is not dtypes.bool_
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
        if s.dtype.name not in MASK_DTYPES or s.device != t.device or mask is not None:
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


def _apply_slicing(t: Tensor, index: Any) -> tuple[Geometry, list[Tensor | None] | None]:
    """Apply the basic items of an index and record its tensors (TensorIndexing.h applySlicing).

    Returns the sliced geometry and the index tensors at the dims they index (None where a
    dim is not indexed, none after the last tensor), or None for the tensors when there are
    none. A mask records one slot and covers as many dims as it has.
    """
    slots: list[Tensor | None] | None = None
    covered = 0  # the dims the slots account for so far

    def record(dim: int, item: Any) -> int:
        nonlocal slots, covered
        if type(item) is bool:
            found = _bool_index(t, item)
        elif is_tensor(item):
            found = item
        else:
            found = _sequence_tensor(t, item)
        if slots is None:
            slots = []
        slots.extend([None] * (dim - covered))
        slots.append(found)
        span = found.ndim if found.dtype.name in MASK_DTYPES else 1
        covered = dim + span
        return span

    g = apply_slicing(t._geom, _as_tuple(index), record)
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
    index_put_impl(sliced, slots, value, False)
    t._bump()
