"""Random sampling: rand_like, randn_like, randint_like, normal, bernoulli, multinomial and the
in-place fills (uniform_, normal_, random_, exponential_, geometric_, cauchy_, log_normal_,
bernoulli_).

What is drawn is never known: every element an op samples is marked undetermined
(writes.forget), so that its shape, strides, dtype, aliasing, version and errors are compared
but not its values. The checks follow aten/src/ATen/native/DistributionTemplates.h and the CPU
kernels (cpu/DistributionTemplates.h) in their order: argument checks, then an empty tensor
returns (its version still bumped), then the nullary TensorIterator's overlap check and the
kernel's dtype dispatch (which of the two comes first is each op's own).

The *_like ops are empty_like(input, dtype, memory_format) filled in place
(TensorFactories.cpp rand_like, randn_like, randint_like); bernoulli(input) allocates
empty_like(input, contiguous) (Distributions.cpp bernoulli), normal a contiguous result
(normal_impl) and multinomial a contiguous int64 result resized from out= (multinomial_out).
"""

from __future__ import annotations

import math
import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, writes
from .geometry import Geometry, contiguous_strides
from .iterator import Layout
from .layouts import broadcast_shapes, empty_like_strides
from .operands import is_tensor
from .pointwise import cpp_type, resize_out
from .tensor_pointwise import binary

if TYPE_CHECKING:
    from .tensor import Tensor

Shape = tuple[int, ...]
_REDUCED = (dtypes.float16, dtypes.bfloat16)
_DIGITS = {"float16": 11, "bfloat16": 8, "float32": 24, "float64": 53}
_MAX = {"float16": 65504.0, "bfloat16": 3.3895313892515355e38,
        "float32": 3.4028234663852886e38, "float64": 1.7976931348623157e308}
_INT_RANGE = {"bool": (0, 1), "uint8": (0, 255), "int8": (-128, 127), "int16": (-2**15, 2**15 - 1),
              "int32": (-2**31, 2**31 - 1), "int64": (-2**63, 2**63 - 1)}


def _num(v: float) -> str:
    """Return a double as C++'s ostream prints it (six significant digits)."""
    return f"{float(v):g}"


def _floating(t: Tensor) -> bool:
    return t.dtype.is_floating_point


def _need(t: Tensor, kernel: str, ok: bool) -> None:
    if not ok:
        raise errors.fail("kernel_dtype", kernel=kernel, type=t.dtype.scalar_name)


def _sampled(t: Tensor) -> Tensor:
    """Mark every element of t as drawn at random (undetermined)."""
    if not t.is_meta and t.numel():
        writes.forget(t, np.ones(t._geom.shape, dtype=np.bool_))
    return t


def _real_part(t: Tensor) -> Tensor:
    """view_as_real of a complex tensor, as the fills of complex tensors run on it."""
    from .dtype_views import view_as_real
    return t._alias(view_as_real(t._geom), t.dtype.to_real())


# -- the in-place fills ------------------------------------------------------------------------
def uniform_(t: Tensor, from_: float = 0.0, to: float = 1.0) -> Tensor:
    """Tensor.uniform_(from=0, to=1) (DistributionTemplates.h uniform_impl_)."""
    target = t
    if t.dtype.is_complex:
        if t.numel() == 0:
            t._bump()
            return t
        target = _real_part(t)
    _need(target, "check_uniform_bounds", _floating(target))
    top = _MAX[target.dtype.name]
    for name, v in (("from", from_), ("to", to)):
        if not -top <= v <= top:
            raise errors.fail("random_bounds", name=name, dtype=cpp_type(target.dtype))
    if from_ > to:
        raise errors.fail("uniform_range", a=_num(from_), b=_num(to))
    if to - from_ > top:
        raise errors.fail("uniform_span", type=target.dtype.scalar_name, a=_num(to),
                          b=_num(from_))
    return _fill(t, target)


def _fill(t: Tensor, target: Tensor | None = None) -> Tensor:
    """Write random values into t through a nullary TensorIterator on `target` (t itself or
    its real view): nothing for an empty tensor, else the iterator's overlap check."""
    if t.numel():
        writes.check_writable(t if target is None else target)
        _sampled(t)
    t._bump()
    return t


def normal_(t: Tensor, mean: float = 0.0, std: float = 1.0) -> Tensor:
    """Tensor.normal_(mean=0, std=1) (normal_impl_; cpu normal_kernel dispatches first)."""
    if not std >= 0:  # NaN too (CHECK_NORMAL_STD)
        raise errors.fail("normal_std", std=_num(std))
    if t.numel() == 0:
        t._bump()
        return t
    target = _real_part(t) if t.dtype.is_complex else t
    _need(target, "normal_kernel_cpu", _floating(target))
    return _fill(t, target)


def _round_significand(v: int, digits: int) -> int:
    """Return the integer v rounded to `digits` significant bits, to nearest even."""
    m = abs(v)
    if m < 1 << digits:
        return v
    shift = m.bit_length() - digits
    q, r = divmod(m, 1 << shift)
    half = 1 << (shift - 1)
    if r > half or (r == half and q & 1):
        q += 1
    return (q << shift) if v >= 0 else -(q << shift)


def _update_from(v: int, digits: int) -> int:
    """DistributionTemplates.h update_from: the smallest from the dtype holds."""
    plus = _round_significand(v + 1, digits)
    if plus < v:
        n = abs(v + 1).bit_length() - 1
        v = plus + (1 << (n - digits + 1))
    return v


def _update_to(v: int, digits: int) -> int:
    minus = _round_significand(v - 1, digits)
    if minus >= v:
        n = abs(v - 1).bit_length() - 1
        v = minus - (1 << (n - digits + 1))
    return v


def _check_in_range(t: Tensor, lo: int, hi_inc: int) -> None:
    """DistributionTemplates.h check_from_to_in_range."""
    dt = t.dtype
    if dt.is_floating_point:
        top = _MAX[dt.name]
        for name, v in (("from", lo), ("to - 1", hi_inc)):
            if not -top <= v <= top:
                raise errors.fail("random_bounds", name=name, dtype=cpp_type(dt))
        digits = _DIGITS[dt.name]
        for name, v in (("from", lo), ("to - 1", hi_inc)):
            if v < -(1 << digits) or v > 1 << digits:
                warnings.warn(errors.warning("random_precision", name=name, digits=digits,
                                             dtype=cpp_type(dt)), stacklevel=4)
    elif dt.name in _INT_RANGE:
        low, high = _INT_RANGE[dt.name]
        for name, v in (("from", lo), ("to - 1", hi_inc)):
            if not low <= v <= high:
                raise errors.fail("random_bounds", name=name, dtype=cpp_type(dt))
    else:
        raise errors.fail("random_bounds_dtype")


def random_(t: Tensor, *args: Any, **kwargs: Any) -> Tensor:
    """Tensor.random_(), random_(to), random_(from, to) (random_from_to_impl, random_impl)."""
    bound = dict(zip(("from", "to"), args if len(args) == 2 else ((0,) + args if args
                                                                   else ())))
    if "to" in kwargs:
        bound.setdefault("from", 0)
    bound.update(kwargs)
    if not bound:
        if t.numel():
            writes.check_writable(t)
            _need(t, "random_kernel_cpu", not t.dtype.is_complex)
            _sampled(t)
        t._bump()
        return t
    lo, hi = int(bound.get("from", 0)), bound.get("to")
    if t.numel():
        writes.check_writable(t)  # the iterator is built first
    if hi is not None:
        hi = int(hi)
        if lo >= hi:
            raise errors.fail("random_from_to", a=lo, b=hi)
        if t.dtype.is_floating_point:
            lo, hi = _update_from(lo, _DIGITS[t.dtype.name]), _update_to(hi, _DIGITS[t.dtype.name])
            if lo >= hi:
                raise errors.fail("random_from_to_cast", a=lo, b=hi)
        _check_in_range(t, lo, hi - 1)
    else:
        if t.dtype.is_floating_point:
            top = 1 << _DIGITS[t.dtype.name]
            lo = _update_from(lo, _DIGITS[t.dtype.name])
            if lo >= top:
                raise errors.fail("random_from_cast", a=lo, b=top)
        elif t.dtype.is_complex:
            raise errors.fail("random_from_dtype")
        else:
            top = _INT_RANGE[t.dtype.name][1]
        _check_in_range(t, lo, top)
    _sampled(t)
    t._bump()
    return t


def exponential_(t: Tensor, lambd: float = 1.0) -> Tensor:
    """Tensor.exponential_(lambd=1) (exponential_impl_; the kernel checks the dtype)."""
    if not lambd > 0:
        raise errors.fail("exponential_lambda", v=_num(lambd))
    if t.numel():
        writes.check_writable(t)
        if not t.dtype.is_floating_point:
            raise errors.fail("continuous_dtype", name="Exponential", type=t.dtype.scalar_name)
    return _fill(t)


def geometric_(t: Tensor, p: float) -> Tensor:
    """Tensor.geometric_(p) (geometric_impl_)."""
    if not 0 < p < 1:
        raise errors.fail("geometric_p", p=_num(p))
    if t.numel():
        writes.check_writable(t)
        _need(t, "geometric_cpu", not t.dtype.is_complex and t.dtype is not dtypes.bool_)
    return _fill(t)


def cauchy_(t: Tensor, median: float = 0.0, sigma: float = 1.0) -> Tensor:
    """Tensor.cauchy_(median=0, sigma=1) (cauchy_impl_: the dtype checked up front)."""
    if not sigma > 0:
        raise errors.fail("cauchy_sigma", v=_num(sigma))
    if not t.dtype.is_floating_point:
        raise errors.fail("continuous_dtype", name="Cauchy", type=cpp_type(t.dtype))
    return _fill(t)


def log_normal_(t: Tensor, mean: float = 1.0, std: float = 2.0) -> Tensor:
    """Tensor.log_normal_(mean=1, std=2) (log_normal_impl_)."""
    if not std > 0:
        raise errors.fail("log_normal_std", v=_num(std))
    if t.numel():
        writes.check_writable(t)
        _need(t, "log_normal_cpu", _floating(t))
    return _fill(t)


def bernoulli_(t: Tensor, p: Any = 0.5) -> Tensor:
    """Tensor.bernoulli_(p=0.5) of a float or tensor p (bernoulli_impl_, cpu bernoulli_kernel):
    the overlap check, then the dispatch on t's dtype, then p expanded to t and its dtype."""
    if not is_tensor(p):
        if not 0 <= p <= 1:
            raise errors.fail("bernoulli_p", p=_num(p))
        if t.numel():
            writes.check_writable(t)
            _need(t, "bernoulli_scalar_cpu_", not t.dtype.is_complex)
        return _fill(t)
    if t.numel():
        writes.check_writable(t)
        _need(t, "bernoulli_tensor_cpu_self_", not t.dtype.is_complex)
        expanded = p.expand(tuple(t.shape))
        if p.dtype is not dtypes.float64:
            _need(p, "bernoulli_tensor_cpu_p_", _floating(p))
        if not p.is_meta and bool(np.asarray(p._defined()).all()):
            x = expanded._values()
            if not bool(((x >= 0) & (x <= 1)).all()):
                raise errors.fail("bernoulli_p_tensor")
    return _fill(t)


# -- the ops that allocate -----------------------------------------------------------------------
def _like(t: Tensor, dtype: Any, memory_format: Any, op: str) -> Tensor:
    if memory_format is not None and not isinstance(memory_format, dtypes.memory_format):
        raise errors.fail("argument_memory_format", op=op,
                          type=f"torch.{type(memory_format).__name__}")
    dt = t.dtype if dtype is None else dtypes.lookup(dtype)
    strides = empty_like_strides(t._geom, dtypes.preserve_format if memory_format is None
                                 else memory_format)
    return type(t)._fresh(tuple(t.shape), strides, dt, t.device)


def _settled(t: Tensor) -> Tensor:
    """Return a new tensor with its version back at 0: ATen's inner fills do not count."""
    t._vc.value = 0
    return t


def _no_out(op: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    """Refuse the keywords the *_like functions do not take (out= among them) as the argument
    parser does, naming the types it got."""
    if kwargs:
        got = [type(a).__name__ if not is_tensor(a) else "Tensor" for a in args]
        got += [f"{k}={'Tensor' if is_tensor(v) else type(v).__name__}"
                for k, v in kwargs.items()]
        raise errors.fail("random_like_arguments", op=op, got=", ".join(got))


_LIKE_KEYWORDS = ("device", "layout", "requires_grad", "pin_memory")


def rand_like(input: Tensor, *, dtype: Any = None, memory_format: Any = None,  # noqa: A002
              generator: Any = None, **kwargs: Any) -> Tensor:
    """Return torch.rand_like: empty_like(input) filled by uniform_(0, 1)."""
    _no_out("rand_like", (input,), {k: v for k, v in kwargs.items() if k not in _LIKE_KEYWORDS})
    return _settled(uniform_(_like(input, dtype, memory_format, "rand_like")))


def randn_like(input: Tensor, *, dtype: Any = None, memory_format: Any = None,  # noqa: A002
               generator: Any = None, **kwargs: Any) -> Tensor:
    """Return torch.randn_like: empty_like(input) filled by normal_(0, 1)."""
    _no_out("randn_like", (input,), {k: v for k, v in kwargs.items()
                                     if k not in _LIKE_KEYWORDS})
    return _settled(normal_(_like(input, dtype, memory_format, "randn_like")))


def randint_like(input: Tensor, low: Any = None, high: Any = None, *,  # noqa: A002
                 dtype: Any = None, memory_format: Any = None, generator: Any = None,
                 **kwargs: Any) -> Tensor:
    """Return torch.randint_like(input, [low,] high): empty_like(input).random_(low, high)."""
    given = tuple(v for v in (low, high) if v is not None)
    if high is None:
        if low is None:
            raise errors.fail("randint_like_high")
        low, high = 0, low
    for v in (low, high):
        if not (isinstance(v, int) or is_tensor(v)) or isinstance(v, bool):
            raise errors.fail("randint_like_arguments", got=type(v).__name__)
    _no_out("randint_like", (input, *given),
            {k: v for k, v in kwargs.items() if k not in _LIKE_KEYWORDS})
    out = _like(input, dtype, memory_format, "randint_like")
    return _settled(random_(out, int(low), int(high)))


def bernoulli(input: Tensor, p: Any = None, *, generator: Any = None,  # noqa: A002
              out: Tensor | None = None) -> Tensor:
    """Return torch.bernoulli(input[, p]) (Distributions.cpp bernoulli, bernoulli_out)."""
    if p is not None and out is not None:
        raise errors.fail("bernoulli_p_out")
    if out is not None:
        # bernoulli_out: result.resize_(self.sizes()), quietly; the strides kept at that shape
        shape = tuple(input.shape)
        if tuple(out.shape) != shape:
            geom = Geometry((shape, contiguous_strides(shape), out._geom.offset))
            needed = geom.extent() * out.dtype.itemsize if geom.numel else 0
            if needed > out._storage.nbytes:
                out._storage.resize(needed)
            out._geom = geom
        return bernoulli_(out, input)
    result = type(input)._fresh(tuple(input.shape), None, input.dtype, input.device)
    return _settled(bernoulli_(result, input if p is None else p))


def _std_checked(std: Tensor) -> None:
    """CHECK_NORMAL_TENSOR_STD: a real std, every element >= 0 where that is known."""
    if std.dtype.is_complex:
        raise errors.fail("normal_std_complex")
    if std.numel() and not std.is_meta and bool(np.asarray(std._defined()).all()):
        if not bool((std._values() >= 0).all()):
            raise errors.fail("normal_std_tensor")


def normal(mean: Any, std: Any = 1.0, size: Any = None, *, generator: Any = None,
           out: Tensor | None = None, dtype: Any = None, **kwargs: Any) -> Tensor:
    """Return torch.normal for a tensor mean and/or std (normal_impl, normal_out_impl): a
    contiguous result of their broadcast shape and mean's dtype (std's for a float mean)."""
    if not is_tensor(mean) and not is_tensor(std):
        # the factory form normal(mean, std, size) is reference/normal_factory.py's
        raise errors.fail("normal_arguments")
    if is_tensor(std):
        _std_checked(std)
    elif not std >= 0:
        raise errors.fail("normal_std", std=_num(std))
    if is_tensor(mean) and is_tensor(std):
        shape = broadcast_shapes(tuple(mean.shape), tuple(std.shape))
        like = mean
    elif is_tensor(mean):
        # normal_out_impl(Tensor, double): infer_size(mean, empty_like(output)) first
        shape, like = tuple(mean.shape), mean
        if out is not None:
            shape = broadcast_shapes(shape, tuple(out.shape))
    else:
        shape, like = tuple(std.shape), std
    fresh = out is None
    if out is None:
        out = type(like)._fresh(shape, None, like.dtype, like.device)
    elif tuple(out.shape) != shape:
        resize_out(out, Layout((shape, contiguous_strides(shape))))
    before = out._vc.value
    normal_(out, 0.0, std if not is_tensor(std) else 1.0)
    if is_tensor(std):
        binary("mul", out, std, inplace=True)
    if is_tensor(mean):
        out.add_(mean)
    elif is_tensor(std):
        out.add_(type(out)._fresh((), None, out.dtype, out.device, zero=True)
                 .fill_(mean))
    out._vc.value = 0 if fresh else before + 1
    return _sampled(out)


def multinomial(input: Tensor, num_samples: Any, replacement: bool = False, *,  # noqa: A002
                generator: Any = None, out: Tensor | None = None) -> Tensor:
    """Return torch.multinomial (Distributions.cpp multinomial_out): int64 samples of each
    row, (num_samples,) or (rows, num_samples), resized into out= without a warning."""
    if not isinstance(num_samples, int) or isinstance(num_samples, bool):
        raise errors.fail("multinomial_samples_type", type=type(num_samples).__name__)
    if input.ndim not in (1, 2):
        raise errors.fail("multinomial_rank")
    if not input.dtype.is_floating_point:
        raise errors.fail("multinomial_dtype", type=input.dtype.scalar_name)
    if out is not None and out.dtype is not dtypes.int64:
        raise errors.fail("multinomial_out_dtype", type=out.dtype.scalar_name)
    if num_samples <= 0:
        raise errors.fail("multinomial_samples")
    cats = input.shape[-1]
    if not replacement and num_samples > cats:
        raise errors.fail("multinomial_too_many")
    if cats > 1 << 24:
        raise errors.fail("multinomial_categories")
    shape: Shape = (num_samples,) if input.ndim == 1 else (input.shape[0], num_samples)
    fresh = out is None
    if out is None:
        out = type(input)._fresh(shape, None, dtypes.int64, input.device)
    elif tuple(out.shape) != shape:
        geom = Geometry((shape, contiguous_strides(shape), out._geom.offset))
        needed = geom.extent() * out.dtype.itemsize if geom.numel else 0
        if needed > out._storage.nbytes:
            out._storage.resize(needed)
        out._geom = geom
    if input.numel() and not input.is_meta and bool(np.asarray(input._defined()).all()):
        _check_probabilities(input._values().astype(np.float64).reshape(-1, cats),
                             replacement and num_samples > 1)
    if not fresh:
        out._bump()
    return _sampled(out)


def _check_probabilities(rows: np.ndarray, replacement: bool) -> None:
    """multinomial's checks of the probabilities, as the sampling path words them."""
    if not replacement:
        if not (bool((rows < math.inf).all()) and bool((rows >= 0).all())):
            raise errors.fail("multinomial_invalid")
        if bool((rows.sum(axis=1) == 0).any()):
            raise errors.fail("multinomial_sum")
        return
    for row in rows:  # multinomial_with_replacement_cpu: each row in turn
        for v in row:
            if not v >= 0:
                raise errors.fail("multinomial_negative")
            if math.isinf(v):
                raise errors.fail("multinomial_infinite")
        if not row.sum() > 0:
            raise errors.fail("multinomial_sum")


class RandomMethods:
    """Tensor's random fills and its bernoulli and multinomial methods."""

    __slots__ = ()

    def uniform_(self, from_: float = 0.0, to: float = 1.0, **kwargs: Any) -> Tensor:
        if "from" in kwargs:
            from_ = kwargs.pop("from")
        for key in kwargs:
            raise errors.fail("unexpected_keyword", op="uniform_", keyword=key)
        return uniform_(self, from_, to)  # type: ignore[arg-type]

    def normal_(self, mean: float = 0.0, std: float = 1.0, *, generator: Any = None) -> Tensor:
        return normal_(self, mean, std)  # type: ignore[arg-type]

    def random_(self, *args: Any, generator: Any = None, **kwargs: Any) -> Tensor:
        return random_(self, *args, **kwargs)  # type: ignore[arg-type]

    def exponential_(self, lambd: float = 1.0, *, generator: Any = None) -> Tensor:
        return exponential_(self, lambd)  # type: ignore[arg-type]

    def geometric_(self, p: float | None = None, *, generator: Any = None) -> Tensor:
        if p is None:
            raise errors.fail("geometric_missing")
        return geometric_(self, p)  # type: ignore[arg-type]

    def cauchy_(self, median: float = 0.0, sigma: float = 1.0, *,
                generator: Any = None) -> Tensor:
        return cauchy_(self, median, sigma)  # type: ignore[arg-type]

    def log_normal_(self, mean: float = 1.0, std: float = 2.0, *,
                    generator: Any = None) -> Tensor:
        return log_normal_(self, mean, std)  # type: ignore[arg-type]

    def bernoulli_(self, p: Any = 0.5, *, generator: Any = None) -> Tensor:
        return bernoulli_(self, p)  # type: ignore[arg-type]

    def bernoulli(self, p: Any = None, *, generator: Any = None) -> Tensor:
        return bernoulli(self, p)  # type: ignore[arg-type]

    def multinomial(self, num_samples: Any, replacement: bool = False, *,
                    generator: Any = None) -> Tensor:
        return multinomial(self, num_samples, replacement)  # type: ignore[arg-type]


FUNCTIONS: dict[str, Any] = {"rand_like": rand_like, "randn_like": randn_like,
                             "randint_like": randint_like, "normal": normal,
                             "bernoulli": bernoulli, "multinomial": multinomial}
