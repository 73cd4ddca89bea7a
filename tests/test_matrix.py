"""The layout matrix: its declared space, the covering design over it, the programs of its
rows and how examples are placed in the space (reference.cells, strategies.matrix,
conformance.coverage, reports.coverage)."""

from __future__ import annotations

import dataclasses
import itertools
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import torch
from injected_bugs import MATRIX_BUGS

import stridecheck.reference as ref
from stridecheck.conformance.batching import check_cells
from stridecheck.conformance.coverage import program_cells
from stridecheck.conformance.execute import from_first_call, run
from stridecheck.conformance.outcome import DIVERGENCE, check
from stridecheck.conformance.results import encode
from stridecheck.conformance.targets import FakeTarget, all_targets
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
from stridecheck.reports.coverage import by_target, coverage_text, done_cells, runnable_cells
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


# a plugin that logs each score the suite gives Hypothesis' target(): installed before the
# suite's test module imports it
_PROBE = """
import json, os

import hypothesis

_real = hypothesis.target


def _logged(observation, *, label=""):
    with open(os.environ["STEER_LOG"], "a") as f:
        f.write(json.dumps([observation, label]) + "\\n")
    return _real(observation, label=label)


hypothesis.target = _logged
"""


def _random_tests(tmp_path: Path, *extra: str) -> tuple[int, list[float], set[str]]:
    """Run one part of the random alias programs on eager:cpu, each score given to
    Hypothesis' target() logged; return pytest's exit, the scores and the cells covered."""
    (tmp_path / "steer_probe.py").write_text(_PROBE)
    log, results = tmp_path / "steer.log", tmp_path / "results.jsonl"
    for path in (log, results):
        path.unlink(missing_ok=True)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--pyargs", "stridecheck.conformance", "-q",
         "-p", "no:cacheprovider", "-p", "steer_probe", "-k",
         "test_alias_programs and part1of4", "--stridecheck-targets=eager:cpu",
         "--stridecheck-profile=ci", "--stridecheck-max-examples=60",
         f"--stridecheck-results={results}", "--stridecheck-steer=cells", *extra],
        capture_output=True, text=True, cwd=tmp_path, check=False,
        env={**os.environ, "STEER_LOG": str(log), "PYTHONPATH": str(tmp_path)})
    scores = [json.loads(line)[0] for line in log.read_text().splitlines()] \
        if log.exists() else []
    cells = {c for e in load([str(results)]).examples for c in e.get("cells", [])} \
        if results.exists() else set()
    return done.returncode, scores, cells


def test_random_programs_are_steered_by_the_cells_not_yet_covered(tmp_path: Path) -> None:
    # each example scores the cells it is the first to cover: together, every cell covered
    code, scores, cells = _random_tests(tmp_path)
    assert code == 0 and len(scores) >= 15 and max(scores) > 0  # a quarter of 60
    assert sum(scores) == len(cells) > 0
    # every declared cell covered before (what a campaign's earlier rounds hand on): none adds
    every = tmp_path / "covered.json"
    every.write_text(json.dumps({"eager:cpu": sorted(declared_cells())}))
    code, scores, _ = _random_tests(tmp_path, f"--stridecheck-covered={every}")
    assert code == 0 and scores and set(scores) == {0.0}
    code, scores, cells = _random_tests(tmp_path, "--stridecheck-steer=none")
    assert code == 0 and scores == [] and cells
    bad = tmp_path / "bad.json"
    bad.write_text('["add|a=contiguous"]')
    assert _random_tests(tmp_path, f"--stridecheck-covered={bad}")[0] == 4


@dataclasses.dataclass(frozen=True)
class _WarmOnlyBug(FakeTarget):
    """fake:cpu, whose runs with the dispatch cache kept lay out unary results row-major."""

    def _run(self, program: Program, watch: Any = None) -> Any:
        if self.fresh_cache:
            return super()._run(program, watch)
        with MATRIX_BUGS[0].install():
            return super()._run(program, watch)


def test_matrix_cells_run_warm_and_a_divergence_is_checked_again_fresh() -> None:
    fake = all_targets()["fake:cpu"]
    assert fake.warm().fresh_cache is False  # type: ignore[attr-defined]
    programs = [c.program for c in cell_programs() if c.op == "neg"
                and dict(c.row).get("a") == "channels_last_3d"
                and not str(dict(c.row).get("form")).startswith("out")]
    assert programs
    # a divergence of every run: found warm, confirmed fresh
    with MATRIX_BUGS[0].install():
        found = check_cells(programs, fake)
    assert DIVERGENCE in {o.status for o in found}
    assert all(o.target.fresh_cache for o in found if o.status == DIVERGENCE)  # type: ignore[attr-defined]
    # a divergence of warm runs only: not one
    flaky = _WarmOnlyBug(**{f.name: getattr(fake, f.name) for f in dataclasses.fields(fake)})
    assert DIVERGENCE in {check(p, flaky.warm(), from_first_call(p)).status for p in programs}
    assert DIVERGENCE not in {o.status for o in check_cells(programs, flaky)}


def test_a_target_covers_the_cells_it_can_run_in_rows_it_can_run() -> None:
    refs = all_targets()["refs"]
    rows = cell_programs("cpu", refs.kind)
    # no row calls an op torch._refs lacks (a Python operator, round_, ldexp) ...
    for c in rows:
        for step in (*c.program.steps, *(s for f in c.program.functions for s in f.body)):
            spec = BY_KEY.get(step.op.key)
            assert spec is None or refs.kind not in spec.unsupported_on, (c.id, step)
    # ... and the rows still cover every pair of the forms it can call
    covered = {cell for c in rows for cell in row_cells(c.op, c.row)}
    own = runnable_cells(refs.kind) - set(FUNCTION_SPACE.cells())
    assert own <= covered and len(own) < len(declared_cells()) - len(FUNCTION_SPACE.cells())
    record = {"target": "refs", "cells": sorted(own)}
    text = coverage_text([record], kinds={"refs": "refs"})  # type: ignore[list-item]
    assert f"of the {len(runnable_cells('refs'))} it can run" in text.splitlines()[0]


def _matrix_part(tmp_path: Path, name: str, *extra: str) -> list[frozenset[str]]:
    """Run part 1 of 4 of a fiftieth of the matrix on meta; return each example's cells."""
    results = tmp_path / f"{name}.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--pyargs", "stridecheck.conformance", "-q",
         "-p", "no:cacheprovider", "-k", "test_layout_matrix and part1of4",
         "--stridecheck-targets=meta", "--stridecheck-profile=ci",
         "--stridecheck-matrix-share=0.02", f"--stridecheck-results={results}", *extra],
        capture_output=True, text=True, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return [frozenset(e["cells"]) for e in load([str(results)]).examples]


def test_the_matrix_resumes_at_the_rows_not_covered_and_stops_at_its_time(
        tmp_path: Path) -> None:
    whole = _matrix_part(tmp_path, "whole")
    assert len(whole) > 20 and all(whole)
    # a campaign's earlier rounds covered the first 20 rows' cells: the rest run, and only
    # they (a row runs while one of its cells is not covered)
    done = set().union(*whole[:20])
    covered = tmp_path / "covered.json"
    covered.write_text(json.dumps({"meta": sorted(done), "eager:cpu": sorted(whole[-1])}))
    rest = _matrix_part(tmp_path, "rest", f"--stridecheck-covered={covered}")
    assert rest == [c for c in whole if not c <= done] and len(rest) < len(whole) - 19
    # no time left: the part starts no cell
    assert _matrix_part(tmp_path, "none", "--stridecheck-matrix-time=0") == []


def test_rows_a_target_cannot_run_are_done_but_not_covered(tmp_path: Path) -> None:
    if torch.cuda.is_available():
        pytest.skip("fake:cuda runs its rows where torch has CUDA: none is unsupported")
    results = tmp_path / "results.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--pyargs", "stridecheck.conformance", "-q",
         "-p", "no:cacheprovider", "-k", "test_layout_matrix and part1of4",
         "--stridecheck-targets=fake:cuda", "--stridecheck-profile=ci",
         "--stridecheck-matrix-share=0.02", f"--stridecheck-results={results}"],
        capture_output=True, text=True, cwd=tmp_path, check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    examples = load([str(results)]).examples
    unrun = [e for e in examples if e["status"] == "unsupported"]
    assert unrun and all(e["cells"] for e in unrun)  # what each row was for
    ran = {c for e in examples if e["status"] != "unsupported" for c in e["cells"]}
    cov = by_target(examples)
    assert set(cov["fake:cuda"].hits) == ran if ran else "fake:cuda" not in cov
    assert set(done_cells(examples)["fake:cuda"]) == ran | {c for e in unrun for c in e["cells"]}
