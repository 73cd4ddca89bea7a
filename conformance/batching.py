"""Check many programs on a target as few runs: one batch (one compile for all on a compiled
target, see strategies.batch), split where it differs."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from stridecheck.strategies.batch import Batch, batchable, calls
from stridecheck.strategies.program import Program

from .coverage import program_cells
from .execute import first_difference, from_first_call, run
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
        if len(programs) > 1 and batchable(program) and target.batches(program) and \
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
    at, diffs = first_difference(actual, expected, target.fields_for(joint))
    if not diffs:
        return []
    results = expected if at < len(expected) else actual
    step = results[at].index if at < len(results) else -1
    found = {batch.owner(d.tensor) for d in diffs if d.tensor != "<step>"}
    if any(d.tensor == "<step>" for d in diffs) and 0 <= step:
        found.add(batch.step_owner(step))
    owners = {j for j in found if j is not None}
    if len(owners) == 1:
        j = owners.pop()
        outcomes[indices[j]] = alone(programs[indices[j]])
        parts = [[i for i in indices if i != indices[j]]]
    else:
        parts = [indices[:len(indices) // 2], indices[len(indices) // 2:]]
    extra = [o for part in parts
             for o in _check_together(programs, part, target, outcomes, alone, told,
                                      inputs_checked)]
    if not extra and all(outcomes[i].status == PASS for i in indices):
        extra.append(alone(joint))  # the programs differ only together
    return extra
