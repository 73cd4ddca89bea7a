"""Observe tensors of either library (torch or the reference) as plain comparable records."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from . import replay

# defined beside the spellings, whose errors are values too; re-exported for the runners
from .spellings import ERROR_KINDS as ERROR_KINDS
from .spellings import error_kind as error_kind
from .spellings import error_value

# Snapshot fields in the order differences are reported.
FIELDS: tuple[str, ...] = (
    "shape", "strides", "storage_offset", "dtype", "device", "conj", "contiguity",
    "data_ptr", "identity", "storage", "base", "is_view", "version", "values")


def is_reference(t: Any) -> bool:
    return type(t).__module__.startswith("stridecheck.")


def is_tensor(obj: Any) -> bool:
    return hasattr(obj, "stride") and hasattr(obj, "storage_offset") and hasattr(obj, "_version")


def values_of(t: Any) -> Any:
    """Return (values, defined-mask[, tolerance]) of a tensor, None on meta or for a fake
    tensor (neither has values: reading them costs a fake dispatch per step and gives an
    error), or the error."""
    if t.device.type == "meta" or type(t).__name__ == "FakeTensor":
        return None
    try:
        return _values_of(t)
    except Exception as exc:  # noqa: BLE001 - a tensor whose values cannot be read is an outcome
        return error_value(exc)


def _values_of(t: Any) -> tuple[Any, ...]:
    """Return (values, defined-mask), and the relative tolerance where the reference has one."""
    if is_reference(t):
        tolerance = t._tolerance()
        if tolerance:
            return t._values(), t._defined(), tolerance
        return t._values(), t._defined()
    u = t.detach().resolve_conj().resolve_neg()
    if str(u.dtype) == "torch.bfloat16":
        u = u.float()
    elif str(u.dtype) == "torch.complex32":
        u = _complex32_values(u)
    # clone first: exporting a live tensor to numpy would pin its storage (resize_ then fails)
    arr = u.cpu().clone().numpy()
    return arr, np.ones(arr.shape, dtype=np.bool_)


def _complex32_values(u: Any) -> Any:
    """Return complex32 values as complex64 (numpy has no ComplexHalf)."""
    import torch
    return torch.view_as_real(u.cpu().clone()).float().contiguous().view(torch.complex64)[..., 0]


def storage_key(t: Any, keep: list[Any]) -> Any:
    """Return what identifies the storage under `t`; `keep` holds the storage object.

    Holding it while a snapshot is taken keeps a storage object made for the occasion from
    being freed, which would let the next one reuse its address and look shared.
    """
    s = t.untyped_storage()
    keep.append(s)
    return s._cdata


@dataclass(frozen=True, slots=True)
class Snapshot:
    """Everything observable about one live tensor, as plain values."""

    shape: tuple[int, ...]
    strides: tuple[int, ...]
    storage_offset: int
    dtype: str
    device: str
    conj: tuple[bool, bool]
    contiguity: tuple[bool, bool, bool]
    data_ptr: int | None
    identity: str | None
    storage: str
    base: str | None
    is_view: bool
    version: int
    values: Any  # (values, mask) or None
    # (field, spelling, value): the same fields read the other ways users write them
    # (`x.size(-1)`, `x.is_contiguous()`), from conformance.spellings
    spellings: tuple[tuple[str, str, Any], ...] = ()


def snapshot_all(live: dict[str, Any], unshown: tuple[str, ...] = ()) -> dict[str, Snapshot]:
    """Observe every live tensor, naming relations (storage, base, identity) by tensor name;
    `unshown` names spellings not to read (replay.metadata).

    The fields are read as repro scripts read them (conformance.replay.metadata); values
    come as (values, defined-mask) arrays.
    """
    if not live:
        return {}
    lib = _library_of(next(iter(live.values())))
    return {name: Snapshot(**seen, values=values_of(live[name]))
            for name, seen in replay.metadata(live, lib, unshown).items()}


def _library_of(t: Any) -> Any:
    if is_reference(t):
        import stridecheck.reference as ref
        return ref
    import torch
    return torch
