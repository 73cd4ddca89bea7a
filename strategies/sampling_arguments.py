"""Argument builders for torch.nn.functional's interpolate, unfold and fold.

interpolate: a mode the input's rank takes (nearest, nearest-exact and, but for uint8, area
always; linear on 3 dims, bilinear and bicubic on 4, trilinear on 5), then a size or a scale
factor (one number or one per spatial dim) whose outputs stay positive, now and then
align_corners for the interpolating modes, recompute_scale_factor with a scale and
antialias=True for bilinear and bicubic of float, double or uint8. unfold: per spatial dim a
dilation, a padding and a kernel whose dilated extent fits the padded input, a stride.
fold: a kernel whose area divides the input's planes and a factorisation of its length into
blocks, from which the output size follows. With `ctx.invalid` a builder may also draw
align_corners with a nearest mode, both size and scale, a size of 0, a list of the wrong
length, a kernel past the input, or an output size that mismatches the blocks. Draws shrink
toward nearest with scale 2, kernel 1 and the defaults.
"""

from __future__ import annotations

from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.tensor import Tensor

from .arguments import Arguments, Chooser, Context
from .program import Op

F = "nn.functional."
_FLOATS = frozenset({"float32", "float64", "float16", "bfloat16"})
_MODES = {3: ("nearest", "nearest-exact", "linear"),
          4: ("nearest", "nearest-exact", "bilinear", "bicubic"),
          5: ("nearest", "nearest-exact", "trilinear")}
_IM2COL = _FLOATS | {"complex64", "complex128", "bool"}
# the antialiasing kernels' dtypes (reference/sampling_antialias.py)
_ANTIALIAS = frozenset({"float32", "float64", "uint8"})


def _upsamples(t: Tensor) -> bool:
    """Three to five dims, channels and spatial sizes not empty, a dtype a kernel takes."""
    shape = tuple(t.shape)
    return (len(shape) in _MODES and 0 not in shape[1:]
            and (t.dtype.name in _FLOATS or t.dtype is dtypes.uint8))


def _interpolate(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    spatial = tuple(t.shape)[2:]
    modes = [m for m in _MODES.get(t.ndim, ("nearest", "bilinear"))
             if t.dtype is not dtypes.uint8 or m not in ("linear", "trilinear")]
    if t.dtype is not dtypes.uint8:  # adaptive_avg_pool takes floating types alone
        modes.append("area")
    mode = ch.choice(modes)
    kwargs: list[tuple[str, Any]] = []
    args: tuple[Any, ...] = ()
    if ch.chance(0.5):
        scales = [ch.choice((2, 1.5, 0.5, 3, 0.75, 2.0)) for _ in spatial]
        scales = [s if int(n * s) >= 1 else 2 for n, s in zip(spatial, scales)]
        scale: Any = scales[0] if len(set(scales)) == 1 and ch.chance(0.6) else tuple(scales)
        kwargs.append(("scale_factor", scale))
        if ch.chance(0.3):
            kwargs.append(("recompute_scale_factor", ch.choice((True, False))))
    else:
        sizes = [ch.choice((2, 1, 3, 5, n, 2 * n)) for n in spatial]
        size: Any = sizes[0] if len(set(sizes)) == 1 and ch.chance(0.5) else tuple(sizes)
        args = (size,)
    if mode not in ("nearest", "nearest-exact", "area") and ch.chance(0.4):
        kwargs.append(("align_corners", ch.choice((True, False))))
    if mode in ("bilinear", "bicubic") and t.ndim == 4 and t.dtype.name in _ANTIALIAS \
            and ch.chance(0.3):
        kwargs.append(("antialias", True))
    if ctx.invalid and ch.chance(0.5):
        broken = ch.choice(("align", "both", "zero", "length"))
        if broken == "align":
            mode = ch.choice(("nearest", "nearest-exact"))
            kwargs = [kw for kw in kwargs if kw[0] != "align_corners"]
            kwargs.append(("align_corners", True))
        elif broken == "both":
            args = (2,)
            kwargs = [("scale_factor", 2.0)]
        elif broken == "zero":
            args, kwargs = (0,), []
        else:
            args, kwargs = ((2,) * (len(spatial) + 1),), []
    if mode != "nearest" or ch.chance(0.3):
        kwargs.append(("mode", mode))
    return Op(F + "interpolate", args, tuple(kwargs), kind="function")


def _spell(ch: Chooser, pair: tuple[int, int]) -> Any:
    return pair[0] if pair[0] == pair[1] and ch.chance(0.6) else pair


def _unfolds(t: Tensor) -> bool:
    shape = tuple(t.shape)
    return t.dtype.name in _IM2COL and (
        (len(shape) == 3 and 0 not in shape) or (len(shape) == 4 and 0 not in shape[1:]))


def _unfold(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    windows = []
    for n in (1, 1, *tuple(t.shape))[-2:]:  # (a rank below 3 is refused: invalid mode)
        dil = ch.choice((1, 2)) if n > 2 else 1
        pad = ch.choice((0, 1)) if ch.chance(0.3) else 0
        kernel = ch.integer(1, max(1, min(3, (n + 2 * pad - 1) // dil + 1)))
        windows.append([kernel, dil, pad, ch.choice((1, 2))])
    if ctx.invalid and ch.chance(0.5):
        windows[ch.integer(0, 1)][ch.choice((0, 3))] = ch.choice((0, 9))
    k, d, p, s = ((windows[0][i], windows[1][i]) for i in range(4))
    kwargs: list[tuple[str, Any]] = []
    for name, pair, default in (("dilation", d, 1), ("padding", p, 0), ("stride", s, 1)):
        if pair != (default, default) or ch.chance(0.2):
            kwargs.append((name, _spell(ch, pair)))
    return Op(F + "unfold", (_spell(ch, k),), tuple(kwargs), kind="function")


def _folds(t: Tensor) -> bool:
    shape = tuple(t.shape)
    return t.dtype.name in _IM2COL and (
        (len(shape) == 2 and 0 not in shape) or (len(shape) == 3 and 0 not in shape[1:]))


def _divisors(n: int) -> list[int]:
    return [d for d in range(1, min(n, 6) + 1) if n % d == 0]


def _fold(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    planes, length = (1, 1, *tuple(t.shape))[-2:]  # (invalid mode: any rank)
    planes, length = max(planes, 1), max(length, 1)
    kh = ch.choice(_divisors(planes))
    kw = ch.choice(_divisors(planes // kh))
    bh = ch.choice(_divisors(length))
    bw = length // bh
    s = (ch.choice((1, 2)), ch.choice((1, 2)))
    out = ((bh - 1) * s[0] + kh, (bw - 1) * s[1] + kw)
    if ctx.invalid and ch.chance(0.5):
        out = (out[0] + ch.choice((1, -out[0])), out[1])
    kwargs: tuple[tuple[str, Any], ...] = ()
    if s != (1, 1) or ch.chance(0.2):
        kwargs = (("stride", _spell(ch, s)),)
    return Op(F + "fold", (_spell(ch, out), _spell(ch, (kh, kw))), kwargs, kind="function")


SAMPLING: dict[str, Arguments] = {
    F + "interpolate": Arguments(_interpolate, _upsamples),
    F + "unfold": Arguments(_unfold, _unfolds),
    F + "fold": Arguments(_fold, _folds),
}
