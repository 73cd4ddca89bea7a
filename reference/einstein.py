"""torch.einsum and torch.nn.functional.bilinear: composite ops, each the chain of view ops,
sums, multiplications and batched matrix products ATen runs, whose layouts, views, values and
errors they inherit.

einsum (aten/src/ATen/native/Linear.cpp einsum; torch/functional.py einsum) parses the
equation (or the sublist format, which torch/functional.py turns into one), takes a diagonal
for every repeated subscript of an operand, unsqueezes and permutes each operand to the
order "output dims, then contracted dims", and contracts the operands left to right (torch
2.13 without opt_einsum installed passes no path) with `sumproduct_pair`: a dim only one
operand has is summed away first; then a mul when nothing is contracted, else permute,
reshape, bmm, view and permute back (the operands swapped when every dim only the right one
has precedes every dim only the left one has, so that bmm writes the output's order). A
single operand whose labels all reach the output is a view of it (`ij->ji`, `ii->i`); one
with contracted labels is its sum over them. With several operands the summed dims, all of
size 1 by then, are dropped by a view.

bilinear (Linear.cpp bilinear, _trilinear) checks dtypes and sizes, flattens both inputs to
rows, fills a zeros((N, O, 1, 1)) output one output feature at a time (two sumproduct_pairs
added in place into a narrow of it), squeezes it in place (all inside one kernel: version 0),
reshapes it to the output's shape (a view of it) and adds the bias out of place.
"""

from __future__ import annotations

import string
from typing import TYPE_CHECKING, Any

from . import errors
from .operands import is_tensor

if TYPE_CHECKING:
    from .tensor import Tensor

_LETTERS = 26
_TOTAL = 2 * _LETTERS  # subscripts A-Z then a-z
_ELLIPSIS = _TOTAL


def _subscript(label: str) -> int:
    return ord(label) - ord("A") if label.isupper() else ord(label) - ord("a") + _LETTERS


def _label(s: int) -> str:
    return chr(s + ord("A")) if s < _LETTERS else chr(s - _LETTERS + ord("a"))


# -- the sublist format (torch/functional.py einsum) -------------------------------------------

def _sublist_label(n: Any) -> str:
    if n is Ellipsis:
        return "..."
    if 0 <= n < _LETTERS:
        return chr(ord("A") + n)
    if _LETTERS <= n < _TOTAL:
        return chr(ord("a") + n - _LETTERS)
    raise errors.fail("einsum_sublist_range")


def _from_sublists(args: tuple[Any, ...]) -> tuple[str, list[Any]]:
    """Return the equation and operands of torch.einsum(op1, sub1, op2, sub2, ..., [out])."""
    equation = ",".join("".join(_sublist_label(s) for s in sub) for sub in args[1::2])
    if len(args) % 2 == 1:
        equation += "->" + "".join(_sublist_label(s) for s in args[-1])
        return equation, list(args[:-1:2])
    return equation, list(args[::2])


# -- parsing -------------------------------------------------------------------------------------

def _parse_inputs(lhs: str, num_ops: int) -> list[list[int]]:
    """Return each operand's subscripts (_ELLIPSIS for `...`), as einsum's first loop does."""
    labels: list[list[int]] = [[] for _ in range(num_ops)]
    ell_in_input, current, i = False, 0, 0
    while i < len(lhs):
        c = lhs[i]
        if c == ".":
            if ell_in_input:
                raise errors.fail("einsum_ellipsis_twice", op=current)
            if not (i + 2 < len(lhs) and lhs[i + 1] == "." and lhs[i + 2] == "."):
                raise errors.fail("einsum_dot", op=current)
            i += 2
            labels[current].append(_ELLIPSIS)
            ell_in_input = True
        elif c == ",":
            current += 1
            if current >= num_ops:
                raise errors.fail("einsum_fewer")
            ell_in_input = False
        elif c != " ":
            if c not in string.ascii_letters:
                raise errors.fail("einsum_subscript", index=i)
            labels[current].append(_subscript(c))
        i += 1
    if current != num_ops - 1:
        raise errors.fail("einsum_more")
    return labels


def einsum(*args: Any) -> Tensor:
    """Return torch.einsum(equation, *operands), or of the sublist format."""
    if len(args) < 2:
        raise errors.fail("einsum_arguments")
    if is_tensor(args[0]):
        equation, operands = _from_sublists(args)
    else:
        if len(args) == 2 and isinstance(args[1], (list, tuple)):
            return einsum(args[0], *args[1])  # torch/functional.py unpacks the list, again
        equation, operands = args[0], list(args[1:])
    return _einsum(equation, operands)


def _einsum(equation: str, operands: list[Tensor]) -> Tensor:
    """Linear.cpp einsum, without a contraction path."""
    if not operands:
        raise errors.fail("einsum_no_operands")
    num_ops = len(operands)
    arrow = equation.find("->")
    lhs = equation if arrow < 0 else equation[:arrow]
    op_labels = _parse_inputs(lhs, num_ops)
    label_count = [0] * _TOTAL
    ell_num_dim = 0
    for i, (t, labels) in enumerate(zip(operands, op_labels)):
        ndims, nlabels, has_ellipsis = t.ndim, len(labels), False
        for s in labels:
            if s == _ELLIPSIS:
                nlabels -= 1
                has_ellipsis = True
                ell_num_dim = max(ell_num_dim, ndims - nlabels)
            else:
                label_count[s] += 1
        if not (nlabels <= ndims if has_ellipsis else nlabels == ndims):
            raise errors.fail("einsum_rank_ellipsis" if has_ellipsis else "einsum_rank",
                              n=nlabels, ndim=ndims, op=i)
    perm_index_of = [-1] * _TOTAL
    perm_index, ell_index, ell_in_output = 0, 0, False
    if arrow < 0:
        # the implicit output: the ellipsis dims, then the labels seen once, in order
        perm_index, ell_in_output = ell_num_dim, True
        for s in range(_TOTAL):
            if label_count[s] == 1:
                perm_index_of[s] = perm_index
                perm_index += 1
    else:
        rhs = equation[arrow + 2:]
        i = 0
        while i < len(rhs):
            c = rhs[i]
            if c == ".":
                if ell_in_output:
                    raise errors.fail("einsum_output_ellipsis_twice")
                if not (i + 2 < len(rhs) and rhs[i + 1] == "." and rhs[i + 2] == "."):
                    raise errors.fail("einsum_output_dot")
                i += 2
                ell_index, ell_in_output = perm_index, True
                perm_index += ell_num_dim
            elif c != " ":
                if c not in string.ascii_letters:
                    raise errors.fail("einsum_subscript", index=len(lhs) + 2 + i)
                s = _subscript(c)
                if not (label_count[s] > 0 and perm_index_of[s] == -1):
                    raise errors.fail("einsum_output_subscript", label=c, why=(
                        "appears more than once in the output" if perm_index_of[s] > -1 else
                        "does not appear in the equation for any input operand"))
                perm_index_of[s] = perm_index
                perm_index += 1
            i += 1
    out_num_dim = perm_index
    if not ell_in_output:
        ell_index = perm_index
        perm_index += ell_num_dim
    for s in range(_TOTAL):
        if label_count[s] > 0 and perm_index_of[s] == -1:
            perm_index_of[s] = perm_index
            perm_index += 1
    ops = _align(operands, op_labels, perm_index_of, perm_index, ell_num_dim, ell_index)
    aligned, dim_counts = ops
    while len(aligned) > 1:
        a, b = aligned.pop(0), aligned.pop(0)
        sum_dims: list[int] = []
        a_sums: list[int] = []
        b_sums: list[int] = []
        for d in range(out_num_dim, perm_index):
            sa, sb = a.size(d) != 1, b.size(d) != 1
            if sa and sb:
                if a.size(d) != b.size(d):
                    raise errors.fail("einsum_broadcast")
                dim_counts[d] -= 1
                if dim_counts[d] == 1:
                    sum_dims.append(d)
                    dim_counts[d] = 0
            elif dim_counts[d] == 1:
                if sa:
                    a_sums.append(d)
                    dim_counts[d] = 0
                elif sb:
                    b_sums.append(d)
                    dim_counts[d] = 0
        if a_sums:
            a = a.sum(a_sums, True)
        if b_sums:
            b = b.sum(b_sums, True)
        aligned.insert(0, sumproduct_pair(a, b, sum_dims))
    result = aligned[0]
    if perm_index - out_num_dim > 0:
        if num_ops > 1:
            return result.view(list(result.shape[:out_num_dim]))
        return result.sum(list(range(out_num_dim, perm_index)))
    return result


def _align(operands: list[Tensor], op_labels: list[list[int]], perm_index_of: list[int],
           perm_index: int, ell_num_dim: int, ell_index: int) -> tuple[list[Tensor], list[int]]:
    """Take diagonals, unsqueeze and permute each operand to the aligned order; count the
    operands each aligned dim is not 1 in."""
    label_size = [1] * _TOTAL
    ell_sizes = [1] * ell_num_dim
    dim_counts = [0] * perm_index
    out: list[Tensor] = []
    for i, t in enumerate(operands):
        op = t
        permutation = [-1] * perm_index
        dim = 0
        for s in op_labels[i]:
            if s == _ELLIPSIS:
                ndim = t.ndim - (len(op_labels[i]) - 1)
                for j in range(ell_num_dim - ndim, ell_num_dim):
                    if op.size(dim) != 1:
                        if not (ell_sizes[j] == 1 or ell_sizes[j] == op.size(dim)):
                            raise errors.fail("einsum_ellipsis_broadcast", dim=dim, op=i,
                                              size=op.size(dim), prev=ell_sizes[j])
                        ell_sizes[j] = op.size(dim)
                        dim_counts[ell_index + j] += 1
                    permutation[ell_index + j] = dim
                    dim += 1
            elif permutation[perm_index_of[s]] == -1:
                if op.size(dim) != 1:
                    if not (label_size[s] == 1 or label_size[s] == op.size(dim)):
                        raise errors.fail("einsum_subscript_broadcast", label=_label(s),
                                          size=op.size(dim), op=i, prev=label_size[s])
                    label_size[s] = op.size(dim)
                    dim_counts[perm_index_of[s]] += 1
                permutation[perm_index_of[s]] = dim
                dim += 1
            else:
                prev = permutation[perm_index_of[s]]
                if op.size(dim) != op.size(prev):
                    raise errors.fail("einsum_repeated", label=_label(s), op=i,
                                      a=op.size(dim), b=op.size(prev))
                op = op.diagonal(0, prev, dim).movedim(-1, prev)
        for k, p in enumerate(permutation):
            if p == -1:
                op = op.unsqueeze(dim)
                permutation[k] = dim
                dim += 1
        out.append(op.permute(permutation))
    return out, dim_counts


def sumproduct_pair(left: Tensor, right: Tensor, sum_dims: list[int]) -> Tensor:
    """Return (left * right).sum(sum_dims, keepdim=True) as Linear.cpp sumproduct_pair
    computes it: by permute, reshape, bmm, view and permute."""
    if not sum_dims:
        return left.mul(right)  # type: ignore[attr-defined]
    dim = left.ndim
    summed = set(sum_dims)
    lro: list[int] = []
    lo: list[int] = []
    ro: list[int] = []
    lro_size = lo_size = ro_size = sum_size = 1
    for i in range(dim):
        sl, sr = left.size(i) != 1, right.size(i) != 1
        if i in summed:
            if sl and sr:
                if left.size(i) != right.size(i):
                    raise errors.fail("einsum_broadcast")
                sum_size *= left.size(i)
            elif sl:
                left = left.sum(i, True)
            elif sr:
                right = right.sum(i, True)
        elif sl and sr:
            if left.size(i) != right.size(i):
                raise errors.fail("einsum_broadcast")
            lro.append(i)
            lro_size *= left.size(i)
        elif sl:
            lo.append(i)
            lo_size *= left.size(i)
        else:
            ro.append(i)
            ro_size *= right.size(i)
    if lo and ro and ro[-1] < lo[0]:
        # every right-only dim comes first: bmm(right, left) writes the output's order
        left, right, lo, ro, lo_size, ro_size = right, left, ro, lo, ro_size, lo_size
    out_size = ([left.size(d) for d in lro] + [left.size(d) for d in lo] + [1] * len(sum_dims)
                + [right.size(d) for d in ro])
    lperm = lro + lo + sum_dims + ro
    rperm = lro + sum_dims + ro + lo
    operm = [0] * len(out_size)
    for i, d in enumerate(lro + lo + sum_dims + ro):
        operm[d] = i
    left = left.permute(lperm).reshape(lro_size, lo_size, sum_size)
    right = right.permute(rperm).reshape(lro_size, sum_size, ro_size)
    return left.bmm(right).view(out_size).permute(operm)


# -- bilinear -------------------------------------------------------------------------------------

def _dtype_names(*named: tuple[str, Tensor]) -> str:
    from .pointwise import cpp_type
    return ", ".join(f"{name}: {cpp_type(t.dtype)}" for name, t in named)


def bilinear(input1: Tensor, input2: Tensor, weight: Tensor,
             bias: Tensor | None = None) -> Tensor:
    """Return torch.nn.functional.bilinear(input1, input2, weight, bias=None)."""
    named = [("input1", input1), ("input2", input2), ("weight", weight)]
    if bias is not None:
        named.append(("bias", bias))
    if any(t.dtype is not input1.dtype for _, t in named):
        raise errors.fail("bilinear_dtypes", got=_dtype_names(*named))
    if input1.ndim != input2.ndim:
        raise errors.fail("bilinear_dims", a=input1.ndim, b=input2.ndim)
    for i in range(input1.ndim - 1):
        if input1.size(i) != input2.size(i):
            raise errors.fail("bilinear_batch", dim=i, a=input1.size(i), b=input2.size(i))
    if input1.size(-1) != weight.size(1):
        raise errors.fail("bilinear_size", which="input1", got=input1.size(-1),
                          want=weight.size(1))
    if input2.size(-1) != weight.size(2):
        raise errors.fail("bilinear_size", which="input2", got=input2.size(-1),
                          want=weight.size(2))
    if bias is not None and bias.size(0) != weight.size(0):
        raise errors.fail("bilinear_size", which="bias", got=bias.size(0), want=weight.size(0))
    output_size = [*input1.shape[:-1], weight.size(0)]
    flat1 = input1.reshape(-1, input1.size(-1))
    flat2 = input2.reshape(-1, input2.size(-1))
    output = _trilinear(flat1, weight, flat2).reshape(output_size)
    return output if bias is None else output + bias


def _trilinear(i1: Tensor, i2: Tensor, i3: Tensor) -> Tensor:
    """Linear.cpp _trilinear(i1, i2, i3, expand1=[1, 3], expand2=[0], expand3=[1, 2],
    sumdim=[2, 3], unroll_dim=1), bilinear's one call of it."""
    from . import factories
    n, o = i1.size(0), i2.size(0)
    a = i1.unsqueeze(1).unsqueeze(3)  # (N, 1, I, 1)
    w = i2.unsqueeze(0)  # (1, O, I, J)
    b = i3.unsqueeze(1).unsqueeze(2)  # (N, 1, 1, J)
    output = factories.zeros((n, o, 1, 1), dtype=i1.dtype, device=i1.device)
    if a.numel() and w.numel() and b.numel():
        for k in range(o):
            buf = sumproduct_pair(a.narrow(1, 0, 1), w.narrow(1, k, 1), [2])
            buf = sumproduct_pair(buf, b.narrow(1, 0, 1), [3])
            output.narrow(1, k, 1).add_(buf)
    output.squeeze_(3)
    output.squeeze_(2)
    # _trilinear is one kernel (CompositeExplicitAutograd): its writes and squeeze_ run below
    # the version counting, so its result starts at version 0
    output._vc.value = 0
    return output


FUNCTIONS: dict[str, Any] = {"einsum": einsum}
