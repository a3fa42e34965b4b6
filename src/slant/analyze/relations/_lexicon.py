"""The relation resource files (``slant/resources/relations/*.tsv``), loaded once per process.

Each file is tab-separated with a header and a ``why`` column; ``#`` lines are comments (README next to them).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from slant.analyze.common import read_tsv
from slant.errors import ModelError

RESOURCE_DIR = "resources/relations"
FORMS = ("verb", "noun", "agent", "phrase", "demanded")
EFFECTS = ("light", "withdraw", "join", "demand", "refuse", "cancel", "directive", "hedge", "speech")


@dataclass(frozen=True, slots=True)
class Predicate:
    """One predicate: a verb (with particle and preposition), an event noun, an agent noun or a phrase noun."""

    lemma: str
    particles: tuple[str, ...]
    polarity: str  # support | oppose
    kind: str
    form: str
    #: Where the target sits: "obj", prepositions, and "'s" for the possessor.
    targets: tuple[str, ...]


@dataclass(frozen=True, slots=True, eq=False)
class RelationLexicon:
    """Everything the relation rules look up, keyed for O(1) access."""

    verbs: dict[str, tuple[Predicate, ...]]  # lemma -> predicates (several with different prepositions)
    nouns: dict[str, tuple[Predicate, ...]]  # lemma -> event nouns
    agents: dict[str, Predicate]  # lemma -> agent noun
    phrases: dict[str, Predicate]  # lemma -> noun that counts only under a demand governor
    demanded: dict[str, Predicate]  # lemma -> verb whose subject is the target when someone demands it
    governors: dict[str, frozenset[str]]  # "lemma" or "lemma prep" -> effects
    evaluative: dict[str, tuple[str, str]]  # word -> (polarity, kind)
    roles: frozenset[str]  # lower-case head nouns through which a named actor acts


def _rows(name: str) -> list[dict[str, str]]:
    return read_tsv(RESOURCE_DIR, name)


def _predicate(row: dict[str, str]) -> Predicate:
    words = row["phrase"].split()
    form = row["form"]
    if form not in FORMS or row["polarity"] not in ("support", "oppose"):
        raise ModelError(f"{RESOURCE_DIR}/predicates.tsv: bad row {row['phrase']!r}; reinstall slant")
    particles = (
        tuple(words[1:-1]) if form == "verb" and len(words) > 1 else tuple(words[1:]) if form == "demanded" else ()
    )
    return Predicate(words[0], particles, row["polarity"], row["kind"], form, tuple(row["target"].split("|")))


@lru_cache(maxsize=1)
def load_relation_lexicon() -> RelationLexicon:
    """Read and index every relation resource file (cached)."""
    verbs: dict[str, list[Predicate]] = {}
    nouns: dict[str, list[Predicate]] = {}
    agents: dict[str, Predicate] = {}
    phrases: dict[str, Predicate] = {}
    demanded: dict[str, Predicate] = {}
    for row in _rows("predicates.tsv"):
        p = _predicate(row)
        if p.form == "verb":
            verbs.setdefault(p.lemma, []).append(p)
        elif p.form == "noun":
            nouns.setdefault(p.lemma, []).append(p)
        elif p.form == "agent":
            agents[p.lemma] = p
        elif p.form == "demanded":
            demanded[p.lemma] = p
        else:
            phrases[p.lemma] = p
    governors: dict[str, set[str]] = {}
    for row in _rows("governors.tsv"):
        if row["effect"] not in EFFECTS:
            raise ModelError(f"{RESOURCE_DIR}/governors.tsv: unknown effect {row['effect']!r}; reinstall slant")
        governors.setdefault(row["verb"], set()).add(row["effect"])
    return RelationLexicon(
        verbs={k: tuple(v) for k, v in verbs.items()},
        nouns={k: tuple(v) for k, v in nouns.items()},
        agents=agents,
        phrases=phrases,
        demanded=demanded,
        governors={k: frozenset(v) for k, v in governors.items()},
        evaluative={r["word"]: (r["polarity"], r["kind"]) for r in _rows("evaluative.tsv")},
        roles=frozenset(r["word"].lower() for r in _rows("roles.tsv")),
    )
