"""Programs as data: steps of torch calls whose repr is runnable torch code.

A program is a tuple of `Step`s. Each step calls one op on a named live tensor (or, for a
factory, on the library) and binds the result to a new name. The same program runs on
`torch` and on `stridecheck.reference`: symbols such as dtypes are resolved against the
library at run time, so nothing here imports torch.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, cast

from stridecheck.reference.ops import VARIANTS


@dataclass(frozen=True, slots=True)
class Sym:
    """A library attribute such as `torch.float16`, resolved against the library that runs."""

    name: str

    def __repr__(self) -> str:
        return f"torch.{self.name}"


@dataclass(frozen=True, slots=True)
class Ref:
    """A live tensor of the program, by name."""

    name: str

    def __repr__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class StorageOf:
    """`name.untyped_storage()` of a live tensor, as set_'s source."""

    name: str

    def __repr__(self) -> str:
        return f"{self.name}.untyped_storage()"


@dataclass(frozen=True, slots=True)
class Literal:
    """A small tensor written out in the program, `torch.tensor([0, 2])`: an index, say."""

    values: tuple[Any, ...]  # nested tuples, one level per dim
    dtype: str = "int64"
    device: str = ""  # "" leaves torch's default (cpu)

    @property
    def ndim(self) -> int:
        """Return the rank of the tensor the literal makes (one level of tuples per dim)."""
        n, v = 0, cast(Any, self.values)
        while isinstance(v, tuple):
            n += 1
            v = v[0] if v else None
        return n

    def __repr__(self) -> str:
        text = _fmt(as_lists(self.values))
        if self.dtype != "int64" or not _holds_int(self.values):
            text += f", dtype=torch.{self.dtype}"  # torch.tensor([]) is float32
        if self.device:
            text += f", device={self.device!r}"
        return f"torch.tensor({text})"


def _holds_int(values: Any) -> bool:
    """Tell whether torch.tensor infers int64 from these values: their first is an int."""
    while isinstance(values, tuple):
        if not values:
            return False
        values = values[0]
    return isinstance(values, int) and not isinstance(values, bool)


def as_lists(values: Any) -> Any:
    """Return nested tuples as nested lists, the form torch.tensor and new_tensor read."""
    return [as_lists(v) for v in values] if isinstance(values, tuple) else values


def _fmt(value: Any) -> str:
    if isinstance(value, slice):
        parts = ["" if value.start is None else repr(value.start),
                 "" if value.stop is None else repr(value.stop)]
        text = ":".join(parts)
        if value.step is not None:
            text += f":{value.step!r}"
        return text
    if value is Ellipsis:
        return "..."
    if isinstance(value, float) and (value != value or value in (float("inf"), float("-inf"))):
        return f"float({str(value)!r})"  # repr gives nan and inf, which are not Python
    if isinstance(value, complex) and not all(
            abs(p) < float("inf") for p in (value.real, value.imag)):
        return f"complex({_fmt(value.real)}, {_fmt(value.imag)})"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, tuple):
        inner = ", ".join(_fmt(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, list):
        return "[" + ", ".join(_fmt(v) for v in value) + "]"
    if hasattr(value, "name") and type(value).__name__ in ("dtype", "memory_format"):
        return f"torch.{value.name}"
    return repr(value)


def format_index(index: Any) -> str:
    items = index if isinstance(index, tuple) else (index,)
    if isinstance(index, tuple) and len(index) == 0:
        return "()"
    return ", ".join(_fmt(i) for i in items)


@dataclass(frozen=True, slots=True)
class Op:
    """One call: `kind` is method, attribute, function, factory, getitem, setitem, operator,
    tensors or call.

    An operator's name is Python's (`__add__`, `__rsub__`, `__iadd__`, `__neg__`); it runs
    as that method and reads as the operator (`x + 2`, `2 - x`, `x += 2`, `-x`). A tensors
    call takes a list of tensors headed by its subject, the others in `args[0]`:
    `torch.cat([x, y], 1)`. A call calls a function of the program (`Function`) by its name
    on the live tensors in `args`: `out = f(a, b)`; it returns a tuple.
    """

    name: str
    args: tuple[Any, ...] = ()
    kwargs: tuple[tuple[str, Any], ...] = ()
    kind: str = "method"
    # for ops returning a tuple of tensors, which one the step keeps (None keeps all)
    pick: int | None = None

    def call_text(self, subject: str, module: str = "torch") -> str:
        """Return the torch source of this call applied to `subject`.

        `module` is where factories and functions are looked up (`torch._refs`, say).
        """
        argv = [_fmt(a) for a in self.args] + [f"{k}={_fmt(v)}" for k, v in self.kwargs]
        if self.kind == "attribute":
            text = f"{subject}.{self.name}"
        elif self.kind == "getitem":
            text = f"{subject}[{format_index(self.args[0])}]"
        elif self.kind == "setitem":
            return f"{subject}[{format_index(self.args[0])}] = {_fmt(self.args[1])}"
        elif self.kind == "operator":
            text = _operator_text(self.name, subject, argv)
        elif self.kind == "factory":
            text = f"{module}.{self.name}({', '.join(argv)})"
        elif self.kind == "function":
            text = f"{module}.{self.name}({', '.join([subject] + argv)})"
        elif self.kind == "call":
            text = f"{self.name}({', '.join(argv)})"
        elif self.kind == "tensors":
            listed = "[" + ", ".join([subject] + [_fmt(a) for a in self.args[0]]) + "]"
            text = f"{module}.{self.name}({', '.join([listed] + argv[1:])})"
        else:
            text = f"{subject}.{self.name}({', '.join(argv)})"
        if self.pick is not None:
            text += f"[{self.pick}]"
        return text

    def __repr__(self) -> str:
        return self.call_text("x")

    @property
    def statement(self) -> bool:
        """Tell whether the call is a statement that binds nothing (`x[0] = 1`, `x += 1`)."""
        return self.kind == "setitem" or (self.kind == "operator" and self.name.startswith("__i")
                                          and self.name != "__invert__")

    def refs(self) -> tuple[str, ...]:
        """Return the live tensors the call reads besides its subject, in argument order."""
        return tuple(v.name for v in self._arguments((Ref, StorageOf)))

    def literals(self) -> tuple[Literal, ...]:
        """Return the tensors the call writes out (`torch.tensor([0, 2])`), in argument order."""
        return tuple(self._arguments((Literal,)))

    def _arguments(self, kinds: tuple[type, ...]) -> list[Any]:
        """Return the arguments of these kinds, nested ones too, in argument order."""
        found: list[Any] = []

        def walk(value: Any) -> None:
            if isinstance(value, kinds):
                found.append(value)
            elif isinstance(value, (tuple, list)):
                for v in value:
                    walk(v)
        walk(self.args)
        walk(tuple(v for _, v in self.kwargs))
        return found

    @property
    def fault_key(self) -> str:
        """Return the key, with `.out` when the call writes into an out= tensor (`add.out`):
        known divergences may name that form alone."""
        return f"{self.key}.out" if any(k == "out" for k, _ in self.kwargs) else self.key

    @property
    def key(self) -> str:
        """Return the op's key in the catalogue: a variant's where the arguments pick one
        (`view.dtype` for a dtype view, `max.dim` for the max and min that return values and
        indices), by the argument its label names."""
        for spec in VARIANTS.get(self.name, ()):
            if _PICKS[spec.variant](self):
                return spec.key
        return self.name


def _dtype_first(op: Op) -> bool:
    return bool(op.args) and isinstance(op.args[0], Sym)


def _dim_given(op: Op) -> bool:
    """Tell whether a dim comes first or as `dim=` (a live tensor first is another operand)."""
    return op.kind != "operator" and (bool(op.args) and not isinstance(op.args[0], Ref) or
                                      any(k == "dim" for k, _ in op.kwargs))


def _inplace_given(op: Op) -> bool:
    """Tell whether a torch.nn.functional call writes its input (`inplace=True`)."""
    return dict(op.kwargs).get("inplace") is True


# how a call's arguments pick a variant, by its label (OpSpec.variant)
_PICKS: dict[str, Callable[[Op], bool]] = {"dtype": _dtype_first, "dim": _dim_given,
                                           "inplace": _inplace_given}


def lookup(module: Any, name: str) -> Any:
    """Return `module`'s function `name`, which may be in a namespace of it
    (`nn.functional.relu`); None where it has none."""
    found = module
    for part in name.split("."):
        found = getattr(found, part, None)
        if found is None:
            return None
    return found


def _operator_text(name: str, subject: str, argv: list[str]) -> str:
    """Return `subject <op> arg` (or the reflected or unary form) for a Python operator."""
    from stridecheck.reference.ops import OPERATORS
    symbol = OPERATORS[name][0]
    if not argv:
        return f"abs({subject})" if symbol == "abs" else f"{symbol}{subject}"
    other = argv[0]
    if name.startswith("__r"):
        # a negative literal binds looser than ** on its left: (-2) ** x
        return f"({other}) {symbol} {subject}" if other.startswith("-") else \
            f"{other} {symbol} {subject}"
    return f"{subject} {symbol} {other}"


@dataclass(frozen=True, slots=True)
class Step:
    """`out = op(src)`; `out` is None for statements (setitem) and `src` None for factories."""

    out: str | None
    src: str | None
    op: Op

    def __repr__(self) -> str:
        return self.source()

    def source(self, module: str = "torch") -> str:
        """Return the step as torch source; factories and functions come from `module`."""
        call = self.op.call_text(self.src or "torch", module)
        return call if self.out is None else f"{self.out} = {call}"


# the statement that splits a compiled function's graph in two
GRAPH_BREAK = "torch._dynamo.graph_break()"


@dataclass(frozen=True, slots=True)
class Function:
    """`def name(*params): body; return returns`: a function the program calls (a call op).

    Its body is steps on its parameters, as a program's steps are on its live tensors; it
    returns a tuple of the tensors named in `returns`, in order (a name may come twice).
    Compiled targets compile it; every other target calls it as it is.
    """

    name: str
    params: tuple[str, ...]
    body: tuple[Step, ...]
    returns: tuple[str, ...]

    def source(self, line: Callable[[Step], str] | None = None,
               break_after: int | None = None) -> str:
        """Return the function as torch source (a `def` statement); `line` writes a step
        (`Step.source` by default); `break_after` puts a graph break after that many steps."""
        lines = [f"def {self.name}({', '.join(self.params)}):"]
        lines += [f"    {line(s) if line else s.source()}" for s in self.body]
        if break_after is not None:
            lines.insert(1 + break_after, f"    {GRAPH_BREAK}")
        names = ", ".join(self.returns) + ("," if len(self.returns) == 1 else "")
        lines.append(f"    return ({names})")
        return "\n".join(lines)

    def op_keys(self) -> list[str]:
        """Return the catalogue keys of the ops the body calls, in order."""
        from stridecheck.reference.ops import BY_KEY
        return [s.op.key for s in self.body if s.op.key in BY_KEY]


@dataclass(frozen=True, slots=True)
class Program:
    """A straight-line torch program: factories, views and in-place writes, and calls of its
    functions."""

    steps: tuple[Step, ...] = field(default_factory=tuple)
    functions: tuple[Function, ...] = ()

    def __repr__(self) -> str:
        return "".join(f.source() + "\n\n\n" for f in self.functions) + \
            "\n".join(repr(s) for s in self.steps)

    def inlined(self, index: int) -> Program:
        """Return the steps before call step `index`, then its function's body in its place:
        each parameter named by the tensor passed for it, each name of the body prefixed with
        the function's (`f_t1`). Run eagerly, each step of the call is seen on its own."""
        call = self.steps[index]
        fn = self.function(call.op.name)
        args = dict(zip(fn.params, (a.name for a in call.op.args)))
        body = tuple(renamed(s, lambda n: args.get(n, f"{fn.name}_{n}")) for s in fn.body)
        return Program(self.steps[:index] + body, self.functions)

    def function(self, name: str) -> Function:
        """Return the function a call step names."""
        for f in self.functions:
            if f.name == name:
                return f
        raise KeyError(f"the program defines no function {name!r}")

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Print as torch code in Hypothesis' falsifying examples too (its pretty printer)."""
        printer.text("\n" + repr(self) if self.steps else "Program(())")

    def __len__(self) -> int:
        return len(self.steps)

    def op_keys(self) -> list[str]:
        """Return the catalogue keys of the ops the program calls, in order (factories aside)."""
        from stridecheck.reference.ops import BY_KEY
        keys = []
        for s in self.steps:
            if s.op.kind == "call":
                keys += self.function(s.op.name).op_keys()
            elif s.op.key in BY_KEY:
                keys.append(s.op.key)
        return keys


def resolve(value: Any, lib: Any, env: dict[str, Any]) -> Any:
    """Turn symbols and refs in an argument into objects of the library that runs."""
    if isinstance(value, Sym):
        return getattr(lib, value.name)
    if isinstance(value, Ref):
        return env[value.name]
    if isinstance(value, StorageOf):
        return env[value.name].untyped_storage()
    if isinstance(value, Literal):
        device = {"device": value.device} if value.device else {}
        return lib.tensor(as_lists(value.values), dtype=getattr(lib, value.dtype), **device)
    if isinstance(value, tuple):
        return tuple(resolve(v, lib, env) for v in value)
    if isinstance(value, list):
        return [resolve(v, lib, env) for v in value]
    if type(value).__name__ in ("dtype", "memory_format") and hasattr(value, "name"):
        return getattr(lib, value.name)
    return value


def apply(op: Op, subject: Any, lib: Any, env: dict[str, Any]) -> Any:
    """Run one op on `subject` (a tensor of `lib`, or `lib` itself for factories)."""
    args = tuple(resolve(a, lib, env) for a in op.args)
    kwargs = {k: resolve(v, lib, env) for k, v in op.kwargs}
    if op.kind == "attribute":
        result = getattr(subject, op.name)
    elif op.kind == "getitem":
        result = subject[args[0]]
    elif op.kind == "setitem":
        subject[args[0]] = args[1]
        return subject
    elif op.kind == "operator":
        result = getattr(subject, op.name)(*args)
    elif op.kind == "call":
        result = env[op.name](*args)
    elif op.kind == "tensors":
        result = lookup(lib, op.name)([subject, *args[0]], *args[1:], **kwargs)
    elif op.kind in ("factory", "function"):
        fn = lookup(lib, op.name)
        if fn is None:
            raise AttributeError(f"module {getattr(lib, '__name__', lib)!r} has no "
                                 f"attribute {op.name!r}")
        result = fn(*args, **kwargs) if op.kind == "factory" else fn(subject, *args, **kwargs)
    else:
        result = getattr(subject, op.name)(*args, **kwargs)
    if op.pick is not None:
        result = result[op.pick]
    return result


def renamed(step: Step, rename: Callable[[str], str]) -> Step:
    """Return the step with every tensor name it binds or reads passed through `rename`."""
    def value(v: Any) -> Any:
        if isinstance(v, Ref):
            return Ref(rename(v.name))
        if isinstance(v, StorageOf):
            return StorageOf(rename(v.name))
        if isinstance(v, tuple):
            return tuple(value(x) for x in v)
        if isinstance(v, list):
            return [value(x) for x in v]
        return v
    op = replace(step.op, args=value(step.op.args),
                 kwargs=tuple((k, value(v)) for k, v in step.op.kwargs))
    return Step(None if step.out is None else rename(step.out),
                None if step.src is None else rename(step.src), op)


def bind(env: dict[str, Any], name: str, result: Any) -> None:
    """Bind a step's result; a tuple's tensors are live as `name[i]` too."""
    if isinstance(result, (tuple, list)):
        for i, r in enumerate(result):
            if hasattr(r, "stride"):
                env[f"{name}[{i}]"] = r
        env[name] = tuple(result)
    else:
        env[name] = result


def interpreted(fn: Function, lib: Any) -> Any:
    """Return `fn` as a Python function running its steps on `lib`, as its source does."""
    def call(*args: Any) -> tuple[Any, ...]:
        env = dict(zip(fn.params, args))
        for step in fn.body:
            result = apply(step.op, lib if step.src is None else env[step.src], lib, env)
            if step.out is not None:
                bind(env, step.out, result)
        return tuple(env[r] for r in fn.returns)
    call.__name__ = fn.name
    return call


# -- programs as JSON data (results files carry them; nothing reads them back from text) ----
def encode_value(value: Any) -> Any:
    """Return a program argument (or a recorded value) as JSON data; `decode_value` undoes it.

    What JSON cannot hold becomes a one-key object: {"float": "nan"}, {"complex": [re, im]},
    {"slice": [...]}, {"tuple": [...]}, {"sym": name}, {"ref": name}, {"storage_of": name},
    {"literal": [values, dtype, device]}.
    """
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if value == value and abs(value) != float("inf") else {"float": repr(value)}
    if isinstance(value, complex):
        return {"complex": [encode_value(value.real), encode_value(value.imag)]}
    if isinstance(value, slice):
        return {"slice": [encode_value(p) for p in (value.start, value.stop, value.step)]}
    if value is Ellipsis:
        return {"ellipsis": True}
    if isinstance(value, tuple):
        return {"tuple": [encode_value(v) for v in value]}
    if isinstance(value, list):
        return [encode_value(v) for v in value]
    if isinstance(value, Sym):
        return {"sym": value.name}
    if isinstance(value, Ref):
        return {"ref": value.name}
    if isinstance(value, StorageOf):
        return {"storage_of": value.name}
    if isinstance(value, Literal):
        return {"literal": [encode_value(value.values), value.dtype, value.device]}
    if type(value).__name__ in ("dtype", "memory_format") and hasattr(value, "name"):
        return {"sym": value.name}
    raise TypeError(f"cannot encode {type(value).__name__} in a program")


def decode_value(value: Any) -> Any:
    """Return what `encode_value` encoded."""
    if isinstance(value, list):
        return [decode_value(v) for v in value]
    if not isinstance(value, dict):
        return value
    (tag, body), = value.items()
    if tag == "float":
        return float(body)
    if tag == "complex":
        return complex(decode_value(body[0]), decode_value(body[1]))
    if tag == "slice":
        return slice(*(decode_value(b) for b in body))
    if tag == "ellipsis":
        return Ellipsis
    if tag == "tuple":
        return tuple(decode_value(v) for v in body)
    if tag == "literal":
        return Literal(decode_value(body[0]), *body[1:])
    if tag in ("sym", "ref", "storage_of"):
        return {"sym": Sym, "ref": Ref, "storage_of": StorageOf}[tag](body)
    raise ValueError(f"unknown program value tag {tag!r}")


def to_data(program: Program) -> list[dict[str, Any]]:
    """Return a program as JSON-ready data (`from_data` restores it exactly): its functions
    first, one `{"function": name, "params", "body", "returns"}` each, then its steps."""
    return [{"function": f.name, "params": list(f.params), "body": _steps_data(f.body),
             "returns": list(f.returns)} for f in program.functions] + \
        _steps_data(program.steps)


def _steps_data(steps: tuple[Step, ...]) -> list[dict[str, Any]]:
    return [{"out": s.out, "src": s.src, "op": s.op.name, "kind": s.op.kind,
             "args": [encode_value(a) for a in s.op.args],
             "kwargs": [[k, encode_value(v)] for k, v in s.op.kwargs], "pick": s.op.pick}
            for s in steps]


def _steps(data: list[dict[str, Any]]) -> tuple[Step, ...]:
    return tuple(
        Step(d["out"], d["src"], Op(d["op"], tuple(decode_value(a) for a in d["args"]),
                                    tuple((k, decode_value(v)) for k, v in d["kwargs"]),
                                    kind=d["kind"], pick=d["pick"]))
        for d in data)


def from_data(data: list[dict[str, Any]]) -> Program:
    """Return the program `to_data` wrote; malformed data raises ValueError."""
    try:
        functions = tuple(Function(d["function"], tuple(d["params"]), _steps(d["body"]),
                                   tuple(d["returns"])) for d in data if "function" in d)
        return Program(_steps([d for d in data if "function" not in d]), functions)
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not a program: {exc}") from None
