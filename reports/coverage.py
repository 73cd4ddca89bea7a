"""Coverage of the layout matrix's declared space (reference.cells) by a run's examples.

Each example record lists the cells its steps exercised (conformance.coverage); a cell is
covered on a target when some example there exercised it. `stridecheck coverage RESULTS...`
prints it per target, and the report draws it as an op x layout-class map.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from stridecheck.conformance.results import UNSUPPORTED, ExampleRecord
from stridecheck.reference.cells import (
    FUNCTION_SPACE,
    LAYOUT_NAMES,
    OpSpace,
    all_spaces,
    runnable,
)


@dataclass
class TargetCoverage:
    """The cells one target's examples exercised, with how many examples exercised each."""

    target: str
    hits: Counter[str] = field(default_factory=Counter)

    def covered(self, cells: Iterable[str]) -> list[str]:
        return [c for c in cells if c in self.hits]


def by_target(examples: Iterable[ExampleRecord]) -> dict[str, TargetCoverage]:
    """Return each target's coverage, targets in the order their examples come (an
    unsupported example covers nothing: its cells are those the target could not run)."""
    found: dict[str, TargetCoverage] = {}
    for e in examples:
        cells = e.get("cells")
        if not cells or e.get("status") == UNSUPPORTED:
            continue
        cov = found.get(e["target"])
        if cov is None:
            cov = found[e["target"]] = TargetCoverage(e["target"])
        cov.hits.update(cells)
    return found


def done_cells(examples: Iterable[ExampleRecord]) -> dict[str, list[str]]:
    """Return, per target, the cells its examples covered or found it cannot run: those no
    later run needs to check there again (a campaign's campaign-covered.json)."""
    found: dict[str, set[str]] = {}
    for e in examples:
        found.setdefault(e["target"], set()).update(e.get("cells") or ())
    return {target: sorted(cells) for target, cells in found.items() if cells}


def declared() -> list[tuple[OpSpace, tuple[str, ...]]]:
    """Return each declared space with its cells: the ops' in catalogue order, then the
    function programs'."""
    return [(s, s.cells()) for s in all_spaces()]


def layout_map(cov: TargetCoverage) -> list[tuple[str, list[tuple[int, int]]]]:
    """Return, per op, for each layout class of LAYOUT_NAMES, (covered, declared) of the
    op's cells that put its subject in that class: the rows of the op x layout map."""
    rows = []
    for space, cells in declared():
        if "a" not in dict(space.factors):
            continue  # the function programs' space has no subject
        row = []
        for layout in LAYOUT_NAMES:
            mine = [c for c in cells if f"|a={layout}|" in c + "|"]
            row.append((len(cov.covered(mine)), len(mine)))
        rows.append((space.op, row))
    return rows


def runnable_cells(kind: str) -> frozenset[str]:
    """Return the declared cells a target of `kind` can run: those of its ops' spaces without
    the forms it cannot call (reference.cells.runnable), and every function-program cell."""
    own = [runnable(s.op, kind) for s, _ in declared() if s is not FUNCTION_SPACE]
    return frozenset(c for s in own if s is not None for c in s.cells()) | \
        frozenset(FUNCTION_SPACE.cells())


def coverage_text(examples: Iterable[ExampleRecord], every_cell: bool = False,
                  per_op: int = 3, kinds: dict[str, str] | None = None) -> str:
    """Return the `stridecheck coverage` text: per target `cells covered N/M` (and, where
    `kinds` gives a target's kind that cannot call some forms, its share of the cells it can
    run), then the ops with uncovered cells (each op's first `per_op` of them, or all with
    `every_cell`)."""
    targets = by_target(examples)
    spaces_ = declared()
    total = sum(len(cells) for _, cells in spaces_)
    if not targets:
        return ("no example of these results records cells (results of a version before "
                f"the layout matrix, or no example ran); {total} cells are declared")
    lines = []
    for cov in targets.values():
        covered = sum(len(cov.covered(cells)) for _, cells in spaces_)
        line = f"{cov.target}: cells covered {covered}/{total} ({100 * covered / total:.1f}%)"
        own = runnable_cells((kinds or {}).get(cov.target, ""))
        if kinds and len(own) < total:
            mine = len(own & set(cov.hits))
            line += (f"; of the {len(own)} it can run (no calls in forms its kind cannot "
                     f"make): {mine} ({100 * mine / len(own):.1f}%)")
        lines.append(line)
        for space, cells in spaces_:
            missing = [c for c in cells if c not in cov.hits]
            if not missing:
                continue
            shown = missing if every_cell else missing[:per_op]
            more = len(missing) - len(shown)
            lines.append(f"  {space.op}: {len(cells) - len(missing)}/{len(cells)}, uncovered: "
                         + ", ".join(c.split("|", 1)[1] for c in shown)
                         + (f" and {more} more" if more else ""))
    return "\n".join(lines)


def report_data(examples: Iterable[ExampleRecord]) -> list[dict[str, object]]:
    """Return the report's op x layout-class map of each target (by name: the same for any
    order or split of the records): its cells covered of the declared, and per op and class
    of the subject (covered, declared, level 0-4)."""
    spaces_ = declared()
    total = sum(len(cells) for _, cells in spaces_)
    out: list[dict[str, object]] = []
    for _, cov in sorted(by_target(examples).items()):
        rows = [{"op": op, "cells": [{"covered": c, "declared": d,
                                      "level": 0 if not c else 4 if c == d else
                                      1 + min(2, 3 * c // max(d, 1))}
                                     for c, d in row]}
                for op, row in layout_map(cov)]
        covered = sum(len(cov.covered(cells)) for _, cells in spaces_)
        out.append({"target": cov.target, "covered": covered, "declared": total,
                    "columns": list(LAYOUT_NAMES), "rows": rows})
    return out

