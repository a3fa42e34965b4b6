"""Recall for the hate detector in accurate mode: a review queue from the hate head of the sentence model.

``slant.tropes.v1`` finds catalogued tropes by rule and explains them; this component adds a flag of kind
``review`` where the classifier (trained on ISCA antisemitism tweets and the ToxiGen statements, see
:mod:`slant.train.sentence_classifier`) rates a sentence hateful with high probability, the sentence names a
group of the trope catalogue (or refers back with "they" to one that the paragraph named before), and no rule
flag already covers it.

Why ``review`` and not ``hate``: on HateCheck (never trained on) the head finds most hateful cases but also
fires on many neutral or positive statements about a group and on negated hate ("I don't hate X"): at the
threshold below it flags 68% of the hateful cases and a quarter of the non-hateful ones. A moderator gets the
sentence to judge, not a verdict. Reporting that names hate in order to reject it ("condemned the slur", "an
antisemitic conspiracy theory") gets the ``discussed`` voice.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar, Literal

from slant.analyze.base import Component, Context
from slant.analyze.models._bias import voice_of
from slant.analyze.tropes import Group, load_catalogue, rule_lexicon
from slant.models import Flag, Quote

#: Probability from which a sentence is queued for review: high, because the head is over-eager on any
#: mention of a group.
HATE_THRESHOLD = 0.9

#: Words that show a sentence reports or rejects hate rather than voicing it.
_DISCUSSION = re.compile(
    r"\b(condemn\w*|denounc\w*|smear\w*|tropes?|conspiracy theor\w*|antisemit\w*|racis[mt]\w*|bigot\w*|"
    r"islamophob\w*|homophob\w*|hate speech|hate crimes?|slurs?|prejudice\w*|apologi[sz]\w*)\b",
    re.I,
)


def _plural_forms(words: frozenset[str]) -> list[str]:
    """Person nouns with their regular plurals ("family" -> "families"), longest first, for a regex."""
    forms = {w for w in words if w.isalpha()}
    forms |= {
        w[:-1] + "ies" if w.endswith("y") else w + "es" if w.endswith(("s", "sh", "ch")) else w + "s" for w in forms
    }
    return sorted(forms, key=len, reverse=True)


@lru_cache(maxsize=1)
def _group_patterns() -> tuple[tuple[Group, re.Pattern[str]], ...]:
    person = r"(?i:" + "|".join(re.escape(w) for w in _plural_forms(rule_lexicon().person)) + r")"
    out = []
    for g in load_catalogue().groups:
        # An adjective that names other things too ("black cars") counts only on a noun for people.
        loose = () if g.adjective_needs_person else g.adjectives
        words = sorted({*g.nouns, *loose, *g.mass_nouns}, key=len, reverse=True)
        cased = sorted({w for w in g.cased if w not in loose and w not in g.adjectives}, key=len, reverse=True)
        parts = []
        if words:
            parts.append(r"(?i:\b(?:" + "|".join(re.escape(w) for w in words) + r")\b)")
        if cased:
            parts.append(r"\b(?:" + "|".join(re.escape(w) for w in cased) + r")\b")
        if g.adjective_needs_person and g.adjectives:
            adjectives = "|".join(re.escape(w) for w in sorted(g.adjectives, key=len, reverse=True))
            parts.append(rf"(?i:\b(?:{adjectives})\s+{person}\b)")
        if parts:
            out.append((g, re.compile("|".join(parts))))
    return tuple(out)


#: Words that refer back to a group named in an earlier sentence ("Migrants ... They arrive with nothing").
_BACK_REFERENCE = re.compile(
    r"\b(?:they|them|their|theirs|themselves|these people|those people|their kind|that lot)\b", re.IGNORECASE
)


#: How many sentences back a "they" may reach for the group it refers to (news paragraphs run long, and a
#: "they" several sentences after a group is named is usually about someone else).
BACK_REFERENCE_REACH = 2


def review_candidates(text: str, sentences: Sequence[tuple[int, int]]) -> list[tuple[int, int, Group, bool]]:
    """The sentences the review queue scores, each with the group it is about and whether it only alludes to it.

    A sentence counts when it names a catalogue group, or when it refers back to one ("they", "these people")
    that one of the two sentences before it, in the same paragraph, named: coded tropes often name the group
    once and then speak of "them". ``sentences``: (start, end) character offsets in ``text``, in order.
    """
    out: list[tuple[int, int, Group, bool]] = []
    last: tuple[int, Group] | None = None  # the sentence index and group of the last naming
    prev_end = 0
    for i, (start, end) in enumerate(sentences):
        if "\n" in text[prev_end:start]:
            last = None  # a new paragraph
        prev_end = end
        sentence = text[start:end]
        named = group_in(sentence)
        if named is not None:
            out.append((start, end, named, False))
            last = (i, named)
        elif last is not None and i - last[0] <= BACK_REFERENCE_REACH and _BACK_REFERENCE.search(sentence):
            out.append((start, end, last[1], True))
    return out


def group_in(text: str) -> Group | None:
    """The first catalogue group named in ``text`` (by its nouns, adjectives or cased names), if any."""
    best: tuple[int, Group] | None = None
    for g, pat in _group_patterns():
        m = pat.search(text)
        if m and (best is None or m.start() < best[0]):
            best = (m.start(), g)
    return best[1] if best else None


def model_flags(
    text: str,
    sentence_probs: Sequence[tuple[int, int, dict[str, float]]],
    flags: Sequence[Flag],
    quotes: Sequence[Quote],
    alluded: Mapping[int, Group] | None = None,
) -> list[Flag]:
    """Review flags for the sentences over the threshold that name a group and carry no hate flag yet.

    ``alluded``: sentence start -> the group a sentence refers back to without naming it
    (:func:`review_candidates`)."""
    taken = [(f.start, f.end) for f in flags if f.kind in ("hate", "contested")]
    out: list[Flag] = []
    for start, end, probs in sentence_probs:
        p = float(probs.get("hate", 0.0))
        if p < HATE_THRESHOLD or any(a < end and start < b for a, b in taken):
            continue
        sentence = text[start:end]
        named = group_in(sentence)
        group = named or (alluded or {}).get(start)
        if group is None:
            continue
        about = (
            f"this sentence about {group.name.lower()}"
            if named is not None
            else f"this sentence, which refers back to {group.name.lower()} named just before,"
        )
        voice: Literal["author", "quoted", "discussed"] = (
            "discussed" if _DISCUSSION.search(sentence) else voice_of(start, end, quotes)
        )
        out.append(
            Flag(
                kind="review",
                code="HATE-MODEL",
                label="possible hate against a group: check by hand (classifier)",
                start=start,
                end=end,
                text=sentence,
                voice=voice,
                target_group=group.name,
                explanation=(
                    f"Our hate classifier rates {about} as hateful ({p:.0%}). "
                    "No catalogued trope matched, so judge it by hand: is a whole group blamed, demeaned or "
                    "threatened, or is a person, party or policy criticised?"
                ),
                confidence=round(p * 0.8, 4),
            )
        )
    return out


class HateModelComponent(Component):
    """Adds classifier ``review`` flags (accurate mode). Only sentences that name a catalogue group (or refer
    back to one named just before) and carry no rule flag are scored, so the model runs on a few sentences per
    article."""

    name: ClassVar[str] = "slant.hate-model.v5"
    requires: ClassVar[tuple[str, ...]] = ("doc", "quotes", "flags")
    provides: ClassVar[tuple[str, ...]] = ("flags",)

    def __init__(self) -> None:
        from slant.nlp.sentence_model import SentenceModel

        self.model = SentenceModel.shared()

    def __call__(self, ctx: Context) -> None:
        flags: Sequence[Any] = ctx.data.get("flags", ())
        taken = [(f.start, f.end) for f in flags if f.kind in ("hate", "contested")]
        text = ctx.article.text
        spans = [
            c
            for c in review_candidates(text, [(s.start_char, s.end_char) for s in ctx.doc.sents])
            if not any(a < c[1] and c[0] < b for a, b in taken)
        ]
        probs = self.model.predict([text[s:e] for s, e, _, _ in spans]) if spans else []
        scored = [(s, e, p) for (s, e, _, _), p in zip(spans, probs, strict=True)]
        alluded = {s: g for s, _, g, back in spans if back}
        extra = model_flags(text, scored, flags, ctx.data.get("quotes", ()), alluded)
        ctx.data["flags"] = (*flags, *extra)
