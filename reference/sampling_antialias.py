"""The weights of torch.nn.functional.interpolate(antialias=True) in bilinear and bicubic mode.

torch routes these to _upsample_bilinear2d_aa / _upsample_bicubic2d_aa (aten/src/ATen/native/
UpSampleBilinear2d.cpp, UpSampleBicubic2d.cpp: a structured meta function that keeps the
input's suggest_memory_format, as the other 4-d upsamplings do), whose CPU kernel
(cpu/UpSampleKernel.cpp separable_upsample_generic_Nd_kernel_impl) dispatches its weights'
computation on float, double and uint8 alone (`compute_index_ranges_weights`).

Each output position i of a dim reads a window of the input (HelperInterpBase
_compute_indices_min_size_weights_aa): with the scale of area_pixel_compute_scale, the
support is interp_size / 2 (2 taps for linear, 4 for cubic), stretched by the scale when it
shrinks (scale >= 1); the window is centred at scale * (i + 0.5), its ends truncated to ints
and clipped to the input, and each tap weighs filter((j - center + 0.5) / stretch), then the
weights are divided by their sum. The filters are the triangle and Keys' cubic with a = -0.5.
With a width of 1 in and out the kernel misreads rows past the first (see `misread`).
"""

from __future__ import annotations

import math

import numpy as np

# the kernel's dtype dispatch of its weights
DTYPES = frozenset({"float32", "float64", "uint8"})
KERNEL = "compute_index_ranges_weights"
# the weights are computed in the input's type, each from a float position (the cubic's
# small tail weights carry more than one rounding relative to themselves)
ROUNDINGS = 64


def misread(shape: tuple[int, ...], sizes: list[int]) -> np.ndarray:
    """Return which outputs torch 2.13's kernel leaves open: with a width of 1 in and out
    (the horizontal pass skipped), every output row of a plane came out as its first row in
    the measured contiguous cases, and right for channels_last ones with several channels;
    the model claims neither."""
    out = np.zeros((*shape[:2], *sizes), np.bool_)
    if shape[-1] == 1 and sizes[-1] == 1 and sizes[0] > 1:
        out[..., 1:, :] = True
    return out


def _filter(x: float, mode: str) -> float:
    x = abs(x)
    if mode == "bilinear":
        return 1.0 - x if x < 1.0 else 0.0
    a = -0.5
    if x < 1.0:
        return ((a + 2) * x - (a + 3)) * x * x + 1
    if x < 2.0:
        return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a
    return 0.0


def _trunc(x: float) -> int:
    """static_cast<int64_t>: toward zero."""
    return int(math.trunc(x))


def weights(n: int, out: int, mode: str, align_corners: bool, scale: float | None
            ) -> tuple[np.ndarray, np.ndarray]:
    """Return one dim's (out, n) weights and which taps each output reads."""
    if align_corners:
        ratio = (n - 1) / (out - 1) if out > 1 else 0.0
    else:
        ratio = 1.0 / scale if scale is not None and scale > 0 else n / out
    interp = 2 if mode == "bilinear" else 4
    support = interp * 0.5 * ratio if ratio >= 1.0 else interp * 0.5
    stretch = ratio if ratio >= 1.0 else 1.0
    widest = math.ceil(support) * 2 + 1
    w = np.zeros((out, n))
    taps = np.zeros((out, n), np.bool_)
    for i in range(out):
        center = ratio * (i + 0.5)
        lo = max(_trunc(center - support + 0.5), 0)
        size = min(max(min(_trunc(center + support + 0.5), n) - lo, 0), widest)
        row = [_filter((j + lo - center + 0.5) / stretch, mode) for j in range(size)]
        total = sum(row)
        for j, value in enumerate(row):
            w[i, lo + j] = value / total if total != 0.0 else value
            taps[i, lo + j] = True
    return w, taps
