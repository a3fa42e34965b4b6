"""Shared fixtures: paths, the ../shared folder (skips when absent), a store analysed from examples/, an empty
store on SQLite (and PostgreSQL when SLANT_TEST_PG_URL is set)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from slant.store import Store

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SHARED = Path(os.environ.get("SLANT_SHARED", ROOT.parent / "shared"))


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The ../shared folder beside the repo (seeds, tools, data); tests using it skip without it."""
    if not (SHARED / "seeds").is_dir():
        pytest.skip(f"{SHARED} is absent (only developers and CI have ../shared)")
    return SHARED


@pytest.fixture(scope="session")
def examples_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database holding the analysed examples/ corpus (built once per test session)."""
    from slant import api
    from slant.config import load_settings

    db = tmp_path_factory.mktemp("examples") / "examples.db"
    api.analyze([str(EXAMPLES)], settings=load_settings(env={}, db=str(db)))
    return db


#: A PostgreSQL URL (e.g. ``postgresql+psycopg://postgres@/slanttest?host=/tmp/pgsock&port=54329``) runs every
#: test that uses the ``store`` fixture against that database too. Its public schema is wiped first.
PG_URL = os.environ.get("SLANT_TEST_PG_URL")


@pytest.fixture(params=["sqlite"] + (["postgresql"] if PG_URL else []))
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """An empty store: SQLite in a temporary folder, and PostgreSQL too when SLANT_TEST_PG_URL is set."""
    from sqlalchemy import create_engine

    if request.param == "postgresql":
        assert PG_URL
        engine = create_engine(PG_URL)
        with engine.begin() as conn:
            conn.exec_driver_sql("DROP SCHEMA public CASCADE")
            conn.exec_driver_sql("CREATE SCHEMA public")
        engine.dispose()
        url = PG_URL
    else:
        url = str(tmp_path / "slant.db")
    with Store(url) as s:
        yield s
