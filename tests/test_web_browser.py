"""The web app in a real browser (Playwright driving Debian's chromium) against uvicorn on a free local port:
pages load with no console errors and nothing from elsewhere, hostile article text never runs, and the
analyse form posts through htmx and swaps the result in without leaving the page."""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from urllib.parse import urlparse

import pytest
import uvicorn
from playwright.sync_api import Browser, ConsoleMessage, Dialog, Page, Request, Route, expect, sync_playwright

from slant import api
from slant.config import load_settings
from slant.store import Store
from slant.web import create_app

from .test_web import HOSTILE_ID, HOSTILE_TEXT, HOSTILE_TITLE, PLAIN, SAMPLE, hostile, write_feed

CHROMIUM = shutil.which("chromium")
ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install -y chromium)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("browser")
    db = str(folder / "web.db")
    api.analyze([str(write_feed(folder))], settings=load_settings(env={}, db=db))  # two stories, one copy
    with Store(db) as store:  # written directly: not clustered
        store.write([hostile(), *PLAIN])
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(create_app(db, load_settings(env={})), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


@dataclass
class Watch:
    """What a page did that it should not: console errors, uncaught exceptions, dialogs, foreign requests."""

    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    foreign: list[str] = field(default_factory=list)
    htmx_posts: list[str] = field(default_factory=list)

    def clean(self) -> bool:
        return not (self.errors or self.dialogs or self.foreign)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser: Browser, base_url: str) -> Iterator[tuple[Page, Watch]]:
    context = browser.new_context()
    pg = context.new_page()
    watch = Watch()
    host = urlparse(base_url).netloc

    def on_console(msg: ConsoleMessage) -> None:
        if msg.type == "error":
            watch.errors.append(msg.text)

    def on_dialog(dialog: Dialog) -> None:
        watch.dialogs.append(dialog.message)
        dialog.dismiss()

    def on_route(route: Route) -> None:
        if urlparse(route.request.url).netloc == host or route.request.url.startswith("data:"):
            route.continue_()
        else:
            watch.foreign.append(route.request.url)
            route.abort()

    def on_request(req: Request) -> None:
        if req.method == "POST" and req.headers.get("hx-request") == "true":
            watch.htmx_posts.append(req.url)

    pg.on("console", on_console)
    pg.on("pageerror", lambda exc: watch.errors.append(str(exc)))
    pg.on("dialog", on_dialog)
    pg.on("request", on_request)
    pg.route("**/*", on_route)
    yield pg, watch
    context.close()


def test_article_page_renders_without_errors_and_hostile_text_stays_text(
    page: tuple[Page, Watch], base_url: str
) -> None:
    pg, watch = page
    response = pg.goto(f"{base_url}/articles/{HOSTILE_ID}", wait_until="networkidle")
    assert response is not None and response.status == 200
    assert pg.locator("h1.title").inner_text() == HOSTILE_TITLE
    assert pg.locator("div.text").inner_text() == HOSTILE_TEXT
    assert pg.locator("div.text span.actor.k-person").count() == 2
    assert pg.locator("div.text span.flag.f-hate").count() >= 1
    assert pg.locator("div.text img, div.text script").count() == 0
    assert pg.evaluate("typeof window.htmx") == "object"  # the vendored htmx loaded from /static
    assert watch.clean(), watch


def test_analyze_form_swaps_the_result_in_through_htmx(page: tuple[Page, Watch], base_url: str) -> None:
    pg, watch = page
    pg.goto(f"{base_url}/analyze", wait_until="networkidle")
    pg.fill("#title", "Quill <b>wins</b>")
    pg.fill("#text", SAMPLE)
    pg.click("#analyze-form button[type=submit]")
    pg.wait_for_selector("#result article.analysis", timeout=120_000)
    assert pg.url == f"{base_url}/analyze"  # swapped in place, no navigation
    assert watch.htmx_posts == [f"{base_url}/analyze"]
    assert pg.locator("#result h1.title").inner_text() == "Quill <b>wins</b>"
    assert pg.locator("#result div.text").inner_text() == SAMPLE
    assert pg.locator("#result div.text span.actor.k-person").count() >= 2
    assert pg.input_value("#text") == SAMPLE  # the form keeps the text for another try
    # hostile text pasted into the form is shown, never run
    pg.fill("#text", HOSTILE_TEXT)
    pg.click("#analyze-form button[type=submit]")
    expect(pg.locator("#result div.text")).to_contain_text("onerror=alert(2)", timeout=120_000)
    assert pg.locator("#result img, #result script").count() == 0
    assert watch.clean(), watch


def test_story_page_and_its_report_render_without_errors(page: tuple[Page, Watch], base_url: str) -> None:
    pg, watch = page
    pg.goto(f"{base_url}/stories", wait_until="networkidle")
    pg.click("table.stories a >> nth=0")  # the biggest story: the ferry contract, told twice and copied once
    pg.wait_for_selector("table.matrix")
    assert pg.locator("table.members tr[data-article]").count() == 3
    assert pg.locator("table.members a.copy-link").count() == 1
    assert pg.locator("table.matrix td.cell").count() >= 2
    pg.click("a.report-link")
    pg.wait_for_load_state("networkidle")
    expect(pg.locator("h1").first).to_contain_text("ferry", ignore_case=True)
    assert pg.locator("script[src], link[href^=http]").count() == 0  # everything inlined
    assert watch.clean(), watch


def test_empty_form_error_is_swapped_in(page: tuple[Page, Watch], base_url: str) -> None:
    pg, watch = page
    pg.goto(f"{base_url}/analyze", wait_until="networkidle")
    pg.evaluate("document.querySelector('#text').removeAttribute('required')")
    pg.fill("#text", "   ")
    pg.click("#analyze-form button[type=submit]")
    pg.wait_for_selector("#result section.error", timeout=30_000)
    assert "the text field is empty" in pg.locator("#result .message").inner_text()
    # the 422 answer is expected; the browser logs the failed status itself, nothing else may appear
    assert all("422" in e for e in watch.errors) and not watch.dialogs and not watch.foreign, watch
