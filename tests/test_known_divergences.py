"""Every known divergence must still reproduce; a fixed one must leave the file."""

from __future__ import annotations

import pytest

from stridecheck.conformance.known import KnownDivergence, load
from stridecheck.conformance.outcome import UNSUPPORTED, reproduce


@pytest.mark.parametrize("entry", load(), ids=lambda e: e.id)
def test_known_divergence_still_reproduces(entry: KnownDivergence) -> None:
    try:
        outcome = reproduce(entry)
    except ValueError as exc:  # an entry about a device this machine lacks (eager:cuda)
        pytest.skip(f"{entry.id}: {exc}; its repro runs where that target does")
    if outcome.status == UNSUPPORTED:
        # the target refused to run the repro in this process (a build without a backend the
        # program reaches): nothing is shown either way
        pytest.skip(f"{entry.id}: {outcome.target.name} refused its repro here: "
                    f"{outcome.reason}")
    assert outcome.diffs, (f"{entry.id}: torch now agrees with the reference on "
                           f"{outcome.target.name}; remove it")
    assert outcome.known is entry, (
        f"{entry.id}: the repro diverges differently than the entry says:\n"
        + "\n".join(map(str, outcome.diffs)))


def test_entries_are_complete() -> None:
    ids = [e.id for e in load()]
    assert len(ids) == len(set(ids)), "duplicate ids"
    for entry in load():
        assert entry.reason and entry.condition and entry.fields and entry.ops, entry.id


def test_an_entry_tied_to_an_error_matches_only_that_error() -> None:
    from stridecheck.conformance.compare import Difference
    from stridecheck.conformance.targets import all_targets

    entry = next(e for e in load() if "error.eager" in e.when and "compile" in e.targets)
    eager_says = entry.when["error.eager"]
    target = all_targets()["compile:aot_eager"]
    ops = ("to", "__getitem__") if "*" in entry.ops else (entry.ops[0],)
    said = f"RuntimeError: Dynamo failed to run FX node: got RuntimeError('{eager_says}.')"
    same = Difference("<step>", "exception", said, f"IndexError: {eager_says}.")
    other = Difference("<step>", "exception", "RuntimeError: something else",
                       "IndexError: index 3 is out of bounds")
    assert entry.matches(ops, [same], target)
    assert not entry.matches(ops, [other], target)


def test_an_entry_tied_to_the_targets_error_matches_only_that_error() -> None:
    from stridecheck.conformance.compare import Difference
    from stridecheck.conformance.targets import all_targets

    entry = next(e for e in load() if e.id == "compile-write-to-0d-view-of-empty-input")
    target = all_targets()["compile:aot_eager-graph-break"]
    same = Difference("<step>", "exception", f"RuntimeError: as_strided_scatter: sizes [] ... "
                      f"{entry.when['error.target'][0]}", None)
    other = Difference("<step>", "exception", "RuntimeError: shape '[]' is invalid", None)
    assert entry.matches(("transpose",), [same], target)
    assert not entry.matches(("transpose",), [other], target)


def test_an_entry_naming_a_spelling_matches_only_that_spelling() -> None:
    from stridecheck.conformance.compare import Difference

    entry = next(e for e in load() if e.id == "fake-pow-scalar-base-layout")
    diff = Difference("z", "strides", (1, 3), (2, 1), shape=(3, 2))
    assert entry.matches(("__rpow__",), [diff])
    assert not entry.matches(("__pow__",), [diff]), "x ** 2 is another spelling of pow"
    assert not entry.matches(("pow",), [diff])


def test_a_compiled_program_is_matched_at_the_step_where_it_starts_to_diverge() -> None:
    # the program contains as_strided_ (compile-as-strided-input-extent's op), but compiling
    # its first four steps already fails, at unsqueeze_: that entry must not excuse it
    from stridecheck.conformance.outcome import check
    from stridecheck.conformance.targets import all_targets
    from stridecheck.strategies.parse import parse

    program = parse("x = torch.arange(16, dtype=torch.int8).view(2, 8)[::2]\n"
                    "y = x.fill_(-2)\n"
                    "z = y.unsqueeze_(1)\n"
                    "w = z.as_strided_((3, 1), (6, 6))\n")
    outcome = check(program, all_targets()["compile:aot_eager"])
    assert outcome.diffs
    assert program.steps[outcome.index].op.name == "unsqueeze_", outcome.index
    assert outcome.known is None or outcome.known.id != "compile-as-strided-input-extent"


def test_a_step_condition_holds_only_where_the_step_has_that_fact() -> None:
    # meta's advanced-indexing layout entry is about x[tensor] alone: a stride difference of
    # basic indexing (x[None, 0]) on meta stays a divergence
    import stridecheck.reference as ref
    from stridecheck.conformance.compare import Difference
    from stridecheck.conformance.conditions import Site
    from stridecheck.conformance.execute import run
    from stridecheck.conformance.outcome import check
    from stridecheck.conformance.targets import all_targets
    from stridecheck.strategies.parse import parse

    entry = next(e for e in load() if e.id == "meta-index-layout-by-source-only")
    assert entry.when == {"operands.tensor_index": True}
    target = all_targets()["meta"]
    diff = Difference("y", "strides", (1, 1, 2), (4, 2, 1), device="meta", shape=(1, 2, 3))
    basic = parse('x = torch.zeros(2, 3, device="meta")\ny = x.t()\nz = y[None, 0:2]\n')
    for program, holds in ((entry.program, True), (basic, False)):
        site = Site(program, run(program, ref), len(program.steps) - 1)
        assert entry.matches(("__getitem__",), [diff], target, site) is holds
    # and the sites come from the program: its repro has a tensor index, a slice does not
    outcome = check(entry.program, target)
    assert outcome.known is entry
    assert check(basic, target).known is not entry


def test_written_has_alias_needs_a_live_alias_of_the_written_tensor() -> None:
    import stridecheck.reference as ref
    from stridecheck.conformance.compare import Difference
    from stridecheck.conformance.conditions import Site, holds
    from stridecheck.conformance.execute import run
    from stridecheck.strategies.parse import parse

    entry = next(e for e in load() if e.id == "compile-dynamic-view-as-then-write-strides")
    assert entry.when == {"written.has_alias": ["view_as", "reshape_as", "expand_as"]}
    diff = [Difference("y", "strides", (1,), (2,), shape=(2,))]

    def has(text: str) -> bool:
        program = parse(text)
        site = Site(program, run(program, ref), len(program.steps) - 1)
        return holds(entry.when, diff, site)

    base = "x = torch.arange(4.)[::2]\n"
    assert has(base + "v = x.view_as(x)\ny = x.fill_(1)\n")
    assert has(base + "v = x.view_as(x)\ny = torch.neg(x, out=x)\n")
    assert has(base + "v = x.expand_as(x)\ny = x.mul_(2)\n")
    assert not has(base + "v = x.view(2)\ny = x.fill_(1)\n")
    assert not has(base + "v = x.view_as(x)\ny = x.add(1)\n")
    assert not has(base + "z = x.clone()\nv = z.view_as(z)\ny = x.fill_(1)\n")
    # the view must still be live, and be another name than the written tensor
    assert not has(base + "v = x.view_as(x)\nv = x.add(1)\ny = x.fill_(1)\n")
    assert not has(base + "x = x.view_as(x)\ny = x.fill_(1)\n")


def test_the_graph_break_view_entry_needs_a_write_on_the_subjects_storage() -> None:
    entry = next(e for e in load()
                 if e.id == "compile-graph-break-view-of-written-input-contiguous")
    assert entry.when == {"subject.storage_written_in_call": True}


def test_an_eager_step_on_meta_tensors_answers_to_entries_for_meta() -> None:
    # x.to("meta") in a program on eager:cpu runs torch's meta kernels at that step, as the
    # meta target does: entries about meta hold there, and only there
    from stridecheck.conformance.outcome import check
    from stridecheck.conformance.results import KNOWN
    from stridecheck.conformance.targets import all_targets
    from stridecheck.strategies.parse import parse

    start = "x0 = torch.arange(1)\nx0 = x0.to(torch.float32)\nx0 = x0.view(())\n"
    on_meta = check(parse(start + "x1 = x0.to('meta')\nx2 = torch.hstack([x1], out=x1)\n"),
                    all_targets()["eager:cpu"])
    assert on_meta.status == KNOWN and on_meta.known is not None
    assert "meta" in on_meta.known.targets and "eager:cpu" not in on_meta.known.targets
    entry = on_meta.known
    cpu_diffs = [d.__class__(d.tensor, d.field, d.actual, d.expected, d.context, "cpu")
                 for d in on_meta.diffs]
    assert not entry.matches(("hstack",), cpu_diffs, all_targets()["eager:cpu"])
