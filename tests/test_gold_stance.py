"""The accuracy gate of the stance analyser on the hand-written gold set (``resources/gold/stance.jsonl``).

The floors live in ``resources/gold/floors.toml`` (``[stance]``), pinned a little under the measured
figures; never lower one silently (say why in CHANGELOG.md, with the old and new figures).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from slant.bench.accuracy import floors
from slant.bench.gold_stance import default_gold_path, score_stance

FLOORS = floors()["stance"]


@pytest.fixture(scope="module")
def result() -> dict[str, Any]:
    return score_stance()


@pytest.fixture(scope="module")
def records() -> list[dict[str, Any]]:
    lines = default_gold_path().read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


@pytest.mark.parametrize("metric", ["author_accuracy", "author_f1m", "speaker_accuracy"])
def test_floor(result: dict[str, Any], metric: str) -> None:
    assert result[metric] >= FLOORS[metric], result["errors"]


@pytest.fixture(scope="module")
def accurate() -> dict[str, Any]:
    pytest.importorskip("onnxruntime")
    from slant.errors import ModelError

    try:
        return score_stance(mode="accurate")
    except ModelError as exc:
        pytest.skip(f"the trained target-sentiment model is not packaged ({exc})")


@pytest.mark.parametrize("metric", ["author_accuracy", "author_f1m"])
def test_accurate_floor(accurate: dict[str, Any], metric: str) -> None:
    assert accurate[metric] >= FLOORS[f"accurate_{metric}"], accurate["errors"]


def test_gold_set_shape(records: list[dict[str, Any]]) -> None:
    assert len(records) >= 20
    assert len({r["id"] for r in records}) == len(records)
    polarities = {s["polarity"] for r in records for s in r["stances"]}
    assert polarities == {"positive", "negative", "neutral"}
    assert sum(1 for r in records for s in r["stances"] if s["holder"] != "author") >= 4
    for r in records:
        assert 1 <= sum(1 for s in r["stances"] if s["holder"] == "author") <= 3, r["id"]
        for s in r["stances"]:
            assert s["target"] in r["text"], (r["id"], s)
            assert s["holder"] == "author" or s["holder"] in r["text"], (r["id"], s)
