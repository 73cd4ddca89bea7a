"""Size of the HTML report for 10,000 results, and how soon it is usable in headless chromium.

Builds synthetic results of the documented schema (examples over every op of the catalogue,
four targets, every dtype, a few percent faults, shrinking attempts, failure records with
programs, diffs, tensors and repro scripts), renders the page, then loads it in chromium
several times. "Usable" is the first frame after the page's script has built the op x target
matrix and wired its cells, measured from navigation start (`performance.now()` in the page);
a cell is then clicked to check that the failure list filters.

    python benchmarks/bench_report.py [--examples N] [--failures F] [--loads K] [--json PATH]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import random
import tempfile
import time
from typing import Any

from _common import environment, median, write_json

from stridecheck.reference.ops import OPS
from stridecheck.reports.html import render, write_report
from stridecheck.reports.reading import Results

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update"]
TARGETS = ("eager:cpu", "meta", "fake:cpu", "compile:aot_eager")
DTYPES = ("float32", "float64", "float16", "bfloat16", "int64", "int32", "int16", "int8",
          "uint8", "bool", "complex64", "complex128")
STATUS_WEIGHTS = {"pass": 90, "unsupported": 4, "known": 4, "divergence": 1.5, "crash": 0.5}
# records when the matrix is ready and when the next frame after it has been produced
WATCH_READY = """
window.__ready = null; window.__usable = null;
new MutationObserver(function (records, observer) {
  if (document.body && document.body.hasAttribute("data-ready")) {
    observer.disconnect();
    window.__ready = performance.now();
    requestAnimationFrame(function () {
      setTimeout(function () { window.__usable = performance.now(); }, 0);
    });
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""
CLICK_A_CELL = """() => {
  const cell = document.querySelector('#matrix td.st-divergence button, #matrix button');
  const start = performance.now();
  cell.click();
  const hidden = document.querySelectorAll('article.failure[hidden]').length;
  return {ms: performance.now() - start, hidden: hidden, note: !document.getElementById(
    'filter-note').hidden};
}"""


def synthetic_results(examples: int, failures: int, seed: int = 0) -> Results:
    """Return one run of `examples` examples and `failures` failure records."""
    rng = random.Random(seed)
    keys = [op.key for op in OPS]
    statuses, weights = zip(*STATUS_WEIGHTS.items())
    results = Results()
    results.add({"schema": 1, "kind": "run", "run": "bench", "started": 0.0,
                 "torch": "2.13.0+cpu", "build": {"cuda": None, "hip": None, "git": "0" * 40,
                                                   "debug": False},
                 "python": "3.11.7", "platform": "Linux", "devices": ["cpu"],
                 "targets": [{"name": t, "available": True, "reason": None, "unchecked": []}
                             for t in TARGETS],
                 "profile": "ci", "seed": "0", "shard": None, "stridecheck": "0.1.0"})

    def example(shrink: bool) -> dict[str, Any]:
        ops = ["to"] + rng.choices(keys, k=rng.randint(1, 8))
        status = rng.choices(statuses, weights)[0]
        op = rng.choice(ops[1:]) if status in ("divergence", "known", "crash") else None
        target = rng.choice(TARGETS)
        return {"schema": 1, "kind": "example", "run": "bench", "test": f"test_chains[{target}]",
                "target": target, "device": "cpu", "dtype": rng.choice(DTYPES),
                "rank": rng.randint(0, 6), "length": len(ops) + 1, "ops": ops, "op": op,
                "family": None, "status": status, "known": "fake-view-incompatible"
                if status == "known" else None, "shrink": shrink}

    for _ in range(examples):
        results.add(example(False))
    for _ in range(examples // 10):
        results.add(example(True))
    for i in range(failures):
        record = {**example(False), "kind": "failure"}
        record["status"] = "crash" if i % 10 == 0 else "divergence"
        record["op"] = record["op"] or record["ops"][-1]
        record.update(synthetic_failure(rng, record["ops"], record["status"]))
        results.add(record)
    results.add({"schema": 1, "kind": "end", "run": "bench", "duration": 600.0,
                 "exitstatus": 1})
    return results


def synthetic_failure(rng: random.Random, ops: list[str], status: str) -> dict[str, Any]:
    """Return the failure fields: a program over `ops`, its diffs and tensors per side."""
    lines = ["x0 = torch.arange(24)", "x0 = x0.to(torch.float32)"]
    tensors: dict[str, dict[str, Any]] = {}
    for i, op in enumerate(ops[1:], 1):
        lines.append(f"x{i} = x{i - 1}.{op.split('.')[0]}(0)")
        tensors[f"x{i}"] = {"shape": [2, 3, 4], "strides": [12, 4, 1],
                            "storage_offset": i % 3, "storage": f"x{i % 2}", "base": "x0"}
    actual = {name: {**t, "strides": [1, 2, 6]} for name, t in tensors.items()}
    diffs = [{"tensor": "x1", "field": "strides", "actual": "(1, 2, 6)",
              "expected": "(12, 4, 1)", "context": lines[2]}]
    if status == "crash":
        return {"program": "\n".join(lines), "diffs": [], "tensors": {},
                "message": "worker crashed: Fatal Python error: Segmentation fault",
                "seed": "0", "blob": None, "torch": "2.13.0+cpu", "build": {}}
    return {"program": "\n".join(lines), "diffs": diffs,
            "tensors": {"expected": tensors, "actual": actual},
            "message": "1 difference(s)\n  " + lines[2], "seed": "0",
            "blob": "@reproduce_failure('6.170.15', b'AAAA')", "torch": "2.13.0+cpu",
            "build": {}}


def measure_loads(path: str, loads: int) -> list[dict[str, float]]:
    """Load the page `loads` times in fresh contexts; return the timings of each load."""
    from playwright.sync_api import sync_playwright

    url = pathlib.Path(path).as_uri()
    rows = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        for _ in range(loads + 1):  # the first load warms chromium's caches and is dropped
            context = browser.new_context(viewport={"width": 1280, "height": 1000})
            page = context.new_page()
            page.add_init_script(WATCH_READY)
            errors: list[str] = []

            def record(error: Any, errors: list[str] = errors) -> None:
                errors.append(str(error))

            page.on("pageerror", record)
            page.goto(url, wait_until="commit")
            page.wait_for_function("() => window.__usable !== null", timeout=30_000)
            timing = page.evaluate("""() => {
              const nav = performance.getEntriesByType('navigation')[0];
              return {ready: window.__ready, usable: window.__usable,
                      dom_content_loaded: nav.domContentLoadedEventEnd,
                      load: nav.loadEventEnd || null};
            }""")
            click = page.evaluate(CLICK_A_CELL)
            if errors or not click["note"]:
                raise SystemExit(f"the page did not work: errors {errors}, click {click}")
            timing["click_ms"] = click["ms"]
            rows.append(timing)
            context.close()
        browser.close()
    return rows[1:]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=10_000)
    parser.add_argument("--failures", type=int, default=200)
    parser.add_argument("--loads", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=5, help="renders timed in Python")
    parser.add_argument("--json", help="write every figure and the environment here")
    args = parser.parse_args()

    results = synthetic_results(args.examples, args.failures)
    scripts = {i: "import torch\n\n" + f["program"] + "\nprint('diverges')\n"
               for i, f in enumerate(results.failures)}
    render_s = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        render(results, scripts)
        render_s.append(time.perf_counter() - start)
    with tempfile.TemporaryDirectory() as folder:
        path = write_report(results, folder, scripts)
        size = os.path.getsize(path)
        loads = measure_loads(path, args.loads)

    figures = {key: median([row[key] for row in loads])
               for key in ("dom_content_loaded", "ready", "usable", "click_ms")}
    print(f"{args.examples} examples (+{args.examples // 10} shrinking attempts), "
          f"{args.failures} failure records with repro scripts")
    print(f"render in Python: {median(render_s):.2f} s (median of {args.repeat})")
    print(f"file size: {size / 1e6:.2f} MB (goal < 5 MB)")
    print(f"in chromium, median of {args.loads} loads, ms from navigation start: "
          f"DOMContentLoaded {figures['dom_content_loaded']:.0f}, matrix ready "
          f"{figures['ready']:.0f}, usable (next frame) {figures['usable']:.0f} "
          f"(goal < 2000); a cell click filters in {figures['click_ms']:.1f} ms")
    if args.json:
        write_json(args.json, {"environment": environment(with_torch=False),
                               "examples": args.examples, "failures": args.failures,
                               "bytes": size, "render_s": render_s, "loads": loads,
                               "medians_ms": figures})


if __name__ == "__main__":
    main()
