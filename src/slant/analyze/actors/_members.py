"""The people of a body named through it: "Labour members", "Democratic lawmakers", "members of Congress".

A party or organisation acts through its members, its lawmakers and its leadership; a reader takes "Labour
members chanted" as the party acting, and so a phrase of the body's mention and a plural membership noun
(or "members of" before it) is a form of the body: an alias without a mention. Supporters and voters are
people outside the body and are no form of it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from slant.nlp.spans import doc_text

#: Plural nouns for the people who make up a body (and its leadership), after its name or before "of".
MEMBERSHIP = frozenset(
    {
        *("members", "lawmakers", "legislators", "mps", "msps", "meps", "senators", "congressmen"),
        *("congresswomen", "councillors", "councilors", "leaders", "leadership", "officials", "bosses"),
        *("grassroots", "activists", "ministers", "representatives", "delegates"),
    }
)


def member_forms(doc: Any, spans: Iterable[tuple[int, int]]) -> list[str]:
    """Forms of a body from its mentions ``spans`` (character offsets): "<name> members", "members of
    (the) <name>"; in text order, without repeats."""
    text = doc_text(doc)
    out: list[str] = []
    for start, end in spans:
        span = doc.char_span(start, end, alignment_mode="expand")
        if span is None or not len(span):
            continue
        form = _after(text, span) or _before(text, span)
        if form and form not in out:
            out.append(form)
    return out


def _after(text: str, span: Any) -> str | None:
    doc = span.doc
    if span.end >= len(doc):
        return None
    noun = doc[span.end]
    if noun.lower_ not in MEMBERSHIP or noun.pos_ not in ("NOUN", "PROPN") or "\n" in span[-1].whitespace_:
        return None
    if span.end + 1 < len(doc) and doc[span.end + 1].pos_ in ("NOUN", "PROPN"):
        return None  # "Labour members' rights", "party leadership election": the noun modifies another
    return text[span.start_char : noun.idx + len(noun.text)]


def _before(text: str, span: Any) -> str | None:
    doc = span.doc
    i = span.start
    if i >= 1 and doc[i - 1].lower_ == "the":
        i -= 1
    if i < 2 or doc[i - 1].lower_ != "of" or doc[i - 2].lower_ not in MEMBERSHIP:
        return None
    return text[doc[i - 2].idx : span.end_char]
