"""Checked function programs per second on each compiled target: alone, and in batches.

Draws batches of `function_program`s from a seeded stream (`function_batch`, as
`test_function_programs` draws them on a compiled target: up to K programs calling their
function the same number of times, one to three inputs, a body of up to 6 ops, chosen
returns, the probe). Then, per target, in the same process and over the same programs:

- **alone**: each program through `outcome.check`, as the suite checked them before batches
  (one `torch._dynamo.reset()` per program, one compile per call that needs one, the
  location of a call's difference where one appears);
- **batched**: each batch through `batching.check_batch` (programs the reference says raise
  run alone; the others as one program with one compile per joint call; where the batch
  differs, the program that shows it is checked alone and the rest batched again).

The two passes alternate batch by batch (alone first on even batches, batched first on odd
ones), so that load on the machine falls on both alike. Prints programs per second for
each, their ratio, and where the batched time goes (alone vs together).

    python benchmarks/bench_function_programs.py [--batches N] [--size K] [--targets A,B]
        [--seed S] [--json PATH] [--quick]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import warnings
from collections import Counter
from typing import Any

from _common import environment, write_json

from stridecheck.conformance import batching as batching_module
from stridecheck.conformance.batching import check_batch
from stridecheck.conformance.outcome import check
from stridecheck.conformance.targets import all_targets
from stridecheck.strategies.arguments import RandomChooser
from stridecheck.strategies.batch import calls as call_count
from stridecheck.strategies.functions import function_batch


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--batches", type=int, default=12, help="batches drawn (default 12)")
    parser.add_argument("--size", type=int, default=16, help="programs per batch at most")
    parser.add_argument("--targets", default="compile:aot_eager,compile:inductor",
                        help="compiled targets (default compile:aot_eager,compile:inductor)")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    parser.add_argument("--quick", action="store_true", help="2 batches of at most 4")
    args = parser.parse_args(argv)
    if args.quick:
        args.batches, args.size = 2, 4
    warnings.simplefilter("ignore")
    ch = RandomChooser(random.Random(args.seed))
    batches = [function_batch(ch, max_size=args.size) for _ in range(args.batches)]
    programs = sum(len(b) for b in batches)
    calls = sum(call_count(p) for b in batches for p in b)
    out: dict[str, Any] = {"environment": environment(), "batches": len(batches),
                           "programs": programs, "calls_per_program": round(calls / programs, 2),
                           "size": args.size, "targets": {}}
    print(f"{len(batches)} batches, {programs} programs, {calls / programs:.2f} calls each")
    for name in args.targets.split(","):
        target = all_targets()[name]
        row = _measure(target, batches)
        out["targets"][name] = row
        print(f"{name}: alone {row['alone_per_s']} programs/s, batched "
              f"{row['batched_per_s']} programs/s, ratio {row['ratio']}; batched time "
              f"{row['batched_alone_share']:.0%} in programs checked alone "
              f"({row['checked_alone']} of {programs}); statuses alone {row['statuses']}")
        if row["disagreements"]:
            print(f"  {row['disagreements']} program(s) with another status in a batch")
    if args.json:
        write_json(args.json, out)
    return 0


def _measure(target: Any, batches: list[tuple[Any, ...]]) -> dict[str, Any]:
    alone_s = batched_s = 0.0
    statuses: Counter[str] = Counter()
    disagreements = 0
    # time spent in programs checked alone inside check_batch (raising, or differing)
    inner = {"s": 0.0, "n": 0}
    plain_check = batching_module.check

    def timed_check(program: Any, tgt: Any) -> Any:
        start = time.perf_counter()
        try:
            return plain_check(program, tgt)
        finally:
            inner["s"] += time.perf_counter() - start
            inner["n"] += 1

    for i, batch in enumerate(batches):
        order = ("alone", "batched") if i % 2 == 0 else ("batched", "alone")
        for how in order:
            start = time.perf_counter()
            if how == "alone":
                seen = [check(p, target).status for p in batch]
                alone_s += time.perf_counter() - start
                statuses.update(seen)
                expected = seen
            else:
                batching_module.check = timed_check  # check_batch calls it by its module name
                try:
                    together = [o.status for o in check_batch(batch, target)][:len(batch)]
                finally:
                    batching_module.check = plain_check
                batched_s += time.perf_counter() - start
                got = together
        disagreements += sum(a != b for a, b in zip(expected, got))
    programs = sum(len(b) for b in batches)
    return {"alone_s": round(alone_s, 2), "batched_s": round(batched_s, 2),
            "alone_per_s": round(programs / alone_s, 1),
            "batched_per_s": round(programs / batched_s, 1),
            "ratio": round(alone_s / batched_s, 2),
            "batched_alone_share": round(inner["s"] / batched_s, 3),
            "checked_alone": inner["n"], "statuses": dict(statuses),
            "disagreements": disagreements}


if __name__ == "__main__":
    sys.exit(main())
