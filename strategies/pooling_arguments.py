"""Argument builders for pooling ops."""

from __future__ import annotations

from .arguments import Arguments

POOLING: dict[str, Arguments] = {}
