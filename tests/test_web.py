"""The web app (``slant serve``), driven in process: pages and their JSON twins agree, article text is
always escaped, errors are pages or ``{"error": ...}``, the analyse form works, lists page."""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections.abc import AsyncIterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi import FastAPI
from hypothesis import given, settings
from hypothesis import strategies as st
from markupsafe import escape
from typer.testing import CliRunner

from slant import api
from slant.cli import app as cli_app
from slant.config import load_settings
from slant.models import Actor, Analysis, Article, Flag, Quote, Relation, Span, Stance
from slant.store import Store
from slant.web import create_app
from slant.web.markup import Mark, mark_up, snippet_html
from slant.web.security import host_name
from slant.web.serve import check_host, is_loopback

pytestmark = pytest.mark.anyio

WEB = Path(__file__).resolve().parent.parent / "src" / "slant" / "resources" / "web"
HTMX_SHA256 = "d6fdc75f204e6bdefa99b69bf1e6d4ac69b8a364f77929f45c13476b4000f717"

# --- a store of invented articles, written directly (no models needed) ------------------------------------

HOSTILE_ID = "a0a0a0a0a0a0a0a0"
HOSTILE_TITLE = '<script>alert("t")</script> Quill & the "harbour" deal'
HOSTILE_TEXT = (
    'Mayor Ada Quill said "<script>alert(1)</script> is what they want" on Monday.\n\n'
    'Critics replied with "><img src=x onerror=alert(2)> and called Quill a traitor & a liar.'
)
STORY = "s0123456789ab"


def span(text: str, needle: str, nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(needle, start + 1)
    return Span(start, start + len(needle), needle)


def hostile() -> Analysis:
    t = HOSTILE_TEXT
    quill = Actor("ada-quill", "Ada Quill", "person", ("Quill",), (span(t, "Ada Quill"), span(t, "Quill", 1)), 0.9)
    img = '"><img src=x onerror=alert(2)>'
    odd = Actor("img", img, "other", (), (span(t, img),), 0.6)
    quoted = span(t, "<script>alert(1)</script> is what they want")
    return Analysis(
        article=Article(
            id=HOSTILE_ID,
            source='"><img src=x onerror=alert(3)>.txt',
            text=t,
            title=HOSTILE_TITLE,
            url="javascript:alert(5)",
            author="<i>Nobody</i>",
            published="2025-03-02",
            site_name="<b>Harbour</b> Times",
            language="en",
        ),
        actors=(quill, odd),
        quotes=(Quote(quoted.text, quoted.start, quoted.end, "direct", "ada-quill", "Ada Quill", "said"),),
        relations=(Relation("img", "ada-quill", "oppose", "attack", span(t, "called Quill a traitor"), 0.8),),
        stances=(Stance("author", "ada-quill", "negative", -0.6, (span(t, "traitor"),), 0.75),),
        flags=(
            Flag("loaded", "smear", "smear word", *_se(span(t, "traitor & a liar")), "traitor & a liar"),
            # overlaps the quote: the highlighted pieces must not nest wrongly
            Flag(
                "hate",
                "T1",
                "<u>trope</u>",
                *_se(span(t, "alert(1)</script> is what")),
                "alert(1)</script> is what",
                target_group="<em>group</em>",
                explanation="<script>x</script>",
            ),
        ),
        scores={"loaded_density": 0.25},
        story=STORY,
        pipeline=("test.v1",),
    )


def _se(s: Span) -> tuple[int, int]:
    return s.start, s.end


def plain(i: int, site: str, language: str, status: str = "analysed", story: str | None = None) -> Analysis:
    text = f"Councillor Tom Reyes{i} spoke about the harbour budget on day {i}."
    reyes = Actor(f"tom-reyes{i}", f"Tom Reyes{i}", "person", (), (span(text, f"Tom Reyes{i}"),))
    return Analysis(
        article=Article(
            id=f"b{i:015x}", source=f"wire/{site.lower()}/day-{i}.txt", text=text, title=f"Budget day {i}",
            site_name=site,
            language=language, status=status,  # type: ignore[arg-type]
        ),
        actors=(reyes,) if status == "analysed" else (),
        story=story,
        pipeline=("test.v1",),
    )  # fmt: skip


PLAIN = [
    plain(1, "Northwire", "en", story=STORY),
    plain(2, "Northwire", "en"),
    plain(3, "Courier", "en"),
    plain(4, "Courier", "en"),
    plain(5, "Courier", "fr", status="skipped_language"),
    plain(6, "Northwire", "en"),
    plain(7, "Courier", "en"),
]
N_ARTICLES = len(PLAIN) + 1


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("web") / "web.db")
    with Store(path) as store:
        store.write([hostile(), *PLAIN])
    return path


@pytest.fixture(scope="module")
def app(db: str) -> FastAPI:
    return create_app(db, load_settings(env={}))


@pytest.fixture
async def client(app: FastAPI) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as c:
        yield c


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


# --- reading HTML -----------------------------------------------------------------------------------------


class Page(HTMLParser):
    """Every start tag with its attributes, and the text inside elements of a given class."""

    def __init__(self, doc: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self._depth: list[bool] = []
        self.marked_text: list[str] = []
        self.feed(doc)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        self.tags.append((tag, a))
        if tag not in {"meta", "link", "input", "br", "img"}:
            self._depth.append(bool(self._depth and self._depth[-1]) or a.get("class") == "text")

    def handle_endtag(self, tag: str) -> None:
        if tag not in {"meta", "link", "input", "br", "img"} and self._depth:
            self._depth.pop()

    def handle_data(self, data: str) -> None:
        if self._depth and self._depth[-1]:
            self.marked_text.append(data)

    def attr_values(self, tag: str, attr: str) -> list[str]:
        return [a[attr] for t, a in self.tags if t == tag and attr in a]

    def data(self, attr: str) -> list[str]:
        return [a[attr] for _, a in self.tags if attr in a]


SAFE_TAGS = {
    "html", "head", "meta", "title", "link", "script", "body", "header", "nav", "a", "form", "input", "button",
    "main", "footer", "h1", "h2", "p", "code", "section", "table", "thead", "tbody", "tr", "th", "td", "ul", "li",
    "ol", "span", "div", "article", "select", "option", "label", "mark", "textarea", "h3", "strong", "br",
}  # fmt: skip


def assert_safe(doc: str) -> None:
    """No tag or attribute from article text reached the page: only our tags, one script (htmx), no on*."""
    page = Page(doc)
    assert {t for t, _ in page.tags} <= SAFE_TAGS
    assert page.attr_values("script", "src") == ["/static/vendor/htmx/htmx.min.js"] * len(
        [t for t, _ in page.tags if t == "script"]
    )
    assert not [a for _, attrs in page.tags for a in attrs if a.startswith("on")]
    assert "<script>alert" not in doc and "<img" not in doc and "javascript:" not in " ".join(page.data("href"))


# --- pages and their JSON twins ---------------------------------------------------------------------------

PAGES = [
    "/",
    "/articles",
    "/articles?site=Courier",
    f"/articles/{HOSTILE_ID}",
    "/actors",
    "/actors?kind=person&q=quill",
    "/search?q=harbour",
    "/analyze",
]


def twin(path: str) -> str:
    base, _, query = path.partition("?")
    return ("/.json" if base == "/" else base + ".json") + ("?" + query if query else "")


@pytest.mark.parametrize("path", PAGES)
async def test_every_page_has_a_json_twin(client: httpx.AsyncClient, path: str) -> None:
    page = await client.get(path)
    data = await client.get(twin(path))
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    assert data.status_code == 200 and data.headers["content-type"] == "application/json"
    assert data.json()
    alternate = [a.get("href", "") for t, a in Page(page.text).tags if t == "link" and a.get("rel") == "alternate"]
    assert alternate and alternate[0].split("?")[0] == twin(path).split("?")[0]
    assert_safe(page.text)


async def test_index_counts_agree(client: httpx.AsyncClient) -> None:
    data = (await client.get("/.json")).json()
    cells = re.findall(r'data-count="([^"]+)">(\d+)<', (await client.get("/")).text)
    shown = dict(cells)
    assert data["counts"]["articles"] == N_ARTICLES == int(shown["articles"])
    for name in ("actors", "quotes", "relations", "stances", "flags", "runs"):
        assert int(shown[name]) == data["counts"][name]
    assert int(shown["status:skipped_language"]) == 1
    assert {f["value"] for f in data["facets"]["site"]} == {"Northwire", "Courier", "<b>Harbour</b> Times"}


async def test_article_json_is_exactly_the_analysis(client: httpx.AsyncClient, db: str) -> None:
    data = (await client.get(f"/articles/{HOSTILE_ID}.json")).json()
    assert data == api.show(HOSTILE_ID, db=db).to_json()
    assert (await client.get(f"/articles/{HOSTILE_ID[:6]}.json")).json() == data  # a unique prefix works too


async def test_article_page_marks_up_the_text_it_escapes(client: httpx.AsyncClient) -> None:
    doc = (await client.get(f"/articles/{HOSTILE_ID}")).text
    assert_safe(doc)
    page = Page(doc)
    assert "".join(page.marked_text) == HOSTILE_TEXT  # every character shown once, in order, unescaped by parsing
    assert str(escape(HOSTILE_TITLE)) in doc
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in doc
    classes = " ".join(page.attr_values("span", "class"))
    for cls in ("actor k-person", "actor k-other", "quote q-direct", "flag f-loaded", "flag f-hate"):
        assert cls in classes
    # the hate flag overlaps the quote: the overlap is one flat span carrying both
    assert "quote q-direct flag f-hate" in classes
    # tables list what the JSON has
    for needle in ("Ada Quill", "smear word", "&lt;u&gt;trope&lt;/u&gt;", "&lt;em&gt;group&lt;/em&gt;", "attacks"):
        assert needle in doc
    assert 'href="javascript' not in doc and "javascript:alert(5)" in doc  # the URL is text, never a link
    assert f'class="story-link" href="/stories/{STORY}"' in doc
    # the main actors, most salient first, with the author's stance, its confidence and its sentence, escaped
    main = doc[doc.index('class="main-actors"') : doc.index('class="actors"')]
    assert main.index("Ada Quill") < main.index("&lt;img src=x")
    assert ">negative<" in main and ">0.75<" in main and ">0.90<" in main
    assert "&#34;&gt;&lt;img src=x onerror=alert(2)&gt; and called Quill a traitor &amp; a liar." in main


@pytest.mark.parametrize("ref", ["wire/courier/day-3.txt", "wire%2Fcourier%2Fday-3.txt", "b000000000000003"])
async def test_article_by_source_path_with_slashes(client: httpx.AsyncClient, ref: str) -> None:
    data = await client.get(f"/articles/{ref}.json")
    assert data.status_code == 200 and data.json()["id"] == "b000000000000003"
    assert data.json()["source"] == "wire/courier/day-3.txt"
    page = await client.get(f"/articles/{ref}")
    assert page.status_code == 200 and "Budget day 3" in page.text
    assert '<link rel="alternate" type="application/json" href="/articles/b000000000000003.json">' in page.text


async def test_articles_slash_is_the_list(client: httpx.AsyncClient) -> None:
    r = await client.get("/articles/", follow_redirects=True)
    assert r.status_code == 200 and f'data-total="{N_ARTICLES}"' in r.text


async def test_copy_of_and_story_are_linked(client: httpx.AsyncClient, monkeypatch: pytest.MonkeyPatch) -> None:
    copy = Analysis(article=Article(id="c" * 16, source="x.txt", text="Same words again."), story=STORY,
                    copy_of="b000000000000001")  # fmt: skip
    monkeypatch.setattr(api, "show", lambda ref, db=None: copy)
    doc = (await client.get("/articles/cccc")).text
    assert 'class="copy-link" href="/articles/b000000000000001"' in doc
    assert (await client.get("/articles/cccc.json")).json()["copy_of"] == "b000000000000001"


async def test_articles_list_agrees_with_its_json(client: httpx.AsyncClient) -> None:
    data = (await client.get("/articles.json")).json()
    doc = (await client.get("/articles")).text
    assert data["total"] == N_ARTICLES and f'data-total="{N_ARTICLES}"' in doc
    assert Page(doc).data("data-article") == [r["id"] for r in data["articles"]]
    assert data["articles"][0]["id"] == "b000000000000007"  # most recently stored first
    assert "&lt;script&gt;alert(&#34;t&#34;)&lt;/script&gt;" in doc


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("site=Courier", {"b000000000000003", "b000000000000004", "b000000000000005", "b000000000000007"}),
        ("site=Courier&language=en", {"b000000000000003", "b000000000000004", "b000000000000007"}),
        ("status=skipped_language", {"b000000000000005"}),
        (f"story={STORY}", {HOSTILE_ID, "b000000000000001"}),
        ("site=Nowhere", set()),
        ("language=de", set()),
    ],
)
async def test_articles_filters(client: httpx.AsyncClient, query: str, expected: set[str]) -> None:
    data = (await client.get(f"/articles.json?{query}")).json()
    assert {r["id"] for r in data["articles"]} == expected and data["total"] == len(expected)
    assert set(Page((await client.get(f"/articles?{query}")).text).data("data-article")) == expected


async def test_pagination_covers_every_article_once(client: httpx.AsyncClient) -> None:
    seen: list[str] = []
    link: str | None = "/articles.json?per_page=3"
    pages = 0
    while link:
        data = (await client.get(link)).json()
        seen += [r["id"] for r in data["articles"]]
        assert data["pages"] == 3 and len(data["articles"]) <= 3
        link = data["next"]
        pages += 1
    assert pages == 3 and len(seen) == len(set(seen)) == N_ARTICLES
    last = (await client.get("/articles.json?per_page=3&page=3")).json()
    assert last["next"] is None and last["prev"] == "/articles.json?page=2&per_page=3"
    doc = (await client.get("/articles?per_page=3&page=2")).text
    assert 'rel="prev"' in doc and 'rel="next"' in doc and "page 2 of 3" in doc
    beyond = (await client.get("/articles.json?per_page=3&page=9")).json()
    assert beyond["articles"] == [] and beyond["total"] == N_ARTICLES


@pytest.mark.parametrize("query", ["page=0", "per_page=0", "per_page=100000", "page=x"])
async def test_bad_paging_is_a_clear_error(client: httpx.AsyncClient, query: str) -> None:
    r = await client.get(f"/articles.json?{query}")
    assert r.status_code == 422 and r.json()["error"].startswith("invalid parameters: ")
    assert (await client.get(f"/articles?{query}")).status_code == 422


async def test_actors_page_agrees_with_its_json(client: httpx.AsyncClient) -> None:
    data = (await client.get("/actors.json")).json()
    doc = (await client.get("/actors")).text
    assert Page(doc).data("data-actor") == [str(x["id"]) for x in data["actors"]]
    names = {x["name"] for x in data["actors"]}
    assert "Ada Quill" in names and '"><img src=x onerror=alert(2)>' in names
    assert_safe(doc)
    only = (await client.get("/actors.json?kind=person&q=quill")).json()["actors"]
    assert [x["name"] for x in only] == ["Ada Quill"] and only[0]["aliases"] == ["Quill"]
    assert (await client.get("/actors.json?q=nobody-at-all")).json()["actors"] == []


async def test_unknown_actor_kind_is_a_bad_request(client: httpx.AsyncClient) -> None:
    r = await client.get("/actors.json?kind=wizard")
    assert r.status_code == 400 and "person" in r.json()["error"]


async def test_search_agrees_with_its_json_and_marks_matches(client: httpx.AsyncClient) -> None:
    data = (await client.get("/search.json?q=harbour")).json()
    doc = (await client.get("/search?q=harbour")).text
    ids = [h["id"] for h in data["hits"]]
    assert HOSTILE_ID in ids and len(ids) == N_ARTICLES  # every budget article and the hostile one
    assert Page(doc).data("data-article") == ids
    assert "<mark>" in doc and "\x02" not in doc and "\x02" not in str(data)
    assert_safe(doc)
    assert (await client.get("/search.json?q=zebra")).json()["hits"] == []
    assert (await client.get("/search.json")).json() == {"query": "", "hits": []}


# --- stories (a small feed of our own, analysed and clustered for real) -------------------------------------

FERRY_A = (
    "Mayor Ada Quill backed the new ferry contract for Eastmouth on Tuesday, and Councillor Tom Reyes attacked "
    "the deal as a reckless waste of money.\n\n"
    '"This contract will bring 200 jobs to the harbour <script>alert(1)</script>," Quill said at the town hall.\n\n'
    'Protesters outside had painted "><img src=x onerror=alert(2)> on a banner, according to the Eastmouth Harbour '
    "Board."
)
FERRY_B = (
    "Councillor Tom Reyes condemned Mayor Ada Quill's ferry contract for Eastmouth on Tuesday, calling it a "
    'scandal.\n\n"The mayor has thrown away our money," Reyes said. The contract, worth 3 million pounds, was '
    "approved by the council after a long debate.\n\nQuill said the deal would bring 150 jobs to the harbour."
)
LIBRARY = (
    "Brackley's last public library will close in June, the county council confirmed on Thursday. Librarian "
    "Mina Okafor said the building needed repairs the council could not fund."
)
FEED = [
    {"title": "Quill backs ferry deal <script>alert(3)</script>", "text": FERRY_A, "published": "2025-04-01",
     "site_name": "Harbour <b>Herald</b>"},
    {"title": "Ferry contract approved despite Reyes protest", "text": FERRY_B, "published": "2025-04-01",
     "site_name": "Coast Courier"},
    {"title": "Quill backs ferry deal <script>alert(3)</script>", "text": FERRY_A + "\n\nShared from the Harbour Herald.",
     "published": "2025-04-02", "site_name": "Eastmouth Blog"},
    {"title": "Brackley library to close", "text": LIBRARY, "published": "2025-05-08", "site_name": "Coast Courier"},
]  # fmt: skip


def write_feed(folder: Path) -> Path:
    """Our four-article feed: one ferry story told by two outlets plus a blog's copy, and a library story."""
    path = folder / "feed.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in FEED), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def story_db(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("stories")
    db = str(folder / "stories.db")
    report = api.analyze([str(write_feed(folder))], settings=load_settings(env={}, db=db))
    assert report.analysed == 4 and not report.errors
    return db


@pytest.fixture
async def story_client(story_db: str) -> AsyncIterator[httpx.AsyncClient]:
    app = create_app(story_db, load_settings(env={}))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as c:
        yield c


def ferry(db: str) -> Any:
    return next(s for s in api.story_summaries(db=db) if "ferry" in s.story.label.lower())


async def test_stories_list_agrees_with_its_json(story_client: httpx.AsyncClient, story_db: str) -> None:
    data = (await story_client.get("/stories.json")).json()
    doc = (await story_client.get("/stories")).text
    assert len(data["stories"]) == 2 and [s["size"] for s in data["stories"]] == [3, 1]
    assert Page(doc).data("data-story") == [s["id"] for s in data["stories"]]
    assert data["stories"][0]["copy_count"] == 1 and "Harbour <b>Herald</b>" in data["stories"][0]["outlets"]
    assert_safe(doc)
    index = (await story_client.get("/.json")).json()
    assert [s["id"] for s in index["stories"]] == [s["id"] for s in data["stories"]]
    assert Page((await story_client.get("/")).text).data("data-story") == [s["id"] for s in data["stories"]]


async def test_story_page_is_the_comparison_side_by_side(story_client: httpx.AsyncClient, story_db: str) -> None:
    s = ferry(story_db).story
    data = (await story_client.get(f"/stories/{s.id}.json")).json()
    assert data == api.compare(story=s.id, db=story_db)[0].to_json()
    assert (await story_client.get(f"/stories/{s.id[:6]}.json")).json()["id"] == s.id  # a prefix works too
    copy, original = s.copies[0]
    assert data["copies"] == {copy: original} and copy not in data["originals"] and len(data["originals"]) == 2
    page = await story_client.get(f"/stories/{s.id}")
    assert page.status_code == 200
    doc = page.text
    assert_safe(doc)
    assert Page(doc).data("data-article") == data["articles"]
    assert f'class="copy-link" href="/articles/{original}"' in doc
    for actor in data["actors"]:
        assert str(escape(actor)) in doc
    for outlet in ("Harbour &lt;b&gt;Herald&lt;/b&gt;", "Coast Courier"):
        assert f"<th>{outlet}</th>" in doc  # a column per compared article
    assert "&lt;script&gt;alert(3)&lt;/script&gt;" in doc
    assert f'href="/stories/{s.id}/report"' in doc and f'href="/articles?story={s.id}"' in doc


async def test_article_links_its_story_and_its_original(story_client: httpx.AsyncClient, story_db: str) -> None:
    copy, original = ferry(story_db).story.copies[0]
    data = (await story_client.get(f"/articles/{copy}.json")).json()
    assert data["copy_of"] == original
    doc = (await story_client.get(f"/articles/{copy}")).text
    assert f'class="copy-link" href="/articles/{original}"' in doc
    assert f'class="story-link" href="/stories/{data["story"]}"' in doc


async def test_story_report_is_self_contained_and_escaped(story_client: httpx.AsyncClient, story_db: str) -> None:
    s = ferry(story_db).story
    r = await story_client.get(f"/stories/{s.id}/report")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert r.headers["content-security-policy"].startswith("default-src 'none'")
    assert "connect-src 'none'" in r.headers["content-security-policy"]
    page = Page(r.text)
    assert not [v for t, a in page.tags for k, v in a.items() if k in ("src", "href") and "//" in v]
    assert "<script>alert" not in r.text and "<img src=x" not in r.text
    assert not [a for _, attrs in page.tags for a in attrs if a.startswith("on")]


async def test_story_pages_have_json_twins_and_stay_local(story_client: httpx.AsyncClient, story_db: str) -> None:
    sid = ferry(story_db).story.id
    for path in ("/", "/stories", f"/stories/{sid}", "/articles"):
        page = await story_client.get(path)
        assert (await story_client.get(twin(path))).status_code == 200
        tags = Page(page.text).tags
        assert [a["href"] for t, a in tags if t == "link" and a.get("rel") == "alternate"] == [twin(path)]
        for _, attrs in tags:
            for attr in ("src", "href", "action"):
                if attr in attrs:
                    assert attrs[attr].startswith("/") and not attrs[attr].startswith("//"), (path, attrs)


@pytest.mark.parametrize("path", ["/stories/nope", "/stories/s000000000000", "/stories/nope/report"])
async def test_unknown_story_is_404(story_client: httpx.AsyncClient, path: str) -> None:
    r = await story_client.get(path)
    assert r.status_code == 404 and "slant stories" in html.unescape(r.text)
    if not path.endswith("/report"):
        data = await story_client.get(path + ".json")
        assert data.status_code == 404 and "no story" in data.json()["error"]


# --- errors -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "status", "says"),
    [
        ("/articles/ffffffffffffffff", 404, "no article matches"),
        ("/articles/ab", 404, "at least 4 characters"),
        ("/articles/b000", 404, "ambiguous"),
        ("/no/such/page", 404, "no page at /no/such/page"),
    ],
)
async def test_not_found(client: httpx.AsyncClient, path: str, status: int, says: str) -> None:
    page = await client.get(path)
    assert page.status_code == status and says in html.unescape(page.text) and "<h1>404" in page.text
    data = await client.get(path + ".json")
    assert data.status_code == status and says in data.json()["error"]
    assert set(data.json()) == {"error", "status"}


async def test_json_clients_get_json_errors(client: httpx.AsyncClient) -> None:
    r = await client.get("/articles/ffffffffffffffff", headers={"accept": "application/json"})
    assert r.status_code == 404 and "error" in r.json()


async def test_unreadable_store_is_503(tmp_path: Path) -> None:
    bad = tmp_path / "not-a-db.db"
    bad.write_bytes(b"this is not a database" * 100)
    app = create_app(str(bad), load_settings(env={}))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as c:
        r = await c.get("/.json")
        assert r.status_code == 503 and str(bad) in r.json()["error"]
        assert (await c.get("/")).status_code == 503


# --- security ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path", ["/", "/.json", "/articles/nope", "/static/slant.css", "/static/vendor/htmx/htmx.min.js"]
)
async def test_security_headers(client: httpx.AsyncClient, path: str) -> None:
    r = await client.get(path)
    assert r.headers["content-security-policy"].startswith("default-src 'self'")
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["x-frame-options"] == "DENY"


async def test_no_page_loads_anything_from_elsewhere(client: httpx.AsyncClient) -> None:
    for path in [*PAGES, "/articles/ffffffffffffffff"]:
        page = Page((await client.get(path)).text)
        for tag, attrs in page.tags:
            for attr in ("src", "href", "action", "hx-post", "hx-get"):
                value = attrs.get(attr)
                if value is not None:
                    assert value.startswith("/") and not value.startswith("//"), (path, tag, attr, value)
    css = (WEB / "static" / "slant.css").read_text()
    assert "url(" not in css and "@import" not in css


async def test_vendored_htmx_is_the_pinned_file(client: httpx.AsyncClient) -> None:
    r = await client.get("/static/vendor/htmx/htmx.min.js")
    assert r.status_code == 200 and hashlib.sha256(r.content).hexdigest() == HTMX_SHA256
    readme = (WEB / "vendor" / "README.md").read_text()
    assert HTMX_SHA256 in readme and "2.0.11" in readme and (WEB / "vendor" / "htmx" / "LICENSE").is_file()


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8765", "192.168.1.5"])
async def test_other_hosts_are_refused(client: httpx.AsyncClient, host: str) -> None:
    r = await client.get("/.json", headers={"host": host})
    assert r.status_code == 400 and "not served here" in r.text


@pytest.mark.parametrize(
    ("header", "name"),
    [("127.0.0.1:8765", "127.0.0.1"), ("localhost", "localhost"), ("[::1]:80", "::1"), ("LOCALHOST:1", "localhost")],
)
def test_host_name(header: str, name: str) -> None:
    assert host_name(header) == name


# --- the analyse form (runs the real pipeline in memory) ----------------------------------------------------

SAMPLE = 'Mayor Ada Quill backed Tom Reyes on Monday. "We will win," Quill said.'


async def test_analyze_form_with_htmx_returns_the_fragment(client: httpx.AsyncClient) -> None:
    form = await client.get("/analyze")
    assert 'hx-post="/analyze"' in form.text and 'hx-target="#result"' in form.text
    r = await client.post(
        "/analyze", data={"text": SAMPLE, "title": "Quill <b>wins</b>"}, headers={"HX-Request": "true"}
    )
    assert r.status_code == 200 and "<html" not in r.text and 'class="analysis"' in r.text
    assert "Quill &lt;b&gt;wins&lt;/b&gt;" in r.text and 'class="actor k-person"' in r.text
    assert "".join(Page(r.text).marked_text) == SAMPLE


async def test_analyze_form_without_js_returns_the_page(client: httpx.AsyncClient) -> None:
    r = await client.post("/analyze", data={"text": SAMPLE})
    assert r.status_code == 200 and r.text.startswith("<!doctype html>") and 'class="analysis"' in r.text
    assert "".join(Page(r.text).marked_text) == SAMPLE and 'class="actor k-person"' in r.text


async def test_analyze_json_is_the_analysis(client: httpx.AsyncClient) -> None:
    by_path = (await client.post("/analyze.json", data={"text": SAMPLE})).json()
    by_accept = (await client.post("/analyze", data={"text": SAMPLE}, headers={"accept": "application/json"})).json()
    by_json = (await client.post("/analyze.json", json={"text": SAMPLE})).json()
    assert by_path == by_accept == by_json
    assert Analysis.from_json(by_path).to_json() == by_path
    assert "Ada Quill" in {a["name"] for a in by_path["actors"]} and by_path["text"] == SAMPLE


async def test_analyze_escapes_hostile_text(client: httpx.AsyncClient) -> None:
    r = await client.post("/analyze", data={"text": HOSTILE_TEXT, "title": HOSTILE_TITLE})
    assert r.status_code == 200
    assert_safe(r.text)
    assert "".join(Page(r.text).marked_text) == HOSTILE_TEXT


@pytest.mark.parametrize(
    ("kwargs", "status", "says"),
    [
        ({"data": {"text": "   "}}, 422, "the text field is empty"),
        ({"data": {"title": "only a title"}}, 422, "the text field is empty"),
        ({"json": ["not", "an", "object"]}, 400, "JSON object"),
        ({"json": {"text": 42}}, 400, "must be strings"),
        ({"content": b"{oops", "headers": {"content-type": "application/json"}}, 400, "not valid JSON"),
        ({"files": {"text": ("a.txt", b"hello")}}, 415, "urlencoded"),
    ],
)
async def test_analyze_bad_posts(client: httpx.AsyncClient, kwargs: dict[str, Any], status: int, says: str) -> None:
    r = await client.post("/analyze.json", **kwargs)
    assert r.status_code == status and says in r.json()["error"]


async def test_analyze_size_limit(db: str) -> None:
    app = create_app(db, load_settings(env={}), max_text_chars=40)
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1") as c:
        r = await c.post("/analyze.json", data={"text": "x" * 41})
        assert r.status_code == 413 and "at most 40 characters" in r.json()["error"]
        assert "slant analyze FILE" in r.json()["error"]
        r = await c.post("/analyze.json", content=b"text=" + b"x" * 5000)  # refused before it is parsed
        assert r.status_code == 413
        r = await c.post("/analyze", data={"text": "x" * 41}, headers={"HX-Request": "true"})
        assert r.status_code == 413 and "<html" not in r.text and 'role="alert"' in r.text  # htmx swaps it in
        assert (await c.get("/analyze.json")).json()["max_chars"] == 40


# --- markup (pure) ----------------------------------------------------------------------------------------


def strip(doc: str) -> str:
    p = Page(f'<div class="text">{doc}</div>')
    return "".join(p.marked_text)


@pytest.mark.parametrize(
    ("marks", "expected"),
    [
        ([], "a&lt;b&gt;c"),
        ([Mark(0, 5, "x", "n")], '<span class="x" title="n">a&lt;b&gt;c</span>'),
        ([Mark(1, 4, "x", "<n>")], 'a<span class="x" title="&lt;n&gt;">&lt;b&gt;</span>c'),
        ([Mark(3, 3, "x", "n"), Mark(4, 2, "x", "n"), Mark(-1, 2, "x", "n"), Mark(9, 12, "x", "n")], "a&lt;b&gt;c"),
    ],
)
def test_mark_up_examples(marks: list[Mark], expected: str) -> None:
    assert str(mark_up("a<b>c", marks)) == expected


def test_overlapping_marks_become_flat_pieces() -> None:
    out = str(mark_up("abcdef", [Mark(0, 4, "q", "quote"), Mark(2, 6, "f", "flag"), Mark(2, 4, "a", "actor")]))
    assert out == (
        '<span class="q" title="quote">ab</span>'
        '<span class="q f a" title="quote; flag; actor">cd</span>'
        '<span class="f" title="flag">ef</span>'
    )


marks_strategy = st.lists(
    st.builds(Mark, st.integers(-3, 40), st.integers(-3, 45), st.sampled_from(["a", "q f", "x"]), st.text(max_size=5)),
    max_size=8,
)


@given(text=st.text(max_size=40), marks=marks_strategy)
@settings(max_examples=200, deadline=None)
def test_mark_up_keeps_the_text_and_adds_only_spans(text: str, marks: list[Mark]) -> None:
    out = str(mark_up(text, marks))
    page = Page(f'<div class="text">{out}</div>')
    assert {t for t, _ in page.tags} <= {"div", "span"}
    assert strip(out) == text


@pytest.mark.parametrize(
    ("snippet", "expected"),
    [
        ("plain <b>", "plain &lt;b&gt;"),
        ("a \x02hit\x03 b", "a <mark>hit</mark> b"),
        ("\x02<i>\x03 \x02x\x03", "<mark>&lt;i&gt;</mark> <mark>x</mark>"),
        ("stray \x03end", "stray end"),
    ],
)
def test_snippet_html(snippet: str, expected: str) -> None:
    assert str(snippet_html(snippet, "\x02", "\x03")) == expected


# --- the serve command ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("127.0.0.2", True), ("localhost", True), ("::1", True), ("[::1]", True),
     ("0.0.0.0", False), ("::", False), ("192.168.1.5", False), ("example.org", False), ("", False)],
)  # fmt: skip
def test_is_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_serve_refuses_a_remote_host_without_allow_remote() -> None:
    result = CliRunner().invoke(cli_app, ["serve", "--host", "0.0.0.0", "--db", "unused.db"])
    assert result.exit_code == 2
    assert "--allow-remote" in result.output and "0.0.0.0" in result.output
    check_host("0.0.0.0", allow_remote=True)  # allowed when asked for


def test_serve_reports_a_port_in_use(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        result = CliRunner().invoke(cli_app, ["serve", "--port", str(port), "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 2 and f"127.0.0.1:{port}" in result.output and "--port" in result.output
