"""Layout matrix cells checked per second, per target, against the random chains' rate.

    python benchmarks/bench_matrix.py [--stride N] [--repeat K] [--targets T,...] [--json PATH]
    python benchmarks/bench_matrix.py --quick   # every 200th cell, once: a smoke run

Each round checks the same cells of the matrix (every `stride`-th, so every op takes part)
on each target, and the same number of seeded random chains (`strategies.chain`, as the
sweep draws them) on eager:cpu, one process, interleaved round by round; it reports the
median rate of each over the rounds and the ratio to the chains' rate of the same round.
Cells are checked as `test_layout_matrix` checks them (`batching.check_cells`): eager, meta,
fake and refs one at a time, with the inputs' building steps not observed and fake targets
keeping FakeTensorMode's dispatch cache between cells; compiled targets in batches of
`Target.matrix_batch` cells, one compile a batch. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from typing import Any

from _common import environment, median, write_json

from stridecheck.conformance.batching import check_cells
from stridecheck.conformance.outcome import check
from stridecheck.conformance.targets import all_targets
from stridecheck.strategies.arguments import RandomChooser
from stridecheck.strategies.chains import chain
from stridecheck.strategies.matrix import cell_programs

TARGETS = "eager:cpu,meta,fake:cpu,refs,compile:aot_eager,compile:inductor"


def _cells_rate(target: Any, stride: int) -> tuple[float, int]:
    cells = cell_programs(target.device)[::stride]
    programs = [c.program for c in cells]  # built before the clock starts
    start = time.perf_counter()
    for i in range(0, len(programs), target.matrix_batch):  # as test_layout_matrix does
        check_cells(programs[i:i + target.matrix_batch], target)
    return len(programs) / (time.perf_counter() - start), len(programs)


def _chains_rate(count: int, seed: int) -> float:
    target = all_targets()["eager:cpu"]
    ch = RandomChooser(random.Random(seed))
    programs = [chain(ch) for _ in range(count)]
    start = time.perf_counter()
    for p in programs:
        check(p, target)
    return count / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stride", type=int, default=20, help="check every Nth cell (20)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (3)")
    parser.add_argument("--targets", default=TARGETS, help=f"targets ({TARGETS})")
    parser.add_argument("--quick", action="store_true", help="every 200th cell, once")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")  # the model warns where torch does: not a measurement
    stride, repeat = (200, 1) if args.quick else (args.stride, args.repeat)
    targets = [all_targets()[name] for name in args.targets.split(",")]
    for t in targets:  # warm up: imports, the first compile, the cells' programs
        cell_programs(t.device)
    rates: dict[str, list[float]] = {t.name: [] for t in targets}
    ratios: dict[str, list[float]] = {t.name: [] for t in targets}
    chains: list[float] = []
    counts: dict[str, int] = {}
    for r in range(repeat):
        base = _chains_rate(200 if not args.quick else 20, seed=r)
        chains.append(base)
        for t in targets:
            if t.unavailable:
                continue
            rate, counts[t.name] = _cells_rate(t, stride)
            rates[t.name].append(rate)
            ratios[t.name].append(rate / base)
            print(f"round {r + 1}: {t.name}: {rate:.1f} cells/s ({counts[t.name]} cells); "
                  f"chains on eager:cpu {base:.1f}/s", file=sys.stderr, flush=True)
    rows = [{"target": name, "cells": counts.get(name, 0), "cells_per_s": median(v),
             "ratio_to_chains": median(ratios[name])} for name, v in rates.items() if v]
    print(f"{'target':<22} {'cells':>6} {'cells/s/core':>13} {'x chains/s':>11}")
    for row in rows:
        print(f"{row['target']:<22} {row['cells']:>6} {row['cells_per_s']:>13.1f} "
              f"{row['ratio_to_chains']:>11.2f}")
    print(f"random chains on eager:cpu: {median(chains):.1f} programs/s (median of {repeat})")
    if args.json:
        write_json(args.json, {"environment": environment(), "stride": stride,
                               "repeat": repeat, "rows": rows,
                               "chains_per_s": median(chains)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
