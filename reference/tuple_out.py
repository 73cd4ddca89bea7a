"""Tuple out= of the ops that return several tensors: `torch.sort(x, out=(values, indices))`.

Binding (torch/csrc/utils/python_arg_parser.cpp). A `TensorList[n] out` parameter takes a
tuple or a list; FunctionParameter::check refuses an element that is not a tensor while it
binds (`expected Tensor as element i in argument k`, k the parameter's place in the
signature), and PythonArgs::tensorlist_n refuses a length other than n once the call is bound.
The op then writes its results into those very tensors and returns them in its named tuple
(`torch.return_types.sort_out`), each bumped once by the autograd layer.

Outs (aten/src/ATen/native/Resize.cpp resize_output, structured kernels' set_output_raw_strided):
each out is checked for dtype, then resized where its shape differs (with resize_output's
warning when it held elements) and given the fresh result's strides; an out of the right shape
keeps its own strides. The ops check and resize their outs in order, the first before the
second's dtype is checked.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from . import errors, signatures, writes
from .dtypes import dtype as DType
from .geometry import overlaps_internally
from .iterator import Layout
from .overlap import resized_over_input, shares_bytes
from .pointwise import check_out_dtype, resize_out

if TYPE_CHECKING:
    from .tensor import Tensor


def bind(out: Any, count: int, argnum: int, op: str = "") -> tuple[Tensor, ...] | None:
    """Return a bound tuple out= as its tensors, refusing it as torch's parser does.

    `argnum` is the out parameter's place in the signature that bound the call; `op`, the
    signature's name, is given where the caller has not checked that out= is a tuple or list.
    """
    if out is None:
        return None
    if op and not isinstance(out, (tuple, list)):
        raise errors.fail("tuple_out_type", op=op, type=signatures.typename(out))
    for i, o in enumerate(out):
        if signatures.typename(o) != "Tensor":
            raise errors.fail("tuple_out_element", index=i, argnum=argnum,
                              type=signatures.typename(o))
    if len(out) != count:
        raise errors.fail("tuple_out_length", count=count, got=len(out))
    return tuple(out)


def prepare(out: Tensor, dt: DType, layout: Layout) -> Tensor:
    """Check one out's dtype and resize it to `layout` where its shape differs."""
    check_out_dtype(out, dt)
    if out._geom.shape != layout.shape:
        resize_out(out, layout)
    return out


def entangled(outs: Sequence[Tensor]) -> bool:
    """Tell whether two outs share bytes: each is then written over by the other's results."""
    return any(shares_bytes(a, b) for i, a in enumerate(outs) for b in outs[i + 1:])


def structured(compute: Callable[..., Sequence[Tensor]], inputs: Sequence[Tensor],
               outs: Sequence[Tensor], op: str,
               checks: Callable[[Sequence[Tensor]], None] | None = None,
               unchecked: Sequence[int] = ()) -> tuple[Tensor, ...]:
    """Run an op of several results into its outs as a structured kernel does.

    The meta function (the op run on meta copies of the inputs) checks the inputs and gives
    each result's layout; each out is then checked and resized in order; the kernel (the op
    run on the inputs) raises what it refuses after that, its results are copied into the
    outs (a right-shaped out of another layout is written through a proxy), and each out is
    bumped. `checks` are the kernel's own checks of its outs, made before it computes. Outs
    over the inputs' bytes or each other's hold what the kernel's order of writes leaves: not
    determined. An out to be resized over an input's bytes resizes that input
    before the kernel reads it, which is not modelled. The outs at the places `unchecked` are
    written by kernels that do not check for elements sharing memory (tril_out, triu_out, an
    idempotent fill_): such an out is accepted and holds what the order of writes leaves.
    """
    metas = compute(*(t if t.is_meta else t.to("meta") for t in inputs))
    if any(o is p and m._geom.shape != n._geom.shape for i, (o, m) in enumerate(zip(outs, metas))
           for p, n in zip(outs[i + 1:], metas[i + 1:])):
        # resized to one result's shape, then another's, before the kernel writes both
        raise errors.fail("not_modelled", what=f"{op}(out=) of one tensor for results of "
                          "different shapes")
    for o, m in zip(outs, metas):
        if resized_over_input(o, m._geom.shape, tuple(inputs)):
            raise errors.fail("not_modelled", what=f"{op}(out=) resized over its own input")
        prepare(o, m.dtype, Layout((m._geom.shape, m._geom.strides)))
    if checks is not None:
        checks(outs)
    fresh = metas if all(t.is_meta for t in inputs) else compute(*inputs)
    for i, o in enumerate(outs):
        if i not in unchecked:
            writes.check_writable(o)  # the kernel's, or the copy from its proxy
    clobbered = entangled(outs) or any(shares_bytes(o, t) for o in outs for t in inputs)
    for o, f in zip(outs, fresh):
        writes.copy_values(o, f)
    for o in outs:
        if (clobbered or overlaps_internally(o._geom)) and o.numel() and not o.is_meta:
            writes.forget(o, np.ones(o.shape, np.bool_))
    bump(outs)
    return tuple(outs)


def bump(outs: Sequence[Tensor] | None) -> None:
    """Bump each out once, as the autograd layer does after an out= call."""
    for o in outs or ():
        o._bump()
