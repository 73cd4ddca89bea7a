"""Time gathering a non-contiguous view of 10^6 float32 elements into a contiguous tensor.

`x.contiguous()` on a view that is not contiguous copies: torch runs its copy kernel, the
reference reads the values through a strided numpy view and writes them into a fresh storage
(with its written-byte flags). Both run in the same process, interleaved, on the same views:

- permuted: arange(10^6).view(100, 100, 100).permute(2, 0, 1)
- transposed: arange(10^6).view(1000, 1000).t()
- step-sliced: arange(2 * 10^6)[::2]
- sliced 3-d: arange(4 * 10^6).view(200, 100, 200)[:, :, ::4], shape (200, 100, 50)

    python benchmarks/bench_gather.py              # 15 batches of 5 calls per view
    python benchmarks/bench_gather.py --quick      # 5 batches of 2 calls
    python benchmarks/bench_gather.py --json out.json

Reported per view: median ms per call for each library and the ratio reference / torch; the
headline is the median of those ratios. torch is timed twice, with its default intra-op threads
(the headline) and with torch.set_num_threads(1), since the reference copies on one thread and
a 2-thread copy stalls whenever another process holds the second core.
"""

from __future__ import annotations

import gc
import sys
from typing import Any

import torch
from _common import environment, make_timer, median, timing_main

import stridecheck.reference as R

GOAL = 1.5
N = 10**6

VIEWS: dict[str, str] = {
    "permuted (100,100,100).permute(2,0,1)": "L.arange(N, dtype=L.float32)"
                                             ".view(100, 100, 100).permute(2, 0, 1)",
    "transposed (1000,1000).t()": "L.arange(N, dtype=L.float32).view(1000, 1000).t()",
    "step-sliced [::2] of 2e6": "L.arange(2 * N, dtype=L.float32)[::2]",
    "sliced (200,100,200)[:,:,::4]": "L.arange(4 * N, dtype=L.float32)"
                                     ".view(200, 100, 200)[:, :, ::4]",
}


def build(expr: str, L: Any) -> Any:
    x = eval(expr, {"L": L, "N": N})  # noqa: S307 - the expressions are this file's own
    assert x.numel() == N and not x.is_contiguous(), expr
    return x


def run(batches: int, number: int, threads: int | None) -> dict[str, Any]:
    if threads is not None:
        torch.set_num_threads(threads)
    default_threads = torch.get_num_threads()
    xs = {(name, lib): build(expr, L) for name, expr in VIEWS.items()
          for lib, L in (("ref", R), ("torch", torch))}
    for name in VIEWS:  # same values out of both
        ref = xs[(name, "ref")].contiguous()
        out = xs[(name, "torch")].contiguous()
        assert ref.is_contiguous() and tuple(ref.stride()) == tuple(out.stride())
        assert ref._values().tobytes() == out.numpy().tobytes(), name
    timers = {k: make_timer("x.contiguous()", {"x": x}) for k, x in xs.items()}
    for name in VIEWS:  # torch again, on one intra-op thread like the reference
        timers[(name, "torch1")] = timers[(name, "torch")]
    libs = ("ref", "torch", "torch1")
    for t in timers.values():
        t(1)
    samples: dict[tuple[str, str], list[float]] = {k: [] for k in timers}
    for b in range(batches):
        for name in VIEWS:
            for lib in (libs if b % 2 == 0 else libs[::-1]):
                torch.set_num_threads(1 if lib == "torch1" else default_threads)
                gc.collect()
                samples[(name, lib)].append(timers[(name, lib)](number) / number)
    torch.set_num_threads(default_threads)
    rows: list[dict[str, Any]] = []
    for name in VIEWS:
        ref_ns = median(samples[(name, "ref")])
        torch_ns = median(samples[(name, "torch")])
        torch1_ns = median(samples[(name, "torch1")])
        rows.append({"view": name, "ref_ms": round(ref_ns / 1e6, 3),
                     "torch_ms": round(torch_ns / 1e6, 3), "ratio": round(ref_ns / torch_ns, 2),
                     "torch_1thread_ms": round(torch1_ns / 1e6, 3),
                     "ratio_1thread": round(ref_ns / torch1_ns, 2)})
    return {
        "benchmark": "bench_gather",
        "environment": environment(),
        "torch_threads_used": default_threads,
        "elements": N,
        "batches": batches,
        "calls_per_batch": number,
        "rows": rows,
        "median_ratio": round(median([r["ratio"] for r in rows]), 2),
        "median_ratio_1thread": round(median([r["ratio_1thread"] for r in rows]), 2),
        "goal": GOAL,
    }


def report(res: dict[str, Any]) -> None:
    env = res["environment"]
    print(f"bench_gather: 10^6 float32, {res['batches']} batches x {res['calls_per_batch']} "
          f"calls, Python {env['python']}, torch {env['torch']}, {env['cpus']} cpus, "
          f"{env['date']}")
    nt = res["torch_threads_used"]
    print(f"{'view':<40} {'ref ms':>8} {f'torch ms ({nt}t)':>15} {'ratio':>6} "
          f"{'torch ms (1t)':>14} {'ratio':>6}")
    for row in res["rows"]:
        print(f"{row['view']:<40} {row['ref_ms']:>8.3f} {row['torch_ms']:>15.3f} "
              f"{row['ratio']:>6.2f} {row['torch_1thread_ms']:>14.3f} {row['ratio_1thread']:>6.2f}")
    verdict = "meets" if res["median_ratio"] <= res["goal"] else "misses"
    print(f"median ratio: {res['median_ratio']:.2f} against torch on {nt} threads "
          f"({res['median_ratio_1thread']:.2f} against torch on 1 thread); "
          f"goal <= {res['goal']}: {verdict}")


THREADS_OPTION = ("--threads", {
    "type": int, "default": None,
    "help": "torch.set_num_threads for the torch side (default: torch's own)"})


def main(argv: list[str] | None = None) -> int:
    return timing_main(__doc__, run, report, unit="view", number=5, quick=(5, 2),
                       option=THREADS_OPTION, argv=argv)


if __name__ == "__main__":
    sys.exit(main())
