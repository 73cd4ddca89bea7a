"""What differs between two sets of results: a release, a backend upgrade, another build.

`stridecheck compare A.jsonl B.jsonl` reads both (each may be several files' worth, merged
first), then lists per op and target where the statuses seen differ (pass, known,
divergence, unsupported, crash: which ones occurred, not how often, since two runs seldom
check the same number of examples), the divergences and crashes only one side has (a
divergence is named by target, op, status, known entry or first differing field), and the
known-divergence entries matched, stale or in force on one side only.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from stridecheck.conformance.results import FailureRecord

from .reading import Results
from .summary import AT_DIVERGING_OP, load_known, matrix_ops


@dataclass(frozen=True, order=True)
class Finding:
    """A divergence or crash as compared between runs: what it is, not which program."""

    target: str
    op: str
    status: str
    what: str  # the known entry, or the first differing field (and how it was read)

    def __str__(self) -> str:
        return f"{self.status} on {self.target} at {self.op}: {self.what}"


@dataclass
class Side:
    """What one side's results say, reduced to what is compared."""

    torch: list[str]
    cells: dict[tuple[str, str], Counter[str]]
    findings: dict[Finding, str]  # -> the program of one failure that shows it
    known: set[str]
    stale: set[str]
    entries: set[str]


def side(results: Results) -> Side:
    """Reduce one set of results to what compare looks at."""
    cells: dict[tuple[str, str], Counter[str]] = {}
    for e in results.examples:
        if e.get("shrink"):
            continue
        for op in matrix_ops(e):
            cells.setdefault((op, str(e.get("target"))), Counter())[str(e.get("status"))] += 1
    findings: dict[Finding, str] = {}
    for f in results.failures:
        finding = _finding(f)
        findings.setdefault(finding, str(f.get("program") or ""))
    return Side(
        torch=sorted({str(r.get("torch")) for r in results.runs}),
        cells=cells, findings=findings,
        known={str(e["known"]) for e in results.examples
               if e.get("status") == "known" and e.get("known") and not e.get("shrink")},
        stale={str(r.get("id")) for r in results.stales},
        entries={e.id for e in load_known(results.runs)})


def _finding(failure: FailureRecord) -> Finding:
    diffs = failure.get("diffs") or []
    if failure.get("known"):
        what = f"known {failure['known']}"
    elif diffs:
        first = diffs[0]
        what = str(first.get("spelling") or first.get("field"))
    else:
        what = str(failure.get("message") or "").split("\n")[0]
    return Finding(str(failure.get("target")), str(failure.get("op") or "(no op)"),
                   str(failure.get("status")), what)


@dataclass
class Changes:
    """What differs between side A and side B."""

    a: Side
    b: Side
    cells: list[tuple[str, str, Counter[str], Counter[str]]]  # op, target, A's, B's
    new: list[Finding]
    vanished: list[Finding]
    # op x target cells that examples reached on one side only: (A's count, B's count)
    one_sided: tuple[int, int] = (0, 0)

    @property
    def regressed(self) -> bool:
        """Tell whether B has a divergence or crash A did not have."""
        return bool(self.new)


def compare(a: Results, b: Results) -> Changes:
    """Return what differs between the results of side A and those of side B."""
    sa, sb = side(a), side(b)
    cells = []
    for key in sorted(set(sa.cells) & set(sb.cells)):
        ca, cb = sa.cells[key], sb.cells[key]
        if set(ca) != set(cb):
            cells.append((*key, ca, cb))
    return Changes(sa, sb, cells, sorted(set(sb.findings) - set(sa.findings)),
                   sorted(set(sa.findings) - set(sb.findings)),
                   (len(set(sa.cells) - set(sb.cells)), len(set(sb.cells) - set(sa.cells))))


def render(changes: Changes, names: tuple[str, str], cells: bool = False) -> list[str]:
    """Return the lines `stridecheck compare` prints: the cells whose statuses differ one
    by one with `cells`, else per target and status, with the ops it appeared or vanished at."""
    a, b = changes.a, changes.b
    lines = [f"A: {names[0]} (torch {', '.join(a.torch) or 'unknown'})",
             f"B: {names[1]} (torch {', '.join(b.torch) or 'unknown'})", ""]
    lines.append(f"new in B ({len(changes.new)} divergence(s) or crash(es) A did not have):")
    lines += [f"  {f}\n    {_first_lines(b.findings[f])}" for f in changes.new] or ["  none"]
    lines.append(f"vanished in B ({len(changes.vanished)} A had):")
    lines += [f"  {f}" for f in changes.vanished] or ["  none"]
    lines.append(f"statuses per op and target that differ ({len(changes.cells)} of the cells "
                 "both reached; which statuses occurred):")
    if cells:
        lines += [f"  {op} on {target}: A {_statuses(ca)} | B {_statuses(cb)}"
                  for op, target, ca, cb in changes.cells] or ["  none"]
    else:
        lines += _by_target(changes.cells) or ["  none"]
    only_a, only_b = changes.one_sided
    if only_a or only_b:
        lines.append(f"  (op x target cells reached by one side only, not compared: {only_a} "
                     f"in A, {only_b} in B)")
    lines.append("known divergences:")
    for label, ids in (("matched only in A", a.known - b.known),
                       ("matched only in B", b.known - a.known),
                       ("stale in B", b.stale - a.stale),
                       ("no longer stale in B", a.stale - b.stale),
                       ("entries only A was checked against", a.entries - b.entries),
                       ("entries only B was checked against", b.entries - a.entries)):
        if ids:
            lines.append(f"  {label}: {', '.join(sorted(ids))}")
    if lines[-1] == "known divergences:":
        lines.append("  no change")
    return lines


def _by_target(cells: list[tuple[str, str, Counter[str], Counter[str]]]) -> list[str]:
    """Return, per target, each status that appeared in B or vanished from A, with the ops."""
    moves: dict[str, dict[tuple[str, str], list[str]]] = {}
    for op, target, ca, cb in cells:
        for status in sorted(set(ca) | set(cb)):
            if (status in ca) != (status in cb):
                way = "new in B" if status in cb else "gone in B"
                moves.setdefault(target, {}).setdefault((status, way), []).append(op)
    lines = []
    for target in sorted(moves):
        lines.append(f"  {target}:")
        for (status, way), ops in sorted(moves[target].items()):
            shown = ", ".join(ops[:10]) + (f" and {len(ops) - 10} more" if len(ops) > 10 else "")
            lines.append(f"    {status} {way} at {len(ops)} op(s): {shown}")
    return lines


def _statuses(counts: Counter[str]) -> str:
    if not counts:
        return "not run"
    order = [s for s in ("crash", *AT_DIVERGING_OP, "unsupported", "pass") if s in counts]
    order += sorted(set(counts) - set(order))
    return ", ".join(f"{s} {counts[s]}" for s in dict.fromkeys(order))


def _first_lines(program: str, n: int = 6) -> str:
    lines = program.strip().split("\n")
    more = f"\n    ... ({len(lines) - n} more lines)" if len(lines) > n else ""
    return "\n    ".join(lines[:n]) + more
