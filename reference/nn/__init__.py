"""torch.nn's functional half: `stridecheck.reference.nn.functional`."""

from . import functional

__all__ = ["functional"]
