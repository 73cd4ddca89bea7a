"""Programs shaped like the blocks networks stack: a convolution block (conv2d, a norm, an
activation, a pool) on an image batch, and an attention block (linear projections, layer_norm,
q @ k^T, softmax, @ v) on a batch of sequences.

A block is the networks' ops in the order a network runs them, each on the output of the one
before, so the layout each op hands the next is the one a real network sees; the batch starts
in any layout networks give it (NCHW, channels_last, permuted into place, stepped, an expanded
batch dim), and between two ops a layout change now and then (`.contiguous()`, channels_last,
a transpose of the spatial dims): what a network's reshapes and format conversions do. Each
op's arguments come from its builder in the op table's argument dict (strategies/calls.py),
drawn valid; the reference runs alongside, and a step it refuses ends the block.
"""

from __future__ import annotations

from typing import Any

import stridecheck.reference as ref

from .allocating import _operand_of_shape
from .arguments import Chooser, Context
from .calls import ARGUMENTS
from .program import Op, Program, Ref, Step, Sym, apply

# the blocks, each a sequence of op table keys run in turn; a tuple of keys is a choice
BLOCKS: dict[str, tuple[tuple[str, ...], ...]] = {
    "convolution": (("nn.functional.conv2d", "nn.functional.conv_transpose2d"),
                    ("nn.functional.batch_norm", "nn.functional.group_norm"),
                    ("nn.functional.relu", "nn.functional.silu", "nn.functional.gelu",
                     "nn.functional.hardtanh"),
                    ("nn.functional.max_pool2d", "nn.functional.avg_pool2d")),
    "attention": (),  # its steps refer to each other: _attention builds them
}
# the dtypes the blocks run in: the kernels of every op above take them
_DTYPES = ("float32", "float64")
# the layouts an image batch comes in
_LAYOUTS = ("contiguous", "channels_last", "permuted", "stepped", "expanded")


def _batch(ch: Chooser, shape: tuple[int, ...], device: str) -> list[Step]:
    """Steps building x0, a batch of `shape` in a drawn layout (its values 0, 1, 2, ...)."""
    dtype = ch.choice(_DTYPES)
    layout = ch.choice(_LAYOUTS if len(shape) == 4 else ("contiguous", "permuted", "stepped",
                                                           "expanded"))
    numel = 1
    for n in shape:
        numel *= n
    dev_kw: tuple[tuple[str, Any], ...] = () if device == "cpu" else (("device", device),)
    total = {"stepped": 2 * numel, "expanded": numel // shape[0]}.get(layout, numel)
    steps = [Step("x0", None, Op("arange", (total,), dev_kw, kind="factory")),
             Step("x0", "x0", Op("to", (Sym(dtype),)))]
    last = len(shape) - 1
    if layout == "channels_last":
        steps += [Step("x0", "x0", Op("view", shape)),
                  Step("x0", "x0", Op("contiguous", (), (("memory_format",
                                                           Sym("channels_last")),)))]
    elif layout == "permuted":
        # laid out with its channels (or features) last, permuted into place
        moved = (shape[0], *shape[2:], shape[1])
        steps += [Step("x0", "x0", Op("view", moved)),
                  Step("x0", "x0", Op("permute", (0, last, *range(1, last))))]
    elif layout == "stepped":
        steps += [Step("x0", "x0", Op("view", (*shape[:-1], 2 * shape[-1]))),
                  Step("x0", "x0", Op("__getitem__", ((Ellipsis, slice(None, None, 2)),),
                                      kind="getitem"))]
    elif layout == "expanded":
        steps += [Step("x0", "x0", Op("view", (1, *shape[1:]))),
                  Step("x0", "x0", Op("expand", shape))]
    else:
        steps.append(Step("x0", "x0", Op("view", shape)))
    return steps


def _relayout(ch: Chooser, t: Any) -> Op | None:
    """A layout change between two ops of a block, now and then."""
    if not ch.chance(0.3) or t.ndim < 2:
        return None
    options = [Op("contiguous"), Op("transpose", (-1, -2))]
    if t.ndim == 4:
        options.append(Op("contiguous", (), (("memory_format", Sym("channels_last")),)))
    return ch.choice(options)


class _Block:
    """A block under construction: its steps, the live tensors and the reference's values."""

    def __init__(self, steps: list[Step], device: str) -> None:
        self.steps = steps
        self.device = device
        env: dict[str, Any] = {}
        for s in steps:
            env[s.out] = apply(s.op, ref if s.src is None else env[s.src], ref, env)  # type: ignore[index]
        self.live: dict[str, Any] = {"x0": env["x0"]}
        self.ended = False

    def add(self, src: str, op: Op) -> str | None:
        """Append `src.op`; return the name of its result, None where the block ends there."""
        if self.ended:
            return None
        out = f"x{len(self.live)}"
        self.steps.append(Step(out, src, op))
        try:
            result = apply(op, self.live[src], ref, self.live)
        except Exception:  # noqa: BLE001 - the block ends at the step that raises
            self.ended = True
            return None
        if not hasattr(result, "stride"):
            self.ended = True
            return None
        self.live[out] = result
        return out

    def call(self, ch: Chooser, key: str, src: str) -> str | None:
        """Append `key` on `src` with arguments its builder draws (valid ones)."""
        arguments = ARGUMENTS[key]
        if self.ended or not arguments.applies(self.live[src]):
            return None
        op = arguments.build(self.live[src], ch, Context(live=dict(self.live), device=self.device))
        return self.add(src, op)

    def relayout(self, ch: Chooser, src: str) -> str | None:
        op = _relayout(ch, self.live[src])
        return src if op is None else self.add(src, op)


def _convolution(ch: Chooser, device: str) -> Program:
    shape = (ch.choice((1, 2)), ch.choice((2, 3, 4)), ch.choice((3, 4, 5)), ch.choice((3, 4, 5)))
    block = _Block(_batch(ch, shape, device), device)
    src: str | None = "x0"
    for choices in BLOCKS["convolution"]:
        assert src is not None
        src = block.call(ch, ch.choice(choices), src)
        if src is None:
            break
        src = block.relayout(ch, src)
        if src is None:
            break
    return Program(tuple(block.steps))


def _attention(ch: Chooser, device: str) -> Program:
    """x -> layer_norm -> q, k, v = linear(x, Wq), ...; softmax(q @ k^T, -1) @ v."""
    b, n, e = ch.choice((1, 2)), ch.choice((1, 2, 3, 4)), ch.choice((2, 3, 4))
    block = _Block(_batch(ch, (b, n, e), device), device)
    src: str | None = block.call(ch, "nn.functional.layer_norm", "x0") \
        if ch.chance(0.7) else "x0"
    if src is None:
        return Program(tuple(block.steps))
    t = block.live[src]
    d = ch.choice((2, 3))
    ctx = Context(live=dict(block.live), device=device)
    q, k, v = (block.add(src, Op("nn.functional.linear", (_operand_of_shape(t, ch, ctx, (d, e)),),
                                 kind="function")) for _ in range(3))
    if None in (q, k, v):
        return Program(tuple(block.steps))
    assert q is not None and k is not None and v is not None
    kt = block.add(k, Op("transpose", (-2, -1)))
    scores = kt and block.add(q, Op("matmul", (Ref(kt),)))
    weights = scores and block.call(ch, ch.choice(("softmax", "nn.functional.softmax")), scores)
    if weights:
        block.add(weights, Op("matmul", (Ref(v),)))
    return Program(tuple(block.steps))


def block(ch: Chooser, device: str = "cpu") -> Program:
    """Return one block of BLOCKS, its kind drawn first (shrinking toward the convolution)."""
    kind = ch.choice(tuple(BLOCKS))
    return _convolution(ch, device) if kind == "convolution" else _attention(ch, device)
