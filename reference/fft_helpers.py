"""torch.fft's helpers: fftshift and ifftshift (rolls), fftfreq and rfftfreq (factories).

fftshift and ifftshift (aten/src/ATen/native/SpectralOps.cpp fft_fftshift, fft_ifftshift)
wrap every dim first (default_alldims: all dims, in order, when dim is None; a 0-d tensor has
none to wrap), shift each by size // 2 ((size + 1) // 2 for ifftshift) and call roll with the
shifts and the wrapped dims: reordering.roll's new tensor and layout (cat's, or an empty
tensor's preserved strides). No dims at all (a 0-d input, dim=()) leave roll without shifts,
which it refuses; a repeated dim is rolled twice.

fftfreq and rfftfreq (SpectralOps.cpp fft_fftfreq_out, fft_rfftfreq_out) take no tensor, so
they are functions of the model tested by the case table, not entries of the op table. Both
allocate `empty({n})` (`{n / 2 + 1}`, C++ division), refuse a dtype that is neither floating
nor complex, fill out with arange (RangeFactories.cpp arange_out: an out= whose numel differs
is resized to one dim, warning where it had elements; a non-contiguous one is filled through
a contiguous copy written back), and multiply in place by 1.0 / (n * d). fftfreq's negative
half is an arange into `out.slice(0, (n + 1) / 2, 0)`, an empty view resized to n / 2
contiguous elements from its own offset: on an out= that is not contiguous it lands on the
storage past the slice's start, wherever out's elements are (measured).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, reordering, writes
from .device import concrete
from .device import lookup as lookup_device
from .geometry import Geometry, contiguous_strides, is_contiguous
from .operands import is_tensor
from .signatures import typename
from .values import quantize
from .views import wrap_dim

if TYPE_CHECKING:
    from .tensor import Tensor

__all__ = ["fftshift", "ifftshift", "fftfreq", "rfftfreq"]


# -- fftshift, ifftshift ---------------------------------------------------------------------

def _shift_args(op: str, args: Sequence[Any], kwargs: dict[str, Any]) -> tuple[Any, Any]:
    """Bind `fft_fftshift(Tensor input, IntArrayRef[1]? dim=None)` as torch's parser does."""
    if len(args) > 2:
        raise errors.fail("extra_args_range", op=op, least=1, most=2, given=len(args))
    names = ("input", "dim")
    for key in kwargs:
        if key not in names:
            raise errors.fail("unexpected_keyword", op=op, keyword=key)
        if names.index(key) < len(args):
            raise errors.fail("multiple_values", op=op, name=key)
    given = dict(zip(names, args), **kwargs)
    if "input" not in given:
        raise errors.fail("missing_argument", name=op, arg="input")
    t, dim = given["input"], given.get("dim")
    for pos, name, obj, ok in (
            (1, "input", t, is_tensor(t)),
            (2, "dim", dim, dim is None or _int(dim) or (
                isinstance(dim, (tuple, list)) and all(_int(d) for d in dim)))):
        if not ok:
            want = "Tensor" if name == "input" else "tuple of ints"
            if name in kwargs:
                raise errors.fail("argument_keyword_type", op=op, arg=name, want=want,
                                  type=typename(obj))
            raise errors.fail("argument_position_type", op=op, arg=name, pos=pos, want=want,
                              type=typename(obj))
    return t, dim


def _int(obj: Any) -> bool:
    return isinstance(obj, (int, np.integer)) and not isinstance(obj, bool)


def shift_plan(shape: tuple[int, ...], dim: Any, inverse: bool) -> tuple[tuple[int, ...],
                                                                          tuple[int, ...]]:
    """Return the shifts and wrapped dims fftshift (ifftshift when `inverse`) rolls by
    (SpectralOps.cpp default_alldims: maybe_wrap_dim without wrapping a 0-d tensor's)."""
    ndim = len(shape)
    if dim is None:
        dims = tuple(range(ndim))
    else:
        given = (dim,) if _int(dim) else tuple(dim)
        if ndim == 0 and given:
            raise errors.fail("no_dims", dim=given[0])
        dims = tuple(wrap_dim(int(d), ndim) for d in given)
    return tuple((shape[d] + int(inverse)) // 2 for d in dims), dims


def _shift(op: str, inverse: bool, args: Sequence[Any], kwargs: dict[str, Any]) -> Tensor:
    t, dim = _shift_args(op, args, kwargs)
    shifts, dims = shift_plan(t._geom.shape, dim, inverse)
    return reordering.roll(t, shifts, dims)


def fftshift(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.fftshift(input, dim=None)."""
    return _shift("fft_fftshift", False, args, kwargs)


def ifftshift(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.ifftshift(input, dim=None)."""
    return _shift("fft_ifftshift", True, args, kwargs)


# -- fftfreq, rfftfreq ------------------------------------------------------------------------

_FACTORY_KEYWORDS = ("out", "dtype", "layout", "device", "pin_memory", "requires_grad")


def _freq_args(op: str, args: Sequence[Any], kwargs: dict[str, Any]) -> dict[str, Any]:
    """Bind `fft_fftfreq(int n, float d=1.0, *, Tensor out=None, ScalarType dtype=None,
    Layout layout=None, Device device=None, bool pin_memory=False, bool requires_grad=False)`."""
    if len(args) > 2:
        raise errors.fail("extra_args_range", op=op, least=1, most=2, given=len(args))
    names = ("n", "d")
    for key in kwargs:
        if key not in names + _FACTORY_KEYWORDS:
            raise errors.fail("unexpected_keyword", op=op, keyword=key)
        if key in names and names.index(key) < len(args):
            raise errors.fail("multiple_values", op=op, name=key)
    given = dict(zip(names, args), **kwargs)
    if "n" not in given:
        raise errors.fail("missing_argument", name=op, arg="n")
    given.setdefault("d", 1.0)
    for pos, name, want, ok in (
            (1, "n", "int", _int(given["n"])),
            (2, "d", "float", isinstance(given["d"], (int, float, np.integer, np.floating)))):
        if not ok:
            if name in kwargs:
                raise errors.fail("argument_keyword_type", op=op, arg=name, want=want,
                                  type=typename(given[name]))
            raise errors.fail("argument_position_type", op=op, arg=name, pos=pos, want=want,
                              type=typename(given[name]))
    return given


def _check_dtype(op: str, dt: dtypes.dtype) -> None:
    if not (dt.is_floating_point or dt.is_complex):
        raise errors.fail("fftfreq_dtype", op=op)


def _arange_into(out: Tensor, size: int, start: int) -> None:
    """RangeFactories.cpp arange_out(out, start, start + size): resize a tensor whose numel
    differs to (size,), then write start, start + 1, ... in logical order."""
    if out.dtype.is_complex:
        raise errors.fail("kernel_dtype", kernel="arange_cpu", type=out.dtype.scalar_name)
    if out.numel() != size:
        if out.numel() > 0:
            warnings.warn(errors.warning("arange_out_resized", shape=list(out._geom.shape),
                                         numel=out.numel(), size=size), stacklevel=5)
        _restride(out, Geometry(((size,), (1,), out._geom.offset)))
    if not is_contiguous(out._geom):
        writes.check_writable(out)  # the contiguous copy written back with copy_
    if out.is_meta or not size:
        return
    out._write(np.arange(start, start + size).reshape(out._geom.shape))


def _restride(t: Tensor, geom: Geometry) -> None:
    """resize_ to geom: the storage grows to hold it (shared with every view of it)."""
    needed = geom.extent() * t.dtype.itemsize if geom.numel else 0
    if needed > t._storage.nbytes:
        t._storage.resize(needed)
    t._geom = geom


def _scaled(out: Tensor, n: int, d: float, bump: bool) -> None:
    """out.mul_(1.0 / (n * d)): the scalar in out's dtype (measured), the product in the
    op's compute type (float for half and bfloat16), rounded to out's dtype."""
    writes.check_writable(out)
    with np.errstate(all="ignore"):
        factor = np.float64(1.0) / np.float64(n * d)  # IEEE: 1 / 0 is inf
        if out.is_meta or not out.numel():
            if bump:
                out._bump()
            return
        x = out._values()
        compute = np.float64 if out.dtype in (dtypes.float64, dtypes.complex128) else np.float32
        scalar = np.asarray(factor, compute)
        if out.dtype in (dtypes.float16, dtypes.bfloat16):
            # the scalar is cast to the tensor's type, the product computed in float
            scalar = quantize(scalar, out.dtype)
        y: np.ndarray = np.multiply(x.astype(compute), scalar)
    out._write(quantize(y, out.dtype) if out.dtype in (dtypes.float16, dtypes.bfloat16) else y)
    if bump:  # an out= counts one write; the fresh tensor none (measured)
        out._bump()


def _fill(op: str, out: Tensor, n: int, d: float, rfft: bool, given: bool) -> Tensor:
    _check_dtype(op, out.dtype)
    if rfft:
        _arange_into(out, _cdiv(n, 2) + 1, 0)
    else:
        _arange_into(out, n, 0)
        g = out._geom
        if g.ndim == 0:
            raise errors.fail("slice_0d")
        # the negative half: out.slice(0, (n + 1) / 2, 0), empty, resized to n / 2 elements
        start = min(max(_cdiv(n + 1, 2), 0), g.shape[0])
        half = Geometry(((_cdiv(n, 2),), (1,), g.offset + start * g.strides[0]))
        right = out._view_of(out._geom)
        _restride(right, half)
        if not out.is_meta and half.numel:
            right._write(np.arange(-_cdiv(n, 2), 0))
    _scaled(out, n, d, given)
    return out


def _cdiv(a: int, b: int) -> int:
    """C++ integer division: toward zero."""
    q = abs(a) // b
    return q if a >= 0 else -q


def _freq(op: str, rfft: bool, args: Sequence[Any], kwargs: dict[str, Any]) -> Tensor:
    from .tensor import Tensor
    b = _freq_args(op, args, kwargs)
    n, d, out = int(b["n"]), float(b["d"]), b.get("out")
    if out is not None:
        return _fill(op.removeprefix("fft_"), out, n, d, rfft, True)
    dt = dtypes.float32 if b.get("dtype") is None else dtypes.lookup(b["dtype"])
    dev = concrete(lookup_device("cpu" if b.get("device") is None else b["device"]))
    size = _cdiv(n, 2) + 1 if rfft else n
    fresh = Tensor._fresh((size,), contiguous_strides((size,)), dt, dev)
    return _fill(op.removeprefix("fft_"), fresh, n, d, rfft, False)


def fftfreq(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.fftfreq(n, d=1.0, *, out=None, dtype=None, layout=None, device=None,
    requires_grad=False)."""
    return _freq("fft_fftfreq", False, args, kwargs)


def rfftfreq(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.rfftfreq(n, d=1.0, *, out=None, dtype=None, layout=None, device=None,
    requires_grad=False)."""
    return _freq("fft_rfftfreq", True, args, kwargs)
