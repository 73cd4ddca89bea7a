"""cumsum, cumprod, cummax, cummin and logcumsumexp along a dim; cumsum_ and cumprod_ in place.

Layouts. Every result is a new contiguous tensor of the input's shape, whatever the input's
layout (transposed, channels_last, expanded, stepped, 0-d or empty): cumsum and cumprod are
structured kernels whose meta (aten/src/ATen/native/ReduceOps.cpp meta_func_cum_ops) calls
set_output_raw_strided with no strides; cummax and cummin allocate at::empty(self.sizes())
(ReduceOps.cpp cummax, cummin); logcumsumexp empty_like(self, MemoryFormat::Contiguous)
(_logcumsumexp_cpu). An out= of the input's shape keeps its strides; one of another shape is
resized (resize_output: a warning when it has elements, then contiguous strides).

dtypes. cumsum and cumprod give int64 for bool and integer inputs, `dtype=` when given, else
the input's dtype; with out= the out's dtype, and a `dtype=` other than it is refused
(meta_func_cum_ops, then torchgen's resize_out "Expected out tensor to have dtype"); in place
the tensor's own, any other `dtype=` refused (check_inplace "Bad in-place call"). The input
is converted to the result's dtype before the kernel runs (impl_func_cum_ops: self.to(...)),
whose dispatch refuses bool and complex32 results (cpu/ReduceOpsKernel.cpp cumsum_cpu_kernel,
AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND2(kBFloat16, kHalf)). cummax and cummin keep the input's
dtype, with int64 indices, and refuse complex inputs (cummax_helper_cpu,
AT_DISPATCH_ALL_TYPES_AND3(kBool, kBFloat16, kHalf)); logcumsumexp keeps the input's floating
or complex dtype and refuses the rest (logcumsumexp_cpu_kernel,
AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES_AND2). An out= of those three must have the input's
dtype exactly, and cummax's indices int64 (check_scalar_type_device_layout_equal, "expected
scalar_type Float but found Double").

The order of their checks. cumsum, cumprod: dim, out='s dtype, resize, then for an input with
elements and dims the kernel's dtype, then TensorIterator's overlap checks; a 0-d input is
copied (fill_) and an empty one left before any of those (impl_func_cum_ops). logcumsumexp:
out='s dtype, dim, the kernel's dtype (also for 0-d and empty inputs), resize, overlap
(logcumsumexp_out, cpu_cum_base_kernel). cummax, cummin: the outs' dtypes, then a 0-d input's
dim must be 0 or -1 ("Expected reduction dim -1 or 0 for scalar", measured: before any
resize), the resizes, and only for an input with elements the dim and the kernel's dtype:
an empty input takes any dim (cummax_out wraps it only where numel() != 0).

Overlap. cumsum, cumprod and logcumsumexp run a TensorIterator over the out and the converted
input: an out whose elements share memory, or that partly overlaps the input, is refused; an
out that is the input is computed in place, correctly, as each element is read before it is
written. cummax and cummin write through tensor_dim_apply3 with no check: outs overlapping
the input or each other (or themselves) hold what the kernel's order leaves, undetermined.
The values come from cumulative_values.py. On meta the reference raises the CPU kernels'
dtype refusals too, which torch's meta functions skip.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from . import cumulative_values as cv
from . import dtypes, errors, signatures, tuple_out, writes
from .dtypes import dtype as DType
from .geometry import contiguous_strides
from .iterator import Layout
from .overlap import assert_no_partial_overlap, shares_bytes
from .pointwise import check_out_dtype, cpp_type, resize_out
from .reduction_values import Result
from .reductions import _ValuesIndices, named_pairs, store
from .views import wrap_dim

if TYPE_CHECKING:
    from .tensor import Tensor

# torch.return_types' named pairs; a call with out= returns the `_out` one
_PAIRS = named_pairs("cummax", "cummin", "cummax_out", "cummin_out")


def _contiguous(t: Tensor) -> Layout:
    shape = t._geom.shape
    return Layout((shape, contiguous_strides(shape)))


def _fresh(t: Tensor, dt: DType) -> Tensor:
    return type(t)._fresh(*_contiguous(t), dt, t.device)


def _into(out: Tensor, t: Tensor) -> Tensor:
    """Resize an out= of another shape than t's (resize_output), keep one of t's shape."""
    if out._geom.shape != t._geom.shape:
        resize_out(out, _contiguous(t))
    return out


def _same_place(a: Tensor, b: Tensor) -> bool:
    """Whether a is b's elements in b's order and dtype: written in place, each element after
    it was read."""
    return a._storage is b._storage and a._geom == b._geom and a.dtype is b.dtype


def _clobbered(dest: Tensor, src: Tensor) -> bool:
    """Whether writing dest changes elements of src that are still to be read."""
    return shares_bytes(dest, src) and not _same_place(dest, src)


def _lost(t: Tensor) -> np.ndarray:
    """Return which of t's elements are undetermined (garbage, or odd bool bytes)."""
    undefined = ~t._defined()
    odd = writes.noncanonical(t)
    return undefined if odd is None else undefined | odd


def _with_lost(result: Result, lost: np.ndarray) -> Result:
    if not lost.any():
        return result
    undefined = lost if result.undefined is None else result.undefined | lost
    return Result(result.values, undefined, result.tolerance, result.loose_zeros)


def _fill(dest: Tensor, t: Tensor) -> None:
    """Copy a 0-d input's element into dest, converted to dest's dtype (result.fill_(self))."""
    if not (t.is_meta or dest.is_meta):
        value = cv.converted(t._values(), dest.dtype)
        store(dest, _with_lost(Result(value), _lost(t)), _clobbered(dest, t))


# -- cumsum, cumprod, logcumsumexp -------------------------------------------------------------

def _scan_into(op: str, t: Tensor, result: Tensor, d: int) -> None:
    """Write op's running values of t along d into result (cpu_cum_base_kernel), past the
    kernel's dtype dispatch; TensorIterator checks the overlaps first."""
    writes.check_writable(result)
    reads_input = result.dtype is t.dtype  # else self.to() made a copy to read from
    if reads_input:
        assert_no_partial_overlap(result, t)
    if t.is_meta or result.is_meta:
        return
    x, tol = cv.converted(t._values(), result.dtype), t._tolerance()
    if op == "logcumsumexp":
        computed = cv.log_scan(x, d, result.dtype, tol)
    else:
        computed = cv.scan(op, x, d, result.dtype, tol)
    store(result, _with_lost(computed, cv.lost_from(_lost(t), d)),
          reads_input and _clobbered(result, t))


def _kernel_dtype(kernel: str, dt: DType) -> Exception:
    return errors.fail("kernel_dtype", kernel=kernel, type=dt.scalar_name)


def _scan(op: str, t: Tensor, dim: int, dtype: DType | None, out: Tensor | None,
          in_place: bool = False) -> Tensor:
    """cumsum or cumprod (TORCH_META_FUNC(cumsum), TORCH_IMPL_FUNC(cumsum_out))."""
    d = wrap_dim(dim, t.ndim)
    if in_place:
        if dtype is not None and dtype is not t.dtype:
            raise errors.fail("inplace_output_dtype", input=cpp_type(t.dtype),
                              output=cpp_type(dtype))
        result = t
    elif out is not None:
        check_out_dtype(out, out.dtype if dtype is None else dtype)
        result = _into(out, t)
    else:
        integral = not (t.dtype.is_floating_point or t.dtype.is_complex)
        result = _fresh(t, dtype or (dtypes.int64 if integral else t.dtype))
    if t.ndim == 0:
        _fill(result, t)
    elif t.numel():
        if result.dtype in (dtypes.bool_, dtypes.complex32):
            raise _kernel_dtype(f"{op}_out_cpu", result.dtype)
        _scan_into(op, t, result, d)
    if in_place or out is not None:
        result._bump()
    return result


def cumsum(input: Tensor, dim: int, dtype: DType | None = None,  # noqa: A002 - torch's name
           out: Tensor | None = None) -> Tensor:
    """Return torch.cumsum(input, dim, dtype=dtype, out=out)."""
    return _scan("cumsum", input, dim, dtype, out)


def cumprod(input: Tensor, dim: int, dtype: DType | None = None,  # noqa: A002 - torch's name
            out: Tensor | None = None) -> Tensor:
    """Return torch.cumprod(input, dim, dtype=dtype, out=out)."""
    return _scan("cumprod", input, dim, dtype, out)


def logcumsumexp(input: Tensor, dim: int,  # noqa: A002 - torch's name
                 out: Tensor | None = None) -> Tensor:
    """Return torch.logcumsumexp(input, dim, out=out) (logcumsumexp_out, _logcumsumexp_cpu)."""
    t = input
    if out is not None and out.dtype is not t.dtype:
        raise errors.fail("scalar_type_equal", want=t.dtype.scalar_name,
                          got=out.dtype.scalar_name)
    d = wrap_dim(dim, t.ndim)
    if not (t.dtype.is_floating_point or t.dtype.is_complex) or t.dtype is dtypes.complex32:
        raise _kernel_dtype("logcumsumexp_out_cpu", t.dtype)
    result = _fresh(t, t.dtype) if out is None else _into(out, t)
    if t.ndim == 0:
        _fill(result, t)
    elif t.numel():
        _scan_into("logcumsumexp", t, result, d)
    if out is not None:
        out._bump()
    return result


# -- cummax, cummin --------------------------------------------------------------------------

def _extreme(op: str, t: Tensor, dim: int, out: tuple[Tensor, Tensor] | None
             ) -> _ValuesIndices:
    """cummax or cummin (ReduceOps.cpp cummax_out, cummin_out)."""
    if out is not None:
        for o, dt in zip(out, (t.dtype, dtypes.int64)):
            if o.dtype is not dt:
                raise errors.fail("scalar_type_equal", want=dt.scalar_name,
                                  got=o.dtype.scalar_name)
    if t.ndim == 0 and dim not in (0, -1):
        raise errors.fail("scalar_reduction_dim", op=f"{op}()", dim=dim)
    if out is None:
        values, indices = _fresh(t, t.dtype), _fresh(t, dtypes.int64)
    else:
        values, indices = (_into(o, t) for o in out)
    if t.ndim == 0:
        _fill(values, t)
        store(indices, Result(np.zeros((), np.int64)), False)
    elif t.numel():
        d = wrap_dim(dim, t.ndim)
        if t.dtype.is_complex:
            raise _kernel_dtype(f"{op}_cpu", t.dtype)
        _extremes_into(op, t, values, indices, d)
    if out is not None:
        values._bump()
        indices._bump()
    return _PAIRS[op if out is None else f"{op}_out"](values, indices)


def _extremes_into(op: str, t: Tensor, values: Tensor, indices: Tensor, d: int) -> None:
    if t.is_meta:
        return
    clobbered = _clobbered(values, t) or shares_bytes(indices, t) or shares_bytes(
        indices, values)
    found = cv.extremes(t._values(), d, op == "cummax", t._tolerance())
    lost = cv.lost_from(_lost(t), d)
    for dest, result in zip((values, indices), found):
        store(dest, _with_lost(result, lost), clobbered)


def cummax(input: Tensor, dim: int,  # noqa: A002 - torch's name
           out: tuple[Tensor, Tensor] | None = None) -> _ValuesIndices:
    """Return torch.cummax(input, dim, out=out): running maxima and their indices."""
    return _extreme("cummax", input, dim, out)


def cummin(input: Tensor, dim: int,  # noqa: A002 - torch's name
           out: tuple[Tensor, Tensor] | None = None) -> _ValuesIndices:
    """Return torch.cummin(input, dim, out=out): running minima and their indices."""
    return _extreme("cummin", input, dim, out)


# -- torch's and Tensor's spellings ------------------------------------------------------------

# the Python binding's signatures (native_functions.yaml cumsum, cumprod, cummax, cummin,
# logcumsumexp and their in-place forms); cummax's tuple out= is bound apart (_pair_out)
_SCAN = "(Tensor input, int dim, *, ScalarType? dtype=None, Tensor? out=None)"
_FUNCTIONS = {
    "cumsum": signatures.signature("cumsum" + _SCAN),
    "cumprod": signatures.signature("cumprod" + _SCAN),
    "cummax": signatures.signature("cummax(Tensor input, int dim)"),
    "cummin": signatures.signature("cummin(Tensor input, int dim)"),
    "logcumsumexp": signatures.signature("logcumsumexp(Tensor input, int dim, *, "
                                         "Tensor? out=None)"),
}
_METHODS = {name: signatures.Signature(s.name, tuple(
    p for p in s.params if p.name not in ("input", "out"))) for name, s in _FUNCTIONS.items()}
for _name in ("cumsum", "cumprod"):
    _METHODS[_name + "_"] = signatures.Signature(_name + "_", _METHODS[_name].params)


def _dtype(obj: Any) -> DType | None:
    """Return the dtype a `dtype=` names: a torch dtype, or a Python type standing for one."""
    if obj is None:
        return None
    found = next((dt for ty, dt in signatures.PYTHON_TYPES.items() if obj is ty), None)
    return found or dtypes.lookup(obj)


def _pair_out(name: str, out: Any) -> tuple[Tensor, Tensor] | None:
    """Bind cummax's `out=` as the parser binds a TensorList of two (python_arg_parser.cpp)."""
    outs = tuple_out.bind(out, 2, 2, name)
    return None if outs is None else (outs[0], outs[1])


def _call(name: str, bound: dict[str, Any], out: Any = None) -> Any:
    t, dim = bound["input"], bound["dim"]
    if name in ("cummax", "cummin"):
        return _extreme(name, t, dim, _pair_out(name, out))
    if name == "logcumsumexp":
        return logcumsumexp(t, dim, bound.get("out"))
    op = name.rstrip("_")
    return _scan(op, t, dim, _dtype(bound.get("dtype")), bound.get("out"), name.endswith("_"))


def _function(name: str) -> Any:
    def call(*args: Any, **kwargs: Any) -> Any:
        out = kwargs.pop("out", None) if name in ("cummax", "cummin") else None
        return _call(name, signatures.parse((_FUNCTIONS[name],), args, kwargs), out)
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return torch.{name}, as {name}() binds its arguments."
    return call


def _method(name: str) -> Any:
    def call(self: Tensor, *args: Any, **kwargs: Any) -> Any:
        return _call(name, {"input": self, **signatures.parse((_METHODS[name],), args, kwargs)})
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return Tensor.{name}."
    return call


class CumulativeMethods:
    """Tensor's cumsum, cumprod, cummax, cummin, logcumsumexp, cumsum_ and cumprod_."""

    __slots__ = ()
    cumsum = _method("cumsum")
    cumprod = _method("cumprod")
    cummax = _method("cummax")
    cummin = _method("cummin")
    logcumsumexp = _method("logcumsumexp")
    cumsum_ = _method("cumsum_")
    cumprod_ = _method("cumprod_")


FUNCTIONS = {name: _function(name) for name in _FUNCTIONS}
