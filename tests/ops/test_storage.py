"""storage family: set_ (tensor, untyped_storage with offset/size/stride, no argument) and
resize_ (growth shared through the storage, memory formats, versions)."""

from __future__ import annotations

from ._support import Table, table_tests

X = "x = torch.arange(12, dtype=torch.float32)\n"
Y = "y = torch.zeros(3, 2)\n"
D = "d = torch.arange(6, dtype=torch.float64)\n"

SET: Table = [
    ("set-untyped-storage-ctor", "s = torch.UntypedStorage(16)\ny = torch.zeros(1)\ny.set_(s)\n"
                                 "y.fill_(1)"),
    ("set-untyped-storage-ctor-geometry", "s = torch.UntypedStorage(16)\ny = torch.zeros(1)\n"
                                          "y.set_(s, 1, (2,), (1,))\ny.zero_()"),
    ("set-tensor", X + Y + "y.set_(x)"),
    ("set-tensor-returns-self", X + Y + "r = y.set_(x)"),
    ("set-tensor-view-geometry", X + Y + "v = x.view(3, 4)[1:, ::2]\ny.set_(v)"),
    ("set-tensor-self", X + "x.set_(x)"),
    ("set-tensor-0d", X + "s = torch.tensor(1.)\ns.set_(x)"),
    ("set-tensor-meta", "m = torch.zeros(4, device='meta')\nn = torch.zeros(2, device='meta')\n"
                        "n.set_(m)"),
    ("set-tensor-then-write", X + Y + "y.set_(x)\ny[0] = -1"),
    ("set-storage", X + Y + "y.set_(x.untyped_storage())"),
    ("set-storage-offset-size", X + Y + "y.set_(x.untyped_storage(), 2, (2, 3))"),
    ("set-storage-offset-size-stride", X + Y + "y.set_(x.untyped_storage(), 1, (2, 3), (1, 2))"),
    ("set-storage-size-list", X + Y + "y.set_(x.untyped_storage(), 0, [4])"),
    ("set-storage-stride0", X + Y + "y.set_(x.untyped_storage(), 3, (2, 2), (0, 1))"),
    ("set-storage-0d", X + Y + "y.set_(x.untyped_storage(), 5, ())"),
    ("set-storage-zero-size-far", X + Y + "y.set_(x.untyped_storage(), 100, (0, 3))"),
    ("set-storage-grows", X + Y + "y.set_(x.untyped_storage(), 10, (5,))"),
    # the bounds are checked only where sizes and strides stay (ATen checkSetStorage)
    ("set-storage-same-geometry-out-of-bounds", X + "x.set_(x.untyped_storage(), 2, (12,), (1,))"),
    ("set-storage-same-size-no-stride-out-of-bounds", X + "x.set_(x.untyped_storage(), 2, (12,))"),
    ("set-storage-same-size-other-stride-grows", "y = torch.zeros(2, 2)\n"
                                                 "y.set_(y.untyped_storage(), 1, (2, 2), (1, 2))"),
    ("set-storage-same-geometry-meta-grows", "m = torch.zeros(4, device='meta')\n"
                                             "m.set_(m.untyped_storage(), 2, (4,), (1,))"),
    ("set-storage-floor-bytes", "b = torch.zeros(10, dtype=torch.uint8)\n"
                                "f = torch.zeros(1)\nf.set_(b.untyped_storage())"),
    ("set-storage-other-dtype", D + Y + "y.set_(d.untyped_storage(), 4, (2, 2))"),
    ("set-storage-on-view", X + "v = x[2:]\nw = torch.zeros(2)\nv.set_(w.untyped_storage())"),
    ("set-empty", X + "x.set_()"),
    ("set-empty-view", X + "v = x[1:]\nv.set_()"),
    ("set-empty-then-resize", X + "x.set_()\nx.resize_(3)"),
    ("set-version", X + Y + "v = y[0]\ny.set_(x)\ny.set_()"),
]

RESIZE: Table = [
    ("resize-same-shape-noop", "x = torch.arange(6.).view(2, 3).t()\nx.resize_(3, 2)"),
    ("resize-same-shape-expanded", "x = torch.zeros(3).expand(2, 3)\nx.resize_(2, 3)"),
    ("resize-shrink", X + "x.resize_(2, 3)"),
    ("resize-shrink-values-kept", X + "x.resize_(5)"),
    ("resize-grow", X + "x.resize_(4, 5)"),
    ("resize-returns-self", X + "y = x.resize_(3, 4)"),
    ("resize-tuple", X + "x.resize_((2, 2))"),
    ("resize-to-0d", X + "x.resize_(())"),
    ("resize-to-zero", X + "x.resize_(0)"),
    ("resize-zero-from-empty", "x = torch.zeros(0)\nx.resize_(0, 5)"),
    ("resize-from-empty-grows", "x = torch.zeros(0)\nx.resize_(2, 2)"),
    ("resize-view-grows-shared", X + "v = x[8:]\nv.resize_(10)"),
    ("resize-view-within", X + "v = x[2:]\nv.resize_(2, 2)"),
    ("resize-base-grows-view-sees", X + "v = x[1:3]\nx.resize_(20)"),
    ("resize-transposed-to-new", "x = torch.arange(6.).view(2, 3).t()\nx.resize_(6)"),
    ("resize-cl", "x = torch.zeros(2, 3, 4, 5)\n"
                  "x.resize_(2, 3, 4, 5, memory_format=torch.channels_last)"),
    ("resize-cl-new-shape", "x = torch.zeros(4)\n"
                            "x.resize_(1, 2, 2, 2, memory_format=torch.channels_last)"),
    ("resize-cl3d", "x = torch.zeros(4)\n"
                    "x.resize_(1, 2, 1, 2, 2, memory_format=torch.channels_last_3d)"),
    ("resize-contig-format",
     "x = torch.zeros(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)\n"
     "x.resize_(2, 3, 4, 5, memory_format=torch.contiguous_format)"),
    ("resize-int64", "x = torch.arange(3)\nx.resize_(2, 3)"),
    ("resize-bool", "x = torch.tensor([True])\nx.resize_(3)"),
    ("resize-complex", "x = torch.tensor([1j, 2j])\nx.resize_(1)"),
    ("resize-meta-grow", "m = torch.zeros(2, device='meta')\nm.resize_(10)"),
    ("resize-version", X + "v = x[:2]\nx.resize_(12)\nx.resize_(3, 4)\nv.resize_(3)"),
    ("resize-0d-to-1", "s = torch.tensor(5.)\ns.resize_(1)"),
    ("resize-negative-beside-zero", X + "x.resize_(-1, 0)"),
    ("set-storage-negative-beside-zero", X + Y + "y.set_(x.untyped_storage(), 0, (0, -2))"),
    ("as-strided-negative-beside-zero", X + "v = x.as_strided((-1, 0), (1, 1), 2)"),
]

ERRORS: Table = [
    ("err-set-tensor-dtype", X + D + "d.set_(x)"),
    ("err-set-storage-negative-offset", X + Y + "y.set_(x.untyped_storage(), -1, (2,))"),
    ("err-set-storage-stride-length", X + Y + "y.set_(x.untyped_storage(), 0, (2, 3), (1,))"),
    ("err-set-storage-negative-size", X + Y + "y.set_(x.untyped_storage(), 0, (-1, 3))"),
    ("err-set-storage-negative-stride", X + Y + "y.set_(x.untyped_storage(), 0, (2, 3), (-3, 1))"),
    ("err-set-meta-storage-on-cpu", "m = torch.zeros(4, device='meta')\n" + Y
                                    + "y.set_(m.untyped_storage())"),
    ("err-resize-negative", X + "x.resize_(-1)"),
    ("err-resize-negative-2d", X + "x.resize_(2, -3)"),
    ("err-resize-two-negative-beside-zero", X + "x.resize_(-1, -1, 0)"),
    ("err-as-strided-negative", X + "v = x.as_strided((-1, 2), (1, 1))"),
    ("err-resize-preserve", X + "x.resize_(3, 4, memory_format=torch.preserve_format)"),
    ("err-resize-cl-rank", X + "x.resize_(3, 4, memory_format=torch.channels_last)"),
    ("err-resize-cl3d-rank", X + "x.resize_(3, 4, memory_format=torch.channels_last_3d)"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(
    SET + RESIZE + ERRORS, ERRORS)
