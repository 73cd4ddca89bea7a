"""Argument builders for torch.linalg's vector_norm, matrix_norm and norm, and torch.norm /
Tensor.norm.

vector_norm: an ord among 2, 1, inf, -inf, 0, 0.5, 3 and -1 (the orders without an identity
only where no reduced dim is empty), no dim, one dim or a tuple of distinct dims drawn from
range(-ndim, ndim), keepdim now and then, dtype= now and then (a wider one of the same kind).
matrix_norm: a pair of distinct dims (the last two by default), an order among 'fro', 1, -1,
inf, -inf, 'nuc', 2 and -2; the singular-value orders only on fully written finite inputs of
float, double or complex dtype (svdvals raises on others), the negative ones not over an empty
dim. linalg.norm and norm draw the forms that route to either. With `ctx.invalid` a builder
may draw an out-of-range dim, an unsupported order or an integer input's call. Examples shrink
toward the default order, no dim and no keywords.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from stridecheck.reference import dtypes
from stridecheck.reference.tensor import Tensor

from .allocating import _kind
from .arguments import Arguments, Chooser, Context, _fully_defined
from .program import Op, Sym

_FLOATING = frozenset({dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64,
                       dtypes.complex64, dtypes.complex128})
_SVD = frozenset({dtypes.float32, dtypes.float64, dtypes.complex64, dtypes.complex128})
_WIDER = {dtypes.float16: dtypes.float32, dtypes.bfloat16: dtypes.float32,
          dtypes.float32: dtypes.float64, dtypes.complex64: dtypes.complex128}
_VECTOR_ORDS = (2, 1, math.inf, -math.inf, 0, 0.5, 3, -1)


def _floating(t: Tensor) -> bool:
    return t.dtype in _FLOATING


def _finite(t: Tensor) -> bool:
    """Tell whether svdvals can run on t: a LAPACK dtype, every value written and finite."""
    if t.dtype not in _SVD or not _fully_defined(t):
        return False
    return t.is_meta or t.numel() == 0 or bool(np.isfinite(t._values()).all())


def _dims(t: Tensor, ch: Chooser, ctx: Context, count: int) -> tuple[int, ...]:
    """`count` distinct dims of t, each in range(-ndim, ndim)."""
    picked = list(range(t.ndim))
    out = []
    for _ in range(min(count, t.ndim)):
        d = picked.pop(ch.integer(0, len(picked) - 1))
        out.append(d - t.ndim if ch.chance(0.3) else d)
    if ctx.invalid and ch.chance(0.2):
        out.append(t.ndim + 1)
    return tuple(out)


def _no_identity_ok(t: Tensor, dims: tuple[int, ...] | None) -> bool:
    """Tell whether an order without an identity (negative or inf) may reduce these dims."""
    if t.numel():
        return True
    if not dims:
        return False
    return all(t.shape[d] != 0 for d in dims if -t.ndim <= d < t.ndim)


def _dtype_kwarg(t: Tensor, ch: Chooser) -> list[tuple[str, Any]]:
    wider = _WIDER.get(t.dtype)
    return [("dtype", Sym(wider.name))] if wider is not None and ch.chance(0.2) else []


def _vector_norm(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    dims: tuple[int, ...] | None = None
    if t.ndim and ch.chance(0.6):
        dims = _dims(t, ch, ctx, ch.integer(1, t.ndim))
    ords = [o for o in _VECTOR_ORDS if ctx.invalid or o >= 0 and o != math.inf
            or _no_identity_ok(t, dims)]
    kwargs: list[tuple[str, Any]] = []
    if ch.chance(0.7):
        kwargs.append(("ord", ch.choice(ords)))
    if dims is not None:
        kwargs.append(("dim", dims if len(dims) > 1 or ch.chance(0.5) else dims[0]))
    if ch.chance(0.3):
        kwargs.append(("keepdim", True))
    kwargs += _dtype_kwarg(t, ch)
    return Op("linalg.vector_norm", (), tuple(kwargs), kind="function")


def _matrix_ord(t: Tensor, ch: Chooser, ctx: Context, dims: tuple[int, int]) -> Any:
    ords: list[Any] = ["fro", 1, math.inf]
    empty = t.numel() == 0
    if not empty or ctx.invalid:
        ords += [-1, -math.inf]
    if _finite(t) or ctx.invalid:
        ords += ["nuc", 2] + ([-2] if not empty or ctx.invalid else [])
    if ctx.invalid and ch.chance(0.2):
        return ch.choice((3, "abc"))
    return ch.choice(ords)


def _pair(t: Tensor, ch: Chooser, ctx: Context) -> tuple[int, int] | None:
    if t.ndim < 2:
        return None
    a, b = _dims(t, ch, ctx, 2)[:2]
    return (a, b)


def _matrix_norm(name: str) -> Any:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        pair = _pair(t, ch, ctx) if ch.chance(0.4) else None
        dims = pair or (-2, -1)
        kwargs: list[tuple[str, Any]] = []
        if t.ndim >= 2 and ch.chance(0.8):
            kwargs.append(("ord", _matrix_ord(t, ch, ctx, dims)))
        if pair is not None:
            kwargs.append(("dim", pair))
        if ch.chance(0.3):
            kwargs.append(("keepdim", True))
        kwargs += _dtype_kwarg(t, ch)
        if name == "linalg.norm" and t.ndim not in (1, 2) and pair is None:
            kwargs = [kw for kw in kwargs if kw[0] != "ord"]
        if name == "linalg.norm" and t.ndim == 1 and pair is None:
            kwargs = [kw for kw in kwargs if kw[0] != "ord" or kw[1] in (1, 2, math.inf)]
        return Op(name, (), tuple(kwargs), kind="function")
    return build


def _legacy_norm(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    """torch.norm / Tensor.norm: a number p (a vector norm), 'fro', or 'nuc' over a pair."""
    kwargs: list[tuple[str, Any]] = []
    pair = _pair(t, ch, ctx)
    if pair is not None and _finite(t) and ch.chance(0.2):
        kwargs += [("p", "nuc"), ("dim", pair)]
    else:
        dims = _dims(t, ch, ctx, ch.integer(1, 2)) if t.ndim and ch.chance(0.5) else None
        p = ch.choice(("fro", 2, 1, 3, math.inf)) if ch.chance(0.6) else None
        if p == math.inf and not _no_identity_ok(t, dims) and not ctx.invalid:
            p = 1
        if p is not None:
            kwargs.append(("p", p))
        if dims is not None:
            kwargs.append(("dim", dims[0] if len(dims) == 1 and ch.chance(0.5) else dims))
    if ch.chance(0.3):
        kwargs.append(("keepdim", True))
    kwargs += _dtype_kwarg(t, ch)
    return Op("norm", (), tuple(kwargs), kind=_kind(ch))


def _matrix(t: Tensor) -> bool:
    return t.ndim >= 2 and _floating(t)


NORM: dict[str, Arguments] = {
    "linalg.vector_norm": Arguments(_vector_norm, _floating),
    "linalg.matrix_norm": Arguments(_matrix_norm("linalg.matrix_norm"), _matrix,
                                    reads_values=True),
    "linalg.norm": Arguments(_matrix_norm("linalg.norm"), _floating, reads_values=True),
    "norm": Arguments(_legacy_norm, _floating, reads_values=True),
}
