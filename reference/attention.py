"""torch.nn.functional.scaled_dot_product_attention on CPU, by the backend torch 2.13 picks.

The entry (aten/src/ATen/native/transformers/attention.cpp scaled_dot_product_attention)
validates the inputs (sdp_utils.h validate_sdpa_input: one dtype, at least 2 dims, a mask of
bool or of the query's dtype) and asks _fused_sdp_choice_cpp (sdp_utils_cpp.cpp) for a
backend: the CPU flash kernel where q, k and v are 4-d with one batch size, equal heads (or
heads grouped by enable_gqa, key's and value's equal), one head size, non-empty sequences,
last strides of 1, a 2-d or 4-d mask of broadcastable sizes, a floating dtype and
dropout_p 0; else the math composite. A bool mask becomes an additive one (zeros, -inf where
False) first.

The flash kernel (_scaled_dot_product_flash_attention_cpu) writes into
empty_like(query).transpose(1, 2) and transposes it back: a new tensor laid out as
empty_like(query) lays it out. The math composite (_scaled_dot_product_attention_math) runs
the model's own ops: half and bfloat16 go to float32, q * sqrt(scale), a causal mask from
ones().tril(), key and value repeat_interleaved for grouped heads, matmul(q, k^T *
sqrt(scale)), the mask added in place, _safe_softmax, matmul with v and .to() the input's
dtype, whose layout and views it inherits. Values: the math composite's, with a tolerance
for the softmax's exponentials widened by the logits' magnitude (`_attention_tolerance`).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, factories
from .offset_values import store
from .pointwise import cpp_type

if TYPE_CHECKING:
    from .tensor import Tensor

_FLASH_DTYPES = frozenset({"float32", "float64", "bfloat16", "float16"})


def _validate(q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None) -> None:
    """sdp_utils.h validate_sdpa_input."""
    if not (q.dtype is k.dtype is v.dtype):
        raise errors.fail("sdpa_dtypes", q=cpp_type(q.dtype), k=cpp_type(k.dtype),
                          v=cpp_type(v.dtype))
    if mask is not None and mask.dtype is not dtypes.bool_ and mask.dtype is not q.dtype:
        raise errors.fail("sdpa_mask_dtype", mask=cpp_type(mask.dtype), q=cpp_type(q.dtype))
    if q.ndim < 2 or k.ndim < 2 or v.ndim < 2:
        raise errors.fail("sdpa_rank", q=q.ndim, k=k.ndim, v=v.ndim)


def _mask_fits(mask: Tensor, q: Tensor, k: Tensor) -> bool:
    """sdp_utils.h check_attn_mask_shape: 2-d (L or 1, S or 1), or 4-d with B or 1, H or 1."""
    if mask.size(-2) not in (q.size(2), 1) or mask.size(-1) not in (k.size(2), 1):
        return False
    if mask.ndim == 2:
        return True
    return mask.ndim == 4 and mask.size(0) in (1, q.size(0)) and mask.size(1) in (1, q.size(1))


def uses_flash(q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None, dropout_p: float,
               enable_gqa: bool) -> bool:
    """Tell whether _fused_sdp_choice_cpp picks the CPU flash kernel (sdp_utils_cpp.cpp
    use_flash_attention_cpp, its checks in order)."""
    if dropout_p > 0.0 or not (q.ndim == k.ndim == v.ndim == 4):
        return False
    if not (q.size(0) == k.size(0) == v.size(0)):
        return False
    hq, hk, hv = q.size(1), k.size(1), v.size(1)
    if enable_gqa:
        if not (hk == hv and hk and hq % hk == 0):
            return False
    elif not (hq == hk == hv):
        return False
    if mask is not None and not _mask_fits(mask, q, k):
        return False
    if not (q.size(-1) == k.size(-1) == v.size(-1)):
        return False
    if q.size(-2) == 0 or k.size(-2) == 0:
        return False
    if any(t._geom.strides[-1] != 1 for t in (q, k, v)):
        return False
    return q.dtype.name in _FLASH_DTYPES


def _bool_mask(mask: Tensor, dt: Any) -> Tensor:
    """sdp_utils.h convert_boolean_attn_mask: zeros, -inf where the mask is False."""
    additive = factories.zeros_like(mask, dtype=dt)
    additive.masked_fill_(mask.logical_not(), -math.inf)  # type: ignore[attr-defined]
    return additive


def _scale(q: Tensor, scale: float | None) -> float:
    """sdp_utils calculate_scale: 1 / sqrt(E) unless given."""
    if scale is not None:
        return scale
    e = q.size(-1)
    return 1.0 / math.sqrt(e) if e else math.inf


def _math(q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None, is_causal: bool,
          scale: float | None, enable_gqa: bool) -> Tensor:
    """attention.cpp _scaled_dot_product_attention_math, by the model's ops."""
    from .ternary import where
    origin = q.dtype
    reduced = (dtypes.float16, dtypes.bfloat16)
    qa, ka, va = (t.to(dtypes.float32) if t.dtype in reduced else t for t in (q, k, v))
    negative = scale is not None and scale < 0.0
    factor = math.sqrt(_scale(qa, abs(scale) if negative and scale is not None else scale))
    query = qa * (0.0 - factor if negative else factor)
    if is_causal:
        if mask is not None:
            raise errors.fail("sdpa_causal_mask")
        causal = factories.ones((query.size(-2), ka.size(-2)), dtype=dtypes.bool_,
                                device=q.device).tril()
        mask = _bool_mask(causal, query.dtype)
    if enable_gqa:
        hq, hk, hv = query.size(-3), ka.size(-3), va.size(-3)
        if not (hq == hk == hv):
            if hq % hk or hq % hv:
                raise errors.fail("sdpa_heads")
            ka = ka.repeat_interleave(hq // hk, -3)
            va = va.repeat_interleave(hq // hv, -3)
    attn = query.matmul(ka.transpose(-2, -1) * factor)
    if mask is not None:
        attn.add_(mask)
    out = attn.softmax(-1)
    # at::_safe_softmax: a row of -inf alone gives zeros, not NaN
    rows = attn.eq(-math.inf).all(-1, True)
    out = where(rows, factories.tensor(0.0, dtype=out.dtype, device=out.device), out)
    return out.matmul(va).to(origin)


def _attention_tolerance(q: Tensor, k: Tensor, scale: float | None) -> float:
    """Return how far torch's kernels may stray from the model, relative to an element.

    A logit's rounding error of d * |logit| changes its weight by that much relatively
    (exp), so the weights carry (E + 2) * eps times the largest |q . k| * scale; the sums of
    the softmax and of the weighted values add (S + 2) * eps each. Half and bfloat16 are
    computed in float32 and rounded once.
    """
    dt = q.dtype
    reduced = dt in (dtypes.float16, dtypes.bfloat16)
    acc = dtypes.float32.eps if reduced else dt.eps
    e, s = q.size(-1), k.size(-2)
    with np.errstate(all="ignore"):
        qv = np.abs(q._values().astype(np.float64))
        kv = np.abs(k._values().astype(np.float64))
        peak_q = float(qv.max()) if qv.size else 0.0
        peak_k = float(kv.max()) if kv.size else 0.0
    factor = abs(_scale(q, scale))
    logit = e * peak_q * peak_k * factor if math.isfinite(factor) else 0.0
    slack = q._tolerance() + k._tolerance()
    return 4 * ((e + 2) * acc * logit + 2 * (s + 2) * acc + slack * (1 + logit)) + 2 * dt.eps


def scaled_dot_product_attention(query: Tensor, key: Tensor, value: Tensor,
                                 attn_mask: Tensor | None = None, dropout_p: float = 0.0,
                                 is_causal: bool = False, scale: float | None = None,
                                 enable_gqa: bool = False) -> Tensor:
    """Return torch.nn.functional.scaled_dot_product_attention (dropout_p 0 alone)."""
    if dropout_p != 0.0:
        raise errors.fail("not_modelled", what="scaled_dot_product_attention(dropout_p > 0)")
    _validate(query, key, value, attn_mask)
    flash = uses_flash(query, key, value, attn_mask, dropout_p, enable_gqa)
    mask = attn_mask
    if mask is not None and mask.dtype is dtypes.bool_ and value.numel() == 0 and \
            not query.dtype.is_floating_point:
        # measured on torch 2.13: an empty value skips the mask's -inf fill that refuses an
        # integral query's dtype elsewhere (which path does is not traced)
        raise errors.fail("not_modelled", what="scaled_dot_product_attention of an empty "
                          "value with a bool mask and an integral query")
    if value.size(-1) == 0 or key.size(-2) == 0 or 0 in tuple(query.shape)[:-1]:
        # measured on torch 2.13 (the path is not traced in the source): no output element or
        # no key gives zeros of query's batch and length by value's head size, plus the inputs'
        # sums times 0 (an inf or NaN anywhere makes it all NaN); strides as that add lays
        # them out, not broadcast with key's batch
        total = (query.sum() + key.sum() + value.sum()) * 0
        return factories.zeros((*tuple(query.shape)[:-1], value.size(-1)), dtype=query.dtype,
                               device=query.device) + total
    if mask is not None and mask.dtype is dtypes.bool_:
        mask = _bool_mask(mask, query.dtype)
    if flash:
        if key.size(-2) != value.size(-2):
            # the kernel reads value as if it had key's length
            raise errors.fail("not_modelled", what="flash attention of a value whose length "
                              "differs from the key's")
        if query.numel() == 0:
            # measured on torch 2.13: an empty flash result is contiguous whatever the query's
            # layout (a zero-head query of strides (60, 5, 15, 1) gives (20, 20, 5, 1))
            return factories.empty(tuple(query.shape), dtype=query.dtype, device=query.device)
        output = factories.empty_like(query)
        if output.numel() and not output.is_meta:
            if is_causal:  # the kernel applies both the causal mask and attn_mask
                causal = factories.ones((query.size(-2), key.size(-2)), dtype=dtypes.bool_,
                                        device=query.device).tril()
                causal = _bool_mask(causal, query.dtype)
                mask = causal if mask is None else mask + causal
            ref = _math(query, key, value, mask, False, scale, enable_gqa)
            _store(output, ref, query, key, scale)
        return output
    result = _math(query, key, value, mask, is_causal, scale, enable_gqa)
    if result.numel() and not result.is_meta and result.dtype.is_floating_point:
        _widen(result, _attention_tolerance(query, key, scale))
    return result


def _store(output: Tensor, ref: Tensor, q: Tensor, k: Tensor, scale: float | None) -> None:
    store(output, ref._values(), ref._defined(), ref)
    _widen(output, _attention_tolerance(q, k, scale))


def _widen(t: Tensor, tolerance: float) -> None:
    storage = t._storage
    storage.tolerance = max(storage.tolerance, tolerance)
    storage.tolerance_dtype = t.dtype


FUNCTIONS: dict[str, Any] = {}
