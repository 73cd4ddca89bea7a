"""The Tensor class: storage + geometry + dtype, routing every op to the module that models it.

What stays here is the tensor's own state: its fields, the views and aliases it makes of
itself, its version counter, its metadata and values. Its methods come from mixins by kind,
each in a tensor_<kind>.py module: views, copies, factories, writes, pointwise ops,
reductions, products, scatters and gathers. Those route to the modules that model the ops
(views.py, reductions.py, ...), which are plain functions.
"""

from __future__ import annotations

import builtins
from math import prod
from typing import Any

import numpy as np

from . import dtypes, errors, views
from . import values as vals
from .accumulate_binding import AccumulateMethods
from .activations import ActivationMethods
from .blas import BlasMethods
from .bucketing import BucketingMethods
from .building import BuildingMethods
from .contraction import ContractionMethods
from .counting import CountingMethods
from .cumulative import CumulativeMethods
from .device import device as Device
from .dtypes import dtype as DType
from .geometry import (
    Geometry,
    contiguous_strides,
    is_channels_last_contiguous,
    is_contiguous,
    is_dense,
)
from .indexed_binding import IndexedWriteMethods
from .matrix_functions import MatrixFunctionMethods
from .normalization import NormalizationMethods
from .norms import NormMethods
from .operands import TensorBase
from .randomness import RandomMethods
from .reordering import ReorderingMethods
from .sorting import SortingMethods
from .statistics import StatisticsMethods
from .storage import Storage, UntypedStorage
from .tensor_copies import CopyMethods
from .tensor_factories import FactoryMethods
from .tensor_gathers import GatherMethods
from .tensor_pointwise import PointwiseMethods
from .tensor_products import ProductMethods
from .tensor_reductions import ReductionMethods
from .tensor_scatters import ScatterMethods
from .tensor_views import ViewMethods
from .tensor_writes import WriteMethods

_new_object = object.__new__


class Size(tuple):
    """A shape, printed as torch.Size."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"torch.Size({list(self)})"

    def numel(self) -> int:
        return prod(self)


class _VersionCounter:
    """The counter views share with their base; in-place writes bump it."""

    __slots__ = ("value",)

    def __init__(self) -> None:
        self.value = 0


class Tensor(ViewMethods, CopyMethods, FactoryMethods, WriteMethods, PointwiseMethods,
             ActivationMethods, NormalizationMethods,
             ReductionMethods, ProductMethods, ScatterMethods, GatherMethods,
             SortingMethods, CumulativeMethods, StatisticsMethods, ReorderingMethods, BlasMethods,
             ContractionMethods, BuildingMethods, CountingMethods, BucketingMethods,
             AccumulateMethods, RandomMethods, NormMethods, MatrixFunctionMethods,
             IndexedWriteMethods, TensorBase):
    """A strided tensor over an untyped storage, mirroring torch.Tensor's view semantics."""

    __slots__ = ("_storage", "_geom", "dtype", "_root", "_vc", "_conj", "_neg", "_contig",
                 "_contig_for",
                 "__weakref__")

    _contig: builtins.bool
    _contig_for: Geometry

    def __init__(self, storage: Storage, geom: Geometry, dt: DType, *,
                 root: Tensor | None = None, vc: _VersionCounter | None = None,
                 conj: builtins.bool = False, neg: builtins.bool = False) -> None:
        self._storage = storage
        self._geom = geom
        self.dtype = dt
        self._root = root
        self._vc = vc if vc is not None else _VersionCounter()
        self._conj = conj
        self._neg = neg

    # -- construction helpers -------------------------------------------------------------
    @classmethod
    def _fresh(cls, shape: tuple[int, ...], strides: tuple[int, ...] | None, dt: DType,
               dev: Device, *, zero: builtins.bool = False) -> Tensor:
        """Allocate a new storage just large enough for shape/strides."""
        for n in shape:
            if n < 0:
                raise errors.fail("negative_dimension", size=n, shape=shape)
        strides = contiguous_strides(shape) if strides is None else tuple(strides)
        geom = Geometry((tuple(shape), strides, 0))
        storage = Storage(geom.extent() * dt.itemsize, dev, zero=zero)
        return cls(storage, geom, dt)

    def _view_of(self, geom: Geometry, dt: DType | None = None, *,
                 conj: builtins.bool | None = None, neg: builtins.bool | None = None) -> Tensor:
        """Return a view of this tensor's storage with new geometry, sharing base and version."""
        # built slot by slot: this runs once per view op, and keyword __init__ costs more
        t = _new_object(Tensor)
        t._storage = self._storage
        t._geom = geom
        t.dtype = self.dtype if dt is None else dt
        root = self._root
        t._root = self if root is None else root
        t._vc = self._vc
        t._conj = self._conj if conj is None else conj
        t._neg = self._neg if neg is None else neg
        return t

    def _alias(self, geom: Geometry, dt: DType) -> Tensor:
        """Return a tensor sharing storage and version counter but untracked as a view.

        torch 2.13 does this for detach() and view(dtype): `_base` is None, `_is_view()` False.
        """
        t = _new_object(Tensor)
        t._storage = self._storage
        t._geom = geom
        t.dtype = dt
        t._root = None
        t._vc = self._vc
        t._conj = self._conj
        t._neg = self._neg
        return t

    # -- metadata ---------------------------------------------------------------------------
    @property
    def shape(self) -> Size:
        return Size(self._geom.shape)

    def size(self, dim: int | None = None) -> Any:
        shape = self._geom.shape
        if dim is None:
            return Size(shape)
        if type(dim) is int and -len(shape) <= dim < len(shape):
            return shape[dim]  # Python's negative indexing is torch's dim wrapping here
        return shape[self._wrap_dim_for_query(dim)]

    def stride(self, dim: int | None = None) -> Any:
        strides = self._geom.strides
        if dim is None:
            return strides
        if type(dim) is int and -len(strides) <= dim < len(strides):
            return strides[dim]
        return strides[self._wrap_dim_for_query(dim)]

    def _wrap_dim_for_query(self, dim: int) -> int:
        if self.ndim == 0:
            raise errors.fail("no_dims", dim=dim)
        return views.wrap_dim(dim, self.ndim)

    def storage_offset(self) -> int:
        return self._geom.offset

    def numel(self) -> int:
        return self._geom.numel

    def nelement(self) -> int:
        return self._geom.numel

    def dim(self) -> int:
        return self._geom.ndim

    @property
    def ndim(self) -> int:
        return self._geom.ndim

    def element_size(self) -> int:
        return self.dtype.itemsize

    @property
    def itemsize(self) -> int:
        return self.dtype.itemsize

    @property
    def nbytes(self) -> int:
        return self._geom.numel * self.dtype.itemsize

    @property
    def device(self) -> Device:
        return self._storage.device

    @property
    def is_cuda(self) -> builtins.bool:
        return self.device.type == "cuda"

    @property
    def is_meta(self) -> builtins.bool:
        return self.device.type == "meta"

    @property
    def is_cpu(self) -> builtins.bool:
        return self.device.type == "cpu"

    def is_complex(self) -> builtins.bool:
        return self.dtype.is_complex

    def is_floating_point(self) -> builtins.bool:
        return self.dtype.is_floating_point

    def is_conj(self) -> builtins.bool:
        return self._conj

    def is_neg(self) -> builtins.bool:
        return self._neg

    def is_contiguous(self, memory_format: Any = dtypes.contiguous_format) -> builtins.bool:
        if memory_format is dtypes.contiguous_format:
            # cached per geometry object, as torch caches its contiguity flags per tensor
            geom = self._geom
            try:
                if self._contig_for is geom:
                    return self._contig
            except AttributeError:
                pass
            self._contig = found = is_contiguous(geom)
            self._contig_for = geom
            return found
        mf = dtypes.lookup_memory_format(memory_format)
        if mf is dtypes.channels_last:
            return is_channels_last_contiguous(self._geom, 4)
        if mf is dtypes.channels_last_3d:
            return is_channels_last_contiguous(self._geom, 5)
        return is_contiguous(self._geom)

    def is_non_overlapping_and_dense(self) -> builtins.bool:
        return is_dense(self._geom)

    def data_ptr(self) -> int:
        if self._geom.numel == 0:
            return 0
        return self._storage.address + self._geom.offset * self.dtype.itemsize

    def untyped_storage(self) -> UntypedStorage:
        return UntypedStorage(self._storage)

    def is_set_to(self, tensor: Any) -> builtins.bool:
        # aten/src/ATen/native/TensorProperties.cpp: same storage, offset, sizes and strides
        # (dtype aside); it has no Meta kernel, and the conj/neg fallback compares copies
        if not isinstance(tensor, Tensor):
            raise errors.fail("is_set_to_argument", type=type(tensor).__name__)
        if self.device.type == "meta" or tensor.device.type == "meta":
            raise errors.fail("is_set_to_meta")
        if self._conj or self._neg or tensor._conj or tensor._neg:
            return False
        return self._storage is tensor._storage and self._geom == tensor._geom

    @property
    def _base(self) -> Tensor | None:
        return self._root

    def _is_view(self) -> builtins.bool:
        return self._root is not None

    @property
    def _version(self) -> int:
        return self._vc.value

    def _bump(self) -> None:
        self._vc.value += 1

    def _typename(self) -> str:
        """Return the type name torch prints in expand's error (Tensor::toString)."""
        basic = {"float32": "Float", "float64": "Double", "float16": "Half", "int64": "Long",
                 "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte"}
        dev = self.device.type
        if self.dtype.name in basic and dev in ("cpu", "cuda"):
            prefix = "torch.cuda." if dev == "cuda" else "torch."
            return f"{prefix}{basic[self.dtype.name]}Tensor"
        backend = {"cpu": "CPU", "cuda": "CUDA", "meta": "Meta"}.get(dev, dev.upper())
        return f"{backend}{self.dtype.scalar_name}Type"

    # -- values -------------------------------------------------------------------------------
    def _values(self) -> np.ndarray:
        if self.is_meta:
            raise errors.fail("meta_no_data")
        for n in self._geom.shape:
            if n < 0:  # torch's values are read through a clone, whose empty_like refuses
                raise errors.fail("negative_dimension", size=n, shape=self._geom.shape)
        return vals.read(self._storage, self._geom, self.dtype, self._conj, self._neg)

    def _tolerance(self) -> float:
        """Return how far torch's values may stray from these, relative to their magnitude."""
        return self._storage.tolerance

    def _defined(self) -> np.ndarray:
        """Return which elements hold values a program wrote (not allocator garbage).

        The bits of values known only up to a tolerance are not known at all, nor are those
        of a NaN an op computed: a view of them as another dtype (`view(torch.int16)`) holds
        nothing comparable.
        """
        storage = self._storage
        if (storage.tolerance and storage.tolerance_dtype is not self.dtype) or (
                storage.loose_bits and not (self.dtype.is_floating_point or self.dtype.is_complex)):
            return np.zeros(self._geom.shape, dtype=np.bool_)
        return vals.defined(self._storage, self._geom, self.dtype)

    def _write(self, values: np.ndarray) -> None:
        vals.write(self._storage, self._geom, self.dtype, values, self._conj, self._neg)

    def tolist(self) -> Any:
        out = self._values()
        if self.dtype is dtypes.bool_:
            return out.astype(np.bool_).tolist()
        return out.tolist()

    def item(self) -> Any:
        if self.is_meta:
            raise errors.fail("meta_item")
        if self.numel() != 1:
            raise errors.fail("item_numel", numel=self.numel())
        return self._values().reshape(()).tolist()

    def __repr__(self) -> str:
        if self.is_meta:
            body = "..."
        else:
            body = repr(self.tolist())
        return f"tensor({body}, size={tuple(self.shape)}, stride={self.stride()}, " \
               f"dtype={self.dtype!r}, device='{self.device}')"

    def __len__(self) -> int:
        if self.ndim == 0:
            raise errors.fail("len_0d")
        return self._geom.shape[0]

    def __index__(self) -> int:
        if self.ndim or self.dtype.is_floating_point or self.dtype.is_complex or \
                self.dtype is dtypes.bool_:
            raise errors.fail("not_an_index")
        return int(self.item())
