"""Check one program on one target against the reference and classify the outcome."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from stridecheck.reference.errors import MESSAGES
from stridecheck.reference.ops import BY_KEY
from stridecheck.strategies.program import Program, Step, encode_value, from_data, to_data

from .compare import Difference, shown
from .conditions import CallSite, Site, diff_conditions
from .coverage import program_cells
from .execute import StepResult, Watch, first_difference, live_at, run, shape_context
from .known import KnownDivergence, classify
from .locate import first_diverging_step, locate_in_call
from .observe import FIELDS, Snapshot
from .results import (
    DIVERGENCE,
    KNOWN,
    PASS,
    UNSUPPORTED,
    ExampleFields,
    ExampleRecord,
    FailureRecord,
    TensorLayout,
)
from .targets import Target, Unsupported, all_targets, first_answering


@dataclass
class Outcome:
    """The verdict for one program on one target, with the differences behind it."""

    status: str
    target: Target
    program: Program
    diffs: list[Difference] = field(default_factory=list)
    known: KnownDivergence | None = None
    reason: str = ""
    # the index of the step that differed (-1 when none did)
    index: int = -1
    # the reference's results as the target shows them (kept for failure records)
    expected: list[StepResult] = field(default_factory=list, repr=False)
    # the live tensors of both sides at the step that differed (empty when none did)
    expected_live: dict[str, Any] = field(default_factory=dict)
    actual_live: dict[str, Any] = field(default_factory=dict)
    # the reference's view of the input: dtype and rank of x0 once built
    dtype: str = ""
    rank: int = -1
    # the step found to differ first inside a call of the program's function (its body
    # step, as the program with that call inlined numbers it), when the difference is a call's
    located: Step | None = None
    # the cells of the layout matrix's space the program exercised (conformance.coverage)
    cells: tuple[str, ...] = ()

    def explain(self) -> str:
        lines = [f"{self.target.name}: {len(self.diffs)} difference(s)"]
        lines += [f"  {d}" for d in self.diffs]
        lines += ["", "program (runnable torch code):", "", "import torch", repr(self.program)]
        return "\n".join(lines)

    @property
    def op(self) -> str | None:
        """Return the catalogue key of the op at the step that differed, if one did."""
        if not self.diffs or not 0 <= self.index < len(self.program.steps):
            return None
        return (self.located or self.program.steps[self.index]).op.key

    def record(self, test: str, device: str, shrink: bool = False) -> ExampleRecord:
        """Return this outcome as a results `example` record (see conformance.results)."""
        return {"kind": "example", **self._fields(test, device, shrink)}

    def _fields(self, test: str, device: str, shrink: bool = False) -> ExampleFields:
        op = self.op
        spec = BY_KEY.get(op) if op else None
        return {"test": test, "target": self.target.name, "device": device,
                "dtype": self.dtype, "rank": self.rank, "length": len(self.program),
                "ops": self.program.op_keys(),
                "op": op, "family": spec.family if spec else None, "status": self.status,
                "known": self.known.id if self.known else None, "shrink": shrink,
                "cells": list(self.cells)}

    def failure_record(self, test: str, device: str) -> FailureRecord:
        """Return the `failure` record: the example plus what a report and a repro need."""
        replay = replay_record(self.target, self.program, self.expected)
        return {**self._fields(test, device), "kind": "failure", "program": repr(self.program),
                "index": self.index, "steps": replay["steps"], "source": replay["source"],
                "setup": replay["setup"], "fields": replay["fields"],
                "expected": replay["expected"],
                "diffs": [{"tensor": d.tensor, "field": d.field, "spelling": d.spelling,
                           "actual": a, "expected": e, "context": d.context}
                          for d, (a, e) in ((d, shown(d.actual, d.expected))
                                            for d in self.diffs)],
                "tensors": {"expected": _layout(self.expected_live),
                            "actual": _layout(self.actual_live)},
                # what a known-divergence entry for it may require without the program
                # (conformance.conditions, the predicates on differences alone)
                "conditions": diff_conditions(self.diffs),
                "message": self.explain()}


def replay_record(target: Target, program: Program,
                  expected: list[StepResult] | None = None) -> dict[str, Any]:
    """Return what replaying `program` on `target` takes, as record fields.

    `steps` is the program as data, `source` the torch code the target runs, `setup` how a
    repro script runs it (conformance.replay), `fields` what it compares and `expected` the
    reference's results as the target shows them (computed here when not given).
    """
    try:
        source = target.source(program)
    except Unsupported:
        source = None
    if expected is None:
        import stridecheck.reference as ref
        expected = target.project(program, run(program, ref))
    return {"steps": to_data(program), "source": source,
            "setup": target.replay_setup(program), "fields": list(target.fields_for(program)),
            "expected": expected_data(expected, target.fields_for(program))}


def complete_crash(failure: FailureRecord) -> FailureRecord:
    """Add to a crash's failure record what replaying it takes (when its target is known)."""
    target = all_targets().get(str(failure.get("target")))
    if target is None or not failure.get("steps"):
        return failure
    try:
        return cast(FailureRecord, {**failure, **replay_record(
            target, from_data(failure["steps"]))})
    except Exception:  # noqa: BLE001 - a crash record stays useful without its replay
        return failure


def expected_data(results: list[StepResult], fields: tuple[str, ...]) -> list[dict[str, Any]]:
    """Return step results as JSON-ready data: context, exception, each tensor's fields."""
    out = []
    before: dict[str, Snapshot] = {}
    for r in results:
        out.append({"context": shape_context(r.step, before),
                    "raises": list(r.error) if r.error else None,
                    "tensors": {name: _fields(s, fields) for name, s in r.live.items()}})
        before = r.live
    return out


def _fields(snap: Snapshot, fields: tuple[str, ...]) -> dict[str, Any]:
    shown = {f: _values(snap.values) if f == "values" else getattr(snap, f)
             for f in FIELDS if f in fields}
    if "values" in fields and isinstance(snap.values, tuple) and len(snap.values) > 2:
        shown["tolerance"] = snap.values[2]  # how far torch's values may stray (relative)
    return {**shown, "spellings": [[f, text, v] for f, text, v in snap.spellings if f in fields]}


def _values(values: Any) -> Any:
    """Return values as nested lists: None where undefined, complex as {"complex": [re, im]}."""
    if values is None or isinstance(values, str):
        return values
    data, mask = values[:2]

    def plain(v: Any, m: Any) -> Any:
        if isinstance(v, list):
            return [plain(a, b) for a, b in zip(v, m)]
        return encode_value(v) if m else None

    return plain(data.tolist(), mask.tolist())


def _layout(live: dict[str, Any]) -> dict[str, TensorLayout]:
    return {name: {"shape": list(s.shape), "strides": list(s.strides),
                   "storage_offset": s.storage_offset, "storage": s.storage, "base": s.base}
            for name, s in live.items()}


def input_of(expected: list[StepResult], program: Program) -> tuple[str, int]:
    """Return (dtype, rank) of the input once the steps building it are done."""
    found = ("", -1)
    name = program.steps[0].out if program.steps else None
    for step, result in zip(program.steps, expected):
        if step.out != name or name not in result.live:
            break
        snap = result.live[name]
        found = (snap.dtype, len(snap.shape))
    if found[1] < 0:  # the steps building it were not observed: it as first seen after them
        seen = next((r.live[name] for r in expected if name in r.live), None)
        found = (seen.dtype, len(seen.shape)) if seen is not None else found
    return found


# how the model words a call torch takes that it has no rule for (op_errors "not_modelled")
_NOT_MODELLED = MESSAGES["not_modelled"][1].partition("{")[0]


def not_modelled(message: str) -> bool:
    """Tell whether an error message is the model's own refusal of a call it has no rule for,
    which no target can be compared on."""
    return message.startswith(_NOT_MODELLED)


def check(program: Program, target: Target, watch: Watch | None = None) -> Outcome:
    """Run `program` on the reference and on `target`; return the classified outcome.

    `watch` says which tensors both runs observe after each step (all when None).
    """
    import stridecheck.reference as ref

    full = run(program, ref, watch=watch)
    dtype, rank = input_of(full, program)
    gap = next((r.error[1] for r in full if r.error and not_modelled(r.error[1])), None)
    if gap is not None:  # the model has no rule for a step: nothing to compare it with
        return Outcome(UNSUPPORTED, target, program, reason=f"reference: {gap}", dtype=dtype,
                       rank=rank)
    if target.asserts_in_kernels and any(r.in_kernel for r in full):
        # the device would fault, as it should, and be lost to every later program
        return Outcome(UNSUPPORTED, target, program, dtype=dtype, rank=rank, reason=(
            f"{target.name}: the program's index is refused inside a kernel, which on "
            f"{target.device} is a device-side assert that loses the device: not run"))
    try:
        actual = target.run(program, watch)
    except Unsupported as exc:
        return Outcome(UNSUPPORTED, target, program, reason=str(exc), dtype=dtype, rank=rank)
    cells = program_cells(program, full)
    expected = target.project(program, full)
    at, diffs = first_difference(actual, expected, target.fields_for(program))
    if not diffs:
        return Outcome(PASS, target, program, dtype=dtype, rank=rank, cells=cells)
    shorter = expected if at < len(expected) else actual
    index = shorter[at].index if at < len(shorter) else len(program.steps) - 1
    if watch is not None and not any(s.op.kind == "call" for s in program.steps[:index + 1]):
        # a difference before the first call is in the steps building the inputs, which the
        # watch left unobserved: observed step by step, it is found where it starts
        return check(program, target)
    located = None
    if 0 <= index < len(program.steps) and program.steps[index].op.kind == "call":
        # a call is many steps: the entry must be about the one where the difference starts
        found = locate_in_call(program, target, index, diffs)
        if found is None:  # no single step of the body: only an entry for any op ("*")
            known = classify((program.steps[index].op.name,), diffs, target)
        else:
            inlined, at_step, first, inlined_full = found
            located = inlined.steps[at_step]
            site = Site(inlined, inlined_full, at_step,
                        inputs=tuple(a.name for a in program.steps[index].op.args),
                        since=index, call=CallSite(program, index))
            known = classify((located.op.fault_key,), first, target, site)
    else:
        # a program compiled whole takes its first tensor as its input
        inputs = tuple(s.out for s in program.steps[:1] if s.out is not None)
        faulty = target.ops_at_fault(program, index)
        if target.sees_whole(program):
            # seen whole, the difference shows at the last step: it starts where the shortest
            # program that already differs ends (the last step, where no shorter program has
            # a step to compile), and an entry must be about that step, not any op the
            # program has (a condition on the step, say that its subject is an earlier
            # in-place op's result, holds only there)
            index, first = first_diverging_step(program, target, full)
            faulty, diffs_there = (program.steps[index].op.fault_key,), first or diffs
        else:
            diffs_there = diffs
        known = classify(faulty, diffs_there, target, Site(program, full, index, inputs))
    return Outcome(KNOWN if known is not None else DIVERGENCE, target, program, diffs, known,
                   index=index, expected=expected, expected_live=live_at(expected, at),
                   actual_live=live_at(actual, at), dtype=dtype, rank=rank, located=located,
                   cells=cells)


def reproduce(entry: KnownDivergence) -> Outcome:
    """Run a known divergence's repro on the first target its pattern names."""
    return check(entry.program, first_answering(entry.target))
