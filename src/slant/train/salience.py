"""Train the actor-salience model (:mod:`slant.analyze.salience`) on our labelled real pages.

Every page of ``training/realnews/pages`` whose text was rebuilt is run through the actor, quote and
relation components; each slant actor of a page becomes a row with its salience features (the parse gives
how often it is a clause's subject), labelled main
when it is the actor one of the page's ``"main": true`` labels names (the development scorer's match).
Pages whose file name starts with ``--aside`` are left out (the blind check). Cross-validation folds are
grouped by outlet; it reports, per page, how many of the labelled main actors the model ranks in the
page's top *k* (*k* = the number of labelled main actors slant found), beside the same for ranking by
mentions alone, and the precision and recall of ``salience >= 0.5``. The final model is fitted on every row
with the best C and written to ``OUT/model.json``::

    python -m slant.train.salience --texts DIR --out src/slant/resources/models/salience
"""

from __future__ import annotations

import datetime as dt
import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np

from slant.analyze.salience import CLASSES, COMPONENTS, SalienceModel, features_of
from slant.train.linear import fit_logistic
from slant.train.realnews import label_target, matching_actor, norm_name, page_context, read_pages, trainer_arguments


@dataclass(frozen=True, slots=True)
class Row:
    """One slant actor of a labelled page: its features, whether a reader called it main, its mentions."""

    page: str
    outlet: str
    features: dict[str, float]
    main: bool
    mentions: int


def _analyse(job: tuple[str, str]) -> tuple[str, list[dict[str, Any]]]:
    """Worker: one page's actors with their normalised names, mention counts and salience features."""
    path, name = job
    ctx = page_context(path, COMPONENTS)
    if ctx is None:
        return name, []
    feats = features_of(ctx)
    return name, [
        {**label_target(a.name, a.aliases, len(a.mentions)), "features": feats[a.id]}
        for a in ctx.data.get("actors", ())
    ]


def rows_of(record: Mapping[str, Any], actors: Sequence[Mapping[str, Any]]) -> list[Row]:
    """One row per slant actor of the page; main when a ``"main": true`` label names it."""
    main: set[int] = set()
    for e in record.get("actors") or []:
        if not e.get("main"):
            continue
        forms = {norm_name(e["name"]), *(norm_name(f) for f in e.get("forms") or [])}
        hit = matching_actor(e["name"], forms, actors)
        if hit is not None:
            main.add(id(hit))
    outlet = str(record.get("outlet") or record["file"].split("__")[1])
    return [
        Row(record["file"], outlet, dict(a["features"]), id(a) in main, int(a["mentions"]))
        for a in actors
        if a["features"]
    ]


def fit(rows: Sequence[Row], c: float) -> SalienceModel:
    ys = np.array([[0.0, 1.0] if r.main else [1.0, 0.0] for r in rows])
    return SalienceModel(fit_logistic([r.features for r in rows], ys, CLASSES, c), {})


def page_figures(rows: Sequence[Row], scores: Sequence[float]) -> dict[str, list[int]]:
    """[hits, labelled] of the top-k by ``scores`` and by mentions, and the counts behind precision and
    recall at 0.5 ([true positives, predicted], [true positives, labelled])."""
    by_page: dict[str, list[tuple[float, int, bool]]] = {}
    for r, s in zip(rows, scores, strict=True):
        by_page.setdefault(r.page, []).append((s, r.mentions, r.main))
    out = {"top-k": [0, 0], "top-k by mentions": [0, 0], "precision@0.5": [0, 0], "recall@0.5": [0, 0]}
    for items in by_page.values():
        k = sum(m for _, _, m in items)
        out["top-k"][0] += sum(m for _, _, m in sorted(items, key=lambda t: -t[0])[:k])
        out["top-k by mentions"][0] += sum(m for _, _, m in sorted(items, key=lambda t: -t[1])[:k])
        out["top-k"][1] += k
        out["top-k by mentions"][1] += k
        out["precision@0.5"][0] += sum(m for s, _, m in items if s >= 0.5)
        out["precision@0.5"][1] += sum(1 for s, _, _ in items if s >= 0.5)
        out["recall@0.5"][0] += sum(m for s, _, m in items if s >= 0.5)
        out["recall@0.5"][1] += k
    return out


def cross_validate(rows: Sequence[Row], folds: int, c: float, seed: int) -> dict[str, Any]:
    """Outlet-grouped K-fold figures (:func:`page_figures`) of the held-out pages."""
    outlets = sorted({r.outlet for r in rows})
    random.Random(seed).shuffle(outlets)
    fold = {o: n % folds for n, o in enumerate(outlets)}
    scores = [0.0] * len(rows)
    for k in range(folds):
        model = fit([r for r in rows if fold[r.outlet] != k], c)
        test = [n for n, r in enumerate(rows) if fold[r.outlet] == k]
        for n, p in zip(test, model.scores([rows[n].features for n in test]), strict=True):
            scores[n] = p
    return {"c": c, **page_figures(rows, scores)}


def collect(pages: Path, texts: Path, aside: str, workers: int) -> list[Row]:
    """The rows of every rebuilt page with main-actor labels that is not set aside."""
    records = {}
    for _, _, record, _ in read_pages(pages):
        if not record or not any(e.get("main") for e in record.get("actors") or []):
            continue
        if (aside and str(record["file"]).startswith(aside)) or not (texts / record["file"]).is_file():
            continue
        records[record["file"]] = record
    jobs = [(str(texts / f), f) for f in sorted(records)]
    with Pool(max(1, workers)) as pool:
        analysed = dict(pool.imap_unordered(_analyse, jobs, chunksize=4))
    return [row for f in sorted(records) for row in rows_of(records[f], analysed.get(f, []))]


def _show(fig: Mapping[str, Any]) -> str:
    return "  ".join(f"{k} {v[0] / max(1, v[1]):.3f} ({v[0]}/{v[1]})" for k, v in fig.items() if k != "c")


def main(argv: Sequence[str] | None = None) -> int:
    p = trainer_arguments("python -m slant.train.salience", (__doc__ or "").split("\n")[0])
    args = p.parse_args(argv)
    rows = collect(args.pages, args.texts, args.aside, args.workers)
    pages = len({r.page for r in rows})
    print(f"{len(rows)} actors on {pages} pages, {sum(r.main for r in rows)} of them main", flush=True)
    results = [cross_validate(rows, args.folds, c, args.seed) for c in args.c or [0.1, 1.0, 10.0]]
    for r in results:
        print(f"C={r['c']}: {_show(r)}", flush=True)
    best = max(results, key=lambda r: (r["top-k"][0], -r["c"]))
    if args.out is None:
        return 0
    card = {
        "name": "slant actor salience",
        "date": dt.date.today().isoformat(),
        "data": f"training/realnews/pages: {len(rows)} slant actors on {pages} pages, main when a reader "
        f"labelled them so (pages starting {args.aside!r} kept aside); only feature names and weights",
        "c": best["c"],
        "cross_validation": {"folds": args.folds, "grouped_by": "outlet", "results": results},
    }
    model = SalienceModel(fit(rows, best["c"]).linear, card)
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "model.json"
    path.write_text(json.dumps(model.to_json(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path} ({path.stat().st_size / 1e3:.1f} kB), C={best['c']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
