"""Stories in the store: article features, copy buckets, story state, assignments, listings.

Every function takes an open connection; the writing ones run inside the caller's transaction (the
:class:`slant.store.Store` methods open one per call). Membership lives in ``articles.story`` and
``articles.copy_of``; the ``stories`` table holds each story's label and the state the incremental
clusterer continues from, and listings count members from ``articles`` so they are never stale.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

import numpy as np
from sqlalchemy import Connection, Select, delete, func, insert, or_, select, update

from slant.clean.near_dups import Signature, band_keys
from slant.errors import NotFoundError
from slant.models import Story
from slant.store.reader import MIN_PREFIX, chunks, prefix_matches
from slant.store.records import StorySummary
from slant.store.schema import articles, stories, story_copy_bands, story_features
from slant.store.story_records import CLUSTERED_STATUSES, STORY_ACTORS, ArticleFeatures, StoryState


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def iso_day(days: float | None) -> str | None:
    """The ISO-8601 UTC time of ``days`` since 1970 (what ``stories.first_published`` holds)."""
    if days is None:
        return None
    return datetime.fromtimestamp(days * 86400.0, UTC).isoformat(timespec="seconds")


# features --------------------------------------------------------------------------------------------------


def save_features(conn: Connection, feats: Sequence[ArticleFeatures], version: str) -> None:
    """Insert or replace the features (and copy buckets) of these articles."""
    ids = [f.article_id for f in feats]
    for part in chunks(ids):
        conn.execute(delete(story_copy_bands).where(story_copy_bands.c.article_id.in_(part)))
        conn.execute(delete(story_features).where(story_features.c.article_id.in_(part)))
    now = _now()
    rows = [
        {
            "article_id": f.article_id,
            "embedding": np.asarray(f.embedding, dtype="<f4").tobytes(),
            "minhash": None if f.signature is None else f.signature.to_bytes(),
            "actors": [list(a) for a in f.actors],
            "terms": list(f.title_terms),
            "published_days": f.days,
            "version": version,
            "created_at": now,
        }
        for f in feats
    ]
    if rows:
        conn.execute(insert(story_features), rows)
    bands = [
        {"key": key, "article_id": f.article_id}
        for f in feats
        if f.signature is not None
        for key in dict.fromkeys(band_keys(f.signature))
    ]
    for start in range(0, len(bands), 5000):
        conn.execute(insert(story_copy_bands), bands[start : start + 5000])


def _clusterable() -> Any:
    return articles.c.status.in_(sorted(CLUSTERED_STATUSES))


def without_features(conn: Connection, version: str, ids: Sequence[str] | None = None) -> list[str]:
    """Clusterable articles (of ``ids``, or all) with no features of this ``version``, in stored order."""
    stmt = (
        select(articles.c.id)
        .outerjoin(story_features, story_features.c.article_id == articles.c.id)
        .where(_clusterable(), or_(story_features.c.article_id.is_(None), story_features.c.version != version))
        .order_by(articles.c.doc_id)
    )
    return _restricted(conn, stmt, ids)


def _restricted(conn: Connection, stmt: Select[Any], ids: Sequence[str] | None) -> list[str]:
    if ids is None:
        return [str(r) for r in conn.execute(stmt).scalars()]
    found: set[str] = set()
    for part in chunks(list(dict.fromkeys(ids))):
        found.update(str(r) for r in conn.execute(stmt.where(articles.c.id.in_(part))).scalars())
    order = {i: n for n, i in enumerate(ids)}
    return sorted(found, key=lambda i: order[i])


def unassigned(conn: Connection, ids: Sequence[str] | None = None) -> list[tuple[str, float | None]]:
    """Clusterable articles with features but no story, as ``(id, published_days)`` in publication order
    (undated last, ties in stored order)."""
    stmt = (
        select(articles.c.id, story_features.c.published_days, articles.c.doc_id)
        .join(story_features, story_features.c.article_id == articles.c.id)
        .where(_clusterable(), articles.c.story.is_(None))
    )
    rows: list[Any] = []
    if ids is None:
        rows = list(conn.execute(stmt))
    else:
        for part in chunks(list(dict.fromkeys(ids))):
            rows.extend(conn.execute(stmt.where(articles.c.id.in_(part))))
    rows.sort(key=lambda r: (r.published_days is None, r.published_days or 0.0, r.doc_id))
    return [(r.id, r.published_days) for r in rows]


def load_features(conn: Connection, ids: Sequence[str]) -> list[ArticleFeatures]:
    """The stored features of ``ids``, in that order (ids without features are left out)."""
    found: dict[str, ArticleFeatures] = {}
    for part in chunks(list(dict.fromkeys(ids))):
        stmt = select(story_features, articles.c.published).join(articles, articles.c.id == story_features.c.article_id)
        for r in conn.execute(stmt.where(story_features.c.article_id.in_(part))).mappings():
            found[r["article_id"]] = ArticleFeatures(
                article_id=r["article_id"],
                embedding=np.frombuffer(r["embedding"], dtype="<f4").astype(np.float32),
                actors=tuple((str(k), str(n)) for k, n in r["actors"] or ()),
                days=r["published_days"],
                published=r["published"],
                title_terms=tuple(r["terms"] or ()),
                signature=None if r["minhash"] is None else Signature.from_bytes(bytes(r["minhash"])),
            )
    return [found[i] for i in ids if i in found]


def copy_candidates(conn: Connection, feats: Sequence[ArticleFeatures]) -> list[dict[str, Any]]:
    """Stored articles with a story that share a MinHash bucket with any of ``feats``, in stored order:
    ``id``, ``story``, ``copy_of``, ``signature``, ``days``."""
    keys = sorted({k for f in feats if f.signature is not None for k in band_keys(f.signature)})
    own = {f.article_id for f in feats}
    ids: set[str] = set()
    for start in range(0, len(keys), 400):
        stmt_k = select(story_copy_bands.c.article_id).where(story_copy_bands.c.key.in_(keys[start : start + 400]))
        ids.update(str(i) for i in conn.execute(stmt_k).scalars())
    ids -= own
    out: list[dict[str, Any]] = []
    for part in chunks(sorted(ids)):
        stmt = (
            select(articles.c.id, articles.c.story, articles.c.copy_of, articles.c.doc_id,
                   story_features.c.minhash, story_features.c.published_days)
            .join(story_features, story_features.c.article_id == articles.c.id)
            .where(articles.c.id.in_(part), articles.c.story.is_not(None), story_features.c.minhash.is_not(None))
        )  # fmt: skip
        out.extend(
            {"id": r.id, "story": r.story, "copy_of": r.copy_of, "doc_id": r.doc_id, "days": r.published_days,
             "signature": Signature.from_bytes(bytes(r.minhash))}
            for r in conn.execute(stmt)
        )  # fmt: skip
    out.sort(key=lambda d: d["doc_id"])
    return out


# story state -----------------------------------------------------------------------------------------------


def _state(r: Mapping[Any, Any]) -> StoryState:
    extra = r["state"] or {}
    return StoryState(
        id=r["id"],
        centroid=np.frombuffer(r["centroid"], dtype="<f4").astype(np.float32),
        n=int(r["n"]),
        size=int(r["size"]),
        copies=int(r["copies"]),
        actors={str(k): int(v) for k, v in (extra.get("actors") or {}).items()},
        salience={str(k): float(v) for k, v in (extra.get("salience") or {}).items()},
        names={str(k): str(v) for k, v in (extra.get("names") or {}).items()},
        terms={str(k): int(v) for k, v in (extra.get("terms") or {}).items()},
        first_days=r["first_days"],
        last_days=r["last_days"],
        codes=np.frombuffer(r["codes"], dtype="<i8").tolist(),
    )


def load_states(conn: Connection, *, since_days: float | None, limit: int, ids: Iterable[str] = ()) -> list[StoryState]:
    """Stories a batch may join: those active since ``since_days`` (or undated), the ``limit`` most
    recently updated when ``since_days`` is None, and the stories named in ``ids``."""
    stmt = select(stories)
    if since_days is not None:
        stmt = stmt.where(or_(stories.c.last_days >= since_days, stories.c.last_days.is_(None)))
    stmt = stmt.order_by(stories.c.updated_at.desc(), stories.c.id).limit(limit)
    found = {r["id"]: _state(r) for r in conn.execute(stmt).mappings()}
    wanted = [i for i in dict.fromkeys(ids) if i not in found]
    for part in chunks(wanted):
        found.update(
            {r["id"]: _state(r) for r in conn.execute(select(stories).where(stories.c.id.in_(part))).mappings()}
        )
    return list(found.values())


def save_states(conn: Connection, states: Sequence[StoryState]) -> None:
    """Insert or replace these stories' rows."""
    now = _now()
    ids = [s.id for s in states]
    created: dict[str, str] = {}
    for part in chunks(ids):
        created.update(
            {
                r.id: r.created_at
                for r in conn.execute(select(stories.c.id, stories.c.created_at).where(stories.c.id.in_(part)))
            }
        )
        conn.execute(delete(stories).where(stories.c.id.in_(part)))
    rows = [
        {
            "id": s.id,
            "label": s.label,
            "actors": s.top_actors(STORY_ACTORS),
            "terms": s.top_terms(),
            "centroid": np.asarray(s.centroid, dtype="<f4").tobytes(),
            "n": s.n,
            "size": s.size,
            "copies": s.copies,
            "state": {"actors": s.actors, "salience": s.salience, "names": s.names, "terms": s.trimmed_terms()},
            "codes": np.asarray(s.codes, dtype="<i8").tobytes(),
            "first_days": s.first_days,
            "last_days": s.last_days,
            "first_published": iso_day(s.first_days),
            "last_published": iso_day(s.last_days),
            "created_at": created.get(s.id, now),
            "updated_at": now,
        }
        for s in states
    ]
    for start in range(0, len(rows), 500):
        conn.execute(insert(stories), rows[start : start + 500])


def assign(conn: Connection, links: Mapping[str, tuple[str | None, str | None, float | None]]) -> None:
    """Set ``articles.story``, ``copy_of`` and ``copy_similarity`` from ``{id: (story, copy_of, similarity)}``
    (a None story leaves the story as it is)."""
    for aid, (story, original, similarity) in links.items():
        values: dict[str, Any] = {"copy_of": original, "copy_similarity": similarity}
        if story is not None:
            values["story"] = story
        conn.execute(update(articles).where(articles.c.id == aid).values(values))


def clear(conn: Connection) -> int:
    """Forget every story and copy link (features are kept); the number of articles unlinked."""
    done = conn.execute(
        update(articles)
        .where(or_(articles.c.story.is_not(None), articles.c.copy_of.is_not(None)))
        .values(story=None, copy_of=None, copy_similarity=None)
    )
    conn.execute(delete(stories))
    return int(done.rowcount or 0)


# listings --------------------------------------------------------------------------------------------------


def resolve(conn: Connection, ref: str) -> str:
    """The story id ``ref`` names: a full id or a unique prefix of at least :data:`MIN_PREFIX` characters."""
    ref = ref.strip()
    hint = "`slant stories` lists the stories and their ids"
    if not ref:
        raise NotFoundError(f"no story given; {hint}")
    if conn.execute(select(articles.c.id).where(articles.c.story == ref).limit(1)).first() is not None:
        return ref
    if len(ref) < MIN_PREFIX:
        raise NotFoundError(f"no story {ref!r}; a story id prefix needs at least {MIN_PREFIX} characters ({hint})")
    matches = prefix_matches(conn, articles.c.story, ref)
    if len(matches) == 1:
        return str(matches[0])
    if matches:
        listed = ", ".join(str(m) for m in matches[:10]) + (" and more" if len(matches) > 10 else "")
        raise NotFoundError(f"{ref!r} is ambiguous: it starts {listed}; give more characters")
    raise NotFoundError(f"no story matches {ref!r}; {hint}")


def summaries(conn: Connection, limit: int | None = None, ids: Sequence[str] | None = None) -> list[StorySummary]:
    """Stories with their members, biggest first (then most recently active), or those with ``ids``."""
    size = func.count().label("size")
    stmt = (
        select(articles.c.story, size, stories.c.last_days)
        .outerjoin(stories, stories.c.id == articles.c.story)
        .where(articles.c.story.is_not(None))
        .group_by(articles.c.story, stories.c.last_days)
    )
    if ids is not None:
        stmt = stmt.where(articles.c.story.in_(list(ids)))
    stmt = stmt.order_by(size.desc(), func.coalesce(stories.c.last_days, -1e12).desc(), articles.c.story)
    if limit is not None:
        stmt = stmt.limit(max(0, limit))
    order = [str(r.story) for r in conn.execute(stmt)]
    if not order:
        return []
    meta = {r["id"]: r for r in conn.execute(select(stories).where(stories.c.id.in_(order[:500]))).mappings()}
    for part in list(chunks(order))[1:]:
        meta.update({r["id"]: r for r in conn.execute(select(stories).where(stories.c.id.in_(part))).mappings()})
    members: dict[str, list[Any]] = {sid: [] for sid in order}
    for part in chunks(order):
        stmt_m = (
            select(articles.c.id, articles.c.story, articles.c.copy_of, articles.c.published, articles.c.site_name,
                   articles.c.doc_id, story_features.c.published_days)
            .outerjoin(story_features, story_features.c.article_id == articles.c.id)
            .where(articles.c.story.in_(part))
        )  # fmt: skip
        for r in conn.execute(stmt_m):
            members[r.story].append(r)
    return [_summary(sid, members[sid], meta.get(sid)) for sid in order]


def _summary(sid: str, rows: list[Any], meta: Mapping[Any, Any] | None) -> StorySummary:
    rows.sort(key=lambda r: (r.published_days is None, r.published_days or 0.0, r.doc_id))
    ids = {r.id for r in rows}
    dated = [r for r in rows if r.published_days is not None]
    story = Story(
        id=sid,
        label=str(meta["label"]) if meta else sid,
        articles=tuple(r.id for r in rows),
        copies=tuple((r.id, r.copy_of) for r in rows if r.copy_of is not None and r.copy_of in ids),
        actors=tuple(meta["actors"] or ()) if meta else (),
        terms=tuple(meta["terms"] or ()) if meta else (),
        first_published=dated[0].published if dated else None,
        last_published=dated[-1].published if dated else None,
    )
    outlets = tuple(dict.fromkeys(r.site_name for r in rows if r.site_name))
    return StorySummary(story=story, outlets=outlets)


def count(conn: Connection) -> int:
    """Number of stories with at least one member."""
    return int(
        conn.execute(select(func.count(func.distinct(articles.c.story))).where(articles.c.story.is_not(None))).scalar()
        or 0
    )
