"""Write standalone repro scripts: one failure of a results file as a script needing only torch.

A script holds the program as torch code, the reference model's expectations as literals
(computed here, when it is written), and a small checker that runs the program on the
failure's target, observes every live tensor after each statement as the suite does, and
prints the differences in the suite's grammar. It exits 1 while torch diverges, 0 once torch
agrees and 2 when the target cannot run on the machine. Every string taken from a results
file is untrusted: it reaches the script only as a `repr` literal or an escaped comment.
"""

from __future__ import annotations

import ast
import math
import os
import re
from typing import Any

from stridecheck.conformance.execute import StepResult, run_source
from stridecheck.conformance.observe import FIELDS, Snapshot
from stridecheck.conformance.targets import COMPILED_FIELDS, FAKE_FIELDS, NO_VALUES, REFS_FIELDS

from .results import write_atomically

_FIELDS_BY_KIND = {"eager": FIELDS, "meta": NO_VALUES, "fake": FAKE_FIELDS,
                   "compile": COMPILED_FIELDS, "refs": REFS_FIELDS}


def target_fields(target: str) -> tuple[str, ...]:
    """Return the fields a target can show (those its repro script compares)."""
    kind = target.split(":", 1)[0]
    if kind not in _FIELDS_BY_KIND:
        raise ValueError(f"unknown target {target!r}")
    return _FIELDS_BY_KIND[kind]


def script(failure: dict[str, Any]) -> str:
    """Return the text of a standalone script that replays one failure record with torch."""
    import stridecheck.reference as ref

    target = str(failure.get("target", ""))
    fields = target_fields(target)
    program = str(failure.get("program") or "")
    try:
        nodes = ast.parse(program).body
    except SyntaxError as exc:
        raise ValueError(f"the program does not parse as Python: {exc.msg}") from None
    if not nodes:
        raise ValueError("the program has no statements")
    expected = run_source(program, ref)
    parts = [_header(failure, target), "import torch\n",
             f"TARGET = {target!r}\n# the fields of each tensor this target shows, compared in "
             f"this order\nFIELDS = (\n{_wrapped(fields)})\n"]
    if target.startswith("compile:"):
        parts.append(_compiled_program(program, nodes))
        steps = [_expected_step(len(expected) - 1, expected, nodes, program, fields)]
    else:
        source = program
        if target == "refs":
            source, ops = _through_refs(program, nodes)
            parts.append("# the ops the program calls through torch._refs\n"
                         f"REFS_OPS = {tuple(ops)!r}\n")
        where = " inside FakeTensorMode()" if target.startswith("fake:") else ""
        parts.append(f"# The program, as torch code; it runs as is{where}.\n"
                     f"PROGRAM = {_string_literal(source)}\n")
        shown = ast.parse(source).body
        steps = [_expected_step(i, expected, shown, source, fields)
                 for i in range(len(expected))]
    parts.append("# What each step should do, by the reference model: the exception it raises,\n"
                 "# or every live tensor's fields. None in values marks an element torch leaves\n"
                 "# undefined (torch.empty, say); it is not compared.\n"
                 "EXPECTED = [\n" + "".join(steps) + "]\n")
    parts.append(_CHECKER)
    return "\n".join(p.rstrip("\n") + "\n" for p in parts)


def script_name(index: int, failure: dict[str, Any]) -> str:
    """Return a safe file name for the script of the index-th failure (numbered from 1)."""
    op = failure.get("op") or "program"
    slug = re.sub(r"[^A-Za-z0-9_]+", "-", f"{failure.get('target', '')}-{op}").strip("-")
    return f"repro-{index + 1:03d}-{slug[:48] or 'program'}.py"


def scripts(failures: list[dict[str, Any]]) -> dict[int, str]:
    """Return {index in failures: script text} for every failure whose program replays.

    A failure whose program cannot be replayed (none recorded, or not Python) gets no script.
    """
    texts: dict[int, str] = {}
    for i, failure in enumerate(failures):
        try:
            texts[i] = script(failure)
        except ValueError:
            continue
    return texts


def write_scripts(failures: list[dict[str, Any]], out_dir: str,
                  texts: dict[int, str] | None = None) -> dict[int, str]:
    """Write one script per failure into out_dir; return {index in failures: path}.

    `texts` are the scripts when `scripts(failures)` already made them.
    """
    os.makedirs(out_dir, exist_ok=True)
    written: dict[int, str] = {}
    for i, text in (scripts(failures) if texts is None else texts).items():
        path = os.path.join(out_dir, script_name(i, failures[i]))
        write_atomically(path, text.encode())
        os.chmod(path, 0o755)  # the temporary file was private; a script is for running
        written[i] = path
    return written


# -- the parts of a script ---------------------------------------------------------------------
def _comment(text: Any) -> str:
    """Return text safe inside a `#` comment: no line breaks or other unprintable characters."""
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii")
                   for c in str(text))


def _header(failure: dict[str, Any], target: str) -> str:
    diffs = failure.get("diffs") or []
    lines = [
        "#!/usr/bin/env python3",
        f"# Repro of a stridecheck {_comment(failure.get('status', 'failure'))} on "
        f"{_comment(target)}: torch differs from the",
        "# storage/view semantics the reference model expects.",
        "#",
        f"# target:    {_comment(target)}",
        f"# torch:     {_comment(failure.get('torch', 'unknown'))} (the version it was found "
        "with)",
        f"# test:      {_comment(failure.get('test', ''))}",
        f"# seed:      {_comment(failure.get('seed'))}",
        f"# reproduce: {_comment(failure.get('blob') or 'no Hypothesis blob recorded')}",
        *(["#            (decorate the test with it to replay the search that found this)"]
          if failure.get("blob") else []),
        "# run:       python <this file>       (needs torch only)",
        "#            exit 1: torch still diverges; 0: torch agrees with the expected",
        "#            behaviour; 2: the target cannot run on this machine; 3: the",
        "#            check itself failed",
    ]
    if diffs:
        lines += ["#", "# differences when found:"]
        lines += [f"#   {_comment(d.get('tensor'))}.{_comment(d.get('field'))}="
                  f"{_comment(d.get('actual'))}, but should be {_comment(d.get('expected'))}"
                  f" [{_comment(d.get('context'))}]" for d in diffs[:8]]
    return "\n".join(lines) + "\n"


def _wrapped(names: tuple[str, ...]) -> str:
    lines, line = [], "   "
    for name in names:
        if len(line) + len(name) > 92:
            lines.append(line)
            line = "   "
        line += f" {name!r},"
    return "\n".join([*lines, line]) + "\n"


def _string_literal(text: str) -> str:
    """Return a literal for text: triple-quoted when that is exact, else one repr per line."""
    body = text if text.endswith("\n") else text + "\n"
    plain = all(c.isprintable() or c == "\n" for c in body)
    if plain and '"""' not in body and "\\" not in body:
        literal = '"""\\\n' + body + '"""'
    else:
        literal = "(\n" + "".join(f"    {line!r}\n"
                                  for line in body.splitlines(keepends=True)) + ")"
    if ast.literal_eval(literal) != body:
        raise ValueError("the program cannot be embedded as a literal")
    return literal


def _segment(source: str, node: ast.stmt) -> str:
    return ast.get_source_segment(source, node) or ast.unparse(node)


def _subject(node: ast.stmt) -> str | None:
    """Return the live tensor a statement works on (`x0` in `x1 = x0.t()` and `x0[1] = 2`)."""
    if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Subscript):
        value: ast.AST = node.targets[0]
    elif isinstance(node, (ast.Assign, ast.Expr)):
        value = node.value
    else:
        return None
    while True:
        if isinstance(value, ast.Subscript):
            value = value.value
        elif isinstance(value, ast.Call):
            if _root(value.func) == "torch":  # torch.f(x, ...) works on its first argument
                first = value.args[0] if value.args else None
                return first.id if isinstance(first, ast.Name) else None
            value = value.func
        elif isinstance(value, ast.Attribute):
            value = value.value
        else:
            return value.id if isinstance(value, ast.Name) and value.id != "torch" else None


def _root(node: ast.AST) -> str | None:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _expected_step(i: int, expected: list[StepResult], nodes: list[ast.stmt], source: str,
                   fields: tuple[str, ...]) -> str:
    """Return one entry of EXPECTED: the step's context, exception and live tensors."""
    result = expected[i]
    text = _segment(source, nodes[min(i, len(nodes) - 1)])
    before = expected[i - 1].live if i > 0 else {}
    src = _subject(nodes[min(i, len(nodes) - 1)])
    context = f"{text} with {src}.shape={before[src].shape}" if src in before else text
    lines = [f"    {{  # {_comment(text)}", f"        'context': {context!r},",
             f"        'raises': {_literal(result.error)},", "        'tensors': {"]
    for name, snap in result.live.items():
        lines.append(_tensor_entry(name, snap, fields))
    lines += ["        },", "    },"]
    return "\n".join(lines) + "\n"


def _tensor_entry(name: str, snap: Snapshot, fields: tuple[str, ...]) -> str:
    items = []
    for f in FIELDS:
        if f in fields:
            value = _values(snap.values) if f == "values" else getattr(snap, f)
            items.append(f"{f!r}: {_literal(value)}")
    lines, line = [], f"            {name!r}: {{"
    for item in items:
        if len(line) + len(item) > 96 and not line.endswith("{"):
            lines.append(line.rstrip())
            line = "                "
        line += item + ", "
    lines.append(line.rstrip(", ") + "},")
    return "\n".join(lines)


def _values(values: Any) -> Any:
    """Return a snapshot's values as nested lists, None where the reference leaves them open."""
    if values is None or isinstance(values, str):
        return values
    data, mask = values

    def masked(v: Any, m: Any) -> Any:
        if isinstance(v, list):
            return [masked(a, b) for a, b in zip(v, m)]
        return v if m else None

    return masked(data.tolist(), mask.tolist())


def _literal(value: Any) -> str:
    """Return Python source for a plain value; non-finite floats become float('nan') etc."""
    if value is None or isinstance(value, (bool, str)):
        return repr(value)
    if hasattr(value, "dtype") and hasattr(value, "item"):  # a numpy scalar
        return _literal(value.item())
    if isinstance(value, int):
        return repr(int(value))
    if isinstance(value, float):
        if math.isfinite(value):
            return repr(value)
        return "float('nan')" if math.isnan(value) else f"{'-' if value < 0 else ''}float('inf')"
    if isinstance(value, complex):
        if math.isfinite(value.real) and math.isfinite(value.imag):
            return repr(value)
        return f"complex({_literal(value.real)}, {_literal(value.imag)})"
    if isinstance(value, tuple):
        inner = ", ".join(_literal(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, list):
        return "[" + ", ".join(_literal(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_literal(k)}: {_literal(v)}" for k, v in value.items()) + "}"
    raise ValueError(f"cannot write {type(value).__name__} as a literal")


def _through_refs(source: str, nodes: list[ast.stmt]) -> tuple[str, list[str]]:
    """Return the program with each op call routed through torch._refs, as the refs target does.

    `x1 = x0.op(a)` and `x1 = torch.op(x0, a)` become `x1 = torch._refs.op(x0, a)`; attribute
    forms, indexing, assignment into a tensor and factories stay as they are.
    """
    bound: set[str] = set()
    lines, ops = [], []
    for node in nodes:
        call, pick = _op_call(node)
        if call is not None and isinstance(call.func, ast.Attribute):
            owner = call.func.value
            method = isinstance(owner, ast.Name) and owner.id != "torch"
            function = (isinstance(owner, ast.Name) and owner.id == "torch" and call.args
                        and isinstance(call.args[0], ast.Name) and call.args[0].id in bound)
            if method or function:
                args = ([owner] if method else []) + list(call.args)
                refs = ast.Attribute(ast.Attribute(ast.Name("torch", ast.Load()), "_refs",
                                                   ast.Load()), call.func.attr, ast.Load())
                new: ast.expr = ast.Call(refs, args, call.keywords)
                if pick is not None:
                    new = ast.Subscript(new, pick, ast.Load())
                node.value = new  # type: ignore[attr-defined]
                ops.append(call.func.attr)
                lines.append(ast.unparse(ast.fix_missing_locations(node)))
                bound.update(_targets(node))
                continue
        lines.append(_segment(source, node))
        bound.update(_targets(node))
    return "\n".join(lines) + "\n", list(dict.fromkeys(ops))


def _op_call(node: ast.stmt) -> tuple[ast.Call | None, ast.expr | None]:
    """Return the op call a statement makes and the index that picks from its result."""
    if not isinstance(node, (ast.Assign, ast.Expr)) or (
            isinstance(node, ast.Assign) and not isinstance(node.targets[0], ast.Name)):
        return None, None
    value = node.value
    if isinstance(value, ast.Subscript) and isinstance(value.value, ast.Call):
        return value.value, value.slice
    return (value, None) if isinstance(value, ast.Call) else (None, None)


def _targets(node: ast.stmt) -> list[str]:
    if isinstance(node, ast.Assign):
        return [t.id for t in node.targets if isinstance(t, ast.Name)]
    return []


def _compiled_program(source: str, nodes: list[ast.stmt]) -> str:
    """Return the input builder and the compiled function, as the compile targets build them.

    The leading statements that build the input (`x0 = torch.arange(6)`, `x0 = x0.view(2, 3)`)
    run eagerly as one expression; the rest is the body of the function torch.compile traces.
    """
    first = nodes[0]
    if not (isinstance(first, ast.Assign) and isinstance(first.targets[0], ast.Name)):
        raise ValueError("a compiled program starts with `name = <input tensor>`")
    arg = first.targets[0].id
    expr = first.value
    rest = nodes[1:]
    while rest and _builds(rest[0], arg):
        expr = _Substitute(arg, expr).visit(rest[0].value)  # type: ignore[attr-defined]
        rest = rest[1:]
    names = list(dict.fromkeys(n.targets[0].id for n in rest if isinstance(n, ast.Assign)
                               and isinstance(n.targets[0], ast.Name)))
    body = "".join(f"    {ast.unparse(n)}\n" for n in rest) or "    pass\n"
    outputs = [arg, *names]
    return ("\ndef make_input():\n    \"\"\"Build the program's input; it runs eagerly.\"\"\"\n"
            f"    return {ast.unparse(expr)}\n\n\n"
            "# The program, as torch code: compiled with torch.compile(program, "
            f"backend=...).\ndef program({arg}):\n{body}"
            f"    return ({', '.join(outputs)}{',' if len(outputs) == 1 else ''})\n\n\n"
            "# the names of the tensors program returns\n"
            f"OUTPUTS = {tuple(outputs)!r}\n")


def _builds(node: ast.stmt, arg: str) -> bool:
    """Tell whether a statement rebuilds the input from itself alone (`x0 = x0.view(2, 3)`)."""
    if not (isinstance(node, ast.Assign) and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name) and node.targets[0].id == arg):
        return False
    return {n.id for n in ast.walk(node.value) if isinstance(n, ast.Name)} <= {"torch", arg}


class _Substitute(ast.NodeTransformer):
    def __init__(self, name: str, expr: ast.expr) -> None:
        self.name, self.expr = name, expr

    def visit_Name(self, node: ast.Name) -> ast.expr:
        return self.expr if node.id == self.name else node


_CHECKER = '''
# -- the check: run PROGRAM on TARGET and compare with EXPECTED (nothing to edit below) ------
import ast
import contextlib
import importlib
import sys
import warnings

# exception kinds compared, most specific first (NotImplementedError is a RuntimeError)
ERROR_KINDS = (IndexError, ValueError, TypeError, NotImplementedError, RuntimeError)
# how a build refuses work that needs a device it lacks: not a divergence
UNSUPPORTED = ("not linked with support for", "Torch not compiled with", "no kernel image",
               "is not available", "found no NVIDIA driver")


def error_kind(exc):
    return next((k.__name__ for k in ERROR_KINDS if isinstance(exc, k)), type(exc).__name__)


def cannot_run(why):
    print(f"cannot run {TARGET} here: {why}")
    sys.exit(2)


def values(t):
    try:
        u = t.detach().resolve_conj().resolve_neg().cpu().clone()
        return (u.to(torch.complex64) if u.dtype == torch.complex32 else u).tolist()
    except Exception as exc:
        return f"{error_kind(exc)}: {exc}".split("\\n")[0]


def observe(live):
    """Return the fields of every live tensor; storage, identity and base name a tensor."""
    first_name, storage_owner, out = {}, {}, {}
    # held until the end: a freed storage object's address could be reused and look shared
    storages = [t.untyped_storage() for t in live.values()]
    for name, t in live.items():
        first_name.setdefault(id(t), name)
    for (name, t), s in zip(live.items(), storages):
        storage = storage_owner.setdefault(s._cdata, name)
        base, ptr = t._base, t.data_ptr()
        formats = (torch.contiguous_format, torch.channels_last, torch.channels_last_3d)
        seen = {
            "shape": tuple(t.shape), "strides": tuple(t.stride()),
            "storage_offset": t.storage_offset(), "dtype": str(t.dtype).removeprefix("torch."),
            "device": str(t.device), "conj": (bool(t.is_conj()), bool(t.is_neg())),
            "contiguity": tuple(bool(t.is_contiguous(memory_format=f)) for f in formats),
            "data_ptr": None if ptr == 0 else ptr - t.untyped_storage().data_ptr(),
            "identity": None if first_name[id(t)] == name else first_name[id(t)],
            "storage": storage,
            "base": None if base is None else first_name.get(id(base), "<hidden>"),
            "is_view": bool(t._is_view()), "version": int(t._version)}
        if "values" in FIELDS and t.device.type != "meta":
            seen["values"] = values(t)
        out[name] = seen
    return out


def run_steps(source):
    """Run the program statement by statement; yield (error, observed tensors) after each."""
    env = {"torch": torch}
    for node in ast.parse(source).body:
        try:
            exec(compile(ast.Module([node], []), "<program>", "exec"), env)
        except Exception as exc:
            yield (error_kind(exc), str(exc).split("\\n")[0]), {}
            return
        live = {}
        for k, v in env.items():
            if isinstance(v, torch.Tensor):
                live[k] = v
            elif isinstance(v, (tuple, list)):
                live.update({f"{k}[{i}]": r for i, r in enumerate(v)
                             if isinstance(r, torch.Tensor)})
        yield None, observe(live)


def run_compiled():
    """Build the input eagerly, run the compiled program; return (error, observed outputs)."""
    import torch._dynamo
    try:
        x = make_input()
        torch._dynamo.reset()
        outputs = torch.compile(program, backend=TARGET.split(":", 1)[1])(x)
    except Exception as exc:
        while exc.__cause__ is not None and type(exc).__module__.startswith("torch._dynamo"):
            exc = exc.__cause__  # dynamo wraps the error the program raised
        text = " ".join(line.strip() for line in str(exc).splitlines() if line.strip())
        return (error_kind(exc), text[:400]), {}
    return None, observe({k: v for k, v in zip(OUTPUTS, outputs)
                          if isinstance(v, torch.Tensor)})


def same_values(actual, expected):
    if expected is None:
        return True  # an element the reference leaves undefined
    if isinstance(expected, list):
        return (isinstance(actual, list) and len(actual) == len(expected)
                and all(same_values(a, e) for a, e in zip(actual, expected)))
    if isinstance(actual, list):
        return False
    return actual == expected or (actual != actual and expected != expected)  # NaN is NaN


def show(v):
    text = repr(v)
    return text if len(text) <= 200 else text[:196] + " ..."


def differences(expected, error, live):
    """Return the differences of one step, in the suite's grammar (empty when it agrees)."""
    where = f" [{expected['context']}]"
    if error is not None and any(m in error[1] for m in UNSUPPORTED):
        cannot_run(error[1])
    want = expected["raises"]
    if (error is None) != (want is None) or (error and error[0] != want[0]):
        said = [None if e is None else f"{e[0]}: {e[1]}" for e in (error, want)]
        return [f"<step>.exception={show(said[0])}, but should be {show(said[1])}{where}"]
    out = []
    for name, fields in ({} if error else expected["tensors"]).items():
        if name not in live:
            out.append(f"{name}.exists=False, but should be True{where}")
            continue
        for field, value in fields.items():
            got = live[name].get(field)
            same = same_values(got, value) if field == "values" else got == value
            if not same:
                out.append(f"{name}.{field}={show(got)}, but should be {show(value)}{where}")
    return out


def check():
    """Return the differences of the first step that differs from EXPECTED."""
    if TARGET.startswith("compile:"):
        error, live = run_compiled()
        want = EXPECTED[-1]
        if error is None and want["raises"] is None:  # only the tensors it returns compare
            want = {**want, "tensors": {k: v for k, v in want["tensors"].items() if k in live}}
        return differences(want, error, live)
    for want, (error, live) in zip(EXPECTED, run_steps(PROGRAM)):
        found = differences(want, error, live)
        if found or error is not None:
            return found
    return []


def main():
    kind, _, device = TARGET.partition(":")
    if kind == "eager" and device != "cpu":
        module = getattr(torch, device, None)
        if module is None or not module.is_available():
            cannot_run(f"torch {torch.__version__} reports no {device} device")
    if kind == "refs":
        refs = importlib.import_module("torch._refs")
        missing = [op for op in REFS_OPS if getattr(refs, op, None) is None]
        if missing:
            cannot_run(f"torch._refs has no {', '.join(missing)}")
    mode = contextlib.nullcontext()
    if kind == "fake":
        import logging

        from torch._subclasses.fake_tensor import FakeTensorMode
        logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)
        mode = FakeTensorMode(allow_non_fake_inputs=False)
    with warnings.catch_warnings(), mode:
        warnings.simplefilter("ignore")  # deprecation notes are not outcomes
        found = check()
    if found:
        print(f"{TARGET}, torch {torch.__version__}: {len(found)} difference(s)")
        print("\\n".join(f"  {line}" for line in found))
        sys.exit(1)
    print(f"{TARGET}, torch {torch.__version__}: torch agrees with the expected behaviour")
    sys.exit(0)


if __name__ == "__main__":
    try:
        main()
    except Exception as exc:  # the checker itself failed: neither verdict holds
        print(f"could not check: {type(exc).__name__}: {exc}", file=sys.stderr)
        sys.exit(3)
'''
