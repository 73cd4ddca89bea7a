"""torch.nn.functional.instance_norm, composed of the model's own ops as torch 2.13 composes it.

F.instance_norm (torch/nn/functional.py) refuses, when it uses the input's statistics, an
input with one spatial element (_verify_spatial_size, ValueError), then calls
torch.instance_norm (aten/src/ATen/native/Normalization.cpp instance_norm): running stats
are required without the input's statistics; the parameters and running stats are repeated
N times (the running stats cast to the weight's dtype, or the input's, first), the input
made contiguous and viewed as (1, N * C, ...), batch_norm run on that, the running stats
written back, where the input's statistics were used, as the mean over N of the repeated
ones (a copy_ into each: a version bump), and batch_norm's output viewed back to the input's
shape: a view of a new contiguous tensor, channels_last or not.

local_response_norm (torch/nn/functional.py) is a composite of mul, pad, avg_pool2d (3-d
input) or avg_pool3d, add, pow and div; an empty input comes back itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import errors, pooling, pooling3d
from .batch_norm import batch_norm
from .shaping import pad

if TYPE_CHECKING:
    from .tensor import Tensor


def _repeated(t: Tensor | None, n: int) -> Tensor | None:
    """Normalization.cpp repeat_if_defined."""
    return None if t is None else t.repeat(n)


def native_instance_norm(input: Tensor, weight: Tensor | None, bias: Tensor | None,  # noqa: A002
                         running_mean: Tensor | None, running_var: Tensor | None,
                         use_input_stats: bool, momentum: float, eps: float) -> Tensor:
    """Return torch.instance_norm(...) (Normalization.cpp instance_norm)."""
    if not use_input_stats and (running_mean is None or running_var is None):
        raise errors.fail("instance_norm_stats")
    shape = input._geom.shape
    if input.ndim < 2:
        n = input.ndim
        raise errors.fail("dim_out_of_range", lo=-max(n, 1), hi=max(n, 1) - 1, dim=1)
    b, c = shape[0], shape[1]
    folded = (1, b * c, *shape[2:])
    # the running stats are cast first, to the weight's dtype where there is one, else to the
    # input's (measured: an aten::to ahead of each repeat; float stats of a double input make
    # no mixed dtype, unlike a float weight)
    stat_dtype = weight.dtype if weight is not None else input.dtype
    rm, rv = (_repeated(None if s is None else s.to(stat_dtype), b)
              for s in (running_mean, running_var))
    out = batch_norm(input.contiguous().view(folded), _repeated(weight, b),
                     _repeated(bias, b), rm, rv, use_input_stats, momentum, eps)
    for stat, repeated in ((running_mean, rm), (running_var, rv)):
        if use_input_stats and stat is not None and repeated is not None:
            stat.copy_(repeated.view(b, c).mean(0, False))
    return out.view(shape)


def instance_norm(input: Tensor, running_mean: Tensor | None = None,  # noqa: A002
                  running_var: Tensor | None = None, weight: Tensor | None = None,
                  bias: Tensor | None = None, use_input_stats: bool = True,
                  momentum: float = 0.1, eps: float = 1e-5) -> Tensor:
    """Return torch.nn.functional.instance_norm(...)."""
    if use_input_stats:
        size = list(input._geom.shape)
        spatial = 1
        for n in size[2:]:
            spatial *= n
        if spatial == 1:
            shown = "torch.Size([" + ", ".join(map(str, size)) + "])"
            raise errors.fail("instance_norm_spatial", size=shown)
    return native_instance_norm(input, weight, bias, running_mean, running_var,
                                use_input_stats, momentum, eps)



def local_response_norm(input: Tensor, size: int, alpha: float = 1e-4,  # noqa: A002
                        beta: float = 0.75, k: float = 1.0) -> Tensor:
    """Return torch.nn.functional.local_response_norm(...): its own composite of mul, pad,
    avg_pool2d (3-d input) or avg_pool3d, add, pow and div, run on the model's ops."""
    dim = input.dim()
    if dim < 3:
        raise errors.fail("lrn_rank", ndim=dim)
    if input.numel() == 0:
        return input
    div = input * input  # the operators run the same ops as mul, add and pow
    if dim == 3:
        div = div.unsqueeze(1)
        div = pad(div, (0, 0, size // 2, (size - 1) // 2))
        div = pooling.avg_pool2d(div, (size, 1), (1, 1), (0, 0)).squeeze(1)
    else:
        sizes = input.size()
        div = div.view(sizes[0], 1, sizes[1], sizes[2], -1)
        div = pad(div, (0, 0, 0, 0, size // 2, (size - 1) // 2))
        div = pooling3d.avg_pool3d(div, (size, 1, 1), (1, 1, 1), (0, 0, 0)).squeeze(1)
        div = div.view(sizes)
    div = (div * alpha + k) ** beta
    return input / div
