"""The conformance suite: programs on the reference and on each torch target, compared.

Run with `pytest --pyargs stridecheck.conformance` (options: `pytest --help`, group stridecheck).
"""

from __future__ import annotations

import time
import zlib
from collections import Counter
from typing import Any

import pytest
from hypothesis import Phase, given, seed, settings
from hypothesis import target as steer
from hypothesis.errors import Flaky

# absolute imports: pytest may import this file as `conformance.test_conformance`, and the
# classes it checks against must be the ones the plugin built the targets from
from stridecheck.conformance.batching import check_batch, check_cells
from stridecheck.conformance.known import load
from stridecheck.conformance.outcome import (
    DIVERGENCE,
    KNOWN,
    UNSUPPORTED,
    Outcome,
    check,
    reproduce,
)
from stridecheck.conformance.plugin import (
    BLOCK_SHARE,
    KNOWN_KEY,
    NETWORK_SHARE,
    UNSUPPORTED_KEY,
    example_share,
    matrix_share,
    run_state,
)
from stridecheck.conformance.results import ClassKey, divergence_class, reproduce_blob
from stridecheck.conformance.targets import Target, lost
from stridecheck.strategies import (
    alias_programs,
    function_batches,
    function_programs,
    network_blocks,
    network_chains,
    view_chains,
)
from stridecheck.strategies.function_matrix import function_cells
from stridecheck.strategies.matrix import cell_programs


def _budget(target: Target, config: pytest.Config, parts: int, scale: float) -> settings:
    base = settings()
    override = config.getoption("--stridecheck-max-examples")
    examples = override if override is not None else base.max_examples
    # no explain phase: it reruns the failure many times, minutes on a compiled target
    phases = [p for p in base.phases if p is not Phase.explain]
    share = -(-int(examples * scale * example_share(config, target)) // parts)
    if config.getoption("--stridecheck-round"):
        # a round of a campaign: a stream of its own (seeded below), nothing replayed
        return settings(base, max_examples=max(3, share), phases=phases, derandomize=True,
                        database=None)
    return settings(base, max_examples=max(3, share), phases=phases)


def _run(strategy: Any, target: Target, part: tuple[int, int],
         request: pytest.FixtureRequest, batched: bool = False, share: float = 1.0) -> None:
    """Check each example of `strategy` on `target`: a program, or with `batched` a tuple of
    programs run together where they can (batching.check_batch)."""
    if target.unavailable:
        pytest.skip(f"{target.name}: {target.unavailable}")
    known: Counter[str] = Counter()
    unsupported: Counter[str] = Counter()
    state = run_state(request.config)
    recorder = state.recorder
    covered = None if state.covered is None else state.covered.setdefault(target.name, set())
    test = request.node.name
    failing: list[Outcome] = []  # divergences so far; the last is the shrunk one

    def started(program: Any) -> None:
        if recorder is not None:
            recorder.started(test, target.name, target.device, program)

    def property_(example: Any) -> None:
        if batched:
            outcomes = check_batch(example, target, started)
        else:
            started(example)
            outcomes = [check(example, target)]
        diverging = None
        for outcome in outcomes:
            if recorder is not None:
                recorder.example(outcome.record(test, target.device, shrink=bool(failing)))
            if outcome.status == KNOWN:
                assert outcome.known is not None
                known[outcome.known.id] += 1
            elif outcome.status == UNSUPPORTED:
                unsupported[target.name] += 1
            elif outcome.status == DIVERGENCE and diverging is None:
                diverging = outcome
        if covered is not None:
            # Hypothesis keeps the examples that score high and mutates them: towards the
            # layout matrix's cells no example on this target has reached yet
            fresh = {c for o in outcomes for c in o.cells} - covered
            covered.update(fresh)
            steer(float(len(fresh)), label="cells not covered before")
        if diverging is not None:
            failing.append(diverging)
            raise AssertionError(diverging.explain())

    checked = given(strategy)(property_)
    budget = _budget(target, request.config, part[1],
                     share * (target.batch_budget_scale if batched else target.budget_scale))
    checked = budget(checked)
    if budget.derandomize:
        # derandomized Hypothesis seeds from the function's source, the same for every test
        # here; a seed of the test's name gives each test, and each part, a stream of its own
        # (a campaign's round N adds N: each round draws other examples)
        checked = seed(zlib.crc32(request.node.name.encode())
                       + request.config.getoption("--stridecheck-round"))(checked)
    try:
        checked()
    except AssertionError as exc:
        if recorder is not None and failing:
            recorder.failure(failing[-1].failure_record(test, target.device),
                             reproduce_blob(exc))
        raise
    except Flaky:
        why = lost(target)
        if not failing or why is None:
            raise
        # the failing example lost the device: nothing replays on it, so Hypothesis, finding
        # the failure gone, calls it flaky; the example is the failure, unshrunk
        if recorder is not None:
            recorder.failure(failing[0].failure_record(test, target.device), None)
        raise AssertionError(f"{failing[0].explain()}\n\nnot shrunk: {why}") from None
    except KeyboardInterrupt:
        # stopped (a campaign's budget spent) while Hypothesis was shrinking: each class of
        # divergence found so far keeps its shortest example, unshrunk, rather than none
        if recorder is not None:
            for failure in _shortest_by_class(failing, test, target.device):
                recorder.failure(failure, None)
        raise
    finally:
        request.node.user_properties.append((KNOWN_KEY, dict(known)))
        request.node.user_properties.append((UNSUPPORTED_KEY, dict(unsupported)))


def _shortest_by_class(outcomes: list[Outcome], test: str, device: str) -> list[dict[str, Any]]:
    """Return the failure record of the shortest outcome of each class of divergence
    (results.divergence_class), each record made once."""
    best: dict[ClassKey, tuple[int, dict[str, Any]]] = {}
    for outcome in outcomes:
        failure = outcome.failure_record(test, device)
        key, length = divergence_class(failure), len(outcome.program.steps)
        if key not in best or length < best[key][0]:
            best[key] = (length, failure)
    return [failure for _, failure in best.values()]


def test_view_chains(stridecheck_target: Target, stridecheck_part: tuple[int, int],
                     request: pytest.FixtureRequest) -> None:
    _run(view_chains(device=stridecheck_target.device), stridecheck_target, stridecheck_part,
         request)


def test_network_chains(stridecheck_target: Target, stridecheck_part: tuple[int, int],
                        request: pytest.FixtureRequest) -> None:
    _run(network_chains(device=stridecheck_target.device), stridecheck_target,
         stridecheck_part, request, share=NETWORK_SHARE)


def test_network_blocks(stridecheck_target: Target, stridecheck_part: tuple[int, int],
                        request: pytest.FixtureRequest) -> None:
    _run(network_blocks(device=stridecheck_target.device), stridecheck_target,
         stridecheck_part, request, share=BLOCK_SHARE)


def test_alias_programs(stridecheck_target: Target, stridecheck_part: tuple[int, int],
                        request: pytest.FixtureRequest) -> None:
    _run(alias_programs(device=stridecheck_target.device), stridecheck_target,
         stridecheck_part, request)


def test_function_programs(stridecheck_target: Target, stridecheck_part: tuple[int, int],
                           request: pytest.FixtureRequest) -> None:
    target = stridecheck_target
    if target.batch > 1:
        _run(function_batches(device=target.device, max_size=target.batch), target,
             stridecheck_part, request, batched=True)
    else:
        _run(function_programs(device=target.device), target, stridecheck_part, request)


def test_layout_matrix(stridecheck_target: Target, stridecheck_part: tuple[int, int],
                       request: pytest.FixtureRequest) -> None:
    """Every cell of the layout matrix (strategies.matrix), or the target's share of them,
    in the part's stride; it goes on past divergences and fails at the end with one shortest
    representative of each class (conformance.results.divergence_class) recorded."""
    target = stridecheck_target
    if target.unavailable:
        pytest.skip(f"{target.name}: {target.unavailable}")
    share = matrix_share(request.config, target)
    if share <= 0:
        pytest.skip(f"{target.name}: --stridecheck-matrix-share is 0")
    i, n = stridecheck_part
    # the function programs of FUNCTION_SPACE (39) run whole where a tenth of the matrix runs
    functions = function_cells(target.device) if share >= 0.1 else \
        function_cells(target.device)[::max(1, round(0.1 / share))]
    cells = (cell_programs(target.device, target.kind)[::max(1, round(1 / share))]
             + functions)[i - 1::n]
    state = run_state(request.config)
    prior = state.prior.get(target.name, set())
    cells = [c for c in cells if not prior.issuperset(c.declared)]
    seconds = request.config.getoption("--stridecheck-matrix-time")
    until = None if seconds is None else time.monotonic() + seconds
    recorder = state.recorder
    test = request.node.name
    known: Counter[str] = Counter()
    unsupported: Counter[str] = Counter()
    classes: dict[ClassKey, tuple[Outcome, Any, int]] = {}

    def started(program: Any) -> None:
        if recorder is not None:
            recorder.started(test, target.name, target.device, program)

    size = target.matrix_batch
    try:
        for start in range(0, len(cells), size):
            if until is not None and time.monotonic() >= until:
                break  # the cells left show as uncovered (stridecheck coverage)
            chunk = cells[start:start + size]
            outcomes = check_cells([c.program for c in chunk], target, started)
            for k, outcome in enumerate(outcomes):
                if k < len(chunk) and outcome.status == UNSUPPORTED:
                    # the cells the row was for, which the target cannot run: not covered
                    # (reports.coverage), but done (a campaign's next round skips the row)
                    outcome.cells = chunk[k].declared
                elif k < len(chunk) and chunk[k].cells:
                    outcome.cells = chunk[k].cells
                if recorder is not None:
                    recorder.example(outcome.record(test, target.device))
                if outcome.status == KNOWN:
                    assert outcome.known is not None
                    known[outcome.known.id] += 1
                elif outcome.status == UNSUPPORTED:
                    unsupported[target.name] += 1
                elif outcome.status == DIVERGENCE:
                    failure = outcome.failure_record(test, target.device)
                    key = divergence_class(failure)
                    best = classes.get(key)
                    count = best[2] + 1 if best else 1
                    if best is None or len(outcome.program.steps) < len(best[0].program.steps):
                        best = (outcome, failure, count)
                    classes[key] = (best[0], best[1], count)
    finally:
        # also when the run is stopped (a campaign's budget spent): the classes found so far
        # keep their representatives
        request.node.user_properties.append((KNOWN_KEY, dict(known)))
        request.node.user_properties.append((UNSUPPORTED_KEY, dict(unsupported)))
        for _, failure, count in classes.values():
            if recorder is not None:
                recorder.failure({**failure, "count": count}, None)
    if not classes:
        return
    lines = [f"{len(classes)} class(es) of divergence among {len(cells)} cells:"]
    for (_, op, field, when), (outcome, _, count) in classes.items():
        lines.append(f"  {op}: {field}{' ' + str(dict(when)) if when else ''} "
                     f"({count} cell(s)); the shortest:")
        lines += ["    " + line for line in outcome.explain().splitlines()]
    raise AssertionError("\n".join(lines))


@pytest.mark.parametrize("entry", load(), ids=lambda e: e.id)
def test_known_divergence_is_still_there(entry: Any, request: pytest.FixtureRequest) -> None:
    """Strict: once torch stops diverging, this fails so the entry gets removed."""
    try:
        outcome = reproduce(entry)
    except ValueError as exc:  # an entry of a team's file for a target not loaded here
        pytest.skip(f"{entry.id}: {exc}")
    # the entry must still describe its own repro: torch diverging otherwise (another
    # field, another step, another error, or a divergence another entry claims first) leaves
    # the entry's claim unshown as much as torch agreeing does
    if outcome.known is not entry:
        recorder = run_state(request.config).recorder
        if recorder is not None:
            recorder.stale(entry, outcome.target.name)
    where = f"{entry.id} ({entry.source or 'packaged'})"
    assert outcome.diffs, (f"stale known divergence {where}: torch now agrees with the "
                           f"reference on {outcome.target.name}; remove the entry")
    assert outcome.known is entry, (
        f"stale known divergence {where}: its repro diverges on {outcome.target.name}, but "
        + (f"as entry {outcome.known.id} says" if outcome.known is not None else
           "not as the entry says") + ": " + "; ".join(map(str, outcome.diffs[:3])))
