"""The conditions a known-divergence entry may put on a divergence: a small rule language.

An entry's `when` is a TOML table of predicates, all of which must hold:

    when = { subject.dtype = "float64", subject.dim = 0 }
    when = { error.raised = "target", history.metadata_mutated = true }

Each predicate looks at one part of where the divergence was found (a `Site`): the diverging
step's subject, operands and result, the program before it (history), for a step inside a
compiled function's call the call and its inputs, the tensor the step writes, and the
differences themselves (diff, error). A flag predicate takes `true` (the fact must hold) or
`false` (it must not); the others take a value or a list of values, any of which will do.

This module is the one place the predicates are written; conformance.when reads a `when`
table (and earlier files' forms) into them. Their docstrings are the documentation:
`docs/known-divergences.md` and the header of `known_divergences.toml` are generated from them
by `python -m stridecheck.conformance.conditions_docs`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from stridecheck.reference.cells import LAYOUT_NAMES
from stridecheck.reference.geometry import Geometry
from stridecheck.reference.layouts import suggest_format
from stridecheck.reference.ops import BY_KEY
from stridecheck.strategies.program import Literal, Program, Ref, Step

from .compare import Difference
from .coverage import snapshot_layout
from .execute import StepResult, live_at
from .observe import FIELDS
from .targets import split_input

# what a difference may be in: a snapshot field, an exception, a tensor that is missing, or
# a program that ran another number of steps (compare, execute)
DIFF_FIELDS = (*FIELDS, "exception", "exists", "steps")


@dataclass(frozen=True)
class CallSite:
    """The call of a compiled function whose body holds the diverging step."""

    program: Program  # the program with the call, not inlined
    index: int  # the call step's index in it


@dataclass
class Site:
    """Where a divergence was found: step `index` of `program`, with the reference's run.

    For a step located inside a call, `program` is the program with that call inlined,
    `call` says which call, `inputs` are the names the call passes and `since` is the call's
    index (its body runs as a graph of its own, which earlier steps do not reach). For a
    program compiled whole, `inputs` is its first tensor.
    """

    program: Program
    results: list[StepResult]
    index: int
    inputs: tuple[str, ...] = ()
    since: int = 0
    call: CallSite | None = None

    @cached_property
    def step(self) -> Step | None:
        return self.program.steps[self.index] if 0 <= self.index < len(self.program.steps) \
            else None

    @cached_property
    def before(self) -> dict[str, Any]:
        """Return the live tensors before the step (after the last step that ran through)."""
        live: dict[str, Any] = {}
        for r in self.results:
            if r.index >= self.index:
                break
            if r.error is None:
                live = r.live
        return live

    @cached_property
    def after(self) -> dict[str, Any]:
        """Return the live tensors after the step ({} when it raised)."""
        return next((r.live for r in self.results if r.index == self.index and r.error is None),
                    {})

    @cached_property
    def subject(self) -> Any:
        """Return the snapshot of the step's subject before it (None without one)."""
        step = self.step
        return self.before.get(step.src) if step is not None and step.src else None


# -- the predicates ---------------------------------------------------------------------------

Check = Callable[[Site | None, list[Difference], Any], bool]


@dataclass(frozen=True)
class Predicate:
    """One condition: its name (`group.name`), what it takes, its test and an example."""

    name: str
    takes: str  # "flag", "text", "texts", "int", "fields" or "choice" (one of `choices`)
    check: Check
    doc: str
    example: Any
    choices: tuple[str, ...] = ()
    # it reads the step (not the differences alone): it never holds without a site
    needs_site: bool = True

    @property
    def group(self) -> str:
        return self.name.split(".")[0]

    def holds(self, site: Site | None, diffs: list[Difference], value: Any) -> bool:
        if self.needs_site and (site is None or site.step is None):
            return False
        return self.check(site, diffs, value)

    def invalid(self, value: Any) -> str:
        """Return why `value` cannot be this predicate's parameter ("" when it can)."""
        ok = {"flag": isinstance(value, bool),
              "text": isinstance(value, str),
              "texts": _strings(value) and (
                  not self.choices or all(v in self.choices for v in listed(value))),
              "int": _ints(value),
              "fields": _strings(value) and all(f in DIFF_FIELDS for f in listed(value)),
              "choice": isinstance(value, str) and value in self.choices}[self.takes]
        if ok:
            return ""
        return f"{self.name} takes {self.describe_takes()}, not {value!r}"

    def describe_takes(self) -> str:
        return {"flag": "true or false", "text": "a text",
                "texts": "a text or a list of texts (any of them)" + (
                    f" among {', '.join(self.choices)}" if self.choices else ""),
                "int": "an integer or a list of integers (any of them)",
                "fields": f"a field or a list of fields ({', '.join(DIFF_FIELDS)})",
                "choice": " or ".join(f'"{c}"' for c in self.choices)}[self.takes]


PREDICATES: dict[str, Predicate] = {}
# what each group of predicates looks at
GROUP_DOCS = {
    "diff": "the differences alone (they need no program: `stridecheck baseline` writes them)",
    "error": "the exceptions of the two sides, where the first difference is an exception",
    "subject": "the tensor the diverging step is called on, as it was before the step",
    "operands": "what the step reads besides its subject",
    "written": "the tensor the step writes: its out= tensor, or its subject when in place",
    "result": "what the step binds",
    "history": "the steps of the program before the diverging one",
    "inputs": "what the call of a compiled function passes (steps inside a call only)",
}


def _register(name: str, takes: str, example: Any, choices: tuple[str, ...] = (),
              needs_site: bool = True) -> Callable[[Check], Check]:
    def add(check: Check) -> Check:
        doc = " ".join((check.__doc__ or "").split())
        assert doc, f"predicate {name} needs a docstring: it is its documentation"
        PREDICATES[name] = Predicate(name, takes, check, doc, example, choices, needs_site)
        return check
    return add


def fact(name: str, needs_site: bool = True) -> Callable[[Callable[..., bool]], Check]:
    """Register a flag predicate: `fn(site, diffs)` tells whether the fact holds."""
    def add(fn: Callable[..., bool]) -> Check:
        def check(site: Site | None, diffs: list[Difference], value: Any) -> bool:
            return fn(site, diffs) is value
        check.__doc__ = fn.__doc__
        return _register(name, "flag", True, needs_site=needs_site)(check)
    return add


def listed(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list) else [value]


def _strings(value: Any) -> bool:
    return all(isinstance(v, str) for v in listed(value)) and listed(value) != []


def _ints(value: Any) -> bool:
    return all(isinstance(v, int) and not isinstance(v, bool) for v in listed(value)) and \
        listed(value) != []


# -- diff: the differences alone

@fact("diff.empty", needs_site=False)
def _empty(site: Site | None, diffs: list[Difference]) -> bool:
    """Every tensor that differs has no elements."""
    return all(0 in d.shape for d in diffs)


@fact("diff.size1_only", needs_site=False)
def _size1_only(site: Site | None, diffs: list[Difference]) -> bool:
    """Strides (and contiguity) differ only where a stride cannot matter: on dims of size 1,
    or on any dim of a tensor with no elements."""
    # a spelling that disagrees with its own field's agreed value is never trivial; but
    # x.is_set_to(y) compares strides exactly, so a tensor whose strides differ only
    # trivially may answer it otherwise
    restrided = {d.tensor for d in diffs if d.field == "strides"}
    return all((d.field in ("strides", "contiguity") and not d.spelling
                and _only_trivial_strides(d)) or
               (d.spelling.startswith("is_set_to(") and d.tensor in restrided)
               for d in diffs)


def _only_trivial_strides(d: Difference) -> bool:
    if d.field == "contiguity" or 0 in d.shape:
        return True
    return all(a == e or n == 1 for a, e, n in zip(d.actual, d.expected, d.shape))


@fact("diff.storage_smaller", needs_site=False)
def _storage_smaller(site: Site | None, diffs: list[Difference]) -> bool:
    """Only `untyped_storage().nbytes()` differs, smaller on the target."""
    return all(d.field == "storage" and d.spelling == "untyped_storage().nbytes()"
               and d.actual < d.expected for d in diffs)


@_register("diff.includes", "fields", "storage_offset", needs_site=False)
def _includes(site: Site | None, diffs: list[Difference], value: Any) -> bool:
    """One of these fields is among the differences (the first differing field is the
    entry's `fields`)."""
    return any(d.field in listed(value) for d in diffs)


# -- error: the exceptions of the two sides

def _raised(diffs: list[Difference]) -> str:
    """Return who raised at the step: "eager", "target", "both" or "" (no exception differs)."""
    first = diffs[0]
    if first.field != "exception":
        return ""
    target, eager = (value not in (None, "None") for value in (first.actual, first.expected))
    return "both" if target and eager else "target" if target else "eager" if eager else ""


@_register("error.raised", "choice", "target", choices=("eager", "target", "both"),
           needs_site=False)
def _error_raised(site: Site | None, diffs: list[Difference], value: Any) -> bool:
    """Who raised at the step: "eager" (the reference, that is torch eager, raised and the
    target ran the step through), "target" (the target raised where eager ran it) or "both"
    (both raised, with other exceptions)."""
    return _raised(diffs) == value


@_register("error.eager", "texts", "out of bounds", needs_site=False)
def _error_eager(site: Site | None, diffs: list[Difference], value: Any) -> bool:
    """Eager's exception (the reference's side) contains one of these texts: ties an entry to
    the errors of eager's it is about (an op family's own wordings of one check)."""
    return diffs[0].field == "exception" and any(t in str(diffs[0].expected)
                                                 for t in listed(value))


@_register("error.target", "texts", ["is invalid for input of size"], needs_site=False)
def _error_target(site: Site | None, diffs: list[Difference], value: Any) -> bool:
    """The target's exception contains one of these texts: ties an entry about a target
    refusing a step to the errors it refuses with."""
    return diffs[0].field == "exception" and any(t in str(diffs[0].actual)
                                                 for t in listed(value))


# -- subject: the tensor the step is called on, as it was before the step

@_register("subject.dtype", "texts", "float64")
def _subject_dtype(site: Site | None, diffs: list[Difference], value: Any) -> bool:
    """The step's subject has one of these dtypes (torch's names without `torch.`)."""
    assert site is not None
    return site.subject is not None and site.subject.dtype in listed(value)


@_register("subject.dim", "int", 0)
def _subject_dim(site: Site | None, diffs: list[Difference], value: Any) -> bool:
    """The step's subject has one of these numbers of dims."""
    assert site is not None
    return site.subject is not None and len(site.subject.shape) in listed(value)


@fact("subject.cpu")
def _subject_cpu(site: Site, diffs: list[Difference]) -> bool:
    """The step's subject is a CPU tensor, what some ATen fast paths test (resize_output's
    is_cpu()): false on CUDA, a PrivateUse1 device or meta."""
    return site.subject is not None and str(site.subject.device).split(":")[0] == "cpu"


@fact("subject.inplace_result")
def _inplace_result(site: Site, diffs: list[Difference]) -> bool:
    """The step's subject was bound to an earlier in-place op's result: one object under two
    names (`y = x.add_(1)`), or `x += 1`, which binds x to what `x.__iadd__` returns."""
    step = site.step
    assert step is not None
    if site.subject is None:
        return False
    one = site.subject.identity or step.src  # the first name of the subject's object
    return sum(1 for n, snap in site.before.items() if (snap.identity or n) == one) > 1 or any(
        s.src == step.src and s.op.kind == "operator" and s.op.statement
        for s in site.program.steps[:site.index])


@fact("subject.gapped_unfold")
def _gapped_unfold(site: Site, diffs: list[Difference]) -> bool:
    """The step's subject is `x.unfold(dim, size, step)` with step > size (windows with gaps
    between them)."""
    assert site.step is not None
    made = next((s for s in reversed(site.program.steps[:site.index])
                 if s.out == site.step.src), None)
    return made is not None and made.op.name == "unfold" and len(made.op.args) == 3 and \
        made.op.args[2] > made.op.args[1]


@fact("subject.written_in_call")
def _written_in_call(site: Site, diffs: list[Difference]) -> bool:
    """Inside a compiled function's call: an earlier step of the body wrote the step's
    subject in place or as out=."""
    if site.call is None:
        return False
    fn, k = _body(site)
    own = fn.body[k]
    return own.src is not None and any(written(s) == own.src for s in fn.body[:k])


def _storage_writers(site: Site) -> list[Step]:
    """The steps of the body (a compiled function's call, or a program compiled whole after the
    steps building its input) before the site's that wrote a tensor on its subject's storage."""
    if site.subject is None or (site.call is None and not site.inputs):
        return []
    start = site.call.index if site.call is not None else len(split_input(site.program)[0])
    storage = site.subject.storage
    return [s for s in site.program.steps[start:site.index]
            if (w := written(s)) is not None and w in site.before
            and site.before[w].storage == storage]


@fact("subject.storage_written_in_call")
def _storage_written_in_call(site: Site, diffs: list[Difference]) -> bool:
    """Inside a compiled function's call, or the body of a program compiled whole (the
    steps after those building its input): an earlier step of the body wrote a tensor on
    the step's subject's storage."""
    return bool(_storage_writers(site))


@_register("subject.storage_written_by", "texts", "index_fill_")
def _storage_written_by(site: Site | None, diffs: list[Difference], value: Any) -> bool:
    """Inside a compiled function's call, or the body of a program compiled whole: an earlier
    step of the body wrote a tensor on the step's subject's storage with one of these ops
    (catalogue keys: `index_fill_`, `index_add_`), in place or as out=."""
    assert site is not None
    return any(s.op.key in listed(value) for s in _storage_writers(site))


# -- operands: what the step reads besides its subject

@fact("operands.mixed_rank")
def _mixed_rank(site: Site, diffs: list[Difference]) -> bool:
    """The step's tensor operands (subject, live tensors and literals it reads) have
    different numbers of dims."""
    step = site.step
    assert step is not None
    ranks = {len(site.before[n].shape) for n in (step.src, *step.op.refs()) if n in site.before}
    ranks |= {lit.ndim for lit in step.op.literals()}
    return len(ranks) > 1


@fact("operands.tensor_index")
def _tensor_index(site: Site, diffs: list[Difference]) -> bool:
    """The step indexes with a tensor (`x[i]`, `x[None, i] = v` with a tensor `i`)."""
    step = site.step
    assert step is not None
    if step.op.kind not in ("getitem", "setitem"):
        return False
    key = step.op.args[0]
    return any(isinstance(i, (Ref, Literal)) for i in (key if isinstance(key, tuple) else (key,)))


@_register("operands.layout", "texts", "expanded", choices=LAYOUT_NAMES)
def _operands_layout(site: Site | None, diffs: list[Difference], value: Any) -> bool:
    """One of the step's tensor operands (its subject or a live tensor it reads, out= aside)
    is in one of these layout classes of the layout matrix (reference/cells.py: contiguous,
    permuted, transposed, channels_last, channels_last_3d, expanded, gapped, offset,
    overlapping, size1_strides, zero_dim, empty, conj, neg)."""
    assert site is not None and site.step is not None
    step = site.step
    out = dict(step.op.kwargs).get("out")
    names = [n for n in (step.src, *step.op.refs())
             if n in site.before and not (isinstance(out, Ref) and n == out.name)]
    return any(snapshot_layout(site.before[n]) in listed(value) for n in names)


@fact("operands.orders_differ")
def _orders_differ(site: Site, diffs: list[Difference]) -> bool:
    """The step's tensor operands (its subject and the live tensors it reads, out= aside),
    broadcast to one shape, do not lie in memory in one order: they rank the dims of size
    above 1 by stride otherwise (ties included), or broadcast other ones (stride 0). One
    TensorIterator weighs all operands at once; an op computed as several ops, some over one
    operand alone, can take its layout from that operand."""
    step = site.step
    assert step is not None
    out = dict(step.op.kwargs).get("out")
    snaps = [site.before[n] for n in dict.fromkeys((step.src, *step.op.refs()))
             if n in site.before and not (isinstance(out, Ref) and n == out.name)]
    if len(snaps) < 2:
        return False
    ndim = max(len(s.shape) for s in snaps)
    padded = [((1,) * (ndim - len(s.shape)) + tuple(s.shape),
               (0,) * (ndim - len(s.shape)) + tuple(s.strides)) for s in snaps]
    shape = tuple(next((n for n in sizes if n != 1), 1) for sizes in zip(*(p[0] for p in padded)))
    return len({_stride_ranks(*p, shape) for p in padded}) > 1


def _stride_ranks(shape: tuple[int, ...], strides: tuple[int, ...],
                  full: tuple[int, ...]) -> tuple[int | None, ...]:
    """Return, for each dim of size above 1 in `full`, the rank of the operand's stride among
    its nonzero ones (None where it broadcasts the dim or its stride is 0)."""
    kept = [0 if n != m else s for n, s, m in zip(shape, strides, full) if m > 1]
    ranks = sorted({s for s in kept if s})
    return tuple(ranks.index(s) if s else None for s in kept)


@fact("operands.out_shares_storage")
def _out_shares_storage(site: Site, diffs: list[Difference]) -> bool:
    """The step's out= tensor shares storage with a tensor the step reads (its subject or
    another operand), even with no element in common (an empty out= viewing the input)."""
    step = site.step
    assert step is not None
    out = dict(step.op.kwargs).get("out")
    if not isinstance(out, Ref) or out.name not in site.before:
        return False
    storage = site.before[out.name].storage
    return any(site.before[n].storage == storage for n in (step.src, *step.op.refs())
               if n != out.name and n in site.before)


@_register("operands.literal_device", "texts", "meta")
def _literal_device(site: Site | None, diffs: list[Difference], value: Any) -> bool:
    """The step reads a tensor written out in the program (`torch.tensor([0], device=...)`)
    on one of these devices."""
    assert site is not None and site.step is not None
    return any(lit.device in listed(value) for lit in site.step.op.literals())


# -- written: the tensor the step writes (its out= tensor, or its subject when in place)

def _live_derivations(site: Site, ops: Any) -> list[tuple[str, str]]:
    """(source, result) names of the earlier steps `result = source.op(...)` with op among
    `ops`, where both names still hold what they held then."""
    steps = site.program.steps[:site.index]
    bound = {s.out: j for j, s in enumerate(steps)}  # each name's last binding
    return [(s.src, s.out) for j, s in enumerate(steps)
            if s.op.name in listed(ops) and s.src is not None and s.out is not None
            and s.src in site.before and s.out in site.before
            and bound[s.out] == j and bound.get(s.src, -1) < j]


@_register("written.has_alias", "texts", ["view_as", "reshape_as", "expand_as"])
def _written_has_alias(site: Site | None, diffs: list[Difference], value: Any) -> bool:
    """The tensor the step writes has a live alias of itself made by one of these ops
    (`v = x.view_as(x)` before `x.fill_(1)`): the alias's name still holds it and the written
    name still holds the tensor it was taken of."""
    assert site is not None and site.step is not None
    target = written(site.step)
    return target is not None and any(src == target for src, _ in _live_derivations(site, value))


@_register("written.made_by", "texts", ["view_as", "reshape_as", "expand_as"])
def _written_made_by(site: Site | None, diffs: list[Difference], value: Any) -> bool:
    """The tensor the step writes was made by one of these ops of a tensor still live
    (`v = x.view_as(x)` before `torch.add(a, b, out=v)`): both names still hold what they held
    then (written.has_alias is the other way round)."""
    assert site is not None and site.step is not None
    target = written(site.step)
    return target is not None and any(out == target for _, out in _live_derivations(site, value))


@fact("written.inplace_result")
def _written_inplace_result(site: Site, diffs: list[Difference]) -> bool:
    """The tensor the step writes is one object under two live names: bound to an earlier
    in-place op's result too (`y = x.neg_()` before `torch.neg(a, out=x)`)."""
    assert site.step is not None
    target = written(site.step)
    if target is None or target not in site.before:
        return False
    one = site.before[target].identity or target  # the first name of the written object
    return sum(1 for n, snap in site.before.items() if (snap.identity or n) == one) > 1


# -- result: what the step binds

@fact("result.input_alias")
def _input_alias(site: Site, diffs: list[Difference]) -> bool:
    """The step returns a tensor already live (an in-place op its self, an out= op its out
    tensor, `x.real` of a real x) that shares storage with a compiled function's input and
    is not that input, or is an input passed twice or sharing its storage with another."""
    assert site.step is not None
    same = site.after[site.step.out].identity if site.step.out in site.after else None
    if same not in site.before:
        return False
    shared = [n for n in site.inputs if n in site.before and
              site.before[n].storage == site.before[same].storage]
    return bool(shared) and (same not in site.inputs or site.inputs.count(same) > 1 or
                             len(set(shared)) > 1)


@fact("result.unused")
def _unused(site: Site, diffs: list[Difference]) -> bool:
    """Inside a compiled function's call: nothing after the step in the body reads what it
    binds, and the function does not return it."""
    if site.call is None:
        return False
    fn, k = _body(site)
    own = fn.body[k]
    later = {n for s in fn.body[k + 1:] for n in (s.src, *s.op.refs())}
    return own.out is not None and not any(
        n == own.out or n.startswith(f"{own.out}[") for n in (*fn.returns, *later))


@fact("result.noop_alias")
def _noop_alias(site: Site, diffs: list[Difference]) -> bool:
    """Inside a compiled function's call: what the step binds has its subject's storage,
    shape, strides, offset and dtype (`detach()`, `view_as` of itself)."""
    step = site.step
    assert step is not None
    # where the step raised, the tensors live before it (a name it would have rebound)
    after = live_at([r for r in site.results if r.index <= site.index], site.index)
    if site.call is None or step.out not in after or site.subject is None:
        return False
    return all(getattr(after[step.out], f) == getattr(site.subject, f)
               for f in ("storage", "shape", "strides", "storage_offset", "dtype"))


_FORMATS = ("contiguous_format", "channels_last", "channels_last_3d")


@_register("result.format", "texts", "channels_last", choices=_FORMATS)
def _result_format(site: Site | None, diffs: list[Difference], value: Any) -> bool:
    """What the step binds is, on the reference's side (torch eager's result), laid out in
    one of these memory formats, as `suggest_memory_format` reads its strides:
    contiguous_format, channels_last (4-d), channels_last_3d (5-d)."""
    assert site is not None and site.step is not None
    made = site.after.get(site.step.out) if site.step.out else None
    if made is None:
        return False
    g = Geometry((tuple(made.shape), tuple(made.strides), 0))
    return suggest_format(g).name in listed(value)


# -- history: the steps before it

@fact("history.metadata_mutated")
def _metadata_mutated(site: Site, diffs: list[Difference]) -> bool:
    """An earlier step changed a tensor's geometry or storage in place (`squeeze_`,
    `as_strided_`, `resize_`, `set_`); inside a call, an earlier step of its body."""
    return any(s.src is not None and s.op.key in BY_KEY and BY_KEY[s.op.key].mutates_metadata
               for s in site.program.steps[site.since:site.index])


@fact("history.dtype_view_written")
def _dtype_view_written(site: Site, diffs: list[Difference]) -> bool:
    """An earlier step wrote (in place or as out=) to a `view(dtype)` of another tensor."""
    steps = site.program.steps[:site.index]
    dtype_views = {s.out for s in steps if s.op.key == "view.dtype"}
    return any(written(s) in dtype_views for s in steps)


# -- inputs: what the call passes

@_register("inputs.overlap", "choice", "new", choices=("any", "new", "lost"))
def _inputs_overlap(site: Site | None, diffs: list[Difference], value: Any) -> bool:
    """Inside a compiled function's call: "any" when the call passes two distinct tensors
    sharing a storage, "new" when it does and no earlier call of the function did, "lost"
    when an earlier call did and this one does not."""
    assert site is not None
    if site.call is None:
        return False
    outer, index = site.call.program, site.call.index
    name = outer.steps[index].op.name
    now = _overlapping_args(outer, index, site.results)
    earlier = [_overlapping_args(outer, i, site.results) for i in range(index)
               if outer.steps[i].op.kind == "call" and outer.steps[i].op.name == name]
    return {"any": now, "new": now and bool(earlier) and not any(earlier),
            "lost": not now and any(earlier)}[value]


def _overlapping_args(program: Program, index: int, results: list[StepResult]) -> bool:
    """Tell whether call step `index` passes two distinct tensors sharing a storage."""
    live = live_at([r for r in results if r.index < index], index)
    args = [a.name for a in program.steps[index].op.args if a.name in live]
    return any(live[a].storage == live[b].storage and a != b and
               live[b].identity != a and live[a].identity != b
               for i, a in enumerate(args) for b in args[i + 1:])


def _body(site: Site) -> tuple[Any, int]:
    """Return the called function and the index of the site's step in its body."""
    assert site.call is not None
    call = site.call.program.steps[site.call.index]
    return site.call.program.function(call.op.name), site.index - site.call.index


def written(step: Step) -> str | None:
    """Return the name of the tensor a step writes: its out= tensor, or its subject for an
    in-place op (None when it writes nothing)."""
    out = dict(step.op.kwargs).get("out")
    if isinstance(out, Ref):
        return out.name
    spec = BY_KEY.get(step.op.key)
    return step.src if spec is not None and spec.writes else None


# -- when: a table of predicates that must all hold (conformance.when reads it from a file) ---

When = Mapping[str, Any]
def holds(when: When, diffs: list[Difference], site: Site | None = None) -> bool:
    """Tell whether every predicate of `when` holds of these differences at `site`."""
    return bool(diffs) and all(PREDICATES[name].holds(site, diffs, value)
                               for name, value in when.items())


def diff_conditions(diffs: list[Difference]) -> dict[str, Any]:
    """Return the predicates on the differences alone that hold of them, with their values:
    what an entry for them may require without knowing the program."""
    found: dict[str, Any] = {}
    if not diffs:
        return found
    for name, predicate in PREDICATES.items():
        if predicate.needs_site:
            continue
        if predicate.takes == "flag":
            if predicate.holds(None, diffs, True):
                found[name] = True
        elif name == "error.raised" and _raised(diffs):
            found[name] = _raised(diffs)
    return found
