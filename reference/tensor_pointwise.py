"""Tensor's pointwise methods, their in-place forms and Python's operators.

Each method routes to pointwise.compute. The methods are built from two lists below rather
than written out one by one: they differ only in the op they name and, for a few, a keyword
(alpha, rounding_mode). The operators follow torch/_tensor.py and
torch/csrc/autograd/python_variable_methods.cpp: `2 / x` is `x.reciprocal() * 2` and `2 - x`
is `torch.rsub(x, 2)`, as torch spells them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import errors, ldexp_routes, pointwise, ternary
from .operands import is_scalar, is_tensor
from .ops import ARITHMETIC, BY_KEY, LOGIC, NO_INPLACE, UNARY

if TYPE_CHECKING:
    from .tensor import Tensor

# mypy: disable-error-code="misc"

# the binary ops without keywords; add, sub and div take some and are written out below
BINARY = tuple(n for n in ARITHMETIC + LOGIC if not BY_KEY[n].keywords)
# ops torch spells in its kernels under another name
_KERNEL = {"true_divide": "div", "floor_divide": "div.floor"}


def unary(name: str, t: Tensor, *, inplace: bool = False, out: Tensor | None = None,
          function: str | None = None) -> Tensor:
    """Run a unary pointwise op (or return t itself where torch does: OpSpec.returns_self)."""
    spec = BY_KEY[name]
    if spec.returns_self and not inplace and out is None:
        pointwise._meta_checks(name, (t,))
        if spec.returns_input(t.dtype):
            return t
    return pointwise.compute(name, (t,), inplace=inplace, out=out, function=function)


def binary(name: str, a: Any, b: Any, *, inplace: bool = False, out: Tensor | None = None,
           alpha: Any = 1, rounding_mode: str | None = None, function: str | None = None,
           first_position: int = 1) -> Tensor:
    """Run a binary pointwise op on a tensor and a tensor or scalar."""
    if name == "ldexp":
        return ldexp_routes.ldexp(a, b, inplace=inplace, out=out, function=function or name,
                                  first_position=first_position)
    if name == "div":
        if rounding_mode not in (None, "trunc", "floor"):
            raise errors.fail("rounding_mode", mode=rounding_mode)
        key = f"div.{rounding_mode}" if rounding_mode else "div"
    else:
        key = _KERNEL.get(name, name)
    return pointwise.compute(name, (a, b), inplace=inplace, out=out, alpha=alpha,
                             kernel_key=key, function=function or name,
                             first_position=first_position)


def lerp(t: Tensor, end: Any, weight: Any, *, inplace: bool = False,
         out: Tensor | None = None) -> Tensor:
    """Run lerp: a number weight is the op's scalar, a tensor weight a third operand.

    A 0-d weight of another dtype than the input's is taken as a number (the argument
    parser's Scalar overload); one of the same dtype binds lerp.Tensor, so TensorIterator
    checks it against the written tensor for overlap (measured on 2.13)."""
    if is_tensor(weight) and weight.ndim == 0 and weight.dtype is not t.dtype:
        weight = weight.item()
    if is_tensor(weight):
        return pointwise.compute("lerp", (t, end, weight), inplace=inplace, out=out,
                                 kernel_key="lerp.tensor", function="lerp")
    return pointwise.compute("lerp", (t, end), alpha=weight, inplace=inplace, out=out,
                             function="lerp")


def _unary_method(name: str) -> Callable[..., Tensor]:
    def method(self: Tensor) -> Tensor:
        return unary(name, self)
    method.__name__ = method.__qualname__ = name
    return method


def _unary_inplace(name: str) -> Callable[..., Tensor]:
    def method(self: Tensor) -> Tensor:
        return unary(name, self, inplace=True, function=f"{name}_")
    method.__name__ = method.__qualname__ = f"{name}_"
    return method


def _binary_method(name: str) -> Callable[..., Tensor]:
    def method(self: Tensor, other: Any) -> Tensor:
        return binary(name, self, other)
    method.__name__ = method.__qualname__ = name
    return method


def _binary_inplace(name: str) -> Callable[..., Tensor]:
    def method(self: Tensor, other: Any) -> Tensor:
        return binary(name, self, other, inplace=True, function=f"{name}_")
    method.__name__ = method.__qualname__ = f"{name}_"
    return method


def _operand(other: Any) -> bool:
    """Tell whether a Python operator should handle `other` (else NotImplemented)."""
    return is_tensor(other) or is_scalar(other)


class PointwiseMethods:
    """The pointwise methods and operators of Tensor."""

    __slots__ = ()

    def add(self: Tensor, other: Any, *, alpha: Any = 1) -> Tensor:
        return binary("add", self, other, alpha=alpha)

    def add_(self: Tensor, other: Any, *, alpha: Any = 1) -> Tensor:
        return binary("add", self, other, alpha=alpha, inplace=True, function="add_")

    def sub(self: Tensor, other: Any, *, alpha: Any = 1) -> Tensor:
        return binary("sub", self, other, alpha=alpha)

    def sub_(self: Tensor, other: Any, *, alpha: Any = 1) -> Tensor:
        return binary("sub", self, other, alpha=alpha, inplace=True, function="sub_")

    def div(self: Tensor, other: Any, *, rounding_mode: str | None = None) -> Tensor:
        return binary("div", self, other, rounding_mode=rounding_mode)

    def div_(self: Tensor, other: Any, *, rounding_mode: str | None = None) -> Tensor:
        return binary("div", self, other, rounding_mode=rounding_mode, inplace=True,
                      function="div_")

    def addcmul(self: Tensor, tensor1: Any, tensor2: Any, *, value: Any = 1) -> Tensor:
        return pointwise.compute("addcmul", (self, tensor1, tensor2), alpha=value)

    def addcmul_(self: Tensor, tensor1: Any, tensor2: Any, *, value: Any = 1) -> Tensor:
        return pointwise.compute("addcmul", (self, tensor1, tensor2), alpha=value,
                                 inplace=True, function="addcmul_")

    def addcdiv(self: Tensor, tensor1: Any, tensor2: Any, *, value: Any = 1) -> Tensor:
        return pointwise.compute("addcdiv", (self, tensor1, tensor2), alpha=value)

    def addcdiv_(self: Tensor, tensor1: Any, tensor2: Any, *, value: Any = 1) -> Tensor:
        return pointwise.compute("addcdiv", (self, tensor1, tensor2), alpha=value,
                                 inplace=True, function="addcdiv_")

    def lerp(self: Tensor, end: Any, weight: Any) -> Tensor:
        return lerp(self, end, weight)

    def lerp_(self: Tensor, end: Any, weight: Any) -> Tensor:
        return lerp(self, end, weight, inplace=True)

    def clamp(self: Tensor, min: Any = None, max: Any = None) -> Tensor:  # noqa: A002
        return ternary.clamp(self, min, max)

    def clamp_(self: Tensor, min: Any = None, max: Any = None) -> Tensor:  # noqa: A002
        return ternary.clamp(self, min, max, inplace=True, function="clamp_")

    clip = clamp
    clip_ = clamp_

    def clamp_min(self: Tensor, min: Any) -> Tensor:  # noqa: A002
        return ternary.clamp(self, min, None, function="clamp_min")

    def clamp_max(self: Tensor, max: Any) -> Tensor:  # noqa: A002
        return ternary.clamp(self, None, max, function="clamp_max")

    def clamp_min_(self: Tensor, min: Any) -> Tensor:  # noqa: A002
        return ternary.clamp(self, min, None, inplace=True, function="clamp_min_")

    def clamp_max_(self: Tensor, max: Any) -> Tensor:  # noqa: A002
        return ternary.clamp(self, None, max, inplace=True, function="clamp_max_")

    def where(self: Tensor, condition: Any, other: Any) -> Tensor:
        return ternary.where(condition, self, other)

    def masked_fill(self: Tensor, mask: Any, value: Any) -> Tensor:
        return ternary.masked_fill(self, mask, value)

    def masked_fill_(self: Tensor, mask: Any, value: Any) -> Tensor:
        return ternary.masked_fill_(self, mask, value)

    # -- Python operators ------------------------------------------------------------------
    def __add__(self: Tensor, other: Any) -> Any:
        return self.add(other) if _operand(other) else NotImplemented

    __radd__ = __add__

    def __iadd__(self: Tensor, other: Any) -> Any:
        return self.add_(other) if _operand(other) else NotImplemented

    def __sub__(self: Tensor, other: Any) -> Any:
        return self.sub(other) if _operand(other) else NotImplemented

    def __rsub__(self: Tensor, other: Any) -> Any:
        # torch.rsub(self, other): other - self, the scalar first
        return binary("sub", other, self, function="rsub") if _operand(other) \
            else NotImplemented

    def __isub__(self: Tensor, other: Any) -> Any:
        return self.sub_(other) if _operand(other) else NotImplemented

    def __mul__(self: Tensor, other: Any) -> Any:
        return binary("mul", self, other) if _operand(other) else NotImplemented

    __rmul__ = __mul__

    def __imul__(self: Tensor, other: Any) -> Any:
        return binary("mul", self, other, inplace=True) if _operand(other) else NotImplemented

    def __truediv__(self: Tensor, other: Any) -> Any:
        return self.div(other) if _operand(other) else NotImplemented

    def __rtruediv__(self: Tensor, other: Any) -> Any:
        # torch/_tensor.py __rdiv__: self.reciprocal() * other
        return unary("reciprocal", self) * other if _operand(other) else NotImplemented

    def __itruediv__(self: Tensor, other: Any) -> Any:
        return self.div_(other) if _operand(other) else NotImplemented

    def __floordiv__(self: Tensor, other: Any) -> Any:
        return binary("floor_divide", self, other) if _operand(other) else NotImplemented

    def __rfloordiv__(self: Tensor, other: Any) -> Any:
        return binary("floor_divide", other, self) if _operand(other) else NotImplemented

    def __ifloordiv__(self: Tensor, other: Any) -> Any:
        return binary("floor_divide", self, other, inplace=True) if _operand(other) \
            else NotImplemented

    def __mod__(self: Tensor, other: Any) -> Any:
        return binary("remainder", self, other) if _operand(other) else NotImplemented

    def __rmod__(self: Tensor, other: Any) -> Any:
        return binary("remainder", other, self) if _operand(other) else NotImplemented

    def __imod__(self: Tensor, other: Any) -> Any:
        return binary("remainder", self, other, inplace=True) if _operand(other) \
            else NotImplemented

    def __pow__(self: Tensor, other: Any) -> Any:
        return binary("pow", self, other) if _operand(other) else NotImplemented

    def __rpow__(self: Tensor, other: Any) -> Any:
        return binary("pow", other, self) if _operand(other) else NotImplemented

    def __ipow__(self: Tensor, other: Any) -> Any:
        return binary("pow", self, other, inplace=True) if _operand(other) else NotImplemented

    def __and__(self: Tensor, other: Any) -> Any:
        return binary("bitwise_and", self, other) if _operand(other) else NotImplemented

    __rand__ = __and__

    def __iand__(self: Tensor, other: Any) -> Any:
        return binary("bitwise_and", self, other, inplace=True) if _operand(other) \
            else NotImplemented

    def __or__(self: Tensor, other: Any) -> Any:
        return binary("bitwise_or", self, other) if _operand(other) else NotImplemented

    __ror__ = __or__

    def __ior__(self: Tensor, other: Any) -> Any:
        return binary("bitwise_or", self, other, inplace=True) if _operand(other) \
            else NotImplemented

    def __xor__(self: Tensor, other: Any) -> Any:
        return binary("bitwise_xor", self, other) if _operand(other) else NotImplemented

    __rxor__ = __xor__

    def __ixor__(self: Tensor, other: Any) -> Any:
        return binary("bitwise_xor", self, other, inplace=True) if _operand(other) \
            else NotImplemented

    def __eq__(self: Tensor, other: Any) -> Any:
        return binary("eq", self, other) if _operand(other) else NotImplemented

    def __ne__(self: Tensor, other: Any) -> Any:
        return binary("ne", self, other) if _operand(other) else NotImplemented

    def __lt__(self: Tensor, other: Any) -> Any:
        return binary("lt", self, other) if _operand(other) else NotImplemented

    def __le__(self: Tensor, other: Any) -> Any:
        return binary("le", self, other) if _operand(other) else NotImplemented

    def __gt__(self: Tensor, other: Any) -> Any:
        return binary("gt", self, other) if _operand(other) else NotImplemented

    def __ge__(self: Tensor, other: Any) -> Any:
        return binary("ge", self, other) if _operand(other) else NotImplemented

    def __neg__(self: Tensor) -> Tensor:
        return unary("neg", self)

    def __pos__(self: Tensor) -> Tensor:
        return unary("positive", self)

    def __abs__(self: Tensor) -> Tensor:
        return unary("abs", self)

    def __invert__(self: Tensor) -> Tensor:
        if self.dtype.is_floating_point or self.dtype.is_complex:
            raise errors.fail("invert_float")  # torch/_tensor.py __invert__
        return unary("bitwise_not", self)

    __hash__ = object.__hash__


for _name in UNARY:
    setattr(PointwiseMethods, _name, _unary_method(_name))
    if _name not in NO_INPLACE:
        setattr(PointwiseMethods, f"{_name}_", _unary_inplace(_name))
for _name in BINARY:
    setattr(PointwiseMethods, _name, _binary_method(_name))
    if _name not in NO_INPLACE:
        setattr(PointwiseMethods, f"{_name}_", _binary_inplace(_name))
PointwiseMethods.negative = PointwiseMethods.neg  # type: ignore[attr-defined]
PointwiseMethods.absolute = PointwiseMethods.abs  # type: ignore[attr-defined]
PointwiseMethods.multiply = PointwiseMethods.mul  # type: ignore[attr-defined]
PointwiseMethods.subtract = PointwiseMethods.sub  # type: ignore[attr-defined]
PointwiseMethods.divide = PointwiseMethods.div  # type: ignore[attr-defined]
