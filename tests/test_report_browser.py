"""The report page in a real browser: no errors, no network, filtering, no injected script.

Needs the playwright package and a chromium at /usr/bin/chromium (never downloaded by the
tests); without them the tests are skipped and say why.
"""

from __future__ import annotations

import os
import pathlib
import shutil
from collections.abc import Iterator
from typing import Any, NoReturn

import pytest
from test_report_html import HOSTILE, example, hostile_results, results_of, small_records

from stridecheck.reports.html import write_report

CHROMIUM = "/usr/bin/chromium"
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update"]
ARTIFACTS = pathlib.Path(__file__).resolve().parents[1] / "test-artifacts"
# every hostile payload calls pwn(); the sentinel records that it ran
SENTINEL = "window.__pwned = false; window.pwn = function () { window.__pwned = true; };"


def _skip(reason: str) -> NoReturn:
    print(f"skipping browser tests: {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import Error, sync_playwright
    except ImportError:
        _skip("the playwright package is not installed")
    if not os.access(CHROMIUM, os.X_OK):
        _skip(f"no chromium at {CHROMIUM}")
    with sync_playwright() as p:
        try:
            chromium = p.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        except Error as exc:
            _skip(f"chromium at {CHROMIUM} does not start: {str(exc).splitlines()[0]}")
        yield chromium
        chromium.close()


class Page:
    """A page with the report loaded, recording console errors, page errors and requests."""

    def __init__(self, browser: Any, path: str) -> None:
        self.url = pathlib.Path(path).as_uri()
        self.context = browser.new_context(accept_downloads=True,
                                           viewport={"width": 1280, "height": 1000})
        self.errors: list[str] = []
        self.requests: list[str] = []
        # anything that leaves the file is recorded and refused
        self.context.route("**/*", self._route)
        page = self.context.new_page()
        page.add_init_script(SENTINEL)
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        page.on("request", lambda r: self.requests.append(r.url))
        page.goto(self.url)
        page.wait_for_selector("body[data-ready]", state="attached", timeout=10_000)
        self.page = page

    def _route(self, route: Any) -> None:
        if route.request.url == self.url:
            route.continue_()
        else:
            self.requests.append(route.request.url)
            route.abort()

    def visible_failures(self) -> list[str]:
        return self.page.eval_on_selector_all(
            "article.failure", "els => els.filter(e => !e.hidden).map(e => e.id)")

    def check_clean(self) -> None:
        assert not self.errors, f"console or page errors: {self.errors}"
        others = {u for u in self.requests if u != self.url}
        assert not others, f"requests other than the report itself: {sorted(others)}"
        assert self.page.evaluate("window.__pwned") is False, "injected script ran"

    def close(self) -> None:
        self.context.close()


def matching(results: Any, op: str, target: str) -> int:
    """Count the failure records a cell (op, target) lists."""
    return sum(1 for f in results.failures if f["target"] == target
               and op in ([f["op"]] if f["op"] else f["ops"]))


def test_choosing_a_cell_filters_the_failures(browser: Any, tmp_path: pathlib.Path) -> None:
    results = results_of(small_records())
    path = write_report(results, str(tmp_path), scripts={0: "import torch\nprint('repro')\n"})
    view = Page(browser, path)
    try:
        page = view.page
        total = len(results.failures)
        assert len(view.visible_failures()) == total

        page.click('#matrix button[data-op="t"][data-column="eager:cpu"]')
        shown = view.visible_failures()
        assert len(shown) == matching(results, "t", "eager:cpu") == 1
        assert "x0.t()" in page.inner_text(f"#{shown[0]}")
        assert page.is_visible("#filter-note")

        page.click('#matrix button[data-op="transpose"][data-column="meta"]')
        assert len(view.visible_failures()) == matching(results, "transpose", "meta") == 1
        assert view.visible_failures() != shown

        page.click("#filter-clear")
        assert len(view.visible_failures()) == total

        # op x dtype: a cell filters by dtype instead of target
        page.select_option("#matrix-columns", "dtype")
        page.click('#matrix button[data-op="select"][data-column="float32"]')
        assert len(view.visible_failures()) == 1

        screenshot = tmp_path / "report.png"
        page.click("#filter-clear")
        page.screenshot(path=str(screenshot), full_page=True)
        ARTIFACTS.mkdir(exist_ok=True)
        shutil.copyfile(screenshot, ARTIFACTS / "report.png")
        print(f"screenshot: {screenshot} (copied to {ARTIFACTS / 'report.png'})")
        view.check_clean()
    finally:
        view.close()


def test_repro_script_can_be_copied_and_downloaded(browser: Any,
                                                   tmp_path: pathlib.Path) -> None:
    script = "import torch\nx = torch.zeros(2, 3)\nprint(x.t().stride())\n"
    results = results_of(small_records())
    path = write_report(results, str(tmp_path), scripts={0: script})
    view = Page(browser, path)
    try:
        page = view.page
        article = page.locator("article.failure", has=page.locator("pre.script"))
        article.locator("button.copy-script").click()
        status = article.locator(".copy-status")
        page.wait_for_function("el => el.textContent !== ''", arg=status.element_handle())
        assert status.inner_text() in ("copied", "copy failed: select the script and copy it")
        with page.expect_download() as download:
            article.locator("a.download-script").click()
        assert pathlib.Path(download.value.path()).read_text() == script
        assert download.value.suggested_filename.endswith(".py")
        assert not view.errors, view.errors
        # the download reads a Blob the page made: no request leaves the file
        assert not {u for u in view.requests if u != view.url and not u.startswith("blob:")}
    finally:
        view.close()


def test_hostile_strings_do_not_run(browser: Any, tmp_path: pathlib.Path) -> None:
    results = hostile_results()
    path = write_report(results, str(tmp_path),
                        scripts={i: text for i, text in enumerate(HOSTILE)})
    view = Page(browser, path)
    try:
        page = view.page
        # exercise every piece of script that handles the data: both matrix views, a filter
        page.locator("#matrix button").first.click()
        page.select_option("#matrix-columns", "dtype")
        page.locator("#matrix button").first.click()
        text = page.inner_text("body")
        assert "<img src=x onerror=pwn()>" in text, "the payload shows as text"
        assert page.evaluate("document.querySelectorAll('img, iframe').length") == 0
        view.check_clean()
    finally:
        view.close()


def test_cells_the_catalogue_rules_out_say_so(browser: Any, tmp_path: pathlib.Path) -> None:
    from stridecheck.reference.ops import BY_KEY

    records = small_records()
    records[0]["targets"] += [{"name": "refs", "kind": "refs", "available": True,
                               "reason": None, "unchecked": []}]
    assert "refs" in BY_KEY["set_"].unsupported_on and not BY_KEY["to"].unsupported_on
    records.insert(1, example("unsupported", target="refs", ops=("to", "set_")))
    path = write_report(results_of(records), str(tmp_path))
    view = Page(browser, path)
    try:
        cell = view.page.eval_on_selector_all(
            "#matrix tbody tr", """rows => rows.map(r => [r.querySelector('th').firstChild
                .textContent, Array.from(r.querySelectorAll('td')).map(td => td.textContent)])""")
        columns = view.page.eval_on_selector_all("#matrix thead th",
                                                 "ths => ths.map(th => th.textContent)")[1:]
        rows = {op: dict(zip(columns, texts)) for op, texts in cell}
        assert rows["set_"]["refs"] == "n/a"  # the catalogue says refs cannot run set_
        assert rows["to"]["refs"] == "1"  # the same unsupported program, under an op it can
        assert rows["set_"]["eager:cpu"] == "·"  # never exercised there: no claim
        view.check_clean()
    finally:
        view.close()
