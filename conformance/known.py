"""Known divergences: the packaged known_divergences.toml and a team's own files.

A team running the suite on its backend or build adds files of the same format
(`--stridecheck-known FILE`, `stridecheck run --known FILE`); their entries are checked the
same way as the packaged ones. An entry may be scoped to torch versions (`torch = ">=2.14"`,
a PEP 440 specifier); outside its scope it is not loaded.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from stridecheck.reference.ops import BY_KEY, FAMILIES, GROUPS, canonical
from stridecheck.strategies.parse import parse
from stridecheck.strategies.program import Program

from .compare import Difference
from .conditions import DIFF_FIELDS, Site, holds
from .when import parse_when

if TYPE_CHECKING:
    from .targets import Target

@dataclass(frozen=True, slots=True)
class KnownDivergence:
    """One entry of the known-divergences file (docs/known-divergences.md: every key)."""

    id: str
    targets: tuple[str, ...]  # "eager" (every eager device and meta), "fake", "refs", ...
    device: str  # "" matches any device
    ops: tuple[str, ...]  # op selectors: a key, family:<name>, group:<name>, "*" for any
    fields: tuple[str, ...]
    condition: str
    reason: str
    link: str
    repro: str
    program: Program  # the repro as program data
    # the predicates (conformance.conditions) that must all hold: {"diff.size1_only": True}
    when: dict[str, Any] = field(default_factory=dict, hash=False)
    # the torch versions the entry is about (a PEP 440 specifier; "" for every version)
    torch: str = ""
    # the file it was read from ("" for the packaged file)
    source: str = ""

    @property
    def target(self) -> str:
        return self.targets[0]

    def matches(self, ops: tuple[str, ...], diffs: list[Difference],
                target: Target | None = None, site: Site | None = None) -> bool:
        """Tell whether differences found at any of `ops` (catalogue keys) on `target` match.

        `site` is where the diverging step is, for the predicates that read it (without
        one, only predicates on the differences alone can hold).
        """
        if not diffs:
            return False
        first = diffs[0]
        if target is not None and not any(target.answers_to(t) for t in self.targets) and not (
                # an eager target running a step on meta tensors (x.to("meta")) runs torch's
                # meta kernels there, as the meta target does
                target.kind == "eager" and first.device == "meta" and "meta" in self.targets):
            return False
        if first.field not in self.fields:
            return False
        if self.device and first.device != self.device:
            return False
        if not holds(self.when, diffs, site):
            return False
        return "*" in self.ops or any(name in self.ops for op in ops for name in selectors(op))


@cache
def selectors(op: str) -> tuple[str, ...]:
    """Return the selectors an entry's `op` list may name an op by: its own key (`__rpow__`),
    the key it is a spelling of (`pow`), `family:<name>` or `group:<name>` (ops.GROUPS); a call
    into out= (`add.out`) answers to those and to each of them with `.out`
    (`group:pointwise.out`)."""
    if op.endswith(".out"):
        plain = selectors(op.removesuffix(".out"))
        return plain + tuple(f"{name}.out" for name in plain)
    key = canonical(op)
    spec = BY_KEY.get(key)
    if spec is None:
        return (op, key)
    return (op, key, f"family:{spec.family}",
            *(f"group:{g}" for g, (_, test) in GROUPS.items() if test(spec)))


def _tuple(value: Any) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


class KnownFileError(ValueError):
    """A known-divergences file that cannot be used: one line naming the file and entry."""


PACKAGED = "known_divergences.toml"
# every key an entry may have, with what it says (docs/known-divergences.md is made of these)
KEYS = {
    "id": "a name of its own, unique among the files in use",
    "target": "the targets it is about: a kind (`eager` is every eager device and meta, "
              "`fake`, `refs`, `compile`) or a target's name (`compile:inductor`); a list for "
              "several",
    "device": "the device the differing tensor is on (`meta`); absent for any",
    "op": "the op where programs diverge, as selectors (below); a list for several",
    "fields": "the fields the first difference may be in: "
              + ", ".join(f"`{f}`" for f in DIFF_FIELDS),
    "when": "conditions that must all hold (below), a table: `{ diff.size1_only = true }`",
    "condition": "in words, when it happens",
    "reason": "why torch does it, from torch's source",
    "link": "an upstream issue, where one exists",
    "repro": "a program that shows it today (the suite fails once it stops diverging)",
    "torch": "the torch versions it is about, a PEP 440 specifier (`\">=2.14\"`); absent for "
             "every version",
}
_KEYS = tuple(KEYS)
# keys of earlier files, read into `when`: eager's error text, the target's error texts
_LEGACY_KEYS = {"raises": "error.eager", "target_raises": "error.target"}
_REQUIRED = ("id", "target", "op", "fields", "condition", "reason", "repro")
_extra_files: tuple[str, ...] = ()


def use_files(paths: Sequence[str]) -> None:
    """Add the entries of these files to the packaged ones, in this process, from now on.

    Every file is read and checked first: a bad one raises KnownFileError and changes nothing.
    """
    global _extra_files
    files = tuple(os.path.abspath(p) for p in paths)
    if files == _extra_files:
        return  # nothing to add: no need to read the packaged file ahead of load()
    entries(files, None)  # raises on a bad file or an id given twice
    _extra_files = files
    load.cache_clear()


def extra_files() -> tuple[str, ...]:
    """Return the team's files in use in this process (absolute paths)."""
    return _extra_files


@cache
def load() -> tuple[KnownDivergence, ...]:
    """Return the entries in force here: packaged and added ones, scoped to this torch."""
    return entries(_extra_files, torch_version())


def torch_version() -> str | None:
    """Return the version of the torch installed here, or None without torch."""
    try:
        import torch
    except ImportError:
        return None
    return str(torch.__version__)


def entries(files: Sequence[str], version: str | None,
            packaged: bool = True) -> tuple[KnownDivergence, ...]:
    """Return the entries of the packaged file (with `packaged`) and of `files`, those whose
    `torch` scope holds `version` (all of them for None); raise KnownFileError when a file
    cannot be used."""
    found: list[KnownDivergence] = []
    if packaged:
        text = resources.files(__package__).joinpath(PACKAGED).read_text()
        found += _parse_file(text, "")
    for path in files:
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise KnownFileError(f"{path}: cannot read it ({getattr(exc, 'strerror', exc)})"
                                 ) from None
        found += _parse_file(text, path)
    where: dict[str, str] = {}
    for e in found:
        if e.id in where:
            raise KnownFileError(f"{e.source or PACKAGED}: entry {e.id}: the id is already "
                                 f"used in {where[e.id] or PACKAGED}")
        where[e.id] = e.source
    return tuple(e for e in found if version is None or in_scope(e, version))


def in_scope(entry: KnownDivergence, version: str) -> bool:
    """Tell whether a torch version is one the entry is about (local labels such as +cpu
    do not matter; a pre-release comes before its release, as PEP 440 orders them)."""
    if not entry.torch:
        return True
    try:
        return SpecifierSet(entry.torch).contains(Version(version), prereleases=True)
    except InvalidVersion:
        return True


def _parse_file(text: str, source: str) -> list[KnownDivergence]:
    name = source or PACKAGED
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise KnownFileError(f"{name}: not TOML ({exc})") from None
    unknown_tables = [k for k in data if k != "divergence"]
    if unknown_tables or not isinstance(data.get("divergence", []), list):
        raise KnownFileError(f"{name}: expected only [[divergence]] entries, found "
                             f"{', '.join(unknown_tables) or 'divergence as a single table'}")
    return [_entry(e, name, source, i) for i, e in enumerate(data.get("divergence", []), 1)]


def _entry(e: dict[str, Any], name: str, source: str, number: int) -> KnownDivergence:
    label = f"{name}: entry {e.get('id', f'#{number}')}"
    missing = [k for k in _REQUIRED if k not in e]
    if missing:
        raise KnownFileError(f"{label}: missing {', '.join(missing)}")
    unknown = [k for k in e if k not in _KEYS and k not in _LEGACY_KEYS]
    if unknown:
        raise KnownFileError(f"{label}: unknown key(s) {', '.join(unknown)}; "
                             f"an entry has {', '.join(_KEYS)}")
    strings = ("id", "device", "condition", "reason", "link", "repro", "torch")
    lists = ("target", "op", "fields")
    bad = [k for k in strings if k in e and not isinstance(e[k], str)] + [
        k for k in lists if k in e and not (isinstance(e[k], str) or (
            isinstance(e[k], list) and all(isinstance(v, str) for v in e[k])))]
    if bad:
        raise KnownFileError(f"{label}: {', '.join(bad)} must be text "
                             "(or a list of texts for target, op, fields)")
    try:
        when = parse_when(e.get("when", {}))
        when.update(parse_when({_LEGACY_KEYS[k]: e[k] for k in _LEGACY_KEYS if k in e}))
    except ValueError as exc:
        raise KnownFileError(f"{label}: when: {exc}") from None
    unknown = [op for op in _tuple(e["op"]) if not _known_selector(op.removesuffix(".out"))]
    if unknown:
        raise KnownFileError(f"{label}: no such op selector: {', '.join(unknown)} (a catalogue "
                             "key, family:<name>, group:<name> or *)")
    # `median.out` of the median without dim would select nothing: that form has no out=
    formless = [op for op in _tuple(e["op"]) if op.endswith(".out")
                and op.removesuffix(".out") in BY_KEY and not BY_KEY[op.removesuffix(".out")].out]
    if formless:
        raise KnownFileError(f"{label}: no out= form: {', '.join(formless)} (the catalogue "
                             "says which ops take out=: `stridecheck ops`)")
    unknown = [f for f in _tuple(e["fields"]) if f not in DIFF_FIELDS]
    if unknown:
        raise KnownFileError(f"{label}: unknown field(s) {', '.join(unknown)}; known: "
                             f"{', '.join(DIFF_FIELDS)}")
    if e.get("torch"):
        try:
            SpecifierSet(e["torch"])
        except InvalidSpecifier:
            raise KnownFileError(f"{label}: torch = {e['torch']!r} is not a version "
                                 "specifier such as \">=2.14\"") from None
    try:
        program = parse(e["repro"])
    except ValueError as exc:
        raise KnownFileError(f"{label}: repro: {exc}") from None
    return KnownDivergence(
        id=e["id"], targets=_tuple(e["target"]), device=e.get("device", ""),
        ops=_tuple(e["op"]), fields=_tuple(e["fields"]), condition=e["condition"],
        reason=e["reason"].strip(), link=e.get("link", ""), repro=e["repro"].strip(),
        program=program, when=when, torch=e.get("torch", ""), source=source)


def _known_selector(selector: str) -> bool:
    """Tell whether an op selector names anything: `*`, an op key or spelling the catalogue
    has, a family or a group."""
    kind, _, name = selector.partition(":")
    if kind == "family" and name:
        return name in FAMILIES
    if kind == "group" and name:
        return name in GROUPS
    return selector == "*" or selector in BY_KEY


def classify(ops: tuple[str, ...], diffs: list[Difference], target: Target | None = None,
             site: Site | None = None) -> KnownDivergence | None:
    """Return the known divergence these differences (at `ops`, the step at `site`) match, or
    None when new."""
    for entry in load():
        if entry.matches(ops, diffs, target, site):
            return entry
    return None
