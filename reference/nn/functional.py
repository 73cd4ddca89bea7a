"""torch.nn.functional, for what the model covers (torch/nn/functional.py): each function
calls the op torch's does, in place where `inplace=True`; the activations' rules are in
reference/activations.py."""

from __future__ import annotations

from math import prod
from typing import TYPE_CHECKING, Any

from .. import activations, errors, normalization, pooling, products, signatures
from .. import batch_norm as _batch_norm
from .. import convolution as _conv
from .. import pooling3d as _pool3d
from ..activations import SELU_ALPHA, SELU_SCALE, elementwise

if TYPE_CHECKING:
    from ..tensor import Tensor

# mypy: disable-error-code="no-untyped-def"
# torch's own parameter names, `input` among them
# ruff: noqa: A002


def relu(input: Tensor, inplace: bool = False) -> Tensor:
    return activations.relu_(input) if inplace else activations.relu(input)


def relu6(input: Tensor, inplace: bool = False) -> Tensor:
    return activations.hardtanh(input, 0.0, 6.0, inplace)


def hardtanh(input: Tensor, min_val: float = -1.0, max_val: float = 1.0,
             inplace: bool = False) -> Tensor:
    if min_val > max_val:
        raise errors.fail("hardtanh_limits")  # checked in Python, before any dispatch
    return activations.hardtanh(input, min_val, max_val, inplace)


def leaky_relu(input: Tensor, negative_slope: float = 0.01, inplace: bool = False) -> Tensor:
    return elementwise("leaky_relu", input, (negative_slope,), inplace)


def elu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    return elementwise("elu", input, (alpha, 1.0, 1.0), inplace)


def selu(input: Tensor, inplace: bool = False) -> Tensor:
    return elementwise("elu", input, (SELU_ALPHA, SELU_SCALE, 1.0), inplace)


def celu(input: Tensor, alpha: float = 1.0, inplace: bool = False) -> Tensor:
    # Activation.cpp celu: elu(self, alpha, 1.0, 1.0 / alpha); alpha 0 refused first
    if alpha == 0:
        raise errors.fail("celu_alpha_zero")
    return elementwise("elu", input, (alpha, 1.0, 1.0 / alpha), inplace)


def silu(input: Tensor, inplace: bool = False) -> Tensor:
    return elementwise("silu", input, (), inplace)


def mish(input: Tensor, inplace: bool = False) -> Tensor:
    return elementwise("mish", input, (), inplace)


def hardsigmoid(input: Tensor, inplace: bool = False) -> Tensor:
    return elementwise("hardsigmoid", input, (), inplace)


def hardswish(input: Tensor, inplace: bool = False) -> Tensor:
    return elementwise("hardswish", input, (), inplace)


def gelu(input: Tensor, approximate: str = "none", *, out: Tensor | None = None) -> Tensor:
    return activations.gelu(input, approximate, out)


def softplus(input: Tensor, beta: float = 1.0, threshold: float = 20.0, *,
             out: Tensor | None = None) -> Tensor:
    return elementwise("softplus", input, (beta, threshold), out=out)


def threshold(input: Tensor, threshold: float, value: float, inplace: bool = False) -> Tensor:
    return elementwise("threshold", input, (threshold, value), inplace)


def softmax(input: Tensor, dim: int | None = None, _stacklevel: int = 3,
            dtype: Any = None) -> Tensor:
    if dim is None:
        dim = normalization.implicit_dim("softmax", input.dim())
    return input.softmax(dim) if dtype is None else input.softmax(dim, dtype=dtype)


def log_softmax(input: Tensor, dim: int | None = None, _stacklevel: int = 3,
                dtype: Any = None) -> Tensor:
    if dim is None:
        dim = normalization.implicit_dim("log_softmax", input.dim())
    return input.log_softmax(dim) if dtype is None else input.log_softmax(dim, dtype=dtype)


def softmin(input: Tensor, dim: int | None = None, _stacklevel: int = 3,
            dtype: Any = None) -> Tensor:
    if dim is None:
        dim = normalization.implicit_dim("softmin", input.dim())
    negated = -input
    return negated.softmax(dim) if dtype is None else negated.softmax(dim, dtype=dtype)


def layer_norm(input: Tensor, normalized_shape: Any, weight: Tensor | None = None,
               bias: Tensor | None = None, eps: float = 1e-5) -> Tensor:
    return normalization.layer_norm(input, normalized_shape, weight, bias, eps)


_LINEAR = (signatures.signature(
    "linear(Tensor input, Tensor weight, Tensor? bias=None, *, Tensor? out=None)"),)


def linear(*args: Any, **kwargs: Any) -> Tensor:
    """torch._C._nn.linear (aten/src/ATen/native/Linear.cpp linear, linear_out): addmm for a
    2-d input with a bias, and for an input of any rank that is contiguous with a 1-d bias
    (flattened to rows, the result viewed back: a view of addmm's result); else matmul with
    weight.t(), then the bias added in place (a version bump; out of place on meta)."""
    bound = signatures.parse(_LINEAR, args, kwargs)
    input, weight = bound["input"], bound["weight"]
    bias, out = bound.get("bias"), bound.get("out")
    if out is not None:
        # linear_out: addmm_out, or matmul_out then add_, called inside the one kernel of
        # linear.out, below the autograd layer that counts versions: out is bumped once
        version = out._version
        if input.ndim == 2 and bias is not None:
            result = products.addmm(bias, input, weight.t(), out=out)
        else:
            result = products.matmul(input, weight.t(), out=out)
            if bias is not None:
                result.add_(bias)
        out._vc.value = version + 1
        return result
    if input.ndim == 0 or weight.ndim == 0:
        raise errors.fail("linear_0d", a=input.ndim, b=weight.ndim)
    if input.ndim == 2 and bias is not None:
        return products.addmm(bias, input, weight.t())
    fusable = bias is not None and (bias.ndim == 1 or bias.squeeze().ndim == 1) and \
        bias.is_contiguous()
    if fusable and input.is_contiguous():
        sizes = tuple(input.shape)
        flat = products.addmm(bias, input.view(prod(sizes[:-1]), sizes[-1]), weight.t())
        return flat.view(*sizes[:-1], flat.shape[1])
    result = products.matmul(input, weight.t())
    if bias is None:
        return result
    # composite compliance: a bias that isTensorSubclassLike (TensorSubclassLikeUtils.h; a
    # meta tensor is, by its backend) is added out of place, leaving the version alone
    return result.add(bias) if bias.is_meta else result.add_(bias)


__all__ = ["celu", "elu", "gelu", "hardsigmoid", "hardswish", "hardtanh", "layer_norm",
           "leaky_relu", "linear", "log_softmax", "mish", "relu", "relu6", "selu", "silu",
           "softmax", "softmin", "softplus", "threshold"]


# -- pooling (reference/pooling.py) -----------------------------------------------------------

_R = pooling.REQUIRED
# torch's native signatures: `int[2]` takes one int for both dims; stride's default is empty
_AVG_POOL2D = (("input", "Tensor", _R), ("kernel_size", "int[2]", _R),
               ("stride", "int[2]?", ()), ("padding", "int[2]", (0, 0)),
               ("ceil_mode", "bool", False), ("count_include_pad", "bool", True),
               ("divisor_override", "int?", None))
_AVG_POOL1D = (("input", "Tensor", _R), ("kernel_size", "int[1]", _R), ("stride", "int[1]?", ()),
               ("padding", "int[1]", (0,)), ("ceil_mode", "bool", False),
               ("count_include_pad", "bool", True))


def _max_pool_params(size: int) -> tuple[pooling.Param, ...]:
    kind = f"int[{size}]"
    return (("input", "Tensor", _R), ("kernel_size", kind, _R), ("stride", f"{kind}?", ()),
            ("padding", kind, (0,) * size), ("dilation", kind, (1,) * size),
            ("ceil_mode", "bool", False))


def avg_pool2d(*args: Any, **kwargs: Any) -> Tensor:
    """torch._C._nn.avg_pool2d, which takes out= as well."""
    b = pooling.bind("avg_pool2d", _AVG_POOL2D, args, kwargs, keyword_only=("out",))
    return pooling.avg_pool2d(b["input"], b["kernel_size"], b["stride"], b["padding"],
                              b["ceil_mode"], b["count_include_pad"], b["divisor_override"],
                              out=b.get("out"))


def avg_pool1d(*args: Any, **kwargs: Any) -> Tensor:
    """torch.avg_pool1d."""
    b = pooling.bind("avg_pool1d", _AVG_POOL1D, args, kwargs)
    return pooling.avg_pool1d(b["input"], b["kernel_size"], b["stride"], b["padding"],
                              b["ceil_mode"], b["count_include_pad"])


def _native_max_pool(name: str, size: int, *args: Any) -> dict[str, Any]:
    return pooling.bind(name, _max_pool_params(size), args, {})


def _max_pool_functions(n: int) -> tuple[Any, Any]:
    """Return torch.nn.functional's max_pool{n}d_with_indices and the values-only
    max_pool{n}d (torch.max_pool{n}d: the values of the with_indices op, on CPU but for the
    1-d one, whose own kernel writes them)."""
    def pair(*args: Any) -> tuple[Tensor, Tensor]:
        if n == 1:
            return pooling.max_pool1d_with_indices(*args)
        kernel = pooling.max_pool2d_with_indices if n == 2 else _pool3d.max_pool3d_with_indices
        values, indices = kernel(*args)
        assert indices is not None, "asked for indices"
        return values, indices

    def values_only(*args: Any) -> Tensor:
        if n == 1:
            return pooling.max_pool1d(*args)
        kernel = pooling.max_pool2d_with_indices if n == 2 else _pool3d.max_pool3d_with_indices
        x, k, s, p, d, c = args
        return kernel(x, k, s, p, d, c, indices=False)[0]

    def bound(name: str, input: Tensor, kernel_size: Any, stride: Any, padding: Any,
              dilation: Any, ceil_mode: bool) -> tuple[Any, ...]:
        b = _native_max_pool(name, n, input, kernel_size, [] if stride is None else stride,
                             padding, dilation, ceil_mode)
        return (b["input"], b["kernel_size"], b["stride"], b["padding"], b["dilation"],
                b["ceil_mode"])

    def with_indices(input: Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
                     dilation: Any = 1, ceil_mode: bool = False,
                     return_indices: bool = False) -> tuple[Tensor, Tensor]:
        return pair(*bound(f"max_pool{n}d_with_indices", input, kernel_size, stride, padding,
                           dilation, ceil_mode))

    def without(input: Tensor, kernel_size: Any, stride: Any = None, padding: Any = 0,
                dilation: Any = 1, ceil_mode: bool = False,
                return_indices: bool = False) -> Tensor:
        return values_only(*bound(f"max_pool{n}d", input, kernel_size, stride, padding,
                                  dilation, ceil_mode))
    with_indices.__name__ = with_indices.__qualname__ = f"max_pool{n}d_with_indices"
    without.__name__ = without.__qualname__ = f"_max_pool{n}d"
    return with_indices, without


max_pool1d_with_indices, _max_pool1d = _max_pool_functions(1)
max_pool2d_with_indices, _max_pool2d = _max_pool_functions(2)
max_pool3d_with_indices, _max_pool3d = _max_pool_functions(3)


def _boolean_dispatch(if_true: Any, if_false: Any, name: str) -> Any:
    """torch._jit_internal.boolean_dispatch on `return_indices` (argument 6)."""
    def fn(*args: Any, **kwargs: Any) -> Any:
        flag = kwargs["return_indices"] if "return_indices" in kwargs else (
            args[6] if len(args) > 6 else False)
        return if_true(*args, **kwargs) if flag else if_false(*args, **kwargs)
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = f"torch.nn.functional.{name}: the values, or with return_indices=True both."
    return fn


max_pool2d = _boolean_dispatch(max_pool2d_with_indices, _max_pool2d, "max_pool2d")
max_pool1d = _boolean_dispatch(max_pool1d_with_indices, _max_pool1d, "max_pool1d")
max_pool3d = _boolean_dispatch(max_pool3d_with_indices, _max_pool3d, "max_pool3d")

__all__ += ["avg_pool1d", "avg_pool2d", "max_pool1d", "max_pool1d_with_indices",
            "max_pool2d", "max_pool2d_with_indices"]


# -- convolution (reference/convolution.py) ----------------------------------------------------

# torch's native signatures (native_functions.yaml conv2d, conv2d.padding, conv_transpose2d.input)
_CONV = ("input", "weight", "bias", "stride", "padding", "dilation", "groups")
_CONV_TRANSPOSE = ("input", "weight", "bias", "stride", "padding", "output_padding", "groups",
                   "dilation")
_CONV_DEFAULTS = {"bias": None, "stride": 1, "padding": 0, "dilation": 1, "groups": 1,
                  "output_padding": 0}


def _conv_function(name: str, n: int) -> Any:
    transposed = name.startswith("conv_transpose")

    def call(*args: Any, **kwargs: Any) -> Tensor:
        if transposed:
            b = _conv.bind(name, _CONV_TRANSPOSE, _CONV_DEFAULTS, args, kwargs, n)
            return _conv.conv_transpose(name, n, b["input"], b["weight"], b["bias"],
                                        b["stride"], b["padding"], b["output_padding"],
                                        b["groups"], b["dilation"])
        b = _conv.bind(name, _CONV, _CONV_DEFAULTS, args, kwargs, n)
        return _conv.conv(name, n, b["input"], b["weight"], b["bias"], b["stride"],
                          b["padding"], b["dilation"], b["groups"])
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"torch.nn.functional.{name} (torch.{name})."
    return call


conv1d = _conv_function("conv1d", 1)
conv2d = _conv_function("conv2d", 2)
conv_transpose1d = _conv_function("conv_transpose1d", 1)
conv_transpose2d = _conv_function("conv_transpose2d", 2)
conv3d = _conv_function("conv3d", 3)
conv_transpose3d = _conv_function("conv_transpose3d", 3)

__all__ += ["conv1d", "conv2d", "conv_transpose1d", "conv_transpose2d"]
__all__ += ["conv3d", "conv_transpose3d"]


# -- batch_norm, group_norm (reference/batch_norm.py) ------------------------------------------

batch_norm = _batch_norm.functional_batch_norm
group_norm = _batch_norm.functional_group_norm

__all__ += ["batch_norm", "group_norm"]


# -- shaping (reference/shaping.py, reference/shaping_lookups.py) -----------------------------

from .. import embedding_bag as _embedding_bag  # noqa: E402
from .. import shaping as _shaping  # noqa: E402
from .. import shaping_lookups as _lookups  # noqa: E402

pad = _shaping.pad
pixel_shuffle = _lookups.FUNCTIONS["pixel_shuffle"]
pixel_unshuffle = _lookups.FUNCTIONS["pixel_unshuffle"]
channel_shuffle = _lookups.FUNCTIONS["channel_shuffle"]
native_channel_shuffle = _lookups.FUNCTIONS["native_channel_shuffle"]
one_hot = _lookups.one_hot_function
embedding = _lookups.functional_embedding
embedding_bag = _embedding_bag.embedding_bag

__all__ += ["channel_shuffle", "embedding", "embedding_bag", "native_channel_shuffle", "one_hot",
            "pad", "pixel_shuffle", "pixel_unshuffle"]


# -- pooling, 3-d and adaptive (reference/pooling3d.py, reference/pooling_adaptive.py) --------

from .. import pooling_adaptive as _adaptive  # noqa: E402

_AVG_POOL3D = (("input", "Tensor", _R), ("kernel_size", "int[3]", _R),
               ("stride", "int[3]?", ()), ("padding", "int[3]", (0, 0, 0)),
               ("ceil_mode", "bool", False), ("count_include_pad", "bool", True),
               ("divisor_override", "int?", None))


def avg_pool3d(*args: Any, **kwargs: Any) -> Tensor:
    """torch._C._nn.avg_pool3d, which takes out= as well."""
    b = pooling.bind("avg_pool3d", _AVG_POOL3D, args, kwargs, keyword_only=("out",))
    return _pool3d.avg_pool3d(b["input"], b["kernel_size"], b["stride"], b["padding"],
                              b["ceil_mode"], b["count_include_pad"], b["divisor_override"],
                              out=b.get("out"))


def _adaptive_native(name: str, size: int, input: Any, output_size: Any) -> dict[str, Any]:
    params = (("input", "Tensor", _R), ("output_size", f"int[{size}]", _R))
    return pooling.bind(name, params, (input, output_size), {})


def adaptive_avg_pool2d(input: Tensor, output_size: Any) -> Tensor:
    b = _adaptive_native("adaptive_avg_pool2d", 2, input,
                         _adaptive.with_default(output_size, tuple(input.size())))
    return _adaptive.adaptive_avg_pool(b["input"], b["output_size"], 2)


def adaptive_avg_pool3d(input: Tensor, output_size: Any) -> Tensor:
    b = _adaptive_native("adaptive_avg_pool3d", 3, input,
                         _adaptive.with_default(output_size, tuple(input.size())))
    return _adaptive.adaptive_avg_pool(b["input"], b["output_size"], 3)


def adaptive_avg_pool1d(*args: Any, **kwargs: Any) -> Tensor:
    """torch.adaptive_avg_pool1d."""
    params = (("input", "Tensor", _R), ("output_size", "int[1]", _R))
    b = pooling.bind("adaptive_avg_pool1d", params, args, kwargs)
    return _adaptive.adaptive_avg_pool1d(b["input"], b["output_size"])


def adaptive_max_pool2d_with_indices(input: Tensor, output_size: Any,
                                     return_indices: bool = False) -> tuple[Tensor, Tensor]:
    b = _adaptive_native("adaptive_max_pool2d", 2, input,
                         _adaptive.with_default(output_size, tuple(input.size())))
    return _adaptive.adaptive_max_pool2d(b["input"], b["output_size"])


def _adaptive_max_pool2d(input: Tensor, output_size: Any,
                         return_indices: bool = False) -> Tensor:
    return adaptive_max_pool2d_with_indices(input, output_size)[0]


def adaptive_max_pool2d(*args: Any, **kwargs: Any) -> Any:
    """torch.nn.functional.adaptive_max_pool2d: boolean_dispatch on return_indices (arg 2)."""
    flag = kwargs["return_indices"] if "return_indices" in kwargs else (
        args[2] if len(args) > 2 else False)
    if flag:
        return adaptive_max_pool2d_with_indices(*args, **kwargs)
    return _adaptive_max_pool2d(*args, **kwargs)


__all__ += ["adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d",
            "adaptive_max_pool2d", "adaptive_max_pool2d_with_indices", "avg_pool3d",
            "max_pool3d", "max_pool3d_with_indices"]


# -- sampling, im2col (reference/sampling.py, reference/im2col.py) ----------------------------

from .. import im2col as _im2col  # noqa: E402
from .. import sampling as _sampling  # noqa: E402

interpolate = _sampling.interpolate
unfold = _im2col.unfold
fold = _im2col.fold

__all__ += ["fold", "interpolate", "unfold"]


# -- distances (reference/distances.py) --------------------------------------------------------

from .. import distances as _distances  # noqa: E402

normalize = _distances.normalize
cosine_similarity = _distances.cosine_similarity
pairwise_distance = _distances.pairwise_distance

__all__ += ["cosine_similarity", "normalize", "pairwise_distance"]


# -- instance_norm (reference/instance_norm.py) ----------------------------------------------

from .. import instance_norm as _instance_norm  # noqa: E402

instance_norm = _instance_norm.instance_norm
local_response_norm = _instance_norm.local_response_norm

__all__ += ["instance_norm", "local_response_norm"]


# -- bilinear, attention (reference/einstein.py, reference/attention.py) -----------------------

from .. import attention as _attention  # noqa: E402
from .. import einstein as _einstein  # noqa: E402

bilinear = _einstein.bilinear
scaled_dot_product_attention = _attention.scaled_dot_product_attention

__all__ += ["bilinear", "scaled_dot_product_attention"]


# -- dropouts (reference/dropout.py) -----------------------------------------------------------

from .. import dropout as _dropout  # noqa: E402

dropout = _dropout.dropout
alpha_dropout = _dropout.alpha_dropout
feature_alpha_dropout = _dropout.feature_alpha_dropout
dropout1d = _dropout.dropout1d
dropout2d = _dropout.dropout2d
dropout3d = _dropout.dropout3d

__all__ += ["alpha_dropout", "dropout", "dropout1d", "dropout2d", "dropout3d",
            "feature_alpha_dropout"]


# -- unpooling, power-average pooling (reference/unpooling.py) --------------------------------

from .. import unpooling as _unpooling  # noqa: E402


def max_unpool1d(input: Tensor, indices: Tensor, kernel_size: Any, stride: Any = None,
                 padding: Any = 0, output_size: Any = None) -> Tensor:
    return _unpooling.max_unpool(1, input, indices, kernel_size, stride, padding, output_size)


def max_unpool2d(input: Tensor, indices: Tensor, kernel_size: Any, stride: Any = None,
                 padding: Any = 0, output_size: Any = None) -> Tensor:
    return _unpooling.max_unpool(2, input, indices, kernel_size, stride, padding, output_size)


def _lp_pool(n: int, input: Any, norm_type: float, kernel_size: Any, stride: Any,
             ceil_mode: bool) -> Tensor:
    """torch/nn/functional.py lp_pool1d / lp_pool2d: the composite of avg_pool (max_pool for
    an infinite norm), pow, sign, relu and mul, so its layout is theirs."""
    max_pool, avg_pool = (max_pool1d, avg_pool1d) if n == 1 else (max_pool2d, avg_pool2d)
    if n == 2:
        kw, kh = _unpooling._ints(kernel_size, 2)
        scale = kw * kh
    else:
        scale = kernel_size
    if isinstance(norm_type, (int, float)):
        if norm_type == float("inf"):
            return max_pool(input.abs(), kernel_size, stride, 0, 1, ceil_mode)
        if norm_type == -float("inf"):
            return -max_pool(-input.abs(), kernel_size, stride, 0, 1, ceil_mode)
    out: Any
    if stride is not None:
        out = avg_pool(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    else:
        out = avg_pool(input.pow(norm_type), kernel_size, padding=0, ceil_mode=ceil_mode)
    return (out.sign() * relu(out.abs())).mul(scale).pow(1.0 / norm_type)


def lp_pool1d(input: Tensor, norm_type: float, kernel_size: Any, stride: Any = None,
              ceil_mode: bool = False) -> Tensor:
    return _lp_pool(1, input, norm_type, kernel_size, stride, ceil_mode)


def lp_pool2d(input: Tensor, norm_type: float, kernel_size: Any, stride: Any = None,
              ceil_mode: bool = False) -> Tensor:
    return _lp_pool(2, input, norm_type, kernel_size, stride, ceil_mode)


__all__ += ["lp_pool1d", "lp_pool2d", "max_unpool1d", "max_unpool2d"]
