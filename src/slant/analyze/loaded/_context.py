"""Context tests for lexicon matches: where a strong word counts as loaded and where it is standard.

Each function takes the matched tokens (a spaCy ``Doc`` and the token range ``[i, j)``) and answers one
question of the README's ``context`` column. They look at the parse only around the match, so they cost
a few attribute reads per match.
"""

from __future__ import annotations

from typing import Any

#: Personal pronouns that stand for people ("he is a snake", "you crook").
PERSON_PRONOUNS = frozenset(
    {"he", "she", "they", "you", "him", "her", "them", "i", "me", "we", "us", "who", "whom", "everyone", "anyone"}
)
#: Entity types that name people or groups of them.
PERSON_ENTS = frozenset({"PERSON", "NORP", "ORG"})
#: Entity types of places: "war on Iraq" is a war, "war on motorists" is a figure of speech.
PLACE_ENTS = frozenset({"GPE", "LOC", "NORP", "FAC"})
#: Entity types of a name that follows a noun and is not a person ("a snake Tuesday" is no epithet).
NOT_PEOPLE_ENTS = frozenset({"GPE", "LOC", "FAC", "DATE", "TIME", "CARDINAL", "ORDINAL", "QUANTITY", "MONEY"})
#: Dependency labels of a predicate nominal or object complement ("he is a crook", "called him a crook").
PREDICATE_DEPS = frozenset({"attr", "oprd"})
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
#: Dependents that make a verb or noun introduce a reported clause ("claimed that ...", "his claim that").
CLAUSE_DEPS = frozenset({"ccomp", "acl"})
NOUNISH = frozenset({"NOUN", "PROPN"})


def person_like(tok: Any, person_nouns: frozenset[str]) -> bool:
    """A token that names a person or a group of people."""
    if tok.pos_ == "PROPN" or tok.ent_type_ in PERSON_ENTS:
        return True
    if tok.pos_ == "PRON":
        return bool(tok.lower_ in PERSON_PRONOUNS)
    return bool(tok.lemma_.lower() in person_nouns)


def _subject(head: Any) -> Any | None:
    for c in head.children:
        if c.dep_ in SUBJECT_DEPS:
            return c
    return None


def aimed_at_person(doc: Any, i: int, j: int, person_nouns: frozenset[str]) -> bool:
    """True when the match is an epithet or a judgement of a person (see the README, context ``person``).

    A noun: followed by a name ("the snake Jo Bloggs"), in apposition to or with a name, after "you"
    ("you crook"), or a predicate of a person ("he is a snake", "called her a snake"). An adjective:
    modifying a person noun or a name ("the ghastly Jo Bloggs", "radical activists"), or a predicate of
    a person ("she is ghastly").
    """
    tok = doc[j - 1]
    if tok.pos_ == "ADJ" or tok.dep_ == "amod":
        if tok.dep_ in ("amod", "compound", "nmod"):
            return person_like(tok.head, person_nouns)
        if tok.dep_ == "acomp":
            subj = _subject(tok.head)
            return subj is not None and person_like(subj, person_nouns)
        return False
    if j < len(doc) and doc[j].pos_ == "PROPN" and doc[j].ent_type_ not in NOT_PEOPLE_ENTS:
        return True
    if i > 0 and doc[i - 1].lower_ == "you":
        return True
    if tok.dep_ in ("appos", "compound") and tok.head.pos_ in NOUNISH | {"PRON"}:
        return person_like(tok.head, person_nouns)
    if any(c.dep_ in ("appos", "compound") and c.pos_ == "PROPN" for c in tok.children):
        return True
    if tok.dep_ in PREDICATE_DEPS:
        head = tok.head
        if tok.dep_ == "oprd":
            obj = next((c for c in head.children if c.dep_ == "dobj"), None)
            if obj is not None:
                return person_like(obj, person_nouns)
        subj = _subject(head)
        return subj is not None and person_like(subj, person_nouns)
    return False


def introduces_clause(doc: Any, i: int, j: int) -> bool:
    """True when the match (a reporting verb or noun) introduces what was said: "claimed (that) X",
    "his claim that X", "admitted the plan had failed"; not "claimed victory", "admitted to hospital"."""
    tok = doc[j - 1]
    if j < len(doc) and doc[j].lower_ == "that":
        return True
    return any(c.dep_ in CLAUSE_DEPS for c in tok.children)


def used_as_modifier(doc: Any, i: int, j: int) -> bool:
    """True when the match is a modifier or a noun, not a verb ("woke politics", not "she woke early")."""
    tok = doc[j - 1]
    if tok.dep_ in ("amod", "compound", "nmod", "attr", "acomp"):
        return True
    return bool(tok.pos_ in ("ADJ", "NOUN"))


def figurative_object(doc: Any, i: int, j: int) -> bool:
    """True unless the noun after the match is a place or a people ("war on Iraq" is literal)."""
    for k in range(j, min(j + 4, len(doc))):
        tok = doc[k]
        if tok.ent_type_ in PLACE_ENTS:
            return False
        if tok.pos_ in NOUNISH or tok.pos_ == "PRON":
            return True
    return True
