"""Measure the memory the model's values need for conv2d, conv_transpose2d and FFTs on inputs
of about 10^5 elements.

Each case builds its inputs on the reference (CPU, so values are computed), then runs the op
once under tracemalloc (which numpy reports its buffers to): the peak bytes allocated during
the call, against the bytes of the input and of the result. A ratio of peak to result bytes
near a small constant says the values cost a few copies of the output; one that grows with
the kernel size says the model materializes the windows (im2col) as torch's slow kernels do.

    python benchmarks/bench_network_memory.py
    python benchmarks/bench_network_memory.py --json out.json
"""

from __future__ import annotations

import argparse
import gc
import sys
import tracemalloc
from collections.abc import Callable
from typing import Any

from _common import environment, write_json

import stridecheck.reference as T

F = T.nn.functional


def _image(c: int, h: int, w: int, channels_last: bool = False) -> Any:
    x = (T.arange(c * h * w, dtype=T.float32).remainder(7) - 3).view(1, c, h, w)
    return x.contiguous(memory_format=T.channels_last) if channels_last else x


def _weight(o: int, i: int, k: int) -> Any:
    return (T.arange(o * i * k * k, dtype=T.float32).remainder(5) - 2).view(o, i, k, k)


# name: (inputs maker, op) on about 10^5 input elements
CASES: dict[str, tuple[Callable[[], tuple[Any, ...]], Callable[..., Any]]] = {
    "conv2d 16x80x80, 16 filters 3x3": (
        lambda: (_image(16, 80, 80), _weight(16, 16, 3)),
        lambda x, w: F.conv2d(x, w, padding=1)),
    "conv2d 16x80x80 channels_last, 16 filters 3x3": (
        lambda: (_image(16, 80, 80, True), _weight(16, 16, 3)),
        lambda x, w: F.conv2d(x, w, padding=1)),
    "conv2d 4x160x160, 8 filters 7x7": (
        lambda: (_image(4, 160, 160), _weight(8, 4, 7)),
        lambda x, w: F.conv2d(x, w, padding=3)),
    "conv_transpose2d 16x80x80, 16 filters 3x3 stride 2": (
        lambda: (_image(16, 80, 80), _weight(16, 16, 3)),
        lambda x, w: F.conv_transpose2d(x, w, stride=2)),
    "fft.fft 10^5 (one dim)": (
        lambda: (T.arange(100_000, dtype=T.float32).remainder(11),),
        lambda x: T.fft.fft(x)),
    "fft.rfft2 320x320": (
        lambda: (T.arange(102_400, dtype=T.float32).remainder(11).view(320, 320),),
        lambda x: T.fft.rfft2(x)),
    "fft.irfft 10^5 bins, transposed batch": (
        lambda: (T.arange(100_000, dtype=T.float32).remainder(11).view(1000, 100).t(),),
        lambda x: T.fft.irfft(x, dim=0)),
}


def measure(make: Callable[[], tuple[Any, ...]], op: Callable[..., Any]) -> dict[str, Any]:
    """Run op once on fresh inputs; return the peak bytes of the call and the tensors' bytes."""
    inputs = make()
    gc.collect()
    tracemalloc.start()
    tracemalloc.reset_peak()
    before = tracemalloc.get_traced_memory()[0]
    result = op(*inputs)
    peak = tracemalloc.get_traced_memory()[1] - before
    tracemalloc.stop()
    input_bytes = inputs[0].numel() * inputs[0].element_size()
    out_bytes = result.numel() * result.element_size()
    return {"input_elements": inputs[0].numel(), "input_bytes": input_bytes,
            "result_shape": tuple(result.shape), "result_bytes": out_bytes,
            "peak_bytes": peak, "peak_over_result": round(peak / max(out_bytes, 1), 2),
            "peak_over_input": round(peak / max(input_bytes, 1), 2)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    args = parser.parse_args(argv)
    rows = {name: measure(*case) for name, case in CASES.items()}
    print(f"{'case':52} {'input':>9} {'result':>10} {'peak MB':>8} {'/result':>8} {'/input':>7}")
    for name, r in rows.items():
        print(f"{name:52} {r['input_elements']:>9} {r['result_bytes']:>10} "
              f"{r['peak_bytes'] / 2**20:>8.1f} {r['peak_over_result']:>8} "
              f"{r['peak_over_input']:>7}")
    if args.json:
        write_json(args.json, {"environment": environment(with_torch=False), "cases": rows})
    return 0


if __name__ == "__main__":
    sys.exit(main())
