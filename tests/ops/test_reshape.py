"""reshape family: view, view_as, reshape, reshape_as, flatten, unflatten, ravel, as_strided."""

from __future__ import annotations

import pytest

from ._support import Table, assert_agrees, assert_same_error, params

X = "x = torch.arange(24, dtype=torch.float32).view(2, 3, 4)\n"
S = "s = torch.tensor(3.5)\n"
Z = "z = torch.zeros(2, 0, 3)\n"
P = X + "p = x.permute(2, 0, 1)\n"          # (4, 2, 3) @ (1, 12, 4)
E = "e = torch.tensor([1., 2., 3.]).expand(4, 3)\n"

CASES: Table = [
    # view
    ("view-basic", X + "y = x.view(6, 4)"),
    ("view-infer", X + "y = x.view(-1, 4)"),
    ("view-infer-last", X + "y = x.view(2, -1)"),
    ("view-tuple-arg", X + "y = x.view((4, 6))"),
    ("view-size-arg", X + "y = x.view(x.shape)"),
    ("view-same-shape-new-object", X + "y = x.view(2, 3, 4)"),
    ("view-size1-dims", X + "y = x.view(2, 1, 3, 1, 4)"),
    ("view-size1-leading", X + "y = x.view(1, 1, 24)"),
    ("view-chain-base-is-root", X + "y = x.view(6, 4)\nw = y.view(24)\nv = w[2:].view(2, 11)"),
    ("view-0d-to-1", S + "y = s.view(1)"),
    ("view-0d-to-0d", S + "y = s.view(())"),
    ("view-0d-infer", S + "y = s.view(-1)"),
    ("view-0d-to-1x1", S + "y = s.view(1, 1)"),
    ("view-1-to-0d", "t = torch.tensor([5.])\ny = t.view(())"),
    ("view-zero-size", Z + "y = z.view(0, 6)"),
    ("view-zero-size-infer", Z + "y = z.view(-1)"),
    ("view-zero-size-other", Z + "y = z.view(3, 0, 7)"),
    ("view-zero-size-infer-nonzero", Z + "y = z.view(-1, 0)"),
    ("view-permuted-split-last", P + "y = p.view(4, 2, 3, 1)"),
    ("view-permuted-merge-ok", P + "y = p.view(4, 6)"),
    ("view-transposed-split", X + "t = x.transpose(0, 1)\ny = t.view(3, 2, 2, 2)"),
    ("view-stepped", X + "t = x[:, ::2]\ny = t.view(2, 2, 2, 2)"),
    ("view-offset", X + "t = x[1]\ny = t.view(12)"),
    ("view-offset-col", X + "t = x[:, 1:]\ny = t.view(2, 2, 2, 4)"),
    ("view-expanded", E + "y = e.view(2, 2, 3)"),
    ("view-expanded-size1", E + "y = e.view(4, 1, 3)"),
    ("view-int64", "x = torch.arange(6)\ny = x.view(3, 2)"),
    ("view-bool", "x = torch.tensor([True, False, True, True])\ny = x.view(2, 2)"),
    ("view-complex", "x = torch.tensor([1+2j, 3-1j, 0j, 5j])\ny = x.view(2, 2)"),
    ("view-f16", "x = torch.ones(6, dtype=torch.float16)\ny = x.view(2, 3)"),
    ("view-bf16", "x = torch.ones(6, dtype=torch.bfloat16)\ny = x.view(3, 2)"),
    ("view-meta", "x = torch.zeros(4, 6, device='meta')\ny = x.view(24)"),
    ("view-cl", "x = torch.arange(120.).view(2, 3, 4, 5).contiguous("
                "memory_format=torch.channels_last)\ny = x.view(2, 3, 20)" ),
    ("view-write-through", X + "y = x.view(24)\ny[3] = -1\ny.add_(1)"),
    # view_as
    ("view_as-basic", X + "o = torch.zeros(4, 6)\ny = x.view_as(o)"),
    ("view_as-0d", S + "o = torch.zeros(1, 1)\ny = s.view_as(o)"),
    ("view_as-zero", Z + "o = torch.zeros(0)\ny = z.view_as(o)"),
    # reshape: view or copy
    ("reshape-contig-view", X + "y = x.reshape(4, 6)"),
    ("reshape-same-shape", X + "y = x.reshape(2, 3, 4)"),
    ("reshape-tuple", X + "y = x.reshape((3, -1))"),
    ("reshape-permuted-copy", P + "y = p.reshape(24)"),
    ("reshape-permuted-view", P + "y = p.reshape(4, 6)"),
    ("reshape-transposed-copy", X + "t = x.transpose(0, 1)\ny = t.reshape(6, 4)"),
    ("reshape-transposed-view", X + "t = x.transpose(0, 1)\ny = t.reshape(3, 2, 2, 2)"),
    ("reshape-stepped-copy", X + "t = x[..., ::2]\ny = t.reshape(12)"),
    ("reshape-stepped-view", X + "t = x[:, ::2]\ny = t.reshape(4, 4)"),
    ("reshape-expanded-view", E + "y = e.reshape(2, 2, 3)"),
    ("reshape-expanded-copy", E + "y = e.reshape(12)"),
    ("reshape-0d", S + "y = s.reshape(1)\nw = s.reshape(())"),
    ("reshape-0d-infer", S + "y = s.reshape(-1)"),
    ("reshape-zero-size", Z + "y = z.reshape(3, 0, 2)"),
    ("reshape-zero-size-permuted", Z + "t = z.permute(2, 1, 0)\ny = t.reshape(0, 6)"),
    ("reshape-copy-independent", P + "y = p.reshape(24)\ny.fill_(0)"),
    ("reshape-view-write-through", X + "y = x.reshape(24)\ny.mul_(2)"),
    ("reshape-offset-copy", X + "t = x[1:, 1:, 1:]\ny = t.reshape(-1)"),
    ("reshape-int8", "x = torch.arange(12, dtype=torch.int8).view(3, 4).t()\ny = x.reshape(12)"),
    ("reshape-complex-copy", "x = torch.tensor([[1+1j, 2j], [3., 4-1j]]).t()\ny = x.reshape(4)"),
    ("reshape-meta-copy", "x = torch.zeros(3, 4, device='meta').t()\ny = x.reshape(12)"),
    ("reshape-cl-copy", "x = torch.zeros(2, 3, 4, 5).contiguous(memory_format=torch.channels_last)"
                        "\ny = x.reshape(2, 60)"),
    ("reshape-cl3d-copy", "x = torch.zeros(1, 2, 2, 2, 3).contiguous("
                          "memory_format=torch.channels_last_3d)\ny = x.reshape(24)"),
    ("reshape-size1-stride-anything", "x = torch.zeros(4, 6).as_strided((1, 4), (100, 1))"
                                      "\ny = x.reshape(2, 2)"),
    ("reshape_as-view", X + "o = torch.zeros(6, 4)\ny = x.reshape_as(o)"),
    ("reshape_as-copy", P + "o = torch.zeros(24)\ny = p.reshape_as(o)"),
    ("fn-reshape", X + "y = torch.reshape(x, (4, 6))"),
    ("fn-reshape-copy", P + "y = torch.reshape(p, (-1,))"),
    # flatten
    ("flatten-all", X + "y = x.flatten()"),
    ("flatten-start", X + "y = x.flatten(1)"),
    ("flatten-range", X + "y = x.flatten(0, 1)"),
    ("flatten-negative", X + "y = x.flatten(-2, -1)"),
    ("flatten-same-dim-is-self", X + "y = x.flatten(1, 1)"),
    ("flatten-1d-is-self", "x = torch.arange(5)\ny = x.flatten()"),
    ("flatten-0d", S + "y = s.flatten()"),
    ("flatten-0d-dims", S + "y = s.flatten(0, -1)"),
    ("flatten-permuted-copy", P + "y = p.flatten()"),
    ("flatten-permuted-view", P + "y = p.flatten(1)"),
    ("flatten-zero-size", Z + "y = z.flatten()"),
    ("flatten-expanded", E + "y = e.flatten()"),
    ("flatten-kw", X + "y = x.flatten(start_dim=1, end_dim=2)"),
    ("fn-flatten", X + "y = torch.flatten(x, 1)"),
    ("fn-flatten-self", X + "y = torch.flatten(x, 2, 2)"),
    # unflatten
    ("unflatten-basic", X + "y = x.unflatten(2, (2, 2))"),
    ("unflatten-infer", X + "y = x.unflatten(-1, (2, -1))"),
    ("unflatten-size1", X + "y = x.unflatten(1, (3, 1))"),
    ("unflatten-leading1", X + "y = x.unflatten(0, (1, 2))"),
    ("unflatten-single", X + "y = x.unflatten(1, (3,))"),
    ("unflatten-transposed", "x = torch.arange(24.).view(4, 6).t()\ny = x.unflatten(0, (2, 3))"),
    ("unflatten-zero", Z + "y = z.unflatten(1, (0, 5))"),
    ("unflatten-zero-sizes", Z + "y = z.unflatten(2, (3, 1))"),
    ("fn-unflatten", X + "y = torch.unflatten(x, 1, (1, 3))"),
    # ravel
    ("ravel-contig", X + "y = x.ravel()"),
    ("ravel-1d-new-object", "x = torch.arange(5)\ny = x.ravel()"),
    ("ravel-permuted", P + "y = p.ravel()"),
    ("ravel-0d", S + "y = s.ravel()"),
    ("ravel-offset", X + "t = x[1]\ny = t.ravel()"),
    ("ravel-stepped", "x = torch.arange(10)\nt = x[::2]\ny = t.ravel()"),
    ("ravel-zero-size", Z + "t = z.transpose(0, 2)\ny = t.ravel()"),
    ("fn-ravel", P + "y = torch.ravel(p)"),
    # as_strided
    ("as_strided-basic", X + "y = x.as_strided((3, 4), (4, 1))"),
    ("as_strided-overlap", X + "y = x.as_strided((3, 3), (1, 1))"),
    ("as_strided-stride0", X + "y = x.as_strided((2, 5), (0, 1))"),
    ("as_strided-offset", X + "y = x.as_strided((2, 2), (3, 1), 5)"),
    ("as_strided-offset-kw", X + "y = x.as_strided((2, 2), (3, 1), storage_offset=20)"),
    ("as_strided-fills-storage", X + "y = x.as_strided((24,), (1,), 0)"),
    ("as_strided-last-element", X + "y = x.as_strided((), (), 23)"),
    ("as_strided-0d", S + "y = s.as_strided((), ())"),
    ("as_strided-0d-to-1", S + "y = s.as_strided((1,), (7,))"),
    ("as_strided-zero-size-far-offset", X + "y = x.as_strided((0, 3), (1, 1), 100)"),
    ("as_strided-view-default-offset", X + "t = x[1]\ny = t.as_strided((2, 2), (1, 1))"),
    ("as_strided-view-absolute-offset", X + "t = x[1]\ny = t.as_strided((2,), (1,), 0)"),
    ("as_strided-of-expanded", E + "y = e.as_strided((3,), (1,))"),
    ("as_strided-transposed-out", X + "y = x.as_strided((4, 6), (1, 4))"),
    ("as_strided-size1-huge-stride", X + "y = x.as_strided((1, 2), (1000, 1))"),
    ("as_strided-write-overlap", X + "y = x.as_strided((4,), (0,), 2)\nx[0, 0, 2] = 7"),
    ("as_strided-bool", "x = torch.tensor([True, False, True])\ny = x.as_strided((2, 2), (1, 1))"),
    ("as_strided-meta", "x = torch.zeros(12, device='meta')\ny = x.as_strided((3, 3), (3, 1), 3)"),
    ("as_strided-cl", X + "y = x.as_strided((1, 2, 3, 4), (24, 1, 8, 2))"),
    ("fn-as_strided", X + "y = torch.as_strided(x, (2, 2), (1, 2), 1)"),
]

ERRORS: Table = [
    ("err-view-float-arg", X + "y = x.view(24.0)"),
    ("err-view-no-args", X + "y = x.view()"),
    ("err-reshape-no-args", X + "y = x.reshape()"),
    ("err-view-bad-numel", X + "y = x.view(5, 5)"),
    ("err-view-two-infer", X + "y = x.view(-1, -1)"),
    ("err-view-negative", X + "y = x.view(-2, 12)"),
    ("err-view-infer-no-fit", X + "y = x.view(5, -1)"),
    ("err-view-zero-infer-ambiguous", Z + "y = z.view(0, -1)"),
    ("err-view-zero-to-nonzero", Z + "y = z.view(1)"),
    ("err-view-0d-bad", S + "y = s.view(2)"),
    ("err-view-permuted", P + "y = p.view(24)"),
    ("err-view-transposed", X + "t = x.transpose(0, 1)\ny = t.view(6, 4)"),
    ("err-view-stepped", X + "t = x[:, ::2]\ny = t.view(2, 8)"),
    ("err-view-expanded", E + "y = e.view(12)"),
    ("err-view_as-numel", X + "o = torch.zeros(5)\ny = x.view_as(o)"),
    ("err-reshape-bad-numel", X + "y = x.reshape(7, -1)"),
    ("err-reshape-two-infer", X + "y = x.reshape(-1, 2, -1)"),
    ("err-reshape-zero-ambiguous", Z + "y = z.reshape(-1, 0)"),
    ("err-reshape_as", X + "o = torch.zeros(3)\ny = x.reshape_as(o)"),
    ("err-flatten-order", X + "y = x.flatten(2, 1)"),
    ("err-flatten-dim-range", X + "y = x.flatten(0, 3)"),
    ("err-flatten-negative-range", X + "y = x.flatten(-4)"),
    ("err-flatten-0d-dim", S + "y = s.flatten(0, 1)"),
    ("err-unflatten-empty", X + "y = x.unflatten(1, ())"),
    ("err-unflatten-product", X + "y = x.unflatten(1, (2, 2))"),
    ("err-unflatten-infer-product", X + "y = x.unflatten(2, (5, -1))"),
    ("err-unflatten-dim", X + "y = x.unflatten(3, (1, 4))"),
    ("err-unflatten-two-infer", X + "y = x.unflatten(2, (-1, -1))"),
    ("err-unflatten-negative", X + "y = x.unflatten(2, (-2, 2))"),
    ("err-unflatten-0d", S + "y = s.unflatten(0, (1,))"),
    ("err-as_strided-oob", X + "y = x.as_strided((5, 5), (5, 1))"),
    ("err-as_strided-oob-offset", X + "y = x.as_strided((2,), (1,), 23)"),
    ("err-as_strided-negative-stride", X + "y = x.as_strided((2, 2), (-1, 1))"),
    ("err-as_strided-length", X + "y = x.as_strided((2, 2), (1,))"),
    ("err-as_strided-negative-offset", X + "y = x.as_strided((2,), (1,), -1)"),
    ("err-as_strided-negative-size", X + "y = x.as_strided((-1, 2), (1, 1))"),
]


@pytest.mark.parametrize("src", params(CASES + ERRORS))
def test_agrees_with_torch(src: str) -> None:
    assert_agrees(src)


@pytest.mark.parametrize("src", params(ERRORS))
def test_error_message_matches(src: str) -> None:
    assert_same_error(src)
