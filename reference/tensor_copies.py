"""Tensor's copy methods: clone, contiguous, to and the dtype conversions (`x.float()`), which
return a tensor on a new storage.

contiguous, to and the conversions return the tensor itself when it already has what was asked
for, as torch does; their layouts come from layouts.py and their values are copied by
writes.py. Their arguments bind as torch's Python binding binds them (signatures.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import arguments, dtypes, errors, layouts, signatures, writes
from .device import concrete
from .device import device as Device
from .device import lookup as lookup_device
from .dtypes import dtype as DType
from .ops import CONVERSIONS

if TYPE_CHECKING:
    from .tensor import Tensor

# torch/csrc/autograd/python_variable_methods.cpp (contiguous) and tools/autograd's generated
# bindings (clone, the conversions) declare these
_CLONE = (signatures.signature("clone(*, MemoryFormat? memory_format=None)"),)
_CONTIGUOUS = (signatures.signature(
    "contiguous(*, MemoryFormat memory_format=contiguous_format)"),)
CLONE_FUNCTION = (signatures.signature(
    "clone(Tensor input, *, MemoryFormat? memory_format=None)"),)


def _conversion(name: str, dtype: DType) -> Any:
    """Return Tensor.<name>(), which is self.to(dtype) (python_variable_methods.cpp)."""
    parser = (signatures.signature(f"{name}(*, MemoryFormat? memory_format=None)"),)

    def convert(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        bound = signatures.parse(parser, args, kwargs)
        return self._to(None, dtype, False, bound.get("memory_format", dtypes.preserve_format))
    convert.__name__ = convert.__qualname__ = name
    convert.__doc__ = f"Return self.to(torch.{dtype.name}): the input itself when it is one."
    return convert


# `self: Tensor` below types these methods as the class they are mixed into, which mypy
# accepts in a mixin only for a protocol; it is sound here because Tensor is the one user.
# mypy: disable-error-code="misc"


class CopyMethods:
    """The methods of Tensor that copy it (or return it when nothing would change)."""

    __slots__ = ()

    def clone(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        bound = signatures.parse(_CLONE, args, kwargs)
        return self._clone(bound.get("memory_format", dtypes.preserve_format))

    def _clone(self: Tensor, memory_format: dtypes.memory_format) -> Tensor:
        strides = layouts.empty_like_strides(self._geom, memory_format)
        out = self._fresh(self._geom.shape, strides, self.dtype, self.device, zero=True)
        writes.copy_values(out, self)
        return out

    def contiguous(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        bound = signatures.parse(_CONTIGUOUS, args, kwargs)
        mf = bound.get("memory_format", dtypes.contiguous_format)
        if self.is_contiguous(mf):
            return self
        if mf is dtypes.preserve_format:
            raise errors.fail("contiguous_preserve")
        return self._clone(mf)

    def to(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        return self._to(*arguments.parse_to(args, kwargs))

    def _to(self: Tensor, dev: Device | None, dt: DType | None, copy: bool,
            mf: dtypes.memory_format) -> Tensor:
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


for _name, _dtype in CONVERSIONS.items():
    setattr(CopyMethods, _name, _conversion(_name, dtypes.BY_NAME[_dtype]))
