"""fft family, the Hermitian transforms of several dims: torch.fft.hfft2, hfftn (a c2c of all
dims but the last, then a c2r of the last dim of its conj, the two kernels' layouts one after
the other) and ihfft2, ihfftn (an r2c of the last dim, conj_physical, then a backward c2c of the
others; of one dim, a conj view of the r2c result): output strides from contiguous,
transposed, permuted, stepped, expanded, offset, size-1-dim, overlapping and channels_last
inputs over several dim orders; s padding and trimming (and -1); integer, bool and double
inputs; conj inputs; meta inputs; values under every norm; out= kept, resized, of another
dtype, non-contiguous, the input itself, and refused; and the refusals of 0-d and 1-d inputs,
no dims, bad sizes, norms, dtypes (complex input to ihfftn: the r2c kernel's words) and empty
batches."""

from __future__ import annotations

import pytest

from ._support import Table, assert_same_warnings, params, table_tests

F = "torch.fft"
X = "x = torch.arange(-12, 12, dtype=torch.float32).view(2, 3, 4) / 4 + torch.arange(4) ** 2\n"
C = X + "c = x * (1 - 0.5j)\n"
_INPUTS = {
    "contiguous": X + "v = x\n",
    "transposed": X + "v = x.transpose(0, 2)\n",
    "permuted": X + "v = x.permute(1, 2, 0)\n",
    "stepped": X + "v = x[:, ::2]\n",
    "expanded": "v = torch.tensor([1., -2., 4.]).view(1, 3, 1).expand(2, 3, 4)\n",
    "overlapping": X + "v = x.flatten().as_strided((3, 3, 4), (2, 4, 1), 1)\n",
    "offset": X + "v = x[1:, 1:]\n",
    "size-one-dims": X + "v = x[:1, :, 1:2].as_strided((1, 3, 1), (7, 4, 5), 2)\n",
    "channels-last": X + "v = x.view(1, 2, 3, 4).contiguous(memory_format=torch.channels_last)\n",
}
_DIMS = ("", ", dim=(0, 1)", ", dim=(1, 0)", ", dim=(-1, 0)", ", dim=(0,)", ", dim=(2, 0, 1)")

LAYOUTS: Table = [
    (f"{op}-{name}-dims{i}", src + "w = v.to(torch.complex64) * (1 + 0.25j)\n"
     + f"a = {F}.{op}({'v' if op.startswith('i') else 'w'}{dims}{pad})\n")
    for op in ("hfftn", "ihfftn", "hfft2", "ihfft2")
    for name, src in _INPUTS.items()
    for i, dims in enumerate(_DIMS)
    # hfft2 and ihfft2 take the last two dims by default; three dims are the n-d ones' alone
    if not (op.endswith("2") and dims.count(",") > 2)
    # a c2r over a dim of one bin transforms 2 * (1 - 1) points: give it a size
    for pad in ((", s=(2,)" if "(0,)" in dims else ", s=(3, 4)" if dims.count(",") == 2
                 else "") if op.startswith("h") and name in ("size-one-dims", "channels-last")
                else "",)
]

FORMS: Table = [
    ("hfftn-s-pads-trims-and-keeps", C + f"a = {F}.hfftn(c, s=(2, 5))\n"
                                     f"b = {F}.hfftn(c, s=(-1, 3), dim=(2, 0))\n"
                                     f"d = {F}.hfftn(c, s=(1, 5, -1))\n"
                                     f"e = {F}.hfft2(c.transpose(0, 2), s=(3, 7))\n"
                                     f"f = {F}.hfftn(c, s=3)\ng = {F}.hfftn(c, s=(2, 1))"),
    ("ihfftn-s-pads-trims-and-keeps", X + f"a = {F}.ihfftn(x, s=(2, 5))\n"
                                      f"b = {F}.ihfftn(x, s=(-1, 3), dim=(2, 0))\n"
                                      f"d = {F}.ihfftn(x, s=(1, 5, -1))\n"
                                      f"e = {F}.ihfft2(x.transpose(0, 2), s=(3, 7))\n"
                                      f"f = {F}.ihfftn(x, s=3)\ng = {F}.ihfftn(x, s=(3, 1))"),
    ("hfftn-pads-channels-last", X + "v = (x * 1j).view(1, 2, 3, 4).contiguous("
                                 "memory_format=torch.channels_last)\n"
                                 f"a = {F}.hfftn(v, s=(3, 5), dim=(1, 3))\n"
                                 f"b = {F}.ihfftn(v.real, s=(3, 5), dim=(3, 1))"),
    ("hfftn-norms", C + "".join(f"{k}{i} = {F}.{k}({'x' if k.startswith('i') else 'c'}, "
                                f"norm={n!r})\n{k}d{i} = {F}.{k}("
                                f"{'x' if k.startswith('i') else 'c'}, dim=(0,), norm={n!r})\n"
                                for i, n in enumerate(("backward", "forward", "ortho", None))
                                for k in ("hfftn", "ihfftn", "hfft2", "ihfft2"))),
    ("hfftn-promotes-integers-and-bool", "i = torch.arange(12).view(3, 4)\n"
                                         f"a = {F}.hfftn(i)\nb = {F}.ihfftn(i.t())\n"
                                         f"c = {F}.hfft2(i > 4)\nd = {F}.ihfft2(i > 4)\n"
                                         f"e = {F}.ihfftn(i.to(torch.int8), dim=(0,))"),
    ("hfftn-double", X + "d = x.double()\n"
                     f"a = {F}.hfftn(d)\nb = {F}.ihfftn(d, dim=(0, 2))\n"
                     f"c = {F}.hfft2(d * 1j)\ne = {F}.ihfft2(d, dim=(0,))"),
    ("hfftn-of-conj-inputs", "w = (torch.tensor([1., -2., 4.]) * 1j + 1).view(1, 3, 1)"
                             ".expand(2, 3, 4)\n"
                             f"a = {F}.hfftn(w.conj())\nb = {F}.hfftn(w.conj(), dim=(2,))\n"
                             f"c = {F}.hfft2(w.conj(), s=(5, 4))\n"
                             f"d = {F}.hfftn(w.conj().transpose(0, 2), dim=(1, 0))\n"
                             f"e = {F}.hfftn(torch.ones(3, 4, dtype=torch.complex64).conj())"),
    ("ihfftn-of-one-dim-is-a-conj-view", X + f"a = {F}.ihfftn(x, dim=(1,))\nb = a.conj()\n"
                                         f"c = {F}.ihfft2(x, dim=(-1,))\n"
                                         f"d = {F}.ihfftn(x[0])\na.add_(1)"),
    ("hfftn-of-a-written-input", C + "v = c.transpose(0, 1)\n"
                                 f"a = {F}.hfftn(v, dim=(0, 2))\nv.mul_(2)\n"
                                 f"b = {F}.hfftn(v, dim=(0, 2))\n"
                                 f"d = {F}.ihfftn(x)\nx.sub_(1)\ne = {F}.ihfftn(x)"),
    ("hfftn-non-hermitian", "c = torch.tensor([[1 + 2j, 3 - 1j, -2 + 5j], [4 + 4j, 0.5j, 2.]])\n"
                            f"a = {F}.hfftn(c)\nb = {F}.hfft2(c, s=(3, 5))\n"
                            f"d = {F}.hfftn(c, dim=(1, 0))"),
    ("hfftn-size-one-signals", X + f"a = {F}.ihfftn(x[:, :1, :1])\n"
                               f"b = {F}.hfftn(a, s=(1, 1, 1))\n"
                               f"d = {F}.ihfft2(x, s=(1, 1))"),
    ("hfftn-zero-size-signal-padded", f"a = {F}.hfftn(torch.zeros(0, 2, dtype=torch.complex64), "
                                      "s=(3, 4))\n"
                                      f"b = {F}.ihfftn(torch.zeros(2, 0), s=(2, 3))"),
    ("hfftn-infinities-and-nan", "v = torch.tensor([[float('inf'), 1., 2.], [float('nan'), 0., "
                                 "1.], [1., 2., 3.]])\n"
                                 f"a = {F}.ihfftn(v)\nb = {F}.hfftn(v * 1j, dim=(1, 0))"),
    ("hfftn-keyword-input", X + f"a = {F}.ihfftn(input=x, s=(3, 5), dim=(0, 2), norm='ortho')\n"
                            f"b = {F}.hfft2(x, (2, 4), (0, 1), 'forward')"),
    ("hfftn-meta", "m = torch.zeros(2, 3, 4, dtype=torch.complex64, device='meta')\n"
                   "r = torch.zeros(2, 3, 4, device='meta')\n"
                   f"a = {F}.hfftn(m)\nb = {F}.hfftn(m.transpose(0, 2), dim=(1, 0))\n"
                   f"d = {F}.hfft2(m.permute(1, 2, 0))\ne = {F}.hfftn(m, dim=(2,))\n"
                   f"f = {F}.ihfftn(r)\ng = {F}.ihfftn(r.transpose(0, 2), dim=(1, 0))\n"
                   f"h = {F}.ihfft2(r.permute(1, 2, 0))\ni = {F}.ihfftn(r, dim=(2,))\n"
                   f"j = {F}.hfftn(m, s=(3, 5))\nk = {F}.ihfftn(r, s=(3, 5))"),
]

ERRORS: Table = [
    ("err-hfftn-0d", f"a = {F}.hfftn(torch.tensor(1 + 1j))"),
    ("err-ihfftn-0d", f"a = {F}.ihfftn(torch.tensor(1.))"),
    ("err-hfft2-1d", f"a = {F}.hfft2(torch.ones(3) * 1j)"),
    ("err-ihfft2-1d", f"a = {F}.ihfft2(torch.ones(3))"),
    ("err-hfftn-no-dims", C + f"a = {F}.hfftn(c, dim=())"),
    ("err-hfft2-no-dims", C + f"a = {F}.hfft2(c, dim=())"),
    ("err-ihfftn-no-dims", X + f"a = {F}.ihfftn(x, dim=())"),
    ("err-hfftn-one-bin", C + f"a = {F}.hfftn(c[:, :, :1])"),
    ("err-hfftn-s-zero", C + f"a = {F}.hfftn(c, s=(0, 3))"),
    ("err-hfftn-s-last-zero", C + f"a = {F}.hfftn(c, s=(3, 0))"),
    ("err-ihfftn-s-negative", X + f"a = {F}.ihfftn(x, s=(-2, 3))"),
    ("err-hfftn-bad-norm", C + f"a = {F}.hfftn(c, norm='x')"),
    ("err-ihfftn-bad-norm", X + f"a = {F}.ihfftn(x, norm='sideways')"),
    ("err-ihfftn-complex", C + f"a = {F}.ihfftn(c)"),
    ("err-ihfft2-complex", C + f"a = {F}.ihfft2(c)"),
    ("err-ihfftn-complex-one-dim-empty", f"a = {F}.ihfftn(torch.zeros(0, 3, "
                                         "dtype=torch.complex64), dim=1)"),
    ("err-ihfftn-complex-bad-norm", C + f"a = {F}.ihfftn(c, norm='q')"),
    ("err-ihfftn-complex-meta", f"a = {F}.ihfftn(torch.zeros(2, 3, dtype=torch.complex64, "
                                "device='meta'))"),
    ("err-hfftn-half", C + f"a = {F}.hfftn(c.half())"),
    ("err-ihfftn-half", X + f"a = {F}.ihfftn(x.half())"),
    ("err-ihfftn-bfloat16", X + f"a = {F}.ihfftn(x.bfloat16())"),
    ("err-hfftn-complex32", C + f"a = {F}.hfftn(c.to(torch.complex32))"),
    ("err-ihfftn-complex32", C + f"a = {F}.ihfftn(c.to(torch.complex32))"),
    ("err-hfftn-empty-batch", f"a = {F}.hfftn(torch.zeros(0, 3, dtype=torch.complex64), dim=1)"),
    ("err-hfftn-empty-batch-two-dims", f"a = {F}.hfftn(torch.zeros(0, 3, 4, "
                                       "dtype=torch.complex64), dim=(1, 2))"),
    ("err-ihfftn-empty-batch", f"a = {F}.ihfftn(torch.zeros(0, 3), dim=1)"),
    ("err-ihfftn-empty-batch-two-dims", f"a = {F}.ihfftn(torch.zeros(0, 3, 4), dim=(1, 2))"),
    ("err-hfftn-empty-signal", f"a = {F}.hfftn(torch.zeros(0, 3, dtype=torch.complex64))"),
    ("err-hfftn-repeated-dims", C + f"a = {F}.hfftn(c, dim=(0, -3))"),
    ("err-hfftn-dim-out-of-range", C + f"a = {F}.hfftn(c, dim=(0, 3))"),
    ("err-ihfft2-s-dim-lengths", X + f"a = {F}.ihfft2(x, s=(2, 3, 4))"),
    ("err-hfft2-s-int", C + f"a = {F}.hfft2(c, 3)"),
    ("err-hfftn-s-too-long", C + f"a = {F}.hfftn(c, s=(2, 3, 4, 5))"),
    ("err-hfftn-s-float", C + f"a = {F}.hfftn(c, s=1.5)"),
    ("err-hfft2-unknown-keyword", C + f"a = {F}.hfft2(c, foo=1)"),
    ("err-ihfft2-too-many-arguments", X + f"a = {F}.ihfft2(x, (2, 3), (0, 1), 'ortho', None, 3)"),
    ("err-ihfftn-not-a-tensor", f"a = {F}.ihfftn([1., 2.])"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(LAYOUTS + FORMS + ERRORS,
                                                                 ERRORS)

OUT: Table = [
    ("hfftn-out-kept", C + "o = torch.zeros(2, 3, 6)\np = torch.zeros(2, 3, 3, "
                       "dtype=torch.complex64)\n"
                       f"a = {F}.hfftn(c, out=o)\nb = {F}.ihfftn(x, out=p)\n"
                       f"d = {F}.hfft2(c, out=o)\ne = {F}.ihfft2(x, out=p)"),
    ("hfftn-out-transposed-kept", C + "o = torch.zeros(6, 3, 2).transpose(0, 2)\n"
                                  "p = torch.zeros(3, 3, 2, dtype=torch.complex64)"
                                  ".transpose(0, 2)\n"
                                  f"a = {F}.hfftn(c, out=o)\nb = {F}.ihfftn(x, out=p)\n"
                                  f"d = {F}.hfftn(c, dim=(2,), out=o)\n"
                                  f"e = {F}.ihfftn(x, dim=(2,), out=p)"),
    ("hfftn-out-resized", C + "o = torch.zeros(5)\np = torch.zeros(5, dtype=torch.complex64)\n"
                          "q = torch.zeros(0, dtype=torch.complex64)\n"
                          f"a = {F}.hfftn(c, dim=(1, 0), out=o)\n"
                          f"b = {F}.ihfftn(x.transpose(0, 2), out=p)\n"
                          f"d = {F}.ihfftn(x.transpose(0, 2), dim=(0,), out=q)"),
    ("hfftn-out-other-dtypes", C + "o = torch.zeros(2, 3, 6, dtype=torch.float64)\n"
                               "p = torch.zeros(2, 3, 3, dtype=torch.complex128)\n"
                               "q = torch.zeros(2, 3, 4, dtype=torch.float16)\n"
                               f"a = {F}.hfftn(c, out=o)\nb = {F}.ihfftn(x, out=p)\n"
                               f"d = {F}.hfft2(c, s=(3, 4), out=q)"),
    ("hfftn-out-stepped-resized", C + "o = torch.zeros(2, 3, 12)[..., ::2]\n"
                                  "p = torch.zeros(2, 3, 6, dtype=torch.complex64)[..., ::2]\n"
                                  f"a = {F}.hfftn(c, out=o)\nb = {F}.ihfftn(x, out=p)"),
    ("hfftn-out-stepped-wrong-shape", C + "o = torch.zeros(2, 3, 8)[..., ::2]\n"
                                      "p = torch.zeros(2, 3, 8, dtype=torch.complex64)[..., ::2]\n"
                                      f"a = {F}.hfftn(c, out=o)\nb = {F}.ihfftn(x, out=p)\n"
                                      "q = torch.zeros(2, 3, 8, dtype=torch.complex64)[..., ::2]\n"
                                      f"d = {F}.ihfftn(x, dim=(2,), out=q)"),
    ("hfftn-out-is-input", "c = torch.ones(2, 3, dtype=torch.complex64) * (1 + 2j)\n"
                           f"a = {F}.ihfftn(c.real, s=(2, 6), out=c)\n"
                           "d = torch.arange(6.).view(2, 3)\n"
                           f"b = {F}.hfftn(d, s=(2, 3), out=d)"),
    ("ihfftn-one-dim-out-left-unwritten", X + "o = torch.zeros(0, dtype=torch.complex64)\n"
                                          "p = torch.ones(5, dtype=torch.complex64)\n"
                                          "q = torch.ones(1, 1, 3, dtype=torch.complex64)"
                                          ".expand(2, 3, 3)\n"
                                          f"a = {F}.ihfftn(x, dim=(2,), out=o)\n"
                                          f"b = {F}.ihfft2(x, dim=(-1,), out=p)\n"
                                          f"d = {F}.ihfftn(x, dim=(2,), out=q)\n"
                                          f"e = {F}.ihfftn(x[:, :1], dim=(0,), out=p)"),
    ("hfftn-out-meta", "m = torch.zeros(2, 3, 4, dtype=torch.complex64, device='meta')\n"
                       "o = torch.zeros(0, device='meta')\n"
                       "p = torch.zeros(0, dtype=torch.complex64, device='meta')\n"
                       f"a = {F}.hfftn(m, out=o)\nb = {F}.ihfftn(m.real, out=p)"),
]
OUT_ERRORS: Table = [
    ("err-hfftn-out-complex", C + f"a = {F}.hfftn(c, out=torch.zeros(0, dtype=torch.complex64))"),
    ("err-hfftn-one-dim-out-long", C + f"a = {F}.hfftn(c, dim=(2,), out=torch.zeros(0, "
                                       "dtype=torch.long))"),
    ("err-ihfftn-out-real", X + f"a = {F}.ihfftn(x, out=torch.zeros(0))"),
    ("err-ihfft2-out-real", X + f"a = {F}.ihfft2(x, out=torch.zeros(0))"),
    ("err-ihfftn-one-dim-out-real", X + f"a = {F}.ihfftn(x, dim=0, out=torch.zeros(0))"),
    ("err-ihfftn-one-dim-out-other-complex", X + f"a = {F}.ihfftn(x, dim=0, out=torch.zeros(0, "
                                                 "dtype=torch.complex128))"),
    ("err-ihfftn-complex-out-real", C + f"a = {F}.ihfftn(c, out=torch.zeros(0))"),
    ("err-hfftn-empty-batch-before-out", f"a = {F}.hfftn(torch.zeros(0, 3, 4, "
                                         "dtype=torch.complex64), dim=(1, 2), "
                                         "out=torch.zeros(0, dtype=torch.long))"),
    ("err-hfftn-one-dim-out-before-empty-batch", f"a = {F}.hfftn(torch.zeros(0, 3, "
                                                 "dtype=torch.complex64), dim=1, "
                                                 "out=torch.zeros(0, dtype=torch.long))"),
    ("err-ihfftn-empty-batch-before-out", f"a = {F}.ihfftn(torch.zeros(0, 3, 4), dim=(1, 2), "
                                          "out=torch.zeros(0))"),
    ("err-hfftn-out-overlapping", C + "o = torch.zeros(1, 1, 6).expand(2, 3, 6)\n"
                                  f"a = {F}.hfftn(c, out=o)"),
    ("err-ihfftn-out-overlapping", X + "o = torch.zeros(1, 1, 3, dtype=torch.complex64)"
                                   ".expand(2, 3, 3)\n"
                                   f"a = {F}.ihfftn(x, out=o)"),
]

test_out_agrees_with_torch, test_out_error_message_matches = table_tests(OUT + OUT_ERRORS,
                                                                         OUT_ERRORS)


@pytest.mark.parametrize("src", params([case for case in OUT if "resized" in case[0]
                                        or "unwritten" in case[0]]))
def test_out_warnings_match(src: str) -> None:
    assert_same_warnings(src)
