"""The benchmark harness works end to end on a tiny corpus (speed itself is measured, never asserted)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from slant.bench.corpus import iter_corpus, write_corpus
from slant.bench.speed import run_speed_bench


def test_corpus_is_deterministic_and_sized() -> None:
    a = list(iter_corpus(3, words=300, seed=5))
    b = list(iter_corpus(3, words=300, seed=5))
    assert a == b
    for title, body in a:
        assert title and 300 <= len(body.split()) < 360


def test_corpus_files_have_distinct_bodies(tmp_path: Path) -> None:
    paths = write_corpus(tmp_path, 4, words=60)
    assert len({p.read_text(encoding="utf-8") for p in paths}) == 4


def test_speed_bench_reports_both_runs(tmp_path: Path) -> None:
    result = run_speed_bench(
        sizes=[3], words=80, workers=1, runs=("spacy", "foundation", "fast"), on_line=lambda s: None
    )
    whats = [r.what for r in result.rows]
    assert whats == ["spaCy nlp.pipe alone", "slant analyze, actors only", "slant analyze --mode fast"]
    assert all(r.articles == 3 and r.words > 200 for r in result.rows)
    assert result.ratio(3) is not None
    assert result.per_article_ms(3, whats[2], "foundation") is not None
    md = result.markdown()
    assert "| 3 | spaCy nlp.pipe alone |" in md
    target = tmp_path / "benchmarks.md"
    target.write_text("# Benchmarks\n\nintro\n", encoding="utf-8")
    result.write(target)
    result.write(target)  # replaces its own section, keeps the rest
    text = target.read_text(encoding="utf-8")
    assert text.count("<!-- speed:begin -->") == 1 and "intro" in text


def test_speed_bench_repeats_take_turns_and_keep_the_fastest() -> None:
    lines: list[str] = []
    result = run_speed_bench(
        sizes=[2], words=60, workers=1, runs=("spacy", "foundation"), repeat=2, on_line=lines.append
    )
    started = [line for line in lines if line.endswith("...")]
    assert [("spaCy" in line, "run 1" in line) for line in started] == [
        (True, True),
        (False, True),
        (True, False),
        (False, False),
    ]
    assert len(result.rows) == 2 and "best of 2 interleaved runs" in result.markdown()
    timed = [float(line.split()[0]) for line in lines if line.endswith(" s")]
    assert result.rows[0].seconds == pytest.approx(min(timed[0], timed[2]), abs=0.06)


def test_bench_accuracy_command_reports_figures_beside_floors(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from slant.bench.accuracy import floors
    from slant.cli import app

    target = tmp_path / "benchmarks.md"
    result = CliRunner().invoke(app, ["bench", "accuracy", "-o", str(target)])
    assert result.exit_code == 0, result.stderr
    row = next(line for line in result.stdout.splitlines() if "actors.jsonl" in line and "| alias_f1 |" in line)
    cells = [c.strip() for c in row.strip("| ").split("|")]
    value, floor = float(cells[3]), float(cells[4])
    assert floor == floors()["actors"]["alias_f1"] and value >= floor
    quotes = next(line for line in result.stdout.splitlines() if "quotes.jsonl" in line and "speaker_accuracy" in line)
    assert "0.865" in quotes  # the published figure stands beside ours
    assert "<!-- accuracy:begin -->" in target.read_text(encoding="utf-8")


def test_unknown_run_is_refused() -> None:
    import pytest

    from slant.errors import ConfigError

    with pytest.raises(ConfigError, match="turbo"):
        run_speed_bench(sizes=[1], runs=("turbo",), on_line=lambda s: None)


def test_hatecheck_section_is_written_from_the_run(tmp_path: Path) -> None:
    from slant.bench.accuracy import AccuracyResult

    run = {
        "cases": 4,
        "accuracy": 0.75,
        "recall_hateful": 0.5,
        "false_positive_rate": 0.0,
        "per_functionality": {"derog_dehum_h": 0.5, "negate_neg_nh": 1.0},
    }
    result = AccuracyResult(details={"hatecheck-fast rules: hate flags": run})
    doc = tmp_path / "benchmarks.md"
    doc.write_text("# Benchmarks\n\n<!-- hatecheck:begin -->\nold\n<!-- hatecheck:end -->\n\nafter\n", encoding="utf-8")
    result.write(doc)
    text = doc.read_text(encoding="utf-8")
    assert "\nold\n" not in text and "<!-- hatecheck:end -->\nafter\n" in text
    assert "| `derog_dehum_h` | hateful | 0.50 |" in text and "| `negate_neg_nh` | not hateful | 1.00 |" in text
    assert "**all cases** | | **0.750** (4)" in text and "0.500 / 0.000" in text


@pytest.mark.parametrize(
    ("templ_id", "half"),
    [("1", "odd"), ("2", "even"), ("templ-37", "odd"), ("", "even")],
)
def test_hatecheck_cases_split_by_template_parity(templ_id: str, half: str) -> None:
    """Issue 4: the rules were developed on even templates; the odd ones are reported as held out."""
    from slant.bench.datasets import Example
    from slant.bench.language import template_half

    assert template_half(Example("text", 1, "hatecheck", group=templ_id)) == half


def test_select_half_keeps_one_half_of_the_templates() -> None:
    """Session 7: ``--hatecheck-half even`` trains on the even templates and leaves the odd ones held out."""
    from slant.bench.datasets import Example
    from slant.bench.language import select_half

    cases = [Example(f"case {i}", 1, "hatecheck", group=str(t)) for i, t in enumerate([1, 2, 2, 3, 4])]
    assert [c.group for c in select_half(cases, "even")] == ["2", "2", "4"]
    assert [c.group for c in select_half(cases, "odd")] == ["1", "3"]
    assert select_half(cases, "") == cases
    with pytest.raises(ValueError, match="'both'"):
        select_half(cases, "both")


def test_no_hatecheck_section_without_a_hatecheck_run() -> None:
    from slant.bench.accuracy import AccuracyResult

    assert AccuracyResult().hatecheck_markdown() == ""


def _hc(cases: int) -> dict[str, Any]:
    return {"cases": cases, "accuracy": 0.5, "recall_hateful": 0.5, "false_positive_rate": 0.5, "per_functionality": {}}


# Session 7: the hate head may learn one half of HateCheck's templates; its other half stays the held-out figure.
# run -> the evaluation-set labels of its rows
HATECHECK_PARTS: list[tuple[dict[str, Any], list[str]]] = [
    (_hc(10), ["HateCheck (10 cases, never trained on)"]),
    ({**_hc(10), "halves": {"even": _hc(6), "odd": _hc(4)}, "seen": ""}, ["HateCheck (10 cases, never trained on)"]),
    (
        {**_hc(10), "halves": {"even": _hc(6), "odd": _hc(4)}, "seen": "even", "seen_as": "tuned on"},
        ["HateCheck even templates (6 cases, tuned on)", "HateCheck odd templates (4 cases, held out)"],
    ),
    (
        {**_hc(10), "halves": {"even": _hc(6), "odd": _hc(4)}, "seen": "even", "seen_as": "trained on"},
        ["HateCheck even templates (6 cases, trained on)", "HateCheck odd templates (4 cases, held out)"],
    ),
    (
        {**_hc(10), "halves": {"even": _hc(6), "odd": _hc(4)}, "seen": "odd", "seen_as": "trained on"},
        ["HateCheck even templates (6 cases, held out)", "HateCheck odd templates (4 cases, trained on)"],
    ),
    (
        {**_hc(10), "halves": {"even": _hc(6), "odd": _hc(4)}, "seen": "all", "seen_as": "trained on"},
        ["HateCheck (10 cases, trained on)"],
    ),
]


@pytest.mark.parametrize(("run", "labels"), HATECHECK_PARTS)
def test_hatecheck_rows_say_which_half_was_seen(run: dict[str, Any], labels: list[str]) -> None:
    from slant.bench.accuracy import hatecheck_parts

    assert [label for _, label, _ in hatecheck_parts("detector", run)] == labels


def _member(hate: float, rows: dict[str, int], templates: str = "") -> dict[str, Any]:
    return {
        "weights": {"bias": 1.0, "hate": hate},
        "data": rows,
        **({"hatecheck_templates": templates} if templates else {}),
    }


# model card -> the HateCheck templates its hate head learned ("" for none)
HATECHECK_TRAINING: list[tuple[dict[str, Any], str]] = [
    ({}, ""),
    ({"data": {"rows": {"isca": 10}}}, ""),
    ({"data": {"rows": {"isca": 10, "hatecheck": 5}, "hatecheck_templates": "even"}}, "even"),
    ({"data": {"rows": {"isca": 10, "hatecheck": 5}}}, "all"),
    ({"members": [_member(1, {"isca": 10}), _member(1, {"isca": 10})]}, ""),
    ({"members": [_member(1, {"isca": 10}), _member(0, {"hatecheck": 5}, "even")]}, ""),  # no say on the hate head
    ({"members": [_member(1, {"isca": 10}), _member(1, {"hatecheck": 5}, "even")]}, "even"),
    ({"members": [_member(1, {"hatecheck": 5}, "odd"), _member(1, {"hatecheck": 5}, "even")]}, "all"),
    ({"members": [_member(1, {"hatecheck": 5})]}, "all"),
]


@pytest.mark.parametrize(("card", "templates"), HATECHECK_TRAINING)
def test_hatecheck_training_read_from_the_card(card: dict[str, Any], templates: str) -> None:
    from slant.bench.language import hatecheck_training

    assert hatecheck_training(card) == templates
