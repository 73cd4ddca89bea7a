"""Argument builders for torch.linalg's lu, lu_factor, lu_factor_ex, lu_solve,
householder_product, lstsq, pinv and matrix_rank, and torch.lu_unpack.

lu and lu_factor(_ex) apply to a matrix of a LAPACK dtype whose factorisation is settled
(reference/linalg_lu_values.py factor); lu_solve to a settled square matrix, taken as LU
with identity pivots (a literal) and a B of 1, 2 or 0 columns (rows, with left=False);
lu_unpack to any matrix with identity pivots; householder_product to a tall
matrix, with a tau literal of up to n values; lstsq to any finite matrix with a B of its
rows (drivers other than gelsy on settled full-rank ones alone); pinv and matrix_rank to any
matrix of a LAPACK dtype, hermitian= only on square ones. Drawing invalid calls, B's rows
miss A's now and then. Examples shrink toward no keywords and the first choices listed.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from stridecheck.reference import linalg_lu_values as lv
from stridecheck.reference.tensor import Tensor

from .allocating import _expressible, _literal, _operand_of_shape
from .arguments import Arguments, Chooser, Context
from .program import Op

_LAPACK = frozenset({"float32", "float64", "complex64", "complex128"})
_REAL = frozenset({"float32", "float64"})


def _matrix(t: Tensor) -> bool:
    return t.ndim >= 2 and t.dtype.name in _LAPACK


def _settled(t: Tensor) -> bool:
    """Tell whether the model's LU of every matrix of t surely agrees with torch's."""
    if t.is_meta or not _matrix(t) or t.numel() == 0:
        return True
    if not t._defined().all():
        return False
    a = np.asarray(t._values().reshape((-1,) + tuple(t.shape[-2:])), dtype=t.dtype.storage_np)
    return all(lv.factor(m, t.dtype, 8).pivots_known for m in a)


class _Settled(Arguments):
    """Arguments drawn only where the factorisation is settled."""

    __slots__ = ()

    def drawable(self, t: Tensor) -> bool:
        return _settled(t)


def _dims(t: Tensor) -> tuple[tuple[int, ...], int, int]:
    """Return t's batch and matrix sizes; an invalid draw may call on fewer than 2 dims, 0
    sizes are read as 1 (a literal's leading dims cannot be empty)."""
    shape = (1, 1)[:max(2 - t.ndim, 0)] + tuple(t.shape)
    return tuple(max(d, 1) for d in shape[:-2]), shape[-2], shape[-1]


def _nested(a: np.ndarray) -> Any:
    """Return an array as the nested tuples a literal takes."""
    return tuple(_nested(x) for x in a) if a.ndim else a.item()


def _pick(ch: Chooser, n: int) -> int:
    return ch.choice(tuple(range(n)))


def _factor(name: str, fields: int) -> Any:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        kwargs = (("check_errors", True),) if name.endswith("_ex") and ch.chance(0.3) else ()
        return Op(name, (), kwargs, kind="function", pick=_pick(ch, fields))
    return build


def _lu_solve(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    batch, _, n = _dims(t)
    left = not ch.chance(0.3)
    k = ch.choice((1, 2, 0))
    rows = n + 1 if ctx.invalid and ch.chance(0.3) else n
    shape: tuple[int, ...] = (rows, k) if left else (k, rows)
    if not _expressible(shape):
        shape = tuple(max(s, 1) for s in shape)
    b = _operand_of_shape(t, ch, ctx, shape)
    pivots = _literal(_nested(np.broadcast_to(np.arange(1, n + 1), batch + (n,))), "int32", t)
    kwargs: list[tuple[str, Any]] = []
    if not left:
        kwargs.append(("left", False))
    if ch.chance(0.3):
        kwargs.append(("adjoint", True))
    return Op("linalg.lu_solve", (pivots, b), tuple(kwargs), kind="function")


def _householder(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    batch, _, n = _dims(t)
    k = ch.integer(0, n)
    tau = _literal(_nested(np.full(batch + (k,), 0.5)), t.dtype.name, t)
    return Op("linalg.householder_product", (tau,), (), kind="function")


def _lstsq(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    m = _dims(t)[1] + (1 if ctx.invalid and ch.chance(0.3) else 0)
    shape = (m, ch.choice((1, 2)))
    b = _operand_of_shape(t, ch, ctx, shape if _expressible(shape) else (max(m, 1), 1))
    # gelsd's and gelss' residuals' shape hangs on the rank, gels refuses a singular R:
    # they are drawn on settled full-rank matrices alone
    drivers = ("gelsy", "gelsd", "gels", "gelss") if _full_rank(t) else ("gelsy",)
    kwargs = (("driver", ch.choice(drivers)),) if ch.chance(0.5) else ()
    return Op("linalg.lstsq", (b,), kwargs, kind="function", pick=_pick(ch, 4))


def _spectral(name: str) -> Any:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        kwargs: list[tuple[str, Any]] = []
        if ch.chance(0.3):
            kwargs.append(("atol", ch.choice((0.5, 0.0))))
        if t.ndim >= 2 and t.shape[-1] == t.shape[-2] and ch.chance(0.3):
            kwargs.append(("hermitian", True))
        return Op(name, (), tuple(kwargs), kind="function")
    return build


def _square(t: Tensor) -> bool:
    return _matrix(t) and t.shape[-1] == t.shape[-2] and all(t.shape) and _settled(t)


def _tall(t: Tensor) -> bool:
    return _matrix(t) and t.shape[-2] >= t.shape[-1] and all(t.shape[:-1])


def _full_rank(t: Tensor) -> bool:
    """Tell whether lstsq's rank (and so its residuals' shape) is settled for t."""
    if t.is_meta or t.numel() == 0:
        return _matrix(t)
    if not (_matrix(t) and t._defined().all()):
        return False
    a = np.asarray(t._values().reshape((-1,) + tuple(t.shape[-2:])))
    return all(np.isfinite(m).all() and np.linalg.matrix_rank(m) == min(m.shape)
               and np.linalg.cond(m) < 1e3 for m in a)


def _finite(t: Tensor) -> bool:
    return _matrix(t) and (t.is_meta or t.numel() == 0 or (
        bool(t._defined().all()) and bool(np.isfinite(np.asarray(t._values())).all())))


def _lu_unpack(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    batch, m, n = _dims(t)
    k = max(min(m, n), 1)
    pivots = _literal(_nested(np.broadcast_to(np.arange(1, k + 1), batch + (k,))), "int32", t)
    args: tuple[Any, ...] = (pivots,)
    if ch.chance(0.3):
        args += (ch.chance(0.5), ch.chance(0.5))
    return Op("lu_unpack", args, (), kind="function", pick=_pick(ch, 3))


def _unpackable(t: Tensor) -> bool:
    return t.ndim >= 2 and all(t.shape[:-2]) and min(t.shape[-2:]) > 0


def _factorable(t: Tensor) -> bool:
    """Tell whether lu_factor's outcome (whether it raises) is settled for t."""
    return _matrix(t) and _settled(t)


LINALG_LU: dict[str, Arguments] = {
    "lu_unpack": Arguments(_lu_unpack, _unpackable),
    "linalg.lu": _Settled(_factor("linalg.lu", 3), _factorable, reads_values=True),
    "linalg.lu_factor": _Settled(_factor("linalg.lu_factor", 2), _factorable,
                                 reads_values=True),
    "linalg.lu_factor_ex": _Settled(_factor("linalg.lu_factor_ex", 3), _factorable,
                                    reads_values=True),
    "linalg.lu_solve": _Settled(_lu_solve, _square, reads_values=True),
    "linalg.householder_product": Arguments(_householder, _tall, reads_values=True),
    "linalg.lstsq": Arguments(_lstsq, _finite, reads_values=True),
    "linalg.pinv": Arguments(_spectral("linalg.pinv"), _finite, reads_values=True),
    "linalg.matrix_rank": Arguments(_spectral("linalg.matrix_rank"), _finite,
                                    reads_values=True),
}
