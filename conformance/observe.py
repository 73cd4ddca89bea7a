"""Observe tensors of either library (torch or the reference) as plain comparable records."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from . import spellings

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
    """Return (values, defined-mask) of a tensor, None on meta, or the error reading raised."""
    if t.device.type == "meta":
        return None
    try:
        return _values_of(t)
    except Exception as exc:  # noqa: BLE001 - a tensor whose values cannot be read is an outcome
        return error_value(exc)


def _values_of(t: Any) -> tuple[np.ndarray, np.ndarray]:
    if is_reference(t):
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


def relative_data_ptr(t: Any) -> int | None:
    ptr = t.data_ptr()
    if ptr == 0:
        return None
    return ptr - t.untyped_storage().data_ptr()


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


def snapshot_all(live: dict[str, Any]) -> dict[str, Snapshot]:
    """Observe every live tensor, naming relations (storage, base, identity) by tensor name."""
    storage_owner: dict[Any, str] = {}
    object_owner: dict[int, str] = {}
    out: dict[str, Snapshot] = {}
    names_by_id: dict[int, str] = {}
    storages: list[Any] = []
    for name, t in live.items():
        names_by_id.setdefault(id(t), name)
    for name, t in live.items():
        key = storage_key(t, storages)
        storage_owner.setdefault(key, name)
        first = object_owner.setdefault(id(t), name)
        base = t._base
        base_name = None if base is None else names_by_id.get(id(base), "<hidden>")
        lib = _library_of(t)
        fmts = lib.contiguous_format, lib.channels_last, lib.channels_last_3d
        out[name] = Snapshot(
            shape=tuple(t.shape), strides=tuple(t.stride()), storage_offset=t.storage_offset(),
            dtype=str(t.dtype).removeprefix("torch."), device=str(t.device),
            conj=(bool(t.is_conj()), bool(t.is_neg())),
            contiguity=tuple(bool(t.is_contiguous(memory_format=f)) for f in fmts),  # type: ignore[arg-type]
            data_ptr=relative_data_ptr(t), identity=None if first == name else first,
            storage=storage_owner[key], base=base_name, is_view=bool(t._is_view()),
            version=int(t._version), values=values_of(t),
            spellings=spellings.read(t, lib, (storage_owner[key], live[storage_owner[key]])))
    return out


def _library_of(t: Any) -> Any:
    if is_reference(t):
        import stridecheck.reference as ref
        return ref
    import torch
    return torch
