"""Argument builders for torch.nn.functional's normalize, cosine_similarity and
pairwise_distance, and torch.cdist.

normalize: a p (2, 1, inf, 3) and a dim of the input, now and then eps. cosine_similarity
and pairwise_distance: a second operand written out as a literal of the input's last dim
(broadcast against it), a dim (cosine) or p and keepdim (pairwise). cdist: a literal of rows
with the input's columns, a p, now and then a compute_mode (use_mm_for_euclid_dist takes the
matmul path, whose result is a view). With `ctx.invalid` a builder may also draw a dim out of
range, a negative p for cdist, a literal of other columns or an unknown compute_mode. Draws
shrink toward p = 2, dim 1 and the defaults.
"""

from __future__ import annotations

import math
from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.tensor import Tensor

from .arguments import Arguments, Chooser, Context, _dim
from .program import Literal, Op

F = "nn.functional."
_FLOATS = frozenset({"float32", "float64", "float16", "bfloat16"})


def _other(t: Tensor, n: int, rows: int | None = None, dtype: str = "float32") -> Literal:
    """A literal of n columns (and `rows` rows), on t's device."""
    row = tuple(float((3 * j) % 5 - 2) for j in range(n))
    values: tuple[Any, ...] = row if rows is None else tuple(
        tuple(float((3 * j + 2 * i) % 7 - 3) for j in range(n)) for i in range(rows))
    return Literal(values, dtype, "" if t.device.type == "cpu" else str(t.device))


def _last(t: Tensor) -> int:
    """t's last dim's size (1 for a 0-d tensor, which invalid mode may draw)."""
    return t.shape[-1] if t.ndim else 1


def _normalizes(t: Tensor) -> bool:
    return t.dtype.is_floating_point or t.dtype.is_complex


def _normalize(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    dim = _dim(ch, t.ndim, ctx)
    empty = t.ndim > 0 and -t.ndim <= dim < t.ndim and t.shape[dim] == 0
    p = 2.0 if empty else ch.choice((2.0, 1.0, math.inf, 3.0))
    kwargs: list[tuple[str, Any]] = []
    if p != 2.0 or ch.chance(0.2):
        kwargs.append(("p", p))
    kwargs.append(("dim", dim))
    if ch.chance(0.2):
        kwargs.append(("eps", ch.choice((1e-12, 0.5))))
    return Op(F + "normalize", (), tuple(kwargs), kind="function")


def _pairs(t: Tensor) -> bool:
    """A last dim to broadcast a literal against; real values (a complex common dtype is
    refused by cosine_similarity)."""
    return t.ndim >= 1 and not t.dtype.is_complex and t.dtype is not dtypes.complex32


def _cosine(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    other = _other(t, _last(t), dtype=ch.choice(("float32", "float64")))
    dim = _dim(ch, t.ndim, ctx)
    kwargs: tuple[tuple[str, Any], ...] = ()
    if ch.chance(0.2):
        kwargs = (("eps", 0.5),)
    return Op(F + "cosine_similarity", (other, dim), kwargs, kind="function")


def _pairwise(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    other = _other(t, _last(t), dtype=ch.choice(("float32", "float64")))
    kwargs: list[tuple[str, Any]] = []
    if ch.chance(0.5):
        kwargs.append(("p", ch.choice((1.0, 3.0, math.inf, 0.0))))
    if ch.chance(0.3):
        kwargs.append(("keepdim", True))
    return Op(F + "pairwise_distance", (other,), tuple(kwargs), kind="function")


def _cdists(t: Tensor) -> bool:
    return t.ndim >= 2 and t.dtype.name in ("float32", "float64")


def _cdist(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    c = _last(t)
    if ctx.invalid and ch.chance(0.3):
        c += 1
    dtype = t.dtype.name if t.dtype.name in _FLOATS else "float32"
    other = _other(t, c, rows=ch.choice((2, 1, 3)), dtype=dtype)
    kwargs: list[tuple[str, Any]] = []
    p = ch.choice((2.0, 1.0, 0.0, math.inf, 3.0))
    if ctx.invalid and ch.chance(0.3):
        p = -1.0
    if p != 2.0 or ch.chance(0.2):
        kwargs.append(("p", p))
    if ch.chance(0.4):
        modes = ["use_mm_for_euclid_dist", "donot_use_mm_for_euclid_dist",
                 "use_mm_for_euclid_dist_if_necessary"]
        if ctx.invalid:
            modes.append("never")
        kwargs.append(("compute_mode", ch.choice(modes)))
    return Op("cdist", (other,), tuple(kwargs), kind="function")


def _instance_norms(t: Tensor) -> bool:
    """Three dims or more, channels and spatial elements (more than one), a float dtype."""
    shape = tuple(t.shape)
    spatial = math.prod(shape[2:])
    return (len(shape) >= 3 and 0 not in shape[1:2] and spatial > 1 and shape[0] > 0
            and t.dtype.name in _FLOATS)


def _instance_norm(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    c = t.shape[1] if t.ndim > 1 else 1
    if ctx.invalid and ch.chance(0.3):
        c += 1
    kwargs: list[tuple[str, Any]] = []
    stats = ch.chance(0.4)
    if stats:
        kwargs += [("running_mean", _other(t, c)), ("running_var", Literal(
            tuple(float(1 + j % 3) for j in range(c)), "float32",
            "" if t.device.type == "cpu" else str(t.device)))]
    if ch.chance(0.4):
        kwargs += [("weight", _other(t, c)), ("bias", _other(t, c))]
    if stats and ch.chance(0.4):
        kwargs.append(("use_input_stats", False))
    if ch.chance(0.2):
        kwargs.append(("eps", 0.5))
    return Op(F + "instance_norm", (), tuple(kwargs), kind="function")


def _lrn(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    size = ch.choice((2, 1, 3))
    kwargs: tuple[tuple[str, Any], ...] = ()
    if ch.chance(0.3):
        kwargs = (("alpha", 0.5), ("beta", 0.5), ("k", 2.0))
    return Op(F + "local_response_norm", (size,), kwargs, kind="function")


def _lrns(t: Tensor) -> bool:
    """Three dims or more, of a float dtype; 4 and more view a contiguous product back."""
    if t.ndim < 3 or t.dtype.name not in _FLOATS:
        return False
    return t.ndim == 3 or t.numel() == 0 or t.is_contiguous()


DISTANCE: dict[str, Arguments] = {
    F + "instance_norm": Arguments(_instance_norm, _instance_norms),
    F + "local_response_norm": Arguments(_lrn, _lrns),
    F + "normalize": Arguments(_normalize, _normalizes),
    F + "cosine_similarity": Arguments(_cosine, _pairs),
    F + "pairwise_distance": Arguments(_pairwise, _pairs),
    "cdist": Arguments(_cdist, _cdists),
}
