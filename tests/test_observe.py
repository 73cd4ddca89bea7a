"""Snapshots read each field the ways users spell it, and compare those spellings."""

from __future__ import annotations

import ast
import dataclasses
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import torch
from injected_bugs import BUGS

import stridecheck.reference as ref
from stridecheck.conformance import spellings
from stridecheck.conformance.compare import Difference, diff_live, diff_snapshot
from stridecheck.conformance.execute import check_source
from stridecheck.conformance.observe import FIELDS, Snapshot, snapshot_all

SPELLINGS_SOURCE = Path(spellings.__file__).read_text()

# tensors whose layout torch treats specially somewhere, built alike in either library
TRICKY = {
    "size-1 dim, odd stride": "torch.zeros(3, 1).t()",
    "size-1 dims, stepped": "torch.arange(24.).view(2, 1, 12)[:, :, ::3]",
    "size-1 first dim, sliced": "torch.arange(12.).view(4, 3)[1:2]",
    "zero-size dim": "torch.zeros(2, 0, 3)",
    "zero-size, transposed": "torch.zeros(0, 3).t()",
    "zero-size, offset": "torch.zeros(4, 4)[4:, 1:]",
    "0-d": "torch.tensor(1.5)",
    "0-d view with offset": "torch.arange(6.).view(2, 3)[1, 2]",
    "channels_last": "torch.zeros(2, 4, 5, 3).permute(0, 3, 1, 2)",
    "channels_last, size-1 channel": "torch.zeros(2, 4, 5, 1).permute(0, 3, 1, 2)",
    "channels_last_3d": "torch.zeros(2, 4, 5, 6, 3).permute(0, 4, 1, 2, 3)",
    "expanded": "torch.zeros(3, 1).expand(3, 4)",
    "expanded 0-d": "torch.tensor(2.0).expand(2, 3)",
    "conj view": "torch.zeros(2, 3, dtype=torch.complex64).conj()",
    "conj view, transposed": "torch.zeros(2, 3, dtype=torch.complex64).conj().t()",
    "imag of complex": "torch.zeros(2, 3, dtype=torch.complex128).imag",
    "bool, offset": "torch.zeros(5, dtype=torch.bool)[2:]",
    "float16 dtype view": "torch.zeros(4, dtype=torch.float32).view(torch.float16)",
    "meta, transposed": "torch.zeros(2, 3, device='meta').t()",
}


def build(expr: str, lib: Any) -> Any:
    return eval(expr, {"torch": lib})  # noqa: S307 - the expressions are this file's own


def snap(expr: str, lib: Any = torch) -> Snapshot:
    return snapshot_all({"x1": build(expr, lib)})["x1"]


def with_spelling(s: Snapshot, text: str, value: Any) -> Snapshot:
    """Return `s` with one spelling's value replaced."""
    found = [(f, t, value if t == text else v) for f, t, v in s.spellings]
    assert any(t == text for _, t, _ in s.spellings), f"{text} is not a spelling of {s}"
    return dataclasses.replace(s, spellings=tuple(found))


def spelled(s: Snapshot) -> dict[str, Any]:
    return {text: value for _, text, value in s.spellings}


# -- what is read ------------------------------------------------------------------------------
def test_spellings_import_only_the_standard_library() -> None:
    """Repro scripts paste the module's source in as is, beside torch and nothing else."""
    for node in ast.walk(ast.parse(SPELLINGS_SOURCE)):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"relative import of {node.module}"
            names = [node.module or ""]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        for name in names:
            root = name.split(".")[0]
            assert root in sys.stdlib_module_names or root == "__future__", name


def test_spellings_source_runs_pasted_into_a_script() -> None:
    namespace: dict[str, Any] = {"__name__": "repro"}
    exec(compile(SPELLINGS_SOURCE, "<repro>", "exec"), namespace)  # noqa: S102
    t = torch.zeros(2, 3).t()
    assert namespace["read"](t, torch) == spellings.read(t, torch)


def test_every_spelling_belongs_to_a_snapshot_field_in_report_order() -> None:
    order = [FIELDS.index(s.field) for s in spellings.SPELLINGS]
    assert order == sorted(order)


def test_each_dim_is_read_counting_from_either_end() -> None:
    s = snap("torch.zeros(2, 3, 4).permute(2, 0, 1)")
    got = spelled(s)
    assert [got[f"size({d})"] for d in (0, 1, 2, -3, -2, -1)] == [4, 2, 3, 4, 2, 3]
    assert [got[f"stride({d})"] for d in (0, 1, 2, -3, -2, -1)] == [1, 12, 4, 1, 12, 4]
    assert (got["size()"], got["numel()"], got["dim()"], got["ndim"]) == ((4, 2, 3), 24, 3, 3)
    assert (got["itemsize"], got["element_size()"], got["nbytes"]) == (4, 4, 96)
    assert got["is_contiguous()"] is False
    assert got["untyped_storage().nbytes()"] == 96


def test_values_are_plain_python() -> None:
    for _, text, value in snap("torch.zeros(1, 3).t()").spellings:
        assert type(value) in (int, bool, tuple), (text, type(value))


def test_a_spelling_that_raises_reads_as_its_error() -> None:
    class Odd:
        shape = (2,)

        def __getattr__(self, name: str) -> Any:
            raise RuntimeError(f"no {name} here\nsecond line")

    got = {text: value for _, text, value in spellings.read(Odd(), torch)}
    assert got["numel()"] == "RuntimeError: no numel here"
    assert got["size(-1)"] == "RuntimeError: no size here"


@pytest.mark.parametrize("expr", TRICKY.values(), ids=TRICKY.keys())
def test_reference_and_torch_read_every_spelling_alike(expr: str) -> None:
    expected = spellings.read(build(expr, ref), ref)
    actual = spellings.read(build(expr, torch), torch)
    assert actual == expected
    assert diff_live(snapshot_all({"x1": build(expr, torch)}),
                     snapshot_all({"x1": build(expr, ref)})) == []


# -- how spellings are compared ----------------------------------------------------------------
def test_only_size_minus_one_differs() -> None:
    expected = snap("torch.zeros(2, 3)")
    actual = with_spelling(expected, "size(-1)", 2)
    diffs = diff_snapshot("x1", actual, expected, context="x1 = torch.zeros(2, 3)")
    assert diffs == [Difference("x1", "shape", 2, 3, "x1 = torch.zeros(2, 3)", "cpu", (2, 3),
                                "size(-1)")]
    assert str(diffs[0]) == "x1.size(-1)=2, but should be 3 [x1 = torch.zeros(2, 3)]"


def test_a_spelling_difference_comes_after_its_field_and_before_later_fields() -> None:
    expected = snap("torch.zeros(1, 3)")
    actual = dataclasses.replace(with_spelling(expected, "is_contiguous()", False),
                                 version=5, storage_offset=1)
    diffs = diff_snapshot("x1", actual, expected)
    assert [(d.field, d.spelling) for d in diffs] == [
        ("storage_offset", ""), ("contiguity", "is_contiguous()"), ("version", "")]


def test_spellings_of_a_field_that_differs_are_not_repeated() -> None:
    expected = snap("torch.zeros(2, 3)")
    actual = dataclasses.replace(with_spelling(expected, "size(-1)", 4), shape=(2, 4))
    diffs = diff_snapshot("x1", actual, expected)
    assert [(d.field, d.spelling) for d in diffs] == [("shape", "")]


def test_a_spelling_of_a_field_the_target_does_not_show_is_not_compared() -> None:
    expected = snap("torch.zeros(2, 3)")
    actual = with_spelling(expected, "untyped_storage().nbytes()", 12)
    assert [d.spelling for d in diff_snapshot("x1", actual, expected)] == [
        "untyped_storage().nbytes()"]
    shown = tuple(f for f in FIELDS if f != "storage")
    assert diff_snapshot("x1", actual, expected, shown) == []


def test_errors_compare_like_values() -> None:
    expected = with_spelling(snap("torch.zeros(2, 3)"), "nbytes", "RuntimeError: no bytes")
    assert diff_snapshot("x1", expected, expected) == []
    diffs = diff_snapshot("x1", with_spelling(expected, "nbytes", 24), expected)
    assert [str(d) for d in diffs] == ["x1.nbytes=24, but should be 'RuntimeError: no bytes'"]


def test_a_spelling_the_target_did_not_read_differs_as_none() -> None:
    expected = snap("torch.zeros(2, 3)")
    actual = dataclasses.replace(expected, spellings=tuple(
        s for s in expected.spellings if s[1] != "ndim"))
    diffs = diff_snapshot("x1", actual, expected)
    assert [(d.spelling, d.actual, d.expected) for d in diffs] == [("ndim", None, 2)]


def test_a_wrong_plain_is_contiguous_is_caught_through_its_spelling() -> None:
    bug = next(b for b in BUGS if b.name == "is-contiguous-no-arg-size1")
    source = "x0 = torch.zeros(3, 1)\nx1 = x0.t()"
    assert check_source(source, torch) == []
    with bug.install():
        diffs = check_source(source, torch)
    assert [str(d) for d in diffs] == ["x1.is_contiguous()=False, but should be True [x1 = x0.t()]"]
    assert diffs[0].field == "contiguity"


# -- is_set_to: a spelling that relates a tensor to its storage's first tensor ---------------
# (the first tensor, the second), built alike in either library from `x`
IS_SET_TO = {
    "itself": "x",
    "full slice": "x[:]",
    "detach": "x.detach()",
    "dtype view": "x.view(torch.int32)",
    "other offset": "x[1:]",
    "other shape": "x.view(2, 3)",
    "conj of complex": "x.to(torch.complex64).conj()",
}


@pytest.mark.parametrize("second", IS_SET_TO.values(), ids=IS_SET_TO.keys())
@pytest.mark.parametrize("device", ["cpu", "meta"])
def test_reference_and_torch_answer_is_set_to_alike(second: str, device: str) -> None:
    seen = {}
    for lib in (torch, ref):
        x = lib.arange(6.0, device=device)
        live = {"x": x, "y": eval(second, {"torch": lib, "x": x})}  # noqa: S307
        seen[lib.__name__] = {n: [v for f, t, v in s.spellings if t.startswith("is_set_to(")]
                              for n, s in snapshot_all(live).items()}
    assert seen["torch"] == seen["stridecheck.reference"]
    assert seen["torch"]["x"], "is_set_to was not read"


def test_fake_tensors_cannot_show_is_set_to() -> None:
    from stridecheck.conformance.outcome import check
    from stridecheck.conformance.targets import all_targets
    from stridecheck.strategies.parse import parse

    program = parse("x0 = torch.arange(6.)")
    fake = all_targets()["fake:cpu"]
    assert "is_set_to()" in fake.unchecked
    assert check(program, fake).status == "pass"
    # were the spelling compared, FakeTensorMode's False would diverge from eager's True
    shown = dataclasses.replace(fake, unshown_spellings=())
    outcome = check(program, shown)
    assert [str(d) for d in outcome.diffs] == [
        "x0.is_set_to(x0)=False, but should be True [x0 = torch.arange(6.0)]"]


def test_values_an_ulp_apart_are_shown_apart() -> None:
    # CUDA's mean multiplies by 1/n: five of six True values averaged in float64, an ulp off
    text = str(Difference("x1", "values", np.array(5 * (1 / 6)), np.array(5 / 6)))
    assert text == "x1.values=0.8333333333333333, but should be 0.8333333333333334"
    # values the default precision tells apart keep it
    assert str(Difference("x1", "values", np.array([0.5000000149011612]), np.array([0.5]))) \
        == "x1.values=[0.50000001], but should be [0.5]"
