"""Argument builders for repeat, tile, repeat_interleave, diag, diag_embed, diagflat,
block_diag, meshgrid and cartesian_prod.

repeat's and tile's counts are small (0 now and then), as many as the input's dims or one
more (fewer for tile; one fewer for repeat, or a negative count, when drawing invalid calls),
as varargs or one tuple. repeat_interleave repeats by an int, by a 0-d or 1-d int64 literal
fitting the dim (never on meta), along a dim or flattened, with a matching output_size (now
and then for an int; a wrong one when drawing invalid calls), so that the output's shape
never depends on values; its counts are never negative, which torch's kernel writes out of
bounds. diag's, diag_embed's and diagflat's offsets go either way; diag_embed's dims are two
distinct ones of the result. The list ops take live tensors of the subject's device that fit
(0-d to 2-d for block_diag, any dtype; 0-d or 1-d of the subject's dtype for meshgrid, 1-d
for cartesian_prod), or the subject itself; meshgrid's "ij" or "xy" always given, as one
list now and then. Examples shrink toward counts of 1, offset 0, dim 0 and the subject alone.
"""

from __future__ import annotations

from typing import Any, cast

from stridecheck.reference import dtypes
from stridecheck.reference.tensor import Tensor

from .arguments import Arguments, Chooser, Context, _dim, _rank, literal_device
from .program import Literal, Op, Ref


def _kind(ch: Chooser) -> str:
    return "function" if ch.chance(0.3) else "method"


def _count(ch: Chooser) -> int:
    return ch.choice((1, 2, 0, 3))


def _repeat(name: str) -> Any:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        n = t.ndim + (ch.integer(0, 1) if name == "repeat" else ch.integer(-t.ndim, 1))
        counts = [_count(ch) for _ in range(max(n, 0))]
        if ctx.invalid and ch.chance(0.3):
            if counts and ch.chance(0.5):
                counts[ch.integer(0, len(counts) - 1)] = -1
            elif name == "repeat" and counts:
                counts.pop()
        kind = "method" if name == "repeat" else _kind(ch)
        if name == "repeat" and counts and ch.chance(0.5):
            # varargs, x.repeat(2, 1): repeat's alone, as a call of the function form (which
            # tile has) takes no varargs
            return Op(name, tuple(counts))
        if kind == "method" and ch.chance(0.2):
            key = "repeats" if name == "repeat" else "dims"
            return Op(name, (), ((key, tuple(counts)),))
        return Op(name, (tuple(counts),), kind=kind)
    return build


def _interleave(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    dim = _dim(ch, t.ndim, ctx) if t.ndim and ch.chance(0.6) else None
    size = t.numel() if dim is None else (t.shape[dim] if -t.ndim <= dim < t.ndim else 1)
    kwargs: list[tuple[str, Any]] = []
    if t.is_meta or ch.chance(0.5):
        repeats: Any = _count(ch)
        total = repeats * size
        if ctx.invalid and ch.chance(0.2):
            repeats = -1
    else:
        counts = [_count(ch) for _ in range(size)] if size != 1 or ch.chance(0.5) else [2]
        total = sum(counts) if size else 0
        if len(counts) == 1 and ch.chance(0.5):
            repeats = Literal(cast(Any, counts[0]), "int64", literal_device(t))  # 0-d
            total = counts[0] * size
        else:
            repeats = Literal(tuple(counts), "int64", literal_device(t))
    if dim is not None:
        kwargs.append(("dim", dim))
    # a tensor's counts always come with their total: else the output's shape would depend on
    # their values, which compiled and fake targets cannot know
    if not isinstance(repeats, int) or ch.chance(0.2):
        kwargs.append(("output_size", total + (1 if ctx.invalid and ch.chance(0.3) else 0)))
    return Op("repeat_interleave", (repeats,), tuple(kwargs), kind=_kind(ch))


def _offset(ch: Chooser) -> int:
    return ch.choice((0, 1, -1, 2, -3))


def _diag(name: str) -> Any:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        offset = _offset(ch)
        key = "diagonal" if name == "diag" else "offset"
        kind = _kind(ch)
        if name == "diag_embed" and ch.chance(0.5):
            rank = t.ndim + 1
            d1 = ch.integer(0, rank - 1)
            d2 = ch.choice([d for d in range(rank) if d != d1] or [d1])
            if ctx.invalid and ch.chance(0.3):
                d2 = ch.choice((d1, rank))
            return Op(name, (offset, d1 - rank if ch.chance(0.3) else d1, d2), kind=kind)
        if ch.chance(0.2):
            return Op(name, (), ((key, offset),), kind=kind)
        return Op(name, (offset,) if offset or ch.chance(0.5) else (), kind=kind)
    return build


def _others(t: Tensor, ch: Chooser, ctx: Context, fits: Any) -> list[Any]:
    """Up to two more tensors: live ones that fit, or the subject itself."""
    subject = next((n for n, u in ctx.live.items() if u is t), None)
    names = [n for n, u in ctx.live.items() if u.device == t.device and (ctx.invalid or fits(u))]
    out: list[Any] = []
    for _ in range(ch.integer(0, 2)):
        if names and ch.chance(0.8):
            out.append(Ref(ch.choice(names)))
        elif subject is not None:
            out.append(Ref(subject))
    return out


def _block_diag(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("block_diag", tuple(_others(t, ch, ctx, lambda u: u.ndim <= 2)), kind="function")


def _meshgrid(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    others = _others(t, ch, ctx, lambda u: u.ndim <= 1 and u.dtype is t.dtype)
    indexing = (("indexing", ch.choice(("ij", "xy"))),)
    pick = ch.integer(0, len(others))
    if ch.chance(0.3):
        return Op("meshgrid", (tuple(others),), indexing, kind="tensors", pick=pick)
    return Op("meshgrid", tuple(others), indexing, kind="function", pick=pick)


def _cartesian_prod(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    others = _others(t, ch, ctx, lambda u: u.ndim == 1 and u.dtype is t.dtype)
    return Op("cartesian_prod", tuple(others), kind="function")


def _small(t: Tensor) -> bool:
    """Keep the list ops' outputs small: a grid or a product of up to three inputs."""
    return t.numel() <= 64


# every dtype and layout; the kernels' own limits: diag wants 1 or 2 dims, diag_embed one
BUILDING: dict[str, Arguments] = {
    "repeat": Arguments(_repeat("repeat")),
    "tile": Arguments(_repeat("tile")),
    "repeat_interleave": Arguments(_interleave),
    "diag": Arguments(_diag("diag"), _rank(1, 2)),
    "diag_embed": Arguments(_diag("diag_embed"), _rank(1)),
    "diagflat": Arguments(_diag("diagflat")),
    "block_diag": Arguments(_block_diag, lambda t: t.ndim <= 2),
    "meshgrid": Arguments(_meshgrid, lambda t: t.ndim <= 1 and _small(t)),
    "cartesian_prod": Arguments(_cartesian_prod,
                                lambda t: t.ndim == 1 and _small(t) and
                                t.dtype is not dtypes.complex32),
}
