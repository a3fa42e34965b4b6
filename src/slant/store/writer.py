"""Write analyses, sources, runs and input errors. Every function here runs inside the caller's transaction."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Connection, delete, func, insert, select, update

from slant import __version__
from slant.errors import NotFoundError, StoreError
from slant.models import Analysis, InputError
from slant.store.codec import actor_row, analysis_hash, article_row, other_rows
from slant.store.linker import ActorLinker
from slant.store.records import WriteResult
from slant.store.schema import (
    CHILD_TABLES,
    actor_aliases,
    actors,
    article_actors,
    article_sources,
    articles,
    input_errors,
    metadata,
    runs,
    story_copy_bands,
    story_features,
)


def now_utc() -> str:
    """The current time as an ISO-8601 UTC string (the format of every timestamp in the store)."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


def write_analyses(
    conn: Connection, analyses: Sequence[Analysis], sources: Mapping[str, Sequence[str]] | None
) -> WriteResult:
    """Upsert ``analyses`` by article id and record their sources; see :meth:`Store.write`."""
    now = now_utc()
    new = updated = unchanged = 0
    next_doc = (conn.execute(select(func.max(articles.c.doc_id))).scalar() or 0) + 1
    orphan_candidates: set[int] = set()
    linker = ActorLinker(conn, analyses, now)
    for analysis in analyses:
        aid = analysis.article.id
        digest = analysis_hash(analysis)
        old = conn.execute(
            select(articles.c.analysis_hash, articles.c.created_at, articles.c.doc_id).where(articles.c.id == aid)
        ).first()
        if old is None:
            conn.execute(insert(articles).values(article_row(analysis, digest, next_doc, now, now)))
            next_doc += 1
            new += 1
        elif old.analysis_hash == digest:
            unchanged += 1
            _add_sources(conn, aid, [analysis.article.source], now)
            continue
        else:
            orphan_candidates |= _delete_children(conn, aid)
            row = article_row(analysis, digest, old.doc_id, old.created_at, now)
            conn.execute(update(articles).where(articles.c.id == aid).values(row))
            _forget_story_features(conn, aid)
            updated += 1
        _insert_children(conn, analysis, linker)
        _add_sources(conn, aid, [analysis.article.source], now)
    for aid, srcs in (sources or {}).items():
        if conn.execute(select(articles.c.id).where(articles.c.id == aid)).first() is None:
            raise StoreError(f"sources given for article {aid}, which is neither in this batch nor stored")
        _add_sources(conn, aid, srcs, now)
    _prune_actors(conn, orphan_candidates)
    return WriteResult(new=new, updated=updated, unchanged=unchanged)


def _forget_story_features(conn: Connection, article_id: str) -> None:
    """Drop an article's story features (recomputed by the next story update from the new analysis)."""
    conn.execute(delete(story_copy_bands).where(story_copy_bands.c.article_id == article_id))
    conn.execute(delete(story_features).where(story_features.c.article_id == article_id))


def _delete_children(conn: Connection, article_id: str) -> set[int]:
    """Delete an article's analysis rows; return the canonical actor ids it was linked to."""
    linked = set(
        conn.execute(select(article_actors.c.actor_id).where(article_actors.c.article_id == article_id)).scalars()
    )
    for table in CHILD_TABLES:
        conn.execute(delete(table).where(table.c.article_id == article_id))
    return linked


def _insert_children(conn: Connection, analysis: Analysis, linker: ActorLinker) -> None:
    aid = analysis.article.id
    actor_rows = [actor_row(aid, i, actor, linker.link(actor, aid)) for i, actor in enumerate(analysis.actors)]
    if actor_rows:
        conn.execute(insert(article_actors), actor_rows)
    for name, rows in other_rows(analysis).items():
        if rows:
            conn.execute(insert(metadata.tables[name]), rows)


def _prune_actors(conn: Connection, candidates: set[int]) -> None:
    """Delete canonical actors (and their aliases) that no article links to any more."""
    if not candidates:
        return
    still = set(
        conn.execute(
            select(article_actors.c.actor_id).where(article_actors.c.actor_id.in_(candidates)).distinct()
        ).scalars()
    )
    gone = list(candidates - still)
    if gone:
        conn.execute(delete(actor_aliases).where(actor_aliases.c.actor_id.in_(gone)))
        conn.execute(delete(actors).where(actors.c.id.in_(gone)))


def _add_sources(conn: Connection, article_id: str, srcs: Sequence[str], now: str) -> None:
    wanted = list(dict.fromkeys(s for s in srcs if s))
    if not wanted:
        return
    have = set(
        conn.execute(
            select(article_sources.c.source).where(
                article_sources.c.article_id == article_id, article_sources.c.source.in_(wanted)
            )
        ).scalars()
    )
    rows = [{"article_id": article_id, "source": s, "added_at": now} for s in wanted if s not in have]
    if rows:
        conn.execute(insert(article_sources), rows)


def record_errors(conn: Connection, errors: Sequence[InputError], run_id: str | None) -> None:
    """Insert one ``input_errors`` row per error."""
    if run_id is not None and conn.execute(select(runs.c.id).where(runs.c.id == run_id)).first() is None:
        raise NotFoundError(f"no run {run_id!r} in the store; pass the id start_run returned")
    now = now_utc()
    rows: list[dict[str, Any]] = [
        {"run_id": run_id, "source": e.source, "message": e.message, "created_at": now} for e in errors
    ]
    if rows:
        conn.execute(insert(input_errors), rows)


def _jsonable(data: Mapping[str, Any]) -> dict[str, Any]:
    """A JSON-safe copy of ``data`` (paths, tuples and other objects become strings or lists)."""
    result: dict[str, Any] = json.loads(json.dumps(dict(data), default=str))
    return result


def start_run(conn: Connection, inputs: Sequence[str], settings_summary: Mapping[str, Any]) -> str:
    """Insert a ``runs`` row and return its new id."""
    run_id = uuid.uuid4().hex
    conn.execute(
        insert(runs).values(
            id=run_id,
            started_at=now_utc(),
            inputs=[str(i) for i in inputs],
            settings=_jsonable(settings_summary),
            slant_version=__version__,
        )
    )
    return run_id


def finish_run(conn: Connection, run_id: str, counts: Mapping[str, Any]) -> None:
    """Record a run's end time and final counts."""
    done = conn.execute(update(runs).where(runs.c.id == run_id).values(finished_at=now_utc(), counts=_jsonable(counts)))
    if done.rowcount == 0:
        raise NotFoundError(f"no run {run_id!r} in the store; pass the id start_run returned")
