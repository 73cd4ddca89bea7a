"""A seeded differential sweep: random op chains on the reference and on torch eager."""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from stridecheck.strategies.arguments import RandomChooser
from stridecheck.strategies.chains import chain
from stridecheck.strategies.program import Program

from .compare import Difference
from .outcome import check
from .results import DIVERGENCE, KNOWN
from .targets import Target, all_targets


@dataclass
class SweepResult:
    """Programs checked, and each program that diverged with its first differences."""

    checked: int = 0
    seconds: float = 0.0
    divergences: list[tuple[Program, list[Difference]]] = field(default_factory=list)
    known: Counter[str] = field(default_factory=Counter)
    ops_seen: Counter[str] = field(default_factory=Counter)

    def summary(self) -> str:
        rate = self.checked / self.seconds if self.seconds else 0.0
        lines = [f"{self.checked} programs checked in {self.seconds:.1f} s ({rate:.0f}/s), "
                 f"{len(self.divergences)} diverged, {sum(self.known.values())} known "
                 f"divergences, {len(self.ops_seen)} ops exercised"]
        for key, n in sorted(self.known.items()):
            lines.append(f"  known: {key} x{n}")
        return "\n".join(lines)


# the share of steps calling the networks' ops: three times the chains' default, as the sweep
# draws from the whole catalogue, whose networks' part has grown past a hundred ops
NETWORK_PERCENT = 15


def programs(seed: int, count: int, max_ops: int = 8, device: str = "cpu",
             invalid_share: float = 0.1) -> Iterator[Program]:
    """Yield `count` programs from one seeded random stream (same seed, same programs)."""
    ch = RandomChooser(random.Random(seed))
    for _ in range(count):
        yield chain(ch, max_ops=max_ops, device=device, invalid_share=invalid_share,
                    network_percent=NETWORK_PERCENT)


def sweep(seed: int = 0, count: int = 1000, max_ops: int = 8, target: Target | None = None,
          progress: bool = False) -> SweepResult:
    """Check `count` seeded random programs on the reference and on `target` (eager:cpu)."""
    if target is None:
        target = all_targets()["eager:cpu"]
    result = SweepResult()
    start = time.perf_counter()
    for program in programs(seed, count, max_ops, target.device):
        for step in program.steps[1:]:
            result.ops_seen[step.op.name] += 1
        outcome = check(program, target)
        result.checked += 1
        if outcome.status == KNOWN and outcome.known is not None:
            result.known[outcome.known.id] += 1
        elif outcome.status == DIVERGENCE:
            result.divergences.append((program, outcome.diffs))
        if progress and (result.checked % 250 == 0 or result.checked == count):
            print(f"\r  {result.checked}/{count} checked, {len(result.divergences)} diverged",
                  end="" if result.checked < count else "\n", file=sys.stderr, flush=True)
    result.seconds = time.perf_counter() - start
    return result
