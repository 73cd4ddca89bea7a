"""Basic indexing (ints, slices, None, Ellipsis) and bool indices, as torch's binding applies them.

Follows torch/csrc/autograd/python_variable_indexing.cpp and aten/src/ATen/TensorIndexing.h:
ints select, slices clamp, None unsqueezes. A bool unsqueezes too and records a one-element
(True) or empty (False) long index on the new dim; any recorded index turns the result into
advanced indexing (aten::index), which copies. The layout of that copy follows TensorIterator
(aten/src/ATen/TensorIterator.cpp), modelled in `_index_output_strides`.
"""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from . import errors, views
from .geometry import Geometry, compute_stride, contiguous_strides, order_dims
from .tensor import Tensor, checked_scalar


def _tensor_item(item: Tensor) -> Any:
    """Return a 0-d integer tensor as an int and a 0-d bool tensor as a bool, as torch does."""
    if item.dtype.is_floating_point or item.dtype.is_complex:
        raise IndexError("tensors used as indices must be long, int, byte or bool tensors")
    if item.ndim:
        raise NotImplementedError("advanced indexing with tensors of indices is outside the "
                                  "reference model")
    value = item.item()
    return builtins.bool(value) if item.dtype.name in ("bool", "uint8") else int(value)


def _check_item(item: Any) -> None:
    if isinstance(item, (str, bytes)):
        raise TypeError(f"new(): invalid data type '{type(item).__name__}'")
    ok = item is None or item is Ellipsis or isinstance(item, (int, builtins.slice, np.integer))
    if not ok:
        raise IndexError("only integers, slices (`:`), ellipsis (`...`), None and long or byte "
                         f"Variables are valid indices (got {type(item).__name__})")


def _slice_bound(v: Any) -> int | None:
    if v is None:
        return None
    if isinstance(v, (int, np.integer)):
        return int(v)
    raise TypeError("slice indices must be integers or None or have an __index__ method")


def basic_view(t: Tensor, index: Any) -> tuple[Geometry, list[tuple[int, bool]]]:
    """Return the view geometry of the basic part and the bool indices as (dim, value)."""
    items = index if type(index) is tuple else (index,)
    if any(isinstance(it, Tensor) for it in items):
        items = tuple(_tensor_item(it) if isinstance(it, Tensor) else it for it in items)
        index = items if type(index) is tuple else items[0]
    specified = 0
    for it in items:
        kind = type(it)
        if kind is int or kind is builtins.slice:
            specified += 1
        elif it is not None and it is not Ellipsis and kind is not builtins.bool:
            _check_item(it)
            specified += 1
    g = t._geom
    # a lone int or slice takes a fast path that skips the count (python_variable_indexing.cpp)
    lone = not isinstance(index, tuple) and isinstance(index, (int, np.integer, builtins.slice))
    if specified > g.ndim and not lone:
        raise errors.too_many_indices(g.ndim, specified)
    dim = 0
    bools: list[tuple[int, bool]] = []
    for position, it in enumerate(items):
        if type(it) is builtins.slice:
            step = it.step
            if step is None:
                step = 1
            else:
                step = _slice_bound(step) or 0
                if step == 0:
                    raise ValueError("slice step cannot be zero")
                if step < 0:
                    raise errors.step_not_positive()
            if not g[0]:
                raise IndexError("slice() cannot be applied to a 0-dim tensor.")
            start, stop = it.start, it.stop
            if (start is None or type(start) is int) and (stop is None or type(stop) is int):
                g = views.slice(g, dim, start, stop, step)
            else:
                g = views.slice(g, dim, _slice_bound(start), _slice_bound(stop), step)
            dim += 1
        elif type(it) is builtins.bool:
            g = views.unsqueeze(g, dim)
            bools.append((dim, it))
            dim += 1
        elif isinstance(it, (int, np.integer)):
            i = int(it)
            if g.ndim == 0 and i == 0 and dim == 0:
                raise IndexError("invalid index of a 0-dim tensor. Use `tensor.item()` in "
                                 "Python or `tensor.item<T>()` in C++ to convert a 0-dim "
                                 "tensor to a number")
            n = g.shape[dim] if dim < g.ndim else 0
            if not -n <= i < n:
                raise errors.fail("index_range", index=i, dim=position, size=n)
            g = views.select(g, dim, i)
        elif it is None:
            g = views.unsqueeze(g, dim)
            dim += 1
        else:  # Ellipsis: every one of them skips the unspecified dims
            dim += t.ndim - specified
    return g, bools


def _index_output_strides(src: Geometry, index_strides: list[tuple[int, ...]],
                          index_shape: tuple[int, ...], itemsize: int) -> tuple[int, ...]:
    """Return the strides TensorIterator gives the output of aten::index."""
    shape = src.shape
    ndim = len(shape)
    # operands after the (undefined) output: the restrided source, then each index
    operands = [(src.shape, src.strides, itemsize)] + [
        (index_shape, s, 8) for s in index_strides]
    same_shape = all(op[0] == shape for op in operands)
    if same_shape:
        layouts = [Geometry(op[0], op[1]) for op in operands]
        from .geometry import (
            is_channels_last_contiguous,
            is_contiguous,
            is_non_overlapping_and_dense,
        )
        if all(is_contiguous(g) for g in layouts):
            return contiguous_strides(shape)
        if all(is_channels_last_contiguous(g, 4) for g in layouts):
            from .geometry import channels_last_strides
            return channels_last_strides(shape)
        if all(is_contiguous(g) or is_non_overlapping_and_dense(g) for g in layouts) and \
                all(g.strides == layouts[0].strides for g in layouts):
            return layouts[0].strides
    if ndim == 1:
        return contiguous_strides(shape)
    byte_strides = []
    for op_shape, op_strides, size in operands:
        byte_strides.append([0 if op_shape[d] == 1 and shape[d] != 1 else op_strides[d] * size
                             for d in range(ndim)])

    def should_swap(d0: int, d1: int) -> int:
        for strides in byte_strides:
            s0, s1 = strides[d0], strides[d1]
            if s0 == 0 or s1 == 0:
                continue
            if s0 != s1:
                return -1 if s0 < s1 else 1
            if shape[d0] > shape[d1]:
                return 1
        return 0

    perm = order_dims(ndim, should_swap)
    if perm == list(range(ndim - 1, -1, -1)):
        return contiguous_strides(shape)
    out = [0] * ndim
    running = 1
    for d in perm:  # TensorIterator compatible_stride: sizes multiply as they are, 0 included
        out[d] = running
        running *= shape[d]
    return tuple(out)


def _advanced(t: Tensor, g: Geometry, bools: list[tuple[int, bool]]) -> Tensor:
    """Return aten::index of view `g` with one-element / empty long indices on bool dims."""
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
    src = Geometry(g.shape[:before] + (n,) + g.shape[before + len(dims):],
                   g.strides[:before] + (0,) + g.strides[before + len(dims):], g.offset)
    index_shape = (1,) * before + (n,) + (1,) * after
    index_strides = []
    for s in idx_strides1d:
        strides = compute_stride((n,), s, index_shape)
        index_strides.append(strides if strides is not None else contiguous_strides(index_shape))
    out_strides = _index_output_strides(src, index_strides, index_shape, t.dtype.itemsize)
    out = Tensor._fresh(src.shape, out_strides, t.dtype, t.device)
    if n and not t.is_meta:
        gathered = Geometry(src.shape, g.strides[:before] + (0,) + g.strides[before + len(dims):],
                            g.offset)
        out._copy_values_from(t._view_of(gathered))
    return out


def getitem(t: Tensor, index: Any) -> Tensor:
    g, bools = basic_view(t, index)
    if not bools:
        return t._view_of(g)
    return _advanced(t, g, bools)


def setitem(t: Tensor, index: Any, value: Any) -> None:
    if not isinstance(value, Tensor):
        if not isinstance(value, (builtins.bool, int, float, complex, np.generic)):
            raise TypeError(f"can't assign a {type(value).__name__} to a {t._typename()}")
        checked_scalar(value, t.dtype, 1)
    if index is False:
        return
    g, bools = basic_view(t, index)
    if bools and not all(v for _, v in bools):
        t._bump()  # index_put_ with an empty index writes nothing but still counts
        return
    if bools:
        g = views.squeeze(g, [d for d, _ in bools])
    target = t._view_of(g)
    if not isinstance(value, Tensor):
        target._check_writable()
        if not target.is_meta:
            target._write(np.asarray(value))
        t._bump()
        return
    if tuple(value.shape) == tuple(target.shape):
        target.copy_(value)
    elif value.ndim == 0:
        target.fill_(value)
    else:
        shape = tuple(value.shape)
        lead = 0
        while lead < len(shape) and shape[lead] == 1:
            lead += 1
        target.copy_(value.view(shape[lead:] or ()).expand_as(target))
