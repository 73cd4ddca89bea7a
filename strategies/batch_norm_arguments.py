"""Argument builders for torch.nn.functional's batch_norm and group_norm on a batch (N, C, ...).

batch_norm gets running stats of the input's channel count made in the call (new tensors:
training updates them in place, where no later step reads them), of the input's dtype or,
for a half or bfloat16 input, now and then of float32 (the mixed dtypes CPU allows, every
parameter then float32); now and then a weight and a bias (live tensors or literals), the
training flag (with no running stats at all, now and then), a momentum and an eps, by
position or keyword. group_norm gets a number of groups dividing the channels and now and
then a weight, a bias and an eps. Draws shrink toward eval mode, one group and no optional
arguments. With `ctx.invalid` a builder may draw running stats or parameters of the wrong
length or dtype, a missing running stat, an eps of zero or below, or groups that do not
divide the channels; an input of fewer than 2 dims gets a negative eps, which
torch.nn.functional refuses before torch reads the channel count (torch reads it out of
bounds there: what it finds depends on the tensor's history).
"""

from __future__ import annotations

from math import prod
from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.tensor import Tensor

from .allocating import _literal, _operand_of_shape
from .arguments import Applies, Arguments, Chooser, Context
from .program import Op

_F = "nn.functional."
_REDUCED = (dtypes.float16, dtypes.bfloat16)


def _values(n: int, positive: bool) -> tuple[float, ...]:
    return tuple((0.5 + i % 3) if positive else (float(i % 3) - 1.0) for i in range(n))


def _one_value_per_channel(shape: tuple[int, ...]) -> bool:
    """torch.nn.functional._verify_batch_size's refusal."""
    return prod(shape[:1] + shape[2:]) == 1


def _parameter(t: Tensor, ch: Chooser, ctx: Context, c: int, mixed: bool) -> Any:
    """A weight or bias of c elements: t's dtype, or float32 beside float32 running stats."""
    if mixed:
        return _literal(_values(c, False), "float32", t)
    if ctx.invalid and ch.chance(0.2):
        return _literal(_values(c + 1, False), t.dtype.name, t)
    return _operand_of_shape(t, ch, ctx, (c,))


def _batch_norm(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    shape = tuple(t.shape)
    if len(shape) < 2:
        return Op(_F + "batch_norm", (_literal((0.0,), "float32", t), _literal(
            (1.0,), "float32", t)), (("eps", -1.0),), kind="function")
    c = shape[1]
    training = not _one_value_per_channel(shape) and ch.chance(0.5)
    if ctx.invalid and ch.chance(0.2):
        training = True
    mixed = t.dtype in _REDUCED and ch.chance(0.3)
    stat_dtype = "float32" if mixed else t.dtype.name
    lengths = [c, c]
    if ctx.invalid and ch.chance(0.3):
        lengths[ch.integer(0, 1)] = c + 1
    stats: list[Any] = [_literal(_values(lengths[0], False), stat_dtype, t),
                        _literal(_values(lengths[1], True), stat_dtype, t)]
    if training and ch.chance(0.2):
        stats = [None, None]
    if ctx.invalid and ch.chance(0.2):
        stats[ch.integer(0, 1)] = None
    kwargs: list[tuple[str, Any]] = []
    args: tuple[Any, ...] = tuple(stats)
    for name in ("weight", "bias"):
        # (an empty input is cloned times weight[0]: no channel, no element 0)
        if c > 0 and ch.chance(0.4):
            kwargs.append((name, _parameter(t, ch, ctx, c, mixed)))
    if training or ch.chance(0.1):
        kwargs.append(("training", training))
    if ch.chance(0.2):
        kwargs.append(("momentum", ch.choice((0.5, 0.0, 1.0))))
    if ctx.invalid and ch.chance(0.2):
        kwargs.append(("eps", ch.choice((0.0, -1e-3))))
    elif ch.chance(0.2):
        kwargs.append(("eps", ch.choice((0.1, 1e-3))))
    return Op(_F + "batch_norm", args, tuple(kwargs), kind="function")


def _group_norm(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    shape = tuple(t.shape)
    c = shape[1] if len(shape) > 1 else 1
    rest = prod(shape[2:])
    groups = [g for g in range(1, c + 1) if c % g == 0
              and (shape[0] if shape else 1) * c // g * rest != 1] or [1]
    num_groups = ch.choice(groups)
    if ctx.invalid and ch.chance(0.3):
        num_groups = ch.choice((c + 1, 0, -1))
    args: tuple[Any, ...] = (num_groups,)
    kwargs: list[tuple[str, Any]] = []
    mixed = t.dtype in _REDUCED and ch.chance(0.3)
    if c > 0 and ch.chance(0.4):
        weight = _parameter(t, ch, ctx, c, mixed)
        if ch.chance(0.5):
            args += (weight,)
        else:
            kwargs.append(("weight", weight))
    if c > 0 and ch.chance(0.4):
        kwargs.append(("bias", _parameter(t, ch, ctx, c, mixed)))
    if ch.chance(0.2):
        kwargs.append(("eps", ch.choice((0.1, 1e-3))))
    return Op(_F + "group_norm", args, tuple(kwargs), kind="function")


def _batched(t: Tensor) -> bool:
    """A floating input of 2 dims or more, with more than one value per channel."""
    return t.dtype.is_floating_point and t.ndim >= 2


_batch_norm_applies: Applies = _batched
_group_norm_applies: Applies = lambda t: _batched(t) and t.numel() != 1  # noqa: E731

BATCH_NORM: dict[str, Arguments] = {
    _F + "batch_norm": Arguments(_batch_norm, _batch_norm_applies),
    _F + "group_norm": Arguments(_group_norm, _group_norm_applies),
}
