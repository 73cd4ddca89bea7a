"""Tensor's scatter methods (slice_scatter, select_scatter, diagonal_scatter,
as_strided_scatter) and narrow_copy, each routed to scatters.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import scatters

if TYPE_CHECKING:
    from .tensor import Tensor

# `self: Tensor` below types these methods as the class they are mixed into, which mypy
# accepts in a mixin only for a protocol; it is sound here because Tensor is the one user.
# mypy: disable-error-code="misc"


class ScatterMethods:
    """The methods of Tensor that slice_scatter and its relatives route through."""

    __slots__ = ()

    def slice_scatter(self: Tensor, src: Tensor, dim: int = 0, start: int | None = None,
                      end: int | None = None, step: int = 1) -> Tensor:
        return scatters.method("slice_scatter", self, src, dim, start, end, step)

    def select_scatter(self: Tensor, src: Tensor, dim: int, index: int) -> Tensor:
        return scatters.method("select_scatter", self, src, dim, index)

    def diagonal_scatter(self: Tensor, src: Tensor, offset: int = 0, dim1: int = 0,
                         dim2: int = 1) -> Tensor:
        return scatters.method("diagonal_scatter", self, src, offset, dim1, dim2)

    def as_strided_scatter(self: Tensor, src: Tensor, size: Sequence[int],
                           stride: Sequence[int], storage_offset: int | None = None) -> Tensor:
        return scatters.method("as_strided_scatter", self, src, size, stride, storage_offset)

    def narrow_copy(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        return scatters.narrow_copy_method(self, *args, **kwargs)
