"""The reference model must work with torch unavailable, and never import it."""

from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

REFERENCE = pathlib.Path(__file__).resolve().parents[1] / "reference"

BLOCK_TORCH = """
import sys

class BlockTorch:
    def find_spec(self, name, path=None, target=None):
        if name == "torch" or name.startswith("torch."):
            raise ImportError(f"blocked import of {name}")
        return None

sys.meta_path.insert(0, BlockTorch())
import pkgutil
import stridecheck.reference as T
for info in pkgutil.iter_modules(T.__path__):
    __import__(f"stridecheck.reference.{info.name}")
x = T.arange(24, dtype=T.float32).view(2, 3, 4).permute(2, 0, 1)[1:, ::2]
assert x.shape == (3, 1, 3) and x.stride() == (1, 24, 4), (x.shape, x.stride())
x.add_(1)
assert "torch" not in sys.modules, "torch got imported"
print("ok", len(list(pkgutil.iter_modules(T.__path__))))
"""


def test_reference_imports_and_runs_with_torch_blocked() -> None:
    out = subprocess.run([sys.executable, "-c", BLOCK_TORCH], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("ok"), out.stdout


def test_no_reference_module_mentions_torch_imports() -> None:
    offenders = []
    for path in REFERENCE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [f"{path.name}: {n}" for n in names if n.split(".")[0] == "torch"]
    assert not offenders, offenders
