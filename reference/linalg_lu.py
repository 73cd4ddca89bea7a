"""torch.linalg's LU corner: lu, lu_factor, lu_factor_ex, lu_solve and householder_product.

Layouts (aten/src/ATen/native/BatchLinearAlgebra.cpp). lu_factor_ex (TORCH_META_FUNC
(linalg_lu_factor_ex)) gives LU of A's shape as a batch of column-major matrices, int32
pivots (*, min(m, n)) and int32 info (*) contiguous; lu_factor is lu_factor_ex then
_linalg_check_errors. lu (TORCH_META_FUNC(linalg_lu)) gives contiguous P (*, m, m) of A's
dtype, L (*, m, k) and U (*, k, n), k = min(m, n). lu_solve (TORCH_META_FUNC(linalg_lu_solve))
broadcasts LU's and B's batches; its result is column-major for left=True, contiguous for
left=False, and then carries the conjugate bit for complex inputs (solved as X^H). B must
be a matrix. householder_product (linalg_householder_product_out, orgqr) gives a batch of
column-major matrices of the input's shape.

Checks, in torch's order, as measured on torch 2.13: at least two dims, then (lu_factor) the
pivot=False refusal on CPU, then the kernel's dtypes on inputs with elements ("lu_cpu" not
implemented); lu_solve checks ranks, floating dtype, square LU, matching dtypes, pivots'
dtype and shape, B's rows; then pivots' values (1 <= p <= n). householder_product checks
ranks, shapes, batch, dtypes, then the kernel ("orgqr_cpu", even without elements).

Values: linalg_lu_values.py. The tuple out= of lu, lu_factor, lu_factor_ex and lu_unpack runs
as a structured kernel's (tuple_out.structured); lu_factor_ex copies A into an LU out= that is
not A itself, refusing one that overlaps A partly, and factors it in place.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, signatures, tuple_out
from . import linalg_lu_values as lv
from .geometry import contiguous_strides
from .layouts import broadcast_shapes, column_major_strides
from .linalg_decompositions import _return_type
from .linalg_least import cast_output
from .linalg_solvers import _finish, _output, _writable
from .ops import BY_KEY
from .overlap import assert_no_partial_overlap
from .reduction_values import Result
from .reductions import store

if TYPE_CHECKING:
    from .tensor import Tensor

_LAPACK = frozenset({"float32", "float64", "complex64", "complex128"})

linalg_lu = _return_type("linalg_lu", ("P", "L", "U"))
linalg_lu_factor = _return_type("linalg_lu_factor", ("LU", "pivots"))
linalg_lu_factor_ex = _return_type("linalg_lu_factor_ex", ("LU", "pivots", "info"))
lu_unpack_type = _return_type("lu_unpack", ("P", "L", "U"))
# the classes torch returns from the tuple out= forms
linalg_lu_out = _return_type("linalg_lu_out", ("P", "L", "U"))
linalg_lu_factor_out = _return_type("linalg_lu_factor_out", ("LU", "pivots"))
linalg_lu_factor_ex_out = _return_type("linalg_lu_factor_ex_out", ("LU", "pivots", "info"))
lu_unpack_out = _return_type("lu_unpack_out", ("P", "L", "U"))

_SIGNATURES = {name: signatures.signature(text) for name, text in {
    "lu": "linalg_lu(Tensor A, *, bool pivot=True)",
    "lu_factor": "linalg_lu_factor(Tensor A, *, bool pivot=True)",
    "lu_factor_ex": "linalg_lu_factor_ex(Tensor A, *, bool pivot=True, bool check_errors=False)",
    "lu_solve": "linalg_lu_solve(Tensor LU, Tensor pivots, Tensor B, *, bool left=True, "
                "bool adjoint=False, Tensor out=None)",
    "householder_product": "linalg_householder_product(Tensor input, Tensor tau, *, "
                           "Tensor out=None)",
    "lu_unpack": "lu_unpack(Tensor LU_data, Tensor LU_pivots, bool unpack_data=True, "
                 "bool unpack_pivots=True)",
}.items()}


# the tuple out= of each op: how many tensors, and its place in the Python signature
_TUPLE_OUTS = {"lu": (3, 2), "lu_factor": (2, 2), "lu_factor_ex": (3, 3), "lu_unpack": (3, 4)}


def _bind(name: str, args: Sequence[Any], kwargs: dict[str, Any], tuple_out_: bool = False
          ) -> dict[str, Any]:
    """Bind a call; a tuple out= comes back under "out", checked (None where not given)."""
    if not tuple_out_:
        return signatures.parse((_SIGNATURES[name],), args, kwargs)
    rest = dict(kwargs)
    outs = tuple_out.bind(rest.pop("out", None), *_TUPLE_OUTS[name], _SIGNATURES[name].name)
    return {**signatures.parse((_SIGNATURES[name],), args, rest), "out": outs}


def _into(bound: dict[str, Any], compute: Any, inputs: tuple[Tensor, ...], op: str,
          checks: Any = None, unchecked: tuple[int, ...] = ()) -> tuple[Tensor, ...]:
    """Run compute fresh, or into the bound tuple out= as a structured kernel does."""
    if bound["out"] is None:
        return tuple(compute(*inputs))
    return tuple_out.structured(compute, inputs, bound["out"], op, checks, unchecked)


def _matrices(t: Tensor) -> tuple[np.ndarray, np.ndarray]:
    """Return t's matrices as one flat batch (b, m, n) and which hold only defined values."""
    shape = tuple(t._geom.shape)
    flat = (prod(shape[:-2]),) + shape[-2:]
    values = np.asarray(t._values()).reshape(flat)
    defined = np.asarray(t._defined()).reshape(flat).all(axis=(-2, -1))
    return values, np.asarray(defined)


# -- lu_factor_ex and lu ---------------------------------------------------------------------
def _factor(A: Tensor, pivot: bool, op: str) -> tuple[list[lv.Factors | None], Any]:  # noqa: N803
    """Check A as lu_factor_ex's meta and kernel do; return each matrix's factors."""
    if A.ndim < 2:
        raise errors.fail("linalg_lu_rank", op=op, shape=list(A._geom.shape))
    if not pivot:
        raise errors.fail("linalg_lu_no_pivot")
    if A.numel() and A.dtype.name not in _LAPACK and not A.is_meta:
        raise errors.fail("kernel_dtype", kernel="lu_cpu", type=A.dtype.scalar_name)
    if A.is_meta or not A.numel():
        return [], None
    values, defined = _matrices(A)
    tol = BY_KEY["linalg.lu_factor"].tolerance
    found = [lv.factor(np.asarray(m, A.dtype.storage_np), A.dtype, tol) if ok else None
             for m, ok in zip(values, defined)]
    return found, defined


def _lu_factor_ex(A: Tensor, pivot: bool, op: str) -> tuple[Tensor, Tensor, Tensor, list[Any]]:  # noqa: N803
    found, _ = _factor(A, pivot, op)
    *batch, m, n = A._geom.shape
    shape = tuple(A._geom.shape)
    lu = type(A)._fresh(shape, column_major_strides(shape), A.dtype, A.device)
    piv_shape = (*batch, min(m, n))
    pivots = type(A)._fresh(piv_shape, contiguous_strides(piv_shape), dtypes.int32, A.device)
    info = type(A)._fresh(tuple(batch), contiguous_strides(tuple(batch)), dtypes.int32, A.device)
    if A.is_meta:
        return lu, pivots, info, found
    if not A.numel():
        store(pivots, Result(np.broadcast_to(np.arange(1, min(m, n) + 1, dtype=np.int32),
                                             piv_shape)), False)
        store(info, Result(np.zeros(tuple(batch), np.int32)), False)
        return lu, pivots, info, found
    k = min(m, n)
    lu_v = np.zeros((len(found), m, n), np.complex128 if A.dtype.is_complex else np.float64)
    lu_lost = np.ones(lu_v.shape, np.bool_)
    piv_v = np.zeros((len(found), k), np.int32)
    piv_lost = np.ones(piv_v.shape, np.bool_)
    info_v = np.zeros(len(found), np.int32)
    info_lost = np.ones(len(found), np.bool_)
    tolerance = 0.0
    for i, f in enumerate(found):
        if f is None:
            continue
        lu_v[i], lu_lost[i], tolerance = f.lu, f.lu_lost, max(tolerance, f.tolerance)
        piv_v[i], piv_lost[i] = f.pivots, not f.pivots_known
        info_v[i], info_lost[i] = f.info, not f.pivots_known
    store(lu, Result(lu_v.reshape(shape), lu_lost.reshape(shape), tolerance), False)
    store(pivots, Result(piv_v.reshape(piv_shape), piv_lost.reshape(piv_shape)), False)
    store(info, Result(info_v.reshape(tuple(batch)), info_lost.reshape(tuple(batch))), False)
    return lu, pivots, info, found


def _check_factored(A: Tensor, found: list[Any], api: str) -> None:  # noqa: N803
    """Raise for the first matrix with a zero pivot (linalg_lu_factor's check)."""
    for i, f in enumerate(found):
        if f is not None and f.info:
            batch = f"(Batch element {i}): " if A.ndim > 2 else ""
            raise errors.fail("linalg_lu_factor_singular", api=api, batch=batch, i=f.info)


def _factored(A: Tensor, bound: dict[str, Any], count: int, op: str  # noqa: N803
              ) -> tuple[tuple[Tensor, ...], list[Any]]:
    """lu_factor_ex's first `count` results, fresh or into the outs, and each matrix's
    factors."""
    found: list[Any] = []

    def factor(t: Tensor) -> tuple[Tensor, ...]:
        *results, factors = _lu_factor_ex(t, bound.get("pivot", True), "torch.lu_factor")
        found[:] = factors
        return tuple(results[:count])

    def copy_check(outs: Sequence[Tensor]) -> None:  # LU.copy_(A) unless LU is A
        if outs[0] is not A:
            assert_no_partial_overlap(outs[0], A)
    return _into(bound, factor, (A,), op, copy_check), found


def lu_factor_ex(*args: Any, **kwargs: Any) -> Any:
    """Return torch.linalg.lu_factor_ex(A, *, pivot=True, check_errors=False, out=None)."""
    bound = _bind("lu_factor_ex", args, kwargs, True)
    A = bound["A"]  # noqa: N806 - torch's name
    results, found = _factored(A, bound, 3, "linalg.lu_factor_ex")
    if bound.get("check_errors", False):
        _check_factored(A, found, "torch.linalg.lu_factor_ex")
    return (linalg_lu_factor_ex if bound["out"] is None else linalg_lu_factor_ex_out)(*results)


def lu_factor(*args: Any, **kwargs: Any) -> Any:
    """Return torch.linalg.lu_factor(A, *, pivot=True, out=None)."""
    bound = _bind("lu_factor", args, kwargs, True)
    A = bound["A"]  # noqa: N806 - torch's name
    results, found = _factored(A, bound, 2, "linalg.lu_factor")
    _check_factored(A, found, "torch.linalg.lu_factor")  # after the outs are written
    return (linalg_lu_factor if bound["out"] is None else linalg_lu_factor_out)(*results)


def lu(*args: Any, **kwargs: Any) -> Any:
    """Return torch.linalg.lu(A, *, pivot=True, out=None): P, L, U contiguous."""
    bound = _bind("lu", args, kwargs, True)
    results = _into(bound, lambda t: _lu(t, bound.get("pivot", True)), (bound["A"],),
                    "linalg.lu")
    return (linalg_lu if bound["out"] is None else linalg_lu_out)(*results)


def _lu(A: Tensor, pivot: bool) -> tuple[Tensor, ...]:  # noqa: N803 - torch's name
    if A.ndim < 2:
        raise errors.fail("linalg_lu_rank", op="linalg.lu", shape=list(A._geom.shape))
    found, _ = _factor(A, pivot, "linalg.lu")
    *batch, m, n = A._geom.shape
    k = min(m, n)
    shapes = ((*batch, m, m), (*batch, m, k), (*batch, k, n))
    outs = [type(A)._fresh(s, contiguous_strides(s), A.dtype, A.device) for s in shapes]
    if A.is_meta or not A.numel():
        return tuple(outs)
    wide = np.complex128 if A.dtype.is_complex else np.float64
    vals = [np.zeros((len(found),) + s[-2:], wide) for s in shapes]
    lost = [np.ones(v.shape, np.bool_) for v in vals]
    lower = np.tril(np.ones((m, k), np.bool_))
    upper = np.triu(np.ones((k, n), np.bool_))
    tolerance = 0.0
    for i, f in enumerate(found):
        # the shape fixes L's unit diagonal and zeros above it, and U's zeros below
        vals[1][i] = np.eye(m, k)
        lost[1][i] = np.tril(np.ones((m, k), np.bool_), -1)
        lost[2][i] = upper
        if f is None:
            continue
        p_mat, low, up = lv.unpack(f.pivots, f.lu)
        vals[0][i], lost[0][i] = p_mat, not f.pivots_known
        vals[1][i], vals[2][i] = low, up
        lost[1][i] = lower & ~np.eye(m, k, dtype=np.bool_) & f.lu_lost[:, :k]
        lost[2][i] = upper & f.lu_lost[:k, :]
        tolerance = max(tolerance, f.tolerance)
    for out, v, lo in zip(outs, vals, lost):
        store(out, Result(v.reshape(out.shape), lo.reshape(out.shape), tolerance), False)
    return tuple(outs)


# -- lu_solve --------------------------------------------------------------------------------
def lu_solve(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.linalg.lu_solve(LU, pivots, B, *, left=True, adjoint=False, out=None)."""
    bound = _bind("lu_solve", args, kwargs)
    LU, pivots, B = bound["LU"], bound["pivots"], bound["B"]  # noqa: N806 - torch's names
    left, adjoint, out = bound.get("left", True), bound.get("adjoint", False), bound.get("out")
    # TORCH_META_FUNC(linalg_lu_solve): dtypes first, then shapes
    if not (LU.dtype.is_floating_point or LU.dtype.is_complex):
        raise errors.fail("linalg_floating", op="torch.linalg.lu_solve",
                          type=LU.dtype.scalar_name)
    if LU.dtype is not B.dtype:
        raise errors.fail("linalg_lu_solve_dtypes", a=LU.dtype.scalar_name,
                          b=B.dtype.scalar_name)
    if pivots.dtype is not dtypes.int32:
        raise errors.fail("linalg_lu_solve_pivots_dtype")
    if LU.ndim < 2:
        raise errors.fail("linalg_rank", op="torch.linalg.lu_solve", arg="A")
    m, n = LU._geom.shape[-2:]
    if m != n:
        raise errors.fail("linalg_square_matrices", op="torch.linalg.lu_solve", arg="A", m=m,
                          n=n)
    if B.ndim < 2:
        raise errors.fail("linalg_rank", op="linalg.lu_solve", arg="B")
    bm, bn = B._geom.shape[-2:]
    if (bm if left else bn) != n:
        raise errors.fail("linalg_lu_solve_shapes", eq="AX = B" if left else "XA = B", am=m,
                          an=n, bm=bm, bn=bn)
    if not pivots.ndim or pivots._geom.shape[-1] != n:
        raise errors.fail("linalg_lu_solve_pivots_count")
    if tuple(pivots._geom.shape) != tuple(LU._geom.shape[:-1]):
        raise errors.fail("linalg_lu_solve_pivots_shape", shape=list(pivots._geom.shape))
    batch = broadcast_shapes(tuple(B._geom.shape[:-2]), tuple(LU._geom.shape[:-2]))
    shape = batch + (bm, bn)
    strides = column_major_strides(shape) if left else contiguous_strides(shape)
    if B.numel() and LU.numel() and LU.dtype.name not in _LAPACK and not LU.is_meta:
        raise errors.fail("kernel_dtype", kernel="linalg.lu_solve_cpu",
                          type=LU.dtype.scalar_name)
    result = _output(B, shape, strides, B.dtype, out, (LU, pivots, B))
    if out is None and not left and B.dtype.is_complex:
        result._conj = True  # XA = B solved as A^H X^H = B^H, handed back as .mH
    if LU.is_meta or not result.numel():
        if out is not None:
            out._bump()
        return result
    piv = np.broadcast_to(np.asarray(pivots._values()), batch + (n,))
    if n and (piv < 1).any():
        raise errors.fail("linalg_lu_solve_pivots_low")
    if n and (piv > n).any():
        raise errors.fail("linalg_lu_solve_pivots_high")

    def write(dest: Tensor, clobbered: bool) -> None:
        lu_v = np.broadcast_to(np.asarray(LU._values()), batch + (n, n))
        lu_def = np.broadcast_to(np.asarray(LU._defined()), batch + (n, n))
        piv_def = np.broadcast_to(np.asarray(pivots._defined()), batch + (n,))
        b_v = np.broadcast_to(np.asarray(B._values()), shape)
        b_def = np.broadcast_to(np.asarray(B._defined()), shape)
        wide = np.complex128 if B.dtype.is_complex else np.float64
        values, lost, tolerance = np.zeros(shape, wide), np.ones(shape, np.bool_), 0.0
        factor_ = BY_KEY["linalg.lu_solve"].tolerance
        t_in = LU._tolerance() + B._tolerance()
        for idx in np.ndindex(*batch):
            if not (lu_def[idx].all() and piv_def[idx].all() and b_def[idx].all()):
                continue
            rhs = b_v[idx].astype(wide)
            lu_m = lu_v[idx].astype(wide)
            if left:
                x, loose, tol = lv.lu_solved(lu_m, piv[idx], rhs, adjoint, B.dtype, factor_,
                                             t_in)
            else:  # XA = B is A^T X^T = B^T, and A^T the adjoint of conj(A) (A^H's: conj(A))
                x, loose, tol = lv.lu_solved(lu_m.conj(), piv[idx], rhs.T, not adjoint,
                                             B.dtype, factor_, t_in)
                x, loose = x.T, loose.T
            values[idx], lost[idx] = x, loose
            tolerance = max(tolerance, tol)
        store(dest, Result(values, lost, tolerance), clobbered)
    _writable(out)  # the result reaches out= through copy_, which refuses shared elements
    return _finish(out, result, (LU, pivots, B), write)


# -- householder_product ---------------------------------------------------------------------
def householder_product(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.linalg.householder_product(A, tau, *, out=None)."""
    bound = _bind("householder_product", args, kwargs)
    A, tau, out = bound["input"], bound["tau"], bound.get("out")  # noqa: N806 - torch's name
    op = "torch.linalg.householder_product"
    if A.ndim < 2:
        raise errors.fail("householder_rank", op=op)
    m, n = A._geom.shape[-2:]
    if m < n:
        raise errors.fail("householder_rows", op=op)
    if n < tau._geom.shape[-1] if tau.ndim else False:
        raise errors.fail("householder_tau_size", op=op)
    if tau.ndim != A.ndim - 1:
        raise errors.fail("householder_tau_rank", op=op, tau=tau.ndim, a=A.ndim)
    if tuple(tau._geom.shape[:-1]) != tuple(A._geom.shape[:-2]):
        raise errors.fail("householder_tau_batch", op=op, shape=list(tau._geom.shape[:-1]))
    if tau.dtype is not A.dtype:
        raise errors.fail("householder_dtypes", op=op, tau=tau.dtype.scalar_name,
                          a=A.dtype.scalar_name)
    if A.dtype.name not in _LAPACK and not A.is_meta:
        raise errors.fail("kernel_dtype", kernel="orgqr_cpu", type=A.dtype.scalar_name)
    shape = tuple(A._geom.shape)
    # a fresh result is column-major; an out= of another shape is resized contiguous
    result = cast_output(A, shape, column_major_strides(shape), A.dtype, out, (A, tau), op)
    if A.is_meta or not result.numel():
        if out is not None:
            out._bump()
        return result

    def write(dest: Tensor, clobbered: bool) -> None:
        a_v, a_def = _matrices(A)
        k = tau._geom.shape[-1]
        t_v = np.asarray(tau._values()).reshape(a_v.shape[0], k)
        t_def = np.asarray(np.asarray(tau._defined()).reshape(a_v.shape[0], k).all(axis=-1))
        wide = np.complex128 if A.dtype.is_complex else np.float64
        values = np.zeros(a_v.shape, wide)
        lost = np.ones(a_v.shape, np.bool_)
        tolerance = 0.0
        for i in range(a_v.shape[0]):
            if a_def[i] and t_def[i]:
                q, loose, tol = lv.householder(a_v[i].astype(wide), t_v[i].astype(wide),
                                               A.dtype, BY_KEY["linalg.householder_product"]
                                               .tolerance)
                values[i], lost[i], tolerance = q, loose, max(tolerance, tol)
        store(dest, Result(values.reshape(shape), lost.reshape(shape), tolerance), clobbered)
    _writable(out)  # the result reaches out= through copy_, which refuses shared elements
    return _finish(out, result, (A, tau), write)


# -- lu_unpack -------------------------------------------------------------------------------
def lu_unpack(*args: Any, **kwargs: Any) -> Any:
    """Return torch.lu_unpack(LU, pivots, unpack_data=True, unpack_pivots=True): contiguous
    P, L, U (TORCH_META_FUNC(lu_unpack)), empty (0,) tensors for what is not unpacked."""
    bound = _bind("lu_unpack", args, kwargs, True)
    data, perm = bound.get("unpack_data", True), bound.get("unpack_pivots", True)
    # L and U come from tril_out, triu_out and an idempotent fill_ of L's diagonal, none of
    # which checks for elements sharing memory; P from a TensorIterator, which does
    # (BatchLinearAlgebra.cpp TORCH_IMPL_FUNC(lu_unpack_out))
    results = _into(bound, lambda LU, pivots: _lu_unpack(LU, pivots, data, perm),  # noqa: N803
                    (bound["LU_data"], bound["LU_pivots"]), "lu_unpack",
                    unchecked=(1, 2) if data else ())
    return (lu_unpack_type if bound["out"] is None else lu_unpack_out)(*results)


def _lu_unpack(LU: Tensor, pivots: Tensor, data: bool, perm: bool  # noqa: N803
               ) -> tuple[Tensor, ...]:
    if LU.ndim < 2:
        raise errors.fail("linalg_lu_rank", op="torch.lu_unpack", shape=list(LU._geom.shape))
    if perm and pivots.dtype is not dtypes.int32:
        raise errors.fail("lu_unpack_pivots_dtype")
    *batch, m, n = LU._geom.shape
    k = min(m, n)
    shapes = ((*batch, m, m) if perm else (0,), (*batch, m, k) if data else (0,),
              (*batch, k, n) if data else (0,))
    outs = [type(LU)._fresh(s, contiguous_strides(s), LU.dtype, LU.device) for s in shapes]
    if LU.is_meta:
        return tuple(outs)
    if data and outs[1].numel():
        values = np.asarray(LU._values())
        lost = ~np.asarray(LU._defined())
        eye = np.eye(m, k, dtype=np.bool_)
        below = np.tril(np.ones((m, k), np.bool_), -1)
        tolerance = LU._tolerance()  # the copied triangles stray as LU's own values may
        store(outs[1], Result(np.where(below, values[..., :k], eye),
                              below & lost[..., :k], tolerance), False)
        above = np.triu(np.ones((k, n), np.bool_))
        store(outs[2], Result(np.where(above, values[..., :k, :], 0),
                              above & lost[..., :k, :], tolerance), False)
    if perm and outs[0].numel():
        if tuple(pivots._geom.shape) != (*batch, k):
            # the kernel reads pivots of another shape as if they had LU's (torch 2.13 gives
            # a batched LU and one matrix's pivots identities past the first matrix)
            raise errors.fail("not_modelled", what="lu_unpack of pivots of another shape")
        piv = np.broadcast_to(np.asarray(pivots._values()), (*batch, k))
        piv_lost = np.broadcast_to(~np.asarray(pivots._defined()), (*batch, k))
        if k and ((piv < 1) | (piv > m)).any():
            raise errors.fail("lu_unpack_pivots_range")
        p_v = np.zeros(shapes[0], np.float64)
        p_lost = np.zeros(shapes[0], np.bool_)
        for idx in np.ndindex(*batch):
            p_v[idx] = lv.unpack(piv[idx], np.zeros((m, n)))[0]
            p_lost[idx] = piv_lost[idx].any()
        store(outs[0], Result(p_v, p_lost), False)
    return tuple(outs)


FUNCTIONS: dict[str, Any] = {"lu_unpack": lu_unpack}
