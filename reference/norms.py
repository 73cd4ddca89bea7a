"""torch.linalg's vector_norm, matrix_norm and norm, and torch.norm / Tensor.norm.

vector_norm (aten/src/ATen/native/LinearAlgebra.cpp TORCH_META_FUNC(linalg_vector_norm)) is a
structured reduction: floating or complex input, a real ord, the empty check (ord < 0 or inf
has no identity: no dims, or an empty one, refused), the dtype= check
(check_linalg_norm_dtype), then every reduction's contiguous result of the reduced shape
(reductions.py), of dtype= or the input's dtype made real. Its values are those of the model's
reduction driver: p-norms in double within one rounding per element summed.

matrix_norm (LinearAlgebra.cpp linalg_matrix_norm, both overloads) is a composite: the order
checked first, then A's rank and dtype (half and bfloat16 refused where the SVD runs: 'nuc',
2 and -2), two distinct dims, dtype=. 'fro' is vector_norm over the pair; 1, -1, inf and -inf
the amax / amin of vector_norm(A, 1) over one dim along the other; 'nuc', 2 and -2 the sum,
amax or amin of svdvals of A with the pair moved to the end, which keepdim unsqueezes and
permutes back: a view of the reduction's result. torch 2.13 gives zeros where a positive
order's amax runs over an empty dim (measured; amin refuses it). Its out= and linalg.norm's
compute the norm, check out='s dtype, resize it (resize_output) and copy in.

linalg.norm (linalg_norm) routes an ord with a dim pair, or with no dim on a 2-d input, to
matrix_norm, the rest to vector_norm (ord None is 2). torch.norm (torch/functional.py, the
strided CPU and meta path) routes 'fro' with at most two dims to vector_norm(2), other
strings to matrix_norm over dim (every dim when None), numbers to vector_norm.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, pointwise, signatures
from .dtypes import dtype as DType
from .geometry import contiguous_strides
from .iterator import Layout
from .operands import is_tensor
from .promotion import promote_types
from .reduction_values import Result
from .reductions import _reduce, reduced_dims, reduction_shape
from .views import wrap_dim, wrap_dims

if TYPE_CHECKING:
    from .tensor import Tensor

_EPS32 = 2.0**-23


def real_dtype(dt: DType) -> DType:
    """Return toRealValueType(dt): a complex dtype's real part, any other itself."""
    return dt.to_real() if dt.is_complex else dt


def p_norms(a: np.ndarray, p: float) -> np.ndarray:
    """Each row's p-norm (the last axis) of magnitudes a, in double."""
    if p == math.inf:
        return a.max(-1) if a.shape[-1] else np.zeros(a.shape[:-1])
    if p == -math.inf:
        return a.min(-1) if a.shape[-1] else np.zeros(a.shape[:-1])
    if p == 0:
        return (a != 0).sum(-1).astype(np.float64)
    if p == 1:
        return a.sum(-1)
    if p == 2:
        return np.sqrt((a * a).sum(-1))
    return (a**p).sum(-1) ** (1.0 / p)


def norm_bound(n: int, dt: DType, t_in: float, p: float) -> float:
    """Return the relative error of a p-norm of n elements: one rounding of the accumulation
    type per element, the input's own relative error, the result's rounding."""
    if p in (0, math.inf, -math.inf):
        return t_in
    acc = float(np.finfo(np.float64).eps) if dt is dtypes.float64 else _EPS32
    return (n + 4) * acc + t_in + 2 * dt.eps


def norms_of(s: np.ndarray, p: float, dt: DType, t_in: float) -> Result:
    """Return the p-norms of the last axis of s (the values of an input) in result dtype dt."""
    return Result(p_norms(np.abs(s).astype(np.float64), p), None,
                  norm_bound(s.shape[-1], dt, t_in, p))


def _number(x: Any) -> bool:
    return isinstance(x, (bool, int, float, np.number)) and not isinstance(x, complex)


def _dims(dim: Any) -> tuple[int, ...] | None:
    if dim is None:
        return None
    if isinstance(dim, (int, np.integer)) and not isinstance(dim, bool):
        return (int(dim),)
    return tuple(int(d) for d in dim)


def _check_dtype(opt: DType | None, self_dt: DType, name: str) -> None:
    """LinearAlgebra.cpp check_linalg_norm_dtype."""
    if opt is None:
        return
    if not (opt.is_floating_point or opt.is_complex):
        raise errors.fail("norm_dtype_kind", op=name, type=opt.scalar_name)
    if self_dt.is_complex != opt.is_complex:
        kind = "complex" if self_dt.is_complex else "real"
        raise errors.fail("norm_dtype_complexity", op=name, kind=kind, type=opt.scalar_name)
    if promote_types(self_dt, opt) is not opt:
        raise errors.fail("norm_dtype_narrowing", op=name, src=self_dt.scalar_name,
                          dst=opt.scalar_name)


def _ord_text(p: float) -> str:
    """Return a Scalar's text in a message: c10 prints an integral double without a point."""
    return f"{p:g}"


def vector_norm(x: Tensor, ord: Any = 2, dim: Any = None,  # noqa: A002 - torch's name
                keepdim: bool = False, *, dtype: DType | None = None,
                out: Tensor | None = None) -> Tensor:
    """Return torch.linalg.vector_norm(x, ord, dim, keepdim, dtype=, out=)."""
    if not is_tensor(x):
        raise errors.fail("argument_position_type", op="linalg_vector_norm", arg="input", pos=1,
                          want="Tensor", type=signatures.typename(x))
    if isinstance(ord, complex):
        raise errors.fail("norm_complex_ord", op="linalg.vector_norm")
    if not _number(ord):
        raise errors.fail("argument_keyword_type", op="linalg_vector_norm", arg="ord",
                          want="Number", type=signatures.typename(ord))
    if not (x.dtype.is_floating_point or x.dtype.is_complex):
        raise errors.fail("vector_norm_dtype", type=x.dtype.scalar_name)
    p = float(ord)
    given = _dims(dim)
    if x.numel() == 0 and (p < 0 or p == math.inf):
        if not given:
            raise errors.fail("vector_norm_empty_all", p=_ord_text(p))
        for d in given:
            if x.size(d) == 0:
                raise errors.fail("vector_norm_empty", p=_ord_text(p), dim=d)
    _check_dtype(dtype, x.dtype, "linalg.vector_norm")
    dims = reduced_dims(x.ndim, given)
    result = real_dtype(dtype or x.dtype)
    pointwise.check_out_dtype(out, result)
    shape = reduction_shape(tuple(x._geom.shape), dims, keepdim)
    if out is x and tuple(x._geom.shape) != shape:
        # the meta function resizes out=, which is the input: the kernel then wraps the dims
        # against the resized input, and reads what the resize left
        pointwise.resize_out(out, Layout((shape, contiguous_strides(shape))))
        wrap_dims(given or (), x.ndim)
        # what the kernel does next (resize again, refuse the overlap, misread a broadcast)
        # depends on the resized input: not followed
        raise errors.fail("not_modelled", what="vector_norm into its own input resized")
    return _reduce(x, dims, keepdim, [result], [out],
                   lambda s, t_in: [norms_of(s, p, result, t_in)])[0]


# -- matrix norms ------------------------------------------------------------------------------
def _backshift(d0: int, d1: int, ndim: int) -> list[int]:
    """LinearAlgebraUtils.h create_dim_backshift_permutation: the pair moved to the end."""
    return [d for d in range(ndim) if d not in (d0, d1)] + [d0, d1]


def _max_min(t: Tensor, dim: int, keepdim: bool, positive: bool) -> Tensor:
    """amax or amin along dim; torch 2.13's positive orders give zeros over an empty dim."""
    if positive and t.numel() == 0 and t.ndim and t.size(dim) == 0:
        shape = reduction_shape(tuple(t._geom.shape), (wrap_dim(dim, t.ndim),), keepdim)
        return type(t)._fresh(shape, None, t.dtype, t.device).zero_()  # written: version 1
    return t.amax(dim, keepdim) if positive else t.amin(dim, keepdim)


def _matrix_checks(A: Tensor, dim: Any, dtype: DType | None,  # noqa: N803 - torch's name
                   low: bool) -> list[int]:
    """LinearAlgebra.cpp _linalg_matrix_norm_checks: A, then dim, then dtype."""
    if A.ndim < 2:
        raise errors.fail("linalg_matrix", op="linalg.matrix_norm")
    if not (A.dtype.is_floating_point or A.dtype.is_complex):
        raise errors.fail("linalg_floating", op="linalg.matrix_norm", type=A.dtype.scalar_name)
    if not low and A.dtype in (dtypes.float16, dtypes.bfloat16):
        raise errors.fail("linalg_low_precision", op="linalg.matrix_norm",
                          type=A.dtype.scalar_name)
    dims = list(_dims(dim) or ())
    if len(dims) != 2:
        raise errors.fail("matrix_norm_dim", dims=" ".join(str(d) for d in dims))
    dims = [wrap_dim(d, A.ndim) for d in dims]  # maybe_wrap_dims: no repeat check
    if dims[0] == dims[1]:
        raise errors.fail("matrix_norm_same", a=dims[0], b=dims[1])
    _check_dtype(dtype, A.dtype, "linalg.matrix_norm")
    return dims


def _singular(A: Tensor, dims: list[int], dtype: DType | None,  # noqa: N803 - torch's name
              keepdim: bool, reduce: Any) -> Tensor:
    """Reduce svdvals of A with dims moved to the end; keepdim restores the dims as a view."""
    from .linalg_decompositions import svdvals
    perm = _backshift(dims[0], dims[1], A.ndim)
    a = A.to(dtype) if dtype is not None else A
    result = reduce(svdvals(a.permute(perm)))
    if keepdim:
        reverse = [perm.index(d) for d in range(A.ndim)]
        result = result.unsqueeze(-1).permute(reverse)
    return result


def _matrix_norm(A: Tensor, ord: Any, dim: Any, keepdim: bool,  # noqa: A002, N803
                 dtype: DType | None) -> Tensor:
    if not is_tensor(A):
        raise errors.fail("argument_position_type", op="linalg_matrix_norm", arg="input", pos=1,
                          want="Tensor", type=signatures.typename(A))
    if isinstance(ord, str):
        if ord not in ("fro", "nuc"):
            raise errors.fail("matrix_norm_order", ord=ord)
        dims = _matrix_checks(A, dim, dtype, ord != "nuc")
        if ord == "fro":
            return vector_norm(A, 2, dims, keepdim, dtype=dtype)
        return _singular(A, dims, dtype, keepdim, lambda s: s.sum(-1, keepdim))
    if isinstance(ord, complex):
        raise errors.fail("norm_complex_ord", op="linalg.matrix_norm")
    p = float(ord)
    if abs(p) not in (1.0, 2.0, math.inf):
        raise errors.fail("matrix_norm_order", ord=_ord_text(p))
    dims = _matrix_checks(A, dim, dtype, abs(p) != 2.0)
    if abs(p) == 2.0:
        return _singular(A, dims, dtype, keepdim, lambda s: _max_min(s, -1, keepdim, p > 0))
    if abs(p) == math.inf:
        dims.reverse()  # the inf norm is the 1 norm of the transpose
    if not keepdim and dims[0] < dims[1]:
        dims[1] -= 1
    return _max_min(vector_norm(A, 1.0, [dims[0]], keepdim, dtype=dtype), dims[1], keepdim,
                    p > 0)


def _copy_out(result: Tensor, out: Tensor | None, name: str) -> Tensor:
    """linalg_matrix_norm_out / linalg_norm_out: dtype check, resize_output, copy_."""
    if out is None:
        return result
    if out.dtype is not result.dtype:
        raise errors.fail("norm_out_dtype", op=name, want=result.dtype.scalar_name,
                          got=out.dtype.scalar_name)
    shape = tuple(result._geom.shape)
    if out._geom.shape != shape:
        pointwise.resize_out(out, Layout((shape, contiguous_strides(shape))))
    return out.copy_(result)


def matrix_norm(A: Tensor, ord: Any = "fro", dim: Any = (-2, -1),  # noqa: A002, N803
                keepdim: bool = False, *, dtype: DType | None = None,
                out: Tensor | None = None) -> Tensor:
    """Return torch.linalg.matrix_norm(A, ord, dim, keepdim, dtype=, out=)."""
    if dim is None or isinstance(dim, (int, np.integer)):
        raise errors.fail("argument_overloads", op="linalg_matrix_norm",
                          type=f"Tensor, dim={type(dim).__name__}")
    return _copy_out(_matrix_norm(A, ord, dim, keepdim, dtype), out, "linalg.matrix_norm")


def _linalg_norm(X: Tensor, ord: Any, dim: Any, keepdim: bool,  # noqa: A002, N803
                 dtype: DType | None) -> Tensor:
    """LinearAlgebra.cpp linalg_norm, both overloads."""
    given = _dims(dim)
    if given is not None:
        if len(given) not in (1, 2):
            raise errors.fail("linalg_norm_dim", dims=list(given))
    elif ord is not None and X.ndim not in (1, 2):
        raise errors.fail("linalg_norm_rank", ndim=X.ndim)
    if isinstance(ord, str):
        return _matrix_norm(X, ord, list(given) if given else [0, 1], keepdim, dtype)
    if ord is not None and ((given is not None and len(given) == 2) or
                            (given is None and X.ndim == 2)):
        return _matrix_norm(X, ord, list(given) if given else [0, 1], keepdim, dtype)
    return vector_norm(X, 2.0 if ord is None else ord, given, keepdim, dtype=dtype)


def norm(X: Tensor, ord: Any = None, dim: Any = None,  # noqa: A002, N803 - torch's names
         keepdim: bool = False, *, out: Tensor | None = None,
         dtype: DType | None = None) -> Tensor:
    """Return torch.linalg.norm(X, ord, dim, keepdim, out=, dtype=)."""
    if not is_tensor(X):
        raise errors.fail("argument_position_type", op="linalg_norm", arg="input", pos=1,
                          want="Tensor", type=signatures.typename(X))
    return _copy_out(_linalg_norm(X, ord, dim, keepdim, dtype), out, "linalg.norm")


def legacy_norm(input: Tensor, p: Any = "fro", dim: Any = None,  # noqa: A002 - torch's name
                keepdim: bool = False, out: Tensor | None = None,
                dtype: DType | None = None) -> Tensor:
    """Return torch.norm(input, p, dim, keepdim, out, dtype) as torch/functional.py routes a
    strided CPU (or meta) tensor."""
    given = None if dim is None else list(_dims(dim) or ())
    if isinstance(p, str):
        if p == "fro" and (dim is None or isinstance(dim, int) or len(dim) <= 2):
            return vector_norm(input, 2, given, keepdim, dtype=dtype, out=out)
        whole = given if given is not None else list(range(input.ndim))
        return matrix_norm(input, p, whole, keepdim, dtype=dtype, out=out)
    return vector_norm(input, 2.0 if p is None else p, given, keepdim, dtype=dtype, out=out)


class NormMethods:
    """Tensor.norm."""

    __slots__ = ()

    def norm(self: Tensor, p: Any = "fro", dim: Any = None,  # type: ignore[misc]
             keepdim: bool = False, dtype: DType | None = None) -> Tensor:
        return legacy_norm(self, p, dim, keepdim, dtype=dtype)

    norm.__qualname__ = "Tensor.norm"  # as TypeErrors name it


FUNCTIONS: dict[str, Any] = {"norm": legacy_norm}
