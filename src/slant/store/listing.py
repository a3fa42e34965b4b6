"""Paged, filtered article listings and the values to filter by (what the web app's ``/articles`` shows).

Reads through :attr:`Store.engine` so the SQL stays in ``store/``; read errors become :class:`StoreError`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Connection, Select, func, select
from sqlalchemy.exc import SQLAlchemyError

from slant.errors import StoreError
from slant.store.schema import articles

if TYPE_CHECKING:
    from slant.store.store import Store

T = TypeVar("T")

#: The filters :func:`list_articles` accepts, each an exact match on one ``articles`` column.
FILTERS = ("site", "language", "status", "story")
_COLUMNS = {"site": articles.c.site_name, "language": articles.c.language, "status": articles.c.status}


@dataclass(frozen=True, slots=True)
class ArticleRow:
    """One article in a listing: its metadata, no text."""

    id: str
    title: str | None
    source: str
    url: str | None
    site_name: str | None
    language: str | None
    status: str
    published: str | None
    story: str | None
    chars: int

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "source": self.source,
            "url": self.url,
            "site_name": self.site_name,
            "language": self.language,
            "status": self.status,
            "published": self.published,
            "story": self.story,
            "chars": self.chars,
        }


@dataclass(frozen=True, slots=True)
class ArticlePage:
    """One page of a listing: ``rows`` from ``offset`` on, of ``total`` matching articles."""

    rows: tuple[ArticleRow, ...]
    total: int
    offset: int
    limit: int


def _read(store: Store, fn: Callable[[Connection], T]) -> T:
    try:
        with store.engine.connect() as conn:
            return fn(conn)
    except SQLAlchemyError as exc:
        raise StoreError(f"{store.where}: cannot read ({store.redact(exc)}); check the --db value") from exc


def _row(r: Any) -> ArticleRow:
    return ArticleRow(
        id=r.id, title=r.title, source=r.source, url=r.url, site_name=r.site_name, language=r.language,
        status=r.status, published=r.published, story=r.story, chars=int(r.chars or 0),
    )  # fmt: skip


def _filtered(stmt: Select[Any], filters: dict[str, str | None]) -> Select[Any]:
    for name, value in filters.items():
        if value is None or value == "":
            continue
        column = articles.c.story if name == "story" else _COLUMNS[name]
        stmt = stmt.where(column == value)
    return stmt


def list_articles(
    store: Store,
    *,
    site: str | None = None,
    language: str | None = None,
    status: str | None = None,
    story: str | None = None,
    offset: int = 0,
    limit: int = 50,
) -> ArticlePage:
    """Stored articles, most recently stored first, matching every filter given (exact values)."""
    filters = {"site": site, "language": language, "status": status, "story": story}
    offset, limit = max(0, offset), max(0, limit)

    def run(conn: Connection) -> ArticlePage:
        total = int(conn.execute(_filtered(select(func.count()).select_from(articles), filters)).scalar() or 0)
        stmt = _filtered(
            select(
                articles.c.id, articles.c.title, articles.c.source, articles.c.url, articles.c.site_name,
                articles.c.language, articles.c.status, articles.c.published, articles.c.story,
                func.length(articles.c.text).label("chars"),
            ),
            filters,
        ).order_by(articles.c.doc_id.desc())  # fmt: skip
        rows = conn.execute(stmt.offset(offset).limit(limit)).all()
        return ArticlePage(rows=tuple(_row(r) for r in rows), total=total, offset=offset, limit=limit)

    return _read(store, run)


def facets(store: Store) -> dict[str, list[tuple[str, int]]]:
    """For each column filter but ``story``: its stored values with article counts, most common first."""

    def run(conn: Connection) -> dict[str, list[tuple[str, int]]]:
        out: dict[str, list[tuple[str, int]]] = {}
        for name, column in _COLUMNS.items():
            n = func.count().label("n")
            rows = conn.execute(
                select(column, n).where(column.is_not(None)).group_by(column).order_by(n.desc(), column)
            ).all()
            out[name] = [(str(r[0]), int(r[1])) for r in rows]
        return out

    return _read(store, run)
