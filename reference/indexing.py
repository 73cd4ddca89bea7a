"""Python indexing as geometry: ints, slices, None, Ellipsis and bools (applySlicing).

Follows torch/csrc/autograd/python_variable_indexing.cpp and aten/src/ATen/TensorIndexing.h:
ints select, slices clamp, None unsqueezes. A bool unsqueezes too and records a one-element
(True) or empty (False) long index on the new dim; any recorded index turns the result into
advanced indexing (aten::index), which copies into the layout TensorIterator gives it
(`iterator.iterator_layout`). `apply_slicing` is the one walk over an index's items: the basic
path (`basic_view`) meets only ints, slices, None, Ellipsis and bools there, its 0-d tensors
already read as ints and bools (`arguments.index_items`); advanced indexing
(advanced_indexing.py) also hands it tensors and sequences, which it records.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from . import errors, slice_views, views
from .geometry import Geometry, compute_stride, contiguous_strides
from .iterator import iterator_layout
from .operands import is_tensor

# the dtypes of index tensors, and of masks (which index as many dims as they have)
INDEX_DTYPES = ("int32", "int64")
MASK_DTYPES = ("bool", "uint8")


def _slice_bound(v: Any) -> int | None:
    if v is None:
        return None
    if isinstance(v, (int, np.integer)):
        return int(v)
    if is_tensor(v):
        return int(v.__index__())
    raise errors.fail("slice_bound")


def _slice(g: Geometry, dim: int, it: slice) -> Geometry:
    step = it.step
    if step is None:
        step = 1
    else:
        step = _slice_bound(step) or 0
        if step == 0:
            raise errors.fail("slice_step_zero")
        if step < 0:
            raise errors.fail("slice_step_negative")
    if not g[0]:
        raise errors.fail("slice_0d")
    start, stop = it.start, it.stop
    if (start is None or type(start) is int) and (stop is None or type(stop) is int):
        return slice_views.slice(g, dim, start, stop, step)
    return slice_views.slice(g, dim, _slice_bound(start), _slice_bound(stop), step)


def _select(g: Geometry, dim: int, i: int, position: int) -> Geometry:
    if g.ndim == 0 and i == 0 and dim == 0:
        raise errors.fail("index_0d")
    n = g.shape[dim] if dim < g.ndim else 0
    if not -n <= i < n:
        raise errors.fail("index_range", index=i, dim=position, size=n)
    return slice_views.select(g, dim, i)


def apply_slicing(g: Geometry, index: Any, record: Callable[[int, Any], int]) -> Geometry:
    """Apply an index's ints, slices, None and Ellipsis to g; hand the rest to `record`.

    TensorIndexing.h applySlicing, after python_variable_indexing.cpp's count of the dims an
    index specifies. `record(dim, item)` gets each bool (a Python bool, or a 0-d bool or
    uint8 tensor's value) once g has a new size-1 dim for it at `dim`, and each tensor or
    sequence at the dim it indexes from; it returns how many dims the recorded index covers.
    """
    items = index if type(index) is tuple else (index,)
    specified = 0  # count_specified_dimensions
    for it in items:
        kind = type(it)
        if kind is int or kind is slice:
            specified += 1
        elif it is None or it is Ellipsis or kind is bool:
            continue
        elif is_tensor(it):
            specified += it.ndim if it.dtype.name in MASK_DTYPES else 1
        else:
            specified += 1
    ndim = g.ndim
    # a lone int or slice takes a fast path that skips the count (python_variable_indexing.cpp)
    lone = not isinstance(index, tuple) and isinstance(index, (int, np.integer, slice))
    if specified > ndim and not lone:
        raise errors.fail("too_many_indices", ndim=ndim)
    dim = 0
    for position, it in enumerate(items):
        kind = type(it)
        if kind is slice:
            g = _slice(g, dim, it)
            dim += 1
        elif kind is bool:
            g = views.unsqueeze(g, dim)
            dim += record(dim, it)
        elif isinstance(it, (int, np.integer)):
            g = _select(g, dim, int(it), position)
        elif it is None:
            g = views.unsqueeze(g, dim)
            dim += 1
        elif it is Ellipsis:  # every one of them skips the unspecified dims
            dim += ndim - specified
        elif is_tensor(it):
            if it.ndim or it.dtype.is_floating_point or it.dtype.is_complex:
                dim += record(dim, it)
                continue
            if it.is_meta:
                raise errors.fail("meta_item")
            if it.dtype.name in MASK_DTYPES:
                g = views.unsqueeze(g, dim)
                dim += record(dim, bool(it.item()))
            else:
                g = _select(g, dim, int(it.item()), position)
        elif isinstance(it, (list, tuple, range)):
            dim += record(dim, it)
        elif isinstance(it, (str, bytes)):
            raise errors.fail("index_str", type=kind.__name__)
        else:
            try:
                i = it.__index__()
            except (AttributeError, TypeError):
                raise errors.fail("index_type", type=kind.__name__) from None
            g = _select(g, dim, int(i), position)
    return g


def basic_view(g: Geometry, index: Any) -> tuple[Geometry, list[tuple[int, bool]]]:
    """Return the view geometry of the basic part and the bool indices as (dim, value)."""
    bools: list[tuple[int, bool]] = []

    def record(dim: int, value: bool) -> int:
        bools.append((dim, value))
        return 1

    return apply_slicing(g, index, record), bools


def advanced_index(g: Geometry, bools: list[tuple[int, bool]]
                   ) -> tuple[Geometry, tuple[int, ...]]:
    """Return what aten::index reads and the strides of its output, for bool indices on `g`.

    The read geometry has the output's shape: the bool dims collapse into one dim of one
    element (all True) or none (any False), with stride 0.
    """
    n = 0 if any(not v for _, v in bools) else 1
    dims = [d for d, _ in bools]
    # each index: True -> shape (1,), False -> shape (0,); broadcast to (n,)
    idx_strides1d = [(1,) if (1 if v else 0) == n else (0,) for _, v in bools]
    if dims != list(range(dims[0], dims[0] + len(dims))):
        order = dims + [d for d in range(g.ndim) if d not in dims]
        g = views.permute(g, order)
        dims = list(range(len(dims)))
    before = dims[0]
    after = g.ndim - before - len(dims)
    src = Geometry((g.shape[:before] + (n,) + g.shape[before + len(dims):],
                    g.strides[:before] + (0,) + g.strides[before + len(dims):], g.offset))
    index_shape = (1,) * before + (n,) + (1,) * after
    index_strides = []
    for s in idx_strides1d:
        strides = compute_stride((n,), s, index_shape)
        index_strides.append(strides if strides is not None else contiguous_strides(index_shape))
    # aten::index's TensorIterator: the restrided source, then each index tensor
    operands = [(src.shape, src.strides)] + [(index_shape, s) for s in index_strides]
    return src, iterator_layout(operands).strides


def assigned_view(g: Geometry, index: Any) -> Geometry | None:
    """Return the geometry `x[index] = value` writes through, or None when it writes nothing.

    A False among the bool indices selects no element; index_put_ then writes nothing.
    """
    g, bools = basic_view(g, index)
    if bools and not all(v for _, v in bools):
        return None
    if bools:
        g = views.squeeze(g, [d for d, _ in bools])
    return g
