"""Shared helpers of the hand-picked op case tables.

A table is a list of ``(id, source)`` pairs: `source` is a torch program (statements separated by
newlines, `torch` bound to the library). Every case must agree between torch and the reference
on every observed field after every statement; error cases must also raise the same exception
kind with the same first message line.
"""

from __future__ import annotations

import ast
import re
import warnings
from collections.abc import Callable, Iterable

import pytest
import torch

import stridecheck.reference as reference
from stridecheck.conformance.execute import check_source, run_source
from stridecheck.conformance.outcome import check
from stridecheck.conformance.targets import all_targets
from stridecheck.strategies.parse import parse

Table = list[tuple[str, str]]

# A full torch message with one of these cannot be matched by an independent model.
_BACKTRACE = re.compile(r"Exception raised from|frame #\d+|\(no backtrace available\)")
_ADDRESS = re.compile(r"0x[0-9a-fA-F]{4,}")
# where in torch's C++ sources a TORCH_WARN fired, which the reference cannot say
_TRIGGERED = re.compile(r" \(Triggered internally at [^)]*\.\)$")


def params(table: Table) -> list[object]:
    """Return pytest params of a table, checking that its ids are unique."""
    ids = [name for name, _ in table]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    assert not dupes, f"duplicate case ids: {dupes}"
    return [pytest.param(src, id=name) for name, src in table]


def joined(*tables: Iterable[tuple[str, str]]) -> Table:
    return [case for table in tables for case in table]


# torch's own meta kernels word some errors differently from CPU; the reference words them
# as CPU does. Case ids listed here expect that and fail once torch agrees.
META_MESSAGES = {
    "err-add-meta-uint8-float": "the meta kernel of add_ explains the failed cast as "
                                "'Promotion of int.add/sub_(float) in in-place ops are not "
                                "possible due to element size change.'",
}


def _xfail_if_known(src: str) -> None:
    """Xfail when the program, run as the suite runs it on eager torch, is a known divergence.

    Only programs in the suite's grammar (strategies.parse) can be matched to an entry.
    """
    try:
        program = parse(src)
    except ValueError:
        return
    known = check(program, all_targets()["eager:cpu"]).known
    if known is not None:
        pytest.xfail(f"known torch divergence {known.id}: {known.condition}")


def assert_agrees(src: str) -> None:
    """Fail, printing every difference and the program, unless torch and the reference agree.

    Differences that match an entry of known_divergences.toml xfail with its id.
    """
    diffs = check_source(src, torch)
    if diffs:
        _xfail_if_known(src)
    assert diffs == [], ("\n".join(map(str, diffs)) + "\n--- program ---\n" + src)


def _torch_exception(src: str) -> BaseException | None:
    """Return the exception torch raises running src (None when it runs through)."""
    env: dict[str, object] = {"torch": torch}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for node in ast.parse(src).body:
            try:
                exec(compile(ast.Module([node], []), "<program>", "exec"), env)  # noqa: S102
            except Exception as exc:  # noqa: BLE001 - the outcome under test
                return exc
    return None


def warnings_of(src: str, lib: object) -> list[str]:
    """Return the warnings running src on lib (torch or the reference) gives, as `Kind: text`.

    The program stops at its first exception, as a torch session would; torch's note of the
    C++ source line that warned is left out.
    """
    env: dict[str, object] = {"torch": lib}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for node in ast.parse(src).body:
            try:
                exec(compile(ast.Module([node], []), "<program>", "exec"), env)  # noqa: S102
            except Exception:  # noqa: BLE001 - what was warned before it is the outcome
                break
    return [_TRIGGERED.sub("", f"{w.category.__name__}: {w.message}") for w in caught]


def assert_same_warnings(src: str) -> None:
    """The reference must warn as torch does, in kind, text and order."""
    expected, actual = warnings_of(src, torch), warnings_of(src, reference)
    assert actual == expected, (
        f"torch:     {expected}\nreference: {actual}\n--- program ---\n{src}")


def table_tests(cases: Table, errors: Table) -> tuple[Callable[..., None], Callable[..., None]]:
    """Return a table's two tests: every program agrees with torch; errors match in wording.

    A module binds them as `test_agrees_with_torch, test_error_message_matches`.
    """
    @pytest.mark.parametrize("src", params(cases))
    def test_agrees_with_torch(src: str) -> None:
        assert_agrees(src)

    @pytest.mark.parametrize("src", params(errors))
    def test_error_message_matches(src: str, request: pytest.FixtureRequest) -> None:
        case = request.node.callspec.id
        if case in META_MESSAGES:
            request.applymarker(pytest.mark.xfail(strict=True, reason=META_MESSAGES[case]))
        assert_same_error(src)

    return test_agrees_with_torch, test_error_message_matches


def assert_same_error(src: str) -> None:
    """The program must raise on torch; the reference must raise the same kind and first line."""
    if check_source(src, torch):
        _xfail_if_known(src)
    exc = _torch_exception(src)
    assert exc is not None, "error case does not raise on torch:\n" + src
    full = str(exc)
    if _BACKTRACE.search(full):
        pytest.skip("torch's message embeds a C++ backtrace: only the kind is compared "
                    "(by the agreement test)")
    if _ADDRESS.search(full):
        pytest.skip("torch's message embeds a memory address: only the kind is compared "
                    "(by the agreement test)")
    expected = run_source(src, torch)[-1].error
    actual = run_source(src, reference)[-1].error
    assert actual == expected, (
        f"torch:     {expected}\nreference: {actual}\n--- program ---\n{src}")
