"""torch.nn.functional's pooling: avg_pool2d, max_pool2d (with and without indices) and their
1-d forms, as torch 2.13 computes them on CPU.

Shapes (aten/src/ATen/native/Pool.h pooling_output_shape): out = floor((in + 2 * pad -
dilation * (k - 1) - 1 + (ceil_mode ? stride - 1 : 0)) / stride) + 1, one less in ceil mode
when the last window would start past the input and its left padding. The structured meta
functions (AveragePool2d.cpp, DilatedMaxPool2d.cpp) check the argument ranks, then the
shapes (pool2d_shape_check), and allocate a 4-d output in the input's
`suggest_memory_format()` (channels_last when its strides look so) and a 3-d one contiguous;
max_pool2d's indices share the output's layout, as int64. The CPU kernels' dtype dispatch
(cpu/AvgPoolKernel.cpp: floating types and Long; cpu/MaxPoolKernel.cpp: every real type but
bool) refuses the others even for empty inputs; the meta device has no such dispatch.

The 1-d forms (Pooling.cpp) run the 2-d ops on `input.unsqueeze(-2)` and squeeze the result
back (a view of it), but for max_pool1d without indices, whose CPU kernel (MaxPooling.cpp)
writes a contiguous tensor of its own after checks of its own.

Values: a max window propagates NaN (the last one's index: cpu/MaxPoolKernel.cpp takes
`val > max || isnan(val)`) and keeps the first of equal maxima; a window with no element in
the input (dilation past it) gives -inf (the lowest integer) at its first in-range tap. The
average sums its in-range elements in torch's order in the accumulation type (float for
float, half and bfloat16, double for double; int64 wrapping for Long) and divides there
(C++ truncation for Long), so the reference repeats that arithmetic and is exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, writes
from .geometry import Geometry, channels_last_strides, contiguous_strides
from .iterator import Layout
from .layouts import suggest_format
from .operands import is_tensor
from .overlap import shares_bytes
from .pointwise import check_out_dtype, resize_out
from .reduction_values import Result
from .reductions import store

if TYPE_CHECKING:
    from .tensor import Tensor

# the dtypes each CPU kernel is instantiated for
_AVG_DTYPES = frozenset({"float32", "float64", "float16", "bfloat16", "int64"})
_MAX_DTYPES = frozenset({"float32", "float64", "float16", "bfloat16", "int64", "int32",
                         "int16", "int8", "uint8"})
_MAX1D_DTYPES = frozenset({"float32", "float64", "float16", "bfloat16"})
# a result whose error bound (from inputs known within a tolerance) passes this compares nothing
_CAP = 2.0**-7
_REQUIRED = object()


# -- shapes and layouts -----------------------------------------------------------------------

def _trunc_div(a: int, b: int) -> int:
    """C++ integer division, which truncates toward zero."""
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def output_size(size: int, kernel: int, pad: int, stride: int, dilation: int,
                ceil_mode: bool) -> int:
    """Return one output dim (aten/src/ATen/native/Pool.h pooling_output_shape)."""
    if stride == 0:
        raise errors.fail("pool_stride_zero")
    if pad < 0:
        raise errors.fail("pool_pad_negative", pad=pad)
    if pad > _trunc_div((kernel - 1) * dilation + 1, 2):
        raise errors.fail("pool_pad_effective", pad=pad, kernel=kernel, dilation=dilation)
    # div_rtn rounds toward negative infinity, as Python's // does
    out = (size + 2 * pad - dilation * (kernel - 1) - 1 + (stride - 1 if ceil_mode else 0)
           ) // stride + 1
    if ceil_mode and (out - 1) * stride >= size + pad:
        out -= 1  # the last window must start inside the input or its left padding
    return out


def output_strides(g: Geometry, shape: tuple[int, ...]) -> tuple[int, ...]:
    """Return a pooling output's strides: a 4-d one in the input's suggest_memory_format
    (c10/core/MemoryFormat.h is_channels_last_strides_2d), a 3-d one contiguous."""
    if len(shape) == 4 and suggest_format(g) is dtypes.channels_last:
        return channels_last_strides(shape)
    return contiguous_strides(shape)


def _shape_check(input: Tensor, k: tuple[int, int], d: tuple[int, int],  # noqa: A002
                 p: tuple[int, int], dil: tuple[int, int], out: tuple[int, int]) -> None:
    """Pool.h pool2d_shape_check; its channels_last branch never refuses what suggests it."""
    if k[0] <= 0 or k[1] <= 0:
        raise errors.fail("pool_kernel_positive", kh=k[0], kw=k[1])
    if d[0] <= 0 or d[1] <= 0:
        raise errors.fail("pool_stride_positive", dh=d[0], dw=d[1])
    if dil[0] <= 0 or dil[1] <= 0:
        raise errors.fail("pool_dilation_positive", h=dil[0], w=dil[1])
    shape = input._geom.shape
    ndim = len(shape)
    if not ((ndim == 3 and 0 not in shape) or (ndim == 4 and 0 not in shape[1:])):
        raise errors.fail("pool2d_input_dims", sizes=list(shape))
    if k[1] // 2 < p[1] or k[0] // 2 < p[0]:
        raise errors.fail("pool_pad_kernel", pw=p[1], ph=p[0], kw=k[1], kh=k[0])
    if out[1] < 1 or out[0] < 1:
        c, h, w = shape[-3:]
        raise errors.fail("pool_output_small", c=c, h=h, w=w, oh=out[0], ow=out[1])


def _pair(values: Sequence[int], key: str, op: str, empty_ok: bool = False
          ) -> tuple[int, int] | None:
    """Return (H, W) of a 1- or 2-int list; None for an empty stride, where allowed."""
    if empty_ok and not values:
        return None
    if len(values) not in (1, 2):
        raise errors.fail(key, op=op)
    return (values[0], values[-1])


# -- torch's argument parser, for int lists ---------------------------------------------------

def _int_list(value: Any, size: int, op: str, name: str, where: str) -> tuple[int, ...]:
    """Return an `int[size]` argument as a tuple (python_arg_parser.cpp INT_LIST): one int
    stands for `size` copies; a list's first element is checked by type, the others when
    unpacked."""
    if _is_int(value):
        return (int(value),) * size
    if is_tensor(value) and not value.dtype.is_floating_point and value.numel() == 1 and \
            value.dtype is not dtypes.bool_:
        return (int(value.item()),) * size
    if not isinstance(value, (tuple, list)):
        raise errors.fail("pool_int_list", op=op, arg=name, where=where,
                          type=type(value).__name__)
    for i, item in enumerate(value):
        if not _is_int(item):
            if i == 0:
                raise errors.fail("pool_int_list_element", op=op, arg=name, where=where,
                                  type=type(item).__name__)
            raise errors.fail("pool_int_list_unpack", op=op, arg=name,
                              pos=where.strip(" ()").removeprefix("position "),
                              type=type(item).__name__)
    return tuple(int(v) for v in value)


def _is_int(value: Any) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


# (name, kind, default): kinds "Tensor", "int[1]", "int[2]", "bool", "int?"; a `?` after a list
# lets None stand for the default (stride's, empty)
Param = tuple[str, str, Any]


def bind(op: str, params: Sequence[Param], args: Sequence[Any], kwargs: dict[str, Any],
         keyword_only: Sequence[str] = ()) -> dict[str, Any]:
    """Bind a call of a native pooling function as torch's argument parser does."""
    least = sum(default is _REQUIRED for _, _, default in params)
    if len(args) > len(params):
        raise errors.fail("extra_args_range", op=op, least=least, most=len(params),
                          given=len(args))
    bound: dict[str, Any] = {}
    for i, (name, kind, default) in enumerate(params):
        positional = i < len(args)
        if positional:
            value = args[i]
        elif name in kwargs:
            value = kwargs[name]
        elif default is _REQUIRED:
            raise errors.fail("missing_argument", name=op, arg=name)
        else:
            bound[name] = default
            continue
        where = f" (position {i + 1})" if positional else ""
        if value is None and kind.startswith("int[") and kind.endswith("?"):
            bound[name] = default
        else:
            bound[name] = _checked(op, name, kind.removesuffix("?"), value, where)
    for key in kwargs:
        if key in keyword_only:
            bound[key] = kwargs[key]
        elif key not in bound:
            raise errors.fail("unexpected_keyword", op=op, keyword=key)
        elif [p[0] for p in params].index(key) < len(args):
            raise errors.fail("multiple_values", op=op, name=key)
    return bound


def _checked(op: str, name: str, kind: str, value: Any, where: str) -> Any:
    if kind.startswith("int["):
        return _int_list(value, int(kind[4]), op, name, where)
    if kind == "int" and (value is None or _is_int(value)):
        return value
    if (kind == "Tensor" and is_tensor(value)) or (
            kind == "bool" and isinstance(value, (bool, np.bool_))):
        return value
    want = {"Tensor": "Tensor", "bool": "bool", "int": "int"}[kind]
    if where:
        raise errors.fail("argument_position_type", op=op, arg=name, pos=where[11:-1],
                          want=want, type=type(value).__name__)
    raise errors.fail("argument_keyword_type", op=op, arg=name, want=want,
                      type=type(value).__name__)


REQUIRED = _REQUIRED


# -- values -----------------------------------------------------------------------------------

def _taps(size: int, out: int, k: int, s: int, p: int, d: int
          ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Each window's positions along one dim (out, k) clipped into range, which of them are in
    range, and the first in-range tap the kernels start from (out,)."""
    start = np.arange(out) * s - p
    pos = start[:, None] + np.arange(k)[None, :] * d
    valid = (pos >= 0) & (pos < size)
    first = np.where(start < 0, start + (-start + d - 1) // d * d, start)
    return np.clip(pos, 0, max(size - 1, 0)), valid, first


def _windows(x: np.ndarray, h: tuple[np.ndarray, np.ndarray, np.ndarray],
             w: tuple[np.ndarray, np.ndarray, np.ndarray]
             ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Gather x (planes, H, W) into windows (planes, OH, OW, kH * kW) in torch's order (rows,
    then columns), with which taps lie in the input and their flat H * W positions."""
    (ph, vh, _), (pw, vw, _) = h, w
    oh, kh = ph.shape
    ow, kw = pw.shape
    g = x[:, ph[:, :, None, None], pw[None, None, :, :]].transpose(0, 1, 3, 2, 4)
    valid = (vh[:, :, None, None] & vw[None, None, :, :]).transpose(0, 2, 1, 3)
    flat = (ph[:, :, None, None] * x.shape[-1] + pw[None, None, :, :]).transpose(0, 2, 1, 3)
    return (g.reshape(x.shape[0], oh, ow, kh * kw), valid.reshape(oh, ow, kh * kw),
            flat.reshape(oh, ow, kh * kw))


def _max_values(x: np.ndarray, h: tuple[np.ndarray, np.ndarray, np.ndarray],
                w: tuple[np.ndarray, np.ndarray, np.ndarray], width: int
                ) -> tuple[np.ndarray, np.ndarray]:
    """Each window's max and the flat index of it (cpu/MaxPoolKernel.cpp cpu_max_pool)."""
    g, valid, flat = _windows(x, h, w)
    floating = g.dtype.kind == "f"
    lowest = -np.inf if floating else np.iinfo(g.dtype).min
    with np.errstate(invalid="ignore"):
        best = np.where(valid, g, lowest).max(-1)
        chosen = np.argmax(valid & (g == best[..., None]), -1)
    if floating:
        nan = valid & np.isnan(g)
        last_nan = nan.shape[-1] - 1 - np.argmax(nan[..., ::-1], -1)
        chosen = np.where(nan.any(-1), last_nan, chosen)
    index = np.take_along_axis(np.broadcast_to(flat, g.shape), chosen[..., None], -1)[..., 0]
    # no tap in range: the kernel keeps its start (the first in-range tap of each dim)
    start = h[2][:, None] * width + w[2][None, :]
    some = valid.any(-1)
    values = np.where(some, np.take_along_axis(g, chosen[..., None], -1)[..., 0], lowest)
    return values.astype(g.dtype), np.where(some, index, start)


def _avg_values(x: np.ndarray, h: tuple[np.ndarray, np.ndarray, np.ndarray],
                w: tuple[np.ndarray, np.ndarray, np.ndarray], divisor: np.ndarray,
                acc: np.dtype) -> np.ndarray:
    """Each window's sum in torch's order and type, divided there (cpu/AvgPoolKernel.cpp)."""
    (ph, vh, _), (pw, vw, _) = h, w
    total = np.zeros((x.shape[0], ph.shape[0], pw.shape[0]), acc)
    values = x.astype(acc)
    with np.errstate(all="ignore"):
        for i in range(ph.shape[1]):
            for j in range(pw.shape[1]):
                tap = values[:, ph[:, i][:, None], pw[:, j][None, :]]
                inside = vh[:, i][:, None] & vw[:, j][None, :]
                total = total + np.where(inside, tap, acc.type(0))
        if acc.kind == "f":
            return total / divisor.astype(acc)
        quotient = total // divisor
        # C++ division truncates toward zero where floor division rounds down
        return quotient + ((total % divisor != 0) & ((total < 0) != (divisor < 0)))


def _divisors(size: tuple[int, int], k: tuple[int, int], s: tuple[int, int],
              p: tuple[int, int], out: tuple[int, int], count_include_pad: bool,
              override: int | None) -> np.ndarray:
    """Each window's divisor: the override, or its size clipped to the padded input, or the
    count of its elements in the input."""
    if override is not None:
        return np.full(out, override, np.int64)
    counts = []
    for n, kk, ss, pp, o in zip(size, k, s, p, out):
        start = np.arange(o, dtype=np.int64) * ss - pp
        end = np.minimum(start + kk, n + pp)
        if count_include_pad:
            counts.append(end - start)
        else:
            counts.append(np.minimum(end, n) - np.maximum(start, 0))
    return counts[0][:, None] * counts[1][None, :]


def _window_any(mask: np.ndarray, h: tuple[np.ndarray, np.ndarray, np.ndarray],
                w: tuple[np.ndarray, np.ndarray, np.ndarray]) -> np.ndarray:
    """Tell per window whether any in-range element is set in mask (planes, H, W)."""
    g, valid, _ = _windows(mask, h, w)
    return (g & valid).any(-1)


# -- the ops ----------------------------------------------------------------------------------

def _planes(input: Tensor) -> tuple[np.ndarray, np.ndarray, float]:  # noqa: A002
    """The input's values as (planes, H, W) with which are defined, and their tolerance."""
    x = input._values()
    if x.dtype.kind == "f":  # integers keep their type: its lowest value starts a max
        x = x.astype(np.float64)
    h, w = input._geom.shape[-2:]
    return (x.reshape(-1, h, w), input._defined().reshape(-1, h, w), input._tolerance())


def _fresh(input: Tensor, shape: tuple[int, ...], dt: dtypes.dtype) -> Tensor:  # noqa: A002
    return type(input)._fresh(shape, output_strides(input._geom, shape), dt, input.device)


def _check_kernel_dtype(input: Tensor, allowed: frozenset[str], kernel: str) -> None:  # noqa: A002
    if not input.is_meta and input.dtype.name not in allowed:
        raise errors.fail("kernel_dtype", kernel=kernel, type=input.dtype.scalar_name)


def avg_pool2d(input: Tensor, kernel_size: Sequence[int], stride: Sequence[int],  # noqa: A002
               padding: Sequence[int], ceil_mode: bool = False, count_include_pad: bool = True,
               divisor_override: int | None = None, out: Tensor | None = None) -> Tensor:
    """Return torch._C._nn.avg_pool2d(...) (AveragePool2d.cpp TORCH_META_FUNC(avg_pool2d))."""
    k = _pair(kernel_size, "pool_kernel_rank", "avg_pool2d")
    s = _pair(stride, "pool_stride_rank", "avg_pool2d", empty_ok=True)
    p = _pair(padding, "pool_padding_rank", "avg_pool2d")
    assert k is not None and p is not None, "a kernel and a padding are never empty here"
    s = s if s is not None else k
    if divisor_override == 0:
        raise errors.fail("divisor_zero")
    c, h, w = input.size(-3), input.size(-2), input.size(-1)
    o = (output_size(h, k[0], p[0], s[0], 1, ceil_mode),
         output_size(w, k[1], p[1], s[1], 1, ceil_mode))
    _shape_check(input, k, s, p, (1, 1), o)
    shape = (*input._geom.shape[:-3], c, *o)
    # read before out= is resized: an out= that is the input itself changes shape with it
    planes = _planes(input) if not input.is_meta and input.numel() else None
    clobbered = out is not None and shares_bytes(out, input)
    if out is None:
        dest = _fresh(input, shape, input.dtype)
    else:
        check_out_dtype(out, input.dtype)
        if out._geom.shape != shape:
            resize_out(out, Layout((shape, output_strides(input._geom, shape))))
        writes.check_writable(out)
        dest = out
    _check_kernel_dtype(input, _AVG_DTYPES, "avg_pool2d")
    if planes is not None and not dest.is_meta and dest.numel():
        x, defined, t_in = planes
        taps = (_taps(h, o[0], k[0], s[0], p[0], 1), _taps(w, o[1], k[1], s[1], p[1], 1))
        divisor = _divisors((h, w), k, s, p, o, count_include_pad, divisor_override)
        acc = np.dtype(np.float64 if input.dtype is dtypes.float64 else
                       np.float32 if input.dtype.is_floating_point else np.int64)
        values = _avg_values(x, *taps, divisor, acc)
        undefined = _window_any(~defined, *taps)
        tolerance = 0.0
        if t_in:
            magnitude = _avg_values(np.abs(x), *taps, np.ones_like(divisor), np.dtype(np.float64))
            with np.errstate(all="ignore"):
                bound = t_in * magnitude / np.abs(values * divisor) + 2 * input.dtype.eps
            loose = ~(bound <= _CAP) & np.isfinite(values)
            undefined |= loose
            kept = bound[~undefined & np.isfinite(bound)]
            tolerance = float(kept.max()) if kept.size else 0.0
        store(dest, Result(values.reshape(shape), undefined.reshape(shape), tolerance),
              clobbered)
    if out is not None:
        out._bump()
    return dest


def _max_pool2d_checks(input: Tensor, kernel_size: Sequence[int], stride: Sequence[int],  # noqa: A002
                       padding: Sequence[int], dilation: Sequence[int], ceil_mode: bool
                       ) -> tuple[tuple[int, int], ...]:
    """DilatedMaxPool2d.cpp TORCH_META_FUNC(max_pool2d_with_indices): its checks, in order."""
    k = _pair(kernel_size, "pool_kernel_rank", "max_pool2d")
    s = _pair(stride, "pool_stride_rank", "max_pool2d", empty_ok=True)
    p = _pair(padding, "pool_padding_rank", "max_pool2d")
    dil = _pair(dilation, "pool_dilation_rank", "max_pool2d")
    assert k is not None and p is not None and dil is not None, "never empty here"
    s = s if s is not None else k
    # a channels_last input is 4-d by definition; any other must be 3-d or 4-d
    if input.ndim not in (3, 4):
        raise errors.fail("max_pool2d_ndim")
    h, w = input._geom.shape[-2:]
    o = (output_size(h, k[0], p[0], s[0], dil[0], ceil_mode),
         output_size(w, k[1], p[1], s[1], dil[1], ceil_mode))
    _shape_check(input, k, s, p, dil, o)
    return k, s, p, dil, o


def max_pool2d_with_indices(input: Tensor, kernel_size: Sequence[int],  # noqa: A002
                            stride: Sequence[int], padding: Sequence[int],
                            dilation: Sequence[int], ceil_mode: bool = False,
                            indices: bool = True) -> tuple[Tensor, Tensor | None]:
    """Return torch._C._nn.max_pool2d_with_indices(...): the max of each window and, with
    `indices`, the flat H * W position it came from."""
    k, s, p, dil, o = _max_pool2d_checks(input, kernel_size, stride, padding, dilation,
                                         ceil_mode)
    _check_kernel_dtype(input, _MAX_DTYPES, "max_pool2d")
    shape = (*input._geom.shape[:-2], *o)
    dest = _fresh(input, shape, input.dtype)
    where = _fresh(input, shape, dtypes.int64) if indices else None
    if not dest.is_meta and dest.numel():
        x, defined, t_in = _planes(input)
        h, w = input._geom.shape[-2:]
        taps = (_taps(h, o[0], k[0], s[0], p[0], dil[0]), _taps(w, o[1], k[1], s[1], p[1],
                                                               dil[1]))
        values, index = _max_values(x, *taps, w)
        undefined = _window_any(~defined, *taps)
        store(dest, Result(values.reshape(shape), undefined.reshape(shape), t_in), False)
        if where is not None:
            if t_in:  # another element within the inputs' tolerance may be the max
                g, valid, _ = _windows(x, *taps)
                with np.errstate(all="ignore"):
                    near = valid & (np.abs(g - values[..., None]) <= 2 * t_in * np.maximum(
                        np.abs(g), np.abs(values[..., None])))
                undefined = undefined | (near.sum(-1) > 1)
            store(where, Result(index.reshape(shape), undefined.reshape(shape)), False)
    return dest, where


# -- the 1-d forms (Pooling.cpp) --------------------------------------------------------------

def _check_1d(input: Tensor, op: str, lists: dict[str, Sequence[int]]) -> None:  # noqa: A002
    """checkDimRange(2, 4) and check1d of each list argument."""
    if input.ndim not in (2, 3):
        raise errors.fail("pool1d_dim_range", ndim=input.ndim, op=op)
    for name, values in lists.items():
        if len(values) != 1:
            raise errors.fail("pool1d_one_int", op=op, name=name, n=len(values))


def avg_pool1d(input: Tensor, kernel_size: Sequence[int], stride: Sequence[int],  # noqa: A002
               padding: Sequence[int], ceil_mode: bool, count_include_pad: bool) -> Tensor:
    """Return torch.avg_pool1d(...): avg_pool2d of input.unsqueeze(-2), squeezed back."""
    stride = stride or kernel_size
    _check_1d(input, "avg_pool1d", {"kernel_size": kernel_size, "stride": stride,
                                    "padding": padding})
    result = avg_pool2d(input.unsqueeze(-2), (1, kernel_size[0]), (1, stride[0]),
                        (0, padding[0]), ceil_mode, count_include_pad)
    return result.squeeze(-2)


def max_pool1d_with_indices(input: Tensor, kernel_size: Sequence[int],  # noqa: A002
                            stride: Sequence[int], padding: Sequence[int],
                            dilation: Sequence[int], ceil_mode: bool
                            ) -> tuple[Tensor, Tensor]:
    """Return torch.max_pool1d_with_indices(...): max_pool2d_with_indices of
    input.unsqueeze(-2), both results squeezed back."""
    stride = stride or kernel_size
    _check_1d(input, "max_pool1d", {"kernel_size": kernel_size, "stride": stride,
                                    "padding": padding, "dilation": dilation})
    values, index = max_pool2d_with_indices(
        input.unsqueeze(-2), (1, kernel_size[0]), (1, stride[0]), (0, padding[0]),
        (1, dilation[0]), ceil_mode)
    assert index is not None, "asked for indices"
    return values.squeeze(-2), index.squeeze(-2)


# what each list argument of max_pool1d may be, in its size message (MaxPooling.h)
_MAX1D_FORMS = {"kernel_size": "an int, list of ints or tuple of ints",
                "stride": "None, an int, list of ints, or tuple of ints",
                "padding": "an int, list of ints, or tuple of ints",
                "dilation": "an int, list of ints or tuple of ints"}


def max_pool1d(input: Tensor, kernel_size: Sequence[int], stride: Sequence[int],  # noqa: A002
               padding: Sequence[int], dilation: Sequence[int], ceil_mode: bool) -> Tensor:
    """Return torch.max_pool1d(...) (Pooling.cpp max_pool1d, MaxPooling.h check_max_pool1d):
    the CPU kernel's own contiguous output; off the CPU, max_pool1d_with_indices' values."""
    shape = input._geom.shape
    if not ((len(shape) == 2 and 0 not in shape) or (len(shape) == 3 and 0 not in shape[1:])):
        raise errors.fail("max_pool1d_input", sizes=list(shape))
    for name, given in (("kernel_size", kernel_size), ("stride", stride),
                        ("padding", padding), ("dilation", dilation)):
        if len(given) != 1 and not (name == "stride" and not given):
            raise errors.fail("max_pool1d_list_size", name=name, forms=_MAX1D_FORMS[name],
                              n=len(given))
    stride = stride or kernel_size
    k, s, p, d = kernel_size[0], stride[0], padding[0], dilation[0]
    for name, value in (("kernel_size", k), ("stride", s)):
        if value <= 0:
            raise errors.fail("max_pool1d_positive", name=name, value=value)
    if p < 0:
        raise errors.fail("max_pool1d_padding_negative", value=p)
    if p > k // 2:
        raise errors.fail("max_pool1d_padding_half", p=p, k=k)
    if d <= 0:
        raise errors.fail("max_pool1d_positive", name="dilation", value=d)
    length = output_size(shape[-1], k, p, s, d, ceil_mode)
    if length <= 0:
        raise errors.fail("max_pool1d_output", size=length)
    if input.is_meta:
        return max_pool1d_with_indices(input, (k,), (s,), (p,), (d,), ceil_mode)[0]
    _check_kernel_dtype(input, _MAX1D_DTYPES, "max_pool1d_impl")
    out_shape = (*shape[:-1], length)
    # the kernel writes a 3-d output and squeeze_(0)s it for a 2-d input: a version bump
    full = (1, *out_shape) if len(shape) == 2 else out_shape
    dest = type(input)._fresh(full, contiguous_strides(full), input.dtype, input.device)
    if len(shape) == 2:
        dest.squeeze_(0)
    if dest.numel():
        x, defined, t_in = _planes(input.unsqueeze(-2))
        taps = (_taps(1, 1, 1, 1, 0, 1), _taps(shape[-1], length, k, s, p, d))
        values, _ = _max_values(x, *taps, shape[-1])
        undefined = _window_any(~defined, *taps)
        store(dest, Result(values.reshape(out_shape), undefined.reshape(out_shape), t_in),
              False)
    return dest
