"""torch.linalg, for what the model covers: qr.

LAPACK works on column-major matrices, and torch hands its results back as it made them: a
batch of matrices, each column-major, the batches in row-major order
(aten/src/ATen/native/LinearAlgebraUtils.h batched_matrix_contiguous_strides with f_contig:
contiguous strides of the shape, then the last two dims given strides 1 and max(rows, 1)).
linalg.qr (BatchLinearAlgebra.cpp TORCH_META_FUNC(linalg_qr), _parse_qr_mode) checks that A
has at least two dims and a floating or complex dtype, then the mode, then runs geqrf, whose
CPU kernel has no half or bfloat16 (even on an empty input). Q is (*, m, k) and
R (*, k, n) with k = min(m, n) in mode "reduced", Q (*, m, m) and R (*, m, n) in
"complete"; mode "r" gives an empty Q.

Values: Q and R are defined up to the signs of R's diagonal (and rounding), which this model
does not settle, so it leaves them undetermined but for R's entries below the diagonal,
which are zeros.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from . import errors, signatures, tuple_out, writes
from .dtypes import dtype as DType
from .geometry import contiguous_strides
from .layouts import column_major_strides
from .operands import is_tensor
from .reduction_values import Result
from .reductions import store

if TYPE_CHECKING:
    from .tensor import Tensor

_MODES = ("reduced", "complete", "r")
# the dtypes LAPACK's kernels are instantiated for (AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES)
_LAPACK = frozenset({"float32", "float64", "complex64", "complex128"})


class linalg_qr(tuple[Any, Any]):  # noqa: N801 - torch.return_types' own name
    """torch.return_types.linalg_qr: (Q, R) with named fields."""

    __slots__ = ()
    __module__ = "torch.return_types"

    def __new__(cls, q: Any, r: Any) -> linalg_qr:
        return tuple.__new__(cls, (q, r))

    @property
    def Q(self) -> Any:  # noqa: N802 - torch's field name
        return self[0]

    @property
    def R(self) -> Any:  # noqa: N802 - torch's field name
        return self[1]

    def __repr__(self) -> str:
        return f"torch.return_types.{type(self).__name__}(\nQ={self[0]!r},\nR={self[1]!r})"


class linalg_qr_out(linalg_qr):  # noqa: N801 - torch.return_types' own name
    """torch.return_types.linalg_qr_out: what the tuple out= form returns."""

    __slots__ = ()


def _check_matrix(A: Tensor, op: str) -> None:  # noqa: N803 - torch's name
    """Refuse fewer than two dims and non-floating dtypes (checkIsMatrix,
    checkFloatingOrComplex)."""
    if A.ndim < 2:
        raise errors.fail("linalg_matrix", op=op)
    if not (A.dtype.is_floating_point or A.dtype.is_complex):
        raise errors.fail("linalg_floating", op=op, type=A.dtype.scalar_name)


def _check_kernel(A: Tensor, kernel: str) -> None:  # noqa: N803 - torch's name
    """Refuse the dtypes LAPACK's CPU kernel has no instance for, even with no elements."""
    if A.dtype.name not in _LAPACK:
        raise errors.fail("kernel_dtype", kernel=kernel, type=A.dtype.scalar_name)


def _matrix(A: Tensor, shape: tuple[int, ...], dt: DType) -> Tensor:  # noqa: N803
    return type(A)._fresh(shape, column_major_strides(shape), dt, A.device)


def qr(A: Tensor, mode: str = "reduced", *, out: Any = None) -> Any:  # noqa: N803
    """Return torch.linalg.qr(A, mode, out=out)."""
    if not is_tensor(A):
        raise errors.fail("argument_position_type", op="linalg_qr", arg="A", pos=1,
                          want="Tensor", type=signatures.typename(A))
    outs = tuple_out.bind(out, 2, 2, "linalg_qr")
    if outs is not None:
        return linalg_qr_out(*tuple_out.structured(lambda t: _qr(t, mode), (A,), outs,
                                                   "linalg.qr"))
    return _qr(A, mode)


def _qr(A: Tensor, mode: str) -> linalg_qr:  # noqa: N803 - torch's name
    _check_matrix(A, "linalg.qr")
    if mode not in _MODES:
        raise errors.fail("qr_mode", mode=mode)
    _check_kernel(A, "geqrf_cpu")
    *batch, m, n = A._geom.shape
    k = m if mode == "complete" else min(m, n)
    q_shape = (0,) if mode == "r" else (*batch, m, k)
    q = type(A)._fresh(q_shape, contiguous_strides(q_shape), A.dtype, A.device) \
        if mode == "r" else _matrix(A, q_shape, A.dtype)
    r = _matrix(A, (*batch, k, n), A.dtype)
    if not A.is_meta:
        if q.numel():
            writes.forget(q, np.ones(q.shape, np.bool_))
        if r.numel():
            rows, cols = np.indices((k, n))
            below = np.broadcast_to(rows > cols, r.shape)
            store(r, Result(np.zeros(r.shape, A.dtype.storage_np), ~below), False)
    return linalg_qr(q, r)


from .linalg_decompositions import cholesky, cholesky_ex, eig, eigh, eigvals, eigvalsh, svd, svdvals  # noqa: E402, E501, F401
from .linalg_least import lstsq, matrix_rank, pinv  # noqa: E402, F401
from .linalg_lu import householder_product, lu, lu_factor, lu_factor_ex, lu_solve  # noqa: E402, F401
from .linalg_solvers import det, inv, inv_ex, slogdet, solve, solve_ex  # noqa: E402, F401
from .matrix_functions import cross, matrix_exp, matrix_power, multi_dot, vecdot  # noqa: E402, F401
from .norms import matrix_norm, norm, vector_norm  # noqa: E402, F401
