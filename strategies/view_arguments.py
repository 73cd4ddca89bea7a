"""Argument builders for views, copies, writes and in-place metadata changes.

Each builds arguments valid for the current tensor by construction (a shape that factorises
its numel, dims drawn from its range), shrinking toward the simplest call (see arguments.py).
"""

from __future__ import annotations

from typing import Any

from stridecheck.reference.ops import CONVERSIONS
from stridecheck.reference.tensor import Tensor

from .arguments import (
    DTYPE_NAMES,
    FORMATS,
    Arguments,
    Builder,
    Chooser,
    Context,
    _broadcastable_refs,
    _dim,
    _not_internally_overlapping,
    _rank,
    _scalar_for,
    _size,
    _varargs,
    literal_device,
)
from .program import Literal, Op, Ref, StorageOf, Sym


def _factor(n: int, ch: Chooser, parts: int) -> list[int]:
    """Split n into `parts` factors whose product is n (n == 0 puts a 0 somewhere)."""
    if n == 0:
        out = [ch.integer(0, 3) for _ in range(parts)]
        if parts:
            out[ch.integer(0, parts - 1)] = 0
        return out
    out = []
    rest = n
    for _ in range(parts - 1):
        divisors = [d for d in range(1, rest + 1) if rest % d == 0]
        d = ch.choice(divisors)
        out.append(d)
        rest //= d
    out.append(rest)
    return out


def _unary(name: str, kind: str = "method") -> Builder:
    return lambda t, ch, ctx: Op(name, kind=kind)


def _attribute(name: str) -> Builder:
    return lambda t, ch, ctx: Op(name, kind="attribute")


def _shape_for(numel: int, ch: Chooser, ctx: Context) -> tuple[int, ...]:
    parts = ch.integer(0 if numel == 1 else 1, 4)
    shape = _factor(numel, ch, parts) if parts else []
    if shape and ch.chance(0.3):
        shape[ch.integer(0, len(shape) - 1)] = -1
        if numel == 0 and not ctx.invalid:
            shape = [0 if s == -1 else s for s in shape]
    if ctx.invalid and ch.chance(0.3):
        shape.append(ch.choice((2, -2, 3)))
    return tuple(shape)


def _view(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("view", _varargs(_shape_for(t.numel(), ch, ctx)))


def _reshape(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    shape = _shape_for(t.numel(), ch, ctx)
    if ch.chance(0.3):
        return Op("reshape", (shape,), kind="function")
    return Op("reshape", _varargs(shape))


def _same_numel_ref(t: Tensor, ch: Chooser, ctx: Context) -> Ref | None:
    names = [n for n, u in ctx.live.items() if u.numel() == t.numel() or ctx.invalid]
    return Ref(ch.choice(names)) if names else None


def _as(name: str, fallback: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        ref = _same_numel_ref(t, ch, ctx)
        if ref is None:
            return Op(fallback, _varargs(tuple(t.shape)))
        return Op(name, (ref,))
    return build


def _view_dtype(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("view", (Sym(ch.choice(DTYPE_NAMES)),))


def _flatten(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    form = ch.integer(0, 2)
    if form == 0:
        return Op("flatten")
    a, b = sorted((_dim(ch, t.ndim, ctx), _dim(ch, t.ndim, ctx)),
                  key=lambda d: d % max(t.ndim, 1))
    if ctx.invalid and ch.chance(0.3):
        a, b = b, a
    if form == 1:
        return Op("flatten", (a,))
    return Op("flatten", (a, b), kind=ch.choice(("method", "function")))


def _unflatten(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    d = _dim(ch, t.ndim, ctx)
    n = t.shape[d] if t.ndim and -t.ndim <= d < t.ndim else 1
    sizes = _factor(n, ch, ch.integer(1, 3))
    if ch.chance(0.3) and n:
        sizes[ch.integer(0, len(sizes) - 1)] = -1
    if ctx.invalid and ch.chance(0.3):
        sizes.append(2)
    return Op("unflatten", (d, tuple(sizes)))


def _as_strided_args(t: Tensor, ch: Chooser, ctx: Context) -> tuple[Any, ...]:
    capacity = t.untyped_storage().nbytes() // t.element_size()
    ndim = ch.integer(0, 3)
    size = [_size(ch, 3) for _ in range(ndim)]
    stride = [ch.choice((1, 0, 2, 3, 4, 6)) for _ in range(ndim)]
    offset = ch.integer(0, max(capacity - 1, 0))
    extent = 1 + sum((n - 1) * s for n, s in zip(size, stride)) if 0 not in size else 0
    if not ctx.invalid or not ch.chance(0.3):
        while size and offset + extent > capacity:
            size[ch.integer(0, len(size) - 1)] = ch.choice((1, 0))
            extent = 1 + sum((n - 1) * s for n, s in zip(size, stride)) if 0 not in size else 0
            offset = min(offset, max(capacity - extent, 0))
        if offset + extent > capacity:
            offset = 0
    if ch.chance(0.3):
        return (tuple(size), tuple(stride))
    return (tuple(size), tuple(stride), offset)


def _as_strided(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("as_strided", _as_strided_args(t, ch, ctx))


def _as_strided_(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("as_strided_", _as_strided_args(t, ch, ctx))


def _permutation(t: Tensor, ch: Chooser, ctx: Context) -> tuple[int, ...]:
    dims = list(range(t.ndim))
    for i in range(len(dims) - 1, 0, -1):
        j = ch.integer(0, i)
        dims[i], dims[j] = dims[j], dims[i]
    dims = [d - t.ndim if ch.chance(0.2) else d for d in dims]
    if ctx.invalid and ch.chance(0.3):
        dims = dims[:-1] if dims and ch.chance(0.5) else dims + [0]
    return tuple(dims)


def _permute(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    dims = _permutation(t, ch, ctx)
    if ch.chance(0.3):
        return Op("permute", (dims,), kind="function")
    return Op("permute", _varargs(dims))


def _two_dims(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        return Op(name, (_dim(ch, t.ndim, ctx), _dim(ch, t.ndim, ctx)))
    return build


def _t(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("t")


def _movedim(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    name = ch.choice(("movedim", "moveaxis"))
    if t.ndim and ch.chance(0.5):
        k = ch.integer(1, t.ndim)
        src = _permutation(t, ch, ctx)[:k]
        dst = _permutation(t, ch, ctx)[:k]
        return Op(name, (tuple(src), tuple(dst)))
    return Op(name, (_dim(ch, t.ndim, ctx), _dim(ch, t.ndim, ctx)))


def _squeeze_args(t: Tensor, ch: Chooser, ctx: Context) -> tuple[Any, ...]:
    form = ch.integer(0, 2)
    if form == 0:
        return ()
    if form == 1:
        return (_dim(ch, t.ndim, ctx),)
    k = ch.integer(0, max(t.ndim, 1))
    dims = sorted({_dim(ch, t.ndim, ctx) % max(t.ndim, 1) for _ in range(k)})
    return (tuple(dims),)


def _squeeze(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("squeeze", _squeeze_args(t, ch, ctx))


def _squeeze_(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("squeeze_", _squeeze_args(t, ch, ctx))


def _unsqueeze(name: str) -> Builder:
    return lambda t, ch, ctx: Op(name, (_dim(ch, t.ndim, ctx, extra=1),))


def _expand_sizes(t: Tensor, ch: Chooser, ctx: Context) -> tuple[int, ...]:
    sizes = []
    for n in t.shape:
        if n == 1:
            sizes.append(ch.choice((-1, 1, 0, 2, 3)))
        else:
            sizes.append(ch.choice((-1, n)))
    lead = ch.choice((0, 0, 1, 2))
    sizes = [ch.choice((1, 2, 0, 3)) for _ in range(lead)] + sizes
    if ctx.invalid and ch.chance(0.3) and sizes:
        # not -2: torch accepts a negative size when another size is 0 (a known divergence)
        sizes[ch.integer(0, len(sizes) - 1)] = ch.choice((-1, 5))
        if not t.ndim and 0 in sizes and -1 in sizes:
            # a 0-d tensor takes -1 as a size when another is 0: a tensor no op can allocate
            # from (docs/torch-bugs.md)
            sizes = [1 if s == 0 else s for s in sizes]
    return tuple(sizes)


def _expand(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("expand", _varargs(_expand_sizes(t, ch, ctx)))


def _broadcast_to(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    sizes = _expand_sizes(t, ch, ctx)
    return Op("broadcast_to", (sizes,), kind=ch.choice(("method", "function")))


def _expand_as(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    names = list(ctx.live)
    if not names:
        return Op("expand", _varargs(tuple(t.shape)))
    return Op("expand_as", (Ref(ch.choice(names)),))


def _narrow(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    d = _dim(ch, t.ndim, ctx)
    n = t.shape[d] if t.ndim and -t.ndim <= d < t.ndim else 1
    start = ch.integer(-n, n)
    lo = start + n if start < 0 else start
    length = ch.integer(0, n - lo)
    if ctx.invalid and ch.chance(0.3):
        length += ch.choice((1, -1 - length))
    return Op("narrow", (d, start, length))


def _select(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    d = _dim(ch, t.ndim, ctx)
    n = t.shape[d] if t.ndim and -t.ndim <= d < t.ndim else 0
    index = ch.integer(-n, n - 1) if n else 0
    if ctx.invalid and ch.chance(0.3):
        index = ch.choice((n, -n - 1))
    return Op("select", (d, index))


def _diagonal(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    form = ch.integer(0, 2)
    if form == 0:
        return Op("diagonal")
    offset = ch.integer(-3, 3)
    if form == 1:
        return Op("diagonal", (offset,))
    return Op("diagonal", (offset, _dim(ch, t.ndim, ctx), _dim(ch, t.ndim, ctx)))


def _unfold(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    d = _dim(ch, t.ndim, ctx)
    n = t.shape[d] if t.ndim and -t.ndim <= d < t.ndim else 1
    size = ch.integer(0, n)
    step = ch.integer(1, 3)
    if ctx.invalid and ch.chance(0.3):
        size, step = ch.choice(((n + 1, step), (size, 0), (-1, step)))
    return Op("unfold", (d, size, step))


def _index(t: Tensor, ch: Chooser, ctx: Context, allow_bool: bool = True) -> tuple[Any, ...]:
    items: list[Any] = []
    dim = 0
    ellipsis = False
    for _ in range(ch.integer(1, 4)):
        kind = ch.choice(("slice", "int", "none", "ellipsis", "bool", "tensor"))
        if kind == "bool" and not allow_bool:
            kind = "none"
        if kind == "tensor" and dim >= t.ndim:
            kind = "none"
        if kind == "ellipsis" and (ellipsis or ch.chance(0.5)):
            kind = "none"
        if kind in ("int", "slice") and dim >= t.ndim and not ctx.invalid:
            kind = "none"
        n = t.shape[dim] if dim < t.ndim else 1
        if kind == "int":
            items.append(ch.integer(-n, n - 1) if n else 0)
            if ctx.invalid and ch.chance(0.2):
                items[-1] = n
            dim += 1
        elif kind == "slice":
            start = ch.choice((None, 0, 1, -1, 2, -3, 5))
            stop = ch.choice((None, 1, 2, -1, 0, 10))
            step = ch.choice((None, 1, 2, 3))
            if ctx.invalid and ch.chance(0.2):
                step = ch.choice((0, -1))
            items.append(slice(start, stop, step))
            dim += 1
        elif kind == "tensor":  # advanced indexing: integer indices or a bool mask
            items.append(_index_tensor(t, n, ch, ctx))
            dim += 1
        elif kind == "none":
            items.append(None)
        elif kind == "ellipsis":
            items.append(Ellipsis)
            ellipsis = True
            dim = t.ndim
        else:
            items.append(ch.choice((True, False)))
    if len(items) == 1 and ch.chance(0.5):
        return (items[0],)
    return (tuple(items),)


def _index_tensor(t: Tensor, n: int, ch: Chooser, ctx: Context) -> Literal:
    """A tensor indexing a dim of size n: 1-3 integer indices, or a bool mask of length n."""
    device = literal_device(t)
    if ch.chance(0.3) and n:
        return Literal(tuple(ch.chance(0.5) for _ in range(n)), "bool", device)
    count = ch.choice((1, 2, 3)) if n else 0
    values = tuple(ch.integer(-n, n - 1) for _ in range(count))
    if ctx.invalid and ch.chance(0.3):
        values += (n,)
    return Literal(values, "int64", device)


def _getitem(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("__getitem__", _index(t, ch, ctx), kind="getitem")


def _picked(name: str, args: tuple[Any, ...], count: int, ch: Chooser,
            t: Tensor | None = None) -> Op:
    """Call a tuple-returning op and keep one piece, often the last (the odd one out)."""
    if t is not None:
        try:
            count = len(getattr(t, name)(*args))  # the reference says how many pieces exist
        except Exception:  # noqa: BLE001 - invalid arguments: keep the requested count
            pass
    last = max(count - 1, 0)
    return Op(name, args, pick=last if ch.chance(0.4) else ch.integer(0, last))


def _split_family(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        d = _dim(ch, t.ndim, ctx)
        n = t.shape[d] if t.ndim and -t.ndim <= d < t.ndim else 1
        if name == "unbind":
            return _picked(name, (d,), n, ch, t) if n else Op("unbind", (d,))
        if name in ("split", "split_with_sizes") and (name == "split_with_sizes" or
                                                        ch.chance(0.4)):
            sizes: list[int] = []
            rest = n
            while rest > 0:
                s = ch.integer(0, rest)
                sizes.append(s)
                rest -= s
            if not sizes or ch.chance(0.2):
                sizes.append(0)
            if ctx.invalid and ch.chance(0.3):
                sizes.append(1)
            return _picked(name, (sizes, d), len(sizes), ch, t)
        if name == "split":
            size = ch.integer(1, max(n, 1)) if n else ch.choice((0, 1))
            count = max(-(-n // size), 1) if size else 1
            return _picked(name, (size, d), count, ch, t)
        if name == "chunk":
            chunks = ch.choice((2, 3, 1, 4))  # 2 and 3 leave uneven last pieces most often
            return _picked(name, (chunks, d), chunks, ch, t)
        if ch.chance(0.5):
            sections = ch.integer(1, 4)
            return _picked(name, (sections, d), sections, ch, t)
        indices = sorted(ch.integer(-2, n + 1) for _ in range(ch.integer(0, 3)))
        return _picked(name, (indices, d), len(indices) + 1, ch, t)
    return build


def _directional(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        d = {"hsplit": 0 if t.ndim == 1 else 1, "vsplit": 0, "dsplit": 2}[name]
        n = t.shape[d] if d < t.ndim else 1
        if ch.chance(0.5):
            divisors = [k for k in range(1, max(n, 1) + 1) if n % k == 0] or [1]
            sections = ch.choice(divisors)
            return _picked(name, (sections,), sections, ch, t)
        indices = [ch.integer(0, n) for _ in range(ch.integer(1, 2))]
        return _picked(name, (indices,), len(indices) + 1, ch, t)
    return build


def _view_as_real(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("view_as_real", kind="function")


def _view_as_complex(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("view_as_complex", kind="function")


def _clone(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    if ch.chance(0.5):
        return Op("clone")
    return Op("clone", kwargs=(("memory_format", Sym(ch.choice(FORMATS))),))


def _contiguous(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    if ch.chance(0.5):
        return Op("contiguous")
    return Op("contiguous", kwargs=(("memory_format", Sym(ch.choice(FORMATS))),))


def _to(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    form = ch.integer(0, 3)
    if form == 0:
        return Op("to", (Sym(ch.choice(DTYPE_NAMES)),))
    if form == 1:
        return Op("to", (ch.choice((ctx.device, "meta")),))
    if form == 2:
        return Op("to", kwargs=(("memory_format", Sym(ch.choice(FORMATS))),))
    return Op("to", (Sym(ch.choice(DTYPE_NAMES)),), (("copy", True),))


def _conversion(name: str) -> Builder:
    """x.float(), or with a memory format: each is x.to(dtype, memory_format=...)."""
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        if ch.chance(0.5):
            return Op(name)
        return Op(name, kwargs=(("memory_format", Sym(ch.choice(FORMATS))),))
    return build


def _fill(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    value = _scalar_for(t, ch)
    if ctx.invalid and ch.chance(0.3):
        value = ch.choice((1.5, complex(0, 1), 300))
    return Op("fill_", (value,))


def _copy(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    refs = _broadcastable_refs(t, ctx) if not ctx.invalid else list(ctx.live)
    if not refs:
        return Op("zero_")
    return Op("copy_", (Ref(ch.choice(refs)),))


def _setitem(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    index = _index(t, ch, ctx, allow_bool=False)[0]
    return Op("__setitem__", (index, _scalar_for(t, ch)), kind="setitem")


def _transpose_(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    return Op("transpose_", (_dim(ch, t.ndim, ctx), _dim(ch, t.ndim, ctx)))


def _set(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    same = [n for n, u in ctx.live.items() if u.dtype is t.dtype and u.device == t.device]
    if not same:
        return Op("set_")
    src = ch.choice(same)
    if ch.chance(0.5):
        return Op("set_", (Ref(src),))
    u = ctx.live[src]
    capacity = u.untyped_storage().nbytes() // t.element_size()
    n = ch.integer(0, capacity)
    offset = ch.integer(0, capacity - n)
    return Op("set_", (StorageOf(src), offset, (n,), (1,)))


def _resize(t: Tensor, ch: Chooser, ctx: Context) -> Op:
    shape = tuple(_size(ch, 5) for _ in range(ch.integer(0, 3)))
    if ch.chance(0.3):
        shape = tuple(t.shape)
    return Op("resize_", _varargs(shape))


def _complex_unconjugated(t: Tensor) -> bool:
    return t.dtype.is_complex and not t.is_conj()


def _complex(t: Tensor) -> bool:
    return t.dtype.is_complex


def _pairs_of_floats(t: Tensor) -> bool:
    return t.dtype.name in ("float32", "float64", "float16") and t.ndim >= 1 and \
        t.shape[-1] == 2


_writes = _not_internally_overlapping
A = Arguments

VIEWS_AND_WRITES: dict[str, Arguments] = {
    "view": A(_view), "view.dtype": A(_view_dtype), "view_as": A(_as("view_as", "view")),
    "reshape": A(_reshape), "reshape_as": A(_as("reshape_as", "reshape")),
    "flatten": A(_flatten), "unflatten": A(_unflatten), "ravel": A(_unary("ravel")),
    "as_strided": A(_as_strided),
    "permute": A(_permute), "transpose": A(_two_dims("transpose")),
    "swapaxes": A(_two_dims("swapaxes")), "swapdims": A(_two_dims("swapdims")),
    "t": A(_t, _rank(0, 2)), "T": A(_attribute("T")),
    "mT": A(_attribute("mT"), lambda t: t.ndim != 1), "movedim": A(_movedim),
    "moveaxis": A(_movedim), "squeeze": A(_squeeze), "unsqueeze": A(_unsqueeze("unsqueeze")),
    "expand": A(_expand), "expand_as": A(_expand_as), "broadcast_to": A(_broadcast_to),
    "narrow": A(_narrow, _rank(1)), "select": A(_select, _rank(1)),
    "diagonal": A(_diagonal, _rank(2)), "unfold": A(_unfold, _rank(1)),
    "__getitem__": A(_getitem),
    "unbind": A(_split_family("unbind"), _rank(1)),
    "split": A(_split_family("split"), _rank(1)),
    "split_with_sizes": A(_split_family("split_with_sizes"), _rank(1)),
    "chunk": A(_split_family("chunk"), _rank(1)),
    "tensor_split": A(_split_family("tensor_split"), _rank(1)),
    "hsplit": A(_directional("hsplit"), _rank(1)),
    "vsplit": A(_directional("vsplit"), _rank(2)),
    "dsplit": A(_directional("dsplit"), _rank(3)),
    "view_as_real": A(_view_as_real, _complex_unconjugated),
    "view_as_complex": A(_view_as_complex, _pairs_of_floats),
    "real": A(_attribute("real")), "imag": A(_attribute("imag"), _complex),
    "conj": A(_unary("conj")), "resolve_conj": A(_unary("resolve_conj")),
    "adjoint": A(_unary("adjoint"), lambda t: t.ndim != 1),
    "H": A(_attribute("H"), lambda t: t.ndim in (0, 2)),
    "mH": A(_attribute("mH"), lambda t: t.ndim != 1),
    "clone": A(_clone), "contiguous": A(_contiguous), "to": A(_to),
    **{name: A(_conversion(name)) for name in CONVERSIONS},
    "detach": A(_unary("detach")),
    "fill_": A(_fill, _writes), "zero_": A(_unary("zero_"), _writes),
    "copy_": A(_copy, _writes), "__setitem__": A(_setitem, _writes),
    "as_strided_": A(_as_strided_), "squeeze_": A(_squeeze_),
    "unsqueeze_": A(_unsqueeze("unsqueeze_")), "transpose_": A(_transpose_),
    "t_": A(_unary("t_"), _rank(0, 2)), "set_": A(_set), "resize_": A(_resize),
}
