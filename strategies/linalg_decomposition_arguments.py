"""Argument builders for torch.linalg's decompositions: svd (full_matrices now and then),
svdvals, eigh and eigvalsh (UPLO), cholesky and cholesky_ex (upper, check_errors), eig and
eigvals, binding one result of those that return several. Invalid calls give UPLO a letter
torch does not know. Examples shrink toward no arguments and the first result.

svd, cholesky and eig refuse some values (a NaN, a matrix that is not positive-definite, any
non-finite entry), so they are never drawn on allocator garbage. eigvals of a NaN crashes
torch's CPU kernel (LAPACK's gebal is handed a bad argument): on such an input the builder
calls eig instead, which refuses it.
"""

from __future__ import annotations

import numpy as np

from stridecheck.reference.tensor import Tensor

from .arguments import Arguments, Builder, Chooser, Context
from .program import Op

# the dtypes LAPACK's CPU kernels take
_LAPACK = frozenset({"float32", "float64", "complex64", "complex128"})


def _matrices(t: Tensor) -> bool:
    return t.ndim >= 2 and t.dtype.name in _LAPACK


def _square(t: Tensor) -> bool:
    return _matrices(t) and t.shape[-1] == t.shape[-2]


def _flag(ch: Chooser, name: str) -> tuple[tuple[str, bool], ...]:
    return ((name, ch.choice((True, False))),) if ch.chance(0.5) else ()


def _svd(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    """torch.linalg.svd(t, full_matrices), binding U, S or Vh."""
    pick = ch.choice((1, 0, 2))
    if ch.chance(0.5):
        return Op("linalg.svd", (), kind="function", pick=pick)
    full = ch.choice((False, True))
    if ch.chance(0.5):
        return Op("linalg.svd", (full,), kind="function", pick=pick)
    return Op("linalg.svd", (), (("full_matrices", full),), kind="function", pick=pick)


def _svdvals(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("linalg.svdvals", (), kind="function")


def _uplo(name: str, pick: int | None) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        """torch.linalg.eigh(t, UPLO) or eigvalsh(t, UPLO)."""
        if ctx.invalid and ch.chance(0.3):
            return Op(name, ("X",), kind="function", pick=pick)
        if ch.chance(0.5):
            return Op(name, (), kind="function", pick=pick)
        uplo = ch.choice(("U", "L", "u"))
        if ch.chance(0.5):
            return Op(name, (uplo,), kind="function", pick=pick)
        return Op(name, (), (("UPLO", uplo),), kind="function", pick=pick)
    return build


def _eigh(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return _uplo("linalg.eigh", ch.choice((0, 1)))(t, ch, ctx)


def _eigvalsh(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return _uplo("linalg.eigvalsh", None)(t, ch, ctx)


def _cholesky(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    """torch.linalg.cholesky(t, upper=)."""
    return Op("linalg.cholesky", (), _flag(ch, "upper"), kind="function")


def _cholesky_ex(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    """torch.linalg.cholesky_ex(t, upper=, check_errors=), binding L or info."""
    return Op("linalg.cholesky_ex", (), _flag(ch, "upper") + _flag(ch, "check_errors"),
              kind="function", pick=ch.choice((0, 1)))


def _eig(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    """torch.linalg.eig(t), binding the eigenvalues or the eigenvectors."""
    return Op("linalg.eig", (), kind="function", pick=ch.choice((0, 1)))


def _has_nan(t: Tensor) -> bool:
    if t.is_meta or not t.numel() or not (t.dtype.is_floating_point or t.dtype.is_complex):
        return False
    return bool(np.isnan(np.asarray(t._values())).any())


def _eigvals(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    """torch.linalg.eigvals(t), or eig's eigenvalues where t holds a NaN (see above)."""
    if _has_nan(t):
        return Op("linalg.eig", (), kind="function", pick=0)
    return Op("linalg.eigvals", (), kind="function")


LINALG_DECOMPOSITIONS: dict[str, Arguments] = {
    "linalg.svd": Arguments(_svd, _matrices, reads_values=True),
    "linalg.svdvals": Arguments(_svdvals, _matrices, reads_values=True),
    "linalg.eigh": Arguments(_eigh, _square),
    "linalg.eigvalsh": Arguments(_eigvalsh, _square),
    "linalg.cholesky": Arguments(_cholesky, _square, reads_values=True),
    "linalg.cholesky_ex": Arguments(_cholesky_ex, _square, reads_values=True),
    "linalg.eig": Arguments(_eig, _square, reads_values=True),
    "linalg.eigvals": Arguments(_eigvals, _square, reads_values=True),
}
