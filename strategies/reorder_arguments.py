"""Argument builders for flip, fliplr, flipud, roll, rot90, tril, triu, tril_ and triu_: distinct
dims in range, negative now and then (a repeat or one out of range when drawing invalid calls),
as one list or `dims=`; roll's shifts of either sign, alone (the flattened roll) or
paired with dims (a pair short when drawing invalid calls); rot90's k of any sign and two
distinct dims (equal ones, or a third, when drawing invalid calls); a diagonal off to either
side. Examples shrink toward no dims, shift 1, k 1 and diagonal 0."""

from __future__ import annotations

from typing import Any

from stridecheck.reference.tensor import Tensor

from .arguments import Arguments, Builder, Chooser, Context, _dim, _rank
from .program import Op


def _kind(ch: Chooser) -> str:
    return "function" if ch.chance(0.3) else "method"


def _distinct_dims(ch: Chooser, ndim: int, count: int) -> list[int]:
    """Return `count` distinct dims of a tensor of ndim dims, each negative now and then."""
    left = list(range(max(ndim, 1)))
    out = []
    for _ in range(count):
        d = left.pop(ch.integer(0, len(left) - 1))
        out.append(d - max(ndim, 1) if ch.chance(0.3) else d)
    return out


def _spoiled(ch: Chooser, dims: list[int], t: Tensor, ctx: Context) -> list[int]:
    """Now and then, when drawing invalid calls, add a repeated or out-of-range dim."""
    if ctx.invalid and ch.chance(0.3):
        return dims + [ch.choice(dims) if dims and ch.chance(0.5) else _dim(ch, t.ndim, ctx)]
    return dims


def _flip(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    count = ch.integer(1, max(t.ndim, 1)) if ch.chance(0.9) else 0
    dims = _spoiled(ch, _distinct_dims(ch, t.ndim, count), t, ctx)
    # one list, never varargs (`x.flip(0, 1)`), which the function form refuses: the case
    # table calls those
    if ch.chance(0.2):
        return Op("flip", (), (("dims", tuple(dims)),), kind=_kind(ch))
    return Op("flip", (dims,), kind=_kind(ch))


def _no_arguments(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        return Op(name, (), kind=_kind(ch))
    return build


def _shift(ch: Chooser) -> int:
    return ch.choice((1, -1, 2, 0, -3, 5))


def _roll(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    kind = _kind(ch)
    if not t.ndim or ch.chance(0.3):  # the flattened roll
        return Op("roll", (_shift(ch),), kind=kind)
    count = ch.integer(1, t.ndim)
    dims = _distinct_dims(ch, t.ndim, count)
    if ch.chance(0.2):  # a dim may come back (rolled twice)
        dims.append(ch.choice(dims))
    shifts = [_shift(ch) for _ in dims]
    if ctx.invalid and ch.chance(0.3):
        if len(shifts) > 1 and ch.chance(0.5):
            shifts.pop()  # shifts and dims no longer pair up
        else:
            dims.append(_dim(ch, t.ndim, ctx))  # out of range now and then
            shifts.append(_shift(ch))
    one = len(dims) == 1 and ch.chance(0.5)
    args: tuple[Any, ...] = (shifts[0], dims[0]) if one else (tuple(shifts), tuple(dims))
    if ch.chance(0.2):
        return Op("roll", (), (("shifts", args[0]), ("dims", args[1])), kind=kind)
    return Op("roll", args, kind=kind)


def _rot90(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    k = ch.choice((1, 2, 3, 0, -1, 4, 6))
    dims = _distinct_dims(ch, t.ndim, 2) if t.ndim >= 2 else [0, 1]
    if ctx.invalid and ch.chance(0.3):
        dims = ch.choice(([dims[0], dims[0]], dims[:1], dims + [_dim(ch, t.ndim, ctx)],
                          [dims[0], _dim(ch, t.ndim, ctx)]))
    kind = _kind(ch)
    if dims == [0, 1] and ch.chance(0.5):
        return Op("rot90", (k,) if k != 1 or ch.chance(0.5) else (), kind=kind)
    if ch.chance(0.2):
        return Op("rot90", (), (("k", k), ("dims", tuple(dims))), kind=kind)
    return Op("rot90", (k, dims), kind=kind)


def _triangle(name: str) -> Builder:
    in_place = name.endswith("_")

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        diagonal = ch.choice((0, 1, -1, 2, -3, 5))
        kind = "method" if in_place else _kind(ch)
        if ch.chance(0.2):
            return Op(name, (), (("diagonal", diagonal),), kind=kind)
        return Op(name, (diagonal,) if diagonal or ch.chance(0.5) else (), kind=kind)
    return build


# every dtype, every layout; what each op needs of the input's rank
REORDER: dict[str, Arguments] = {
    "flip": Arguments(_flip),
    "fliplr": Arguments(_no_arguments("fliplr"), _rank(2)),
    "flipud": Arguments(_no_arguments("flipud"), _rank(1)),
    "roll": Arguments(_roll),
    "rot90": Arguments(_rot90, _rank(2)),
    **{name: Arguments(_triangle(name), _rank(2))
       for name in ("tril", "triu", "tril_", "triu_")},
}
