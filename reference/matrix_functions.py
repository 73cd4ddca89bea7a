"""torch.linalg's matrix_power, matrix_exp, cross, vecdot and multi_dot, and torch.chain_matmul:
composites of the model's own products, whose layouts, views, versions and errors they inherit.

matrix_power (aten/src/ATen/native/LinearAlgebra.cpp linalg_matrix_power_impl) checks square
matrices (and out='s dtype: safely castable from A's, then resize_output to A's shape); n = 0 is
a contiguous clone written with the identity by copy_ (version 1), n = 1 a contiguous clone,
n = -1 linalg.inv (column-major), n = 2 and 3 matmul's results, larger |n| the binary
decomposition's matmuls of A (or of inv(A) for n < 0); out= is filled by copy_, inv's out= or
the last matmul's out=, so it keeps its strides when it has A's shape.

matrix_exp (LinearAlgebra.cpp linalg_matrix_exp, mexp) checks square floating or complex
matrices; 0x0 is a clone, 1x1 exp's TensorIterator result, larger ones a new contiguous
tensor computed on A viewed as (-1, n, n): a batch that cannot be viewed so raises view's
error. Values: the Taylor polynomial (Bader, Blanes, Casas) with scaling and squaring; the
model knows them where the 1-norm is at most the degree-18 threshold of the dtype (no
squaring), within `tolerance` * (n + 2) * eps * exp(|A|_1) of each element absolutely, and
leaves larger norms undetermined (the squarings' error growth is not bounded here).

linalg.cross is torch.cross's core (contraction.py) with dim=-1 by default. vecdot
(Linear.cpp linalg_vecdot) is vdot for two 1-d inputs (out= resized to a 0-d tensor), else
sum(x.conj() * y, dim). multi_dot (LinearAlgebra.cpp multi_dot_impl) views 1-d ends as a row and
a column, multiplies by mm in the cheapest order (matrix_chain_order) and views the product to
the output shape: a view of mm's result; out= is resize_output to that shape, viewed 2-d and
written by the last mm_out. chain_matmul warns once per process (once more for out=), refuses
anything but 2-d matrices, clones a single one and is multi_dot otherwise.
"""

from __future__ import annotations

import math
import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, linalg_solvers, pointwise, products, signatures
from .contraction import _cross
from .geometry import contiguous_strides
from .iterator import Layout
from .operands import is_tensor
from .ops import BY_KEY
from .promotion import can_cast
from .reduction_values import _TOLERANCE_CAP, Result
from .reductions import store
from .tensor_pointwise import unary

if TYPE_CHECKING:
    from .tensor import Tensor

# LinearAlgebra.cpp mexp: the largest 1-norm the degree-18 polynomial takes unscaled
_THETA18 = {"float32": 3.010066362817634, "complex64": 3.010066362817634}
_THETA18_DOUBLE = 1.090863719290036


def _tensor(x: Any, op: str, arg: str, pos: int) -> None:
    if not is_tensor(x):
        raise errors.fail("argument_position_type", op=op, arg=arg, pos=pos, want="Tensor",
                          type=signatures.typename(x))


def _square(A: Tensor, op: str) -> None:  # noqa: N803 - torch's name
    """LinearAlgebraUtils.h squareCheckInputs."""
    if A.ndim < 2:
        raise errors.fail("linalg_rank", op=op, arg="A")
    m, n = A._geom.shape[-2:]
    if m != n:
        raise errors.fail("linalg_square_matrices", op=op, arg="A", m=m, n=n)


def _resize(out: Tensor, shape: tuple[int, ...]) -> None:
    if out._geom.shape != shape:
        pointwise.resize_out(out, Layout((shape, contiguous_strides(shape))))


# -- matrix_power ------------------------------------------------------------------------------
def _identity(A: Tensor) -> Tensor:  # noqa: N803 - torch's name
    """at::eye(n) of A's dtype and device."""
    n = A._geom.shape[-1]
    eye = type(A)._fresh((n, n), None, A.dtype, A.device, zero=True)
    store(eye, Result(np.eye(n)), False)
    return eye


def matrix_power(A: Tensor, n: Any, *, out: Tensor | None = None) -> Tensor:  # noqa: N803
    """Return torch.linalg.matrix_power(A, n, out=out)."""
    _tensor(A, "linalg_matrix_power", "input", 1)
    if not isinstance(n, (int, np.integer)) or isinstance(n, bool):
        raise errors.fail("argument_position_type", op="linalg_matrix_power", arg="n", pos=2,
                          want="int", type=signatures.typename(n))
    n = int(n)
    _square(A, "linalg.matrix_power")
    shape = tuple(A._geom.shape)
    if out is not None:
        if not can_cast(A.dtype, out.dtype):
            raise errors.fail("linalg_castable", op="matrix_power", src=A.dtype.scalar_name,
                              dst=out.dtype.scalar_name)
        _resize(out, shape)
    if n == 0:
        dest = A.clone(memory_format=dtypes.contiguous_format) if out is None else out
        return dest.copy_(_identity(A))
    if n == 1:
        return out.copy_(A) if out is not None else A.clone(
            memory_format=dtypes.contiguous_format)
    if n == -1:
        return linalg_solvers.inv(A, out=out)
    a = linalg_solvers.inv(A) if n < 0 else A
    n = abs(n)
    if n == 2:
        return products.matmul(a, a, out=out)
    if n == 3:
        return products.matmul(products.matmul(a, a), a, out=out)
    z: Tensor | None = None
    result: Tensor | None = None
    while n > 0:
        bit, n = n % 2, n // 2
        z = a if z is None else products.matmul(z, z)
        if bit:
            if out is not None and n <= 0:
                return products.matmul(result, z, out=out) if result is not None \
                    else out.copy_(z)
            result = z if result is None else products.matmul(result, z)
    assert result is not None, "a power above 3 has a set bit"
    return result


class MatrixFunctionMethods:
    """Tensor's matrix_power and matrix_exp."""

    __slots__ = ()

    def matrix_power(self: Tensor, n: Any) -> Tensor:  # type: ignore[misc]
        return matrix_power(self, n)

    def matrix_exp(self: Tensor) -> Tensor:  # type: ignore[misc]
        return matrix_exp(self)


# -- matrix_exp --------------------------------------------------------------------------------
def _expm(a: np.ndarray) -> np.ndarray:
    """exp of one matrix in double (or complex double): scaling, Taylor to 30 terms, squaring."""
    norm = float(np.abs(a).sum(0).max()) if a.size else 0.0
    s = max(0, math.ceil(math.log2(norm))) + 1 if norm > 0 else 0
    x = a / 2.0**s
    term = np.eye(a.shape[0], dtype=a.dtype)
    total = term.copy()
    for k in range(1, 30):
        term = term @ x / k
        total = total + term
    for _ in range(s):
        total = total @ total
    return total


def _exp_values(A: Tensor) -> Result:  # noqa: N803 - torch's name
    """Each matrix's exponential in double, the elements left undetermined, the tolerance."""
    shape = tuple(A._geom.shape)
    n = shape[-1]
    wide = np.complex128 if A.dtype.is_complex else np.float64
    a = np.asarray(A._values(), dtype=wide).reshape((-1, n, n))
    defined = np.asarray(np.asarray(A._defined()).reshape((-1, n, n)).all(axis=(-2, -1)))
    theta = _THETA18.get(A.dtype.name, _THETA18_DOUBLE)
    k = BY_KEY["linalg.matrix_exp"].tolerance * (n + 2)
    values = np.zeros(a.shape, wide)
    lost = np.ones(a.shape, np.bool_)
    tolerance = 0.0
    for i, m in enumerate(a):
        if not defined[i] or not np.isfinite(m).all():
            continue
        norm = float(np.abs(m).sum(0).max())
        if norm > theta:
            continue
        with np.errstate(all="ignore"):
            e = _expm(m)
            bound = (k * A.dtype.eps + A._tolerance() * (norm + 1)) * math.exp(norm)
            mags = np.abs(e)
            each = np.where(mags == 0, np.inf, bound / np.where(mags == 0, 1, mags))
        keep = each <= _TOLERANCE_CAP
        values[i], lost[i] = e, ~keep
        if keep.any():
            tolerance = max(tolerance, float(each[keep].max()) + A.dtype.eps)
    return Result(values.reshape(shape), lost.reshape(shape), tolerance)


def matrix_exp(A: Tensor) -> Tensor:  # noqa: N803 - torch's name
    """Return torch.linalg.matrix_exp(A) (torch.matrix_exp, Tensor.matrix_exp)."""
    _tensor(A, "linalg_matrix_exp", "input", 1)
    _square(A, "linalg.matrix_exp")
    if not (A.dtype.is_floating_point or A.dtype.is_complex):
        raise errors.fail("linalg_floating", op="linalg.matrix_exp", type=A.dtype.scalar_name)
    n = A._geom.shape[-1]
    if n == 0:
        return A.clone()
    if n == 1:
        return unary("exp", A)
    A.view(-1, n, n)  # mexp squashes the batch by view, which may refuse
    shape = tuple(A._geom.shape)
    result = type(A)._fresh(shape, None, A.dtype, A.device)
    if not A.is_meta and result.numel():
        store(result, _exp_values(A), False)
    return result


# -- cross and vecdot --------------------------------------------------------------------------
def cross(input: Tensor, other: Tensor, *, dim: int = -1,  # noqa: A002 - torch's name
          out: Tensor | None = None) -> Tensor:
    """Return torch.linalg.cross(input, other, dim=-1, out=None)."""
    _tensor(input, "linalg_cross", "input", 1)
    _tensor(other, "linalg_cross", "other", 2)
    return _cross(input, other, dim, out)


def vecdot(x: Tensor, y: Tensor, *, dim: int = -1, out: Tensor | None = None) -> Tensor:
    """Return torch.linalg.vecdot(x, y, dim=-1, out=None): x^H y along dim."""
    _tensor(x, "linalg_vecdot", "x", 1)
    _tensor(y, "linalg_vecdot", "y", 2)
    if not (x.dtype.is_floating_point or x.dtype.is_complex):
        raise errors.fail("linalg_floating", op="linalg.vecdot", type=x.dtype.scalar_name)
    if x.dtype is not y.dtype:
        raise errors.fail("vecdot_dtypes", x=x.dtype.scalar_name, y=y.dtype.scalar_name)
    if out is not None and out.dtype is not x.dtype:
        raise errors.fail("vecdot_out_dtype", want=x.dtype.scalar_name,
                          got=out.dtype.scalar_name)
    if x.ndim == 1 and y.ndim == 1:
        if out is None:
            return products.vdot(x, y)
        _resize(out, ())
        return products.vdot(x, y, out=out)
    product = x.conj() * y
    if out is None:
        return product.sum(dim)
    from .reductions import FUNCTIONS as REDUCTIONS
    return REDUCTIONS["sum"](product, dim, out=out)


# -- multi_dot and chain_matmul ----------------------------------------------------------------
def _chain_order(sizes: list[int]) -> list[list[int]]:
    """LinearAlgebra.cpp matrix_chain_order: the split of each run of the cheapest order."""
    n = len(sizes) - 1
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = 2**63 - 1
            for k in range(i, j):
                q = cost[i][k] + cost[k + 1][j] + sizes[i] * sizes[k + 1] * sizes[j + 1]
                if q < cost[i][j]:
                    cost[i][j], split[i][j] = q, k
    return split


def _chain(ts: list[Tensor], split: list[list[int]], i: int, j: int) -> Tensor:
    if i == j:
        return ts[i]
    return products.mm(_chain(ts, split, i, split[i][j]), _chain(ts, split, split[i][j] + 1, j))


def multi_dot(tensors: Any, *, out: Tensor | None = None) -> Tensor:
    """Return torch.linalg.multi_dot(tensors, out=out)."""
    given = list(tensors)
    n = len(given)
    if n < 2:
        raise errors.fail("multi_dot_count", n=n)
    shape: list[int] = []
    ts = list(given)
    for end, where in ((0, "first"), (n - 1, "last")):
        t = given[end]
        if t.ndim == 1:
            ts[end] = t.unsqueeze(0 if end == 0 else -1)
        elif t.ndim == 2:
            shape.append(t.size(0 if end == 0 else 1))
        else:
            raise errors.fail("multi_dot_end", where=where, ndim=t.ndim)
    for i in range(1, n - 1):
        if given[i].ndim != 2:
            raise errors.fail("multi_dot_middle", i=i, ndim=given[i].ndim)
    dt = ts[0].dtype
    for i in range(1, n):
        if ts[i].dtype is not dt:
            raise errors.fail("multi_dot_dtypes", a=pointwise.cpp_type(dt), i=i,
                              b=pointwise.cpp_type(ts[i].dtype))
        if ts[i - 1].size(-1) != ts[i].size(0):
            raise errors.fail("multi_dot_shapes", i=i - 1, j=i, a=list(given[i - 1].shape),
                              b=list(given[i].shape))
    out_shape = tuple(shape)
    result = None
    if out is not None:
        if out.dtype is not dt:
            raise errors.fail("multi_dot_out_dtype", want=pointwise.cpp_type(dt),
                              got=pointwise.cpp_type(out.dtype))
        _resize(out, out_shape)
        result = out.view(ts[0].size(0), ts[-1].size(-1))
    if n == 2:
        left, right = ts
    elif n == 3:
        a, b, c, d = ts[0].size(0), ts[1].size(0), ts[2].size(0), ts[2].size(1)
        if (a * c) * (b + d) > (b * d) * (a + c):
            left, right = ts[0], products.mm(ts[1], ts[2])
        else:
            left, right = products.mm(ts[0], ts[1]), ts[2]
    else:
        split = _chain_order([t.size(0) for t in ts] + [ts[-1].size(1)])
        left, right = _chain(ts, split, 0, split[0][n - 1]), \
            _chain(ts, split, split[0][n - 1] + 1, n - 1)
    if out is not None:
        products.mm(left, right, out=result)
        return out
    return products.mm(left, right).view(out_shape)


_warned = {False: False, True: False}  # TORCH_WARN_ONCE: chain_matmul and chain_matmul_out


def chain_matmul(*matrices: Tensor, out: Tensor | None = None) -> Tensor:
    """Return torch.chain_matmul(*matrices, out=out)."""
    key = out is not None
    if not _warned[key]:
        _warned[key] = True
        warnings.warn(errors.warning("chain_matmul_deprecated"), UserWarning, stacklevel=2)
    for t in matrices:
        if t.ndim != 2:
            raise errors.fail("tensor_dimension", ndim=t.ndim, want=2)
    if not matrices:
        raise errors.fail("chain_matmul_empty")
    if len(matrices) == 1:
        if out is None:
            return matrices[0].clone()
        _resize(out, tuple(matrices[0]._geom.shape))
        return out.copy_(matrices[0])
    return multi_dot(matrices, out=out)


FUNCTIONS: dict[str, Any] = {"matrix_power": matrix_power, "matrix_exp": matrix_exp,
                             "chain_matmul": chain_matmul}
