"""torch.fft: the discrete Fourier transforms, `stridecheck.reference.fft`.

Each function follows aten/src/ATen/native/SpectralOps.cpp: the input is promoted
(promote_type_fft: integers and bool to the default float type, half and bfloat16 refused but
half on CUDA and meta, complex where the transform needs it), its dims wrapped without
wrapping a 0-d tensor's, the signal sizes checked (`n`, `s`) and the input sliced or
zero-padded to them (resize_fft_input), then one of ATen's three kernels runs: `_fft_c2c`
(complex input), `_fft_r2c` (real input: fft and ifft of real input keep both halves; rfft
and ihfft the first), `_fft_c2r` (irfft, hfft). reference/spectral.py has the kernels'
layouts and values.

ifft and ihfft of a real input are the forward real transform conjugated: a conj view of the
kernel's output (`ret.conj()`), or, with out=, conj_physical into out (a TensorIterator op:
out's dtype must match, a resized out takes the result's layout). Every other out= is filled
by the kernel's `_out` variant: the result computed apart, out resized (contiguous) to its
shape and copied into, its dtype any complex (any floating for c2r) one.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import dtypes, errors, spectral, writes
from .dtypes import dtype as DType
from .geometry import Geometry, contiguous_strides
from .iterator import Layout, iterator_layout
from .operands import is_tensor
from .pointwise import resize_out
from .reductions import store
from .signatures import typename
from .views import wrap_dim

if TYPE_CHECKING:
    from .tensor import Tensor

# ruff: noqa: A001, A002 - torch's names: input, and fft's own functions
__all__ = ["fft", "ifft", "rfft", "irfft", "hfft", "ihfft", "fft2", "ifft2", "rfft2",
           "irfft2", "fftn", "ifftn", "rfftn", "irfftn", "hfft2", "ihfft2", "hfftn",
           "ihfftn"]

# -- arguments (python_arg_parser.cpp, as the fft_* bindings declare them) ---------------------

# (name, kind, default): kinds "Tensor", "int" (None allowed where the default is None), "ints"
# (an int or a sequence of ints), "str"
Param = tuple[str, str, Any]
_ONE_DIM: tuple[Param, ...] = (("input", "Tensor", ...), ("n", "int", None), ("dim", "int", -1),
                               ("norm", "str", None))
_TWO_DIM: tuple[Param, ...] = (("input", "Tensor", ...), ("s", "ints", None),
                               ("dim", "ints", (-2, -1)), ("norm", "str", None))
_N_DIM: tuple[Param, ...] = (("input", "Tensor", ...), ("s", "ints", None), ("dim", "ints", None),
                             ("norm", "str", None))
_WANT = {"Tensor": "Tensor", "int": "int", "ints": "tuple of ints", "str": "str"}


def _fits(kind: str, obj: Any) -> bool:
    if kind == "Tensor":
        return is_tensor(obj)
    if kind == "str":
        return isinstance(obj, str)
    if kind == "int" or not isinstance(obj, (tuple, list)):
        return isinstance(obj, int) and not isinstance(obj, bool)
    return all(isinstance(v, int) and not isinstance(v, bool) for v in obj)


def _bind(op: str, params: tuple[Param, ...], args: Sequence[Any], kwargs: dict[str, Any]
          ) -> dict[str, Any]:
    """Bind a call as torch's argument parser does, raising its TypeErrors."""
    if len(args) > len(params):
        raise errors.fail("extra_args_range", op=op, least=1, most=len(params), given=len(args))
    names = [p[0] for p in params] + ["out"]
    for key in kwargs:
        if key not in names:
            raise errors.fail("unexpected_keyword", op=op, keyword=key)
        if names.index(key) < len(args):
            raise errors.fail("multiple_values", op=op, name=key)
    bound: dict[str, Any] = {}
    for i, (name, kind, default) in enumerate((*params, ("out", "Tensor", None))):
        positional = i < len(args)
        if positional:
            obj = args[i]
        elif name in kwargs:
            obj = kwargs[name]
        elif default is ...:
            raise errors.fail("missing_argument", name=op, arg=name)
        else:
            obj = default
        if obj is None and default is None:
            bound[name] = None
        elif not _fits(kind, obj):
            if positional:
                raise errors.fail("argument_position_type", op=op, arg=name, pos=i + 1,
                                  want=_WANT[kind], type=typename(obj))
            raise errors.fail("argument_keyword_type", op=op, arg=name, want=_WANT[kind],
                              type=typename(obj))
        else:
            bound[name] = (obj,) if kind == "ints" and isinstance(obj, int) else obj
    return bound


# -- the steps every transform shares -----------------------------------------------------------

def _promoted(t: Tensor, require_complex: bool) -> Tensor:
    """SpectralOps.cpp promote_tensor_fft: t, or t.to() the dtype the kernels take."""
    dt = t.dtype
    if not dt.is_complex:
        if not dt.is_floating_point:
            dt = dtypes.float32  # the default dtype
        # only CUDA (and meta, which may stand for it) computes in half
        half = t.is_meta or t.device.type == "cuda"
        allowed = (dtypes.float32, dtypes.float64) + ((dtypes.float16,) if half else ())
        if dt not in allowed:
            raise errors.fail("fft_unsupported_dtype", type=dt.scalar_name)
        if require_complex:
            dt = dt.to_complex()
    return t if dt is t.dtype else t.to(dt)


def _wrapped(dim: int, ndim: int) -> int:
    """maybe_wrap_dim(dim, ndim, wrap_scalar=false): a 0-d tensor has no dim to transform."""
    if ndim == 0:
        raise errors.fail("no_dims", dim=dim)
    return wrap_dim(dim, ndim)


def _check_points(n: int) -> None:
    if n < 1:
        raise errors.fail("fft_points", n=n)


def _check_out(fname: str, out: Tensor | None, complex_: bool) -> None:
    """fft_*_maybe_out: a complex out for complex results, a floating one for real ones."""
    if out is None:
        return
    if complex_ and not out.dtype.is_complex:
        raise errors.fail("fft_out_complex", op=fname, type=out.dtype.scalar_name)
    if not complex_ and not out.dtype.is_floating_point:
        raise errors.fail("fft_out_floating", op=fname, type=out.dtype.scalar_name)


class _Signal:
    """An input as a kernel sees it: its geometry after resizing and math-bit resolution, its
    resized values (complex128 or float64), which are defined, and their tolerance."""

    __slots__ = ("geom", "values", "defined", "tolerance", "dtype", "meta", "cuda")

    def __init__(self, t: Tensor, dims: Sequence[int], sizes: Sequence[int],
                 conj: bool = False) -> None:
        geom, padded = spectral.resized_geometry(t._geom, dims, sizes)
        # a padded input is a new tensor without math bits; hfft conjugates after resizing
        if (t._conj and not padded) != conj or (t._neg and not padded):
            # the math-bit fallback hands the kernel a resolved copy
            geom = Geometry((geom.shape, spectral.resolved_strides(geom), 0))
        self.geom, self.dtype, self.meta = geom, t.dtype, t.is_meta
        self.cuda = t.device.type == "cuda"
        if not t.is_meta:
            x = t._values().astype(complex if t.dtype.is_complex else float)
            self.values = spectral.resized_values(x.conj() if conj else x, dims, sizes)
            self.defined = spectral.resized_values(t._defined(), dims, sizes, fill=True)
            self.tolerance = t._tolerance()

    def kernel_checks(self, signal: Sequence[int]) -> None:
        """The CPU kernels' refusals: MKL takes float and double, and no empty batch. cuFFT
        computes half only for signal sizes that are powers of two (cuda/CuFFTPlanCache.h
        CuFFTConfig); which sizes its message lists depends on how the kernel splits the
        transform, so such a call is not modelled."""
        if self.meta:
            return
        half = self.dtype in (dtypes.complex32, dtypes.float16)
        if self.cuda and half:
            if any(n & (n - 1) for n in signal):
                raise errors.fail("not_modelled",
                                  what="cuFFT in half precision of a size not a power of two")
            return
        if half:
            raise errors.fail("fft_mkl_dtype", type="Half")
        if self.geom.numel == 0:
            raise errors.fail("fft_mkl_empty")

    def c2c_strides(self, dims: Sequence[int]) -> tuple[int, ...]:
        """_fft_c2c's output strides (no dims: a clone, empty_like's layout)."""
        g = self.geom
        if not dims:
            return spectral.resolved_strides(g)
        return spectral.exec_fft_strides(g.strides, g.shape, spectral.sort_dims(g.strides, dims),
                                         self.meta)


def _norm(norm: str | None) -> str:
    """norm_from_string's check: None is "backward"."""
    if norm is None:
        return "backward"
    if norm not in ("backward", "forward", "ortho"):
        raise errors.fail("fft_norm", norm=norm)
    return norm


def _numel(shape: Sequence[int], dims: Sequence[int]) -> int:
    n = 1
    for d in dims:
        n *= shape[d]
    return n


def _output(key: str, t: Tensor, sig: _Signal, shape: tuple[int, ...], strides: tuple[int, ...],
            dt: DType, compute: Any, out: Tensor | None, *, conj: bool = False) -> Tensor:
    """Allocate the kernel's result and write its values; hand it back (a conj view of it where
    `conj`), or write it into out (conj_physical_out where `conj`, else the `_out` copy)."""
    res = None if sig.meta or not _numel(shape, range(len(shape))) else compute()
    if out is None:
        dest = type(t)._fresh(shape, strides, dt, t.device)
        if conj:
            dest = dest._view_of(dest._geom, conj=True)
        store(dest, res, False)
        return dest
    if conj:
        # a TensorIterator op: out's overlap, then its dtype; a resized out follows the result
        writes.check_writable(out)
        if out.dtype is not dt:
            raise errors.fail("out_dtype", out=out.dtype.scalar_name, common=dt.scalar_name)
        if out._geom.shape != shape:
            resize_out(out, iterator_layout(((shape, strides),)))
    else:
        if out._geom.shape != shape:  # resize_output, then out.copy_(result)
            resize_out(out, Layout((shape, contiguous_strides(shape))))
        writes.check_writable(out)
    if res is not None and not out.is_meta:
        tol = res.tolerance + (out.dtype.eps if out.dtype is not dt else 0.0)
        store(out, type(res)(res.values, res.undefined, tol), False)
    out._bump()
    return out


def _c2c(key: str, fname: str, t: Tensor, dims: Sequence[int], sizes: Sequence[int],
         norm: str | None, forward: bool, out: Tensor | None) -> Tensor:
    """A complex input resized, then _fft_c2c (fft_c2c, fftn_c2c)."""
    sig = _Signal(t, dims, sizes)
    mode = _norm(norm)
    _check_out(fname, out, True)
    if dims:  # no dims: a clone, no MKL call
        sig.kernel_checks(sizes)
    n = _numel(sig.geom.shape, dims)
    factor = spectral.scale(mode, forward, n)

    def compute() -> Any:
        y = spectral.values("fwd" if forward else "bwd", sig.values, dims, sizes, factor)
        return spectral.result(key, y, sig.values, sig.defined, sig.tolerance, dims, n, factor,
                               t.dtype)
    if not dims:  # nothing to transform: a copy of the input
        def compute() -> Any:  # noqa: F811
            return spectral.result(key, sig.values.copy(), sig.values, sig.defined,
                                   sig.tolerance, dims, 1, 1.0, t.dtype)
    return _output(key, t, sig, sig.geom.shape, sig.c2c_strides(dims), t.dtype, compute, out)


def _r2c(key: str, fname: str, t: Tensor, dims: Sequence[int], sizes: Sequence[int],
         norm: str | None, forward: bool, onesided: bool, out: Tensor | None,
         late_out: bool = False) -> Tensor:
    """A real input (promoted) resized, then _fft_r2c; conjugated for the inverse ones.
    `late_out`: out's dtype is checked here (fft_r2c_maybe_out), not by the caller."""
    sig = _Signal(t, dims, sizes)
    mode = _norm(norm)
    _check_real(t)
    if late_out:
        _check_out(fname, out, True)
    sig.kernel_checks(sizes)
    g = sig.geom
    shape = list(g.shape)
    if onesided:
        shape[dims[-1]] = shape[dims[-1]] // 2 + 1
    # meta stands for CUDA (_meta_registrations.py device_hint), whose one-pass path keeps
    # the dims unsorted
    order = dims if sig.meta and spectral.one_pass(dims) else spectral.sort_dims(
        g.strides, dims, True)
    strides = spectral.exec_fft_strides(g.strides, tuple(shape), order, sig.meta)
    n = _numel(g.shape, dims)
    factor = spectral.scale(mode, forward, n)
    dt = t.dtype.to_complex()

    def compute() -> Any:
        kind = "r2c" if onesided else "fwd"
        y = spectral.values(kind, sig.values, dims, sizes, factor)
        return spectral.result(key, y if forward else y.conj(), sig.values, sig.defined,
                               sig.tolerance, dims, n, factor, dt)
    return _output(key, t, sig, tuple(shape), strides, dt, compute, out, conj=not forward)


def _check_real(t: Tensor) -> None:
    """_fft_r2c's own check, which only ihfftn reaches with a complex input (a meta kernel
    words it as torch._check's default)."""
    if not t.dtype.is_floating_point:
        if t.is_meta:
            raise errors.fail("fft_r2c_meta_real")
        raise errors.fail("fft_r2c_real", type=t.dtype.scalar_name)


def _r2c_then_c2c(key: str, fname: str, t: Tensor, dims: Sequence[int], sizes: Sequence[int],
                  norm: str | None, out: Tensor | None) -> Tensor:
    """ihfftn of several dims (SpectralOps.cpp fft_ihfftn_impl): _fft_r2c of the last dim,
    conj_physical of it (a TensorIterator op over a dense tensor: its layout), then a backward
    _fft_c2c of the other dims, into out= through _fft_c2c_out (checked after the r2c)."""
    sig = _Signal(t, dims, sizes)
    mode = _norm(norm)
    _check_real(t)
    sig.kernel_checks(sizes)
    _check_out(fname, out, True)
    g = sig.geom
    shape = list(g.shape)
    shape[dims[-1]] = shape[dims[-1]] // 2 + 1
    half = spectral.exec_fft_strides(g.strides, tuple(shape), dims[-1:], sig.meta)
    strides = spectral.exec_fft_strides(half, tuple(shape), spectral.sort_dims(half, dims[:-1]),
                                        sig.meta)
    n = _numel(g.shape, dims)
    factor = spectral.scale(mode, False, n)
    dt = t.dtype.to_complex()

    def compute() -> Any:
        y = spectral.values("r2c", sig.values, dims, sizes, factor)
        return spectral.result(key, y.conj(), sig.values, sig.defined, sig.tolerance, dims, n,
                               factor, dt)
    return _output(key, t, sig, tuple(shape), strides, dt, compute, out)


def _c2r(key: str, fname: str, t: Tensor, dims: Sequence[int], sizes: Sequence[int], last: int,
         norm: str | None, forward: bool, out: Tensor | None) -> Tensor:
    """A complex input (promoted) resized, then _fft_c2r (of its conjugate for hfft): a c2c
    transform of all dims but the last first, then a real one of the last.

    hfftn of several dims (SpectralOps.cpp fft_hfftn_impl) runs those as two ops: _fft_c2c of
    all dims but the last, then _fft_c2r of the last dim of its conj view (which the math-bit
    fallback resolves into a copy of the c2c result's layout); out= is checked between them.
    """
    resized = (*sizes[:-1], last // 2 + 1)
    staged = forward and len(dims) > 1
    # hfft of one dim conjugates the input itself; hfftn conjugates the c2c result
    sig = _Signal(t, dims, resized, conj=forward and len(dims) == 1)
    mode = _norm(norm)
    if not staged:
        _check_out(fname, out, False)
    sig.kernel_checks((*sizes[:-1], last))
    if staged:
        _check_out(fname, out, False)
    g = sig.geom
    strides = sig.c2c_strides(dims[:-1]) if len(dims) > 1 else g.strides
    shape = list(g.shape)
    shape[dims[-1]] = last
    c2r_dims = dims[-1:] if staged else dims
    if sig.meta and spectral.one_pass(c2r_dims):
        # meta takes the CUDA path (_meta_registrations.py meta_fft_c2r): one pass over a
        # contiguous clone of the input
        out_strides = spectral.exec_fft_strides(contiguous_strides(g.shape), tuple(shape),
                                                c2r_dims, True)
    else:
        out_strides = spectral.exec_fft_strides(strides, tuple(shape), dims[-1:], sig.meta)
    n = _numel(shape, dims)
    factor = spectral.scale(mode, forward, n)
    dt = t.dtype.to_real()

    def compute() -> Any:
        signal = (*sizes[:-1], last)
        if forward and len(dims) == 1:  # the input was conjugated already
            y = spectral.values("c2r", sig.values, dims, signal, factor)
        else:
            y = spectral.values("hfft" if forward else "c2r", sig.values, dims, signal, factor)
        return spectral.result(key, y, sig.values, sig.defined, sig.tolerance, dims, n, factor,
                               dt)
    return _output(key, t, sig, tuple(shape), out_strides, dt, compute, out)


# -- one dim (fft_c2c, fft_r2c, fft_c2r) ------------------------------------------------------

def _one_dim(t: Tensor, dim: int, n: int | None) -> tuple[list[int], list[int]]:
    """Return the wrapped dim and the signal size, checked."""
    d = _wrapped(dim, t.ndim)
    size = n if n is not None else t._geom.shape[d]
    _check_points(size)
    return [d], [size]


def _complex_to_complex(name: str, b: dict[str, Any], forward: bool) -> Tensor:
    t = b["input"]
    if t.dtype.is_complex:
        dims, sizes = _one_dim(t, b["dim"], b["n"])
        return _c2c(f"fft.{name}", name, t, dims, sizes, b["norm"], forward, b["out"])
    return _real_to_complex(name, b, forward, onesided=False)


def _real_to_complex(name: str, b: dict[str, Any], forward: bool, onesided: bool) -> Tensor:
    t, out = b["input"], b["out"]
    if t.dtype.is_complex:
        raise errors.fail("fft_real_input", op=name, type=t.dtype.scalar_name)
    _check_out(name, out, True)
    t = _promoted(t, False)
    dims, sizes = _one_dim(t, b["dim"], b["n"])
    return _r2c(f"fft.{name}", name, t, dims, sizes, b["norm"], forward, onesided, out)


def _complex_to_real(name: str, b: dict[str, Any], forward: bool) -> Tensor:
    out = b["out"]
    _check_out(name, out, False)
    t = _promoted(b["input"], True)
    d = _wrapped(b["dim"], t.ndim)
    n = b["n"] if b["n"] is not None else 2 * (t._geom.shape[d] - 1)
    _check_points(n)
    size = n // 2 + 1 if b["n"] is not None else t._geom.shape[d]
    return _c2r(f"fft.{name}", name, t, [d], [size], n, b["norm"], forward, out)


def fft(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.fft(input, n=None, dim=-1, norm=None, *, out=None)."""
    return _complex_to_complex("fft", _bind("fft_fft", _ONE_DIM, args, kwargs), True)


def ifft(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.ifft(input, n=None, dim=-1, norm=None, *, out=None)."""
    return _complex_to_complex("ifft", _bind("fft_ifft", _ONE_DIM, args, kwargs), False)


def rfft(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.rfft(input, n=None, dim=-1, norm=None, *, out=None)."""
    return _real_to_complex("rfft", _bind("fft_rfft", _ONE_DIM, args, kwargs), True, True)


def ihfft(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.ihfft(input, n=None, dim=-1, norm=None, *, out=None)."""
    return _real_to_complex("ihfft", _bind("fft_ihfft", _ONE_DIM, args, kwargs), False, True)


def irfft(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.irfft(input, n=None, dim=-1, norm=None, *, out=None)."""
    return _complex_to_real("irfft", _bind("fft_irfft", _ONE_DIM, args, kwargs), False)


def hfft(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.hfft(input, n=None, dim=-1, norm=None, *, out=None)."""
    return _complex_to_real("hfft", _bind("fft_hfft", _ONE_DIM, args, kwargs), True)


# -- several dims (canonicalize_fft_shape_and_dim_args) ---------------------------------------

def _shape_and_dims(t: Tensor, s: Sequence[int] | None, dim: Sequence[int] | None
                    ) -> tuple[list[int], list[int]]:
    """Return the dims to transform and their signal sizes: dims wrapped and unique, `s` of
    the dims' length and no longer than the rank, -1 in `s` the input's size, sizes >= 1."""
    ndim, shape = t.ndim, t._geom.shape
    dims = list(range(ndim))
    if dim is not None:
        dims = [_wrapped(d, ndim) for d in dim]
        if len(set(dims)) != len(dims):
            raise errors.fail("fft_dims_unique")
    if s is not None:
        if dim is not None and len(dim) != len(s):
            raise errors.fail("fft_dim_shape_length")
        if len(s) > ndim:
            raise errors.fail("fft_shape_rank", n=len(s), ndim=ndim)
        if dim is None:
            dims = list(range(ndim - len(s), ndim))
        sizes = [shape[d] if n == -1 else n for d, n in zip(dims, s)]
    else:
        sizes = [shape[d] for d in dims]
    for n in sizes:
        _check_points(n)
    return dims, sizes


def _c2c_n(name: str, b: dict[str, Any], forward: bool) -> Tensor:
    t = b["input"]
    dims, sizes = _shape_and_dims(t, b["s"], b["dim"])
    t = _promoted(t, True)
    return _c2c(f"fft.{name}", "fftn", t, dims, sizes, b["norm"], forward, b["out"])


def _r2c_n(name: str, b: dict[str, Any]) -> Tensor:
    t = b["input"]
    if t.dtype.is_complex:
        raise errors.fail("fft_real_valued_input", op="rfftn", type=t.dtype.scalar_name)
    dims, sizes = _shape_and_dims(t, b["s"], b["dim"])
    if not dims:
        raise errors.fail("fft_no_axis", op="rfftn")
    t = _promoted(t, False)
    return _r2c(f"fft.{name}", "rfftn", t, dims, sizes, b["norm"], True, True, b["out"],
                late_out=True)


def _c2r_n(name: str, b: dict[str, Any], forward: bool = False) -> Tensor:
    """irfftn and (forward) hfftn: canonicalize_fft_c2r_shape_and_dim_args, then _c2r."""
    t, s = b["input"], b["s"]
    fname = "hfftn" if forward else "irfftn"
    dims, sizes = _shape_and_dims(t, s, b["dim"])
    if not dims:
        raise errors.fail("fft_no_axis", op=fname)
    last = 2 * (t._geom.shape[dims[-1]] - 1) if s is None or s[-1] == -1 else sizes[-1]
    _check_points(last)
    t = _promoted(t, True)
    return _c2r(f"fft.{name}", fname, t, dims, sizes, last, b["norm"], forward, b["out"])


def _ihfft_n(name: str, b: dict[str, Any]) -> Tensor:
    """ihfftn: a complex input is refused by the r2c kernel, not up front as by rfftn."""
    t = b["input"]
    dims, sizes = _shape_and_dims(t, b["s"], b["dim"])
    if not dims:
        raise errors.fail("fft_no_axis", op="ihfftn")
    t = _promoted(t, False)
    if len(dims) == 1 and b["out"] is not None:
        return _out_unwritten(t, dims, sizes, b["norm"], b["out"])
    if len(dims) == 1:  # a conj view of the r2c result
        return _r2c(f"fft.{name}", "ihfftn", t, dims, sizes, b["norm"], False, True, None)
    return _r2c_then_c2c(f"fft.{name}", "ihfftn", t, dims, sizes, b["norm"], b["out"])


def _out_unwritten(t: Tensor, dims: Sequence[int], sizes: Sequence[int], norm: str | None,
                   out: Tensor) -> Tensor:
    """ihfftn of one dim with out= (SpectralOps.cpp fft_ihfftn_impl): its
    `at::conj_physical_out(tmp, out)` passes out as the input and the r2c result `tmp` as the
    output, so tmp (its dtype checked against out's, then resized to out's shape, warning)
    takes out's conjugate, and out comes back unwritten, its version unchanged."""
    sig = _Signal(t, dims, sizes)
    _norm(norm)
    _check_real(t)
    sig.kernel_checks(sizes)
    shape = list(sig.geom.shape)
    shape[dims[0]] = shape[dims[0]] // 2 + 1
    dt = t.dtype.to_complex()
    if out.dtype is not dt:
        raise errors.fail("out_dtype", out=dt.scalar_name, common=out.dtype.scalar_name)
    if out._geom.shape != tuple(shape) and _numel(shape, range(len(shape))):
        warnings.warn(errors.warning("out_resized", old=tuple(shape), new=out._geom.shape),
                      stacklevel=4)
    return out


def fft2(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.fft2(input, s=None, dim=(-2, -1), norm=None, *, out=None)."""
    return _c2c_n("fft2", _bind("fft_fft2", _TWO_DIM, args, kwargs), True)


def ifft2(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.ifft2(input, s=None, dim=(-2, -1), norm=None, *, out=None)."""
    return _c2c_n("ifft2", _bind("fft_ifft2", _TWO_DIM, args, kwargs), False)


def fftn(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.fftn(input, s=None, dim=None, norm=None, *, out=None)."""
    return _c2c_n("fftn", _bind("fft_fftn", _N_DIM, args, kwargs), True)


def ifftn(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.ifftn(input, s=None, dim=None, norm=None, *, out=None)."""
    return _c2c_n("ifftn", _bind("fft_ifftn", _N_DIM, args, kwargs), False)


def rfft2(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.rfft2(input, s=None, dim=(-2, -1), norm=None, *, out=None)."""
    return _r2c_n("rfft2", _bind("fft_rfft2", _TWO_DIM, args, kwargs))


def rfftn(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.rfftn(input, s=None, dim=None, norm=None, *, out=None)."""
    return _r2c_n("rfftn", _bind("fft_rfftn", _N_DIM, args, kwargs))


def irfft2(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.irfft2(input, s=None, dim=(-2, -1), norm=None, *, out=None)."""
    return _c2r_n("irfft2", _bind("fft_irfft2", _TWO_DIM, args, kwargs))


def irfftn(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.irfftn(input, s=None, dim=None, norm=None, *, out=None)."""
    return _c2r_n("irfftn", _bind("fft_irfftn", _N_DIM, args, kwargs))


def hfft2(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.hfft2(input, s=None, dim=(-2, -1), norm=None, *, out=None)."""
    return _c2r_n("hfft2", _bind("fft_hfft2", _TWO_DIM, args, kwargs), True)


def hfftn(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.hfftn(input, s=None, dim=None, norm=None, *, out=None)."""
    return _c2r_n("hfftn", _bind("fft_hfftn", _N_DIM, args, kwargs), True)


def ihfft2(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.ihfft2(input, s=None, dim=(-2, -1), norm=None, *, out=None)."""
    return _ihfft_n("ihfft2", _bind("fft_ihfft2", _TWO_DIM, args, kwargs))


def ihfftn(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.fft.ihfftn(input, s=None, dim=None, norm=None, *, out=None)."""
    return _ihfft_n("ihfftn", _bind("fft_ihfftn", _N_DIM, args, kwargs))


# -- the helpers: fftshift, ifftshift, fftfreq, rfftfreq (reference/fft_helpers.py) ----------

from .fft_helpers import fftfreq, fftshift, ifftshift, rfftfreq  # noqa: E402

__all__ += ["fftfreq", "fftshift", "ifftshift", "rfftfreq"]
