"""Roles: the nouns that name a person by office or job, and the words that make a role another role.

Read once from the resource files the analysers share: the one-word role titles of ``actors/titles.tsv``,
the speaker nouns of ``quotes/speaker_nouns.tsv`` by class, and ``quotes/role_modifiers.tsv`` ("deputy",
"shadow": rank; "former": time).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from slant.analyze.common._lexicon import load_lexicon
from slant.analyze.common._resources import read_tsv


@lru_cache(maxsize=4)
def role_nouns(classes: tuple[str, ...] = ("role",)) -> frozenset[str]:
    """Lower-case nouns that name a person by role: one-word role titles and the speaker nouns of ``classes``."""
    titles = {t.lower() for t, title in load_lexicon().titles.items() if title.kind == "role" and " " not in t}
    nouns = {r["noun"].lower() for r in read_tsv("resources/quotes", "speaker_nouns.tsv") if r["class"] in classes}
    return frozenset(titles | nouns)


@lru_cache(maxsize=1)
def _role_modifiers() -> dict[str, str]:
    return {r["word"].lower(): r["scope"] for r in read_tsv("resources/quotes", "role_modifiers.tsv")}


def modifiers(words: Iterable[str]) -> set[str]:
    """The role modifiers among ``words`` ("ex-mayor" gives "ex")."""
    table = _role_modifiers()
    return {p for w in words for p in w.replace("’", "'").split("-") if p in table}


def agree(mine: set[str], theirs: set[str]) -> bool:
    """Whether a phrase with role modifiers ``mine`` can name a holder of a form with ``theirs``: the same
    rank words both ways, and the form's time words ("former") in the phrase too."""
    table = _role_modifiers()
    if any((m in mine) != (m in theirs) for m in mine | theirs if table[m] == "rank"):
        return False
    return all(m in mine for m in theirs if table[m] == "time")


@lru_cache(maxsize=1)
def speech_verbs() -> frozenset[str]:
    """Lemmas of the reporting verbs (``quotes/reporting_verbs.tsv``): "said", "tweeted", "wrote"."""
    return frozenset(r["lemma"].lower() for r in read_tsv("resources/quotes", "reporting_verbs.tsv"))


def has_age(tok: Any) -> bool:
    """Whether noun ``tok`` carries an age ("the 36-year-old refugee", "a 41-year-old")."""
    return any(c.lower_ == "old" and any(g.lower_ in ("year", "years") for g in c.subtree) for c in tok.lefts)


def one_person(tok: Any) -> bool:
    """Whether a definite singular noun that is a clause's subject names one person rather than a kind ("the
    Muslim" in hostile writing means all Muslims): it carries an age, a time modifier ("the former refugee"),
    or it did something one does ("the refugee tweeted", "the Somali-American has said")."""
    if tok.tag_ not in ("NN", "NNP") or tok.dep_ not in ("nsubj", "nsubjpass"):
        return False
    det = tok.left_edge
    if det.lower_ != "the" or det.head.i != tok.i:
        return False
    if has_age(tok) or any(_role_modifiers().get(p) == "time" for c in tok.lefts for p in c.lower_.split("-")):
        return True
    verb = tok.head
    return verb.lemma_.lower() in speech_verbs() and (
        verb.tag_ == "VBD" or any(c.dep_ == "aux" and c.lower_ in ("has", "had") for c in verb.children)
    )


def one_member(tok: Any) -> bool:
    """Whether ``tok`` is a party's singular member noun heading a definite subject: "the Ohio Democrat said",
    "the Tory has said" name one member, never the party ("the Democrats", "the Democratic Party")."""
    parties, word = load_lexicon().parties, tok.text
    plural = f"{word[:-1]}ies" if word.endswith("y") else f"{word}s"  # a member noun has a plural: "Tories"
    if not (word[:1].isupper() and word[1:].islower()) or plural not in parties or tok.tag_ not in ("NN", "NNP"):
        return False  # "the SNP" is the party
    det = tok.left_edge
    return tok.dep_ in ("nsubj", "nsubjpass") and det.lower_ == "the" and det.head.i == tok.i
