"""torch's and Tensor's spellings of index_reduce, masked_scatter, put and take_along_dim,
routed to indexed_writes.py.

index_reduce's `include_self` is keyword-only and torch.index_reduce takes out=; put's
`accumulate` may come by position; take_along_dim's `dim` defaults to None (the flattened
input) and the function takes out=; masked_scatter and put have no out= overload
(native_functions.yaml). The in-place methods end in an underscore.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from . import errors, indexed_writes

if TYPE_CHECKING:
    from .tensor import Tensor

# `self: Tensor` below types these methods as the class they are mixed into, which mypy
# accepts in a mixin only for a protocol; it is sound here because Tensor is the one user.
# mypy: disable-error-code="misc"


def _no_out(op: str, kwargs: dict[str, Any]) -> None:
    for name in kwargs:
        raise errors.fail("unexpected_keyword", op=op, keyword=name)


def _index_reduce(input: Tensor, dim: int, index: Any, source: Any,  # noqa: A002
                  reduce: str, *, include_self: bool = True, out: Tensor | None = None
                  ) -> Tensor:
    return indexed_writes.index_reduce(input, dim, index, source, reduce,
                                       include_self=include_self, out=out)


def _masked_scatter(input: Tensor, mask: Any, source: Any, **kwargs: Any  # noqa: A002
                    ) -> Tensor:
    _no_out("masked_scatter", kwargs)
    return indexed_writes.masked_scatter(input, mask, source)


def _put(input: Tensor, index: Any, source: Any, accumulate: bool = False,  # noqa: A002
         **kwargs: Any) -> Tensor:
    _no_out("put", kwargs)
    return indexed_writes.put(input, index, source, accumulate)


def _take_along_dim(input: Tensor, indices: Any, dim: int | None = None, *,  # noqa: A002
                    out: Tensor | None = None) -> Tensor:
    return indexed_writes.take_along_dim(input, indices, dim, out=out)


def _named(fn: Callable[..., Tensor], name: str, doc: str) -> Callable[..., Tensor]:
    def call(*args: Any, **kwargs: Any) -> Tensor:
        return fn(*args, **kwargs)
    call.__name__ = call.__qualname__ = name
    call.__doc__ = doc
    return call


class IndexedWriteMethods:
    """Tensor's index_reduce, masked_scatter, put and take_along_dim, and the in-place forms."""

    __slots__ = ()

    def index_reduce(self: Tensor, dim: int, index: Any, source: Any, reduce: str, *,
                     include_self: bool = True, **kwargs: Any) -> Tensor:
        _no_out("index_reduce", kwargs)
        return indexed_writes.index_reduce(self, dim, index, source, reduce,
                                           include_self=include_self)

    def index_reduce_(self: Tensor, dim: int, index: Any, source: Any, reduce: str, *,
                      include_self: bool = True, **kwargs: Any) -> Tensor:
        _no_out("index_reduce_", kwargs)
        return indexed_writes.index_reduce(self, dim, index, source, reduce,
                                           include_self=include_self, inplace=True)

    def masked_scatter(self: Tensor, mask: Any, source: Any, **kwargs: Any) -> Tensor:
        _no_out("masked_scatter", kwargs)
        return indexed_writes.masked_scatter(self, mask, source)

    def masked_scatter_(self: Tensor, mask: Any, source: Any, **kwargs: Any) -> Tensor:
        _no_out("masked_scatter_", kwargs)
        return indexed_writes.masked_scatter_(self, mask, source)

    def put(self: Tensor, index: Any, source: Any, accumulate: bool = False,
            **kwargs: Any) -> Tensor:
        _no_out("put", kwargs)
        return indexed_writes.put(self, index, source, accumulate)

    def put_(self: Tensor, index: Any, source: Any, accumulate: bool = False,
             **kwargs: Any) -> Tensor:
        _no_out("put_", kwargs)
        return indexed_writes.put_(self, index, source, accumulate)

    def take_along_dim(self: Tensor, indices: Any, dim: int | None = None,
                       **kwargs: Any) -> Tensor:
        _no_out("take_along_dim", kwargs)
        return indexed_writes.take_along_dim(self, indices, dim)


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "index_reduce": _named(_index_reduce, "index_reduce",
                           "Return torch.index_reduce(input, dim, index, source, reduce)."),
    "masked_scatter": _named(_masked_scatter, "masked_scatter",
                             "Return torch.masked_scatter(input, mask, source)."),
    "put": _named(_put, "put", "Return torch.put(input, index, source, accumulate)."),
    "take_along_dim": _named(_take_along_dim, "take_along_dim",
                             "Return torch.take_along_dim(input, indices, dim)."),
}
