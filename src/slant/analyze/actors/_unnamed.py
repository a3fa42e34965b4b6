"""Speakers the text describes but does not name: "a senior minister said", "Critics argue", "one Leeds
voter told the Courier". A media researcher counts them as sources like any other, so each becomes an actor of its
own, and the quotes analyser gives their words to it rather than to nobody.

The phrase is a noun phrase whose head is a speaker noun of ``quotes/speaker_nouns.tsv`` (a role, an
anonymous source, a body or a group of people, or a spokesperson; not a document), the subject of a reporting verb (``quotes/reporting_verbs.tsv``) or the object of "according to",
outside quotation marks. It must be indefinite: an article, a number or a quantifier ("a", "one",
"another", "many", "two"), or a bare plural ("Critics said"). A definite phrase ("the minister") is a
description of someone the text named, which the descriptions and the quotes analyser link. Nothing of it
may be another actor's mention ("a Labour spokesman" speaks for Labour; "Trump's lawyers" are read by the
relational pass; "councillors" after a named council are its members, as ``actors/members.tsv`` says; "a source called X" and "an aide, X," are X), and a spokesperson's phrase names no place either ("a Downing Street spokesman" speaks
for Downing Street). "People" needs words that pick them out ("people familiar with the talks").

Its name is the phrase without the determiner ("a senior minister" is "senior minister"; a short
prepositional phrase after the head stays: "spokesman for the victims' group"), and every use of the same
name is the same actor. A singular phrase is a ``person`` (or an ``org`` for a body noun: "a government
department"); a plural one is ``other``.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from slant.analyze.actors._anaphora import member_bodies
from slant.analyze.actors._candidate import Candidate
from slant.analyze.actors._descriptions import gender_of
from slant.analyze.actors._titles import Group
from slant.analyze.common import read_tsv, speech_verbs
from slant.nlp.spans import tokens_of

#: Words that open an indefinite phrase and are no part of its name.
INDEFINITE = frozenset(
    {"a", "an", "one", "another", "some", "many", "several", "most", "few", "other", "two", "three", "four"}
    | {"five", "six", "seven", "eight", "nine", "ten", "dozens", "hundreds", "thousands", "numerous", "various"}
)
#: Speaker-noun classes that make an unnamed actor (see ``speaker_nouns.tsv``).
CLASSES = frozenset({"role", "source", "group", "proxy"})
#: Prepositions whose phrase after the head names which one it is ("sources close to", "a spokesman for").
RIGHT_PREPOSITIONS = frozenset({"for", "of", "in", "at", "from", "close", "familiar", "with", "on"})
#: Longest phrase taken, in tokens (determiner included).
MAX_TOKENS = 8
#: Nouns too general to be a source without words that pick the people out.
GENERAL = frozenset({"people"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})


@lru_cache(maxsize=1)
def _classes() -> dict[str, str]:
    return {r["noun"].lower(): r["class"] for r in read_tsv("resources/quotes", "speaker_nouns.tsv")}


def unnamed_speakers(doc: Any, groups: list[Group], quoted: list[bool], described: set[int]) -> list[Group]:
    """New groups for speakers the text describes but does not name (see the module docstring), given the
    groups found so far and the tokens of descriptions linked to a named person ("a noted economist has
    said ... Sir Paul Collard said")."""
    classes = _classes()
    kind_at = {i: kind for _, kind, ms, _ in groups for c in ms for i in range(c.tok_start, c.tok_end)}
    taken = {name.lower().replace("’", "'") for name, _, _, _ in groups}
    members = member_bodies()
    bodies = {name.split()[-1].lower() for name, kind, _, _ in groups if kind in ("org", "party") and name.split()}
    verbs = speech_verbs()
    found: dict[str, tuple[str, str, list[Candidate], str | None]] = {}
    for tok in tokens_of(doc):
        if tok.pos_ not in ("NOUN", "PROPN") or quoted[tok.i]:
            continue
        if tok.tag_ not in ("NN", "NNS", "NNPS") and not (tok.tag_ == "NNP" and tok.text.isupper()):
            continue  # "One MP said"; other proper nouns are names
        lemma = tok.lower_ if tok.tag_ == "NN" else tok.lemma_.lower()
        cls = classes.get(lemma) or classes.get(tok.lower_)
        if cls not in CLASSES or tok.i in kind_at or tok.i in described or not _speaks(tok, verbs):
            continue
        if any(kind_at.get(t.i, "place") != "place" for t in tok.subtree if t.i > tok.i):
            continue  # "a source called Harwick Zeitung", "a spokesman, Jo Reed,": the name speaks
        span = _phrase(doc, tok, kind_at, places=cls != "proxy")
        if span is None:
            continue
        first, end = span
        plural = tok.tag_ in ("NNS", "NNPS")
        if not plural and doc[tok.left_edge.i].lower_ not in INDEFINITE:
            continue  # "the minister" was named before; a bare singular is a headline's shorthand
        if plural and members.get(lemma) in bodies:
            continue  # "councillors claimed" after "the Harwick Council": its members, not a source of their own
        if lemma in GENERAL and end == tok.i + 1:
            continue  # "people say" picks no one out
        name = doc[first:end].text
        key = name.lower().replace("’", "'")
        if key in taken:
            continue
        kind = ("org" if cls == "group" else "person") if not plural else "other"
        cand = Candidate(first, end, doc[first].idx, doc[end - 1].idx + len(doc[end - 1].text), kind, "unnamed")
        found.setdefault(key, (name, kind, [], None if plural else gender_of(tok.lower_)))[2].append(cand)
    return [(name, kind, ms, gender) for name, kind, ms, gender in found.values()]


def _speaks(tok: Any, verbs: frozenset[str]) -> bool:
    """Whether ``tok`` is the subject of a reporting verb or the object of "according to"."""
    head = tok.head
    if tok.dep_ in _SUBJECTS:
        return bool(head.lemma_.lower() in verbs)
    return bool(
        tok.dep_ == "pobj" and head.lower_ == "to" and head.head.lower_ == "according" and head.head.i == head.i - 1
    )


def _phrase(doc: Any, tok: Any, kind_at: dict[int, str], *, places: bool) -> tuple[int, int] | None:
    """Token range of the unnamed speaker's name: the noun's left modifiers without the determiner, and a
    short prepositional phrase after it; None when a possessor or another actor's mention is part of it (a
    place may be: "one Leeds voter")."""
    left = tok.left_edge.i
    first = left
    while first < tok.i and (doc[first].lower_ in INDEFINITE or doc[first].pos_ in ("DET", "PUNCT")):
        first += 1
    end = tok.i + 1
    for c in tok.rights:
        if c.dep_ in ("prep", "amod", "acl") and c.lower_ in RIGHT_PREPOSITIONS:
            last = c.right_edge.i + 1
            if last - left <= MAX_TOKENS and not any(
                (t.is_quote and t.tag_ != "POS" and t.dep_ != "case") or t.text in (",", ";", "(")
                for t in doc[end:last]
            ):
                end = last
            break
    allowed = {"place"} if places else set()
    if end - left > MAX_TOKENS or any(
        (doc[i].dep_ == "poss" and i < tok.i) or (i in kind_at and kind_at[i] not in allowed) for i in range(left, end)
    ):
        return None
    return first, end
