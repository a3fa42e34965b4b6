"""A definite description that repeats a person's role refers back to them: "the former Foreign Secretary"
after "Former Foreign Secretary Boris Johnson", "the Minnesota congresswoman" after "Congresswoman Omar".

The description is a noun phrase after "the" or a possessor ("Labour's leader") whose head is a role noun
(a role title of ``titles.tsv`` or a role noun of ``quotes/speaker_nouns.tsv``) and a word of one of the
person's own forms, and names any party or organisation those forms name ("Labour's leader" is not "Green
leader X"); role modifiers must agree (``quotes/role_modifiers.tsv``: "the deputy leader" is not
"Labour leader X"); among several such persons, the one named last before it. An indefinite phrase ("a
congresswoman") is someone new. The description becomes a *form* of the person (an alias without a
mention), so it links nothing across articles.

When no person named before it has a form with its role noun (with other modifiers or parties that would
make it someone else), a description refers to the
person the sentence before was about, as news writing varies a name ("... as Jeremy Corbyn gave an address.
Labour's leader warned ..."): the only person named there outside quotation marks, or the only one who is a
subject. Not when its sentence names a person or quotes someone before it ("“It is a scandal,” the minister
said" names no one), or names that person after it ("the congresswoman thanked Omar"), when it hangs on a
person or pronoun possessor or a prepositional phrase ("Merkel's spokesman", "his aide", "the president of
the bank"), when its noun names someone by relation (``relational_nouns.tsv``), or when its gender
disagrees with the person's.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from slant.analyze.actors._pronouns import SUBJECT_DEPS
from slant.analyze.actors._titles import Group
from slant.analyze.common import agree, modifiers, read_tsv, role_nouns
from slant.nlp.spans import tokens_of

#: Longest description taken (tokens, determiner left out).
MAX_WORDS = 6
_DETERMINERS = frozenset({"the", "his", "her", "their", "its", "our"})
_POSSESSIVE_PRONOUNS = _DETERMINERS - {"the"}
#: Kinds of actor whose name may stand inside a description ("the Harwick mayor", "the former Labour
#: leader"); a body's name must then be in the person's own forms.
_NAMED_IN_ROLE = frozenset({"place", "org", "party"})


def describe_people(
    doc: Any, groups: list[Group], forms: dict[int, list[str]], claimed: list[bool], quoted: list[bool]
) -> tuple[dict[int, list[str]], list[tuple[int, int, int]]]:
    """Descriptions to add as forms, by group index (see the module docstring), and where each one stands
    (start and end offsets, group index): the pronoun linker reads them as the person's mentions."""
    roles = role_nouns()
    people = [g for g, (_, kind, _, _) in enumerate(groups) if kind == "person"]
    words_of = {g: [f.lower().split() for f in (groups[g][0], *forms.get(g, []))] for g in people}
    kind_at = {i: kind for _, kind, ms, _ in groups for c in ms for i in range(c.tok_start, c.tok_end)}
    person_at = {i: g for g in people for c in groups[g][2] for i in range(c.tok_start, c.tok_end)}
    out: dict[int, list[str]] = {}
    at: list[tuple[int, int, int]] = []
    for tok in tokens_of(doc):
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
        if any(claimed[t.i] and t.dep_ != "poss" and kind_at.get(t.i) not in _NAMED_IN_ROLE for t in phrase):
            continue  # a person's name inside the phrase is someone else's; a place or a body names the role
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
        if named:
            g = max(named)[1]
        elif (
            fits
            # "the mayor" after "Former mayor X" is not X, and likely not the person before either
            or any(tok.lower_ in ws for g in people if _named_before(groups[g], tok) for ws in words_of[g])
            or det.lower_ in _POSSESSIVE_PRONOUNS
            or kind_at.get(det.i) == "person"
            or _has_of(tok)
        ):
            continue
        else:
            found = _salient(doc, tok, groups, words_of, person_at, quoted)
            if found is None:
                continue
            g = found
        span = doc[first : tok.i + 1]
        at.append((span.start_char, span.end_char, g))
        if span.text not in out.setdefault(g, []) and span.text not in forms.get(g, []):
            out[g].append(span.text)
    return out, at


@lru_cache(maxsize=1)
def relational_nouns() -> frozenset[str]:
    """Role nouns that name someone by relation to another (``resources/actors/relational_nouns.tsv``)."""
    return frozenset(r["noun"].lower() for r in read_tsv("resources/actors", "relational_nouns.tsv"))


def _has_of(tok: Any) -> bool:
    """Whether the noun carries a prepositional phrase ("the president of the bank")."""
    return any(c.dep_ == "prep" and c.i > tok.i for c in tok.children)


def gender_of(word: str) -> str | None:
    if word.endswith(("woman", "women")):
        return "f"
    if word.endswith(("man", "men")):
        return "m"
    return None


def _salient(
    doc: Any,
    tok: Any,
    groups: list[Group],
    words_of: dict[int, list[list[str]]],
    person_at: dict[int, int],
    quoted: list[bool],
) -> int | None:
    """The person the sentence before ``tok``'s sentence was about (see the module docstring), or None."""
    if tok.lower_ in relational_nouns():
        return None
    sent = tok.sent
    if sent.start == 0 or any(i in person_at or quoted[i] for i in range(sent.start, tok.left_edge.i)):
        return None  # someone named before it in its sentence; "“It is a scandal,” the minister said" names no one
    later = {person_at[i] for i in range(tok.i + 1, sent.end) if i in person_at}
    prev = doc[sent.start - 1].sent
    seen: dict[int, bool] = {}
    for i in range(prev.start, prev.end):
        g = person_at.get(i)
        if g is not None and not quoted[i]:
            seen[g] = seen.get(g, False) or doc[i].dep_ in SUBJECT_DEPS
    if len(seen) > 1:
        subjects = [g for g, subject in seen.items() if subject]
        seen = {subjects[0]: True} if len(subjects) == 1 else {}
    if len(seen) != 1:
        return None
    g = next(iter(seen))
    if g in later:
        return None  # "The congresswoman thanked Omar" is not Omar
    mentioned = [doc.text[c.start : c.end].lower().split() for c in groups[g][2]]  # "Councillor Tom Reed"
    if not _same_office(tok.lower_, words_of[g] + mentioned):
        return None  # "Councillor X said ... The former mayor wrote": another person
    mine, theirs = gender_of(tok.lower_), groups[g][3]
    return None if mine and theirs and mine != theirs else g


@lru_cache(maxsize=1)
def _offices() -> dict[str, str]:
    return {r["word"]: r["office"] for r in read_tsv("resources/actors", "offices.tsv")}


def _same_office(noun: str, forms: list[list[str]]) -> bool:
    """Whether role noun ``noun`` can name someone whose forms hold the role words they hold: yes when the
    forms hold none, or one of the same office (``offices.tsv``); a generic word ("lawmaker") fits any."""
    offices, roles = _offices(), role_nouns()
    mine = offices.get(noun, noun)
    held = {
        offices.get(w, w) for ws in forms for w in (x.rstrip(".").lower() for x in ws) if w in roles or w in offices
    }
    return mine == "*" or not held or mine in held or ("*" in held and len(held) == 1)


def _named_before(group: Group, tok: Any) -> bool:
    return any(c.end <= tok.idx for c in group[2])
