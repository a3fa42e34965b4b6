"""Full-text search over article titles and texts.

SQLite: the FTS5 table of migration ``0002_fts``, ranked by bm25 (title weighted above text), with
snippets. A query FTS5 cannot parse (``Ken's``, ``anti-war``, unbalanced quotes) is retried with every
term quoted as a literal. PostgreSQL: ``websearch_to_tsquery`` over the indexed tsvector, ranked by
``ts_rank``. Elsewhere (or without FTS5): every term must occur (case-insensitive ``LIKE``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sqlalchemy import Connection, and_, case, inspect, or_, select, text
from sqlalchemy.exc import OperationalError

from slant.store.migrations import pg_tsvector
from slant.store.records import MARK_END, MARK_START, SearchHit
from slant.store.schema import FTS_TABLE, articles

#: Relative weight of a title match over a text match in bm25.
TITLE_WEIGHT = 5.0
SNIPPET_TOKENS = 16


def quote_terms(query: str) -> str:
    """An FTS5 query matching every whitespace-separated term of ``query`` literally."""
    return " ".join('"' + term.replace('"', '""') + '"' for term in query.split())


def search(conn: Connection, query: str, limit: int) -> list[SearchHit]:
    """Articles matching ``query``, best first."""
    query = query.strip()
    if not query or limit <= 0:
        return []
    dialect = conn.dialect.name
    if dialect == "sqlite" and inspect(conn).has_table(FTS_TABLE):
        for attempt in (query, quote_terms(query)):
            try:
                return _sqlite_fts(conn, attempt, limit)
            except OperationalError:
                continue
    elif dialect == "postgresql":
        return _postgres(conn, query, limit)
    return _like(conn, query, limit)


def _sqlite_fts(conn: Connection, query: str, limit: int) -> list[SearchHit]:
    stmt = text(
        f"SELECT a.id, a.title, a.source, "
        f"snippet({FTS_TABLE}, -1, :mark_start, :mark_end, '…', {SNIPPET_TOKENS}) AS snippet, "
        f"bm25({FTS_TABLE}, {TITLE_WEIGHT}, 1.0) AS rank "
        f"FROM {FTS_TABLE} JOIN articles AS a ON a.doc_id = {FTS_TABLE}.rowid "
        f"WHERE {FTS_TABLE} MATCH :query ORDER BY rank, a.doc_id LIMIT :limit"
    )
    params = {"query": query, "limit": limit, "mark_start": MARK_START, "mark_end": MARK_END}
    return [
        SearchHit(id=r.id, title=r.title, source=r.source, snippet=r.snippet or "", score=-float(r.rank))
        for r in conn.execute(stmt, params)
    ]


def _postgres(conn: Connection, query: str, limit: int) -> list[SearchHit]:
    stmt = text(
        "SELECT a.id, a.title, a.source, "
        "ts_headline('english', a.text, q, :options) AS snippet, "
        f"ts_rank({pg_tsvector('a')}, q, 1) AS rank "
        "FROM articles AS a, websearch_to_tsquery('english', :query) AS q "
        f"WHERE {pg_tsvector('a')} @@ q "
        "ORDER BY rank DESC, a.doc_id LIMIT :limit"
    )
    options = f'StartSel="{MARK_START}", StopSel="{MARK_END}", MaxWords=24, MinWords=8'
    return [
        SearchHit(id=r.id, title=r.title, source=r.source, snippet=r.snippet or "", score=float(r.rank))
        for r in conn.execute(stmt, {"query": query, "limit": limit, "options": options})
    ]


def _escape_like(term: str) -> str:
    return term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def _like(conn: Connection, query: str, limit: int) -> list[SearchHit]:
    terms = query.split()
    conds = []
    for term in terms:
        pattern = f"%{_escape_like(term)}%"
        conds.append(or_(articles.c.title.ilike(pattern, escape="\\"), articles.c.text.ilike(pattern, escape="\\")))
    in_title = and_(*(articles.c.title.ilike(f"%{_escape_like(t)}%", escape="\\") for t in terms))
    score = case((in_title, 2.0), else_=1.0).label("score")
    stmt = (
        select(articles.c.id, articles.c.title, articles.c.source, articles.c.text, score)
        .where(and_(*conds))
        .order_by(score.desc(), articles.c.doc_id)
        .limit(limit)
    )
    return [
        SearchHit(id=r.id, title=r.title, source=r.source, snippet=make_snippet(r.text, terms), score=float(r.score))
        for r in conn.execute(stmt)
    ]


def make_snippet(body: str, terms: Sequence[str], width: int = 160) -> str:
    """A window of ``body`` around the first match of any term, every match wrapped in the search marks."""
    words = [t for t in terms if t]
    if not words:
        return body[:width]
    pattern = re.compile("|".join(re.escape(t) for t in sorted(words, key=len, reverse=True)), re.IGNORECASE)
    first = pattern.search(body)
    begin = 0 if first is None else max(0, first.start() - width // 3)
    window = body[begin : begin + width]
    marked = pattern.sub(lambda m: f"{MARK_START}{m.group(0)}{MARK_END}", window)
    return ("…" if begin > 0 else "") + marked + ("…" if begin + width < len(body) else "")
