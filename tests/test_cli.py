"""The stridecheck command: version, catalogue, differential run, usage errors."""

from __future__ import annotations

import subprocess
import sys

import pytest

from stridecheck.reference.ops import OPS
from stridecheck.reports.cli import main


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.startswith("stridecheck ")


def test_ops_lists_the_whole_catalogue(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ops"]) == 0
    out = capsys.readouterr().out
    for op in OPS:
        assert op.key in out
    assert f"{len(OPS)} ops" in out


def test_sweep_checks_programs_and_exits_zero_when_all_agree(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sweep", "--count", "50", "--seed", "3", "-q"]) == 0
    assert "50 programs checked" in capsys.readouterr().out


def test_run_runs_the_conformance_suite_on_a_target() -> None:
    out = subprocess.run([sys.executable, "-m", "stridecheck.reports", "run", "--targets",
                          "eager:cpu", "--max-examples", "20", "-n", "0", "--profile", "dev"],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert "passed" in out.stdout


@pytest.mark.parametrize("argv", [["sweep", "--count", "0"], ["sweep", "--count", "x"],
                                  ["sweep", "--seed", "-1"], ["bogus"], [],
                                  ["run", "--targets", "eager:tpu9"], ["run", "--profile", "x"],
                                  ["run", "--shard", "3/2"]])
def test_usage_errors_exit_2_with_one_line(argv: list[str]) -> None:
    out = subprocess.run([sys.executable, "-m", "stridecheck.reports", *argv],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2, out
    assert "Traceback" not in out.stderr
