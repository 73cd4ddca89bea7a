"""Argument builders for sort, argsort, msort, topk and kthvalue: a dim in range (now and then
out of it), the order flags as positional or keyword arguments, `stable=` as a keyword (the
only way torch's binding takes it), and a `k` within the dim's size (one past it, or below
its least, when drawing invalid calls); a step binds the values or the indices of the ops
that return both. Examples shrink toward dim 0, k 1 and no flags."""

from __future__ import annotations

from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.tensor import Tensor

from .arguments import Arguments, Chooser, Context, _dim
from .program import Op


def _kind(ch: Chooser) -> str:
    return "function" if ch.chance(0.3) else "method"


def _pick(ch: Chooser, name: str) -> int | None:
    """Which of a (values, indices) pair a step binds (None for an op of one result)."""
    return ch.choice((0, 1)) if name in ("sort", "topk", "kthvalue") else None


def _sort(name: str) -> Any:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        dim = _dim(ch, t.ndim, ctx)
        descending = ch.chance(0.4)
        if ch.chance(0.3):  # sort.stable: stable= binds only as a keyword
            kwargs = (("stable", ch.choice((True, False))), ("dim", dim),
                      ("descending", descending))
            return Op(name, (), kwargs, kind=_kind(ch), pick=_pick(ch, name))
        args: tuple[Any, ...] = (dim, descending) if descending else (dim,)
        return Op(name, args, kind=_kind(ch), pick=_pick(ch, name))
    return build


def _msort(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("msort", (), kind=_kind(ch))


def _k(t: Tensor, ch: Chooser, ctx: Context, dim: int, least: int) -> int:
    size = t.shape[dim] if t.ndim and -t.ndim <= dim < t.ndim else 1
    if ctx.invalid and ch.chance(0.3):
        return ch.choice((size + 1, least - 1))
    return ch.integer(least, max(least, size))


def _topk(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    dim = _dim(ch, t.ndim, ctx)
    k = _k(t, ch, ctx, dim, 0)
    flags = [("largest", ch.chance(0.7)), ("sorted", ch.chance(0.8))]
    if ch.chance(0.5):
        return Op("topk", (k, dim, *(v for _, v in flags)), kind=_kind(ch),
                  pick=_pick(ch, "topk"))
    return Op("topk", (k,), (("dim", dim), *(f for f in flags if ch.chance(0.5))),
              kind=_kind(ch), pick=_pick(ch, "topk"))


def _kthvalue(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    dim = _dim(ch, t.ndim, ctx)
    k = _k(t, ch, ctx, dim, 1)
    keepdim = (("keepdim", ch.chance(0.5)),) if ch.chance(0.4) else ()
    return Op("kthvalue", (k, dim), keepdim, kind=_kind(ch), pick=_pick(ch, "kthvalue"))


# the CPU kernels take every real dtype: sort and kthvalue bool too, topk no bool
_real = lambda t: not t.dtype.is_complex  # noqa: E731
SORTING: dict[str, Arguments] = {
    "sort": Arguments(_sort("sort"), _real),
    "argsort": Arguments(_sort("argsort"), _real),
    "msort": Arguments(_msort, _real),
    "topk": Arguments(_topk, lambda t: _real(t) and t.dtype is not dtypes.bool_),
    "kthvalue": Arguments(_kthvalue, lambda t: _real(t) and t.dtype is not dtypes.bool_
                          and (t.ndim == 0 or t.numel() > 0 or 0 not in t.shape[-1:])),
}
