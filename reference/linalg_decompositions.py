"""torch.linalg's decompositions: svd, svdvals, eigh, eigvalsh, cholesky, cholesky_ex, eig,
eigvals.

Layouts (aten/src/ATen/native/BatchLinearAlgebra.cpp TORCH_META_FUNC(_linalg_svd),
TORCH_META_FUNC(_linalg_eigh), TORCH_META_FUNC(linalg_cholesky_ex), linalg_eig_out): every
matrix result is a batch of column-major matrices (column_major_strides; svd's Vh on CUDA,
which cuSOLVER computes as V, row-major), every vector (singular values, eigenvalues) and
cholesky_ex's int32 info a contiguous tensor, whatever the input's layout. svd gives
U (*, m, m) and Vh (*, n, n), or (*, m, k) and (*, k, n) without full_matrices
(k = min(m, n)), and real S of the input's real dtype (toRealValueType); eigh real
eigenvalues; eig and eigvals complex results of a real input (toComplexType).

Checks, in each op's order: at least two dims, square matrices (not svd), a floating or
complex dtype (svd, cholesky; eigh lets an empty integer matrix through, eig refuses integers
first of all with "Unknown Complex ScalarType"), UPLO 'L' or 'U' (either case), then the
LAPACK kernel's dtypes, which svd, eigh and cholesky check only on inputs with elements and
eig always. Value-dependent refusals (torch._C._LinAlgError where torch raises it): svd of a
matrix with a NaN, cholesky of one that is not positive-definite, eig of any non-finite input.

Values: U, Vh and the eigenvectors are defined up to signs or phases, eig's eigenvalues come
in LAPACK's order: the model leaves them undetermined. Singular values, eigh's eigenvalues and
Cholesky's factor are unique (linalg_decomposition_values.py). The tuple out= of svd, eigh and
cholesky_ex runs as a structured kernel's (tuple_out.structured), and so does the single out=
of svdvals, eigvalsh and cholesky: torch writes it as one out of the same kernels, the others
empty dummies (linalg_svdvals_out calls _linalg_svd_out with empty U and Vh,
linalg_eigvalsh_out _linalg_eigh_out with an empty V, linalg_cholesky_out linalg_cholesky_ex_out
with an empty info, its errors checked after L is written). eig's out= is not modelled.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping, Sequence
from operator import itemgetter
from typing import TYPE_CHECKING, Any

import numpy as np

from . import errors, signatures, tuple_out, writes
from . import linalg_decomposition_values as lv
from .dtypes import dtype as DType
from .dtypes import int32
from .geometry import contiguous_strides
from .layouts import column_major_strides
from .ops import BY_KEY
from .reduction_values import Result
from .reductions import store

if TYPE_CHECKING:
    from .tensor import Tensor

# the dtypes LAPACK's kernels are instantiated for (AT_DISPATCH_FLOATING_AND_COMPLEX_TYPES)
_LAPACK = frozenset({"float32", "float64", "complex64", "complex128"})
# how many times n * eps (relative to the largest value) LAPACK's rounding may stray
_FACTOR = BY_KEY["linalg.svd"].tolerance


def _return_type(name: str, fields: tuple[str, ...]) -> Any:
    """Return a torch.return_types class: a tuple with named fields."""
    def new(cls: type, *items: Any) -> tuple[Any, ...]:
        return tuple.__new__(cls, items)

    def show(self: tuple[Any, ...]) -> str:
        inner = ",\n".join(f"{f}={v!r}" for f, v in zip(fields, self))
        return f"torch.return_types.{name}(\n{inner})"
    body: dict[str, Any] = {"__slots__": (), "__module__": "torch.return_types",
                            "__new__": new, "__repr__": show}
    body.update({f: property(itemgetter(i)) for i, f in enumerate(fields)})
    return type(name, (tuple,), body)


linalg_svd = _return_type("linalg_svd", ("U", "S", "Vh"))
linalg_eigh = _return_type("linalg_eigh", ("eigenvalues", "eigenvectors"))
linalg_eig = _return_type("linalg_eig", ("eigenvalues", "eigenvectors"))
linalg_cholesky_ex = _return_type("linalg_cholesky_ex", ("L", "info"))
# the classes torch returns from the tuple out= forms
linalg_svd_out = _return_type("linalg_svd_out", ("U", "S", "Vh"))
linalg_eigh_out = _return_type("linalg_eigh_out", ("eigenvalues", "eigenvectors"))
linalg_cholesky_ex_out = _return_type("linalg_cholesky_ex_out", ("L", "info"))

_SIGNATURES = {name: signatures.signature(text) for name, text in {
    "svd": "linalg_svd(Tensor A, bool full_matrices=True)",
    "svdvals": "linalg_svdvals(Tensor A, *, Tensor? out=None)",
    "eigh": "linalg_eigh(Tensor input)",
    "eigvalsh": "linalg_eigvalsh(Tensor input, *, Tensor? out=None)",
    "cholesky": "linalg_cholesky(Tensor input, *, bool upper=False, Tensor? out=None)",
    "cholesky_ex": "linalg_cholesky_ex(Tensor input, *, bool upper=False, "
                   "bool check_errors=False)",
    "eig": "linalg_eig(Tensor input)",
    "eigvals": "linalg_eigvals(Tensor input)",
}.items()}


# -- arguments -------------------------------------------------------------------------------
def _bind(name: str, args: Sequence[Any], kwargs: Mapping[str, Any], string: str = "",
          default: str | None = None, keyword_only: bool = False) -> tuple[dict[str, Any], Any]:
    """Bind a call, taking the one `str` parameter (UPLO, driver) apart from the parser's types."""
    sig = _SIGNATURES[name]
    rest, given = dict(kwargs), default
    positional = sig.max_pos_args + (0 if keyword_only or not string else 1)
    if len(args) > positional:
        raise errors.fail("extra_args_range", op=sig.name, least=1, most=positional,
                          given=len(args)) if positional > 1 else errors.fail(
            "extra_args", op=sig.name, most=1, plural="", given=len(args),
            verb="was" if len(args) == 1 else "were")
    at = sig.max_pos_args if string and not keyword_only and len(args) > sig.max_pos_args \
        else None
    if at is not None:
        given, args = args[at], args[:at]
    elif string in rest:
        given = rest.pop(string)
    bound = signatures.parse((sig,), args, rest)
    if string and not (given is None and default is None) and not isinstance(given, str):
        if at is not None:
            raise errors.fail("argument_position_type", op=sig.name, arg=string, pos=at + 1,
                              want="str", type=signatures.typename(given))
        raise errors.fail("argument_keyword_type", op=sig.name, arg=string, want="str",
                          type=signatures.typename(given))
    return bound, given


# -- checks ----------------------------------------------------------------------------------
def _check_matrix(A: Tensor, op: str) -> None:  # noqa: N803 - torch's name
    """Refuse fewer than two dims (checkIsMatrix)."""
    if A.ndim < 2:
        raise errors.fail("linalg_matrix", op=op)


def _check_square(A: Tensor, op: str) -> None:  # noqa: N803
    """Refuse non-square matrices (squareCheckInputs)."""
    _check_matrix(A, op)
    if A.shape[-1] != A.shape[-2]:
        raise errors.fail("linalg_square", op=op, m=A.shape[-2], n=A.shape[-1])


def _check_floating(A: Tensor, op: str) -> None:  # noqa: N803
    """Refuse integer and bool dtypes (checkFloatingOrComplex)."""
    if not (A.dtype.is_floating_point or A.dtype.is_complex):
        raise errors.fail("linalg_floating", op=op, type=A.dtype.scalar_name)


def _check_kernel(A: Tensor, kernel: str, always: bool = False) -> None:  # noqa: N803
    """Refuse the dtypes LAPACK's CPU kernel has no instance for (on inputs with elements)."""
    if (always or A.numel()) and A.dtype.name not in _LAPACK and not A.is_meta:
        raise errors.fail("kernel_dtype", kernel=kernel, type=A.dtype.scalar_name)


def _real(dt: DType) -> DType:
    return dt.to_real() if dt.is_complex else dt


def _batch(A: Tensor, index: int) -> str:  # noqa: N803
    """Name the failing matrix of a batch as _linalg_check_errors does."""
    return f"(Batch element {index}): " if A.ndim > 2 else ""


# -- allocation and values -------------------------------------------------------------------
def _matrix(A: Tensor, shape: tuple[int, ...], dt: DType) -> Tensor:  # noqa: N803
    return type(A)._fresh(shape, column_major_strides(shape), dt, A.device)


def _vector(A: Tensor, shape: tuple[int, ...], dt: DType) -> Tensor:  # noqa: N803
    return type(A)._fresh(shape, contiguous_strides(shape), dt, A.device)


def _undetermined(*outs: Tensor) -> None:
    for t in outs:
        if t.numel() and not t.is_meta:
            writes.forget(t, np.ones(t.shape, np.bool_))


def _read(A: Tensor) -> tuple[np.ndarray, np.ndarray]:  # noqa: N803
    """Return the input's matrices (b, m, n) and which of them hold only defined values."""
    values = lv._matrices(np.asarray(A._values()))
    defined = np.asarray(lv._matrices(np.asarray(A._defined())).all(axis=(-2, -1)))
    return values, defined


def _store(dest: Tensor, values: np.ndarray, result: Result, defined: np.ndarray) -> None:
    """Store per-matrix results, undetermined for matrices with undefined inputs."""
    undefined = np.zeros(values.shape, np.bool_) if result.undefined is None \
        else result.undefined
    undefined = undefined | ~defined.reshape((-1,) + (1,) * (values.ndim - 1))
    store(dest, Result(values.reshape(dest.shape), undefined.reshape(dest.shape),
                       result.tolerance), False)


# -- svd -------------------------------------------------------------------------------------
def _svd(A: Tensor, full_matrices: bool, vectors: bool, driver: Any) -> tuple[Tensor, ...]:  # noqa: N803
    _check_matrix(A, "linalg.svd")
    _check_floating(A, "linalg.svd")
    if driver is not None:
        raise errors.fail("linalg_svd_driver")
    _check_kernel(A, "linalg_svd_cpu")
    *batch, m, n = A.shape
    k = min(m, n)
    rows, cols = (m, n) if full_matrices else (k, k)
    s = _vector(A, (*batch, k), _real(A.dtype))
    u = _matrix(A, (*batch, m, rows), A.dtype) if vectors else s
    # cuSOLVER computes V, not Vh: CUDA's Vh is row-major (TORCH_META_FUNC(_linalg_svd),
    # svd_uses_cusolver)
    vh = (_vector if A.device.type == "cuda" else _matrix)(A, (*batch, cols, n), A.dtype) \
        if vectors else s
    if A.is_meta or not A.numel():
        return u, s, vh
    a, defined = _read(A)
    values, has_nan = lv.singular_values(a.astype(np.complex128 if A.dtype.is_complex
                                                  else np.float64))
    failed = np.flatnonzero(has_nan & defined)
    if failed.size:
        raise errors.fail("linalg_svd_nonfinite", op="linalg.svd",
                          batch=_batch(A, int(failed[0])))
    _store(s, values, lv.spectrum(values, max(m, n), s.dtype.eps, _FACTOR), defined)
    if vectors:
        _undetermined(u, vh)
    return u, s, vh


def _out(kwargs: Mapping[str, Any], count: int, argnum: int, op: str
         ) -> tuple[dict[str, Any], tuple[Tensor, ...] | None]:
    """Take a tuple out= apart from the other keywords, checked as the parser checks it."""
    rest = dict(kwargs)
    return rest, tuple_out.bind(rest.pop("out", None), count, argnum, op)


def svd(*args: Any, **kwargs: Any) -> Any:
    """Return torch.linalg.svd(A, full_matrices=True, *, driver=None, out=None)."""
    rest, outs = _out(kwargs, 3, 3, "linalg_svd")
    bound, driver = _bind("svd", args, rest, "driver", keyword_only=True)
    full = bound.get("full_matrices", True)
    if outs is not None:
        return linalg_svd_out(*tuple_out.structured(
            lambda A: _svd(A, full, True, driver), (bound["A"],), outs, "linalg.svd"))
    return linalg_svd(*_svd(bound["A"], full, True, driver))


def svdvals(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.linalg.svdvals(A, *, driver=None, out=None) (an out= resized over A, which
    torch reads with garbage sizes, docs/torch-bugs.md, is not modelled)."""
    bound, driver = _bind("svdvals", args, kwargs, "driver", keyword_only=True)
    if (out := bound.get("out")) is not None:
        return tuple_out.structured(lambda A: _svd(A, False, False, driver)[1:2],
                                    (bound["A"],), (out,), "linalg.svdvals")[0]
    return _svd(bound["A"], False, False, driver)[1]


# -- eigh ------------------------------------------------------------------------------------
def _eigh(name: str, args: Sequence[Any], kwargs: Mapping[str, Any], vectors: bool
          ) -> tuple[Tensor, Tensor]:
    bound, uplo = _bind(name, args, kwargs, "UPLO", "L")
    A = bound["input"]  # noqa: N806 - torch's name
    _check_square(A, "linalg.eigh")
    if uplo.upper() not in ("L", "U") or len(uplo) != 1:
        raise errors.fail("linalg_uplo", uplo=uplo)
    _check_kernel(A, "linalg_eigh_cpu")
    *batch, n, _ = A.shape
    w = _vector(A, (*batch, n), _real(A.dtype))
    v = _matrix(A, tuple(A.shape), A.dtype) if vectors else w
    if A.is_meta or not A.numel():
        return w, v
    a, defined = _read(A)
    values, finite = lv.hermitian_eigenvalues(
        a.astype(np.complex128 if A.dtype.is_complex else np.float64), uplo.upper())
    _store(w, values, lv.spectrum(values, n, w.dtype.eps, _FACTOR), defined & finite)
    if vectors:
        _undetermined(v)
    return w, v


def eigh(*args: Any, **kwargs: Any) -> Any:
    """Return torch.linalg.eigh(A, UPLO='L', *, out=None)."""
    rest, outs = _out(kwargs, 2, 2, "linalg_eigh")
    if outs is not None:
        A = _bind("eigh", args, rest, "UPLO", "L")[0]["input"]  # noqa: N806 - torch's name
        return linalg_eigh_out(*tuple_out.structured(
            lambda t: _eigh("eigh", (t, *args[1:]), rest, True), (A,), outs, "linalg.eigh"))
    return linalg_eigh(*_eigh("eigh", args, kwargs, True))


def eigvalsh(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.linalg.eigvalsh(A, UPLO='L', *, out=None)."""
    bound = _bind("eigvalsh", args, kwargs, "UPLO", "L")[0]
    if (out := bound.get("out")) is not None:
        rest = {k: v for k, v in kwargs.items() if k != "out"}
        return tuple_out.structured(
            lambda t: _eigh("eigvalsh", (t, *args[1:]), rest, False)[:1], (bound["input"],),
            (out,), "linalg.eigvalsh")[0]
    return _eigh("eigvalsh", args, kwargs, False)[0]


# -- cholesky --------------------------------------------------------------------------------
def _cholesky(A: Tensor, upper: bool) -> tuple[Tensor, Tensor, np.ndarray]:  # noqa: N803
    """Return L (or U), info and the info values (None on meta or without elements)."""
    _check_square(A, "linalg.cholesky")
    _check_floating(A, "linalg.cholesky")
    _check_kernel(A, "cholesky_cpu")
    low = _matrix(A, tuple(A.shape), A.dtype)
    info = _vector(A, tuple(A.shape[:-2]), int32)
    codes = np.zeros(max(info.numel(), 0), np.int32)
    if A.is_meta:
        return low, info, codes
    if not A.numel():
        store(info, Result(codes), False)
        return low, info, codes
    a, defined = _read(A)
    if upper:  # the upper triangle read as the lower one of the conjugate transpose
        a = np.swapaxes(a, -1, -2).conj()
    factor = lv.cholesky(a, A.dtype.eps, _FACTOR)
    values = factor.result.values
    if upper:
        values = np.swapaxes(values, -1, -2).conj()
    undefined = factor.result.undefined
    assert undefined is not None, "cholesky marks what it leaves undetermined"
    if upper:
        undefined = np.swapaxes(undefined, -1, -2)
    _store(low, values, Result(values, undefined, factor.result.tolerance), defined)
    codes = factor.info
    store(info, Result(codes.reshape(info.shape), None if defined.all() else ~defined.reshape(
        info.shape)), False)
    return low, info, np.where(defined, codes, 0)


def _raise_info(A: Tensor, op: str, codes: np.ndarray) -> None:  # noqa: N803
    failed = np.flatnonzero(codes)
    if failed.size:
        i = int(failed[0])
        raise errors.fail("linalg_not_pd", op=op, batch=_batch(A, i), order=int(codes[i]))


def cholesky(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.linalg.cholesky(A, *, upper=False, out=None)."""
    bound = signatures.parse((_SIGNATURES["cholesky"],), args, kwargs)
    out = bound.get("out")
    A, upper = bound["input"], bound.get("upper", False)  # noqa: N806 - torch's name
    found: list[np.ndarray] = []

    def factor(t: Tensor) -> tuple[Tensor]:
        low, _, codes = _cholesky(t, upper)
        found.append(codes)
        return (low,)
    low = factor(A)[0] if out is None else tuple_out.structured(
        factor, (A,), (out,), "linalg.cholesky")[0]
    _raise_info(A, "linalg.cholesky", found[-1])  # after out= is written
    return low


def cholesky_ex(*args: Any, **kwargs: Any) -> Any:
    """Return torch.linalg.cholesky_ex(A, *, upper=False, check_errors=False, out=None)."""
    rest, outs = _out(kwargs, 2, 3, "linalg_cholesky_ex")
    bound = signatures.parse((_SIGNATURES["cholesky_ex"],), args, rest)
    A, upper = bound["input"], bound.get("upper", False)  # noqa: N806 - torch's name
    found: list[np.ndarray] = []

    def factor(t: Tensor) -> tuple[Tensor, Tensor]:
        low, info, codes = _cholesky(t, upper)
        found.append(codes)
        return low, info
    pair = factor(A) if outs is None else tuple_out.structured(
        factor, (A,), outs, "linalg.cholesky_ex")
    if bound.get("check_errors", False):  # after the outs are written
        _raise_info(A, "linalg.cholesky_ex", found[-1])
    return (linalg_cholesky_ex if outs is None else linalg_cholesky_ex_out)(*pair)


# -- eig -------------------------------------------------------------------------------------
def _eig(name: str, args: Sequence[Any], kwargs: Mapping[str, Any], vectors: bool
         ) -> tuple[Tensor, Tensor]:
    A = signatures.parse((_SIGNATURES[name],), args, kwargs)["input"]  # noqa: N806
    dt = A.dtype
    if not (dt.is_floating_point or dt.is_complex):
        raise errors.fail("linalg_complex_type", type=dt.scalar_name)
    if dt.name == "float16":  # its results are allocated as ComplexHalf first
        warnings.warn(errors.warning("complex_half_experimental"), stacklevel=3)
    op = f"linalg.{name}"
    _check_square(A, op)
    # eig alone checks (linalg_eig_out); eigvals of a NaN crashes torch's CPU kernel instead
    if vectors and not A.is_meta and A.numel() and not np.isfinite(
            np.asarray(A._values())).all():
        raise errors.fail("linalg_eig_finite")
    _check_kernel(A, "linalg_eig_out_cpu", always=True)
    complex_dt = dt if dt.is_complex else dt.to_complex()
    *batch, n, _ = A.shape
    w = _vector(A, (*batch, n), complex_dt)
    v = _matrix(A, tuple(A.shape), complex_dt) if vectors else w
    _undetermined(w, v)
    return w, v


def eig(*args: Any, **kwargs: Any) -> Any:
    """Return torch.linalg.eig(A) (no out=)."""
    return linalg_eig(*_eig("eig", args, kwargs, True))


def eigvals(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.linalg.eigvals(A) (no out=)."""
    return _eig("eigvals", args, kwargs, False)[0]
