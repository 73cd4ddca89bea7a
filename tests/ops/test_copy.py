"""copy family: clone and contiguous with memory formats, to (dtype, device, memory_format, copy=),
the dtype conversions (x.float(), ...), detach; and the argument forms torch's binding refuses."""

from __future__ import annotations

from ._support import Table, table_tests

X = "x = torch.arange(24, dtype=torch.float32).view(2, 3, 4)\n"
P = X + "p = x.permute(2, 0, 1)\n"                      # (4, 2, 3) @ (1, 12, 4): dense, not contig
N = X + "n = x[:, :, ::2]\n"                            # non-dense
E = "e = torch.tensor([1., 2., 3.]).expand(4, 3)\n"    # stride 0
S = "s = torch.tensor(1.5)\n"
C4 = "c = torch.arange(120.).view(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)\n"
C5 = ("c = torch.arange(48.).view(1, 3, 2, 2, 4).contiguous("
      "memory_format=torch.channels_last_3d)\n")
F4 = "f = torch.arange(120.).view(2, 3, 4, 5)\n"
F5 = "f = torch.arange(48.).view(1, 3, 2, 2, 4)\n"

CL = "memory_format=torch.channels_last"
CL3 = "memory_format=torch.channels_last_3d"
CF = "memory_format=torch.contiguous_format"
PF = "memory_format=torch.preserve_format"

CLONE: Table = [
    ("clone-contig", X + "y = x.clone()"),
    ("clone-permuted-keeps-strides", P + "y = p.clone()"),
    ("clone-nondense-infers", N + "y = n.clone()"),
    ("clone-expanded", E + "y = e.clone()"),
    ("clone-0d", S + "y = s.clone()"),
    ("clone-zero-size", "z = torch.zeros(2, 0, 3).permute(2, 1, 0)\ny = z.clone()"),
    ("clone-offset", X + "t = x[1, 1:]\ny = t.clone()"),
    ("clone-size1-odd-strides", "t = torch.zeros(4, 6).as_strided((1, 3), (100, 2))\n"
                                "y = t.clone()"),
    ("clone-overlapping", X + "t = x.as_strided((3, 3), (1, 1))\ny = t.clone()"),
    ("clone-cl-preserved", C4 + "y = c.clone()"),
    ("clone-cl3d-preserved", C5 + "y = c.clone()"),
    ("clone-to-cl", F4 + f"y = f.clone({CL})"),
    ("clone-to-cl3d", F5 + f"y = f.clone({CL3})"),
    ("clone-cl-to-contig", C4 + f"y = c.clone({CF})"),
    ("clone-preserve-explicit", P + f"y = p.clone({PF})"),
    ("clone-permuted-to-contig", P + f"y = p.clone({CF})"),
    ("clone-cl-size1", "t = torch.zeros(2, 3, 1, 1)\n"
                       "y = t.clone(memory_format=torch.channels_last)"),
    ("clone-cl-zero", "t = torch.zeros(2, 3, 0, 5)\n"
                      "y = t.clone(memory_format=torch.channels_last)"),
    ("clone-cl-sliced", C4 + "t = c[:, :, ::2]\ny = t.clone()"),
    ("clone-bool", "b = torch.tensor([[True, False]]).t()\ny = b.clone()"),
    ("clone-f16", "h = torch.ones(3, 2, dtype=torch.float16).t()\ny = h.clone()"),
    ("clone-bf16", "h = torch.ones(3, 2, dtype=torch.bfloat16)\ny = h.clone()"),
    ("clone-u8", "h = torch.arange(6, dtype=torch.uint8)[::2]\ny = h.clone()"),
    ("clone-meta", "m = torch.zeros(3, 4, device='meta').t()\ny = m.clone()"),
    ("clone-independent", X + "y = x.clone()\ny.fill_(0)"),
    ("fn-clone", P + "y = torch.clone(p)"),
    ("fn-clone-mf", F4 + f"y = torch.clone(f, {CL})"),
]

CONTIGUOUS: Table = [
    ("contiguous-self", X + "y = x.contiguous()"),
    ("contiguous-permuted-copy", P + "y = p.contiguous()"),
    ("contiguous-nondense", N + "y = n.contiguous()"),
    ("contiguous-expanded", E + "y = e.contiguous()"),
    ("contiguous-0d", S + "y = s.contiguous()"),
    ("contiguous-zero-size-self", "z = torch.zeros(2, 0, 3).permute(2, 1, 0)\ny = z.contiguous()"),
    ("contiguous-size1-self", "t = torch.zeros(4, 6).as_strided((1, 3), (100, 1))\n"
                              "y = t.contiguous()"),
    ("contiguous-view-offset-self", X + "t = x[1]\ny = t.contiguous()"),
    ("contiguous-to-cl", F4 + f"y = f.contiguous({CL})"),
    ("contiguous-cl-self", C4 + f"y = c.contiguous({CL})"),
    ("contiguous-cl-to-contig", C4 + "y = c.contiguous()"),
    ("contiguous-to-cl3d", F5 + f"y = f.contiguous({CL3})"),
    ("contiguous-cl3d-self", C5 + f"y = c.contiguous({CL3})"),
    ("contiguous-both-flags-self", "t = torch.zeros(2, 1, 4, 5)\ny = t.contiguous(memory_format="
                                   "torch.channels_last)"),
    ("contiguous-preserve-on-contig-self", X + f"y = x.contiguous({PF})"),
    ("contiguous-cl-sliced", C4 + f"t = c[:, 1:]\ny = t.contiguous({CL})"),
    ("contiguous-meta", "m = torch.zeros(3, 4, device='meta').t()\ny = m.contiguous()"),
    ("contiguous-version", P + "y = p.contiguous()\ny.add_(1)"),
]

TO: Table = [
    ("to-same-dtype-self", X + "y = x.to(torch.float32)"),
    ("to-same-device-self", X + "y = x.to('cpu')"),
    ("to-device-obj-self", X + "y = x.to(torch.device('cpu'))"),
    ("to-kw-dtype-self", X + "y = x.to(dtype=torch.float32)"),
    ("to-no-args-self", X + "y = x.to()"),
    ("to-copy-true", X + "y = x.to(torch.float32, copy=True)"),
    ("to-copy-true-permuted", P + "y = p.to(copy=True)"),
    ("to-float64", X + "y = x.to(torch.float64)"),
    ("to-float64-permuted", P + "y = p.to(torch.float64)"),
    ("to-float64-nondense", N + "y = n.to(torch.float64)"),
    ("to-float64-expanded", E + "y = e.to(torch.float64)"),
    ("to-int32-truncates", "t = torch.tensor([1.7, -2.5, 3.0])\ny = t.to(torch.int32)"),
    ("to-uint8", "t = torch.tensor([0., 1., 255.])\ny = t.to(torch.uint8)"),
    ("to-int8", "t = torch.tensor([-3, 100], dtype=torch.int64)\ny = t.to(torch.int8)"),
    ("to-int16", "t = torch.arange(4)\ny = t.to(torch.int16)"),
    ("to-bool", "t = torch.tensor([0., 2., -0.5])\ny = t.to(torch.bool)"),
    ("to-from-bool", "t = torch.tensor([True, False])\ny = t.to(torch.float16)"),
    ("to-bf16", "t = torch.tensor([1.0, 3.140625])\ny = t.to(torch.bfloat16)"),
    ("to-f16", "t = torch.tensor([1.0, 0.5, 2048.])\ny = t.to(torch.float16)"),
    ("to-complex64", "t = torch.tensor([1., -2.])\ny = t.to(torch.complex64)"),
    ("to-complex128-from-conj", "c = torch.tensor([1+2j]).conj()\ny = c.to(torch.complex128)"),
    ("to-complex-same-conj-self", "c = torch.tensor([1+2j]).conj()\ny = c.to(torch.complex64)"),
    ("to-0d", S + "y = s.to(torch.float64)"),
    ("to-zero-size", "z = torch.zeros(0, 3)\ny = z.to(torch.int64)"),
    ("to-meta", X + "y = x.to('meta')"),
    ("to-meta-permuted", P + "y = p.to('meta')"),
    ("to-meta-nondense", N + "y = n.to('meta')"),
    ("to-meta-kw-device", P + "y = p.to(device='meta')"),
    ("to-meta-and-dtype", X + "y = x.to('meta', torch.float16)"),
    ("to-meta-to-meta-self", "m = torch.zeros(2, device='meta')\ny = m.to('meta')"),
    ("to-cl", F4 + f"y = f.to({CL})"),
    ("to-cl-self-already", C4 + f"y = c.to({CL})"),
    ("to-contig-from-cl", C4 + f"y = c.to({CF})"),
    ("to-contig-from-contig", X + f"y = x.to({CF})"),
    ("to-preserve-self", P + f"y = p.to({PF})"),
    ("to-dtype-and-cl", F4 + f"y = f.to(torch.float64, {CL})"),
    ("to-cl-preserved-dtype", C4 + "y = c.to(torch.float16)"),
    ("to-cl3d", F5 + f"y = f.to({CL3})"),
    ("to-other-tensor", X + "o = torch.zeros(1, dtype=torch.int64)\ny = x.to(o)"),
    ("to-other-tensor-same", X + "o = torch.zeros(1)\ny = x.to(o)"),
    # the binding takes a Python number for `to(Tensor tensor)`, a Python type for a dtype
    ("to-float-number", X + "y = x.to(1.5)"),
    ("to-bool-number", X + "y = x.to(True)"),
    ("to-complex-number", X + "y = x.to(1j)"),
    ("to-python-type", X + "y = x.to(int)"),
    ("to-device-python-type", X + "y = x.to('cpu', float)"),
    ("to-none-self", X + "y = x.to(None)"),
    ("to-none-none-self", X + "y = x.to(None, None)"),
    ("to-mf-none", P + "y = p.to(torch.float64, memory_format=None)"),
    ("to-all-positional", F4 + "y = f.to('cpu', torch.float64, False, True, "
                               "memory_format=torch.channels_last)"),
    ("to-tensor-keyword", X + "o = torch.zeros(1, dtype=torch.int16)\ny = x.to(tensor=o)"),
    ("clone-mf-none", P + "y = p.clone(memory_format=None)"),
    ("fn-clone-mf-none", P + "y = torch.clone(p, memory_format=None)"),
    ("fn-clone-input-keyword", F4 + f"y = torch.clone(input=f, {CL})"),
]

CONVERSION_METHODS = ("int", "long", "float", "double", "half", "bfloat16", "bool", "byte", "char",
                      "short", "cfloat", "cdouble")
I = "i = torch.tensor([[0, 1, 2], [3, 4, 5]], dtype=torch.int64).t()\n"   # (3, 2) @ (1, 3)

# each conversion on a contiguous, a permuted, a non-dense, an expanded and an int input
CONVERSIONS: Table = [
    (f"{m}-{name}", src + f"y = {var}.{m}()")
    for m in CONVERSION_METHODS
    for name, src, var in (("contig", X, "x"), ("permuted", P, "p"), ("nondense", N, "n"),
                           ("expanded", E, "e"), ("int", I, "i"))
] + [
    ("float-self", X + "y = x.float()\ny.add_(1)"),
    ("long-self", I + "y = i.long()"),
    ("double-of-view-version", X + "t = x[1]\ny = t.double()\ny.add_(1)\nt.add_(1)"),
    ("half-cl-preserved", C4 + "y = c.half()"),
    ("float-cl-self", C4 + f"y = c.float({CL})"),
    ("float-to-cl-copy", F4 + f"y = f.float({CL})"),
    ("double-to-cl", F4 + f"y = f.double({CL})"),
    ("int-to-cl3d", F5 + f"y = f.int({CL3})"),
    ("float-cl-to-contig-copy", C4 + f"y = c.float({CF})"),
    ("float-contig-self", F4 + f"y = f.float({CF})"),
    ("float-preserve-self", P + f"y = p.float({PF})"),
    ("double-preserve-permuted", P + f"y = p.double({PF})"),
    ("float-mf-none-self", X + "y = x.float(memory_format=None)"),
    ("cfloat-conj-self", "c = torch.tensor([1+2j, 3j]).conj()\ny = c.cfloat()"),
    ("cdouble-conj", "c = torch.tensor([1+2j, 3j]).conj()\ny = c.cdouble()"),
    ("float-of-complex", "c = torch.tensor([1+2j, 3j])\ny = c.float()"),
    ("bool-of-float", "t = torch.tensor([0., 2., -0.5])\ny = t.bool()"),
    ("half-meta", "m = torch.zeros(3, 4, device='meta').t()\ny = m.half()"),
    ("int-0d", S + "y = s.int()"),
    ("byte-zero-size", "z = torch.zeros(2, 0, 3).permute(2, 1, 0)\ny = z.byte()"),
]

DETACH: Table = [
    ("detach-basic", X + "y = x.detach()"),
    ("detach-of-view", X + "t = x[1:]\ny = t.detach()"),
    ("detach-permuted", P + "y = p.detach()"),
    ("detach-0d", S + "y = s.detach()"),
    ("detach-version-shared", X + "y = x.detach()\ny.add_(1)"),
    ("detach-conj", "c = torch.tensor([1j]).conj()\ny = c.detach()"),
    ("detach-meta", "m = torch.zeros(2, device='meta')\ny = m.detach()"),
    ("fn-detach", X + "y = torch.detach(x)"),
]

ERRORS: Table = [
    ("err-clone-cl-3d", X + f"y = x.clone({CL})"),
    ("err-clone-cl-5d", F5 + f"y = f.clone({CL})"),
    ("err-clone-cl3d-4d", F4 + f"y = f.clone({CL3})"),
    ("err-clone-cl-0d", S + f"y = s.clone({CL})"),
    ("err-contiguous-cl-3d", X + f"y = x.contiguous({CL})"),
    ("err-contiguous-cl3d-4d", F4 + f"y = f.contiguous({CL3})"),
    ("err-contiguous-preserve", P + f"y = p.contiguous({PF})"),
    ("err-to-cl-3d", X + f"y = x.to({CL})"),
    ("err-to-bad-device-index", X + "y = x.to('cuda:x')"),
    ("err-to-bad-device", X + "y = x.to('foo')"),
    ("err-float-cl-3d", X + f"y = x.float({CL})"),
    ("err-double-cl3d-4d", F4 + f"y = f.double({CL3})"),
    # torch's binding: memory_format is keyword-only, a None memory_format is refused by
    # contiguous alone, and to() reports overloads none of which binds the call
    ("err-contiguous-positional-mf", F4 + "y = f.contiguous(torch.channels_last)"),
    ("err-contiguous-positional-2", F4 + "y = f.contiguous(torch.channels_last, "
                                         "torch.channels_last)"),
    ("err-contiguous-mf-none", F4 + "y = f.contiguous(memory_format=None)"),
    ("err-contiguous-mf-int", F4 + "y = f.contiguous(memory_format=1)"),
    ("err-contiguous-keyword", F4 + "y = f.contiguous(foo=1)"),
    ("err-clone-positional-mf", F4 + "y = f.clone(torch.channels_last)"),
    ("err-fn-clone-positional-mf", F4 + "y = torch.clone(f, torch.channels_last)"),
    ("err-clone-mf-int", F4 + "y = f.clone(memory_format=1)"),
    ("err-fn-clone-mf-int", F4 + "y = torch.clone(f, memory_format=1)"),
    ("err-fn-clone-twice", F4 + "y = torch.clone(f, input=f)"),
    ("err-fn-clone-no-input", F4 + "y = torch.clone()"),
    ("err-fn-clone-not-tensor", F4 + "y = torch.clone(1)"),
    ("err-clone-keyword", F4 + "y = f.clone(foo=2)"),
    ("err-to-positional-mf", F4 + "y = f.to(torch.channels_last)"),
    ("err-to-dtype-positional-mf", F4 + "y = f.to(torch.float64, torch.channels_last)"),
    ("err-to-four-positional-mf", F4 + "y = f.to(torch.float64, False, False, "
                                       "torch.channels_last)"),
    ("err-to-five-positional", F4 + "y = f.to('cpu', torch.float64, False, False, "
                                    "torch.channels_last)"),
    ("err-to-tensor-positional-mf", F4 + "y = f.to(f, torch.channels_last)"),
    ("err-to-mf-int", F4 + "y = f.to(memory_format=1)"),
    ("err-to-copy-int", F4 + "y = f.to(torch.float64, False, 1)"),
    ("err-to-copy-int-bound", F4 + "y = f.to('cpu', torch.float64, False, 1, "
                                   "memory_format=None)"),
    ("err-to-dtype-none", F4 + "y = f.to(torch.float64, None)"),
    ("err-to-two-dtypes", F4 + "y = f.to(torch.float32, torch.float64)"),
    ("err-to-dtype-twice", F4 + "y = f.to(torch.float64, dtype=torch.float64)"),
    ("err-to-device-twice", F4 + "y = f.to('cpu', torch.float64, False, False, device=None)"),
    ("err-to-keyword-bound", F4 + "y = f.to('cpu', torch.float64, False, False, foo=None)"),
    ("err-to-keyword", F4 + "y = f.to(other=f)"),
    ("err-float-positional", F4 + "y = f.float(torch.channels_last)"),
    ("err-half-positional-2", F4 + "y = f.half(1, 2)"),
    ("err-int-dtype-keyword", F4 + "y = f.int(dtype=torch.int64)"),
    ("err-long-mf-int", F4 + "y = f.long(memory_format=1)"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    CLONE + CONTIGUOUS + TO + CONVERSIONS + DETACH + ERRORS, ERRORS)
