"""Argument builders for cumsum, cumprod, cummax, cummin, logcumsumexp and the in-place cumsum_
and cumprod_: a dim in range (now and then out of it, when drawing invalid calls), positional
or as `dim=`; for cumsum and cumprod now and then `dtype=`, a keyword only as torch's binding
takes it (in place the tensor's own dtype, or another one when drawing invalid calls); a step
binds the values or the indices of cummax and cummin. Examples shrink toward dim 0, a
positional dim and no dtype."""

from __future__ import annotations

from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.tensor import Tensor

from .arguments import Arguments, Builder, Chooser, Context, _dim
from .program import Op, Sym

# the dtypes a cumsum or cumprod is drawn to give: wider, narrower and of another kind
_DTYPES = ("float64", "int64", "float32", "int32", "complex64")


def _kind(ch: Chooser) -> str:
    return "function" if ch.chance(0.3) else "method"


def _scan(name: str) -> Builder:
    in_place = name.endswith("_")
    has_dtype = name.rstrip("_") in ("cumsum", "cumprod")

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        dim = _dim(ch, t.ndim, ctx)
        by_name = ch.chance(0.3)
        args: tuple[Any, ...] = () if by_name else (dim,)
        kwargs: list[tuple[str, Any]] = [("dim", dim)] if by_name else []
        if has_dtype and ch.chance(0.2):
            mine = in_place and not (ctx.invalid and ch.chance(0.5))
            kwargs.append(("dtype", Sym(t.dtype.name if mine else ch.choice(_DTYPES))))
        pick = ch.choice((0, 1)) if name in ("cummax", "cummin") else None
        return Op(name, args, tuple(kwargs), kind="method" if in_place else _kind(ch),
                  pick=pick)
    return build


def _floating(t: Tensor) -> bool:
    return t.dtype.is_floating_point or t.dtype.is_complex


# the CPU kernels take every dtype but bool results (cumsum, cumprod; bool inputs give int64),
# complex inputs (cummax, cummin) and integer ones (logcumsumexp)
CUMULATIVE: dict[str, Arguments] = {
    "cumsum": Arguments(_scan("cumsum")),
    "cumprod": Arguments(_scan("cumprod")),
    "cummax": Arguments(_scan("cummax"), lambda t: not t.dtype.is_complex),
    "cummin": Arguments(_scan("cummin"), lambda t: not t.dtype.is_complex),
    "logcumsumexp": Arguments(_scan("logcumsumexp"), _floating),
    "cumsum_": Arguments(_scan("cumsum_"), lambda t: t.dtype is not dtypes.bool_),
    "cumprod_": Arguments(_scan("cumprod_"), lambda t: t.dtype is not dtypes.bool_),
}
