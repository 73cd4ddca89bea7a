"""torch.nn.functional, for what the model covers (torch/nn/functional.py): each function
calls the op torch's does, in place where `inplace=True`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import activations

if TYPE_CHECKING:
    from ..tensor import Tensor


def relu(input: Tensor, inplace: bool = False) -> Tensor:  # noqa: A002 - torch's names
    return activations.relu_(input) if inplace else activations.relu(input)


__all__ = ["relu"]
