"""``slant bench realnews``: wiring over a tiny invented set, scored by the real-news scorer of ../shared."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from slant.bench.realnews import run_realnews
from slant.errors import ConfigError

PAGES = {
    "t1-harbour-levy__ledger__1.txt": (
        "Marten backs the harbour levy\n\n"
        "Councillor Bea Marten said on Monday that the harbour levy would \u201cpay for itself within five years\u201d. "
        "Her rival Osric Dallow attacked the plan."
    ),
    "t2-tram-vote__courier__1.txt": (
        "Dallow loses the tram vote\n\n"
        "Osric Dallow lost the tram vote on Tuesday. \u201cWe will try again in spring,\u201d Dallow said."
    ),
}
EXPECT = [
    {
        "file": "t1-harbour-levy__ledger__1.txt",
        "story": "t1-harbour-levy",
        "genre": "news",
        "actors": [
            {"name": "Bea Marten", "kind": "person", "main": True, "forms": ["Councillor Bea Marten", "Marten"]},
            {"name": "Osric Dallow", "kind": "person", "main": True, "forms": ["Osric Dallow"]},
        ],
        "quotes": [{"speaker": "Bea Marten", "cue": "pay for itself within five", "direct": True}],
    },
    {
        "file": "t2-tram-vote__courier__1.txt",
        "story": "t2-tram-vote",
        "genre": "news",
        "actors": [{"name": "Osric Dallow", "kind": "person", "main": True, "forms": ["Osric Dallow", "Dallow"]}],
        "quotes": [{"speaker": "Osric Dallow", "cue": "We will try again in", "direct": True}],
    },
]


def _texts(tmp_path: Path) -> Path:
    """The invented pages written into a texts folder."""
    texts = tmp_path / "texts"
    texts.mkdir()
    for name, text in PAGES.items():
        (texts / name).write_text(text, encoding="utf-8")
    return texts


@pytest.mark.slow
def test_scores_the_development_part_and_the_story_aside(shared_dir: Path, tmp_path: Path) -> None:
    texts = _texts(tmp_path)
    expect = tmp_path / "expect.jsonl"
    expect.write_text("".join(json.dumps(e) + "\n" for e in EXPECT), encoding="utf-8")
    result = run_realnews(
        texts, expect=expect, scorer=shared_dir / "tools" / "realnews_score.py", aside="t2-tram-vote", on_line=str
    )
    assert set(result.parts) == {"development", "aside", "all"}
    assert result.parts["aside"]["counts"]["articles"]["ALL"] == 1
    assert result.parts["development"]["counts"]["articles"]["ALL"] == 1
    recall = result.parts["all"]["figures"]["actor recall"]["ALL"]
    assert recall["den"] == 3 and recall["num"] == 3  # both people in the first page, Dallow in the second
    table = result.markdown()
    assert "| actor recall | 1.00 (2/2) | 1.00 (1/1) | 1.00 (3/3) |" in table
    assert "kept aside: `t2-tram-vote`" in table


def test_missing_set_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="--expect"):
        run_realnews(tmp_path, expect=tmp_path / "nope.jsonl", scorer=tmp_path / "nope.py")


def test_a_folder_of_labelled_pages_leaves_second_readings_out(tmp_path: Path) -> None:
    from slant.bench.realnews import read_expectations

    (tmp_path / "b1.jsonl").write_text(json.dumps({**EXPECT[0], "batch": "b1"}) + "\n", encoding="utf-8")
    (tmp_path / "b2.jsonl").write_text(json.dumps({**EXPECT[1], "batch": "b2"}) + "\n\n", encoding="utf-8")
    (tmp_path / "x1.jsonl").write_text(json.dumps({**EXPECT[0], "batch": "x1"}) + "\n", encoding="utf-8")
    assert [r["file"] for r in read_expectations(tmp_path)] == [EXPECT[0]["file"], EXPECT[1]["file"]]


@pytest.mark.slow
def test_labelled_pages_keep_aside_the_stories_a_prefix_names(shared_dir: Path, tmp_path: Path) -> None:
    texts = _texts(tmp_path)
    pages = tmp_path / "pages"
    pages.mkdir()
    (pages / "b1.jsonl").write_text("".join(json.dumps(e) + "\n" for e in EXPECT), encoding="utf-8")
    result = run_realnews(
        texts, expect=pages, scorer=shared_dir / "tools" / "realnews_score.py", aside="t2-", on_line=str
    )
    assert result.parts["aside"]["counts"]["articles"]["ALL"] == 1
    assert result.section == "realnews-train"
    out = tmp_path / "bench.md"
    out.write_text("# Benchmarks\n", encoding="utf-8")
    result.write(out)
    assert "realnews-train-fast" in out.read_text(encoding="utf-8")


def test_ranking_figures_count_main_actors_listed_first() -> None:
    from slant.bench.realnews import ranking_figures

    rows = [
        {
            "file": "t1__herald__1.txt",
            "actors": [
                {"name": "Ada Quill", "main": True, "forms": ["Quill"]},
                {"name": "Tom Reyes", "main": True},
                {"name": "Nell Abara", "main": False},
                {"name": "Not Found", "main": True},
            ],
        },
        {"file": "t1__courier__2.txt", "actors": [{"name": "Ada Quill", "main": True}]},  # no output
    ]

    def actor(name: str, mentions: int) -> dict[str, object]:
        return {"name": name, "aliases": [], "mentions": [{"start": 0, "end": 1, "text": "x"}] * mentions}

    output = {
        "source": "texts/t1__herald__1.txt",
        # slant's order (by salience): Quill, Abara, Reyes; by mentions: Abara, Reyes, Quill
        "actors": [actor("Quill", 1), actor("Nell Abara", 9), actor("Tom Reyes", 5)],
    }
    got = ranking_figures(rows, [json.dumps(output)])
    assert got["main actors listed first"]["ALL"] == {"num": 1, "den": 2, "value": 0.5}
    assert got["main actors listed first by mentions"]["ALL"]["num"] == 1
