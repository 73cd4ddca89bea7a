"""torch.normal's factory form, normal(mean: float, std: float, size), `torch.normal`.

Distributions.cpp normal(double, double, IntArrayRef, generator, dtype, layout, device,
pin_memory) is `at::empty(size, options).normal_(mean, std)`: a contiguous tensor of the
default dtype or dtype=, at version 0 (the inner fill does not count); normal_out(double,
double, IntArrayRef, generator, out) is `out.resize_(size)` (quietly: no warning, contiguous
strides where the shape changes, no bump) then `out.normal_(mean, std)`, one bump. The
binding refuses a dtype= other than out's first (check_out_type_matches). The checks and the
kernel's dtype dispatch are normal_'s (reference/randomness.py). The forms with a tensor mean or
std are reference/randomness.py's normal, to which the others go.

It lives apart from reference/randomness.py because it allocates a tensor of its own, which
needs the factories above tensor.py, and randomness.py sits below it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from . import dtypes, errors, factories, randomness
from .geometry import Geometry, contiguous_strides
from .operands import is_tensor

if TYPE_CHECKING:
    from .tensor import Tensor

_PARAMS = ("mean", "std", "size")
_KEYWORDS = ("generator", "out", "dtype", "layout", "device", "pin_memory", "requires_grad")


def _real_number(v: Any) -> bool:
    return isinstance(v, (bool, int, float, np.integer, np.floating, np.bool_))


def _size(v: Any) -> bool:
    return isinstance(v, (tuple, list)) and all(
        isinstance(n, (int, np.integer)) and not isinstance(n, bool) for n in v)


def _refuse(args: tuple[Any, ...], kwargs: dict[str, Any]) -> Exception:
    """The parser's refusal, naming what it was given (positional types, then keywords)."""
    got = [type(v).__name__ for v in args] + [f"{k}={type(v).__name__}"
                                               for k, v in kwargs.items()]
    return errors.fail("normal_factory_arguments", got=", ".join(got))


def normal(*args: Any, **kwargs: Any) -> Tensor:
    """Return torch.normal(mean, std, size, *, generator=None, out=None, dtype=None,
    layout=None, device=None, pin_memory=False, requires_grad=False), or one of its tensor
    forms (reference/randomness.py normal)."""
    given = dict(zip(_PARAMS, args), **{k: v for k, v in kwargs.items() if k in _PARAMS})
    if is_tensor(given.get("mean")) or is_tensor(given.get("std")) or "size" not in given:
        return randomness.normal(*args, **kwargs)
    mean: Any = given.get("mean")
    std: Any = given.get("std")
    size = given["size"]
    generator = kwargs.get("generator")
    if (len(args) > 3 or any(k not in _PARAMS + _KEYWORDS for k in kwargs)
            or not (_real_number(mean) and _real_number(std) and _size(size))
            or (generator is not None and type(generator).__name__ != "Generator")):
        raise _refuse(args, {k: v for k, v in kwargs.items() if k in _PARAMS
                             or k == "generator" or k not in _KEYWORDS})
    layout = kwargs.get("layout")
    if layout is not None and str(layout) != "torch.strided":
        raise errors.fail("not_modelled", what=f"normal of layout {layout}")
    shape = tuple(int(n) for n in size)
    out, dtype = kwargs.get("out"), kwargs.get("dtype")
    if out is not None:
        if dtype is not None and dtypes.lookup(dtype) is not out.dtype:
            raise errors.fail("normal_out_dtype_mismatch",
                              dtype=dtypes.lookup(dtype).scalar_name, out=out.dtype.scalar_name)
        if any(n < 0 for n in shape):
            raise errors.fail("not_modelled", what="normal(out=) of a negative size")
        if out._geom.shape != shape:  # resize_: no warning
            geom = Geometry((shape, contiguous_strides(shape), out._geom.offset))
            needed = geom.extent() * out.dtype.itemsize if geom.numel else 0
            if needed > out._storage.nbytes:
                out._storage.resize(needed)
            out._geom = geom
        return randomness.normal_(out, float(mean), float(std))
    t = factories.empty(shape, dtype=dtype, device=kwargs.get("device"))
    t = randomness.normal_(t, float(mean), float(std))
    t._vc.value = 0  # ATen's inner fill does not count
    return t


FUNCTIONS = {"normal": normal}
