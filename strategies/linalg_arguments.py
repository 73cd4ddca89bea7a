"""Argument builders for torch.linalg: qr of a batch of matrices, with its mode now and then
(a mode torch does not know, when drawing invalid calls), binding R or Q. Examples shrink toward
the default mode and R."""

from __future__ import annotations

from stridecheck.reference.tensor import Tensor

from .arguments import Arguments, Chooser, Context
from .program import Op

# the dtypes LAPACK's CPU kernels take
_LAPACK = frozenset({"float32", "float64", "complex64", "complex128"})


def _qr(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    """torch.linalg.qr(t, mode), binding Q or R."""
    pick = ch.choice((1, 0))
    if ctx.invalid and ch.chance(0.3):
        return Op("linalg.qr", ("full",), kind="function", pick=pick)
    if ch.chance(0.5):
        return Op("linalg.qr", (), kind="function", pick=pick)
    mode = ch.choice(("reduced", "complete", "r"))
    if ch.chance(0.5):
        return Op("linalg.qr", (mode,), kind="function", pick=pick)
    return Op("linalg.qr", (), (("mode", mode),), kind="function", pick=pick)


LINALG: dict[str, Arguments] = {
    "linalg.qr": Arguments(_qr, lambda t: t.ndim >= 2 and t.dtype.name in _LAPACK),
}
