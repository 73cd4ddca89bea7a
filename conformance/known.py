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
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from packaging.specifiers import InvalidSpecifier, SpecifierSet
from packaging.version import InvalidVersion, Version

from stridecheck.reference.ops import BY_KEY, FAMILIES, canonical
from stridecheck.strategies.parse import parse
from stridecheck.strategies.program import Program

from .compare import Difference
from .observe import FIELDS

if TYPE_CHECKING:
    from .targets import Target

# conditions on the diverging step rather than on the differences (outcome._step_facts)
FACTS = ("mixed_rank", "tensor_index", "after_metadata_mutation", "result_unused",
         "returns_input_alias", "noop_alias", "subject_is_inplace_result", "new_input_overlap",
         "meta_literal", "subject_0d_float64", "subject_gapped_unfold", "lost_input_overlap",
         "after_dtype_view_write", "subject_written_in_call", "input_overlap",
         "written_has_alias_as", "subject_storage_written_in_call")
# what a difference may be in: a snapshot field, an exception, a tensor that is missing, or
# a program that ran another number of steps (compare, execute)
DIFF_FIELDS = (*FIELDS, "exception", "exists", "steps")
# the conditions on differences alone (not on the program's facts)
DIFF_CONDITIONS = ("empty", "size1_strides", "accepted", "refused", "raised_otherwise",
                   "smaller_storage", "offset_differs")
CONDITIONS = ("", *DIFF_CONDITIONS, *FACTS)


@dataclass(frozen=True, slots=True)
class KnownDivergence:
    """One entry of the known-divergences file."""

    id: str
    targets: tuple[str, ...]  # "eager" (every eager device and meta), "fake", "refs", ...
    device: str  # "" matches any device
    ops: tuple[str, ...]  # "*" matches any op
    fields: tuple[str, ...]
    condition: str
    reason: str
    link: str
    repro: str
    program: Program  # the repro as program data
    # extra condition on the difference: "size1_strides" (strides differ only on dims of
    # size 1, or on any dim of an empty tensor), "empty" (the tensor has no elements),
    # "accepted" (the target ran a step the reference raised at), "refused" (the target
    # raised at a step the reference ran), "raised_otherwise" (both raised, differently),
    # "smaller_storage" (only untyped_storage().nbytes() differs, smaller on the target),
    # "offset_differs" (a storage offset is among the differences),
    # "mixed_rank" (the diverging step's tensor operands have different ranks),
    # "tensor_index" (the diverging step indexes with a tensor), "after_metadata_mutation"
    # (an earlier step changed a tensor's geometry or storage in place), "result_unused"
    # (inside a called function, nothing returns or reads what the step binds),
    # "returns_input_alias" (the step returns a tensor already live, its self or its out=,
    # that is a view of a compiled function's input, or an input passed for two parameters),
    # "subject_is_inplace_result" (the step's subject was bound to an in-place op's result:
    # one object under two names, or `x += 1`), "meta_literal" (the step writes out a
    # tensor on meta), "subject_0d_float64" (the step's subject is a 0-d float64 tensor),
    # "subject_gapped_unfold" (the step's subject is an unfold with step > size),
    # "after_dtype_view_write" (an earlier step wrote to a view(dtype) of a tensor),
    # "new_input_overlap" (the call passes two distinct tensors sharing a storage, which no
    # earlier call of its function did), "lost_input_overlap" (an earlier call of its
    # function passed such tensors, this one does not), "subject_written_in_call" (an
    # earlier step of the called function's body wrote the step's subject in place or as
    # out=), "subject_storage_written_in_call" (an earlier step of the called function's
    # body wrote a tensor on the step's subject's storage), "input_overlap" (the call passes
    # two distinct tensors sharing a storage),
    # "written_has_alias_as" (the tensor the step writes has a live view_as, reshape_as or
    # expand_as of itself made before), "noop_alias" (the step's result has its subject's
    # storage, geometry and dtype), or "": several, comma-separated, must all hold
    when: str = ""
    # text the reference's exception must contain ("" for any): ties an exception entry to
    # the one error of eager's it is about
    raises: str = ""
    # texts one of which the target's exception must contain (none: any): ties an entry
    # about a target refusing a step eager runs to the errors it refuses with
    target_raises: tuple[str, ...] = ()
    # the torch versions the entry is about (a PEP 440 specifier; "" for every version)
    torch: str = ""
    # the file it was read from ("" for the packaged file)
    source: str = ""

    @property
    def conditions(self) -> tuple[str, ...]:
        """Return the conditions `when` names, all of which must hold ("a, b")."""
        return tuple(w.strip() for w in self.when.split(",") if w.strip())

    @property
    def target(self) -> str:
        return self.targets[0]

    def matches(self, ops: tuple[str, ...], diffs: list[Difference],
                target: Target | None = None, facts: frozenset[str] = frozenset()) -> bool:
        """Tell whether differences found at any of `ops` (catalogue keys) on `target` match.

        `facts` are what the caller knows of the diverging step ("mixed_rank").
        """
        if not diffs:
            return False
        if target is not None and not any(target.answers_to(t) for t in self.targets):
            return False
        first = diffs[0]
        if first.field not in self.fields:
            return False
        if self.device and first.device != self.device:
            return False
        for when in self.conditions:
            if not (when in facts if when in FACTS else _condition(when, diffs)):
                return False
        if self.raises and not (first.field == "exception"
                                and self.raises in str(first.expected)):
            return False
        if self.target_raises and not (first.field == "exception" and any(
                text in str(first.actual) for text in self.target_raises)):
            return False
        return "*" in self.ops or any(name in self.ops for op in ops for name in _names(op))


def _names(op: str) -> tuple[str, ...]:
    """Return the names an entry's `op` list may give an op by: its own key (`__rpow__`),
    the key it is a spelling of (`pow`) or `family:<name>`; a call into out= (`add.out`)
    answers to those names and to each of them with `.out` (`family:arithmetic.out`)."""
    if op.endswith(".out"):
        plain = _names(op.removesuffix(".out"))
        return plain + tuple(f"{name}.out" for name in plain)
    key = canonical(op)
    spec = BY_KEY.get(key)
    return (op, key, f"family:{spec.family}") if spec is not None else (op, key)


def diff_conditions(diffs: list[Difference]) -> tuple[str, ...]:
    """Return the conditions on differences alone that these differences meet."""
    return tuple(c for c in DIFF_CONDITIONS if diffs and _condition(c, diffs))


def _condition(when: str, diffs: list[Difference]) -> bool:
    if when == "empty":
        return all(0 in d.shape for d in diffs)
    first = diffs[0]
    ran = {side: value in (None, "None") for side, value in (("target", first.actual),
                                                             ("reference", first.expected))}
    if when == "accepted":  # the target ran the step through where the reference raised
        return first.field == "exception" and ran["target"]
    if when == "refused":  # the target raised where the reference ran the step through
        return first.field == "exception" and ran["reference"]
    if when == "raised_otherwise":  # both raised, with other exceptions
        return first.field == "exception" and not any(ran.values())
    if when == "offset_differs":  # a tensor's storage offset is among the differences
        return any(d.field == "storage_offset" for d in diffs)
    if when == "smaller_storage":  # the target's storage has fewer bytes, nothing else
        return all(d.field == "storage" and d.spelling == "untyped_storage().nbytes()"
                   and d.actual < d.expected for d in diffs)
    if when == "size1_strides":
        # a spelling that disagrees with its own field's agreed value is never trivial; but
        # x.is_set_to(y) compares strides exactly, so a tensor whose strides differ only
        # trivially may answer it otherwise
        restrided = {d.tensor for d in diffs if d.field == "strides"}
        return all((d.field in ("strides", "contiguity") and not d.spelling
                    and _only_trivial_strides(d)) or
                   (d.spelling.startswith("is_set_to(") and d.tensor in restrided)
                   for d in diffs)
    return True


def _only_trivial_strides(d: Difference) -> bool:
    """Return whether two stride tuples differ only where the stride cannot matter."""
    if d.field == "contiguity" or 0 in d.shape:
        return True
    return all(a == e or n == 1 for a, e, n in zip(d.actual, d.expected, d.shape))


def _tuple(value: Any) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


class KnownFileError(ValueError):
    """A known-divergences file that cannot be used: one line naming the file and entry."""


PACKAGED = "known_divergences.toml"
# every key an entry may have, and the ones it must have
_KEYS = ("id", "target", "device", "op", "fields", "condition", "reason", "link", "repro",
         "when", "raises", "target_raises", "torch")
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
    unknown = [k for k in e if k not in _KEYS]
    if unknown:
        raise KnownFileError(f"{label}: unknown key(s) {', '.join(unknown)}; "
                             f"an entry has {', '.join(_KEYS)}")
    strings = ("id", "device", "condition", "reason", "link", "repro", "when", "raises",
               "torch")
    lists = ("target", "op", "fields", "target_raises")
    bad = [k for k in strings if k in e and not isinstance(e[k], str)] + [
        k for k in lists if k in e and not (isinstance(e[k], str) or (
            isinstance(e[k], list) and all(isinstance(v, str) for v in e[k])))]
    if bad:
        raise KnownFileError(f"{label}: {', '.join(bad)} must be text "
                             "(or a list of texts for target, op, fields, target_raises)")
    when = e.get("when", "")
    unknown = [w.strip() for w in when.split(",") if w.strip() and w.strip() not in CONDITIONS]
    if unknown:
        raise KnownFileError(f"{label}: unknown when {', '.join(unknown)}; known: "
                             f"{', '.join(c for c in CONDITIONS if c)}")
    families = [op for op in _tuple(e["op"]) if op.startswith("family:")
                and op.removeprefix("family:").removesuffix(".out") not in FAMILIES]
    if families:
        raise KnownFileError(f"{label}: no such family: {', '.join(families)}")
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
        program=program, when=when, raises=e.get("raises", ""),
        target_raises=_tuple(e.get("target_raises", ())), torch=e.get("torch", ""),
        source=source)


def classify(ops: tuple[str, ...], diffs: list[Difference], target: Target | None = None,
             facts: frozenset[str] = frozenset()) -> KnownDivergence | None:
    """Return the known divergence these differences (at `ops`) match, or None when new."""
    for entry in load():
        if entry.matches(ops, diffs, target, facts):
            return entry
    return None
