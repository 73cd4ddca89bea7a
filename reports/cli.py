"""The `stridecheck` command line."""

from __future__ import annotations

import argparse
import glob
import json
import os
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from stridecheck.conformance.results import package_version


def _cmd_ops(args: argparse.Namespace) -> int:
    """Print the catalogue; with results, which targets and dtypes exercised each op."""
    from stridecheck.reference.ops import OPS

    from .reading import ResultsError, load
    from .summary import op_coverage

    if args.results:
        try:
            exercised = op_coverage(load(args.results).examples)
        except ResultsError as exc:
            return _usage(str(exc))
        header = ("targets that exercised it", "dtypes")
    else:
        header = ("targets", "dtypes")
    width = max(len(op.key) for op in OPS)
    family = max(len(op.family) for op in OPS)
    returns = max(len(str(op.contract)) for op in OPS)
    print(f"{'op':<{width}}  {'family':<{family}}  {'called as':<26}  {'returns':<{returns}}  "
          f"{header[0]}; {header[1]}")
    for op in OPS:
        forms = op.forms
        if args.results:
            where_run = exercised.get(op.key, Counter())
            targets = sorted({target for target, _ in where_run})
            dtypes = sorted({dtype for _, dtype in where_run})
            where = (f"{', '.join(targets)}; {', '.join(dtypes)}" if targets
                     else "never exercised")
        else:
            where = f"{_static_targets(op)}; every dtype the op accepts"
        print(f"{op.key:<{width}}  {op.family:<{family}}  {', '.join(forms):<26}  "
              f"{op.contract!s:<{returns}}  {where}")
    print(f"{len(OPS)} ops in {len({op.family for op in OPS})} families")
    return 0


def _static_targets(op: Any) -> str:
    """Return which kinds of target can run an op, as the catalogue declares it."""
    if not op.unsupported_on:
        return "every target"
    return f"every target but {', '.join(op.unsupported_on)}"


def _cmd_targets(args: argparse.Namespace) -> int:
    """Print every target known here (built-in and registered) and what it can show."""
    try:
        from stridecheck.conformance.plugin import parse_devices
        from stridecheck.conformance.targets import all_targets
        targets = all_targets(parse_devices(args.devices))
    except ImportError as exc:
        return _usage(f"cannot load the targets: {exc}")
    except (TypeError, ValueError) as exc:  # a registered target that is not one
        return _usage(str(exc))
    width = max(len(name) for name in targets)
    for t in targets.values():
        state = f"unavailable: {t.unavailable}" if t.unavailable else "runs here"
        print(f"{t.name:<{width}}  {t.kind:<8} device {t.device:<7} {state}; not checked: "
              f"{', '.join(t.unchecked) or 'nothing'}")
    return 0


def _cmd_run(args: argparse.Namespace) -> int:
    """Run the conformance suite (pytest underneath), then write results, repros and report."""
    from stridecheck.conformance.plugin import PROFILES, parse_devices, parse_shard
    from stridecheck.conformance.targets import resolve_targets

    if args.profile not in PROFILES:
        return _usage(f"unknown profile {args.profile!r}; known: {', '.join(PROFILES)}")
    try:
        resolve_targets(args.targets, parse_devices(args.devices))
        parse_shard(args.shard)
    except Exception as exc:  # noqa: BLE001 - a bad option value is a usage error
        return _usage(str(exc).replace("--stridecheck-shard=", "--shard="))
    if args.n not in ("auto", "logical") and not args.n.isdigit():
        return _usage(f"-n {args.n!r}: expected a number of workers or auto")
    from stridecheck.conformance.known import KnownFileError, entries
    known = [os.path.abspath(path) for path in args.known]
    try:
        entries(known, None)
    except KnownFileError as exc:
        return _usage(f"--known: {exc}")
    out_dir = os.path.abspath(args.out)
    results_path = os.path.join(out_dir, "results.jsonl")
    log_path = os.path.join(out_dir, "pytest.log")
    try:
        os.makedirs(out_dir, exist_ok=True)
        open(log_path, "wb").close()  # a previous run's log in this folder is replaced
        for stale in glob.glob(glob.escape(results_path) + "*"):
            os.unlink(stale)  # a previous run's results in this folder are replaced
    except OSError as exc:
        return _usage(f"--out {args.out}: {exc.strerror}")
    cmd = [sys.executable, "-m", "pytest", "--pyargs", "stridecheck.conformance", "-q",
           "-p", "no:cacheprovider", f"--stridecheck-profile={args.profile}",
           f"--stridecheck-results={results_path}"]
    if args.targets:
        cmd.append(f"--stridecheck-targets={args.targets}")
    if args.devices:
        cmd.append(f"--stridecheck-devices={args.devices}")
    if args.prelude:
        cmd.append(f"--stridecheck-prelude={args.prelude}")
    if args.shard:
        cmd.append(f"--stridecheck-shard={args.shard}")
    if args.max_examples is not None:
        cmd.append(f"--stridecheck-max-examples={args.max_examples}")
    cmd += [f"--stridecheck-known={path}" for path in known]
    if not _plugin_installed():
        # run from a working tree (stridecheck_tree.py): pytest finds no entry point for it
        cmd += ["-p", "stridecheck.conformance.plugin"]
    if args.n != "0":
        # work stealing: the matrix's long parts come last, and an idle worker takes a
        # busy one's pending tests instead of waiting (xdist's default leaves it idle)
        cmd += ["-n", args.n, "--dist", "worksteal"]
    cmd += args.pytest_args
    if args.budget is not None:
        return _campaign(args, cmd, results_path, log_path, out_dir)
    print(f"stridecheck run: pytest {' '.join(cmd[3:])}", flush=True)
    print(f"  pytest's own output: {log_path}", flush=True)
    code, interrupted = _pytest(cmd, log_path, results_path, args.quiet)
    if interrupted:
        return _interrupted(results_path, out_dir)
    return _finish(code, results_path, log_path, out_dir)


def _interrupted(results_path: str, out_dir: str) -> int:
    """Report what a run stopped by Ctrl-C checked; return the exit status for it."""
    print("stridecheck: interrupted; the report covers the examples checked so far",
          file=sys.stderr)
    if os.path.exists(results_path):
        _write_outputs([results_path], out_dir)
    return 130


def _pytest(cmd: list[str], log_path: str, results_path: str, quiet: bool,
            seconds: float | None = None) -> tuple[int, bool]:
    """Run pytest with progress lines; return its exit code and whether Ctrl-C stopped it.

    pytest runs in a process group of its own, workers included, which gets the interrupt a
    Ctrl-C sends: on Ctrl-C here, and after `seconds` (a campaign's budget spent, which ends
    the run as a pass: what it checked is in the results). Whatever has not stopped a minute
    after the interrupt is killed.
    """
    import signal
    import subprocess

    from stridecheck.conformance.results import collect_crashes

    from .progress import Progress

    def stop(child: subprocess.Popen[bytes]) -> int:
        os.killpg(child.pid, signal.SIGINT)
        try:
            return child.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            return child.wait()
        finally:
            # the examples in flight were stopped, not crashed
            collect_crashes(results_path, "", record=False)

    interrupted = False
    with open(log_path, "ab") as log, Progress(results_path, quiet=quiet):
        child = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT,
                                 start_new_session=True)
        try:
            code = child.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            stop(child)
            code = 0
        except KeyboardInterrupt:
            interrupted = True
            code = stop(child)
    return code, interrupted


def _finish(code: int, results_path: str, log_path: str, out_dir: str) -> int:
    """Turn pytest's exit into the command's: crashes recorded, outputs written."""
    from stridecheck.conformance.outcome import complete_crash
    from stridecheck.conformance.results import collect_crashes

    if code < 0:
        collect_crashes(results_path, f"pytest was killed by signal {-code} while checking "
                                      "this program", complete=complete_crash)
    if code not in (0, 1, 5) and code >= 0:
        print(f"stridecheck: error: pytest exited with {code}; the end of its output:",
              file=sys.stderr)
        print(_tail(log_path), file=sys.stderr)
        return 2
    if not os.path.exists(results_path):
        return _usage("the run wrote no results")
    status = _write_outputs([results_path], out_dir)
    if code == 1 and status == 0:
        # pytest failed where the results hold no divergence nor crash: a test of the suite
        # broke by itself, which the summary above cannot show
        failed = [line for line in _tail(log_path, 400).splitlines()
                  if line.startswith(("FAILED", "ERROR"))]
        print(f"stridecheck: error: {len(failed) or 'some'} test(s) failed without a "
              f"divergence (see {log_path}):", file=sys.stderr)
        print("\n".join(failed[:10]), file=sys.stderr)
    return 1 if code != 0 and code != 5 else status


def _campaign(args: argparse.Namespace, cmd: list[str], results_path: str, log_path: str,
              out_dir: str) -> int:
    """Run the suite in rounds until the budget is spent, each round on streams of its own.

    What the rounds so far found is known to the next (their baseline, written to
    campaign-known.toml in the output folder), so each round looks past the classes found
    before instead of stopping at them again, and so are the cells they covered
    (campaign-covered.json): the layout matrix, which goes on past divergences by itself,
    resumes at the rows not yet covered (and random programs are steered past those cells
    where --stridecheck-steer=cells is given). Rounds grow: round r draws 100 * 2^(r-1)
    examples a test (up to the profile's; all of --max-examples where given) and gives each
    part of the matrix 30 * 2^(r-1) seconds, so that every target and test takes its turn
    early and a long campaign still goes deep. The check of known entries runs in the first
    round only. The summary then lists each class with how many examples showed it and its
    shortest repro.
    """
    import time

    from stridecheck.conformance.plugin import PROFILES

    from .baseline import baseline, render
    from .coverage import done_cells
    from .reading import load, write_atomically

    deadline = time.monotonic() + args.budget
    known_path = os.path.join(out_dir, "campaign-known.toml")
    covered_path = os.path.join(out_dir, "campaign-covered.json")
    for path in (known_path, covered_path):
        if os.path.exists(path):
            os.unlink(path)
    own_k = "-k" in args.pytest_args
    print(f"stridecheck run: a campaign of {args.budget:g} s: pytest {' '.join(cmd[3:])}",
          flush=True)
    print(f"  pytest's own output: {log_path}", flush=True)
    code, round_ = 0, 0
    while deadline - time.monotonic() > 1:
        round_ += 1
        extra = [f"--stridecheck-round={round_}"]
        if os.path.exists(known_path):
            extra.append(f"--stridecheck-known={known_path}")
        if os.path.exists(covered_path):
            extra.append(f"--stridecheck-covered={covered_path}")
        grown = 2 ** min(round_ - 1, 20)
        seconds = 30 * grown
        extra.append(f"--stridecheck-matrix-time={seconds}")
        examples = args.max_examples
        if examples is None:
            examples = min(PROFILES[args.profile]["max_examples"], 100 * grown)
            extra.append(f"--stridecheck-max-examples={examples}")
        if round_ > 1 and not own_k:
            extra += ["-k", "not known_divergence_is_still_there"]
        left = deadline - time.monotonic()
        print(f"  round {round_}: {left:.0f} s left ({examples} examples a test, "
              f"{seconds} s a part of the matrix)", flush=True)
        code, interrupted = _pytest(cmd + extra, log_path, results_path, args.quiet, left)
        if interrupted:
            return _interrupted(results_path, out_dir)
        if code not in (0, 1, 5) or not os.path.exists(results_path):
            break
        results = load([results_path])
        found = baseline(results)
        torch = sorted({str(r.get("torch")) for r in results.runs})
        write_atomically(known_path, render(found, [results_path], torch).encode())
        write_atomically(covered_path, json.dumps(done_cells(results.examples)).encode())
        print(f"  round {round_} done: {len(found.entries)} class(es) of divergence so far",
              flush=True)
    status = _finish(code if code not in (0, 1, 5) else 0, results_path, log_path, out_dir)
    if os.path.exists(results_path):
        print(_classes_text(load([results_path]), known_path))
    return status


def _classes_text(results: Any, known_path: str) -> str:
    """Return the campaign's classes of divergence: each with its count of examples (the
    shrunk failures and the examples later rounds knew it by) and its shortest repro."""
    from stridecheck.conformance.known import entries

    from .baseline import baseline

    found = baseline(results).entries
    if not found:
        return "\nno divergence in the campaign"
    ids = [e.id for e in entries([known_path], None, packaged=False)] \
        if os.path.exists(known_path) else []
    known = Counter(r.get("known") for r in results.examples if r.get("status") == "known")
    lines = [f"\n{len(found)} class(es) of divergence in the campaign:"]
    for i, entry in enumerate(found):
        seen = entry.count + (known[ids[i]] if i < len(ids) else 0)
        lines.append(f"  {entry.target} at {entry.op}: {entry.first_field}"
                     f"{' ' + str(dict(entry.when)) if entry.when else ''}, {seen} example(s)"
                     "; the shortest:")
        lines += ["    " + line for line in entry.repro.splitlines()]
    return "\n".join(lines)


def _duration(text: str) -> float:
    """Parse a duration (90s, 30m, 2h, or seconds) for argparse."""
    import re
    found = re.fullmatch(r"(\d+(?:\.\d+)?)([smh]?)", text.strip())
    if not found or float(found.group(1)) <= 0:
        raise argparse.ArgumentTypeError(
            f"{text!r}: expected a duration such as 90s, 30m or 2h")
    return float(found.group(1)) * {"": 1, "s": 1, "m": 60, "h": 3600}[found.group(2)]


def _plugin_installed() -> bool:
    """Tell whether pytest loads the stridecheck plugin by itself (an installed package)."""
    from importlib.metadata import entry_points
    return any(ep.name == "stridecheck" for ep in entry_points(group="pytest11"))


def _tail(path: str, lines: int = 15) -> str:
    with open(path, errors="replace") as fh:
        return "".join(fh.readlines()[-lines:]).rstrip()


def _write_outputs(paths: list[str], out_dir: str) -> int:
    """Write repro scripts and the HTML report for results files; print the summary.

    Return 0 when nothing diverged or crashed (known divergences allowed), else 1.
    """
    from .html import write_report
    from .reading import load
    from .repro import scripts as repro_scripts
    from .repro import write_scripts
    from .summary import also_on_cpu, difference_text, summarize

    results = load(paths)
    scripts_dir = os.path.join(out_dir, "repros")
    # scripts of an earlier report in this folder would pass for this one's
    for stale in glob.glob(os.path.join(glob.escape(scripts_dir), "repro-*.py")):
        os.unlink(stale)
    texts = repro_scripts(results.failures)
    scripts = write_scripts(results.failures, scripts_dir, texts) if texts else {}
    summary = summarize(results)
    report = write_report(results, out_dir, texts, summary)
    counts = summary["counts"]
    print("stridecheck: " + ", ".join(f"{counts.get(k, 0)} {k}" for k in
                                       ("pass", "known", "unsupported", "divergence", "crash"))
          + " example(s)")
    for i, failure in enumerate(results.failures):
        where = f" ({failure.get('op')})" if failure.get("op") else ""
        print(f"\n{failure['status']} on {failure['target']}{where}, repro: {scripts.get(i)}")
        if also_on_cpu(failure, results.failures):
            print("  eager:cpu shows it too: a difference of this torch build, not of the "
                  "device")
        if failure.get("diffs"):
            print(f"  {difference_text(failure['diffs'][0])}")
        print("  " + failure.get("program", "").replace("\n", "\n  "))
    for entry in summary["known"]["stale"]:
        print(f"\nstale known divergence {entry['id']} ({entry['source'] or 'packaged'}): its "
              f"repro no longer diverges on {entry['target']}; remove the entry")
    print(f"\nreport: {report}")
    bad = counts.get("divergence", 0) + counts.get("crash", 0) + len(results.failures) + \
        counts.get("stale", 0)
    return 1 if bad else 0


def _cmd_report(args: argparse.Namespace) -> int:
    from .reading import ResultsError
    try:
        return _write_outputs(args.results, os.path.abspath(args.out))
    except ResultsError as exc:
        return _usage(str(exc))
    except OSError as exc:
        return _usage(f"--out {args.out}: {exc.strerror or exc}")


def _cmd_merge(args: argparse.Namespace) -> int:
    from .reading import ResultsError, merge
    try:
        results = merge(args.results, args.output)
    except ResultsError as exc:
        return _usage(str(exc))
    except OSError as exc:
        return _usage(f"{args.output}: {exc.strerror}")
    print(f"stridecheck: merged {len(args.results)} file(s), {len(results.runs)} run(s), "
          f"{len(results.examples)} example record(s) into {args.output}")
    return 0


def _cmd_baseline(args: argparse.Namespace) -> int:
    """Write a known-divergences file with an entry per distinct divergence of the results."""
    from .baseline import baseline, render
    from .reading import ResultsError, load, write_atomically
    try:
        results = load(args.results)
    except ResultsError as exc:
        return _usage(str(exc))
    found = baseline(results)
    torch = sorted({str(r.get("torch")) for r in results.runs})
    try:
        write_atomically(args.output, render(found, args.results, torch).encode())
    except OSError as exc:
        return _usage(f"{args.output}: {exc.strerror or exc}")
    print(f"stridecheck: {len(found.entries)} entr{'y' if len(found.entries) == 1 else 'ies'} "
          f"from {len(results.failures)} failure(s) written to {args.output}; fill in each "
          "reason")
    for failure, why in found.left_out:
        print(f"  left out: {failure.get('status')} on {failure.get('target')} at "
              f"{failure.get('op') or '(no op)'}: {why}")
    return 0


def _cmd_compare(args: argparse.Namespace) -> int:
    """Print what differs between two sets of results; exit 1 when B has new divergences."""
    from .changes import compare, render
    from .reading import ResultsError, load
    try:
        a, b = load([args.a]), load([args.b])
    except ResultsError as exc:
        return _usage(str(exc))
    changes = compare(a, b)
    print("\n".join(render(changes, (args.a, args.b), cells=args.cells)))
    return 1 if changes.regressed else 0


def _cmd_coverage(args: argparse.Namespace) -> int:
    """Print, per target, how much of the layout matrix's declared space the results cover."""
    from .coverage import coverage_text
    from .reading import ResultsError, load
    try:
        results = load(args.results)
    except ResultsError as exc:
        return _usage(str(exc))
    kinds = {t["name"]: t["kind"] for r in results.runs for t in r.get("targets", [])}
    print(coverage_text(results.examples, every_cell=args.all, kinds=kinds))
    return 0


def _cmd_repro(args: argparse.Namespace) -> int:
    import subprocess
    if not os.path.isfile(args.script):
        return _usage(f"{args.script}: no such repro script")
    return subprocess.call([sys.executable, args.script])


def _usage(message: str) -> int:
    print(f"stridecheck: error: {message}", file=sys.stderr)
    return 2


def _cmd_sweep(args: argparse.Namespace) -> int:
    from stridecheck.conformance.sweep import sweep

    try:
        import torch
    except ImportError:
        print("stridecheck: error: torch is not installed", file=sys.stderr)
        return 2
    print(f"stridecheck {package_version()}: reference vs torch {torch.__version__} eager cpu, "
          f"seed {args.seed}, {args.count} programs of up to {args.max_ops} ops", flush=True)
    result = sweep(seed=args.seed, count=args.count, max_ops=args.max_ops,
                   progress=not args.quiet)
    print(result.summary())
    for program, diffs in result.divergences[: args.show]:
        print("\n--- diverging program:")
        print(program)
        for d in diffs[:5]:
            print(f"  {d}")
    return 1 if result.divergences else 0


def _whole(minimum: int) -> Callable[[str], int]:
    """Return an argparse type for whole numbers >= minimum, with a one-line error."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{value} must be >= {minimum}")
        return value
    return parse


_positive = _whole(1)
_non_negative = _whole(0)


class _Parser(argparse.ArgumentParser):
    """argparse with usage errors as one line on stderr and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="stridecheck",
        description="Check PyTorch's storage and view semantics against an independent model.")
    parser.add_argument("--version", action="version", version=f"stridecheck {package_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    ops = sub.add_parser("ops", help="list the op catalogue")
    ops.add_argument("results", nargs="*", metavar="RESULTS",
                     help="results files: show which targets and dtypes exercised each op")
    ops.set_defaults(func=_cmd_ops)
    targets = sub.add_parser("targets", help="list the targets, registered ones included")
    targets.add_argument("--devices", default=None,
                         help="comma-separated devices to list targets for too (npu:0,cuda:1)")
    targets.set_defaults(func=_cmd_targets)
    run = sub.add_parser("run", help="run the conformance suite against every torch target")
    run.add_argument("--targets", default=None,
                     help="comma-separated targets (default: all that work here)")
    run.add_argument("--devices", default=None,
                     help="comma-separated devices to check, e.g. npu:0,cuda:1 (default: cpu "
                          "and every device torch reports)")
    run.add_argument("--prelude", default="",
                     help="torch code every repro script runs first, such as the import that "
                          "registers your backend")
    run.add_argument("--profile", default="ci",
                     help="Hypothesis profile: dev, ci, thorough, gpu (default ci)")
    run.add_argument("-n", default="2", help="worker processes, or auto (default 2)")
    run.add_argument("--shard", default=None, help="run only shard I/N of the tests")
    run.add_argument("--max-examples", type=_positive, default=None,
                     help="examples per test, overriding the profile")
    run.add_argument("--out", default="stridecheck-out",
                     help="folder for results.jsonl, report.html and repros/ "
                          "(default stridecheck-out)")
    run.add_argument("--known", action="append", default=[], metavar="FILE",
                     help="known divergences of your own, added to the packaged ones (the "
                          "format of known_divergences.toml, as `stridecheck baseline` "
                          "writes it); repeatable")
    run.add_argument("--budget", type=_duration, default=None, metavar="DURATION",
                     help="a campaign: rounds of the suite until DURATION (90s, 30m, 2h) is "
                          "spent, growing round by round, each looking past the classes of "
                          "divergence found before and resuming the layout matrix where the "
                          "last stopped; the summary lists each class with its count and "
                          "shortest repro")
    run.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    run.add_argument("pytest_args", nargs="*", metavar="-- PYTEST_ARGS",
                     help="further pytest arguments, after --")
    run.set_defaults(func=_cmd_run)
    report = sub.add_parser("report", help="write the HTML report and repro scripts of results")
    report.add_argument("results", nargs="+", metavar="RESULTS", help="results.jsonl files")
    report.add_argument("--out", required=True, help="folder for report.html and repros/")
    report.set_defaults(func=_cmd_report)
    merge = sub.add_parser("merge", help="join results of several shards or machines")
    merge.add_argument("results", nargs="+", metavar="RESULTS", help="results.jsonl files")
    merge.add_argument("-o", "--output", required=True, help="the merged results file")
    merge.set_defaults(func=_cmd_merge)
    base = sub.add_parser("baseline", help="write a known-divergences file with an entry per "
                                          "distinct divergence of the results")
    base.add_argument("results", nargs="+", metavar="RESULTS", help="results.jsonl files")
    base.add_argument("-o", "--output", required=True, help="the known-divergences file")
    base.set_defaults(func=_cmd_baseline)
    comp = sub.add_parser("compare", help="what differs between two runs (exit 1: B has new "
                                          "divergences)")
    comp.add_argument("a", metavar="A", help="results of the earlier run (a merged file for "
                                             "several)")
    comp.add_argument("b", metavar="B", help="results of the later run")
    comp.add_argument("--cells", action="store_true",
                      help="list each op x target whose statuses differ, with the counts")
    comp.set_defaults(func=_cmd_compare)
    cover = sub.add_parser("coverage", help="per target, the cells of the layout matrix's "
                                            "space the results exercised")
    cover.add_argument("results", nargs="+", metavar="RESULTS", help="results.jsonl files")
    cover.add_argument("--all", action="store_true",
                       help="list every uncovered cell, not the first few of each op")
    cover.set_defaults(func=_cmd_coverage)
    repro = sub.add_parser("repro", help="run a standalone repro script (exit 1: diverges)")
    repro.add_argument("script", metavar="FILE")
    repro.set_defaults(func=_cmd_repro)
    sw = sub.add_parser("sweep", help="seeded random differential sweep on eager CPU")
    sw.add_argument("--seed", type=_non_negative, default=0, help="random seed (default 0)")
    sw.add_argument("--count", type=_positive, default=2000,
                    help="programs to check (default 2000)")
    sw.add_argument("--max-ops", type=_positive, default=8,
                    help="ops per program at most (default 8)")
    sw.add_argument("--show", type=_non_negative, default=5,
                    help="diverging programs to print (default 5)")
    sw.add_argument("-q", "--quiet", action="store_true", help="no progress line")
    sw.set_defaults(func=_cmd_sweep)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        print("stridecheck: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
