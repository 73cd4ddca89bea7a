"""Compare snapshots field by field and explain each difference in one grammar.

`strides=(1, 3), but should be (3, 1) [x1 = x0.permute(1, 0) with x0.shape=(2, 3)]`
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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

    def __str__(self) -> str:
        where = f" [{self.context}]" if self.context else ""
        return (f"{self.tensor}.{self.field}={show(self.actual)}, but should be "
                f"{show(self.expected)}{where}")


def show(v: Any) -> str:
    if isinstance(v, np.ndarray):
        return np.array2string(v, threshold=20, separator=", ")
    return repr(v)


def values_equal(a: Any, b: Any) -> tuple[bool, Any, Any]:
    """Compare (values, mask) pairs on elements both sides define; NaN equals NaN."""
    if a is None or b is None:
        return True, None, None
    if isinstance(a, str) or isinstance(b, str):
        return a == b, a, b
    va, ma = a
    vb, mb = b
    if va.shape != vb.shape:
        return False, va, vb
    mask = ma & mb
    if not mask.any():
        return True, None, None
    x = np.asarray(va)[mask]
    y = np.asarray(vb)[mask]
    if x.dtype.kind in "fc" or y.dtype.kind in "fc":
        same = (x == y) | (np.isnan(x) & np.isnan(y))
    else:
        same = x == y
    if bool(np.all(same)):
        return True, None, None
    return False, np.where(mask, va, 0), np.where(mask, vb, 0)


def diff_snapshot(name: str, actual: Snapshot, expected: Snapshot,
                  fields: tuple[str, ...] = FIELDS, context: str = "") -> list[Difference]:
    """Return every field that differs, in the fixed order of FIELDS."""
    out: list[Difference] = []
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
    return out


def diff_live(actual: dict[str, Snapshot], expected: dict[str, Snapshot],
              fields: tuple[str, ...] = FIELDS, context: str = "") -> list[Difference]:
    out: list[Difference] = []
    for name in expected:
        if name not in actual:
            out.append(Difference(name, "exists", False, True, context))
            continue
        out.extend(diff_snapshot(name, actual[name], expected[name], fields, context))
    return out
