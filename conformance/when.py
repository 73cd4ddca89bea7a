"""A `when` as files write it: a TOML table of predicates (conformance.conditions), nested or
dotted, checked against what each predicate takes; the comma-separated names of earlier files,
read as the predicates they stand for; and a `when` written back as TOML."""

from __future__ import annotations

from typing import Any

from stridecheck.reference.dtypes import ALL_DTYPES

from .conditions import PREDICATES, When, listed

_DTYPES = tuple(d.name for d in ALL_DTYPES)
# the comma-separated names of earlier files, and the predicate each stands for
LEGACY: dict[str, tuple[str, Any]] = {
    "empty": ("diff.empty", True), "size1_strides": ("diff.size1_only", True),
    "smaller_storage": ("diff.storage_smaller", True),
    "offset_differs": ("diff.includes", "storage_offset"),
    "accepted": ("error.raised", "eager"), "refused": ("error.raised", "target"),
    "raised_otherwise": ("error.raised", "both"),
    "mixed_rank": ("operands.mixed_rank", True), "tensor_index": ("operands.tensor_index", True),
    "meta_literal": ("operands.literal_device", "meta"),
    "after_metadata_mutation": ("history.metadata_mutated", True),
    "after_dtype_view_write": ("history.dtype_view_written", True),
    "result_unused": ("result.unused", True), "noop_alias": ("result.noop_alias", True),
    "returns_input_alias": ("result.input_alias", True),
    "subject_is_inplace_result": ("subject.inplace_result", True),
    "subject_gapped_unfold": ("subject.gapped_unfold", True),
    "subject_written_in_call": ("subject.written_in_call", True),
    "subject_storage_written_in_call": ("subject.storage_written_in_call", True),
    "input_overlap": ("inputs.overlap", "any"), "new_input_overlap": ("inputs.overlap", "new"),
    "lost_input_overlap": ("inputs.overlap", "lost"),
    "written_has_alias_as": ("written.has_alias", ["view_as", "reshape_as", "expand_as"]),
}
_LEGACY_SPLIT = {"subject_0d_float64": {"subject.dtype": "float64", "subject.dim": 0}}


def parse_when(value: Any) -> dict[str, Any]:
    """Return `when` as {predicate: parameter}; raise ValueError (one line) when it is not one.

    `when` is a table, nested (`{ subject = { dim = 0 } }`) or dotted (`{ subject.dim = 0 }`);
    the comma-separated names of earlier files ("refused, mixed_rank") are read too.
    """
    if isinstance(value, str):
        return _from_legacy(value)
    if not isinstance(value, dict):
        raise ValueError(f"when must be a table such as {{ diff.size1_only = true }}, "
                         f"not {value!r}")
    flat = _flatten(value)
    for name, param in flat.items():
        predicate = PREDICATES.get(name)
        if predicate is None:
            raise ValueError(f"no condition {name}; known: {', '.join(PREDICATES)}")
        why = predicate.invalid(param)
        unknown = [d for d in listed(param) if d not in _DTYPES]
        if not why and name == "subject.dtype" and unknown:
            why = f"subject.dtype: no dtype {unknown[0]!r}; known: {', '.join(_DTYPES)}"
        if why:
            raise ValueError(why)
    return flat


def _flatten(table: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and name not in PREDICATES:
            flat.update(_flatten(value, f"{name}."))
        else:
            flat[name] = value
    return flat


def _from_legacy(text: str) -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for name in (w.strip() for w in text.split(",") if w.strip()):
        if name in _LEGACY_SPLIT:
            flat.update(_LEGACY_SPLIT[name])
        elif name in LEGACY:
            flat[LEGACY[name][0]] = LEGACY[name][1]
        else:
            raise ValueError(f"no condition {name}; write when as a table such as "
                             "{ diff.size1_only = true } (see docs/known-divergences.md)")
    return flat


def toml_value(value: Any) -> str:
    """Return a parameter as TOML (true, 0, "text", ["a", "b"])."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return f"[{', '.join(toml_value(v) for v in value)}]"
    if isinstance(value, int):
        return str(value)
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


def toml_when(when: When) -> str:
    """Return `when` as a TOML inline table with dotted keys."""
    return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in when.items()) + " }"
