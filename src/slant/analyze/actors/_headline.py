"""The headline's forms of the story's actors: "Rep. Lind apologises for tweets on the HPC's influence" gives
the body's Ada Lind the form "Rep. Lind" and its Harwick Port Commission the form "HPC".

The headline is parsed on its own (it is no part of the body's text, so its words have no offsets there) and
its actors are matched to the body's: the same name or alias; a person's surname, or given name, when one
body person has it (a full name in the headline matches a body person named by surname only); or the
initials of one body organisation's name. A matched headline actor's names and forms become
forms of the body actor (aliases without mentions). A headline actor the body never names is left out, but
for a person named in full by a known given name and one surname ("Tessa Marle & Amber Quist must
resign"): title case makes every other capitalised run of a headline doubtful, so only that shape becomes an
actor of its own, with the headline's name as its one form and no mention in the body
(:func:`headline_people`).
"""

from __future__ import annotations

from dataclasses import replace

from slant.analyze.actors._candidate import CONNECTORS
from slant.analyze.common import Lexicon, initials, normalise, surname_matches, unique_slugs
from slant.models import Actor


def add_headline_forms(actors: tuple[Actor, ...], headline: tuple[Actor, ...]) -> tuple[Actor, ...]:
    """``actors`` with the forms ``headline``'s actors give them (see the module docstring)."""
    extra: dict[str, list[str]] = {}
    for h in headline:
        target = _match(h, actors)
        if target is None:
            continue
        have = {normalise(a) for a in (target.name, *target.aliases, *extra.get(target.id, ()))}
        for form in (h.name, *h.aliases):
            if normalise(form) not in have:
                extra.setdefault(target.id, []).append(form)
                have.add(normalise(form))
    if not extra:
        return actors
    return tuple(replace(a, aliases=(*a.aliases, *extra[a.id])) if a.id in extra else a for a in actors)


def _match(h: Actor, actors: tuple[Actor, ...]) -> Actor | None:
    names = {normalise(n) for n in (h.name, *h.aliases)}
    same = [a for a in actors if names & {normalise(n) for n in (a.name, *a.aliases)}]
    if len(same) == 1:
        return same[0]
    if same:
        return None
    if h.kind == "person":
        words = h.name.casefold().split()
        people = [a for a in actors if a.kind == "person" and _same_person(words, a.name.casefold().split())]
        return people[0] if len(people) == 1 else None
    word = h.name.casefold()
    if h.kind in ("org", "party") and " " not in word and len(word) >= 2:
        bodies = [
            a
            for a in actors
            if a.kind in ("org", "party")
            and len(a.name.split()) > 1
            and word in initials(a.name.split(), CONNECTORS | {"the"})
        ]
        return bodies[0] if len(bodies) == 1 else None
    return None


def _same_person(headline: list[str], body: list[str]) -> bool:
    """Whether a headline's person name can be the body person's: the same surname and given name; a
    surname alone on either side ("Lind" for "Ada Lind", "Ada Lind" for the body's only "Lind"); or a
    given name alone in the headline ("Ada attacks the plan")."""
    if not headline or not body:
        return False
    if len(headline) == 1:
        return headline[0] in (body[0], body[-1])
    return headline[-1] == body[-1] and (len(body) == 1 or headline[0] == body[0])


def headline_people(
    actors: tuple[Actor, ...], headline: tuple[Actor, ...], title: str, lex: Lexicon
) -> tuple[Actor, ...]:
    """``actors`` and, after them, the people only the headline ``title`` names (see the module docstring).
    Not a columnist's name the headline opens with ("Ana Reed: why ...", "Ana Reed writes on ..."), nor a
    name whose surname a body person has, spelt alike or nearly ("Gary Linker" for the body's Lineker)."""
    # a person's surname, or a lone word of any kind (the model may type "Trump" an organisation)
    surnames = [a.name.split()[-1] for a in actors if (a.kind == "person" or len(a.name.split()) == 1) and a.name]
    new = [
        h
        for h in headline
        if h.kind == "person"
        and _match(h, actors) is None
        and _given_and_surname(h.name, lex)
        and not _byline(h.name, title)
        and not any(surname_matches(h.name.split()[-1], s) for s in surnames)
    ]
    if not new:
        return actors
    ids = unique_slugs([*(a.name for a in actors), *(h.name for h in new)])[len(actors) :]
    taken = {a.id for a in actors}
    added = []
    for aid, h in zip(ids, new, strict=True):
        while aid in taken:
            aid += "-1"
        taken.add(aid)
        added.append(Actor(id=aid, name=h.name, kind="person", aliases=(h.name,)))
    return (*actors, *added)


def _given_and_surname(name: str, lex: Lexicon) -> bool:
    """Whether ``name`` is a known given name and one capitalised surname that is no title, party,
    organisation or place word ("Amber Quist"; not "Tom Farrow Broke", "Dead Duck")."""
    words = name.split()
    if len(words) != 2 or words[0] not in lex.first_names:
        return False
    last = words[1]
    if not (last[:1].isupper() and last.replace("-", "").replace("'", "").isalpha()) or last.isupper():
        return False
    return not (last in lex.titles or last in lex.org_words or last in lex.parties or last in lex.places)


def _byline(name: str, title: str) -> bool:
    """Whether the headline opens with ``name`` as its writer's: "Ana Reed: ...", "Ana Reed writes ..."."""
    at = title.find(name)
    if at < 0 or title[:at].strip(" |-–—").split()[-1:] not in ([], ["Sir"], ["Dame"], ["Lord"], ["Baroness"]):
        return False
    rest = title[at + len(name) :].lstrip()
    return rest.startswith((":", "|", "writes", "on why")) or not rest
