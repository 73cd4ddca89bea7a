"""Argument builders for torch.nn.functional's pooling: avg_pool2d (count_include_pad and
divisor_override now and then), max_pool2d and max_pool2d_with_indices (a dilation now and
then), and the 1-d forms, on inputs of the ranks and dtypes each takes.

Valid windows are drawn by construction from the input's spatial sizes: a dilation, then a
kernel whose dilated extent fits the input, a padding of at most half the kernel, a stride;
each given as one int or a tuple, positionally or by keyword. Draws shrink to a kernel of 1,
no padding and the defaults. With `ctx.invalid` a builder may also draw a padding past half
the kernel, a kernel larger than the padded input, a zero stride or a list of three ints.
"""

from __future__ import annotations

from typing import Any

from stridecheck.reference.tensor import Tensor

from .arguments import Applies, Arguments, Builder, Chooser, Context
from .program import Op

# the dtypes each CPU kernel takes (reference/pooling.py)
_AVG = frozenset({"float32", "float64", "float16", "bfloat16", "int64"})
_MAX = _AVG | {"int32", "int16", "int8", "uint8"}
_MAX1D = frozenset({"float32", "float64", "float16", "bfloat16"})


def _window(ch: Chooser, size: int, dilated: bool) -> tuple[int, int, int, int]:
    """Return (kernel, stride, padding, dilation) for one spatial dim of `size` elements."""
    d = ch.choice((1, 2)) if dilated and size > 2 else 1
    k = ch.integer(1, max(1, min(4, (size - 1) // d + 1)))
    p = ch.integer(0, k // 2) if ch.chance(0.4) else 0
    s = ch.choice((1, 2, 3)) if ch.chance(0.6) else k
    return k, s, p, d


def _spelled(ch: Chooser, values: tuple[int, ...]) -> Any:
    """One int where the values agree, now and then a tuple; a tuple where they differ."""
    if len(set(values)) == 1 and ch.chance(0.7):
        return values[0]
    return values


def _broken(ch: Chooser, sizes: tuple[int, ...], windows: list[list[int]]) -> None:
    """Break one dim's window in place: a padding past half the kernel, a kernel past the
    padded input, or a zero stride."""
    dim = ch.integer(0, len(windows) - 1)
    what = ch.choice(("padding", "kernel", "stride"))
    if what == "padding":
        windows[dim][2] = windows[dim][0] // 2 + 1
    elif what == "kernel":
        windows[dim][0] = sizes[dim] + 3
    else:
        windows[dim][1] = 0


def _pool(key: str, rank: int) -> Builder:
    """F.<key>(t, kernel_size, stride, padding, ...) over t's last `rank` dims."""
    name = key.rpartition(".")[2]
    is_max = name.startswith("max")

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        sizes = tuple(t.shape[t.ndim - rank:]) if t.ndim >= rank else (2,) * rank
        dilated = is_max and ch.chance(0.3)
        windows = [list(_window(ch, max(n, 1), dilated)) for n in sizes]
        bad_rank = False
        if ctx.invalid and ch.chance(0.4):
            if ch.chance(0.2):
                bad_rank = True
            else:
                _broken(ch, sizes, windows)
        k, s, p, d = (tuple(w[i] for w in windows) for i in range(4))
        kernel = (*k, 1) if bad_rank else _spelled(ch, k)
        given: list[tuple[str, Any]] = []
        if s != k or ch.chance(0.3):
            given.append(("stride", _spelled(ch, s)))
        if any(p) or ch.chance(0.2):
            given.append(("padding", _spelled(ch, p)))
        if is_max and (any(n != 1 for n in d) or ch.chance(0.1)):
            given.append(("dilation", _spelled(ch, d)))
        if ch.chance(0.3):
            given.append(("ceil_mode", True))
        if not is_max and ch.chance(0.3):
            given.append(("count_include_pad", False))
        if name == "avg_pool2d" and ch.chance(0.2):
            given.append(("divisor_override", ch.choice((1, 2, 3, -2))))
        order = ("stride", "padding", "dilation", "ceil_mode") if is_max else (
            "stride", "padding", "ceil_mode", "count_include_pad", "divisor_override")
        args: tuple[Any, ...] = (kernel,)
        kwargs: list[tuple[str, Any]] = []
        by_name = dict(given)
        positional = ch.chance(0.5)
        for arg in order:
            # positional while every earlier one is given, keywords from the first gap on
            if positional and arg in by_name:
                args += (by_name[arg],)
            else:
                positional = False
                if arg in by_name:
                    kwargs.append((arg, by_name[arg]))
        # max_pool2d_with_indices: the values or the indices, as max(dim) keeps one
        pick = ch.choice((0, 1)) if name.endswith("with_indices") else None
        return Op(key, args, tuple(kwargs), kind="function", pick=pick)
    return build


def _applies(rank: int, dtypes: frozenset[str]) -> Applies:
    """An input of rank + 1 or rank + 2 dims whose dims but the batch one are non-empty."""
    def applies(t: Tensor) -> bool:
        shape = tuple(t.shape)
        return t.dtype.name in dtypes and (
            (len(shape) == rank + 1 and 0 not in shape)
            or (len(shape) == rank + 2 and 0 not in shape[1:]))
    return applies


POOLING: dict[str, Arguments] = {
    "nn.functional.avg_pool2d": Arguments(_pool("nn.functional.avg_pool2d", 2),
                                          _applies(2, _AVG)),
    "nn.functional.max_pool2d": Arguments(_pool("nn.functional.max_pool2d", 2),
                                          _applies(2, _MAX)),
    "nn.functional.max_pool2d_with_indices": Arguments(
        _pool("nn.functional.max_pool2d_with_indices", 2), _applies(2, _MAX)),
    "nn.functional.avg_pool1d": Arguments(_pool("nn.functional.avg_pool1d", 1),
                                          _applies(1, _AVG)),
    "nn.functional.max_pool1d": Arguments(_pool("nn.functional.max_pool1d", 1),
                                          _applies(1, _MAX1D)),
}
