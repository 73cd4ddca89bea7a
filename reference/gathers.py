"""Tensor indexing: index_select, gather, take, masked_select, nonzero, index_fill_,
index_put_ and advanced indexing (ATen TensorAdvancedIndexing.cpp, TensorIndexing.h).

FUNCTIONS maps each torch.<name> this module models to its function; GatherMethods holds the
Tensor methods.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .tensor import Tensor  # noqa: F401

# mypy: disable-error-code="misc"


class GatherMethods:
    """The methods of Tensor that index_select and its relatives route through."""

    __slots__ = ()


FUNCTIONS: dict[str, Callable[..., Any]] = {}
