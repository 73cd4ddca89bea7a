"""Matrix products: mm, bmm, matmul and @, mv, dot (ATen LinearAlgebra.cpp, Blas.cpp).

FUNCTIONS maps each torch.<name> this module models to its function; ProductMethods holds the
Tensor methods.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .tensor import Tensor  # noqa: F401

# mypy: disable-error-code="misc"


class ProductMethods:
    """The methods of Tensor that mm and its relatives route through."""

    __slots__ = ()


FUNCTIONS: dict[str, Callable[..., Any]] = {}
