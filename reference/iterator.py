"""The layout TensorIterator allocates for the output of a pointwise op, from its inputs' layouts.

ATen TensorIterator.cpp builds an op in steps; these decide where the output's elements lie:

1. compute_shape: the inputs' shapes broadcast together.
2. compute_types: on CPU, an input whose dtype is not the common dtype is replaced by a copy,
   `input.to(common)`, and that copy's strides are the ones the later steps see.
3. fast_set_up: inputs of one shape that are all contiguous, all channels-last, or all dense
   with equal strides give the output that layout.
4. otherwise compute_strides, reorder_dimensions and allocate_or_resize_outputs: sort the
   dims by the inputs' strides and give the output dense strides in that order.

Only shapes, strides and dtypes go in; a 0-d input or a Python scalar changes the output's
layout only through the common dtype (it has no stride to sort by). Element sizes play no
part: TensorIterator compares byte strides, but only two dims of one operand with each other,
and scaling both by that operand's element size keeps their order.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import itemgetter
from typing import NamedTuple

from . import dtypes
from .dtypes import dtype as DType
from .geometry import (
    Geometry,
    channels_last_strides,
    contiguous_strides,
    is_channels_last_contiguous,
    is_contiguous,
    is_dense,
    order_dims,
)
from .layouts import broadcast_shapes, empty_like_strides
from .promotion import _combine, promote_types

Shape = tuple[int, ...]


class Layout(tuple[Shape, Shape]):
    """An output's shape and strides, in elements: `Layout((shape, strides))`.

    A slotted tuple built with tuple's own constructor, as Geometry is, since a NamedTuple
    costs several times more to build and callers build one per op.
    """

    __slots__ = ()

    shape: Shape = property(itemgetter(0))  # type: ignore[assignment]
    strides: Shape = property(itemgetter(1))  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Layout(shape={self[0]}, strides={self[1]})"


class Input(NamedTuple):
    """One input of a pointwise op: its shape, strides in elements and dtype.

    `wrapped` marks a Python scalar, which torch wraps in a 0-d tensor (shape and strides
    `()`) that ranks below tensors in type promotion.
    """

    shape: Shape
    strides: Shape
    dtype: DType
    wrapped: bool = False


def iterator_layout(operands: Sequence[tuple[Shape, Shape]]) -> Layout:
    """Return the layout TensorIterator gives a new output, from its inputs as it sees them.

    `operands` are the inputs' (shape, strides) tuples in the order they were added, after
    any dtype conversion (see `converted`). Raises as torch does when the shapes do not
    broadcast.
    """
    key = tuple(operands)
    found = _LAYOUTS.get(key)
    if found is None:
        found = _compute_layout(key)
        if len(_LAYOUTS) < 4096:
            _LAYOUTS[key] = found
    return found


# Programs run a few ops over a few layouts again and again: worth remembering.
_LAYOUTS: dict[tuple[tuple[Shape, Shape], ...], Layout] = {}


def _compute_layout(operands: tuple[tuple[Shape, Shape], ...]) -> Layout:
    """Return iterator_layout's answer without the cache (TensorIterator.cpp build)."""
    shape: Shape = operands[0][0] if operands else ()
    same_shape = True
    for op_shape, _ in operands:  # TensorIterator.cpp compute_shape (infer_size)
        if op_shape != shape:
            same_shape = False
            shape = broadcast_shapes(shape, op_shape)
    if same_shape:
        fast = _fast_setup_strides(shape, [op_strides for _, op_strides in operands])
        if fast is not None:
            return Layout((shape, fast))
    ndim = len(shape)
    rows = [op_strides if op_shape == shape else _broadcast_strides(shape, op_shape, op_strides)
            for op_shape, op_strides in operands]

    perm = reorder(shape, rows)
    # TensorIterator.cpp allocate_or_resize_outputs: an unmoved order allocates with at::empty,
    # whose contiguous strides count size-0 and size-1 dims as 1
    if perm == list(range(ndim - 1, -1, -1)):
        return Layout((shape, contiguous_strides(shape)))
    # TensorIterator.cpp compatible_stride and invert_perm: sizes multiply as they are, 0 too
    strides = [0] * ndim
    running = 1
    for d in perm:
        strides[d] = running
        running *= shape[d]
    return Layout((shape, tuple(strides)))


def reorder(shape: Shape, rows: Sequence[Shape], reduction: bool = False) -> list[int]:
    """Return the dims innermost first as TensorIterator.cpp reorder_dimensions orders them,
    from each operand's strides over `shape` (outputs first).

    should_swap: the first operand with a strict answer decides; a stride 0 defers to the
    next operand, and equal strides defer unless the first dim is the larger one. With
    `reduction`, the first row is a reduction's output, whose reduced dims (stride 0) go first.
    """
    def should_swap(d0: int, d1: int) -> int:
        for i, row in enumerate(rows):
            s0, s1 = row[d0], row[d1]
            if reduction and i == 0 and (s0 == 0) != (s1 == 0):
                return 1 if s1 == 0 else -1
            if s0 == 0 or s1 == 0:
                continue
            if s0 != s1:
                return -1 if s0 < s1 else 1
            if shape[d0] > shape[d1]:
                return 1
        return 0

    return order_dims(len(shape), should_swap)


def _fast_setup_strides(shape: Shape, strides: list[Shape]) -> Shape | None:
    """Return the output strides of TensorIterator's fast setup, or None when it does not apply.

    TensorIterator.cpp compute_fast_setup_type and fast_set_up, for inputs that all have the
    output's shape and these strides.
    """
    row_major = contiguous_strides(shape)
    if all(s == row_major or is_contiguous(Geometry((shape, s, 0))) for s in strides):
        return row_major
    # only the 2-d (4-dim) channels-last format has a fast path; channels_last_3d inputs can
    # still take the dense one below
    if len(shape) == 4 and all(is_channels_last_contiguous(Geometry((shape, s, 0)), 4)
                               for s in strides):
        return channels_last_strides(shape)
    last = strides[-1]
    if all(s == last for s in strides) and is_dense(Geometry((shape, last, 0))):
        return last
    return None


def _broadcast_strides(shape: Shape, op_shape: Shape, op_strides: Shape) -> Shape:
    """Return an input's strides over the output's dims, 0 where it is broadcast.

    TensorIterator.cpp compute_strides: missing leading dims and size-1 dims stretched to a
    larger size get 0; a size-1 dim that stays size 1 keeps its stride and takes part in
    the sort.
    """
    lead = len(shape) - len(op_shape)
    return (0,) * lead + tuple(0 if n == 1 and m != 1 else s
                               for n, m, s in zip(op_shape, shape[lead:], op_strides))


def converted(inp: Input, to: DType) -> tuple[Shape, Shape]:
    """Return the (shape, strides) of `inp.to(to)`: itself if the dtype already matches.

    A conversion copies with preserve_format: a dense input keeps its strides, any other gets
    dense strides in its own dim order (ATen TensorConversions.cpp _to_copy), the rule
    empty_like follows too.
    """
    if inp.dtype is to:
        return inp.shape, inp.strides
    key = inp.shape, inp.strides
    strides = _CONVERTED.get(key)
    if strides is None:
        strides = empty_like_strides(Geometry((inp.shape, inp.strides, 0)),
                                     dtypes.preserve_format)
        if len(_CONVERTED) < 4096:
            _CONVERTED[key] = strides
    return inp.shape, strides


_CONVERTED: dict[tuple[Shape, Shape], Shape] = {}


def common_dtype(inputs: Sequence[Input], *, int_to_float: bool = False) -> DType:
    """Return the dtype TensorIterator computes in (ATen TypeProperties.cpp result_type).

    Tensors with dims outrank 0-d tensors, which outrank Python scalars, unless a lower rank
    brings a higher category (bool < integer < floating < complex). `int_to_float` is the
    config flag promote_integer_inputs_to_float of ops such as sin and div.
    """
    out: DType | None = inputs[0].dtype if inputs else None
    for inp in inputs:
        if inp.dtype is not out:
            out = _result_type(inputs)
            break  # else compute_types skips result_type: all inputs have one dtype
    assert out is not None, "common_dtype needs at least one input (a caller's mistake)"
    if int_to_float and not (out.is_floating_point or out.is_complex):
        return dtypes.float32  # the default dtype (TensorIterator.cpp compute_types)
    return out


def _result_type(inputs: Sequence[Input]) -> DType | None:
    dim: DType | None = None
    zero: DType | None = None
    wrapped: DType | None = None
    for inp in inputs:
        if inp.wrapped:
            wrapped = inp.dtype if wrapped is None else promote_types(wrapped, inp.dtype)
        elif inp.shape:
            dim = inp.dtype if dim is None else promote_types(dim, inp.dtype)
        else:
            zero = inp.dtype if zero is None else promote_types(zero, inp.dtype)
    return _combine(dim, _combine(zero, wrapped))


def pointwise_layout(inputs: Sequence[Input], *, int_to_float: bool = False) -> Layout:
    """Return the output layout of a pointwise op that promotes its inputs to a common dtype.

    torch.add, mul, neg and other unary, binary and ternary ops built with TensorIterator.cpp's
    BINARY_OP_CONFIG, UNARY_OP_CONFIG (one input: nothing to promote) or build_ternary_op;
    `int_to_float` for the *_FLOAT_OP_CONFIG ones (sin, div, ...).
    """
    common = common_dtype(inputs, int_to_float=int_to_float)
    return iterator_layout([(inp.shape, inp.strides) if inp.dtype is common
                            else converted(inp, common) for inp in inputs])


def where_layout(condition: Input, a: Input, b: Input) -> Layout:
    """Return the output layout of torch.where(condition, a, b).

    ATen TensorCompare.cpp where_self_out converts a and b to their result_type and a uint8
    condition to bool before building the iterator, which promotes nothing itself. torch
    refuses any other condition dtype; that check is not made here.
    """
    common = common_dtype([a, b])
    return iterator_layout([converted(condition, dtypes.bool_), converted(a, common),
                            converted(b, common)])
