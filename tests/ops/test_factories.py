"""factories: tensor, arange, zeros, ones, full, empty_strided, empty_like, zeros_like,
ones_like (dtype=, device='meta', memory_format=), and data_ptr of empty tensors."""

from __future__ import annotations

from ._support import Table, table_tests

X = "x = torch.arange(24, dtype=torch.float32).view(2, 3, 4)\n"
P = X + "p = x.permute(2, 0, 1)\n"
N = X + "n = x[:, :, ::2]\n"
E = "e = torch.zeros(3, 1).expand(3, 4)\n"
C4 = "c = torch.zeros(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)\n"

CASES: Table = [
    # tensor
    ("tensor-float-list", "y = torch.tensor([1., 2., 3.])"),
    ("tensor-int-list", "y = torch.tensor([[1, 2], [3, 4]])"),
    ("tensor-bool", "y = torch.tensor([True, False])"),
    ("tensor-complex", "y = torch.tensor([1+2j, 3])"),
    ("tensor-0d-int", "y = torch.tensor(3)"),
    ("tensor-0d-float", "y = torch.tensor(2.5)"),
    ("tensor-0d-bool", "y = torch.tensor(True)"),
    ("tensor-0d-complex", "y = torch.tensor(1j)"),
    ("tensor-empty", "y = torch.tensor([])"),
    ("tensor-empty-nested", "y = torch.tensor([[], []])"),
    ("tensor-mixed-int-float", "y = torch.tensor([1, 2.5])"),
    ("tensor-mixed-bool-int", "y = torch.tensor([True, 2])"),
    ("tensor-mixed-float-complex", "y = torch.tensor([1.5, 2j])"),
    ("tensor-tuple", "y = torch.tensor((1, 2, 3))"),
    ("tensor-nested-3d", "y = torch.tensor([[[1], [2]], [[3], [4]]])"),
] + [
    (f"tensor-dtype-{dt}", f"y = torch.tensor([0, 1, 2], dtype=torch.{dt})")
    for dt in ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
               "float32", "float64", "complex64", "complex128"]
] + [
    ("tensor-dtype-float-to-int", "y = torch.tensor([1.7, -1.7], dtype=torch.int32)"),
    ("tensor-meta", "y = torch.tensor([1., 2.], device='meta')"),
    # nothing is stored on meta, so no value is checked against the dtype
    ("tensor-meta-uint8-overflow-unchecked",
     "y = torch.tensor([[-1.0, 300.0]], dtype=torch.uint8, device='meta')"),
    ("tensor-meta-int32-overflow-unchecked",
     "y = torch.tensor([1e10], dtype=torch.int32, device='meta')"),
    ("tensor-from-tensor-elements", "y = torch.tensor([torch.tensor(1.), torch.tensor(2.)])"),
    # arange
    ("arange-end", "y = torch.arange(5)"),
    ("arange-start-end", "y = torch.arange(2, 7)"),
    ("arange-step", "y = torch.arange(1, 10, 3)"),
    ("arange-negative-step", "y = torch.arange(5, 0, -1)"),
    ("arange-float", "y = torch.arange(0, 1, 0.25)"),
    ("arange-float-end", "y = torch.arange(3.)"),
    ("arange-float-step-inexact", "y = torch.arange(0, 1, 0.3)"),
    ("arange-empty", "y = torch.arange(0)"),
    ("arange-empty-range", "y = torch.arange(3, 3)"),
    ("arange-dtype", "y = torch.arange(4, dtype=torch.float64)"),
    ("arange-dtype-int8", "y = torch.arange(-3, 3, dtype=torch.int8)"),
    ("arange-dtype-f16", "y = torch.arange(5, dtype=torch.float16)"),
    ("arange-meta", "y = torch.arange(6, device='meta')"),
    ("arange-kw-step", "y = torch.arange(0, 10, step=4)"),
    # no CPU kernel for bool or complex
    ("arange-bool", "y = torch.arange(1, 5, dtype=torch.bool)"),
    ("arange-complex", "y = torch.arange(3, dtype=torch.complex64)"),
    # zeros / ones / full
    ("zeros-varargs", "y = torch.zeros(2, 3)"),
    ("zeros-tuple", "y = torch.zeros((2, 3))"),
    ("zeros-list", "y = torch.zeros([4])"),
    ("zeros-size", "y = torch.zeros(torch.Size([2, 2]))"),
    ("zeros-0d", "y = torch.zeros(())"),
    ("zeros-0d-noargs", "y = torch.zeros([])"),
    ("zeros-zero-size", "y = torch.zeros(2, 0, 3)"),
    ("zeros-bool", "y = torch.zeros(2, dtype=torch.bool)"),
    ("zeros-complex", "y = torch.zeros(2, dtype=torch.complex128)"),
    ("zeros-meta", "y = torch.zeros(2, 3, device='meta')"),
    ("zeros-meta-device-obj", "y = torch.zeros(2, device=torch.device('meta'))"),
    ("ones-basic", "y = torch.ones(3, 2)"),
    ("ones-int8", "y = torch.ones(3, dtype=torch.int8)"),
    ("ones-bf16", "y = torch.ones(2, 2, dtype=torch.bfloat16)"),
    ("ones-meta", "y = torch.ones(4, device='meta')"),
    ("full-int-infers-int64", "y = torch.full((2, 3), 7)"),
    ("full-float", "y = torch.full((2,), 1.5)"),
    ("full-bool", "y = torch.full((2,), True)"),
    ("full-complex", "y = torch.full((2,), 1+1j)"),
    ("full-dtype", "y = torch.full((3,), 2, dtype=torch.float64)"),
    ("full-float-into-int", "y = torch.full((2,), 2.7, dtype=torch.int32)"),
    ("full-uint8-negative-wraps", "y = torch.full((2,), -1, dtype=torch.uint8)"),
    ("full-0d", "y = torch.full((), 4.)"),
    ("full-zero-size", "y = torch.full((0, 2), 4.)"),
    ("full-meta", "y = torch.full((2, 2), 3., device='meta')"),
    ("full-list-size", "y = torch.full([3], 0)"),
    # empty_strided
    ("empty_strided-contig", "y = torch.empty_strided((2, 3), (3, 1))"),
    ("empty_strided-transposed", "y = torch.empty_strided((2, 3), (1, 2))"),
    ("empty_strided-gaps", "y = torch.empty_strided((2, 3), (10, 2))"),
    ("empty_strided-stride0", "y = torch.empty_strided((4, 3), (0, 1))"),
    ("empty_strided-overlap", "y = torch.empty_strided((3, 3), (1, 1))"),
    ("empty_strided-0d", "y = torch.empty_strided((), ())"),
    ("empty_strided-zero-size", "y = torch.empty_strided((0, 3), (5, 1))"),
    ("empty_strided-cl", "y = torch.empty_strided((2, 3, 4, 5), (60, 1, 15, 3))"),
    ("empty_strided-dtype", "y = torch.empty_strided((2, 2), (1, 2), dtype=torch.int16)"),
    ("empty_strided-meta", "y = torch.empty_strided((2, 3), (1, 2), device='meta')"),
    ("empty_strided-fill", "y = torch.empty_strided((2, 3), (1, 2))\ny.fill_(1)"),
    # empty_like / zeros_like / ones_like
    ("empty_like-contig", X + "y = torch.empty_like(x)"),
    ("empty_like-permuted", P + "y = torch.empty_like(p)"),
    ("empty_like-nondense", N + "y = torch.empty_like(n)"),
    ("empty_like-expanded", E + "y = torch.empty_like(e)"),
    ("empty_like-cl", C4 + "y = torch.empty_like(c)"),
    ("empty_like-dtype", P + "y = torch.empty_like(p, dtype=torch.float64)"),
    ("empty_like-meta", P + "y = torch.empty_like(p, device='meta')"),
    ("empty_like-mf-contig", P + "y = torch.empty_like(p, memory_format=torch.contiguous_format)"),
    ("empty_like-mf-cl", "f = torch.zeros(2, 3, 4, 5)\n"
                         "y = torch.empty_like(f, memory_format=torch.channels_last)"),
    ("empty_like-0d", "s = torch.tensor(1.)\ny = torch.empty_like(s)"),
    ("empty_like-conj-drops-bit", "k = torch.tensor([1j]).conj()\ny = torch.empty_like(k)"),
    ("zeros_like-basic", X + "y = torch.zeros_like(x)"),
    ("zeros_like-permuted", P + "y = torch.zeros_like(p)"),
    ("zeros_like-dtype", X + "y = torch.zeros_like(x, dtype=torch.int64)"),
    ("zeros_like-bool", X + "y = torch.zeros_like(x, dtype=torch.bool)"),
    ("zeros_like-meta", X + "y = torch.zeros_like(x, device='meta')"),
    ("zeros_like-of-meta", "m = torch.zeros(2, 3, device='meta').t()\ny = torch.zeros_like(m)"),
    ("zeros_like-mf", "f = torch.zeros(2, 3, 4, 5)\n"
                      "y = torch.zeros_like(f, memory_format=torch.channels_last)"),
    ("zeros_like-nondense", N + "y = torch.zeros_like(n)"),
    ("ones_like-basic", P + "y = torch.ones_like(p)"),
    ("ones_like-dtype", X + "y = torch.ones_like(x, dtype=torch.complex64)"),
    # data_ptr of empty tensors (observed relative to the storage; null pointer for no bytes)
    ("data_ptr-empty", "y = torch.empty(0)"),
    ("data_ptr-zeros-zero-size", "y = torch.zeros(3, 0)"),
    ("data_ptr-empty-slice-of-full", X + "y = x[2:]\nw = x[:, 5:]"),
    ("data_ptr-arange-empty", "y = torch.arange(0)"),
    ("data_ptr-meta", "y = torch.zeros(3, 4, device='meta')\nw = y[1:]"),
    ("empty-memory-format", "y = torch.empty(2, 3, 4, 5, memory_format=torch.channels_last)\n"
                            "y.zero_()"),
    ("empty-cl-size1", "y = torch.empty(2, 3, 1, 1, memory_format=torch.channels_last)"),
    ("empty-cl-zero", "y = torch.empty(2, 3, 0, 5, memory_format=torch.channels_last)"),
    ("empty-cl3d", "y = torch.empty(1, 2, 3, 4, 5, memory_format=torch.channels_last_3d)"),
]

ERRORS: Table = [
    ("err-tensor-ragged", "y = torch.tensor([[1, 2], [3]])"),
    ("err-tensor-str", "y = torch.tensor(['a'])"),
    ("err-arange-zero-step", "y = torch.arange(0, 5, 0)"),
    ("err-arange-sign", "y = torch.arange(5, 0)"),
    ("err-arange-sign-negative", "y = torch.arange(0, 5, -1)"),
    ("err-zeros-negative", "y = torch.zeros(-1)"),
    ("err-zeros-negative-2d", "y = torch.zeros(2, -3)"),
    ("err-ones-negative", "y = torch.ones(3, -1)"),
    ("err-full-negative", "y = torch.full((-2,), 1.)"),
    ("err-full-uint8-overflow", "y = torch.full((2,), 300, dtype=torch.uint8)"),
    ("err-full-f16-overflow", "y = torch.full((2,), 1e6, dtype=torch.float16)"),
    ("err-full-int-from-complex", "y = torch.full((2,), 1j, dtype=torch.int64)"),
    ("err-empty_strided-length", "y = torch.empty_strided((2, 3), (1,))"),
    ("err-empty_strided-negative-size", "y = torch.empty_strided((-2, 3), (3, 1))"),
    ("err-empty-preserve", "y = torch.empty(2, 3, memory_format=torch.preserve_format)"),
    ("err-empty-cl-rank", "y = torch.empty(2, 3, memory_format=torch.channels_last)"),
    ("err-empty_like-cl-rank", X + "y = torch.empty_like(x, memory_format=torch.channels_last)"),
    ("err-zeros_like-cl3d-rank",
     X + "y = torch.zeros_like(x, memory_format=torch.channels_last_3d)"),
    ("err-zeros-bad-device", "y = torch.zeros(2, device='foo')"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    CASES + ERRORS, ERRORS)
