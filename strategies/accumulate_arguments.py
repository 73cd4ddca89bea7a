"""Argument builders for scatter, scatter_add, scatter_reduce, index_add and index_copy and their
in-place forms: a dim in range (now and then out of it, when drawing invalid calls), an int64
index literal whose values lie in the dim's range (one in five out of it when drawing
invalid calls), no larger than the input apart from that dim, and a src of the index's shape
(scatter) or a source of the input's shape with the index's length at the dim (index_add,
index_copy), in the input's dtype; scatter takes a Python number now and then, and reduce=
(add, multiply); scatter_reduce a reduction the dtype's kernel has, include_self= now and
then; index_add alpha= now and then. Examples shrink toward dim 0, an index of one element,
src tensors and no keywords."""

from __future__ import annotations

from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.tensor import Tensor

from .allocating import _literal, _values_of
from .arguments import (
    Arguments,
    Builder,
    Chooser,
    Context,
    _dim,
    _not_internally_overlapping,
    _scalar_for,
)
from .program import Literal, Op

Shape = tuple[int, ...]


def _kind(ch: Chooser) -> str:
    return "function" if ch.chance(0.3) else "method"


def _size_at(t: Tensor, d: int) -> int:
    """The size of dim d (1 for a 0-d tensor, or a dim t lacks in invalid mode)."""
    return t.shape[d] if t.ndim and -t.ndim <= d < t.ndim else 1


def _index(t: Tensor, ch: Chooser, ctx: Context, n: int, shape: Shape) -> Literal:
    """int64 indices into a dim of size n, in [0, n) (scatter and index_add refuse negative
    ones); out of range now and then when drawing invalid calls."""
    def one() -> int:
        if ctx.invalid and ch.chance(0.2):
            return ch.choice((n, -1, n + 3))
        return ch.integer(0, n - 1) if n else 0

    def nested(shape: Shape) -> Any:
        return one() if not shape else tuple(nested(shape[1:]) for _ in range(shape[0]))
    return _literal(nested(shape), "int64", t)


def _operand(t: Tensor, ch: Chooser, shape: Shape) -> Literal:
    return _literal(_values_of(t.dtype, ch, shape), t.dtype.name, t)


def _reductions(t: Tensor) -> tuple[str, ...]:
    """The reductions the CPU kernels take for t's dtype (mean refuses bool, amax and amin
    complex)."""
    names = ("sum", "prod", "mean", "amax", "amin")
    if t.dtype is dtypes.bool_:
        return tuple(n for n in names if n != "mean")
    if t.dtype.is_complex:
        return ("sum", "prod", "mean")
    return names


def _scatter(name: str) -> Builder:
    base = name.rstrip("_")
    in_place = name.endswith("_")

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        d = _dim(ch, t.ndim, ctx)
        n = _size_at(t, d)
        along = d % t.ndim if t.ndim else 0
        shape: Shape = tuple(ch.choice((1, 2, 3)) if i == along else ch.integer(min(1, m), m)
                             for i, m in enumerate(t.shape))
        index = _index(t, ch, ctx, n, shape)
        kwargs: list[tuple[str, Any]] = []
        third: Any = _operand(t, ch, shape)
        if base == "scatter":
            if ch.chance(0.3):
                third = _scalar_for(t, ch)
            if ch.chance(0.2):
                kwargs.append(("reduce", ch.choice(("add", "multiply"))))
            args: tuple[Any, ...] = (d, index, third)
        elif base == "scatter_add":
            args = (d, index, third)
        else:
            args = (d, index, third, ch.choice(_reductions(t)))
            if ch.chance(0.3):
                kwargs.append(("include_self", ch.chance(0.5)))
        return Op(name, args, tuple(kwargs), kind="method" if in_place else _kind(ch))
    return build


def _index_op(name: str) -> Builder:
    base = name.rstrip("_")
    in_place = name.endswith("_")

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        d = _dim(ch, t.ndim, ctx)
        n = _size_at(t, d)
        count = ch.choice((1, 2, 3))
        index = _index(t, ch, ctx, n, (count,))
        along = d % t.ndim if t.ndim else 0
        shape: Shape = tuple(count if i == along else m for i, m in enumerate(t.shape))
        if not t.ndim:  # index_add wants a 0-d source there, index_copy either
            count = 1 if base == "index_add" else count
            shape = (count,) if base == "index_copy" and (count > 1 or ch.chance(0.5)) else ()
            index = _index(t, ch, ctx, n, (count,))
        kwargs: tuple[tuple[str, Any], ...] = ()
        if base == "index_add" and ch.chance(0.3):
            kwargs = (("alpha", _scalar_for(t, ch)),)
        return Op(name, (d, index, _operand(t, ch, shape)), kwargs,
                  kind="method" if in_place else _kind(ch))
    return build


def _nonempty(t: Tensor) -> bool:
    """Index and src literals cannot spell a size-0 dim before the last: draw for tensors
    with elements (the case table covers empty ones)."""
    return t.numel() > 0


def _writable(t: Tensor) -> bool:
    return _nonempty(t) and _not_internally_overlapping(t)


ACCUMULATE: dict[str, Arguments] = {
    **{name: Arguments(_scatter(name), _nonempty)
       for name in ("scatter", "scatter_add", "scatter_reduce")},
    **{name + "_": Arguments(_scatter(name + "_"), _writable)
       for name in ("scatter", "scatter_add", "scatter_reduce")},
    **{name: Arguments(_index_op(name), _nonempty) for name in ("index_add", "index_copy")},
    **{name + "_": Arguments(_index_op(name + "_"), _writable)
       for name in ("index_add", "index_copy")},
}
