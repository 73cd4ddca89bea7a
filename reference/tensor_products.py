"""Tensor's matrix-product methods (mm, bmm, mv, dot, vdot, matmul, addmm, addmm_) and the @
operator, each routed to products.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import products

if TYPE_CHECKING:
    from .tensor import Tensor

# `self: Tensor` below types these methods as the class they are mixed into, which mypy
# accepts in a mixin only for a protocol; it is sound here because Tensor is the one user.
# mypy: disable-error-code="misc"


class ProductMethods:
    """The methods of Tensor that mm and its relatives route through."""

    __slots__ = ()

    def mm(self: Tensor, mat2: Any) -> Tensor:
        return products.method("mm", self, mat2)

    def bmm(self: Tensor, mat2: Any) -> Tensor:
        return products.method("bmm", self, mat2)

    def mv(self: Tensor, vec: Any) -> Tensor:
        return products.method("mv", self, vec)

    def dot(self: Tensor, tensor: Any) -> Tensor:
        return products.method("dot", self, tensor)

    def vdot(self: Tensor, other: Any) -> Tensor:
        return products.method("vdot", self, other)

    def matmul(self: Tensor, other: Any) -> Tensor:
        return products.method("matmul", self, other)

    def addmm(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        return products.addmm_method("addmm", self, *args, **kwargs)

    def addmm_(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        return products.addmm_method("addmm_", self, *args, **kwargs)

    def __matmul__(self: Tensor, other: Any) -> Any:
        return products.matmul_operator(self, other)

    def __rmatmul__(self: Tensor, other: Any) -> Any:
        return products.matmul_operator(other, self)
