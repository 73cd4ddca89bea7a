"""Argument builders for torch.nn.functional's convolutions: conv1d, conv2d, conv3d and
their transposes, on batched and unbatched inputs of the dtypes every CPU kernel takes.

Valid arguments are drawn by construction from the input's channels and spatial sizes: a
number of groups dividing the channels, a weight of the right shape (a live tensor or a
literal, of the input's dtype), a bias now and then, and per spatial dim a dilation, a kernel
whose dilated extent fits the input, a padding of at most half the dilated kernel and a
stride; conv's padding is now and then "same" (stride 1) or "valid", a transpose's
output_padding stays below its stride. Each list is one int or a tuple, given by keyword.
Draws shrink to one group, a kernel of 1, no bias and the defaults. With `ctx.invalid` a
builder may also draw a weight of the wrong channels, groups that do not divide them, a
kernel past the padded input, a negative padding, a zero stride, a bias of the wrong length
or padding="same" with a stride.
"""

from __future__ import annotations

from typing import Any

from stridecheck.reference.tensor import Tensor

from .allocating import _operand_of_shape
from .arguments import Applies, Arguments, Builder, Chooser, Context
from .program import Op

# the dtypes the slow dilated and transposed kernels take, and oneDNN's float
_DTYPES = frozenset({"float32", "float64", "float16", "bfloat16", "int64"})


def _spelled(ch: Chooser, values: tuple[int, ...]) -> Any:
    """One int where the values agree, now and then a tuple; a tuple where they differ."""
    if len(set(values)) == 1 and ch.chance(0.7):
        return values[0]
    return values


def _window(ch: Chooser, size: int, transposed: bool) -> tuple[int, int, int, int, int]:
    """Return (kernel, stride, padding, dilation, output_padding) for one spatial dim."""
    d = ch.choice((1, 2)) if size > 2 and ch.chance(0.2) else 1
    k = ch.integer(1, max(1, min(3, (size - 1) // d + 1)))
    p = ch.integer(0, d * (k - 1) // 2) if ch.chance(0.4) else 0
    s = ch.choice((1, 2)) if ch.chance(0.4) else 1
    op = ch.integer(0, max(s, d) - 1) if transposed and ch.chance(0.3) else 0
    return k, s, p, d, op


def _conv(key: str, rank: int) -> Builder:
    """F.<key>(t, weight, bias, stride=..., padding=..., ...) over t's last `rank` dims."""
    transposed = "transpose" in key

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        shape = tuple(t.shape)
        batched = len(shape) == rank + 2
        c = shape[1] if batched else (shape[0] if shape else 1)
        sizes = shape[len(shape) - rank:] if len(shape) > rank else (2,) * rank
        groups = ch.choice([1] + [g for g in (2, 3) if c % g == 0])
        per_group = ch.choice((1, 2, 3))
        windows = [list(_window(ch, max(n, 1), transposed)) for n in sizes]
        same = not transposed and ch.chance(0.15)
        if same:  # padding="same" takes stride 1 alone
            for w in windows:
                w[1] = 1
        bias_size = per_group * groups
        if ctx.invalid and ch.chance(0.5):
            broken = ch.choice(("channels", "groups", "kernel", "padding", "stride", "bias",
                                "same"))
            dim = ch.integer(0, rank - 1)
            if broken == "channels":
                c += 1
            elif broken == "groups":
                groups = c + 1
            elif broken == "kernel" and not transposed:
                windows[dim][0] = sizes[dim] + 3
            elif broken == "padding":
                windows[dim][2] = -1
            elif broken == "stride":
                windows[dim][1] = 0
            elif broken == "bias":
                bias_size += 1
            elif not transposed:
                same, windows[dim][1] = True, 2
        k, s, p, d, op = (tuple(w[i] for w in windows) for i in range(5))
        if transposed:
            weight_shape = (c, per_group) + k
        else:
            weight_shape = (per_group * groups, max(c // max(groups, 1), 1)) + k
        args: tuple[Any, ...] = (_operand_of_shape(t, ch, ctx, weight_shape),)
        kwargs: list[tuple[str, Any]] = []
        if ch.chance(0.5):
            bias = _operand_of_shape(t, ch, ctx, (bias_size,))
            if ch.chance(0.5):
                args += (bias,)
            else:
                kwargs.append(("bias", bias))
        if same:
            kwargs.append(("padding", "same"))
            if any(n != 1 for n in s):
                kwargs.append(("stride", _spelled(ch, s)))
        else:
            if any(n != 1 for n in s) or ch.chance(0.2):
                kwargs.append(("stride", _spelled(ch, s)))
            if any(p) or ch.chance(0.2):
                kwargs.append(("padding", "valid" if not any(p) and not transposed
                               and ch.chance(0.3) else _spelled(ch, p)))
        if any(n != 1 for n in d) or ch.chance(0.1):
            kwargs.append(("dilation", _spelled(ch, d)))
        if transposed and (any(op) or ch.chance(0.1)):
            kwargs.append(("output_padding", _spelled(ch, op)))
        if groups != 1 or ch.chance(0.1):
            kwargs.append(("groups", groups))
        return Op(key, args, tuple(kwargs), kind="function")
    return build


def _applies(rank: int) -> Applies:
    """An input of rank + 1 or rank + 2 dims whose dims but the batch one are non-empty."""
    def applies(t: Tensor) -> bool:
        shape = tuple(t.shape)
        return t.dtype.name in _DTYPES and (
            (len(shape) == rank + 1 and 0 not in shape)
            or (len(shape) == rank + 2 and 0 not in shape[1:]))
    return applies


CONVOLUTION: dict[str, Arguments] = {
    f"nn.functional.{name}": Arguments(_conv(f"nn.functional.{name}", rank), _applies(rank))
    for name, rank in (("conv1d", 1), ("conv2d", 2), ("conv_transpose1d", 1),
                       ("conv_transpose2d", 2), ("conv3d", 3), ("conv_transpose3d", 3))}
