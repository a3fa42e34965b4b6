"""What the article templates show, computed from an :class:`Analysis` (no HTML here but the marked text)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from slant.models import Analysis, Flag, Quote, Relation
from slant.web.markup import FLAG_CLASSES, article_html

#: Flag kinds in the "hate, contested claims, passages to review" table; every other kind is listed apart.
SERIOUS_FLAGS = ("hate", "review", "contested")


def _flag_row(f: Flag) -> dict[str, Any]:
    return {
        "kind": f.kind,
        "cls": FLAG_CLASSES.get(f.kind, ""),
        "code": f.code,
        "label": f.label,
        "voice": f.voice,
        "group": f.target_group or "",
        "text": f.text,
        "why": f.explanation or "",
        "confidence": f.confidence,
        "start": f.start,
    }


def _quote_row(q: Quote, names: dict[str, str]) -> dict[str, Any]:
    speaker = names.get(q.speaker or "", q.speaker_name or "?")
    return {"speaker": speaker, "kind": q.kind, "cue": q.cue or "", "cue_type": q.cue_type or "", "text": q.text}


def _relation_row(r: Relation, name: Callable[[str | None], str]) -> dict[str, Any]:
    return {
        "source": name(r.source),
        "polarity": r.polarity,
        "target": name(r.target),
        "kind": r.kind,
        "condition": r.condition or "",
        "said_by": name(r.asserted_by) if r.asserted_by else "the article",
        "confidence": r.confidence,
        "evidence": r.evidence.text,
    }


def article_context(a: Analysis) -> dict[str, Any]:
    """Template context for one analysis: metadata, the marked-up text and the rows of every table."""
    art = a.article
    names = {x.id: x.name for x in a.actors}

    def name(actor_id: str | None) -> str:
        return names.get(actor_id or "", actor_id or "?")

    stances = [
        {
            "holder": "author" if s.holder == "author" else name(s.holder),
            "target": name(s.target),
            "polarity": s.polarity,
            "score": s.score,
            "confidence": s.confidence,
            "evidence": ", ".join(e.text for e in s.evidence),
        }
        for s in a.stances  # the author's first, then by the target's salience
        if not (s.polarity == "neutral" and not s.evidence)
    ]
    main = [
        {
            "name": m.actor.name,
            "kind": m.actor.kind,
            "salience": m.actor.salience,
            "polarity": m.stance.polarity if m.stance else None,
            "confidence": m.stance.confidence if m.stance else None,
            "sentence": m.sentence.text if m.sentence else "",
        }
        for m in a.main_actors()
    ]
    return {
        "a": a,
        "art": art,
        "title": art.title or "(untitled)",
        "meta": [x for x in (art.site_name, art.author, art.published) if x],
        "words": art.word_count,
        "body": article_html(a),
        "main_actors": main,
        "actors": a.actors,
        "quotes": [_quote_row(q, names) for q in a.quotes],
        "relations": [_relation_row(r, name) for r in a.relations],
        "stances": stances,
        "serious_flags": [_flag_row(f) for f in a.flags if f.kind in SERIOUS_FLAGS],
        "other_flags": [_flag_row(f) for f in a.flags if f.kind not in SERIOUS_FLAGS],
        "scores": sorted(a.scores.items()),
        "story": a.story,
        "copy_of": a.copy_of,
    }
