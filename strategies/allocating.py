"""Argument builders for the ops that allocate their outputs beyond pointwise ones.

Factories from a tensor, reductions, joins, matrix products, scatters, `*_copy` ops and
tensor indexing. Second operands are live tensors of a fitting shape where the program has
one, else tensor literals built to fit (`torch.tensor([[0, 1], [2, 3]])`), so that most calls
are valid by construction. As everywhere, choices list the simplest option first: a shrunk
call reduces over all dims, joins the tensor with itself, indexes with one index.
"""

from __future__ import annotations

import math
from typing import Any

from stridecheck.reference import dtypes
from stridecheck.reference.ops import BY_KEY
from stridecheck.reference.tensor import Tensor

from .arguments import (
    DTYPE_NAMES,
    FORMATS,
    Applies,
    Arguments,
    Builder,
    Chooser,
    Context,
    _dim,
    _fully_defined,
    _not_internally_overlapping,
    _pointwise_refs,
    _rank,
    _scalar_for,
    _size,
    _varargs,
    literal_device,
)
from .program import Literal, Op, Ref, Sym, as_lists
from .view_arguments import VIEWS_AND_WRITES

A = Arguments


def _kind(ch: Chooser) -> str:
    return "function" if ch.chance(0.3) else "method"


def _same_device(t: Tensor, ctx: Context) -> list[str]:
    return [n for n, u in ctx.live.items() if u.device == t.device]


def _subject(t: Tensor, ctx: Context) -> str | None:
    """The live name t goes by."""
    return next((n for n, u in ctx.live.items() if u is t), None)


def _valid_dim(t: Tensor, d: int) -> bool:
    return bool(t.ndim) and -t.ndim <= d < t.ndim


def _size_of(t: Tensor, d: int) -> int:
    """The size of dim d, 1 for a dim t does not have (invalid mode)."""
    return t.shape[d] if _valid_dim(t, d) else 1


def _values_of(dtype: dtypes.dtype, ch: Chooser, shape: tuple[int, ...]) -> Any:
    """Nested tuples of small values of the dtype's kind, `shape` deep."""
    if not shape:
        return ch.chance(0.5) if dtype is dtypes.bool_ else ch.integer(0, 3)
    return tuple(_values_of(dtype, ch, shape[1:]) for _ in range(shape[0]))


def _literal(values: Any, dtype: str, t: Tensor) -> Literal:
    """A literal on t's device (torch wants index tensors and operands on it)."""
    return Literal(values, dtype, literal_device(t))


def _expressible(shape: tuple[int, ...]) -> bool:
    """Tell whether a nested-list literal has this shape (only its last dim may be 0)."""
    return all(shape[:-1])


def _operand_of_shape(t: Tensor, ch: Chooser, ctx: Context, shape: tuple[int, ...]) -> Any:
    """A live tensor of `shape` and t's dtype, or a literal of that shape."""
    fits = [n for n in _same_device(t, ctx) if tuple(ctx.live[n].shape) == shape
            and ctx.live[n].dtype is t.dtype]
    if fits and (ch.chance(0.5) or not _expressible(shape)):
        return Ref(ch.choice(fits))
    return _literal(_values_of(t.dtype, ch, shape), t.dtype.name, t)


# -- factories from a tensor -----------------------------------------------------------------
def _like(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        args: tuple[Any, ...] = (_scalar_for(t, ch),) if name == "full_like" else ()
        kwargs: list[tuple[str, Any]] = []
        if ch.chance(0.5):
            kwargs.append(("memory_format", Sym(ch.choice(FORMATS))))
        if ch.chance(0.2):
            kwargs.append(("dtype", Sym(ch.choice(DTYPE_NAMES))))
        return Op(name, args, tuple(kwargs), kind="function")
    return build


def _new(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        if name == "new_tensor":
            shape = tuple(ch.choice((2, 1, 3)) for _ in range(ch.integer(0, 2)))
            return Op(name, (as_lists(_values_of(t.dtype, ch, shape)),))
        shape = tuple(_size(ch) for _ in range(ch.integer(0, 3)))
        args: tuple[Any, ...] = (shape,) if name == "new_full" or ch.chance(0.5) else \
            _varargs(shape)
        if name == "new_full":
            args += (_scalar_for(t, ch),)
        kwargs = (("dtype", Sym(ch.choice(DTYPE_NAMES))),) if ch.chance(0.2) else ()
        return Op(name, args, kwargs)
    return build


# -- reductions --------------------------------------------------------------------------------
# how each reduction takes its dims: "tuple" (None, an int or a tuple), "int" (an int only)
_DIMS = {"sum": "tuple", "mean": "tuple", "prod": "int", "amax": "tuple", "amin": "tuple",
         "all": "tuple", "any": "tuple", "count_nonzero": "tuple", "argmax": "int",
         "argmin": "int", "max": "none", "min": "none", "max.dim": "int", "min.dim": "int"}


def _dims(t: Tensor, ch: Chooser, ctx: Context) -> tuple[int, ...]:
    """Distinct dims of t, some negative (repeated ones with ctx.invalid)."""
    rank = max(t.ndim, 1)
    dims = [_dim(ch, t.ndim, ctx) for _ in range(ch.integer(1, min(rank, 3)))]
    if ctx.invalid and ch.chance(0.3):
        return tuple(dims + dims[:1])
    out: list[int] = []
    for d in dims:
        if d % rank not in [e % rank for e in out]:
            out.append(d)
    return tuple(out)


def _reduction(key: str) -> Builder:
    name = key.split(".")[0]
    form = _DIMS[key]

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        kind = _kind(ch)
        args: tuple[Any, ...] = ()
        if form == "int" and (key.endswith(".dim") or ch.chance(0.7)):
            args = (_dim(ch, t.ndim, ctx),)
        elif form == "tuple" and ch.chance(0.7):
            dims = _dims(t, ch, ctx)
            args = (dims[0],) if len(dims) == 1 and ch.chance(0.5) else (dims,)
        kwargs: list[tuple[str, Any]] = []
        if args and name != "count_nonzero" and ch.chance(0.4):
            kwargs.append(("keepdim", True))
        if "dtype" in BY_KEY[name].keywords and ch.chance(0.2):
            choices = ("float64", "float32", "complex64") if name == "mean" else \
                ("float64", "int64", "float32", "int32")
            kwargs.append(("dtype", Sym(ch.choice(choices))))
        pick = ch.choice((0, 1)) if key.endswith(".dim") else None  # values or indices
        return Op(name, args, tuple(kwargs), kind=kind, pick=pick)
    return build


def _mean_applies(t: Tensor) -> bool:
    return t.dtype.is_floating_point or t.dtype.is_complex


def _ordered(t: Tensor) -> bool:
    return not t.dtype.is_complex


# -- joins -------------------------------------------------------------------------------------
def _atleast(shape: tuple[int, ...], n: int) -> tuple[int, ...]:
    """The shape torch.atleast_{n}d gives (TensorTransformations.cpp)."""
    if len(shape) >= n:
        return shape
    if n == 2:
        return (1, *shape) if shape else (1, 1)
    return {0: (1, 1, 1), 1: (1, *shape, 1), 2: (*shape, 1)}[len(shape)]


def _join_shape(name: str, shape: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """The shape an input takes before cat, and the dim cat joins along, for stack helpers."""
    if name in ("vstack", "row_stack"):
        return _atleast(shape, 2), 0
    if name == "dstack":
        return _atleast(shape, 3), 2
    if name == "column_stack":
        shape = (math.prod(shape), 1) if len(shape) <= 1 else shape
        return shape, 1
    shape = _atleast(shape, 1)  # hstack
    return shape, 0 if len(shape) == 1 else 1


def _joinable(name: str, t: Tensor, u: Tensor, dim: int) -> bool:
    """Tell whether u can join t: shapes equal but along the joined dim (all, for stack)."""
    a, b = tuple(t.shape), tuple(u.shape)
    if name == "stack":
        return a == b
    if name not in ("cat", "concat", "concatenate"):
        (a, dim), (b, _) = _join_shape(name, a), _join_shape(name, b)
    if b == (0,):
        return True  # the legacy empty 1-d input cat skips
    if len(a) != len(b) or not a:
        return False
    d = dim % len(a)
    return all(x == y for i, (x, y) in enumerate(zip(a, b)) if i != d)


def _join(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        takes_dim = name in ("cat", "concat", "concatenate", "stack")
        dim = _dim(ch, t.ndim, ctx, extra=1 if name == "stack" else 0) if takes_dim else 0
        names = [n for n in _same_device(t, ctx)
                 if ctx.invalid or _joinable(name, t, ctx.live[n], dim)]
        subject = _subject(t, ctx)
        others: list[Any] = []
        for _ in range(ch.integer(0, 2)):
            if names and ch.chance(0.8):
                others.append(Ref(ch.choice(names)))
            elif name != "stack":
                others.append(_literal((), t.dtype.name, t))  # skipped by cat
        if not others and subject is not None and ch.chance(0.5):
            others.append(Ref(subject))  # the same tensor twice
        args: tuple[Any, ...] = (tuple(others),)
        if takes_dim and (dim or ch.chance(0.5)):
            args += (dim,)
        return Op(name, args, kind="tensors")
    return build


# -- matrix products ---------------------------------------------------------------------------
def _product_other(name: str, t: Tensor) -> tuple[int, ...] | None:
    """The shape of a second operand that makes `name` valid for t, None if none does."""
    s = tuple(t.shape)
    if name == "mm" and t.ndim == 2:
        return (s[1], 2)
    if name == "bmm" and t.ndim == 3:
        return (s[0], s[2], 2)
    if name == "mv" and t.ndim == 2:
        return (s[1],)
    if name in ("dot", "vdot") and t.ndim == 1:
        return s
    if name in ("matmul", "__matmul__") and t.ndim:
        return (s[-1],) if t.ndim == 1 else (s[-1], 2)
    return None


def _product(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        shape = _product_other(name, t)
        if shape is None:  # invalid mode: the subject itself, which torch must refuse
            other: Any = Ref(_subject(t, ctx) or "x0")
        else:
            if name in ("matmul", "__matmul__") and t.ndim >= 2 and ch.chance(0.3):
                shape = (2,) + shape if ch.chance(0.5) else (shape[0],)  # batched or a vector
            other = _operand_of_shape(t, ch, ctx, shape)
        if name == "__matmul__":
            return Op(name, (other,), kind="operator")
        return Op(name, (other,), kind=_kind(ch))
    return build


def _multipliable(name: str) -> Applies:
    # the CPU kernels have no bool or complex32 case (every call would test only the
    # refusal)
    return lambda t: _product_other(name, t) is not None and t.dtype is not dtypes.bool_ \
        and t.dtype is not dtypes.complex32


# -- scatters and copies -------------------------------------------------------------------------
def _view_shape(t: Tensor, op: Op) -> tuple[int, ...] | None:
    try:
        return tuple(getattr(t, op.name)(*op.args, **dict(op.kwargs)).shape)
    except Exception:  # noqa: BLE001 - invalid view arguments: the scatter must refuse them
        return None


_SCATTERED_VIEW = {"select_scatter": "select", "diagonal_scatter": "diagonal",
                   "as_strided_scatter": "as_strided"}


def _scatter(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        if name == "slice_scatter":
            d = _dim(ch, t.ndim, ctx)
            n = _size_of(t, d)
            start, end = ch.choice((None, 0, 1)), ch.choice((None, n, 1, -1))
            step = ch.choice((1, 2))
            args: tuple[Any, ...] = (d, start, end, step)
            shape = tuple(t[_slice_index(t, d, start, end, step)].shape) \
                if _valid_dim(t, d) else None
        else:
            view = VIEWS_AND_WRITES[_SCATTERED_VIEW[name]].build(t, ch, ctx)
            args, shape = view.args, _view_shape(t, view)
        src = _operand_of_shape(t, ch, ctx, shape if shape is not None else tuple(t.shape))
        return Op(name, (src, *args), kind=_kind(ch))
    return build


def _slice_index(t: Tensor, d: int, start: Any, end: Any, step: int) -> tuple[Any, ...]:
    return (slice(None),) * (d % t.ndim) + (slice(start, end, step),)


# the view each *_copy op copies, and the builder of its arguments
_COPIED_VIEW = {"view_copy": "view", "as_strided_copy": "as_strided",
                "transpose_copy": "transpose", "permute_copy": "permute",
                "expand_copy": "expand", "unsqueeze_copy": "unsqueeze",
                "squeeze_copy": "squeeze", "diagonal_copy": "diagonal",
                "select_copy": "select", "slice_copy": "narrow", "narrow_copy": "narrow"}


def _view_copy(name: str) -> Builder:
    view = _COPIED_VIEW[name]

    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        if name == "slice_copy":
            d = _dim(ch, t.ndim, ctx)
            args: tuple[Any, ...] = (d, ch.choice((None, 0, 1)), ch.choice((None, 1, 2, -1)),
                                     ch.choice((1, 2)))
            return Op(name, args, kind="function")
        op = VIEWS_AND_WRITES[view].build(t, ch, ctx)
        args = op.args
        if name in ("view_copy", "expand_copy", "permute_copy") and args and \
                not isinstance(args[0], tuple):
            args = (args,)  # the functions take the shape as one list
        # narrow_copy alone is a Tensor method too
        return Op(name, args, op.kwargs, kind=_kind(ch) if name == "narrow_copy" else "function")
    return build


# -- tensor indexing ---------------------------------------------------------------------------
def _indices(t: Tensor, ch: Chooser, ctx: Context, n: int, shape: tuple[int, ...]) -> Literal:
    """A literal of int64 indices into a dim of size n (out of range ones with ctx.invalid)."""
    def one() -> int:
        if ctx.invalid and ch.chance(0.2):
            return ch.choice((n, -n - 1))
        return ch.integer(-n, n - 1) if n else 0

    def nested(shape: tuple[int, ...]) -> Any:
        return one() if not shape else tuple(nested(shape[1:]) for _ in range(shape[0]))
    return _literal(nested(shape), "int64", t)


def _mask(t: Tensor, ch: Chooser, ctx: Context) -> Any:
    """A bool mask that broadcasts to t: a live one, or a literal of t's shape."""
    live = [n for n in _pointwise_refs(t, ctx) if ctx.live[n].dtype is dtypes.bool_ and
            _fully_defined(ctx.live[n])]
    if live and (ch.chance(0.5) or not _expressible(tuple(t.shape))):
        return Ref(ch.choice(live))
    return _literal(_values_of(dtypes.bool_, ch, tuple(t.shape)), "bool", t)


def _gather(name: str) -> Builder:
    def build(t: Tensor, ch: Chooser, ctx: Context) -> Op:
        base = name.rstrip("_")
        if base in ("nonzero", "argwhere"):
            return Op(name, kind=_kind(ch))
        if base == "masked_select":
            return Op(name, (_mask(t, ch, ctx),), kind=_kind(ch))
        if base == "take":
            n = t.numel()
            shape = tuple(ch.choice((2, 1, 3)) for _ in range(ch.integer(0, 2))) if n else (0,)
            return Op(name, (_indices(t, ch, ctx, n, shape),), kind=_kind(ch))
        d = _dim(ch, t.ndim, ctx)
        n = _size_of(t, d)
        if base == "gather":
            # the index may be smaller than the input in every dim but the gathered one
            along = d % t.ndim if t.ndim else 0
            shape = tuple((ch.choice((1, 2, 3)) if n else 0) if i == along else
                          ch.integer(min(1, m), m) for i, m in enumerate(t.shape))
            return Op(name, (d, _indices(t, ch, ctx, n, shape)), kind=_kind(ch))
        count = ch.choice((1, 2, 3)) if n else 0
        index = _indices(t, ch, ctx, n, (count,) if count or t.ndim else ())
        if base == "index_select":
            return Op(name, (d, index), kind=_kind(ch))
        if base == "index_fill":
            return Op(name, (d, index, _scalar_for(t, ch)))
        # index_put: one index tensor per leading dim, a 0-d value of t's dtype
        lead = ch.integer(1, max(min(t.ndim, 2), 1))
        length = ch.choice((1, 2))
        indices = tuple(_indices(t, ch, ctx, _size_of(t, i), (length,) if _size_of(t, i)
                                 else (0,)) for i in range(lead))
        value = _literal(_values_of(t.dtype, ch, ()), t.dtype.name, t)
        kwargs = (("accumulate", True),) if ch.chance(0.3) and t.dtype is not dtypes.bool_ \
            else ()
        return Op(name, (indices, value), kwargs)
    return build


def _gathering(name: str) -> Arguments:
    """An indexing op's arguments: one whose output's shape depends on values (nonzero) is
    drawn only for tensors whose values were all written, as garbage makes it unknowable."""
    if BY_KEY[name].data_dependent_shape:
        return A(_gather(name), _fully_defined, reads_values=True)
    return A(_gather(name))


def _writable(applies: Applies) -> Applies:
    return lambda t: applies(t) and _not_internally_overlapping(t)


ALLOCATING: dict[str, Arguments] = {
    **{name: A(_like(name)) for name in ("empty_like", "zeros_like", "ones_like", "full_like")},
    **{name: A(_new(name)) for name in ("new_empty", "new_zeros", "new_ones", "new_full",
                                         "new_tensor")},
    **{key: A(_reduction(key)) for key in ("sum", "prod", "all", "any", "count_nonzero")},
    "mean": A(_reduction("mean"), _mean_applies),
    **{key: A(_reduction(key), _ordered) for key in (
        "amax", "amin", "argmax", "argmin", "max", "min")},
    **{key: A(_reduction(key), _ordered) for key in ("max.dim", "min.dim")},
    **{name: A(_join(name)) for name in ("cat", "concat", "concatenate", "stack", "hstack",
                                          "vstack", "row_stack", "dstack", "column_stack")},
    **{name: A(_product(name), _multipliable(name)) for name in (
        "mm", "bmm", "mv", "dot", "vdot", "matmul", "__matmul__")},
    "slice_scatter": A(_scatter("slice_scatter"), _rank(1)),
    "select_scatter": A(_scatter("select_scatter"), _rank(1)),
    "diagonal_scatter": A(_scatter("diagonal_scatter"), _rank(2)),
    "as_strided_scatter": A(_scatter("as_strided_scatter")),
    **{name: A(_view_copy(name), VIEWS_AND_WRITES[view].applies if name != "slice_copy"
               else _rank(1)) for name, view in _COPIED_VIEW.items()},
    **{name: _gathering(name) for name in ("index_select", "gather", "take",
                                           "masked_select", "nonzero", "argwhere")},
    "index_fill": A(_gather("index_fill"), _rank(0)),
    "index_fill_": A(_gather("index_fill_"), _writable(_rank(0))),
    "index_put": A(_gather("index_put"), _rank(1)),
    "index_put_": A(_gather("index_put_"), _writable(_rank(1))),
}
