"""torch.nn.functional's adaptive pools: adaptive_avg_pool1d, adaptive_avg_pool2d,
adaptive_avg_pool3d and adaptive_max_pool2d (with indices), as torch 2.13 computes them on CPU.

Each output element pools the window [floor(i * in / out), ceil((i + 1) * in / out)) of every
spatial dim (AdaptivePooling.h start_index, end_index), so windows may differ in size and
overlap. adaptive_avg_pool2d and 3d (AdaptiveAveragePooling.cpp, AdaptiveAveragePooling3d.cpp)
check the output size, then take a mean over the spatial dims for an output of all ones
(`mean(dims, keepdim=True)`, restrided in place, a version bump, to channels_last(_3d) strides
where the input suggests that format); otherwise the CPU template checks the input and
allocates its output: the 2-d one in the input's suggest_memory_format, the 3-d one
contiguous, and skips its kernel (and its dtype dispatch) for an empty output.
adaptive_max_pool2d's structured meta (AdaptiveMaxPooling2d.cpp) allocates values and int64
indices in the input's suggested format and always dispatches. adaptive_avg_pool1d
(Pooling.cpp) is the 2-d op of input.unsqueeze(-2) with output (1, size), squeezed back: a
view.

Values: the max and its index as reference/pooling3d.py's (NaN propagates; the first of equal
maxima); the average sums in torch's order in float (double for double) and divides by each
window extent in turn (cpu/AdaptiveAvgPoolKernel.cpp); the channels_last kernel divides once
by their product, so the result carries a tolerance of two units in the last place; the 3-d
kernel sums half and bfloat16 in their own type, which widens theirs by the window's rounding.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors
from .geometry import channels_last_strides, contiguous_strides
from .layouts import suggest_format
from .pooling import _CAP, _check_1d, _check_kernel_dtype, _is_int
from .pooling3d import Taps, max_values, near_ties, planes, window_any, window_sums
from .reduction_values import Result
from .reductions import store

if TYPE_CHECKING:
    from .tensor import Tensor

# the adaptive kernels' AT_DISPATCH_FLOATING_TYPES_AND2(BFloat16, Half)
_FLOATS = frozenset({"float32", "float64", "float16", "bfloat16"})


def taps(size: int, out: int) -> Taps:
    """One spatial dim's adaptive windows as (positions, in range, start) (AdaptivePooling.h)."""
    o = np.arange(out, dtype=np.int64)
    start = (o * size) // out
    end = -((-(o + 1) * size) // out)
    k = max(int((end - start).max()), 1) if out else 1
    pos = start[:, None] + np.arange(k)[None, :]
    return np.clip(pos, 0, max(size - 1, 0)), pos < end[:, None], start


def with_default(output_size: Any, sizes: tuple[int, ...]) -> Any:
    """torch/nn/modules/utils.py _list_with_default: None entries take the input's sizes."""
    if _is_int(output_size):
        return output_size
    if not hasattr(output_size, "__len__"):
        raise errors.fail("no_len", type=type(output_size).__name__)
    if len(sizes) <= len(output_size):
        raise errors.fail("adaptive_min_rank", n=len(output_size) + 1)
    tail = sizes[len(sizes) - len(output_size):]
    return [d if v is None else v for v, d in zip(output_size, tail)]


def _spatial_dims(n: int) -> tuple[int, ...]:
    return tuple(range(-1, -n - 1, -1))


def _sizes_text(sizes: Sequence[int]) -> str:
    # the 3-d message prints its last separator without a space
    head = ", ".join(map(str, sizes[:2]))
    return head + "".join(f",{n}" for n in sizes[2:])


def adaptive_avg_pool(input: Tensor, output_size: Sequence[int], n: int) -> Tensor:  # noqa: A002
    """Return torch._C._nn.adaptive_avg_pool{n}d(input, output_size) for n of 2 or 3."""
    op = f"adaptive_avg_pool{n}d"
    if len(output_size) != n:
        raise errors.fail("adaptive_output_rank", op=op, n=n)
    if min(output_size) < 0:
        raise errors.fail("adaptive_output_negative", op=op, sizes=_sizes_text(output_size))
    if all(o == 1 for o in output_size):
        out = input.mean(_spatial_dims(n), keepdim=True)
        fmt = dtypes.channels_last if n == 2 else dtypes.channels_last_3d
        if suggest_format(input._geom) is fmt:
            # only a batched input suggests it: (N, C, 1, ...) with C-sized strides
            b, c = input._geom.shape[:2]
            out.as_strided_((b, c, *output_size), (c, 1, *(c,) * n))
        return out
    return _adaptive_avg(input, tuple(output_size), n, op)


def _adaptive_avg(input: Tensor, o: tuple[int, ...], n: int, op: str) -> Tensor:  # noqa: A002
    """adaptive_avg_pool{2,3}d_out_cpu_template: its checks, the output, the kernel."""
    shape = input._geom.shape
    ndim = len(shape)
    ranks = "3D or 4D" if n == 2 else "4D or 5D"
    # the 2-d template checks the rank first and the spatial dims; the 3-d one every dim but
    # the first, then the rank
    checked = range(ndim - 2, ndim) if n == 2 else range(1, ndim)
    if n == 2 and ndim not in (3, 4):
        raise errors.fail("adaptive_input_rank", op=op, ranks=ranks, sep=" ", sizes=list(shape))
    for i in checked:
        if shape[i] <= 0:
            raise errors.fail("adaptive_input_empty", op=op, sizes=list(shape), dim=i)
    if n == 3 and ndim not in (4, 5):
        raise errors.fail("adaptive_input_rank", op=op, ranks=ranks, sep=" ", sizes=list(shape))
    out_shape = (*shape[:-n], *o)
    cl = n == 2 and ndim == 4 and suggest_format(input._geom) is dtypes.channels_last
    strides = channels_last_strides(out_shape) if cl else contiguous_strides(out_shape)
    dest = type(input)._fresh(out_shape, strides, input.dtype, input.device)
    if not dest.numel():
        return dest
    _check_kernel_dtype(input, _FLOATS, op if n == 2 else "adaptive_avg_pool3d_cpu")
    if dest.is_meta:
        return dest
    x, defined, t_in = planes(input, n)
    windows = [taps(size, out) for size, out in zip(shape[-n:], o)]
    acc = np.dtype(np.float64 if input.dtype is dtypes.float64 else np.float32)
    total = window_sums(x, windows, acc)
    values = total
    counts = np.ones((1,) * n, np.int64)
    with np.errstate(all="ignore"):
        for d, (_, ok, _) in enumerate(windows):
            extent = ok.sum(-1).reshape([-1 if i == d else 1 for i in range(n)])
            values = values / extent.astype(acc)
            counts = counts * extent
    undefined = window_any(~defined, windows)
    tolerance = 2 * input.dtype.eps
    # the 3-d kernel sums half and bfloat16 in their own type: each addition may round
    rounding = n == 3 and input.dtype.name in ("float16", "bfloat16")
    if t_in or rounding:
        magnitude = window_sums(np.abs(x), windows, np.dtype(np.float64))
        step = input.dtype.eps * int(counts.max()) if rounding else 0.0
        with np.errstate(all="ignore"):
            bound = (t_in + step) * magnitude / np.abs(values * counts) + tolerance
        undefined |= ~(bound <= (_CAP if not rounding else 0.25)) & np.isfinite(values)
        kept = bound[~undefined & np.isfinite(bound)]
        tolerance = max(tolerance, float(kept.max()) if kept.size else 0.0)
    store(dest, Result(values.reshape(out_shape), undefined.reshape(out_shape), tolerance),
          False)
    return dest


def adaptive_avg_pool1d(input: Tensor, output_size: Sequence[int]) -> Tensor:  # noqa: A002
    """Return torch.adaptive_avg_pool1d(...): the 2-d op of input.unsqueeze(-2), squeezed."""
    _check_1d(input, "adaptive_avg_pool1d", {"output_size": output_size})
    return adaptive_avg_pool(input.unsqueeze(-2), (1, output_size[0]), 2).squeeze(-2)


def adaptive_max_pool2d(input: Tensor, output_size: Sequence[int]  # noqa: A002
                        ) -> tuple[Tensor, Tensor]:
    """Return torch._C._nn.adaptive_max_pool2d(input, output_size): each window's max and the
    flat H * W position it came from (AdaptiveMaxPooling2d.cpp)."""
    op = "adaptive_max_pool2d"
    shape = input._geom.shape
    if len(shape) not in (3, 4):
        raise errors.fail("adaptive_input_rank", op=op, ranks="3D or 4D", sep=": ",
                          sizes=list(shape))
    for i in range(1, len(shape)):
        if shape[i] <= 0:
            raise errors.fail("adaptive_input_empty", op=op, sizes=list(shape), dim=i)
    if len(output_size) != 2:
        raise errors.fail("adaptive_max_output_rank")
    out_shape = (*shape[:-2], *output_size)
    cl = len(shape) == 4 and suggest_format(input._geom) is dtypes.channels_last
    strides = channels_last_strides(out_shape) if cl and min(output_size) >= 0 else None
    dest = type(input)._fresh(out_shape, strides, input.dtype, input.device)
    where = type(input)._fresh(out_shape, strides, dtypes.int64, input.device)
    _check_kernel_dtype(input, _FLOATS, op)
    if not dest.is_meta and dest.numel():
        x, defined, t_in = planes(input, 2)
        windows = [taps(size, out) for size, out in zip(shape[-2:], output_size)]
        values, index = max_values(x, windows)
        undefined = window_any(~defined, windows)
        store(dest, Result(values.reshape(out_shape), undefined.reshape(out_shape), t_in),
              False)
        if t_in:
            undefined = undefined | near_ties(x, windows, values, t_in)
        store(where, Result(index.reshape(out_shape), undefined.reshape(out_shape)), False)
    return dest, where
