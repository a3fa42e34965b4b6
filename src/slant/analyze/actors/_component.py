"""Actors: who is in an article, with every name the text uses for them, and pronoun links.

:func:`extract_actors` works on a spaCy Doc in four steps:

1. candidate mentions: NER corrected by the sourced lexicons and rules (:mod:`slant.analyze.actors._candidates`);
2. people: full names clustered, misspellings merged and corrected to a known spelling, lone surnames,
   first names and title + surname attached (:mod:`slant.analyze.actors._people`); names NER mistyped
   ("Lutfur" as GPE) or missed become mentions of the person they name;
3. everything else grouped by canonical name (parties and groups by their lexicon name, organisations
   also by acronym: "NEC" = "National Executive Committee", "DfT" = "Department for Transport", an acronym
   the model left untagged included); a lone word the model called a person that opens exactly one
   company's name joins it ("Verrow" of "Verrow Rail");
4. pronouns linked to the actors (:mod:`slant.analyze.actors._pronouns`).

Names drop titles ("Ms Ali" belongs to "Rushanara Ali"); aliases are the distinct surface forms; mentions
exclude possessive endings. Ids are slugs of the names, unique within the article.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any, ClassVar

from slant.analyze.actors._anaphora import head_references
from slant.analyze.actors._candidate import CONNECTORS, NAME_POS, Candidate
from slant.analyze.actors._candidates import find_candidates
from slant.analyze.actors._collectives import FORM_ONLY, find_collectives, participle_forms
from slant.analyze.actors._descriptions import describe_lead, describe_people
from slant.analyze.actors._dubbed import find_dubbed
from slant.analyze.actors._forms import surface_forms
from slant.analyze.actors._furniture import is_furniture
from slant.analyze.actors._headline import add_headline_forms, headline_people
from slant.analyze.actors._members import member_forms
from slant.analyze.actors._people import PeopleResolver, person_name
from slant.analyze.actors._pronouns import link_pronouns, quoted_tokens
from slant.analyze.actors._relational import relational_people
from slant.analyze.actors._titles import Group, link_titles
from slant.analyze.actors._unnamed import unnamed_speakers
from slant.analyze.actors._venues import only_a_venue
from slant.analyze.base import Component, Context
from slant.analyze.common import (
    Lexicon,
    find_turns,
    initials,
    initials_of,
    is_acronym,
    load_lexicon,
    normalise,
    speech_verbs,
    unique_slugs,
)
from slant.models import Actor, ActorKind, Span
from slant.nlp import load_nlp
from slant.nlp.spans import doc_text, sentences_of, tokens_of

_KINDS: dict[str, ActorKind] = {"person": "person", "org": "org", "party": "party", "place": "place", "group": "group"}

#: Extra weight of a lexicon/rule-typed mention when mentions of one name disagree on its kind.
RULE_WEIGHT = 3
#: Shortest start a nationality adjective shares with its country's name ("Israel"i, "German"y, "Ital"ian).
DEMONYM_STEM = 4


def extract_actors(doc: Any) -> tuple[tuple[Actor, ...], tuple[tuple[Span, str], ...]]:
    """The actors of ``doc`` (ordered by first mention) and its pronoun links ``(span, actor id)``."""
    lex = load_lexicon()
    people, kept, claimed = _resolve_people(doc, lex)
    others_by_key = _group_others(kept, doc, claimed, lex)
    groups: list[Group] = []
    for p in people.people:
        other = None
        if p.single and not p.genders:
            other = others_by_key.get(normalise(p.single)) or _company_of(
                p.single, p.mentions, others_by_key, doc_text(doc), lex
            )
        if other is not None:
            other.extend(p.mentions)  # a lone word the model once called a person: "Fenwick", "Barking"
        elif p.mentions:
            groups.append((p.name(lex), "person", p.mentions, p.gender))
    groups += _named_groups(others_by_key, doc_text(doc))
    groups = [
        g for g in groups if not (g[1] in ("person", "org") and is_furniture(doc, [(c.start, c.end) for c in g[2]]))
    ]
    groups = [g for g in groups if not only_a_venue(doc, g[0], [(c.start, c.end) for c in g[2]])]  # "on Twitter"
    # a place named only in a wire dateline ("HARWICK (Agency) -") is where the story was filed, no actor of it
    groups = [g for g in groups if not (g[1] == "place" and all(c.source == "dateline" for c in g[2]))]
    groups = _join_subgroups(groups)  # "Palestinian Arabs" are the article's Palestinians
    groups = _join_qualified_bodies(groups, doc, lex)  # "the US Supreme Court" ... "the Supreme Court"
    groups = _surnames_read_as_places(groups, doc, lex)  # "Mr Cummings ... where Cummings drove"
    given: dict[int, list[str]] = {}  # forms of the names the text gives ("four Democrats dubbed 'the squad'")
    bodies = frozenset(g[0].split()[-1].lower() for g in groups if g[1] in ("org", "party") and g[0].split())
    for name, kind, ms in find_collectives(doc, claimed, bodies, lex.non_actors):
        country = _country_of(name, groups) if kind in ("org", FORM_ONLY) else None
        if country is not None:  # "the Israeli government" is the Israel the article names
            groups[country][2].extend(ms)
            given.setdefault(country, []).append(name)
            continue
        if kind == FORM_ONLY:
            continue  # an institution that never acts and belongs to no named country
        given[len(groups)] = participle_forms(doc, ms)  # "Protesters flashing Nazi salutes"
        groups.append((name, kind, ms, None))
    for name, kind, ms, named in find_dubbed(doc, _claimed_by(groups, len(doc))):
        given[len(groups)] = named
        groups.append((name, kind, ms, None))
    around: dict[tuple[int, int], list[str]] = {}  # each mention's forms, computed once
    forms = {
        g: surface_forms(doc, sorted((c.start, c.end) for c in ms), around)
        for g, (_, kind, ms, _) in enumerate(groups)
        if kind == "person"
    }
    link_titles(doc, groups, forms, claimed, lex)
    quoted = quoted_tokens(doc)  # read by the descriptions and the pronoun linker
    descriptions, described_at = describe_people(doc, groups, forms, _claimed_by(groups, len(doc)), quoted)
    relational = relational_people(doc, groups, forms, quoted)  # "Merkel's spokesman said ..." names no one else
    # one named only by a relation takes "he" or "she" only when the noun says which: "Rahim's lawyer said
    # she had ..." is Rahim
    unsexed = {len(groups) + k for k, g in enumerate(relational) if g[3] is None}
    groups += relational
    linked = {t.i for start, end, _ in described_at for t in doc.char_span(start, end, alignment_mode="expand")}
    groups += unnamed_speakers(doc, groups, quoted, linked)  # "a senior minister said": a source of its own
    for g, described in descriptions.items():
        given.setdefault(g, []).extend(described)  # "the former Foreign Secretary" after "Former Foreign Secretary X"
    for g, label in _transcript_initials(doc_text(doc), groups):
        given.setdefault(g, []).append(label)  # "MQ:" in a transcript is Mara Quell
    order = sorted(range(len(groups)), key=lambda g: min(c.start for c in groups[g][2]))
    referring = head_references(doc, groups, claimed)
    groups = [groups[g] for g in order]
    extra = [referring.get(g, []) + given.get(g, []) for g in order]
    ids = unique_slugs(g[0] for g in groups)
    actors = tuple(
        _actor(i, g[0], g[1], g[2], doc, around, more) for i, g, more in zip(ids, groups, extra, strict=True)
    )
    genders = {i: g[3] for i, g in zip(ids, groups, strict=True)}
    position = {g: n for n, g in enumerate(order)}
    silent = {ids[position[g]] for g in unsexed}
    mentions = sorted(
        [(m.start, m.end, a.id, a.kind) for a in actors if a.id not in silent for m in a.mentions]
        + [(start, end, ids[position[g]], "person") for start, end, g in described_at]
    )
    pronouns = tuple(link_pronouns(doc, mentions, genders, {a.id: (a.name, *a.aliases) for a in actors}, quoted))
    return actors, pronouns


def _surnames_read_as_places(groups: list[Group], doc: Any, lex: Lexicon) -> list[Group]:
    """Join a one-word place or organisation to the person whose surname it is ("Mr Cummings ... where
    Cummings drove to test his eyesight": the model called the bare surname a place): the word is the last
    word of one person's longer mentions and of no one else's, every mention of it is the bare word, none
    stands after a word that marks a place ("in Cummings"), and the lexicon knows no place, party or
    organisation of that name."""
    text, toks = doc_text(doc), tokens_of(doc)
    owners: dict[str, set[int]] = {}
    for g, (_, kind, ms, _) in enumerate(groups):
        if kind == "person":
            for c in ms:
                words = text[c.start : c.end].split()
                if len(words) > 1:
                    owners.setdefault(words[-1], set()).add(g)
    joined: set[int] = set()
    for g, (name, kind, ms, _) in enumerate(groups):
        if kind not in ("place", "org") or " " in name or name in lex.places or name in lex.orgs:
            continue
        if name in lex.parties or len(owners.get(name, ())) != 1:
            continue
        if any(text[c.start : c.end] != name for c in ms):
            continue
        if any(c.tok_start > 0 and toks[c.tok_start - 1].lower_ in lex.place_before for c in ms):
            continue
        groups[next(iter(owners[name]))][2].extend(ms)
        joined.add(g)
    return [x for g, x in enumerate(groups) if g not in joined]


def _join_subgroups(groups: list[Group]) -> list[Group]:
    """Join a group named by two words ("Palestinian Arabs", "Jewish Americans") to the article's group that
    either word names ("Palestinians", "Jews", "Americans": a word names a group whose name it spells but for
    at most two last letters, from :data:`DEMONYM_STEM` - 1 letters on), the one mentioned most when both do.
    The joined group keeps its mentions, so its name stays one of the group's forms."""
    names = {g: name.lower() for g, (name, kind, _, _) in enumerate(groups) if kind == "group" and " " not in name}
    if not names:
        return groups
    into: dict[int, int] = {}
    for g, (name, kind, _, _) in enumerate(groups):
        words = name.lower().split()
        if kind != "group" or len(words) != 2:
            continue
        hits = {h for h, other in names.items() if any(_spells(w, other, DEMONYM_STEM - 1) for w in words)}
        if hits:
            into[g] = max(hits, key=lambda h: (len(groups[h][2]), -h))
    if not into:
        return groups
    out = [(name, kind, list(ms), gender) for name, kind, ms, gender in groups]
    for g, h in into.items():
        out[h][2].extend(groups[g][2])
    return [group for g, group in enumerate(out) if g not in into]


def _join_qualified_bodies(groups: list[Group], doc: Any, lex: Lexicon) -> list[Group]:
    """Join a body named without its country to the one named with it: "the Supreme Court" after "the US
    Supreme Court", "the National Assembly" and "the Hungarian National Assembly" are one body, under the
    fuller name. The extra first words must name a place or a people (a place of the article or the lexicon,
    a country's short form, a people's adjective), and only one body of the article may end in the shorter name ("the Polish Supreme Court" and "the
    US Supreme Court" leave "the Supreme Court" alone)."""
    bodies = {g: name for g, (name, kind, _, _) in enumerate(groups) if kind in ("org", "party")}
    places = {w for name, kind, _, _ in groups if kind == "place" for w in name.split()}  # the article's
    into: dict[int, int] = {}
    for g, short in bodies.items():
        fuller = [h for h, name in bodies.items() if h != g and name.endswith(" " + short)]
        if len(fuller) != 1:
            continue
        h = fuller[0]
        first = groups[h][2][0]
        span = doc.char_span(first.start, first.end - len(short) - 1, alignment_mode="expand")
        words = [t for t in span if t.is_alpha] if span is not None else []
        if not words or not all(_place_word(t, places, lex) for t in words):
            continue
        into[g] = h
    if not into:
        return groups
    out = [(name, kind, list(ms), gender) for name, kind, ms, gender in groups]
    for g, h in into.items():
        out[h][2].extend(groups[g][2])
        out[h][2].sort(key=lambda c: c.start)
    return [group for g, group in enumerate(out) if g not in into]


#: Short forms of countries and unions that qualify a body's name ("the US Supreme Court").
_COUNTRY_SHORT = frozenset({"US", "U.S.", "USA", "UK", "U.K.", "EU"})
#: Endings of a people's adjective ("Hungarian", "Polish", "Japanese", "Israeli").
_DEMONYM_ENDINGS = ("ian", "ish", "ese", "an", "ic", "i", "ch")


def _place_word(tok: Any, places: set[str], lex: Lexicon) -> bool:
    """Whether a word before a body's name names where the body is ("US", "Hungarian", "Rwanda"): a place
    of the article (``places``) or of the lexicon, a country's short form, a people's adjective."""
    text = tok.text
    if text in _COUNTRY_SHORT or text in places or text in lex.places or tok.ent_type_ in ("GPE", "NORP", "LOC"):
        return True
    return text[:1].isupper() and tok.tag_ in ("JJ", "NNP") and text.lower().endswith(_DEMONYM_ENDINGS)


def _spells(word: str, name: str, stem: int) -> bool:
    """Whether ``word`` spells ``name`` but for at most two last letters of the name, sharing ``stem`` letters
    or more ("palestinian"/"palestinians", "jewish"/"jews", "americans"/"americans")."""
    shared = next((k for k, (x, y) in enumerate(zip(word, name, strict=False)) if x != y), min(len(word), len(name)))
    return shared >= stem and len(name) - shared <= 2


def _country_of(name: str, groups: list[Group]) -> int | None:
    """The place group an institution named by a nationality adjective belongs to ("Israeli government" ->
    Israel, "German government" -> Germany): a place whose name the adjective spells but for its last
    letters (a shared start of at least :data:`DEMONYM_STEM` letters, at most two letters of the place's name
    left over). None when there is none, or more than one."""
    words = name.split()
    if len(words) != 2 or not words[0][:1].isupper():
        return None
    adj = words[0].lower()
    found = []
    for g, (place, kind, _, _) in enumerate(groups):
        p = place.lower()
        if kind != "place" or " " in p:
            continue
        if adj != p and _spells(adj, p, DEMONYM_STEM):
            found.append(g)
    return found[0] if len(found) == 1 else None


def _transcript_initials(text: str, groups: list[Group]) -> list[tuple[int, str]]:
    """(group index, label) for each initials label of a transcript ("MQ:") that abbreviates exactly one
    person's name."""
    out: list[tuple[int, str]] = []
    for label in dict.fromkeys(t.label for t in find_turns(text) if t.is_initials):
        letters = label.replace(".", "")
        people = [g for g, (name, kind, _, _) in enumerate(groups) if kind == "person" and initials_of(name) == letters]
        if len(people) == 1:
            out.append((people[0], label))
    return out


def _claimed_by(groups: list[Group], n: int) -> list[bool]:
    """Which of ``n`` tokens some group's mention covers."""
    out = [False] * n
    for _, _, ms, _ in groups:
        for c in ms:
            out[c.tok_start : c.tok_end] = [True] * (c.tok_end - c.tok_start)
    return out


def _resolve_people(doc: Any, lex: Lexicon) -> tuple[PeopleResolver, list[Candidate], list[bool]]:
    """Find the candidates, cluster the people among them; return the people, the other candidates and
    which tokens the candidates claim."""
    cands, claimed = find_candidates(doc, lex)
    people = PeopleResolver(lex)
    persons, others = _split_people(cands, doc_text(doc), lex)
    persons, others = _mistyped_people(persons, others, doc_text(doc), lex)
    # a surname with particles ("van der Brug") opening a sentence: "Van der Brug said", "De la Fuente won"
    particled = {c.name[-1].casefold() for c in persons if len(c.name) >= 2 and " " in c.name[-1]}
    for c in persons:
        if len(c.name) > 1 and " ".join(c.name).casefold() in particled:
            c.name = (" ".join(c.name),)
    people.add_full_names([c for c in persons if len(c.name) >= 2])
    others, glued = _names_after_bodies(others, people, doc)
    people.add_full_names(glued)
    parts = people.name_parts()
    singles = [c for c in persons if len(c.name) == 1]
    kept: list[Candidate] = []
    for c in others:
        surface = doc_text(doc)[c.start : c.end]
        if c.source == "ner" and (surface in parts or surface.casefold() in particled):
            c.kind, c.name = "person", (surface,)
            singles.append(c)
        else:
            kept.append(c)
    singles += _untagged_names(doc, claimed, parts, lex)
    kept += _bodies_that_speak(doc, claimed, lex)
    joined, singles = _join_adjacent(sorted(singles, key=lambda c: c.start), doc_text(doc))
    people.add_full_names(joined)
    for c in singles:
        people.add_single(c)
    return people, kept, claimed


def _names_after_bodies(
    others: list[Candidate], people: PeopleResolver, doc: Any
) -> tuple[list[Candidate], list[Candidate]]:
    """Split an organisation or party the model ran into the full name of a person the text names elsewhere
    ("the deputy leader of the Harbour Party Ada Quill said"): the body keeps its words, the name becomes a
    person candidate. Returns the candidates with the bodies cut back and the split-off people."""
    full = {v for p in people.people for v in p.variants if len(v) >= 2}
    if not full:
        return others, []
    kept: list[Candidate] = []
    split: list[Candidate] = []
    for c in others:
        cut = None
        if c.kind in ("org", "party") and c.tok_end - c.tok_start >= 3:
            for j in range(c.tok_start + 1, c.tok_end - 1):
                if tuple(t.text for t in doc[j : c.tok_end]) in full:
                    cut = j
                    break
        if cut is None:
            kept.append(c)
            continue
        last = doc[cut - 1]
        kept.append(replace(c, tok_end=cut, end=last.idx + len(last.text)))
        name = tuple(t.text for t in doc[cut : c.tok_end])
        split.append(Candidate(cut, c.tok_end, doc[cut].idx, c.end, "person", "split", name=name))
    return kept, split


def _split_people(cands: list[Candidate], text: str, lex: Lexicon) -> tuple[list[Candidate], list[Candidate]]:
    """Person candidates (with their title-free name words) and the rest."""
    persons: list[Candidate] = []
    others: list[Candidate] = []
    for c in cands:
        if c.kind != "person":
            others.append(c)
            continue
        name, gender = person_name(c.canonical or text[c.start : c.end], lex)
        if not name:
            continue
        c.name, c.gender = name, c.gender or gender
        persons.append(c)
    return persons, others


def _mistyped_people(
    persons: list[Candidate], others: list[Candidate], text: str, lex: Lexicon
) -> tuple[list[Candidate], list[Candidate]]:
    """Two- or three-word names the model typed ORG/GPE that are people ("Helena Voss" as ORG).

    A name is taken for a person when its first word is a known given name, or its last word is a name
    the article uses for a person elsewhere; organisation words and place suffixes rule it out. So is one
    word the model or its context typed otherwise ("in and around Trump's endorsement", "both Trump and
    Bannon" after it) when it is the surname of a person the article names in full and no lexicon lists it
    as a place, party or organisation, and the model does not call it a place.
    """
    person_words = {w for c in persons for w in (c.name[0], c.name[-1])}
    surnames = {c.name[-1] for c in persons if len(c.name) >= 2}
    keep: list[Candidate] = []
    for c in others:
        words = text[c.start : c.end].split()
        if (
            c.source == "ner"
            and c.label in ("ORG", "GPE", "FAC", "NORP")
            and 2 <= len(words) <= 3
            and all(w[0].isupper() and w.isalpha() for w in words)
            and not any(w in lex.org_words for w in words)
            and words[-1] not in lex.place_suffixes
            and (words[0] in lex.first_names or words[-1] in person_words)
        ) or _surname_alone(c, words, surnames, lex):
            c.kind, c.name = "person", tuple(words)
            persons.append(c)
        elif _possessor_alone(c, words, surnames, lex):
            # "Trump’s Contradictions" (a headline the model took for an organisation): Trump's mention
            c.end, c.tok_end = c.start + len(words[0]) - 2, c.tok_start + 1
            c.kind, c.name, c.canonical = "person", (words[0][:-2],), None
            persons.append(c)
        else:
            keep.append(c)
    return persons, keep


def _possessor_alone(c: Candidate, words: list[str], surnames: set[str], lex: Lexicon) -> bool:
    """An organisation entity that opens with a possessive surname of a person named in full and has no
    organisation word after it ("Trump’s Contradictions"; not "the Women’s March" or "St Mary’s Hospital")."""
    if c.source != "ner" or c.label not in ("ORG", "FAC") or len(words) < 2:
        return False
    first = words[0].replace("’", "'")
    return first.endswith("'s") and first[:-2] in surnames and not any(w in lex.org_words for w in words[1:])


def _surname_alone(c: Candidate, words: list[str], surnames: set[str], lex: Lexicon) -> bool:
    """One model-typed word that is the surname of a person named in full, and no listed place or body.

    A word the model itself calls a place (GPE, LOC: "spoke in Washington") stays one."""
    if c.source not in ("ner", "ner+context") or c.label in ("GPE", "LOC") or len(words) != 1:
        return False
    w = words[0]
    listed = w in lex.places or w in lex.orgs or w in lex.parties or w.lower() in lex.groups
    return w in surnames and not listed


def _join_adjacent(singles: list[Candidate], text: str) -> tuple[list[Candidate], list[Candidate]]:
    """Join a lone given name and the lone surname right after it ("Callum" + "Drury") into one mention."""
    joined: list[Candidate] = []
    rest: list[Candidate] = []
    for c in singles:
        prev = rest[-1] if rest else None
        if prev is not None and text[prev.end : c.start] == " " and prev.source != "title":
            rest.pop()
            joined.append(
                Candidate(
                    prev.tok_start,
                    c.tok_end,
                    prev.start,
                    c.end,
                    "person",
                    "joined",
                    gender=prev.gender or c.gender,
                    name=prev.name + c.name,
                )
            )
        else:
            rest.append(c)
    return joined, rest


def _untagged_names(doc: Any, claimed: list[bool], parts: set[str], lex: Lexicon) -> list[Candidate]:
    """Lone given names or surnames of known people that no other rule took ("Livingstone" untagged), and a
    lone proper noun the model did not tag that speaks ("“…,” Pelvane told reporters": :func:`_lone_speaker`)."""
    out: list[Candidate] = []
    verbs = speech_verbs()
    hyphenated = {p for p in parts if "-" in p}
    for tok in tokens_of(doc):
        if hyphenated and tok.i + 2 < len(doc) and doc[tok.i + 1].text == "-" and not any(claimed[tok.i : tok.i + 3]):
            span = doc[tok.i : tok.i + 3]  # "Verki-Zan", which the tokenizer splits in three
            if span.text in hyphenated and not span[0].whitespace_:
                out.append(
                    Candidate(tok.i, tok.i + 3, span.start_char, span.end_char, "person", "name", name=(span.text,))
                )
                continue
        if claimed[tok.i] or not tok.is_alpha or not (tok.text in parts or _lone_speaker(tok, doc, claimed, verbs)):
            continue
        if tok.is_sent_start and tok.pos_ not in NAME_POS:
            continue
        if tok.text in lex.parties or tok.lower_ in lex.groups or tok.lower_ in lex.non_actors:
            continue
        start = tok.idx
        out.append(Candidate(tok.i, tok.i + 1, start, start + len(tok.text), "person", "name", name=(tok.text,)))
    return out


def _lone_speaker(tok: Any, doc: Any, claimed: list[bool], verbs: frozenset[str]) -> bool:
    """Whether ``tok`` is a capitalised proper noun standing alone (no capitalised word beside it) as the
    subject of a reporting verb: someone speaks, and a name that speaks is a person's."""
    if tok.tag_ != "NNP" or not tok.is_title or tok.dep_ != "nsubj" or tok.head.lemma_.lower() not in verbs:
        return False
    if tok.is_sent_start or any(c.dep_ in ("compound", "amod", "det", "poss") for c in tok.children):
        return False  # a sentence's first word may be any word; "Campaign group X", "the X" name no person
    return not any(0 <= j < len(doc) and (claimed[j] or doc[j].is_title) for j in (tok.i - 1, tok.i + 1))


def _bodies_that_speak(doc: Any, claimed: list[bool], lex: Lexicon) -> list[Candidate]:
    """A name the model did not tag, after a noun for a kind of body, that speaks: "Campaign group Care4Harwick
    said ..." is an organisation (``org_nouns`` of the lexicon: group, charity, union, party ...)."""
    verbs = speech_verbs()
    out: list[Candidate] = []
    for tok in tokens_of(doc):
        if claimed[tok.i] or tok.tag_ != "NNP" or not tok.text[:1].isupper() or not tok.text.isalnum():
            continue
        if tok.dep_ != "nsubj" or tok.head.lemma_.lower() not in verbs:
            continue
        nouns = [c for c in tok.children if c.dep_ == "compound" and c.i < tok.i]
        if not nouns or nouns[-1].i != tok.i - 1 or any(claimed[c.i] for c in nouns):
            continue
        kind = lex.org_nouns.get(nouns[-1].lower_)
        if kind not in ("org", "party") or any(c.pos_ != "NOUN" for c in nouns):
            continue
        out.append(Candidate(tok.i, tok.i + 1, tok.idx, tok.idx + len(tok.text), kind, "noun"))
    return out


def _group_others(cands: list[Candidate], doc: Any, claimed: list[bool], lex: Lexicon) -> dict[str, list[Candidate]]:
    """Non-person mentions by canonical name, short forms merged into the name they shorten."""
    text: str = doc_text(doc)
    by_key: dict[str, list[Candidate]] = {}
    defined: dict[str, str] = {}  # "CPCA" -> "Council for Peace and Co-operation in Asia"
    for c in cands:
        key = normalise(c.canonical or text[c.start : c.end])
        if c.source == "defined" and c.canonical and c.tok_end - c.tok_start == 1:
            defined[normalise(text[c.start : c.end])] = key
        by_key.setdefault(key, []).append(c)
    for short, long in defined.items():  # the acronym alone, elsewhere in the text, is the name it defined
        if short in by_key and long in by_key and short != long:
            by_key[long].extend(by_key.pop(short))
    _merge_short_forms(by_key, text)
    _untagged_acronyms(by_key, doc, claimed, lex)
    return by_key


def _abbreviations(by_key: dict[str, list[Candidate]]) -> dict[str, str]:
    """Initials -> the one multi-word organisation or party they abbreviate (ambiguous initials left out)."""
    found: dict[str, set[str]] = {}
    for k, ms in by_key.items():
        if len(k.split()) > 1 and ms[0].kind in ("org", "party"):
            words = k.split()
            hyphenated = [p for w in words for p in w.split("-")]  # "Agence France-Presse" is AFP
            for form in {*initials(words, CONNECTORS | {"the"}), *initials(hyphenated, CONNECTORS | {"the"})}:
                if len(form) >= 2:
                    found.setdefault(form, set()).add(k)
    return {form: next(iter(ks)) for form, ks in found.items() if len(ks) == 1}


def _untagged_acronyms(by_key: dict[str, list[Candidate]], doc: Any, claimed: list[bool], lex: Lexicon) -> None:
    """Acronyms the model left untagged ("An NFA spokesperson") that abbreviate a named organisation; a
    plural one ("CLPs") abbreviates a plural name ("Constituency Labour Parties")."""
    abbrev = _abbreviations(by_key)
    if not abbrev:
        return
    for tok in tokens_of(doc):
        if claimed[tok.i] or not is_acronym(tok.text) or tok.text in lex.titles or tok.lower_ in lex.non_actors:
            continue
        target = abbrev.get(tok.lower_)
        if target is None and tok.text.endswith("s") and tok.text[-2:-1].isupper():
            target = abbrev.get(tok.lower_[:-1])  # "CLPs": the plural of a plural name's initials
            if target is not None and not target.endswith("s"):
                target = None
        if target is not None:
            end = tok.idx + len(tok.text)
            by_key[target].append(Candidate(tok.i, tok.i + 1, tok.idx, end, by_key[target][0].kind, "acronym"))


def _company_of(
    word: str, mentions: list[Candidate], by_key: dict[str, list[Candidate]], text: str, lex: Lexicon
) -> list[Candidate] | None:
    """The mentions of the one organisation whose name opens with ``word`` and ends in an organisation word
    ("Verrow" -> "Verrow Rail"), for a lone word the model alone called a person; None when no such
    organisation or several fit, or another kind of name opens with it."""
    if any(c.source != "ner" for c in mentions):
        return None
    w = word.casefold()
    fits = [k for k in by_key if len(k.split()) > 1 and k.split()[0] == w]
    if len(fits) != 1 or any(c.kind != "org" for c in by_key[fits[0]]):
        return None
    first = by_key[fits[0]][0]
    if text[first.start : first.end].split()[-1] not in lex.org_words:
        return None
    return by_key[fits[0]]


def _named_groups(by_key: dict[str, list[Candidate]], text: str) -> list[Group]:
    """Name and type each group of non-person mentions (kind by vote, rules outweighing the model; the name is
    the most frequent surface, a spelt-out name before an acronym)."""
    out: list[Group] = []
    for ms in by_key.values():
        votes: Counter[str] = Counter()
        for c in ms:
            votes[c.kind] += 1 if c.source == "ner" else RULE_WEIGHT
        kind = votes.most_common(1)[0][0]
        surfaces = Counter(c.canonical or text[c.start : c.end] for c in ms)
        name = max(surfaces.items(), key=lambda kv: (not is_acronym(kv[0]), kv[1], len(kv[0])))[0]
        out.append((name, kind, ms, None))
    return out


def _merge_short_forms(by_key: dict[str, list[Candidate]], text: str) -> None:
    """Merge one-word forms into the organisation they shorten: an acronym ("NEC" -> "National Executive
    Committee") or the name's last word ("the Review" -> "Meridian Review") when only one name fits."""
    multi = [k for k, ms in by_key.items() if len(k.split()) > 1 and ms[0].kind in ("org", "party")]
    abbrev = _abbreviations(by_key)
    for key in [k for k in by_key if len(k.split()) == 1]:
        first = by_key[key][0]
        if is_acronym(text[first.start : first.end]) and abbrev.get(key) in by_key:
            by_key[abbrev[key]].extend(by_key.pop(key))
            continue
        heads = [k for k in multi if k.split()[-1] == key]
        if len(heads) == 1 and first.kind != "place":
            by_key[heads[0]].extend(by_key.pop(key))


def _actor(
    aid: str,
    name: str,
    kind: str,
    ms: list[Candidate],
    doc: Any,
    around: dict[tuple[int, int], list[str]],
    more: list[str],
) -> Actor:
    text = doc_text(doc)
    spans = sorted({(c.start, c.end) for c in ms})
    aliases = list(dict.fromkeys(text[s:e] for s, e in spans))
    if kind in ("person", "org"):  # a party's or group's modifiers pick a part of it ("Muslim women")
        aliases += surface_forms(doc, spans, around, person=kind == "person")
    if kind in ("org", "party"):  # "Labour members", "members of Congress"
        aliases += [f for f in member_forms(doc, spans) if f not in aliases]
    aliases += [f for f in more if f not in aliases]  # "the party", "the commission" (_anaphora)
    return Actor(
        id=aid,
        name=name,
        kind=_kind(kind),
        aliases=tuple(aliases),
        mentions=tuple(Span(s, e, text[s:e]) for s, e in spans),
    )


def _kind(kind: str) -> ActorKind:
    return _KINDS.get(kind, "other")


class ActorsComponent(Component):
    """Adds ``actors`` and ``pronouns`` to the context (see :func:`extract_actors`)."""

    name: ClassVar[str] = "slant.actors.v12"
    requires: ClassVar[tuple[str, ...]] = ("doc",)
    provides: ClassVar[tuple[str, ...]] = ("actors", "pronouns")

    def __call__(self, ctx: Context) -> None:
        actors, pronouns = extract_actors(ctx.doc)
        leads = list(sentences_of(ctx.doc)[:1])
        if ctx.article.title:
            title_doc = ctx.title_doc or load_nlp()(ctx.article.title)
            headline, _ = extract_actors(title_doc)
            actors = add_headline_forms(actors, headline)
            actors = headline_people(actors, headline, ctx.article.title, load_lexicon())
            leads = list(sentences_of(title_doc)[:1]) + leads
        actors = describe_lead(leads, actors)  # "City imam condemns X" is the body's imam
        ctx.data["actors"] = actors
        ctx.data["pronouns"] = pronouns
