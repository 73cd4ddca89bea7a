"""What argument builders are written against: the chooser, the context and the record.

Builders are written against a tiny `Chooser` (integer / choice / chance), so the same code
draws from `random.Random` for seeded sweeps and from Hypothesis for shrinking strategies.
Choices list the simplest option first and integers shrink toward their lower bound, so a
shrunk program has small sizes, dim 0 and no optional arguments. With `ctx.invalid` set a
builder may also produce arguments torch must reject (out-of-range dims, bad sizes).

The builders themselves live by the ops they call: view_arguments.py (views, copies, writes,
in-place metadata changes), pointwise_arguments.py and allocating.py; calls.py joins them into
one table over the catalogue. The helpers below (dims, sizes, scalars, operands that
broadcast) are shared by all three.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from stridecheck.reference import dtypes
from stridecheck.reference.tensor import Tensor

from .program import Op

T = TypeVar("T")


class Chooser(Protocol):
    def integer(self, lo: int, hi: int) -> int: ...
    def choice(self, options: Sequence[T]) -> T: ...
    def chance(self, p: float) -> bool: ...
    # the draws of fn as one unit (Hypothesis shrinks it away whole)
    def group(self, fn: Callable[[Chooser], T]) -> T: ...


class RandomChooser:
    """A Chooser backed by a seeded random.Random."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)

    def choice(self, options: Sequence[T]) -> T:
        return options[self.rng.randrange(len(options))]

    def chance(self, p: float) -> bool:
        return self.rng.random() < p

    def group(self, fn: Callable[[Chooser], T]) -> T:
        return fn(self)


@dataclass
class Context:
    """What a builder may refer to: live tensors by name, and whether to allow bad arguments."""

    live: dict[str, Tensor] = field(default_factory=dict)
    invalid: bool = False
    device: str = "cpu"


Builder = Callable[[Tensor, Chooser, Context], Op]
Applies = Callable[[Tensor], bool]


def _always(t: Tensor) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Arguments:
    """How to call one op: build its arguments, and when valid arguments exist at all."""

    build: Builder
    # whether valid arguments exist for a tensor (invalid mode ignores this)
    applies: Applies = _always
    # whether what the op does depends on its input's values (the shape of nonzero, a zero
    # divisor): then it is never drawn for a tensor holding allocator garbage, not even in
    # invalid mode, since nothing could say what torch should do
    reads_values: bool = False

    def drawable(self, t: Tensor) -> bool:
        """Tell whether the op may be drawn for t at all (valid arguments or not)."""
        return not self.reads_values or _fully_defined(t)


DTYPE_NAMES = tuple(d.name for d in dtypes.ALL_DTYPES)
FORMATS = ("contiguous_format", "preserve_format", "channels_last", "channels_last_3d")


def _dim(ch: Chooser, ndim: int, ctx: Context, extra: int = 0) -> int:
    """Return a dim in torch's accepted range (a 0-d tensor accepts 0 and -1)."""
    rank = max(ndim + extra, 1)
    if ctx.invalid and ch.chance(0.3):
        return ch.choice((rank, -rank - 1, rank + 2))
    d = ch.integer(0, 2 * rank - 1)
    return d if d < rank else d - 2 * rank


def _size(ch: Chooser, hi: int = 4) -> int:
    """Sizes 0 and 1 are the corners: shrink to 1, then 0, then bigger."""
    return ch.choice((1, 0, 2, 3, hi))


def _varargs(shape: tuple[int, ...]) -> tuple[Any, ...]:
    """Pass a shape as varargs, or as one tuple when empty (torch rejects `view()`)."""
    return shape if shape else (shape,)


def literal_device(t: Tensor) -> str:
    """The device a tensor literal next to t names: t's, "" for the default cpu."""
    return "" if t.device.type == "cpu" else str(t.device)


def _scalar_for(t: Tensor, ch: Chooser, *, mixed: bool = False) -> Any:
    """A Python scalar of t's kind; with `mixed`, sometimes of another kind, as a wrapped
    number that type promotion must take into account (`int_tensor * 2.5` is float32)."""
    if mixed and ch.chance(0.25):
        return ch.choice((2.5, -1.5, 2, True))
    if t.dtype is dtypes.bool_:
        return ch.choice((True, False))
    if t.dtype.is_complex:
        return ch.choice((1, 2.5, complex(1, -2)))
    if t.dtype.is_floating_point:
        return ch.choice((1, 0.5, -2.0, 3))
    return ch.choice((1, -2, 3, 0))


def _broadcastable_refs(t: Tensor, ctx: Context) -> list[str]:
    out = []
    for name, u in ctx.live.items():
        if u.ndim <= t.ndim and all(a in (b, 1) for a, b in zip(reversed(u.shape),
                                                                reversed(t.shape))):
            out.append(name)
    return out


def _pointwise_refs(t: Tensor, ctx: Context) -> list[str]:
    """Live tensors that broadcast to t on t's device (meta next to CPU is not modelled)."""
    return [n for n in _broadcastable_refs(t, ctx) if ctx.live[n].device == t.device]


def _fully_defined(t: Tensor) -> bool:
    """Tell whether every element was written (no allocator garbage): meta has no values."""
    return t.is_meta or bool(t._defined().all())


def _rank(lo: int, hi: int | None = None) -> Applies:
    return lambda t: lo <= t.ndim and (hi is None or t.ndim <= hi)


def _not_internally_overlapping(t: Tensor) -> bool:
    """Writes need every element at its own address (no stride-0 dim of size > 1)."""
    return not any(s == 0 and n > 1 for n, s in zip(t.shape, t.stride()))
