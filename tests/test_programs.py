"""Programs are data whose repr is runnable torch code."""

from __future__ import annotations

import random

import torch

import stridecheck.reference as reference
from stridecheck.conformance.execute import compare_runs, run, run_source
from stridecheck.conformance.outcome import KNOWN, UNSUPPORTED, check
from stridecheck.conformance.targets import all_targets
from stridecheck.strategies.arguments import RandomChooser
from stridecheck.strategies.chains import chain
from stridecheck.strategies.program import Op, Program, Ref, Step, Sym


def test_repr_reads_as_torch_code() -> None:
    program = Program((
        Step("x0", None, Op("arange", (24,), (("dtype", Sym("float32")),), kind="factory")),
        Step("x1", "x0", Op("view", (2, 3, 4))),
        Step("x2", "x1", Op("permute", (2, 0, 1))),
        Step("x3", "x2", Op("__getitem__", ((slice(1, None), slice(None, None, 2)),),
                            kind="getitem")),
        Step("x4", "x3", Op("split", (1, -1), pick=0)),
        Step("x5", "x1", Op("add_", (Ref("x1"),), (("alpha", 2),))),
        Step(None, "x1", Op("__setitem__", ((0, Ellipsis, None), 1.5), kind="setitem")),
    ))
    assert repr(program) == "\n".join([
        "x0 = torch.arange(24, dtype=torch.float32)",
        "x1 = x0.view(2, 3, 4)",
        "x2 = x1.permute(2, 0, 1)",
        "x3 = x2[1:, ::2]",
        "x4 = x3.split(1, -1)[0]",
        "x5 = x1.add_(x1, alpha=2)",
        "x1[0, ..., None] = 1.5",
    ])


def test_repr_of_random_programs_runs_as_torch_and_matches_the_data() -> None:
    ch = RandomChooser(random.Random(1234))
    eager = all_targets()["eager:cpu"]
    for _ in range(200):
        program = chain(ch, max_ops=6)
        if check(program, eager).status in (KNOWN, UNSUPPORTED):
            # torch itself diverges there (a meta tensor made by .to('meta')), or the model
            # has no rule for a step (a tuple out= of one tensor for results of two shapes)
            continue
        # the data run on the reference is the oracle; its defined-value masks tell which
        # values torch determines (resize_ leaves garbage)
        from_data = run(program, reference)
        from_text = run_source(repr(program), torch)
        assert len(from_text) == len(from_data), repr(program)
        assert compare_runs(from_text, from_data) == [], repr(program)
