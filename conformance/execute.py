"""Run a program on a library and compare two runs step by step."""

from __future__ import annotations

import ast
import re
import warnings
from dataclasses import dataclass, field
from typing import Any

from stridecheck.strategies.program import Program, Step, apply

from .compare import Difference, diff_live
from .observe import FIELDS, Snapshot, error_kind, is_tensor, snapshot_all


@dataclass
class StepResult:
    """What one step did: the error it raised (kind, message) or the live tensors after it."""

    step: Step | str
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
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torch's deprecation notes are not outcomes
        return _run(program, lib, observe_every_step)


def _run(program: Program, lib: Any, observe_every_step: bool) -> list[StepResult]:
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
            results.append(StepResult(text, (error_kind(exc), str(exc).split("\n")[0])))
            return results
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


def check_source_on(source: str, target: str) -> list[Difference]:
    """Run torch source on a named target (eager:cpu, meta, fake:*, refs) and compare."""
    import torch

    import stridecheck.reference as ref

    from .targets import FAKE_FIELDS, NO_VALUES, REFS_FIELDS, fake_mode, refs_library
    expected = run_source(source, ref)
    if target.startswith("fake:"):
        with fake_mode():
            actual = run_source(source, torch)
        return compare_runs(actual, expected, FAKE_FIELDS)
    if target == "refs":
        return compare_runs(run_source(source, refs_library()), expected, REFS_FIELDS)
    if target.startswith("compile:"):
        from .targets import COMPILED_FIELDS
        actual = run_source_compiled(source, target.split(":", 1)[1])
        final = expected[-1]
        if final.error is None and actual and actual[-1].error is None:
            final = StepResult(final.step, None,
                               {k: v for k, v in final.live.items() if k in actual[-1].live})
        return compare_runs(actual, [final], COMPILED_FIELDS)
    fields = NO_VALUES if target == "meta" else FIELDS
    return compare_runs(run_source(source, torch), expected, fields)


def run_source_compiled(source: str, backend: str) -> list[StepResult]:
    """Run the first statement eagerly, compile the rest as a function of its tensor."""
    import textwrap

    import torch
    import torch._dynamo

    nodes = ast.parse(source).body
    first = nodes[0]
    assert isinstance(first, ast.Assign) and isinstance(first.targets[0], ast.Name), (
        "a compile repro starts with `name = <input tensor>`")
    arg = first.targets[0].id
    names = list(dict.fromkeys(
        n.targets[0].id for n in nodes[1:]
        if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Name)))
    body = "\n".join(ast.unparse(n) for n in nodes[1:]) or "pass"
    code = (f"def program({arg}):\n{textwrap.indent(body, '    ')}\n"
            f"    return ({', '.join([arg, *names])},)\n")  # tuples come back as tuples
    env: dict[str, Any] = {"torch": torch}
    exec(compile(ast.Module([first], []), "<program>", "exec"), env)  # noqa: S102
    exec(code, env)  # noqa: S102 - builds the function torch.compile traces
    torch._dynamo.reset()
    compiled = torch.compile(env["program"], backend=backend)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            outputs = compiled(env[arg])
        except Exception as exc:  # noqa: BLE001 - the program's error is the outcome
            inner = exc
            while inner.__cause__ is not None and type(inner).__module__.startswith(
                    "torch._dynamo"):
                inner = inner.__cause__  # dynamo wraps the error the program raised
            text = " ".join(line.strip() for line in str(inner).splitlines() if line.strip())
            return [StepResult(source, (error_kind(inner), text[:400]))]
    bound = {k: v for k, v in zip([arg, *names], outputs) if is_tensor(v)}
    return [StepResult(source, None, snapshot_all(bound))]


def check_program(program: Program, target: Any, fields: tuple[str, ...] = FIELDS
                  ) -> list[Difference]:
    """Run a program on the reference (expected) and on target (actual); return differences."""
    import stridecheck.reference as ref
    return compare_runs(run(program, target), run(program, ref), fields)


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
        if (a.error is None) != (e.error is None) or (
                a.error and e.error and a.error[0] != e.error[0]):
            return i, [Difference("<step>", "exception", _err(a), _err(e), context,
                                  _step_device(e.step, before))]
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


def _step_device(step: Step | str, before: dict[str, Snapshot]) -> str:
    """Return the device of the tensor a step works on ('' when unknown)."""
    if isinstance(step, Step):
        src = step.src
    else:
        found = re.match(r"(?:[\w\[\], ]+=\s*)?(?:torch\.\w+\()?([A-Za-z_]\w*)", step)
        src = found.group(1) if found else None
    return before[src].device if src in before else ""


def _err(r: StepResult) -> str | None:
    return None if r.error is None else f"{r.error[0]}: {r.error[1]}"
