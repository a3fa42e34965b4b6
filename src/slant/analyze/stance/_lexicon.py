"""The stance cue files (``slant/resources/stance/*.tsv``) and the backoff lexicon, loaded once per process.

Every file is tab-separated with a header and a ``why`` column; ``#`` lines are comments. See the README
next to the files for the meaning of roles and weights.

The backoff is the word list of vaderSentiment (MIT; the installed package's ``vader_lexicon.txt``, read,
never copied): single lower-case words only, minus ``backoff_stop.tsv``, valences (-4..4) scaled by
:data:`BACKOFF_SCALE`, role ``any``. Our own entries always win. Without the package the backoff is empty.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from slant.analyze.common import read_tsv
from slant.errors import ModelError

RESOURCE_DIR = "resources/stance"
ROLES = frozenset({"any", "subject", "object", "ironic"})
MODIFIER_KINDS = frozenset({"negator", "intensifier", "downtoner"})
RELATIONAL_KINDS = frozenset({"noun", "verb", "receive"})
FRAME_KINDS = frozenset({"irony", "past", "contrast", "emphasis"})
#: Factor from a backoff valence (-4..4) to a cue weight (our scale is -3..3, the backoff counts less).
BACKOFF_SCALE = 0.5
_WORD = re.compile(r"[a-z][a-z'-]*")


@dataclass(frozen=True, slots=True)
class CueEntry:
    """One lexicon row: a lemma (or lemma sequence), the part of speech it needs ("*": any), a weight in
    -3..3 and the role that receives it."""

    terms: tuple[str, ...]
    pos: str
    weight: float
    role: str
    event: bool = False  # a news event (news.tsv): weaker evidence of a writer's stance than a judgement


@dataclass(frozen=True, slots=True)
class Frame:
    """A rhetorical frame (``frames.tsv``): lemma sequence, kind, and whether it must open the sentence."""

    terms: tuple[str, ...]
    kind: str
    initial: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class StanceLexicon:
    """Cue lookups keyed for O(1) access."""

    words: dict[str, tuple[CueEntry, ...]]  # lower-case word or lemma -> entries (one per role/pos)
    phrases: dict[str, tuple[CueEntry, ...]]  # first lemma -> multi-word entries, longest first
    modifiers: dict[str, tuple[str, float]]  # lemma -> (kind, factor)
    backoff: dict[str, CueEntry]  # lower-case word -> general-purpose entry (role any)
    backoff_stop: frozenset[str]  # words (and lemmas) the backoff never matches
    relational_nouns: frozenset[str] = frozenset()  # "her predecessor", "her neighbour" (relational.tsv)
    relational_verbs: frozenset[str] = frozenset()  # "the committee chaired by X" (relational.tsv)
    receiving_verbs: frozenset[str] = frozenset()  # "X faced criticism": the subject receives (relational.tsv)
    frames: tuple[Frame, ...] = ()  # rhetorical frames (frames.tsv)


def _rows(name: str) -> list[dict[str, str]]:
    return read_tsv(RESOURCE_DIR, name)


def _entry(row: dict[str, str], name: str) -> CueEntry:
    role = row["role"]
    if role not in ROLES:
        raise ModelError(f"{RESOURCE_DIR}/{name}: unknown role {role!r} for {row['term']!r}")
    terms = tuple(row["term"].lower().split())
    return CueEntry(terms, row["pos"] or "*", float(row["weight"]), role, name == "news.tsv")


@lru_cache(maxsize=1)
def load_stance_lexicon() -> StanceLexicon:
    """Read and index the cue files (cached)."""
    words: dict[str, list[CueEntry]] = {}
    phrases: dict[str, list[CueEntry]] = {}
    for name in ("evaluative.tsv", "predicates.tsv", "news.tsv", "phrases.tsv"):
        for row in _rows(name):
            e = _entry(row, name)
            if len(e.terms) == 1:
                words.setdefault(e.terms[0], []).append(e)
            else:
                phrases.setdefault(e.terms[0], []).append(e)
    stop = frozenset(r["term"].lower() for r in _rows("backoff_stop.tsv"))
    modifiers: dict[str, tuple[str, float]] = {}
    for row in _rows("modifiers.tsv"):
        if row["kind"] not in MODIFIER_KINDS:
            raise ModelError(f"{RESOURCE_DIR}/modifiers.tsv: unknown kind {row['kind']!r}")
        modifiers[row["term"].lower()] = (row["kind"], float(row["factor"]))
    relational: dict[str, set[str]] = {k: set() for k in RELATIONAL_KINDS}
    for row in _rows("relational.tsv"):
        if row["kind"] not in RELATIONAL_KINDS:
            raise ModelError(f"{RESOURCE_DIR}/relational.tsv: unknown kind {row['kind']!r}")
        relational[row["kind"]].add(row["term"].lower())
    frames = []
    for row in _rows("frames.tsv"):
        if row["kind"] not in FRAME_KINDS:
            raise ModelError(f"{RESOURCE_DIR}/frames.tsv: unknown kind {row['kind']!r}")
        terms = row["term"].lower().split()
        initial = terms[0] == "^"
        frames.append(Frame(tuple(terms[1:] if initial else terms), row["kind"], initial))
    return StanceLexicon(
        words={k: tuple(v) for k, v in words.items()},
        phrases={k: tuple(sorted(v, key=lambda e: -len(e.terms))) for k, v in phrases.items()},
        modifiers=modifiers,
        backoff=_backoff(stop | frozenset(words)),
        backoff_stop=stop,
        relational_nouns=frozenset(relational["noun"]),
        relational_verbs=frozenset(relational["verb"]),
        receiving_verbs=frozenset(relational["receive"]),
        frames=tuple(frames),
    )


def _backoff(skip: frozenset[str]) -> dict[str, CueEntry]:
    """The general-purpose lexicon of the installed vaderSentiment package (empty when it is absent)."""
    try:
        raw = resources.files("vaderSentiment").joinpath("vader_lexicon.txt").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError, ModuleNotFoundError):
        return {}
    out: dict[str, CueEntry] = {}
    for line in raw.splitlines():
        parts = line.split("\t")
        if len(parts) < 2 or not _WORD.fullmatch(parts[0]) or parts[0] in skip:
            continue
        try:
            valence = float(parts[1])
        except ValueError:
            continue
        out[parts[0]] = CueEntry((parts[0],), "*", valence * BACKOFF_SCALE, "any")
    return out
