"""torch.nn.functional.embedding_bag: sums, means or maxima of bags of weight's rows (torch/nn/
functional.py embedding_bag, aten/src/ATen/native/EmbeddingBag.cpp).

Layout. The result is a new contiguous (bags, embedding_dim) tensor of weight's dtype,
whatever the layouts of input, offsets and weight. A 2-d input is a batch of bags of equal
length (offsets made by arange over its flattened elements).

Bags. Bag b holds input[offsets[b]:end) with end the next offset (the input's length after
the last); include_last_offset makes the last offset an end, not a bag, but only the sum and
mean kernels of float, half and bfloat16 without padding_idx end the last bag there, and
they divide its sum by its length to the input's end; the max kernel and those with
padding_idx or of double run it to the input's end (measured on torch 2.13). Entries equal
to padding_idx are left out, and their count with them (mean). An empty bag gives zeros.
per_sample_weights scale the rows (mode='sum' only).

The values are sums of products within the op table's tolerance (the CPU kernels accumulate
half and bfloat16 in float and round once, or round the mean after dividing in the dtype).
max_norm renormalises weight in place first, as embedding's does (reference/shaping_lookups.py
embedding_renorm_). Offsets that decrease and include_last_offset with no bag (torch 2.13's max
and padding_idx kernels crash the process there) are not modelled.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, factories
from . import values as vals
from .offset_values import element_offsets, index_values, read_at, store
from .operands import is_tensor
from .promotion import promote_types
from .shaping_lookups import embedding_renorm_

if TYPE_CHECKING:
    from .tensor import Tensor

_MODES = {"sum": 0, "mean": 1, "max": 2}
_WEIGHT_DTYPES = (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64)


def _legacy_type(dt: dtypes.dtype) -> str:
    """How checkScalarTypes names a CPU tensor's type (TensorUtils.cpp: legacy names)."""
    if dt is dtypes.bool_ or dt.is_complex:
        return f"CPU{dt.scalar_name}Type"
    return f"torch.{dt.scalar_name}Tensor"


def embedding_bag(input: Tensor, weight: Tensor,  # noqa: A002 - torch's name
                  offsets: Tensor | None = None, max_norm: float | None = None,
                  norm_type: float = 2, scale_grad_by_freq: bool = False, mode: str = "mean",
                  sparse: bool = False, per_sample_weights: Tensor | None = None,
                  include_last_offset: bool = False, padding_idx: int | None = None) -> Tensor:
    """Return torch.nn.functional.embedding_bag(input, weight, offsets, ...)."""
    if weight.dtype is dtypes.int64 and input.dtype.is_floating_point:
        warnings.warn(errors.warning("embedding_bag_order"), stacklevel=2)
        weight, input = input, weight
    psw = per_sample_weights
    if psw is not None and tuple(input.shape) != tuple(psw.shape):
        raise errors.fail("embedding_bag_psw_shape", psw=_size(psw), input=_size(input))
    if weight.ndim != 2:
        raise errors.fail("embedding_bag_weight_dim", ndim=weight.ndim)
    if input.ndim == 2:
        if offsets is not None:
            raise errors.fail("embedding_bag_2d_offsets", type=_type_str(offsets))
        # torch.arange(0, numel, size(1), dtype=input.dtype): its refusals (a step of 0, bool
        # and complex dtypes) are embedding_bag's
        factories.arange(0, input.numel(), input.shape[1], dtype=input.dtype,
                         device=input.device)
        starts = list(range(0, input.numel(), input.shape[1]))
        include_last_offset = False
        flat = input.reshape(-1)
        if psw is not None:
            psw = psw.reshape(-1)
    elif input.ndim == 1:
        if offsets is None:
            raise errors.fail("embedding_bag_offsets_none")
        if offsets.ndim != 1:
            raise errors.fail("embedding_bag_offsets_dim")
        flat = input
        starts = []
    else:
        raise errors.fail("embedding_bag_input_dim", ndim=input.ndim)
    if mode not in _MODES:
        raise errors.fail("embedding_bag_mode")
    if mode == "max" and scale_grad_by_freq:
        raise errors.fail("embedding_bag_max_scale")
    if mode == "max" and sparse:
        raise errors.fail("embedding_bag_max_sparse")
    if max_norm is not None:
        embedding_renorm_(weight, flat, float(max_norm), float(norm_type))
    if psw is not None and mode != "sum":
        raise errors.fail("embedding_bag_psw_mode", mode=mode)
    rows = int(weight.shape[0])
    if padding_idx is not None:
        if not -rows <= padding_idx < rows:
            raise errors.fail("embedding_bag_padding_idx", lo=-rows, hi=rows - 1,
                              got=padding_idx)
        padding_idx %= rows
    # promoteIndicesAndOffsets: both in their promoted dtype (a 2-d input's offsets are of
    # its own dtype), which must be int64 or int32
    common = promote_types(flat.dtype, offsets.dtype if offsets is not None else flat.dtype)
    if common not in (dtypes.int64, dtypes.int32):
        raise errors.fail("embedding_bag_scalar_types", arg="indices", types="Long, Int",
                          got=_legacy_type(common))
    if weight.dtype not in _WEIGHT_DTYPES:
        raise errors.fail("embedding_bag_scalar_types", arg="weight",
                          types="Half, BFloat16, Float, Double", got=_legacy_type(weight.dtype))
    if psw is not None and psw.dtype is not weight.dtype:
        raise errors.fail("embedding_bag_psw_dtype", weight=_legacy_type(weight.dtype),
                          psw=_legacy_type(psw.dtype))
    return _bags(flat, weight, offsets, starts, mode, psw, include_last_offset, padding_idx)


def _size(t: Tensor) -> str:
    return "torch.Size([" + ", ".join(str(n) for n in t.shape) + "])"


def _type_str(value: Any) -> str:
    return "<class 'torch.Tensor'>" if is_tensor(value) else str(type(value))


def _bags(flat: Tensor, weight: Tensor, offsets: Tensor | None, starts: list[int], mode: str,
          psw: Tensor | None, include_last: bool, padding_idx: int | None) -> Tensor:
    """Check the offsets and indices against the input and weight, and reduce every bag."""
    n = flat.numel()
    dim = int(weight.shape[1])
    meta = flat.is_meta or weight.is_meta or (offsets is not None and offsets.is_meta)
    if meta:  # no values to check the offsets and indices against
        count = (offsets.numel() if offsets is not None else len(starts)) - int(include_last)
        return type(weight)._fresh((max(count, 0), dim), None, weight.dtype, weight.device)
    if offsets is not None:
        off, off_ok = index_values(offsets)
        if not off_ok.all():
            raise errors.fail("not_modelled", what="embedding_bag of garbage offsets")
        starts = [int(o) for o in off]
    if starts and starts[0] != 0:
        raise errors.fail("embedding_bag_first_offset", got=starts[0])
    if starts and starts[-1] > n:
        raise errors.fail("embedding_bag_last_offset", n=n, got=starts[-1])
    if any(b < a for a, b in zip(starts, starts[1:])):
        raise errors.fail("not_modelled", what="embedding_bag of decreasing offsets")
    rows = int(weight.shape[0])
    idx, ok = index_values(flat) if n else (np.zeros(0, np.int64), np.ones(0, np.bool_))
    idx, ok = idx.reshape(-1), ok.reshape(-1)
    bad = ok & ((idx < 0) | (idx >= rows))
    if bad.any():
        k = int(np.flatnonzero(bad)[0])
        if mode == "max":
            raise errors.fail("embedding_bag_max_range", idx=int(idx[k]))
        raise errors.fail("embedding_bag_range", k=k, v=int(idx[k]), n=rows)
    count = len(starts) - (1 if include_last else 0)
    if count <= 0 and include_last:
        # torch 2.13's max and padding_idx kernels crash the process on one offset
        raise errors.fail("not_modelled", what="embedding_bag of no bags with "
                                               "include_last_offset")
    if n and dim == 0:
        raise errors.fail("not_modelled", what="embedding_bag of an empty embedding_dim")
    result = type(weight)._fresh((count, dim), None, weight.dtype, weight.device)
    if meta or not count or not dim:
        return result
    table, table_ok = read_at(weight, element_offsets(weight._geom))
    table = np.asarray(table, dtype=np.float64)
    scale, scale_ok = (read_at(psw, element_offsets(psw._geom)) if psw is not None
                       else (np.ones(n), np.ones(n, np.bool_)))
    scale = np.asarray(scale, dtype=np.float64).reshape(-1)
    scale_ok = np.asarray(scale_ok).reshape(-1)
    out = np.zeros((count, dim))
    defined = np.ones((count, dim), dtype=np.bool_)
    # the kernels without padding_idx for float, half and bfloat16 sums and means end the
    # last bag at the last offset but divide by its length to the input's end; the others
    # (max, padding_idx, double) run it to the input's end
    fast = mode != "max" and padding_idx is None and weight.dtype is not dtypes.float64
    largest = 0
    for b in range(count):
        end = starts[b + 1] if b + 1 < count or (include_last and fast) else n
        picks = [k for k in range(starts[b], end) if idx[k] != padding_idx or not ok[k]]
        size = (n if b + 1 == count and include_last else end) - starts[b] if fast \
            else len(picks)
        largest = max(largest, len(picks))
        if not picks:
            continue
        at = idx[picks]
        rows_ok = table_ok[at].all(axis=0) & ok[picks].all() & scale_ok[picks].all()
        chosen = table[at] * scale[picks][:, None]
        if mode == "max":
            out[b] = chosen.max(axis=0)
        else:
            out[b] = chosen.sum(axis=0) / (size if mode == "mean" else 1)
        defined[b] = rows_ok
    store(result, vals.quantize(out, weight.dtype), defined, weight)
    if largest > 1 and mode != "max":
        storage = result._storage
        storage.tolerance = max(storage.tolerance, (largest + 1) * weight.dtype.eps)
        storage.tolerance_dtype = weight.dtype
    return result
