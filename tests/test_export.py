"""Exports: the articles, stories, flags and actors tables as JSON Lines, CSV and Parquet; the actor network
as GraphML and GEXF; ``--story``; atomic files; clear errors for bad combinations (CLI and api).

Every name and sentence is invented (see tests/report_data.py).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path

import networkx as nx
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from slant import api, exports
from slant.cli import app
from slant.errors import ConfigError, NotFoundError
from slant.models import Analysis
from slant.store import Store

from .report_data import hostile, ledger, ottley, post

runner = CliRunner()


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    path = str(tmp_path_factory.mktemp("export") / "x.db")
    with Store(path) as st:
        st.write([ledger(), post(), hostile(), ottley()])
    api.update_stories(path)
    yield path


def cli(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def lines(out: str) -> list[str]:
    """JSON Lines split on newlines only (str.splitlines would also split at U+2028 inside a string)."""
    return [x for x in out.split("\n") if x]


def header(table: str) -> list[str]:
    return [name for name, _ in exports.TABLES[table]]


@pytest.mark.parametrize("table", list(exports.TABLES))
def test_csv_header_and_rows(db: str, table: str) -> None:
    code, out, _ = cli("export", "--format", "csv", "--table", table, "--db", db)
    assert code == 0
    reader = csv.DictReader(io.StringIO(out))
    assert reader.fieldnames == header(table)
    rows = list(reader)
    expected = {"articles": 4, "flags": 5, "actors": 6, "stories": len(api.stories(db, limit=None))}[table]
    assert len(rows) == expected


def test_articles_csv_keeps_the_original_columns_first() -> None:
    original = ["id", "source", "url", "title", "author", "published", "site_name", "language", "status", "words",
                "actors", "top_actors"]  # fmt: skip
    assert list(exports.CSV_COLUMNS[: len(original)]) == original
    assert api.CSV_COLUMNS == exports.CSV_COLUMNS and api.EXPORT_FORMATS == exports.FORMATS


def test_flags_rows() -> None:
    rows = list(exports.flag_rows(post()))
    assert [(r["kind"], r["text"], r["target_group"]) for r in rows] == [
        ("hate", "yacht club", "sailors"),
        ("bias", "Lind said Quill was wrong", None),
    ]
    assert all(r["article_id"] == "b2000000000000b2" and r["site_name"] == "Northgate Post" for r in rows)
    assert list(exports.flag_rows(ottley())) == []


def test_article_row() -> None:
    row = exports.article_row(post())
    assert row["hate_flags"] == 1 and row["flags"] == 2 and row["relations"] == 3
    assert row["hyperpartisan"] is None and exports.article_row(ledger())["hyperpartisan"] == 0.3
    assert set(row) == set(exports.CSV_COLUMNS)


@pytest.mark.parametrize("table", list(exports.TABLES))
def test_parquet_round_trip(db: str, table: str, tmp_path: Path) -> None:
    path = tmp_path / f"{table}.parquet"
    code, _, err = cli("export", "--format", "parquet", "--table", table, "-o", str(path), "--db", db)
    assert code == 0 and f"to {path}" in "".join(err.split("\n"))
    t = pq.read_table(path)
    assert t.schema.names == header(table)
    kinds = {name: kind for name, kind in exports.TABLES[table]}
    for f in t.schema:
        assert str(f.type) == {"str": "string", "int": "int64", "float": "double"}[kinds[f.name]]
    assert t.schema.metadata[b"slant.table"] == table.encode()
    code, out, _ = cli("export", "--format", "jsonl", "--table", table, "--db", db)
    if table in ("articles", "stories"):  # JSON Lines of these are the JSON contracts, not the flat rows
        assert t.num_rows == len(lines(out))
        return
    assert t.to_pylist() == [json.loads(line) for line in lines(out)]


def test_parquet_keeps_hostile_text_and_nulls(tmp_path: Path) -> None:
    path = tmp_path / "f.parquet"
    exports.write_parquet("flags", exports.flag_rows(hostile()), path)
    rows = pq.read_table(path).to_pylist()
    assert rows[0]["text"] == '<img src=x onerror="window.__pwned=1">' and rows[0]["target_group"] is None
    empty = tmp_path / "e.parquet"
    assert exports.write_parquet("flags", [], empty) == 0
    assert pq.read_table(empty).schema.names == header("flags")


def test_jsonl_articles_are_the_contract(db: str) -> None:
    _, out, _ = cli("export", "--db", db)  # jsonl and articles are the defaults
    back = [Analysis.from_json(json.loads(line)) for line in lines(out)]
    assert {a.article.id for a in back} == {
        "a1000000000000a1",
        "b2000000000000b2",
        "c3000000000000c3",
        "d4000000000000d4",
    }
    assert next(a for a in back if a.article.id == "d4000000000000d4").actors[0].name.startswith("</script>")


def test_stories_jsonl_and_story_filter(db: str) -> None:
    stories = api.stories(db, limit=None)
    quill = next(s for s in stories if "a1000000000000a1" in s.articles)
    code, out, _ = cli("export", "--format", "jsonl", "--table", "stories", "--db", db)
    assert {json.loads(line)["id"] for line in lines(out)} == {s.id for s in stories}
    code, out, _ = cli("export", "--format", "csv", "--table", "articles", "--story", quill.id[:8], "--db", db)
    assert code == 0
    assert {r["id"] for r in csv.DictReader(io.StringIO(out))} == set(quill.articles)
    code, out, _ = cli("export", "--format", "csv", "--table", "stories", "--story", quill.id, "--db", db)
    [row] = list(csv.DictReader(io.StringIO(out)))
    assert row["id"] == quill.id and int(row["articles"]) == len(quill.articles)
    assert row["article_ids"].split("; ") == list(quill.articles)


@pytest.mark.parametrize("fmt", ["graphml", "gexf"])
def test_network_formats(db: str, fmt: str, tmp_path: Path) -> None:
    path = tmp_path / f"net.{fmt}"
    code, _, err = cli("export", "--format", fmt, "-o", str(path), "--db", db)
    assert code == 0 and "actors (network nodes)" in err
    g = nx.read_graphml(path, force_multigraph=True) if fmt == "graphml" else nx.read_gexf(path)
    assert "person:ada quill" in g and g.nodes["person:ada quill"]["name"] == "Ada Quill"
    assert any(d["polarity"] == "oppose" for _, _, d in g.edges(data=True))
    code, out, _ = cli("export", "--format", fmt, "--authors", "--db", db)  # to stdout, with the authors
    assert code == 0 and out.startswith("<?xml") and "author:a1000000000000a1" in out


def test_network_of_one_story(db: str) -> None:
    quill = next(s for s in api.stories(db, limit=None) if "a1000000000000a1" in s.articles)
    g = api.network(db=db, story=quill.id)
    assert set(g.nodes) == {"person:ada quill", "person:tom reyes", "person:dara lind"}
    assert g.number_of_edges() == 4


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--format", "xml"], "unknown export format 'xml'"),
        (["--format", "csv", "--table", "people"], "unknown table 'people'"),
        (["--format", "parquet"], "parquet is a binary format"),
        (["--format", "graphml", "--table", "flags"], "graphml writes the actor network"),
        (["--format", "csv", "--authors"], "--authors"),
        (["--format", "csv", "--story", "zzzzzz"], "zzzzzz"),
    ],
    ids=["format", "table", "parquet-stdout", "network-table", "authors-table", "story"],
)
def test_bad_options_are_one_clear_line(db: str, args: list[str], message: str) -> None:
    code, out, err = cli("export", *args, "--db", db)
    assert code == 2 and message in err and "Traceback" not in err
    assert out == ""


def test_failed_export_leaves_no_file(db: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "flags.csv"
    target.write_text("old contents\n", encoding="utf-8")

    def broken(*_: object) -> int:
        raise OSError("disk full")

    monkeypatch.setattr(exports, "write_csv", broken)
    with pytest.raises(OSError, match="disk full"):
        api.export_to_path("csv", target, db=db, table="flags")
    assert target.read_text(encoding="utf-8") == "old contents\n"  # the old file is untouched
    assert [p.name for p in tmp_path.iterdir()] == ["flags.csv"]  # and no .part is left
    with pytest.raises(ConfigError):
        api.export_to_path("csv", tmp_path / "x.csv", db=db, table="nope")
    with pytest.raises(NotFoundError):
        api.export_to_path("csv", tmp_path / "x.csv", db=db, story="zzzzzz")
    assert not (tmp_path / "x.csv").exists()


def test_api_export_to_a_stream(db: str) -> None:
    buf = io.StringIO()
    assert api.export("csv", buf, db=db, table="actors") == 6
    assert buf.getvalue().splitlines()[0] == ",".join(header("actors"))
    with pytest.raises(ConfigError, match="binary"):
        api.export("parquet", io.StringIO(), db=db)
    raw = io.BytesIO()
    assert api.export("parquet", raw, db=db, table="flags") == 5
    assert pq.read_table(io.BytesIO(raw.getvalue())).num_rows == 5
