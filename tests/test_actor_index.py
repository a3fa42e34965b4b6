"""The one cross-article actor linker (slant.compare._actor_index): which names merge and which stay apart, the
result independent of the order of the analyses, and one report naming its actors the same way in the
heatmap and in the network.

Every name here is invented (the Eastport names are those of our own examples/ corpus).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slant import api, network
from slant.compare._actor_index import ActorIndex, link_all
from slant.compare._build import compare_story
from slant.models import Actor, Analysis, Article, Span, Story

#: An actor as (name, kind, aliases, mentions).
Spec = tuple[str, str, tuple[str, ...], int]


def person(name: str, *aliases: str, mentions: int = 1) -> Spec:
    return (name, "person", aliases, mentions)


def analysis(aid: str, actors: Sequence[Spec]) -> Analysis:
    """An article whose actors are ``actors`` (local ids a0, a1, ...; mentions all on the first letter)."""
    return Analysis(
        article=Article(id=aid, source=f"{aid}.txt", text="X."),
        actors=tuple(
            Actor(f"a{i}", name, kind, aliases, tuple(Span(0, 1, "X") for _ in range(n)))  # type: ignore[arg-type]
            for i, (name, kind, aliases, n) in enumerate(actors)
        ),
    )


def groups(index: ActorIndex, analyses: Sequence[Analysis]) -> set[frozenset[str]]:
    """The canonical actors as sets of ``"<article>/<name>"``."""
    by_cid: dict[int, set[str]] = {}
    for a in analyses:
        for x in a.actors:
            cid = index.canonical(a.article.id, x.id)
            assert cid is not None
            by_cid.setdefault(cid, set()).add(f"{a.article.id}/{x.name}")
    return {frozenset(g) for g in by_cid.values()}


# --- which names merge -----------------------------------------------------------------------------------

MERGES: list[tuple[str, list[list[Spec]], list[set[str]]]] = [
    (
        "nickname-sharing-an-alias-joins-the-full-name",
        [[person("Gerald Mawdsley", "Mawdsley", mentions=3)], [person("Gerry Mawdsley", "Mawdsley")]],
        [{"1/Gerald Mawdsley", "2/Gerry Mawdsley"}],
    ),
    (
        "nickname-without-a-shared-alias-stays-apart",
        [[person("Gerald Mawdsley", mentions=3)], [person("Gerry Mawdsley")]],
        [{"1/Gerald Mawdsley"}, {"2/Gerry Mawdsley"}],
    ),
    (
        "another-initial-never-merges-even-sharing-an-alias",
        [[person("Anna Kerr", "Kerr")], [person("Hanna Kerr", "Kerr")]],
        [{"1/Anna Kerr"}, {"2/Hanna Kerr"}],
    ),
    (
        "surname-alone-joins-the-full-name-whose-alias-it-is",
        [[person("Kilbride", mentions=5)], [person("Bernard Kilbride", "Lord Kilbride")]],
        [{"1/Kilbride", "2/Bernard Kilbride"}],
    ),
    (
        "surname-alone-joins-the-full-name-article-order-reversed",
        [[person("Bernard Kilbride", "Lord Kilbride")], [person("Kilbride", mentions=5)]],
        [{"1/Bernard Kilbride", "2/Kilbride"}],
    ),
    (
        "surname-of-two-people-is-ambiguous",
        [
            [person("Bernard Kilbride", "Kilbride")],
            [person("Rosa Kilbride", "Kilbride")],
            [person("Kilbride")],
        ],
        [{"1/Bernard Kilbride"}, {"2/Rosa Kilbride"}, {"3/Kilbride"}],
    ),
    (
        "titles-are-dropped",
        [[person("Dr Leila Marchetti")], [person("Leila Marchetti")], [person("Cllr Leila Marchetti")]],
        [{"1/Dr Leila Marchetti", "2/Leila Marchetti", "3/Cllr Leila Marchetti"}],
    ),
    (
        "close-spelling-of-a-full-name",
        [[person("John Smithson", mentions=2)], [person("Jon Smithson")]],
        [{"1/John Smithson", "2/Jon Smithson"}],
    ),
    (
        "one-word-names-never-merge-by-spelling",
        [[person("Smithson")], [person("Smithsen")]],
        [{"1/Smithson"}, {"2/Smithsen"}],
    ),
    (
        "non-person-kinds-merge-on-one-name",
        [[("Eastport North", "place", (), 2)], [("Eastport North", "org", (), 1)]],
        [{"1/Eastport North", "2/Eastport North"}],
    ),
    (
        "people-never-merge-with-other-kinds",
        [[person("Jordan")], [("Jordan", "place", (), 1)]],
        [{"1/Jordan"}, {"2/Jordan"}],
    ),
    (
        "organisation-alias",
        [[("Harbour and Transport Workers' Union", "org", ("HTWU",), 2)], [("HTWU", "org", (), 1)]],
        [{"1/Harbour and Transport Workers' Union", "2/HTWU"}],
    ),
    (
        "places-merge-only-on-the-exact-name",
        [[("Saltmarsh", "place", ("Saltmarsh district",), 1)], [("Saltmarsh district", "place", (), 1)]],
        [{"1/Saltmarsh"}, {"2/Saltmarsh district"}],
    ),
    ("no-articles", [], []),
    ("articles-without-actors", [[], []], []),
]


@pytest.mark.parametrize(("articles", "expected"), [m[1:] for m in MERGES], ids=[m[0] for m in MERGES])
def test_which_names_merge(articles: list[list[Spec]], expected: list[set[str]]) -> None:
    analyses = [analysis(str(i + 1), specs) for i, specs in enumerate(articles)]
    index = link_all(analyses)
    assert groups(index, analyses) == {frozenset(g) for g in expected}
    assert len(index.ids()) == len(expected)
    assert index.articles == {a.article.id for a in analyses}


def test_what_a_canonical_actor_carries() -> None:
    a = analysis("1", [person("Gerald Mawdsley", "Mawdsley", "Mr Mawdsley", mentions=3), person("Owen Latimer")])
    b = analysis("2", [person("Gerry Mawdsley", "Mawdsley"), person("Gerald", mentions=0)])
    c = analysis("3", [person("Gerald Mawdsley", "Mawdsley"), ("Eastport", "place", (), 2)])
    index = link_all([b, c, a])
    cid = index.canonical("2", "a0")
    assert cid is not None and index.canonical("1", "a0") == cid == index.canonical("3", "a0")
    assert index.canonical("2", "a1") not in (None, cid)  # "Gerald" is no alias of his: stays apart
    assert index.canonical("1", "nobody") is None and index.canonical("1", None) is None
    assert index.name(cid) == "Gerald Mawdsley"  # the full name most articles use
    assert index.kind(cid) == "person" and index.key(cid) == "gerald mawdsley"
    assert index.node_id(cid) == "person:gerald mawdsley"
    assert index.spellings(cid) == {"Gerald Mawdsley", "Gerry Mawdsley", "Mawdsley", "Mr Mawdsley"}
    assert index.aliases(cid) == ["Gerry Mawdsley", "Mawdsley"]  # one per key; "Mr Mawdsley" is "mawdsley"
    assert index.mentions(cid) == {"1": 3, "2": 1, "3": 1}
    assert index.articles_of(cid) == {"1", "2", "3"}
    assert index.local_ids("2", cid) == {"a0"} and index.local_ids("2", -1) == set()
    assert cid in index.in_article("3") and index.in_article("nope") == set()
    place = index.canonical("3", "a1")
    assert place is not None and index.node_id(place) == "place:eastport" and index.name(place) == "Eastport"


def test_display_names_are_unique() -> None:
    index = link_all([analysis("1", [person("Jordan", mentions=2), ("Jordan", "place", (), 1)])])
    assert sorted(index.name(c) for c in index.ids()) == ["Jordan (person)", "Jordan (place)"]


def test_a_person_is_named_by_a_full_name_even_when_the_surname_is_more_common() -> None:
    analyses = [analysis(str(i), [person("Kilbride", mentions=4)]) for i in range(3)]
    analyses.append(analysis("9", [person("Bernard Kilbride", "Lord Kilbride")]))
    index = link_all(analyses)
    [cid] = index.ids()
    assert index.name(cid) == "Bernard Kilbride" and index.node_id(cid) == "person:bernard kilbride"
    assert index.aliases(cid) == ["Kilbride"]


def test_a_second_analysis_of_one_article_is_ignored() -> None:
    a = analysis("1", [person("Owen Latimer", mentions=2)])
    index = link_all([a, a])
    [cid] = index.ids()
    assert index.mentions(cid) == {"1": 2}


# --- order-free ------------------------------------------------------------------------------------------

POOL: list[Spec] = [
    person("Gerald Mawdsley", "Mawdsley", "Mr Mawdsley"),
    person("Gerry Mawdsley", "Mawdsley"),
    person("Gerry Mawdsley"),
    person("Mawdsley"),
    person("Gerald"),
    person("Bernard Kilbride", "Lord Kilbride"),
    person("Rosa Kilbride", "Kilbride"),
    person("Kilbride"),
    person("Anna Kerr", "Kerr"),
    person("Hanna Kerr", "Kerr"),
    person("Kerr"),
    person("John Smithson", "Smithson"),
    person("Jon Smithson"),
    ("Eastport North", "place", (), 1),
    ("Eastport North", "org", (), 1),
    person("Jordan"),
    ("Jordan", "place", (), 1),
    ("Harbour and Transport Workers' Union", "org", ("HTWU",), 1),
    ("HTWU", "org", (), 1),
]

articles_st = st.lists(
    st.lists(st.tuples(st.sampled_from(POOL), st.integers(0, 3)), max_size=5),
    max_size=6,
)


def signature(index: ActorIndex, analyses: Sequence[Analysis]) -> dict[tuple[str, str], tuple[Any, ...]]:
    out: dict[tuple[str, str], tuple[Any, ...]] = {}
    for a in analyses:
        for x in a.actors:
            cid = index.canonical(a.article.id, x.id)
            assert cid is not None
            out[(a.article.id, x.id)] = (
                index.node_id(cid),
                index.name(cid),
                index.kind(cid),
                tuple(index.aliases(cid)),
                tuple(sorted(index.spellings(cid))),
                tuple(sorted(index.mentions(cid).items())),
            )
    return out


@settings(max_examples=80, deadline=None)
@given(articles_st, st.data())
def test_linking_does_not_depend_on_the_order_of_the_analyses(
    articles: list[list[tuple[Spec, int]]], data: st.DataObject
) -> None:
    analyses = [
        analysis(f"art{i}", [(name, kind, aliases, n) for (name, kind, aliases, _), n in specs])
        for i, specs in enumerate(articles)
    ]
    shuffled = data.draw(st.permutations(analyses))
    reordered = [dataclasses.replace(a, actors=a.actors[::-1]) for a in shuffled]  # actors in reverse too
    first, second = link_all(analyses), link_all(reordered)
    assert signature(first, analyses) == signature(second, analyses)
    assert len(first.ids()) == len(second.ids())
    assert len({first.name(c) for c in first.ids()}) == len(first.ids())  # display names unique
    assert len({first.node_id(c) for c in first.ids()}) == len(first.ids())  # node ids unique


# --- the callers share it --------------------------------------------------------------------------------


def test_compare_and_network_name_one_actor_alike() -> None:
    """The same articles give the same canonical actors, by the same names, in a comparison and a network."""
    a = analysis("1", [person("Gerald Mawdsley", "Mawdsley", mentions=3), person("Owen Latimer", mentions=2)])
    b = analysis("2", [person("Gerry Mawdsley", "Mawdsley", mentions=2), person("Latimer", mentions=2)])
    c = analysis("3", [person("Owen Latimer", "Latimer"), person("Mawdsley", mentions=4)])
    story = Story(id="s1", label="", articles=("1", "2", "3"))
    comp = compare_story(story, [a, b, c], embed=lambda texts: _unit_rows(len(texts)))
    g = network.build_network([c, a, b])
    assert sorted(x.name for x in comp.actors) == sorted(d["name"] for _, d in g.nodes(data=True))
    assert sorted(g.nodes) == ["person:gerald mawdsley", "person:owen latimer"]


def test_a_shared_index_must_link_every_article() -> None:
    a, b = analysis("1", [person("Owen Latimer")]), analysis("2", [person("Owen Latimer")])
    index = link_all([a])
    with pytest.raises(ValueError, match="2"):
        network.build_network([a, b], index=index)
    with pytest.raises(ValueError, match="2"):
        compare_story(Story(id="s", label="", articles=("1", "2")), [a, b], index=index)
    bigger = link_all([a, b])
    g = network.build_network([a], index=bigger)  # more articles linked than drawn: counts are the drawn ones
    assert g.nodes["person:owen latimer"]["articles"] == 1


def _unit_rows(n: int) -> Any:
    import numpy as np

    rows = np.zeros((n, 4), dtype=np.float32)
    rows[:, 0] = 1.0
    return rows


def _report_data(html: str) -> dict[str, Any]:
    m = re.search(r'<script type="application/json"[^>]*>(.*?)</script>', html, re.S)
    assert m is not None
    data: dict[str, Any] = json.loads(m.group(1))
    return data


@pytest.mark.slow
def test_report_heatmap_rows_are_network_nodes_on_the_examples(examples_db: Path, tmp_path: Path) -> None:
    db = str(examples_db)
    data = _report_data(api.report(tmp_path / "r.html", db=db).read_text(encoding="utf-8"))
    stories = {s.id for s in api.stories(db, limit=None)}
    assert data["heatmaps"] and {h["id"] for h in data["heatmaps"]} <= stories  # from the story comparisons
    rows = {c["actor"] for h in data["heatmaps"] for c in h["spec"]["data"]["values"]}
    g = api.network(db=db)
    names = [d["name"] for _, d in g.nodes(data=True)]
    assert len(names) == len(set(names))
    assert rows <= set(names)  # every heatmap row is one network node, by the same name
    node_named = {d["name"]: n for n, d in g.nodes(data=True)}
    drawn = {n["data"]["label"]: n["data"]["id"] for n in data["network"]["nodes"]}
    assert all(drawn[r] == node_named[r] for r in rows if r in drawn)  # the drawn node is that node
    for n, d in g.nodes(data=True):  # no row is another node's spelling ("Gerry Mawdsley" beside "Gerald")
        assert not (set(d["aliases"]) & (rows - {d["name"]})), n
    assert "Gerald Mawdsley" in rows and "Gerald Mawdsley" in drawn
    mawdsley = g.nodes["person:gerald mawdsley"]
    assert "Gerry Mawdsley" in mawdsley["aliases"] and "Gerry Mawdsley" not in names
