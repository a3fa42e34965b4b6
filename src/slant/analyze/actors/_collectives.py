"""Collective agents: "far-right protesters", "Trump supporters", "the crowd", "the establishment".

A noun phrase whose head is a collective noun of ``resources/actors/collectives.tsv`` becomes a ``group``
(or, for an institution noun, ``org``: only as the subject or agent of a verb, else :data:`FORM_ONLY`) actor when the text makes it an agent (the subject of a verb, the agent of a passive, the head of a participle
clause: "counterdemonstrators chanting ...", the object of a verb that has it act: "prompted the crowd to
start chanting") or sets it apart
with modifiers ("left-wing counter-protesters"); an institution-like collective (``other``: "the
establishment") is an actor wherever the text names it. Plural nouns only, but for collective
nouns ("the crowd"). Its name is the phrase without determiners; mentions with the same name are one actor,
and a bare head ("the protesters") joins the one actor with a head of its sense when there is exactly one.
Collectives with the same identifying words and heads of one sense (``sense`` in ``collectives.tsv``) are
one actor: "far-right protesters" and "far-right demonstrators".
Modifiers that are already another actor's mention ("Trump" of "Trump supporters") stay that actor's: the
collective's mention starts after them, its name keeps them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from slant.analyze.actors._candidate import Candidate
from slant.analyze.common import read_tsv
from slant.nlp.spans import tokens_of

_MODIFIER_DEPS = frozenset({"amod", "compound", "nmod"})
_AGENT_DEPS = frozenset({"nsubj", "nsubjpass", "agent"})
_LEADING = frozenset({"DET", "PRON", "NUM", "PART"})
#: Kind of an institution that never acts in the text: no actor of its own, but a form of the country its
#: nationality adjective names ("criticism of the Israeli government" is Israel's).
FORM_ONLY = "org-form"
#: Longest form a participle clause or a place gives a collective ("Protesters flashing Nazi salutes").
MAX_FORM_TOKENS = 6
#: Prepositions that tie a collective to the place it belongs to ("the police in Saxony").
PLACE_PREPOSITIONS = frozenset({"in", "of", "from"})


@dataclass(frozen=True, slots=True)
class _Noun:
    kind: str
    plural_only: bool
    sense: str
    singular_only: bool = False
    acting_only: bool = False
    named_only: bool = False


@lru_cache(maxsize=1)
def _table() -> dict[str, _Noun]:
    rows = read_tsv("resources/actors", "collectives.tsv")
    return {
        r["noun"].lower(): _Noun(
            r["kind"],
            r["number"] in ("plural", "plural-acting"),
            r["sense"],
            r["number"] == "singular",
            r["number"] == "plural-acting",
            r["number"] == "named",
        )
        for r in rows
    }


def _sense(lemma: str) -> str:
    """The sense of a collective head noun: nouns of one sense name the same collective ("protester",
    "demonstrator")."""
    noun = _table().get(lemma)
    return lemma if noun is None else noun.sense


def find_collectives(
    doc: Any, claimed: list[bool], named: frozenset[str] = frozenset(), never: frozenset[str] = frozenset()
) -> list[tuple[str, str, list[Candidate]]]:
    """``(name, kind, mentions)`` of each collective actor of ``doc`` (tokens already claimed are skipped).

    An institution noun (kind ``org``: "the government", "local police") is left to the named organisation
    whose name ends in it (``named``: "the Scottish Government ... the government said" is that one). A
    phrase whose words are in ``never`` (lower case: "social media") is no collective, and a bare head after
    it does not join it."""
    table = _table()
    found: dict[str, tuple[str, str, list[Candidate]]] = {}
    bare: list[tuple[str, Candidate]] = []
    toks = tokens_of(doc)
    for tok in toks:
        noun = table.get(tok.lemma_.lower()) or table.get(tok.lower_)
        if noun is None and tok.tag_ == "NNPS":  # a capitalised plural opening a sentence keeps its lemma
            noun = table.get(tok.lower_.removesuffix("s"))
        if noun is None and tok.i >= 2 and toks[tok.i - 1].text == "-" and not toks[tok.i - 2].whitespace_:
            joined = f"{toks[tok.i - 2].lower_}-{tok.lemma_.lower()}"  # "rally-goers", split by the tokenizer
            noun = table.get(joined)
        if noun is None or tok.pos_ not in ("NOUN", "PROPN") or claimed[tok.i]:
            continue
        if noun.plural_only and tok.tag_ not in ("NNS", "NNPS"):
            continue
        if noun.singular_only and tok.tag_ not in ("NN", "NNP"):
            continue
        if noun.singular_only and _complemented(tok):
            continue  # "the right to protest", "the public of ...": a thing someone has, not a camp
        if noun.kind == "org" and tok.lemma_.lower() in named:
            continue
        head = tok.i
        while (
            head >= 2
            and toks[head - 1].text == "-"
            and not toks[head - 2].whitespace_
            and not toks[head - 1].whitespace_
        ):
            head -= 2  # "counter-protesters", which the tokenizer splits and the parser may not join
        mods = [c for t in toks[head : tok.i + 1] for c in t.lefts if c.dep_ in _MODIFIER_DEPS and c.i < head]
        roles = {t.dep_ for t in toks[head : tok.i + 1]}
        acting = (
            bool(roles & _AGENT_DEPS)
            or (tok.dep_ == "pobj" and tok.head.dep_ == "agent")
            or any(c.dep_ == "acl" and c.tag_ == "VBG" for c in tok.children)  # "counterdemonstrators chanting"
            or (
                tok.dep_ == "dobj" and any(c.dep_ == "xcomp" for c in tok.head.children)
            )  # "prompted the crowd to chant"
        )
        if not mods and not acting and noun.kind != "other":  # "attacked the establishment" casts it as one
            continue
        if noun.acting_only and not acting:
            continue  # "Jewish journalists were discussed": people of a trade, not a collective agent
        if noun.named_only and not any(m.pos_ == "PROPN" and not any(t.tag_ == "POS" for t in m.subtree) for m in mods):
            continue  # "the election campaign" is no one's; "the People's Vote campaign" is that body itself
        kind = noun.kind
        if kind == "org" and not roles & _AGENT_DEPS:
            kind = FORM_ONLY  # an institution is an actor when it acts itself: not "grants from central government"
        first = min((m.left_edge.i for m in mods), default=head)
        while first < tok.i and doc[first].pos_ in _LEADING:
            first += 1
        start = first
        while start < tok.i and claimed[start]:
            start += 1  # "Trump supporters": "Trump" stays the person's mention
        if any(claimed[start : tok.i + 1]):
            continue
        cand = Candidate(start, tok.i + 1, doc[start].idx, tok.idx + len(tok.text), kind, "collective")
        name = doc[first : tok.i + 1].text
        if mods and name.lower() in never:
            continue
        if mods:
            key = name.lower()
            if key in found and found[key][1] == FORM_ONLY and kind != FORM_ONLY:
                found[key] = (found[key][0], kind, found[key][2])  # it acts somewhere: an actor after all
            found.setdefault(key, (name, kind, []))[2].append(cand)
        else:
            bare.append((tok.lemma_.lower(), cand))
    _merge_described(doc, found)
    _merge_synonyms(doc, found)
    for lemma, cand in bare:
        sense = _sense(lemma)
        same = [k for k, (n, _, ms) in found.items() if _sense(doc[ms[0].tok_end - 1].lemma_.lower()) == sense]
        if len(same) == 1:
            name, kind, ms = found[same[0]]
            if kind == FORM_ONLY and cand.kind != FORM_ONLY:
                found[same[0]] = (name, cand.kind, ms)  # "the German government ... the government said"
            ms.append(cand)
        else:
            text = doc[cand.tok_start : cand.tok_end].text
            found.setdefault(text.lower(), (text, cand.kind, []))[2].append(cand)
    return list(found.values())


def participle_forms(doc: Any, mentions: list[Candidate]) -> list[str]:
    """The forms a participle clause or a place gives a collective: the mention and the participle with its
    object, or with "in", "of" or "from" and a name, up to :data:`MAX_FORM_TOKENS` tokens and without quoted
    words ("Protesters flashing Nazi salutes" of "Protesters flashing Nazi salutes and shouting ...
    clashed"; "police in Saxony")."""
    out: list[str] = []
    for c in mentions:
        head = doc[c.tok_end - 1]
        for prep in (t for t in head.rights if t.dep_ == "prep" and t.lower_ in PLACE_PREPOSITIONS):
            objects = [t for t in prep.children if t.dep_ == "pobj" and t.pos_ == "PROPN"]
            if len(objects) == 1 and objects[0].right_edge.i + 1 - c.tok_start <= MAX_FORM_TOKENS:
                out.append(doc[c.tok_start : objects[0].right_edge.i + 1].text)  # "police in Saxony"
        for acl in (t for t in head.rights if t.dep_ == "acl" and t.tag_ == "VBG"):
            objects = [t for t in acl.rights if t.dep_ == "dobj"]
            if len(objects) != 1:
                continue
            end = objects[0].right_edge.i + 1
            words = doc[c.tok_start : end]
            if len(words) <= MAX_FORM_TOKENS and not any(t.is_quote or t.is_punct for t in words):
                out.append(words.text)
            break
    return list(dict.fromkeys(out))


def _words(doc: Any, cand: Candidate) -> tuple[str, frozenset[str], frozenset[str]]:
    """A collective mention's head lemma, its identifying words (names, nouns, hyphenated or political words
    that pick out which collective it is: "Trump", "far-right", "left-wing") and its describing words (plain
    adjectives: "fervent", "marauding", "noisy"), modifiers claimed by another actor included."""
    first = cand.tok_start
    while first > 0 and doc[first - 1].dep_ in _MODIFIER_DEPS and doc[first - 1].head.i >= cand.tok_start:
        first -= 1  # "Trump" of "Trump supporters" is the person's mention but names the collective
    joined: list[tuple[str, str]] = []  # (word, part of speech), hyphenated words whole: "far-right"
    for t in doc[first : cand.tok_end - 1]:
        glued = joined and (t.text == "-" or joined[-1][0].endswith("-")) and not doc[t.i - 1].whitespace_
        if glued:
            joined[-1] = (joined[-1][0] + t.lower_, "HYPH")
        else:
            joined.append((t.lower_, t.pos_))
    ident = frozenset(w for w, pos in joined if pos in ("PROPN", "NOUN", "HYPH"))
    describing = frozenset(w for w, pos in joined if pos == "ADJ")
    return doc[cand.tok_end - 1].lemma_.lower(), ident, describing


def _merge_described(doc: Any, found: dict[str, tuple[str, str, list[Candidate]]]) -> None:
    """Join a collective that only adds describing adjectives to the one other collective with the same head
    noun whose identifying words include its own ("fervent supporters" to "Trump supporters", "marauding
    far-right mobs" to "far-right mobs")."""
    info = {key: _words(doc, ms[0]) for key, (_, _, ms) in found.items()}
    for key in list(found):
        head, ident, desc = info[key]
        if not desc:
            continue
        into = [
            k
            for k, (h, i, d) in info.items()
            if k != key and k in found and h == head and ident <= i and (ident < i or len(d) < len(desc))
        ]
        if len(into) == 1:
            found[into[0]][2].extend(found.pop(key)[2])


def _merge_synonyms(doc: Any, found: dict[str, tuple[str, str, list[Candidate]]]) -> None:
    """Join collectives that name the same people in other words: the same identifying words and head nouns
    of one sense ("far-right demonstrators" into the "far-right protesters" named first)."""
    first: dict[tuple[str, frozenset[str]], str] = {}
    for key in sorted(found, key=lambda k: min(c.start for c in found[k][2])):
        head, ident, _ = _words(doc, found[key][2][0])
        if not ident:
            continue
        into = first.setdefault((_sense(head), ident), key)
        if into != key:
            found[into][2].extend(found.pop(key)[2])


def _complemented(tok: Any) -> bool:
    """Whether singular collective noun ``tok`` takes an infinitive or an "of"/"to" phrase ("the right to
    vote", "the right of reply"), which makes it a thing someone has rather than a camp."""
    return any(
        (c.dep_ in ("acl", "xcomp", "relcl") and any(g.lower_ == "to" for g in c.children))
        or (c.dep_ == "prep" and c.lower_ in ("of", "to"))
        for c in tok.rights
    )
