"""ldexp, ldexp_ and ldexp(out=): the route torch takes decides the result's dtype and layout.

A floating input with an integral (or bool) exponent runs ldexp's own kernel into
empty_like(input), resized by the iterator when the exponent broadcasts it; every other pair
is mul(input, 2 ** other), where 2 ** other is contiguous (integral or float32 inputs) or laid
out from the exponent (other inputs), and the mul promotes the two.
"""

from __future__ import annotations

import pytest

from ._support import Table, assert_same_warnings, params, table_tests

# float32 2x3x4 in halves; the same values as other dtypes and layouts
A = "a = (torch.arange(24) % 5 - 2).float().view(2, 3, 4) / 2\n"
EXPANDED = "e = a[:, :1].expand(2, 3, 4)\n"
PERMUTED = "p = a.view(4, 3, 2).permute(2, 1, 0)\n"
SLICED = "s = torch.arange(48.).view(2, 3, 8)[:, :, ::2] / 4\n"
CL = "c = torch.arange(24.).view(1, 2, 3, 4).contiguous(memory_format=torch.channels_last)\n"
# exponents: int64 in three layouts, and a bool one
K = "k = torch.arange(24).view(2, 3, 4) % 4 - 1\n"
KP = "kp = k.view(4, 3, 2).permute(2, 1, 0)\n"
KT = "kt = k.view(3, 2, 4).transpose(0, 1)\n"
KB = "kb = k > 0\n"

INT_EXPONENT: Table = [
    # the output is empty_like(input): the exponent's layout plays no part
    ("int-expanded-input-permuted-exponent", A + EXPANDED + K + KP + "y = torch.ldexp(e, kp)"),
    ("int-permuted-input", A + PERMUTED + K + "y = torch.ldexp(p, k)"),
    ("int-permuted-both", A + PERMUTED + K + KT + "y = torch.ldexp(p, kt)"),
    ("int-sliced-input", SLICED + K + KP + "y = torch.ldexp(s, kp)"),
    ("int-channels-last-input", CL + "k = torch.arange(24).view(1, 2, 3, 4) % 3\n"
                                     "y = torch.ldexp(c, k)"),
    ("int-f16-input", A + K + KP + "h = a.half().view(4, 3, 2).permute(2, 1, 0)\n"
                                   "y = torch.ldexp(h, k)"),
    ("int-bf16-uint8", A + K + "h = a.bfloat16()\nu = k.abs().to(torch.uint8)\n"
                               "y = torch.ldexp(h, u)"),
    ("int-f64-int32", A + K + "y = torch.ldexp(a.double(), k.int())"),
    ("int-method", A + EXPANDED + K + KT + "y = e.ldexp(kt)"),
    # an exponent that broadcasts the input resizes empty_like(input), with a warning
    ("int-broadcast-resizes", A + K + KT + "r = a[:1, :, :1]\ny = torch.ldexp(r, kt)"),
    ("int-broadcast-transposed", "r = torch.ones(1, 3).t()\nk = torch.ones(4, 3, 1).long()\n"
                                 "y = torch.ldexp(r, k)"),
    ("int-0d-input", "r = torch.tensor(1.5)\nk = torch.tensor([1, 2, 3]).view(3, 1)"
                     ".expand(3, 2).t()\ny = torch.ldexp(r, k)"),
    ("int-0d-exponent", A + PERMUTED + "y = torch.ldexp(p, torch.tensor(3))"),
    ("int-zero-size", "z = torch.ones(0, 3).t()\ny = torch.ldexp(z, torch.ones(3, 1).long())"),
    ("int-neg-view-input", "z = torch.tensor([[1+2j, 3-1j], [0.5j, -2+0j]]).t()\n"
                           "n = z.conj().imag\ny = torch.ldexp(n, torch.tensor([1, -1]))"),
    ("int-in-place", A + PERMUTED + K + "p.ldexp_(k)"),
    ("int-in-place-view-version", A + K + "v = a[1]\nv.ldexp_(k[0])"),
    ("int-out", A + K + KP + "o = torch.empty(4, 3, 2).permute(2, 1, 0)\n"
                             "y = torch.ldexp(a, kp, out=o)"),
    ("int-out-resized", A + EXPANDED + K + KP + "o = torch.empty(3)\n"
                                                "y = torch.ldexp(e, kp, out=o)"),
    ("int-out-empty-resized", A + K + KT + "o = torch.empty(0)\ny = torch.ldexp(a, kt, out=o)"),
    ("int-out-is-input", A + K + "y = torch.ldexp(a, k, out=a)"),
    # a strided out= and a row of the same storage: too hard for the overlap check to tell
    ("int-out-column-of-input-row", "x = torch.ones(3, 3)\nk = torch.ones(3).long()\n"
                                    "y = torch.ldexp(x[0], k, out=x[:, 0])"),
]

MUL_ROUTE: Table = [
    # float32 (and integral) inputs: 2 ** other is a contiguous tensor of other's shape
    ("f32-expanded-input-permuted-exponent", A + EXPANDED + PERMUTED +
     "y = torch.ldexp(e, p)"),
    ("f32-broadcast-input", A + PERMUTED + "r = a[:1, :, :1]\ny = torch.ldexp(r, p)"),
    ("f32-0d-input", A + PERMUTED + "y = torch.ldexp(a[0, 0, 0], p)"),
    ("f32-f64-exponent", A + PERMUTED + "y = torch.ldexp(a[:1, :, :1], p.double())"),
    ("f32-f16-exponent", A + EXPANDED + PERMUTED + "y = torch.ldexp(e, p.half())"),
    ("f32-complex-exponent", A + PERMUTED + "y = torch.ldexp(a[0, 0, 0], p.cfloat())"),
    ("int-input-float-exponent", A + K + PERMUTED + "y = torch.ldexp(k.int()[:1, :, :1], p)"),
    ("int-input-int-exponent", K + KP + "y = torch.ldexp(k.int(), kp)"),
    ("int-input-bool-exponent", K + KB + "y = torch.ldexp(k, kb)"),
    ("bool-input", K + KB + KP + "y = torch.ldexp(kb, kp)"),
    # other inputs: full((), 2., input dtype).pow(other), laid out from the exponent
    ("f64-permuted-exponent", A + EXPANDED + PERMUTED + "y = torch.ldexp(e.double(), p)"),
    ("f16-f32-exponent", A + PERMUTED + "y = torch.ldexp(a.half(), p)"),
    ("f16-0d-complex-exponent", A + "y = torch.ldexp(a.half(), torch.tensor(1+1j))"),
    ("complex-input-int-exponent", A + K + KP + "y = torch.ldexp(a.cfloat(), kp)"),
    ("complex-input-f64-exponent", A + PERMUTED + "y = torch.ldexp(a.cfloat()[0], p.double())"),
    ("f32-in-place-float-exponent", A + PERMUTED + "a.ldexp_(p)"),
    ("f16-in-place-f32-exponent", A + "h = a.half()\nh.ldexp_(a)"),
    ("f32-out-f16", A + PERMUTED + "o = torch.empty(2, 3, 4, dtype=torch.float16)\n"
                                   "y = torch.ldexp(a, p, out=o)"),
    ("f32-out-resized", A + EXPANDED + PERMUTED + "o = torch.empty(5)\n"
                                                  "y = torch.ldexp(e, p, out=o)"),
    ("int-input-out-f64", K + "o = torch.empty(2, 3, 4, dtype=torch.float64)\n"
                              "y = torch.ldexp(k, k, out=o)"),
    ("f32-out-exponent-overlap", "x = torch.zeros(4)\n"
                                 "y = torch.ldexp(torch.ones(3), x[1:], out=x[:3])"),
]

ERRORS: Table = [
    ("err-bool-exponent", A + KB + "y = torch.ldexp(a, kb)"),
    ("err-bool-exponent-zero-size", "y = torch.ldexp(torch.ones(0), torch.ones(0).bool())"),
    ("err-bool-exponent-in-place", A + KB + "a.ldexp_(kb)"),
    ("err-out-int", A + K + "o = torch.empty(2, 3, 4, dtype=torch.int32)\n"
                            "y = torch.ldexp(a, k, out=o)"),
    ("err-out-bool", A + "o = torch.empty(2, 3, 4, dtype=torch.bool)\n"
                         "y = torch.ldexp(a, a, out=o)"),
    ("err-in-place-int", K + "k.ldexp_(k)"),
    ("err-int-exponent-out-other-float", A + K + "o = torch.empty(2, 3, 4, dtype=torch.float64)\n"
                                                 "y = torch.ldexp(a, k, out=o)"),
    ("err-out-complex-result", A + "o = torch.empty(2, 3, 4)\n"
                                   "y = torch.ldexp(a, a.cfloat(), out=o)"),
    ("err-complex-input-f16-exponent", A + "y = torch.ldexp(a.cfloat(), a.half())"),
    ("err-in-place-broadcast", A + K + "r = a[0].clone()\nr.ldexp_(k)"),
    ("err-in-place-broadcast-float", A + "r = a[0].clone()\nr.ldexp_(a)"),
    ("err-out-partial-overlap", "x = torch.ones(4)\nk = torch.ones(3).long()\n"
                                "y = torch.ldexp(x[1:], k, out=x[:3])"),
    # the kernel reads the exponent itself (a mul would read a fresh 2 ** other)
    ("err-out-exponent-partial-overlap", "x = torch.zeros(4)\nk = x.view(torch.int32)\n"
                                         "y = torch.ldexp(torch.ones(3), k[1:], out=x[:3])"),
    ("err-out-expanded", A + K + "o = torch.empty(4).expand(2, 3, 4)\n"
                                 "y = torch.ldexp(a, k, out=o)"),
    ("err-scalar-exponent", A + "y = torch.ldexp(a, 2)"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    INT_EXPONENT + MUL_ROUTE + ERRORS, ERRORS)


# resizing an output that holds elements warns: empty_like(input) when the exponent broadcasts
# it, and out= of another shape
WARNINGS: Table = [
    ("int-broadcast-resizes", A + K + KT + "r = a[:1, :, :1]\ny = torch.ldexp(r, kt)"),
    ("int-0d-input", "y = torch.ldexp(torch.tensor(1.5), torch.tensor([1, 2, 3]))"),
    ("int-zero-size-input-no-warning", "y = torch.ldexp(torch.ones(0, 1), torch.ones(3).long())"),
    ("int-same-shape-no-warning", A + K + KP + "y = torch.ldexp(a, kp)"),
    ("int-out-resized", A + K + "o = torch.empty(3)\ny = torch.ldexp(a, k, out=o)"),
    ("f32-broadcast-no-warning", A + "y = torch.ldexp(a[:1], a)"),
    ("f32-out-resized", A + "o = torch.empty(3)\ny = torch.ldexp(a, a, out=o)"),
]


@pytest.mark.parametrize("src", params(WARNINGS))
def test_warnings_match_torch(src: str) -> None:
    assert_same_warnings(src)
