"""Self-check of the layout matrix: bugs injected into one cell of its space (one per
pointwise family, injected_bugs.MATRIX_BUGS) that the random chains miss under the `ci`
profile, drawing from the whole catalogue as the suite does, and the matrix's cells of the
bug's ops catch.

Both searches run here, so the claim is measured each time: if the random chains come to
catch a bug, the bug no longer shows what the matrix adds, and the test says so.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from injected_bugs import MATRIX_BUGS, Bug
from test_selfcheck import hunt

from stridecheck.conformance.execute import from_first_call
from stridecheck.conformance.outcome import DIVERGENCE, check
from stridecheck.conformance.targets import all_targets
from stridecheck.strategies.matrix import cell_programs


def matrix_hunt(bug: Bug) -> dict[str, Any]:
    """Check the matrix's cells of the bug's ops with the bug installed; return the cells
    that diverged where torch as it is passes the same program."""
    target = all_targets()[bug.target]
    cells = [c for c in cell_programs(target.device) if c.op in (bug.ops or ())]
    caught = []
    for c in cells:
        watch = from_first_call(c.program)
        with bug.install():
            outcome = check(c.program, target, watch)
        if outcome.status == DIVERGENCE and check(c.program, target, watch).status != DIVERGENCE:
            caught.append(c.id)
    return {"cells": len(cells), "caught": caught}


@pytest.mark.parametrize("bug", MATRIX_BUGS, ids=lambda b: b.name)
def test_the_matrix_catches_what_the_random_chains_miss(bug: Bug) -> None:
    random = hunt(dataclasses.replace(bug, ops=None))
    assert not random["detected"], (
        f"{bug.name}: the random chains catch it too ({random['program']}); it no longer "
        "shows what the matrix adds")
    found = matrix_hunt(bug)
    assert found["caught"], f"{bug.name}: none of the matrix's {found['cells']} cells of " \
        f"{bug.ops} caught it"
