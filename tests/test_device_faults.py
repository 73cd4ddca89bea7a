"""Device faults: an accelerator's asynchronous, sticky errors (CUDA's device-side asserts).

A real GPU run showed what the suite must do about them: a kernel's failed assert surfaces at
some later call, and once it has, every call on the device in that process raises it again.
These tests stand a made-up device in for CUDA: its runs fault where the reference raises.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import pytest

import stridecheck.reference as ref
from stridecheck.conformance import replay, targets
from stridecheck.conformance.execute import StepResult, run
from stridecheck.conformance.outcome import check
from stridecheck.conformance.results import DIVERGENCE, PASS, UNSUPPORTED
from stridecheck.strategies.parse import parse

FAULT = ("RuntimeError", "CUDA error: device-side assert triggered")
OUT_OF_RANGE = """\
x0 = torch.arange(6)
x0 = x0.to(torch.float32)
x1 = x0.index_select(0, torch.tensor([7]))
"""
FINE = """\
x0 = torch.arange(6)
x0 = x0.to(torch.float32)
x1 = x0.view(2, 3)
"""


@dataclass(frozen=True)
class FaultingTarget(targets.Target):
    """Runs the reference, but a step that raises, or the step `fault_at`, faults instead."""

    fault_at: int = -1

    def _run(self, program: Any, watch: Any = None) -> list[StepResult]:
        results = run(program, ref)
        out = []
        for r in results:
            if r.error is not None or r.index == self.fault_at:
                out.append(StepResult(r.step, FAULT, index=r.index))
                break
            out.append(r)
        return out


@pytest.fixture
def lost() -> Iterator[dict[str, str]]:
    """The process's lost devices, emptied before and after each test."""
    targets._LOST.clear()
    yield targets._LOST
    targets._LOST.clear()


def test_a_fault_agrees_only_with_an_index_error() -> None:
    assert replay.agrees(None, None)
    assert replay.agrees(FAULT, ("IndexError", "index out of range in self"))
    assert replay.agrees(FAULT, ("RuntimeError", "index 9 is out of bounds for dimension 0"))
    assert not replay.agrees(FAULT, None)
    assert not replay.agrees(None, ("IndexError", "index out of range in self"))
    # a fault is no refusal of another kind, even one of the same exception type
    assert not replay.agrees(FAULT, ("RuntimeError", "result type Float can't be cast to the "
                                                     "desired output type Long"))
    assert not replay.agrees(("RuntimeError", "shape mismatch"), ("IndexError", "shape mismatch"))


def test_the_fault_of_an_expected_index_error_passes_then_the_device_is_lost(
        lost: dict[str, str]) -> None:
    target = FaultingTarget("eager:faulty", "faulty:0")
    first = check(parse(OUT_OF_RANGE), target)
    assert first.status == PASS, first.explain()
    assert "faulty" in lost and "index_select" in lost["faulty"]
    # every later program on the device, even one that raises nothing, cannot be judged
    later = check(parse(FINE), target)
    assert later.status == UNSUPPORTED
    assert "context is lost" in later.reason and "index_select" in later.reason
    # another device is untouched
    assert check(parse(FINE), FaultingTarget("eager:other", "other")).status == PASS


def test_a_fault_where_nothing_should_raise_is_a_divergence(lost: dict[str, str]) -> None:
    outcome = check(parse(FINE), FaultingTarget("eager:faulty", "faulty", fault_at=2))
    assert outcome.status == DIVERGENCE
    assert [(d.field, d.actual) for d in outcome.diffs] == [
        ("exception", "RuntimeError: CUDA error: device-side assert triggered")]
    assert "faulty" in lost


def test_settle_after_each_step_puts_a_late_error_on_its_step() -> None:
    calls = []

    def settle() -> None:
        calls.append(len(calls))
        if len(calls) == 2:  # what the second step queued fails when waited for
            raise RuntimeError(FAULT[1])

    results = run(parse(FINE), ref, settle=settle)
    assert [r.error for r in results] == [None, FAULT]
    assert results[-1].index == 1 and calls == [0, 1]


def test_settle_waits_on_accelerators_only() -> None:
    waited: list[str] = []
    fake = SimpleNamespace(cuda=SimpleNamespace(is_available=lambda: True,
                                                synchronize=lambda: waited.append("cuda")),
                           xpu=SimpleNamespace(is_available=lambda: False,
                                               synchronize=lambda: waited.append("xpu")))
    for device in ("cpu", "meta", "cuda:1", "xpu", "strideu"):
        replay.settle(fake, device)
    assert waited == ["cuda"]


def test_a_repro_script_agrees_with_the_fault_of_an_expected_index_error() -> None:
    step = {"context": "x1 = x0.index_select(0, torch.tensor([7]))", "tensors": {}}
    expected = {**step, "raises": ["IndexError", "index out of range in self"]}
    assert replay.differences(expected, FAULT, {}) == []
    found = replay.differences({**step, "raises": None}, FAULT, {})
    assert found and "device-side assert" in found[0]


@dataclass(frozen=True)
class ModelTarget(targets.Target):
    """Runs the reference: agrees with it on whatever it is given to run."""

    def _run(self, program: Any, watch: Any = None) -> list[StepResult]:
        return run(program, ref, watch=watch)


@pytest.mark.parametrize("source", [
    OUT_OF_RANGE,
    "x0 = torch.arange(6)\nx1 = x0.gather(0, torch.tensor([6]))\n",
    "x0 = torch.arange(6)\nx1 = x0.take(torch.tensor([-7]))\n",
    "x0 = torch.arange(6)\nx1 = x0[torch.tensor([6])]\n",
    "x0 = torch.arange(6)\nx0 = x0.to(torch.float32)\n"
    "x1 = x0.index_fill_(0, torch.tensor([9]), 1)\n",
])
def test_an_index_refused_in_a_kernel_is_not_run_where_kernels_assert(
        source: str, lost: dict[str, str]) -> None:
    program = parse(source)
    outcome = check(program, ModelTarget("eager:cuda", "cuda"))
    assert outcome.status == UNSUPPORTED and "refused inside a kernel" in outcome.reason
    assert check(program, ModelTarget("compile:inductor-cuda", "cuda", kind="compile")
                 ).status == UNSUPPORTED
    # nothing runs on the device there: a fake target and the CPU run it
    assert check(program, ModelTarget("fake:cuda", "cuda", kind="fake")).status == PASS
    assert check(program, ModelTarget("eager:cpu", "cpu")).status == PASS
    assert not lost


def test_an_index_refused_before_the_kernel_runs_everywhere(lost: dict[str, str]) -> None:
    # a Python int is checked on the host (python_variable_indexing.cpp): no assert
    program = parse("x0 = torch.arange(6)\nx1 = x0[6]\n")
    assert check(program, ModelTarget("eager:cuda", "cuda")).status == PASS

