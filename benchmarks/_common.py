"""Helpers shared by the benchmarks: statement timers, medians, the run's environment and the
command line of the batch-timing scripts."""

from __future__ import annotations

import argparse
import datetime
import gc
import hashlib
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

_TEMPLATE = """
def _bench(_n, _clock={clock}):
    {setup_names}
    _start = _clock()
    for _ in range(_n):
        {stmt}
    return _clock() - _start
"""


def make_timer(stmt: str, names: dict[str, Any]) -> Callable[[int], int]:
    """Compile `stmt` into a loop of n runs over local names; return n -> elapsed ns.

    Like timeit, the statement is inlined in the loop (no per-call lambda), and every name it
    uses is a local of the timing function, so lookups cost the same for both libraries.
    """
    scope: dict[str, Any] = {"_perf_counter_ns": time.perf_counter_ns}
    scope.update({f"_arg_{k}": v for k, v in names.items()})
    setup = "; ".join(f"{k} = _arg_{k}" for k in names) or "pass"
    src = _TEMPLATE.format(clock="_perf_counter_ns", setup_names=setup, stmt=stmt)
    code = compile(src, f"<bench {stmt!r}>", "exec")
    exec(code, scope)  # noqa: S102 - the statements are this file's own
    return scope["_bench"]


def interleaved(timers: dict[tuple[str, str], Callable[[int], int]], stmts: list[str],
                batches: int, number: int, seed: int) -> dict[tuple[str, str], list[float]]:
    """Time every (statement, library) timer in batches; return ns per call of each batch.

    Each batch visits the statements in a seeded random order and alternates which library
    goes first; the garbage collector is off during a batch, as in timeit (results are freed
    by reference counting).
    """
    samples: dict[tuple[str, str], list[float]] = {k: [] for k in timers}
    rng = random.Random(seed)
    order = list(stmts)
    for b in range(batches):
        rng.shuffle(order)
        gc.collect()
        gc.disable()
        try:
            for stmt in order:
                for lib in (("ref", "torch") if b % 2 == 0 else ("torch", "ref")):
                    samples[(stmt, lib)].append(timers[(stmt, lib)](number) / number)
        finally:
            gc.enable()
    return samples


def median(xs: list[float]) -> float:
    return float(statistics.median(xs))


def environment(with_torch: bool = True) -> dict[str, Any]:
    """Return what the numbers were measured on (the memory benchmark leaves torch out)."""
    torch_version, torch_threads = None, None
    if with_torch:
        import torch
        torch_version = torch.__version__
        torch_threads = torch.get_num_threads()
    import numpy as np
    return {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "python": sys.version.split()[0],
        "implementation": platform.python_implementation(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "torch": torch_version,
        "torch_threads": torch_threads,
        "numpy": np.__version__,
        **reference_state(),
    }


def reference_state() -> dict[str, Any]:
    """Return the commit measured and a short hash of uncommitted changes to reference/."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

    def git(*args: str) -> str:
        try:
            return subprocess.run(["git", *args], cwd=root, capture_output=True, text=True,
                                  check=True).stdout
        except (OSError, subprocess.CalledProcessError):
            return ""

    diff = git("diff", "HEAD", "--", "reference")
    return {
        "commit": git("rev-parse", "--short", "HEAD").strip() or None,
        "reference_diff": hashlib.sha1(diff.encode()).hexdigest()[:10] if diff else None,
    }


def write_json(path: str, payload: dict[str, Any]) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(payload, f, indent=2, sort_keys=False)
        f.write("\n")
    print(f"wrote {path}")


# the option of the scripts whose batches run in a seeded random order
SEED_OPTION = ("--seed", {"type": int, "default": 0, "help": "seed of the batch order"})


def timing_main(doc: str, run: Callable[[int, int, Any], dict[str, Any]],
                report: Callable[[dict[str, Any]], None], *, unit: str, number: int,
                quick: tuple[int, int], option: tuple[str, dict[str, Any]],
                argv: list[str] | None = None) -> int:
    """Parse a batch-timing script's options, run it, print its report, write its JSON.

    `run(batches, calls per batch, value of option)`; `option` is the script's own flag
    (name, argparse keywords), such as --seed or --threads.
    """
    ap = argparse.ArgumentParser(description=doc.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=15, help=f"batches per {unit} (default 15)")
    ap.add_argument("--number", type=int, default=number,
                    help=f"calls per batch (default {number})")
    ap.add_argument("--quick", action="store_true",
                    help=f"{quick[0]} batches of {quick[1]} calls")
    flag, keywords = option
    ap.add_argument(flag, **keywords)
    ap.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    args = ap.parse_args(argv)
    batches, calls = quick if args.quick else (args.repeat, args.number)
    res = run(batches, calls, getattr(args, flag.lstrip("-").replace("-", "_")))
    report(res)
    if args.json:
        write_json(args.json, res)
    return 0
