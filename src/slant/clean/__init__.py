"""Clean: pure text functions (normalisation, boilerplate, titles, language, content ids) and
:func:`clean_document`, which turns a :class:`slant.models.RawDocument` into an :class:`slant.models.Article`.
"""

from __future__ import annotations

from slant.clean.boilerplate import strip_boilerplate
from slant.clean.document import clean_document, drop_title_lines
from slant.clean.ids import content_id
from slant.clean.language import detect_language
from slant.clean.normalize import normalize_line, normalize_text
from slant.clean.title import split_title

__all__ = [
    "clean_document",
    "content_id",
    "detect_language",
    "drop_title_lines",
    "normalize_line",
    "normalize_text",
    "split_title",
    "strip_boilerplate",
]
