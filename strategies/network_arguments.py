"""Argument builders for the ops networks run beyond the activations: softmax, log_softmax
and softmin along a dim (a `dtype=` to cast to, now and then), and layer_norm over the input's
trailing dims with weight and bias drawn from the live tensors or written as literals (of
float32 for a half or bfloat16 input, now and then: the mixed dtypes CPU allows).
"""

from __future__ import annotations

from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.ops import BY_KEY, NORMALIZATION
from stridecheck.reference.tensor import Tensor

from .allocating import _literal, _operand_of_shape
from .arguments import Applies, Arguments, Builder, Chooser, Context, _dim
from .program import Op, Sym


def _softmax(key: str) -> Builder:
    spec = BY_KEY[key]

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        dim = _dim(ch, t.ndim, ctx)
        kwargs: list[tuple[str, Any]] = []
        if "dtype" in spec.keywords and ch.chance(0.2):
            choices = ("float64", "float32", "int64") if ctx.invalid else ("float64", "float32")
            kwargs.append(("dtype", Sym(ch.choice(choices))))
        if spec.method:
            return Op(spec.name, (dim,), tuple(kwargs),
                      kind="function" if ch.chance(0.3) else "method")
        if ch.chance(0.3):  # torch.nn.functional's dim is a keyword too
            return Op(spec.name, (), (("dim", dim), *kwargs), kind="function")
        return Op(spec.name, (dim,), tuple(kwargs), kind="function")
    return build


def _parameter(t: Tensor, ch: Chooser, ctx: Context, shape: tuple[int, ...]) -> Any:
    """A weight or bias of `shape`: t's dtype, or float32 for a reduced float t (mixed)."""
    if t.dtype in (dtypes.float16, dtypes.bfloat16) and ch.chance(0.3):
        return _literal(_ones(shape), "float32", t)
    return _operand_of_shape(t, ch, ctx, shape)


def _ones(shape: tuple[int, ...]) -> Any:
    if len(shape) == 1:
        return tuple(float(i % 3) - 0.5 for i in range(shape[0]))
    return tuple(_ones(shape[1:]) for _ in range(shape[0]))


def _layer_norm(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    k = ch.integer(1, max(1, min(t.ndim, 3)))
    normalized = tuple(t.shape[t.ndim - k:]) if t.ndim else ()
    if ctx.invalid and ch.chance(0.3):
        normalized = (ch.choice((1, 2, 3)),) + normalized[1:]
    kwargs: list[tuple[str, Any]] = []
    args: tuple[Any, ...] = (normalized,)
    if normalized and ch.chance(0.5):
        weight = _parameter(t, ch, ctx, normalized)
        if ch.chance(0.5):
            args += (weight,)
        else:
            kwargs.append(("weight", weight))
    if normalized and ch.chance(0.4):
        kwargs.append(("bias", _parameter(t, ch, ctx, normalized)))
    if ch.chance(0.2):
        kwargs.append(("eps", ch.choice((0.1, 1e-3))))
    return Op("nn.functional.layer_norm", args, tuple(kwargs), kind="function")


_floating: Applies = lambda t: t.dtype.is_floating_point  # noqa: E731

NETWORK: dict[str, Arguments] = {
    key: Arguments(_layer_norm, lambda t: _floating(t) and t.ndim > 0)
    if key.endswith("layer_norm") else Arguments(_softmax(key), _floating)
    for key in NORMALIZATION}
