"""tuple out= of the ops returning several tensors: sort, topk and kthvalue (reference/sorting.py
through reference/tuple_out.py), beside max(dim), min(dim), cummax, cummin, median(dim),
nanmedian(dim), mode and aminmax, whose own tables hold their cases.

Each out is checked for dtype (int64 indices), resized where its shape differs (resize_output's
warning when it held elements; sort's outs take the input's layout, topk's and kthvalue's
contiguous) and keeps its strides where its shape is right; the results returned are the outs
themselves, each bumped once. Covered: right-shaped, transposed, stepped, empty, wrong-shaped,
expanded, list and keyword forms; outs that are the input, overlap it, or are one tensor;
kthvalue's unsqueeze-resize-squeeze of outs with one dim fewer (left unsqueezed by a refusal);
the refusals: dtypes, overlaps, binding (not a tuple, wrong length, not tensors)."""

from __future__ import annotations

import pytest

from ._support import Table, assert_same_warnings, params, table_tests

X = "x = torch.arange(12.).mul(7).remainder(12).sub(5).view(3, 4)\n"
V = "v = torch.zeros({s})\ni = torch.zeros({s}, dtype=torch.long)\n"
# each op with the shape of its results on x and its call
_OPS = {
    "sort": ("3, 4", "torch.sort(x, 1, out={o})"),
    "sort-dim0-descending": ("3, 4", "torch.sort(x, 0, True, out={o})"),
    "sort-stable": ("3, 4", "torch.sort(x, stable=True, dim=0, out={o})"),
    "topk": ("3, 2", "torch.topk(x, 2, out={o})"),
    "topk-dim0-smallest": ("2, 4", "torch.topk(x, 2, 0, False, out={o})"),
    "kthvalue": ("3", "torch.kthvalue(x, 2, 1, out={o})"),
    "kthvalue-keepdim": ("1, 4", "torch.kthvalue(x, 2, 0, True, out={o})"),
}
# out pairs of each layout, from the right shape `{s}` (transposed and stepped where 2-d)
_OUTS = {
    "right": V + "o = (v, i)\n",
    "list": V + "o = [v, i]\n",
    "wrong-shape": "v = torch.zeros(5)\ni = torch.zeros(2, 7, dtype=torch.long)\no = (v, i)\n",
    "empty": "v = torch.zeros(0)\ni = torch.zeros(0, 3, dtype=torch.long)\no = (v, i)\n",
    "empty-transposed": "v = torch.zeros(0, 2).t()\ni = torch.zeros(3, 0, dtype=torch.long)\n"
                        "o = (v, i)\n",
    "stepped": "v = torch.zeros(40)[::3]\ni = torch.zeros(9, dtype=torch.long)[::2]\no = (v, i)\n",
    "offset": "v = torch.zeros(30)[7:]\ni = torch.zeros(30, dtype=torch.long)[3:]\no = (v, i)\n",
    "zero-dim": "v = torch.zeros(())\ni = torch.zeros((), dtype=torch.long)\no = (v, i)\n",
}
_TWO_D = {
    "transposed": "v = torch.zeros({r}).t()\ni = torch.zeros({r}, dtype=torch.long).t()\n"
                  "o = (v, i)\n",
    "gapped": "v = torch.zeros({s}, 2)[..., 0]\ni = torch.zeros({s}, 3, dtype=torch.long)"
              "[..., 1]\no = (v, i)\n",
}


def _reversed(s: str) -> str:
    return ", ".join(reversed(s.split(", ")))


LAYOUTS: Table = [
    (f"{op}-{name}", X + outs.format(s=s, r=_reversed(s)) + "a = " + call.format(o="o"))
    for op, (s, call) in _OPS.items()
    for name, outs in ({**_OUTS, **_TWO_D} if "," in s else _OUTS).items()
] + [
    # kthvalue's outs with one dim fewer are unsqueezed at the dim before resize_output
    ("kthvalue-gapped-one-dim", X + "v = torch.zeros(6)[::2]\ni = torch.zeros(3, dtype=torch.long)"
                                "\na = torch.kthvalue(x, 1, 1, out=(v, i))"),
    ("kthvalue-one-dim-resized", X + "v = torch.zeros(5)\ni = torch.zeros(4, dtype=torch.long)\n"
                                 "a = torch.kthvalue(x, 3, 0, out=(v, i))"),
    ("kthvalue-three-dims-resized", X + "v = torch.zeros(3, 1, 1)\n"
                                    "i = torch.zeros(3, 1, dtype=torch.long).t()\n"
                                    "a = torch.kthvalue(x, 1, 1, out=(v, i))"),
    ("kthvalue-keepdim-one-dim", X + "v = torch.zeros(4)\ni = torch.zeros(4, dtype=torch.long)\n"
                                 "a = torch.kthvalue(x, 1, 0, keepdim=True, out=(v, i))"),
    ("kthvalue-zero-dim-input", "x = torch.tensor(2.5)\nv = torch.zeros(3)\n"
                                "i = torch.zeros(3, dtype=torch.long)\n"
                                "a = torch.kthvalue(x, 1, 0, out=(v, i))\n"
                                "b = torch.kthvalue(x, 1, -1, True, out=(torch.zeros(2, 2), "
                                "torch.zeros(0, dtype=torch.long)))"),
    ("topk-zero-dim-input", "x = torch.tensor(-1.5)\nv = torch.zeros(2)\n"
                            "i = torch.zeros((), dtype=torch.long)\n"
                            "a = torch.topk(x, 1, out=(v, i))\n"
                            "b = torch.topk(x, 0, out=(torch.zeros(3), i))"),
    ("sort-zero-dim-input", "x = torch.tensor(-1.5)\nv = torch.zeros(2)\n"
                            "i = torch.zeros(2, dtype=torch.long)\na = torch.sort(x, out=(v, i))"),
    ("topk-k-zero-expanded", X + "v = torch.zeros(1).expand(3, 0)\n"
                             "i = torch.zeros(5, dtype=torch.long)\n"
                             "a = torch.topk(x, 0, out=(v, i))"),
    ("sort-empty-input", "x = torch.zeros(0, 3).t()\nv = torch.zeros(2)\n"
                         "i = torch.zeros(0, dtype=torch.long)\na = torch.sort(x, 0, out=(v, i))"),
]

# inputs of other layouts and dtypes into right-shaped and resized outs
_INPUTS = {
    "transposed": ("x = torch.arange(12.).mul(5).remainder(12).view(3, 4).t()\n", "float32"),
    "permuted": ("x = torch.arange(24.).mul(5).remainder(24).view(2, 3, 4).permute(2, 0, 1)\n",
                 "float32"),
    "expanded": ("x = torch.tensor([[3., -1., 2.]]).expand(4, 3)\n", "float32"),
    "channels-last": ("x = torch.arange(24.).mul(5).remainder(24).view(1, 2, 3, 4)"
                      ".contiguous(memory_format=torch.channels_last)\n", "float32"),
    "size-one": ("x = torch.arange(24.).mul(5).remainder(24).view(1, 24, 1)[:, ::5]\n",
                 "float32"),
    "int16": ("x = torch.arange(12, dtype=torch.int16).mul(5).remainder(12).view(3, 4)\n",
              "int16"),
    "half": ("x = torch.arange(12.).mul(5).remainder(12).view(3, 4).half()\n", "float16"),
    "bfloat16": ("x = torch.arange(12.).mul(5).remainder(12).view(3, 4).bfloat16()\n",
                 "bfloat16"),
    "double": ("x = torch.arange(12.).mul(5).remainder(12).view(3, 4).double()\n", "float64"),
    "uint8": ("x = torch.arange(12, dtype=torch.uint8).mul(5).remainder(12).view(3, 4)\n",
              "uint8"),
}
_CALLS = {
    "sort": "a = torch.sort(x, -1, out=(v, i))\nb = torch.sort(x, 0, out=(p, j))",
    "topk": "a = torch.topk(x, 1, out=(v, i))\nb = torch.topk(x, 1, 0, out=(p, j))",
    "kthvalue": "a = torch.kthvalue(x, 1, -1, out=(v, i))\n"
                "b = torch.kthvalue(x, 1, 0, keepdim=True, out=(p, j))",
}
INPUTS: Table = [
    (f"{op}-input-{name}", src + f"v = torch.zeros(0, dtype=torch.{dt})\n"
     "i = torch.zeros(0, dtype=torch.long)\n"
     f"p = torch.zeros(7, dtype=torch.{dt})[::2]\nj = torch.zeros(2, 2, dtype=torch.long).t()\n"
     + call)
    for op, call in _CALLS.items() for name, (src, dt) in _INPUTS.items()
] + [
    ("sort-bool-input", "x = torch.tensor([[True, False, True], [False, False, True]])\n"
                        "v = torch.zeros(2, 3, dtype=torch.bool)\n"
                        "i = torch.zeros(2, 3, dtype=torch.long)\n"
                        "a = torch.sort(x, 1, stable=True, out=(v, i))"),
]

ALIASING: Table = [
    # median(dim) and cummax check no overlap of their outs with the input
    ("median-values-overlap-input", X + "a = torch.median(x, 0, out=(x[0], torch.zeros(4, "
                                    "dtype=torch.long)))"),
    ("max-dim-keepdim-values-full-overlap", X + "a = torch.max(x, 1, keepdim=True, out=("
                                            "x[:, :1], torch.zeros(3, 1, dtype=torch.long)))"),
    # sort copies the input into its values, then sorts them there: values may be the input
    ("sort-values-is-input", X + "i = torch.zeros(3, 4, dtype=torch.long)\n"
                             "a = torch.sort(x, 1, out=(x, i))"),
    ("sort-values-is-input-transposed", X + "i = torch.zeros(4, 3, dtype=torch.long)\n"
                                        "y = x.t()\na = torch.sort(y, 1, out=(y, i))"),
    ("sort-values-is-base-resized", X + "i = torch.zeros(4, 3, dtype=torch.long)\n"
                                    "a = torch.sort(x.t(), 1, out=(x, i))"),
    ("sort-indices-is-input", "x = torch.tensor([[3, 1, 2], [0, 5, 4]])\n"
                              "v = torch.zeros(2, 3, dtype=torch.long)\n"
                              "a = torch.sort(x, 1, out=(v, x))"),
    ("sort-outs-one-tensor", "x = torch.tensor([[3, 1, 2], [0, 5, 4]])\n"
                             "o = torch.zeros(2, 3, dtype=torch.long)\n"
                             "a = torch.sort(x, 1, out=(o, o))"),
    ("sort-outs-overlapping", "x = torch.tensor([[3, 1, 2], [0, 5, 4]])\n"
                              "b = torch.zeros(8, dtype=torch.long)\n"
                              "a = torch.sort(x.flatten(), 0, out=(b[:6], b[2:]))"),
    ("topk-values-is-input", X + "i = torch.zeros(3, 2, dtype=torch.long)\n"
                             "a = torch.topk(x, 2, out=(x, i))"),
    ("topk-indices-is-input", "x = torch.tensor([[3, 1, 2], [0, 5, 4]])\n"
                              "v = torch.zeros(2, 2, dtype=torch.long)\n"
                              "a = torch.topk(x, 2, out=(v, x))"),
    ("topk-outs-one-tensor", "x = torch.tensor([[3, 1, 2], [0, 5, 4]])\n"
                             "o = torch.zeros(2, 2, dtype=torch.long)\n"
                             "a = torch.topk(x, 2, out=(o, o))"),
    ("kthvalue-indices-is-input", "x = torch.tensor([[3, 1, 2], [0, 5, 4]])\n"
                                  "a = torch.kthvalue(x, 2, 1, out=(torch.zeros(2, "
                                  "dtype=torch.long), x))"),
    ("kthvalue-outs-one-tensor-keepdim", "x = torch.tensor([[3, 1, 2], [0, 5, 4]])\n"
                                         "o = torch.zeros(2, 1, dtype=torch.long)\n"
                                         "a = torch.kthvalue(x, 2, 1, True, out=(o, o))"),
    ("results-are-the-outs", X + V.format(s="3") + "a = torch.kthvalue(x, 2, 1, out=(v, i))\n"
                             "a.values.add_(1)\nb = a.indices\nb.zero_()\nc = a[0]\n"
                             "d = torch.sort(x, out=(torch.zeros(0), torch.zeros(0, "
                             "dtype=torch.long)))\nd.values.mul_(2)"),
]

ERRORS: Table = [
    (f"err-{op}-{what}", X + src.format(s=s) + "a = " + call.format(o="(v, i)"))
    for op, (s, call) in _OPS.items() for what, src in {
        "values-dtype": "v = torch.zeros({s}, dtype=torch.float64)\n"
                        "i = torch.zeros({s}, dtype=torch.long)\n",
        "indices-dtype": "v = torch.zeros({s})\ni = torch.zeros({s}, dtype=torch.int32)\n",
        "indices-dtype-values-resized": "v = torch.zeros(7)\n"
                                        "i = torch.zeros({s}, dtype=torch.int32)\n",
        "values-expanded": "v = torch.zeros(1).expand({s})\n"
                           "i = torch.zeros({s}, dtype=torch.long)\n",
        "indices-expanded": "v = torch.zeros({s})\n"
                            "i = torch.zeros(1, dtype=torch.long).expand({s})\n",
        "one-tensor-float": "v = torch.zeros({s})\ni = v\n",
    }.items()
] + [
    ("err-kthvalue-values-is-input", X + "i = torch.zeros(3, dtype=torch.long)\n"
                                     "a = torch.kthvalue(x, 2, 1, out=(x, i))"),
    ("err-kthvalue-values-overlap-input", X + "i = torch.zeros(3, dtype=torch.long)\n"
                                          "a = torch.kthvalue(x, 2, 1, out=(x[0, 1:], i))"),
    ("err-kthvalue-outs-one-tensor", "x = torch.tensor([[3, 1, 2], [0, 5, 4]])\n"
                                     "o = torch.zeros(2, dtype=torch.long)\n"
                                     "a = torch.kthvalue(x, 2, 1, out=(o, o))"),
    ("err-sort-values-overlap-input", X + "i = torch.zeros(2, 4, dtype=torch.long)\n"
                                      "a = torch.sort(x[:2], 1, out=(x[1:], i))"),
    ("err-sort-complex", "x = torch.tensor([1j, 2.])\na = torch.sort(x, out=(torch.zeros(5, "
                         "dtype=torch.cfloat), torch.zeros(5, dtype=torch.long)))"),
    ("err-topk-bool", "x = torch.tensor([True, False])\na = torch.topk(x, 1, out=(torch.zeros("
                      "5, dtype=torch.bool), torch.zeros(5, dtype=torch.long)))"),
    ("err-topk-k-before-outs", X + "a = torch.topk(x, 9, out=(torch.zeros(5, "
                               "dtype=torch.float64), torch.zeros(5)))"),
    ("err-kthvalue-bool-leaves-unsqueezed", "x = torch.ones(3, 4, dtype=torch.bool)\n"
                                            "v = torch.zeros(4, dtype=torch.bool)\n"
                                            "i = torch.zeros(4, dtype=torch.long)\n"
                                            "a = torch.kthvalue(x, 1, 0, out=(v, i))"),
    ("err-kthvalue-k-before-outs", X + "a = torch.kthvalue(x, 5, 1, out=(x, torch.zeros(5)))"),
    ("err-sort-out-tensor", X + "a = torch.sort(x, 1, out=x)"),
    ("err-sort-stable-out-tensor", X + "a = torch.sort(x, stable=True, out=x)"),
    ("err-topk-out-tensor", X + "a = torch.topk(x, 1, out=x)"),
    ("err-kthvalue-out-tensor", X + "a = torch.kthvalue(x, 1, out=x)"),
    ("err-sort-out-one", X + "a = torch.sort(x, 1, out=(x,))"),
    ("err-sort-out-three", X + "a = torch.sort(x, out=[x, x, x])"),
    ("err-topk-out-empty", X + "a = torch.topk(x, 1, out=())"),
    ("err-sort-out-element", X + "a = torch.sort(x, 1, out=(x, 2))"),
    ("err-sort-stable-out-element", X + "a = torch.sort(x, stable=True, out=(x, None))"),
    ("err-topk-out-element", X + "a = torch.topk(x, 1, out=(1, x))"),
    ("err-kthvalue-out-element", X + "a = torch.kthvalue(x, 1, out=[x, 1.5])"),
    ("err-kthvalue-element-before-length", X + "a = torch.kthvalue(x, 1, out=(1,))"),
    ("err-sort-method-out", X + "a = x.sort(1, out=(x, x))"),
    # the kernels of max(dim), aminmax and mode refuse outs partly over their input
    ("err-max-dim-values-overlap-input", X + "a = torch.max(x, 0, out=(x[0], torch.zeros(4, "
                                         "dtype=torch.long)))"),
    ("err-min-dim-indices-overlap-input", "x = torch.arange(6).view(2, 3)\n"
                                          "a = torch.min(x, 0, out=(torch.zeros(3, "
                                          "dtype=torch.long), x[0]))"),
    ("err-aminmax-out-overlap-input", X + "a = torch.aminmax(x, dim=0, out=(x[0], "
                                      "torch.zeros(4)))"),
    ("err-aminmax-outs-base-of-input", "x = torch.arange(40.).view(5, 8)\ny = x.t()\n"
                                       "a = torch.aminmax(y, dim=0, out=(x, torch.zeros(8)))"),
    ("err-mode-values-overlap-input", X + "a = torch.mode(x, 0, out=(x[0], torch.zeros(4, "
                                      "dtype=torch.long)))"),
]

# -- torch.linalg: structured kernels' outs (reference/tuple_out.py structured) ---------------
A = "A = torch.tensor([[4., 1., 0.5], [1., 3., 0.2], [0.5, 0.2, 2.]])\n"
F, I32 = "torch.float32", "torch.int32"
# each op: its call on A (and B), and its results' shapes and dtypes
_LINALG = {
    "inv_ex": ("torch.linalg.inv_ex(A, out={o})", (("3, 3", F), ("()", I32))),
    "solve_ex": ("torch.linalg.solve_ex(A, torch.ones(3, 2), out={o})",
                 (("3, 2", F), ("()", I32))),
    "solve_ex-vector": ("torch.linalg.solve_ex(A, torch.ones(3), left=True, out={o})",
                        (("3,", F), ("()", I32))),
    "slogdet": ("torch.linalg.slogdet(A, out={o})", (("()", F), ("()", F))),
    "cholesky_ex": ("torch.linalg.cholesky_ex(A, out={o})", (("3, 3", F), ("()", I32))),
    "cholesky_ex-upper": ("torch.linalg.cholesky_ex(A, upper=True, out={o})",
                          (("3, 3", F), ("()", I32))),
    "eigh": ("torch.linalg.eigh(A, out={o})", (("3,", F), ("3, 3", F))),
    "eigh-upper": ("torch.linalg.eigh(A, 'U', out={o})", (("3,", F), ("3, 3", F))),
    "qr": ("torch.linalg.qr(A, out={o})", (("3, 3", F), ("3, 3", F))),
    "qr-complete-wide": ("torch.linalg.qr(A[:2], 'complete', out={o})",
                         (("2, 2", F), ("2, 3", F))),
    "qr-r": ("torch.linalg.qr(A, mode='r', out={o})", (("0,", F), ("3, 3", F))),
    "svd": ("torch.linalg.svd(A, out={o})", (("3, 3", F), ("3,", F), ("3, 3", F))),
    "svd-thin-tall": ("torch.linalg.svd(A[:, :2], full_matrices=False, out={o})",
                      (("3, 2", F), ("2,", F), ("2, 2", F))),
    "lu_factor": ("torch.linalg.lu_factor(A, out={o})", (("3, 3", F), ("3,", I32))),
    "lu_factor_ex": ("torch.linalg.lu_factor_ex(A, out={o})",
                     (("3, 3", F), ("3,", I32), ("()", I32))),
    "lu": ("torch.linalg.lu(A, out={o})", (("3, 3", F), ("3, 3", F), ("3, 3", F))),
    "lu-wide": ("torch.linalg.lu(A[:2], out={o})", (("2, 2", F), ("2, 2", F), ("2, 3", F))),
    "lu_unpack": ("torch.lu_unpack(*torch.linalg.lu_factor(A), out={o})",
                  (("3, 3", F), ("3, 3", F), ("3, 3", F))),
}
# how each out is made from its result's shape `{s}` (a tuple's text) and dtype `{d}`
_LINALG_OUTS = {
    "right": "torch.zeros(({s}), dtype={d})",
    "transposed": "torch.zeros(({r}), dtype={d}).mT",
    "wrong-shape": "torch.zeros(5, dtype={d})",
    "empty": "torch.zeros(0, dtype={d})",
    "gapped": "torch.zeros(({s}) + (2,), dtype={d})[..., 1]",
}


def _linalg_outs(spec: tuple[tuple[str, str], ...], make: str, at: int = -1, other: str = ""
                 ) -> str:
    """Bind o0, o1, ... made by `make` (`other` for the one at index `at`), and o, them all."""
    def matrix(s: str) -> bool:
        return s.count(",") == 1 and not s.endswith(",")
    lines = [f"o{j} = " + (other if j == at else make).format(
        s=s, d=d, r=_reversed(s) if matrix(s) else s) for j, (s, d) in enumerate(spec)]
    # .mT of fewer than two dims is refused: those outs stay as they are
    lines = [line if matrix(s) else line.replace(".mT", "")
             for line, (s, _) in zip(lines, spec)]
    return "\n".join(lines) + f"\no = ({', '.join(f'o{j}' for j in range(len(spec)))})\n"


LINALG: Table = [
    (f"{op}-{name}", A + _linalg_outs(spec, make) + "a = " + call.format(o="o"))
    for op, (call, spec) in _LINALG.items() for name, make in _LINALG_OUTS.items()
] + [
    # lu_unpack's L and U come from tril_out/triu_out and an idempotent fill_, which take an
    # expanded out= (P's TensorIterator refuses one)
    ("lu_unpack-expanded-l-u", "LU = torch.ones(1, 1, 1).expand(4, 1, 1).clone()\n"
                               "p = torch.ones(4, 1, dtype=torch.int32)\n"
                               "e = torch.zeros(1, 1, 1).expand(4, 1, 1)\n"
                               "a = torch.lu_unpack(LU, p, out=(torch.zeros(4, 1, 1), e, e))"),
    ("linalg-list-out", A + "o = [torch.zeros(3), torch.zeros(3, 3)]\n"
                        "a = torch.linalg.eigh(A, out=o)"),
    ("linalg-batched-resized", "A = torch.ones(3).diag().expand(2, 3, 3) * 2\n"
                               "o = (torch.zeros(4), torch.zeros(2, 3, 3).mT)\n"
                               "a = torch.linalg.eigh(A, out=o)\n"
                               "b = torch.linalg.inv_ex(A, out=(torch.zeros(2, 3, 3), "
                               "torch.zeros(0, dtype=torch.int32)))\n"
                               "c = torch.linalg.lu_factor_ex(A, out=(torch.zeros(3), "
                               "torch.zeros(2, 3, dtype=torch.int32), "
                               "torch.zeros(2, dtype=torch.int32)))"),
    ("linalg-double-complex", "A = torch.tensor([[2., 1j], [-1j, 3.]], dtype=torch.complex128)\n"
                              "a = torch.linalg.eigh(A, out=(torch.zeros(5, dtype=torch.float64),"
                              " torch.zeros(2, 2, dtype=torch.complex128)))\n"
                              "b = torch.linalg.slogdet(A, out=(torch.zeros(2, "
                              "dtype=torch.complex128), torch.zeros(0, dtype=torch.float64)))\n"
                              "c = torch.linalg.svd(A, out=(torch.zeros(0, dtype=torch.complex128)"
                              ", torch.zeros(2, dtype=torch.float64), torch.zeros(2, 2, "
                              "dtype=torch.complex128)))"),
    ("linalg-singular-info", "A = torch.zeros(2, 3, 3)\n"
                             "a = torch.linalg.inv_ex(A, out=(torch.zeros(3), "
                             "torch.zeros(5, dtype=torch.int32)))\n"
                             "b = torch.linalg.cholesky_ex(-A - torch.ones(3).diag(), "
                             "out=(torch.zeros(1), torch.zeros(1, dtype=torch.int32)))\n"
                             "c = torch.linalg.lu_factor_ex(A, out=(torch.zeros(1), "
                             "torch.zeros(1, dtype=torch.int32), torch.zeros(1, "
                             "dtype=torch.int32)))"),
    ("linalg-empty-matrices", "A = torch.zeros(2, 0, 0)\n"
                              "a = torch.linalg.inv_ex(A, out=(torch.zeros(3), "
                              "torch.zeros(5, dtype=torch.int32)))\n"
                              "b = torch.linalg.eigh(A, out=(torch.zeros(1), torch.zeros(1)))\n"
                              "c = torch.linalg.svd(A, out=(torch.zeros(1), torch.zeros(1), "
                              "torch.zeros(1)))"),
    # outs over the input's bytes or each other's: values not determined, layouts are
    ("inv_ex-out-is-input", A + "a = torch.linalg.inv_ex(A, out=(A, torch.zeros((), "
                            "dtype=torch.int32)))"),
    ("inv_ex-out-is-input-transposed", A + "a = torch.linalg.inv_ex(A, out=(A.t(), "
                                       "torch.zeros((), dtype=torch.int32)))"),
    ("cholesky_ex-out-is-input", A + "a = torch.linalg.cholesky_ex(A, out=(A, torch.zeros((), "
                                 "dtype=torch.int32)))"),
    ("qr-q-is-input", A + "a = torch.linalg.qr(A, out=(A, torch.zeros(3, 3)))"),
    ("qr-outs-one-tensor", A + "o = torch.zeros(3, 3)\na = torch.linalg.qr(A, out=(o, o))"),
    ("eigh-vectors-is-input", A + "a = torch.linalg.eigh(A, out=(torch.zeros(3), A))"),
    ("eigh-outs-overlap", A + "o = torch.zeros(3, 3)\na = torch.linalg.eigh(A, out=(o[0], o))"),
    ("svd-outs-one-tensor", A + "o = torch.zeros(3, 3)\n"
                            "a = torch.linalg.svd(A, out=(o, torch.zeros(3), o))"),
    ("slogdet-outs-in-input", A + "a = torch.linalg.slogdet(A, out=(A[0, 0], A[1, 1]))"),
    ("solve_ex-result-is-b", A + "b = torch.ones(3, 1)\n"
                             "a = torch.linalg.solve_ex(A, b, out=(b, torch.zeros((), "
                             "dtype=torch.int32)))"),
    ("inv_ex-info-in-result", A + "o = torch.zeros(3, 3)\n"
                              "a = torch.linalg.inv_ex(A, out=(o, o[0, 0].view(torch.int32)))"),
    ("lu_factor-lu-is-input", A + "a = torch.linalg.lu_factor(A, out=(A, torch.zeros(3, "
                              "dtype=torch.int32)))"),
    ("lu-outs-one-tensor", A + "o = torch.zeros(3, 3)\n"
                           "a = torch.linalg.lu(A, out=(torch.zeros(3, 3), o, o))"),
    ("linalg-results-are-the-outs", A + "o = (torch.zeros(3), torch.zeros(3, 3))\n"
                                    "a = torch.linalg.eigh(A, out=o)\n"
                                    "a.eigenvalues.add_(1)\nb = a[1]\nb.zero_()\n"
                                    "c = torch.linalg.inv_ex(A, out=(torch.zeros(0), "
                                    "torch.zeros(0, dtype=torch.int32)))\nc.info.add_(1)"),
]
# lstsq copies its results into its outs: any dtype they cast to safely, resized contiguous
L = A + "B = torch.ones(3, 2)\n"
LSTSQ: Table = [
    ("lstsq-right", L + "o = (torch.zeros(3, 2), torch.zeros(0), torch.zeros((), "
                    "dtype=torch.long), torch.zeros(0))\na = torch.linalg.lstsq(A, B, out=o)"),
    ("lstsq-transposed-kept", L + "o = (torch.zeros(2, 3).t(), torch.zeros(0), torch.zeros((), "
                              "dtype=torch.long), torch.zeros(0))\n"
                              "a = torch.linalg.lstsq(A, B, out=o)"),
    ("lstsq-wrong-shapes", L + "o = (torch.zeros(5), torch.zeros(5), torch.zeros(5, "
                           "dtype=torch.long), torch.zeros(5))\n"
                           "a = torch.linalg.lstsq(A, B, out=o)"),
    ("lstsq-gelsd-tall", "A = torch.tensor([[4., 1.], [1., 3.], [0.5, 0.2], [1., 1.]])\n"
                         "B = torch.ones(4, 2)\no = (torch.zeros(0), torch.zeros(0), "
                         "torch.zeros(0, dtype=torch.long), torch.zeros(0))\n"
                         "a = torch.linalg.lstsq(A, B, driver='gelsd', out=o)"),
    ("lstsq-cast-outs", L + "o = (torch.zeros(0, dtype=torch.float64), torch.zeros(0, "
                        "dtype=torch.half), torch.zeros(0, dtype=torch.int32), "
                        "torch.zeros(0, dtype=torch.float64))\n"
                        "a = torch.linalg.lstsq(A, B, driver='gelss', out=o)"),
    # LAPACK works in outs that are empty (or of its buffer's shape and layout) directly
    ("lstsq-direct-gels-tall", "A = torch.tensor([[4., 1.], [1., 3.], [0.5, 0.2], [1., 1.]])\n"
                               "B = torch.arange(8.).view(4, 2)\no = (torch.zeros(0), "
                               "torch.zeros(0), torch.zeros(3, dtype=torch.long), torch.zeros(3))"
                               "\na = torch.linalg.lstsq(A, B, driver='gels', out=o)"),
    ("lstsq-direct-residuals-untouched", L + "o = (torch.zeros(0), torch.zeros(5), torch.zeros("
                                         "0, dtype=torch.long), torch.zeros(0))\n"
                                         "a = torch.linalg.lstsq(A, B, out=o)"),
    ("lstsq-direct-batched-buffer", "A = torch.tensor([[4., 1.], [1., 3.], [0.5, 0.2]])"
                                    ".expand(2, 3, 2)\nB = torch.ones(2, 3, 2)\n"
                                    "o = (torch.zeros(2, 2, 3).mT, torch.zeros(0), "
                                    "torch.zeros(2, dtype=torch.long), torch.zeros(0))\n"
                                    "a = torch.linalg.lstsq(A, B, driver='gelsd', out=o)"),
    ("lstsq-copy-rank-int32", L + "o = (torch.zeros(0), torch.zeros(0), torch.zeros(0, "
                              "dtype=torch.int32), torch.zeros(0))\n"
                              "a = torch.linalg.lstsq(A, B, out=o)"),
    ("lstsq-copy-rank-noncontiguous", "A = torch.ones(2, 3, 3) + torch.arange(3.).diag()\n"
                                      "B = torch.ones(2, 3, 1)\no = (torch.zeros(0), "
                                      "torch.zeros(0), torch.zeros(4, dtype=torch.long)[::2], "
                                      "torch.zeros(0))\na = torch.linalg.lstsq(A, B, out=o)"),
    ("lstsq-vector", A + "o = (torch.zeros(4), torch.zeros(2), torch.zeros(2, dtype=torch.long),"
                     " torch.zeros(2))\na = torch.linalg.lstsq(A, torch.ones(3), out=o)"),
]
LSTSQ_ERRORS: Table = [
    ("err-lstsq-solution-int", L + "o = (torch.zeros(5, dtype=torch.int32), torch.zeros(5), "
                               "torch.zeros(5, dtype=torch.long), torch.zeros(5))\n"
                               "a = torch.linalg.lstsq(A, B, out=o)"),
    ("err-lstsq-residuals-int-worded-as-solution", L + "o = (torch.zeros(5), torch.zeros(5, "
                                                   "dtype=torch.int32), torch.zeros(5), "
                                                   "torch.zeros(5))\n"
                                                   "a = torch.linalg.lstsq(A, B, out=o)"),
    ("err-lstsq-singular-values-int", L + "o = (torch.zeros(5), torch.zeros(5), torch.zeros(5),"
                                      " torch.zeros(5, dtype=torch.int32))\n"
                                      "a = torch.linalg.lstsq(A, B, out=o)"),
    ("err-lstsq-solution-complex-to-real", "A = torch.ones(2, 2, dtype=torch.cfloat)\n"
                                           "o = (torch.zeros(5), torch.zeros(5), "
                                           "torch.zeros(5, dtype=torch.long), torch.zeros(5))\n"
                                           "a = torch.linalg.lstsq(A, A, out=o)"),
    ("err-lstsq-solution-expanded", L + "o = (torch.zeros(1).expand(3, 2), torch.zeros(5), "
                                    "torch.zeros(5, dtype=torch.long), torch.zeros(5))\n"
                                    "a = torch.linalg.lstsq(A, B, out=o)"),
    ("err-lstsq-out-element", L + "a = torch.linalg.lstsq(A, B, out=(A, 1, A, A))"),
    ("err-lstsq-out-three", L + "a = torch.linalg.lstsq(A, B, out=(A, A, A))"),
    ("err-lstsq-out-tensor", L + "a = torch.linalg.lstsq(A, B, out=A)"),
]
LINALG_ERRORS: Table = [
    (f"err-{op}-{what}", A + _linalg_outs(spec, "torch.zeros(({s}), dtype={d})", at, make)
     + "a = " + call.format(o="o"))
    for op, (call, spec) in _LINALG.items() if "-" not in op
    for what, at, make in (
        ("first-dtype", 0, "torch.zeros(({s}), dtype=torch.float64)"),
        ("last-dtype", len(spec) - 1, "torch.zeros(({s}), dtype=torch.int64)"),
        ("first-expanded", 0, "torch.zeros(1, dtype={d}).expand(({s}))"),
        ("first-resized-then-last-dtype", len(spec) - 1, "torch.zeros(7, dtype=torch.int16)"),
    )
    if not (what == "first-expanded" and spec[0][0] in ("()", "0,"))
] + [
    ("err-linalg-out-tensor", A + "a = torch.linalg.inv_ex(A, out=torch.zeros(3, 3))"),
    ("err-linalg-out-short", A + "a = torch.linalg.svd(A, out=(torch.zeros(3, 3),))"),
    ("err-linalg-out-element", A + "a = torch.linalg.qr(A, out=(torch.zeros(3, 3), None))"),
    ("err-linalg-lu-out-element", A + "a = torch.linalg.lu_factor_ex(A, out=(A, A, 1))"),
    ("err-lu_unpack-out-tensor", A + "a = torch.lu_unpack(A, torch.ones(3, dtype=torch.int32), "
                                 "out=A)"),
    ("err-linalg-eigh-half", "A = torch.ones(3).diag().half()\na = torch.linalg.eigh(A, out=("
                             "torch.zeros(5).half(), torch.zeros(5).half()))"),
    ("err-linalg-svd-int-input", "A = torch.ones(3, dtype=torch.long).diag()\n"
                                 "a = torch.linalg.svd(A, out=(torch.zeros(5), torch.zeros(5), "
                                 "torch.zeros(5)))"),
    ("err-lu_factor-singular-after-outs", "A = torch.zeros(3, 3)\no = (torch.zeros(5), "
                                          "torch.zeros(5, dtype=torch.int32))\n"
                                          "a = torch.linalg.lu_factor(A, out=o)"),
    ("err-lu_factor-lu-overlaps-input", A + "a = torch.linalg.lu_factor(A, out=(A.t(), "
                                        "torch.zeros(3, dtype=torch.int32)))"),
    ("err-cholesky_ex-check-errors-after-outs", "A = -torch.ones(3).diag()\no = (torch.zeros(5), "
                                                "torch.zeros(5, dtype=torch.int32))\n"
                                                "a = torch.linalg.cholesky_ex(A, "
                                                "check_errors=True, out=o)"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + INPUTS + ALIASING + ERRORS + LINALG + LINALG_ERRORS + LSTSQ + LSTSQ_ERRORS,
    ERRORS + LINALG_ERRORS + LSTSQ_ERRORS)

# resize_output's warning, once per out of another shape that held elements
WARNINGS: Table = [
    ("warn-sort-resized", X + "a = torch.sort(x, out=(torch.zeros(5), torch.zeros(2, "
                          "dtype=torch.long)))"),
    ("warn-topk-resized-empty-not", X + "a = torch.topk(x, 2, out=(torch.zeros(0), "
                                    "torch.zeros(5, dtype=torch.long)))"),
    ("warn-kthvalue-unsqueezed-shape", X + "a = torch.kthvalue(x, 2, 1, out=(torch.zeros(5), "
                                       "torch.zeros(2, 2, dtype=torch.long)))"),
    ("warn-topk-resized-then-refused", X + "a = torch.topk(x, 2, out=(torch.zeros(5), "
                                       "torch.zeros(2, dtype=torch.int32)))"),
]


@pytest.mark.parametrize("src", params(WARNINGS))
def test_warnings_match(src: str) -> None:
    assert_same_warnings(src)
