"""Turn a ``--db`` value into a configured SQLAlchemy engine, and database errors into StoreErrors.

A plain path (``slant.db``) or a ``sqlite:///`` URL opens SQLite with WAL journaling, foreign keys,
``synchronous=NORMAL`` and a busy timeout; the folder is created when missing. Transactions on SQLite are
real (SQLAlchemy emits ``BEGIN``, so DDL and migrations are transactional); a connection with the
execution option ``slant_write=True`` begins ``IMMEDIATE`` to take the write lock up front.
Any other URL (``postgresql://...``) is passed to SQLAlchemy as is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError
from sqlalchemy.pool import StaticPool

from slant.errors import StoreError

BUSY_TIMEOUT_MS = 30_000
WRITE_OPTION = "slant_write"


def describe(target: str) -> str:
    """The database as users should see it in messages (no password)."""
    try:
        url = make_url(target) if "://" in target else None
    except ArgumentError:
        return target
    return url.render_as_string(hide_password=True) if url is not None else target


def resolve(target: str) -> tuple[URL, Path | None]:
    """The SQLAlchemy URL for ``target`` and, for an SQLite file, its path."""
    if "://" not in target:
        path = Path(target).expanduser()
        return URL.create("sqlite", database=str(path)), path
    try:
        url = make_url(target)
    except ArgumentError as exc:
        raise StoreError(f"{target}: not a database URL ({exc}); give a file path or a postgresql:// URL") from exc
    if url.get_backend_name() == "sqlite":
        db = url.database
        if db and db != ":memory:" and not db.startswith("file:"):
            return url, Path(db).expanduser()
    return url, None


def _prepare_folder(path: Path) -> None:
    if path.is_dir():
        raise StoreError(f"{path}: is a folder, not a database file; pass a file path such as {path / 'slant.db'}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(
            f"{path}: cannot create its folder ({exc.strerror or exc}); pass a --db path in a writable folder"
        ) from exc


def _sqlite_events(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # we emit BEGIN ourselves (see module docstring)
        cur = dbapi_conn.cursor()
        try:
            cur.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            cur.execute("PRAGMA foreign_keys = ON")
            cur.execute("PRAGMA journal_mode = WAL")
            cur.execute("PRAGMA synchronous = NORMAL")
        finally:
            cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        mode = "BEGIN IMMEDIATE" if conn.get_execution_options().get(WRITE_OPTION) else "BEGIN"
        conn.exec_driver_sql(mode)


def make_engine(target: str) -> Engine:
    """A configured engine for ``target``; raises StoreError naming the target and what to do."""
    url, path = resolve(target)
    if path is not None:
        _prepare_folder(path)
    kwargs: dict[str, Any] = {}
    if url.get_backend_name() == "sqlite":
        kwargs["connect_args"] = {"timeout": BUSY_TIMEOUT_MS / 1000}
        if url.database in (None, "", ":memory:"):
            kwargs["poolclass"] = StaticPool
            kwargs["connect_args"]["check_same_thread"] = False
    try:
        engine = create_engine(url, **kwargs)
    except (NoSuchModuleError, ModuleNotFoundError, ImportError) as exc:
        raise StoreError(
            f"{describe(target)}: no database driver for this URL ({exc}); for PostgreSQL install psycopg "
            "(pip install 'psycopg[binary]'), which postgresql:// URLs use"
        ) from exc
    if url.get_backend_name() == "sqlite":
        _sqlite_events(engine)
    return engine


def open_error(target: str, exc: BaseException) -> StoreError:
    """A StoreError for a database that could not be opened or migrated, with advice."""
    text = str(getattr(exc, "orig", None) or exc)
    low = text.lower()
    where = describe(target)
    if "not a database" in low or "malformed" in low:
        return StoreError(f"{where}: not a slant database ({text}); pass another --db path or move this file away")
    if "readonly" in low or "read-only" in low or "unable to open" in low or "permission" in low:
        return StoreError(
            f"{where}: cannot open the database for writing ({text}); "
            "check the file and its folder are writable, or pass another --db path"
        )
    return StoreError(f"{where}: cannot open the database ({text}); check the --db value")
