"""torch.nn.functional.pad: constant, reflect, replicate and circular padding; negative pads
crop. Every result is a new tensor (never a view, never the input), version 0 but circular's.

The binding (torch/nn/functional.py pad, then torch._C._nn.pad; aten/src/ATen/native/PadNd.cpp
pad, _pad_enum) refuses an unknown mode first, then a pad of odd length, one longer than twice
the input's dims, a `value=` other than 0 for a mode other than constant, and for those modes
a pad of 2, 4 or 6 ints on other than 2-3, 3-4 or 4-5 dims (NotImplementedError).

constant (PadNd.cpp constant_pad_nd) narrows the input by its negative pads (narrow's own
refusals); with no positive pad it returns the narrowed input's clone (empty_like's preserved
layout), else a new tensor in the input's suggest_memory_format, filled with the value
(fill_'s range check), the narrowed input copied in.

reflect and replicate (ReflectionPad.cpp, ReplicationPadding.cpp and their meta functions)
refuse an empty dim but the batch one, reflect a pad not below its dim's size (W first, then H,
then D: "Argument #4/#6/#8"), both an output whose every padded dim is below 1, then allocate:
1-d contiguous, 2-d and 3-d in the input's suggest_memory_format (channels_last kept, even a
4-d input's under a 3-d pad); a negative size is refused as empty's (reflection_pad2d resizes:
numel's overflow). Their CPU kernels take no bool or complex32. Each output element reads the
input at its position less the left pad, mirrored (reflect) or clamped (replicate) into range.

circular (PadNd.cpp _pad_circular_symint) checks each dim from the first padded one: a pad
past the dim's size, then a negative output size; it allocates new_empty (contiguous), copies
the cropped input in and then each dim's wrapped ends from the result itself, each a copy_ that
bumps the version; ends that overlap their source are refused or left undetermined by copy_'s
own rules.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, writes
from .geometry import contiguous_strides
from .layouts import strides_for_format, suggest_format
from .operands import is_tensor
from .promotion import checked_scalar
from .signatures import typename
from .slice_views import narrow, slice

if TYPE_CHECKING:
    from .tensor import Tensor

Shape = tuple[int, ...]
MODES = ("constant", "reflect", "replicate", "circular")


# -- the binding's checks ------------------------------------------------------------------------

def _is_index(obj: Any) -> bool:
    """Tell whether obj passes for an int (THPUtils_checkIndex): a 0-d integer tensor does,
    a bool never."""
    if is_tensor(obj):
        dt = obj.dtype
        return obj.ndim == 0 and not (dt.is_floating_point or dt.is_complex or dt is dtypes.bool_)
    return isinstance(obj, (int, np.integer)) and not isinstance(obj, (bool, np.bool_))


def _pad_list(pad: Any) -> Shape:
    """Bind `pad` as torch._C._nn.pad's SymInt[] (python_arg_parser.cpp): its first element
    must be an index, the others unpack as one (a bool does there)."""
    if not isinstance(pad, (tuple, list)):
        raise errors.fail("pad_list_type", type=typename(pad))
    for i, item in enumerate(pad):
        if i == 0 and not _is_index(item):
            raise errors.fail("pad_list_element", type=typename(item), pos=i)
        if not (_is_index(item) or isinstance(item, (bool, np.bool_))):
            raise errors.fail("pool_int_list_unpack", op="pad", arg="pad", pos=i + 1,
                              type=typename(item))
    return tuple(int(p.item()) if is_tensor(p) else int(p) for p in pad)


def _value(value: Any) -> float | None:
    """Bind `value` as a float? (an int or a bool passes as one)."""
    if value is None:
        return None
    if not isinstance(value, (int, float, np.integer, np.floating)):
        raise errors.fail("pad_value_type", type=typename(value))
    return float(value)


def _spatial(pad: Shape) -> list[tuple[int, int]]:
    """Return the (left, right) pads of the padded dims, the first padded dim first."""
    k = len(pad) // 2
    return [(pad[2 * (k - j - 1)], pad[2 * (k - j - 1) + 1]) for j in range(k)]


# -- constant --------------------------------------------------------------------------------------

def _constant(t: Tensor, pad: Shape, value: float) -> Tensor:
    pairs = _spatial(pad)
    first = t.ndim - len(pairs)
    core = t._geom
    for j, (left, right) in enumerate(pairs):
        if left < 0:
            core = narrow(core, first + j, -left, core.shape[first + j] + left)
        if right < 0:
            core = narrow(core, first + j, 0, core.shape[first + j] + right)
    narrowed = t._view_of(core)
    if all(left <= 0 and right <= 0 for left, right in pairs):
        return narrowed._clone(dtypes.preserve_format)
    shape = t._geom.shape[:first] + tuple(
        n + left + right for n, (left, right) in zip(t._geom.shape[first:], pairs))
    out = type(t)._fresh(shape, strides_for_format(shape, suggest_format(t._geom)), t.dtype,
                         t.device, zero=True)
    checked_scalar(value, t.dtype, out.numel())
    if not out.is_meta:
        out._write(np.asarray(value))
    inner = out._geom
    for j, (left, right) in enumerate(pairs):
        d = first + j
        inner = slice(inner, d, max(left, 0), inner.shape[d] - max(right, 0))
    writes.copy_values(out._view_of(inner), narrowed)
    return out


# -- reflect and replicate -------------------------------------------------------------------------

def _mirrored(i: np.ndarray, n: int, reflect: bool) -> np.ndarray:
    """Return input positions for positions i of an axis of n elements, out of range ones
    reflected about the ends (reflect) or clamped to them (replicate)."""
    if not reflect:
        return np.clip(i, 0, n - 1)
    i = np.where(i < 0, -i, i)
    return np.where(i >= n, 2 * (n - 1) - i, i)


def _check_sizes(t: Tensor, pairs: list[tuple[int, int]], reflect: bool) -> Shape:
    """Run the meta function's checks; return the padded sizes."""
    k, shape = len(pairs), t._geom.shape
    first = t.ndim - k
    if 0 in (shape[1:] if t.ndim == k + 2 else shape):  # the batch dim alone may be empty
        raise errors.fail("pad_nonempty", low=k + 1, high=k + 2, shape=list(shape))
    if reflect:
        for j in range(k - 1, -1, -1):  # W, then H, then D
            left, right = pairs[j]
            if not (left < shape[first + j] and right < shape[first + j]):
                raise errors.fail("reflect_pad_size", arg=4 + 2 * (k - 1 - j), left=left,
                                  right=right, dim=first + j, shape=list(shape))
    sizes = tuple(n + left + right for n, (left, right) in zip(shape[first:], pairs))
    if all(s < 1 for s in sizes):
        names = "DHW"[3 - k:]
        given = dict(zip(names, shape[first:]))
        got = dict(zip(names, sizes))
        if k == 1:
            raise errors.fail("pad_too_small_1d", w=given["W"], ow=got["W"])
        if k == 2:
            raise errors.fail("pad_too_small_2d", h=given["H"], w=given["W"],
                              space="" if reflect else " ", oh=got["H"], ow=got["W"])
        raise errors.fail("pad_too_small_3d", d=given["D"], h=given["H"], w=given["W"],
                          od=got["D"], oh=got["H"], ow=got["W"])
    return sizes


def _edge(t: Tensor, pairs: list[tuple[int, int]], reflect: bool) -> Tensor:
    k = len(pairs)
    sizes = _check_sizes(t, pairs, reflect)
    shape = t._geom.shape[:t.ndim - k] + sizes
    if reflect and k == 2 and any(s < 0 for s in sizes):
        raise errors.fail("numel_overflow")  # reflection_pad2d resizes its output
    strides = contiguous_strides(shape) if k == 1 or any(s < 0 for s in sizes) else \
        strides_for_format(shape, suggest_format(t._geom))
    out = type(t)._fresh(shape, strides, t.dtype, t.device, zero=True)
    if t.dtype in (dtypes.bool_, dtypes.complex32):
        kernel = "reflection" if reflect else "replication"
        raise errors.fail("pad_kernel_dtype", kernel=f"{kernel}_pad{k}d",
                          type=t.dtype.scalar_name)
    index = np.ix_(*(_mirrored(np.arange(s) - left, n, reflect)
                     for s, n, (left, _) in zip(sizes, t._geom.shape[t.ndim - k:], pairs)))
    gathered(out, t, lambda a: a[(Ellipsis, *index)])
    return out


def gathered(out: Tensor, t: Tensor, take: Any) -> None:
    """Write into the new tensor `out` what `take` picks of t's values (an array of t's shape
    to one of out's), carrying along which are undetermined and how precisely known."""
    if out.is_meta or t.is_meta or out.numel() == 0:
        return
    source = t._storage
    if source.tolerance:
        out._storage.tolerance = source.tolerance
        out._storage.tolerance_dtype = out.dtype
    out._storage.loose_bits |= source.loose_bits
    lost = ~t._defined()
    odd = writes.noncanonical(t)
    if odd is not None:
        lost = lost | odd
    out._write(take(t._values()))
    writes.forget(out, take(lost))


# -- circular --------------------------------------------------------------------------------------

def _circular(t: Tensor, pairs: list[tuple[int, int]]) -> Tensor:
    k = len(pairs)
    first = t.ndim - k
    shape = list(t._geom.shape)
    for j, (left, right) in enumerate(pairs):
        n = shape[first + j]
        if not (left <= n and right <= n):
            raise errors.fail("circular_wrap")
        if n + left + right < 0:
            raise errors.fail("circular_negative")
        shape[first + j] = n + left + right
    out = type(t)._fresh(tuple(shape), None, t.dtype, t.device)  # new_empty

    def part(x: Tensor, d: int, start: int, end: int) -> Tensor:
        return x._view_of(slice(x._geom, d, start, end))

    dst, src = out, t
    for j, (left, right) in enumerate(pairs):
        d = first + j
        dst = part(dst, d, max(left, 0), shape[d] - max(right, 0))
        src = part(src, d, max(-left, 0), t._geom.shape[d] - max(-right, 0))
    writes.copy_(dst, src)
    for j in range(k - 1, -1, -1):  # the last dim first, as the source does
        d, (left, right) = first + j, pairs[j]
        n = shape[d]
        if left > 0:
            writes.copy_(part(out, d, 0, left),
                         part(out, d, n - left - max(right, 0), n - max(right, 0)))
        if right > 0:
            writes.copy_(part(out, d, n - right, n),
                         part(out, d, max(left, 0), max(left, 0) + right))
    return out


# -- torch.nn.functional.pad -----------------------------------------------------------------------

def pad(input: Tensor, pad: Sequence[int], mode: str = "constant",  # noqa: A002
        value: float | None = None) -> Tensor:
    """Return torch.nn.functional.pad(input, pad, mode, value)."""
    t = input
    pads = _pad_list(pad)
    if not isinstance(mode, str):
        raise errors.fail("pad_mode_type", type=typename(mode))
    fill = _value(value)
    if mode not in MODES:
        raise errors.fail("pad_mode", mode=mode)
    if len(pads) % 2:
        raise errors.fail("pad_odd")
    if len(pads) > 2 * t.ndim:
        raise errors.fail("pad_too_long", n=len(pads), ndim=t.ndim)
    if mode == "constant":
        return _constant(t, pads, 0.0 if fill is None else fill)
    if fill is not None and fill != 0:
        raise errors.fail("pad_mode_value", mode=mode)
    k = len(pads) // 2
    if not 1 <= k <= 3 or t.ndim not in (k + 1, k + 2):
        raise errors.fail("pad_unsupported", n=len(pads), ndim=t.ndim)
    if mode == "circular":
        return _circular(t, _spatial(pads))
    return _edge(t, _spatial(pads), mode == "reflect")
