"""HTML pages (trafilatura) and HTML fragments from feeds (html.parser)."""

from __future__ import annotations

import html as html_entities
from html.parser import HTMLParser
from typing import Any

from slant.errors import InputError
from slant.models import RawDocument

_BLOCKS = frozenset((
    "p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6",
    "blockquote", "tr", "table", "section", "article", "header", "footer", "pre", "figure",
))  # fmt: skip
_SKIP = frozenset(("script", "style", "noscript", "iframe", "template", "svg"))


def extract_html(html: str, source: str, *, url: str | None = None, fmt: str = "html") -> RawDocument:
    """The article in an HTML page: body text without navigation, comments or scripts, and metadata.

    Raises :class:`InputError` when no article text is found.
    """
    import trafilatura  # slow to import; only readers of HTML need it

    try:
        doc: Any = trafilatura.bare_extraction(
            html, url=url, include_comments=False, with_metadata=True, prune_xpath=["//noscript"]
        )
    except (ValueError, TypeError) as exc:
        raise InputError(source, f"cannot parse HTML ({exc})") from exc
    text = (getattr(doc, "text", None) or "").strip() if doc is not None else ""
    if not text:
        raise InputError(source, "no article text found in HTML")
    return RawDocument(
        source=source,
        text=text,
        title=_field(doc, "title"),
        url=_field(doc, "url") or url,
        author=_field(doc, "author"),
        published=_field(doc, "date"),
        site_name=_field(doc, "sitename"),
        format=fmt,
        title_given=True,
    )


def _field(doc: Any, name: str) -> str | None:
    value = getattr(doc, name, None)
    return value.strip() or None if isinstance(value, str) else None


def fragment_to_text(html: str) -> str:
    """Text of an HTML fragment (a feed entry's content), block elements on their own lines."""
    if "<" not in html:
        return html_entities.unescape(html)
    parser = _TextParser()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts)


class _TextParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _SKIP:
            self._skip += 1
        elif tag == "br":
            self.parts.append("\n")
        elif tag in _BLOCKS:
            self.parts.append("\n\n")

    def handle_endtag(self, tag: str) -> None:
        if tag in _SKIP:
            self._skip = max(self._skip - 1, 0)
        elif tag in _BLOCKS:
            self.parts.append("\n\n")

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)
