"""Output layouts of ops that allocate, as pure functions of their operands' geometry.

Broadcasting, the strides a memory format asks for, empty_like's preserved layout and the
strides TensorIterator gives the output of aten::index.
"""

from __future__ import annotations

from typing import Any

from . import dtypes, errors
from .geometry import (
    Geometry,
    channels_last_strides,
    contiguous_strides,
    infer_dense_strides,
    is_channels_last_contiguous,
    is_channels_last_strides,
    is_contiguous,
    is_dense,
    is_non_overlapping_and_dense,
    order_dims,
)


def broadcast_shapes(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Return the broadcast of two shapes (ATen ExpandUtils.cpp infer_size)."""
    n = max(len(a), len(b))
    out = []
    for i in range(n - 1, -1, -1):
        ia, ib = i - (n - len(a)), i - (n - len(b))
        sa = a[ia] if ia >= 0 else 1
        sb = b[ib] if ib >= 0 else 1
        if sa != sb and sa != 1 and sb != 1:
            raise errors.fail("broadcast", a=sa, b=sb, dim=i)
        out.append(sa if sb == 1 else sb)
    return tuple(reversed(out))


def strides_for_format(shape: tuple[int, ...], mf: dtypes.memory_format) -> tuple[int, ...]:
    """Return the strides a new tensor of `shape` gets in memory format `mf`."""
    if mf is dtypes.channels_last:
        if len(shape) != 4:
            raise errors.fail("memory_format_rank", rank=4, name="channels_last")
        return channels_last_strides(shape)
    if mf is dtypes.channels_last_3d:
        if len(shape) != 5:
            raise errors.fail("memory_format_rank", rank=5, name="channels_last_3d")
        return channels_last_strides(shape)
    return contiguous_strides(shape)


def suggest_format(g: Geometry) -> dtypes.memory_format:
    """Return TensorBase::suggest_memory_format for strided tensors."""
    if is_channels_last_strides(g.shape, g.strides):
        return dtypes.channels_last if g.ndim == 4 else dtypes.channels_last_3d
    return dtypes.contiguous_format


def empty_like_strides(g: Geometry, memory_format: Any) -> tuple[int, ...]:
    """Return the strides empty_like gives (ATen TensorFactories.cpp empty_like)."""
    mf = dtypes.lookup_memory_format(memory_format)
    if mf is dtypes.preserve_format:
        if is_dense(g):
            return g.strides
        return infer_dense_strides(g.shape, g.strides)
    return strides_for_format(g.shape, mf)


def index_output_strides(src: Geometry, index_strides: list[tuple[int, ...]],
                         index_shape: tuple[int, ...], itemsize: int) -> tuple[int, ...]:
    """Return the strides TensorIterator gives the output of aten::index.

    ATen TensorIterator.cpp: fast setup when every operand has one layout, else
    reorder_dimensions over the operands' byte strides.
    """
    shape = src.shape
    ndim = len(shape)
    # operands after the (undefined) output: the restrided source, then each index
    operands = [(src.shape, src.strides, itemsize)] + [
        (index_shape, s, 8) for s in index_strides]
    same_shape = all(op[0] == shape for op in operands)
    if same_shape:
        layouts = [Geometry((op[0], op[1], 0)) for op in operands]
        if all(is_contiguous(g) for g in layouts):
            return contiguous_strides(shape)
        if all(is_channels_last_contiguous(g, 4) for g in layouts):
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
