"""Matrix products: mm, bmm, matmul and @, mv, dot and vdot (ATen LinearAlgebra.cpp, Blas.cpp).

mm, bmm and addmv (behind mv) are structured kernels: a meta function checks the operands and
asks for a contiguous output, then the CPU kernel checks dtypes and picks a BLAS path. dot and
vdot fill a fresh 0-d tensor. matmul (LinearAlgebra.cpp `_matmul_impl`) is composite: it
dispatches on the operands' ranks to dot, mv, mm (folding the batch of the larger operand
into its rows when should_fold allows it) or bmm of the expanded operands, so its output's
layout, version and errors are those of the op it lands on. The values, and how precisely
they are known, come from product_values.py.

FUNCTIONS maps each torch.<name> this module models to its function; `method` and
`matmul_operator` run the Tensor methods and `@`, which tensor_products.py routes to.
"""

from __future__ import annotations

from collections.abc import Callable
from math import prod
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, signatures, writes
from .dtypes import dtype as DType
from .geometry import Geometry, compute_stride, contiguous_strides
from .iterator import Layout
from .layouts import broadcast_shapes, empty_like_strides
from .operands import is_tensor
from .overlap import assert_no_partial_overlap, shares_bytes
from .pointwise import check_out_dtype, cpp_type, resize_out
from .product_values import affine, contract, store, zero, zero_product

if TYPE_CHECKING:
    from .tensor import Tensor

Shape = tuple[int, ...]


# -- arguments, as torch's Python binding parses them ------------------------------------------

def _check_arguments(op: str, *named: tuple[str, Any]) -> None:
    """Raise the argument parser's TypeError for an operand that is not a tensor.

    Positions count from 1: a function's input first, a method's other operand first (self
    is not counted).
    """
    for pos, (name, value) in enumerate(named, start=1):
        if not is_tensor(value):
            raise errors.fail("argument_type", op=op, arg=name, pos=pos,
                              type=type(value).__name__)


def _check_out(op: str, out: Any, overloaded: bool) -> None:
    """Raise for an `out=` that is not a tensor (mm and bmm have overloads, listed instead)."""
    if out is None or is_tensor(out):
        return
    if overloaded:
        raise errors.fail("argument_overloads", op=op,
                          type=f"Tensor, Tensor, out={type(out).__name__}")
    raise errors.fail("product_out_type", op=op, type=type(out).__name__)


def _structured_output(out: Tensor | None, like: Tensor, shape: Shape, dt: DType) -> Tensor:
    """Return a structured kernel's output: fresh and contiguous, or `out` checked and resized.

    torchgen's resize_out checks the dtype first, then resizes (with its warning) to
    contiguous strides only when the shape differs; a right-shaped out keeps its strides.
    """
    if out is None:
        return type(like)._fresh(shape, contiguous_strides(shape), dt, like.device)
    check_out_dtype(out, dt)
    if out._geom.shape != shape:
        resize_out(out, Layout((shape, contiguous_strides(shape))))
    return out


def _refuse(kernel: str, dt: DType, complex_only: bool = False) -> None:
    """Raise where the CPU kernel's AT_DISPATCH has no case for dt (ALL_TYPES_AND_COMPLEX_AND2
    with Half and BFloat16, or COMPLEX_TYPES for vdot)."""
    if dt is dtypes.bool_ or dt is dtypes.complex32 or (complex_only and not dt.is_complex):
        raise errors.fail("kernel_dtype", kernel=kernel, type=dt.scalar_name)


# -- mm -----------------------------------------------------------------------------------------

def _blas_ready(strides: Shape, shape: Shape) -> bool:
    """Tell whether addmm_impl_cpu_ hands a result to gemm as it is (column- or row-major
    with a usable leading dimension) rather than through a copy it writes back."""
    return (strides[0] == 1 and (shape[1] == 1 or strides[1] >= max(1, shape[0]))) or (
        strides[1] == 1 and (shape[0] == 1 or strides[0] >= max(1, shape[1])))


def _check_copy_back(result: Tensor) -> None:
    """Refuse a result gemm cannot write as it is (conj, or strides BLAS cannot take) and
    whose elements share memory: addmm_impl_cpu_ computes into a buffer and copies it back
    with result.copy_(c), whose TensorIterator checks the overlap."""
    if result._conj or not _blas_ready(result._geom.strides, result._geom.shape):
        writes.check_writable(result)


def _addmm_impl(result: Tensor, m1: Tensor, m2: Tensor) -> None:
    """Compute m1 @ m2 into result (LinearAlgebra.cpp addmm_impl_cpu_ with beta 0)."""
    if m1.dtype is not m2.dtype:
        raise errors.fail("mm_dtypes", a=cpp_type(m1.dtype), b=cpp_type(m2.dtype))
    if not result.numel():
        return
    m, k = m1._geom.shape
    if k == 0:
        zero(result)
        return
    _refuse("addmm_impl_cpu_", result.dtype)
    _check_copy_back(result)
    if not result.is_meta:
        store(result, contract(m1, m2, (m, k), m2._geom.shape, result.dtype), (m1, m2))


def _mm(a: Tensor, b: Tensor, out: Tensor | None = None) -> Tensor:
    """Run aten::mm / mm.out (LinearAlgebra.cpp TORCH_META_FUNC(mm), mm_out_cpu)."""
    if a.ndim != 2:
        raise errors.fail("mm_self_matrix")
    if b.ndim != 2:
        raise errors.fail("mm_mat2_matrix")
    (m, k), (k2, n) = a._geom.shape, b._geom.shape
    if k != k2:
        raise errors.fail("mm_shapes", m=m, k=k, k2=k2, n=n)
    dest = _structured_output(out, a, (m, n), a.dtype)
    if out is not None and (out is a or out is b):
        _read_while_written(dest, a, b, "addmm_impl_cpu_")
    else:
        _addmm_impl(dest, a, b)
    if out is not None:
        out._bump()
    return dest


def _read_while_written(result: Tensor, m1: Tensor, m2: Tensor, kernel: str) -> None:
    """Run mm.out or bmm.out whose out= is one of its inputs (neither checks the overlap).

    The output was resized first when its shape was wrong, so the kernel then reads an input
    of the new shape (addmm_impl_cpu_ takes k from it), and reads what it writes: the values
    it leaves are not determined. The dtype checks still run.
    """
    if m1.dtype is not m2.dtype:
        raise errors.fail("mm_dtypes", a=cpp_type(m1.dtype), b=cpp_type(m2.dtype))
    if not result.numel():
        return
    _refuse(kernel, result.dtype)
    if kernel == "addmm_impl_cpu_" and result.ndim == 2:
        _check_copy_back(result)
    if not result.is_meta:
        writes.forget(result, np.ones(result.shape, dtype=np.bool_))


def mm(input: Any, mat2: Any, *, out: Any = None) -> Tensor:  # noqa: A002
    """Return torch.mm(input, mat2, *, out=None)."""
    _check_arguments("mm", ("input", input), ("mat2", mat2))
    _check_out("mm", out, overloaded=True)
    return _mm(input, mat2, out)


# -- addmm --------------------------------------------------------------------------------------

def _addmm_meta(self: Tensor, m1: Tensor, m2: Tensor) -> Shape:
    """TORCH_META_FUNC(addmm) (LinearAlgebra.cpp ADDMM_META): ranks, dtypes, shapes."""
    for name, t in (("mat1", m1), ("mat2", m2)):
        if t.ndim != 2:
            raise errors.fail("addmm_matrix", name=name, ndim=t.ndim)
    for (a_name, a), (b_name, b) in ((("self", self), ("mat2", m2)),
                                     (("mat1", m1), ("mat2", m2))):
        if a.dtype is not b.dtype:
            raise errors.fail("addmm_dtypes", a_name=a_name, b_name=b_name,
                              a=a.dtype.scalar_name, b=b.dtype.scalar_name)
    (m, k), (k2, n) = m1._geom.shape, m2._geom.shape
    if k != k2:
        raise errors.fail("mm_shapes", m=m, k=k, k2=k2, n=n)
    return (m, n)


def _addmm(self: Tensor, m1: Tensor, m2: Tensor, beta: Any = 1, alpha: Any = 1, *,
           out: Tensor | None = None, inplace: bool = False) -> Tensor:
    """Run aten::addmm, addmm.out or addmm_ (LinearAlgebra.cpp addmm_out_cpu and
    addmm_impl_cpu_): self broadcast to the product's shape is scaled by beta and added to
    alpha times the product, into a new contiguous result, out= or self."""
    shape = _addmm_meta(self, m1, m2)
    if inplace:
        if self._geom.shape != shape:
            raise errors.fail("inplace_output_size", input=list(self._geom.shape),
                              output=list(shape))
        dest, source = self, self
    else:
        dest = _structured_output(out, m1, shape, m1.dtype)
        source = self.expand(shape) if self._geom.shape != shape else self
    if out is not None and (out is m1 or out is m2):
        _read_while_written(dest, m1, m2, "addmm_impl_cpu_")
    elif dest.numel():
        k = m1._geom.shape[1]
        if beta != 0 and source is not dest:
            writes.check_writable(dest)  # result.copy_(self)
            assert_no_partial_overlap(dest, source)
        if k:
            _refuse("addmm_impl_cpu_", dest.dtype)
            _check_copy_back(dest)
        if not dest.is_meta:
            product = contract(m1, m2, m1._geom.shape, m2._geom.shape, dest.dtype) if k \
                else zero_product(shape, dest.dtype)
            store(dest, affine(product, source, complex(beta), complex(alpha), dest.dtype, k),
                  (m1, m2))
    if out is not None or inplace:
        dest._bump()
    return dest


# torch.addmm's two overloads (the second, addmm.dtype, computes in out_dtype: not modelled)
_ADDMM = (signatures.signature(
    "addmm(Tensor input, Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1, "
    "Tensor? out=None)"), signatures.signature(
    "addmm(Tensor input, Tensor mat1, Tensor mat2, ScalarType out_dtype, *, Scalar beta=1, "
    "Scalar alpha=1, Tensor? out=None)"))
_ADDMM_METHOD = {name: (signatures.signature(
    f"{name}(Tensor mat1, Tensor mat2, *, Scalar beta=1, Scalar alpha=1)"),)
    for name in ("addmm", "addmm_")}


def addmm(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.addmm(input, mat1, mat2, *, beta=1, alpha=1, out=None)."""
    bound = signatures.parse(_ADDMM, args, kwargs)
    if "out_dtype" in bound:
        raise errors.fail("not_modelled", what="addmm(..., out_dtype)")
    return _addmm(bound["input"], bound["mat1"], bound["mat2"], bound.get("beta", 1),
                  bound.get("alpha", 1), out=bound.get("out"))


def addmm_method(name: str, t: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """Return `t.addmm(mat1, mat2, *, beta, alpha)` or `t.addmm_(...)`."""
    bound = signatures.parse(_ADDMM_METHOD[name], args, kwargs)
    return _addmm(t, bound["mat1"], bound["mat2"], bound.get("beta", 1), bound.get("alpha", 1),
                  inplace=name == "addmm_")


# -- bmm ----------------------------------------------------------------------------------------

def _batch_items_ready(t: Tensor) -> bool:
    """LinearAlgebra.cpp bmm_out_or_baddbmm_ batch_items_contiguous_or_transposed."""
    shape = t._geom.shape
    strides = empty_like_strides(t._geom, dtypes.preserve_format) if t._conj else t._geom.strides
    return (strides[2] == 1 and (shape[1] == 1 or strides[1] >= shape[2])) or (
        strides[1] == 1 and (shape[2] == 1 or strides[2] >= shape[1]))


def _bmm_impl(result: Tensor, b1: Tensor, b2: Tensor) -> None:
    """Compute b1 @ b2 into result (LinearAlgebra.cpp bmm_out_or_baddbmm_, is_bmm_out).

    The path it takes decides how mixed dtypes fail: a small product runs a kernel
    dispatched on b1 that reads the result as b1's type; a larger floating one whose
    operands suit gemm runs batched gemm dispatched on the result (b2's type); the rest run
    addmm_impl_cpu_ on each batch.
    """
    bs, m, k = b1._geom.shape
    n = b2._geom.shape[2]
    if not result.numel():
        return
    if k == 0:
        zero(result)
        return
    if k * m * n < 400:
        _refuse("bmm", b1.dtype)
        if result.dtype is not b1.dtype:
            raise errors.fail("scalar_type", want=b1.dtype.scalar_name,
                              got=result.dtype.scalar_name)
    elif (result.dtype in (dtypes.float32, dtypes.float64) or result.dtype.is_complex) and \
            result.dtype is not dtypes.complex32 and _batch_items_ready(b1) and \
            _batch_items_ready(b2) and result.is_contiguous():
        if b1.dtype is not result.dtype:
            raise errors.fail("scalar_type", want=result.dtype.scalar_name,
                              got=b1.dtype.scalar_name)
    else:
        for i in range(bs):
            _addmm_impl(result.select(0, i), b1.select(0, i), b2.select(0, i))
        if not result.is_meta and (shares_bytes(result, b1) or shares_bytes(result, b2)):
            # a batch written before a later one reads the same memory
            writes.forget(result, np.ones(result.shape, dtype=np.bool_))
        return
    if not result.is_meta:
        store(result, contract(b1, b2, (bs, m, k), (bs, k, n), result.dtype), (b1, b2))


def _bmm(b1: Tensor, b2: Tensor, out: Tensor | None = None) -> Tensor:
    """Run aten::bmm / bmm.out (LinearAlgebra.cpp common_checks_baddbmm_bmm, bmm_out_cpu)."""
    if b1.ndim != 3:
        raise errors.fail("bmm_3d", name="batch1")
    if b2.ndim != 3:
        raise errors.fail("bmm_3d", name="batch2")
    bs, m, k = b1._geom.shape
    if b2._geom.shape[:2] != (bs, k):
        raise errors.fail("bmm_sizes", want=(bs, k), got=b2._geom.shape[:2])
    dest = _structured_output(out, b2, (bs, m, b2._geom.shape[2]), b2.dtype)
    if out is not None and (out is b1 or out is b2):
        _read_while_written(dest, b1, b2, "bmm")
    else:
        _bmm_impl(dest, b1, b2)
    if out is not None:
        out._bump()
    return dest


def bmm(input: Any, mat2: Any, *, out: Any = None) -> Tensor:  # noqa: A002
    """Return torch.bmm(input, mat2, *, out=None)."""
    _check_arguments("bmm", ("input", input), ("mat2", mat2))
    _check_out("bmm", out, overloaded=True)
    return _bmm(input, mat2, out)


# -- mv -----------------------------------------------------------------------------------------


def addmv_checks(self: Tensor, mat: Tensor, vec: Tensor) -> tuple[int, int]:
    """TORCH_META_FUNC(addmv) (Blas.cpp): ranks, sizes, one dtype; return mat's (m, k)."""
    if not (mat.ndim == 2 and vec.ndim == 1 and self.ndim <= 1):
        raise errors.fail("addmv_ranks", a=self.ndim, b=mat.ndim, c=vec.ndim)
    m, k = mat._geom.shape
    if k != vec._geom.shape[0] or not (m == self.numel() or self.numel() == 1):
        if self.ndim == 0:  # the message itself asks for self.size(0)
            raise errors.fail("no_dims", dim=0)
        raise errors.fail("addmv_sizes", input=self._geom.shape[0], m=m, k=k,
                          vec=vec._geom.shape[0])
    if not (self.dtype is mat.dtype is vec.dtype):
        raise errors.fail("addmv_dtypes", a=self.dtype.scalar_name, b=mat.dtype.scalar_name,
                          c=vec.dtype.scalar_name)
    return m, k

def _addmv(result: Tensor, self: Tensor, mat: Tensor, vec: Tensor, *, inplace: bool = False
           ) -> Tensor:
    """Run addmv(self, mat, vec, beta=0) into result (Blas.cpp addmv meta, addmv_out_cpu).

    The meta function checks ranks, sizes and that all three share one dtype; the output
    takes vec's dtype. mv runs it in place on its fresh result, mv_out into out.
    """
    m, k = addmv_checks(self, mat, vec)
    dest = result if inplace else _structured_output(result, vec, (m,), vec.dtype)
    if not mat.numel():
        zero(dest)
    elif dest.numel():
        _refuse("addmv_impl_cpu", mat.dtype)
        if mat is dest and mat.ndim != 2:
            # mv_out's out= was mat itself, resized to (m,) just now: addmv_out_cpu reads
            # mat.size(1) / mat.stride(1) of the 1-d tensor it has become
            raise errors.fail("dim_out_of_range", lo=-1, hi=0, dim=1)
        if not dest.is_meta:
            store(dest, contract(mat, vec, (m, k), (k, 1), dest.dtype), (mat, vec))
    return dest


def _mv(mat: Tensor, vec: Tensor, out: Tensor | None = None) -> Tensor:
    """Run aten::mv / mv.out (Blas.cpp mv, mv_out): addmv with beta 0.

    mv allocates its result from `mat.size(0)` first; mv_out passes out as addmv's self when
    it has a fitting number of elements, else a fresh vector.
    """
    m = mat.size(0)
    if out is None:
        fresh = type(vec)._fresh((m,), (1,), vec.dtype, vec.device)
        return _addmv(fresh, fresh, mat, vec, inplace=True)
    fits = out.ndim <= 1 and out.numel() in (m, 1)
    self = out if fits else type(vec)._fresh((m,), (1,), vec.dtype, vec.device)
    _addmv(out, self, mat, vec)
    out._bump()
    return out


def mv(input: Any, vec: Any, *, out: Any = None) -> Tensor:  # noqa: A002
    """Return torch.mv(input, vec, *, out=None)."""
    _check_arguments("mv", ("input", input), ("vec", vec))
    _check_out("mv", out, overloaded=False)
    return _mv(input, vec, out)


# -- dot and vdot -------------------------------------------------------------------------------

def _dot_check(a: Tensor, b: Tensor) -> None:
    """Blas.cpp dot_check."""
    if a.ndim != 1 or b.ndim != 1:
        raise errors.fail("dot_ranks", a=a.ndim, b=b.ndim)
    if a.dtype is not b.dtype:
        raise errors.fail("dot_dtypes", a=a.dtype.scalar_name, b=b.dtype.scalar_name)
    if a.numel() != b.numel():
        raise errors.fail("dot_sizes", a=a.numel(), b=b.numel())


def _plain(t: Tensor) -> Tensor:
    """Return t.conj() of a conjugate view: the same memory without the conj bit."""
    return t._view_of(t._geom, conj=False)


def _conj_result(t: Tensor) -> Tensor:
    """Return `.conj()` of a kernel's fresh result: the conj bit flipped, made below autograd,
    so no view of anything."""
    flipped = t._alias(t._geom, t.dtype)
    flipped._conj = not t._conj
    return flipped


def _dot_product(a: Tensor, b: Tensor, kernel: str, conjugate_first: bool) -> Tensor:
    """Fill a fresh 0-d tensor with the sum of a * b (a conjugated first for vdot)."""
    _dot_check(a, b)
    _refuse(kernel, a.dtype, complex_only=kernel == "vdot")
    dest = type(a)._fresh((), (), a.dtype, a.device)
    if not dest.is_meta:
        first = a.conj() if conjugate_first else a
        store(dest, contract(first, b, (1, a.numel()), (b.numel(), 1), dest.dtype), ())
    return dest


def _dot(a: Tensor, b: Tensor) -> Tensor:
    """Run aten::dot (Blas.cpp dot): conjugate views turn into vdot or a conjugated result."""
    if a.dtype.is_complex:
        if a._conj and b._conj:
            return _conj_result(_dot(_plain(a), _plain(b)))
        if a._conj:
            return _vdot(_plain(a), b)
        if b._conj:
            return _vdot(_plain(b), a)
    return _dot_product(a, b, "dot", False)


def _vdot(a: Tensor, b: Tensor) -> Tensor:
    """Run aten::vdot (Blas.cpp vdot): dot for real dtypes, conj(a) . b for complex ones."""
    if not a.dtype.is_complex:
        return _dot(a, b)
    if a._conj and b._conj:
        return _vdot(_plain(b), _plain(a))
    if a._conj:
        return _dot(_plain(a), b)
    if b._conj:
        return _conj_result(_dot(a, _plain(b)))
    return _dot_product(a, b, "vdot", True)


def _dot_out(a: Tensor, b: Tensor, out: Tensor, compute: Callable[[Tensor, Tensor], Tensor]
             ) -> Tensor:
    """Run dot.out / vdot.out (LinearAlgebra.cpp dot_out): resize, check, fill."""
    if out._geom.shape != ():
        resize_out(out, Layout(((), ())))
    if out.dtype is not a.dtype:
        raise errors.fail("dot_out_dtype", out=out.dtype.scalar_name, dtype=a.dtype.scalar_name)
    value = compute(a, b)
    writes.copy_values(out, value)
    out._bump()
    return out


def dot(input: Any, tensor: Any, *, out: Any = None) -> Tensor:  # noqa: A002
    """Return torch.dot(input, tensor, *, out=None)."""
    _check_arguments("dot", ("input", input), ("tensor", tensor))
    _check_out("dot", out, overloaded=False)
    return _dot(input, tensor) if out is None else _dot_out(input, tensor, out, _dot)


def vdot(input: Any, other: Any, *, out: Any = None) -> Tensor:  # noqa: A002
    """Return torch.vdot(input, other, *, out=None)."""
    _check_arguments("vdot", ("input", input), ("other", other))
    _check_out("vdot", out, overloaded=False)
    return _vdot(input, other) if out is None else _dot_out(input, other, out, _vdot)


# -- matmul -------------------------------------------------------------------------------------

def should_fold(shape1: Shape, strides1: Shape, shape2: Shape, strides2: Shape) -> bool:
    """Tell whether matmul folds the larger operand's batch into mm / mv rows.

    LinearAlgebra.cpp should_fold, without its autograd case: the larger operand (the other
    one's mT when the second is larger) must be >= 3-d against a 1-d or 2-d one, the first
    operand not 2-d, and its leading dims viewable as one (or it is empty).
    """
    first_larger = len(shape1) >= len(shape2)
    if first_larger:
        shape, strides, small = shape1, strides1, len(shape2)
    else:  # tensor2.mT
        shape = shape2[:-2] + (shape2[-1], shape2[-2])
        strides = strides2[:-2] + (strides2[-1], strides2[-2])
        small = len(shape1)
    if not (len(shape) >= 3 and small <= 2):
        return False
    if len(shape1) == 2:
        return False
    if prod(shape) == 0:
        return True
    return all(strides[i] == strides[i + 1] * shape[i + 1] for i in range(len(shape) - 2))


def _unsafe_view(t: Tensor, shape: Shape) -> Tensor:
    """Return at::_unsafe_view: the same memory in a new shape, no view of anything."""
    g = t._geom
    strides = compute_stride(g.shape, g.strides, shape)
    assert strides is not None, f"_unsafe_view of {g} as {shape}"
    return t._alias(Geometry((shape, strides, g.offset)), t.dtype)


def _fold(t1: Tensor, t2: Tensor, out: Tensor | None) -> Tensor:
    """Fold the larger operand's leading dims into rows and run mm or mv on it."""
    transpose = t2.ndim > t1.ndim
    big, small = (t2.mT, t1) if transpose else (t1, t2)
    sizes = big._geom.shape
    output_shape = sizes[:-1]
    rows = prod(output_shape)
    if small.ndim == 2:
        output_shape += (small._geom.shape[1],)
    folded = big.reshape(rows, sizes[-1])
    if out is None:
        if small.ndim == 2:
            return _unsafe_view(_mm(folded, small, None), output_shape)
        return _unsafe_view(_mv(folded, small, None), output_shape)
    if out._geom.shape != output_shape:
        resize_out(out, Layout((output_shape, contiguous_strides(output_shape))))
    if small.ndim == 2:
        reshaped = out.reshape(rows, small._geom.shape[1])
        _mm(folded, small, reshaped)
    else:
        reshaped = out.reshape(rows)
        _mv(folded, small, reshaped)
    if reshaped._storage is not out._storage:
        writes.copy_(out, reshaped)
    return out


def _batched(t1: Tensor, t2: Tensor, out: Tensor | None) -> Tensor:
    """Expand both operands' batch dims to their broadcast, flatten them and run bmm."""
    s1, s2 = t1._geom.shape, t2._geom.shape
    n = s1[-2] if len(s1) > 1 else 1
    m1 = s1[-1]
    m2 = s2[-2] if len(s2) > 1 else s2[0]
    p = s2[-1] if len(s2) > 1 else 1
    batch = broadcast_shapes(s1[:max(len(s1) - 2, 0)], s2[:max(len(s2) - 2, 0)])
    count = prod(batch)
    left = t1.expand(*batch, n, m1).reshape(count, n, m1)
    vector = len(s2) == 1
    if vector:
        right = t2.expand(*batch, m2).reshape(count, m2).unsqueeze(2)
    else:
        right = t2.expand(*batch, m2, p).reshape(count, m2, p)
    output_shape = batch + ((n,) if len(s1) > 1 else ()) + ((p,) if len(s2) > 1 else ())
    if out is None:
        result = _bmm(left, right, None)
        return _unsafe_view(result.squeeze(-1) if vector else result, output_shape)
    if out._geom.shape != output_shape:
        resize_out(out, Layout((output_shape, contiguous_strides(output_shape))))
    reshaped = out.reshape(count, n, p)
    _bmm(left, right, reshaped)
    if vector:
        reshaped = reshaped.squeeze(-1)
    if reshaped._storage is not out._storage:
        writes.copy_(out, reshaped.view_as(out))
    return out


def _matmul(t1: Tensor, t2: Tensor, out: Tensor | None = None) -> Tensor:
    """Run aten::matmul / matmul.out (LinearAlgebra.cpp _matmul_impl) on tensors."""
    d1, d2 = t1.ndim, t2.ndim
    if d1 == 0 or d2 == 0:
        raise errors.fail("matmul_0d", a=d1, b=d2)
    if d1 == 1 and d2 == 1:
        return _dot(t1, t2) if out is None else _dot_out(t1, t2, out, _dot)
    if d1 == 2 and d2 == 1:
        return _mv(t1, t2, out)
    if d1 == 1 and d2 == 2:
        # unsqueeze, mm, then squeeze_ the result in place (a version bump of its own)
        return _mm(t1.unsqueeze(0), t2, out).squeeze_(0)
    if d1 == 2 and d2 == 2:
        return _mm(t1, t2, out)
    if should_fold(t1._geom.shape, t1._geom.strides, t2._geom.shape, t2._geom.strides):
        return _fold(t1, t2, out)
    return _batched(t1, t2, out)


def matmul(input: Any, other: Any, *, out: Any = None) -> Tensor:  # noqa: A002
    """Return torch.matmul(input, other, *, out=None)."""
    _check_arguments("matmul", ("input", input), ("other", other))
    _check_out("matmul", out, overloaded=False)
    return _matmul(input, other, out)


# -- Tensor methods and the @ operator ----------------------------------------------------------

# each method's other operand, named as the method's first argument (self is not counted)
_METHODS: dict[str, tuple[str, Callable[[Tensor, Tensor], Tensor]]] = {
    "mm": ("mat2", _mm), "bmm": ("mat2", _bmm), "mv": ("vec", _mv), "dot": ("tensor", _dot),
    "vdot": ("other", _vdot), "matmul": ("other", _matmul)}


def method(op: str, t: Tensor, other: Any) -> Tensor:
    """Return `t.<op>(other)` for a product op."""
    name, run = _METHODS[op]
    _check_arguments(op, (name, other))
    return run(t, other)


def matmul_operator(a: Any, b: Any) -> Any:
    """Return `a @ b`, or NotImplemented unless both are tensors.

    torch's operators turn a TypeError of the arguments into NotImplemented, so Python
    reports the operand types; `x @= y` has no in-place form and rebinds x to x @ y.
    """
    return _matmul(a, b) if is_tensor(a) and is_tensor(b) else NotImplemented


FUNCTIONS: dict[str, Callable[..., Any]] = {
    "mm": mm, "bmm": bmm, "mv": mv, "dot": dot, "vdot": vdot, "matmul": matmul,
    "addmm": addmm,
}
