"""Embedded social-media posts: a paragraph that ends with its author's signature, as pages print an
embedded post once its markup is gone ("... free travel arrangements! — Dana Quint (@danaquint) July 14,
2019"), is a direct quote of that author, whatever marks or verbs inside it say.

The signature is a dash, a name, the handle in brackets and a date, at the end of the post's line or on a
line of its own under it; the speaker is the actor with a mention in the name (else the name itself,
speaker null). Leading ellipses that chain a thread
("....and then") are no part of the words.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from slant.models import Actor

_MONTHS = "January|February|March|April|May|June|July|August|September|October|November|December"
_SIGNATURE = re.compile(
    r"\s*[—–-]\s*(?P<name>[^\s()@—–\n][^()@\n—–]{0,60}?)\s*\(@(?P<handle>\w{1,30})\)\s*"
    rf"(?:(?:{_MONTHS})\.? \d{{1,2}}, \d{{4}})\s*$"
)
_LEADING = re.compile(r"^[\s.…]*")


@dataclass(frozen=True, slots=True)
class Post:
    """One embedded post: the words ``[start, end)``, its author's name and the actor id it names (or None)."""

    start: int
    end: int
    name: str
    actor: str | None


def find_posts(text: str, actors: Sequence[Actor]) -> list[Post]:
    """The embedded posts of ``text`` (see the module docstring)."""
    out: list[Post] = []
    pos = 0
    previous: tuple[int, int] | None = None  # the last line with words, as (start, end)
    for line in text.split("\n"):
        start, end = pos, pos + len(line)
        pos = end + 1
        m = _SIGNATURE.search(line)
        if m is None:
            if line.strip():
                previous = (start, end)
            continue
        body_start = start + _LEADING.match(line).end()  # type: ignore[union-attr]
        body_end = start + m.start()
        if body_end - body_start < 2 and previous is not None:
            # the signature on a line of its own signs the line above it
            body_start = previous[0] + _LEADING.match(text[previous[0] : previous[1]]).end()  # type: ignore[union-attr]
            body_end = previous[1]
        previous = None
        if body_end - body_start < 2:
            continue
        name_start, name_end = start + m.start("name"), start + m.end("name")
        actor = next((a.id for a in actors for s in a.mentions if name_start <= s.start and s.end <= name_end), None)
        out.append(Post(body_start, body_end, m.group("name"), actor))
    return out
