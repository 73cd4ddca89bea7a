"""torch.nn.functional's 3-d pooling: max_pool3d (with and without indices) and avg_pool3d, as
torch 2.13 computes them on CPU, and the window arithmetic over any number of spatial dims
that these and the adaptive pools (reference/pooling_adaptive.py) share.

Shapes are pooling.py's (Pool.h pooling_output_shape) per dim. max_pool3d
(DilatedMaxPool3d.cpp max_pool3d_with_indices_out_cpu_template) checks its list ranks, the
input's rank for its suggested format, then Pool.h pool3d_shape_check, and allocates a 5-d
output in the input's suggest_memory_format (channels_last_3d kept), a 4-d one contiguous;
the indices share the layout, as int64. avg_pool3d's structured meta function
(AveragePool3d.cpp) allocates contiguous outputs whatever the input's format, and its
shape check also refuses a kernel larger than the unpadded input.

Values: a max window as pooling.py's (NaN propagates, the last NaN's index; the first of equal
maxima); avg_pool3d_out_frame sums the in-range elements in the input's type (int64 wrapping
for Long) and divides there (C++ truncation for Long).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, writes
from .geometry import Geometry, channels_last_strides, contiguous_strides, is_contiguous
from .iterator import Layout
from .layouts import suggest_format
from .overlap import shares_bytes
from .pointwise import check_out_dtype, resize_out
from .pooling import _CAP, _MAX_DTYPES, _check_kernel_dtype, _taps, output_size
from .reduction_values import Result
from .reductions import store

if TYPE_CHECKING:
    from .tensor import Tensor

# one spatial dim's taps: positions (out, k) clipped into the input, which are in range, and
# the first in-range tap of each window (out,)
Taps = tuple[np.ndarray, np.ndarray, np.ndarray]
Ints = tuple[int, ...]

# avg_pool3d_out_frame's AT_DISPATCH_FLOATING_TYPES_AND(Long)
_AVG3D_DTYPES = frozenset({"float32", "float64", "int64"})


# -- windows over n spatial dims ---------------------------------------------------------------

def gather(x: np.ndarray, taps: Sequence[Taps]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Gather x (planes, *spatial) into windows (planes, *out, taps) in torch's order (the first
    spatial dim outermost), with which taps lie in the input and their flat positions."""
    n = len(taps)
    index: list[Any] = [slice(None)]
    valid, flat = np.ones((1,) * 2 * n, np.bool_), np.zeros((1,) * 2 * n, np.int64)
    width = 1
    for d in reversed(range(n)):
        pos, ok, _ = taps[d]
        shape = [1] * 2 * n
        shape[d], shape[n + d] = pos.shape
        index.insert(1, pos.reshape(shape))
        valid = valid & ok.reshape(shape)
        flat = flat + pos.reshape(shape) * width
        width *= x.shape[1 + d]
    out = tuple(t[0].shape[0] for t in taps)
    k = int(np.prod([t[0].shape[1] for t in taps]))
    g = x[tuple(index)].reshape(x.shape[0], *out, k)
    valid = np.broadcast_to(valid, (*out, *(t[0].shape[1] for t in taps))).reshape(*out, k)
    flat = np.broadcast_to(flat, (*out, *(t[0].shape[1] for t in taps))).reshape(*out, k)
    return g, valid, flat


def max_values(x: np.ndarray, taps: Sequence[Taps]) -> tuple[np.ndarray, np.ndarray]:
    """Each window's max and the flat index of it (cpu/MaxPoolKernel.cpp cpu_max_pool:
    `val > max || isnan(val)`; a window with no tap in range keeps its start)."""
    g, valid, flat = gather(x, taps)
    floating = g.dtype.kind == "f"
    lowest = -np.inf if floating else np.iinfo(g.dtype).min
    with np.errstate(invalid="ignore"):
        best = np.where(valid, g, lowest).max(-1)
        chosen = np.argmax(valid & (g == best[..., None]), -1)
    if floating:
        nan = valid & np.isnan(g)
        last_nan = nan.shape[-1] - 1 - np.argmax(nan[..., ::-1], -1)
        chosen = np.where(nan.any(-1), last_nan, chosen)
    index = np.take_along_axis(np.broadcast_to(flat, g.shape), chosen[..., None], -1)[..., 0]
    start = np.zeros((1,) * len(taps), np.int64)
    width = 1
    for d in reversed(range(len(taps))):
        first = taps[d][2]
        shape = [1] * len(taps)
        shape[d] = first.shape[0]
        start = start + first.reshape(shape) * width
        width *= x.shape[1 + d]
    some = valid.any(-1)
    values = np.where(some, np.take_along_axis(g, chosen[..., None], -1)[..., 0], lowest)
    return values.astype(g.dtype), np.where(some, index, start)


def window_sums(x: np.ndarray, taps: Sequence[Taps], acc: np.dtype) -> np.ndarray:
    """Each window's sum of its in-range elements, in torch's order and type."""
    g, valid, _ = gather(x.astype(acc), taps)
    total = np.zeros(g.shape[:-1], acc)
    with np.errstate(all="ignore"):
        for i in range(g.shape[-1]):
            total = total + np.where(valid[..., i], g[..., i], acc.type(0))
    return total


def window_any(mask: np.ndarray, taps: Sequence[Taps]) -> np.ndarray:
    """Tell per window whether any in-range element is set in mask (planes, *spatial)."""
    g, valid, _ = gather(mask, taps)
    return (g & valid).any(-1)


def planes(input: Tensor, n: int) -> tuple[np.ndarray, np.ndarray, float]:  # noqa: A002
    """The input's values as (planes, *spatial) with which are defined, and their tolerance."""
    x = input._values()
    if x.dtype.kind == "f":  # integers keep their type: its lowest value starts a max
        x = x.astype(np.float64)
    spatial = input._geom.shape[-n:]
    return (x.reshape(-1, *spatial), input._defined().reshape(-1, *spatial),
            input._tolerance())


def near_ties(x: np.ndarray, taps: Sequence[Taps], values: np.ndarray, t_in: float
              ) -> np.ndarray:
    """Windows where another element within the inputs' tolerance may be the max."""
    g, valid, _ = gather(x, taps)
    with np.errstate(all="ignore"):
        near = valid & (np.abs(g - values[..., None]) <= 2 * t_in * np.maximum(
            np.abs(g), np.abs(values[..., None])))
    return near.sum(-1) > 1


# -- arguments ---------------------------------------------------------------------------------

def _triple(values: Sequence[int], key: str, empty_ok: bool = False) -> Ints | None:
    """Return (T, H, W) of a 1- or 3-int list; None for an empty stride, where allowed."""
    if empty_ok and not values:
        return None
    if len(values) not in (1, 3):
        raise errors.fail(key)
    return tuple(values) * 3 if len(values) == 1 else tuple(values)


def _shape_check(input: Tensor, k: Ints, s: Ints, p: Ints, dil: Ints, out: Ints,  # noqa: A002
                 fn: str, kernel_fits: bool) -> None:
    """Pool.h pool3d_shape_check, in its order."""
    if min(k) <= 0:
        raise errors.fail("pool3d_kernel_positive", t=k[0], h=k[1], w=k[2])
    if min(s) <= 0:
        raise errors.fail("pool3d_stride_positive", t=s[0], h=s[1], w=s[2])
    if min(dil) <= 0:
        raise errors.fail("pool3d_dilation_positive", t=dil[0], h=dil[1], w=dil[2])
    shape = input._geom.shape
    if len(shape) not in (4, 5):
        raise errors.fail("pool3d_input_rank", fn=fn, sizes=list(shape))
    for i, n in enumerate(shape):
        if n <= 0 and not (len(shape) == 5 and i == 0):
            raise errors.fail("pool3d_input_empty", fn=fn, sizes=list(shape), n=n)
    c, *spatial = shape[-4:]
    if kernel_fits and any(i < kk for i, kk in zip(spatial, k)):
        raise errors.fail("pool3d_kernel_fits", it=spatial[0], ih=spatial[1], iw=spatial[2],
                          kt=k[0], kh=k[1], kw=k[2])
    if any(kk // 2 < pp for kk, pp in zip(k, p)):
        raise errors.fail("pool3d_pad_kernel", kt=k[0], kh=k[1], kw=k[2], pt=p[0], ph=p[1],
                          pw=p[2])
    if min(out) < 1:
        raise errors.fail("pool3d_output_small", c=c, i="x".join(map(str, spatial)),
                          o="x".join(map(str, out)))


def _windows(input: Tensor, k: Ints, s: Ints, p: Ints, dil: Ints,  # noqa: A002
             ceil_mode: bool) -> Ints:
    return tuple(output_size(n, kk, pp, ss, dd, ceil_mode)
                 for n, kk, ss, pp, dd in zip(input._geom.shape[-3:], k, s, p, dil))


# -- the ops ------------------------------------------------------------------------------------

def max_pool3d_with_indices(input: Tensor, kernel_size: Sequence[int],  # noqa: A002
                            stride: Sequence[int], padding: Sequence[int],
                            dilation: Sequence[int], ceil_mode: bool = False,
                            indices: bool = True) -> tuple[Tensor, Tensor | None]:
    """Return torch._C._nn.max_pool3d_with_indices(...): each window's max and, with `indices`,
    the flat T * H * W position it came from."""
    k = _triple(kernel_size, "max_pool3d_kernel_rank")
    s = _triple(stride, "max_pool3d_stride_rank", empty_ok=True)
    p = _triple(padding, "max_pool3d_padding_rank")
    dil = _triple(dilation, "max_pool3d_dilation_rank")
    assert k is not None and p is not None and dil is not None, "never empty here"
    s = s if s is not None else k
    fmt = suggest_format(input._geom)
    if fmt is dtypes.channels_last_3d:
        if input.ndim != 5:  # never: only a 5-d tensor suggests channels_last_3d
            raise errors.fail("max_pool3d_channels_last_rank")
    elif fmt is dtypes.channels_last:
        # a 4-d input whose strides suggest channels_last (the meta kernel lets it pass)
        raise errors.fail("pool3d_memory_format")
    elif input.ndim not in (4, 5):
        raise errors.fail("pool3d_ndim")
    o = _windows(input, k, s, p, dil, ceil_mode)
    _shape_check(input, k, s, p, dil, o, "max_pool3d_with_indices_out_cpu_template()", False)
    shape = (*input._geom.shape[:-3], *o)
    strides = channels_last_strides(shape) if fmt is dtypes.channels_last_3d else \
        contiguous_strides(shape)
    dest = type(input)._fresh(shape, strides, input.dtype, input.device)
    where = type(input)._fresh(shape, strides, dtypes.int64, input.device) if indices else None
    _check_kernel_dtype(input, _MAX_DTYPES, "max_pool3d")
    if not dest.is_meta and dest.numel():
        x, defined, t_in = planes(input, 3)
        taps = [_taps(n, oo, kk, ss, pp, dd) for n, oo, kk, ss, pp, dd in
                zip(input._geom.shape[-3:], o, k, s, p, dil)]
        values, index = max_values(x, taps)
        undefined = window_any(~defined, taps)
        store(dest, Result(values.reshape(shape), undefined.reshape(shape), t_in), False)
        if where is not None:
            if t_in:
                undefined = undefined | near_ties(x, taps, values, t_in)
            store(where, Result(index.reshape(shape), undefined.reshape(shape)), False)
    return dest, where


def _divisors(size: Ints, k: Ints, s: Ints, p: Ints, out: Ints, count_include_pad: bool,
              override: int | None) -> np.ndarray:
    """Each window's divisor (AveragePool3d.cpp avg_pool3d_out_frame)."""
    if override is not None:
        return np.full(out, override, np.int64)
    total = np.ones((1,) * len(out), np.int64)
    for d, (n, kk, ss, pp, o) in enumerate(zip(size, k, s, p, out)):
        start = np.arange(o, dtype=np.int64) * ss - pp
        end = np.minimum(start + kk, n + pp)
        count = end - start if count_include_pad else np.minimum(end, n) - np.maximum(start, 0)
        shape = [1] * len(out)
        shape[d] = o
        total = total * count.reshape(shape)
    return total


def avg_pool3d(input: Tensor, kernel_size: Sequence[int], stride: Sequence[int],  # noqa: A002
               padding: Sequence[int], ceil_mode: bool = False, count_include_pad: bool = True,
               divisor_override: int | None = None, out: Tensor | None = None) -> Tensor:
    """Return torch._C._nn.avg_pool3d(...) (AveragePool3d.cpp TORCH_META_FUNC(avg_pool3d))."""
    k = _triple(kernel_size, "avg_pool3d_kernel_rank")
    s = _triple(stride, "avg_pool3d_stride_rank", empty_ok=True)
    p = _triple(padding, "avg_pool3d_padding_rank")
    assert k is not None and p is not None, "never empty here"
    s = s if s is not None else k
    if input.ndim not in (4, 5):
        raise errors.fail("pool3d_ndim")
    if divisor_override == 0:
        raise errors.fail("divisor_zero")
    o = _windows(input, k, s, p, (1, 1, 1), ceil_mode)
    _shape_check(input, k, s, p, (1, 1, 1), o, "avg_pool3d()", True)
    shape = (*input._geom.shape[:-3], *o)
    values_in = planes(input, 3) if not input.is_meta and input.numel() else None
    clobbered = out is not None and shares_bytes(out, input)
    if out is None:
        dest = type(input)._fresh(shape, contiguous_strides(shape), input.dtype, input.device)
    else:
        check_out_dtype(out, input.dtype)
        if out._geom.shape != shape:
            resize_out(out, Layout((shape, contiguous_strides(shape))))
        writes.check_writable(out)
        dest = out
    _check_kernel_dtype(input, _AVG3D_DTYPES, "avg_pool3d_out_frame")
    if values_in is not None and not dest.is_meta and dest.numel():
        x, defined, t_in = values_in
        size = input._geom.shape[-3:]
        taps = [_taps(n, oo, kk, ss, pp, 1) for n, oo, kk, ss, pp in zip(size, o, k, s, p)]
        divisor = _divisors(size, k, s, p, o, count_include_pad, divisor_override)
        acc = np.dtype(np.float64 if input.dtype is dtypes.float64 else
                       np.float32 if input.dtype.is_floating_point else np.int64)
        total = window_sums(x, taps, acc)
        with np.errstate(all="ignore"):
            if acc.kind == "f":
                values = total / divisor.astype(acc)
            else:  # C++ division truncates toward zero
                values = total // divisor + ((total % divisor != 0) & (
                    (total < 0) != (divisor < 0)))
        undefined = window_any(~defined, taps)
        tolerance = 0.0
        if t_in:
            magnitude = window_sums(np.abs(x), taps, np.dtype(np.float64))
            with np.errstate(all="ignore"):
                bound = t_in * magnitude / np.abs(values * divisor) + 2 * input.dtype.eps
            undefined |= ~(bound <= _CAP) & np.isfinite(values)
            kept = bound[~undefined & np.isfinite(bound)]
            tolerance = float(kept.max()) if kept.size else 0.0
        if out is not None and not is_contiguous(out._geom):
            # the structured kernel writes its frames through data_ptr as if the out= were
            # contiguous (AveragePool3d.cpp avg_pool3d_out_cpu): the values land in order
            # from the out's offset, whatever its strides
            dest = out._view_of(Geometry((shape, contiguous_strides(shape), out._geom.offset)))
        store(dest, Result(values.reshape(shape), undefined.reshape(shape), tolerance),
              clobbered)
        dest = out if out is not None else dest
    if out is not None:
        out._bump()
    return dest
