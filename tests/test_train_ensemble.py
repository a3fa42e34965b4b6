"""Combining separately trained sentence models into the shipped ensemble (issue 4), without torch."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from slant.nlp._onnx import CARD_FILE, TOKENIZER_FILE
from slant.train.ensemble import combine, ensemble_cv, member_file, parse_weights


def _oof(folder: Path, fold: int, rows: list[tuple[str, int, list[float]]]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    data = [{"dataset": d, "label": y, "logits": lg} for d, y, lg in rows]
    (folder / f"fold{fold}.json").write_text(json.dumps(data), encoding="utf-8")


def _member(folder: Path, seed: int, normalise: str, weights: bytes, data: dict[str, object] | None = None) -> Path:
    folder.mkdir(parents=True)
    (folder / "model.int8.onnx").write_bytes(weights)
    (folder / TOKENIZER_FILE).write_text('{"tok": 1}', encoding="utf-8")
    (folder / "NOTICE").write_text("slant sentence model\n", encoding="utf-8")
    card = {
        "name": "slant sentence model",
        "tasks": ["bias", "hate"],
        "max_length": 128,
        "base_model": {"name": "minilm"},
        "normalise": normalise,
        "hyperparameters": {"seed": seed},
        "cross_validation": {"folds": 1, "babe_f1m": 0.5, "per_fold": [{"fold": 0}]},
        **({"data": data} if data else {}),
    }
    (folder / CARD_FILE).write_text(json.dumps(card), encoding="utf-8")
    return folder


# Two BABE rows (gold 1, 0) and two ISCA rows (gold 1, 0); logits [bias0, bias1, hate0, hate1].
# Member A gets the first BABE row wrong and ISCA right; member B is confidently right on BABE and
# wrong on the first ISCA row by a small margin, so the mean of the logits gets all four right.
A_ROWS = [
    ("babe", 1, [1.0, 0.0, 0, 0]),
    ("babe", 0, [1.0, 0.0, 0, 0]),
    ("isca", 1, [0, 0, 0.0, 3.0]),
    ("isca", 0, [0, 0, 2.0, 0.0]),
]
B_ROWS = [
    ("babe", 1, [0.0, 3.0, 0, 0]),
    ("babe", 0, [2.0, 0.0, 0, 0]),
    ("isca", 1, [0, 0, 1.0, 0.0]),
    ("isca", 0, [0, 0, 2.0, 0.0]),
]


def test_ensemble_cv_scores_the_mean_of_the_members_logits(tmp_path: Path) -> None:
    _oof(tmp_path / "a", 0, A_ROWS)
    _oof(tmp_path / "b", 0, B_ROWS)
    (alone_a,) = ensemble_cv([tmp_path / "a", tmp_path / "a"], 1)
    (both,) = ensemble_cv([tmp_path / "a", tmp_path / "b"], 1)
    assert alone_a["babe"]["accuracy"] == 0.5 and alone_a["isca"]["f1_pos"] == 1.0
    assert both["babe"]["f1m"] == 1.0 and both["isca"]["f1_pos"] == 1.0 and both["fold"] == 0


def test_members_must_hold_out_the_same_rows(tmp_path: Path) -> None:
    _oof(tmp_path / "a", 0, A_ROWS)
    _oof(tmp_path / "b", 0, B_ROWS[::-1])
    with pytest.raises(SystemExit, match="same data, --folds and --fold-seed"):
        ensemble_cv([tmp_path / "a", tmp_path / "b"], 1)
    with pytest.raises(SystemExit, match=r"fold1\.json is missing"):
        ensemble_cv([tmp_path / "a", tmp_path / "a"], 2)


def test_a_dataset_only_one_member_held_out_is_left_out(tmp_path: Path) -> None:
    """Issue 4: a member trained on an extra set (slant's op-ed rows) joins members that never saw it."""
    _oof(tmp_path / "a", 0, A_ROWS)
    _oof(tmp_path / "c", 0, [*B_ROWS[:2], ("oped", 1, [0, 0, 0.0, 1.0]), *B_ROWS[2:]])
    (both,) = ensemble_cv([tmp_path / "a", tmp_path / "c"], 1)
    assert set(both) == {"fold", "babe", "isca"} and both["babe"]["f1m"] == 1.0


def test_member_weights_count_per_task(tmp_path: Path) -> None:
    """Issue 4: with member B weighted 0 on the hate head, ISCA is scored on A alone and BABE on both."""
    _oof(tmp_path / "a", 0, A_ROWS)
    _oof(tmp_path / "b", 0, B_ROWS)
    (fold,) = ensemble_cv([tmp_path / "a", tmp_path / "b"], 1, [{}, {"hate": 0}])
    assert fold["babe"]["f1m"] == 1.0 and fold["isca"]["f1_pos"] == 1.0
    (fold,) = ensemble_cv([tmp_path / "a", tmp_path / "b"], 1, [{"hate": 0}, {}])
    assert fold["isca"]["f1_pos"] == 0.0  # B alone misses the hateful ISCA row
    with pytest.raises(SystemExit, match="weight >= 0"):
        ensemble_cv([tmp_path / "a", tmp_path / "b"], 1, [{"sarcasm": 1}, {}])


@pytest.mark.parametrize(
    ("spec", "expected"), [("hate=2", {"hate": 2.0}), ("bias=1, hate=0.5", {"bias": 1.0, "hate": 0.5}), ("", {})]
)
def test_parse_weights(spec: str, expected: dict[str, float]) -> None:
    assert parse_weights(spec) == expected


@pytest.mark.parametrize("spec", ["hate", "hate=lots"])
def test_parse_weights_rejects_what_it_cannot_read(spec: str) -> None:
    with pytest.raises(SystemExit, match="TASK=WEIGHT"):
        parse_weights(spec)


def test_combine_writes_every_member_and_a_card_that_lists_them(tmp_path: Path) -> None:
    a = _member(tmp_path / "ma", 13, "", b"AAAA")
    b = _member(tmp_path / "mb", 29, "social", b"BBBBBB")
    _oof(tmp_path / "oa", 0, A_ROWS)
    _oof(tmp_path / "ob", 0, B_ROWS)
    out = tmp_path / "out"
    card = combine([a, b], [tmp_path / "oa", tmp_path / "ob"], 1, out)
    assert (
        [m["file"] for m in card["members"]]
        == ["model.int8.onnx", "model-2.int8.onnx"]
        == [member_file(0), member_file(1)]
    )
    assert (out / "model.int8.onnx").read_bytes() == b"AAAA" and (out / "model-2.int8.onnx").read_bytes() == b"BBBBBB"
    assert [m["normalise"] for m in card["members"]] == ["", "social"]
    assert [m["hyperparameters"]["seed"] for m in card["members"]] == [13, 29]
    assert "per_fold" not in card["members"][0]["cross_validation"]
    assert card["cross_validation"]["babe_f1m"] == 1.0 and card["size_bytes"] == 10
    assert "normalise" not in card and "hyperparameters" not in card
    assert json.loads((out / CARD_FILE).read_text(encoding="utf-8")) == card
    assert "model-2.int8.onnx" in (out / "NOTICE").read_text(encoding="utf-8")


def test_combine_refuses_members_with_different_layouts(tmp_path: Path) -> None:
    a = _member(tmp_path / "ma", 13, "", b"A")
    b = _member(tmp_path / "mb", 29, "", b"B")
    card = json.loads((b / CARD_FILE).read_text(encoding="utf-8"))
    (b / CARD_FILE).write_text(json.dumps({**card, "tasks": ["bias"]}), encoding="utf-8")
    _oof(tmp_path / "o", 0, A_ROWS)
    with pytest.raises(SystemExit, match="differ in 'tasks'"):
        combine([a, b], [tmp_path / "o", tmp_path / "o"], 1, tmp_path / "out")
    with pytest.raises(SystemExit, match="at least two"):
        combine([a], [tmp_path / "o"], 1, tmp_path / "out")


def test_the_card_says_which_hatecheck_templates_a_member_learned(tmp_path: Path) -> None:
    """Session 7: a member trained on HateCheck's even templates is named so, so the bench reports the odd half as
    held out; a member that never saw HateCheck carries no such field."""
    from slant.bench.language import hatecheck_training

    a = _member(tmp_path / "ma", 13, "", b"AAAA", {"rows": {"babe": 2, "isca": 2}})
    b = _member(
        tmp_path / "mb", 29, "", b"BB", {"rows": {"babe": 2, "isca": 2, "hatecheck": 3}, "hatecheck_templates": "even"}
    )
    _oof(tmp_path / "oa", 0, A_ROWS)
    _oof(tmp_path / "ob", 0, B_ROWS)
    card = combine([a, b], [tmp_path / "oa", tmp_path / "ob"], 1, tmp_path / "out")
    assert "hatecheck_templates" not in card["members"][0]
    assert card["members"][1]["hatecheck_templates"] == "even"
    assert hatecheck_training(card) == "even"
    card = combine([a, b], [tmp_path / "oa", tmp_path / "ob"], 1, tmp_path / "out2", [{}, {"hate": 0}])
    assert hatecheck_training(card) == ""
