"""The actor resource files (``slant/resources/actors/*.tsv``), loaded once per process.

Each file is tab-separated with a header and a ``why`` column; ``#`` lines are comments. See the README
next to the files for what each one is for.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from slant.analyze.common._resources import read_tsv

RESOURCE_PACKAGE = "slant"
RESOURCE_DIR = "resources/actors"


@dataclass(frozen=True, slots=True)
class Title:
    """A title: ``honorific`` (kept in a mention), ``role`` or ``postnominal`` (left out)."""

    text: str
    kind: str
    gender: str | None


@dataclass(frozen=True, slots=True, eq=False)
class Lexicon:
    """Everything the actor rules look up, keyed for O(1) access."""

    titles: dict[str, Title]  # "Mr", "Prime Minister" (case-sensitive)
    title_words: dict[str, int]  # first word of a title -> the longest title's word count
    parties: dict[str, str]  # surface (case-sensitive) -> canonical party name
    groups: dict[str, str]  # surface (lower-case) -> canonical group name
    group_adjectives: dict[str, str]  # lower-case adjective -> canonical group name, before a people noun only
    places: frozenset[str]  # place names (case-sensitive)
    place_suffixes: frozenset[str]  # final words marking a place
    place_prefixes: frozenset[str]  # first words marking a place ("Lower", "Upper")
    place_endings: tuple[str, ...]  # word endings marking a place ("shire")
    place_cues: frozenset[str]  # "mp for", "borough of" (lower-case)
    place_before: frozenset[str]  # "in": before a mistyped name, marks a place
    place_after: frozenset[str]  # "ward": after a mistyped name, marks a place
    orgs: dict[str, str]  # institution surface -> canonical name ("Commons" -> "House of Commons")
    org_words: dict[str, str]  # head word -> "org" | "party"
    law_words: frozenset[str]  # head words of law titles ("Bill", "Act"): such a name is no actor
    org_nouns: dict[str, str]  # lower-case noun -> "org" | "party" ("the union X", "X, the charity")
    non_actors: frozenset[str]  # lower-case mentions that are never actors alone
    first_names: dict[str, str]  # given name -> "m" | "f"
    known_people: tuple[str, ...]  # canonical spellings of well-known people
    nicknames: dict[str, frozenset[str]]  # lower-case familiar form -> lower-case full given names
    section_labels: frozenset[str]  # page labels glued before a name ("Opinion", "Watch")


def _rows(name: str) -> list[dict[str, str]]:
    return read_tsv(RESOURCE_DIR, name)


@lru_cache(maxsize=1)
def load_lexicon() -> Lexicon:
    """Read and index every actor resource file (cached)."""
    titles = {
        r["title"]: Title(r["title"], r["kind"], None if r["gender"] == "-" else r["gender"])
        for r in _rows("titles.tsv")
    }
    title_words: dict[str, int] = {}
    for t in titles:
        words = t.split()
        title_words[words[0]] = max(title_words.get(words[0], 0), len(words))
    places = _rows("places.tsv")
    suffixes = [r["surface"] for r in places if r["type"] == "suffix"]
    org_rows = _rows("org_words.tsv")
    return Lexicon(
        titles=titles,
        title_words=title_words,
        parties={r["surface"]: r["canonical"] for r in _rows("parties.tsv")},
        groups={r["surface"].lower(): r["canonical"] for r in _rows("groups.tsv")},
        group_adjectives={r["adjective"].lower(): r["canonical"] for r in _rows("group_adjectives.tsv")},
        places=frozenset(r["surface"] for r in places if r["type"] == "name"),
        place_suffixes=frozenset(s for s in suffixes if not s.startswith("-")),
        place_prefixes=frozenset(r["surface"] for r in places if r["type"] == "prefix"),
        place_endings=tuple(s[1:] for s in suffixes if s.startswith("-")),
        place_cues=frozenset(r["surface"].lower() for r in places if r["type"] == "cue"),
        place_before=frozenset(r["surface"].lower() for r in places if r["type"] == "before"),
        place_after=frozenset(r["surface"].lower() for r in places if r["type"] == "after"),
        orgs={r["surface"]: r["canonical"] for r in _rows("orgs.tsv")},
        org_words={r["word"]: r["kind"] for r in org_rows if r["kind"] in ("org", "party")},
        law_words=frozenset(r["word"] for r in org_rows if r["kind"] == "law"),
        org_nouns={r["word"]: r["kind"].removesuffix("-noun") for r in org_rows if r["kind"].endswith("-noun")},
        non_actors=frozenset(r["word"].lower() for r in _rows("non_actors.tsv")),
        first_names={r["name"]: r["gender"] for r in _rows("first_names.tsv")},
        known_people=tuple(r["name"] for r in _rows("known_people.tsv")),
        nicknames={
            r["nickname"].casefold(): frozenset(f.strip().casefold() for f in r["full"].split(","))
            for r in _rows("nicknames.tsv")
        },
        section_labels=frozenset(r["label"] for r in _rows("section_labels.tsv")),
    )
