"""The documentation of the known-divergence format, made from the code that reads it.

`docs/known-divergences.md` and the header of `known_divergences.toml` are generated here from
`conditions.PREDICATES` (each predicate's docstring), `known.KEYS` and the op table's groups;
a test fails when either file drifts from what this module makes. Write them anew with

    python -m stridecheck.conformance.conditions_docs docs/known-divergences.md \\
        conformance/known_divergences.toml
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Sequence
from pathlib import Path

from stridecheck.reference.ops import FAMILIES, GROUPS

from .conditions import GROUP_DOCS, PREDICATES, Predicate
from .known import KEYS
from .when import LEGACY, toml_value

GENERATED = ("<!-- made by `python -m stridecheck.conformance.conditions_docs` from "
             "conformance/conditions.py and conformance/known.py: edit those, not this -->")
# the header ends at the first line that is not a comment
_TOML_INTRO = """\
Divergences today's torch really has: torch differs from the semantics the reference models
(torch 2.13 eager CPU). A divergence found in a run that matches an entry counts as known;
anything else is new. Each entry's `repro` is a torch program that shows it; the test suite
runs every repro and fails once torch stops diverging (or diverges otherwise), so fixed bugs
get removed."""


def markdown() -> str:
    """Return docs/known-divergences.md."""
    out = ["# Known divergences: the entry format and its conditions", "", GENERATED, "",
           "A known divergence is a precise claim about torch: the op where programs diverge, "
           "the fields that differ, the condition under which they do, a repro that shows it "
           "today and the reason found in torch's source. A run's divergence that matches an "
           "entry counts as known; anything else fails with its shrunk program. The packaged "
           "entries are in `conformance/known_divergences.toml`; a team keeps its own in a file "
           "of the same format (`stridecheck run --known FILE`, pytest "
           "`--stridecheck-known FILE`), and `stridecheck baseline RESULTS -o FILE` writes "
           "one from a run.", "",
           "## An entry", "", "| key | what it says |", "| --- | --- |"]
    out += [f"| `{key}` | {text} |" for key, text in KEYS.items()]
    out += ["", "Required: `id`, `target`, `op`, `fields`, `condition`, `reason`, `repro`. For "
            "example, an entry with two parameterised conditions:", "", "```toml", EXAMPLE,
            "```", "", "## Op selectors", "",
            "An entry's `op` is one selector or a list of them; the divergence must be located "
            "at an op one of them selects (the step where the program starts to diverge, not "
            "any op it contains):", "",
            "- a catalogue key (`stridecheck ops` lists them): the op and every spelling of it "
            "(`pow` selects `x ** 2` and `2 ** x` too), or a spelling alone (`__rpow__`); "
            "variant keys name one argument form (`view.dtype`, `max.dim`);",
            "- `family:<name>`, every op of a family: "
            + ", ".join(f"`{f}`" for f in FAMILIES) + ";",
            "- `group:<name>`, every op of a group the op table defines:"]
    out += [f"  - `group:{name}`: {doc};" for name, (doc, _) in GROUPS.items()]
    out += ["- any of these with `.out` (`add.out`, `group:pointwise.out`) selects only calls "
            "that write into an out= tensor (a plain selector selects them too); a key whose op "
            "takes no out= (`median`, not `median.dim`) is refused with `.out`;",
            "- `*`, any op (only with conditions that say which divergence it is).", "",
            "## Conditions (`when`)", "",
            "`when` is a table of predicates that must all hold, written with dotted keys "
            "(`when = { subject.dtype = \"float64\", subject.dim = 0 }`) or nested tables. "
            "A flag takes `true` (the fact must hold) or `false` (it must not); a predicate "
            "that takes a list holds when any of its values does. Predicates that read the "
            "program never hold where the suite could not tell where the divergence starts "
            "(a compiled call whose difference no single step of its body shows).", ""]
    for group, doc in GROUP_DOCS.items():
        out += [f"### `{group}`: {doc}", ""]
        for p in (p for p in PREDICATES.values() if p.group == group):
            out += [f"- **`{p.name}`** ({p.describe_takes()}): {p.doc} "
                    f"Example: `when = {{ {p.name} = {toml_value(p.example)} }}`"]
        out.append("")
    out += ["## Earlier names", "",
            "Files written before this format gave `when` as comma-separated names and had "
            "`raises` and `target_raises` keys; they are still read, as these predicates:", "",
            "| earlier | now |", "| --- | --- |",
            "| `raises = \"text\"` | `error.eager = \"text\"` |",
            "| `target_raises = [...]` | `error.target = [...]` |",
            "| `subject_0d_float64` | `subject.dtype = \"float64\", subject.dim = 0` |"]
    out += [f"| `{old}` | `{name} = {toml_value(value)}` |"
            for old, (name, value) in LEGACY.items()]
    return "\n".join(out) + "\n"


EXAMPLE = """\
[[divergence]]
id = "my-backend-0d-double-fill"
target = "eager"
device = "npu"
op = ["fill_", "group:pointwise.out"]
fields = ["values"]
when = { subject.dtype = ["float64", "complex128"], subject.dim = 0 }
condition = "writing a 0-d double tensor on the device"
reason = "our kernel rounds through float32 (kernels/fill.cpp)"
repro = '''
x = torch.zeros((), dtype=torch.float64, device="npu")
y = x.fill_(0.1)
'''"""


def toml_header() -> str:
    """Return the comment block known_divergences.toml starts with."""
    lines = _TOML_INTRO.splitlines() + [
        "",
        "Format (docs/known-divergences.md says it all): an entry has " + ", ".join(
            f"`{k}`" for k in KEYS) + ". `op` selects ops: a catalogue key (`pow` selects "
        "`x ** 2` too), a spelling alone (`__rpow__`), `family:<name>`, `group:<name>` ("
        + ", ".join(GROUPS) + "), any of them with `.out` for calls into an out= tensor only, "
        "or `*`. `when` is a table of conditions that must all hold, e.g. "
        "`when = { error.raised = \"target\", diff.includes = \"storage_offset\" }`:"]
    wrapped = [w for line in lines for w in (textwrap.wrap(line, 94) or [""])]
    for p in PREDICATES.values():
        wrapped += textwrap.wrap(_first_sentence(p), 94, initial_indent="  ",
                                 subsequent_indent="      ")
    return "\n".join(f"# {line}".rstrip() for line in wrapped) + "\n"


def _first_sentence(p: Predicate) -> str:
    sentence = p.doc.split(". ")[0].rstrip(".")
    return f"{p.name} = {toml_value(p.example)}: {sentence}."


def with_header(toml_text: str) -> str:
    """Return the known-divergences file with its header made anew."""
    lines = toml_text.splitlines(keepends=True)
    body = 0
    while body < len(lines) and lines[body].startswith("#"):
        body += 1
    return toml_header() + "".join(lines[body:])


def main(paths: Sequence[str]) -> int:
    """Write the docs page (a .md path) and the header of a known-divergences file (.toml)."""
    if not paths:
        print("usage: python -m stridecheck.conformance.conditions_docs FILE.md|FILE.toml ...",
              file=sys.stderr)
        return 2
    for path in map(Path, paths):
        text = markdown() if path.suffix == ".md" else with_header(path.read_text())
        path.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
