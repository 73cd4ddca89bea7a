"""What linalg.inv, solve, det and slogdet compute, and which of their values are known.

All four factor a matrix by LU with partial pivoting (LAPACK getrf). Whether a pivot comes out
exactly zero decides whether inv and solve raise (and the info inv_ex and solve_ex return),
and whether det and slogdet give exact zeros. That is certain in two cases only, which
`factor` tells apart from the rest (the eliminations are linalg_lu_values.py's):

- every step of the elimination is exact in the dtype: the multipliers (x / p and x * (1 / p),
  getrf2's reciprocal scaling, alike) and each update. Then any order of the same operations
  gives the same factors, zero pivots included; the info is the first zero pivot's 1-based
  index (LAPACK goes on past it).
- the matrix is well conditioned (its smallest singular value far above the backward error
  of the factorisation): no pivot can round to zero.

Otherwise the outcome hangs on rounding in an order this model does not repeat; the argument
builders draw these ops on such inputs never, and the model takes its own elimination's word.

Values come from numpy in double, rounded to the dtype, known within a bound of
n * eps * cond(A) relative to the largest element of the result; elements whose own bound
passes the cap (zeros among them) are left undetermined.
"""

from __future__ import annotations

import numpy as np

from .dtypes import dtype as DType
from .linalg_lu_values import elimination, exact_elimination
from .ops import BY_KEY
from .reduction_values import _TOLERANCE_CAP

# how far above the factorisation's backward error (n * eps * ||A||) the smallest singular
# value must lie before no pivot can round to zero
_MARGIN = 64.0


def well_conditioned(a: np.ndarray, dt: DType) -> bool:
    """Tell whether no pivot of a's factorisation in dt can round to zero."""
    n = a.shape[-1]
    x = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
    if not np.isfinite(x).all():
        return False
    if n == 0:
        return True
    s = np.linalg.svd(x, compute_uv=False)
    return bool(s[-1] > _MARGIN * n * dt.eps * s[0])


def factor(a: np.ndarray, dt: DType) -> tuple[int, bool]:
    """Return (info, certain) of the LU factorisation of one matrix: info is the first zero
    pivot's 1-based index (0 when none); certain says whether torch's own agrees surely."""
    if a.shape[-1] == 0:
        return 0, True
    if a.dtype.kind != "c" and np.isfinite(a).all():
        found = exact_elimination(a)
        if found is not None:
            return found[2], True
    if well_conditioned(a, dt):
        return 0, True
    return elimination(a)[2], False


def _bound(a: np.ndarray, dt: DType, t_in: float) -> float:
    """Return the normwise relative error bound of a solve with a (n * eps * cond)."""
    n = a.shape[-1]
    x = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
    if n == 0:
        return 0.0
    if not np.isfinite(x).all():
        return float("inf")
    with np.errstate(all="ignore"):
        cond = float(np.linalg.cond(x))
    factor = BY_KEY["linalg.solve"].tolerance * (n + 2)
    return factor * (dt.eps + t_in) * cond if np.isfinite(cond) else float("inf")


def solved(a: np.ndarray, b: np.ndarray, dt: DType, t_in: float
           ) -> tuple[np.ndarray, np.ndarray, float]:
    """Return X = A^-1 B of one matrix pair in double, which elements are undetermined and
    the tolerance of the rest (relative per element)."""
    wide = np.complex128 if dt.is_complex else np.float64
    bound = _bound(a, dt, t_in)
    if not np.isfinite(bound) or bound > _TOLERANCE_CAP or b.size == 0:
        x = np.zeros(b.shape, wide)
        return x, np.ones(b.shape, np.bool_), 0.0
    with np.errstate(all="ignore"):
        x = np.linalg.solve(a.astype(wide), b.astype(wide))
        scale = np.abs(x).max(initial=0.0)
        mags = np.abs(x)
        each = np.where(mags == 0, np.inf, bound * scale / np.where(mags == 0, 1, mags)) + dt.eps
    loose = ~(each <= _TOLERANCE_CAP) | ~np.isfinite(x)
    kept = each[~loose]
    return x, loose, float(kept.max()) if kept.size else 0.0


def determinant(a: np.ndarray, info: int, certain: bool, dt: DType, t_in: float
                ) -> tuple[complex, bool, float]:
    """Return det of one matrix in double, whether it is undetermined and its tolerance."""
    if info and certain:
        return 0.0, False, 0.0  # an exact zero pivot: an exact zero product
    bound = _bound(a, dt, t_in) + dt.eps
    if not certain or not np.isfinite(bound) or bound > _TOLERANCE_CAP:
        return 0.0, True, 0.0
    wide = np.complex128 if dt.is_complex else np.float64
    with np.errstate(all="ignore"):
        d = complex(np.linalg.det(a.astype(wide))) if a.shape[-1] else 1.0
    if not np.isfinite(d):
        return 0.0, True, 0.0
    return d, False, bound
