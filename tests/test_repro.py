"""Repro scripts: they need torch alone, catch injected torch bugs and pass on torch as it is.

Each script runs in a fresh interpreter where importing stridecheck fails, with or without an
injected bug (tests/injected_bugs.py) installed around it.
"""

from __future__ import annotations

import ast
import os
import pathlib
import subprocess
import sys
from typing import Any

import pytest
from injected_bugs import BUGS

from stridecheck.conformance.outcome import DIVERGENCE, check, replay_record
from stridecheck.conformance.targets import all_targets
from stridecheck.reports.repro import script, write_scripts
from stridecheck.strategies.parse import parse
from stridecheck.strategies.program import Op, Program, Step

TESTS_DIR = str(pathlib.Path(__file__).resolve().parent)

# Runs a script as __main__ with stridecheck unimportable and, if named, a bug installed.
RUNNER = """
import contextlib, runpy, sys

class BlockStridecheck:
    def find_spec(self, name, path=None, target=None):
        if name == "stridecheck" or name.startswith("stridecheck."):
            raise ImportError(f"blocked import of {name}")
        return None

sys.meta_path.insert(0, BlockStridecheck())
for name in [m for m in sys.modules if m.split(".")[0] == "stridecheck"]:
    del sys.modules[name]
script, bug, tests_dir = sys.argv[1:4]
sys.path.insert(0, tests_dir)
install = contextlib.nullcontext
if bug:
    from injected_bugs import BUGS
    install = next(b for b in BUGS if b.name == bug).install
sys.argv = [script]
code = 0
with install():
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as exc:  # the script's verdict; leave the bug's context cleanly
        code = exc.code
sys.exit(code)
"""


def _failure(program: str, target: str, **extra: Any) -> dict[str, Any]:
    """Return a failure record as the suite writes it, for hand-written torch code."""
    record = {"kind": "failure", "target": target, "device": "cpu", "program": program,
              "diffs": [], "status": "divergence", "torch": "2.13.0", "seed": 7, "blob": None,
              "test": "test_view_chains", **extra}
    try:
        parsed = parse(program)
    except ValueError:
        return record  # nothing a script could replay
    if target in all_targets():
        record.update(replay_record(all_targets()[target], parsed))
    return record


def _write(tmp_path: pathlib.Path, failure: dict[str, Any]) -> str:
    path = tmp_path / "repro.py"
    path.write_text(script(failure))
    return str(path)


def run_script(path: str, bug: str = "") -> subprocess.CompletedProcess[str]:
    """Run a script with stridecheck blocked, inside the named injected bug if any."""
    return subprocess.run([sys.executable, "-c", RUNNER, path, bug, TESTS_DIR],
                          capture_output=True, text=True, timeout=300,
                          cwd=os.path.dirname(path))


def run_plainly(path: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, path], capture_output=True, text=True,
                          timeout=300, cwd=os.path.dirname(path))


def test_every_bug_named_here_exists() -> None:
    names = {b.name for b in BUGS}
    assert {b for b, *_ in CASES} <= names, sorted({b for b, *_ in CASES} - names)


def test_a_recorded_failure_becomes_a_script_that_fails_then_passes(
        tmp_path: pathlib.Path) -> None:
    bug = next(b for b in BUGS if b.name == "unsqueeze-last-stride-zero")
    program = Program((Step("x0", None, Op("arange", (6,), kind="factory")),
                       Step("x1", "x0", Op("unsqueeze", (-1,)))))
    with bug.install():
        outcome = check(program, all_targets()["eager:cpu"])
    assert outcome.status == DIVERGENCE, outcome.explain()
    record = {**outcome.failure_record("test_view_chains[eager:cpu]", "cpu"), "seed": 11,
              "torch": "2.13.0", "blob": "@reproduce_failure('6.0', b'AXic')"}
    path = _write(tmp_path, record)
    text = pathlib.Path(path).read_text()
    assert 'PROGRAM = """\\\nx0 = torch.arange(6)\nx1 = x0.unsqueeze(-1)\n"""' in text
    for shown in ("# target:    eager:cpu", "# seed:      11", "@reproduce_failure('6.0', b'AXic')",
                  "# torch:     2.13.0", "python <this file>"):
        assert shown in text, shown

    broken = run_script(path, bug.name)
    assert broken.returncode == 1, broken.stdout + broken.stderr
    assert ("x1.strides=(1, 0), but should be (1, 1) [x1 = x0.unsqueeze(-1) with x0.shape=(6,)]"
            in broken.stdout), broken.stdout
    fixed = run_plainly(path)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert "torch agrees with the expected behaviour" in fixed.stdout


# (bug, target, program, a line the diff must print)
CASES = [
    ("add-into-copy", "eager:cpu",
     "x0 = torch.arange(6.)\nx1 = x0[::2]\nx2 = x1.add_(1)",
     "x0.values=[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], but should be [1.0, 1.0, 3.0, 3.0, 5.0, 5.0]"),
    ("t-accepts-3d", "eager:cpu",
     "x0 = torch.zeros(2, 3, 4)\nx1 = x0.t()",
     "<step>.exception=None, but should be 'RuntimeError: t() expects a tensor with <= 2 "
     "dimensions, but self is 3D' [x1 = x0.t() with x0.shape=(2, 3, 4)]"),
    ("squeeze-rejects-big-dims", "eager:cpu",
     "x0 = torch.zeros(2, 3)\nx1 = x0.squeeze(0)",
     "<step>.exception='RuntimeError: squeeze: dimension 0 has size 2, not 1', but should be "
     "None [x1 = x0.squeeze(0) with x0.shape=(2, 3)]"),
    ("meta-permute-reversed-strides", "meta",
     "x0 = torch.zeros(2, 3, 4, device='meta')\nx1 = x0.permute(2, 0, 1)",
     "x1.strides=(4, 12, 1), but should be (1, 12, 4)"),
    ("fake-select-no-offset", "fake:cpu",
     "x0 = torch.arange(6.)\nx1 = x0.unbind(0)[2]",
     "x1.storage_offset=0, but should be 2 [x1 = x0.unbind(0)[2] with x0.shape=(6,)]"),
    ("is-contiguous-no-arg-size1", "eager:cpu",
     "x0 = torch.arange(6.)\nx1 = x0.view(2, 1, 3)\nx2 = x1.transpose(0, 1)",
     "x2.is_contiguous()=False, but should be True [x2 = x1.transpose(0, 1) with "
     "x1.shape=(2, 1, 3)]"),
    ("unsqueeze-last-stride-zero", "compile:aot_eager",
     "x0 = torch.arange(6.)\nx0 = x0.reshape(2, 3)\nx1 = x0.permute(1, 0)\n"
     "x2 = x1.unsqueeze(-1)",
     "x2.strides=(1, 3, 0), but should be (1, 3, 1)"),
]


@pytest.mark.parametrize(("bug", "target", "program", "line"), CASES,
                         ids=[f"{c[1]}-{c[0]}" for c in CASES])
def test_script_catches_the_bug_and_passes_without_it(
        tmp_path: pathlib.Path, bug: str, target: str, program: str, line: str) -> None:
    path = _write(tmp_path, _failure(program, target))
    broken = run_script(path, bug)
    assert broken.returncode == 1, broken.stdout + broken.stderr
    assert line in broken.stdout, broken.stdout
    if target.startswith("compile:"):
        # the injected bug is eager torch's too: the script says the compiler is not alone
        assert "difference(s) too, so this is not the compiler's alone" in broken.stdout, \
            broken.stdout
    fixed = run_script(path)
    assert fixed.returncode == 0, fixed.stdout + fixed.stderr
    assert "torch agrees with the expected behaviour" in fixed.stdout


def test_a_bug_on_another_target_goes_unseen(tmp_path: pathlib.Path) -> None:
    # the meta-only bug lives in the Meta kernel: an eager CPU run must not see it
    path = _write(tmp_path, _failure("x0 = torch.zeros(2, 3, 4)\nx1 = x0.permute(2, 0, 1)",
                                     "eager:cpu"))
    out = run_script(path, "meta-permute-reversed-strides")
    assert out.returncode == 0, out.stdout + out.stderr


def test_compiled_script_shows_the_program_as_a_function(tmp_path: pathlib.Path) -> None:
    path = _write(tmp_path, _failure("x0 = torch.arange(6.)\nx0 = x0.reshape(2, 3)\n"
                                     "x1 = x0.t()\nx2 = x1[1]", "compile:aot_eager"))
    text = pathlib.Path(path).read_text()
    assert "    return torch.arange(6.0).reshape(2, 3)\n" in text
    assert "def program(x0):\n    x1 = x0.t()\n    x2 = x1[1]\n    return (x0, x1, x2)\n" in text


def test_values_with_nan_and_undefined_elements_compare(tmp_path: pathlib.Path) -> None:
    program = ("x0 = torch.tensor([float('nan'), float('inf'), -float('inf'), 1.5])\n"
               "x1 = torch.empty(2, 3)\nx2 = x1.t()\n"
               "x3 = torch.zeros(2, dtype=torch.complex64)\nx4 = x0.view(2, 2)")
    path = _write(tmp_path, _failure(program, "eager:cpu"))
    text = pathlib.Path(path).read_text()
    assert "[float('nan'), float('inf'), -float('inf'), 1.5]" in text
    assert "[None, None, None]" in text  # torch.empty's elements are not compared
    out = run_plainly(path)
    assert out.returncode == 0, out.stdout + out.stderr


def test_a_target_that_cannot_run_here_exits_2(tmp_path: pathlib.Path) -> None:
    if all_targets()["eager:cuda"].unavailable is None:
        pytest.skip("this machine has a CUDA device")
    path = _write(tmp_path, _failure("x0 = torch.arange(6, device='cuda')\n"
                                     "x1 = x0.unsqueeze(-1)", "eager:cuda"))
    out = run_script(path)
    assert out.returncode == 2, out.stdout + out.stderr
    assert out.stdout.strip().splitlines() == [
        f"cannot run eager:cuda here: torch {_torch_version()} reports no cuda device"]


def _torch_version() -> str:
    import torch
    return str(torch.__version__)


def test_refs_script_calls_ops_through_torch_refs(tmp_path: pathlib.Path) -> None:
    path = _write(tmp_path, _failure("x0 = torch.arange(6.)\nx1 = x0.reshape(2, 3)\n"
                                     "x2 = torch.permute(x1, (1, 0))\nx3 = x2.T\nx4 = x1[0]",
                                     "refs"))
    text = pathlib.Path(path).read_text()
    assert ('x1 = torch._refs.reshape(x0, 2, 3)\nx2 = torch._refs.permute(x1, (1, 0))\n'
            'x3 = x2.T\nx4 = x1[0]\n') in text
    out = run_plainly(path)
    assert out.returncode == 0, out.stdout + out.stderr


def test_scripts_never_import_stridecheck(tmp_path: pathlib.Path) -> None:
    path = _write(tmp_path, _failure("x0 = torch.arange(6)\nx1 = x0.unsqueeze(0)", "fake:cpu"))
    imported = set()
    for node in ast.walk(ast.parse(pathlib.Path(path).read_text())):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.add(node.module.split(".")[0])
    assert imported <= {"torch", "ast", "collections", "contextlib", "functools", "sys",
                        "typing", "warnings", "logging"}, imported


def test_hostile_strings_stay_inside_their_literals(tmp_path: pathlib.Path) -> None:
    marks = [tmp_path / f"escaped-{i}" for i in range(6)]
    escape = [f'\n"""\nopen({str(m)!r}, "w").close()\n"""\n#' for m in marks]
    program = (f"x0 = torch.arange(6)\nx1 = x0.to(device={escape[0]!r})\n"
               f"x2 = x0.flip('\"\"\"')")
    failure = _failure(program, "eager:cpu", test=escape[1], blob=escape[2],
                       torch="2.13\ropen(" + repr(str(marks[3])) + ", 'w').close()",
                       status=escape[4], diffs=[{"tensor": "x1", "field": "shape",
                                                 "actual": escape[5], "expected": "'''",
                                                 "context": "\u2028\x00\\"}])
    path = _write(tmp_path, failure)
    tree = ast.parse(pathlib.Path(path).read_text())
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)
             and isinstance(n.func, ast.Name) and n.func.id == "open"]
    assert not calls, "a string escaped into code"
    literal = next(n.value for n in tree.body if isinstance(n, ast.Assign)
                   and isinstance(n.targets[0], ast.Name) and n.targets[0].id == "PROGRAM")
    assert ast.literal_eval(literal) == failure["source"]
    out = run_plainly(path)
    assert out.returncode in (0, 1), out.stdout + out.stderr
    assert not [m for m in marks if m.exists()]


def test_write_scripts_names_files_safely_and_skips_unreplayable(
        tmp_path: pathlib.Path) -> None:
    failures = [_failure("x0 = torch.arange(6)\nx1 = x0.t()", "eager:cpu", op="t"),
                _failure("not python (", "eager:cpu"),
                _failure("x0 = torch.arange(6)", "meta", op="../../evil name")]
    out = tmp_path / "repros"
    written = write_scripts(failures, str(out))
    assert sorted(written) == [0, 2]
    assert os.path.basename(written[0]) == "repro-001-eager-cpu-t.py"
    assert os.path.basename(written[2]) == "repro-003-meta-evil-name.py"
    assert sorted(os.listdir(out)) == sorted(os.path.basename(p) for p in written.values())
    for path in written.values():
        assert os.access(path, os.X_OK)
        ast.parse(pathlib.Path(path).read_text())


def test_a_record_without_replay_data_is_refused() -> None:
    with pytest.raises(ValueError, match="nothing to replay"):
        script(_failure("x0 = torch.arange(6)", "tpu"))


def test_a_crash_record_carries_its_replay(tmp_path: pathlib.Path) -> None:
    import json

    from stridecheck.conformance.outcome import complete_crash
    from stridecheck.conformance.results import collect_crashes

    path = str(tmp_path / "results.jsonl")
    recorder = recorder_of(path)
    recorder.started("test_view_chains[eager:cpu]", "eager:cpu", "cpu",
                     parse("x0 = torch.arange(6.)\nx1 = x0.view(2, 3)\nx2 = x1.t()"))
    os.close(recorder.inflight._fd)  # the process dies with the example in flight
    assert collect_crashes(path, "died", complete=complete_crash) == 1
    failure = next(r for r in map(json.loads, open(path)) if r["kind"] == "failure")
    assert failure["source"] == "x0 = torch.arange(6.0)\nx1 = x0.view(2, 3)\nx2 = x1.t()\n"
    assert failure["expected"][-1]["tensors"]["x2"]["strides"] == [1, 3]
    out = run_script(_write(tmp_path, failure))
    assert out.returncode == 0, out.stdout + out.stderr


def recorder_of(path: str) -> Any:
    from stridecheck.conformance.results import Recorder
    return Recorder(path, "w0", {"run": "r", "seed": 1, "torch": "2.13.0", "build": {}})
