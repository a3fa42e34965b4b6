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
    runs,
    story_copy_bands,
    story_features,
)


def now_utc() -> str:
    """The current time as an ISO-8601 UTC string (the format of every timestamp in the store)."""
    return datetime.now(UTC).isoformat(timespec="microseconds")


#: Article ids per ``IN (...)`` lookup (SQLite allows 32,766 bound parameters; PostgreSQL 65,535).
LOOKUP_CHUNK = 500


class _Pending:
    """Rows of new articles and their children, inserted one statement per table (not per article)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.articles: list[dict[str, Any]] = []
        self.children: dict[str, list[dict[str, Any]]] = {}
        self.sources: list[dict[str, Any]] = []

    def add(self, table: str, rows: list[dict[str, Any]]) -> None:
        if rows:
            self.children.setdefault(table, []).extend(rows)

    def flush(self) -> None:
        if self.articles:
            self.conn.execute(insert(articles), self.articles)
        for table in CHILD_TABLES:  # in the schema's order: article_actors first
            rows = self.children.get(table.name, [])
            if rows:
                self.conn.execute(insert(table), rows)
        if self.sources:
            self.conn.execute(insert(article_sources), self.sources)
        self.articles, self.children, self.sources = [], {}, []


def write_analyses(
    conn: Connection, analyses: Sequence[Analysis], sources: Mapping[str, Sequence[str]] | None
) -> WriteResult:
    """Upsert ``analyses`` by article id and record their sources; see :meth:`Store.write`.

    New articles (the common case) are inserted with one statement per table for the whole batch; an
    article already stored is compared by its analysis hash and rewritten only when it changed."""
    now = now_utc()
    new = updated = unchanged = 0
    next_doc = (conn.execute(select(func.max(articles.c.doc_id))).scalar() or 0) + 1
    orphan_candidates: set[int] = set()
    linker = ActorLinker(conn, analyses, now)
    stored = _stored(conn, [a.article.id for a in analyses])
    pending = _Pending(conn)
    written: set[str] = set()
    for analysis in analyses:
        aid = analysis.article.id
        digest = analysis_hash(analysis)
        if aid in written:  # the same article twice in one batch: the first is written by now
            pending.flush()
            old = _stored(conn, [aid]).get(aid)
        else:
            old = stored.get(aid)
        written.add(aid)
        if old is None:
            pending.articles.append(article_row(analysis, digest, next_doc, now, now))
            next_doc += 1
            new += 1
            _queue_children(pending, analysis, linker)
            if analysis.article.source:
                pending.sources.append({"article_id": aid, "source": analysis.article.source, "added_at": now})
            continue
        pending.flush()
        if old.analysis_hash == digest:
            unchanged += 1
            _add_batch_sources(conn, {aid: [analysis.article.source]}, now)
            continue
        orphan_candidates |= _delete_children(conn, aid)
        row = article_row(analysis, digest, old.doc_id, old.created_at, now)
        conn.execute(update(articles).where(articles.c.id == aid).values(row))
        _forget_story_features(conn, aid)
        updated += 1
        _queue_children(pending, analysis, linker)
        pending.flush()
        _add_batch_sources(conn, {aid: [analysis.article.source]}, now)
    pending.flush()
    _add_batch_sources(conn, sources or {}, now)
    _prune_actors(conn, orphan_candidates)
    return WriteResult(new=new, updated=updated, unchanged=unchanged)


def _stored(conn: Connection, ids: Sequence[str]) -> dict[str, Any]:
    """The stored (analysis hash, created_at, doc_id) of those of ``ids`` already in the store, by id."""
    out: dict[str, Any] = {}
    unique = list(dict.fromkeys(ids))
    for k in range(0, len(unique), LOOKUP_CHUNK):
        chunk = unique[k : k + LOOKUP_CHUNK]
        query = select(articles.c.id, articles.c.analysis_hash, articles.c.created_at, articles.c.doc_id)
        for row in conn.execute(query.where(articles.c.id.in_(chunk))):
            out[row.id] = row
    return out


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


def _queue_children(pending: _Pending, analysis: Analysis, linker: ActorLinker) -> None:
    aid = analysis.article.id
    pending.add("article_actors", [actor_row(aid, i, a, linker.link(a, aid)) for i, a in enumerate(analysis.actors)])
    for name, rows in other_rows(analysis).items():
        pending.add(name, rows)


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


def _add_batch_sources(conn: Connection, sources: Mapping[str, Sequence[str]], now: str) -> None:
    """Record each article's sources, the ones not stored yet, with a lookup per chunk of articles rather
    than two per article (a batch's sources are mostly its own articles' paths, already written); an
    article neither in the batch nor stored is an error."""
    ids = list(sources)
    present: set[str] = set()
    have: set[tuple[str, str]] = set()
    for k in range(0, len(ids), LOOKUP_CHUNK):
        chunk = ids[k : k + LOOKUP_CHUNK]
        present.update(conn.execute(select(articles.c.id).where(articles.c.id.in_(chunk))).scalars())
        query = select(article_sources.c.article_id, article_sources.c.source)
        have.update(
            (r.article_id, r.source) for r in conn.execute(query.where(article_sources.c.article_id.in_(chunk)))
        )
    missing = next((aid for aid in ids if aid not in present), None)
    if missing is not None:
        raise StoreError(f"sources given for article {missing}, which is neither in this batch nor stored")
    rows: list[dict[str, Any]] = []
    for aid, srcs in sources.items():
        for s in dict.fromkeys(s for s in srcs if s):
            if (aid, s) not in have:
                have.add((aid, s))
                rows.append({"article_id": aid, "source": s, "added_at": now})
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
