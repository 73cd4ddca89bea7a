"""Tensor's in-place methods: value writes, in-place view ops, set_ and resize_.

They change the tensor itself, and the ones named with a trailing underscore return it.
Value writes go through writes.py and storage changes through storage_ops.py; each bumps the
version counter the tensor shares with its views where torch does.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import advanced_indexing, errors, storage_ops, views, writes
from .arguments import NO_DIM, squeeze_dim

if TYPE_CHECKING:
    from .geometry import Geometry
    from .tensor import Tensor

# `self: Tensor` below types these methods as the class they are mixed into, which mypy
# accepts in a mixin only for a protocol; it is sound here because Tensor is the one user.
# mypy: disable-error-code="misc"


class WriteMethods:
    """The methods of Tensor that change it in place."""

    __slots__ = ()

    # -- in-place writes of values ----------------------------------------------------------
    def fill_(self: Tensor, value: Any) -> Tensor:
        return writes.fill_(self, value)

    def zero_(self: Tensor) -> Tensor:
        return self.fill_(0)

    def copy_(self: Tensor, src: Tensor, non_blocking: builtins.bool = False) -> Tensor:
        return writes.copy_(self, src)

    def __setitem__(self: Tensor, index: Any, value: Any) -> None:
        if advanced_indexing.is_advanced(index):
            advanced_indexing.advanced_setitem(self, index, value)
            return
        writes.setitem(self, index, value)

    def __delitem__(self: Tensor, index: Any) -> None:
        raise errors.fail("delitem")

    # -- in-place changes of geometry --------------------------------------------------------
    def _set_geometry(self: Tensor, geom: Geometry) -> Tensor:
        self._geom = geom
        self._bump()
        return self

    def as_strided_(self: Tensor, size: Sequence[int], stride: Sequence[int],
                    storage_offset: int | None = None) -> Tensor:
        geom = views.as_strided(self._geom, size, stride, storage_offset)
        storage_ops.check_bounds(self._storage, geom, self.dtype)
        return self._set_geometry(geom)

    def squeeze_(self: Tensor, *args: Any, dim: Any = NO_DIM) -> Tensor:
        return self._set_geometry(views.squeeze(self._geom, squeeze_dim(args, dim)))

    def unsqueeze_(self: Tensor, dim: int) -> Tensor:
        return self._set_geometry(views.unsqueeze(self._geom, dim))

    def transpose_(self: Tensor, dim0: int, dim1: int) -> Tensor:
        return self._set_geometry(views.transpose(self._geom, dim0, dim1))

    def t_(self: Tensor) -> Tensor:
        return self._set_geometry(views.t(self._geom, "t_"))

    # -- in-place changes of storage ---------------------------------------------------------
    def resize_(self: Tensor, *sizes: Any, memory_format: Any = None) -> Tensor:
        return storage_ops.resize_(self, sizes, memory_format)

    def set_(self: Tensor, source: Any = None, storage_offset: int = 0,
             size: Sequence[int] | None = None, stride: Sequence[int] | None = None) -> Tensor:
        return storage_ops.set_(self, source, storage_offset, size, stride)
