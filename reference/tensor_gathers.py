"""Tensor's indexing methods: index_select, gather, take, masked_select, nonzero, argwhere,
index_fill(_) and index_put(_), each routed to its function in gathers.py."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import gathers

if TYPE_CHECKING:
    from .tensor import Tensor

# `self: Tensor` below types these methods as the class they are mixed into, which mypy
# accepts in a mixin only for a protocol; it is sound here because Tensor is the one user.
# mypy: disable-error-code="misc"


class GatherMethods:
    """The methods of Tensor that index_select and its relatives route through."""

    __slots__ = ()

    def index_select(self: Tensor, dim: int, index: Any) -> Tensor:
        return gathers.index_select(self, dim, index)

    def gather(self: Tensor, dim: int, index: Any, *, sparse_grad: bool = False) -> Tensor:
        return gathers.gather(self, dim, index, sparse_grad=sparse_grad)

    def take(self: Tensor, index: Any) -> Tensor:
        return gathers.take(self, index)

    def masked_select(self: Tensor, mask: Any) -> Tensor:
        return gathers.masked_select(self, mask)

    def nonzero(self: Tensor, *, as_tuple: bool = False) -> Any:
        return gathers.nonzero(self, as_tuple=as_tuple)

    def argwhere(self: Tensor) -> Tensor:
        return gathers.argwhere(self)

    def index_fill_(self: Tensor, dim: int, index: Any, value: Any) -> Tensor:
        return gathers.index_fill_(self, dim, index, value)

    def index_fill(self: Tensor, dim: int, index: Any, value: Any) -> Tensor:
        return gathers.index_fill(self, dim, index, value)

    def index_put_(self: Tensor, indices: Any, values: Any, accumulate: bool = False) -> Tensor:
        return gathers.index_put_(self, indices, values, accumulate)

    def index_put(self: Tensor, indices: Any, values: Any, accumulate: bool = False) -> Tensor:
        return gathers.index_put(self, indices, values, accumulate)
