"""Programs checked per second on eager:cpu, against bare Hypothesis generation of the same.

Both rates come from one run: the generation rate draws `view_chains()` programs and does
nothing else; the check rate draws them and runs each on the reference and on torch eager.
It also counts the steps of the programs checked by op family (from each step's op key), so
the run shows which ops were in the mix: view ops, pointwise ops and the other ops that
allocate their outputs.

    python benchmarks/bench_conformance.py [--examples N] [--repeat K] [--json PATH]
    python benchmarks/bench_conformance.py --quick   # 50 examples, once: a smoke run
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import warnings
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from _common import environment, write_json
from hypothesis import HealthCheck, Phase, given, settings

from stridecheck.conformance.outcome import check
from stridecheck.conformance.targets import all_targets
from stridecheck.reference.ops import ALLOCATING_FAMILIES, BY_KEY, POINTWISE_FAMILIES
from stridecheck.strategies import view_chains
from stridecheck.strategies.program import Program

# the name every step building a program's base tensor binds (strategies/chains.py
# base_steps); the steps after it bind x1, x2, ... or nothing (x += 1, x[0] = 1)
BASE = "x0"


def rate(examples: int, body: Callable[[Program], object]) -> tuple[float, list[Program]]:
    """Return programs per second drawn (and run through `body`), and the programs."""
    done: list[Program] = []

    @settings(max_examples=examples, database=None, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate])
    @given(view_chains(max_ops=8))
    def run(program: Program) -> None:
        body(program)
        done.append(program)

    start = time.perf_counter()
    run()
    return len(done) / (time.perf_counter() - start), done


def group(family: str) -> str:
    """Return the step mix's group of an op family (strategies/chains.py _one_op)."""
    if family in POINTWISE_FAMILIES:
        return "pointwise"
    if family in ALLOCATING_FAMILIES:
        return "other allocating"
    return "views and the rest"


def step_mix(programs: Sequence[Program]) -> dict[str, Any]:
    """Count the steps after each program's base tensor by op family and by group."""
    families: Counter[str] = Counter()
    for program in programs:
        for step in program.steps:
            if step.out == BASE:
                continue
            spec = BY_KEY.get(step.op.key)
            families[spec.family if spec is not None else "not in the catalogue"] += 1
    total = sum(families.values())
    groups: Counter[str] = Counter()
    for family, n in families.items():
        groups[group(family)] += n
    return {
        "programs": len(programs),
        "steps": total,
        "groups": {g: round(n / total, 4) for g, n in groups.most_common()},
        "families": {f: round(n / total, 4) for f, n in families.most_common()},
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--quick", action="store_true", help="50 examples, once")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    args = parser.parse_args(argv)
    examples, repeat = (50, 1) if args.quick else (args.examples, args.repeat)
    warnings.simplefilter("ignore")
    target = all_targets()["eager:cpu"]
    gen, chk = [], []
    checked: list[Program] = []
    for _ in range(repeat):
        gen.append(rate(examples, lambda p: None)[0])
        per_second, checked = rate(examples, lambda p: check(p, target))
        chk.append(per_second)
    g, c = statistics.median(gen), statistics.median(chk)
    # derandomized: every repeat checks the same programs
    mix = step_mix(checked)
    print(f"bare generation: {g:.0f} programs/s (median of {repeat})")
    print(f"generate + check on eager:cpu: {c:.0f} programs/s per core")
    print(f"steps after the base tensor in the {mix['programs']} programs checked: "
          f"{mix['steps']}, by group: " +
          ", ".join(f"{k} {v:.1%}" for k, v in mix["groups"].items()))
    print("by family: " + ", ".join(f"{k} {v:.1%}" for k, v in mix["families"].items()))
    print(f"check rate / generation rate: {c / g:.2f} (goal >= 0.5); goal >= 250/s: "
          f"{'meets' if c >= 250 else 'misses'}")
    if args.json:
        write_json(args.json, {
            "benchmark": "bench_conformance", "environment": environment(),
            "examples": examples, "repeat": repeat,
            "generation_per_s": [round(x, 1) for x in gen],
            "check_per_s": [round(x, 1) for x in chk],
            "median_generation_per_s": round(g, 1), "median_check_per_s": round(c, 1),
            "ratio": round(c / g, 3), "step_mix": mix})
    return 0


if __name__ == "__main__":
    sys.exit(main())
