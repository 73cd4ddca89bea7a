"""Programs per second on the compiled targets, where the compile time goes, and a batched
prototype that compiles several programs as one function.

One run draws `view_chains()` programs as the ci profile does (derandomized, generate phase
only), keeps those the compiled targets can run (a step after the input), then:

1. baseline: each program through `CompiledTarget.run` (one `torch._dynamo.reset()`, one
   torch.compile per program: today's cost), per backend, with inductor's caches empty
   (a fresh TORCHINDUCTOR_CACHE_DIR) and then again over the same programs (caches warm);
2. phases: for a sample of programs, the wall time with backend="eager" (dynamo alone),
   "aot_eager" (+ AOT autograd) and "inductor" (+ lowering, codegen, the C++ compiler),
   dynamo's own timers (`torch._dynamo.utils.compilation_time_metrics`), the cache counters
   (`torch._dynamo.utils.counters`) and the cost of `torch._dynamo.reset()`;
3. batched: K programs as one function, each on its own input, renamed from the program data
   (every name prefixed `p<i>_`), all outputs in one tuple; compiled once per batch. A batch
   that raises (one program's error is the whole batch's) falls back to each program alone,
   and that cost counts. Each program's tensors from a batch are observed as the target
   observes them (`snapshot_all`) and compared with the baseline's.

    python benchmarks/bench_compile.py [--programs N] [--sample S] [--json PATH]
    python benchmarks/bench_compile.py --quick   # 12 programs, sample 3, K in 1, 4
"""

from __future__ import annotations

import os
import tempfile

# inductor's on-disk caches start empty, so the first baseline pass is a cold one; set before
# torch is imported (its config reads the variable then)
os.environ.setdefault("TORCHINDUCTOR_CACHE_DIR", tempfile.mkdtemp(prefix="bench_compile_"))

import argparse  # noqa: E402
import dataclasses  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402
from _common import environment, median, write_json  # noqa: E402
from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402

from stridecheck.conformance.observe import snapshot_all  # noqa: E402
from stridecheck.conformance.targets import (  # noqa: E402
    CompiledTarget,
    Unsupported,
    _split_input,
    all_targets,
    fake_mode,
)
from stridecheck.reference.ops import BY_KEY  # noqa: E402
from stridecheck.strategies import view_chains  # noqa: E402
from stridecheck.strategies.program import Program, renamed  # noqa: E402

BACKENDS = ("aot_eager", "inductor")
# dynamo's timers shown in the phase breakdown (seconds summed over a program's compile);
# nested: compile_inner holds the rest, call_user_compiler the backend's share
PHASES = (
    ("_compile.compile_inner", "dynamo frame compile, all of it"),
    ("bytecode_tracing", "dynamo: tracing the bytecode"),
    ("build_guards", "dynamo: building guards"),
    ("OutputGraph.call_user_compiler", "backend (AOT autograd and after)"),
    ("create_aot_dispatcher_function", "AOT autograd: dispatcher"),
    ("compile_fx_inner", "inductor: compile_fx_inner"),
    ("_recursive_post_grad_passes", "inductor: post-grad passes"),
    ("GraphLowering.run", "inductor: lowering"),
    ("Scheduler.codegen", "inductor: scheduler codegen"),
    ("compile_file", "inductor: C++ compiler"),
    ("PyCodeCache.load_by_key_path", "inductor: loading the module"),
    ("async_compile.wait", "inductor: waiting on async compiles"),
)


def draw(n: int) -> list[Program]:
    """Return the first `n` programs the compiled targets can run, drawn as the ci profile."""
    target = all_targets()["compile:inductor"]
    kept: list[Program] = []

    @settings(max_examples=max(4 * n, 50), database=None, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck), phases=[Phase.generate])
    @given(view_chains(max_ops=8))
    def run(program: Program) -> None:
        if len(kept) >= n:
            return
        try:
            target.source(program)
        except Unsupported:
            return
        if any((spec := BY_KEY.get(s.op.key)) is not None and "compile" in spec.unsupported_on
               for s in program.steps):
            return
        kept.append(program)

    run()
    return kept


# -- baseline ------------------------------------------------------------------------------
def baseline(programs: list[Program], target: CompiledTarget) -> tuple[float, list[Any]]:
    """Run every program through the target; return (programs/s, each one's results)."""
    results: list[Any] = []
    start = time.perf_counter()
    for program in programs:
        try:
            results.append(target.run(program))
        except Unsupported as exc:
            results.append(exc)
    return len(programs) / (time.perf_counter() - start), results


# -- phases --------------------------------------------------------------------------------
def phases(programs: list[Program], backends: tuple[str, ...]) -> dict[str, Any]:
    """Time each sample program's reset, input and compile + first call per backend."""
    import torch
    import torch._dynamo
    from torch._dynamo.utils import compilation_time_metrics, counters

    target = all_targets()["compile:inductor"]
    walls: dict[str, list[float]] = {b: [] for b in backends}
    timers: dict[str, dict[str, list[float]]] = {b: {} for b in backends}
    resets, inputs = [], []
    # a fresh cache directory: the programs were compiled by the baseline already, and the
    # breakdown is of a first compile (in-memory caches of kernels still count as hits)
    os.environ["TORCHINDUCTOR_CACHE_DIR"] = tempfile.mkdtemp(prefix="bench_compile_phases_")
    counters.clear()
    cpp_compiles: list[int] = []
    for program in programs:
        env: dict[str, Any] = {"torch": torch}
        exec(compile(target.source(program), "<program>", "exec"), env)  # noqa: S102
        for backend in backends:
            t = time.perf_counter()
            x = env["make_input"]()
            inputs.append(time.perf_counter() - t)
            t = time.perf_counter()
            torch._dynamo.reset()  # also empties compilation_time_metrics
            resets.append(time.perf_counter() - t)
            t = time.perf_counter()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    torch.compile(env["program"], backend=backend)(x)
                except Exception:  # noqa: BLE001, S110 - the program's error is its outcome
                    pass
            walls[backend].append(time.perf_counter() - t)
            if backend == "inductor":
                cpp_compiles.append(len(compilation_time_metrics.get("compile_file", [])))
            for key, values in compilation_time_metrics.items():
                timers[backend].setdefault(key, []).append(sum(values))
    n = len(programs)
    out: dict[str, Any] = {
        "programs": n,
        "reset_ms": round(1e3 * median(resets), 2),
        "make_input_ms": round(1e3 * median(inputs), 3),
        "wall_ms": {b: round(1e3 * median(walls[b]), 1) for b in backends},
        "timers_ms": {},
        "cpp_compiles_per_program": cpp_compiles,
        "counters": {k: dict(v) for k, v in counters.items() if k != "graph_break" and v},
        "graph_breaks": sum(counters["graph_break"].values()),
    }
    for backend in backends:
        got = timers[backend]
        # a timer a program's compile did not reach counts 0 for it
        out["timers_ms"][backend] = {
            key: round(1e3 * median(got.get(key, []) + [0.0] * (n - len(got.get(key, [])))), 1)
            for key, _ in PHASES if key in got}
    return out


# -- batched -------------------------------------------------------------------------------
def batch_source(programs: list[Program]) -> tuple[str, list[tuple[str, ...]]]:
    """Return the source of make_input_<i>() per program and one `program(*inputs)`, and
    each program's returned names (unprefixed) in the order the tuple returns them."""
    heads: list[str] = []
    args: list[str] = []
    body: list[str] = []
    outputs: list[str] = []
    names: list[tuple[str, ...]] = []
    for i, program in enumerate(programs):
        prefix = f"p{i}_"
        base, steps = _split_input(program)
        text = base[0].op.call_text("torch")
        for step in base[1:]:
            text = step.op.call_text(text)
        heads.append(f"def make_input_{i}():\n    return {text}\n")
        arg = base[0].out
        assert arg is not None
        args.append(prefix + arg)
        body.extend(f"    {renamed(s, lambda n, p=prefix: p + n).source()}\n" for s in steps)
        own = [arg, *dict.fromkeys(s.out for s in steps if s.out is not None)]
        outputs.extend(prefix + name for name in own)
        names.append(tuple(own))
    source = ("\n\n".join(heads) + f"\n\ndef program({', '.join(args)}):\n" + "".join(body) +
              f"    return ({', '.join(outputs)},)\n")
    return source, names


def run_batch(programs: list[Program], backend: str) -> tuple[list[Any] | None, str | None]:
    """Compile and run one batch as the target runs one program; return each program's
    returned tensors by name, or None and the error when the batch raised."""
    import torch
    import torch._dynamo

    source, names = batch_source(programs)
    env: dict[str, Any] = {"torch": torch}
    exec(compile(source, "<batch>", "exec"), env)  # noqa: S102
    fake_mode()  # as the target does before each compile
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            inputs = [env[f"make_input_{i}"]() for i in range(len(programs))]
            torch._dynamo.reset()
            flat = torch.compile(env["program"], backend=backend)(*inputs)
        except Exception as exc:  # noqa: BLE001 - one program's error fails the batch
            return None, f"{type(exc).__name__}: {str(exc).splitlines()[0][:160]}"
    lives, at = [], 0
    for own in names:
        values = flat[at:at + len(own)]
        at += len(own)
        lives.append({k: v for k, v in zip(own, values) if isinstance(v, torch.Tensor)})
    return lives, None


def batched(programs: list[Program], k: int, target: CompiledTarget,
            expected: list[Any], alone: frozenset[int] = frozenset()) -> dict[str, Any]:
    """Run the programs K at a time (those in `alone` each alone, first); return
    programs/s, fallbacks and mismatches."""
    fallbacks, errors, mismatches, compared = 0, [], [], 0
    lives: list[Any] = [None] * len(programs)
    order = [i for i in range(len(programs)) if i not in alone]
    # inductor's on-disk caches empty again: K=1 would otherwise reuse the baseline's graphs
    os.environ["TORCHINDUCTOR_CACHE_DIR"] = tempfile.mkdtemp(prefix="bench_compile_batch_")
    start = time.perf_counter()
    for i in sorted(alone):
        try:
            lives[i] = target.run(programs[i])
        except Unsupported as exc:
            lives[i] = exc
    for at in range(0, len(order), k):
        where = order[at:at + k]
        chunk = [programs[i] for i in where]
        got, error = run_batch(chunk, target.backend)
        if got is None:
            fallbacks += 1
            errors.append(error)
            for i in where:  # each alone, as the target runs it
                try:
                    lives[i] = target.run(programs[i])
                except Unsupported as exc:
                    lives[i] = exc
            continue
        for i, live in zip(where, got):
            lives[i] = live
    rate = len(programs) / (time.perf_counter() - start)
    # compare outside the timed loop: what the target would observe, against the baseline's
    for i, (got, want) in enumerate(zip(lives, expected)):
        if isinstance(got, list) or isinstance(want, Exception):
            continue  # ran alone (fallback), or unsupported alone
        compared += 1
        final = want[-1]
        if final.error is not None:
            mismatches.append({"program": i, "diff": f"alone it raised {final.error[0]}, "
                               "in the batch it did not"})
            continue
        seen = snapshot_all(got)
        diff = differ(seen, final.live)
        if diff:
            mismatches.append({"program": i, "diff": diff})
    return {"k": k, "per_s": round(rate, 2), "alone": len(alone),
            "batches": -(-len(order) // k),
            "fallbacks": fallbacks, "errors": errors[:5], "compared": compared,
            "mismatches": mismatches}


def same(a: Any, b: Any) -> bool:
    if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
        a, b = np.asarray(a), np.asarray(b)
        if a.shape != b.shape or a.dtype != b.dtype:
            return False
        try:
            return bool(np.array_equal(a, b, equal_nan=True))
        except TypeError:
            return bool(np.array_equal(a, b))
    if dataclasses.is_dataclass(a) and dataclasses.is_dataclass(b):
        return type(a) is type(b) and all(same(getattr(a, f.name), getattr(b, f.name))
                                          for f in dataclasses.fields(a))
    if isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return bool(a == b) or (a != a and b != b)


def differ(got: dict[str, Any], want: dict[str, Any]) -> str:
    """Return the first tensor field that differs between two snapshots ('' when none)."""
    if got.keys() != want.keys():
        return f"tensors {sorted(got)} vs {sorted(want)}"
    for name in want:
        for f in dataclasses.fields(want[name]):
            a, b = getattr(got[name], f.name), getattr(want[name], f.name)
            if not same(a, b):
                return f"{name}.{f.name}: batch {str(a)[:80]} vs alone {str(b)[:80]}"
    return ""


# -- the run -------------------------------------------------------------------------------
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--programs", type=int, default=40, help="programs drawn (default 40)")
    parser.add_argument("--sample", type=int, default=10,
                        help="programs in the phase breakdown (default 10)")
    parser.add_argument("--ks", default="1,4,16", help="batch sizes (default 1,4,16)")
    parser.add_argument("--quick", action="store_true", help="12 programs, sample 3, K 1,4")
    parser.add_argument("--json", metavar="PATH", help="also write the results as JSON")
    args = parser.parse_args(argv)
    n, sample, ks = args.programs, args.sample, [int(k) for k in args.ks.split(",")]
    if args.quick:
        n, sample, ks = 12, 3, [1, 4]
    warnings.simplefilter("ignore")
    import torch
    targets = {b: all_targets()[f"compile:{b}"] for b in BACKENDS}

    t = time.perf_counter()
    programs = draw(n)
    print(f"drew {len(programs)} programs the compiled targets run "
          f"in {time.perf_counter() - t:.1f} s")
    # one compile of a trivial function first: imports and one-off set-up are not the rates'
    for backend in BACKENDS:
        torch.compile(lambda x: x * 2 + 1, backend=backend)(torch.ones(3))

    base: dict[str, Any] = {}
    expected: dict[str, list[Any]] = {}
    for backend in BACKENDS:
        cold, expected[backend] = baseline(programs, targets[backend])
        warm, _ = baseline(programs, targets[backend])
        errors = sum(1 for r in expected[backend]
                     if not isinstance(r, Exception) and r[-1].error is not None)
        unsupported = sum(1 for r in expected[backend] if isinstance(r, Exception))
        base[backend] = {"cold_per_s": round(cold, 2), "warm_per_s": round(warm, 2),
                         "programs_raising": errors, "unsupported": unsupported}
        print(f"baseline {backend}: {cold:.2f} programs/s (caches cold), {warm:.2f} "
              f"(same programs again); {errors} raise, {unsupported} unsupported")

    ph = phases(programs[:sample], ("eager", *BACKENDS))
    print(f"\nphases, median ms per program over {ph['programs']} programs: reset "
          f"{ph['reset_ms']}, make_input {ph['make_input_ms']}, compile + first call: " +
          ", ".join(f"{b} {v}" for b, v in ph["wall_ms"].items()))
    for backend, got in ph["timers_ms"].items():
        print(f"  {backend}:")
        for key, label in PHASES:
            if key in got:
                print(f"    {label:<40} {got[key]:>8.1f}  ({key})")
    print(f"  C++ compiles per program (inductor): {ph['cpp_compiles_per_program']}; "
          f"graph breaks: {ph['graph_breaks']}")
    print(f"  counters: {ph['counters']}")

    bat: dict[str, list[dict[str, Any]]] = {b: [] for b in BACKENDS}
    # the second mode runs alone the programs that raise (known here from the baseline; the
    # suite knows it before compiling from the reference's expected outcome)
    raising = {b: frozenset(i for i, r in enumerate(expected[b]) if isinstance(r, Exception)
                            or r[-1].error is not None) for b in BACKENDS}
    for backend in BACKENDS:
        for k, mode in [(k, m) for m in ("all", "raising alone") for k in ks]:
            res = batched(programs, k, targets[backend], expected[backend],
                          raising[backend] if mode == "raising alone" else frozenset())
            res["mode"] = mode
            bat[backend].append(res)
            print(f"batched {backend} K={k} ({mode}): {res['per_s']:.2f} programs/s; "
                  f"{res['fallbacks']}/{res['batches']} batches fell back; "
                  f"{len(res['mismatches'])} mismatches in {res['compared']} compared")
            for m in res["mismatches"][:3]:
                print(f"    program {m['program']}: {m['diff']}")
            for e in res["errors"][:2]:
                print(f"    batch error: {e}")

    print("\nprograms/s; K=k: batched, K=k*: batched with the raising programs alone")
    print(f"{'backend':<10} {'goal':>5} {'cold':>7} {'warm':>7} " +
          " ".join(f"{'K=' + str(k):>7}" for k in ks) + " " +
          " ".join(f"{'K=' + str(k) + '*':>7}" for k in ks))
    for backend in BACKENDS:
        goal = 60 if backend == "aot_eager" else 30
        print(f"{backend:<10} {goal:>5} {base[backend]['cold_per_s']:>7.2f} "
              f"{base[backend]['warm_per_s']:>7.2f} " +
              " ".join(f"{r['per_s']:>7.2f}" for r in bat[backend]))
    if args.json:
        write_json(args.json, {
            "benchmark": "bench_compile", "environment": environment(),
            "programs": len(programs), "ks": ks, "baseline": base, "phases": ph,
            "batched": bat})
    return 0


if __name__ == "__main__":
    sys.exit(main())
