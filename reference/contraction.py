"""outer (and its old name ger), kron, cross and tensordot: composite ops, each the chain of
smaller ops ATen runs, whose layouts, views and errors it inherits.

outer (LinearAlgebra.cpp outer) is `vec1.reshape(n, 1) * vec2`: mul's TensorIterator layout
and promoted dtype, out= as mul's. kron (LinearAlgebra.cpp KronImpl) multiplies the inputs
viewed with their dims interleaved with size-1 dims (`_unsafe_view`) and `_unsafe_view`s the
product to the result's shape: mul lays the product out after its inputs' strides, so a
transposed input whose product cannot be viewed so raises the view error; kron(out=) views
out= that way and runs mul's out= on that alias, whose version counter is its own, so out=
keeps its version. cross (Cross.cpp cross, TORCH_META_FUNC(linalg_cross)) takes the first
dim of size 3 when no dim is given, warning once per process as TORCH_WARN_ONCE does; the
inputs must have equal ranks and 3 elements along dim, broadcast to a new contiguous result
of the first input's dtype. tensordot (Linear.cpp tensordot, torch/functional.py) sums
broadcast contracted dims away, permutes, reshapes, runs mm and reshapes the product: a view
of mm's result when that reshape views it; out= is filled by copy_ after resize_output.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, signatures
from .geometry import Geometry, compute_stride, contiguous_strides
from .iterator import Layout
from .layouts import broadcast_shapes
from .operands import is_tensor
from .overlap import assert_no_overlap
from .pointwise import resize_out
from .product_values import Product, store
from .products import _check_arguments, _mm, _refuse, _structured_output
from .tensor_pointwise import binary
from .values import quantize
from .views import wrap_dims

if TYPE_CHECKING:
    from .tensor import Tensor

Shape = tuple[int, ...]


# -- outer --------------------------------------------------------------------------------------

def _check_1d(t: Tensor, arg: str) -> None:
    if t.ndim != 1:
        raise errors.fail("blas_1d", fn="outer", arg=arg, ndim=t.ndim)


def _outer(a: Tensor, b: Tensor, out: Tensor | None = None) -> Tensor:
    _check_1d(a, "self")
    _check_1d(b, "vec2")
    return binary("mul", a.reshape(a._geom.shape[0], 1), b, out=out, function="mul")


def outer(input: Any, vec2: Any, *, out: Any = None) -> Tensor:  # noqa: A002
    """Return torch.outer(input, vec2, *, out=None)."""
    _check_arguments("outer", ("input", input), ("vec2", vec2))
    return _outer(input, vec2, out)


def ger(input: Any, vec2: Any, *, out: Any = None) -> Tensor:  # noqa: A002
    """Return torch.ger(input, vec2, *, out=None): outer."""
    _check_arguments("ger", ("input", input), ("vec2", vec2))
    return _outer(input, vec2, out)


# -- kron ---------------------------------------------------------------------------------------

def _unsafe_view(t: Tensor, shape: Shape) -> Tensor:
    """Return at::_unsafe_view: t's memory in a new shape with a version counter of its own,
    no view of anything; the view error where strides cannot be found (TensorUtils.cpp
    computeStride)."""
    g = t._geom
    strides = compute_stride(g.shape, g.strides, shape)
    if strides is None:
        raise errors.fail("view_incompatible")
    found = type(t)(t._storage, Geometry((shape, strides, g.offset)), t.dtype)
    found._conj, found._neg = t._conj, t._neg
    return found


def _kron(a: Tensor, b: Tensor, out: Tensor | None = None) -> Tensor:
    rank = max(a.ndim, b.ndim)
    sa = (1,) * (rank - a.ndim) + a._geom.shape
    sb = (1,) * (rank - b.ndim) + b._geom.shape
    a_shape = tuple(x for n in sa for x in (n, 1))
    b_shape = tuple(x for n in sb for x in (1, n))
    result_shape = tuple(x * y for x, y in zip(sa, sb))
    a_view, b_view = _unsafe_view(a, a_shape), _unsafe_view(b, b_shape)
    if out is None:
        return _unsafe_view(binary("mul", a_view, b_view, function="mul"), result_shape)
    if out._geom.shape != result_shape:
        resize_out(out, _contiguous(result_shape))
    mul_shape = tuple(x for pair in zip(sa, sb) for x in pair)
    binary("mul", a_view, b_view, out=_unsafe_view(out, mul_shape), function="mul")
    return out


def _contiguous(shape: Shape) -> Layout:
    return Layout((shape, contiguous_strides(shape)))


def kron(input: Any, other: Any, *, out: Any = None) -> Tensor:  # noqa: A002
    """Return torch.kron(input, other, *, out=None)."""
    _check_arguments("kron", ("input", input), ("other", other))
    return _kron(input, other, out)


# -- cross --------------------------------------------------------------------------------------

_warned = [False]


def _default_dim(t: Tensor) -> int:
    """Cross.cpp _default_cross_dim: the first dim of size 3."""
    if not _warned[0]:
        _warned[0] = True
        warnings.warn(errors.warning("cross_default_dim"), UserWarning, stacklevel=4)
    for i, n in enumerate(t._geom.shape):
        if n == 3:
            return i
    raise errors.fail("cross_no_dim")


def _cross(a: Tensor, b: Tensor, dim: int | None, out: Tensor | None = None) -> Tensor:
    """TORCH_META_FUNC(linalg_cross) and linalg_cross_out (Cross.cpp)."""
    d = _default_dim(a) if dim is None else dim
    if a.ndim != b.ndim:
        raise errors.fail("cross_ndim")
    if a.size(d) != 3 or b.size(d) != 3:
        raise errors.fail("cross_length", dim=d, a=a.size(d), b=b.size(d))
    shape = broadcast_shapes(a._geom.shape, b._geom.shape)
    dest = _structured_output(out, a, shape, a.dtype)
    if out is not None:  # out= against the inputs as given, not broadcast (linalg_cross_out)
        for operand in (a, b):
            assert_no_overlap(dest, operand)
    if dest.numel() or not dest.is_meta:  # the CPU kernel runs (and refuses) when empty too
        if b.dtype is not dest.dtype:  # the kernel reads both inputs as the result's type
            raise errors.fail("scalar_type", want=dest.dtype.scalar_name,
                              got=b.dtype.scalar_name)
        _refuse("cross", dest.dtype)
        if not dest.is_meta and dest.numel():
            _cross_values(dest, a.expand(shape), b.expand(shape), d % a.ndim)
    if out is not None:
        out._bump()
    return dest


def _cancelled(x: np.ndarray, y: np.ndarray, left: np.ndarray, right: np.ndarray,
               z: np.ndarray) -> np.ndarray:
    """Return the components whose value rounding decides: the CPU kernel (CrossKernel.cpp)
    may be compiled into a fused multiply-add, rounding one product fewer, so a difference
    of two inexact products that nearly cancel (x cross x of non-integer x) lands anywhere
    within a rounding of the products; exact products leave it exact either way."""
    if z.dtype.kind not in "fc":
        return np.zeros(z.shape, np.bool_)
    wide = np.clongdouble if z.dtype.kind == "c" else np.longdouble
    xw, yw = x.astype(wide), y.astype(wide)
    with np.errstate(all="ignore"):
        exact = (np.stack([xw[1] * yw[2], xw[2] * yw[0], xw[0] * yw[1]]) == left) & \
            (np.stack([xw[2] * yw[1], xw[0] * yw[2], xw[1] * yw[0]]) == right)
        eps = np.finfo(z.dtype).eps
        return ~exact & (np.abs(z) <= 4 * eps * (np.abs(left) + np.abs(right)))


def _cross_values(dest: Tensor, a: Tensor, b: Tensor, d: int) -> None:
    x, y = np.moveaxis(a._values(), d, 0), np.moveaxis(b._values(), d, 0)
    reduced = dest.dtype in (dtypes.float16, dtypes.bfloat16)
    with np.errstate(all="ignore"):
        # each component in the inputs' own type, two products then a difference
        left = np.stack([x[1] * y[2], x[2] * y[0], x[0] * y[1]])
        right = np.stack([x[2] * y[1], x[0] * y[2], x[1] * y[0]])
        if reduced:  # c10's Half and BFloat16 operator* round each product to the type
            left, right = quantize(left, dest.dtype), quantize(right, dest.dtype)
        z = left - right
    defined = np.moveaxis(a._defined(), d, 0) & np.moveaxis(b._defined(), d, 0)
    undefined = np.broadcast_to(~defined.all(0, keepdims=True), z.shape)
    if not reduced:  # a product rounded to half or bfloat16 cannot be fused into the difference
        undefined = undefined | _cancelled(x, y, left, right, z)
    loose = bool(np.isnan(z).any()) if z.dtype.kind in "fc" else False
    store(dest, Product(np.moveaxis(z, 0, d), np.moveaxis(undefined, 0, d),
                        a._tolerance() + b._tolerance(), loose), (a, b))


_CROSS = signatures.signature("cross(Tensor input, Tensor other, int? dim=None, *, "
                              "Tensor? out=None)")
_CROSS_METHOD = signatures.signature("cross(Tensor other, int? dim=None)")


def cross(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.cross(input, other, dim=None, *, out=None)."""
    bound = signatures.parse((_CROSS,), args, kwargs)
    return _cross(bound["input"], bound["other"], bound.get("dim"), bound.get("out"))


# -- tensordot ----------------------------------------------------------------------------------

def _tensordot_dims(a: Tensor, b: Tensor, dims: Any) -> tuple[list[int], list[int]]:
    """torch/functional.py tensordot: an int d contracts a's last d dims with b's first d."""
    if is_tensor(dims):
        raise errors.fail("not_modelled", what="tensordot(dims=Tensor)")
    if isinstance(dims, (tuple, list)):
        first, second = dims
        return [int(d) for d in first], [int(d) for d in second]
    if not isinstance(dims, int):
        raise errors.fail("tensordot_dims_type", dims=dims)
    if dims < 0:
        raise errors.fail("tensordot_dims_negative", dims=dims)
    if dims > min(a.ndim, b.ndim):
        raise errors.fail("tensordot_dims_many", dims=dims)
    return list(range(-dims, 0)), list(range(dims))


def _tensordot(a: Tensor, b: Tensor, dims1: list[int], dims2: list[int]) -> Tensor:
    """Linear.cpp tensordot."""
    if len(dims1) != len(dims2):
        raise errors.fail("tensordot_lengths")
    if a.dtype is not b.dtype:
        raise errors.fail("tensordot_dtypes")
    csize, t1, t2 = 1, a, b
    for d1, d2 in zip(dims1, dims2):
        s1, s2 = a.size(d1), b.size(d2)
        # a broadcast dim is summed away at once, in the operand's own dtype
        if s2 == 1:
            t1 = t1.sum(d1, True, dtype=t1.dtype)
        elif s1 == 1:
            t2 = t2.sum(d2, True, dtype=t2.dtype)
        elif s1 != s2:
            raise errors.fail("tensordot_sizes", s1=s1, d1=d1, s2=s2, d2=d2)
        else:
            csize *= s1
    c1, c2 = set(wrap_dims(dims1, a.ndim)), set(wrap_dims(dims2, b.ndim))
    p1 = [i for i in range(a.ndim) if i not in c1] + dims1
    p2 = dims2 + [i for i in range(b.ndim) if i not in c2]
    size1 = int(np.prod([t1.size(i) for i in range(a.ndim) if i not in c1]))
    size2 = int(np.prod([t2.size(i) for i in range(b.ndim) if i not in c2]))
    rsizes = [t1.size(i) for i in range(a.ndim) if i not in c1] + [
        t2.size(i) for i in range(b.ndim) if i not in c2]
    left = t1.permute(p1).reshape(size1, csize)
    right = t2.permute(p2).reshape(csize, size2)
    return _mm(left, right).reshape(*rsizes) if rsizes else _mm(left, right).reshape(())


def tensordot(a: Any, b: Any, dims: Any = 2, out: Any = None) -> Tensor:
    """Return torch.tensordot(a, b, dims=2, out=None)."""
    dims1, dims2 = _tensordot_dims(a, b, dims)
    result = _tensordot(a, b, dims1, dims2)
    if out is None:
        return result
    if out.dtype is not result.dtype:
        raise errors.fail("tensordot_out_dtype", want=result.dtype.scalar_name,
                          got=out.dtype.scalar_name)
    if out._geom.shape != result._geom.shape:
        resize_out(out, _contiguous(result._geom.shape))
    return out.copy_(result)


class ContractionMethods:
    """Tensor's outer, ger, kron and cross."""

    __slots__ = ()

    def outer(self: Tensor, vec2: Any) -> Tensor:  # type: ignore[misc]
        _check_arguments("outer", ("vec2", vec2))
        return _outer(self, vec2)

    def ger(self: Tensor, vec2: Any) -> Tensor:  # type: ignore[misc]
        _check_arguments("ger", ("vec2", vec2))
        return _outer(self, vec2)

    def kron(self: Tensor, other: Any) -> Tensor:  # type: ignore[misc]
        _check_arguments("kron", ("other", other))
        return _kron(self, other)

    def cross(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:  # type: ignore[misc]
        bound = signatures.parse((_CROSS_METHOD,), args, kwargs)
        return _cross(self, bound["other"], bound.get("dim"))


FUNCTIONS = {"outer": outer, "ger": ger, "kron": kron, "cross": cross, "tensordot": tensordot}
