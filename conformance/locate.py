"""Locate where a difference starts: the shortest program prefix that already differs, or
the step of a called function's body where a call's difference begins.

A known-divergence entry is about the step where a program starts to diverge, not any op the
program contains: a target that sees a program whole (a compiled chain) or a call (a compiled
function) shows a difference only at its end, and these searches find the step.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from stridecheck.strategies.program import Program

from .compare import Difference
from .execute import StepResult, first_difference, run
from .targets import Target, Unsupported


def first_diverging_step(program: Program, target: Target, full: list[StepResult]
                          ) -> tuple[int, list[Difference]]:
    """Return the last step of the shortest program prefix that already differs on target,
    with its differences (the whole program's last step, and none, if no shorter one does).

    `full` is the reference's run of the whole program: a prefix's run is its first steps.
    """
    for length in target.prefixes(program):
        prefix = Program(program.steps[:length])
        try:
            actual = target.run(prefix)
        except Unsupported:
            continue
        expected = target.project(prefix, [r for r in full if r.index < length])
        diffs = first_difference(actual, expected, target.fields_for(prefix))[1]
        if diffs:
            return length - 1, diffs
    return len(program.steps) - 1, []


def locate_in_call(program: Program, target: Target, index: int, diffs: list[Difference]
                    ) -> tuple[Program, int, list[Difference], list[StepResult]] | None:
    """Return the program with call step `index` inlined, the index in it of the body step
    where the call's difference starts, that step's differences and the reference's run of
    the inlined program; None when no single step shows it (the returns as a whole do).

    A target that compiles functions runs the call with its body cut after each step in turn,
    returning every tensor then live; any other runs the inlined program, which means the
    same there.
    """
    import stridecheck.reference as ref

    inlined = program.inlined(index)
    inlined_full = run(inlined, ref)
    if not target.compiles_functions:
        try:
            actual = target.run(inlined)
        except Unsupported:
            return None
        expected = target.project(inlined, inlined_full)
        at, found = first_difference(actual, expected, target.fields_for(inlined))
        if not found or at < index:
            return None
        shorter = expected if at < len(expected) else actual
        return inlined, shorter[at].index if at < len(shorter) else len(inlined.steps) - 1, \
            found, inlined_full
    fn = program.function(program.steps[index].op.name)
    # steps after an earlier call that read what it returned need its returns where they were
    earlier = {s.out for s in program.steps[:index] if s.op.kind == "call" and s.out}
    keep = fn.returns if any(n.split("[")[0] in earlier for s in program.steps[:index]
                             for n in (s.src or "", *s.op.refs())) else ()
    # first each cut returns every tensor then live; where returning more hides the
    # difference (the compiled code changes with what it returns), each cut returns only
    # what the function returns that is bound by then
    for everything in (True, False):
        located = _cut_bodies(program, target, index, diffs, inlined, inlined_full, keep,
                              everything)
        if located is not None:
            return located
    return None


def _cut_bodies(program: Program, target: Target, index: int, diffs: list[Difference],
                inlined: Program, inlined_full: list[StepResult], keep: tuple[str, ...],
                everything: bool
                ) -> tuple[Program, int, list[Difference], list[StepResult]] | None:
    import stridecheck.reference as ref

    call = program.steps[index]
    fn = program.function(call.op.name)
    prefix = f"{fn.name}_"
    live: dict[str, Any] = {}
    for k in range(1, len(fn.body) + 1):
        seen = [r for r in inlined_full if r.index == index + k - 1]
        if not seen:
            break
        raised = seen[0].error is not None
        live = live if raised else seen[0].live
        bound = [n[len(prefix):] for n in live if n.startswith(prefix)]
        if not set(keep) <= {*fn.params, *bound}:
            continue  # the earlier call's returns are not all bound yet
        returns = (*keep, *fn.params, *bound) if everything else \
            (*keep, *(n for n in fn.returns if n in (*fn.params, *bound)))
        if not returns:
            continue
        cut = Program(program.steps[:index + 1], tuple(
            replace(f, body=f.body[:k], returns=keep + tuple(
                n for n in dict.fromkeys(returns) if n not in keep))
            if f.name == fn.name else f for f in program.functions))
        try:
            actual = target.run(cut)
        except Unsupported:
            return None
        expected = target.project(cut, run(cut, ref))
        found = first_difference(actual, expected, target.fields_for(cut))[1]
        # a cut shows the call's difference where it differs in one of the same fields; one
        # that differs otherwise (returning more made another object of one) is not it, and
        # of its differences those fields are the call's (the others come of returning more)
        fields = {d.field for d in diffs}
        if any(d.field in fields for d in found):
            return inlined, index + k - 1, [d for d in found if d.field in fields], \
                inlined_full
        if raised and everything:
            # the step raises however much of the body is returned, yet the whole call does
            # not raise so: what the call returns decides, and this step is the one
            return inlined, index + k - 1, diffs, inlined_full
    return None
