"""Argument builders for histc, searchsorted and bucketize.

histc: now and then a number of bins and a range (min below max, or min == max for the data's
own), positional or by keyword; it applies to floating inputs with every element written and
finite (an inf or NaN in the data's range is refused). searchsorted: the subject is the
sorted sequence (any values: the model follows the kernel's binary search, sorted or not), the
values a literal (of the subject's leading dims where it has more than one) or a Python
scalar for a 1-d sequence, now and then right=, side=, out_int32=. bucketize: a sorted 1-d
boundaries literal, or a scalar subject's twin, now and then right= and out_int32=. All
three read values. With `ctx.invalid`: bins=0, min above max, side='left' with right=True,
2-d boundaries. Examples shrink toward the calls without optional arguments.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from stridecheck.reference import dtypes
from stridecheck.reference.tensor import Tensor

from .arguments import Arguments, Chooser, Context, _fully_defined, literal_device
from .program import Literal, Op

_SEARCHABLE = frozenset({dtypes.uint8, dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64,
                         dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64})


def _histc(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    args: list[Any] = []
    if ch.chance(0.6):
        args.append(ch.choice((4, 1, 3, 10)))
        if ch.chance(0.5):
            args += list(ch.choice(((0, 1), (-1, 2.5), (2, 2), (-3.5, 0))))
    if ctx.invalid and ch.chance(0.3):
        args = ch.choice(([0], [3, 2, 1]))
    if args and ch.chance(0.3):
        names = ("bins", "min", "max")
        return Op("histc", (), tuple(zip(names, args)))
    return Op("histc", tuple(args), ())


def _histogrammable(t: Tensor) -> bool:
    if not t.dtype.is_floating_point or not _fully_defined(t):
        return False
    return t.is_meta or t.numel() == 0 or bool(np.isfinite(t._values()).all())


def _flags(ch: Chooser, ctx: Context, side: bool) -> list[tuple[str, Any]]:
    kwargs: list[tuple[str, Any]] = []
    if ch.chance(0.3):
        kwargs.append(("right", True))
    if side and ch.chance(0.3):
        kwargs.append(("side", ch.choice(("right", "left") if not kwargs else ("right",))))
    if ch.chance(0.3):
        kwargs.append(("out_int32", True))
    if ctx.invalid and side and ch.chance(0.2):
        kwargs = [("right", True), ("side", "left")]
    return kwargs


def _values(ch: Chooser, n: int) -> tuple[Any, ...]:
    pool = (0, 2, -1, 5, 1, 3)
    return tuple(pool[(i * 5 + ch.integer(0, 5)) % len(pool)] for i in range(n))


def _searchsorted(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    dtype = t.dtype.name if t.dtype in _SEARCHABLE else "float32"
    dev = literal_device(t)
    if t.ndim == 1 and ch.chance(0.3):
        value: Any = ch.choice((2, 0.5, -1, 7))
    elif t.ndim <= 1:
        value = Literal(_values(ch, ch.integer(0, 4)), ch.choice((dtype, "float32")), dev)
        if ch.chance(0.3):
            value = Literal((_values(ch, 2), _values(ch, 2)), dtype, dev)
    else:
        lead = t.shape[:-1]
        k = ch.integer(0, 3)
        flat = _values(ch, int(np.prod(lead, dtype=np.int64)) * k)
        value = Literal(_nest(flat, (*lead, k)), dtype, dev)
    return Op("searchsorted", (value,), tuple(_flags(ch, ctx, True)), kind="function")


def _nest(flat: tuple[Any, ...], shape: tuple[int, ...]) -> Any:
    """Return flat values as nested tuples of `shape`."""
    if len(shape) == 1:
        return tuple(flat)
    step = int(np.prod(shape[1:], dtype=np.int64))
    return tuple(_nest(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0]))


def _searchable(t: Tensor) -> bool:
    """A sequence of a searchable dtype with a dim (and, past one dim, no zero-size leading
    dim, which a literal could not spell), every element written."""
    return (t.dtype in _SEARCHABLE and t.ndim >= 1 and 0 not in t.shape[:-1]
            and _fully_defined(t))


def _bucketize(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    dtype = t.dtype.name if t.dtype in _SEARCHABLE else "float32"
    bounds: Any = tuple(sorted(ch.choice(((0, 2, 5), (1,), (-1, 0, 0, 3), ()))))
    if ctx.invalid and ch.chance(0.2):
        bounds = (bounds or (0,),) * 2
    boundaries = Literal(bounds, ch.choice((dtype, "float32", "int64")), literal_device(t))
    return Op("bucketize", (boundaries,), tuple(_flags(ch, ctx, False)), kind="function")


def _bucketizable(t: Tensor) -> bool:
    return t.dtype in _SEARCHABLE and _fully_defined(t)


BUCKETING: dict[str, Arguments] = {
    "histc": Arguments(_histc, _histogrammable, reads_values=True),
    "searchsorted": Arguments(_searchsorted, _searchable, reads_values=True),
    "bucketize": Arguments(_bucketize, _bucketizable, reads_values=True),
}
