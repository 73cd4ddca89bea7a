"""torch.linalg's LU-based ops: inv, inv_ex, solve, solve_ex, det and slogdet.

Layouts (aten/src/ATen/native/BatchLinearAlgebra.cpp). inv (TORCH_META_FUNC(linalg_inv_ex))
gives a batch of column-major matrices of A's shape and a contiguous int32 info of A's batch.
solve (TORCH_META_FUNC(_linalg_solve_ex)) takes B as a batch of vectors where B is 1-d or
has A's shape less its last dim, and broadcasts the batches; its result is
batched_matrix_contiguous_strides of the result's shape, column-major for left=True (a batch
of vectors counted as one matrix: (2, 3) gets strides (1, 2)), contiguous for left=False; its
info has A's own batch. det and slogdet (_linalg_det, _linalg_slogdet) give contiguous
results of A's batch; slogdet's sign has A's dtype, its logabsdet the real one. An out= of
the result's shape keeps its strides; one of another shape is resized to the fresh layout
(resize_output: a warning when it has elements).

dtypes and checks, in torch's order: inv, det and slogdet check A's rank, squareness, then a
floating or complex dtype; inv and slogdet refuse half and bfloat16 there, det and solve
only when the LU kernel runs on elements ("lu_cpu" not implemented). solve checks the dtype
first, then A's and B's dtypes agree, then the shapes. A singular matrix (an exact zero
pivot, linalg_solver_values.factor) makes inv and solve raise torch's _LinAlgError; inv_ex
and solve_ex return its index in info. The LU factors A itself, whatever its layout (checked
on torch 2.13: a contiguous A's info is that of A, not of A^T).

Tuple out= (inv_ex, solve_ex: (result, info); slogdet: (sign, logabsdet); reference/tuple_out.py):
each out is checked and resized in the meta function's order, the result's first; outs that
share bytes write over each other's values.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, pointwise, signatures, tuple_out, writes
from . import linalg_solver_values as lv
from .dtypes import dtype as DType
from .geometry import contiguous_strides
from .iterator import Layout
from .layouts import broadcast_shapes, column_major_strides
from .operands import is_tensor
from .overlap import resized_over_input, shares_bytes
from .reduction_values import Result
from .reductions import store

if TYPE_CHECKING:
    from .tensor import Tensor

_LOW = (dtypes.float16, dtypes.bfloat16)


def _named(name: str, fields: tuple[str, str]) -> type:
    """Return a torch.return_types pair type with two named fields."""
    def make(cls: type, a: Any, b: Any) -> Any:
        return tuple.__new__(cls, (a, b))

    def show(self: tuple[Any, Any]) -> str:
        return f"torch.return_types.{name}(\n{fields[0]}={self[0]!r},\n{fields[1]}={self[1]!r})"
    body: dict[str, Any] = {"__slots__": (), "__module__": "torch.return_types",
                            "__new__": make, "__repr__": show}
    for i, field in enumerate(fields):
        body[field] = property(itemgetter(i))
    return type(name, (tuple,), body)


linalg_inv_ex = _named("linalg_inv_ex", ("inverse", "info"))
linalg_solve_ex = _named("linalg_solve_ex", ("result", "info"))
linalg_slogdet = _named("linalg_slogdet", ("sign", "logabsdet"))
# the classes torch returns from the tuple out= forms
linalg_inv_ex_out = _named("linalg_inv_ex_out", ("inverse", "info"))
linalg_solve_ex_out = _named("linalg_solve_ex_out", ("result", "info"))
linalg_slogdet_out = _named("linalg_slogdet_out", ("sign", "logabsdet"))


# -- checks (LinearAlgebraUtils.h checkIsMatrix, squareCheckInputs, checkFloatingOrComplex) ---
def _tensor(x: Any, op: str, arg: str, pos: int) -> None:
    if not is_tensor(x):
        raise errors.fail("argument_position_type", op=op, arg=arg, pos=pos, want="Tensor",
                          type=signatures.typename(x))


def _square(A: Tensor, op: str, arg: str = "A") -> None:  # noqa: N803 - torch's name
    if A.ndim < 2:
        raise errors.fail("linalg_rank", op=op, arg=arg)
    m, n = A._geom.shape[-2:]
    if m != n:
        raise errors.fail("linalg_square_matrices", op=op, arg=arg, m=m, n=n)


def _floating(A: Tensor, op: str, low: bool) -> None:  # noqa: N803 - torch's name
    if not (A.dtype.is_floating_point or A.dtype.is_complex):
        raise errors.fail("linalg_floating", op=op, type=A.dtype.scalar_name)
    if not low and A.dtype in _LOW:
        raise errors.fail("linalg_low_precision", op=op, type=A.dtype.scalar_name)


def _lu_kernel(A: Tensor) -> None:  # noqa: N803 - torch's name
    if A.numel() and A.dtype in _LOW:
        raise errors.fail("kernel_dtype", kernel="lu_cpu", type=A.dtype.scalar_name)


# -- outputs -----------------------------------------------------------------------------------
def _output(like: Tensor, shape: tuple[int, ...], strides: tuple[int, ...], dt: DType,
            out: Tensor | None, reads: tuple[Tensor, ...] = ()) -> Tensor:
    """Return a fresh output, or out= resized to the fresh layout where its shape differs.

    An out= to be resized that shares memory with an input (det(A, out=A)) resizes that
    input before the kernel reads it: what torch then computes is not modelled."""
    if out is not None and resized_over_input(out, shape, reads):
        raise errors.fail("not_modelled", what="a linalg out= resized over its own input")
    if out is None:
        return type(like)._fresh(shape, strides, dt, like.device)
    pointwise.check_out_dtype(out, dt)
    if out._geom.shape != shape:
        pointwise.resize_out(out, Layout((shape, strides)))
    return out


def _writable(*outs: Tensor | None) -> None:
    """Refuse outs whose elements share memory, as the kernels' writes do (measured)."""
    for o in outs:
        if o is not None:
            writes.check_writable(o)


def _finish(out: Tensor | None, result: Tensor, inputs: tuple[Tensor, ...],
            write: Callable[[Tensor, bool], None]) -> Tensor:
    clobbered = out is not None and any(shares_bytes(out, t) for t in inputs)
    write(result, clobbered)
    if out is not None:
        out._bump()
    return result


def _matrices(t: Tensor, batch: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray, float]:
    """Return t's values and defined mask broadcast to `batch` + its own last two dims."""
    shape = batch + tuple(t._geom.shape[-2:])
    return (np.broadcast_to(t._values(), shape), np.broadcast_to(t._defined(), shape),
            t._tolerance())


def _factors(A: Tensor) -> tuple[np.ndarray, np.ndarray, np.ndarray]:  # noqa: N803
    """Return each matrix of A's batch: info, whether it is certain, whether A is defined."""
    batch = tuple(A._geom.shape[:-2])
    values, defined, _ = _matrices(A, batch)
    info = np.zeros(batch, np.int32)
    certain = np.ones(batch, np.bool_)
    known = np.asarray(defined.all(axis=(-2, -1)), np.bool_).reshape(batch)
    work = A.dtype.storage_np if A.dtype not in _LOW else "float32"
    for idx in np.ndindex(*batch):
        if not known[idx]:
            certain[idx] = False
            continue
        m = np.asarray(values[idx], dtype=work)
        info[idx], certain[idx] = lv.factor(m, A.dtype)
    return info, certain, known


def _check_errors(info: np.ndarray, known: np.ndarray, api: str, matrix: bool,
                  inverse: bool) -> None:
    """Raise for the first matrix whose LU met a zero pivot (_linalg_check_errors)."""
    flat, seen = info.reshape(-1), known.reshape(-1)
    for k, (i, ok) in enumerate(zip(flat, seen)):
        if ok and i > 0:
            batch = "" if matrix else f"(Batch element {k}): "
            key = "linalg_singular_inverse" if inverse else "linalg_singular_solve"
            raise errors.fail(key, api=api, batch=batch, index=int(i))


def _store_info(info_t: Tensor, info: np.ndarray, known: np.ndarray) -> None:
    store(info_t, Result(info.astype(np.int32), ~known), False)


# -- solve and inv -----------------------------------------------------------------------------
def _info(A: Tensor, out: Tensor | None) -> Tensor:  # noqa: N803 - torch's name
    """Return info: a fresh int32 tensor of A's batch, or the info out= checked and resized."""
    batch = tuple(A._geom.shape[:-2])
    return _output(A, batch, contiguous_strides(batch), dtypes.int32, out, (A,))


def _solve(A: Tensor, B: Tensor, left: bool, out: Tensor | None, api: str,  # noqa: N803
           check: bool, info_out: Tensor | None = None) -> tuple[Tensor, Tensor]:
    """linalg.solve_ex's work: check, allocate, factor, raise or store (torch's order)."""
    _floating(A, "linalg.solve", True)
    if A.dtype is not B.dtype:
        raise errors.fail("linalg_solve_dtypes", a=A.dtype.scalar_name, b=B.dtype.scalar_name)
    a_shape, b_shape = tuple(A._geom.shape), tuple(B._geom.shape)
    vector = B.ndim == 1 or (A.ndim - 1 == B.ndim and b_shape == a_shape[:-1])
    b_matrix = b_shape + (1,) if vector else b_shape
    _square(A, "linalg.solve")
    if len(b_matrix) < 2:
        raise errors.fail("linalg_rank", op="linalg.solve", arg="B")
    if (a_shape[-2] if left else a_shape[-1]) != b_matrix[-2 if left else -1]:
        raise errors.fail("linalg_solve_shapes", eq="AX = B" if left else "XA = B",
                          am=a_shape[-2], an=a_shape[-1], bm=b_matrix[-2], bn=b_matrix[-1])
    batch = broadcast_shapes(b_matrix[:-2], a_shape[:-2])
    if not left and vector:
        raise errors.fail("linalg_solve_vector_right")
    shape = batch + b_matrix[-2:]
    if vector:
        shape = shape[:-1]
    # BatchLinearAlgebra.cpp: batched_matrix_contiguous_strides(result_shape, left)
    strides = column_major_strides(shape) if left else contiguous_strides(shape)
    result = _output(B, shape, strides, B.dtype, out, (A, B))
    if out is None and not left and B.dtype.is_complex:
        # XA = B is solved as A^H X^H = B^H into a column-major buffer handed back as its
        # .mH: a new tensor with the conjugate bit set (_linalg_solve_ex_out)
        result._conj = True
    info_t = _info(A, info_out)
    _writable(out, info_out)
    _lu_kernel(A)
    if A.is_meta:
        tuple_out.bump((info_t,) if info_out is not None else ())
        return result, info_t
    info, certain, known = _factors(A)
    if check:
        _check_errors(info, known, api, A.ndim == 2, False)
    _store_info(info_t, info, known)

    def write(dest: Tensor, clobbered: bool) -> None:
        if dest.numel() == 0:
            return
        values = _solved(A, B, batch, vector, left, info, certain, known)
        store(dest, values, clobbered or _entangled(dest, info_out))
    _finish(out, result, (A, B), write)
    _info_written(info_t, info_out, result)
    return result, info_t


def _solved(A: Tensor, B: Tensor, batch: tuple[int, ...], vector: bool, left: bool,  # noqa: N803
            info: np.ndarray, certain: np.ndarray, known: np.ndarray) -> Result:
    a, a_def, a_tol = _matrices(A, batch)
    b_src = B.unsqueeze(-1) if vector else B
    b, b_def, b_tol = _matrices(b_src, batch)
    if not left:  # XA = B is A^T X^T = B^T
        a, a_def, b, b_def = (np.swapaxes(a, -1, -2), np.swapaxes(a_def, -1, -2),
                              np.swapaxes(b, -1, -2), np.swapaxes(b_def, -1, -2))
    wide = np.complex128 if A.dtype.is_complex else np.float64
    values = np.zeros(b.shape, wide)
    lost = np.ones(b.shape, np.bool_)
    tolerance = 0.0
    a_index = np.broadcast_to(np.arange(info.size).reshape(info.shape), batch) \
        if info.size else np.zeros(batch, np.int64)
    flat_info, flat_certain, flat_known = info.reshape(-1), certain.reshape(-1), known.reshape(-1)
    for idx in np.ndindex(*batch):
        j = int(a_index[idx])
        if not (flat_known[j] and flat_certain[j]) or flat_info[j] \
                or not b_def[idx].all() or not a_def[idx].all():
            continue
        x, loose, tol = lv.solved(a[idx], b[idx], A.dtype, a_tol + b_tol)
        values[idx], lost[idx], tolerance = x, loose, max(tolerance, tol)
    if not left:
        values, lost = np.swapaxes(values, -1, -2), np.swapaxes(lost, -1, -2)
    if vector:
        values, lost = values[..., 0], lost[..., 0]
    return Result(values, lost, tolerance)


def solve(A: Tensor, B: Tensor, *, left: bool = True,  # noqa: N803 - torch's names
          out: Tensor | None = None) -> Tensor:
    """Return torch.linalg.solve(A, B, left=left, out=out)."""
    _tensor(A, "linalg_solve", "A", 1)
    _tensor(B, "linalg_solve", "B", 2)
    return _solve(A, B, left, out, "torch.linalg.solve", True)[0]


def solve_ex(A: Tensor, B: Tensor, *, left: bool = True,  # noqa: N803 - torch's names
             check_errors: bool = False, out: Any = None) -> Any:
    """Return torch.linalg.solve_ex(A, B, left=left, check_errors=check_errors, out=out)."""
    _tensor(A, "linalg_solve_ex", "A", 1)
    _tensor(B, "linalg_solve_ex", "B", 2)
    outs = tuple_out.bind(out, 2, 4, "linalg_solve_ex") or (None, None)
    pair = _solve(A, B, left, outs[0], "torch.linalg.solve_ex", check_errors, outs[1])
    return (linalg_solve_ex if out is None else linalg_solve_ex_out)(*pair)


def _entangled(dest: Tensor, info_out: Tensor | None) -> bool:
    """Tell whether the info out= shares bytes with the result: info is written after it."""
    return info_out is not None and shares_bytes(dest, info_out)


def _info_written(info_t: Tensor, info_out: Tensor | None, result: Tensor) -> None:
    """Bump the info out= (written last), forgetting what it wrote over the result."""
    if info_out is None:
        return
    if shares_bytes(info_t, result) and info_t.numel():
        store(info_t, Result(np.zeros(info_t.shape, np.int32)), True)
    info_t._bump()


def _inv(A: Tensor, out: Tensor | None, api: str, check: bool,  # noqa: N803
         info_out: Tensor | None = None) -> tuple[Tensor, Tensor]:
    """linalg.inv_ex: the identity solved for (TORCH_IMPL_FUNC(linalg_inv_ex_out))."""
    _square(A, "linalg.inv")
    _floating(A, "linalg.inv", False)
    shape = tuple(A._geom.shape)
    result = _output(A, shape, column_major_strides(shape), A.dtype, out, (A,))
    info_t = _info(A, info_out)
    _writable(out, info_out)
    if A.is_meta:
        tuple_out.bump(tuple(o for o in (out, info_out) if o is not None))
        return result, info_t
    if out is not None and result.numel() and shares_bytes(out, A) and \
            result._geom.strides == column_major_strides(shape):
        # out= of the layout the kernel asks for is written itself, not a proxy: inv_ex_out
        # fills it with the identity first, and the LU then reads A from memory that holds
        # it (inv(A, out=A) of a 1x1 or column-major A factors the identity: docs/torch-bugs.md)
        store(result, Result(np.broadcast_to(np.eye(shape[-1]), shape)), False)
    info, certain, known = _factors(A)
    if check:
        _check_errors(info, known, api, A.ndim == 2, True)
    _store_info(info_t, info, known)

    def write(dest: Tensor, clobbered: bool) -> None:
        if dest.numel() == 0:
            return
        n = shape[-1]
        eye = np.broadcast_to(np.eye(n), shape)
        a, a_def, a_tol = _matrices(A, shape[:-2])
        wide = np.complex128 if A.dtype.is_complex else np.float64
        values, lost, tolerance = np.zeros(shape, wide), np.ones(shape, np.bool_), 0.0
        for idx in np.ndindex(*shape[:-2]):
            if known[idx] and certain[idx] and not info[idx] and a_def[idx].all():
                x, loose, tol = lv.solved(a[idx], eye[idx], A.dtype, a_tol)
                values[idx], lost[idx], tolerance = x, loose, max(tolerance, tol)
        # out= aliasing A: inv_ex_out writes the identity into it before reading A
        store(dest, Result(values, lost, tolerance), clobbered or _entangled(dest, info_out))
    _finish(out, result, (A,), write)
    _info_written(info_t, info_out, result)
    return result, info_t


def inv(A: Tensor, *, out: Tensor | None = None) -> Tensor:  # noqa: N803 - torch's name
    """Return torch.linalg.inv(A, out=out)."""
    _tensor(A, "linalg_inv", "A", 1)
    return _inv(A, out, "linalg.inv", True)[0]


def inv_ex(A: Tensor, *, check_errors: bool = False, out: Any = None) -> Any:  # noqa: N803
    """Return torch.linalg.inv_ex(A, check_errors=check_errors, out=out)."""
    _tensor(A, "linalg_inv_ex", "A", 1)
    outs = tuple_out.bind(out, 2, 2, "linalg_inv_ex") or (None, None)
    pair = _inv(A, outs[0], "linalg.inv_ex", check_errors, outs[1])
    return (linalg_inv_ex if out is None else linalg_inv_ex_out)(*pair)


# -- det and slogdet ---------------------------------------------------------------------------
def _determinants(A: Tensor) -> tuple[np.ndarray, np.ndarray, float]:  # noqa: N803
    """Return det of each matrix of A's batch in double, which are undetermined, tolerance."""
    batch = tuple(A._geom.shape[:-2])
    info, certain, known = _factors(A)
    a, a_def, a_tol = _matrices(A, batch)
    values = np.zeros(batch, np.complex128 if A.dtype.is_complex else np.float64)
    lost = np.ones(batch, np.bool_)
    tolerance = 0.0
    for idx in np.ndindex(*batch):
        if known[idx] and a_def[idx].all():
            d, lost[idx], tol = lv.determinant(a[idx], int(info[idx]), bool(certain[idx]),
                                               A.dtype, a_tol)
            values[idx] = d if A.dtype.is_complex else d.real
            tolerance = max(tolerance, tol)
    return values, lost, tolerance


def det(A: Tensor, *, out: Tensor | None = None) -> Tensor:  # noqa: N803 - torch's name
    """Return torch.linalg.det(A, out=out)."""
    _tensor(A, "linalg_det", "A", 1)
    _square(A, "linalg.det")
    _floating(A, "linalg.det", True)
    shape = tuple(A._geom.shape[:-2])
    result = _output(A, shape, contiguous_strides(shape), A.dtype, out, (A,))
    _writable(out)
    _lu_kernel(A)
    if A.is_meta:
        return result

    def write(dest: Tensor, clobbered: bool) -> None:
        values, lost, tolerance = _determinants(A)
        store(dest, Result(values, lost, tolerance, loose_zeros=True), clobbered)
    return _finish(out, result, (A,), write)


def slogdet(A: Tensor, *, out: Any = None) -> Any:  # noqa: N803 - torch's name
    """Return torch.linalg.slogdet(A, out=out): the sign (phase) and log of |det|."""
    _tensor(A, "linalg_slogdet", "A", 1)
    outs = tuple_out.bind(out, 2, 1, "linalg_slogdet") or (None, None)
    _square(A, "linalg.slogdet")
    _floating(A, "linalg.slogdet", False)
    shape = tuple(A._geom.shape[:-2])
    real = A.dtype.to_real() if A.dtype.is_complex else A.dtype
    strides = contiguous_strides(shape)
    sign = _output(A, shape, strides, A.dtype, outs[0], (A,))
    logabs = _output(A, shape, strides, real, outs[1], (A,))
    named = linalg_slogdet if out is None else linalg_slogdet_out
    # outs over A's bytes or each other's: the LU is factored apart, then each is written
    clobbered = out is not None and (tuple_out.entangled((sign, logabs)) or any(
        shares_bytes(o, A) for o in (sign, logabs)))
    if A.is_meta or not sign.numel():
        tuple_out.bump(None if out is None else (sign, logabs))
        return named(sign, logabs)
    values, lost, tolerance = _determinants(A)
    mags = np.abs(values)
    with np.errstate(all="ignore"):
        phase = np.where(mags == 0, 0, values / np.where(mags == 0, 1, mags))
        log = np.log(mags)
        log_tol = np.where(np.isfinite(log) & (log != 0), tolerance / np.abs(log), np.inf)
    # a real sign is exactly +-1 once det's bound keeps it off zero; a phase is as precise
    store(sign, Result(phase if A.dtype.is_complex else np.sign(values.real), lost,
                       tolerance if A.dtype.is_complex else 0.0), clobbered)
    log_lost = lost | ((mags != 0) & ~(log_tol <= 2.0**-7))
    kept = log_tol[~log_lost & (mags != 0)]
    store(logabs, Result(log, log_lost, float(kept.max()) + real.eps if kept.size else 0.0),
          clobbered)
    tuple_out.bump(None if out is None else (sign, logabs))
    return named(sign, logabs)

