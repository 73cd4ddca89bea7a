"""The Tensor class: storage + geometry + dtype, routing every op to a pure geometry function."""

from __future__ import annotations

import builtins
from collections.abc import Sequence
from math import prod
from typing import Any

import numpy as np

from . import dtypes, errors, views
from . import values as vals
from .device import concrete
from .device import device as Device
from .device import lookup as lookup_device
from .dtypes import dtype as DType
from .geometry import (
    Geometry,
    aliases_internally,
    channels_last_strides,
    contiguous_strides,
    infer_dense_strides,
    is_channels_last_contiguous,
    is_channels_last_strides,
    is_contiguous,
    is_non_overlapping_and_dense,
    overlaps_internally,
)
from .storage import Storage, UntypedStorage

_new_object = object.__new__
_NO_DIM: Any = object()  # squeeze's "no dim given", since squeeze(None) is an error


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


def _unpack_shape(args: tuple[Any, ...], name: str | None = None) -> tuple[int, ...]:
    """Accept f(2, 3), f((2, 3)) and f([2, 3]) as torch does; f() needs `name` to be allowed."""
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        args = tuple(args[0])
    elif not args and name is not None:
        if name == "view":
            raise TypeError("view() received an invalid combination of arguments - got (), but "
                            "expected one of:")
        arg = {"reshape": "shape", "permute": "dims", "expand": "size", "resize_": "size"}[name]
        raise TypeError(f'{name}() missing 1 required positional arguments: "{arg}"')
    for a in args:
        if type(a) is not int:  # bool is not int here, as in torch's argument parser
            return _unpack_slow(args)
    return args


def _unpack_slow(args: tuple[Any, ...]) -> tuple[int, ...]:
    out = []
    for a in args:
        if isinstance(a, Tensor) and a.ndim == 0 and not a.dtype.is_floating_point and \
                not a.dtype.is_complex:
            out.append(int(a.item()))  # a 0-d integer tensor passes as an int (__index__)
            continue
        if isinstance(a, builtins.bool) or not isinstance(a, (int, np.integer)):
            got = ", ".join(type(x).__name__ for x in args)
            raise TypeError(f"received an invalid combination of arguments - got ({got})")
        out.append(int(a))
    return tuple(out)


def _is_scalar(value: Any) -> builtins.bool:
    return isinstance(value, (builtins.bool, int, builtins.float, complex, np.generic))


def _scalar_dtype(value: Any) -> DType:
    """Return the dtype a Python scalar takes as a wrapped number."""
    if isinstance(value, (builtins.bool, np.bool_)):
        return dtypes.bool_
    if isinstance(value, (int, np.integer)):
        return dtypes.int64
    if isinstance(value, (builtins.float, np.floating)):
        return dtypes.float32
    return dtypes.complex64


def promote_types(a: DType, b: DType) -> DType:
    """Return torch.promote_types for two dtypes (c10/core/ScalarType.cpp)."""
    if a is b:
        return a
    ca, cb = dtypes.category(a), dtypes.category(b)
    if ca != cb:
        hi, lo = (a, b) if ca > cb else (b, a)
        if hi.is_complex and lo is dtypes.float64:
            return dtypes.complex128
        return hi
    if ca == 1:
        if {a, b} == {dtypes.uint8, dtypes.int8}:
            return dtypes.int16
        if dtypes.uint8 in (a, b):
            return b if a is dtypes.uint8 else a
        return a if a.itemsize > b.itemsize else b
    if ca == 2:
        if {a, b} == {dtypes.float16, dtypes.bfloat16}:
            return dtypes.float32
        return a if a.itemsize > b.itemsize else b
    return a if a.itemsize > b.itemsize else b


def _combine(higher: DType | None, lower: DType | None) -> DType | None:
    """ATen TypeProperties.cpp combine_categories."""
    if higher is None:
        return lower
    if lower is None:
        return higher
    if higher.is_complex:
        return higher
    if lower.is_complex:
        if higher.is_floating_point:
            return higher.to_complex() if higher is not dtypes.bfloat16 else dtypes.complex64
        return lower
    if higher.is_floating_point:
        return higher
    if higher is dtypes.bool_ or lower.is_floating_point:
        return promote_types(higher, lower)
    return higher


def result_type(*operands: Any) -> DType:
    """Return the common dtype of tensors and scalars (ATen TypeProperties.cpp result_type)."""
    dim_r: DType | None = None
    zero_r: DType | None = None
    wrapped_r: DType | None = None
    for op in operands:
        if isinstance(op, Tensor):
            if op.ndim > 0:
                dim_r = op.dtype if dim_r is None else promote_types(dim_r, op.dtype)
            else:
                zero_r = op.dtype if zero_r is None else promote_types(zero_r, op.dtype)
        else:
            d = _scalar_dtype(op)
            wrapped_r = d if wrapped_r is None else promote_types(wrapped_r, d)
    out = _combine(dim_r, _combine(zero_r, wrapped_r))
    assert out is not None, "result_type needs at least one operand"
    return out


def can_cast(src: DType, dst: DType) -> builtins.bool:
    """Return torch.can_cast (c10/core/ScalarType.h canCast)."""
    if src.is_complex and not dst.is_complex:
        return False
    if src.is_floating_point and not (dst.is_floating_point or dst.is_complex):
        return False
    return not (src is not dtypes.bool_ and dst is dtypes.bool_)


# c10 overflows<To, From>: the ranges a scalar must fit when converted with checked_convert.
_INT_MAX = {"uint8": 255, "int8": 127, "int16": 2**15 - 1, "int32": 2**31 - 1,
            "int64": 2**63 - 1}
_FLOAT_MAX = {"float16": 65504.0, "bfloat16": 3.3895313892515355e38,
              "float32": 3.4028234663852886e38}


def _overflows(value: Any, dt: DType) -> builtins.bool:
    """Return c10's overflows<To, From> for one real component."""
    if dt is dtypes.bool_ or isinstance(value, builtins.bool):
        return False
    if dt.name in _INT_MAX:
        hi = _INT_MAX[dt.name]
        lo = 0 if dt is dtypes.uint8 else -hi - 1
        if isinstance(value, builtins.float):
            if value != value:
                return True
            return value < lo or value > hi
        if dt is dtypes.uint8:  # unsigned targets accept negatives that wrap
            return value > hi or (value < 0 and -value > hi)
        return value < lo or value > hi
    if dt.name in _FLOAT_MAX and isinstance(value, (int, builtins.float)):
        if value != value or value in (float("inf"), float("-inf")):
            return False
        return abs(value) > _FLOAT_MAX[dt.name]
    return False


def checked_scalar(value: Any, dt: DType, numel: int = 2) -> Any:
    """Raise as checked_convert does when a scalar cannot be stored as dt (ATen Fill.cpp).

    With one element CPU fill goes through a scalar path that converts float16/bfloat16
    via double without a range check.
    """
    if isinstance(value, np.generic):
        value = value.item()
    if isinstance(value, int) and not -2**63 <= value < 2**64:
        raise OverflowError("int too big to convert")  # torch's argument parser refuses it
    if dt is dtypes.bool_ or isinstance(value, builtins.bool):
        return value
    scalar_path = numel == 1 and dt in (dtypes.float16, dtypes.bfloat16)
    real_dt = dt.to_real() if dt.is_complex else dt
    name = "double" if scalar_path else dt.cpp_name
    if isinstance(value, complex):
        if not dt.is_complex and value.imag != 0:
            raise errors.value_overflow(name)
        parts: tuple[Any, ...] = (value.real, value.imag) if dt.is_complex else (value.real,)
    else:
        parts = (value,)
    if scalar_path:
        return value
    for part in parts:
        if _overflows(part, real_dt):
            raise errors.value_overflow(dt.cpp_name)
    return value


def broadcast_shapes(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Return the broadcast of two shapes (ATen ExpandUtils.cpp infer_size)."""
    n = max(len(a), len(b))
    out = []
    for i in range(n - 1, -1, -1):
        ia, ib = i - (n - len(a)), i - (n - len(b))
        sa = a[ia] if ia >= 0 else 1
        sb = b[ib] if ib >= 0 else 1
        if sa != sb and sa != 1 and sb != 1:
            raise errors.fail("broadcast", a=sa, b=sb, dim=i)
        out.append(sa if sb == 1 else sb)
    return tuple(reversed(out))


def _overlap_status(a: Tensor, b: Tensor) -> str:
    """Return 'full', 'partial' or 'no' (ATen MemoryOverlap.cpp get_overlap_status)."""
    if a is b:
        return "full"
    if a.numel() == 0 or b.numel() == 0:
        return "no"
    if not is_non_overlapping_and_dense(a._geom) or not is_non_overlapping_and_dense(b._geom):
        return "too_hard"
    if a._storage is not b._storage:
        return "no"
    a0 = a._geom.offset * a.dtype.itemsize
    b0 = b._geom.offset * b.dtype.itemsize
    a1 = a0 + a.numel() * a.dtype.itemsize
    b1 = b0 + b.numel() * b.dtype.itemsize
    if a0 == b0 and a1 == b1:
        return "full" if a._geom.strides == b._geom.strides else "partial"
    if a0 < b1 and b0 < a1:
        return "partial"
    return "no"


_PARTIAL_OVERLAP = ("unsupported operation: some elements of the input tensor and the "
                    "written-to tensor refer to a single memory location. Please clone() the "
                    "tensor before performing the operation.")


class Tensor:
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
                raise errors.negative_dimension(n, shape)
        strides = contiguous_strides(shape) if strides is None else tuple(strides)
        geom = Geometry(tuple(shape), strides, 0)
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

    def _check_bounds(self, geom: Geometry, dt: DType | None = None) -> None:
        """Check as_strided geometry against the storage, then the offset (ATen setStrided)."""
        dt = self.dtype if dt is None else dt
        needed = geom.extent() * dt.itemsize
        if needed > self._storage.nbytes:
            raise errors.storage_out_of_bounds(geom.shape, geom.strides, geom.offset,
                                               dt.itemsize, needed, self._storage.nbytes)
        if geom.offset < 0:
            raise errors.fail("invalid_storage_offset", offset=geom.offset)

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
            raise errors.no_dims(dim)
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
        return self.is_contiguous() or self.is_contiguous(dtypes.channels_last) or \
            self.is_contiguous(dtypes.channels_last_3d) or is_non_overlapping_and_dense(
                self._geom)

    def data_ptr(self) -> int:
        if self._geom.numel == 0:
            return 0
        return self._storage.address + self._geom.offset * self.dtype.itemsize

    def untyped_storage(self) -> UntypedStorage:
        return UntypedStorage(self._storage)

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

    # -- values -------------------------------------------------------------------------------
    def _values(self) -> np.ndarray:
        if self.is_meta:
            raise errors.meta_no_data()
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
            raise errors.meta_item()
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
            raise TypeError("len() of a 0-d tensor")
        return self._geom.shape[0]

    # -- view ops: each routes to a geometry function -----------------------------------------
    def as_strided(self, size: Sequence[int], stride: Sequence[int],
                   storage_offset: int | None = None) -> Tensor:
        geom = views.as_strided(self._geom, size, stride, storage_offset)
        self._check_bounds(geom)
        return self._view_of(geom)

    def view(self, *shape: Any, dtype: Any = None) -> Tensor:
        if dtype is None and shape and type(shape[0]) is int:
            return self._view_of(views.view(self._geom, _unpack_shape(shape, "view")))
        if dtype is not None and not shape:
            return self._view_dtype(dtypes.lookup(dtype))
        if len(shape) == 1 and type(shape[0]) is not int and dtypes.is_dtype_like(shape[0]):
            return self._view_dtype(dtypes.lookup(shape[0]))
        try:
            sizes = _unpack_shape(shape, "view")
        except TypeError as exc:
            if "invalid combination" in str(exc) and "view()" not in str(exc):
                raise TypeError(f"view() {exc}, but expected one of:") from None
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

    def view_as(self, other: Tensor) -> Tensor:
        return self._view_of(views.view(self._geom, other._geom[0]))

    def expand(self, *sizes: Any) -> Tensor:
        return self._view_of(views.expand(self._geom, _unpack_shape(sizes, "expand"),
                                          self._typename))

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

    def expand_as(self, other: Tensor) -> Tensor:
        return self._view_of(views.expand(self._geom, other._geom[0], self._typename))

    def broadcast_to(self, size: Sequence[int]) -> Tensor:
        return self.expand(tuple(size))

    def narrow(self, dim: int, start: Any, length: int) -> Tensor:
        if isinstance(start, Tensor):
            if start.ndim or start.dtype.is_floating_point or start.dtype.is_complex or \
                    start.dtype is dtypes.bool_:
                raise RuntimeError("start must be an 0-dim integral Tensor.")
            start = int(start.item())
        return self._view_of(views.narrow(self._geom, dim, start, length))

    def select(self, dim: int, index: int) -> Tensor:
        return self._view_of(views.select(self._geom, dim, index))

    def permute(self, *dims: Any) -> Tensor:
        return self._view_of(views.permute(self._geom, _unpack_shape(dims, "permute")))

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
            extra = (" For batches of matrices, consider using tensor.mH"
                     if self.ndim > 2 else "")
            raise RuntimeError("tensor.H is only supported on matrices (2-D tensors). Got "
                               f"{self.ndim}-D tensor.{extra}")
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

    def squeeze(self, *args: Any, dim: Any = _NO_DIM) -> Tensor:
        if dim is _NO_DIM and (not args or type(args[0]) is int) and len(args) < 2:
            return self._view_of(views.squeeze(self._geom, args[0] if args else None))
        return self._view_of(views.squeeze(self._geom, _squeeze_dim(args, dim)))

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
        if isinstance(indices_or_sections, Tensor):
            t = indices_or_sections
            if self.ndim == 0:
                raise errors.fail("tensor_split_0d")
            if t.dtype is not dtypes.int64:
                raise RuntimeError("tensor_split expected tensor_indices_or_sections to have "
                                   f"dtype of long, but got {t.dtype.scalar_name}")
            if t.ndim > 1:
                raise RuntimeError("tensor_split expected tensor_indices_or_sections to be a "
                                   "zero-dimensional or one-dimensional tensor, but got a tensor "
                                   f"with {t.ndim} dims")
            indices_or_sections = int(t.item()) if t.ndim == 0 else [int(v) for v in t.tolist()]
        return tuple(self._view_of(g) for g in views.tensor_split(self._geom,
                                                                   indices_or_sections, dim))

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
        return self._reshape(views.infer_size(_unpack_shape(shape, "reshape"), self.numel()))

    def _reshape(self, new_shape: tuple[int, ...]) -> Tensor:
        """Return a view when ATen computeStride finds strides, else a contiguous copy."""
        old_shape, old_strides, offset = self._geom
        strides = views.compute_stride(old_shape, old_strides, new_shape)
        if strides is not None:
            return self._view_of(views._geometry((new_shape, strides, offset)))
        # ATen reshape: _unsafe_view of a contiguous clone, which is not a view
        copy = self.clone(memory_format=dtypes.contiguous_format)
        copy._geom = Geometry(new_shape, contiguous_strides(new_shape), 0)
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

    # -- copies --------------------------------------------------------------------------------
    def _empty_like_strides(self, memory_format: Any) -> tuple[int, ...]:
        """Return the strides empty_like gives (ATen TensorFactories.cpp empty_like)."""
        mf = dtypes.lookup_memory_format(memory_format)
        shape = self._geom.shape
        if mf is dtypes.preserve_format:
            if self.is_non_overlapping_and_dense():
                return self._geom.strides
            return infer_dense_strides(shape, self._geom.strides)
        return _strides_for_format(shape, mf)

    def clone(self, *, memory_format: Any = dtypes.preserve_format) -> Tensor:
        strides = self._empty_like_strides(memory_format)
        out = Tensor._fresh(self._geom.shape, strides, self.dtype, self.device, zero=True)
        if not self.is_meta:
            out._copy_values_from(self)
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
        dev, dt, copy, mf = _parse_to(self, args, kwargs)
        same_device = dev is None or dev == self.device or (
            dev.index is None and dev.type == self.device.type)
        if (dt is None or dt is self.dtype) and same_device and not copy and (
                mf is dtypes.preserve_format or _suggest_format(self._geom) is mf):
            return self
        target_dev = self.device if dev is None else concrete(dev)
        target_dt = self.dtype if dt is None else dt
        if self.is_meta and target_dev.type != "meta":
            raise errors.meta_no_data()
        strides = self._empty_like_strides(mf)
        out = Tensor._fresh(self._geom.shape, strides, target_dt, target_dev, zero=True)
        if not self.is_meta and not out.is_meta:
            out._copy_values_from(self)
        return out

    def cpu(self) -> Tensor:
        return self.to("cpu")

    def cuda(self, device: Any = None) -> Tensor:
        return self.to("cuda" if device is None else lookup_device(device))

    def _copy_values_from(self, src: Tensor) -> None:
        """Copy logical values of src (broadcast) into self, converting dtype."""
        if self.is_meta or src.is_meta:
            return
        if _unordered_overlap(self, src) or aliases_internally(self._geom):
            undefined: np.ndarray | None = np.ones(self.shape, dtype=np.bool_)
        elif vals.fully_defined(src._storage):
            undefined = None  # the common case: no garbage to carry over
        else:
            undefined = ~np.broadcast_to(src._defined(), self.shape)
        odd = _noncanonical(src)  # read before the copy: src may share bytes with self
        if src.dtype is self.dtype and not (src._conj or src._neg or self._conj or self._neg):
            vals.copy_same_type(self._storage, self._geom, src._storage, src._geom, self.dtype)
        else:
            self._write(src._values())
        if undefined is not None:
            self._forget(undefined)
        if odd is not None:
            self._forget(np.broadcast_to(odd, self.shape))

    def _forget(self, undefined: np.ndarray) -> None:
        """Mark elements whose value torch does not determine (garbage in, garbage out)."""
        if undefined.any():
            storage = self._storage
            if storage.defined is None and storage.data is not None:
                storage.defined = np.ones(storage.nbytes, dtype=np.bool_)
            vals._byte_flags(storage, self._geom, self.dtype)[undefined] = False

    # -- in-place writes ----------------------------------------------------------------------
    def _check_writable(self) -> None:
        # TensorIterator returns before its overlap checks when there is nothing to write
        if self._geom.numel and overlaps_internally(self._geom):
            raise errors.internal_overlap()

    def fill_(self, value: Any) -> Tensor:
        if isinstance(value, Tensor):
            if value.ndim != 0:
                raise RuntimeError("fill_ only supports 0-dimension value tensor but got tensor "
                                   f"with {value.ndim} dimensions.")
            self._check_writable()
            if not self.is_meta and not value.is_meta:
                self._write(value._values())
            self._bump()
            return self
        # a scalar fill skips the overlap check: "Fill is idempotent" (ATen Fill.cpp)
        checked_scalar(value, self.dtype, self.numel())
        if not self.is_meta:
            self._write(np.asarray(value))
        self._bump()
        return self

    def zero_(self) -> Tensor:
        return self.fill_(0)

    def copy_(self, src: Tensor, non_blocking: builtins.bool = False) -> Tensor:
        if not isinstance(src, Tensor):
            raise TypeError(f"copy_(): argument 'src' (position 1) must be Tensor, not "
                            f"{type(src).__name__}")
        if src is self or (
                src._storage is self._storage and src._geom == self._geom and
                src.dtype is self.dtype and src._conj == self._conj and src._neg == self._neg):
            # ATen copy_impl returns early when src and self are views of the same data
            odd = _noncanonical(src)
            if odd is not None:
                self._forget(odd)
            self._bump()
            return self
        if src.is_meta and not self.is_meta:
            raise errors.meta_no_data()
        self._check_writable()
        status = _overlap_status(self, src)
        if status == "partial":
            raise RuntimeError(_PARTIAL_OVERLAP)
        shape = broadcast_shapes(self._geom.shape, src._geom.shape)
        if shape != self._geom.shape:
            raise errors.fail("copy_broadcast", out=self.shape, shape=shape)
        self._copy_values_from(src)
        self._bump()
        return self

    def _binary_(self, other: Any, op: str, alpha: Any = 1) -> Tensor:
        self._check_writable()
        if isinstance(other, Tensor):
            # on a conjugate view the Conjugate fallback computes on a materialized copy,
            # so the partial-overlap check never sees the shared bytes
            if not self._conj and _overlap_status(self, other) == "partial":
                raise RuntimeError(_PARTIAL_OVERLAP)
            shape = broadcast_shapes(self._geom.shape, other._geom.shape)
            if shape != self._geom.shape:
                raise errors.fail("copy_broadcast", out=self.shape, shape=shape)
            if other.device != self.device and other.ndim != 0 and not (
                    other.is_meta or self.is_meta):
                raise errors.fail("different_device", a=self.device, b=other.device)
        elif not _is_scalar(other):
            raise TypeError(f"{op}_(): argument 'other' must be Tensor or Number, not "
                            f"{type(other).__name__}")
        if op == "sub":
            other_dt = other.dtype if isinstance(other, Tensor) else _scalar_dtype(other)
            if self.dtype is dtypes.bool_ and other_dt is dtypes.bool_:
                raise errors.fail("sub_bool")
            if self.dtype is dtypes.bool_ or other_dt is dtypes.bool_:
                raise errors.fail("sub_bool_scalar")
        common = result_type(self, other)
        if not can_cast(common, self.dtype):
            raise errors.cannot_cast(common.scalar_name, self.dtype.scalar_name)
        if op in ("add", "sub"):
            _alpha_check(common, alpha)
            checked_scalar(alpha, common)
        if not self.is_meta and not (isinstance(other, Tensor) and other.is_meta):
            a = _to_compute(self._values(), common)
            if isinstance(other, Tensor):
                b = _to_compute(other._values(), common)
            elif op == "mul" and common in (dtypes.float16, dtypes.bfloat16):
                b = np.asarray(other, dtype=np.float32)  # mul keeps the scalar in opmath
            else:
                b = _to_compute(np.asarray(other), common)
            with np.errstate(all="ignore"):
                if op == "mul":
                    r = np.logical_and(a, b) if common is dtypes.bool_ else a * b
                else:
                    scale = alpha if op == "add" else -alpha
                    if common is dtypes.bool_:
                        r = np.logical_or(a, np.logical_and(b, bool(scale)))
                    elif scale == 1:
                        r = a + b
                    elif common is dtypes.float32:
                        # vectorized CPU kernels fuse a + alpha * b into one rounding
                        r = (a.astype(np.float64) + np.float64(scale) * b.astype(np.float64)
                             ).astype(np.float32)
                    else:
                        r = a + _to_compute(np.asarray(scale), common) * b
            undefined = ~self._defined()
            for t in (self, other) if isinstance(other, Tensor) else (self,):
                odd = _noncanonical(t)
                if odd is not None:
                    undefined |= np.broadcast_to(odd, self.shape)
            if aliases_internally(self._geom):
                undefined = np.ones(self.shape, dtype=np.bool_)
            if isinstance(other, Tensor):
                undefined = undefined | ~np.broadcast_to(other._defined(), self.shape)
                if _unordered_overlap(self, other):
                    undefined = np.ones(self.shape, dtype=np.bool_)
            self._write(_round_to(r, common))
            self._forget(undefined)
        self._bump()
        return self

    def add_(self, other: Any, *, alpha: Any = 1) -> Tensor:
        return self._binary_(other, "add", alpha)

    def sub_(self, other: Any, *, alpha: Any = 1) -> Tensor:
        return self._binary_(other, "sub", alpha)

    def mul_(self, other: Any) -> Tensor:
        return self._binary_(other, "mul")

    # -- in-place metadata ------------------------------------------------------------------------
    def _set_geometry(self, geom: Geometry) -> Tensor:
        self._geom = geom
        self._bump()
        return self

    def as_strided_(self, size: Sequence[int], stride: Sequence[int],
                    storage_offset: int | None = None) -> Tensor:
        geom = views.as_strided(self._geom, size, stride, storage_offset)
        self._check_bounds(geom)
        return self._set_geometry(geom)

    def squeeze_(self, *args: Any, dim: Any = _NO_DIM) -> Tensor:
        return self._set_geometry(views.squeeze(self._geom, _squeeze_dim(args, dim)))

    def unsqueeze_(self, dim: int) -> Tensor:
        return self._set_geometry(views.unsqueeze(self._geom, dim))

    def transpose_(self, dim0: int, dim1: int) -> Tensor:
        return self._set_geometry(views.transpose(self._geom, dim0, dim1))

    def t_(self) -> Tensor:
        return self._set_geometry(views.t(self._geom, "t_"))

    def resize_(self, *sizes: Any, memory_format: Any = None) -> Tensor:
        """Resize in place (ATen Resize.cpp resize_): same sizes keep the strides."""
        shape = _unpack_shape(sizes, "resize_")
        if min(shape, default=0) < 0:
            raise errors.numel_overflow()
        mf = None if memory_format is None else dtypes.lookup_memory_format(memory_format)
        if mf is dtypes.preserve_format:
            raise RuntimeError("Unsupported memory formatPreserve")
        changed = shape != self._geom.shape
        if changed:
            geom = Geometry(shape, contiguous_strides(shape), self._geom.offset)
            needed = (geom.offset + geom.numel) * self.dtype.itemsize if geom.numel else 0
            if needed > self._storage.nbytes:
                self._storage.resize(needed)
        else:
            geom = self._geom
        if mf is not None:
            # a memory format restrides even when the sizes stay; only a size change counts
            # as a version bump
            geom = Geometry(shape, _strides_for_format(shape, mf), geom.offset)
        self._geom = geom
        if changed:
            self._bump()
        return self

    def set_(self, source: Any = None, storage_offset: int = 0, size: Sequence[int] | None = None,
             stride: Sequence[int] | None = None) -> Tensor:
        """Re-point this tensor at another storage (ATen TensorShape.cpp set_ overloads)."""
        if source is None:
            self._storage = Storage(0, self.device)
            self._geom = Geometry((0,), (1,), 0)
            self._bump()
            return self
        if isinstance(source, Tensor):
            if source.dtype is not self.dtype:
                raise RuntimeError(f"Could not set tensor of type {source.dtype.cpp_name} to a "
                                   f"tensor of type {self.dtype.cpp_name}")
            if size is None:
                self._check_same_device(source._storage)
                self._storage = source._storage
                self._geom = source._geom
                self._bump()
                return self
            impl = source._storage
        elif isinstance(source, UntypedStorage):
            impl = source._impl
        else:
            raise TypeError(f"set_(): argument 'source' must be Tensor or Storage, not "
                            f"{type(source).__name__}")
        if size is None:
            geom = Geometry((impl.nbytes // self.dtype.itemsize,), (1,), 0)
        else:
            shape = tuple(size)
            if stride is not None and len(stride) and len(stride) != len(shape):
                raise RuntimeError(f"unequal size length ({len(shape)}) and stride length "
                                   f"({len(stride)})")
            strides = contiguous_strides(shape) if not stride else tuple(stride)
            geom = Geometry(shape, strides, storage_offset)
        self._check_same_device(impl)
        if geom.offset < 0:
            raise errors.fail("set_storage_offset", offset=geom.offset)
        if min(geom.shape, default=0) < 0:
            raise errors.numel_overflow()
        if min(geom.strides, default=0) < 0:
            raise errors.storage_size_overflow(geom.shape, geom.strides)
        # like resize_, set_ grows a storage that is too small instead of failing
        needed = geom.extent() * self.dtype.itemsize
        if needed > impl.nbytes:
            impl.resize(needed)
        self._storage = impl
        self._geom = geom
        self._bump()
        return self

    def _check_same_device(self, impl: Storage) -> None:
        if impl.device != self.device:
            raise RuntimeError(
                f'Attempted to set the storage of a tensor on device "{self.device}" to a '
                f'storage on different device "{impl.device}".  This is no longer allowed; the '
                "devices must match.")

    # -- indexing --------------------------------------------------------------------------------
    def __getitem__(self, index: Any) -> Tensor:
        return _indexing.getitem(self, index)

    def __setitem__(self, index: Any, value: Any) -> None:
        _indexing.setitem(self, index, value)

    def __delitem__(self, index: Any) -> None:
        raise TypeError("Tensor does not support deleting items")

    def __index__(self) -> int:
        if self.ndim or self.dtype.is_floating_point or self.dtype.is_complex or \
                self.dtype is dtypes.bool_:
            raise TypeError("only integer tensors of a single element can be converted to an "
                            "index")
        return int(self.item())



def _noncanonical(t: Tensor) -> np.ndarray | None:
    """Return which elements of a bool tensor hold bytes other than 0 and 1, if any do.

    torch leaves what reads of such bytes produce open: eager copies them as they are, or as
    0 and 1 (its copy kernels differ), or skips a copy onto itself; compiled kernels load them
    as bools and store 0 or 1. Whatever they are written into is not determined.
    """
    if t.dtype is not dtypes.bool_ or t.is_meta:
        return None
    odd = vals.noncanonical_bools(t._storage, t._geom)
    return odd if odd.any() else None

def _unordered_overlap(dst: Tensor, src: Tensor) -> builtins.bool:
    """Return whether src and dst share bytes in a way whose result depends on kernel order.

    torch lets such writes through (MemOverlap TOO_HARD) and the outcome depends on the
    order its kernel visits elements, so the reference leaves those values undetermined.
    """
    if dst._storage is not src._storage or dst.numel() == 0 or src.numel() == 0:
        return False
    if _overlap_status(dst, src) in ("full", "no"):
        return False
    lo_d, hi_d = _byte_range(dst)
    lo_s, hi_s = _byte_range(src)
    return lo_d < hi_s and lo_s < hi_d


def _byte_range(t: Tensor) -> tuple[int, int]:
    g = t._geom
    lo = g.offset * t.dtype.itemsize
    return lo, (g.extent()) * t.dtype.itemsize


def _squeeze_dim(args: tuple[Any, ...], dim: Any = None) -> int | tuple[int, ...] | None:
    """Parse squeeze()'s overloads: no argument, one dim, or a tuple of dims (never None)."""
    if dim is not _NO_DIM:
        args = (*args, dim)
    if not args:
        return None
    if len(args) > 1 or args[0] is None or isinstance(args[0], (builtins.bool, float, str)):
        got = ", ".join(type(a).__name__ for a in args)
        raise TypeError(f"squeeze() received an invalid combination of arguments - got ({got}), "
                        "but expected one of:")
    dim = args[0]
    return tuple(dim) if isinstance(dim, (tuple, list)) else int(dim)


def _to_compute(values: np.ndarray, common: DType) -> np.ndarray:
    """Convert values to the numpy type arithmetic in `common` runs in."""
    values = np.asarray(values)
    if common is dtypes.bool_:
        return values.astype(np.bool_)
    return vals.quantize(values, common)


def _round_to(values: np.ndarray, common: DType) -> np.ndarray:
    """Round a compute-type result to the common dtype, as the kernel stores it."""
    if common in (dtypes.bfloat16, dtypes.float16, dtypes.complex32):
        return vals.quantize(values, common)
    return values


def _alpha_check(common: DType, alpha: Any) -> None:
    """ATen BinaryOps.cpp alpha_check."""
    if isinstance(alpha, builtins.bool) and common is not dtypes.bool_:
        raise RuntimeError("Boolean alpha only supported for Boolean results.")
    if not (common.is_floating_point or common.is_complex) and \
            not isinstance(alpha, (int, np.integer)):
        raise RuntimeError("For integral input tensors, argument alpha must not be a floating "
                           "point number.")
    if not common.is_complex and isinstance(alpha, complex):
        raise RuntimeError("For non-complex input tensors, argument alpha must not be a "
                           "complex number.")


def _strides_for_format(shape: tuple[int, ...], mf: dtypes.memory_format) -> tuple[int, ...]:
    if mf is dtypes.channels_last:
        if len(shape) != 4:
            raise errors.fail("memory_format_rank", rank=4, name="channels_last")
        return channels_last_strides(shape)
    if mf is dtypes.channels_last_3d:
        if len(shape) != 5:
            raise errors.fail("memory_format_rank", rank=5, name="channels_last_3d")
        return channels_last_strides(shape)
    return contiguous_strides(shape)


def _suggest_format(g: Geometry) -> dtypes.memory_format:
    """Return TensorBase::suggest_memory_format for strided tensors."""
    if is_channels_last_strides(g.shape, g.strides):
        return dtypes.channels_last if g.ndim == 4 else dtypes.channels_last_3d
    return dtypes.contiguous_format


def _parse_to(self: Tensor, args: tuple[Any, ...], kwargs: dict[str, Any]
              ) -> tuple[Device | None, DType | None, builtins.bool, dtypes.memory_format]:
    """Parse Tensor.to's overloads: (device, dtype), (dtype), (tensor), with keywords."""
    dev: Device | None = None
    dt: DType | None = None
    rest = list(args)
    if rest and isinstance(rest[0], Tensor):
        other = rest.pop(0)
        dev, dt = other.device, other.dtype
    if rest and not dtypes.is_dtype_like(rest[0]) and not isinstance(rest[0], builtins.bool) \
            and (isinstance(rest[0], (str, int)) or dtypes.is_dtype_like(rest[0]) is False
                 and hasattr(rest[0], "type")):
        dev = lookup_device(rest.pop(0))
    if rest and dtypes.is_dtype_like(rest[0]):
        dt = dtypes.lookup(rest.pop(0))
    if rest and isinstance(rest[0], builtins.bool):
        rest.pop(0)  # non_blocking
    copy = builtins.bool(rest.pop(0)) if rest else False
    if rest:
        raise TypeError("to() received an invalid combination of arguments")
    if "device" in kwargs and kwargs["device"] is not None:
        dev = lookup_device(kwargs.pop("device"))
    if "dtype" in kwargs and kwargs["dtype"] is not None:
        dt = dtypes.lookup(kwargs.pop("dtype"))
    copy = builtins.bool(kwargs.pop("copy", copy))
    kwargs.pop("non_blocking", None)
    mf = dtypes.lookup_memory_format(kwargs.pop("memory_format", dtypes.preserve_format))
    if kwargs:
        raise TypeError(f"to() got an unexpected keyword argument '{next(iter(kwargs))}'")
    return dev, dt, copy, mf


from . import indexing as _indexing  # noqa: E402 - indexing builds on Tensor
