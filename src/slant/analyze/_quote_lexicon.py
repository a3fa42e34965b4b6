"""The quote resource files (``slant/resources/quotes/*.tsv``), loaded once per process.

``reporting_verbs.tsv`` maps a verb lemma to its cue type; ``speaker_nouns.tsv`` lists head nouns of
speaker phrases that name no actor. Both have a ``why`` for every entry (see the README beside them).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from slant.errors import ModelError

RESOURCE_DIR = "resources/quotes"

#: The prepositional cue that has no verb.
ACCORDING_TO = "according to"


@dataclass(frozen=True, slots=True)
class QuoteLexicon:
    """Reporting verbs (lemma -> cue type) and speaker nouns (lower-case lemma -> class)."""

    verbs: dict[str, str]
    speaker_nouns: dict[str, str]


def _rows(name: str) -> list[dict[str, str]]:
    """Rows of one resource file as dicts; comments and blank lines skipped; every row needs a why."""
    try:
        raw = resources.files("slant").joinpath(f"{RESOURCE_DIR}/{name}").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError, ModuleNotFoundError) as exc:
        raise ModelError(f"the resource file {RESOURCE_DIR}/{name} is missing ({exc}); reinstall slant") from exc
    lines = [ln for ln in raw.splitlines() if ln.strip() and not ln.startswith("#")]
    reader = csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE)
    rows = [{k: (v or "").strip() for k, v in row.items() if k} for row in reader]
    if any(not r.get("why") for r in rows):
        raise ModelError(f"the resource file {RESOURCE_DIR}/{name} has an entry without a 'why'; reinstall slant")
    return rows


@lru_cache(maxsize=1)
def load_quote_lexicon() -> QuoteLexicon:
    """Read both quote resource files (cached)."""
    verbs = {r["lemma"].lower(): r["cue_type"] for r in _rows("reporting_verbs.tsv")}
    nouns = {r["noun"].lower(): r["class"] for r in _rows("speaker_nouns.tsv")}
    return QuoteLexicon(verbs=verbs, speaker_nouns=nouns)


def cue_of(tok: Any, lex: QuoteLexicon) -> tuple[str, str] | None:
    """(cue, cue type) when ``tok`` is a reporting verb."""
    if tok.pos_ != "VERB":
        return None
    lemma = tok.lemma_.lower()
    for c in tok.children:
        if c.dep_ == "prt":
            key = f"{lemma} {c.lower_}"
            if key in lex.verbs:
                return key, lex.verbs[key]
    cue_type = lex.verbs.get(lemma)
    return None if cue_type is None else (lemma, cue_type)
