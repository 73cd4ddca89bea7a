"""torch.nn.functional's dropout, alpha_dropout, feature_alpha_dropout and dropout1d/2d/3d.

aten/src/ATen/native/Dropout.cpp _dropout_impl on CPU: with p == 0, training off or an empty
input the result is the input itself; with p == 1 it is `input * zeros(())` (mul, or mul_ in
place), whose values are known; otherwise a noise tensor (empty_like(input), or for the feature
variants a contiguous (N, C, 1, ...) new_empty) gets bernoulli_(1 - p), is scaled (div_, or
alpha dropout's affine pair) and multiplies the input, so the result takes TensorIterator's
layout of input and noise and its values are not known. The dtype errors come from those steps
(bernoulli_ refuses complex, div_ an integral noise). torch/nn/functional.py checks p and, for
dropout1d/2d/3d, the rank, and runs an unbatched input through unsqueeze(0) / squeeze(0) (their
in-place forms when inplace=True, each bumping the version).
"""

from __future__ import annotations

import math
import warnings
from typing import TYPE_CHECKING, Any

from . import errors, randomness
from .tensor_pointwise import binary

if TYPE_CHECKING:
    from .tensor import Tensor

_ALPHA = 1.7580993408473766


def _impl(input: Tensor, p: float, train: bool, *, feature: bool, alpha: bool,  # noqa: A002
          inplace: bool) -> Tensor:
    """Dropout.cpp _dropout_impl<feature_dropout, alpha_dropout, inplace>."""
    if not 0 <= p <= 1:
        raise errors.fail("dropout_p_kernel", p="nan" if math.isnan(p) else f"{p:g}")
    if p == 0 or not train or input.numel() == 0:
        return input
    if p == 1:
        zero = type(input)._fresh((), None, input.dtype, input.device, zero=True)
        return binary("mul", input, zero, inplace=inplace)
    if feature:
        if input.ndim < 2:
            raise errors.fail("feature_dropout_rank")
        noise = input.new_empty((*input.shape[:2], *(1,) * (input.ndim - 2)))
    else:
        noise = randomness._like(input, None, None, "empty_like")
    randomness.bernoulli_(noise, 1 - p)
    b = None
    if alpha:
        a = 1.0 / math.sqrt((_ALPHA * _ALPHA * p + 1) * (1 - p))
        b = binary("mul", noise.add(-1), _ALPHA * a, inplace=True).add_(_ALPHA * a * p)
        binary("mul", noise, a, inplace=True)
    else:
        noise.div_(1 - p)
    result = binary("mul", input, noise, inplace=inplace)
    return result if b is None else result.add_(b)


def _checked(p: Any) -> None:
    if p < 0.0 or p > 1.0:
        raise errors.fail("dropout_p", p=p)


def dropout(input: Tensor, p: float = 0.5, training: bool = True,  # noqa: A002
            inplace: bool = False) -> Tensor:
    """Return torch.nn.functional.dropout(input, p, training, inplace)."""
    _checked(p)
    return _impl(input, p, training, feature=False, alpha=False, inplace=inplace)


def alpha_dropout(input: Tensor, p: float = 0.5, training: bool = False,  # noqa: A002
                  inplace: bool = False) -> Tensor:
    """Return torch.nn.functional.alpha_dropout(input, p, training, inplace)."""
    _checked(p)
    return _impl(input, p, training, feature=False, alpha=True, inplace=inplace)


def feature_alpha_dropout(input: Tensor, p: float = 0.5, training: bool = False,  # noqa: A002
                          inplace: bool = False) -> Tensor:
    """Return torch.nn.functional.feature_alpha_dropout(input, p, training, inplace)."""
    _checked(p)
    return _impl(input, p, training, feature=True, alpha=True, inplace=inplace)


def _unbatched(input: Tensor, p: float, training: bool, inplace: bool) -> Tensor:  # noqa: A002
    """Run feature dropout on input with a batch dim of one added, then taken away."""
    t = input.unsqueeze_(0) if inplace else input.unsqueeze(0)
    result = _impl(t, p, training, feature=True, alpha=False, inplace=inplace)
    return result.squeeze_(0) if inplace else result.squeeze(0)


def dropout1d(input: Tensor, p: float = 0.5, training: bool = True,  # noqa: A002
              inplace: bool = False) -> Tensor:
    """Return torch.nn.functional.dropout1d(input, p, training, inplace)."""
    _checked(p)
    if input.ndim not in (2, 3):
        raise errors.fail("dropout1d_rank", ndim=input.ndim)
    if input.ndim == 2:
        return _unbatched(input, p, training, inplace)
    return _impl(input, p, training, feature=True, alpha=False, inplace=inplace)


def dropout2d(input: Tensor, p: float = 0.5, training: bool = True,  # noqa: A002
              inplace: bool = False) -> Tensor:
    """Return torch.nn.functional.dropout2d(input, p, training, inplace)."""
    _checked(p)
    if input.ndim not in (3, 4):
        warnings.warn(errors.warning("dropout_rank_deprecated", name="dropout2d",
                                     ndim=input.ndim, spatial=2, a=3, b=4), stacklevel=2)
    if input.ndim == 3:
        warnings.warn(errors.warning("dropout2d_3d"), stacklevel=2)
    return _impl(input, p, training, feature=True, alpha=False, inplace=inplace)


def dropout3d(input: Tensor, p: float = 0.5, training: bool = True,  # noqa: A002
              inplace: bool = False) -> Tensor:
    """Return torch.nn.functional.dropout3d(input, p, training, inplace)."""
    _checked(p)
    if input.ndim not in (4, 5):
        warnings.warn(errors.warning("dropout_rank_deprecated", name="dropout3d",
                                     ndim=input.ndim, spatial=3, a=4, b=5), stacklevel=2)
    if input.ndim != 5:
        return _unbatched(input, p, training, inplace)
    return _impl(input, p, training, feature=True, alpha=False, inplace=inplace)
