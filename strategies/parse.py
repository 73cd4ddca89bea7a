"""Read hand-written torch code (a known divergence's repro) into a program, as data.

The code must be in the program grammar: each statement binds a name to a factory
(`torch.zeros(2, 3)`), to calls on live tensors (`x.t()`, `torch.t(x)`, `x[1:]`, `x.T`) or to
one operator on a live tensor (`x + 1`, `2 - x`, `-x`, `abs(x)`, `x < y`), or is one call on a
live tensor (`x.squeeze_(0)`), an assignment into one (`x[0] = 1`) or an augmented assignment
(`x += 1`). A chain
(`torch.arange(6.).view(2, 3).t()`) becomes one step per call, each binding the statement's
name. Arguments are literals, `torch.<name>` symbols, live tensors and
`x.untyped_storage()`. Anything else raises `ValueError` naming the line.
"""

from __future__ import annotations

import ast
from typing import Any

from stridecheck.reference.ops import BY_KEY, NAMESPACES, OPERATORS, Contract

from .program import Function, Literal, Op, Program, Ref, Step, StorageOf, Sym


def parse(source: str) -> Program:
    """Return the program `source` spells; code outside the grammar raises ValueError."""
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        raise ValueError(f"line {exc.lineno}: {exc.msg}") from None
    steps: list[Step] = []
    live: set[str] = set()
    functions: dict[str, Function] = {}
    for node in tree.body:
        try:
            if isinstance(node, ast.FunctionDef):
                functions[node.name] = _function(node)
            else:
                steps += _statement(node, live, functions)
        except _Outside as exc:
            line = ast.unparse(node).split("\n")[0]
            raise ValueError(f"line {node.lineno}: {exc} in {line!r}") from None
    return Program(tuple(steps), tuple(functions.values()))


def _function(node: ast.FunctionDef) -> Function:
    """Return `def f(a, b): <statements>; return (names)` as a Function."""
    args = node.args
    if args.vararg or args.kwarg or args.kwonlyargs or args.defaults or args.posonlyargs:
        raise _Outside("a function takes plain positional parameters only")
    params = tuple(a.arg for a in args.args)
    *statements, last = node.body
    if not isinstance(last, ast.Return) or last.value is None:
        raise _Outside("a function ends with `return (names)`")
    live = set(params)
    body: list[Step] = []
    for statement in statements:
        body += _statement(statement, live, {})
    value = last.value
    names = value.elts if isinstance(value, ast.Tuple) else [value]
    returns = tuple(_subject(n, live) for n in names)
    if None in returns:
        raise _Outside("a function returns live tensors by name")
    return Function(node.name, params, tuple(body), tuple(r for r in returns if r))


def _subject(node: ast.expr, live: set[str]) -> str | None:
    """Return the live tensor a name (`x`) or an element of a live tuple (`out[0]`) is."""
    if isinstance(node, ast.Name) and node.id in live:
        return node.id
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and \
            isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, int):
        key = f"{node.value.id}[{node.slice.value}]"
        return key if key in live else None
    return None


class _Outside(Exception):
    """The code leaves the program grammar."""


def _statement(node: ast.stmt, live: set[str], functions: dict[str, Function]
               ) -> list[Step]:
    if isinstance(node, ast.Assign) and len(node.targets) == 1:
        target = node.targets[0]
        call = node.value
        if isinstance(target, ast.Name) and isinstance(call, ast.Call) and \
                isinstance(call.func, ast.Name) and call.func.id in functions:
            args = [_subject(a, live) for a in call.args]
            if None in args or call.keywords:
                raise _Outside("a function is called on live tensors, by position")
            fn = functions[call.func.id]
            live.update(f"{target.id}[{i}]" for i in range(len(fn.returns)))
            return [Step(target.id, None, Op(fn.name, tuple(Ref(a) for a in args if a),
                                             kind="call"))]
        if isinstance(target, ast.Name):
            steps = _chain(node.value, target.id, live)
            live.add(target.id)
            return steps
        if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) \
                and target.value.id in live:
            op = Op("__setitem__", (_index(target.slice, live), _value(node.value, live)),
                    kind="setitem")
            return [Step(None, target.value.id, op)]
    if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) \
            and node.target.id in live and type(node.op) in _SYMBOLS:
        op = Op(_operator(_SYMBOLS[type(node.op)], "inplace"), (_value(node.value, live),),
                kind="operator")
        return [Step(None, node.target.id, op)]
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
        call = node.value
        subject = _subject(call.func.value, live) if isinstance(call.func, ast.Attribute) \
            else None
        if isinstance(call.func, ast.Attribute) and subject is not None:
            return [Step(None, subject, _call(call.func.attr, call, live, "method"))]
    raise _Outside("not a binding, a call on a live tensor or an assignment into one")


# Python's operator nodes by the symbol the op catalogue spells them with
_SYMBOLS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//",
            ast.Mod: "%", ast.Pow: "**", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^",
            ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">",
            ast.GtE: ">=", ast.USub: "-", ast.UAdd: "+", ast.Invert: "~", ast.MatMult: "@"}


def _operator(symbol: str, form: str) -> str:
    """Return the catalogue name of an operator: form is binary, reflected, inplace, unary."""
    unary = {"-": "__neg__", "+": "__pos__", "~": "__invert__", "abs": "__abs__"}
    if form == "unary":
        return unary[symbol]
    wanted = symbol + "=" if form == "inplace" else symbol
    for name, (sym, _) in OPERATORS.items():
        if sym == wanted and name not in unary.values() and \
                name.startswith("__r") == (form == "reflected"):
            return name
    raise _Outside(f"no operator {wanted!r}")


def _operator_step(expr: ast.expr, out: str | None, live: set[str]) -> Step | None:
    """Return the step of an operator expression on a live tensor, None for anything else."""
    def is_live(node: ast.expr) -> bool:
        return isinstance(node, ast.Name) and node.id in live

    if isinstance(expr, ast.UnaryOp) and is_live(expr.operand):
        return Step(out, expr.operand.id,  # type: ignore[attr-defined]
                    Op(_operator(_SYMBOLS[type(expr.op)], "unary"), kind="operator"))
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and \
            expr.func.id == "abs" and len(expr.args) == 1 and is_live(expr.args[0]):
        return Step(out, expr.args[0].id,  # type: ignore[attr-defined]
                    Op("__abs__", kind="operator"))
    if isinstance(expr, ast.Compare) and len(expr.ops) == 1:
        left, right, symbol = expr.left, expr.comparators[0], _SYMBOLS[type(expr.ops[0])]
    elif isinstance(expr, ast.BinOp) and type(expr.op) in _SYMBOLS:
        left, right, symbol = expr.left, expr.right, _SYMBOLS[type(expr.op)]
    else:
        return None
    if is_live(left):
        return Step(out, left.id, Op(_operator(symbol, "binary"),  # type: ignore[attr-defined]
                                     (_value(right, live),), kind="operator"))
    if is_live(right):
        return Step(out, right.id, Op(_operator(symbol, "reflected"),  # type: ignore[attr-defined]
                                      (_value(left, live),), kind="operator"))
    return None


def _chain(expr: ast.expr, out: str, live: set[str]) -> list[Step]:
    """Return the steps computing `expr`, each binding `out`."""
    found = _operator_step(expr, out, live)
    if found is not None:
        return [found]
    links: list[ast.expr] = []
    while True:
        links.append(expr)
        if _subject(expr, live) is not None:
            break  # a live tensor, or an element of a live tuple (out[0])
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute):
            if _namespace(expr.func.value) is not None:
                break
            expr = expr.func.value
        elif isinstance(expr, (ast.Attribute, ast.Subscript)):
            expr = expr.value
        else:
            break
    links.reverse()
    head = links[0]
    steps: list[Step] = []
    head_subject = _subject(head, live)
    if head_subject is not None:
        src = head_subject
        links = links[1:]
    elif isinstance(head, ast.Call) and isinstance(head.func, ast.Attribute):
        space = _namespace(head.func.value)
        name = f"{space}.{head.func.attr}" if space else head.func.attr
        first = head.args[0] if head.args else None
        if isinstance(first, ast.Name) and first.id in live:
            rest = ast.Call(head.func, head.args[1:], head.keywords)
            steps.append(Step(out, first.id, _call(name, rest, live, "function")))
        elif isinstance(first, ast.List) and first.elts and \
                isinstance(first.elts[0], ast.Name) and first.elts[0].id in live:
            # torch.cat([x, y], 1): the first listed tensor is the subject
            others = ast.List(first.elts[1:], ast.Load())
            rest = ast.Call(head.func, [others, *head.args[1:]], head.keywords)
            steps.append(Step(out, first.elts[0].id, _call(name, rest, live, "tensors")))
        else:
            steps.append(Step(out, None, _call(name, head, live, "factory")))
        src = out
        links = links[1:]
    else:
        raise _Outside("a chain starts from a live tensor or a torch function")
    for link in links:
        previous = steps[-1].op if steps else None
        if isinstance(link, ast.Call):
            assert isinstance(link.func, ast.Attribute)
            op = _call(link.func.attr, link, live, "method")
        elif isinstance(link, ast.Attribute):
            op = Op(link.attr, kind="attribute")
        elif isinstance(link, ast.Subscript):
            index = _index(link.slice, live)
            spec = BY_KEY.get(previous.key) if previous is not None else None
            if spec is not None and spec.contract in (Contract.VIEWS, Contract.COPIES) \
                    and isinstance(index, int) \
                    and previous is not None and previous.pick is None:
                steps[-1] = Step(steps[-1].out, steps[-1].src,
                                 Op(previous.name, previous.args, previous.kwargs,
                                    previous.kind, pick=index))
                continue
            op = Op("__getitem__", (index,), kind="getitem")
        else:
            raise _Outside("unexpected link in a chain")
        steps.append(Step(out, src, op))
        src = out
    return steps


def _is_torch(node: ast.expr) -> bool:
    return isinstance(node, ast.Name) and node.id == "torch"


def _namespace(node: ast.expr) -> str | None:
    """Return which of torch's namespaces the op table has functions of `node` is: "" for
    `torch` itself, "nn.functional" for `torch.nn.functional`; None for anything else."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not _is_torch(node):
        return None
    space = ".".join(reversed(parts))
    return space if not space or space in NAMESPACES else None


def _call(name: str, call: ast.Call, live: set[str], kind: str) -> Op:
    args = tuple(_value(a, live) for a in call.args)
    if any(k.arg is None for k in call.keywords):
        raise _Outside("** arguments")
    kwargs = tuple((str(k.arg), _value(k.value, live)) for k in call.keywords)
    return Op(name, args, kwargs, kind=kind)


def _index(node: ast.expr, live: set[str]) -> Any:
    if isinstance(node, ast.Tuple):
        return tuple(_index(e, live) for e in node.elts)
    if isinstance(node, ast.Slice):
        return slice(*(None if p is None else _value(p, live)
                       for p in (node.lower, node.upper, node.step)))
    return _value(node, live)


def _value(node: ast.expr, live: set[str]) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        inner = _value(node.operand, live)
        if isinstance(inner, (int, float, complex)) and not isinstance(inner, bool):
            return -inner if isinstance(node.op, ast.USub) else inner
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)):
        left, right = _value(node.left, live), _value(node.right, live)  # 1 - 2j
        if all(isinstance(v, (int, float, complex)) for v in (left, right)):
            return left + right if isinstance(node.op, ast.Add) else left - right
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) \
            and node.func.id == "float" and len(node.args) == 1 and not node.keywords \
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
        return float(node.args[0].value)  # float('nan'), float('inf')
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
            _is_torch(node.func.value) and node.func.attr == "tensor" and len(node.args) == 1:
        return _literal(node, live)
    if isinstance(node, ast.Tuple):
        return tuple(_value(e, live) for e in node.elts)
    if isinstance(node, ast.List):
        return [_value(e, live) for e in node.elts]
    if isinstance(node, ast.Name) and node.id in live:
        return Ref(node.id)
    if isinstance(node, ast.Attribute) and _is_torch(node.value):
        return Sym(node.attr)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
            and node.func.attr == "untyped_storage" and not node.args \
            and isinstance(node.func.value, ast.Name) and node.func.value.id in live:
        return StorageOf(node.func.value.id)
    raise _Outside(f"argument {ast.unparse(node)!r} is not a literal, symbol or live tensor")


def _literal(node: ast.Call, live: set[str]) -> Literal:
    """`torch.tensor([0, 2])`, with dtype=torch.<dtype> and device='<device>' if need be,
    as an argument."""
    def nested(value: Any) -> Any:
        return tuple(nested(v) for v in value) if isinstance(value, list) else value
    values = nested(_value(node.args[0], live))
    dtype, device = _inferred_dtype(values), ""
    for k in node.keywords:
        found = _value(k.value, live)
        if k.arg == "dtype" and isinstance(found, Sym):
            dtype = found.name
        elif k.arg == "device" and isinstance(found, str):
            device = found
        else:
            raise _Outside("a tensor literal takes only dtype=torch.<dtype> and device='<name>'")
    return Literal(values, dtype, device)


def _inferred_dtype(values: Any) -> str:
    """Return the dtype torch.tensor infers from its first element (torch.tensor([]) and
    floats give float32, bools bool, complex numbers complex64, ints int64)."""
    while isinstance(values, tuple):
        if not values:
            return "float32"
        values = values[0]
    if isinstance(values, bool):
        return "bool"
    if isinstance(values, int):
        return "int64"
    return "complex64" if isinstance(values, complex) else "float32"
