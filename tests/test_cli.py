"""The stridecheck command: version, catalogue, differential run, usage errors."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from injected_bugs import MATRIX_BUGS

from stridecheck.conformance import known
from stridecheck.conformance.plugin import BLOCK_SHARE, NETWORK_SHARE
from stridecheck.conformance.results import STATUSES
from stridecheck.reference.ops import OPS
from stridecheck.reports.cli import main
from stridecheck.reports.reading import Results, load
from stridecheck.reports.repro import script_name
from stridecheck.reports.summary import summarize
from stridecheck.strategies.matrix import cell_programs

TESTS = str(Path(__file__).parent)


def summary_line(results: Results) -> str:
    """Return the counts line `stridecheck run` must print for these results."""
    counts = Counter(e["status"] for e in results.examples if not e["shrink"])
    return "stridecheck: " + ", ".join(
        f"{counts[s]} {s}" for s in ("pass", "known", "unsupported", "divergence", "crash")) \
        + " example(s)"


def ops_rows(out: str) -> dict[str, str]:
    """Return the lines of `stridecheck ops` by op key (header and total left out)."""
    lines = out.splitlines()
    assert lines[0].split()[:2] == ["op", "family"], lines[0]
    return {line.split()[0]: line for line in lines[1:-1]}


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.startswith("stridecheck ")


def test_ops_lists_the_whole_catalogue(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ops"]) == 0
    out = capsys.readouterr().out
    rows = ops_rows(out)
    assert list(rows) == [op.key for op in OPS], "one line per op, in catalogue order"
    for op in OPS:
        assert rows[op.key].split()[1] == op.family
        assert rows[op.key].endswith("; every dtype the op accepts"), rows[op.key]
    families = len({op.family for op in OPS})
    assert out.splitlines()[-1] == f"{len(OPS)} ops in {families} families"


def _example(status: str, target: str, dtype: str, ops: list[str],
             shrink: bool = False) -> dict[str, Any]:
    return {"schema": 1, "kind": "example", "run": "r", "test": f"test_view_chains[{target}]",
            "target": target, "device": "cpu", "dtype": dtype, "rank": 1,
            "length": len(ops) + 1, "ops": ops, "op": None, "family": None, "status": status,
            "known": None, "shrink": shrink}


def test_ops_with_results_names_where_each_op_was_compared(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "results.jsonl"
    records = [{"schema": 1, "kind": "run", "run": "r", "torch": "2.13.0"},
               _example("pass", "eager:cpu", "float32", ["view", "t"]),
               _example("known", "meta", "int64", ["view"]),
               # neither compares its ops: the target could not run it, or Hypothesis tried
               # it while shrinking
               _example("unsupported", "eager:cpu", "float32", ["unfold", "view"]),
               _example("pass", "eager:cpu", "bool", ["diagonal"], shrink=True)]
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    assert main(["ops", str(path)]) == 0
    rows = ops_rows(capsys.readouterr().out)
    assert list(rows) == [op.key for op in OPS]
    assert rows["view"].endswith("  eager:cpu, meta; float32, int64"), rows["view"]
    assert rows["t"].endswith("  eager:cpu; float32"), rows["t"]
    for never in ("unfold", "diagonal", "permute"):
        assert rows[never].endswith("  never exercised"), rows[never]
    # the report's coverage reads the same examples the same way
    summary = summarize(load([str(path)]))
    assert [u["op"] for u in summary["unexercised"]] == [
        key for key, row in rows.items() if row.endswith("never exercised")]
    assert dict(summary["coverage"]["op"]) == {"view": 2, "t": 1}


def test_sweep_checks_programs_and_exits_zero_when_all_agree(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", "--count", "50", "--seed", "3", "-q"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^50 programs checked in .*, 0 diverged, ", out, re.M), out
    assert "diverging program" not in out


def test_run_runs_the_suite_and_leaves_results_and_a_report(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "stridecheck.reports", "run", "--targets",
                          "eager:cpu", "--max-examples", "20", "-n", "0", "--profile", "dev",
                          "--out", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    records = load([str(tmp_path / "results.jsonl")])
    assert len(records.runs) == 1 and [e["exitstatus"] for e in records.ends] == [0]
    assert [t["name"] for t in records.runs[0]["targets"]] == ["eager:cpu"]
    assert not records.failures and {e["target"] for e in records.examples} == {"eager:cpu"}
    # a program the model has no rule for (unsupported) is no failure: its draw is random here
    assert {e["status"] for e in records.examples} <= {"pass", "known", "unsupported"}
    # each strategy's 20 examples are split over 4 tests (the network chains draw their share
    # of them, and at least 3)
    per_test = Counter(e["test"] for e in records.examples if not e["shrink"])
    network = {t: n for t, n in per_test.items() if t.startswith("test_network_chains")}
    blocks = {t: n for t, n in per_test.items() if t.startswith("test_network_blocks")}
    assert len(per_test) >= 2 * 4 and min(n for t, n in per_test.items()
                                          if t not in network and t not in blocks) \
        >= 20 // 4, per_test
    assert len(network) == 4 and min(network.values()) >= max(3, int(20 * NETWORK_SHARE) // 4), \
        per_test
    assert len(blocks) == 4 and min(blocks.values()) >= max(3, int(20 * BLOCK_SHARE) // 4), \
        per_test
    # what it prints: the counts of the results file, and where the report is
    report = tmp_path / "report.html"
    assert summary_line(records) in out.stdout.splitlines(), out.stdout[-2000:]
    assert out.stdout.splitlines()[-1] == f"report: {report}"
    page = report.read_text()
    counts = Counter(e["status"] for e in records.examples if not e["shrink"])
    for status in STATUSES:
        assert f'data-status="{status}">{counts[status]} {status}<' in page, status
    assert not (tmp_path / "repros").exists() or not any((tmp_path / "repros").iterdir())
    log = (tmp_path / "pytest.log").read_text()
    assert re.search(r"^\d+ passed", log.splitlines()[-1]), log[-500:]


def _run_with_bug(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bug: str, examples: str,
                  *pytest_args: str) -> subprocess.CompletedProcess[str]:
    """Run `stridecheck run` on eager:cpu in one process with an injected torch bug."""
    monkeypatch.setenv("PYTHONPATH", TESTS + os.pathsep + os.environ.get("PYTHONPATH", ""))
    monkeypatch.setenv("STRIDECHECK_INJECT", bug)
    return subprocess.run([sys.executable, "-m", "stridecheck.reports", "run", "--targets",
                           "eager:cpu", "--max-examples", examples, "-n", "0", "--profile",
                           "ci", "-q", "--out", str(tmp_path), "--", "-p", "inject_plugin",
                           *pytest_args], capture_output=True, text=True, timeout=600)


def test_run_with_a_divergence_exits_1_and_leaves_a_repro_that_exits_1(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = _run_with_bug(tmp_path, monkeypatch, "unsqueeze-last-stride-zero", "800",
                        "-k", "view_chains")
    assert out.returncode == 1, out.stdout[-2000:] + out.stderr[-2000:]
    records = load([str(tmp_path / "results.jsonl")])
    failures = records.failures
    assert failures and {(f["status"], f["target"]) for f in failures} == {
        ("divergence", "eager:cpu")}
    assert {f["diffs"][0]["field"] for f in failures} == {"strides"}
    # a script per failure, and for each the line that says where it is and how it differs
    scripts = sorted((tmp_path / "repros").glob("*.py"))
    assert [s.name for s in scripts] == [script_name(i, f) for i, f in enumerate(failures)]
    assert summary_line(records) in out.stdout.splitlines()
    for f, path in zip(failures, scripts):
        assert f"divergence on eager:cpu ({f['op']}), repro: {path}" in out.stdout
    assert out.stdout.count(".strides=(") >= len(failures)
    # the script needs torch alone: with the bug in the process it diverges, without it not
    replay = ("import runpy, sys; sys.path.insert(0, sys.argv[1]); "
              "from injected_bugs import BUGS; "
              "bug = {b.name: b for b in BUGS}['unsqueeze-last-stride-zero']\n"
              "with bug.install(): runpy.run_path(sys.argv[2], run_name='__main__')")
    monkeypatch.delenv("STRIDECHECK_INJECT")
    with_bug = subprocess.run([sys.executable, "-c", replay, TESTS, str(scripts[0])],
                              capture_output=True, text=True, timeout=120)
    assert with_bug.returncode == 1, with_bug.stdout + with_bug.stderr
    fixed = subprocess.run([sys.executable, "-m", "stridecheck.reports", "repro",
                            str(scripts[0])], capture_output=True, text=True, timeout=120)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr


def test_run_survives_pytest_dying_and_records_the_crash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = _run_with_bug(tmp_path, monkeypatch, "segfault-unsqueeze-3d", "200")
    assert out.returncode == 1, out.stdout[-2000:] + out.stderr[-2000:]
    records = load([str(tmp_path / "results.jsonl")])
    crashes = [f for f in records.failures if f["status"] == "crash"]
    assert len(crashes) == 1 and "killed by signal" in crashes[0]["message"]
    assert crashes[0]["target"] == "eager:cpu" and crashes[0]["program"].startswith("x0 = ")
    # pytest died before its end record; the crash is counted and gets a repro script
    assert not records.ends
    assert summary_line(records) in out.stdout.splitlines()
    assert sum(e["status"] == "crash" for e in records.examples) == 1
    script = tmp_path / "repros" / script_name(records.failures.index(crashes[0]), crashes[0])
    assert script.is_file(), sorted((tmp_path / "repros").glob("*"))
    # the process died before the example knew where it diverged
    assert crashes[0]["op"] is None
    assert f"crash on eager:cpu, repro: {script}" in out.stdout
    assert (tmp_path / "report.html").stat().st_size > 0


def test_a_device_fault_is_recorded_unshrunk_and_the_device_judged_no_further(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = _run_with_bug(tmp_path, monkeypatch, "fault-unsqueeze-3d", "200", "-k", "view_chains")
    assert out.returncode == 1, out.stdout[-2000:] + out.stderr[-2000:]
    records = load([str(tmp_path / "results.jsonl")])
    # one failure: the program that faulted, as it was (nothing replays on a lost device)
    [failure] = records.failures
    assert failure["status"] == "divergence" and failure["target"] == "eager:cpu"
    assert "device-side assert" in failure["diffs"][0]["actual"]
    assert "not shrunk: the cpu device faulted" in (tmp_path / "pytest.log").read_text()
    # every later example in the process is unsupported, none a divergence of its own
    statuses = [e["status"] for e in records.examples]
    after = statuses[statuses.index("divergence") + 1:]
    assert after and set(after) == {"unsupported"}, Counter(after)


@pytest.mark.parametrize("argv, error", [
    (["sweep", "--count", "0"], "stridecheck sweep: error: argument --count: 0 must be >= 1"),
    (["sweep", "--count", "x"], "stridecheck sweep: error: argument --count: 'x' is not a "
                                "whole number"),
    (["sweep", "--seed", "-1"], "stridecheck sweep: error: argument --seed: -1 must be >= 0"),
    (["bogus"], "stridecheck: error: argument COMMAND: invalid choice: 'bogus'"),
    (["run", "--targets", "eager:tpu9"], "stridecheck: error: unknown target(s) eager:tpu9;"),
    (["run", "--profile", "x"], "stridecheck: error: unknown profile 'x'"),
    (["run", "--shard", "3/2"], "stridecheck: error: --shard='3/2': need 1 <= I <= N"),
    (["run", "--budget", "30x"], "stridecheck run: error: argument --budget: '30x': expected "
                                 "a duration such as 90s, 30m or 2h"),
    (["coverage"], "stridecheck coverage: error: the following arguments are required"),
])
def test_usage_errors_exit_2_with_one_line(tmp_path: Path, argv: list[str], error: str) -> None:
    out = subprocess.run([sys.executable, "-m", "stridecheck.reports", *argv],
                         capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert out.returncode == 2, out
    assert out.stderr.startswith(error) and out.stderr.count("\n") == 1, out.stderr
    assert not out.stdout
    assert not any(tmp_path.iterdir()), "a usage error runs nothing and writes nothing"


def test_a_campaign_goes_on_past_each_class_until_its_budget(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the injected bug shows at unsqueeze and at x[..., None]: a run stops each test at its
    # first divergence, a campaign's later rounds know the classes found and look further
    monkeypatch.setenv("PYTHONPATH", TESTS + os.pathsep + os.environ.get("PYTHONPATH", ""))
    monkeypatch.setenv("STRIDECHECK_INJECT", "unsqueeze-last-stride-zero")
    out = subprocess.run([sys.executable, "-m", "stridecheck.reports", "run", "--targets",
                          "eager:cpu", "--budget", "45s", "-n", "0", "--profile", "dev", "-q",
                          "--out", str(tmp_path), "--", "-p", "inject_plugin", "-k",
                          "view_chains"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 1, out.stdout[-3000:] + out.stderr[-2000:]
    rounds = re.findall(r"^  round (\d+) done: (\d+) class", out.stdout, re.M)
    assert len(rounds) >= 2, out.stdout[-3000:]
    records = load([str(tmp_path / "results.jsonl")])
    # every round that got as far as pytest's session start recorded its run (the last one
    # may be stopped by the budget before)
    assert 2 <= len(records.runs) <= len(rounds) + 1
    entries = known.entries([str(tmp_path / "campaign-known.toml")], None, packaged=False)
    assert entries and int(rounds[-1][1]) == len(entries)
    # later rounds count the classes found before as known, and go on
    assert {r["known"] for r in records.examples if r["status"] == "known"} & \
        {e.id for e in entries}
    listed = out.stdout.split("class(es) of divergence in the campaign:")[1]
    assert all(f"eager:cpu at {e.ops[0]}: " in listed for e in entries), listed


def test_a_budget_that_ends_inside_the_matrix_keeps_the_classes_it_found(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the whole matrix as one test takes half a minute on eager:cpu: the budget stops it
    # inside, and what it found so far is recorded as it would be at its end (the bug is in
    # every logic op, of which its hunts draw four)
    bug = next(b for b in MATRIX_BUGS if b.name == "logic-gapped-out-ignored")
    monkeypatch.setenv("PYTHONPATH", TESTS + os.pathsep + os.environ.get("PYTHONPATH", ""))
    monkeypatch.setenv("STRIDECHECK_INJECT", bug.name)
    out = subprocess.run([sys.executable, "-m", "stridecheck.reports", "run", "--targets",
                          "eager:cpu", "--budget", "12s", "-n", "0", "--profile", "ci", "-q",
                          "--out", str(tmp_path), "--", "-p", "inject_plugin", "-k",
                          "test_layout_matrix", "--stridecheck-parts=1"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 1, out.stdout[-3000:] + out.stderr[-2000:]
    records = load([str(tmp_path / "results.jsonl")])
    matrix = [e for e in records.examples if e["test"].startswith("test_layout_matrix")]
    assert 0 < len(matrix) < len(cell_programs()), len(matrix)  # stopped inside
    found = [f for f in records.failures if f["test"].startswith("test_layout_matrix")]
    assert found and all(f["family"] == "logic" and f["count"] >= 1 for f in found), \
        [(f["op"], f.get("count")) for f in found]
    assert sum(f["count"] for f in found) == sum(e["status"] == "divergence" for e in matrix)
    assert f"eager:cpu at {found[0]['op']}: " in out.stdout


_STOP_WHILE_SHRINKING = """
from stridecheck.conformance.results import Recorder

_real = Recorder.example


def _example(self, record):
    _real(self, record)
    if record["shrink"]:
        raise KeyboardInterrupt  # as a campaign's budget stops a test in its shrinking
    return None


Recorder.example = _example
"""


def test_a_test_stopped_while_shrinking_keeps_each_class_found_unshrunk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "stop_probe.py").write_text(_STOP_WHILE_SHRINKING)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        [TESTS, str(tmp_path), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setenv("STRIDECHECK_INJECT", "unsqueeze-last-stride-zero")
    results = tmp_path / "results.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--pyargs", "stridecheck.conformance", "-q",
         "-p", "no:cacheprovider", "-p", "inject_plugin", "-p", "stop_probe", "-k",
         "test_view_chains", "--stridecheck-targets=eager:cpu", "--stridecheck-parts=1",
         "--stridecheck-profile=dev", "--stridecheck-max-examples=1000",
         f"--stridecheck-results={results}"],
        capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert done.returncode == 2, done.stdout[-2000:] + done.stderr[-2000:]  # interrupted
    records = load([str(results)])
    found = [e for e in records.examples if e["status"] == "divergence"]
    assert found and not any(e["shrink"] for e in found[:1])
    assert len(records.failures) == 1 and records.failures[0]["op"] in ("unsqueeze",
                                                                          "__getitem__")
    assert records.failures[0]["program"], records.failures[0]


def test_no_command_prints_the_help_and_exits_2() -> None:
    out = subprocess.run([sys.executable, "-m", "stridecheck.reports"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and not out.stderr, out
    assert out.stdout.startswith("usage: stridecheck ")
    assert all(f"    {command}" in out.stdout for command in ("ops", "run", "report", "sweep"))


def test_the_working_tree_runs_without_installing(tmp_path: Path) -> None:
    # stridecheck_tree.py links the tree's layers into a `stridecheck` package of its own
    # (checked by hand in an environment without stridecheck installed: the same run)
    tree = Path(TESTS).parent
    out = subprocess.run([sys.executable, str(tree / "stridecheck_tree.py"), "run",
                          "--targets", "eager:cpu", "--max-examples", "5", "-n", "0",
                          "--profile", "dev", "--out", str(tmp_path)],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    sys.path.insert(0, str(tree))
    try:
        from stridecheck_tree import LAYERS, package_root
    finally:
        sys.path.remove(str(tree))
    package = Path(package_root()) / "stridecheck"
    assert all((package / layer).resolve() == tree / layer for layer in LAYERS)
    records = load([str(tmp_path / "results.jsonl")])
    assert records.examples and not records.failures
    assert [e["exitstatus"] for e in records.ends] == [0]
    assert summary_line(records) in out.stdout.splitlines()
