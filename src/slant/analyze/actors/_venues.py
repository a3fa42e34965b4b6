"""Platforms named only as the place where something was said ("posted on Twitter") are no actors.

A platform (``resources/actors/platforms.tsv``) stays an actor when any of its mentions makes it act or own
something: a subject or object of a verb, a possessor ("Twitter suspended his account", "Facebook's
rules", "she sued YouTube"). When every mention is the object of a preposition of place or means ("on
Twitter", "via Telegram") or a modifier of another noun ("a Facebook post", "his Twitter account"), the
platform is where the words went, and the article's actor is whoever wrote them.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from slant.analyze.common import read_tsv

#: Prepositions that make their object the place or the means of a message.
VENUE_PREPOSITIONS = frozenset({"on", "via", "onto", "across", "through", "over", "to", "from", "in"})


@lru_cache(maxsize=1)
def platforms() -> frozenset[str]:
    """Lower-case platform names."""
    return frozenset(r["name"].lower() for r in read_tsv("resources/actors", "platforms.tsv"))


def only_a_venue(doc: Any, name: str, spans: list[tuple[int, int]]) -> bool:
    """Whether the actor ``name`` is a platform and every mention (character offsets) only says where."""
    if name.lower() not in platforms() or not spans:
        return False
    for start, end in spans:
        span = doc.char_span(start, end, alignment_mode="expand")
        if span is None:
            return False
        if span.text.lower() not in platforms():
            return False  # "Twitter's owner", a longer form: the text says more about it
        root = span.root
        if root.dep_ == "pobj" and root.head.lower_ in VENUE_PREPOSITIONS:
            continue
        if root.dep_ in ("compound", "amod", "nmod") and root.head.pos_ in ("NOUN", "PROPN"):
            continue
        return False
    return True
