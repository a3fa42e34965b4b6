"""The CI gate of the hate/trope detector on the minimal-pairs gold set, and tests of its scorer.

The floors live in ``resources/gold/floors.toml`` (section ``[minimal_pairs]``): the issue-4 bar, recall
>= 0.85 on the coded sides and a false-positive rate <= 0.03 on the legit sides (a ``hate`` flag in the
author's or a quoted voice). They must never be loosened silently. The hold-out file is checked for shape
only: its figures are reported by ``slant bench accuracy``, never enforced.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

import pytest

from slant.bench.accuracy import AccuracyRow, floors, gold_path
from slant.bench.gold_pairs import (
    GROUP_SYNONYMS,
    LEGIT_KINDS,
    default_gold_path,
    holdout_path,
    load_pairs,
    same_group,
    score_pairs,
)
from slant.models import Flag

FLOORS = floors()["minimal_pairs"]


def _errors(result: dict[str, Any]) -> str:
    return "\n".join(f"{pid}: {e}" for pid, errs in result["errors"].items() for e in errs)


# --- the gate ---------------------------------------------------------------------------------------


def test_floors_are_the_issue_bar() -> None:
    assert FLOORS["recall"] >= 0.85
    assert FLOORS["false_positive_rate_max"] <= 0.03


@pytest.fixture(scope="module")
def result() -> dict[str, Any]:
    return score_pairs()


def test_recall_floor(result: dict[str, Any]) -> None:
    assert result["recall"] >= FLOORS["recall"], (
        f"recall {result['recall']:.3f} < {FLOORS['recall']}\n{_errors(result)}"
    )


def test_false_positive_ceiling(result: dict[str, Any]) -> None:
    assert result["false_positive_rate"] <= FLOORS["false_positive_rate_max"], (
        f"false-positive rate {result['false_positive_rate']:.3f} > {FLOORS['false_positive_rate_max']}\n"
        f"{_errors(result)}"
    )


# --- the gold files ---------------------------------------------------------------------------------


BLIND = [gold_path(f"minimal_pairs-blind{n}.jsonl") for n in (2, 3, 4, 5)]


@pytest.mark.parametrize(
    "path",
    [default_gold_path(), holdout_path(), *BLIND],
    ids=["gold", "holdout", "blind2", "blind3", "blind4", "blind5"],
)
def test_gold_file_is_well_formed(path: Path) -> None:
    pairs = load_pairs(path)
    assert len({p["id"] for p in pairs}) == len(pairs), "duplicate ids"
    for p in pairs:
        assert set(p) >= {"id", "phrase", "group", "coded", "legit", "note"}, p["id"]
        assert p["group"] in GROUP_SYNONYMS, (p["id"], p["group"])
        assert p["coded"]["voice"] in ("author", "quoted"), p["id"]
        assert p["legit"]["kind"] in LEGIT_KINDS, p["id"]
        coded, legit = p["coded"]["text"].strip(), p["legit"]["text"].strip()
        assert coded and legit and coded != legit, p["id"]
        phrase = p["phrase"].casefold()
        assert phrase in coded.casefold() and phrase in legit.casefold(), (p["id"], "phrase missing from a side")
        assert p["note"].strip(), p["id"]


def test_gold_set_coverage() -> None:
    pairs = load_pairs(default_gold_path())
    assert len(pairs) >= 60
    assert len({p["group"] for p in pairs}) >= 8
    kinds = [p["legit"]["kind"] for p in pairs]
    assert kinds.count("criticism") >= 10, "too few legit sides that sharply criticise politicians or governments"
    assert kinds.count("discussed") >= 6, "too few legit sides that discuss or condemn a trope"
    assert sum(p["coded"]["voice"] == "quoted" for p in pairs) >= 3, "too few tropes inside a quote"


def test_holdout_is_separate() -> None:
    gold, holdout = load_pairs(default_gold_path()), load_pairs(holdout_path())
    assert len(holdout) >= 20
    assert not {p["id"] for p in gold} & {p["id"] for p in holdout}
    texts = {t for p in gold for t in (p["coded"]["text"], p["legit"]["text"])}
    assert not texts & {t for p in holdout for t in (p["coded"]["text"], p["legit"]["text"])}
    assert not {p["phrase"].casefold() for p in gold} & {p["phrase"].casefold() for p in holdout}


@pytest.mark.parametrize("path", BLIND, ids=["blind2", "blind3", "blind4", "blind5"])
def test_blind_sets_are_separate_and_cover_every_group(path: Path) -> None:
    """Issue 4: the blind sets share no id or text with the others and cover the nine groups."""
    pairs = load_pairs(path)
    others = [p for q in [default_gold_path(), holdout_path(), *BLIND] if q != path for p in load_pairs(q)]
    assert len(pairs) >= 40 and len({p["group"] for p in pairs}) >= 9
    assert not {p["id"] for p in pairs} & {p["id"] for p in others}
    texts = {t for p in others for t in (p["coded"]["text"], p["legit"]["text"])}
    assert not texts & {t for p in pairs for t in (p["coded"]["text"], p["legit"]["text"])}


# --- the scorer, with a fake analysis -----------------------------------------------------------------


Voice = Literal["author", "quoted", "discussed"]


def _flag(kind: str = "hate", voice: Voice = "author", group: str | None = "Jews") -> Flag:
    return Flag(kind=kind, code="T", label="t", start=0, end=1, text="x", voice=voice, target_group=group)


def _pair(pid: str, group: str = "Jews", voice: str = "author", kind: str = "neutral") -> dict[str, Any]:
    return {
        "id": pid,
        "phrase": "p",
        "group": group,
        "coded": {"text": f"{pid} coded p", "voice": voice},
        "legit": {"text": f"{pid} legit p", "kind": kind},
        "note": "",
    }


def _write(tmp_path: Path, pairs: Sequence[dict[str, Any]]) -> Path:
    path = tmp_path / "pairs.jsonl"
    path.write_text("".join(json.dumps(p) + "\n" for p in pairs), encoding="utf-8")
    return path


def _fake(table: dict[str, list[Flag]]) -> Any:
    def analyse(texts: Sequence[str]) -> list[list[Flag]]:
        return [table.get(t, []) for t in texts]

    return analyse


def test_scorer_arithmetic(tmp_path: Path) -> None:
    pairs = [
        _pair("a"),  # found, right group, legit clean
        _pair("b", group="Muslims", voice="quoted"),  # found in the quoted voice, wrong group
        _pair("c", group="Muslims"),  # found only in the wrong voice: a miss
        _pair("d", group="women", kind="discussed"),  # missed; legit side flagged 'discussed': fine
        _pair("e", group="women", kind="criticism"),  # legit side flagged in the author's voice: FP
    ]
    table = {
        "a coded p": [_flag(kind="loaded"), _flag(group="Jewish people")],
        "b coded p": [_flag(voice="quoted", group="migrants")],
        "c coded p": [_flag(voice="quoted", group="Muslims")],
        "d legit p": [_flag(voice="discussed", group="women")],
        "e coded p": [_flag(group="Women")],
        "e legit p": [_flag(group="women"), _flag(kind="contested")],
        "a legit p": [_flag(kind="contested")],
    }
    r = score_pairs(_write(tmp_path, pairs), analyse=_fake(table))
    assert r["pairs"] == 5
    assert r["recall"] == pytest.approx(3 / 5)  # a, b, e
    assert r["false_positive_rate"] == pytest.approx(1 / 5)  # e
    assert r["group_accuracy"] == pytest.approx(2 / 3)  # a, e right; b wrong
    assert r["per_group_recall"] == {"Jews": 1.0, "Muslims": 0.5, "women": 0.5}
    assert r["per_group_false_positive_rate"] == {"Jews": 0.0, "Muslims": 0.0, "women": 0.5}
    assert r["recall_by_voice"] == {"author": pytest.approx(2 / 4), "quoted": 1.0}
    assert r["false_positive_rate_by_legit_kind"] == {"criticism": 1.0, "discussed": 0.0, "neutral": 0.0}
    assert set(r["errors"]) == {"b", "c", "d", "e"}
    assert any("wrong group" in e for e in r["errors"]["b"])
    assert any("no hate flag in the author voice" in e and "voice=quoted" in e for e in r["errors"]["c"])
    assert any(e.startswith("legit (criticism)") for e in r["errors"]["e"])


def test_scorer_counts_the_review_queue_apart(tmp_path: Path) -> None:
    """Issue 4: review flags (accurate mode's classifier queue) count only in the ``*_with_review`` figures."""
    pairs = [_pair("a"), _pair("b", voice="quoted"), _pair("c", kind="criticism")]
    table = {
        "a coded p": [_flag(kind="review")],  # queued, not a rule verdict
        "b coded p": [_flag(kind="review", voice="author")],  # queued in the wrong voice
        "c coded p": [_flag()],
        "c legit p": [_flag(kind="review")],  # a legit text queued
        "a legit p": [_flag(kind="review", voice="discussed")],  # reported hate: not a false positive
    }
    r = score_pairs(_write(tmp_path, pairs), analyse=_fake(table))
    assert (r["recall"], r["false_positive_rate"]) == (pytest.approx(1 / 3), 0.0)
    assert r["recall_with_review"] == pytest.approx(2 / 3)  # a, c
    assert r["false_positive_rate_with_review"] == pytest.approx(1 / 3)  # c


def test_scorer_perfect_and_empty_detector(tmp_path: Path) -> None:
    pairs = [_pair("a"), _pair("b", group="Roma", voice="quoted")]
    path = _write(tmp_path, pairs)
    perfect = {"a coded p": [_flag()], "b coded p": [_flag(voice="quoted", group="Gypsies and Travellers")]}
    r = score_pairs(path, analyse=_fake(perfect))
    assert (r["recall"], r["false_positive_rate"], r["group_accuracy"], r["errors"]) == (1.0, 0.0, 1.0, {})
    r = score_pairs(path, analyse=_fake({}))
    assert (r["recall"], r["false_positive_rate"], r["group_accuracy"]) == (0.0, 0.0, 0.0)
    assert set(r["errors"]) == {"a", "b"}


def test_scorer_checks_the_analysis_length(tmp_path: Path) -> None:
    path = _write(tmp_path, [_pair("a")])
    with pytest.raises(ValueError, match="2 texts"):
        score_pairs(path, analyse=lambda texts: [[]])


def test_analysis_sees_every_text_once_in_order(tmp_path: Path) -> None:
    seen: list[str] = []

    def analyse(texts: Sequence[str]) -> list[list[Flag]]:
        seen.extend(texts)
        return [[] for _ in texts]

    score_pairs(_write(tmp_path, [_pair("a"), _pair("b")]), analyse=analyse)
    assert seen == ["a coded p", "a legit p", "b coded p", "b legit p"]


@pytest.mark.parametrize(
    ("predicted", "gold", "ok"),
    [
        ("Jews", "Jews", True),
        ("Jewish people", "Jews", True),
        ("the Jewish community", "Jews", True),
        ("JEWS", "Jews", True),
        ("refugees", "migrants", True),
        ("asylum seekers", "migrants", True),
        ("LGBTQ+", "LGBT people", True),
        ("trans people", "LGBT people", True),
        ("Gypsies", "Roma", True),
        ("Chinese people", "Asian people", True),
        ("people with disabilities", "disabled people", True),
        ("Black Britons", "Black people", True),
        ("Muslims", "Jews", False),
        ("politicians", "Jews", False),
        (None, "Jews", False),
        ("", "women", False),
        ("Sikhs", "Sikhs", True),  # unknown to the map: compared as written
    ],
)
def test_same_group(predicted: str | None, gold: str, ok: bool) -> None:
    assert same_group(predicted, gold) is ok


def test_accuracy_row_with_a_ceiling() -> None:
    assert AccuracyRow("t", "d", "false_positive_rate", 0.02, 0.03, maximum=True).ok
    assert not AccuracyRow("t", "d", "false_positive_rate", 0.05, 0.03, maximum=True).ok
    assert AccuracyRow("t", "d", "recall", 0.9, 0.85).ok
