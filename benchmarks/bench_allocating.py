"""Time the model's output layout and dtype of each allocating op against the whole op in torch.

The reference runs every statement on tensors of device="meta": it parses the arguments,
checks them, promotes dtypes and works out the output's shape, strides and dtype, and computes
no values. torch runs the same statement in eager mode on CPU tensors with values: the whole
op. Inputs hold at most 64 elements. Both run in the same process, interleaved batch by batch.

    python benchmarks/bench_allocating.py            # 15 batches of 500 calls per statement, ~30 s
    python benchmarks/bench_allocating.py --quick    # 3 batches of 100 calls, a smoke run
    python benchmarks/bench_allocating.py --json out.json

The ops whose output shape depends on the values (masked_select, nonzero, argwhere, indexing
with a bool mask, unique, bincount), whose meta kernels read values (masked_scatter, put,
take_along_dim) or that have no meta kernel (linalg.lstsq) cannot run on meta, in the model as
in torch: for those the reference runs on CPU tensors and computes the values too (marked
"cpu" in the table). A statement may name the one warning torch gives once per process for it
(index_reduce's "in beta", chain_matmul's deprecation); any other warning fails the run.
Index tensors are meta tensors elsewhere; the model checks no index bounds on meta, as torch's
meta functions don't.

The table reports, per statement, the median over batches of the time per call in ns for each
library and their ratio reference / torch. The headline is the median over catalogue ops of
each op's ratio (an op timed by several statements counts once, with its median ratio). The
reference side of the slowest statements is then run under cProfile, to show where the time
goes.
"""

from __future__ import annotations

import cProfile
import gc
import pstats
import sys
import time
import warnings
from dataclasses import dataclass
from typing import Any

import torch
from _common import SEED_OPTION, environment, interleaved, make_timer, median, timing_main

import stridecheck.reference as R
from stridecheck.reference.ops import ALLOCATING_FAMILIES, BY_KEY, OPS

# single ops of other families that allocate through the gather machinery: indexing and
# index assignment with tensors
EXTRA_KEYS = ("__getitem__", "__setitem__")
GOAL = 1.5
# the slowest meta statements whose reference side is profiled alone, and calls per profile
PROFILED = 3
PROFILE_CALLS = 2000


@dataclass(frozen=True)
class Case:
    key: str  # the catalogue key (OpSpec.key)
    stmt: str  # run as written with L = torch or the reference
    # the reference runs on CPU tensors (with values) instead of meta ones: ops whose output
    # shape depends on the values, or that torch has no meta kernel for
    cpu: bool = False
    # the start of the one warning this statement may give (torch's TORCH_WARN_ONCE, so on
    # its first run in the process only); any other warning, or this one while timing, fails
    warns: str = ""


def _cases() -> tuple[Case, ...]:
    c: list[Case] = []

    def add(key: str, *stmts: str, cpu: bool = False, warns: str = "") -> None:
        c.extend(Case(key, s, cpu, warns) for s in stmts)

    # -- unary: float inputs, a permuted and a step-sliced one, int promoted to float
    add("neg", "L.neg(a)", "-p")
    add("abs", "a.abs()")
    add("sign", "L.sign(p)")
    add("sgn", "a.sgn()")
    add("floor", "L.floor(s)")
    add("ceil", "a.ceil()")
    add("round", "a.round()")
    add("trunc", "p.trunc()")
    add("sqrt", "L.sqrt(a)", "L.sqrt(n)")
    add("exp", "L.exp(a)", "p.exp()", "L.exp(a, out=o)")
    add("log", "a.log()")
    add("sin", "L.sin(s)")
    add("cos", "a.cos()")
    add("tanh", "L.tanh(p)")
    add("sigmoid", "a.sigmoid()")
    add("reciprocal", "L.reciprocal(a)")
    add("logical_not", "L.logical_not(k)")
    add("bitwise_not", "n.bitwise_not()")
    add("conj_physical", "L.conj_physical(c)")
    add("positive", "a.positive()")
    # -- unary in place
    add("neg_", "w.neg_()")
    add("abs_", "w.abs_()")
    add("sign_", "w.sign_()")
    add("sgn_", "w.sgn_()")
    add("floor_", "w.floor_()")
    add("ceil_", "wp.ceil_()")
    add("round_", "w.round_()")
    add("trunc_", "w.trunc_()")
    add("sqrt_", "w.sqrt_()")
    add("exp_", "w.exp_()")
    add("log_", "w.log_()")
    add("sin_", "w.sin_()")
    add("cos_", "w.cos_()")
    add("tanh_", "wp.tanh_()")
    add("sigmoid_", "w.sigmoid_()")
    add("reciprocal_", "w.reciprocal_()")
    add("logical_not_", "wk.logical_not_()")
    add("bitwise_not_", "wn.bitwise_not_()")
    add("conj_physical_", "wc.conj_physical_()")
    # -- binary: same layouts, mixed layouts, broadcasting, promotion, Python scalars, out=
    add("add", "a.add(b)", "L.add(a, p)", "a.add(r)", "a.add(2)", "n.add(2.5)",
        "a.add(b, alpha=2)", "L.add(a, b, out=o)")
    add("sub", "a.sub(p)", "L.sub(n, 1)")
    add("mul", "a.mul(n)", "L.mul(p, r)")
    add("div", "n.div(n2)", "a.div(2)")
    add("true_divide", "L.true_divide(a, b)")
    add("floor_divide", "a.floor_divide(b)")
    add("remainder", "n.remainder(3)")
    add("fmod", "L.fmod(a, b)")
    add("pow", "a.pow(2)", "L.pow(2, a)", "a.pow(p)")
    add("maximum", "L.maximum(a, p)")
    add("minimum", "a.minimum(r)")
    add("fmax", "L.fmax(a, b)")
    add("fmin", "a.fmin(b)")
    add("atan2", "L.atan2(a, b)")
    add("copysign", "a.copysign(b)")
    add("hypot", "L.hypot(a, p)")
    add("xlogy", "L.xlogy(a, b)")
    add("heaviside", "a.heaviside(b)")
    add("logaddexp", "L.logaddexp(a, b)")
    add("ldexp", "L.ldexp(a, n)")
    # -- binary in place: into a contiguous and a permuted tensor, broadcast operands
    add("add_", "w.add_(b)", "wp.add_(a)")
    add("sub_", "w.sub_(1)")
    add("mul_", "w.mul_(r)")
    add("div_", "w.div_(b)")
    add("true_divide_", "w.true_divide_(b)")
    add("floor_divide_", "w.floor_divide_(b)")
    add("remainder_", "w.remainder_(b)")
    add("fmod_", "w.fmod_(3)")
    add("pow_", "w.pow_(b)")
    add("atan2_", "w.atan2_(b)")
    add("copysign_", "w.copysign_(b)")
    add("hypot_", "w.hypot_(b)")
    add("xlogy_", "w.xlogy_(b)")
    add("heaviside_", "w.heaviside_(b)")
    add("ldexp_", "w.ldexp_(n)")
    # -- comparisons and logic
    add("eq", "a.eq(p)", "L.eq(a, b, out=ok)")
    add("ne", "L.ne(a, 0)")
    add("lt", "a.lt(b)")
    add("le", "a.le(r)")
    add("gt", "L.gt(a, n)")
    add("ge", "a.ge(2.5)")
    add("logical_and", "L.logical_and(k, a)")
    add("logical_or", "k.logical_or(k2)")
    add("logical_xor", "L.logical_xor(a, b)")
    add("bitwise_and", "n.bitwise_and(n2)")
    add("bitwise_or", "L.bitwise_or(n, 3)")
    add("bitwise_xor", "k.bitwise_xor(k2)")
    add("eq_", "w.eq_(b)")
    add("ne_", "w.ne_(0)")
    add("lt_", "w.lt_(b)")
    add("le_", "w.le_(r)")
    add("gt_", "w.gt_(b)")
    add("ge_", "w.ge_(1)")
    add("logical_and_", "wk.logical_and_(k2)")
    add("logical_or_", "wk.logical_or_(k)")
    add("logical_xor_", "wk.logical_xor_(k2)")
    add("bitwise_and_", "wn.bitwise_and_(n2)")
    add("bitwise_or_", "wn.bitwise_or_(3)")
    add("bitwise_xor_", "wn.bitwise_xor_(n)")
    # -- bounds, conditions, masks
    add("clamp", "a.clamp(0, 10)", "L.clamp(a, b, p)", "L.clamp(a, 0, 10, out=o)")
    add("clip", "a.clip(min=1)")
    add("clamp_min", "L.clamp_min(a, 1)")
    add("clamp_max", "a.clamp_max(b)")
    add("where", "L.where(k, a, p)", "L.where(k, a, 0.0)")
    add("masked_fill", "a.masked_fill(k, 0.5)", "p.masked_fill(k, v0)")
    add("addcmul", "L.addcmul(a, b, p, value=2)")
    add("addcdiv", "a.addcdiv(b, p)")
    add("lerp", "L.lerp(a, b, 0.5)", "a.lerp(b, p)")
    add("clamp_", "w.clamp_(0, 10)")
    add("clip_", "w.clip_(max=b)")
    add("masked_fill_", "w.masked_fill_(k, 0.5)")
    add("addcmul_", "w.addcmul_(b, p)")
    add("addcdiv_", "w.addcdiv_(b, b)")
    add("lerp_", "w.lerp_(b, 0.5)")
    # -- Python operators
    add("__add__", "a + b")
    add("__radd__", "2 + a")
    add("__iadd__", "w += b")
    add("__sub__", "a - p")
    add("__rsub__", "1 - a")
    add("__isub__", "w -= 1")
    add("__mul__", "a * 2")
    add("__rmul__", "2.5 * n")
    add("__imul__", "w *= r")
    add("__truediv__", "a / b")
    add("__rtruediv__", "1 / a")
    add("__itruediv__", "w /= b")
    add("__floordiv__", "a // b")
    add("__rfloordiv__", "2 // b")
    add("__ifloordiv__", "w //= b")
    add("__mod__", "a % 3")
    add("__rmod__", "3 % b")
    add("__imod__", "w %= b")
    add("__pow__", "a ** 2")
    add("__rpow__", "2 ** a")
    add("__ipow__", "w **= b")
    add("__eq__", "a == p")
    add("__ne__", "a != 0")
    add("__lt__", "a < b")
    add("__le__", "a <= r")
    add("__gt__", "a > n")
    add("__ge__", "a >= 1")
    add("__and__", "n & n2")
    add("__rand__", "3 & n")
    add("__iand__", "wn &= n")
    add("__or__", "k | k2")
    add("__ror__", "True | k")
    add("__ior__", "wn |= 3")
    add("__xor__", "n ^ n2")
    add("__rxor__", "1 ^ n")
    add("__ixor__", "wn ^= n")
    add("__neg__", "-a")
    add("__pos__", "+a")
    add("__invert__", "~k")
    add("__abs__", "abs(a)")
    # -- factories from a tensor
    add("empty_like", "L.empty_like(p)")
    add("zeros_like", "L.zeros_like(a)", "L.zeros_like(p, dtype=L.int64)")
    add("ones_like", "L.ones_like(s)")
    add("full_like", "L.full_like(a, 2.5)")
    add("new_empty", "a.new_empty((4, 4))")
    add("new_zeros", "a.new_zeros(4, 4, 4)")
    add("new_ones", "n.new_ones((2, 3))")
    add("new_full", "a.new_full((4, 4), 1.5)")
    add("new_tensor", "a.new_tensor([[1, 2], [3, 4]])")
    # -- reductions: all dims, one dim, several, keepdim, int inputs, out=
    add("sum", "a.sum()", "a.sum(1)", "p.sum((0, 2), keepdim=True)", "L.sum(n, 0)",
        "L.sum(a, 1, out=o1)")
    add("mean", "a.mean(-1)", "p.mean()")
    add("prod", "a.prod(0)")
    add("amax", "p.amax(1)", "a.amax((0, 1), keepdim=True)")
    add("amin", "L.amin(a, (0, 1))")
    add("all", "k.all(1)", "a.all()")
    add("any", "a.any()", "L.any(k, 2, keepdim=True)")
    add("count_nonzero", "L.count_nonzero(a, 1)", "p.count_nonzero()")
    add("max", "a.max()")
    add("max.dim", "p.max(1)", "a.max(dim=2, keepdim=True)")
    add("min", "L.min(a)")
    add("min.dim", "L.min(a, 0)")
    add("argmax", "a.argmax(1)", "a.argmax()")
    add("argmin", "L.argmin(p, 2, keepdim=True)")
    # -- joins
    add("cat", "L.cat([a, p], 1)", "L.cat([a, b, s], 1)", "L.cat([a, p], 0, out=o8)")
    add("concat", "L.concat([a, p])")
    add("concatenate", "L.concatenate([a, n], 2)")
    add("stack", "L.stack([a, p])", "L.stack([m, m], 1)")
    add("hstack", "L.hstack([a, p])")
    add("vstack", "L.vstack([m, v])")
    add("row_stack", "L.row_stack([m, m])")
    add("dstack", "L.dstack([m, m])")
    add("column_stack", "L.column_stack([v, m])")
    # -- matrix products
    add("mm", "L.mm(m, mt)", "L.mm(m, m, out=om)")
    add("bmm", "a.bmm(p)")
    add("mv", "L.mv(m, v)")
    add("dot", "v.dot(v)")
    add("vdot", "L.vdot(v, v)")
    add("matmul", "L.matmul(a, m)", "m.matmul(v)", "L.matmul(v, a)")
    add("__matmul__", "a @ p")
    # -- scatters and *_copy
    add("slice_scatter", "L.slice_scatter(a, s, 1, 0, None, 2)")
    add("select_scatter", "a.select_scatter(m, 0, 1)")
    add("diagonal_scatter", "L.diagonal_scatter(a, m, 0, 1, 2)")
    add("as_strided_scatter", "L.as_strided_scatter(a, m, (4, 4), (1, 4))")
    add("view_copy", "L.view_copy(a, (16, 4))")
    add("as_strided_copy", "L.as_strided_copy(a, (4, 4), (1, 4))")
    add("transpose_copy", "L.transpose_copy(a, 0, 2)")
    add("permute_copy", "L.permute_copy(p, (1, 2, 0))")
    add("expand_copy", "L.expand_copy(r, (4, 4, 4))")
    add("unsqueeze_copy", "L.unsqueeze_copy(a, 1)")
    add("squeeze_copy", "L.squeeze_copy(u)")
    add("diagonal_copy", "L.diagonal_copy(a, 0, 1, 2)")
    add("select_copy", "L.select_copy(a, 1, 2)")
    add("slice_copy", "L.slice_copy(a, 2, 0, 4, 2)")
    add("narrow_copy", "L.narrow_copy(p, 1, 1, 2)", "a.narrow_copy(0, 0, 2)")
    # -- indexing with tensors
    add("index_select", "a.index_select(1, ix)", "L.index_select(p, 0, ix)")
    add("gather", "a.gather(2, g)", "L.gather(p, 0, g)")
    add("take", "L.take(a, ix)")
    add("masked_select", "a.masked_select(k)", cpu=True)
    add("nonzero", "k.nonzero()", cpu=True)
    add("argwhere", "L.argwhere(a)", cpu=True)
    add("index_fill", "a.index_fill(1, ix, 0.5)")
    add("index_put", "a.index_put((ix,), v0)", "a.index_put((ix, ix), v0, accumulate=True)")
    add("index_fill_", "w.index_fill_(1, ix, 0.5)")
    add("index_put_", "w.index_put_((ix,), v0)", "w.index_put_((ix, ix), r, accumulate=True)")
    add("__getitem__", "a[ix]", "p[:, ix]", "a[ix, ix]")
    add("__getitem__", "a[k]", cpu=True)
    add("__setitem__", "w[ix] = 1.0", "w[:, ix] = v0")
    # -- the networks' ops: activations, softmax and layer_norm, addmm and linear
    F = "L.nn.functional"
    add("relu", "L.relu(p)")
    add("relu_", "w.relu_()")
    add("nn.functional.gelu", f"{F}.gelu(a)")
    add("nn.functional.silu", f"{F}.silu(p)")
    add("nn.functional.hardtanh", f"{F}.hardtanh(s)")
    add("nn.functional.elu.inplace", f"{F}.elu(w, inplace=True)")
    add("softmax", "L.softmax(a, 1)", "p.softmax(0)")
    add("log_softmax", "a.log_softmax(2)")
    add("nn.functional.softmax", f"{F}.softmax(p, dim=1)")
    add("nn.functional.log_softmax", f"{F}.log_softmax(s, 0)")
    add("nn.functional.softmin", f"{F}.softmin(a, 0)")
    add("nn.functional.layer_norm", f"{F}.layer_norm(a, (4,))", f"{F}.layer_norm(p, (4,), r, r)")
    add("addmm", "L.addmm(r, m, mt)", "m.addmm(m, mt, beta=0.5)")
    add("addmm_", "om.addmm_(m, mt)")
    add("nn.functional.linear", f"{F}.linear(a, m, r)", f"{F}.linear(p, m)")
    # -- sorting and selection, and torch.linalg
    add("sort", "a.sort(1)", "p.sort(0, True)")
    add("argsort", "L.argsort(s, stable=True, dim=2)")
    add("msort", "L.msort(p)")
    add("topk", "a.topk(2, 1)", "L.topk(p, 1, 0, largest=False)")
    add("kthvalue", "a.kthvalue(2, 2)", "p.kthvalue(1, 0, keepdim=True)")
    # tuple out= (reference/tuple_out.py): right-shaped outs, kept
    add("sort", "L.sort(p, 1, out=(o, oi))")
    add("topk", "L.topk(a, 4, 1, out=(o, oi))")
    add("kthvalue", "L.kthvalue(a, 2, 2, out=(o1, oi1))")
    add("linalg.inv_ex", "L.linalg.inv_ex(q, out=(om, oz))")
    add("linalg.qr", "L.linalg.qr(q, out=(om, om2))")
    add("linalg.slogdet", "L.linalg.slogdet(q, out=(of, of2))")
    add("linalg.lu_factor", "L.linalg.lu_factor(q, out=(om, o32))")
    add("linalg.qr", "L.linalg.qr(a)", "L.linalg.qr(p, 'complete')")
    # -- convolution, pooling and FFTs on an image batch (NCHW and channels_last)
    add("nn.functional.conv2d", f"{F}.conv2d(im, kw, padding=1)", f"{F}.conv2d(imc, kw)")
    add("nn.functional.conv_transpose2d", f"{F}.conv_transpose2d(im, kw, stride=2)")
    add("nn.functional.avg_pool2d", f"{F}.avg_pool2d(imc, 2)")
    add("nn.functional.max_pool2d", f"{F}.max_pool2d(im, 2, 1)")
    add("fft.rfft", "L.fft.rfft(p)")
    add("fft.irfft", "L.fft.irfft(a, 6, 0)")
    add("fft.fftn", "L.fft.fftn(s)")
    # -- cumulative ops and reordering
    add("cumsum", "L.cumsum(a, 1)", "p.cumsum(0)")
    add("cumprod", "a.cumprod(2)")
    add("cummax", "a.cummax(1)")
    add("cummin", "L.cummin(p, 0)")
    add("logcumsumexp", "s.logcumsumexp(1)")
    add("cumsum_", "w.cumsum_(1)")
    add("cumprod_", "wp.cumprod_(0)")
    add("flip", "a.flip(0)", "L.flip(p, [0, 2])")
    add("fliplr", "L.fliplr(a)")
    add("flipud", "L.flipud(p)")
    add("roll", "a.roll(1, 2)", "L.roll(p, 2)")
    add("rot90", "L.rot90(a, 1, [1, 2])")
    add("tril", "L.tril(a)")
    add("triu", "m.triu(1)")
    add("tril_", "w.tril_()")
    add("triu_", "wp.triu_(-1)")
    # -- statistics
    add("var", "a.var(1)", "L.var(p, 0, correction=0)")
    add("std", "L.std(p, 0)")
    add("var_mean", "L.var_mean(a, 2)")
    add("std_mean", "L.std_mean(p, 1)")
    add("logsumexp", "a.logsumexp(2)")
    add("nansum", "L.nansum(a, 1)")
    add("nanmean", "p.nanmean(0)")
    add("aminmax", "L.aminmax(a, dim=1)")
    add("median", "a.median()")
    add("median.dim", "a.median(1)")
    add("nanmedian", "p.nanmedian()")
    add("nanmedian.dim", "p.nanmedian(0)")
    add("mode", "a.mode(1)")
    # -- building
    add("repeat", "a.repeat(2, 1, 1)")
    add("tile", "L.tile(m, (2,))")
    add("repeat_interleave", "a.repeat_interleave(2, dim=0)")
    add("diag", "L.diag(m)", "L.diag(v)")
    add("diag_embed", "L.diag_embed(m)")
    add("diagflat", "L.diagflat(v)")
    add("block_diag", "L.block_diag(m, m)")
    add("meshgrid", "L.meshgrid(v, v, indexing='ij')")
    add("cartesian_prod", "L.cartesian_prod(v, v)")
    # -- products beyond mm: blas and contractions
    add("addmv", "L.addmv(v, m, v)")
    add("addr", "L.addr(m, v, v)")
    add("addr_", "om.addr_(v, v)")
    add("baddbmm", "L.baddbmm(a, a, p)")
    add("baddbmm_", "w.baddbmm_(a, a)")
    add("addbmm", "L.addbmm(m, a, a)")
    add("addbmm_", "om.addbmm_(a, a)")
    add("outer", "L.outer(v, v)")
    add("ger", "L.ger(v, v)")
    add("kron", "L.kron(m, m)")
    add("tensordot", "L.tensordot(a, p, 1)")
    # -- the networks' normalization and shaping
    add("nn.functional.batch_norm", f"{F}.batch_norm(im, v, v)", f"{F}.batch_norm(imc, v, v)")
    add("nn.functional.group_norm", f"{F}.group_norm(imc, 2)")
    add("nn.functional.pad", f"{F}.pad(im, (1, 1))", f"{F}.pad(imc, (1, 1, 1, 1), mode='reflect')")
    add("nn.functional.pixel_shuffle", f"{F}.pixel_shuffle(im, 2)")
    add("nn.functional.pixel_unshuffle", f"{F}.pixel_unshuffle(im, 2)")
    add("nn.functional.channel_shuffle", f"{F}.channel_shuffle(im, 2)")
    add("nn.functional.one_hot", f"{F}.one_hot(g, 4)")
    add("nn.functional.embedding", f"{F}.embedding(g, m)")
    add("nn.functional.embedding_bag", f"{F}.embedding_bag(g.flatten(), m, ix, mode='sum')",
        f"{F}.embedding_bag(g[0], m.t(), mode='max')")
    add("cross", "L.cross(a3, a3, dim=1)")
    add("fft.ifft", "L.fft.ifft(c)")
    add("fft.fft2", "L.fft.fft2(a)")
    add("fft.ifft2", "L.fft.ifft2(c)")
    add("fft.ifftn", "L.fft.ifftn(c)")
    add("fft.rfft2", "L.fft.rfft2(a)")
    add("fft.rfftn", "L.fft.rfftn(p)")
    add("fft.irfft2", "L.fft.irfft2(c)")
    add("fft.irfftn", "L.fft.irfftn(c)")
    add("fft.hfft", "L.fft.hfft(c)")
    add("fft.ihfft", "L.fft.ihfft(a)")
    add("fft.hfft2", "L.fft.hfft2(c)")
    add("fft.hfftn", "L.fft.hfftn(c)", "L.fft.hfftn(c, dim=(2, 0))")
    add("fft.ihfft2", "L.fft.ihfft2(a)")
    add("fft.ihfftn", "L.fft.ihfftn(p)", "L.fft.ihfftn(a, dim=(1,))")
    # -- linalg: LAPACK's column-major results (q is symmetric positive-definite)
    add("linalg.svd", "L.linalg.svd(q)")
    add("linalg.svdvals", "L.linalg.svdvals(qb)")
    add("linalg.eigh", "L.linalg.eigh(q)")
    add("linalg.eigvalsh", "L.linalg.eigvalsh(qb)")
    add("linalg.cholesky", "L.linalg.cholesky(q)")
    add("linalg.cholesky_ex", "L.linalg.cholesky_ex(qb)")
    add("linalg.eig", "L.linalg.eig(q)")
    add("linalg.eigvals", "L.linalg.eigvals(q)")
    add("linalg.inv", "L.linalg.inv(q)", "L.linalg.inv(qb)")
    add("linalg.inv_ex", "L.linalg.inv_ex(q)")
    add("linalg.solve", "L.linalg.solve(q, v)", "L.linalg.solve(qb, qb)")
    add("linalg.solve_ex", "L.linalg.solve_ex(q, m)")
    add("linalg.det", "L.linalg.det(qb)")
    add("linalg.slogdet", "L.linalg.slogdet(q)")
    add("linalg.lu", "L.linalg.lu(q)", "L.linalg.lu(m)")
    add("linalg.lu_factor", "L.linalg.lu_factor(q)")
    add("linalg.lu_factor_ex", "L.linalg.lu_factor_ex(qb)")
    add("linalg.lu_solve", "L.linalg.lu_solve(*L.linalg.lu_factor(q), m)")
    add("lu_unpack", "L.lu_unpack(*L.linalg.lu_factor(qb))")
    add("linalg.householder_product", "L.linalg.householder_product(q, v)")
    # lstsq has no meta kernel (linalg_lstsq calls linalg_lstsq.out), in the model as in torch
    add("linalg.lstsq", "L.linalg.lstsq(q, m)", "L.linalg.lstsq(qb, qb, driver='gelsd')",
        cpu=True)
    add("linalg.pinv", "L.linalg.pinv(q)", "L.linalg.pinv(qb, hermitian=True)")
    add("linalg.matrix_rank", "L.linalg.matrix_rank(q)", "L.linalg.matrix_rank(m)")
    # -- norms (reductions) and matrix functions (composites of products)
    add("linalg.vector_norm", "L.linalg.vector_norm(a)", "L.linalg.vector_norm(p, 1, (0, 2))")
    add("linalg.matrix_norm", "L.linalg.matrix_norm(qb)", "L.linalg.matrix_norm(q, 'nuc', "
        "keepdim=True)")
    add("linalg.norm", "L.linalg.norm(q, -1)", "L.linalg.norm(a, dim=1)")
    add("norm", "a.norm()", "L.norm(qb, 'nuc', (1, 2))")
    add("linalg.matrix_power", "L.linalg.matrix_power(q, 5)", "L.linalg.matrix_power(qb, -1)")
    add("matrix_power", "q.matrix_power(0)")
    add("linalg.matrix_exp", "L.linalg.matrix_exp(q.mul(0.01))")
    add("matrix_exp", "L.matrix_exp(qb.mul(0.01))")
    add("linalg.cross", "L.linalg.cross(q[..., :3], q[..., :3])")
    add("linalg.vecdot", "L.linalg.vecdot(q, q)", "L.linalg.vecdot(a, a, dim=0)")
    add("linalg.multi_dot", "L.linalg.multi_dot([q, q, q, q])")
    add("chain_matmul", "L.chain_matmul(q, m, mt)", warns="torch.chain_matmul is deprecated")
    # -- scatters that accumulate (g holds indices in range along any dim of a)
    add("scatter", "a.scatter(1, g, a)", "L.scatter(p, 0, g, 1.5)")
    add("scatter_", "w.scatter_(1, g, b)")
    add("scatter_add", "L.scatter_add(a, 1, g, a)")
    add("scatter_add_", "w.scatter_add_(2, g, b)")
    add("scatter_reduce", "a.scatter_reduce(1, g, a, 'amax')")
    add("scatter_reduce_", "w.scatter_reduce_(0, g, b, 'sum')")
    add("index_add", "a.index_add(0, ix, a2)", "L.index_add(p, 0, ix, a2, alpha=2)")
    add("index_add_", "w.index_add_(0, ix, a2)")
    add("index_copy", "a.index_copy(0, ix, a2)")
    add("index_copy_", "w.index_copy_(0, ix, a2)")
    # -- indexed writes and reads (ix in range along dim 0, k and k2 bool masks of a's shape;
    # torch's meta kernels of masked_scatter, put and take_along_dim read values)
    beta = "index_reduce() is in beta"  # torch warns once per process; the model does not
    add("index_reduce", "a.index_reduce(0, ix, a2, 'prod')",
        "L.index_reduce(p, 0, ix, a2, 'amax', include_self=False)", warns=beta)
    add("index_reduce_", "w.index_reduce_(0, ix, a2, 'mean')", warns=beta)
    add("masked_scatter", "a.masked_scatter(k, p)", "L.masked_scatter(a, k2[0], a)", cpu=True)
    add("masked_scatter_", "w.masked_scatter_(k, a)", cpu=True)
    add("put", "a.put(ix, v[:2])", "L.put(p, ix, v[:2], accumulate=True)", cpu=True)
    add("put_", "w.put_(ix, v[:2], True)", cpu=True)
    add("take_along_dim", "L.take_along_dim(a, g, 1)", "a.take_along_dim(ix)",
        "L.take_along_dim(p, g[:1], 0)", cpu=True)
    # -- counting: the shapes depend on the values (no meta kernels)
    add("unique", "L.unique(n)", "n.unique(return_inverse=True, return_counts=True)", cpu=True)
    add("unique_consecutive", "n.unique_consecutive()", cpu=True)
    add("bincount", "L.bincount(nv)", cpu=True)
    # -- fft shifts (roll's layouts), histc and the bucketing searches
    add("fft.fftshift", "L.fft.fftshift(a)", "L.fft.fftshift(p, (0, 2))")
    add("fft.ifftshift", "L.fft.ifftshift(p)", "L.fft.ifftshift(imc, -1)")
    add("histc", "L.histc(a, 8)", "p.histc(4, 0, 10)")
    add("searchsorted", "L.searchsorted(r, a)", "L.searchsorted(r, n, right=True)")
    add("bucketize", "L.bucketize(a, r)", "L.bucketize(n, r, out_int32=True)")
    # -- pooling beyond 2-d, adaptive pools (vol is a (1, 1, 4, 4, 4) volume)
    add("nn.functional.adaptive_avg_pool1d", f"{F}.adaptive_avg_pool1d(a, 2)")
    add("nn.functional.adaptive_avg_pool2d", f"{F}.adaptive_avg_pool2d(im, 2)",
        f"{F}.adaptive_avg_pool2d(imc, 3)")
    add("nn.functional.adaptive_avg_pool3d", f"{F}.adaptive_avg_pool3d(vol, 2)")
    add("nn.functional.adaptive_max_pool2d", f"{F}.adaptive_max_pool2d(imc, 2)")
    add("nn.functional.adaptive_max_pool2d_with_indices",
        f"{F}.adaptive_max_pool2d_with_indices(im, 3)")
    add("nn.functional.max_pool3d", f"{F}.max_pool3d(vol, 2)")
    add("nn.functional.max_pool3d_with_indices", f"{F}.max_pool3d_with_indices(vol, 2)")
    add("nn.functional.avg_pool3d", f"{F}.avg_pool3d(vol, 2)")
    add("nn.functional.conv3d", f"{F}.conv3d(vol, kw[:, :1].unsqueeze(2), padding=1)")
    add("nn.functional.conv_transpose3d", f"{F}.conv_transpose3d(vol, kw[:1].unsqueeze(2), "
        "stride=2)")
    add("nn.functional.max_unpool2d",
        f"{F}.max_unpool2d(*{F}.max_pool2d(imc, 2, return_indices=True), 2)")
    add("nn.functional.max_unpool1d",
        f"{F}.max_unpool1d(*{F}.max_pool1d(a, 2, return_indices=True), 2)")
    add("nn.functional.lp_pool2d", f"{F}.lp_pool2d(im, 2, 2)")
    add("nn.functional.lp_pool1d", f"{F}.lp_pool1d(a, 3, 2, 1)")
    # -- sampling, im2col, distances, the other norms
    add("nn.functional.interpolate", f"{F}.interpolate(im, scale_factor=2)",
        f"{F}.interpolate(imc, size=(6, 6), mode='bilinear')",
        f"{F}.interpolate(im, size=(3, 2), mode='area')",
        f"{F}.interpolate(imc, size=(3, 3), mode='bicubic', antialias=True)")
    add("nn.functional.unfold", f"{F}.unfold(im, 2)")
    add("nn.functional.fold", f"{F}.fold(fo, (4, 4), 2)")
    add("nn.functional.normalize", f"{F}.normalize(a, dim=1)")
    add("nn.functional.cosine_similarity", f"{F}.cosine_similarity(a, p)")
    add("nn.functional.pairwise_distance", f"{F}.pairwise_distance(m, mt)")
    add("cdist", "L.cdist(m, mt)")
    add("nn.functional.instance_norm", f"{F}.instance_norm(im)")
    add("nn.functional.local_response_norm", f"{F}.local_response_norm(imc, 2)")
    # -- einsum, bilinear, attention
    add("einsum", "L.einsum('ij,kj->ik', m, mt)", "L.einsum('ii->i', m)")
    add("nn.functional.bilinear", f"{F}.bilinear(m, m, a)")
    add("nn.functional.scaled_dot_product_attention",
        f"{F}.scaled_dot_product_attention(im, im, im)")
    # -- random sampling, the random fills, the dropouts
    add("rand_like", "L.rand_like(p)", "L.rand_like(imc, dtype=L.float64)")
    add("randn_like", "L.randn_like(p)")
    add("randint_like", "L.randint_like(p, 5)", "L.randint_like(n, 1, 4)")
    add("normal", "L.normal(p, 2.0)", "L.normal(a, r)", "L.normal(1.0, mt)",
        "L.normal(0.0, 1.0, (4, 4), device=a.device)")
    add("bernoulli", "L.bernoulli(pr)", "pr.bernoulli(0.5)", "L.bernoulli(pr, out=o1)")
    add("multinomial", "L.multinomial(pr, 2)", "pr.multinomial(5, replacement=True)")
    for name, args in (("uniform_", ""), ("normal_", ""), ("random_", "5"),
                       ("exponential_", ""), ("geometric_", "0.5"), ("cauchy_", ""),
                       ("log_normal_", ""), ("bernoulli_", "0.5")):
        add(name, f"wp.{name}({args})")
    for name in ("dropout", "alpha_dropout", "feature_alpha_dropout", "dropout2d"):
        add(f"nn.functional.{name}", f"{F}.{name}(im, 0.5, True)")
        add(f"nn.functional.{name}.inplace", f"{F}.{name}(w.view(1, 4, 4, 4), 0.5, True, True)")
    add("nn.functional.dropout1d", f"{F}.dropout1d(a, 0.5)")
    add("nn.functional.dropout1d.inplace", f"{F}.dropout1d(w, 0.5, inplace=True)")
    add("nn.functional.dropout3d", f"{F}.dropout3d(vol, 0.5)")
    add("nn.functional.dropout3d.inplace",
        f"{F}.dropout3d(w.view(1, 1, 4, 4, 4), 0.5, inplace=True)")
    return tuple(c)


CASES: tuple[Case, ...] = _cases()


def inputs(L: Any, device: str) -> dict[str, Any]:
    """Build the same inputs with torch (on CPU) or the reference (on meta or CPU)."""
    kw = {"device": device}
    f32 = {"dtype": L.float32, **kw}
    i64 = {"dtype": L.int64, **kw}
    a = L.arange(64, **f32).view(4, 4, 4)  # contiguous (4, 4, 4) float32
    n = L.arange(64, **i64).view(4, 4, 4)
    m = L.arange(16, **f32).view(4, 4)
    # symmetric positive-definite: 4 on the diagonal, 1 beside it
    spd = L.tensor([[4.0, 1.0, 0.0, 0.0], [1.0, 4.0, 1.0, 0.0], [0.0, 1.0, 4.0, 1.0],
                    [0.0, 0.0, 1.0, 4.0]], **f32)

    def fresh() -> Any:  # a float32 tensor an in-place statement writes again and again
        return L.full((4, 4, 4), 1.5, **f32)

    return {
        "L": L,
        "a": a,
        "p": a.permute(2, 0, 1),  # permuted view (4, 4, 4)
        "s": a[:, ::2],  # step-sliced view (4, 2, 4)
        "b": L.full((4, 4, 4), 1.5, **f32),
        "r": L.arange(4, **f32),  # broadcast against (4, 4, 4)
        "n": n % 7 + 1,  # int64, no zeros
        "n2": n % 5 + 1,
        "k": n % 3 == 0,  # bool masks
        "k2": n > 20,
        "c": L.zeros(4, 4, 4, dtype=L.complex64, device=device),
        "m": m,
        "mt": m.t(),
        "v": L.arange(4, **f32),
        "u": L.zeros(4, 1, 4, **f32),
        "ix": L.tensor([0, 2], **kw),  # an int64 index
        "g": n % 4,  # gather's index, the input's shape
        "v0": L.tensor(0.5, **kw),  # a 0-d value
        "o": L.empty(4, 4, 4, **f32),  # out= tensors of the right shapes
        "ok": L.empty(4, 4, 4, dtype=L.bool, device=device),
        "o1": L.empty(4, 4, **f32),
        "o8": L.empty(8, 4, 4, **f32),
        "om": L.empty(4, 4, **f32),
        # tuple out= tensors of the right shapes: int64 indices, int32 pivots and infos
        "oi": L.empty(4, 4, 4, dtype=L.int64, device=device),
        "oi1": L.empty(4, 4, dtype=L.int64, device=device),
        "om2": L.empty(4, 4, **f32),
        "o32": L.empty(4, dtype=L.int32, device=device),
        "oz": L.empty((), dtype=L.int32, device=device),
        "of": L.empty((), **f32),
        "of2": L.empty((), **f32),
        "w": fresh(),  # written in place
        "wp": fresh().permute(2, 0, 1),
        "wn": L.full((4, 4, 4), 5, **i64),
        "wk": n > 30,
        "wc": L.zeros(4, 4, 4, dtype=L.complex64, device=device),
        "im": a.view(1, 4, 4, 4),  # an image batch, NCHW
        "imc": a.view(1, 4, 4, 4).contiguous(memory_format=L.channels_last),
        "kw": L.arange(144, **f32).view(4, 4, 3, 3),  # conv weights (out, in, kH, kW)
        "a3": a[:, :3],  # cross's dim of 3
        "a2": a[:2],  # two slices for index_add/index_copy at ix
        "q": spd,
        "qb": spd.expand(3, 4, 4),  # a batch of the same matrix
        "nv": (n % 5).flatten(),  # bincount's non-negative integers
        "vol": a.view(1, 1, 4, 4, 4),  # a volume for the 3-d pools
        "fo": L.arange(144, **f32).view(1, 16, 9),  # fold's columns (C*kH*kW, blocks)
        "pr": m.t().div(16),  # probabilities in [0, 1), rows summing above zero
    }


def ref_device(case: Case) -> str:
    return "cpu" if case.cpu else "meta"


def _layout(obj: Any) -> Any:
    if isinstance(obj, tuple):
        return tuple(_layout(o) for o in obj)
    return (tuple(obj.shape), tuple(obj.stride()), obj.storage_offset(), str(obj.dtype))


def _run_once(case: Case, L: Any, device: str) -> Any:
    """Run the statement on fresh inputs; return its result (an assignment's target)."""
    names = inputs(L, device)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            code = compile(case.stmt, "<case>", "eval")
        except SyntaxError:  # `w += b`, `w[ix] = 1.0`: the tensor assigned to
            exec(case.stmt, {}, names)  # noqa: S102 - the statements are this file's own
            result = names[case.stmt.split()[0].split("[")[0]]
        else:
            result = eval(code, {}, names)  # noqa: S307
    caught = [w for w in caught
              if not (case.warns and str(w.message).startswith(case.warns))]
    if caught:  # a warning per call would be timed too
        raise SystemExit(f"{case.stmt}: {L.__name__} warns: {caught[0].message}")
    return result


def check_same(case: Case) -> None:
    """Run the statement once per library and check both give the same layouts and dtypes."""
    ref = _run_once(case, R, ref_device(case))
    results = [_layout(ref), _layout(_run_once(case, torch, "cpu"))]
    if results[0] != results[1]:
        raise SystemExit(f"{case.stmt}: reference {results[0]} != torch {results[1]}")
    outs = ref if isinstance(ref, tuple) else (ref,)
    if any(t.device.type != ref_device(case) for t in outs):
        raise SystemExit(f"{case.stmt}: the reference's result is not on {ref_device(case)}")


def family(key: str) -> str:
    return BY_KEY[key].family


def target_keys() -> list[str]:
    return [op.key for op in OPS if op.family in ALLOCATING_FAMILIES or op.key in EXTRA_KEYS]


def _profile(cases: list[Case], calls: int) -> tuple[dict[Any, Any], int]:
    """Run the reference side of statements under cProfile; return its stats and the calls."""
    timers = [make_timer(case.stmt, inputs(R, ref_device(case))) for case in cases]
    for timer in timers:
        timer(10)
    prof = cProfile.Profile()
    gc.collect()
    gc.disable()  # as when timing: a collection would be charged to whatever runs then
    try:
        prof.enable()
        for timer in timers:
            timer(calls)
        prof.disable()
    finally:
        gc.enable()
    raw: dict[Any, Any] = pstats.Stats(prof).stats  # type: ignore[attr-defined]
    return raw, calls * len(cases)


def _where(file: str, line: int, name: str) -> tuple[str, str]:
    """Return (module, function label) of a profile entry; C functions count as builtins."""
    if file == "~":
        return "builtins", name
    module = file.rsplit("/", 1)[-1]
    return module, f"{module}:{line}({name})"


def profile(cases: list[Case], calls: int, top: int = 8) -> dict[str, Any]:
    """Say where the reference's time goes over `cases`: by module, by function, and how
    many Python functions one statement calls.

    cProfile adds a roughly fixed cost per call, so the shares overstate cheap functions;
    the counts of calls are exact.
    """
    raw, statements = _profile(cases, calls)
    by_module: dict[str, float] = {}
    by_function: list[tuple[float, float, str]] = []
    py_calls = 0
    for (file, line, name), (_, ncalls, tottime, cumtime, _) in raw.items():
        if file.startswith("<bench"):
            continue  # the timing loop itself
        module, label = _where(file, line, name)
        if module != "builtins":
            py_calls += ncalls
        by_module[module] = by_module.get(module, 0.0) + tottime
        by_function.append((tottime, cumtime, label))
    total = sum(by_module.values()) or 1e-12
    by_function.sort(reverse=True)
    return {
        "stmts": [case.stmt for case in cases],
        "python_calls_per_stmt": round(py_calls / statements, 1),
        "modules": [(m, round(t / total, 3)) for m, t in
                    sorted(by_module.items(), key=lambda kv: -kv[1])[:top]],
        "functions": [(label, round(tot / total, 3), round(cum / total, 3))
                      for tot, cum, label in by_function[:top]],
    }


def calls_per_stmt(case: Case) -> float:
    """Return how many Python functions (the model's and numpy's) one run of the statement calls."""
    raw, statements = _profile([case], 50)
    return sum(v[1] for (file, _, _), v in raw.items()
               if file != "~" and not file.startswith("<bench")) / statements


def run(batches: int, number: int, seed: int) -> dict[str, Any]:
    torch.set_flush_denormal(True)  # in-place statements repeated must not slow down
    for case in CASES:
        check_same(case)
    timers = {(case.stmt, lib): make_timer(case.stmt, inputs(L, dev))
              for case in CASES
              for lib, L, dev in (("ref", R, ref_device(case)), ("torch", torch, "cpu"))}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # none was seen above; none may go untimed now
        for t in timers.values():  # warm up caches and lazy paths
            t(max(number // 10, 10))
        start = time.perf_counter()
        samples = interleaved(timers, [case.stmt for case in CASES], batches, number, seed)
        seconds = time.perf_counter() - start
    rows: list[dict[str, Any]] = []
    for case in CASES:
        ref_ns = median(samples[(case.stmt, "ref")])
        torch_ns = median(samples[(case.stmt, "torch")])
        rows.append({"op": case.key, "family": family(case.key), "stmt": case.stmt,
                     "ref_device": ref_device(case), "ref_ns": round(ref_ns, 1),
                     "torch_ns": round(torch_ns, 1), "ratio": round(ref_ns / torch_ns, 3)})
    per_op: dict[str, list[float]] = {}
    for row in rows:
        per_op.setdefault(row["op"], []).append(row["ratio"])
    op_ratios = {k: median(v) for k, v in per_op.items()}
    per_family: dict[str, list[float]] = {}
    for k, v in op_ratios.items():
        per_family.setdefault(family(k), []).append(v)
    missing = [k for k in target_keys() if k not in op_ratios]
    meta_ratios = [r["ratio"] for r in rows if r["ref_device"] == "meta"]
    for row in rows:
        case = next(c for c in CASES if c.stmt == row["stmt"])
        row["python_calls"] = round(calls_per_stmt(case), 1)
    meta_cases = [c for c in CASES if not c.cpu]
    slowest = [next(c for c in CASES if c.stmt == r["stmt"])
               for r in sorted(rows, key=lambda r: -r["ratio"]) if r["ref_device"] == "meta"]
    profiles = {"all meta statements": profile(meta_cases, PROFILE_CALLS // 10)}
    for case in slowest[:PROFILED]:
        profiles[case.stmt] = profile([case], PROFILE_CALLS, top=6)
    return {
        "benchmark": "bench_allocating",
        "environment": environment(),
        "batches": batches,
        "calls_per_batch": number,
        "timing_seconds": round(seconds, 1),
        "rows": rows,
        "op_ratios": {k: round(v, 3) for k, v in op_ratios.items()},
        "family_ratios": {k: {"ops": len(v), "median": round(median(v), 3)}
                          for k, v in per_family.items()},
        "median_op_ratio": round(median(list(op_ratios.values())), 3),
        "median_stmt_ratio": round(median([r["ratio"] for r in rows]), 3),
        "median_meta_stmt_ratio": round(median(meta_ratios), 3),
        "goal": GOAL,
        "not_covered": missing,
        "profiles": profiles,
    }


def report(res: dict[str, Any]) -> None:
    env = res["environment"]
    print(f"bench_allocating: {res['batches']} batches x {res['calls_per_batch']} calls, "
          f"Python {env['python']}, torch {env['torch']} ({env['torch_threads']} threads), "
          f"{env['cpus']} cpus, {env['date']}; timing took {res['timing_seconds']} s")
    print(f"{'op':<20} {'statement':<46} {'ref':>4} {'calls':>5} {'ref ns':>8} {'torch ns':>8} "
          f"{'ratio':>6}")
    for row in res["rows"]:
        print(f"{row['op']:<20} {row['stmt']:<46} {row['ref_device']:>4} "
              f"{row['python_calls']:>5.0f} {row['ref_ns']:>8.0f} {row['torch_ns']:>8.0f} "
              f"{row['ratio']:>6.2f}")
    print(f"ops timed: {len(res['op_ratios'])}, statements: {len(res['rows'])}")
    if res["not_covered"]:
        print(f"WARNING: catalogue ops not covered: {', '.join(res['not_covered'])}")
    print("median ratio by family (ops): " + ", ".join(
        f"{k} {v['median']:.2f} ({v['ops']})" for k, v in res["family_ratios"].items()))
    worst = sorted(res["op_ratios"].items(), key=lambda kv: -kv[1])[:8]
    print("slowest relative to torch: " + ", ".join(f"{k} {v:.2f}" for k, v in worst))
    calls = [r["python_calls"] for r in res["rows"] if r["ref_device"] == "meta"]
    print(f"Python calls of the model per meta statement: median {median(calls):.0f}, "
          f"range {min(calls):.0f}-{max(calls):.0f}")
    for what, prof in res["profiles"].items():
        print(f"profile of the reference, {what}: "
              f"{prof['python_calls_per_stmt']:.0f} Python calls per statement")
        print("  own time by module: " + ", ".join(f"{m} {s:.0%}" for m, s in prof["modules"]))
        print("  by function (own/with callees): " + ", ".join(
            f"{f} {s:.0%}/{c:.0%}" for f, s, c in prof["functions"]))
    verdict = "meets" if res["median_op_ratio"] <= res["goal"] else "misses"
    print(f"median ratio over ops: {res['median_op_ratio']:.3f} (over statements: "
          f"{res['median_stmt_ratio']:.3f}, over the meta statements: "
          f"{res['median_meta_stmt_ratio']:.3f}); goal <= {res['goal']}: {verdict}")


def main(argv: list[str] | None = None) -> int:
    return timing_main(__doc__, run, report, unit="statement", number=500, quick=(3, 100),
                       option=SEED_OPTION, argv=argv)


if __name__ == "__main__":
    sys.exit(main())
