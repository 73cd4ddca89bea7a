"""activation family: relu as torch.relu, Tensor.relu and torch.nn.functional.relu, and
torch.nn.functional's relu6, hardtanh, leaky_relu, elu, selu, celu, silu, mish, hardsigmoid,
hardswish, gelu (both forms), softplus and threshold, with their in-place forms (relu_,
inplace=True): dtypes kept, layouts as TensorIterator gives a unary op (transposed, stepped,
expanded, channels_last, 0-d, empty) or as empty_like does (hardtanh, relu6), values of
every floating dtype, the input itself returned and its version bumped in place (through
views too), integer inputs where the kernels take them (hardtanh's limits truncated),
refusals of the dtypes the kernels lack and of bad arguments, and of in-place writes into
overlapping tensors."""

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

# each activation of torch.nn.functional with its scalars, called as f(x, ...)
_CALLS = {
    "relu6": "", "hardtanh": ", -0.5, 2.0", "leaky_relu": ", 0.2", "elu": ", 0.5",
    "selu": "", "celu": ", 2.0", "silu": "", "mish": "", "hardsigmoid": "", "hardswish": "",
    "gelu": "", "gelu-tanh": ", approximate='tanh'", "softplus": ", 2.0, 1.0",
    "threshold": ", 0.5, -2.0",
}
_IN_PLACE = ("relu6", "hardtanh", "leaky_relu", "elu", "selu", "celu", "silu", "mish",
             "hardsigmoid", "hardswish", "threshold")
_LAYOUTS = {
    "transposed": "v = torch.arange(-6, 6, dtype=torch.float32).view(3, 4).t() / 2\n",
    "stepped-transposed": "v = (torch.arange(-12, 12, dtype=torch.float32) / 3).view(4, 6)"
                          "[::2].t()\n",
    "expanded": "v = torch.tensor([[-3., -0.5, 0., 1.5]]).expand(3, 4)\n",
    "channels-last": "v = (torch.arange(-12, 12, dtype=torch.float32) / 4).view(1, 2, 3, 4)"
                     ".contiguous(memory_format=torch.channels_last)\n",
    "zero-dim": "v = torch.tensor(-0.75)\n",
    "empty": "v = torch.zeros(2, 0, 3).transpose(0, 2)\n",
}
_VALUES = {dt: f"v = torch.tensor([-30., -4., -1.5, -0.25, 0., 0.5, 2., 5., 30.], "
               f"dtype=torch.{dt})\n" for dt in ("float32", "float64", "float16", "bfloat16")}


def _name(op: str) -> str:
    return op.split("-")[0]


def _layouts(op: str) -> Table:
    call = f"{FN.replace('relu', _name(op))}(v{_CALLS[op]})"
    return [(f"{op}-{layout}", make + f"a = {call}") for layout, make in _LAYOUTS.items()]


def _values(op: str) -> Table:
    call = f"{FN.replace('relu', _name(op))}(v{_CALLS[op]})"
    return [(f"{op}-{dt}-values", make + f"a = {call}") for dt, make in _VALUES.items()]


def _in_place(op: str) -> tuple[str, str]:
    call = f"{FN.replace('relu', op)}(w{_CALLS[op]}, inplace=True)"
    return (f"{op}-inplace", _LAYOUTS["transposed"] + f"w = v[1:]\na = {call}\nb = v.view(-1)")


FUNCTIONAL: Table = [case for op in _CALLS for case in _layouts(op) + _values(op)] + [
    _in_place(op) for op in _IN_PLACE] + [
    ("hardtanh-integers", I + f"a = {FN.replace('relu', 'hardtanh')}(i, -2.5, 1.5)\n"
                          f"b = {FN.replace('relu', 'relu6')}(i)"),
    ("hardtanh-uint8", "u = torch.tensor([0, 3, 250], dtype=torch.uint8)\n"
                       f"a = {FN.replace('relu', 'hardtanh')}(u, 0.0, 4.0, inplace=True)"),
    ("threshold-integers", I + f"a = {FN.replace('relu', 'threshold')}(i, 1, -7)\n"
                           f"b = {FN.replace('relu', 'threshold')}(i, 0.5, 2.0, inplace=True)"),
    # threshold's iterator skips the overlap checks (idempotent): an expanded tensor is
    # written, each of its elements many times
    ("threshold-inplace-expanded", "e = torch.tensor([[-1., 2.]]).expand(3, 2)\n"
                                   f"a = {FN.replace('relu', 'threshold')}(e, 0.5, -3.0, "
                                   "inplace=True)\nb = e.clone()"),
    ("silu-complex", "c = torch.tensor([1.5 - 1j, -2.0 + 0.5j])\n"
                     f"a = {FN.replace('relu', 'silu')}(c)"),
]

ERRORS: Table = [
    ("err-gelu-int", I + f"a = {FN.replace('relu', 'gelu')}(i)"),
    ("err-leaky_relu-bool", f"b = torch.tensor([True])\na = {FN.replace('relu', 'leaky_relu')}(b)"),
    ("err-elu-complex", f"c = torch.tensor([1j])\na = {FN.replace('relu', 'elu')}(c)"),
    ("err-silu-int-inplace", I + f"a = {FN.replace('relu', 'silu')}(i, inplace=True)"),
    ("err-celu-alpha-zero", F + f"a = {FN.replace('relu', 'celu')}(f, 0.0)"),
    ("err-gelu-approximate", F + f"a = {FN.replace('relu', 'gelu')}(f, approximate='erf')"),
    ("err-hardtanh-limits", F + f"a = {FN.replace('relu', 'hardtanh')}(f, 2.0, 1.0)"),
    ("err-hardtanh-bool", f"b = torch.tensor([True])\na = {FN.replace('relu', 'relu6')}(b)"),
    ("err-hardtanh-uint8-negative", "u = torch.tensor([0, 3], dtype=torch.uint8)\n"
                                    f"a = {FN.replace('relu', 'hardtanh')}(u)"),
    ("err-hardtanh-complex", f"c = torch.tensor([1j])\na = {FN.replace('relu', 'hardtanh')}(c)"),
    ("err-threshold-uint8-overflow", "u = torch.tensor([0, 3], dtype=torch.uint8)\n"
                                     f"a = {FN.replace('relu', 'threshold')}(u, -1.0, 0.0)"),
    ("err-threshold-empty-uint8-overflow", "u = torch.zeros(0, dtype=torch.uint8)\n"
                                           f"a = {FN.replace('relu', 'threshold')}(u, 0.0, 300)"),
    ("err-elu-inplace-expanded", "e = torch.tensor([[-1., 2.]]).expand(3, 2)\n"
                                 f"a = {FN.replace('relu', 'elu')}(e, inplace=True)"),

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


test_agrees_with_torch, test_error_message_matches = table_tests(RELU + FUNCTIONAL + ERRORS,
                                                                 ERRORS)

OUT: Table = [
    ("gelu-out", _LAYOUTS["transposed"] + "o = torch.empty(0)\n"
                 f"a = {FN.replace('relu', 'gelu')}(v, out=o)"),
    # a contiguous float32/bfloat16 input goes to oneDNN, which leaves an out= that is not
    # contiguous unwritten: its values are open; every other case writes them
    *((f"gelu-out-noncontiguous-{name}", f"g = torch.arange(-3., 3., dtype=torch.{dtype})"
       f".view(2, 3){view}\no = torch.zeros(2, 6, dtype=torch.{dtype})[:, ::2]\n"
       f"a = {FN.replace('relu', 'gelu')}(g{arg}, out=o)")
      for name, dtype, view, arg in (
          ("float32", "float32", "", ""), ("bfloat16", "bfloat16", "", ""),
          ("float16", "float16", "", ""), ("tanh", "float32", "", ", approximate='tanh'"),
          ("input-transposed", "float32", ".t().contiguous().t()", ""),
          ("float64", "float64", "", ""))),
    ("gelu-out-transposed-one-element", "g = torch.tensor([[0.5]])\n"
                                        "o = torch.zeros(1, 1).t()\n"
                                        f"a = {FN.replace('relu', 'gelu')}(g, out=o)"),
    ("softplus-out-kept", _LAYOUTS["transposed"] + "o = torch.zeros(3, 4).t()\n"
                          f"a = {FN.replace('relu', 'softplus')}(v, 2.0, out=o)"),
]
OUT_ERRORS: Table = [
    ("err-gelu-out-double", _LAYOUTS["transposed"] + "o = torch.zeros(4, 3, dtype=torch.float64)\n"
                            f"a = {FN.replace('relu', 'gelu')}(v, approximate='tanh', out=o)"),
    ("err-gelu-out-long", I + "o = torch.zeros(3, 4, dtype=torch.long)\n"
                          f"a = {FN.replace('relu', 'gelu')}(i, out=o)"),
    ("err-softplus-out-overlapping", "e = torch.zeros(1, 4).expand(3, 4)\n"
                                     f"a = {FN.replace('relu', 'softplus')}(e, out=e)"),
]

test_out_agrees_with_torch, test_out_error_message_matches = table_tests(OUT + OUT_ERRORS,
                                                                         OUT_ERRORS)
