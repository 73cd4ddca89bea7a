"""Argument builders for torch.fft's transforms: a dim (or dims) of the input, now and then a
signal size that pads or trims it (`n`, `s`, with -1 for "as it is") and a `norm`; with
`ctx.invalid`, now and then a size below 1, a dim out of range, a repeated dim or an unknown
norm. Examples shrink to the call with no optional arguments, on dim 0.
"""

from __future__ import annotations

from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.ops import OPS
from stridecheck.reference.tensor import Tensor

from .arguments import Applies, Arguments, Builder, Chooser, Context, _dim
from .program import Op

_NORMS = ("backward", "forward", "ortho")
# what the CPU kernels (MKL) take once promoted: no half, bfloat16 or complex32 there
_REDUCED = frozenset({dtypes.float16, dtypes.bfloat16, dtypes.complex32})


def _size(ch: Chooser, ctx: Context, size: int) -> int:
    """A signal size: the input's, one that trims it, or one that pads it."""
    if ctx.invalid and ch.chance(0.2):
        return ch.choice((0, -2))
    return ch.choice((max(size, 1), 1, size + 2, max(size - 1, 1), 5))


def _norm(ch: Chooser, ctx: Context) -> list[tuple[str, Any]]:
    if ctx.invalid and ch.chance(0.1):
        return [("norm", "sideways")]
    return [("norm", ch.choice(_NORMS))] if ch.chance(0.3) else []


def _one_dim(name: str) -> Builder:
    """torch.fft.<name>(t, n, dim, norm): each optional, positional or by keyword."""
    c2r = name in ("irfft", "hfft")

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        dim = _dim(ch, t.ndim, ctx)
        kwargs: list[tuple[str, Any]] = []
        size = t.shape[dim] if -t.ndim <= dim < t.ndim else 1
        n = None
        # irfft of one bin transforms 2 * (1 - 1) points: it needs an n
        if ch.chance(0.3) or (c2r and size < 2 and not ctx.invalid):
            n = _size(ch, ctx, size if not c2r else 2 * max(size - 1, 1))
        if ch.chance(0.5):
            args: tuple[Any, ...] = (n, dim) if n is not None or ch.chance(0.5) else ()
            if not args:
                kwargs.append(("dim", dim))
        else:
            args = ()
            if n is not None:
                kwargs.append(("n", n))
            if dim != -1 or ch.chance(0.5):
                kwargs.append(("dim", dim))
        kwargs += _norm(ch, ctx)
        return Op(f"fft.{name}", args, tuple(kwargs), kind="function")
    return build


def _several_dims(name: str) -> Builder:
    """torch.fft.<name>(t, s, dim, norm): a few distinct dims (all by default for the n-d
    ones, the last two for the 2-d ones), sizes for them now and then."""
    two = name.endswith("2")
    c2r = name.startswith(("irfft", "hfft"))

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        ndim = t.ndim
        dims: tuple[int, ...] | None
        if two:
            dims = (-2, -1) if ch.chance(0.5) else tuple(
                ch.choice(((0, 1), (1, 0), (-1, 0))) if ndim >= 2 else (0, -1))
        elif ch.chance(0.5) or ndim == 0:
            dims = None
        else:
            k = ch.integer(1, max(1, min(ndim, 3)))
            dims = tuple(dict.fromkeys(ch.integer(0, ndim - 1) for _ in range(k)))
        if ctx.invalid and ch.chance(0.2):
            dims = (_dim(ch, ndim, ctx),) * 2
        chosen = dims if dims is not None else tuple(range(ndim))
        kwargs: list[tuple[str, Any]] = []
        valid = all(-ndim <= d < ndim for d in chosen)
        last_short = bool(chosen) and valid and t.shape[chosen[-1]] < 2
        if valid and (ch.chance(0.3) or (c2r and last_short)):
            sizes = [_size(ch, ctx, t.shape[d]) if ch.chance(0.8) else -1 for d in chosen]
            if c2r and last_short and sizes and sizes[-1] == -1:
                sizes[-1] = 2
            kwargs.append(("s", tuple(sizes)))
        if dims is not None and (not two or dims != (-2, -1)):
            kwargs.append(("dim", dims))
        kwargs += _norm(ch, ctx)
        return Op(f"fft.{name}", (), tuple(kwargs), kind="function")
    return build


def _applies(name: str) -> Applies:
    """Valid calls exist for an input of a dtype the CPU kernels take, with elements (MKL
    refuses a batch of no transforms), of enough dims (one for the n-d ones of a real
    result or input); real input for rfft and ihfft and their 2-d and n-d forms."""
    real_only = name.startswith(("rfft", "ihfft"))
    rank = 2 if name.endswith("2") else 0 if name.endswith("n") else 1

    def applies(t: Tensor) -> bool:
        return (t.dtype not in _REDUCED and t.numel() > 0 and t.ndim >= rank
                and not (real_only and t.dtype.is_complex)
                and not (name in ("rfftn", "irfftn", "hfftn", "ihfftn") and t.ndim == 0))
    return applies


SPECTRAL: dict[str, Arguments] = {
    op.key: Arguments(_one_dim(op.name[4:]) if op.name[-1] == "t" else _several_dims(
        op.name[4:]), _applies(op.name[4:])) for op in OPS if op.family == "fft"}
