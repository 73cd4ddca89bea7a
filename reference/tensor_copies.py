"""Tensor's copy methods: clone, contiguous and to, which return a tensor on a new storage.

contiguous and to return the tensor itself when it already has what was asked for, as torch
does; their layouts come from layouts.py and their values are copied by writes.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import arguments, dtypes, errors, layouts, writes
from .device import concrete
from .device import lookup as lookup_device

if TYPE_CHECKING:
    from .tensor import Tensor

# `self: Tensor` below types these methods as the class they are mixed into, which mypy
# accepts in a mixin only for a protocol; it is sound here because Tensor is the one user.
# mypy: disable-error-code="misc"


class CopyMethods:
    """The methods of Tensor that copy it (or return it when nothing would change)."""

    __slots__ = ()

    def clone(self: Tensor, *, memory_format: Any = dtypes.preserve_format) -> Tensor:
        strides = layouts.empty_like_strides(self._geom, memory_format)
        out = self._fresh(self._geom.shape, strides, self.dtype, self.device, zero=True)
        writes.copy_values(out, self)
        return out

    def contiguous(self: Tensor, memory_format: Any = dtypes.contiguous_format) -> Tensor:
        if memory_format is dtypes.contiguous_format and self.is_contiguous():
            return self
        mf = dtypes.lookup_memory_format(memory_format)
        if self.is_contiguous(mf):
            return self
        if mf is dtypes.preserve_format:
            raise errors.fail("contiguous_preserve")
        return self.clone(memory_format=mf)

    def to(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        dev, dt, copy, mf = arguments.parse_to(args, kwargs)
        same_device = dev is None or dev == self.device or (
            dev.index is None and dev.type == self.device.type)
        if (dt is None or dt is self.dtype) and same_device and not copy and (
                mf is dtypes.preserve_format or layouts.suggest_format(self._geom) is mf):
            return self
        target_dev = self.device if dev is None else concrete(dev)
        target_dt = self.dtype if dt is None else dt
        if self.is_meta and target_dev.type != "meta":
            raise errors.fail("meta_no_data")
        strides = layouts.empty_like_strides(self._geom, mf)
        out = self._fresh(self._geom.shape, strides, target_dt, target_dev, zero=True)
        writes.copy_values(out, self)
        return out

    def cpu(self: Tensor) -> Tensor:
        return self.to("cpu")

    def cuda(self: Tensor, device: Any = None) -> Tensor:
        return self.to("cuda" if device is None else lookup_device(device))

