"""The cross-validation part of the sentence model's card (no torch needed, so it is testable everywhere)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy.typing as npt

from slant.bench.datasets import Example
from slant.nlp._onnx import CARD_FILE
from slant.nlp.sentence_model import TASKS
from slant.nlp.target_sentiment import macro_f1

#: Which task each dataset trains.
DATASET_TASK: dict[str, str] = {
    "babe": "bias",
    "isca": "hate",
    "hatecheck": "hate",
    "toxigen": "hate",
    "oped": "hate",
}


def evaluate(rows: Sequence[Example], logits: npt.NDArray[Any], tasks: Sequence[str] = TASKS) -> dict[str, Any]:
    """Figures per dataset: BABE macro-F1; ISCA F1 of the antisemitic class; HateCheck accuracy per functionality."""
    out: dict[str, Any] = {}
    for name in sorted({r.dataset for r in rows}):
        idx = [i for i, r in enumerate(rows) if r.dataset == name]
        t = list(tasks).index(DATASET_TASK[name])
        gold = [rows[i].label for i in idx]
        pred = [int(logits[i, 2 * t + 1] > logits[i, 2 * t]) for i in idx]
        tp = sum(1 for g, p in zip(gold, pred, strict=True) if g == p == 1)
        fp = sum(1 for g, p in zip(gold, pred, strict=True) if g == 0 and p == 1)
        fn = sum(1 for g, p in zip(gold, pred, strict=True) if g == 1 and p == 0)
        entry: dict[str, Any] = {
            "n": len(idx),
            "accuracy": round(sum(1 for g, p in zip(gold, pred, strict=True) if g == p) / len(idx), 4),
            "f1m": round(macro_f1(gold, pred, 2), 4),
            "f1_pos": round(2 * tp / (2 * tp + fp + fn) if tp else 0.0, 4),
        }
        cats = sorted({rows[i].category for i in idx if rows[i].category})
        if name == "hatecheck":
            entry["per_category"] = {
                c: round(
                    sum(1 for i, p in zip(idx, pred, strict=True) if rows[i].category == c and rows[i].label == p)
                    / sum(1 for i in idx if rows[i].category == c),
                    4,
                )
                for c in cats
            }
        out[name] = entry
    return out


def _mean(cv: Sequence[dict[str, Any]], dataset: str, metric: str) -> float | None:
    vals = [e[dataset][metric] for e in cv if dataset in e]
    return round(sum(vals) / len(vals), 4) if vals else None


def cv_summary(cv: Sequence[dict[str, Any]], folds: int) -> dict[str, Any]:
    """Mean figures over the folds (BABE macro-F1, ISCA F1 of the antisemitic class, ...) and each fold's own."""
    return {
        "folds": folds,
        "babe_f1m": _mean(cv, "babe", "f1m"),
        "isca_f1_antisemitic": _mean(cv, "isca", "f1_pos"),
        "hatecheck_accuracy": _mean(cv, "hatecheck", "accuracy"),
        "toxigen_accuracy": _mean(cv, "toxigen", "accuracy"),
        "oped_f1_hateful": _mean(cv, "oped", "f1_pos"),
        "per_fold": [{k: v for k, v in e.items() if k != "hatecheck"} for e in cv],
    }


def refresh_card(out: Path, report: Path, folds: int) -> dict[str, Any]:
    """Replace the cross-validation figures of ``out``'s model card with those of ``report`` (one per fold)."""
    card: dict[str, Any] = json.loads((out / CARD_FILE).read_text(encoding="utf-8"))
    by_fold: dict[int, dict[str, Any]] = {}
    for line in report.read_text(encoding="utf-8").splitlines():
        if line.strip():
            entry = json.loads(line)
            by_fold[int(entry["fold"])] = entry  # a fold run twice: the later run counts
    if sorted(by_fold) != list(range(folds)):
        raise SystemExit(f"{report} has folds {sorted(by_fold)}, not 0..{folds - 1}")
    card["cross_validation"] = cv_summary([by_fold[f] for f in range(folds)], folds)
    (out / CARD_FILE).write_text(json.dumps(card, indent=2) + "\n", encoding="utf-8")
    return card
