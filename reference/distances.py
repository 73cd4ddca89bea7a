"""torch.nn.functional's normalize, cosine_similarity and pairwise_distance, and torch.cdist,
as torch 2.13 computes them on CPU; each is a composite of the model's own ops.

normalize (torch/nn/functional.py): input / input.norm(p, dim, keepdim=True).clamp_min(eps)
.expand_as(input), so TensorIterator's layout of the input and an expanded operand; with
out=, clamp_min_ and torch.div(..., out=out). Tensor.norm with a number p and an int dim is
linalg.vector_norm (aten/src/ATen/native/LinearAlgebra.cpp): floating or complex inputs
only, a real result of the reduced shape, contiguous, as every reduction's (norms.py).

cosine_similarity (aten/src/ATen/native/Distance.cpp): a floating common dtype, integer
operands cast to it, both broadcast (expand_outplace), each divided by its clamped
vector_norm along dim, their product summed along dim: sum's contiguous result.
pairwise_distance (Distance.cpp): at::norm(x1 - x2 + eps, p, the last dim of the larger rank,
keepdim): contiguous.

cdist (torch/functional.py cdist, Distance.cpp cdist and cdist_impl): at least 2-d operands
with as many columns, floating dtypes, p >= 0; the batch dims broadcast. An empty result is a
new empty tensor, no columns a zero one; p = 2 with compute_mode use_mm_for_euclid_dist (or,
by default, more than 25 rows on either side) is _euclidean_dist's matmul of the (B, r1, r2)
batch viewed to the output's shape (a view of a new tensor); every other case a new
contiguous tensor the cdist kernel writes ("cdist": float and double only).

Values: the norms in double, within a bound of one rounding per element summed; the
composites inherit the model's own bounds. cdist's direct kernel is bounded likewise; its mm
path loses what cancellation in x^2 - 2xy + y^2 costs, which the bound leaves undetermined.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, pointwise
from .layouts import broadcast_shapes
from .norms import norm_bound, p_norms, vector_norm
from .promotion import result_type
from .reduction_values import Result
from .reductions import store

if TYPE_CHECKING:
    from .tensor import Tensor

_CAP = 2.0**-7
_EPS32 = 2.0**-23
_CDIST_DTYPES = frozenset({"float32", "float64"})
_MODES = {"use_mm_for_euclid_dist_if_necessary": 0, "use_mm_for_euclid_dist": 1,
          "donot_use_mm_for_euclid_dist": 2}


def normalize(input: Tensor, p: float = 2.0, dim: int = 1, eps: float = 1e-12,  # noqa: A002
              out: Tensor | None = None) -> Tensor:
    """Return torch.nn.functional.normalize(input, p, dim, eps, out)."""
    if out is None:
        denom = vector_norm(input, p, dim, True).clamp_min(eps).expand_as(input)
        return input / denom
    denom = vector_norm(input, p, dim, True).clamp_min_(eps).expand_as(input)
    return pointwise.compute("div", (input, denom), out=out, function="div")


def _expanded(x1: Tensor, x2: Tensor) -> tuple[Tensor, Tensor]:
    """ATen expand_outplace: both operands expanded to their broadcast shape."""
    shape = broadcast_shapes(x1._geom.shape, x2._geom.shape)
    return x1.expand(shape), x2.expand(shape)


def cosine_similarity(x1: Tensor, x2: Tensor, dim: int = 1, eps: float = 1e-8) -> Tensor:
    """Return torch.cosine_similarity(x1, x2, dim, eps) (Distance.cpp cosine_similarity)."""
    common = result_type(x1, x2)
    if not common.is_floating_point:
        raise errors.fail("cosine_dtype", dtype=common.scalar_name)
    a = x1.to(common) if not (x1.dtype.is_floating_point or x1.dtype.is_complex) else x1
    b = x2.to(common) if not (x2.dtype.is_floating_point or x2.dtype.is_complex) else x2
    a, b = _expanded(a, b)
    na = vector_norm(a, 2, dim, True)
    nb = vector_norm(b, 2, dim, True)
    na.clamp_min_(eps)
    nb.clamp_min_(eps)
    return ((a / na) * (b / nb)).sum(dim)


def pairwise_distance(x1: Tensor, x2: Tensor, p: float = 2.0, eps: float = 1e-6,
                      keepdim: bool = False) -> Tensor:
    """Return torch.pairwise_distance(...): norm(x1 - x2 + eps, p, last dim, keepdim)."""
    innermost = max(x1.ndim, x2.ndim) - 1
    diff = (x1 - x2) + eps
    return vector_norm(diff, p, innermost, keepdim)


# -- cdist --------------------------------------------------------------------------------------

def _cdist_values(a: np.ndarray, b: np.ndarray, p: float, dt: dtypes.dtype, t_in: float,
                  mm: bool) -> Result:
    """Distances between the rows of a (B, r1, c) and b (B, r2, c), with their bounds."""
    diff = np.abs(a[:, :, None, :] - b[:, None, :, :])
    values = p_norms(diff, p)
    acc = float(np.finfo(np.float64).eps) if dt is dtypes.float64 else _EPS32
    c = a.shape[-1]
    if not mm:
        bound = np.full(values.shape, norm_bound(c, dt, t_in, p) + (c + 2) * acc)
        if p in (0, math.inf, -math.inf):
            bound = np.full(values.shape, t_in + 2 * acc)
        return Result(values, np.isnan(values), float(bound.max()) if bound.size else 0.0)
    # x^2 - 2xy + y^2: its absolute error scales with the squared magnitudes
    squares = ((a * a).sum(-1)[:, :, None] + (b * b).sum(-1)[:, None, :])
    with np.errstate(all="ignore"):
        bound = (4 * (c + 4) * acc + 2 * t_in) * squares / (2 * values * values)
    bound = np.where(squares == 0, 0.0, bound)
    loose = ~(bound <= _CAP)
    kept = bound[~loose]
    return Result(values, loose, max(float(kept.max()) if kept.size else 0.0, 2 * dt.eps))


def cdist(x1: Tensor, x2: Tensor, p: float = 2.0,
          compute_mode: str = "use_mm_for_euclid_dist_if_necessary") -> Tensor:
    """Return torch.cdist(x1, x2, p, compute_mode)."""
    if compute_mode not in _MODES:
        raise errors.fail("cdist_mode", mode=compute_mode)
    mode = _MODES[compute_mode]
    for name, x in (("X1", x1), ("X2", x2)):
        if x.ndim < 2:
            raise errors.fail("cdist_rank", name=name, ndim=x.ndim)
    if x1._geom.shape[-1] != x2._geom.shape[-1]:
        raise errors.fail("cdist_columns", c1=x1._geom.shape[-1], c2=x2._geom.shape[-1])
    for name, x in (("X1", x1), ("X2", x2)):
        if not x.dtype.is_floating_point:
            raise errors.fail("cdist_dtype", name=name, type=x.dtype.scalar_name)
    if p < 0:
        raise errors.fail("cdist_p")
    r1, r2, c = x1._geom.shape[-2], x2._geom.shape[-2], x1._geom.shape[-1]
    batch = broadcast_shapes(x1._geom.shape[:-2], x2._geom.shape[:-2])
    shape = (*batch, r1, r2)
    new = type(x1)._fresh
    if r1 == 0 or r2 == 0 or 0 in batch:
        return new(shape, None, x1.dtype, x1.device)
    if c == 0:
        return new(shape, None, x1.dtype, x1.device, zero=True)
    mm = p == 2 and (mode == 1 or (mode == 0 and (r1 > 25 or r2 > 25)))
    b = math.prod(batch)
    if mm:
        # matmul's result: an mm's (r1, r2) for unbatched operands, else bmm's (B, r1, r2)
        base = new((b, r1, r2) if batch else (r1, r2), None, x1.dtype, x1.device)
        result = base.view(shape)
    else:
        if not x1.is_meta and x1.dtype.name not in _CDIST_DTYPES:
            raise errors.fail("kernel_dtype", kernel="cdist", type=x1.dtype.scalar_name)
        result = base = new(shape, None, x1.dtype, x1.device)
    if result.is_meta:
        return result
    a = x1.expand((*batch, r1, c))
    bb = x2.expand((*batch, r2, c))
    known_a = np.asarray(a._defined().reshape(b, r1, c).all(-1))
    known_b = np.asarray(bb._defined().reshape(b, r2, c).all(-1))
    lost = ~(known_a[:, :, None] & known_b[:, None, :])
    values = _cdist_values(a._values().reshape(b, r1, c).astype(np.float64),
                           bb._values().reshape(b, r2, c).astype(np.float64), p, x1.dtype,
                           max(x1._tolerance(), x2._tolerance()), mm)
    undefined = lost if values.undefined is None else (lost | values.undefined)
    store(base, Result(values.values.reshape(base.shape), undefined.reshape(base.shape),
                       values.tolerance), False)
    return result


FUNCTIONS: dict[str, Any] = {"cdist": cdist, "cosine_similarity": cosine_similarity,
                             "pairwise_distance": pairwise_distance}
