"""Tensor indexing ops: index_select, gather, take, masked_select, nonzero, argwhere,
index_fill_ and index_put_ (ATen TensorAdvancedIndexing.cpp).

Each reads and writes element values at computed storage offsets (offset_values.py). Output
layouts follow ATen: index_select, gather, take and masked_select allocate contiguous
outputs, nonzero a column-major one; index_put_ runs the advanced-indexing engine
(advanced_indexing.py), which `x[index]` and `x[index] = v` use too.

FUNCTIONS maps each torch.<name> this module models to its function; the Tensor methods are
in tensor_gathers.py.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, slice_views, views, writes
from . import values as vals
from .advanced_indexing import index_put_impl
from .geometry import Geometry, contiguous_strides, overlaps_internally
from .indexing import INDEX_DTYPES
from .iterator import Layout, iterator_layout
from .layouts import broadcast_shapes
from .offset_values import element_offsets, index_values, read_at, store, write_at
from .operands import is_scalar, is_tensor
from .overlap import assert_no_overlap, assert_no_partial_overlap, resolved
from .pointwise import check_out_dtype, resize_out
from .promotion import checked_scalar
from .storage_ops import restride_dim

if TYPE_CHECKING:
    from .tensor import Tensor

Shape = tuple[int, ...]


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
    if index.dtype.name not in INDEX_DTYPES:
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
        idx, ok = index_values(index.reshape(-1))
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
            offsets = np.take(element_offsets(g), np.where(ok, idx, 0), axis=dim).reshape(shape)
            known = ok.reshape([-1 if d == dim else 1 for d in range(len(shape))] or ())
            values, defined = read_at(t, offsets)
            store(result, values, defined & known, t, index)
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
        if index.dtype.name not in INDEX_DTYPES:
            raise errors.fail("gather_dtype")
        _gather_shape_check(t, dim, index)
        if not (t.is_meta or index.is_meta):
            idx, ok = index_values(index)
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
            values, defined = read_at(t, offsets.reshape(shape))
            store(result, values, defined & ok, t, index)
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
    if out is not None and resolved(t, out):
        # the math-bit fallback hands take a resolved copy of a conj or neg input, or writes
        # into a clone of a conj or neg out= and copies back: either way t is read before
        # out= is resized
        t = t.clone()
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
        idx, ok = index_values(index)
        n = t.numel()
        bad = ok & ((idx < -n) | (idx >= n))
        if bad.any():
            raise errors.fail("take_range", index=int(idx.reshape(-1)[bad.reshape(-1)][0]),
                              numel=n)
        offsets = element_offsets(t._geom).reshape(-1)[np.where(ok, idx % max(n, 1), 0)]
        values, defined = read_at(t, offsets)
        store(result, values, defined & ok, t, index)
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
        store(result, values, defined, t, mask)
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
    store(result, where, defined)
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
    if overlaps_internally(t._geom) and not writes.expands_written_back(t):
        warnings.warn(errors.warning("index_fill_expanded"), stacklevel=3)
    if isinstance(value, complex) and not t.dtype.is_complex:
        raise errors.fail("index_fill_complex")
    g = t._geom if t.ndim else Geometry(((1,), (1,), t._geom.offset))
    dim = views.wrap_dim(dim, g.ndim)
    if index.ndim > 1:
        raise errors.fail("index_fill_vector")
    restrided = restride_dim(t, dim, index.numel())
    value = checked_scalar(value, t.dtype)
    # the kernel checks each index as it visits it: none when the iteration is empty
    visits = bool(restrided.numel) and not (t.is_meta or index.is_meta)
    if visits:
        idx, ok = index_values(index.reshape(-1))
        size = g.shape[dim]
        bad = ok & ((idx < -size) | (idx >= size))
        if bad.any():
            # the slices of the good indices the kernel visited before the bad one are filled:
            # which ones depends on the iterator's order, so all of them are left open
            good = ok & ~bad
            if good.any():
                chosen = np.take(element_offsets(g), idx[good] % size, axis=dim)
                write_at(t, chosen, np.asarray(value), np.zeros((), np.bool_))
            raise errors.fail("index_tensor_range", index=int(idx[bad][0]), dim=dim, size=size)
    writes.check_written_back(t)
    if visits:
        chosen = np.take(element_offsets(g), np.where(ok, idx % max(size, 1), 0), axis=dim)
        filled = np.asarray(value)
        write_at(t, chosen, filled, np.ones((), np.bool_))
        if not ok.all():
            writes.forget(t, np.ones(t.shape, dtype=np.bool_))  # garbage says where it went
    if bump:
        t._bump()
    return t


def index_fill(t: Tensor, dim: int, index: Any, value: Any) -> Tensor:
    """Return a clone of t (its layout preserved) with index_fill_ applied."""
    return index_fill_(t.clone(), dim, index, value, bump=False, op="index_fill")


# -- index_put_ -------------------------------------------------------------------------------
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
    index_put_impl(t, slots, values, accumulate)
    t._bump()
    return t


def index_put(t: Tensor, indices: Any, values: Any, accumulate: bool = False, *,
              function: bool = False) -> Tensor:
    """Return a clone of t (its layout preserved) with index_put_ applied."""
    slots = _index_put_arguments("index_put", 2 if function else 1, indices, values)
    result = t.clone()
    index_put_impl(result, slots, values, accumulate)
    return result


# -- torch.<name> functions --------------------------------------------------------------------
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
