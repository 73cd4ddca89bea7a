"""Argument builders for torch.linalg's matrix_power, matrix_exp, cross, vecdot and multi_dot,
and torch.chain_matmul.

matrix_power: n among 1, 0, 2, 3, 4, 5 (0 and 1 alone for dtypes matmul refuses), and -1, -2
on float, double or complex matrices surely invertible (reference/linalg_solver_values.py
well_conditioned: inv must not raise on rounding the model does not repeat). matrix_exp: no
arguments. cross: a second operand of the input's shape, dim=-1 by default or a dim of size 3
by keyword. vecdot: a second operand of the input's shape, dim now and then. multi_dot and
chain_matmul: the input with one or two more matrices (a vector at either end of multi_dot),
drawn from the live tensors or written as literals. With `ctx.invalid` a builder may give a
mismatched size. Examples shrink toward n = 1, the defaults and two operands.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from stridecheck.reference import dtypes
from stridecheck.reference import linalg_solver_values as lv
from stridecheck.reference.tensor import Tensor

from .allocating import _expressible, _kind, _operand_of_shape
from .arguments import Arguments, Chooser, Context, _fully_defined
from .program import Op

_FLOATING = frozenset({dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64,
                       dtypes.complex64, dtypes.complex128})
_LAPACK = frozenset({dtypes.float32, dtypes.float64, dtypes.complex64, dtypes.complex128})
# the dtypes CPU matmul takes (addmm_impl_cpu_ refuses bool)
_MATMUL = _FLOATING | frozenset({dtypes.uint8, dtypes.int8, dtypes.int16, dtypes.int32,
                                 dtypes.int64})


def _square(t: Tensor) -> bool:
    return t.ndim >= 2 and t.shape[-1] == t.shape[-2]


def _invertible(t: Tensor) -> bool:
    """Tell whether inv surely succeeds on every matrix of t."""
    if t.dtype not in _LAPACK or not _fully_defined(t):
        return False
    if t.is_meta or t.numel() == 0:
        return True
    a = np.asarray(t._values()).reshape((-1,) + tuple(t.shape[-2:]))
    return all(lv.well_conditioned(m, t.dtype) for m in a)


def _kind_of(name: str, ch: Chooser) -> str:
    """torch.linalg's spelling is a function; torch's has a method too."""
    return "function" if name.startswith("linalg.") else _kind(ch)


def _matrix_power(name: str) -> Any:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        ns = [1, 0] + ([2, 3, 4, 5] if t.dtype in _MATMUL or ctx.invalid else [])
        if _invertible(t) or ctx.invalid:
            ns += [-1, -2]
        return Op(name, (ch.choice(ns),), kind=_kind_of(name, ch))
    return build


def _matrix_exp(name: str) -> Any:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        return Op(name, (), kind=_kind_of(name, ch))
    return build


def _other(t: Tensor, ch: Chooser, ctx: Context) -> Any:
    shape = tuple(t.shape)
    if ctx.invalid and shape and ch.chance(0.3):
        shape = shape[:-1] + (shape[-1] + 1,)
    if not _expressible(shape):
        shape = tuple(max(n, 1) for n in shape[:-1]) + shape[-1:]
    return _operand_of_shape(t, ch, ctx, shape)


def _cross(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    threes = [d for d in range(t.ndim) if t.shape[d] == 3]
    kwargs: tuple[tuple[str, Any], ...] = ()
    if threes and (t.shape[-1] != 3 or ch.chance(0.3)):
        kwargs = (("dim", ch.choice(threes)),)
    return Op("linalg.cross", (_other(t, ch, ctx),), kwargs, kind="function")


def _vecdot(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    kwargs: tuple[tuple[str, Any], ...] = ()
    if t.ndim > 1 and ch.chance(0.4):
        kwargs = (("dim", ch.integer(-t.ndim, t.ndim - 1)),)
    return Op("linalg.vecdot", (_other(t, ch, ctx),), kwargs, kind="function")


def _chain(t: Tensor, ch: Chooser, ctx: Context, vectors: bool) -> list[Any]:
    """One or two operands that multiply after t: matrices, or a vector last."""
    inner = t.shape[-1] if t.ndim else 1  # (invalid mode draws it for a 0-d tensor too)
    if ctx.invalid and ch.chance(0.3):
        inner += 1
    operands = []
    for i in range(ch.integer(1, 2)):
        cols = ch.choice((2, 1, 3))
        last = i == 1 or ch.chance(0.5)
        shape: tuple[int, ...] = (inner,) if vectors and last and ch.chance(0.3) else \
            (inner, cols)
        if not _expressible(shape):
            shape = (max(shape[0], 1),) + shape[1:]
        operands.append(_operand_of_shape(t, ch, ctx, shape))
        if len(shape) == 1:
            break
        inner = cols
    return operands


def _multi_dot(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("linalg.multi_dot", (tuple(_chain(t, ch, ctx, True)),), kind="tensors")


def _chain_matmul(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("chain_matmul", tuple(_chain(t, ch, ctx, False)), kind="function")


def _matmul_ready(t: Tensor) -> bool:
    return t.dtype in _MATMUL and t.ndim in (1, 2) and bool(t.shape[-1])


LINALG_MATRIX: dict[str, Arguments] = {
    **{name: Arguments(_matrix_power(name), _square, reads_values=True)
       for name in ("linalg.matrix_power", "matrix_power")},
    **{name: Arguments(_matrix_exp(name), lambda t: _square(t) and t.dtype in _FLOATING)
       for name in ("linalg.matrix_exp", "matrix_exp")},
    "linalg.cross": Arguments(_cross, lambda t: 3 in tuple(t.shape) and t.dtype in _MATMUL),
    "linalg.vecdot": Arguments(_vecdot, lambda t: t.dtype in _FLOATING),
    "linalg.multi_dot": Arguments(_multi_dot, _matmul_ready),
    "chain_matmul": Arguments(
        _chain_matmul, lambda t: t.dtype in _MATMUL and t.ndim == 2 and bool(t.shape[-1])),
}
