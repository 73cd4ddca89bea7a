"""Results files: what the plugin streams, crash records, merging shards, bad input."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from stridecheck.conformance.results import SCHEMA
from stridecheck.reports.reading import ResultsError, load, merge

pytest_plugins = ["pytester"]

TESTS = str(Path(__file__).parent)


def _suite(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, results: Path,
           *args: str, inject: str = "") -> pytest.RunResult:
    """Run the conformance suite on eager:cpu and meta in a subprocess, results to a file."""
    monkeypatch.setenv("PYTHONPATH", TESTS + os.pathsep + os.environ.get("PYTHONPATH", ""))
    monkeypatch.setenv("STRIDECHECK_INJECT", inject)
    return pytester.runpytest_subprocess(
        "--pyargs", "stridecheck.conformance", "-p", "inject_plugin", "-p",
        "no:cacheprovider", "--stridecheck-targets=eager:cpu,meta",
        f"--stridecheck-results={results}", "-k", "view_chains or alias", *args,
        timeout=600)


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_every_process_streams_into_one_file(pytester: pytest.Pytester,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path = pytester.path / "out" / "results.jsonl"
    run = _suite(pytester, monkeypatch, path, "-n", "2", "--stridecheck-max-examples=15")
    assert run.ret == 0, run.stdout.str()[-3000:]
    records = _records(path)
    assert {r["schema"] for r in records} == {SCHEMA}
    kinds = [r["kind"] for r in records]
    assert kinds[0] == "run" and kinds[-1] == "end" and kinds.count("run") == 1
    run_id = records[0]["run"]
    assert {r["run"] for r in records} == {run_id}, "workers must share the run's id"
    examples = [r for r in records if r["kind"] == "example"]
    # two strategies on two targets, each split into four parts of at least 15 / 4 examples,
    # written by two worker processes
    tests = {r["test"] for r in examples}
    assert len(tests) == 2 * 2 * 4 and len(examples) >= 2 * 2 * 15
    assert all(r["status"] in ("pass", "known", "unsupported") for r in examples)
    assert not list(path.parent.glob("*.inflight-*")), "in-flight files are removed at the end"


def test_a_divergence_is_recorded_with_its_shrunk_program(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    path = pytester.path / "results.jsonl"
    run = _suite(pytester, monkeypatch, path, "--stridecheck-profile=ci",
                 "--stridecheck-max-examples=200", inject="unsqueeze-last-stride-zero")
    assert run.ret == 1
    records = _records(path)
    failures = [r for r in records if r["kind"] == "failure"]
    assert failures and all(r["target"] == "eager:cpu" for r in failures)
    failure = failures[0]
    # the broken kernel is unsqueeze, reached by name or by indexing with None
    assert failure["op"] in ("unsqueeze", "__getitem__") and failure["op"] in failure["ops"]
    assert failure["diffs"][0]["field"] == "strides"
    assert failure["blob"].startswith("@reproduce_failure(")
    assert failure["torch"] and failure["seed"] == "derandomized"
    shrinking = [r for r in records if r["kind"] == "example" and r["shrink"]]
    assert shrinking, "examples tried while shrinking are marked"
    for test in {r["test"] for r in failures}:
        found = [r for r in records if r["kind"] == "example" and r["test"] == test
                 and r["status"] == "divergence" and not r["shrink"]]
        assert len(found) == 1, "one divergence found; the rest are shrinking attempts"


def test_a_worker_killed_inside_torch_becomes_a_crash_record(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    path = pytester.path / "results.jsonl"
    run = _suite(pytester, monkeypatch, path, "-n", "2", "--stridecheck-profile=ci",
                 "--stridecheck-max-examples=40",
                 inject="segfault-unsqueeze-3d")
    assert run.ret == 1
    records = _records(path)
    crashes = [r for r in records if r["kind"] == "failure" and r["status"] == "crash"]
    assert crashes, run.stdout.str()[-3000:]
    for crash in crashes:
        # the kernel that crashes is unsqueeze on 3+ dims, reached directly or through
        # indexing and unflatten; meta tensors never reach it
        assert crash["target"] == "eager:cpu" and crash["program"].startswith("x0 = torch.")
        assert crash["length"] == len(crash["program"].splitlines()) and crash["ops"]
    # the run went on: the meta tests (no CPU kernel, no crash) still checked their examples
    meta = [r for r in records if r["kind"] == "example" and r["target"] == "meta"]
    assert len(meta) >= 2 * 40
    assert records[-1]["kind"] == "end"


def test_merged_shards_report_like_one_run(pytester: pytest.Pytester,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from stridecheck.reports.summary import summarize

    args = ("--stridecheck-profile=ci", "--stridecheck-max-examples=25")
    whole, one, two = (pytester.path / n for n in ("whole.jsonl", "1.jsonl", "2.jsonl"))
    assert _suite(pytester, monkeypatch, whole, *args).ret == 0
    assert _suite(pytester, monkeypatch, one, *args, "--stridecheck-shard=1/2").ret == 0
    assert _suite(pytester, monkeypatch, two, *args, "--stridecheck-shard=2/2").ret == 0
    merged = pytester.path / "merged.jsonl"
    joined = merge([str(one), str(two)], str(merged))
    assert len(joined.runs) == 2
    assert load([str(merged)]).examples == joined.examples

    def body(path: Path) -> dict[str, Any]:
        return {k: v for k, v in summarize(load([str(path)])).items() if k != "header"}

    assert body(merged) == body(whole)
    assert body(one) != body(whole), "each shard alone holds only part of the run"


@pytest.mark.parametrize("content, expected", [
    ('{"schema": 1, "kind": "run", "run": "a"}\n{"schema": 1, "kind": "exam', "truncated"),
    ("not json at all\n", "not a JSON record"),
    ('{"schema": 99, "kind": "run"}\n', "schema 99"),
    ('{"kind": "run"}\n', "no schema field"),
    ('{"schema": 1, "kind": "weird"}\n', "unknown record kind"),
])
def test_bad_results_are_refused_with_the_line(tmp_path: Path, content: str,
                                               expected: str) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text(content)
    with pytest.raises(ResultsError, match=expected) as info:
        load([str(path)])
    assert f"{path}:" in str(info.value) and "\n" not in str(info.value)


def test_missing_results_file(tmp_path: Path) -> None:
    with pytest.raises(ResultsError, match="no such results file"):
        load([str(tmp_path / "nope.jsonl")])


@pytest.mark.parametrize("command", ["report", "merge"])
def test_commands_refuse_bad_results_with_one_line_and_write_nothing(
        tmp_path: Path, command: str) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"schema": 1, "kind": "run", "run": "a"}\n{"schema": 1, "ki')
    out = tmp_path / "out"
    argv = [str(bad), "--out", str(out)] if command == "report" else [
        str(bad), "-o", str(out / "merged.jsonl")]
    done = subprocess.run([sys.executable, "-m", "stridecheck.reports", command, *argv],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert f"{bad}:2" in done.stderr
    assert not out.exists() or not any(out.iterdir()), "nothing half-written"
