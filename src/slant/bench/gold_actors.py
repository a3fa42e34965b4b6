"""Score the actor analyser against the hand-annotated gold set (``resources/gold/actors.jsonl``).

Each gold line is ``{"id", "text", "actors": [{"name", "kind", "aliases"}], "pronouns": [{"text",
"start", "actor"}]}`` (pronouns optional). Articles are short invented news and op-ed texts written for
the project; annotations follow these conventions:

* aliases are the distinct surface forms of mentions, possessive endings and a leading "the" dropped;
* titles: honorifics (Mr, Mrs, Ms, Miss, Mx, Dr, Prof, Lord, Lady, Sir, Dame, Baron, Baroness, Cllr,
  Councillor, Rev, Rabbi, Imam) are part of the mention ("Ms Quell", "Cllr Ostby", "Sir Alan Pike");
  role titles (Senator, Governor, President, Prime Minister, Mayor, Secretary, Minister, Judge, King ...)
  and post-nominals (MP, MSP, MEP, QC, OBE ...) are not: "Senator Ada Kell" and "Ada Kell MP" are
  mentions "Ada Kell". The lists are ``resources/actors/titles.tsv`` (kind honorific / role /
  postnominal). The annotations follow this rather than the scorer forgiving titles, so that an alias
  error stays visible;
* attributive group words ("Muslim vote") are not mentions; attributive party words are ("Labour
  councillors", "the Green MP": the party is named);
* group actors are social groups that politics addresses as a bloc with shared interests (religious,
  ethnic and national groups, migrants, farmers, pensioners, renters ...); words for whoever is in a
  situation (voters, residents, parents, families, members, critics) and workforce head counts ("lost a
  fifth of its nurses") are not;
* in an article with a ``pronouns`` list, every third-person pronoun whose antecedent is an annotated
  actor is listed.

Metrics (all micro-averaged over the whole set):

* **actor matching**: a predicted actor matches a gold actor when their names are equal after
  normalisation (case, apostrophes, punctuation, a leading "the" and leading titles ignored); failing
  that, when the gold name is one of the predicted actor's aliases or the predicted name one of the gold
  aliases. Matching is one-to-one, exact names first.
* **alias precision / recall / F1**: the unit is a pair (normalised surface form, actor). A gold pair is
  found when the matched predicted actor lists that alias among its names (``Actor.names``, the aliases
  that are mentions; the describing forms an actor also carries, "Senator Ada Kell", are scored by the
  real-news bench, whose readers list them). Every predicted pair that is not a found gold
  pair is a false positive: an alias on the wrong actor, an alias that is no mention, or any alias of a
  predicted actor that matches no gold actor (a spurious actor).
* **type accuracy**: the share of matched actors whose predicted kind equals the gold kind.
* **pronoun accuracy**: the share of gold pronoun links (by start offset) whose predicted link points to
  the predicted actor matched to the gold antecedent; **pronoun precision**: correct links over all links
  predicted in the articles that have a ``pronouns`` list.

Run ``python -m slant.bench.gold_actors [PATH]`` to print the figures.
"""

from __future__ import annotations

import json
import sys
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from slant.bench._report import print_result
from slant.models import Actor

#: Titles ignored when names are compared ("Lord Harcastle" = "Harcastle").
_TITLES = frozenset(
    {
        *("mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "lord", "lady", "sir", "dame"),
        *("baroness", "baron", "cllr", "councillor", "rev", "reverend", "senator", "sen", "governor"),
        *("gov", "president", "mayor", "representative", "rep"),
    }
)


def default_gold_path() -> Path:
    """The packaged gold set."""
    return Path(str(resources.files("slant").joinpath("resources/gold/actors.jsonl")))


def alias_key(text: str) -> str:
    """Normalised surface form: case-folded, straight apostrophes, single spaces, no leading "the"."""
    t = unicodedata.normalize("NFC", text).replace("’", "'").replace("‘", "'")
    words = t.casefold().split()
    if words and words[0] == "the":
        words = words[1:]
    return " ".join(words)


def name_key(text: str) -> str:
    """Normalised name: :func:`alias_key` without punctuation and leading titles."""
    words = ["".join(ch for ch in w if ch.isalnum() or ch == "-") for w in alias_key(text).split()]
    words = [w for w in words if w]
    while len(words) > 1 and words[0] in _TITLES:
        words = words[1:]
    return " ".join(words)


@dataclass
class _Tally:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    matched: int = 0
    gold_actors: int = 0
    pred_actors: int = 0
    kind_ok: int = 0
    pron_gold: int = 0
    pron_pred: int = 0
    pron_ok: int = 0


def match_actors(gold: Sequence[dict[str, Any]], pred: Sequence[Actor]) -> dict[int, int]:
    """Gold index -> predicted index, one-to-one (see the module docstring)."""
    out: dict[int, int] = {}
    used: set[int] = set()
    for g, ga in enumerate(gold):
        key = name_key(ga["name"])
        for p, pa in enumerate(pred):
            if p not in used and name_key(pa.name) == key:
                out[g] = p
                used.add(p)
                break
    for g, ga in enumerate(gold):
        if g in out:
            continue
        key = name_key(ga["name"])
        gold_aliases = {name_key(a) for a in ga["aliases"]}
        for p, pa in enumerate(pred):
            if p in used:
                continue
            if key in {name_key(a) for a in pa.names} or name_key(pa.name) in gold_aliases:
                out[g] = p
                used.add(p)
                break
    return out


def _score_article(rec: dict[str, Any], actors: Sequence[Actor], links: Sequence[Any], t: _Tally) -> list[str]:
    gold = rec["actors"]
    m = match_actors(gold, actors)
    errors: list[str] = []
    t.gold_actors += len(gold)
    t.pred_actors += len(actors)
    t.matched += len(m)
    gold_pairs = {(alias_key(a), g) for g, ga in enumerate(gold) for a in ga["aliases"]}
    to_gold = {p: g for g, p in m.items()}
    found: set[tuple[str, int]] = set()
    for p, pa in enumerate(actors):
        for a in {alias_key(x) for x in pa.names}:
            g = to_gold.get(p)
            if g is not None and (a, g) in gold_pairs:
                found.add((a, g))
            else:
                t.fp += 1
                errors.append(f"extra alias {a!r} on {pa.name!r} ({pa.kind})")
    t.tp += len(found)
    t.fn += len(gold_pairs - found)
    errors += [f"missed alias {a!r} of {gold[g]['name']!r}" for a, g in sorted(gold_pairs - found)]
    for g, p in m.items():
        if actors[p].kind == gold[g]["kind"]:
            t.kind_ok += 1
        else:
            errors.append(f"kind of {gold[g]['name']!r}: {actors[p].kind} (gold {gold[g]['kind']})")
    if "pronouns" in rec:
        by_name = {ga["name"]: g for g, ga in enumerate(gold)}
        predicted = {span.start: aid for span, aid in links}
        t.pron_gold += len(rec["pronouns"])
        t.pron_pred += len(predicted)
        for pr in rec["pronouns"]:
            target = m.get(by_name[pr["actor"]])
            if target is not None and predicted.get(pr["start"]) == actors[target].id:
                t.pron_ok += 1
            else:
                errors.append(
                    f"pronoun {pr['text']!r}@{pr['start']} -> {predicted.get(pr['start'])} (gold {pr['actor']!r})"
                )
    return errors


def _ratio(a: float, b: float) -> float:
    return a / b if b else 0.0


def score_actors(gold_path: str | Path | None = None) -> dict[str, Any]:
    """Run the actor analyser over the gold set and return the metrics (see the module docstring).

    The result holds ``alias_precision``, ``alias_recall``, ``alias_f1``, ``type_accuracy``,
    ``pronoun_accuracy``, ``pronoun_precision``, ``actor_precision``, ``actor_recall``, the raw counts,
    and ``errors`` (per article id, readable lines for error analysis).
    """
    from slant.analyze.actors import extract_actors
    from slant.nlp import load_nlp

    path = Path(gold_path) if gold_path is not None else default_gold_path()
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    nlp = load_nlp()
    t = _Tally()
    errors: dict[str, list[str]] = {}
    for rec, doc in zip(records, nlp.pipe(r["text"] for r in records), strict=True):
        actors, links = extract_actors(doc)
        errs = _score_article(rec, actors, links, t)
        if errs:
            errors[rec["id"]] = errs
    p, r = _ratio(t.tp, t.tp + t.fp), _ratio(t.tp, t.tp + t.fn)
    return {
        "articles": len(records),
        "alias_precision": p,
        "alias_recall": r,
        "alias_f1": _ratio(2 * p * r, p + r) if p + r else 0.0,
        "type_accuracy": _ratio(t.kind_ok, t.matched),
        "pronoun_accuracy": _ratio(t.pron_ok, t.pron_gold),
        "pronoun_precision": _ratio(t.pron_ok, t.pron_pred),
        "actor_precision": _ratio(t.matched, t.pred_actors),
        "actor_recall": _ratio(t.matched, t.gold_actors),
        "counts": {
            "alias_tp": t.tp,
            "alias_fp": t.fp,
            "alias_fn": t.fn,
            "gold_actors": t.gold_actors,
            "predicted_actors": t.pred_actors,
            "matched_actors": t.matched,
            "gold_pronouns": t.pron_gold,
            "predicted_pronouns": t.pron_pred,
            "correct_pronouns": t.pron_ok,
        },
        "errors": errors,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures (and, with ``-v``, every error)."""
    args = list(sys.argv[1:] if argv is None else argv)
    paths = [a for a in args if a != "-v"]
    print_result(score_actors(paths[0] if paths else None), verbose="-v" in args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
