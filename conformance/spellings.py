"""Read each snapshot field the other ways users spell it, as plain comparable values.

A snapshot reads every field once (`tuple(x.shape)`, `x.stride()`, `x.storage_offset()`,
`x.dtype`, `x.is_contiguous(memory_format=...)` for the three formats, ...). Users reach the
same facts through other calls, and torch answers those through other code paths: a torch
whose `x.is_contiguous()` is wrong while `x.is_contiguous(memory_format=...)` is right passes
every field. SPELLINGS lists those other calls, by the field they belong to.

This module imports only the standard library and takes the tensor library (torch, or a model
of it) as an argument: its source is also pasted, as is, into repro scripts that need only
torch.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, NamedTuple

# Exception kinds compared across libraries, most specific first (NotImplementedError is a
# RuntimeError, IndexError a LookupError).
ERROR_KINDS: tuple[type[BaseException], ...] = (
    IndexError, ValueError, TypeError, NotImplementedError, RuntimeError)


def error_kind(exc: BaseException) -> str:
    """Return the name of the most specific compared kind `exc` is an instance of."""
    for kind in ERROR_KINDS:
        if isinstance(exc, kind):
            return kind.__name__
    return type(exc).__name__


def error_value(exc: BaseException) -> str:
    """Return an error as a comparable value: its kind and the first line of its message."""
    return f"{error_kind(exc)}: {exc}".split("\n")[0]


class Spelling(NamedTuple):
    """One way users read a field: `text` follows `x.`; `{d}` in it stands for each dim."""

    field: str
    text: str
    # (tensor, lib) -> value, or (tensor, lib, dim) when text has {d}; lib is the tensor's
    # library, for spellings that go through its functions or constants
    read: Callable[..., Any]


# In the order of observe.FIELDS, which is the order differences are reported in. Each value is
# a plain Python value (int, bool, tuple of ints) so it can be compared and written as a literal.
# Left out: `torch.ops.aten.is_non_overlapping_and_dense(x)` (torch has no Tensor method of
# that name). `x.is_set_to(y)` relates two tensors: `read` asks it of each tensor's storage
# owner (the first live tensor on its storage).
SPELLINGS: tuple[Spelling, ...] = (
    Spelling("shape", "size()", lambda t, lib: tuple(t.size())),
    Spelling("shape", "size({d})", lambda t, lib, d: t.size(d)),
    Spelling("shape", "numel()", lambda t, lib: t.numel()),
    Spelling("shape", "dim()", lambda t, lib: t.dim()),
    Spelling("shape", "ndim", lambda t, lib: t.ndim),
    Spelling("strides", "stride({d})", lambda t, lib, d: t.stride(d)),
    Spelling("dtype", "itemsize", lambda t, lib: t.itemsize),
    Spelling("dtype", "element_size()", lambda t, lib: t.element_size()),
    Spelling("dtype", "nbytes", lambda t, lib: t.nbytes),
    Spelling("contiguity", "is_contiguous()", lambda t, lib: t.is_contiguous()),
    Spelling("storage", "untyped_storage().nbytes()",
             lambda t, lib: t.untyped_storage().nbytes()),
)

# (field, text, read, whether it is read once per dim)
_ROWS = tuple((s.field, s.text, s.read, "{d}" in s.text) for s in SPELLINGS)


@cache
def _dim_texts(template: str, ndim: int) -> tuple[tuple[int, str], ...]:
    """Return (dim, text) for dims 0..ndim-1, then -ndim..-1: both ways users count dims."""
    return tuple((d, template.format(d=d)) for d in [*range(ndim), *range(-ndim, 0)])


def _guarded(fn: Callable[..., Any], *args: Any) -> Any:
    try:
        return fn(*args)
    except Exception as exc:  # noqa: BLE001 - an error is what this spelling reads
        return error_value(exc)


def read(t: Any, lib: Any, owner: tuple[str, Any] | None = None
         ) -> tuple[tuple[str, str, Any], ...]:
    """Return (field, spelling text, value) for every spelling of every field of `t`.

    `owner` is (name, tensor) of the first live tensor on t's storage, which
    `is_set_to(name)` is asked of. A spelling that raises reads as its error value (kind and
    first line), compared like any other value.
    """
    out = []
    ndim = len(t.shape)
    for field, text, fn, per_dim in _ROWS:
        if not per_dim:
            try:
                value = fn(t, lib)
            except Exception as exc:  # noqa: BLE001 - an error is what this spelling reads
                value = error_value(exc)
            out.append((field, text, value))
            continue
        texts = _dim_texts(text, ndim)
        try:  # one guard for all dims: reads rarely raise, and a guard per read costs
            out += [(field, spelled, fn(t, lib, d)) for d, spelled in texts]
        except Exception:  # noqa: BLE001 - read again one by one to place the error
            out += [(field, spelled, _guarded(fn, t, lib, d)) for d, spelled in texts]
    if owner is not None:
        try:
            value = bool(t.is_set_to(owner[1]))
        except Exception as exc:  # noqa: BLE001 - an error is what this spelling reads
            value = error_value(exc)
        out.append(("storage", f"is_set_to({owner[0]})", value))
    return tuple(out)
