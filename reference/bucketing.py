"""histc, searchsorted and bucketize: counts of values in equal bins, and where values fall
among boundaries.

histc (aten/src/ATen/native/Histogram.cpp histogram_histc_out) allocates `empty({0})`
contiguous of the input's dtype and resize_outputs it (an out= of another dtype is refused,
one of another shape resized with resize_output's warning) to `bins` elements: a new 1-d
contiguous tensor. min == max takes the range from the data (aminmax, skipped for an empty
input); an empty range is widened by 1 each way; a range that is not finite, then one whose
max does not exceed its min, is refused. The kernel (cpu/HistogramKernel.cpp,
LINEAR_INTERPOLATION) skips elements outside [min, max] and NaN, and puts each other one in
bin `(x - min) * bins / (max - min)` computed in the input's dtype (each step rounded, for half
and bfloat16) and truncated, the max in the last bin. Counts add up in the input's dtype per
thread, so half and bfloat16 counts past their exact integers are not determined here.
Integer inputs are refused by the kernel ("histogram_cpu"), bool by linspace, complex by
aminmax (or the kernel, given a range).

searchsorted and bucketize (Bucketization.cpp, BucketizationUtils.h searchsorted_pre_check)
return a new contiguous int64 (int32 with out_int32) tensor of the values' shape (0-d for a
Python scalar, a wrapped number in type promotion). Boundaries and values of different dtypes
are compared in their result type; bool and complex are refused ("searchsorted_out_cpu"),
except where there are no values. Each value is found by the kernel's own binary search
(`!(b >= v)` for the left side, `!(b > v)` for the right), so NaN values go past every
boundary and unsorted boundaries give what the search finds; `sorter` reorders each row of the
boundaries. Checks, in order: side, sorter's shape, dtype and range, a scalar value with n-d
boundaries, 0-d boundaries, leading dims, out='s dtype.

The meta device runs torch/_meta_registrations.py's kernels, whose checks differ (measured on
2.13 and followed here on meta): meta_histc accepts any dtype and words its two checks as
"histc(): ..." (max == min passes); meta_searchsorted checks only the leading dims (by
`shape[:-1]`), the sorter's shape and side='left' with right; meta_bucketize checks nothing.
"""

from __future__ import annotations

import math
import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, signatures, writes
from .geometry import contiguous_strides, is_contiguous, overlaps_internally
from .iterator import Layout
from .offset_values import store
from .operands import is_tensor
from .overlap import shares_bytes
from .pointwise import cpp_type, resize_out
from .promotion import checked_scalar, result_type
from .values import quantize

if TYPE_CHECKING:
    from .dtypes import dtype as DType
    from .tensor import Tensor

Shape = tuple[int, ...]

_SIG = signatures.signature
_HISTC = _SIG("histc(Tensor input, int bins=100, Scalar min=0, Scalar max=0, *, Tensor out=None)")
_HISTC_METHOD = _SIG("histc(int bins=100, Scalar min=0, Scalar max=0)")
_SEARCHSORTED = (
    _SIG("searchsorted(Tensor sorted_sequence, Tensor input, *, bool out_int32=False, "
         "bool right=False, Tensor? sorter=None, Tensor out=None)"),
    _SIG("searchsorted(Tensor sorted_sequence, Scalar self, *, bool out_int32=False, "
         "bool right=False, Tensor? sorter=None, Tensor out=None)"))
_BUCKETIZE = (
    _SIG("bucketize(Tensor input, Tensor boundaries, *, bool out_int32=False, "
         "bool right=False, Tensor out=None)"),
    _SIG("bucketize(Scalar self, Tensor boundaries, *, bool out_int32=False, "
         "bool right=False)"))
# the integers each reduced floating type holds exactly
_EXACT = {dtypes.float16: 2 ** 11, dtypes.bfloat16: 2 ** 8}
_warned: set[str] = set()


def _fresh(like: Tensor, shape: Shape, dt: DType) -> Tensor:
    return type(like)._fresh(shape, contiguous_strides(shape), dt, like.device)


def _double(x: float) -> str:
    """Return a double as C++'s ostream prints it (6 significant digits, -nan kept)."""
    if math.isnan(x):
        return "-nan" if math.copysign(1.0, x) < 0 else "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return f"{x:g}"


def _resized(out: Tensor, shape: Shape) -> None:
    """resize_output: a tensor of another shape is resized (contiguous), warning where it
    had elements."""
    if out._geom.shape != shape:
        resize_out(out, Layout((shape, contiguous_strides(shape))))


# -- histc ---------------------------------------------------------------------------------------

def histc_range(t: Tensor, lo: float, hi: float) -> tuple[float, float]:
    """Return the outer bin edges (Histogram.cpp histc_select_outer_bin_edges)."""
    if lo == hi and t.numel() > 0:
        if t.dtype.is_complex:
            raise errors.fail("kernel_dtype", kernel="aminmax_cpu", type=t.dtype.scalar_name)
        x = t._values().astype(np.float64)
        if np.isnan(x).any():
            # aminmax's vectorised NaN, x86's default one, prints as -nan (measured)
            lo = hi = -math.nan
        else:
            lo, hi = float(x.min()), float(x.max())
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    if not (math.isfinite(lo) and math.isfinite(hi)):
        raise errors.fail("histc_range", lo=_double(lo), hi=_double(hi))
    if not lo < hi:
        raise errors.fail("histc_min_max")
    return lo, hi


def _bins_of(x: np.ndarray, bins: int, lo: float, hi: float, dt: DType) -> np.ndarray:
    """Return each element's bin, -1 for those skipped (HistogramKernel.cpp: each C++ step
    in the input's type, c10::Half and c10::BFloat16 rounding after every one)."""
    def r(v: Any) -> np.ndarray:
        if dt in (dtypes.float16, dtypes.bfloat16):
            return quantize(np.asarray(v, np.float32), dt)
        return np.asarray(v, np.float64 if dt is dtypes.float64 else np.float32)
    left, right, n = r(lo), r(hi), r(bins)
    x = r(x)
    with np.errstate(all="ignore"):
        # the edges come from linspace, whose step (right - left) / bins is taken in the
        # input's type: where it overflows, both outer edges are NaN and nothing is counted
        # (RangeFactoriesKernel.cpp: start + step * 0)
        spread = r(right - left)
        inside = (x >= left) & (x <= right) & bool(np.isfinite(spread))
        pos = r(r(r(x - left) * n) / spread)
        # a step that overflows (half and bfloat16 only, in practice) gives inf or NaN, which
        # static_cast<int64_t> turns into INT64_MIN on x86: times the element size that is 0
        # modulo 2**64, so the element lands in bin 0 (docs/torch-bugs.md)
        pos = np.where(np.isfinite(pos), pos, 0)
        pos = np.where(inside, np.trunc(np.where(inside, pos, 0)), -1).astype(np.int64)
    return np.where(pos == bins, bins - 1, pos)


def histc(t: Tensor, bins: int = 100, min: Any = 0, max: Any = 0,  # noqa: A002
          out: Tensor | None = None) -> Tensor:
    """Return torch.histc(t, bins, min, max, out=out)."""
    if t.is_meta:
        return _histc_meta(t, bins, min, max, out)
    if out is not None and out.dtype is not t.dtype:
        raise errors.fail("histogram_out_dtype", input=cpp_type(t.dtype),
                          hist=cpp_type(out.dtype))
    if bins <= 0:
        raise errors.fail("histogram_bins", bins=bins)
    if out is t and t._geom.shape != (bins,):
        # histogram_histc_out resizes hist before it reads self: self is then `bins` elements
        # of whatever the grown storage holds
        raise errors.fail("not_modelled", what="histc(x, out=x) resized over its input")
    lo, hi = histc_range(t, float(min), float(max))
    if t.dtype is dtypes.bool_:
        raise errors.fail("kernel_dtype", kernel="linspace_cpu", type=t.dtype.scalar_name)
    # linspace_out converts the outer edges to the input's type, checked (an integral input
    # fails there when they do not fit, before its kernel is found missing)
    checked_scalar(lo, t.dtype)
    checked_scalar(hi, t.dtype)
    if not t.dtype.is_floating_point:
        raise errors.fail("kernel_dtype", kernel="histogram_cpu", type=t.dtype.scalar_name)
    x = t._values().reshape(-1)
    pos = _bins_of(x, bins, lo, hi, t.dtype)
    counts = np.bincount(pos[pos >= 0], minlength=bins).astype(np.float64)
    known = bool(np.asarray(t._defined()).all())
    defined = np.full(bins, known)
    if t.dtype in _EXACT:
        defined &= counts <= _EXACT[t.dtype]
    dest = _fresh(t, (bins,), t.dtype) if out is None else out
    if out is not None:
        _resized(out, (bins,))
    store(dest, counts, defined)
    if out is not None:
        # the kernel zeroes hist before it reads an input that may share its bytes; sum_out
        # folds the bins of an out= with a zero stride together
        if overlaps_internally(out._geom) or shares_bytes(out, t):
            writes.forget(out, np.ones(out._geom.shape, np.bool_))
        out._bump()
    return dest


def _histc_meta(t: Tensor, bins: int, lo: Any, hi: Any, out: Tensor | None) -> Tensor:
    """torch/_meta_registrations.py meta_histc (device_hint: meta stands for CUDA)."""
    if bins <= 0:
        raise errors.fail("histc_meta_bins", bins=bins)
    if not hi >= lo:
        raise errors.fail("histc_meta_min_max")
    if out is None:
        return _fresh(t, (bins,), t.dtype)
    _resized(out, (bins,))
    out._bump()
    return out


# -- searchsorted, bucketize ---------------------------------------------------------------------

def _warn_once(key: str) -> None:
    """TORCH_WARN_ONCE: once per process."""
    if key not in _warned:
        _warned.add(key)
        warnings.warn(errors.warning(key), UserWarning, stacklevel=5)


def _search(rows: np.ndarray, row_of: np.ndarray, v: np.ndarray, right: bool) -> np.ndarray:
    """Return the kernel's cus_lower_bound (cus_upper_bound when `right`) of each value in
    its row, as positions within the row."""
    n = rows.shape[1]
    start = np.zeros(v.shape, np.int64)
    end = np.full(v.shape, n, np.int64)
    with np.errstate(invalid="ignore"):
        while True:
            active = start < end
            if not active.any():
                return start
            mid = start + ((end - start) >> 1)
            b = rows[row_of, np.minimum(mid, n - 1)]
            go = ~(b > v) if right else ~(b >= v)
            start = np.where(active & go, mid + 1, start)
            end = np.where(active & ~go, mid, end)


def _pre_check(seq: Tensor, v: Tensor | Any, out: Tensor | None, out_int32: bool, right: bool,
               side: str | None, sorter: Tensor | None) -> None:
    """BucketizationUtils.h searchsorted_pre_check."""
    if side is not None:
        if side not in ("left", "right"):
            raise errors.fail("searchsorted_side", side=side)
        if right and side != "right":
            raise errors.fail("searchsorted_side_right", side=side)
    if sorter is not None:
        if sorter._geom.shape != seq._geom.shape:
            raise errors.fail("searchsorted_sorter_size", bd=list(seq._geom.shape),
                              sorter=list(sorter._geom.shape))
        if sorter.dtype is not dtypes.int64:
            raise errors.fail("searchsorted_sorter_dtype", dtype=sorter.dtype.scalar_name)
        s = sorter._values()
        n = seq._geom.shape[-1]
        if s.size == 0 or s.max() >= n or s.min() < 0:
            raise errors.fail("searchsorted_sorter_range")
    vshape = v._geom.shape if is_tensor(v) else ()
    if not vshape and seq.ndim != 1:
        raise errors.fail("searchsorted_scalar", bd=seq.ndim, ndim=0, numel=1)
    if seq.ndim == 0:
        raise errors.fail("searchsorted_0d")
    if seq.ndim != 1 and (seq.ndim != len(vshape) or
                          seq._geom.shape[:-1] != vshape[:-1]):
        raise errors.fail("searchsorted_dims", bd=list(seq._geom.shape), v=list(vshape))
    want = dtypes.int32 if out_int32 else dtypes.int64
    if out is not None and out.dtype is not want:
        raise errors.fail("searchsorted_out_dtype", dtype=out.dtype.scalar_name,
                          flag=str(out_int32))


def _meta_check(seq: Tensor, v: Tensor | Any, right: bool, side: str | None,
                sorter: Tensor | None) -> None:
    """torch/_meta_registrations.py meta_searchsorted's three checks."""
    vshape = v._geom.shape if is_tensor(v) else ()
    if seq.ndim > 1 and seq._geom.shape[:-1] != vshape[:-1]:
        raise errors.fail("searchsorted_dims", bd=list(seq._geom.shape), v=list(vshape))
    if sorter is not None and sorter._geom.shape != seq._geom.shape:
        raise errors.fail("searchsorted_sorter_size_meta", bd=list(seq._geom.shape),
                          sorter=list(sorter._geom.shape))
    if side == "left" and right:
        raise errors.fail("searchsorted_side_right", side="left")


def searchsorted(seq: Tensor, v: Tensor | Any, out_int32: bool = False, right: bool = False,
                 side: str | None = None, sorter: Tensor | None = None,
                 out: Tensor | None = None, *, bucketize: bool = False) -> Tensor:
    """Return torch.searchsorted(seq, v, out_int32=, right=, side=, sorter=, out=)."""
    dt = dtypes.int32 if out_int32 else dtypes.int64
    shape: Shape = v._geom.shape if is_tensor(v) else ()
    if seq.is_meta or is_tensor(v) and v.is_meta:
        if not bucketize:
            _meta_check(seq, v, right, side, sorter)
        dest = _fresh(v if is_tensor(v) else seq, shape, dt) if out is None else out
        if out is not None:
            _resized(out, shape)
            out._bump()
        return dest
    _pre_check(seq, v, out, out_int32, right, side, sorter)
    if out is not None and shape != out._geom.shape and any(out is t for t in (seq, v, sorter)):
        # the out is resized before the kernel reads it as an input (an empty sequence grows
        # elements of whatever the storage holds)
        raise errors.fail("not_modelled", what="searchsorted(out=) resized over its own input")
    common = result_type(seq, v) if is_tensor(v) and v.dtype is not seq.dtype or \
        not is_tensor(v) else seq.dtype
    if is_tensor(v) and v.numel() == 0:
        found = np.zeros(shape, np.int64)
        known = True
    else:
        _trim_warnings(seq, v, sorter)
        if common is dtypes.bool_ or common.is_complex:
            raise errors.fail("kernel_dtype", kernel="searchsorted_out_cpu",
                              type=common.scalar_name)
        values = quantize(v._values() if is_tensor(v) else np.asarray(v), common).reshape(shape)
        rows = quantize(seq._values(), common)
        if sorter is not None:
            rows = np.take_along_axis(rows, sorter._values().astype(np.int64), -1)
        n = rows.shape[-1]
        rows = rows.reshape(-1, n) if n else rows
        flat = values.reshape(-1)
        if seq.ndim == 1:
            row_of = np.zeros(flat.shape, np.int64)
        else:
            row_of = np.arange(flat.size) // max(shape[-1], 1)
        found = _search(rows, row_of, flat, right or side == "right").reshape(shape) if n \
            else np.zeros(shape, np.int64)
        known = bool(np.asarray(seq._defined()).all()) and (
            not is_tensor(v) or bool(np.asarray(v._defined()).all())) and (
            sorter is None or bool(np.asarray(sorter._defined()).all()))
    if out is None:
        dest = _fresh(seq, shape, dt)
    else:
        _resized(out, shape)
        if out.numel() and not _contiguous(out):
            writes.check_writable(out)  # the contiguous result is copy_d back
        dest = out
    sources = [t for t in (seq, v, sorter) if is_tensor(t)]
    store(dest, found, np.asarray(known), *sources)
    if out is not None:
        out._bump()
    return dest


def _contiguous(t: Tensor) -> bool:
    return is_contiguous(t._geom)


def _trim_warnings(seq: Tensor, v: Tensor | Any, sorter: Tensor | None) -> None:
    """searchsorted_maybe_trim_input_tensors' warnings: one per non-contiguous operand
    (a Python scalar is a contiguous 0-d tensor)."""
    for key, t in (("searchsorted_input_noncontiguous", v if is_tensor(v) else None),
                   ("searchsorted_boundary_noncontiguous", seq),
                   ("searchsorted_sorter_noncontiguous", sorter)):
        if t is not None and not _contiguous(t):
            _warn_once(key)


def bucketize(v: Tensor | Any, boundaries: Tensor, out_int32: bool = False,
              right: bool = False, out: Tensor | None = None) -> Tensor:
    """Return torch.bucketize(v, boundaries, out_int32=, right=, out=)."""
    meta = boundaries.is_meta or is_tensor(v) and v.is_meta
    if not meta and boundaries.ndim != 1:
        raise errors.fail("bucketize_boundaries", ndim=boundaries.ndim)
    return searchsorted(boundaries, v, out_int32, right, None, None, out, bucketize=True)


# -- torch's and Tensor's spellings --------------------------------------------------------------

def _histc_function(*args: Any, **kwargs: Any) -> Tensor:
    b = signatures.parse((_HISTC,), args, kwargs)
    return histc(b["input"], b.get("bins", 100), b.get("min", 0), b.get("max", 0), b.get("out"))


def _searchsorted_function(*args: Any, **kwargs: Any) -> Tensor:
    side = kwargs.pop("side", None)
    if side is not None and not isinstance(side, str):
        raise errors.fail("argument_keyword_type", op="searchsorted", arg="side", want="str",
                          type=signatures.typename(side))
    b = signatures.parse(_SEARCHSORTED, args, kwargs)
    v = b["input"] if "input" in b else b["self"]
    return searchsorted(b["sorted_sequence"], v, b.get("out_int32", False),
                        b.get("right", False), side, b.get("sorter"), b.get("out"))


def _bucketize_function(*args: Any, **kwargs: Any) -> Tensor:
    b = signatures.parse(_BUCKETIZE, args, kwargs)
    v = b["input"] if "input" in b else b["self"]
    return bucketize(v, b["boundaries"], b.get("out_int32", False), b.get("right", False),
                     b.get("out"))


class BucketingMethods:
    """Tensor's histc (torch binds no searchsorted or bucketize method)."""

    __slots__ = ()

    def histc(self, *args: Any, **kwargs: Any) -> Tensor:
        b = signatures.parse((_HISTC_METHOD,), args, kwargs)
        return histc(self, b.get("bins", 100), b.get("min", 0),  # type: ignore[arg-type]
                     b.get("max", 0))


FUNCTIONS: dict[str, Any] = {"histc": _histc_function, "searchsorted": _searchsorted_function,
                             "bucketize": _bucketize_function}
