"""*_like and new_* factories: the layout of empty_like / zeros_like / ones_like / full_like
(empty_like's values are allocator garbage and not compared, its layout is) under
memory_format=preserve_format (the default: exact strides of a non-overlapping and dense input,
else dense strides in the input's dim order, channels_last for channels-last-like inputs),
contiguous_format, channels_last and channels_last_3d (and the rank errors), on transposed,
permuted, stepped, expanded, size-1-odd-stride, zero-size and 0-d inputs, with dtype= and
device= overrides and full_like's value casts; Tensor.new_empty / new_empty_strided /
new_zeros / new_ones / new_full / new_tensor (dtype and device inherited from self, contiguous
results, dtype=/device= overrides; new_tensor of a tensor copies it, keeping its strides, in
self's dtype) and their errors.
torch.rand_like and friends are out of scope."""

from __future__ import annotations

from ._support import Table, table_tests

X = "x = torch.arange(6.).view(2, 3)\n"
T = X + "t = x.t()\n"
P3 = "p = torch.arange(24.).view(2, 3, 4).permute(1, 2, 0)\n"
P4 = "p = torch.arange(120.).view(2, 3, 4, 5).permute(3, 1, 0, 2)\n"
# channels_last strides (60, 1, 15, 3) reached by a permute
C4 = "c = torch.arange(120.).view(2, 4, 5, 3).permute(0, 3, 1, 2)\n"
C5 = "c = torch.zeros(1, 2, 3, 4, 5).contiguous(memory_format=torch.channels_last_3d)\n"
F4 = "f = torch.zeros(2, 3, 4, 5)\n"
F5 = "f = torch.zeros(1, 2, 3, 2, 2)\n"
N = "n = torch.arange(12.).view(3, 4).t()[::2]\n"
O = "o = torch.empty_strided((2, 1, 3), (3, 7, 1))\n"
S = "s = torch.tensor(2.)\n"
I = "i = torch.arange(6, dtype=torch.int32).view(2, 3).t()\n"
U = "u = torch.tensor([1, 2, 3], dtype=torch.uint8)\n"
M = "m = torch.zeros(2, 3, device='meta').t()\n"

LIKE: Table = [
    # preserve_format (default) on dense inputs: the strides are copied
    ("zeros_like-transposed", T + "y = torch.zeros_like(t)"),
    ("ones_like-permuted-3d", P3 + "y = torch.ones_like(p)"),
    ("full_like-permuted-4d", P4 + "y = torch.full_like(p, 7)"),
    ("ones_like-cl-by-permute", C4 + "y = torch.ones_like(c)"),
    ("full_like-cl3d", C5 + "y = torch.full_like(c, 2.5)"),
    ("zeros_like-cl-permuted-again", C4 + "y = torch.zeros_like(c.permute(0, 1, 3, 2))"),
    ("ones_like-explicit-preserve",
     T + "y = torch.ones_like(t, memory_format=torch.preserve_format)"),
    ("zeros_like-view-offset-dropped", X + "y = torch.zeros_like(x[1:])"),
    # size-1 dims with odd strides: still dense, strides copied as they are
    ("zeros_like-size1-odd-stride", O + "y = torch.zeros_like(o)"),
    ("ones_like-size1-transposed-odd", "o = torch.empty_strided((2, 1, 3), (1, 1, 2))\n"
                                       "y = torch.ones_like(o)"),
    ("full_like-all-size1-odd", "o = torch.empty_strided((1, 1), (5, 9))\n"
                                "y = torch.full_like(o, 1)"),
    ("ones_like-size1-odd-contiguous-format",
     O + "y = torch.ones_like(o, memory_format=torch.contiguous_format)"),
    ("zeros_like-size1-cl-both-1", "c = torch.zeros(2, 1, 1, 1).contiguous("
                                   "memory_format=torch.channels_last)\ny = torch.zeros_like(c)"),
    # non-dense inputs: dense strides in the input's dim order
    ("empty_like-stepped-transposed", N + "y = torch.empty_like(n)"),
    ("full_like-stepped-size1", "n = torch.arange(12.).view(2, 1, 6)[:, :, ::2]\n"
                                "y = torch.full_like(n, 3)"),
    ("zeros_like-stepped-permuted-4d", P4 + "y = torch.zeros_like(p[::2])"),
    ("ones_like-stepped-cl", C4 + "y = torch.ones_like(c[:, :, ::2])"),
    ("zeros_like-stepped-cl3d", C5 + "y = torch.zeros_like(c[:, :, :, ::2])"),
    ("full_like-expanded-row", "e = torch.arange(3.).expand(4, 3)\ny = torch.full_like(e, 1)"),
    ("ones_like-expanded-middle", "e = torch.zeros(2, 1, 3).expand(2, 4, 3)\n"
                                  "y = torch.ones_like(e)"),
    ("zeros_like-expanded-transposed", "e = torch.arange(3.).view(3, 1).expand(3, 4).t()\n"
                                       "y = torch.zeros_like(e)"),
    # zero-size and 0-d
    ("zeros_like-zero-size-transposed", "z = torch.zeros(0, 3).t()\ny = torch.zeros_like(z)"),
    ("full_like-zero-size-permuted", "z = torch.zeros(3, 0, 2).permute(2, 0, 1)\n"
                                     "y = torch.full_like(z, 1)"),
    ("ones_like-zero-size-contiguous-format", "z = torch.zeros(3, 0, 2).permute(2, 0, 1)\n"
                                              "y = torch.ones_like(z, "
                                              "memory_format=torch.contiguous_format)"),
    ("empty_like-zero-size-cl", "z = torch.zeros(2, 3, 0, 3)\n"
                                "y = torch.empty_like(z, memory_format=torch.channels_last)"),
    ("zeros_like-0d", S + "y = torch.zeros_like(s)"),
    ("full_like-0d", S + "y = torch.full_like(s, 3)"),
    # explicit memory formats
    ("zeros_like-contiguous-format-transposed",
     T + "y = torch.zeros_like(t, memory_format=torch.contiguous_format)"),
    ("full_like-contiguous-format-cl",
     C4 + "y = torch.full_like(c, 1, memory_format=torch.contiguous_format)"),
    ("ones_like-contiguous-format-stepped",
     N + "y = torch.ones_like(n, memory_format=torch.contiguous_format)"),
    ("zeros_like-cl-of-permuted",
     P4 + "y = torch.zeros_like(p, memory_format=torch.channels_last)"),
    ("empty_like-cl-of-stepped", F4 + "y = torch.empty_like(f[:, :, ::2], "
                                      "memory_format=torch.channels_last)"),
    ("empty_like-cl-size1-channels", "f = torch.zeros(2, 1, 3, 3)\n"
                                     "y = torch.empty_like(f, memory_format=torch.channels_last)"),
    ("ones_like-cl-size1-spatial", "f = torch.zeros(2, 3, 1, 1)\n"
                                   "y = torch.ones_like(f, memory_format=torch.channels_last)"),
    ("zeros_like-cl3d-of-contiguous",
     F5 + "y = torch.zeros_like(f, memory_format=torch.channels_last_3d)"),
    ("full_like-cl3d-size1", "f = torch.zeros(2, 1, 1, 3, 1)\n"
                             "y = torch.full_like(f, 1, memory_format=torch.channels_last_3d)"),
    # dtype= / device= overrides keep the layout
    ("zeros_like-dtype-int64-transposed", T + "y = torch.zeros_like(t, dtype=torch.int64)"),
    ("full_like-dtype-int64-permuted", P3 + "y = torch.full_like(p, 7, dtype=torch.int64)"),
    ("ones_like-dtype-bool", T + "y = torch.ones_like(t, dtype=torch.bool)"),
    ("empty_like-dtype-f16", T + "y = torch.empty_like(t, dtype=torch.float16)"),
    ("full_like-dtype-complex", X + "y = torch.full_like(x, 1+2j, dtype=torch.complex64)"),
    ("ones_like-device-meta", T + "y = torch.ones_like(t, device='meta')"),
    ("zeros_like-meta-to-cpu", M + "y = torch.zeros_like(m, device='cpu')"),
    ("full_like-of-meta", M + "y = torch.full_like(m, 1)"),
    # full_like value casts
    ("full_like-int-float-value-truncates", I + "y = torch.full_like(i, 2.5)"),
    ("full_like-uint8-negative-wraps", U + "y = torch.full_like(u, -1)"),
    ("full_like-bool-int-value", "b = torch.tensor([True, False])\ny = torch.full_like(b, 2)"),
    ("full_like-float-bool-value", X + "y = torch.full_like(x, True)"),
    ("ones_like-conj-drops-bit", "k = torch.tensor([1j, 2]).conj()\ny = torch.ones_like(k)"),
]

NEW: Table = [
    ("new_empty-varargs", I + "y = i.new_empty(2, 3)"),
    ("new_empty-tuple", T + "y = t.new_empty((2, 3))"),
    ("new_empty-0d", X + "y = x.new_empty(())"),
    ("new_empty-dtype", X + "y = x.new_empty((2, 3), dtype=torch.int16)"),
    ("new_empty-of-meta", M + "y = m.new_empty(2, 3)"),
    ("new_empty-device-meta", X + "y = x.new_empty(2, 3, device='meta')"),
    ("new_empty_strided", T + "y = t.new_empty_strided((2, 3), (1, 2))"),
    ("new_zeros-varargs-int32", I + "y = i.new_zeros(2, 3)"),
    ("new_zeros-dtype-bool", I + "y = i.new_zeros(2, dtype=torch.bool)"),
    ("new_zeros-of-meta", M + "y = m.new_zeros(2)"),
    ("new_ones-list", I + "y = i.new_ones([4])"),
    ("new_ones-0d", I + "y = i.new_ones(())"),
    ("new_ones-dtype-complex", X + "y = x.new_ones(2, 3, dtype=torch.complex64)"),
    ("new_ones-meta-to-cpu", M + "y = m.new_ones(2, device='cpu')"),
    ("new_full-float", X + "y = x.new_full((2,), 5)"),
    ("new_full-int-float-value-truncates", I + "y = i.new_full((2,), 2.5)"),
    ("new_full-bool-value-into-int", I + "y = i.new_full([2, 2], True)"),
    ("new_full-uint8-negative-wraps", U + "y = u.new_full((2,), -1)"),
    ("new_full-of-meta", M + "y = m.new_full((2,), 3.)"),
    ("new_tensor-inherits-float", X + "y = x.new_tensor([1, 2])"),
    ("new_tensor-int32-truncates", I + "y = i.new_tensor([1.5, -2.5])"),
    ("new_tensor-dtype", I + "y = i.new_tensor([1, 2], dtype=torch.float64)"),
    ("new_tensor-0d", I + "y = i.new_tensor(3)"),
    ("new_tensor-uint8-negative-wraps", U + "y = u.new_tensor([-1])"),
    ("new_tensor-of-tensor-takes-self-dtype", X + "y = x.new_tensor(torch.tensor([1, 2]))"),
    ("new_tensor-of-self-copies", X + "y = x.new_tensor(x)\ny.fill_(9)"),
    ("new_tensor-of-transposed-keeps-strides", T + "y = x.new_tensor(t)"),
    ("new_tensor-of-tensor-dtype", X + "y = x.new_tensor(x, dtype=torch.int8)"),
    ("new_tensor-of-meta", M + "y = m.new_tensor([1, 2])"),
]

LIKE_ERRORS: Table = [
    ("err-empty_like-cl-5d", F5 + "y = torch.empty_like(f, memory_format=torch.channels_last)"),
    ("err-ones_like-cl3d-4d", F4 + "y = torch.ones_like(f, memory_format=torch.channels_last_3d)"),
    ("err-full_like-cl-0d", S + "y = torch.full_like(s, 1, memory_format=torch.channels_last)"),
    ("err-zeros_like-cl-2d-with-dtype", X + "y = torch.zeros_like(x, dtype=torch.int64, "
                                            "memory_format=torch.channels_last)"),
    ("err-zeros_like-memory-format-dtype", X + "y = torch.zeros_like(x, "
                                               "memory_format=torch.float32)"),
    ("err-full_like-missing-value", X + "y = torch.full_like(x)"),
    ("err-full_like-uint8-overflow", U + "y = torch.full_like(u, 300)"),
    ("err-full_like-int-nan", I + "y = torch.full_like(i, float('nan'))"),
    ("err-full_like-f16-overflow", "h = torch.zeros(3, dtype=torch.float16)\n"
                                   "y = torch.full_like(h, 1e6)"),
    ("err-full_like-float-complex", X + "y = torch.full_like(x, 1j)"),
]

NEW_ERRORS: Table = [
    ("err-new_empty-negative", X + "y = x.new_empty(-1)"),
    ("err-new_zeros-negative-2d", X + "y = x.new_zeros(2, -3)"),
    ("err-new_full-negative", X + "y = x.new_full((-1,), 1.)"),
    ("err-new_full-int-size", X + "y = x.new_full(2, 5)"),
    ("err-new_zeros-float-size", X + "y = x.new_zeros(2.5)"),
    ("err-new_zeros-no-size", X + "y = x.new_zeros()"),
    ("err-new_empty-memory-format", X + "y = x.new_empty(2, 3, "
                                        "memory_format=torch.channels_last)"),
    ("err-new_empty_strided-length", X + "y = x.new_empty_strided((2, 3), (1,))"),
    ("err-new_full-uint8-overflow", U + "y = u.new_full((2,), 300)"),
    ("err-new_full-float-complex", X + "y = x.new_full((2,), 1j)"),
    ("err-new_tensor-uint8-overflow", U + "y = u.new_tensor([300, -1])"),
    ("err-new_tensor-ragged", X + "y = x.new_tensor([[1, 2], [3]])"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    LIKE + LIKE_ERRORS + NEW + NEW_ERRORS, LIKE_ERRORS + NEW_ERRORS)
