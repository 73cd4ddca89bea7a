"""dtype family: Tensor.view(dtype) — same-size, downsizing and upsizing reinterpretation."""

from __future__ import annotations

from ._support import Table, table_tests

F = "x = torch.arange(12, dtype=torch.float32).view(3, 4)\n"

DTYPES = ["bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16",
          "float32", "float64", "complex64", "complex128"]
SIZE = {"bool": 1, "uint8": 1, "int8": 1, "int16": 2, "int32": 4, "int64": 8, "float16": 2,
        "bfloat16": 2, "float32": 4, "float64": 8, "complex64": 8, "complex128": 16}


def _from_zeros(src: str, dst: str) -> str:
    # 16 bytes per row: every itemsize divides the last dim; zeros read as zeros in every dtype
    n = 16 // SIZE[src]
    return f"x = torch.zeros(2, {n}, dtype=torch.{src})\ny = x.view(torch.{dst})"


# on a (2, 16 bytes) tensor: every dtype to itself, to and from uint8 (downsizing/upsizing by
# every ratio) and to complex128 (the widest)
PAIRS: Table = [(f"pair-{a}-to-{b}", _from_zeros(a, b)) for a in DTYPES for b in DTYPES
                if a == b or "uint8" in (a, b) or b == "complex128"]

CASES: Table = [
    ("f32-to-i32-values", F + "y = x.view(torch.int32)"),
    ("f32-to-u8-values", F + "y = x.view(torch.uint8)"),
    ("f32-to-f16-values", F + "y = x.view(torch.float16)"),
    ("f32-to-f64-values", F + "y = x.view(torch.float64)"),
    ("f32-to-c64-values", F + "y = x.view(torch.complex64)"),
    ("i64-to-i8-values", "x = torch.arange(-3, 3)\ny = x.view(torch.int8)"),
    ("u8-to-bool-values", "x = torch.tensor([0, 1, 1, 0], dtype=torch.uint8)\n"
                          "y = x.view(torch.bool)"),
    ("bool-to-u8-values", "x = torch.tensor([True, False])\ny = x.view(torch.uint8)"),
    ("i16-to-bf16-values", "x = torch.tensor([16256, -16512], dtype=torch.int16)\n"
                           "y = x.view(torch.bfloat16)"),
    ("i16-to-f16-values", "x = torch.tensor([15360, 31744, -1024], dtype=torch.int16)\n"
                          "y = x.view(torch.float16)"),
    ("c128-to-f32-values", "x = torch.tensor([1+2j, -3j], dtype=torch.complex128)\n"
                           "y = x.view(torch.float32)"),
    ("same-dtype-not-a-view", F + "y = x.view(torch.float32)"),
    ("same-size-keeps-geometry", F + "t = x.t()\ny = t.view(torch.int32)"),
    ("same-size-expanded", "x = torch.zeros(3).expand(2, 3)\ny = x.view(torch.int32)"),
    ("same-size-0d", "x = torch.tensor(1.5)\ny = x.view(torch.int32)"),
    ("same-size-offset", F + "t = x[1:, 1:]\ny = t.view(torch.int32)"),
    ("down-offset-scaled", F + "t = x[1:, 1:]\ny = t.view(torch.int16)"),
    ("down-stepped-rows", F + "t = x[::2]\ny = t.view(torch.uint8)"),
    ("down-size1-last", F + "t = x[:, :1]\ny = t.view(torch.float16)"),
    ("down-expanded", "x = torch.zeros(4).expand(3, 4)\ny = x.view(torch.float16)"),
    ("down-zero-size", "x = torch.zeros(0, 4)\ny = x.view(torch.uint8)"),
    ("down-meta", "x = torch.zeros(3, 4, device='meta')\ny = x.view(torch.int8)"),
    ("up-offset-even", F + "t = x[:, 2:]\ny = t.view(torch.float64)"),
    ("up-row-slice", F + "t = x[1:]\ny = t.view(torch.float64)"),
    ("up-zero-1d", "x = torch.zeros(0)\ny = x.view(torch.float64)"),
    ("up-i8-to-i64", "x = torch.zeros(2, 16, dtype=torch.int8)\ny = x.view(torch.int64)"),
    ("up-size1-dim-stride-even", "x = torch.zeros(4, 6)\nt = x[:1]\ny = t.view(torch.float64)"),
    ("up-meta", "x = torch.zeros(3, 4, device='meta')\ny = x.view(torch.complex128)"),
    ("chain-down-up", F + "y = x.view(torch.int8)\nw = y.view(torch.float64)"),
    ("write-through", F + "y = x.view(torch.int32)\ny.zero_()"),
    ("write-into-source", F + "y = x.view(torch.uint8)\nx.fill_(1.0)"),
    ("version-after-write", F + "y = x.view(torch.int32)\ny.add_(1)\nx.add_(1)"),
    ("of-a-view", F + "t = x[1]\ny = t.view(torch.int16)"),
    ("cl-down", "x = torch.zeros(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)\n"
                "y = x.view(torch.float16)"),
    ("dtype-kw-alias", F + "y = x.view(dtype=torch.int32)"),
]

ERRORS: Table = [
    ("err-0d-down", "x = torch.tensor(1.5)\ny = x.view(torch.float16)"),
    ("err-0d-up", "x = torch.tensor(1.5)\ny = x.view(torch.float64)"),
    ("err-down-stride", F + "t = x.t()\ny = t.view(torch.float16)"),
    ("err-down-stepped-last", F + "t = x[:, ::2]\ny = t.view(torch.uint8)"),
    ("err-up-size-divisible", "x = torch.zeros(3, 3)\ny = x.view(torch.float64)"),
    ("err-up-offset", F + "t = x[:, 1:3]\ny = t.view(torch.float64)"),
    ("err-up-stride-last", F + "t = x.t()\ny = t.view(torch.float64)"),
    ("err-up-stride-other", "x = torch.zeros(3, 6)\nt = x[:, :4]\ny = t[::1].as_strided("
                            "(2, 4), (3, 1)).view(torch.float64)"),
    ("err-up-zero-numel-stride", "x = torch.zeros(3, 0)\ny = x.view(torch.float64)"),
    ("err-up-expanded-last-stride0", "x = torch.zeros(1).expand(4)\ny = x.view(torch.float64)"),
    ("err-conj-same-dtype", "x = torch.zeros(3, dtype=torch.complex64).conj()\n"
                            "y = x.view(torch.complex64)"),
    ("err-conj-other-dtype", "x = torch.zeros(3, dtype=torch.complex64).conj()\n"
                             "y = x.view(torch.float64)"),
    ("err-neg-bit", "x = torch.zeros(3, dtype=torch.complex64).conj().imag\n"
                    "y = x.view(torch.int32)"),
    ("err-i8-to-i64-size", "x = torch.zeros(2, 12, dtype=torch.int8)\ny = x.view(torch.int64)"),
    ("err-bool-to-c128", "x = torch.zeros(2, 8, dtype=torch.bool)\ny = x.view(torch.complex128)"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    PAIRS + CASES + ERRORS, ERRORS)
