"""Argument builders for pointwise ops: unary, binary, logic, operators, clamp, where, masks.

A second operand is a live tensor that broadcasts to the subject (of its dtype first) or a
Python scalar, whichever the op takes (`OpSpec.tensors_only`); keywords are drawn from those
the op table gives the op (`OpSpec.keywords`). An op is drawn only for dtypes the model runs
it on, so most calls test layouts and values rather than the same refusal.
"""

from __future__ import annotations

import functools
from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.ops import ACTIVATIONS, BY_KEY, OPS, POINTWISE_FAMILIES, UNARY
from stridecheck.reference.tensor import Tensor

from .arguments import (
    Applies,
    Arguments,
    Builder,
    Chooser,
    Context,
    _fully_defined,
    _not_internally_overlapping,
    _pointwise_refs,
    _scalar_for,
)
from .program import Op, Ref


@functools.cache
def _accepts(name: str, dtype_name: str) -> bool:
    """Tell whether the model runs the op on a tensor of this dtype with itself as operand."""
    import stridecheck.reference as ref
    t = ref.ones(2, dtype=getattr(dtypes, dtype_name if dtype_name != "bool" else "bool_"))
    spec = BY_KEY[name]
    try:
        if spec.symbol:
            arity = 0 if spec.symbol in ("-", "+", "~", "abs") and name in _UNARY_OPERATORS \
                else 1
            getattr(t, name)(*([t] * arity))
        else:
            getattr(t, name)(*([t] * (name.rstrip("_") not in UNARY)))
    except Exception:  # noqa: BLE001 - any refusal means "not for this dtype"
        return False
    return True


_UNARY_OPERATORS = ("__neg__", "__pos__", "__invert__", "__abs__")


# integer division raises on a zero divisor: on allocator garbage that is neither predictable
# nor a divergence, so these ops take only tensors whose values were all written
_DIVIDING = frozenset({"floor_divide", "remainder", "fmod", "div"})


def _accepted(name: str) -> Applies:
    spec = BY_KEY[name]
    base = (spec.alias_of or spec.name).rstrip("_")
    if base in _DIVIDING:
        return lambda t: _accepts(name, t.dtype.name) and _fully_defined(t)
    return lambda t: _accepts(name, t.dtype.name)


def _pointwise_other(t: Tensor, ch: Chooser, ctx: Context, tensors_only: bool) -> Any:
    """A second operand: a live tensor that broadcasts to t (same dtype first), or a scalar."""
    if ctx.invalid:
        # any tensor, but a meta operand of a tensor elsewhere: torch computes such a call on
        # meta and fails writing back, or refuses the operand, in ways the model does not
        # cover (x.remainder_(y_meta) of a 0-d x raises "Attempting to copy from device meta")
        refs = [n for n, u in ctx.live.items() if t.is_meta or not u.is_meta]
    else:
        # one device: what torch does with a meta operand next to a CPU one is not modelled
        refs = _pointwise_refs(t, ctx)
        same = [n for n in refs if ctx.live[n].dtype is t.dtype]
        refs = same if same and ch.chance(0.7) else refs
    if refs and (tensors_only or ch.chance(0.6)):
        return Ref(ch.choice(refs))
    if tensors_only:
        return Ref(next(n for n, u in ctx.live.items() if u is t))
    return _scalar_for(t, ch, mixed=True)


def _pointwise(name: str) -> Builder:
    spec = BY_KEY[name]
    base = spec.name.rstrip("_") if not spec.symbol else spec.alias_of.rstrip("_")
    unary = base in UNARY

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        if base in _DIVIDING:
            ctx = Context({n: u for n, u in ctx.live.items() if _fully_defined(u)} or
                          ctx.live, ctx.invalid, ctx.device)
        if spec.symbol:
            # Python reaches a reflected operator (2 - x) only with a non-tensor on the left:
            # with a tensor there, `y - x` is y.__sub__(x), not x.__rsub__(y)
            other = _scalar_for(t, ch, mixed=True) if name.startswith("__r") else \
                _pointwise_other(t, ch, ctx, tensors_only=False)
            args = () if name in _UNARY_OPERATORS else (other,)
            return Op(name, args, kind="operator")
        kind = "function" if spec.function and ch.chance(0.3) else "method"
        if unary:
            return Op(name, kind=kind)
        other = _pointwise_other(t, ch, ctx, spec.tensors_only)
        kwargs: tuple[tuple[str, Any], ...] = ()
        if "alpha" in spec.keywords and ch.chance(0.3):
            kwargs = (("alpha", ch.choice((2, -1)) if not t.dtype.is_floating_point
                       else ch.choice((2, 0.5))),)
        elif "rounding_mode" in spec.keywords and ch.chance(0.4):
            kwargs = (("rounding_mode", ch.choice(("trunc", "floor"))),)
        return Op(name, (other,), kwargs, kind=kind)
    return build


def _clamp(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        kind = "function" if BY_KEY[name].function and ch.chance(0.3) else "method"
        refs = _pointwise_refs(t, ctx)
        if name in ("clamp_min", "clamp_max"):
            bound = Ref(ch.choice(refs)) if refs and ch.chance(0.4) else \
                _scalar_for(t, ch, mixed=True)
            return Op(name, (bound,), kind=kind)
        if refs and ch.chance(0.4):  # tensor bounds, one of them perhaps absent
            lo, hi = Ref(ch.choice(refs)), Ref(ch.choice(refs))
            form = ch.integer(0, 2)
            kwargs = (("min", lo), ("max", hi)) if form == 0 else (
                (("min", lo),) if form == 1 else (("max", hi),))
            return Op(name, kwargs=kwargs, kind=kind)
        lo, hi = _scalar_for(t, ch, mixed=True), _scalar_for(t, ch, mixed=True)
        form = ch.integer(0, 2)
        args: tuple[Any, ...] = (lo, hi) if form == 0 else ((lo,) if form == 1 else ())
        return Op(name, args, (("max", hi),) if form == 2 else (), kind=kind)
    return build


def _masked(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        masks = [n for n in _pointwise_refs(t, ctx) if ctx.live[n].dtype is dtypes.bool_]
        if name == "where":
            if not masks:
                return Op("clamp", (_scalar_for(t, ch),))
            return Op("where", (Ref(ch.choice(masks)), _pointwise_other(t, ch, ctx, False)))
        if not masks:
            return Op(name.replace("masked_fill", "clamp"), (_scalar_for(t, ch),))
        kind = "function" if name == "masked_fill" and ch.chance(0.3) else "method"
        return Op(name, (Ref(ch.choice(masks)), _scalar_for(t, ch)), kind=kind)
    return build


def _addc_or_lerp(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        same = [n for n in _pointwise_refs(t, ctx) if ctx.live[n].dtype is t.dtype]
        if not same:  # t itself is live, so only invalid mode gets here
            same = list(ctx.live)
        kind = "function" if BY_KEY[name].function and ch.chance(0.3) else "method"
        a, b = Ref(ch.choice(same)), Ref(ch.choice(same))
        if name.startswith("lerp"):
            weight = b if ch.chance(0.3) else ch.choice((0.5, 0.25, 2.0))
            return Op(name, (a, weight), kind=kind)
        kwargs = (("value", ch.choice((2, 0.5) if t.dtype.is_floating_point else (2, -1))),) \
            if ch.chance(0.3) else ()
        return Op(name, (a, b), kwargs, kind=kind)
    return build


# the scalars an activation of torch.nn.functional is called with, by its name: positional
# arguments (threshold's two have no defaults), then keywords, each a few values to draw from
_ACTIVATION_ARGS: dict[str, tuple[tuple[tuple[Any, ...], ...], dict[str, tuple[Any, ...]]]] = {
    "hardtanh": ((), {"min_val": (-1.0, 0.0, 0.5), "max_val": (1.0, 2.5)}),
    "leaky_relu": ((), {"negative_slope": (0.01, 0.2, -0.5)}),
    "elu": ((), {"alpha": (1.0, 0.5, 2.0)}),
    "celu": ((), {"alpha": (1.0, 0.5, 2.0)}),
    "gelu": ((), {"approximate": ("none", "tanh")}),
    "softplus": ((), {"beta": (1.0, 2.0, 0.5), "threshold": (20.0, 1.0)}),
    "threshold": (((0.5, -1.0, 0.0), (2.0, 0.0, -3.0)), {}),
}


def _activation(key: str) -> Builder:
    """torch's spelling as a method or function; torch.nn.functional's with its scalars drawn
    or left to their defaults, and `inplace=` given or not (True only in its in-place
    variant)."""
    spec = BY_KEY[key]
    positional, keywords = _ACTIVATION_ARGS.get(spec.name.rpartition(".")[2], ((), {}))

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        if spec.method:
            return Op(spec.name, kind="function" if ch.chance(0.3) else "method")
        args = tuple(ch.choice(values) for values in positional)
        kwargs = [(k, ch.choice(values)) for k, values in keywords.items() if ch.chance(0.5)]
        if "min_val" in keywords and t.dtype is dtypes.uint8:
            kwargs = [(k, v) for k, v in kwargs if k != "min_val"] + [("min_val", 0.0)]
        if dict(kwargs).get("min_val", -1.0) > dict(kwargs).get("max_val", 1.0):
            kwargs = [(k, v) for k, v in kwargs if k != "max_val"]
        if spec.variant == "inplace":
            kwargs.append(("inplace", True))
        elif "inplace" in spec.keywords and ch.chance(0.3):
            kwargs.append(("inplace", False))
        return Op(spec.name, args, tuple(kwargs), kind="function")
    return build


A = Arguments
_writes = _not_internally_overlapping
# the dtypes relu, relu6, hardtanh and threshold take: not bool (Activation.cpp, threshold's
# kernel), not complex (clamp_min); the others' kernels take floating types, silu's complex too
_relu_dtype: Applies = lambda t: t.dtype is not dtypes.bool_ and not t.dtype.is_complex  # noqa: E731
_ACTIVATION_DTYPES: dict[str, Applies] = {
    name: _relu_dtype if name in ("relu", "relu6", "hardtanh", "threshold") else
    (lambda t: t.dtype.is_floating_point or t.dtype.is_complex) if name == "silu" else
    (lambda t: t.dtype.is_floating_point)
    for name in ACTIVATIONS}

POINTWISE: dict[str, Arguments] = {}
for _spec in OPS:
    if _spec.family in POINTWISE_FAMILIES and not _spec.family.startswith(
            ("ternary", "activation")):
        _applies = _accepted(_spec.key)
        if _spec.writes:
            _applies = (lambda a: lambda t: a(t) and _not_internally_overlapping(t))(_applies)
        POINTWISE[_spec.key] = A(_pointwise(_spec.key), _applies, (
            _spec.alias_of or _spec.name).rstrip("_") in _DIVIDING)


_not_complex: Applies = lambda t: not t.dtype.is_complex  # noqa: E731
_floating: Applies = lambda t: t.dtype.is_floating_point or t.dtype.is_complex  # noqa: E731


POINTWISE.update({
    "clamp": A(_clamp("clamp"), _not_complex), "clip": A(_clamp("clip"), _not_complex),
    "clamp_": A(_clamp("clamp_"), lambda t: _not_complex(t) and _writes(t)
                and t.dtype.is_floating_point),
    "clip_": A(_clamp("clip_"), lambda t: _not_complex(t) and _writes(t)
               and t.dtype.is_floating_point),
    "clamp_min": A(_clamp("clamp_min"), _not_complex),
    "clamp_max": A(_clamp("clamp_max"), _not_complex),
    "addcmul": A(_addc_or_lerp("addcmul"), lambda t: t.dtype is not dtypes.bool_),
    "addcmul_": A(_addc_or_lerp("addcmul_"), lambda t: t.dtype is not dtypes.bool_
                  and _writes(t)),
    "addcdiv": A(_addc_or_lerp("addcdiv"), _floating),
    "addcdiv_": A(_addc_or_lerp("addcdiv_"), lambda t: _floating(t) and _writes(t)),
    "lerp": A(_addc_or_lerp("lerp"), _floating),
    "lerp_": A(_addc_or_lerp("lerp_"), lambda t: _floating(t) and _writes(t)),
    "relu": A(_activation("relu"), _relu_dtype),
    "relu_": A(_activation("relu_"), lambda t: _relu_dtype(t) and _writes(t)),
    "where": A(_masked("where")), "masked_fill": A(_masked("masked_fill"), _not_complex),
    "masked_fill_": A(_masked("masked_fill_"), lambda t: _not_complex(t) and _writes(t)),
})
for _spec in OPS:
    if _spec.name.startswith("nn.functional.") and _spec.family.startswith("activation"):
        _dtype_ok = _ACTIVATION_DTYPES[_spec.name.rpartition(".")[2]]
        POINTWISE[_spec.key] = A(_activation(_spec.key), _dtype_ok if not _spec.writes else (
            lambda ok: lambda t: ok(t) and _writes(t))(_dtype_ok))
