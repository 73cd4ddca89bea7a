"""Activation functions: torch's own (`torch.relu`, `x.relu_()`) and torch.nn.functional's,
whose `inplace=True` writes the input as the in-place form does.

relu is clamp_min(x, 0) after a dtype check (aten/src/ATen/native/Activation.cpp: relu and
relu_ refuse bool, then call at::clamp_min / at::clamp_min_), so its output is laid out as
clamp's, by TensorIterator over the input alone, and keeps the input's dtype.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import errors, ternary

if TYPE_CHECKING:
    from .tensor import Tensor


def relu(input: Tensor) -> Tensor:  # noqa: A002 - torch's name
    if input.dtype.name == "bool":
        raise errors.fail("relu_bool")
    return ternary.clamp(input, 0, None, function="relu")


def relu_(input: Tensor) -> Tensor:  # noqa: A002
    if input.dtype.name == "bool":
        raise errors.fail("relu_bool")
    return ternary.clamp(input, 0, None, inplace=True, function="relu_")


class ActivationMethods:
    """Tensor's methods of the activations (mixed into Tensor)."""

    __slots__ = ()

    def relu(self: Tensor) -> Tensor:
        return relu(self)

    def relu_(self: Tensor) -> Tensor:
        return relu_(self)


FUNCTIONS = {"relu": relu, "relu_": relu_}
