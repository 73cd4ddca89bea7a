"""Argument builders for spectral ops."""

from __future__ import annotations

from .arguments import Arguments

SPECTRAL: dict[str, Arguments] = {}
