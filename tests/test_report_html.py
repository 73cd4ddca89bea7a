"""The report's data (summary) and its HTML page, checked without a browser."""

from __future__ import annotations

import copy
import html.parser
import json
import os
import random
import re
from collections import Counter
from typing import Any

import pytest

from stridecheck.conformance.known import KnownDivergence
from stridecheck.conformance.known import load as load_known
from stridecheck.conformance.results import STATUSES
from stridecheck.reference.ops import OPS
from stridecheck.reports import summary as summary_module
from stridecheck.reports.html import render, script_json, write_report
from stridecheck.reports.reading import Results
from stridecheck.reports.summary import op_coverage, summarize
from stridecheck.strategies.program import Program

HOSTILE = ("</script><script>pwn()</script>", "<img src=x onerror=pwn()>",
           "\"><svg onload=pwn()>", "'><iframe src=javascript:pwn()>", "<!--", "]]>&amp;")
KNOWN_ID = load_known()[0].id


def run_record(run: str = "r1", seed: str = "1", shard: str | None = None) -> dict[str, Any]:
    return {"schema": 1, "kind": "run", "run": run, "started": 1.0, "torch": "2.13.0+cpu",
            "build": {"cuda": None, "hip": None, "git": "abc", "debug": False},
            "python": "3.11.7", "platform": "Linux", "devices": ["cpu"],
            "targets": [{"name": "eager:cpu", "available": True, "reason": None,
                         "unchecked": []}],
            "profile": "dev", "seed": seed, "shard": shard, "stridecheck": "0.1.0"}


def example(status: str = "pass", *, target: str = "eager:cpu", dtype: str = "float32",
            ops: tuple[str, ...] = ("to", "view"), op: str | None = None, rank: int = 2,
            known: str | None = None, shrink: bool = False, run: str = "r1",
            device: str = "cpu") -> dict[str, Any]:
    return {"schema": 1, "kind": "example", "test": f"test_view_chains[{target}]",
            "target": target, "device": device, "dtype": dtype, "rank": rank,
            "length": len(ops) + 1, "ops": list(ops), "op": op, "family": None,
            "status": status, "known": known, "shrink": shrink, "run": run}


def failure(status: str = "divergence", *, target: str = "eager:cpu", op: str | None = "t",
            ops: tuple[str, ...] = ("to", "t"), program: str = "x0 = torch.zeros(2, 3)\n"
            "x1 = x0.t()", message: str = "1 difference", run: str = "r1",
            dtype: str = "float32") -> dict[str, Any]:
    record = example(status, target=target, ops=ops, op=op, run=run, dtype=dtype)
    record.update(kind="failure", program=program, message=message, seed="1", blob=None,
                  torch="2.13.0+cpu", build={},
                  diffs=[{"tensor": "x1", "field": "strides", "actual": "(3, 1)",
                          "expected": "(1, 3)", "context": "x1 = x0.t() with x0.shape=(2, 3)"}],
                  tensors={"expected": {
                      "x0": {"shape": [2, 3], "strides": [3, 1], "storage_offset": 0,
                             "storage": "x0", "base": None},
                      "x1": {"shape": [3, 2], "strides": [1, 3], "storage_offset": 0,
                             "storage": "x0", "base": "x0"}},
                      "actual": {
                      "x0": {"shape": [2, 3], "strides": [3, 1], "storage_offset": 0,
                             "storage": "x0", "base": None},
                      "x1": {"shape": [3, 2], "strides": [3, 1], "storage_offset": 0,
                             "storage": "x1", "base": None}}})
    if status == "crash":
        record.update(diffs=[], tensors={})
    return record


def end_record(run: str = "r1", duration: float = 1.5) -> dict[str, Any]:
    return {"schema": 1, "kind": "end", "run": run, "duration": duration, "exitstatus": 1}


def results_of(records: list[dict[str, Any]]) -> Results:
    out = Results()
    for record in records:
        out.add(copy.deepcopy(record))
    return out


def small_records() -> list[dict[str, Any]]:
    """Return one run's records: every status, two targets, two dtypes, shrink attempts."""
    return [
        run_record(),
        example("pass", ops=("to", "view", "view", "permute")),
        example("pass", ops=("to", "t"), dtype="int64", rank=0),
        example("pass", target="meta", device="meta", ops=("to", "expand")),
        example("unsupported", ops=("to", "unfold"), rank=3),
        example("divergence", ops=("to", "view", "t"), op="t"),
        example("divergence", ops=("to", "transpose"), op=None, target="meta", device="meta"),
        example("known", ops=("to", "view", "narrow"), op="narrow", known=KNOWN_ID),
        example("known", ops=("to", "narrow"), op="narrow", known=KNOWN_ID, dtype="int64"),
        example("crash", ops=("to", "select"), op="select"),
        example("crash", ops=(), op=None, dtype="", rank=-1),
        example("divergence", ops=("to", "t"), op="t", shrink=True),
        example("pass", ops=("to", "diagonal"), shrink=True),
        failure("divergence", op="t"),
        failure("crash", op="select", ops=("to", "select"), program="x0 = torch.zeros(3)\n"
                "x1 = x0.select(0, 5)", message="Segmentation fault"),
        failure("divergence", target="meta", op=None, ops=("to", "transpose"),
                program="x0 = torch.zeros(2, 2, device='meta')\nx1 = x0.transpose(0, 1)"),
        end_record(),
    ]


def expected_matrix(records: list[dict[str, Any]]) -> dict[tuple[str, str, str], int]:
    """Count (op, target, status) straight from the rule: faults under the diverging op."""
    counts: Counter[tuple[str, str, str]] = Counter()
    for r in records:
        if r["kind"] != "example" or r["shrink"]:
            continue
        if r["status"] in ("divergence", "known", "crash") and r["op"]:
            ops = {r["op"]}
        else:
            ops = set(r["ops"]) or {"(no op)"}
        for op in ops:
            counts[op, r["target"], r["status"]] += 1
    return counts


def without_header(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "header"}


# --- summary ---------------------------------------------------------------------------------

def test_counts_are_the_examples_per_status_without_shrink_attempts() -> None:
    records = small_records()
    counts = summarize(results_of(records))["counts"]
    examples = [r for r in records if r["kind"] == "example"]
    counted = [r for r in examples if not r["shrink"]]
    for status in STATUSES:
        assert counts[status] == sum(r["status"] == status for r in counted), status
    assert counts["examples"] == len(counted)
    assert counts["shrink_attempts"] == sum(r["shrink"] for r in examples)
    assert counts["failures"] == sum(r["kind"] == "failure" for r in records)


def test_matrix_counts_faults_under_the_diverging_op_and_passes_under_every_op() -> None:
    records = small_records()
    matrix = summarize(results_of(records))["matrix"]
    got = {(op, target, status): n for op, row in matrix["cells"].items()
           for target, cell in row.items() for status, n in cell.items()}
    assert got == dict(expected_matrix(records))
    assert matrix["targets"] == ["eager:cpu", "meta"]
    assert matrix["ops"][:len(OPS)] == [op.key for op in OPS], "catalogue order, every op"


def test_matrix_by_dtype_sums_to_the_whole_matrix() -> None:
    records = small_records()
    matrix = summarize(results_of(records))["matrix"]
    total: Counter[tuple[str, str, str]] = Counter()
    for rows in matrix["by_dtype"].values():
        for op, row in rows.items():
            for target, cell in row.items():
                for status, n in cell.items():
                    total[op, target, status] += n
    assert dict(total) == dict(expected_matrix(records))
    int64 = [r for r in records if r["kind"] == "example" and not r["shrink"]
             and r["dtype"] == "int64"]
    assert matrix["by_dtype"]["int64"]["narrow"]["eager:cpu"] == {
        "known": sum(r["op"] == "narrow" for r in int64)}


def test_shrink_attempts_change_nothing_but_their_own_count() -> None:
    records = small_records()
    more = records + [example("divergence", ops=("to", "permute"), op="permute", shrink=True,
                              target="meta"),
                      example("pass", ops=("to", "mT"), dtype="bool", shrink=True)]
    plain, with_shrinks = summarize(results_of(records)), summarize(results_of(more))
    assert with_shrinks["counts"]["shrink_attempts"] == plain["counts"]["shrink_attempts"] + 2
    for summary in (plain, with_shrinks):
        summary["counts"].pop("shrink_attempts")
    assert with_shrinks == plain
    assert "mT" in [u["op"] for u in plain["unexercised"]]


def test_summary_does_not_depend_on_record_order() -> None:
    records = small_records()
    shuffled = records[:]
    random.Random(7).shuffle(shuffled)
    assert summarize(results_of(shuffled)) == summarize(results_of(records))


def test_summary_of_two_shards_equals_the_summary_of_one_run() -> None:
    records = small_records()
    body = [r for r in records if r["kind"] in ("example", "failure")]
    shards: list[dict[str, Any]] = [run_record("a", seed="11", shard="1/2"),
                                    run_record("b", seed="12", shard="2/2")]
    for i, record in enumerate(body):
        shards.append({**record, "run": "ab"[i % 2]})
    shards += [end_record("a", 0.7), end_record("b", 0.9)]
    one, split = summarize(results_of(records)), summarize(results_of(shards))
    assert without_header(split) == without_header(one)
    assert split["header"]["runs"] == 2 and split["header"]["shards"] == ["1/2", "2/2"]
    assert split["header"]["duration"] == pytest.approx(1.6)


def test_summary_is_plain_json() -> None:
    summary = summarize(results_of(small_records()))
    assert json.loads(json.dumps(summary)) == summary


def test_coverage_and_unexercised_ops_come_from_the_catalogue() -> None:
    records = small_records()
    summary = summarize(results_of(records))
    counted = [r for r in records if r["kind"] == "example" and not r["shrink"]]
    compared = [r for r in counted if r["status"] != "unsupported"]
    used = {op for r in compared for op in r["ops"]}
    assert "unfold" not in used, "small_records reaches unfold only unsupported"
    assert summary["unexercised"] == [{"op": op.key, "family": op.family}
                                      for op in OPS if op.key not in used]
    per_op = dict(summary["coverage"]["op"])
    assert per_op == {op: sum(op in r["ops"] for r in compared) for op in used}
    assert dict(summary["coverage"]["rank"]) == Counter(r["rank"] for r in counted)
    assert [rank for rank, _ in summary["coverage"]["rank"]] == sorted(
        {r["rank"] for r in counted})


def test_op_coverage_counts_compared_examples_per_target_and_dtype() -> None:
    examples = [example("pass", ops=("to", "view", "view")),
                example("pass", ops=("to", "view"), dtype="int64", target="meta"),
                example("divergence", ops=("to", "t", "view"), op="t"),
                example("crash", ops=(), dtype="", rank=-1),
                # not compared: the target could not run it, or it was a shrinking attempt
                example("unsupported", ops=("to", "unfold")),
                example("pass", ops=("to", "diagonal"), shrink=True)]
    assert op_coverage(examples) == {
        "to": Counter({("eager:cpu", "float32"): 2, ("meta", "int64"): 1}),
        "view": Counter({("eager:cpu", "float32"): 2, ("meta", "int64"): 1}),
        "t": Counter({("eager:cpu", "float32"): 1})}


def test_known_divergences_seen_and_unmatched() -> None:
    records = small_records()
    known = summarize(results_of(records))["known"]
    seen = Counter(r["known"] for r in records
                   if r["kind"] == "example" and not r["shrink"] and r["status"] == "known")
    assert [(k["id"], k["count"]) for k in known["seen"]] == sorted(seen.items())
    assert [k["id"] for k in known["unmatched"]] == [
        e.id for e in load_known() if e.id not in seen]


def test_failures_are_in_the_same_order_whatever_the_input_order() -> None:
    records = small_records()
    first = summarize(results_of(records))["failures"]
    reordered = summarize(results_of(records[::-1]))["failures"]
    assert first == reordered
    assert [f["target"] for f in first] == sorted(f["target"] for f in first)


def test_alias_groups_follow_the_storage_field() -> None:
    view = summarize(results_of(small_records()))["failures"]
    divergence = next(f for f in view if f["op"] == "t")
    assert [[t["name"] for t in g["tensors"]] for g in divergence["aliases"]["expected"]] == [
        ["x0", "x1"]]
    assert [g["storage"] for g in divergence["aliases"]["actual"]] == ["x0", "x1"]


# --- HTML ------------------------------------------------------------------------------------

class Elements(html.parser.HTMLParser):
    """Collect every start tag with its attributes, and the text of script elements."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.scripts.append(data)


def parse(page: str) -> Elements:
    parser = Elements()
    parser.feed(page)
    parser.close()
    return parser


def hostile_results() -> Results:
    """Return results whose every free-text field holds markup meant to run script."""
    records: list[dict[str, Any]] = [run_record()]
    for text in HOSTILE:
        records.append(example("known", ops=("to", text), op=text, known=text, target=text,
                               dtype=text))
        bad = failure(program=f"x0 = torch.zeros(2)  # {text}", message=text, target=text,
                      op=text, ops=(text,), dtype=text)
        bad["diffs"] = [{"tensor": text, "field": text, "actual": text, "expected": text,
                         "context": text}]
        bad["tensors"] = {"expected": {text: {"shape": [2], "strides": [1],
                                              "storage_offset": 0, "storage": text,
                                              "base": text}},
                          "actual": {"x0": {"shape": text, "strides": [text],
                                            "storage_offset": text, "storage": text,
                                            "base": None}}}
        bad["test"] = bad["blob"] = bad["seed"] = text
        records.append(bad)
    records.append(end_record())
    return results_of(records)


def test_hostile_strings_are_escaped_everywhere() -> None:
    results = hostile_results()
    page = render(results, scripts={i: text for i, text in enumerate(HOSTILE)})
    for text in HOSTILE[:4]:
        assert text not in page, f"unescaped payload {text!r}"
    assert "&lt;img src=x onerror=pwn()&gt;" in page, "the payload is shown, as text"
    elements = parse(page)
    tags = {tag for tag, _ in elements.tags}
    assert not tags & {"img", "iframe", "object", "embed", "link", "base", "form"}, tags
    handlers = [(tag, name) for tag, attrs in elements.tags for name in attrs
                if name.startswith("on")]
    assert not handlers, f"event handler attributes in the page: {handlers}"
    scripts = [attrs for tag, attrs in elements.tags if tag == "script"]
    assert scripts == [{"type": "application/json", "id": "matrix-data"}, {}], scripts
    data = elements.scripts[0]
    assert not set("<>&") & set(data), "the JSON block must not hold <, > or &"
    assert HOSTILE[0] in json.loads(data)["targets"], "the JSON reads back to the same text"


def test_script_json_escapes_what_could_end_the_element() -> None:
    text = str(script_json({"a": "</script><!--&\u2028"}))
    assert text == '{"a":"\\u003c/script\\u003e\\u003c!--\\u0026\\u2028"}'
    assert json.loads(text) == {"a": "</script><!--&\u2028"}


def test_page_is_self_contained(monkeypatch: pytest.MonkeyPatch) -> None:
    # known entries may carry web links (to issues); without them no address may remain
    monkeypatch.setattr(summary_module, "load_known", lambda runs: ())
    page = render(results_of(small_records()), scripts={0: "import torch\n"})
    elements = parse(page)
    for tag, attrs in elements.tags:
        for name in ("src", "href", "xlink:href", "action", "data", "poster", "srcset"):
            value = attrs.get(name)
            if value is not None:
                assert value.startswith("#"), f"<{tag} {name}={value!r}> leaves the page"
    assert not {tag for tag, _ in elements.tags} & {"link", "img", "iframe", "object"}
    assert not re.search(r"url\(|@import|https?:|//[a-z0-9.-]+\.[a-z]{2,}/", page)
    csp = next(attrs["content"] for tag, attrs in elements.tags
               if tag == "meta" and attrs.get("http-equiv") == "Content-Security-Policy")
    assert "default-src 'none'" in (csp or "")


def test_known_links_are_links_only_when_they_are_web_addresses(
        monkeypatch: pytest.MonkeyPatch) -> None:
    entries = (KnownDivergence(id="with-link", targets=("eager",), device="", ops=("t",),
                               fields=("strides",), condition="", reason="why it differs",
                               link="https://github.com/pytorch/pytorch/issues/1", repro="",
                               program=Program()),
               KnownDivergence(id="script-link", targets=("eager",), device="", ops=("t",),
                               fields=("strides",), condition="", reason="no web link",
                               link="javascript:pwn()", repro="", program=Program()))
    monkeypatch.setattr(summary_module, "load_known", lambda runs: entries)
    page = render(results_of(small_records()))
    hrefs = [attrs["href"] for tag, attrs in parse(page).tags if tag == "a" and "href" in attrs]
    assert "https://github.com/pytorch/pytorch/issues/1" in hrefs
    assert "javascript:pwn()" not in hrefs
    assert "no web link" in page and "why it differs" in page


def articles(page: str) -> list[str]:
    return re.findall(r"<article class=\"failure.*?</article>", page, re.S)


def test_scripts_go_with_their_failure_and_missing_ones_say_so() -> None:
    results = results_of(small_records())
    marker = "# repro of the second failure record"
    page = render(results, scripts={1: marker})
    blocks = articles(page)
    assert len(blocks) == len(results.failures)
    program = results.failures[1]["program"].replace("'", "&#39;")
    owner = [b for b in blocks if program in b]
    assert len(owner) == 1 and marker in owner[0]
    assert all("no script" in b for b in blocks if b is not owner[0])
    assert "download=" in owner[0] and "copy" in owner[0]


def test_crash_shows_its_program_and_message() -> None:
    results = results_of(small_records())
    page = render(results)
    crash = next(b for b in articles(page) if "st-crash" in b.split(">", 1)[0])
    assert "x1 = x0.select(0, 5)" in crash and "Segmentation fault" in crash


def test_header_shows_the_run() -> None:
    page = render(results_of(small_records()))
    for text in ("2.13.0+cpu", "git=abc", "eager:cpu", "dev", "1.5 s"):
        assert text in page, text


def test_write_report_writes_report_html(tmp_path: Any) -> None:
    path = write_report(results_of(small_records()), str(tmp_path))
    assert path == os.path.join(str(tmp_path), "report.html")
    with open(path, encoding="utf-8") as fh:
        assert fh.read().startswith("<!DOCTYPE html>")


class Explodes:
    """A script text that fails halfway through rendering the page."""

    def __html__(self) -> str:
        raise RuntimeError("rendering failed")


def test_write_report_leaves_nothing_when_rendering_fails(tmp_path: Any) -> None:
    old = tmp_path / "report.html"
    old.write_text("the previous report")
    with pytest.raises(RuntimeError, match="rendering failed"):
        write_report(results_of(small_records()), str(tmp_path),
                     scripts={2: Explodes()})  # type: ignore[dict-item]
    assert os.listdir(tmp_path) == ["report.html"]
    assert old.read_text() == "the previous report"


def test_write_report_leaves_nothing_when_writing_fails(
        tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError, match="disk full"):
        write_report(results_of(small_records()), str(tmp_path))
    assert os.listdir(tmp_path) == []
