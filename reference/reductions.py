"""Reductions: sum, mean, prod, amax, amin, max/min, argmax, argmin, all, any,
count_nonzero (ATen ReduceOps.cpp, ReduceOpsUtils.h, TensorCompare.cpp).

FUNCTIONS maps each torch.<name> this module models to its function; ReductionMethods holds the
Tensor methods.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .tensor import Tensor  # noqa: F401

# mypy: disable-error-code="misc"


class ReductionMethods:
    """The methods of Tensor that sum and its relatives route through."""

    __slots__ = ()


FUNCTIONS: dict[str, Callable[..., Any]] = {}
