"""The web app under hostile requests: no address, path parameter or query string makes it answer 5xx
(a property over every route, and a table of known bad addresses), and cross-site posts are refused.

The store is tests/test_web.py's: invented articles written directly (no models needed).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote, quote_from_bytes, unquote

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.datastructures import Headers
from starlette.routing import BaseRoute, Mount
from starlette.types import Message

from slant.config import load_settings
from slant.web import create_app
from slant.web.security import MAX_URL_CHARS, cross_site

from . import test_web
from .test_web import HOSTILE_ID, SAMPLE

app = test_web.app  # fixtures: the app over a small store of invented articles (module scope)
db = test_web.db

BASE = "http://127.0.0.1:8765"
HOST = "127.0.0.1:8765"


@pytest.fixture(scope="module")
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app, base_url=BASE) as c:
        yield c


# --- every route, every input -------------------------------------------------------------------------------


def get_routes(routes: list[BaseRoute]) -> list[tuple[str, list[str]]]:
    """``(path template, query parameter names)`` of every GET route, mounts as ``{prefix}/{path}``."""
    found: list[tuple[str, list[str]]] = []
    for route in routes:
        included = getattr(route, "original_router", None)  # FastAPI keeps included routers whole
        if included is not None:
            found += get_routes(included.routes)
        elif isinstance(route, Mount):
            found.append((route.path + "/{path:path}", []))
        elif isinstance(route, APIRoute) and "GET" in (route.methods or ()):
            found.append((route.path, [p.alias for p in route.dependant.query_params]))
    return found


ROUTES = get_routes(create_app("unused.db", load_settings(env={})).routes)
PARAM = re.compile(r"\{(\w+)(?::\w+)?\}")

#: Texts known to trip web apps and stores: NUL, bad UTF-8, encoded slashes, traversal, "~user", SQL and FTS
#: syntax, markup, very long text.
NASTY = [
    "\x00", "a\x00b", "%00", "%ff", "%2F", "%C0%AF", "%", "%zz", "..", "../..", "..%2F..%2Fetc%2Fpasswd", "~",
    "~nobody-at-all", "/", "//", "a/b/c", ".json", "x.json.json", "'; DROP TABLE articles; --", '"', "*", "NEAR(",
    "<script>alert(1)</script>", "\ud7ff\ufffd\U0010ffff", " ", "\t\r\n", "x" * 5000, "9" * 400, "-1", "1e309",
    HOSTILE_ID, HOSTILE_ID[:4], "b000",
]  # fmt: skip


def encoded(text: str) -> str:
    """``text`` percent-encoded for a path or query (the literal ``%..`` samples are sent as they are)."""
    return text if text.startswith("%") or "%2F" in text else quote(text, safe="")


segment = st.one_of(
    st.sampled_from(NASTY).map(encoded),
    st.text(max_size=40).map(lambda t: quote(t, safe="")),  # generated text is always encoded: "%\x1f" is no URL
    st.binary(max_size=20).map(lambda b: quote_from_bytes(b, safe="")),
)
value = st.one_of(
    segment,
    st.integers().map(str),
    st.floats().map(str),
    st.sampled_from(["", "true", "[]", "{}", "0x10", "1_000", "ｌｉｍｉｔ"]),
)


@st.composite
def queries(draw: st.DrawFn, names: list[str]) -> str:
    """A query string over the route's own parameter names and others, values of any type, repeats allowed."""
    keys = st.sampled_from([*names, "page", "limit", "q", "x", ""]) if names else st.sampled_from(["q", "x"])
    pairs = draw(st.lists(st.tuples(keys, value), max_size=4))
    return "&".join(f"{quote(k, safe='')}={v}" for k, v in pairs)


@pytest.mark.parametrize(("template", "names"), ROUTES, ids=[t for t, _ in ROUTES])
@given(data=st.data())
@settings(max_examples=60, deadline=None)
def test_no_route_answers_5xx(client: TestClient, template: str, names: list[str], data: st.DataObject) -> None:
    path = PARAM.sub(lambda _: data.draw(segment, label="segment"), template)
    query = data.draw(queries(names), label="query")
    url = path + ("?" + query if query else "")
    for method in ("GET", "HEAD"):
        r = client.request(method, url)
        assert r.status_code < 500, (method, url, r.status_code, r.text[:300])


def test_every_route_is_enumerated(app: FastAPI) -> None:
    templates = {t for t, _ in ROUTES}
    assert templates == {t for t, _ in get_routes(app.routes)}
    assert {"/articles/{ref:path}", "/articles/{ref:path}.json", "/stories/{ref}/report", "/search"} <= templates


# --- known hostile addresses --------------------------------------------------------------------------------


def asgi_status(app: FastAPI, url: str, method: str = "GET") -> tuple[int, bytes]:
    """Status and body of ``url`` sent to the app as a server would send it (no length limit, as-is bytes)."""
    raw_path, _, query = url.partition("?")
    scope: dict[str, Any] = {
        "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
        "path": unquote(raw_path), "raw_path": raw_path.encode("ascii"), "query_string": query.encode("ascii"),
        "root_path": "", "headers": [(b"host", HOST.encode())], "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8765),
    }  # fmt: skip
    sent: list[Message] = []

    async def receive() -> Message:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Message) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    return start["status"], b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")


LONG = "x" * 100_000


@pytest.mark.parametrize(
    ("url", "status"),
    [
        ("/articles/%00", 400),
        ("/articles/%00.json", 400),
        ("/articles/a%00b", 400),
        ("/articles/%ff", 404),
        ("/articles/%ff.json", 404),
        ("/articles/%2F", 404),
        ("/articles/%C0%AF", 404),
        ("/articles/%C0%AF.json", 404),
        ("/articles/..%2F..%2Fetc%2Fpasswd", 404),
        ("/articles/~nobody-at-all", 404),
        ("/articles/~nobody-at-all.json", 404),
        ("/articles/" + "x" * 5000, 422),
        ("/articles/" + "x" * 5000 + ".json", 422),
        ("/articles/" + LONG, 414),
        ("/articles/" + LONG + ".json", 414),
        ("/stories/%00", 400),
        ("/stories/%ff", 404),
        ("/stories/%C0%AF.json", 404),
        ("/stories/%2F/report", 404),
        ("/stories/" + "x" * 5000 + "/report", 422),
        ("/stories/" + LONG, 414),
        ("/articles?page=%00", 400),
        ("/articles?page=x", 422),
        ("/articles?page=1e3", 422),
        ("/articles?per_page=%ff", 422),
        ("/articles.json?page=99999999999999999999999", 422),
        ("/articles?site=" + "x" * 5000, 422),
        ("/stories?limit=-1", 422),
        ("/stories.json?limit=", 422),
        ("/actors?limit=abc", 422),
        ("/actors?kind=%00", 400),
        ("/actors.json?kind=%ff", 400),
        ("/search?q=%00", 400),
        ("/search.json?q=NEAR(", 200),
        ("/search?q=" + LONG, 414),
        ("/search.json?q=" + "x" * 5000, 422),
        ("/%00", 400),
        ("/" + LONG, 414),
        ("/no/such/%C0%AF", 404),
        ("/static/%00", 400),
        ("/static/%ff", 404),
        ("/static/..%2F..%2F..%2Fpyproject.toml", 404),
        ("/static/" + "x" * 5000, 404),
    ],
    ids=lambda v: str(v) if isinstance(v, int) or len(v) < 60 else f"{v[:20]}...({len(v)} characters)",
)
def test_hostile_addresses(app: FastAPI, url: str, status: int) -> None:
    for method in ("GET", "HEAD"):
        got, body = asgi_status(app, url, method)
        if method == "HEAD" and got == 405:  # routes answer GET only; the refusals above come first
            continue
        assert got == status, (method, url[:80], got, body[:300])


def test_a_nul_is_a_clear_json_error(client: TestClient) -> None:
    r = client.get("/articles/%00.json")
    assert r.status_code == 400 and r.json() == {"error": r.json()["error"], "status": 400}
    assert "NUL" in r.json()["error"]
    page = client.get("/search?q=%00")
    assert page.status_code == 400 and "<h1>400" in page.text and "NUL" in page.text
    assert page.headers["content-security-policy"].startswith("default-src 'self'")
    long = client.get("/articles.json?q=" + "x" * (MAX_URL_CHARS + 1))
    assert long.status_code == 414 and "too long" in long.json()["error"]


# --- cross-site posts (CSRF) --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": "https://evil.example"},
        {"origin": "null"},
        {"origin": "http://localhost:8765"},  # another origin, even on this machine
        {"origin": "https://127.0.0.1:8765"},
        {"origin": "http://127.0.0.1:9999"},
        {"sec-fetch-site": "cross-site"},
        {"sec-fetch-site": "same-site"},
        {"sec-fetch-site": "cross-site", "origin": BASE},
        {"sec-fetch-site": "same-origin", "origin": "https://evil.example"},
    ],
)
@pytest.mark.parametrize("path", ["/analyze", "/analyze.json"])
def test_cross_site_posts_are_refused(client: TestClient, headers: dict[str, str], path: str) -> None:
    r = client.post(path, data={"text": SAMPLE}, headers=headers)
    assert r.status_code == 403
    message = r.json()["error"] if path.endswith(".json") else r.text
    assert "cross-site POST refused" in message and f"{BASE}/" in message
    assert r.headers["x-frame-options"] == "DENY"


def test_cross_site_htmx_post_gets_the_error_fragment(client: TestClient) -> None:
    r = client.post("/analyze", data={"text": SAMPLE}, headers={"origin": "https://evil.example", "hx-request": "true"})
    assert r.status_code == 403 and "<html" not in r.text and 'role="alert"' in r.text


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH"])
def test_other_unsafe_methods_are_checked_too(client: TestClient, method: str) -> None:
    assert client.request(method, "/analyze", headers={"origin": "https://evil.example"}).status_code == 403
    assert client.request(method, "/analyze").status_code == 405  # same-origin or no header: routed as usual


@pytest.mark.parametrize(
    "headers",
    [
        {},  # curl, scripts, test clients
        {"origin": BASE},
        {"origin": BASE.upper()},
        {"sec-fetch-site": "same-origin"},
        {"sec-fetch-site": "none"},
        {"sec-fetch-site": "same-origin", "origin": BASE},  # what a browser sends for the form on our page
    ],
)
def test_same_origin_and_headerless_posts_are_served(client: TestClient, headers: dict[str, str]) -> None:
    r = client.post("/analyze.json", data={"text": "  "}, headers=headers)  # reaches the form: 422, not 403
    assert r.status_code == 422 and "the text field is empty" in r.json()["error"]


def test_the_htmx_form_still_posts(client: TestClient) -> None:
    form = client.get("/analyze", headers={"sec-fetch-site": "none"})
    assert 'hx-post="/analyze"' in form.text
    browser = {"origin": BASE, "sec-fetch-site": "same-origin", "hx-request": "true", "referer": f"{BASE}/analyze"}
    r = client.post("/analyze", data={"text": SAMPLE}, headers=browser)
    assert r.status_code == 200 and 'class="analysis"' in r.text and "<html" not in r.text


def test_cross_site_gets_are_served(client: TestClient) -> None:
    r = client.get("/articles.json", headers={"origin": "https://evil.example", "sec-fetch-site": "cross-site"})
    assert r.status_code == 200  # reading is guarded by the Host check and the browser's same-origin policy


@pytest.mark.parametrize(
    ("method", "headers", "scheme", "refused"),
    [
        ("POST", {"host": "127.0.0.1:8765"}, "http", False),
        ("POST", {"host": "127.0.0.1", "origin": "http://127.0.0.1:80"}, "http", False),
        ("POST", {"host": "127.0.0.1:80", "origin": "http://127.0.0.1"}, "http", False),
        ("POST", {"host": "[::1]:8765", "origin": "http://[::1]:8765"}, "http", False),
        ("POST", {"host": "example.org", "origin": "https://example.org"}, "https", False),
        ("POST", {"host": "example.org", "origin": "http://example.org"}, "https", True),
        ("POST", {"host": "127.0.0.1:8765", "origin": "http://127.0.0.1:8765.evil.example"}, "http", True),
        ("POST", {"host": "127.0.0.1:8765", "origin": "http://127.0.0.1:bad"}, "http", True),
        ("POST", {"host": "127.0.0.1:8765", "origin": ""}, "http", True),
        ("POST", {"origin": "http://127.0.0.1:8765"}, "http", True),  # no Host to compare with
        ("post", {"host": "a", "sec-fetch-site": "CROSS-SITE"}, "http", True),
        ("GET", {"host": "a", "origin": "https://evil.example", "sec-fetch-site": "cross-site"}, "http", False),
        ("OPTIONS", {"host": "a", "origin": "https://evil.example"}, "http", False),
    ],
)
def test_cross_site(method: str, headers: dict[str, str], scheme: str, refused: bool) -> None:
    assert (cross_site(method, Headers(headers), scheme) is not None) is refused
