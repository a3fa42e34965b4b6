"""Group person mentions into people: full names, misspellings, surnames, first names, titles.

Full names ("Ken Livingstone") are clustered first: same surname and a compatible given name ("Ed" /
"Edward", "Rusharnara" / "Rushanara"), or a near-identical whole name. Lone names ("Livingstone", "Ken",
"Ms Ali") then join the person whose surname (or, failing that, given name) they match; when several
match, the person mentioned most wins, ties going to the most recent. A title + surname that matches nobody
joins the one person whose surname it nearly spells ("Ms Kettelby" -> "Joanne Kettleby"). Lone names that
match nobody make their own person ("Boris").
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from rapidfuzz import fuzz

from slant.analyze.actors._candidate import NAME_PARTICLES, Candidate
from slant.analyze.common import Lexicon, canonical_spelling, is_familiar_form, same_person, surname_matches

#: Similarity for a lone given name to match a misspelt given name.
GIVEN_ALONE_RATIO = 90.0
#: Similarity for title + surname ("Ms Kettelby") to match a misspelt surname when only one person fits.
TITLED_SURNAME_RATIO = 85.0


@dataclass(slots=True)
class Person:
    """A person being assembled from mentions."""

    variants: Counter[tuple[str, ...]] = field(default_factory=Counter)
    mentions: list[Candidate] = field(default_factory=list)
    genders: Counter[str] = field(default_factory=Counter)
    single: str | None = None  # the lone name of a person never named in full

    def add(self, c: Candidate) -> None:
        self.mentions.append(c)
        if len(c.name) >= 2:
            self.variants[c.name] += 1
        if c.gender:
            self.genders[c.gender] += 1

    @property
    def gender(self) -> str | None:
        if not self.genders:
            return None
        (g, n), *rest = self.genders.most_common(2)
        return None if rest and rest[0][1] == n else g

    def name(self, lex: Lexicon) -> str:
        """The canonical name: a known spelling, else the most frequent, fullest variant."""
        if not self.variants:
            return self.single or ""
        known = set(lex.known_people)
        best = max(
            self.variants.items(),
            key=lambda kv: (" ".join(kv[0]) in known, kv[1], len(kv[0]), -self._first_use(kv[0])),
        )[0]
        return canonical_spelling(best, lex.known_people) or " ".join(best)

    def _first_use(self, variant: tuple[str, ...]) -> int:
        return min(c.start for c in self.mentions if c.name == variant)

    def last_before(self, pos: int) -> int:
        return max((c.start for c in self.mentions if c.start < pos), default=-1)


def person_name(surface: str, lex: Lexicon) -> tuple[tuple[str, ...], str | None]:
    """The name words of a person mention without titles and post-nominals, and the title's gender."""
    words = surface.split()
    gender = None
    while words:
        for k in (3, 2, 1):
            title = lex.titles.get(" ".join(words[:k]).rstrip("."))
            if title is not None and title.kind != "postnominal" and len(words) > k:
                gender = gender or title.gender
                words = words[k:]
                break
        else:
            break
    while len(words) > 1:
        title = lex.titles.get(words[-1].rstrip("."))
        if title is None or title.kind != "postnominal":
            break
        words = words[:-1]
    return _with_particles(words), gender


def _with_particles(words: list[str]) -> tuple[str, ...]:
    """Name words with surname particles joined to the word after them: "Anneke van der Brug" is ("Anneke",
    "van der Brug"), "Van der Brug" alone ("Van der Brug",). A capitalised particle opening a name is a
    given name unless another particle follows it ("Al Gore", but "De la Cruz")."""
    out: list[str] = []
    pending: list[str] = []
    for k, w in enumerate(words):
        low = w.lower()
        particle = low in NAME_PARTICLES and k + 1 < len(words)
        if particle and w != low and k == 0 and words[1].lower() not in NAME_PARTICLES:
            particle = False
        if particle:
            pending.append(w)
        else:
            out.append(" ".join([*pending, w]))
            pending = []
    return tuple(out)


class PeopleResolver:
    """Cluster the person candidates of one article."""

    def __init__(self, lex: Lexicon) -> None:
        self.lex = lex
        self.people: list[Person] = []
        self._singles: dict[str, Person] = {}

    def add_full_names(self, cands: list[Candidate]) -> None:
        for c in cands:
            for p in self.people:
                if any(same_person(c.name, v, self.lex.first_names, self.lex.nicknames) for v in p.variants):
                    p.add(c)
                    break
            else:
                p = Person()
                p.add(c)
                self.people.append(p)
        for p in self.people:
            for v in p.variants:
                g = self.lex.first_names.get(v[0])
                if g and not p.genders:
                    p.genders[g] += 1

    def name_parts(self) -> set[str]:
        """Given names and surnames of the people named in full (case-sensitive)."""
        return {w for p in self.people for v in p.variants for w in (v[0], v[-1])}

    def match(self, word: str, gender: str | None, pos: int) -> Person | None:
        """The person a lone name refers to, or None."""
        full = [p for p in self.people if p.variants]
        pool = [p for p in full if any(surname_matches(word, v[-1]) for v in p.variants)]
        if not pool:
            w = word.casefold()
            pool = [
                p
                for p in full
                if any(
                    v[0].casefold() == w
                    or is_familiar_form(v[0], w, self.lex.nicknames)
                    or (len(w) >= 5 and fuzz.ratio(v[0].casefold(), w) >= GIVEN_ALONE_RATIO)
                    for v in p.variants
                )
            ]
        if gender:
            pool = [p for p in pool if p.gender in (None, gender)]
        if len(pool) <= 1:
            return pool[0] if pool else None
        most = max(len(p.mentions) for p in pool)
        top = [p for p in pool if len(p.mentions) == most]
        if len(top) == 1:
            return top[0]
        return max(top, key=lambda p: p.last_before(pos))

    def near_surname(self, word: str, gender: str | None) -> Person | None:
        """The one person named in full whose surname ``word`` nearly spells (a titled mention's typo)."""
        w = word.casefold()
        if len(w) < 5:
            return None
        pool = [
            p
            for p in self.people
            if p.variants
            and p.gender in (None, gender or p.gender)
            and any(fuzz.ratio(v[-1].casefold(), w) >= TITLED_SURNAME_RATIO for v in p.variants)
        ]
        return pool[0] if len(pool) == 1 else None

    def add_single(self, c: Candidate) -> None:
        p = self.match(c.name[0], c.gender, c.start)
        if p is None and c.source == "title":
            p = self.near_surname(c.name[-1], c.gender)
        if p is None:
            key = c.name[0].casefold()
            p = self._singles.get(key)
            if p is None:
                p = self._singles[key] = Person(single=c.name[0])
                self.people.append(p)
        p.add(c)
