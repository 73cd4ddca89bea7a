"""Argument builders for torch.nn.functional's pad, pixel_shuffle, pixel_unshuffle,
channel_shuffle, one_hot and embedding.

pad: a mode the input's rank takes (constant always; reflect, replicate and circular on 2 to
5 dims), then per padded dim a left and a right pad drawn by construction from the dim's size:
negative ones crop, reflect's stay below the size, circular's wrap within the cropped input;
the mode positional or by keyword, now and then constant's `value=`. The shuffles: a factor
(groups) that divides the channels (height and width). one_hot and embedding read their
input's values: classes (rows) past its largest, now and then num_classes given, a weight
literal of a floating dtype, a padding_idx of either sign. With `ctx.invalid` a builder may
also draw an odd or too long pad, a reflect pad past its dim, a value for reflect, a factor or
groups that do not divide, a zero factor, num_classes not past the largest class, or a weight
too short for the indices. Examples shrink toward constant padding of the last dim by 0 and 1,
factor 1 and the defaults.
"""

from __future__ import annotations

from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.layouts import suggest_format
from stridecheck.reference.tensor import Tensor

from .arguments import Arguments, Chooser, Context, _fully_defined
from .program import Literal, Op

F = "nn.functional."


def _pair(ch: Chooser, n: int, mode: str) -> tuple[int, int]:
    """Return a valid (left, right) pad of a dim of n elements."""
    if mode == "reflect":
        lo, hi = -(n - 1), n - 1
    elif mode == "circular":
        lo, hi = -n, n
    else:
        lo, hi = -n, 3
    left = max(lo, min(hi, ch.choice((0, 1, 2, -1, 3, -2))))
    right = max(lo, min(hi, ch.choice((1, 0, 2, -1, -2))))
    floor = 1 if mode in ("reflect", "replicate") else 0
    if n + left + right < floor:  # crop less
        right = floor - n - left
        if right < lo:
            left, right = floor - n - lo, lo
    if mode == "circular":
        core = n - max(-left, 0) - max(-right, 0)
        left, right = min(left, core), min(right, core)  # each end wraps within the core
    return left, right


def _modes(t: Tensor) -> list[str]:
    """Return the modes t's rank and sizes take (the batch dim alone may be empty)."""
    out = ["constant"]
    shape = tuple(t.shape)
    if 2 <= len(shape) <= 5:
        out.append("circular")
        inner = shape[1:] if len(shape) > 2 else shape
        if 0 not in inner and t.dtype not in (dtypes.bool_, dtypes.complex32):
            out += ["replicate", "reflect"]
    return out


def _pad(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    mode = ch.choice(_modes(t))
    ndim = t.ndim
    if mode == "constant":
        k = ch.integer(min(ndim, 1), min(ndim, 3))
    else:
        k = ch.choice([j for j in (1, 2, 3) if ndim in (j + 1, j + 2)])
    pads: list[int] = []
    for d in range(ndim - 1, ndim - 1 - k, -1):  # the last dim's pair first
        pads += _pair(ch, t.shape[d], mode)
    value: Any = None
    if ctx.invalid and ch.chance(0.5):
        broken = ch.choice(("odd", "long", "reflect", "value", "rank"))
        if broken == "odd":
            pads.append(1)
        elif broken == "long":
            pads += [1, 0] * (ndim + 1 - k)
        elif broken == "reflect" and pads:
            mode, pads[0] = "reflect", t.shape[-1] + ch.integer(0, 1)
        elif broken == "value":
            mode, value = ch.choice(("reflect", "replicate", "circular")), 1.5
        else:
            mode = ch.choice(("reflect", "replicate", "circular"))
    args: tuple[Any, ...] = (tuple(pads) if ch.chance(0.7) else pads,)
    kwargs: list[tuple[str, Any]] = []
    if mode != "constant" or ch.chance(0.2):
        if ch.chance(0.5):
            args += (mode,)
        else:
            kwargs.append(("mode", mode))
    if mode == "constant" and ch.chance(0.3):
        value = ch.choice((1.5, -2, 0.0, True))
    if value is not None:
        kwargs.append(("value", value))
    return Op(F + "pad", args, tuple(kwargs), kind="function")


def _factors(n: int, limit: int = 3) -> list[int]:
    return [r for r in range(1, limit + 1) if n % r == 0]


def _shuffle(name: str) -> Any:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        shape = tuple(t.shape)
        if name == "pixel_shuffle":
            c = shape[-3] if len(shape) >= 3 else 1
            valid = [r for r in (1, 2, 3) if c % (r * r) == 0]
        elif name == "pixel_unshuffle":
            hw = shape[-2:] if len(shape) >= 3 else (1, 1)
            valid = [r for r in (1, 2, 3) if hw[0] % r == 0 and hw[1] % r == 0]
        else:
            valid = _factors(shape[1] if len(shape) > 2 else 1, 4) or [1]
        r = ch.choice(valid)
        if ctx.invalid and ch.chance(0.5):
            r = ch.choice((0, -1, 5, 7))
        keyword = {"pixel_shuffle": "upscale_factor", "pixel_unshuffle": "downscale_factor",
                   "channel_shuffle": "groups"}[name]
        if ch.chance(0.2):
            return Op(F + name, (), ((keyword, r),), kind="function")
        return Op(F + name, (r,), kind="function")
    return build


def _shuffles(t: Tensor) -> bool:
    """Three dims or more, and a layout the pixel kernels take (not channels_last_3d)."""
    return t.ndim >= 3 and suggest_format(t._geom) is not dtypes.channels_last_3d


def _largest(t: Tensor) -> int:
    """Return t's largest value (0 for an empty, meta or non-integer tensor)."""
    if t.is_meta or t.numel() == 0 or t.dtype not in (dtypes.int64, dtypes.int32):
        return 0
    return int(t._values().max())


def _classes(t: Tensor) -> bool:
    """Non-negative int64 classes, few enough to keep results small."""
    if t.dtype is not dtypes.int64:
        return False
    if t.is_meta or t.numel() == 0:
        return True
    x = t._values()
    return bool(x.min() >= 0) and int(x.max()) < 32


def _one_hot(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    top = _largest(t)
    given = t.is_meta or t.numel() == 0 or ch.chance(0.4)
    if not given:
        return Op(F + "one_hot", (), kind="function")
    n = top + ch.choice((1, 2, 3))
    if ctx.invalid and ch.chance(0.5):
        n = ch.choice((top, 0, -2))
    if ch.chance(0.3):
        return Op(F + "one_hot", (), (("num_classes", n),), kind="function")
    return Op(F + "one_hot", (n,), kind="function")


def _indices(t: Tensor) -> bool:
    if t.dtype not in (dtypes.int64, dtypes.int32):
        return False
    if t.is_meta or t.numel() == 0:
        return True
    x = t._values()
    return bool(x.min() >= 0) and int(x.max()) < 32


def _embedding(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    rows = _largest(t) + ch.choice((1, 2))
    dim = ch.choice((2, 3, 1, 0))
    if ctx.invalid and ch.chance(0.5):
        rows = max(rows - 2, 0)
    dtype = ch.choice(("float32", "float64", "int64", "float16"))
    values = tuple(tuple((3 * i + j) % 7 - 2 for j in range(dim)) for i in range(rows))
    weight = Literal(values, dtype, "" if t.device.type == "cpu" else str(t.device))
    kwargs: tuple[tuple[str, Any], ...] = ()
    if ch.chance(0.3):
        kwargs = (("padding_idx", ch.choice((0, -1, rows - 1))),)
    return Op(F + "embedding", (weight,), kwargs, kind="function")


SHAPING: dict[str, Arguments] = {
    F + "pad": Arguments(_pad),
    F + "pixel_shuffle": Arguments(_shuffle("pixel_shuffle"), _shuffles),
    F + "pixel_unshuffle": Arguments(_shuffle("pixel_unshuffle"), _shuffles),
    F + "channel_shuffle": Arguments(_shuffle("channel_shuffle"), lambda t: t.ndim > 2),
    F + "one_hot": Arguments(_one_hot, lambda t: _classes(t) and _fully_defined(t),
                             reads_values=True),
    F + "embedding": Arguments(_embedding, lambda t: _indices(t) and _fully_defined(t),
                               reads_values=True),
}
