"""The op table's facts hold: each is checked against what torch does, and against the
reference, the strategies and the targets that route by it.

The facts are `OpSpec` fields and properties (reference/ops.py): which operands an op takes
(`tensors_only`, `scalar_first`), its keywords (`keywords`), when it returns its input
(`returns_self`, `returns_input`), the argument that picks a variant (`variant`), whether its
output's shape depends on values (`data_dependent_shape`), whether it changes its input's
geometry or storage in place (`mutates_metadata`) and whether dynamo breaks a compiled graph
at it (`breaks_graph`). A wrong fact makes the reference or the strategies disagree with
torch, so each test compares the two over every op the fact is stated for.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from typing import Any

import pytest
import torch

import stridecheck.reference as reference
from stridecheck.conformance.execute import run
from stridecheck.conformance.targets import all_targets
from stridecheck.reference.ops import OPS, VARIANTS, OpSpec
from stridecheck.strategies.arguments import Context, RandomChooser
from stridecheck.strategies.calls import ARGUMENTS
from stridecheck.strategies.chains import base_steps
from stridecheck.strategies.program import Function, Op, Program, Ref, Step, apply

LIBS: tuple[tuple[str, Any], ...] = (("reference", reference), ("torch", torch))
BINARY_FAMILIES = ("arithmetic", "arithmetic_", "logic", "logic_")


def _ops(test: Callable[[OpSpec], bool]) -> list[OpSpec]:
    return [op for op in OPS if test(op)]


def _raised(call: Callable[[], Any]) -> BaseException | None:
    """Return what `call` raised (None when it returned)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            call()
    except Exception as exc:  # noqa: BLE001 - any refusal is an outcome
        return exc
    return None


def _type_errors(call: Callable[[Any], Any], expected: bool, what: str) -> list[str]:
    """Return how `call(lib)` disagrees, on either library, with raising TypeError or not."""
    wrong = []
    for name, lib in LIBS:
        exc = _raised(lambda lib=lib: call(lib))
        if isinstance(exc, TypeError) != expected:
            got = f"raised {type(exc).__name__}: {exc}" if exc else "returned"
            wrong.append(f"{what} {got} on {name}, but should "
                         f"{'raise TypeError' if expected else 'not raise TypeError'}")
    return wrong


@pytest.mark.parametrize("spec", _ops(lambda op: op.family in BINARY_FAMILIES),
                         ids=lambda spec: spec.key)
def test_tensors_only_ops_refuse_a_python_scalar_operand(spec: OpSpec) -> None:
    wrong = _type_errors(lambda lib: getattr(lib.ones(3), spec.key)(2), spec.tensors_only,
                         f"x.{spec.key}(2) [tensors_only={spec.tensors_only}]")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("spec", _ops(lambda op: op.family in BINARY_FAMILIES and op.function),
                         ids=lambda spec: spec.key)
def test_scalar_first_functions_take_a_python_scalar_first(spec: OpSpec) -> None:
    wrong = _type_errors(lambda lib: getattr(lib, spec.name)(2, lib.ones(3)),
                         not spec.scalar_first,
                         f"torch.{spec.name}(2, x) [scalar_first={spec.scalar_first}]")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("spec", _ops(lambda op: op.family == "unary" or op.key in (
    "__pos__", "__neg__", "__abs__")), ids=lambda spec: spec.key)
@pytest.mark.parametrize("dtype", ["float32", "complex64"])
def test_an_op_returns_its_input_exactly_when_the_table_says(spec: OpSpec, dtype: str) -> None:
    wrong = []
    for name, lib in LIBS:
        t = lib.ones(3, dtype=getattr(lib, dtype))
        found: list[Any] = []
        exc = _raised(lambda t=t, found=found: found.append(getattr(t, spec.key)()))
        returned_self = exc is None and found[0] is t
        if returned_self != spec.returns_input(t.dtype):
            wrong.append(f"x.{spec.key}() is x: {returned_self} on {name} for {dtype}, but "
                         f"should be {spec.returns_input(t.dtype)} [returns_self="
                         f"{spec.returns_self!r}]")
    assert not wrong, "\n".join(wrong)


# keywords some op takes, and a value each accepts
KEYWORD_VALUES: dict[str, Callable[[Any], Any]] = {
    "alpha": lambda lib: 2, "rounding_mode": lambda lib: "floor", "value": lambda lib: 2,
    "dtype": lambda lib: lib.float64, "other": lambda lib: lib.ones(3)}
POINTWISE_KEYWORDS = ("alpha", "rounding_mode", "value")


@pytest.mark.parametrize("spec", _ops(lambda op: op.family in BINARY_FAMILIES and not op.symbol
                                      or op.name in ("addcmul", "addcdiv")),
                         ids=lambda spec: spec.key)
@pytest.mark.parametrize("keyword", POINTWISE_KEYWORDS)
def test_pointwise_methods_take_the_keywords_of_the_table(spec: OpSpec, keyword: str) -> None:
    operands = 2 if spec.name in ("addcmul", "addcdiv") else 1
    wrong = _type_errors(
        lambda lib: getattr(lib.ones(3), spec.key)(*[lib.ones(3)] * operands,
                                                   **{keyword: KEYWORD_VALUES[keyword](lib)}),
        keyword not in spec.keywords, f"x.{spec.key}(..., {keyword}=...) [keywords="
                                      f"{spec.keywords}]")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("spec", _ops(lambda op: op.family == "reduction" and not op.variant),
                         ids=lambda spec: spec.key)
@pytest.mark.parametrize("keyword", ("dtype", "other"))
def test_reduction_functions_take_the_keywords_of_the_table(spec: OpSpec, keyword: str) -> None:
    wrong = _type_errors(
        lambda lib: getattr(lib, spec.name)(lib.ones(3), **{keyword: KEYWORD_VALUES[keyword](
            lib)}), keyword not in spec.keywords,
        f"torch.{spec.name}(x, {keyword}=...) [keywords={spec.keywords}]")
    assert not wrong, "\n".join(wrong)


def _draw(key: str, t: Any, seed: int) -> Op:
    """Return the call the strategies draw for op `key` on t (live as x0) from `seed`."""
    return ARGUMENTS[key].build(t, RandomChooser(random.Random(seed)), Context(live={"x0": t}))


def _drawn(key: str, t: Any, seeds: int = 30) -> list[Op]:
    """Return the calls the strategies draw for op `key` on t, one per seed."""
    return [_draw(key, t, seed) for seed in range(seeds)]


@pytest.mark.parametrize("spec", [v for variants in VARIANTS.values() for v in variants],
                         ids=lambda spec: spec.key)
def test_a_call_is_keyed_by_the_variant_its_arguments_pick(spec: OpSpec) -> None:
    t = reference.ones(2, 4)
    for key in (spec.key, spec.name):
        keys = {op.key for op in _drawn(key, t)}
        assert keys == {key}, f"keys={sorted(keys)}, but should be [{key!r}] [calls the " \
                              f"strategies draw for {key}, variant label {spec.variant!r}]"


# inputs tried in turn until an op runs on one: most ops run on the first
_FAKE_INPUTS: tuple[tuple[tuple[int, ...], str], ...] = (
    ((2, 3), "float32"), ((3,), "float32"), ((2, 2, 2), "float32"), ((2, 2), "complex64"),
    ((3, 2), "float32"), ((3,), "int64"))  # bincount counts integers alone


def _under_fake_mode(spec: OpSpec) -> str:
    """Call op on a fake tensor: "dynamic" when FakeTensorMode cannot know its output's shape,
    "ran" when it ran, else the last error's type."""
    from torch._subclasses.fake_tensor import DynamicOutputShapeException, FakeTensorMode
    outcome = "no input"
    for shape, dtype in _FAKE_INPUTS:
        probe = reference.ones(*shape, dtype=getattr(reference, dtype))
        if not ARGUMENTS[spec.key].applies(probe):
            continue
        op = _draw(spec.key, probe, 0)
        with FakeTensorMode():
            x = torch.ones(*shape, dtype=getattr(torch, dtype))
            exc = _raised(lambda x=x, op=op: apply(op, x, torch, {"x0": x}))
        if isinstance(exc, DynamicOutputShapeException):
            return "dynamic"
        if exc is None:
            return "ran"
        outcome = type(exc).__name__
    return outcome


@pytest.mark.parametrize("spec", OPS, ids=lambda spec: spec.key)
def test_output_shapes_depend_on_values_exactly_when_the_table_says(spec: OpSpec) -> None:
    outcome = _under_fake_mode(spec)
    if spec.data_dependent_shape:
        assert outcome == "dynamic", f"outcome={outcome!r}, but should be 'dynamic' [{spec.key}" \
                                     f" under FakeTensorMode, data_dependent_shape=True]"
    else:
        assert outcome != "dynamic", f"outcome='dynamic', but should not be [{spec.key} under " \
                                     f"FakeTensorMode, data_dependent_shape=False]"


def _geometry(t: Any) -> tuple[Any, ...]:
    s = t.untyped_storage()
    return tuple(t.shape), tuple(t.stride()), t.storage_offset(), s.nbytes(), s.data_ptr()


def _build(steps: tuple[Step, ...], lib: Any) -> Any:
    env: dict[str, Any] = {}
    for s in steps:
        env[s.out] = apply(s.op, lib if s.src is None else env[s.src], lib, env)  # type: ignore[index]
    return env["x0"]


@pytest.mark.parametrize("spec", _ops(lambda op: op.writes), ids=lambda spec: spec.key)
def test_in_place_ops_change_geometry_exactly_when_the_table_says(spec: OpSpec) -> None:
    changed = {name: 0 for name, _ in LIBS}
    ran = 0
    for seed in range(40):
        steps = tuple(base_steps(RandomChooser(random.Random(seed))))
        probe = _build(steps, reference)
        if not ARGUMENTS[spec.key].applies(probe):
            continue
        op = _draw(spec.key, probe, seed)
        results = {}
        for name, lib in LIBS:
            x = _build(steps, lib)
            before = _geometry(x)
            exc = _raised(lambda x=x, lib=lib, op=op: apply(op, x, lib, {"x0": x}))
            results[name] = exc, _geometry(x) != before
        if any(exc is not None for exc, _ in results.values()):
            continue
        ran += 1
        for name, (_, differs) in results.items():
            changed[name] += differs
    assert ran >= 3, f"ran={ran}, but should be >= 3 [{spec.key} on 40 seeded inputs]"
    for name, count in changed.items():
        assert bool(count) == spec.mutates_metadata, (
            f"geometry changed in {count} of {ran} calls on {name}, but should "
            f"{'in some' if spec.mutates_metadata else 'in none'} [{spec.key}, "
            f"mutates_metadata={spec.mutates_metadata}]")


def _runs_eagerly(op: Op) -> bool:
    x = torch.ones(2, 3)
    return _raised(lambda: apply(op, x, torch, {"x0": x})) is None


def _one_call(op: Op) -> Program:
    """A program calling `f(x0)` once, whose body calls `op` on its parameter (named x0 too)
    between two ops that compile into a graph (a break needs a graph to break)."""
    body = (Step("a", "x0", Op("add", (1,))), Step(None if op.statement else "b", "x0", op),
            Step("c", "a", Op("mul", (2,))))
    return Program((Step("x0", None, Op("ones", (2, 3), kind="factory")),
                    Step("out", None, Op("f", (Ref("x0"),), kind="call"))),
                   (Function("f", ("x0",), body, ("x0", "c")),))


# the families that hold ops dynamo breaks at, and the other in-place ones: enough to catch a
# wrong fact without compiling every op (each takes a fraction of a second)
_GRAPH_FAMILIES = ("metadata_", "storage", "gather", "gather_", "write")


@pytest.mark.parametrize("spec", _ops(lambda op: op.family in _GRAPH_FAMILIES),
                         ids=lambda spec: spec.key)
def test_dynamo_breaks_the_graph_exactly_at_the_ops_the_table_says(spec: OpSpec) -> None:
    dynamo = pytest.importorskip("torch._dynamo")
    probe = reference.ones(2, 3)
    # a call that runs eagerly, without the arguments that break a graph of any op (out=, a
    # bool index)
    op = next(op for op in _drawn(spec.key, probe) if "out" not in dict(op.kwargs) and not (
        op.kind in ("getitem", "setitem") and any(lit.dtype == "bool" for lit in op.literals()))
        and _runs_eagerly(op))
    program = _one_call(op)
    namespace: dict[str, Any] = {"torch": torch}
    exec(program.functions[0].source(), namespace)  # the source a compiled target compiles
    dynamo.reset()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        explained = dynamo.explain(namespace["f"])(torch.ones(2, 3))
    breaks = bool(explained.break_reasons)
    assert breaks == spec.breaks_graph, (
        f"graph breaks={len(explained.break_reasons)}, but should be "
        f"{'some' if spec.breaks_graph else 'none'} [{program.functions[0].source()}, "
        f"breaks_graph={spec.breaks_graph}]")
    compiled = all_targets()["compile:aot_eager"]
    batches = compiled.batches(program, run(program, reference))
    assert batches is not breaks, (
        f"batches={batches}, but should be {not breaks} [compile:aot_eager "
        f"batches programs whose functions never break the graph: {spec.key}]")


# an out= tensor of each kind dynamo tells apart: the result's shape and contiguous, resized
# (from empty, from another shape), and of the right shape but transposed or gapped
_OUTS = {
    "fits": (Op("zeros", (2, 3), kind="factory"),),
    "empty": (Op("zeros", (0,), kind="factory"),),
    "reshaped": (Op("zeros", (3, 2), kind="factory"),),
    "transposed": (Op("zeros", (3, 2), kind="factory"), Op("t")),
    "gapped": (Op("zeros", (2, 6), kind="factory"), Op("__getitem__", (
        (slice(None), slice(None, None, 2)),), kind="getitem")),
}


@pytest.mark.parametrize("out", sorted(_OUTS))
def test_dynamo_breaks_the_graph_at_an_out_tensor_exactly_where_batching_says(out: str) -> None:
    dynamo = pytest.importorskip("torch._dynamo")
    made = _OUTS[out]
    steps = (Step("x0", None, Op("ones", (2, 3), kind="factory")),
             Step("o", None, made[0]), *(Step("o", "o", op) for op in made[1:]),
             Step("out", None, Op("f", (Ref("x0"), Ref("o")), kind="call")))
    body = (Step("a", "x0", Op("add", (1,))),
            Step("b", "a", Op("mul", (2,), (("out", Ref("o")),), kind="function")),
            Step("c", "b", Op("mul", (2,))))
    program = Program(steps, (Function("f", ("x0", "o"), body, ("c",)),))
    namespace: dict[str, Any] = {"torch": torch}
    # the function and the steps before its call, as the program's source writes them
    exec("\n".join([program.functions[0].source(), *map(repr, steps[:-1])]), namespace)
    dynamo.reset()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        explained = dynamo.explain(namespace["f"])(namespace["x0"], namespace["o"])
    breaks = bool(explained.break_reasons)
    batches = all_targets()["compile:aot_eager"].batches(program, run(program, reference))
    assert batches is not breaks, (
        f"batches={batches}, but should be {not breaks} [out= tensor {out}: dynamo "
        f"{'breaks' if breaks else 'does not break'} the graph at it]")
