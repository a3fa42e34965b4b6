"""One canonical actor per person or organisation across articles, in memory and order-free.

The single cross-article linker of :mod:`slant.compare`, the report's heatmaps and :mod:`slant.network`, so
that one report shows the same actors under the same names everywhere. It applies the store's pure rules
(:mod:`slant.store.canonical`: exact key, a known alias, a close spelling of a full name; the kind must
match) plus two rules of its own:

* a person whose full name matched nobody joins the one canonical person with the same surname and first
  initial that shares one of its aliases ("Gerry Mawdsley", alias "Mawdsley", joins "Gerald Mawdsley";
  "Hanna Kerr" never joins "Anna Kerr");
* non-person actors with the same normalised name are one actor even when two articles typed them
  differently ("Eastport North" as a place and as an organisation). People never merge across kinds.

:func:`link_all` is order-free: every (article, actor) pair is linked in one total order that depends on
the pairs alone (full names before one-word names, more mentions first, then name, kind, article id and
actor id), so "Kilbride" finds "Bernard Kilbride" whichever article came first, and shuffling the analyses
changes nothing. Candidates come from indices (exact key, alias key, surname), never from a scan over every
canonical actor, so linking a whole store's analyses costs about linear time.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from slant.models import Actor, Analysis
from slant.store import canonical

__all__ = ["ActorIndex", "link_all"]


@dataclass(slots=True)
class _Canon:
    num: int
    kind: str  # the kind it was created with (the kind that matches candidates)
    key: str
    aliases: set[str] = field(default_factory=set)  # alias keys, its own key included
    names: Counter[str] = field(default_factory=Counter)  # actor name -> article actors using it
    spellings: Counter[str] = field(default_factory=Counter)  # names and aliases -> article actors using them
    kinds: Counter[str] = field(default_factory=Counter)  # kind -> mentions (at least 1 per article actor)
    mentions: Counter[str] = field(default_factory=Counter)  # article id -> mentions (0 counts as named)
    salience: dict[str, float] = field(default_factory=dict)  # article id -> its most salient actor's salience


def _key(actor: Actor) -> str:
    return canonical.match_key(actor.name, actor.kind) or actor.name.strip().casefold() or "?"


def link_all(analyses: Iterable[Analysis]) -> ActorIndex:
    """Link every actor of ``analyses`` to canonical actors; the result does not depend on their order.

    One analysis per article id: a second analysis of an article already given is ignored.
    """
    return ActorIndex(analyses)


class ActorIndex:
    """Article actors linked to canonical actors; ``ActorIndex(analyses)`` is :func:`link_all`.

    Canonical ids are small ints; :meth:`node_id` gives the network's ``"<kind>:<key>"`` id.
    """

    def __init__(self, analyses: Iterable[Analysis] = ()) -> None:
        self._canons: list[_Canon] = []
        self._link: dict[tuple[str, str], int] = {}  # (article id, local actor id) -> canonical id
        self._exact: dict[tuple[str, str], int] = {}  # (kind, key) -> canonical id
        self._alias: dict[tuple[str, str], set[int]] = {}  # (kind, alias key) -> canonical ids
        self._surname: dict[str, set[int]] = {}  # surname -> persons with a full-name key
        self._names: dict[int, str] = {}
        self._kind: dict[int, str] = {}
        self._node: dict[int, str] = {}
        self._local: dict[tuple[str, int], set[str]] = {}
        self._in_article: dict[str, set[int]] = {}
        pairs: list[tuple[bool, int, str, str, str, str, Actor, str]] = []
        seen: set[str] = set()
        for a in analyses:
            art = a.article.id
            if art in seen:
                continue
            seen.add(art)
            for actor in a.actors:
                key = _key(actor)
                one_word = canonical.is_one_word(key)
                pairs.append((one_word, -len(actor.mentions), actor.name, actor.kind, art, actor.id, actor, key))
        pairs.sort(key=lambda p: p[:6])
        for _, _, _, _, art, aid, actor, key in pairs:
            self._link[(art, aid)] = self._add(art, actor, key)
        self._articles = frozenset(seen)
        self._finish()

    # --- linking -----------------------------------------------------------------------------------------

    def _add(self, article_id: str, actor: Actor, key: str) -> int:
        kind = actor.kind
        alias = canonical.alias_keys(actor.name, actor.names, kind)
        cid = self._exact.get((kind, key))
        if cid is None:
            cid = canonical.choose_canonical(key, kind, self._candidates(key, kind))
        if cid is None and kind == "person" and not canonical.is_one_word(key):
            cid = self._same_person(key, alias.keys())
        c = self._create(kind, key) if cid is None else self._canons[cid]
        for k in (key, *alias):
            if k not in c.aliases:
                c.aliases.add(k)
                self._alias.setdefault((c.kind, k), set()).add(c.num)
        c.names[actor.name] += 1
        c.spellings.update(dict.fromkeys((actor.name, *actor.names), 1))
        c.kinds[kind] += len(actor.mentions) or 1
        c.mentions[article_id] += len(actor.mentions)
        if actor.salience is not None:
            c.salience[article_id] = max(c.salience.get(article_id, 0.0), actor.salience)
        return c.num

    def _candidates(self, key: str, kind: str) -> list[canonical.Candidate]:
        """The canonical actors ``key`` could join by alias or by a close spelling (no exact match exists)."""
        alias_of = self._alias.get((kind, key), set())
        nums = set(alias_of)
        if kind == "person" and not canonical.is_one_word(key):
            nums |= self._surname.get(canonical.surname(key), set())
        return [
            canonical.Candidate(n, kind, self._canons[n].key, frozenset({key}) if n in alias_of else frozenset())
            for n in sorted(nums)
        ]

    def _same_person(self, key: str, alias: Iterable[str]) -> int | None:
        """The one person with the same surname and first initial that shares an alias, else None."""
        keys = set(alias)
        sharing = [
            n
            for n in self._surname.get(canonical.surname(key), ())
            if self._canons[n].key[0] == key[0] and self._canons[n].aliases & keys
        ]
        return sharing[0] if len(sharing) == 1 else None

    def _create(self, kind: str, key: str) -> _Canon:
        c = _Canon(len(self._canons), kind, key)
        self._canons.append(c)
        self._exact[(kind, key)] = c.num
        if kind == "person" and not canonical.is_one_word(key):
            self._surname.setdefault(canonical.surname(key), set()).add(c.num)
        return c

    def _finish(self) -> None:
        """Merge non-person actors with one key across kinds, then fix names, kinds and node ids."""
        into: dict[int, int] = {}
        first: dict[str, int] = {}
        for c in self._canons:
            if c.kind == "person":
                continue
            keep = first.setdefault(c.key, c.num)
            if keep != c.num:
                k = self._canons[keep]
                k.aliases |= c.aliases
                k.names.update(c.names)
                k.spellings.update(c.spellings)
                k.kinds.update(c.kinds)
                k.mentions.update(c.mentions)
                for art, v in c.salience.items():
                    k.salience[art] = max(k.salience.get(art, 0.0), v)
                into[c.num] = keep
        if into:
            self._link = {p: into.get(v, v) for p, v in self._link.items()}
        for (art, aid), cid in self._link.items():
            self._local.setdefault((art, cid), set()).add(aid)
            self._in_article.setdefault(art, set()).add(cid)
        live = sorted(set(self._link.values()))
        for cid in live:
            kinds = self._canons[cid].kinds
            self._kind[cid] = min(kinds, key=lambda k: (-kinds[k], k))
        self._display_names(live)
        used: set[str] = set()
        for cid in live:
            base = f"{self._kind[cid]}:{self._canons[cid].key}"
            node, n = base, 1
            while node in used:  # cannot happen with the rules above; kept so that ids stay unique
                n += 1
                node = f"{base}#{n}"
            used.add(node)
            self._node[cid] = node

    def _display_names(self, live: list[int]) -> None:
        """The name most article actors use (for people, the most used full name), unique up to case."""
        used: Counter[str] = Counter()
        for cid in live:
            names = list(self._canons[cid].names.items())
            if self._kind[cid] == "person":  # a full name rather than a bare surname ("Bernard Kilbride")
                names = [kv for kv in names if " " in kv[0].strip()] or names
            self._names[cid] = max(names, key=lambda kv: (kv[1], len(kv[0]), kv[0]))[0]
            used[self._names[cid].casefold()] += 1
        for cid in live:  # the same name for two actors (a person and a place): say which kind each is
            if used[self._names[cid].casefold()] > 1:
                self._names[cid] = f"{self._names[cid]} ({self._kind[cid]})"

    # --- queries -----------------------------------------------------------------------------------------

    @property
    def articles(self) -> frozenset[str]:
        """The ids of every article linked (with or without actors)."""
        return self._articles

    def canonical(self, article_id: str, actor_id: str | None) -> int | None:
        """The canonical id of an article's actor, or None for an unknown (or no) actor id."""
        if actor_id is None:
            return None
        return self._link.get((article_id, actor_id))

    def ids(self) -> list[int]:
        """Every canonical id that some article actor links to, in creation order."""
        return list(self._names)

    def in_article(self, article_id: str) -> set[int]:
        """The canonical ids of the actors of one article."""
        return set(self._in_article.get(article_id, ()))

    def local_ids(self, article_id: str, cid: int) -> set[str]:
        """The article's own actor ids linked to the canonical actor."""
        return set(self._local.get((article_id, cid), ()))

    def name(self, cid: int) -> str:
        """The display name: the spelling most article actors use (people: a full name), unique in the
        index (``"Jordan (place)"`` when a person is called Jordan too)."""
        return self._names[cid]

    def kind(self, cid: int) -> str:
        """The kind most mentions give the canonical actor."""
        return self._kind[cid]

    def key(self, cid: int) -> str:
        """The canonical match key (of the first full name linked)."""
        return self._canons[cid].key

    def node_id(self, cid: int) -> str:
        """The network node id, ``"<kind>:<key>"`` (``"person:gerald mawdsley"``)."""
        return self._node[cid]

    def spellings(self, cid: int) -> set[str]:
        """Every name and alias the articles use for the canonical actor."""
        return set(self._canons[cid].spellings)

    def aliases(self, cid: int) -> list[str]:
        """Its other spellings, one per match key other than the display name's (the most used one), sorted."""
        kind = self._kind[cid]
        own = canonical.match_key(self._names[cid], kind)
        best: dict[str, tuple[int, int, str]] = {}
        for spelling, n in self._canons[cid].spellings.items():
            k = canonical.match_key(spelling, kind)
            rank = (-n, len(spelling), spelling)
            if k and k != own and (k not in best or rank < best[k]):
                best[k] = rank
        return sorted(r[2] for r in best.values())

    def mentions(self, cid: int) -> Counter[str]:
        """Mentions of the canonical actor per article id (0 for an article naming it without a mention)."""
        return Counter(self._canons[cid].mentions)

    def salience(self, cid: int) -> dict[str, float]:
        """The canonical actor's salience per article id (its most salient article actor there), for the
        articles whose analysis carries salience."""
        return dict(self._canons[cid].salience)

    def articles_of(self, cid: int) -> set[str]:
        """The ids of the articles naming the canonical actor."""
        return set(self._canons[cid].mentions)
