"""View ops that rearrange a tensor's elements: reshape, dims and broadcast.

Each function takes a Geometry (and plain ints/tuples) and returns a Geometry; none touches
values. Views of part of a tensor are in slice_views.py, views that reinterpret its bytes in
dtype_views.py; both wrap dims with wrap_dim from here. Formulas follow
aten/src/ATen/native/TensorShape.cpp unless noted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import prod
from operator import itemgetter

from . import errors
from .geometry import Geometry, compute_stride, numel_overflows, storage_size_overflows


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


def view(g: Geometry, shape: Sequence[int]) -> Geometry:
    old_shape, old_strides, offset = g
    new_shape = infer_size(shape, prod(old_shape))
    strides = compute_stride(old_shape, old_strides, new_shape)
    if strides is None:
        raise errors.fail("view_incompatible")
    return Geometry((new_shape, strides, offset))


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


def as_strided(g: Geometry, size: Sequence[int], stride: Sequence[int],
               storage_offset: int | None = None) -> Geometry:
    """Return arbitrary geometry over the same storage; bounds are checked by the caller."""
    size, stride = tuple(size), tuple(stride)
    offset = g[2] if storage_offset is None else storage_offset
    if len(size) != len(stride):
        raise errors.fail("as_strided_len")
    if stride and min(stride) < 0:
        raise errors.fail("as_strided_negative_stride", strides=stride)
    # setStrided: the storage's bytes first, then the elements (c10 computeStorageNbytes,
    # TensorImpl::safe_compute_numel)
    if storage_size_overflows(size, stride):
        raise errors.fail("storage_size_overflow", shape=size, strides=stride)
    if numel_overflows(size):
        raise errors.fail("numel_overflow")
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
        if numel_overflows(sizes):
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
    # ATen then calls as_strided, whose checks take a negative size (ExpandUtils.cpp)
    return as_strided(g, out_shape, out_strides)


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
