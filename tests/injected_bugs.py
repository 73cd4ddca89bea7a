"""Wrong torch behaviours injected into this process, to prove the suite catches them.

Each bug replaces one kernel of one dispatch key with `torch.library` (CPU for eager bugs,
Meta for bugs only meta and fake tensors see) or wraps Python-level calls with a
TorchFunctionMode. Wrong results are built with aten.as_strided so view tracking (`_base`,
`_is_view`, the version counter) stays what torch would do.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import torch

aten = torch.ops.aten


@dataclass(frozen=True)
class Bug:
    name: str
    kind: str  # metadata, values, view-vs-copy, error-parity, in-place, meta-only, compiled
    target: str  # the target whose run must catch it
    strategy: str  # view_chains, alias_programs, network_chains or function_programs
    install: Callable[[], contextlib.AbstractContextManager[None]]
    # the catalogue ops the hunt draws from (None: all), for bugs in ops the whole catalogue
    # draws too seldom for ci's examples to reach
    ops: tuple[str, ...] | None = None


@contextlib.contextmanager
def _kernel(op: str, key: str, fn: Callable[..., Any]) -> Iterator[None]:
    lib = torch.library.Library("aten", "IMPL")
    lib.impl(op, fn, key)
    try:
        yield
    finally:
        lib._destroy()


def _restride(t: Any, sizes: list[int], strides: list[int], offset: int) -> Any:
    return aten.as_strided(t, sizes, strides, offset)


# -- metadata --------------------------------------------------------------------------------
def _unsqueeze_last_stride_zero(self: Any, dim: int) -> Any:
    d = dim % (self.dim() + 1)
    sizes, strides = list(self.shape), list(self.stride())
    stride = 0 if d == self.dim() else sizes[d] * strides[d]  # should be 1 at the end
    sizes.insert(d, 1)
    strides.insert(d, stride)
    return _restride(self, sizes, strides, self.storage_offset())


def _slice_floor_size(self: Any, dim: int = 0, start: Any = None, end: Any = None,
                      step: int = 1) -> Any:
    d = dim % self.dim()
    n = self.shape[d]
    lo = 0 if start is None else start
    hi = n if end is None else end
    lo = lo + n if lo < 0 else lo
    hi = hi + n if hi < 0 else hi
    lo = min(max(lo, 0), n)
    hi = min(max(hi, lo), n)
    sizes, strides = list(self.shape), list(self.stride())
    sizes[d] = (hi - lo) // step  # should round up: a stepped slice loses its last element
    offset = self.storage_offset() + lo * strides[d]
    strides[d] *= step
    return _restride(self, sizes, strides, offset)


def _diagonal_empty_offset(self: Any, offset: int = 0, dim1: int = 0, dim2: int = 1) -> Any:
    n = self.dim()
    d1, d2 = dim1 % n, dim2 % n
    s1, s2 = self.shape[d1], self.shape[d2]
    size = max(min(s1, s2 - offset), 0) if offset >= 0 else max(min(s1 + offset, s2), 0)
    start = self.storage_offset()
    # applies the offset even to an empty diagonal
    start += offset * self.stride(d2) if offset >= 0 else -offset * self.stride(d1)
    keep = [d for d in range(n) if d not in (d1, d2)]
    return _restride(self, [self.shape[d] for d in keep] + [size],
                     [self.stride(d) for d in keep] + [self.stride(d1) + self.stride(d2)], start)


def _expand_leading_stride(self: Any, size: list[int], implicit: bool = False) -> Any:
    lead = len(size) - self.dim()
    sizes = [self.shape[i - lead] if i >= lead and size[i] == -1 else size[i]
             for i in range(len(size))]
    strides = []
    for i, n in enumerate(sizes):
        if i < lead:
            strides.append(1)  # new leading dims should get stride 0
        else:
            strides.append(0 if self.shape[i - lead] != n else self.stride(i - lead))
    return _restride(self, sizes, strides, self.storage_offset())


def _transpose_empty(self: Any, dim0: int, dim1: int) -> Any:
    n = max(self.dim(), 1)
    d0, d1 = dim0 % n, dim1 % n
    sizes, strides = list(self.shape), list(self.stride())
    if self.dim():
        sizes[d0], sizes[d1] = sizes[d1], sizes[d0]
        if self.numel():  # forgets to swap the strides of empty tensors
            strides[d0], strides[d1] = strides[d1], strides[d0]
    return _restride(self, sizes, strides, self.storage_offset())


# -- values and in-place propagation -----------------------------------------------------------
def _select_negative_index(self: Any, dim: int, index: int) -> Any:
    d = dim % self.dim()
    if index < 0:
        index += self.shape[d] + (1 if self.shape[d] > 1 else 0)  # off by one
        index %= self.shape[d]
    sizes, strides = list(self.shape), list(self.stride())
    offset = self.storage_offset() + index * strides[d]
    del sizes[d], strides[d]
    return _restride(self, sizes, strides, offset)


class _PythonBug(torch.overrides.TorchFunctionMode):
    """Rewrite Python-level calls: `wrap(func, args, kwargs)` returns the result.

    While its handler runs the mode is off, so the handler calls torch directly.
    """

    def __init__(self, wrap: Callable[..., Any]) -> None:
        super().__init__()
        self.wrap = wrap

    def __torch_function__(self, func: Any, types: Any, args: Any = (), kwargs: Any = None
                           ) -> Any:
        return self.wrap(func, args, kwargs or {})


def _mode(wrap: Callable[..., Any]) -> Callable[[], contextlib.AbstractContextManager[None]]:
    return lambda: _PythonBug(wrap)  # type: ignore[return-value]


def _name(func: Any) -> str:
    return getattr(func, "__name__", "")


# in-place pointwise ops, as methods and as augmented assignments (written out: repro
# scripts import this module where stridecheck cannot be imported)
_INPLACE_POINTWISE = frozenset({
    '__iadd__', '__iand__', '__ifloordiv__', '__imod__', '__imul__', '__ior__',
    '__ipow__', '__isub__', '__itruediv__', '__ixor__', 'abs_', 'add_', 'addcdiv_',
    'addcmul_', 'atan2_', 'bitwise_and_', 'bitwise_not_', 'bitwise_or_', 'bitwise_xor_',
    'ceil_', 'clamp_', 'clip_', 'conj_physical_', 'copysign_', 'cos_', 'div_', 'eq_',
    'exp_', 'floor_', 'floor_divide_', 'fmod_', 'ge_', 'gt_', 'heaviside_', 'hypot_',
    'ldexp_', 'le_', 'lerp_', 'log_', 'logical_and_', 'logical_not_', 'logical_or_',
    'logical_xor_', 'lt_', 'masked_fill_', 'mul_', 'ne_', 'neg_', 'pow_', 'reciprocal_',
    'remainder_', 'round_', 'sgn_', 'sigmoid_', 'sign_', 'sin_', 'sqrt_', 'sub_',
    'tanh_', 'true_divide_', 'trunc_', 'xlogy_'})


def _add_into_copy(func: Any, args: Any, kwargs: Any) -> Any:
    # add_ (and every other in-place pointwise op) on a non-contiguous tensor computes into
    # a copy that never reaches the base
    name = _name(func)
    if name in _INPLACE_POINTWISE and not args[0].is_contiguous():
        return getattr(args[0].clone(), name)(*args[1:], **kwargs)
    return func(*args, **kwargs)


def _fill_first_only(func: Any, args: Any, kwargs: Any) -> Any:
    # fill_ on a non-contiguous tensor writes only its first element
    if _name(func) == "fill_" and not args[0].is_contiguous() and args[0].numel() > 1:
        args[0].view(-1)[:1] if False else args[0].flatten()[0:1]
        first = args[0][(0,) * args[0].dim()]
        first.fill_(*args[1:])
        return args[0]
    return func(*args, **kwargs)


def _reshape_always_copies(func: Any, args: Any, kwargs: Any) -> Any:
    if _name(func) == "reshape" and args and isinstance(args[0], torch.Tensor):
        return func(args[0].clone(memory_format=torch.contiguous_format), *args[1:],
                    **kwargs)
    return func(*args, **kwargs)


def _contiguous_always_copies(func: Any, args: Any, kwargs: Any) -> Any:
    if _name(func) == "contiguous":
        return args[0].clone(memory_format=torch.contiguous_format)
    return func(*args, **kwargs)


def _view_falls_back_to_reshape(func: Any, args: Any, kwargs: Any) -> Any:
    # view silently copies instead of raising when no view exists
    if _name(func) == "view" and args and not any(
            isinstance(a, torch.dtype) for a in args[1:]):
        try:
            return func(*args, **kwargs)
        except RuntimeError as exc:
            if "view size is not compatible" in str(exc):
                return args[0].reshape(*args[1:])
            raise
    return func(*args, **kwargs)


def _squeeze_rejects_big_dims(func: Any, args: Any, kwargs: Any) -> Any:
    # squeeze(dim) raises for a dim that is not size 1, instead of returning a plain view
    if _name(func) == "squeeze" and len(args) == 2 and isinstance(args[1], int):
        t, dim = args
        if t.dim() and -t.dim() <= dim < t.dim() and t.shape[dim] != 1:
            raise RuntimeError(f"squeeze: dimension {dim} has size {t.shape[dim]}, not 1")
    return func(*args, **kwargs)


def _t_accepts_3d(func: Any, args: Any, kwargs: Any) -> Any:
    if _name(func) == "t" and args and args[0].dim() > 2:
        return args[0].transpose(0, 1)
    return func(*args, **kwargs)


def _unsqueeze_untracked(func: Any, args: Any, kwargs: Any) -> Any:
    # the result of unsqueeze is not registered as a view (no _base, _is_view() False)
    if _name(func) == "unsqueeze":
        return func(*args, **kwargs).detach()
    return func(*args, **kwargs)


def _chunk_drops_last(func: Any, args: Any, kwargs: Any) -> Any:
    # chunk loses the last, shorter piece
    out = func(*args, **kwargs)
    if _name(func) == "chunk" and len(out) > 1 and out[-1].shape != out[0].shape:
        return out[:-1]
    return out


# -- ops that allocate their outputs ----------------------------------------------------------
_BINARY = frozenset({"add", "sub", "mul", "div", "true_divide", "floor_divide", "remainder",
                     "fmod", "pow", "maximum", "minimum", "fmax", "fmin", "atan2", "copysign",
                     "hypot", "xlogy", "heaviside", "logaddexp", "ldexp", "eq", "ne", "lt",
                     "le", "gt", "ge", "logical_and", "logical_or", "logical_xor",
                     "bitwise_and", "bitwise_or", "bitwise_xor", "__add__", "__radd__",
                     "__sub__", "__rsub__", "__mul__", "__rmul__", "__truediv__",
                     "__rtruediv__", "__floordiv__", "__rfloordiv__", "__mod__", "__rmod__",
                     "__pow__", "__rpow__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__",
                     "__ge__", "__and__", "__rand__", "__or__", "__ror__", "__xor__",
                     "__rxor__"})


def _binary_ignores_permutation(func: Any, args: Any, kwargs: Any) -> Any:
    # a binary op lays its output out contiguously whatever the order of its operands' dims,
    # instead of following them as TensorIterator does (x.t() + 1 is transposed)
    out = func(*args, **kwargs)
    if _name(func) in _WRAPPED_SCALAR_OPS and "out" not in kwargs \
            and isinstance(out, torch.Tensor) \
            and not out.is_contiguous():
        return out.contiguous()
    return out


# ops taking a Python scalar as a wrapped number: binary ops and the clamps
_WRAPPED_SCALAR_OPS = _BINARY | {"clamp", "clip", "clamp_min", "clamp_max", "where"}


def _wrapped_float_is_double(func: Any, args: Any, kwargs: Any) -> Any:
    # a Python float counts as a float64 tensor, not as a wrapped number: int_tensor * 2.5
    # and float32_tensor * 2.5 come out float64
    out = func(*args, **kwargs)
    if _name(func) in _WRAPPED_SCALAR_OPS and "out" not in kwargs \
            and isinstance(out, torch.Tensor) \
            and out.dtype in (torch.float32, torch.float16, torch.bfloat16) \
            and any(type(a) is float for a in args):
        return out.double()
    return out


def _fresh(t: Any, sizes: list[int], strides: list[int]) -> Any:
    """t restrided over its own storage, still looking freshly allocated.

    For ops that allocate their outputs: as_strided alone would make the result a view of
    the output torch made; detach() leaves no `_base` and keeps the version at 0.
    """
    return _restride(t, sizes, strides, t.storage_offset()).detach()


def _sum_keepdim_stride_zero(func: Any, args: Any, kwargs: Any) -> Any:
    # sum(dim, keepdim=True) gives its kept size-1 dims stride 0, as if the reduced result
    # were expanded back, instead of the contiguous strides a reduction allocates
    out = func(*args, **kwargs)
    keep = kwargs.get("keepdim", len(args) > 2 and args[2])
    if _name(func) == "sum" and keep is True and "out" not in kwargs \
            and isinstance(out, torch.Tensor) and out.dim():
        dim = kwargs.get("dim", args[1] if len(args) > 1 else None)
        dims = range(out.dim()) if dim is None or dim == () else \
            [dim] if isinstance(dim, int) else dim
        strides = list(out.stride())
        for d in dims:
            strides[d % out.dim()] = 0
        return _fresh(out, list(out.shape), strides)
    return out


# the joins whose result is cat's own, laid out by cat's memory-format rule (stack is not:
# its 4-d inputs are joined 5-d)
def _layer_norm_input_strides(func: Any, args: Any, kwargs: Any) -> Any:
    # layer_norm lays its output out as its input lies (transposed, permuted, channels_last)
    # instead of contiguously
    out = func(*args, **kwargs)
    x = args[0] if args else kwargs.get("input")
    if _name(func) == "layer_norm" and isinstance(out, torch.Tensor) and \
            not x.is_contiguous() and torch.ops.aten.is_non_overlapping_and_dense(x):
        return _fresh(out, list(x.shape), list(x.stride()))
    return out


def _topk_indices_column_major(func: Any, args: Any, kwargs: Any) -> Any:
    # topk's indices come out column-major beside its contiguous values: the right indices,
    # laid out unlike the values they index
    out = func(*args, **kwargs)
    if _name(func) == "topk" and isinstance(out, tuple) and out[1].dim() >= 2:
        values, indices = out
        strides, step = [0] * indices.dim(), 1
        for d in range(indices.dim()):
            strides[d] = step
            step *= max(indices.shape[d], 1)
        # the dims reversed and made contiguous hold the elements in column-major order
        reversed_dims = list(range(indices.dim() - 1, -1, -1))
        moved = indices.permute(reversed_dims).contiguous()
        return torch.return_types.topk((values, _fresh(moved, list(indices.shape), strides)))
    return out


def _avg_pool2d_drops_channels_last(func: Any, args: Any, kwargs: Any) -> Any:
    # avg_pool2d of a channels_last batch comes out row-major (same values) instead of
    # keeping the input's memory format (AveragePool2d.cpp: input.suggest_memory_format())
    out = func(*args, **kwargs)
    if _name(func) == "avg_pool2d" and isinstance(out, torch.Tensor) and out.dim() == 4 \
            and "out" not in kwargs and out.is_contiguous(memory_format=torch.channels_last):
        row_major = out.clone(memory_format=torch.contiguous_format)
        if row_major.stride() != out.stride():
            return row_major
    return out


def _irfft_last_dim_short(func: Any, args: Any, kwargs: Any) -> Any:
    # irfft's output is one element short along the dim it transforms (the last by default)
    out = func(*args, **kwargs)
    dim = kwargs.get("dim", args[2] if len(args) > 2 else -1)
    if _name(func) == "fft_irfft" and isinstance(out, torch.Tensor) and "out" not in kwargs \
            and out.dim() and out.shape[dim] > 1:
        return out.narrow(dim, 0, out.shape[dim] - 1).clone()
    return out


def _conv_transpose2d_like_input(func: Any, args: Any, kwargs: Any) -> Any:
    # conv_transpose2d lays its output out in its input's dim order (a transposed or permuted
    # batch gives a transposed or permuted result) instead of contiguously or channels_last
    out = func(*args, **kwargs)
    x = args[0] if args else kwargs.get("input")
    if _name(func) == "conv_transpose2d" and isinstance(out, torch.Tensor) and out.dim() == 4 \
            and x.dim() == 4 and not x.is_contiguous() \
            and not x.is_contiguous(memory_format=torch.channels_last):
        order = sorted(range(4), key=lambda d: -x.stride(d))
        moved = out.permute(order).contiguous()
        strides = [0] * 4
        for i, d in enumerate(order):
            strides[d] = moved.stride(i)
        return _fresh(moved, list(out.shape), strides)
    return out


def _qr_r_row_major(func: Any, args: Any, kwargs: Any) -> Any:
    # linalg.qr's R comes out row-major instead of LAPACK's column-major (same values)
    out = func(*args, **kwargs)
    if _name(func) == "linalg_qr" and isinstance(out, tuple) and out[1].dim() >= 2 \
            and out[1].shape[-1] > 1 and out[1].shape[-2] > 1:
        q, r = out
        return torch.return_types.linalg_qr((q, r.contiguous()))
    return out


_CAT_JOINS = frozenset({"cat", "concat", "concatenate", "hstack", "vstack", "row_stack",
                        "dstack", "column_stack"})


def _cat_drops_channels_last(func: Any, args: Any, kwargs: Any) -> Any:
    # cat of inputs that are all channels_last comes out contiguous, instead of keeping
    # their memory format (TensorShape.cpp cat_compute_output_memory_format)
    out = func(*args, **kwargs)
    if _name(func) in _CAT_JOINS and "out" not in kwargs and isinstance(out, torch.Tensor) \
            and out.dim() == 4 and out.is_contiguous(memory_format=torch.channels_last):
        return out.clone(memory_format=torch.contiguous_format)
    return out


def _index_swaps_dims(func: Any, args: Any, kwargs: Any) -> Any:
    # advanced indexing (and index_select) lays its result out with dims 0 and 1 trading
    # places: the right shape and values, the strides of a transposed copy
    out = func(*args, **kwargs)
    if _name(func) in ("__getitem__", "index_select") and "out" not in kwargs \
            and isinstance(out, torch.Tensor) and not out._is_view() and out.dim() >= 2:
        swapped = out.transpose(0, 1).clone(memory_format=torch.contiguous_format)
        return swapped.transpose(0, 1).detach()
    return out


def _is_contiguous_strict_size1(func: Any, args: Any, kwargs: Any) -> Any:
    # plain is_contiguous() (no memory_format) wants row-major strides on size-1 dims too,
    # where they cannot matter; is_contiguous(memory_format=...) stays right
    if _name(func) == "is_contiguous" and len(args) == 1 and not kwargs:
        t = args[0]
        if 1 in t.shape and 0 not in t.shape:
            expected = 1
            for size, stride in zip(reversed(t.shape), reversed(t.stride())):
                if stride != expected:
                    return False
                expected *= size
            return True
    return func(*args, **kwargs)


# -- meta and fake only ------------------------------------------------------------------------
def _meta_permute_reversed(self: Any, dims: list[int]) -> Any:
    dims = [d % max(self.dim(), 1) for d in dims]
    return _restride(self, [self.shape[d] for d in dims],
                     [self.stride(d) for d in dims][::-1], self.storage_offset())


def _meta_select_no_offset(self: Any, dim: int, index: int) -> Any:
    d = dim % self.dim()
    sizes, strides = list(self.shape), list(self.stride())
    del sizes[d], strides[d]
    return _restride(self, sizes, strides, self.storage_offset())  # forgets index * stride


# -- compiled-only: a backend wrapping aot_eager -------------------------------------------
@contextlib.contextmanager
def _backend(name: str, wrap: Callable[[Any], Any]) -> Iterator[None]:
    """Register `wrap(original)` under the backend `name` while the bug is installed."""
    from torch._dynamo.backends.registry import _COMPILER_FNS, lookup_backend
    original = lookup_backend(name)
    _COMPILER_FNS[name] = wrap(original)
    try:
        yield
    finally:
        _COMPILER_FNS[name] = original


def _outputs_like(outs: Any, items: list[Any]) -> Any:
    return type(outs)(items) if isinstance(outs, (list, tuple)) else items


def _one_object_for_equal_outputs(original: Any) -> Any:
    """Outputs with one storage, geometry and dtype come back as one object (as though
    detach() and no-op views were folded away)."""
    def backend(gm: Any, example_inputs: Any) -> Any:
        compiled = original(gm, example_inputs)

        def run(*args: Any) -> Any:
            outs = list(compiled(*args))
            for j, b in enumerate(outs):
                for a in outs[:j]:
                    if isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor) and \
                            a is not b and a.data_ptr() == b.data_ptr() and \
                            a.dtype == b.dtype and a.shape == b.shape and \
                            a.stride() == b.stride():
                        outs[j] = a
                        break
            return outs
        return run
    return backend


# the view ops a mutation may reach an input through, as dynamo's graph names them
_VIEWS = {"view", "t", "transpose", "permute", "select", "narrow", "unsqueeze", "squeeze",
          "expand", "diagonal", "unfold", "as_strided", "view_as", "getitem", "mT", "T",
          "movedim", "swapaxes", "swapdims", "reshape", "flatten", "unflatten", "split",
          "chunk", "unbind", "real", "imag", "conj", "expand_as", "reshape_as", "moveaxis"}


def _target_name(node: Any) -> str:
    return node.target if isinstance(node.target, str) else getattr(node.target, "__name__", "")


def _mutates_input_through_view(gm: Any) -> bool:
    for node in gm.graph.nodes:
        name = _target_name(node)
        if node.op not in ("call_method", "call_function") or not node.args or not (
                name.endswith("_") and not name.startswith("_") or name == "setitem"):
            continue
        src, steps = node.args[0], 0
        while getattr(src, "op", None) in ("call_method", "call_function") and \
                _target_name(src) in _VIEWS and src.args:
            src, steps = src.args[0], steps + 1
        if steps and getattr(src, "op", None) == "placeholder":
            return True
    return False


def _drops_input_mutation_through_view(original: Any) -> Any:
    """A function that writes an input through a view of it leaves its inputs as they were."""
    def backend(gm: Any, example_inputs: Any) -> Any:
        compiled = original(gm, example_inputs)
        if not _mutates_input_through_view(gm):
            return compiled

        def run(*args: Any) -> Any:
            saved = [(a.untyped_storage(), a.untyped_storage().clone()) for a in args
                     if isinstance(a, torch.Tensor)]
            outs = compiled(*args)
            with torch.no_grad():
                for storage, old in saved:
                    storage.copy_(old)
            return outs
        return run
    return backend


def _lazy_clone(original: Any) -> Any:
    """clone() becomes a view of its source (a copy made lazily, which never happens)."""
    def backend(gm: Any, example_inputs: Any) -> Any:
        for node in gm.graph.nodes:
            if _target_name(node) == "clone" and node.op in ("call_method", "call_function"):
                node.op, node.target = "call_method", "view_as"
                node.args, node.kwargs = (node.args[0], node.args[0]), {}
        gm.recompile()
        return original(gm, example_inputs)
    return backend


BUGS: tuple[Bug, ...] = (
    Bug("unsqueeze-last-stride-zero", "metadata", "eager:cpu", "view_chains",
        lambda: _kernel("unsqueeze", "CPU", _unsqueeze_last_stride_zero)),
    Bug("slice-step-floor-size", "metadata", "eager:cpu", "view_chains",
        lambda: _kernel("slice.Tensor", "CPU", _slice_floor_size)),
    Bug("diagonal-empty-offset", "metadata", "eager:cpu", "view_chains",
        lambda: _kernel("diagonal", "CPU", _diagonal_empty_offset)),
    Bug("expand-leading-stride", "metadata", "eager:cpu", "view_chains",
        lambda: _kernel("expand", "CPU", _expand_leading_stride)),
    Bug("transpose-empty-strides", "metadata", "eager:cpu", "view_chains",
        lambda: _kernel("transpose.int", "CPU", _transpose_empty)),
    Bug("select-negative-index", "values", "eager:cpu", "view_chains",
        lambda: _kernel("select.int", "CPU", _select_negative_index)),
    Bug("fill-first-element-only", "values", "eager:cpu", "alias_programs",
        _mode(_fill_first_only)),
    Bug("add-into-copy", "in-place", "eager:cpu", "alias_programs", _mode(_add_into_copy)),
    Bug("reshape-always-copies", "view-vs-copy", "eager:cpu", "view_chains",
        _mode(_reshape_always_copies)),
    Bug("contiguous-always-copies", "view-vs-copy", "eager:cpu", "view_chains",
        _mode(_contiguous_always_copies)),
    Bug("unsqueeze-untracked", "view-vs-copy", "eager:cpu", "view_chains",
        _mode(_unsqueeze_untracked)),
    Bug("view-falls-back-to-reshape", "error-parity", "eager:cpu", "view_chains",
        _mode(_view_falls_back_to_reshape)),
    Bug("squeeze-rejects-big-dims", "error-parity", "eager:cpu", "view_chains",
        _mode(_squeeze_rejects_big_dims), ops=("squeeze",)),
    Bug("t-accepts-3d", "error-parity", "eager:cpu", "view_chains", _mode(_t_accepts_3d),
        ops=("t", "view", "unsqueeze", "permute", "__getitem__", "flatten")),
    Bug("chunk-drops-last", "metadata", "eager:cpu", "view_chains", _mode(_chunk_drops_last),
        ops=("chunk",)),
    Bug("is-contiguous-no-arg-size1", "metadata", "eager:cpu", "view_chains",
        _mode(_is_contiguous_strict_size1)),
    Bug("binary-op-ignores-permutation", "metadata", "eager:cpu", "view_chains",
        _mode(_binary_ignores_permutation)),
    Bug("wrapped-float-is-double", "values", "eager:cpu", "view_chains",
        _mode(_wrapped_float_is_double)),
    Bug("sum-keepdim-strides", "metadata", "eager:cpu", "view_chains",
        _mode(_sum_keepdim_stride_zero), ops=("sum",)),
    Bug("cat-drops-channels-last", "metadata", "eager:cpu", "view_chains",
        _mode(_cat_drops_channels_last), ops=("cat",)),
    Bug("index-swapped-dims", "metadata", "eager:cpu", "view_chains",
        _mode(_index_swaps_dims)),
    Bug("layer-norm-input-strides", "metadata", "eager:cpu", "network_chains",
        _mode(_layer_norm_input_strides), ops=(
            "nn.functional.layer_norm", "nn.functional.softmax", "nn.functional.relu",
            "permute", "transpose", "t", "view", "expand", "__getitem__", "contiguous")),
    Bug("topk-indices-column-major", "metadata", "eager:cpu", "network_chains",
        _mode(_topk_indices_column_major), ops=(
            "topk", "sort", "nn.functional.relu", "permute", "transpose", "view", "expand",
            "__getitem__")),
    Bug("avg-pool2d-drops-channels-last", "metadata", "eager:cpu", "network_chains",
        _mode(_avg_pool2d_drops_channels_last), ops=(
            "nn.functional.avg_pool2d", "view", "permute", "contiguous", "__getitem__")),
    Bug("irfft-last-dim-short", "metadata", "eager:cpu", "network_chains",
        _mode(_irfft_last_dim_short), ops=(
            "fft.irfft", "fft.rfft", "view", "transpose", "__getitem__", "to")),
    Bug("conv-transpose2d-like-input", "metadata", "eager:cpu", "network_chains",
        _mode(_conv_transpose2d_like_input), ops=(
            "nn.functional.conv_transpose2d", "permute", "transpose", "view", "__getitem__")),
    Bug("qr-r-row-major", "metadata", "eager:cpu", "network_chains", _mode(_qr_r_row_major),
        ops=("linalg.qr", "view", "transpose", "permute", "__getitem__", "to")),
    Bug("meta-permute-reversed-strides", "meta-only", "meta", "view_chains",
        lambda: _kernel("permute", "Meta", _meta_permute_reversed)),
    Bug("fake-select-no-offset", "meta-only", "fake:cpu", "view_chains",
        lambda: _kernel("select.int", "Meta", _meta_select_no_offset)),
    # the ops that make outputs alike and the writes that tell them apart (every compile of
    # a function costs seconds: a hunt over the whole catalogue took minutes)
    Bug("compiled-detach-same-object", "compiled", "compile:aot_eager", "function_programs",
        lambda: _backend("aot_eager", _one_object_for_equal_outputs),
        ops=("detach", "view_as", "view", "t", "contiguous", "clone", "fill_", "add_")),
    Bug("compiled-drops-input-mutation-via-view", "compiled", "compile:aot_eager",
        "function_programs", lambda: _backend("aot_eager", _drops_input_mutation_through_view),
        ops=("fill_", "add_", "mul_", "t", "narrow", "select", "unsqueeze", "view")),
    Bug("compiled-lazy-clone", "compiled", "compile:aot_eager", "function_programs",
        lambda: _backend("aot_eager", _lazy_clone),
        ops=("clone", "fill_", "add_", "mul_", "view", "t", "select", "narrow", "unsqueeze")),
)


# -- bugs in one cell of the layout matrix's space ---------------------------------------------
# Each lives where an op meets operands of given layout classes: the random chains reach such
# a cell seldom, the matrix (strategies/matrix.py) by construction. One per pointwise family.
_UNARY = frozenset({"neg", "abs", "sign", "sgn", "floor", "ceil", "round", "trunc", "sqrt",
                    "exp", "log", "sin", "cos", "tanh", "sigmoid", "reciprocal", "logical_not",
                    "bitwise_not", "__neg__", "__abs__", "__invert__"})
_LOGIC = frozenset({"eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or",
                    "logical_xor", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__"})


def _tensors(args: Any, kwargs: Any) -> list[Any]:
    return [a for a in (*args, *kwargs.values()) if isinstance(a, torch.Tensor)]


def _unary_channels_last_3d_row_major(func: Any, args: Any, kwargs: Any) -> Any:
    # a unary op of an NDHWC (channels_last_3d) input returns a row-major result
    out = func(*args, **kwargs)
    ins = _tensors(args, kwargs)
    if _name(func) in _UNARY and "out" not in kwargs and ins and ins[0].dim() == 5 and \
            ins[0].is_contiguous(memory_format=torch.channels_last_3d) and \
            not ins[0].is_contiguous() and isinstance(out, torch.Tensor):
        return out.contiguous()
    return out


def _arithmetic_zero_dim_drops_channels_last(func: Any, args: Any, kwargs: Any) -> Any:
    # an arithmetic op of a channels_last tensor and a 0-d tensor computes row-major: a new
    # result is row-major, and an out= gets the result in a row-major copy that never
    # reaches it
    ins = _tensors(args, kwargs)
    out = kwargs.get("out")
    if _name(func) in _BINARY - _LOGIC and len(ins) >= 2 and ins[0].dim() == 4 and \
            ins[1].dim() == 0 and ins[0].is_contiguous(memory_format=torch.channels_last) and \
            not ins[0].is_contiguous():
        if isinstance(out, torch.Tensor):
            func(*args, **{**kwargs, "out": out.contiguous().clone()})
            return out
        result = func(*args, **kwargs)
        return result.contiguous() if isinstance(result, torch.Tensor) else result
    return func(*args, **kwargs)


def _logic_gapped_out_ignored(func: Any, args: Any, kwargs: Any) -> Any:
    # a comparison into an out= whose last dim has stride 2 (a gapped slice, a transposed
    # 2-d tensor of 2 rows) computes into a copy: out= never changes
    out = kwargs.get("out")
    if _name(func) in _LOGIC and isinstance(out, torch.Tensor) and out.dim() and \
            out.shape[-1] > 1 and out.stride()[-1] == 2:
        func(*args, **{**kwargs, "out": out.clone()})
        return out
    return func(*args, **kwargs)


MATRIX_BUGS: tuple[Bug, ...] = (
    Bug("unary-channels-last-3d-row-major", "metadata", "eager:cpu", "view_chains",
        _mode(_unary_channels_last_3d_row_major), ops=("neg", "abs", "sqrt", "floor")),
    Bug("arithmetic-zero-dim-drops-channels-last", "metadata", "eager:cpu", "view_chains",
        _mode(_arithmetic_zero_dim_drops_channels_last), ops=("add", "mul", "sub", "div")),
    Bug("logic-gapped-out-ignored", "values", "eager:cpu", "view_chains",
        _mode(_logic_gapped_out_ignored), ops=("eq", "lt", "ge", "logical_and")),
)

