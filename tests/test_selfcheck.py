"""Self-check: every injected torch bug is detected and shrunk; unmodified torch passes.

Runs the conformance property under the `ci` profile against the target each bug lives on,
drawing from the catalogue ops the bug names if it names any. A divergence counts only where
torch as it is passes the same program, so one the suite already finds in torch itself
cannot stand in for the bug.
With STRIDECHECK_SELFCHECK_JSON=path set, per-bug results (detected, seconds to detection,
shrunk program length) are appended to that file as JSON lines.
"""

from __future__ import annotations

import json
import os
import time
import zlib
from typing import Any

import pytest
from hypothesis import given, seed, settings
from injected_bugs import BUGS, Bug

from stridecheck.conformance.batching import check_batch
from stridecheck.conformance.outcome import DIVERGENCE, check
from stridecheck.conformance.plugin import PROFILES
from stridecheck.conformance.targets import all_targets
from stridecheck.strategies import (
    alias_programs,
    function_batches,
    function_programs,
    network_chains,
    view_chains,
)

CI = settings(suppress_health_check=list(__import__("hypothesis").HealthCheck),
              **PROFILES["ci"])


def hunt(bug: Bug) -> dict[str, Any]:
    """Search for a divergence with the bug installed; return what was found."""
    target = all_targets()[bug.target]
    strategies = {"alias_programs": alias_programs, "view_chains": view_chains,
                  "function_programs": function_programs, "network_chains": network_chains}
    batched = bug.strategy == "function_programs" and target.batch > 1
    # function programs on a target that batches them are hunted in batches, as the suite
    # checks them there: the bug must show through a batch and shrink to one program
    strategy = function_batches(device=target.device, ops=bug.ops, max_size=target.batch) \
        if batched else strategies[bug.strategy](device=target.device, ops=bug.ops)
    found: dict[str, Any] = {}

    # deterministic like the ci profile, but with a stream of examples of its own per bug
    @settings(CI, derandomize=False)
    @seed(zlib.crc32(bug.name.encode()))
    @given(strategy)
    def property_(example: Any) -> None:
        with bug.install():
            outcomes = check_batch(example, target) if batched else [check(example, target)]
        for outcome in outcomes:
            # the divergence must be the bug's: torch as it is passes the same program
            if outcome.status == DIVERGENCE and \
                    check(outcome.program, target).status != DIVERGENCE:
                found["program"] = outcome.program
                found["batch"] = len(example) if batched else 1
                found["diffs"] = [str(d) for d in outcome.diffs[:3]]
                raise AssertionError(outcome.explain())

    start = time.perf_counter()
    try:
        property_()
        detected = False
    except AssertionError:
        detected = True
    program = found.get("program")
    return {"bug": bug.name, "kind": bug.kind, "target": bug.target, "detected": detected,
            "seconds": round(time.perf_counter() - start, 2),
            "shrunk_ops": len(program.steps) if program is not None else None,
            "program": repr(program) if program is not None else None,
            "batch": found.get("batch"), "diffs": found.get("diffs", [])}


@pytest.mark.parametrize("bug", BUGS, ids=lambda b: b.name)
def test_injected_bug_is_detected_and_shrunk(bug: Bug) -> None:
    result = hunt(bug)
    path = os.environ.get("STRIDECHECK_SELFCHECK_JSON")
    if path:
        with open(path, "a") as out:
            out.write(json.dumps(result) + "\n")
    assert result["detected"], f"{bug.name} ({bug.kind}) went unnoticed on {bug.target}"
    assert result["shrunk_ops"] is not None and result["shrunk_ops"] <= 12, result["program"]
    assert result["batch"] == 1, f"shrunk to a batch of {result['batch']} programs"


def test_there_are_at_least_15_bugs_across_kinds() -> None:
    assert len(BUGS) >= 15
    assert {b.kind for b in BUGS} >= {"metadata", "values", "view-vs-copy", "error-parity",
                                      "in-place", "meta-only", "compiled"}
