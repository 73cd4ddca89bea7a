"""Run a program on a library and compare two runs step by step."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from stridecheck.strategies.program import Program, Step, apply

from .compare import Difference, diff_live
from .observe import FIELDS, Snapshot, error_kind, is_tensor, snapshot_all


@dataclass
class StepResult:
    """What one step did: the error it raised (kind, message) or the live tensors after it."""

    step: Step
    error: tuple[str, str] | None = None
    live: dict[str, Snapshot] = field(default_factory=dict)


def _bind(env: dict[str, Any], name: str, result: Any) -> None:
    if isinstance(result, (tuple, list)):
        for i, r in enumerate(result):
            if is_tensor(r):
                env[f"{name}[{i}]"] = r
        env[name] = tuple(result)
    else:
        env[name] = result


def _live_tensors(env: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in env.items() if is_tensor(v)}


def run(program: Program, lib: Any, *, observe_every_step: bool = True) -> list[StepResult]:
    """Run every step on `lib` until one raises; observe live tensors after each step."""
    env: dict[str, Any] = {}
    results: list[StepResult] = []
    for i, step in enumerate(program.steps):
        subject = lib if step.src is None else env[step.src]
        try:
            out = apply(step.op, subject, lib, env)
        except Exception as exc:  # noqa: BLE001 - any error of the library is an outcome
            results.append(StepResult(step, (error_kind(exc), str(exc).split("\n")[0])))
            return results
        if step.out is not None:
            _bind(env, step.out, out)
        last = i == len(program.steps) - 1
        live = snapshot_all(_live_tensors(env)) if observe_every_step or last else {}
        results.append(StepResult(step, None, live))
    return results


def shape_context(step: Step, before: dict[str, Snapshot]) -> str:
    src = step.src
    if src is not None and src in before:
        return f"{step!r} with {src}.shape={before[src].shape}"
    return repr(step)


def compare_runs(actual: list[StepResult], expected: list[StepResult],
                 fields: tuple[str, ...] = FIELDS) -> list[Difference]:
    """Return the first step's differences between two runs (empty when they agree)."""
    before: dict[str, Snapshot] = {}
    for a, e in zip(actual, expected):
        context = shape_context(e.step, before)
        if (a.error is None) != (e.error is None) or (
                a.error and e.error and a.error[0] != e.error[0]):
            return [Difference("<step>", "exception", _err(a), _err(e), context)]
        if e.error is not None:
            return []
        diffs = diff_live(a.live, e.live, fields, context)
        if diffs:
            return diffs
        before = e.live
    if len(actual) != len(expected):
        return [Difference("<program>", "steps", len(actual), len(expected))]
    return []


def _err(r: StepResult) -> str | None:
    return None if r.error is None else f"{r.error[0]}: {r.error[1]}"
