"""The `stridecheck` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from importlib import metadata


def _version() -> str:
    try:
        return metadata.version("stridecheck")
    except metadata.PackageNotFoundError:
        return "unknown"


def _cmd_ops(args: argparse.Namespace) -> int:
    from stridecheck.reference.ops import OPS

    width = max(len(op.key) for op in OPS)
    print(f"{'op':<{width}}  {'family':<10}  {'called as':<26}  returns")
    for op in OPS:
        forms = [f for f, on in (("method", op.method), ("function", op.function),
                                 ("attribute", op.attribute)) if on]
        print(f"{op.key:<{width}}  {op.family:<10}  {', '.join(forms):<26}  {op.returns}")
    print(f"{len(OPS)} ops in {len({op.family for op in OPS})} families")
    return 0


def _cmd_run(args: argparse.Namespace) -> int:
    """Run the conformance suite (pytest underneath) and pass its verdict on."""
    import subprocess

    from stridecheck.conformance.plugin import PROFILES, parse_shard
    from stridecheck.conformance.targets import resolve_targets

    if args.profile not in PROFILES:
        return _usage(f"unknown profile {args.profile!r}; known: {', '.join(PROFILES)}")
    try:
        resolve_targets(args.targets)
        parse_shard(args.shard)
    except Exception as exc:  # noqa: BLE001 - a bad option value is a usage error
        return _usage(str(exc).replace("--stridecheck-shard=", "--shard="))
    cmd = [sys.executable, "-m", "pytest", "--pyargs", "stridecheck.conformance", "-q",
           "-p", "no:cacheprovider", f"--stridecheck-profile={args.profile}"]
    if args.targets:
        cmd.append(f"--stridecheck-targets={args.targets}")
    if args.shard:
        cmd.append(f"--stridecheck-shard={args.shard}")
    if args.max_examples is not None:
        cmd.append(f"--stridecheck-max-examples={args.max_examples}")
    if args.n != "0":
        cmd += ["-n", args.n]
    print("stridecheck run: " + " ".join(cmd[3:]), flush=True)
    code = subprocess.call(cmd)
    return {0: 0, 1: 1, 5: 0}.get(code, 2)


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
    print(f"stridecheck {_version()}: reference vs torch {torch.__version__} eager cpu, "
          f"seed {args.seed}, {args.count} programs of up to {args.max_ops} ops", flush=True)
    result = sweep(seed=args.seed, count=args.count, max_ops=args.max_ops, target=torch,
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="stridecheck",
        description="Check PyTorch's storage and view semantics against an independent model.")
    parser.add_argument("--version", action="version", version=f"stridecheck {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    ops = sub.add_parser("ops", help="list the op catalogue")
    ops.set_defaults(func=_cmd_ops)
    run = sub.add_parser("run", help="run the conformance suite against every torch target")
    run.add_argument("--targets", default=None,
                     help="comma-separated targets (default: all that work here)")
    run.add_argument("--profile", default="ci",
                     help="Hypothesis profile: dev, ci, thorough, gpu (default ci)")
    run.add_argument("-n", default="2", help="worker processes, or auto (default 2)")
    run.add_argument("--shard", default=None, help="run only shard I/N of the tests")
    run.add_argument("--max-examples", type=_positive, default=None,
                     help="examples per test, overriding the profile")
    run.set_defaults(func=_cmd_run)
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
