"""An independent model of PyTorch storage and views, with torch's Python API.

`import stridecheck.reference as T` can stand in for `import torch as T` in programs that use
the ops of the catalogue (`stridecheck.reference.ops.OPS`). Nothing here imports torch.
"""

from __future__ import annotations

from . import utils
from .device import device
from .dtypes import (
    bfloat16,
    cdouble,
    cfloat,
    channels_last,
    channels_last_3d,
    complex32,
    complex64,
    complex128,
    contiguous_format,
    double,
    dtype,
    float16,
    float32,
    float64,
    half,
    int8,
    int16,
    int32,
    int64,
    long,
    memory_format,
    preserve_format,
    short,
    uint8,
)
from .dtypes import bool_ as bool  # noqa: A004 - torch.bool
from .factories import (
    arange,
    empty,
    empty_like,
    empty_strided,
    full,
    full_like,
    ones,
    ones_like,
    tensor,
    zeros,
    zeros_like,
)
from .functions import FUNCTIONS as _FUNCTIONS
from .functions import view_as_complex, view_as_real
from .promotion import can_cast, promote_types, result_type
from .storage import UntypedStorage
from .tensor import Size, Tensor

float = float32  # noqa: A001 - torch.float
chalf = complex32
int = int32  # noqa: A001 - torch.int

globals().update({k: v for k, v in _FUNCTIONS.items() if k not in globals()})
# torch's namespaces (torch.fft, torch.linalg, torch.nn.functional), after the functions
# they call
from . import fft, linalg, nn  # noqa: E402

__all__ = sorted(
    ["device", "dtype", "memory_format", "Tensor", "Size", "UntypedStorage", "bool", "float",
     "int", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32",
     "float64", "complex32", "chalf", "complex64", "complex128", "half", "double", "long",
     "short", "cfloat", "cdouble", "contiguous_format", "channels_last", "channels_last_3d",
     "preserve_format",
     "tensor", "arange", "zeros", "ones", "full", "empty", "empty_strided", "empty_like",
     "zeros_like", "ones_like", "full_like", "view_as_real", "view_as_complex", "promote_types",
     "result_type", "can_cast", "utils", "nn", "fft", "linalg", *_FUNCTIONS])
__version__ = "2.13.0"
