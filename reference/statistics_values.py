"""What var, std, their means, logsumexp, nansum, nanmean, median and mode compute, which of
their values are undetermined, and how precisely the rest are known.

var and std (ReduceOps.cpp std_var_out): a reduction to one element of a float or double
input runs std_var_all_cpu, two passes: the input's mean in its own dtype (self.mean()), then
the squared deviations summed in double; every other reduction, and every half or bfloat16
one, runs Welford's update in double (SharedReduceOps.h WelfordOps, cpu/ReduceOpsKernel.cpp
std_var_kernel_impl), whose mean var_mean and std_mean return. Both divide by
max(0, N - correction), so a correction >= N gives inf (0/0: NaN), take the square root in
double and round once to the result's dtype. Here the deviations are summed in double around
numpy's double mean: the results agree to the rounding of each's double error, bounded by
the sum's condition (sum x^2 / sum (x - mean)^2); a slice of equal values gives 0 exactly in
Welford's update, and in the two passes where its float sum is exact.

logsumexp (ReduceOps.cpp logsumexp_out_impl): max m (an infinite one taken as 0), then
log(sum(exp(x - m))) + m, each step rounded in the input's dtype: here in double, within a
bound absolute in the steps' eps. median (Sorting.cpp median_with_indices_impl) orders by
(value, index), so its index is the lower median's among equal values taken in index order;
NaN wins at its first index (nanmedian skips NaN; of all NaN, the index is nth_element's
choice). mode (cpu/TensorCompareKernel.cpp mode_kernel_impl) sorts by value (std::sort:
stable, insertion sort, up to 16 elements), takes the first value with the most repeats and
the index of the last of them in that order; NaN breaks the order.
"""

from __future__ import annotations

import numpy as np

from . import dtypes
from . import values as vals
from .dtypes import dtype as DType
from .reduction_values import _PRECISION, _TOLERANCE_CAP, Result, _exact_sums, sum_result

_EPS64 = float(np.finfo(np.float64).eps)


def _bounded(values: np.ndarray, bound: np.ndarray, undefined: np.ndarray, dt: DType) -> Result:
    """Return values known within `bound` (relative, per element); looser ones undefined."""
    loose = ~(bound <= max(_TOLERANCE_CAP, 2 * dt.eps)) & ~undefined
    kept = bound[~loose & ~undefined]
    return Result(values, undefined | loose, float(kept.max()) if kept.size else 0.0)


def moments(s: np.ndarray, t_in: float, two_pass_dtype: DType | None = None
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Return each slice's (mean, sum of squared deviations, their relative error bounds,
    where the sum is undetermined) of real slices.

    `two_pass_dtype` is the input dtype of std_var_all_cpu, whose mean is rounded to it.
    """
    x = s.astype(np.float64)
    n = s.shape[-1]
    with np.errstate(all="ignore"):
        mean = x.mean(-1) if n else np.full(s.shape[:-1], np.nan)
        m2 = ((x - mean[..., None]) ** 2).sum(-1)
        squares = (x * x).sum(-1)
        cond = np.where(m2 == 0, 0.0, squares / m2)
        bound = (2 * t_in + 8 * n * _EPS64) * cond
        mags = np.abs(x).sum(-1)
        mean_bound = np.where(mean == 0, np.where(mags == 0, 0.0, np.inf),
                              (t_in + 4 * n * _EPS64) * mags / np.abs(mean))
    unsure = m2 == 0
    unsure &= mags != 0 if t_in else np.zeros(m2.shape, np.bool_)
    if two_pass_dtype is not None:
        # the mean rounded to the input's dtype moves every deviation by as much
        acc = dtypes.float32 if two_pass_dtype in (dtypes.float16, dtypes.bfloat16) \
            else two_pass_dtype
        with np.errstate(all="ignore"):
            shift = n * acc.eps * mags / max(n, 1)
            bound = bound + np.where(m2 == 0, 0.0, n * shift * shift / m2)
        exact = _exact_sums(x, _PRECISION[acc.name], float(np.finfo(np.float64).max))
        unsure |= (m2 == 0) & ~exact & (mags != 0)
    return mean, m2, bound, mean_bound, unsure


def variance(s: np.ndarray, t_in: float, dt: DType, correction: float, take_sqrt: bool,
             two_pass_dtype: DType | None = None) -> tuple[Result, Result]:
    """Return var (std) of real slices in dt, and Welford's mean of them."""
    n = s.shape[-1]
    mean, m2, bound, mean_bound, unsure = moments(s, t_in, two_pass_dtype)
    divisor = max(0.0, n - correction)
    with np.errstate(all="ignore"):
        # an empty reduction is filled with NaN, whatever the correction
        var = m2 / divisor if n else np.full(m2.shape, np.nan)
        if take_sqrt:
            var = np.sqrt(var)
    # a sum of deviations only near zero divides to a tiny value, or to inf for NaN: unknown
    odd = ~np.isfinite(var)
    # Welford's running mean turns NaN at an infinity followed by a finite value
    lost_mean = np.asarray(~np.isfinite(s.astype(np.complex128)).all(-1), np.bool_)
    return (_bounded(var, np.where(odd, 0.0, bound + dt.eps), unsure, dt),
            _bounded(mean, np.where(np.isfinite(mean), mean_bound + dt.eps, 0.0), lost_mean,
                     dt))


def logsumexp(s: np.ndarray, t_in: float, dt: DType, step: DType) -> Result:
    """Return log(sum(exp(x))) of slices, computed in double; `step` is the dtype each of
    torch's steps rounds to."""
    x = s.astype(np.complex128 if s.dtype.kind == "c" else np.float64)
    n = s.shape[-1]
    with np.errstate(all="ignore"):
        if n:
            m = np.max(x.real, -1)
            m = np.where(np.isinf(m), 0.0, m)
            total = np.log(np.exp(x - m[..., None]).sum(-1)) + m
        else:
            total = np.full(s.shape[:-1], -np.inf, dtype=x.dtype)
        finite = np.where(np.isfinite(x), np.abs(x), 0.0)
        biggest = finite.max(-1) if n else np.zeros(total.shape)
        absolute = 8 * (n + 2) * step.eps * np.maximum(np.abs(m) if n else 0.0, 1.0) \
            + t_in * biggest
        bound = absolute / np.abs(total) + 2 * dt.eps
    odd = ~np.isfinite(total)
    lost = odd if x.dtype.kind == "c" else np.zeros(total.shape, np.bool_)
    return _bounded(total, np.where(odd, 0.0, bound), lost, dt)


def nansum(s: np.ndarray, t_in: float, dt: DType) -> Result:
    """Return the sum of each slice's non-NaN elements (in dt, already converted)."""
    nan = np.isnan(s) if s.dtype.kind in "fc" else np.zeros(s.shape, np.bool_)
    summed, _ = sum_result(np.where(nan, 0, s), dt, t_in)
    return summed


def nanmean(s: np.ndarray, t_in: float, dt: DType) -> Result:
    """Return nansum / the count of non-NaN elements: the sum rounded to dt, then divided."""
    summed = nansum(s, t_in, dt)
    count = (~np.isnan(s)).sum(-1)
    rounded = vals.quantize(np.asarray(summed.values), dt)
    with np.errstate(all="ignore"):
        values = rounded / count.astype(rounded.dtype)
    tolerance = summed.tolerance + dt.eps if summed.tolerance else 0.0
    return Result(values, summed.undefined, tolerance)


def median(s: np.ndarray, ignore_nan: bool, t_in: float) -> tuple[Result, Result]:
    """Return each slice's lower median and its index, ordered by (value, index)."""
    floating = s.dtype.kind in "fc"
    nan = np.isnan(s) if floating else np.zeros(s.shape, np.bool_)
    n = s.shape[-1]
    # NaN last when skipped, first otherwise; ties keep index order (a stable sort)
    key = np.where(nan, np.inf, s) if floating else s
    order = np.argsort(key, axis=-1, kind="stable")
    if floating:
        order = np.take_along_axis(order, np.argsort(
            np.take_along_axis(nan, order, -1), axis=-1, kind="stable"), -1)
    counted = n - nan.sum(-1) if ignore_nan else np.full(s.shape[:-1], n)
    rank = np.maximum(counted - 1, 0) // 2
    index = np.take_along_axis(order, rank[..., None], -1)[..., 0]
    if not ignore_nan and floating:
        index = np.where(nan.any(-1), np.argmax(nan, -1), index)
    values = np.take_along_axis(s, index[..., None], -1)[..., 0]
    undefined = nan.all(-1) & (n > 1) if ignore_nan else None
    return (Result(values, None, t_in),
            Result(index.astype(np.int64), _near(s, values, t_in, undefined)))


def _near(s: np.ndarray, chosen: np.ndarray, t_in: float,
          undefined: np.ndarray | None) -> np.ndarray | None:
    """Return where another element matches the chosen one within the inputs' tolerance."""
    if not t_in or s.dtype.kind not in "fc":
        return undefined
    with np.errstate(all="ignore"):
        margin = 2 * t_in * np.maximum(np.abs(s), np.abs(chosen)[..., None])
        near = (np.abs(s - chosen[..., None]) <= margin).sum(-1) > 1
    return near if undefined is None else near | undefined


def mode(s: np.ndarray, t_in: float) -> tuple[Result, Result]:
    """Return each slice's most frequent value (the smallest of a tie) and an index of it."""
    n = s.shape[-1]
    order = np.argsort(s, axis=-1, kind="stable")
    ordered = np.take_along_axis(s, order, -1)
    flat_sorted, flat_order = ordered.reshape(-1, n), order.reshape(-1, n)
    values = np.empty(flat_sorted.shape[0], dtype=s.dtype)
    indices = np.zeros(flat_sorted.shape[0], np.int64)
    unsure = np.zeros(flat_sorted.shape[0], np.bool_)
    for row, (run_values, idx) in enumerate(zip(flat_sorted, flat_order)):
        best, run = 0, 0
        for i in range(n):
            run += 1
            if i == n - 1 or run_values[i] != run_values[i + 1]:
                if run > best:
                    values[row], indices[row], best = run_values[i], idx[i], run
                    unsure[row] = run > 1 and n > 16  # std::sort's order among equals
                run = 0
    shape = s.shape[:-1]
    if s.dtype.kind in "fc":
        unsure |= np.isnan(flat_sorted).any(-1)
    kept = unsure.reshape(shape)
    near = _near(s, values.reshape(shape), t_in, kept)
    return (Result(values.reshape(shape), kept if not t_in else near, t_in,
                   loose_zeros=s.dtype.kind == "f" and bool((values == 0).any()) and n > 16),
            Result(indices.reshape(shape), near))
