"""Argument builders for the ops networks run beyond the activations: softmax, log_softmax
and softmin along a dim (a `dtype=` to cast to, now and then); layer_norm over the input's
trailing dims with weight and bias drawn from the live tensors or written as literals (of
float32 for a half or bfloat16 input, now and then: the mixed dtypes CPU allows); addmm with
its input broadcast to the product, and linear with a weight and an optional bias.
"""

from __future__ import annotations

from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.ops import BY_KEY, NORMALIZATION
from stridecheck.reference.tensor import Tensor

from .allocating import _literal, _operand_of_shape
from .arguments import (
    Applies,
    Arguments,
    Builder,
    Chooser,
    Context,
    _dim,
    _not_internally_overlapping,
)
from .batch_norm_arguments import BATCH_NORM
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


def _scalars(ch: Chooser) -> list[tuple[str, Any]]:
    """addmm's beta and alpha, now and then (beta 0 ignores the input's values)."""
    return [(k, ch.choice(values)) for k, values in (("beta", (1, 0, 0.5, 2)),
                                                     ("alpha", (1, 2, -1))) if ch.chance(0.3)]


def _addmm(key: str) -> Builder:
    """t.addmm(mat1, mat2), torch.addmm(t, mat1, mat2): t broadcasts to (m, n); addmm_ writes
    t, which is (m, n) itself."""
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        shape = tuple(t.shape)
        n = shape[-1] if shape else ch.choice((1, 2, 3))
        m = shape[-2] if len(shape) == 2 else ch.choice((1, 2, 3))
        if n == 1 and not key.endswith("_") and ch.chance(0.3):
            n = ch.choice((2, 3))  # a size-1 dim of t broadcasts
        k = ch.choice((2, 1, 3, 0))
        mat1 = _operand_of_shape(t, ch, ctx, (m, k))
        mat2 = _operand_of_shape(t, ch, ctx, (k, n))
        kind = "method" if key.endswith("_") or not ch.chance(0.3) else "function"
        return Op(key, (mat1, mat2), tuple(_scalars(ch)), kind=kind)
    return build


def _linear(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    """F.linear(t, weight, bias): weight (out, in) for t's last dim, bias (out,) or none."""
    k = t.shape[-1] if t.ndim else 1
    n = ch.choice((2, 1, 3))
    args: tuple[Any, ...] = (_operand_of_shape(t, ch, ctx, (n, k)),)
    kwargs: list[tuple[str, Any]] = []
    if ch.chance(0.6):
        bias = _operand_of_shape(t, ch, ctx, (n,))
        if ch.chance(0.5):
            args += (bias,)
        else:
            kwargs.append(("bias", bias))
    return Op("nn.functional.linear", args, tuple(kwargs), kind="function")


_floating: Applies = lambda t: t.dtype.is_floating_point  # noqa: E731
_multipliable: Applies = lambda t: t.dtype is not dtypes.bool_  # noqa: E731

NETWORK: dict[str, Arguments] = {
    **{key: Arguments(_layer_norm, lambda t: _floating(t) and t.ndim > 0)
       if key.endswith("layer_norm") else Arguments(_softmax(key), _floating)
       for key in NORMALIZATION},
    "addmm": Arguments(_addmm("addmm"), lambda t: _multipliable(t) and t.ndim <= 2),
    "addmm_": Arguments(_addmm("addmm_"), lambda t: _multipliable(t) and t.ndim == 2
                        and _not_internally_overlapping(t)),
    "nn.functional.linear": Arguments(_linear, lambda t: _multipliable(t) and t.ndim > 0),
    **BATCH_NORM,
}
