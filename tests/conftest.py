"""Shared fixtures: paths, the ../shared folder (skips when absent), a store analysed from examples/."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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
