"""Score the stance analyser against the hand-written gold set (``resources/gold/stance.jsonl``).

Each gold line is ``{"id", "text", "stances": [{"holder", "target", "polarity"}]}``: short op-ed
paragraphs written for the project (invented names), the author's polarity toward one to three actors,
and, where someone is quoted, the quoted speaker's polarity (``holder`` is ``"author"`` or the speaker's
name). Names are matched to the analysed actors as in the actor gold set (:func:`match_name`).

Metrics: **author accuracy** and **author macro-F1** over positive/negative/neutral; **speaker accuracy**
over the speaker rows. A gold row whose target or holder is not found, or for which no stance is
predicted, counts as wrong (predicted label ``missing``).

Run ``python -m slant.bench.gold_stance [PATH] [--mode fast|accurate] [-v]``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from slant.bench._report import print_result
from slant.bench.gold_actors import name_key
from slant.bench.newsmtsc import metrics
from slant.models import Actor, Analysis, Article

#: The stance component of each mode.
STANCE_COMPONENT = {"fast": "slant.stance.v6", "accurate": "slant.stance-model.v6"}


def default_gold_path() -> Path:
    """The packaged gold set."""
    return Path(str(resources.files("slant").joinpath("resources/gold/stance.jsonl")))


def match_name(name: str, actors: Sequence[Actor]) -> str | None:
    """The id of the actor named ``name``: equal names first, then an alias, then a shared surname."""
    key = name_key(name)
    for a in actors:
        if name_key(a.name) == key:
            return a.id
    for a in actors:
        if key in {name_key(x) for x in a.names}:
            return a.id
    last = key.split()[-1] if key else ""
    for a in actors:
        if a.kind == "person" and last and name_key(a.name).split()[-1:] == [last]:
            return a.id
    return None


def _analyse(records: Sequence[dict[str, Any]], mode: str) -> list[Analysis]:
    from slant.pipeline import build_pipeline

    pipe = build_pipeline(("slant.actors.v12", "slant.quotes.v10", STANCE_COMPONENT[mode]))
    articles = [Article(id=r["id"], source=f"gold:{r['id']}", text=r["text"]) for r in records]
    return pipe.analyze(articles)


def score_stance(gold_path: str | Path | None = None, mode: str = "fast") -> dict[str, Any]:
    """Run actors, quotes and stance over the gold set; return the metrics (see the module docstring)."""
    path = Path(gold_path) if gold_path is not None else default_gold_path()
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    analyses = _analyse(records, mode)
    author_gold: list[str] = []
    author_pred: list[str] = []
    speaker_ok = speaker_n = 0
    errors: dict[str, list[str]] = {}
    for rec, an in zip(records, analyses, strict=True):
        by_pair = {(s.holder, s.target): s for s in an.stances}
        for row in rec["stances"]:
            holder = "author" if row["holder"] == "author" else match_name(row["holder"], an.actors)
            target = match_name(row["target"], an.actors)
            got = by_pair.get((holder or "?", target or "?"))
            pred = got.polarity if got is not None else "missing"
            if row["holder"] == "author":
                author_gold.append(row["polarity"])
                author_pred.append(pred)
            else:
                speaker_n += 1
                speaker_ok += pred == row["polarity"]
            if pred != row["polarity"]:
                detail = f" ({got.score:+.2f}: {[e.text for e in got.evidence]})" if got is not None else ""
                errors.setdefault(rec["id"], []).append(
                    f"{row['holder']} -> {row['target']}: {pred}, gold {row['polarity']}{detail}"
                )
    n = len(author_gold)
    return {
        "paragraphs": len(records),
        "mode": mode,
        "author_rows": n,
        "speaker_rows": speaker_n,
        "author_accuracy": sum(1 for g, p in zip(author_gold, author_pred, strict=True) if g == p) / n if n else 0.0,
        "author_f1m": metrics(author_gold, author_pred)["f1m"],
        "speaker_accuracy": speaker_ok / speaker_n if speaker_n else 0.0,
        "errors": errors,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures (and, with ``-v``, every error)."""
    ap = argparse.ArgumentParser(prog="python -m slant.bench.gold_stance")
    ap.add_argument("path", nargs="?", type=Path, default=None)
    ap.add_argument("--mode", choices=tuple(STANCE_COMPONENT), default="fast")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    print_result(score_stance(args.path, args.mode), verbose=args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
