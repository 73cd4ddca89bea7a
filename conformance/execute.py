"""Run a program on a library and compare two runs step by step."""

from __future__ import annotations

import ast
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from stridecheck.strategies.program import Function, Program, Step, apply, bind, interpreted

from .compare import Difference, diff_live
from .observe import FIELDS, Snapshot, is_tensor, snapshot_all
from .replay import agrees, first_line


@dataclass
class StepResult:
    """What one step did: the error it raised (kind, message) or the live tensors after it."""

    step: Step | str
    error: tuple[str, str] | None = None
    live: dict[str, Snapshot] = field(default_factory=dict)
    # the index in its program of the step this result stands for (-1 for source text)
    index: int = -1
    # the error is a refusal the kernel makes element by element (reference.errors.IN_KERNEL)
    in_kernel: bool = False


def _live_tensors(env: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in env.items() if is_tensor(v)}


Realize = Callable[[Function, Any], Any]
# which live tensors to observe after step i: watch(i, name) (all of them when None)
Watch = Callable[[int, str], bool]


def from_first_call(program: Program) -> Watch:
    """Return a watch observing nothing before the program's first call of its function but
    the inputs as the call gets them: the steps building its inputs are checked step by step
    by other programs."""
    first = next((i for i, s in enumerate(program.steps) if s.op.kind == "call"), 0)
    return lambda index, name: index >= first - 1


def run(program: Program, lib: Any, *, observe_every_step: bool = True,
        realize: Realize = interpreted, watch: Watch | None = None,
        unshown: tuple[str, ...] = (), settle: Callable[[], None] | None = None
        ) -> list[StepResult]:
    """Run every step on `lib` until one raises; observe live tensors after each step (those
    `watch` names: a batch observes after each step only what that step can change), but not
    the spellings `unshown` names (a target's `unshown_spellings`: they cost, and are hidden).

    The program's functions are made callable by `realize(function, lib)`: as they are, or
    compiled. `settle()`, called after each step, waits for what the step queued on a device,
    so that an error the device raises later is the step's (replay.settle).
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch's deprecation notes are not outcomes
        return _run(program, lib, observe_every_step, realize, watch, unshown, settle)


def _run(program: Program, lib: Any, observe_every_step: bool, realize: Realize,
         watch: Watch | None, unshown: tuple[str, ...],
         settle: Callable[[], None] | None) -> list[StepResult]:
    env: dict[str, Any] = {f.name: realize(f, lib) for f in program.functions}
    results: list[StepResult] = []
    for i, step in enumerate(program.steps):
        subject = lib if step.src is None else env[step.src]
        try:
            out = apply(step.op, subject, lib, env)
            if settle is not None:
                settle()
        except Exception as exc:  # noqa: BLE001 - any error of the library is an outcome
            results.append(StepResult(step, first_line(exc), index=i,
                                      in_kernel=getattr(exc, "in_kernel", False)))
            return results
        if step.out is not None:
            bind(env, step.out, out)
        last = i == len(program.steps) - 1
        live = {}
        if observe_every_step or last:
            tensors = _live_tensors(env)
            live = snapshot_all(tensors if watch is None else
                                {k: v for k, v in tensors.items() if watch(i, k)}, unshown)
        results.append(StepResult(step, None, live, i))
    return results


def run_source(source: str, lib: Any) -> list[StepResult]:
    """Run torch source statement by statement with `torch` bound to `lib`, observing each."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _run_source(source, lib)


def _run_source(source: str, lib: Any) -> list[StepResult]:
    env: dict[str, Any] = {"torch": lib}
    results: list[StepResult] = []
    for node in ast.parse(source).body:
        text = ast.get_source_segment(source, node) or ast.unparse(node)
        try:
            exec(compile(ast.Module([node], []), "<program>", "exec"), env)  # noqa: S102
        except Exception as exc:  # noqa: BLE001 - any error of the library is an outcome
            results.append(StepResult(text, first_line(exc)))
            return results
        if isinstance(node, ast.FunctionDef):
            continue  # a function the program calls: no step
        live = {}
        for k, v in env.items():
            if is_tensor(v):
                live[k] = v
            elif isinstance(v, (tuple, list)):
                live.update({f"{k}[{i}]": r for i, r in enumerate(v) if is_tensor(r)})
        results.append(StepResult(text, None, snapshot_all(live)))
    return results


def check_source(source: str, target: Any, fields: tuple[str, ...] = FIELDS
                 ) -> list[Difference]:
    """Run source on the reference (expected) and on target (actual); return differences."""
    import stridecheck.reference as ref
    return compare_runs(run_source(source, target), run_source(source, ref), fields)


def shape_context(step: Step | str, before: dict[str, Snapshot]) -> str:
    src = step.src if isinstance(step, Step) else None
    if src is not None and src in before:
        return f"{step!r} with {src}.shape={before[src].shape}"
    return step if isinstance(step, str) else repr(step)


def compare_runs(actual: list[StepResult], expected: list[StepResult],
                 fields: tuple[str, ...] = FIELDS) -> list[Difference]:
    """Return the first step's differences between two runs (empty when they agree)."""
    return first_difference(actual, expected, fields)[1]


def first_difference(actual: list[StepResult], expected: list[StepResult],
                     fields: tuple[str, ...] = FIELDS) -> tuple[int, list[Difference]]:
    """Return (index of the first step that differs, its differences); (-1, []) if none."""
    before: dict[str, Snapshot] = {}
    for i, (a, e) in enumerate(zip(actual, expected)):
        context = shape_context(e.step, before)
        if not agrees(a.error, e.error):
            return i, [Difference("<step>", "exception", _err(a), _err(e), context,
                                  _device_of(e.step, before))]
        if e.error is not None:
            return -1, []
        diffs = diff_live(a.live, e.live, fields, context)
        if diffs:
            return i, diffs
        before = e.live
    if len(actual) != len(expected):
        return min(len(actual), len(expected)), [
            Difference("<program>", "steps", len(actual), len(expected))]
    return -1, []


def _device_of(step: Step | str, before: dict[str, Snapshot]) -> str:
    """Return the device of the tensor a step works on ('' for source text and factories)."""
    src = step.src if isinstance(step, Step) else None
    return before[src].device if src is not None and src in before else ""


def _err(r: StepResult) -> str | None:
    return None if r.error is None else f"{r.error[0]}: {r.error[1]}"


def live_at(results: list[StepResult], index: int) -> dict[str, Snapshot]:
    """Return the live tensors after step `index`, or before it when that step raised."""
    for r in reversed(results[: index + 1]):
        if r.error is None:
            return r.live
    return {}
