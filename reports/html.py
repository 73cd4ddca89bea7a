"""Render results as one self-contained HTML page: no network, every asset inline.

The page's data comes from `summary.summarize`; this module only lays it out (bar charts and
alias pictures as inline SVG) and fills the template `templates/report.html`. Every string from
a results file is untrusted: the template autoescapes, and the one block of data handed to the
page's script is JSON with `<`, `>` and `&` escaped, inside a non-executable script element.
A Content-Security-Policy allows no network and only the page's own script, by its hash.
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import math
import os
from functools import cache
from typing import Any, TypeGuard

import jinja2
from markupsafe import Markup

from stridecheck.conformance.results import STATUSES

from .reading import Results, write_atomically
from .summary import failure_order, summarize

TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")
# text metrics of the SVGs' monospace font, to size boxes without a browser
CHAR_WIDTH = 7
LINE_HEIGHT = 16
BAR_WIDTH = 220
TRACK_WIDTH = 160
LABEL_CHARS = 56
# tensors up to this many elements are drawn element by element, larger ones as one span
MAX_ELEMENTS_DRAWN = 256
# the template's behaviour script opens with this exact tag; data can never produce it
SCRIPT_OPEN = "<script>"
HASH_PLACEHOLDER = "sha256-of-the-page-script"


def render(results: Results, scripts: dict[int, str] | None = None,
           summary: dict[str, Any] | None = None) -> str:
    """Return the report page of `results`; `scripts` maps a failure's index to its repro.

    `summary` is `summarize(results)` when the caller has it already.
    """
    scripts = scripts or {}
    summary = summarize(results) if summary is None else summary
    failures = []
    for number, (index, view) in enumerate(
            zip(failure_order(results.failures), summary["failures"]), 1):
        differing = {str(d.get("tensor")) for d in view["diffs"]}
        failures.append({
            **view, "number": number, "script": scripts.get(index),
            "pictures": {side: alias_picture(view["aliases"][side], differing)
                         for side in ("expected", "actual")},
            # read back by the page's script to filter by matrix cell; autoescaped as attribute
            "ops_json": json.dumps(view["matrix_ops"]),
        })
    page = _environment().get_template("report.html").render(
        summary=summary, header=summary["header"], counts=summary["counts"],
        statuses=STATUSES, failures=failures, charts=_charts(summary["coverage"]),
        matrix_json=script_json(summary["matrix"]), script_hash=HASH_PLACEHOLDER)
    return _allow_own_script(page)


def write_report(results: Results, out_dir: str, scripts: dict[int, str] | None = None,
                 summary: dict[str, Any] | None = None) -> str:
    """Write `out_dir/report.html` whole or not at all; return its path."""
    path = os.path.join(out_dir, "report.html")
    # render first: an exception while rendering must leave no file behind
    page = render(results, scripts, summary)
    write_atomically(path, page.encode("utf-8"))
    return path


def script_json(data: Any) -> Markup:
    """Return `data` as JSON that is safe inside a `<script type="application/json">`.

    Escaping `<`, `>` and `&` means no `</script>` or `<!--` can end the element early; the
    JSON parser reads the escapes back as the same characters.
    """
    text = json.dumps(data, separators=(",", ":"), sort_keys=True)
    for char in "<>&\u2028\u2029":
        text = text.replace(char, f"\\u{ord(char):04x}")
    return Markup(text)


def alias_picture(groups: list[dict[str, Any]], differing: set[str]) -> dict[str, Any]:
    """Lay out one side's storages as boxes, each tensor a span of the elements it can reach."""
    rows: list[dict[str, Any]] = []
    boxes: list[dict[str, Any]] = []
    y = 4
    label_chars = min(LABEL_CHARS, max(
        [len(_tensor_label(t)) for g in groups for t in g["tensors"]] + [20]))
    label_width = label_chars * CHAR_WIDTH + 18
    width = int(label_width + TRACK_WIDTH + 24)
    for group in groups:
        runs = [_runs(t) for t in group["tensors"]]
        reached = [run for r in runs if r is not None for run in r]
        low = min([0] + [first for first, _ in reached])
        high = max([1] + [last + 1 for _, last in reached])
        scale = TRACK_WIDTH / max(high - low, 1)
        top = y
        y += LINE_HEIGHT + 4
        for tensor, tensor_runs in zip(group["tensors"], runs):
            rows.append({
                "y": y + 11, "label": _tensor_label(tensor)[:LABEL_CHARS],
                "differs": tensor["name"] in differing,
                "spans": None if tensor_runs is None else [
                    {"x": _short(label_width + (first - low) * scale),
                     "w": _short(max((last + 1 - first) * scale - 1, 1.5))}
                    for first, last in tensor_runs]})
            y += LINE_HEIGHT
        boxes.append({"y": top, "h": y - top + 4, "title": f"storage of {group['storage']}",
                      "extent": f"elements {low}..{high - 1}"})
        y += 10
    return {"width": width, "height": max(y, 24), "track_x": _short(label_width),
            "track_width": TRACK_WIDTH, "rows": rows, "boxes": boxes}


def bar_chart(pairs: list[list[Any]]) -> dict[str, Any]:
    """Lay out `[key, count]` pairs as horizontal bars scaled to the largest count."""
    top = max([n for _, n in pairs] + [1])
    label_chars = min(24, max([len(str(k)) for k, _ in pairs] + [4]))
    label_width = label_chars * CHAR_WIDTH + 8
    bars = [{"label": str(key)[:24], "count": n, "y": i * LINE_HEIGHT,
             "w": round(max(n / top * BAR_WIDTH, 1), 1)} for i, (key, n) in enumerate(pairs)]
    return {"bars": bars, "label_width": label_width,
            "width": int(label_width + BAR_WIDTH + 60),
            "height": max(len(bars) * LINE_HEIGHT, LINE_HEIGHT)}


def _charts(coverage: dict[str, list[list[Any]]]) -> list[dict[str, Any]]:
    titles = {"op": "examples that exercised each op", "dtype": "examples per dtype",
              "device": "examples per device", "length": "examples per program length",
              "rank": "examples per rank"}
    return [{"title": titles[field], **bar_chart(coverage[field])} for field in titles]


def _runs(tensor: dict[str, Any]) -> list[tuple[int, int]] | None:
    """Return the storage elements a tensor reaches as (first, last) runs; None if it has none.

    Small tensors list every element, so a stride that skips elements shows as gaps; larger
    ones give one run from the lowest to the highest element.
    """
    shape, strides, offset = (tensor.get("shape"), tensor.get("strides"),
                              tensor.get("storage_offset"))
    if not (_ints(shape) and _ints(strides) and isinstance(offset, int)):
        return None
    if len(shape) != len(strides) or any(n <= 0 for n in shape):
        return None
    if math.prod(shape) > MAX_ELEMENTS_DRAWN:
        return [(offset + sum(min(0, (n - 1) * s) for n, s in zip(shape, strides)),
                 offset + sum(max(0, (n - 1) * s) for n, s in zip(shape, strides)))]
    reached = {offset + sum(i * s for i, s in zip(index, strides))
               for index in itertools.product(*(range(n) for n in shape))}
    runs: list[tuple[int, int]] = []
    for element in sorted(reached):
        if runs and runs[-1][1] == element - 1:
            runs[-1] = (runs[-1][0], element)
        else:
            runs.append((element, element))
    return runs


def _ints(value: Any) -> TypeGuard[list[int]]:
    return isinstance(value, list) and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value)


def _tuple_text(value: Any) -> str:
    if _ints(value):
        return "(" + ", ".join(map(str, value)) + ("," if len(value) == 1 else "") + ")"
    return str(value)


def _tensor_label(tensor: dict[str, Any]) -> str:
    base = tensor.get("base")
    return (f"{tensor['name']} {_tuple_text(tensor.get('shape'))} "
            f"{_tuple_text(tensor.get('strides'))} +{tensor.get('storage_offset')}"
            + ("" if base is None else f" \N{LEFTWARDS ARROW} {base}"))


def _short(x: float) -> int | float:
    """Return a coordinate with one decimal at most, and none when it is whole."""
    x = round(x, 1)
    return int(x) if x == int(x) else x


def _allow_own_script(page: str) -> str:
    """Put the hash of the page's one executable script into its Content-Security-Policy.

    Only the template writes a bare `<script>` tag or a quote character (autoescaping turns
    both into entities in data), so the first matches are the template's own.
    """
    start = page.index(SCRIPT_OPEN) + len(SCRIPT_OPEN)
    script = page[start:page.index("</script>", start)]
    digest = hashlib.sha256(script.encode("utf-8")).digest()
    allowed = "sha256-" + base64.b64encode(digest).decode("ascii")
    return page.replace(HASH_PLACEHOLDER, allowed, 1)


@cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), autoescape=True,
                              undefined=jinja2.StrictUndefined, trim_blocks=True,
                              lstrip_blocks=True)
