"""A pytest plugin that installs injected torch bugs for a whole run: `-p inject_plugin`.

STRIDECHECK_INJECT names the bugs (comma-separated names from injected_bugs.BUGS or
MATRIX_BUGS, or
`segfault-unsqueeze-3d`, which kills the process inside torch, or `fault-unsqueeze-3d`, which
raises CUDA's device-side assert from the CPU kernel, as a GPU's faulting kernel would). The
variable reaches xdist workers through the environment, so every process of the run has the
same bugs.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
from typing import Any

import pytest

_STACK = contextlib.ExitStack()


def _segfault_unsqueeze(self: Any, dim: int) -> Any:
    if self.dim() >= 3:
        ctypes.string_at(0)  # reads address 0: SIGSEGV inside the kernel
    import torch
    d = dim % (self.dim() + 1)
    sizes, strides = list(self.shape), list(self.stride())
    stride = sizes[d] * strides[d] if d < self.dim() else 1
    sizes.insert(d, 1)
    strides.insert(d, stride)
    return torch.ops.aten.as_strided(self, sizes, strides, self.storage_offset())


def _fault_unsqueeze(self: Any, dim: int) -> Any:
    if self.dim() >= 3:
        raise RuntimeError("CUDA error: device-side assert triggered")
    return _segfault_unsqueeze(self, dim)


def pytest_configure(config: pytest.Config) -> None:
    from injected_bugs import BUGS, MATRIX_BUGS, _kernel

    wanted = [n for n in os.environ.get("STRIDECHECK_INJECT", "").split(",") if n]
    by_name = {b.name: b for b in (*BUGS, *MATRIX_BUGS)}
    for name in wanted:
        if name == "segfault-unsqueeze-3d":
            _STACK.enter_context(_kernel("unsqueeze", "CPU", _segfault_unsqueeze))
        elif name == "fault-unsqueeze-3d":
            _STACK.enter_context(_kernel("unsqueeze", "CPU", _fault_unsqueeze))
        else:
            _STACK.enter_context(by_name[name].install())


def pytest_unconfigure(config: pytest.Config) -> None:
    _STACK.close()
