"""NewsMTSC: sentiment toward a target person in one news sentence (Hamborg & Donnay, EACL 2021; MIT).

The data is not shipped with slant: get it from https://github.com/fhamborg/NewsMTSC (``NewsSentiment/
controller_data/datasets/NewsMTSC-dataset/`` and ``experiments/default/datasets/newsmtsc-{rw,mt}/``).
Each JSON line is a sentence (``sentence_normalized``) with ``targets`` (``from``/``to`` character
offsets, ``polarity`` 2.0 / 4.0 / 6.0 = negative / neutral / positive). Every (sentence, target) pair is
scored: the target is the item's span and the sentence's other targets are its competitors.

Metrics: macro-F1 over the three classes (``f1m``, the paper's F1m), accuracy and per-class F1. The
published best on test-rw is F1m 0.831 (fine-tuned RoBERTa); the fast mode's rules are far simpler.

Run ``python -m slant.bench.newsmtsc PATH [--mode fast|accurate]``.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from slant.analyze.stance import TargetItem, TargetScorer

LABELS: tuple[str, ...] = ("negative", "neutral", "positive")
_LABEL_OF = {2.0: "negative", 4.0: "neutral", 6.0: "positive"}


def load_items(path: Path) -> tuple[list[TargetItem], list[str]]:
    """The (sentence, target) items of a NewsMTSC JSON Lines file and their gold labels."""
    items: list[TargetItem] = []
    gold: list[str] = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if not line.strip():
                continue
            rec = json.loads(line)
            text = rec["sentence_normalized"]
            spans = [(int(t["from"]), int(t["to"])) for t in rec["targets"]]
            for t, span in zip(rec["targets"], spans, strict=True):
                others = tuple(s for s in spans if s != span)
                items.append(TargetItem(text, span[0], span[1], None, others))
                gold.append(_LABEL_OF[float(t["polarity"])])
    return items, gold


def test_partition(folder: Path, part: str) -> tuple[Path | None, str]:
    """The NewsMTSC ``part`` ("rw" or "mt") file to score in a folder laid out like the download, with a
    label; or None with the reason there is none.

    ``newsmtsc-{part}/test.jsonl`` when present; else the official ``NewsMTSC-dataset/devtest_{part}.jsonl``
    without the sentences of ``newsmtsc-{part}/dev.jsonl`` (written to a temporary file); else the dev
    partition, unless it chose the shipped model's checkpoint (the card's ``data.selection``): a figure on
    the split that picked the epoch flatters the model, so it is not reported.
    """
    test = folder / f"newsmtsc-{part}" / "test.jsonl"
    if test.is_file():
        return test, f"NewsMTSC {part} test"
    devtest = folder / "NewsMTSC-dataset" / f"devtest_{part}.jsonl"
    dev = folder / f"newsmtsc-{part}" / "dev.jsonl"
    if devtest.is_file() and dev.is_file():
        held = {_sentence_key(line) for line in dev.read_text(encoding="utf-8").splitlines() if line.strip()}
        lines = [
            line
            for line in devtest.read_text(encoding="utf-8").splitlines()
            if line.strip() and _sentence_key(line) not in held
        ]
        out = Path(tempfile.gettempdir()) / f"slant-newsmtsc-{part}-test.jsonl"
        out.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return out, f"NewsMTSC {part} test (devtest_{part} without dev)"
    if not dev.is_file():
        return None, f"no test or dev file for {part} in {folder}"
    chosen_on = selection_split()
    if chosen_on and f"newsmtsc-{part}/dev.jsonl" in chosen_on:
        return None, (
            f"newsmtsc-{part}/dev.jsonl chose the shipped checkpoint ({chosen_on}); give the test partition "
            f"(newsmtsc-{part}/test.jsonl or NewsMTSC-dataset/devtest_{part}.jsonl)"
        )
    return dev, f"NewsMTSC {part} dev (not used to choose the checkpoint)"


def selection_split() -> str:
    """How the shipped target-sentiment checkpoint was chosen (its card's ``data.selection``; "" if unknown)."""
    from slant.nlp.sentence_model import model_dir

    card = model_dir("target_sentiment") / "model-card.json"
    if not card.is_file():
        return ""
    return str(json.loads(card.read_text(encoding="utf-8")).get("data", {}).get("selection", ""))


def _sentence_key(line: str) -> str:
    rec = json.loads(line)
    return str(rec.get("primary_gid") or rec["sentence_normalized"])


def metrics(gold: Sequence[str], pred: Sequence[str]) -> dict[str, Any]:
    """Accuracy, per-class precision/recall/F1 and macro-F1 (``f1m``)."""
    out: dict[str, Any] = {"n": len(gold)}
    f1s = []
    for label in LABELS:
        tp = sum(1 for g, p in zip(gold, pred, strict=True) if g == p == label)
        n_pred = sum(1 for p in pred if p == label)
        n_gold = sum(1 for g in gold if g == label)
        prec = tp / n_pred if n_pred else 0.0
        rec = tp / n_gold if n_gold else 0.0
        f1 = 2 * prec * rec / (prec + rec) if prec + rec else 0.0
        out[f"f1_{label}"] = f1
        out[f"precision_{label}"] = prec
        out[f"recall_{label}"] = rec
        f1s.append(f1)
    out["f1m"] = sum(f1s) / len(f1s)
    out["accuracy"] = sum(1 for g, p in zip(gold, pred, strict=True) if g == p) / len(gold) if gold else 0.0
    return out


def score_newsmtsc(path: Path, scorer: TargetScorer | None = None) -> dict[str, Any]:
    """Score every (sentence, target) of a NewsMTSC file with ``scorer`` (default: the fast rules)."""
    if scorer is None:
        from slant.analyze.stance import RuleScorer

        scorer = RuleScorer()
    items, gold = load_items(Path(path))
    probs = scorer.score(items)
    pred = [LABELS[max(range(3), key=lambda k: p[k])] for p in probs]
    result = metrics(gold, pred)
    result["path"] = str(path)
    return result


def _scorer(mode: str) -> TargetScorer | None:
    if mode == "fast":
        return None
    from slant.analyze.stance import model_scorer

    return model_scorer()


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures of one NewsMTSC file."""
    ap = argparse.ArgumentParser(prog="python -m slant.bench.newsmtsc", description=__doc__.split("\n")[0])
    ap.add_argument("path", type=Path, help="a NewsMTSC .jsonl file (e.g. newsmtsc-rw/dev.jsonl)")
    ap.add_argument("--mode", choices=("fast", "accurate"), default="fast")
    ap.add_argument("--json", action="store_true", help="print the result as JSON")
    args = ap.parse_args(argv)
    if not args.path.is_file():
        print(f"{args.path}: no such file (download NewsMTSC, see the module docstring)", file=sys.stderr)
        return 2
    try:
        result = score_newsmtsc(args.path, _scorer(args.mode))
    except ImportError as exc:
        print(f"the {args.mode} mode is not available: {exc}", file=sys.stderr)
        return 2
    result["mode"] = args.mode
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{args.path} ({args.mode} mode, {result['n']} targets)")
    print(f"  F1m       {result['f1m']:.3f}")
    print(f"  accuracy  {result['accuracy']:.3f}")
    for label in LABELS:
        print(f"  F1 {label:9} {result[f'f1_{label}']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
