"""The trope catalogue (``slant/resources/tropes/catalogue.toml``): groups, tropes, word lists, contested claims.

Read once per process with :mod:`tomllib` and validated: unique ids, every trope's group exists, no empty
field, every ``{@list}`` a cue names exists, every parse rule is known. A broken file raises
:class:`slant.errors.ModelError` (the file ships with slant, so the fix is to reinstall). The cue syntax is
described at the top of the TOML file and compiled by :mod:`slant.analyze.tropes._patterns`.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any

from slant.errors import ModelError

RESOURCE = "resources/tropes/catalogue.toml"

#: Parse rules a trope may name in ``rules`` (implemented in :mod:`slant.analyze.tropes._rules`).
RULES = ("collective-act",)

#: ``group = "*"``: a generic trope that applies to every group of the catalogue (explicit hate: "I hate
#: [group]", "[group] are vermin"). Its ``{group}``, ``{nouns}``, ``{adj}`` and ``{member}`` placeholders
#: match the words of any group, and each match is credited to the group whose word it is.
ANY_GROUP = "*"

#: Word lists the detector itself reads from ``[lexicon]``.
REQUIRED_LISTS = (
    "hostile_acts",
    "subgroup_heads",
    "subset_determiners",
    "collective_heads",
    "epithets",
    "dehumanising",
    "swarm_words",
    "negators",
    "discussion",
    "reported_cues",
    "person_nouns",
    "named_bodies",
    "pronoun_refs",
    "referent_skip",
)

_PLACEHOLDER = re.compile(r"\{([^}]*)\}")
_GROUP_PLACEHOLDERS = frozenset({"group", "nouns", "adj", "codes", "slurs", "member", "them"})


@dataclass(frozen=True, slots=True)
class Group:
    """A targeted group: its name as shown to users and the words that name it."""

    id: str
    name: str
    nouns: tuple[str, ...]
    adjectives: tuple[str, ...]
    mass_nouns: tuple[str, ...]
    cased: tuple[str, ...]
    codes: tuple[str, ...]
    slurs: tuple[str, ...]
    why: str
    #: When True, a group adjective counts only on a noun for people ("Black families", not "black cars").
    adjective_needs_person: bool = False
    #: Singular nouns for one member ("woman", "immigrant"), read only by generic tropes' ``{member}``
    #: ("kill the next immigrant I see").
    members: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Trope:
    """One hateful or conspiracy trope with its cues, counter-cues, examples and source."""

    id: str
    name: str
    group: str
    description: str
    cues: tuple[str, ...]
    counter_cues: tuple[str, ...]
    positive: tuple[str, ...]
    negative: tuple[str, ...]
    source: str
    rules: tuple[str, ...] = ()
    #: Cues that count only when the same sentence names the group or matches a ``context_cues`` entry.
    sentence_cues: tuple[str, ...] = ()
    context_cues: tuple[str, ...] = ()
    #: Cues that count only when their first word is an imperative verb with no subject ("Kill all ...").
    imperative_cues: tuple[str, ...] = ()

    @property
    def generic(self) -> bool:
        """Whether the trope applies to every group (``group = "*"``)."""
        return self.group == ANY_GROUP


@dataclass(frozen=True, slots=True)
class Contested:
    """A political accusation pattern: flagged as a contested claim, never as hate."""

    id: str
    label: str
    cues: tuple[str, ...]
    why: str


@dataclass(frozen=True, slots=True)
class WordList:
    """A sourced word list from ``[lexicon.<name>]``."""

    name: str
    words: tuple[str, ...]
    why: str


@dataclass(frozen=True, slots=True, eq=False)
class Catalogue:
    """The whole catalogue, with lookups by id."""

    version: str
    groups: tuple[Group, ...]
    tropes: tuple[Trope, ...]
    contested: tuple[Contested, ...]
    lexicon: Mapping[str, WordList]

    def target(self, trope: Trope) -> str:
        """The name of the group a trope targets, as shown to users ("any group" for a generic trope)."""
        return "any group" if trope.generic else self.group(trope.group).name

    def group(self, group_id: str) -> Group:
        """The group with this id (KeyError when unknown)."""
        for g in self.groups:
            if g.id == group_id:
                return g
        raise KeyError(group_id)

    def trope(self, trope_id: str) -> Trope:
        """The trope with this id (KeyError when unknown)."""
        for t in self.tropes:
            if t.id == trope_id:
                return t
        raise KeyError(trope_id)

    def words(self, name: str) -> tuple[str, ...]:
        """The words of lexicon list ``name``."""
        return self.lexicon[name].words


def _bad(msg: str) -> ModelError:
    return ModelError(f"{RESOURCE}: {msg}; reinstall slant")


def _text(table: Mapping[str, Any], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise _bad(f"{where} needs a non-empty '{key}'")
    return value.strip()


def _strings(table: Mapping[str, Any], key: str, where: str, *, required: bool = True) -> tuple[str, ...]:
    value = table.get(key, [])
    if not isinstance(value, list) or any(not isinstance(v, str) or not v.strip() for v in value):
        raise _bad(f"{where}: '{key}' must be a list of non-empty strings")
    if required and not value:
        raise _bad(f"{where} needs at least one entry in '{key}'")
    return tuple(v.strip() for v in value)


def _unique(ids: list[str], what: str) -> None:
    seen: set[str] = set()
    for i in ids:
        if i in seen:
            raise _bad(f"{what} id {i!r} appears twice")
        seen.add(i)


def _check_placeholders(cues: tuple[str, ...], lists: Mapping[str, WordList], where: str) -> None:
    for cue in cues:
        for name in _PLACEHOLDER.findall(cue):
            if name.startswith("@"):
                if name[1:] not in lists:
                    raise _bad(f"{where}: cue {cue!r} names an unknown word list {name!r}")
            elif name not in _GROUP_PLACEHOLDERS:
                raise _bad(f"{where}: cue {cue!r} has an unknown placeholder {{{name}}}")


def parse_catalogue(data: Mapping[str, Any]) -> Catalogue:
    """Validate the parsed TOML and build the :class:`Catalogue` (raises ModelError when it is broken)."""
    version = data.get("version")
    if not isinstance(version, str) or not version:
        raise _bad("the file needs a 'version' string at the top")
    raw_lists = data.get("lexicon", {})
    if not isinstance(raw_lists, dict):
        raise _bad("[lexicon] must be a table of word lists")
    lists = {
        name: WordList(name, _strings(t, "words", f"lexicon.{name}"), _text(t, "why", f"lexicon.{name}"))
        for name, t in raw_lists.items()
    }
    missing = [n for n in REQUIRED_LISTS if n not in lists]
    if missing:
        raise _bad(f"the word lists {', '.join(missing)} are missing")
    groups = tuple(
        Group(
            id=_text(g, "id", "a [[group]]"),
            name=_text(g, "name", f"group {g.get('id')!r}"),
            nouns=_strings(g, "nouns", f"group {g.get('id')!r}"),
            adjectives=_strings(g, "adjectives", f"group {g.get('id')!r}", required=False),
            mass_nouns=_strings(g, "mass_nouns", f"group {g.get('id')!r}", required=False),
            cased=_strings(g, "cased", f"group {g.get('id')!r}", required=False),
            codes=_strings(g, "codes", f"group {g.get('id')!r}", required=False),
            slurs=_strings(g, "slurs", f"group {g.get('id')!r}", required=False),
            why=_text(g, "why", f"group {g.get('id')!r}"),
            adjective_needs_person=bool(g.get("adjective_needs_person", False)),
            members=_strings(g, "members", f"group {g.get('id')!r}", required=False),
        )
        for g in data.get("group", [])
    )
    _unique([g.id for g in groups], "group")
    group_ids = {g.id for g in groups}
    tropes: list[Trope] = []
    for t in data.get("trope", []):
        where = f"trope {t.get('id')!r}"
        trope = Trope(
            id=_text(t, "id", "a [[trope]]"),
            name=_text(t, "name", where),
            group=_text(t, "group", where),
            description=_text(t, "description", where),
            cues=_strings(
                t, "cues", where, required=not (t.get("sentence_cues") or t.get("rules") or t.get("imperative_cues"))
            ),
            counter_cues=_strings(t, "counter_cues", where),
            positive=_strings(t, "positive", where),
            negative=_strings(t, "negative", where),
            source=_text(t, "source", where),
            rules=_strings(t, "rules", where, required=False),
            sentence_cues=_strings(t, "sentence_cues", where, required=False),
            context_cues=_strings(t, "context_cues", where, required=False),
            imperative_cues=_strings(t, "imperative_cues", where, required=False),
        )
        if trope.group not in group_ids and not trope.generic:
            raise _bad(f"{where} names an unknown group {trope.group!r}")
        unknown = [r for r in trope.rules if r not in RULES]
        if unknown:
            raise _bad(f"{where} names unknown rules {unknown}; known: {', '.join(RULES)}")
        if trope.generic and (trope.rules or trope.sentence_cues):
            raise _bad(f"{where}: a generic trope (group '*') takes plain cues and imperative_cues only")
        _check_placeholders(
            trope.cues + trope.counter_cues + trope.sentence_cues + trope.context_cues + trope.imperative_cues,
            lists,
            where,
        )
        tropes.append(trope)
    _unique([t.id for t in tropes], "trope")
    contested = tuple(
        Contested(
            id=_text(c, "id", "a [[contested]]"),
            label=_text(c, "label", f"contested {c.get('id')!r}"),
            cues=_strings(c, "cues", f"contested {c.get('id')!r}"),
            why=_text(c, "why", f"contested {c.get('id')!r}"),
        )
        for c in data.get("contested", [])
    )
    _unique([c.id for c in contested], "contested")
    for c in contested:
        _check_placeholders(c.cues, lists, f"contested {c.id!r}")
    if not tropes:
        raise _bad("the catalogue has no tropes")
    return Catalogue(version=version, groups=groups, tropes=tuple(tropes), contested=contested, lexicon=lists)


@lru_cache(maxsize=1)
def load_catalogue() -> Catalogue:
    """Read and validate the packaged trope catalogue (cached per process)."""
    try:
        raw = resources.files("slant").joinpath(RESOURCE).read_bytes()
    except (FileNotFoundError, OSError, ModuleNotFoundError) as exc:
        raise ModelError(f"the resource file {RESOURCE} is missing ({exc}); reinstall slant") from exc
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise _bad(f"it does not parse ({exc})") from exc
    return parse_catalogue(data)
