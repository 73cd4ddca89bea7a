"""einsum family: torch.einsum (string and sublist equations: transposes and diagonals that
are views of the operand, traces and sums, matrix and batched products that are views of a bmm
result, outer and elementwise products, ellipsis broadcasting, one to three operands, the
same tensor twice), torch.nn.functional.bilinear (with and without bias, batched, 1-d) and
the attention family's scaled_dot_product_attention (the CPU flash kernel's empty_like(query)
layout; the math composite for 2-d and 3-d inputs, broadcast batches and heads, 3-d masks,
last strides other than 1 and empty sequences; bool and float masks, is_causal, scale,
enable_gqa). Contiguous, transposed, permuted, stepped, expanded, overlapping, channels_last,
offset, size-1 with odd strides, 0-d and empty inputs; bool, integer, half, bfloat16, float,
double and complex values; and the refusals: malformed equations, operand counts and ranks,
sizes that do not broadcast, mixed dtypes, bool products, bilinear's and attention's checks."""

from __future__ import annotations

from ._support import Table, table_tests

X = "x = torch.arange(24.).remainder(5).sub(2).view(2, 3, 4)\n"
_INPUTS = {
    "contiguous": X + "v = x\n",
    "transposed": X + "v = x.transpose(0, 2)\n",
    "permuted": X + "v = x.permute(1, 2, 0)\n",
    "stepped": "v = torch.arange(48.).remainder(7).sub(3).view(2, 6, 4)[:, ::2]\n",
    "expanded": "v = torch.tensor([[1., -2., 3., 0.]]).expand(3, 4).unsqueeze(0).expand(2, 3, 4)\n",
    "overlapping": "v = torch.arange(9.).sub(4).as_strided((2, 3, 4), (1, 1, 2))\n",
    "channels-last": "v = torch.arange(24.).remainder(3).view(1, 2, 3, 4).contiguous("
                     "memory_format=torch.channels_last)[0]\n",
    "offset": "v = torch.arange(40.).remainder(6).sub(2).view(2, 4, 5)[:, 1:, 1:]\n",
    "size-one-odd": "v = torch.empty_strided((2, 1, 4), (1, 7, 2)).fill_(1.5)\n",
    "empty": "v = torch.zeros(2, 0, 4)\n",
    "int": X + "v = x.int().transpose(1, 2).transpose(1, 2)\n",
    "half": X + "v = x.half().permute(0, 2, 1).permute(0, 2, 1)\n",
    "bfloat16": X + "v = x.bfloat16()\n",
    "double": X + "v = x.double()[:, :, ::1]\n",
    "complex": X + "v = (x * (1 + 1j)).to(torch.complex64)\n",
}
_EINSUM = [
    ("identity", "a = torch.einsum('ijk', v)\nb = torch.einsum('ijk->ijk', v)\n"),
    ("permute", "a = torch.einsum('ijk->kji', v)\nb = torch.einsum('kij', v)\n"),
    ("sum", "a = torch.einsum('ijk->', v)\nb = torch.einsum('ijk->j', v)\n"
            "c = torch.einsum('ijk->ki', v)\n"),
    ("ellipsis", "a = torch.einsum('...k->k...', v)\nb = torch.einsum('i...->...', v)\n"),
    ("matrix", "a = torch.einsum('bij,bkj->bik', v, v)\nb = torch.einsum('bij,bkj->kib', v, v)\n"),
    ("batched", "a = torch.einsum('bij,jk->bik', v, torch.ones(4, 2))\n"
                "b = torch.einsum('bij,jk->kbi', v, torch.ones(4, 2).to(v.dtype))\n"),
    ("outer", "a = torch.einsum('ijk,l->ijkl', v, torch.tensor([1., 2.]).to(v.dtype))\n"
              "b = torch.einsum('l,ijk->kl', torch.tensor([1., 2.]).to(v.dtype), v)\n"),
    ("elementwise", "a = torch.einsum('ijk,ijk->ijk', v, v)\nb = torch.einsum('ijk,ijk', v, v)\n"
                    "c = torch.einsum('ijk,ijk->', v, v)\n"),
    ("three", "a = torch.einsum('bij,bkj,k->bi', v, v, torch.ones(3).to(v.dtype))\n"),
    ("sublist", "a = torch.einsum(v, [0, 1, 2], [2, 0])\n"
                "b = torch.einsum(v, [0, 1, 2], v, [0, 3, 2], [0, 1, 3])\n"
                "c = torch.einsum(v, [Ellipsis, 2], [2, Ellipsis])\n"),
]
_SQUARE = "s = torch.arange(9.).sub(4).view(3, 3)\n"
_CASES_SOLO: Table = [
    ("einsum-diagonal", _SQUARE + "a = torch.einsum('ii->i', s)\nb = torch.einsum('ii', s)\n"
                        "c = torch.einsum('ii->i', s.t())\nd = torch.einsum('ji->', s)\n"
                        "e = torch.einsum('iij->ji', torch.arange(18.).view(3, 3, 2))\n"),
    ("einsum-mm", _SQUARE + "a = torch.einsum('ij,jk->ik', s, s)\n"
                  "b = torch.einsum('ij,jk->ki', s, s.t())\nc = torch.einsum('ij,jk', s[:2], s)\n"
                  "d = torch.einsum('ij,kj->ki', s, s[1:])\ne = torch.einsum('i,i', s[0], s[1])\n"
                  "f = torch.einsum('i,i->i', s[0], s[:, 1])\n"
                  "g = torch.einsum('ij,j->i', s, s[2])\n"),
    ("einsum-broadcast", "a = torch.einsum('...ij,...jk->...ik', torch.ones(2, 1, 2, 3), "
                         "torch.ones(5, 3, 4))\n"
                         "b = torch.einsum('ij,ij->ij', torch.ones(1, 3), torch.ones(4, 1))\n"
                         "c = torch.einsum('ij,jk->ik', torch.ones(2, 1), torch.ones(3, 4))\n"),
    ("einsum-list", _SQUARE + "a = torch.einsum('ij,jk', [s, s])\nb = torch.einsum('ij', (s,))\n"
                    "c = torch.einsum(' i j , j k -> k i ', s, s)\n"
                    "d = torch.einsum('Ab,bC->CA', s, s)\n"),
    ("einsum-zero-dim", "t = torch.tensor(2.5)\na = torch.einsum('', t)\n"
                        "b = torch.einsum(',', t, t)\nc = torch.einsum('->', t)\n"
                        "d = torch.einsum('...,i->i', t, torch.ones(3))\n"),
    ("einsum-empty", "e = torch.zeros(0, 3)\na = torch.einsum('ij,jk->ik', e, torch.ones(3, 2))\n"
                     "b = torch.einsum('ji,jk->ik', e, torch.ones(0, 2))\n"
                     "c = torch.einsum('ij->', e)\n"),
    ("einsum-int-sum", "x = torch.arange(6, dtype=torch.int32).view(2, 3)\n"
                       "a = torch.einsum('ij->j', x)\nb = torch.einsum('ij->j', x.bool())\n"
                       "c = torch.einsum('ij,ij->ij', x.bool(), x.bool())\n"),
    ("einsum-same-tensor", _SQUARE + "a = torch.einsum('ij,jk->ik', s, s)\na.add_(1)\n"
                           "b = torch.einsum('ij->ji', s)\nb.mul_(2)\nc = s.sum()\n"),
    ("einsum-inexact", "x = torch.arange(12.).div(7).view(3, 4)\n"
                       "a = torch.einsum('ij,kj->ik', x, x)\n"
                       "b = torch.einsum('ij,kj->ik', x.double(), x.double())\n"
                       "c = torch.einsum('ij,kj->ik', x.half(), x.half())\n"),
    ("einsum-unwritten", "x = torch.empty(3, 4)\nx[0] = 1.\na = torch.einsum('ij->ji', x)\n"
                         "b = torch.einsum('ij,kj->ik', x, x)\n"),
    ("einsum-meta", "x = torch.ones(2, 3, device='meta')\na = torch.einsum('ij,kj->ki', x, x)\n"
                    "b = torch.einsum('ij->ji', x)\n"),
]
B = "torch.nn.functional.bilinear"
_BILINEAR: Table = [
    ("bilinear", "x1 = torch.arange(15.).remainder(4).view(5, 3)\n"
                 "x2 = torch.arange(20.).remainder(3).view(5, 4)\n"
                 "w = torch.arange(72.).remainder(5).sub(2).view(6, 3, 4)\n"
                 f"a = {B}(x1, x2, w)\nb = {B}(x1, x2, w, torch.arange(6.))\n"
                 f"c = {B}(x1.t().contiguous().t(), x2[:, :], w.transpose(1, 2).contiguous()."
                 "transpose(1, 2))\n"
                 f"d = {B}(x1[0], x2[0], w)\ne = {B}(x1[0], x2[0], w, torch.ones(6))\n"
                 f"f = {B}(x1.expand(2, 5, 3), x2.expand(2, 5, 4), w)\n"
                 f"g = {B}(x1[:0], x2[:0], w)\nh = {B}(x1[:, :0], x2, w[:, :0])\n"),
    ("bilinear-dtypes", "x1 = torch.arange(6.).view(2, 3)\nx2 = torch.arange(8.).view(2, 4)\n"
                        "w = torch.ones(2, 3, 4)\n"
                        f"a = {B}(x1.int(), x2.int(), w.int())\n"
                        f"b = {B}(x1.half(), x2.half(), w.half())\n"
                        f"c = {B}(x1.double(), x2.double(), w.double(), torch.ones(2).double())\n"
                        f"d = {B}(x1.bfloat16(), x2.bfloat16(), w.bfloat16())\n"
                        f"e = {B}(x1.cfloat(), x2.cfloat(), w.cfloat())\n"),
    ("bilinear-inexact", "x1 = torch.arange(6.).div(7).view(2, 3)\n"
                         "x2 = torch.arange(8.).div(3).view(2, 4)\n"
                         f"a = {B}(x1, x2, torch.ones(2, 3, 4).div(9))\n"),
]
S = "torch.nn.functional.scaled_dot_product_attention"
Q = "q = torch.arange(120.).remainder(7).sub(3).div(4).view(2, 3, 4, 5)\n"
K = "k = torch.arange(180.).remainder(5).sub(2).div(4).view(2, 3, 6, 5)\n"
_ATTENTION: Table = [
    ("attention-flash", Q + K + f"a = {S}(q, k, k)\nb = {S}(q, k, k, scale=0.5)\n"
                        f"c = {S}(q, k, k, is_causal=True)\nd = {S}(q, k, k, scale=-0.25)\n"),
    ("attention-flash-layouts", Q + K +
     f"a = {S}(q.transpose(1, 2).contiguous().transpose(1, 2), k, k)\n"
     f"b = {S}(q.permute(0, 2, 1, 3).contiguous().permute(0, 2, 1, 3), k, k)\n"
     f"c = {S}(q[:, :, ::2], k, k)\nd = {S}(q[:1].expand(2, 3, 4, 5), k, k)\n"
     f"e = {S}(q.contiguous(memory_format=torch.channels_last), k, k)\n"
     f"f = {S}(q[:, :, 1:], k[:, :, 2:], k[:, :, 2:])\n"),
    ("attention-flash-masks", Q + K +
     f"a = {S}(q, k, k, attn_mask=torch.ones(4, 6, dtype=torch.bool).tril())\n"
     f"b = {S}(q, k, k, attn_mask=torch.arange(24.).remainder(3).view(4, 6))\n"
     f"c = {S}(q, k, k, attn_mask=torch.zeros(1, 3, 4, 6))\n"
     f"d = {S}(q, k, k, attn_mask=torch.zeros(4, 1).expand(4, 6))\n"
     f"e = {S}(q, k, k, attn_mask=torch.ones(4, 6, dtype=torch.bool).triu(), is_causal=True)\n"),
    ("attention-flash-dtypes", Q + K + f"a = {S}(q.half(), k.half(), k.half())\n"
                               f"b = {S}(q.bfloat16(), k.bfloat16(), k.bfloat16())\n"
                               f"c = {S}(q.double(), k.double(), k.double())\n"
                               f"d = {S}(q.half(), k.half(), k.half(), "
                               "attn_mask=torch.zeros(4, 6).half())\n"),
    ("attention-flash-empty", Q + K + f"a = {S}(q[:0], k[:0], k[:0])\n"
                              f"b = {S}(q[:, :0], k[:, :0], k[:, :0])\n"
                              f"c = {S}(q[..., :0], k[..., :0], k[..., :0])\n"),
    ("attention-gqa", "q = torch.arange(240.).remainder(7).div(4).view(2, 6, 4, 5)\n" + K +
     f"a = {S}(q, k, k, enable_gqa=True)\nb = {S}(q, k, k[:, :1], enable_gqa=True)\n"
     f"c = {S}(q[:, :3], k, k, enable_gqa=True)\n"),
    ("attention-math", Q + K + f"a = {S}(q[0], k[0], k[0])\nb = {S}(q[0, 0], k[0, 0], k[0, 0])\n"
                       f"c = {S}(q, k[:1], k[:1])\nd = {S}(q, k[:, :1], k[:, :1])\n"
                       f"e = {S}(q[0], k, k)\nf = {S}(q[0, 0], k[0], k[0])\n"
                       f"g = {S}(q.transpose(-1, -2).contiguous().transpose(-1, -2), k, k)\n"
                       f"h = {S}(q[0], k[0], k[0], is_causal=True, scale=0.3)\n"
                       f"i = {S}(q, k, k, attn_mask=torch.zeros(3, 4, 6))\n"
                       f"j = {S}(q[None], k[None], k[None])\n"
                       f"m = {S}(q, k, k[..., :2])\n"
                       f"n = {S}(q[:, :, :0], k, k)\no = {S}(q, k[:, :, :0], k[:, :, :0])\n"),
    # no output element or no key: zeros of query's batch, plus the inputs' sums times 0
    ("attention-empty-zeros", "z = torch.zeros\n"
                              f"a = {S}(z(1, 0, 1), z(1, 0, 1), z(1, 0, 1))\n"
                              f"b = {S}(z(2, 3, 0, 1), z(2, 3, 4, 2)[..., :1], z(2, 3, 4, 1))\n"
                              f"c = {S}(z(1, 0, 2), z(2, 3, 2), z(2, 3, 1))\n"
                              f"d = {S}(z(2, 2, 2), z(1, 0, 2), z(1, 0, 3))\n"
                              f"e = {S}(torch.tensor([[[float('inf'), 1.]]]), z(1, 0, 2), "
                              "z(1, 0, 3))\n"
                              f"f = {S}(z(2, 2, 2).half(), z(2, 4, 2).half(), "
                              "z(2, 4, 0).half())\n"),
    ("attention-math-masks", Q + K + f"a = {S}(q[0], k[0], k[0], attn_mask="
                             "torch.zeros(4, 6, dtype=torch.bool))\n"
                             f"b = {S}(q[0], k[0], k[0].half().float(), "
                             "attn_mask=torch.ones(1, 6, dtype=torch.bool))\n"),
    ("attention-math-dtypes", Q + K + f"a = {S}(q[0].half(), k[0].half(), k[0].half())\n"
                              f"b = {S}(q[0].bfloat16(), k[0].bfloat16(), k[0].bfloat16())\n"
                              f"c = {S}(q[0].double(), k[0].double(), k[0].double())\n"),
    ("attention-meta", "q = torch.ones(2, 3, 4, 5, device='meta')\n"
                       f"a = {S}(q, q, q)\nb = {S}(q[0], q[0], q[0])\n"),
]

CASES: Table = ([(f"einsum-{c}-{n}", src + text) for n, src in _INPUTS.items()
                 for c, text in _EINSUM]
                + _CASES_SOLO + _BILINEAR + _ATTENTION)

_ERR_SQUARE = "s = torch.ones(2, 3)\n"
ERRORS: Table = [
    ("einsum-no-operand", "torch.einsum('ij')"),
    ("einsum-empty-list", "torch.einsum('ij', [])"),
    ("einsum-fewer", _ERR_SQUARE + "torch.einsum('ij,jk', s)"),
    ("einsum-more", _ERR_SQUARE + "torch.einsum('ij', s, s)"),
    ("einsum-rank", _ERR_SQUARE + "torch.einsum('i', s)"),
    ("einsum-rank-ellipsis", _ERR_SQUARE + "torch.einsum('...ijk', s)"),
    ("einsum-dot", _ERR_SQUARE + "torch.einsum('i.j', s)"),
    ("einsum-ellipsis-twice", _ERR_SQUARE + "torch.einsum('...i...', s)"),
    ("einsum-subscript", _ERR_SQUARE + "torch.einsum('i1', s)"),
    ("einsum-output-subscript", _ERR_SQUARE + "torch.einsum('ij->2', s)"),
    ("einsum-output-dot", _ERR_SQUARE + "torch.einsum('ij->i.', s)"),
    ("einsum-output-ellipsis-twice", _ERR_SQUARE + "torch.einsum('ij->......', s)"),
    ("einsum-output-unknown", _ERR_SQUARE + "torch.einsum('ij->k', s)"),
    ("einsum-output-twice", _ERR_SQUARE + "torch.einsum('ij->ii', s)"),
    ("einsum-sizes", _ERR_SQUARE + "torch.einsum('ij,jk->ik', s, s)"),
    ("einsum-repeated", _ERR_SQUARE + "torch.einsum('ii', s)"),
    ("einsum-ellipsis-sizes", "torch.einsum('...i,...i', torch.ones(2, 3), torch.ones(4, 3))"),
    ("einsum-dtypes", _ERR_SQUARE + "torch.einsum('ij,kj', s, s.double())"),
    ("einsum-bool", _ERR_SQUARE + "torch.einsum('ij,kj', s.bool(), s.bool())"),
    ("einsum-sublist-range", _ERR_SQUARE + "torch.einsum(s, [0, 60])"),
    ("bilinear-dtypes", f"{B}(torch.ones(5, 3), torch.ones(5, 4).double(), torch.ones(6, 3, 4))"),
    ("bilinear-bias-dtype", f"{B}(torch.ones(5, 3), torch.ones(5, 4), torch.ones(6, 3, 4), "
                            "torch.ones(6).double())"),
    ("bilinear-dims", f"{B}(torch.ones(5, 3), torch.ones(4), torch.ones(6, 3, 4))"),
    ("bilinear-batch", f"{B}(torch.ones(5, 3), torch.ones(4, 4), torch.ones(6, 3, 4))"),
    ("bilinear-input1", f"{B}(torch.ones(5, 3), torch.ones(5, 4), torch.ones(6, 2, 4))"),
    ("bilinear-input2", f"{B}(torch.ones(5, 3), torch.ones(5, 4), torch.ones(6, 3, 2))"),
    ("bilinear-bias", f"{B}(torch.ones(5, 3), torch.ones(5, 4), torch.ones(6, 3, 4), "
                      "torch.ones(2))"),
    ("bilinear-zero-dim", f"{B}(torch.tensor(1.), torch.tensor(1.), torch.ones(6, 3, 4))"),
    ("bilinear-bool", f"{B}(torch.ones(5, 3).bool(), torch.ones(5, 4).bool(), "
                      "torch.ones(6, 3, 4).bool())"),
    ("attention-dtypes", Q + K + f"{S}(q, k.double(), k)"),
    ("attention-int", Q + K + f"{S}(q.int(), k.int(), k.int())"),
    ("attention-mask-dtype", Q + K + f"{S}(q, k, k, attn_mask=torch.ones(4, 6).long())"),
    ("attention-mask-half", Q + K + f"{S}(q, k, k, attn_mask=torch.ones(4, 6).half())"),
    ("attention-rank", Q + K + f"{S}(q[0, 0, 0], k, k)"),
    ("attention-mask-shape", Q + K + f"{S}(q, k, k, attn_mask=torch.ones(4, 5))"),
    ("attention-mask-1d", Q + K + f"{S}(q, k, k, attn_mask=torch.ones(6))"),
    ("attention-gqa", Q + K + f"{S}(torch.ones(2, 4, 4, 5), k, k, enable_gqa=True)"),
    ("attention-heads", Q + K + f"{S}(torch.ones(2, 6, 4, 5), k, k)"),
    ("attention-causal-mask", Q + K + f"{S}(q[0], k[0], k[0], attn_mask=torch.zeros(4, 6), "
                              "is_causal=True)"),
    ("attention-head-size", Q + K + f"{S}(q, k[..., :4], k)"),
    ("attention-complex", Q + K + f"{S}(q.cfloat(), k.cfloat(), k.cfloat())"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(CASES, ERRORS)
