"""sort, argsort and msort along a dim; topk and kthvalue, which select along one.

sort (aten/src/ATen/native/Sorting.cpp, TORCH_META_FUNC2(sort, stable)) gives its values and
indices the input's strides where the input is non-overlapping and dense, else dense strides
ordered like the input's (infer_dense_strides); the kernel copies the input into the values
and sorts each slice there, so an out= that is the input itself sorts it in place, and one
that overlaps it partly is refused by that copy. NaN sorts above everything. Without
`stable=True` the CPU kernel may reorder equal elements (measured: 200 elements of three
values come back unstable), so the indices of equal elements are not determined; their values
are, but for the sign of equal zeros. argsort is sort's indices, msort sort's values along
dim 0.

topk (TORCH_META_FUNC(topk)) asks for contiguous outputs of the input's shape with `k` along
the dim, checks k before the CPU kernel's refusals of bool and complex inputs; unsorted
results come in an order the kernel picks. kthvalue (kthvalue_out_impl_cpu) checks the
reduced dim's size, then k, and writes contiguous results of the reduced shape; its
quick-select puts NaN above everything too, and the index of a repeated value is the one
quick-select happens to leave at the k-th place.

Tuple out= (reference/tuple_out.py). sort's and topk's outs are checked and resized as
structured kernels' are (their dtypes first, values before indices; a right-shaped out keeps
its strides); topk's kernel reads the input apart from its outs, which may overlap it. kthvalue
refuses a values out over the input (assert_no_overlap), then
_reduction_with_indices_allocate_or_resize_output unsqueezes each out with one dim fewer at
the dim, resizes it to the keepdim shape and squeezes it back after the kernel; a kernel
refusal leaves it unsqueezed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, signatures, tuple_out, views, writes
from .dtypes import dtype as DType
from .geometry import (
    contiguous_strides,
    infer_dense_strides,
    is_dense,
    overlaps_internally,
)
from .iterator import Layout
from .overlap import assert_no_overlap, assert_no_partial_overlap, shares_bytes
from .pointwise import check_out_dtype, resize_out
from .reduction_values import Result
from .reductions import _ValuesIndices, named_pairs, store
from .views import wrap_dim

if TYPE_CHECKING:
    from .tensor import Tensor

# torch.return_types' named pairs, as torch names them
_PAIRS = named_pairs("sort", "topk", "kthvalue", "sort_out", "topk_out", "kthvalue_out")


# -- the order of a slice ---------------------------------------------------------------------

def _ranks(x: np.ndarray) -> np.ndarray:
    """Return each element's rank among the distinct values, NaN above all, equal ranks for
    equal elements (-0.0 and 0.0 among them)."""
    if x.size == 0:
        return np.zeros(x.shape, np.int64)
    _, inverse = np.unique(x, return_inverse=True, equal_nan=True)
    return inverse.reshape(x.shape)


def _order(x: np.ndarray, axis: int, descending: bool) -> tuple[np.ndarray, np.ndarray]:
    """Return the stable sort order of x along axis, and which elements tie with another."""
    ranks = _ranks(x)
    key = -ranks if descending else ranks
    order = np.argsort(key, axis=axis, kind="stable")
    sorted_ranks = np.take_along_axis(ranks, order, axis)
    n = x.shape[axis]
    tied = np.zeros(sorted_ranks.shape, np.bool_)
    if n > 1:
        same = np.diff(np.moveaxis(sorted_ranks, axis, -1), axis=-1) == 0
        both = np.zeros(same.shape[:-1] + (n,), np.bool_)
        both[..., 1:] |= same
        both[..., :-1] |= same
        tied = np.moveaxis(both, -1, axis)
    return order, tied


def _known(t: Tensor) -> tuple[np.ndarray, np.ndarray]:
    return t._values(), t._defined()


def _approximate(tolerance: float) -> bool:
    """Whether the input's values are known only up to a tolerance: sorted values stay within
    it (an order statistic moves no more than its inputs do), but which element comes first
    among near ties does not, so the indices are not determined."""
    return tolerance > 0


def _row_undefined(defined: np.ndarray, axis: int, shape: tuple[int, ...]) -> np.ndarray:
    """Each output element of a slice holding an undetermined input is undetermined."""
    return np.broadcast_to(~defined.all(axis, keepdims=True), shape)


# -- sort, argsort, msort --------------------------------------------------------------------

def _sort_strides(t: Tensor) -> tuple[int, ...]:
    g = t._geom
    if is_dense(g):  # Tensor.is_non_overlapping_and_dense(), contiguity flags included
        return g.strides
    return infer_dense_strides(g.shape, g.strides)


def _check_sort_dtype(t: Tensor) -> None:
    if t.dtype.is_complex:
        raise errors.fail("sort_complex")


def _sort_out(out: Tensor, input: Tensor, dt: DType,  # noqa: A002 - torch's name
              layout: Layout) -> Tensor:
    """Check and resize an out= of sort (structured kernels' resize_out)."""
    check_out_dtype(out, dt)
    if out._geom.shape != layout.shape:
        resize_out(out, layout)
    return out


def sort(input: Tensor, dim: int = -1, descending: bool = False,  # noqa: A002 - torch's name
         stable: bool | None = None, values_out: Tensor | None = None,
         indices_out: Tensor | None = None) -> _ValuesIndices:
    """Return torch.sort(input, dim, descending, stable=stable), into the outs given."""
    d = wrap_dim(dim, input.ndim)
    _check_sort_dtype(input)
    layout = Layout((input._geom.shape, _sort_strides(input)))
    values, indices = (type(input)._fresh(*layout, dt, input.device) if o is None else
                       _sort_out(o, input, dt, layout)
                       for o, dt in ((values_out, input.dtype), (indices_out, dtypes.int64)))
    clobbered = False
    # values and indices sharing bytes write over each other's results (measured: no check)
    entangled = values_out is not None and indices_out is not None and \
        tuple_out.entangled((values, indices))
    if values_out is not None and values is not input:
        # the kernel's values.copy_(self), which returns at once when out is self (is_same)
        writes.check_writable(values)
        assert_no_partial_overlap(values, input)
        clobbered = shares_bytes(values, input) and values._geom != input._geom
    elif values_out is not None:
        clobbered = overlaps_internally(values._geom)  # sorted in place over shared elements
    if input.ndim and input._geom.strides[d] != 0:
        # SortingKernel.cpp sort_kernel: an input of stride 0 along dim is sorted already;
        # else a TensorIterator over values and indices refuses outputs whose elements share
        # memory (values is the input itself, expanded, when out= is the input)
        for written in (values, indices):
            writes.check_writable(written)
    if not input.is_meta and input.numel():
        x, defined = _known(input)
        if not input.ndim:
            store(values, Result(x), clobbered or entangled)
            store(indices, Result(np.zeros((), np.int64)), entangled)
        else:
            order, tied = _order(x, d, descending)
            lost = _row_undefined(defined, d, x.shape)
            sorted_x = np.take_along_axis(x, order, d)
            # equal zeros of either sign may come back in either order
            zeros = tied & (sorted_x == 0) if x.dtype.kind == "f" else np.zeros_like(tied)
            unstable = np.zeros_like(tied) if stable else tied
            tol = input._tolerance()
            store(values, Result(sorted_x, lost | zeros, tol), clobbered or entangled)
            store(indices, Result(order.astype(np.int64), lost | unstable | _approximate(tol)),
                  entangled or (indices_out is not None and overlaps_internally(indices._geom)))
    for o in (values_out, indices_out):
        if o is not None:
            o._bump()
    pair = values_out is not None and indices_out is not None
    return _PAIRS["sort_out" if pair else "sort"](values, indices)


# -- topk, kthvalue --------------------------------------------------------------------------

def topk(input: Tensor, k: int, dim: int = -1, largest: bool = True,  # noqa: A002
         sorted: bool = True, out: tuple[Tensor, ...] | None = None  # noqa: A002
         ) -> _ValuesIndices:
    """Return torch.topk(input, k, dim, largest, sorted), into the outs given."""
    d = wrap_dim(dim, input.ndim)
    size = input._geom.shape[d] if input.ndim else 1
    if not 0 <= k <= size:
        raise errors.fail("topk_k")
    if input.dtype.is_complex or input.dtype is dtypes.bool_:  # before any out is resized
        raise errors.fail("topk_dtype", space=" " if input.dtype.is_complex else "",
                          kind="complex" if input.dtype.is_complex else "bool")
    shape = tuple(k if i == d else n for i, n in enumerate(input._geom.shape))
    if out is None:
        values, indices = _fresh_pair(input, shape)
    else:  # the meta function's set_output_raw_strided: contiguous where resized
        layout = Layout((shape, contiguous_strides(shape)))
        values, indices = (tuple_out.prepare(o, dt, layout)
                           for o, dt in zip(out, (input.dtype, dtypes.int64)))
    # the kernel's TensorIterator refuses outs whose elements share memory, but reads the
    # input apart from it: an out over the input's bytes reads back what it writes
    clobbered = out is not None and (tuple_out.entangled(out) or any(
        shares_bytes(o, input) for o in out))
    if out is not None:
        for written in out:
            writes.check_writable(written)
    if clobbered:
        _garbage(values, indices)
    elif not input.is_meta and values.numel() and not _lone(input, values, indices):
        x, defined = _known(input)
        order, _ = _order(x, d, largest)
        taken = np.take(order, np.arange(k), axis=d)
        picked, ties, zeros = _selected(x, d, taken)
        # unsorted results come in the kernel's own order
        loose = np.full(shape, not sorted and k > 1)
        lost = _row_undefined(defined, d, shape) | loose
        tol = input._tolerance()
        store(values, Result(picked, lost | zeros, tol), clobbered)
        store(indices, Result(taken.astype(np.int64), lost | ties | _approximate(tol)),
              clobbered)
    tuple_out.bump(out)
    return _PAIRS["topk" if out is None else "topk_out"](values, indices)


def _fresh_pair(input: Tensor, shape: tuple[int, ...]  # noqa: A002 - torch's name
                ) -> tuple[Tensor, Tensor]:
    """Contiguous values of the input's dtype and int64 indices of `shape`."""
    return tuple(type(input)._fresh(shape, contiguous_strides(shape), dt, input.device)
                 for dt in (input.dtype, dtypes.int64))  # type: ignore[return-value]


def _garbage(*outs: Tensor) -> None:
    """Mark outs written from bytes they were written over as undetermined."""
    for o in outs:
        store(o, Result(np.zeros(o.shape, o.dtype.storage_np)), True)


def _lone(input: Tensor, values: Tensor, indices: Tensor) -> bool:  # noqa: A002
    """Store a 0-d input's one element and index 0 (the kernels copy it); say if it was."""
    if input.ndim:
        return False
    store(values, Result(input._values()), False)
    store(indices, Result(np.zeros((), np.int64)), False)
    return True


def _selected(x: np.ndarray, axis: int, taken: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Return the elements at `taken` along axis, which of them equal another of their slice
    (either index may be reported for those) and which are equal zeros (of either sign)."""
    picked = np.take_along_axis(x, taken, axis)
    ties = np.take_along_axis(_tied_anywhere(x, axis), taken, axis)
    zeros = ties & (picked == 0) if x.dtype.kind == "f" else np.zeros_like(ties)
    return picked, ties, zeros


def _tied_anywhere(x: np.ndarray, axis: int) -> np.ndarray:
    """Return which elements equal another of their slice."""
    ranks = np.moveaxis(_ranks(x), axis, -1)
    flat = ranks.reshape(-1, ranks.shape[-1])
    counts = np.array([np.bincount(r)[r] for r in flat]).reshape(ranks.shape)
    return np.moveaxis(counts > 1, -1, axis)


def _kth_outs(input: Tensor, out: tuple[Tensor, ...], d: int,  # noqa: A002 - torch's name
              keepdim: bool) -> tuple[Tensor, Tensor]:
    """Check and resize kthvalue's outs to the keepdim shape, unsqueezing each at the dim
    first when keepdim is off and it has one dim fewer than the input (ReduceOpsUtils.h
    _reduction_with_indices_allocate_or_resize_output)."""
    kept = tuple(1 if i == d else n for i, n in enumerate(input._geom.shape))
    for o, which in zip(out, ("values", "indices")):
        if which == "values" and o.dtype is not input.dtype:
            raise errors.fail("kthvalue_values_type")
        if which == "indices" and o.dtype is not dtypes.int64:
            raise errors.fail("kthvalue_indices_type")
        if not keepdim and o.ndim == input.ndim - 1:
            o._geom = views.unsqueeze(o._geom, d)
        if o._geom.shape != kept:
            resize_out(o, Layout((kept, contiguous_strides(kept))))
    return out[0], out[1]


def _kth_squeeze(out: tuple[Tensor, ...] | None, d: int, keepdim: bool) -> None:
    """Squeeze each out at the dim, one after the other, as kthvalue's end does (squeeze_)."""
    if out is None or keepdim:
        return
    for o in out:
        if o.ndim:
            wrap_dim(d, o.ndim)  # squeeze_ of a dim out of range (outs that are one tensor)
        o._geom = views.squeeze(o._geom, d)


def kthvalue(input: Tensor, k: int, dim: int = -1,  # noqa: A002 - torch's name
             keepdim: bool = False, out: tuple[Tensor, ...] | None = None) -> _ValuesIndices:
    """Return torch.kthvalue(input, k, dim, keepdim), into the outs given."""
    d = wrap_dim(dim, input.ndim)
    size = input._geom.shape[d] if input.ndim else 1
    if input.numel() == 0 and size == 0:
        raise errors.fail("reduction_empty_dim", op="kthvalue()", dim=d)
    if not 1 <= k <= size:
        raise errors.fail("kthvalue_k", dim=d)
    if out is not None:
        assert_no_overlap(out[0], input)
        return _kthvalue_out(input, k, d, keepdim, _kth_outs(input, out, d, keepdim))
    if not input.ndim:  # a lone element is copied before the kernel's dtype dispatch
        shape: tuple[int, ...] = ()
    else:
        if input.dtype.is_complex or input.dtype is dtypes.bool_:
            raise errors.fail("kernel_dtype", kernel="kthvalue_cpu",
                              type=input.dtype.scalar_name)
        shape = tuple(1 if i == d else n for i, n in enumerate(input._geom.shape)
                      if keepdim or i != d)
    values, indices = _fresh_pair(input, shape)
    if not input.is_meta and values.numel() and not _lone(input, values, indices):
        x, defined = _known(input)
        order, _ = _order(x, d, False)
        at = np.take(order, [k - 1], axis=d)
        picked, ties, zeros = _selected(x, d, at)
        lost = ~defined.all(d, keepdims=True)
        tol = input._tolerance()
        store(values, Result(picked.reshape(shape), (lost | zeros).reshape(shape), tol), False)
        store(indices, Result(at.astype(np.int64).reshape(shape),
                              (lost | ties | _approximate(tol)).reshape(shape)),
              False)
    return _PAIRS["kthvalue"](values, indices)


def _kthvalue_out(input: Tensor, k: int, d: int, keepdim: bool,  # noqa: A002 - torch's name
                  out: tuple[Tensor, Tensor]) -> _ValuesIndices:
    """kthvalue into outs resized to the keepdim shape; a refusal of the kernel leaves them
    unsqueezed (measured)."""
    values, indices = out
    if input.ndim:
        if input.dtype.is_complex or input.dtype is dtypes.bool_:
            raise errors.fail("kernel_dtype", kernel="kthvalue_cpu",
                              type=input.dtype.scalar_name)
        for written in out:  # the kernel's TensorIterator over values and indices
            writes.check_writable(written)
    # indices over the input's bytes: the input itself may have been resized by then
    clobbered = tuple_out.entangled(out) or shares_bytes(indices, input)
    if clobbered and input.ndim:
        _garbage(values, indices)
    elif not input.is_meta and values.numel() and not _lone(input, values, indices):
        x, defined = _known(input)
        at = np.take(_order(x, d, False)[0], [k - 1], axis=d)
        picked, ties, zeros = _selected(x, d, at)
        lost = ~defined.all(d, keepdims=True)
        tol = input._tolerance()
        store(values, Result(picked, lost | zeros, tol), clobbered)
        store(indices, Result(at.astype(np.int64), lost | ties | _approximate(tol)), clobbered)
    _kth_squeeze(out, d, keepdim)
    tuple_out.bump(out)
    return _PAIRS["kthvalue_out"](values, indices)


# -- torch's and Tensor's spellings ------------------------------------------------------------

def _signatures(*texts: str) -> tuple[signatures.Signature, ...]:
    return tuple(signatures.signature(text) for text in texts)


# the Python binding's overloads (native_functions.yaml sort, sort.stable, argsort,
# argsort.stable, msort, topk, kthvalue, their tuple-out forms; the Dimname forms are not
# modelled)
_FUNCTIONS = {
    "sort": _signatures("sort(Tensor input, *, bool? stable, int dim=-1, bool descending=False, "
                        "TensorList? out=None)",
                        "sort(Tensor input, int dim=-1, bool descending=False, *, "
                        "TensorList? out=None)"),
    "argsort": _signatures("argsort(Tensor input, int dim=-1, bool descending=False)",
                           "argsort(Tensor input, *, bool stable, int dim=-1, "
                           "bool descending=False, Tensor? out=None)"),
    "msort": _signatures("msort(Tensor input, *, Tensor? out=None)"),
    "topk": _signatures("topk(Tensor input, int k, int dim=-1, bool largest=True, "
                        "bool sorted=True, *, TensorList? out=None)"),
    "kthvalue": _signatures("kthvalue(Tensor input, int k, int dim=-1, bool keepdim=False, *, "
                            "TensorList? out=None)"),
}
_METHODS = {name: tuple(signatures.Signature(s.name, tuple(
    p for p in s.params if p.name not in ("input", "out"))) for s in sigs)
    for name, sigs in _FUNCTIONS.items()}


def _call(name: str, bound: dict[str, Any]) -> Any:
    t = bound["input"]
    if name == "sort":
        # the out parameter's place in the overload that bound the call (sort.stable's is 4)
        outs = tuple_out.bind(bound.get("out"), 2, 4 if "stable" in bound else 3)
        return sort(t, bound.get("dim", -1), bound.get("descending", False),
                    bound.get("stable"), *(outs or ()))
    if name == "argsort":
        return sort(t, bound.get("dim", -1), bound.get("descending", False),
                    bound.get("stable"), indices_out=bound.get("out")).indices
    if name == "msort":
        return sort(t, 0, values_out=bound.get("out")).values
    if name == "topk":
        return topk(t, bound["k"], bound.get("dim", -1), bound.get("largest", True),
                    bound.get("sorted", True), tuple_out.bind(bound.get("out"), 2, 5))
    return kthvalue(t, bound["k"], bound.get("dim", -1), bound.get("keepdim", False),
                    tuple_out.bind(bound.get("out"), 2, 4))


def _function(name: str) -> Any:
    def call(*args: Any, **kwargs: Any) -> Any:
        return _call(name, signatures.parse(_FUNCTIONS[name], args, kwargs))
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return torch.{name}, as {_FUNCTIONS[name][0].name} binds its arguments."
    return call


def _method(name: str) -> Any:
    def call(self: Tensor, *args: Any, **kwargs: Any) -> Any:
        if name == "msort" and args:  # a method of no arguments (METH_NOARGS)
            raise errors.fail("no_arguments", op=f"TensorBase.{name}", given=len(args))
        if name == "msort" and kwargs:
            raise errors.fail("no_keyword_arguments", op=f"TensorBase.{name}")
        return _call(name, {"input": self, **signatures.parse(_METHODS[name], args, kwargs)})
    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"Return Tensor.{name}."
    return call


class SortingMethods:
    """Tensor's sort, argsort, msort, topk and kthvalue (mixed into Tensor)."""

    __slots__ = ()
    sort = _method("sort")
    argsort = _method("argsort")
    msort = _method("msort")
    topk = _method("topk")
    kthvalue = _method("kthvalue")


FUNCTIONS = {name: _function(name) for name in _FUNCTIONS}
