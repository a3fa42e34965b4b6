"""Convert an :class:`Analysis` to table rows and back, exactly (no database access here)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

from slant.models import Actor, Analysis, Article, Flag, Quote, Relation, Stance


def analysis_hash(analysis: Analysis) -> str:
    """A stable digest of everything in an analysis: equal analyses hash equal.

    Story clustering sets an article's ``story`` and ``copy_of`` in place (:mod:`slant.store.stories`)
    without touching the stored digest, so writing the same analysis again stays "unchanged". Without a
    ``copy_of`` the digest is the one slant computed before that field existed, so older databases agree.
    """
    data = analysis.to_json()
    if data.get("copy_of") is None:
        data.pop("copy_of", None)
    blob = json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8", "surrogatepass")).hexdigest()


def article_row(analysis: Analysis, digest: str, doc_id: int, created_at: str, now: str) -> dict[str, Any]:
    """The ``articles`` row for an analysis."""
    a = analysis.article
    return {
        "id": a.id,
        "doc_id": doc_id,
        "source": a.source,
        "url": a.url,
        "title": a.title,
        "author": a.author,
        "published": a.published,
        "site_name": a.site_name,
        "language": a.language,
        "status": a.status,
        "duplicate_of": a.duplicate_of,
        "format": a.format,
        "text": a.text,
        "scores": dict(analysis.scores),
        "story": analysis.story,
        "copy_of": analysis.copy_of,
        "pipeline": list(analysis.pipeline),
        "created_at": created_at,
        "updated_at": now,
        "analysis_hash": digest,
    }


def actor_row(article_id: str, position: int, actor: Actor, actor_id: int) -> dict[str, Any]:
    """The ``article_actors`` row linking an article's actor to canonical actor ``actor_id``."""
    return {
        "article_id": article_id,
        "position": position,
        "local_id": actor.id,
        "actor_id": actor_id,
        "name": actor.name,
        "kind": actor.kind,
        "aliases": list(actor.aliases),
        "mentions": [m.to_json() for m in actor.mentions],
        "mention_count": len(actor.mentions),
        "salience": actor.salience,
    }


def other_rows(analysis: Analysis) -> dict[str, list[dict[str, Any]]]:
    """Rows for ``quotes``, ``relations``, ``stances`` and ``flags``, keyed by table name."""
    aid = analysis.article.id
    return {
        "quotes": [
            {
                "article_id": aid, "position": i, "text": q.text, "start_char": q.start, "end_char": q.end,
                "kind": q.kind, "speaker": q.speaker, "speaker_name": q.speaker_name, "cue": q.cue,
                "cue_type": q.cue_type,
            }
            for i, q in enumerate(analysis.quotes)
        ],
        "relations": [
            {
                "article_id": aid, "position": i, "source": r.source, "target": r.target,
                "polarity": r.polarity, "kind": r.kind, "evidence_start": r.evidence.start,
                "evidence_end": r.evidence.end, "evidence_text": r.evidence.text,
                "confidence": r.confidence, "asserted_by": r.asserted_by, "condition": r.condition,
            }
            for i, r in enumerate(analysis.relations)
        ],
        "stances": [
            {
                "article_id": aid, "position": i, "holder": s.holder, "target": s.target,
                "polarity": s.polarity, "score": s.score, "evidence": [e.to_json() for e in s.evidence],
                "confidence": s.confidence,
            }
            for i, s in enumerate(analysis.stances)
        ],
        "flags": [
            {
                "article_id": aid, "position": i, "kind": f.kind, "code": f.code, "label": f.label,
                "start_char": f.start, "end_char": f.end, "text": f.text, "voice": f.voice,
                "target_group": f.target_group, "explanation": f.explanation, "confidence": f.confidence,
            }
            for i, f in enumerate(analysis.flags)
        ],
    }  # fmt: skip


def _offsets(r: Mapping[Any, Any]) -> dict[str, Any]:
    """A child row in the JSON contract's shape (``start_char``/``end_char`` are ``start``/``end``)."""
    d = dict(r)
    if "start_char" in d:
        d["start"], d["end"] = d.pop("start_char"), d.pop("end_char")
    return d


def build_analysis(row: Mapping[Any, Any], children: Mapping[str, Sequence[Mapping[Any, Any]]]) -> Analysis:
    """Rebuild an :class:`Analysis` from its ``articles`` row and its child rows (each in position order)."""
    return Analysis(
        article=Article.from_json(row),
        actors=tuple(Actor.from_json({**r, "id": r["local_id"]}) for r in children.get("article_actors", ())),
        quotes=tuple(Quote.from_json(_offsets(r)) for r in children.get("quotes", ())),
        relations=tuple(
            Relation.from_json(
                {**r, "evidence": {"start": r["evidence_start"], "end": r["evidence_end"], "text": r["evidence_text"]}}
            )
            for r in children.get("relations", ())
        ),
        stances=tuple(Stance.from_json(r) for r in children.get("stances", ())),
        flags=tuple(Flag.from_json(_offsets(r)) for r in children.get("flags", ())),
        scores={str(k): float(v) for k, v in (row["scores"] or {}).items()},
        story=row["story"],
        copy_of=row.get("copy_of"),
        pipeline=tuple(row["pipeline"] or ()),
    )
