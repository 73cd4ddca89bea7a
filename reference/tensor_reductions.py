"""Tensor's reduction methods: sum, mean, prod, amax, amin, max, min, argmax, argmin, all, any
and count_nonzero, each routed to reductions.method with the arguments as given."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import reductions
from .reductions import MISSING

if TYPE_CHECKING:
    from .tensor import Tensor

# `self: Tensor` below types these methods as the class they are mixed into, which mypy
# accepts in a mixin only for a protocol; it is sound here because Tensor is the one user.
# mypy: disable-error-code="misc"


class ReductionMethods:
    """The methods of Tensor that sum and its relatives route through."""

    __slots__ = ()

    def sum(self: Tensor, dim: Any = MISSING, keepdim: Any = MISSING, *,  # noqa: A003
            dtype: Any = MISSING) -> Tensor:
        return reductions.method("sum", self, dim, keepdim, dtype=dtype)

    def mean(self: Tensor, dim: Any = MISSING, keepdim: Any = MISSING, *,
             dtype: Any = MISSING) -> Tensor:
        return reductions.method("mean", self, dim, keepdim, dtype=dtype)

    def prod(self: Tensor, dim: Any = MISSING, keepdim: Any = MISSING, *,
             dtype: Any = MISSING) -> Tensor:
        return reductions.method("prod", self, dim, keepdim, dtype=dtype)

    def amax(self: Tensor, dim: Any = (), keepdim: Any = MISSING) -> Tensor:
        return reductions.method("amax", self, dim, keepdim)

    def amin(self: Tensor, dim: Any = (), keepdim: Any = MISSING) -> Tensor:
        return reductions.method("amin", self, dim, keepdim)

    def max(self: Tensor, dim: Any = MISSING, keepdim: Any = MISSING, *,  # noqa: A003
            other: Any = MISSING) -> Any:
        return reductions.method("max", self, dim, keepdim, other=other)

    def min(self: Tensor, dim: Any = MISSING, keepdim: Any = MISSING, *,  # noqa: A003
            other: Any = MISSING) -> Any:
        return reductions.method("min", self, dim, keepdim, other=other)

    def argmax(self: Tensor, dim: Any = MISSING, keepdim: Any = MISSING) -> Tensor:
        return reductions.method("argmax", self, dim, keepdim)

    def argmin(self: Tensor, dim: Any = MISSING, keepdim: Any = MISSING) -> Tensor:
        return reductions.method("argmin", self, dim, keepdim)

    def all(self: Tensor, dim: Any = None, keepdim: Any = MISSING) -> Tensor:  # noqa: A003
        return reductions.method("all", self, dim, keepdim)

    def any(self: Tensor, dim: Any = None, keepdim: Any = MISSING) -> Tensor:  # noqa: A003
        return reductions.method("any", self, dim, keepdim)

    def count_nonzero(self: Tensor, dim: Any = None) -> Tensor:
        return reductions.method("count_nonzero", self, dim)
