"""Known divergences of today's torch, read from known_divergences.toml."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from stridecheck.strategies.program import Program

from .compare import Difference

# spellings of one op that known divergences name once
ALIASES = {"broadcast_to": "expand", "swapaxes": "transpose", "swapdims": "transpose",
           "moveaxis": "movedim"}
CONDITIONS = ("", "empty", "size1_strides")


@dataclass(frozen=True, slots=True)
class KnownDivergence:
    """One entry of the known-divergences file."""

    id: str
    targets: tuple[str, ...]  # "eager" (every eager device and meta), "fake", "refs", ...
    device: str  # "" matches any device
    ops: tuple[str, ...]  # "*" matches any op
    fields: tuple[str, ...]
    condition: str
    reason: str
    link: str
    repro: str
    # extra condition on the difference: "size1_strides" (strides differ only on dims of
    # size 1, or on any dim of an empty tensor), "empty" (the tensor has no elements), or ""
    when: str = ""

    @property
    def target(self) -> str:
        return self.targets[0]

    def matches(self, program: Program | None, diffs: list[Difference],
                target: str = "") -> bool:
        if not diffs:
            return False
        if target and not any(_target_matches(t, target) for t in self.targets):
            return False
        first = diffs[0]
        if first.field not in self.fields:
            return False
        if self.device and first.device != self.device:
            return False
        if self.when and not _condition(self.when, diffs):
            return False
        if "*" in self.ops:
            return True
        if target.startswith("compile:") and program is not None:
            # a compiled program is only seen whole: any of its steps may be the cause
            return any(ALIASES.get(s.op.name, s.op.name) in self.ops for s in program.steps)
        return diverging_op(program, first) in self.ops


def _condition(when: str, diffs: list[Difference]) -> bool:
    if when == "empty":
        return all(0 in d.shape for d in diffs)
    if when == "size1_strides":
        return all(d.field in ("strides", "contiguity") and _only_trivial_strides(d)
                   for d in diffs)
    return True


def _only_trivial_strides(d: Difference) -> bool:
    """Return whether two stride tuples differ only where the stride cannot matter."""
    if d.field == "contiguity" or 0 in d.shape:
        return True
    return all(a == e or n == 1 for a, e, n in zip(d.actual, d.expected, d.shape))


def _target_matches(pattern: str, target: str) -> bool:
    """'eager' matches eager:<device> and meta; 'fake' matches fake:cpu and fake:cuda."""
    if pattern in ("", "any", target):
        return True
    if pattern == "eager":
        return target.startswith("eager:") or target == "meta"
    return target.startswith(pattern + ":")


def diverging_op(program: Program | None, diff: Difference) -> str:
    """Return the op name of the step a difference was found at."""
    text = diff.context.split(" with ")[0]
    if program is not None:
        for step in program.steps:
            if repr(step) == text:
                return ALIASES.get(step.op.name, step.op.name)
    call = text.split("=", 1)[-1].strip() if "=" in text.split("[", 1)[0] else text
    if "] =" in text or text.rstrip().endswith("]") and "(" not in text.split("[", 1)[0]:
        return "__setitem__" if "] =" in text else "__getitem__"
    name = call.split("(", 1)[0].rsplit(".", 1)[-1]
    return ALIASES.get(name, name)


def _tuple(value: Any) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


@cache
def load() -> tuple[KnownDivergence, ...]:
    text = resources.files(__package__).joinpath("known_divergences.toml").read_text()
    entries = []
    for e in tomllib.loads(text)["divergence"]:
        when = e.get("when", "")
        if when not in CONDITIONS:
            raise ValueError(f"known_divergences.toml: {e['id']}: unknown when={when!r}")
        entries.append(KnownDivergence(
            id=e["id"], targets=_tuple(e["target"]), device=e.get("device", ""),
            ops=_tuple(e["op"]), fields=tuple(e["fields"]), condition=e["condition"],
            reason=e["reason"].strip(), link=e.get("link", ""), repro=e["repro"].strip(),
            when=when))
    return tuple(entries)


def classify(program: Program | None, diffs: list[Difference],
             target: str = "") -> KnownDivergence | None:
    """Return the known divergence these differences match, or None when they are new."""
    for entry in load():
        if entry.matches(program, diffs, target):
            return entry
    return None


def reproduce(entry: KnownDivergence) -> tuple[str, list[Difference]]:
    """Run an entry's repro on its first target; return (target name, differences)."""
    from .execute import check_source_on
    target = {"eager": "eager:cpu", "fake": "fake:cpu", "compile": "compile:aot_eager"}.get(
        entry.target, entry.target)
    return target, check_source_on(entry.repro, target)
