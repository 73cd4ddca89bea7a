"""The conformance suite on a backend really registered as PrivateUse1 (`strideu`).

tests/strideu_backend.py registers the device in each process that loads it (`-p
strideu_backend`): real storages over host memory, ATen's view kernels, CPU kernels for the
rest. The suite finds the device under its registered name, checks it like any device, and
catches and shrinks a bug injected into that device alone.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from stridecheck.reports.reading import load

TESTS = str(Path(__file__).parent)
TRANSPOSING = {"transpose", "t", "mT", "mH", "H", "adjoint", "swapaxes", "swapdims",
               "transpose_", "t_", "swapaxes_", "swapdims_"}
# ops that run the transpose kernel inside (linear its weight.t(), the convolutions their
# operands): a transpose that copies shows in their layouts, values and errors too
TRANSPOSING_INSIDE = {"nn.functional.linear", "nn.functional.conv1d", "nn.functional.conv2d",
                      "nn.functional.conv_transpose1d", "nn.functional.conv_transpose2d"}

pytestmark = pytest.mark.skipif(
    shutil.which(os.environ.get("CXX", "g++")) is None,
    reason="the strideu test backend is built with a C++ compiler, and none was found")


def _env(bug: str | None, *paths: str) -> dict[str, str]:
    path = os.pathsep.join((*paths, TESTS, os.environ.get("PYTHONPATH", "")))
    env = {**os.environ, "PYTHONPATH": path}
    env.pop("STRIDEU_BUG", None)
    if bug:
        env["STRIDEU_BUG"] = bug
    return env


def _autoloading(folder: Path) -> str:
    """Return a folder for PYTHONPATH whose package metadata names strideu_backend in the
    `torch.backends` entry-point group: `import torch` then loads it, in every process, as
    it loads an installed out-of-tree backend."""
    info = folder / "strideu_backend-0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: strideu-backend\nVersion: 0\n")
    (info / "entry_points.txt").write_text(
        "[torch.backends]\nstrideu = strideu_backend:autoload\n")
    return str(folder)


def _run(out: Path, bug: str | None, autoload: bool = False,
         tests: str = "not known_divergence") -> subprocess.CompletedProcess[str]:
    # the device comes from torch's own autoloading, or from a pytest plugin importing it
    paths = (_autoloading(out / "site"),) if autoload else ()
    plugin = () if autoload else ("-p", "strideu_backend")
    return subprocess.run(
        [sys.executable, "-m", "stridecheck.reports", "run", "--devices", "strideu",
         "--targets", "eager:strideu,fake:strideu", "--profile", "ci", "--max-examples",
         "100", "-n", "2", "-q", "--prelude", "import strideu_backend", "--out", str(out),
         "--", *plugin, "-k", tests],
        capture_output=True, text=True, timeout=600, env=_env(bug, *paths))


def test_the_suite_runs_on_the_autoloaded_device_and_it_conforms(tmp_path: Path) -> None:
    done = _run(tmp_path, None, autoload=True)
    assert done.returncode == 0, done.stdout[-3000:]
    results = load([str(tmp_path / "results.jsonl")])
    targets = {t["name"]: t for t in results.runs[0]["targets"]}
    assert targets["eager:strideu"]["available"] and targets["fake:strideu"]["available"]
    assert "strideu" in results.runs[0]["devices"]
    checked = [e for e in results.examples if e["status"] in ("pass", "known")]
    assert {e["target"] for e in checked} == {"eager:strideu", "fake:strideu"}
    assert {e["device"] for e in checked} == {"strideu"}
    assert len(checked) >= 400


def test_a_device_only_bug_is_caught_shrunk_and_repro_scripts_show_it(tmp_path: Path) -> None:
    # the random programs find and shrink it (the layout matrix's cells on the device are the
    # other test's business)
    done = _run(tmp_path, "transpose-contiguous", tests="view_chains or alias_programs")
    assert done.returncode == 1, done.stdout[-3000:]
    results = load([str(tmp_path / "results.jsonl")])
    failures = results.failures
    assert failures and {f["target"] for f in failures} == {"eager:strideu"}, \
        "fake tensors run meta kernels: the device's bug is not theirs"
    assert {f["op"] for f in failures} <= TRANSPOSING | TRANSPOSING_INSIDE
    # a transpose that copies shows in the strides of its result, or, once a function's body
    # goes on from it (the function programs of the layout matrix), in what it aliases
    direct = [f for f in failures if f["op"] in TRANSPOSING]
    assert all(f["diffs"][0]["field"] in ("strides", "storage_offset", "base", "storage")
               for f in direct), [f["diffs"][0]["field"] for f in direct]
    assert any(f["diffs"][0]["field"] == "strides" for f in direct)
    assert min(len(f["program"].split("\n")) for f in failures) <= 5, "shrunk"
    script = min((tmp_path / "repros").glob("repro-*.py"), key=lambda p: p.stat().st_size)
    for bug, code in (("transpose-contiguous", 1), (None, 0)):
        replayed = subprocess.run([sys.executable, str(script)], capture_output=True,
                                  text=True, timeout=120, env=_env(bug))
        assert replayed.returncode == code, replayed.stdout + replayed.stderr
