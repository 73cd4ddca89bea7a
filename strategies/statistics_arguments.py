"""Argument builders for var, std, var_mean, std_mean, logsumexp, nansum, nanmean, aminmax,
median, nanmedian and mode: dims in range (now and then out of range or repeated, when
drawing invalid calls), one int or a tuple, positional or as `dim=`; var's and std's
`unbiased` positional (std_mean's as a keyword, the one form torch._refs.std_mean takes) or
`correction=` of 0, 1, 2 or more than the slice holds; keepdim; nansum's and nanmean's
`dtype=`; a step binds one of a pair's results. Examples shrink toward no dims, no keepdim
and no optional arguments."""

from __future__ import annotations

from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.tensor import Tensor

from .arguments import Arguments, Builder, Chooser, Context, _dim
from .program import Op, Sym


def _kind(ch: Chooser) -> str:
    return "function" if ch.chance(0.3) else "method"


def _dims(t: Tensor, ch: Chooser, ctx: Context) -> tuple[int, ...]:
    """Distinct dims of t, some negative (a repeat now and then with ctx.invalid)."""
    rank = max(t.ndim, 1)
    drawn = [_dim(ch, t.ndim, ctx) for _ in range(ch.integer(1, min(rank, 3)))]
    if ctx.invalid and ch.chance(0.3):
        return tuple(drawn + drawn[:1])
    out: list[int] = []
    for d in drawn:
        if d % rank not in [e % rank for e in out]:
            out.append(d)
    return tuple(out)


def _dim_argument(t: Tensor, ch: Chooser, ctx: Context) -> Any:
    dims = _dims(t, ch, ctx)
    return dims[0] if len(dims) == 1 and ch.chance(0.5) else dims


def _std_var(name: str) -> Builder:
    method_ok = not name.endswith("_mean")

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        kind = _kind(ch) if method_ok else "function"
        pick = ch.choice((0, 1)) if not method_ok else None
        if ch.chance(0.2):  # over everything
            if ch.chance(0.5):
                return Op(name, (), kind=kind, pick=pick)
            return Op(name, (), (("correction", ch.choice((0, 1, 2, 7))),), kind=kind,
                      pick=pick)
        dim = _dim_argument(t, ch, ctx)
        kwargs: list[tuple[str, Any]] = []
        args: tuple[Any, ...] = (dim,)
        if ch.chance(0.5):
            kwargs.append(("correction", ch.choice((0, 1, 2, 7))))
        elif ch.chance(0.5):
            unbiased = ch.chance(0.5)
            if name == "std_mean":
                kwargs.append(("unbiased", unbiased))
            else:
                args += (unbiased,)
        if ch.chance(0.4):
            kwargs.append(("keepdim", True))
        return Op(name, args, tuple(kwargs), kind=kind, pick=pick)
    return build


def _logsumexp(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    kwargs = (("keepdim", True),) if ch.chance(0.4) else ()
    return Op("logsumexp", (_dim_argument(t, ch, ctx),), kwargs, kind=_kind(ch))


def _nan_reduction(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        args: tuple[Any, ...] = (_dim_argument(t, ch, ctx),) if ch.chance(0.7) else ()
        kwargs: list[tuple[str, Any]] = []
        if args and ch.chance(0.4):
            kwargs.append(("keepdim", True))
        if ch.chance(0.2):
            choices = ("float64", "float32") if name == "nanmean" else \
                ("float64", "int64", "float32")
            kwargs.append(("dtype", Sym(ch.choice(choices))))
        return Op(name, args, tuple(kwargs), kind=_kind(ch))
    return build


def _aminmax(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    kwargs: list[tuple[str, Any]] = []
    if ch.chance(0.7):
        kwargs.append(("dim", _dim(ch, t.ndim, ctx)))
    if ch.chance(0.4):
        kwargs.append(("keepdim", True))
    return Op("aminmax", (), tuple(kwargs), kind=_kind(ch), pick=ch.choice((0, 1)))


def _no_dim(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        return Op(name, (), kind=_kind(ch))
    return build


def _with_dim(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        dim = _dim(ch, t.ndim, ctx)
        by_name = ch.chance(0.3)
        args: tuple[Any, ...] = () if by_name else (dim,)
        kwargs: list[tuple[str, Any]] = [("dim", dim)] if by_name else []
        if ch.chance(0.4):
            kwargs.append(("keepdim", True))
        return Op(name, args, tuple(kwargs), kind=_kind(ch), pick=ch.choice((0, 1)))
    return build


def _floating(t: Tensor) -> bool:
    return t.dtype.is_floating_point or t.dtype.is_complex


def _real_floating(t: Tensor) -> bool:
    return t.dtype.is_floating_point


def _ordered(t: Tensor) -> bool:
    return not t.dtype.is_complex


def _median_applies(t: Tensor) -> bool:
    return not t.dtype.is_complex and t.dtype is not dtypes.bool_


# var and std take floating and complex inputs; nansum and nanmean refuse complex ones, and
# nanmean integers; median refuses bool and complex, aminmax and mode complex
STATISTICS: dict[str, Arguments] = {
    **{name: Arguments(_std_var(name), _floating)
       for name in ("var", "std", "var_mean", "std_mean")},
    "logsumexp": Arguments(_logsumexp),
    "nansum": Arguments(_nan_reduction("nansum"), _ordered),
    "nanmean": Arguments(_nan_reduction("nanmean"), _real_floating),
    "aminmax": Arguments(_aminmax, _ordered),
    "median": Arguments(_no_dim("median"), _median_applies),
    "nanmedian": Arguments(_no_dim("nanmedian"), _median_applies),
    "median.dim": Arguments(_with_dim("median"), _median_applies),
    "nanmedian.dim": Arguments(_with_dim("nanmedian"), _median_applies),
    "mode": Arguments(_with_dim("mode"), _ordered),
}
