"""Batches of function programs: one program meaning what each of its programs means alone,
and a batch's difference charged to the program that shows it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from hypothesis import given, settings

import stridecheck.reference as reference
from stridecheck.conformance.batching import check_batch
from stridecheck.conformance.execute import StepResult, run
from stridecheck.conformance.outcome import DIVERGENCE, PASS
from stridecheck.conformance.targets import Target
from stridecheck.strategies import function_batches
from stridecheck.strategies.batch import Batch, batchable, calls, compatible
from stridecheck.strategies.parse import parse

# compared as they are; storage, identity and base name another tensor: mapped first
PLAIN = ("shape", "strides", "storage_offset", "dtype", "conj", "contiguity", "data_ptr",
         "is_view", "version")
NAMED = ("storage", "identity", "base")


def _program(body: str, returns: str, probe: str = "out[0].fill_(1)") -> Any:
    return parse(f"def f(a, b):\n{body}    return ({returns},)\n\n\n"
                 "x0 = torch.arange(6).to(torch.float32).view(2, 3)\n"
                 "b = x0.clone()\n"
                 f"out = f(x0, b)\n{probe}\n")


@settings(max_examples=60, deadline=None)
@given(function_batches(max_size=5))
def test_a_batch_means_what_its_programs_mean_alone(programs: tuple[Any, ...]) -> None:
    """Each program's tensors after the batch's run on the reference are those after its
    own run, field by field, under the batch's names (what aliases what included)."""
    programs = tuple(p for p in programs if batchable(p)
                     and not any(r.error for r in run(p, reference)))
    if len({calls(p) for p in programs}) != 1:
        programs = programs[:1]
    if not programs:
        return
    assert compatible(programs)
    batch = Batch(programs)
    joint = run(batch.program, reference)[-1].live
    for j, program in enumerate(programs):
        alone = run(program, reference)[-1].live
        for name, snap in alone.items():
            mine = joint[batch.name(j, name)]
            for f in PLAIN:
                assert getattr(mine, f) == getattr(snap, f), (name, f, repr(batch.program))
            for f in NAMED:
                want = getattr(snap, f)
                assert getattr(mine, f) == (batch.name(j, want) if want not in (None, "<hidden>")
                                            else want), (name, f)
            _same_values(mine.values, snap.values)


def _same_values(mine: Any, alone: Any) -> None:
    """Values agree where defined (NaN equal to NaN); meta tensors have none."""
    if alone is None or isinstance(alone, str):
        assert mine == alone
        return
    assert (mine[1] == alone[1]).all()
    assert np.array_equal(mine[0][alone[1]], alone[0][alone[1]], equal_nan=True)


def test_the_batch_program_is_the_programs_side_by_side() -> None:
    first = _program("    a.add_(1)\n", "a")
    second = _program("    t1 = b.t()\n", "t1, a")
    batch = Batch((first, second))
    text = repr(batch.program)
    assert "def f(p0_a, p0_b, p1_a, p1_b):" in text
    assert "return (p0_a, p1_t1, p1_a)" in text
    assert "out = f(p0_x0, p0_b, p1_x0, p1_b)" in text
    # the second program's out[0] is the joint call's out[1]
    assert "out[1].fill_(1)" in text
    assert batch.owner("out[2]") == 1 and batch.owner("p0_x0") == 0
    call = next(i for i, s in enumerate(batch.program.steps) if s.op.kind == "call")
    assert batch.step_owner(call) is None  # the joint call is everyone's
    assert [batch.step_owner(i) for i in (0, call - 1, call + 1, call + 2)] == [0, 1, 0, 1]
    # after its own step a program's tensors are observed, another's not (it cannot change)
    assert batch.watches(0, "p0_x0") and not batch.watches(0, "p1_x0")
    assert batch.watches(call + 1, "out[0]") and not batch.watches(call + 1, "out[1]")
    assert all(batch.watches(call, n) for n in ("p0_x0", "p1_b", "out[2]"))


@dataclass(frozen=True)
class _Misplaced(Target):
    """Eager torch, but every tensor named `bad` (or `p<i>_bad`) is seen one element off, and
    the step binding one named `boom` raises."""

    runs: list[Any] | None = None

    def _run(self, program: Any, watch: Any = None) -> list[StepResult]:
        import torch
        assert self.runs is not None
        self.runs.append(program)
        results = run(program, torch, watch=watch)
        # a step binding a tensor named `boom` raises, ending the run
        ends = [i for i, r in enumerate(results)
                if r.step.out is not None and r.step.out.split("_")[-1] == "boom"]
        if ends:
            results = results[:ends[0]] + [StepResult(results[ends[0]].step,
                                                      ("RuntimeError", "boom"),
                                                      index=results[ends[0]].index)]
        for r in results:
            r.live = {k: replace(v, storage_offset=v.storage_offset + 1)
                      if k.split("_")[-1] == "bad" else v for k, v in r.live.items()}
        return results


def _bad(good: Any, name: str = "bad") -> Any:
    return parse(repr(good).replace("b = x0.clone()", f"{name} = x0.clone()")
                 .replace("f(x0, b)", f"f(x0, {name})"))


def test_every_program_a_batch_shows_differing_is_checked_alone_and_the_others_pass() -> None:
    good = _program("    t1 = a.t()\n", "t1")
    bad = _bad(good)
    target = _Misplaced("misplaced", "cpu", runs=[])
    outcomes = check_batch((good, bad, good, bad), target)
    assert [o.status for o in outcomes] == [PASS, DIVERGENCE, PASS, DIVERGENCE]
    assert outcomes[1].program == bad and outcomes[3].program == bad
    # the batch of four, then each that differs alone: the others were compared to the end
    # in the batch's run, the tensors of those that differ left out once they did
    assert [len(p.steps) for p in target.runs] == [
        4 * (len(good.steps) - 1) + 1, len(bad.steps), len(bad.steps)]


def test_the_programs_after_an_error_that_ended_a_batch_are_batched_again() -> None:
    good = _program("    t1 = a.t()\n", "t1")
    boom = _bad(good, "boom")
    target = _Misplaced("misplaced", "cpu", runs=[])
    outcomes = check_batch((good, boom, good, good), target)
    assert [o.status for o in outcomes] == [PASS, DIVERGENCE, PASS, PASS]
    # the batch of four ended at boom's error: it alone, then the three others again
    assert [len(p.steps) for p in target.runs] == [
        4 * (len(good.steps) - 1) + 1, len(boom.steps), 3 * (len(good.steps) - 1) + 1]


def test_a_program_that_raises_runs_alone() -> None:
    good = _program("    t1 = a.t()\n", "t1")
    raising = _program("    t1 = a.view(4)\n", "t1")
    target = _Misplaced("misplaced", "cpu", runs=[])
    outcomes = check_batch((good, raising, good), target)
    assert [o.status for o in outcomes] == [PASS, PASS, PASS]
    assert target.runs[0] == raising  # alone, first; then the others as one batch
    assert len(target.runs) == 2 and len(target.runs[1].functions[0].params) == 4


def test_a_batch_on_a_compiled_target_is_one_graph() -> None:
    """Three programs that pass alone pass as one batch, compiled as one graph."""
    from torch._dynamo.utils import counters

    from stridecheck.conformance.targets import all_targets

    programs = (_program("    t1 = a.t()\n", "t1"), _program("    t1 = b.mul(2)\n", "t1, a"),
                _program("    a.add_(1)\n", "a"))
    target = all_targets()["compile:aot_eager"]
    counters.clear()
    outcomes = check_batch(programs, target)
    assert [o.status for o in outcomes] == [PASS, PASS, PASS]
    assert counters["stats"]["unique_graphs"] == 1
