"""Argument builders for torch.nn.functional's 3-d and adaptive pools: max_pool3d (indices too)
and avg_pool3d on 4-d and 5-d inputs (their windows as pooling_arguments.py draws them), and
adaptive_avg_pool1d, 2d, 3d and adaptive_max_pool2d.

An adaptive output size is drawn per spatial dim from 1 to one past the input's size (now
and then None, the input's own size, or 1 in every dim: the mean path), given as one int where
the sizes agree; draws shrink to an output of 1. With `ctx.invalid` a builder may also draw a
negative size or a list of the wrong length.
"""

from __future__ import annotations

from typing import Any

from stridecheck.reference.tensor import Tensor

from .arguments import Applies, Arguments, Builder, Chooser, Context
from .pooling_arguments import _applies, _pool
from .program import Op

# the dtypes each CPU kernel takes (reference/pooling3d.py, reference/pooling_adaptive.py)
_FLOATS = frozenset({"float32", "float64", "float16", "bfloat16"})
_MAX = _FLOATS | {"int64", "int32", "int16", "int8", "uint8"}
_AVG3D = frozenset({"float32", "float64", "int64"})


def _adaptive(key: str, rank: int) -> Builder:
    """F.<key>(t, output_size[, return_indices]) over t's last `rank` dims."""
    name = key.rpartition(".")[2]

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        sizes = tuple(t.shape[t.ndim - rank:]) if t.ndim >= rank else (2,) * rank
        if ch.chance(0.2):
            out: list[Any] = [1] * rank
        else:
            out = [ch.integer(1, max(1, n + 1)) for n in sizes]
        if rank > 1 and name != "adaptive_avg_pool1d" and ch.chance(0.15):
            out[ch.integer(0, rank - 1)] = None
        if ctx.invalid and ch.chance(0.4):
            if ch.chance(0.5):
                out[ch.integer(0, rank - 1)] = -1
            else:
                out = out + [1]
        size: Any = out[0] if len(set(out)) == 1 and out[0] is not None and ch.chance(0.6) \
            else tuple(out)
        kwargs: tuple[tuple[str, Any], ...] = ()
        pick = None
        # return_indices=True is the _with_indices op's: its contract is the pair's
        if name.endswith("with_indices"):
            pick = ch.choice((0, 1))
        return Op(key, (size,), kwargs, kind="function", pick=pick)
    return build


def _adaptive_applies(rank: int, avg: bool) -> Applies:
    """An input of rank + 1 or rank + 2 dims whose checked dims are non-empty."""
    def applies(t: Tensor) -> bool:
        shape = tuple(t.shape)
        if t.dtype.name not in _FLOATS or len(shape) not in (rank + 1, rank + 2):
            return False
        checked = shape[-rank:] if avg and rank <= 2 else shape[1:]
        return 0 not in checked and 0 not in shape[-rank:]
    return applies


_F = "nn.functional."
POOLING_MORE: dict[str, Arguments] = {
    _F + "max_pool3d": Arguments(_pool(_F + "max_pool3d", 3), _applies(3, _MAX)),
    _F + "max_pool3d_with_indices": Arguments(_pool(_F + "max_pool3d_with_indices", 3),
                                              _applies(3, _MAX)),
    _F + "avg_pool3d": Arguments(_pool(_F + "avg_pool3d", 3), _applies(3, _AVG3D)),
    _F + "adaptive_avg_pool1d": Arguments(_adaptive(_F + "adaptive_avg_pool1d", 1),
                                          _adaptive_applies(1, True)),
    _F + "adaptive_avg_pool2d": Arguments(_adaptive(_F + "adaptive_avg_pool2d", 2),
                                          _adaptive_applies(2, True)),
    _F + "adaptive_avg_pool3d": Arguments(_adaptive(_F + "adaptive_avg_pool3d", 3),
                                          _adaptive_applies(3, True)),
    _F + "adaptive_max_pool2d": Arguments(_adaptive(_F + "adaptive_max_pool2d", 2),
                                          _adaptive_applies(2, False)),
    _F + "adaptive_max_pool2d_with_indices": Arguments(
        _adaptive(_F + "adaptive_max_pool2d_with_indices", 2), _adaptive_applies(2, False)),
}
