"""Turn spaCy spans and tokens into character offsets and :class:`slant.models.Span` values."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from slant.models import Actor, Span

T = TypeVar("T")

#: Possessive endings stripped from the right edge of a name ("Ken's", "Ken’s", "Jones'").
POSSESSIVES: tuple[str, ...] = ("'s", "’s", "'S", "’S", "'", "’")
#: Characters trimmed from both edges of a mention besides whitespace.
EDGE_PUNCT = " \t\r\n\u00a0\"'“”‘’«»()[]{},.;:!?*_|"


def once_per_doc(doc: Any, key: str, make: Callable[[Any], T]) -> T:
    """``make(doc)``, computed once per Doc and kept in its ``user_data`` under ``key`` (recomputed for an
    object without one). Callers share the value: never change it."""
    data = getattr(doc, "user_data", None)
    if data is None:
        return make(doc)
    if key not in data:
        data[key] = make(doc)
    value: T = data[key]
    return value


def doc_text(doc: Any) -> str:
    """``doc.text``, computed once per Doc: spaCy rebuilds the string from every token on each access, which
    costs milliseconds on a long article and was a hot spot in several analysers."""
    return once_per_doc(doc, "slant_text", lambda d: str(d.text))


def tokens_of(doc: Any) -> list[Any]:
    """The Doc's tokens as a list, made once per Doc: iterating a Doc makes a new ``Token`` object for every
    token on every pass, and the analysers walk each article's tokens dozens of times (about a quarter of
    the actor analyser's time, py-spy). Callers share the list: never change it."""
    return once_per_doc(doc, "slant.tokens", list)


def sentences_of(doc: Any) -> list[Any]:
    """The Doc's sentences as a list, made once per Doc (``doc.sents`` walks every token on each call, and
    five analysers ask for it). Callers share the list: never change it."""
    return once_per_doc(doc, "slant.sents", lambda d: list(d.sents))


@dataclass(frozen=True, slots=True)
class TokenColumns:
    """A Doc's tokens as parallel arrays (one pass in C, no ``Token`` objects): string ids of the lower-cased
    form and the lemma, the coarse part of speech (spaCy's ids), and the character offset."""

    lower: npt.NDArray[np.uint64]
    pos: npt.NDArray[np.uint64]
    lemma: npt.NDArray[np.uint64]
    idx: npt.NDArray[np.uint64]

    def words(self, doc: Any, words: Iterable[str]) -> npt.NDArray[np.uint64]:
        """The string ids of ``words`` in ``doc``'s vocabulary, to compare with :attr:`lower` or :attr:`lemma`."""
        return np.array([doc.vocab.strings.add(w) for w in words], dtype=np.uint64)

    def part_of_speech(self, tag: str) -> npt.NDArray[np.bool_]:
        """Which tokens have the coarse part of speech ``tag`` ("VERB", "NOUN" ...)."""
        from spacy.parts_of_speech import IDS

        mask: npt.NDArray[np.bool_] = self.pos == IDS[tag]
        return mask


def token_columns(doc: Any) -> TokenColumns:
    """The :class:`TokenColumns` of a Doc."""
    from spacy.attrs import IDX, LEMMA, LOWER, POS

    if not len(doc):
        empty = np.zeros(0, dtype=np.uint64)
        return TokenColumns(empty, empty, empty, empty)
    arr = doc.to_array([LOWER, POS, LEMMA, IDX])
    return TokenColumns(arr[:, 0], arr[:, 1], arr[:, 2], arr[:, 3])


def span_text(span: Any) -> str:
    """``span.text`` read off the Doc's cached text (``doc_text``): spaCy's ``Span.text`` joins the span's
    tokens on every access, a hot spot where analysers read each sentence's text."""
    return doc_text(span.doc)[span.start_char : span.end_char]


def char_span(obj: Any) -> tuple[int, int]:
    """Character offsets ``(start, end)`` of a spaCy ``Span`` or ``Token`` in its Doc's text."""
    if hasattr(obj, "start_char"):
        return int(obj.start_char), int(obj.end_char)
    return int(obj.idx), int(obj.idx) + len(obj.text)


def trim_offsets(text: str, start: int, end: int) -> tuple[int, int]:
    """Shrink ``[start, end)`` past whitespace, edge punctuation and a trailing possessive.

    Returns an empty range (``start == end``) when nothing is left.
    """
    while True:
        before = (start, end)
        for p in POSSESSIVES[:4]:
            if end - start >= len(p) and text[end - len(p) : end] == p:
                end -= len(p)
                break
        while start < end and text[start] in EDGE_PUNCT:
            start += 1
        while end > start and text[end - 1] in EDGE_PUNCT:
            end -= 1
        if (start, end) == before:
            return start, end


def to_span(text: str, start: int, end: int) -> Span:
    """The :class:`Span` of ``text[start:end]``."""
    return Span(start, end, text[start:end])


def mention_tokens(doc: Any, actors: Iterable[Actor]) -> dict[int, tuple[str, Span]]:
    """Token index -> (actor id, mention) for every token inside an actor mention (the first actor wins)."""
    index: dict[int, tuple[str, Span]] = {}
    for actor in actors:
        for m in actor.mentions:
            span = doc.char_span(m.start, m.end, alignment_mode="expand")
            if span is None:
                continue
            for i in range(span.start, span.end):
                index.setdefault(i, (actor.id, m))
    return index
