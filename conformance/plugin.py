"""The stridecheck pytest plugin: options, Hypothesis profiles, targets, shards and summaries.

Registered through the `pytest11` entry point. Options share the `--stridecheck-` prefix.
What the plugin knows about a run lives in one `RunState` in `config.stash`; read it with
`run_state(config)`.
"""

from __future__ import annotations

import json
import os
import platform
import signal
import sys
import time
import uuid
import zlib
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, cast

import pytest
from hypothesis import HealthCheck, Phase, settings

if TYPE_CHECKING:
    from .results import Recorder, RunFacts, RunRecord
    from .targets import Target

# Hypothesis' phases but the last, "explain", which reruns a shrunk failure many times to say
# which of its parts matter: the suite explains a divergence itself (the diverging step and
# its fields), and the explain phase took more than half the time of finding and shrinking a
# bug (tests/test_selfcheck.py's hunts)
PHASES = tuple(p for p in Phase if p is not Phase.explain)
PROFILES: dict[str, dict[str, Any]] = {
    # quick local runs
    "dev": dict(max_examples=100, deadline=None, phases=PHASES),
    # CI: the same examples every run, sized to finish in minutes on 2 cores
    "ci": dict(max_examples=1000, deadline=None, derandomize=True, database=None,
               print_blob=True, phases=PHASES),
    # a long search before a release
    "thorough": dict(max_examples=5000, deadline=None, print_blob=True, phases=PHASES),
    # real accelerators: first calls are slow, so no deadline
    "gpu": dict(max_examples=1000, deadline=None, print_blob=True, phases=PHASES),
}
# the share of the layout matrix's cells a target runs in each profile, by the target's name,
# else its kind (Target.kind), else "": an even stride through the cells, which take turns by
# op. The ci profile runs every cell on eager:cpu, meta, fake:cpu and refs (a fake target pays
# a FakeTensorMode dispatch for each step of a cell: about 10 ms a cell with the dispatch
# cache kept, against eager's 3, benchmarks/README.md), a twentieth on the other fake targets
# and about ten cells, one batch, on each compiled target (inductor compiles 32 cells in about
# 30 s, and a graph-break variant compiles each alone); --stridecheck-max-examples below the
# profile's scales every share down alike
MATRIX_SHARE: dict[str, dict[str, float]] = {
    "dev": {"": 0.1, "fake": 0.02, "compile": 0.005},
    "ci": {"": 1.0, "fake:cpu": 1.0, "fake": 0.05, "compile": 0.001},
    "thorough": {"": 1.0, "fake": 1.0, "compile": 1.0},
    "gpu": {"": 1.0, "fake": 0.2, "compile": 0.1},
}
# the share of a profile's max_examples the random tests draw on a target, by name, kind or
# "" as MATRIX_SHARE (compiled targets scale theirs down by Target.budget_scale too): the ci
# profile draws all on eager:cpu, where the model itself is under test, 30% on the other
# targets, whose time goes to the matrix's cells instead (and on compiled ones: at 100%,
# inductor's batches of function programs, split where one program differs, took 5 of the
# main command's minutes; 25% keeps the main command under 5 minutes beside the network
# chains), and 10% on fake:cuda, a stand-in on a machine without CUDA
EXAMPLE_SHARE: dict[str, dict[str, float]] = {
    "dev": {"": 1.0},
    "ci": {"eager:cpu": 1.0, "fake:cuda": 0.1, "compile": 0.25, "": 0.3},
    "thorough": {"": 1.0},
    "gpu": {"": 1.0},
}
# the share of a random test's examples the network chains draw, in every profile: their ops
# are a few dozen of the catalogue's, and the view chains and alias programs keep theirs
NETWORK_SHARE = 0.3
# the share the network blocks draw: a few ops in a fixed order, each block several of them
BLOCK_SHARE = 0.1
_SUPPRESS = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]

KNOWN_KEY = "stridecheck_known"
UNSUPPORTED_KEY = "stridecheck_unsupported"


@dataclass
class RunState:
    """What the plugin knows about the run in this process (controller or xdist worker)."""

    targets: list[Target]
    shard: tuple[int, int] | None
    # per known-divergence id and per target; the controller sums every worker's reports
    known: Counter[str] = field(default_factory=Counter)
    unsupported: Counter[str] = field(default_factory=Counter)
    # with --stridecheck-results: the run record's id and facts, and this process's writer
    run: RunFacts | None = None
    recorder: Recorder | None = None
    started: float = 0.0
    # whether this process collected conformance tests (an xdist controller collects none)
    collected: bool = False
    # the layout matrix's cells (reference.cells) this process's random examples covered so
    # far, per target, seeded from --stridecheck-covered; None unless --stridecheck-steer=cells
    covered: dict[str, set[str]] | None = None
    # the cells --stridecheck-covered names, per target: the layout matrix skips its rows
    # whose cells are all among them (a campaign's rounds resume the matrix so)
    prior: dict[str, set[str]] = field(default_factory=dict)


_STATE = pytest.StashKey[RunState]()
_TALLY = "stridecheck-tally"


def run_state(config: pytest.Config) -> RunState:
    """Return the plugin's state for the run `config` belongs to."""
    return config.stash[_STATE]


class _Tally:
    """Add the counts each conformance test leaves on its report to the run's state.

    A plugin object of its own because `pytest_runtest_logreport` is given no config.
    """

    def __init__(self, state: RunState) -> None:
        self.state = state

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when != "call":
            return
        for key, value in report.user_properties:
            if key == KNOWN_KEY:
                self.state.known.update(cast(dict[str, int], value))
            elif key == UNSUPPORTED_KEY:
                self.state.unsupported.update(cast(dict[str, int], value))


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("stridecheck", "stridecheck conformance")
    group.addoption("--stridecheck-targets", default=None, metavar="NAMES",
                    help="comma-separated targets (default: all; `stridecheck targets` lists them)")
    group.addoption("--stridecheck-profile", default="dev", choices=sorted(PROFILES),
                    help="Hypothesis profile (default: dev)")
    group.addoption("--stridecheck-max-examples", type=int, default=None, metavar="N",
                    help="examples per test, overriding the profile")
    group.addoption("--stridecheck-shard", default=None, metavar="I/N",
                    help="run only shard I of N (1-based), split deterministically by test id")
    group.addoption("--stridecheck-devices", default=None, metavar="DEVICES",
                    help="comma-separated devices to check (npu:0,cuda:1): an eager and a "
                         "fake target each, and no other device's (default: cpu and every "
                         "device torch reports)")
    group.addoption("--stridecheck-prelude", default="", metavar="CODE",
                    help="torch code every repro script runs first, such as the import that "
                         "registers your backend (\"import torch_npu\")")
    group.addoption("--stridecheck-parts", type=int, default=4, metavar="N",
                    help="split each target's examples into N tests (default 4)")
    group.addoption("--stridecheck-matrix-share", type=float, default=None, metavar="SHARE",
                    help="share (0 to 1) of the layout matrix's cells every target runs "
                         "(default per profile, by target name or kind: "
                         + "; ".join(f"{k} " + ", ".join(f"{w or 'others'} {v:g}"
                                                          for w, v in shares.items())
                                     for k, shares in MATRIX_SHARE.items())
                         + "; --stridecheck-max-examples below the profile's scales it down)")
    group.addoption("--stridecheck-round", type=int, default=0, metavar="N",
                    help="round N of a campaign (stridecheck run --budget): every test draws "
                         "a stream of examples of its own for the round, replaying nothing "
                         "(default 0: the profile's own streams)")
    group.addoption("--stridecheck-steer", choices=("cells", "none"), default="none",
                    help="cells: steer random programs towards cells of the layout matrix not "
                         "yet covered on their target in this process (or named by "
                         "--stridecheck-covered); none (default): draw as Hypothesis alone "
                         "would, which reached more cells in benchmarks/bench_steer.py")
    group.addoption("--stridecheck-covered", default=None, metavar="FILE",
                    help="JSON of cells already covered, {target: [cell, ...]} (what a "
                         "campaign's rounds write to campaign-covered.json): the layout "
                         "matrix skips its rows whose cells are all covered, and with "
                         "--stridecheck-steer=cells random programs are steered past them")
    group.addoption("--stridecheck-matrix-time", type=float, default=None, metavar="SECONDS",
                    help="each part of the layout matrix starts no cell after SECONDS; the "
                         "cells it leaves show as uncovered (default: no limit; a campaign's "
                         "rounds share the matrix out so, each resuming where the last "
                         "stopped)")
    group.addoption("--stridecheck-results", default=None, metavar="PATH",
                    help="append every example's outcome to this JSON-lines file")
    group.addoption("--stridecheck-known", action="append", default=[], metavar="FILE",
                    help="known divergences of your own (the format of the packaged "
                         "known_divergences.toml), added to the packaged ones; repeatable")


def matrix_share(config: pytest.Config, target: Target) -> float:
    """Return the share of the layout matrix's cells `target` runs (MATRIX_SHARE)."""
    share = config.getoption("--stridecheck-matrix-share")
    if share is not None:
        return float(share)
    profile = config.getoption("--stridecheck-profile")
    share = _for_target(MATRIX_SHARE[profile], target)
    examples = config.getoption("--stridecheck-max-examples")
    if examples is not None and not config.getoption("--stridecheck-round"):
        # not in a campaign's round: its examples are a slice of the campaign's, and its
        # matrix goes on from where the last round stopped (--stridecheck-covered)
        share *= min(1.0, examples / PROFILES[profile]["max_examples"])
    return share


def example_share(config: pytest.Config, target: Target) -> float:
    """Return the share of the example budget the random tests draw on `target`
    (EXAMPLE_SHARE; all of it where --stridecheck-max-examples sets the budget)."""
    if config.getoption("--stridecheck-max-examples") is not None:
        return 1.0
    return _for_target(EXAMPLE_SHARE[config.getoption("--stridecheck-profile")], target)


def _for_target(shares: dict[str, float], target: Target) -> float:
    return shares.get(target.name, shares.get(target.kind, shares[""]))


def parse_devices(text: str | None) -> tuple[str, ...]:
    """Return the devices of --stridecheck-devices ("npu:0,cuda:1"), in order."""
    return tuple(dict.fromkeys(d.strip() for d in (text or "").split(",") if d.strip()))


def parse_shard(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    try:
        i, n = (int(p) for p in text.split("/"))
    except ValueError:
        raise pytest.UsageError(f"--stridecheck-shard={text!r}: expected I/N, e.g. 2/4") from None
    if not 1 <= i <= n:
        raise pytest.UsageError(f"--stridecheck-shard={text!r}: need 1 <= I <= N")
    return i, n


def pytest_configure(config: pytest.Config) -> None:
    from .known import KnownFileError, use_files
    from .targets import resolve_targets, with_devices

    try:
        use_files(config.getoption("--stridecheck-known"))
    except KnownFileError as exc:
        raise pytest.UsageError(f"--stridecheck-known: {exc}") from None

    for name, kw in PROFILES.items():
        settings.register_profile(f"stridecheck-{name}", suppress_health_check=_SUPPRESS, **kw)
    profile = config.getoption("--stridecheck-profile")
    settings.load_profile(f"stridecheck-{profile}")
    share = config.getoption("--stridecheck-matrix-share")
    if share is not None and not 0 <= share <= 1:
        raise pytest.UsageError(f"--stridecheck-matrix-share={share:g}: need 0 <= SHARE <= 1")
    devices = parse_devices(config.getoption("--stridecheck-devices"))
    try:
        targets = resolve_targets(config.getoption("--stridecheck-targets"), devices)
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from None
    if devices:
        targets = with_devices(targets, devices)
    prelude = config.getoption("--stridecheck-prelude")
    if prelude:
        targets = [replace(t, prelude=prelude) for t in targets]
    if _workerinput(config) is not None:
        # xdist's workers start with SIGINT ignored: an interrupt of the run (Ctrl-C, a
        # campaign's budget spent) then waits for each worker's test to end, which for a
        # part of the layout matrix on a compiled target is hours. Interrupted instead, a
        # test stops where it is, and the matrix records the classes it found so far
        signal.signal(signal.SIGINT, signal.default_int_handler)
    state = RunState(targets, parse_shard(config.getoption("--stridecheck-shard")))
    state.prior = _covered(config.getoption("--stridecheck-covered"))  # refused if malformed
    if config.getoption("--stridecheck-steer") == "cells":
        state.covered = {target: set(cells) for target, cells in state.prior.items()}
    config.stash[_STATE] = state
    config.pluginmanager.register(_Tally(state), _TALLY)
    path = config.getoption("--stridecheck-results")
    if path:
        _open_results(config, state, path)


def _covered(path: str | None) -> dict[str, set[str]]:
    """Return the cells per target of a --stridecheck-covered file (none without one)."""
    if path is None:
        return {}
    try:
        with open(path, encoding="utf-8") as f:
            found = json.load(f)
        if not isinstance(found, dict) or not all(
                isinstance(v, list) and all(isinstance(c, str) for c in v)
                for v in found.values()):
            raise ValueError("expected {target: [cell, ...]}")
    except (OSError, ValueError) as exc:
        raise pytest.UsageError(f"--stridecheck-covered={path}: {exc}") from None
    return {target: set(cells) for target, cells in found.items()}


def pytest_unconfigure(config: pytest.Config) -> None:
    tally = config.pluginmanager.get_plugin(_TALLY)
    if tally is not None:
        config.pluginmanager.unregister(tally)


def _workerinput(config: pytest.Config) -> dict[str, Any] | None:
    """Return what xdist handed this worker, or None in the controller or without xdist."""
    return getattr(config, "workerinput", None)


def _open_results(config: pytest.Config, state: RunState, path: str) -> None:
    """Start the results of this process: the controller writes the `run` record."""
    from .results import Recorder, ResultsFile

    workerinput = _workerinput(config)
    run: RunFacts
    if workerinput is not None:
        run = workerinput["stridecheck_run"]
        worker = workerinput["workerid"]
    else:
        record = run_record(config, state.targets)
        out = ResultsFile(path)
        out.write(record)
        out.close()
        run = {"run": record["run"], "seed": record["seed"], "torch": record["torch"],
               "build": record["build"]}
        worker = f"main-{os.getpid()}"
    state.run = run
    state.started = time.time()
    state.recorder = Recorder(path, worker, run)


def run_record(config: pytest.Config, targets: list[Target]) -> RunRecord:
    """Return the `run` record: what ran, where, with which torch and settings."""
    import torch

    from .known import extra_files
    from .results import package_version
    from .targets import device_names

    hypothesis_seed = config.getoption("hypothesis_seed", None)
    profile = config.getoption("--stridecheck-profile")
    seed = hypothesis_seed if hypothesis_seed is not None else (
        "derandomized" if PROFILES[profile].get("derandomize") else "random")
    return {"kind": "run", "run": uuid.uuid4().hex[:12], "started": time.time(),
            "torch": str(torch.__version__),
            "build": {"cuda": torch.version.cuda, "hip": getattr(torch.version, "hip", None),
                      "git": getattr(torch.version, "git_version", None),
                      "debug": bool(getattr(torch.version, "debug", False))},
            "python": sys.version.split()[0], "platform": platform.platform(),
            "devices": device_names(),
            "targets": [{"name": t.name, "kind": t.kind, "available": not t.unavailable,
                         "reason": t.unavailable, "unchecked": list(t.unchecked)}
                        for t in targets],
            "profile": profile, "seed": seed,
            "max_examples": config.getoption("--stridecheck-max-examples"),
            "shard": config.getoption("--stridecheck-shard"),
            "known_files": list(extra_files()),
            "stridecheck": package_version()}


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """Hand the run's id and facts to each xdist worker."""
    state = node.config.stash.get(_STATE, None)
    if state is not None and state.run:
        node.workerinput["stridecheck_run"] = state.run


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    state = config.stash.get(_STATE, None)
    if state is None or state.recorder is None:
        return
    recorder = state.recorder
    recorder.close()
    if _workerinput(config) is not None:
        return
    from .outcome import complete_crash
    from .results import ResultsFile, collect_crashes

    path = recorder.file.path
    # the ignore goes once outcome.complete_crash takes and returns a FailureRecord
    collect_crashes(path, "the process checking this program died (segfault or abort)",
                    record=exitstatus != pytest.ExitCode.INTERRUPTED,
                    complete=complete_crash)
    out = ResultsFile(path)
    out.write({"kind": "end", "run": recorder.run["run"],
               "duration": round(time.time() - state.started, 3),
               "exitstatus": int(exitstatus)})
    out.close()


def pytest_report_header(config: pytest.Config) -> list[str]:
    import torch

    targets = run_state(config).targets
    profile = config.getoption("--stridecheck-profile")
    seed = os.environ.get("PYTHONHASHSEED", "random")
    lines = [f"stridecheck: torch {torch.__version__} (cuda {torch.version.cuda}), profile "
             f"{profile}, PYTHONHASHSEED {seed}, shard "
             f"{config.getoption('--stridecheck-shard') or 'all'}"]
    for t in targets:
        state = f"unavailable: {t.unavailable}" if t.unavailable else "runs"
        unchecked = ", ".join(t.unchecked) or "nothing"
        lines.append(f"  target {t.name}: {state}; not checked: {unchecked}")
    return lines


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "stridecheck_target" not in metafunc.fixturenames:
        return
    targets = run_state(metafunc.config).targets
    if "stridecheck_part" not in metafunc.fixturenames:
        metafunc.parametrize("stridecheck_target", targets, ids=[t.name for t in targets])
        return
    # Each target's examples are split into parts with streams of their own, so workers
    # and shards get even shares. Slow targets (compiles) stay whole: their budget is small.
    parts = metafunc.config.getoption("--stridecheck-parts")
    cases, ids = [], []
    for t in targets:
        n = parts if t.budget_scale >= 1 and not t.unavailable else 1
        for i in range(1, n + 1):
            cases.append((t, (i, n)))
            ids.append(t.name if n == 1 else f"{t.name}-part{i}of{n}")
    metafunc.parametrize(("stridecheck_target", "stridecheck_part"), cases, ids=ids)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    state = run_state(config)
    # a known divergence's repro runs where the run looks: an entry none of the run's targets
    # answers to (a compiled target's, in `--stridecheck-targets eager:cpu`) is not its
    # business, and its repro may cost a compile
    here: list[pytest.Item] = []
    elsewhere: list[pytest.Item] = []
    for item in items:
        (elsewhere if _entry_elsewhere(item, state.targets) else here).append(item)
    if elsewhere:
        items[:] = here
        config.hook.pytest_deselected(items=elsewhere)
    shard = state.shard
    if shard is None:
        return
    i, n = shard
    keep: list[pytest.Item] = []
    drop: list[pytest.Item] = []
    for item in items:
        (keep if zlib.crc32(item.nodeid.encode()) % n == i - 1 else drop).append(item)
    items[:] = keep
    if drop:
        config.hook.pytest_deselected(items=drop)


def _entry_elsewhere(item: pytest.Item, targets: list[Any]) -> bool:
    """Tell whether `item` checks a known divergence that none of `targets` answers to."""
    callspec = getattr(item, "callspec", None)
    entry = callspec.params.get("entry") if callspec is not None else None
    if entry is None or not hasattr(entry, "targets"):
        return False
    return not any(t.answers_to(pattern) for t in targets for pattern in entry.targets)


def pytest_collection_finish(session: pytest.Session) -> None:
    # the items left once every plugin has selected and deselected
    run_state(session.config).collected = any(
        "stridecheck_target" in getattr(i, "fixturenames", ()) for i in session.items)


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    from .known import load

    state = run_state(config)
    known, unsupported = state.known, state.unsupported
    if not known and not unsupported and not state.collected:
        return
    tr = terminalreporter
    tr.section("stridecheck")
    for entry_id, n in sorted(known.items()):
        tr.write_line(f"known divergence {entry_id}: {n} example(s)")
    unmatched = [e.id for e in load() if e.id not in known]
    if unmatched:
        tr.write_line("known divergences that matched nothing this run (fixed in torch, or "
                      f"not reached): {', '.join(unmatched)}")
    for target, n in sorted(unsupported.items()):
        tr.write_line(f"unsupported on {target}: {n} example(s) (the build cannot run them)")
