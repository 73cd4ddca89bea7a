"""view_copy family, narrow_copy beyond tests/ops/test_scatters.py's cases: its CPU kernel
(TensorShape.cpp narrow_copy_dense_cpu_out) gives a contiguous result whatever the input's
layout (permuted, stepped, expanded, overlapping, offset, odd size-1 strides, channels_last,
meta), for every dtype; out= of another dtype refused, of the wrong shape resized quietly by
resize_, non-contiguous out= filled as if contiguous, and out= that is the input."""

from __future__ import annotations

from ._support import Table, table_tests

X = "x = torch.arange(24.).view(2, 3, 4)\n"
_INPUTS = {
    "permuted": X + "v = x.permute(2, 0, 1)\n",
    "stepped": X + "v = x[:, ::2, 1::2]\n",
    "expanded": "v = torch.tensor([1., 2., 3.]).view(1, 3, 1).expand(2, 3, 4)\n",
    "overlapping": X + "v = x.flatten().as_strided((3, 3, 4), (2, 4, 1), 1)\n",
    "offset": X + "v = x[1:, 1:]\n",
    "size-one-dims": X + "v = x.as_strided((1, 3, 1), (7, 4, 5), 2)\n",
    "channels-last": X + "v = x.view(1, 2, 3, 4).contiguous(memory_format=torch.channels_last)"
                         "\n",
}

LAYOUTS: Table = [
    (f"narrow_copy-{name}-dim{d}", src + f"y = torch.narrow_copy(v, {d}, 0, 1)\n"
                                         f"z = v.narrow_copy({d}, -1, 1)")
    for name, src in _INPUTS.items() for d in (0, 1, -1)
]

FORMS: Table = [
    ("narrow_copy-dtypes", X + "".join(
        f"y{i} = torch.narrow_copy(x.to(torch.{dt}).transpose(0, 2), 1, 1, 2)\n"
        for i, dt in enumerate(("bool", "uint8", "int8", "int16", "int32", "int64", "float16",
                                "bfloat16", "float64", "complex64", "complex128")))),
    ("narrow_copy-meta-permuted", "m = torch.zeros(2, 3, 4, device='meta').permute(2, 0, 1)\n"
                                  "y = torch.narrow_copy(m, 1, 0, 1)\nz = m.narrow_copy(0, 1, 2)"),
    ("narrow_copy-0-length-permuted", X + "y = x.permute(2, 0, 1).narrow_copy(2, 3, 0)"),
    ("narrow_copy-of-a-written-input", X + "v = x.t()\ny = v.narrow_copy(0, 1, 2)\nv.mul_(2)\n"
                                       "z = v.narrow_copy(0, 1, 2)"),
    ("narrow_copy-out-kept", X + "o = torch.zeros(2, 1, 4)\n"
                             "y = torch.narrow_copy(x, 1, 2, 1, out=o)"),
    ("narrow_copy-out-permuted-memcpy", X + "o = torch.zeros(4, 1, 2).permute(2, 1, 0)\n"
                                        "y = torch.narrow_copy(x, 1, 0, 1, out=o)"),
    ("narrow_copy-out-wrong-shape-resized", X + "o = torch.zeros(3, 3)\n"
                                            "y = torch.narrow_copy(x.transpose(0, 2), 0, 1, 2, "
                                            "out=o)"),
    ("narrow_copy-out-is-input", X + "y = torch.narrow_copy(x, 0, 0, 2, out=x)"),
    ("narrow_copy-out-is-input-shorter", X + "y = torch.narrow_copy(x, 1, 1, 2, out=x)"),
    ("narrow_copy-tensor-arguments", X + "y = x.narrow_copy(torch.tensor(0), torch.tensor(1), "
                                     "1)\nz = torch.narrow_copy(x, 2, 1, length=torch.tensor(2))\n"
                                     "w = torch.narrow_copy(input=x, dim=1, start=0, length=1)"),
    ("narrow_copy-out-complex", "z = torch.tensor([[1j, 2], [3, 4j]])\n"
                                "o = torch.zeros(2, 1, dtype=torch.complex64)\n"
                                "y = torch.narrow_copy(z, 1, 1, 1, out=o)"),
]

ERRORS: Table = [
    ("err-narrow_copy-out-dtype", X + "o = torch.zeros(2, 1, 4, dtype=torch.float64)\n"
                                  "y = torch.narrow_copy(x, 1, 2, 1, out=o)"),
    ("err-narrow_copy-out-int", X + "o = torch.zeros(2, 1, 4, dtype=torch.int64)\n"
                                "y = torch.narrow_copy(x, 1, 2, 1, out=o)"),
    ("err-narrow_copy-start-past-end", X + "y = x.narrow_copy(2, 5, 0)"),
    ("err-narrow_copy-negative-start-range", X + "y = x.narrow_copy(2, -5, 1)"),
    ("err-narrow_copy-float-start", X + "y = x.narrow_copy(0, 0.5, 1)"),
    ("err-narrow_copy-function-float-start", X + "y = torch.narrow_copy(x, 0, 0.5, 1)"),
    ("err-narrow_copy-float-dim", X + "y = torch.narrow_copy(x, 0.0, 0, 1)"),
    ("err-narrow_copy-bool-length", X + "y = torch.narrow_copy(x, 0, 0, True)"),
    ("err-narrow_copy-keyword-float-start", X + "y = x.narrow_copy(0, start=0.5, length=1)"),
    ("err-narrow_copy-float-tensor-start", X + "y = x.narrow_copy(0, torch.tensor(0.), 1)"),
    ("err-narrow_copy-none-length", X + "y = torch.narrow_copy(x, 0, 0, None)"),
    ("err-narrow_copy-out-not-a-tensor", X + "y = torch.narrow_copy(x, 0, 0, 1, out=3)"),
    ("err-narrow_copy-missing-length", X + "y = x.narrow_copy(0, 0)"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(LAYOUTS + FORMS + ERRORS,
                                                                 ERRORS)
