"""Show that an expanded reference tensor costs a few KB whatever its numel, up to 10^12.

Expands a one-element tensor (`T.zeros(1).expand(...)`) to 10^6, 10^9 and 10^12 elements, in
2-d and 4-d shapes, and reads all its metadata: shape, size(), stride(), storage_offset(),
numel(), nelement(), dim(), nbytes, is_contiguous() for contiguous_format, channels_last and
channels_last_3d, is_non_overlapping_and_dense(), data_ptr(), untyped_storage().nbytes(),
_base, _is_view() and _version. tracemalloc (which numpy reports its buffers to) gives the
peak bytes allocated from making the base tensor to the last read.

    python benchmarks/bench_expand_memory.py
    python benchmarks/bench_expand_memory.py --json out.json

Exit status 1 when the peak grows with numel (by more than --slack bytes, default 512: a
Python int of 10^12 takes a few bytes more than one of 10^6) or exceeds --limit bytes.
"""

from __future__ import annotations

import argparse
import gc
import sys
import tracemalloc
from typing import Any

from _common import environment, write_json

import stridecheck.reference as T

SHAPES: dict[str, list[tuple[int, ...]]] = {
    "2-d": [(10**3, 10**3), (10**3, 10**6), (10**6, 10**6)],
    "4-d": [(10, 10, 100, 100), (10, 100, 10**3, 10**3), (10**3, 10**3, 10**3, 10**3)],
}


def expand_and_read(shape: tuple[int, ...]) -> dict[str, Any]:
    """Expand a one-element tensor to `shape` and read every piece of metadata."""
    base = T.zeros(1)
    x = base.expand(*shape)
    meta = {
        "shape": tuple(x.shape),
        "size": tuple(x.size()),
        "stride": tuple(x.stride()),
        "storage_offset": x.storage_offset(),
        "numel": x.numel(),
        "nelement": x.nelement(),
        "dim": x.dim(),
        "nbytes": x.nbytes,
        "is_contiguous": x.is_contiguous(),
        "is_contiguous_channels_last": x.is_contiguous(memory_format=T.channels_last),
        "is_contiguous_channels_last_3d": x.is_contiguous(memory_format=T.channels_last_3d),
        "is_non_overlapping_and_dense": x.is_non_overlapping_and_dense(),
        "data_ptr_delta": x.data_ptr() - base.data_ptr(),
        "storage_nbytes": x.untyped_storage().nbytes(),
        "base_is_input": x._base is base,
        "is_view": x._is_view(),
        "version": x._version,
    }
    return meta


def measure(shape: tuple[int, ...], repeat: int) -> tuple[int, dict[str, Any]]:
    """Return the largest traced peak (bytes above the starting level) over `repeat` runs."""
    meta = expand_and_read(shape)  # warm up lazy paths and caches, untraced
    peaks = []
    for _ in range(repeat):
        gc.collect()
        tracemalloc.start()
        try:
            start, _ = tracemalloc.get_traced_memory()
            tracemalloc.reset_peak()
            meta = expand_and_read(shape)
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        peaks.append(peak - start)
    return max(peaks), meta


def run(repeat: int, slack: int, limit: int) -> dict[str, Any]:
    rows = []
    failures = []
    for rank, shapes in SHAPES.items():
        peaks = []
        for shape in shapes:
            peak, meta = measure(shape, repeat)
            numel = 1
            for n in shape:
                numel *= n
            # the metadata must be the expanded tensor's, over a 4-byte storage
            assert meta["numel"] == numel and meta["storage_nbytes"] == 4, meta
            assert meta["stride"] == (0,) * len(shape) and meta["base_is_input"], meta
            assert meta["data_ptr_delta"] == 0 and meta["version"] == 0, meta
            rows.append({"rank": rank, "shape": list(shape), "numel": numel,
                         "peak_bytes": peak, "storage_nbytes": meta["storage_nbytes"],
                         "is_contiguous": meta["is_contiguous"]})
            peaks.append(peak)
            if peak > limit:
                failures.append(f"{rank} numel {numel:.0e}: peak {peak} B > limit {limit} B")
        if max(peaks[1:]) > peaks[0] + slack:
            failures.append(f"{rank}: peak grows with numel: {peaks} B")
    return {
        "benchmark": "bench_expand_memory",
        "environment": environment(with_torch=False),
        "repeat": repeat,
        "slack_bytes": slack,
        "limit_bytes": limit,
        "rows": rows,
        "max_peak_bytes": max(r["peak_bytes"] for r in rows),
        "failures": failures,
        "ok": not failures,
    }


def report(res: dict[str, Any]) -> None:
    env = res["environment"]
    print(f"bench_expand_memory: tracemalloc peak, max of {res['repeat']} runs, "
          f"Python {env['python']}, {env['date']}")
    print(f"{'rank':<5} {'shape':<32} {'numel':>8} {'peak bytes':>11} {'storage B':>10}")
    for row in res["rows"]:
        print(f"{row['rank']:<5} {str(tuple(row['shape'])):<32} {row['numel']:>8.0e} "
              f"{row['peak_bytes']:>11} {row['storage_nbytes']:>10}")
    for f in res["failures"]:
        print(f"FAIL: {f}")
    print(f"max peak {res['max_peak_bytes']} B: "
          + ("independent of numel" if res["ok"] else "FAILED"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="traced runs per shape (default 5)")
    ap.add_argument("--quick", action="store_true", help="1 traced run per shape")
    ap.add_argument("--slack", type=int, default=512,
                    help="bytes a larger numel may add to the peak (default 512)")
    ap.add_argument("--limit", type=int, default=16 * 1024,
                    help="largest peak allowed, bytes (default 16384)")
    ap.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    args = ap.parse_args(argv)
    res = run(1 if args.quick else args.repeat, args.slack, args.limit)
    report(res)
    if args.json:
        write_json(args.json, res)
    return 0 if res["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
