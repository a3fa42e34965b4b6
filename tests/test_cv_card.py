"""The sentence model card's cross-validation figures (issue 4: folds run after the final model)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from slant.train.cv_card import CARD_FILE, cv_summary, refresh_card


def _fold(f: int, babe: float, isca: float) -> dict[str, object]:
    return {"fold": f, "babe": {"f1m": babe}, "isca": {"f1_pos": isca}, "hatecheck": {"accuracy": 0.5}}


def test_cv_summary_means_and_drops_hatecheck_detail() -> None:
    s = cv_summary([_fold(0, 0.8, 0.6), _fold(1, 0.7, 0.8)], 2)
    assert s["babe_f1m"] == pytest.approx(0.75)
    assert s["isca_f1_antisemitic"] == pytest.approx(0.7)
    assert s["toxigen_accuracy"] is None
    assert all("hatecheck" not in e for e in s["per_fold"])


def test_refresh_card_takes_the_latest_run_of_each_fold(tmp_path: Path) -> None:
    (tmp_path / CARD_FILE).write_text(json.dumps({"name": "m", "cross_validation": {}}), encoding="utf-8")
    report = tmp_path / "cv.jsonl"
    rows = [_fold(0, 0.1, 0.1), _fold(1, 0.8, 0.7), _fold(0, 0.9, 0.5)]
    report.write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    card = refresh_card(tmp_path, report, 2)
    assert card["name"] == "m"
    assert card["cross_validation"]["babe_f1m"] == pytest.approx(0.85)
    assert json.loads((tmp_path / CARD_FILE).read_text(encoding="utf-8")) == card


def test_refresh_card_refuses_missing_folds(tmp_path: Path) -> None:
    (tmp_path / CARD_FILE).write_text("{}", encoding="utf-8")
    report = tmp_path / "cv.jsonl"
    report.write_text(json.dumps(_fold(0, 0.8, 0.7)) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"not 0\.\.2"):
        refresh_card(tmp_path, report, 3)
