"""pixel_shuffle, pixel_unshuffle, channel_shuffle, one_hot and embedding: new tensors whose
elements are the input's moved (or a weight's rows looked up), never views.

pixel_shuffle and pixel_unshuffle (aten/src/ATen/native/PixelShuffle.cpp, PixelShuffle.h
check_pixel_shuffle_shapes, check_pixel_unshuffle_shapes) take 3 dims or more, a positive
factor and channels divisible by its square (height and width by it); the CPU kernel
(cpu/PixelShuffleKernel.cpp) allocates in the input's suggest_memory_format and takes
channels_last and contiguous alone: a 5-d channels_last_3d input is refused. channel_shuffle
(ChanelShuffle.cpp, cpu/ChannelShuffleKernel.cpp) takes more than 2 dims, positive groups
dividing dim 1, and keeps channels_last and channels_last_3d; channel k*groups + g of the
result is channel g*(C/groups) + k of the input.

one_hot (Onehot.cpp) takes int64 alone; an empty input needs num_classes > 0 and gives
at::empty; else it refuses negative classes, infers num_classes from the largest (-1) or
refuses one not above it, and scatter_s ones into at::zeros: contiguous int64, version 2 (the
zero_ and the scatter_). On meta (its functional path) num_classes=-1 calls item().

embedding (torch/nn/functional.py embedding; Embedding.cpp embedding_symint) checks
padding_idx against the weight's rows in Python (an AssertionError), then a 2-d weight and
int64 or int32 indices; the rows are index_select's (an index out of range is an IndexError),
viewed to indices.shape + (embedding_dim,): contiguous, not tracked as a view. padding_idx
changes no value of the forward result. max_norm renormalises the weight in place first
(embedding_renorm_, below).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, signatures, writes
from .geometry import contiguous_strides
from .layouts import strides_for_format, suggest_format
from .shaping import gathered

if TYPE_CHECKING:
    from .tensor import Tensor

Shape = tuple[int, ...]


def _fresh_like(t: Tensor, shape: Shape, formats: tuple[Any, ...]) -> Tensor:
    """Allocate in t's suggest_memory_format, refusing one the kernel does not take."""
    mf = suggest_format(t._geom)
    if mf not in formats:
        raise errors.fail("shuffle_memory_format")
    return type(t)._fresh(shape, strides_for_format(shape, mf), t.dtype, t.device, zero=True)


_TWO_FORMATS = (dtypes.contiguous_format, dtypes.channels_last)


def pixel_shuffle(t: Tensor, upscale_factor: int) -> Tensor:
    """Return torch.pixel_shuffle(t, upscale_factor)."""
    r = upscale_factor
    if t.ndim < 3:
        raise errors.fail("shuffle_ndim", op="pixel_shuffle", ndim=t.ndim)
    if r <= 0:
        raise errors.fail("shuffle_factor", op="pixel_shuffle", what="upscale_factor", r=r)
    *batch, c, h, w = t._geom.shape
    if c % (r * r):
        raise errors.fail("pixel_shuffle_channels", c=c, square=r * r)
    shape = (*batch, c // (r * r), h * r, w * r)
    out = _fresh_like(t, shape, _TWO_FORMATS)
    n = len(batch)

    def take(a: np.ndarray) -> np.ndarray:
        a = a.reshape(*batch, c // (r * r), r, r, h, w)
        return a.transpose(*range(n), n, n + 3, n + 1, n + 4, n + 2).reshape(shape)
    gathered(out, t, take)
    return out


def pixel_unshuffle(t: Tensor, downscale_factor: int) -> Tensor:
    """Return torch.pixel_unshuffle(t, downscale_factor)."""
    r = downscale_factor
    if t.ndim < 3:
        raise errors.fail("shuffle_ndim", op="pixel_unshuffle", ndim=t.ndim)
    if r <= 0:
        raise errors.fail("shuffle_factor", op="pixel_unshuffle", what="downscale_factor", r=r)
    *batch, c, h, w = t._geom.shape
    for what, dim, size in (("height", -2, h), ("width", -1, w)):
        if size % r:
            raise errors.fail("pixel_unshuffle_size", what=what, dim=dim, size=size, r=r)
    if t.numel() == 0:  # self.clone(): the input's shape, not the unshuffled one (measured)
        return t._clone(dtypes.preserve_format)
    shape = (*batch, c * r * r, h // r, w // r)
    out = _fresh_like(t, shape, _TWO_FORMATS)
    n = len(batch)

    def take(a: np.ndarray) -> np.ndarray:
        a = a.reshape(*batch, c, h // r, r, w // r, r)
        return a.transpose(*range(n), n, n + 2, n + 4, n + 1, n + 3).reshape(shape)
    gathered(out, t, take)
    return out


def channel_shuffle(t: Tensor, groups: int) -> Tensor:
    """Return torch.channel_shuffle(t, groups)."""
    if t.ndim <= 2:
        raise errors.fail("channel_shuffle_ndim", shape=list(t._geom.shape))
    if groups <= 0:
        raise errors.fail("channel_shuffle_groups", groups=groups)
    shape = t._geom.shape
    c = shape[1]
    if c % groups:
        raise errors.fail("channel_shuffle_channels", c=c, groups=groups)
    if t.numel() == 0:  # the input's storage and geometry, untracked, a version of its own
        if t._conj or t._neg:  # the math-bit fallback ran it on a resolved clone
            return type(t)._fresh(shape, t._geom.strides, t.dtype, t.device)
        return type(t)(t._storage, t._geom, t.dtype)
    out = _fresh_like(t, shape, (*_TWO_FORMATS, dtypes.channels_last_3d))

    def take(a: np.ndarray) -> np.ndarray:
        a = a.reshape(shape[0], groups, c // groups, *shape[2:])
        return a.swapaxes(1, 2).reshape(shape)
    gathered(out, t, take)
    return out


def one_hot(t: Tensor, num_classes: int = -1) -> Tensor:
    """Return torch.nn.functional.one_hot(t, num_classes)."""
    if t.dtype is not dtypes.int64:
        raise errors.fail("one_hot_dtype")
    if t.is_meta:
        if num_classes == -1:
            raise errors.fail("meta_item")
        shape = (*t._geom.shape, num_classes)
        return type(t)._fresh(shape, None, dtypes.int64, t.device)
    if t.numel() == 0:
        if num_classes <= 0:
            raise errors.fail("one_hot_empty")
        return type(t)._fresh((*t._geom.shape, num_classes), None, dtypes.int64, t.device)
    x = t._values().astype(np.int64)
    if x.min() < 0:
        raise errors.fail("one_hot_negative")
    if num_classes == -1:
        num_classes = int(x.max()) + 1
    elif num_classes <= x.max():
        raise errors.fail("one_hot_classes")
    shape = (*t._geom.shape, num_classes)
    out = type(t)._fresh(shape, None, dtypes.int64, t.device, zero=True)
    out._write((x[..., None] == np.arange(num_classes)).astype(np.int64))
    writes.forget(out, np.broadcast_to(~t._defined()[..., None], shape))
    out._bump()  # at::zeros' zero_
    out._bump()  # scatter_
    return out


def embedding(weight: Tensor, indices: Tensor, padding_idx: int = -1,
              scale_grad_by_freq: bool = False, sparse: bool = False) -> Tensor:
    """Return torch.embedding(weight, indices, ...): rows of weight, contiguous."""
    if weight.ndim != 2:
        raise errors.fail("embedding_weight_2d")
    if indices.dtype not in (dtypes.int64, dtypes.int32):
        raise errors.fail("embedding_indices_dtype", type=indices._typename())
    rows, dim = weight._geom.shape
    shape = (*indices._geom.shape, dim)
    if not (indices.is_meta or weight.is_meta) and indices.numel():
        idx = indices._values().astype(np.int64)
        if rows == 0:
            raise errors.fail("embedding_no_rows")
        if idx.min() < 0 or idx.max() >= rows:
            raise errors.fail("index_out_of_range_self")
    out = type(weight)._fresh(shape, contiguous_strides(shape), weight.dtype, weight.device,
                              zero=True)
    if out.numel() and not (indices.is_meta or weight.is_meta):
        idx = indices._values().astype(np.int64)
        gathered(out, weight, lambda a: a[idx])
    return out


# -- torch's and torch.nn.functional's spellings --------------------------------------------------

_SIGNATURES = {
    "pixel_shuffle": signatures.signature("pixel_shuffle(Tensor input, int upscale_factor)"),
    "pixel_unshuffle": signatures.signature(
        "pixel_unshuffle(Tensor input, int downscale_factor)"),
    "channel_shuffle": signatures.signature("channel_shuffle(Tensor input, int groups)"),
    "native_channel_shuffle": signatures.signature(
        "native_channel_shuffle(Tensor input, int groups)"),
    "one_hot": signatures.signature("one_hot(Tensor input, int num_classes=-1)"),
    "embedding": signatures.signature(
        "embedding(Tensor weight, Tensor indices, int padding_idx=-1, "
        "bool scale_grad_by_freq=False, bool sparse=False)"),
}
_OPS = {"pixel_shuffle": lambda b: pixel_shuffle(b["input"], b["upscale_factor"]),
        "pixel_unshuffle": lambda b: pixel_unshuffle(b["input"], b["downscale_factor"]),
        "channel_shuffle": lambda b: channel_shuffle(b["input"], b["groups"]),
        "native_channel_shuffle": lambda b: channel_shuffle(b["input"], b["groups"]),
        "one_hot": lambda b: one_hot(b["input"], b.get("num_classes", -1)),
        "embedding": lambda b: embedding(b["weight"], b["indices"],
                                         b.get("padding_idx", -1))}


def _function(name: str) -> Any:
    def call(*args: Any, **kwargs: Any) -> Any:
        return _OPS[name](signatures.parse((_SIGNATURES[name],), args, kwargs))
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return torch.{name}, as its binding takes its arguments."
    return call


# torch's own functions; one_hot is torch._C._nn's (nn/functional.py binds it)
FUNCTIONS = {name: _function(name) for name in _SIGNATURES if name != "one_hot"}
one_hot_function = _function("one_hot")


def functional_embedding(input: Tensor, weight: Tensor,  # noqa: A002 - torch's name
                         padding_idx: int | None = None, max_norm: float | None = None,
                         norm_type: float = 2.0, scale_grad_by_freq: bool = False,
                         sparse: bool = False) -> Tensor:
    """Return torch.nn.functional.embedding(input, weight, padding_idx, ...)."""
    if padding_idx is not None:
        if padding_idx > 0 and padding_idx >= weight.size(0):
            raise errors.fail("embedding_padding_idx")
        if padding_idx < 0:
            if padding_idx < -weight.size(0):
                raise errors.fail("embedding_padding_idx")
            padding_idx = weight.size(0) + padding_idx
    else:
        padding_idx = -1
    if max_norm is not None:
        embedding_renorm_(weight, input, float(max_norm), float(norm_type))
    return FUNCTIONS["embedding"](weight, input, padding_idx, scale_grad_by_freq, sparse)


def embedding_renorm_(weight: Tensor, indices: Tensor, max_norm: float,
                      norm_type: float) -> Tensor:
    """Renormalise in place the rows of weight that indices name (Embedding.cpp
    embedding_renorm_cpu_, which F.embedding calls under no_grad when max_norm is given).

    After its checks (a 2-d weight, int64 or int32 indices) the kernel walks the distinct
    indices in ascending order: row `weight[i]` (a negative i wraps, one past the rows is
    select()'s IndexError, raised with the rows before it already written) whose
    `norm(norm_type)` exceeds max_norm is multiplied by max_norm / (norm + 1e-7). Its writes
    go through untracked views: one bump of weight's version at the end, whatever it changed.
    The norm and the product round in the weight's dtype: the new values carry a few eps.
    """
    if weight.ndim != 2:
        raise errors.fail("embedding_renorm_dim", ndim=weight.ndim)
    if indices.dtype not in (dtypes.int64, dtypes.int32):
        raise errors.fail("embedding_renorm_indices", type=indices._typename())
    rows = weight._geom.shape[0]
    if not (weight.is_meta or indices.is_meta) and indices.numel():
        if not (weight.dtype.is_floating_point or weight.dtype.is_complex):
            raise errors.fail("embedding_renorm_norm_dtype", type=weight.dtype.scalar_name)
        wanted = sorted(set(int(i) for i in indices._values().astype(np.int64).ravel()))
        for i in wanted:
            if not -rows <= i < rows:  # the failed call bumps no version
                raise errors.fail("select_range", index=i, shape=list(weight._geom.shape),
                                  dim=0)
            _renorm_row(weight, i % rows, max_norm, norm_type)
    weight._bump()
    return weight


def _renorm_row(weight: Tensor, i: int, max_norm: float, norm_type: float) -> None:
    """row *= max_norm / (norm + 1e-7) where the row's norm exceeds max_norm."""
    from .geometry import Geometry
    from .reduction_values import Result
    from .reductions import store
    g = weight._geom
    row = type(weight)(weight._storage, Geometry(((g.shape[1],), (g.strides[1],),
                                                  g.offset + i * g.strides[0])), weight.dtype)
    x = row._values().astype(complex if weight.dtype.is_complex else np.float64)
    defined = bool(np.asarray(row._defined()).all()) and bool(np.isfinite(x).all())
    with np.errstate(all="ignore"):
        a = np.abs(x)
        if norm_type == 0:
            norm = float(np.count_nonzero(a))
        elif np.isinf(norm_type):
            norm = float(a.max() if norm_type > 0 else a.min()) if a.size else 0.0
        else:
            norm = float(np.sum(a ** norm_type) ** (1 / norm_type))
    eps = weight.dtype.eps
    # how close to max_norm a norm in the weight's dtype may be and still go either way
    close = abs(norm - max_norm) <= 4 * eps * max(abs(norm), abs(max_norm))
    if not defined or close:
        writes.forget(row, np.ones(row._geom.shape, np.bool_))
        return
    if norm > max_norm:
        scale = max_norm / (norm + 1e-7)
        with np.errstate(all="ignore"):
            store(row, Result(x * scale, None, 4 * eps), False)
