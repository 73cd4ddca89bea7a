"""torch.ldexp, Tensor.ldexp_ and ldexp(out=): two routes, as aten/src/ATen/native/BinaryOps.cpp
takes them.

A floating input with an integral (or bool) exponent runs ldexp's own kernel over an iterator
that promotes nothing: its output is empty_like(input) (or out=, or the input itself), which
the iterator resizes to the broadcast shape when it has another. Anything else is
mul(input, _pow2(input, other)): for an integral or float32 input `pow(2., other)`, a
contiguous tensor of the exponent's shape in result_type(2., other); for any other input
`full((), 2., input's dtype).pow(other)`, laid out by the iterator from the exponent. The
mul's operands and their promotion decide the result's dtype and layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, pointwise
from .iterator import iterator_layout
from .kernels import KERNELS, kind
from .layouts import broadcast_shapes, empty_like_strides

if TYPE_CHECKING:
    from .tensor import Tensor

_KERNEL = KERNELS["ldexp"]


def ldexp(self: Tensor, other: Any, *, inplace: bool = False, out: Tensor | None = None,
          function: str = "ldexp", first_position: int = 1) -> Tensor:
    """Return torch.ldexp(self, other): self * 2 ** other, by the route torch takes."""
    pointwise.check_operands("ldexp", _KERNEL, (self, other), function, first_position)
    dest = self if inplace else out
    if dest is not None and not (dest.dtype.is_floating_point or dest.dtype.is_complex):
        raise errors.fail("ldexp_out_dtype", dtype=dest.dtype.scalar_name)
    if self.dtype.is_floating_point and not (other.dtype.is_floating_point or
                                             other.dtype.is_complex):
        return _integral_exponent(self, other, dest, inplace)
    return pointwise.compute("mul", (self, _pow2(self, other)), inplace=inplace, out=out,
                             function=function)


def _pow2(self: Tensor, other: Tensor) -> Tensor:
    """Return BinaryOps.cpp _pow2(self, other): 2 ** other, the second operand of the mul."""
    if not (self.dtype.is_floating_point or self.dtype.is_complex) or \
            self.dtype is dtypes.float32:
        return pointwise.compute("pow", (2.0, other), function="pow")
    return pointwise.compute("pow", (self.new_full((), 2.0), other), function="pow")


def _integral_exponent(self: Tensor, other: Tensor, dest: Tensor | None,
                       inplace: bool) -> Tensor:
    """Run BinaryOps.cpp _ldexp_int_exponent: the iterator of (dest; self, other), as is."""
    if dest is not None:
        pointwise.check_mem_overlaps(dest, [self, other])
    shape = broadcast_shapes(self._geom.shape, other._geom.shape)
    # mark_resize_outputs: an output that is also an input must have the broadcast shape
    if (dest is self or dest is other) and shape != dest._geom.shape:
        raise errors.fail("copy_broadcast", out=dest.shape, shape=shape)
    device = pointwise.common_device([self, other])
    fresh = dest is None
    if dest is None:
        dest = type(self)._fresh(self._geom.shape, empty_like_strides(
            self._geom, dtypes.preserve_format), self.dtype, device)
    if dest._geom.shape != shape:
        # the math-bit fallback reads a conj or neg input through a dense clone
        operands = [(t._geom.shape, empty_like_strides(t._geom, dtypes.preserve_format)
                     if t._conj or t._neg else t._geom.strides) for t in (self, other)]
        pointwise.resize_out(dest, iterator_layout(operands))
    # the kernel dispatches on the exponent's dtype, which may be no bool, and then finds an
    # output of another dtype than the input's, which it cannot cast to (cpu/Loops.h)
    if kind(other.dtype) in _KERNEL.refuses:
        raise errors.fail("kernel_dtype", kernel=_KERNEL.kernel, type=other.dtype.scalar_name)
    if dest.dtype is not self.dtype:
        raise errors.fail("dynamic_casting")
    if not (device.type == "meta" or self.is_meta or other.is_meta) and 0 not in shape:
        values = _KERNEL.fn(np.asarray(self._values()), np.asarray(other._values()))
        pointwise.store_result("ldexp", dest, values, (self, other), fresh, 0)
    if not fresh:
        dest._bump()
    return dest

