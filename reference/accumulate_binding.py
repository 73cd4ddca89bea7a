"""torch's and Tensor's spellings of scatter, scatter_add, scatter_reduce, index_add and
index_copy, routed to accumulate.py.

scatter's third argument is a tensor (`src`) or a Python number (`value`), by position or by
either keyword name; `reduce` is keyword-only there and positional in scatter_reduce, whose
`include_self` is keyword-only (native_functions.yaml). The functions take out=, the methods
do not; the in-place methods end in an underscore.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import accumulate, errors

if TYPE_CHECKING:
    from .tensor import Tensor

# `self: Tensor` below types these methods as the class they are mixed into, which mypy
# accepts in a mixin only for a protocol; it is sound here because Tensor is the one user.
# mypy: disable-error-code="misc"

_MISSING: Any = object()


def _third(op: str, src: Any, value: Any) -> Any:
    if src is _MISSING and value is _MISSING:
        raise errors.fail("missing_argument", name=op, arg="src")
    return value if src is _MISSING else src


def _scatter(input: Tensor, dim: int, index: Any, src: Any = _MISSING,  # noqa: A002
             value: Any = _MISSING, *, reduce: str | None = None, out: Tensor | None = None,
             inplace: bool = False) -> Tensor:
    return accumulate.scatter(input, dim, index, _third("scatter", src, value), reduce=reduce,
                              inplace=inplace, out=out)


def _scatter_add(input: Tensor, dim: int, index: Any, src: Any, *,  # noqa: A002
                 out: Tensor | None = None, inplace: bool = False) -> Tensor:
    if not hasattr(src, "_geom"):
        accumulate._check_tensor("scatter_add", "src", 4, src)
    return accumulate.scatter(input, dim, index, src, reduce="add", inplace=inplace, out=out,
                              op="scatter_add")


def _scatter_reduce(input: Tensor, dim: int, index: Any, src: Any,  # noqa: A002
                    reduce: str, *, include_self: bool = True, out: Tensor | None = None,
                    inplace: bool = False) -> Tensor:
    if not hasattr(src, "_geom"):
        accumulate._check_tensor("scatter_reduce", "src", 4, src)
    return accumulate.scatter(input, dim, index, src, reduce=reduce, new_reduce=True,
                              include_self=include_self, inplace=inplace, out=out,
                              op="scatter_reduce")


def _index_add(input: Tensor, dim: int, index: Any, source: Any, *,  # noqa: A002
               alpha: Any = 1, out: Tensor | None = None, inplace: bool = False) -> Tensor:
    return accumulate.index_add(input, dim, index, source, alpha=alpha, inplace=inplace,
                                out=out)


def _index_copy(input: Tensor, dim: int, index: Any, source: Any, *,  # noqa: A002
                out: Tensor | None = None, inplace: bool = False) -> Tensor:
    return accumulate.index_copy(input, dim, index, source, inplace=inplace, out=out)


_OPS: dict[str, Callable[..., Tensor]] = {
    "scatter": _scatter, "scatter_add": _scatter_add, "scatter_reduce": _scatter_reduce,
    "index_add": _index_add, "index_copy": _index_copy}


def _function(name: str) -> Callable[..., Tensor]:
    fn = _OPS[name]

    def call(*args: Any, **kwargs: Any) -> Tensor:
        return fn(*args, **kwargs)
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return torch.{name}(input, ...)."
    return call


def _method(name: str) -> Callable[..., Tensor]:
    inplace = name.endswith("_")
    fn = _OPS[name.rstrip("_")]

    def call(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        if "out" in kwargs:
            raise errors.fail("unexpected_keyword", op=name, keyword="out")
        return fn(self, *args, inplace=inplace, **kwargs)
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return Tensor.{name}(...)."
    return call


class AccumulateMethods:
    """Tensor's scatter, scatter_add, scatter_reduce, index_add and index_copy, and their
    in-place forms."""

    __slots__ = ()
    scatter = _method("scatter")
    scatter_ = _method("scatter_")
    scatter_add = _method("scatter_add")
    scatter_add_ = _method("scatter_add_")
    scatter_reduce = _method("scatter_reduce")
    scatter_reduce_ = _method("scatter_reduce_")
    index_add = _method("index_add")
    index_add_ = _method("index_add_")
    index_copy = _method("index_copy")
    index_copy_ = _method("index_copy_")


FUNCTIONS: dict[str, Callable[..., Any]] = {name: _function(name) for name in _OPS}
