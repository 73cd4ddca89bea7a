"""activation family: relu as torch.relu, Tensor.relu and torch.nn.functional.relu, and their
in-place forms (relu_, inplace=True): dtypes kept, layouts as TensorIterator gives a unary
op (transposed, stepped, expanded, channels_last, 0-d, empty), the input itself returned
and its version bumped in place (through views too), refusals of bool and complex inputs
and of in-place writes into overlapping tensors."""

from __future__ import annotations

from ._support import Table, table_tests

F = "f = torch.tensor([[-2.5, -1.5, -1., -0.5], [0., 0.5, 1., 1.5], [2., 2.5, 3., 4.]])\n"
I = "i = torch.arange(-5, 7).view(3, 4)\n"
FN = "torch.nn.functional.relu"

RELU: Table = [
    ("relu-forms", F + f"a = torch.relu(f)\nb = f.relu()\nc = {FN}(f)\n"
                   f"d = {FN}(f, inplace=False)"),
    ("relu-transposed", F + f"t = f.t()\na = t.relu()\nb = {FN}(t)"),
    ("relu-stepped", F + f"s = f[:, ::2]\na = torch.relu(s)\nb = {FN}(s)"),
    ("relu-expanded", "e = torch.tensor([[-1., 2., -3.]]).expand(4, 3)\na = e.relu()\n"
                      f"b = {FN}(e)"),
    ("relu-channels-last", "x = torch.arange(-12, 12, dtype=torch.float32).view(1, 2, 3, 4)\n"
                           "c = x.contiguous(memory_format=torch.channels_last)\na = c.relu()\n"
                           f"b = {FN}(c)"),
    ("relu-0d-and-empty", "s = torch.tensor(-1.5)\na = s.relu()\ne = torch.zeros(2, 0)\n"
                          f"b = {FN}(e.t())"),
    ("relu-dtypes", I + "a = i.relu()\nu = torch.tensor([0, 3, 250], dtype=torch.uint8)\n"
                        "b = u.relu()\nh = torch.tensor([-1., 2.5], dtype=torch.float16)\n"
                        f"c = {FN}(h)\nd = torch.tensor([-1., 2.5], dtype=torch.bfloat16)\n"
                        "e = d.relu()\ng = torch.tensor([-1., 2.5], dtype=torch.float64)\n"
                        "k = torch.relu(g)"),
    ("relu_-in-place", F + "a = f.relu_()\nb = torch.relu_(f)"),
    ("relu-inplace-true", F + f"t = f.t()\na = {FN}(t, inplace=True)"),
    ("relu_-through-a-view", F + "v = f[1:, ::2]\na = v.relu_()\nw = f.view(12)"),
    ("relu-inplace-int", I + f"a = {FN}(i, inplace=True)"),
    ("relu-conj-neg-view", "c = torch.tensor([1.5, -2.]).to(torch.complex64)\n"
                           "n = c.conj().imag\na = n.relu()"),
]

ERRORS: Table = [
    ("err-relu-bool", "b = torch.tensor([True, False])\na = b.relu()"),
    ("err-relu_-bool", "b = torch.tensor([True, False])\na = torch.relu_(b)"),
    ("err-functional-relu-bool", f"b = torch.tensor([True, False])\na = {FN}(b)"),
    ("err-relu-complex", "c = torch.tensor([1j, -1.])\na = torch.relu(c)"),
    ("err-functional-relu-inplace-complex", f"c = torch.tensor([1j, -1.])\n"
                                            f"a = {FN}(c, inplace=True)"),
    ("err-relu_-expanded", "e = torch.tensor([[-1., 2.]]).expand(3, 2)\na = e.relu_()"),
    ("err-functional-relu-inplace-expanded", "e = torch.tensor([[-1., 2.]]).expand(3, 2)\n"
                                             f"a = {FN}(e, inplace=True)"),
]


test_agrees_with_torch, test_error_message_matches = table_tests(RELU + ERRORS, ERRORS)
