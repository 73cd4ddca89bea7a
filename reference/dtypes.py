"""Element types, memory formats and devices, named and printed as torch names them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from . import errors


@dataclass(frozen=True, slots=True)
class dtype:  # noqa: N801 - torch spells it lowercase
    """An element type: its torch name, byte size and numpy storage type."""

    name: str
    itemsize: int
    is_floating_point: bool
    is_complex: bool
    is_signed: bool
    # numpy type the bytes are viewed as; bfloat16 is kept as its raw uint16 bits
    storage_np: str
    # numpy type arithmetic is done in (torch's "opmath" type for reduced floats)
    compute_np: str
    # the C++ name torch prints in conversion errors
    cpp_name: str
    # the ScalarType name torch prints in "view Float as Half"
    scalar_name: str

    def __repr__(self) -> str:
        return f"torch.{self.name}"

    def to_complex(self) -> dtype:
        return {"float32": complex64, "float64": complex128, "float16": complex32}[self.name]

    def to_real(self) -> dtype:
        return {"complex64": float32, "complex128": float64, "complex32": float16}[self.name]

    @property
    def eps(self) -> float:
        """Return the machine epsilon of a floating or complex dtype (0 for exact ones)."""
        return _EPS.get(self.name, 0.0)


_EPS = {"float16": 2.0**-10, "complex32": 2.0**-10, "bfloat16": 2.0**-7, "float32": 2.0**-23,
        "complex64": 2.0**-23, "float64": 2.0**-52, "complex128": 2.0**-52}


bool_ = dtype("bool", 1, False, False, False, "bool", "bool", "bool", "Bool")
uint8 = dtype("uint8", 1, False, False, False, "uint8", "uint8", "uint8_t", "Byte")
int8 = dtype("int8", 1, False, False, True, "int8", "int8", "int8_t", "Char")
int16 = dtype("int16", 2, False, False, True, "int16", "int16", "int16_t", "Short")
int32 = dtype("int32", 4, False, False, True, "int32", "int32", "int", "Int")
int64 = dtype("int64", 8, False, False, True, "int64", "int64", "int64_t", "Long")
float16 = dtype("float16", 2, True, False, True, "float16", "float32", "c10::Half", "Half")
bfloat16 = dtype("bfloat16", 2, True, False, True, "uint16", "float32", "c10::BFloat16",
                 "BFloat16")
float32 = dtype("float32", 4, True, False, True, "float32", "float32", "float", "Float")
float64 = dtype("float64", 8, True, False, True, "float64", "float64", "double", "Double")
# complex32 (ComplexHalf) is stored as pairs of float16, see np_storage_type
complex32 = dtype("complex32", 4, False, True, True, "complex32", "complex64",
                  "c10::complex<c10::Half>", "ComplexHalf")
complex64 = dtype("complex64", 8, False, True, True, "complex64", "complex64",
                  "c10::complex<float>", "ComplexFloat")
complex128 = dtype("complex128", 16, False, True, True, "complex128", "complex128",
                   "c10::complex<double>", "ComplexDouble")

# torch's aliases
half, double, long, short = float16, float64, int64, int16
cfloat, cdouble = complex64, complex128

ALL_DTYPES: tuple[dtype, ...] = (bool_, uint8, int8, int16, int32, int64, float16, bfloat16,
                                 float32, float64, complex64, complex128)
BY_NAME: dict[str, dtype] = {d.name: d for d in ALL_DTYPES + (complex32,)}


def lookup(obj: Any) -> dtype:
    """Return our dtype for one of ours or anything printing as `torch.<name>`."""
    if isinstance(obj, dtype):
        return obj
    name = str(obj).removeprefix("torch.")
    aliases = {"half": "float16", "float": "float32", "double": "float64", "long": "int64",
               "int": "int32", "short": "int16", "cfloat": "complex64",
               "cdouble": "complex128"}
    name = aliases.get(name, name)
    if name in BY_NAME:
        return BY_NAME[name]
    raise errors.fail("not_a_dtype", got=repr(obj))


def is_dtype_like(obj: Any) -> bool:
    return isinstance(obj, dtype) or type(obj).__name__ == "dtype" and str(obj).startswith(
        "torch.")


# Category rank used by type promotion: bool < integral < floating < complex.
def category(d: dtype) -> int:
    if d is bool_:
        return 0
    if d.is_complex:
        return 3
    if d.is_floating_point:
        return 2
    return 1


_COMPLEX32 = np.dtype([("re", "<f2"), ("im", "<f2")])
_NP_STORAGE = {d.name: np.dtype(d.storage_np) for d in ALL_DTYPES}
_NP_STORAGE["complex32"] = _COMPLEX32


def np_storage_type(d: dtype) -> np.dtype:
    return _NP_STORAGE[d.name]


@dataclass(frozen=True, slots=True)
class memory_format:  # noqa: N801
    name: str

    def __repr__(self) -> str:
        return f"torch.{self.name}"


contiguous_format = memory_format("contiguous_format")
channels_last = memory_format("channels_last")
channels_last_3d = memory_format("channels_last_3d")
preserve_format = memory_format("preserve_format")
MEMORY_FORMATS = (contiguous_format, channels_last, channels_last_3d, preserve_format)


def lookup_memory_format(obj: Any) -> memory_format:
    if isinstance(obj, memory_format):
        return obj
    name = str(obj).removeprefix("torch.")
    for mf in MEMORY_FORMATS:
        if mf.name == name:
            return mf
    raise errors.fail("not_a_memory_format", got=repr(obj))
