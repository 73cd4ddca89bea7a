"""broadcast family: expand, expand_as, broadcast_to."""

from __future__ import annotations

from ._support import Table, table_tests

R = "r = torch.tensor([1., 2., 3.])\n"
C = "c = torch.tensor([[1.], [2.]])\n"
S = "s = torch.tensor(5.0)\n"
X = "x = torch.arange(24, dtype=torch.float32).view(2, 3, 4)\n"

CASES: Table = [
    ("expand-row", R + "y = r.expand(4, 3)"),
    ("expand-col", C + "y = c.expand(2, 5)"),
    ("expand-minus1", C + "y = c.expand(-1, 5)"),
    ("expand-tuple", C + "y = c.expand((3, 2, 4))"),
    ("expand-size-arg", C + "y = c.expand(torch.Size([2, 2]))"),
    ("expand-same-shape-new-view", R + "y = r.expand(3)"),
    ("expand-leading-1-stride", R + "y = r.expand(1, 3)"),
    ("expand-leading-1s", R + "y = r.expand(1, 1, 3)"),
    ("expand-leading-mixed", C + "y = c.expand(3, 1, 2, 4)"),
    ("expand-0d", S + "y = s.expand(2, 3)"),
    ("expand-0d-to-0d", S + "y = s.expand(())"),
    ("expand-0d-to-1", S + "y = s.expand(1)"),
    ("expand-0d-to-zero", S + "y = s.expand(0)"),
    ("expand-size1-to-zero", C + "y = c.expand(2, 0)"),
    ("expand-zero-dim-keep", "z = torch.zeros(0, 1)\ny = z.expand(0, 5)"),
    ("expand-zero-dim-minus1", "z = torch.zeros(0, 1)\ny = z.expand(-1, 5)"),
    ("expand-new-leading-zero", R + "y = r.expand(0, 3)"),
    # c10 multiplies sizes as uint64: a negative size beside a zero passes (shape (-1, 0)),
    # and a stride-0 one passes the storage check (ExpandUtils.cpp, TensorImpl.h)
    ("expand-0d-minus1-beside-zero", S + "y = s.expand(-1, 0)"),
    ("expand-0d-zero-beside-minus2", S + "y = s.expand(0, -2)"),
    ("expand-size1-minus2-beside-zero", "z = torch.zeros(1, 0)\ny = z.expand(-2, 0)"),
    ("expand-of-expanded", R + "e = r.expand(2, 3)\ny = e.expand(4, 2, 3)"),
    ("expand-permuted", "p = torch.zeros(1, 3, 1).permute(2, 0, 1)\ny = p.expand(4, 2, 3)"),
    ("expand-offset", X + "t = x[1, :, 1:2]\ny = t.expand(3, 5)"),
    ("expand-stepped", "t = torch.arange(10.)[::3].view(4, 1)\ny = t.expand(4, 6)"),
    ("expand-bool", "b = torch.tensor([[True], [False]])\ny = b.expand(2, 3)"),
    ("expand-int8", "b = torch.tensor([1, -2], dtype=torch.int8)\ny = b.expand(3, 2)"),
    ("expand-complex", "b = torch.tensor([1+1j])\ny = b.expand(3)"),
    ("expand-conj", "b = torch.tensor([1+1j]).conj()\ny = b.expand(2, 1)"),
    ("expand-f16", "b = torch.ones(1, dtype=torch.float16)\ny = b.expand(4)"),
    ("expand-meta", "m = torch.zeros(3, 1, device='meta')\ny = m.expand(3, 4)"),
    ("expand-to-4d-cl-like", "t = torch.zeros(1, 3, 1, 1)\ny = t.expand(2, 3, 4, 5)"),
    ("expand-contiguity", "t = torch.zeros(3, 1)\ny = t.expand(3, 1)\nw = t.expand(3, 2)"),
    ("expand-version-shared", R + "y = r.expand(2, 3)\nr.add_(1)"),
    ("expand-then-contiguous", R + "y = r.expand(2, 3)\nw = y.contiguous()"),
    ("expand-then-clone", R + "y = r.expand(2, 3)\nw = y.clone()"),
    ("expand-then-select", R + "y = r.expand(2, 3)\nw = y[1]"),
    ("expand-as", C + "o = torch.zeros(2, 4)\ny = c.expand_as(o)"),
    ("expand-as-new-dims", R + "o = torch.zeros(2, 2, 3)\ny = r.expand_as(o)"),
    ("expand-as-0d", S + "o = torch.zeros(3, 1)\ny = s.expand_as(o)"),
    ("broadcast_to", C + "y = c.broadcast_to((2, 3))"),
    ("broadcast_to-minus1", C + "y = c.broadcast_to((4, -1, 3))"),
    ("broadcast_to-0d", S + "y = s.broadcast_to((2,))"),
    ("broadcast_to-same", R + "y = r.broadcast_to((3,))"),
    ("fn-broadcast_to", R + "y = torch.broadcast_to(r, (2, 3))"),
    ("fn-broadcast_to-list", C + "y = torch.broadcast_to(c, [3, 2, 2])"),
]

ERRORS: Table = [
    ("err-expand-no-args", C + "y = c.expand()"),
    ("err-expand-mismatch", R + "y = r.expand(4, 4)"),
    ("err-expand-mismatch-inner", C + "y = c.expand(3, 4)"),
    ("err-expand-fewer-sizes", C + "y = c.expand(4)"),
    ("err-expand-fewer-sizes-bool", "b = torch.zeros(2, 1, dtype=torch.bool)\ny = b.expand(4)"),
    ("err-expand-fewer-sizes-int64", "b = torch.zeros(2, 1, dtype=torch.int64)\ny = b.expand(4)"),
    ("err-expand-fewer-sizes-c64", "b = torch.zeros(2, 1, dtype=torch.complex64)\ny = b.expand(4)"),
    ("err-expand-fewer-sizes-meta", "b = torch.zeros(2, 1, device='meta')\ny = b.expand(4)"),
    ("err-expand-fewer-sizes-f16", "b = torch.zeros(2, 1, dtype=torch.float16)\ny = b.expand(4)"),
    ("err-expand-leading-minus1", R + "y = r.expand(-1, 3)"),
    ("err-expand-0d-minus1", S + "y = s.expand(-1)"),
    ("err-expand-minus2-size1", C + "y = c.expand(2, -2)"),
    ("err-expand-0d-minus1-then-size", S + "y = s.expand(-1, 2)"),
    ("err-expand-0d-two-minus1-then-zero", S + "y = s.expand(-1, -1, 0)"),
    ("err-expand-size1-minus2-of-stride1", "z = torch.zeros(2, 1).t()\ny = z.expand(-2, 2)"),
    ("err-expand-zero-to-nonzero", "z = torch.zeros(0, 1)\ny = z.expand(3, 1)"),
    ("err-expand-as", R + "o = torch.zeros(3, 4)\ny = r.expand_as(o)"),
    ("err-broadcast_to", C + "y = c.broadcast_to((3, 3))"),
    ("err-broadcast_to-fewer", C + "y = c.broadcast_to((3,))"),
    ("err-fn-broadcast_to", R + "y = torch.broadcast_to(r, (2, 2))"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    CASES + ERRORS, ERRORS)
