"""Targets: named ways to run a program in torch, each owning everything it means.

A target knows how it runs a program (as data) and the torch source that does the same (what
a repro script runs), which fields it can show, how the reference's expected results project
onto what it shows, the kind that known-divergence patterns name it by, which ops it cannot
run, and how it recognises a build that cannot run a program at all (`Unsupported`, never a
divergence). Nothing outside this module compares target names.

Teams add targets of their own through the entry-point group `stridecheck.targets`: each entry
point names a callable returning a `Target` or an iterable of them.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from stridecheck.reference.ops import BY_KEY
from stridecheck.strategies.program import (
    GRAPH_BREAK,
    Function,
    Op,
    Program,
    Ref,
    Step,
    lookup,
)

from . import replay
from .execute import StepResult, Watch, run
from .observe import FIELDS, snapshot_all

NO_VALUES = tuple(f for f in FIELDS if f != "values")
# fake tensors have no data: no values, and data_ptr() is always 0
FAKE_FIELDS = tuple(f for f in NO_VALUES if f != "data_ptr")
# torch.compile and torch._refs give no view tracking or version counters to compare
COMPILED_FIELDS = ("shape", "strides", "storage_offset", "dtype", "device", "conj",
                   "contiguity", "identity", "storage", "values")
REFS_FIELDS = ("shape", "strides", "storage_offset", "dtype", "device", "conj", "contiguity",
               "values")

ENTRY_POINT_GROUP = "stridecheck.targets"


class Unsupported(Exception):
    """The target cannot run this program on this machine (not a divergence)."""


def _torch() -> Any:
    import torch
    return torch


# device type -> why this process can no longer run programs on it: a device fault
# (replay.DEVICE_FAULTS) loses the device's context until the process ends, and every later
# program on the device, whatever it does, would raise the fault again
_LOST: dict[str, str] = {}


def _lose(device: str, step: Any, message: str) -> None:
    kind = replay.device_type(device)
    _LOST.setdefault(kind, f"the {kind} device faulted earlier in this process, at `{step!r}` "
                           f"({message[:120]}), and its context is lost until the process "
                           "ends; that program's outcome was recorded")


def lost(target: Target) -> str | None:
    """Return why `target` can run nothing more in this process (its device faulted), if so."""
    return _LOST.get(replay.device_type(target.device))


@dataclass(frozen=True)
class Target:
    """One way to run programs: eager torch on `device` unless a subclass says otherwise."""

    name: str
    device: str  # the device programs for this target are built for
    fields: tuple[str, ...] = FIELDS
    kind: str = "eager"  # what known-divergence patterns call it: eager, fake, compile, refs
    unavailable: str | None = None  # why it cannot run here, if it cannot
    budget_scale: float = 1.0  # share of the example budget (compiles are slow)
    # how many function programs one example may run together (batching.check_batch), for a
    # target whose cost is per run rather than per step (what it gains is measured in
    # benchmarks/bench_function_programs.py)
    batch: int = 1
    batch_budget_scale: float = 1.0  # the share of the example budget for batches
    # how many of the layout matrix's cells it runs as one batch (one op each: they batch
    # well where a run costs more than its steps, as a compile does)
    matrix_batch: int = 1
    # messages with which a build refuses work it cannot do: "unsupported", not a divergence
    refusals: tuple[str, ...] = replay.REFUSALS
    # torch code a repro script runs first (a backend's import, say)
    prelude: str = field(default="", compare=False)
    # spellings (conformance.spellings, by the name before "(") whose answers it cannot show
    unshown_spellings: tuple[str, ...] = ()

    # -- running -----------------------------------------------------------------------------
    def run(self, program: Program, watch: Watch | None = None) -> list[StepResult]:
        """Run a program; raise Unsupported when this machine or build cannot. `watch` says
        which tensors to observe after each step (execute.run; all when None)."""
        if self.unavailable:
            raise Unsupported(self.unavailable)
        why = lost(self)
        if why:
            raise Unsupported(f"{self.name}: {why}")
        for step in (*program.steps, *(s for f in program.functions for s in f.body)):
            spec = BY_KEY.get(step.op.key)
            if spec is not None and self.kind in spec.unsupported_on:
                raise Unsupported(f"{self.name}: {self.kind} cannot run {spec.key}")
        # a target of another distribution may define _run(program) alone
        results = self._run(program) if watch is None else self._run(program, watch)
        for r in results:
            if r.error and any(m in r.error[1] for m in self.refusals):
                raise Unsupported(f"{self.name}: {r.error[1]}")
            if r.error and replay.device_fault(r.error[1]):
                _lose(self.device, r.step, r.error[1])
        return results

    def _run(self, program: Program, watch: Watch | None = None) -> list[StepResult]:
        torch = _torch()
        return run(program, torch, watch=watch, unshown=self.unshown_spellings,
                   settle=lambda: replay.settle(torch, self.device))

    @property
    def asserts_in_kernels(self) -> bool:
        """Whether the kernels this target runs refuse bad indices with device-side asserts
        (reference.errors.IN_KERNEL), after which its device is lost (replay.DEVICE_FAULTS):
        eager and compiled code on CUDA and XPU, whose kernels run on the device."""
        return self.kind in ("eager", "compile") and \
            replay.device_type(self.device) in replay.ASSERTING_DEVICES

    def warm(self) -> Target:
        """Return this target for many short programs in a row: one that may keep what it
        caches from one program to the next (self here). A divergence it finds is checked
        again on self, so a cache never makes one by itself; a known one is not (rechecking
        the known layouts of low-precision and out= cells would cost the cache's gain)."""
        return self

    def source(self, program: Program) -> str:
        """Return the torch code this target runs for `program` (a repro script embeds it)."""
        return repr(program) + "\n"

    def replay_setup(self, program: Program) -> dict[str, Any]:
        """Return how a repro script runs `source(program)`: see `replay.main`."""
        return {"runner": "steps", "fake": False, "backend": None, "device": self.device,
                "requires": [], "refusals": list(self.refusals), "prelude": self.prelude}

    # -- comparing ---------------------------------------------------------------------------
    def project(self, program: Program, expected: list[StepResult]) -> list[StepResult]:
        """Return the reference's results as this target can show them (all steps here)."""
        return _hide_spellings(expected, self.unshown_spellings)

    def fields_for(self, program: Program) -> tuple[str, ...]:
        """Return the fields compared for `program` (all this target shows, here)."""
        return self.fields

    def sees_whole(self, program: Program) -> bool:
        """Tell whether this target sees only the end of `program` (not each step)."""
        return False

    def prefixes(self, program: Program) -> range:
        """Return the lengths of the shorter programs to try, shortest first, to find the step
        where a difference of the whole program starts (none: every step is seen)."""
        return range(0)

    def batches(self, program: Program, reference: list[StepResult]) -> bool:
        """Tell whether `program` may run in a batch with others (batching.check_batch), by
        its steps and what they did on the reference (`reference`, every step observed from
        the one before its first call)."""
        return True

    def ops_at_fault(self, program: Program, index: int) -> tuple[str, ...]:
        """Return the catalogue keys of the ops that may cause a difference at step `index`."""
        return (program.steps[index].op.fault_key,) if 0 <= index < len(program.steps) else ()

    @property
    def compiles_functions(self) -> bool:
        """Tell whether a call of the program's function runs as one compiled unit (the steps
        of its body are then not seen one by one)."""
        return False

    def answers_to(self, pattern: str) -> bool:
        """Tell whether a known-divergence target pattern names this target."""
        return pattern in ("", "any", self.name, self.kind)

    @property
    def unchecked(self) -> tuple[str, ...]:
        """Return the fields, then the spellings, this target cannot show."""
        return (*(f for f in FIELDS if f not in self.fields),
                *(f"{s}()" for s in self.unshown_spellings))


def _hide_spellings(results: list[StepResult], names: tuple[str, ...]) -> list[StepResult]:
    """Drop the named spellings from each snapshot (comparisons follow the expected side)."""
    if not names:
        return results
    return [StepResult(r.step, r.error, {
        k: replace(s, spellings=tuple(x for x in s.spellings if x[1].split("(")[0] not in names))
        for k, s in r.live.items()}, r.index) for r in results]


def fake_mode(fresh: bool = True) -> Any:
    """Return a FakeTensorMode that does not log the meta-kernel errors it turns into outcomes.

    The dispatch cache all FakeTensorModes share is emptied first (when `fresh`): what a
    program sees must not depend on the programs run before it (see
    fake-empty-view-cache-storage). Kept, it makes the steps many programs repeat cost a
    lookup (the layout matrix's cells run about twice as fast).
    """
    import logging

    from torch._subclasses.fake_tensor import FakeTensorMode
    logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)
    if fresh:
        FakeTensorMode.cache_clear()
    return FakeTensorMode(allow_non_fake_inputs=False)


@dataclass(frozen=True)
class FakeTarget(Target):
    """Programs run inside FakeTensorMode: metadata without data."""

    fields: tuple[str, ...] = FAKE_FIELDS
    kind: str = "fake"
    # aten::is_set_to has no Meta kernel: FakeTensorMode answers it with its fallback
    # kernel (torch/_subclasses/fake_tensor.py, run_fallback_kernel), on fresh real tensors
    # made for each argument, which never share a storage: always False
    unshown_spellings: tuple[str, ...] = ("is_set_to",)
    # whether each program runs with FakeTensorMode's dispatch cache emptied (see warm)
    fresh_cache: bool = field(default=True, compare=False)
    # ops whose output shape depends on values (nonzero, argwhere, masked_select, x[mask],
    # unique, unique_consecutive, bincount, lstsq's rank-dependent residuals)
    # raise DynamicOutputShapeException, named by the op, without a ShapeEnv: FakeTensor
    # cannot run them, which is no divergence (torch/_subclasses/fake_impls.py)
    # A tensor literal made on meta inside FakeTensorMode is a real meta tensor, which the
    # mode refuses to mix with fake ones: a limit of the harness, no divergence.
    refusals: tuple[str, ...] = replay.REFUSALS + (
        "aten.nonzero.default", "aten.masked_select.default", "aten.nonzero.out",
        "aten.masked_select.out", "aten._unique2.default", "aten.unique_dim.default",
        "aten.unique_consecutive.default", "aten.bincount.default",
        "aten.linalg_lstsq.default", "aten.linalg_lstsq.out",
        # an op that reads a value to size its output (one_hot's num_classes=-1: .item())
        "aten._local_scalar_dense.default",
        "Please convert all Tensors to FakeTensors")

    def _run(self, program: Program, watch: Watch | None = None) -> list[StepResult]:
        with fake_mode(self.fresh_cache):
            return run(program, _torch(), watch=watch, unshown=self.unshown_spellings)

    def warm(self) -> Target:
        """The dispatch cache is kept between programs (rechecking each difference on self)."""
        return replace(self, fresh_cache=False)

    def replay_setup(self, program: Program) -> dict[str, Any]:
        return {**super().replay_setup(program), "fake": True}


def split_input(program: Program) -> tuple[list[Step], list[Step]]:
    """Split into the steps building the input (run eagerly) and the compiled body.

    The input is the first step's tensor; the steps rebuilding it from itself alone
    (`x0 = x0.view(2, 3)`) belong to it.
    """
    steps = list(program.steps)
    if not steps or steps[0].src is not None or steps[0].out is None:
        return [], steps
    name = steps[0].out
    for i, step in enumerate(steps[1:], 1):
        if step.out != name or step.src != name or _refers(step):
            return steps[:i], steps[i:]
    return steps, []


def _refers(step: Step) -> bool:
    return bool(step.op.refs())


@dataclass(frozen=True)
class CompiledTarget(Target):
    """Programs compiled with torch.compile(backend=..., dynamic=...).

    A program that calls functions of its own runs step by step as everywhere else, with
    each function compiled once: every step is seen, the calls' results and the inputs after
    them included. A program without functions is compiled whole: its input is built eagerly,
    the function returns the input and every tensor it binds, and only those, after the last
    step, can be compared.
    """

    fields: tuple[str, ...] = COMPILED_FIELDS
    kind: str = "compile"
    budget_scale: float = 0.01
    # one program at a time: batches of function programs (one compile per joint call)
    # checked no more programs per second than programs alone on today's mix, since most
    # programs raise, break the graph or differ and run alone anyway (benchmarks/README.md);
    # a target made with batch=16 runs them (the graph-break variants never should: a
    # break in the middle of a joint body falls inside one program of 16)
    batch: int = 1
    batch_budget_scale: float = 0.005  # 5 batches, about 45 programs, in the ci profile
    matrix_batch: int = 32
    backend: str = "inductor"
    dynamic: bool | None = None  # torch.compile's own default: static, then dynamic
    # each call first marks its tensor arguments' dims of size >= 2 maybe dynamic
    mark_dynamic: bool = False
    # a torch._dynamo.graph_break() in the middle of the compiled body: two graphs, with the
    # aliasing and mutations between them handled by dynamo itself
    graph_break: bool = False

    def _run(self, program: Program, watch: Watch | None = None) -> list[StepResult]:
        fake_mode()  # quiets the fake-tensor log that compiling also writes to
        torch = _torch()
        if program.functions:
            import torch._dynamo
            torch._dynamo.reset()
            return run(program, torch, realize=lambda fn, lib: replay.compiled(
                self._function_source(fn), fn.name, lib, self.backend, self.dynamic,
                self.mark_dynamic), watch=watch,
                settle=lambda: replay.settle(torch, self.device))
        error, live = replay.run_compiled(self.source(program), self.backend, torch,
                                          self.dynamic, self.mark_dynamic, self.device)
        last, index = program.steps[-1], len(program.steps) - 1
        if error is not None:
            return [StepResult(last, error, index=index)]
        return [StepResult(last, None, snapshot_all(live), index)]

    def _function_source(self, fn: Function) -> str:
        return fn.source(break_after=len(fn.body) // 2 if self.graph_break else None)

    def source(self, program: Program) -> str:
        if program.functions:
            return "".join(self._function_source(f) + "\n\n\n" for f in program.functions) \
                + "\n".join(repr(s) for s in program.steps) + "\n"
        base, body = split_input(program)
        if not base or not body:
            raise Unsupported(f"{self.name}: the program has no step after its input")
        arg = base[0].out
        assert arg is not None, "an input step binds a name"
        text = base[0].op.call_text("torch")
        for step in base[1:]:
            text = step.op.call_text(text)  # calls, attributes, subscripts: no parentheses
        outputs = [arg, *dict.fromkeys(s.out for s in body if s.out is not None)]
        lines = "".join(f"    {s!r}\n" for s in body)
        if self.graph_break:
            half = len(body) // 2
            lines = "".join(f"    {s!r}\n" for s in body[:half]) + \
                f"    {GRAPH_BREAK}\n" + "".join(f"    {s!r}\n" for s in body[half:])
        return (f"def make_input():\n    return {text}\n\n\n"
                f"def program({arg}):\n{lines}"
                f"    return ({', '.join(outputs)}{',' if len(outputs) == 1 else ''})\n\n\n"
                f"OUTPUTS = {tuple(outputs)!r}\n")

    def replay_setup(self, program: Program) -> dict[str, Any]:
        return {**super().replay_setup(program), "backend": self.backend,
                "dynamic": self.dynamic, "mark_dynamic": self.mark_dynamic,
                "runner": "steps" if program.functions else "compiled"}

    def project(self, program: Program, expected: list[StepResult]) -> list[StepResult]:
        """Keep the last step, and of it only the tensors the compiled function returns
        (every step of a program with functions)."""
        if not expected or program.functions:
            return super().project(program, expected)
        final = _hide_spellings(expected[-1:], self.unshown_spellings)[0]
        if final.error is not None:
            return [final]
        returned = {s.out for s in program.steps if s.out is not None}
        return [StepResult(final.step, None,
                           {k: v for k, v in final.live.items() if k in returned}, final.index)]

    def fields_for(self, program: Program) -> tuple[str, ...]:
        # which returned tensors are one object is compared where the program says what its
        # function returns; a program compiled whole returns every tensor it binds, which
        # nobody writes, so there the identity of two names is not a claim about torch
        if program.functions:
            return self.fields
        return tuple(f for f in self.fields if f != "identity")

    def sees_whole(self, program: Program) -> bool:
        return not program.functions

    def prefixes(self, program: Program) -> range:
        # a compiled program is seen whole: each shorter program still has a step to compile
        if program.functions:
            return range(0)
        base, _ = split_input(program)
        return range(len(base) + 1, len(program.steps))

    @property
    def compiles_functions(self) -> bool:
        return True

    def answers_to(self, pattern: str) -> bool:
        # a variant (dynamic shapes, a graph break) answers to its backend's target too
        return super().answers_to(pattern) or pattern == f"compile:{self.backend}"

    def batches(self, program: Program, reference: list[StepResult]) -> bool:
        # a graph break in a joint body makes the rest of it a frame of its own, traced again
        # (twice: dynamo restarts the frame that breaks) for every break: a batch of programs
        # that break costs more than the programs alone
        return not any(_breaks_graph(s) for f in program.functions for s in f.body) and \
            not _out_breaks(program, reference)

    def ops_at_fault(self, program: Program, index: int) -> tuple[str, ...]:
        # seen whole, any of its steps may be the cause (until the prefixes say which)
        if program.functions:
            return super().ops_at_fault(program, index)
        return tuple(dict.fromkeys(s.op.fault_key for s in program.steps))


# what dynamo graph-breaks on in torch 2.13, as far as a step shows it: the ops the catalogue
# says it breaks at (OpSpec.breaks_graph) and indexing with a bool tensor ("Dynamic shape
# operator"); out= breaks it where the reference shows the out tensor resized or not
# contiguous (_out_breaks)
def _breaks_graph(step: Step) -> bool:
    spec = BY_KEY.get(step.op.key)
    if spec is not None and spec.breaks_graph:
        return True
    return any(lit.dtype == "bool" for lit in step.op.literals()) and step.op.kind in (
        "getitem", "setitem")


def _out_breaks(program: Program, reference: list[StepResult]) -> bool:
    """Tell whether a call of the program's function passes a tensor that its body writes as
    out= and that dynamo breaks the graph at: one the op resizes, or one not contiguous after
    it ("Shape mismatch with out= tensor variant", "Attempted to call op with non-contiguous
    `out=` tensor" in torch/_dynamo/variables/torch.py), as the reference's run of the
    program shows the tensor before and after the call. An out= tensor the body makes itself
    is not seen there: it counts as a break."""
    for fn in program.functions:
        outs = [dict(s.op.kwargs)["out"] for s in fn.body if "out" in dict(s.op.kwargs)]
        if not outs:
            continue
        if not all(isinstance(o, Ref) and o.name in fn.params for o in outs):
            return True
        for i, step in enumerate(program.steps):
            if step.op.kind != "call" or step.op.name != fn.name:
                continue
            if not 0 < i < len(reference):
                return True
            for o in outs:
                arg = step.op.args[fn.params.index(o.name)]
                before = reference[i - 1].live.get(arg.name) if isinstance(arg, Ref) else None
                after = reference[i].live.get(arg.name) if isinstance(arg, Ref) else None
                if before is None or after is None or before.shape != after.shape or \
                        not after.contiguity[0]:
                    return True
    return False


class _RefsLibrary:
    """torch with functions routed through torch._refs where a reference exists."""

    def __init__(self) -> None:
        import torch
        import torch._refs as refs
        self._torch = torch
        self._refs = refs

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._refs, name, None)
        return found if found is not None else getattr(self._torch, name)


def _routed(step: Step) -> bool:
    """Tell whether the refs target calls this step through torch._refs."""
    return step.op.kind in ("method", "function") and step.src is not None


@dataclass(frozen=True)
class RefsTarget(Target):
    """Each method or function call of the program goes through torch._refs."""

    fields: tuple[str, ...] = REFS_FIELDS
    kind: str = "refs"

    def _routed_program(self, program: Program) -> Program:
        return Program(self._routed(program.steps), tuple(
            replace(f, body=self._routed(f.body)) for f in program.functions))

    def _routed(self, steps_in: tuple[Step, ...]) -> tuple[Step, ...]:
        import torch._refs as refs

        steps = []
        for step in steps_in:
            if _routed(step):
                op = step.op
                if lookup(refs, op.name) is None:
                    raise Unsupported(f"{self.name}: torch._refs has no {op.name}")
                spec = BY_KEY.get(op.key)
                if op.kind == "method" and spec is not None and spec.subject:
                    raise Unsupported(f"{self.name}: torch._refs.{op.name} takes the method's "
                                      f"subject as argument {spec.subject + 1}")
                step = Step(step.out, step.src, Op(op.name, op.args, op.kwargs,
                                                   kind="function", pick=op.pick))
            steps.append(step)
        return tuple(steps)

    def _run(self, program: Program, watch: Watch | None = None) -> list[StepResult]:
        return run(self._routed_program(program), _RefsLibrary(), watch=watch)

    def source(self, program: Program) -> str:
        routed = self._routed_program(program)
        functions = "".join(f.source(self._line) + "\n\n\n" for f in routed.functions)
        return functions + "".join(f"{self._line(s)}\n" for s in routed.steps)

    @staticmethod
    def _line(step: Step) -> str:
        import torch._refs as refs
        routed = step.op.kind == "function" or (
            step.op.kind == "factory" and getattr(refs, step.op.name, None) is not None)
        return step.source("torch._refs" if routed else "torch")

    def replay_setup(self, program: Program) -> dict[str, Any]:
        steps = [*program.steps, *(s for f in program.functions for s in f.body)]
        names = dict.fromkeys(s.op.name for s in steps if _routed(s))
        return {**super().replay_setup(program), "requires": [f"torch._refs.{n}" for n in names]}


# -- the registry ------------------------------------------------------------------------------
# accelerators torch has a module for, looked for by name (older builds lack torch.accelerator)
_NAMED_ACCELERATORS = ("cuda", "mps", "xpu", "hpu", "mtia")
# eager targets listed on every machine, unavailable (with the reason) where torch has no device
_ALWAYS_LISTED = ("cuda", "mps", "xpu")
_INDUCTOR_DEVICES = ("cuda", "xpu", "mps")
# how torch says a backend has no kernel for an op: the device cannot do it, no divergence
NO_KERNEL = "' backend. This could be because the operator doesn't exist for this backend"


def _accelerators() -> list[str]:
    """Return the device types torch reports a device for: torch.accelerator's, the
    PrivateUse1 backend under the name it registered, and those of torch's own modules."""
    torch = _torch()
    found = []
    with contextlib.suppress(Exception):
        if torch.accelerator.is_available():
            found.append(torch.accelerator.current_accelerator().type)
    names = (privateuse1_name(), *_NAMED_ACCELERATORS)
    for name in names:
        module = getattr(torch, name, None) if name else None
        with contextlib.suppress(Exception):
            if module is not None and module.is_available():
                found.append(name)
    return list(dict.fromkeys(found))


def privateuse1_name() -> str:
    """Return the name a PrivateUse1 backend registered ("" where none did), and teach the
    reference the same name, as torch.utils.rename_privateuse1_backend taught torch."""
    torch = _torch()
    name = ""
    with contextlib.suppress(Exception):
        name = torch._C._get_privateuse1_backend_name()
    if not name or name == "privateuseone":
        return ""
    from stridecheck.reference import utils
    utils.rename_privateuse1_backend(name)
    return name


def device_names() -> list[str]:
    """Return 'cpu' and each accelerator torch reports, with its name where torch gives one."""
    torch = _torch()
    found = ["cpu"]
    for name in _accelerators():
        label = name
        with contextlib.suppress(Exception):
            label = f"{name}: {getattr(torch, name).get_device_name(0)}"
        found.append(label)
    return found


def device_targets(device: str, accelerators: list[str]) -> list[Target]:
    """Return the eager and fake targets of a device ("npu", "cuda:1"); unavailable, with the
    reason, where torch does not know the device or reports none of its type."""
    torch = _torch()
    unknown = None  # why torch cannot even make a fake tensor on the device
    try:
        kind = torch.device(device).type
    except (RuntimeError, ValueError):
        kind = device.partition(":")[0]
        unknown = (f"torch {torch.__version__} does not know this device: no backend "
                   f"registered the device type {kind}")
    absent = None if kind in accelerators else f"torch {torch.__version__} reports no {kind} device"
    refusals = replay.REFUSALS + (NO_KERNEL,)
    return [Target(f"eager:{device}", device, unavailable=unknown or absent, refusals=refusals),
            FakeTarget(f"fake:{device}", device, unavailable=unknown,
                       refusals=FakeTarget.refusals + (NO_KERNEL,))]


def _builtin(devices: tuple[str, ...] = ()) -> list[Target]:
    accel = _accelerators()
    listed = list(dict.fromkeys((*_ALWAYS_LISTED, *accel, *devices)))
    made = {d: device_targets(d, accel) for d in listed}
    targets = [Target("eager:cpu", "cpu")]
    targets += [made[d][0] for d in listed]
    targets += [
        Target("meta", "meta", NO_VALUES),
        FakeTarget("fake:cpu", "cpu"),
    ]
    # fake tensors of a device type need no device: fake:cuda runs on any build that knows
    # cuda (what a CPU-only build refuses is unsupported)
    targets += [made[d][1] for d in listed if d == "cuda" or d in accel or d in devices]
    targets += [
        CompiledTarget("compile:aot_eager", "cpu", backend="aot_eager"),
        CompiledTarget("compile:inductor", "cpu", backend="inductor"),
        CompiledTarget("compile:aot_eager-dynamic", "cpu", backend="aot_eager", dynamic=True),
        CompiledTarget("compile:inductor-dynamic", "cpu", backend="inductor", dynamic=True),
        CompiledTarget("compile:inductor-mark-dynamic", "cpu", backend="inductor",
                       mark_dynamic=True),
        # one matrix cell at a time: a break in the middle of a joint body falls inside one
        # cell, and each break makes the rest of the body a frame traced again
        CompiledTarget("compile:aot_eager-graph-break", "cpu", backend="aot_eager",
                       graph_break=True, matrix_batch=1),
        CompiledTarget("compile:inductor-graph-break", "cpu", backend="inductor",
                       graph_break=True, matrix_batch=1),
        RefsTarget("refs", "cpu"),
    ]
    # inductor generates code for these devices itself (Triton on cuda and xpu, Metal on mps)
    targets += [CompiledTarget(f"compile:inductor-{d}", d, backend="inductor")
                for d in accel if d in _INDUCTOR_DEVICES]
    return targets


def _registered() -> list[Target]:
    """Return the targets other distributions register under ENTRY_POINT_GROUP."""
    from importlib.metadata import entry_points

    found: list[Target] = []
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        made: Any = ep.load()
        made = made() if callable(made) and not isinstance(made, Target) else made
        items: Iterable[Any] = [made] if isinstance(made, Target) else made
        for t in items:
            if not isinstance(t, Target):
                raise TypeError(f"entry point {ep.name} ({ep.value}) gave {type(t).__name__}, "
                                "not a stridecheck Target")
            found.append(t)
    return found


@cache
def all_targets(devices: tuple[str, ...] = ()) -> dict[str, Target]:
    """Return every target known here, by name: the built-in ones (with an eager and a fake
    target for each of `devices` too), then registered ones."""
    targets: dict[str, Target] = {}
    for t in [*_builtin(devices), *_registered()]:
        if t.name in targets:
            raise ValueError(f"two targets are named {t.name!r}")
        targets[t.name] = t
    return targets


def resolve_targets(names: str | None, devices: tuple[str, ...] = ()) -> list[Target]:
    """Return the targets named (comma-separated), or all of them, with targets for
    `devices` among them; unknown names raise."""
    known = all_targets(devices)
    if not names or names == "all":
        return list(known.values())
    chosen = [n.strip() for n in names.split(",") if n.strip()]
    unknown = [n for n in chosen if n not in known]
    if unknown:
        raise ValueError(f"unknown target(s) {', '.join(unknown)}; known: {', '.join(known)}")
    return [known[n] for n in chosen]


def first_answering(pattern: str) -> Target:
    """Return the first target a known-divergence pattern names (eager -> eager:cpu)."""
    for t in all_targets().values():
        if t.answers_to(pattern) and not t.unavailable:
            return t
    raise ValueError(f"no target here answers to {pattern!r}")


def with_devices(targets: list[Target], devices: Iterable[str]) -> list[Target]:
    """Keep, of the eager and fake targets of a device, those on the named devices (meta and
    targets of other kinds stay)."""
    wanted = set(devices)
    return [t for t in targets if t.kind not in ("eager", "fake") or t.device == "meta"
            or t.device in wanted]

