"""The :class:`Store` facade: open a database, write analyses in transactions, read them back."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import partial
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from slant.errors import NotFoundError, SlantError, StoreError
from slant.models import Analysis, InputError, Story
from slant.store import migrations, reader, search, writer
from slant.store import stories as story_sql
from slant.store.connect import WRITE_OPTION, display_url, make_engine, open_error, redact
from slant.store.records import CanonicalActor, ErrorRecord, RunRecord, SearchHit, StorySummary, WriteResult

if TYPE_CHECKING:
    from slant.store.story_records import ArticleFeatures, StoryState

T = TypeVar("T")


class Store:
    """slant's database: SQLite file (default) or a PostgreSQL URL.

    Only one process writes (the main one); readers may be many. Every write method is one transaction:
    a crash loses at most the call in progress, never half of an article.
    """

    def __init__(self, url: str = "slant.db") -> None:
        """Open or create the database at ``url`` (a path or SQLAlchemy URL) and apply pending migrations."""
        self.url = url
        self.where = display_url(url)  # what messages, pages and the runs table show: no password
        self._engine: Engine | None = make_engine(url)
        try:
            self.applied = migrations.upgrade(self._engine)
        except SlantError:
            self.close()
            raise
        except (SQLAlchemyError, OSError) as exc:
            self.close()
            raise open_error(url, exc) from exc

    @classmethod
    def open(cls, url: str = "slant.db") -> Store:
        """Same as ``Store(url)``."""
        return cls(url)

    def close(self) -> None:
        """Release every connection; the store cannot be used afterwards."""
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({self.where!r})"

    # plumbing -------------------------------------------------------------------------------------------

    @property
    def engine(self) -> Engine:
        """The SQLAlchemy engine (for tests and tools; application code uses the methods)."""
        if self._engine is None:
            raise StoreError(f"{self.where}: the store is closed; open it again")
        return self._engine

    def redact(self, error: object) -> str:
        """``str(error)`` without this store's password (for messages about a failed read or write)."""
        return redact(str(error), self.url)

    def _write(self, fn: Callable[[Connection], T]) -> T:
        try:
            with self.engine.connect().execution_options(**{WRITE_OPTION: True}) as conn, conn.begin():
                return fn(conn)
        except DBAPIError as exc:
            raise StoreError(
                f"{self.where}: cannot write ({self.redact(exc.orig)}); nothing from this call was stored. "
                "Check disk space and permissions, or that no other process holds the database"
            ) from exc
        except SQLAlchemyError as exc:
            raise StoreError(
                f"{self.where}: cannot write ({self.redact(exc)}); nothing from this call was stored"
            ) from exc

    def _read(self, fn: Callable[[Connection], T]) -> T:
        try:
            with self.engine.connect() as conn:
                return fn(conn)
        except SQLAlchemyError as exc:
            raise StoreError(f"{self.where}: cannot read ({self.redact(exc)}); check the --db value") from exc

    # writing ---------------------------------------------------------------------------------------------

    def write(self, analyses: Sequence[Analysis], *, sources: Mapping[str, Sequence[str]] | None = None) -> WriteResult:
        """Upsert analyses by article id in one transaction.

        Re-writing an identical analysis changes nothing; a different analysis for a stored id replaces
        that article's rows atomically. ``sources`` maps article ids (in the batch or stored) to further
        inputs they came from (exact duplicates); each article's own ``source`` is always recorded.
        """
        return self._write(lambda conn: writer.write_analyses(conn, analyses, sources))

    def add_sources(self, article_id: str, sources: Sequence[str]) -> None:
        """Record further inputs a stored article came from (exact duplicates found later)."""
        self.write((), sources={article_id: sources})

    def record_errors(self, errors: Sequence[InputError], run_id: str | None = None) -> None:
        """Store inputs that could not be read, optionally under a run from :meth:`start_run`."""
        self._write(lambda conn: writer.record_errors(conn, errors, run_id))

    def start_run(self, inputs: Sequence[str], settings_summary: Mapping[str, Any]) -> str:
        """Record the start of a run and return its id."""
        return self._write(lambda conn: writer.start_run(conn, inputs, settings_summary))

    def finish_run(self, run_id: str, counts: Mapping[str, Any]) -> None:
        """Record the end of a run and its counts; NotFoundError for an unknown run id."""
        self._write(lambda conn: writer.finish_run(conn, run_id, counts))

    # reading ---------------------------------------------------------------------------------------------

    def has_article(self, article_id: str, pipeline: Sequence[str] | None = None) -> bool:
        """True when ``article_id`` is stored (and, if ``pipeline`` is given, was made by that pipeline)."""
        return article_id in self.known_ids([article_id], pipeline)

    def known_ids(self, ids: Iterable[str], pipeline: Sequence[str] | None = None) -> set[str]:
        """The subset of ``ids`` already stored (by ``pipeline``, when given): what a resumed run skips."""
        return self._read(lambda conn: reader.known_ids(conn, ids, pipeline))

    def resolve(self, ref: str) -> str:
        """The article id that ``ref`` names (full id, unique prefix of 4+ characters, or source path)."""
        return self._read(lambda conn: reader.resolve_ref(conn, ref))

    def get(self, ref: str) -> Analysis:
        """The stored analysis ``ref`` names; NotFoundError (listing candidates when ambiguous) otherwise."""

        def run(conn: Connection) -> Analysis:
            article_id = reader.resolve_ref(conn, ref)
            found = reader.load_analyses(conn, [article_id])
            if article_id not in found:
                raise NotFoundError(f"article {article_id} disappeared while reading; try again")
            return found[article_id]

        return self._read(run)

    def iter_analyses(self, ids: Iterable[str] | None = None) -> Iterator[Analysis]:
        """Stored analyses: of ``ids`` in that order (unknown ids skipped), or all in the order stored."""
        if ids is not None:
            wanted = list(ids)
            for part in reader.chunks(wanted):
                found = self._read(partial(reader.load_analyses, ids=part))
                yield from (found[i] for i in part if i in found)
            return
        after = 0
        while True:
            page, last = self._read(partial(reader.id_pages, after=after))
            if not page:
                return
            found = self._read(partial(reader.load_analyses, ids=page))
            yield from (found[i] for i in page if i in found)
            after = last

    def count(self) -> dict[str, int]:
        """Articles in total and by status, sources, canonical actors, quotes, ..., runs and errors."""
        return self._read(reader.count)

    def actors(self, *, kind: str | None = None, query: str | None = None, limit: int = 50) -> list[CanonicalActor]:
        """Canonical actors with article and mention counts, most frequent first.

        ``query`` matches part of the normalised name or of any alias ("livingst" finds "Ken Livingstone").
        """
        return self._read(lambda conn: reader.canonical_actors(conn, kind, query, limit))

    def search(self, query: str, *, limit: int = 20) -> list[SearchHit]:
        """Articles whose title or text match ``query``, best first; a malformed query is taken literally."""
        return self._read(lambda conn: search.search(conn, query, limit))

    def errors(self, run_id: str | None = None) -> list[ErrorRecord]:
        """Recorded input errors, of one run or all."""
        return self._read(lambda conn: reader.errors(conn, run_id))

    def runs(self, limit: int = 20) -> list[RunRecord]:
        """The most recent runs, newest first."""
        return self._read(lambda conn: reader.run_records(conn, limit))

    def sources_of(self, article_id: str) -> list[str]:
        """Every input the article came from (its own source and exact duplicates)."""
        return self._read(lambda conn: reader.sources_of(conn, article_id))

    # stories ---------------------------------------------------------------------------------------------

    def save_story_features(self, features: Sequence[ArticleFeatures], version: str) -> None:
        """Store (replace) articles' clustering features and their MinHash buckets, in one transaction."""
        self._write(lambda conn: story_sql.save_features(conn, features, version))

    def story_features_missing(self, version: str, ids: Sequence[str] | None = None) -> list[str]:
        """Clusterable articles (of ``ids``, or all) without features of this version, in stored order."""
        return self._read(lambda conn: story_sql.without_features(conn, version, ids))

    def story_features(self, ids: Sequence[str]) -> list[ArticleFeatures]:
        """Stored clustering features of ``ids`` in that order (ids without features are left out)."""
        return self._read(lambda conn: story_sql.load_features(conn, ids))

    def unassigned_articles(self, ids: Sequence[str] | None = None) -> list[tuple[str, float | None]]:
        """Clusterable articles with features and no story: ``(id, published_days)`` in publication order."""
        return self._read(lambda conn: story_sql.unassigned(conn, ids))

    def copy_candidates(self, features: Sequence[ArticleFeatures]) -> list[dict[str, Any]]:
        """Stored articles in a story sharing a MinHash bucket with any of ``features`` (see store.stories)."""
        return self._read(lambda conn: story_sql.copy_candidates(conn, features))

    def story_states(self, *, since_days: float | None, limit: int, ids: Sequence[str] = ()) -> list[StoryState]:
        """Stored story states a batch may join (see :func:`slant.store.stories.load_states`)."""
        return self._read(lambda conn: story_sql.load_states(conn, since_days=since_days, limit=limit, ids=ids))

    def save_story_assignments(
        self, links: Mapping[str, tuple[str | None, str | None, float | None]], states: Sequence[StoryState]
    ) -> None:
        """Set articles' story and copy links (``{id: (story, copy_of, similarity)}``) and replace the
        given stories' rows, in one transaction."""

        def run(conn: Connection) -> None:
            story_sql.assign(conn, links)
            story_sql.save_states(conn, states)

        self._write(run)

    def clear_stories(self) -> int:
        """Forget every story and copy link (clustering features are kept); the articles unlinked."""
        return self._write(story_sql.clear)

    def stories(self, *, limit: int | None = None) -> list[Story]:
        """Stored stories (all, or the ``limit`` biggest), biggest first, then most recently active."""
        return [x.story for x in self.story_summaries(limit=limit)]

    def story(self, ref: str) -> Story:
        """The story ``ref`` names (full id or unique prefix); NotFoundError with advice otherwise."""
        return self.story_summary(ref).story

    def story_summaries(self, *, limit: int | None = 50) -> list[StorySummary]:
        """Stored stories with their outlets, biggest first, then most recently active."""
        return self._read(lambda conn: story_sql.summaries(conn, limit))

    def story_summary(self, ref: str) -> StorySummary:
        """The story ``ref`` names, with its outlets; NotFoundError with advice for an unknown id."""

        def run(conn: Connection) -> StorySummary:
            sid = story_sql.resolve(conn, ref)
            found = story_sql.summaries(conn, None, [sid])
            if not found:
                raise NotFoundError(f"story {sid} disappeared while reading; try again")
            return found[0]

        return self._read(run)

    def story_count(self) -> int:
        """Number of stories with at least one member."""
        return self._read(story_sql.count)
