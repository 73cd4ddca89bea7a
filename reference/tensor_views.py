"""Tensor's view methods: reshape, dims, broadcast, parts, splits, dtype and complex views.

Each method routes to a geometry function of views.py, slice_views.py or dtype_views.py and
wraps the geometry it returns in a view of this tensor (`Tensor._view_of`); reshape and
advanced indexing fall back to a copy where torch does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import (
    advanced_indexing,
    arguments,
    dtype_views,
    dtypes,
    errors,
    indexing,
    slice_views,
    storage_ops,
    views,
    writes,
)
from .arguments import NO_DIM, index_items, squeeze_dim, unpack_shape
from .dtypes import dtype as DType
from .geometry import Geometry, compute_stride, contiguous_strides

if TYPE_CHECKING:
    from .tensor import Tensor

# `self: Tensor` below types these methods as the class they are mixed into, which mypy
# accepts in a mixin only for a protocol; it is sound here because Tensor is the one user.
# mypy: disable-error-code="misc"


class ViewMethods:
    """The methods of Tensor that return views of it (or, where torch does, copies)."""

    __slots__ = ()

    def as_strided(self: Tensor, size: Sequence[int], stride: Sequence[int],
                   storage_offset: int | None = None) -> Tensor:
        geom = views.as_strided(self._geom, size, stride, storage_offset)
        storage_ops.check_bounds(self._storage, geom, self.dtype)
        return self._view_of(geom)

    def view(self: Tensor, *shape: Any, dtype: Any = None) -> Tensor:
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

    def _view_dtype(self: Tensor, dt: DType) -> Tensor:
        if self._conj:
            raise errors.fail("view_dtype_conj")
        if self._neg:
            raise errors.fail("view_dtype_neg")
        if dt is self.dtype:
            return self._alias(self._geom, dt)
        geom = dtype_views.view_dtype(self._geom, self.dtype.itemsize, dt.itemsize,
                                      self.dtype.scalar_name, dt.scalar_name)
        return self._alias(geom, dt)

    def view_as(self: Tensor, other: Tensor) -> Tensor:
        return self._view_of(views.view(self._geom, other._geom[0]))

    def expand(self: Tensor, *sizes: Any) -> Tensor:
        return self._view_of(views.expand(self._geom, unpack_shape(sizes, "expand"),
                                          self._typename))

    def expand_as(self: Tensor, other: Tensor) -> Tensor:
        return self._view_of(views.expand(self._geom, other._geom[0], self._typename))

    def broadcast_to(self: Tensor, size: Sequence[int]) -> Tensor:
        return self.expand(tuple(size))

    def narrow(self: Tensor, dim: int, start: Any, length: int) -> Tensor:
        return self._view_of(slice_views.narrow(self._geom, dim,
                                                arguments.narrow_start(start), length))

    def select(self: Tensor, dim: int, index: int) -> Tensor:
        return self._view_of(slice_views.select(self._geom, dim, index))

    def permute(self: Tensor, *dims: Any) -> Tensor:
        return self._view_of(views.permute(self._geom, unpack_shape(dims, "permute")))

    def transpose(self: Tensor, dim0: int, dim1: int) -> Tensor:
        return self._view_of(views.transpose(self._geom, dim0, dim1))

    swapaxes = transpose
    swapdims = transpose

    def t(self: Tensor) -> Tensor:
        return self._view_of(views.t(self._geom))

    @property
    def T(self: Tensor) -> Tensor:  # noqa: N802
        return self._view_of(views.numpy_T(self._geom))

    @property
    def mT(self: Tensor) -> Tensor:  # noqa: N802
        if self.ndim == 0:
            return self
        return self._view_of(views.matrix_T(self._geom, "mT_ndim"))

    @property
    def H(self: Tensor) -> Tensor:  # noqa: N802
        if self.ndim == 0:
            return self.conj()
        if self.ndim != 2:
            hint = " For batches of matrices, consider using tensor.mH" if self.ndim > 2 else ""
            raise errors.fail("H_ndim", ndim=self.ndim, hint=hint)
        return self.transpose(0, 1).conj()

    @property
    def mH(self: Tensor) -> Tensor:  # noqa: N802
        if self.ndim == 0:
            return self.conj()
        return self._view_of(views.matrix_T(self._geom, "mH_ndim")).conj()

    def adjoint(self: Tensor) -> Tensor:
        if self.ndim == 0:
            return self.conj()
        return self._view_of(views.matrix_T(self._geom, "adjoint_ndim")).conj()

    def movedim(self: Tensor, source: int | Sequence[int],
                destination: int | Sequence[int]) -> Tensor:
        return self._view_of(views.movedim(self._geom, source, destination))

    moveaxis = movedim

    def squeeze(self: Tensor, *args: Any, dim: Any = NO_DIM) -> Tensor:
        if dim is NO_DIM and (not args or type(args[0]) is int) and len(args) < 2:
            return self._view_of(views.squeeze(self._geom, args[0] if args else None))
        return self._view_of(views.squeeze(self._geom, squeeze_dim(args, dim)))

    def unsqueeze(self: Tensor, dim: int) -> Tensor:
        return self._view_of(views.unsqueeze(self._geom, dim))

    def diagonal(self: Tensor, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Tensor:
        return self._view_of(slice_views.diagonal(self._geom, offset, dim1, dim2))

    def unfold(self: Tensor, dimension: int, size: int, step: int) -> Tensor:
        return self._view_of(slice_views.unfold(self._geom, dimension, size, step))

    def unbind(self: Tensor, dim: int = 0) -> tuple[Tensor, ...]:
        return tuple([self._view_of(g) for g in slice_views.unbind(self._geom, dim)])

    def split(self: Tensor, split_size: int | Sequence[int], dim: int = 0
              ) -> tuple[Tensor, ...]:
        return tuple(self._view_of(g) for g in slice_views.split(self._geom, split_size, dim))

    def split_with_sizes(self: Tensor, split_sizes: Sequence[int], dim: int = 0
                         ) -> tuple[Tensor, ...]:
        return tuple(self._view_of(g)
                     for g in slice_views.split_with_sizes(self._geom, split_sizes, dim))

    def chunk(self: Tensor, chunks: int, dim: int = 0) -> tuple[Tensor, ...]:
        return tuple(self._view_of(g) for g in slice_views.chunk(self._geom, chunks, dim))

    def tensor_split(self: Tensor, indices_or_sections: Any, dim: int = 0
                     ) -> tuple[Tensor, ...]:
        sections = arguments.sections_or_indices(self.ndim, indices_or_sections)
        return tuple(self._view_of(g)
                     for g in slice_views.tensor_split(self._geom, sections, dim))

    def hsplit(self: Tensor, sections: int | Sequence[int]) -> tuple[Tensor, ...]:
        return tuple(self._view_of(g)
                     for g in slice_views.directional_split(self._geom, sections, "hsplit"))

    def vsplit(self: Tensor, sections: int | Sequence[int]) -> tuple[Tensor, ...]:
        return tuple(self._view_of(g)
                     for g in slice_views.directional_split(self._geom, sections, "vsplit"))

    def dsplit(self: Tensor, sections: int | Sequence[int]) -> tuple[Tensor, ...]:
        return tuple(self._view_of(g)
                     for g in slice_views.directional_split(self._geom, sections, "dsplit"))

    def reshape(self: Tensor, *shape: Any) -> Tensor:
        return self._reshape(views.infer_size(unpack_shape(shape, "reshape"),
                                              self.numel()))

    def _reshape(self: Tensor, new_shape: tuple[int, ...]) -> Tensor:
        """Return a view when ATen computeStride finds strides, else a contiguous copy."""
        old_shape, old_strides, offset = self._geom
        strides = compute_stride(old_shape, old_strides, new_shape)
        if strides is not None:
            return self._view_of(Geometry((new_shape, strides, offset)))
        # ATen reshape: _unsafe_view of a contiguous clone, which is not a view
        copy = self.clone(memory_format=dtypes.contiguous_format)
        copy._geom = Geometry((new_shape, contiguous_strides(new_shape), 0))
        return copy

    def reshape_as(self: Tensor, other: Tensor) -> Tensor:
        return self._reshape(views.infer_size(other._geom[0], self._geom.numel))

    def flatten(self: Tensor, start_dim: int = 0, end_dim: int = -1) -> Tensor:
        shape = views.flatten_shape(self._geom, start_dim, end_dim)
        if shape is None:
            return self
        return self._reshape(shape)

    def unflatten(self: Tensor, dim: int, sizes: Sequence[int]) -> Tensor:
        return self._view_of(views.view(self._geom, views.unflatten_shape(self._geom, dim,
                                                                           sizes)))

    def ravel(self: Tensor) -> Tensor:
        return self.contiguous().view(-1)

    @property
    def real(self: Tensor) -> Tensor:
        if not self.dtype.is_complex:
            return self
        g = slice_views.select(dtype_views.view_as_real(self._geom), -1, 0)
        return self._view_of(g, self.dtype.to_real(), conj=False)

    @property
    def imag(self: Tensor) -> Tensor:
        if not self.dtype.is_complex:
            raise errors.fail("imag_real")
        g = slice_views.select(dtype_views.view_as_real(self._geom), -1, 1)
        return self._view_of(g, self.dtype.to_real(), conj=False, neg=self._conj)

    def conj(self: Tensor) -> Tensor:
        if not self.dtype.is_complex:
            return self
        return self._view_of(self._geom, conj=not self._conj)

    def resolve_conj(self: Tensor) -> Tensor:
        if not self._conj:
            return self
        return self.clone()

    def resolve_neg(self: Tensor) -> Tensor:
        if not self._neg:
            return self
        return self.clone()

    def detach(self: Tensor) -> Tensor:
        return self._alias(self._geom, self.dtype)

    # -- indexing: basic indices make a view, advanced ones a copy --------------------------
    def __getitem__(self: Tensor, index: Any) -> Tensor:
        if advanced_indexing.is_advanced(index):
            return advanced_indexing.advanced_getitem(self, index)
        g, bools = indexing.basic_view(self._geom, index_items(index))
        if not bools:
            return self._view_of(g)
        src, strides = indexing.advanced_index(g, bools)
        out = self._fresh(src.shape, strides, self.dtype, self.device)
        writes.copy_values(out, self._view_of(src))
        return out
