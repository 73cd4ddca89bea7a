"""torch.nn.functional.interpolate in its modes nearest, nearest-exact, linear, bilinear,
bicubic, trilinear and area, and bilinear and bicubic with antialias=True, as torch 2.13
computes them on CPU. Mode 'area' is adaptive_avg_pool1d / 2d / 3d of the output size
(reference/pooling_adaptive.py); antialias's weights are in reference/sampling_antialias.py.

The Python function (torch/nn/functional.py interpolate) refuses align_corners for the
nearest modes, size and scale_factor both or neither, a size or scale_factor list of the wrong
length, a size of other than ints, recompute_scale_factor with a size; with
recompute_scale_factor it turns the scales into sizes (int(in * scale)) and passes no scales.
It then picks the native op by the input's rank and the mode, and refuses the pairs it has no
op for (NotImplementedError). The native op (aten/src/ATen/native/UpSample.cpp
compute_output_size: int(in * scale), truncated) checks that every input and output size is
positive, then that the channels are not empty (UpSample.h upsample_Nd_common_check; the
UpSample*.cpp meta functions), and allocates a 3-d output contiguous and a 4-d or 5-d one in
the input's suggest_memory_format (channels_last and channels_last_3d kept). The CPU kernels
take the floating types and uint8 (linear and trilinear no uint8), refused even when empty.

Values (UpSample.h): the nearest modes gather the element nearest_idx / nearest_exact_idx
picks, with the scale in float as the kernel has it: exact. The linear modes and bicubic
weigh 2 (4) taps per dim (area_pixel_compute_source_index, guard_index_and_lambda, the cubic
convolution with A = -0.75), the weights computed in opmath_t (float for half and bfloat16)
with the source index one fused multiply-add, and stored in the input's type
(UpSampleKernel.cpp compute_indices_weights_linear / _cubic); here summed in double, within
a bound relative to the sum of the weighted magnitudes plus what the weights' own slack (the
unfused index, their rounding, the cubic's arithmetic) moves; uint8's fixed-point kernels
are left undetermined.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, pooling_adaptive, sampling_antialias
from .geometry import contiguous_strides
from .layouts import strides_for_format, suggest_format
from .operands import is_tensor
from .reduction_values import Result
from .reductions import store
from .values import quantize

if TYPE_CHECKING:
    from .dtypes import dtype as DType
    from .tensor import Tensor

# the CPU kernels' dtype dispatch: (mode, rank) -> the name it refuses others with, and
# whether it takes uint8 (floating types always)
_KERNELS = {
    ("nearest", 3): ("compute_indices_weights_nearest", True),
    ("nearest-exact", 3): ("compute_indices_weights_nearest", True),
    ("nearest", 4): ("upsample_nearest2d_channels_last", True),
    ("nearest-exact", 4): ("upsample_nearest2d_channels_last", True),
    ("nearest", 5): ("compute_indices_weights_nearest", True),
    ("nearest-exact", 5): ("compute_indices_weights_nearest", True),
    ("linear", 3): ("compute_indices_weights_linear", False),
    ("bilinear", 4): ("upsample_bilinear2d_channels_last", True),
    ("bicubic", 4): ("compute_indices_weights_cubic", True),
    ("trilinear", 5): ("compute_indices_weights_linear", False),
}
_FLOATS = frozenset({"float32", "float64", "float16", "bfloat16"})
_NEAREST = ("nearest", "nearest-exact")
_INTERPOLATING = ("linear", "bilinear", "bicubic", "trilinear")
# relative bounds past this leave a value undetermined
_CAP = 2.0**-7
# per tap and weight, how many roundings of the compute type a value may carry
_ROUNDINGS = 16


# -- the Python function's checks ------------------------------------------------------------

def _is_integer(x: Any) -> bool:
    """torch.nn.functional._is_integer: an int (a bool too), or a non-floating tensor."""
    if isinstance(x, (int, np.integer)):
        return True
    return is_tensor(x) and not x.dtype.is_floating_point


def _sizes(input: Tensor, size: Any, scale_factor: Any, mode: str,  # noqa: A002
           recompute: bool | None) -> tuple[list[int], list[float] | None]:
    """Return the output sizes and the scales passed on (None where recomputed or sized)."""
    dim = input.ndim - 2
    spatial = list(input._geom.shape[2:])
    scales: list[float] | None = None
    if size is not None and scale_factor is not None:
        raise errors.fail("interp_size_and_scale")
    if size is not None:
        if isinstance(size, (list, tuple)):
            if len(size) != dim:
                raise errors.fail("interp_size_len", spatial=str(spatial), size=repr(size))
            if not all(_is_integer(x) for x in size):
                kinds = "[" + ", ".join(f"<class '{_typename(x)}'>" for x in size) + "]"
                raise errors.fail("interp_size_type", kinds=kinds)
            sizes = list(size)
        else:
            sizes = [size] * dim
    elif scale_factor is not None:
        if isinstance(scale_factor, (list, tuple)):
            if len(scale_factor) != dim:
                raise errors.fail("interp_scale_len", spatial=str(spatial),
                                  scale=repr(scale_factor))
            scales = [float(s) for s in scale_factor]
        else:
            scales = [float(scale_factor)] * dim
        sizes = []
    else:
        raise errors.fail("interp_neither")
    if recompute and size is not None:
        raise errors.fail("interp_recompute_size")
    if mode == "area" and size is None:
        recompute = True
    if recompute and scales is not None:
        sizes = [int(n * s) for n, s in zip(spatial, scales)]
        scales = None
    if scales is not None:
        # UpSample.cpp compute_output_size: the double product, truncated
        sizes = [int(n * s) for n, s in zip(spatial, scales)]
    return [int(s.item()) if is_tensor(s) else int(s) for s in sizes], scales


def _typename(x: Any) -> str:
    return "Tensor" if is_tensor(x) else type(x).__name__


def _native(input: Tensor, mode: str) -> None:  # noqa: A002
    """Refuse the (rank, mode) pairs interpolate has no native op for."""
    n = input.ndim
    if (mode, n) in _KERNELS:
        return
    wants = {"linear": 3, "bilinear": 4, "trilinear": 5}
    if mode in wants and n in (3, 4, 5):
        raise errors.fail("interp_mode_rank", got=n, mode=mode, want=wants[mode])
    raise errors.fail("interp_rank", got=n, mode=mode)


# -- the native op ---------------------------------------------------------------------------

def _check_sizes(input: Tensor, sizes: list[int]) -> None:  # noqa: A002
    """UpSample.h upsample_Nd_common_check, then the meta functions' non-empty check."""
    shape = input._geom.shape
    spatial = shape[2:]
    names = "DHW"[3 - len(spatial):]
    if not all(n > 0 for n in (*spatial, *sizes)):
        if len(spatial) == 1:
            raise errors.fail("interp_sizes_1d", w=spatial[0], ow=sizes[0])
        given = ", ".join(f"{k}: {n}" for k, n in zip(names, spatial))
        got = ", ".join(f"{k}: {n}" for k, n in zip(names, sizes))
        raise errors.fail("interp_sizes", given=given, got=got)
    if shape[1] == 0:
        raise errors.fail("interp_nonempty", ndim=len(shape), sizes=list(shape))


def _nearest_index(o: np.ndarray, n: int, out: int, scale: float | None, exact: bool
                   ) -> np.ndarray:
    """UpSample.h nearest_idx / nearest_exact_idx, the scale in float."""
    if not exact and out == n:
        return o
    if not exact and out == 2 * n:
        return o >> 1
    with np.errstate(all="ignore"):
        s = np.float32(1.0 / scale) if scale is not None and scale > 0 else \
            np.float32(n) / np.float32(out)
        if exact:  # (dst_index + 0.5) * scale in double, floorf's argument a float
            src = np.floor((o + 0.5) * np.float64(s)).astype(np.float32)
        else:
            src = np.floor(o.astype(np.float32) * s)
    return np.minimum(src.astype(np.int64), n - 1)


def _ratio(n: int, out: int, align_corners: bool, scale: float | None,
           op: type[np.floating]) -> np.floating:
    """UpSample.h area_pixel_compute_scale<opmath_t>."""
    if align_corners:
        return op(n - 1) / op(out - 1) if out > 1 else op(0)
    return op(1.0 / scale) if scale is not None and scale > 0 else op(n) / op(out)


def _source(ratio: np.floating, o: int, align_corners: bool, fused: bool,
            op: type[np.floating]) -> np.floating:
    """UpSample.h area_pixel_compute_source_index in opmath_t, unclamped: the kernels built
    for AVX2 and up contract `scale * (dst_index + 0.5) - 0.5` into one fused multiply-add."""
    if align_corners:
        return ratio * op(o)
    if fused:  # the product is exact in a Fraction; one rounding at the end
        return op(float(Fraction(float(ratio)) * Fraction(2 * o + 1, 2) - Fraction(1, 2)))
    return ratio * op(o + 0.5) - op(0.5)


def _cubic_coefficients(t: np.floating, op: type[np.floating]) -> tuple[np.floating, ...]:
    """UpSample.h get_cubic_upsample_coefficients (A = -0.75) in opmath_t."""
    a, one = op(-0.75), op(1)

    def near(x: np.floating) -> np.floating:  # cubic_convolution1
        return ((a + op(2)) * x - (a + op(3))) * x * x + one

    def far(x: np.floating) -> np.floating:  # cubic_convolution2
        return ((a * x - op(5) * a) * x + op(8) * a) * x - op(4) * a

    return far(t + one), near(t), near(one - t), far(one - t + one)


def _taps(n: int, out: int, mode: str, align_corners: bool, scale: float | None,
          op: type[np.floating], fused: bool) -> list[list[tuple[int, np.floating]]]:
    """Return each output's (input index, weight in opmath_t) pairs, as UpSampleKernel.cpp's
    compute_indices_weights_linear / _cubic compute them (UpSample.h
    compute_source_index_and_lambda, guard_index_and_lambda, get_cubic_upsample_coefficients)."""
    ratio = _ratio(n, out, align_corners, scale, op)
    rows = []
    with np.errstate(all="ignore"):
        for o in range(out):
            if mode != "bicubic" and out == n:
                rows.append([(o, op(1)), (o, op(0))])
                continue
            src = _source(ratio, o, align_corners, fused, op)
            if mode != "bicubic" and src < 0:
                src = op(0)
            i0 = min(math.floor(src), n - 1)
            t = min(max(src - op(i0), op(0)), op(1))
            if mode == "bicubic":
                coeffs = _cubic_coefficients(t, op)
                rows.append([(max(min(i0 - 1 + j, n - 1), 0), c) for j, c in enumerate(coeffs)])
            else:
                rows.append([(i0, op(1) - t), (i0 + (1 if i0 < n - 1 else 0), t)])
    return rows


def _weights(n: int, out: int, mode: str, align_corners: bool, scale: float | None,
             dt: DType) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return one dim's (out, n) weights as the kernel stores them, which taps each output
    reads, and how far each tap's weight may stray from that (absolute).

    The weights are computed in opmath_t (double for double, float otherwise) and stored in
    the input's type, lambda0 = 1 - lambda1 after lambda1 is stored (UpSampleKernel.cpp
    compute_indices_weights_linear / _cubic); the channels-last kernel keeps them in opmath_t
    (cpu_upsample_linear_channels_last). Either build's source index (fused or not), the
    rounding of each weight to the input's type and the cubic's own arithmetic (which a
    compiler may contract too) are the slack."""
    op = np.float64 if dt is dtypes.float64 else np.float32
    reduced = dt in (dtypes.float16, dtypes.bfloat16)
    arithmetic = (4 if mode == "bicubic" else 1) * float(np.finfo(op).eps)
    w, plain = np.zeros((out, n)), np.zeros((out, n))
    slack = np.zeros((out, n))
    taps = np.zeros((out, n), np.bool_)
    fused, unfused = (_taps(n, out, mode, align_corners, scale, op, f) for f in (True, False))
    for o, (row, other) in enumerate(zip(fused, unfused)):
        for j, ((k, c), (k2, c2)) in enumerate(zip(row, other)):
            kept = float(c)
            if reduced:
                if mode != "bicubic" and j == 0 and out != n:  # lambda0 from the stored lambda1
                    lam1 = float(quantize(np.asarray(row[1][1], op), dt))
                    kept = float(quantize(np.asarray(op(1) - op(lam1), op), dt))
                else:
                    kept = float(quantize(np.asarray(c, op), dt))
            w[o, k] += kept
            plain[o, k2] += float(c2)
            taps[o, k] = taps[o, k2] = True
            slack[o, k] += abs(kept - float(c)) + arithmetic
    slack += np.abs(w - plain)
    return w, taps, np.where(taps, slack, 0.0)


def _along(a: np.ndarray, m: np.ndarray, axis: int) -> np.ndarray:
    """Apply an (out, n) matrix along one axis of a."""
    return np.moveaxis(np.tensordot(m, np.moveaxis(a, axis, 0), axes=(1, 0)), 0, axis)


def _values(input: Tensor, dest: Tensor, sizes: list[int], scales: list[float] | None,  # noqa: A002
            mode: str, align_corners: bool, antialias: bool = False) -> None:
    x = input._values()
    undefined = ~input._defined()
    spatial = input._geom.shape[2:]
    if mode in _NEAREST:
        index = [_nearest_index(np.arange(out), n, out, None if scales is None else scales[d],
                                mode == "nearest-exact")
                 for d, (n, out) in enumerate(zip(spatial, sizes))]
        grid: tuple[Any, ...] = (Ellipsis, *np.ix_(*index))
        store(dest, Result(x[grid], undefined[grid], input._tolerance()), False)
        return
    finite = np.isfinite(x)
    value = np.where(finite, x, 0).astype(np.float64)
    magnitude = np.abs(value)
    # how far the weights' own slack moves a value (absolute, not relative to the weights)
    stray = np.zeros(value.shape)
    lost = (undefined | ~finite).astype(np.float64)
    dt = input.dtype
    for d, (n, out) in enumerate(zip(spatial, sizes)):
        scale = None if scales is None else scales[d]
        if antialias:
            w, taps = sampling_antialias.weights(n, out, mode, align_corners, scale)
            slack = np.zeros(w.shape)
        else:
            w, taps, slack = _weights(n, out, mode, align_corners, scale, dt)
        value = _along(value, w, d + 2)
        stray = _along(stray, np.abs(w), d + 2) + _along(magnitude, slack, d + 2)
        magnitude = _along(magnitude, np.abs(w), d + 2)
        lost = _along(lost, taps.astype(np.float64), d + 2)
    # the kernels accumulate in opmath_t: float for half and bfloat16, rounded once at the end
    eps = dt.eps if antialias or dt is dtypes.float64 else dtypes.float32.eps
    with np.errstate(all="ignore"):
        roundings = sampling_antialias.ROUNDINGS if antialias else _ROUNDINGS
        bound = ((roundings * eps + input._tolerance()) * magnitude + stray) / np.abs(value)
    bound = np.where((magnitude == 0) & (stray == 0), 0.0, bound)
    lost_any = lost > 0
    if antialias:
        lost_any = lost_any | sampling_antialias.misread(input._geom.shape, sizes)
    if dt is dtypes.uint8:
        lost_any = np.ones(value.shape, np.bool_)
    loose = ~(bound <= max(_CAP, 2 * dt.eps)) & ~lost_any
    kept = bound[~loose & ~lost_any]
    tolerance = float(kept.max()) if kept.size else 0.0
    store(dest, Result(value, lost_any | loose, max(tolerance, 2 * dt.eps)), False)


def _upsample(input: Tensor, sizes: list[int], scales: list[float] | None,  # noqa: A002
              mode: str, align_corners: bool, antialias: bool = False) -> Tensor:
    _check_sizes(input, sizes)
    shape = (*input._geom.shape[:2], *sizes)
    if len(shape) == 3:
        strides = contiguous_strides(shape)
    else:  # UpSample*.cpp meta: input.suggest_memory_format()
        strides = strides_for_format(shape, suggest_format(input._geom))
    dest = type(input)._fresh(shape, strides, input.dtype, input.device)
    kernel, takes_uint8 = _KERNELS[(mode, input.ndim)]
    dt = input.dtype
    allowed = dt.name in _FLOATS or (takes_uint8 and dt is dtypes.uint8)
    if antialias:
        kernel, allowed = sampling_antialias.KERNEL, dt.name in sampling_antialias.DTYPES
    if not input.is_meta and not allowed:
        raise errors.fail("kernel_dtype", kernel=kernel, type=dt.scalar_name)
    if not dest.is_meta and dest.numel():
        _values(input, dest, sizes, scales, mode, align_corners, antialias)
    return dest


def interpolate(input: Tensor, size: Any = None, scale_factor: Any = None,  # noqa: A002
                mode: str = "nearest", align_corners: bool | None = None,
                recompute_scale_factor: bool | None = None, antialias: bool = False) -> Tensor:
    """Return torch.nn.functional.interpolate(...)."""
    if mode in ("nearest", "area", "nearest-exact"):
        if align_corners is not None:
            raise errors.fail("interp_align_corners")
    elif align_corners is None:
        align_corners = False
    sizes, scales = _sizes(input, size, scale_factor, mode, recompute_scale_factor)
    if antialias and not (mode in ("bilinear", "bicubic", "lanczos") and input.ndim == 4):
        raise errors.fail("interp_antialias")
    if antialias and mode == "lanczos":
        raise errors.fail("not_modelled", what="interpolate(mode='lanczos')")
    if mode == "area" and input.ndim in (3, 4, 5):
        # adaptive_avg_pool of the sizes: the scales are always recomputed into them
        if input.ndim == 3:
            return pooling_adaptive.adaptive_avg_pool1d(input, sizes)
        return pooling_adaptive.adaptive_avg_pool(input, sizes, input.ndim - 2)
    _native(input, mode)
    return _upsample(input, sizes, scales, mode, bool(align_corners), antialias)

