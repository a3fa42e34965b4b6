"""SEESAW benchmark: entity-to-entity support/oppose triplets (evaluation only).

SEESAW (Zhang, Beauchamp and Wang, EMNLP 2022, https://github.com/launchnlp/SEESAW, CC BY-NC-SA 4.0) has
609 news articles split into sentences, with sentence-level stance triplets ``(subject, POS|NEG, object)``
between the entities listed for each article. The data is non-commercial: slant only evaluates on it and
never ships it or anything trained on it. Download the raw ``SEESAW/`` folder (``articles/``,
``annotations/``, ``meta/``) and pass its parent (or the folder itself) as ``root``.

How slant is scored (:func:`score_seesaw`):

* each article of the chosen splits (``meta/*.json`` ``Split``) is the sentences joined by one space; slant
  runs actors, quotes (when the component is installed) and relations on it;
* an actor **matches** an entity when one of its names (name or alias, lower-cased, accents, punctuation,
  titles and suffixes such as "Jr" removed) equals the entity's canonical name; or, for people, when the
  surnames agree and the given names agree or one side has none ("Mr. Obama", "Obama" -> "Barack Obama");
  or through the party synonyms below ("GOP", "Republicans" -> "Republican Party"; an entity "Senate
  Republicans" or "House Democrats" is taken for the party). An actor takes the
  first listed entity that matches (a full-name match wins over a surname match);
* a relation becomes a predicted triplet ``(source entity, POS|NEG, target entity)`` when both actors match
  entities; relations with an unmatched end are counted (``unmatched_predictions``) but not scored, since
  SEESAW only annotates listed entities;
* gold triplets count only when subject and object are both listed entities (not ``None`` or ``Not in the
  list``); the annotators' triplets are pooled and deduplicated;
* **sentence level**: a prediction matches a gold triplet with the same entities and polarity whose sentence
  id lies under the relation's evidence sentence; **article level**: sets of ``(s, p, o)`` per article.
  Precision counts matching predictions, recall counts matched gold triplets (micro-averaged);
* ``actor_pairs`` repeats both levels with only the gold triplets whose two entities are People,
  Organization or GPE (SEESAW's Topic/Event entities, such as a bill, can never be slant actors).

Published figure: Table 3 of the paper reports triplet F1 for generative models trained on SEESAW; slant's
rules are not trained and the exact numbers were not verified here (see ``PUBLISHED``).
"""

from __future__ import annotations

import json
import re
import sys
import time
import unicodedata
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: The published figure we compare with: not verified (the paper could not be consulted offline).
PUBLISHED = "not verified"

TITLES = frozenset(
    {
        "mr", "mrs", "ms", "miss", "dr", "sen", "senator", "rep", "representative", "gov", "governor",
        "president", "pres", "vice", "secretary", "sec", "speaker", "gen", "general", "rev", "judge",
        "justice", "attorney", "former", "the",
    }
)  # fmt: skip
SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})
#: Party synonyms (US and UK) mapped to SEESAW's canonical party names.
SYNONYMS = {
    "republicans": "republican party",
    "republican": "republican party",
    "gop": "republican party",
    "democrats": "democratic party",
    "democrat": "democratic party",
    "democratic": "democratic party",
}
SKIP_ENTITIES = frozenset({"none", "not in the list"})
#: SEESAW entity types that name actors (the others are topics, events and things).
ACTOR_TYPES = frozenset({"People", "Organization", "GPE"})


def normalise(name: str) -> str:
    """Lower-case, accents and punctuation removed, titles and suffixes dropped, spaces collapsed."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c)).lower()
    text = re.sub(r"[’']s\b", "", text)
    words = re.sub(r"[^a-z0-9 ]+", " ", text).split()
    while words and words[0] in TITLES:
        words = words[1:]
    while words and words[-1] in SUFFIXES:
        words = words[:-1]
    return " ".join(words)


@dataclass(frozen=True, slots=True)
class Entity:
    """A listed SEESAW entity: canonical name, normalised name, and whether it is a person."""

    name: str
    key: str
    person: bool
    #: People, Organization or GPE: what slant can take for an actor (Topic, Event, Others cannot be).
    actor_like: bool = True


#: Chamber words before a party name in an entity ("Senate Republicans" -> the Republican Party).
CHAMBERS = frozenset({"senate", "house", "congressional", "us"})


def _entity(name: str, types: Sequence[str]) -> Entity:
    key = normalise(name)
    words = key.split()
    if len(words) == 2 and words[0] in CHAMBERS and words[1] in SYNONYMS:
        key = words[1]
    actor_like = bool(set(types) & ACTOR_TYPES) or not types
    return Entity(name, SYNONYMS.get(key, key), "People" in types and len(words) >= 2, actor_like)


def match_actor(names: Iterable[str], kind: str, entities: Sequence[Entity]) -> str | None:
    """The canonical name of the entity an actor with these names matches, else None (see module doc)."""
    keys = [SYNONYMS.get(k, k) for k in (normalise(n) for n in names) if k]
    for e in entities:
        if e.key in keys:
            return e.name
    if kind not in ("person", "other"):
        return None
    for e in entities:
        if not e.person:
            continue
        first, last = e.key.split()[0], e.key.split()[-1]
        for k in keys:
            words = k.split()
            if words[-1] == last and (len(words) == 1 or words[0] == first or words[0][:1] == first[:1]):
                return e.name
    return None


@dataclass(slots=True)
class _Counts:
    pred: int = 0
    pred_ok: int = 0
    gold: int = 0
    gold_ok: int = 0

    def scores(self) -> dict[str, float | int]:
        p = self.pred_ok / self.pred if self.pred else 0.0
        r = self.gold_ok / self.gold if self.gold else 0.0
        f = 2 * p * r / (p + r) if p + r else 0.0
        return {
            "precision": round(p, 4),
            "recall": round(r, 4),
            "f1": round(f, 4),
            "predicted": self.pred,
            "predicted_correct": self.pred_ok,
            "gold": self.gold,
            "gold_found": self.gold_ok,
        }


def _dataset_dir(root: Path) -> Path:
    for cand in (root, root / "SEESAW"):
        if (cand / "meta").is_dir() and (cand / "articles").is_dir():
            return cand
    raise FileNotFoundError(
        f"{root}: no SEESAW folder (meta/, articles/, annotations/); download it from "
        "https://github.com/launchnlp/SEESAW and pass the folder that holds them"
    )


def articles(root: Path, splits: Sequence[str] = ("train", "valid"), limit: int | None = None) -> Iterator[Path]:
    """Paths of the article files of the given splits, in story order (at most ``limit``)."""
    data = _dataset_dir(root)
    n = 0
    for meta in sorted((data / "meta").glob("*.json")):
        if json.loads(meta.read_text(encoding="utf-8")).get("Split") not in splits:
            continue
        for path in sorted((data / "articles").glob(f"{meta.stem}_DOCUMENT_*.json")):
            if limit is not None and n >= limit:
                return
            n += 1
            yield path


def _load(path: Path) -> tuple[str, list[tuple[int, int, int]], dict[str, Any]]:
    """Article text, sentence ranges ``(id, start, end)`` and its annotation."""
    art = json.loads(path.read_text(encoding="utf-8"))
    ann = json.loads((path.parent.parent / "annotations" / path.name).read_text(encoding="utf-8"))
    parts: list[str] = []
    ranges: list[tuple[int, int, int]] = []
    pos = 0
    for s in art["text"]:
        t = str(s["text"]).strip()
        ranges.append((int(s["id"]), pos, pos + len(t)))
        parts.append(t)
        pos += len(t) + 1
    return " ".join(parts), ranges, ann


def _gold(ann: dict[str, Any], entities: dict[str, Entity]) -> set[tuple[int, str, str, str]]:
    out = set()
    for sid, triplets in (ann.get("sentence-level stances") or {}).items():
        for t in triplets:
            s, o = str(t.get("subject", "")), str(t.get("object", ""))
            if s.lower() in SKIP_ENTITIES or o.lower() in SKIP_ENTITIES or s not in entities or o not in entities:
                continue
            out.add((int(sid), s, str(t.get("sentiment")), o))
    return out


def _components() -> list[Any]:
    from slant.analyze.actors import ActorsComponent
    from slant.analyze.relations import RelationsComponent

    comps: list[Any] = [ActorsComponent()]
    try:
        from slant.analyze.quotes import QuotesComponent  # type: ignore[import-not-found, unused-ignore]

        comps.append(QuotesComponent())
    except ImportError:  # the quotes analyser is optional here; relations then see no quotes
        pass
    comps.append(RelationsComponent())
    return comps


def score_seesaw(root: Path, splits: Sequence[str] = ("train", "valid"), *, limit: int | None = None) -> dict[str, Any]:
    """Run slant over SEESAW articles and score its relations as entity triplets (see the module doc)."""
    from slant.analyze.base import Context
    from slant.models import Article
    from slant.nlp import load_nlp

    paths = list(articles(Path(root), splits, limit))
    loaded = [_load(p) for p in paths]
    nlp = load_nlp()
    comps = _components()
    sent_level, art_level, sent_actors, art_actors = _Counts(), _Counts(), _Counts(), _Counts()
    unmatched = relations = 0
    started = time.perf_counter()
    docs = nlp.pipe((text for text, _, _ in loaded), batch_size=32)
    for path, (text, ranges, ann), doc in zip(paths, loaded, docs, strict=True):
        ctx = Context(article=Article(id=path.stem, source=str(path), text=text), doc=doc)
        ctx.data.setdefault("quotes", ())
        for comp in comps:
            comp(ctx)
        ents = [_entity(str(e[0]), e[1] if len(e) > 1 else []) for e in ann.get("entity lists") or []]
        by_name = {e.name: e for e in ents}
        gold = _gold(ann, by_name)
        match = {a.id: match_actor((a.name, *a.names), a.kind, ents) for a in ctx.data["actors"]}
        preds: set[tuple[frozenset[int], str, str, str]] = set()
        for r in ctx.data["relations"]:
            relations += 1
            s, o = match.get(r.source), match.get(r.target)
            if s is None or o is None or s == o:
                unmatched += 1
                continue
            sids = frozenset(i for i, a, b in ranges if a < r.evidence.end and b > r.evidence.start)
            preds.add((sids, s, "POS" if r.polarity == "support" else "NEG", o))
        _score_sentences(preds, gold, sent_level)
        _score_articles({p[1:] for p in preds}, {g[1:] for g in gold}, art_level)
        actor_gold = {g for g in gold if by_name[g[1]].actor_like and by_name[g[3]].actor_like}
        _score_sentences(preds, actor_gold, sent_actors)
        _score_articles({p[1:] for p in preds}, {g[1:] for g in actor_gold}, art_actors)
    seconds = time.perf_counter() - started
    return {
        "dataset": "SEESAW",
        "splits": list(splits),
        "articles": len(paths),
        "relations": relations,
        "unmatched_predictions": unmatched,
        "sentence_level": sent_level.scores(),
        "article_level": art_level.scores(),
        "actor_pairs": {"sentence_level": sent_actors.scores(), "article_level": art_actors.scores()},
        "published": PUBLISHED,
        "seconds": round(seconds, 1),
    }


def _score_sentences(
    preds: set[tuple[frozenset[int], str, str, str]], gold: set[tuple[int, str, str, str]], c: _Counts
) -> None:
    c.pred += len(preds)
    c.gold += len(gold)
    found: set[tuple[int, str, str, str]] = set()
    for sids, s, p, o in preds:
        hits = {g for g in gold if g[1:] == (s, p, o) and g[0] in sids}
        if hits:
            c.pred_ok += 1
            found |= hits
    c.gold_ok += len(found)


def _score_articles(preds: set[tuple[str, str, str]], gold: set[tuple[str, str, str]], c: _Counts) -> None:
    c.pred += len(preds)
    c.gold += len(gold)
    c.pred_ok += len(preds & gold)
    c.gold_ok += len(preds & gold)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m slant.bench.seesaw PATH [SPLIT ...]``: print the scores as JSON."""
    args = list(sys.argv[1:] if argv is None else argv)
    if not args:
        print("usage: python -m slant.bench.seesaw PATH_TO_SEESAW [train valid ...]", file=sys.stderr)
        return 2
    try:
        result = score_seesaw(Path(args[0]), tuple(args[1:]) or ("train", "valid"))
    except FileNotFoundError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
