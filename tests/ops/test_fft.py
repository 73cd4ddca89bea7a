"""fft family: torch.fft's fft, ifft, rfft, irfft, hfft, ihfft and the 2-d and n-d fft, ifft,
rfft and irfft: output strides from contiguous, transposed, permuted, stepped, expanded,
offset, size-1-dim and channels_last inputs along every dim (the transformed dim innermost,
batch dims by input stride, equal strides in libstdc++'s partition order); n and s padding
and trimming; the promotions of integer, bool and double inputs; conj views (ifft of real
input, and conj inputs resolved first); values under every norm, irfft of non-Hermitian
input; out= kept, resized and refused; and the refusals of 0-d inputs, bad sizes, dims, norms,
dtypes and empty batches."""

from __future__ import annotations

from ._support import Table, table_tests

F = "torch.fft"
X = "x = torch.arange(-12, 12, dtype=torch.float32).view(2, 3, 4) / 4 + torch.arange(4) ** 2\n"
C = X + "c = x * (1 - 0.5j)\n"
_INPUTS = {
    "contiguous": X + "v = x\n",
    "transposed": X + "v = x.transpose(0, 2)\n",
    "permuted": X + "v = x.permute(1, 2, 0)\n",
    "stepped": X + "v = x[:, ::2]\n",
    "expanded": "v = torch.tensor([[-1., 0.5, 2.]]).expand(4, 3)\n",
    "expanded-3d": "v = torch.tensor([1., -2., 4.]).view(1, 3, 1).expand(2, 3, 4)\n",
    "offset": X + "v = x[1:, 1:]\n",
    "size-one-dims": X + "v = x[:1, :, 1:2]\n",
    "channels-last": X + "v = x.view(1, 2, 3, 4).contiguous(memory_format=torch.channels_last)\n",
}

ONE_DIM: Table = [
    (f"{op}-{name}-dim{d}", src + "w = v.to(torch.complex64) * (1 + 0.25j)\n" + call.format(d=d))
    for op, call in (("fft", f"a = {F}.fft(v, dim={{d}})\n"),
                     ("ifft", f"a = {F}.ifft(v, dim={{d}})\n"),
                     ("fft-complex", f"a = {F}.fft(w, dim={{d}})\n"),
                     ("ifft-complex", f"a = {F}.ifft(w, None, {{d}})\n"),
                     ("rfft", f"a = {F}.rfft(v, dim={{d}})\n"),
                     ("irfft", f"a = {F}.irfft(w, dim={{d}})\n"),
                     ("hfft", f"a = {F}.hfft(w, dim={{d}})\n"),
                     ("ihfft", f"a = {F}.ihfft(v, dim={{d}})\n"))
    for name, src in _INPUTS.items() for d in (0, -1)
] + [
    ("fft-every-dim-of-permuted", X + "v = x.permute(2, 0, 1)\n"
                                  f"a = {F}.fft(v, dim=0)\nb = {F}.fft(v, dim=1)\n"
                                  f"c = {F}.rfft(v, dim=2)\nd = {F}.irfft(a, dim=1)"),
    ("fft-n-pads-and-trims", X + f"a = {F}.fft(x, 7)\nb = {F}.fft(x, 2, 1)\n"
                             f"c = {F}.rfft(x.transpose(0, 2), 6, 0)\n"
                             f"d = {F}.rfft(x.transpose(0, 2), 3, 0)\n"
                             f"e = {F}.ifft(x, n=1, dim=0)"),
    ("fft-n-pads-channels-last", X + "v = x.view(1, 2, 3, 4).contiguous("
                                 "memory_format=torch.channels_last)\n"
                                 f"a = {F}.fft(v, 7, 1)\nb = {F}.fft(v, 6, 3)\n"
                                 f"c = {F}.fft(v, 5, 0)"),
    ("irfft-n", C + f"a = {F}.irfft(c, 5)\nb = {F}.irfft(c, 1, 0)\n"
                f"d = {F}.irfft(c.transpose(0, 2), 9, 0)\ne = {F}.hfft(c, 7, 1)\n"
                f"f = {F}.irfft(c[:, :1], 2)"),
    ("irfft-non-hermitian", "c = torch.tensor([[1 + 2j, 3 - 1j, -2 + 5j, 4 + 4j]])\n"
                            f"a = {F}.irfft(c)\nb = {F}.irfft(c, 7)\nd = {F}.hfft(c)"),
    ("fft-norms", C + "".join(f"{k}{i} = {F}.{k}({'x' if k in ('rfft', 'ihfft') else 'c'}, "
                              f"norm={n!r})\n" for i, n in enumerate(
                                  ("backward", "forward", "ortho", None))
                              for k in ("fft", "ifft", "rfft", "irfft", "hfft", "ihfft"))),
    ("fft-promotes-integers-and-bool", "i = torch.arange(12).view(3, 4)\n"
                                       f"a = {F}.fft(i)\nb = {F}.rfft(i.t(), dim=0)\n"
                                       f"c = {F}.irfft(i, dim=0)\nd = {F}.ifft(i > 4)\n"
                                       f"e = {F}.fft(i.t()[:, ::2], dim=0)"),
    ("fft-double", X + "d = x.double()\n"
                   f"a = {F}.fft(d)\nb = {F}.rfft(d, dim=0)\nc = {F}.irfft(a, dim=1)\n"
                   f"e = {F}.ihfft(d, dim=1)"),
    ("fft-equal-strides-partition-order", "v = torch.tensor([1., 2.]).view(2, 1, 1, 1)"
                                          ".expand(2, 3, 4, 5)\n"
                                          f"a = {F}.fft(v, dim=0)\nb = {F}.fft(v, dim=1)\n"
                                          f"c = {F}.rfft(v, dim=2)\n"
                                          f"d = {F}.fft(torch.zeros(1).expand(2, 3, 4, 5, 6), "
                                          "dim=1)"),
    ("fft-of-conj-inputs-resolved", "w = (torch.tensor([1., -2., 4.]) * 1j + 1).view(1, 3, 1)"
                                    ".expand(2, 3, 4)\n"
                                    f"a = {F}.fft(w.conj(), dim=2)\n"
                                    f"b = {F}.irfft(w.conj(), dim=2)\n"
                                    f"c = {F}.irfft(w, dim=2)\nd = {F}.hfft(w, dim=2)\n"
                                    f"e = {F}.hfft(w.conj(), dim=2)"),
    ("ifft-of-real-is-a-conj-view", X + f"a = {F}.ifft(x)\nb = a.conj()\nc = {F}.ihfft(x, 3)\n"
                                    "a.add_(1)"),
    ("fft-of-a-written-input", X + "v = x.t()\na = torch.fft.fft(v, dim=0)\nv.mul_(2)\n"
                               f"b = {F}.fft(v, dim=0)"),
    ("fft-size-one-signal", X + f"a = {F}.fft(x[:, :, :1])\nb = {F}.irfft(a, 1)\n"
                            f"c = {F}.rfft(x, 1, 0)"),
    ("fft-zero-size-signal-padded", f"a = {F}.fft(torch.zeros(0), 3)\n"
                                    f"b = {F}.rfft(torch.zeros(2, 0), 2)"),
    ("fft-infinities-and-nan", "v = torch.tensor([[float('inf'), 1., 2.], [float('nan'), 0., 1.], "
                               "[1., 2., 3.]])\n"
                               f"a = {F}.fft(v)\nb = {F}.rfft(v, dim=0)"),
    ("fft-keyword-input", X + f"a = {F}.fft(input=x, n=3, dim=0, norm='ortho')"),
]

SEVERAL_DIMS: Table = [
    ("fft2-forms", C + f"a = {F}.fft2(c)\nb = {F}.ifft2(x, dim=(0, 2))\n"
                   f"d = {F}.fft2(x.transpose(0, 2), s=(3, 5))\n"
                   f"e = {F}.ifft2(c, (4, -1), (2, 1))"),
    ("fftn-forms", C + f"a = {F}.fftn(c)\nb = {F}.ifftn(x.permute(2, 0, 1), dim=(2, 0))\n"
                   f"d = {F}.fftn(x, s=(2, 5))\ne = {F}.fftn(c, dim=1)\nf = {F}.fftn(x, s=3)\n"
                   f"g = {F}.fftn(c.transpose(0, 1), dim=(), norm='ortho')\n"
                   f"h = {F}.fftn(torch.tensor(2.))"),
    ("rfftn-forms", X + f"a = {F}.rfftn(x)\nb = {F}.rfft2(x.permute(2, 0, 1), dim=(2, 0))\n"
                    f"d = {F}.rfftn(x.permute(2, 0, 1), dim=(0, 2))\n"
                    f"e = {F}.rfftn(x, s=(3, 7), norm='forward')"),
    ("irfftn-forms", C + f"a = {F}.irfftn(c)\nb = {F}.irfft2(c.permute(2, 0, 1), dim=(2, 0))\n"
                     f"d = {F}.irfftn(c.permute(2, 0, 1), dim=(0, 1))\n"
                     f"e = {F}.irfftn(c, s=(2, 1))\nf = {F}.irfftn(c, s=(-1, -1), norm='ortho')\n"
                     f"g = {F}.irfftn(c[:, :1], s=(3, 4))"),
    ("fftn-expanded-and-stepped", "v = torch.tensor([1., 2., 3.]).view(1, 3, 1).expand(2, 3, 4)\n"
                                  f"a = {F}.fftn(v, dim=(0, 2))\nb = {F}.rfftn(v, dim=(2, 0))\n"
                                  f"c = {F}.fft2(v[:, ::2])\nd = {F}.irfftn(a, dim=(1, 0))"),
]

ERRORS: Table = [
    ("err-fft-0d", f"a = {F}.fft(torch.tensor(1.))"),
    ("err-rfft-0d-dim0", f"a = {F}.rfft(torch.tensor(1.), dim=0)"),
    ("err-irfft-0d", f"a = {F}.irfft(torch.tensor(1 + 1j))"),
    ("err-fft2-1d", f"a = {F}.fft2(torch.ones(3))"),
    ("err-ifft2-0d", f"a = {F}.ifft2(torch.tensor(1.))"),
    ("err-fft-dim-out-of-range", X + f"a = {F}.fft(x, dim=3)"),
    ("err-ifft-complex-dim-out-of-range", C + f"a = {F}.ifft(c, dim=-4)"),
    ("err-fft-n-zero", X + f"a = {F}.fft(x, 0)"),
    ("err-fft-complex-n-negative", C + f"a = {F}.fft(c, -1)"),
    ("err-rfft-n-zero", X + f"a = {F}.rfft(x, n=0)"),
    ("err-irfft-one-bin", C + f"a = {F}.irfft(c[:, :, :1])"),
    ("err-irfft-n-zero", C + f"a = {F}.irfft(c, 0)"),
    ("err-hfft-n-negative", C + f"a = {F}.hfft(c, -3)"),
    ("err-fft-empty-signal", f"a = {F}.fft(torch.zeros(0))"),
    ("err-fft-empty-batch", f"a = {F}.fft(torch.zeros(2, 0), dim=0)"),
    ("err-rfft-empty-batch", f"a = {F}.rfft(torch.zeros(0, 3))"),
    ("err-irfft-empty-batch", f"a = {F}.irfft(torch.zeros(0, 2, dtype=torch.complex64))"),
    ("err-fft-bad-norm", X + f"a = {F}.fft(x, norm='bad')"),
    ("err-ifft-complex-bad-norm", C + f"a = {F}.ifft(c, norm='sideways')"),
    ("err-irfft-bad-norm", C + f"a = {F}.irfft(c, norm='')"),
    ("err-rfft-complex", C + f"a = {F}.rfft(c)"),
    ("err-ihfft-complex", C + f"a = {F}.ihfft(c)"),
    ("err-rfftn-complex", C + f"a = {F}.rfftn(c)"),
    ("err-fft-half", X + f"a = {F}.fft(x.half())"),
    ("err-rfft-bfloat16", X + f"a = {F}.rfft(x.bfloat16())"),
    ("err-irfft-half", X + f"a = {F}.irfft(x.half())"),
    ("err-fft-n-float", X + f"a = {F}.fft(x, 1.5)"),
    ("err-fft-n-bool-keyword", X + f"a = {F}.fft(x, n=True)"),
    ("err-fft-dim-tuple", X + f"a = {F}.fft(x, dim=(0,))"),
    ("err-fft-norm-int", X + f"a = {F}.fft(x, norm=1)"),
    ("err-fft-not-a-tensor", f"a = {F}.fft([1., 2.])"),
    ("err-fft-too-many-arguments", X + f"a = {F}.fft(x, 2, 0, 'ortho', 3)"),
    ("err-fft-unknown-keyword", X + f"a = {F}.fft(x, foo=1)"),
    ("err-fft-n-twice", X + f"a = {F}.fft(x, 3, n=3)"),
    ("err-fftn-s-float", X + f"a = {F}.fftn(x, s=1.5)"),
    ("err-fftn-s-too-long", X + f"a = {F}.fftn(x, s=(2, 3, 4, 5))"),
    ("err-fftn-s-dim-lengths", X + f"a = {F}.fftn(x, s=(2, 3), dim=(0,))"),
    ("err-fftn-repeated-dims", X + f"a = {F}.fftn(x, dim=(0, -3))"),
    ("err-fftn-s-zero", X + f"a = {F}.fftn(x, s=(0, 3))"),
    ("err-fftn-s-minus-two", X + f"a = {F}.fftn(x, s=(-2, 3))"),
    ("err-rfftn-no-dims", X + f"a = {F}.rfftn(x, dim=())"),
    ("err-rfftn-0d", f"a = {F}.rfftn(torch.tensor(1.))"),
    ("err-irfftn-no-dims", C + f"a = {F}.irfftn(c, dim=())"),
    ("err-irfftn-one-bin", C + f"a = {F}.irfftn(c[:, :, :1])"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    ONE_DIM + SEVERAL_DIMS + ERRORS, ERRORS)

OUT: Table = [
    ("fft-out-contiguous", C + "o = torch.zeros(2, 3, 4, dtype=torch.complex64)\n"
                           f"a = {F}.fft(c, out=o)\nb = {F}.fft(x, out=o)"),
    ("fft-out-transposed-kept", C + "o = torch.zeros(4, 3, 2, dtype=torch.complex64)"
                                ".transpose(0, 2)\n"
                                f"a = {F}.fft(c, dim=0, out=o)\nb = {F}.ifft(x, out=o)"),
    ("fft-out-resized", C + "o = torch.zeros(5, dtype=torch.complex64)\n"
                        f"a = {F}.fft(c, dim=0, out=o)"),
    ("fft-out-empty-resized", C + "o = torch.zeros(0, dtype=torch.complex64)\n"
                              "p = torch.zeros(0, dtype=torch.complex64)\n"
                              "q = torch.zeros(0)\nr = torch.zeros(0, dtype=torch.complex64)\n"
                              f"a = {F}.fft(x, dim=0, out=o)\nb = {F}.ifft(x, dim=0, out=p)\n"
                              f"d = {F}.irfft(c, dim=0, out=q)\n"
                              f"e = {F}.ihfft(x, dim=0, out=r)"),
    ("fft-out-other-dtypes", C + "o = torch.zeros(2, 3, 4, dtype=torch.complex128)\n"
                             "p = torch.zeros(2, 3, 3, dtype=torch.complex128)\n"
                             "q = torch.zeros(2, 3, 6, dtype=torch.float64)\n"
                             f"a = {F}.fft(x, out=o)\nb = {F}.rfft(x, out=p)\n"
                             f"d = {F}.irfft(c, out=q)\ne = {F}.fft(c, out=o)"),
    ("fft-out-is-input", C + f"a = {F}.fft(c, out=c)"),
    ("fft-out-stepped-resized", C + "o = torch.zeros(2, 3, 8, dtype=torch.complex64)[..., ::2]\n"
                                f"a = {F}.rfft(x, out=o)"),
    ("fftn-out", C + "o = torch.zeros(0, dtype=torch.complex64)\nq = torch.zeros(0)\n"
                 f"a = {F}.fftn(x, dim=(0, 2), out=o)\nb = {F}.irfftn(c, out=q)\n"
                 "p = torch.zeros(0, dtype=torch.complex64)\n"
                 f"d = {F}.rfft2(x, out=p)"),
]
OUT_ERRORS: Table = [
    ("err-fft-out-real", X + f"a = {F}.fft(x, out=torch.zeros(2, 3, 4))"),
    ("err-fft-complex-out-real", C + f"a = {F}.fft(c, out=torch.zeros(2, 3, 4))"),
    ("err-irfft-out-complex", C + f"a = {F}.irfft(c, out=torch.zeros(2, 3, 6, "
                                  "dtype=torch.complex64))"),
    ("err-irfft-out-long", C + f"a = {F}.irfft(c, out=torch.zeros(2, 3, 6, dtype=torch.long))"),
    ("err-ifft-out-other-complex", X + f"a = {F}.ifft(x, out=torch.zeros(2, 3, 4, "
                                       "dtype=torch.complex128))"),
    ("err-ihfft-out-other-complex", X + f"a = {F}.ihfft(x, out=torch.zeros(2, 3, 3, "
                                        "dtype=torch.complex128))"),
    ("err-fft-out-overlapping", C + "o = torch.zeros(1, 1, 4, dtype=torch.complex64)"
                                ".expand(2, 3, 4)\n"
                                f"a = {F}.fft(c, out=o)"),
    ("err-irfft-out-overlapping", C + "o = torch.zeros(1, 1, 6).expand(2, 3, 6)\n"
                                  f"a = {F}.irfft(c, out=o)"),
    ("err-rfftn-out-real", X + f"a = {F}.rfftn(x, out=torch.zeros(0))"),
]

test_out_agrees_with_torch, test_out_error_message_matches = table_tests(OUT + OUT_ERRORS,
                                                                         OUT_ERRORS)
