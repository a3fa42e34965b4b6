"""The classifier half of the hate detector (``slant.hate-model.v5``, accurate mode; issue 4): review flags.

The rules around the classifier are tested with given probabilities, so these tests need no model.
"""

from __future__ import annotations

import pytest

from slant.analyze.models._hate import HATE_THRESHOLD, group_in, model_flags, review_candidates
from slant.models import Flag, Quote


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("Those Muslims are all the same.", "Muslims"),
        ("The migrants arrived on Tuesday.", "Migrants and refugees"),
        ("Jewish bankers, he wrote, run everything.", "Jews"),
        ("The council approved the budget.", None),
        ("The minister is a disgrace.", None),
        # Issue 4: a colour is not a group; the adjective names Black people only on a noun for people.
        ("The black car was parked outside the Black Cat pub.", None),
        ("Black families in the town were the first to be evicted.", "Black people"),
        ("He said black voters had been ignored.", "Black people"),
    ],
)
def test_group_in(text: str, group: str | None) -> None:
    g = group_in(text)
    assert (g.name if g else None) == group


def _probs(text: str, p: float) -> list[tuple[int, int, dict[str, float]]]:
    return [(0, len(text), {"hate": p, "bias": 0.5})]


def test_sure_sentence_naming_a_group_is_flagged() -> None:
    text = "Those Muslims are all the same and cannot be trusted."
    (flag,) = model_flags(text, _probs(text, 0.97), [], [])
    assert flag.kind == "review" and flag.code == "HATE-MODEL" and flag.voice == "author"
    assert flag.target_group == "Muslims" and flag.text == text
    assert "judge it by hand" in (flag.explanation or "") and 0 < flag.confidence < 0.97


@pytest.mark.parametrize(
    ("text", "p"),
    [
        ("Those Muslims are all the same and cannot be trusted.", HATE_THRESHOLD - 0.01),  # not sure enough
        ("The minister is a liar and a coward who cannot be trusted.", 0.99),  # no group: a person
        ("Labour has betrayed its voters and cannot be trusted.", 0.99),  # a party is not a protected group
    ],
)
def test_nothing_below_threshold_or_without_a_group(text: str, p: float) -> None:
    assert model_flags(text, _probs(text, p), [], []) == []


def test_rule_flag_already_there_wins() -> None:
    text = "Those Muslims are all the same and cannot be trusted."
    rule = Flag(kind="hate", code="MU-X", label="x", start=6, end=13, text=text[6:13], target_group="Muslims")
    assert model_flags(text, _probs(text, 0.99), [rule], []) == []


def test_voice_quoted_and_discussed() -> None:
    text = '"Those Muslims are all the same," the leaflet said.'
    (flag,) = model_flags(text, _probs(text, 0.99), [], [Quote(text=text[1:33], start=0, end=34, kind="direct")])
    assert flag.voice == "quoted"
    text = "She condemned the smear that Muslims are all the same."
    (flag,) = model_flags(text, _probs(text, 0.99), [], [])
    assert flag.voice == "discussed"


def _sentences(text: str) -> list[tuple[int, int]]:
    out, start = [], 0
    for i, ch in enumerate(text):
        if ch in ".?!":
            out.append((start, i + 1))
            start = i + 2
    return out


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # the group named, then referred back to: both sentences are scored, the second as an allusion
        (
            "Migrants are pouring in. They arrive with nothing.",
            [("Migrants and refugees", False), ("Migrants and refugees", True)],
        ),
        # a back-reference with no group named before: nothing to score
        ("The council met on Monday. They approved the budget.", []),
        # a new paragraph forgets the group
        ("Migrants are pouring in.\nThey approved the budget.", [("Migrants and refugees", False)]),
        # a sentence after the group that does not refer back is not scored
        ("Muslims pray on Friday. The council approved the budget.", [("Muslims", False)]),
        # "they" reaches two sentences back, not three
        (
            "Muslims pray on Friday. The hall opens at noon. They bring food.",
            [("Muslims", False), ("Muslims", True)],
        ),
        ("Muslims pray on Friday. The hall opens at noon. Doors shut at one. They bring food.", [("Muslims", False)]),
    ],
)
def test_review_candidates(text: str, expected: list[tuple[str, bool]]) -> None:
    """Issue 4: the review queue also scores sentences that refer back to a group named just before."""
    found = review_candidates(text, _sentences(text))
    assert [(g.name, back) for _, _, g, back in found] == expected
    assert all(0 <= s < e <= len(text) for s, e, _, _ in found)


def test_alluded_sentence_is_flagged_for_its_group() -> None:
    text = "Migrants are pouring in. They breed like rats and live off our taxes."
    (_, _), (start, end) = _sentences(text)
    group = review_candidates(text, _sentences(text))[1][2]
    (flag,) = model_flags(text, [(start, end, {"hate": 0.95})], [], [], {start: group})
    assert flag.target_group == "Migrants and refugees" and flag.text == text[start:end]
    assert "refers back to migrants and refugees" in (flag.explanation or "")
