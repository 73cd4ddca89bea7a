"""shaping family, torch.nn.functional.embedding (and embedding_bag) with max_norm=: the
rows of weight that the indices name are renormalised in place first (Embedding.cpp
embedding_renorm_cpu_): each distinct row whose norm(norm_type) exceeds max_norm is scaled to
it, in ascending order of index (negative ones wrap), and weight's version goes up once,
whether any row changed or not, also for no indices; a weight that is a view shares the bump
with its base; an expanded weight's rows share memory. (A leaf that requires grad is
renormalised too, under no_grad: the model keeps no autograd state, so no case here.)
Refused: a weight not 2-d, indices not int64 or int32, integer weights (norm()), and an index
past the rows (select()'s IndexError, the rows below it written already)."""

from __future__ import annotations

from ._support import Table, table_tests

F = "torch.nn.functional"
W = "w = torch.arange(12.).view(4, 3)\n"

CASES: Table = [
    ("embedding-max-norm-basic", W + f"r = {F}.embedding(torch.tensor([[0, 2], [2, 3]]), w, "
                                     "max_norm=5.)"),
    ("embedding-max-norm-none-scaled", W + f"r = {F}.embedding(torch.tensor([0]), w, "
                                           "max_norm=50.)"),
    ("embedding-max-norm-no-indices", W + f"r = {F}.embedding(torch.tensor([], "
                                          "dtype=torch.long), w, max_norm=1.)"),
    ("embedding-max-norm-repeated-and-negative", W + f"r = {F}.embedding(torch.tensor([1, 1, 3]), "
                                                     "w, max_norm=5.)\n"
                                                     f"s = {F}.embedding(torch.tensor([0]), w, "
                                                     "max_norm=1.)"),
    ("embedding-max-norm-types", W + f"r = {F}.embedding(torch.tensor([1, 3]), w, max_norm=5., "
                                     "norm_type=1.)\n"
                                     f"s = {F}.embedding(torch.tensor([2]), w, max_norm=3., "
                                     "norm_type=float('inf'))"),
    ("embedding-max-norm-weight-view", "base = torch.arange(24.).view(8, 3)\nw = base[::2]\n"
                                       f"r = {F}.embedding(torch.tensor([1, 3]), w, max_norm=2.)"),
    ("embedding-max-norm-transposed-weight", "w = torch.arange(12.).view(4, 3).t()\n"
                                             f"r = {F}.embedding(torch.tensor([1]), w, "
                                             "max_norm=1.)"),
    ("embedding-max-norm-expanded-weight", "w = torch.ones(1, 3).expand(4, 3)\n"
                                           f"r = {F}.embedding(torch.tensor([1]), w, "
                                           "max_norm=1.)"),
    ("embedding-max-norm-dtypes", "w = torch.arange(12.).view(4, 3)\nh = w.half()\n"
                                  "d = w.double()\nc = w * (1 + 1j)\n"
                                  f"a = {F}.embedding(torch.tensor([1]), h, max_norm=1.)\n"
                                  f"b = {F}.embedding(torch.tensor([1, 2]), d, max_norm=1.)\n"
                                  f"e = {F}.embedding(torch.tensor([3]), c, max_norm=1.)"),
    ("embedding-max-norm-int32-and-padding", W + f"r = {F}.embedding(torch.tensor([1], "
                                                 "dtype=torch.int32), w, max_norm=1., "
                                                 "padding_idx=1)"),
    ("embedding-max-norm-negative", W + f"r = {F}.embedding(torch.tensor([1]), w, "
                                        "max_norm=-1.)"),
    ("embedding-max-norm-meta", "w = torch.zeros(4, 3, device='meta')\n"
                                f"r = {F}.embedding(torch.tensor([1], device='meta'), w, "
                                "max_norm=1.)"),
    ("embedding-bag-max-norm", W + f"r = {F}.embedding_bag(torch.tensor([[0, 2], [2, 3]]), w, "
                                   "max_norm=5.)\n"
                                   f"s = {F}.embedding_bag(torch.tensor([1, 3, 1]), w, "
                                   "torch.tensor([0, 2]), max_norm=4., norm_type=1., "
                                   "mode='sum')"),
    ("embedding-bag-max-norm-then-refused", W + f"r = {F}.embedding_bag(torch.tensor([1, 3]), w, "
                                                "torch.tensor([0]), max_norm=2., mode='max', "
                                                "per_sample_weights=torch.ones(2))"),
    ("embedding-max-norm-twice", W + f"r = {F}.embedding(torch.tensor([3]), w, max_norm=4.)\n"
                                     f"s = {F}.embedding(torch.tensor([3]), w, max_norm=4.)"),
]

ERRORS: Table = [
    ("err-embedding-max-norm-index-past-rows", W + f"r = {F}.embedding(torch.tensor([2, 5]), w, "
                                                   "max_norm=1.)"),
    ("err-embedding-max-norm-negative-wraps-then-refused", W + f"r = {F}.embedding("
                                                               "torch.tensor([-1]), w, "
                                                               "max_norm=1.)"),
    ("err-embedding-max-norm-float-indices", W + f"r = {F}.embedding(torch.tensor([1.]), w, "
                                                 "max_norm=1.)"),
    ("err-embedding-max-norm-3d-weight", f"r = {F}.embedding(torch.tensor([1]), "
                                         "torch.arange(12.).view(2, 2, 3), max_norm=1.)"),
    ("err-embedding-bag-max-norm-index-past-rows", W + f"r = {F}.embedding_bag("
                                                       "torch.tensor([[1, 7]]), w, max_norm=1.)"),
    ("err-embedding-max-norm-int-weight", f"r = {F}.embedding(torch.tensor([1]), "
                                          "torch.arange(12).view(4, 3), max_norm=1.)"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(CASES + ERRORS, ERRORS)
