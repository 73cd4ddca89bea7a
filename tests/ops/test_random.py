"""random family: rand_like, randn_like and randint_like (empty_like's layout, dtype=,
memory_format=), normal (tensor mean and/or std, broadcast, float mean, out=), bernoulli
(probabilities, p=, out=), multinomial (1-d and 2-d, replacement, out=), the in-place fills
(uniform_, normal_, random_, exponential_, geometric_, cauchy_, log_normal_, bernoulli_: the
input itself, its version bumped, its layout kept) and torch.nn.functional's dropouts (the input
itself with p == 0 or training off, zeros with p == 1, TensorIterator's layout otherwise; in
place; unbatched inputs of dropout1d / dropout3d). Sampled values are never compared; shapes,
strides, dtypes, aliasing, versions, warnings and errors are. Transposed, permuted, stepped,
expanded, overlapping, channels_last, offset, size-1, 0-d and empty inputs; bool, integer,
half, bfloat16, float, double and complex dtypes; the refusals of each op."""

from __future__ import annotations

import pytest

from ._support import Table, assert_same_warnings, params, table_tests

X = "x = torch.arange(24.).div(24).view(1, 2, 3, 4)\n"
_INPUTS = {
    "contiguous": X + "v = x\n",
    "transposed": X + "v = x.transpose(2, 3)\n",
    "permuted": X + "v = x.permute(0, 3, 1, 2)\n",
    "stepped": X + "v = x[:, :, ::2]\n",
    "expanded": "v = torch.tensor([[0.25, 0.5, 1.]]).expand(4, 3)\n",
    "overlapping": "v = torch.arange(6.).div(6).as_strided((3, 3), (1, 1))\n",
    "channels-last": X + "v = x.contiguous(memory_format=torch.channels_last)\n",
    "offset": X + "v = x[0, 1:, 1:]\n",
    "size-one": X + "v = x.view(1, 24, 1)[:, ::5]\n",
    "size-one-odd": "v = torch.empty_strided((2, 1, 3), (1, 7, 2)).fill_(0.5)\n",
    "zero-dim": "v = torch.tensor(0.75)\n",
    "empty": "v = torch.zeros(2, 0, 3).transpose(0, 2)\n",
    "double": X + "v = x.double().transpose(1, 3)\n",
    "half": X + "v = x.half()[:, :, 1:]\n",
    "bfloat16": X + "v = x.bfloat16().permute(3, 1, 0, 2)\n",
}
_CALLS = [
    ("rand-like", "a = torch.rand_like(v)\nb = torch.rand_like(v, dtype=torch.float64)\n"
                  "c = torch.rand_like(v, memory_format=torch.contiguous_format)\n"),
    ("randn-like", "a = torch.randn_like(v)\nb = torch.randn_like(v, dtype=torch.complex64)\n"
                   "c = torch.randn_like(v, memory_format=torch.preserve_format)\n"),
    ("randint-like", "a = torch.randint_like(v, 5)\nb = torch.randint_like(v, 1, 3, "
                     "dtype=torch.int32)\nc = torch.randint_like(v, low=2, high=4)\n"),
    ("normal", "a = torch.normal(v, 2.)\nb = torch.normal(v, v)\nc = torch.normal(1., v)\n"
               "d = torch.normal(mean=v, std=torch.tensor([0.5]))\n"),
    ("bernoulli", "a = torch.bernoulli(v)\nb = v.bernoulli(0.5)\nc = torch.bernoulli(v, p=0.)"
                  "\n"),
    ("fills", "w = v.clone()\nw.uniform_()\nw.normal_(1., 2.)\nw.random_(5)\nw.exponential_()"
              "\nw.geometric_(0.5)\nw.cauchy_()\nw.log_normal_()\nw.bernoulli_(0.5)\n"
              "w.bernoulli_(v)\nw.random_(1, 3)\nw.uniform_(-1, 1)\n"),
    ("dropout", "F = torch.nn.functional\na = F.dropout(v)\nb = F.dropout(v, 0.)\n"
                "c = F.dropout(v, training=False)\nd = F.dropout(v, 1.)\n"
                "e = F.alpha_dropout(v, 0.5, True)\nf = F.alpha_dropout(v)\n"
                "g = F.alpha_dropout(v, 1., True)\n"),
]
LAYOUTS: Table = [(f"{call}-{name}", src + text)
                  for name, src in _INPUTS.items() for call, text in _CALLS
                  if not (call == "fills" and name in ("expanded", "overlapping"))]

_FEATURE_INPUTS = {
    "contiguous-4d": "v = torch.arange(120.).view(2, 3, 4, 5)\n",
    "channels-last": "v = torch.arange(120.).view(2, 3, 4, 5)"
                     ".contiguous(memory_format=torch.channels_last)\n",
    "transposed-3d": "v = torch.arange(24.).view(4, 3, 2).transpose(0, 2)\n",
    "expanded-4d": "v = torch.arange(5.).expand(2, 3, 4, 5)\n",
    "stepped-5d": "v = torch.arange(240.).view(2, 3, 2, 4, 5)[:, :, :, ::2]\n",
}
_FEATURE_CALLS = [
    ("feature-alpha", "a = F.feature_alpha_dropout(v, 0.5, True)\n"
                      "b = F.feature_alpha_dropout(v, 1., True)\n"
                      "c = F.feature_alpha_dropout(v)\n"),
    ("dropout2d", "a = F.dropout2d(v)\nb = F.dropout2d(v, 1.)\nc = F.dropout2d(v, 0.)\n"),
    ("dropout3d", "a = F.dropout3d(v)\nb = F.dropout3d(v, 1.)\nc = F.dropout3d(v, "
                  "training=False)\n"),
]
FEATURES: Table = [(f"{call}-{name}", "F = torch.nn.functional\n" + src + text)
                   for name, src in _FEATURE_INPUTS.items() for call, text in _FEATURE_CALLS]

F = "F = torch.nn.functional\n"
VALUES: Table = [
    ("like-formats", "x = torch.zeros(1, 2, 3, 4).permute(0, 3, 1, 2)\n"
                     "a = torch.rand_like(x, memory_format=torch.channels_last)\n"
                     "b = torch.randn_like(x, memory_format=torch.contiguous_format)\n"
                     "c = torch.randint_like(torch.zeros(2, 2, 1, 1, 3), 4, "
                     "memory_format=torch.channels_last_3d)\n"
                     "d = torch.rand_like(torch.zeros(3, 1).expand(3, 4))"),
    ("like-dtypes", "x = torch.zeros(2, 3).t()\n"
                    "a = torch.randint_like(x.bool(), 2)\nb = torch.randint_like(x.byte(), 255)"
                    "\nc = torch.randint_like(x.long(), -5, 5)\n"
                    "d = torch.rand_like(x, dtype=torch.half)\n"
                    "e = torch.randn_like(x.long(), dtype=torch.bfloat16)\n"
                    "f = torch.rand_like(x.cdouble())\n"
                    "g = torch.randn_like(torch.zeros(0).long())"),
    ("like-result-is-new", "x = torch.zeros(2, 3)\na = torch.rand_like(x)\na.add_(1)\n"
                           "b = torch.randint_like(x, 3)\nb.zero_()"),
    ("like-meta", "x = torch.zeros(2, 3, device='meta').t()\na = torch.rand_like(x)\n"
                  "b = torch.randint_like(x, 3)\nc = torch.randn_like(x, dtype=torch.float64)"),
    ("random-fills-versions", "x = torch.zeros(2, 3)\nv = x[:, 1:]\nv.uniform_()\nv.normal_()\n"
                              "y = x.t()\ny.random_()\ny.bernoulli_(torch.tensor([0.5, 1.]))\n"
                              "e = torch.zeros(0, 2)\ne.exponential_()\ne.cauchy_()"),
    ("random-fills-dtypes", "a = torch.zeros(3, dtype=torch.long)\na.random_()\na.random_(7)\n"
                            "a.random_(-3, 3)\na.geometric_(0.3)\na.bernoulli_(0.5)\n"
                            "b = torch.zeros(3, dtype=torch.bool)\nb.random_()\nb.random_(2)\n"
                            "b.bernoulli_(0.5)\nc = torch.zeros(3, dtype=torch.uint8)\n"
                            "c.random_(256)\nc.random_(5, None)\nd = torch.zeros(2).half()\n"
                            "d.random_(2048)\nd.random_(2047, None)\n"
                            "e = torch.zeros(2, dtype=torch.complex64)\ne.uniform_()\n"
                            "e.normal_(0., 2.)\nf = torch.zeros(2, dtype=torch.float64)\n"
                            "f.uniform_(0., 1e300)\nf.random_(0, 2 ** 40)\n"
                            "g = torch.zeros(2).bfloat16()\ng.random_(to=3)"),
    ("random-fills-empty", "a = torch.zeros(0, dtype=torch.long)\na.exponential_()\n"
                           "a.normal_()\na.log_normal_()\nb = torch.zeros(0, dtype=torch.bool)"
                           "\nb.geometric_(0.5)\nc = torch.zeros(0, dtype=torch.complex64)\n"
                           "c.random_()\nc.bernoulli_(0.5)\nc.uniform_(3, 1)\n"
                           "d = torch.zeros(1, 0).expand(2, 0)\nd.uniform_()\nd.bernoulli_(0.5)"),
    ("random-fills-keywords", "x = torch.zeros(2, 3)\nx.normal_(mean=0, std=2)\n"
                              "x.exponential_(lambd=2)\nx.cauchy_(median=0, sigma=2)\n"
                              "x.log_normal_(mean=1, std=2)\nx.geometric_(p=0.2)\n"
                              "x.bernoulli_(p=0.3)\nx.uniform_(-1.5, 2.25)\nx.random_(to=4)"),
    ("normal-forms", "m = torch.zeros(3, 2).t()\na = torch.normal(m, torch.ones(3))\n"
                     "b = torch.normal(torch.zeros(2, 1), torch.ones(3))\n"
                     "c = torch.normal(torch.zeros(2), torch.ones(2, dtype=torch.float64))\n"
                     "d = torch.normal(torch.zeros(2, dtype=torch.float64), torch.ones(2))\n"
                     "e = torch.normal(torch.zeros(2), torch.ones(2, dtype=torch.long))\n"
                     "f = torch.normal(1., torch.tensor(1.))\ng = torch.normal(m)\n"
                     "h = torch.normal(torch.zeros(2).half(), torch.ones(2))\n"
                     "i = torch.normal(torch.zeros(2, dtype=torch.complex64), torch.ones(2))\n"
                     "j = torch.normal(torch.zeros(0, 2), torch.ones(2))\n"
                     "k = torch.normal(torch.zeros(2).expand(3, 2), torch.ones(2))\n"
                     "n = torch.normal(torch.ones(0, dtype=torch.long), 1.)\n"
                     "o = torch.normal(0., torch.ones(0, dtype=torch.long))"),
    ("normal-out", "m = torch.zeros(3, 2).t()\no = torch.zeros(5)\n"
                   "a = torch.normal(m, m, out=o)\np = torch.zeros(3, 2).t()\n"
                   "b = torch.normal(m, m, out=p)\nq = torch.zeros(2, 3, dtype=torch.float64)\n"
                   "c = torch.normal(m, m, out=q)\nr = torch.zeros(1)\n"
                   "d = torch.normal(m, 1., out=r)\ns = torch.zeros(1)\n"
                   "e = torch.normal(1., m, out=s)\nt = torch.zeros(2, 3)\n"
                   "f = torch.normal(t, 1., out=t)\nu = torch.zeros(0)\n"
                   "g = torch.normal(torch.zeros(2, 1), torch.ones(3), out=u)"),
    ("bernoulli-forms", "x = torch.zeros(3, 2).t()\na = x.bernoulli()\nb = x.bernoulli(p=0.3)\n"
                        "c = torch.bernoulli(x, 0.3)\nd = torch.bernoulli(x.long(), 0.5)\n"
                        "e = torch.bernoulli(x.bool(), 0.5)\n"
                        "f = torch.bernoulli(torch.zeros(3).expand(2, 3))\n"
                        "g = torch.bernoulli(x, generator=None)"),
    ("bernoulli-out", "x = torch.zeros(2, 3)\no = torch.zeros(2, 2)\n"
                      "a = torch.bernoulli(x, out=o)\np = torch.zeros(3, 2).t()\n"
                      "b = torch.bernoulli(x, out=p)\nq = torch.zeros(3, 2, dtype=torch.int64)\n"
                      "c = torch.bernoulli(x, out=q)\nd = torch.bernoulli(x, out=x)\n"
                      "r = torch.zeros(0)\ne = torch.bernoulli(torch.zeros(0, 2), out=r)"),
    ("bernoulli-tensor-p", "x = torch.zeros(2, 3)\nx.bernoulli_(torch.zeros(3))\n"
                           "x.bernoulli_(torch.ones(2, 1, dtype=torch.float64))\n"
                           "y = torch.zeros(3, dtype=torch.long)\n"
                           "y.bernoulli_(torch.zeros(3, dtype=torch.double))\n"
                           "z = torch.zeros(0, 3)\nz.bernoulli_(torch.zeros(3))"),
    ("multinomial", "p = torch.tensor([[1., 2., 0.], [0., 0., 3.]])\n"
                    "a = torch.multinomial(p, 1)\nb = torch.multinomial(p.t().contiguous().t(), "
                    "1)\nc = torch.multinomial(p[0], 2)\nd = torch.multinomial(p[0], 5, True)\n"
                    "e = torch.multinomial(p[0], 3)\nf = p.multinomial(2, replacement=True)\n"
                    "g = torch.multinomial(p, num_samples=2, replacement=False)\n"
                    "h = torch.multinomial(p.half(), 2)\n"
                    "i = torch.multinomial(torch.tensor([1., 2.]).expand(3, 2), 1)\n"
                    "j = torch.multinomial(torch.ones(0, 3), 2)\n"
                    "k = torch.multinomial(torch.tensor([0., 1., 0.]), 2)"),
    ("multinomial-out", "p = torch.tensor([[1., 2., 0.], [0., 0., 3.]])\n"
                        "o = torch.zeros(5, dtype=torch.long)\n"
                        "a = torch.multinomial(p, 2, out=o)\n"
                        "q = torch.zeros(2, 2, dtype=torch.long).t()\n"
                        "b = torch.multinomial(p, 2, out=q)\n"
                        "r = torch.zeros(1, 2, dtype=torch.long).t()\n"
                        "c = torch.multinomial(torch.ones(2, 3), 1, True, out=r)\n"
                        "s = torch.tensor(0)\nd = torch.multinomial(torch.ones(3), 2, out=s)"),
    ("dropout-identity", F + "x = torch.arange(24.).view(2, 3, 4)\na = F.dropout(x, 0.5, False)"
                         "\nb = F.dropout(x, 0.)\nc = F.alpha_dropout(x, 0.5)\n"
                         "d = F.feature_alpha_dropout(x, 0., True)\n"
                         "e = F.dropout1d(x, training=False)\nf = F.dropout(torch.zeros(0, 3))\n"
                         "g = F.dropout(x, 0.5, False, True)\nh = F.dropout1d(x[0], 0.5, False)"
                         "\ni = F.dropout3d(x, 0.5, False, True)\n"
                         "j = F.feature_alpha_dropout(torch.zeros(3), 0.5, False)"),
    ("dropout-zeros", F + "x = torch.tensor([[1., -2., float('inf')], [float('nan'), 0., 3.]])"
                      "\na = F.dropout(x, 1.)\nb = F.alpha_dropout(x, 1., True)\n"
                      "c = F.dropout2d(x.view(1, 2, 3, 1), 1.)\n"
                      "d = F.dropout(x.long(), 1.)\ne = F.dropout(x.bool(), 1.)\n"
                      "f = F.dropout(x * 1j, 1.)\ng = F.dropout(x, 1)"),
    ("dropout-inplace", F + "x = torch.arange(24.).view(2, 3, 4)\na = F.dropout(x, inplace=True)"
                        "\nb = F.alpha_dropout(x, 0.5, True, True)\n"
                        "c = F.feature_alpha_dropout(x, 0.5, True, True)\n"
                        "d = F.dropout1d(x, inplace=True)\ne = F.dropout1d(x[0], inplace=True)\n"
                        "f = F.dropout2d(x.view(1, 2, 3, 4), inplace=True)\n"
                        "g = F.dropout3d(x, inplace=True)\nh = F.dropout(x, 1., inplace=True)\n"
                        "i = F.dropout3d(x.view(1, 1, 2, 3, 4), 1., inplace=True)"),
    ("dropout-dtypes", F + "x = torch.ones(2, 3)\na = F.dropout(x.half())\n"
                       "b = F.dropout(x.bfloat16(), 0.3)\nc = F.alpha_dropout(x.double(), 0.5, "
                       "True)\nd = F.dropout(x.long(), 0.5, False)\n"
                       "e = F.dropout(x * 1j, training=False)"),
    ("dropout-ranks", F + "a = F.dropout2d(torch.zeros(2, 3))\nb = F.dropout3d(torch.zeros(2, 3))"
                      "\nc = F.dropout3d(torch.zeros(3))\nd = F.dropout3d(torch.zeros(1, 1, 1, 1, "
                      "1, 2))\ne = F.dropout2d(torch.zeros(2, 3, 4, 5, 6), 0.)"),
    ("compose", "x = torch.zeros(2, 3)\na = torch.rand_like(x)\nb = a.t().contiguous()\n"
                "c = a.mul(2)\nd = torch.nn.functional.dropout(a)\ne = a[0].clone()"),
]

ERRORS: Table = [
    ("err-rand-like-int", "a = torch.rand_like(torch.zeros(2, dtype=torch.long))"),
    ("err-rand-like-bool-empty", "a = torch.rand_like(torch.zeros(0, dtype=torch.bool))"),
    ("err-rand-like-int-dtype", "a = torch.rand_like(torch.zeros(2), dtype=torch.int64)"),
    ("err-randn-like-int", "a = torch.randn_like(torch.zeros(2, dtype=torch.uint8))"),
    ("err-randn-like-bool", "a = torch.randn_like(torch.zeros(2, dtype=torch.bool))"),
    ("err-rand-like-format-rank", "a = torch.rand_like(torch.zeros(2, 3), "
                                  "memory_format=torch.channels_last)"),
    ("err-randint-like-zero", "a = torch.randint_like(torch.zeros(2), 0)"),
    ("err-randint-like-equal", "a = torch.randint_like(torch.zeros(2), 5, 5)"),
    ("err-randint-like-bool", "a = torch.randint_like(torch.zeros(2, dtype=torch.bool), 3)"),
    ("err-randint-like-uint8", "a = torch.randint_like(torch.zeros(2, dtype=torch.uint8), 300)"),
    ("err-randint-like-uint8-low", "a = torch.randint_like(torch.zeros(2).byte(), -1, 3)"),
    ("err-randint-like-half", "a = torch.randint_like(torch.zeros(2).half(), 70000)"),
    ("err-randint-like-complex", "a = torch.randint_like(torch.zeros(2, dtype=torch.cfloat), 2)"),
    ("err-rand-like-out", "a = torch.rand_like(torch.zeros(2), out=torch.zeros(2))"),
    ("err-randint-like-out", "a = torch.randint_like(torch.zeros(2), 1, 3, out=torch.zeros(2))"),
    ("err-randint-like-float", "a = torch.randint_like(torch.zeros(2), 2.5)"),
    ("err-randint-like-no-high", "a = torch.randint_like(torch.zeros(2))"),
    ("err-uniform-int", "a = torch.zeros(2, dtype=torch.long)\na.uniform_()"),
    ("err-uniform-int-empty", "a = torch.zeros(0, dtype=torch.int8)\na.uniform_()"),
    ("err-uniform-range", "a = torch.zeros(2)\na.uniform_(3, 1)"),
    ("err-uniform-span", "a = torch.zeros(2)\na.uniform_(-3e38, 3e38)"),
    ("err-uniform-half-bound", "a = torch.zeros(2).half()\na.uniform_(0, 1e5)"),
    ("err-uniform-expanded", "a = torch.zeros(3).expand(2, 3)\na.uniform_()"),
    ("err-uniform-expanded-int", "a = torch.zeros(3, dtype=torch.long).expand(2, 3)\n"
                                 "a.uniform_()"),
    ("err-uniform-keyword", "a = torch.zeros(2)\na.uniform_(a=1, b=2)"),
    ("err-normal-std", "a = torch.zeros(2)\na.normal_(0, -1)"),
    ("err-normal-int", "a = torch.zeros(2, dtype=torch.int32)\na.normal_()"),
    ("err-normal-expanded-int", "a = torch.zeros(3, dtype=torch.long).expand(2, 3)\n"
                                "a.normal_()"),
    ("err-normal-expanded-complex", "a = torch.zeros(3, dtype=torch.cfloat).expand(2, 3)\n"
                                    "a.normal_()"),
    ("err-random-complex", "a = torch.zeros(2, dtype=torch.complex64)\na.random_()"),
    ("err-random-complex-to", "a = torch.zeros(2, dtype=torch.complex64)\na.random_(3)"),
    ("err-random-complex-from", "a = torch.zeros(2, dtype=torch.complex64)\na.random_(3, None)"),
    ("err-random-equal", "a = torch.zeros(2)\na.random_(2, 2)"),
    ("err-random-bool-to", "a = torch.zeros(2, dtype=torch.bool)\na.random_(256)"),
    ("err-random-bool-from", "a = torch.zeros(2, dtype=torch.bool)\na.random_(-1, 2)"),
    ("err-random-int8-to", "a = torch.zeros(2, dtype=torch.int8)\na.random_(256)"),
    ("err-random-int32-to", "a = torch.zeros(2, dtype=torch.int32)\na.random_(0, 2 ** 40)"),
    ("err-random-half-to", "a = torch.zeros(2).half()\na.random_(0, 2 ** 40)"),
    ("err-random-half-from", "a = torch.zeros(2).half()\na.random_(2049, None)"),
    ("err-random-expanded", "a = torch.zeros(3, dtype=torch.long).expand(2, 3)\na.random_(5, 5)"),
    ("err-exponential-lambda", "a = torch.zeros(2)\na.exponential_(0)"),
    ("err-exponential-int", "a = torch.zeros(2, dtype=torch.long)\na.exponential_()"),
    ("err-exponential-expanded-int", "a = torch.zeros(3).long().expand(2, 3)\na.exponential_()"),
    ("err-geometric-p", "a = torch.zeros(2)\na.geometric_(1)"),
    ("err-geometric-bool", "a = torch.zeros(2, dtype=torch.bool)\na.geometric_(0.5)"),
    ("err-geometric-missing", "a = torch.zeros(2)\na.geometric_()"),
    ("err-cauchy-sigma", "a = torch.zeros(2)\na.cauchy_(0, 0)"),
    ("err-cauchy-int-empty", "a = torch.zeros(0, dtype=torch.long)\na.cauchy_()"),
    ("err-cauchy-complex", "a = torch.zeros(2, dtype=torch.complex64)\na.cauchy_()"),
    ("err-cauchy-uint8", "a = torch.zeros(2, dtype=torch.uint8)\na.cauchy_()"),
    ("err-log-normal-std", "a = torch.zeros(2)\na.log_normal_(1, 0)"),
    ("err-log-normal-int", "a = torch.zeros(2, dtype=torch.int16)\na.log_normal_()"),
    ("err-bernoulli-p", "a = torch.zeros(2)\na.bernoulli_(2.)"),
    ("err-bernoulli-p-negative", "a = torch.bernoulli(torch.zeros(2), -1.)"),
    ("err-bernoulli-complex", "a = torch.zeros(2, dtype=torch.complex64)\na.bernoulli_(0.5)"),
    ("err-bernoulli-expanded", "a = torch.zeros(3).expand(2, 3)\na.bernoulli_(0.5)"),
    ("err-bernoulli-tensor-expanded", "a = torch.zeros(3).expand(2, 3)\n"
                                      "a.bernoulli_(torch.zeros(2))"),
    ("err-bernoulli-tensor-complex", "a = torch.zeros(2, 3, dtype=torch.complex64)\n"
                                     "a.bernoulli_(torch.zeros(2))"),
    ("err-bernoulli-tensor-broadcast", "a = torch.zeros(2, 3)\na.bernoulli_(torch.zeros(2))"),
    ("err-bernoulli-tensor-bigger", "a = torch.zeros(3)\na.bernoulli_(torch.zeros(2, 3))"),
    ("err-bernoulli-tensor-long-p", "a = torch.zeros(3)\na.bernoulli_(torch.zeros(3).long())"),
    ("err-bernoulli-int-input", "a = torch.bernoulli(torch.zeros(2, dtype=torch.long))"),
    ("err-bernoulli-bool-input", "a = torch.bernoulli(torch.zeros(2, dtype=torch.bool))"),
    ("err-bernoulli-p-above", "a = torch.bernoulli(torch.full((3,), 2.))"),
    ("err-bernoulli-p-below", "a = torch.bernoulli(torch.tensor([0.5, -0.5]))"),
    ("err-bernoulli-p-out", "a = torch.bernoulli(torch.zeros(3), 0.5, out=torch.zeros(3))"),
    ("err-normal-mismatch", "a = torch.normal(torch.zeros(2), torch.ones(3))"),
    ("err-normal-int-mean", "a = torch.normal(torch.zeros(2, dtype=torch.long), torch.ones(2))"),
    ("err-normal-int-mean-empty", "a = torch.normal(torch.zeros(0).long(), torch.ones(0))"),
    ("err-normal-std-tensor", "a = torch.normal(torch.zeros(2), -torch.ones(2))"),
    ("err-normal-std-float", "a = torch.normal(torch.zeros(2), -1.)"),
    ("err-normal-std-int", "a = torch.normal(0., torch.ones(2, dtype=torch.long))"),
    ("err-normal-std-complex", "a = torch.normal(0., torch.ones(2, dtype=torch.complex64))"),
    ("err-normal-bool-mean", "a = torch.normal(torch.zeros(2).bool(), torch.ones(2))"),
    ("err-normal-out-int", "a = torch.normal(torch.zeros(2), torch.ones(2), "
                           "out=torch.zeros(2, dtype=torch.long))"),
    ("err-normal-floats", "a = torch.normal(1., 2.)"),
    ("err-normal-out-mismatch", "a = torch.normal(torch.zeros(2), 1., out=torch.zeros(3))"),
    ("err-multinomial-0d", "a = torch.multinomial(torch.tensor(1.), 1)"),
    ("err-multinomial-3d", "a = torch.multinomial(torch.ones(1, 1, 2), 1)"),
    ("err-multinomial-int", "a = torch.multinomial(torch.ones(2, dtype=torch.long), 1)"),
    ("err-multinomial-complex", "a = torch.multinomial(torch.ones(2, dtype=torch.cfloat), 1)"),
    ("err-multinomial-out-float", "a = torch.multinomial(torch.ones(2, 3), 2, "
                                  "out=torch.zeros(2, 2))"),
    ("err-multinomial-zero-samples", "a = torch.multinomial(torch.ones(3), 0)"),
    ("err-multinomial-too-many", "a = torch.multinomial(torch.ones(3), 4)"),
    ("err-multinomial-no-categories", "a = torch.multinomial(torch.ones(2, 0), 1)"),
    ("err-multinomial-zero-row", "a = torch.multinomial(torch.zeros(2), 1)"),
    ("err-multinomial-negative", "a = torch.multinomial(torch.tensor([1., -1.]), 1)"),
    ("err-multinomial-inf", "a = torch.multinomial(torch.tensor([1., float('inf')]), 1)"),
    ("err-multinomial-nan", "a = torch.multinomial(torch.tensor([1., float('nan')]), 1)"),
    ("err-multinomial-repl-negative", "a = torch.multinomial(torch.tensor([1., -1.]), 2, True)"),
    ("err-multinomial-repl-inf", "a = torch.multinomial(torch.tensor([1., float('inf')]), 2, "
                                 "True)"),
    ("err-multinomial-repl-nan", "a = torch.multinomial(torch.tensor([1., float('nan')]), 2, "
                                 "True)"),
    ("err-multinomial-repl-zero", "a = torch.multinomial(torch.tensor([[1., 1.], [0., 0.]]), 2, "
                                  "True)"),
    ("err-multinomial-float-samples", "a = torch.multinomial(torch.ones(3), 2.0)"),
    ("err-multinomial-bool-samples", "a = torch.multinomial(torch.ones(3), True)"),
    ("err-dropout-p-above", "a = torch.nn.functional.dropout(torch.zeros(2), 2.)"),
    ("err-dropout-p-below", "a = torch.nn.functional.alpha_dropout(torch.zeros(2), -1.)"),
    ("err-dropout-p-nan", "a = torch.nn.functional.dropout(torch.zeros(2), float('nan'))"),
    ("err-dropout-int", "a = torch.nn.functional.dropout(torch.zeros(2, dtype=torch.long))"),
    ("err-dropout-bool", "a = torch.nn.functional.dropout(torch.zeros(2, dtype=torch.bool))"),
    ("err-dropout-complex", "a = torch.nn.functional.dropout(torch.zeros(2) * 1j)"),
    ("err-alpha-dropout-bool", "a = torch.nn.functional.alpha_dropout(torch.zeros(2).bool(), "
                               "0.5, True)"),
    ("err-alpha-dropout-int8", "a = torch.nn.functional.alpha_dropout(torch.zeros(2).char(), "
                               "0.5, True)"),
    ("err-dropout-inplace-expanded", "a = torch.zeros(3).expand(2, 3)\n"
                                     "b = torch.nn.functional.dropout(a, inplace=True)"),
    ("err-feature-alpha-1d", "a = torch.nn.functional.feature_alpha_dropout(torch.zeros(3), 0.5, "
                             "True)"),
    ("err-dropout2d-1d", "a = torch.nn.functional.dropout2d(torch.zeros(3))"),
    ("err-dropout2d-0d", "a = torch.nn.functional.dropout2d(torch.tensor(1.))"),
    ("err-dropout1d-1d", "a = torch.nn.functional.dropout1d(torch.zeros(3))"),
    ("err-dropout1d-4d", "a = torch.nn.functional.dropout1d(torch.zeros(1, 2, 3, 4))"),
]

WARNINGS: Table = [
    ("warn-dropout2d-3d", "a = torch.nn.functional.dropout2d(torch.zeros(2, 3, 4))"),
    ("warn-dropout2d-2d", "a = torch.nn.functional.dropout2d(torch.zeros(2, 3))"),
    ("warn-dropout3d-3d", "a = torch.nn.functional.dropout3d(torch.zeros(2, 3, 4), 0.)"),
    ("warn-dropout3d-6d", "a = torch.nn.functional.dropout3d(torch.zeros(1, 1, 1, 1, 1, 2))"),
    ("warn-random-float-bounds", "a = torch.zeros(2)\na.random_(2 ** 24 + 1, 2 ** 24 + 2)\n"
                                 "a.random_(-2 ** 25, 0)"),
    ("warn-random-bfloat16", "a = torch.zeros(2).bfloat16()\na.random_(0, 2 ** 40)"),
    ("warn-randint-like-half", "a = torch.randint_like(torch.zeros(2).half(), 5000)"),
    ("warn-normal-out-resized", "a = torch.normal(torch.zeros(2), 1., out=torch.zeros(1))"),
    ("warn-bernoulli-out-quiet", "a = torch.bernoulli(torch.zeros(2), out=torch.zeros(3))"),
    ("warn-multinomial-out-quiet", "a = torch.multinomial(torch.ones(3), 2, "
                                   "out=torch.zeros(4, dtype=torch.long))"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + FEATURES + VALUES + WARNINGS + ERRORS, ERRORS)


@pytest.mark.parametrize("src", params(WARNINGS))
def test_warnings_match(src: str) -> None:
    assert_same_warnings(src)
