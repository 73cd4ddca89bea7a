"""Reduce results to the data of a report: counts, matrices, coverage, known entries, failures.

The summary is plain JSON-able data and depends only on which records there are, not on their
order nor on how the examples were split over shards and runs: the summary of merged shards is
the summary of one run over the same examples. The one exception is `header`, which describes
the runs themselves (their number, seeds, shards, total duration) and so differs between them.

Examples Hypothesis tried while shrinking a failure (`"shrink": true`) are not examples of the
run and are left out of every count.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable
from typing import Any

from stridecheck.conformance.known import KnownFileError, entries
from stridecheck.conformance.results import (
    STATUSES,
    UNSUPPORTED,
    DiffRecord,
    ExampleFields,
    ExampleRecord,
    FailureRecord,
    RunRecord,
)
from stridecheck.reference.ops import OPS

from .coverage import report_data
from .reading import Results

# an example whose program never reached a catalogue op (a crash before the first step)
NO_OP = "(no op)"
# statuses counted under the op that diverged rather than under every op of the program
AT_DIVERGING_OP = ("divergence", "known", "crash")
# the fields of a failure record a report shows; `run` is left out on purpose, it names the
# process that found the failure and would make shards differ from one run
FAILURE_FIELDS = ("test", "target", "device", "dtype", "rank", "length", "ops", "op", "family",
                  "status", "known", "program", "diffs", "message", "seed", "blob")
GEOMETRY_FIELDS = ("shape", "strides", "storage_offset", "base")


def summarize(results: Results) -> dict[str, Any]:
    """Return the report's data: the same for any order or split of the same records."""
    examples = [e for e in results.examples if not e.get("shrink")]
    exercised = op_coverage(examples)
    return {
        "header": header(results),
        "counts": _counts(examples, results),
        "matrix": _matrix(examples, results.runs),
        "coverage": _coverage(examples, exercised),
        "unexercised": _unexercised(exercised),
        "cells": report_data(examples),
        "known": _known(examples, results),
        "failures": [{**failure_view(results.failures[i]),
                      "also_on_cpu": also_on_cpu(results.failures[i], results.failures)}
                     for i in failure_order(results.failures)],
    }


def difference_text(diff: DiffRecord) -> str:
    """Return one difference of a failure record in the suite's grammar, read the way it
    was read (`x.size(-1)=3, but should be 2 [context]`)."""
    read = diff.get("spelling") or diff["field"]
    return (f"{diff['tensor']}.{read}={diff['actual']}, but should be {diff['expected']} "
            f"[{diff.get('context', '')}]")


def _kind_of_failure(failure: FailureRecord) -> tuple[str, str, str]:
    diffs = failure.get("diffs") or []
    field = diffs[0].get("field") if diffs and isinstance(diffs[0], dict) else None
    return (str(failure.get("op")), str(field), str(failure.get("status")))


def also_on_cpu(failure: FailureRecord, failures: list[FailureRecord]) -> bool:
    """Tell whether a failure on another device's eager or fake target is one eager:cpu of
    the same results shows too (same op, first differing field and status): a difference
    of the torch build, not of the device."""
    if failure.get("device") in ("cpu", "meta") or failure.get("target") == "eager:cpu":
        return False
    kind = _kind_of_failure(failure)
    return any(f.get("target") == "eager:cpu" and _kind_of_failure(f) == kind
               for f in failures)


def header(results: Results) -> dict[str, Any]:
    """Return what the runs were: torch, devices, targets, profiles, seeds, total duration."""
    runs = results.runs
    return {
        "runs": len(runs),
        "torch": _distinct(r.get("torch") for r in runs),
        "builds": _distinct(r.get("build") for r in runs),
        "python": _distinct(r.get("python") for r in runs),
        "platforms": _distinct(r.get("platform") for r in runs),
        "stridecheck": _distinct(r.get("stridecheck") for r in runs),
        "devices": _distinct(d for r in runs for d in r.get("devices") or ()),
        "targets": _distinct(t for r in runs for t in r.get("targets") or ()),
        "profiles": _distinct(r.get("profile") for r in runs),
        "seeds": _distinct(r.get("seed") for r in runs),
        "shards": _distinct(r.get("shard") for r in runs),
        "known_files": _distinct(f for r in runs for f in r.get("known_files") or ()),
        # fsum: a plain sum of floats depends on the order of the end records
        "duration": round(math.fsum(float(e.get("duration") or 0) for e in results.ends), 3),
        "unfinished": len({r.get("run") for r in runs} - {e.get("run") for e in results.ends}),
    }


def matrix_ops(example: ExampleFields) -> list[str]:
    """Return the ops an example counts under in the op x target matrix.

    A pass or an unsupported example exercised every op of its program; a divergence, a known
    divergence or a crash is the fault of the op it diverged at, when that is known.
    """
    if example.get("status") in AT_DIVERGING_OP and example.get("op"):
        return [str(example["op"])]
    ops = [str(op) for op in dict.fromkeys(example.get("ops") or ())]
    return ops or [NO_OP]


def failure_order(failures: list[FailureRecord]) -> list[int]:
    """Return the indices of `failures` in report order: by target, op, program, then the rest."""
    def key(i: int) -> tuple[str, ...]:
        f = failures[i]
        return (str(f.get("target")), str(f.get("op") or ""), str(f.get("status")),
                str(f.get("program")), _canonical(failure_view(f)))
    return sorted(range(len(failures)), key=key)


def failure_view(record: FailureRecord) -> dict[str, Any]:
    """Return what a report shows of one failure record, with its tensors grouped by storage."""
    view: dict[str, Any] = {k: record.get(k) for k in FAILURE_FIELDS}
    view["ops"] = [str(op) for op in view["ops"] or ()]
    view["diffs"] = [d for d in view["diffs"] or () if isinstance(d, dict)]
    view["matrix_ops"] = matrix_ops(record)
    found = record.get("tensors")
    tensors: dict[str, Any] = found if isinstance(found, dict) else {}
    view["aliases"] = {side: alias_groups(tensors.get(side)) for side in ("expected", "actual")}
    return view


def alias_groups(tensors: Any) -> list[dict[str, Any]]:
    """Group one side's tensors by the storage they share, in the order the program made them.

    `storage` of each tensor names the first tensor on that storage, so tensors with the same
    `storage` alias each other.
    """
    if not isinstance(tensors, dict):
        return []
    groups: dict[str, list[dict[str, Any]]] = {}
    for name, geometry in tensors.items():
        geometry = geometry if isinstance(geometry, dict) else {}
        storage = str(geometry.get("storage", name))
        groups.setdefault(storage, []).append(
            {"name": str(name), **{k: geometry.get(k) for k in GEOMETRY_FIELDS}})
    return [{"storage": storage, "tensors": members} for storage, members in groups.items()]


def _counts(examples: list[ExampleRecord], results: Results) -> dict[str, int]:
    statuses = Counter(str(e.get("status")) for e in examples)
    counts = {status: statuses.pop(status, 0) for status in STATUSES}
    counts.update(sorted(statuses.items()))  # statuses of a newer schema, shown as they are
    counts["examples"] = len(examples)
    counts["shrink_attempts"] = sum(1 for e in results.examples if e.get("shrink"))
    counts["failures"] = len(results.failures)
    counts["stale"] = len({r.get("id") for r in results.stales})
    return counts


def _cannot_run(runs: list[RunRecord]) -> dict[str, list[str]]:
    """Return, per op, the targets of these runs that the catalogue says cannot run it."""
    kinds = {str(t.get("name")): str(t.get("kind")) for r in runs for t in r.get("targets") or ()
             if isinstance(t, dict) and t.get("kind")}
    return {op.key: sorted(name for name, kind in kinds.items() if kind in op.unsupported_on)
            for op in OPS if op.unsupported_on}


def _matrix(examples: list[ExampleRecord], runs: list[RunRecord]) -> dict[str, Any]:
    """Return counts per op, target and status, whole and split by dtype."""
    cells: dict[str, dict[str, Counter[str]]] = {}
    by_dtype: dict[str, dict[str, dict[str, Counter[str]]]] = {}
    for e in examples:
        target, dtype, status = str(e.get("target")), str(e.get("dtype")), str(e.get("status"))
        for op in matrix_ops(e):
            cells.setdefault(op, {}).setdefault(target, Counter())[status] += 1
            by_dtype.setdefault(dtype, {}).setdefault(op, {}).setdefault(
                target, Counter())[status] += 1
    return {
        # every catalogue op gets a row, so what was never exercised shows as such
        "ops": _op_order(set(cells) | {op.key for op in OPS}),
        "families": {op.key: op.family for op in OPS},
        "targets": sorted({str(e.get("target")) for e in examples}),
        "dtypes": sorted(by_dtype),
        "statuses": list(STATUSES),
        "cells": _plain(cells),
        # cells the catalogue rules out: shown as such rather than as never exercised
        "cannot": _cannot_run(runs),
        "by_dtype": _plain(by_dtype),
    }


def op_coverage(examples: Iterable[ExampleRecord]) -> dict[str, Counter[tuple[str, str]]]:
    """Return, per op key, how many examples exercised the op on each (target, dtype).

    An op is exercised on a target when an example compared it there. An unsupported example
    never ran on the target and an example Hypothesis tried while shrinking is not one of the
    run's, so neither exercises anything; every other example exercises each op of its
    program. `stridecheck ops` and the report's coverage both read this.
    """
    found: dict[str, Counter[tuple[str, str]]] = {}
    for e in examples:
        if e.get("shrink") or e.get("status") == UNSUPPORTED:
            continue
        where = (str(e.get("target")), str(e.get("dtype") or "?"))
        for op in dict.fromkeys(e.get("ops") or ()):
            found.setdefault(str(op), Counter())[where] += 1
    return found


def _coverage(examples: list[ExampleRecord],
              exercised: dict[str, Counter[tuple[str, str]]]) -> dict[str, list[list[Any]]]:
    """Return examples per op (those that exercised it), dtype, device, program length and
    rank as [key, count] pairs."""
    return {
        "op": [[op, exercised[op].total()] for op in _op_order(set(exercised))],
        **{field: _pairs(Counter(e.get(field) for e in examples))
           for field in ("dtype", "device", "length", "rank")},
    }


def _unexercised(exercised: dict[str, Counter[tuple[str, str]]]) -> list[dict[str, str]]:
    """Return the catalogue ops no example exercised, in catalogue order."""
    return [{"op": op.key, "family": op.family} for op in OPS if op.key not in exercised]


def load_known(runs: list[RunRecord]) -> tuple[Any, ...]:
    """Return the entries the runs were checked against: the packaged ones and the team's
    files the run records name (where still readable), scoped to the runs' torch."""
    files = tuple(dict.fromkeys(f for r in runs for f in r.get("known_files") or ()))
    versions = {r.get("torch") for r in runs}
    version = versions.pop() if len(versions) == 1 else None
    try:
        return entries(files, version)
    except KnownFileError:  # a file changed or gone since the run: the packaged ones
        return entries((), version)


def _known(examples: list[ExampleRecord], results: Results) -> dict[str, list[dict[str, Any]]]:
    """Return the known divergences seen (with counts), the entries nothing matched and the
    entries whose repro no longer diverges (stale)."""
    seen = Counter(str(e["known"]) for e in examples
                   if e.get("status") == "known" and e.get("known"))
    entries = {entry.id: entry for entry in load_known(results.runs)}
    stale = {str(r.get("id")): r for r in results.stales}

    def describe(entry_id: str) -> dict[str, Any]:
        entry = entries.get(entry_id)
        if entry is None:  # an entry of another stridecheck version
            return {"id": entry_id, "targets": [], "ops": [], "reason": "", "link": "",
                    "in_catalogue": False}
        return {"id": entry.id, "targets": list(entry.targets), "ops": list(entry.ops),
                "reason": entry.reason, "link": entry.link, "in_catalogue": True,
                "source": entry.source}

    return {
        "seen": [{**describe(i), "count": n} for i, n in sorted(seen.items())],
        "unmatched": [describe(i) for i in entries if i not in seen and i not in stale],
        "stale": [{**describe(i), "target": stale[i].get("target"),
                   "source": stale[i].get("source") or ""} for i in sorted(stale)],
    }


def _op_order(ops: set[str]) -> list[str]:
    """Return `ops` in catalogue order, then ops the catalogue lacks, sorted."""
    known = [op.key for op in OPS if op.key in ops]
    return known + sorted(ops - set(known))


def _pairs(counter: Counter[Any]) -> list[list[Any]]:
    return [[key, n] for key, n in sorted(counter.items(), key=lambda kv: _sort_key(kv[0]))]


def _sort_key(value: Any) -> tuple[int, Any]:
    # numbers before text, so ranks and lengths read 0, 1, 2, ... 10 rather than 0, 1, 10, 2
    if isinstance(value, int | float) and not isinstance(value, bool):
        return (0, value)
    return (1, str(value))


def _distinct(values: Iterable[Any]) -> list[Any]:
    """Return the distinct non-null values, sorted by their JSON text (dicts included)."""
    unique = {_canonical(v): v for v in values if v is not None}
    return [unique[k] for k in sorted(unique)]


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _plain(tree: dict[str, Any]) -> dict[str, Any]:
    """Return nested dicts of Counters as sorted plain dicts."""
    return {k: dict(sorted(v.items())) if isinstance(v, Counter) else _plain(v)
            for k, v in sorted(tree.items())}
