"""Reductions: sum, mean, prod, amax, amin, max/min, argmax, argmin, all, any,
count_nonzero (ATen ReduceOps.cpp, ReduceOpsUtils.h, TensorCompare.cpp).

Every reduction allocates its result with `at::empty(shape)` from the reduced shape
(ReduceOpsUtils.h resize_reduction -> set_output_raw_strided with no strides): contiguous,
whatever the input's layout, keepdim or not. An `out=` of the right shape is kept with its
strides; one of another shape is resized (resize_output: the warning when it has elements,
then contiguous strides). The checks come in the order torch makes them, op by op below.
The values, and how precisely they are known, come from reduction_values.py.

FUNCTIONS maps each torch.<name> this module models to its function; `method` runs the Tensor
methods, which tensor_reductions.py routes to.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, pointwise, writes
from . import values as vals
from .dtypes import dtype as DType
from .geometry import aliases_internally, contiguous_strides, overlaps_internally
from .iterator import Layout, reorder
from .operands import is_tensor
from .ops import BY_KEY
from .overlap import assert_no_partial_overlap, shares_bytes
from .promotion import can_cast
from .reduction_values import (
    Compute,
    Result,
    extreme_result,
    mean_result,
    prod_result,
    slices,
    sum_result,
)
from .views import wrap_dim, wrap_dims

if TYPE_CHECKING:
    from .tensor import Tensor

Shape = tuple[int, ...]


class _Missing:
    """An argument the caller left out, where torch tells that apart from None."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "<not given>"


MISSING: Any = _Missing()


# -- results with names --------------------------------------------------------------------
class _ValuesIndices(tuple[Any, Any]):
    """A (values, indices) pair with named fields, as torch.return_types.max prints it."""

    __slots__ = ()
    values: Any = property(itemgetter(0))
    indices: Any = property(itemgetter(1))

    def __new__(cls, values: Any, indices: Any) -> _ValuesIndices:
        return tuple.__new__(cls, (values, indices))

    def __repr__(self) -> str:
        return f"torch.return_types.{type(self).__name__}(\nvalues={self[0]!r},\n" \
               f"indices={self[1]!r})"


def named_pairs(*names: str) -> dict[str, type[_ValuesIndices]]:
    """Return torch.return_types' (values, indices) classes of these names."""
    return {name: type(name, (_ValuesIndices,), {"__slots__": (),
                                                 "__module__": "torch.return_types"})
            for name in names}


# torch.return_types.max and .min, named as torch names them
_PAIRS = named_pairs("max", "min")


# -- arguments -------------------------------------------------------------------------------
# The argument parser's signatures of each op as (fewest, most) arguments, whether the first
# after `input` is a single int `dim`: the functions' (counting `input`), then the methods'.
# When exactly one signature takes as many arguments as were given, the parser names the
# argument at fault; otherwise it lists the overloads (python_arg_parser.cpp print_error).
_Signature = tuple[int, int, bool]
_SIGNATURES: dict[str, tuple[tuple[_Signature, ...], tuple[_Signature, ...]]] = {
    "sum": (((1, 2, False), (2, 5, False)), ((0, 1, False), (1, 3, False))),
    "mean": (((1, 3, False), (2, 5, False)), ((0, 1, False), (1, 3, False))),
    "prod": (((1, 2, False), (2, 5, True)), ((0, 1, False), (1, 3, True))),
    "max": (((1, 2, False), (2, 3, False), (2, 4, True)),
            ((0, 0, False), (1, 1, False), (1, 2, True))),
    "min": (((1, 2, False), (2, 3, False), (2, 4, True)),
            ((0, 0, False), (1, 1, False), (1, 2, True))),
}


@dataclass(frozen=True, slots=True)
class _Call:
    """How an op was called: its name, as a function or a method, `dim` (MISSING when left
    out) and the keywords given (keepdim, dtype, out), so errors can show them as torch does.

    `dim` and `keepdim` are taken to come positionally and as a keyword respectively, the way
    programs here spell them.
    """

    op: str
    function: bool
    dim: Any = MISSING
    keywords: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, op: str, function: bool, dim: Any = MISSING, **keywords: Any) -> _Call:
        return cls(op, function, dim, tuple((k, v) for k, v in keywords.items()
                                            if v is not MISSING))

    def get(self, name: str, default: Any = None) -> Any:
        return dict(self.keywords).get(name, default)

    def no_overload(self) -> Exception:
        """Return the parser's TypeError for arguments that match none of the op's overloads."""
        given = int(self.function) + (self.dim is not MISSING) + len(self.keywords)
        signatures = _SIGNATURES.get(self.op, ((), ()))[0 if self.function else 1]
        fits = [(lo, int_dim) for lo, hi, int_dim in signatures if lo <= given <= hi]
        if len(fits) == 1:
            needs_dim, int_dim = fits[0][0] > int(self.function), fits[0][1]
            if self.dim is MISSING and needs_dim:
                return errors.fail("missing_dim", op=self.op)
            if int_dim and self.dim is not MISSING:
                return errors.fail("argument_int", op=self.op, arg="dim",
                                   pos=2 if self.function else 1,
                                   type=type(self.dim).__name__)
        parts = (["Tensor"] if self.function else []) + (
            [type(self.dim).__name__] if self.dim is not MISSING else [])
        named = [f"{k}={type(v).__name__}" for k, v in self.keywords]
        got = ", ".join(parts + named) if parts else "".join(f"{n}, " for n in named)
        return errors.fail("argument_overloads", op=self.op, type=got)


def _is_int(d: Any) -> bool:
    return isinstance(d, (int, np.integer)) and not isinstance(d, (bool, np.bool_))


def _dim_list(call: _Call, dim: Any) -> tuple[int, ...] | None:
    """Return an int-or-list `dim` argument as a tuple, None for None (all dims)."""
    if dim is None or dim is MISSING:
        return None
    if _is_int(dim):
        return (int(dim),)
    if isinstance(dim, (tuple, list)) and all(_is_int(d) for d in dim):
        return tuple(int(d) for d in dim)
    raise call.no_overload()


def _dtype_arg(call: _Call) -> DType | None:
    dt = call.get("dtype")
    if dt is None or isinstance(dt, DType):
        return dt
    raise call.no_overload()


def reduced_dims(ndim: int, dims: tuple[int, ...] | None) -> tuple[int, ...]:
    """Wrap dims, rejecting repeats; None or () is every dim (ReduceOpsUtils.h make_dim_mask).

    A 0-d tensor takes 0 and -1 and reduces nothing.
    """
    if not dims:
        return tuple(range(ndim))
    return wrap_dims(dims, ndim)


def reduction_shape(shape: Shape, dims: Sequence[int], keepdim: bool) -> Shape:
    """Return the shape of a reduction's result (ReduceOpsUtils.h shape_from_dim_mask)."""
    if keepdim:
        return tuple(1 if d in dims else n for d, n in enumerate(shape))
    return tuple(n for d, n in enumerate(shape) if d not in dims)


def _is_float(dt: DType) -> bool:
    return dt.is_floating_point or dt.is_complex


def _long_if_integral(dt: DType) -> DType:
    """ATen get_dtype_from_self(promote_integers=true): bool and integers sum as int64."""
    return dt if _is_float(dt) else dtypes.int64


# -- the driver ------------------------------------------------------------------------------
def _compute(t: Tensor, axes: tuple[int, ...], shape: Shape, compute: Compute
             ) -> list[Result] | None:
    """Run `compute` over the input's slices; None on meta or with nothing to compute."""
    if t.is_meta or 0 in shape:
        return None
    s = slices(t._values(), axes)
    with np.errstate(all="ignore"):
        results = compute(s, t._tolerance())
    undefined = ~t._defined()
    odd = writes.noncanonical(t)
    if odd is not None:
        undefined |= odd
    if undefined.any():
        lost = np.asarray(slices(undefined, axes).any(-1))
        results = [Result(r.values, lost if r.undefined is None else (r.undefined | lost),
                           r.tolerance, r.loose_zeros) for r in results]
    return results


def _output(t: Tensor, shape: Shape, dt: DType, out: Tensor | None) -> Tensor:
    """Return a new contiguous result, or `out` resized to `shape` (ATen resize_output)."""
    strides = contiguous_strides(shape)
    if out is None:
        return type(t)._fresh(shape, strides, dt, t.device)
    if out._geom.shape != shape:
        pointwise.resize_out(out, Layout((shape, strides)))
    return out


def store(dest: Tensor, result: Result | None, clobbered: bool) -> None:
    """Write one result into dest, marking what torch leaves undetermined."""
    if result is None or dest.is_meta or dest.numel() == 0:
        return
    values = np.asarray(result.values).reshape(dest.shape)
    dest._write(values)
    if result.loose_zeros or (values.dtype.kind in "fc" and bool(np.isnan(values).any())):
        dest._storage.loose_bits = True
    if result.tolerance:
        dest._storage.tolerance = max(dest._storage.tolerance, result.tolerance)
        dest._storage.tolerance_dtype = dest.dtype
    if clobbered or aliases_internally(dest._geom):
        writes.forget(dest, np.ones(dest.shape, np.bool_))
    elif result.undefined is not None:
        writes.forget(dest, np.asarray(result.undefined).reshape(dest.shape))


def _reduce(t: Tensor, dims: tuple[int, ...], keepdim: bool, result_dtypes: Sequence[DType],
            outs: Sequence[Tensor | None], compute: Compute, *,
            overlap_raises: bool = False, input_overlap_raises: bool = False) -> list[Tensor]:
    """Allocate (or resize) each output, compute the values, store them; bump `out=` tensors.

    The input is read before any `out=` is resized: an out that is the input itself then
    reads as torch's does, garbage, which the shared bytes mark undefined. With
    `input_overlap_raises` an out that partly overlaps the input is refused (the kernels of
    max(dim), aminmax and mode; measured).
    """
    shape = reduction_shape(t._geom.shape, dims, keepdim)
    axes = tuple(d for d in dims if d < t.ndim)
    results = _compute(t, axes, shape, compute)
    clobbered = [o is not None and shares_bytes(o, t) for o in outs]
    dests = [_output(t, shape, dt, o) for dt, o in zip(result_dtypes, outs)]
    # an out that held nothing over the input's bytes may hold some once resized (an empty
    # view of the input resized to one element): the kernel's fill of it reaches the input
    clobbered = [c or (o is not None and shares_bytes(d, t))
                 for c, d, o in zip(clobbered, dests, outs)]
    for d, o in zip(dests, outs):
        if o is not None and overlap_raises:
            writes.check_writable(d)
    for d, o in zip(dests, outs):
        if o is not None and input_overlap_raises:
            assert_no_partial_overlap(d, t)
    for i, d in enumerate(dests):
        unordered = outs[i] is not None and overlaps_internally(d._geom)
        store(d, results[i] if results else None, clobbered[i] or unordered)
    for o in outs:
        if o is not None:
            o._bump()
    return dests


def accumulates_apart(t: Tensor, out: Tensor, dims: tuple[int, ...], dt: DType) -> bool:
    """Tell whether CPU sum_out computes a float16 or bfloat16 sum into an out= kept as it is
    through a float32 buffer it then copies in (ReduceOps.cpp should_use_acc_buffer): when the
    reduction's TensorIterator, its dims reordered (reduced ones, stride 0 in the output, to
    the front) and coalesced, has two dims or more and output stride 0 in the first two. The
    copy refuses an out= whose elements share memory, as the kernel writing it directly does
    not."""
    shape = t._geom.shape
    ndim = len(shape)
    if dt not in (dtypes.float16, dtypes.bfloat16) or ndim < 2 or 0 in shape:
        return False
    # the output as the iterator sees it: the input's rank, stride 0 along the reduced dims
    kept = iter(out._geom.strides if out.ndim < ndim else
                (s for d, s in enumerate(out._geom.strides) if d not in dims))
    rows = [tuple(0 if d in dims else next(kept) for d in range(ndim)), t._geom.strides]

    perm = reorder(shape, rows, reduction=True)
    sizes = [shape[d] for d in perm]
    strides = [[row[d] for d in perm] for row in rows]
    prev = 0  # TensorIterator.cpp coalesce_dimensions
    for d in range(1, ndim):
        if sizes[prev] == 1 or sizes[d] == 1 or all(
                sizes[prev] * row[prev] == row[d] for row in strides):
            if sizes[prev] == 1:
                for row in strides:
                    row[prev] = row[d]
            sizes[prev] *= sizes[d]
        else:
            prev += 1
            if prev != d:
                for row in strides:
                    row[prev] = row[d]
                sizes[prev] = sizes[d]
    return prev >= 1 and strides[0][0] == 0 and strides[0][1] == 0


def _empty_dims_check(op: str, t: Tensor, dims: tuple[int, ...] | None) -> None:
    """ReduceOpsUtils.h zero_numel_check_dims for amax/amin: dims as given, in order."""
    if t.numel():
        return
    if not dims:
        raise errors.fail("reduction_empty_all", op=op)
    for d in dims:
        w = wrap_dim(d, t.ndim)
        if t.ndim and t._geom.shape[w] == 0:
            raise errors.fail("reduction_empty_dim", op=op, dim=d)


# -- the ops ---------------------------------------------------------------------------------
def reduce_sum(t: Tensor, call: _Call) -> Tensor:
    """torch.sum / Tensor.sum (ReduceOps.cpp sum meta and sum_out)."""
    dt = _dtype_arg(call)
    keepdim, out = call.get("keepdim", False), call.get("out")
    if call.dim is MISSING and (call.get("keepdim") is not None or out is not None):
        raise call.no_overload()  # sum(input, *, dtype) takes neither
    dims = reduced_dims(t.ndim, _dim_list(call, call.dim))
    if dt is not None:
        pointwise.check_out_dtype(out, dt)
    # infer_dtype_from_optional: the dtype argument, else an out='s own, else self's (long)
    result = dt or (out.dtype if out is not None else _long_if_integral(t.dtype))
    apart = out is not None and out._geom.shape == reduction_shape(
        t._geom.shape, dims, keepdim) and accumulates_apart(t, out, dims, result)
    tensor, = _reduce(t, dims, keepdim, [result], [out], lambda s, tol: [
        sum_result(vals.quantize(s, result), result, tol)[0]], overlap_raises=apart)
    return tensor


def reduce_mean(t: Tensor, call: _Call) -> Tensor:
    """torch.mean / Tensor.mean (ReduceOps.cpp mean meta; mean_out is sum_out, then div_).

    Without dims, an out= goes through mean.dtype_out, which first checks that self's dtype
    casts to it.
    """
    dt = _dtype_arg(call)
    keepdim, out = call.get("keepdim", False), call.get("out")
    if call.dim is MISSING:
        if call.get("keepdim") is not None:
            raise call.no_overload()
        if out is not None and not can_cast(t.dtype, out.dtype):
            raise errors.fail("mean_out_cast", dtype=out.dtype.scalar_name)
    asked = dt or t.dtype
    if not _is_float(asked):
        raise errors.fail("mean_dtype", what="Optional" if dt else "Input",
                          dtype=asked.scalar_name)
    dims = reduced_dims(t.ndim, _dim_list(call, call.dim))
    if dt is not None:
        pointwise.check_out_dtype(out, dt)
    result = dt or (out.dtype if out is not None else t.dtype)
    if not _is_float(result):
        # the sum lands in the out= tensor; its in-place true division then cannot
        raise errors.fail("cannot_cast", result="Float", out=result.scalar_name)
    if out is not None and out._geom.shape == reduction_shape(t._geom.shape, dims, keepdim):
        writes.check_writable(out)  # div_'s iterator refuses an out= sharing elements
    tensor, = _reduce(t, dims, keepdim, [result], [out], lambda s, tol: [
        mean_result(vals.quantize(s, result), result, tol)])
    return tensor


def reduce_prod(t: Tensor, call: _Call) -> Tensor:
    """torch.prod / Tensor.prod: over everything, or over one int dim (ReduceOps.cpp)."""
    dt = _dtype_arg(call)
    keepdim, out = call.get("keepdim", False), call.get("out")
    if call.dim is MISSING:
        if call.get("keepdim") is not None or out is not None:
            raise call.no_overload()  # prod(input, *, dtype) takes neither
        dims = reduced_dims(t.ndim, None)
    elif _is_int(call.dim):
        dims = (wrap_dim(int(call.dim), t.ndim),)
    else:
        raise call.no_overload()
    if dt is not None:
        pointwise.check_out_dtype(out, dt)
    result = dt or (out.dtype if out is not None else _long_if_integral(t.dtype))
    tensor, = _reduce(t, dims, keepdim, [result], [out], lambda s, tol: [
        prod_result(vals.quantize(s, result), result, tol)])
    return tensor


def reduce_amax(t: Tensor, call: _Call, largest: bool = True) -> Tensor:
    """torch.amax / amin (ReduceOps.cpp amax meta; the max_values kernel refuses complex)."""
    keepdim, out = call.get("keepdim", False), call.get("out")
    given = _dim_list(call, call.dim)
    if out is not None and out.dtype is not t.dtype:
        raise errors.fail("amax_out_dtype", input=t.dtype.scalar_name,
                          out=out.dtype.scalar_name)
    _empty_dims_check(f"{call.op}()", t, given)
    dims = reduced_dims(t.ndim, given)
    if t.dtype.is_complex and t.numel():
        raise errors.fail("kernel_dtype", kernel="max_values_cpu" if largest else
                          "min_values_cpu", type=t.dtype.scalar_name)
    tensor, = _reduce(t, dims, keepdim, [t.dtype], [out],
                      lambda s, tol: extreme_result(s, largest, tol, False))
    return tensor


def reduce_max(t: Tensor, call: _Call, largest: bool = True) -> Any:
    """torch.max / min in its three forms: of everything, along a dim, against a tensor."""
    other, keepdim, out = call.get("other"), call.get("keepdim"), call.get("out")
    if other is not None or is_tensor(call.dim):
        if keepdim is not None or (other is not None and call.dim is not MISSING):
            raise call.no_overload()
        return pointwise.compute("maximum" if largest else "minimum",
                                 (t, call.dim if other is None else other), out=out,
                                 function=call.op, first_position=2 if call.function else 1)
    if call.dim is MISSING:
        if keepdim is not None:
            raise call.no_overload()
        return _max_all(t, out, largest)
    if not _is_int(call.dim) or (out is not None and not (
            isinstance(out, (tuple, list)) and len(out) == 2)):
        raise call.no_overload()
    return _max_dim(t, int(call.dim), bool(keepdim), out, largest)


def _max_all(t: Tensor, out: Tensor | None, largest: bool) -> Tensor:
    """max() / min() of all elements (ReduceAllOps.cpp max / max_unary_out)."""
    op = "max" if largest else "min"
    if out is not None and not can_cast(t.dtype, out.dtype):
        raise errors.fail("max_out_cast")
    if t.numel() == 0 and out is None:
        raise errors.fail("reduction_empty_all", op=f"{op}()")
    if t.dtype.is_complex:
        raise errors.fail("kernel_dtype", kernel=f"{op}_all", type=t.dtype.scalar_name)
    dims = reduced_dims(t.ndim, None)
    result = out.dtype if out is not None else t.dtype

    def compute(s: np.ndarray, tol: float) -> list[Result]:
        if s.shape[-1] == 0:  # max_unary_out of nothing: the reduction's identity
            return [Result(np.asarray(_identity(t.dtype, largest)))]
        return extreme_result(s, largest, tol, False)

    tensor, = _reduce(t, dims, False, [result], [out], compute)
    return tensor


def _identity(dt: DType, largest: bool) -> Any:
    """ReduceOpsUtils.h lower_bound / upper_bound: where max / min of nothing starts."""
    if dt is dtypes.bool_:
        return not largest
    if dt.is_floating_point:
        return -np.inf if largest else np.inf
    info = np.iinfo(np.dtype(dt.storage_np))
    return int(info.min if largest else info.max)


def _max_dim(t: Tensor, dim: int, keepdim: bool, out: Sequence[Tensor] | None,
             largest: bool) -> _ValuesIndices:
    """max(dim) / min(dim): values and first indices (TensorCompare.cpp max.dim meta)."""
    op = "max" if largest else "min"
    outs: list[Tensor | None] = [None, None] if out is None else list(out)
    if out is not None and outs[0] is outs[1] and not keepdim and t.ndim:
        # the kernel unsqueezes each out at the dim and squeezes it back after: one tensor
        # is unsqueezed twice (measured: an IndexError where the dim is the last)
        raise errors.fail("not_modelled", what=f"{op}(dim, out=) of one tensor for both")
    d = wrap_dim(dim, t.ndim)
    # max.dim meta: zero_numel_check_dims, then check_minmax_for_meta's complex check
    if t.numel() == 0 and t.ndim and t._geom.shape[d] == 0:
        raise errors.fail("reduction_empty_dim", op=f"{op}()", dim=d)
    if t.dtype.is_complex:
        raise errors.fail("argmax_complex", op=op)
    pointwise.check_out_dtype(outs[0], t.dtype)
    pointwise.check_out_dtype(outs[1], dtypes.int64)
    values, indices = _reduce(t, (d,), keepdim, [t.dtype, dtypes.int64], outs,
                              lambda s, tol: extreme_result(s, largest, tol, True),
                              overlap_raises=True, input_overlap_raises=True)
    return _PAIRS[op](values, indices)


def reduce_argmax(t: Tensor, call: _Call, largest: bool = True) -> Tensor:
    """torch.argmax / argmin (ReduceOps.cpp check_argmax_argmin, argmax meta)."""
    op, dim = call.op, None if call.dim is MISSING else call.dim
    keepdim, out = call.get("keepdim", False), call.get("out")
    if dim is not None and not _is_int(dim):
        raise errors.fail("argument_int", op=op, arg="dim", pos=2 if call.function else 1,
                          type=type(dim).__name__)
    if t.dtype.is_complex:
        raise errors.fail("argmax_complex", op=op)
    if t.dtype is dtypes.bool_:
        raise errors.fail("argmax_bool", op=op)
    if dim is not None:
        d = wrap_dim(int(dim), t.ndim)
        if t.ndim and t._geom.shape[d] == 0:
            raise errors.fail("reduction_empty_dim", op=f"{op}()", dim=d)
        dims: tuple[int, ...] = (d,)
    else:
        if t.numel() == 0:
            raise errors.fail("argmax_empty_all", op=op)
        dims = reduced_dims(t.ndim, None)
    pointwise.check_out_dtype(out, dtypes.int64)
    tensor, = _reduce(t, dims, keepdim, [dtypes.int64], [out],
                      lambda s, tol: extreme_result(s, largest, tol, True)[1:])
    return tensor


def reduce_all(t: Tensor, call: _Call, every: bool = True) -> Tensor:
    """torch.all / any: bool results, uint8 for uint8 input (ReduceOps.cpp allany meta).

    dim=() or [] reduces nothing (all.dims allows empty dims); dim=None reduces everything.
    """
    keepdim, out = call.get("keepdim", False), call.get("out")
    if out is not None and out.dtype not in (dtypes.bool_, dtypes.uint8):
        raise errors.fail("allany_out_dtype", op=call.op, dtype=out.dtype.scalar_name)
    given = _dim_list(call, call.dim)
    dims = () if given == () else reduced_dims(t.ndim, given)
    result = out.dtype if out is not None else (
        dtypes.uint8 if t.dtype is dtypes.uint8 else dtypes.bool_)
    tensor, = _reduce(t, dims, keepdim, [result], [out], lambda s, tol: [
        Result(np.all(s != 0, -1) if every else np.any(s != 0, -1))])
    return tensor


def reduce_count_nonzero(t: Tensor, call: _Call) -> Tensor:
    """torch.count_nonzero: int64 counts, no keepdim (ReduceOps.cpp count_nonzero_cpu)."""
    dims = reduced_dims(t.ndim, _dim_list(call, call.dim))
    tensor, = _reduce(t, dims, False, [dtypes.int64], [None], lambda s, tol: [
        Result(np.count_nonzero(s, -1).astype(np.int64))])
    return tensor


# -- Tensor methods -------------------------------------------------------------------------
# each op's reduction and the flags it takes (amin is amax with largest=False)
_REDUCTIONS: dict[str, tuple[Callable[..., Any], tuple[bool, ...]]] = {
    "sum": (reduce_sum, ()), "mean": (reduce_mean, ()), "prod": (reduce_prod, ()),
    "amax": (reduce_amax, ()), "amin": (reduce_amax, (False,)), "max": (reduce_max, ()),
    "min": (reduce_max, (False,)), "argmax": (reduce_argmax, ()),
    "argmin": (reduce_argmax, (False,)), "all": (reduce_all, ()), "any": (reduce_all, (False,)),
    "count_nonzero": (reduce_count_nonzero, ())}


def method(op: str, t: Tensor, dim: Any = MISSING, keepdim: Any = MISSING, **keywords: Any
           ) -> Any:
    """Return `t.<op>(dim, keepdim, **keywords)`, MISSING standing for what was left out."""
    reduce, flags = _REDUCTIONS[op]
    return reduce(t, _Call.of(op, False, dim, keepdim=keepdim, **keywords), *flags)


# -- torch.<name> functions --------------------------------------------------------------------
def _function(op: str, reduce: Callable[..., Any], *flags: bool) -> Callable[..., Any]:
    """Return torch.<op>(input, dim, keepdim, *, dtype/other/out) routed to `reduce`."""
    spec = BY_KEY[op]
    accepted = spec.keywords + (("out",) if spec.out else ())

    def call(input: Tensor, dim: Any = MISSING, keepdim: Any = MISSING,  # noqa: A002
             **keywords: Any) -> Any:
        for name in keywords:
            if name not in accepted:
                raise errors.fail("unexpected_keyword", op=op, keyword=name)
        return reduce(input, _Call.of(op, True, dim, keepdim=keepdim, **keywords), *flags)
    call.__name__ = call.__qualname__ = op
    call.__doc__ = f"Return torch.{op}(input, dim, keepdim, ...), the reduction."
    return call


def _count_nonzero(input: Tensor, dim: Any = None) -> Tensor:  # noqa: A002
    return reduce_count_nonzero(input, _Call.of("count_nonzero", True, dim))


FUNCTIONS: dict[str, Callable[..., Any]] = {
    op: _function(op, reduce, *flags) for op, (reduce, flags) in _REDUCTIONS.items()
    if op != "count_nonzero"} | {"count_nonzero": _count_nonzero}
