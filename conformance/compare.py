"""Compare snapshots field by field and explain each difference in one grammar.

`x1.strides=(1, 3), but should be (3, 1) [x1 = x0.permute(1, 0) with x0.shape=(2, 3)]`

After a field's own value agrees, the other spellings of that field (conformance.spellings)
are compared; a difference there names the spelling and still belongs to the field:
`x1.is_contiguous()=False, but should be True [x1 = x0.t() with x0.shape=(1, 3)]`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from .observe import FIELDS, Snapshot


@dataclass(frozen=True, slots=True)
class Difference:
    """One field of one tensor that differs: `actual` from the target, `expected` the oracle."""

    tensor: str
    field: str
    actual: Any
    expected: Any
    context: str = ""
    # the device of the tensor on the oracle's side ("" for step-level differences)
    device: str = ""
    # the tensor's shape on the oracle's side (() for step-level differences)
    shape: tuple[int, ...] = ()
    # how the value was read when not by the field's own read ("size(-1)"); "" when it was
    spelling: str = ""

    def __str__(self) -> str:
        where = f" [{self.context}]" if self.context else ""
        actual, expected = shown(self.actual, self.expected)
        return (f"{self.tensor}.{self.spelling or self.field}={actual}, but should "
                f"be {expected}{where}")


def show(v: Any, digits: Literal["maxprec", "unique"] = "maxprec") -> str:
    """Return a value as a difference shows it; `digits` is numpy's floatmode."""
    if isinstance(v, np.ndarray):
        return np.array2string(v, threshold=20, separator=", ", floatmode=digits)
    return repr(v)


def shown(actual: Any, expected: Any) -> tuple[str, str]:
    """Return two differing values as shown, with every digit that tells them apart: values
    an ulp apart print alike at numpy's default precision."""
    pair = show(actual), show(expected)
    if pair[0] == pair[1]:
        pair = show(actual, "unique"), show(expected, "unique")
    return pair


def values_equal(a: Any, b: Any) -> tuple[bool, Any, Any]:
    """Compare (values, mask[, tolerance]) on elements both sides define; NaN equals NaN.

    A tolerance (relative, from the reference: ops.OpSpec.tolerance) lets floating values
    differ by that much.
    """
    if a is None or b is None:
        return True, None, None
    if isinstance(a, str) or isinstance(b, str):
        return a == b, a, b
    va, ma = a[:2]
    vb, mb = b[:2]
    tolerance = max(a[2] if len(a) > 2 else 0.0, b[2] if len(b) > 2 else 0.0)
    if va.shape != vb.shape:
        return False, va, vb
    mask = ma & mb
    if not mask.any():
        return True, None, None
    x = np.asarray(va)[mask]
    y = np.asarray(vb)[mask]
    if x.dtype.kind in "fc" or y.dtype.kind in "fc":
        same = (x == y) | (np.isnan(x) & np.isnan(y))
        if tolerance:
            same |= close(x, y, tolerance)
    else:
        same = x == y
    if bool(np.all(same)):
        return True, None, None
    return False, np.where(mask, va, 0), np.where(mask, vb, 0)


def close(x: np.ndarray, y: np.ndarray, tolerance: float) -> np.ndarray:
    """Return where x and y are finite and differ by at most `tolerance` relative to the
    larger magnitude (an infinite one would make any value close to it)."""
    with np.errstate(invalid="ignore", over="ignore"):
        scale = np.maximum(np.abs(x), np.abs(y))
        return np.isfinite(x) & np.isfinite(y) & (np.abs(x - y) <= tolerance * scale)


def diff_snapshot(name: str, actual: Snapshot, expected: Snapshot,
                  fields: tuple[str, ...] = FIELDS, context: str = "") -> list[Difference]:
    """Return every field that differs, in the fixed order of FIELDS.

    A field's other spellings are compared only where its own value agrees: where it differs
    they differ with it and would only repeat it.
    """
    out: list[Difference] = []
    spelled_alike = actual.spellings == expected.spellings
    for f in FIELDS:
        if f not in fields:
            continue
        a, e = getattr(actual, f), getattr(expected, f)
        if f == "values":
            same, av, ev = values_equal(a, e)
            if not same:
                out.append(Difference(name, f, av, ev, context, expected.device,
                                      expected.shape))
        elif a != e:
            out.append(Difference(name, f, a, e, context, expected.device, expected.shape))
        elif not spelled_alike:
            out.extend(diff_spellings(name, f, actual, expected, context))
    return out


def diff_spellings(name: str, field: str, actual: Snapshot, expected: Snapshot,
                   context: str = "") -> list[Difference]:
    """Return the spellings of one field that differ, in the expected snapshot's order.

    A spelling the actual snapshot lacks reads as None.
    """
    got = {text: v for f, text, v in actual.spellings if f == field}
    return [Difference(name, field, got.get(text), want, context, expected.device,
                       expected.shape, text)
            for f, text, want in expected.spellings
            if f == field and (text not in got or got[text] != want)]


def diff_live(actual: dict[str, Snapshot], expected: dict[str, Snapshot],
              fields: tuple[str, ...] = FIELDS, context: str = "") -> list[Difference]:
    out: list[Difference] = []
    for name in expected:
        if name not in actual:
            out.append(Difference(name, "exists", False, True, context))
            continue
        out.extend(diff_snapshot(name, actual[name], expected[name], fields, context))
    return out
