"""random family, torch.normal's factory form normal(mean: float, std: float, size): a
contiguous tensor of the default dtype or dtype= (float, half, bfloat16, double, complex), at
version 0, of every size (0-d, empty); the device=, layout=, pin_memory= and requires_grad=
keywords; out= kept, resized quietly (by resize_, also from a non-contiguous out=), of its own
dtype; values undetermined. Refused: a negative std (NaN too, even for an empty size), the
integer and bool kernels, a dtype= other than out's, an out= whose elements share memory, a
negative size, and calls of no size or of a size that is not a list of ints."""

from __future__ import annotations

import pytest

from ._support import Table, assert_same_warnings, params, table_tests

N = "torch.normal"

CASES: Table = [
    ("normal-factory-basic", f"a = {N}(0., 1., (2, 3))\nb = {N}(2, 3, (4,))\n"
                             f"c = {N}(mean=0., std=1., size=(2,))\nd = {N}(True, 1., [3, 1])"),
    ("normal-factory-sizes", f"a = {N}(0., 1., ())\nb = {N}(0., 1., (0, 3))\n"
                             f"c = {N}(0., 1., (2, 1, 3))\nd = {N}(0., 1., [])"),
    ("normal-factory-dtypes", "".join(f"a{i} = {N}(0., 1., (2, 3), dtype=torch.{dt})\n"
                                      for i, dt in enumerate(("float16", "bfloat16", "float32",
                                                              "float64", "complex64",
                                                              "complex128")))),
    ("normal-factory-keywords", f"b = {N}(0., 1., (2, 3), device='meta')\n"
                                f"c = {N}(0., 1., (2, 3), pin_memory=False)\n"
                                f"d = {N}(0., 1., (2, 3), generator=None)\n"
                                f"e = {N}(0., 1., (2, 3), requires_grad=True)"),
    ("normal-factory-infinities", f"a = {N}(float('inf'), 1., (2,))\n"
                                  f"b = {N}(0., float('inf'), (2,))"),
    ("normal-factory-empty-int", f"a = {N}(0., 1., (0, 3), dtype=torch.int64)"),
    ("normal-factory-out-kept", "o = torch.zeros(2, 3)\np = torch.zeros(3, 2).t()\n"
                                f"a = {N}(0., 1., (2, 3), out=o)\nb = {N}(0., 1., (2, 3), out=p)\n"
                                f"c = {N}(0., 1., (2, 3), out=o, dtype=torch.float32)"),
    ("normal-factory-out-resized", "o = torch.zeros(6)\np = torch.zeros(0, dtype=torch.float64)\n"
                                   "q = torch.zeros(4, 4)[:, :3]\nr = torch.zeros(1)\n"
                                   f"a = {N}(0., 1., (2, 3), out=o)\n"
                                   f"b = {N}(0., 1., (2, 3), out=p)\n"
                                   f"c = {N}(0., 1., (2, 3), out=q)\n"
                                   f"d = {N}(0., 1., (3, 3), out=r)"),
    ("normal-factory-out-complex", "o = torch.zeros(2, dtype=torch.complex64)\n"
                                   f"a = {N}(0, 1, (2,), out=o)"),
    ("normal-factory-out-meta", "o = torch.zeros(5, device='meta')\n"
                                f"a = {N}(0., 1., (2, 3), out=o)"),
]

ERRORS: Table = [
    ("err-normal-factory-negative-std", f"a = {N}(0., -1., (2, 3))"),
    ("err-normal-factory-nan-std", f"a = {N}(0., float('nan'), (2,))"),
    ("err-normal-nan-std-of-tensor-mean", f"a = {N}(torch.zeros(2), float('nan'))"),
    ("err-normal_-nan-std", "x = torch.zeros(2)\nx.normal_(0., float('nan'))"),
    ("err-normal-factory-negative-std-empty", f"a = {N}(0., -1., (0,))"),
    ("err-normal-factory-negative-std-before-dtype", f"a = {N}(0., -1., (2, 3), "
                                                    "dtype=torch.int64)"),
    ("err-normal-factory-int", f"a = {N}(0., 1., (2, 3), dtype=torch.int64)"),
    ("err-normal-factory-bool", f"a = {N}(0., 1., (2, 3), dtype=torch.bool)"),
    ("err-normal-factory-out-int", f"a = {N}(0., 1., (2, 3), out=torch.zeros(0, "
                                   "dtype=torch.int64))"),
    ("err-normal-factory-out-dtype-mismatch", f"a = {N}(0., -1., (2, 3), out=torch.zeros(2, 3, "
                                              "dtype=torch.float64), dtype=torch.float32)"),
    ("err-normal-factory-out-overlapping", f"a = {N}(0., 1., (2, 3), out=torch.zeros(1, 3)"
                                           ".expand(2, 3))"),
    ("err-normal-factory-negative-size", f"a = {N}(0., 1., (-1, 3))"),
    ("err-normal-factory-no-size", f"a = {N}(0., 1.)"),
    ("err-normal-factory-int-size", f"a = {N}(0., 1., 3)"),
    ("err-normal-factory-float-in-size", f"a = {N}(0., 1., (2.0, 3))"),
    ("err-normal-factory-complex-mean", f"a = {N}(1j, 1., (2, 3))"),
    ("err-normal-factory-complex-std", f"a = {N}(0., 1j, (2, 3))"),
    ("err-normal-factory-keyword-int-size", f"a = {N}(0., 1., size=3)"),
    ("err-normal-factory-generator-int", f"a = {N}(0., 1., (2,), generator=3)"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(CASES + ERRORS, ERRORS)


# on meta the resize goes through torch._prims_common.wrappers, which warns: not compared here
@pytest.mark.parametrize("src", params([case for case in CASES if "out" in case[0]
                                        and "meta" not in case[0]]))
def test_out_resizes_quietly(src: str) -> None:
    assert_same_warnings(src)
