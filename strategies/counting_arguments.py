"""Argument builders for unique, unique_consecutive and bincount.

unique and unique_consecutive: now and then `sorted=` (unique), a dim drawn from
range(-ndim, ndim) of a non-empty input of a dim or more, positional or by keyword; never
return_inverse or return_counts, so that a call gives one tensor (the case table calls the
tuples). bincount: a 1-d input of non-negative integers, now and then a minlength and a
weights literal of the input's length. Both read values: they apply to fully written tensors
alone. With `ctx.invalid` a builder may also draw a dim out of range or a negative minlength.
Examples shrink toward the defaults.
"""

from __future__ import annotations

from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.tensor import Tensor

from .arguments import Arguments, Chooser, Context, _fully_defined
from .program import Literal, Op

_INTEGRAL = frozenset({dtypes.uint8, dtypes.int8, dtypes.int16, dtypes.int32, dtypes.int64})


def _unique(name: str) -> Any:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        kwargs: list[tuple[str, Any]] = []
        if name == "unique" and ch.chance(0.2):
            kwargs.append(("sorted", ch.choice((True, False))))
        if t.ndim and t.numel() and ch.chance(0.5):
            d = ch.integer(-t.ndim, t.ndim - 1)
            if ctx.invalid and ch.chance(0.3):
                d = t.ndim + ch.integer(0, 1)
            kwargs.append(("dim", d))
        return Op(name, (), tuple(kwargs))
    return build


def _uniquable(t: Tensor) -> bool:
    return not t.dtype.is_complex and _fully_defined(t)


def _counts(t: Tensor) -> bool:
    """A 1-d tensor of small non-negative integers, every value written."""
    if t.ndim != 1 or t.dtype not in _INTEGRAL or not _fully_defined(t):
        return False
    if t.is_meta or t.numel() == 0:
        return True
    x = t._values()
    return bool(x.min() >= 0) and int(x.max()) < 64


def _bincount(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    args: tuple[Any, ...] = ()
    kwargs: list[tuple[str, Any]] = []
    if ch.chance(0.4):
        dtype = ch.choice(("float32", "float64", "int64", "float16"))
        values = tuple((3 * i) % 5 - 1 for i in range(t.numel()))
        weights = Literal(values, dtype, "" if t.device.type == "cpu" else str(t.device))
        args = (weights,)
    if ch.chance(0.3):
        kwargs.append(("minlength", ch.choice((0, 3, 70))))
    if ctx.invalid and ch.chance(0.3):
        kwargs = [("minlength", -1)]
    return Op("bincount", args, tuple(kwargs))


COUNTING: dict[str, Arguments] = {
    "unique": Arguments(_unique("unique"), _uniquable, reads_values=True),
    "unique_consecutive": Arguments(_unique("unique_consecutive"), _uniquable,
                                    reads_values=True),
    "bincount": Arguments(_bincount, _counts, reads_values=True),
}
