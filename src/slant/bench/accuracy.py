"""``slant bench accuracy``: slant's figures on our gold sets and on public datasets, beside the floors
CI enforces and the best published figures.

The gold sets ship in the package, so this runs anywhere. The public datasets are named one by one
(``--set NAME=PATH``) or found in ``--data`` (a folder laid out like ``../shared/data``); see
:mod:`slant.bench.sets` and ``docs/data-sources.md`` for where to download each. Every figure is computed
here from those files: a train file by cross-validation of the recipe (repeats dropped and counted), a test
file by the shipped model on the rows it never trained on; nothing is read from a model card.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any


def floors() -> dict[str, dict[str, float]]:
    """The pinned floors, by gold set and metric (``resources/gold/floors.toml``)."""
    text = resources.files("slant").joinpath("resources/gold/floors.toml").read_text(encoding="utf-8")
    data: dict[str, dict[str, float]] = tomllib.loads(text)
    return data


def gold_path(name: str) -> Path:
    """A packaged gold file, e.g. ``quotes-holdout.jsonl``."""
    return Path(str(resources.files("slant").joinpath(f"resources/gold/{name}")))


@dataclass(frozen=True, slots=True)
class AccuracyRow:
    """One metric on one evaluation set."""

    task: str
    dataset: str
    metric: str
    value: float
    floor: float | None = None
    published: str = ""
    #: The floor is a ceiling (an error rate): the value must not exceed it.
    maximum: bool = False

    @property
    def ok(self) -> bool:
        if self.floor is None:
            return True
        return self.value <= self.floor if self.maximum else self.value >= self.floor


@dataclass(slots=True)
class AccuracyResult:
    """All rows of one run, rendered as a markdown table."""

    rows: list[AccuracyRow] = field(default_factory=list)
    details: dict[str, dict[str, Any]] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.rows)

    def markdown(self) -> str:
        lines = [
            "### Accuracy",
            "",
            "| task | evaluation set | metric | slant | floor (CI) | best published |",
            "|---|---|---|---:|---:|---|",
        ]
        for r in self.rows:
            floor = "" if r.floor is None else f"{'≤ ' if r.maximum else ''}{r.floor:.2f}"
            lines.append(f"| {r.task} | {r.dataset} | {r.metric} | {r.value:.3f} | {floor} | {r.published} |")
        for s in self.skipped:
            lines.append(f"\n{s}")
        return "\n".join(lines) + "\n"

    def hatecheck_markdown(self) -> str:
        """HateCheck per functionality, one column per detector that ran ("" when HateCheck did not run)."""
        runs = [(k.removeprefix("hatecheck-"), v) for k, v in self.details.items() if k.startswith("hatecheck-")]
        if not runs:
            return ""
        names = {
            "fast rules: hate flags, even templates": "fast rules, even (tuned)",
            "fast rules: hate flags, odd templates": "fast rules, odd (held out)",
            "fast rules: hate flags": "fast rules",
            "accurate: review flags of the hate head": "review queue",
            "accurate: review flags of the hate head, even templates": "review queue, even (trained)",
            "accurate: review flags of the hate head, odd templates": "review queue, odd (held out)",
        }
        heads = [names.get(n, n) for n, _ in runs]
        lines = [
            "### HateCheck per functionality",
            "",
            "Share of cases handled right (for hateful functionalities: flagged; for the others: not flagged).",
            "`fast rules` counts `hate` flags in the author's or a quoted voice; `review queue` counts the accurate",
            "mode's `review` flags from the sentence model's hate head (probability ≥ 0.9 and a group named).",
            "The rules were developed on the cases of even-numbered templates; the odd half is held out.",
            "A network of the sentence model's hate head learned the even templates too."
            if any(n.endswith("hate head, even templates") for n, _ in runs)
            else "The sentence model never saw HateCheck.",
            "",
            "| functionality | gold | " + " | ".join(heads) + " |",
            "|---|---|" + "---:|" * len(runs),
        ]
        functionalities = sorted({f for _, r in runs for f in r["per_functionality"]})
        for f in functionalities:
            gold = "not hateful" if f.endswith("_nh") else "hateful"
            cells = [f"{r['per_functionality'][f]:.2f}" if f in r["per_functionality"] else "" for _, r in runs]
            lines.append(f"| `{f}` | {gold} | " + " | ".join(cells) + " |")
        lines.append(
            "| **all cases** | | " + " | ".join(f"**{r['accuracy']:.3f}** ({r['cases']})" for _, r in runs) + " |"
        )
        lines.append(
            "| recall on hateful / false positives on the rest | | "
            + " | ".join(f"{r['recall_hateful']:.3f} / {r['false_positive_rate']:.3f}" for _, r in runs)
            + " |"
        )
        return "\n".join(lines) + "\n"

    def write(self, path: Path) -> None:
        """Write the table into ``path``, replacing an earlier accuracy section (and the HateCheck
        per-functionality section, when HateCheck ran)."""
        from slant.bench.speed import replace_section

        replace_section(path, "accuracy", self.markdown())
        hatecheck = self.hatecheck_markdown()
        if hatecheck:
            replace_section(path, "hatecheck", hatecheck)


def hatecheck_parts(name: str, r: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """The HateCheck rows of one detector's run: ``(key, evaluation set, figures)``. A run that saw one half of
    the templates in development (``seen``: ``"even"`` or ``"odd"``, ``seen_as``: "tuned on", "trained on") is
    reported half by half, the other half as the held-out figure; otherwise one row covers every case."""
    seen, verb = r.get("seen", ""), r.get("seen_as", "trained on")
    if seen not in ("even", "odd") or "halves" not in r:
        return [(name, f"HateCheck ({r['cases']} cases, {verb if seen else 'never trained on'})", r)]
    return [
        (f"{name}, {half} templates", f"HateCheck {half} templates ({h['cases']} cases, {how})", h)
        for half, how in (
            ("even", verb if seen == "even" else "held out"),
            ("odd", verb if seen == "odd" else "held out"),
        )
        if (h := r["halves"].get(half))
    ]


GGT = "GenderGapTracker (own eval set): quote F1 0.837, speaker 0.865"


def _gold_rows(result: AccuracyResult, pinned: dict[str, dict[str, float]]) -> None:
    from slant.bench.gold_actors import score_actors
    from slant.bench.gold_pairs import score_pairs
    from slant.bench.gold_quotes import score_quotes
    from slant.bench.gold_stance import score_stance

    a_floor = pinned.get("actors", {})
    for name, floor_key in (("actors.jsonl", None), ("actors-holdout.jsonl", "holdout_alias_f1")):
        r = score_actors(gold_path(name))
        result.details[name] = r
        label = f"{name} ({r['articles']} articles)"
        result.rows.append(
            AccuracyRow("actors", label, "alias_f1", r["alias_f1"], a_floor.get(floor_key or "alias_f1"))
        )
        for metric in ("type_accuracy", "pronoun_accuracy"):
            result.rows.append(AccuracyRow("actors", label, metric, r[metric], None if floor_key else a_floor[metric]))

    q_floor = pinned.get("quotes", {})
    for name, enforced in (("quotes.jsonl", True), ("quotes-holdout.jsonl", False)):
        r = score_quotes(gold_path(name))
        result.details[name] = r
        label = f"{name} ({r['articles']} articles)"
        for metric, published in (
            ("quote_f1", "0.837 (GGT, ≥0.3 overlap)"),
            ("strict_f1", ""),
            ("speaker_accuracy", "0.865 (GGT)"),
        ):
            floor = q_floor.get(metric) if enforced else None
            result.rows.append(AccuracyRow("quotes", label, metric, r[metric], floor, published))

    s_floor = pinned.get("stance", {})
    # (file, mode, prefix of its floors): the development set, the first holdout (used for error analysis
    # after its blind measurement) and the second blind set (never tuned on).
    for name, mode, prefix in (
        ("stance.jsonl", "fast", ""),
        ("stance.jsonl", "accurate", "accurate_"),
        ("stance-holdout.jsonl", "fast", "holdout_"),
        ("stance-blind2.jsonl", "fast", "blind2_"),
        ("stance-blind2.jsonl", "accurate", "blind2_accurate_"),
    ):
        r = score_stance(gold_path(name), mode=mode)
        result.details[f"{name}-{mode}"] = r
        label = f"{name} ({r['paragraphs']} paragraphs)"
        for metric in ("author_accuracy", "author_f1m", "speaker_accuracy"):
            floor = s_floor.get(f"{prefix}{metric}")
            result.rows.append(AccuracyRow(f"author/speaker stance ({mode})", label, metric, r[metric], floor))

    p_floor = pinned.get("minimal_pairs", {})
    # The development set (gated), then sets each written blind and measured before any rule was changed
    # against them; all but the last were then used for error analysis (their blind figures: docs/benchmarks.md).
    sets = (
        "minimal_pairs.jsonl",
        "minimal_pairs-holdout.jsonl",
        "minimal_pairs-blind2.jsonl",
        "minimal_pairs-blind3.jsonl",
        "minimal_pairs-blind4.jsonl",
        "minimal_pairs-blind5.jsonl",
    )
    for mode in ("fast", "accurate"):
        for name in sets:
            enforced = name == sets[0] and mode == "fast"
            r = score_pairs(gold_path(name), mode=mode)
            result.details[f"{name}-{mode}"] = r
            label = f"{name} ({r['pairs']} pairs), {mode}"
            recall, fpr_max = (
                (p_floor.get("recall"), p_floor.get("false_positive_rate_max")) if enforced else (None, None)
            )
            result.rows.append(AccuracyRow("hate tropes", label, "recall", r["recall"], recall))
            fpr = r["false_positive_rate"]
            result.rows.append(AccuracyRow("hate tropes", label, "false_positive_rate", fpr, fpr_max, maximum=True))
            result.rows.append(AccuracyRow("hate tropes", label, "group_accuracy", r["group_accuracy"]))
            if mode == "accurate":
                for metric in ("recall_with_review", "false_positive_rate_with_review"):
                    result.rows.append(AccuracyRow("hate tropes + review queue", label, metric, r[metric]))


def _dataset_rows(result: AccuracyResult, files: dict[str, Path], modes: Sequence[str]) -> None:
    from slant.bench.newsmtsc import _scorer, score_newsmtsc, test_partition
    from slant.bench.seesaw import score_seesaw

    published = {"rw": "0.831 test-rw (GRU-TSC RoBERTa); SPC-BERT 0.801", "mt": "0.825 test-mt (GRU-TSC RoBERTa)"}
    ts_floor = floors().get("target_sentiment", {})
    folder = files.get("newsmtsc")
    for part in ("rw", "mt"):
        path, label = (
            test_partition(folder, part) if folder is not None else (None, "no folder (--set newsmtsc=FOLDER)")
        )
        if path is None:
            result.skipped.append(f"NewsMTSC {part} skipped: {label}")
            continue
        for mode in modes:
            r = score_newsmtsc(path, _scorer(mode))
            result.details[f"newsmtsc-{part}-{mode}"] = r
            floor = ts_floor.get(f"{part}_{path.stem}_f1m") if mode == "accurate" else None  # e.g. mt_dev_f1m
            result.rows.append(
                AccuracyRow(f"sentiment toward a person ({mode})", f"{label} ({r['n']} targets)", "F1m", r["f1m"],
                            floor, published[part])
            )  # fmt: skip
    root = files.get("seesaw")
    if root is not None and (root / "SEESAW").is_dir():
        r = score_seesaw(root)
        result.details["seesaw"] = r
        for level in ("sentence_level", "article_level"):
            for metric in ("precision", "recall", "f1"):
                result.rows.append(
                    AccuracyRow("entity-to-entity relations", f"SEESAW train+valid, {level.replace('_', ' ')}", f"triplet {metric}",
                                float(r[level][metric]), None, "not verified" if metric == "f1" else "")
                )  # fmt: skip
    else:
        result.skipped.append("SEESAW skipped: no SEESAW folder (--set seesaw=FOLDER)")
    _language_rows(result, files, modes)


def _repeats(r: dict[str, Any]) -> str:
    return f", {r['dropped_repeats']} repeats dropped" if r.get("dropped_repeats") else ""


def _language_rows(result: AccuracyResult, files: dict[str, Path], modes: Sequence[str]) -> None:
    from slant.bench import language

    pinned = floors().get("language", {})
    babe = files.get("babe")
    if babe is not None:
        r = language.babe_linear_cv(babe)
        result.details["babe-fast"] = r
        result.rows.append(
            AccuracyRow("sentence bias (fast)", f"BABE {babe.name}, 5-fold CV ({r['examples']} sentences{_repeats(r)})",
                        "macro-F1", r["f1m"], pinned.get("babe_fast_cv_f1m"),
                        "0.814 (DA-RoBERTa); 0.804 (BERT + distant supervision)")
        )  # fmt: skip
        words = language.babe_loaded_words(babe)
        result.details["babe-loaded-words"] = words
        for metric in ("precision", "recall", "f1"):
            result.rows.append(
                AccuracyRow("loaded words (fast)", f"BABE {babe.name} biased words ({words['sentences']} sentences)",
                            f"word {metric}", words[metric], None, "")
            )  # fmt: skip
    else:
        result.skipped.append("BABE skipped: no BABE file (--set babe=FILE)")
    hp = files.get("hyperpartisan")
    articles = sorted(hp.glob("articles-training-byarticle-*.xml")) if hp is not None else []
    truth = sorted(hp.glob("ground-truth-training-byarticle-*.xml")) if hp is not None else []
    if articles and truth:
        r = language.hyperpartisan_cv(articles[0], truth[0])
        result.details["hyperpartisan"] = r
        result.rows.append(
            AccuracyRow("hyperpartisan article", f"SemEval-2019 by-article train, 10-fold CV ({r['examples']} articles{_repeats(r)})",
                        "accuracy", r["accuracy"], pinned.get("hyperpartisan_cv_accuracy"), "0.822 (official test set)")
        )  # fmt: skip
    else:
        result.skipped.append("SemEval-2019 hyperpartisan skipped: no training files (--set hyperpartisan=FOLDER)")
    if "accurate" in modes:
        _sentence_model_rows(result, files)
    hc = files.get("hatecheck")
    card = language.sentence_model_card()
    if hc is not None:
        runs: list[tuple[str, Callable[[], dict[str, Any]]]] = [
            ("fast rules: hate flags", lambda: language.hatecheck_rules(hc, "fast"))
        ]
        if "accurate" in modes and card:
            runs.append(("accurate: review flags of the hate head", lambda: language.hatecheck_model(hc)))
        for name, run in runs:
            for key, label, figures in hatecheck_parts(name, run()):
                result.details[f"hatecheck-{key}"] = figures
                for metric in ("accuracy", "recall_hateful", "false_positive_rate"):
                    result.rows.append(
                        AccuracyRow(f"hate ({key})", label, metric, figures[metric], None,
                                    "per functionality: Röttger et al. 2021" if metric == "accuracy" else "")
                    )  # fmt: skip
    else:
        result.skipped.append("HateCheck skipped: no test suite (--set hatecheck=FILE)")


def _sentence_model_rows(result: AccuracyResult, files: dict[str, Path]) -> None:
    """The accurate sentence model scored as shipped on test files, leaving out every row it trained on.

    A train file stands in for a missing test file, so the bench says how much of it the model saw rather
    than reporting a figure from the model's card."""
    from slant.bench import language

    for task, dataset, metric, published, names in (
        ("sentence bias (accurate)", "babe", "macro-F1", "0.814 (DA-RoBERTa); 0.804 (BERT + distant supervision)",
         ("babe-test", "babe")),
        ("antisemitism (accurate)", "isca", "F1 antisemitic", "none published", ("isca-test", "isca")),
    ):  # fmt: skip
        path = next((files[n] for n in names if n in files), None)
        if path is None:
            result.skipped.append(f"{task} skipped: no {dataset.upper()} file (--set {names[0]}=FILE)")
            continue
        r = language.sentence_model_test(path, dataset)
        result.details[f"{dataset}-accurate"] = r
        if not r["scored"]:
            result.skipped.append(
                f"{task} skipped: the shipped sentence model trained on all {r['rows']} rows of {path.name} "
                f"({r['repeats']} repeats dropped); give a held-out split (--set {names[0]}=FILE)"
            )
            continue
        key = "f1m" if dataset == "babe" else "f1_pos"
        result.rows.append(
            AccuracyRow(task, f"{path.name}: {r['scored']} rows unseen in training ({r['seen']} seen and "
                        f"{r['repeats']} repeats left out)", metric, r[key], None, published)
        )  # fmt: skip


def run_accuracy(
    data: Path | None = None,
    *,
    files: Mapping[str, Path] | None = None,
    modes: Sequence[str] = ("fast", "accurate"),
    on_line: Callable[[str], object] = lambda s: None,
) -> AccuracyResult:
    """Score every gold set and the public datasets named in ``files`` (or found under ``data``: see
    :mod:`slant.bench.sets`), and compare with the floors."""
    from slant.bench.sets import resolve

    result = AccuracyResult()
    on_line("gold sets ...")
    _gold_rows(result, floors())
    chosen = resolve(data, files or {})
    if chosen:
        on_line("datasets: " + ", ".join(f"{k}={v}" for k, v in sorted(chosen.items())))
        _dataset_rows(result, chosen, modes)
    return result
