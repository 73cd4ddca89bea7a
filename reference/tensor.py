"""The Tensor class: storage + geometry + dtype, routing every op to the module that models it.

View ops go to views.py, indexing to indexing.py, value writes to writes.py, set_/resize_ to
storage_ops.py, argument overloads to arguments.py; what stays here is the tensor's own state:
its fields, the views and aliases it makes of itself and its version counter.
"""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from math import prod
from typing import Any

import numpy as np

from . import arguments, dtypes, errors, indexing, layouts, storage_ops, views, writes
from . import values as vals
from .arguments import NO_DIM, index_items, squeeze_dim, unpack_shape
from .device import concrete
from .device import device as Device
from .device import lookup as lookup_device
from .dtypes import dtype as DType
from .geometry import (
    Geometry,
    compute_stride,
    contiguous_strides,
    is_channels_last_contiguous,
    is_contiguous,
    is_dense,
)
from .operands import TensorBase
from .storage import Storage, UntypedStorage

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


class Tensor(TensorBase):
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
        if dim is None:
            return Size(self._geom.shape)
        return self._geom.shape[self._wrap_dim_for_query(dim)]

    def stride(self, dim: int | None = None) -> Any:
        if dim is None:
            return self._geom.strides
        return self._geom.strides[self._wrap_dim_for_query(dim)]

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
        if not isinstance(tensor, TensorBase):
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
        return vals.read(self._storage, self._geom, self.dtype, self._conj, self._neg)

    def _defined(self) -> np.ndarray:
        """Return which elements hold values a program wrote (not allocator garbage)."""
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

    # -- view ops: each routes to a geometry function -----------------------------------------
    def as_strided(self, size: Sequence[int], stride: Sequence[int],
                   storage_offset: int | None = None) -> Tensor:
        geom = views.as_strided(self._geom, size, stride, storage_offset)
        storage_ops.check_bounds(self._storage, geom, self.dtype)
        return self._view_of(geom)

    def view(self, *shape: Any, dtype: Any = None) -> Tensor:
        if dtype is None and shape and type(shape[0]) is int:
            return self._view_of(views.view(self._geom, unpack_shape(shape, "view")))
        if dtype is not None and not shape:
            return self._view_dtype(dtypes.lookup(dtype))
        if len(shape) == 1 and type(shape[0]) is not int and dtypes.is_dtype_like(shape[0]):
            return self._view_dtype(dtypes.lookup(shape[0]))
        try:
            sizes = unpack_shape(shape, "view")
        except TypeError as exc:
            if "invalid combination" in str(exc) and "view()" not in str(exc):
                raise errors.fail("view_arguments", error=str(exc)) from None
            raise
        return self._view_of(views.view(self._geom, sizes))

    def _view_dtype(self, dt: DType) -> Tensor:
        if self._conj:
            raise errors.fail("view_dtype_conj")
        if self._neg:
            raise errors.fail("view_dtype_neg")
        if dt is self.dtype:
            return self._alias(self._geom, dt)
        geom = views.view_dtype(self._geom, self.dtype.itemsize, dt.itemsize,
                                self.dtype.scalar_name, dt.scalar_name)
        return self._alias(geom, dt)

    def view_as(self, other: Tensor) -> Tensor:
        return self._view_of(views.view(self._geom, other._geom[0]))

    def expand(self, *sizes: Any) -> Tensor:
        return self._view_of(views.expand(self._geom, unpack_shape(sizes, "expand"),
                                          self._typename))

    def expand_as(self, other: Tensor) -> Tensor:
        return self._view_of(views.expand(self._geom, other._geom[0], self._typename))

    def broadcast_to(self, size: Sequence[int]) -> Tensor:
        return self.expand(tuple(size))

    def narrow(self, dim: int, start: Any, length: int) -> Tensor:
        return self._view_of(views.narrow(self._geom, dim, arguments.narrow_start(start),
                                          length))

    def select(self, dim: int, index: int) -> Tensor:
        return self._view_of(views.select(self._geom, dim, index))

    def permute(self, *dims: Any) -> Tensor:
        return self._view_of(views.permute(self._geom, unpack_shape(dims, "permute")))

    def transpose(self, dim0: int, dim1: int) -> Tensor:
        return self._view_of(views.transpose(self._geom, dim0, dim1))

    swapaxes = transpose
    swapdims = transpose

    def t(self) -> Tensor:
        return self._view_of(views.t(self._geom))

    @property
    def T(self) -> Tensor:  # noqa: N802
        return self._view_of(views.numpy_T(self._geom))

    @property
    def mT(self) -> Tensor:  # noqa: N802
        if self.ndim == 0:
            return self
        return self._view_of(views.matrix_T(self._geom, "mT_ndim"))

    @property
    def H(self) -> Tensor:  # noqa: N802
        if self.ndim == 0:
            return self.conj()
        if self.ndim != 2:
            hint = " For batches of matrices, consider using tensor.mH" if self.ndim > 2 else ""
            raise errors.fail("H_ndim", ndim=self.ndim, hint=hint)
        return self.transpose(0, 1).conj()

    @property
    def mH(self) -> Tensor:  # noqa: N802
        if self.ndim == 0:
            return self.conj()
        return self._view_of(views.matrix_T(self._geom, "mH_ndim")).conj()

    def adjoint(self) -> Tensor:
        if self.ndim == 0:
            return self.conj()
        return self._view_of(views.matrix_T(self._geom, "adjoint_ndim")).conj()

    def movedim(self, source: int | Sequence[int], destination: int | Sequence[int]) -> Tensor:
        return self._view_of(views.movedim(self._geom, source, destination))

    moveaxis = movedim

    def squeeze(self, *args: Any, dim: Any = NO_DIM) -> Tensor:
        if dim is NO_DIM and (not args or type(args[0]) is int) and len(args) < 2:
            return self._view_of(views.squeeze(self._geom, args[0] if args else None))
        return self._view_of(views.squeeze(self._geom, squeeze_dim(args, dim)))

    def unsqueeze(self, dim: int) -> Tensor:
        return self._view_of(views.unsqueeze(self._geom, dim))

    def diagonal(self, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
        return self._view_of(views.diagonal(self._geom, offset, dim1, dim2))

    def unfold(self, dimension: int, size: int, step: int) -> Tensor:
        return self._view_of(views.unfold(self._geom, dimension, size, step))

    def unbind(self, dim: int = 0) -> tuple[Tensor, ...]:
        return tuple([self._view_of(g) for g in views.unbind(self._geom, dim)])

    def split(self, split_size: int | Sequence[int], dim: int = 0) -> tuple[Tensor, ...]:
        return tuple(self._view_of(g) for g in views.split(self._geom, split_size, dim))

    def split_with_sizes(self, split_sizes: Sequence[int], dim: int = 0) -> tuple[Tensor, ...]:
        return tuple(self._view_of(g) for g in views.split_with_sizes(self._geom, split_sizes,
                                                                      dim))

    def chunk(self, chunks: int, dim: int = 0) -> tuple[Tensor, ...]:
        return tuple(self._view_of(g) for g in views.chunk(self._geom, chunks, dim))

    def tensor_split(self, indices_or_sections: Any, dim: int = 0) -> tuple[Tensor, ...]:
        sections = arguments.sections_or_indices(self.ndim, indices_or_sections)
        return tuple(self._view_of(g) for g in views.tensor_split(self._geom, sections, dim))

    def hsplit(self, sections: int | Sequence[int]) -> tuple[Tensor, ...]:
        return tuple(self._view_of(g) for g in views.directional_split(self._geom, sections,
                                                                        "hsplit"))

    def vsplit(self, sections: int | Sequence[int]) -> tuple[Tensor, ...]:
        return tuple(self._view_of(g) for g in views.directional_split(self._geom, sections,
                                                                        "vsplit"))

    def dsplit(self, sections: int | Sequence[int]) -> tuple[Tensor, ...]:
        return tuple(self._view_of(g) for g in views.directional_split(self._geom, sections,
                                                                        "dsplit"))

    def reshape(self, *shape: Any) -> Tensor:
        return self._reshape(views.infer_size(unpack_shape(shape, "reshape"),
                                              self.numel()))

    def _reshape(self, new_shape: tuple[int, ...]) -> Tensor:
        """Return a view when ATen computeStride finds strides, else a contiguous copy."""
        old_shape, old_strides, offset = self._geom
        strides = compute_stride(old_shape, old_strides, new_shape)
        if strides is not None:
            return self._view_of(Geometry((new_shape, strides, offset)))
        # ATen reshape: _unsafe_view of a contiguous clone, which is not a view
        copy = self.clone(memory_format=dtypes.contiguous_format)
        copy._geom = Geometry((new_shape, contiguous_strides(new_shape), 0))
        return copy

    def reshape_as(self, other: Tensor) -> Tensor:
        return self._reshape(views.infer_size(other._geom[0], self._geom.numel))

    def flatten(self, start_dim: int = 0, end_dim: int = -1) -> Tensor:
        shape = views.flatten_shape(self._geom, start_dim, end_dim)
        if shape is None:
            return self
        return self._reshape(shape)

    def unflatten(self, dim: int, sizes: Sequence[int]) -> Tensor:
        return self._view_of(views.view(self._geom, views.unflatten_shape(self._geom, dim,
                                                                           sizes)))

    def ravel(self) -> Tensor:
        return self.contiguous().view(-1)

    @property
    def real(self) -> Tensor:
        if not self.dtype.is_complex:
            return self
        g = views.select(views.view_as_real(self._geom), -1, 0)
        return self._view_of(g, self.dtype.to_real(), conj=False)

    @property
    def imag(self) -> Tensor:
        if not self.dtype.is_complex:
            raise errors.fail("imag_real")
        g = views.select(views.view_as_real(self._geom), -1, 1)
        return self._view_of(g, self.dtype.to_real(), conj=False, neg=self._conj)

    def conj(self) -> Tensor:
        if not self.dtype.is_complex:
            return self
        return self._view_of(self._geom, conj=not self._conj)

    def resolve_conj(self) -> Tensor:
        if not self._conj:
            return self
        return self.clone()

    def resolve_neg(self) -> Tensor:
        if not self._neg:
            return self
        return self.clone()

    def detach(self) -> Tensor:
        return self._alias(self._geom, self.dtype)

    # -- indexing --------------------------------------------------------------------------------
    def __getitem__(self, index: Any) -> Tensor:
        g, bools = indexing.basic_view(self._geom, index_items(index))
        if not bools:
            return self._view_of(g)
        src, strides = indexing.advanced_index(g, bools, self.dtype.itemsize)
        out = Tensor._fresh(src.shape, strides, self.dtype, self.device)
        writes.copy_values(out, self._view_of(src))
        return out

    def __setitem__(self, index: Any, value: Any) -> None:
        writes.setitem(self, index, value)

    def __delitem__(self, index: Any) -> None:
        raise errors.fail("delitem")

    # -- copies --------------------------------------------------------------------------------
    def clone(self, *, memory_format: Any = dtypes.preserve_format) -> Tensor:
        strides = layouts.empty_like_strides(self._geom, memory_format)
        out = Tensor._fresh(self._geom.shape, strides, self.dtype, self.device, zero=True)
        writes.copy_values(out, self)
        return out

    def contiguous(self, memory_format: Any = dtypes.contiguous_format) -> Tensor:
        if memory_format is dtypes.contiguous_format and self.is_contiguous():
            return self
        mf = dtypes.lookup_memory_format(memory_format)
        if self.is_contiguous(mf):
            return self
        if mf is dtypes.preserve_format:
            raise errors.fail("contiguous_preserve")
        return self.clone(memory_format=mf)

    def to(self, *args: Any, **kwargs: Any) -> Tensor:
        dev, dt, copy, mf = arguments.parse_to(args, kwargs)
        same_device = dev is None or dev == self.device or (
            dev.index is None and dev.type == self.device.type)
        if (dt is None or dt is self.dtype) and same_device and not copy and (
                mf is dtypes.preserve_format or layouts.suggest_format(self._geom) is mf):
            return self
        target_dev = self.device if dev is None else concrete(dev)
        target_dt = self.dtype if dt is None else dt
        if self.is_meta and target_dev.type != "meta":
            raise errors.fail("meta_no_data")
        strides = layouts.empty_like_strides(self._geom, mf)
        out = Tensor._fresh(self._geom.shape, strides, target_dt, target_dev, zero=True)
        writes.copy_values(out, self)
        return out

    def cpu(self) -> Tensor:
        return self.to("cpu")

    def cuda(self, device: Any = None) -> Tensor:
        return self.to("cuda" if device is None else lookup_device(device))

    # -- in-place writes ----------------------------------------------------------------------
    def fill_(self, value: Any) -> Tensor:
        return writes.fill_(self, value)

    def zero_(self) -> Tensor:
        return self.fill_(0)

    def copy_(self, src: Tensor, non_blocking: builtins.bool = False) -> Tensor:
        return writes.copy_(self, src)

    def add_(self, other: Any, *, alpha: Any = 1) -> Tensor:
        return writes.binary_(self, other, "add", alpha)

    def sub_(self, other: Any, *, alpha: Any = 1) -> Tensor:
        return writes.binary_(self, other, "sub", alpha)

    def mul_(self, other: Any) -> Tensor:
        return writes.binary_(self, other, "mul")

    # -- in-place metadata ------------------------------------------------------------------------
    def _set_geometry(self, geom: Geometry) -> Tensor:
        self._geom = geom
        self._bump()
        return self

    def as_strided_(self, size: Sequence[int], stride: Sequence[int],
                    storage_offset: int | None = None) -> Tensor:
        geom = views.as_strided(self._geom, size, stride, storage_offset)
        storage_ops.check_bounds(self._storage, geom, self.dtype)
        return self._set_geometry(geom)

    def squeeze_(self, *args: Any, dim: Any = NO_DIM) -> Tensor:
        return self._set_geometry(views.squeeze(self._geom, squeeze_dim(args, dim)))

    def unsqueeze_(self, dim: int) -> Tensor:
        return self._set_geometry(views.unsqueeze(self._geom, dim))

    def transpose_(self, dim0: int, dim1: int) -> Tensor:
        return self._set_geometry(views.transpose(self._geom, dim0, dim1))

    def t_(self) -> Tensor:
        return self._set_geometry(views.t(self._geom, "t_"))

    # -- storage ----------------------------------------------------------------------------------
    def resize_(self, *sizes: Any, memory_format: Any = None) -> Tensor:
        return storage_ops.resize_(self, sizes, memory_format)

    def set_(self, source: Any = None, storage_offset: int = 0, size: Sequence[int] | None = None,
             stride: Sequence[int] | None = None) -> Tensor:
        return storage_ops.set_(self, source, storage_offset, size, stride)
