"""View ops as pure functions of geometry, named and argued as torch names them.

Each function takes a Geometry (and plain ints/tuples) and returns a Geometry or a tuple of
them; none touches values. Formulas follow aten/src/ATen/native/TensorShape.cpp unless noted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import prod
from operator import itemgetter

from . import errors
from .geometry import Geometry, compute_stride

INT64_MAX = 2**63 - 1


def wrap_dim(dim: int, ndim: int) -> int:
    """Wrap a possibly negative dim; a 0-d tensor accepts 0 and -1 (c10 maybe_wrap_dim)."""
    rank = max(ndim, 1)
    if not -rank <= dim < rank:
        raise errors.fail("dim_out_of_range", lo=-rank, hi=rank - 1, dim=dim)
    return dim + rank if dim < 0 else dim


def wrap_dims(dims: Sequence[int], ndim: int) -> tuple[int, ...]:
    """Wrap a list of dims, rejecting repeats (ATen dim_list_to_bitset)."""
    out: list[int] = []
    for d in dims:
        w = wrap_dim(d, ndim)
        if w in out:
            raise errors.fail("dim_repeat", dim=w)
        out.append(w)
    return tuple(out)


def infer_size(shape: Sequence[int], numel: int) -> tuple[int, ...]:
    """Resolve one -1 in a requested shape (ATen InferSize.h infer_size_impl)."""
    shape = tuple(shape)
    if not shape or min(shape) >= 0:
        if prod(shape) == numel:
            return shape
        raise errors.fail("shape_invalid", shape=shape, numel=numel)
    newsize = 1
    infer_dim: int | None = None
    for i, n in enumerate(shape):
        if n == -1:
            if infer_dim is not None:
                raise errors.fail("only_one_inferred")
            infer_dim = i
        elif n >= 0:
            newsize *= n
        else:
            raise errors.fail("invalid_shape_dim", size=n, index=i, shape=shape)
    if numel == newsize or (infer_dim is not None and newsize > 0 and numel % newsize == 0):
        if infer_dim is not None:
            if newsize == 0:
                raise errors.fail("ambiguous_inferred", shape=shape)
            out = list(shape)
            out[infer_dim] = numel // newsize
            return tuple(out)
        return tuple(shape)
    raise errors.fail("shape_invalid", shape=shape, numel=numel)


def as_strided(g: Geometry, size: Sequence[int], stride: Sequence[int],
               storage_offset: int | None = None) -> Geometry:
    """Return arbitrary geometry over the same storage; bounds are checked by the caller."""
    size, stride = tuple(size), tuple(stride)
    offset = g[2] if storage_offset is None else storage_offset
    if len(size) != len(stride):
        raise errors.fail("as_strided_len")
    if stride and min(stride) < 0:
        raise errors.fail("as_strided_negative_stride", strides=stride)
    if size and min(size) < 0:
        raise errors.fail("storage_size_overflow", shape=size, strides=stride)
    # the caller checks storage bounds next, then the offset (ATen setStrided)
    return Geometry((size, stride, offset))


def expand(g: Geometry, sizes: Sequence[int],
           describe: Callable[[], str] = lambda: "torch.FloatTensor") -> Geometry:
    """Broadcast size-1 dims and add leading dims (ATen ExpandUtils.cpp inferExpandGeometry).

    `describe` names the tensor type for the one error message that mentions it.
    """
    shape, strides, offset = g
    sizes = tuple(sizes)
    ndim = len(sizes)
    tensor_dim = len(shape)
    if ndim < tensor_dim:
        raise errors.fail("expand_too_few", typename=describe(), shape=shape, sizes=sizes,
                          nsizes=ndim, ndim=tensor_dim)
    if tensor_dim == 0:
        # a 0-d tensor takes the sizes as given, all with stride 0; -1 is not resolved
        if any(n < 0 for n in sizes):
            raise errors.fail("numel_overflow")
        return Geometry((sizes, (0,) * ndim, offset))
    out_shape = [0] * ndim
    out_strides = [0] * ndim
    lead = ndim - tensor_dim
    for i in range(ndim - 1, -1, -1):
        d = i - lead
        target = sizes[i]
        if d >= 0:
            size = shape[d]
            stride = strides[d]
        else:
            size = 1
            stride = out_shape[i + 1] * out_strides[i + 1]
        if target == -1:
            if d < 0:
                raise errors.fail("expand_leading_minus1", dim=i)
            target = size
        if size != target:
            if size != 1:
                raise errors.fail("expand_mismatch", target=target, size=size, dim=i,
                                  sizes=sizes, shape=shape)
            size = target
            stride = 0
        out_shape[i] = size
        out_strides[i] = stride
    if min(out_shape) < 0:
        raise errors.fail("numel_overflow")
    return Geometry((tuple(out_shape), tuple(out_strides), offset))


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


def permute(g: Geometry, dims: Sequence[int]) -> Geometry:
    shape, strides, offset = g
    n = len(shape)
    if len(dims) != n:
        raise errors.fail("permute_len", ndim=n, ndims=len(dims))
    if n < 2:
        if n:
            wrap_dim(dims[0], n)
        return Geometry((shape, strides, offset))
    # no comprehensions: on CPython 3.11 each one costs more than the whole permutation
    if min(dims) < 0 or max(dims) >= n:
        dims = tuple(map(wrap_dim, dims, (n,) * n))
    if len(set(dims)) != n:
        raise errors.fail("permute_dup")
    pick = itemgetter(*dims)
    return Geometry((pick(shape), pick(strides), offset))


def transpose(g: Geometry, dim0: int, dim1: int) -> Geometry:
    n = len(g[0])
    d0 = dim0 if 0 <= dim0 < n else wrap_dim(dim0, n)
    d1 = dim1 if 0 <= dim1 < n else wrap_dim(dim1, n)
    if n == 0:
        return g
    shape, strides = list(g[0]), list(g[1])
    shape[d0], shape[d1] = shape[d1], shape[d0]
    strides[d0], strides[d1] = strides[d1], strides[d0]
    return Geometry((tuple(shape), tuple(strides), g[2]))


def t(g: Geometry, name: str = "t") -> Geometry:
    if g.ndim > 2:
        raise errors.fail("t_ndim", name=name, ndim=g.ndim)
    return transpose(g, 0, g.ndim - 1 if g.ndim else 0)


def numpy_T(g: Geometry) -> Geometry:  # noqa: N802
    """Return x.T: all dims reversed."""
    return Geometry((g[0][::-1], g[1][::-1], g[2]))


def matrix_T(g: Geometry, key: str = "mT_ndim") -> Geometry:  # noqa: N802
    """Return x.mT: the last two dims swapped."""
    shape, strides, offset = g
    if len(shape) < 2:
        raise errors.fail(key, ndim=len(shape))
    return Geometry((shape[:-2] + (shape[-1], shape[-2]),
                      strides[:-2] + (strides[-1], strides[-2]), offset))


def movedim(g: Geometry, source: int | Sequence[int], destination: int | Sequence[int]
            ) -> Geometry:
    n = len(g[0])
    if type(source) is int and type(destination) is int and n and -n <= source < n and \
            -n <= destination < n:
        # one dim moves: take it out of the order and put it back at its destination
        order = list(range(n))
        del order[source]
        order.insert(destination % n, source % n)
        shape, strides, offset = g
        pick = itemgetter(*order)
        return Geometry((pick(shape), pick(strides), offset)) if n > 1 else g
    src = (source,) if isinstance(source, int) else tuple(source)
    dst = (destination,) if isinstance(destination, int) else tuple(destination)
    if len(src) != len(dst):
        raise errors.fail("movedim_len", src=list(src), dst=list(dst))
    n = len(g[0])
    src_w = [d if 0 <= d < n else wrap_dim(d, n) for d in src]
    dst_w = [d if 0 <= d < n else wrap_dim(d, n) for d in dst]
    if len(set(src_w)) != len(src_w):
        raise errors.fail("movedim_repeat_src", dims=src)
    if len(set(dst_w)) != len(dst_w):
        raise errors.fail("movedim_repeat_dst", dims=dst)
    if n == 0:
        return g
    order = [-1] * n
    for s, d in zip(src_w, dst_w):
        order[d] = s
    rest_src = [d for d in range(n) if d not in src_w]
    rest_dst = [d for d in range(n) if d not in dst_w]
    for s, d in zip(rest_src, rest_dst):
        order[d] = s
    return permute(g, order)


def squeeze(g: Geometry, dim: int | Sequence[int] | None = None) -> Geometry:
    shape, strides, offset = g
    n = len(shape)
    if dim is None:
        if 1 not in shape:
            return Geometry((shape, strides, offset))
        keep = [d for d in range(n) if shape[d] != 1]
    else:
        dims = (dim,) if isinstance(dim, int) else tuple(dim)
        drop = {d for d in wrap_dims(dims, n) if n and shape[d] == 1}
        if not drop:
            return Geometry((shape, strides, offset))
        keep = [d for d in range(n) if d not in drop]
    return Geometry((tuple([shape[d] for d in keep]), tuple([strides[d] for d in keep]),
                      offset))


def unsqueeze(g: Geometry, dim: int) -> Geometry:
    shape, strides, offset = g
    n = len(shape)
    if not 0 <= dim <= n:
        dim = wrap_dim(dim, n + 1)
    stride = 1 if dim >= n else shape[dim] * strides[dim]
    return Geometry((shape[:dim] + (1,) + shape[dim:], strides[:dim] + (stride,) + strides[dim:],
                      offset))


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


def view(g: Geometry, shape: Sequence[int]) -> Geometry:
    old_shape, old_strides, offset = g
    new_shape = infer_size(shape, prod(old_shape))
    strides = compute_stride(old_shape, old_strides, new_shape)
    if strides is None:
        raise errors.fail("view_incompatible")
    return Geometry((new_shape, strides, offset))


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


def flatten_shape(g: Geometry, start_dim: int, end_dim: int) -> tuple[int, ...] | None:
    """Return the shape flatten reshapes to, or None when flatten returns self."""
    shape = g[0]
    ndim = len(shape)
    start = start_dim if 0 <= start_dim < ndim else wrap_dim(start_dim, ndim)
    end = end_dim if 0 <= end_dim < ndim else wrap_dim(end_dim, ndim)
    if start > end:
        raise errors.fail("flatten_order")
    if ndim == 0:
        return (1,)
    if start == end:
        return None
    return shape[:start] + (prod(shape[start:end + 1]),) + shape[end + 1:]


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


def unflatten_shape(g: Geometry, dim: int, sizes: Sequence[int]) -> tuple[int, ...]:
    sizes = tuple(sizes)
    if not sizes:
        raise errors.fail("unflatten_empty")
    dim = wrap_dim(dim, g.ndim)
    n = g.shape[dim] if g.ndim else 0
    try:
        if g.ndim == 0:
            raise errors.fail("no_dims", dim=dim)
        resolved = infer_size(sizes, n)
    except (RuntimeError, IndexError) as e:
        if "is invalid for input of size" in str(e):
            raise errors.fail("unflatten_mismatch", sizes=sizes, dim=dim, size=n) from None
        # ATen wraps every other failure of infer_size, even an IndexError, in a RuntimeError
        raise errors.fail("unflatten_error", error=str(e)) from None
    if prod(resolved) != n:
        raise errors.fail("unflatten_mismatch", sizes=sizes, dim=dim, size=n)
    return g.shape[:dim] + resolved + g.shape[dim + 1:]
