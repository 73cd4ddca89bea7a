"""torch.nn.functional.unfold (im2col) and fold (col2im), as torch 2.13 computes them on CPU.

F.unfold and F.fold (torch/nn/functional.py) pass every size through `_pair` (an int twice,
a sequence as a tuple) to torch._C._nn.im2col / col2im. The CPU ops
(aten/src/ATen/native/Im2Col.cpp, Col2Im.cpp) check each list has 2 ints, then
im2col_shape_check / col2im_shape_check (aten/src/ATen/native/im2col_shape_check.h: kernel,
then dilation, padding, stride for im2col; kernel, stride, dilation, padding for col2im; then
the ranks and sizes, reading dims 1 and 2 (and 3) of the input before its rank), and allocate
empty_like(input) resized to a contiguous output (its storage as large as the larger of the
two; on the meta device just large enough): (N, C * kh * kw, L) or (C * kh * kw, L) for
im2col, (N, C, H, W) or (C, H, W) for col2im, whatever the input's layout. Their dtype
dispatch takes the floating types, complex64/128 and bool, refused even when empty; the meta
device has none.

Values: im2col gathers, zero where a window tap falls in the padding: exact. col2im sums each
output element's taps (bool: any); here in double, within a bound of one rounding per tap.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors
from .geometry import Geometry, contiguous_strides
from .reduction_values import _PRECISION, Result
from .reductions import store

if TYPE_CHECKING:
    from .tensor import Tensor

_DTYPES = frozenset({"float32", "float64", "float16", "bfloat16", "complex64", "complex128",
                     "bool"})
_CAP = 2.0**-7
Pair = tuple[int, int]


def _pair(x: Any) -> tuple[int, ...]:
    """torch.nn.modules.utils._pair."""
    if isinstance(x, (list, tuple)):
        return tuple(x)
    return (x, x)


def _two(values: tuple[int, ...], name: str) -> Pair:
    if len(values) != 2:
        raise errors.fail("im2col_list_size", name=name, n=len(values))
    return (int(values[0]), int(values[1]))


def _check_positive(k: Pair, s: Pair, d: Pair, p: Pair, im2col: bool) -> None:
    checks = [("im2col_kernel", k), ("im2col_dilation", d), ("im2col_padding", p),
              ("im2col_stride", s)] if im2col else \
        [("im2col_kernel", k), ("im2col_stride", s), ("im2col_dilation", d),
         ("im2col_padding", p)]
    for key, (h, w) in checks:
        if key == "im2col_padding":
            if h < 0 or w < 0:
                raise errors.fail(key, h=h, w=w)
        elif h <= 0 or w <= 0:
            raise errors.fail(key, h=h, w=w)


def _blocks(size: int, pad: int, dilation: int, kernel: int, stride: int) -> int:
    """im2col_shape_check.h sliding_window_count (div_rtn: floor division)."""
    return (size + 2 * pad - (dilation * (kernel - 1) + 1)) // stride + 1


def _size(input: Tensor, d: int) -> int:  # noqa: A002
    """input.size(d), with its refusal of a dim past the rank."""
    n = input.ndim
    if n == 0:
        raise errors.fail("no_dims", dim=d)
    if d >= n:
        raise errors.fail("dim_out_of_range", lo=-n, hi=n - 1, dim=d)
    return input._geom.shape[d]


def _check_dtype(input: Tensor, kernel: str) -> None:  # noqa: A002
    if not input.is_meta and input.dtype.name not in _DTYPES:
        raise errors.fail("kernel_dtype", kernel=kernel, type=input.dtype.scalar_name)


def _integral(x: np.ndarray, dt: dtypes.dtype) -> bool:
    """Tell whether x's finite values are integers whose sums stay exact in dt."""
    finite = x[np.isfinite(x)]
    return bool(np.all(finite == np.round(finite))) and \
        float(np.abs(finite).sum()) <= 2.0 ** _PRECISION[dt.name]


def _allocate(input: Tensor, shape: tuple[int, ...]) -> Tensor:  # noqa: A002
    """A new contiguous output; on CPU it is empty_like(input) resized (Im2Col.cpp,
    Col2Im.cpp), so its storage holds as many elements as the larger of the two."""
    numel = math.prod(shape)
    if not input.is_meta and numel:
        numel = max(numel, input.numel())
    dest = type(input)._fresh((numel,), None, input.dtype, input.device)
    dest._geom = Geometry((shape, contiguous_strides(shape), 0))
    return dest


def _taps(size: int, out: int, kernel: int, pad: int, stride: int, dilation: int
          ) -> tuple[np.ndarray, np.ndarray]:
    """Each (tap, block)'s input position along one dim, clipped, and whether it is inside."""
    pos = np.arange(kernel)[:, None] * dilation + np.arange(out)[None, :] * stride - pad
    return np.clip(pos, 0, max(size - 1, 0)), (pos >= 0) & (pos < size)


def unfold(input: Tensor, kernel_size: Any, dilation: Any = 1, padding: Any = 0,  # noqa: A002
           stride: Any = 1) -> Tensor:
    """Return torch.nn.functional.unfold(...) (torch._C._nn.im2col)."""
    k = _two(_pair(kernel_size), "kernel_size")
    d = _two(_pair(dilation), "dilation")
    p = _two(_pair(padding), "padding")
    s = _two(_pair(stride), "stride")
    _check_positive(k, s, d, p, True)
    valid = _size(input, 1) != 0 and _size(input, 2) != 0
    shape = input._geom.shape
    if not ((len(shape) == 3 and shape[0] and valid) or
            (len(shape) == 4 and valid and _size(input, 3) != 0)):
        raise errors.fail("im2col_input", sizes=list(shape))
    h, w = shape[-2:]
    oh, ow = (_blocks(h, p[0], d[0], k[0], s[0]), _blocks(w, p[1], d[1], k[1], s[1]))
    if oh < 1 or ow < 1:
        raise errors.fail("im2col_blocks", h=h, w=w, kh=k[0], kw=k[1], dh=d[0], dw=d[1],
                          ph=p[0], pw=p[1], oh=oh, ow=ow)
    c = shape[-3]
    out_shape = (*shape[:-3], c * k[0] * k[1], oh * ow)
    dest = _allocate(input, out_shape)
    _check_dtype(input, "im2col_out_cpu")
    if dest.is_meta or not dest.numel():
        return dest
    x = input._values()
    undefined = ~input._defined()
    (ph_, vh), (pw_, vw) = (_taps(h, oh, k[0], p[0], s[0], d[0]),
                            _taps(w, ow, k[1], p[1], s[1], d[1]))
    # (..., C, kh, oh, kw, ow) -> (..., C, kh, kw, oh, ow)
    index = (Ellipsis, ph_[:, :, None, None], pw_[None, None, :, :])
    inside = (vh[:, :, None, None] & vw[None, None, :, :])
    zero = np.zeros((), x.dtype)
    gathered = np.where(inside, x[index], zero)
    lost = np.where(inside, undefined[index], False)
    lead = x.ndim - 2
    order = (*range(lead), lead, lead + 2, lead + 1, lead + 3)
    values = gathered.transpose(order).reshape(out_shape)
    store(dest, Result(values, lost.transpose(order).reshape(out_shape), input._tolerance()),
          False)
    return dest


def fold(input: Tensor, output_size: Any, kernel_size: Any, dilation: Any = 1,  # noqa: A002
         padding: Any = 0, stride: Any = 1) -> Tensor:
    """Return torch.nn.functional.fold(...) (torch._C._nn.col2im)."""
    o = _two(_pair(output_size), "output_size")
    k = _two(_pair(kernel_size), "kernel_size")
    d = _two(_pair(dilation), "dilation")
    p = _two(_pair(padding), "padding")
    s = _two(_pair(stride), "stride")
    _check_positive(k, s, d, p, False)
    shape = input._geom.shape
    if not ((len(shape) == 2 and shape[0] and shape[1]) or
            (len(shape) == 3 and shape[1] and shape[2])):
        raise errors.fail("col2im_input", sizes=list(shape))
    planes, length = shape[-2:]
    if planes % (k[0] * k[1]):
        raise errors.fail("col2im_divisible", n=planes, kh=k[0], kw=k[1])
    bh, bw = _blocks(o[0], p[0], d[0], k[0], s[0]), _blocks(o[1], p[1], d[1], k[1], s[1])
    given = dict(oh=o[0], ow=o[1], kh=k[0], kw=k[1], dh=d[0], dw=d[1], ph=p[0], pw=p[1],
                 sh=s[0], sw=s[1], bh=bh, bw=bw)
    if length != bh * bw:
        raise errors.fail("col2im_blocks", **given, blocks=bh * bw, length=length)
    if bh < 1 or bw < 1:
        raise errors.fail("col2im_blocks_small", **given)
    if o[0] < 1 or o[1] < 1:
        raise errors.fail("col2im_output", oh=o[0], ow=o[1])
    c = planes // (k[0] * k[1])
    out_shape = (*shape[:-2], c, *o)
    dest = _allocate(input, out_shape)
    _check_dtype(input, "col2im_out_cpu")
    if dest.is_meta or not dest.numel():
        return dest
    x = input._values()
    lead = x.shape[:-2]
    cols = x.reshape(*lead, c, k[0], k[1], bh, bw)
    undefined = (~input._defined()).reshape(cols.shape)
    (ph_, vh), (pw_, vw) = (_taps(o[0], bh, k[0], p[0], s[0], d[0]),
                            _taps(o[1], bw, k[1], p[1], s[1], d[1]))
    boolean = input.dtype is dtypes.bool_
    acc = np.zeros((*lead, c, *o), np.bool_ if boolean else
                   np.complex128 if input.dtype.is_complex else np.float64)
    magnitude = np.zeros(acc.shape, np.float64)
    lost = np.zeros(acc.shape, np.bool_)
    for i in range(k[0]):
        for j in range(k[1]):
            for a in range(bh):
                if not vh[i, a]:
                    continue
                for b in range(bw):
                    if not vw[j, b]:
                        continue
                    tap = cols[..., i, j, a, b]
                    at = (Ellipsis, ph_[i, a], pw_[j, b])
                    if boolean:
                        acc[at] |= tap.astype(np.bool_)
                    else:
                        acc[at] += tap
                        magnitude[at] += np.abs(tap)
                    lost[at] |= undefined[..., i, j, a, b]
    if boolean:
        store(dest, Result(acc, lost), False)
        return dest
    dt = input.dtype
    terms = max(k[0] * k[1], 1)
    with np.errstate(all="ignore"):
        bound = (terms * dt.eps + input._tolerance()) * magnitude / np.abs(acc)
    bound = np.where(magnitude == 0, 0.0, bound)
    if not dt.is_complex and _integral(x, dt):
        bound = np.zeros(bound.shape)  # sums of small integers are exact in any order
    loose = ~(bound <= max(_CAP, 2 * dt.eps)) & ~lost
    loose &= np.isfinite(magnitude)  # an infinite sum is what it is
    kept = bound[~loose & ~lost & np.isfinite(bound)]
    tolerance = float(kept.max()) if kept.size else 0.0
    store(dest, Result(acc, lost | loose, tolerance), False)
    return dest
