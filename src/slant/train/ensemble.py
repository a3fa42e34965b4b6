"""Combine sentence models trained with different seeds into one shipped ensemble (no torch needed).

Each member is a folder that ``python -m slant.train.sentence_classifier --out`` wrote, trained with the same
``--fold-seed`` and ``--folds`` as the others, with its out-of-fold logits (``--oof``). Members may differ in
seed, input normaliser and extra training sets; the ensemble's figures cover the datasets all of them held out. The ensemble averages
the members' logits; its cross-validation figures come from averaging the same members' held-out logits fold
by fold, so they measure exactly what ships::

    python -m slant.train.ensemble --folds 5 \\
        --member models/a --oof oof/a --member models/b --oof oof/b --out src/slant/resources/models/sentence

The first member's network keeps the file name ``model.int8.onnx``; member ``i`` (from 2) is ``model-i.int8.onnx``.
"""

from __future__ import annotations

import argparse
import json
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from slant.bench.datasets import Example
from slant.errors import ModelError
from slant.nlp._onnx import CARD_FILE, TOKENIZER_FILE
from slant.nlp.sentence_model import MODEL_FILE, TASKS, member_weights
from slant.train.cv_card import cv_summary, evaluate

ENSEMBLE_NOTICE = """
Ensemble: the folder holds {n} networks of the recipe above, trained with different seeds
({files}); slant averages their logits task by task with the member weights in
model-card.json, which lists each member's settings and figures.
"""


def member_file(i: int) -> str:
    """The file name of member ``i`` (0-based) in the shipped folder."""
    return MODEL_FILE if i == 0 else MODEL_FILE.replace("model.", f"model-{i + 1}.", 1)


def _oof(folder: Path, fold: int) -> list[dict[str, Any]]:
    path = folder / f"fold{fold}.json"
    if not path.is_file():
        raise SystemExit(f"{path} is missing: run that fold with --oof {folder}")
    rows: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    return rows


def task_weights(
    weights: Sequence[Mapping[str, float]] | None, n: int, tasks: Sequence[str] = TASKS
) -> npt.NDArray[np.float64]:
    """Each member's weight on each logit column, shape ``(n, 2 * tasks)``, normalised per task (default: equal);
    the same arithmetic as the shipped model's (:func:`slant.nlp.sentence_model.member_weights`)."""
    specs = list(weights or ({} for _ in range(n)))
    for spec in specs:
        for task, value in spec.items():
            if task not in tasks or value < 0:
                raise SystemExit(f"member weight {task}={value}: give a task of {list(tasks)} and a weight >= 0")
    try:
        return np.array(member_weights([{"weights": dict(spec)} for spec in specs], tasks))
    except ModelError as exc:
        raise SystemExit("every task needs a member with a weight above 0") from exc


def parse_weights(spec: str) -> dict[str, float]:
    """``"bias=1,hate=2"`` -> ``{"bias": 1.0, "hate": 2.0}``."""
    out: dict[str, float] = {}
    for part in filter(None, (p.strip() for p in spec.split(","))):
        task, sep, value = part.partition("=")
        try:
            out[task.strip()] = float(value if sep else "missing")
        except ValueError:
            raise SystemExit(f"--member-weight {spec!r}: write TASK=WEIGHT pairs, e.g. bias=1,hate=2") from None
    return out


def ensemble_cv(
    oofs: Sequence[Path], folds: int, weights: Sequence[Mapping[str, float]] | None = None
) -> list[dict[str, Any]]:
    """Per-fold figures of the (weighted) mean of the members' held-out logits (one entry per fold, as the
    trainer writes); ``weights``: one ``{task: weight}`` per member, missing tasks weigh 1.

    Only datasets that every member held out are scored: a member trained on an extra set (slant's op-ed set)
    may join an ensemble of members that never saw it; its own card keeps its figure on that set."""
    w = task_weights(weights, len(oofs))
    out: list[dict[str, Any]] = []
    for f in range(folds):
        members = [_oof(d, f) for d in oofs]
        common = set.intersection(*({r["dataset"] for r in m} for m in members))
        members = [[r for r in m if r["dataset"] in common] for m in members]
        keys = [[(r["dataset"], r["label"]) for r in m] for m in members]
        if any(k != keys[0] for k in keys[1:]):
            raise SystemExit(
                f"fold {f}: the members' held-out rows differ; train every member with the same data, "
                "--folds and --fold-seed"
            )
        logits = sum(w[i] * np.array([r["logits"] for r in m], dtype=np.float64) for i, m in enumerate(members))
        rows = [Example("", label, dataset) for dataset, label in keys[0]]
        out.append({"fold": f, **evaluate(rows, logits)})
    return out


def combine(
    members: Sequence[Path],
    oofs: Sequence[Path],
    folds: int,
    out: Path,
    weights: Sequence[Mapping[str, float]] | None = None,
) -> dict[str, Any]:
    """Write the ensemble folder ``out`` from the member folders; returns its model card.

    ``weights``: one ``{task: weight}`` per member (missing tasks weigh 1), written into the card."""
    if len(members) != len(oofs) or len(members) < 2:
        raise SystemExit("give at least two --member folders, each followed by its --oof folder")
    cards = [json.loads((m / CARD_FILE).read_text(encoding="utf-8")) for m in members]
    for key in ("tasks", "max_length", "base_model"):
        if any(c.get(key) != cards[0].get(key) for c in cards[1:]):
            raise SystemExit(f"the members differ in {key!r}; an ensemble needs one task layout and tokenizer")
    if any((m / TOKENIZER_FILE).read_bytes() != (members[0] / TOKENIZER_FILE).read_bytes() for m in members[1:]):
        raise SystemExit("the members' tokenizer.json files differ")
    if weights is not None and len(weights) != len(members):
        raise SystemExit("give one --member-weight per --member, or none")
    cv = ensemble_cv(oofs, folds, weights)
    out.mkdir(parents=True, exist_ok=True)
    files = [member_file(i) for i in range(len(members))]
    for m, name in zip(members, files, strict=True):
        src = m / MODEL_FILE
        if src.resolve() != (out / name).resolve():
            shutil.copyfile(src, out / name)
    if (members[0] / TOKENIZER_FILE).resolve() != (out / TOKENIZER_FILE).resolve():
        shutil.copyfile(members[0] / TOKENIZER_FILE, out / TOKENIZER_FILE)
    notice = (members[0] / "NOTICE").read_text(encoding="utf-8").split("\nEnsemble:")[0].rstrip("\n") + "\n"
    (out / "NOTICE").write_text(notice + ENSEMBLE_NOTICE.format(n=len(files), files=", ".join(files)), "utf-8")
    card = {k: v for k, v in cards[0].items() if k not in ("normalise", "hyperparameters", "train_minutes")}
    card["name"] = f"slant sentence model (ensemble of {len(members)})"
    card["combine"] = "mean of the members' logits, weighted per task by each member's weights"
    card["members"] = [
        {
            "file": name,
            "normalise": c.get("normalise", ""),
            "weights": {t: float((weights[i] if weights else {}).get(t, 1.0)) for t in card.get("tasks", TASKS)},
            "hyperparameters": c.get("hyperparameters", {}),
            "train_minutes": c.get("train_minutes"),
            "data": c.get("data", {}).get("rows", {}),
            **(
                {"hatecheck_templates": c["data"].get("hatecheck_templates", "all")}
                if c.get("data", {}).get("rows", {}).get("hatecheck")
                else {}
            ),
            "cross_validation": {k: v for k, v in c.get("cross_validation", {}).items() if k != "per_fold"},
        }
        for i, (name, c) in enumerate(zip(files, cards, strict=True))
    ]
    card["cross_validation"] = cv_summary(cv, folds)
    card["size_bytes"] = sum((out / name).stat().st_size for name in files)
    (out / CARD_FILE).write_text(json.dumps(card, indent=2) + "\n", encoding="utf-8")
    return card


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m slant.train.ensemble", description=__doc__.split("\n")[0])
    p.add_argument("--member", type=Path, action="append", required=True, help="a trained model folder")
    p.add_argument("--oof", type=Path, action="append", required=True, help="that member's --oof folder")
    p.add_argument(
        "--member-weight",
        action="append",
        default=[],
        help="TASK=W[,TASK=W] per --member, in order (e.g. hate=2 to let a member count double on the hate head)",
    )
    p.add_argument("--folds", type=int, required=True)
    p.add_argument("--out", type=Path, required=True)
    args = p.parse_args(argv)
    weights = [parse_weights(spec) for spec in args.member_weight] or None
    card = combine(args.member, args.oof, args.folds, args.out, weights)
    print(json.dumps({k: v for k, v in card["cross_validation"].items() if k != "per_fold"}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
