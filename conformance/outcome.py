"""Check one program on one target against the reference and classify the outcome."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from stridecheck.reference.ops import BY_KEY
from stridecheck.strategies.program import Program

from .compare import Difference, show
from .execute import StepResult, first_difference, run
from .known import KnownDivergence, classify, diverging_op
from .results import DIVERGENCE, KNOWN, PASS, UNSUPPORTED
from .targets import Target, Unsupported


@dataclass
class Outcome:
    """The verdict for one program on one target, with the differences behind it."""

    status: str
    target: str
    program: Program
    diffs: list[Difference] = field(default_factory=list)
    known: KnownDivergence | None = None
    reason: str = ""
    # the live tensors of both sides at the step that differed (empty when none did)
    expected_live: dict[str, Any] = field(default_factory=dict)
    actual_live: dict[str, Any] = field(default_factory=dict)
    # the reference's view of the input: dtype and rank of x0 once built
    dtype: str = ""
    rank: int = -1

    def explain(self) -> str:
        lines = [f"{self.target}: {len(self.diffs)} difference(s)"]
        lines += [f"  {d}" for d in self.diffs]
        lines += ["", "program (runnable torch code):", "", "import torch", repr(self.program)]
        return "\n".join(lines)

    @property
    def op(self) -> str | None:
        """Return the catalogue key of the op where the program diverged, if it did."""
        if not self.diffs:
            return None
        return diverging_op(self.program, self.diffs[0])

    def record(self, test: str, device: str, shrink: bool = False) -> dict[str, Any]:
        """Return this outcome as a results `example` record (see conformance.results)."""
        op = self.op
        spec = BY_KEY.get(op) if op else None
        return {"kind": "example", "test": test, "target": self.target, "device": device,
                "dtype": self.dtype, "rank": self.rank, "length": len(self.program),
                "ops": self.program.op_keys(),
                "op": op, "family": spec.family if spec else None, "status": self.status,
                "known": self.known.id if self.known else None, "shrink": shrink}

    def failure_record(self, test: str, device: str) -> dict[str, Any]:
        """Return the `failure` record: the example plus the program and every difference."""
        return {**self.record(test, device), "kind": "failure", "program": repr(self.program),
                "diffs": [{"tensor": d.tensor, "field": d.field, "actual": show(d.actual),
                           "expected": show(d.expected), "context": d.context}
                          for d in self.diffs],
                "tensors": {"expected": _layout(self.expected_live),
                            "actual": _layout(self.actual_live)},
                "message": self.explain()}


def _layout(live: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {name: {"shape": list(s.shape), "strides": list(s.strides),
                   "storage_offset": s.storage_offset, "storage": s.storage, "base": s.base}
            for name, s in live.items()}


def _final_only(results: list[StepResult]) -> list[StepResult]:
    return results[-1:] if results else results


def _input_of(expected: list[StepResult], program: Program) -> tuple[str, int]:
    """Return (dtype, rank) of x0 once the steps building it are done."""
    found = ("", -1)
    for step, result in zip(program.steps, expected):
        if step.out != "x0" or "x0" not in result.live:
            break
        snap = result.live["x0"]
        found = (snap.dtype, len(snap.shape))
    return found


def check(program: Program, target: Target) -> Outcome:
    """Run `program` on the reference and on `target`; return the classified outcome."""
    import stridecheck.reference as ref

    expected = run(program, ref)
    dtype, rank = _input_of(expected, program)
    try:
        actual = target.run(program)
    except Unsupported as exc:
        return Outcome(UNSUPPORTED, target.name, program, reason=str(exc), dtype=dtype,
                       rank=rank)
    if target.name.startswith("compile:"):
        # a compiled program shows only its final outputs, and only tensors it returns
        expected = _final_only(expected)
        if expected and actual and expected[-1].error is None and actual[-1].error is None:
            kept = {k: v for k, v in expected[-1].live.items() if k in actual[-1].live}
            expected = [StepResult(expected[-1].step, None, kept)]
        actual = _final_only(actual)
        if expected and actual:
            actual[-1].step = expected[-1].step
    index, diffs = first_difference(actual, expected, target.fields)
    if not diffs:
        return Outcome(PASS, target.name, program, dtype=dtype, rank=rank)
    at = {"expected_live": _live_at(expected, index), "actual_live": _live_at(actual, index),
          "dtype": dtype, "rank": rank}
    known = classify(program, diffs, target.name)
    if known is not None:
        return Outcome(KNOWN, target.name, program, diffs, known, **at)
    return Outcome(DIVERGENCE, target.name, program, diffs, **at)


def _live_at(results: list[StepResult], index: int) -> dict[str, Any]:
    """Return the live tensors after step `index`, or before it when that step raised."""
    for r in reversed(results[: index + 1]):
        if r.error is None:
            return r.live
    return {}
