"""The report in a real browser: Debian's chromium driven by Playwright (never `playwright install`).

It renders offline with no console errors, no page errors and no request beyond the file itself; the
heatmap draws; the network has nodes; clicking an edge fills the evidence panel with its sentences;
hostile article text never runs. Skips only when chromium is not installed (CI installs it).
Set SLANT_REPORT_SCREENSHOT=/path/to.png to keep a screenshot of the network beside the test's own.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from slant import api, report

from .report_data import hostile, ledger, ottley, post

CHROMIUM = shutil.which("chromium")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install -y chromium; CI installs it)"
)

#: The launch flags for these machines: headless as root, and no background traffic (the network is closed).
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield b
        finally:
            b.close()


class Opened:
    """A report loaded in a page, with every console message, page error, request and dialog it caused."""

    def __init__(self, browser: Any, path: Path) -> None:
        self.page = browser.new_page(viewport={"width": 1400, "height": 1000})
        self.console: list[tuple[str, str]] = []
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.dialogs: list[str] = []
        self.page.on("console", lambda m: self.console.append((m.type, m.text)))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.route("**/*", self._route)
        self.url = path.resolve().as_uri()
        self.page.goto(self.url)
        self.page.wait_for_function("() => document.body.dataset.ready === '1'", timeout=30_000)

    def _route(self, route: Any) -> None:
        self.requests.append(route.request.url)
        if route.request.url == self.url:
            route.continue_()
        else:
            route.abort()

    def js(self, expr: str) -> Any:
        return self.page.evaluate(expr)

    def assert_clean(self) -> None:
        problems = [f"{kind}: {text}" for kind, text in self.console if kind in ("error", "warning")]
        assert problems == [] and self.errors == [], problems + self.errors
        assert self.requests == [self.url], self.requests
        assert self.dialogs == []


def _click_heaviest_edge(o: Opened) -> dict[str, Any]:
    """Click (a real mouse click) the middle of the edge with the most evidence; return its data."""
    o.page.locator("#network").scroll_into_view_if_needed()
    # let the scroll event reach Cytoscape (it caches where its container is) before clicking
    o.js("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    info: dict[str, Any] = o.js(
        """() => {
        const cy = window.slantReport.cy;
        const e = cy.edges().max(x => x.data('weight')).ele;
        const c = document.getElementById('cy');
        const box = c.getBoundingClientRect();
        const m = e.renderedMidpoint();
        return {x: box.left + c.clientLeft + m.x, y: box.top + c.clientTop + m.y, data: e.data()};
    }"""
    )
    o.page.mouse.click(info["x"], info["y"])
    return dict(info["data"])


def test_hand_made_report(browser: Any, tmp_path: Path) -> None:
    path = tmp_path / "report.html"
    path.write_text(report.report([ledger(), post(), hostile(), ottley()]), encoding="utf-8")
    o = Opened(browser, path)
    assert o.js("() => window.slantReport.errors") == []
    assert o.js("() => document.querySelectorAll('#heatmap-0 svg .mark-rect path').length") > 0
    assert o.js("() => window.slantReport.cy.nodes().length") == 5
    assert o.js("() => window.slantReport.cy.edges().length") == 5
    edge = _click_heaviest_edge(o)
    assert edge["source"] == "person:ada quill" and edge["weight"] == 2
    panel = o.page.locator("#evidence")
    assert panel.locator("li").count() == 2
    text = panel.inner_text()
    assert "Ada Quill" in text and "backs" in text and "Tom Reyes" in text
    assert "Ms Quill praised Reyes again on Friday." in text
    # the hostile actor's edge: its name and sentence are shown as text, and nothing ran
    o.js(
        "() => { window.slantReport.cy.edges().filter(e => e.target().data('label').includes('onerror')).emit('tap'); }"
    )
    assert "<img src=x onerror=alert(1)>Ed Vane" in panel.inner_text()
    assert o.js("() => document.querySelectorAll('#evidence img, article img, article script').length") == 0
    assert o.js("() => window.__pwned === undefined")
    assert "<script>window.__pwned=1</script>" in o.page.locator("article#a3 .text").inner_text()
    o.page.screenshot(path=str(tmp_path / "hand-made.png"))
    o.assert_clean()


@pytest.mark.slow
def test_examples_report(browser: Any, examples_db: Path, tmp_path: Path) -> None:
    path = api.report(tmp_path / "examples.html", db=str(examples_db))
    o = Opened(browser, path)
    assert o.js("() => window.slantReport.errors") == []
    assert o.js("() => document.querySelectorAll('#stance svg .mark-rect path').length") > 10
    assert o.js("() => window.slantReport.cy.nodes().length") >= 3
    edge = _click_heaviest_edge(o)
    items = o.page.locator("#evidence li")
    assert items.count() == edge["weight"] >= 1
    first = edge["evidence"][0]["text"]
    assert first in o.page.locator("#evidence").inner_text()
    shot = tmp_path / "examples.png"
    o.page.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    extra = os.environ.get("SLANT_REPORT_SCREENSHOT")
    if extra:
        o.page.screenshot(path=extra)
        o.page.locator("#stance").scroll_into_view_if_needed()
        o.page.screenshot(path=str(Path(extra).with_name(Path(extra).stem + "-heatmap.png")))
    o.assert_clean()
