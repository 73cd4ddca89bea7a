"""The op table's `out` flag says which functions torch 2.13 takes `out=` for: checked on torch.

Each op's argument builder makes calls on a few inputs; the call is made again as
`torch.<op>(..., out=o)` with an empty `o` of the result's dtype (for an op of several
results, `out=(o0, o1, ...)` of each result's). Where the flag is set, torch
takes at least one such call and never refuses one with a TypeError the model does not raise
too (which argument forms have an out overload is the op's own rule: `torch.sum(x, out=o)`
has none); where it is not set, torch refuses every one.
"""

from __future__ import annotations

import dataclasses
import random
import warnings
from typing import Any

import pytest
import torch

import stridecheck.reference as reference
from stridecheck.reference.ops import OPS, Contract, OpSpec
from stridecheck.strategies.arguments import Context, RandomChooser
from stridecheck.strategies.calls import ARGUMENTS, applicable
from stridecheck.strategies.program import Op, Ref, apply

WITH_FUNCTION = [op for op in OPS if op.function and not op.writes and not op.variant]


def _inputs(lib: Any) -> dict[str, Any]:
    x = lib.arange(12).view(3, 4)
    return {"x": x.to(lib.float32), "m": x > 4, "i": x, "v": lib.arange(4).to(lib.float32),
            "b": lib.arange(24).to(lib.float32).view(2, 3, 4)}


def _outcome(op: Op, subject: str, lib: Any, out_dtype: Any = None) -> Any:
    """Run op on fresh inputs (with `o`, empty, of out_dtype's name, or `o0`, `o1`, ... of
    each of a list's); return its result or what it raised."""
    env = _inputs(lib)
    if isinstance(out_dtype, list):
        env.update({f"o{i}": lib.empty(0, dtype=getattr(lib, dt.name))
                    for i, dt in enumerate(out_dtype)})
    elif out_dtype is not None:
        env["o"] = lib.empty(0, dtype=getattr(lib, out_dtype.name))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return apply(op, env[subject], lib, env)
    except Exception as e:  # noqa: BLE001 - the outcome is what is compared
        return e


def _calls(spec: OpSpec, tries: int = 40) -> list[tuple[str, Op]]:
    """Return calls of spec's function form with out= an empty tensor of the result's dtype."""
    if spec.subject:  # the method's subject is not the function's first argument (where)
        return [("m", Op(spec.name, (Ref("x"), Ref("x")), (("out", Ref("o")),),
                         kind="function"))]
    found = []
    live = _inputs(reference)
    for i in range(tries):
        ch = RandomChooser(random.Random(i))
        subject = ch.choice(list(live))
        if not applicable(spec, live[subject]):
            continue
        op = ARGUMENTS[spec.key].build(live[subject], ch, Context(live=dict(live)))
        if op.name != spec.name or op.kind not in ("method", "function", "tensors"):
            continue  # the builder fell back to another op
        result = _outcome(dataclasses.replace(op, pick=None), subject, reference)
        if not isinstance(result, reference.Tensor) and not (
                isinstance(result, tuple) and result
                and all(isinstance(r, reference.Tensor) for r in result)):
            continue
        found.append((subject, dataclasses.replace(
            op, kind="function" if op.kind == "method" else op.kind,
            kwargs=op.kwargs + (("out", Ref("o")),))))
    return found


@pytest.mark.parametrize("spec", WITH_FUNCTION, ids=lambda s: s.key)
def test_the_out_flag_is_what_torch_takes(spec: OpSpec) -> None:
    calls = _calls(spec)
    if not calls:
        pytest.skip(f"{spec.key}: no call of its function form on the test inputs")
    taken = 0
    for subject, op in calls:
        plain = dataclasses.replace(op, kwargs=op.kwargs[:-1])
        dtype: Any = _outcome(plain, subject, reference).dtype
        if spec.contract is Contract.COPIES:  # a tuple out= of one tensor per result
            results = _outcome(dataclasses.replace(plain, pick=None), subject, reference)
            dtype = [r.dtype for r in results]
            op = dataclasses.replace(op, kwargs=op.kwargs[:-1] + (
                ("out", tuple(Ref(f"o{i}") for i in range(len(dtype)))),))
        on_torch = _outcome(op, subject, torch, dtype)
        on_model = _outcome(op, subject, reference, dtype)
        refused = isinstance(on_torch, TypeError)
        taken += not refused
        assert refused == isinstance(on_model, TypeError), (op.call_text(subject), on_torch,
                                                             on_model)
        if not spec.out:
            assert refused, f"torch takes out= for {op.call_text(subject)}: flag it"
    if spec.out:
        assert taken, f"torch refuses out= in every call of {spec.key}: {calls[0][1]}"
