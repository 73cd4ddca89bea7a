"""Checked function programs per second on each compiled target, one compile per call.

Draws `function_program`s from a seeded stream (the programs `test_function_programs`
checks: one to three inputs, a body of up to 6 ops, chosen returns, the probe, and up to two
later calls), then checks each on each target as the suite does (`outcome.check`: the
reference's run, the target's run with one `torch._dynamo.reset()` per program and one
compile per call that needs it, and the location of a call's difference where one appears).
Prints, per target, the median seconds per program and programs per second over all.

    python benchmarks/bench_function_programs.py [--programs N] [--targets A,B] [--json PATH]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from statistics import median

from _common import environment, write_json

from stridecheck.conformance.outcome import check
from stridecheck.conformance.targets import all_targets
from stridecheck.strategies.arguments import RandomChooser
from stridecheck.strategies.functions import function_program


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--programs", type=int, default=40, help="programs drawn (default 40)")
    parser.add_argument("--targets", default="compile:aot_eager,compile:inductor",
                        help="compiled targets (default compile:aot_eager,compile:inductor)")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    args = parser.parse_args(argv)
    warnings.simplefilter("ignore")
    ch = RandomChooser(random.Random(42))
    programs = [function_program(ch) for _ in range(args.programs)]
    calls = sum(sum(s.op.kind == "call" for s in p.steps) for p in programs) / len(programs)
    out: dict[str, object] = {"environment": environment(), "programs": len(programs),
                              "calls_per_program": round(calls, 2), "targets": {}}
    for name in args.targets.split(","):
        target = all_targets()[name]
        times = []
        for program in programs:
            start = time.perf_counter()
            check(program, target)
            times.append(time.perf_counter() - start)
        row = {"median_s": round(median(times), 3),
               "programs_per_s": round(len(times) / sum(times), 2)}
        out["targets"][name] = row  # type: ignore[index]
        print(f"{name}: {row['median_s']} s per program (median), "
              f"{row['programs_per_s']} programs/s over {len(times)}")
    print(f"{calls:.2f} calls per program")
    if args.json:
        write_json(args.json, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
