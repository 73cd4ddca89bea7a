"""The layouts and values of ATen's FFT kernels, `_fft_c2c`, `_fft_r2c` and `_fft_c2r`.

On CPU the torch 2.13 wheel runs them on MKL (aten/src/ATen/native/mkl/SpectralOps.cpp, its
AT_MKL_ENABLED branch), and all three allocate their output through `_exec_fft`: the input is
permuted so that its batch dims (those not transformed) come first, ordered by decreasing
input stride, then the transformed dims in the order given; the output is allocated
contiguous in that order and permuted back. So the last transformed dim is the innermost one
and the batch dims keep the input's order of strides. Before the sort, `std::partition`
(libstdc++'s, which swaps from both ends and so reorders the batch dims) moves the transformed
dims last; torch/_meta_registrations.py `_exec_fft` keeps the batch dims in order instead, so
batch dims of equal stride (size-1 or expanded dims) end up ordered differently on meta.

The transformed dims of `_fft_c2c` and `_fft_r2c` (all but the last, whose half is kept) are
first sorted by decreasing input stride (`_sort_dims`). An input with a conj or neg bit goes
through the math-bit fallback, which hands the kernel a resolved `empty_like` copy.

Values are computed in complex128 with numpy.fft, whose pocketfft agrees with MKL's C2R on
inputs that are not Hermitian (the imaginary parts of the DC and Nyquist bins are ignored).
MKL's rounding error grows with log2 of the transform's size relative to the root mean square
of the output (measured at most 4 eps log2(n) for float32 over n up to 1024); elements
smaller than the tolerance can vouch for are left undetermined.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from . import dtypes
from .dtypes import dtype as DType
from .geometry import Geometry, contiguous_strides
from .layouts import empty_like_strides, strides_for_format, suggest_format
from .ops import BY_KEY
from .reduction_values import Result

Shape = tuple[int, ...]

# the measured error bound, doubled: a multiple of eps * (log2(n) + 1) * rms(output)
_ERROR = 8.0


def batch_order(ndim: int, dims: Sequence[int], stable: bool) -> list[int]:
    """Return the batch dims as `_exec_fft`'s partition leaves them, before its sort."""
    transformed = set(dims)
    if stable:  # torch/_meta_registrations.py _exec_fft: a list comprehension
        return [d for d in range(ndim) if d not in transformed]
    # libstdc++ std::partition on a random-access range (its bidirectional algorithm)
    order = list(range(ndim))
    first, last = 0, ndim
    while True:
        while first != last and order[first] not in transformed:
            first += 1
        if first == last:
            break
        last -= 1
        while first != last and order[last] in transformed:
            last -= 1
        if first == last:
            break
        order[first], order[last] = order[last], order[first]
        first += 1
    return order[:first]


def exec_fft_strides(strides: Shape, out_sizes: Shape, dims: Sequence[int],
                     stable: bool) -> Shape:
    """Return the strides `_exec_fft` gives an output of `out_sizes` transforming `dims` of an
    input of `strides` (aten/src/ATen/native/mkl/SpectralOps.cpp _exec_fft)."""
    # std::sort of a range this short is an insertion sort: stable
    batch = sorted(batch_order(len(out_sizes), dims, stable), key=lambda d: -strides[d])
    # the output is resized contiguous to (batch, *signal sizes), then restrided
    inner = contiguous_strides((1, *(out_sizes[d] for d in dims)))
    out = [0] * len(out_sizes)
    for i, d in enumerate(dims):
        out[d] = inner[i + 1]
    numel = 1
    for d in reversed(batch):
        out[d] = numel * inner[0]
        numel *= out_sizes[d]
    return tuple(out)


def one_pass(dims: Sequence[int]) -> bool:
    """Tell whether the meta kernels' CUDA path transforms `dims` in one pass
    (_meta_registrations.py use_optimized_cufft_path)."""
    return len(dims) <= 3 and not (len(dims) >= 2 and dims[0] == 0 and dims[1] == 1)


def sort_dims(strides: Shape, dims: Sequence[int], exclude_last: bool = False) -> list[int]:
    """Return the transformed dims by decreasing input stride (SpectralOps.cpp _sort_dims)."""
    end = len(dims) - int(exclude_last)
    return sorted(dims[:end], key=lambda d: -strides[d]) + list(dims[end:])


def resized_geometry(g: Geometry, dims: Sequence[int], sizes: Sequence[int]
                     ) -> tuple[Geometry, bool]:
    """Return the geometry SpectralOps.cpp resize_fft_input leaves, and whether it padded.

    Dims longer than asked are sliced from 0 (a view, strides kept); shorter ones are padded
    with zeros by constant_pad_nd, a new tensor in the input's suggested memory format.
    """
    shape = list(g.shape)
    padded = False
    for d, n in zip(dims, sizes):
        if shape[d] > n:
            shape[d] = n
        elif shape[d] < n:
            padded = True
    sliced = Geometry((tuple(shape), g.strides, g.offset))
    if not padded:
        return sliced, False
    for d, n in zip(dims, sizes):
        shape[d] = max(shape[d], n)
    new = tuple(shape)
    return Geometry((new, strides_for_format(new, suggest_format(sliced)), 0)), True


def resolved_strides(g: Geometry) -> Shape:
    """Return the strides of the copy the math-bit fallback resolves a conj or neg input into
    (MathBitsFallback.h: empty_like, preserving the input's layout)."""
    return empty_like_strides(g, dtypes.preserve_format)


def resized_values(x: np.ndarray, dims: Sequence[int], sizes: Sequence[int],
                   fill: complex = 0) -> np.ndarray:
    """Return x sliced from 0 or padded with `fill` at the end to `sizes` along `dims`."""
    for d, n in zip(dims, sizes):
        if x.shape[d] > n:
            x = np.take(x, np.arange(n), axis=d)
        elif x.shape[d] < n:
            pad = [(0, 0)] * x.ndim
            pad[d] = (0, n - x.shape[d])
            x = np.pad(x, pad, constant_values=fill)
    return x


def scale(norm: str, forward: bool, n: int) -> float:
    """Return the factor a transform of `n` points is scaled by (norm_from_string)."""
    if norm == "ortho":
        return 1 / math.sqrt(n)
    by_n = (norm == "forward") if forward else (norm == "backward")
    return 1 / n if by_n else 1.0


def values(kind: str, x: np.ndarray, dims: Sequence[int], sizes: Sequence[int],
           factor: float) -> np.ndarray:
    """Return the scaled transform of x (already resized), in complex128 or float64.

    `kind`: "fwd" and "bwd" transform every dim complex (a real x too), "r2c" keeps the half
    of the last dim, "c2r" ends with a real transform of the last dim to `sizes[-1]` points
    (numpy's irfftn: the others inverse-transformed first), "hfft" is c2r of conj(x).
    """
    axes = tuple(dims)
    y: np.ndarray
    with np.errstate(all="ignore"):
        if kind == "fwd":
            y = np.fft.fftn(x, axes=axes)
        elif kind == "bwd":
            y = np.fft.ifftn(x, axes=axes, norm="forward")
        elif kind == "r2c":
            y = np.fft.rfftn(x.real, axes=axes)
        else:
            src = np.conj(x) if kind == "hfft" else x
            y = np.fft.irfftn(src, s=tuple(sizes), axes=axes, norm="forward")
        return y * factor


def result(key: str, y: np.ndarray, x: np.ndarray, defined: np.ndarray, tol_in: float,
           dims: Sequence[int], n: int, factor: float, dt: DType) -> Result:
    """Return y with its tolerance and the elements whose error bound exceeds it.

    The bound is `_ERROR` eps (log2(n) + 1) times the root mean square of the output over the
    transformed dims, plus what the input's own tolerance moves an output element by (at most
    twice the scaled sum of the input's magnitudes, the Hermitian half counted twice).
    """
    axes = tuple(dims)
    eps = dt.eps
    steps = math.log2(max(n, 1)) + 1
    tol = BY_KEY[key].tolerance * eps * steps
    if not y.size:
        return Result(y, None, tol)
    with np.errstate(all="ignore"):
        rms = np.sqrt(np.mean(np.abs(y) ** 2, axis=axes, keepdims=True))
        spread = 2 * tol_in * factor * np.sum(np.abs(x), axis=axes, keepdims=True)
        bound = _ERROR * eps * steps * rms + spread
        loose = bound > tol * np.abs(y)
        broken = ~np.all(defined & np.isfinite(x), axis=axes, keepdims=True)
    undefined = loose | broken  # a row with garbage, inf or NaN in it: all of its output
    return Result(y, np.broadcast_to(undefined, y.shape), tol)
