"""Activation functions: torch's own (`torch.relu`, `x.relu_()`) and torch.nn.functional's,
whose `inplace=True` writes the input as the in-place form does.

relu is clamp_min(x, 0) after a dtype check (aten/src/ATen/native/Activation.cpp: relu and
relu_ refuse bool, then call at::clamp_min / at::clamp_min_), so its output is laid out as
clamp's, by TensorIterator over the input alone, and keeps the input's dtype. hardtanh (and
relu6, hardtanh(x, 0, 6)) writes clamp into `empty_like(x)` (hardtanh_out), so its output
keeps x's layout as empty_like does, and an integer x takes the limits truncated to integers.
The others are unary TensorIterator kernels with scalars of their own (cpu/Activation.cpp,
GeluKernel.cpp; their element functions are kernels.ACTIVATIONS), and refuse the dtypes
their CPU kernels have no instance for.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from . import errors, pointwise, ternary, writes

if TYPE_CHECKING:
    from .tensor import Tensor

# mypy: disable-error-code="misc"

# torch.nn.functional.selu's constants (Activation.cpp SELU_ALPHA, SELU_SCALE)
SELU_ALPHA = 1.6732632423543772848170429916717
SELU_SCALE = 1.0507009873554804934193349852946


def relu(input: Tensor) -> Tensor:  # noqa: A002 - torch's name
    if input.dtype.name == "bool":
        raise errors.fail("relu_bool")
    return ternary.clamp(input, 0, None, function="relu")


def relu_(input: Tensor) -> Tensor:  # noqa: A002
    if input.dtype.name == "bool":
        raise errors.fail("relu_bool")
    return ternary.clamp(input, 0, None, inplace=True, function="relu_")


def hardtanh(input: Tensor, min_val: Any = -1.0, max_val: Any = 1.0,  # noqa: A002
             inplace: bool = False) -> Tensor:
    """hardtanh_out(result, self, min, max): clamp_out into empty_like(self) (the kernel's
    like_input), or into self; an internal out= call, so the result's version stays 0."""
    if input.dtype.name == "bool":
        raise errors.fail("hardtanh_bool")
    if input.dtype.is_complex:
        raise errors.fail("clamp_complex")  # clamp_out's meta function
    if not input.dtype.is_floating_point and not input.dtype.is_complex:
        min_val, max_val = math.trunc(min_val), math.trunc(max_val)  # Scalar::toLong
        if input.dtype.name == "uint8" and (min_val < 0 or max_val < 0):
            raise errors.fail("hardtanh_unsigned")
    return elementwise("hardtanh", input, (min_val, max_val), inplace)


def gelu(input: Tensor, approximate: str = "none",  # noqa: A002
         out: Tensor | None = None) -> Tensor:
    """GeluKernelImpl into a new tensor or `out`. Activation.cpp gelu_out_cpu hands a
    contiguous float32 or bfloat16 input of more than one element to oneDNN's eltwise_gelu_erf
    (use_mkldnn tests the input alone); oneDNN replaces the buffer of an out= that is not
    contiguous with one of its own, so torch leaves such an out unwritten (docs/torch-bugs.md):
    the model leaves its values open."""
    if approximate not in ("none", "tanh"):
        raise errors.fail("gelu_approximate", approximate=approximate)
    result = elementwise("gelu", input, (float(approximate == "tanh"),), out=out)
    if (out is not None and approximate == "none" and not input.is_meta
            and input.dtype.name in ("float32", "bfloat16") and input.numel() > 1
            and input.is_contiguous() and not result.is_contiguous()):
        writes.forget(result, np.ones(result.shape, dtype=np.bool_))
    return result


def elementwise(name: str, input: Tensor, params: tuple[Any, ...] = (),  # noqa: A002
                inplace: bool = False, out: Tensor | None = None) -> Tensor:
    """Run the activation kernel `name` (kernels.ACTIVATIONS) with its scalars `params`, in
    place or into `out`."""
    key = f"nn.functional.{name}" + (".inplace" if inplace else "")
    return pointwise.compute(key, (input,), inplace=inplace, out=out, alpha=params,
                             kernel_key=name, function=name + ("_" if inplace else ""))


class ActivationMethods:
    """Tensor's methods of the activations (mixed into Tensor)."""

    __slots__ = ()

    def relu(self: Tensor) -> Tensor:
        return relu(self)

    def relu_(self: Tensor) -> Tensor:
        return relu_(self)


FUNCTIONS = {"relu": relu, "relu_": relu_}
