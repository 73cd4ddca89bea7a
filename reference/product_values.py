"""What a matrix product stores, which of its elements it leaves open, and how precisely.

Values are computed in float64 / complex128 / int64 and stored as the output's dtype. Integer
products wrap as torch's do. Floating products are exact when every partial sum is a
representable multiple of one quantum (small-integer inputs); otherwise they carry a
tolerance relative to each element's magnitude, and elements whose terms cancel too much to
bound that way are left undefined (see `contract`). products.py runs the ops and calls these.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from . import dtypes, writes
from .dtypes import dtype as DType
from .geometry import aliases_internally
from .overlap import shares_bytes

if TYPE_CHECKING:
    from .tensor import Tensor

Shape = tuple[int, ...]

# An element whose terms' magnitudes add up to more than this many times its own is left
# undefined when the product is inexact: its relative error has no useful bound.
_CANCELLATION = 64.0
# (significand bits, smallest subnormal, largest finite) of each real floating type
_FORMATS = {"float16": (11, 2.0**-24, 65504.0), "bfloat16": (8, 2.0**-133, 3.3895313892515355e38),
            "float32": (24, 2.0**-149, 3.4028234663852886e38),
            "float64": (53, 2.0**-1074, 1.7976931348623157e308)}


@dataclass(frozen=True, slots=True)
class Product:
    """A product's values, the elements it leaves undefined and the tolerance of the rest."""

    values: np.ndarray
    undefined: np.ndarray
    tolerance: float
    # whether the values hold bits torch does not fix: a NaN's sign and payload, or the sign
    # of a zero (BLAS starts from +0, a kernel's first product may be -0)
    loose: bool


def _numbers(t: Tensor) -> tuple[np.ndarray, np.ndarray]:
    """Return t's values widened to the type products are computed in, and its defined mask."""
    values = t._values()
    wide = np.complex128 if t.dtype.is_complex else (
        np.float64 if t.dtype.is_floating_point else np.int64)
    defined = t._defined()
    return np.where(defined, values.astype(wide), 0), defined


def cancellation(terms: np.ndarray, values: np.ndarray, undefined: np.ndarray
                 ) -> tuple[np.ndarray, float]:
    """Leave undefined the finite elements whose terms' magnitudes exceed _CANCELLATION times
    their own; return the new mask and the largest such ratio among the elements kept."""
    with np.errstate(all="ignore"):
        ratio = np.where(terms > 0, terms / np.abs(values), 0.0)
    kept = ~np.isfinite(values) | (ratio <= _CANCELLATION)
    undefined = undefined | ~kept
    usable = ratio[kept & ~undefined & np.isfinite(ratio)]
    return undefined, float(usable.max()) if usable.size else 0.0


def _quantum(x: np.ndarray) -> float:
    """Return the largest power of two every finite component of x is a multiple of."""
    parts = np.concatenate([x.real.ravel(), x.imag.ravel()]) if x.dtype.kind == "c" else x.ravel()
    parts = np.abs(parts[np.isfinite(parts) & (parts != 0)])
    if parts.size == 0:
        return float("inf")
    mantissa, exponent = np.frexp(parts)
    digits = (mantissa * 2.0**53).astype(np.int64)
    lowest = (digits & -digits).astype(np.float64)
    return float(np.min(np.ldexp(lowest, exponent - 53)))


def _magnitude(x: np.ndarray) -> np.ndarray:
    """Return |x| per element, |re| + |im| for complex x, with non-finite elements as 0."""
    size = np.abs(x.real) + np.abs(x.imag) if x.dtype.kind == "c" else np.abs(x)
    return np.where(np.isfinite(size), size, 0.0)


def contract(a: Tensor, b: Tensor, a_shape: Shape, b_shape: Shape, dt: DType) -> Product:
    """Return the product of a (viewed as a_shape, `(..., m, k)`) and b (`(..., k, n)`).

    An element is undefined where a term it sums was. Floating products are exact when all
    terms are multiples of one quantum q and their magnitudes add up to at most 2**p * q
    (p significand bits of dt): then every partial sum, in any order, is representable.
    Otherwise each element may stray by ((k + 2) * eps + input tolerances) times the sum of
    its terms' magnitudes S (any summation order; CPU kernels accumulate half and bfloat16
    in float32), which is a tolerance relative to the element only where S is within
    _CANCELLATION times its magnitude; the other elements are left undefined.
    """
    x, x_ok = _numbers(a)
    y, y_ok = _numbers(b)
    x, x_ok = x.reshape(a_shape), x_ok.reshape(a_shape)
    y, y_ok = y.reshape(b_shape), y_ok.reshape(b_shape)
    rows = np.asarray((~x_ok).any(-1))
    cols = np.asarray((~y_ok).any(-2))
    undefined = rows[..., :, None] | cols[..., None, :]
    if x.dtype.kind == "i":
        return Product(np.matmul(x, y), undefined, 0.0, False)
    with np.errstate(all="ignore"):
        finite = bool(np.isfinite(x).all() and np.isfinite(y).all())
        # einsum sums products as IEEE arithmetic does (inf * 0 is NaN), whatever BLAS does
        values = np.matmul(x, y) if finite else np.einsum("...ik,...kj->...ij", x, y)
        size_x, size_y = _magnitude(x), _magnitude(y)
        bound = np.matmul(size_x, size_y)
    bits, tiny, largest = _FORMATS[(dt.to_real() if dt.is_complex else dt).name]
    slack = a._tolerance() + b._tolerance()
    undefined = undefined | (bound > largest / 2)  # a partial sum may overflow, or not
    quantum = _quantum(x) * _quantum(y)
    peak = float(bound.max()) if bound.size else 0.0
    loose = bool(np.isnan(values).any() or (values == 0).any())
    if not slack and (quantum == float("inf") or (quantum >= tiny and peak <= 2.0**bits * quantum)):
        return Product(values, undefined, 0.0, loose)
    reduced = dt in (dtypes.float16, dtypes.bfloat16, dtypes.complex32)
    accumulate = dtypes.float32.eps if reduced else dt.eps
    undefined, worst = cancellation(bound, values, undefined)
    k = a_shape[-1]
    tolerance = 2 * (((k + 2) * accumulate + slack) * worst + dt.eps)
    return Product(values, undefined, tolerance, loose)


def store(dest: Tensor, product: Product, inputs: tuple[Tensor, ...]) -> None:
    """Write a product into dest, marking what torch leaves undetermined.

    A destination that shares memory with an operand, or whose elements share addresses,
    gets values that depend on the order the kernel reads and writes: all undefined.
    """
    undefined = product.undefined.reshape(dest.shape)
    if aliases_internally(dest._geom) or any(shares_bytes(dest, t) for t in inputs):
        undefined = np.ones(dest.shape, dtype=np.bool_)
    dest._write(product.values.reshape(dest.shape))
    if product.loose:
        dest._storage.loose_bits = True
    if product.tolerance:
        dest._storage.tolerance = max(dest._storage.tolerance, product.tolerance)
        dest._storage.tolerance_dtype = dest.dtype
    writes.forget(dest, undefined)


def zero_product(shape: Shape, dt: DType) -> Product:
    """The product of an empty contraction: zeros, exactly."""
    kind = np.complex128 if dt.is_complex else np.float64 if (
        dt.is_floating_point) else np.int64
    return Product(np.zeros(shape, kind), np.zeros(shape, np.bool_), 0.0, True)


def zero(dest: Tensor) -> None:
    """Fill dest with zeros, as the kernels' zero_() for an empty contraction does."""
    if not dest.is_meta:
        dest._write(np.zeros((), dtype=np.int64))


def affine(product: Product, c: Tensor | None, beta: complex, alpha: complex, dt: DType,
           k: int) -> Product:
    """Return beta * c + alpha * product, as addmm's gemm computes it into a result that
    holds c (LinearAlgebra.cpp addmm_impl_cpu_); c is not read at all where beta is 0.

    Integer scalars are the kernel's `alpha.to<scalar_t>()`: truncated. A floating result
    is exact where the product is, alpha is 1, beta 0 or 1 and every sum of c and the
    product is an integer within the significand; otherwise each element carries the
    product's error and three roundings, relative to |alpha * p| + |beta * c|, and is left
    undefined where that sum exceeds _CANCELLATION times the element.
    """
    p = product.values
    undefined = product.undefined
    if c is None or beta == 0:
        c_values: np.ndarray = np.zeros((), p.dtype)
        c_tolerance = 0.0
    else:
        c_values, c_ok = _numbers(c)
        undefined = undefined | ~c_ok
        c_tolerance = c._tolerance()
    if p.dtype.kind == "i":
        b, a = (int(beta.real), int(alpha.real))  # Scalar::to<int64_t> truncates
        with np.errstate(all="ignore"):
            values = a * p + (b * c_values if beta != 0 else 0)
        return Product(values.astype(np.int64), undefined, 0.0, product.loose)
    with np.errstate(all="ignore"):
        scaled = alpha * p if alpha != 1 else p
        # gemm scales c only for a beta other than 1: c's inf + 0j stays as it is then
        added = (c_values if beta == 1 else beta * c_values) if beta != 0 else \
            np.zeros((), p.dtype)
        values = scaled + added
        bits = _FORMATS[(dt.to_real() if dt.is_complex else dt).name][0]
        integral = bool(np.all((np.round(values) == values) & (np.round(p) == p)
                               & (_magnitude(p) + _magnitude(added) <= 2.0**bits)))
    loose = product.loose or bool(np.isnan(values).any() or (values == 0).any())
    if product.tolerance == 0 and not c_tolerance and alpha == 1 and beta in (0, 1) and (
            beta == 0 or integral):
        return Product(values, undefined, 0.0, loose)
    reduced = dt in (dtypes.float16, dtypes.bfloat16, dtypes.complex32)
    accumulate = dtypes.float32.eps if reduced else dt.eps
    terms = _magnitude(scaled) + _magnitude(added)
    undefined, worst = cancellation(terms, values, undefined)
    base = product.tolerance or (k + 2) * accumulate
    tolerance = 2 * ((base + 3 * accumulate + c_tolerance) * worst + dt.eps)
    return Product(values, undefined, tolerance, loose)
