"""A seeded differential sweep: random op chains on the reference and on torch eager."""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from stridecheck.strategies.arguments import RandomChooser
from stridecheck.strategies.chains import chain
from stridecheck.strategies.program import Program

from .compare import Difference
from .execute import compare_runs, run


@dataclass
class SweepResult:
    """Programs checked, and each program that diverged with its first differences."""

    checked: int = 0
    seconds: float = 0.0
    divergences: list[tuple[Program, list[Difference]]] = field(default_factory=list)
    ops_seen: Counter[str] = field(default_factory=Counter)

    def summary(self) -> str:
        rate = self.checked / self.seconds if self.seconds else 0.0
        lines = [f"{self.checked} programs checked in {self.seconds:.1f} s ({rate:.0f}/s), "
                 f"{len(self.divergences)} diverged, {len(self.ops_seen)} ops exercised"]
        return "\n".join(lines)


def programs(seed: int, count: int, max_ops: int = 8, device: str = "cpu",
             invalid_share: float = 0.1) -> list[Program]:
    rng = random.Random(seed)
    ch = RandomChooser(rng)
    return [chain(ch, max_ops=max_ops, device=device, invalid_share=invalid_share)
            for _ in range(count)]


def check(program: Program, target: Any) -> list[Difference]:
    """Run a program on the reference (expected) and on `target` (actual) and compare."""
    import stridecheck.reference as ref
    expected = run(program, ref)
    actual = run(program, target)
    return compare_runs(actual, expected)


def sweep(seed: int = 0, count: int = 1000, max_ops: int = 8, target: Any = None,
          device: str = "cpu") -> SweepResult:
    if target is None:
        import torch
        target = torch
    result = SweepResult()
    start = time.perf_counter()
    for program in programs(seed, count, max_ops, device):
        for step in program.steps[1:]:
            result.ops_seen[step.op.name] += 1
        diffs = check(program, target)
        result.checked += 1
        if diffs:
            result.divergences.append((program, diffs))
    result.seconds = time.perf_counter() - start
    return result
