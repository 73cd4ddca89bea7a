"""The reference's error messages all live in two tables, and each one is used.

reference/errors.py holds TENSOR_MESSAGES and builds every exception; reference/op_errors.py
holds OP_MESSAGES, those of the op families with modules of their own. Read from the source
with ast: no key is in both tables, every key appears in another module of reference/ (a
`fail("key", ...)` call, or a key handed on to one), every key such a call names exists,
every function errors.py offers is called, and no module but errors.py builds an exception
from a message literal.
"""

from __future__ import annotations

import ast
import builtins
import pathlib

import pytest

REFERENCE = pathlib.Path(__file__).resolve().parents[1] / "reference"
ERRORS = REFERENCE / "errors.py"
# each module that holds messages, and the name of its table
TABLES = {ERRORS: "TENSOR_MESSAGES", REFERENCE / "op_errors.py": "OP_MESSAGES"}


def _parse(path: pathlib.Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), str(path))


def _trees() -> dict[str, ast.Module]:
    """Return the parsed modules of reference/ (its namespaces' too, reference/nn/) other
    than those holding messages, by path."""
    return {str(p.relative_to(REFERENCE)): _parse(p) for p in sorted(REFERENCE.rglob("*.py"))
            if p not in TABLES}


def _errors_tree() -> ast.Module:
    return _parse(ERRORS)


def table_keys(path: pathlib.Path, table: str) -> list[str]:
    """Return the keys of one module's message table, in source order."""
    for node in _parse(path).body:
        target = node.target if isinstance(node, ast.AnnAssign) else (
            node.targets[0] if isinstance(node, ast.Assign) else None)
        if isinstance(target, ast.Name) and target.id == table:
            assert isinstance(node.value, ast.Dict), f"{table} must be a dict literal"
            keys = []
            for k in node.value.keys:
                assert isinstance(k, ast.Constant) and isinstance(k.value, str), (
                    f"{path.name}:{node.lineno}: {table} keys must be string literals")
                keys.append(k.value)
            return keys
    raise AssertionError(f"{path.name} defines no {table} table")


def message_keys() -> list[str]:
    """Return the keys of both message tables, in source order."""
    return [key for path, table in TABLES.items() for key in table_keys(path, table)]


def public_functions() -> list[str]:
    return [n.name for n in _errors_tree().body
            if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")]


def _docstrings(tree: ast.Module) -> set[int]:
    """Return the ids of docstring nodes, which name no key."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _called_name(call: ast.Call) -> str | None:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def _fail_keys(tree: ast.Module) -> list[tuple[str, int]]:
    """Return the literal keys given to fail(...) calls, with their lines."""
    return [(node.args[0].value, node.lineno) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and _called_name(node) == "fail" and node.args
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)]


def _string_literals(tree: ast.Module) -> set[str]:
    skip = _docstrings(tree)
    return {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)
            and isinstance(node.value, str) and id(node) not in skip}


def _is_exception_class(name: str | None) -> bool:
    if name is None:
        return False
    found = getattr(builtins, name, None)
    if isinstance(found, type) and issubclass(found, BaseException):
        return True
    return name.endswith(("Error", "Exception", "Warning"))


def _has_text(node: ast.AST) -> bool:
    return any(isinstance(n, ast.JoinedStr) or (isinstance(n, ast.Constant) and
                                                isinstance(n.value, str))
               for n in ast.walk(node))


def literal_messages(tree: ast.Module) -> list[tuple[str, int]]:
    """Return exceptions built from message text, as (exception class, line)."""
    return [(str(_called_name(node)), node.lineno) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and _is_exception_class(_called_name(node))
            and any(_has_text(a) for a in [*node.args, *node.keywords])]


def test_no_key_in_both_tables() -> None:
    keys = message_keys()
    repeated = sorted({k for k in keys if keys.count(k) > 1})
    assert not repeated, f"message keys in more than one table (or twice in one): {repeated}"


def test_every_message_key_is_used() -> None:
    used: set[str] = set()
    for tree in _trees().values():
        used |= _string_literals(tree)
    unused = [k for k in message_keys() if k not in used]
    assert not unused, f"message keys no module of reference/ uses: {unused}"


def test_every_fail_key_exists() -> None:
    keys = set(message_keys())
    missing = [f"{name}:{line}: {key!r}" for name, tree in _trees().items()
               for key, line in _fail_keys(tree) if key not in keys]
    assert not missing, "fail() keys missing from the message tables:\n" + "\n".join(missing)


def test_every_errors_function_is_used() -> None:
    called = {_called_name(node) for tree in _trees().values() for node in ast.walk(tree)
              if isinstance(node, ast.Call)}
    unused = [f for f in public_functions() if f not in called]
    assert not unused, f"errors.py functions no module of reference/ calls: {unused}"


def test_every_private_helper_of_errors_is_used() -> None:
    tree = _errors_tree()
    helpers = [n.name for n in tree.body
               if isinstance(n, ast.FunctionDef) and n.name.startswith("_")]
    loaded = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    unused = [h for h in helpers if h not in loaded]
    assert not unused, f"errors.py helpers nothing calls: {unused}"


def test_messages_only_in_errors_module() -> None:
    found = [f"{name}:{line}: {kind}(...)" for name, tree in _trees().items()
             for kind, line in literal_messages(tree)]
    assert not found, ("exceptions built from message text outside reference/errors.py; "
                       "add a key to a message table and raise errors.fail(key, ...):\n"
                       + "\n".join(found))


@pytest.mark.parametrize("source, expected", [
    ('raise RuntimeError("boom")', [("RuntimeError", 1)]),
    ('raise TypeError(f"got {x}") from None', [("TypeError", 1)]),
    ('err = errors.CustomError("a " + b)', [("CustomError", 1)]),
    ('raise RuntimeError(msg)', []),
    ('raise errors.fail("key", name="x")', []),
    ('assert x, "why"', []),
])
def test_literal_message_detection(source: str, expected: list[tuple[str, int]]) -> None:
    assert literal_messages(ast.parse(source)) == expected
