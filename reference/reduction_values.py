"""What a reduction's values are, which of them are undefined, and how precisely they are known.

Each function takes the input's values as slices (`slices`: the reduced axes flattened last)
and returns one Result per output. Integers exactly (wrapping as int64 arithmetic does); float
sums are computed wide and rounded once, exact where every partial sum torch forms is
representable in its accumulation type (float for float/half/bfloat16 on CPU, double for
double), else within a tolerance that grows with the sum's condition number, or undefined
where cancellation leaves nothing to compare. max/min/argmax pick the first occurrence and
propagate NaN. reductions.py runs the ops and stores these.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import prod

import numpy as np

from . import dtypes
from . import values as vals
from .dtypes import dtype as DType


@dataclass(frozen=True, slots=True)
class Result:
    """One output's values over the kept dims, which of them are undefined, their tolerance."""

    values: np.ndarray
    undefined: np.ndarray | None = None
    tolerance: float = 0.0
    # whether the sign of a zero result is not fixed (max of -0. and 0. is either)
    loose_zeros: bool = False


Compute = Callable[[np.ndarray, float], list[Result]]


def slices(a: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
    """Return `a` with the reduced axes moved last and flattened into one: kept + (n,)."""
    kept = tuple(n for d, n in enumerate(a.shape) if d not in axes)
    n = prod(a.shape[d] for d in axes)
    moved = np.moveaxis(a, axes, tuple(range(a.ndim - len(axes), a.ndim)))
    return moved.reshape(kept + (n,))


# the precision (significand bits) and largest finite value of the type torch computes in
_PRECISION = {"float16": 11, "bfloat16": 8, "float32": 24, "float64": 53}
_LARGEST = {"float16": 65504.0, "bfloat16": 3.3895313892515355e38,
            "float32": 3.4028234663852886e38, "float64": 1.7976931348623157e308}
SMALLEST_NORMAL = {"float16": 2.0**-14, "bfloat16": 2.0**-126, "float32": 2.0**-126,
             "float64": 2.0**-1022}
# a float result whose error bound passes this (relative) compares nothing: leave it undefined
_TOLERANCE_CAP = 2.0**-7


def _real(dt: DType) -> str:
    return dt.to_real().name if dt.is_complex else dt.name


def _sum_accumulator(dt: DType) -> DType:
    """The type CPU sum accumulates `dt` in: float for half and bfloat16 (at::opmath_type)."""
    return dtypes.float32 if dt in (dtypes.float16, dtypes.bfloat16) else dt


def _low_bits(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return (exponent of the lowest set bit, count of significant bits) of float64 values.

    Zeros get a huge exponent and no bits.
    """
    m, e = np.frexp(x)
    mant = np.abs(np.ldexp(m, 53)).astype(np.int64)
    low = mant & -mant
    tz = np.frexp(np.maximum(low, 1).astype(np.float64))[1] - 1
    nonzero = mant > 0
    return (np.where(nonzero, e - 53 + tz, 1 << 20), np.where(nonzero, 53 - tz, 0))


def _exact_sums(x: np.ndarray, precision: int, largest: float) -> np.ndarray:
    """Tell per slice whether every partial sum, in any order, is representable exactly.

    True when all terms are multiples of the smallest one's lowest bit and their magnitudes
    add up to fewer than 2**precision of that unit; a slice with an inf or NaN sums to one in
    any order.
    """
    finite = np.isfinite(x)
    clean = np.where(finite, x, 0.0)
    magnitude = np.abs(clean).sum(-1)
    lowest = _low_bits(clean)[0].min(-1) if x.shape[-1] else np.zeros(x.shape[:-1], np.int64)
    with np.errstate(over="ignore"):
        fits = np.ldexp(magnitude, -np.minimum(lowest, 4096)) < 2.0**precision
    return (magnitude == 0) | (fits & (magnitude <= largest)) | ~finite.all(-1)


def sum_result(s: np.ndarray, out: DType, t_in: float) -> tuple[Result, np.ndarray]:
    """Sum slices already converted to `out`; also return the wide sums (for mean)."""
    if out is dtypes.bool_:
        return Result(np.any(s, -1)), np.zeros(0)
    if not (out.is_floating_point or out.is_complex):
        undefined = np.ones(s.shape[:-1], np.bool_) if t_in else None
        return Result(s.astype(np.int64).sum(-1), undefined), np.zeros(0)
    wide = s.astype(np.complex128 if out.is_complex else np.float64)
    with np.errstate(all="ignore"):
        total = wide.sum(-1)
    acc = _sum_accumulator(out)
    if t_in:
        exact = np.zeros(total.shape, np.bool_)
    else:
        bits, largest = _PRECISION[_real(acc)], _LARGEST[_real(acc)]
        exact = _exact_sums(wide.real, bits, largest)
        if out.is_complex:
            exact &= _exact_sums(wide.imag, bits, largest)
    if exact.all():
        return Result(total), total
    n = s.shape[-1]
    # torch's error bound, n * eps * sum|x|; ours too where we compute in double as well
    own = n * acc.eps * (2 if _real(acc) == "float64" else 1)
    with np.errstate(all="ignore"):
        condition = np.abs(wide).sum(-1) / np.abs(total)
        bound = (t_in + own) * condition + out.eps
    bound = np.where(exact, 0.0, bound)
    undefined = ~exact & ~(bound <= _TOLERANCE_CAP)
    kept = bound[~undefined]
    return Result(total, undefined, float(kept.max()) if kept.size else 0.0), total


def mean_result(s: np.ndarray, out: DType, t_in: float) -> Result:
    """ReduceOps.cpp mean_out on CPU: sum in the accumulation type, then divide by n there.

    Half and bfloat16 sum into a float tensor, divide, and round once more at the end.
    """
    summed, total = sum_result(s, out, t_in)
    n = s.shape[-1]
    acc = _sum_accumulator(out)
    rounded = vals.quantize(total, acc)
    with np.errstate(all="ignore"):
        values = rounded / np.asarray(n, dtype=rounded.dtype)
    tolerance = summed.tolerance
    if tolerance:
        tolerance += acc.eps
    if out.is_complex and n & (n - 1):
        # c10::complex division multiplies by the divisor's reciprocal: not exact
        tolerance = max(tolerance, 4 * acc.eps)
    return Result(values, summed.undefined, tolerance)


def prod_result(s: np.ndarray, out: DType, t_in: float) -> Result:
    """Multiply slices already converted to `out`; float products round at every step.

    ReduceOpsKernel.cpp prod_kernel_impl multiplies in the result type itself, so a product
    is exact when the significant bits of its factors add up to no more than the type has and
    no partial product leaves its range.
    """
    if out is dtypes.bool_:
        return Result(np.all(s, -1))
    if not (out.is_floating_point or out.is_complex):
        undefined = np.ones(s.shape[:-1], np.bool_) if t_in else None
        with np.errstate(all="ignore"):
            return Result(np.prod(s.astype(np.int64), -1), undefined)
    wide = s.astype(np.complex128 if out.is_complex else np.float64)
    with np.errstate(all="ignore"):
        total = np.prod(wide, -1)
    n = s.shape[-1]
    real = _real(out)
    finite = np.isfinite(wide).all(-1)
    mags = np.abs(wide)
    nonzero = np.where(mags == 0, 1.0, mags)
    with np.errstate(all="ignore"):
        big = np.prod(np.maximum(nonzero, 1.0), -1)
        small = np.prod(np.minimum(nonzero, 1.0), -1)
    has_zero = (mags == 0).any(-1)
    # factors all >= 1 only grow (overflow is then the final product's), but a zero can meet
    # an overflowed partial product (inf * 0) in one order and not in another
    in_range = ((big <= _LARGEST[real]) | ((small == 1.0) & ~has_zero)) & (
        (small >= SMALLEST_NORMAL[real]) | has_zero)
    in_range |= ~finite
    exact = np.zeros(total.shape, np.bool_)
    if not t_in:
        bits = _low_bits(np.where(np.isfinite(wide.real), wide.real, 0.0))[1].sum(-1)
        exact = in_range & (has_zero | (bits <= _PRECISION[real]))
        if out.is_complex:
            exact &= ~(wide.imag != 0).any(-1)
    if exact.all():
        return Result(total)
    steps = (4 if out.is_complex else 1) * (2 if real == "float64" else 1)
    # each of torch's n - 1 roundings errs by half an eps at most; ours rounds once more
    bound = n * t_in + ((n - 1) * steps / 2 + 1) * out.eps
    undefined = ~exact & ~in_range
    return Result(total, undefined, float(bound))


def extreme_result(s: np.ndarray, largest: bool, t_in: float, indices: bool
                    ) -> list[Result]:
    """Return the max (or min) of each slice, NaN first, and the first index that holds it."""
    values = np.max(s, -1) if largest else np.min(s, -1)
    loose = values.dtype.kind == "f" and bool((values == 0).any())
    out = [Result(values, None, t_in, loose)]
    if indices:
        where = np.argmax(s, -1) if largest else np.argmin(s, -1)
        out.append(Result(where.astype(np.int64), _ambiguous(s, values, t_in)))
    return out


def _ambiguous(s: np.ndarray, best: np.ndarray, t_in: float) -> np.ndarray | None:
    """Return the slices whose extreme another element matches within the inputs' tolerance."""
    if not t_in or s.dtype.kind not in "fc":
        return None
    with np.errstate(all="ignore"):
        margin = 2 * t_in * np.maximum(np.abs(s), np.abs(best)[..., None])
        near = np.abs(s - best[..., None]) <= margin
    return np.asarray(near.sum(-1) > 1)
