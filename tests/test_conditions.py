"""The condition language of known divergences: every predicate shown true and false, the
`when` tables files may write, and the documentation generated from the predicates."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import stridecheck.reference as reference
from stridecheck.conformance import conditions, conditions_docs, known
from stridecheck.conformance.compare import Difference
from stridecheck.conformance.conditions import PREDICATES, CallSite, Site, holds
from stridecheck.conformance.execute import run
from stridecheck.conformance.when import parse_when
from stridecheck.strategies.parse import parse

ROOT = Path(__file__).resolve().parents[1]
STRIDES = Difference("y", "strides", (1, 2), (2, 1), shape=(2, 2))


def step_site(text: str, inputs: tuple[str, ...] = ()) -> Site:
    """Return the site of the last step of a program."""
    program = parse(text)
    return Site(program, run(program, reference), len(program.steps) - 1, inputs)


def call_site(text: str, body_step: int, call: int = -1) -> Site:
    """Return the site of body step `body_step` of the program's call `call` (the last call
    by default), the way a compiled call's difference is located."""
    program = parse(text)
    calls = [i for i, s in enumerate(program.steps) if s.op.kind == "call"]
    index = calls[call]
    inlined = program.inlined(index)
    return Site(inlined, run(inlined, reference), index + body_step,
                inputs=tuple(a.name for a in program.steps[index].op.args), since=index,
                call=CallSite(program, index))


def call_program(body: str, calls: str = "out = f(x0)\n", params: str = "a") -> str:
    return (f"def f({params}):\n{body}    return (a,)\n\n\n"
            "x0 = torch.arange(4.).view(2, 2).t()\nb = x0.clone()\nv = x0.t()\n" + calls)


def exc(actual: str | None, expected: str | None) -> Difference:
    return Difference("<step>", "exception", actual, expected)


NBYTES = "untyped_storage().nbytes()"
# predicate, value, (differences, site) where it holds, (differences, site) where it does not
CASES: list[tuple[str, Any, Any, Any]] = [
    ("diff.empty", True, ([Difference("y", "strides", (1, 1), (2, 1), shape=(0, 2))], None),
     ([STRIDES], None)),
    ("diff.size1_only", True,
     ([Difference("y", "strides", (4, 2, 1), (2, 2, 1), shape=(1, 1, 2))], None),
     ([STRIDES], None)),
    ("diff.storage_smaller", True,
     ([Difference("y", "storage", 4, 8, spelling=NBYTES)], None),
     ([Difference("y", "storage", 8, 4, spelling=NBYTES)], None)),
    ("diff.includes", "storage_offset",
     ([STRIDES, Difference("y", "storage_offset", 1, 0)], None), ([STRIDES], None)),
    ("error.raised", "eager", ([exc(None, "IndexError: out of bounds")], None),
     ([exc("TypeError: no", None)], None)),
    ("error.raised", "target", ([exc("TypeError: no", None)], None),
     ([exc("TypeError: no", "IndexError: out of bounds")], None)),
    ("error.raised", "both", ([exc("TypeError: no", "IndexError: out of bounds")], None),
     ([exc(None, "IndexError: out of bounds")], None)),
    ("error.eager", "out of bounds", ([exc(None, "IndexError: index 5 is out of bounds")], None),
     ([exc(None, "RuntimeError: shape mismatch")], None)),
    ("error.target", ["is invalid", "too big"],
     ([exc("RuntimeError: shape '[2]' is invalid", None)], None),
     ([exc("RuntimeError: other", None)], None)),
    ("subject.dtype", "float64",
     ([STRIDES], step_site("x = torch.zeros((), dtype=torch.float64)\ny = x.add_(1)\n")),
     ([STRIDES], step_site("x = torch.zeros(())\ny = x.add_(1)\n"))),
    ("subject.dim", [0, 2], ([STRIDES], step_site("x = torch.zeros(())\ny = x.add_(1)\n")),
     ([STRIDES], step_site("x = torch.zeros(3)\ny = x.add_(1)\n"))),
    ("subject.inplace_result", True,
     ([STRIDES], step_site("x = torch.zeros(2)\ny = x.add_(1)\nz = y.mul_(2)\n")),
     ([STRIDES], step_site("x = torch.zeros(2)\ny = x.add(1)\nz = y.mul_(2)\n"))),
    ("subject.gapped_unfold", True,
     ([STRIDES], step_site("x = torch.arange(8.)\nu = x.unfold(0, 2, 3)\nv = u.clone()\n")),
     ([STRIDES], step_site("x = torch.arange(8.)\nu = x.unfold(0, 2, 1)\nv = u.clone()\n"))),
    ("subject.written_in_call", True,
     ([STRIDES], call_site(call_program("    t1 = a.fill_(1)\n    t2 = a.view_as(a)\n"), 1)),
     ([STRIDES], call_site(call_program("    t1 = a.add(1)\n    t2 = a.view_as(a)\n"), 1))),
    ("subject.storage_written_in_call", True,
     ([STRIDES], call_site(call_program("    t1 = a.t()\n    t2 = a.fill_(1)\n"
                                        "    t3 = t1.view_as(t1)\n"), 2)),
     ([STRIDES], call_site(call_program("    t1 = a.t()\n    c = a.clone()\n"
                                        "    t2 = c.fill_(1)\n    t3 = t1.view_as(t1)\n"), 3))),
    ("subject.storage_written_by", ["index_fill_", "index_add_"],
     ([STRIDES], call_site(call_program("    t1 = a.t()\n    t2 = a.index_fill_(0, "
                                        "torch.tensor([0]), 1.0)\n    t3 = t1.clone()\n"), 2)),
     ([STRIDES], call_site(call_program("    t1 = a.t()\n    t2 = a.fill_(1)\n"
                                        "    t3 = t1.clone()\n"), 2))),
    ("operands.mixed_rank", True,
     ([STRIDES], step_site("x = torch.zeros(2, 3)\ny = torch.zeros(3)\nz = x.add(y)\n")),
     ([STRIDES], step_site("x = torch.zeros(2, 3)\ny = torch.zeros(2, 3)\nz = x.add(y)\n"))),
    ("operands.tensor_index", True,
     ([STRIDES], step_site("x = torch.zeros(3)\ny = x[torch.tensor([0, 1])]\n")),
     ([STRIDES], step_site("x = torch.zeros(3)\ny = x[0:2]\n"))),
    ("operands.layout", ["expanded", "overlapping"],
     ([STRIDES], step_site("x = torch.zeros(1, 3).expand(2, 3)\ny = torch.zeros(2, 3)\n"
                           "z = y.add(x)\n")),
     ([STRIDES], step_site("x = torch.zeros(2, 3)\ny = torch.zeros(2, 3).t()\nz = x.add(y)\n"))),
    ("operands.orders_differ", True,
     ([STRIDES], step_site("x = torch.zeros(2, 3)\ny = torch.zeros(3, 2).t()\n"
                           "z = x.copysign(y)\n")),
     ([STRIDES], step_site("x = torch.zeros(2, 3)\ny = torch.zeros(4, 6)[::2, ::2]\n"
                           "z = x.copysign(y)\n"))),
    ("operands.out_shares_storage", True,
     ([STRIDES], step_site("x = torch.arange(3).view(3, 1)\no = x.expand(0, -1, -1)\n"
                           "y = torch.nonzero(x, out=o)\n")),
     ([STRIDES], step_site("x = torch.arange(3).view(3, 1)\no = torch.zeros(0, 3, 1).long()\n"
                           "y = torch.nonzero(x, out=o)\n"))),
    ("operands.literal_device", "meta",
     ([STRIDES], step_site('x = torch.zeros(1, device="meta")\n'
                           'y = x.add_(torch.tensor([1.0], device="meta"))\n')),
     ([STRIDES], step_site("x = torch.zeros(1)\ny = x.add_(torch.tensor([1.0]))\n"))),
    ("written.has_alias", ["view_as", "expand_as"],
     ([STRIDES], step_site("x = torch.arange(4.)[::2]\nv = x.view_as(x)\ny = x.fill_(1)\n")),
     ([STRIDES], step_site("x = torch.arange(4.)[::2]\nv = x.view(2)\ny = x.fill_(1)\n"))),
    ("written.made_by", ["view_as", "expand_as"],
     ([STRIDES], step_site("x = torch.arange(4.)[::2]\nv = x.view_as(x)\ny = v.fill_(1)\n")),
     ([STRIDES], step_site("x = torch.arange(4.)[::2]\nv = x.view(2)\ny = v.fill_(1)\n"))),
    ("written.inplace_result", True,
     ([STRIDES], step_site("x = torch.zeros(2)\ny = x.neg_()\nz = torch.neg(x, out=y)\n")),
     ([STRIDES], step_site("x = torch.zeros(2)\ny = x.neg()\nz = torch.neg(x, out=y)\n"))),
    ("result.input_alias", True,
     ([STRIDES], step_site("x = torch.zeros(4)\ny = x[1:]\nz = y.add_(1)\n", ("x",))),
     ([STRIDES], step_site("x = torch.zeros(4)\ny = x[1:]\nz = y.add(1)\n", ("x",)))),
    ("result.unused", True,
     ([STRIDES], call_site(call_program("    t1 = a.mul(2)\n    t2 = a.add(1)\n"), 0)),
     ([STRIDES], call_site(call_program("    t1 = a.mul(2)\n    t2 = t1.add(1)\n"), 0))),
    ("result.noop_alias", True,
     ([STRIDES], call_site(call_program("    t1 = a.detach()\n"), 0)),
     ([STRIDES], call_site(call_program("    t1 = a.t()\n"), 0))),
    ("subject.cpu", True,
     ([STRIDES], step_site("x = torch.zeros(2)\ny = x.add(1)\n")),
     ([STRIDES], step_site("x = torch.zeros(2, device='meta')\ny = x.add(1)\n"))),
    ("result.format", "channels_last",
     ([STRIDES], step_site("x = torch.zeros(1, 2, 3, 3)\n"
                           "y = x.contiguous(memory_format=torch.channels_last)\nz = y.neg()\n")),
     ([STRIDES], step_site("x = torch.zeros(1, 2, 3, 3)\nz = x.neg()\n"))),
    ("history.metadata_mutated", True,
     ([STRIDES], step_site("x = torch.zeros(2, 3)\ny = x.t_()\nz = x.add(1)\n")),
     ([STRIDES], step_site("x = torch.zeros(2, 3)\ny = x.t()\nz = x.add(1)\n"))),
    ("history.dtype_view_written", True,
     ([STRIDES], step_site("x = torch.zeros(2)\nv = x.view(torch.int32)\nw = v.fill_(1)\n"
                           "z = x.add(1)\n")),
     ([STRIDES], step_site("x = torch.zeros(2)\nv = x.view(torch.int32)\nz = x.add(1)\n"))),
    ("inputs.overlap", "any",
     ([STRIDES], call_site(call_program("    t1 = a.mul(2)\n", "out = f(x0, v)\n", "a, c"), 0)),
     ([STRIDES], call_site(call_program("    t1 = a.mul(2)\n", "out = f(x0, b)\n", "a, c"), 0))),
    ("inputs.overlap", "new",
     ([STRIDES], call_site(call_program("    t1 = a.mul(2)\n", "out = f(x0, b)\nout2 = f(x0, v)\n",
                                        "a, c"), 0)),
     ([STRIDES], call_site(call_program("    t1 = a.mul(2)\n", "out = f(x0, v)\nout2 = f(x0, v)\n",
                                        "a, c"), 0))),
    ("inputs.overlap", "lost",
     ([STRIDES], call_site(call_program("    t1 = a.mul(2)\n", "out = f(x0, v)\nout2 = f(x0, b)\n",
                                        "a, c"), 0)),
     ([STRIDES], call_site(call_program("    t1 = a.mul(2)\n", "out = f(x0, b)\nout2 = f(x0, b)\n",
                                        "a, c"), 0))),
]


@pytest.mark.parametrize(("name", "value", "true", "false"), CASES,
                         ids=[f"{c[0]}={c[1]}" for c in CASES])
def test_a_predicate_holds_only_where_its_fact_does(name: str, value: Any, true: Any,
                                                     false: Any) -> None:
    when = parse_when({name: value})
    assert holds(when, *true), f"{name} = {value!r} should hold"
    assert not holds(when, *false), f"{name} = {value!r} should not hold"
    if PREDICATES[name].takes == "flag":  # `false` asks for the opposite
        assert not holds(parse_when({name: False}), *true)
        assert holds(parse_when({name: False}), *false)


def test_storage_written_in_call_reads_the_body_of_a_program_compiled_whole() -> None:
    # the steps building the input (x0 = x0.as_strided(...)) are no part of the body; a write
    # in the body to the input's storage is, and a write to another storage is not
    base = "x0 = torch.arange(5.)\nx0 = x0.as_strided((2,), (1,), 1)\n"
    when = parse_when({"subject.storage_written_in_call": True})
    written = step_site(base + "x1 = x0.relu_()\nx2 = x0.chunk(2, 0)[0]\n", ("x0",))
    other = step_site(base + "c = x0.clone()\nx1 = c.relu_()\nx2 = x0.chunk(2, 0)[0]\n",
                      ("x0",))
    assert holds(when, [STRIDES], written)
    assert not holds(when, [STRIDES], other)
    assert not holds(when, [STRIDES], step_site(base + "x2 = x0.chunk(2, 0)[0]\n", ("x0",)))


def test_every_predicate_has_a_case_and_a_docstring() -> None:
    assert set(PREDICATES) == {c[0] for c in CASES}, "a predicate without a test above"
    assert all(p.doc.endswith((".", ")")) for p in PREDICATES.values())


def test_predicates_reading_the_step_never_hold_without_one() -> None:
    for name, predicate in PREDICATES.items():
        if predicate.needs_site:
            assert not holds({name: predicate.example}, [STRIDES], None), name


@pytest.mark.parametrize(("when", "says"), [
    ({"subject": {"dimm": 0}}, "no condition subject.dimm"),
    ({"subject.dim": "zero"}, "subject.dim takes an integer"),
    ({"operands.layout": "expandd"},
     "operands.layout takes a text or a list of texts (any of them) among contiguous"),
    ({"subject.dtype": "float65"}, "no dtype 'float65'"),
    ({"error.raised": "nobody"}, 'error.raised takes "eager" or "target" or "both"'),
    ({"diff.includes": ["strides", "colour"]}, "diff.includes takes a field"),
    ({"diff.empty": "yes"}, "diff.empty takes true or false"),
    ("sometimes", "no condition sometimes"),
    (3, "when must be a table"),
])
def test_a_bad_when_says_what_is_wrong(when: Any, says: str) -> None:
    with pytest.raises(ValueError, match=None) as info:
        parse_when(when)
    assert says in str(info.value) and "\n" not in str(info.value)


def test_nested_dotted_and_earlier_forms_read_the_same() -> None:
    dotted = parse_when({"subject.dtype": "float64", "subject.dim": 0})
    assert parse_when({"subject": {"dtype": "float64", "dim": 0}}) == dotted
    assert parse_when("subject_0d_float64") == dotted
    assert parse_when("refused, offset_differs") == {"error.raised": "target",
                                                    "diff.includes": "storage_offset"}


def test_a_team_entry_with_two_parameterised_predicates(tmp_path: Path) -> None:
    path = tmp_path / "team.toml"
    path.write_text('''
[[divergence]]
id = "team-double-scalar-add"
target = "eager:cpu"
op = ["group:in_place"]
fields = ["strides"]
when = { subject.dtype = ["float64", "complex128"], subject.dim = 0 }
condition = "c"
reason = "r"
repro = """
x = torch.zeros((), dtype=torch.float64)
y = x.add_(1)
"""
''')
    entry, = known.entries([str(path)], None, packaged=False)
    assert entry.when == {"subject.dtype": ["float64", "complex128"], "subject.dim": 0}
    double = step_site("x = torch.zeros((), dtype=torch.float64)\ny = x.add_(1)\n")
    single = step_site("x = torch.zeros((), dtype=torch.float32)\ny = x.add_(1)\n")
    rank1 = step_site("x = torch.zeros(1, dtype=torch.float64)\ny = x.add_(1)\n")
    assert entry.matches(("add_",), [STRIDES], None, double)
    assert not entry.matches(("add_",), [STRIDES], None, single), "subject.dtype"
    assert not entry.matches(("add_",), [STRIDES], None, rank1), "subject.dim"
    assert not entry.matches(("add",), [STRIDES], None, double), "group:in_place"


def test_group_selectors_come_from_the_op_table() -> None:
    assert "group:pointwise" in known.selectors("__radd__")
    assert "group:pointwise.out" in known.selectors("add.out")
    assert "group:in_place" in known.selectors("fill_")
    assert "group:pointwise" not in known.selectors("view")
    assert "group:metadata" in known.selectors("t_")
    assert "group:metadata" not in known.selectors("add_")


def test_the_docs_and_the_file_header_are_made_from_the_predicates() -> None:
    regenerate = ("python -m stridecheck.conformance.conditions_docs docs/known-divergences.md "
                  "conformance/known_divergences.toml")
    page = (ROOT / "docs" / "known-divergences.md").read_text()
    assert page == conditions_docs.markdown(), f"docs drifted: {regenerate}"
    toml = (ROOT / "conformance" / "known_divergences.toml").read_text()
    assert toml.startswith(conditions_docs.toml_header()), f"header drifted: {regenerate}"
    for name, predicate in PREDICATES.items():
        assert f"**`{name}`**" in page and predicate.doc in page, name
        assert f"  {name} = " in toml, name


def test_diff_conditions_name_predicates_on_differences_alone() -> None:
    found = conditions.diff_conditions([exc("TypeError: no", None)])
    assert found == {"error.raised": "target"}
    assert conditions.diff_conditions([Difference("y", "strides", (1, 1), (2, 1),
                                                  shape=(0, 2))]) == {
        "diff.empty": True, "diff.size1_only": True}


def test_the_documented_example_entry_is_a_valid_entry(tmp_path: Path) -> None:
    path = tmp_path / "example.toml"
    path.write_text(conditions_docs.EXAMPLE + "\n")
    entry, = known.entries([str(path)], None, packaged=False)
    assert entry.when == {"subject.dtype": ["float64", "complex128"], "subject.dim": 0}
