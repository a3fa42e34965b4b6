"""Candidate actor mentions in a spaCy Doc: NER entities corrected and completed by rules.

Sources, in the order they claim tokens (a later source only gets tokens nobody claimed):

1. ``title``: a title + capitalised word(s) is a person ("Ms Ali", "Lord Ahmad"), even when NER misses it;
   so is an untyped name in apposition to an office noun ("Mawdsley, the council leader, said");
2. ``law``: the title of a bill or act ("the Housing (Standards) Bill") claims its words and is no actor;
3. ``lexicon``: parties, groups and places from the resource files, which beat the model's label
   ("Labour" tagged PERSON, "Israelites" tagged PERSON, "Tower Hamlets" tagged ORG); a group word after an
   ethnonym makes one group ("Arab Americans"); a party's first word before a member noun is the party
   ("the Green MP");
4. ``cue``: a capitalised name after a place cue ("the MP for Bethnal Green and Bow") or before a place
   noun ("the Inverbrae and Coll by-election") is a place;
5. ``orgrun``: a capitalised run holding an organisation word ("Eastbridge Council", "the Huffington Post"),
   leading function words dropped ("When Eastbridge Council voted");
6. ``ner``: what is left of the model's PERSON/ORG/GPE/LOC/FAC/NORP entities, edges trimmed and typed by
   their words and context: acronyms are never persons; a word inside a title ("Home" in "Home
   Secretary") is no actor; one unknown word the model calls a person after "in"/"near" is a place;
   a name in apposition to an organisation noun ("Unison, the public sector union") is an organisation,
   and one in apposition to a job, found by the parse past any "of" or "in", a person ("X, the
   organisation's chief executive in the UK,"); an entity that ends in a given name takes the capitalised
   word the model left out or read as a date ("Philippa May").

7. ``given-name``: a known given name and one capitalised word after it that the model tagged as no
   entity (or the given name alone): "Theresa May late last night", "you sent Amber Rudd in your place".

Then a name joined by "and" or "or" to a place is a place when nothing says it is a person, and the
place a council is named after ("Wexcombe" of "Wexcombe District Council") is a place wherever it stands
alone.

Every pass is linear in the number of tokens with dictionary look-ups; no regular expression runs over the
text. Group words used attributively ("Muslim vote", "Israelite friends") are not mentions: they describe
another noun rather than refer to the group. Parties are kept when attributive ("Labour councillors").
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from slant.analyze.actors._candidate import (
    BLOCKED,
    COUNCIL_TIERS,
    Candidate,
)
from slant.analyze.actors._passes import _Finder
from slant.analyze.common import Lexicon, is_acronym, normalise
from slant.nlp.spans import doc_text


def find_candidates(doc: Any, lex: Lexicon) -> tuple[list[Candidate], list[bool]]:
    """All candidate mentions of ``doc`` (sorted by offset) and which tokens they claim."""
    f = _Finder(doc, lex)
    defined = f.defined_acronyms()  # before every other pass: "... Co-operation in Asia (CPCA)" is one name
    for c in defined:
        f._claim(c)
    for c in f.named_parties():  # before the lexicon: "Vantor" is a party wherever it stands once named one
        if f._free(c.tok_start, c.tok_end):
            f._claim(c)
            defined.append(c)
    titles, laws, lexicon, runs = f.titles(), f.laws(), f.lexicon(), f.org_runs()
    cues = f.datelines() + f.cues() + f.place_nouns()
    appositions = f.appositions()
    runs += [c for c in appositions if c.kind != "person"]
    titles += [c for c in appositions if c.kind == "person"]
    person_ents = [(e.start, e.end) for e in doc.ents if e.label_ == "PERSON" and e.end - e.start > 1]
    org_spans = [(r.tok_start, r.tok_end) for r in runs]
    org_spans += [
        (e.start, e.end) for e in doc.ents if e.label_ != "PERSON" and any(t.text in lex.org_words for t in e)
    ]

    def strictly_inside(c: Candidate, spans: list[tuple[int, int]]) -> bool:
        return any(a <= c.tok_start and c.tok_end <= b and (a, b) != (c.tok_start, c.tok_end) for a, b in spans)

    run_spans = [(r.tok_start, r.tok_end) for r in runs]
    # a party's word inside an organisation's own name is the organisation's ("the Jewish Labour Movement");
    # inside an entity the model merely typed ORG it stays the party's ("Republican Wade Harlan")
    lexicon = [
        c
        for c in lexicon
        if not strictly_inside(c, person_ents)
        and not strictly_inside(c, run_spans)
        and not (c.kind != "party" and strictly_inside(c, org_spans))
    ]
    out: list[Candidate] = list(defined)
    for source in (titles, laws, lexicon, cues, runs):
        for c in source:
            if f._free(c.tok_start, c.tok_end):
                f._claim(c)
                out.append(c)
    for c in f.entities():
        f._claim(c)
        out.append(c)
    for c in f.given_names():  # after the model's entities: only names it missed
        f._claim(c)
        out.append(c)
    out = [c for c in out if c.kind != BLOCKED]
    out.sort(key=lambda c: c.start)
    out += _council_places(f, out)
    out.sort(key=lambda c: c.start)
    _coordinated_places(out, doc_text(doc), lex)
    return out, f.claimed


def _council_places(f: _Finder, cands: list[Candidate]) -> list[Candidate]:
    """The place a local council is named after, wherever it stands alone ("Wexcombe" of "Wexcombe District
    Council"): unclaimed words become place mentions, and a lone model-typed mention of it a place."""
    doc, lex = f.doc, f.lex
    names: set[tuple[str, ...]] = set()
    for c in cands:
        words = f.text[c.start : c.end].split()
        if c.kind != "org" or len(words) < 2 or words[-1] != "Council":
            continue
        head = words[:-1]
        while len(head) > 1 and head[-1] in COUNCIL_TIERS:
            head = head[:-1]
        if head and head[-1] not in COUNCIL_TIERS and not any(w in lex.org_words for w in head):
            names.add(tuple(head))
    if not names:
        return []
    for c in cands:
        if c.source == "ner" and tuple(f.text[c.start : c.end].split()) in names:
            c.kind = "place"
    out: list[Candidate] = []
    for name in names:
        n = len(name)
        for i in range(len(doc) - n + 1):
            if tuple(t.text for t in doc[i : i + n]) == name and f._free(i, i + n):
                found = f._cand(i, i + n, "place", "council")
                if found is not None:
                    f._claim(found)
                    out.append(found)
    return out


def _coordinated_places(cands: list[Candidate], text: str, lex: Lexicon) -> None:
    """A model-typed name joined by "and" or "or" to a place is a place, unless a given name or an
    organisation word says otherwise ("between Aldersey and Coldharbour", "Fellgate and Lower Harwick")."""
    places = {normalise(text[c.start : c.end]) for c in cands if c.kind == "place"}
    for x, y in pairwise(cands):
        if text[x.end : y.start] not in (" and ", " or "):
            continue
        for c, other in ((x, y), (y, x)):
            words = text[c.start : c.end].split()
            if (
                c.source == "ner"
                and c.kind in ("person", "org")
                and normalise(text[other.start : other.end]) in places
                and words[0] not in lex.first_names
                and not any(w in lex.org_words or is_acronym(w) for w in words)
            ):
                c.kind, c.source = "place", "ner+context"
