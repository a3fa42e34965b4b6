"""Train the author-stance judge (:mod:`slant.analyze.stance._judge`) on our labelled real pages.

Every page of ``training/realnews/pages`` whose text was rebuilt (``python -m slant.train.realnews list``)
is run through the mode's pipeline up to the judge. The page part learns P(opinion) from each page's style
features and its genre label (anything but ``news`` is opinion); each author-stance label of a page becomes
a row of the actor part: the features of the slant actor that the label's name (or one of its forms) names,
scaled copies by the page's P(opinion), and the label (two allowed labels share the weight). Pages whose
file name starts with ``--aside`` are left out entirely: they are the blind check. Cross-validation folds
are grouped by outlet, so a fold never sees another page of the same outlet (both parts are fitted inside
the fold); it reports the judge's agreement with the readers and the rules' on the same rows, by genre. The
report also gives how well the judge's confidence (its probability of the polarity it shows) is calibrated
against the readers (the expected calibration error over ten bins), before and after Platt scaling fitted
on the cross-validated calls (cross-fitted for the figure); the scaling fitted on all of them ships with the
model. The final model is fitted on every row with the best C and written as ``OUT/<mode>.json``::

    python -m slant.train.stance_judge --pages training/realnews/pages --texts DIR \\
        --aside tb7- --out src/slant/resources/models/stance_judge
"""

from __future__ import annotations

import datetime as dt
import json
import random
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from slant.analyze.common import Linear
from slant.analyze.stance._judge import (
    CLASSES,
    PAGE_CLASSES,
    JudgeModel,
    allowed_call,
    features_of,
    platt,
    with_opinion,
)
from slant.train.linear import fit_logistic
from slant.train.realnews import (
    label_target,
    labels,
    matching_actor,
    norm_name,
    page_context,
    read_pages,
    trainer_arguments,
)

#: Components from the judge on (left out of the pipeline that makes the features: they run after it).
JUDGES = ("slant.stance-judge", "slant.salience")


@dataclass(frozen=True, slots=True)
class Row:
    """One labelled author stance: where it comes from, the page's and the actor's own features, the allowed
    labels, the rules' polarity, the actor's kind and which signs of cue the rules found about it."""

    page: str
    outlet: str
    genre: str
    style: dict[str, float]
    features: dict[str, float]
    allowed: tuple[str, ...]
    rules: str
    kind: str
    evidence: tuple[bool, bool]  # the rules have cues of positive / negative sign about the actor

    def target(self) -> npt.NDArray[np.float64]:
        y = np.array([1.0 if c in self.allowed else 0.0 for c in CLASSES])
        out: npt.NDArray[np.float64] = y / y.sum()
        return out


def _analyse(job: tuple[str, str, str]) -> tuple[str, list[dict[str, Any]]]:
    """Worker: one page's actors with their features, names, kind, evidence signs and the rules' stance."""
    from slant.pipeline import components_for

    path, name, mode = job
    ctx = page_context(path, [c for c in components_for(mode) if not c.startswith(JUDGES)])
    if ctx is None:
        return name, []
    feats = features_of(ctx)
    page = feats.page
    signals = ctx.data.get("author_signals", {})
    rules = {st.target: st.polarity for st in ctx.data.get("stances", ()) if st.holder == "author"}
    out = []
    for a in ctx.data.get("actors", ()):
        sig = signals.get(a.id)
        out.append(
            {
                **label_target(a.name, a.aliases, len(a.mentions)),
                "id": a.id,
                "kind": a.kind,
                "features": feats.actors.get(a.id, {}),
                "style": page,
                "rules": rules.get(a.id, "neutral"),
                "evidence": sig.signs if sig else (False, False),
            }
        )
    return name, out


def rows_of(record: Mapping[str, Any], actors: Sequence[Mapping[str, Any]]) -> list[Row]:
    """The labelled rows of one page (labels whose actor slant did not find give no row)."""
    forms = {
        e["name"]: {norm_name(e["name"]), *(norm_name(f) for f in e.get("forms") or [])}
        for e in record.get("actors") or []
    }
    out = []
    for name, value in (record.get("author_stance") or {}).items():
        allowed = tuple(x for x in labels(value) if x in CLASSES)
        actor = matching_actor(name, forms.get(name, {norm_name(name)}), actors) if allowed else None
        if actor is None:
            continue
        out.append(
            Row(
                record["file"],
                str(record.get("outlet") or record["file"].split("__")[1]),
                str(record.get("genre") or "?"),
                dict(actor["style"]),
                dict(actor["features"]),
                allowed,
                str(actor["rules"]),
                str(actor["kind"]),
                (bool(actor["evidence"][0]), bool(actor["evidence"][1])),
            )
        )
    return out


#: The author's own cues about an actor: more of a positive one may never make the actor part lean more
#: negative than positive, and the other way round (names match with their ``*op`` copies). Cues that hang
#: on the actor as the patient ("sacked", "attacked") are left free: what is done to someone may be told
#: in sympathy.
MONOTONE: tuple[tuple[str, int], ...] = (
    ("agg", 1),
    ("sum_pos", 1),
    ("cue+", 1),
    ("sum_neg", -1),
    ("cue-|bound", -1),
    ("cue-|free", -1),
)


def monotone_sign(name: str) -> int:
    """+1 when a feature may only push toward positive (relative to negative), -1 the other way, 0 free."""
    if name == "cue-" or name.startswith("cue-*"):  # all negative cues; "cue-|patient" stays free
        return -1
    for prefix, sign in MONOTONE:
        if name == prefix or name.startswith((prefix + "*", prefix + "|")):
            return sign
    return 0


def fit_linear(
    xs: Sequence[Mapping[str, float]],
    ys: npt.NDArray[np.float64],
    classes: tuple[str, ...],
    c: float,
    monotone: bool = False,
) -> Linear:
    """:func:`slant.train.linear.fit_logistic`; with ``monotone`` (three classes: neutral, positive,
    negative), each feature's positive and negative weights are tied by :func:`monotone_sign`."""
    return fit_logistic(xs, ys, classes, c, monotone_sign if monotone and len(classes) == 3 else None)


#: Fit the actor part with the :data:`MONOTONE` constraints.
MONOTONE_FIT = True

#: Regularisation of the page part (a handful of dense features, one row per page).
PAGE_C = 1.0


def fit(rows: Sequence[Row], c: float) -> JudgeModel:
    """Both parts of the judge: the page part on one row per page, then the actor part on every row."""
    pages = {r.page: r for r in rows}
    page = fit_linear(
        [r.style for r in pages.values()],
        np.array([[0.0, 1.0] if r.genre != "news" else [1.0, 0.0] for r in pages.values()]),
        PAGE_CLASSES,
        PAGE_C,
    )
    partial = JudgeModel(page, page, {})
    xs = [with_opinion(r.features, partial.opinion(r.style)) for r in rows]
    actor = fit_linear(xs, np.array([r.target() for r in rows]), CLASSES, c, monotone=MONOTONE_FIT)
    return JudgeModel(page, actor, {})


def decide(model: JudgeModel, rows: Sequence[Row]) -> list[str]:
    """The judge's polarity per row, with the component's rules: places neutral, no polar call without cues."""
    return [polarity for polarity, _ in judged(model, rows)]


def judged(model: JudgeModel, rows: Sequence[Row]) -> list[tuple[str, float]]:
    """The judge's polarity per row (as :func:`decide`) and its confidence, the probability of that
    polarity, as the component reports it."""
    out = []
    for r in rows:
        p = model.actor.probs([with_opinion(r.features, model.opinion(r.style))])[0]
        got = CLASSES[int(np.argmax(p))]
        if r.kind == "place" or not allowed_call(got, r.evidence, r.features.get("agg", 0.0)):
            got = "neutral"
        out.append((got, float(p[CLASSES.index(got)])))
    return out


def fit_platt(confidences: Sequence[float], right: Sequence[bool]) -> tuple[float, float]:
    """Platt scaling ``(a, b)``: P(right) = sigmoid(a * logit(confidence) + b), by (all but unregularised)
    logistic regression on the logit."""
    q = np.clip(np.asarray(confidences, dtype=np.float64), 1e-6, 1 - 1e-6)
    xs = [{"logit": float(v)} for v in np.log(q / (1 - q))]
    ys = np.array([[0.0, 1.0] if r else [1.0, 0.0] for r in right])
    model = fit_logistic(xs, ys, ("wrong", "right"), 1e6)
    w = model.weights[model.index["logit"]] if "logit" in model.index else np.zeros(2)
    return float(w[1] - w[0]), float(model.bias[1] - model.bias[0])


def calibration(confidences: Sequence[float], right: Sequence[bool], bins: int = 10) -> dict[str, Any]:
    """Expected calibration error (the row-weighted gap between confidence and agreement over ``bins``
    equal-width bins) and the bins themselves as [lower edge, rows, mean confidence, agreement]."""
    table: list[list[float]] = []
    gap = 0.0
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        idx = [n for n, c in enumerate(confidences) if lo <= c < hi or (b == bins - 1 and c == 1.0)]
        if not idx:
            continue
        conf = sum(confidences[n] for n in idx) / len(idx)
        acc = sum(right[n] for n in idx) / len(idx)
        gap += abs(conf - acc) * len(idx)
        table.append([lo, len(idx), round(conf, 3), round(acc, 3)])
    return {"ece": round(gap / max(1, len(confidences)), 4), "bins": table}


def agreement(rows: Sequence[Row], said: Sequence[str]) -> dict[str, list[int]]:
    """[agreeing, rows] overall and by genre."""
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r, s in zip(rows, said, strict=True):
        for key in ("all", r.genre):
            out[key][0] += s in r.allowed
            out[key][1] += 1
    return dict(out)


def _show(fig: Mapping[str, list[int]]) -> str:
    return "  ".join(f"{k} {a / n:.3f} ({a}/{n})" for k, (a, n) in sorted(fig.items(), key=lambda kv: kv[0] != "all"))


#: Confidence thresholds for polar calls that cross-validation tries (the component shows every argmax call).
THRESHOLDS = (0.5, 0.6, 0.7)


def cross_validate(rows: Sequence[Row], folds: int, c: float, seed: int) -> dict[str, Any]:
    """Outlet-grouped K-fold agreement of the judge and of the rules on the same rows, and the page part's
    accuracy (opinion or not) on the held-out pages."""
    outlets = sorted({r.outlet for r in rows})
    random.Random(seed).shuffle(outlets)
    fold = {o: n % folds for n, o in enumerate(outlets)}
    said = [""] * len(rows)
    confidence = [0.0] * len(rows)
    pages = [0, 0]
    for k in range(folds):
        train = [r for r in rows if fold[r.outlet] != k]
        test = [n for n, r in enumerate(rows) if fold[r.outlet] == k]
        model = fit(train, c)
        for n, (s, p) in zip(test, judged(model, [rows[n] for n in test]), strict=True):
            said[n], confidence[n] = s, p
        for r in {rows[n].page: rows[n] for n in test}.values():
            pages[0] += (model.opinion(r.style) >= 0.5) == (r.genre != "news")
            pages[1] += 1
    right = [s in r.allowed for s, r in zip(said, rows, strict=True)]
    # the scaling's own error, cross-fitted: each fold's calls scaled by a fit on the other folds' calls
    scaled = [0.0] * len(rows)
    for k in range(folds):
        rest = [n for n, r in enumerate(rows) if fold[r.outlet] != k]
        scaling = fit_platt([confidence[n] for n in rest], [right[n] for n in rest])
        for n, r in enumerate(rows):
            if fold[r.outlet] == k:
                scaled[n] = platt(confidence[n], scaling)
    return {
        "c": c,
        "judge": agreement(rows, said),
        "rules": agreement(rows, [r.rules for r in rows]),
        "page_accuracy": pages,
        "calibration": calibration(confidence, right),
        "calibrated": calibration(scaled, right),
        "scaling": fit_platt(confidence, right),
        # a polar call below the threshold (calibrated confidence) shown as neutral instead
        "thresholds": {
            str(t): agreement(
                rows, ["neutral" if s != "neutral" and q < t else s for s, q in zip(said, scaled, strict=True)]
            )
            for t in THRESHOLDS
        },
    }


def collect(pages: Path, texts: Path, aside: str, mode: str, workers: int) -> tuple[list[Row], Counter[str]]:
    """The labelled rows of every rebuilt page not set aside, and counts of what was skipped."""
    skipped: Counter[str] = Counter()
    records = {}
    for _, _, record, _ in read_pages(pages):
        if not record or not record.get("author_stance"):
            continue
        if aside and str(record["file"]).startswith(aside):
            skipped["aside"] += 1
            continue
        if not (texts / record["file"]).is_file():
            skipped["no text"] += 1
            continue
        records[record["file"]] = record
    jobs = [(str(texts / f), f, mode) for f in sorted(records)]
    with Pool(max(1, workers)) as pool:
        analysed = dict(pool.imap_unordered(_analyse, jobs, chunksize=4))
    rows = [row for f in sorted(records) for row in rows_of(records[f], analysed.get(f, []))]
    skipped["labels without a slant actor"] = sum(len(r.get("author_stance") or {}) for r in records.values()) - len(
        rows
    )
    return rows, skipped


def main(argv: Sequence[str] | None = None) -> int:
    p = trainer_arguments("python -m slant.train.stance_judge", (__doc__ or "").split("\n")[0])
    p.add_argument("--mode", default="fast", choices=("fast", "accurate"))
    args = p.parse_args(argv)
    rows, skipped = collect(args.pages, args.texts, args.aside, args.mode, args.workers)
    pages = len({r.page for r in rows})
    print(f"{len(rows)} labelled rows on {pages} pages; skipped: {dict(skipped)}", flush=True)
    results = []
    for c in args.c or [0.1, 0.3, 1.0]:
        r = cross_validate(rows, args.folds, c, args.seed)
        acc = r["page_accuracy"]
        print(
            f"C={c}: judge {_show(r['judge'])}\n       rules {_show(r['rules'])}\n"
            f"       page part (opinion or not) {acc[0] / max(1, acc[1]):.3f} ({acc[0]}/{acc[1]} pages)\n"
            f"       confidence: expected calibration error {r['calibration']['ece']:.3f} as the judge gives it, "
            f"{r['calibrated']['ece']:.3f} after Platt scaling (cross-fitted); bins [from, rows, mean confidence, "
            f"agreement] {r['calibrated']['bins']}\n"
            + "".join(
                f"       polar calls under {t} shown neutral: {_show(fig)}\n" for t, fig in r["thresholds"].items()
            ),
            flush=True,
        )
        results.append(r)
    best = max(results, key=lambda r: (r["judge"]["all"][0], -r["c"]))
    if args.out is None:
        return 0
    model = fit(rows, best["c"])
    card = {
        "name": "slant author-stance judge",
        "mode": args.mode,
        "date": dt.date.today().isoformat(),
        "data": f"training/realnews/pages: {len(rows)} author-stance labels on {pages} pages (pages starting "
        f"{args.aside!r} kept aside); no text is included, only feature names and weights",
        "c": best["c"],
        "page_c": PAGE_C,
        "cross_validation": {
            "folds": args.folds,
            "grouped_by": "outlet",
            "results": results,
        },
    }
    model = JudgeModel(model.page, model.actor, card, tuple(best["scaling"]))
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / f"{args.mode}.json"
    path.write_text(json.dumps(model.to_json(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path} ({path.stat().st_size / 1e3:.0f} kB), C={best['c']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
