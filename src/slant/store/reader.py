"""Read analyses and summaries back. Every function takes an open connection and only SELECTs."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from sqlalchemy import ColumnElement, Connection, func, or_, select

from slant.errors import NotFoundError
from slant.models import Analysis, one_line
from slant.store.canonical import normalise_name
from slant.store.codec import build_analysis
from slant.store.records import CanonicalActor, ErrorRecord, RunRecord
from slant.store.schema import (
    CHILD_TABLES,
    actor_aliases,
    actors,
    article_actors,
    article_sources,
    articles,
    flags,
    input_errors,
    quotes,
    relations,
    runs,
    stances,
)

#: Shortest id prefix :func:`resolve_ref` accepts.
MIN_PREFIX = 4
#: Ids per ``IN (...)`` list, well under every backend's parameter limit.
CHUNK = 500
STATUSES = ("analysed", "skipped_language", "skipped_empty", "duplicate")


def chunks(items: Sequence[str], size: int = CHUNK) -> Iterable[list[str]]:
    """``items`` in lists of at most ``size``."""
    for i in range(0, len(items), size):
        yield list(items[i : i + size])


def known_ids(conn: Connection, ids: Iterable[str], pipeline: Sequence[str] | None) -> set[str]:
    """The subset of ``ids`` that is stored (and, when ``pipeline`` is given, was made by that pipeline)."""
    wanted = list(dict.fromkeys(ids))
    want_pipeline = None if pipeline is None else list(pipeline)
    found: set[str] = set()
    for part in chunks(wanted):
        rows = conn.execute(select(articles.c.id, articles.c.pipeline).where(articles.c.id.in_(part)))
        found.update(r.id for r in rows if want_pipeline is None or list(r.pipeline or ()) == want_pipeline)
    return found


def _describe(conn: Connection, ids: Sequence[str]) -> str:
    rows = conn.execute(select(articles.c.id, articles.c.title, articles.c.source).where(articles.c.id.in_(ids)))
    return "; ".join(f"{r.id[:12]} ({r.title or r.source})" for r in sorted(rows, key=lambda r: r.id))


def prefix_matches(conn: Connection, column: ColumnElement[Any], ref: str, limit: int = 11) -> list[str]:
    """Up to ``limit`` distinct values of ``column`` that start with ``ref`` (taken literally), sorted."""
    query = select(column).where(column.startswith(ref, autoescape=True)).distinct().order_by(column).limit(limit)
    return [str(v) for v in conn.execute(query).scalars()]


#: Longer references name no article (and make SQL patterns too complex for SQLite).
MAX_REF_CHARS = 4096


def resolve_ref(conn: Connection, ref: str) -> str:
    """The article id ``ref`` names: a full id, an exact source, or a unique id prefix of 4+ characters."""
    ref = ref.strip()
    help_text = (
        "give a full article id, a unique id prefix of at least 4 characters, or the exact source path; "
        "`slant search` finds articles by their words"
    )
    if not ref:
        raise NotFoundError(f"no article given; {help_text}")
    if "\x00" in ref or len(ref) > MAX_REF_CHARS:  # no id or path holds these; a NUL breaks path functions
        raise NotFoundError(f"no article matches {one_line(ref, 80)!r}; {help_text}")
    if conn.execute(select(articles.c.id).where(articles.c.id == ref)).first() is not None:
        return ref
    spellings = list(dict.fromkeys([ref, _absolute(ref)]))
    by_source = set(conn.execute(select(articles.c.id).where(articles.c.source.in_(spellings))).scalars())
    by_source |= set(
        conn.execute(select(article_sources.c.article_id).where(article_sources.c.source.in_(spellings))).scalars()
    )
    if len(by_source) == 1:
        return str(by_source.pop())
    if by_source:
        listed = _describe(conn, sorted(by_source)[:10])
        raise NotFoundError(f"{ref!r} is the source of {len(by_source)} articles: {listed}; give an article id")
    if len(ref) >= MIN_PREFIX:
        matches = prefix_matches(conn, articles.c.id, ref)
        if len(matches) == 1:
            return str(matches[0])
        if matches:
            more = " and more" if len(matches) > 10 else ""
            raise NotFoundError(
                f"{ref!r} is ambiguous: it starts {_describe(conn, matches[:10])}{more}; give more characters"
            )
    else:
        raise NotFoundError(f"no article {ref!r}; an id prefix needs at least {MIN_PREFIX} characters")
    raise NotFoundError(f"no article matches {ref!r}; {help_text}")


def _absolute(ref: str) -> str:
    """``ref`` as an absolute path, as sources are stored; as given when it cannot be one (``~nobody``)."""
    try:
        return str(Path(ref).expanduser().resolve())
    except (RuntimeError, OSError, ValueError):
        return ref


def load_analyses(conn: Connection, ids: Sequence[str]) -> dict[str, Analysis]:
    """The stored analyses of ``ids`` (missing ids are left out), loading each table once per chunk."""
    result: dict[str, Analysis] = {}
    for part in chunks(list(dict.fromkeys(ids))):
        rows = {r["id"]: r for r in conn.execute(select(articles).where(articles.c.id.in_(part))).mappings()}
        if not rows:
            continue
        children: dict[str, dict[str, list[Any]]] = defaultdict(lambda: defaultdict(list))
        for table in CHILD_TABLES:
            query = (
                select(table).where(table.c.article_id.in_(list(rows))).order_by(table.c.article_id, table.c.position)
            )
            for child in conn.execute(query).mappings():
                children[child["article_id"]][table.name].append(child)
        for aid, row in rows.items():
            result[aid] = build_analysis(row, children[aid])
    return result


def id_pages(conn: Connection, after: int, size: int = CHUNK) -> tuple[list[str], int]:
    """The next ``size`` article ids in storage order after ``doc_id`` ``after``, and the last doc_id."""
    rows = conn.execute(
        select(articles.c.id, articles.c.doc_id)
        .where(articles.c.doc_id > after)
        .order_by(articles.c.doc_id)
        .limit(size)
    ).all()
    return [r.id for r in rows], (rows[-1].doc_id if rows else after)


def count(conn: Connection) -> dict[str, int]:
    """Articles in total and by status, plus the size of every other table that users ask about, the
    stories and the near-duplicate copies."""
    result: dict[str, int] = {"articles": 0, **dict.fromkeys(STATUSES, 0)}
    for status, n in conn.execute(select(articles.c.status, func.count()).group_by(articles.c.status)):
        result[status] = int(n)
        result["articles"] += int(n)
    tables = {
        "sources": article_sources,
        "actors": actors,
        "actor_links": article_actors,
        "quotes": quotes,
        "relations": relations,
        "stances": stances,
        "flags": flags,
        "runs": runs,
        "errors": input_errors,
    }
    for name, table in tables.items():
        result[name] = int(conn.execute(select(func.count()).select_from(table)).scalar() or 0)
    story_count = select(func.count(func.distinct(articles.c.story))).where(articles.c.story.is_not(None))
    result["stories"] = int(conn.execute(story_count).scalar() or 0)
    result["copies"] = int(
        conn.execute(select(func.count()).select_from(articles).where(articles.c.copy_of.is_not(None))).scalar() or 0
    )
    return result


def _escape_like(term: str) -> str:
    return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def canonical_actors(conn: Connection, kind: str | None, query: str | None, limit: int) -> list[CanonicalActor]:
    """Canonical actors with article and mention counts, most frequent first."""
    counts = (
        select(
            article_actors.c.actor_id,
            func.count(func.distinct(article_actors.c.article_id)).label("articles"),
            func.sum(article_actors.c.mention_count).label("mentions"),
        )
        .group_by(article_actors.c.actor_id)
        .subquery()
    )
    stmt = select(actors.c.id, actors.c.name, actors.c.kind, counts.c.articles, counts.c.mentions).join(
        counts, counts.c.actor_id == actors.c.id
    )
    if kind:
        stmt = stmt.where(actors.c.kind == kind)
    if query and query.strip():
        needle = normalise_name(query) or query.strip().casefold()
        pattern = "%" + _escape_like(needle) + "%"
        raw = "%" + _escape_like(query.strip()) + "%"
        by_alias = select(actor_aliases.c.actor_id).where(
            or_(actor_aliases.c.norm.like(pattern, escape="\\"), actor_aliases.c.alias.ilike(raw, escape="\\"))
        )
        stmt = stmt.where(or_(actors.c.norm_name.like(pattern, escape="\\"), actors.c.id.in_(by_alias)))
    stmt = stmt.order_by(counts.c.articles.desc(), counts.c.mentions.desc(), actors.c.name, actors.c.id)
    rows = conn.execute(stmt.limit(max(0, limit))).all()
    aliases: dict[int, list[str]] = defaultdict(list)
    if rows:
        alias_rows = conn.execute(
            select(actor_aliases.c.actor_id, actor_aliases.c.alias)
            .where(actor_aliases.c.actor_id.in_([r.id for r in rows]))
            .order_by(actor_aliases.c.alias)
        )
        for a in alias_rows:
            aliases[a.actor_id].append(a.alias)
    return [
        CanonicalActor(
            id=r.id,
            name=r.name,
            kind=r.kind,
            aliases=tuple(dict.fromkeys(a for a in aliases[r.id] if a != r.name)),
            articles=int(r.articles),
            mentions=int(r.mentions or 0),
        )
        for r in rows
    ]


def errors(conn: Connection, run_id: str | None) -> list[ErrorRecord]:
    """Recorded input errors, oldest first, of one run or of all runs."""
    stmt = select(input_errors).order_by(input_errors.c.id)
    if run_id is not None:
        stmt = stmt.where(input_errors.c.run_id == run_id)
    return [
        ErrorRecord(id=r.id, run_id=r.run_id, source=r.source, message=r.message, created_at=r.created_at)
        for r in conn.execute(stmt)
    ]


def sources_of(conn: Connection, article_id: str) -> list[str]:
    """Every input an article came from, in the order they were recorded."""
    if conn.execute(select(articles.c.id).where(articles.c.id == article_id)).first() is None:
        raise NotFoundError(f"no article {article_id!r}; pass a full id (Store.get resolves prefixes)")
    stmt = (
        select(article_sources.c.source)
        .where(article_sources.c.article_id == article_id)
        .order_by(article_sources.c.added_at, article_sources.c.source)
    )
    return list(conn.execute(stmt).scalars())


def run_records(conn: Connection, limit: int) -> list[RunRecord]:
    """The most recent runs first."""
    stmt = select(runs).order_by(runs.c.started_at.desc()).limit(max(0, limit))
    return [
        RunRecord(
            id=r.id,
            started_at=r.started_at,
            finished_at=r.finished_at,
            inputs=tuple(r.inputs or ()),
            settings=dict(r.settings or {}),
            counts=None if r.counts is None else dict(r.counts),
            slant_version=r.slant_version,
        )
        for r in conn.execute(stmt)
    ]
