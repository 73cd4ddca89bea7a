"""Module-level functions (`torch.permute(x, ...)`), generated from the op catalogue."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import dtype_views, errors
from .ops import OPS
from .tensor import Tensor


def view_as_real(input: Tensor) -> Tensor:  # noqa: A002
    if not input.dtype.is_complex:
        raise errors.fail("view_as_real_dtype")
    if input.is_conj():
        raise errors.fail("view_as_real_conj")
    return input._view_of(dtype_views.view_as_real(input._geom), input.dtype.to_real())


def view_as_complex(input: Tensor) -> Tensor:  # noqa: A002
    if input.dtype.name not in ("float32", "float64", "float16"):
        raise errors.fail("view_as_complex_dtype", dtype=input.dtype.scalar_name)
    return input._view_of(dtype_views.view_as_complex(input._geom), input.dtype.to_complex())


def _method_function(name: str, attribute: bool) -> Callable[..., Any]:
    def call(input: Tensor, *args: Any, **kwargs: Any) -> Any:  # noqa: A002
        found = getattr(input, name)
        return found if attribute else found(*args, **kwargs)
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return torch.{name}(input, ...): the method Tensor.{name} as a function."
    return call


_SPECIAL = {"view_as_real": view_as_real, "view_as_complex": view_as_complex}

FUNCTIONS: dict[str, Callable[..., Any]] = {}
for _op in OPS:
    if _op.function and _op.name not in FUNCTIONS:
        FUNCTIONS[_op.name] = _SPECIAL.get(_op.name) or _method_function(_op.name, _op.attribute)
