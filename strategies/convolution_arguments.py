"""Argument builders for convolution ops."""

from __future__ import annotations

from .arguments import Arguments

CONVOLUTION: dict[str, Arguments] = {}
