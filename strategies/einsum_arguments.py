"""Argument builders for torch.einsum, torch.nn.functional.bilinear and
torch.nn.functional.scaled_dot_product_attention.

A chain gives one tensor, the subject, which comes first in every call. einsum is called in
the sublist format (`torch.einsum(x, [0, 1], [1, 0])`, the subject's subscripts first), its
labels drawn for the subject's shape by construction: a permutation of fresh labels, now and
then a repeated label on two dims of one size (a diagonal), an ellipsis over leading dims,
an output that keeps, drops or reorders labels; sometimes a second operand, the same tensor
again (`x, [0, 1], x, [1, 2]` over a square's dims) or a literal of the sizes of the labels it
shares. bilinear: a literal input2 of the subject's batch dims and a literal weight (and
bias). attention: the subject as query, key and value (2 dims or more, floating), now and
then is_causal, a scale, a bool or float mask literal of (L, S), or enable_gqa. With
`ctx.invalid` a builder may also draw a subscript list of the wrong length, an output label
no operand has, or a weight of the wrong size. Draws shrink toward the identity equation,
the defaults and no second operand.
"""

from __future__ import annotations

from typing import Any

from stridecheck.reference.tensor import Tensor

from .arguments import Arguments, Chooser, Context, literal_device
from .program import Literal, Op, Ref

F = "nn.functional."
_FLOATS = frozenset({"float32", "float64", "float16", "bfloat16"})
_PRODUCTS = frozenset({"float32", "float64", "float16", "bfloat16", "int32", "int64",
                       "int16", "int8", "uint8", "complex64", "complex128"})


def _values(shape: tuple[int, ...], seed: int = 0) -> Any:
    """Nested tuples of small integer-valued floats of this shape."""
    if not shape:
        return float((seed * 3) % 5 - 2)
    return tuple(_values(shape[1:], seed * 7 + i + 1) for i in range(shape[0]))


def _expressible(shape: tuple[int, ...]) -> bool:
    return all(shape[:-1])


def _einsums(t: Tensor) -> bool:
    return t.ndim <= 6 and t.dtype.name in _PRODUCTS | {"bool"}


def _einsum(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    shape = tuple(t.shape)
    n = len(shape)
    labels = list(range(n))
    # a repeated label on two dims of one size takes their diagonal
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n) if shape[i] == shape[j]]
    if pairs and ch.chance(0.3):
        i, j = ch.choice(pairs)
        labels[j] = labels[i]
    subs: list[Any] = list(labels)
    lead = 0
    if n and ch.chance(0.2):
        lead = ch.integer(1, n)
        subs = [Ellipsis] + labels[lead:]
    distinct = list(dict.fromkeys(labels[lead:]))
    args: list[Any] = [subs]
    second: list[Any] = []
    name = _name(t, ctx)
    if ch.chance(0.4):
        if name is not None and ch.chance(0.4):
            # the subject again: the same subscripts, or reversed ones over a symmetric shape
            second = list(subs)
            if not lead and shape == shape[::-1] and len(set(labels)) == n and ch.chance(0.5):
                second = second[::-1]
            args += [Ref(name), second]
        elif distinct:
            second = [s for s in distinct if ch.chance(0.6)] + (
                [20] if ch.chance(0.5) else [])
            sizes = {labels[d]: shape[d] for d in range(lead, n)}
            sizes[20] = 2
            other_shape = tuple(sizes[s] for s in second)
            if _expressible(other_shape):
                dt = t.dtype.name if t.dtype.name in _PRODUCTS else "float32"
                args += [Literal(_values(other_shape), dt, literal_device(t)), second]
            else:
                second = []
    present = list(dict.fromkeys(distinct + [s for s in second if s is not Ellipsis]))
    if ch.chance(0.6):
        kept = [s for s in present if ch.chance(0.7)]
        if ch.chance(0.5):
            kept = kept[::-1]
        out: list[Any] = ([Ellipsis] if lead else []) + kept
        if ctx.invalid and ch.chance(0.3):
            out.append(40)
        args.append(out)
    if ctx.invalid and ch.chance(0.2):
        args[0] = list(args[0]) + [30]
    return Op("einsum", tuple(args), kind="function")


def _bilinears(t: Tensor) -> bool:
    shape = tuple(t.shape)
    return t.ndim >= 1 and t.dtype.name in _FLOATS and _expressible(shape[:-1] + (2,))


def _bilinear(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    # (invalid mode draws it for a 0-d tensor too: its operands then have a feature dim of 1)
    shape = tuple(t.shape) or (1,)
    j, o = ch.choice((2, 1, 3)), ch.choice((2, 1, 3))
    i = shape[-1]
    if ctx.invalid and ch.chance(0.3):
        i += 1
    dt = t.dtype.name
    device = literal_device(t)
    x2 = Literal(_values(shape[:-1] + (j,)), dt, device)
    weight = Literal(_values((o, i, j), 1), dt, device)
    kwargs: tuple[tuple[str, Any], ...] = ()
    if ch.chance(0.4):
        kwargs = (("bias", Literal(_values((o,), 2), dt, device)),)
    return Op(F + "bilinear", (x2, weight), kwargs, kind="function")


def _name(t: Tensor, ctx: Context) -> str | None:
    """The live name t goes by."""
    return next((k for k, u in ctx.live.items() if u is t), None)


def _attentions(t: Tensor) -> bool:
    return t.ndim >= 2 and t.dtype.name in _FLOATS and _expressible(tuple(t.shape))


def _attention(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    shape = tuple(t.shape)
    name = _name(t, ctx)
    same: Any = Ref(name) if name is not None else Literal(_values(shape), t.dtype.name,
                                                           literal_device(t))
    length = shape[-2] if len(shape) >= 2 else 1  # (invalid mode: a tensor of under 2 dims)
    kwargs: list[tuple[str, Any]] = []
    if length and ch.chance(0.3):
        if ch.chance(0.5):
            mask = tuple(tuple(j <= i for j in range(length)) for i in range(length))
            kwargs.append(("attn_mask", Literal(mask, "bool", literal_device(t))))
        else:
            kwargs.append(("attn_mask", Literal(_values((length, length)), t.dtype.name,
                                                literal_device(t))))
    elif ch.chance(0.3):
        kwargs.append(("is_causal", True))
    if ch.chance(0.3):
        kwargs.append(("scale", ch.choice((0.5, 1.0, -0.25))))
    if ch.chance(0.2):
        kwargs.append(("enable_gqa", True))
    return Op(F + "scaled_dot_product_attention", (same, same), tuple(kwargs),
              kind="function")


EINSUM: dict[str, Arguments] = {
    "einsum": Arguments(_einsum, _einsums),
    F + "bilinear": Arguments(_bilinear, _bilinears),
    F + "scaled_dot_product_attention": Arguments(_attention, _attentions),
}
