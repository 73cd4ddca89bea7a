"""Argument builders for the random ops, the in-place random fills and the dropouts.

rand_like / randn_like / randint_like: now and then a dtype and a memory_format (any, as for
empty_like); randint_like a high, or a low and a high. normal: t as the mean with a float std
or a one-element std literal that broadcasts; bernoulli: t as probabilities (values in [0, 1])
or a float p;
multinomial: a 1-d or 2-d float t of non-negative rows that sum above zero, num_samples within
its categories unless with replacement. Those that read t's values apply to fully written
tensors alone. The fills draw their parameters in range (random_'s bounds within the dtype's).
The dropouts: p from 0, 0.5 and 1, training on or off, `inplace=True` in their in-place variant
(which draws p > 0 with training on, so that it writes). With `ctx.invalid` a builder may also
draw out-of-range parameters. Examples shrink toward the defaults.
"""

from __future__ import annotations

from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.ops import DROPOUTS
from stridecheck.reference.tensor import Tensor

from .arguments import (
    DTYPE_NAMES,
    FORMATS,
    Arguments,
    Builder,
    Chooser,
    Context,
    _fully_defined,
    _not_internally_overlapping,
    literal_device,
)
from .program import Literal, Op, Sym

_FLOATING = (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64)


def _like(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        args: tuple[Any, ...] = ()
        if name == "randint_like":
            args = ch.choice(((2,), (1, 3), (5,)))
            if ctx.invalid and ch.chance(0.3):
                args = ch.choice(((0,), (3, 3), (300,)))
        kwargs: list[tuple[str, Any]] = []
        if ch.chance(0.3):
            kwargs.append(("memory_format", Sym(ch.choice(FORMATS))))
        if ch.chance(0.3) or (name != "randint_like" and t.dtype not in _FLOATING
                              and not t.dtype.is_complex):
            fits = [n for n in DTYPE_NAMES if name == "randint_like" or ctx.invalid or
                    dtypes.lookup(n).is_floating_point or dtypes.lookup(n).is_complex]
            kwargs.append(("dtype", Sym(ch.choice(fits))))
        return Op(name, args, tuple(kwargs), kind="function")
    return build


def _like_applies(t: Tensor) -> bool:
    return True


def _probabilities(t: Tensor) -> bool:
    """Every value written and in [0, 1], of a floating dtype."""
    if t.dtype not in _FLOATING or not _fully_defined(t):
        return False
    if t.is_meta or t.numel() == 0:
        return True
    x = t._values()
    return bool(((x >= 0) & (x <= 1)).all())


def _normal(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    """t as the mean, with a float std or a one-element std tensor that broadcasts."""
    std: Any = ch.choice((1.0, 0.5, 2.0))
    if ctx.invalid and ch.chance(0.3):
        std = -1.0
    elif ch.chance(0.3):
        std = Literal((0.5,), "float32", literal_device(t))
    return Op("normal", (std,), kind="function")


def _normal_applies(t: Tensor) -> bool:
    return t.dtype in _FLOATING or t.dtype.is_complex


def _bernoulli(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    if ch.chance(0.5):
        p = ch.choice((0.5, 0.0, 1.0))
        if ctx.invalid and ch.chance(0.3):
            p = 1.5
        return Op("bernoulli", (p,), kind=ch.choice(("method", "function")))
    return Op("bernoulli", kind=ch.choice(("method", "function")))


def _categories(t: Tensor) -> bool:
    """A 1-d or 2-d floating tensor of non-negative finite rows, each summing above zero."""
    if t.ndim not in (1, 2) or t.dtype not in _FLOATING or not _fully_defined(t) or \
            t.shape[-1] == 0:
        return False
    if t.is_meta or t.numel() == 0:
        return True
    x = t._values().astype("float64").reshape(-1, t.shape[-1])
    return bool((x >= 0).all() and (x < float("inf")).all() and (x.sum(axis=1) > 0).all())


def _multinomial(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    cats = t.shape[-1] if t.ndim else 1
    replacement = ch.chance(0.4)
    n = ch.integer(1, 4 if replacement else max(cats, 1))
    if ctx.invalid and ch.chance(0.3):
        n = ch.choice((0, cats + 1))
    kwargs = (("replacement", True),) if replacement else ()
    return Op("multinomial", (n,), kwargs, kind=ch.choice(("method", "function")))


_FILLS: dict[str, tuple[tuple[Any, ...], tuple[Any, ...]]] = {
    # name: (valid argument tuples, invalid ones)
    "uniform_": (((), (-1.0, 2.0), (0.5, 0.5)), ((2.0, 1.0),)),
    "normal_": (((), (1.0, 0.5)), ((0.0, -1.0),)),
    "random_": (((), (2,), (1, 3)), ((3, 3), (-1, 2))),
    "exponential_": (((), (2.0,)), ((0.0,),)),
    "geometric_": (((0.5,), (0.25,)), ((1.0,),)),
    "cauchy_": (((), (1.0, 2.0)), ((0.0, 0.0),)),
    "log_normal_": (((), (0.0, 1.0)), ((1.0, 0.0),)),
    "bernoulli_": (((), (0.25,)), ((1.5,),)),
}
_FILL_DTYPES = {
    "uniform_": lambda t: t.dtype in _FLOATING or t.dtype.is_complex,
    "normal_": lambda t: t.dtype in _FLOATING or t.dtype.is_complex,
    "random_": lambda t: not t.dtype.is_complex,
    "exponential_": lambda t: t.dtype in _FLOATING,
    "geometric_": lambda t: not t.dtype.is_complex and t.dtype is not dtypes.bool_,
    "cauchy_": lambda t: t.dtype in _FLOATING,
    "log_normal_": lambda t: t.dtype in _FLOATING,
    "bernoulli_": lambda t: not t.dtype.is_complex,
}


def _fill(name: str) -> Builder:
    valid, invalid = _FILLS[name]

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        args = ch.choice(invalid) if ctx.invalid and ch.chance(0.3) else ch.choice(valid)
        if name == "random_" and args and t.dtype is dtypes.bool_:
            args = (2,) if len(args) == 1 else (0, 2)
        if name == "bernoulli_" and t.ndim and ch.chance(0.3):
            args = (Literal((0.5,), "float32", literal_device(t)),)
        return Op(name, args)
    return build


def _fill_applies(name: str) -> Any:
    fits = _FILL_DTYPES[name]
    return lambda t: fits(t) and t.dtype is not dtypes.complex32 and \
        _not_internally_overlapping(t)


def _dropout(name: str, inplace: bool) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        kwargs: list[tuple[str, Any]] = []
        if inplace:
            kwargs += [("p", ch.choice((0.5, 1.0))), ("training", True), ("inplace", True)]
        else:
            if ch.chance(0.7):
                kwargs.append(("p", ch.choice((0.5, 0.0, 1.0))))
            if ch.chance(0.5):
                kwargs.append(("training", ch.choice((True, False))))
        if ctx.invalid and ch.chance(0.2):
            kwargs = [("p", 1.5)]
        return Op(f"nn.functional.{name}", (), tuple(kwargs), kind="function")
    return build


def _dropout_applies(name: str, inplace: bool) -> Any:
    ranks = {"dropout1d": (2, 3), "dropout2d": (3, 4), "dropout3d": (4, 5),
             "feature_alpha_dropout": (2, 3, 4, 5, 6)}.get(name)

    def applies(t: Tensor) -> bool:
        # integral inputs refuse the scaled noise; complex ones the bernoulli noise
        if t.dtype not in _FLOATING or (ranks is not None and t.ndim not in ranks):
            return False
        return not inplace or (t.numel() > 0 and _not_internally_overlapping(t))
    return applies


RANDOM: dict[str, Arguments] = {
    **{name: Arguments(_like(name), _like_applies)
       for name in ("rand_like", "randn_like", "randint_like")},
    "normal": Arguments(_normal, _normal_applies),
    "bernoulli": Arguments(_bernoulli, _probabilities, reads_values=True),
    "multinomial": Arguments(_multinomial, _categories, reads_values=True),
    **{name: Arguments(_fill(name), _fill_applies(name)) for name in _FILLS},
    **{f"nn.functional.{name}": Arguments(_dropout(name, False),
                                          _dropout_applies(name, False))
       for name in DROPOUTS},
    **{f"nn.functional.{name}.inplace": Arguments(_dropout(name, True),
                                                  _dropout_applies(name, True))
       for name in DROPOUTS},
}
