"""Check one program on one target against the reference and classify the outcome."""

from __future__ import annotations

from dataclasses import dataclass, field

from stridecheck.strategies.program import Program

from .compare import Difference
from .execute import StepResult, compare_runs, run
from .known import KnownDivergence, classify
from .targets import Target, Unsupported

PASS, DIVERGENCE, KNOWN, UNSUPPORTED = "pass", "divergence", "known", "unsupported"


@dataclass
class Outcome:
    """The verdict for one program on one target, with the differences behind it."""

    status: str
    target: str
    program: Program
    diffs: list[Difference] = field(default_factory=list)
    known: KnownDivergence | None = None
    reason: str = ""

    def explain(self) -> str:
        lines = [f"{self.target}: {len(self.diffs)} difference(s)"]
        lines += [f"  {d}" for d in self.diffs]
        lines += ["", "program (runnable torch code):", "", "import torch", repr(self.program)]
        return "\n".join(lines)


def _final_only(results: list[StepResult]) -> list[StepResult]:
    return results[-1:] if results else results


def check(program: Program, target: Target) -> Outcome:
    """Run `program` on the reference and on `target`; return the classified outcome."""
    import stridecheck.reference as ref

    try:
        actual = target.run(program)
    except Unsupported as exc:
        return Outcome(UNSUPPORTED, target.name, program, reason=str(exc))
    expected = run(program, ref)
    if target.name.startswith("compile:"):
        # a compiled program shows only its final outputs, and only tensors it returns
        expected = _final_only(expected)
        if expected and actual and expected[-1].error is None and actual[-1].error is None:
            kept = {k: v for k, v in expected[-1].live.items() if k in actual[-1].live}
            expected = [StepResult(expected[-1].step, None, kept)]
        actual = _final_only(actual)
        if expected and actual:
            actual[-1].step = expected[-1].step
    diffs = compare_runs(actual, expected, target.fields)
    if not diffs:
        return Outcome(PASS, target.name, program)
    known = classify(program, diffs, target.name)
    if known is not None:
        return Outcome(KNOWN, target.name, program, diffs, known)
    return Outcome(DIVERGENCE, target.name, program, diffs)
