"""The functional inverses of views: slice_scatter, select_scatter, diagonal_scatter,
as_strided_scatter, and the *_copy ops (ATen TensorShape.cpp).

A scatter op clones its input keeping the input's strides and storage offset, takes the view
on the clone and copies src into it (TensorShape.cpp `clone_preserve_strides`, Note [*_scatter
ops preserve strides]). A *_copy op runs its view op and clones the view contiguously
(torchgen gen_functionalization_type.py `gen_composite_view_copy_kernel`), except narrow_copy,
which has a CPU kernel of its own. Both take their conj/neg inputs resolved, as the Conjugate
and Negative fallbacks hand them over (ATen native/MathBitsFallback.h): a clone laid out as
empty_like lays it out. Every view is made by the view op itself, so its checks and errors are
the view op's.

FUNCTIONS maps each torch.<name> this module models to its function; `method` runs the Tensor
methods' forms, which tensor_scatters.py routes to.
"""

from __future__ import annotations

import operator
import warnings
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from . import dtype_views, dtypes, errors, pointwise, slice_views, storage_ops, views, writes
from .geometry import Geometry, contiguous_strides, overlaps_internally
from .iterator import Layout
from .operands import is_tensor
from .signatures import parse, signature
from .storage import Storage

if TYPE_CHECKING:
    from .tensor import Tensor


# -- what every op of the family shares ------------------------------------------------------
def _kernel_input(op: str, input: Any) -> Tensor:  # noqa: A002
    """Return the input as the kernel sees it: a tensor, its conj/neg bits resolved."""
    if not is_tensor(input):
        raise errors.fail("argument_type", op=op, arg="input", pos=1,
                          type=type(input).__name__)
    return input.clone() if input._conj or input._neg else input


def _unbumped(t: Tensor, geom: Geometry) -> Tensor:
    """Return a tensor over t's storage with its own version counter.

    Inside a kernel, below ADInplaceOrView, a view is not tracked and writing through it bumps
    nothing the caller sees.
    """
    return type(t)(t._storage, geom, t.dtype)


# what a storage notes about its values besides bytes and flags (tolerance, loose bits): a
# copy of the bytes carries it
_VALUE_NOTES = tuple(sorted(set(Storage.__slots__) - {"device", "nbytes", "data", "defined",
                                                      "address", "uid"}))


def clone_preserve_strides(t: Tensor) -> Tensor:
    """Return a copy of t's whole storage viewed with t's geometry (TensorShape.cpp).

    A tensor whose elements share memory (a stride 0) is cloned as clone() lays it out
    instead, since copying src into it would fail.
    """
    if overlaps_internally(t._geom):
        return t.clone()
    old = t._storage
    storage = Storage(old.nbytes, old.device, zero=True)
    if old.data is not None and storage.data is not None:
        storage.data[...] = old.data
        storage.defined = None if old.defined is None else old.defined.copy()
    for name in _VALUE_NOTES:
        setattr(storage, name, getattr(old, name))
    return type(t)(storage, t._geom, t.dtype)


def _write_out(result: Tensor, out: Tensor | None) -> Tensor:
    """Copy a functional result into out= as torchgen's generated out kernels do.

    resize_out_helper resizes a tensor of another shape (resize_output: a warning when it has
    elements, no version bump), then copy_arg checks dtype and device and copies
    (torchgen/native_function_generation.py gen_composite_out_kernel; the helpers are in
    aten/src/ATen/templates/CompositeViewCopyKernels.cpp).
    """
    if out is None:
        return result
    shape = result._geom.shape
    if out._geom.shape != shape:
        pointwise.resize_out(out, Layout((shape, contiguous_strides(shape))))
    pointwise.check_out_dtype(out, result.dtype)
    if out.device != result.device:
        raise errors.fail("out_tensor_device", want=result.device, got=out.device)
    writes.copy_(out, result)
    return out


# -- the scatter ops -----------------------------------------------------------------------
def _scatter(op: str, input: Any, src: Any, view_of: Callable[[Tensor], Tensor],  # noqa: A002
             is_method: bool) -> Tensor:
    """Clone input keeping its strides, then copy src into `view_of(clone)`."""
    t = _kernel_input(op, input)
    if not is_tensor(src):
        raise errors.fail("argument_type", op=op, arg="src", pos=1 if is_method else 2,
                          type=type(src).__name__)
    output = clone_preserve_strides(t)
    target = view_of(output)
    if target._geom.shape != src._geom.shape:
        raise errors.fail("scatter_src_size", src=src.shape, slice=target.shape)
    writes.copy_(_unbumped(output, target._geom), src)
    return output


def _slice_geometry(g: Geometry, dim: int, start: int | None, end: int | None,
                    step: int) -> Geometry:
    """Return aten::slice's view, which refuses a 0-d tensor before it wraps the dim."""
    if g.ndim == 0:
        raise errors.fail("slice_0d")
    return slice_views.slice(g, dim, start, end, step)


def _slice_scatter(input: Any, src: Any, dim: int, start: int | None,  # noqa: A002
                   end: int | None, step: int, is_method: bool) -> Tensor:
    return _scatter("slice_scatter", input, src, lambda o: o._view_of(
        _slice_geometry(o._geom, dim, start, end, step)), is_method)


def slice_scatter(input: Tensor, src: Tensor, dim: int = 0, start: int | None = None,  # noqa: A002
                  end: int | None = None, step: int = 1, *,
                  out: Tensor | None = None) -> Tensor:
    return _write_out(_slice_scatter(input, src, dim, start, end, step, False), out)


def _select_scatter(input: Any, src: Any, dim: int, index: int,  # noqa: A002
                    is_method: bool) -> Tensor:
    return _scatter("select_scatter", input, src, lambda o: o.select(dim, index), is_method)


def select_scatter(input: Tensor, src: Tensor, dim: int, index: int) -> Tensor:  # noqa: A002
    return _select_scatter(input, src, dim, index, False)


def _diagonal_scatter(input: Any, src: Any, offset: int, dim1: int, dim2: int,  # noqa: A002
                      is_method: bool) -> Tensor:
    return _scatter("diagonal_scatter", input, src, lambda o: o.diagonal(offset, dim1, dim2),
                    is_method)


def diagonal_scatter(input: Tensor, src: Tensor, offset: int = 0, dim1: int = 0,  # noqa: A002
                     dim2: int = 1) -> Tensor:
    return _diagonal_scatter(input, src, offset, dim1, dim2, False)


def _as_strided_scatter(input: Any, src: Any, size: Sequence[int],  # noqa: A002
                        stride: Sequence[int], storage_offset: int | None,
                        is_method: bool) -> Tensor:
    """Write src through as_strided(size, stride, storage_offset) of the clone.

    The offset defaults to the clone's, which is the input's; bounds are those of the
    clone's storage, a copy of the input's whole storage. Elements the view reaches twice
    get one of src's values, which torch's kernel order decides (left undefined here), and a
    stride 0 is refused by copy_ (internal overlap).
    """
    return _scatter("as_strided_scatter", input, src,
                    lambda o: o.as_strided(size, stride, storage_offset), is_method)


def as_strided_scatter(input: Tensor, src: Tensor, size: Sequence[int],  # noqa: A002
                       stride: Sequence[int], storage_offset: int | None = None) -> Tensor:
    return _as_strided_scatter(input, src, size, stride, storage_offset, False)


# each scatter op's form that takes every argument by position and, last, whether it runs
# as a Tensor method (src is then its first argument, not its second)
_SCATTERS: dict[str, Callable[..., Tensor]] = {
    "slice_scatter": _slice_scatter, "select_scatter": _select_scatter,
    "diagonal_scatter": _diagonal_scatter, "as_strided_scatter": _as_strided_scatter}


def method(op: str, t: Tensor, src: Any, *args: Any) -> Tensor:
    """Return `t.<op>(src, *args)` for a scatter op, all arguments given by position."""
    return _SCATTERS[op](t, src, *args, True)


# -- the *_copy ops: a view, cloned contiguous ----------------------------------------------
def _copied(view: Tensor, out: Tensor | None) -> Tensor:
    return _write_out(view.clone(memory_format=dtypes.contiguous_format), out)


def view_copy(input: Tensor, *args: Any, out: Tensor | None = None,  # noqa: A002
              **kwargs: Any) -> Tensor:
    """Return view(size) or view(dtype), copied; a size no view can give is reshaped.

    TensorShape.cpp view_copy_symint falls back to reshape where computeStride finds none.
    """
    t = _kernel_input("view_copy", input)
    given = [*args, *kwargs.values()]
    if len(given) != 1 or set(kwargs) - {"size", "dtype"} or not (
            dtypes.is_dtype_like(given[0]) or isinstance(given[0], (tuple, list))):
        got = ", ".join(["Tensor", *(type(a).__name__ for a in args)] +
                        [f"{k}={type(v).__name__}" for k, v in kwargs.items()])
        raise errors.fail("argument_overloads", op="view_copy", type=got)
    arg = given[0]
    if dtypes.is_dtype_like(arg):
        return _copied(t.view(dtypes.lookup(arg)), out)
    reshaped = t._reshape(views.infer_size(tuple(arg), t.numel()))
    if reshaped._storage is not t._storage:  # already a contiguous copy
        return _write_out(reshaped, out)
    return _copied(reshaped, out)


def as_strided_copy(input: Tensor, size: Sequence[int], stride: Sequence[int],  # noqa: A002
                    storage_offset: int | None = None, *, out: Tensor | None = None) -> Tensor:
    return _copied(_kernel_input("as_strided_copy", input).as_strided(size, stride,
                                                                      storage_offset), out)


def transpose_copy(input: Tensor, dim0: int, dim1: int, *,  # noqa: A002
                   out: Tensor | None = None) -> Tensor:
    return _copied(_kernel_input("transpose_copy", input).transpose(dim0, dim1), out)


def permute_copy(input: Tensor, dims: Sequence[int], *,  # noqa: A002
                 out: Tensor | None = None) -> Tensor:
    return _copied(_kernel_input("permute_copy", input).permute(tuple(dims)), out)


def expand_copy(input: Tensor, size: Sequence[int], *, implicit: bool = False,  # noqa: A002
                out: Tensor | None = None) -> Tensor:
    return _copied(_kernel_input("expand_copy", input).expand(tuple(size)), out)


def unsqueeze_copy(input: Tensor, dim: int, *, out: Tensor | None = None) -> Tensor:  # noqa: A002
    return _copied(_kernel_input("unsqueeze_copy", input).unsqueeze(dim), out)


def squeeze_copy(input: Tensor, dim: int | Sequence[int] | None = None, *,  # noqa: A002
                 out: Tensor | None = None) -> Tensor:
    t = _kernel_input("squeeze_copy", input)
    return _copied(t.squeeze() if dim is None else t.squeeze(dim), out)


def diagonal_copy(input: Tensor, offset: int = 0, dim1: int = 0, dim2: int = 1, *,  # noqa: A002
                  out: Tensor | None = None) -> Tensor:
    return _copied(_kernel_input("diagonal_copy", input).diagonal(offset, dim1, dim2), out)


def select_copy(input: Tensor, dim: int, index: int, *,  # noqa: A002
                out: Tensor | None = None) -> Tensor:
    return _copied(_kernel_input("select_copy", input).select(dim, index), out)


def slice_copy(input: Tensor, dim: int = 0, start: int | None = None,  # noqa: A002
               end: int | None = None, step: int = 1, *, out: Tensor | None = None) -> Tensor:
    t = _kernel_input("slice_copy", input)
    return _copied(t._view_of(_slice_geometry(t._geom, dim, start, end, step)), out)


def t_copy(input: Tensor, *, out: Tensor | None = None) -> Tensor:  # noqa: A002
    return _copied(_kernel_input("t_copy", input).t(), out)


def unfold_copy(input: Tensor, dimension: int, size: int, step: int, *,  # noqa: A002
                out: Tensor | None = None) -> Tensor:
    return _copied(_kernel_input("unfold_copy", input).unfold(dimension, size, step), out)


def detach_copy(input: Tensor, *, out: Tensor | None = None) -> Tensor:  # noqa: A002
    return _copied(_kernel_input("detach_copy", input), out)


def alias_copy(input: Tensor, *, out: Tensor | None = None) -> Tensor:  # noqa: A002
    return _copied(_kernel_input("alias_copy", input), out)


def view_as_real_copy(input: Tensor, *, out: Tensor | None = None) -> Tensor:  # noqa: A002
    # the fallback resolved a conj input, so view_as_real's conj check never fires here
    t = _kernel_input("view_as_real_copy", input)
    if not t.dtype.is_complex:
        raise errors.fail("view_as_real_dtype")
    return _copied(t._view_of(dtype_views.view_as_real(t._geom), t.dtype.to_real()), out)


def view_as_complex_copy(input: Tensor, *, out: Tensor | None = None) -> Tensor:  # noqa: A002
    t = _kernel_input("view_as_complex_copy", input)
    if t.dtype.name not in ("float32", "float64", "float16"):
        raise errors.fail("view_as_complex_dtype", dtype=t.dtype.scalar_name)
    return _copied(t._view_of(dtype_views.view_as_complex(t._geom), t.dtype.to_complex()), out)


# -- the *_copy ops that return several tensors ---------------------------------------------
def _pieces_copy(op: str, pieces: tuple[Tensor, ...], out: Sequence[Tensor] | None,
                 resize: bool) -> tuple[Tensor, ...] | None:
    """Clone each piece, or copy it into its out= tensor (TensorShape.cpp *_copy_out).

    With `resize`, each out= tensor of another shape is resized (resize_, a version bump)
    and must have the piece's dtype; without, copy_ broadcasts and converts.
    """
    if out is None:
        return tuple(p.clone(memory_format=dtypes.contiguous_format) for p in pieces)
    if len(out) != len(pieces):
        raise errors.fail("copy_out_count", op=op, want=len(pieces), got=len(out))
    for o, p in zip(out, pieces):
        if resize:
            if o._geom.shape != p._geom.shape:
                if o.numel():
                    warnings.warn(errors.warning("out_resized", old=tuple(o.shape),
                                                 new=tuple(p.shape)), stacklevel=3)
                storage_ops.resize_(o, (p._geom.shape,), None)
            pointwise.check_out_dtype(o, p.dtype)
            if o.device != p.device:
                raise errors.fail("out_tensor_device", want=p.device, got=o.device)
        writes.copy_(o, p)
    return None


def unbind_copy(input: Tensor, dim: int = 0, *,  # noqa: A002
                out: Sequence[Tensor] | None = None) -> tuple[Tensor, ...] | None:
    pieces = _kernel_input("unbind_copy", input).unbind(dim)
    return _pieces_copy("unbind_copy_int_out", pieces, out, resize=True)


def split_copy(input: Tensor, split_size: int, dim: int = 0, *,  # noqa: A002
               out: Sequence[Tensor] | None = None) -> tuple[Tensor, ...] | None:
    pieces = _kernel_input("split_copy", input).split(split_size, dim)
    return _pieces_copy("split_copy_Tensor_out()", pieces, out, resize=False)


def split_with_sizes_copy(input: Tensor, split_sizes: Sequence[int], dim: int = 0, *,  # noqa: A002
                          out: Sequence[Tensor] | None = None) -> tuple[Tensor, ...] | None:
    pieces = _kernel_input("split_with_sizes_copy", input).split_with_sizes(split_sizes, dim)
    return _pieces_copy("split_with_sizes_copy_out", pieces, out, resize=True)


# -- narrow_copy: a CPU kernel of its own ---------------------------------------------------
def _narrow_copy(input: Any, dim: int, start: Any, length: int,  # noqa: A002
                 out: Tensor | None) -> Tensor:
    """Copy a narrowed block as TensorShape.cpp narrow_copy_dense_cpu_out does.

    It checks in its own order and words (a positive dim past the end, a negative length),
    resizes out= with resize_ (no warning, no bump of its own) and memcpys the block into
    out's memory as if out were contiguous, whatever its strides. The function form copies
    into a fresh contiguous tensor.
    """
    t = _kernel_input("narrow_copy", input)
    if t.ndim == 0:
        raise errors.fail("narrow_0d")
    if out is not None and out.dtype is not t.dtype:
        raise errors.fail("narrow_copy_dtype")
    if dim < 0:
        dim = views.wrap_dim(dim, t.ndim)
    elif dim >= t.ndim:
        raise errors.fail("narrow_copy_dim")
    size = t._geom.shape[dim]
    start = operator.index(start)
    if not -size <= start <= size:
        raise errors.fail("narrow_start", lo=-size, hi=size, start=start)
    if start < 0:
        start += size
    if length < 0 or start > size - length:
        raise errors.fail("narrow_exceeds", start=start, length=length, size=size)
    shape = t._geom.shape[:dim] + (length,) + t._geom.shape[dim + 1:]
    source = t._view_of(slice_views.slice(t._geom, dim, start, start + length))
    if out is None:
        fresh = type(t)._fresh(shape, None, t.dtype, t.device, zero=True)
        writes.copy_values(fresh, source)
        return fresh
    if out._geom.shape != shape:
        out._geom = Geometry((shape, contiguous_strides(shape), out._geom.offset))
        needed = (out._geom.offset + out._geom.numel) * out.dtype.itemsize
        if out._geom.numel and needed > out._storage.nbytes:
            out._storage.resize(needed)
    block = Geometry((shape, contiguous_strides(shape), out._geom.offset))
    if block.numel and block.extent() * out.dtype.itemsize > out._storage.nbytes:
        raise errors.fail("narrow_copy_past_storage")
    dest = _unbumped(out, block)
    dest._conj, dest._neg = out._conj, out._neg
    writes.copy_values(dest, source)  # a memcpy over its own source is left undefined there
    out._bump()
    return out


_NARROW_COPY = signature(
    "narrow_copy(Tensor input, int dim, int start, int length, *, Tensor? out=None)")
_NARROW_COPY_METHOD = signature("narrow_copy(int dim, int start, int length)")


def _index_tensors(args: Sequence[Any], kwargs: dict[str, Any]
                   ) -> tuple[list[Any], dict[str, Any]]:
    """Hand an int parameter's one-element integer tensor on as the int the parser reads."""
    def index(v: Any) -> Any:
        if is_tensor(v) and v.numel() == 1 and not v.dtype.is_floating_point \
                and not v.dtype.is_complex and v.dtype is not dtypes.bool_:
            return operator.index(v)
        return v
    return ([args[0], *map(index, args[1:])] if args else [],
            {k: v if k in ("input", "out") else index(v) for k, v in kwargs.items()})


def narrow_copy(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.narrow_copy(input, dim, start, length, *, out=None)."""
    args_, kwargs_ = _index_tensors(args, kwargs)
    b = parse((_NARROW_COPY,), args_, kwargs_)
    return _narrow_copy(b["input"], b["dim"], b["start"], b["length"], b.get("out"))


def narrow_copy_method(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """Return Tensor.narrow_copy(dim, start, length)."""
    args_, kwargs_ = _index_tensors([self, *args], kwargs)
    b = parse((_NARROW_COPY_METHOD,), args_[1:], kwargs_)
    return _narrow_copy(self, b["dim"], b["start"], b["length"], None)


FUNCTIONS: dict[str, Callable[..., Any]] = {f.__name__: f for f in (
    slice_scatter, select_scatter, diagonal_scatter, as_strided_scatter,
    view_copy, as_strided_copy, transpose_copy, permute_copy, expand_copy, unsqueeze_copy,
    squeeze_copy, diagonal_copy, select_copy, slice_copy, t_copy, unfold_copy, narrow_copy,
    detach_copy, alias_copy, view_as_real_copy, view_as_complex_copy, unbind_copy, split_copy,
    split_with_sizes_copy)}
