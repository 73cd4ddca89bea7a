"""Softmax, log_softmax and softmin along a dim, and layer_norm over the trailing dims.

softmax and log_softmax (aten/src/ATen/native/SoftMax.cpp) cast the input to `dtype` first
(`toType`), then run the structured kernel `_softmax` / `_log_softmax`, whose meta function
wraps the dim and asks for a contiguous output of the input's shape; the CPU kernel returns at
once on an empty input, views a 0-d one as 1-d, and dispatches on the floating types
(float, double, half, bfloat16) to a kernel of its own for the last dim. Their out= forms
(softmax_out) compute into `out` when it is contiguous, else into a fresh tensor of out's
shape that out is then resized to (contiguous strides where the shape changes) and copied
into: either way a right-shaped out keeps its strides and is bumped once.
torch.nn.functional.softmin is softmax of `-input`.

layer_norm (layer_norm.cpp layer_norm_cpu) checks normalized_shape against the input's
trailing dims and weight's and bias's shapes, then the CPU rule for mixed dtypes
(mixed_data_type.h: half or bfloat16 input with float parameters), and writes
`x * scale + shift` per row, scale = rstd * weight, shift = bias - mean * scale, into an
`empty_like(input, contiguous)`; its kernel refuses non-floating inputs even when empty.

Values are computed wide. How precisely torch's are known is bounded per element: softmax's
relative error grows with the row's length; log_softmax loses its relative precision where a
row has one dominant element (the result near 0 holds the absolute error of log(sum));
layer_norm's `x * scale + shift` cancels where x is near the mean. Elements whose bound
exceeds the op's tolerance are left undetermined, as are subnormal results.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, signatures, writes
from .dtypes import dtype as DType
from .geometry import contiguous_strides
from .iterator import Layout
from .operands import is_tensor
from .ops import BY_KEY
from .overlap import shares_bytes
from .pointwise import check_out_dtype, resize_out
from .reduction_values import SMALLEST_NORMAL, Result
from .reductions import store
from .views import wrap_dim

if TYPE_CHECKING:
    from .tensor import Tensor

# the dtypes the CPU kernels of softmax and layer_norm are instantiated for
# (AT_DISPATCH_FLOATING_TYPES_AND2(BFloat16, Half))
_KERNEL_DTYPES = frozenset({"float32", "float64", "float16", "bfloat16"})
_REDUCED = frozenset({"float16", "bfloat16"})
# a float result whose relative error bound passes this compares nothing
_CAP = 2.0**-7


def _compute_eps(dt: DType) -> float:
    """The machine epsilon of the type the CPU kernels compute `dt` in (float for the
    reduced types: at::opmath_type)."""
    return dtypes.float32.eps if dt.name in _REDUCED else dt.eps


def _known(t: Tensor) -> tuple[np.ndarray, np.ndarray, float]:
    """Return t's values as float64, which of them are defined, and their tolerance."""
    return (t._values().astype(np.float64), t._defined(), t._tolerance())


# -- softmax, log_softmax ----------------------------------------------------------------------

def _softmax_values(x: np.ndarray, defined: np.ndarray, tol_in: float, axis: int, log: bool,
                    dt: DType) -> Result:
    """The values of (log_)softmax of x along axis, with their tolerance and undefined mask."""
    n = x.shape[axis]
    eps_c, eps = _compute_eps(dt), dt.eps
    reduced = dt.name in _REDUCED
    # the CPU kernels compute a reduced type in float, but log_softmax's keep the sum of its
    # row, and its log, in the reduced type (SoftMaxKernel.cpp tmp_sum_scalar): an absolute
    # error of a few of its roundings
    tol = max((8 if log and reduced else 2) * eps,
              BY_KEY["softmax"].tolerance * (n + 8) * eps_c)
    with np.errstate(all="ignore"):
        m = np.max(x, axis, keepdims=True)
        shifted = x - m
        e = np.exp(shifted)
        s = e.sum(axis, keepdims=True)
        r = shifted - np.log(s) if log else e / s
        # how far torch's inputs may stray (their tolerance) moves every result
        spread = 2 * tol_in * np.max(np.abs(np.where(np.isfinite(x), x, 0)), axis,
                                     keepdims=True)
        if log:
            # log(sum) carries an absolute error of about n rounding errors: an element near
            # zero (one dominant element of its row) keeps no relative precision
            lse = np.abs(r + np.abs(shifted))
            absolute = n * eps_c + (2 * eps * (1 + lse) if reduced else 0)
            loose = (absolute + spread) > (tol - 2 * eps) * np.abs(r)
        else:
            loose = (spread > tol / 2) | (np.abs(r) < SMALLEST_NORMAL[dt.name])
            tol = tol + float(np.max(spread, initial=0.0))
    undefined = ~defined.all(axis, keepdims=True) | (loose & np.isfinite(r))
    return Result(r, np.broadcast_to(undefined, r.shape), tol)


def _kernel_check(t: Tensor, dim: int, log: bool) -> None:
    """The CPU kernel's dtype dispatch, reached only with elements to compute."""
    if t.numel() and t.dtype.name not in _KERNEL_DTYPES:
        last = dim == max(t.ndim, 1) - 1
        kernel = ("log_" if log else "") + ("softmax_lastdim_kernel_impl" if last
                                             else "softmax_kernel_impl")
        raise errors.fail("kernel_dtype", kernel=kernel, type=t.dtype.scalar_name)


def softmax(input: Tensor, dim: int, dtype: Any = None, *,  # noqa: A002 - torch's names
            out: Tensor | None = None, log: bool = False) -> Tensor:
    """Return torch.softmax / torch.log_softmax(input, dim, dtype, out=out)."""
    converted = input.to(dtypes.lookup(dtype)) if dtype is not None else input
    d = wrap_dim(dim, converted.ndim)
    shape = converted._geom.shape
    dt = converted.dtype
    if out is None:
        dest = type(converted)._fresh(shape, contiguous_strides(shape), dt, converted.device)
    else:
        check_out_dtype(out, dt)
        if out._geom.shape != shape:
            resize_out(out, Layout((shape, contiguous_strides(shape))))
        dest = out
    _kernel_check(converted, d, log)
    if out is not None and not out.is_contiguous():
        writes.check_writable(out)  # the copy from the contiguous result: out.copy_(temp)
    if not dest.is_meta and dest.numel():
        x, defined, tol_in = _known(converted)
        if not converted.ndim:  # the kernel views a 0-d input as 1-d (d is 0)
            x, defined = x.reshape(1), defined.reshape(1)
        result = _softmax_values(x, defined, tol_in, d, log, dt)
        # an out that is the contiguous input itself is read while it is written
        clobbered = out is not None and out.is_contiguous() and shares_bytes(out, converted)
        store(dest, Result(result.values.reshape(shape),
                           np.asarray(result.undefined).reshape(shape), result.tolerance),
              clobbered)
    if out is not None:
        out._bump()
    return dest


def implicit_dim(name: str, ndim: int) -> int:
    """torch.nn.functional._get_softmax_dim: the dim a call without one gets, with a warning."""
    warnings.warn(errors.warning("softmax_implicit_dim", op=name), stacklevel=4)
    return 0 if ndim in (0, 1, 3) else 1


# -- layer_norm -------------------------------------------------------------------------------

def _shape_list(shape: Sequence[int]) -> list[int]:
    return [int(n) for n in shape]


def _check_layer_norm(input: Tensor, normalized_shape: tuple[int, ...],  # noqa: A002
                      weight: Tensor | None, bias: Tensor | None) -> None:
    """layer_norm.h _check_layer_norm_inputs, then mixed_data_type.h's CPU dtype rule."""
    if not normalized_shape:
        raise errors.fail("layer_norm_empty_shape", shape=_shape_list(normalized_shape))
    for name, param in (("weight", weight), ("bias", bias)):
        if param is not None and param._geom.shape != normalized_shape:
            raise errors.fail("layer_norm_param_shape", name=name,
                              got=_shape_list(param._geom.shape),
                              shape=_shape_list(normalized_shape))
    k = len(normalized_shape)
    shape = input._geom.shape
    if len(shape) < k or shape[len(shape) - k:] != normalized_shape:
        raise errors.fail("layer_norm_input_shape", shape=_shape_list(normalized_shape),
                          star="[*, " + ", ".join(map(str, normalized_shape)) + "]",
                          got=_shape_list(shape))
    params = [p for p in (weight, bias) if p is not None]
    if params and params[0].dtype is not input.dtype:
        for p in (weight, bias):
            if p is not None and p.dtype is not dtypes.float32:
                raise errors.fail("mixed_dtype_parameter")
        if input.dtype.name not in _REDUCED:
            raise errors.fail("mixed_dtype_inputs")
    if input.dtype.name not in _KERNEL_DTYPES:
        raise errors.fail("kernel_dtype", kernel="LayerNormKernelImpl",
                          type=input.dtype.scalar_name)
    # not mixed (the first parameter has the input's dtype): the kernel reads every parameter
    # as the input's type, and data_ptr<T>() refuses one of another (measured: a half input
    # and weight with a float bias)
    for p in params if params and params[0].dtype is input.dtype else ():
        if p.dtype is not input.dtype:
            raise errors.fail("scalar_type", want=input.dtype.scalar_name,
                              got=p.dtype.scalar_name)


def _layer_norm_values(x: np.ndarray, defined: np.ndarray, tol_in: float,
                       w: tuple[np.ndarray, float] | None, b: tuple[np.ndarray, float] | None,
                       eps_ln: float, dt: DType, param_dt: DType) -> Result:
    """The values of layer_norm over rows of x (rows x n), with their error bound."""
    n = x.shape[1]
    eps_c, eps = _compute_eps(dt), dt.eps
    tol = max(2 * eps, BY_KEY["nn.functional.layer_norm"].tolerance * (n + 8) * eps_c)
    weight, tol_w = w if w is not None else (np.ones(n), 0.0)
    shift, tol_b = b if b is not None else (np.zeros(n), 0.0)
    with np.errstate(all="ignore"):
        mean = x.mean(1, keepdims=True)
        var = ((x - mean) ** 2).mean(1, keepdims=True)
        rstd = 1 / np.sqrt(var + eps_ln)
        y = (x - mean) * rstd * weight + shift
        big = np.max(np.abs(x), 1, keepdims=True)
        # the mean's error and the variance's, which moves rstd relatively: RowwiseMoments'
        # Welford steps combine pairwise, so their errors grow with log n
        steps = np.log2(max(n, 1)) + 2
        d_mean = steps * eps_c * big + tol_in * big
        d_var = 2 * steps * eps_c * (var + mean**2) + 4 * tol_in * big * (big + np.sqrt(var))
        rel_rstd = d_var / (2 * (var + eps_ln)) + 2 * eps_c
        scale = rstd * np.abs(weight)
        # x * scale + (bias - mean * scale): four roundings
        bound = (2 * eps_c * ((np.abs(x) + np.abs(mean)) * scale + np.abs(shift))
                 + d_mean * scale + np.abs(x - mean) * scale * (rel_rstd + tol_w)
                 + np.abs(shift) * tol_b)
        loose = (bound > tol * np.abs(y)) | (rel_rstd > _CAP) | (
            np.abs(y) < SMALLEST_NORMAL[dt.name])
    undefined = ~defined.all(1, keepdims=True) | (loose & np.isfinite(y))
    if param_dt is not dt:  # mixed: parameters read as float, the result rounded to dt
        tol = max(tol, 2 * eps)
    return Result(y, np.broadcast_to(undefined, y.shape), tol)


def layer_norm(input: Tensor, normalized_shape: Any, weight: Tensor | None = None,  # noqa: A002
               bias: Tensor | None = None, eps: float = 1e-5) -> Tensor:
    """Return torch.nn.functional.layer_norm(input, normalized_shape, weight, bias, eps)."""
    if isinstance(normalized_shape, int) or not isinstance(normalized_shape, (tuple, list)):
        raise errors.fail("argument_position_type", op="layer_norm", arg="normalized_shape",
                          pos=2, want="tuple of ints", type=type(normalized_shape).__name__)
    for name, param in (("weight", weight), ("bias", bias)):
        if param is not None and not is_tensor(param):
            raise errors.fail("argument_position_type", op="layer_norm", arg=name,
                              pos=3 if name == "weight" else 4, want="Tensor",
                              type=type(param).__name__)
    normalized = tuple(int(n) for n in normalized_shape)
    _check_layer_norm(input, normalized, weight, bias)
    shape = input._geom.shape
    dest = type(input)._fresh(shape, contiguous_strides(shape), input.dtype, input.device)
    if dest.is_meta or not dest.numel():
        return dest
    n = int(np.prod(normalized))
    rows = dest.numel() // n
    x, defined, tol_in = _known(input)
    params: list[tuple[np.ndarray, float] | None] = []
    param_defined = np.ones(n, np.bool_)
    for p in (weight, bias):
        if p is None:
            params.append(None)
            continue
        values, known, tol = _known(p)
        params.append((values.reshape(n), tol))
        param_defined &= known.reshape(n)
    param_dt = next((p.dtype for p in (weight, bias) if p is not None), input.dtype)
    result = _layer_norm_values(x.reshape(rows, n), defined.reshape(rows, n), tol_in,
                                params[0], params[1], eps, input.dtype, param_dt)
    undefined = np.asarray(result.undefined) | ~param_defined
    store(dest, Result(result.values.reshape(shape), undefined.reshape(shape),
                       result.tolerance), False)
    return dest


# -- torch's and Tensor's spellings ------------------------------------------------------------

Parser = tuple[signatures.Signature, ...]


def _parsers(name: str) -> tuple[Parser, Parser]:
    """The function's and the method's signatures (native_functions.yaml softmax.int and
    softmax.int_out, as the Python binding merges them)."""
    return ((signatures.signature(
        f"{name}(Tensor input, int dim, ScalarType? dtype=None, *, Tensor? out=None)"),),
        (signatures.signature(f"{name}(int dim, ScalarType? dtype=None)"),))


_PARSERS = {name: _parsers(name) for name in ("softmax", "log_softmax")}


def _function(name: str) -> Any:
    parser = _PARSERS[name][0]

    def call(*args: Any, **kwargs: Any) -> Tensor:
        bound = signatures.parse(parser, args, kwargs)
        return softmax(bound["input"], bound["dim"], bound.get("dtype"), out=bound.get("out"),
                       log=name == "log_softmax")
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return torch.{name}(input, dim, dtype=None, *, out=None)."
    return call


# mypy: disable-error-code="misc"
# (`self: Tensor` types the mixin's methods as the class they are mixed into, as in
# tensor_copies.py)


class NormalizationMethods:
    """Tensor's softmax and log_softmax (mixed into Tensor)."""

    __slots__ = ()

    def softmax(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        bound = signatures.parse(_PARSERS["softmax"][1], args, kwargs)
        return softmax(self, bound["dim"], bound.get("dtype"))

    def log_softmax(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        bound = signatures.parse(_PARSERS["log_softmax"][1], args, kwargs)
        return softmax(self, bound["dim"], bound.get("dtype"), log=True)


FUNCTIONS = {name: _function(name) for name in _PARSERS}
