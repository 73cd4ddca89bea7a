#!/usr/bin/env python3
"""Run the `stridecheck` command from this working tree, without installing it.

For a machine that has torch and the suite's dependencies (numpy, hypothesis, pytest,
pytest-xdist, jinja2) but reaches no package registry, such as a GPU machine with a torch
build of its own: `python3 stridecheck_tree.py run --profile gpu --out gpu`.

The four layers live in top-level folders and install under one namespace (pyproject.toml's
package-dir); here a folder in the temporary directory holds a `stridecheck` package whose
layers are links to this tree's folders, and every process of the run (pytest and its
workers) finds it on PYTHONPATH.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
import tomllib

TREE = os.path.dirname(os.path.abspath(__file__))


def _layers() -> tuple[str, ...]:
    """Return the tree's folders that install as stridecheck.<folder> (pyproject.toml)."""
    with open(os.path.join(TREE, "pyproject.toml"), "rb") as fh:
        mapping = tomllib.load(fh)["tool"]["setuptools"]["package-dir"]
    return tuple(folder for name, folder in mapping.items()
                 if name == f"stridecheck.{folder}")


LAYERS = _layers()


def package_root() -> str:
    """Return a folder holding a `stridecheck` package linked to this tree (made once)."""
    key = hashlib.sha256(TREE.encode()).hexdigest()[:12]
    root = os.path.join(tempfile.gettempdir(), f"stridecheck-tree-{os.getuid()}-{key}")
    package = os.path.join(root, "stridecheck")
    os.makedirs(package, exist_ok=True)
    open(os.path.join(package, "__init__.py"), "a").close()
    for layer in LAYERS:
        link, target = os.path.join(package, layer), os.path.join(TREE, layer)
        if os.path.islink(link) and os.readlink(link) == target:
            continue
        if os.path.lexists(link):
            os.unlink(link)
        os.symlink(target, link)
    return root


def main() -> None:
    root = package_root()
    os.environ["PYTHONPATH"] = os.pathsep.join(
        p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
    os.execv(sys.executable, [sys.executable, "-m", "stridecheck.reports", *sys.argv[1:]])


if __name__ == "__main__":
    main()
