"""torch.linalg's least-squares corner: lstsq, pinv and matrix_rank.

lstsq (aten/src/ATen/native/BatchLinearAlgebra.cpp linalg_lstsq_out) solves into a batch of
column-major (*, max(m, n), k) buffers and hands back its first n rows (strides of the
buffer, shape (*, n, k)), squeezed for a vector B (B of A's shape less its last dim, or 1-d).
Its other results depend on the driver (gelsy, the CPU default, gels, gelsd, gelss): rank
(int64, A's batch) for all but gels, singular_values (real, (*, min(m, n))) for gelsd and
gelss, residuals (real, (*, k), contiguous) where m > n, the driver is not gelsy and, for
gelsd and gelss, every matrix has rank n (a shape that hangs on values); the rest are empty
(0,) tensors. pinv and matrix_rank (LinearAlgebra.cpp linalg_pinv, matrix_rank_impl) are
composites of svd (eigh with hermitian=True): pinv's result is matmul's contiguous
(*, n, m); matrix_rank's an int64 tensor of A's batch, contiguous. Their tolerances
(get_atol_rtol): atol 0, rtol eps * max(m, n) unless atol > 0 is given.

Checks in torch's order as measured on torch 2.13; integer, bool, half and bfloat16 inputs
fail in _get_epsilon ("This function doesn't handle types other than float and double"),
pinv's in its own combined check. Tensor atol=/rtol=, lstsq's tuple out= and its rcond= on
an unsupported dtype are not modelled. Values: linalg_lu_values.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import prod
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, signatures, tuple_out, writes
from . import linalg_lu_values as lv
from .dtypes import dtype as DType
from .geometry import Geometry, contiguous_strides, is_contiguous
from .iterator import Layout
from .layouts import broadcast_shapes, column_major_strides
from .linalg_decomposition_values import spectrum
from .linalg_decompositions import _return_type
from .linalg_solvers import _finish, _output
from .operands import is_tensor
from .ops import BY_KEY
from .overlap import resized_over_input
from .pointwise import resize_out
from .promotion import can_cast
from .reduction_values import Result
from .reductions import store
from .writes import check_writable

if TYPE_CHECKING:
    from .tensor import Tensor

linalg_lstsq = _return_type("linalg_lstsq", ("solution", "residuals", "rank",
                                             "singular_values"))
_DRIVERS = ("gels", "gelsy", "gelsd", "gelss")
_EPSILON_TYPES = frozenset({"float32", "float64"})
_PINV_TYPES = frozenset({"float32", "float64", "complex64", "complex128"})
linalg_lstsq_out = _return_type("linalg_lstsq_out", ("solution", "residuals", "rank",
                                                     "singular_values"))


def cast_output(like: Tensor, shape: tuple[int, ...], strides: tuple[int, ...], dt: DType,
                out: Tensor | None, reads: tuple[Tensor, ...], op: str) -> Tensor:
    """Return a fresh output, or out= of any dtype dt casts to safely (a composite writes
    its result into out= by copy_: checkLinalgCompatibleDtype), resized contiguous."""
    if out is not None and out.dtype is not dt:
        if not can_cast(dt, out.dtype):
            raise errors.fail("linalg_out_castable", op=op, a=dt.scalar_name,
                              b=out.dtype.scalar_name)
        if resized_over_input(out, shape, reads):
            raise errors.fail("not_modelled", what="a linalg out= resized over its own input")
        if out._geom.shape != shape:
            resize_out(out, Layout((shape, contiguous_strides(shape))))
        return out
    return _output(like, shape, strides if out is None else contiguous_strides(shape), dt, out,
                   reads)


def _real(dt: DType) -> DType:
    return dt.to_real() if dt.is_complex else dt


def _epsilon(dt: DType) -> float:
    """Return _get_epsilon of dt's real type, refusing what it refuses."""
    if _real(dt).name not in _EPSILON_TYPES:
        raise errors.fail("linalg_epsilon_types")
    return _real(dt).eps


def _take(op: str, names: Sequence[str], args: Sequence[Any], kwargs: dict[str, Any]
          ) -> dict[str, Any]:
    """Bind positional args to `names` and merge the keywords (no overload resolution)."""
    if len(args) > len(names):
        raise errors.fail("not_modelled", what=f"{op} with {len(args)} positional arguments")
    bound = dict(zip(names, args))
    for key, value in kwargs.items():
        if key in bound:
            raise errors.fail("multiple_values", op=op, name=key)
        bound[key] = value
    if not is_tensor(bound.get(names[0])):
        raise errors.fail("argument_position_type", op=op, arg=names[0], pos=1, want="Tensor",
                          type=signatures.typename(bound.get(names[0])))
    return bound


def _matrices(t: Tensor, shape: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """Return t broadcast to `shape` as (b, m, n) values and per-matrix definedness."""
    flat = (prod(shape[:-2]),) + shape[-2:]
    values = np.broadcast_to(np.asarray(t._values()), shape).reshape(flat)
    defined = np.broadcast_to(np.asarray(t._defined()), shape).reshape(flat).all(axis=(-2, -1))
    return values, np.asarray(defined)


def _wide(dt: DType) -> type:
    return np.complex128 if dt.is_complex else np.float64


# -- lstsq -----------------------------------------------------------------------------------
def lstsq(*args: Any, **kwargs: Any) -> Any:
    """Return torch.linalg.lstsq(A, B, rcond=None, *, driver=None, out=None)."""
    bound = _take("linalg_lstsq", ("input", "b", "rcond"), args, kwargs)
    outs = tuple_out.bind(bound.pop("out", None), 4, 4, "linalg_lstsq")
    found = _lstsq(bound)
    if outs is None:
        return found
    A, B = bound["input"], bound["b"]  # noqa: N806 - torch's names
    driver = (bound.get("driver") or "gelsy").lower()
    return linalg_lstsq_out(*_lstsq_into(A, B, driver, found, outs))


# linalg_lstsq_out checks residuals' dtype under the solution's name (measured)
_LSTSQ_OUT_NAMES = ("solution", "solution", "rank", "singular_values")


def _lstsq_into(A: Tensor, B: Tensor, driver: str, found: Sequence[Tensor],  # noqa: N803
                outs: Sequence[Tensor]) -> tuple[Tensor, ...]:
    """Write lstsq's results into its outs as linalg_lstsq_out does (BatchLinearAlgebra.cpp).

    Each out may have any dtype its result casts to safely (checkLinalgCompatibleDtype).
    Outs LAPACK can work in (empty or of the buffer's shape and layout, of the results' own
    dtypes) are used directly: the solution becomes a narrow of its (*, max(m, n), k)
    column-major buffer as a fresh one is, rank and singular values are resized where empty
    and computed, residuals written (by sum_out) only where computed. Else every out is
    resized to its result's shape (resize_output) and written by copy_."""
    for o, f, name in zip(outs, found, _LSTSQ_OUT_NAMES):
        if not can_cast(f.dtype, o.dtype):
            raise errors.fail("lstsq_out_castable", name=name, a=f.dtype.scalar_name,
                              b=o.dtype.scalar_name)
    reads = (A, B)
    for o in outs:
        if any(o._storage is r._storage for r in reads):
            raise errors.fail("not_modelled", what="linalg.lstsq(out=) over its own input")
    solution, residuals, rank, singular = outs
    if _lstsq_copy_needed(A, B, driver, outs):
        for o, f in zip(outs, found):
            shape = tuple(f._geom.shape)
            if o._geom.shape != shape:
                resize_out(o, Layout((shape, contiguous_strides(shape))))
        writes.check_writable(solution)
        written = list(zip(outs, found))
    else:
        fresh_solution = found[0]
        if solution.numel() == 0:  # resized to the buffer, then narrowed to n rows
            solution._storage.resize(max(solution._storage.nbytes,
                                         fresh_solution._storage.nbytes))
            solution._geom = Geometry((fresh_solution._geom.shape, fresh_solution._geom.strides,
                                       solution._geom.offset))
        else:
            solution._geom = Geometry((fresh_solution._geom.shape, solution._geom.strides,
                                       solution._geom.offset))
        written = [(solution, fresh_solution)]
        if found[1].numel():  # sum_out(residuals, ...) where residuals are computed
            shape = tuple(found[1]._geom.shape)
            if residuals._geom.shape != shape:
                resize_out(residuals, Layout((shape, contiguous_strides(shape))))
            written.append((residuals, found[1]))
        for o, f, computed in ((rank, found[2], driver != "gels"),
                               (singular, found[3], driver in ("gelsd", "gelss"))):
            if computed:
                if o.numel() == 0:
                    o._geom = Geometry((f._geom.shape, contiguous_strides(f._geom.shape),
                                        o._geom.offset))
                    o._storage.resize(max(o._storage.nbytes, o._geom.extent() * o.dtype.itemsize
                                          if o.numel() else 0))
                written.append((o, f))
    for o, f in written:
        writes.copy_values(o, f)
    if tuple_out.entangled(outs):
        for o in outs:
            if o.numel():
                writes.forget(o, np.ones(o.shape, np.bool_))
    tuple_out.bump(outs)
    return tuple(outs)


def _lstsq_copy_needed(A: Tensor, B: Tensor, driver: str,  # noqa: N803 - torch's names
                       outs: Sequence[Tensor]) -> bool:
    """Tell whether linalg_lstsq_out works in temporaries (its copy_needed)."""
    solution, _, rank, singular = outs
    a_shape = tuple(A._geom.shape)
    vector = B.ndim == 1 or (A.ndim - 1 == B.ndim and tuple(B._geom.shape) == a_shape[:-1])
    b2 = tuple(B._geom.shape) + (1,) if vector else tuple(B._geom.shape)
    batch = broadcast_shapes(a_shape[:-2], b2[:-2])
    # the expected shape has the columns only for a batched B (as linalg_lstsq_out writes it)
    expected = batch + (max(a_shape[-2:]),) + (
        (b2[-1],) if not vector and B.ndim > 2 else ())
    if vector:
        column_major = is_contiguous(solution._geom)
    else:
        column_major = solution.ndim >= 2 and is_contiguous(solution.mT._geom)
    real = _real(A.dtype)
    filled = solution.numel() != 0
    needed = (filled and not column_major) or solution.dtype is not A.dtype or (
        filled and tuple(solution._geom.shape) != expected)
    if driver != "gels":
        needed |= rank.dtype is not dtypes.int64 or (rank.numel() != 0 and (
            tuple(rank._geom.shape) != a_shape[:-2] or not is_contiguous(rank._geom)))
    if driver in ("gelsd", "gelss"):
        sv_shape = a_shape[:-2] + (min(a_shape[-2:]),)
        needed |= singular.dtype is not real or (singular.numel() != 0 and (
            tuple(singular._geom.shape) != sv_shape or not is_contiguous(singular._geom)))
    return needed


def _lstsq(bound: dict[str, Any]) -> Any:
    A, B = bound["input"], bound["b"]  # noqa: N806 - torch's names
    rcond, driver = bound.get("rcond"), bound.get("driver")
    op = "torch.linalg.lstsq"
    if A.is_meta or B.is_meta:  # linalg_lstsq calls linalg_lstsq.out, which has no Meta kernel
        raise errors.fail("lstsq_meta")
    if A.ndim < 2:
        raise errors.fail("lstsq_input_rank")
    if B.ndim < 1:
        raise errors.fail("lstsq_other_rank")
    if A.dtype is not B.dtype:
        raise errors.fail("lstsq_dtypes", a=A.dtype.scalar_name, b=B.dtype.scalar_name)
    diff = A.ndim - B.ndim
    if not 0 <= diff <= 1:
        raise errors.fail("lstsq_dims")
    a_shape, b_shape = tuple(A._geom.shape), tuple(B._geom.shape)
    # linalg_solve_is_vector_rhs
    vector = B.ndim == 1 or (diff == 1 and b_shape == a_shape[:-1])
    rows = b_shape[-1] if vector else (b_shape[-2] if B.ndim >= 2 else b_shape[-1])
    if a_shape[-2] != rows:
        raise errors.fail("lstsq_rows", which="-1" if vector else "-2")
    driver = "gelsy" if driver is None else driver
    if driver not in _DRIVERS:
        raise errors.fail("lstsq_driver")
    if rcond is None:
        rcond = _epsilon(A.dtype) * max(a_shape[-2:])
    elif _real(A.dtype).name not in _EPSILON_TYPES:
        raise errors.fail("not_modelled", what=f"{op}(rcond=) of {A.dtype.scalar_name}")
    # the batch broadcasts against B's leading dims (all but one when A has one dim more,
    # even where B is not a batch of vectors: then B is a matrix broadcast to that batch)
    b2 = b_shape + (1,) if vector else b_shape
    batch = broadcast_shapes(a_shape[:-2], b_shape[:-1] if diff else b_shape[:-2])
    m, n = a_shape[-2:]
    k = b2[-1]
    shape = batch + (n, k)
    buffer = batch + (max(m, n), k)
    strides = column_major_strides(buffer)
    if vector:
        shape, strides = shape[:-1], strides[:-1]
    real = _real(A.dtype)
    make = type(A)._fresh
    # the solution keeps the whole (*, max(m, n), k) buffer as its storage (set_ to a narrow)
    full = make(buffer, column_major_strides(buffer), A.dtype, A.device)
    solution = type(A)(full._storage, Geometry((shape, strides, 0)), A.dtype)
    # rank and singular values are of A's own batch, not the broadcast one
    a_batch = a_shape[:-2]
    sv_shape = a_batch + (min(m, n),) if driver in ("gelsd", "gelss") else (0,)
    singular = make(sv_shape, contiguous_strides(sv_shape), real, A.device)
    rank_shape = a_batch if driver != "gels" else (0,)
    rank_t = make(rank_shape, contiguous_strides(rank_shape), dtypes.int64, A.device)
    if A.is_meta:
        residuals = make((0,), (1,), real, A.device)
        return linalg_lstsq(solution, residuals, rank_t, singular)
    a, a_def = _matrices(A, batch + (m, n))
    b, b_def = _matrices(B.unsqueeze(-1) if vector else B, batch + (m, k))
    own, own_def = _matrices(A, a_shape)
    wide = _wide(A.dtype)
    factor_ = BY_KEY["linalg.lstsq"].tolerance
    ranks = np.zeros(own.shape[0], np.int64)
    rank_lost = np.ones(own.shape[0], np.bool_)
    s_v = np.zeros((own.shape[0], min(m, n)), np.float64)
    s_def = np.zeros(own.shape[0], np.bool_)
    for i in range(own.shape[0]):
        if not own_def[i]:
            continue
        ai = own[i].astype(wide)
        if not ai.size:
            rank_lost[i], s_def[i] = False, True
            continue
        if not np.isfinite(ai).all():
            continue
        s = np.linalg.svd(ai, compute_uv=False)
        s_v[i], s_def[i] = s, True
        top = float(s.max(initial=0.0))
        if driver in ("gelsd", "gelss"):
            ranks[i], settled = lv.threshold_count(
                s, max(rcond, 0.0) * top, factor_ * max(m, n) * real.eps * top)
            rank_lost[i] = not settled
        elif lv.well_posed(ai, rcond, A.dtype):
            ranks[i], rank_lost[i] = min(m, n), False
    x_v = np.zeros((a.shape[0], n, k), wide)
    x_lost = np.ones(x_v.shape, np.bool_)
    tolerance = 0.0
    for i in range(a.shape[0]):
        if not (a_def[i] and b_def[i]):
            continue
        if m == 0:
            x_v[i], x_lost[i] = 0, False
            continue
        if n == 0:
            continue
        x, lost, tol, _ = lv.least_squares(a[i].astype(wide), b[i].astype(wide), rcond,
                                           A.dtype, factor_)
        x_v[i], x_lost[i], tolerance = x, lost, max(tolerance, tol)
    residual = m > n and driver != "gelsy" and (
        driver == "gels" or bool((ranks == n).all()))
    r_shape = batch + (k,) if residual else (0,)
    residuals = make(r_shape, contiguous_strides(r_shape), real, A.device)
    if solution.numel():
        store(solution, Result(x_v.reshape(shape), x_lost.reshape(shape), tolerance), False)
    if driver != "gels" and rank_t.numel():
        store(rank_t, Result(ranks.reshape(a_batch), rank_lost.reshape(a_batch)), False)
    if driver in ("gelsd", "gelss") and singular.numel():
        found = spectrum(s_v, max(m, n), real.eps, factor_)
        lost_s = found.undefined | ~s_def[:, None] if found.undefined is not None \
            else ~s_def[:, None]
        store(singular, Result(s_v.reshape(sv_shape), np.broadcast_to(
            lost_s, s_v.shape).reshape(sv_shape), found.tolerance), False)
    if residual and residuals.numel() and driver == "gels" and min(m, n) == 0:
        # xGELS' quick return zeroes B: the residual rows are zeros
        store(residuals, Result(np.zeros(r_shape)), False)
    elif residual and residuals.numel():
        _store_residuals(residuals, a, b, x_v, x_lost, real.eps * factor_ * max(m, n))
    return linalg_lstsq(solution, residuals, rank_t, singular)


def _store_residuals(dest: Tensor, a: np.ndarray, b: np.ndarray, x: np.ndarray,
                     x_lost: np.ndarray, error: float) -> None:
    """Store sum |b - A x|^2 per column, loose where cancellation could swamp it."""
    r = b - a @ x
    values = (np.abs(r) ** 2).sum(axis=-2)
    # the last m - n entries of Q^H b, each off by about error * ||b||, squared and summed
    norm_b = np.sqrt((np.abs(b) ** 2).sum(axis=-2))
    bound = error * norm_b * (2 * np.sqrt(values) + error * norm_b)
    with np.errstate(all="ignore"):
        relative = np.where(values > 0, bound / values, np.inf)
    lost = ~(relative <= 2.0**-7) | x_lost.any(axis=-2)
    kept = relative[~lost]
    store(dest, Result(values.reshape(dest.shape), lost.reshape(dest.shape),
                       float(kept.max()) if kept.size else 0.0), False)


# -- pinv and matrix_rank --------------------------------------------------------------------
def _tolerances(A: Tensor, bound: dict[str, Any], op: str) -> tuple[float, float, bool]:  # noqa: N803
    """Return (atol, rtol, hermitian) of a pinv or matrix_rank call (get_atol_rtol).

    rcond (pinv) and tol (matrix_rank) give rtol (atol for tol) and the other zero; otherwise
    a missing rtol is eps * max(m, n) (zero where atol > 0), which reads A's last two sizes
    and refuses dtypes other than float and double (_get_epsilon) even when atol > 0."""
    hermitian = bool(bound.get("hermitian", False))
    for key in ("atol", "rtol", "rcond", "tol"):
        if is_tensor(bound.get(key)):
            raise errors.fail("not_modelled", what=f"{op}({key}=Tensor)")
    if bound.get("rcond") is not None:
        return 0.0, float(bound["rcond"]), hermitian
    if bound.get("tol") is not None:
        return float(bound["tol"]), 0.0, hermitian
    atol, rtol = bound.get("atol"), bound.get("rtol")
    if rtol is not None:
        return (0.0 if atol is None else float(atol)), float(rtol), hermitian
    for dim in (-2, -1):  # std::max(size(-1), size(-2)) reads size(-2) first, as measured
        if A.ndim == 0:
            raise errors.fail("no_dims", dim=dim)
        if A.ndim < -dim:
            raise errors.fail("dim_out_of_range", lo=-A.ndim, hi=A.ndim - 1, dim=dim)
    default = _epsilon(A.dtype) * max(A._geom.shape[-2:])
    if atol is None:
        return 0.0, default, hermitian
    return float(atol), (0.0 if float(atol) > 0 else default), hermitian


def _spectral(A: Tensor, hermitian: bool) -> None:  # noqa: N803
    """Refuse what linalg.svd and linalg.eigh refuse of A before any value is read."""
    if hermitian and A._geom.shape[-1] != A._geom.shape[-2]:
        raise errors.fail("linalg_square", op="linalg.eigh", m=A._geom.shape[-2],
                          n=A._geom.shape[-1])


def pinv(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.linalg.pinv(A, *, atol=None, rtol=None, hermitian=False, out=None) or
    pinv(A, rcond, hermitian=False)."""
    bound = _take("linalg_pinv", ("input", "rcond", "hermitian"), args, kwargs)
    A, out = bound["input"], bound.pop("out", None)  # noqa: N806 - torch's name
    # the float overload (atol= or rtol= given) settles its tolerances before pinv's check
    floats = bound.get("atol") is not None or bound.get("rtol") is not None
    tolerances = _tolerances(A, bound, "linalg.pinv") if floats else None
    if A.dtype.name not in _PINV_TYPES or A.ndim < 2:
        raise errors.fail("linalg_pinv_input", type=A.dtype.scalar_name,
                          shape=list(A._geom.shape))
    atol, rtol, hermitian = tolerances or _tolerances(A, bound, "linalg.pinv")
    *batch, m, n = A._geom.shape
    shape = (*batch, n, m)
    if A.numel():
        _spectral(A, hermitian)
    result = cast_output(A, shape, contiguous_strides(shape), A.dtype, out, (A,), "linalg.pinv")
    if out is not None and not A.is_meta:
        check_writable(out)  # linalg_pinv_out's copy_ into out=, which meta skips
    if A.is_meta or not result.numel():
        if out is not None:
            out._bump()
        return result
    values, defined = _matrices(A, tuple(A._geom.shape))
    _refuse_nonfinite(values, defined, A)

    def write(dest: Tensor, clobbered: bool) -> None:
        wide = _wide(A.dtype)
        x_v = np.zeros((values.shape[0], n, m), wide)
        lost = np.ones(x_v.shape, np.bool_)
        tolerance = 0.0
        for i in range(values.shape[0]):
            if defined[i]:
                x, loose, tol, _, _ = lv.pseudo_inverse(
                    values[i].astype(wide), 0.0, atol, rtol, hermitian, A.dtype,
                    BY_KEY["linalg.pinv"].tolerance)
                x_v[i], lost[i], tolerance = x, loose, max(tolerance, tol)
        store(dest, Result(x_v.reshape(shape), lost.reshape(shape), tolerance), clobbered)
    return _finish(out, result, (A,), write)


def _refuse_nonfinite(values: np.ndarray, defined: np.ndarray, A: Tensor) -> None:  # noqa: N803
    """Raise linalg.svd's refusal of a matrix with a NaN (eigh's hermitian one is not
    modelled)."""
    for i in range(values.shape[0]):
        if defined[i] and np.isnan(values[i]).any():
            batch = f"(Batch element {i}): " if A.ndim > 2 else ""
            raise errors.fail("linalg_svd_nonfinite", op="linalg.svd", batch=batch)


def matrix_rank(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.linalg.matrix_rank(A, *, atol=None, rtol=None, hermitian=False, out=None)
    or matrix_rank(A, tol, hermitian=False)."""
    bound = _take("linalg_matrix_rank", ("input", "tol", "hermitian"), args, kwargs)
    A, out = bound["input"], bound.pop("out", None)  # noqa: N806 - torch's name
    # the out= float overload settles its tolerances before checking A is a matrix
    floats = out is not None and (bound.get("atol") is not None or bound.get("rtol") is not None)
    if out is A and A.ndim >= 2 and out._geom.shape != tuple(A._geom.shape[:-2]):
        # out= is resized before A is read: A is then the resized tensor
        raise errors.fail("not_modelled", what="matrix_rank(A, out=A) resized over A")
    tolerances = _tolerances(A, bound, "linalg.matrix_rank") if floats else None
    if A.ndim < 2:
        raise errors.fail("linalg_rank", op="torch.linalg.matrix_rank", arg="input")
    atol, rtol, hermitian = tolerances or _tolerances(A, bound, "linalg.matrix_rank")
    batch = tuple(A._geom.shape[:-2])
    if A.numel():  # linalg_svdvals' checks, or linalg_eigvalsh's
        _spectral(A, hermitian)
        if not hermitian and not (A.dtype.is_floating_point or A.dtype.is_complex):
            raise errors.fail("linalg_floating", op="linalg.svd", type=A.dtype.scalar_name)
        if A.dtype.name not in _PINV_TYPES and not A.is_meta:
            raise errors.fail("kernel_dtype", type=A.dtype.scalar_name,
                              kernel="linalg_eigh_cpu" if hermitian else "linalg_svd_cpu")
    result = cast_output(A, batch, contiguous_strides(batch), dtypes.int64, out, (A,),
                         "torch.linalg.matrix_rank")
    if out is None:
        result._bump()  # matrix_rank_impl fills its own result by sum_out (or fill_)
    if A.is_meta:
        if out is not None:
            out._bump()
        return result
    values, defined = _matrices(A, tuple(A._geom.shape))
    if A.numel():
        _refuse_nonfinite(values, defined, A)

    def write(dest: Tensor, clobbered: bool) -> None:
        if not dest.numel():
            return
        ranks = np.zeros(values.shape[0], np.int64)
        lost = np.zeros(values.shape[0], np.bool_)
        m, n = A._geom.shape[-2:]
        for i in range(values.shape[0]):
            if not A.numel():
                continue
            if not defined[i]:
                lost[i] = True
                continue
            a = values[i].astype(_wide(A.dtype))
            s = np.abs(np.linalg.eigvalsh(a)) if hermitian else np.linalg.svd(
                a, compute_uv=False)
            top = float(s.max(initial=0.0))
            error = BY_KEY["linalg.matrix_rank"].tolerance * max(m, n) * _real(A.dtype).eps * top
            ranks[i], settled = lv.threshold_count(s, max(atol, rtol * top), error)
            lost[i] = not settled
        store(dest, Result(ranks.reshape(batch), lost.reshape(batch)), clobbered)
    return _finish(out, result, (A,), write)
