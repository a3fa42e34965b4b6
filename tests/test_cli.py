"""The command line, driven in process: analyze, show, actors, search, export, exit statuses."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from slant.cli import app

from .conftest import EXAMPLES

runner = CliRunner()

ARTICLE = """Mayor Quill backs the harbour plan

Councillor Dara Quill said on Monday that the harbour plan would revive Eastport. Quill, who leads the
Harbour Alliance, was backed by Tomas Brennan. Brennan said he would campaign for her.
"""


@pytest.fixture()
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "quill.txt").write_text(ARTICLE, encoding="utf-8")
    (folder / "copy.txt").write_text(ARTICLE.replace("\n", "\r\n"), encoding="utf-8")  # same article again
    return folder


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_version() -> None:
    code, out, _ = run("--version")
    assert code == 0 and out.startswith("slant ")


def test_analyze_json_lines_one_object_per_article(corpus: Path, tmp_path: Path) -> None:
    code, out, _ = run("analyze", str(corpus), "--json", "--db", str(tmp_path / "a.db"))
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert len(rows) == 1  # the CRLF copy is the same article (content-hash id)
    row = rows[0]
    assert row["title"] == "Mayor Quill backs the harbour plan"
    assert not row["text"].startswith("Mayor Quill backs")
    names = {a["name"] for a in row["actors"]}
    assert {"Dara Quill", "Tomas Brennan"} <= names
    for actor in row["actors"]:
        for m in actor["mentions"]:
            assert row["text"][m["start"] : m["end"]] == m["text"]


def test_analyze_json_carries_the_story_show_gives(tmp_path: Path) -> None:
    """Regression (issue 4 notes): `analyze --json` printed story and copy_of as null, while `show --json`
    of the same article, after the run's story update, had them."""
    folder = tmp_path / "story"
    folder.mkdir()
    for name in ("harbourside-courier-backs-mawdsley.txt", "eastport-observer-against-mawdsley.md"):
        (folder / name).write_bytes((EXAMPLES / name).read_bytes())
    db = str(tmp_path / "s.db")
    code, out, err = run("analyze", str(folder), "--json", "--db", db)
    assert code == 0, err
    rows = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert len(rows) == 2
    assert rows[0]["story"] is not None and rows[0]["story"] == rows[1]["story"]  # one story, told twice
    for row in rows:
        code, shown, _ = run("show", row["id"], "--json", "--db", db)
        assert code == 0 and json.loads(shown) == row
    code, again, _ = run("analyze", str(folder), "--json", "--db", db)  # stored articles: the same objects
    assert code == 0 and [json.loads(line) for line in again.splitlines() if line.strip()] == rows


def test_rerun_is_idempotent_and_summary_says_so(corpus: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "a.db")
    code, out, _ = run("analyze", str(corpus), "--db", db)
    assert code == 0 and "analysed now" in out
    first = {line.split("│")[1].strip(): line for line in out.splitlines() if line.count("│") >= 3}
    assert "exact duplicates" in first
    code, out2, _ = run("analyze", str(corpus), "--db", db)
    assert code == 0
    assert any("already stored" in line and line.rstrip("│ ").endswith("1") for line in out2.splitlines())
    code, out3, _ = run("export", "--format", "jsonl", "--db", db)
    assert len([line for line in out3.splitlines() if line.strip()]) == 1


def test_bad_input_exit_status_one_after_the_rest(corpus: Path, tmp_path: Path) -> None:
    (corpus / "broken.jsonl").write_text('{"title": "ok", "text": "Fine words here."}\n{not json\n', encoding="utf-8")
    (corpus / "empty.txt").write_bytes(b"")
    db = str(tmp_path / "b.db")
    code, out, err = run("analyze", str(corpus), "--db", db)
    assert code == 1
    assert "broken.jsonl" in err and "empty.txt" in err
    code, out, _ = run("export", "--format", "jsonl", "--db", db)
    titles = {json.loads(line)["title"] for line in out.splitlines() if line.strip()}
    assert titles == {"Mayor Quill backs the harbour plan", "ok"}


def test_show_search_actors_export(corpus: Path, tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    run("analyze", str(corpus), "--db", db)
    code, out, _ = run("export", "--format", "jsonl", "--db", db)
    article_id = json.loads(out.splitlines()[0])["id"]

    code, out, _ = run("show", article_id[:8], "--db", db)
    assert code == 0 and "Mayor Quill backs the harbour plan" in out and "Dara Quill" in out
    assert "quotes" in out and "who backs or attacks whom" in out  # the quotes and relations tables

    code, out, _ = run("show", article_id[:8], "--db", db, "--json")
    assert json.loads(out)["id"] == article_id

    code, out, _ = run("search", "harbour", "--db", db, "--json")
    assert code == 0 and json.loads(out.splitlines()[0])["id"] == article_id

    code, out, _ = run("actors", "--db", db, "--json", "--kind", "person")
    people = [json.loads(line) for line in out.splitlines()]
    assert {"Dara Quill", "Tomas Brennan"} <= {p["name"] for p in people}

    code, out, _ = run("export", "--format", "csv", "--db", db)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 1 and rows[0]["id"] == article_id and "Dara Quill" in rows[0]["top_actors"]

    target = tmp_path / "out.jsonl"
    code, _, _err = run("export", "--format", "jsonl", "-o", str(target), "--db", db)
    assert code == 0 and json.loads(target.read_text(encoding="utf-8").splitlines()[0])["id"] == article_id


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["show", "ffffffffffff"], "ffffffffffff"),
        (["export", "--format", "xml"], "xml"),
        (["analyze", "/no/such/file.txt"], "/no/such/file.txt"),
    ],
)
def test_errors_are_one_clear_line(args: list[str], message: str, tmp_path: Path) -> None:
    code, _, err = run(*args, "--db", str(tmp_path / "e.db"))
    assert code in (1, 2)
    assert message in err
    assert "Traceback" not in err


def test_examples_summary(tmp_path: Path) -> None:
    code, out, err = run("analyze", str(EXAMPLES), "--db", str(tmp_path / "x.db"))
    assert code == 0, err
    assert "analysed now" in out


def test_stdin_input(tmp_path: Path) -> None:
    result = runner.invoke(app, ["analyze", "-", "--json", "--db", str(tmp_path / "in.db")], input=ARTICLE)
    assert result.exit_code == 0, result.stderr
    (row,) = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    assert row["source"] == "<stdin>"
    assert row["title"] == "Mayor Quill backs the harbour plan"


@pytest.mark.slow
def test_worker_pool_gives_the_same_results_as_one_process(tmp_path: Path) -> None:
    from slant.bench.corpus import write_corpus

    write_corpus(tmp_path / "c", 6, words=120)
    outputs = []
    for workers in ("1", "2"):
        code, out, err = run(
            "analyze", str(tmp_path / "c"), "--json", "-w", workers, "--db", str(tmp_path / f"{workers}.db")
        )
        assert code == 0, err
        outputs.append([json.loads(line) for line in out.splitlines() if line.strip()])
    assert [r["id"] for r in outputs[0]] == [r["id"] for r in outputs[1]]  # input order is kept
    assert outputs[0] == outputs[1]


def test_show_lists_flags_and_scores(tmp_path: Path) -> None:
    """Issue 4: `show` marks up loaded language and lists it with the article's scores."""
    db = str(tmp_path / "o.db")
    source = EXAMPLES / "eastport-observer-against-mawdsley.md"
    assert run("analyze", str(source), "--db", db)[0] == 0
    code, out, _ = run("show", str(source), "--db", db)
    assert code == 0
    assert "loaded language" in out and "insult" in out
    assert "hyperpartisan" in out and "loaded_density" in out
    # the main actors' table comes first (its title may wrap to the table's width), the column's target leads
    # it with the author's negative stance and the sentence that carries it
    main = out[out.index("main actors") : out.index("salience ┃ mentions")]
    rows = [line for line in main.splitlines() if line.startswith("│")]
    assert rows and "Gerald Mawdsley" in rows[0] and "negative" in rows[0]
    assert "endorse" in main  # the evidence sentence ("... to endorse Dr Leila Marchetti against his own party")
