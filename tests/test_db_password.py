"""A database password never shows: not in the CLI's output, the runs table, web pages, JSON, exports, reports
or error messages. ``display_url`` is the one place a ``--db`` value is rendered for people.

The PostgreSQL half needs SLANT_TEST_PG_URL (``eval "$(scripts/pg-test-cluster start)"``: trust auth, so any
password is accepted); the SQLite half passes its password as a ``password=`` URL parameter, which the SQLite
driver ignores.
"""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import assume, given
from hypothesis import strategies as st
from sqlalchemy import create_engine, select
from sqlalchemy.engine import make_url
from typer.testing import CliRunner

from slant import api
from slant.cli import app as cli_app
from slant.config import load_settings
from slant.errors import StoreError
from slant.store import Store, display_url
from slant.store import migrations as mig
from slant.store.connect import redact
from slant.store.schema import runs, schema_migrations
from slant.web import create_app

PASSWORD = "S3cretPw0rd"
PG_URL = os.environ.get("SLANT_TEST_PG_URL")
#: Nothing listens on port 1 of the loopback interface: connecting is refused at once.
CLOSED_PORT_URL = f"postgresql://u:{PASSWORD}@127.0.0.1:1/x"

ARTICLE = """Mayor Quill backs the harbour plan

Councillor Dara Quill said on Monday that the harbour plan would revive Eastport. Quill, who leads the
Harbour Alliance, was backed by Tomas Brennan. Brennan said he would campaign for her.
"""

runner = CliRunner()


# --- display_url -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "shown"),
    [
        ("postgresql://user:secret@host:5432/db?sslmode=require", "postgresql://user:***@host:5432/db?sslmode=require"),
        ("postgresql+psycopg://user:secret@host/db", "postgresql+psycopg://user:***@host/db"),
        ("postgresql://user:p%40ss%3Aw0rd@host/db", "postgresql://user:***@host/db"),  # '@' and ':' encoded
        ("postgresql://user:pa/ss?w#rd@host/db", "postgresql://user:***@host/db"),  # raw '/', '?', '#'
        ("postgresql://user:p@ssword@host/db", "postgresql://user:***@host/db"),  # a raw '@' in the password
        ("postgresql://:secret@host/db", "postgresql://:***@host/db"),
        ("postgresql://user@server:secret@host/db", "postgresql://user@server:***@host/db"),  # user with '@'
        (
            "postgresql://user@host/db?password=secret&sslmode=require",
            "postgresql://user@host/db?password=***&sslmode=require",
        ),
        (
            "postgresql://user@host/db?sslmode=require&PASSWORD=secret",
            "postgresql://user@host/db?sslmode=require&PASSWORD=***",
        ),
        ("postgresql://u:a@h/db?sslpassword=secret", "postgresql://u:***@h/db?sslpassword=***"),
        ("host=db.example.org password=secret dbname=slant", "host=db.example.org password=*** dbname=slant"),
        ("host=db.example.org password='se cret' dbname=slant", "host=db.example.org password=*** dbname=slant"),
        ("postgresql://u:S3cret@127.0.0.1:54339:x/x", "postgresql://u:***@127.0.0.1:54339:x/x"),  # a bad port
        # unchanged: paths, SQLite URLs, URLs without a password
        ("slant.db", "slant.db"),
        ("/var/lib/slant/my data:1.db", "/var/lib/slant/my data:1.db"),
        ("data/user@host.db", "data/user@host.db"),
        ("sqlite:///x.db", "sqlite:///x.db"),
        ("sqlite:////abs/path/x.db", "sqlite:////abs/path/x.db"),
        ("sqlite://", "sqlite://"),
        ("sqlite:///:memory:", "sqlite:///:memory:"),
        ("postgresql://user@host:5432/db?sslmode=require", "postgresql://user@host:5432/db?sslmode=require"),
        ("postgresql://host/db?application_name=a@b", "postgresql://host/db?application_name=a@b"),
        ("postgresql://user:@host/db", "postgresql://user:@host/db"),  # an empty password
        ("postgresql:///db?host=/run/postgresql", "postgresql:///db?host=/run/postgresql"),
        ("", ""),
    ],
)
def test_display_url(target: str, shown: str) -> None:
    assert display_url(target) == shown
    assert display_url(shown) == shown


passwords = st.text(
    alphabet=st.characters(categories=["L", "N", "P", "S"], max_codepoint=0x7E), min_size=6, max_size=24
)


@given(password=passwords)
def test_display_url_hides_any_password(password: str) -> None:
    encoded = quote(password, safe="")
    cases = [
        (f"postgresql://slant:{encoded}@db.example.org:5432/news?sslmode=require",
         "postgresql://slant:***@db.example.org:5432/news?sslmode=require"),
        (f"postgresql+psycopg://slant@db.example.org/news?password={encoded}&sslmode=require",
         "postgresql+psycopg://slant@db.example.org/news?password=***&sslmode=require"),
    ]  # fmt: skip
    if "@" not in password:  # written raw (unencoded), as people do; SQLAlchemy reads it the same way
        cases.append(
            (f"postgresql://slant:{password}@db.example.org/news", "postgresql://slant:***@db.example.org/news")
        )
    for url, expected in cases:
        assume(password not in expected)  # e.g. '***@db', a trivial coincidence
        shown = display_url(url)
        assert shown == expected
        assert password not in shown and encoded not in shown
        assert display_url(shown) == shown


@given(text=st.text(max_size=60))
def test_display_url_never_raises_and_is_idempotent(text: str) -> None:
    shown = display_url(text)
    assert display_url(shown) == shown
    assert display_url("postgresql://" + text) == display_url(display_url("postgresql://" + text))


def test_redact_takes_every_spelling_out_of_a_message() -> None:
    target = "postgresql://u:p%40ssw0rd@host/db?sslpassword=k3yPhrase"
    message = f"could not open {target}: user u, password p@ssw0rd (p%40ssw0rd), key k3yPhrase"
    assert redact(message, target) == (
        "could not open postgresql://u:***@host/db?sslpassword=***: user u, password *** (***), key ***"
    )


# --- error messages (no PostgreSQL needed) ----------------------------------------------------------------


def assert_no_password(text: str, where: str) -> None:
    assert PASSWORD not in text, f"the password shows in {where}: {text[:2000]}"


def test_a_refused_connection_does_not_show_the_password() -> None:
    with pytest.raises(StoreError) as info:
        Store(CLOSED_PORT_URL)
    message = str(info.value)
    assert "postgresql://u:***@127.0.0.1:1/x" in message and "cannot open the database" in message
    assert_no_password(message, "the StoreError")

    result = runner.invoke(cli_app, ["stories", "--db", CLOSED_PORT_URL])
    assert result.exit_code == 2
    assert_no_password(result.output, "`slant stories`")

    with TestClient(create_app(CLOSED_PORT_URL, load_settings(env={})), base_url="http://127.0.0.1") as client:
        for path in ("/", "/.json", "/articles", "/stories.json"):
            r = client.get(path)
            assert r.status_code == 503, path
            assert_no_password(r.text, path)


@pytest.mark.parametrize(
    "target",
    [
        f"postgresql://u:{PASSWORD}@127.0.0.1:54339:x/x",  # a bad port
        f"postgresql://u:{PASSWORD}@[::1/x",  # an unclosed IPv6 host
        f"postgresql+nosuchdriver://u:{PASSWORD}@127.0.0.1/x",
        f"sqlite://u:{PASSWORD}@/x.db",  # SQLite takes no user or password
        f"postgresql://u:x@y@{PASSWORD}@127.0.0.1:1/x",  # raw '@'s
    ],
)
def test_a_malformed_url_is_a_store_error_without_the_password(target: str) -> None:
    with pytest.raises(StoreError) as info:
        Store(target)
    assert_no_password(str(info.value), "the StoreError")


def test_runs_stored_by_an_earlier_slant_are_masked_by_migration_0005(tmp_path: Path) -> None:
    path = str(tmp_path / "old.db")
    leaked = f"postgresql://slant:{PASSWORD}@db.example.org/news"
    with Store(path) as s:
        run_id = s.start_run(["in/"], {"workers": 1})
        s.finish_run(run_id, {"articles": 3, "db": leaked})
        with s.engine.begin() as conn:  # as an earlier slant left it
            conn.execute(schema_migrations.delete().where(schema_migrations.c.name == "0005_mask_run_passwords"))
    with Store(path) as s:
        assert s.applied == ["0005_mask_run_passwords"]
        with s.engine.connect() as conn:
            counts = conn.execute(select(runs.c.counts).where(runs.c.id == run_id)).scalar_one()
    assert counts == {"articles": 3, "db": "postgresql://slant:***@db.example.org/news"}
    assert "0005_mask_run_passwords" in [m.name for m in mig.MIGRATIONS]


# --- every output of a store opened with a password --------------------------------------------------------


@pytest.fixture(params=["sqlite", "postgresql"])
def password_db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A ``--db`` value holding PASSWORD: a SQLite file with ``?password=``, or the test PostgreSQL cluster with
    PASSWORD as its password (an emptied database)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'slant.db'}?password={PASSWORD}"
        return
    if not PG_URL:
        pytest.skip('SLANT_TEST_PG_URL is unset: start a cluster with eval "$(scripts/pg-test-cluster start)"')
    engine = create_engine(PG_URL)
    with engine.begin() as conn:
        conn.exec_driver_sql("DROP SCHEMA public CASCADE")
        conn.exec_driver_sql("CREATE SCHEMA public")
    engine.dispose()
    yield make_url(PG_URL).set(password=PASSWORD).render_as_string(hide_password=False)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.filterwarnings("ignore:Query string argument:sqlalchemy.exc.SAWarning")  # SQLite ignores password=
def test_no_output_shows_the_password(password_db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert PASSWORD in password_db
    monkeypatch.setenv("COLUMNS", "400")  # rich tables must not cut the URL short
    article = tmp_path / "quill.txt"
    article.write_text(ARTICLE, encoding="utf-8")

    def cli(*args: str) -> str:
        result = runner.invoke(cli_app, [*args, "--db", password_db])
        assert result.exit_code == 0, result.output
        assert_no_password(result.output, f"`slant {' '.join(args)}`")
        return result.output

    assert "database" in cli("analyze", str(article))
    cli("analyze", str(article), "--json")
    cli("stories")
    cli("actors")
    cli("search", "harbour")
    assert '"title"' in cli("export", "--format", "jsonl")
    cli("export", "--format", "csv", "--table", "stories")
    report = tmp_path / "report.html"
    cli("report", "--output", str(report))
    assert_no_password(report.read_text(encoding="utf-8"), "the report")

    # serve's start-up line, without serving
    monkeypatch.setattr("uvicorn.run", lambda *a, **k: None)
    serve = runner.invoke(cli_app, ["serve", "--db", password_db, "--port", str(free_port())])
    assert serve.exit_code == 0 and "slant serving" in serve.output, serve.output
    assert_no_password(serve.output, "serve's start-up line")

    # the runs table, as stored
    with Store(password_db) as s:
        with s.engine.connect() as conn:
            rows = [dict(r) for r in conn.execute(select(runs)).mappings()]
        assert len(rows) == 2 and rows[0]["counts"]["db"] == display_url(password_db)
        assert_no_password(json.dumps(rows, default=str), "the runs table")
    assert_no_password(repr(api.overview(db=password_db)), "api.overview")
    article_id = api.list_articles(db=password_db).rows[0].id
    story_id = api.story_summaries(db=password_db)[0].story.id

    # the web app: pages, their JSON twins, an error page
    with TestClient(create_app(password_db, load_settings(env={})), base_url="http://127.0.0.1") as client:
        paths = [
            "/", "/.json", "/articles", "/articles.json", f"/articles/{article_id}", f"/articles/{article_id}.json",
            "/stories", f"/stories/{story_id}", "/actors", "/search?q=harbour", "/analyze", "/no/such/page",
            "/articles/no-such-article",
        ]  # fmt: skip
        for path in paths:
            r = client.get(path)
            assert r.status_code in (200, 404), (path, r.status_code)
            assert_no_password(r.text, path)
        assert client.get("/.json").json()["db"] == display_url(password_db)
        assert display_url(password_db) in client.get("/").text
