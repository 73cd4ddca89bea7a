"""embedding_bag family: torch.nn.functional.embedding_bag gives a new contiguous (bags,
embedding_dim) tensor of weight's dtype whatever the layouts of input, offsets and weight;
sum, mean and max over bags, per_sample_weights, include_last_offset (and the max kernel's
last bag running to the input's end), padding_idx (negative too), empty bags, 2-d inputs,
int32 indices and offsets; and the refusals word for word."""

from __future__ import annotations

from ._support import Table, table_tests

F = "F = torch.nn.functional\n"
W = F + "w = torch.arange(12.).view(4, 3).sub(5)\ni = torch.tensor([0, 2, 1, 3, 3])\n" \
        "o = torch.tensor([0, 2, 2])\n"

# (weight source)
_WEIGHTS = {
    "contiguous": "v = w\n",
    "transposed": "v = w.t().contiguous().t()\n",
    "stepped": "v = torch.arange(24.).view(4, 6)[:, ::2]\n",
    "expanded": "v = torch.tensor([[1., -2., 3.]]).expand(4, 3)\n",
    "offset": "v = torch.arange(15.).view(5, 3)[1:]\n",
    "overlapping": "v = torch.arange(6.).as_strided((4, 3), (1, 1))\n",
    "size-one-odd": "v = torch.empty_strided((4, 1), (1, 9)).fill_(1.5)\n",
}
_MODES = [
    ("mean", "a = F.embedding_bag(i, v, o)\n"),
    ("sum", "a = F.embedding_bag(i, v, o, mode='sum')\n"),
    ("max", "a = F.embedding_bag(i, v, o, mode='max')\n"),
    ("2d-input", "a = F.embedding_bag(i[:4].view(2, 2), v, mode='sum')\n"
                 "b = F.embedding_bag(i[:4].view(2, 2).t(), v, mode='max')\n"),
]

LAYOUTS: Table = [(f"{mode}-{name}", W + src + text)
                  for name, src in _WEIGHTS.items() for mode, text in _MODES]

VALUES: Table = [
    ("include-last-offset", W + "a = F.embedding_bag(i, w, o, mode='sum', "
                                "include_last_offset=True)\n"
                                "b = F.embedding_bag(i, w, torch.tensor([0, 1, 3]), "
                                "include_last_offset=True)\n"
                                "c = F.embedding_bag(i, w, torch.tensor([0, 5]), mode='sum', "
                                "include_last_offset=True)"),
    # the max kernel reads the next offset only up to the bag count
    ("include-last-offset-max", W + "a = F.embedding_bag(i, w, o, mode='max', "
                                    "include_last_offset=True)\n"
                                    "b = F.embedding_bag(i, w, torch.tensor([0, 1, 3]), "
                                    "mode='max', include_last_offset=True)\n"
                                    "c = F.embedding_bag(i, w, torch.tensor([0, 1, 3, 4]), "
                                    "mode='max', include_last_offset=True)"),
    # the sum and mean kernels of float, half and bfloat16 without padding_idx end the last
    # bag at the last offset but divide by its length to the input's end; double, padding_idx
    # and per_sample_weights take the other kernels
    ("include-last-offset-kernels", "F = torch.nn.functional\n"
                                    "w = torch.tensor([[1.], [10.], [100.], [1000.]]) / 8\n"
                                    "i = torch.tensor([0, 2, 1, 3, 3])\n"
                                    "o = torch.tensor([0, 1, 3])\n"
                                    "p = torch.tensor([1., 2, 3, 4, 5])\n"
                                    "a = F.embedding_bag(i, w, o, mode='mean', "
                                    "include_last_offset=True)\n"
                                    "b = F.embedding_bag(i, w.double(), o, mode='mean', "
                                    "include_last_offset=True)\n"
                                    "c = F.embedding_bag(i, w.half(), o, mode='sum', "
                                    "include_last_offset=True, per_sample_weights=p.half())\n"
                                    "d = F.embedding_bag(i, w.double(), o, mode='sum', "
                                    "include_last_offset=True, per_sample_weights=p.double())\n"
                                    "e = F.embedding_bag(i, w, o, mode='mean', "
                                    "include_last_offset=True, padding_idx=3)\n"
                                    "f = F.embedding_bag(i, w, o, mode='mean', "
                                    "include_last_offset=True, padding_idx=1)\n"
                                    "g = F.embedding_bag(i, w.bfloat16(), torch.tensor([0, 1]), "
                                    "mode='mean', include_last_offset=True)"),
    ("padding-idx", W + "a = F.embedding_bag(i, w, o, mode='mean', padding_idx=3)\n"
                        "b = F.embedding_bag(i, w, o, mode='max', padding_idx=3)\n"
                        "c = F.embedding_bag(i, w, o, mode='sum', padding_idx=-1)\n"
                        "d = F.embedding_bag(i, w, o, mode='sum', padding_idx=-4)\n"
                        "e = F.embedding_bag(i, -w, torch.tensor([0, 1, 3]), mode='max', "
                        "padding_idx=0)"),
    ("per-sample-weights", W + "p = torch.tensor([1., 2, 3, 4, 5])\n"
                               "a = F.embedding_bag(i, w, o, mode='sum', per_sample_weights=p)\n"
                               "b = F.embedding_bag(i, w, torch.tensor([0, 1, 3]), mode='sum', "
                               "per_sample_weights=p, padding_idx=3)\n"
                               "c = F.embedding_bag(i, w, o, mode='sum', "
                               "per_sample_weights=torch.arange(10.)[::2])\n"
                               "d = F.embedding_bag(i[:4].view(2, 2), w, mode='sum', "
                               "per_sample_weights=p[:4].view(2, 2).t())"),
    ("empty-bags", W + "a = F.embedding_bag(torch.tensor([], dtype=torch.long), w, "
                       "torch.tensor([0, 0]), mode='sum')\n"
                       "b = F.embedding_bag(torch.tensor([], dtype=torch.long), w, "
                       "torch.tensor([0, 0]), mode='max')\n"
                       "c = F.embedding_bag(i, w, torch.tensor([], dtype=torch.long), "
                       "mode='sum')\n"
                       "d = F.embedding_bag(i.view(5, 1)[:0], w, mode='max')\n"
                       "e = F.embedding_bag(i, w, torch.tensor([0, 5]), mode='mean')"),
    ("dtypes", W + "a = F.embedding_bag(i, w.double(), o, mode='mean')\n"
                   "b = F.embedding_bag(i, w.half(), o, mode='sum')\n"
                   "c = F.embedding_bag(i, w.bfloat16(), o, mode='max')\n"
                   "d = F.embedding_bag(i, w.half() * 0.1, o, mode='mean')\n"
                   "e = F.embedding_bag(i.int(), w, o, mode='sum')\n"
                   "f = F.embedding_bag(i, w, o.int(), mode='sum')\n"
                   "g = F.embedding_bag(i.int(), w, o, mode='max')"),
    # promoteIndicesAndOffsets: indices and offsets of any integer or bool dtype whose
    # promotion is int64 or int32
    ("index-dtypes-promoted", W + "a = F.embedding_bag(i.to(torch.int8), w, o, mode='sum')\n"
                                  "b = F.embedding_bag(i.bool(), w, o, mode='max', "
                                  "padding_idx=1)\n"
                                  "c = F.embedding_bag(i.to(torch.uint8), w, o.short())\n"
                                  "d = F.embedding_bag(i.short(), w, o.int(), mode='sum')"),
    ("one-column", W + "a = F.embedding_bag(i, torch.ones(4, 1), o, mode='max')\n"
                       "b = F.embedding_bag(i.view(5, 1), w, mode='max')"),
    ("weight-input-swapped", W + "a = F.embedding_bag(w, i, o)"),
    ("undefined-weight", "F = torch.nn.functional\ne = torch.empty(3, 2)\ne[0] = 1.\n"
                         "a = F.embedding_bag(torch.tensor([0, 0, 1]), e, torch.tensor([0, 2]),"
                         " mode='sum')"),
]

ERRORS: Table = [
    ("err-mode", W + "F.embedding_bag(i, w, o, mode='foo')"),
    ("err-offsets-2d", W + "F.embedding_bag(i, w, o.view(1, 3))"),
    ("err-offsets-none", W + "F.embedding_bag(i, w)"),
    ("err-2d-input-offsets", W + "F.embedding_bag(i.view(1, 5), w, o)"),
    ("err-3d-input", W + "F.embedding_bag(i.view(1, 5, 1), w)"),
    ("err-weight-1d", W + "F.embedding_bag(i, w[0], o)"),
    ("err-psw-shape", W + "F.embedding_bag(i, w, o, per_sample_weights=torch.ones(4))"),
    ("err-psw-mode", W + "F.embedding_bag(i, w, o, per_sample_weights=torch.ones(5))"),
    ("err-psw-dtype", W + "F.embedding_bag(i, w, o, mode='sum', "
                          "per_sample_weights=torch.ones(5).double())"),
    ("err-max-scale", W + "F.embedding_bag(i, w, o, mode='max', scale_grad_by_freq=True)"),
    ("err-max-sparse", W + "F.embedding_bag(i, w, o, mode='max', sparse=True)"),
    ("err-padding-idx", W + "F.embedding_bag(i, w, o, mode='sum', padding_idx=4)"),
    ("err-padding-idx-negative", W + "F.embedding_bag(i, w, o, mode='sum', padding_idx=-5)"),
    ("err-indices-short", W + "F.embedding_bag(i[:4].view(2, 2).short(), w, mode='sum')"),
    ("err-indices-float", W + "F.embedding_bag(i.float(), w, o, mode='sum')"),
    ("err-offsets-float", W + "F.embedding_bag(i, w, o.float(), mode='sum')"),
    ("err-indices-offsets-short", W + "F.embedding_bag(i.short(), w, o.short())"),
    ("err-2d-input-uint8", W + "F.embedding_bag(i[:4].view(2, 2).to(torch.uint8), w)"),
    ("err-2d-input-bool", W + "F.embedding_bag(i[:4].view(2, 2).bool(), w)"),
    ("err-weight-long", W + "F.embedding_bag(i[:4].view(2, 2), w.long(), mode='sum')"),
    ("err-weight-int", W + "F.embedding_bag(i, w.int(), o, mode='sum')"),
    ("err-weight-complex", W + "F.embedding_bag(i, w.cfloat(), o, mode='sum')"),
    ("err-weight-bool", W + "F.embedding_bag(i, w.bool(), o, mode='sum')"),
    ("err-first-offset", W + "F.embedding_bag(i, w, torch.tensor([1, 2]), mode='sum')"),
    ("err-last-offset", W + "F.embedding_bag(i, w, torch.tensor([0, 7]), mode='sum')"),
    ("err-last-offset-include-last", W + "F.embedding_bag(i, w, torch.tensor([0, 2, 7]), "
                                         "include_last_offset=True)"),
    ("err-index-range-sum", W + "F.embedding_bag(torch.tensor([0, 4]), w, torch.tensor([0]), "
                                "mode='sum')"),
    ("err-index-negative-mean", W + "F.embedding_bag(torch.tensor([0, -1]), w, "
                                    "torch.tensor([0]))"),
    ("err-index-range-max", W + "F.embedding_bag(torch.tensor([0, 4]), w, torch.tensor([0]), "
                                "mode='max')"),
    ("err-2d-input-no-columns", W + "F.embedding_bag(i.view(1, 5)[:, :0], w, mode='mean')"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(
    LAYOUTS + VALUES + ERRORS, ERRORS)
