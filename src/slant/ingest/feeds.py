"""RSS and Atom feeds (feedparser): each entry becomes a document."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

from slant.errors import InputError
from slant.ingest.pages import fragment_to_text
from slant.models import InputError as InputProblem
from slant.models import RawDocument

Item = RawDocument | InputProblem
_EMAIL_NAME = re.compile(r"^\S+@\S+\s*\((.+)\)\s*$")
_FEED_START = re.compile(rb"^\s*(<\?xml[^>]*>\s*)?(<!--.*?-->\s*)*<(rss|feed|rdf:RDF)[\s>]", re.DOTALL)


def looks_like_feed(data: bytes) -> bool:
    """Cheap check on the first bytes: an ``<rss>``, Atom ``<feed>`` or RSS 1.0 root element."""
    return bool(_FEED_START.match(data[:4096].lstrip(b"\xef\xbb\xbf")))


def parse_feed(data: bytes) -> Any | None:
    """The parsed feed, or None when the bytes are not an RSS/Atom feed."""
    import feedparser  # only feed readers need it

    # A stream, never raw bytes or a string: feedparser would take those for a path or URL to open.
    parsed = feedparser.parse(io.BytesIO(data))
    return parsed if parsed.get("version") else None


def read_feed(data: bytes, name: str, *, parsed: Any | None = None) -> Iterator[Item]:
    """Entries of a feed as documents (``name#<index>``); a bad entry yields an error and reading goes on."""
    feed = parsed if parsed is not None else parse_feed(data)
    if feed is None:
        raise InputError(name, "not an RSS or Atom feed")
    site = (feed.feed.get("title") or "").strip() or None
    if not feed.entries:
        raise InputError(name, "feed has no entries")
    for i, entry in enumerate(feed.entries):
        text = _entry_text(entry).strip()
        if not text:
            yield InputProblem(name, f"entry {i}: no content or summary")
            continue
        yield RawDocument(
            source=f"{name}#{i}",
            text=text,
            title=fragment_to_text(entry.get("title", "")).strip() or None,
            url=entry.get("link") or None,
            author=_author(entry),
            published=_date(entry.get("published_parsed") or entry.get("updated_parsed")),
            site_name=site,
            format="feed",
            title_given=True,
        )


def _entry_text(entry: Any) -> str:
    parts = entry.get("content") or []
    best = max(parts, key=lambda p: len(p.get("value", "")), default=None)
    detail = best or entry.get("summary_detail") or {"value": entry.get("summary", ""), "type": "text/html"}
    value = str(detail.get("value", ""))
    return fragment_to_text(value) if "html" in str(detail.get("type", "")) else value


def _author(entry: Any) -> str | None:
    raw = str(entry.get("author") or "").strip()
    m = _EMAIL_NAME.match(raw)
    return (m.group(1).strip() if m else raw) or None


def _date(parsed: Any) -> str | None:
    if not parsed:
        return None
    try:
        year, month, day, hour, minute, second = (int(v) for v in parsed[:6])
        return datetime(year, month, day, hour, minute, second, tzinfo=UTC).isoformat()
    except (TypeError, ValueError):
        return None
