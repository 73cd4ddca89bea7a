"""torch.linalg.qr: batches of column-major Q and R in every mode, of wide, tall, square,
transposed, stepped, expanded, offset, batched, size-1 and empty matrices (empty batches and
empty matrices too), float, double and complex; R's zeros below its diagonal; the refusals
of vectors, integer, bool, half and bfloat16 inputs (even empty ones) and unknown modes."""

from __future__ import annotations

from ._support import Table, table_tests

L = "torch.linalg"
X = "x = torch.arange(24.).mul(7).remainder(24).sub(11).view(2, 3, 4)\n"
_INPUTS = {
    "wide": X + "v = x[0]\n",
    "tall": X + "v = x[0].t()\n",
    "square": X + "v = x[:, :, 1:]\n",
    "batched": X + "v = x\n",
    "batched-transposed": X + "v = x.transpose(1, 2)\n",
    "stepped": X + "v = x[:, :, ::2]\n",
    "expanded": "v = torch.tensor([[2., -1., 0.5]]).expand(4, 3)\n",
    "offset": X + "v = x[1:, 1:, 1:]\n",
    "one-by-one": "v = torch.tensor([[-3.]])\n",
    "column": X + "v = x[:, :, :1]\n",
    "empty-rows": "v = torch.zeros(2, 0, 3)\n",
    "empty-columns": "v = torch.zeros(3, 0)\n",
    "empty-batch": "v = torch.zeros(0, 2, 3).transpose(1, 2)\n",
}

QR: Table = [
    (f"qr-{name}-{mode}", src + call)
    for name, src in _INPUTS.items()
    for mode, call in (("default", f"q, r = {L}.qr(v)\n"),
                       ("reduced", f"a = {L}.qr(v, 'reduced')\n"),
                       ("complete", f"a = {L}.qr(v, mode='complete')\n"),
                       ("r", f"a = {L}.qr(v, mode='r')\n"))
] + [
    ("qr-double-and-complex", X + f"a = {L}.qr(x.double())\n"
                              f"b = {L}.qr(x.to(torch.complex64), 'complete')\n"
                              f"c = {L}.qr(x[0].t().to(torch.complex128), 'r')"),
    ("qr-named-fields", X + f"a = {L}.qr(x)\nq = a.Q\nr = a.R\nb = {L}.qr(A=x[0])"),
    ("qr-of-a-view-keeps-the-base", X + f"t = x[0].t()\na = {L}.qr(t)\nt.add_(1)\n"
                                    f"b = {L}.qr(t)\nc = a.R.add_(1)"),
]

ERRORS: Table = [
    ("err-qr-vector", f"a = {L}.qr(torch.zeros(3))"),
    ("err-qr-zero-dim", f"a = {L}.qr(torch.tensor(1.))"),
    ("err-qr-integer", f"a = {L}.qr(torch.zeros(2, 3, dtype=torch.long))"),
    ("err-qr-bool", f"a = {L}.qr(torch.zeros(2, 3, dtype=torch.bool))"),
    ("err-qr-half", f"a = {L}.qr(torch.zeros(2, 3).half())"),
    ("err-qr-bfloat16-empty", f"a = {L}.qr(torch.zeros(0, 3).bfloat16())"),
    ("err-qr-mode", f"a = {L}.qr(torch.zeros(3, 3), mode='full')"),
    ("err-qr-mode-before-rank", f"a = {L}.qr(torch.zeros(3), 'x')"),
]

test_agrees_with_torch, test_error_message_matches = table_tests(QR + ERRORS, ERRORS)
