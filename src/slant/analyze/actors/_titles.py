"""A bare title after "the" refers to a person: "the Prime Minister", "the Queen".

When the text has named the holder with that title ("Prime Minister Boris Johnson ... the Prime Minister"),
the title is a mention of that person (a form with another rank, "shadow home secretary", holds no "Home
Secretary"): the one named last before it, else the one the text names most. A
title no named person carries is a person of its own only when the title says who it is by itself: a title
with a gender in ``titles.tsv`` (a monarch, a pope, a prince); "the Home Secretary" of an article that
never names one stays no actor.
"""

from __future__ import annotations

from typing import Any

from slant.analyze.actors._candidate import Candidate, _is_cap, title_at
from slant.analyze.common import Lexicon, agree, modifiers
from slant.nlp.spans import tokens_of

#: One actor being assembled: name, kind, mentions, gender (persons).
Group = tuple[str, str, list[Candidate], str | None]


def link_titles(doc: Any, groups: list[Group], forms: dict[int, list[str]], claimed: list[bool], lex: Lexicon) -> None:
    """Add each bare title's mention to the person it names (``forms``: group index -> its forms), or
    append a person named by the title; ``groups`` is changed in place."""
    after = -1
    for the in tokens_of(doc):
        i = the.i
        if i <= after or the.lower_ != "the" or i + 1 >= len(doc) or not _is_cap(doc[i + 1]):
            continue
        found = title_at(doc, i + 1, lex)
        if found is None or found[0].kind != "role":
            continue
        title, width = found
        a, b = i + 1, i + 1 + width
        after = b - 1
        if any(claimed[a:b]) or (b < len(doc) and _is_cap(doc[b]) and not doc[b].is_sent_start):
            continue  # a name follows: "the President Ana Ruiz" is handled as a title and a name
        start, end = doc[a].idx, doc[b - 1].idx + len(doc[b - 1].text)
        cand = Candidate(a, b, start, end, "person", "title-ref", gender=title.gender, name=(title.text,))
        holder = _holder(title.text, start, groups, forms)
        if holder is not None:
            groups[holder][2].append(cand)
        elif title.gender:
            groups.append((title.text, "person", [cand], title.gender))
            forms[len(groups) - 1] = [title.text]  # later references to the same title are this person


def _holder(title: str, at: int, groups: list[Group], forms: dict[int, list[str]]) -> int | None:
    words = title.lower().split()
    mine = modifiers(words)
    bearers = [
        g
        for g, (_, kind, _, _) in enumerate(groups)
        if kind == "person"
        and any(
            _contains(ws, words, title.isupper()) and agree(mine, modifiers(ws))
            for ws in (f.lower().split() for f in forms.get(g, []))
        )
    ]
    if not bearers:
        return None
    before = [(max((c.start for c in groups[g][2] if c.start < at), default=-1), g) for g in bearers]
    named = [b for b in before if b[0] >= 0]
    if named:
        return max(named)[1]
    return max(bearers, key=lambda g: len(groups[g][2]))


def _contains(words: list[str], part: list[str], acronym: bool = False) -> bool:
    """Whether ``words`` hold ``part`` in a row; with ``acronym`` (a title written in capitals: "pm" of "PM"),
    also the words it abbreviates ("prime minister")."""
    if any(words[k : k + len(part)] == part for k in range(len(words) - len(part) + 1)):
        return True
    if not acronym or len(part) != 1 or not 2 <= len(part[0]) <= 4:
        return False
    n = len(part[0])
    return any("".join(w[:1] for w in words[k : k + n]) == part[0] for k in range(len(words) - n + 1))
