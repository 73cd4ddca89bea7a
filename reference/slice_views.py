"""View ops that take part of a tensor: slice, narrow, select, diagonal, unfold, the splits.

Each function takes a Geometry (and plain ints/tuples) and returns a Geometry or a tuple of
them; none touches values. Formulas follow aten/src/ATen/native/TensorShape.cpp unless noted.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import errors
from .geometry import Geometry
from .views import wrap_dim

INT64_MAX = 2**63 - 1


def slice(g: Geometry, dim: int, start: int | None, end: int | None, step: int = 1) -> Geometry:  # noqa: A001
    """Return the aten::slice view, clamping start and end into range."""
    shape, strides, offset = g
    ndim = len(shape)
    if not 0 <= dim < ndim:
        dim = wrap_dim(dim, ndim)
    if step <= 0:
        raise errors.fail("slice_step")
    n = shape[dim]
    lo = 0 if start is None else start
    hi = INT64_MAX if end is None else end
    if lo < 0:
        lo += n
    if hi < 0:
        hi += n
    lo = 0 if lo < 0 else (n if lo > n else lo)
    hi = lo if hi < lo else (n if hi > n else hi)
    stride = strides[dim]
    return Geometry((shape[:dim] + ((hi - lo + step - 1) // step,) + shape[dim + 1:],
                      strides[:dim] + (stride * step,) + strides[dim + 1:], offset + lo * stride))


def narrow(g: Geometry, dim: int, start: int, length: int) -> Geometry:
    if g.ndim == 0:
        raise errors.fail("narrow_0d")
    if length < 0:
        raise errors.fail("narrow_negative_length")
    dim = wrap_dim(dim, g.ndim)
    n = g.shape[dim]
    if not -n <= start <= n:
        raise errors.fail("narrow_start", lo=-n, hi=n, start=start)
    if start < 0:
        start += n
    if start + length > n:
        raise errors.fail("narrow_exceeds", start=start, length=length, size=n)
    return slice(g, dim, start, start + length)


def select(g: Geometry, dim: int, index: int) -> Geometry:
    shape, strides, offset = g
    ndim = len(shape)
    if ndim == 0:
        raise errors.fail("select_0d")
    if not 0 <= dim < ndim:
        dim = wrap_dim(dim, ndim)
    n = shape[dim]
    if not -n <= index < n:
        raise errors.fail("select_range", index=index, shape=shape, dim=dim)
    if index < 0:
        index += n
    return Geometry((shape[:dim] + shape[dim + 1:], strides[:dim] + strides[dim + 1:],
                      offset + index * strides[dim]))


def diagonal(g: Geometry, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Geometry:
    shape, strides, start = g
    ndim = len(shape)
    d1 = dim1 if 0 <= dim1 < ndim else wrap_dim(dim1, ndim)
    d2 = dim2 if 0 <= dim2 < ndim else wrap_dim(dim2, ndim)
    if d1 == d2:
        raise errors.fail("diagonal_same", d1=dim1, d2=dim2)
    n1, n2 = shape[d1], shape[d2]
    if offset >= 0:
        size = max(min(n1, n2 - offset), 0)
    else:
        size = max(min(n1 + offset, n2), 0)
    if size > 0:  # an empty diagonal keeps the input's offset
        start += offset * strides[d2] if offset >= 0 else -offset * strides[d1]
    keep = [d for d in range(ndim) if d != d1 and d != d2]
    return Geometry((tuple([shape[d] for d in keep]) + (size,),
                      tuple([strides[d] for d in keep]) + (strides[d1] + strides[d2],), start))


def unfold(g: Geometry, dimension: int, size: int, step: int) -> Geometry:
    dim = wrap_dim(dimension, g.ndim)
    max_size = g.shape[dim] if g.ndim else 1
    if size < 0:
        raise errors.fail("unfold_negative", size=size)
    if size > max_size:
        raise errors.fail("unfold_size", dim=dim, max=max_size, size=size)
    if step <= 0:
        raise errors.fail("unfold_step", step=step)
    if g.ndim == 0:
        return Geometry(((size,), (1,), g.offset))
    inner_stride = g.strides[dim]
    shape = list(g.shape)
    strides = list(g.strides)
    shape[dim] = (g.shape[dim] - size) // step + 1
    strides[dim] = step * inner_stride
    return Geometry((tuple(shape) + (size,), tuple(strides) + (inner_stride,), g.offset))


def unbind(g: Geometry, dim: int) -> tuple[Geometry, ...]:
    """Return select(dim, i) for every i (an empty tuple for a size-0 dim)."""
    shape, strides, offset = g
    ndim = len(shape)
    if ndim == 0:
        raise errors.fail("no_dims", dim=dim)
    if not 0 <= dim < ndim:
        dim = wrap_dim(dim, ndim)
    rest_shape = shape[:dim] + shape[dim + 1:]
    rest_strides = strides[:dim] + strides[dim + 1:]
    stride = strides[dim]
    return tuple([Geometry((rest_shape, rest_strides, offset + i * stride))
                  for i in range(shape[dim])])


def split_sizes_for(size: int, split_size: int) -> tuple[int, ...]:
    """Return the chunk lengths torch.split(int) makes along a dim of `size`."""
    if split_size < 0:
        raise errors.fail("split_negative", size=split_size)
    if split_size == 0 and size != 0:
        raise errors.fail("split_zero", size=size)
    if split_size == 0:
        return (0,)
    count = max((size + split_size - 1) // split_size, 1)
    last = split_size - (split_size * count - size)
    return (split_size,) * (count - 1) + (last,)


def split_with_sizes(g: Geometry, split_sizes: Sequence[int], dim: int = 0
                     ) -> tuple[Geometry, ...]:
    shape, strides, offset = g
    ndim = len(shape)
    if ndim == 0:
        raise errors.fail("split_0d")
    if not 0 <= dim < ndim:
        dim = wrap_dim(dim, ndim)
    sizes = tuple(split_sizes)
    if sizes and min(sizes) < 0:
        raise errors.fail("split_sizes_negative", sizes=sizes)
    if sum(sizes) != shape[dim]:
        raise errors.fail("split_sizes_sum", size=shape[dim], dim=dim, sizes=sizes)
    # each piece is narrow(dim, start, size), already known to be in range
    before, after = shape[:dim], shape[dim + 1:]
    stride = strides[dim]
    out = []
    start = offset
    for s in sizes:
        out.append(Geometry((before + (s,) + after, strides, start)))
        start += s * stride
    return tuple(out)


def split(g: Geometry, split_size: int | Sequence[int], dim: int = 0) -> tuple[Geometry, ...]:
    if not isinstance(split_size, int):
        return split_with_sizes(g, split_size, dim)
    if g.ndim == 0:
        raise errors.fail("split_0d")
    if split_size < 0:  # checked before the dim (ATen split)
        raise errors.fail("split_negative", size=split_size)
    dim = wrap_dim(dim, g.ndim)
    return split_with_sizes(g, split_sizes_for(g.shape[dim], split_size), dim)


def chunk(g: Geometry, chunks: int, dim: int = 0) -> tuple[Geometry, ...]:
    if g.ndim == 0:
        raise errors.fail("chunk_0d")
    if chunks <= 0:
        raise errors.fail("chunk_count", chunks=chunks)
    dim = wrap_dim(dim, g.ndim)
    size = g.shape[dim]
    split_size = (size + chunks - 1) // chunks
    if split_size == 0 and size == 0:
        sizes = [split_size] * chunks
        sizes[-1] = split_size - (split_size * chunks - size)
        return split_with_sizes(g, sizes, dim)
    return split(g, split_size, dim)


def tensor_split(g: Geometry, indices_or_sections: int | Sequence[int], dim: int = 0
                 ) -> tuple[Geometry, ...]:
    if g.ndim == 0:
        raise errors.fail("tensor_split_0d")
    dim = wrap_dim(dim, g.ndim)
    size = g.shape[dim]
    if isinstance(indices_or_sections, int):
        sections = indices_or_sections
        if sections <= 0:
            raise errors.fail("tensor_split_sections", sections=sections)
        base, extra = divmod(size, sections)
        out = []
        start = 0
        for i in range(sections):
            n = base + 1 if i < extra else base
            out.append(slice(g, dim, start, start + n))
            start += n
        return tuple(out)
    out = []
    start = 0
    for idx in indices_or_sections:
        out.append(slice(g, dim, start, idx))
        start = idx
    out.append(slice(g, dim, start, size))
    return tuple(out)


def directional_split(g: Geometry, sections: int | Sequence[int], name: str
                      ) -> tuple[Geometry, ...]:
    """Return hsplit / vsplit / dsplit, which pick the dim from the rank."""
    need = {"hsplit": 1, "vsplit": 2, "dsplit": 3}[name]
    if g.ndim < need:
        raise errors.fail("xsplit_ndim", name=name, need=need, s="",
                          ndim=g.ndim)
    dim = {"hsplit": 0 if g.ndim == 1 else 1, "vsplit": 0, "dsplit": 2}[name]
    if isinstance(sections, int):
        if sections == 0 or g.shape[dim] % sections:
            raise errors.fail("xsplit_divisible", name=name, dim=dim, size=g.shape[dim],
                              sections=sections)
    return tensor_split(g, sections, dim)
