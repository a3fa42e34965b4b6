"""The trope catalogue (resources/tropes/catalogue.toml): it loads, validates and covers enough ground."""

from __future__ import annotations

import copy
import re
import tomllib
from importlib import resources
from typing import Any

import pytest

from slant.analyze.tropes._catalogue import RULES, load_catalogue, parse_catalogue
from slant.analyze.tropes._patterns import compile_cue, compiled
from slant.errors import ModelError

REQUIRED_GROUPS = {"jews", "muslims", "migrants", "black", "roma", "lgbt", "women"}


@pytest.fixture(scope="module")
def raw() -> dict[str, Any]:
    text = resources.files("slant").joinpath("resources/tropes/catalogue.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def test_version_and_counts() -> None:
    cat = load_catalogue()
    assert cat.version == "1"
    assert len(cat.tropes) >= 40
    targeted = {t.group for t in cat.tropes}
    assert len(targeted) >= 8
    assert targeted >= REQUIRED_GROUPS


def test_every_trope_is_complete() -> None:
    cat = load_catalogue()
    ids = [t.id for t in cat.tropes]
    assert len(ids) == len(set(ids))
    groups = {g.id for g in cat.groups}
    for t in cat.tropes:
        assert re.fullmatch(r"[A-Z]{2,4}-[A-Z-]+", t.id), t.id
        assert t.group in groups or t.generic
        assert t.name and t.description and t.source
        assert t.cues or t.sentence_cues or t.rules or t.imperative_cues
        assert t.counter_cues and t.positive and t.negative
        assert set(t.rules) <= set(RULES)


def test_every_group_is_complete() -> None:
    cat = load_catalogue()
    for g in cat.groups:
        assert g.name and g.nouns and g.why
        assert set(g.mass_nouns) <= set(g.nouns)


def test_cached() -> None:
    assert load_catalogue() is load_catalogue()
    assert compiled() is compiled()


def test_every_cue_compiles_with_a_prefilter() -> None:
    comp = compiled()
    for t in comp.tropes:
        assert t.cues or t.sentence_cues or comp.catalogue.trope(t.id).rules
        # Cues compile lazily at run time, so a cue that does not compile would only fail on the first
        # sentence that reaches it: compile every one of them here.
        for cue in (*t.cues, *t.sentence_cues, *t.counter, *t.context, *t.imperative):
            assert cue.regex.pattern == cue.pattern
    for _, _, cues in comp.contested:
        for cue in cues:
            assert cue.regex.pattern == cue.pattern
    assert comp.discussion and comp.negators


def test_a_broken_cue_says_which() -> None:
    from slant.analyze.tropes._patterns import Cue
    from slant.errors import ModelError

    cue = Cue("the ( broken", "the (", (), frozenset())
    with pytest.raises(ModelError, match="the \\( broken"):
        _ = cue.regex


@pytest.mark.parametrize(
    ("cue", "text", "hit"),
    [
        ("control* ... media", "they controlled all of the media", True),
        ("control* ... media", "control one two three four five six seven eight nine media", False),
        ("(a|b c) d", "b c d", True),
        ("x [y] z", "x z", True),
        ("x [y] z", "x y z", True),
        ("money-grabbing", "money grabbing", True),
        ("woman's place", "woman’s place", True),
        ("racist x", "anti-racist x", False),
        ("the ... end", "the very long and winding road to the end", True),
    ],
)
def test_cue_syntax(cue: str, text: str, hit: bool) -> None:
    compiled_cue = compile_cue(cue, load_catalogue())
    assert bool(compiled_cue.regex.search(text)) is hit


def _broken(raw: dict[str, Any], change: Any) -> None:
    data = copy.deepcopy(raw)
    change(data)
    with pytest.raises(ModelError):
        parse_catalogue(data)


def test_validation_refuses_broken_files(raw: dict[str, Any]) -> None:
    parse_catalogue(raw)  # the shipped file is valid
    _broken(raw, lambda d: d["trope"].append(dict(d["trope"][0])))  # duplicate id
    _broken(raw, lambda d: d["trope"][0].update(group="martians"))  # unknown group
    _broken(raw, lambda d: d["trope"][0].update(description=""))  # empty field
    _broken(raw, lambda d: d["trope"][0].update(positive=[]))  # no examples
    _broken(raw, lambda d: d["trope"][0].update(cues=["{@no_such_list} x"]))  # unknown word list
    _broken(raw, lambda d: d["trope"][0].update(rules=["telepathy"]))  # unknown rule
    _broken(raw, lambda d: d["group"][0].update(why=""))
    _broken(raw, lambda d: d.pop("version"))
    _broken(raw, lambda d: d["lexicon"].pop("negators"))
    _broken(raw, lambda d: d["lexicon"]["epithets"].update(why=""))


def test_generic_tropes_cover_explicit_hate() -> None:
    cat = load_catalogue()
    generic = {t.id for t in cat.tropes if t.generic}
    assert generic >= {
        "HATE-EMOTION",
        "HATE-ATTRIBUTE",
        "HATE-DEHUMANISE",
        "HATE-THREAT",
        "HATE-NORMATIVE-THREAT",
        "HATE-EXCLUSION",
    }
    for t in cat.tropes:
        if t.generic:
            assert "HateCheck" in t.source and cat.target(t) == "any group"
    comp = compiled()
    assert all(t.group.id == "*" for t in comp.tropes if t.generic)
    women = cat.group("women")
    assert comp.resolve("n", "women") == women and comp.resolve("m", "woman") == women
    assert comp.resolve("a", "Muslim women") == cat.group("muslims")
    assert comp.resolve("n", "lawyers") is None


def test_generic_validation(raw: dict[str, Any]) -> None:
    def generic_with_rules(d: dict[str, Any]) -> None:
        t = next(t for t in d["trope"] if t["group"] == "*")
        t["rules"] = ["collective-act"]

    _broken(raw, generic_with_rules)
    _broken(raw, lambda d: d["lexicon"].pop("pronoun_refs"))
    _broken(raw, lambda d: d["group"][0].update(members=[""]))
