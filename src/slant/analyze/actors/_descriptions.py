"""A definite description that repeats a person's role refers back to them: "the former Foreign Secretary"
after "Former Foreign Secretary Boris Johnson", "the Minnesota congresswoman" after "Congresswoman Omar".

The description is a noun phrase after "the" or a possessor ("Labour's leader") whose head is a role noun
(a role title of ``titles.tsv`` or a role noun of ``quotes/speaker_nouns.tsv``) and a word of one of the
person's own forms, and names any party or organisation those forms name ("Labour's leader" is not "Green
leader X"); role modifiers must agree (``quotes/role_modifiers.tsv``: "the deputy leader" is not
"Labour leader X"); among several such persons, the one named last before it. An indefinite phrase ("a
congresswoman") is someone new. The description becomes a *form* of the person (an alias without a
mention), so it links nothing across articles.
"""

from __future__ import annotations

from typing import Any

from slant.analyze.actors._titles import Group
from slant.analyze.common import agree, modifiers, role_nouns

#: Longest description taken (tokens, determiner left out).
MAX_WORDS = 6
_DETERMINERS = frozenset({"the", "his", "her", "their", "its", "our"})


def describe_people(
    doc: Any, groups: list[Group], forms: dict[int, list[str]], claimed: list[bool]
) -> dict[int, list[str]]:
    """Descriptions to add as forms, by group index (see the module docstring)."""
    roles = role_nouns()
    people = [g for g, (_, kind, _, _) in enumerate(groups) if kind == "person"]
    words_of = {g: [f.lower().split() for f in (groups[g][0], *forms.get(g, []))] for g in people}
    kind_at = {i: kind for _, kind, ms, _ in groups for c in ms for i in range(c.tok_start, c.tok_end)}
    out: dict[int, list[str]] = {}
    for tok in doc:
        if tok.tag_ not in ("NN", "NNP") or tok.lower_ not in roles or claimed[tok.i]:
            continue
        if any(c.dep_ in ("appos", "compound") and c.i > tok.i for c in tok.children):
            continue  # "the chancellor, Ana Ruiz": the name's own forms say so
        if tok.i + 1 < len(doc) and doc[tok.i + 1].pos_ == "PROPN":
            continue  # "the Minnesota congresswoman Ilhan Omar": a title before a name
        left = tok.left_edge.i
        det = doc[left]
        if not (det.lower_ in _DETERMINERS or det.dep_ == "poss"):
            continue
        first = left + 1 if det.lower_ in _DETERMINERS else left
        if det.dep_ == "poss" and det.lower_ not in _DETERMINERS:
            first = left  # "Labour's leader" keeps the possessor
        phrase = [t for t in doc[first : tok.i + 1] if t.text not in ("'s", "’s")]
        if not phrase or len(phrase) > MAX_WORDS:
            continue
        if any(claimed[t.i] and t.dep_ != "poss" and kind_at.get(t.i) != "place" for t in phrase):
            continue  # a name inside the phrase is someone else's ("the Harwick mayor" may name a place)
        mine = modifiers([t.lower_ for t in phrase])
        bodies = {t.lower_ for t in phrase if kind_at.get(t.i) in ("org", "party")}  # "Labour's leader"
        fits = [
            g
            for g in people
            if any(
                tok.lower_ in ws
                and agree(mine, modifiers(ws))
                and bodies <= {w.removesuffix("'s").removesuffix("’s") for w in ws}
                for ws in words_of[g]
            )
        ]
        before = [(max((c.start for c in groups[g][2] if c.end <= tok.idx), default=-1), g) for g in fits]
        named = [b for b in before if b[0] >= 0]
        if not named:
            continue
        g = max(named)[1]
        text = doc[first : tok.i + 1].text
        if text not in out.setdefault(g, []) and text not in forms.get(g, []):
            out[g].append(text)
    return out
