"""Time each view op of the catalogue on the reference model against torch eager on CPU.

Only metadata: every statement timed here makes views (or returns self) and never reads or
writes element values. Both libraries run the same statement text on the same-shaped inputs
(a (4, 6, 8) float32 tensor, its permuted and step-sliced views, complex tensors), in the
same process, interleaved batch by batch so machine noise hits both alike.

    python benchmarks/bench_ops.py                 # 15 batches of 2000 calls per op
    python benchmarks/bench_ops.py --quick         # 5 batches of 200 calls, a smoke run
    python benchmarks/bench_ops.py --json out.json

The table reports, per statement, the median over batches of the time per call in ns for each
library and their ratio reference / torch. The headline is the median over catalogue ops of
each op's ratio (an op timed by several statements counts once, with its median ratio).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

import torch
from _common import SEED_OPTION, environment, interleaved, make_timer, median, timing_main

import stridecheck.reference as R
from stridecheck.reference.ops import OPS

# the catalogue families this benchmark covers, plus single ops of the "copy" family
FAMILIES = ("reshape", "dtype", "dims", "broadcast", "index", "split", "complex", "metadata_")
EXTRA_KEYS = ("contiguous", "detach")
GOAL = 1.0


@dataclass(frozen=True)
class Case:
    key: str  # the catalogue key (OpSpec.key)
    stmt: str  # run as written with L = torch or the reference


CASES: tuple[Case, ...] = (
    # reshape
    Case("view", "a.view(24, 8)"),
    Case("view", "s.view(4, 3, 2, 4)"),
    Case("view.dtype", "a.view(L.int32)"),
    Case("view.dtype", "a.view(L.float16)"),
    Case("view_as", "a.view_as(f)"),
    Case("reshape", "a.reshape(24, 8)"),
    Case("reshape", "s.reshape(12, 8)"),
    Case("reshape_as", "a.reshape_as(f)"),
    Case("flatten", "a.flatten()"),
    Case("flatten", "s.flatten(0, 1)"),
    Case("unflatten", "a.unflatten(2, (2, 4))"),
    Case("ravel", "a.ravel()"),
    Case("as_strided", "a.as_strided((6, 4), (1, 6), 2)"),
    # dims
    Case("permute", "a.permute(2, 0, 1)"),
    Case("permute", "p.permute(1, 2, 0)"),
    Case("transpose", "a.transpose(0, 2)"),
    Case("swapaxes", "a.swapaxes(0, 1)"),
    Case("swapdims", "a.swapdims(1, 2)"),
    Case("t", "m.t()"),
    Case("T", "m.T"),
    Case("mT", "a.mT"),
    Case("movedim", "a.movedim(0, 2)"),
    Case("moveaxis", "a.moveaxis(-1, 0)"),
    Case("squeeze", "u.squeeze()"),
    Case("squeeze", "u.squeeze(1)"),
    Case("unsqueeze", "a.unsqueeze(1)"),
    Case("unsqueeze", "p.unsqueeze(-1)"),
    # broadcast
    Case("expand", "o.expand(4, 6, 8)"),
    Case("expand", "a.expand(2, 4, 6, 8)"),
    Case("expand_as", "o.expand_as(a)"),
    Case("broadcast_to", "L.broadcast_to(o, (4, 6, 8))"),
    # index
    Case("narrow", "a.narrow(1, 1, 3)"),
    Case("select", "a.select(1, 2)"),
    Case("diagonal", "a.diagonal(0, 1, 2)"),
    Case("unfold", "a.unfold(2, 3, 2)"),
    Case("__getitem__", "a[1]"),
    Case("__getitem__", "a[:, ::2]"),
    Case("__getitem__", "a[1:3, None, ..., ::2]"),
    Case("__getitem__", "p[0, 1:]"),
    # split
    Case("unbind", "a.unbind(0)"),
    Case("split", "a.split(2, 1)"),
    Case("split_with_sizes", "a.split_with_sizes([2, 4], 1)"),
    Case("chunk", "a.chunk(3, 2)"),
    Case("tensor_split", "a.tensor_split(3, 1)"),
    Case("hsplit", "a.hsplit(2)"),
    Case("vsplit", "a.vsplit(2)"),
    Case("dsplit", "a.dsplit(4)"),
    # complex
    Case("view_as_real", "L.view_as_real(c)"),
    Case("view_as_complex", "L.view_as_complex(r)"),
    Case("real", "c.real"),
    Case("imag", "c.imag"),
    Case("conj", "c.conj()"),
    Case("resolve_conj", "c.resolve_conj()"),
    Case("adjoint", "c.adjoint()"),
    Case("H", "c2.H"),
    Case("mH", "c.mH"),
    # copy family: the metadata-only paths (contiguous input returns itself)
    Case("contiguous", "a.contiguous()"),
    Case("detach", "a.detach()"),
    # metadata in place: each statement leaves its tensor as it found it (or unchanged)
    Case("as_strided_", "w.as_strided_((4, 6, 8), (48, 8, 1), 0)"),
    Case("squeeze_", "w.squeeze_(1)"),
    Case("unsqueeze_", "w.unsqueeze_(0); w.squeeze_(0)"),
    Case("transpose_", "w.transpose_(0, 2)"),
    Case("t_", "w2.t_()"),
)


def inputs(L: Any) -> dict[str, Any]:
    """Build the same inputs with torch or the reference."""
    a = L.arange(192, dtype=L.float32).view(4, 6, 8)
    return {
        "L": L,
        "a": a,  # contiguous (4, 6, 8)
        "p": a.permute(2, 0, 1),  # permuted view (8, 4, 6)
        "s": a[:, ::2],  # step-sliced view (4, 3, 8)
        "m": L.arange(48, dtype=L.float32).view(6, 8),
        "f": L.zeros(24, 8),
        "u": L.zeros(4, 1, 6, 8),
        "o": L.zeros(1, 6, 8),
        "r": a.view(4, 6, 4, 2),
        "c": L.zeros(4, 6, 8, dtype=L.complex64),
        "c2": L.zeros(6, 8, dtype=L.complex64),
        "w": L.zeros(4, 6, 8),
        "w2": L.zeros(6, 8),
    }


def _layout(obj: Any) -> Any:
    if isinstance(obj, tuple):
        return tuple(_layout(o) for o in obj)
    return (tuple(obj.shape), tuple(obj.stride()), obj.storage_offset(), str(obj.dtype))


def check_same(case: Case) -> None:
    """Run the statement once per library and check both give the same layouts."""
    results = []
    for L in (R, torch):
        names = inputs(L)
        *pre, last = case.stmt.split("; ")
        for p in pre:
            exec(p, {}, names)  # noqa: S102
        results.append(_layout(eval(last, {}, names)))  # noqa: S307
    if results[0] != results[1]:
        raise SystemExit(f"{case.stmt}: reference {results[0]} != torch {results[1]}")


def target_keys() -> list[str]:
    return [op.key for op in OPS if op.family in FAMILIES or op.key in EXTRA_KEYS]


def run(batches: int, number: int, seed: int) -> dict[str, Any]:
    for case in CASES:
        check_same(case)
    timers = {(case.stmt, lib): make_timer(case.stmt, inputs(L))
              for case in CASES for lib, L in (("ref", R), ("torch", torch))}
    for t in timers.values():  # warm up caches and lazy paths
        t(max(number // 10, 10))
    samples = interleaved(timers, [case.stmt for case in CASES], batches, number, seed)
    rows: list[dict[str, Any]] = []
    for case in CASES:
        ref_ns = median(samples[(case.stmt, "ref")])
        torch_ns = median(samples[(case.stmt, "torch")])
        rows.append({"op": case.key, "stmt": case.stmt, "ref_ns": round(ref_ns, 1),
                     "torch_ns": round(torch_ns, 1), "ratio": round(ref_ns / torch_ns, 3)})
    per_op: dict[str, list[float]] = {}
    for row in rows:
        per_op.setdefault(row["op"], []).append(row["ratio"])
    op_ratios = {k: median(v) for k, v in per_op.items()}
    missing = [k for k in target_keys() if k not in op_ratios]
    return {
        "benchmark": "bench_ops",
        "environment": environment(),
        "batches": batches,
        "calls_per_batch": number,
        "rows": rows,
        "op_ratios": {k: round(v, 3) for k, v in op_ratios.items()},
        "median_op_ratio": round(median(list(op_ratios.values())), 3),
        "median_stmt_ratio": round(median([r["ratio"] for r in rows]), 3),
        "goal": GOAL,
        "not_covered": missing,
    }


def report(res: dict[str, Any]) -> None:
    env = res["environment"]
    print(f"bench_ops: {res['batches']} batches x {res['calls_per_batch']} calls, "
          f"Python {env['python']}, torch {env['torch']} ({env['torch_threads']} threads), "
          f"{env['cpus']} cpus, {env['date']}")
    print(f"{'op':<18} {'statement':<40} {'ref ns':>9} {'torch ns':>9} {'ratio':>7}")
    for row in res["rows"]:
        print(f"{row['op']:<18} {row['stmt']:<40} {row['ref_ns']:>9.0f} {row['torch_ns']:>9.0f} "
              f"{row['ratio']:>7.2f}")
    print(f"ops timed: {len(res['op_ratios'])}, statements: {len(res['rows'])}")
    if res["not_covered"]:
        print(f"WARNING: catalogue ops not covered: {', '.join(res['not_covered'])}")
    worst = sorted(res["op_ratios"].items(), key=lambda kv: -kv[1])[:5]
    print("slowest relative to torch: " + ", ".join(f"{k} {v:.2f}" for k, v in worst))
    verdict = "meets" if res["median_op_ratio"] <= res["goal"] else "misses"
    print(f"median ratio over ops: {res['median_op_ratio']:.3f} (over statements: "
          f"{res['median_stmt_ratio']:.3f}); goal <= {res['goal']}: {verdict}")


def main(argv: list[str] | None = None) -> int:
    return timing_main(__doc__, run, report, unit="op", number=2000, quick=(5, 200),
                       option=SEED_OPTION, argv=argv)


if __name__ == "__main__":
    sys.exit(main())
