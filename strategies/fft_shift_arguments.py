"""Argument builders for torch.fft.fftshift and ifftshift: no dim (all of them), one dim, or
a tuple of distinct dims, positional or by keyword; with `ctx.invalid`, now and then a dim out
of range or an empty tuple (roll without shifts). Examples shrink to the call with no dim.
"""

from __future__ import annotations

from typing import Any

from stridecheck.reference.tensor import Tensor

from .arguments import Arguments, Builder, Chooser, Context, _dim
from .program import Op


def _shift(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        dim: Any = None
        if t.ndim and ch.chance(0.6):
            if ch.chance(0.5):
                dim = _dim(ch, t.ndim, ctx)
            else:
                k = ch.integer(1, t.ndim)
                dim = tuple(dict.fromkeys(ch.integer(-t.ndim, t.ndim - 1) for _ in range(k)))
        if ctx.invalid and ch.chance(0.2):
            dim = ch.choice(((), (t.ndim,)))
        if dim is None:
            return Op(f"fft.{name}", (), (), kind="function")
        if ch.chance(0.5):
            return Op(f"fft.{name}", (dim,), (), kind="function")
        return Op(f"fft.{name}", (), (("dim", dim),), kind="function")
    return build


def _has_dims(t: Tensor) -> bool:
    """A 0-d tensor has no dim to roll: every call of it is refused."""
    return t.ndim > 0


FFT_SHIFT: dict[str, Arguments] = {
    f"fft.{name}": Arguments(_shift(name), _has_dims) for name in ("fftshift", "ifftshift")}
