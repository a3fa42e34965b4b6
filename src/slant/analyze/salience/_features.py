"""What makes an actor one of the article's main actors, as features a linear model weighs.

A careful reader names as main the two to four actors the story is about: those in the title and the lead,
named again and again and across the whole text, the subjects of its clauses, quoted, and backing or
attacking others. Each feature is
relative to the article (shares and ranks, not raw counts), so that a wire story of 300 words and a column
of 3,000 are read alike.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from slant.models import Actor, Quote, Relation

#: The lead: the first this many characters of the text (about the first two or three sentences).
LEAD_CHARS = 400


def _in_title(actor: Actor, title: str) -> bool:
    """Whether the title names the actor: one of its names as written, or a person's surname, as whole words."""
    if not title:
        return False
    names = {n for n in actor.names if len(n) > 1}
    if actor.kind == "person":
        names.update(n.split()[-1] for n in list(names) if len(n.split()) > 1)
    return any(re.search(rf"(?<!\w){re.escape(n)}(?!\w)", title, re.IGNORECASE) for n in names)


def subject_counts(doc: Any, actors: Sequence[Actor]) -> dict[str, int]:
    """How many of each actor's mentions are the subject of their clause (the mention's head token is a
    subject): whom the article has act, not only name."""
    out: dict[str, int] = {}
    for a in actors:
        n = 0
        for m in a.mentions:
            span = doc.char_span(m.start, m.end, alignment_mode="expand")
            if span is not None and span.root.dep_ in SUBJECTS:
                n += 1
        if n:
            out[a.id] = n
    return out


#: Dependency labels of a clause's subject.
SUBJECTS = frozenset({"nsubj", "nsubjpass"})


def salience_features(
    actors: Sequence[Actor],
    quotes: Sequence[Quote],
    relations: Sequence[Relation],
    title: str,
    length: int,
    subjects: Mapping[str, int] | None = None,
) -> dict[str, dict[str, float]]:
    """Each actor's features by id (names as in the model file; zeros left out). ``subjects`` are
    :func:`subject_counts` (without them, those features are zero)."""
    subjects = subjects or {}
    counts = {a.id: len(a.mentions) for a in actors}
    top = max(counts.values(), default=0) or 1
    total = sum(counts.values()) or 1
    order = sorted(counts, key=lambda k: -counts[k])
    rank = {k: n for n, k in enumerate(order)}
    spoken = Counter(q.speaker for q in quotes if q.speaker)
    quoted = sum(spoken.values()) or 1
    related: Counter[str] = Counter()
    for r in relations:
        related[r.source] += 1
        related[r.target] += 1
    size = max(1, length)
    out: dict[str, dict[str, float]] = {}
    for a in actors:
        n = counts[a.id]
        starts = [m.start for m in a.mentions]
        first = min(starts, default=size) / size
        f = {
            "mentions": math.log1p(n),
            "share": n / total,
            "of_top": n / top,
            f"rank={min(rank[a.id], 5)}": 1.0,
            f"kind={a.kind}": 1.0,
            "title": float(_in_title(a, title)),
            "lead": float(bool(starts) and min(starts) < LEAD_CHARS),
            "first": first,
            "spread": (max(starts) - min(starts)) / size if starts else 0.0,
            "quoted": math.log1p(spoken[a.id]),
            "quote_share": spoken[a.id] / quoted,
            "related": math.log1p(related[a.id]),
            "names": math.log1p(len(set(a.names))),
            "subject": math.log1p(subjects.get(a.id, 0)),
            "subject_share": subjects.get(a.id, 0) / max(1, n),
        }
        out[a.id] = {k: v for k, v in f.items() if v}
    return out
