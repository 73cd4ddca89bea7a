"""Results as JSON lines, written while the suite runs so a crash or an interrupt loses nothing.

Every line is one JSON object with `schema` (SCHEMA, stamped by `encode`) and `kind`; the
record of each kind is a TypedDict below, which the plugin writes and `stridecheck.reports`
reads: `run` (RunRecord), `example` (ExampleRecord), `failure` (FailureRecord), `stale`
(StaleRecord) and `end` (EndRecord). Readers meet records of older versions too, so they read
with `.get` what a version may lack.

Workers of pytest-xdist append to the same file: each line is one `write` to a file opened
with O_APPEND under an exclusive lock, so lines never interleave.
"""

from __future__ import annotations

import fcntl
import glob
import json
import os
from collections.abc import Callable, Mapping
from typing import Any, Literal, NotRequired, TypedDict, cast

from stridecheck.strategies.program import to_data

SCHEMA = 1
PASS, DIVERGENCE, KNOWN, UNSUPPORTED, CRASH = "pass", "divergence", "known", "unsupported", "crash"
STATUSES = (PASS, DIVERGENCE, KNOWN, UNSUPPORTED, CRASH)
KINDS = ("run", "example", "failure", "stale", "end")


class BuildInfo(TypedDict):
    """The torch build a run used (`torch.version`)."""

    cuda: str | None
    hip: str | None
    git: str | None
    debug: bool


class TargetInfo(TypedDict):
    """One target of a run: whether it ran, and the fields it cannot show."""

    name: str
    kind: str
    available: bool
    reason: str | None  # why it cannot run here, when it cannot
    unchecked: list[str]


class RunRecord(TypedDict):
    """`run`: one per pytest session, written by the controller before any example."""

    kind: Literal["run"]
    run: str  # the run's id, which every other record of the run repeats
    started: float  # epoch seconds
    torch: str
    build: BuildInfo
    python: str
    platform: str
    devices: list[str]
    targets: list[TargetInfo]
    profile: str
    seed: str | int  # Hypothesis' seed, or "derandomized" / "random"
    max_examples: int | None
    shard: str | None  # "I/N"
    known_files: list[str]  # a team's known-divergence files in use
    stridecheck: str  # the package's version


class RunFacts(TypedDict):
    """What every failure record repeats from its run, so one line stands on its own."""

    run: str
    seed: str | int
    torch: str
    build: BuildInfo


class ExampleFields(TypedDict):
    """What an `example` record says, and a `failure` record repeats, about one example."""

    # the run's id: the Recorder adds it as it writes the record
    run: NotRequired[str]
    test: str
    target: str
    device: str
    dtype: str  # of the program's input ("" when it never got built)
    rank: int  # of the program's input (-1 when it never got built)
    length: int  # steps
    ops: list[str]  # catalogue keys in program order
    op: str | None  # the catalogue key of the op where it diverged, else None
    family: str | None  # that op's family
    status: str  # one of STATUSES
    known: str | None  # the known-divergence entry it matched
    shrink: bool  # one of the examples Hypothesis tried while shrinking a failure
    # the cells of the layout matrix's space its steps exercised (conformance.coverage);
    # absent in results of versions before the matrix
    cells: NotRequired[list[str]]


class ExampleRecord(ExampleFields):
    """`example`: one per checked example."""

    kind: Literal["example"]


class DiffRecord(TypedDict):
    """One differing field of a failure, its values as text (see conformance.compare)."""

    tensor: str
    field: str
    spelling: str  # how the value was read when not by the field's own read, else ""
    actual: str
    expected: str
    context: str


class TensorLayout(TypedDict):
    """A live tensor's geometry at the step that differed; `storage` names the first tensor
    on its storage, `base` its `_base`."""

    shape: list[int]
    strides: list[int]
    storage_offset: int
    storage: str
    base: str | None


class FailureRecord(ExampleFields):
    """`failure`: one per shrunk divergence or crash; the example's fields and what a report,
    a repro script and a known-divergence entry need, so the line stands on its own."""

    kind: Literal["failure"]
    # how many examples of its class (divergence_class) the run found, where a test went on
    # past divergences (the layout matrix); absent where it stopped at this one
    count: NotRequired[int]
    program: str  # torch source
    index: int  # the step that differed (-1 when none did)
    # what replaying it takes (outcome.replay_record): the program as data, the source the
    # target runs, how a repro runs it, the fields compared and the reference's results as
    # the target shows them; a crash whose target is unknown here has none of them
    steps: NotRequired[list[dict[str, Any]]]
    source: NotRequired[str | None]
    setup: NotRequired[dict[str, Any]]
    fields: NotRequired[list[str]]
    expected: NotRequired[list[dict[str, Any]]]
    diffs: list[DiffRecord]
    # "expected" and "actual": tensor name -> its layout at the step that differed
    tensors: dict[str, dict[str, TensorLayout]]
    # the known-divergence conditions its differences meet, {predicate: value}
    # (conformance.conditions); a list of names in results of earlier versions; none for
    # a crash
    conditions: NotRequired[dict[str, Any] | list[str]]
    message: str
    # added by the Recorder as it writes the record: the run's facts (RunFacts) and
    # Hypothesis' reproduce_failure text
    seed: NotRequired[str | int]
    torch: NotRequired[str]
    build: NotRequired[BuildInfo]
    blob: NotRequired[str | None]


class StaleRecord(TypedDict):
    """`stale`: one per known-divergence entry whose repro no longer diverges."""

    kind: Literal["stale"]
    run: str
    id: str
    source: str  # the team's file, "" for the packaged one
    target: str
    torch: str | None


class EndRecord(TypedDict):
    """`end`: the last record of a run."""

    kind: Literal["end"]
    run: str
    duration: float  # seconds
    exitstatus: int


Record = RunRecord | ExampleRecord | FailureRecord | StaleRecord | EndRecord


class InflightRecord(ExampleRecord):
    """The example a process is checking right now (not a results line): the example record
    it will become, and what a crash record of it needs (Inflight, collect_crashes)."""

    program: str
    steps: list[dict[str, Any]]
    seed: str | int
    torch: str
    build: BuildInfo


def package_version() -> str:
    """Return the installed stridecheck's version ("unknown" for an uninstalled checkout)."""
    from importlib import metadata
    try:
        return metadata.version("stridecheck")
    except metadata.PackageNotFoundError:
        return "unknown"


def encode(record: Mapping[str, object]) -> bytes:
    """Return one results line for `record` (schema stamped first)."""
    return (json.dumps({"schema": SCHEMA, **record}, separators=(",", ":"), default=str)
            + "\n").encode()


class ResultsFile:
    """An append-only results file shared by every process of a run."""

    def __init__(self, path: str) -> None:
        self.path = path
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self._fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)

    def write(self, record: Record) -> None:
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

    def set(self, record: InflightRecord) -> None:
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
                    complete: Callable[[FailureRecord], FailureRecord] | None = None) -> int:
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
            left: dict[str, Any] = json.loads(text)
        except ValueError:
            continue  # the process died while writing it: nothing to attribute
        left.pop("schema", None)
        # what the failure record carries and the example record does not
        extra = {key: left.pop(key) for key in ("program", "steps", "seed", "torch", "build")
                 if key in left}
        example = cast(ExampleRecord, {**left, "kind": "example", "status": CRASH,
                                       "shrink": False})
        failure = cast(FailureRecord, {**example, **extra, "kind": "failure", "diffs": [],
                                       "tensors": {}, "message": reason, "blob": None,
                                       "index": -1})
        if complete is not None:
            failure = complete(failure)
        out = out or ResultsFile(results_path)
        out.write(example)
        out.write(failure)
        found += 1
    if out is not None:
        out.close()
    return found


class Recorder:
    """Streams one process's examples and failures into the run's results file."""

    def __init__(self, path: str, worker: str, run: RunFacts) -> None:
        self.file = ResultsFile(path)
        self.inflight = Inflight(path, worker)
        # what every failure record repeats from the run, so one line stands on its own
        self.run = run

    def started(self, test: str, target: str, device: str, program: Any) -> None:
        self.inflight.set({"kind": "example", "run": self.run["run"], "test": test,
                           "target": target, "device": device, "dtype": "", "rank": -1,
                           "length": len(program), "ops": program.op_keys(),
                           "op": None, "family": None, "status": CRASH, "known": None,
                           "shrink": False, "program": repr(program),
                           "steps": to_data(program), **self.run})

    def example(self, record: ExampleRecord) -> None:
        self.file.write({**record, "run": self.run["run"]})
        self.inflight.clear()

    def failure(self, record: FailureRecord, blob: str | None) -> None:
        self.file.write({**record, **self.run, "blob": blob})

    def stale(self, entry: Any, target: str) -> None:
        self.file.write({"kind": "stale", "run": self.run["run"], "id": entry.id,
                         "source": entry.source, "target": target,
                         "torch": self.run.get("torch")})

    def close(self) -> None:
        self.inflight.close()
        self.file.close()


# the conditions that tell divergences of one op and first field apart as classes: whether
# torch or the reference raised (conformance.conditions)
CLASS_CONDITIONS = ("error.raised",)
ClassKey = tuple[str, str, str, tuple[tuple[str, Any], ...]]


def divergence_class(failure: FailureRecord) -> ClassKey:
    """Return the class of a divergence: its target, op, first differing field and the
    conditions of CLASS_CONDITIONS it meets. `stridecheck baseline` writes an entry per class,
    and a run that keeps going past divergences reports one representative of each."""
    found = failure.get("conditions") or {}
    conditions = found if isinstance(found, dict) else {}
    diffs = failure.get("diffs") or []
    return (str(failure["target"]), str(failure["op"]), str(diffs[0]["field"]) if diffs else "",
            tuple((k, v) for k, v in conditions.items() if k in CLASS_CONDITIONS))


def reproduce_blob(exc: BaseException) -> str | None:
    """Return the `@reproduce_failure(...)` text Hypothesis attached to a failure, if any."""
    for note in getattr(exc, "__notes__", ()):
        start = note.find("@reproduce_failure(")
        if start >= 0:
            end = note.find(")", start)
            return note[start:end + 1] if end > start else None
    return None
