"""Pointwise ops that allocate their output, write it in place, or write an `out=` tensor.

Every op goes through `compute`, which follows the order in which torch checks and builds a
TensorIterator (aten/src/ATen/TensorIterator.cpp build): the op's own meta checks, then
overlap (compute_mem_overlaps), then shapes (compute_shape, mark_resize_outputs), then dtypes
(compute_types: the common dtype, the cast to an output, devices), then the output's layout
(iterator.py), and last the CPU kernel, whose dtype refusals and zero divisions come only
when there are values to compute (so never on meta tensors).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, writes
from . import values as vals
from .dtypes import dtype as DType
from .geometry import Geometry, aliases_internally, contiguous_strides
from .iterator import Input, Layout, common_dtype, pointwise_layout
from .kernels import (
    COMPLEX_HALF,
    COMPLEX_HALF_NAMES,
    KERNELS,
    Kernel,
    kind,
    power_by_scalar,
)
from .layouts import broadcast_shapes, empty_like_strides
from .operands import is_scalar, is_tensor, scalar_dtype
from .ops import BY_KEY, UNARY
from .overlap import assert_no_partial_overlap, unordered_overlap
from .promotion import can_cast, checked_scalar

if TYPE_CHECKING:
    from .tensor import Tensor

Operand = Any  # a Tensor or a Python scalar


def _meta_checks(name: str, operands: Sequence[Operand], inplace: bool = False,
                 out: Tensor | None = None) -> None:
    """Raise what an op's meta function checks before its iterator is built."""
    dts = [op.dtype if is_tensor(op) else scalar_dtype(op) for op in operands]
    tensor_dts = [op.dtype for op in operands if is_tensor(op)]
    if name == "neg" and dts[0] is dtypes.bool_:
        raise errors.fail("neg_bool")
    if name == "positive" and dts[0] is dtypes.bool_:
        raise errors.fail("positive_bool")
    if name == "abs" and inplace and dts[0].is_complex:
        raise errors.fail("abs_complex_inplace")
    if name == "sign" and dts[0].is_complex:
        raise errors.fail("sign_complex")
    if name in ("floor", "ceil", "trunc") and dts[0].is_complex:
        raise errors.fail("complex_unsupported", op=name)
    if name in ("maximum", "minimum", "fmax", "fmin") and any(d.is_complex for d in tensor_dts):
        raise errors.fail("complex_not_implemented", op=name)
    if name == "heaviside":  # BinaryOps.cpp heaviside meta: out= must agree too
        if tensor_dts[0] is not tensor_dts[1] or (out is not None and
                                                  out.dtype is not tensor_dts[0]):
            raise errors.fail("heaviside_dtypes")
    if name == "addcdiv" and all(not (d.is_floating_point or d.is_complex)
                                 for d in tensor_dts[1:3]):
        raise errors.fail("addcdiv_integer")
    if name == "lerp":
        for arg, other in (("end", operands[1]), ("weight", operands[2] if len(operands) > 2
                                                  else None)):
            if other is not None and other.dtype is not operands[0].dtype:
                raise errors.fail("lerp_dtype", arg=arg, want=cpp_type(operands[0].dtype),
                                  got=cpp_type(other.dtype))
    if name == "pow" and is_tensor(operands[0]) and not is_tensor(operands[1]) and \
            not (dts[0].is_floating_point or dts[0].is_complex) and \
            isinstance(operands[1], int) and operands[1] < 0:
        raise errors.fail("int_negative_power")  # BinaryOps.cpp pow Tensor_Scalar meta
    if name == "sub":
        if dts[0] is dtypes.bool_ and dts[1] is dtypes.bool_ and is_tensor(operands[1]):
            raise errors.fail("sub_bool")
        if dts[0] is dtypes.bool_ or dts[1] is dtypes.bool_:
            raise errors.fail("sub_bool_scalar")


# ops with a public Scalar overload: the argument parser lists the overloads when none fits
OVERLOADED = frozenset({"eq", "ne", "lt", "le", "gt", "ge", "pow", "bitwise_and", "bitwise_or",
                         "bitwise_xor", "remainder", "fmod", "xlogy", "copysign"})


def cpp_type(dt: DType) -> str:
    """Return the C++ type name torch prints a dtype as in a few messages (`long int`)."""
    return {"bool": "bool", "uint8": "unsigned char", "int8": "signed char",
            "int16": "short int", "int32": "int", "int64": "long int", "float32": "float",
            "float64": "double", "float16": "c10::Half", "bfloat16": "c10::BFloat16",
            "complex64": "c10::complex<float>", "complex128": "c10::complex<double>"
            }.get(dt.name, dt.scalar_name)


def check_operands(name: str, kernel: Kernel, operands: Sequence[Operand], function: str,
                   first_position: int) -> None:
    """Raise the argument parser's TypeError for an operand of the wrong type.

    `first_position` is the position torch counts the second operand at: 1 for a method,
    2 for a function.
    """
    for i, op in enumerate(operands[1:]):
        if is_tensor(op):
            continue
        if is_scalar(op) and not BY_KEY[name].tensors_only:
            if isinstance(op, int) and not -2**63 <= op < 2**64:
                raise errors.fail("int_too_big")  # the argument parser's range
            continue
        if name in OVERLOADED:
            raise errors.fail("argument_overloads", op=function, type=type(op).__name__)
        raise errors.fail("argument_type", op=function, arg=kernel.other,
                          pos=first_position + i, type=type(op).__name__)


# the rounding ops, which copy an integer input into out= rather than run a kernel
_COPIES_INTEGERS = frozenset({"round", "floor", "ceil", "trunc"})


def compute(name: str, operands: Sequence[Operand], *, out: Tensor | None = None,
            inplace: bool = False, alpha: Any = 1, kernel_key: str | None = None,
            function: str | None = None, first_position: int = 1) -> Tensor:
    """Run the pointwise op `name` on tensors and scalars; return its output.

    `inplace` writes into `operands[0]`; `out` writes into that tensor; otherwise a new
    tensor is allocated with TensorIterator's layout. `kernel_key` picks a variant's kernel
    (`div.floor`); `function` and `first_position` are the name and the position of the
    second operand that torch's argument errors give.
    """
    kernel = KERNELS[kernel_key or name]
    if inplace and name == "conj_physical" and not operands[0].dtype.is_complex:
        # UnaryOps.cpp conj_physical_ returns a real self untouched, before any check; the
        # in-place dispatch still counts a write
        operands[0]._bump()
        return operands[0]
    check_operands(name, kernel, operands, function or name, first_position)
    _meta_checks(name, operands, inplace, out)
    tensors = [op for op in operands if is_tensor(op)]
    first = operands[0]
    dest = first if inplace else out
    # UnaryOps.cpp unary_op_impl_with_complex_to_float_out: abs of a complex into a real
    # out= computes into a complex temporary, resizes out= (resize_output: row-major) and
    # copies the real part in: no same-dtype check, no overlap with the input to refuse
    to_real_out = out is not None and kernel.complex_to_real and \
        operands[0].dtype.is_complex and not out.dtype.is_complex
    if to_real_out:
        assert out is not None
        real = operands[0].dtype.to_real()
        if not can_cast(real, out.dtype):
            raise errors.fail("cannot_cast", result=real.scalar_name, out=out.dtype.scalar_name)
        writes.check_writable(out)
    elif dest is not None and kernel.checks_overlap:
        check_mem_overlaps(dest, tensors)
    shape: tuple[int, ...] = ()
    for t in tensors:  # compute_shape
        shape = broadcast_shapes(shape, t._geom.shape)
    # mark_resize_outputs: an output that is also an input (is_read_write: the same tensor,
    # not a view of it) must have the broadcast shape; only write-only outputs are resized.
    # A conj or neg out= is no input of the iterator: the math-bit fallback runs the op on
    # resolved clones, out='s its own (MathBitsFallback.h), and resizes out= after
    read_write = any(t is dest for t in tensors) and not (dest is not None and
                                                        (dest._conj or dest._neg))
    if dest is not None and (inplace or read_write) and shape != dest._geom.shape:
        raise errors.fail("copy_broadcast", out=dest.shape, shape=shape)
    inputs = [Input(t._geom.shape, t._geom.strides, t.dtype) if is_tensor(t)
              else Input((), (), scalar_dtype(t), True) for t in operands]
    common = common_dtype(inputs, int_to_float=kernel.int_to_float)
    result = _result_dtype(kernel, common)
    if out is not None and not to_real_out and \
            (_same_dtype_only(name, kernel) or kernel_key == "lerp.tensor") \
            and out.dtype is not common:
        raise errors.fail("out_dtype", out=out.dtype.scalar_name, common=common.scalar_name)
    if dest is not None and not kernel.to_bool and not to_real_out and \
            not can_cast(common, dest.dtype):
        raise errors.fail("cannot_cast", result=common.scalar_name, out=dest.dtype.scalar_name)
    if name in ("add", "sub"):
        _alpha_check(common, alpha)
        checked_scalar(alpha, common)
    device = common_device(tensors)
    on_meta = device.type == "meta" or any(t.is_meta for t in tensors)
    # BinaryOps.cpp pow_Tensor_Scalar_out fills or copies for the exponents 0 and 1
    trivial_power = name == "pow" and not is_tensor(operands[1]) and operands[1] in (0, 1)
    # the reference's meta tensors refuse what CPU refuses: they stand for CPU tensors
    # whose values are not computed (torch's own meta kernels differ: known divergences)
    if not trivial_power:
        key = kernel_key or name
        if kind(common) in kernel.refuses:
            raise errors.fail("kernel_dtype", kernel=kernel.kernel, type=common.scalar_name)
        if common is dtypes.complex32 and key not in COMPLEX_HALF:
            raise errors.fail("kernel_dtype", kernel=COMPLEX_HALF_NAMES.get(key, kernel.kernel),
                              type=common.scalar_name)
        if kernel.converts_scalars:
            for scalar in alpha:
                checked_scalar(scalar, common)
    if name == "heaviside" and common.is_complex:
        raise errors.fail("heaviside_complex")  # BinaryOps.cpp heaviside_out, not its meta
    if dest is None:
        # UnaryOps.cpp unary_op_impl_with_complex_to_float: abs of a complex is empty_like too
        if kernel.like_input or (kernel.complex_to_real and first.dtype.is_complex):
            strides = empty_like_strides(first._geom, dtypes.preserve_format)
            dest = type(first)._fresh(first._geom.shape, strides, result, device)
        else:
            layout = _layout(name, kernel, inputs, operands)
            dest = type(tensors[0])._fresh(layout.shape, layout.strides, result, device)
        fresh = True
    else:
        fresh = False
        if not inplace and dest._geom.shape != shape:
            resize_out(dest, Layout((shape, contiguous_strides(shape))) if to_real_out
                       else _layout(name, kernel, inputs, operands))
        if not inplace and name in _COPIES_INTEGERS and dest is not first and \
                kind(common) == "i" and 0 not in shape:
            # UnaryOps.cpp round_out, floor_out, ceil_out, trunc_out: an integer input is
            # copied (result.copy_(self)), whose check sees out= as resized
            writes.check_writable(dest)
            assert_no_partial_overlap(dest, first)
    if not on_meta and 0 not in shape:
        values = _values(name, kernel, operands, common, alpha)
        computed_in = None
        if result in (dtypes.float16, dtypes.bfloat16) and dest.dtype is not result and \
                np.asarray(values).dtype.kind == "f":
            # TensorIterator computes into a temporary of the common dtype and casts that
            # into out= (cast_common_dtype_to_outputs): exp of a half into a float out= is
            # the half result widened, 2.71875 for e
            values = vals.quantize(values, result)
            computed_in = result
        ulps = BY_KEY[name].tolerance
        if dest.dtype.is_complex and name not in _EXACT_COMPLEX:
            ulps = max(ulps, 4)  # complex products and quotients round more than once
        if dest.dtype.is_complex and name == "pow":
            # exp(y * log(x)) turns the rounding of y * log(x) into a relative error of
            # |y * log(x)| ulps: tens to hundreds for the exponents programs make
            ulps = max(ulps, _COMPLEX_POW_ULPS)
        unsure = None if kernel.unsure is None else kernel.unsure(
            _to_compute(first._values(), common), np.asarray(values))
        store_result(name, dest, values, operands, fresh, ulps, computed_in, unsure)
    if not fresh:
        dest._bump()
    return dest


# ops whose relative error stays within the sum of their inputs' and their own: products,
# quotients, roots and the like (a sum can cancel, a comparison can flip)
_WELL_CONDITIONED = frozenset({"mul", "div", "true_divide", "sqrt", "neg", "abs", "reciprocal",
                               "positive", "conj_physical", "exp", "sigmoid", "tanh", "ldexp"})

# ops whose result tells a zero's sign (1 / -0 is -inf, atan2(-0, -1) is -pi, sqrt and log
# of a complex number on its branch cut)
_ZERO_SIGN_MATTERS = frozenset({"sqrt", "log", "reciprocal", "div", "true_divide",
                                "floor_divide", "remainder", "fmod", "pow", "atan2", "copysign",
                                "xlogy", "sgn", "addcdiv"})

# ops whose result shows the sign bit of a NaN they read
_NAN_SIGN_MATTERS = frozenset({"copysign", "signbit"})

# the tolerance of complex pow (c10/util/complex_math.h: std::pow as exp(y * log(x)))
_COMPLEX_POW_ULPS = 1024

# ops whose complex results are exact: they add, negate or compare components
_EXACT_COMPLEX = frozenset({"add", "sub", "neg", "conj_physical", "positive", "eq", "ne",
                            "logical_not", "logical_and", "logical_or", "logical_xor"})


def _same_dtype_only(name: str, kernel: Kernel) -> bool:
    """Tell whether the op's iterator checks that all operands have one dtype.

    TensorIterator.h UNARY_OP_CONFIG sets check_all_same_dtype (the activations are built
    as unary ops too: build_borrowing_unary_op); the float-promoting unary ops
    (UNARY_FLOAT_OP_CONFIG) cast instead.
    """
    unary = name in UNARY or BY_KEY[name].family in ("activation", "activation_")
    return unary and not kernel.int_to_float and not kernel.to_bool


def _result_dtype(kernel: Kernel, common: DType) -> DType:
    if kernel.to_bool:
        return dtypes.bool_
    if kernel.complex_to_real and common.is_complex:
        return common.to_real()
    return common


def _layout(name: str, kernel: Kernel, inputs: list[Input],
            operands: Sequence[Operand]) -> Layout:
    """Return the layout TensorIterator gives the op's output.

    pow with a Scalar base is the exception: its meta function (BinaryOps.cpp pow Scalar)
    sets the output with no strides, so it is contiguous whatever the exponent's layout.
    """
    if name == "pow" and not is_tensor(operands[0]):
        shape = operands[1]._geom.shape
        return Layout((shape, contiguous_strides(shape)))
    return pointwise_layout(_layout_inputs(name, inputs, operands),
                            int_to_float=kernel.int_to_float)


def _layout_inputs(name: str, inputs: list[Input], operands: Sequence[Operand]) -> list[Input]:
    """Inputs as the iterator sees them: a conj or neg view is first resolved into a copy.

    pow with a Scalar exponent is a unary op of the base (BinaryOps.cpp pow Tensor_Scalar
    meta); every other op's scalar is a 0-d operand.

    The Conjugate and Negative fallbacks (ATen ConjugateFallback.cpp) run the op on
    `resolve_conj()`, a dense copy laid out as empty_like lays it out.
    """
    if name == "pow" and is_tensor(operands[0]) and not is_tensor(operands[1]):
        inputs, operands = inputs[:1], operands[:1]
    out = []
    for inp, op in zip(inputs, operands):
        if is_tensor(op) and (op._conj or op._neg):
            inp = inp._replace(strides=empty_like_strides(op._geom, dtypes.preserve_format))
        out.append(inp)
    return out


def common_device(tensors: list[Tensor]) -> Any:
    """Return the device the op runs on; a 0-d CPU tensor may join any device."""
    device = None
    for t in tensors:
        if t.ndim == 0 and t.device.type == "cpu" and len(tensors) > 1:
            continue
        if t.device.type == "meta" and device is not None:
            continue  # mixing meta in is not modelled: the strategies keep devices apart
        if device is None:
            device = t.device
        elif t.device != device:
            raise errors.fail("different_device", a=device, b=t.device)
    return device if device is not None else tensors[0].device


def check_mem_overlaps(dest: Tensor, inputs: Sequence[Tensor]) -> None:
    """Refuse a written-to tensor that overlaps itself or partially overlaps an input
    (TensorIterator.cpp compute_mem_overlaps).

    A conj or neg tensor on either side is resolved into a clone by the math-bit fallback
    first (overlap.resolved), so the check never sees its bytes.
    """
    writes.check_writable(dest)
    for t in inputs:
        assert_no_partial_overlap(dest, t)


def check_out_dtype(out: Tensor | None, want: DType) -> None:
    """Refuse an out= of another dtype, as structured kernels' set_output_raw_strided and
    torchgen's copy_arg do (no cast, unlike TensorIterator's own outputs)."""
    if out is not None and out.dtype is not want:
        raise errors.fail("out_dtype_expected", want=cpp_type(want), got=cpp_type(out.dtype))


def resize_out(out: Tensor, layout: Layout) -> None:
    """Resize `out` to a fresh output's layout as ATen resize_output does, then restride it.

    A tensor with elements warns first; the new strides are those a fresh output would get
    (TensorIterator::set_output_raw_strided's as_strided_).
    """
    if out.numel() != 0:
        warnings.warn(errors.warning("out_resized", old=tuple(out.shape), new=layout.shape),
                      stacklevel=4)
    strides = layout.strides
    if out._conj or out._neg:
        # the Conjugate/Negative fallback (MathBitsFallback.h) runs the op on a resolved
        # clone of out= and resizes out= itself with resize_output: contiguous strides
        strides = contiguous_strides(layout.shape)
    geom = Geometry((layout.shape, strides, out._geom.offset))
    needed = (geom.extent()) * out.dtype.itemsize if geom.numel else 0
    if needed > out._storage.nbytes:
        out._storage.resize(needed)
    out._geom = geom


def _values(name: str, kernel: Kernel, operands: Sequence[Operand], common: DType,
            alpha: Any) -> np.ndarray:
    """Return the op's result values in the compute type of `common` (or bool)."""
    reduced = common in (dtypes.float16, dtypes.bfloat16)
    args = []
    for i, op in enumerate(operands):
        if is_tensor(op):
            values = op._values()
            if not vals.fully_defined(op._storage):
                # garbage must not raise (a zero divisor): its results are undefined anyway
                values = np.where(op._defined(), values, values.dtype.type(1))
            args.append(_to_compute(values, common))
        elif i and reduced and kernel.scalar_opmath and not isinstance(op, bool):
            args.append(np.asarray(op, dtype=np.float32))  # kept in opmath, unrounded
        else:
            args.append(_to_compute(np.asarray(op), common))
    if name in ("add", "sub"):
        return _add(args[0], args[1], alpha if name == "add" else -alpha, common)
    if kernel.scalar_arg:
        scalar = np.asarray(alpha, dtype=np.float32) if reduced else _to_compute(
            np.asarray(alpha), common)
        return kernel.fn(*args, scalar)
    if name == "pow" and is_tensor(operands[0]) and not is_tensor(operands[1]):
        with np.errstate(all="ignore"):
            found = power_by_scalar(args[0], operands[1])
        if found is not None:
            return found
    return kernel.fn(*args)


def _add(a: np.ndarray, b: np.ndarray, scale: Any, common: DType) -> np.ndarray:
    with np.errstate(all="ignore"):
        if common is dtypes.bool_:
            return np.logical_or(a, np.logical_and(b, bool(scale)))
        if scale == 1:
            return a + b
        if common is dtypes.float32:
            # vectorized CPU kernels fuse a + alpha * b into one rounding
            return (a.astype(np.float64) + np.float64(scale) * b.astype(np.float64)
                    ).astype(np.float32)
        return a + _to_compute(np.asarray(scale), common) * b


def _to_compute(values: np.ndarray, common: DType) -> np.ndarray:
    """Convert values to the numpy type arithmetic in `common` runs in."""
    if common is dtypes.bool_:
        return np.asarray(values).astype(np.bool_)
    return vals.quantize(values, common)


def store_result(name: str, dest: Tensor, values: np.ndarray, operands: Sequence[Operand],
                 fresh: bool, ulps: int, computed_in: DType | None = None,
                 unsure: np.ndarray | None = None) -> None:
    """Write the result into dest and mark what torch leaves undetermined.

    `ulps` is the op's own tolerance, in units of `computed_in`'s epsilon where the result
    was rounded to that narrower dtype before dest's (else dest's); the storage's grows by it
    over its inputs'. `unsure` marks elements whose value the op's kernel computes with more
    error than that (Kernel.unsure): left undetermined.
    """
    values = np.asarray(values)
    if values.dtype.kind == "f" and dest.dtype in (dtypes.float16, dtypes.bfloat16):
        values = vals.quantize(values, dest.dtype)
    elif dest.dtype.is_complex and values.dtype.kind != "c":
        # a real result becomes complex before a conjugate view conjugates it: 1 - 0j
        values = values.astype(np.dtype(dest.dtype.compute_np))
    undefined = np.zeros(dest.shape, dtype=np.bool_)
    if unsure is not None:
        undefined |= np.broadcast_to(unsure, dest.shape)
    for op in operands:
        if not is_tensor(op):
            continue
        if op._storage.tolerance and name not in _WELL_CONDITIONED:
            # an op that can cancel (a - b, a % b, floor) or flip (a < b) turns a small
            # error in its input into any error at all: nothing is left to compare
            undefined[...] = True
        if not vals.fully_defined(op._storage):
            undefined |= ~np.broadcast_to(op._defined(), dest.shape)
        odd = writes.noncanonical(op)
        if odd is not None:
            undefined |= np.broadcast_to(odd, dest.shape)
        if not fresh and unordered_overlap(dest, op):
            undefined[...] = True
        if op._storage.loose_bits and name in _ZERO_SIGN_MATTERS:
            # the sign of a zero in op is not fixed (neg's vectorized and scalar loops
            # differ), and this op tells -0 from +0: sqrt(-1 - 0j) is -1j, sqrt(-1 + 0j) 1j
            z = np.asarray(op._values())
            zero = (z.real == 0) | (z.imag == 0) if z.dtype.kind == "c" else z == 0
            undefined |= np.broadcast_to(zero, dest.shape)
        if op._storage.loose_bits and name in _NAN_SIGN_MATTERS:
            # a NaN's sign bit is not fixed either (0 % 0 is +nan from the vectorized fmod,
            # -nan from x86's scalar one), and copysign copies it
            v = np.asarray(op._values())
            undefined |= np.broadcast_to(np.isnan(v), dest.shape)
    if not fresh and aliases_internally(dest._geom):
        undefined[...] = True  # several elements written at one address: the last write wins
    dest._write(np.broadcast_to(values, dest.shape))
    if values.dtype.kind in "fc" and bool(np.isnan(values).any()):
        dest._storage.loose_bits = True
    elif name == "neg" and values.dtype.kind == "c" and bool(
            (values.real == 0).any() or (values.imag == 0).any()):
        # the vectorized loop computes 0 - a (+0), its scalar tail -a (-0): which elements
        # fall in the tail depends on the loop's block size, so a zero's sign is not fixed
        dest._storage.loose_bits = True
    own = ulps * max(dest.dtype.eps, computed_in.eps if computed_in is not None else 0.0)
    dest._storage.tolerance_dtype = dest.dtype
    dest._storage.tolerance = max([dest._storage.tolerance, own] +
                                  [op._storage.tolerance + own for op in operands
                                   if is_tensor(op) and name in _WELL_CONDITIONED])
    writes.forget(dest, undefined)


def _alpha_check(common: DType, alpha: Any) -> None:
    """ATen BinaryOps.cpp alpha_check."""
    if isinstance(alpha, bool) and common is not dtypes.bool_:
        raise errors.fail("alpha_bool")
    if not (common.is_floating_point or common.is_complex) and \
            not isinstance(alpha, (int, np.integer)):
        raise errors.fail("alpha_float")
    if not common.is_complex and isinstance(alpha, complex):
        raise errors.fail("alpha_complex")
