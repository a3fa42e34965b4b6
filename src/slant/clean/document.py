"""RawDocument -> Article: normalise, strip boilerplate, settle the title, id, language, status."""

from __future__ import annotations

import re

from slant.clean.boilerplate import strip_boilerplate
from slant.clean.ids import content_id
from slant.clean.language import detect_language
from slant.clean.normalize import normalize_line, normalize_text
from slant.clean.title import split_title
from slant.config import Settings
from slant.models import Article, ArticleStatus, RawDocument

_NOT_WORD = re.compile(r"[\W_]+")


def clean_document(raw: RawDocument, settings: Settings) -> Article:
    """A cleaned article. Its text is kept even when it is skipped: ``skipped_empty`` when fewer than
    ``settings.min_words`` words remain, ``skipped_language`` when the language is not analysed."""
    text = strip_boilerplate(normalize_text(raw.text))
    title = normalize_line(raw.title) if raw.title else None
    if title is None and not raw.title_given:
        title, text = split_title(text)
    if title:
        text = drop_title_lines(text, title)
    text = normalize_text(text)
    language = detect_language(text) if text else None
    return Article(
        id=content_id(text) if text else content_id(f"empty document\n{raw.source}"),
        source=raw.source,
        text=text,
        title=title or None,
        url=_field(raw.url),
        author=_field(raw.author),
        published=_field(raw.published),
        site_name=_field(raw.site_name),
        language=language,
        status=_status(text, language, settings),
        format=raw.format,
    )


def drop_title_lines(text: str, title: str) -> str:
    """Drop leading lines that repeat the title (extractors often keep the headline in the body)."""
    key = _key(title)
    lines = text.split("\n")
    i = 0
    while i < len(lines) and (not lines[i].strip() or _key(lines[i]) == key):
        i += 1
    return "\n".join(lines[i:]) if i and key else text


def _key(line: str) -> str:
    return _NOT_WORD.sub(" ", line.casefold()).strip()


def _field(value: str | None) -> str | None:
    return normalize_line(value) or None if value else None


def _status(text: str, language: str | None, settings: Settings) -> ArticleStatus:
    words = len(text.split())
    if words == 0 or words < settings.min_words:
        return "skipped_empty"
    if language is not None and language not in settings.languages:
        return "skipped_language"
    return "analysed"
