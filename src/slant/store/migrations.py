"""Named, ordered schema migrations, recorded in ``schema_migrations``.

Opening a store applies the pending ones in one transaction (on SQLite under the write lock, so two
processes opening the same new file do not race). A database that records a migration this slant does not
know was written by a newer slant and is refused.

To change the schema: edit :mod:`slant.store.schema` and append a migration here that brings a database at
the previous head to the new one. Migrations check what exists before they create it (``checkfirst``,
``IF NOT EXISTS``), so ``0001_initial`` creating today's tables and a later migration adding the same
column never collide. Never rename or remove a migration that has shipped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Connection, Engine, insert, inspect, select, text, update
from sqlalchemy.exc import OperationalError

from slant.errors import StoreError
from slant.store.connect import WRITE_OPTION, display_url
from slant.store.schema import FTS_TABLE, INITIAL_TABLES, STORY_TABLES, articles, metadata, runs, schema_migrations


@dataclass(frozen=True, slots=True)
class Migration:
    """One schema step: a sortable name and the function that applies it inside a transaction."""

    name: str
    apply: Callable[[Connection], None]
    description: str


def _initial(conn: Connection) -> None:
    metadata.create_all(conn, tables=list(INITIAL_TABLES), checkfirst=True)


_SQLITE_FTS = (
    f"CREATE VIRTUAL TABLE IF NOT EXISTS {FTS_TABLE} USING fts5("
    "title, text, content='articles', content_rowid='doc_id', "
    "tokenize='porter unicode61 remove_diacritics 2')",
    f"CREATE TRIGGER IF NOT EXISTS {FTS_TABLE}_ai AFTER INSERT ON articles BEGIN "
    f"INSERT INTO {FTS_TABLE}(rowid, title, text) VALUES (new.doc_id, new.title, new.text); END",
    f"CREATE TRIGGER IF NOT EXISTS {FTS_TABLE}_ad AFTER DELETE ON articles BEGIN "
    f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, title, text) "
    "VALUES ('delete', old.doc_id, old.title, old.text); END",
    f"CREATE TRIGGER IF NOT EXISTS {FTS_TABLE}_au AFTER UPDATE OF title, text, doc_id ON articles BEGIN "
    f"INSERT INTO {FTS_TABLE}({FTS_TABLE}, rowid, title, text) "
    "VALUES ('delete', old.doc_id, old.title, old.text); "
    f"INSERT INTO {FTS_TABLE}(rowid, title, text) VALUES (new.doc_id, new.title, new.text); END",
    f"INSERT INTO {FTS_TABLE}({FTS_TABLE}) VALUES ('rebuild')",
)


def pg_tsvector(table: str = "") -> str:
    """The tsvector expression PostgreSQL indexes and searches: title weighted A, text D.

    ``table`` qualifies the columns; the query must use this same expression for the index to apply.
    """
    p = f"{table}." if table else ""
    return (
        f"(setweight(to_tsvector('english', coalesce({p}title, '')), 'A') || "
        f"setweight(to_tsvector('english', {p}text), 'D'))"
    )


def _fts(conn: Connection) -> None:
    dialect = conn.dialect.name
    if dialect == "sqlite":
        try:
            conn.exec_driver_sql(_SQLITE_FTS[0])
        except OperationalError as exc:  # an SQLite built without FTS5: search falls back to LIKE
            if "fts5" not in str(exc).lower():
                raise
            return
        for statement in _SQLITE_FTS[1:]:
            conn.exec_driver_sql(statement)
    elif dialect == "postgresql":
        conn.execute(text(f"CREATE INDEX IF NOT EXISTS ix_articles_fts ON articles USING gin ({pg_tsvector()})"))


def _relation_condition(conn: Connection) -> None:
    columns = {c["name"] for c in inspect(conn).get_columns("relations")}
    if "condition" not in columns:  # databases made by 0001 before the column existed
        conn.execute(text('ALTER TABLE relations ADD COLUMN "condition" TEXT'))


def _stories(conn: Connection) -> None:
    columns = {c["name"] for c in inspect(conn).get_columns("articles")}
    for name in ("copy_of", "copy_similarity"):  # databases made by 0001 before the columns existed
        if name not in columns:
            kind = articles.c[name].type.compile(dialect=conn.dialect)
            conn.execute(text(f'ALTER TABLE articles ADD COLUMN "{name}" {kind}'))
    for index in articles.indexes:
        if [c.name for c in index.columns] == ["copy_of"]:
            index.create(conn, checkfirst=True)
    metadata.create_all(conn, tables=list(STORY_TABLES), checkfirst=True)


def _mask_run_passwords(conn: Connection) -> None:
    for run_id, counts in conn.execute(select(runs.c.id, runs.c.counts).where(runs.c.counts.is_not(None))).all():
        db = counts.get("db") if isinstance(counts, dict) else None
        if isinstance(db, str) and display_url(db) != db:  # earlier slant kept --db as given
            conn.execute(update(runs).where(runs.c.id == run_id).values(counts={**counts, "db": display_url(db)}))


def _salience_confidence(conn: Connection) -> None:
    for table, name in (("article_actors", "salience"), ("stances", "confidence")):
        if name not in {c["name"] for c in inspect(conn).get_columns(table)}:  # made by 0001 before it existed
            kind = metadata.tables[table].c[name].type.compile(dialect=conn.dialect)
            conn.execute(text(f'ALTER TABLE {table} ADD COLUMN "{name}" {kind}'))


MIGRATIONS: tuple[Migration, ...] = (
    Migration("0001_initial", _initial, "articles, analysis rows, canonical actors, runs, errors"),
    Migration("0002_fts", _fts, "full-text index over title and text (FTS5 on SQLite, GIN on PostgreSQL)"),
    Migration("0003_relation_condition", _relation_condition, "relations.condition: what a relation hangs on"),
    Migration("0004_stories", _stories, "stories, story features and copy links (articles.copy_of, copy_similarity)"),
    Migration("0005_mask_run_passwords", _mask_run_passwords, "runs.counts: the database URL's password masked"),
    Migration(
        "0006_salience_confidence",
        _salience_confidence,
        "article_actors.salience: how central an actor is; stances.confidence: the judge's probability",
    ),
)
HEAD = MIGRATIONS[-1].name


def applied(conn: Connection) -> list[str]:
    """Names of the migrations recorded in the database, in order ([] for an empty database)."""
    if not inspect(conn).has_table(schema_migrations.name):
        return []
    rows = conn.execute(select(schema_migrations.c.name).order_by(schema_migrations.c.name))
    return [r[0] for r in rows]


def pending(done: list[str], target: str | None = None) -> list[Migration]:
    """The migrations to apply after ``done`` to reach ``target`` (default: head)."""
    names = [m.name for m in MIGRATIONS]
    unknown = sorted(set(done) - set(names))
    if unknown:
        raise StoreError(
            f"this database was written by a newer slant (it has migration {', '.join(unknown)}, this slant "
            f"knows up to {HEAD}); upgrade slant (pip install -U slant) to open it"
        )
    if target is not None and target not in names:
        raise StoreError(f"unknown migration {target!r}; known: {', '.join(names)}")
    stop = names.index(target) + 1 if target else len(names)
    return [m for m in MIGRATIONS[:stop] if m.name not in done]


def upgrade(engine: Engine, target: str | None = None) -> list[str]:
    """Apply pending migrations up to ``target`` (default head) in one transaction; return their names."""
    with engine.connect() as conn:  # a read first, so an up-to-date database opens read-only too
        if not pending(applied(conn), target):
            return []
    with engine.connect().execution_options(**{WRITE_OPTION: True}) as conn, conn.begin():
        todo = pending(applied(conn), target)
        for migration in todo:
            migration.apply(conn)
            now = datetime.now(UTC).isoformat(timespec="seconds")
            conn.execute(insert(schema_migrations).values(name=migration.name, applied_at=now))
    return [m.name for m in todo]
