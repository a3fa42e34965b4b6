"""Score the quote analyser against the hand-annotated gold set (``resources/gold/quotes.jsonl``).

Each gold line is ``{"id", "layouts": [...], "text", "quotes": [{"text", "start", "end", "kind",
"speaker"}]}``; ``speaker`` is the speaker actor's full name; for a speaker the text describes but does not
name ("a senior minister said", "Critics argue"), the name of that unnamed actor (the phrase without its
article); null for an unknown speaker.
Articles are short invented news and op-ed texts written for the project. Annotations follow the
conventions of :mod:`slant.analyze.quotes`: a direct quote is the words inside the marks (edge spaces
dropped, punctuation inside kept), one per stretch (an interrupted quote is two, a quote over several
paragraphs one per paragraph); an indirect quote is the reported clause without "that" and without final
punctuation; a mixed quote is the reported clause through the closing mark of its quoted fragment;
unattributed phrases of five words or fewer (scare quotes, nicknames) and quoted titles are no quotes.

Metrics (micro-averaged over the set):

* **matching**: a predicted quote matches a gold quote when their character spans overlap by at least
  50% of the longer of the two spans (:data:`LOOSE`); matching is one-to-one, largest overlap first. The
  **strict** figures use 90% (:data:`STRICT`): the boundaries must then agree almost exactly.
* **quote precision / recall / F1**: matched quotes over predicted / gold quotes.
* **speaker accuracy**: over quotes matched under the 50% rule, the share whose predicted speaker is
  right: the predicted actor's name or one of its aliases equals the gold name (names compared without
  case, punctuation or titles), or both are null.
* **kind accuracy**: over the same matches, the share whose kind agrees.
* **per-layout recall**: gold quotes found, over gold quotes, in the articles tagged with each layout;
  ``layout_false_positives`` counts unmatched predictions per layout (the ``no_quote`` articles should
  have none).

Run ``python -m slant.bench.gold_quotes [PATH] [-v]`` to print the figures (``-v``: every error).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from slant.bench._report import print_result
from slant.bench.gold_actors import name_key
from slant.models import Actor, Quote

#: Overlap (share of the longer span) for a match.
LOOSE = 0.5
#: Overlap for a strict match.
STRICT = 0.9


def default_gold_path() -> Path:
    """The packaged gold set."""
    return Path(str(resources.files("slant").joinpath("resources/gold/quotes.jsonl")))


def holdout_path() -> Path:
    """The packaged hold-out set (written after the rules were final; never tuned on)."""
    return Path(str(resources.files("slant").joinpath("resources/gold/quotes-holdout.jsonl")))


def overlap(a: tuple[int, int], b: tuple[int, int]) -> float:
    """Shared characters of two spans over the length of the longer one."""
    shared = min(a[1], b[1]) - max(a[0], b[0])
    longer = max(a[1] - a[0], b[1] - b[0])
    return shared / longer if shared > 0 and longer > 0 else 0.0


def match_quotes(gold: Sequence[dict[str, Any]], pred: Sequence[Quote], threshold: float) -> dict[int, int]:
    """Gold index -> predicted index, one-to-one, largest overlap first, overlap >= ``threshold``."""
    pairs = []
    for g, gq in enumerate(gold):
        for p, pq in enumerate(pred):
            o = overlap((gq["start"], gq["end"]), (pq.start, pq.end))
            if o >= threshold:
                pairs.append((o, g, p))
    pairs.sort(reverse=True)
    out: dict[int, int] = {}
    used: set[int] = set()
    for _, g, p in pairs:
        if g not in out and p not in used:
            out[g] = p
            used.add(p)
    return out


def speaker_ok(gold_name: str | None, pred: Quote, actors: Sequence[Actor]) -> bool:
    """True when the predicted speaker is the gold speaker (see the module docstring)."""
    if gold_name is None or pred.speaker is None:
        return gold_name is None and pred.speaker is None
    actor = next((a for a in actors if a.id == pred.speaker), None)
    if actor is None:
        return False
    key = name_key(gold_name)
    return key in {name_key(n) for n in (actor.name, *actor.names)}


@dataclass
class _Tally:
    gold: int = 0
    pred: int = 0
    loose: int = 0
    strict: int = 0
    speaker_ok: int = 0
    kind_ok: int = 0
    layout_gold: dict[str, int] = field(default_factory=dict)
    layout_found: dict[str, int] = field(default_factory=dict)
    layout_fp: dict[str, int] = field(default_factory=dict)


def _name_of(q: Quote, actors: Sequence[Actor]) -> str:
    actor = next((a for a in actors if a.id == q.speaker), None)
    return actor.name if actor else f"null ({q.speaker_name})"


def _score_article(rec: dict[str, Any], quotes: Sequence[Quote], actors: Sequence[Actor], t: _Tally) -> list[str]:
    gold = rec["quotes"]
    loose = match_quotes(gold, quotes, LOOSE)
    strict = match_quotes(gold, quotes, STRICT)
    t.gold += len(gold)
    t.pred += len(quotes)
    t.loose += len(loose)
    t.strict += len(strict)
    errors: list[str] = []
    for layout in rec.get("layouts", []):
        t.layout_gold[layout] = t.layout_gold.get(layout, 0) + len(gold)
        t.layout_found[layout] = t.layout_found.get(layout, 0) + len(loose)
        t.layout_fp[layout] = t.layout_fp.get(layout, 0) + len(quotes) - len(loose)
    for g, gq in enumerate(gold):
        p = loose.get(g)
        if p is None:
            errors.append(f"missed {gq['kind']} {gq['text'][:70]!r} ({gq['speaker']})")
            continue
        q = quotes[p]
        if speaker_ok(gq["speaker"], q, actors):
            t.speaker_ok += 1
        else:
            errors.append(f"speaker of {gq['text'][:50]!r}: {_name_of(q, actors)} (gold {gq['speaker']})")
        if q.kind == gq["kind"]:
            t.kind_ok += 1
        else:
            errors.append(f"kind of {gq['text'][:50]!r}: {q.kind} (gold {gq['kind']})")
        if g not in strict:
            errors.append(f"boundaries: {q.text[:70]!r} (gold {gq['text'][:70]!r})")
    matched = set(loose.values())
    for p, q in enumerate(quotes):
        if p not in matched:
            errors.append(f"extra {q.kind} {q.text[:70]!r} ({_name_of(q, actors)})")
    return errors


def _ratio(a: float, b: float) -> float:
    return a / b if b else 0.0


def _f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r else 0.0


def score_quotes(gold_path: str | Path | None = None) -> dict[str, Any]:
    """Run actors + quotes over the gold set and return the metrics (see the module docstring).

    The result holds ``quote_precision``, ``quote_recall``, ``quote_f1`` (50% overlap), the same three
    with ``strict_`` in front (90% overlap), ``speaker_accuracy``, ``kind_accuracy``, ``per_layout_recall``,
    ``layout_false_positives``, the raw ``counts`` and ``errors`` (per article id, readable lines).
    """
    from slant.analyze.actors import extract_actors
    from slant.analyze.quotes import extract_quotes
    from slant.nlp import load_nlp

    path = Path(gold_path) if gold_path is not None else default_gold_path()
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    nlp = load_nlp()
    t = _Tally()
    errors: dict[str, list[str]] = {}
    for rec, doc in zip(records, nlp.pipe(r["text"] for r in records), strict=True):
        actors, pronouns = extract_actors(doc)
        quotes = extract_quotes(doc, actors, pronouns)
        errs = _score_article(rec, quotes, actors, t)
        if errs:
            errors[rec["id"]] = errs
    p, r = _ratio(t.loose, t.pred), _ratio(t.loose, t.gold)
    sp, sr = _ratio(t.strict, t.pred), _ratio(t.strict, t.gold)
    return {
        "articles": len(records),
        "quote_precision": p,
        "quote_recall": r,
        "quote_f1": _f1(p, r),
        "strict_precision": sp,
        "strict_recall": sr,
        "strict_f1": _f1(sp, sr),
        "speaker_accuracy": _ratio(t.speaker_ok, t.loose),
        "kind_accuracy": _ratio(t.kind_ok, t.loose),
        "per_layout_recall": {k: _ratio(t.layout_found[k], n) for k, n in sorted(t.layout_gold.items()) if n},
        "layout_false_positives": dict(sorted(t.layout_fp.items())),
        "counts": {
            "gold": t.gold,
            "predicted": t.pred,
            "matched": t.loose,
            "matched_strict": t.strict,
            "speaker_correct": t.speaker_ok,
            "kind_correct": t.kind_ok,
        },
        "errors": errors,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures (and, with ``-v``, every error)."""
    args = list(sys.argv[1:] if argv is None else argv)
    paths = [a for a in args if a != "-v"]
    print_result(score_quotes(paths[0] if paths else None), verbose="-v" in args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
