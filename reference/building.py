"""repeat, tile, repeat_interleave, diag, diag_embed and diagflat: new tensors built from one
input's elements, repeated or spread along a diagonal (narrow_copy is scatters.py's).

Layouts. repeat (aten/src/ATen/native/TensorShape.cpp repeat) expands the input to its padded
shape, allocates `at::empty(target_size)` (contiguous, whatever the input's layout, channels_last
and expanded ones too) and copies the expanded input into an unfolded view of it; a zero repeat
returns the empty tensor as it is. tile (tile_symint) pads its reps with leading 1s and is
repeat. repeat_interleave (Repeat.cpp) with an int repeats clones `unsqueeze(dim + 1).expand`
contiguously and flattens the clone: the result is a view of a tensor the op made. With a
tensor repeats it index_selects (a new contiguous tensor) by the tensor-only
repeat_interleave of the repeats, which must be int32 or int64 (AT_DISPATCH_INDEX_TYPES); a
conj or neg input is read without its bits and the result gets them back as a view of the
selection. diag_embed (TensorShape.cpp diag_embed) is zeros of the new shape, contiguous, and
a copy into their diagonal; diag of a 1-d input is diag_embed, of a 2-d one diagonal_copy
(contiguous); diagflat is `contiguous().view(-1).diag(offset)`. diag's out= is torchgen's
out wrapper: the result computed apart, out= resized (resize_output: a warning when it held
elements), its dtype checked after the resize, then copy_; a 1-d input first checks that its
dtype casts to out='s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from . import errors, signatures, views, writes
from .gathers import index_select
from .geometry import Geometry, contiguous_strides
from .iterator import Layout
from .operands import is_tensor
from .pointwise import cpp_type, resize_out
from .promotion import can_cast
from .reorder_binding import Param, bind
from .slice_views import diagonal

if TYPE_CHECKING:
    from .dtypes import dtype as DType
    from .tensor import Tensor

Shape = tuple[int, ...]


# -- layouts: pure functions of shapes -----------------------------------------------------------

def repeat_shape(shape: Shape, repeats: Shape) -> tuple[Shape, Shape]:
    """Return repeat's padded input shape and its target shape."""
    if len(repeats) < len(shape):
        raise errors.fail("repeat_dims")
    padded = (1,) * (len(repeats) - len(shape)) + shape
    return padded, tuple(p * r for p, r in zip(padded, repeats))


def unfolded(out: Geometry, padded: Shape) -> Geometry:
    """Return repeat's as_strided view of its output: one dim per repeat, then the input's."""
    sizes, strides = list(out.shape), list(out.strides)
    for i, size in enumerate(padded):
        step = max(size, 1)  # TensorShape.cpp repeat: unfold cannot step by 0
        sizes.append(size)
        strides.append(strides[i])
        sizes[i] = (sizes[i] - size) // step + 1
        strides[i] *= step
    return Geometry((tuple(sizes), tuple(strides), out.offset))


def diag_embed_shape(shape: Shape, offset: int, dim1: int, dim2: int) -> tuple[Shape, int, int]:
    """Return diag_embed's output shape and its two wrapped diagonal dims."""
    ndim = len(shape) + 1
    d1, d2 = views.wrap_dim(dim1, ndim), views.wrap_dim(dim2, ndim)
    if d1 == d2:
        raise errors.fail("diagonal_same", d1=dim1, d2=dim2)
    size = abs(offset) + shape[-1]
    out = list(shape[:-1])
    out.insert(min(d1, d2), size)
    out.insert(max(d1, d2), size)
    return tuple(out), d1, d2


# -- helpers ---------------------------------------------------------------------------------------

def _new(t: Tensor, shape: Shape, dt: DType | None = None, zero: bool = False) -> Tensor:
    return type(t)._fresh(shape, contiguous_strides(shape), dt or t.dtype, t.device, zero=zero)


def _copy(dest: Tensor, geom: Geometry, src: Tensor, src_geom: Geometry) -> None:
    """Copy src viewed as src_geom into dest viewed as geom (a copy_ below autograd)."""
    writes.copy_values(dest._view_of(geom), src._view_of(src_geom))


def _flat(t: Tensor) -> Tensor:
    """Return `t.flatten()`: t itself when 1-d, a view where strides allow, else a copy."""
    return t if t.ndim == 1 else t.reshape(-1)


def _into_out(out: Tensor, result: Tensor) -> Tensor:
    """torchgen's out= wrapper: resize_output to the result's shape, check the dtype, copy_."""
    if out._geom.shape != result._geom.shape:
        shape = result._geom.shape
        resize_out(out, Layout((shape, contiguous_strides(shape))))
    if out.dtype is not result.dtype:
        raise errors.fail("out_dtype_expected", want=cpp_type(result.dtype),
                          got=cpp_type(out.dtype))
    return writes.copy_(out, result)


# -- repeat and tile -------------------------------------------------------------------------------

def repeat(t: Tensor, repeats: Shape) -> Tensor:
    """Return t.repeat(*repeats)."""
    padded, target = repeat_shape(t._geom.shape, tuple(repeats))
    expanded = views.expand(t._geom, padded)
    out = type(t)._fresh(target, None, t.dtype, t.device)
    if 0 in repeats:
        return out
    ur = unfolded(out._geom, padded)
    _copy(out, ur, t, views.expand(expanded, ur.shape))
    return out


def tile(t: Tensor, dims: Shape) -> Tensor:
    """Return torch.tile(t, dims): repeat with dims padded by leading 1s to t's ndim."""
    return repeat(t, (1,) * (t.ndim - len(dims)) + tuple(dims))


# -- repeat_interleave -----------------------------------------------------------------------------

def _interleave_int(t: Tensor, repeats: int, dim: int | None, output_size: int | None
                    ) -> Tensor:
    """Repeat.cpp repeat_interleave_symint (SymInt repeats)."""
    source = t if dim is not None else _flat(t)
    d = views.wrap_dim(0 if dim is None else dim, t.ndim)  # against self.dim(), as ATen does
    if repeats < 0:
        raise errors.fail("repeats_negative_int")
    g = views.unsqueeze(source._geom, d + 1)
    shape = g.shape[:d + 1] + (repeats,) + g.shape[d + 2:]
    if output_size is not None and output_size != repeats * shape[d]:
        raise errors.fail("repeat_interleave_output_size", want=repeats * shape[d],
                          got=output_size)
    clone = _new(t, shape)
    _copy(clone, clone._geom, source, views.expand(g, shape))
    return clone._view_of(views.view(clone._geom, shape[:d] + (shape[d] * repeats,)
                                     + shape[d + 2:]))


def repeats_index(repeats: Tensor, output_size: int | None = None) -> Tensor:
    """Return torch.repeat_interleave(repeats): each index i repeats[i] times (Repeat.h
    repeat_interleave_common, Repeat.cpp compute_cpu).

    A negative count with a total that still matches is written out of bounds by torch
    (heap corruption, measured with output_size=); the reference refuses it.
    """
    if repeats.dtype.name not in ("int32", "int64"):
        raise errors.fail("repeat_interleave_dtype", type=repeats.dtype.scalar_name)
    if repeats.ndim != 1:
        raise errors.fail("repeat_interleave_vector")
    if not repeats.numel():
        return type(repeats)._fresh((0,), None, repeats.dtype, repeats.device)
    if repeats.is_meta:
        if output_size is None:
            raise errors.fail("repeat_interleave_meta")
        return type(repeats)._fresh((output_size,), None, repeats.dtype, repeats.device)
    counts = [int(v) for v in repeats._values().tolist()]
    total = sum(counts) if output_size is None else output_size
    out = type(repeats)._fresh((total,), None, repeats.dtype, repeats.device)
    if total != sum(counts):
        raise errors.fail("repeat_interleave_size")
    if any(c < 0 for c in counts):
        raise errors.fail("repeats_negative")
    out._write(np.repeat(np.arange(len(counts)), counts))
    return out


def _interleave_tensor(t: Tensor, repeats: Tensor, dim: int | None,
                       output_size: int | None) -> Tensor:
    """Repeat.cpp repeat_interleave_symint (Tensor repeats)."""
    source = t._view_of(t._geom, conj=False, neg=False) if t._conj or t._neg else t
    if dim is None:
        source, dim = _flat(source), 0
    if repeats.ndim == 0 or (repeats.ndim == 1 and repeats._geom.shape[0] == 1):
        n = source.size(dim)
        repeats = repeats._view_of(views.expand(views.view(repeats._geom, (1,)), (n,)))
    elif repeats.ndim == 1:
        if repeats._geom.shape[0] != source.size(dim):
            raise errors.fail("repeats_size", got=repeats._geom.shape[0], dim=dim,
                              size=source.size(dim))
    else:
        raise errors.fail("repeats_ndim")
    out = index_select(source, dim, repeats_index(repeats, output_size))
    if t._conj or t._neg:
        return out._view_of(out._geom, conj=t._conj, neg=t._neg)
    return out


def repeat_interleave(t: Tensor, repeats: Any = None, dim: int | None = None, *,
                      output_size: int | None = None) -> Tensor:
    """Return torch.repeat_interleave(t, repeats, dim, output_size=...); with repeats None,
    t is the repeats of the tensor-only form."""
    if repeats is None:
        return repeats_index(t, output_size)
    if is_tensor(repeats):
        return _interleave_tensor(t, repeats, dim, output_size)
    return _interleave_int(t, repeats, dim, output_size)


# -- diag, diag_embed, diagflat --------------------------------------------------------------------

def diag_embed(t: Tensor, offset: int = 0, dim1: int = -2, dim2: int = -1) -> Tensor:
    """Return torch.diag_embed(t, offset, dim1, dim2)."""
    shape, d1, d2 = diag_embed_shape(t._geom.shape, offset, dim1, dim2)
    out = _new(t, shape, zero=True)
    _copy(out, diagonal(out._geom, offset, d1, d2), t, t._geom)
    return out


def diagonal_copy(t: Tensor, offset: int) -> Tensor:
    """Return torch.diagonal_copy(t, offset) of a 2-d t: a new contiguous 1-d tensor."""
    g = diagonal(t._geom, offset, 0, 1)
    out = _new(t, g.shape)
    _copy(out, out._geom, t, g)
    return out


def diag(t: Tensor, diagonal: int = 0, *, out: Tensor | None = None) -> Tensor:
    """Return torch.diag(t, diagonal, out=out)."""
    if t.ndim not in (1, 2):
        raise errors.fail("diag_ndim", prefix="diag(): " if out is None else "", ndim=t.ndim)
    if out is not None and t.ndim == 1 and not can_cast(t.dtype, out.dtype):
        raise errors.fail("diag_out_cast", src=t.dtype.scalar_name, dst=out.dtype.scalar_name)
    result = diag_embed(t, diagonal, 0, 1) if t.ndim == 1 else diagonal_copy(t, diagonal)
    return result if out is None else _into_out(out, result)


def diagflat(t: Tensor, offset: int = 0) -> Tensor:
    """Return torch.diagflat(t, offset): the flattened t on a diagonal."""
    return diag_embed(t.reshape(-1), offset, 0, 1)


# -- torch's and Tensor's spellings ----------------------------------------------------------------

_OUT = "Tensor? out=None"
_SIGNATURES = {
    "diag": (f"diag(Tensor input, int diagonal=0, *, {_OUT})",),
    "diag_embed": ("diag_embed(Tensor input, int offset=0, int dim1=-2, int dim2=-1)",),
    "diagflat": ("diagflat(Tensor input, int offset=0)",),
    # native_functions.yaml's three overloads, in the binding's order
    "repeat_interleave": (
        "repeat_interleave(Tensor repeats, *, int? output_size=None)",
        "repeat_interleave(Tensor input, Tensor repeats, int? dim=None, *, "
        "int? output_size=None)",
        "repeat_interleave(Tensor input, int repeats, int? dim=None, *, int? output_size=None)"),
}
_FUNCTIONS = {name: tuple(signatures.signature(s) for s in texts)
              for name, texts in _SIGNATURES.items()}
_METHODS = {name: tuple(signatures.Signature(s.name, tuple(
    p for p in s.params if p.name not in ("input", "out"))) for s in sigs
    if s.params[0].name == "input") for name, sigs in _FUNCTIONS.items()}
# the int lists: repeat's method alone (torch has no torch.repeat), tile's both forms
_REPEATS = (Param("repeats", "ints"),)
_TILE = (Param("input", "Tensor"), Param("dims", "ints"))


def _call(name: str, b: dict[str, Any]) -> Any:
    t = b["input"] if "input" in b else b["repeats"]
    if name == "repeat_interleave":
        if "input" not in b:
            return repeat_interleave(t, output_size=b.get("output_size"))
        return repeat_interleave(t, b["repeats"], b.get("dim"),
                                 output_size=b.get("output_size"))
    if name == "diag":
        return diag(t, b.get("diagonal", 0), out=b.get("out"))
    if name == "diag_embed":
        return diag_embed(t, b.get("offset", 0), b.get("dim1", -2), b.get("dim2", -1))
    if name == "diagflat":
        return diagflat(t, b.get("offset", 0))
    raise KeyError(name)  # the table above covers every op this module binds


def _function(name: str) -> Any:
    def call(*args: Any, **kwargs: Any) -> Any:
        if name == "tile":
            b = bind("tile", _TILE, args, kwargs)
            return tile(b["input"], b["dims"])
        return _call(name, signatures.parse(_FUNCTIONS[name], args, kwargs))
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return torch.{name}, its arguments bound as torch's parser binds them."
    return call


def _method(name: str) -> Any:
    def call(self: Tensor, *args: Any, **kwargs: Any) -> Any:
        if name in ("repeat", "tile"):
            b = bind(name, _REPEATS if name == "repeat" else _TILE[1:], args, kwargs)
            return repeat(self, b["repeats"]) if name == "repeat" else tile(self, b["dims"])
        return _call(name, {"input": self, **signatures.parse(_METHODS[name], args, kwargs)})
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return Tensor.{name}."
    return call


class BuildingMethods:
    """Tensor's repeat, tile, repeat_interleave, diag, diag_embed and diagflat."""

    __slots__ = ()
    repeat = _method("repeat")
    tile = _method("tile")
    repeat_interleave = _method("repeat_interleave")
    diag = _method("diag")
    diag_embed = _method("diag_embed")
    diagflat = _method("diagflat")


FUNCTIONS = {name: _function(name) for name in ("tile", *_SIGNATURES)}
