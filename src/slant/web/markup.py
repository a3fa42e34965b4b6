"""An article's text as HTML with actors, quotes and flags highlighted by their character offsets.

Marks may overlap (a loaded word inside a quote inside a hate passage): the text is cut at every mark
boundary and each piece becomes one flat ``<span>`` carrying the classes of every mark covering it, so
no nesting can break. Every piece of text, and every tooltip, is escaped with :func:`markupsafe.escape`;
nothing from the article is ever inserted unescaped.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from markupsafe import Markup, escape

from slant.models import Analysis

#: Flag kinds highlighted in the text, and their CSS class (biased sentences are listed, not marked).
FLAG_CLASSES = {"hate": "f-hate", "review": "f-review", "contested": "f-contested", "loaded": "f-loaded"}


@dataclass(frozen=True, slots=True)
class Mark:
    """A stretch ``[start, end)`` of the text to highlight with CSS class ``cls``; ``note`` is its tooltip."""

    start: int
    end: int
    cls: str
    note: str


def marks_for(a: Analysis) -> list[Mark]:
    """The marks of one analysis: actor mentions (by kind), quotes, and highlighted flag kinds."""
    names = {x.id: x.name for x in a.actors}
    marks: list[Mark] = []
    for q in a.quotes:
        speaker = names.get(q.speaker or "", q.speaker_name or "unknown speaker")
        marks.append(Mark(q.start, q.end, f"quote q-{q.kind}", f"{q.kind} quote: {speaker}"))
    for actor in a.actors:
        for m in actor.mentions:
            marks.append(Mark(m.start, m.end, f"actor k-{actor.kind}", f"{actor.name} ({actor.kind})"))
    for f in a.flags:
        cls = FLAG_CLASSES.get(f.kind)
        if cls is not None:
            what = f.label + (f" → {f.target_group}" if f.target_group else "")
            marks.append(Mark(f.start, f.end, f"flag {cls}", f"{f.kind}: {what} ({f.voice})"))
    return marks


def _pieces(length: int, marks: Sequence[Mark]) -> Iterable[tuple[int, int, list[Mark]]]:
    """``(start, end, covering marks)`` for consecutive pieces of ``[0, length)``; invalid marks are dropped."""
    valid = [m for m in marks if 0 <= m.start < m.end and m.start < length]
    cuts = sorted({0, length, *(m.start for m in valid), *(min(m.end, length) for m in valid)})
    starting: dict[int, list[Mark]] = {}
    for m in valid:
        starting.setdefault(m.start, []).append(m)
    active: list[Mark] = []
    for lo, hi in pairwise(cuts):
        active = [m for m in active if m.end > lo] + starting.get(lo, [])
        yield lo, hi, active


def mark_up(text: str, marks: Sequence[Mark]) -> Markup:
    """``text`` as safe HTML: escaped, with each marked piece in a ``<span class=... title=...>``."""
    out: list[str] = []
    for lo, hi, active in _pieces(len(text), marks):
        piece = escape(text[lo:hi])
        if not active:
            out.append(piece)
            continue
        classes = " ".join(dict.fromkeys(c for m in active for c in m.cls.split()))
        note = "; ".join(dict.fromkeys(m.note for m in active))
        out.append(Markup('<span class="{}" title="{}">{}</span>').format(classes, note, piece))
    return Markup("").join(out)


def article_html(a: Analysis) -> Markup:
    """The article's text marked up with :func:`marks_for`."""
    return mark_up(a.article.text, marks_for(a))


def snippet_html(snippet: str, start: str, end: str) -> Markup:
    """A search snippet (untrusted text with ``start``/``end`` around matches) as escaped HTML with
    ``<mark>`` around the matches."""
    out: list[str] = []
    for i, part in enumerate(snippet.split(start)):
        if i == 0:
            out.append(escape(part.replace(end, "")))
            continue
        hit, _, rest = part.partition(end)
        out.append(Markup("<mark>{}</mark>{}").format(hit, rest.replace(end, "")))
    return Markup("").join(out)
