"""var, std, var_mean, std_mean, logsumexp, nansum, nanmean, aminmax, median, nanmedian, mode.

Layouts. Every result is a new contiguous tensor of the reduced shape, whatever the input's
layout, as reductions.py lays sum's out (ReduceOpsUtils.h make_reduction, resize_reduction;
median's and mode's at::empty({0}) resized): an out= of that shape keeps its strides, one of
another shape is resized (resize_output: a warning when it has elements). mode resizes its
outs unsqueezed at the dim (cpu/TensorCompareKernel.cpp compare_base_kernel_core), so its
warning names the keepdim shapes.

dtypes. var and std give the real dtype of a floating or complex input and refuse the rest;
an out= of another floating dtype takes the input converted to it (make_reduction), one the
input does not cast to is refused after its resize ("result type Float can't be cast").
logsumexp, nansum and nanmean keep a floating input's dtype; logsumexp computes integers in
float, nansum sums them as sum does (int64), nanmean refuses them. aminmax, median and mode
keep the input's dtype with int64 indices; median refuses bool and complex inputs, aminmax
and mode complex ones. The checks come in the order each op's ATen function makes them,
below; the values come from statistics_values.py.
"""

from __future__ import annotations

import warnings
from math import prod
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, pointwise, statistics_binding, views, writes
from . import statistics_values as sv
from . import values as vals
from .dtypes import dtype as DType
from .geometry import contiguous_strides
from .iterator import Layout
from .promotion import can_cast
from .reduction_values import Result, extreme_result, slices
from .reductions import (
    _Call,
    _reduce,
    named_pairs,
    reduce_sum,
    reduced_dims,
    reduction_shape,
    store,
)
from .views import wrap_dim

if TYPE_CHECKING:
    from .tensor import Tensor

_PAIRS = named_pairs("median", "nanmedian", "mode", "median_out", "nanmedian_out", "mode_out")


class _MinMax(tuple[Any, Any]):
    """aminmax's (min, max) pair, as torch.return_types.aminmax prints it."""

    __slots__ = ()
    min: Any = property(itemgetter(0))  # noqa: A003 - torch's field names
    max: Any = property(itemgetter(1))  # noqa: A003

    def __new__(cls, low: Any, high: Any) -> _MinMax:
        return tuple.__new__(cls, (low, high))

    def __repr__(self) -> str:
        return f"torch.return_types.{type(self).__name__}(\nmin={self[0]!r},\nmax={self[1]!r})"


_MINMAX = {name: type(name, (_MinMax,), {"__slots__": (), "__module__": "torch.return_types"})
           for name in ("aminmax", "aminmax_out")}
_LOW_PRECISION = (dtypes.float16, dtypes.bfloat16)


def _floating(dt: DType) -> bool:
    return dt.is_floating_point or dt.is_complex


def _resized(t: Tensor, out: Tensor | None, shape: tuple[int, ...]) -> None:
    """Resize an out= of another shape than `shape` (resize_output)."""
    if out is not None and out._geom.shape != shape:
        pointwise.resize_out(out, Layout((shape, contiguous_strides(shape))))


def _fresh(t: Tensor, shape: tuple[int, ...], dt: DType) -> Tensor:
    return type(t)._fresh(shape, contiguous_strides(shape), dt, t.device)


# -- var, std, var_mean, std_mean --------------------------------------------------------------
def _correction(overload: int, bound: dict[str, Any]) -> float:
    if overload == 1:
        c = bound["correction"]
        return 1.0 if c is None else float(c.real if isinstance(c, complex) else c)
    return 1.0 if bound["unbiased"] else 0.0


def std_var(name: str, t: Tensor, overload: int, bound: dict[str, Any]) -> Any:
    """var / std / var_mean / std_mean (ReduceOps.cpp std_var_out, std_var_mean_out)."""
    with_mean, take_sqrt = name.endswith("_mean"), name.startswith("std")
    out = bound.get("out")
    correction = _correction(overload, bound)
    keepdim = bool(bound.get("keepdim", False))
    if not _floating(t.dtype):
        raise errors.fail("std_var_dtype", op=name if with_mean else "std and var")
    dims = reduced_dims(t.ndim, bound.get("dim"))
    shape = reduction_shape(t._geom.shape, dims, keepdim)
    real = t.dtype.to_real() if t.dtype.is_complex else t.dtype
    n_in, n_out = t.numel(), prod(shape)
    reducing = n_in // n_out if n_out else 0

    def warn() -> None:
        if reducing - correction <= 0:
            warnings.warn(errors.warning("degrees_of_freedom", op=name), stacklevel=4)

    if t.dtype.is_complex:
        part = real if out is None else (out.dtype.to_real() if out.dtype.is_complex
                                         else out.dtype)
        for _ in range(2):  # the real part's reduction, then the imaginary part's
            if not can_cast(real, part):
                raise errors.fail("cannot_cast", result=real.scalar_name, out=part.scalar_name)
            warn()
        compute_dt, two_pass = part, None
    else:
        compute_dt = t.dtype if out is None else out.dtype
        _resized(t, out, shape)
        if not can_cast(t.dtype, compute_dt):
            raise errors.fail("cannot_cast", result=t.dtype.scalar_name,
                              out=compute_dt.scalar_name)
        warn()
        two_pass = t.dtype if (n_out == 1 and not with_mean and compute_dt not in _LOW_PRECISION
                               and n_in) else None
        if two_pass is not None and t.dtype not in (dtypes.float32, dtypes.float64):
            raise errors.fail("std_var_all_dtype", dtype=t.dtype.scalar_name)
        if n_in and two_pass is None and compute_dt.is_complex:
            raise errors.fail("kernel_dtype", kernel="std_cpu", type=compute_dt.scalar_name)

    def compute(s: np.ndarray, tol: float) -> list[Result]:
        if t.dtype.is_complex:
            return _complex_parts(s, tol, compute_dt, correction, take_sqrt, with_mean)
        x = s if two_pass is not None else vals.quantize(s, compute_dt)
        var, mean = sv.variance(x, tol, compute_dt, correction, take_sqrt, two_pass)
        if two_pass is dtypes.float32:
            var = Result(vals.quantize(np.asarray(var.values), dtypes.float32), var.undefined,
                         var.tolerance)
        return [var, mean]

    result_dtypes = [real if out is None else out.dtype] + ([t.dtype] if with_mean else [])
    outs: list[Tensor | None] = [out] + ([None] if with_mean else [])
    # a complex input's parts are added into out= by add_out, whose TensorIterator refuses an
    # out= whose elements share memory
    tensors = _reduce(t, dims, keepdim, result_dtypes, outs,
                      lambda s, tol: compute(s, tol)[:len(outs)],
                      overlap_raises=t.dtype.is_complex)
    return tuple(tensors) if with_mean else tensors[0]


def _complex_parts(s: np.ndarray, tol: float, part: DType, correction: float,
                   take_sqrt: bool, with_mean: bool) -> list[Result]:
    """var of the real part plus var of the imaginary part, each rounded to `part`, added
    there (at::add_out), then its square root (at::sqrt_out); the means paired up."""
    re = sv.variance(vals.quantize(s.real, part), tol, part, correction, False)
    im = sv.variance(vals.quantize(s.imag, part), tol, part, correction, False)
    total = vals.quantize(np.asarray(re[0].values), part) + vals.quantize(
        np.asarray(im[0].values), part)
    total = vals.quantize(total, part)
    if take_sqrt:
        with np.errstate(all="ignore"):
            total = vals.quantize(np.sqrt(total), part)
    tolerance = max(re[0].tolerance, im[0].tolerance)
    undefined = np.asarray(re[0].undefined) | np.asarray(im[0].undefined)
    var = Result(total, undefined, tolerance + 2 * part.eps if tolerance else 2 * part.eps)
    mean = Result(np.asarray(re[1].values) + 1j * np.asarray(im[1].values),
                  np.asarray(re[1].undefined) | np.asarray(im[1].undefined),
                  max(re[1].tolerance, im[1].tolerance))
    return [var, mean] if with_mean else [var]


# -- logsumexp, nansum, nanmean ----------------------------------------------------------------
def logsumexp(t: Tensor, dim: tuple[int, ...], keepdim: bool, out: Tensor | None) -> Tensor:
    """torch.logsumexp (ReduceOps.cpp logsumexp_out, logsumexp_out_impl)."""
    if out is not None and not _floating(out.dtype):
        raise errors.fail("logsumexp_out_dtype", dtype=out.dtype.scalar_name)
    step = t.dtype if _floating(t.dtype) else dtypes.float32  # integers go to the default
    result = out.dtype if out is not None else step
    dims = reduced_dims(t.ndim, dim)
    # amax(self, dims, keepdim=True) is added back: squeezed by `dim`, nothing when it is ()
    broken = not dim and not keepdim and t.ndim and t.numel()
    tensor, = _reduce(t, dims, keepdim, [result], [out], lambda s, tol: [
        sv.logsumexp(vals.quantize(s, step), tol, result, step)], overlap_raises=True)
    if broken:
        raise errors.fail("copy_broadcast", out=[], shape=[1] * t.ndim)
    return tensor


def nansum(t: Tensor, dim: tuple[int, ...] | None, keepdim: bool, dtype: DType | None,
           out: Tensor | None) -> Tensor:
    """torch.nansum (ReduceOps.cpp nansum, nansum_out): integers sum as sum does."""
    if out is None:
        reduced_dims(t.ndim, dim)  # create_reduction_result checks the dims first
    if t.dtype.is_complex:
        raise errors.fail("nansum_complex")
    integral = not _floating(t.dtype) or (dtype is not None and not _floating(dtype))
    if integral:
        # sum_out, which reads NaN as an integer where it converts a float input
        tensor = reduce_sum(t, _Call.of("sum", True, () if dim is None else dim,
                                        keepdim=keepdim, dtype=dtype, out=out))
        if _floating(t.dtype) and not t.is_meta and t.numel():
            x = t._values()
            lost = np.asarray(slices(~np.isfinite(x), reduced_dims(t.ndim, dim)).any(-1))
            if lost.any() and dtype is not dtypes.bool_:
                writes.forget(tensor, lost.reshape(tensor.shape))
        return tensor
    result = dtype or (out.dtype if out is not None else t.dtype)
    if out is not None and out.dtype is not result:
        raise errors.fail("reduction_dtype_match", op="nansum", out=out.dtype.scalar_name,
                          dtype=result.scalar_name)
    dims = reduced_dims(t.ndim, dim)
    if t.numel() and not _floating(result):
        _resized(t, out, reduction_shape(t._geom.shape, dims, keepdim))
        raise errors.fail("kernel_dtype", kernel="nansum_cpu", type=result.scalar_name)
    tensor, = _reduce(t, dims, keepdim, [result], [out], lambda s, tol: [
        sv.nansum(vals.quantize(s, result), tol, result)])
    return tensor


def nanmean(t: Tensor, dim: tuple[int, ...] | None, keepdim: bool, dtype: DType | None,
            out: Tensor | None) -> Tensor:
    """torch.nanmean (ReduceOps.cpp nanmean_out: nansum_out, then div_ by the count)."""
    if not _floating(t.dtype):
        raise errors.fail("nanmean_input_dtype", dtype=t.dtype.scalar_name)
    if dtype is not None and not _floating(dtype):
        raise errors.fail("nanmean_dtype", dtype=dtype.scalar_name)
    dims = reduced_dims(t.ndim, dim)  # the count of non-NaN elements, summed first
    if t.dtype.is_complex:
        raise errors.fail("nansum_complex")
    result = dtype or (out.dtype if out is not None else t.dtype)
    if out is not None and out.dtype is not result:
        raise errors.fail("reduction_dtype_match", op="nansum", out=out.dtype.scalar_name,
                          dtype=result.scalar_name)
    shape = reduction_shape(t._geom.shape, dims, keepdim)
    if not _floating(result):
        _resized(t, out, shape)
        if t.numel():
            raise errors.fail("kernel_dtype", kernel="nansum_cpu", type=result.scalar_name)
    tensor, = _reduce(t, dims, keepdim, [result], [out], lambda s, tol: [
        sv.nanmean(vals.quantize(s, result), tol, result)], overlap_raises=True)
    if out is not None:
        out._bump()  # nansum_out wrote it, then div_ divides it in place
    return tensor


# -- aminmax, median, nanmedian, mode ----------------------------------------------------------
def aminmax(t: Tensor, dim: int | None, keepdim: bool, out: Any) -> _MinMax:
    """torch.aminmax (TensorCompare.cpp TORCH_META_FUNC(aminmax), aminmax_kernel)."""
    if dim is not None:
        d = wrap_dim(dim, t.ndim)
        if t.ndim and t._geom.shape[d] == 0:
            raise errors.fail("reduction_empty_dim", op="aminmax", dim=d)
        dims: tuple[int, ...] = (d,) if t.ndim else ()
    else:
        if t.numel() == 0:
            raise errors.fail("aminmax_empty")
        dims = tuple(range(t.ndim))
    shape = reduction_shape(t._geom.shape, dims, keepdim)
    if out is not None and out[0] is out[1] and dim is not None and not keepdim:
        # aminmax_kernel unsqueezes each out at the dim and squeezes it back: one tensor is
        # unsqueezed twice (measured: an IndexError, or warnings of odd shapes)
        raise errors.fail("not_modelled", what="aminmax(dim, out=) of one tensor for both")
    if out is not None:
        for o in out:
            pointwise.check_out_dtype(o, t.dtype)
            _resized(t, o, shape)
    if t.dtype.is_complex:
        raise errors.fail("kernel_dtype", kernel="aminmax_cpu", type=t.dtype.scalar_name)
    low, high = _reduce(t, dims, keepdim, [t.dtype, t.dtype], [None, None] if out is None
                        else list(out), lambda s, tol: extreme_result(s, False, tol, False)
                        + extreme_result(s, True, tol, False), input_overlap_raises=True)
    return _MINMAX["aminmax" if out is None else "aminmax_out"](low, high)


def median_all(name: str, t: Tensor) -> Tensor:
    """median() / nanmedian() of every element: a new 0-d tensor (Sorting.cpp median_impl)."""
    result = _fresh(t, (), t.dtype)
    if t.numel() == 0:
        if _floating(t.dtype):
            store(result, Result(np.asarray(np.nan)), False)
        else:  # NaN converted to an integer
            store(result, Result(np.zeros((), np.int64), np.ones((), np.bool_)), False)
        return result
    if t.dtype.is_complex or t.dtype is dtypes.bool_:
        raise errors.fail("kernel_dtype", kernel="median_cpu", type=t.dtype.scalar_name)

    def compute(s: np.ndarray, tol: float) -> list[Result]:
        values, _ = sv.median(s, name == "nanmedian", tol)
        # nth_element orders equal values any way: a zero's sign is either one's
        return [Result(values.values, None, tol, bool((np.asarray(values.values) == 0).any()))]
    _reduce_into(t, tuple(range(t.ndim)), [result], compute)
    return result


def _reduce_into(t: Tensor, axes: tuple[int, ...], dests: list[Tensor], compute: Any) -> None:
    if t.is_meta:
        return
    results = compute(slices(t._values(), axes), t._tolerance())
    undefined = ~t._defined()
    lost = np.asarray(slices(undefined, axes).any(-1))
    for dest, r in zip(dests, results):
        store(dest, Result(r.values, lost if r.undefined is None else r.undefined | lost,
                           r.tolerance, r.loose_zeros), False)


def median_dim(name: str, t: Tensor, dim: int, keepdim: bool, out: Any) -> Any:
    """median(dim) / nanmedian(dim): values and indices (Sorting.cpp median_with_indices_impl)."""
    d = wrap_dim(dim, t.ndim)
    if t.ndim and t._geom.shape[d] == 0:
        raise errors.fail("reduction_empty_dim", op="median()", dim=d)
    if out is not None:
        if out[1].dtype is not dtypes.int64:
            raise errors.fail("median_indices_type", type=out[1]._typename())
        if out[0].dtype is not t.dtype:
            raise errors.fail("median_values_type", got=out[0]._typename(), want=t._typename())
    shape = reduction_shape(t._geom.shape, (d,) if t.ndim else (), keepdim)
    for o in out or ():
        _resized(t, o, shape)
    if t.dtype.is_complex or t.dtype is dtypes.bool_:
        raise errors.fail("kernel_dtype", kernel="median_out", type=t.dtype.scalar_name)
    outs = [None, None] if out is None else list(out)
    values, indices = _reduce(t, (d,) if t.ndim else (), keepdim, [t.dtype, dtypes.int64],
                              outs, lambda s, tol: list(sv.median(s, name == "nanmedian", tol)))
    return _PAIRS[name if out is None else f"{name}_out"](values, indices)


def mode(t: Tensor, dim: int, keepdim: bool, out: Any) -> Any:
    """torch.mode (TensorCompare.cpp mode_out; cpu/TensorCompareKernel.cpp mode_kernel_impl)."""
    if out is not None and out[0] is out[1] and not keepdim and t.ndim:
        # each out is unsqueezed at the dim, then both squeezed: one tensor is unsqueezed
        # twice (measured: an IndexError where the dim is the last)
        raise errors.fail("not_modelled", what="mode(dim, out=) of one tensor for both")
    if out is not None:
        for o, want, which in zip(out, (t.dtype, dtypes.int64), ("values", "indices")):
            if o.dtype is not want:
                raise errors.fail("mode_out_type", want=want.scalar_name,
                                  got=o.dtype.scalar_name, which=which)
    d = wrap_dim(dim, t.ndim)
    if t.ndim and t._geom.shape[d] == 0:
        raise errors.fail("reduction_empty_dim", op="mode()", dim=d)
    dims = (d,) if t.ndim else ()
    shape = reduction_shape(t._geom.shape, dims, keepdim)
    if t.numel() > 1 or (t.ndim and t.numel()):
        if t.dtype.is_complex:
            raise errors.fail("kernel_dtype", kernel="mode_cpu", type=t.dtype.scalar_name)
        for o in out or ():
            _mode_resize(o, d, keepdim, t)
    else:
        for o in out or ():
            _resized(t, o, shape)
    outs = [None, None] if out is None else list(out)
    values, indices = _reduce(t, dims, keepdim, [t.dtype, dtypes.int64], outs,
                              lambda s, tol: list(sv.mode(s, tol)), input_overlap_raises=True)
    return _PAIRS["mode" if out is None else "mode_out"](values, indices)


def _mode_resize(o: Tensor, d: int, keepdim: bool, t: Tensor) -> None:
    """Unsqueeze an out= at the dim, resize it to the keepdim shape, squeeze it back."""
    kept = tuple(1 if i == d else n for i, n in enumerate(t._geom.shape))
    if keepdim:
        _resized(t, o, kept)
        return
    # ATen's own unsqueeze_ and squeeze_, below the version counter's bump
    if o.ndim >= d:
        o._geom = views.unsqueeze(o._geom, d)
    _resized(t, o, kept)
    o._geom = views.squeeze(o._geom, d)


# -- torch's and Tensor's spellings ------------------------------------------------------------
def _dtype(obj: Any) -> DType | None:
    return None if obj is None else dtypes.lookup(obj)


def _call(name: str, overload: int, b: dict[str, Any]) -> Any:
    t = b["input"]
    if name in ("var", "std", "var_mean", "std_mean"):
        return std_var(name, t, overload, b)
    if name == "logsumexp":
        return logsumexp(t, b["dim"], b["keepdim"], b.get("out"))
    if name in ("nansum", "nanmean"):
        op = nansum if name == "nansum" else nanmean
        return op(t, b["dim"], b["keepdim"], _dtype(b["dtype"]), b.get("out"))
    if name == "aminmax":
        return aminmax(t, b["dim"], b["keepdim"], b.get("out"))
    if name in ("median", "nanmedian"):
        return median_all(name, t) if overload == 0 else median_dim(
            name, t, b["dim"], b["keepdim"], b.get("out"))
    return mode(t, b["dim"], b["keepdim"], b.get("out"))


def _function(name: str) -> Any:
    def call(*args: Any, **kwargs: Any) -> Any:
        overload, bound = statistics_binding.bind(
            name, statistics_binding.FUNCTIONS[name], args, kwargs)
        return _call(name, overload, bound)
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return torch.{name}, as the binding parses its arguments."
    return call


def _method(name: str) -> Any:
    def call(self: Tensor, *args: Any, **kwargs: Any) -> Any:
        overload, bound = statistics_binding.bind(
            name, statistics_binding.METHODS[name], args, kwargs)
        return _call(name, overload, {"input": self, **bound})
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return Tensor.{name}."
    return call


class StatisticsMethods:
    """Tensor's var, std, logsumexp, nansum, nanmean, aminmax, median, nanmedian and mode."""

    __slots__ = ()
    var = _method("var")
    std = _method("std")
    logsumexp = _method("logsumexp")
    nansum = _method("nansum")
    nanmean = _method("nanmean")
    aminmax = _method("aminmax")
    median = _method("median")
    nanmedian = _method("nanmedian")
    mode = _method("mode")


FUNCTIONS = {name: _function(name) for name in statistics_binding.FUNCTIONS}
