"""Known-divergence entries from a run's divergences: a team records its backend's state once.

`stridecheck baseline RESULTS... -o FILE` writes one entry per distinct divergence: the
target, the op it diverged at, the fields that differed, which way an exception differs (the
target refused a step, accepted one, or raised otherwise) and the shortest shrunk program of
the kind as its repro. Two failures are the same divergence when they agree on target, op,
first differing field and that condition. The
reason is left for the team to fill in. Given with `--stridecheck-known FILE`, the entries
make those divergences known; once one stops diverging, the run reports it stale.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from stridecheck.conformance.known import entries
from stridecheck.conformance.results import ClassKey, FailureRecord, divergence_class
from stridecheck.conformance.when import LEGACY, parse_when, toml_when
from stridecheck.reference.ops import BY_KEY

from .reading import Results
from .summary import difference_text

# the conditions on differences that an entry made here requires where they hold: which way
# an exception differs says what kind of divergence it is; the others (strides differing
# only on size-1 dims, an empty tensor, an offset among the fields) belong to the shrunk
# program, since shrinking drives sizes to 1 and 0, rather than to the divergence
TODO_REASON = "TODO: why the target differs here, with the source that shows it."


@dataclass
class Entry:
    """One distinct divergence, as the entry a file records."""

    target: str
    op: str
    first_field: str
    when: tuple[tuple[str, str], ...]  # (predicate, value): conformance.conditions
    fields: list[str] = field(default_factory=list)
    repro: str = ""
    condition: str = ""
    count: int = 0


@dataclass
class Baseline:
    """The entries of a baseline, and the failures no entry can be made for (with why)."""

    entries: list[Entry]
    left_out: list[tuple[FailureRecord, str]]


def baseline(results: Results) -> Baseline:
    """Return an entry per distinct divergence among the results' failures."""
    found: dict[ClassKey, Entry] = {}
    left_out: list[tuple[FailureRecord, str]] = []
    for failure in results.failures:
        why = _unusable(failure)
        if why:
            left_out.append((failure, why))
            continue
        diffs = failure["diffs"]
        key = divergence_class({**failure, "conditions": _conditions(failure)})
        entry = found.get(key)
        if entry is None:
            # a call whose difference no single step of its body shows is named by the
            # function (`f`), which no entry can select: such an entry is for any op
            op = key[1] if key[1] in BY_KEY else "*"
            entry = found[key] = Entry(
                key[0], op, key[2], key[3], repro=str(failure["program"]),
                condition=f"as in the repro: {difference_text(diffs[0])}")
        entry.count += 1
        for d in diffs:
            if d["field"] not in entry.fields:
                entry.fields.append(d["field"])
        if len(str(failure["program"])) < len(entry.repro):
            entry.repro = str(failure["program"])  # the shortest program of the kind
    return Baseline(sorted(found.values(), key=lambda e: (e.target, e.op, e.first_field)),
                    left_out)


def _conditions(failure: FailureRecord) -> dict[str, Any]:
    """Return the conditions a failure record says its differences meet ({predicate: value};
    results of earlier versions list the names conditions.LEGACY reads)."""
    found = failure.get("conditions") or {}
    if isinstance(found, list):
        return parse_when(", ".join(c for c in found if c in LEGACY))
    return dict(found)


def _unusable(failure: FailureRecord) -> str:
    """Return why no entry can be made for a failure ("" when one can)."""
    if failure.get("status") != "divergence":
        return f"a {failure.get('status')}: only divergences can be known"
    if not failure.get("op"):
        return "its difference was not traced to an op, and an entry must name one"
    if not failure.get("diffs") or not failure.get("program"):
        return "the record has no differences or no program"
    return ""


def render(found: Baseline, sources: list[str], torch: list[str]) -> str:
    """Return the known-divergences file (TOML) for the entries, with unique ids."""
    taken = {e.id for e in entries((), None)}
    lines = [
        f"# Known divergences recorded from {', '.join(sources)}",
        f"# (torch {', '.join(torch) or 'unknown'}) by `stridecheck baseline`. Fill in each",
        "# reason, then give the file to `stridecheck run --known FILE` (or pytest",
        "# --stridecheck-known FILE): these divergences then count as known, and an entry",
        "# whose repro stops diverging is reported stale. The format is that of stridecheck's",
        "# own conformance/known_divergences.toml.",
    ]
    for entry in found.entries:
        ident = _unique(_slug(f"{entry.target}-{entry.op}-{entry.first_field}"), taken)
        taken.add(ident)
        lines += [
            "", "[[divergence]]",
            f"id = {_string(ident)}",
            f"target = {_string(entry.target)}",
            f"op = {_string(entry.op)}",
            f"fields = [{', '.join(_string(f) for f in entry.fields)}]",
        ]
        if entry.when:
            lines.append(f"when = {toml_when(dict(entry.when))}")
        lines += [
            f"condition = {_string(entry.condition)}",
            f"reason = {_string(TODO_REASON)}",
            'link = ""',
            f"# seen in {entry.count} shrunk failure(s)",
            f"repro = {_multiline(entry.repro)}",
        ]
    return "\n".join(lines) + "\n"


def _slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()


def _unique(ident: str, taken: set[str]) -> str:
    if ident not in taken:
        return ident
    n = 2
    while f"{ident}-{n}" in taken:
        n += 1
    return f"{ident}-{n}"


def _string(text: str) -> str:
    """Return a TOML basic string (JSON's escapes are TOML's)."""
    return json.dumps(text, ensure_ascii=False)


def _multiline(text: str) -> str:
    """Return a TOML multi-line literal string where the text allows one."""
    if "'''" in text:
        return _string(text)
    return f"'''\n{text}\n'''"
