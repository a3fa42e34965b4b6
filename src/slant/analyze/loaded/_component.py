"""Loaded language: words and devices that tell the reader what to think, sentence by sentence.

:class:`LoadedComponent` marks, as :class:`~slant.models.Flag` ``kind="loaded"``:

* **lexicon words and phrases** (``resources/loaded/*.tsv``: insults, labels, intensifiers, loaded
  verbs, hyperbole, dysphemisms and euphemisms, hedges, sarcasm markers, stereotypes), matched on
  lower-case words or lemmas with a context per entry where a word is also standard news language
  (:mod:`slant.analyze.loaded._match`);
* **scare quotes**: a short quoted stretch that is no real quote (:mod:`slant.analyze.loaded._scare`).

Each flag has the voice of its words: ``quoted`` inside a quote of ``ctx.data["quotes"]``, else
``author``. The component appends to the flags and scores other components add, with two scores:
``loaded_density`` (author-voice loaded flags per 100 words of the author's own text; 0 without
author words) and ``loaded_quoted_density`` (the same for quoted words).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from slant.analyze.base import Component, Context
from slant.analyze.loaded._lexicon import SCARE_QUOTES, LoadedLexicon, load_loaded_lexicon
from slant.analyze.loaded._match import find_matches
from slant.analyze.loaded._scare import Spans, find_scare_quotes
from slant.models import Flag, Quote
from slant.nlp.spans import doc_text, tokens_of

KIND = "loaded"

__all__ = ["KIND", "LoadedComponent", "densities", "find_loaded"]


def find_loaded(doc: Any, quotes: Sequence[Quote] = (), lex: LoadedLexicon | None = None) -> tuple[Flag, ...]:
    """The loaded-language flags of one parsed article, in text order (one flag per span)."""
    lex = lex or load_loaded_lexicon()
    text: str = doc_text(doc)
    quoted = Spans([(q.start, q.end) for q in quotes])
    scare, titles = find_scare_quotes(doc, quoted, lex)
    in_title = Spans(titles)
    flags: dict[tuple[int, int], Flag] = {}
    for m in find_matches(doc, lex, skip=in_title.overlaps):
        e = m.entry
        flags[(m.start, m.end)] = Flag(
            kind=KIND,
            code=e.label,
            label=lex.labels[e.label],
            start=m.start,
            end=m.end,
            text=text[m.start : m.end],
            voice="quoted" if quoted.overlaps(m.start, m.end) else "author",
            explanation=e.why,
            confidence=e.confidence,
        )
    for s in scare:
        flags.setdefault(
            (s.start, s.end),
            Flag(
                kind=KIND,
                code=SCARE_QUOTES,
                label=lex.labels[SCARE_QUOTES],
                start=s.start,
                end=s.end,
                text=text[s.start : s.end],
                voice="author",
                explanation=lex.definitions[SCARE_QUOTES],
                confidence=s.confidence,
            ),
        )
    return tuple(sorted(flags.values(), key=lambda f: (f.start, f.end)))


def densities(doc: Any, quotes: Sequence[Quote], flags: Sequence[Flag]) -> dict[str, float]:
    """``loaded_density`` and ``loaded_quoted_density``: loaded flags per 100 words of each voice."""
    quoted = Spans([(q.start, q.end) for q in quotes])
    author_words = quoted_words = 0
    for tok in tokens_of(doc):
        if tok.is_punct or tok.is_space:
            continue
        if quoted.covers(tok.idx):
            quoted_words += 1
        else:
            author_words += 1
    n_author = sum(1 for f in flags if f.kind == KIND and f.voice == "author")
    n_quoted = sum(1 for f in flags if f.kind == KIND and f.voice == "quoted")
    return {
        "loaded_density": round(100.0 * n_author / author_words, 3) if author_words else 0.0,
        "loaded_quoted_density": round(100.0 * n_quoted / quoted_words, 3) if quoted_words else 0.0,
    }


class LoadedComponent(Component):
    """Adds loaded-language ``flags`` and the ``loaded_density`` scores (appending to other components')."""

    name: ClassVar[str] = "slant.loaded.v1"
    requires: ClassVar[tuple[str, ...]] = ("doc", "quotes")
    provides: ClassVar[tuple[str, ...]] = ("flags", "scores")

    def __init__(self, lexicon: LoadedLexicon | None = None) -> None:
        self.lexicon = lexicon or load_loaded_lexicon()

    def __call__(self, ctx: Context) -> None:
        quotes = tuple(ctx.data.get("quotes", ()))
        mine = find_loaded(ctx.doc, quotes, self.lexicon)
        ctx.data["flags"] = (*ctx.data.get("flags", ()), *mine)
        scores = dict(ctx.data.get("scores", {}))
        scores.update(densities(ctx.doc, quotes, mine))
        ctx.data["scores"] = scores
