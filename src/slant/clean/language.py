"""Language identification with lingua, limited to a handful of languages and loaded once per process."""

from __future__ import annotations

import functools
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


def detect_language(text: str) -> str | None:
    """ISO 639-1 code of the text's language, or None when the text is too short or undecidable."""
    sample = text[:_SAMPLE]
    if sum(c.isalpha() for c in sample) < MIN_LETTERS:
        return None
    language = _detector(len(sample) >= LONG_TEXT).detect_language_of(sample)
    return None if language is None else str(language.iso_code_639_1.name.lower())
