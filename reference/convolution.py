"""torch.nn.functional's convolutions: conv1d, conv2d, conv3d and their transposes.

Each is composite (aten/src/ATen/native/Convolution.cpp): `batchify` unsqueezes an unbatched
input, `_convolution` checks the arguments (check_shape_forward), views a 1-d convolution as
2-d (the input made contiguous, input and weight unsqueezed at dim 2, the output squeezed
back inside the op: no view), picks a CPU backend (`_select_conv_backend`: Empty for a batch
or channels of size 0, oneDNN for float32 that passes `use_mkldnn` and for bfloat16, else the
slow im2col kernels, which run one group at a time and cat the groups) and lays its output
out by `determine_backend_memory_format`; an unbatched call's result is the squeeze(0) view
of the batched one. padding='same' pads asymmetric windows with constant_pad_nd first.

The layout rule, measured on torch 2.13 CPU over every backend: a new output is
channels_last (channels_last_3d) when the input or the weight (as the backend sees them,
after `.contiguous(format)`) suggests it, contiguous otherwise; the slow 3-d kernels
(ConvolutionMM3d.cpp, NaiveConvolutionTranspose3d.cpp, DilatedConvolution.cpp) always write
contiguous outputs. The slow kernels' cat of groups keeps the groups' own format only where a
group's output still suggests it (a group of one channel and 1x1 output does not). Empty
convolutions are views of a product with the input, contiguous unless the output's shape is
the input's.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, signatures, writes
from .convolution_values import Window, convolve
from .dtypes import dtype as DType
from .geometry import Geometry, is_channels_last_contiguous, is_contiguous
from .layouts import strides_for_format, suggest_format
from .operands import is_tensor
from .product_values import store
from .promotion import result_type
from .slice_views import narrow
from .views import squeeze, unsqueeze

if TYPE_CHECKING:
    from .tensor import Tensor

Ints = tuple[int, ...]
CL = dtypes.channels_last
# oneDNN's own dtype checks for half and bfloat16 (mkldnn_fp16_device_check and the bf16 one)
# pass on CPUs with AVX-512 FP16 / AVX-512 (BW, VL, DQ) support; the model follows an AVX-512
# machine without FP16, where bfloat16 always takes oneDNN (ConvUtils.h use_mkldnn's first
# clause) and half the slow kernels. It also assumes torch runs more than one thread, which
# sends 1x1 kernels of small batches to oneDNN.
_MKLDNN_DTYPES = frozenset({"float32"})
_MKLDNN_ALWAYS = frozenset({"bfloat16"})
# the dtypes each slow kernel's AT_DISPATCH takes (ConvolutionMM2d.cpp,
# DilatedConvolution.cpp, NaiveConvolutionTranspose2d.cpp)
_SLOW2D = frozenset({"float32", "float64", "float16", "bfloat16", "int64", "int32", "int16",
                     "int8", "uint8"})
_SLOW_OTHER = frozenset({"float32", "float64", "float16", "bfloat16", "int64"})
_KERNELS = {"slow": "slow_conv2d_cpu", "dilated": "slow_conv_dilated<>",
            "transposed": "slow_conv_transpose2d_out_cpu"}
# ConvolutionMM3d.cpp, NaiveConvolutionTranspose3d.cpp
_KERNELS3D = {"slow": "compute_columns3d", "dilated": "slow_conv_dilated<>",
              "transposed": "slow_conv_transpose3d_out_cpu"}
# c10 TypeMeta names, which conv2d's bias check prints
_TYPE_META = {"float32": "float", "float64": "double", "float16": "c10::Half",
              "bfloat16": "c10::BFloat16", "int64": "long int", "int32": "int",
              "int16": "short int", "int8": "signed char", "uint8": "unsigned char",
              "bool": "bool", "complex64": "c10::complex<float>",
              "complex128": "c10::complex<double>", "complex32": "c10::complex<c10::Half>"}
_warned_same = False


def _legacy_name(dt: DType) -> str:
    """Tensor::toString(): torch.FloatTensor for the legacy types, else CPU<Scalar>Type."""
    legacy = {"float32": "Float", "float64": "Double", "float16": "Half", "uint8": "Byte",
              "int8": "Char", "int16": "Short", "int32": "Int", "int64": "Long",
              "bool": "Bool"}
    name = legacy.get(dt.name)
    return f"torch.{name}Tensor" if name else f"CPU{dt.scalar_name}Type"


# -- arguments ---------------------------------------------------------------------------------

def expand(values: Ints, name: str, dim: int) -> Ints:
    """ConvUtils.h expand_param_if_needed: one value for every spatial dim, or all of them."""
    if len(values) == 1:
        return values * dim
    if len(values) != dim:
        raise errors.fail("conv_param_length", name=name, dim=dim, values=list(values))
    return values


def output_shape(x: Ints, w: Ints, win: Window) -> Ints:
    """ConvUtils.h conv_output_size / conv_input_size (transposed), and Convolution.cpp
    calc_output_size's zero channels for an input without any."""
    if win.transposed:
        size = [x[0], w[1] * win.groups] + [
            (x[i] - 1) * win.stride[i - 2] - 2 * win.padding[i - 2]
            + win.dilation[i - 2] * (w[i] - 1) + 1 + win.output_padding[i - 2]
            for i in range(2, len(x))]
    else:
        size = [x[0], w[0]] + [
            (x[i] + 2 * win.padding[i - 2] - (win.dilation[i - 2] * (w[i] - 1) + 1))
            // win.stride[i - 2] + 1 for i in range(2, len(x))]
    if x[1] == 0:
        size[1] = 0
    return tuple(size)


def _check_shape(x: Tensor, w: Ints, bias: Tensor | None, win: Window) -> None:
    """Convolution.cpp check_shape_forward, in its order."""
    if any(p < 0 for p in win.padding):
        raise errors.fail("conv_negative", name="padding")
    if any(p < 0 for p in win.output_padding):
        raise errors.fail("conv_negative", name="output_padding")
    if any(s <= 0 for s in win.stride):
        raise errors.fail("conv_non_positive", name="stride")
    if any(d < 0 for d in win.dilation):
        raise errors.fail("conv_negative_dilation")
    shape, g = x._geom.shape, win.groups
    if len(w) != len(shape):
        raise errors.fail("conv_weight_input_rank", k=len(w), weight=list(w), sep=" ",
                          n=len(shape), shape=list(shape))
    if w[0] < g:
        raise errors.fail("conv_groups_weight", groups=g, weight=list(w))
    if w[0] % g:
        raise errors.fail("conv_groups_divisible", groups=g, weight=list(w))
    bias_shape = None if bias is None else list(bias._geom.shape)
    if win.transposed:
        if shape[1] != w[0]:
            raise errors.fail("conv_transposed_channels", weight=list(w), input=list(shape),
                              want=w[0], got=shape[1])
        if bias is not None and bias_shape != [w[1] * g]:
            raise errors.fail("conv_transposed_bias", weight=list(w), want=w[1] * g,
                              bias=bias_shape)
        return
    if shape[1] != w[1] * g:
        raise errors.fail("conv_channels", groups=g, weight=list(w), input=list(shape),
                          want=w[1] * g, got=shape[1])
    if bias is not None and bias_shape != [w[0]]:
        raise errors.fail("conv_bias_shape", weight=list(w), want=w[0], bias=bias_shape)
    padded = [shape[i] + 2 * win.padding[i - 2] for i in range(2, len(shape))]
    kernel = [win.dilation[i - 2] * (w[i] - 1) + 1 for i in range(2, len(shape))]
    if any(p < k for p, k in zip(padded, kernel)):
        raise errors.fail("conv_kernel_size", padded=" x ".join(map(str, padded)),
                          kernel=" x ".join(map(str, kernel)))


# -- the backend and its layout ----------------------------------------------------------------

def backend(x: Ints, w: Ints, dt: DType, win: Window) -> str:
    """Convolution.cpp _select_conv_backend on CPU: "empty", "mkldnn", or a slow kernel
    ("transposed", "dilated", "slow"); NNPACK's batches of 16 go to oneDNN first."""
    if x[0] == 0 or x[1] == 0:
        return "empty"
    if 0 in x:
        raise errors.fail("conv_empty_input", shape=list(x))
    # ConvUtils.h is_output_padding_big: against the stride alone
    big_output_padding = any(p >= s for p, s in zip(win.output_padding, win.stride))
    if win.transposed and big_output_padding:
        return "transposed"
    # ConvUtils.h ConvParams::use_mkldnn (more than one thread: the 1x1 clause holds)
    if dt.name in _MKLDNN_ALWAYS:
        return "mkldnn"
    if dt.name in _MKLDNN_DTYPES and (
            win.groups > 1 or (w[-1] > 3 and w[-2] > 3) or x[0] > 1
            or x[0] * x[1] * x[2] * x[3] > 20480):
        return "mkldnn"
    if win.transposed:
        return "transposed"
    return "dilated" if any(d != 1 for d in win.dilation) else "slow"


def _format(x: Geometry, w: Geometry, kind: str = "mkldnn") -> dtypes.memory_format:
    """ConvUtils.h mkldnn_conv_use_channels_last / thnn_conv_use_channels_last: the
    channels_last format of the rank that the input or the weight suggests; the slow 3-d
    kernels (ConvolutionMM3d.cpp, NaiveConvolutionTranspose3d.cpp) take none."""
    cl = CL if x.ndim == 4 else dtypes.channels_last_3d
    if x.ndim == 5 and kind != "mkldnn":
        return dtypes.contiguous_format
    return cl if suggest_format(x) is cl or suggest_format(w) is cl else dtypes.contiguous_format


def _contiguous(g: Geometry, fmt: dtypes.memory_format) -> Geometry:
    """Tensor.contiguous(fmt)'s geometry: g itself where it already is."""
    kept = (is_contiguous(g) if fmt is dtypes.contiguous_format
            else is_channels_last_contiguous(g, g.ndim))
    return g if kept else Geometry((g.shape, strides_for_format(g.shape, fmt), 0))


def output_strides(x: Geometry, w: Geometry, shape: Ints, kind: str, groups: int) -> Ints:
    """Return the strides of a non-empty convolution's 4-d or 5-d output of `shape`.

    The backend's format comes from the operands; each kernel then decides again on the
    operands made contiguous in it. The slow kernels run each group on its slice made
    contiguous in the slice's suggested format (Convolution.cpp subtensor) and cat the
    groups, whose format cat keeps only where every group suggests it (TensorShape.cpp
    cat_compute_output_memory_format).
    """
    fmt = _format(x, w, kind)
    x, w = _contiguous(x, fmt), _contiguous(w, fmt)
    if kind == "mkldnn" or groups == 1:
        return strides_for_format(shape, _format(x, w, kind))
    xg = narrow(x, 1, 0, x.shape[1] // groups)
    wg = narrow(w, 0, 0, w.shape[0] // groups)
    xg, wg = _contiguous(xg, suggest_format(xg)), _contiguous(wg, suggest_format(wg))
    part = (shape[0], shape[1] // groups) + shape[2:]
    part_fmt = suggest_format(Geometry((part, strides_for_format(part, _format(xg, wg, kind)),
                                        0)))
    return strides_for_format(shape, part_fmt)


def _check_backend(kind: str, x: Tensor, w: Tensor, bias: Tensor | None, win: Window,
                   shape: Ints, spatial_in: Ints) -> None:
    """The checks of the backend's own kernel, in its order."""
    dt = x.dtype
    if kind == "mkldnn":
        # Convolution.cpp check_input_same_type_as_parameters for the Mkldnn backend
        for name, p in (("weight", w), ("bias", bias)):
            if p is not None and p.dtype is not dt:
                raise errors.fail("conv_mkldnn_type", name=name, input=_legacy_name(dt),
                                  other=_legacy_name(p.dtype))
        if 0 in win.dilation:
            refusal = "conv_non_positive"
            if win.transposed:  # oneDNN's own words differ by rank
                refusal = "mkldnn_invalid_dimensions" if len(shape) == 5 else (
                    "mkldnn_transposed_dilation")
            raise errors.fail(refusal, name="dilation")
        if win.transposed and any(n < 0 for n in shape[2:]):
            raise errors.fail("mkldnn_format_tag")
        return
    if kind == "dilated" and 0 in win.dilation:
        raise errors.fail("conv_dilated_dilation", dilation=list(win.dilation))
    three = len(shape) == 5
    if kind == "transposed":
        # NaiveConvolutionTranspose2d.cpp / 3d.cpp slow_conv_transpose{2,3}d_shape_check
        dilation_key, padding_key = ("conv_transposed_dilation3d", "conv_output_padding3d") \
            if three else ("conv_transposed_dilation", "conv_output_padding")
        names = ("d", "h", "w")[3 - len(win.dilation):]
        fields = {f"{a}{n}": v for a, values in (("d", win.dilation), ("s", win.stride),
                                                  ("op", win.output_padding))
                  for n, v in zip(names, values)}
        if 0 in win.dilation:
            raise errors.fail(dilation_key,
                              **{k: v for k, v in fields.items() if k[0] == "d"})
        if not all(p < s or p < d for p, s, d in zip(win.output_padding, win.stride,
                                                     win.dilation)):
            raise errors.fail(padding_key, **fields)
        if any(n < 1 for n in shape[2:]):
            raise errors.fail("conv_output_too_small",
                              input=" x ".join(map(str, spatial_in)),
                              output=" x ".join(map(str, shape[2:])))
    allowed = _SLOW2D if kind == "slow" else _SLOW_OTHER
    if dt.name not in allowed:
        raise errors.fail("kernel_dtype", kernel=(_KERNELS3D if three else _KERNELS)[kind],
                          type=dt.scalar_name)
    if w.dtype is not dt:
        raise errors.fail("scalar_type", want=dt.scalar_name, got=w.dtype.scalar_name)
    if three and kind == "transposed" and bias is not None and bias.dtype is not dt:
        # the slow 3-d transposed kernel reads the bias as the input's type
        raise errors.fail("scalar_type", want=dt.scalar_name, got=bias.dtype.scalar_name)
    if kind == "transposed" and bias is not None and not (
            dt.is_floating_point or not bias.dtype.is_floating_point):
        # the slow transposed kernel adds the bias in place (output.add_)
        raise errors.fail("cannot_cast", result=bias.dtype.scalar_name, out=dt.scalar_name)


# -- the op ------------------------------------------------------------------------------------

def _read(t: Tensor, shape: Ints) -> tuple[np.ndarray, np.ndarray, float]:
    return (t._values().reshape(shape), t._defined().reshape(shape), t._tolerance())


def convolution(input: Tensor, weight: Tensor, bias: Tensor | None,  # noqa: A002
                stride: Ints, padding: Ints, dilation: Ints, transposed: bool,
                output_padding: Ints, groups: int) -> Tensor:
    """aten::convolution (Convolution.cpp _convolution) of a batched input: a new tensor."""
    wshape = weight._geom.shape
    dim = len(wshape) - 2
    if dim <= 0:
        raise errors.fail("conv_weight_rank")
    if groups <= 0:
        raise errors.fail("conv_non_positive", name="groups")
    win = Window(expand(stride, "stride", dim), expand(padding, "padding", dim),
                 expand(dilation, "dilation", dim), expand(output_padding, "output_padding", dim),
                 groups, transposed)
    _check_shape(input, wshape, bias, win)
    if input.dtype.is_complex:
        # Convolution.cpp: a complex input runs complex_convolution, three real convolutions
        # combined pointwise; its layouts and errors are not measured here yet
        raise errors.fail("not_modelled", what="complex convolution")
    x4, w4 = input._geom, weight._geom
    if dim == 1:
        # avoid accidentally going through NHWC for permuted 3d input (Convolution.cpp)
        x4 = unsqueeze(_contiguous(x4, dtypes.contiguous_format), 2)
        w4 = unsqueeze(w4, 2)
        win = Window((1, *win.stride), (0, *win.padding), (1, *win.dilation),
                     (0, *win.output_padding), groups, transposed)
    elif dim not in (2, 3):
        raise errors.fail("conv_rank_unsupported", dim=dim)
    shape = output_shape(x4.shape, w4.shape, win)
    kind = backend(x4.shape, w4.shape, input.dtype, win)
    if kind == "empty":
        return _empty(input, weight, x4, shape, dim)
    _check_backend(kind, input, weight, bias, win, shape, x4.shape[2:])
    strides = output_strides(x4, w4, shape, kind, groups)
    out_geom = Geometry((shape, strides, 0))
    if dim == 1:
        out_geom = squeeze(out_geom, 2)
    dest = type(input)._fresh(out_geom.shape, out_geom.strides, input.dtype, input.device)
    if kind == "transposed" and dim == 3 and groups == 1 and not dest.is_meta:
        # NaiveConvolutionTranspose3d.cpp allocates its output like the input, then resizes
        # it: a smaller output keeps the input's elements' bytes (measured on 2.13)
        floor = input.numel() * input.dtype.itemsize
        if dest._storage.nbytes < floor:
            dest._storage.resize(floor)
    if dest.is_meta or not dest.numel():
        return dest
    b = None
    if bias is not None:
        b = _read(bias.to(input.dtype) if bias.dtype is not input.dtype else bias,
                  bias._geom.shape)
    product = convolve(_read(input, x4.shape), _read(weight, w4.shape), b, win, shape[2:],
                       input.dtype)
    store(dest, product, ())
    return dest


def _empty(input: Tensor, weight: Tensor, x4: Geometry, shape: Ints,  # noqa: A002
           dim: int) -> Tensor:
    """Convolution.cpp's Empty backend: `input * weight.view(-1)[0]` (or `input.view(-1) *
    weight.view(-1)` without channels) viewed as the output, which a view of nothing to a
    new shape makes contiguous (computeStride)."""
    batched = input.contiguous().unsqueeze(2) if dim == 1 else input
    if x4.shape[1] != 0 and weight.numel():
        product = batched * weight.reshape(-1)[0]
        dt, strides = product.dtype, product._geom.strides
        if shape != x4.shape:
            strides = strides_for_format(shape, dtypes.contiguous_format)
    else:
        dt = result_type(input, weight)
        strides = strides_for_format(shape, dtypes.contiguous_format)
    g = Geometry((shape, strides, 0))
    if dim == 1:
        g = squeeze(g, 2)
    return type(input)._fresh(g.shape, g.strides, dt, input.device)


def _batchify(input: Tensor, n: int, op: str) -> tuple[Tensor, bool]:  # noqa: A002
    """Convolution.cpp batchify: an unbatched input gains a batch dim of 1."""
    if input.ndim not in (n + 1, n + 2):
        raise errors.fail("conv_input_rank", unbatched=n + 1, batched=n + 2, op=op,
                          shape=list(input._geom.shape))
    batched = input.ndim == n + 2
    return (input if batched else input.unsqueeze(0)), batched


def conv(op: str, n: int, input: Tensor, weight: Tensor,  # noqa: A002
         bias: Tensor | None, stride: Ints, padding: Ints | str, dilation: Ints,
         groups: int) -> Tensor:
    """torch.nn.functional.conv1d / conv2d / conv3d (Convolution.cpp conv2d and its
    padding-string overload, _convolution_mode)."""
    if not isinstance(padding, str) and bias is not None and bias.dtype is not input.dtype:
        raise errors.fail("conv_bias_dtype", input=_TYPE_META[input.dtype.name],
                          bias=_TYPE_META[bias.dtype.name])
    batched, is_batched = _batchify(input, n, op)
    if isinstance(padding, str):
        if padding == "same":
            out = _same(batched, weight, bias, stride, dilation, groups)
        elif padding == "valid":
            out = convolution(batched, weight, bias, stride, (0,), dilation, False, (0,),
                              groups)
        else:
            raise errors.fail("conv_padding_string", padding=padding)
    else:
        out = convolution(batched, weight, bias, stride, padding, dilation, False, (0,) * n,
                          groups)
    return out if is_batched else out.squeeze(0)


def conv_transpose(op: str, n: int, input: Tensor, weight: Tensor,  # noqa: A002
                   bias: Tensor | None, stride: Ints, padding: Ints, output_padding: Ints,
                   groups: int, dilation: Ints) -> Tensor:
    """torch.nn.functional.conv_transpose1d / 2d / 3d (Convolution.cpp)."""
    batched, is_batched = _batchify(input, n, op)
    out = convolution(batched, weight, bias, stride, padding, dilation, True, output_padding,
                      groups)
    return out if is_batched else out.squeeze(0)


def _same(input: Tensor, weight: Tensor, bias: Tensor | None, stride: Ints,  # noqa: A002
          dilation: Ints, groups: int) -> Tensor:
    """Convolution.cpp convolution_same: Pool.h pooling_same_mode_padding_lr's padding on
    both sides, the odd extra one added to the input's end by constant_pad_nd (a new tensor
    in the input's suggested format)."""
    global _warned_same
    wshape, shape = weight._geom.shape, input._geom.shape
    k = len(wshape)
    if k <= 2:
        raise errors.fail("conv_weight_rank")
    dim = k - 2
    if k != len(shape):
        raise errors.fail("conv_weight_input_rank", k=k, weight=list(wshape), sep="",
                          n=len(shape), shape=list(shape))
    for name, values in (("stride", stride), ("dilation", dilation)):
        if len(values) not in (dim, 1):
            raise errors.fail("conv_same_broadcast", name=name, dim=dim)
    if any(s != 1 for s in stride):
        raise errors.fail("conv_same_stride")
    left, extra = [], []
    for i in range(dim):
        d = dilation[0] if len(dilation) == 1 else dilation[i]
        total = d * (wshape[i + 2] - 1)
        lo = int(total / 2)  # C++ division truncates toward zero
        left.append(lo)
        extra.append(total - 2 * lo)
    if not any(extra):
        return convolution(input, weight, bias, stride, tuple(left), dilation, False,
                           (0,) * dim, groups)
    if not _warned_same:  # TORCH_WARN_ONCE: once per process
        _warned_same = True
        warnings.warn(errors.warning("conv_same_even"), stacklevel=5)
    padded_shape = shape[:2] + tuple(n + e for n, e in zip(shape[2:], extra))
    fmt = suggest_format(input._geom) if len(shape) in (4, 5) else dtypes.contiguous_format
    padded = type(input)._fresh(padded_shape, strides_for_format(padded_shape, fmt),
                                input.dtype, input.device)
    if not padded.is_meta and input.numel():
        given, known, tolerance = _read(input, shape)
        grown = np.zeros(padded_shape, given.dtype)
        ok = np.ones(padded_shape, np.bool_)
        region = tuple(slice(0, n) for n in shape)
        grown[region], ok[region] = given, known
        padded._write(grown)
        if tolerance:
            padded._storage.tolerance = tolerance
            padded._storage.tolerance_dtype = padded.dtype
        if not ok.all():
            writes.forget(padded, ~ok)
    return convolution(padded, weight, bias, stride, tuple(left), dilation, False,
                       (0,) * dim, groups)


# -- torch's spellings -------------------------------------------------------------------------

def bind(op: str, names: tuple[str, ...], defaults: dict[str, Any], args: tuple[Any, ...],
         kwargs: dict[str, Any], n: int) -> dict[str, Any]:
    """Bind a call as torch's argument parser does for these native signatures: Tensors,
    `int[n]` lists (one int stands for n), an int groups and, for conv, a padding string."""
    if len(args) > len(names):
        raise errors.fail("extra_args_range", op=op, least=2, most=len(names), given=len(args))
    bound = dict(defaults)
    for i, name in enumerate(names):
        if i < len(args):
            if name in kwargs:
                raise errors.fail("multiple_values", op=op, name=name)
            bound[name] = args[i]
        elif name in kwargs:
            bound[name] = kwargs[name]
        elif name not in defaults:
            raise errors.fail("missing_argument", name=op, arg=name)
    for key in kwargs:
        if key not in names:
            raise errors.fail("unexpected_keyword", op=op, keyword=key)
    overloads = op in ("conv1d", "conv2d", "conv3d")
    for name in names:
        value = bound[name]
        if _fits(name, value, op):
            if name in ("stride", "padding", "dilation", "output_padding") and not isinstance(
                    value, str):
                bound[name] = (int(value),) * n if _is_int(value) else tuple(
                    int(v) for v in value)
            continue
        if overloads:
            desc = ", ".join(signatures.typename(a) for a in args) + "".join(
                f", {k}={signatures.typename(v)}" for k, v in reversed(list(kwargs.items())))
            raise errors.fail("argument_overloads", op=op, type=desc.removeprefix(", "))
        want = {"input": "Tensor", "weight": "Tensor", "bias": "Tensor", "groups": "int"}.get(
            name, "tuple of ints")
        if name in kwargs:
            raise errors.fail("argument_keyword_type", op=op, arg=name, want=want,
                              type=signatures.typename(value))
        raise errors.fail("argument_position_type", op=op, arg=name,
                          pos=names.index(name) + 1, want=want, type=signatures.typename(value))
    return bound


def _is_int(value: Any) -> bool:
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def _fits(name: str, value: Any, op: str) -> bool:
    if name in ("input", "weight"):
        return is_tensor(value)
    if name == "bias":
        return value is None or is_tensor(value)
    if name == "groups":
        return _is_int(value)
    if name == "padding" and isinstance(value, str):
        return op in ("conv1d", "conv2d", "conv3d")
    return _is_int(value) or (isinstance(value, (tuple, list)) and all(
        _is_int(v) for v in value))
