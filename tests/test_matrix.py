"""The layout matrix: its declared space, the covering design over it, the programs of its
rows and how examples are placed in the space (reference.cells, strategies.matrix,
conformance.coverage, reports.coverage)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
import torch

import stridecheck.reference as ref
from stridecheck.conformance.coverage import program_cells
from stridecheck.conformance.execute import from_first_call, run
from stridecheck.conformance.outcome import check
from stridecheck.conformance.results import encode
from stridecheck.conformance.targets import all_targets
from stridecheck.reference.cells import (
    DTYPE_CLASSES,
    FUNCTION_SPACE,
    LAYOUT_NAMES,
    LAYOUTS,
    SCALAR,
    declared_cells,
    layout_of,
    space,
    spaces,
)
from stridecheck.reference.ops import BY_KEY
from stridecheck.reports.cli import main
from stridecheck.reports.coverage import coverage_text
from stridecheck.reports.html import render
from stridecheck.reports.reading import load
from stridecheck.strategies.function_matrix import function_cells
from stridecheck.strategies.matrix import (
    _rank,
    _shape_for,
    cell_programs,
    covering,
    operand_steps,
    row_cells,
)
from stridecheck.strategies.program import Program, apply, bind


def _build(layout: str, rank: int, dtype: str, lib: object) -> object:
    steps = operand_steps("x", layout, _shape_for(layout, rank), dtype, "cpu")
    env: dict[str, object] = {}
    for s in steps:
        bind(env, "x", apply(s.op, lib if s.src is None else env["x"], lib, env))
    return env["x"]


def _class_of(t: object) -> str:
    return layout_of(tuple(t.shape), tuple(t.stride()), t.storage_offset(),  # type: ignore[attr-defined]
                     t.is_conj(), t.is_neg())  # type: ignore[attr-defined]


@pytest.mark.parametrize("layout", LAYOUT_NAMES)
def test_each_class_builds_a_tensor_of_that_class_on_torch_and_the_model(layout: str) -> None:
    cls = next(c for c in LAYOUTS if c.name == layout)
    dtype = {"complex": "complex64", "floating": "float32"}.get(cls.dtype, "float32")
    ranks = [cls.rank] if cls.rank is not None else range(max(cls.min_rank, 1), 6)
    for rank in ranks:
        mine, theirs = _build(layout, rank, dtype, ref), _build(layout, rank, dtype, torch)
        assert _class_of(theirs) == layout, (rank, theirs.shape, theirs.stride())
        assert _class_of(mine) == layout
        assert (mine.shape, mine.stride(), mine.storage_offset()) == \
            (tuple(theirs.shape), theirs.stride(), theirs.storage_offset())


@pytest.mark.parametrize(("shape", "strides", "offset", "bits", "expected"), [
    ((2, 3), (3, 1), 0, (False, False), "contiguous"),
    ((2, 3), (3, 1), 4, (False, False), "offset"),
    ((2, 3), (1, 2), 0, (False, False), "transposed"),
    ((2, 3, 4), (1, 8, 2), 0, (False, False), "permuted"),
    ((2, 3, 2, 2), (12, 1, 6, 3), 0, (False, False), "channels_last"),
    ((2, 3), (0, 1), 0, (False, False), "expanded"),
    ((2, 3), (6, 2), 0, (False, False), "gapped"),
    ((2, 3), (4, 2), 0, (False, False), "overlapping"),  # elements 0 2 4 4 6 8
    ((2, 1, 3), (3, 5, 1), 0, (False, False), "size1_strides"),
    ((), (), 0, (False, False), "zero_dim"),
    ((0, 3), (3, 1), 0, (False, False), "empty"),
    ((2, 3), (1, 2), 0, (True, False), "conj"),
    ((2, 3), (3, 1), 0, (False, True), "neg"),
])
def test_a_geometry_is_placed_in_its_class(shape: tuple[int, ...], strides: tuple[int, ...],
                                           offset: int, bits: tuple[bool, bool],
                                           expected: str) -> None:
    assert layout_of(shape, strides, offset, *bits) == expected


@pytest.mark.parametrize("key", ["add", "neg", "maximum", "eq", "ldexp"])
def test_the_rows_cover_every_declared_pair_and_stay_near_the_largest_product(key: str) -> None:
    sp = space(key)
    assert sp is not None
    rows = covering(sp)
    covered = {c for row in rows for c in row_cells(sp.op, row)}
    assert covered >= set(sp.cells())
    sizes = sorted((len(v) for _, v in sp.factors), reverse=True)
    # a pairwise design needs at least the largest product of two factors' sizes
    assert sizes[0] * sizes[1] * 0.7 <= len(rows) <= sizes[0] * sizes[1] * 1.5


def test_the_space_is_the_pointwise_ops_and_their_forms_from_the_op_table() -> None:
    keys = {s.op for s in spaces()}
    assert {"add", "neg", "logical_and", "ldexp"} <= keys
    assert not keys & {"add_", "__add__", "clip", "view"}  # forms and spellings of others
    add = dict(space("add").factors)  # type: ignore[union-attr]
    assert {"method", "function", "operator", "in_place", "out:gapped"} <= set(add["form"])
    assert SCALAR in add["b"] and SCALAR not in dict(space("maximum").factors)["b"]  # type: ignore[union-attr]
    assert "operator" not in dict(space("atan2").factors)["form"]  # type: ignore[union-attr]
    # a conj operand comes with complex dtypes only, a Python scalar with one-dtype classes
    cells = declared_cells()
    assert "add|a=conj|dtype=complex" in cells and "add|a=conj|dtype=float32" not in cells
    assert "add|b=python_scalar|dtype=promoting" not in cells
    assert all(set(DTYPE_CLASSES) >= set(dict(s.factors)["dtype"]) for s in spaces())


def test_a_row_is_placed_back_on_the_cells_it_was_drawn_for() -> None:
    cells = cell_programs()
    forms = {"method", "function", "operator", "in_place", "out:offset"}
    picked = []
    for sp_op, group in itertools.groupby(sorted(cells, key=lambda c: c.op), key=lambda c: c.op):
        if sp_op not in ("add", "neg", "pow"):
            continue
        for c in group:
            row = dict(c.row)
            if row["form"] in forms or row.get("b") == SCALAR:
                picked.append(c)
    assert len(picked) > 100
    for c in picked:
        full = run(c.program, ref, watch=from_first_call(c.program))
        assert set(program_cells(c.program, full)) == set(row_cells(c.op, c.row)), c.id


def test_the_matrix_runs_its_cells_on_eager_with_coverage_recorded(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = all_targets()["eager:cpu"]
    cells = [c for c in cell_programs() if c.op == "mul"]
    records = []
    for c in cells:
        outcome = check(c.program, target, from_first_call(c.program))
        assert outcome.status == "pass", outcome.explain()
        records.append(outcome.record("test_layout_matrix", "cpu"))
    path = tmp_path / "results.jsonl"
    path.write_bytes(b"".join(encode(r) for r in records))
    text = coverage_text(records)
    total = len(declared_cells())
    mul = len(space("mul").cells())  # type: ignore[union-attr]
    assert text.splitlines()[0] == \
        f"eager:cpu: cells covered {mul}/{total} ({100 * mul / total:.1f}%)"
    assert "  mul:" not in text and "  add: 0/" in text
    page = render(load([str(path)]))
    assert f"cells covered {mul}/{total}" in page
    mul_row = page[page.index('<th class="mono">mul</th>'):].split("</tr>")[0]
    assert mul_row.count('class="cov-4"') == len(LAYOUT_NAMES)  # every class of mul: all
    add_row = page[page.index('<th class="mono">add</th>'):].split("</tr>")[0]
    assert add_row.count('class="cov-0"') == len(LAYOUT_NAMES)
    capsys.readouterr()
    assert main(["coverage", str(path)]) == 0
    assert capsys.readouterr().out.strip() == text
    assert main(["coverage", str(tmp_path / "none.jsonl")]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_program_outside_the_space_covers_nothing() -> None:
    program = Program(())
    assert program_cells(program, []) == ()
    assert _rank(["zero_dim"]) == 0 and _rank(["transposed", "permuted"]) == 3


def test_function_programs_cover_their_declared_space_and_agree_on_eager() -> None:
    cells = function_cells()
    covered = {c for cell in cells for c in cell.cells}
    assert covered == set(FUNCTION_SPACE.cells()) <= declared_cells()
    # each row's program says what its row says: the inputs' relation, the body's mutation
    # and follow-up op, the returns, the later call
    target = all_targets()["eager:cpu"]
    for cell in cells:
        row, program = dict(cell.row), cell.program
        body = program.functions[0].body
        call = next(s for s in program.steps if s.op.kind == "call")
        args = [a.name for a in call.op.args]
        assert (args[0] == args[1]) == (row["inputs"] == "same"), cell.id
        assert any(BY_KEY[s.op.key].writes for s in body if s.op.key in BY_KEY) == \
            (row["mutates"] != "none"), cell.id
        assert (row["follows"] in ("clone", "sum", "contiguous")) == \
            any(s.op.name == row["follows"] for s in body) or \
            row["follows"] not in ("clone", "sum", "contiguous"), cell.id
        assert (len(program.functions[0].returns) == 2) == (row["returns"] == "twice")
        assert sum(s.op.kind == "call" for s in program.steps) == \
            (2 if row["later"] == "again" else 1), cell.id
        outcome = check(program, target, from_first_call(program))
        assert outcome.status == "pass", outcome.explain()
