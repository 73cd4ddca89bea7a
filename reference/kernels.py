"""The element functions of pointwise ops, as torch's CPU kernels compute them.

Each `Kernel` says what an op does to values (a numpy function over arrays already converted
to the compute type of the common dtype: float32 for float16 and bfloat16, as ATen's opmath
does), which dtypes its CPU kernel refuses, and how the op's dtypes work (integer inputs
promoted to float, a bool result). Layouts and dtypes are worked out in pointwise.py; the
kernels only see values. Sources: aten/src/ATen/native/cpu/BinaryOpsKernel.cpp,
UnaryOpsKernel.cpp, c10/util/generic_math.h.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from . import errors

Fn = Callable[..., np.ndarray]


@dataclass(frozen=True, slots=True)
class Kernel:
    """What one pointwise op computes, and what its CPU kernel accepts."""

    fn: Fn
    # the kernel name torch's "not implemented for" errors give ("abs_cpu")
    kernel: str
    # dtype kinds the CPU kernel refuses: b bool, i integer, f floating, c complex
    refuses: str = ""
    # promote integer and bool inputs to the default float dtype (sin, div, ...)
    int_to_float: bool = False
    # the result is bool whatever the inputs (comparisons, logical ops)
    to_bool: bool = False
    # a complex input gives a real result (abs)
    complex_to_real: bool = False
    # a Python scalar operand stays in float32 for float16/bfloat16 inputs (mul, div)
    scalar_opmath: bool = False
    # the argument name of the second operand in torch's signature
    other: str = "other"
    # the output is allocated with empty_like(input), not by the iterator (conj_physical)
    like_input: bool = False
    # fn takes the op's scalar (addcmul's value, lerp's weight) last, in the compute type
    scalar_arg: bool = False
    # the kernel converts its scalars to the input's dtype, checked (threshold_kernel's
    # Scalar::to<scalar_t>: -1 for a uint8 input overflows), even with no element to compute
    converts_scalars: bool = False
    # where the kernel's result carries more error than the op's tolerance allows for:
    # unsure(x, result) marks the elements left undetermined (gelu's 1 + erf(x / sqrt 2)
    # cancels for negative x, and ATen's vectorized erf is not correctly rounded)
    unsure: Fn | None = None
    # the iterator checks the written tensor for overlap (threshold's does not:
    # set_check_mem_overlap(false), "threshold is idempotent, so overlap is okay")
    checks_overlap: bool = True


# the only CPU kernels with a ComplexHalf (complex32) instantiation
COMPLEX_HALF = frozenset({"neg", "abs", "sgn", "conj_physical", "positive", "add", "sub", "mul",
                          "eq", "ne"})
# kernels that name themselves otherwise when they refuse ComplexHalf
COMPLEX_HALF_NAMES = {"div": "div_cpu"}


def kind(dt: object) -> str:
    """Return a dtype's kind letter: b bool, i integer, f floating, c complex."""
    if getattr(dt, "is_complex", False):
        return "c"
    if getattr(dt, "is_floating_point", False):
        return "f"
    return "b" if getattr(dt, "name", "") == "bool" else "i"


def _quiet(fn: Fn) -> Fn:
    def run(*args: np.ndarray) -> np.ndarray:
        with np.errstate(all="ignore"):
            return fn(*args)
    return run


def _ints(a: np.ndarray) -> bool:
    return a.dtype.kind in "iub"


def _no_zero_divisor(b: np.ndarray) -> None:
    if _ints(b) and bool(np.any(b == 0)):
        raise errors.fail("zero_division")


def _true_divide(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a / b


def _trunc_divide(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if _ints(a):
        _no_zero_divisor(b)
        q = np.floor_divide(a, b)
        return q + ((np.remainder(a, b) != 0) & ((a < 0) != (b < 0))).astype(q.dtype)
    return np.trunc(a / b)


def _floor_divide(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """c10/util/generic_math.h div_floor_integer and div_floor_floating."""
    if _ints(a):
        _no_zero_divisor(b)
        return np.floor_divide(a, b)
    mod = np.fmod(a, b)
    div = (a - mod) / b
    div = np.where((mod != 0) & ((b < 0) != (mod < 0)), div - 1, div)
    floor = np.floor(div)
    floor = np.where(div - floor > 0.5, floor + 1, floor)
    out = np.where(div != 0, floor, np.copysign(np.zeros_like(div), a / b))
    return np.where(b == 0, a / b, out)


def _remainder(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """BinaryOpsKernel.cpp remainder_kernel: a Python-style modulus."""
    if _ints(a):
        _no_zero_divisor(b)
        return np.remainder(a, b)
    mod = np.fmod(a, b)
    return np.where((mod != 0) & ((b < 0) != (mod < 0)), mod + b, mod)


def _fmod(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if _ints(a):
        _no_zero_divisor(b)
    return np.fmod(a, b)


def _pow(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if _ints(a) and a.dtype.kind != "b":
        # integer powers (BinaryOpsKernel.cpp powi): negative exponents give 0 but for 1 and -1
        b64 = b.astype(np.int64)
        safe = np.where(b64 < 0, 0, b64)
        out = np.power(a, safe.astype(a.dtype))
        neg = b64 < 0
        if bool(np.any(neg)):
            odd = (b64 % 2) != 0
            special = np.where(a == 1, 1, np.where(a == -1, np.where(odd, -1, 1), 0))
            out = np.where(neg, special.astype(a.dtype), out)
        return out
    if a.dtype.kind == "c":
        # std::pow of complexes is exp(b * log(a)), a zero base included: log(0) = -inf + 0j
        # gives inf+nanj for a negative real exponent, nan for a zero or imaginary one
        with np.errstate(all="ignore"):
            return np.exp(b * np.log(a))
    return np.power(a, b)


def power_by_scalar(a: np.ndarray, exponent: object) -> np.ndarray | None:
    """Return a ** exponent as BinaryOps.cpp's pow with a Scalar exponent special-cases it.

    0 fills ones and 1 copies (pow_Tensor_Scalar_out); 2, 3, 0.5, -0.5, -1 and -2 are
    multiplications, square roots and reciprocals (PowKernel.cpp); None for the rest.
    """
    if exponent == 0:
        return np.ones_like(a)
    if exponent == 1:
        return a.copy()
    if _ints(a):
        return None
    one = a.dtype.type(1)
    special = {2: lambda: a * a, 3: lambda: a * a * a, 0.5: lambda: np.sqrt(a),
               -0.5: lambda: one / np.sqrt(a), -1: lambda: one / a, -2: lambda: one / (a * a)}
    found = special.get(exponent)  # type: ignore[call-overload]
    return found() if found is not None else None


def _sign(a: np.ndarray) -> np.ndarray:
    if a.dtype.kind == "b":
        return a.copy()
    return ((a > 0).astype(a.dtype) - (a < 0).astype(a.dtype)).astype(a.dtype)


def _sgn(a: np.ndarray) -> np.ndarray:
    if a.dtype.kind != "c":
        return _sign(a)
    mag = np.abs(a)
    return np.where(mag == 0, np.zeros_like(a), a / np.where(mag == 0, 1, mag))


def _abs(a: np.ndarray) -> np.ndarray:
    return np.abs(a)


def _neg(a: np.ndarray) -> np.ndarray:
    if a.dtype.kind == "c":
        # Vectorized<c10::complex<T>>::neg is 0 - a: a zero component stays +0 (the
        # scalar tail gives -0: pointwise.store_result leaves a zero's sign undetermined)
        return a.dtype.type(0) - a
    return np.negative(a)


def _xlogy(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    out = a * np.log(b)
    return np.where(np.isnan(b), np.nan, np.where(a == 0, 0, out)).astype(out.dtype)


def _logaddexp(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    if not np.iscomplexobj(a):
        return np.logaddexp(a, b)
    # ATen's complex _log_add_exp_helper: the larger real part is factored out, as
    # log1p(exp(min - max)) + max; a NaN component gives NaN
    a, b = np.broadcast_arrays(a, b)
    swap = b.real >= a.real
    lo, hi = np.where(swap, a, b), np.where(swap, b, a)
    out = np.log1p(np.exp(lo - hi)) + hi
    nan = np.isnan(lo.real) | np.isnan(lo.imag)
    return np.where(nan, a.dtype.type(complex(np.nan, np.nan)), out).astype(a.dtype)


def _sigmoid(a: np.ndarray) -> np.ndarray:
    one = a.dtype.type(1)
    return one / (one + np.exp(-a))


def _heaviside(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.where(a == 0, b, (a > 0).astype(a.dtype)).astype(a.dtype)


def _maximum(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.logical_or(a, b) if a.dtype.kind == "b" else np.maximum(a, b)


def _minimum(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.logical_and(a, b) if a.dtype.kind == "b" else np.minimum(a, b)


def _bitwise_not(a: np.ndarray) -> np.ndarray:
    return np.logical_not(a) if a.dtype.kind == "b" else np.invert(a)


def _lerp(a: np.ndarray, b: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Lerp.h lerp: two formulas, split at |weight| = 0.5, for exact endpoints."""
    one = np.ones_like(w)
    return np.where(np.abs(w) < 0.5, a + w * (b - a), b - (b - a) * (one - w))


def _identity(a: np.ndarray) -> np.ndarray:
    return a.copy()


def _round(a: np.ndarray) -> np.ndarray:
    return a.copy() if _ints(a) else np.round(a)  # nearbyint: halves to even


def _integral_or(fn: Fn) -> Fn:
    """floor, ceil and trunc of an integer are the integer (UnaryOps.cpp)."""
    return lambda a: a.copy() if _ints(a) else fn(a)


# -- activations (aten/src/ATen/native/cpu/Activation.cpp, GeluKernel.cpp): fn(x, p), p the
# op's scalars in the compute type, in the order of torch.nn.functional's signature
_erf = np.frompyfunc(math.erf, 1, 1)


def _elu(x: np.ndarray, p: np.ndarray) -> np.ndarray:
    """elu_kernel: x <= 0 ? expm1(x * input_scale) * alpha * scale : x * scale."""
    alpha, scale, input_scale = p[0], p[1], p[2]
    return np.where(x <= 0, np.expm1(x * input_scale) * (alpha * scale), x * scale)


def _gelu(x: np.ndarray, p: np.ndarray) -> np.ndarray:
    """GeluKernelImpl: erf's form (p[0] == 0), or tanh's approximation (p[0] == 1)."""
    if p[0]:
        inner = np.sqrt(x.dtype.type(2) / np.pi).astype(x.dtype) * (
            x + x.dtype.type(0.044715) * x * x * x)
        return x.dtype.type(0.5) * x * (1 + np.tanh(inner))
    half = x.dtype.type(0.5)
    return x * half * (1 + np.asarray(_erf(x * x.dtype.type(math.sqrt(0.5)))).astype(x.dtype))


def _cancelled(x: np.ndarray, result: np.ndarray) -> np.ndarray:
    """Where x * (1 + g) / 2 lost more than three bits to 1 + g cancelling: |result| below
    |x| / 8 (an error of an ulp in g is then 8 of the result's or more)."""
    with np.errstate(invalid="ignore"):
        return np.abs(result) * 8 < np.abs(x)


def _softplus(x: np.ndarray, p: np.ndarray) -> np.ndarray:
    """softplus_kernel: x * beta > threshold ? x : log1p(exp(x * beta)) / beta."""
    beta, threshold = p[0], p[1]
    return np.where(x * beta > threshold, x, np.log1p(np.exp(x * beta)) / beta)


def _hardsigmoid(x: np.ndarray) -> np.ndarray:
    three, six = x.dtype.type(3), x.dtype.type(6)
    return np.minimum(np.maximum(x + three, 0), six) / six


ACTIVATIONS: dict[str, Kernel] = {
    "leaky_relu": Kernel(_quiet(lambda x, p: np.where(x > 0, x, x * p[0])), "leaky_relu_cpu",
                         "bic", scalar_arg=True),
    "elu": Kernel(_quiet(_elu), "elu_cpu", "bic", scalar_arg=True),
    "silu": Kernel(_quiet(lambda x, p: x / (1 + np.exp(-x))), "silu_cpu", "bi",
                   scalar_arg=True),
    "mish": Kernel(_quiet(lambda x, p: x * np.tanh(np.log1p(np.exp(x)))), "mish_cpu", "bic",
                   scalar_arg=True),
    "hardsigmoid": Kernel(_quiet(lambda x, p: _hardsigmoid(x)), "hardsigmoid_cpu", "bic",
                          scalar_arg=True),
    "hardswish": Kernel(_quiet(lambda x, p: x * _hardsigmoid(x)), "hardswish_cpu", "bic",
                        scalar_arg=True),
    "gelu": Kernel(_quiet(_gelu), "GeluKernelImpl", "bic", scalar_arg=True,
                   unsure=_cancelled),
    "softplus": Kernel(_quiet(_softplus), "softplus_cpu", "bic", scalar_arg=True),
    # hardtanh_out: clamp_out with scalar limits into empty_like(self) (NaN propagating)
    "hardtanh": Kernel(_quiet(lambda x, p: np.minimum(np.maximum(x, p[0]), p[1])),
                       "clamp_scalar_cpu", like_input=True, scalar_arg=True),
    "threshold": Kernel(_quiet(lambda x, p: np.where(x <= p[0], p[1], x).astype(x.dtype)),
                        "threshold_cpu", "bc", scalar_arg=True, converts_scalars=True,
                        checks_overlap=False),
}


K = Kernel
NOT_BOOL_OR_COMPLEX = "bc"
FLOAT_ONLY = "bic"

KERNELS: dict[str, Kernel] = {
    # unary (UnaryOpsKernel.cpp); neg/positive/sign refuse in their meta functions instead
    "neg": K(_quiet(_neg), "neg_cpu"),
    "abs": K(_quiet(_abs), "abs_cpu", "b", complex_to_real=True),
    "sign": K(_sign, "sign_cpu"),
    "sgn": K(_quiet(_sgn), "sgn_cpu"),
    "floor": K(_integral_or(np.floor), "floor_vml_cpu", "b"),
    "ceil": K(_integral_or(np.ceil), "ceil_vml_cpu", "b"),
    "round": K(_round, "round_vml_cpu", "bc"),
    "trunc": K(_integral_or(np.trunc), "trunc_vml_cpu", "b"),
    "sqrt": K(_quiet(np.sqrt), "sqrt_vml_cpu", int_to_float=True),
    "exp": K(_quiet(np.exp), "exp_vml_cpu", int_to_float=True),
    "log": K(_quiet(np.log), "log_vml_cpu", int_to_float=True),
    "sin": K(_quiet(np.sin), "sin_vml_cpu", int_to_float=True),
    "cos": K(_quiet(np.cos), "cos_vml_cpu", int_to_float=True),
    "tanh": K(_quiet(np.tanh), "tanh_vml_cpu", int_to_float=True),
    "sigmoid": K(_quiet(_sigmoid), "sigmoid_cpu", int_to_float=True),
    "reciprocal": K(_quiet(lambda a: a.dtype.type(1) / a), "reciprocal_cpu", int_to_float=True),
    "logical_not": K(lambda a: a == 0, "logical_not_cpu", to_bool=True),
    "bitwise_not": K(_bitwise_not, "bitwise_not_cpu", "fc"),
    # UnaryOps.cpp _conj_physical: empty_like(self), then conj_physical_out into it
    "conj_physical": K(np.conj, "conj_cpu", like_input=True),
    "positive": K(_identity, "positive"),
    # binary (BinaryOpsKernel.cpp); pointwise.py computes add and sub itself (alpha)
    "add": K(np.add, "add_cpu"),
    "sub": K(np.subtract, "sub_cpu"),
    "mul": K(_quiet(lambda a, b: np.logical_and(a, b) if a.dtype.kind == "b" else a * b),
             "mul_cpu", scalar_opmath=True),
    "div": K(_quiet(_true_divide), "div_true_cpu", int_to_float=True, scalar_opmath=True),
    "div.trunc": K(_quiet(_trunc_divide), "div_trunc_cpu", "bc"),
    "div.floor": K(_quiet(_floor_divide), "div_floor_cpu", "bc"),
    "remainder": K(_quiet(_remainder), "remainder_cpu", "bc"),
    "fmod": K(_quiet(_fmod), "fmod_cpu", "bc"),
    "pow": K(_quiet(_pow), "pow", "b", other="exponent"),
    "maximum": K(_quiet(_maximum), "maximum_cpu"),
    "minimum": K(_quiet(_minimum), "minimum_cpu"),
    "fmax": K(_quiet(np.fmax), "fmax_cpu"),
    "fmin": K(_quiet(np.fmin), "fmin_cpu"),
    "atan2": K(_quiet(np.arctan2), "atan2_cpu", "c", int_to_float=True),
    "copysign": K(_quiet(np.copysign), "copysign_cpu", "c", int_to_float=True),
    "hypot": K(_quiet(np.hypot), "hypot_cpu", FLOAT_ONLY),
    "xlogy": K(_quiet(_xlogy), "xlogy_cpu", "c", int_to_float=True),
    # BinaryOpsKernel.cpp ldexp_kernel, for a floating input and an integral exponent (other
    # operands take mul and pow: ldexp_routes.py): std::ldexp(double(x), int(e)), rounded to
    # the output's dtype; it dispatches on the exponent's dtype, refusing bool
    "ldexp": K(_quiet(lambda x, e: np.ldexp(x.astype(np.float64),
                                            e.astype(np.int64).astype(np.int32))),
               "ldexp_cpu_exp", "b"),
    "heaviside": K(_heaviside, "heaviside_cpu", other="values"),
    "logaddexp": K(_quiet(_logaddexp), "logaddexp_cpu", "bi"),
    # TensorCompare.cpp clamp with tensor bounds: max then min, NaN propagating
    "clamp": K(_quiet(lambda a, lo, hi: np.minimum(np.maximum(a, lo), hi)), "clamp_cpu", "bc"),
    "clamp_min": K(_quiet(_maximum), "maximum_cpu", "c"),
    "clamp_max": K(_quiet(_minimum), "minimum_cpu", "c"),
    # PointwiseOpsKernel.cpp: self + value * t1 * t2, self + value * t1 / t2
    "addcmul": K(_quiet(lambda a, b, c, v: a + v * b * c), "addcmul_cpu_out", "b",
                 scalar_arg=True),
    "addcdiv": K(_quiet(lambda a, b, c, v: a + v * b / c), "addcdiv_cpu_out", "b",
                 scalar_arg=True),
    # LerpKernel.cpp: a scalar weight, or a tensor weight (a third operand)
    "lerp": K(_quiet(_lerp), "lerp_kernel_scalar", "bi", scalar_arg=True),
    "lerp.tensor": K(_quiet(_lerp), "lerp_kernel_tensor", "bi"),
    "eq": K(lambda a, b: a == b, "eq_cpu", to_bool=True),
    "ne": K(lambda a, b: a != b, "ne_cpu", to_bool=True),
    "lt": K(lambda a, b: a < b, "lt_cpu", "c", to_bool=True),
    "le": K(lambda a, b: a <= b, "le_cpu", "c", to_bool=True),
    "gt": K(lambda a, b: a > b, "gt_cpu", "c", to_bool=True),
    "ge": K(lambda a, b: a >= b, "ge_cpu", "c", to_bool=True),
    "logical_and": K(lambda a, b: (a != 0) & (b != 0), "logical_and_cpu", to_bool=True),
    "logical_or": K(lambda a, b: (a != 0) | (b != 0), "logical_or_cpu", to_bool=True),
    "logical_xor": K(lambda a, b: (a != 0) ^ (b != 0), "logical_xor_cpu", to_bool=True),
    "bitwise_and": K(np.bitwise_and, "bitwise_and_cpu", "fc"),
    "bitwise_or": K(np.bitwise_or, "bitwise_or_cpu", "fc"),
    "bitwise_xor": K(np.bitwise_xor, "bitwise_xor_cpu", "fc"),
    **ACTIVATIONS,
}
