"""Targets: named ways to run a program in torch, each knowing which fields it can show.

A target turns a program (built for its device) into step results comparable with the
reference's. What a torch build cannot run at all is `Unsupported`, never a divergence.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from stridecheck.strategies.program import Program, Step

from .execute import StepResult, run
from .observe import FIELDS

NO_VALUES = tuple(f for f in FIELDS if f != "values")
# fake tensors have no data: no values, and data_ptr() is always 0
FAKE_FIELDS = tuple(f for f in NO_VALUES if f != "data_ptr")
# torch.compile and torch._refs give no view tracking or version counters to compare
COMPILED_FIELDS = ("shape", "strides", "storage_offset", "dtype", "device", "conj",
                   "contiguity", "storage", "values")
REFS_FIELDS = ("shape", "strides", "storage_offset", "dtype", "device", "conj", "contiguity",
               "values")

# messages with which a CPU-only build refuses work that needs a device it lacks
_UNSUPPORTED_MARKERS = ("not linked with support for", "Torch not compiled with",
                        "no kernel image", "is not available", "found no NVIDIA driver")


class Unsupported(Exception):
    """The target cannot run this program on this machine (not a divergence)."""


@dataclass(frozen=True)
class Target:
    """One way to run programs: its name, device, comparable fields and runner."""

    name: str
    device: str  # the device programs for this target are built for
    fields: tuple[str, ...]
    runner: Callable[[Program], list[StepResult]] = field(repr=False, compare=False)
    unavailable: str | None = None  # why it cannot run here, if it cannot
    budget_scale: float = 1.0  # share of the example budget (compiles are slow)

    def run(self, program: Program) -> list[StepResult]:
        if self.unavailable:
            raise Unsupported(self.unavailable)
        results = self.runner(program)
        for r in results:
            if r.error and any(m in r.error[1] for m in _UNSUPPORTED_MARKERS):
                raise Unsupported(f"{self.name}: {r.error[1]}")
        return results

    @property
    def unchecked(self) -> tuple[str, ...]:
        return tuple(f for f in FIELDS if f not in self.fields)


def _torch() -> Any:
    import torch
    return torch


def _eager(program: Program) -> list[StepResult]:
    return run(program, _torch())


def fake_mode() -> Any:
    """Return a FakeTensorMode that does not log the meta-kernel errors it turns into outcomes.

    The dispatch cache all FakeTensorModes share is emptied first: what a program sees must
    not depend on the programs run before it (see fake-empty-view-cache-storage).
    """
    import logging

    from torch._subclasses.fake_tensor import FakeTensorMode
    logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)
    FakeTensorMode.cache_clear()
    return FakeTensorMode(allow_non_fake_inputs=False)


def _fake(program: Program) -> list[StepResult]:
    with fake_mode():
        return run(program, _torch())


def _accelerators() -> list[str]:
    torch = _torch()
    found = []
    for name in ("cuda", "mps", "xpu", "hpu", "mtia"):
        module = getattr(torch, name, None)
        with contextlib.suppress(Exception):
            if module is not None and module.is_available():
                found.append(name)
    return found


def device_names() -> list[str]:
    """Return 'cpu' and each accelerator torch reports, with its name where torch gives one."""
    torch = _torch()
    found = ["cpu"]
    for name in _accelerators():
        module = getattr(torch, name)
        label = name
        with contextlib.suppress(Exception):
            label = f"{name}: {module.get_device_name(0)}"
        found.append(label)
    return found


def _split_base(program: Program) -> tuple[list[Step], list[Step]]:
    """Split into the steps building x0 (run eagerly) and the rest (the compiled body)."""
    base = []
    for i, step in enumerate(program.steps):
        if step.out == "x0" and (step.src in (None, "x0")):
            base.append(step)
        else:
            return base, list(program.steps[i:])
    return base, []


def _compiled(backend: str) -> Callable[[Program], list[StepResult]]:
    """Run x0's steps eagerly, then the rest as one function compiled with `backend`.

    The function is generated from the program's own text, so dynamo traces plain torch
    calls rather than the program interpreter.
    """
    def runner(program: Program) -> list[StepResult]:
        from .execute import run_source_compiled

        base, body = _split_base(program)
        if not body:
            raise Unsupported("compile: the program has no step after its input")
        fake_mode()  # quiets the fake-tensor log that compiling also writes to
        source = "\n".join([f"x0 = {_joined_base(base)}", *map(repr, body)])
        results = run_source_compiled(source, backend)
        for r in results:
            r.step = program.steps[-1]
        return results

    return runner


def _joined_base(base: list[Step]) -> str:
    """Return the base steps as one expression (x0 = a; x0 = x0.f() -> a.f())."""
    text = base[0].op.call_text("torch")
    for step in base[1:]:
        text = step.op.call_text(f"({text})")
    return text


class _RefsLibrary:
    """torch with methods routed through torch._refs where a reference exists."""

    def __init__(self) -> None:
        import torch
        import torch._refs as refs
        self._torch = torch
        self._refs = refs

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._refs, name, None)
        return found if found is not None else getattr(self._torch, name)


def _refs(program: Program) -> list[StepResult]:
    """Run each op through torch._refs; an op without a reference is unsupported."""
    import torch._refs as refs

    from stridecheck.strategies.program import Op

    steps = []
    for step in program.steps:
        op = step.op
        if op.kind in ("method", "function") and step.src is not None:
            if op.name == "view" and op.args and type(op.args[0]).__name__ == "Sym":
                raise Unsupported("refs: torch._refs.view takes no dtype")
            if getattr(refs, op.name, None) is None:
                raise Unsupported(f"refs: torch._refs has no {op.name}")
            steps.append(Step(step.out, step.src, Op(op.name, op.args, op.kwargs,
                                                     kind="function", pick=op.pick)))
        else:
            steps.append(step)
    return run(Program(tuple(steps)), _RefsLibrary())


def refs_library() -> Any:
    """Return a stand-in for the torch module whose functions are torch._refs' where they exist."""
    return _RefsLibrary()


def all_targets() -> dict[str, Target]:
    """Return every target this library knows, available here or not."""
    torch = _torch()
    accel = _accelerators()
    targets = {
        "eager:cpu": Target("eager:cpu", "cpu", FIELDS, _eager),
        "meta": Target("meta", "meta", NO_VALUES, _eager),
        "fake:cpu": Target("fake:cpu", "cpu", FAKE_FIELDS, _fake),
        "fake:cuda": Target("fake:cuda", "cuda", FAKE_FIELDS, _fake),
        "compile:aot_eager": Target("compile:aot_eager", "cpu", COMPILED_FIELDS,
                                    _compiled("aot_eager"), budget_scale=0.01),
        "compile:inductor": Target("compile:inductor", "cpu", COMPILED_FIELDS,
                                   _compiled("inductor"), budget_scale=0.01),
        "refs": Target("refs", "cpu", REFS_FIELDS, _refs),
    }
    for name in ("cuda", "mps", "xpu"):
        reason = None if name in accel else f"torch {torch.__version__} reports no {name} device"
        targets[f"eager:{name}"] = Target(f"eager:{name}", name, FIELDS, _eager,
                                          unavailable=reason)
    return targets


DEFAULT_TARGETS = ("eager:cpu", "eager:cuda", "eager:mps", "eager:xpu", "meta", "fake:cpu",
                   "fake:cuda", "compile:aot_eager", "compile:inductor", "refs")


def resolve_targets(names: str | None) -> list[Target]:
    """Return the targets named (comma-separated), or all of them; unknown names raise."""
    known = all_targets()
    if not names or names == "all":
        return [known[n] for n in DEFAULT_TARGETS]
    chosen = [n.strip() for n in names.split(",") if n.strip()]
    unknown = [n for n in chosen if n not in known]
    if unknown:
        raise ValueError(f"unknown target(s) {', '.join(unknown)}; known: {', '.join(known)}")
    return [known[n] for n in chosen]
