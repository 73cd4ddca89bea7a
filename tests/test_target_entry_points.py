"""A team registers a target of its own through the `stridecheck.targets` entry-point group."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import textwrap

import pytest

TOY = '''
"""A backend that needs its own setup: programs run with autograd switched off."""

from stridecheck.conformance.targets import Target


class NoGrad(Target):
    def _run(self, program):
        import torch
        with torch.no_grad():
            return super()._run(program)


class Miscounting(Target):
    """Reports one more element of storage offset than torch has: a bug to be caught."""

    def _run(self, program):
        results = super()._run(program)
        for r in results:
            for name, snap in list(r.live.items()):
                if snap.storage_offset:
                    r.live[name] = type(snap)(**{**{f: getattr(snap, f) for f in
                                                    snap.__slots__},
                                                 "storage_offset": snap.storage_offset + 1})
        return results


def targets():
    return [NoGrad("toy:nograd", "cpu", prelude="torch.set_grad_enabled(False)"),
            Miscounting("toy:miscounting", "cpu")]
'''


@pytest.fixture
def distribution(tmp_path: pathlib.Path) -> dict[str, str]:
    """Install (on a path) a distribution whose entry points register two toy targets."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "toy_targets.py").write_text(TOY)
    info = site / "toy_targets-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-targets\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(
        "[stridecheck.targets]\ntoy = toy_targets:targets\n")
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(site), env.get("PYTHONPATH", "")]).rstrip(
        os.pathsep)
    return env


def _suite(env: dict[str, str], tmp_path: pathlib.Path, target: str
           ) -> tuple[subprocess.CompletedProcess[str], list[dict[str, object]]]:
    results = tmp_path / f"{target.replace(':', '-')}.jsonl"
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--pyargs",
         "stridecheck.conformance", "-k", "view_chains", f"--stridecheck-targets={target}",
         "--stridecheck-max-examples=60", "--stridecheck-parts=1",
         f"--stridecheck-results={results}"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600)
    records = [json.loads(line) for line in results.read_text().splitlines()]
    return out, records


def test_a_registered_target_runs_the_suite(distribution: dict[str, str],
                                            tmp_path: pathlib.Path) -> None:
    out, records = _suite(distribution, tmp_path, "toy:nograd")
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-3000:]
    run = next(r for r in records if r["kind"] == "run")
    assert [t["name"] for t in run["targets"]] == ["toy:nograd"]
    examples = [r for r in records if r["kind"] == "example"]
    assert len(examples) >= 60 and {r["target"] for r in examples} == {"toy:nograd"}
    assert {r["status"] for r in examples} <= {"pass", "known"}


def test_a_registered_target_that_diverges_is_caught_and_replayable(
        distribution: dict[str, str], tmp_path: pathlib.Path) -> None:
    out, records = _suite(distribution, tmp_path, "toy:miscounting")
    assert out.returncode == 1, out.stdout[-3000:]
    failure = next(r for r in records if r["kind"] == "failure")
    assert failure["target"] == "toy:miscounting"
    assert [d["field"] for d in failure["diffs"]][:1] == ["storage_offset"]
    # what the report and the repro script need comes with the record, as data
    assert failure["setup"]["runner"] == "steps" and failure["source"].startswith("x0 = ")
    assert 0 <= failure["index"] < len(failure["steps"])
    assert failure["op"] == failure["steps"][failure["index"]]["op"] or failure["op"].startswith(
        failure["steps"][failure["index"]]["op"])


def test_stridecheck_run_accepts_a_registered_target(distribution: dict[str, str],
                                                     tmp_path: pathlib.Path) -> None:
    code = textwrap.dedent("""
        from stridecheck.conformance.targets import resolve_targets
        print([t.name for t in resolve_targets("toy:nograd,eager:cpu")])
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=distribution, timeout=120)
    assert out.stdout.strip() == "['toy:nograd', 'eager:cpu']", out.stderr
    bad = subprocess.run([sys.executable, "-m", "stridecheck.reports", "run", "--targets",
                          "toy:nope"], capture_output=True, text=True, env=distribution,
                         timeout=120, cwd=tmp_path)
    assert bad.returncode == 2 and "toy:nope" in bad.stderr and "toy:nograd" in bad.stderr
    listed = subprocess.run([sys.executable, "-m", "stridecheck.reports", "targets"],
                            capture_output=True, text=True, env=distribution, timeout=120)
    assert listed.returncode == 0, listed.stderr
    assert [line.split()[0] for line in listed.stdout.splitlines()][-2:] == [
        "toy:nograd", "toy:miscounting"]
