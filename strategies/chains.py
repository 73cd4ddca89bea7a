"""Build programs from a Chooser: a base tensor, then a chain of ops on live tensors.

The reference runs alongside construction so every builder sees the real current shape;
a step the reference rejects ends the program (that step is the error-parity check).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import stridecheck.reference as ref
from stridecheck.reference.ops import (
    ALLOCATING_FAMILIES,
    BY_KEY,
    OPS,
    POINTWISE_FAMILIES,
    Contract,
    OpSpec,
)

from .arguments import DTYPE_NAMES, Chooser, Context
from .calls import ARGUMENTS, applicable
from .program import Op, Program, Ref, Step, Sym, apply


def base_steps(ch: Chooser, device: str = "cpu", max_numel: int = 64, *,
               batches: bool = False) -> list[Step]:
    """Return steps building a base tensor: contiguous, permuted, sliced, expanded, strided.

    With `batches` the base is most often what networks take: a 4-d (or 5-d) batch, laid out
    channels_last (channels_last_3d) first.
    """
    # ranks shrink toward 1-d, sizes toward 1 then 0: the corners, and short programs
    ndim = ch.choice((4, 3, 5, 2, 1, 0, 6) if batches else (1, 2, 0, 3, 4, 5, 6))
    shape: list[int] = []
    for _ in range(ndim):
        budget = max(max_numel // max(1, _prod(shape)), 1)
        shape.append(min(ch.choice((1, 0, 2, 3, 4, 5, 8)), budget))
    numel = _prod(shape)
    dtype = ch.choice(("float32",) + DTYPE_NAMES)
    kinds = ("contiguous", "permuted", "sliced", "expanded", "strided", "channels_last")
    kind = ch.choice(kinds[-1:] + kinds[:-1] if batches else kinds)
    dev_kw: tuple[tuple[str, Any], ...] = () if device == "cpu" else (("device", device),)
    steps: list[Step] = []
    strides = _contiguous(shape)
    if kind == "strided":
        running = 1
        for d in range(ndim - 1, -1, -1):
            strides[d] = running
            running *= max(shape[d], 1) + ch.integer(0, 1)
    extent = 1 + sum((n - 1) * s for n, s in zip(shape, strides)) if numel else 0
    pinned = [1 if ch.chance(0.5) else n for n in shape]
    # a stepped slice over an odd extent (2n - 1 elements give n) is the trickier corner
    odd = kind == "sliced" and shape and shape[0] > 0 and ch.chance(0.5)
    big0 = (2 * shape[0] - 1 if odd else 2 * shape[0]) if shape else 0
    total = {"sliced": big0 * _prod(shape[1:]), "strided": extent + 3,
             "expanded": _prod(pinned)}.get(kind, numel)
    if not shape:
        total = 1
    steps.append(Step("x0", None, Op("arange", (total,), dev_kw, kind="factory")))
    if dtype != "int64":
        steps.append(Step("x0", "x0", Op("to", (Sym(dtype),))))
    if kind == "sliced" and shape:
        big = [big0] + shape[1:]
        steps.append(Step("x0", "x0", Op("view", tuple(big) if big else ((),))))
        steps.append(Step("x0", "x0", Op("__getitem__", (slice(None, None, 2),),
                                          kind="getitem")))
    elif kind == "strided" and shape:
        offset = ch.integer(0, 3) if numel else 0
        steps.append(Step("x0", "x0", Op("as_strided", (tuple(shape), tuple(strides), offset))))
    elif kind == "expanded" and shape:
        steps.append(Step("x0", "x0", Op("view", tuple(pinned) if pinned else ((),))))
        steps.append(Step("x0", "x0", Op("expand", tuple(shape))))
    else:
        if total != numel:
            steps.append(Step("x0", "x0", Op("__getitem__", (slice(None, numel),),
                                              kind="getitem")))
        steps.append(Step("x0", "x0", Op("view", tuple(shape) if shape else ((),))))
        if kind == "permuted" and ndim > 1:
            dims = list(range(ndim))
            for i in range(ndim - 1, 0, -1):
                j = ch.integer(0, i)
                dims[i], dims[j] = dims[j], dims[i]
            steps.append(Step("x0", "x0", Op("permute", tuple(dims))))
        elif kind == "channels_last" and ndim in (4, 5):
            layout = "channels_last" if ndim == 4 else "channels_last_3d"
            if ndim == 4 or batches:  # the 5-d layout for batches alone: streams unchanged
                steps.append(Step("x0", "x0", Op("contiguous", (),
                                                  (("memory_format", Sym(layout)),))))
    return steps


def _contiguous(shape: list[int]) -> list[int]:
    out = [1] * len(shape)
    for d in range(len(shape) - 2, -1, -1):
        out[d] = out[d + 1] * max(shape[d + 1], 1)
    return out


def _prod(xs: list[int]) -> int:
    out = 1
    for x in xs:
        out *= x
    return out


# the percentages of steps that are pointwise ops and other ops allocating their outputs
# (reductions, joins, products, scatters, indexing): enough to cover them, few enough that
# each view op keeps most of the examples it had before them (benchmarks/README.md)
POINTWISE_PERCENT = 20
OTHER_ALLOCATING_PERCENT = 10
# the ops networks run (torch.nn.functional's), a group of their own taken from the views'
# share, so that the pointwise families each keep theirs
NETWORK_PERCENT = 5
NETWORK_FAMILIES = frozenset({"activation", "activation_", "normalization", "linear",
                              "linear_", "convolution", "pooling", "fft", "linalg", "linalg_solve",
                              "linalg_square", "linalg_lu", "linalg_least",
                              "sort", "cumulative", "statistics", "shaping", "blas", "blas_",
                              "contraction", "sampling", "distance", "einsum",
                              "attention", "dropout", "dropout_", "norm",
                              "linalg_matrix"})
# the most a chain may give the networks' ops: the share the views and they have together
NETWORK_PERCENT_MAX = 100 - POINTWISE_PERCENT - OTHER_ALLOCATING_PERCENT
# the percentage of calls to ops with an out= form that write into a live tensor: one of
# any shape, dtype and layout, the input itself or a view of it (resized with a warning,
# kept, cast, or refused for overlapping or expanded outputs)
OUT_PERCENT = 15


def _one_op(ch: Chooser, live: dict[str, Any], ops: tuple[OpSpec, ...],
            writes: tuple[OpSpec, ...], reads: tuple[OpSpec, ...], write_share: float,
            invalid_share: float, device: str, network_percent: int = NETWORK_PERCENT
            ) -> tuple[str, Op]:
    """Draw the live tensor a step works on and its call."""
    src = ch.choice(list(live))
    t = live[src]
    invalid = ch.chance(invalid_share)
    pool = writes if writes and write_share and ch.chance(write_share) else reads
    if write_share == 0:
        pool = ops
    # Pointwise ops, the other allocating ops and the networks' ops each take their
    # percentage of the steps, so that families added to one group leave the other's
    # examples alone; the draw
    # shrinks toward 0, the rest. Within a group a family is drawn first, then one of its
    # ops, as their many variants would crowd each other out; the rest are drawn uniformly,
    # as they were before allocating ops came.
    network = [op for op in pool if op.family in NETWORK_FAMILIES]
    pointwise = [op for op in pool if op.family in POINTWISE_FAMILIES - NETWORK_FAMILIES]
    allocating = [op for op in pool
                  if op.family in ALLOCATING_FAMILIES - POINTWISE_FAMILIES - NETWORK_FAMILIES]
    others = [op for op in pool if op.family not in ALLOCATING_FAMILIES]
    if others:
        draw = ch.integer(0, 99)
        rest = 100 - POINTWISE_PERCENT - OTHER_ALLOCATING_PERCENT
        # (a pool without the network's ops draws the others in its share, as before them)
        group = [] if draw < rest - network_percent else network if draw < rest else \
            pointwise if draw < rest + POINTWISE_PERCENT else allocating
    else:
        group = pointwise + allocating + network
    if group is network and not invalid:
        # the networks' families take inputs of their own ranks and dtypes (pooling a batch,
        # qr a floating matrix): a family is drawn among those that take this one
        group = [op for op in group if applicable(op, t)] or group
    members = spellings = others
    if group:
        family = ch.choice(list(dict.fromkeys(op.family for op in group)))
        members = spellings = [op for op in group if op.family == family]
    elif others:
        # an op first, then one of its spellings: the twelve of `to` (x.float(), x.half(),
        # ...) would crowd out the views
        key = ch.choice(list(dict.fromkeys(op.canonical for op in others)))
        spellings = [op for op in others if op.canonical == key]
    if invalid:
        # error parity is tested best where torch must refuse: ops with no valid call
        spellings = [op for op in spellings if ARGUMENTS[op.key].drawable(t)] or spellings
        refused = [op for op in spellings if not applicable(op, t)]
        candidates = refused if refused and ch.chance(0.5) else spellings
    else:
        candidates = [op for op in spellings if applicable(op, t)] or \
            [op for op in members if applicable(op, t)] or \
            [op for op in pool if applicable(op, t)] or list(pool)
    spec = ch.choice(candidates)
    op = ARGUMENTS[spec.key].build(t, ch, Context(live=dict(live), invalid=invalid,
                                                  device=device))
    built = BY_KEY.get(op.key)
    if built is None or not built.out or op.kind not in ("method", "function", "tensors") \
            or (op.kind == "method" and built.subject):
        return src, op
    # a reduction (var, std, ... too) resizes its out= before it reads its input: with out=
    # the input itself it then reduces the resized tensor, which the model does not follow
    # and a matrix product into its own empty first operand reads past the buffer it resized
    # (a torch crash: docs/torch-crashes.md), which no run should meet again and again
    outs = [n for n, u in live.items() if u.device == t.device
            and not (u is t and built.family in ("reduction", "statistics"))
            and not (u is t and built.family in ("product", "linear") and 0 in t.shape)]
    if outs and ch.integer(0, 99) < OUT_PERCENT:
        out: Any = Ref(ch.choice(outs)) if built.contract is not Contract.COPIES else \
            _tuple_out(ch, op, t, live, outs)
        if out is not None:
            op = dataclasses.replace(op, kind="function" if op.kind == "method" else op.kind,
                                     kwargs=op.kwargs + (("out", out),))
    return src, op


def _tuple_out(ch: Chooser, op: Op, t: Any, live: dict[str, Any], outs: list[str]
               ) -> tuple[Ref, ...] | None:
    """Draw a tuple out= for an op of several results: one live tensor per result, mostly of
    that result's dtype (int64 indices), now and then any (None where the call refuses)."""
    try:
        results = apply(dataclasses.replace(op, pick=None), t, ref, dict(live))
    except Exception:  # noqa: BLE001 - a refused call is drawn without out=
        return None
    drawn: list[Ref] = []
    # an out over the input's bytes meets each kernel's own overlap checks, made on views of
    # the resized outs (median unsqueezes them, sort copies first, topk checks none): the
    # model follows a few, so such outs are not drawn
    read = [t, *(live[a.name] for a in (*op.args, *(v for _, v in op.kwargs))
                 if isinstance(a, Ref) and a.name in live)]
    apart = [n for n in outs if not any(ref.overlap.shares_bytes(live[n], u) for u in read)]
    for r in results:
        # one tensor for two results is resized to each in turn and restrided or squeezed
        # by each: the ops do it in their own orders, so a tensor is drawn for one result
        free = [n for n in apart if all(d.name != n for d in drawn)]
        fits = [n for n in free if live[n].dtype is r.dtype]
        if not free:
            return None
        drawn.append(Ref(ch.choice(fits if fits and ch.chance(0.9) else free)))
    return tuple(drawn)


def chain(ch: Chooser, *, min_ops: int = 1, max_ops: int = 8, device: str = "cpu",
          invalid_share: float = 0.1, write_share: float = 0.0,
          ops: tuple[OpSpec, ...] = OPS, max_numel: int = 64,
          network_percent: int = NETWORK_PERCENT, batches: bool = False) -> Program:
    """Return a program: a base tensor, then min_ops..max_ops ops, each on a live tensor.

    Each op is applied to one of the live tensors (the input first, so that deleting an op
    keeps the meaning of the choices after it). With `write_share` > 0 that share of steps is
    drawn from the in-place families, which makes programs with several live views and
    writes through them. `network_percent` of the steps call the networks' ops (of
    NETWORK_FAMILIES) where `ops` has some; `batches` starts from a base laid out as networks
    take their inputs (base_steps).
    """
    steps = base_steps(ch, device, max_numel, batches=batches)
    env: dict[str, Any] = {}
    for s in steps:
        env[s.out] = apply(s.op, ref if s.src is None else env[s.src], ref, env)  # type: ignore[index]
    live = {"x0": env["x0"]}
    writes = tuple(op for op in ops if op.writes)
    reads = tuple(op for op in ops if not op.writes) or ops
    for i in range(1, max_ops + 1):
        # each op's draws are one unit, its "go on" draw first: shrinking deletes an op
        # whole, from anywhere in the program
        optional = i > min_ops

        def one(sub: Chooser, optional: bool = optional) -> tuple[str, Op] | None:
            if optional and not sub.chance(0.9):
                return None
            return _one_op(sub, live, ops, writes, reads, write_share, invalid_share, device,
                           network_percent)
        drawn = ch.group(one)
        if drawn is None:
            break
        src, op = drawn
        t = live[src]
        out = None if op.statement else f"x{i}"
        steps.append(Step(out, src, op))
        try:
            result = apply(op, t, ref, live)
        except Exception:  # noqa: BLE001 - the program ends at the step that raises
            break
        if out is None:
            continue
        if not hasattr(result, "stride"):
            break  # an empty tuple (unbind of a size-0 dim) leaves nothing to go on with
        live[out] = result
    return Program(tuple(steps))
