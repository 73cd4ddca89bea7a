"""Devices as torch spells them: 'cpu', 'cuda', 'cuda:1', 'meta', or any `type[:index]`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import errors


@dataclass(frozen=True, slots=True)
class device:  # noqa: N801 - torch spells it lowercase
    """A device type with an optional index, compared and printed as torch.device."""

    type: str
    index: int | None = None

    def __new__(cls, type: Any, index: int | None = None) -> device:  # noqa: A002
        return object.__new__(cls)

    def __init__(self, type: Any, index: int | None = None) -> None:  # noqa: A002
        if isinstance(type, device):
            t, i = type.type, type.index
        elif hasattr(type, "type") and hasattr(type, "index") and not isinstance(type, str):
            t, i = str(type.type), type.index
        elif isinstance(type, str):
            t, i = _parse(type)
        else:
            raise errors.fail("device_arguments", got=_typename(type))
        if index is not None:
            if i is not None:
                raise errors.fail("device_index_twice", text=str(type))
            if index < 0:
                raise errors.fail("device_index_negative")
            i = index
        object.__setattr__(self, "type", t)
        object.__setattr__(self, "index", i)

    def __repr__(self) -> str:
        if self.index is None:
            return f"device(type='{self.type}')"
        return f"device(type='{self.type}', index={self.index})"

    def __str__(self) -> str:
        return self.type if self.index is None else f"{self.type}:{self.index}"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, device):
            return (self.type, self.index) == (other.type, other.index)
        if isinstance(other, str):
            try:
                return self == device(other)
            except RuntimeError:
                return False
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.type, self.index))


def _typename(obj: Any) -> str:
    return type(obj).__name__


# c10/core/Device.cpp: the device types a device string may start with
DEVICE_TYPES = ("cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl", "ideep", "hip", "ve",
                "fpga", "maia", "xla", "lazy", "vulkan", "mps", "meta", "hpu", "mtia",
                "privateuseone")


# the name the PrivateUse1 backend goes by once a backend renamed it (c10/core/DeviceType.cpp)
_privateuse1 = "privateuseone"


def rename_privateuse1(name: str) -> None:
    """Name the PrivateUse1 device type, once (see utils.rename_privateuse1_backend)."""
    global _privateuse1
    if name == _privateuse1:
        return
    if _privateuse1 != "privateuseone":
        raise errors.fail("privateuse1_renamed", name=_privateuse1)
    _privateuse1 = name


def _parse(text: str) -> tuple[str, int | None]:
    if not text:
        raise errors.fail("device_empty")
    name, sep, idx = text.partition(":")
    if name in (_privateuse1, "privateuseone"):
        name = _privateuse1  # torch prints the device by the name its backend chose
    elif name not in DEVICE_TYPES:
        raise errors.fail("unknown_device_type", text=text)
    if not sep:
        return name, None
    if not idx.isdigit() or (len(idx) > 1 and idx[0] == "0"):
        raise errors.fail("invalid_device_string", text=text)
    return name, int(idx)


def lookup(obj: Any) -> device:
    """Return a device for a string, one of ours, or anything with `.type` and `.index`."""
    if isinstance(obj, int) and not isinstance(obj, bool):
        # torch takes a bare index as a CUDA ordinal
        return device("cuda", obj)
    return device(obj)


# device types whose tensors carry no device index (c10: every other type has devices, and a
# bare name means the current one)
_WITHOUT_INDEX = ("cpu", "meta")


def concrete(dev: device) -> device:
    """Return the device a new tensor or storage lands on: a bare accelerator name ('cuda',
    'mps', a PrivateUse1 backend's) is its current device, 0."""
    return device(dev.type, 0) if dev.index is None and dev.type not in _WITHOUT_INDEX else dev
