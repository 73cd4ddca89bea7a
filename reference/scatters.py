"""The functional inverses of views: slice_scatter, select_scatter, diagonal_scatter,
as_strided_scatter, and the *_copy ops (ATen TensorShape.cpp).

FUNCTIONS maps each torch.<name> this module models to its function; ScatterMethods holds the
Tensor methods.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .tensor import Tensor  # noqa: F401

# mypy: disable-error-code="misc"


class ScatterMethods:
    """The methods of Tensor that slice_scatter and its relatives route through."""

    __slots__ = ()


FUNCTIONS: dict[str, Callable[..., Any]] = {}
