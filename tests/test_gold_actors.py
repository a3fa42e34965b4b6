"""The accuracy gate of the actor analyser on the hand-annotated gold set.

Measured (30 articles, 192 actors, 117 pronoun links): alias P/R/F1 0.989/0.989/0.989, type accuracy
0.984, pronoun accuracy 0.974. The floors live in ``resources/gold/floors.toml``, pinned a little under
those figures. They must never be lowered silently: a change that needs a lower floor says so, with the
new figures, in CHANGELOG.md.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from slant.bench.accuracy import floors
from slant.bench.gold_actors import alias_key, default_gold_path, name_key, score_actors

FLOORS = floors()["actors"]
ALIAS_F1_FLOOR = FLOORS["alias_f1"]
TYPE_ACCURACY_FLOOR = FLOORS["type_accuracy"]
PRONOUN_ACCURACY_FLOOR = FLOORS["pronoun_accuracy"]


def test_floors_are_not_lowered_below_the_issue_bar() -> None:
    # Issue 2 sets alias-resolution F1 >= 0.90 as the bar; the pinned floor may only rise above it.
    assert ALIAS_F1_FLOOR >= 0.90


@pytest.fixture(scope="module")
def result() -> dict[str, Any]:
    return score_actors()


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    lines = default_gold_path().read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_alias_f1_floor(result: dict[str, Any]) -> None:
    assert result["alias_f1"] >= ALIAS_F1_FLOOR, result["errors"]


def test_type_accuracy_floor(result: dict[str, Any]) -> None:
    assert result["type_accuracy"] >= TYPE_ACCURACY_FLOOR, result["errors"]


def test_pronoun_accuracy_floor(result: dict[str, Any]) -> None:
    assert result["pronoun_accuracy"] >= PRONOUN_ACCURACY_FLOOR, result["errors"]


def test_gold_set_shape(records: list[dict[str, Any]]) -> None:
    assert len(records) >= 24
    assert len({r["id"] for r in records}) == len(records)
    kinds = {a["kind"] for r in records for a in r["actors"]}
    assert kinds == {"person", "org", "party", "place", "group"}
    for r in records:
        text = r["text"]
        assert 80 <= len(text.split()) <= 250, r["id"]
        names = {a["name"] for a in r["actors"]}
        for a in r["actors"]:
            assert a["aliases"], (r["id"], a["name"])
            for alias in a["aliases"]:
                assert alias in text, (r["id"], alias)
        for p in r.get("pronouns", []):
            assert text[p["start"] : p["start"] + len(p["text"])] == p["text"], (r["id"], p)
            assert p["actor"] in names, (r["id"], p)


@pytest.mark.parametrize(
    ("a", "b"),
    [("Lord Harcastle", "Harcastle"), ("the Labour Party", "labour party"), ("Ms Ali", "ali")],
)
def test_name_key_ignores_titles_case_and_the(a: str, b: str) -> None:
    assert name_key(a) == name_key(b)


def test_alias_key_keeps_titles_but_not_case_or_apostrophe_style() -> None:
    assert alias_key("Ms Ali") != alias_key("Ali")
    assert alias_key("Greens’") == alias_key("greens'")
