"""The quote resource files (``slant/resources/quotes/*.tsv``), loaded once per process.

``reporting_verbs.tsv`` maps a verb lemma to its cue type; ``speaker_nouns.tsv`` lists head nouns of
speaker phrases that name no actor; ``sentence_openers.tsv`` lists the connectives that, capitalised right
after a reporting verb, start a glued-on sentence rather than the reported clause; ``withholding_heads.tsv``
lists the words that, governing a reporting verb, say nothing was said ("declined to say");
``finding_verbs.tsv`` lists the verbs that report only with a document or an organisation as subject ("the
report found that");
``role_modifiers.tsv`` (read by :mod:`slant.analyze.common`) lists the words that make a role noun another
role ("deputy leader"). Each has a
``why`` for every entry (see the README beside them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from slant.analyze.common import load_lexicon, read_tsv

RESOURCE_DIR = "resources/quotes"

#: The prepositional cue that has no verb.
ACCORDING_TO = "according to"


@dataclass(frozen=True, slots=True)
class QuoteLexicon:
    """Reporting verbs (lemma -> cue type), speaker nouns (lower-case lemma -> class), sentence openers and
    withholding heads."""

    verbs: dict[str, str]
    speaker_nouns: dict[str, str]
    sentence_openers: frozenset[str]
    withholding: frozenset[str]
    #: Verbs that report only with a document or an organisation as subject (``finding_verbs.tsv``).
    findings: frozenset[str] = frozenset()
    #: Nouns of speech that report their holder's "that" clause (lemma -> cue type, ``report_nouns.tsv``).
    report_nouns: dict[str, str] = field(default_factory=dict)


def _rows(name: str) -> list[dict[str, str]]:
    return read_tsv(RESOURCE_DIR, name)


@lru_cache(maxsize=1)
def load_quote_lexicon() -> QuoteLexicon:
    """Read the quote resource files (cached)."""
    verbs = {r["lemma"].lower(): r["cue_type"] for r in _rows("reporting_verbs.tsv")}
    nouns = {r["noun"].lower(): r["class"] for r in _rows("speaker_nouns.tsv")}
    openers = frozenset(r["word"] for r in _rows("sentence_openers.tsv"))
    withholding = frozenset(r["lemma"].lower() for r in _rows("withholding_heads.tsv"))
    findings = frozenset(r["lemma"].lower() for r in _rows("finding_verbs.tsv"))
    report_nouns = {r["noun"].lower(): r["cue_type"] for r in _rows("report_nouns.tsv")}
    return QuoteLexicon(
        verbs={**dict.fromkeys(findings, "neutral"), **verbs},
        speaker_nouns=nouns,
        sentence_openers=openers,
        withholding=withholding,
        findings=findings,
        report_nouns=report_nouns,
    )


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
    if cue_type is None or (lemma in lex.findings and not _finder(tok, lex)):
        return None
    return lemma, cue_type


def _finder(verb: Any, lex: QuoteLexicon) -> bool:
    """Whether a finding verb's subject is a document ("the report found") or an organisation's name: one
    ending in an organisation's head word after words of its own ("the Supreme Court ruled",
    ``org_words.tsv``; not a bare "Police found") or an acronym the model calls an organisation ("the EHRC
    found"). A person's name is not enough: "Ada Brisk found that"
    is her conclusion, not a report of speech."""
    for c in verb.children:
        if c.dep_ == "nsubj":
            if lex.speaker_nouns.get(c.lemma_.lower()) == "document":
                return True
            named = c.text in load_lexicon().org_words and any(w.dep_ == "compound" for w in c.lefts)
            return named or (c.ent_type_ == "ORG" and c.is_upper and len(c.text) > 1)
    return False
