"""Find lexicon entries in a parsed article: lemma-or-word matching with context checks, no overlaps.

One pass over the tokens: each token's lower-case form and lemma look up the entries that start with it
(longest first); an entry matches when its tokens follow, its part of speech fits, no ``unless`` word
stands within eight tokens of it in the same sentence, the match is not part of a hyphenated word or a
capitalised name ("the Radical Party"), and its context test passes. Overlapping matches keep the
longest (then the earliest).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from slant.analyze.loaded._context import aimed_at_person, figurative_object, introduces_clause, used_as_modifier
from slant.analyze.loaded._lexicon import Entry, LoadedLexicon
from slant.nlp.spans import tokens_of

#: Tokens on each side of a match in which an ``unless`` word cancels it (within its sentence).
UNLESS_WINDOW = 8
#: Entity types whose capitalised words are names, not words ("Elite Hotels", "the Radical Party").
NAME_ENTS = frozenset({"PERSON", "ORG", "GPE", "LOC", "FAC", "WORK_OF_ART", "EVENT", "PRODUCT", "LAW", "NORP"})
_HYPHENS = frozenset({"-", "‐", "‑"})


@dataclass(frozen=True, slots=True)
class Match:
    """A lexicon entry found at tokens ``[i, j)`` (characters ``[start, end)``)."""

    i: int
    j: int
    start: int
    end: int
    entry: Entry


def _norm(text: str) -> str:
    return text.lower().replace("’", "'")


def _keys(tok: Any) -> tuple[str, str]:
    return _norm(tok.text), tok.lemma_.lower()


def _glued(doc: Any, i: int, j: int) -> bool:
    """True when the match is glued by a hyphen to a word outside it ("anti-fascist", "Tory-hating")."""
    if i >= 2 and doc[i - 1].text in _HYPHENS and not doc[i - 2].whitespace_ and not doc[i - 1].whitespace_:
        return True
    return j + 1 < len(doc) and doc[j].text in _HYPHENS and not doc[j - 1].whitespace_ and not doc[j].whitespace_


def _in_name(doc: Any, i: int, j: int) -> bool:
    """True when every matched word is capitalised inside a named entity (and not just starting a sentence)."""
    for k in range(i, j):
        tok = doc[k]
        if tok.is_punct:
            continue
        if not (tok.text[:1].isupper() and tok.ent_type_ in NAME_ENTS) or (k == i and tok.is_sent_start):
            return False
    return True


def _pos_ok(tok: Any, pos: frozenset[str]) -> bool:
    """The token's tag is one the entry allows; an adjective may also be a word in an adjective's place
    (the small model tags "the ghastly X" as an adverb now and then)."""
    return bool(tok.pos_ in pos or ("ADJ" in pos and tok.dep_ in ("amod", "acomp")))


def _blocked(doc: Any, i: int, j: int, unless: frozenset[str]) -> bool:
    if not unless:
        return False
    sent = doc[i].sent
    lo, hi = max(sent.start, i - UNLESS_WINDOW), min(sent.end, j + UNLESS_WINDOW)
    for k in range(lo, hi):
        if i <= k < j:
            continue
        low, lemma = _keys(doc[k])
        if low in unless or lemma in unless:
            return True
    return False


def _context_ok(doc: Any, i: int, j: int, entry: Entry, lex: LoadedLexicon) -> bool:
    ctx = entry.context
    if ctx == "*":
        return True
    if ctx == "person":
        return aimed_at_person(doc, i, j, lex.person_nouns)
    if ctx == "clause":
        return introduces_clause(doc, i, j)
    if ctx == "modifier":
        return used_as_modifier(doc, i, j)
    return figurative_object(doc, i, j)


def _follows(doc: Any, i: int, entry: Entry) -> bool:
    n = len(entry.terms)
    if i + n > len(doc):
        return False
    for k in range(1, n):
        low, lemma = _keys(doc[i + k])
        t = entry.terms[k]
        if t != low and t != lemma:
            return False
    return True


def find_matches(doc: Any, lex: LoadedLexicon, skip: Callable[[int, int], bool] | None = None) -> list[Match]:
    """The lexicon matches of a parsed article, in text order, without overlaps.

    ``skip(start, end)`` may veto a match by its character range (e.g. inside a quoted title).
    """
    index = lex.index
    found: list[Match] = []
    for i, tok in enumerate(tokens_of(doc)):
        low, lemma = _keys(tok)
        cands: Sequence[Entry] = index.get(low, ())
        if lemma != low and lemma in index:
            cands = sorted((*cands, *index[lemma]), key=lambda e: -len(e.terms))
        for entry in cands:
            j = i + len(entry.terms)
            if not _follows(doc, i, entry):
                continue
            if entry.pos and not _pos_ok(doc[j - 1], entry.pos):
                continue
            if _glued(doc, i, j) or _in_name(doc, i, j) or _blocked(doc, i, j, entry.unless):
                continue
            if not _context_ok(doc, i, j, entry, lex):
                continue
            start, end = tok.idx, doc[j - 1].idx + len(doc[j - 1].text)
            if skip is not None and skip(start, end):
                continue
            found.append(Match(i, j, start, end, entry))
            break
    found.sort(key=lambda m: (-(m.j - m.i), m.i))
    taken: set[int] = set()
    out: list[Match] = []
    for m in found:
        if any(k in taken for k in range(m.i, m.j)):
            continue
        taken.update(range(m.i, m.j))
        out.append(m)
    out.sort(key=lambda m: m.i)
    return out
