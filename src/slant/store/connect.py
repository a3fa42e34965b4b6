"""Turn a ``--db`` value into a configured SQLAlchemy engine, and database errors into StoreErrors.

A plain path (``slant.db``) or a ``sqlite:///`` URL opens SQLite with WAL journaling, foreign keys,
``synchronous=NORMAL`` and a busy timeout; the folder is created when missing. Transactions on SQLite are
real (SQLAlchemy emits ``BEGIN``, so DDL and migrations are transactional); a connection with the
execution option ``slant_write=True`` begins ``IMMEDIATE`` to take the write lock up front.
Any other URL (``postgresql://...``) is passed to SQLAlchemy as is.

A URL is shown to people (messages, pages, the ``runs`` table) only through :func:`display_url`, which masks its
password; :func:`redact` takes a password out of any other text about the database, such as a driver's error.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import quote, unquote, unquote_plus

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import URL, Connection, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError
from sqlalchemy.pool import StaticPool

from slant.errors import StoreError

BUSY_TIMEOUT_MS = 30_000
WRITE_OPTION = "slant_write"


#: What a password is shown as.
MASK = "***"
#: Shorter secrets are not searched for in free text (they would mask ordinary words); URLs still mask them.
MIN_SECRET = 4

# ``scheme://user:password@rest``, split as SQLAlchemy's make_url splits it: the user runs to the first ``:`` or
# ``/``, the password to the next ``@``.
_USERINFO = re.compile(r"(?P<head>[^:/]*:)(?P<password>[^@]*)@(?P<tail>.*)", re.DOTALL)
# libpq's ``password`` (and ``sslpassword``) URL parameters.
_QUERY_PASSWORD = re.compile(r"(?P<key>[?&;](?:ssl)?password=)(?P<password>[^&#]*)", re.IGNORECASE)
# libpq's key/value form (``host=h password='a b'``); a whole string of such pairs only, never a file path.
_PAIR = r"\w+\s*=\s*(?:'(?:[^'\\]|\\.)*'|[^\s']*)"
_CONNINFO = re.compile(rf"\s*{_PAIR}(?:\s+{_PAIR})*\s*")
_CONNINFO_PASSWORD = re.compile(
    r"(?P<key>(?:^|(?<=\s))\s*(?:ssl)?password\s*=\s*)(?P<password>'(?:[^'\\]|\\.)*'|[^\s']*)", re.IGNORECASE
)


def _split_userinfo(rest: str) -> tuple[str, str, str] | None:
    """``rest`` (what follows ``://``) as (``user:``, password, what follows the ``@``), or None without a password.

    A raw ``@`` inside the password (the host part would then hold an ``@``) is taken as part of it.
    """
    m = _USERINFO.fullmatch(rest)
    if m is None:
        return None
    password, tail = m["password"], m["tail"]
    host_end = min((i for i in (tail.find(c) for c in "/?#") if i >= 0), default=len(tail))
    extra = tail.rfind("@", 0, host_end)
    if extra >= 0:
        password, tail = f"{password}@{tail[:extra]}", tail[extra + 1 :]
    return m["head"], password, tail


def _mask_url(target: str) -> str:
    scheme, _, rest = target.partition("://")
    parts = _split_userinfo(rest)
    if parts is not None and parts[1]:
        rest = f"{parts[0]}{MASK}@{parts[2]}"
    rest = _QUERY_PASSWORD.sub(lambda m: m["key"] + MASK, rest)
    return f"{scheme}://{rest}"


def display_url(target: str) -> str:
    """``target`` (a ``--db`` value) as people may see it: any password in it replaced by ``***``.

    ``postgresql://u:secret@h/db?sslmode=require`` becomes ``postgresql://u:***@h/db?sslmode=require``; a
    ``password=`` URL parameter and the libpq key/value form (``host=h password=x``) are masked too; a file path
    or a URL without a password comes back unchanged. The URL is split as SQLAlchemy splits it, so what the
    driver would send as the password is what is hidden. Never raises.
    """
    target = str(target)
    try:
        if "://" in target:
            return _mask_url(target)
        if "password" in target.lower() and _CONNINFO.fullmatch(target):
            return _CONNINFO_PASSWORD.sub(lambda m: m["key"] + MASK, target)
        return target
    except Exception:  # a display helper must not fail: mask all that could be a password
        head, sep, rest = target.partition("://")
        return f"{head}{sep}{MASK}@{rest.rpartition('@')[2]}" if sep and "@" in rest else target


def _secrets(target: str) -> set[str]:
    """Every spelling of every password in ``target``: as written, decoded and encoded."""
    found: list[str] = []
    if "://" in target:
        rest = target.partition("://")[2]
        parts = _split_userinfo(rest)
        if parts is not None:
            found.append(parts[1])
            tail = parts[2]
        else:
            tail = rest
        found += [m["password"] for m in _QUERY_PASSWORD.finditer(tail)]
        try:
            parsed = make_url(target).password
        except Exception:  # unparseable: the spans above are all there is
            parsed = None
        if parsed:
            found.append(str(parsed))
            if parts is not None and parts[1].startswith(f"{parsed}@"):  # SQLAlchemy took the rest for the host
                found.append(parts[1][len(str(parsed)) + 1 :])
    else:
        found += [m["password"].strip("'") for m in _CONNINFO_PASSWORD.finditer(target)]
    spellings = {s for raw in found for s in (raw, unquote(raw), unquote_plus(raw))}
    spellings |= {quote(s, safe="") for s in spellings}
    return {s for s in spellings if len(s) >= MIN_SECRET}


def redact(text: str, target: str) -> str:
    """``text`` (say, a driver's error about ``target``) with ``target`` shown by :func:`display_url` and any of
    its passwords replaced by ``***``."""
    try:
        shown = display_url(target)
        if target and shown != target:
            text = text.replace(target, shown)
        for secret in sorted(_secrets(target), key=len, reverse=True):
            text = text.replace(secret, MASK)
    except Exception:  # never fail while reporting another failure, nor leak: drop the details instead
        return "(details withheld: they may hold the database password)"
    return text


def resolve(target: str) -> tuple[URL, Path | None]:
    """The SQLAlchemy URL for ``target`` and, for an SQLite file, its path."""
    if "://" not in target:
        path = Path(target).expanduser()
        return URL.create("sqlite", database=str(path)), path
    try:
        url = make_url(target)
    except (ArgumentError, ValueError, TypeError) as exc:  # a bad port is a ValueError
        raise StoreError(
            f"{display_url(target)}: not a database URL ({redact(str(exc), target)}); "
            "give a file path or a postgresql:// URL"
        ) from None
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
            f"{display_url(target)}: no database driver for this URL ({redact(str(exc), target)}); "
            "for PostgreSQL install psycopg (pip install 'psycopg[binary]'), which postgresql:// URLs use"
        ) from exc
    except (ArgumentError, ValueError, TypeError) as exc:  # the dialect refused the URL's parts
        raise StoreError(
            f"{display_url(target)}: not a usable database URL ({redact(str(exc), target)}); "
            "give a file path, a sqlite:/// URL or a postgresql:// URL"
        ) from None
    if url.get_backend_name() == "sqlite":
        _sqlite_events(engine)
    return engine


def open_error(target: str, exc: BaseException) -> StoreError:
    """A StoreError for a database that could not be opened or migrated, with advice."""
    text = redact(str(getattr(exc, "orig", None) or exc), target)
    low = text.lower()
    where = display_url(target)
    if "not a database" in low or "malformed" in low:
        return StoreError(f"{where}: not a slant database ({text}); pass another --db path or move this file away")
    if "readonly" in low or "read-only" in low or "unable to open" in low or "permission" in low:
        return StoreError(
            f"{where}: cannot open the database for writing ({text}); "
            "check the file and its folder are writable, or pass another --db path"
        )
    return StoreError(f"{where}: cannot open the database ({text}); check the --db value")
