"""Language identification with lingua, limited to a handful of languages and loaded once per process."""

from __future__ import annotations

import functools
import re
from typing import Any

#: Languages slant can tell apart (ISO 639-1). Fewer languages: faster and fewer confusions.
LANGUAGES: tuple[str, ...] = ("en", "de", "fr", "es", "it", "pt", "nl", "pl", "ru", "uk", "tr", "ar")
MIN_LETTERS = 20
#: Texts at least this long use lingua's low-accuracy mode (fast; reliable on long texts).
LONG_TEXT = 200
_SAMPLE = 1000


@functools.cache
def _detector(low_accuracy: bool) -> Any:
    from lingua import IsoCode639_1, Language, LanguageDetectorBuilder

    languages = [Language.from_iso_code_639_1(getattr(IsoCode639_1, code.upper())) for code in LANGUAGES]
    builder = LanguageDetectorBuilder.from_languages(*languages)
    builder = builder.with_low_accuracy_mode() if low_accuracy else builder.with_minimum_relative_distance(0.1)
    return builder.build()


#: The commonest English function words. A sample of plain English prose has them for 40-50 % of its words,
#: other languages of the Latin script for under 10 %; see :func:`plainly_english`.
_ENGLISH_FUNCTION_WORDS = frozenset(
    [
        "the",
        "of",
        "and",
        "to",
        "a",
        "in",
        "is",
        "that",
        "for",
        "it",
        "on",
        "was",
        "with",
        "he",
        "as",
        "be",
        "by",
        "at",
        "this",
        "are",
        "have",
        "his",
        "from",
        "but",
        "not",
        "they",
        "she",
        "has",
        "had",
        "were",
        "which",
        "their",
        "been",
        "an",
        "or",
        "who",
        "will",
        "would",
        "we",
        "there",
        "said",
        "its",
        "about",
        "after",
        "more",
        "than",
        "also",
    ]
)
#: Share of a sample's words that makes it English without asking the model.
PLAIN_ENGLISH_SHARE = 0.3
_PLAIN_MIN_WORDS = 60
_WORDS = re.compile(r"[^\W\d_]+")


def plainly_english(sample: str) -> bool:
    """Whether a sample is so plainly English prose (:data:`PLAIN_ENGLISH_SHARE` of at least 60 words are
    common English function words) that the model need not be asked: it costs about 2 ms an article, most
    of the cleaning's time, and always says English for such a text."""
    words = _WORDS.findall(sample.lower())
    if len(words) < _PLAIN_MIN_WORDS:
        return False
    return sum(w in _ENGLISH_FUNCTION_WORDS for w in words) >= PLAIN_ENGLISH_SHARE * len(words)


def detect_language(text: str) -> str | None:
    """ISO 639-1 code of the text's language, or None when the text is too short or undecidable."""
    sample = text[:_SAMPLE]
    if sum(c.isalpha() for c in sample) < MIN_LETTERS:
        return None
    if plainly_english(sample):
        return "en"
    language = _detector(len(sample) >= LONG_TEXT).detect_language_of(sample)
    return None if language is None else str(language.iso_code_639_1.name.lower())
