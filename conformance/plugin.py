"""The stridecheck pytest plugin: options, Hypothesis profiles, targets, shards and summaries.

Registered through the `pytest11` entry point. Options share the `--stridecheck-` prefix.
"""

from __future__ import annotations

import os
import platform
import sys
import time
import uuid
import zlib
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

PROFILES: dict[str, dict[str, Any]] = {
    # quick local runs
    "dev": dict(max_examples=100, deadline=None),
    # CI: the same examples every run, sized to finish in minutes on 2 cores
    "ci": dict(max_examples=1000, deadline=None, derandomize=True, database=None,
               print_blob=True),
    # a long search before a release
    "thorough": dict(max_examples=5000, deadline=None, print_blob=True),
    # real accelerators: first calls are slow, so no deadline
    "gpu": dict(max_examples=1000, deadline=None, print_blob=True),
}
_SUPPRESS = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]

for _name, _kw in PROFILES.items():
    settings.register_profile(f"stridecheck-{_name}", suppress_health_check=_SUPPRESS, **_kw)

KNOWN_KEY = "stridecheck_known"
UNSUPPORTED_KEY = "stridecheck_unsupported"


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("stridecheck", "stridecheck conformance")
    group.addoption("--stridecheck-targets", default=None, metavar="NAMES",
                    help="comma-separated targets (default: all; see `stridecheck targets`)")
    group.addoption("--stridecheck-profile", default="dev", choices=sorted(PROFILES),
                    help="Hypothesis profile (default: dev)")
    group.addoption("--stridecheck-max-examples", type=int, default=None, metavar="N",
                    help="examples per test, overriding the profile")
    group.addoption("--stridecheck-shard", default=None, metavar="I/N",
                    help="run only shard I of N (1-based), split deterministically by test id")
    group.addoption("--stridecheck-devices", default=None, metavar="DEVICES",
                    help="comma-separated eager devices (default: every device torch reports)")
    group.addoption("--stridecheck-parts", type=int, default=4, metavar="N",
                    help="split each target's examples into N tests (default 4)")
    group.addoption("--stridecheck-results", default=None, metavar="PATH",
                    help="append every example's outcome to this JSON-lines file")


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
    from .targets import resolve_targets

    profile = config.getoption("--stridecheck-profile")
    settings.load_profile(f"stridecheck-{profile}")
    try:
        targets = resolve_targets(config.getoption("--stridecheck-targets"))
    except ValueError as exc:
        raise pytest.UsageError(str(exc)) from None
    devices = config.getoption("--stridecheck-devices")
    if devices:
        wanted = {f"eager:{d.strip()}" for d in devices.split(",")}
        targets = [t for t in targets if not t.name.startswith("eager:") or t.name in wanted]
    config.stridecheck_targets = targets  # type: ignore[attr-defined]
    config.stridecheck_shard = parse_shard(config.getoption("--stridecheck-shard"))  # type: ignore[attr-defined]
    config.stridecheck_known = Counter()  # type: ignore[attr-defined]
    config.stridecheck_unsupported = Counter()  # type: ignore[attr-defined]
    config.stridecheck_recorder = None  # type: ignore[attr-defined]
    path = config.getoption("--stridecheck-results")
    if path:
        _open_results(config, path, targets)


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def _open_results(config: pytest.Config, path: str, targets: list[Any]) -> None:
    """Start the results of this process: the controller writes the `run` record."""
    from .results import Recorder, ResultsFile

    if _is_worker(config):
        run = config.workerinput["stridecheck_run"]  # type: ignore[attr-defined]
        worker = config.workerinput["workerid"]  # type: ignore[attr-defined]
    else:
        record = run_record(config, targets)
        out = ResultsFile(path)
        out.write(record)
        out.close()
        run = {k: record[k] for k in ("run", "seed", "torch", "build")}
        worker = f"main-{os.getpid()}"
    config.stridecheck_run = run  # type: ignore[attr-defined]
    config.stridecheck_started = time.time()  # type: ignore[attr-defined]
    config.stridecheck_recorder = Recorder(path, worker, run)  # type: ignore[attr-defined]


def run_record(config: pytest.Config, targets: list[Any]) -> dict[str, Any]:
    """Return the `run` record: what ran, where, with which torch and settings."""
    import torch

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
            "targets": [{"name": t.name, "available": not t.unavailable,
                         "reason": t.unavailable, "unchecked": list(t.unchecked)}
                        for t in targets],
            "profile": profile, "seed": seed,
            "max_examples": config.getoption("--stridecheck-max-examples"),
            "shard": config.getoption("--stridecheck-shard"),
            "stridecheck": package_version()}


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """Hand the run's id and facts to each xdist worker."""
    run = getattr(node.config, "stridecheck_run", None)
    if run is not None:
        node.workerinput["stridecheck_run"] = run


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    config = session.config
    recorder = getattr(config, "stridecheck_recorder", None)
    if recorder is None:
        return
    recorder.close()
    if _is_worker(config):
        return
    from .results import ResultsFile, collect_crashes

    path = recorder.file.path
    collect_crashes(path, "the process checking this program died (segfault or abort)",
                    record=exitstatus != pytest.ExitCode.INTERRUPTED)
    out = ResultsFile(path)
    out.write({"kind": "end", "run": config.stridecheck_run["run"],  # type: ignore[attr-defined]
               "duration": round(time.time() - config.stridecheck_started, 3),  # type: ignore[attr-defined]
               "exitstatus": int(exitstatus)})
    out.close()


def pytest_report_header(config: pytest.Config) -> list[str]:
    import torch

    targets = config.stridecheck_targets  # type: ignore[attr-defined]
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
    targets = metafunc.config.stridecheck_targets  # type: ignore[attr-defined]
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
    shard = config.stridecheck_shard  # type: ignore[attr-defined]
    if shard is None:
        return
    i, n = shard
    keep, drop = [], []
    for item in items:
        (keep if zlib.crc32(item.nodeid.encode()) % n == i - 1 else drop).append(item)
    items[:] = keep
    if drop:
        config.hook.pytest_deselected(items=drop)


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    config = _CONFIG.get("config")
    if config is None or report.when != "call":
        return
    for key, value in report.user_properties:
        if key == KNOWN_KEY:
            config.stridecheck_known.update(value)
        elif key == UNSUPPORTED_KEY:
            config.stridecheck_unsupported.update(value)


_CONFIG: dict[str, pytest.Config] = {}


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session: pytest.Session) -> None:
    _CONFIG["config"] = session.config


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    from .known import load

    known: Counter[str] = config.stridecheck_known  # type: ignore[attr-defined]
    unsupported: Counter[str] = config.stridecheck_unsupported  # type: ignore[attr-defined]
    if not known and not unsupported and not any(
            "stridecheck_target" in getattr(i, "fixturenames", ())
            for i in getattr(terminalreporter, "_session", None).items or ()):
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
