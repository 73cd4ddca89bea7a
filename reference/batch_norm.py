"""batch_norm and group_norm: torch's native ops and torch.nn.functional's checks before them.

batch_norm (aten/src/ATen/native/Normalization.cpp _batch_norm_impl_index, batch_norm_cpu)
returns `input.clone()` for an input without elements, times `weight[0]` and plus `bias[0]`
where given, before any other check. Else it reads the channel count as `sizes()[1]` (out of
bounds for a 0-d or 1-d input: a fresh tensor reads 0 there, one squeezed or resized in place
the size it had, so only the fresh case is modelled), checks the running stats' and the
parameters' lengths (a missing running stat only in eval), that running_mean and running_var
are both given or both not, the dtype the kernel dispatches on (floating types, half and
bfloat16), then mixed_data_type.h's CPU rule (half or bfloat16 input with float32
parameters, the first defined parameter deciding). Its output is `empty_like(input, format)`:
when the input is contiguous in some format and every parameter is contiguous, contiguous
first, then channels_last_3d, then channels_last; else the input's suggest_memory_format().
Training writes the running stats below the autograd layer (native_batch_norm's schema marks
no mutation): values change, `_version` does not. running_mean takes `momentum * mean + (1 -
momentum) * running_mean`, running_var the same of the unbiased variance; the output is
computed after them, so a weight that is a running stat reads its new values.

group_norm (Python torch.nn.functional.group_norm, then group_norm.cpp group_norm and
native_group_norm) checks the rank and the size of a group in Python, then the groups, the
weight's and the bias's shapes (the bias message prints the weight's shape: a torch slip,
kept), the mixed dtypes and the kernel's dtypes; its output is a new tensor in the input's
suggest_memory_format().

Values: group_norm and a training batch_norm normalize rows as layer_norm does (the rows of
a channel, of a group), with the bound normalization.py derives; an eval batch_norm is
`(x - mean) * invstd * weight + bias` per channel, bounded here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, signatures
from .dtypes import dtype as DType
from .geometry import Geometry, is_channels_last_contiguous, is_contiguous
from .layouts import strides_for_format, suggest_format
from .normalization import _REDUCED, _compute_eps, _known, _layer_norm_values
from .ops import BY_KEY
from .overlap import shares_bytes
from .reduction_values import SMALLEST_NORMAL, Result
from .reductions import store
from .writes import forget

if TYPE_CHECKING:
    from .tensor import Tensor

_KERNEL_DTYPES = frozenset({"float32", "float64", "float16", "bfloat16"})
# the first line of the assert as_nd makes on a parameter of more than one dim
_AS_ND = ('t.defined() && t.dim() == 1 INTERNAL ASSERT FAILED at "/__w/pytorch/pytorch/aten/'
          'src/ATen/native/Normalization.cpp":162, please report a bug to PyTorch. ')


def _dense_in_a_format(g: Geometry) -> bool:
    return is_contiguous(g) or is_channels_last_contiguous(g, 4) or \
        is_channels_last_contiguous(g, 5)


def batch_norm_strides(g: Geometry, params_contiguous: bool) -> tuple[int, ...]:
    """Return batch_norm_cpu's output strides (Normalization.cpp suggest_memory_format_contig
    when every operand is contiguous, else suggest_memory_format)."""
    if params_contiguous and _dense_in_a_format(g):
        if is_contiguous(g):
            fmt = dtypes.contiguous_format
        elif is_channels_last_contiguous(g, 5):
            fmt = dtypes.channels_last_3d
        else:
            fmt = dtypes.channels_last
    else:
        fmt = suggest_format(g)
    return strides_for_format(g.shape, fmt)


def group_norm_strides(g: Geometry) -> tuple[int, ...]:
    """Return native_group_norm's output strides: the input's suggested format."""
    return strides_for_format(g.shape, suggest_format(g))


def check_mixed(input: Tensor, params: list[Tensor], kernel: str,  # noqa: A002
                dispatch_first: bool) -> None:
    """The kernel's dtype dispatch and mixed_data_type.h's rule, in the op's order; then the
    parameters a kernel of the input's type reads as that type (data_ptr<T>)."""
    def dispatch() -> None:
        if input.dtype.name not in _KERNEL_DTYPES:
            raise errors.fail("kernel_dtype", kernel=kernel, type=input.dtype.scalar_name)
    if dispatch_first:
        dispatch()
    mixed = bool(params) and params[0].dtype is not input.dtype
    if mixed:
        if any(p.dtype is not dtypes.float32 for p in params):
            raise errors.fail("mixed_dtype_parameter")
        if input.dtype.name not in _REDUCED:
            raise errors.fail("mixed_dtype_inputs")
    if not dispatch_first:
        dispatch()
    for p in params if not mixed else ():
        if p.dtype is not input.dtype:
            raise errors.fail("scalar_type", want=input.dtype.scalar_name,
                              got=p.dtype.scalar_name)


_Param = tuple[np.ndarray, float]


def _param(p: Tensor | None, rows: tuple[int, ...]) -> _Param | None:
    """A per-channel parameter's values broadcast over `rows` (channel axis first)."""
    if p is None:
        return None
    values, _, tol = _known(p)
    return values.reshape((-1,) + (1,) * (len(rows) - 1)), tol


def _undefined_params(params: list[Tensor | None], c: int) -> np.ndarray:
    found = np.zeros(c, np.bool_)
    for p in params:
        if p is not None and not p.is_meta:
            found |= ~p._defined().reshape(c)
    return found


# -- batch_norm -------------------------------------------------------------------------------

def _eval_values(x: np.ndarray, defined: np.ndarray, tol_in: float, mean: _Param,
                 var: _Param, w: _Param | None, b: _Param | None, eps_bn: float,
                 dt: DType, folded: bool) -> Result:
    """(x - mean) * invstd * weight + bias over x of (C, n), the stats per row; `folded` as
    the contiguous kernel computes it, x * alpha + beta with alpha = invstd * weight and beta =
    bias - mean * alpha (batch_norm_kernel.cpp: an infinite invstd gives NaN there)."""
    eps_c, eps = _compute_eps(dt), dt.eps
    tol = max(2 * eps, BY_KEY["nn.functional.batch_norm"].tolerance * 8 * eps_c)
    (m, tol_m), (v, tol_v) = mean, var
    weight, tol_w = w if w is not None else (np.ones((x.shape[0], 1)), 0.0)
    shift, tol_b = b if b is not None else (np.zeros((x.shape[0], 1)), 0.0)
    with np.errstate(all="ignore"):
        invstd = 1 / np.sqrt(v + eps_bn)
        if folded:
            alpha = invstd * weight
            y = x * alpha + (shift - m * alpha)
        else:
            y = (x - m) * invstd * weight + shift
        scale = invstd * np.abs(weight)
        rel_invstd = 2 * eps_c + tol_v * np.abs(v) / (2 * np.abs(v + eps_bn))
        bound = (2 * eps_c * ((np.abs(x) + np.abs(m)) * scale + np.abs(shift))
                 + (tol_in * np.abs(x) + tol_m * np.abs(m)) * scale
                 + np.abs(x - m) * scale * (rel_invstd + tol_w) + np.abs(shift) * tol_b)
        loose = (bound > tol * np.abs(y)) | (np.abs(y) < SMALLEST_NORMAL[dt.name])
    undefined = ~defined | (loose & np.isfinite(y))
    return Result(y, undefined, tol)


def _running(old: Tensor, new: np.ndarray, bound: np.ndarray, lost: np.ndarray,
             clobbered: bool) -> None:
    """Write a running stat's new values, leaving undetermined those its bound loosens."""
    dt = old.dtype
    eps_c = _compute_eps(dt) if dt.name in _REDUCED else dt.eps
    tol = max(2 * dt.eps, BY_KEY["nn.functional.batch_norm"].tolerance * 8 * eps_c)
    with np.errstate(all="ignore"):
        loose = (bound > tol * np.abs(new)) | (np.abs(new) < SMALLEST_NORMAL[dt.name])
    undefined = lost | (loose & np.isfinite(new))
    store(old, Result(new.reshape(old.shape), undefined.reshape(old.shape), tol), clobbered)


def _train_stats(x: np.ndarray, tol_in: float, rm: Tensor, rv: Tensor, momentum: float,
                 lost: np.ndarray, clobbered: bool, dt: DType) -> None:
    """Update the running stats from x of (C, n) (batch_norm_cpu_update_stats_template)."""
    n = x.shape[1]
    eps_c = _compute_eps(dt)
    with np.errstate(all="ignore"):
        mean = x.mean(1)
        var_sum = ((x - mean[:, None]) ** 2).sum(1)
        big = np.max(np.abs(x), 1)
        steps = np.log2(n) + 2
        d_mean = steps * eps_c * big + tol_in * big
        d_var = (2 * steps * eps_c * (var_sum / n + mean**2)
                 + 4 * tol_in * big * (big + np.sqrt(var_sum / n))) * n / (n - 1)
        for stat, batch, err in ((rm, mean, d_mean), (rv, var_sum / (n - 1), d_var)):
            old, _, tol_old = _known(stat)
            old = old.reshape(-1)
            new = momentum * batch + (1 - momentum) * old
            bound = (momentum * err + 3 * eps_c * (np.abs(momentum * batch)
                                                    + np.abs((1 - momentum) * old))
                     + abs(1 - momentum) * tol_old * np.abs(old))
            gone = lost | ~stat._defined().reshape(-1)
            _running(stat, new, bound, gone, clobbered)


def _check_features(input: Tensor, params: dict[str, Tensor | None],  # noqa: A002
                    training: bool) -> None:
    """_batch_norm_impl_index's checks of the lengths, then of the running stats' pairing."""
    c = input._geom.shape[1] if input.ndim >= 2 else 0  # sizes()[1] of a fresh 0-d/1-d: 0
    for name in ("running_mean", "running_var", "weight", "bias"):
        p = params[name]
        if p is not None:
            if p.numel() != c:
                raise errors.fail("batch_norm_features", arg=name, want=c, got=p.numel())
        elif not training and name.startswith("running"):
            raise errors.fail("batch_norm_eval_stat", arg=name)
    if (params["running_mean"] is None) != (params["running_var"] is None):
        raise errors.fail("batch_norm_stats_pair")
    if input.ndim == 1:
        raise errors.fail("dim_out_of_range", lo=-1, hi=0, dim=1)
    if input.ndim == 0:
        raise errors.fail("batch_norm_small_vector")


def _strided_mean(input: Tensor, mixed: bool) -> None:  # noqa: A002
    """batch_norm_cpu_out: training on an input contiguous in no format takes its mean
    first, in float where the parameters are mixed (measured: before the dtype dispatch; a
    complex input's cast then warns once per process, which the model leaves out, as it does
    for every complex-to-real copy)."""
    if not mixed and not (input.dtype.is_floating_point or input.dtype.is_complex):
        raise errors.fail("mean_dtype", what="Input", dtype=input.dtype.scalar_name)


def batch_norm(input: Tensor, weight: Tensor | None, bias: Tensor | None,  # noqa: A002
               running_mean: Tensor | None, running_var: Tensor | None, training: bool,
               momentum: float, eps: float) -> Tensor:
    """Return torch.batch_norm(input, weight, bias, running_mean, running_var, training,
    momentum, eps, cudnn_enabled)."""
    if not input.numel():
        out = input.clone()
        if weight is not None:
            out = out * weight[0]
        if bias is not None:
            out = out + bias[0]
        return out
    rm, rv = running_mean, running_var
    params = {"running_mean": rm, "running_var": rv, "weight": weight, "bias": bias}
    _check_features(input, params, training)
    defined = [p for p in (weight, bias, rm, rv) if p is not None]
    if training and not _dense_in_a_format(input._geom):
        _strided_mean(input, bool(defined) and defined[0].dtype is not input.dtype)
    check_mixed(input, defined, "batch_norm", dispatch_first=True)
    all_contiguous = _dense_in_a_format(input._geom) and all(p.is_contiguous()
                                                             for p in defined)
    for name in ("running_mean", "running_var"):
        p = params[name]
        if p is not None and p.ndim != 1:
            if not training and not all_contiguous:
                raise RuntimeError(_AS_ND)
            raise errors.fail("tensor_accessor_dims", ndim=p.ndim)
    if not all_contiguous and any(p.ndim != 1 for p in defined):
        raise RuntimeError(_AS_ND)
    shape = input._geom.shape
    dest = type(input)._fresh(shape, batch_norm_strides(input._geom, all_contiguous),
                              input.dtype, input.device)
    if dest.is_meta:
        return dest
    c = shape[1]
    x, def_x, tol_in = _known(input)
    rows = np.moveaxis(x, 1, 0).reshape(c, -1)
    def_rows = np.moveaxis(def_x, 1, 0).reshape(c, -1)
    # a channel with an unwritten or infinite element leaves its statistics open
    lost = ~def_rows.all(1) | ~np.isfinite(rows).all(1)
    stats = [p for p in (rm, rv) if p is not None]
    if training and rm is not None and rv is not None:
        # stats sharing memory are written in the kernel's order: undetermined
        clobbered = shares_bytes(rm, rv)
        _train_stats(rows, tol_in, rm, rv, momentum, lost, clobbered, input.dtype)
        if any(shares_bytes(s, input) for s in stats):
            for s in stats:
                forget(s, np.ones(s.shape, np.bool_))
            forget(dest, np.ones(shape, np.bool_))
            return dest
    w, b = _param(weight, (c, 1)), _param(bias, (c, 1))
    lost_params = _undefined_params([weight, bias], c)
    if training:
        param_dt = defined[0].dtype if defined else input.dtype
        result = _layer_norm_values(rows, def_rows, tol_in, w, b, eps, input.dtype, param_dt)
        undefined = np.asarray(result.undefined) | lost[:, None]
    else:
        assert rm is not None and rv is not None, "checked in eval"
        mean, var = _param(rm, (c, 1)), _param(rv, (c, 1))
        assert mean is not None and var is not None, "given"
        result = _eval_values(rows, def_rows, tol_in, mean, var, w, b, eps, input.dtype,
                              all_contiguous)
        lost_params |= _undefined_params([rm, rv], c)
        undefined = np.asarray(result.undefined)
    undefined = undefined | lost_params[:, None]
    back = (c, shape[0]) + shape[2:]
    store(dest, Result(np.moveaxis(result.values.reshape(back), 0, 1),
                       np.moveaxis(undefined.reshape(back), 0, 1), result.tolerance), False)
    return dest


# -- group_norm -------------------------------------------------------------------------------

def group_norm(input: Tensor, num_groups: int, weight: Tensor | None,  # noqa: A002
               bias: Tensor | None, eps: float) -> Tensor:
    """Return torch.group_norm(input, num_groups, weight, bias, eps, cudnn_enabled)."""
    shape = input._geom.shape
    if input.ndim < 2:
        raise errors.fail("dim_out_of_range", lo=-max(input.ndim, 1),
                          hi=max(input.ndim, 1) - 1, dim=1)
    c = shape[1]
    if num_groups <= 0:
        raise errors.fail("group_norm_groups_positive", groups=num_groups)
    if c % num_groups:
        raise errors.fail("group_norm_divisible", shape=list(shape), groups=num_groups)
    weight_shape = list(weight.shape) if weight is not None else [0]
    for name, p in (("weight", weight), ("bias", bias)):
        if p is not None and (p.ndim != 1 or p.numel() != c):
            raise errors.fail("group_norm_param", name=name, got=weight_shape,
                              shape=list(shape))
    check_mixed(input, [p for p in (weight, bias) if p is not None], "GroupNormKernelImpl",
                dispatch_first=False)
    dest = type(input)._fresh(shape, group_norm_strides(input._geom), input.dtype,
                              input.device)
    if dest.is_meta or not dest.numel():
        return dest
    n, g = shape[0], num_groups
    per = dest.numel() // (n * g)
    x, def_x, tol_in = _known(input)
    spatial = per // (c // g)
    params: list[tuple[np.ndarray, float] | None] = []
    for p in (weight, bias):
        if p is None:
            params.append(None)
            continue
        values, _, tol = _known(p)
        full = np.broadcast_to(values.reshape(1, g, c // g, 1), (n, g, c // g, spatial))
        params.append((full.reshape(n * g, per), tol))
    param_dt = next((p.dtype for p in (weight, bias) if p is not None), input.dtype)
    result = _layer_norm_values(x.reshape(n * g, per), def_x.reshape(n * g, per), tol_in,
                                params[0], params[1], eps, input.dtype, param_dt)
    lost = _undefined_params([weight, bias], c)
    undefined = np.asarray(result.undefined).reshape(shape) | np.broadcast_to(
        lost.reshape((1, c) + (1,) * (len(shape) - 2)), shape)
    store(dest, Result(result.values.reshape(shape), undefined, result.tolerance), False)
    return dest


# -- torch.nn.functional's Python checks and torch's bindings ---------------------------------

_NATIVE = {
    "batch_norm": signatures.signature(
        "batch_norm(Tensor input, Tensor? weight, Tensor? bias, Tensor? running_mean, "
        "Tensor? running_var, bool training, Scalar momentum, Scalar eps, bool cudnn_enabled)"),
    "group_norm": signatures.signature(
        "group_norm(Tensor input, int num_groups, Tensor? weight=None, Tensor? bias=None, "
        "Scalar eps=1e-05, bool cudnn_enabled=True)"),
}


def _float(name: str, op: str, pos: int, value: Any) -> float:
    """A `float` argument: a Python number, a bool among them (THPUtils_checkDouble)."""
    if not isinstance(value, (int, float)):
        raise errors.fail("argument_position_type", op=op, arg=name, pos=pos, want="float",
                          type=signatures.typename(value))
    return float(value)


def native_batch_norm(*args: Any, **kwargs: Any) -> Tensor:
    """torch.batch_norm, bound as its Python binding binds it."""
    for pos, name in ((7, "momentum"), (8, "eps")):
        if len(args) >= pos:
            _float(name, "batch_norm", pos, args[pos - 1])
    b = signatures.parse((_NATIVE["batch_norm"],), args, kwargs)
    return batch_norm(b["input"], b.get("weight"), b.get("bias"), b.get("running_mean"),
                      b.get("running_var"), b["training"],
                      _float("momentum", "batch_norm", 7, b["momentum"]),
                      _float("eps", "batch_norm", 8, b["eps"]))


def native_group_norm(*args: Any, **kwargs: Any) -> Tensor:
    """torch.group_norm, bound as its Python binding binds it."""
    b = signatures.parse((_NATIVE["group_norm"],), args, kwargs)
    return group_norm(b["input"], b["num_groups"], b.get("weight"), b.get("bias"),
                      _float("eps", "group_norm", 5, b.get("eps", 1e-5)))


def _verify_batch_size(size: list[int], shown: str) -> None:
    """torch.nn.functional._verify_batch_size."""
    prods = size[0]
    for n in size[2:]:
        prods *= n
    if prods == 1:
        raise errors.fail("batch_norm_one_value", size=shown)


def functional_batch_norm(input: Tensor, running_mean: Tensor | None,  # noqa: A002
                          running_var: Tensor | None, weight: Tensor | None = None,
                          bias: Tensor | None = None, training: bool = False,
                          momentum: float = 0.1, eps: float = 1e-5) -> Tensor:
    """Return torch.nn.functional.batch_norm(...): its Python checks, then torch.batch_norm."""
    if training:
        shape = list(input.shape)
        _verify_batch_size(shape, "torch.Size([" + ", ".join(map(str, shape)) + "])")
    if training and eps <= 0.0:
        raise errors.fail("batch_norm_eps_training", eps=eps)
    if eps < 0.0:
        raise errors.fail("batch_norm_eps", eps=eps)
    return native_batch_norm(input, weight, bias, running_mean, running_var, training,
                             momentum, eps, True)


def functional_group_norm(input: Tensor, num_groups: int,  # noqa: A002
                          weight: Tensor | None = None, bias: Tensor | None = None,
                          eps: float = 1e-5) -> Tensor:
    """Return torch.nn.functional.group_norm(...): its Python checks, then torch.group_norm."""
    if input.dim() < 2:
        raise errors.fail("group_norm_rank", ndim=input.dim())
    shape = list(input.shape)
    if num_groups == 0:
        raise errors.fail("group_norm_groups_zero")
    size = [shape[0] * shape[1] // num_groups, num_groups] + shape[2:]
    _verify_batch_size(size, str(size))
    return native_group_norm(input, num_groups, weight, bias, eps, True)


FUNCTIONS = {"batch_norm": native_batch_norm, "group_norm": native_group_norm}
