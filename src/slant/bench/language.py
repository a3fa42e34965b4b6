"""Benchmarks of how an article is written (issue 4): sentence bias, hyperpartisan articles, hate.

- BABE (fast model): stratified 5-fold cross-validation macro-F1 of the linear model on ``train_SG2.csv``,
  retrained per fold (the protocol of the published 0.814 / 0.804).
- SemEval-2019 by-article: 10-fold cross-validation accuracy on the training set (published 0.822 is on
  the official test set, which is held back).
- HateCheck: accuracy per functionality of slant's hate detection: the rules (``fast``: a case counts as
  hateful when the pipeline raises a ``hate`` flag in the author's or a quoted voice), developed on the even
  templates, and the fine-tuned sentence model's hate head (``model``); when a network of the hate head was
  trained on one half of the templates (``--hatecheck-half``), the other half is its held-out figure.
- BABE (loaded words): the words the fast loaded-language flags cover against the words BABE's annotators
  marked as biased, per sentence over all of SG2, micro precision / recall / F1 of (sentence, word) pairs.
  The lexicon was written without BABE's word list and never tuned on it; BABE marks words in biased
  sentences only and by majority, so this is a floor on precision, not a gold standard.
- The accurate model's BABE and ISCA figures come from the cross-validation run at training time and are
  read from its model card (re-running them takes torch and about an hour on 2 cores).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from slant.bench.datasets import Example, dedupe, read_babe, read_hatecheck, read_hyperpartisan, read_isca, text_hash


def babe_linear_cv(path: Path, folds: int = 5) -> dict[str, Any]:
    """Cross-validated macro-F1 of the fast bias model's recipe on BABE (C as shipped)."""
    from slant.analyze.models import load_model, packaged_path
    from slant.train.bias_linear import cross_validate

    card = load_model(packaged_path("bias")).card
    return cross_validate(read_babe(path), folds, float(card.get("c", 1.0)), int(card.get("min_df", 2)), 13)


def babe_loaded_words(path: Path, limit: int = 0) -> dict[str, Any]:
    """Word-level precision, recall and F1 of the fast loaded-language flags against BABE's biased words."""
    import re

    from slant.models import Article
    from slant.pipeline import build_pipeline

    examples = read_babe(path)[: limit or None]
    pipe = build_pipeline(("slant.actors.v12", "slant.quotes.v10", "slant.loaded.v1"), batch_size=64)
    word = re.compile(r"[\w'’-]+")
    tp = fp = fn = 0
    for start in range(0, len(examples), 64):
        chunk = examples[start : start + 64]
        analyses = pipe.analyze([Article(id=f"b{start + i}", source="babe", text=e.text) for i, e in enumerate(chunk)])
        for ex, analysis in zip(chunk, analyses, strict=True):
            text = analysis.article.text
            pred = {
                w.lower() for f in analysis.flags if f.kind == "loaded" for w in word.findall(text[f.start : f.end])
            }
            gold = {w.lower() for phrase in ex.words for w in word.findall(phrase)}
            tp += len(pred & gold)
            fp += len(pred - gold)
            fn += len(gold - pred)
    precision = tp / (tp + fp) if tp + fp else 0.0
    recall = tp / (tp + fn) if tp + fn else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "sentences": len(examples),
        "precision": precision,
        "recall": recall,
        "f1": f1,
        "tp": tp,
        "fp": fp,
        "fn": fn,
    }


def hyperpartisan_cv(articles: Path, truth: Path, folds: int = 10) -> dict[str, Any]:
    """Cross-validated accuracy of the hyperpartisan model's recipe on the SemEval-2019 training articles."""
    from slant.analyze.models import load_model, packaged_path
    from slant.train.hyperpartisan import cross_validate

    card = load_model(packaged_path("hyperpartisan")).card
    return cross_validate(
        read_hyperpartisan(articles, truth),
        folds,
        float(card.get("c", 300.0)),
        int(card.get("min_df", 2)),
        int(card.get("max_terms", 50000)),
        13,
    )


def _per_category(cases: Sequence[Example], pred: Sequence[int]) -> dict[str, Any]:
    per: dict[str, list[int]] = {}
    for ex, p in zip(cases, pred, strict=True):
        per.setdefault(ex.category, []).append(int(p == ex.label))
    correct = sum(int(p == ex.label) for ex, p in zip(cases, pred, strict=True))
    hateful = [p for ex, p in zip(cases, pred, strict=True) if ex.label == 1]
    other = [p for ex, p in zip(cases, pred, strict=True) if ex.label == 0]
    return {
        "cases": len(cases),
        "accuracy": round(correct / len(cases), 4) if cases else 0.0,
        "recall_hateful": round(sum(hateful) / len(hateful), 4) if hateful else 0.0,
        "false_positive_rate": round(sum(other) / len(other), 4) if other else 0.0,
        "per_functionality": {k: round(sum(v) / len(v), 4) for k, v in sorted(per.items())},
    }


def template_half(case: Example) -> str:
    """``"even"`` or ``"odd"``: the half of HateCheck a case's template falls in. The fast rules were developed
    on the even templates only (issue 4), so the odd half measures them on cases they were not tuned on."""
    digits = "".join(ch for ch in case.group if ch.isdigit())
    return "odd" if digits and int(digits) % 2 else "even"


def select_half(cases: Sequence[Example], half: str) -> list[Example]:
    """The cases of the ``"even"`` or ``"odd"`` templates (every case for ``""``)."""
    if half not in ("", "even", "odd"):
        raise ValueError(f"HateCheck half {half!r}: give 'even' or 'odd'")
    return [c for c in cases if not half or template_half(c) == half]


def hatecheck_rules(path: Path, mode: str = "fast", limit: int = 0) -> dict[str, Any]:
    """HateCheck through the pipeline: hateful when a ``hate`` flag is raised in the author's or quoted voice.

    The figures cover every case; ``halves`` holds them for the even (tuned-on) and odd (held-out) templates."""
    from slant.models import Article
    from slant.pipeline import build_pipeline

    cases = read_hatecheck(path)[: limit or None]
    pipe = build_pipeline(mode=mode, batch_size=64)
    pred: list[int] = []
    for k in range(0, len(cases), 256):
        chunk = cases[k : k + 256]
        arts = [Article(id=f"hc{k + i}", source="hatecheck", text=c.text) for i, c in enumerate(chunk)]
        for an in pipe.analyze(arts):
            pred.append(int(any(f.kind == "hate" and f.voice in ("author", "quoted") for f in an.flags)))
    return {**_with_halves(cases, pred), "seen": "even", "seen_as": "tuned on"}


def _with_halves(cases: Sequence[Example], pred: Sequence[int]) -> dict[str, Any]:
    """The figures over every case, and under ``halves`` over the even and the odd templates apart.

    Callers add ``seen``, the templates the detector was developed on (``""``, ``"even"``, ``"odd"``, ``"all"``),
    and ``seen_as``, how (``"tuned on"``, ``"trained on"``): the bench reports the other half as held out."""
    halves: dict[str, Any] = {}
    for half in ("even", "odd"):
        picked = [i for i, c in enumerate(cases) if template_half(c) == half]
        if picked:
            halves[half] = _per_category([cases[i] for i in picked], [pred[i] for i in picked])
    return {**_per_category(cases, pred), "halves": halves}


def hatecheck_training(card: dict[str, Any]) -> str:
    """Which HateCheck templates the sentence model's hate head was trained on: ``""`` (none), ``"even"``,
    ``"odd"`` or ``"all"``, from the card's members (those with a hate weight above 0) or its own data."""
    data = card.get("data", {})
    members = card.get("members") or [
        {"data": data.get("rows", {}), "hatecheck_templates": data.get("hatecheck_templates")}
    ]
    seen: set[str] = set()
    for m in members:
        if m.get("weights", {}).get("hate", 1.0) > 0 and m.get("data", {}).get("hatecheck"):
            seen.add(m.get("hatecheck_templates") or "all")
    if not seen:
        return ""
    return seen.pop() if len(seen) == 1 and "all" not in seen else "all"


def hatecheck_model(path: Path, limit: int = 0) -> dict[str, Any]:
    """HateCheck through the sentence model's hate head as ``slant.hate-model.v5`` uses it: a case is queued
    for review when the head's probability reaches the component's threshold and a catalogue group is named."""
    from slant.analyze.models import HATE_THRESHOLD, group_in
    from slant.nlp.sentence_model import SentenceModel

    cases = read_hatecheck(path)[: limit or None]
    probs = SentenceModel.shared().predict([c.text for c in cases], batch_size=32)
    pred = [
        int(p["hate"] >= HATE_THRESHOLD and group_in(c.text) is not None) for c, p in zip(cases, probs, strict=True)
    ]
    return {**_with_halves(cases, pred), "seen": hatecheck_training(sentence_model_card()), "seen_as": "trained on"}


def sentence_model_test(path: Path, dataset: str, limit: int = 0, seen: frozenset[str] | None = None) -> dict[str, Any]:
    """The shipped sentence model on a test file, as it is (no retraining): ``babe`` rows scored by the bias
    head (macro-F1), ``isca`` rows by the hate head (F1 of the antisemitic class), a positive when the head's
    probability reaches 0.5. Repeats within the file and every row whose text the model trained on
    (``seen``, by default the hashes in the model's ``seen-texts.txt``) are left out and counted."""
    from slant.nlp.sentence_model import SentenceModel, model_dir
    from slant.nlp.target_sentiment import macro_f1
    from slant.train.seen import SEEN_FILE, read_seen

    reader, task = {"babe": (read_babe, "bias"), "isca": (read_isca, "hate")}[dataset]
    rows, repeats = dedupe(reader(path))
    if seen is None:
        seen = read_seen(model_dir("sentence") / SEEN_FILE)
    unseen = [r for r in rows if text_hash(r.text) not in seen][: limit or None]
    out: dict[str, Any] = {
        "path": str(path),
        "rows": len(rows) + repeats,
        "repeats": repeats,
        "seen": len(rows) - len([r for r in rows if text_hash(r.text) not in seen]),
        "scored": len(unseen),
    }
    if not unseen:
        return out
    probs = SentenceModel.shared().predict([r.text for r in unseen], batch_size=32)
    gold = [r.label for r in unseen]
    pred = [int(p[task] >= 0.5) for p in probs]
    tp = sum(1 for g, p in zip(gold, pred, strict=True) if g == p == 1)
    predicted, actual = sum(pred), sum(gold)
    precision = tp / predicted if predicted else 0.0
    recall = tp / actual if actual else 0.0
    out.update(
        accuracy=round(sum(1 for g, p in zip(gold, pred, strict=True) if g == p) / len(gold), 4),
        f1m=round(macro_f1(gold, pred, 2), 4),
        f1_pos=round(2 * precision * recall / (precision + recall), 4) if precision + recall else 0.0,
        precision_pos=round(precision, 4),
        recall_pos=round(recall, 4),
    )
    return out


def sentence_model_card(name: str = "sentence") -> dict[str, Any]:
    """A packaged sentence model's card (its cross-validation figures), or ``{}`` when it is absent."""
    from slant.nlp.sentence_model import CARD_FILE, model_dir

    path = model_dir(name) / CARD_FILE
    if not path.is_file():
        return {}
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data
