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
subject (among several, the only subject of the main verb). Not when its sentence names a person or quotes someone before it ("“It is a scandal,” the minister
said" names no one), when a noun before it reports its clause ("A senior Tory said the Prime Minister ..."),
or names that person after it ("the congresswoman thanked Omar"), when it hangs on a
person or pronoun possessor or a prepositional phrase ("Merkel's spokesman", "his aide", "the president of
the bank"), when its noun names someone by relation (``relational_nouns.tsv``), or when its gender
disagrees with the person's. A person named before it in its own sentence counts as the sentence before
when every such name is a subject inside an adverbial clause of its verb ("When a user asked who Omar
blames, the former Somali refugee tweeted ..."). When the sentence before names no one and its subject is
"he" or "she", the sentence before that one counts, if its person's gender agrees ("Ana Ruiz resigned. She
made the announcement in Leith. The first minister said ...").

A description may say what a person is rather than their office: a group's singular noun or a demonym
("the former Somali refugee", "the 36-year-old Somali-American") that names one person (an age, a time
word, or an act of speech: ``one_person``) and that the article used for no one before; it carries on the
person before as above, with no office to agree.

A description that finds no one before it may introduce the person the next sentence names: "The imam of
the Canterbury mosque has accused X ... Ihsan Khan says ..." (its "of" phrase is part of the form), and so
may an indefinite one ("..., a noted economist has said. ... Sir Paul Collard said"), when it
is its clause's subject and the next sentence's subject is a person named there for the first time.

A headline or a standfirst that opens with a bare role phrase ("City imam condemns X", "Democratic
Minnesota congresswoman says ...") describes the story's person: :func:`describe_lead`.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace
from functools import lru_cache
from typing import Any, NamedTuple

from slant.analyze.actors._pronouns import SUBJECT_DEPS
from slant.analyze.actors._titles import Group
from slant.analyze.common import (
    agree,
    load_lexicon,
    modifiers,
    one_member,
    one_person,
    read_tsv,
    role_nouns,
    speech_verbs,
)
from slant.models import Actor
from slant.nlp.datelines import paragraph_starts
from slant.nlp.spans import tokens_of

#: Sentences about the same person by a pronoun subject ("She made the announcement.") that a description
#: may look back over to the sentence that names them.
PRONOUN_HOPS = 1

#: Longest description taken (tokens, determiner left out).
MAX_WORDS = 6
_DETERMINERS = frozenset({"the", "his", "her", "their", "its", "our"})
_POSSESSIVE_PRONOUNS = _DETERMINERS - {"the"}
#: Articles of a description that can only introduce someone the next sentence names.
_INDEFINITE = frozenset({"a", "an"})
#: Kinds of actor whose name may stand inside a description ("the Harwick mayor", "the former Labour
#: leader"); a body's name must then be in the person's own forms.
_NAMED_IN_ROLE = frozenset({"place", "org", "party"})


def describe_people(
    doc: Any, groups: list[Group], forms: dict[int, list[str]], claimed: list[bool], quoted: list[bool]
) -> tuple[dict[int, list[str]], list[tuple[int, int, int]]]:
    """Descriptions to add as forms, by group index (see the module docstring), and where each one stands
    (start and end offsets, group index): the pronoun linker reads them as the person's mentions."""
    roles = role_nouns()
    groups_lexicon = load_lexicon().groups
    people = [g for g, (_, kind, _, _) in enumerate(groups) if kind == "person"]
    words_of = {g: [f.lower().split() for f in (groups[g][0], *forms.get(g, []))] for g in people}
    kind_at = {i: kind for _, kind, ms, _ in groups for c in ms for i in range(c.tok_start, c.tok_end)}
    person_at = {i: g for g in people for c in groups[g][2] for i in range(c.tok_start, c.tok_end)}
    out: dict[int, list[str]] = {}
    at: list[tuple[int, int, int]] = []
    toks = tokens_of(doc)
    scene = _Scene(doc, groups, words_of, person_at, quoted)
    for tok in toks:
        if tok.tag_ not in ("NN", "NNP") or claimed[tok.i]:
            continue
        attribute = tok.lower_ not in roles
        if attribute and not _attribute(tok, toks, groups_lexicon):
            continue
        if any(c.dep_ in ("appos", "compound") and c.i > tok.i for c in tok.children):
            continue  # "the chancellor, Ana Ruiz": the name's own forms say so
        if tok.i + 1 < len(doc) and doc[tok.i + 1].pos_ == "PROPN":
            continue  # "the Minnesota congresswoman Ilhan Omar": a title before a name
        left = tok.left_edge.i
        det = doc[left]
        if det.lower_ in _INDEFINITE and not attribute and not claimed[tok.i]:
            found = _named_next(scene, tok)  # "a noted economist has said ... Sir Paul Collard said"
            if found is not None:
                span = doc[left : tok.i + 1]
                at.append((span.start_char, span.end_char, found))
                if span.text not in out.setdefault(found, []) and span.text not in forms.get(found, []):
                    out[found].append(span.text)
            continue
        if not (det.lower_ in _DETERMINERS or det.dep_ == "poss"):
            continue
        first = left + 1 if det.lower_ in _DETERMINERS else left
        if det.dep_ == "poss" and det.lower_ not in _DETERMINERS:
            first = left  # "Labour's leader" keeps the possessor
        last = tok.right_edge.i if _has_of(tok) and not attribute else tok.i
        phrase = [t for t in doc[first : last + 1] if t.text not in ("'s", "’s")]
        if not phrase or len([t for t in phrase if not t.is_punct]) > MAX_WORDS + (last - tok.i):
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
            last = tok.i
        elif (
            fits
            # "the mayor" after "Former mayor X" is not X, and likely not the person before either
            or any(tok.lower_ in ws for g in people if _named_before(groups[g], tok) for ws in words_of[g])
            or det.lower_ in _POSSESSIVE_PRONOUNS
            or kind_at.get(det.i) == "person"
        ):
            continue
        else:
            found = None if last > tok.i else _salient(scene, tok, attribute)
            if found is None and not attribute:
                found = _named_next(scene, tok)
            if found is None:
                continue
            g = found
        span = doc[first : last + 1]
        for i in range(span.start, span.end):
            person_at.setdefault(i, g)  # "The former minister told the BBC that the Prime Minister ...": not her
        words_of[g].append(span.text.lower().split())  # her offices now include "backbencher"
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


#: Words in "-man" that say nothing of gender.
_UNGENDERED = frozenset({"freshman", "freshmen", "human", "humans", "german", "germans", "shaman", "ottoman"})


def gender_of(word: str) -> str | None:
    if word in _UNGENDERED:
        return None
    if word.endswith(("woman", "women")):
        return "f"
    if word.endswith(("man", "men")):
        return "m"
    return None


def _attribute(tok: Any, toks: list[Any], groups_lexicon: dict[str, str]) -> bool:
    """Whether ``tok`` heads a description by what a person is rather than by office: a group's singular noun
    or a demonym ("the former Somali refugee", "the 36-year-old Somali-American") that names one person
    (``one_person``), or a party's member noun ("the Minnesota Democrat": ``one_member``), that the article
    uses for no one else before ("a refugee ... the refugee" is that refugee)."""
    plural = groups_lexicon.get(tok.lower_)
    demonym = tok.ent_type_ == "NORP" and tok.tag_ == "NNP"
    if not one_member(tok) and (
        not (demonym or (plural is not None and plural.lower() != tok.lower_)) or not one_person(tok)
    ):
        return False
    return not any(
        t.lower_ == tok.lower_ and t.dep_ not in ("compound", "amod", "nmod") and t.ent_type_ in ("", "NORP")
        for t in toks[: tok.left_edge.i]
    )


def _advcl_people(doc: Any, tok: Any, person_at: dict[int, int]) -> set[int] | None:
    """The people named before ``tok`` in its sentence when every such name is a subject inside an adverbial
    clause of its verb ("When a user asked who Omar blames, the former refugee tweeted"); None when one
    stands elsewhere."""
    clauses = [c for c in tok.head.children if c.dep_ == "advcl" and c.i < tok.i]
    inside = {t.i for c in clauses for t in c.subtree}
    found: set[int] = set()
    for i in range(tok.sent.start, tok.left_edge.i):
        if i in person_at:
            if i not in inside or _name_head(doc[i]).dep_ not in SUBJECT_DEPS:
                return None  # "before he ended the life of X, the migrant had ...": X is no subject there
            found.add(person_at[i])
    return found


def _name_head(tok: Any) -> Any:
    """The head of the name ``tok`` is a word of ("Ihsan" in "Ihsan Khan says" gives "Khan")."""
    while tok.dep_ in ("compound", "flat") and tok.head.i != tok.i:
        tok = tok.head
    return tok


class _Scene(NamedTuple):
    """What the linkers read: the Doc, the groups, each person's form words, who is named at each token, and
    which tokens are quoted."""

    doc: Any
    groups: list[Group]
    words_of: dict[int, list[list[str]]]
    person_at: dict[int, int]
    quoted: list[bool]


def _salient(scene: _Scene, tok: Any, attribute: bool = False) -> int | None:
    """The person the sentence before ``tok``'s sentence was about (see the module docstring), or None."""
    doc, groups, words_of, person_at, quoted = scene
    if tok.lower_ in relational_nouns():
        return None
    sent = tok.sent
    if any(quoted[i] for i in range(sent.start, tok.left_edge.i)):
        return None  # "“It is a scandal,” the minister said" names no one
    if _reported_by_someone(tok):
        return None  # "One senior Tory said the Prime Minister had ...": the speaker's words name another
    framed = _advcl_people(doc, tok, person_at)
    if framed is None:
        return None  # someone named before it in its sentence
    later = {person_at[i] for i in range(tok.i + 1, sent.end) if i in person_at}
    if framed:
        one = next(iter(framed))
        if len(framed) > 1 or one in later:
            return None
        return _fits_person(tok, one, groups, words_of, doc, attribute)
    if sent.start == 0:
        return None
    prev = doc[sent.start - 1].sent
    seen: dict[int, bool] = {}
    hopped: str | None = None  # the gender of the pronoun subject looked back over
    for _ in range(1 + PRONOUN_HOPS):
        for i in range(prev.start, prev.end):
            g = person_at.get(i)
            if g is not None and not quoted[i]:
                seen[g] = seen.get(g, False) or doc[i].dep_ in SUBJECT_DEPS
        if seen or prev.start == 0 or (hopped := _pronoun_subject(prev, quoted)) is None:
            break
        # "Ana Ruiz ... . She made the announcement in Leith. The first minister said ...": the sentence
        # before is about her too, by a pronoun: the one it carries on is named a sentence further back
        prev = doc[prev.start - 1].sent
    if len(seen) > 1:
        subjects = [g for g, subject in seen.items() if subject]
        if len(subjects) > 1:  # "X has become the first to hint that Y ought to resign": X, the main clause's
            main = {
                person_at[i] for i in range(prev.start, prev.end) if i in person_at and _main_clause_subject(doc[i])
            }
            subjects = [g for g in subjects if g in main]
        seen = {subjects[0]: True} if len(subjects) == 1 else {}
    if len(seen) != 1:
        return None
    g = next(iter(seen))
    if g in later:
        return None  # "The congresswoman thanked Omar" is not Omar
    if hopped is not None and groups[g][3] not in (None, hopped):
        return None  # "Ana Ruiz ... . He ... . The first minister ...": the pronoun is someone else
    return _fits_person(tok, g, groups, words_of, doc, attribute)


def _pronoun_subject(sent: Any, quoted: list[bool]) -> str | None:
    """The gender ("m" or "f") of the "he" or "she" that is the main verb's subject in ``sent``, outside
    quotation marks; None when its subject is anything else."""
    for c in sent.root.children:
        if c.dep_ in SUBJECT_DEPS and c.lower_ in ("he", "she") and not quoted[c.i]:
            return "m" if c.lower_ == "he" else "f"
    return None


def _reported_by_someone(tok: Any) -> bool:
    """Whether ``tok`` stands in a clause that a noun subject before it reports ("A senior Tory said the
    Prime Minister ...")."""
    verbs = speech_verbs()
    for verb in tok.ancestors:
        if verb.lemma_.lower() in verbs and any(
            c.dep_ in SUBJECT_DEPS and c.pos_ in ("NOUN", "PROPN") and c.i < tok.i for c in verb.children
        ):
            return True
    return False


def _main_clause_subject(tok: Any) -> bool:
    """Whether name token ``tok`` is (part of) the subject of its sentence's main verb."""
    head = _name_head(tok)
    if head.dep_ not in SUBJECT_DEPS:
        return False
    verb = head.head
    return bool(verb.dep_ == "ROOT" or (verb.dep_ == "conj" and verb.head.dep_ == "ROOT"))


def _fits_person(
    tok: Any, g: int, groups: list[Group], words_of: dict[int, list[list[str]]], doc: Any, attribute: bool
) -> int | None:
    """``g`` when role noun ``tok`` can name them: the same office (an attribute holds none) and gender."""
    mentioned = [doc.text[c.start : c.end].lower().split() for c in groups[g][2]]  # "Councillor Tom Reed"
    if not attribute and not _same_office(tok.lower_, words_of[g] + mentioned):
        return None  # "Councillor X said ... The former mayor wrote": another person
    mine, theirs = gender_of(tok.lower_), groups[g][3]
    return None if mine and theirs and mine != theirs else g


def _named_next(scene: _Scene, tok: Any) -> int | None:
    """The person a description introduces before naming them: "The imam of the city's mosque has accused
    X ... Ihsan Khan says ...". The description is its clause's subject with no one named before it in its
    sentence, and the next sentence's subject is a person named there for the first time."""
    doc, groups, words_of, person_at, quoted = scene
    sent = tok.sent
    if tok.left_edge.lower_ not in ("the", *_INDEFINITE) or sent.end >= len(doc):
        return None
    starts = paragraph_starts(doc)  # a caption line the parser ran into the sentence is no part of it
    opening = max(sent.start, starts[bisect_right(starts, tok.left_edge.i) - 1] if starts else 0)
    if tok.dep_ not in SUBJECT_DEPS and not (tok.left_edge.i == opening > tok.head.i):
        return None  # the subject, or a phrase opening a paragraph that the parser hung on the line before
    if tok.left_edge.lower_ == "the" and any(i in person_at or quoted[i] for i in range(opening, tok.left_edge.i)):
        return None  # (an indefinite phrase never refers back, whoever the sentence named before it)
    if tok.lower_ in relational_nouns():
        return None
    nxt = doc[sent.end].sent
    for i in range(nxt.start, nxt.end):
        g = person_at.get(i)
        if g is None or quoted[i]:
            continue
        first = min(c.start for c in groups[g][2])
        if _name_head(doc[i]).dep_ not in SUBJECT_DEPS or first < doc[i].idx:
            return None  # the next sentence is about someone else, or someone named before
        return _fits_person(tok, g, groups, words_of, doc, False)
    return None


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


def describe_lead(sents: list[Any], actors: tuple[Actor, ...]) -> tuple[Actor, ...]:
    """``actors`` with the descriptions that open a headline or a standfirst as forms: "City imam condemns
    X", "Democratic Minnesota congresswoman says ...". Headline style drops the article, so the phrase is a
    bare role noun phrase that opens ``sent`` and hangs on its root (or is it) and names no one; it is the
    person the story is about: of the people whose forms hold the same role word (with agreeing modifiers)
    or the same office (``offices.tsv``), the one named first."""
    roles = role_nouns()
    people = [a for a in actors if a.kind == "person"]
    extra: dict[str, str] = {}
    for sent in sents:
        tok = next((t for t in sent if t.tag_ in ("NN", "NNP") and t.lower_ in roles), None)
        if tok is None or tok.left_edge.i != sent.start or not (tok.dep_ == "ROOT" or tok.head.dep_ == "ROOT"):
            continue  # "Ohio lawmaker sorry for tweet": the parser may hang a verbless headline's subject anyhow
        phrase = sent.doc[sent.start : tok.i + 1]
        if any(t.ent_type_ == "PERSON" or t.tag_ in ("DT", "PRP$", "POS") for t in phrase):
            continue  # "A minister said", "Her aide", "Ana Ruiz's aide": not the story's person
        mine = modifiers(t.lower_ for t in phrase)
        for actor in people:
            forms = [f.lower().split() for f in (actor.name, *actor.aliases)]
            if any(tok.lower_ in ws and agree(mine, modifiers(ws)) for ws in forms) or _holds_office(tok.lower_, forms):
                if phrase.text.lower() not in (f.lower() for f in actor.aliases):
                    extra[actor.id] = phrase.text
                break
    if not extra:
        return actors
    return tuple(replace(a, aliases=(*a.aliases, extra[a.id])) if a.id in extra else a for a in actors)


def _holds_office(noun: str, forms: list[list[str]]) -> bool:
    """Whether forms hold a role word of ``noun``'s office (any office when ``noun``'s is "*")."""
    offices = _offices()
    mine = offices.get(noun)
    held = {offices[w] for ws in forms for w in (x.rstrip(".").lower() for x in ws) if w in offices}
    return mine is not None and bool(held) and (mine == "*" or mine in held)
