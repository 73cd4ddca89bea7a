"""Known divergences of today's torch, read from known_divergences.toml."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from stridecheck.strategies.program import Program, Step

from .compare import Difference

ALIASES = {"broadcast_to": "expand"}


@dataclass(frozen=True, slots=True)
class KnownDivergence:
    """One entry of the known-divergences file."""

    id: str
    target: str
    device: str
    op: str
    fields: tuple[str, ...]
    condition: str
    reason: str
    link: str
    repro: str

    def matches(self, program: Program | None, diffs: list[Difference],
                target: str = "") -> bool:
        if not diffs:
            return False
        if target and not _target_matches(self.target, target):
            return False
        first = diffs[0]
        if first.field not in self.fields:
            return False
        if self.device and first.device != self.device:
            return False
        return _diverging_op(program, first) == self.op


def _target_matches(pattern: str, target: str) -> bool:
    """'eager' matches eager:cpu, meta and every eager device; a full name matches itself."""
    if pattern in ("", "any", target):
        return True
    if pattern == "eager":
        return target.startswith("eager:") or target == "meta"
    return target.startswith(pattern + ":")


def _diverging_op(program: Program | None, diff: Difference) -> str:
    """Return the op name of the step a difference was found at."""
    text = diff.context.split(" with ")[0]
    if program is not None:
        for step in program.steps:
            if repr(step) == text:
                return ALIASES.get(step.op.name, step.op.name)
    call = text.split("=", 1)[-1].strip()
    if "[" in call and "(" not in call.split("[", 1)[0]:
        return "__getitem__"
    name = call.split("(", 1)[0].rsplit(".", 1)[-1]
    return ALIASES.get(name, name)


@cache
def load() -> tuple[KnownDivergence, ...]:
    text = resources.files(__package__).joinpath("known_divergences.toml").read_text()
    data = tomllib.loads(text)
    return tuple(KnownDivergence(
        id=e["id"], target=e["target"], device=e.get("device", ""), op=e["op"],
        fields=tuple(e["fields"]), condition=e["condition"], reason=e["reason"].strip(),
        link=e.get("link", ""), repro=e["repro"].strip()) for e in data["divergence"])


def classify(program: Program | None, diffs: list[Difference],
             target: str = "") -> KnownDivergence | None:
    """Return the known divergence these differences match, or None when they are new."""
    for entry in load():
        if entry.matches(program, diffs, target):
            return entry
    return None


__all__ = ["KnownDivergence", "Step", "classify", "load"]
