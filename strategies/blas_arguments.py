"""Argument builders for addmv, addr, baddbmm, addbmm (and the in-place addr_, baddbmm_ and
addbmm_), outer, ger, kron, cross and tensordot: the other operands sized so the subject
broadcasts to the product
(in place, the subject is the product's shape itself), drawn from the live tensors or written
as literals of the subject's dtype; beta and alpha now and then (integers for integral and
bool subjects, which refuse floating ones in addr); cross along a dim of size 3, by position
or `dim=`; tensordot by an int or a pair of dim lists. Examples shrink toward contraction
size 2, one batch, no scalars and dims 0."""

from __future__ import annotations

from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.tensor import Tensor

from .allocating import _expressible, _operand_of_shape
from .arguments import Applies, Arguments, Builder, Chooser, Context, _not_internally_overlapping
from .program import Op


def _kind(ch: Chooser) -> str:
    return "function" if ch.chance(0.3) else "method"


def _floating(t: Tensor) -> bool:
    return t.dtype.is_floating_point or t.dtype.is_complex


def _scalars(t: Tensor, ch: Chooser) -> tuple[tuple[str, Any], ...]:
    """beta and alpha now and then (beta 0 ignores the input's values)."""
    betas, alphas = ((1, 0, 0.5, 2), (1, 2, -1)) if _floating(t) else ((1, 0, 2), (1, 2, -1))
    return tuple((k, ch.choice(values)) for k, values in (("beta", betas), ("alpha", alphas))
                 if ch.chance(0.3))


def _size(ch: Chooser) -> int:
    return ch.choice((2, 1, 3))


def _target(t: Tensor, ch: Chooser, rank: int, in_place: bool) -> tuple[int, ...]:
    """A shape of `rank` dims t broadcasts to (t's own in place); for a subject of more dims
    (invalid mode), its last ones, which torch must refuse to broadcast."""
    shape = tuple(t.shape)[-rank:] if t.ndim else ()
    if in_place and len(shape) == rank:
        return shape
    lead = tuple(_size(ch) for _ in range(rank - len(shape)))
    return lead + tuple(_size(ch) if n == 1 and ch.chance(0.3) else n for n in shape)


def _contraction(ch: Chooser, shapes: Any) -> int:
    """A contraction size: 0 now and then, where literals of the shapes it makes exist."""
    k = ch.choice((2, 1, 3, 0))
    return k if k or all(_expressible(s) for s in shapes(0)) else 2


def _add_product(name: str) -> Builder:
    op = name.rstrip("_")
    in_place = name.endswith("_")
    rank = {"addmv": 1, "addr": 2, "baddbmm": 3, "addbmm": 2}[op]

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        out = _target(t, ch, rank, in_place)
        if op == "addmv":
            k = _contraction(ch, lambda k: [(out[0], k), (k,)])
            shapes = [(out[0], k), (k,)]
        elif op == "addr":
            shapes = [(out[0],), (out[1],)]
        elif op == "baddbmm":
            k = _contraction(ch, lambda k: [(out[0], out[1], k), (out[0], k, out[2])])
            shapes = [(out[0], out[1], k), (out[0], k, out[2])]
        else:
            bs = ch.choice((2, 1, 0)) if all(out) else 2
            k = _contraction(ch, lambda k: [(bs, out[0], k), (bs, k, out[1])])
            shapes = [(bs, out[0], k), (bs, k, out[1])]
        args = tuple(_operand_of_shape(t, ch, ctx, s) for s in shapes)
        kind = "method" if in_place else _kind(ch)
        return Op(name, args, _scalars(t, ch), kind=kind)
    return build


def _outer(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        return Op(name, (_operand_of_shape(t, ch, ctx, (_size(ch),)),), kind=_kind(ch))
    return build


def _kron(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    shape = ch.choice(((2,), (2, 1), (1, 2), (2, 2), ()))
    return Op("kron", (_operand_of_shape(t, ch, ctx, shape),), kind=_kind(ch))


def _cross(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    dims = [d for d, n in enumerate(t.shape) if n == 3] or [0]
    dim = ch.choice(dims)
    if ch.chance(0.3):
        dim -= t.ndim
    other = _operand_of_shape(t, ch, ctx, tuple(t.shape))
    if ch.chance(0.3):
        return Op("cross", (other,), (("dim", dim),), kind=_kind(ch))
    return Op("cross", (other, dim), kind=_kind(ch))


def _tensordot(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    d = ch.integer(0, min(t.ndim, 2))
    shape = tuple(t.shape)
    if not all(shape[len(shape) - d:]):
        d = 0
    if ch.chance(0.3) and t.ndim and all(shape):
        first = ch.integer(0, t.ndim - 1)
        other = _operand_of_shape(t, ch, ctx, (shape[first], 2))
        return Op("tensordot", (other, ([first], [0])), kind="function")
    other = _operand_of_shape(t, ch, ctx, shape[len(shape) - d:] + (2,))
    if ch.chance(0.3):
        return Op("tensordot", (other,), (("dims", d),), kind="function")
    return Op("tensordot", (other, d), kind="function")


def _multipliable(rank: int, in_place: bool = False) -> Applies:
    """The kernels have no bool or complex32 case; in place the subject is the product."""
    def applies(t: Tensor) -> bool:
        if t.dtype in (dtypes.bool_, dtypes.complex32) or not t.numel():
            return False
        if in_place:
            return t.ndim == rank and _not_internally_overlapping(t)
        return t.ndim <= rank
    return applies


def _addr_applies(in_place: bool) -> Applies:
    def applies(t: Tensor) -> bool:
        if t.dtype is dtypes.complex32 or not t.numel():
            return False
        return t.ndim == 2 and _not_internally_overlapping(t) if in_place else t.ndim <= 2
    return applies


_RANKS = {"addmv": 1, "baddbmm": 3, "addbmm": 2}

BLAS: dict[str, Arguments] = {
    **{name: Arguments(_add_product(name), _multipliable(rank)) for name, rank in _RANKS.items()},
    **{f"{name}_": Arguments(_add_product(f"{name}_"), _multipliable(rank, True))
       for name, rank in _RANKS.items() if name != "addmv"},
    "addr": Arguments(_add_product("addr"), _addr_applies(False)),
    "addr_": Arguments(_add_product("addr_"), _addr_applies(True)),
    "outer": Arguments(_outer("outer"), lambda t: t.ndim == 1),
    "ger": Arguments(_outer("ger"), lambda t: t.ndim == 1),
    "kron": Arguments(_kron, lambda t: t.dtype is not dtypes.complex32),
    "cross": Arguments(_cross, lambda t: 3 in tuple(t.shape) and t.dtype not in (
        dtypes.bool_, dtypes.complex32)),
    "tensordot": Arguments(_tensordot, lambda t: t.dtype not in (dtypes.bool_, dtypes.complex32)),
}
