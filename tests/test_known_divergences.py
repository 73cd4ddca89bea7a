"""Every known divergence must still reproduce; a fixed one must leave the file."""

from __future__ import annotations

import pytest

from stridecheck.conformance.known import KnownDivergence, load
from stridecheck.conformance.outcome import reproduce


@pytest.mark.parametrize("entry", load(), ids=lambda e: e.id)
def test_known_divergence_still_reproduces(entry: KnownDivergence) -> None:
    outcome = reproduce(entry)
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

    entry = next(e for e in load() if e.raises)
    target = all_targets()["compile:aot_eager"]
    ops = ("to", "__getitem__")
    said = f"RuntimeError: Dynamo failed to run FX node: got RuntimeError('{entry.raises}.')"
    same = Difference("<step>", "exception", said, f"IndexError: {entry.raises}.")
    other = Difference("<step>", "exception", "RuntimeError: something else",
                       "IndexError: index 3 is out of bounds")
    assert entry.matches(ops, [same], target)
    assert not entry.matches(ops, [other], target)
    assert not entry.matches(("to", "view"), [same], target)


def test_an_entry_tied_to_the_targets_error_matches_only_that_error() -> None:
    from stridecheck.conformance.compare import Difference
    from stridecheck.conformance.targets import all_targets

    entry = next(e for e in load() if e.id == "compile-write-to-0d-view-of-empty-input")
    target = all_targets()["compile:aot_eager-graph-break"]
    same = Difference("<step>", "exception", f"RuntimeError: as_strided_scatter: sizes [] ... "
                      f"{entry.target_raises[0]}", None)
    other = Difference("<step>", "exception", "RuntimeError: shape '[]' is invalid", None)
    assert entry.matches(("transpose",), [same], target)
    assert not entry.matches(("transpose",), [other], target)


def test_exception_conditions_tell_who_raised() -> None:
    from stridecheck.conformance.compare import Difference
    from stridecheck.conformance.known import _condition

    cases = {"accepted": (None, "IndexError: index 5 is out of bounds"),
             "refused": ("TypeError: takes 2 positional arguments", None),
             "raised_otherwise": ("IndexError: list assignment index out of range",
                                  "RuntimeError: zero-dimensional tensor (at position 0) "
                                  "cannot be concatenated")}
    strides = Difference("x1", "strides", (1, 2), (2, 1), shape=(2, 3))
    for when in cases:
        for case, (actual, expected) in cases.items():
            diff = Difference("<step>", "exception", actual, expected)
            assert _condition(when, [diff]) is (case == when), (when, case)
        assert not _condition(when, [strides]), when


def test_smaller_storage_is_only_a_smaller_byte_count() -> None:
    from stridecheck.conformance.compare import Difference
    from stridecheck.conformance.known import _condition

    nbytes = "untyped_storage().nbytes()"
    assert _condition("smaller_storage", [Difference("x", "storage", 4, 8, spelling=nbytes)])
    assert not _condition("smaller_storage", [Difference("x", "storage", 8, 4, spelling=nbytes)])
    # sharing a storage or not is the same field, read another way: never this condition
    assert not _condition("smaller_storage", [Difference("x", "storage", "x0", "x1")])


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
    from stridecheck.conformance.compare import Difference
    from stridecheck.conformance.outcome import check
    from stridecheck.conformance.targets import all_targets
    from stridecheck.strategies.parse import parse

    entry = next(e for e in load() if e.id == "meta-index-layout-by-source-only")
    target = all_targets()["meta"]
    diff = Difference("y", "strides", (1, 1, 2), (4, 2, 1), device="meta", shape=(1, 2, 3))
    assert entry.matches(("__getitem__",), [diff], target, frozenset({"tensor_index"}))
    assert not entry.matches(("__getitem__",), [diff], target, frozenset())
    # and the facts come from the program: its repro has a tensor index, a slice does not
    outcome = check(entry.program, target)
    assert outcome.known is entry
    basic = parse('x = torch.zeros(2, 3, device="meta")\ny = x.t()\nz = y[None, 0:2]\n')
    assert check(basic, target).known is not entry


def test_size1_strides_allows_is_set_to_only_of_the_restrided_tensor() -> None:
    from stridecheck.conformance.compare import Difference
    from stridecheck.conformance.known import _condition
    strides = Difference("x2", "strides", (4, 2, 1), (2, 2, 1), shape=(1, 1, 2))
    own = Difference("x2", "storage", True, False, spelling="is_set_to(x0)")
    other = Difference("x1", "storage", True, False, spelling="is_set_to(x0)")
    assert _condition("size1_strides", [strides, own])
    assert not _condition("size1_strides", [strides, other])
    assert not _condition("size1_strides", [own])


def test_written_has_alias_as_needs_a_live_view_as_of_the_written_tensor() -> None:
    import stridecheck.reference as ref
    from stridecheck.conformance.execute import run
    from stridecheck.conformance.outcome import _step_facts
    from stridecheck.strategies.parse import parse

    def facts(text: str) -> frozenset[str]:
        program = parse(text)
        return _step_facts(program, run(program, ref), len(program.steps) - 1)

    base = "x = torch.arange(4.)[::2]\n"
    assert "written_has_alias_as" in facts(base + "v = x.view_as(x)\ny = x.fill_(1)\n")
    assert "written_has_alias_as" in facts(base + "v = x.view_as(x)\ny = torch.neg(x, out=x)\n")
    assert "written_has_alias_as" in facts(base + "v = x.expand_as(x)\ny = x.mul_(2)\n")
    assert "written_has_alias_as" not in facts(base + "v = x.view(2)\ny = x.fill_(1)\n")
    assert "written_has_alias_as" not in facts(base + "v = x.view_as(x)\ny = x.add(1)\n")
    assert "written_has_alias_as" not in facts(base + "z = x.clone()\nv = z.view_as(z)\n"
                                              "y = x.fill_(1)\n")
    # the view must still be live, and be another name than the written tensor
    assert "written_has_alias_as" not in facts(base + "v = x.view_as(x)\nv = x.add(1)\n"
                                              "y = x.fill_(1)\n")
    assert "written_has_alias_as" not in facts(base + "x = x.view_as(x)\ny = x.fill_(1)\n")


def test_subject_storage_written_in_call_needs_a_write_on_the_subjects_storage() -> None:
    import stridecheck.reference as ref
    from stridecheck.conformance.execute import run
    from stridecheck.conformance.outcome import _call_facts
    from stridecheck.strategies.parse import parse

    def facts(written: str) -> frozenset[str]:
        program = parse("def f(a):\n    t1 = a.transpose(0, 0)\n    c = a.clone()\n"
                        f"    t2 = {written}.fill_(1)\n    t3 = t1.view_as(t1)\n"
                        "    return (t1, t3)\n\n\nx0 = torch.arange(4.).view(2, 2).t()\n"
                        "out = f(x0)\n")
        index = next(i for i, s in enumerate(program.steps) if s.op.kind == "call")
        inlined = program.inlined(index)
        at = index + 3  # the body's view_as
        assert inlined.steps[at].op.name == "view_as"
        return _call_facts(program, index, inlined, run(inlined, ref), at)

    assert "subject_storage_written_in_call" in facts("a")
    assert "subject_storage_written_in_call" not in facts("c")
    entry = next(e for e in load()
                 if e.id == "compile-graph-break-view-of-written-input-contiguous")
    assert entry.conditions == ("subject_storage_written_in_call",)
