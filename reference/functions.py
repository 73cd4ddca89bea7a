"""Module-level functions (`torch.permute(x, ...)`), generated from the op catalogue."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import (
    accumulate_binding,
    batch_norm,
    blas,
    bucketing,
    building,
    building_lists,
    contraction,
    counting,
    cumulative,
    distances,
    dtype_views,
    einstein,
    errors,
    gathers,
    indexed_binding,
    joins,
    linalg_lu,
    matrix_functions,
    normal_factory,
    normalization,
    norms,
    pointwise,
    products,
    randomness,
    reductions,
    reordering,
    scatters,
    shaping_lookups,
    signatures,
    sorting,
    statistics,
    tensor_copies,
    tensor_pointwise,
    ternary,
)
from .ops import ARITHMETIC, BY_KEY, LOGIC, OPS, UNARY
from .tensor import Tensor
from .tensor_pointwise import binary, unary


def view_as_real(input: Tensor) -> Tensor:  # noqa: A002
    if not input.dtype.is_complex:
        raise errors.fail("view_as_real_dtype")
    if input.is_conj():
        raise errors.fail("view_as_real_conj")
    return input._view_of(dtype_views.view_as_real(input._geom), input.dtype.to_real())


def view_as_complex(input: Tensor) -> Tensor:  # noqa: A002
    if input.dtype.name not in ("float32", "float64", "float16"):
        raise errors.fail("view_as_complex_dtype", dtype=input.dtype.scalar_name)
    return input._view_of(dtype_views.view_as_complex(input._geom), input.dtype.to_complex())


def clone(*args: Any, **kwargs: Any) -> Tensor:
    bound = signatures.parse(tensor_copies.CLONE_FUNCTION, args, kwargs)
    return bound["input"].clone(memory_format=bound.get("memory_format"))


def _method_function(name: str, attribute: bool) -> Callable[..., Any]:
    def call(input: Tensor, *args: Any, **kwargs: Any) -> Any:  # noqa: A002
        found = getattr(input, name)
        return found if attribute else found(*args, **kwargs)
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return torch.{name}(input, ...): the method Tensor.{name} as a function."
    return call


def _unary_function(name: str) -> Callable[..., Any]:
    def call(input: Tensor, *, out: Tensor | None = None) -> Tensor:  # noqa: A002
        return unary(name, input, out=out, function=name)

    def without_out(input: Tensor) -> Tensor:  # noqa: A002
        return unary(name, input, function=name)
    found = call if BY_KEY[name].out else without_out
    found.__name__ = found.__qualname__ = name
    found.__doc__ = f"Return torch.{name}(input{', *, out=None' if found is call else ''})."
    return found


def _binary_function(name: str) -> Callable[..., Any]:
    scalar_first = BY_KEY[name].scalar_first  # torch.pow(2, x)

    def call(input: Tensor, other: Any, *, out: Tensor | None = None,  # noqa: A002
             **kwargs: Any) -> Tensor:
        if not isinstance(input, Tensor) and not scalar_first:
            if name in pointwise.OVERLOADED:
                raise errors.fail("argument_overloads", op=name,
                                  type=f"{type(input).__name__}, {type(other).__name__}")
            raise errors.fail("argument_type", op=name, arg="input", pos=1,
                              type=type(input).__name__)
        return binary(name, input, other, out=out, function=name, first_position=2, **kwargs)
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return torch.{name}(input, other, *, out=None)."
    return call


def clamp(input: Tensor, min: Any = None, max: Any = None, *,  # noqa: A002
          out: Tensor | None = None) -> Tensor:
    return ternary.clamp(input, min, max, out=out)


def where(condition: Any, input: Any = None, other: Any = None, *,  # noqa: A002
          out: Tensor | None = None) -> Tensor:
    return ternary.where(condition, input, other, out=out)


def addcmul(input: Tensor, tensor1: Any, tensor2: Any, *, value: Any = 1,  # noqa: A002
            out: Tensor | None = None) -> Tensor:
    return pointwise.compute("addcmul", (input, tensor1, tensor2), alpha=value, out=out)


def addcdiv(input: Tensor, tensor1: Any, tensor2: Any, *, value: Any = 1,  # noqa: A002
            out: Tensor | None = None) -> Tensor:
    return pointwise.compute("addcdiv", (input, tensor1, tensor2), alpha=value, out=out)


def lerp(input: Tensor, end: Any, weight: Any, *,  # noqa: A002
         out: Tensor | None = None) -> Tensor:
    return tensor_pointwise.lerp(input, end, weight, out=out)


_SPECIAL: dict[str, Callable[..., Any]] = {
    "view_as_real": view_as_real, "clone": clone, "addcmul": addcmul, "addcdiv": addcdiv,
    "lerp": lerp, "view_as_complex": view_as_complex, "clamp": clamp, "clip": clamp,
    "where": where,
    "clamp_min": lambda input, min, *, out=None: ternary.clamp(  # noqa: A002
        input, min, None, out=out, function="clamp_min"),
    "clamp_max": lambda input, max, *, out=None: ternary.clamp(  # noqa: A002
        input, None, max, out=out, function="clamp_max")}
_SPECIAL.update({name: _unary_function(name) for name in UNARY})
_SPECIAL.update({name: _binary_function(name) for name in ARITHMETIC + LOGIC})
for _alias, _name in (("negative", "neg"), ("absolute", "abs"), ("multiply", "mul"),
                      ("subtract", "sub"), ("divide", "div")):
    _SPECIAL[_alias] = _SPECIAL[_name]

FUNCTIONS: dict[str, Callable[..., Any]] = {
    alias: _SPECIAL[alias] for alias in ("negative", "absolute", "multiply", "subtract", "divide")}
for _op in OPS:
    # a function of a namespace of torch's (nn.functional.relu) is its module's to define
    if _op.function and _op.name not in FUNCTIONS and "." not in _op.name:
        FUNCTIONS[_op.name] = _SPECIAL.get(_op.name) or _method_function(_op.name, _op.attribute)
# ops that allocate their outputs, each family in its own module
for _module in (reductions, joins, products, scatters, gathers, normalization, sorting,
                cumulative, statistics, reordering, batch_norm, shaping_lookups, blas, contraction,
                building, building_lists, counting, accumulate_binding, indexed_binding,
                distances,
                einstein, randomness, norms, matrix_functions, bucketing, linalg_lu,
                normal_factory):  # after randomness: its normal takes randomness's forms too
    FUNCTIONS.update(_module.FUNCTIONS)
