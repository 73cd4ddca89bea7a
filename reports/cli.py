"""The `stridecheck` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
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


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be >= 1")
    return value


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} must be >= 0")
    return value


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="stridecheck",
        description="Check PyTorch's storage and view semantics against an independent model.")
    parser.add_argument("--version", action="version", version=f"stridecheck {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    ops = sub.add_parser("ops", help="list the op catalogue")
    ops.set_defaults(func=_cmd_ops)
    run = sub.add_parser("run", help="differential run of the reference against local torch")
    run.add_argument("--seed", type=_non_negative, default=0, help="random seed (default 0)")
    run.add_argument("--count", type=_positive, default=2000,
                     help="programs to check (default 2000)")
    run.add_argument("--max-ops", type=_positive, default=8,
                     help="ops per program at most (default 8)")
    run.add_argument("--show", type=_non_negative, default=5,
                     help="diverging programs to print (default 5)")
    run.add_argument("-q", "--quiet", action="store_true", help="no progress line")
    run.set_defaults(func=_cmd_run)
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
