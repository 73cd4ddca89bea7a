"""The stridecheck pytest plugin: options, Hypothesis profiles, targets, shards and summaries.

Registered through the `pytest11` entry point. Options share the `--stridecheck-` prefix.
"""

from __future__ import annotations

import os
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
    if "stridecheck_target" in metafunc.fixturenames:
        targets = metafunc.config.stridecheck_targets  # type: ignore[attr-defined]
        metafunc.parametrize("stridecheck_target", targets, ids=[t.name for t in targets])


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
