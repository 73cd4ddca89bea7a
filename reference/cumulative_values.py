"""What the cumulative ops' values are, which of them are undetermined, and how precisely known.

ATen's CPU kernels (aten/src/ATen/native/cpu/ReduceOpsKernel.cpp cumsum_cpu_kernel,
cumprod_cpu_kernel, logcumsumexp_cpu_kernel) walk each slice in order, keep the running value
in the accumulation type (at::acc_type<scalar_t, /*is_cuda=*/false>: double for float and
double, float for half and bfloat16, complex<double> for both complex types, int64 for the
integers) and round it to the result's dtype as they store each element. The running value
starts at 0, 1 or -inf, so cumsum's first element is 0 + x (a -0.0 reads +0.0). numpy's
cumsum and cumprod add and multiply in the same order and type, so real results are exact
(measured bitwise on slices of 1000 elements of every floating dtype); complex products may
be contracted into fused multiply-adds (an ulp of complex128 apart, measured) and log1p and
exp are libm's, so those carry a tolerance. cummax and cummin (ReduceOps.cpp
cummax_cummin_helper) keep the running extreme, taking each element that is >= (<=) it: a tie
moves the index to the later element (and a zero's sign to the later zero's), and once NaN,
every later value is NaN, at the index of the latest NaN.

An element of the input that is undetermined (allocator garbage) makes every result from it on
along the dim undetermined. Inputs known only up to a relative tolerance `t_in` pass it on,
grown by the condition of each running sum; results whose bound passes _TOLERANCE_CAP, and
integer results of inexact inputs, are left undetermined.
"""

from __future__ import annotations

import numpy as np

from . import dtypes
from . import values as vals
from .dtypes import dtype as DType
from .ops import BY_KEY
from .reduction_values import _TOLERANCE_CAP, SMALLEST_NORMAL, Result


def accumulator(dt: DType) -> np.dtype:
    """Return the numpy type ATen's CPU scan keeps its running value in (acc_type, CPU)."""
    if dt.is_complex:
        return np.dtype(np.complex128)
    if dt in (dtypes.float16, dtypes.bfloat16):
        return np.dtype(np.float32)
    return np.dtype(np.float64 if dt.is_floating_point else np.int64)


def _acc_eps(dt: DType) -> float:
    return float(np.finfo(accumulator(dt)).eps) if dt.is_floating_point or dt.is_complex else 0.0


def _positions(shape: tuple[int, ...], axis: int) -> np.ndarray:
    """Return each element's count of elements up to and including it along axis."""
    n = np.arange(1, shape[axis] + 1, dtype=np.float64)
    return n.reshape([-1 if d == axis else 1 for d in range(len(shape))])


def lost_from(undefined: np.ndarray, axis: int) -> np.ndarray:
    """Return which results follow an undetermined input along axis (it included)."""
    return np.logical_or.accumulate(undefined, axis=axis)


def _bounded(values: np.ndarray, bound: np.ndarray, undefined: np.ndarray, dt: DType
             ) -> Result:
    """Return values known within `bound` (relative, per element); too loose ones undefined.

    A bound past the reductions' cap compares nothing, but a result's own rounding (an ulp of
    dt) always passes: bfloat16's ulp is the cap itself.
    """
    loose = ~(bound <= max(_TOLERANCE_CAP, 2 * dt.eps))
    kept = bound[~loose & ~undefined]
    return Result(values, undefined | loose, float(kept.max()) if kept.size else 0.0)


# -- cumsum and cumprod ----------------------------------------------------------------------

def _complex_cumprod(a: np.ndarray, axis: int) -> np.ndarray:
    """Multiply along axis as c10::complex's *= does, (ac - bd) + (ad + bc)i, from 1."""
    moved = np.moveaxis(a, axis, 0)
    out = np.empty_like(moved)
    re, im = np.ones(moved.shape[1:]), np.zeros(moved.shape[1:])
    with np.errstate(all="ignore"):
        for i, z in enumerate(moved):
            re, im = re * z.real - im * z.imag, re * z.imag + im * z.real
            out[i] = re + 1j * im
    return np.moveaxis(out, 0, axis)


def scan(op: str, x: np.ndarray, axis: int, dt: DType, t_in: float) -> Result:
    """Return cumsum or cumprod of x (already converted to the result dtype `dt`) along axis."""
    a = np.array(x, dtype=accumulator(dt))
    with np.errstate(all="ignore"):
        if op == "cumsum":
            # the running value starts at 0: 0 + (-0.0) is +0.0
            np.moveaxis(a, axis, 0)[:1] += 0
            total = np.cumsum(a, axis=axis)
        elif dt.is_complex:
            total = _complex_cumprod(a, axis)
        else:
            total = np.cumprod(a, axis=axis)
    none = np.zeros(total.shape, np.bool_)
    if not (dt.is_floating_point or dt.is_complex):
        # integers wrap as int64 arithmetic does, then as the cast to dt does
        return Result(total, np.ones(total.shape, np.bool_) if t_in else None)
    if not t_in and not (op == "cumprod" and dt.is_complex):
        return Result(total)
    n, acc = _positions(total.shape, axis), _acc_eps(dt)
    with np.errstate(all="ignore"):
        if op == "cumsum":
            # torch's error bound, (t_in + n eps) sum|x| / |sum x|, and one rounding to dt
            running = np.cumsum(np.abs(a), axis=axis)
            # sums of exact zeros are exact whatever the inputs' tolerance
            condition = np.where(running == 0, 0.0, running / np.abs(total))
            bound = (t_in + n * acc) * condition + dt.eps
            return _bounded(total, bound, none, dt)
        # each factor brings its own error and each product a few roundings (complex ones
        # perhaps fused into multiply-adds where ours are not)
        bound = n * t_in + BY_KEY["cumprod"].tolerance * n * acc + dt.eps
        mags = np.abs(total)
        odd = ~np.isfinite(total) | ((mags < SMALLEST_NORMAL[_real(dt)]) & (mags != 0))
    return _bounded(total, bound + np.zeros(total.shape), odd, dt)


def _real(dt: DType) -> str:
    return dt.to_real().name if dt.is_complex else dt.name


# -- cummax and cummin -----------------------------------------------------------------------

def extremes(x: np.ndarray, axis: int, largest: bool, t_in: float) -> tuple[Result, Result]:
    """Return the running max (or min) of x along axis and the index of the element it is."""
    moved = np.moveaxis(x, axis, 0)
    values, indices = np.empty_like(moved), np.zeros(moved.shape, np.int64)
    floating = x.dtype.kind in "fc"
    best, at = moved[0], np.zeros(moved.shape[1:], np.int64)
    for i, cur in enumerate(moved):
        nan = np.isnan(cur) if floating else np.zeros(cur.shape, np.bool_)
        kept_nan = np.isnan(best) if floating else nan
        beats = cur >= best if largest else cur <= best
        take = nan | (~kept_nan & beats)
        best, at = np.where(take, cur, best), np.where(take, i, at)
        values[i], indices[i] = best, at
    values, indices = np.moveaxis(values, 0, axis), np.moveaxis(indices, 0, axis)
    if not t_in or not floating:
        return Result(values), Result(indices)
    return Result(values, None, t_in), Result(indices, _near_ties(x, values, axis, t_in))


def _near_ties(x: np.ndarray, best: np.ndarray, axis: int, t_in: float) -> np.ndarray:
    """Return where an earlier element other than the chosen one matches the running extreme
    within the inputs' tolerance: torch's inexact inputs may pick either."""
    xs, bs = np.moveaxis(x, axis, 0), np.moveaxis(best, axis, 0)
    near = np.zeros(bs.shape, np.int64)
    with np.errstate(all="ignore"):
        for i in range(len(xs)):
            margin = 2 * t_in * np.maximum(np.abs(xs[: i + 1]), np.abs(bs[i]))
            near[i] = (np.abs(xs[: i + 1] - bs[i]) <= margin).sum(0)
    return np.moveaxis(near > 1, 0, axis)


# -- logcumsumexp ----------------------------------------------------------------------------

def _log_add_exp(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """cpu/LogAddExp.h _log_add_exp_helper: log1p(exp(min - max)) + max; equal infinities of
    one sign are x itself, NaN spreads."""
    lo, hi = np.minimum(x, y), np.maximum(x, y)
    special = (lo == hi) & ~np.isfinite(lo)
    return np.where(special, x, np.log1p(np.exp(lo - hi)) + hi)


def _log_add_exp_complex(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The complex helper: min and max by real part (NaN first); non-finite real parts are
    left to the caller, which marks them undetermined."""
    x_first = x.real < y.real
    lo, hi = np.where(x_first, x, y), np.where(x_first, y, x)
    return np.log1p(np.exp(lo - hi)) + hi


def log_scan(x: np.ndarray, axis: int, dt: DType, t_in: float) -> Result:
    """Return logcumsumexp of x along axis, computed in double and bounded per element.

    Each step errs by a few ulps of the accumulation type times the magnitudes met so far
    (the result moves at most as much as any input does, since its weights sum to one), so
    the bound is absolute: relative to a result near zero it leaves that result undetermined.
    """
    a = np.moveaxis(np.asarray(x, dtype=np.complex128 if dt.is_complex else np.float64),
                    axis, 0)
    out = np.empty_like(a)
    acc = np.full(a.shape[1:], -np.inf, dtype=a.dtype)
    # where nothing came before but -inf, the helper returns the element itself, exactly
    first = np.empty(a.shape, np.bool_)
    step = _log_add_exp_complex if dt.is_complex else _log_add_exp
    with np.errstate(all="ignore"):
        for i, v in enumerate(a):
            first[i] = acc.real == -np.inf
            acc = step(v, acc)
            out[i] = acc
        # the magnitudes met so far: infinite inputs and results take no part in the bound
        met = np.maximum(np.where(np.isfinite(a), np.abs(a), 0.0),
                         np.where(np.isfinite(out), np.abs(out), 0.0))
        seen = np.maximum.accumulate(np.maximum(met, 1.0), axis=0)
        n = _positions(out.shape, 0)
        absolute = BY_KEY["logcumsumexp"].tolerance * n * _acc_eps(dt) * seen + t_in * seen
        bound = absolute / np.abs(out) + dt.eps
    odd = ~np.isfinite(out)
    bound = np.where(odd | first, 0.0, bound)
    # the real helper's infinities and NaN are exact; the complex one's are not modelled
    lost = odd if dt.is_complex else np.zeros(out.shape, np.bool_)
    return _bounded(np.moveaxis(out, 0, axis), np.moveaxis(bound, 0, axis),
                    np.moveaxis(lost, 0, axis), dt)


def converted(x: np.ndarray, dt: DType) -> np.ndarray:
    """Return x as the kernel reads it after self.to(dt) (impl_func_cum_ops)."""
    return vals.quantize(x, dt)
