"""The package's modules import each other without cycles, and each layer only imports down.

Read from the source with ast, not by importing: every import counts, module level or inside a
function, except those under `if TYPE_CHECKING:`, which never run. A layer imports only the
layers before it, as data flows: reference imports no other layer; strategies only reference;
conformance reference and strategies; reports any of them.
"""

from __future__ import annotations

import ast
import pathlib
from dataclasses import dataclass

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGE = "stridecheck"
LAYERS = ("reference", "strategies", "conformance", "reports")
ALLOWED: dict[str, frozenset[str]] = {
    "reference": frozenset(),
    "strategies": frozenset({"reference"}),
    "conformance": frozenset({"reference", "strategies"}),
    "reports": frozenset({"reference", "strategies", "conformance"}),
}


@dataclass(frozen=True)
class Edge:
    """One import: `source` imports `target` at `line`."""

    source: str
    target: str
    line: int


def module_files() -> dict[str, pathlib.Path]:
    """Return every module of the four layers by its installed name (stridecheck.<layer>.x)."""
    found = {}
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*.py")):
            parts = path.relative_to(ROOT / layer).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join((PACKAGE, layer, *parts))] = path
    return found


def _is_type_checking(test: ast.expr) -> bool:
    if isinstance(test, ast.Name):
        return test.id == "TYPE_CHECKING"
    return isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"


class _Imports(ast.NodeVisitor):
    """Collect (imported name, line) of every import that can run."""

    def __init__(self, module: str, is_package: bool, known: set[str]) -> None:
        self.package = module if is_package else module.rpartition(".")[0]
        self.known = known
        self.found: list[tuple[str, int]] = []

    def visit_If(self, node: ast.If) -> None:  # noqa: N802 - ast.NodeVisitor's naming
        if _is_type_checking(node.test):
            for child in node.orelse:
                self.visit(child)
            return
        self.generic_visit(node)

    def visit_Import(self, node: ast.Import) -> None:  # noqa: N802
        for alias in node.names:
            self.found.append((alias.name, node.lineno))

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:  # noqa: N802
        if node.level:
            base = self.package.split(".")
            if node.level > 1:
                base = base[:-(node.level - 1)]
            prefix = ".".join(base)
            source = f"{prefix}.{node.module}" if node.module else prefix
        else:
            source = node.module or ""
        # `from x import y` imports x, and x.y too where y is a module rather than a name
        submodules = [f"{source}.{a.name}" for a in node.names if f"{source}.{a.name}" in
                      self.known]
        if node.module or len(submodules) < len(node.names):
            self.found.append((source, node.lineno))
        self.found.extend((name, node.lineno) for name in submodules)


def _owner(name: str, known: set[str]) -> str | None:
    """Return the known module `name` refers to (a dotted import names its deepest module)."""
    while name:
        if name in known:
            return name
        name = name.rpartition(".")[0]
    return None


def import_edges() -> list[Edge]:
    files = module_files()
    known = set(files)
    edges = []
    for module, path in files.items():
        collector = _Imports(module, path.name == "__init__.py", known)
        collector.visit(ast.parse(path.read_text(encoding="utf-8"), str(path)))
        for name, line in collector.found:
            if name != PACKAGE and not name.startswith(PACKAGE + "."):
                continue
            target = _owner(name, known)
            if target is not None and target != module:
                edges.append(Edge(module, target, line))
    return edges


def find_cycles(edges: list[Edge]) -> list[list[str]]:
    """Return one cycle through each strongly connected group of modules (Tarjan), as a path."""
    graph: dict[str, list[str]] = {}
    for e in edges:
        graph.setdefault(e.source, []).append(e.target)
        graph.setdefault(e.target, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[set[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(group)

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return [_cycle_in(sorted(g)[0], g, graph) for g in groups]


def _cycle_in(start: str, group: set[str], graph: dict[str, list[str]]) -> list[str]:
    """Return a shortest path start -> ... -> start inside one strongly connected group."""
    previous: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following = []
        for v in frontier:
            for w in sorted(graph[v]):
                if w not in group:
                    continue
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return [start, *reversed(path[:-1]), start]
                if w not in previous:
                    previous[w] = v
                    following.append(w)
        frontier = following
    raise AssertionError(f"no cycle through {start} in its own group {sorted(group)}")


def _layer(module: str) -> str:
    return module.split(".")[1]


def test_every_layer_has_modules() -> None:
    layers = {_layer(m) for m in module_files()}
    assert layers == set(LAYERS), f"layers found: {sorted(layers)}, expected {list(LAYERS)}"


def test_relative_imports_resolve() -> None:
    known = {"stridecheck.reference", "stridecheck.reference.tensor",
             "stridecheck.reference.views", "stridecheck.reference.geometry",
             "stridecheck.reference.errors", "stridecheck.reference.writes"}
    assert _owner("stridecheck.reference.tensor.Tensor", known) == "stridecheck.reference.tensor"
    collector = _Imports("stridecheck.reference.tensor", False, known)
    collector.visit(ast.parse("from . import views\nfrom .geometry import Geometry\n"
                              "from .. import other\n"
                              "if TYPE_CHECKING:\n    from .writes import copy_\n"
                              "def f():\n    from .errors import fail\n"))
    assert [name for name, _ in collector.found] == [
        "stridecheck.reference.views", "stridecheck.reference.geometry", "stridecheck",
        "stridecheck.reference.errors"], collector.found


def test_cycle_finder_reports_the_path() -> None:
    edges = [Edge("a", "b", 1), Edge("b", "c", 1), Edge("c", "a", 1), Edge("c", "d", 1)]
    assert find_cycles(edges) == [["a", "b", "c", "a"]]
    assert find_cycles(edges[:2]) == []


@pytest.mark.parametrize("layer", LAYERS)
def test_no_import_cycle(layer: str) -> None:
    cycles = [c for c in find_cycles(import_edges()) if any(_layer(m) == layer for m in c)]
    assert not cycles, f"import cycles through {layer}/:\n" + "\n".join(
        "  " + " -> ".join(c) for c in cycles)


@pytest.mark.parametrize("layer", LAYERS)
def test_layer_imports_only_earlier_layers(layer: str) -> None:
    wrong = [e for e in import_edges() if _layer(e.source) == layer and
             _layer(e.target) != layer and _layer(e.target) not in ALLOWED[layer]]
    allowed = ", ".join(sorted(ALLOWED[layer])) or "no other layer"
    assert not wrong, f"{layer}/ may import {allowed}, but:\n" + "\n".join(
        f"  {e.source} imports {e.target} (line {e.line})" for e in wrong)
