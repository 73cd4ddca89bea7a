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
    is_channels_last_strides,
    is_dense,
)


def broadcast_shapes(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Return the broadcast of two shapes (ATen ExpandUtils.cpp infer_size)."""
    if a == b or not b:
        return a
    if not a:
        return b
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


def column_major_strides(shape: tuple[int, ...]) -> tuple[int, ...]:
    """Return a batch of column-major matrices' strides, the layout LAPACK's results come in
    (LinearAlgebraUtils.h batched_matrix_contiguous_strides with f_contig)."""
    strides = list(contiguous_strides(shape))
    if len(shape) >= 2:
        strides[-1] = max(shape[-2], 1)
        strides[-2] = 1
    return tuple(strides)


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
