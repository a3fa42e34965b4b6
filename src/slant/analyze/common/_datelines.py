"""Wire datelines: the place (and agency) that open a news paragraph ("BRACKENFORD, March 4 (Northwire) -",
"HARWICK (Agency) -", "LONDON —").

Actors read the place from one (:meth:`slant.analyze.actors._candidates._Finder.datelines`); quotes leave it out of
a reported clause that starts the paragraph ("HARWICK (Agency) - The plan failed, the minister said").
"""

from __future__ import annotations

from typing import Any

#: At most this many words in capitals, followed by one of the openers, with a bracket or a dash among the
#: next :data:`REACH` tokens; the dateline ends at its first dash within :data:`END_REACH` tokens.
MAX_WORDS = 3
REACH = 6
END_REACH = 10
OPENERS = frozenset({",", "(", "-", "—", "–"})
MARKS = frozenset({"(", "-", "—", "–"})
DASHES = frozenset({"-", "—", "–"})


def dateline_at(doc: Any, i: int) -> tuple[int, int] | None:
    """``(place_end, body)`` for a dateline starting at token ``i``, else None.

    ``place_end`` is the token after the place's words in capitals; ``body`` the first token of the story
    after the dateline's dash (or its closing bracket when it has no dash).
    """
    b = i
    while b < len(doc) and b - i < MAX_WORDS and doc[b].is_alpha and doc[b].is_upper:
        b += 1
    if b == i or b >= len(doc) or max(len(doc[j].text) for j in range(i, b)) < 3:
        return None
    tail = [t.text for t in doc[b : b + REACH]]
    if tail[0] not in OPENERS or not any(t in MARKS for t in tail):
        return None
    body = b
    for j in range(b, min(len(doc), b + END_REACH)):
        if doc[j].text in DASHES:
            return b, j + 1
        if doc[j].text == ")":
            body = j + 1
    return b, body
