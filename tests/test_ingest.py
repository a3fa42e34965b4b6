"""Ingest: listing inputs and reading every supported format."""

from __future__ import annotations

import gzip
import http.server
import io
import json
import pickle
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from slant.config import JsonFields, Settings
from slant.ingest import Source, iter_documents, list_sources, read_source, sniff_format
from slant.models import InputError, RawDocument

FIXTURES = Path(__file__).parent / "fixtures" / "ingest"
SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
SETTINGS = Settings()

BODY = (
    "Councillor Bertram Oakes said the harbour levy would punish every fisherman in Eastbury.\n\n"
    "Deputy leader Marguerite Lyle said the fee was fair."
)
LONG_OPENING = (
    "Councillor Bertram Oakes of the Harbour Party, who has sat on the Marsh council for eleven years and "
    "chaired its finance committee twice, told a packed meeting on Monday night that the levy would punish "
    "every fisherman in the town"
)


def docs(items: list[RawDocument | InputError]) -> list[RawDocument]:
    return [d for d in items if isinstance(d, RawDocument)]


def errors(items: list[RawDocument | InputError]) -> list[InputError]:
    return [e for e in items if isinstance(e, InputError)]


def read_all(*inputs: str | Path, settings: Settings = SETTINGS, stdin: bytes | None = None) -> list[Any]:
    stream = io.BytesIO(stdin) if stdin is not None else None
    return list(iter_documents([str(i) for i in inputs], settings, stdin=stream))


def write(path: Path, content: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return path


# ---------------------------------------------------------------------------------------------- listing


def test_folder_is_walked_recursively_sorted_skipping_hidden_and_unknown(tmp_path: Path) -> None:
    for name in ["b.txt", "a.md", "sub/c.html", "sub/deeper/d.jsonl", ".hidden.txt", ".git/e.txt", "f.pdf"]:
        write(tmp_path / name, "x")
    sources, problems = list_sources([str(tmp_path)], SETTINGS)
    assert problems == []
    assert [Path(s.location).relative_to(tmp_path).as_posix() for s in sources] == [
        "a.md",
        "b.txt",
        "sub/c.html",
        "sub/deeper/d.jsonl",
    ]
    assert [s.format for s in sources] == ["markdown", "text", "html", "jsonl"]
    assert all(s.kind == "file" and s.size == 1 for s in sources)


def test_glob_stdin_and_duplicates(tmp_path: Path) -> None:
    one = write(tmp_path / "one.txt", "x")
    write(tmp_path / "two.txt", "y")
    write(tmp_path / "notes.pdf", "z")
    sources, problems = list_sources([str(tmp_path / "*.txt"), str(one), "-", str(tmp_path / "*")], SETTINGS)
    assert problems == []
    assert [s.name for s in sources] == [str(one), str(tmp_path / "two.txt"), "<stdin>"]
    assert sources[2].kind == "stdin"


@pytest.mark.parametrize(
    ("name", "fmt", "gz"),
    [
        ("a.txt", "text", False),
        ("a.MD", "markdown", False),
        ("a.htm", "html", False),
        ("a.json", "json", False),
        ("a.jsonl.gz", "jsonl", True),
        ("a.warc.gz", "warc", True),
        ("a.warc", "warc", False),
        ("feed.rss", "feed", False),
        ("feed.atom", "feed", False),
        ("feed.xml", "xml", False),
    ],
)
def test_formats_by_extension(tmp_path: Path, name: str, fmt: str, gz: bool) -> None:
    write(tmp_path / name, "x")
    (source,), _ = list_sources([str(tmp_path / name)], SETTINGS)
    assert (source.format, source.gzip) == (fmt, gz)


def test_urls_need_fetch() -> None:
    sources, problems = list_sources(["https://news.example/a"], SETTINGS)
    assert sources == []
    assert problems[0].source == "https://news.example/a" and "--fetch" in problems[0].message
    sources, problems = list_sources(["https://news.example/a"], SETTINGS.replace(fetch=True))
    assert problems == [] and sources == [Source("https://news.example/a", "url")]


def test_source_pickles() -> None:
    source = Source("x/a.warc.gz", "file", "warc", True, 10)
    assert pickle.loads(pickle.dumps(source)) == source


# ------------------------------------------------------------------------------------------ plain text


@pytest.mark.parametrize(
    ("content", "title", "body_start"),
    [
        (f"Oakes attacks harbour levy\n\n{BODY}", "Oakes attacks harbour levy", "Councillor Bertram"),
        (f"\n\nIs the levy fair?\n\n{BODY}", "Is the levy fair?", "Councillor Bertram"),
        (f"{LONG_OPENING}.\n\n{BODY}", None, "Councillor Bertram Oakes of"),  # 40 words: no title
        (f"{LONG_OPENING}\n{BODY}", None, "Councillor Bertram Oakes of"),
        (f"Oakes attacks harbour levy\n{BODY}", None, "Oakes attacks"),  # no blank line after it
        (f"The levy was debated today.\n\n{BODY}", None, "The levy"),  # a sentence, not a title
        ("Oakes attacks harbour levy\n\n", None, "Oakes attacks"),  # the whole text is not a title
    ],
)
def test_text_title_rule(tmp_path: Path, content: str, title: str | None, body_start: str) -> None:
    (doc,) = read_all(write(tmp_path / "a.txt", content))
    assert doc.title == title
    assert doc.text.startswith(body_start)
    assert doc.format == "text" and doc.title_given


def test_text_crlf_and_gzip(tmp_path: Path) -> None:
    content = f"Oakes attacks harbour levy\r\n\r\n{BODY}".encode()
    (doc,) = read_all(write(tmp_path / "a.txt.gz", gzip.compress(content)))
    assert doc.title == "Oakes attacks harbour levy"
    assert "punish every fisherman" in doc.text


def test_markdown_heading_and_markup(tmp_path: Path) -> None:
    md = (
        "# The *harbour* levy and [Marsh council](https://ledger.example/marsh)\n\n"
        "Councillor **Bertram Oakes** called the levy _unfair_ and quoted `section 4`.\n\n"
        "> “It will punish every fisherman,” he said.\n\n"
        "- first point about snake_case_names\n"
        "* second point: 3*4*5 stays\n\n"
        "![A trawler in the harbour](img.png)\n\n"
        "---\n\n"
        "[1]: https://ledger.example/ref\n"
    )
    (doc,) = read_all(write(tmp_path / "a.md", md))
    assert doc.title == "The harbour levy and Marsh council"
    assert doc.text == (
        "Councillor Bertram Oakes called the levy unfair and quoted section 4.\n\n"
        "“It will punish every fisherman,” he said.\n\n"
        "first point about snake_case_names\n"
        "second point: 3*4*5 stays\n\n"
        "A trawler in the harbour"
    )


def test_markdown_without_heading_uses_title_rule(tmp_path: Path) -> None:
    (doc,) = read_all(write(tmp_path / "a.md", f"Harbour **levy** row\n\n{BODY}"))
    assert doc.title == "Harbour levy row"
    (doc,) = read_all(write(tmp_path / "b.md", f"{LONG_OPENING}\n{BODY}"))
    assert doc.title is None


# ------------------------------------------------------------------------------------------------ HTML


def test_html_page_body_and_metadata() -> None:
    (doc,) = read_all(FIXTURES / "article.html")
    assert doc.title == "Harbour tax splits Marsh council"
    assert doc.author == "Imogen Tallis"
    assert doc.published == "2022-06-14"
    assert doc.site_name == "The Eastbury Ledger"
    assert doc.url == "https://ledger.example/politics/harbour-tax-splits-council"
    assert doc.format == "html"
    assert "“punish every fisherman in Eastbury”" in doc.text
    assert "expected to vote on the levy in September" in doc.text
    for junk in ["COOKIE-BANNER", "NAV-LINK", "SHARE-BAR", "COMMENT-TEXT", "RELATED-LINK", "FOOTER-TEXT"]:
        assert junk not in doc.text
    assert "SCRIPT-TEXT" not in doc.text and "TRACKER-ID" not in doc.text


def test_html_declared_charset(tmp_path: Path) -> None:
    html = (
        '<html><head><meta charset="iso-8859-7"><title>Δήμαρχος</title></head><body><article>'
        "<p>Ο δήμαρχος Νίκος Παππάς είπε ότι το λιμάνι χρειάζεται επισκευή πριν από τον χειμώνα.</p>"
        "<p>Η αντιπολίτευση ζήτησε ψηφοφορία στο δημοτικό συμβούλιο την επόμενη εβδομάδα.</p>"
        "</article></body></html>"
    )
    (doc,) = read_all(write(tmp_path / "gr.html", html.encode("iso-8859-7")))
    assert "Ο δήμαρχος Νίκος Παππάς" in doc.text


# ----------------------------------------------------------------------------------------- JSON / JSONL


def test_jsonl_default_fields(tmp_path: Path) -> None:
    lines = [
        {"title": "Levy row", "text": BODY, "url": "https://ledger.example/1", "authors": ["I. Tallis", "R. Moss"]},
        {"headline": "Second", "body": "Lyle defends the fee.", "date": "2022-06-15", "outlet": "Ledger"},
        {"maintext": ["First paragraph.", "Second paragraph."], "date_publish": 1655280000},
    ]
    path = write(tmp_path / "a.jsonl", "\n".join(json.dumps(x) for x in lines) + "\n\n")
    d1, d2, d3 = read_all(path)
    assert (d1.source, d1.title, d1.url, d1.author) == (
        f"{path}#L1",
        "Levy row",
        "https://ledger.example/1",
        "I. Tallis, R. Moss",
    )
    assert (d2.source, d2.title, d2.published, d2.site_name, d2.text) == (
        f"{path}#L2",
        "Second",
        "2022-06-15",
        "Ledger",
        "Lyle defends the fee.",
    )
    assert d3.text == "First paragraph.\n\nSecond paragraph."
    assert d3.published == "2022-06-15T08:00:00+00:00"
    assert all(d.format == "json" and d.title_given for d in (d1, d2, d3))


def test_json_custom_fields_and_html_records(tmp_path: Path) -> None:
    fields = JsonFields(text=("story_body",), title=("hed",), author=("writer",), url=("permalink",))
    settings = SETTINGS.replace(json_fields=fields)
    page = (FIXTURES / "article.html").read_text(encoding="utf-8")
    items = [
        {"hed": "Custom", "story_body": BODY, "writer": {"name": "Imogen Tallis"}, "permalink": "https://l.example/c"},
        {"html": page, "hed": "From HTML"},
        {"text": "ignored: 'text' is not a configured text field"},
    ]
    path = write(tmp_path / "batch.json", json.dumps(items))
    result = read_all(path, settings=settings)
    d0, d1 = docs(result)
    assert (d0.source, d0.title, d0.author, d0.url) == (f"{path}#0", "Custom", "Imogen Tallis", "https://l.example/c")
    assert d1.source == f"{path}#1"
    assert d1.title == "From HTML"  # the JSON field wins over the page's own title
    assert d1.author == "Imogen Tallis" and "punish every fisherman" in d1.text
    assert "COMMENT-TEXT" not in d1.text
    (problem,) = errors(result)
    assert problem.source == str(path) and problem.message.startswith("item 2: no text field")


def test_json_single_object(tmp_path: Path) -> None:
    (doc,) = read_all(write(tmp_path / "one.json", json.dumps({"title": "One", "content": BODY})))
    assert doc.source == str(tmp_path / "one.json") and doc.title == "One"


# ------------------------------------------------------------------------------------------------- WARC


def make_warc(gz: bool, bodies: list[bytes], *, extra: bool = True) -> bytes:
    """A WARC with one HTML response per body, plus records that must be skipped."""
    buf = io.BytesIO()
    writer = WARCWriter(buf, gzip=gz)

    def response(uri: str, payload: bytes, status: str = "200 OK", ctype: str = "text/html; charset=utf-8") -> None:
        headers = StatusAndHeaders(status, [("Content-Type", ctype)], protocol="HTTP/1.1")
        writer.write_record(
            writer.create_warc_record(uri, "response", payload=io.BytesIO(payload), http_headers=headers)
        )

    for i, body in enumerate(bodies):
        if extra:
            response(f"https://ledger.example/missing{i}", b"<html>gone</html>", status="404 Not Found")
            response(f"https://ledger.example/img{i}.png", b"\x89PNG\r\n", ctype="image/png")
            writer.write_record(writer.create_warc_record(f"https://ledger.example/{i}", "request"))
        response(f"https://ledger.example/story/{i}", body)
    return buf.getvalue()


def story_html(n: int) -> bytes:
    return (
        f"<html><head><title>Story {n}</title></head><body><nav>MENU</nav><article>"
        f"<p>Story {n}: Councillor Bertram Oakes said the harbour levy would punish every fisherman in "
        f"Eastbury, and deputy leader Marguerite Lyle said the fee was fair and overdue.</p>"
        f"<p>The council will vote in September after a six-week public consultation.</p>"
        "</article></body></html>"
    ).encode()


@pytest.mark.parametrize(("gz", "name"), [(True, "crawl.warc.gz"), (False, "crawl.warc")])
def test_warc_html_responses_only(tmp_path: Path, gz: bool, name: str) -> None:
    path = write(tmp_path / name, make_warc(gz, [story_html(0), story_html(1)]))
    result = read_all(path)
    assert errors(result) == []
    d0, d1 = docs(result)
    assert d0.url == "https://ledger.example/story/0" and d1.url == "https://ledger.example/story/1"
    assert d0.source.startswith(f"{path}#<urn:uuid:") and d0.source != d1.source
    assert d0.title == "Story 0" and "Story 1: Councillor" in d1.text
    assert "MENU" not in d0.text and d0.format == "warc"


# ------------------------------------------------------------------------------------------------ feeds

RSS = """<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
<title>The Eastbury Ledger</title><link>https://ledger.example</link><description>News</description>
<item><title>Oakes attacks levy</title><link>https://ledger.example/1</link>
<author>desk@ledger.example (Imogen Tallis)</author><pubDate>Tue, 14 Jun 2022 08:30:00 GMT</pubDate>
<description>&lt;p&gt;Councillor &lt;b&gt;Oakes&lt;/b&gt; attacked the levy.&lt;/p&gt;</description></item>
<item><title>Lyle defends fee</title><link>https://ledger.example/2</link>
<content:encoded><![CDATA[<p>Deputy leader Lyle defended the fee.</p><p>She said it was fair.</p>
<script>bad()</script>]]></content:encoded><description>short summary</description></item>
<item><title>Empty entry</title><link>https://ledger.example/3</link></item>
</channel></rss>"""

ATOM = """<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Marsh Watch</title><id>urn:marsh</id>
<updated>2022-06-15T12:00:00Z</updated>
<entry><title>Harbour vote set</title><link href="https://marsh.example/vote"/><id>urn:marsh:1</id>
<updated>2022-06-15T12:00:00Z</updated><published>2022-06-15T10:00:00Z</published>
<author><name>Rowan Pike</name></author>
<content type="html">&lt;p&gt;The council set the harbour vote for September.&lt;/p&gt;</content></entry>
</feed>"""


def test_rss_feed(tmp_path: Path) -> None:
    path = write(tmp_path / "ledger.rss", RSS)
    result = read_all(path)
    d0, d1 = docs(result)
    assert (d0.source, d0.title, d0.url, d0.author, d0.published, d0.site_name) == (
        f"{path}#0",
        "Oakes attacks levy",
        "https://ledger.example/1",
        "Imogen Tallis",
        "2022-06-14T08:30:00+00:00",
        "The Eastbury Ledger",
    )
    assert d0.text == "Councillor Oakes attacked the levy."
    assert "She said it was fair." in d1.text and "bad()" not in d1.text and "short summary" not in d1.text
    (problem,) = errors(result)
    assert problem.message == "entry 2: no content or summary"


@pytest.mark.parametrize("name", ["marsh.atom", "marsh.xml"])
def test_atom_feed(tmp_path: Path, name: str) -> None:
    (doc,) = read_all(write(tmp_path / name, ATOM))
    assert (doc.title, doc.url, doc.author, doc.published, doc.format) == (
        "Harbour vote set",
        "https://marsh.example/vote",
        "Rowan Pike",
        "2022-06-15T10:00:00+00:00",
        "feed",
    )
    assert doc.text.strip() == "The council set the harbour vote for September."


# ------------------------------------------------------------------------------------------------ stdin


@pytest.mark.parametrize(
    ("data", "fmt"),
    [
        (b"<!DOCTYPE html><html><body><p>x</p></body></html>", "html"),
        (b"  <html><body>x</body></html>", "html"),
        (RSS.encode(), "feed"),
        (ATOM.encode(), "feed"),
        (b'{"text": "a"}\n{"text": "b"}\n', "jsonl"),
        (b'{"text": "a"}\nnot json\n', "jsonl"),
        (b'[{"text": "a"}]', "json"),
        (b'{\n  "text": "a"\n}\n', "json"),
        (b"Oakes attacks levy\n\nBody.", "text"),
        (b"{curly} text that is not JSON", "text"),
        (b"WARC/1.0\r\n", "warc"),
    ],
)
def test_sniff_format(data: bytes, fmt: str) -> None:
    assert sniff_format(data) == fmt


def test_stdin_text_and_jsonl(tmp_path: Path) -> None:
    (doc,) = read_all("-", stdin=f"Oakes attacks harbour levy\n\n{BODY}".encode())
    assert (doc.source, doc.title) == ("<stdin>", "Oakes attacks harbour levy")
    result = read_all("-", stdin=b'{"text": "One."}\n{"text": "Two."}\n')
    assert [d.source for d in result] == ["<stdin>#L1", "<stdin>#L2"]


def test_stdin_html_and_gzip() -> None:
    page = (FIXTURES / "article.html").read_bytes()
    (doc,) = read_all("-", stdin=page)
    assert doc.title == "Harbour tax splits Marsh council" and doc.source == "<stdin>"
    (doc,) = read_all("-", stdin=gzip.compress(page))
    assert doc.title == "Harbour tax splits Marsh council"


# ------------------------------------------------------------------------------------------------- URLs


@pytest.fixture
def local_server() -> Iterator[str]:
    """A web server on 127.0.0.1 serving the HTML fixture and a feed."""
    pages = {
        "/story": ("text/html; charset=utf-8", (FIXTURES / "article.html").read_bytes()),
        "/feed": ("application/rss+xml", RSS.encode()),
        "/plain": ("text/plain", f"Oakes attacks harbour levy\n\n{BODY}".encode()),
    }

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path not in pages:
                self.send_error(404)
                return
            ctype, body = pages[self.path]
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def test_fetch_urls(local_server: str) -> None:
    settings = SETTINGS.replace(fetch=True)
    urls = [f"{local_server}/story", f"{local_server}/feed", f"{local_server}/plain", f"{local_server}/nope"]
    result = read_all(*urls, settings=settings)
    page, entry0, entry1, plain = docs(result)
    assert page.source == urls[0] and page.title == "Harbour tax splits Marsh council"
    assert page.url == "https://ledger.example/politics/harbour-tax-splits-council"
    assert entry0.source == f"{urls[1]}#0" and entry1.url == "https://ledger.example/2"
    assert (plain.title, plain.url) == ("Oakes attacks harbour levy", urls[2])
    fetch_errors = [e for e in errors(result) if e.source == urls[3]]
    assert len(fetch_errors) == 1 and fetch_errors[0].message == "cannot fetch URL: HTTP 404 Not Found"


def test_fetched_page_over_cap(local_server: str) -> None:
    (problem,) = read_all(f"{local_server}/story", settings=SETTINGS.replace(fetch=True, max_bytes=500))
    assert isinstance(problem, InputError) and "over the 500 bytes cap" in problem.message


# ------------------------------------------------------------------------------------------------ seeds


@pytest.mark.shared
def test_seed_titles() -> None:
    if not SEEDS.is_dir():
        pytest.skip(f"{SEEDS} is absent (the shared seeds are not part of the repository)")
    blog, column = sorted(read_all(SEEDS), key=lambda d: d.source)
    assert blog.title == "Ken Livingstone supports Lutfur Rahman for Mayor of Tower Hamlets"
    assert not blog.text.startswith("Ken Livingstone supports")
    assert column.title is None and column.text.startswith("Rushanara Ali")


def test_read_source_directly(tmp_path: Path) -> None:
    path = write(tmp_path / "a.txt", BODY)
    (source,), _ = list_sources([str(path)], SETTINGS)
    (doc,) = read_source(source, SETTINGS)
    assert doc == RawDocument(str(path), BODY, format="text", title_given=True)


def test_warc_without_html_responses_yields_nothing(tmp_path: Path) -> None:
    data = make_warc(False, [story_html(0)])
    only_skipped = data[: data.index(b"WARC/1.0", data.index(b"WARC-Type: request"))]  # drop the story record
    assert read_all(write(tmp_path / "skip.warc", only_skipped)) == []


def test_markdown_heading_alone_is_the_text(tmp_path: Path) -> None:
    (doc,) = read_all(write(tmp_path / "a.md", "# Harbour levy row\n"))
    assert (doc.title, doc.text.strip()) == (None, "Harbour levy row")
