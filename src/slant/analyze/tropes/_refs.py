"""Group checks for generic tropes (``group = "*"``): which group a match names, and pronoun carry-over.

* :func:`generic_mention_ok`: a generic match credits a group only when its mention names the group as a
  whole. A noun must not be a possessive ("women's football"; but "women's throats", with a word of
  ``lexicon.harmed_possessions`` after it, names the group to be harmed), one person ("a Muslim"), nor a
  plural used as a word ("calling them illegals is lazy"); an adjective must sit on a noun for people or a
  collective head ("Muslim women", "the gay community"), never on a subgroup defined by what its members did
  ("Muslim extremists") nor on a thing ("gay marriage").
* :func:`antecedent`: a ``{them}`` pronoun ("they", "them", "these people") counts only when it refers back
  to a group named earlier in the same sentence or in the sentence before it in the same paragraph
  ("Immigrants? I hate them.", "I met some trans people yesterday and they were all scum"). Walking back
  from the pronoun, the nearest plural noun decides: a group mention gives its group; any other plural noun
  for people or things ("lawyers", "the Tories", "their cars") blocks the carry-over. Words of
  ``lexicon.referent_skip`` (time and place nouns such as "years", "streets") are passed over.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from slant.analyze.tropes._catalogue import Group, load_catalogue
from slant.analyze.tropes._patterns import Compiled
from slant.analyze.tropes._rules import MODIFIER_DEPS, PLURAL_TAGS, SINGULAR_TAGS, UNIVERSAL, names_a_body, rule_lexicon
from slant.nlp.spans import doc_text

#: Heads that a group adjective may sit on in a generic match besides person nouns and collective heads.
EXTRA_HEADS = frozenset({"lives", "folk", "folks", "ones", "population", "populations", "members"})


@dataclass(frozen=True, slots=True)
class Referent:
    """The group a pronoun refers back to, and the character offset of the mention that names it."""

    group: Group
    start: int


@lru_cache(maxsize=1)
def _skip() -> frozenset[str]:
    return frozenset(w.lower() for w in load_catalogue().words("referent_skip"))


@lru_cache(maxsize=1)
def _harmed_possession() -> re.Pattern[str]:
    """A possessive ending followed by a body part or a life ("women's throats"): lexicon.harmed_possessions."""
    cat = load_catalogue()
    words = cat.words("harmed_possessions") if "harmed_possessions" in cat.lexicon else ()
    alts = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) or "(?!x)x"
    return re.compile(rf"['’]s?\s+(?:{alts})(?!\w)", re.IGNORECASE)


def _head(doc: Any, span: Any) -> Any:
    """The noun a group adjective modifies ("Muslim women" -> women), or the next word."""
    first = span[0]
    if len(span) > 2 and len(first) == 1:  # spaced-out letters ("t r a n s people"): the last word is the noun
        return span[-1]
    if first.dep_ in MODIFIER_DEPS and first.head.i > first.i and first.head.pos_ in ("NOUN", "PROPN"):
        return first.head
    i = span.end if len(span) == 1 else span[0].i + 1
    while i < len(doc) and doc[i].is_punct:
        i += 1
    return doc[i] if i < len(doc) else None


def _adjective_ok(head: Any) -> bool:
    lex = rule_lexicon()
    if head is None or head.lower_ in lex.subgroup_heads:
        return False
    word = head.lower_
    return (
        word in lex.person or head.lemma_.lower() in lex.person or word in lex.collective_heads or word in EXTRA_HEADS
    )


def generic_mention_ok(doc: Any, start: int, end: int, kind: str, group: Group) -> bool:
    """Whether a generic match's mention at characters ``[start, end)`` names ``group`` as a whole."""
    text = doc_text(doc)
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or len(span) == 0 or names_a_body(text, start):
        return False
    if kind == "a":
        return _adjective_ok(_head(doc, span))
    if text[end : end + 1] in ("'", "’") and not _harmed_possession().match(text, end):
        return False  # a possessive: "women's football", "immigrants' children"; not "women's throats"
    if kind == "m":
        return True  # the cue's own words say which members ("the next", "any", "every")
    head = span[-1]
    lex = rule_lexicon()
    after = doc[span.end] if span.end < len(doc) else None
    if head.tag_ in PLURAL_TAGS and after is not None and after.lower_ in ("is", "was"):
        return False  # the word itself is talked about: "calling them illegals is lazy"
    if head.dep_ in MODIFIER_DEPS and head.head.i > head.i and head.head.pos_ in ("NOUN", "PROPN"):
        return _adjective_ok(head.head)  # a noun used as a modifier ("the Muslim ban")
    if head.tag_ in SINGULAR_TAGS and len(span) == 1 and head.text not in group.mass_nouns:
        before = doc[span.start - 1] if span.start > 0 else None
        if before is not None and before.lower_ in lex.subset and before.lower_ not in UNIVERSAL:
            return False
    return True


def _region_start(doc: Any, token: Any) -> int:
    """The first token of the pronoun's sentence, or of the one before it when both share a paragraph."""
    sent = token.sent
    if sent.start == 0:
        return int(sent.start)
    prev = doc[sent.start - 1].sent
    if "\n" in doc_text(doc)[prev.start_char : sent.start_char]:
        return int(sent.start)
    return int(prev.start)


def antecedent(doc: Any, start: int, comp: Compiled) -> Referent | None:
    """The group the pronoun at character ``start`` refers back to (see the module doc), or None."""
    if comp.presence is None:
        return None
    span = doc.char_span(start, start + 1, alignment_mode="expand")
    if span is None or len(span) == 0:
        return None
    pron = span[0]
    first = _region_start(doc, pron)
    covered: dict[int, Referent | None] = {}
    for m in comp.presence.finditer(doc_text(doc), doc[first].idx, pron.idx):
        kind = "n" if m.group("n") is not None else "a"
        group = comp.resolve(kind, m.group(0))
        mention = doc.char_span(m.start(), m.end(), alignment_mode="expand")
        if group is None or mention is None or len(mention) == 0:
            continue
        last = mention[-1].i
        found: Referent | None = Referent(group, m.start())
        if kind == "a":
            head = _head(doc, mention)
            if not _adjective_ok(head) or head.i >= pron.i:
                found = None
            else:
                last = max(last, head.i)
        for i in range(mention.start, last + 1):
            covered[i] = found
    skip = _skip()
    for tok in reversed(doc[first : pron.i]):
        if tok.i in covered:
            return covered[tok.i]
        if tok.tag_ in PLURAL_TAGS and tok.lower_ not in skip:
            return None
    return None
