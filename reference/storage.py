"""Untyped storage: bytes on a device, at an address handed out by a simulated allocator."""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from .device import device

# c10/core/alignment.h: gAlignment = 64 for CPU allocations (c10/core/impl/alloc_cpu.cpp).
CPU_ALIGNMENT = 64
# c10/cuda/CUDACachingAllocator.cpp: kMinBlockSize = 512, every block size rounds up to it.
CUDA_BLOCK = 512
# A page keeps simulated devices apart; only differences of addresses mean anything.
_DEVICE_BASE = {"cpu": 0x7F00_0000_0000, "cuda": 0x7E00_0000_0000}


class Allocator:
    """Hand out increasing, aligned addresses for one device, as torch's allocators align them."""

    __slots__ = ("alignment", "_next")

    def __init__(self, base: int, alignment: int) -> None:
        self.alignment = alignment
        self._next = base

    def allocate(self, nbytes: int) -> int:
        if nbytes == 0:
            return 0  # torch allocates nothing for zero bytes and reports a null pointer
        address = self._next
        self._next += -(-nbytes // self.alignment) * self.alignment
        return address


_allocators: dict[device, Allocator] = {}


def allocator_for(dev: device) -> Allocator | None:
    """Return the allocator of a device; meta has none (its storages report address 0)."""
    if dev.type == "meta":
        return None
    found = _allocators.get(dev)
    if found is None:
        alignment = CUDA_BLOCK if dev.type == "cuda" else CPU_ALIGNMENT
        index = dev.index or 0
        base = _DEVICE_BASE.get(dev.type, 0x7D00_0000_0000) + index * 0x10_0000_0000
        found = _allocators[dev] = Allocator(base, alignment)
    return found


_ids = itertools.count(1)



class Storage:
    """Bytes of one allocation.

    `defined` marks which bytes a program has written, as one flag per byte; it is None while
    every byte is defined (the common case), so initialized storages cost no flags at all.
    """

    __slots__ = ("device", "nbytes", "data", "defined", "address", "uid", "tolerance", "loose_bits",
                 "tolerance_dtype")

    def __init__(self, nbytes: int, dev: device, *, zero: bool = False) -> None:
        self.device = dev
        self.nbytes = nbytes
        self.uid = next(_ids)
        # how far torch's values here may stray from ours, relative to their magnitude: the
        # tolerances of the ops that wrote them, added up along the way (OpSpec.tolerance)
        self.tolerance = 0.0
        self.tolerance_dtype: object = None  # the dtype those values were written as
        # whether an op wrote values here whose bits torch does not fix: the sign and payload
        # of a NaN, or the sign of a zero that complex neg computes (vectorized: 0 - a, +0;
        # the scalar tail: -a, -0)
        self.loose_bits = False
        alloc = allocator_for(dev)
        self.address = alloc.allocate(nbytes) if alloc is not None else 0
        if dev.type == "meta":
            self.data: np.ndarray | None = None
            self.defined: np.ndarray | None = None
        else:
            self.data = np.zeros(nbytes, dtype=np.uint8)
            self.defined = None if zero else np.zeros(nbytes, dtype=np.bool_)

    def resize(self, nbytes: int) -> None:
        """Move to a fresh allocation of nbytes, keeping the old bytes (ATen resize_bytes_cpu)."""
        if nbytes == self.nbytes:
            return
        alloc = allocator_for(self.device)
        self.address = alloc.allocate(nbytes) if alloc is not None else 0
        if self.data is not None:
            keep = min(nbytes, self.nbytes)
            data = np.zeros(nbytes, dtype=np.uint8)
            defined = np.zeros(nbytes, dtype=np.bool_)
            data[:keep] = self.data[:keep]
            defined[:keep] = True if self.defined is None else self.defined[:keep]
            self.data, self.defined = data, defined
        self.nbytes = nbytes


class UntypedStorage:
    """torch.UntypedStorage: a new storage of n bytes, or the view `untyped_storage()` returns."""

    __slots__ = ("_impl",)

    def __init__(self, size: Storage | int = 0, *, device: Any = None) -> None:
        if isinstance(size, Storage):
            self._impl = size
            return
        from .device import concrete, lookup
        dev = concrete(lookup("cpu" if device is None else device))
        self._impl = Storage(int(size), dev)

    def data_ptr(self) -> int:
        return self._impl.address

    def nbytes(self) -> int:
        return self._impl.nbytes

    def size(self) -> int:
        return self._impl.nbytes

    @property
    def device(self) -> device:
        return self._impl.device

    @property
    def _cdata(self) -> int:
        return self._impl.uid

    def __len__(self) -> int:
        return self._impl.nbytes

    def __repr__(self) -> str:
        return f"UntypedStorage(nbytes={self._impl.nbytes}, device={self._impl.device})"
