"""Time the model's output layout of a pointwise op against torch eager running the op.

The reference computes only where torch.add's output lies (`iterator.pointwise_layout`, from
the inputs' shapes, strides and dtypes); torch runs the whole `torch.add(a, b)`: dispatch,
TensorIterator, allocation and the kernel, on tensors of at most 64 elements. The model
remembers the layouts it computed, so it is timed twice: as a program repeating an op meets
it (the layout found in the cache) and computing it afresh (the caches emptied before each
call, which adds ~0.2 us to the figure). All three run in the same process, interleaved batch
by batch, on the same layouts:

    python benchmarks/bench_iterator.py              # 15 batches of 2000 calls per case
    python benchmarks/bench_iterator.py --quick      # 5 batches of 200 calls
    python benchmarks/bench_iterator.py --json out.json

Reported per case: the median over batches of ns per call for each side and the ratios
reference / torch; the headlines are the medians of those ratios.
"""

from __future__ import annotations

import gc
import random
import sys
from typing import Any

import torch
from _common import SEED_OPTION, environment, make_timer, median, timing_main

from stridecheck.reference import dtypes as rdtypes
from stridecheck.reference import iterator
from stridecheck.reference.iterator import Input, pointwise_layout

F32, F64, I8 = torch.float32, torch.float64, torch.int8

# name -> the two inputs as (shape, strides, dtype), each of at most 64 elements
CASES: dict[str, tuple[tuple[tuple[int, ...], tuple[int, ...], torch.dtype], ...]] = {
    "contiguous + contiguous (fast)": (((4, 4, 4), (16, 4, 1), F32),) * 2,
    "channels_last + channels_last (fast)": (((2, 4, 2, 4), (32, 1, 16, 4), F32),) * 2,
    "permuted + contiguous": (((4, 4, 4), (1, 16, 4), F32), ((4, 4, 4), (16, 4, 1), F32)),
    "transposed + row broadcast": (((8, 8), (1, 8), F32), ((8,), (1,), F32)),
    "column + row broadcast": (((8, 1), (1, 1), F32), ((1, 8), (8, 1), F32)),
    "expanded + sliced": (((4, 8), (0, 1), F32), ((4, 8), (32, 2), F32)),
    "0-d + permuted 3-d": (((), (), F32), ((2, 4, 8), (1, 16, 2), F32)),
    "int8 expanded + float64 (converts)": (((4, 8), (1, 0), I8), ((4, 8), (1, 4), F64)),
}


def model_inputs(specs: Any) -> list[Input]:
    return [Input(shape, strides, rdtypes.lookup(dt)) for shape, strides, dt in specs]


def torch_inputs(specs: Any) -> list[torch.Tensor]:
    return [torch.empty_strided(shape, strides, dtype=dt).zero_() for shape, strides, dt in specs]


LIBS = ("ref", "fresh", "torch")


def forget_layouts() -> None:
    """Empty the model's caches, so that the next call computes its layout afresh."""
    iterator._LAYOUTS.clear()
    iterator._CONVERTED.clear()


def run(batches: int, number: int, seed: int) -> dict[str, Any]:
    timers = {}
    for name, specs in CASES.items():
        xs, ts = model_inputs(specs), torch_inputs(specs)
        out = torch.add(*ts)
        layout = pointwise_layout(xs)  # both sides must agree before either is timed
        assert layout == (tuple(out.shape), out.stride()), (name, layout, out.stride())
        timers[(name, "ref")] = make_timer("layout(xs)", {"layout": pointwise_layout, "xs": xs})
        timers[(name, "fresh")] = make_timer("clear(); layout(xs)", {
            "clear": forget_layouts, "layout": pointwise_layout, "xs": xs})
        timers[(name, "torch")] = make_timer("add(a, b)", {"add": torch.add, "a": ts[0],
                                                           "b": ts[1]})
    for t in timers.values():
        t(number // 10 or 1)
    rng = random.Random(seed)
    samples: dict[tuple[str, str], list[float]] = {k: [] for k in timers}
    names = list(CASES)
    for b in range(batches):
        rng.shuffle(names)
        for name in names:
            for lib in (LIBS if b % 2 == 0 else LIBS[::-1]):
                gc.collect()
                gc.disable()
                try:
                    samples[(name, lib)].append(timers[(name, lib)](number) / number)
                finally:
                    gc.enable()
    rows: list[dict[str, Any]] = []
    for name in CASES:
        ref_ns, fresh_ns, torch_ns = (median(samples[(name, lib)]) for lib in LIBS)
        rows.append({"case": name, "ref_ns": ref_ns, "fresh_ns": fresh_ns, "torch_ns": torch_ns,
                     "ratio": ref_ns / torch_ns, "fresh_ratio": fresh_ns / torch_ns})
    return {"benchmark": "bench_iterator", "batches": batches, "calls_per_batch": number,
            "rows": rows, "median_ratio": median([r["ratio"] for r in rows]),
            "median_fresh_ratio": median([r["fresh_ratio"] for r in rows]),
            "environment": environment()}


def report(res: dict[str, Any]) -> None:
    print(f"bench_iterator: {res['batches']} batches x {res['calls_per_batch']} calls; "
          "reference = layout only, torch = whole torch.add")
    print(f"{'case':<38} {'ref ns':>7} {'fresh ns':>9} {'torch ns':>9} {'ratio':>6} "
          f"{'fresh':>6}")
    for row in res["rows"]:
        print(f"{row['case']:<38} {row['ref_ns']:>7.0f} {row['fresh_ns']:>9.0f} "
              f"{row['torch_ns']:>9.0f} {row['ratio']:>6.2f} {row['fresh_ratio']:>6.2f}")
    print(f"median ratio reference / torch.add: {res['median_ratio']:.3f} (cached), "
          f"{res['median_fresh_ratio']:.3f} (computed afresh)")


def main(argv: list[str] | None = None) -> int:
    return timing_main(__doc__, run, report, unit="case", number=2000, quick=(5, 200),
                       option=SEED_OPTION, argv=argv)


if __name__ == "__main__":
    sys.exit(main())
