"""Results as JSON lines, written while the suite runs so a crash or an interrupt loses nothing.

Every line is one JSON object with `schema` (SCHEMA) and `kind`:

- `run`: one per pytest session (controller): `run` (id), `started` (epoch seconds), `torch`,
  `build` (cuda, hip, git, debug), `python`, `platform`, `devices`, `targets` (name,
  available, reason, unchecked fields), `profile`, `seed`, `shard`, `known_files` (a team's
  known-divergence files in use), `stridecheck`.
- `example`: one per checked example: `run`, `test`, `target`, `device`, `dtype`, `rank`,
  `length` (steps), `ops` (catalogue keys in program order), `op` and `family` (where it
  diverged, else null), `status` (pass, divergence, known, unsupported, crash), `known` (the
  entry id), `shrink` (true for the examples Hypothesis tried while shrinking a failure).
- `failure`: one per shrunk divergence or crash: the `example` fields plus `program` (torch
  source), `diffs` (tensor, field, actual, expected, context; values as text), `tensors`
  (`expected`/`actual`: name -> shape, strides, storage_offset, storage, base at the step that
  differed), `conditions` (the known-divergence conditions on differences it meets),
  `message`, `seed`, `blob` (Hypothesis' reproduce_failure text), `torch`, `build`.
- `stale`: one per known-divergence entry whose repro no longer diverges: `id`, `source` (the
  team's file, "" for the packaged one), `target`, `torch`.
- `end`: `run`, `duration` (seconds), `exitstatus`.

Workers of pytest-xdist append to the same file: each line is one `write` to a file opened
with O_APPEND under an exclusive lock, so lines never interleave.
"""

from __future__ import annotations

import fcntl
import glob
import json
import os
from collections.abc import Callable
from typing import Any

from stridecheck.strategies.program import to_data

SCHEMA = 1
PASS, DIVERGENCE, KNOWN, UNSUPPORTED, CRASH = "pass", "divergence", "known", "unsupported", "crash"
STATUSES = (PASS, DIVERGENCE, KNOWN, UNSUPPORTED, CRASH)
KINDS = ("run", "example", "failure", "stale", "end")


def package_version() -> str:
    """Return the installed stridecheck's version ("unknown" for an uninstalled checkout)."""
    from importlib import metadata
    try:
        return metadata.version("stridecheck")
    except metadata.PackageNotFoundError:
        return "unknown"


def encode(record: dict[str, Any]) -> bytes:
    """Return one results line for `record` (schema stamped first)."""
    return (json.dumps({"schema": SCHEMA, **record}, separators=(",", ":"), default=str)
            + "\n").encode()


class ResultsFile:
    """An append-only results file shared by every process of a run."""

    def __init__(self, path: str) -> None:
        self.path = path
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def write(self, record: dict[str, Any]) -> None:
        data = encode(record)
        fcntl.flock(self._fd, fcntl.LOCK_EX)
        try:
            os.write(self._fd, data)
        finally:
            fcntl.flock(self._fd, fcntl.LOCK_UN)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


class Inflight:
    """The example a process is checking right now, on disk, so a segfault leaves it behind."""

    def __init__(self, results_path: str, worker: str) -> None:
        self.path = f"{results_path}.inflight-{worker}"
        self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)

    def set(self, record: dict[str, Any]) -> None:
        data = encode(record)
        os.ftruncate(self._fd, 0)
        os.pwrite(self._fd, data, 0)

    def clear(self) -> None:
        os.ftruncate(self._fd, 0)

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1
            os.unlink(self.path)


def collect_crashes(results_path: str, reason: str, record: bool = True,
                    complete: Callable[[dict[str, Any]], dict[str, Any]] | None = None) -> int:
    """Turn examples left in flight by dead processes into crash records; return how many.

    With `record` false (the run was interrupted) the in-flight files are only removed: an
    example stopped by Ctrl-C did not crash. `complete` adds to each failure record what
    replaying it takes (outcome.complete_crash).
    """
    found = 0
    out: ResultsFile | None = None
    for path in sorted(glob.glob(glob.escape(results_path) + ".inflight-*")):
        with open(path, "rb") as fh:
            text = fh.read().decode(errors="replace").strip()
        os.unlink(path)
        if not text or not record:
            continue
        try:
            example = json.loads(text)
        except ValueError:
            continue  # the process died while writing it: nothing to attribute
        example.pop("schema", None)
        example.update(status=CRASH, shrink=False)
        failure = {**example, "kind": "failure", "diffs": [], "tensors": {}, "message": reason,
                   "blob": None, "index": -1}
        if complete is not None:
            failure = complete(failure)
        for key in ("program", "steps", "seed", "torch", "build"):
            example.pop(key, None)
        out = out or ResultsFile(results_path)
        out.write({**example, "kind": "example"})
        out.write(failure)
        found += 1
    if out is not None:
        out.close()
    return found


class Recorder:
    """Streams one process's examples and failures into the run's results file."""

    def __init__(self, path: str, worker: str, run: dict[str, Any]) -> None:
        self.file = ResultsFile(path)
        self.inflight = Inflight(path, worker)
        # what every failure record repeats from the run, so one line stands on its own
        self.run = run

    def started(self, test: str, target: str, device: str, program: Any) -> None:
        self.inflight.set({"kind": "example", "run": self.run["run"], "test": test,
                           "target": target, "device": device, "dtype": "", "rank": -1,
                           "length": len(program), "ops": program.op_keys(),
                           "op": None, "family": None,
                           "status": CRASH, "known": None, "program": repr(program),
                           "steps": to_data(program), **self.run})

    def example(self, record: dict[str, Any]) -> None:
        self.file.write({**record, "run": self.run["run"]})
        self.inflight.clear()

    def failure(self, record: dict[str, Any], blob: str | None) -> None:
        self.file.write({**record, **self.run, "blob": blob})

    def stale(self, entry: Any, target: str) -> None:
        self.file.write({"kind": "stale", "run": self.run["run"], "id": entry.id,
                         "source": entry.source, "target": target,
                         "torch": self.run.get("torch")})

    def close(self) -> None:
        self.inflight.close()
        self.file.close()


def reproduce_blob(exc: BaseException) -> str | None:
    """Return the `@reproduce_failure(...)` text Hypothesis attached to a failure, if any."""
    for note in getattr(exc, "__notes__", ()):
        start = note.find("@reproduce_failure(")
        if start >= 0:
            end = note.find(")", start)
            return note[start:end + 1] if end > start else None
    return None
