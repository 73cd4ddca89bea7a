"""split family: unbind, split, split_with_sizes, chunk, tensor_split, hsplit, vsplit, dsplit."""

from __future__ import annotations

from ._support import Table, table_tests

R = "r = torch.arange(70, dtype=torch.float32).view(7, 10)\n"
X = "x = torch.arange(24, dtype=torch.float32).view(2, 3, 4)\n"
V = "v = torch.arange(6, dtype=torch.float32)\n"
S = "s = torch.tensor(1.0)\n"
Z = "z = torch.zeros(0, 4)\n"
P = X + "p = x.permute(2, 0, 1)\n"

CASES: Table = [
    # unbind
    ("unbind-0", X + "ps = x.unbind()"),
    ("unbind-1", X + "ps = x.unbind(1)"),
    ("unbind-negative", X + "ps = x.unbind(-1)"),
    ("unbind-1d", V + "ps = v.unbind()"),
    ("unbind-zero-dim-empty", Z + "ps = z.unbind(0)"),
    ("unbind-zero-other", Z + "ps = z.unbind(1)"),
    ("unbind-permuted", P + "ps = p.unbind(0)"),
    ("unbind-expanded", "e = torch.zeros(3).expand(2, 3)\nps = e.unbind()"),
    ("unbind-write-one", X + "ps = x.unbind()\nps[1].fill_(0)"),
    ("fn-unbind", X + "ps = torch.unbind(x, 2)"),
    # split
    ("split-even", R + "ps = r.split(2, 1)"),
    ("split-uneven", R + "ps = r.split(3)"),
    ("split-larger-than-dim", R + "ps = r.split(10)"),
    ("split-exact", R + "ps = r.split(7)"),
    ("split-one", V + "ps = v.split(1)"),
    ("split-negative-dim", X + "ps = x.split(3, -1)"),
    ("split-zero-dim-zero-size", Z + "ps = z.split(0)"),
    ("split-zero-dim", Z + "ps = z.split(3)"),
    ("split-zero-other", Z + "ps = z.split(3, 1)"),
    ("split-list", R + "ps = r.split([3, 4])"),
    ("split-list-zero-piece", R + "ps = r.split([0, 7, 0])"),
    ("split-permuted", P + "ps = p.split(2)"),
    ("split-offset", R + "t = r[2:, 1:]\nps = t.split(2, 1)"),
    ("split-kw", R + "ps = r.split(split_size=4, dim=1)"),
    ("split-int64", "v = torch.arange(5)\nps = v.split(2)"),
    ("split-meta", "m = torch.zeros(5, 2, device='meta')\nps = m.split(2)"),
    ("fn-split", R + "ps = torch.split(r, 3)"),
    ("fn-split-list", R + "ps = torch.split(r, [5, 5], dim=1)"),
    ("split_with_sizes", R + "ps = r.split_with_sizes([2, 5])"),
    ("split_with_sizes-dim", X + "ps = x.split_with_sizes([1, 0, 3], -1)"),
    ("split_with_sizes-single", V + "ps = v.split_with_sizes([6])"),
    ("split_with_sizes-zero", Z + "ps = z.split_with_sizes([0, 0])"),
    ("fn-split_with_sizes", R + "ps = torch.split_with_sizes(r, [4, 6], 1)"),
    # chunk
    ("chunk-even", R + "ps = r.chunk(2, 1)"),
    ("chunk-uneven", R + "ps = r.chunk(3)"),
    ("chunk-fewer-pieces", R + "ps = r.chunk(6)"),
    ("chunk-more-than-size", R + "ps = r.chunk(8)"),
    ("chunk-one", R + "ps = r.chunk(1)"),
    ("chunk-zero-size", Z + "ps = z.chunk(3)"),
    ("chunk-zero-size-other", Z + "ps = z.chunk(3, 1)"),
    ("chunk-negative-dim", X + "ps = x.chunk(2, -1)"),
    ("chunk-permuted", P + "ps = p.chunk(3, 2)"),
    ("fn-chunk", R + "ps = torch.chunk(r, 4, 1)"),
    # tensor_split
    ("tensor_split-sections", R + "ps = r.tensor_split(3)"),
    ("tensor_split-sections-more", R + "ps = r.tensor_split(8)"),
    ("tensor_split-indices", R + "ps = r.tensor_split([4, 1])"),
    ("tensor_split-indices-wrap", R + "ps = r.tensor_split([-2, 20])"),
    ("tensor_split-indices-empty", R + "ps = r.tensor_split([])"),
    ("tensor_split-dim", R + "ps = r.tensor_split([2, 5], dim=1)"),
    ("tensor_split-negative-dim", X + "ps = x.tensor_split(2, -1)"),
    ("tensor_split-tensor-sections", R + "ps = r.tensor_split(torch.tensor(2))"),
    ("tensor_split-tensor-indices", R + "ps = r.tensor_split(torch.tensor([1, 3]))"),
    ("tensor_split-zero", Z + "ps = z.tensor_split(2)"),
    ("fn-tensor_split", R + "ps = torch.tensor_split(r, 2, 1)"),
    ("fn-tensor_split-tuple", R + "ps = torch.tensor_split(r, (1, 6))"),
    # hsplit / vsplit / dsplit
    ("hsplit-1d", V + "ps = v.hsplit(3)"),
    ("hsplit-2d", R + "ps = r.hsplit(5)"),
    ("hsplit-list", R + "ps = r.hsplit([2, 7])"),
    ("vsplit-int", R + "ps = r.vsplit(7)"),
    ("vsplit-list", R + "ps = r.vsplit([3])"),
    ("dsplit-int", X + "ps = x.dsplit(2)"),
    ("dsplit-list", X + "ps = x.dsplit([1, 1, 3])"),
    ("fn-hsplit", X + "ps = torch.hsplit(x, 3)"),
    ("fn-vsplit", X + "ps = torch.vsplit(x, [1])"),
    ("fn-dsplit", X + "ps = torch.dsplit(x, 4)"),
    ("split-version-shared", R + "ps = r.split(3)\nps[2].add_(1)"),
]

ERRORS: Table = [
    ("err-unbind-0d", S + "ps = s.unbind()"),
    ("err-unbind-dim", X + "ps = x.unbind(3)"),
    ("err-split-0d", S + "ps = s.split(1)"),
    ("err-split-negative", R + "ps = r.split(-1)"),
    ("err-split-negative-before-dim", R + "ps = r.split(-1, 5)"),
    ("err-split-zero", R + "ps = r.split(0)"),
    ("err-split-dim", R + "ps = r.split(2, 2)"),
    ("err-split_with_sizes-sum", R + "ps = r.split_with_sizes([3, 3])"),
    ("err-split_with_sizes-negative", R + "ps = r.split_with_sizes([8, -1])"),
    ("err-split-list-sum", R + "ps = r.split([3, 5])"),
    ("err-chunk-0d", S + "ps = s.chunk(1)"),
    ("err-chunk-zero", R + "ps = r.chunk(0)"),
    ("err-chunk-negative", R + "ps = r.chunk(-2)"),
    ("err-chunk-dim", R + "ps = r.chunk(2, -3)"),
    ("err-tensor_split-0d", S + "ps = s.tensor_split(1)"),
    ("err-tensor_split-zero", R + "ps = r.tensor_split(0)"),
    ("err-tensor_split-dim", R + "ps = r.tensor_split(2, 2)"),
    ("err-tensor_split-float-tensor", R + "ps = r.tensor_split(torch.tensor([1.0]))"),
    ("err-tensor_split-2d-tensor", R + "ps = r.tensor_split(torch.tensor([[1]]))"),
    ("err-hsplit-0d", S + "ps = s.hsplit(1)"),
    ("err-hsplit-not-divisible", R + "ps = r.hsplit(3)"),
    ("err-hsplit-zero", R + "ps = r.hsplit(0)"),
    ("err-hsplit-negative", R + "ps = r.hsplit(-1)"),
    ("err-vsplit-1d", V + "ps = v.vsplit(2)"),
    ("err-vsplit-not-divisible", R + "ps = r.vsplit(2)"),
    ("err-dsplit-2d", R + "ps = r.dsplit(2)"),
    ("err-dsplit-not-divisible", X + "ps = x.dsplit(3)"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    CASES + ERRORS, ERRORS)
