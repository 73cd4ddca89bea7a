"""Check one program on one target against the reference and classify the outcome."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from stridecheck.reference.ops import BY_KEY
from stridecheck.strategies.batch import Batch, batchable, calls
from stridecheck.strategies.program import (
    Literal,
    Program,
    Ref,
    Step,
    encode_value,
    from_data,
    to_data,
)

from .compare import Difference, show
from .execute import StepResult, first_difference, run, shape_context
from .known import KnownDivergence, classify, diff_conditions
from .observe import FIELDS, Snapshot
from .results import DIVERGENCE, KNOWN, PASS, UNSUPPORTED
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

    def record(self, test: str, device: str, shrink: bool = False) -> dict[str, Any]:
        """Return this outcome as a results `example` record (see conformance.results)."""
        op = self.op
        spec = BY_KEY.get(op) if op else None
        return {"kind": "example", "test": test, "target": self.target.name, "device": device,
                "dtype": self.dtype, "rank": self.rank, "length": len(self.program),
                "ops": self.program.op_keys(),
                "op": op, "family": spec.family if spec else None, "status": self.status,
                "known": self.known.id if self.known else None, "shrink": shrink}

    def failure_record(self, test: str, device: str) -> dict[str, Any]:
        """Return the `failure` record: the example plus what a report and a repro need."""
        return {**self.record(test, device), "kind": "failure", "program": repr(self.program),
                "index": self.index, **replay_record(self.target, self.program, self.expected),
                "diffs": [{"tensor": d.tensor, "field": d.field, "spelling": d.spelling,
                           "actual": show(d.actual), "expected": show(d.expected),
                           "context": d.context}
                          for d in self.diffs],
                "tensors": {"expected": _layout(self.expected_live),
                            "actual": _layout(self.actual_live)},
                # what a known-divergence entry for it may require (known.DIFF_CONDITIONS)
                "conditions": list(diff_conditions(self.diffs)),
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


def complete_crash(failure: dict[str, Any]) -> dict[str, Any]:
    """Add to a crash's failure record what replaying it takes (when its target is known)."""
    target = all_targets().get(str(failure.get("target")))
    if target is None or not failure.get("steps"):
        return failure
    try:
        return {**failure, **replay_record(target, from_data(failure["steps"]))}
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


def _layout(live: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {name: {"shape": list(s.shape), "strides": list(s.strides),
                   "storage_offset": s.storage_offset, "storage": s.storage, "base": s.base}
            for name, s in live.items()}


def _input_of(expected: list[StepResult], program: Program) -> tuple[str, int]:
    """Return (dtype, rank) of the input once the steps building it are done."""
    found = ("", -1)
    name = program.steps[0].out if program.steps else None
    for step, result in zip(program.steps, expected):
        if step.out != name or name not in result.live:
            break
        snap = result.live[name]
        found = (snap.dtype, len(snap.shape))
    return found


def check(program: Program, target: Target) -> Outcome:
    """Run `program` on the reference and on `target`; return the classified outcome."""
    import stridecheck.reference as ref

    full = run(program, ref)
    dtype, rank = _input_of(full, program)
    try:
        actual = target.run(program)
    except Unsupported as exc:
        return Outcome(UNSUPPORTED, target, program, reason=str(exc), dtype=dtype, rank=rank)
    expected = target.project(program, full)
    at, diffs = first_difference(actual, expected, target.fields_for(program))
    if not diffs:
        return Outcome(PASS, target, program, dtype=dtype, rank=rank)
    shorter = expected if at < len(expected) else actual
    index = shorter[at].index if at < len(shorter) else len(program.steps) - 1
    located = None
    if 0 <= index < len(program.steps) and program.steps[index].op.kind == "call":
        # a call is many steps: the entry must be about the one where the difference starts
        found = _locate_in_call(program, target, index, diffs)
        if found is None:  # no single step of the body: only an entry for any op ("*")
            known = classify((program.steps[index].op.name,), diffs, target, frozenset())
        else:
            inlined, at_step, first, inlined_full = found
            located = inlined.steps[at_step]
            known = classify((located.op.fault_key,), first, target,
                             _step_facts(inlined, inlined_full, at_step,
                                         tuple(a.name for a in program.steps[index].op.args),
                                         since=index)
                             | _call_facts(program, index, inlined, inlined_full, at_step))
    else:
        # a program compiled whole takes its first tensor as its input
        inputs = tuple(s.out for s in program.steps[:1] if s.out is not None)
        known = classify(target.ops_at_fault(program, index), diffs, target,
                         _step_facts(program, full, index, inputs))
        if known is not None and target.sees_whole(program):
            # seen whole, the program matched an entry by any of its ops: the entry must be
            # about the step where the difference starts, found by running shorter programs
            # (the last step, where no shorter program has a step to compile)
            index, first = _first_diverging_step(program, target, full)
            known = classify((program.steps[index].op.fault_key,), first or diffs, target,
                             _step_facts(program, full, index, inputs))
    return Outcome(KNOWN if known is not None else DIVERGENCE, target, program, diffs, known,
                   index=index, expected=expected, expected_live=_live_at(expected, at),
                   actual_live=_live_at(actual, at), dtype=dtype, rank=rank, located=located)


def check_batch(programs: Sequence[Program], target: Target,
                started: Callable[[Program], None] | None = None) -> list[Outcome]:
    """Check programs on `target`, those that can together as one batch (one compile for all
    on a compiled target, see strategies.batch); return an outcome per program, in order, and
    one more for the batch where only the batch differs.

    A program runs alone (`check`) where the reference says it raises (its error would end
    the batch), where it does not batch (or the target says it should not: `Target.batches`),
    or where the batch differs in one of its tensors or steps: it is then checked with
    everything `check` does (the location of the difference, the known divergences), and
    the others run as a batch again. A difference no tensor or step names one program for (a
    joint call's error) splits the batch in halves.
    `started(program)` is told of each program or batch before the target runs it.
    """
    import stridecheck.reference as ref

    def told(program: Program) -> None:
        if started is not None:
            started(program)

    def alone(program: Program) -> Outcome:
        told(program)
        return check(program, target)

    outcomes: dict[int, Outcome] = {}
    groups: dict[int, list[int]] = {}  # programs that batch, by their number of calls
    for i, program in enumerate(programs):
        full = run(program, ref)
        if len(programs) > 1 and batchable(program) and target.batches(program) and \
                not any(r.error for r in full):
            groups.setdefault(calls(program), []).append(i)
            dtype, rank = _input_of(full, program)
            outcomes[i] = Outcome(PASS, target, program, dtype=dtype, rank=rank)
        else:
            outcomes[i] = alone(program)
    extra: list[Outcome] = []
    for indices in groups.values():
        extra += _check_together(programs, indices, target, outcomes, alone, told)
    return [outcomes[i] for i in range(len(programs))] + extra


def _check_together(programs: Sequence[Program], indices: list[int], target: Target,
                    outcomes: dict[int, Outcome], alone: Callable[[Program], Outcome],
                    told: Callable[[Program], None]) -> list[Outcome]:
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
    try:
        actual = target.run(joint, batch.watches)
    except Unsupported:
        for i in indices:
            outcomes[i] = alone(programs[i])
        return []
    expected = target.project(joint, run(joint, ref, watch=batch.watches))
    at, diffs = first_difference(actual, expected, target.fields_for(joint))
    if not diffs:
        return []
    results = expected if at < len(expected) else actual
    step = results[at].index if at < len(results) else -1
    owners = {batch.owner(d.tensor) for d in diffs if d.tensor != "<step>"}
    if any(d.tensor == "<step>" for d in diffs) and 0 <= step:
        owners.add(batch.step_owner(step))
    owners.discard(None)
    if len(owners) == 1:
        j = owners.pop()
        outcomes[indices[j]] = alone(programs[indices[j]])
        parts = [[i for i in indices if i != indices[j]]]
    else:
        parts = [indices[:len(indices) // 2], indices[len(indices) // 2:]]
    extra = [o for part in parts
             for o in _check_together(programs, part, target, outcomes, alone, told)]
    if not extra and all(outcomes[i].status == PASS for i in indices):
        extra.append(alone(joint))  # the programs differ only together
    return extra


def _first_diverging_step(program: Program, target: Target, full: list[StepResult]
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


def _locate_in_call(program: Program, target: Target, index: int, diffs: list[Difference]
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


def _call_facts(program: Program, index: int, inlined: Program,
                inlined_full: list[StepResult], at_step: int) -> frozenset[str]:
    """Return what known divergences may ask of the located step of call `index`:
    "result_unused" when the function neither returns nor reads what the step binds,
    "noop_alias" when what it binds has its subject's storage, geometry and dtype
    (detach(), say), "new_input_overlap" when the call passes two distinct tensors sharing a
    storage and no earlier call of the function did, "lost_input_overlap" when an earlier
    call did and this one does not, "input_overlap" when the call passes two distinct
    tensors sharing a storage, "subject_written_in_call" when an earlier step of the
    body wrote its subject in place or as out=, "subject_storage_written_in_call" when an
    earlier step of the body wrote a tensor on its subject's storage."""
    call = program.steps[index]
    fn = program.function(call.op.name)
    k = at_step - index
    step, own = inlined.steps[at_step], fn.body[k]
    facts = set()
    later = {n for s in fn.body[k + 1:] for n in (s.src, *s.op.refs())}
    if own.out is not None and not any(
            n == own.out or n.startswith(f"{own.out}[") for n in (*fn.returns, *later)):
        facts.add("result_unused")
    overlaps = _overlapping_args(program, index, inlined_full)
    before_calls = [_overlapping_args(program, i, inlined_full) for i in range(index)
                    if program.steps[i].op.kind == "call" and program.steps[i].op.name == fn.name]
    if overlaps:
        facts.add("input_overlap")
    if overlaps and before_calls and not any(before_calls):
        facts.add("new_input_overlap")
    if not overlaps and any(before_calls):
        facts.add("lost_input_overlap")
    if own.src is not None and any(_written(s) == own.src for s in fn.body[:k]):
        facts.add("subject_written_in_call")
    before = _live_at([r for r in inlined_full if r.index < at_step], at_step)
    after = _live_at([r for r in inlined_full if r.index <= at_step], at_step)
    if step.out in after and step.src in before and all(
            getattr(after[step.out], f) == getattr(before[step.src], f)
            for f in ("storage", "shape", "strides", "storage_offset", "dtype")):
        facts.add("noop_alias")
    written = {_written(s) for s in inlined.steps[index:at_step]}
    if step.src in before and any(w in before and before[w].storage == before[step.src].storage
                                  for w in written):
        facts.add("subject_storage_written_in_call")
    return frozenset(facts)


def _written(step: Step) -> str | None:
    """Return the name of the tensor a step writes: its out= tensor, or its subject for an
    in-place op (None when it writes nothing)."""
    out = dict(step.op.kwargs).get("out")
    if isinstance(out, Ref):
        return out.name
    spec = BY_KEY.get(step.op.key)
    return step.src if spec is not None and spec.writes else None


def _overlapping_args(program: Program, index: int, results: list[StepResult]) -> bool:
    """Tell whether call step `index` passes two distinct tensors sharing a storage."""
    live = _live_at([r for r in results if r.index < index], index)
    args = [a.name for a in program.steps[index].op.args if a.name in live]
    return any(live[a].storage == live[b].storage and a != b and
               live[b].identity != a and live[a].identity != b
               for i, a in enumerate(args) for b in args[i + 1:])


# views sized by another tensor's sizes (symbolic ones, under dynamic shapes)
_SIZED_AS = ("view_as", "reshape_as", "expand_as")


def _step_facts(program: Program, expected: list[StepResult], index: int,
                inputs: tuple[str, ...] = (), since: int = 0) -> frozenset[str]:
    """Return what known divergences may ask of step `index`: "mixed_rank" when its tensor
    operands (subject, live tensors and literals it reads) have different ranks,
    "tensor_index" when it indexes with a tensor (x[tensor], x[None, tensor] = v),
    "after_metadata_mutation" when an earlier step changed a tensor's geometry or storage in
    place (squeeze_, as_strided_, resize_, set_), "subject_is_inplace_result" when its subject
    was bound to an earlier in-place op's result (one object under two names, or x += 1,
    which binds x to what x.__iadd__ returns), "meta_literal" when it writes out a tensor on
    meta (torch.tensor([0], device='meta')), "subject_0d_float64" when its subject is a 0-d
    float64 tensor, "subject_gapped_unfold" when its subject is x.unfold(dim, size, step)
    with step > size (windows with gaps between them), "after_dtype_view_write" when an
    earlier step wrote (in place or as out=) to a view(dtype) of another tensor,
    "written_has_alias_as" when the tensor it writes (in place or as out=) has a live
    view_as, reshape_as or expand_as of itself made before, "returns_input_alias" when it
    returns a tensor already live (an in-place op its self, an out= op its out tensor, x.real
    of a real x) that shares storage with one of `inputs` (the tensors a compiled function
    takes) and is not that input, or is an input passed twice or sharing its storage with
    another input.

    "after_metadata_mutation" looks at the steps from `since` on: a call's located step is
    in a graph of its own, which a change made before the call (the probe's t_() of what an
    earlier call returned, say) does not reach as a mutation inside it."""
    if not 0 <= index < len(program.steps):
        return frozenset()
    step = program.steps[index]
    before: dict[str, Any] = {}
    for r in expected:
        if r.index >= index:
            break
        if r.error is None:
            before = r.live
    ranks = {len(before[n].shape) for n in (step.src, *step.op.refs()) if n in before}
    ranks |= {lit.ndim for lit in step.op.literals()}
    facts = {"mixed_rank"} if len(ranks) > 1 else set()
    if any(BY_KEY[s.op.key].family in ("metadata_", "storage")
           for s in program.steps[since:index] if s.src is not None and s.op.key in BY_KEY):
        facts.add("after_metadata_mutation")
    if step.src in before:
        one = before[step.src].identity or step.src  # the first name of the subject's object
        if sum(1 for n, snap in before.items() if (snap.identity or n) == one) > 1 or any(
                s.src == step.src and s.op.kind == "operator" and s.op.statement
                for s in program.steps[:index]):
            facts.add("subject_is_inplace_result")
    after = next((r.live for r in expected if r.index == index and r.error is None), {})
    same = after[step.out].identity if step.out in after else None
    if same in before:
        shared = [n for n in inputs if n in before and
                  before[n].storage == before[same].storage]
        if shared and (same not in inputs or inputs.count(same) > 1 or len(set(shared)) > 1):
            facts.add("returns_input_alias")
    if any(lit.device == "meta" for lit in step.op.literals()):
        facts.add("meta_literal")
    dtype_views = {s.out for s in program.steps[:index] if s.op.key == "view.dtype"}
    if any(_written(s) in dtype_views for s in program.steps[:index]):
        facts.add("after_dtype_view_write")
    made = next((s for s in reversed(program.steps[:index]) if s.out == step.src), None)
    if made is not None and made.op.name == "unfold" and len(made.op.args) == 3 and \
            made.op.args[2] > made.op.args[1]:
        facts.add("subject_gapped_unfold")
    if step.src in before and before[step.src].shape == () and \
            before[step.src].dtype == "float64":
        facts.add("subject_0d_float64")
    if step.op.kind in ("getitem", "setitem"):
        key = step.op.args[0]
        if any(isinstance(i, (Ref, Literal)) for i in (key if isinstance(key, tuple) else (key,))):
            facts.add("tensor_index")
    written = _written(step)
    bound = {s.out: j for j, s in enumerate(program.steps[:index])}  # each name's last binding
    if written is not None and any(
            s.op.name in _SIZED_AS and s.src == written and s.out in before and
            bound[s.out] == j and bound.get(written, -1) < j
            for j, s in enumerate(program.steps[:index])):
        facts.add("written_has_alias_as")
    return frozenset(facts)


def reproduce(entry: KnownDivergence) -> Outcome:
    """Run a known divergence's repro on the first target its pattern names."""
    return check(entry.program, first_answering(entry.target))


def _live_at(results: list[StepResult], index: int) -> dict[str, Any]:
    """Return the live tensors after step `index`, or before it when that step raised."""
    for r in reversed(results[: index + 1]):
        if r.error is None:
            return r.live
    return {}
