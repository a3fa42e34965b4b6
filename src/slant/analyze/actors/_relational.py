"""A person the text names only by relation to a named person, when that person acts: "Merkel's spokesman
said he condemns ..." makes "Merkel's spokesman" a person actor of its own, whom the pronoun linker can
then follow ("He added ...").

The phrase is a possessor that is a person's mention, "'s" and a singular relational noun
(``relational_nouns.tsv``: spokesman, aide, lawyer ...), and it is the subject of a clause outside
quotation marks. Not when the text names the one it means ("Merkel's spokesman, Steffen Seibert," or a
name right after it: that name's forms hold the phrase), nor when the phrase is already a form of someone.
Every later use of the same phrase is a mention of the same actor. An organisation's spokesperson is no
actor of its own: the quotes analyser lets them speak for the organisation.
"""

from __future__ import annotations

from typing import Any

from slant.analyze.actors._candidate import Candidate
from slant.analyze.actors._descriptions import gender_of, relational_nouns
from slant.analyze.actors._pronouns import SUBJECT_DEPS
from slant.analyze.actors._titles import Group
from slant.nlp.spans import tokens_of

_POSSESSIVE = frozenset({"'s", "’s", "'", "’"})


def relational_people(doc: Any, groups: list[Group], forms: dict[int, list[str]], quoted: list[bool]) -> list[Group]:
    """New person groups for relational phrases (see the module docstring)."""
    nouns = relational_nouns()
    person_at = {
        i: g
        for g, (_, kind, ms, _) in enumerate(groups)
        if kind == "person"
        for c in ms
        for i in range(c.tok_start, c.tok_end)
    }
    known = {f.lower().replace("’", "'") for fs in forms.values() for f in fs}
    known |= {name.lower().replace("’", "'") for name, _, _, _ in groups}
    found: dict[str, tuple[str, list[Candidate], str | None]] = {}
    for tok in tokens_of(doc):
        if tok.tag_ != "NN" or tok.lower_ not in nouns or quoted[tok.i]:
            continue
        mark = doc[tok.i - 1] if tok.i > 0 else None
        if mark is None or mark.text not in _POSSESSIVE or mark.i == 0 or mark.head.i != mark.i - 1:
            continue
        owner = mark.head
        if owner.dep_ != "poss" or owner.head.i != tok.i or owner.i not in person_at:
            continue
        if any(c.dep_ in ("appos", "compound") and c.i > tok.i for c in tok.children):
            continue  # "Merkel's spokesman, Steffen Seibert,": the name's forms carry the phrase
        if tok.i + 1 < len(doc) and doc[tok.i + 1].pos_ == "PROPN":
            continue  # "Merkel's spokesman Steffen Seibert"
        first = min(c.tok_start for c in groups[person_at[owner.i]][2] if c.tok_start <= owner.i < c.tok_end)
        span = doc[first : tok.i + 1]
        key = span.text.lower().replace("’", "'")
        if key in known:
            continue
        if key not in found and tok.dep_ not in SUBJECT_DEPS:
            continue  # named only in passing ("a call with Merkel's spokesman"): no agent yet
        cand = Candidate(span.start, span.end, span.start_char, span.end_char, "person", "relational")
        found.setdefault(key, (span.text, [], gender_of(tok.lower_)))[1].append(cand)
    return [(name, "person", ms, gender) for name, ms, gender in found.values()]
