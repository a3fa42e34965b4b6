"""The headline's forms of the story's actors: "Rep. Lind apologises for tweets on the HPC's influence" gives
the body's Ada Lind the form "Rep. Lind" and its Harwick Port Commission the form "HPC".

The headline is parsed on its own (it is no part of the body's text, so its words have no offsets there) and
its actors are matched to the body's: the same name or alias; a person's surname, or given name, when one
body person has it (a full name in the headline matches a body person named by surname only); or the
initials of one body organisation's name. A matched headline actor's names and forms become
forms of the body actor (aliases without mentions). A headline actor the body never names is left out.
"""

from __future__ import annotations

from dataclasses import replace

from slant.analyze.actors._candidate import CONNECTORS
from slant.analyze.common import initials, normalise
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
