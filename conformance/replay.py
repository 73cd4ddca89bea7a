"""Replay a program on torch and check it against recorded expectations, with torch alone.

This module's source is written into every repro script (reports/repro.py), after the
script's data: TARGET, SETUP (how the target runs the program), FIELDS, PROGRAM (torch source)
and EXPECTED (the reference's results), and after the source of conformance/spellings.py,
the one module it imports. It therefore imports nothing else but the standard library and
torch, and torch only where it runs. The conformance suite runs compiled
programs through `run_compiled` too, so scripts and suite share one way of running them.
"""

from __future__ import annotations

import ast
import contextlib
import sys
import warnings
from typing import Any

# a repro script holds spellings.py's source above this module's, in place of this import
from .spellings import error_kind, error_value, read

# how a build refuses work that needs a device or feature it lacks: not a divergence
REFUSALS: tuple[str, ...] = ("not linked with support for", "Torch not compiled with",
                             "no kernel image", "is not available", "found no NVIDIA driver")
# the errors after which a device's context is lost for the rest of the process: CUDA's
# sticky errors (a kernel's failed CUDA_KERNEL_ASSERT, a fault; c10/cuda/CUDAException.h), which
# every later call on the device raises again, whatever it does
DEVICE_FAULTS: tuple[str, ...] = ("device-side assert triggered", "illegal memory access",
                                  "unspecified launch failure", "misaligned address",
                                  "illegal instruction")
# the device types whose kernels assert on a bad index (CUDA_KERNEL_ASSERT, SYCL_KERNEL_ASSERT)
ASSERTING_DEVICES: tuple[str, ...] = ("cuda", "xpu")
# the memory formats whose contiguity is observed, in order
FORMATS = ("contiguous_format", "channels_last", "channels_last_3d")


class CannotRun(Exception):
    """The target cannot run on this machine or build (exit 2)."""


def first_line(exc: BaseException) -> tuple[str, str]:
    """Return an error as an outcome: its compared kind and the first line of its message.

    An error torch.compile wraps (dynamo's own exception types) is the error the program
    raised inside: the one eager raises.
    """
    inner = unwrapped(exc)
    text = str(inner).split("\n")[0]
    root = _root(exc) if type(inner).__module__.startswith("torch._dynamo") else inner
    if root is not inner:
        # dynamo raised its own error while handling the program's (a failed fake-tensor
        # call: "RuntimeError when making fake tensor call"): the message names that cause
        cause = str(root).split("\n")[0]
        if cause and cause not in text:
            text = f"{text} (from {type(root).__name__}: {cause})"
    return error_kind(inner), text


def device_fault(message: str) -> bool:
    """Tell whether an error message is a device fault (DEVICE_FAULTS)."""
    return any(m in message for m in DEVICE_FAULTS)


def agrees(actual: tuple[str, str] | None, expected: tuple[str, str] | None) -> bool:
    """Tell whether a step's error agrees with the expected one: both none, or of one kind.

    An accelerator checks indices inside its kernels (CUDA_KERNEL_ASSERT in the index, gather
    and scatter kernels): where torch on the CPU raises an index error, the device faults,
    which is the same refusal, raised where the device can.
    """
    if actual is None or expected is None:
        return actual is expected
    if device_fault(actual[1]):
        return expected[0] == "IndexError" or any(
            m in expected[1] for m in ("out of bounds", "out of range"))
    return actual[0] == expected[0]


def device_type(device: str) -> str:
    """Return a device's type, without its index: "cuda" for "cuda:1"."""
    return device.split(":")[0]


def settle(torch: Any, device: str) -> None:
    """Wait for the kernels queued on `device` (an accelerator's run asynchronously), so that
    an error one of them raises is raised by the step that launched it."""
    kind = device_type(device)
    if kind in ("cpu", "meta"):
        return
    module = getattr(torch, kind, None)
    synchronize = getattr(module, "synchronize", None)
    available = getattr(module, "is_available", None)
    if synchronize is not None and available is not None and available():
        synchronize()


def _root(exc: BaseException) -> BaseException:
    """Return the first error in the chain an error was raised from or while handling."""
    seen = {id(exc)}
    while True:
        inner = exc.__cause__ or exc.__context__
        if inner is None or id(inner) in seen:
            return exc
        seen.add(id(inner))
        exc = inner


def unwrapped(exc: BaseException) -> BaseException:
    """Return the error a compiled program raised, out of dynamo's wrappers around it (a
    backend's failure keeps it as `inner_exception`)."""
    while type(exc).__module__.startswith("torch._dynamo"):
        inner = exc.__cause__ or getattr(exc, "inner_exception", None)
        if not isinstance(inner, BaseException):
            break
        exc = inner
    return exc


def compiled(source: str, name: str, torch: Any, backend: str, dynamic: bool | None,
             mark_dynamic: bool = False) -> Any:
    """Return function `name` of `source` compiled with torch.compile(backend, dynamic); with
    `mark_dynamic`, each call first marks every dim of size 2 or more of its tensor arguments
    with torch._dynamo.maybe_mark_dynamic."""
    function = torch.compile(_defined(source, name, {"torch": torch}), backend=backend,
                             dynamic=dynamic)
    if not mark_dynamic:
        return function

    def call(*args: Any) -> Any:
        marked(args, torch)
        return function(*args)
    return call


def marked(args: Any, torch: Any) -> None:
    """Mark every dim of size 2 or more of the tensors in `args` as maybe dynamic."""
    import torch._dynamo
    for a in args:
        if isinstance(a, torch.Tensor):
            for d, n in enumerate(a.shape):
                if n >= 2:
                    torch._dynamo.maybe_mark_dynamic(a, d)


def _values(t: Any, torch: Any) -> Any:
    try:
        u = t.detach().resolve_conj().resolve_neg().cpu().clone()
        return (u.to(torch.complex64) if u.dtype == torch.complex32 else u).tolist()
    except Exception as exc:  # noqa: BLE001 - a tensor whose values cannot be read is an outcome
        return error_value(exc)


def metadata(live: dict[str, Any], lib: Any, unshown: tuple[str, ...] = ()
             ) -> dict[str, dict[str, Any]]:
    """Return every field but values of each live tensor of `lib`, and its spellings (but
    the relating one, `is_set_to`, where `unshown` names it).

    Storage, identity and base name a tensor: the first live one on that storage, the first
    name of that object, the live name of `_base` ("<hidden>" when it is not live).
    """
    first_name: dict[int, str] = {}
    storage_owner: dict[Any, str] = {}
    out: dict[str, dict[str, Any]] = {}
    # held until the end: a freed storage object's address could be reused and look shared
    storages = [t.untyped_storage() for t in live.values()]
    for name, t in live.items():
        first_name.setdefault(id(t), name)
    formats = tuple(getattr(lib, f) for f in FORMATS)
    relate_off = "is_set_to" in unshown
    for (name, t), s in zip(live.items(), storages):
        storage = storage_owner.setdefault(s._cdata, name)
        base, ptr = t._base, t.data_ptr()
        out[name] = {
            "shape": tuple(t.shape), "strides": tuple(t.stride()),
            "storage_offset": t.storage_offset(), "dtype": str(t.dtype).removeprefix("torch."),
            "device": str(t.device), "conj": (bool(t.is_conj()), bool(t.is_neg())),
            "contiguity": tuple(bool(t.is_contiguous(memory_format=f)) for f in formats),
            "data_ptr": None if ptr == 0 else ptr - s.data_ptr(),
            "identity": None if first_name[id(t)] == name else first_name[id(t)],
            "storage": storage,
            "base": None if base is None else first_name.get(id(base), "<hidden>"),
            "is_view": bool(t._is_view()), "version": int(t._version),
            "spellings": read(t, lib, None if relate_off else (storage, live[storage]))}
    return out


def observe(live: dict[str, Any], fields: tuple[str, ...], torch: Any) -> dict[str, Any]:
    """Return the fields `fields` names of every live tensor, with their spellings."""
    out = {}
    for name, seen in metadata(live, torch).items():
        t = live[name]
        if "values" in fields and t.device.type != "meta":
            seen["values"] = _values(t, torch)
        shown = {f: v for f, v in seen.items() if f in fields}
        shown["spellings"] = [[f, text, v] for f, text, v in seen["spellings"] if f in fields]
        out[name] = shown
    return out


def tensors_of(env: dict[str, Any], torch: Any) -> dict[str, Any]:
    """Return the live tensors of a namespace; tuple elements as `name[i]`."""
    live: dict[str, Any] = {}
    for k, v in env.items():
        if isinstance(v, torch.Tensor):
            live[k] = v
        elif isinstance(v, (tuple, list)):
            live.update({f"{k}[{i}]": r for i, r in enumerate(v) if isinstance(r, torch.Tensor)})
    return live


def run_steps(source: str, torch: Any, setup: dict[str, Any] | None = None) -> Any:
    """Run source statement by statement; yield (error, live tensors) after each step.

    A `def` is no step: it defines a function the program calls, compiled with
    torch.compile when `setup` names a backend.
    """
    env: dict[str, Any] = {"torch": torch}
    backend = (setup or {}).get("backend")
    device = "cpu" if (setup or {}).get("fake") else str((setup or {}).get("device") or "cpu")
    if backend:
        import torch._dynamo
        torch._dynamo.reset()
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef):
            text = ast.get_source_segment(source, node) or ast.unparse(node)
            env[node.name] = compiled(text, node.name, torch, backend, (setup or {}).get(
                "dynamic"), bool((setup or {}).get("mark_dynamic"))) if backend else \
                _defined(text, node.name, env)
            continue
        try:
            exec(compile(ast.Module([node], []), "<program>", "exec"), env)  # noqa: S102
            settle(torch, device)
        except Exception as exc:  # noqa: BLE001 - the program's error is the outcome
            yield first_line(exc), {}
            return
        yield None, tensors_of(env, torch)


def _defined(source: str, name: str, env: dict[str, Any]) -> Any:
    exec(compile(source, "<program>", "exec"), env)  # noqa: S102 - the program's own function
    return env[name]


def run_compiled(source: str, backend: str | None, torch: Any, dynamic: bool | None = None,
                 mark_dynamic: bool = False, device: str = "cpu"
                 ) -> tuple[tuple[str, str] | None, dict[str, Any]]:
    """Build the input eagerly, run the compiled `program`; return (error, returned tensors).

    `source` defines make_input(), program(input) and OUTPUTS, the names of what it returns.
    Without a backend, program() runs eagerly (what a repro shows beside the compiled run).
    `device` is the one the program runs on (settle).
    """
    import torch._dynamo

    env: dict[str, Any] = {"torch": torch}
    exec(compile(source, "<program>", "exec"), env)  # noqa: S102
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            x = env["make_input"]()
            if mark_dynamic:
                marked((x,), torch)
            torch._dynamo.reset()
            program = env["program"] if backend is None else \
                torch.compile(env["program"], backend=backend, dynamic=dynamic)
            outputs = program(x)
            settle(torch, device)
        except Exception as exc:  # noqa: BLE001 - the program's error is the outcome
            inner = unwrapped(exc)
            text = " ".join(line.strip() for line in str(inner).splitlines() if line.strip())
            return (error_kind(inner), clipped(text)), {}
    return None, {k: v for k, v in zip(env["OUTPUTS"], outputs) if isinstance(v, torch.Tensor)}


def clipped(text: str, keep: int = 400) -> str:
    """Shorten a long message to its first `keep` characters, keeping also the error dynamo
    caught where the head cut it off ("Dynamo failed to run FX node ...: got
    RuntimeError('tried to ...')"), which says what went wrong."""
    if len(text) <= keep:
        return text
    cause = text.find(": got ", keep // 2)
    if cause == -1 or cause + 2 < keep - 40:
        return text[:keep]
    return f"{text[:keep]} ... {text[cause + 2:cause + 2 + keep // 2]}"


def same_values(actual: Any, expected: Any, tolerance: float = 0.0) -> bool:
    """Compare nested values; floats may differ by `tolerance` relative to the larger."""
    if expected is None:
        return True  # an element the reference leaves undefined
    if isinstance(expected, list):
        return (isinstance(actual, list) and len(actual) == len(expected)
                and all(same_values(a, e, tolerance) for a, e in zip(actual, expected)))
    if isinstance(actual, list):
        return False
    if actual == expected or (actual != actual and expected != expected):  # NaN
        return True
    if tolerance and isinstance(actual, (float, complex)) and isinstance(
            expected, (float, complex)):
        return abs(actual - expected) <= tolerance * max(abs(actual), abs(expected))
    return False


def show(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 200 else text[:196] + " ..."


def differences(expected: dict[str, Any], error: tuple[str, str] | None,
                live: dict[str, Any], refusals: tuple[str, ...] = REFUSALS) -> list[str]:
    """Return one step's differences in the suite's grammar (empty when it agrees)."""
    where = f" [{expected['context']}]"
    if error is not None and any(m in error[1] for m in refusals):
        raise CannotRun(error[1])
    want = expected["raises"]
    if not agrees(error, None if want is None else (want[0], want[1])):
        said = [None if e is None else f"{e[0]}: {e[1]}" for e in (error, want)]
        return [f"<step>.exception={show(said[0])}, but should be {show(said[1])}{where}"]
    out = []
    for name, fields in ({} if error else expected["tensors"]).items():
        if name not in live:
            out.append(f"{name}.exists=False, but should be True{where}")
            continue
        spelled = fields.get("spellings") or []
        for field, value in fields.items():
            if field in ("spellings", "tolerance"):
                continue
            got = live[name].get(field)
            same = same_values(got, value, fields.get("tolerance") or 0.0) \
                if field == "values" else got == _tupled(value)
            if not same:
                out.append(f"{name}.{field}={show(got)}, but should be {show(value)}{where}")
                continue
            # the other spellings of a field whose own value agrees (conformance.compare)
            seen = {text: v for f, text, v in live[name].get("spellings", ()) if f == field}
            out += [f"{name}.{text}={show(seen.get(text))}, but should be {show(want)}{where}"
                    for f, text, want in spelled
                    if f == field and seen.get(text) != _tupled(want)]
    return out


def _tupled(value: Any) -> Any:
    """Recorded tuples come back from JSON as lists; observed ones are tuples."""
    return tuple(_tupled(v) for v in value) if isinstance(value, list) else value


def check(setup: dict[str, Any], fields: tuple[str, ...], program: str,
          expected: list[dict[str, Any]], torch: Any) -> list[str]:
    """Run `program` as `setup` says; return the first differing step's differences."""
    refusals = tuple(setup.get("refusals") or REFUSALS)
    if setup["runner"] == "compiled":
        error, live = run_compiled(program, setup.get("backend"), torch, setup.get("dynamic"),
                                   bool(setup.get("mark_dynamic")),
                                   str(setup.get("device") or "cpu"))
        seen = {} if error else observe(live, fields, torch)
        return differences(expected[-1], error, seen, refusals)
    for want, (error, live) in zip(expected, run_steps(program, torch, setup)):
        found = differences(want, error, {} if error else observe(live, fields, torch),
                            refusals)
        if found or error is not None:
            return found
    return []


def require(setup: dict[str, Any], torch: Any) -> None:
    """Raise CannotRun when this build or machine lacks what the target needs."""
    device = device_type(str(setup.get("device") or "cpu"))
    if device not in ("cpu", "meta") and not setup.get("fake"):
        module = getattr(torch, device, None)
        available = getattr(module, "is_available", None)
        if available is None or not available():
            raise CannotRun(f"torch {torch.__version__} reports no {device} device")
    for path in setup.get("requires") or ():
        owner: Any = torch
        for part in path.split(".")[1:]:
            owner = getattr(owner, part, None)
        if owner is None:
            raise CannotRun(f"torch {torch.__version__} has no {path}")


def replay(target: str, setup: dict[str, Any], fields: tuple[str, ...], program: str,
           expected: list[dict[str, Any]]) -> int:
    """Check the program on torch, print the verdict; return the exit code (1: diverges)."""
    import torch

    try:
        if setup.get("prelude"):
            exec(setup["prelude"], {"torch": torch})  # noqa: S102 - the target's own setup
        require(setup, torch)
        mode: Any = contextlib.nullcontext()
        if setup.get("fake"):
            import logging

            from torch._subclasses.fake_tensor import FakeTensorMode
            logging.getLogger("torch._subclasses.fake_tensor").setLevel(logging.CRITICAL)
            mode = FakeTensorMode(allow_non_fake_inputs=False)
        with warnings.catch_warnings(), mode:
            warnings.simplefilter("ignore")  # deprecation notes are not outcomes
            found = check(setup, fields, program, expected, torch)
    except CannotRun as exc:
        print(f"cannot run {target} here: {exc}")
        return 2
    if found:
        print(f"{target}, torch {torch.__version__}: {len(found)} difference(s)")
        print("\n".join(f"  {line}" for line in found))
        if setup.get("backend"):
            _beside_eager(setup, fields, program, expected, torch)
        return 1
    print(f"{target}, torch {torch.__version__}: torch agrees with the expected behaviour")
    return 0


def _beside_eager(setup: dict[str, Any], fields: tuple[str, ...], program: str,
                  expected: list[dict[str, Any]], torch: Any) -> None:
    """Print what the same program does without torch.compile: eager torch agreeing with
    the expected behaviour is what makes the difference the compiler's."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            found = check({**setup, "backend": None}, fields, program, expected, torch)
    except Exception as exc:  # noqa: BLE001 - the eager run is an aside: report, do not fail
        print(f"eager (the same program without torch.compile) could not run: {exc}")
        return
    if found:
        print(f"eager (the same program without torch.compile): {len(found)} difference(s) "
              "too, so this is not the compiler's alone")
        print("\n".join(f"  {line}" for line in found))
    else:
        print("eager (the same program without torch.compile): agrees with the expected "
              "behaviour")


def main(namespace: dict[str, Any]) -> None:
    """Run a repro script's check from its globals; exit 1, 0, 2 or 3 (the check failed)."""
    try:
        code = replay(namespace["TARGET"], namespace["SETUP"], tuple(namespace["FIELDS"]),
                      namespace["PROGRAM"], namespace["EXPECTED"])
    except Exception as exc:  # noqa: BLE001 - the checker itself failed: neither verdict holds
        print(f"could not check: {type(exc).__name__}: {exc}", file=sys.stderr)
        code = 3
    sys.exit(code)
