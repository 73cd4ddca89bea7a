"""torch.utils as far as the model needs it: naming the PrivateUse1 backend."""

from __future__ import annotations

from . import device as _device


def rename_privateuse1_backend(backend_name: str) -> None:
    """Let `backend_name` stand for the PrivateUse1 device type in device strings, as
    torch.utils.rename_privateuse1_backend does (once per process: torch refuses a second
    name, and so does the model)."""
    _device.rename_privateuse1(backend_name)
