"""Argument builders for torch.linalg's inv, inv_ex, solve, solve_ex, det and slogdet: B of
solve as a batch of vectors (A's shape less its last dim, or one vector) or of matrices with
1, 2, 3 or 0 columns (rows, with left=False), now and then of a batch A broadcasts against,
drawn from the live tensors or written as a literal; check_errors= now and then; a step
binds one of a pair's results. Drawing invalid calls, B's size misses A's now and then.

These ops are never drawn on a matrix whose factorisation's outcome hangs on rounding
(reference/linalg_solver_values.py factor): whether torch raises there is not the model's
to say. Examples shrink toward a vector B, left=True and no keywords."""

from __future__ import annotations

from typing import Any

import numpy as np

from stridecheck.reference import linalg_solver_values as lv
from stridecheck.reference.tensor import Tensor

from .allocating import _expressible, _operand_of_shape
from .arguments import Arguments, Chooser, Context
from .program import Op

# the dtypes LAPACK's CPU kernels take
_LAPACK = frozenset({"float32", "float64", "complex64", "complex128"})


def _square(t: Tensor) -> bool:
    return t.ndim >= 2 and t.shape[-1] == t.shape[-2] and t.dtype.name in _LAPACK


def _settled(t: Tensor) -> bool:
    """Tell whether torch's factorisation of every matrix of t surely agrees with the model's
    (or no factorisation runs: a refusal decides first)."""
    if t.is_meta or not _square(t) or t.numel() == 0:
        return True
    if not t._defined().all():
        return False
    values = t._values()
    a = np.asarray(values.reshape((-1,) + tuple(t.shape[-2:])), dtype=t.dtype.storage_np)
    return all(lv.factor(m, t.dtype)[1] for m in a)


class _Settled(Arguments):
    """Arguments drawn only where the factorisation's outcome is settled (even invalid)."""

    __slots__ = ()

    def drawable(self, t: Tensor) -> bool:
        return _settled(t)


def _solvable(t: Tensor) -> bool:
    return _square(t) and _settled(t)


def _pick(ch: Chooser) -> int:
    return ch.choice((0, 1))


def _one(name: str, keywords: tuple[str, ...] = (), pair: bool = False) -> Any:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        kwargs = (("check_errors", True),) if keywords and ch.chance(0.3) else ()
        return Op(name, (), kwargs, kind="function", pick=_pick(ch) if pair else None)
    return build


def _b_shape(t: Tensor, ch: Chooser, ctx: Context, left: bool) -> tuple[int, ...]:
    """B's shape for A = t: a vector (left only), or matrices with k columns (rows)."""
    n = t.shape[-1] if t.ndim else 1  # an invalid draw may call on a 0-d t
    if ctx.invalid and ch.chance(0.3):
        n += 1
    batch = tuple(t.shape[:-2])
    if batch and ch.chance(0.3):
        batch = batch[1:]  # A broadcasts against a shorter batch
    elif ch.chance(0.2):
        batch = (2,) + batch
    if left and ch.chance(0.5):
        return (n,) if ch.chance(0.5) else tuple(t.shape[:-2]) + (n,)
    k = ch.choice((2, 1, 3, 0))
    return batch + ((n, k) if left else (k, n))


def _solve(name: str) -> Any:
    pair = name.endswith("_ex")

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        left = not ch.chance(0.3)
        shape = _b_shape(t, ch, ctx, left)
        if not _expressible(shape):
            shape = tuple(max(n, 1) for n in shape[:-1]) + shape[-1:]
        b = _operand_of_shape(t, ch, ctx, shape)
        kwargs: list[tuple[str, Any]] = []
        if not left:
            kwargs.append(("left", False))
        if pair and ch.chance(0.3):
            kwargs.append(("check_errors", True))
        return Op(name, (b,), tuple(kwargs), kind="function", pick=_pick(ch) if pair else None)
    return build


LINALG_SOLVERS: dict[str, Arguments] = {
    "linalg.inv": _Settled(_one("linalg.inv"), _solvable, reads_values=True),
    "linalg.inv_ex": _Settled(_one("linalg.inv_ex", ("check_errors",), True), _solvable,
                              reads_values=True),
    "linalg.solve": _Settled(_solve("linalg.solve"), _solvable, reads_values=True),
    "linalg.solve_ex": _Settled(_solve("linalg.solve_ex"), _solvable, reads_values=True),
    "linalg.det": _Settled(_one("linalg.det"), _solvable, reads_values=True),
    "linalg.slogdet": _Settled(_one("linalg.slogdet", (), True), _solvable, reads_values=True),
}
