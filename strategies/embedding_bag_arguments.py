"""Argument builders for torch.nn.functional.embedding_bag, its subject the input indices (int64
or int32, values in [0, 32), one or two dims, with elements): a weight literal of one or two
rows more than the largest index and 1 to 3 columns, of a floating dtype; for a 1-d input,
offsets from 0 rising to at most its length (include_last_offset= now and then); mode=,
padding_idx= and, with mode 'sum', per_sample_weights of the input's shape now and then.
Drawing invalid calls gives too few rows, a first offset past 0 or a last one past the input,
now and then. Examples shrink toward one more row than needed, two columns, float32 and no
keywords."""

from __future__ import annotations

from typing import Any

from stridecheck.reference.tensor import Tensor

from .arguments import Arguments, Chooser, Context, _fully_defined, literal_device
from .program import Literal, Op
from .shaping_arguments import _indices, _largest

F = "nn.functional."


def _embedding_bag(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    rows = _largest(t) + ch.choice((1, 2))
    if ctx.invalid and ch.chance(0.3):
        rows = max(rows - 1, 1)
    dim = ch.choice((2, 3, 1))
    dtype = ch.choice(("float32", "float64", "float16", "bfloat16"))
    device = literal_device(t)
    values = tuple(tuple(float((5 * i + 3 * j) % 9 - 4) for j in range(dim)) for i in range(rows))
    weight = Literal(values, dtype, device)
    args: tuple[Any, ...] = (weight,)
    kwargs: list[tuple[str, Any]] = []
    mode = ch.choice(("mean", "sum", "max"))
    if t.ndim == 1:
        n = t.numel()
        cuts = sorted(ch.integer(0, n) for _ in range(ch.choice((0, 1, 2))))
        last = ch.chance(0.3)
        if last and not cuts:
            cuts = [n]  # torch's kernels crash on include_last_offset without a bag
        offsets = [0, *cuts]
        if ctx.invalid and ch.chance(0.3):
            offsets = ch.choice(([1, *cuts], [0, *cuts, n + 2]))
        args = (weight, Literal(tuple(offsets), "int64", device))
        if last:
            kwargs.append(("include_last_offset", True))
    if mode != "mean" or ch.chance(0.2):
        kwargs.append(("mode", mode))
    if ch.chance(0.3):
        kwargs.append(("padding_idx", ch.choice((0, -1, rows - 1))))
    if mode == "sum" and t.ndim in (1, 2) and ch.chance(0.3):
        def row(k: int) -> float:
            return float(k % 3 - 1)
        shape = tuple(t.shape)
        scale: Any = (tuple(row(k) for k in range(shape[0])) if len(shape) == 1 else
                      tuple(tuple(row(r + c) for c in range(shape[1])) for r in range(shape[0])))
        kwargs.append(("per_sample_weights", Literal(scale, dtype, device)))
    return Op(F + "embedding_bag", args, tuple(kwargs), kind="function")


def _bag_indices(t: Tensor) -> bool:
    return t.ndim in (1, 2) and t.numel() > 0 and _indices(t) and _fully_defined(t)


EMBEDDING_BAG: dict[str, Arguments] = {
    F + "embedding_bag": Arguments(_embedding_bag, _bag_indices, reads_values=True),
}
