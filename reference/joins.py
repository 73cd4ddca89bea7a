"""Joins: cat/concat/concatenate, stack, hstack, vstack, dstack (ATen TensorShape.cpp).

FUNCTIONS maps each torch.<name> this module models to its function; JoinMethods holds the
Tensor methods.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .tensor import Tensor  # noqa: F401

# mypy: disable-error-code="misc"


class JoinMethods:
    """The methods of Tensor that cat and its relatives route through."""

    __slots__ = ()


FUNCTIONS: dict[str, Callable[..., Any]] = {}
