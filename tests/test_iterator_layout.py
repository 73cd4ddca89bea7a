"""The output layouts of reference/iterator.py against torch's, for generated and named inputs.

Each case builds its inputs in torch with `torch.empty_strided`, runs the op, and compares the
output's shape and strides with the model's, which sees only the inputs' shapes, strides and
dtypes. The generator is seeded, so a failing case prints a torch call that reproduces it.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from math import prod
from typing import Any

import pytest
import torch

from stridecheck.reference import dtypes as rdtypes
from stridecheck.reference.iterator import Input, Layout, pointwise_layout, where_layout
from stridecheck.reference.operands import scalar_dtype

Shape = tuple[int, ...]

VALUE_DTYPES = (torch.float32, torch.float64, torch.float16, torch.int8, torch.uint8,
                torch.int32, torch.int64, torch.bool, torch.complex64)
SIGNED_DTYPES = tuple(d for d in VALUE_DTYPES if d not in (torch.bool, torch.uint8))
INT_DTYPES = (torch.int8, torch.uint8, torch.int32, torch.int64, torch.bool)
SCALARS: tuple[Any, ...] = (2, 2.5, True, 1j)


# ---- describing inputs, so that a case reads as the torch call it makes ----

@dataclass(frozen=True)
class Arg:
    """One input: a tensor built with empty_strided, or a Python scalar (`scalar` set)."""

    shape: Shape = ()
    strides: Shape = ()
    dtype: torch.dtype = torch.float32
    scalar: Any = None

    def build(self) -> Any:
        if self.scalar is not None:
            return self.scalar
        return torch.empty_strided(self.shape, self.strides, dtype=self.dtype)

    def model(self) -> Input:
        if self.scalar is not None:
            return Input((), (), scalar_dtype(self.scalar), wrapped=True)
        return Input(self.shape, self.strides, rdtypes.lookup(self.dtype))

    def __repr__(self) -> str:
        if self.scalar is not None:
            return repr(self.scalar)
        return f"torch.empty_strided({self.shape}, {self.strides}, dtype={self.dtype})"


@dataclass(frozen=True)
class Op:
    """A torch function and the model of its output layout."""

    name: str
    run: Callable[..., torch.Tensor]
    model: Callable[[list[Input]], Layout]


def _where(cond: torch.Tensor, a: Any, b: Any) -> torch.Tensor:
    with warnings.catch_warnings():  # a uint8 condition is deprecated, still accepted
        warnings.simplefilter("ignore", UserWarning)
        return torch.where(cond, a, b)


OPS = {
    "add": Op("torch.add", torch.add, pointwise_layout),
    "mul": Op("torch.mul", torch.mul, pointwise_layout),
    "neg": Op("torch.neg", torch.neg, pointwise_layout),
    "sin": Op("torch.sin", torch.sin, lambda xs: pointwise_layout(xs, int_to_float=True)),
    "addcmul": Op("torch.addcmul", torch.addcmul, pointwise_layout),
    "where": Op("torch.where", _where, lambda xs: where_layout(*xs)),
}


def difference(op: Op, args: list[Arg]) -> str | None:
    """Return how the model's layout differs from torch's for op(*args), or None."""
    with warnings.catch_warnings():  # float16 with a complex scalar gives ComplexHalf
        warnings.filterwarnings("ignore", "ComplexHalf support is experimental")
        out = op.run(*[a.build() for a in args])
    got = op.model([a.model() for a in args])
    want = Layout((tuple(out.shape), tuple(out.stride())))
    call = f"{op.name}({', '.join(map(repr, args))})"
    if got.shape != want.shape:
        return f"shape={got.shape}, but should be {want.shape} [{call}]"
    if got.strides != want.strides:
        return f"strides={got.strides}, but should be {want.strides} [{call}]"
    return None


# ---- the generator of input layouts ----

def in_order(shape: Shape, order: list[int]) -> list[int]:
    """Return dense strides with dims laid out outermost-first in `order`."""
    strides, running = [0] * len(shape), 1
    for d in reversed(order):
        strides[d] = running
        running *= max(shape[d], 1)
    return strides


def draw_strides(rng: random.Random, shape: Shape) -> Shape:
    """Draw strides for `shape`: a base layout, then perhaps steps, stride-0 and odd size-1 dims."""
    ndim = len(shape)
    dims = list(range(ndim))
    base = rng.choice(["contiguous", "permuted", "transposed", "channels_last", "random"])
    if base == "permuted":
        rng.shuffle(dims)
        strides = in_order(shape, dims)
    elif base == "transposed" and ndim >= 2:
        i, j = rng.sample(range(ndim), 2)
        dims[i], dims[j] = dims[j], dims[i]
        strides = in_order(shape, dims)
    elif base == "channels_last" and ndim in (4, 5):
        strides = in_order(shape, [0, *range(2, ndim), 1])
    elif base == "random":
        strides = [rng.randrange(0, 13) for _ in shape]
    else:
        strides = in_order(shape, dims)
    if rng.random() < 0.3:  # slicing with steps, over a larger base
        steps = [rng.choice((1, 1, 2, 3)) for _ in shape]
        order = sorted(range(ndim), key=lambda d: -strides[d])
        base_shape = tuple(n * s for n, s in zip(shape, steps))
        base_strides = in_order(base_shape, order)
        strides = [b * s for b, s in zip(base_strides, steps)]
    if rng.random() < 0.25:  # expanded
        for d in range(ndim):
            if rng.random() < 0.4:
                strides[d] = 0
    if rng.random() < 0.4:  # size-1 dims keep whatever stride a view left them
        for d in range(ndim):
            if shape[d] == 1:
                strides[d] = rng.choice((0, 1, 2, 3, 5, 7, 12, 60))
    return tuple(strides)


def draw_shape(rng: random.Random) -> Shape:
    """Draw an output shape of rank 0 to 5 and at most 64 elements, now and then with a 0."""
    rank = rng.choice((0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5))
    sizes = (1, 1, 2, 2, 3, 3, 4, 0) if rng.random() < 0.1 else (1, 1, 2, 2, 3, 3, 4)
    shape = tuple(rng.choice(sizes) for _ in range(rank))
    while prod(shape) > 64:
        shape = tuple(max(1, n // 2) for n in shape)
    return shape


def draw_operand_shape(rng: random.Random, target: Shape) -> Shape:
    """Draw a shape that broadcasts to `target`: fewer dims, some of them 1."""
    lead = rng.choice((0, 0, 0, 0, 1, 1, 2, len(target)))
    shape = list(target[min(lead, len(target)):])
    for d in range(len(shape)):
        if rng.random() < 0.25:
            shape[d] = 1
    return tuple(shape)


def draw_arg(rng: random.Random, target: Shape, dtypes: tuple[torch.dtype, ...],
             same_shape: bool) -> Arg:
    shape = target if same_shape else draw_operand_shape(rng, target)
    return Arg(shape, draw_strides(rng, shape), rng.choice(dtypes))


def draw_case(rng: random.Random, kind: str) -> tuple[Op, list[Arg]]:
    """Draw an op of `kind` and its inputs; about half the cases give every input one shape."""
    target = draw_shape(rng)
    same = rng.random() < 0.5
    if kind == "unary":
        name = rng.choice(("neg", "sin"))
        dts = SIGNED_DTYPES if name == "neg" else INT_DTYPES + (torch.float32, torch.float64)
        return OPS[name], [draw_arg(rng, target, dts, True)]
    if kind == "binary":
        name = rng.choice(("add", "mul"))
        one = rng.choice(VALUE_DTYPES)
        dts = VALUE_DTYPES if rng.random() < 0.5 else (one,)
        args = [draw_arg(rng, target, dts, same) for _ in range(2)]
        if rng.random() < 0.15:
            args[1] = Arg(scalar=rng.choice(SCALARS))
        return OPS[name], args
    if kind == "addcmul":
        dts = (torch.float32, torch.float64, torch.int8, torch.int32) if rng.random() < 0.5 \
            else (rng.choice((torch.float32, torch.int64)),)
        return OPS["addcmul"], [draw_arg(rng, target, dts, same) for _ in range(3)]
    one = rng.choice(VALUE_DTYPES)
    dts = VALUE_DTYPES if rng.random() < 0.5 else (one,)
    cond_dtype = torch.uint8 if rng.random() < 0.1 else torch.bool
    args = [draw_arg(rng, target, (cond_dtype,), same)]
    args += [draw_arg(rng, target, dts, same) for _ in range(2)]
    if rng.random() < 0.1:
        args[rng.choice((1, 2))] = Arg(scalar=rng.choice(SCALARS[:3]))
    return OPS["where"], args


def differences(kind: str, seed: int, count: int) -> list[str]:
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        op, args = draw_case(rng, kind)
        diff = difference(op, args)
        if diff is not None:
            found.append(diff)
    return found


# Over 20,000 cases in all; each kind has its own seed so that adding one moves no other.
RANDOM_CASES = {"unary": 3000, "binary": 9000, "addcmul": 2000, "where": 7000}


@pytest.mark.parametrize("kind", sorted(RANDOM_CASES))
def test_random_layouts_match_torch(kind: str) -> None:
    seed = sorted(RANDOM_CASES).index(kind) + 2024
    found = differences(kind, seed, RANDOM_CASES[kind])
    assert not found, f"{len(found)} of {RANDOM_CASES[kind]} cases differ, e.g.:\n" + \
        "\n".join(found[:5])


# ---- named corners ----

def T(shape: Shape, strides: Shape, dtype: torch.dtype = torch.float32) -> Arg:
    return Arg(shape, strides, dtype)


# (op, inputs, expected strides): the expectation documents the rule; torch is asked as well.
CORNERS: dict[str, tuple[str, list[Arg], Shape]] = {
    # equal shapes, different layouts: the first input's order wins
    "tie_first_input_decides": ("add", [T((2, 3), (3, 1)), T((2, 3), (1, 2))], (3, 1)),
    "tie_first_input_decides_swapped": ("add", [T((2, 3), (1, 2)), T((2, 3), (3, 1))], (1, 2)),
    # equal strides in one input: the larger dim goes outward, else the next input decides
    "equal_strides_larger_dim_outward": ("add", [T((3, 2), (0, 0)), T((3, 2), (1, 3))],
                                         (1, 3)),
    "equal_strides_defer_to_next_input": ("add", [T((2, 3), (1, 1)), T((2, 3), (1, 2))],
                                          (1, 2)),
    # a broadcast dim compares equal to anything: the other input decides it
    "two_broadcast_inputs": ("add", [T((4, 1), (1, 1)), T((1, 3), (9, 3))], (3, 1)),
    "broadcast_then_transposed": ("add", [T((3,), (1,)), T((2, 3), (1, 2))], (1, 2)),
    "expanded_same_shape_is_not_dense": ("mul", [T((3, 4), (0, 1)), T((3, 4), (1, 3))],
                                         (1, 3)),
    # a 0-d input has nothing to sort by, even in first place
    "first_input_0d": ("add", [T((), ()), T((2, 3), (1, 2))], (1, 2)),
    "all_0d": ("add", [T((), ()), T((), (), torch.float64)], ()),
    # size-1 dims: the fast path drops their order (NC11 -> C111), the sorting path keeps it
    "all_size_1": ("add", [T((1, 1, 1), (5, 7, 3)), T((1, 1, 1), (1, 9, 2))], (1, 1, 1)),
    "nc11_fast_path_contiguous": ("neg", [T((2, 3, 1, 1), (3, 1, 3, 3))], (3, 1, 1, 1)),
    "nc11_sorted_keeps_order": ("add", [T((2, 3, 1, 1), (3, 1, 3, 3)), T((3, 1, 1), (1, 1, 1))],
                                (3, 1, 3, 3)),
    "size_1_odd_strides_sorted": ("add", [T((2, 1, 3), (1, 100, 2)), T((3,), (1,))],
                                  (1, 6, 2)),
    # size-0 dims multiply into the strides outside them
    "size_0_sorted": ("add", [T((2, 3, 1, 0), (1, 2, 5, 9)), T((2, 1, 4, 1), (4, 1, 1, 1))],
                      (12, 1, 3, 24)),
    "size_0_fast_path": ("neg", [T((3, 0), (1, 3))], (1, 1)),
    # memory formats
    "channels_last_fast_path": ("add", [T((2, 3, 4, 5), (60, 1, 15, 3))] * 2, (60, 1, 15, 3)),
    "channels_last_3d_dense_path": ("add", [T((2, 3, 2, 2, 2), (24, 1, 12, 6, 3))] * 2,
                                    (24, 1, 12, 6, 3)),
    "channels_last_plus_contiguous": ("add", [T((2, 3, 4, 5), (60, 1, 15, 3)),
                                              T((2, 3, 4, 5), (60, 20, 5, 1))], (60, 1, 15, 3)),
    "contiguous_plus_channels_last": ("add", [T((2, 3, 4, 5), (60, 20, 5, 1)),
                                              T((2, 3, 4, 5), (60, 1, 15, 3))], (60, 20, 5, 1)),
    "dense_same_strides": ("add", [T((2, 3, 4), (1, 8, 2))] * 2, (1, 8, 2)),
    "overlapping_not_dense": ("neg", [T((2, 3), (1, 1))], (1, 2)),
    # a converted input is a fresh dense copy: its stride 0 is gone
    "converted_loses_broadcast": ("add", [T((3, 4), (1, 0)), T((3, 4), (1, 3), torch.float64)],
                                  (4, 1)),
    "unconverted_keeps_broadcast": ("add", [T((3, 4), (1, 0), torch.float64),
                                            T((3, 4), (1, 3), torch.float64)], (1, 3)),
    "int8_plus_float32_converted": ("add", [T((3, 4), (1, 0), torch.int8),
                                            T((3, 4), (1, 3))], (4, 1)),
    # 0-d inputs and scalars count only through the common dtype: a float one converts an
    # int8 input, which then decides before the next input can
    "0d_float_converts_int8": ("addcmul", [T((3, 4), (1, 0), torch.int8),
                                           T((3, 4), (1, 3), torch.int8),
                                           T((), (), torch.float64)], (4, 1)),
    "0d_int_keeps_int8": ("addcmul", [T((3, 4), (1, 0), torch.int8),
                                      T((3, 4), (1, 3), torch.int8),
                                      T((), (), torch.int64)], (1, 3)),
    # with one input beside it a conversion sorts the same as the original would
    "int_plus_float_scalar": ("add", [T((2, 3), (1, 0), torch.int32), Arg(scalar=2.5)], (3, 1)),
    "int_plus_int_scalar": ("add", [T((2, 3), (1, 0), torch.int32), Arg(scalar=2)], (3, 1)),
    "unary_float_converts_int": ("sin", [T((2, 3), (1, 0), torch.int64)], (3, 1)),
    # where: the condition is an input like any other and comes first
    "where_condition_decides": ("where", [T((2, 3), (1, 2), torch.bool), T((2, 3), (3, 1)),
                                          T((2, 3), (3, 1))], (1, 2)),
    "where_mixed_itemsize_dense": ("where", [T((2, 3), (1, 2), torch.bool),
                                             T((2, 3), (1, 2)), T((2, 3), (1, 2))], (1, 2)),
    "where_uint8_condition_converted": ("where", [T((2, 3), (1, 0), torch.uint8),
                                                  T((2, 3), (1, 2)), T((2, 3), (1, 2))], (3, 1)),
}


@pytest.mark.parametrize("name", list(CORNERS))
def test_corner_matches_torch(name: str) -> None:
    op_name, args, strides = CORNERS[name]
    op = OPS[op_name]
    diff = difference(op, args)
    assert diff is None, diff
    got = op.model([a.model() for a in args]).strides
    assert got == strides, f"strides={got}, but the table says {strides} [{name}]"


def test_shapes_that_do_not_broadcast_raise_as_torch_does() -> None:
    a, b = T((2, 3), (3, 1)), T((4, 1, 2), (2, 2, 1))
    with pytest.raises(RuntimeError) as want:
        torch.add(a.build(), b.build())
    with pytest.raises(RuntimeError) as got:
        pointwise_layout([a.model(), b.model()])
    assert str(got.value) == str(want.value)
