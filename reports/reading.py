"""Read, check and merge results files (JSON lines written by the conformance plugin).

The record kinds and their fields are the TypedDicts of `stridecheck.conformance.results`.
Anything that is not a results file of this schema raises `ResultsError` with one line that
names the file and the line.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from stridecheck.conformance.results import (
    KINDS,
    SCHEMA,
    EndRecord,
    ExampleRecord,
    FailureRecord,
    Record,
    RunRecord,
    StaleRecord,
    encode,
)


class ResultsError(ValueError):
    """A results file that cannot be read: missing, corrupt, or of another schema."""


@dataclass
class Results:
    """Every record of one or more results files, by kind, in file order."""

    runs: list[RunRecord] = field(default_factory=list)
    examples: list[ExampleRecord] = field(default_factory=list)
    failures: list[FailureRecord] = field(default_factory=list)
    # known-divergence entries whose repro no longer diverges
    stales: list[StaleRecord] = field(default_factory=list)
    ends: list[EndRecord] = field(default_factory=list)

    def add(self, record: Record) -> None:
        if record["kind"] == "run":
            self.runs.append(record)
        elif record["kind"] == "example":
            self.examples.append(record)
        elif record["kind"] == "failure":
            self.failures.append(record)
        elif record["kind"] == "stale":
            self.stales.append(record)
        else:
            self.ends.append(record)

    def records(self) -> Iterable[Record]:
        """Yield every record: runs first, then examples, failures, stale entries and ends."""
        yield from self.runs
        yield from self.examples
        yield from self.failures
        yield from self.stales
        yield from self.ends

    def __len__(self) -> int:
        return sum(1 for _ in self.records())


def parse_line(text: str, where: str) -> Record:
    """Return one record, or raise ResultsError naming `where` (file:line)."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ResultsError(f"{where}: not a JSON record ({exc.msg}); the file is truncated "
                           "or corrupt") from None
    if not isinstance(record, dict) or "schema" not in record:
        raise ResultsError(f"{where}: not a stridecheck results record (no schema field)")
    if record["schema"] != SCHEMA:
        raise ResultsError(f"{where}: results schema {record['schema']!r}, but this "
                           f"stridecheck reads schema {SCHEMA}")
    if record.get("kind") not in KINDS:
        raise ResultsError(f"{where}: unknown record kind {record.get('kind')!r}")
    # the kind is checked; the fields are not: readers `.get` what older versions lack
    return cast(Record, record)


def load(paths: Sequence[str]) -> Results:
    """Read every record of the files, checking each line; raise ResultsError on bad input."""
    if not paths:
        raise ResultsError("no results files given")
    out = Results()
    for path in paths:
        if not os.path.isfile(path):
            raise ResultsError(f"{path}: no such results file")
        try:
            with open(path, encoding="utf-8") as fh:
                lines = fh.read().split("\n")
        except (OSError, UnicodeDecodeError) as exc:
            raise ResultsError(f"{path}: cannot read it ({exc})") from None
        for number, line in enumerate(lines, 1):
            if line.strip():
                out.add(parse_line(line, f"{path}:{number}"))
    return out


def write_atomically(path: str, data: bytes) -> None:
    """Write a whole file or nothing: a temporary file beside it, renamed into place."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=os.path.basename(path))
    umask = os.umask(0)
    os.umask(umask)
    try:
        # mkstemp makes the file private; the result should be as readable as any other
        os.fchmod(fd, 0o666 & ~umask)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def merge(paths: Sequence[str], out: str) -> Results:
    """Join results of several shards or machines into one file; return what it holds.

    Every input is checked before anything is written; a run's records keep their order.
    """
    results = load(paths)
    write_atomically(out, b"".join(encode(_without_schema(r)) for r in results.records()))
    return results


def _without_schema(record: Record) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k != "schema"}
