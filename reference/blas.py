"""addmv, addr, baddbmm and addbmm, out of place, with out= and in place (ATen Blas.cpp,
LinearAlgebra.cpp): `beta * input + alpha * product`, the input broadcast to the product.

Layouts. addmv and baddbmm are structured kernels: a new contiguous result of the product's
shape (Blas.cpp TORCH_META_FUNC(addmv), LinearAlgebra.cpp TORCH_META_FUNC(baddbmm)), an out=
of that shape kept, one of another resized with resize_output's warning, and in place the
input must have the product's shape ("Bad in-place call"). addbmm (LinearAlgebra.cpp
addbmm_out, addbmm_impl_) is not: its result is `resize_as_` of the broadcast input, so a
fresh one is contiguous, an out= of another shape is restrided without a warning, and
addbmm_ of an input that only broadcasts to the product's shape resizes the input itself in
place. addr runs a TensorIterator (LinearAlgebra.cpp addr_out) over the out, the broadcast
input and the vectors as a column and a row: the output takes the iterator's layout and the
promoted dtype, and an out= of another dtype it can be cast to is allowed.

Values. The product comes from product_values.contract, `beta * input + alpha * product`
from product_values.affine: beta 0 ignores the input's values, NaN included; integer
scalars are truncated (addr refuses floating ones for integral results, as add does); an
empty contraction leaves `beta * input`. addr of bools is `(beta and input) or (alpha and
v1 and v2)` (cpu/LinearAlgebraKernel.cpp addr_kernel).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, signatures, writes
from . import values as vals
from .dtypes import dtype as DType
from .geometry import Geometry, contiguous_strides
from .iterator import Input, common_dtype, pointwise_layout
from .overlap import assert_no_partial_overlap
from .pointwise import cpp_type, resize_out
from .product_values import Product, affine, contract, store, zero, zero_product
from .products import _check_copy_back, _refuse, _structured_output, addmv_checks
from .promotion import can_cast
from .tensor_pointwise import binary

if TYPE_CHECKING:
    from .tensor import Tensor

Shape = tuple[int, ...]


def _copy_self(dest: Tensor, source: Tensor, beta: Any) -> None:
    """Check what `result.copy_(self)` checks, which the kernels run unless beta is 0."""
    if beta != 0 and source is not dest:
        writes.check_writable(dest)
        assert_no_partial_overlap(dest, source)


def _expand_size(t: Tensor, shape: Shape) -> Tensor:
    """ExpandUtils.h expand_size: t itself when it has the shape already, else t.expand."""
    return t if t._geom.shape == shape else t.expand(shape)


def _in_place_shape(self: Tensor, shape: Shape) -> None:
    if self._geom.shape != shape:
        raise errors.fail("inplace_output_size", input=list(self._geom.shape),
                          output=list(shape))


def _finish(dest: Tensor, compute: Callable[[], Product] | None, source: Tensor, beta: Any,
            alpha: Any, k: int, inputs: tuple[Tensor, ...]) -> None:
    """Store beta * source + alpha * product (zeros for an empty contraction) into dest; the
    product is computed only where there are values to store (not on meta)."""
    if dest.is_meta or not dest.numel():
        return
    shape = dest._geom.shape
    product = None if compute is None else compute()
    found = zero_product(shape, dest.dtype) if product is None else Product(
        product.values.reshape(shape), product.undefined.reshape(shape), product.tolerance,
        product.loose)
    # result.copy_(self) over self's own bytes reads what it has written (an out= resized
    # over the input it expands): the kernel's order of writes decides
    reads = inputs + ((source,) if beta != 0 and source is not dest else ())
    store(dest, affine(found, source, complex(beta), complex(alpha), dest.dtype, k), reads)


# -- addmv --------------------------------------------------------------------------------------

def _addmv(self: Tensor, mat: Tensor, vec: Tensor, beta: Any, alpha: Any,
           out: Tensor | None = None, inplace: bool = False) -> Tensor:
    """Blas.cpp TORCH_META_FUNC(addmv), addmv_out_cpu."""
    m, k = addmv_checks(self, mat, vec)
    if inplace:
        _in_place_shape(self, (m,))
        dest = self
    else:
        dest = _structured_output(out, vec, (m,), vec.dtype)
    source = _expand_size(self, (m,))
    if not mat.numel():
        # an empty matrix: result.zero_() for beta 0, else mul_out(result, self, beta)
        if beta == 0:
            zero(dest)
        else:
            # mul_out(result, self, scalar_tensor(beta)): the result takes self's own shape,
            # () or (1,) whatever m is; a call from inside a kernel bumps no version
            counted = dest._vc.value
            binary("mul", self, self.new_full((), beta), out=dest)
            dest._vc.value = counted
    else:
        _copy_self(dest, source, beta)
        if dest.numel():
            _refuse("addmv_impl_cpu", mat.dtype)
            _finish(dest, lambda: contract(mat, vec, (m, k), (k, 1), dest.dtype), source, beta,
                    alpha, k, (mat, vec))
    if out is not None or inplace:
        dest._bump()
    return dest


# -- baddbmm ------------------------------------------------------------------------------------

def _batch_dims(b1: Tensor, b2: Tensor) -> tuple[int, int, int, int]:
    """Return (bs, m, k, n) as common_checks_baddbmm_bmm checks them."""
    if b1.ndim != 3:
        raise errors.fail("bmm_3d", name="batch1")
    if b2.ndim != 3:
        raise errors.fail("bmm_3d", name="batch2")
    bs, m, k = b1._geom.shape
    if b2._geom.shape[:2] != (bs, k):
        raise errors.fail("bmm_sizes", want=[bs, k], got=list(b2._geom.shape[:2]))
    return bs, m, k, b2._geom.shape[2]


def _mixed_batches(dest: Tensor, b1: Tensor, b2: Tensor, m: int, k: int, n: int) -> None:
    """Refuse batches of two dtypes as the path bmm_out_or_baddbmm_ takes does: the small
    kernel reads the result as batch1's type, batched gemm reads batch1 as the result's, the
    split path runs addmm_ on each batch."""
    if b1.dtype is b2.dtype:
        return
    if k * m * n < 400:
        raise errors.fail("scalar_type", want=b1.dtype.scalar_name, got=dest.dtype.scalar_name)
    if dest.dtype in (dtypes.float32, dtypes.float64) and dest.is_contiguous():
        raise errors.fail("scalar_type", want=dest.dtype.scalar_name, got=b1.dtype.scalar_name)
    raise errors.fail("addmm_dtypes", a_name="mat1", b_name="mat2", a=b1.dtype.scalar_name,
                      b=b2.dtype.scalar_name)


def _baddbmm(self: Tensor, b1: Tensor, b2: Tensor, beta: Any, alpha: Any,
             out: Tensor | None = None, inplace: bool = False) -> Tensor:
    """LinearAlgebra.cpp TORCH_META_FUNC(baddbmm), baddbmm_out_cpu, bmm_out_or_baddbmm_."""
    shape = (b1.size(0), b1.size(1), b2.size(2))
    source = _expand_size(self, shape)
    if self.dtype is not b1.dtype:
        raise errors.fail("baddbmm_dtypes", a=cpp_type(self.dtype), b=cpp_type(b1.dtype),
                          c=cpp_type(b2.dtype))
    bs, m, k, n = _batch_dims(b1, b2)
    if inplace:
        _in_place_shape(self, shape)
        dest = self
    else:
        dest = _structured_output(out, b2, shape, b2.dtype)
    _copy_self(dest, source, beta)
    if dest.numel():
        if k == 0:
            if beta == 0:
                zero(dest)
            else:
                _scale(dest, source, beta, alpha)
        else:
            _mixed_batches(dest, b1, b2, m, k, n)
            _refuse("baddbmm", b1.dtype)
            _finish(dest, lambda: contract(b1, b2, (bs, m, k), (bs, k, n), dest.dtype), source,
                    beta, alpha, k, (b1, b2))
    if out is not None or inplace:
        dest._bump()
    return dest


def _scale(dest: Tensor, source: Tensor, beta: Any, alpha: Any) -> None:
    """result.mul_(beta) of a result that holds the input: a bool result refuses the int64
    a Python int scalar promotes it to (TensorIterator's cast check)."""
    if dest.dtype is dtypes.bool_ and not isinstance(beta, bool):
        kind = "Double" if isinstance(beta, float) else (
            "ComplexDouble" if isinstance(beta, complex) else "Long")
        raise errors.fail("cannot_cast", result=kind, out="Bool")
    _finish(dest, None, source, beta, alpha, 0, ())


# -- addbmm -------------------------------------------------------------------------------------

def _addbmm(self: Tensor, b1: Tensor, b2: Tensor, beta: Any, alpha: Any,
            out: Tensor | None = None, inplace: bool = False) -> Tensor:
    """LinearAlgebra.cpp addbmm_out, addbmm_impl_: resize_as_ the broadcast input, then
    addmm_ of each batch into the result."""
    shape = (b1.size(1), b2.size(2))
    source = _expand_size(self, shape)
    bs, m, k, n = _addbmm_dims(b1, b2)
    dest = self if inplace else out if out is not None else type(self)._fresh(
        shape, None, self.dtype, self.device)
    if dest._geom.shape != shape:  # resize_as_: contiguous, no warning
        resize_out_quietly(dest, shape)
    if bs == 0 or k == 0:
        if beta == 0:
            zero(dest)
        elif bs == 0:
            _scale(dest, source, beta, alpha)
        else:
            _addmm_checks(dest, b1, b2, 0)
            _scale(dest, source, beta, alpha)
    else:
        _copy_self(dest, source, beta)
        _addmm_checks(dest, b1, b2, k)
        moved = b1.permute(1, 0, 2)  # rows, then every batch's contraction in turn
        _finish(dest, lambda: contract(moved, b2, (m, bs * k), (bs * k, n), dest.dtype), source,
                beta, alpha, bs * k, (b1, b2))
    if out is not None or inplace:
        dest._bump()
    return dest


def _addbmm_dims(b1: Tensor, b2: Tensor) -> tuple[int, int, int, int]:
    if b1.ndim != 3:
        raise errors.fail("bmm_3d", name="batch1")
    if b2.ndim != 3:
        raise errors.fail("bmm_3d", name="batch2")
    (bs, m, k), (bs2, k2, n) = b1._geom.shape, b2._geom.shape
    if bs != bs2:
        raise errors.fail("addbmm_batches", a=bs, b=bs2)
    if k != k2:
        raise errors.fail("addbmm_sizes", m=m, k=k, k2=k2, n=n)
    return bs, m, k, n


def _addmm_checks(dest: Tensor, b1: Tensor, b2: Tensor, k: int) -> None:
    """What result.addmm_(batch1[i], batch2[i]) checks (ADDMM_META, addmm_impl_cpu_)."""
    for (a_name, a), (b_name, b) in ((("self", dest), ("mat2", b2)), (("mat1", b1), ("mat2", b2))):
        if a.dtype is not b.dtype:
            raise errors.fail("addmm_dtypes", a_name=a_name, b_name=b_name,
                              a=a.dtype.scalar_name, b=b.dtype.scalar_name)
    if k and dest.numel():
        _refuse("addmm_impl_cpu_", dest.dtype)
        _check_copy_back(dest)


def resize_out_quietly(t: Tensor, shape: Shape) -> None:
    """Resize t in place to contiguous strides of `shape`, as resize_as_ does (no warning)."""
    geom = Geometry((shape, contiguous_strides(shape), t._geom.offset))
    needed = geom.extent() * t.dtype.itemsize if geom.numel else 0
    if needed > t._storage.nbytes:
        t._storage.resize(needed)
    t._geom = geom


# -- addr ---------------------------------------------------------------------------------------

def _check_1d(t: Tensor, arg: str, fn: str) -> None:
    if t.ndim != 1:
        raise errors.fail("blas_1d", fn=fn, arg=arg, ndim=t.ndim)


def _check_addr_scalar(dt: DType, scalar: Any, name: str) -> None:
    """LinearAlgebra.cpp check_addr_scalar."""
    if isinstance(scalar, (bool, np.bool_)) and dt is not dtypes.bool_:
        raise errors.fail("addr_bool_scalar", name=name)
    integral = not (dt.is_floating_point or dt.is_complex)
    if integral and isinstance(scalar, (float, complex, np.floating, np.complexfloating)):
        raise errors.fail("addr_integral_scalar", name=name)


def _addr(self: Tensor, v1: Tensor, v2: Tensor, beta: Any, alpha: Any,
          out: Tensor | None = None, inplace: bool = False) -> Tensor:
    """LinearAlgebra.cpp build_addr_iter, addr, addr_out: a TensorIterator over the out, the
    input broadcast to (n, m), v1 as a column and v2."""
    _check_1d(v1, "vec1", "addr")
    _check_1d(v2, "vec2", "addr")
    shape = (v1._geom.shape[0], v2._geom.shape[0])
    source = self if inplace else _expand_size(self, shape)
    if source.ndim != 2:
        raise errors.fail("addr_2d", ndim=source.ndim)
    if source._geom.shape != shape:
        raise errors.fail("addr_sizes", input=list(source._geom.shape), v1=list(v1.shape),
                          v2=list(v2.shape))
    column = v1.reshape(shape[0], 1)
    operands = (source, column, v2)
    inputs = [Input(t._geom.shape, t._geom.strides, t.dtype) for t in operands]
    common = common_dtype(inputs)
    dest = self if inplace else out
    if dest is not None:
        writes.check_writable(dest)
        for t in operands:
            assert_no_partial_overlap(dest, t)
        if dest._geom.shape != shape and any(t is dest for t in operands):
            # TensorIterator.cpp compute_shape: an output also read is not resized
            raise errors.fail("copy_broadcast", out=list(dest._geom.shape), shape=list(shape))
        if not can_cast(common, dest.dtype):
            raise errors.fail("cannot_cast", result=common.scalar_name, out=dest.dtype.scalar_name)
        if dest._geom.shape != shape:
            resize_out(dest, pointwise_layout(inputs))
    else:
        dest = type(self)._fresh(*pointwise_layout(inputs), common, self.device)
    _check_addr_scalar(dest.dtype, beta, "beta")
    _check_addr_scalar(dest.dtype, alpha, "alpha")
    if dest.numel() and not dest.is_meta:
        _addr_values(dest, source, column, v2, common, beta, alpha)
    if out is not None or inplace:
        dest._bump()
    return dest


def _addr_values(dest: Tensor, source: Tensor, column: Tensor, v2: Tensor, common: DType,
                 beta: Any, alpha: Any) -> None:
    n, m = dest._geom.shape
    if common is dtypes.bool_:
        ok = source._defined() & column._defined() & v2._defined()
        outer = np.logical_and(column._values().astype(np.bool_), v2._values().astype(np.bool_))
        kept = np.logical_and(bool(beta), source._values().astype(np.bool_))
        values = np.logical_or(kept, np.logical_and(bool(alpha), outer))
        undefined = ~ok if beta else ~(column._defined() & v2._defined())
        store(dest, Product(values, undefined, 0.0, False), (source, column, v2))
        return
    product = contract(column, v2, (n, 1), (1, m), common)
    result = affine(product, source, complex(beta), complex(alpha), common, 1)
    values = vals.quantize(np.asarray(result.values), common)
    store(dest, Product(values, result.undefined, result.tolerance, result.loose),
          (source, column, v2))


# -- torch's and Tensor's spellings -------------------------------------------------------------

_ARGUMENTS = {"addmv": ("mat", "vec"), "addr": ("vec1", "vec2"), "baddbmm": ("batch1", "batch2"),
              "addbmm": ("batch1", "batch2")}
_RUN = {"addmv": _addmv, "addr": _addr, "baddbmm": _baddbmm, "addbmm": _addbmm}
_SCALARS = "*, Scalar beta=1, Scalar alpha=1"
_FUNCTIONS = {name: signatures.signature(
    f"{name}(Tensor input, Tensor {a}, Tensor {b}, {_SCALARS}, Tensor? out=None)")
    for name, (a, b) in _ARGUMENTS.items()}
_METHODS = {f"{name}{tail}": signatures.signature(
    f"{name}{tail}(Tensor {a}, Tensor {b}, {_SCALARS})")
            for name, (a, b) in _ARGUMENTS.items() for tail in ("", "_")}


def _function(name: str) -> Any:
    a, b = _ARGUMENTS[name]

    def call(*args: Any, **kwargs: Any) -> Tensor:
        bound = signatures.parse((_FUNCTIONS[name],), args, kwargs)
        return _RUN[name](bound["input"], bound[a], bound[b], bound.get("beta", 1),
                          bound.get("alpha", 1), out=bound.get("out"))
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return torch.{name}(input, {a}, {b}, *, beta=1, alpha=1, out=None)."
    return call


def _method(name: str) -> Any:
    op = name.rstrip("_")
    a, b = _ARGUMENTS[op]

    def call(self: Tensor, *args: Any, **kwargs: Any) -> Tensor:
        bound = signatures.parse((_METHODS[name],), args, kwargs)
        return _RUN[op](self, bound[a], bound[b], bound.get("beta", 1), bound.get("alpha", 1),
                        inplace=name.endswith("_"))
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return Tensor.{name}({a}, {b}, *, beta=1, alpha=1)."
    return call


class BlasMethods:
    """Tensor's addmv, addr, baddbmm, addbmm and their in-place forms."""

    __slots__ = ()
    addmv = _method("addmv")
    addr = _method("addr")
    baddbmm = _method("baddbmm")
    addbmm = _method("addbmm")
    addmv_ = _method("addmv_")
    addr_ = _method("addr_")
    baddbmm_ = _method("baddbmm_")
    addbmm_ = _method("addbmm_")


FUNCTIONS = {name: _function(name) for name in _ARGUMENTS}
