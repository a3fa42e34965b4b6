"""Recall for the hate detector in accurate mode: the hate head of the fine-tuned sentence model.

``slant.tropes.v1`` finds catalogued tropes by rule and explains them; this component adds a flag where the
classifier (trained on ISCA antisemitism tweets and the ToxiGen statements, see
:mod:`slant.train.sentence_classifier`) rates a sentence hateful with high probability, the sentence names a
group of the trope catalogue, and no rule flag already covers it. Its explanation says plainly that no
catalogued trope matched, so a moderator knows to judge it by hand. Reporting that names hate in order to
reject it ("condemned the slur", "an antisemitic conspiracy theory") gets the ``discussed`` voice.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, ClassVar, Literal

from slant.analyze._trope_catalogue import Group, load_catalogue
from slant.analyze.base import Component, Context
from slant.analyze.bias import voice_of
from slant.models import Flag, Quote

#: Probability from which a sentence is flagged. High, because the gate allows at most 3% false positives
#: on legitimate uses of the same words (minimal pairs) and sharp political criticism must stay unflagged.
HATE_THRESHOLD = 0.8

#: Words that show a sentence reports or rejects hate rather than voicing it.
_DISCUSSION = re.compile(
    r"\b(condemn\w*|denounc\w*|smear\w*|tropes?|conspiracy theor\w*|antisemit\w*|racis[mt]\w*|bigot\w*|"
    r"islamophob\w*|homophob\w*|hate speech|hate crimes?|slurs?|prejudice\w*|apologi[sz]\w*)\b",
    re.I,
)


@lru_cache(maxsize=1)
def _group_patterns() -> tuple[tuple[Group, re.Pattern[str]], ...]:
    out = []
    for g in load_catalogue().groups:
        words = sorted({*g.nouns, *g.adjectives, *g.mass_nouns}, key=len, reverse=True)
        cased = sorted(set(g.cased), key=len, reverse=True)
        parts = []
        if words:
            parts.append(r"(?i:\b(?:" + "|".join(re.escape(w) for w in words) + r")\b)")
        if cased:
            parts.append(r"\b(?:" + "|".join(re.escape(w) for w in cased) + r")\b")
        if parts:
            out.append((g, re.compile("|".join(parts))))
    return tuple(out)


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
) -> list[Flag]:
    """Classifier flags for the sentences over the threshold that name a group and carry no hate flag yet."""
    taken = [(f.start, f.end) for f in flags if f.kind in ("hate", "contested")]
    out: list[Flag] = []
    for start, end, probs in sentence_probs:
        p = float(probs.get("hate", 0.0))
        if p < HATE_THRESHOLD or any(a < end and start < b for a, b in taken):
            continue
        sentence = text[start:end]
        group = group_in(sentence)
        if group is None:
            continue
        voice: Literal["author", "quoted", "discussed"] = (
            "discussed" if _DISCUSSION.search(sentence) else voice_of(start, end, quotes)
        )
        out.append(
            Flag(
                kind="hate",
                code="HATE-MODEL",
                label="hostile generalisation about a group (classifier)",
                start=start,
                end=end,
                text=sentence,
                voice=voice,
                target_group=group.name,
                explanation=(
                    f"Our hate classifier rates this sentence about {group.name.lower()} as hateful ({p:.0%}). "
                    "No catalogued trope matched, so judge it by hand: is a whole group blamed, demeaned or "
                    "threatened, or is a person, party or policy criticised?"
                ),
                confidence=round(p * 0.8, 4),
            )
        )
    return out


class HateModelComponent(Component):
    """Adds classifier hate flags (accurate mode; needs the sentence probabilities of ``slant.bias-model.v1``)."""

    name: ClassVar[str] = "slant.hate-model.v1"
    requires: ClassVar[tuple[str, ...]] = ("doc", "quotes", "flags", "sentence_probs")
    provides: ClassVar[tuple[str, ...]] = ("flags",)

    def __call__(self, ctx: Context) -> None:
        probs: Sequence[tuple[int, int, dict[str, float]]] = ctx.data.get("sentence_probs", ())
        flags: Sequence[Any] = ctx.data.get("flags", ())
        extra = model_flags(ctx.article.text, probs, flags, ctx.data.get("quotes", ()))
        ctx.data["flags"] = (*flags, *extra)
