"""Argument builders for index_reduce, masked_scatter, put and take_along_dim and their in-place
forms.

index_reduce: a dim in range, an int64 index of one to three slots in the dim's range, a
source of the input's shape with the index's length at the dim, a reduction the dtype's
kernel has (none for bool and complex inputs of at most one dim, whose kernel refuses them),
include_self= now and then. masked_scatter: a bool mask whose shape broadcasts to the input's
(for the out-of-place form now and then a wider one) and a 1-d source with an element for
every mask position. put: one to three int64 flat indices in [-numel, numel), a source of as
many elements, accumulate= now and then. take_along_dim: indices of the input's rank, each
size 1 or the input's but one to three at the dim, values wrapping past the dim's size now
and then (torch 2.13 takes them modulo the size), or dim=None with indices into the flattened
input. Drawing invalid calls puts indices out of range and dims past the rank now and then.
Examples shrink toward dim 0, one index, no keywords and the function form.
"""

from __future__ import annotations

from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.tensor import Tensor

from .allocating import _literal, _values_of
from .arguments import Arguments, Builder, Chooser, Context, _dim, _not_internally_overlapping
from .program import Literal, Op

Shape = tuple[int, ...]


def _kind(ch: Chooser) -> str:
    return "function" if ch.chance(0.3) else "method"


def _nested(shape: Shape, one: Any) -> Any:
    return one() if not shape else tuple(_nested(shape[1:], one) for _ in range(shape[0]))


def _indices(t: Tensor, ch: Chooser, ctx: Context, lo: int, hi: int, shape: Shape) -> Literal:
    """int64 indices in [lo, hi] (lo when that is empty, an invalid call's empty input); out of
    that range now and then when drawing invalid calls."""
    def one() -> int:
        if ctx.invalid and ch.chance(0.2):
            return ch.choice((hi + 1, lo - 1, hi + 4))
        return ch.integer(lo, hi) if hi >= lo else lo
    return _literal(_nested(shape, one), "int64", t)


def _operand(t: Tensor, ch: Chooser, shape: Shape) -> Literal:
    return _literal(_values_of(t.dtype, ch, shape), t.dtype.name, t)


def _reductions(t: Tensor) -> tuple[str, ...]:
    """The reductions index_reduce's CPU kernels take for t (bool and complex go through the
    binary ops only with more than one dim: no mean for bool, no amax or amin for complex)."""
    if t.dtype is dtypes.bool_:
        return ("prod", "amax", "amin") if t.ndim > 1 else ()
    if t.dtype.is_complex:
        return ("prod", "mean") if t.ndim > 1 else ()
    return ("prod", "mean", "amax", "amin")


def _index_reduce(name: str) -> Builder:
    in_place = name.endswith("_")

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        d = _dim(ch, t.ndim, ctx)
        n = t.shape[d] if t.ndim and -t.ndim <= d < t.ndim else 1
        count = ch.choice((1, 2, 3)) if t.ndim else 1
        along = d % t.ndim if t.ndim else 0
        shape: Shape = tuple(count if i == along else m for i, m in enumerate(t.shape))
        reduce = ch.choice(_reductions(t) or ("prod",))
        kwargs: tuple[tuple[str, Any], ...] = ()
        plain = t.dtype is not dtypes.bool_ and not t.dtype.is_complex
        if plain and ch.chance(0.3):
            kwargs = (("include_self", ch.chance(0.5)),)
        index = _indices(t, ch, ctx, 0, max(n - 1, 0), (count,))
        return Op(name, (d, index, _operand(t, ch, shape), reduce), kwargs,
                  kind="method" if in_place else _kind(ch))
    return build


def _mask_shape(t: Tensor, ch: Chooser, wider: bool) -> Shape:
    """A shape that broadcasts to t's: some leading dims dropped, some dims 1; with `wider`
    now and then one leading dim more."""
    shape = list(t.shape)[ch.integer(0, t.ndim):] if t.ndim else []
    shape = [1 if ch.chance(0.3) else m for m in shape]
    if wider and len(shape) == t.ndim and ch.chance(0.2):
        shape = [2, *shape]
    return tuple(shape)


def _masked_scatter(name: str) -> Builder:
    in_place = name.endswith("_")

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        shape = _mask_shape(t, ch, not in_place)
        mask = _literal(_nested(shape, lambda: ch.chance(0.5)), "bool", t)
        full = len(shape) > t.ndim
        slots = t.numel() * (shape[0] if full else 1)
        if ctx.invalid and ch.chance(0.2):
            slots = 0
        source = _operand(t, ch, (slots + ch.integer(0, 2),))
        return Op(name, (mask, source), kind="method" if in_place else _kind(ch))
    return build


def _put(name: str) -> Builder:
    in_place = name.endswith("_")

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        n = t.numel()
        count = ch.choice((1, 2, 3))
        index = _indices(t, ch, ctx, -n, n - 1, (count,))
        args: tuple[Any, ...] = (index, _operand(t, ch, (count,)))
        kwargs: tuple[tuple[str, Any], ...] = ()
        if ch.chance(0.3):
            kwargs = (("accumulate", ch.chance(0.5)),)
        return Op(name, args, kwargs, kind="method" if in_place else _kind(ch))
    return build


def _take_along_dim(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    if not t.ndim or ch.chance(0.3):
        shape: Shape = (ch.choice((1, 2, 3)),)
        indices = _indices(t, ch, ctx, 0, t.numel() - 1, shape)
        return Op("take_along_dim", (indices,), kind=_kind(ch))
    d = _dim(ch, t.ndim, ctx)
    along = d % t.ndim
    shape = tuple(ch.choice((1, 2, 3)) if i == along else (1 if ch.chance(0.3) else m)
                  for i, m in enumerate(t.shape))
    n = t.shape[along]

    def one() -> int:
        if not n:  # an invalid call's empty dim
            return 0
        return ch.integer(-2 * n, 2 * n - 1) if ch.chance(0.2) else ch.integer(0, n - 1)
    indices = _literal(_nested(shape, one), "int64", t)
    return Op("take_along_dim", (indices, d), kind=_kind(ch))


def _nonempty(t: Tensor) -> bool:
    """Index and source literals cannot spell a size-0 dim before the last: draw for tensors
    with elements (the case table covers empty ones)."""
    return t.numel() > 0


def _writable(t: Tensor) -> bool:
    return _nonempty(t) and _not_internally_overlapping(t)


def _reducible(t: Tensor) -> bool:
    return _nonempty(t) and bool(_reductions(t))


def _take_along(t: Tensor) -> bool:
    """Indices literals need a non-empty dim along every axis."""
    return _nonempty(t)


INDEXED: dict[str, Arguments] = {
    "index_reduce": Arguments(_index_reduce("index_reduce"), _reducible),
    "index_reduce_": Arguments(_index_reduce("index_reduce_"),
                               lambda t: _reducible(t) and _writable(t)),
    "masked_scatter": Arguments(_masked_scatter("masked_scatter"), _nonempty),
    "masked_scatter_": Arguments(_masked_scatter("masked_scatter_"), _writable),
    "put": Arguments(_put("put"), _nonempty),
    "put_": Arguments(_put("put_"), _writable),
    "take_along_dim": Arguments(_take_along_dim, _take_along),
}
