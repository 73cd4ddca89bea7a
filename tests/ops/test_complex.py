"""complex family: view_as_real, view_as_complex, real, imag, conj, resolve_conj, adjoint, H, mH."""

from __future__ import annotations

from ._support import Table, table_tests

C = "c = torch.tensor([[1+2j, 3-4j, 5j], [-1., 2+2j, -3-3j]])\n"       # complex64 (2, 3)
D = "d = torch.tensor([1+1j, 2-2j, -3j], dtype=torch.complex128)\n"
S = "s = torch.tensor(2-5j)\n"
F = "f = torch.arange(12, dtype=torch.float32).view(2, 3, 2)\n"
K = C + "k = c.conj()\n"

CASES: Table = [
    # view_as_real
    ("view_as_real-basic", C + "y = torch.view_as_real(c)"),
    ("view_as_real-c128", D + "y = torch.view_as_real(d)"),
    ("view_as_real-0d", S + "y = torch.view_as_real(s)"),
    ("view_as_real-transposed", C + "t = c.t()\ny = torch.view_as_real(t)"),
    ("view_as_real-offset", C + "t = c[1, 1:]\ny = torch.view_as_real(t)"),
    ("view_as_real-expanded", D + "e = d[:1].expand(3, 1)\ny = torch.view_as_real(e)"),
    ("view_as_real-zero", "z = torch.zeros(0, 3, dtype=torch.complex64)\n"
                          "y = torch.view_as_real(z)"),
    ("view_as_real-resolved-conj", K + "r = k.resolve_conj()\ny = torch.view_as_real(r)"),
    ("view_as_real-write", C + "y = torch.view_as_real(c)\ny[0, 0, 1] = 9"),
    ("view_as_real-meta", "m = torch.zeros(3, dtype=torch.complex64, device='meta')\n"
                          "y = torch.view_as_real(m)"),
    # view_as_complex
    ("view_as_complex-basic", F + "y = torch.view_as_complex(f)"),
    ("view_as_complex-f64", "f = torch.arange(4, dtype=torch.float64).view(2, 2)\n"
                            "y = torch.view_as_complex(f)"),
    ("view_as_complex-f16", "f = torch.ones(3, 2, dtype=torch.float16)\n"
                            "y = torch.view_as_complex(f)\nw = torch.view_as_real(y)"),
    ("view_as_complex-to-0d", "f = torch.tensor([1., 2.])\ny = torch.view_as_complex(f)"),
    ("view_as_complex-size1-odd-stride", "f = torch.arange(20.).as_strided((1, 3, 2), (5, 4, 1))"
                                         "\ny = torch.view_as_complex(f)"),
    ("view_as_complex-offset-even", F + "t = f[1]\ny = torch.view_as_complex(t)"),
    ("view_as_complex-zero-rows", "f = torch.zeros(0, 2)\ny = torch.view_as_complex(f)"),
    ("roundtrip", C + "r = torch.view_as_real(c)\ny = torch.view_as_complex(r)"),
    # real / imag
    ("real-complex", C + "y = c.real"),
    ("imag-complex", C + "y = c.imag"),
    ("real-real-is-self", F + "y = f.real"),
    ("real-0d", S + "y = s.real\nw = s.imag"),
    ("real-transposed", C + "t = c.t()\ny = t.real\nw = t.imag"),
    ("real-c128", D + "y = d.real\nw = d.imag"),
    ("real-write", C + "y = c.real\ny.fill_(0)"),
    ("imag-write", C + "y = c.imag\ny.mul_(2)"),
    ("real-of-conj", K + "y = k.real"),
    ("imag-of-conj-neg-bit", K + "y = k.imag"),
    ("imag-of-conj-write", K + "y = k.imag\ny[0, 0] = 5"),
    ("fn-real", C + "y = torch.real(c)"),
    ("fn-imag", C + "y = torch.imag(c)"),
    ("fn-real-of-real", F + "y = torch.real(f)"),
    # conj / resolve_conj
    ("conj-complex", C + "y = c.conj()"),
    ("conj-real-is-self", F + "y = f.conj()"),
    ("conj-int-is-self", "i = torch.arange(3)\ny = i.conj()"),
    ("conj-twice", K + "y = k.conj()"),
    ("conj-0d", S + "y = s.conj()"),
    ("conj-of-view", C + "t = c[:, 1:]\ny = t.conj()"),
    ("conj-then-view", K + "y = k.t()\nw = k[1]"),
    ("conj-write-through", K + "k[0, 0] = 1+1j"),
    ("conj-add_", K + "k.add_(1j)"),
    ("resolve_conj-conj", K + "y = k.resolve_conj()"),
    ("resolve_conj-plain-is-self", C + "y = c.resolve_conj()"),
    ("resolve_conj-real", F + "y = f.resolve_conj()"),
    ("resolve_conj-transposed-conj", C + "k = c.t().conj()\ny = k.resolve_conj()"),
    ("resolve_neg", K + "n = k.imag\ny = n.resolve_neg()"),
    ("fn-conj", C + "y = torch.conj(c)"),
    ("fn-resolve_conj", K + "y = torch.resolve_conj(k)"),
    ("conj-clone-drops-bit", K + "y = k.clone()"),
    ("conj-contiguous-keeps", K + "y = k.contiguous()"),
    ("conj-transposed-contiguous", K + "t = k.t()\ny = t.contiguous()"),
    # adjoint / H / mH
    ("adjoint-complex", C + "y = c.adjoint()"),
    ("adjoint-real", F + "y = f.adjoint()"),
    ("adjoint-3d-complex", "c = torch.zeros(2, 3, 4, dtype=torch.complex64)\ny = c.adjoint()"),
    ("H-complex", C + "y = c.H"),
    ("H-real", "m = torch.arange(6.).view(2, 3)\ny = m.H"),
    ("H-1d", D + "y = d.H"),
    ("H-0d", S + "y = s.H"),
    ("mH-complex", C + "y = c.mH"),
    ("mH-3d", "c = torch.zeros(2, 3, 4, dtype=torch.complex128)\ny = c.mH"),
    ("mH-real", F + "y = f.mH"),
    ("H-of-conj", K + "y = k.H"),
    ("fn-adjoint", C + "y = torch.adjoint(c)"),
    # a conj out= that is also an input is resized like any out=: the math-bit fallback runs
    # the op on resolved clones, so it is no read-write operand of the iterator
    ("conj-out-also-input-resized", "x = torch.tensor(1 + 2j)\nk = x.conj()\n"
                                    "y = torch.add(torch.ones(2, dtype=torch.complex64), k, "
                                    "out=k)"),
]

ERRORS: Table = [
    ("err-view_as_real-real", F + "y = torch.view_as_real(f)"),
    ("err-view_as_real-conj", K + "y = torch.view_as_real(k)"),
    ("err-view_as_complex-bf16", "f = torch.zeros(3, 2, dtype=torch.bfloat16)\n"
                                 "y = torch.view_as_complex(f)"),
    ("err-view_as_complex-int", "f = torch.zeros(3, 2, dtype=torch.int64)\n"
                                "y = torch.view_as_complex(f)"),
    ("err-view_as_complex-complex", C + "y = torch.view_as_complex(c)"),
    ("err-view_as_complex-0d", "f = torch.tensor(1.)\ny = torch.view_as_complex(f)"),
    ("err-view_as_complex-last-size", "f = torch.zeros(2, 3)\ny = torch.view_as_complex(f)"),
    ("err-view_as_complex-last-stride", "f = torch.zeros(2, 3).t()\ny = torch.view_as_complex(f)"),
    ("err-view_as_complex-odd-stride", "f = torch.zeros(3, 3)[:, :2]\n"
                                       "y = torch.view_as_complex(f)"),
    ("err-view_as_complex-odd-offset", "f = torch.zeros(5)[1:3]\ny = torch.view_as_complex(f)"),
    ("err-view_as_complex-zero-numel-stride", "f = torch.zeros(0, 3)[:, :2]\n"
                                              "y = torch.view_as_complex(f)"),
    ("err-imag-real", F + "y = f.imag"),
    ("err-fn-imag-real", F + "y = torch.imag(f)"),
    ("err-imag-int", "i = torch.arange(3)\ny = i.imag"),
    ("err-mH-1d", D + "y = d.mH"),
    ("err-adjoint-1d", D + "y = d.adjoint()"),
    ("err-H-3d", "c = torch.zeros(2, 2, 2, dtype=torch.complex64)\ny = c.H"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    CASES + ERRORS, ERRORS)
