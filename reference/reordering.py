"""flip, fliplr, flipud, roll, rot90, tril and triu: new tensors holding the input's elements in
another order (tril and triu zero some of them); tril_ and triu_ write their input.

flip (aten/src/ATen/native/TensorTransformations.cpp, flip) wraps its dims, refusing a repeat
(dim_list_to_bitset), and allocates `empty_like(self, MemoryFormat::Preserve)`: a dense input's
strides, else dense strides ordered like the input's (infer_dense_strides). Its TensorIterator
walks the output with negated strides, which moves values, never the layout. fliplr is flip({1})
of an input of 2 dims or more, flipud flip({0}) of one of 1 dim or more (same file).

roll (roll_cpu; roll_common in TensorTransformations.h) needs a shift. With one shift and no
dims it rolls `self.contiguous().view(numel)` and views that back: contiguous strides, but an
empty tensor's own where the views keep them (computeStride copies the strides of an empty
tensor viewed as its own shape). Else
shifts and dims must pair up, and each pair in turn is a roll along one dim of the previous
result: an empty tensor is `clone(Preserve)` with its dim never checked, any other the `cat` of
two narrows of it, so the result takes cat's layout (joins.cat_layout: channels_last only where
both pieces suggest it, else contiguous). A dim is checked when its turn comes, so a bad second
dim is found after the first is rolled; a 0-d tensor has no dim to roll.

rot90 (rot90, same file) checks that dims has two entries and the input two dims or more, wraps
dims[0] then dims[1] and refuses equal ones, naming them as given (torch 2.13 wraps before it
compares, measured: the source's own range messages are never reached). With k mod 4, 1 is
flip({dims[1]}).transpose_(dims[0], dims[1]), 2 flip(dims), 3 flip({dims[0]}).transpose_(...),
0 clone(Contiguous); transpose_ restrides the new tensor in place, so the result is never a
view: flip's layout with the two dims swapped.

tril and triu (TriangularOps.cpp, TORCH_META_FUNC(tril) and (triu)) refuse an input of fewer
than 2 dims and `set_output_raw_strided(sizes, {})`: contiguous strides whatever the input's.
An out= must have the input's dtype (structured resize_out), is resized with a warning where it
held elements (to contiguous strides) when its shape differs, else kept as it is. The kernel
(compute_triu_tril, apply_triu_tril) writes +0 outside the band and copies the rest, walking
batches by the one stride of dim -3; where an input's batches do not allow that
(checkTrilTriuBatchContiguous in TriangularOpsUtils.h: 4 dims or more in place, 3 or more
otherwise, laid out otherwise than as contiguous batches) it reads a contiguous copy, and in
place it computes into a new tensor and copy_s that back, which refuses an input whose elements
share memory. An out= that is the input (`is_same`), and tril_ and triu_, work in place. An
out= at the input's very address (same storage and offset) is taken for the input: the band is
written at the input's strides and out='s other elements keep their values (measured). One that
shares the input's bytes otherwise reads what it has written, so its values are not determined
(unless the kernel reads a copy). The math-bit fallback copies back into a conj or neg input or
out=, which refuses an expanded one; nothing else checks overlap.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, writes
from .geometry import Geometry, contiguous_strides, is_contiguous, overlaps_internally
from .iterator import Layout
from .joins import cat_layout
from .layouts import empty_like_strides
from .overlap import resolved, shares_bytes
from .pointwise import check_out_dtype, resize_out
from .reorder_binding import METHOD_PARAMS, NO_ARGUMENTS, PARAMS, bind
from .slice_views import narrow
from .views import transpose, view, wrap_dim, wrap_dims

if TYPE_CHECKING:
    from .tensor import Tensor

Shape = tuple[int, ...]
Reorder = Callable[[np.ndarray], np.ndarray]


# -- layouts: pure functions of the input's geometry --------------------------------------------

def flip_strides(g: Geometry) -> Shape:
    """Return flip's output strides: empty_like(self, MemoryFormat::Preserve)."""
    return empty_like_strides(g, dtypes.preserve_format)


def _roll_dim(dim: int, ndim: int) -> int:
    """Wrap a dim as `self.size(dim)` does: a 0-d tensor has none (no scalar wrapping)."""
    if ndim == 0:
        raise errors.fail("no_dims", dim=dim)
    return wrap_dim(dim, ndim)


def _roll_one(g: Geometry, shift: int, dim: int) -> Geometry:
    """Return the geometry roll_cpu gives g rolled by one shift along one dim."""
    if g.numel == 0:
        return Geometry((g.shape, flip_strides(g), 0))  # clone(Preserve), the dim unchecked
    d = _roll_dim(dim, g.ndim)
    size = g.shape[d]
    start = (size - shift) % size
    shape, strides = cat_layout((narrow(g, d, start, size - start), narrow(g, d, 0, start)), d)
    return Geometry((shape, strides, 0))


def _roll_flat(g: Geometry, shift: int) -> Geometry:
    """Return the geometry of roll_common's `self.contiguous().view(numel)`, rolled along dim 0
    and viewed back to g's shape: contiguous strides, but for an empty g's preserved ones."""
    dense = g if is_contiguous(g) else Geometry((g.shape, contiguous_strides(g.shape), 0))
    return view(_roll_one(view(dense, (g.numel,)), shift, 0), g.shape)


def roll_geometry(g: Geometry, shifts: Shape, dims: Shape) -> Geometry:
    """Return roll's output geometry, checking shifts and dims in torch's order."""
    if not shifts:
        raise errors.fail("roll_shifts_required")
    if not dims and len(shifts) == 1:
        return _roll_flat(g, shifts[0])
    if len(shifts) != len(dims):
        raise errors.fail("roll_align", shifts=len(shifts), dims=len(dims))
    for shift, dim in zip(shifts, dims):
        g = _roll_one(g, shift, dim)
    return g


def rot90_plan(ndim: int, k: int, dims: Shape) -> tuple[Shape | None, tuple[int, int] | None]:
    """Return the dims rot90 flips (None: a contiguous clone) and the dims it then swaps."""
    if len(dims) != 2:
        raise errors.fail("rot90_dims_count", n=len(dims))
    if ndim < 2:
        raise errors.fail("rot90_ndim", ndim=ndim)
    d0, d1 = wrap_dim(dims[0], ndim), wrap_dim(dims[1], ndim)
    if d0 == d1:
        raise errors.fail("rot90_same_dims", dim0=dims[0], dim1=dims[1])
    return {0: (None, None), 1: ((d1,), (d0, d1)), 2: ((d0, d1), None),
            3: ((d0,), (d0, d1))}[k % 4]


def batch_contiguous(g: Geometry, allow_zero_stride: bool) -> bool:
    """Return checkTrilTriuBatchContiguous's verdict (TriangularOpsUtils.h): whether the kernel
    may walk g's batches by the one stride of dim -3, else it works on a contiguous copy. A
    contiguous g passes (restrided where its size-1 dims' strides are unusual, which moves no
    element), and in place, where zero strides are allowed, so does one of 3 dims or fewer."""
    if is_contiguous(g) or (allow_zero_stride and g.ndim <= 3):
        return True
    expected = g.shape[-1] * g.shape[-2]
    for i in range(g.ndim - 3, -1, -1):
        if allow_zero_stride and i == 0 and (g.strides[0] == 0 or g.shape[0] == 1):
            continue
        if g.strides[i] != expected:
            return False
        expected *= g.shape[i]
    return True


# -- values ---------------------------------------------------------------------------------------

def _filled(out: Tensor, t: Tensor, values: Reorder, defined: Reorder | None = None) -> Tensor:
    """Copy t into the new tensor `out` of t's shape, then move its elements as `values`
    moves an array's; `defined` says which come out determined (those `values` moved there
    when not given). The copy carries t's unknown elements and tolerances along."""
    writes.copy_values(out, t)
    if out.is_meta or out.numel() == 0:
        return out
    x, known = out._values(), out._defined()
    out._write(values(x))
    writes.forget(out, ~(defined or values)(known))
    return out


def _new_like(t: Tensor, strides: Shape) -> Tensor:
    return type(t)._fresh(t._geom.shape, strides, t.dtype, t.device, zero=True)


def _flip(t: Tensor, dims: Shape) -> Tensor:
    axes = dims if t.ndim else ()  # a 0-d tensor's dim 0 holds its one element
    return _filled(_new_like(t, flip_strides(t._geom)), t, lambda a: np.flip(a, axes))


def flip(t: Tensor, dims: Sequence[int]) -> Tensor:
    """Return torch.flip(t, dims)."""
    return _flip(t, wrap_dims(dims, t.ndim))


def fliplr(t: Tensor) -> Tensor:
    """Return torch.fliplr(t)."""
    if t.ndim < 2:
        raise errors.fail("flip_ndim", n=2)
    return _flip(t, (1,))


def flipud(t: Tensor) -> Tensor:
    """Return torch.flipud(t)."""
    if t.ndim < 1:
        raise errors.fail("flip_ndim", n=1)
    return _flip(t, (0,))


def roll(t: Tensor, shifts: Sequence[int], dims: Sequence[int] = ()) -> Tensor:
    """Return torch.roll(t, shifts, dims)."""
    shifts, dims = tuple(shifts), tuple(dims)
    g = roll_geometry(t._geom, shifts, dims)
    if dims:  # checked by now, unless t is empty and never reordered
        values: Reorder = lambda a: np.roll(  # noqa: E731
            a, shifts, tuple(_roll_dim(d, a.ndim) for d in dims))
    else:
        values = lambda a: np.roll(a.reshape(-1), shifts[0]).reshape(a.shape)  # noqa: E731
    return _filled(_new_like(t, g.strides), t, values)


def rot90(t: Tensor, k: int = 1, dims: Sequence[int] = (0, 1)) -> Tensor:
    """Return torch.rot90(t, k, dims)."""
    flipped, swapped = rot90_plan(t.ndim, k, tuple(dims))
    if flipped is None:
        return t._clone(dtypes.contiguous_format)
    out = _flip(t, flipped)
    if swapped is not None:
        out._geom = transpose(out._geom, *swapped)  # transpose_ on the new tensor
    return out


def _band(shape: Shape, diagonal: int, upper: bool) -> np.ndarray:
    """Return which elements of the last two dims tril (triu when `upper`) keeps."""
    rows, cols = np.indices(shape[-2:])
    return cols - rows >= diagonal if upper else cols - rows <= diagonal


def _triangle(t: Tensor, diagonal: int, upper: bool) -> Tensor:
    """Return a new contiguous tensor of t's band (TORCH_META_FUNC(tril), compute_triu_tril)."""
    keep = _band(t._geom.shape, diagonal, upper)
    return _filled(_new_like(t, contiguous_strides(t._geom.shape)), t,
                   lambda a: np.where(keep, a, np.zeros((), a.dtype)),
                   lambda known: np.where(keep, known, True))


def _check_ndim(t: Tensor, op: str) -> None:
    if t.ndim < 2:
        raise errors.fail("triangle_ndim", op=op)


def triangle(t: Tensor, diagonal: int, upper: bool, out: Tensor | None = None) -> Tensor:
    """Return torch.triu(t, diagonal, out=out) when `upper`, else torch.tril."""
    _check_ndim(t, "triu" if upper else "tril")
    check_out_dtype(out, t.dtype)
    result = _triangle(t, diagonal, upper)  # read before out= is resized: it may be t
    if out is None:
        return result
    if out is t:
        return _in_place(t, result)
    if out._geom.shape != t._geom.shape:
        resize_out(out, Layout((t._geom.shape, contiguous_strides(t._geom.shape))))
    reads_t = batch_contiguous(t._geom, False)  # else it reads a contiguous copy of t
    if reads_t and t.numel() and out._storage is t._storage and \
            out._geom.offset == t._geom.offset and not resolved(out, t):
        # apply_triu_tril takes a result at the input's address for the input itself and
        # writes the band at the input's strides, leaving out='s other elements as they were
        return _store(t, result, clobbered=False, bumped=out)
    return _store(out, result, clobbered=reads_t and shares_bytes(out, t))


def triangle_(t: Tensor, diagonal: int, upper: bool) -> Tensor:
    """Return t.triu_(diagonal) when `upper`, else t.tril_(diagonal)."""
    _check_ndim(t, "triu" if upper else "tril")
    return _in_place(t, _triangle(t, diagonal, upper))


def _in_place(t: Tensor, result: Tensor) -> Tensor:
    """Write a result into its input: where the kernel cannot walk t's batches it copy_s a
    contiguous result back, which refuses a t whose elements share memory."""
    if not batch_contiguous(t._geom, True) and overlaps_internally(t._geom):
        raise errors.fail("internal_overlap")
    return _store(t, result, clobbered=False)


def _store(dest: Tensor, result: Tensor, clobbered: bool, bumped: Tensor | None = None
           ) -> Tensor:
    """Copy a result into dest, an out= or the input; bump `bumped` (dest unless given)."""
    writes.check_written_back(dest)
    writes.copy_values(dest, result)
    if clobbered:  # the kernel reads elements it has already written
        writes.forget(dest, np.ones(dest._geom.shape, np.bool_))
    (bumped or dest)._bump()
    return bumped or dest


# -- torch's and Tensor's spellings ----------------------------------------------------------------

def _call(name: str, b: dict[str, Any]) -> Tensor:
    t = b["input"]
    if name in ("tril", "triu"):
        return triangle(t, b["diagonal"], name == "triu", b.get("out"))
    if name in ("tril_", "triu_"):
        return triangle_(t, b["diagonal"], name == "triu_")
    if name == "flip":
        return flip(t, b["dims"])
    if name == "roll":
        return roll(t, b["shifts"], b["dims"])
    if name == "rot90":
        return rot90(t, b["k"], b["dims"])
    return fliplr(t) if name == "fliplr" else flipud(t)


def _function(name: str) -> Any:
    def call(*args: Any, **kwargs: Any) -> Any:
        return _call(name, bind(name, PARAMS[name], args, kwargs))
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return torch.{name}, its arguments bound as torch's parser binds them."
    return call


def _method(name: str) -> Any:
    def call(self: Tensor, *args: Any, **kwargs: Any) -> Any:
        if name in NO_ARGUMENTS and args:  # a method of no arguments (METH_NOARGS)
            raise errors.fail("no_arguments", op=f"TensorBase.{name}", given=len(args))
        if name in NO_ARGUMENTS and kwargs:
            raise errors.fail("no_keyword_arguments", op=f"TensorBase.{name}")
        bound = bind(name, METHOD_PARAMS[name], args, kwargs)
        return _call(name, {"input": self, **bound})
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return Tensor.{name}."
    return call


class ReorderingMethods:
    """Tensor's flip, fliplr, flipud, roll, rot90, tril, triu, tril_ and triu_ (mixed into
    Tensor)."""

    __slots__ = ()
    flip = _method("flip")
    fliplr = _method("fliplr")
    flipud = _method("flipud")
    roll = _method("roll")
    rot90 = _method("rot90")
    tril = _method("tril")
    triu = _method("triu")
    tril_ = _method("tril_")
    triu_ = _method("triu_")


FUNCTIONS = {name: _function(name) for name in PARAMS}
