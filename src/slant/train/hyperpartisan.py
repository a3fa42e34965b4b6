"""Train the hyperpartisan article model (:mod:`slant.analyze.models`) on SemEval-2019 Task 4 by-article.

TF-IDF over word unigrams and bigrams (sublinear tf, l2-normalised) and an l2-regularised logistic regression
fitted with L-BFGS (numpy + scipy: no torch needed). ``--folds 10`` reports stratified K-fold
cross-validation accuracy on the training set for every ``--c`` value; the final model is fitted on all
articles with the best one and written as ``OUT/model.json.gz`` (vocabulary, idf, weights, model card).

Data: https://zenodo.org/record/1489920 (CC BY 4.0)::

    python -m slant.train.hyperpartisan \\
        --articles articles-training-byarticle-20181122.xml \\
        --truth ground-truth-training-byarticle-20181122.xml \\
        --folds 10 --out src/slant/resources/models/hyperpartisan
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from scipy import optimize, sparse

from slant.analyze.models import LinearTextModel, features, vocabulary
from slant.bench.datasets import Example, dedupe, folds, read_hyperpartisan

MODEL_FILE = "model.json.gz"


def matrix(texts: Sequence[str], index: dict[str, int], idf: np.ndarray) -> sparse.csr_matrix:
    rows, cols, vals = [], [], []
    for r, text in enumerate(texts):
        entries = [(index[t], (1.0 + math.log(n)) * idf[index[t]]) for t, n in features(text).items() if t in index]
        norm = math.sqrt(sum(v * v for _, v in entries)) or 1.0
        for j, v in entries:
            rows.append(r)
            cols.append(j)
            vals.append(v / norm)
    return sparse.csr_matrix((vals, (rows, cols)), shape=(len(texts), len(index)))


def fit(x: sparse.csr_matrix, y: np.ndarray, c: float) -> tuple[np.ndarray, float]:
    """l2-regularised logistic regression (the intercept is not penalised), balanced class weights."""
    n, d = x.shape
    pos = max(1, int(y.sum()))
    w_row = np.where(y == 1, n / (2 * pos), n / (2 * max(1, n - pos)))
    s = 2 * y - 1

    def loss(theta: np.ndarray) -> tuple[float, np.ndarray]:
        w, b = theta[:d], theta[d]
        z = x @ w + b
        m = s * z
        lg = np.logaddexp(0, -m)
        g = -s * w_row / (1 + np.exp(m))
        value = float((w_row * lg).sum() + 0.5 / c * (w @ w))
        grad = np.concatenate([x.T @ g + w / c, [g.sum()]])
        return value, grad

    res = optimize.minimize(loss, np.zeros(d + 1), jac=True, method="L-BFGS-B", options={"maxiter": 500})
    return res.x[:d], float(res.x[d])


def train(examples: Sequence[Example], c: float, min_df: int, max_terms: int) -> LinearTextModel:
    texts = [e.text for e in examples]
    index, idf = vocabulary(texts, min_df, max_terms)
    w, b = fit(matrix(texts, index, idf), np.array([e.label for e in examples], dtype=np.float64), c)
    return LinearTextModel(index=index, idf=idf, coef=w, intercept=b, card={})


def cross_validate(
    examples: Sequence[Example], k: int, c: float, min_df: int, max_terms: int, seed: int
) -> dict[str, Any]:
    examples, dropped = dedupe(examples)
    assignment = folds(examples, k, seed)
    correct, per_fold = 0, []
    for f in range(k):
        tr = [e for e, a in zip(examples, assignment, strict=True) if a != f]
        te = [e for e, a in zip(examples, assignment, strict=True) if a == f]
        model = train(tr, c, min_df, max_terms)
        ok = sum(1 for e in te if (model.probability(e.text) > 0.5) == (e.label == 1))
        correct += ok
        per_fold.append(round(ok / len(te), 4))
    return {
        "c": c,
        "accuracy": round(correct / len(examples), 4),
        "per_fold": per_fold,
        "examples": len(examples),
        "dropped_repeats": dropped,
    }


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m slant.train.hyperpartisan", description=__doc__.split("\n")[0])
    p.add_argument("--articles", type=Path, required=True)
    p.add_argument("--truth", type=Path, required=True)
    p.add_argument("--folds", type=int, default=10)
    p.add_argument("--c", type=float, action="append", default=[], help="inverse regularisation strength(s) to try")
    p.add_argument("--min-df", type=int, default=2)
    p.add_argument("--max-terms", type=int, default=20000)
    p.add_argument("--seed", type=int, default=13)
    p.add_argument("--out", type=Path, default=None)
    args = p.parse_args(argv)
    examples = read_hyperpartisan(args.articles, args.truth)
    print(f"{len(examples)} articles, {sum(e.label for e in examples)} hyperpartisan", flush=True)
    grid = args.c or [10.0]
    results = []
    if args.folds:
        for c in grid:
            r = cross_validate(examples, args.folds, c, args.min_df, args.max_terms, args.seed)
            print(f"C={c}: {args.folds}-fold CV accuracy {r['accuracy']:.4f}  {r['per_fold']}", flush=True)
            results.append(r)
    best = max(results, key=lambda r: r["accuracy"])["c"] if results else grid[0]
    if args.out is None:
        return 0
    model = train(examples, best, args.min_df, args.max_terms)
    card = {
        "name": "slant hyperpartisan",
        "date": dt.date.today().isoformat(),
        "data": "SemEval-2019 Task 4 by-article training set (Kiesel et al. 2019), CC BY 4.0, "
        "https://zenodo.org/record/1489920; no text is included, only terms, idf and weights",
        "articles": len(examples),
        "features": "word unigrams + bigrams, sublinear tf-idf, l2-normalised",
        "min_df": args.min_df,
        "max_terms": args.max_terms,
        "c": best,
        "cross_validation": results,
    }
    model = LinearTextModel(model.index, model.idf, model.coef, model.intercept, card)
    model.save(args.out / MODEL_FILE)
    print(f"wrote {args.out / MODEL_FILE} ({(args.out / MODEL_FILE).stat().st_size / 1e3:.0f} kB), C={best}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
