"""The HTML report: one self-contained file, every piece of article text escaped, no external URL, a CSP
that admits only the inlined scripts; highlight segments; heatmaps from comparisons or from the analyses.

The browser checks (it renders, no console errors, clicking an edge shows its sentences) are in
tests/test_report_browser.py. Every name and sentence is invented (see tests/report_data.py).
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slant import api, report
from slant.errors import NotFoundError
from slant.models import Story
from slant.store import Store

from .conftest import ROOT
from .report_data import EVIL_IMG, EVIL_NAME, EVIL_SCRIPT, hostile, ledger, ottley, post

VENDOR = ROOT / "src" / "slant" / "resources" / "vendor"


class Page(HTMLParser):
    """Collects tags with attributes, script bodies, and text outside scripts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self.text: list[str] = []
        self._in_script: dict[str, str | None] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "script":
            self._in_script = dict(attrs)
            self.scripts.append((self._in_script, ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "script":
            self._in_script = None

    def handle_data(self, data: str) -> None:
        if self._in_script is not None:
            attrs, body = self.scripts[-1]
            self.scripts[-1] = (attrs, body + data)
        else:
            self.text.append(data)


def parse(html: str) -> Page:
    p = Page()
    p.feed(html)
    p.close()
    return p


@pytest.fixture(scope="module")
def hostile_html() -> str:
    return report.report([ledger(), post(), hostile(), ottley()])


# --- escaping --------------------------------------------------------------------------------------------


def test_hostile_text_is_escaped_everywhere(hostile_html: str) -> None:
    html = hostile_html
    for evil in (EVIL_SCRIPT, EVIL_IMG, EVIL_NAME, "<svg onload", "<i>Evil</i>", "<b>label</b>", "<b>hostile</b>"):
        assert evil not in html
    assert "&lt;script&gt;window.__pwned=1&lt;/script&gt;" in html  # shown as text
    assert "&lt;i&gt;Evil&lt;/i&gt; &amp; Co" in html
    page = parse(html)
    body_text = "".join(page.text)
    assert EVIL_SCRIPT in body_text and EVIL_IMG in body_text and "a stray </script> and <!--" in body_text
    # the only elements are the template's own: no tag or attribute came from the articles
    assert not {t for t, _ in page.tags} - {
        "html", "head", "meta", "title", "style", "body", "header", "h1", "p", "nav", "a", "main", "section",
        "h2", "ul", "li", "strong", "span", "figure", "figcaption", "div", "aside", "article", "h3", "code",
        "details", "summary", "table", "thead", "tr", "th", "tbody", "td", "b", "small", "script",
    }  # fmt: skip
    assert not [(t, k) for t, attrs in page.tags for k in attrs if k.startswith("on")]


def test_exactly_the_inlined_scripts_and_one_json_block(hostile_html: str) -> None:
    page = parse(hostile_html)
    kinds = [attrs.get("type") for attrs, _ in page.scripts]
    assert kinds == ["application/json", None, None, None, None, None]
    assert all("src" not in attrs for attrs, _ in page.scripts)
    raw = page.scripts[0][1]
    assert "</" not in raw and "<" not in raw
    data = json.loads(raw)
    names = {n["data"]["label"] for n in data["network"]["nodes"]}
    assert EVIL_NAME in names  # the data survives intact; only its encoding is safe
    evidence = [ev["text"] for e in data["network"]["edges"] for ev in e["data"]["evidence"]]
    assert any(EVIL_NAME in t for t in evidence)


def test_csp_admits_exactly_the_inline_scripts(hostile_html: str) -> None:
    page = parse(hostile_html)
    csp = next(a["content"] for t, a in page.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy")
    assert csp is not None
    assert "default-src 'none'" in csp and "connect-src 'none'" in csp
    assert "unsafe-eval" not in csp and "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
    hashes = set(re.findall(r"'sha256-([^']+)'", csp))
    bodies = [body for attrs, body in page.scripts if attrs.get("type") is None]
    assert hashes == {base64.b64encode(hashlib.sha256(b.encode()).digest()).decode() for b in bodies}


def test_no_external_url(hostile_html: str) -> None:
    """Nothing in the page points outside it: no URL in any attribute, no stylesheet url(), no source map;
    URLs inside the vendored libraries are known strings that are never fetched (XML namespaces, licence
    and documentation links, the Vega editor link of the action menu the report switches off)."""
    page = parse(hostile_html)
    for tag, attrs in page.tags:
        for key, value in attrs.items():
            if key in ("href", "src", "action", "formaction", "poster", "data", "srcset", "xlink:href"):
                assert value is not None and value.startswith("#"), (tag, key, value)
    assert "url(" not in hostile_html.split("</style>")[0]
    assert "sourceMappingURL" not in hostile_html
    allowed = {
        "http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink", "http://www.w3.org/2000/xmlns/",
        "http://en.wikipedia.org/wiki/MIT_License", "http://opensource.org/licenses/MIT", "http://engelschall.com",
        "https://github.com/Starcounter-Jack/JSON-Patch", "https://github.com/vega/vega-lite/issues/2415",
        "https://vega.github.io/editor/", "https://vega.github.io/schema/vega/v6.json", "http://", "https://",
    }  # fmt: skip
    in_scripts = {u for _, body in page.scripts for u in re.findall(r"https?://[\w./-]*", body)}
    assert in_scripts <= allowed
    outside = re.findall(r"https?://", "".join(page.text))
    assert outside == []  # the test articles have no http URL; their javascript: URL is text, never a link


def test_script_json_never_closes_the_element() -> None:
    value = {"a": "</script><!-- \u2028 & <b>", "</script>": [1, "x"]}
    out = str(report.script_json(value))
    assert "<" not in out and ">" not in out and "&" not in out and "\u2028" not in out
    assert json.loads(out) == value


# --- segments --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "spans", "expected"),
    [
        ("", [], []),
        ("plain", [], [("plain", ())]),
        ("plain", [(2, 2, "x", "")], [("plain", ())]),  # empty span: nothing
        ("plain", [(9, 12, "x", "")], [("plain", ())]),  # out of range: nothing
        ("abcdef", [(-3, 2, "x", "")], [("ab", ("x",)), ("cdef", ())]),  # clipped
        ("abcdef", [(1, 4, "x", ""), (2, 6, "y", "")], [("a", ()), ("b", ("x",)), ("cd", ("x", "y")), ("ef", ("y",))]),
        ("abcdef", [(0, 6, "x", ""), (2, 3, "y", "")], [("ab", ("x",)), ("c", ("x", "y")), ("def", ("x",))]),
        ("abcdef", [(0, 3, "x", ""), (3, 6, "x", "")], [("abcdef", ("x",))]),  # adjacent, same: one piece
    ],
    ids=["empty", "no-spans", "empty-span", "out-of-range", "clipped", "overlap", "nested", "adjacent"],
)
def test_segments(
    text: str, spans: list[tuple[int, int, str, str]], expected: list[tuple[str, tuple[str, ...]]]
) -> None:
    assert [(s.text, s.classes) for s in report.segments(text, spans)] == expected


@settings(max_examples=80, deadline=None)
@given(
    st.text(max_size=40),
    st.lists(st.tuples(st.integers(-5, 45), st.integers(-5, 45), st.sampled_from(["a", "b", "c"])), max_size=8),
)
def test_segments_cover_the_text_exactly(text: str, raw: list[tuple[int, int, str]]) -> None:
    spans = [(s, e, c, c.upper()) for s, e, c in raw]
    segs = report.segments(text, spans)
    assert "".join(s.text for s in segs) == text
    pos = 0
    for seg in segs:
        for i in range(pos, pos + len(seg.text)):
            assert set(seg.classes) == {c for s, e, c, _ in spans if s <= i < e}
        pos += len(seg.text)


def test_article_highlights(hostile_html: str) -> None:
    html = hostile_html
    assert '<span class="a-person" title="Ada Quill (person)">Ada Quill</span>' in html
    assert re.search(r'<span class="[^"]*f-hate[^"]*" title="hate: invented trope[^"]*group: sailors', html)
    assert re.search(r'<span class="[^"]*f-loaded[^"]*"[^>]*>attacked</span>', html)
    assert 'class="q"' in html or re.search(r'class="[^"]*\bq\b', html)
    assert "f-bias" not in html  # biased sentences are counted, not underlined


# --- heatmaps --------------------------------------------------------------------------------------------


def test_heatmap_from_the_analyses_merges_actors_and_skips_copies() -> None:
    copy = ledger("e5000000000000e5", copy_of="a1000000000000a1")
    [h] = report.stance_heatmaps([ledger(), post(), copy])
    assert h.source == "analyses" and h.id == "all"
    by = {(c["actor"], c["article_id"]): c for c in h.cells}
    assert by[("Ada Quill", "a1000000000000a1")]["score"] == pytest.approx(0.6)
    assert by[("Ada Quill", "b2000000000000b2")]["score"] == pytest.approx(-0.4)  # "Ms Quill" is Ada Quill
    assert by[("Tom Reyes", "a1000000000000a1")]["polarity"] == "neutral"
    assert not any(c["article_id"] == "e5000000000000e5" for c in h.cells)
    assert h.actors[0] == "Ada Quill"  # stances in the most articles first
    assert report.stance_heatmaps([]) == [] and report.stance_heatmaps([ottley()]) == []


def test_heatmaps_per_story() -> None:
    stories = [Story("s1", "Quill and Reyes", ("a1000000000000a1", "b2000000000000b2")), Story("s2", "", ("zzz",))]
    hs = report.stance_heatmaps([ledger(), post(), hostile()], stories)
    assert [(h.id, h.title) for h in hs] == [("s1", "Quill and Reyes"), ("all", "other articles")]


COMPARISON: dict[str, Any] = {
    "stories": [
        {
            "id": "s1",
            "label": "Quill and Reyes",
            "articles": ["a1000000000000a1", "b2000000000000b2"],
            "actors": ["Ada Quill", "Dara Lind"],
            "stances": {"Ada Quill": {"a1000000000000a1": "positive", "b2000000000000b2": "negative"}},
            "stance_detail": {
                "Ada Quill": {
                    "a1000000000000a1": {"status": "stance", "polarity": "positive", "score": 0.61, "evidence": [{"text": "backed"}]},
                    "b2000000000000b2": {"status": "stance", "polarity": "negative", "score": -0.4, "evidence": []},
                },
                "Dara Lind": {
                    "a1000000000000a1": {"status": "no_stance", "polarity": None, "score": None, "evidence": []},
                    "b2000000000000b2": {"status": "not_mentioned", "polarity": None, "score": None, "evidence": []},
                },
            },
        }
    ]
}  # fmt: skip


def test_heatmap_from_a_comparison() -> None:
    [h] = report.heatmaps_from_comparisons([COMPARISON], [ledger(), post()])
    assert h.source == "comparison" and h.title == "Quill and Reyes"
    cells = {(c["actor"], c["article_id"]): c for c in h.cells}
    assert cells[("Ada Quill", "a1000000000000a1")]["score"] == 0.61
    assert cells[("Ada Quill", "a1000000000000a1")]["evidence"] == "backed"
    assert cells[("Dara Lind", "a1000000000000a1")]["score"] is None  # named, no stance: a grey cell
    assert ("Dara Lind", "b2000000000000b2") not in cells  # not mentioned: blank
    assert h.articles == [report.article_label(ledger()), report.article_label(post())]


def test_heatmap_from_comparison_polarities_only() -> None:
    story = {k: v for k, v in COMPARISON["stories"][0].items() if k != "stance_detail"}

    class Obj:
        def to_json(self) -> dict[str, Any]:
            return story

    [h] = report.heatmaps_from_comparisons([Obj()], [ledger(), post()])
    assert sorted(c["score"] for c in h.cells) == [-1.0, 1.0]


def test_report_uses_the_comparison_when_given() -> None:
    html = report.report([ledger(), post()], [COMPARISON])
    data = json.loads(parse(html).scripts[0][1])
    [hm] = data["heatmaps"]
    assert hm["id"] == "s1"
    spec = hm["spec"]
    assert "$schema" not in spec and spec["layer"][1]["encoding"]["color"]["scale"]["domain"] == [-1, 1]
    assert "computed from the articles" not in html


# --- api -------------------------------------------------------------------------------------------------


def test_api_report_writes_the_file_atomically(tmp_path: Path) -> None:
    db = str(tmp_path / "r.db")
    with Store(db) as st:
        st.write([ledger(), post(), hostile()])
    out = api.report(tmp_path / "r.html", db=db)
    assert out == tmp_path / "r.html" and out.is_file()
    assert not list(tmp_path.glob("*.part"))
    html = out.read_text(encoding="utf-8")
    assert "Quill backs Reyes" in html and EVIL_SCRIPT not in html
    with pytest.raises(NotFoundError, match="nope"):
        api.report(tmp_path / "x.html", story="nope", db=db)
    assert not (tmp_path / "x.html").exists()


def test_api_report_of_one_story_uses_its_comparison(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    with Store(db) as st:
        st.write([ledger(), post(), hostile()])
    api.update_stories(db)
    stories = api.stories(db, limit=None)
    quill = next(s for s in stories if "a1000000000000a1" in s.articles)
    html = api.report(tmp_path / "one.html", story=quill.id[:8], db=db).read_text(encoding="utf-8")
    page = parse(html)
    data = json.loads(page.scripts[0][1])
    assert set(data["articles"]) == set(quill.articles)
    assert [h["id"] for h in data["heatmaps"]] == [quill.id]  # from slant.compare, not recomputed
    assert "computed from the articles" not in html
    assert page.tags[0][0] == "html" and f"<title>{quill.label}</title>" in html
    whole = api.report(tmp_path / "all.html", db=db).read_text(encoding="utf-8")
    evil = next(s for s in stories if "d4000000000000d4" in s.articles)
    assert EVIL_NAME in evil.label and EVIL_NAME not in whole  # the story label is escaped too
    assert "Ed Vane" in "".join(parse(whole).text)


def test_vendored_files_match_their_readme() -> None:
    readme = (VENDOR / "README.md").read_text(encoding="utf-8")
    listed = dict((path, sha) for sha, path in re.findall(r"^([0-9a-f]{64})  (\S+)$", readme, re.M))
    assert set(listed) == set(report.VENDOR_SCRIPTS)
    for path, sha in listed.items():
        assert hashlib.sha256((VENDOR / path).read_bytes()).hexdigest() == sha, path
        assert (VENDOR / path).parent.joinpath("LICENSE").is_file()


@pytest.mark.slow
def test_report_of_the_examples(examples_db: Path, tmp_path: Path) -> None:
    out = api.report(tmp_path / "examples.html", db=str(examples_db))
    html = out.read_text(encoding="utf-8")
    page = parse(html)
    data = json.loads(page.scripts[0][1])
    labels = {n["data"]["label"] for n in data["network"]["nodes"]}
    assert {"Gerald Mawdsley", "Leila Marchetti"} <= labels
    assert any(e["data"]["polarity"] == "support" for e in data["network"]["edges"])
    assert data["heatmaps"] and all(h["spec"]["data"]["values"] for h in data["heatmaps"])
    text = "".join(page.text)
    assert "Brackenford" in text and "Mawdsley" in text
    assert "f-hate" in html  # the fringe blog's conspiracy tropes are marked
