"""Cells of the layout matrix that random programs reach, steered towards new cells or not.

Runs the suite's random tests (view chains, alias programs, function programs; not the
matrix) on one target with the same example budget twice per round: once steered
(`--stridecheck-steer=cells`: Hypothesis `target()` scores each example by the cells it adds)
and once not (`--stridecheck-steer=none`), each round on streams of its own
(`--stridecheck-round`), the two in alternating order. It reports, per mode, the median over
the rounds of the declared cells covered and of the wall time, and the median ratio of the
round's steered to unsteered numbers. Nothing is asserted.

    python benchmarks/bench_steer.py [--examples N] [--repeat K] [--target T] [--json PATH]
    python benchmarks/bench_steer.py --quick   # 100 examples, once: a smoke run
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from typing import Any

from _common import environment, median, write_json

from stridecheck.reports.coverage import by_target, declared
from stridecheck.reports.reading import load

TESTS = "test_view_chains or test_alias_programs or test_function_programs"


def one_run(target: str, examples: int, steer: str, round_: int, folder: str
            ) -> tuple[int, float]:
    """Run the random tests once; return (declared cells covered on `target`, seconds)."""
    results = os.path.join(folder, f"{steer}-{round_}.jsonl")
    cmd = [sys.executable, "-m", "pytest", "--pyargs", "stridecheck.conformance", "-q",
           "-p", "no:cacheprovider", "-k", TESTS, f"--stridecheck-targets={target}",
           "--stridecheck-profile=ci", f"--stridecheck-max-examples={examples}",
           f"--stridecheck-steer={steer}", f"--stridecheck-round={round_}",
           f"--stridecheck-results={results}"]
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"pytest exited {done.returncode}:\n{done.stdout[-2000:]}")
    cov = by_target(load([results]).examples).get(target)
    every = {c for _, cells in declared() for c in cells}
    return (0 if cov is None else len(every & set(cov.hits))), seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=1000,
                        help="--stridecheck-max-examples of each run (1000, the ci profile's)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (3)")
    parser.add_argument("--target", default="eager:cpu", help="target (eager:cpu)")
    parser.add_argument("--quick", action="store_true", help="100 examples, once")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    args = parser.parse_args(argv)
    examples, repeat = (100, 1) if args.quick else (args.examples, args.repeat)
    rows: dict[str, list[tuple[int, float]]] = {"cells": [], "none": []}
    with tempfile.TemporaryDirectory() as folder:
        for r in range(1, repeat + 1):
            for steer in (("cells", "none") if r % 2 else ("none", "cells")):
                rows[steer].append(one_run(args.target, examples, steer, r, folder))
                print(f"round {r} steer={steer}: {rows[steer][-1][0]} cells in "
                      f"{rows[steer][-1][1]:.0f} s", flush=True)
    total = sum(len(cells) for _, cells in declared())
    out: dict[str, Any] = {"environment": environment(), "target": args.target,
                           "examples": examples, "repeat": repeat, "declared": total}
    print(f"\n{args.target}, {examples} examples a run, {repeat} round(s); "
          f"{total} cells declared")
    for steer, runs in rows.items():
        cells, secs = median([c for c, _ in runs]), median([s for _, s in runs])
        out[steer] = {"cells": [c for c, _ in runs], "seconds": [s for _, s in runs]}
        print(f"  steer={steer:5}  median cells covered {cells:.0f} "
              f"({100 * cells / total:.1f}%), median wall {secs:.0f} s")
    ratio = median([a[0] / max(1, b[0]) for a, b in zip(rows["cells"], rows["none"])])
    tratio = median([a[1] / b[1] for a, b in zip(rows["cells"], rows["none"])])
    out["ratio_cells"], out["ratio_seconds"] = ratio, tratio
    print(f"  steered / unsteered, median of the rounds: cells {ratio:.2f}, wall {tratio:.2f}")
    if args.json:
        write_json(args.json, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
