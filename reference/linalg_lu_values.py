"""What linalg's LU factorisation, lu_solve, householder_product, lstsq, pinv and matrix_rank
compute, and which of their values are known.

LU with partial pivoting (LAPACK getrf) of one m x n matrix gives row swaps (pivots, 1-based),
a unit lower factor and an upper one. They are settled in two cases only:

- every step of the elimination is exact in the dtype (real matrices): any order of the same
  operations gives the same factors, pivots and first zero pivot (info), so all are exact;
- the matrix has full rank min(m, n) and is well conditioned, and at every step the largest
  candidate pivot stands clear of the next one: the pivots are exact and the factors known
  within a bound of n * eps * cond(A) relative to each factor's largest element.

Otherwise the pivots hang on rounding: the factors are left undetermined (but for the zeros
and ones their shape fixes) and the model takes its own elimination's info.

lu_solve, householder_product, lstsq, pinv and matrix_rank are computed in double with numpy,
each known within an error bound that grows with the conditioning it depends on; elements
whose bound passes the cap are left undetermined.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from .dtypes import dtype as DType
from .reduction_values import _TOLERANCE_CAP

# how far apart (in units of the elimination's rounding) two candidate pivots must lie, and
# how far above it the smallest singular value, for the pivots to be settled
_MARGIN = 64.0


@dataclass(frozen=True, slots=True)
class Factors:
    """One matrix's LU: pivots (1-based), packed LU, info, and what of them is known."""

    pivots: np.ndarray
    lu: np.ndarray
    info: int
    pivots_known: bool
    lu_lost: np.ndarray
    tolerance: float


def exact_elimination(a: np.ndarray) -> tuple[np.ndarray, np.ndarray, int] | None:
    """Return (pivots, LU, info) of a real matrix when every step is exact in its dtype.

    The elimination runs in rationals and in a's dtype side by side, pivoting on the first
    largest magnitude (idamax); a step is exact when both ways of forming a multiplier
    (x / p and x * (1 / p), getrf2's reciprocal scaling) and each update equal the rational
    one. Then any order of the same operations gives these factors and this info (the
    first zero pivot, 1-based; LAPACK goes on past it). None when some step rounds."""
    m, n = a.shape
    ft = a.dtype.type
    exact = [[Fraction(float(v)) for v in row] for row in a]
    rounded = a.copy()
    pivots = np.arange(1, min(m, n) + 1, dtype=np.int32)
    info = 0
    for k in range(min(m, n)):
        p = max(range(k, m), key=lambda i: (abs(exact[i][k]), -i))
        pivots[k] = p + 1
        exact[k], exact[p] = exact[p], exact[k]
        rounded[[k, p]] = rounded[[p, k]]
        pivot = exact[k][k]
        if pivot == 0:
            info = info or k + 1
            continue
        with np.errstate(all="ignore"):
            reciprocal = ft(1) / rounded[k, k]
        for i in range(k + 1, m):
            mult = exact[i][k] / pivot
            by_reciprocal = ft(rounded[i, k] * reciprocal)
            by_division = ft(rounded[i, k] / rounded[k, k])
            if Fraction(float(by_reciprocal)) != mult or Fraction(float(by_division)) != mult:
                return None
            rounded[i, k] = by_reciprocal
            exact[i][k] = mult
            for j in range(k + 1, n):
                exact[i][j] -= mult * exact[k][j]
                with np.errstate(all="ignore"):
                    rounded[i, j] = ft(rounded[i, j] - by_reciprocal * rounded[k, j])
                if not np.isfinite(rounded[i, j]) or Fraction(float(rounded[i, j])) != exact[i][j]:
                    return None
    return pivots, np.array([[float(v) for v in row] for row in exact]), info


def elimination(a: np.ndarray, gap: float = 0.0) -> tuple[np.ndarray, np.ndarray, int, bool]:
    """Return (pivots, LU, info, whether every pivot choice cleared `gap`) in a's dtype."""
    lu = a.copy()
    m, n = lu.shape
    pivots = np.arange(1, min(m, n) + 1, dtype=np.int32)
    info, clear = 0, True
    with np.errstate(all="ignore"):
        for k in range(min(m, n)):
            mags = np.abs(lu[k:, k].real) + np.abs(lu[k:, k].imag)  # LAPACK's cabs1
            p = k + int(np.argmax(mags))
            if mags.size > 1 and np.sort(mags)[-2] > mags.max() - gap:
                clear = False
            pivots[k] = p + 1
            lu[[k, p]] = lu[[p, k]]
            if lu[k, k] == 0:
                info = info or k + 1
                continue
            lu[k + 1:, k] *= lu.dtype.type(1) / lu[k, k]
            lu[k + 1:, k + 1:] -= np.outer(lu[k + 1:, k], lu[k, k + 1:])
    return pivots, lu, info, clear


def _condition(a: np.ndarray) -> float:
    """Return s_max / s_min over min(m, n) singular values (inf when rank-deficient)."""
    if 0 in a.shape:
        return 1.0
    if not np.isfinite(a).all():
        return float("inf")
    s = np.linalg.svd(a, compute_uv=False)
    return float(s[0] / s[-1]) if s[-1] > 0 else float("inf")


def _bounded(x: np.ndarray, bound: float, eps: float) -> tuple[np.ndarray, float]:
    """Return which elements of x a normwise bound (relative to max|x|) leaves loose, and the
    tolerance of the rest relative per element."""
    if not np.isfinite(bound):
        return np.ones(x.shape, np.bool_), 0.0
    mags = np.abs(x)
    scale = mags.max(initial=0.0)
    with np.errstate(all="ignore"):
        each = np.where(mags == 0, np.inf, bound * scale / np.where(mags == 0, 1, mags)) + eps
    loose = ~(each <= _TOLERANCE_CAP) | ~np.isfinite(x)
    kept = each[~loose]
    return loose, float(kept.max()) if kept.size else 0.0


def factor(a: np.ndarray, dt: DType, factor_: int) -> Factors:
    """Return the settled part of one matrix's LU factorisation (a in dt's storage type)."""
    m, n = a.shape
    k = min(m, n)
    if a.dtype.kind != "c" and np.isfinite(a).all():
        found = exact_elimination(a)
        if found is not None:
            pivots, lu, info = found
            return Factors(pivots, lu, info, True, np.zeros((m, n), np.bool_), 0.0)
    wide = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
    # the pivots are those of the leading k columns: a wide matrix of full row rank may still
    # meet a zero pivot there
    cond = _condition(wide[:, :k])
    top = float(np.abs(wide).max(initial=0.0))
    rounding = _MARGIN * max(m, n) * dt.eps * top * (cond if np.isfinite(cond) else 1.0)
    pivots, lu, info, clear = elimination(wide, rounding)
    if k == 0:
        return Factors(pivots, lu, info, True, np.zeros((m, n), np.bool_), 0.0)
    settled = clear and np.isfinite(cond) and _MARGIN * max(m, n) * dt.eps * cond < 1
    if not settled:
        info = elimination(a.copy())[2]
        return Factors(pivots, lu, info, False, np.ones((m, n), np.bool_), 0.0)
    lost, tolerance = _bounded(lu, factor_ * max(m, n) * dt.eps * cond, dt.eps)
    return Factors(pivots, lu, 0, True, lost, tolerance)


def unpack(pivots: np.ndarray, lu: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return P, L, U of a packed LU (P @ L @ U = A)."""
    m, n = lu.shape
    k = min(m, n)
    perm = np.arange(m)
    for i, p in enumerate(pivots[:k]):
        perm[[i, p - 1]] = perm[[p - 1, i]]
    p_mat = np.zeros((m, m), lu.dtype)
    p_mat[perm, np.arange(m)] = 1
    low = np.tril(lu[:, :k], -1) + np.eye(m, k, dtype=lu.dtype)
    up = np.triu(lu[:k, :])
    return p_mat, low, up


def _reconstructed(lu: np.ndarray, pivots: np.ndarray) -> tuple[np.ndarray, float]:
    """Return A = P L U of a packed square LU and cond(L) * cond(U)."""
    p_mat, low, up = unpack(pivots, lu)
    return p_mat @ low @ up, _condition(low) * _condition(up)


def lu_solved(lu: np.ndarray, pivots: np.ndarray, b: np.ndarray, adjoint: bool, dt: DType,
              factor_: int, t_in: float) -> tuple[np.ndarray, np.ndarray, float]:
    """Return X of op(A) X = B for one LU (op: adjoint or not), what is loose, the tolerance."""
    n = lu.shape[-1]
    if n == 0 or b.size == 0:
        return np.zeros(b.shape, lu.dtype), np.zeros(b.shape, np.bool_), 0.0
    a, cond = _reconstructed(lu, pivots)
    if not np.isfinite(cond) or not np.isfinite(b).all():
        return np.zeros(b.shape, lu.dtype), np.ones(b.shape, np.bool_), 0.0
    if adjoint:
        a = a.conj().T
    with np.errstate(all="ignore"):
        x = np.linalg.solve(a, b)
    lost, tolerance = _bounded(x, factor_ * (n + 2) * (dt.eps + t_in) * cond, dt.eps)
    return x, lost, tolerance


def householder(a: np.ndarray, tau: np.ndarray, dt: DType, factor_: int
                ) -> tuple[np.ndarray, np.ndarray, float]:
    """Return the first n columns of H_1 ... H_k (orgqr), what is loose and the tolerance."""
    m, n = a.shape
    q = np.eye(m, n, dtype=a.dtype)
    growth = 1.0
    for i in reversed(range(tau.shape[-1])):
        v = np.zeros(m, a.dtype)
        v[i] = 1
        v[i + 1:] = a[i + 1:, i]
        q = q - tau[i] * np.outer(v, v.conj() @ q)
        growth *= 1 + abs(tau[i]) * float(np.vdot(v, v).real)
    if not np.isfinite(q).all():
        return q, np.ones(q.shape, np.bool_), 0.0
    lost, tolerance = _bounded(q, factor_ * m * dt.eps * growth, dt.eps)
    return q, lost, tolerance


def threshold_count(s: np.ndarray, tol: float, error: float) -> tuple[int, bool]:
    """Return how many of s pass `tol` (s > tol), and whether none lies within `error` of it
    (all of s exactly zero, LAPACK's exact answer for a zero matrix, pass none)."""
    if not s.any():
        return 0, True
    return int((s > tol).sum()), bool((np.abs(s - tol) > error).all())


def pseudo_inverse(a: np.ndarray, tol_of: float, atol: float, rtol: float, hermitian: bool,
                   dt: DType, factor_: int) -> tuple[np.ndarray, np.ndarray, float, int, bool]:
    """Return pinv(a), what is loose, the tolerance, the rank and whether it is settled."""
    m, n = a.shape
    if hermitian:
        w, v = np.linalg.eigh(a)
        s = np.abs(w)
    else:
        u, s, vh = np.linalg.svd(a, full_matrices=False)
    top = float(s.max(initial=0.0))
    tol = max(atol, rtol * top)
    error = factor_ * max(m, n) * dt.eps * top
    rank, settled = threshold_count(s, tol, error)
    keep = s > tol
    with np.errstate(all="ignore"):
        if hermitian:
            inv = np.where(keep, 1 / np.where(keep, w, 1), 0)
            x = (v * inv) @ v.conj().T
        else:
            inv = np.where(keep, 1 / np.where(keep, s, 1), 0)
            x = (vh.conj().T * inv) @ u.conj().T
    if settled and not keep.any():  # every singular value dropped: exact zeros
        return np.zeros(x.shape, x.dtype), np.zeros(x.shape, np.bool_), 0.0, 0, True
    smallest = float(s[keep].min()) if keep.any() else top
    cond = top / smallest if smallest > 0 else float("inf")
    if not settled:
        return x, np.ones(x.shape, np.bool_), 0.0, rank, False
    lost, tolerance = _bounded(x, factor_ * max(m, n) * dt.eps * cond * cond, dt.eps)
    return x, lost, tolerance, rank, True


def well_posed(a: np.ndarray, rcond: float, dt: DType) -> bool:
    """Tell whether a has full rank min(m, n) far above lstsq's rcond threshold."""
    m, n = a.shape
    cond = _condition(a)
    return bool(np.isfinite(cond) and cond * max(rcond, dt.eps) * _MARGIN * max(m, n) < 1)


def least_squares(a: np.ndarray, b: np.ndarray, rcond: float, dt: DType, factor_: int
                  ) -> tuple[np.ndarray, np.ndarray, float, bool]:
    """Return the minimum-norm least-squares solution of a full-rank, well-conditioned a, what
    is loose, the tolerance, and whether a is such (else all is loose)."""
    m, n = a.shape
    cond = _condition(a)
    if not well_posed(a, rcond, dt) or not np.isfinite(b).all():
        return np.zeros((n, b.shape[-1]), a.dtype), np.ones((n, b.shape[-1]), np.bool_), 0.0, \
            False
    x = np.linalg.lstsq(a, b, rcond=None)[0]
    lost, tolerance = _bounded(x, factor_ * max(m, n) * dt.eps * cond * cond, dt.eps)
    return x, lost, tolerance, True
