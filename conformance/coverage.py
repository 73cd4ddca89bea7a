"""Which cells of the layout matrix's space (reference.cells) a program's steps exercised.

Any program is placed in the space, the matrix's own and the random ones alike, from what the
reference observed before each step: the op's out-of-place key and the form it was called in,
its subject's and second operand's layout classes, their dtype class and, for out=, the out
tensor's class. A step inside a call of the program's function is placed where its operands
are the call's inputs (the reference does not observe a body's intermediates). A step that
raised counts too: the cell was checked for raising as torch does.
"""

from __future__ import annotations

import itertools

from stridecheck.reference.cells import SCALAR, cell_id, dtype_class, layout_of, space
from stridecheck.reference.ops import BY_KEY
from stridecheck.strategies.program import Op, Program, Ref

from .execute import StepResult
from .observe import Snapshot


def program_cells(program: Program, results: list[StepResult]) -> tuple[str, ...]:
    """Return the cells the steps of `program` that ran (or raised) exercised, in order."""
    found: dict[str, None] = {}
    before: dict[str, Snapshot] = {}
    for result in results:
        i = result.index
        if 0 <= i < len(program.steps):
            step = program.steps[i]
            if step.op.kind == "call":
                fn = program.function(step.op.name)
                inputs = {p: before[a.name] for p, a in zip(fn.params, step.op.args)
                          if isinstance(a, Ref) and a.name in before}
                for s in fn.body:
                    if s.src in inputs:
                        found.update(dict.fromkeys(step_cells(s.op, inputs[s.src], inputs)))
            elif step.src is not None and step.src in before:
                found.update(dict.fromkeys(step_cells(step.op, before[step.src], before)))
        if result.live:
            before = result.live
    return tuple(found)


def step_cells(op: Op, subject: Snapshot, live: dict[str, Snapshot]) -> list[str]:
    """Return the cells one call exercised, its tensors' snapshots taken before it."""
    placed = _place(op)
    if placed is None:
        return []
    key, form = placed
    sp = space(key)
    if sp is None:
        return []
    values: dict[str, str] = {"a": snapshot_layout(subject)}
    other_dtype = None
    if sp.binary:
        other = op.args[0] if op.args else None
        if isinstance(other, Ref) and other.name in live:
            values["b"] = snapshot_layout(live[other.name])
            other_dtype = live[other.name].dtype
        elif isinstance(other, (bool, int, float, complex)):
            values["b"] = SCALAR
    values["dtype"] = dtype_class(subject.dtype, other_dtype)
    out = dict(op.kwargs).get("out")
    if out is not None:
        if not (isinstance(out, Ref) and out.name in live):
            return []
        form = f"out:{snapshot_layout(live[out.name])}"
    values["form"] = form
    declared = dict(sp.factors)
    present = [(f, values[f]) for f, _ in sp.factors
               if f in values and values[f] in declared[f]]
    return [cell_id(key, f, v, g, w) for (f, v), (g, w) in itertools.combinations(present, 2)]


def snapshot_layout(snap: Snapshot) -> str:
    """Return the layout class (reference.cells) of an observed tensor."""
    return layout_of(snap.shape, snap.strides, snap.storage_offset, *snap.conj)


def _place(op: Op) -> tuple[str, str] | None:
    """Return the key of the op's out-of-place form and the form of the call."""
    spec = BY_KEY.get(op.key)
    if spec is None:
        return None
    if spec.symbol:
        spelled = BY_KEY[spec.alias_of]
        if spelled.writes:
            return spelled.name.rstrip("_"), "in_place"
        return spelled.key, "operator"
    if spec.writes and spec.family.endswith("_"):
        return spec.name[:-1], "in_place"
    return spec.key, op.kind

