"""Batches: several function programs run as one program, so that a compiled target
compiles once for all of them.

The batch's program runs every program's steps up to its first call, then one call of a
function whose body is each program's body in turn, on parameters of its own, returning what
each returns, one after the other; then every program's steps up to its next call, and so on.
Each program's names are prefixed with its position (`p1_a`, `p1_t2`), and what a program
reads of its call's results (`out[1]`) is read from the joint call's (`out[4]`). The programs
stay independent: no tensor of one reaches another. What differs in the batch is owned by
the program whose tensor or step shows it (`Batch.owner`).

Programs batch when they call one function the same number of times and read its results
only element by element (`batchable`); the batch is data like any program, so every target
runs it as it runs one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, partial

from .program import Function, Op, Program, Ref, Step, renamed

_INDEXED = re.compile(r"(.+)\[(\d+)\]$")


def batchable(program: Program) -> bool:
    """Tell whether `program` can run in a batch: it has one function, calls it at least
    once, and reads what a call returns only as its elements (`out[0]`)."""
    if len(program.functions) != 1:
        return False
    calls = {s.out for s in program.steps if s.op.kind == "call"}
    if not calls or None in calls:
        return False
    for s in program.steps:
        names = (s.src or "", *s.op.refs())
        if any(n in calls for n in names):
            return False
    return True


def calls(program: Program) -> int:
    """Return how many times `program` calls a function of its own."""
    return sum(s.op.kind == "call" for s in program.steps)


def compatible(programs: tuple[Program, ...]) -> bool:
    """Tell whether the programs can run as one batch: each batchable, all calling their
    function the same number of times."""
    return bool(programs) and all(batchable(p) for p in programs) and \
        len({calls(p) for p in programs}) == 1


@dataclass(frozen=True)
class Batch:
    """Programs run as one (see the module's doc); `compatible(programs)` must hold."""

    programs: tuple[Program, ...]

    @cached_property
    def offsets(self) -> tuple[int, ...]:
        """Return, per program, where its results start in each joint call's."""
        out, total = [], 0
        for p in self.programs:
            out.append(total)
            total += len(p.functions[0].returns)
        return tuple(out)

    @cached_property
    def program(self) -> Program:
        """Return the batch as one program."""
        return self._built[0]

    @cached_property
    def _built(self) -> tuple[Program, dict[str, int], list[int | None]]:
        """Return the batch's program, the program owning each tensor name it binds (each
        element of a joint call's result too), and each step's owner (None: a joint call)."""
        if not compatible(self.programs):
            raise ValueError("the programs do not batch: see strategies.batch.compatible")
        fn = self.programs[0].functions[0]
        params: list[str] = []
        body: list[Step] = []
        returns: list[str] = []
        for j, p in enumerate(self.programs):
            f = p.functions[0]
            params += [_prefixed(j, n) for n in f.params]
            body += [renamed(s, partial(_prefixed, j)) for s in f.body]
            returns += [_prefixed(j, n) for n in f.returns]
        owners: dict[str, int] = {}
        steps: list[Step] = []
        step_owners: list[int | None] = []
        segments = [_segments(p) for p in self.programs]
        outs = [_call_outs(p) for p in self.programs]
        for c in range(len(segments[0])):
            for j in range(len(self.programs)):
                for s in segments[j][c][0]:
                    step = renamed(s, partial(self._outer, j, outs=outs[j]))
                    steps.append(step)
                    step_owners.append(j)
                    if step.out is not None:
                        owners[step.out] = j
            joint_calls = [segments[j][c][1] for j in range(len(self.programs))]
            if joint_calls[0] is None:
                continue
            args = tuple(Ref(self._outer(j, a.name, outs=outs[j]))
                         for j, call in enumerate(joint_calls)
                         for a in call.op.args)  # type: ignore[union-attr]
            out = _joint_out(c)
            steps.append(Step(out, None, Op(fn.name, args, kind="call")))
            step_owners.append(None)
            for j, p in enumerate(self.programs):
                for k in range(len(p.functions[0].returns)):
                    owners[f"{out}[{self.offsets[j] + k}]"] = j
        joint = Function(fn.name, tuple(params), tuple(body), tuple(returns))
        return Program(tuple(steps), (joint,)), owners, step_owners

    def name(self, j: int, name: str) -> str:
        """Return the name program j's tensor `name` (outside its function) has in the
        batch's program."""
        return self._outer(j, name, outs=_call_outs(self.programs[j]))

    def _outer(self, j: int, name: str, *, outs: dict[str, int]) -> str:
        found = _INDEXED.match(name)
        if found and found.group(1) in outs:
            return f"{_joint_out(outs[found.group(1)])}[{self.offsets[j] + int(found.group(2))}]"
        return _prefixed(j, name)

    def owner(self, name: str) -> int | None:
        """Return the position of the program a tensor name of the batch's belongs to (the
        elements of a tuple one of its steps binds are its too)."""
        owners = self._built[1]
        found = owners.get(name)
        if found is None and name.endswith("]"):
            found = owners.get(name.split("[")[0])
        return found

    def watches(self, index: int, name: str) -> bool:
        """Tell whether a run of the batch observes tensor `name` after step `index`: after a
        program's own step only that program's tensors (no other's can change), after a joint
        call and the last step every tensor."""
        owner = self._built[2][index]
        return owner is None or index == len(self._built[2]) - 1 or self.owner(name) == owner

    def step_owner(self, index: int) -> int | None:
        """Return the position of the program step `index` of the batch's program belongs
        to (None for a joint call)."""
        return self._built[2][index]


def _joint_out(call: int) -> str:
    return f"out{call}" if call else "out"


def _prefixed(j: int, name: str) -> str:
    return f"p{j}_{name}"


def _call_outs(program: Program) -> dict[str, int]:
    """Return each call's result name with the call's position among the calls."""
    return {s.out: c for c, s in enumerate(s for s in program.steps if s.op.kind == "call")
            if s.out is not None}


def _segments(program: Program) -> list[tuple[list[Step], Step | None]]:
    """Split the steps at the calls: [(steps before call 1, call 1), ..., (the rest, None)]."""
    out: list[tuple[list[Step], Step | None]] = []
    current: list[Step] = []
    for s in program.steps:
        if s.op.kind == "call":
            out.append((current, s))
            current = []
        else:
            current.append(s)
    out.append((current, None))
    return out
