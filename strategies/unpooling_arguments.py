"""Argument builders for torch.nn.functional's max_unpool1d, max_unpool2d, lp_pool1d and
lp_pool2d.

max_unpool: per spatial dim a kernel, now and then a stride and a padding that keep the
output positive, and an int64 indices literal of the input's shape whose every element lies
in the output plane (duplicates allowed: the later one wins), now and then an output_size
within a stride of the default (the spatial dims alone or all of them). lp_pool: a norm
(1, 2, 3, 1.5 or infinite), a kernel that fits the input, now and then a stride and
ceil_mode. Draws shrink to a kernel of 1, norm 1 and the defaults. With `ctx.invalid` a
builder may also draw an index past the plane, an output_size out of range, or a kernel past
the input.
"""

from __future__ import annotations

from math import prod
from typing import Any

from stridecheck.reference.tensor import Tensor

from .allocating import _literal
from .arguments import Applies, Arguments, Builder, Chooser, Context
from .program import Op

_FLOATS = frozenset({"float32", "float64", "float16", "bfloat16"})
# lp_pool's avg_pool takes int64 too (reference/pooling.py)
_LP = _FLOATS | {"int64"}
# the indices are written out in the program: keep them short
_MAX_INDICES = 64


def _spelled(ch: Chooser, values: tuple[int, ...]) -> Any:
    return values[0] if len(set(values)) == 1 and ch.chance(0.6) else values


def _indices(ch: Chooser, shape: tuple[int, ...], plane: int) -> Any:
    if not shape:
        return ch.integer(0, plane - 1)
    return tuple(_indices(ch, shape[1:], plane) for _ in range(shape[0]))


def _unpool(key: str, rank: int) -> Builder:
    """F.<key>(t, indices, kernel_size, stride=..., padding=..., output_size=...)."""
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        shape = tuple(t.shape)
        sizes = shape[-rank:] if len(shape) >= rank else (1,) * rank
        kernel = [ch.integer(1, 3) for _ in sizes]
        stride = [ch.integer(1, 3) if ch.chance(0.3) else k for k in kernel]
        padding = [ch.integer(0, k // 2) if ch.chance(0.3) else 0 for k in kernel]
        default = [(n - 1) * s + k - 2 * p for n, s, k, p in zip(sizes, stride, kernel, padding)]
        for d, n in enumerate(default):
            if n < 1:  # a padding that empties the output: drop it
                padding[d], default[d] = 0, default[d] + 2 * padding[d]
        out = list(default)
        explicit = ch.chance(0.3)
        if explicit:
            out = [n + ch.integer(-(s - 1), s - 1) if n > s - 1 else n
                   for n, s in zip(default, stride)]
            out = [max(n, 1) for n in out]
        plane = prod(out)
        indices = _indices(ch, shape, plane)
        if ctx.invalid and ch.chance(0.5):
            if ch.chance(0.5) and shape:
                indices = _indices(ch, shape, plane + 3)
                indices = _bump(indices, plane)
            else:
                explicit, out = True, [n + 2 * s for n, s in zip(default, stride)]
        args: tuple[Any, ...] = (_literal(indices, "int64", t), _spelled(ch, tuple(kernel)))
        kwargs: list[tuple[str, Any]] = []
        if stride != kernel or ch.chance(0.1):
            kwargs.append(("stride", _spelled(ch, tuple(stride))))
        if any(padding) or ch.chance(0.1):
            kwargs.append(("padding", _spelled(ch, tuple(padding))))
        if explicit:
            size: Any = tuple(out) if ch.chance(0.7) or len(shape) != rank + 2 else \
                shape[:2] + tuple(out)
            kwargs.append(("output_size", size))
        return Op(key, args, tuple(kwargs), kind="function")
    return build


def _bump(values: Any, plane: int) -> Any:
    """Put one index just past the plane (the first element's), so torch names that one."""
    if isinstance(values, tuple):
        return (_bump(values[0], plane),) + values[1:] if values else values
    return plane


def _unpools(rank: int) -> Applies:
    """rank + 1 or rank + 2 dims, none empty, of a dtype the kernel takes, few elements."""
    def applies(t: Tensor) -> bool:
        shape = tuple(t.shape)
        return (t.dtype.name in _FLOATS and len(shape) in (rank + 1, rank + 2)
                and 0 not in shape and prod(shape) <= _MAX_INDICES)
    return applies


def _lp_pool(key: str, rank: int) -> Builder:
    """F.<key>(t, norm_type, kernel_size, stride=..., ceil_mode=...)."""
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        shape = tuple(t.shape)
        sizes = shape[-rank:] if len(shape) >= rank else (1,) * rank
        norm: Any = ch.choice((1, 2, 3, 1.5, float("inf")))
        kernel = tuple(ch.integer(1, max(1, min(3, n))) for n in sizes)
        if ctx.invalid and ch.chance(0.5):
            kernel = tuple(n + 2 for n in sizes)
        stride = tuple(ch.integer(1, 3) for _ in sizes)
        args: tuple[Any, ...] = (norm, kernel[0] if rank == 1 else _spelled(ch, kernel))
        kwargs: list[tuple[str, Any]] = []
        if ch.chance(0.4):
            kwargs.append(("stride", stride[0] if rank == 1 else _spelled(ch, stride)))
        if ch.chance(0.3):
            kwargs.append(("ceil_mode", True))
        return Op(key, args, tuple(kwargs), kind="function")
    return build


def _lp_pools(rank: int) -> Applies:
    """rank + 1 or rank + 2 dims, the spatial and channel ones not empty, an avg_pool dtype."""
    def applies(t: Tensor) -> bool:
        shape = tuple(t.shape)
        return (t.dtype.name in _LP and len(shape) in (rank + 1, rank + 2)
                and 0 not in shape[-rank - 1:])
    return applies


_F = "nn.functional."
UNPOOLING: dict[str, Arguments] = {
    _F + "max_unpool1d": Arguments(_unpool(_F + "max_unpool1d", 1), _unpools(1)),
    _F + "max_unpool2d": Arguments(_unpool(_F + "max_unpool2d", 2), _unpools(2)),
    _F + "lp_pool1d": Arguments(_lp_pool(_F + "lp_pool1d", 1), _lp_pools(1)),
    _F + "lp_pool2d": Arguments(_lp_pool(_F + "lp_pool2d", 2), _lp_pools(2)),
}
