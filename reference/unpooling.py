"""torch.nn.functional's max_unpool1d and max_unpool2d, as torch 2.13 computes them on CPU.

torch/nn/functional.py works out the output's spatial size in Python (`_unpool_output_size`:
(in - 1) * stride + kernel - 2 * padding per dim, or the caller's output_size, which must lie
strictly within a stride of it) and calls torch._C._nn.max_unpool2d; max_unpool1d runs it on
`input.unsqueeze(-1)` and returns the `squeeze(-1)` view of its result.

The kernel (aten/src/ATen/native/MaxUnpooling.cpp max_unpooling2d_forward_out_cpu) checks the
indices' dtype, the rank, the shapes and the non-batch dims, then resizes a 4-d output in the
input's suggest_memory_format (a 3-d one contiguous), zeroes it and, for a non-empty output,
dispatches on the floating types and half / bfloat16 (cpu/MaxUnpoolKernel.cpp, a kernel
named for the input's suggested format): every element is written at its index, the
elements split among threads, so where two elements of a plane share an index the one that
lands is not fixed (undefined unless their values agree). An index outside the plane raises
after the loop with the one some thread saw last; the model names the last in plane order,
which torch matches wherever a program has one bad index.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors
from .layouts import suggest_format
from .pooling import output_strides
from .reduction_values import Result
from .reductions import store

if TYPE_CHECKING:
    from .tensor import Tensor

_DTYPES = frozenset({"float32", "float64", "float16", "bfloat16"})
CL = dtypes.channels_last


def unpool_output_size(input: Tensor, kernel: Sequence[int], stride: Sequence[int],  # noqa: A002
                       padding: Sequence[int], output_size: Any) -> list[int] | Any:
    """torch/nn/functional.py _unpool_output_size: the default size, or the caller's checked."""
    shape = tuple(input.shape)
    n = len(kernel)
    if len(shape) < n:
        raise errors.fail("unpool_input_rank")
    default = [(shape[len(shape) - n + d] - 1) * stride[d] + kernel[d] - 2 * padding[d]
               for d in range(n)]
    if output_size is None:
        return _non_negative(default)
    if len(output_size) == n + 2:
        output_size = output_size[2:]
    if len(output_size) != n:
        raise errors.fail("unpool_output_length", n=n, m=n + 2, got=len(output_size))
    for d in range(n):
        low, high = default[d] - stride[d], default[d] + stride[d]
        if not low < output_size[d] < high:
            raise errors.fail("unpool_output_size", size=repr(output_size), dim=d, low=low,
                              high=high)
    return _non_negative(output_size)


def _non_negative(sizes: Any) -> Any:
    """torch/nn/functional.py _check_unpool_output_size, dim by dim."""
    for d, n in enumerate(sizes):
        if n < 0:
            raise errors.fail("unpool_output_negative", dim=d, size=n)
    return sizes


def max_unpool2d(input: Tensor, indices: Tensor, output_size: Sequence[int]) -> Tensor:  # noqa: A002
    """Return torch._C._nn.max_unpool2d(input, indices, output_size): a new tensor."""
    if indices.dtype is not dtypes.int64:
        raise errors.fail("unpool_indices_dtype", type=indices.dtype.scalar_name)
    if len(output_size) != 2:
        raise errors.fail("unpool_output_elements", n=len(output_size))
    shape = tuple(input._geom.shape)
    if len(shape) not in (3, 4):
        raise errors.fail("unpool_rank", n=len(shape))
    if shape != tuple(indices._geom.shape):
        raise errors.fail("unpool_indices_shape", input=list(shape),
                          indices=list(indices._geom.shape))
    for d in range(1, len(shape)):
        if shape[d] <= 0:
            raise errors.fail("unpool_empty", shape=list(shape), dim=d)
    oh, ow = (int(n) for n in output_size)
    out_shape = (*shape[:-2], oh, ow)
    dest = type(input)._fresh(out_shape, output_strides(input._geom, out_shape), input.dtype,
                              input.device)
    if dest.is_meta or not dest.numel():
        return dest
    if input.dtype.name not in _DTYPES:
        kernel = "max_unpool2d" + (
            "_channels_last" if len(shape) == 4 and suggest_format(input._geom) is CL else "")
        raise errors.fail("kernel_dtype", kernel=kernel, type=input.dtype.scalar_name)
    planes = int(np.prod(shape[:-2]))
    placed = indices._defined().reshape(planes, -1)
    where = np.where(placed, indices._values().astype(np.int64).reshape(planes, -1), 0)
    bad = (where < 0) | (where >= oh * ow)
    if bad.any():
        raise errors.fail("unpool_index", index=int(where[bad][-1]), h=oh, w=ow)
    values = input._values().reshape(planes, -1)
    known = input._defined().reshape(planes, -1)
    result = np.zeros((planes, oh * ow), values.dtype)
    undefined = np.zeros((planes, oh * ow), np.bool_)
    rows = np.repeat(np.arange(planes), where.shape[1])
    flat, given = where.reshape(-1), values.reshape(-1)
    result[rows, flat] = given
    undefined[rows, flat] = ~known.reshape(-1)
    # positions written twice: which write lands is a race unless the values agree
    count = np.zeros((planes, oh * ow), np.int64)
    np.add.at(count, (rows, flat), 1)
    if (count > 1).any():
        wide = given.astype(np.float64) if given.dtype.kind == "f" else given
        low = np.full((planes, oh * ow), np.inf)
        high = np.full((planes, oh * ow), -np.inf)
        np.minimum.at(low, (rows, flat), wide)
        np.maximum.at(high, (rows, flat), wide)
        clash = (count > 1) & ~(low == high)
        unknown = np.zeros((planes, oh * ow), np.bool_)
        np.logical_or.at(unknown, (rows, flat), ~known.reshape(-1))
        undefined |= clash | ((count > 1) & unknown)
    lost = ~placed.all(axis=1)  # where such a plane wrote is unknown
    undefined[lost] = True
    store(dest, Result(result.reshape(out_shape), undefined.reshape(out_shape),
                       input._tolerance()), False)
    return dest


def _ints(value: Any, n: int) -> tuple[int, ...]:
    """torch.nn.modules.utils._single / _pair: an int repeated, a sequence as given."""
    if isinstance(value, (list, tuple)):
        return tuple(value)
    return (value,) * n


def max_unpool(n: int, input: Tensor, indices: Tensor, kernel_size: Any,  # noqa: A002
               stride: Any = None, padding: Any = 0, output_size: Any = None) -> Tensor:
    """torch.nn.functional.max_unpool1d (n = 1) and max_unpool2d (n = 2)."""
    kernel = _ints(kernel_size, n)
    steps = kernel if stride is None else _ints(stride, n)
    size = unpool_output_size(input, kernel, steps, _ints(padding, n), output_size)
    if n == 2:
        return max_unpool2d(input, indices, size)
    size = list(size) + [1] if isinstance(size, list) else tuple(size) + (1,)
    return max_unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1), size).squeeze(-1)
