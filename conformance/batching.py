"""Check many programs on a target as few runs: one batch (one compile for all on a compiled
target, see strategies.batch), split where it differs."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from stridecheck.strategies.batch import Batch, batchable, calls
from stridecheck.strategies.program import Program

from .compare import diff_live
from .coverage import program_cells
from .execute import StepResult, from_first_call, run, shape_context
from .observe import Snapshot
from .outcome import Outcome, check, input_of
from .results import DIVERGENCE, PASS
from .targets import Target, Unsupported


def check_batch(programs: Sequence[Program], target: Target,
                started: Callable[[Program], None] | None = None,
                inputs_checked: bool = False) -> list[Outcome]:
    """Check programs on `target`, those that can together as one batch (one compile for all
    on a compiled target, see strategies.batch); return an outcome per program, in order, and
    one more for the batch where only the batch differs.

    A program runs alone (`check`) where the reference says it raises (its error would end
    the batch), where it does not batch (or the target says it should not: `Target.batches`),
    or where the batch differs in one of its tensors or steps: it is then checked with
    everything `check` does (the location of the difference, the known divergences), and
    the others run as a batch again. A difference no tensor or step names one program for (a
    joint call's error) splits the batch in halves.
    `started(program)` is told of each program or batch before the target runs it. With
    `inputs_checked` the steps building each program's inputs are not observed (execute.
    from_first_call): other programs check them.
    """
    import stridecheck.reference as ref

    def told(program: Program) -> None:
        if started is not None:
            started(program)

    def alone(program: Program) -> Outcome:
        told(program)
        return check(program, target, from_first_call(program) if inputs_checked else None)

    if len(programs) == 1:
        return [alone(programs[0])]
    outcomes: dict[int, Outcome] = {}
    groups: dict[int, list[int]] = {}  # programs that batch, by their number of calls
    for i, program in enumerate(programs):
        full = run(program, ref, watch=from_first_call(program) if inputs_checked else None)
        if len(programs) > 1 and batchable(program) and target.batches(program, full) and \
                not any(r.error for r in full):
            groups.setdefault(calls(program), []).append(i)
            dtype, rank = input_of(full, program)
            outcomes[i] = Outcome(PASS, target, program, dtype=dtype, rank=rank,
                                  cells=program_cells(program, full))
        else:
            outcomes[i] = alone(program)
    extra: list[Outcome] = []
    for indices in groups.values():
        extra += _check_together(programs, indices, target, outcomes, alone, told,
                                 inputs_checked)
    return [outcomes[i] for i in range(len(programs))] + extra


def check_cells(programs: Sequence[Program], target: Target,
                started: Callable[[Program], None] | None = None) -> list[Outcome]:
    """Check layout-matrix programs (their inputs' building steps checked by other programs)
    as check_batch does, on the target as it runs many short programs in a row (Target.warm:
    what it caches kept between them); a divergence found so is checked again on `target`
    itself, so that a cache never makes one by itself."""
    warm = target.warm()
    outcomes = check_batch(programs, warm, started, inputs_checked=True)
    if warm is target:
        return outcomes
    return [check(o.program, target, from_first_call(o.program))
            if o.status == DIVERGENCE else o for o in outcomes]


def _check_together(programs: Sequence[Program], indices: list[int], target: Target,
                    outcomes: dict[int, Outcome], alone: Callable[[Program], Outcome],
                    told: Callable[[Program], None], inputs_checked: bool) -> list[Outcome]:
    """Run programs `indices` as one batch; where it differs, recheck as check_batch says
    (outcomes[i] holds a pass until then). Return the batch's own outcome where it differs
    and none of its programs does alone."""
    import stridecheck.reference as ref

    if len(indices) == 1:
        outcomes[indices[0]] = alone(programs[indices[0]])
        return []
    batch = Batch(tuple(programs[i] for i in indices))
    joint = batch.program
    told(joint)
    watch = batch.watches
    if inputs_checked:
        inputs = from_first_call(joint)
        watch = lambda i, name: inputs(i, name) and batch.watches(i, name)  # noqa: E731
    try:
        actual = target.run(joint, watch)
    except Unsupported:
        for i in indices:
            outcomes[i] = alone(programs[i])
        return []
    expected = target.project(joint, run(joint, ref, watch=watch))
    found = _differing(batch, actual, expected, target.fields_for(joint))
    if found is None:  # a difference no program owns: halves, until one shows it alone
        parts = [indices[:len(indices) // 2], indices[len(indices) // 2:]]
    else:
        owners, compared = found
        if not owners:
            return []
        for j in owners:
            outcomes[indices[j]] = alone(programs[indices[j]])
        # the others were compared to the end, unless a program's error ended the run
        parts = [] if compared else [[i for k, i in enumerate(indices) if k not in owners]]
    extra = [o for part in parts if part
             for o in _check_together(programs, part, target, outcomes, alone, told,
                                      inputs_checked)]
    if not extra and all(outcomes[i].status == PASS for i in indices):
        extra.append(alone(joint))  # the programs differ only together
    return extra


def _differing(batch: Batch, actual: list[StepResult], expected: list[StepResult],
               fields: tuple[str, ...]) -> tuple[set[int], bool] | None:
    """Return the positions of the batch's programs whose tensors or steps differ between
    the two runs of its program, and whether every step was compared (not where a step
    raised on one side only, which ended the run); None where a difference names no program
    (an error of a joint call, a tensor no program binds).

    The programs are independent (strategies.batch), so once one differs the rest of its
    tensors and steps are left out and the others' are compared on: one run of the batch
    names every program that differs in it."""
    owned: set[int] = set()
    before: dict[str, Snapshot] = {}
    for a, e in zip(actual, expected):
        owner = batch.step_owner(e.index)
        if owner is not None and owner in owned:
            continue
        if (a.error is None) != (e.error is None) or (
                a.error and e.error and a.error[0] != e.error[0]):
            if owner is None:
                return None
            return owned | {owner}, False
        if e.error is not None:
            return owned, False
        diffs = diff_live(a.live, e.live, fields, shape_context(e.step, before))
        names = {batch.owner(d.tensor) for d in diffs} - owned
        if None in names:
            return None
        owned |= cast(set[int], names)
        before = e.live
    if len(actual) != len(expected):
        return None
    return owned, True
