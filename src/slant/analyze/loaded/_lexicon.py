"""The loaded-language lexicon (``slant/resources/loaded/*.tsv``), read and indexed once per process.

Every file is tab-separated with a header and a ``why`` column; ``#`` lines are comments. See the README
next to the files for the columns, the labels and the contexts. A ``term`` may list spelling variants
separated by ``|`` ("witch-hunt|witch hunt|witchhunt"); each variant is split into tokens the way spaCy
splits English ("so-called" -> ``so - called``, "that's rich" -> ``that 's rich``), and a term token
matches a text token when it equals the token's lower-case form or its lower-case lemma.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from slant.analyze.common import read_tsv
from slant.errors import ModelError

RESOURCE_DIR = "resources/loaded"
#: The lexicon files (each row: term, label, pos, context, unless, confidence, why).
LEXICON_FILES: tuple[str, ...] = ("people.tsv", "emphasis.tsv", "verbs.tsv", "framing.tsv", "hedges.tsv")
#: Where a word counts as loaded (see the README): anywhere, aimed at a person, introducing a reported
#: clause, as a modifier or noun (not a verb), or with a figurative (not a place) object.
CONTEXTS = frozenset({"*", "person", "clause", "modifier", "figurative"})
#: spaCy coarse tags a row may ask for.
UPOS = frozenset({"NOUN", "PROPN", "VERB", "ADJ", "ADV", "AUX", "INTJ", "X"})
#: Kinds of rows in ``quote_cues.tsv``.
CUE_KINDS = frozenset({"speech", "mention", "irony"})
#: The code of the label that the text, not the lexicon, gives (quotation marks used ironically).
SCARE_QUOTES = "scare_quotes"

_TOKEN = re.compile(r"['’]s\b|[-,.!?]|[^\s\-'’,.!?]+(?:['’](?!s\b)[^\s\-'’,.!?]+)*")


@dataclass(frozen=True, slots=True)
class Entry:
    """One lexicon row (one spelling variant): lower-case term tokens and where they count."""

    terms: tuple[str, ...]
    label: str
    pos: frozenset[str]  # empty: any part of speech
    context: str
    unless: frozenset[str]
    confidence: float
    why: str


@dataclass(frozen=True, slots=True, eq=False)
class LoadedLexicon:
    """The rows indexed by their first token, plus the labels and the helper word lists."""

    index: dict[str, tuple[Entry, ...]]  # first term token -> entries, longest first
    labels: dict[str, str]  # label code -> human label
    definitions: dict[str, str]  # label code -> what the label means (the explanation of text-found flags)
    person_nouns: frozenset[str]  # lemmas of nouns that name people or groups of people
    speech_cues: frozenset[str]  # verb lemmas that attribute a short quote to a speaker
    mention_cues: frozenset[str]  # noun lemmas that introduce a quoted word as a word ("the slogan ...")
    irony_cues: tuple[str, ...]  # lower-case text right before a quote that makes it ironic ("so-called")
    rows: int  # lexicon rows (not variants)


def split_term(term: str) -> tuple[str, ...]:
    """The tokens of a lexicon term, as spaCy splits them (lower case; curly apostrophes straightened)."""
    return tuple(t.replace("’", "'") for t in _TOKEN.findall(term.lower()))


def _entries(row: dict[str, str], name: str, labels: dict[str, str]) -> list[Entry]:
    where = f"{RESOURCE_DIR}/{name}: {row.get('term')!r}"
    label = row["label"]
    if label not in labels or label == SCARE_QUOTES:
        raise ModelError(f"{where} has the unknown label {label!r}; reinstall slant")
    context = row["context"] or "*"
    if context not in CONTEXTS:
        raise ModelError(f"{where} has the unknown context {context!r}; reinstall slant")
    pos = frozenset() if row["pos"] in ("", "*") else frozenset(row["pos"].split("|"))
    if not pos <= UPOS:
        raise ModelError(f"{where} has an unknown part of speech {row['pos']!r}; reinstall slant")
    unless = frozenset() if row["unless"] in ("", "-") else frozenset(w.lower() for w in row["unless"].split("|"))
    try:
        confidence = float(row["confidence"])
    except ValueError:
        raise ModelError(f"{where} has a confidence that is not a number; reinstall slant") from None
    if not 0.0 < confidence <= 1.0:
        raise ModelError(f"{where} has a confidence outside (0, 1]; reinstall slant")
    out = []
    for variant in row["term"].split("|"):
        terms = split_term(variant)
        if not terms:
            raise ModelError(f"{where} has an empty spelling variant; reinstall slant")
        out.append(Entry(terms, label, pos, context, unless, confidence, row["why"]))
    return out


def lexicon_rows() -> list[tuple[str, dict[str, str]]]:
    """Every lexicon row with the name of its file (for checks and documentation)."""
    return [(name, row) for name in LEXICON_FILES for row in read_tsv(RESOURCE_DIR, name)]


@lru_cache(maxsize=1)
def load_loaded_lexicon() -> LoadedLexicon:
    """Read and index the lexicon files (cached: once per process)."""
    label_rows = read_tsv(RESOURCE_DIR, "labels.tsv")
    labels = {r["code"]: r["label"] for r in label_rows}
    definitions = {r["code"]: r["why"] for r in label_rows}
    index: dict[str, list[Entry]] = {}
    rows = lexicon_rows()
    for name, row in rows:
        for e in _entries(row, name, labels):
            index.setdefault(e.terms[0], []).append(e)
    cues: dict[str, set[str]] = {k: set() for k in CUE_KINDS}
    for row in read_tsv(RESOURCE_DIR, "quote_cues.tsv"):
        if row["kind"] not in CUE_KINDS:
            raise ModelError(f"{RESOURCE_DIR}/quote_cues.tsv: unknown kind {row['kind']!r}; reinstall slant")
        cues[row["kind"]].add(row["term"].lower())
    return LoadedLexicon(
        index={k: tuple(sorted(v, key=lambda e: -len(e.terms))) for k, v in index.items()},
        labels=labels,
        definitions=definitions,
        person_nouns=frozenset(r["term"].lower() for r in read_tsv(RESOURCE_DIR, "person_nouns.tsv")),
        speech_cues=frozenset(cues["speech"]),
        mention_cues=frozenset(cues["mention"]),
        irony_cues=tuple(sorted(cues["irony"], key=len, reverse=True)),
        rows=len(rows),
    )
