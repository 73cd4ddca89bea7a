"""Every op returns what the catalogue's `Contract` declares, on the reference and on torch.

The check is generic: the contract alone names the branches an op's result may take (the input
itself, a view of the input's root, an untracked alias, a new storage, the input written in
place). Each seeded case builds a base tensor, draws the op's arguments once on the reference
and makes the same call on the reference and on eager torch (CPU); each side's result must take
an allowed branch, and both sides the same one. Tuple-returning ops are called without their
`pick`, so every piece is checked.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import warnings
from collections import Counter
from typing import Any

import pytest
import torch

import stridecheck.reference as reference
from stridecheck.conformance.observe import is_tensor, storage_key
from stridecheck.reference.ops import OPS, Contract, OpSpec
from stridecheck.strategies.arguments import Context, RandomChooser
from stridecheck.strategies.calls import ARGUMENTS
from stridecheck.strategies.chains import base_steps
from stridecheck.strategies.program import Op, Program, Step, apply

# Branches a result can take (see `branch`).
SELF = "self"  # the input object, its `_version` unchanged
IN_PLACE = "in-place"  # the input object, its `_version` increased
VIEW = "view"  # a new object on the input's storage, `_is_view()`, `_base` the input's root
ALIAS = "alias"  # a new object on the input's storage, not a view, `_base` None
COPY = "copy"  # a new object on a new storage, not a view, `_base` None
VIEWS = "views"  # a tuple of one or more views
COPIES = "copies"  # a tuple of one or more new storages
NO_PIECES = "no pieces"  # an empty tuple: holds for VIEWS, but shows nothing
VIEW_OF_COPY = "view of a copy"  # a view on a new storage, `_base` a tensor the op made

ALLOWED: dict[Contract, frozenset[str]] = {
    Contract.VIEW: frozenset({VIEW}),
    Contract.VIEWS: frozenset({VIEWS, NO_PIECES}),
    Contract.SELF: frozenset({SELF}),
    Contract.SELF_OR_VIEW: frozenset({SELF, VIEW}),
    # a copy torch makes may hide behind a view of it (ravel: contiguous().view(-1))
    Contract.VIEW_OR_COPY: frozenset({VIEW, COPY, VIEW_OF_COPY}),
    Contract.SELF_VIEW_OR_COPY: frozenset({SELF, VIEW, COPY, VIEW_OF_COPY}),
    Contract.SELF_OR_COPY: frozenset({SELF, COPY}),
    Contract.COPY: frozenset({COPY}),
    Contract.COPY_OR_VIEW_OF_COPY: frozenset({COPY, VIEW_OF_COPY}),
    Contract.COPIES: frozenset({COPIES}),
    Contract.ALIAS: frozenset({ALIAS}),
    Contract.IN_PLACE: frozenset({IN_PLACE}),
}

BASES = 400  # seeded base tensors scanned per op, in order, until CASES have been checked
CASES = 40  # checked cases wanted per op
MIN_CASES = 3  # fewer checked cases than this fails: the contract was barely exercised

# Branches torch 2.13 takes (and the reference with it) that the declared contract does not
# allow. Cases taking such a branch make the op's test xfail while every other case is still
# checked; once the branch stops showing up the test fails, asking to drop the entry.
CONTRADICTED: dict[str, tuple[str, str]] = {
    "resize_": (SELF, "resize_ to the current shape changes nothing and leaves _version as is"),
    "nn.functional.channel_shuffle": (
        ALIAS, "channel_shuffle of an input without elements returns a tensor on the input's "
               "storage that is not a view, with a version counter of its own, a torch quirk "
               "(docs/torch-bugs.md)"),
}

LIBS: tuple[tuple[str, Any], ...] = (("reference", reference), ("torch", torch))


@dataclasses.dataclass(frozen=True)
class Base:
    """One seeded input: the steps that build it and the reference tensor they give."""

    seed: int
    steps: tuple[Step, ...]
    probe: Any  # only read (for `applies` and argument drawing), never handed to an op


@functools.cache
def bases() -> tuple[Base, ...]:
    """Return the seeded inputs shared by every op (built once, on the reference)."""
    out = []
    for seed in range(BASES):
        steps = tuple(base_steps(RandomChooser(random.Random(seed))))
        out.append(Base(seed, steps, build(steps, reference)))
    return tuple(out)


def build(steps: tuple[Step, ...], lib: Any) -> Any:
    """Run base steps on `lib` and return the tensor they bind to `x0`."""
    env: dict[str, Any] = {}
    for s in steps:
        env[s.out] = apply(s.op, lib if s.src is None else env[s.src], lib, env)  # type: ignore[index]
    return env["x0"]


def branch(result: Any, subject: Any, root: Any, version: int, keep: list[Any]) -> str:
    """Name the branch `result` of an op on `subject` took (or describe why it took none).

    `root` is the subject's `_base` (the subject itself when it is no view) and `version` its
    `_version`, both read before the call; `keep` holds storages while keys are compared.
    """
    if isinstance(result, tuple):
        pieces = [branch(r, subject, root, version, keep) for r in result]
        if not pieces:
            return NO_PIECES
        return {frozenset({VIEW}): VIEWS, frozenset({COPY}): COPIES}.get(
            frozenset(pieces), f"tuple of {pieces}")
    if result is subject:
        return IN_PLACE if subject._version > version else SELF
    if not is_tensor(result):
        return f"a {type(result).__name__}, no tensor"
    shared = storage_key(result, keep) == storage_key(subject, keep)
    base, is_view = result._base, bool(result._is_view())
    if shared and is_view and base is root:
        return VIEW
    if shared and not is_view and base is None:
        return ALIAS
    if not shared and not is_view and base is None:
        return COPY
    if not shared and is_view and base is not None and base is not root and \
            storage_key(base, keep) == storage_key(result, keep):
        return VIEW_OF_COPY
    where = "is the input's root" if base is root else "is None" if base is None else \
        "is another tensor"
    return (f"neither (storage {'shared' if shared else 'new'}, _is_view()={is_view}, "
            f"_base {where})")


def run_case(op: Op, steps: tuple[Step, ...], lib: Any) -> str | BaseException:
    """Build the input on `lib`, call `op` on it; return the branch taken or what was raised."""
    subject = build(steps, lib)
    root = subject if subject._base is None else subject._base
    version = subject._version
    keep: list[Any] = []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # deprecation notes (x.T on 3-d) are no outcome
            result = apply(op, subject, lib, {"x0": subject})
    except Exception as exc:  # noqa: BLE001 - invalid arguments raise on both sides
        return exc
    return branch(result, subject, root, version, keep)


def program_text(steps: tuple[Step, ...], op: Op) -> str:
    out = None if op.kind == "setitem" else "x1"
    return repr(Program(steps + (Step(out, "x0", op),)))


def test_every_contract_names_its_branches() -> None:
    missing = set(Contract) - set(ALLOWED)
    assert not missing, f"contracts without allowed branches: {sorted(map(str, missing))}"


@pytest.mark.parametrize("spec", OPS, ids=lambda spec: spec.key)
def test_op_keeps_its_contract(spec: OpSpec, record_property: Any) -> None:
    arguments = ARGUMENTS[spec.key]
    allowed = ALLOWED[spec.contract]
    contradicted, why = CONTRADICTED.get(spec.key, (None, ""))
    seen: Counter[str] = Counter()
    skipped = Counter(inapplicable=0, both_raised=0)
    failures: list[str] = []
    for base in bases():
        if sum(seen.values()) >= CASES:
            break
        if not arguments.applies(base.probe):
            skipped["inapplicable"] += 1
            continue
        ch = RandomChooser(random.Random(f"{spec.key}/{base.seed}"))
        op = arguments.build(base.probe, ch, Context(live={"x0": base.probe}))
        op = dataclasses.replace(op, pick=None)
        outcomes = {name: run_case(op, base.steps, lib) for name, lib in LIBS}
        errors = {n: o for n, o in outcomes.items() if isinstance(o, BaseException)}
        if len(errors) == len(outcomes):
            skipped["both_raised"] += 1
            continue
        where = f"[seed {base.seed}:\n{program_text(base.steps, op)}]"
        if errors:
            (name, exc), = errors.items()
            first_line = str(exc).splitlines()[0] if str(exc) else ""
            failures.append(f"only {name} raised {type(exc).__name__}: {first_line} {where}")
            continue
        ref_out, torch_out = outcomes["reference"], outcomes["torch"]
        if ref_out != torch_out:
            failures.append(f"branch={ref_out!r} on the reference, but {torch_out!r} on "
                            f"torch {where}")
        elif ref_out in allowed or ref_out == contradicted:
            seen[ref_out] += 1
        else:
            failures.append(f"branch={ref_out!r} on both sides, but contract {spec.contract} "
                            f"allows {' or '.join(sorted(allowed))} {where}")
    record_property("branches", dict(seen))
    print(f"{spec.key} ({spec.contract}): {dict(seen)}, skipped {dict(skipped)}")
    if failures:
        shown = "\n\n".join(failures[:3])
        pytest.fail(f"{len(failures)} case(s) break the contract of {spec.key}:\n{shown}",
                    pytrace=False)
    checked = sum(seen.values())
    assert checked >= MIN_CASES, (
        f"checked={checked}, but should be >= {MIN_CASES} [{spec.key}: "
        f"{skipped['inapplicable']} of {BASES} inputs inapplicable, "
        f"{skipped['both_raised']} calls raised on both sides]")
    if contradicted is not None:
        assert contradicted not in allowed and seen[contradicted], (
            f"{spec.key} is listed in CONTRADICTED as taking {contradicted!r}, but contract "
            f"{spec.contract} allows it or no case took it: drop the entry")
        pytest.xfail(f"contract {spec.contract} is contradicted in {seen[contradicted]} of "
                     f"{checked} cases ({contradicted}): {why}")
