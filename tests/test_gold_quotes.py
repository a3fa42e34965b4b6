"""The accuracy gate of the quote analyser on the hand-annotated gold set.

The floors live in ``resources/gold/floors.toml`` (section ``[quotes]``), pinned a little under the
measured figures; the issue's bar (quote F1 and speaker accuracy >= 0.90) is the lowest they may go.
They must never be lowered silently: a change that needs a lower floor says so in CHANGELOG.md.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from slant.bench.accuracy import floors
from slant.bench.gold_quotes import default_gold_path, holdout_path, overlap, score_quotes

FLOORS = floors()["quotes"]
KINDS = {"direct", "indirect", "mixed"}
#: Every layout the issue names; each must be covered by at least two gold articles.
LAYOUTS = {
    *("straight_double", "curly_double", "single_curly", "single_straight", "guillemets", "apostrophes"),
    *("multi_sentence", "multi_paragraph", "interrupted", "speaker_before", "speaker_after"),
    *("said_inverted", "told_outlet", "speaking_to", "adding", "pronoun_speaker", "indirect_that"),
    *("indirect_told_that", "indirect_verbs", "indirect_no_that", "according_to", "continuation", "mixed"),
    *("scare_quotes", "titles", "nickname", "unnamed_speaker", "no_quote", "short_fragment", "question"),
}


def _records(path: Any) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def test_floors_are_not_below_the_issue_bar() -> None:
    assert FLOORS["quote_f1"] >= 0.90
    assert FLOORS["speaker_accuracy"] >= 0.90


@pytest.fixture(scope="module")
def result() -> dict[str, Any]:
    return score_quotes()


def test_quote_f1_floor(result: dict[str, Any]) -> None:
    assert result["quote_f1"] >= FLOORS["quote_f1"], result["errors"]


def test_speaker_accuracy_floor(result: dict[str, Any]) -> None:
    assert result["speaker_accuracy"] >= FLOORS["speaker_accuracy"], result["errors"]


def test_no_quote_articles_stay_empty(result: dict[str, Any]) -> None:
    assert result["layout_false_positives"]["no_quote"] == 0


@pytest.mark.parametrize("path", [default_gold_path(), holdout_path()], ids=["gold", "holdout"])
def test_gold_set_shape(path: Any) -> None:
    records = _records(path)
    assert len({r["id"] for r in records}) == len(records)
    for r in records:
        text = r["text"]
        assert 120 <= len(text.split()) <= 400, r["id"]
        assert set(r["layouts"]) <= LAYOUTS, r["id"]
        ends = -1
        for q in r["quotes"]:
            assert text[q["start"] : q["end"]] == q["text"], (r["id"], q)
            assert q["kind"] in KINDS, (r["id"], q)
            assert q["start"] >= ends, (r["id"], "quotes overlap or are out of order")
            ends = q["end"]
        if "no_quote" in r["layouts"]:
            assert r["quotes"] == [], r["id"]


def test_gold_set_covers_every_layout_twice() -> None:
    records = _records(default_gold_path())
    assert len(records) >= 25
    for layout in LAYOUTS:
        assert sum(layout in r["layouts"] for r in records) >= 2, layout


def test_holdout_is_separate() -> None:
    gold = {r["text"] for r in _records(default_gold_path())}
    holdout = _records(holdout_path())
    assert len(holdout) >= 6
    assert not gold & {r["text"] for r in holdout}


def test_overlap_rule() -> None:
    assert overlap((0, 10), (0, 10)) == 1.0
    assert overlap((0, 10), (5, 10)) == 0.5
    assert overlap((0, 10), (10, 20)) == 0.0
