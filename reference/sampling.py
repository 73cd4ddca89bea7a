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
convolution with A = -0.75); here in double, within a bound relative to the sum of the
weighted magnitudes; uint8's fixed-point kernels are left undetermined.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, pooling_adaptive, sampling_antialias
from .geometry import contiguous_strides
from .layouts import strides_for_format, suggest_format
from .operands import is_tensor
from .reduction_values import Result
from .reductions import store

if TYPE_CHECKING:
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


def _ratio(n: int, out: int, align_corners: bool, scale: float | None) -> float:
    """UpSample.h area_pixel_compute_scale."""
    if align_corners:
        return (n - 1) / (out - 1) if out > 1 else 0.0
    return 1.0 / scale if scale is not None and scale > 0 else n / out


def _weights(n: int, out: int, mode: str, align_corners: bool, scale: float | None
             ) -> tuple[np.ndarray, np.ndarray]:
    """Return one dim's (out, n) weights and which taps each output reads."""
    w = np.zeros((out, n))
    taps = np.zeros((out, n), np.bool_)
    ratio = _ratio(n, out, align_corners, scale)
    for o in range(out):
        if mode != "bicubic" and out == n:
            w[o, o], taps[o, o] = 1.0, True
            continue
        src = ratio * o if align_corners else ratio * (o + 0.5) - 0.5
        if mode != "bicubic" and src < 0:
            src = 0.0
        i0 = min(math.floor(src), n - 1)
        t = min(max(src - i0, 0.0), 1.0)
        if mode == "bicubic":
            a = -0.75
            coeffs = (((a * (t + 1) - 5 * a) * (t + 1) + 8 * a) * (t + 1) - 4 * a,
                      ((a + 2) * t - (a + 3)) * t * t + 1,
                      ((a + 2) * (1 - t) - (a + 3)) * (1 - t) * (1 - t) + 1,
                      ((a * (2 - t) - 5 * a) * (2 - t) + 8 * a) * (2 - t) - 4 * a)
            for j, c in enumerate(coeffs):
                k = max(min(i0 - 1 + j, n - 1), 0)
                w[o, k] += c
                taps[o, k] = True
        else:
            i1 = i0 + (1 if i0 < n - 1 else 0)
            w[o, i0] += 1.0 - t
            w[o, i1] += t
            taps[o, i0] = taps[o, i1] = True
    return w, taps


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
    lost = (undefined | ~finite).astype(np.float64)
    for d, (n, out) in enumerate(zip(spatial, sizes)):
        weigh = sampling_antialias.weights if antialias else _weights
        w, taps = weigh(n, out, mode, align_corners, None if scales is None else scales[d])
        value = _along(value, w, d + 2)
        magnitude = _along(magnitude, np.abs(w), d + 2)
        lost = _along(lost, taps.astype(np.float64), d + 2)
    dt = input.dtype
    with np.errstate(all="ignore"):
        roundings = sampling_antialias.ROUNDINGS if antialias else _ROUNDINGS
        bound = (roundings * dt.eps + input._tolerance()) * magnitude / np.abs(value)
    bound = np.where(magnitude == 0, 0.0, bound)
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

