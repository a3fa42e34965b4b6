"""Canonical actors across articles: pure name-matching functions, no database.

Each article names its actors in its own way; the store links every article actor to one canonical actor.
The rules, in order (the kind must always be the same):

1. **Exact**: the same normalised name (:func:`match_key`: casefolded, accents stripped, punctuation and
   possessives removed, and for persons leading titles such as "Mr" or "Dr" dropped).
2. **Alias** (not for groups and places): the name is a known alias of exactly one canonical actor. A name
   that is an alias of several is ambiguous and links to none of them.
3. **Fuzzy** (persons only): a multi-word name whose rapidfuzz ratio to a multi-word canonical name is at
   least :data:`FUZZY_THRESHOLD`, with the same surname and the same initial (so "Anna X" and "Hanna X"
   stay apart). A one-word name never merges by similarity.

Groups and places merge only on the exact normalised name.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from rapidfuzz import fuzz

#: Minimum rapidfuzz ratio (0-100) between two full person names for a fuzzy merge.
FUZZY_THRESHOLD = 92.0

#: Kinds that merge by exact normalised name only.
EXACT_ONLY_KINDS = frozenset({"group", "place"})

_TITLES = frozenset(
    {
        "mr", "mrs", "ms", "miss", "mx", "dr", "prof", "professor", "sir", "dame", "lord", "lady",
        "rev", "revd", "reverend", "hon", "rt", "cllr", "councillor", "president", "senator", "sen",
        "rep", "gov", "governor", "mayor", "minister", "judge", "justice", "baroness", "baron",
    }
)  # fmt: skip
_SUFFIXES = frozenset({"jr", "sr", "mp", "mep", "msp", "qc", "kc", "obe", "mbe", "cbe"})

_POSSESSIVE = re.compile(r"['’ʼ`´]s\b")
_APOSTROPHE = re.compile(r"['’ʼ`´]")
_NON_WORD = re.compile(r"[\W_]+")


@lru_cache(maxsize=1 << 16)
def normalise_name(name: str) -> str:
    """Casefold, strip accents, drop possessives and apostrophes, turn other punctuation into spaces."""
    if name.isascii():
        text = name.casefold()  # nothing to decompose: the same result, without the per-character pass
    else:
        decomposed = unicodedata.normalize("NFKD", name)
        text = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()
    text = _POSSESSIVE.sub("", text)
    text = _APOSTROPHE.sub("", text)
    text = _NON_WORD.sub(" ", text)
    return " ".join(text.split())


@lru_cache(maxsize=1 << 16)
def match_key(name: str, kind: str) -> str:
    """The key two names must share to be the same actor: :func:`normalise_name`, minus person titles."""
    key = normalise_name(name)
    if kind != "person":
        return key
    tokens = key.split()
    while len(tokens) > 1 and tokens[0] in _TITLES:
        tokens.pop(0)
    while len(tokens) > 1 and tokens[-1] in _SUFFIXES:
        tokens.pop()
    return " ".join(tokens)


def is_one_word(key: str) -> bool:
    """True for a key of a single token ("ken"), which never merges by similarity."""
    return " " not in key


def surname(key: str) -> str:
    """The last token of a key (a person's surname)."""
    return key.rsplit(" ", 1)[-1]


def alias_keys(name: str, aliases: Iterable[str], kind: str) -> dict[str, str]:
    """Map each non-empty match key of ``name`` and its ``aliases`` to the first spelling that gave it."""
    keys: dict[str, str] = {}
    for spelling in (name, *aliases):
        key = match_key(spelling, kind)
        if key and key not in keys:
            keys[key] = spelling
    return keys


@dataclass(frozen=True, slots=True)
class Candidate:
    """A canonical actor as the matcher sees it.

    ``aliases`` holds alias keys; it may be limited to the ones relevant to the name being matched.
    """

    id: int
    kind: str
    key: str
    aliases: frozenset[str] = frozenset()


def person_similarity(a: str, b: str) -> float:
    """Similarity (0-100) of two person keys, 0 unless both are multi-word with the same surname and initial."""
    if not a or not b or is_one_word(a) or is_one_word(b):
        return 0.0
    if surname(a) != surname(b) or a[0] != b[0]:
        return 0.0
    return float(fuzz.ratio(a, b))


def choose_canonical(key: str, kind: str, candidates: Sequence[Candidate]) -> int | None:
    """The id of the canonical actor that ``key`` (a :func:`match_key`) of ``kind`` belongs to, or None."""
    if not key:
        return None
    same = [c for c in candidates if c.kind == kind]
    exact = [c.id for c in same if c.key == key]
    if exact:
        return min(exact)
    if kind in EXACT_ONLY_KINDS:
        return None
    by_alias = {c.id for c in same if key in c.aliases}
    if len(by_alias) == 1:
        return next(iter(by_alias))
    if by_alias or kind != "person" or is_one_word(key):
        return None
    best: tuple[float, int] | None = None
    for c in same:
        score = person_similarity(key, c.key)
        if score >= FUZZY_THRESHOLD and (best is None or (score, -c.id) > (best[0], -best[1])):
            best = (score, c.id)
    return None if best is None else best[1]
