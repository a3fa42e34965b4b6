"""Scare quotes: a word or short phrase the writer puts in quotation marks without quoting anyone.

Found from the text, not the lexicon. A quoted stretch is a scare quote when it is

* short (at most :data:`MAX_WORDS` words), closed, and not a whole sentence;
* not (part of) a real quote: no quote of ``ctx.data["quotes"]`` overlaps it;
* not a title or a name (every word capitalised: "The Long Road", "Brexit");
* not attributed: it does not hang from a speech verb ("called it", "described as", "said the plan
  was") or a mention noun ("his claim that"), follow a mention noun ("the slogan", "the word") or a
  name's possessive ("Miliband's 'first test'"), and its sentence does not say "according to".

An irony cue right before the marks ("so-called", "self-styled") makes it a scare quote whatever the
sentence says, with a higher confidence. Quoted titles and names are returned too, so that the lexicon
does not flag the words of a title ("Apocalypse Now").
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from slant.analyze.loaded._lexicon import LoadedLexicon
from slant.analyze.quotes import TITLE_SMALL, find_marked
from slant.nlp.spans import doc_text

#: The longest stretch (in words) read as a scare quote; longer unattributed quotes are quotations.
MAX_WORDS = 5
#: Confidence of a scare quote without and with an irony cue before it.
PLAIN_CONFIDENCE = 0.55
IRONY_CONFIDENCE = 0.85
#: Characters of text before the opening mark searched for an irony cue.
IRONY_REACH = 24
#: Tokens before the opening mark searched for a mention noun ("the slogan 'X'", "the word 'X'").
MENTION_REACH = 3
#: Dependency labels of subjects: a quoted subject ("the 'expert' said") is not what a verb reports.
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "csubj", "expl"})


@dataclass(frozen=True, slots=True)
class ScareQuote:
    """A scare quote: ``[start, end)`` spans the marks and the words between them."""

    start: int
    end: int
    confidence: float


class Spans:
    """Sorted, non-overlapping character ranges with an O(log n) overlap test."""

    def __init__(self, ranges: Sequence[tuple[int, int]]) -> None:
        merged: list[tuple[int, int]] = []
        for s, e in sorted(ranges):
            if merged and s <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(merged[-1][1], e))
            else:
                merged.append((s, e))
        self.starts = [s for s, _ in merged]
        self.ranges = merged

    def overlaps(self, start: int, end: int) -> bool:
        """True when ``[start, end)`` shares a character with a range."""
        k = bisect_right(self.starts, end - 1) - 1
        return k >= 0 and self.ranges[k][1] > start

    def covers(self, pos: int) -> bool:
        """True when the character at ``pos`` lies in a range."""
        k = bisect_right(self.starts, pos) - 1
        return k >= 0 and self.ranges[k][1] > pos


def _title_or_name(content: str) -> bool:
    words = [w for w in content.split() if w[:1].isalpha()]
    if not words or not words[0][0].isupper():
        return False
    return all(w[0].isupper() or w.lower() in TITLE_SMALL for w in words)


def _attributed(doc: Any, open_: int, close: int, lex: LoadedLexicon) -> bool:
    """True when the quoted stretch is someone's words: it hangs (below no subject) from a speech verb or
    a mention noun, follows a mention noun or a name's possessive, or its sentence says "according to"."""
    span = doc.char_span(open_, close, alignment_mode="expand")
    if span is None or len(span) == 0:
        return True  # cannot place it: leave it alone
    first = span[0]
    if first.i >= 2 and doc[first.i - 1].lower_ in ("'s", "’s") and doc[first.i - 2].pos_ == "PROPN":
        return True
    for k in range(max(0, first.i - MENTION_REACH), first.i):
        if doc[k].pos_ in ("NOUN", "PROPN") and doc[k].lemma_.lower() in lex.mention_cues:
            return True
    tok = span.root
    while tok.head.i != tok.i and tok.dep_ not in SUBJECT_DEPS:
        tok = tok.head
        lemma = tok.lemma_.lower()
        if tok.pos_ in ("VERB", "AUX") and lemma in lex.speech_cues:
            return True
        if tok.pos_ in ("NOUN", "PROPN") and lemma in lex.mention_cues:
            return True
    return any(t.lower_ == "according" and t.i + 1 < len(doc) and doc[t.i + 1].lower_ == "to" for t in first.sent)


def find_scare_quotes(doc: Any, quotes: Spans, lex: LoadedLexicon) -> tuple[list[ScareQuote], list[tuple[int, int]]]:
    """The scare quotes of a parsed article and the quoted titles and names (content ranges)."""
    text: str = doc_text(doc)
    scare: list[ScareQuote] = []
    titles: list[tuple[int, int]] = []
    for m in find_marked(text):
        if not m.closed or quotes.overlaps(m.start, m.end):
            continue
        content = text[m.start : m.end]
        if _title_or_name(content):
            titles.append((m.start, m.end))
            continue
        words = content.split()
        if len(words) > MAX_WORDS or content[-1] in ".!?,;:" or not any(ch.isalpha() for ch in content):
            continue
        before = text[max(0, m.open - IRONY_REACH) : m.open].lower().replace("’", "'").rstrip()
        if any(before.endswith(cue) and not before[: -len(cue)][-1:].isalpha() for cue in lex.irony_cues):
            scare.append(ScareQuote(m.open, m.outer_end, IRONY_CONFIDENCE))
        elif not _attributed(doc, m.open, m.outer_end, lex):
            scare.append(ScareQuote(m.open, m.outer_end, PLAIN_CONFIDENCE))
    return scare, titles
