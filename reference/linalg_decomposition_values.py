"""The values of torch.linalg's decompositions that do not depend on LAPACK's choices.

Singular values and the eigenvalues of a Hermitian matrix are unique and sorted (descending,
ascending), so numpy's, computed in double precision, stand for torch's up to a rounding error
of about n * eps * (the largest in magnitude) each: where that error is large against a value
(a near-zero singular value of a rank-deficient matrix), the value is left undetermined.
Cholesky's factor of a positive-definite matrix is unique; it is computed here column by
column as LAPACK's potrf2 does, in the input's own precision to decide where the
factorization fails (the first leading minor that is not positive-definite), and in double
precision for the values, with an error bound that grows with the matrix's condition.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .reduction_values import Result

# a value whose error bound passes this (relative) compares nothing: leave it undetermined
_CAP = 2.0**-7

def _matrices(a: np.ndarray) -> np.ndarray:
    """Return a batch of matrices as one flat batch: (b, m, n)."""
    return a.reshape((-1, *a.shape[-2:]))


def spectrum(values: np.ndarray, n: int, eps: float, factor: int) -> Result:
    """Return sorted spectra (b, k) as a Result, undetermined where rounding could swamp them.

    `factor` (the op's OpSpec.tolerance) times n * eps times the largest in magnitude bounds
    each value's rounding error."""
    with np.errstate(all="ignore"):
        largest = np.abs(values).max(axis=-1, keepdims=True, initial=0.0)
        bound = factor * max(n, 1) * eps * largest
        magnitude = np.abs(values)
        undefined = bound > _CAP * magnitude
        relative = np.where(undefined | (magnitude == 0), 0.0, bound / np.where(
            magnitude == 0, 1.0, magnitude))
    tolerance = float(relative.max(initial=0.0))
    return Result(values, undefined, tolerance)


def singular_values(a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Return (values, has_nan) of a batch (b, m, n): NaN everywhere for an infinite entry."""
    finite = np.isfinite(a).all(axis=(-2, -1))
    has_nan = np.isnan(a).any(axis=(-2, -1))
    clean = np.where(finite[:, None, None], a, 0)
    values = np.linalg.svd(clean, compute_uv=False) if clean.size else \
        np.zeros((a.shape[0], min(a.shape[-2:])))
    return np.where(finite[:, None], values, np.nan), has_nan


def hermitian_eigenvalues(a: np.ndarray, uplo: str) -> tuple[np.ndarray, np.ndarray]:
    """Return (ascending eigenvalues, finite) of a batch (b, n, n), reading one triangle."""
    rows, cols = np.indices(a.shape[-2:])
    read = rows >= cols if uplo == "L" else rows <= cols
    finite = np.asarray(np.where(read, np.isfinite(a), True).all(axis=(-2, -1)))
    clean = np.where(finite[:, None, None], a, 0)
    values = np.linalg.eigvalsh(clean, UPLO="L" if uplo == "L" else "U") if clean.size \
        else np.zeros(a.shape[:-1])
    return np.asarray(values), finite


@dataclass(frozen=True, slots=True)
class Factor:
    """Cholesky's lower factors (b, n, n), the potrf info of each, and their Result."""

    info: np.ndarray
    result: Result


def _potrf(a: np.ndarray) -> tuple[np.ndarray, int]:
    """Factor one Hermitian matrix from its lower triangle: (L, info) as LAPACK's potrf2."""
    n = a.shape[-1]
    low = np.zeros_like(a)
    with np.errstate(all="ignore"):
        for j in range(n):
            row = low[j, :j]
            d = a[j, j].real - np.sum(row * row.conj()).real
            if not d > 0:  # LAPACK stops at a non-positive or NaN pivot
                return low, j + 1
            low[j, j] = np.sqrt(d)
            below = a[j + 1:, j] - low[j + 1:, :j] @ row.conj()
            low[j + 1:, j] = below / low[j, j]
    return low, 0


def cholesky(a: np.ndarray, eps: float, factor: int) -> Factor:
    """Return the lower Cholesky factors of a batch (b, n, n) read from its lower triangles."""
    b, n = a.shape[0], a.shape[-1]
    info = np.zeros(b, np.int32)
    values = np.zeros(a.shape, np.complex128 if np.iscomplexobj(a) else np.float64)
    undefined = np.zeros(a.shape, np.bool_)
    tolerance = 0.0
    lower = np.tril(np.ones((n, n), np.bool_))
    for i in range(b):
        info[i] = _potrf(a[i])[1]
        if info[i]:
            undefined[i] = lower
            continue
        wide = a[i].astype(values.dtype)
        low, failed = _potrf(wide)
        hermitian = np.tril(wide) + np.tril(wide, -1).conj().T
        hermitian[np.diag_indices(n)] = hermitian.diagonal().real
        spectrum = np.linalg.eigvalsh(hermitian)
        if failed or spectrum[0] <= 0:
            undefined[i] = lower
            continue
        bound = factor * n * eps * spectrum[-1] / spectrum[0] * np.abs(low).max(initial=0.0)
        magnitude = np.abs(low)
        loose = lower & (bound > _CAP * magnitude)
        undefined[i] = loose
        kept = lower & ~loose & (magnitude > 0)
        if kept.any():
            tolerance = max(tolerance, float((bound / magnitude[kept]).max()))
        values[i] = low
    return Factor(info, Result(values, undefined, tolerance))
