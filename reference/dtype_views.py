"""View ops that reinterpret a tensor's bytes: view(dtype), view_as_real, view_as_complex.

Each function takes a Geometry (and plain ints) and returns a Geometry; none touches values.
"""

from __future__ import annotations

from . import errors
from .geometry import Geometry


def view_dtype(g: Geometry, src_size: int, dst_size: int, src: str, dst: str) -> Geometry:
    """Reinterpret elements of src_size bytes as dst_size bytes.

    ATen TensorConversions.cpp view_dtype.
    """
    if src_size == dst_size:
        return g
    if g.ndim == 0:
        raise errors.fail("view_dtype_0d", src=src, dst=dst)
    if src_size > dst_size:
        ratio = src_size // dst_size
        if g.strides[-1] != 1:
            raise errors.fail("view_dtype_stride", src=src, dst=dst, stride=g.strides[-1])
        shape = g.shape[:-1] + (g.shape[-1] * ratio,)
        strides = tuple(s * ratio for s in g.strides[:-1]) + (1,)
        return Geometry((shape, strides, g.offset * ratio))
    ratio = dst_size // src_size
    if g.shape[-1] % ratio:
        raise errors.fail("view_dtype_size", ratio=ratio, src=src, dst=dst, size=g.shape[-1])
    if g.offset % ratio:
        raise errors.fail("view_dtype_offset", ratio=ratio, src=src, dst=dst, offset=g.offset)
    if g.strides[-1] != 1:
        raise errors.fail("view_dtype_stride", src=src, dst=dst, stride=g.strides[-1])
    for d, s in enumerate(g.strides[:-1]):
        if s % ratio:
            raise errors.fail("view_dtype_strides", dim=d, ratio=ratio, src=src, dst=dst,
                              stride=s)
    shape = g.shape[:-1] + (g.shape[-1] // ratio,)
    strides = tuple(s // ratio for s in g.strides[:-1]) + (1,)
    return Geometry((shape, strides, g.offset // ratio))


def view_as_real(g: Geometry) -> Geometry:
    return Geometry((g.shape + (2,), tuple(s * 2 for s in g.strides) + (1,), g.offset * 2))


def view_as_complex(g: Geometry) -> Geometry:
    if g.ndim == 0:
        raise errors.fail("view_as_complex_ndim")
    if g.shape[-1] != 2:
        raise errors.fail("view_as_complex_last")
    if g.strides[-1] != 1:
        raise errors.fail("view_as_complex_stride1")
    if any(s % 2 and n != 1 for n, s in zip(g.shape[:-1], g.strides[:-1])):
        raise errors.fail("view_as_complex_stride2")
    if g.offset % 2:
        raise errors.fail("view_as_complex_offset")
    return Geometry((g.shape[:-1], tuple(s // 2 for s in g.strides[:-1]), g.offset // 2))
