"""Write standalone repro scripts: one failure of a results file as a script needing only torch.

A script holds, as literals, what the failure record carries: the torch code the target ran,
how the target runs it, the fields it compares and the reference model's expectations; then
the source of `stridecheck.conformance.replay`, which runs the code on torch and prints the
differences in the suite's grammar. It exits 1 while torch diverges, 0 once torch agrees, 2
when the target cannot run on the machine and 3 when the check itself failed. Every string
taken from a results file is untrusted: it reaches the script only as a `repr` literal or an
escaped comment.
"""

from __future__ import annotations

import ast
import inspect
import math
import os
import re
from typing import Any

from stridecheck.conformance import replay, spellings
from stridecheck.conformance.results import FailureRecord
from stridecheck.strategies.program import decode_value

from .reading import write_atomically

# what a failure record must carry for a script (records of older versions lack it)
REPLAY_KEYS = ("source", "setup", "fields", "expected")


def script(failure: FailureRecord) -> str:
    """Return the text of a standalone script that replays one failure record with torch."""
    missing = [k for k in REPLAY_KEYS if failure.get(k) is None]
    if missing:
        raise ValueError(f"the record carries no {', '.join(missing)} (nothing to replay)")
    target = str(failure.get("target", ""))
    setup = failure["setup"]
    if not isinstance(setup, dict) or setup.get("runner") not in ("steps", "compiled"):
        raise ValueError("the record's setup names no known way to run the program")
    compiled = (f"torch.compile(backend={setup.get('backend')!r}, "
                f"dynamic={setup.get('dynamic')!r})")
    if setup.get("mark_dynamic"):
        compiled += ", its tensor arguments' dims of size >= 2 maybe_mark_dynamic"
    how = ("# The program, as torch code: make_input() runs eagerly, program() is compiled\n"
           f"# with {compiled}.\n"
           if setup["runner"] == "compiled" else
           "# The program, as torch code; it runs statement by statement, each function it\n"
           f"# defines compiled with {compiled} (run_steps below).\n"
           if setup.get("backend") else
           "# The program, as torch code; it runs as is"
           f"{' inside FakeTensorMode()' if setup.get('fake') else ''}.\n")
    parts = [_header(failure, target), "import torch\n",
             f"TARGET = {target!r}\n# how the target runs PROGRAM (see run_steps / run_compiled "
             f"below)\nSETUP = {_literal(setup)}\n"
             "# the fields of each tensor this target shows, compared in this order\n"
             f"FIELDS = (\n{_wrapped(tuple(map(str, failure['fields'])))})\n",
             f"{how}PROGRAM = {_string_literal(str(failure['source']))}\n",
             "# What each step should do, by the reference model: the exception it raises,\n"
             "# or every live tensor's fields. None in values marks an element torch leaves\n"
             "# undefined (torch.empty, say); it is not compared.\n"
             "EXPECTED = [\n" + "".join(_expected_step(e) for e in failure["expected"]) + "]\n",
             _checker()]
    return "\n".join(p.rstrip("\n") + "\n" for p in parts)


def _checker() -> str:
    """Return the sources of the spellings and replay modules, to run after the data."""
    parts = []
    for module in (spellings, replay):
        lines = [line for line in inspect.getsource(module).splitlines(keepends=True)
                 if line != "from __future__ import annotations\n"
                 and not line.startswith("from .")]  # the modules above it, pasted here
        parts.append(f"# -- {module.__name__.rsplit('.', 1)[-1]}.py "
                     + "-" * 70 + "\n" + "".join(lines))
    return ("\n# -- the check: run PROGRAM on TARGET and compare with EXPECTED "
            "(nothing to edit below) --\n" + "\n".join(parts) +
            "\n\nif __name__ == \"__main__\":\n    main(globals())\n")


def script_name(index: int, failure: FailureRecord) -> str:
    """Return a safe file name for the script of the index-th failure (numbered from 1)."""
    op = failure.get("op") or "program"
    slug = re.sub(r"[^A-Za-z0-9_]+", "-", f"{failure.get('target', '')}-{op}").strip("-")
    return f"repro-{index + 1:03d}-{slug[:48] or 'program'}.py"


def scripts(failures: list[FailureRecord]) -> dict[int, str]:
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


def write_scripts(failures: list[FailureRecord], out_dir: str,
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


def _header(failure: FailureRecord, target: str) -> str:
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


def _expected_step(step: dict[str, Any]) -> str:
    """Return one entry of EXPECTED: the step's context, exception and live tensors."""
    context = str(step.get("context", ""))
    lines = [f"    {{  # {_comment(context.split(' with ')[0])}",
             f"        'context': {context!r},",
             f"        'raises': {_literal(step.get('raises'))},", "        'tensors': {"]
    for name, fields in (step.get("tensors") or {}).items():
        lines.append(_tensor_entry(str(name), fields))
    lines += ["        },", "    },"]
    return "\n".join(lines) + "\n"


def _tensor_entry(name: str, fields: dict[str, Any]) -> str:
    # values come recorded as JSON data (nan, complex: strategies.program.encode_value)
    items = [f"{str(f)!r}: {_literal(decode_value(v) if f == 'values' else v)}"
             for f, v in fields.items()]
    lines, line = [], f"            {name!r}: {{"
    for item in items:
        if len(line) + len(item) > 96 and not line.endswith("{"):
            lines.append(line.rstrip())
            line = "                "
        line += item + ", "
    lines.append(line.rstrip(", ") + "},")
    return "\n".join(lines)


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


