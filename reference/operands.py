"""What an op argument is: a tensor or a Python scalar, and the dtype a scalar takes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeGuard

import numpy as np

from . import dtypes
from .dtypes import dtype as DType

if TYPE_CHECKING:
    from .tensor import Tensor


class TensorBase:
    """The base of Tensor, so that the modules Tensor routes to can recognise one.

    Those modules sit below tensor.py and so cannot import Tensor itself.
    """

    __slots__ = ()


def is_tensor(value: object) -> TypeGuard[Tensor]:
    return isinstance(value, TensorBase)


def is_scalar(value: object) -> bool:
    return isinstance(value, (bool, int, float, complex, np.generic))


def scalar_dtype(value: Any) -> DType:
    """Return the dtype a Python scalar takes as a wrapped number."""
    if isinstance(value, (bool, np.bool_)):
        return dtypes.bool_
    if isinstance(value, (int, np.integer)):
        return dtypes.int64
    if isinstance(value, (float, np.floating)):
        return dtypes.float32
    return dtypes.complex64
