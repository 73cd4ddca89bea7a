"""Programs that call a function, the way people write what they compile.

The program builds one to three inputs eagerly: the base tensor itself, views of it
(overlapping or not, of its dtype or another through view(dtype)), clones of another input,
or tensors of their own.
It calls a function of them whose body mixes views, in-place writes (to inputs, to views of
inputs and of intermediates), out-of-place ops, clones, copy_, setitem, scatters and
metadata mutations, and returns a chosen set of tensors: inputs, intermediates, one tensor
twice, a detach() or no-op view of another. After the call a probe writes each returned
tensor and restrides it in place, in a fixed order, so that what aliases what shows in every
other output and input. The function may be called again, on inputs of another layout or
aliasing, or on the same inputs after they changed; each call is probed the same way.

Compiled targets compile the function; every other target calls it as it is, which checks
the same program against eager semantics there too.
"""

from __future__ import annotations

import warnings
from typing import Any

import stridecheck.reference as ref
from stridecheck.reference.ops import OPS, OpSpec

from .arguments import Chooser
from .chains import _one_op, base_steps
from .program import (
    Function,
    Op,
    Program,
    Ref,
    Step,
    Sym,
    apply,
    bind,
    interpreted,
    renamed,
)

# what the function's parameters are called; the first call's inputs carry the same names
PARAMS = ("a", "b", "c")
NAME = "f"
# the view families an input is drawn from (each result one tensor of the same storage)
INPUT_FAMILIES = frozenset({"dims", "reshape", "index", "broadcast", "dtype"})


def function_program(ch: Chooser, *, max_ops: int = 6, device: str = "cpu",
                     invalid_share: float = 0.05, write_share: float = 0.4,
                     ops: tuple[OpSpec, ...] = OPS, max_numel: int = 64,
                     min_calls: int = 1, max_calls: int = 3,
                     later: tuple[str, ...] = ()) -> Program:
    """Return a program: inputs, a call of its function, the probe, maybe more calls.

    `later` says, per later call in turn, how its inputs are made (see `later_inputs`; drawn
    where it says nothing): a batch's programs change their inputs alike, so that the guards of the
    one function they compile to fail or pass for all of them together.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the reference warns where torch does
        return _function_program(ch, max_ops=max_ops, device=device,
                                 invalid_share=invalid_share, write_share=write_share, ops=ops,
                                 max_numel=max_numel, min_calls=min_calls,
                                 max_calls=max_calls, later=later)


def function_batch(ch: Chooser, *, max_size: int = 16, max_calls: int = 3,
                   **kw: Any) -> tuple[Program, ...]:
    """Return up to `max_size` programs (`function_program`, `kw` its options) that call
    their function the same number of times, on later inputs made the same way: what
    `batching.check_batch` runs as one batch. Each program's draws are one span."""
    calls = ch.integer(1, max_calls)
    later = tuple(later_inputs(ch) for _ in range(calls - 1))
    programs: list[Program] = []
    while not programs or (len(programs) < max_size and ch.chance(0.9)):
        programs.append(ch.group(lambda sub: function_program(
            sub, min_calls=calls, max_calls=calls, later=later, **kw)))
    return tuple(programs)


def _function_program(ch: Chooser, *, max_ops: int, device: str, invalid_share: float,
                      write_share: float, ops: tuple[OpSpec, ...], max_numel: int,
                      min_calls: int, max_calls: int, later: tuple[str, ...]) -> Program:
    steps = base_steps(ch, device, max_numel)
    env: dict[str, Any] = {}
    _replay(steps, env)
    args = _inputs(ch, steps, env, device, max_numel)
    params = PARAMS[:len(args)]
    # the body is drawn on inputs of their own (the same steps again), as the call runs it
    fresh: dict[str, Any] = {}
    _replay(steps, fresh)
    body, returns = _body(ch, {p: fresh[a] for p, a in zip(params, args)}, max_ops=max_ops,
                          device=device, invalid_share=invalid_share, write_share=write_share,
                          ops=ops)
    fn = Function(NAME, params, tuple(body), tuple(returns))
    env[NAME] = interpreted(fn, ref)
    for call in range(max_calls):
        if call:
            if call >= min_calls and not ch.chance(0.7):
                break
            how = later[call - 1] if call <= len(later) else later_inputs(ch)
            args = _other_inputs(steps, env, args, call, how)
        out = "out" if call == 0 else f"out{call}"
        if not _step(steps, env, Step(out, None, Op(NAME, tuple(Ref(a) for a in args),
                                                    kind="call"))):
            break
        _probe(steps, env, out, len(returns))
    return Program(tuple(steps), (fn,))


def _step(steps: list[Step], env: dict[str, Any], step: Step) -> bool:
    """Append a step and run it on the reference; tell whether it ran (raising ends it)."""
    steps.append(step)
    try:
        result = apply(step.op, ref if step.src is None else env[step.src], ref, env)
    except Exception:  # noqa: BLE001 - the program ends at the step that raises
        return False
    if step.out is not None:
        bind(env, step.out, result)
    return True


def _replay(steps: list[Step], env: dict[str, Any]) -> None:
    for s in steps:
        result = apply(s.op, ref if s.src is None else env[s.src], ref, env)
        if s.out is not None:
            bind(env, s.out, result)


def _inputs(ch: Chooser, steps: list[Step], env: dict[str, Any], device: str,
            max_numel: int) -> list[str]:
    """Draw one to three inputs; return the names the call passes (a name may come twice)."""
    views = tuple(op for op in OPS if op.family in INPUT_FAMILIES and not op.writes)
    args: list[str] = []
    for i in range(ch.choice((2, 1, 3))):  # two inputs first: what may alias
        how = ch.choice(("base", "view", "copy", "copy", "own")) if i else \
            ch.choice(("base", "view"))
        if how == "base":
            args.append(ch.choice(args) if args and ch.chance(0.3) else "x0")
            continue
        name = PARAMS[i]
        if how == "copy":  # the first input's shape and dtype, memory of its own
            _step(steps, env, Step(name, args[0], Op("clone")))
            args.append(name)
            continue
        if how == "own":
            def to_own(_: str, name: str = name) -> str:
                return name  # the base steps bind and read only x0
            own = [renamed(s, to_own) for s in base_steps(ch, device, max_numel)]
            _replay(own, env)
            steps.extend(own)
            args.append(name)
            continue
        live = {n: env[n] for n in ("x0", *args) if hasattr(env[n], "stride")}
        src, op = _one_op(ch, live, views, (), views, 0.0, 0.0, device)
        if _step(steps, env, Step(name, src, op)) and hasattr(env.get(name), "stride"):
            args.append(name)
        else:
            steps.pop()
            env.pop(name, None)
            args.append(src)
    return args


def _body(ch: Chooser, live: dict[str, Any], *, max_ops: int, device: str,
          invalid_share: float, write_share: float, ops: tuple[OpSpec, ...]
          ) -> tuple[list[Step], list[str]]:
    """Draw the function's body on its inputs; return its steps and what it returns."""
    env = dict(live)
    writes = tuple(op for op in ops if op.writes)
    reads = tuple(op for op in ops if not op.writes) or ops
    body: list[Step] = []
    for i in range(1, max_ops + 1):
        def one(sub: Chooser, optional: bool = i > 1) -> tuple[str, Op] | None:
            if optional and not sub.chance(0.85):
                return None
            tensors = {n: t for n, t in env.items() if hasattr(t, "stride")}
            return _one_op(sub, tensors, ops, writes, reads, write_share, invalid_share,
                           device)
        drawn = ch.group(one)
        if drawn is None:
            break
        src, op = drawn
        out = None if op.statement else f"t{i}"
        if not _step(body, env, Step(out, src, op)):
            break
        if out is not None and not hasattr(env[out], "stride") and not any(
                k.startswith(f"{out}[") for k in env):
            env.pop(out, None)
    tensors = [n for n, t in env.items() if hasattr(t, "stride")]
    returns = [ch.choice(tensors) for _ in range(ch.integer(1, 3))]
    extra = ch.choice((None, "detach", "view_as", "view"))
    if extra is not None:
        src = ch.choice(returns)
        op = Op(extra, {"detach": (), "view_as": (Ref(src),),
                        "view": tuple(env[src].shape) or ((),)}[extra])
        name = f"t{len(body) + 1}"  # body names are t1..t{len(body)} at most
        if _step(body, env, Step(name, src, op)):
            returns.append(name)
        else:
            body.pop()
    return body, returns


def later_inputs(ch: Chooser) -> str:
    """Draw how a later call's inputs are made (see `_other_inputs`)."""
    # half of the later calls change the aliasing between the inputs: what guards must see
    return ch.choice(("alias", "overlap")) if ch.chance(0.5) else \
        ch.choice(("same", "clone", "layout"))


def _other_inputs(steps: list[Step], env: dict[str, Any], args: list[str], call: int,
                  how: str) -> list[str]:
    """Return the next call's inputs: the same ones (changed by now), contiguous clones (no
    aliasing), one input passed for every parameter of its shape and dtype (aliasing), a view
    of it with its geometry passed for those parameters (overlapping tensors, not one), or
    copies with the dims' strides reversed (another layout)."""
    if how == "same":
        return list(args)
    first = env[args[0]]
    like_first = [i > 0 and tuple(env[a].shape) == tuple(first.shape) and
                  env[a].dtype == first.dtype for i, a in enumerate(args)]
    if how == "alias":
        return [args[0] if like else a for a, like in zip(args, like_first)]
    if how == "overlap":
        views = list(args)
        for i, like in enumerate(like_first):
            name = f"{PARAMS[i]}{call}"
            if like and _step(steps, env, Step(name, args[0], Op("view_as", (Ref(args[0]),)))):
                views[i] = name
        return views
    made: list[str] = []
    for i, a in enumerate(args):
        name = f"{PARAMS[i]}{call}"
        t = env[a]
        if how == "layout" and t.dim() >= 2:
            made_here = [Step(name, a, Op("mT", kind="attribute")),
                         Step(name, name, Op("contiguous")),
                         Step(name, name, Op("mT", kind="attribute"))]
        else:
            made_here = [Step(name, a, Op("clone", (), (("memory_format",
                                                          Sym("contiguous_format")),)))]
        if not all(_step(steps, env, s) for s in made_here):
            return made + args[i:]
        made.append(name)
    return made


def _probe(steps: list[Step], env: dict[str, Any], out: str, count: int) -> None:
    """Write each returned tensor in place, then restride each in place, in order: t_() on
    tensors of at most 2 dims, unsqueeze_(0) on others."""
    for i in range(count):
        if not _step(steps, env, Step(None, f"{out}[{i}]", Op("fill_", (i + 1,)))):
            return
    for i in range(count):
        name = f"{out}[{i}]"
        op = Op("t_") if env[name].dim() <= 2 else Op("unsqueeze_", (0,))
        if not _step(steps, env, Step(None, name, op)):
            return
