"""Joins: cat/concat/concatenate, stack, hstack, vstack/row_stack, dstack, column_stack.

All of them end in `cat` (ATen native/TensorShape.cpp): its meta function checks the inputs,
picks the output's memory format and shape, and its CPU kernel copies each input into a
slice of the output. stack is cat along an existing dim followed by a view that splits it,
or cat of unsqueezed inputs when the new dim is last; the h/v/d variants are cat of the
inputs made at least 1-, 2- or 3-d.

FUNCTIONS maps each torch.<name> this module models to its function; torch has no Tensor
methods for joins.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, views, writes
from .geometry import Geometry, aliases_internally, compute_stride, contiguous_strides
from .iterator import Layout
from .layouts import strides_for_format, suggest_format
from .operands import is_tensor
from .overlap import assert_no_overlap
from .pointwise import resize_out
from .promotion import can_cast, promote_types

if TYPE_CHECKING:
    from .tensor import Tensor

Shape = tuple[int, ...]


# -- layout: pure functions of the inputs' geometry ----------------------------------------------

def is_skipped(shape: Shape) -> bool:
    """Tell whether cat ignores an input: the legacy 1-d empty tensor (TensorShape.h)."""
    return len(shape) == 1 and shape[0] == 0


def legacy_wrap_dim(dim: int, shapes: Sequence[Shape]) -> int:
    """Wrap dim against the first input that is not skipped (c10 WrapDimUtils.h).

    With every input skipped the dim is left as given, in range or not.
    """
    for shape in shapes:
        if not is_skipped(shape):
            return views.wrap_dim(dim, len(shape))
    return dim


def cat_memory_format(geoms: Sequence[Geometry]) -> dtypes.memory_format:
    """Return cat's output memory format (TensorShape.cpp cat_compute_output_memory_format).

    channels_last only when every input, skipped ones included, suggests it; any input that
    suggests contiguous (1-d, non-dense, or merely row-major) makes the output contiguous.
    """
    found = None
    for g in geoms:
        f = suggest_format(g)
        if f is dtypes.contiguous_format or (found is not None and f is not found):
            return dtypes.contiguous_format
        found = f
    return found if found is not None else dtypes.contiguous_format


def cat_shape(shapes: Sequence[Shape], dim: int) -> Shape:
    """Check the inputs' shapes against the first kept one; return the output shape.

    `dim` is already wrapped. With every input skipped the output is `(0,)`.
    """
    valid = next((i for i, s in enumerate(shapes) if not is_skipped(s)), None)
    if valid is None:
        return (0,)
    first = shapes[valid]
    total = 0
    for i, shape in enumerate(shapes):
        if is_skipped(shape):
            continue
        if len(shape) != len(first):  # TensorShape.h check_cat_shape_except_dim
            raise errors.fail("cat_ndim", a=len(first), b=len(shape))
        for d, (a, b) in enumerate(zip(first, shape)):
            if d != dim and a != b:
                raise errors.fail("cat_sizes", dim=dim, a=a, b=b, index=i)
        total += shape[dim]
    return first[:dim] + (total,) + first[dim + 1:]


def cat_layout(geoms: Sequence[Geometry], dim: int) -> Layout:
    """Return the shape and strides cat allocates for inputs of these geometries."""
    shape = cat_shape([g.shape for g in geoms], dim)
    return Layout((shape, strides_for_format(shape, cat_memory_format(geoms))))


def stack_view_strides(cat_shape_: Shape, cat_strides: Shape, shape: Shape) -> Shape:
    """Return the strides of stack's `view` of its cat result (TensorShape.cpp stack).

    Splitting one dim in two always has a view (ATen TensorUtils.cpp computeStride).
    """
    strides = compute_stride(cat_shape_, cat_strides, shape)
    assert strides is not None, f"stack: no view of {cat_shape_} as {shape}"
    return strides


# -- arguments, as torch's Python binding parses them ------------------------------------------

def _parse(op: str, args: tuple[Any, ...], kwargs: dict[str, Any], names: tuple[str, ...]
           ) -> tuple[list[Tensor], int, Tensor | None]:
    """Parse `op(tensors[, dim=0], *, out=None)` as python_arg_parser.cpp does, in its order.

    `axis` is the numpy alias of `dim`; an argument given by position is named with its
    position in the type errors.
    """
    if len(args) > len(names):
        if len(names) == 1:
            raise errors.fail("join_positional_one", op=op, given=len(args))
        raise errors.fail("join_positional", op=op, most=len(names), given=len(args))
    given = dict(zip(names, args))
    for key, value in kwargs.items():
        name = "dim" if key == "axis" and "dim" in names else key
        if name not in names and name != "out" or (key == "axis" and "dim" in given):
            raise errors.fail("join_unexpected_keyword", op=op, name=key)
        if name in given:
            raise errors.fail("join_multiple_values", op=op, name=name)
        given[name] = value
    if "tensors" not in given:
        raise errors.fail("missing_argument", name=op, arg="tensors")
    tensors = _tensor_list(given["tensors"], op, bool(args))
    dim = _dim_argument(given.get("dim", 0), op, len(args) > 1)
    out = given.get("out")
    if out is not None and not is_tensor(out):
        raise errors.fail("join_out_type", op=op, type=type(out).__name__)
    return tensors, dim, out


def _position(index: int, positional: bool) -> str:
    return f" (position {index})" if positional else ""


def _tensor_list(tensors: Any, op: str, positional: bool) -> list[Tensor]:
    """Accept a list or tuple of tensors (python_arg_parser.cpp TensorList)."""
    if not isinstance(tensors, (list, tuple)):
        raise errors.fail("join_tensors_type", op=op, position=_position(1, positional),
                          type=type(tensors).__name__)
    for i, t in enumerate(tensors):
        if not is_tensor(t):
            raise errors.fail("join_tensors_element", index=i, type=type(t).__name__)
    return list(tensors)


def _dim_argument(dim: Any, op: str, positional: bool) -> int:
    """Accept an int, or a 0-d integer tensor (it has __index__), as `dim`."""
    if is_tensor(dim) and dim.ndim == 0 and not (
            dim.dtype.is_floating_point or dim.dtype.is_complex or dim.dtype is dtypes.bool_):
        return int(dim.item())
    if isinstance(dim, bool) or not isinstance(dim, (int, np.integer)):
        name = "Tensor" if is_tensor(dim) else type(dim).__name__
        raise errors.fail("join_int_argument", op=op, arg="dim",
                          position=_position(2, positional), type=name)
    if not -2**63 <= dim < 2**63:
        raise errors.fail("join_int_overflow")
    return int(dim)


# -- cat ----------------------------------------------------------------------------------------

def _check_devices(tensors: Sequence[Tensor]) -> None:
    """Raise when an input is not on the first input's device, before any other check."""
    want = tensors[0].device if tensors else None
    for t in tensors:
        if t.device != want:
            raise errors.fail("cat_device", got=t.device, want=want)


def _cat(tensors: Sequence[Tensor], dim: int, out: Tensor | None) -> Tensor:
    """Run aten::cat / cat.out on parsed arguments (TensorShape.cpp cat meta and cat_out_cpu)."""
    _check_devices(tensors)
    for i, t in enumerate(tensors):  # TensorShape.h check_cat_no_zero_dim
        if t.ndim == 0:
            raise errors.fail("cat_zero_dim", pos=i)
    geoms = [t._geom for t in tensors]
    dim = legacy_wrap_dim(dim, [g.shape for g in geoms])
    if not tensors:
        raise errors.fail("cat_empty")
    result = tensors[0].dtype
    for t in tensors[1:]:  # native::result_type: every input is at least 1-d here
        result = promote_types(result, t.dtype)
    if out is not None:
        if out.device != tensors[0].device:
            # an out= on another device sends the call to the Meta kernel, torch._refs.cat,
            # whose out= wrapper refuses the copy before the cast
            raise errors.fail("cat_out_device", src=tensors[0].device, dst=out.device)
        if not can_cast(result, out.dtype):
            raise errors.fail("cat_out_cast", dtype=out.dtype.scalar_name)
        result = out.dtype
    valid = next((t for t in tensors if not is_skipped(t._geom.shape)), None)
    layout = cat_layout(geoms, dim)
    if out is None:
        device = (valid if valid is not None else tensors[0]).device
        dest = type(tensors[0])._fresh(layout.shape, layout.strides, result, device)
    else:
        dest = out
        if dest._geom.shape != layout.shape:
            resize_out(dest, layout)  # set_output_raw_strided: resize, then restride
        if valid is not None:
            writes.check_writable(dest)  # MemoryOverlap.cpp assert_no_internal_overlap
            for t in tensors:  # a full overlap is refused too
                assert_no_overlap(dest, t)
    if not dest.is_meta and dest._geom.numel:
        _copy_inputs(dest, tensors, dim)
    if out is not None:
        out._bump()
    return dest


def _copy_inputs(dest: Tensor, tensors: Sequence[Tensor], dim: int) -> None:
    """Copy each kept input into its slice of dest, one input after another.

    Inputs are read in turn, after the slices before them were written, as cat_out_cpu's
    loop of copies reads them; overlaps it lets through (too hard to tell) leave the slice
    undefined (writes.copy_values).
    """
    shape, strides, offset = dest._geom
    start = 0
    for t in tensors:
        if is_skipped(t._geom.shape):
            continue
        n = t._geom.shape[dim]
        part = Geometry((shape[:dim] + (n,) + shape[dim + 1:], strides,
                         offset + start * strides[dim]))
        writes.copy_values(dest._view_of(part), t)
        start += n
    if aliases_internally(dest._geom):
        # one address in two slices: which copy lands last is the kernel's choice
        writes.forget(dest, np.ones(shape, dtype=np.bool_))


def cat(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.cat(tensors, dim=0, *, out=None)."""
    return _cat(*_parse("cat", args, kwargs, ("tensors", "dim")))


def concat(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.concat(tensors, dim=0, *, out=None), an alias of cat."""
    return _cat(*_parse("concat", args, kwargs, ("tensors", "dim")))


def concatenate(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.concatenate(tensors, dim=0, *, out=None), an alias of cat."""
    return _cat(*_parse("concatenate", args, kwargs, ("tensors", "dim")))


# -- stack --------------------------------------------------------------------------------------

def _stack(tensors: list[Tensor], dim: int, out: Tensor | None) -> Tensor:
    """Run stack / stack.out (TensorShape.cpp stack, stack_out, get_stack_inputs)."""
    if not tensors:
        raise errors.fail("join_empty", op="stack")
    first = tensors[0]._geom.shape
    wrapped = views.wrap_dim(dim, len(first) + 1)
    for i, t in enumerate(tensors[1:], start=1):
        if t._geom.shape != first:
            raise errors.fail("stack_sizes", a=first, b=t._geom.shape, index=i)
    shape = first[:wrapped] + (len(tensors),) + first[wrapped:]
    if wrapped < len(first):
        if out is None:
            # cat along the existing dim, then view it split in two; that view is made
            # below autograd, so the result is no view of anything
            result = _cat(tensors, wrapped, None)
            strides = stack_view_strides(result._geom.shape, result._geom.strides, shape)
            result._geom = Geometry((shape, strides, 0))
            return result
        if out._geom.shape != shape:  # resize_output: a plain resize_, contiguous strides
            resize_out(out, Layout((shape, contiguous_strides(shape))))
        cat_shape_ = first[:wrapped] + (first[wrapped] * len(tensors),) + first[wrapped + 1:]
        viewed = compute_stride(out._geom.shape, out._geom.strides, cat_shape_)
        if viewed is not None:  # stack_out's fast path: cat into a view of out
            view = out._view_of(Geometry((cat_shape_, viewed, out._geom.offset)))
            _cat(tensors, wrapped, view)
            return out
    # the new dim is last (or out= has no view as the cat shape): cat of unsqueezed inputs,
    # with dim as given, which cat wraps again
    return _cat([t._view_of(views.unsqueeze(t._geom, wrapped)) for t in tensors], dim, out)


def stack(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.stack(tensors, dim=0, *, out=None)."""
    return _stack(*_parse("stack", args, kwargs, ("tensors", "dim")))


# -- hstack, vstack, dstack, column_stack -------------------------------------------------------

def _atleast(t: Tensor, ndim: int) -> Tensor:
    """Return torch.atleast_{ndim}d(t) (TensorTransformations.cpp): views with added dims."""
    g = t._geom
    if g.ndim >= ndim:
        return t
    if g.ndim == 0:
        return t._view_of(views.view(g, (1,) * ndim))  # reshape of a 0-d tensor
    g = views.unsqueeze(g, 0) if g.ndim == 1 and ndim >= 2 else g
    if ndim == 3:
        g = views.unsqueeze(g, g.ndim)
    return t._view_of(g)


def _directional(op: str, ndim: int, args: tuple[Any, ...], kwargs: dict[str, Any]
                 ) -> Tensor:
    """Run hstack / vstack / dstack: cat of the inputs made at least `ndim`-d."""
    tensors, _, out = _parse(op, args, kwargs, ("tensors",))
    if not tensors:
        raise errors.fail("join_empty", op="vstack" if op == "row_stack" else op)
    rep = [_atleast(t, ndim) for t in tensors]
    if ndim == 1:
        dim = 0 if rep[0].ndim == 1 else 1
    else:
        dim = 0 if ndim == 2 else 2
    return _cat(rep, dim, out)


def hstack(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.hstack(tensors, *, out=None)."""
    return _directional("hstack", 1, args, kwargs)


def vstack(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.vstack(tensors, *, out=None)."""
    return _directional("vstack", 2, args, kwargs)


def row_stack(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.row_stack(tensors, *, out=None), an alias of vstack."""
    return _directional("row_stack", 2, args, kwargs)


def dstack(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.dstack(tensors, *, out=None)."""
    return _directional("dstack", 3, args, kwargs)


def column_stack(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.column_stack: hstack of the inputs, 0-d and 1-d ones reshaped to (n, 1)."""
    tensors, _, out = _parse("column_stack", args, kwargs, ("tensors",))
    if not tensors:
        raise errors.fail("join_empty", op="column_stack")
    return _cat([t.reshape(t.numel(), 1) if t.ndim <= 1 else t for t in tensors], 1, out)


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "cat": cat, "concat": concat, "concatenate": concatenate, "stack": stack,
    "hstack": hstack, "vstack": vstack, "row_stack": row_stack, "dstack": dstack,
    "column_stack": column_stack,
}
