"""The one reader and the one writer of element values: a strided numpy view over storage bytes."""

from __future__ import annotations

import numpy as np

from . import dtypes
from .geometry import Geometry
from .storage import Storage


def _strided(flat: np.ndarray, shape: tuple[int, ...], strides: tuple[int, ...],
             offset: int) -> np.ndarray:
    """Return a writable numpy view of a 1-D array with element strides and offset."""
    if 0 in shape:
        return np.empty(shape, dtype=flat.dtype)
    unit = flat.itemsize
    return np.lib.stride_tricks.as_strided(
        flat[offset:], shape=shape, strides=tuple(s * unit for s in strides), writeable=True)


def _elements(storage: Storage, g: Geometry, dt: dtypes.dtype) -> np.ndarray:
    assert storage.data is not None, "element access needs a storage with data (not meta)"
    np_type = dtypes.np_storage_type(dt)
    usable = len(storage.data) - len(storage.data) % np_type.itemsize
    return _strided(storage.data[:usable].view(np_type), g.shape, g.strides, g.offset)


def _byte_flags(storage: Storage, g: Geometry, dt: dtypes.dtype) -> np.ndarray:
    """Return the written-flags of each element's bytes, shape g.shape + (itemsize,)."""
    assert storage.defined is not None, "flags need a storage with data (not meta)"
    n = dt.itemsize
    return _strided(storage.defined, g.shape + (n,), tuple(s * n for s in g.strides) + (1,),
                    g.offset * n)


def bf16_to_f32(bits: np.ndarray) -> np.ndarray:
    return (bits.astype(np.uint32) << 16).view(np.float32)


def f32_to_bf16(values: np.ndarray) -> np.ndarray:
    """Round float32 to bfloat16 bits, nearest-even, NaN to 0x7FC0 (c10/util/BFloat16.h)."""
    f = np.array(values, dtype=np.float32, copy=True)
    bits = f.view(np.uint32)
    rounded = ((bits + (((bits >> 16) & 1) + 0x7FFF)) >> 16).astype(np.uint16)
    return np.where(np.isnan(f), np.uint16(0x7FC0), rounded)


def read(storage: Storage, g: Geometry, dt: dtypes.dtype, conj: bool = False,
         neg: bool = False) -> np.ndarray:
    """Return the tensor's logical values as a fresh numpy array in its compute type."""
    raw = _elements(storage, g, dt)
    if dt is dtypes.bfloat16:
        out = bf16_to_f32(raw)
    elif dt is dtypes.complex32:
        out = raw["re"].astype(np.complex64) + 1j * raw["im"].astype(np.complex64)
    else:
        out = np.array(raw, copy=True)
    if conj:
        out = np.conj(out)
    if neg:
        out = -out
    return out


# an element is defined when all its byte flags are 1: compare them as one word
_FLAG_WORDS = {1: (np.uint8, 0x01), 2: (np.uint16, 0x0101), 4: (np.uint32, 0x01010101),
               8: (np.uint64, 0x0101010101010101)}


def fully_defined(storage: Storage) -> bool:
    """Return whether every byte of the storage holds a written value."""
    return storage.defined is None


def defined(storage: Storage, g: Geometry, dt: dtypes.dtype) -> np.ndarray:
    """Return which elements have had every byte written (the rest hold allocator garbage)."""
    flags = storage.defined
    if flags is None or g.numel == 0:
        return np.ones(g.shape, dtype=np.bool_)
    word = _FLAG_WORDS.get(dt.itemsize)
    if word is None:
        return np.asarray(_byte_flags(storage, g, dt).all(axis=-1))
    kind, full = word
    usable = len(flags) - len(flags) % dt.itemsize
    words = flags[:usable].view(np.uint8).view(kind)
    return np.asarray(_strided(words, g.shape, g.strides, g.offset) == full)


def noncanonical_bools(storage: Storage, g: Geometry) -> np.ndarray:
    """Return which bool elements hold a byte other than 0 or 1 (left by a dtype view)."""
    if storage.data is None or g.numel == 0:
        return np.zeros(g.shape, dtype=np.bool_)
    return np.asarray(_strided(storage.data, g.shape, g.strides, g.offset) > 1)


def cast(values: np.ndarray, dt: dtypes.dtype) -> np.ndarray:
    """Convert values to the bytes-level numpy type of `dt` (torch's static_cast)."""
    values = np.asarray(values)
    if dt is dtypes.bfloat16:
        if values.dtype.kind == "c":
            values = values.real
        return f32_to_bf16(values.astype(np.float32))
    if dt is dtypes.complex32:
        c = values.astype(np.complex64)
        out = np.empty(c.shape, dtype=dtypes.np_storage_type(dt))
        out["re"], out["im"] = c.real.astype(np.float16), c.imag.astype(np.float16)
        return out
    target = dtypes.np_storage_type(dt)
    if target.kind == "b":
        return values != 0
    if values.dtype.kind == "c" and target.kind != "c":
        values = values.real
    if target.kind in "iu" and values.dtype.kind == "f":
        # float -> int truncates toward zero (C++ static_cast). uint8 goes through int64
        # (c10 static_cast_with_inter_type), int64 directly; the other integer types through
        # int32, where x86's conversion gives INT32_MIN for NaN, inf and anything out of
        # range (so inf reads 0 as int16: INT32_MIN's low bits)
        values = np.trunc(values)
        with np.errstate(invalid="ignore", over="ignore"):
            if target.itemsize < 8 and target != np.uint8:
                values = np.where((values >= -2.0 ** 31) & (values < 2.0 ** 31), values,
                                  -2.0 ** 31)
                return values.astype(np.int32).astype(target)
            return values.astype(np.int64).astype(target)
    with np.errstate(invalid="ignore", over="ignore"):
        return values.astype(target)


def quantize(values: np.ndarray, dt: dtypes.dtype) -> np.ndarray:
    """Return values as they read back after being stored as dt, in dt's compute type."""
    stored = cast(values, dt)
    if dt is dtypes.bfloat16:
        return bf16_to_f32(stored)
    if dt is dtypes.complex32:
        return stored["re"].astype(np.complex64) + 1j * stored["im"].astype(np.complex64)
    return stored.astype(np.dtype(dt.compute_np))


def _unviewed(values: np.ndarray, conj: bool, neg: bool) -> np.ndarray:
    """Return the values a conj or neg view stores for the logical values it is given."""
    values = np.asarray(values)
    if neg:
        # a bool result (eq_ into x.conj().imag) is a number by now: 1 is stored as -1
        values = -(values.astype(np.int8) if values.dtype == np.bool_ else values)
    if conj and values.dtype.kind != "c":
        # a real value is a complex one first: conj(0) stores an imaginary part of -0.0
        values = values.astype(np.complex128)
    return np.conj(values) if conj else values


def write(storage: Storage, g: Geometry, dt: dtypes.dtype, values: np.ndarray,
          conj: bool = False, neg: bool = False) -> None:
    """Store logical values (broadcast to the geometry's shape) into the tensor's elements."""
    if storage.data is None or g.numel == 0:
        return
    _elements(storage, g, dt)[...] = np.broadcast_to(cast(_unviewed(values, conj, neg), dt),
                                                     g.shape)
    if storage.defined is not None:
        _byte_flags(storage, g, dt)[...] = True


def write_where(storage: Storage, g: Geometry, dt: dtypes.dtype, values: np.ndarray,
                mask: np.ndarray, conj: bool = False, neg: bool = False) -> None:
    """Store values only into the elements where mask is True (masked_fill_).

    Elements that share an address take the value once any of them is chosen.
    """
    if storage.data is None or g.numel == 0 or not mask.any():
        return
    stored = np.broadcast_to(cast(_unviewed(values, conj, neg), dt), g.shape)
    _elements(storage, g, dt)[mask] = stored[mask]
    if storage.defined is not None:
        _byte_flags(storage, g, dt)[mask] = True


def copy_same_type(storage: Storage, g: Geometry, src_storage: Storage, src: Geometry,
                   dt: dtypes.dtype) -> None:
    """Copy raw elements between tensors of one dtype with no conj/neg bits (no conversion)."""
    if storage.data is None or src_storage.data is None or g.numel == 0:
        return
    np.copyto(_elements(storage, g, dt), np.broadcast_to(_elements(src_storage, src, dt),
                                                         g.shape))
    if storage.defined is not None:
        _byte_flags(storage, g, dt)[...] = True
