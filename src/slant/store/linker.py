"""Link a write batch's article actors to canonical actors (the matching rules live in :mod:`canonical`).

The linker reads what the store knows about the batch's names in a few set-based queries up front, then
works in memory and keeps that view current as it creates actors and aliases. Inside one write transaction
nothing else changes those rows (the store has one writer), so the view stays exact; pruning of orphaned
actors happens after linking.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, TypeVar

from sqlalchemy import Connection, insert, select

from slant.errors import StoreError
from slant.models import Actor, Analysis
from slant.store import canonical
from slant.store.schema import actor_aliases, actors

#: Most values bound in one ``IN`` list (well under SQLite's and PostgreSQL's limits).
_CHUNK = 500

_T = TypeVar("_T")


def _chunks(values: Iterable[_T]) -> Iterator[list[_T]]:
    batch: list[_T] = []
    for value in values:
        batch.append(value)
        if len(batch) == _CHUNK:
            yield batch
            batch = []
    if batch:
        yield batch


def link_key(actor: Actor) -> str:
    """The key an article actor is matched on (never empty)."""
    return canonical.match_key(actor.name, actor.kind) or actor.name.strip().casefold() or "?"


def _alias_keys(actor: Actor, key: str) -> dict[str, str]:
    keys = canonical.alias_keys(actor.name, actor.names, actor.kind)
    keys.setdefault(key, actor.name)
    return keys


class ActorLinker:
    """Links the article actors of one write batch to canonical actors, creating those that match none."""

    def __init__(self, conn: Connection, analyses: Sequence[Analysis], now: str) -> None:
        self.conn = conn
        self.now = now
        self._kind: dict[int, str] = {}
        self._key: dict[int, str] = {}
        self._by_key: defaultdict[tuple[str, str], set[int]] = defaultdict(set)
        self._by_surname: defaultdict[str, set[int]] = defaultdict(set)
        self._alias_of: defaultdict[str, set[int]] = defaultdict(set)
        self._exact: dict[tuple[str, str], int] = {}
        self._prefetch([actor for analysis in analyses for actor in analysis.actors])

    def _remember(self, actor_id: int, kind: str, key: str, surname: str) -> None:
        self._kind[actor_id] = kind
        self._key[actor_id] = key
        self._by_key[(kind, key)].add(actor_id)
        if kind == "person":
            self._by_surname[surname].add(actor_id)

    def _load_actors(self, where: Any) -> None:
        cols = (actors.c.id, actors.c.kind, actors.c.norm_name, actors.c.surname)
        for row in self.conn.execute(select(*cols).where(where)):
            self._remember(row.id, row.kind, row.norm_name, row.surname)

    def _prefetch(self, batch: Sequence[Actor]) -> None:
        keys: set[str] = set()
        surnames: set[str] = set()
        alias_keys: set[str] = set()
        for actor in batch:
            key = link_key(actor)
            keys.add(key)
            if actor.kind == "person" and not canonical.is_one_word(key):
                surnames.add(canonical.surname(key))
            alias_keys.update(_alias_keys(actor, key))
        for chunk in _chunks(sorted(keys)):
            self._load_actors(actors.c.norm_name.in_(chunk))
        for chunk in _chunks(sorted(surnames)):
            self._load_actors((actors.c.kind == "person") & actors.c.surname.in_(chunk))
        for chunk in _chunks(sorted(alias_keys)):
            query = select(actor_aliases.c.actor_id, actor_aliases.c.norm).where(actor_aliases.c.norm.in_(chunk))
            for row in self.conn.execute(query):
                self._alias_of[row.norm].add(row.actor_id)
        unknown = {i for ids in self._alias_of.values() for i in ids} - self._kind.keys()
        for id_chunk in _chunks(sorted(unknown)):
            self._load_actors(actors.c.id.in_(id_chunk))

    def candidates(self, key: str, kind: str) -> list[canonical.Candidate]:
        """The canonical actors ``key`` could belong to: same key, same surname (persons) or a known alias."""
        alias_of = {i for i in self._alias_of.get(key, ()) if self._kind[i] == kind}
        found = set(self._by_key.get((kind, key), ()))
        if kind == "person" and not canonical.is_one_word(key):
            found |= self._by_surname.get(canonical.surname(key), set())
        return [
            canonical.Candidate(i, kind, self._key[i], frozenset({key}) if i in alias_of else frozenset())
            for i in sorted(found | alias_of)
        ]

    def link(self, actor: Actor, article_id: str) -> int:
        """The canonical actor id for an article's actor, creating the canonical actor when none matches."""
        key = link_key(actor)
        actor_id = self._exact.get((actor.kind, key))
        if actor_id is None:
            candidates = self.candidates(key, actor.kind)
            actor_id = canonical.choose_canonical(key, actor.kind, candidates)
            if actor_id is None:
                actor_id = self._create(actor, key, article_id)
                self._exact[(actor.kind, key)] = actor_id
            elif any(c.id == actor_id and c.key == key for c in candidates):
                self._exact[(actor.kind, key)] = actor_id
        self._add_aliases(actor_id, actor, key)
        return actor_id

    def _create(self, actor: Actor, key: str, article_id: str) -> int:
        surname = canonical.surname(key)
        created = self.conn.execute(
            insert(actors).values(
                name=actor.name,
                kind=actor.kind,
                norm_name=key,
                surname=surname,
                first_seen=article_id,
                created_at=self.now,
            )
        )
        primary_key = created.inserted_primary_key
        if primary_key is None:
            raise StoreError("the database did not return the new actor's id")
        actor_id = int(primary_key[0])
        self._remember(actor_id, actor.kind, key, surname)
        return actor_id

    def _add_aliases(self, actor_id: int, actor: Actor, key: str) -> None:
        keys = _alias_keys(actor, key)
        todo = [k for k in keys if actor_id not in self._alias_of[k]]
        if todo:
            self.conn.execute(
                insert(actor_aliases), [{"actor_id": actor_id, "norm": k, "alias": keys[k]} for k in todo]
            )
            for k in todo:
                self._alias_of[k].add(actor_id)
