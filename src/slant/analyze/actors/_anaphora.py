"""A definite noun that repeats the head of an organisation's name refers back to it: "the party", "the
commission", "the court", "his party".

After "the Labour Party" (or "Labour", a party), "the party" is Labour; after "the Equality and Human Rights
Commission", "the commission" is that commission. The noun must be the last word of an organisation's or
party's name ("party" refers to any party), stand bare after "the" or a possessive pronoun (no adjective or
noun before it, no "of" after it: "the party of government" and "the ruling party" may be another), and
the organisation must be named before it; among several, the one named last. A noun any organisation may be
called by (``GENERIC``: "the group", "the charity") refers to the organisation that was last a clause's
subject, within two sentences before it (as the quotes analyser reads "The group said"). A definite plural noun for
the members of a body ("the 11 justices", "the judges": ``resources/actors/members.tsv``) refers to the one
organisation named before whose name ends in that body's word ("Supreme Court"), or to the only one the
article names when it is named later; "11 judges at the Supreme Court" to the body its phrase names. Such a phrase is a *form* of
the actor (an alias), not a mention: it names no one in another article, so it never links actors across
articles.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from slant.analyze.actors._pronouns import quoted_tokens
from slant.analyze.actors._titles import Group
from slant.analyze.common import read_tsv
from slant.nlp.spans import tokens_of

#: Determiners after which a bare head noun refers back ("the party"; "his party" keeps the pronoun).
DETERMINERS = frozenset({"the", "his", "her", "its", "their", "our"})
#: The kinds an anaphoric head noun may refer to.
KINDS = frozenset({"org", "party"})
#: Nouns any organisation may be called by ("The Harrowgate Forum said ... The group said"): a form of the
#: organisation last a clause's subject, within :data:`GENERIC_SENTENCES` sentences before.
GENERIC = frozenset({"group", "organisation", "organization", "charity", "campaign"})
GENERIC_SENTENCES = 2


def head_references(doc: Any, groups: list[Group], claimed: list[bool]) -> dict[int, list[str]]:
    """Forms to add, by group index: "party", "his party", "commission" (see the module docstring)."""
    heads: dict[str, list[int]] = {}
    for g, (name, kind, _, _) in enumerate(groups):
        if kind in KINDS and name.split():
            heads.setdefault(name.split()[-1].lower(), []).append(g)
            if kind == "party":
                heads.setdefault("party", []).append(g)
            else:
                for noun in GENERIC:
                    heads.setdefault(noun, []).append(g)
    if not heads:
        return {}
    out: dict[int, list[str]] = {}
    bodies = member_bodies()
    for tok in tokens_of(doc):
        if tok.tag_ == "NNS" and tok.lemma_.lower() in bodies and not claimed[tok.i]:
            _member_form(doc, tok, heads.get(bodies[tok.lemma_.lower()], []), groups, out)
            continue
        if tok.tag_ != "NN" or tok.lower_ not in heads or tok.text != tok.lower_ or claimed[tok.i]:
            continue
        lefts = list(tok.lefts)
        if len(lefts) != 1 or lefts[0].lower_ not in DETERMINERS or lefts[0].i != tok.i - 1:
            continue
        if any(c.dep_ == "prep" and c.lower_ == "of" for c in tok.rights):
            continue
        generic = tok.lower_ in GENERIC and not any(
            tok.lower_ == groups[g][0].split()[-1].lower() for g in heads[tok.lower_]
        )
        if generic and lefts[0].lower_ != "the":
            continue  # "their group" may be anyone's
        before = [
            (
                max(
                    (c.start for c in groups[g][2] if c.end <= tok.idx and (not generic or _subject(doc, c))),
                    default=-1,
                ),
                g,
            )
            for g in dict.fromkeys(heads[tok.lower_])
        ]
        named = [b for b in before if b[0] >= 0]
        if not named:
            continue
        if generic:  # a body that was a main clause's subject before one in the clause it reported
            main = [(s, g) for s, g in named if _main_subject(doc, groups[g][2], s)]
            named = main or named
        last, g = max(named)
        if generic and last < _sentence_start(doc, tok, GENERIC_SENTENCES):
            continue  # "the group" far from any organisation may be a group of people
        det = lefts[0].lower_
        form = tok.text if det == "the" else f"{lefts[0].text} {tok.text}"
        if form not in out.setdefault(g, []):
            out[g].append(form)
    return out


def _subject(doc: Any, c: Any) -> bool:
    """Whether a mention is the subject of its clause outside quotation marks (what "the group" carries on
    from; "where Islamophobia is becoming pervasive" inside a quote is the speaker's words)."""
    root = doc[c.tok_start : c.tok_end].root
    return bool(root.dep_ in ("nsubj", "nsubjpass") and not quoted_tokens(doc)[root.i])


def _main_subject(doc: Any, mentions: list[Any], start: int) -> bool:
    """Whether the mention at ``start`` is the subject of its sentence's main verb ("Amnesty said the
    Government must act": Amnesty, not the Government of the reported clause)."""
    for c in mentions:
        if c.start == start:
            root = doc[c.tok_start : c.tok_end].root
            verb = root.head
            return bool(verb.dep_ == "ROOT" or (verb.dep_ == "conj" and verb.head.dep_ == "ROOT"))
    return False


def _sentence_start(doc: Any, tok: Any, back: int) -> int:
    """The character offset where the sentence ``back`` sentences before ``tok``'s begins."""
    start = tok.sent.start
    for _ in range(back):
        if start == 0:
            break
        start = doc[start - 1].sent.start
    return int(doc[start].idx)


@lru_cache(maxsize=1)
def member_bodies() -> dict[str, str]:
    """Member noun -> the body word it names the members of (``resources/actors/members.tsv``)."""
    return {r["member"].lower(): r["body"].lower() for r in read_tsv("resources/actors", "members.tsv")}


def _member_form(doc: Any, tok: Any, candidates: list[int], groups: list[Group], out: dict[int, list[str]]) -> None:
    """ "the 11 justices" after "the Supreme Court": a form of the one body named before whose name ends in
    the members' body word (``members.tsv``), or of the only such body when the article names it after
    (a lead that says "the justices" before naming the court); "11 judges at the Supreme Court": a form of
    the body its prepositional phrase names. Nothing when there are several, or for "three judges" alone."""
    lefts = list(tok.lefts)
    bodies = list(dict.fromkeys(candidates))
    at = _body_named_in_phrase(doc, tok, bodies, groups)
    if at is not None:
        first = next((t.i for t in lefts if t.pos_ in ("NUM", "ADJ")), tok.i)
        g, form = at, doc[first : tok.i + 1].text  # "11 judges" of "A total of 11 judges at the Supreme Court"
    else:
        if not lefts or lefts[0].lower_ != "the" or any(t.pos_ not in ("DET", "NUM") for t in lefts):
            return  # "the 11 justices", "the judges"; not "three judges" or "the appeal judges"
        named = [g for g in bodies if any(c.end <= tok.idx for c in groups[g][2])]
        if len(named) != 1 and not (not named and len(bodies) == 1):
            return
        g, form = (named or bodies)[0], doc[lefts[0].i + 1 : tok.i + 1].text
    if form not in out.setdefault(g, []):
        out[g].append(form)


def _body_named_in_phrase(doc: Any, tok: Any, bodies: list[int], groups: list[Group]) -> int | None:
    """The body a member noun's "at"/"of"/"on" phrase names ("judges at the Supreme Court"), if any."""
    for prep in tok.rights:
        if prep.dep_ != "prep" or prep.lower_ not in ("at", "of", "on"):
            continue
        for obj in prep.children:
            if obj.dep_ != "pobj":
                continue
            for g in bodies:
                if any(c.tok_start <= obj.i < c.tok_end for c in groups[g][2]):
                    return g
    return None
