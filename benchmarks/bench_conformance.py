"""Programs checked per second on eager:cpu, against bare Hypothesis generation of the same.

Both rates come from one run: the generation rate draws `view_chains()` programs and does
nothing else; the check rate draws them and runs each on the reference and on torch eager.

    python benchmarks/bench_conformance.py [--examples N] [--repeat K]
"""

from __future__ import annotations

import argparse
import statistics
import time
import warnings

from hypothesis import HealthCheck, given, settings

from stridecheck.conformance.outcome import check
from stridecheck.conformance.targets import all_targets
from stridecheck.strategies import view_chains


def rate(examples: int, body: object) -> float:
    done = []

    @settings(max_examples=examples, database=None, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck), phases=["generate"])
    @given(view_chains(max_ops=8))
    def run(program: object) -> None:
        body(program)  # type: ignore[operator]
        done.append(1)

    start = time.perf_counter()
    run()
    return len(done) / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    target = all_targets()["eager:cpu"]
    gen, chk = [], []
    for _ in range(args.repeat):
        gen.append(rate(args.examples, lambda p: None))
        chk.append(rate(args.examples, lambda p: check(p, target)))
    g, c = statistics.median(gen), statistics.median(chk)
    print(f"bare generation: {g:.0f} programs/s (median of {args.repeat})")
    print(f"generate + check on eager:cpu: {c:.0f} programs/s per core")
    print(f"check rate / generation rate: {c / g:.2f} (goal >= 0.5); goal >= 250/s: "
          f"{'meets' if c >= 250 else 'misses'}")


if __name__ == "__main__":
    main()
