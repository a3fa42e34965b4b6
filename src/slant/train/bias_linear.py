"""Train the fast sentence-bias model (:mod:`slant.analyze.models`) on BABE.

The same linear TF-IDF model as the hyperpartisan score (:mod:`slant.train.hyperpartisan`), over sentences:
cheap enough to score every sentence of a large corpus in the fast pipeline. ``--folds 5`` reports
stratified 5-fold cross-validation macro-F1 on ``train_SG2.csv`` (the protocol of the published BABE figures);
the final model is fitted on all of it and written as ``OUT/model.json.gz``.

Data: BABE (Spinde et al. 2021, AGPL-3.0), see :mod:`slant.bench.datasets`::

    python -m slant.train.bias_linear --babe babe/train_SG2.csv --folds 5 --out src/slant/resources/models/bias
"""

from __future__ import annotations

import argparse
import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from slant.analyze.models import LinearTextModel
from slant.bench.datasets import Example, dedupe, folds, read_babe
from slant.nlp.target_sentiment import macro_f1
from slant.train.hyperpartisan import MODEL_FILE, train


def cross_validate(examples: Sequence[Example], k: int, c: float, min_df: int, seed: int) -> dict[str, Any]:
    examples, dropped = dedupe(examples)
    assignment = folds(examples, k, seed)
    gold: list[int] = []
    pred: list[int] = []
    per_fold = []
    for f in range(k):
        tr = [e for e, a in zip(examples, assignment, strict=True) if a != f]
        te = [e for e, a in zip(examples, assignment, strict=True) if a == f]
        model = train(tr, c, min_df, 50000)
        g = [e.label for e in te]
        p = [int(model.probability(e.text) > 0.5) for e in te]
        per_fold.append(round(macro_f1(g, p, 2), 4))
        gold += g
        pred += p
    return {
        "c": c,
        "f1m": round(macro_f1(gold, pred, 2), 4),
        "per_fold": per_fold,
        "examples": len(examples),
        "dropped_repeats": dropped,
    }


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m slant.train.bias_linear", description=__doc__.split("\n")[0])
    p.add_argument("--babe", type=Path, required=True)
    p.add_argument("--folds", type=int, default=5)
    p.add_argument("--c", type=float, action="append", default=[])
    p.add_argument("--min-df", type=int, default=2)
    p.add_argument("--seed", type=int, default=13)
    p.add_argument("--out", type=Path, default=None)
    args = p.parse_args(argv)
    examples = read_babe(args.babe)
    results = (
        [cross_validate(examples, args.folds, c, args.min_df, args.seed) for c in args.c or [3.0]] if args.folds else []
    )
    for r in results:
        print(f"C={r['c']}: {args.folds}-fold CV macro-F1 {r['f1m']:.4f}  {r['per_fold']}", flush=True)
    best = max(results, key=lambda r: r["f1m"])["c"] if results else (args.c or [3.0])[0]
    if args.out is None:
        return 0
    model = train(examples, best, args.min_df, 50000)
    card = {
        "name": "slant sentence bias (fast)",
        "date": dt.date.today().isoformat(),
        "data": "BABE train_SG2.csv (Spinde et al., Findings of EMNLP 2021), AGPL-3.0; only terms, idf and weights",
        "sentences": len(examples),
        "features": "word unigrams + bigrams, sublinear tf-idf, l2-normalised",
        "min_df": args.min_df,
        "c": best,
        "cross_validation": results,
    }
    LinearTextModel(model.index, model.idf, model.coef, model.intercept, card).save(args.out / MODEL_FILE)
    print(f"wrote {args.out / MODEL_FILE} ({(args.out / MODEL_FILE).stat().st_size / 1e3:.0f} kB), C={best}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
