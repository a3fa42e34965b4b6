"""The actor network: canonical nodes across articles, weighted support/oppose edges with their evidence,
no self-loops from aliases, copies counted once, authors only on request; GraphML, GEXF and Cytoscape output.

Every name and sentence is invented (see tests/report_data.py).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slant import network
from slant.models import Actor, Analysis, Article, Relation, Span

from .report_data import hostile, ledger, ottley, post, relation

QUILL, REYES, LIND = "person:ada quill", "person:tom reyes", "person:dara lind"


def edge(g: nx.MultiDiGraph, u: str, v: str, polarity: str) -> dict[str, object]:
    data: dict[str, object] = g.edges[u, v, polarity]
    return data


def test_nodes_merge_across_articles_by_the_store_rules() -> None:
    g = network.build_network([ledger(), post()])
    assert set(g.nodes) == {QUILL, REYES, LIND}  # "Ms Quill" and "Reyes" are aliases of the full names
    quill = g.nodes[QUILL]
    assert quill["name"] == "Ada Quill" and quill["kind"] == "person"
    assert quill["articles"] == 2 and quill["mentions"] == 4
    assert quill["aliases"] == ["Quill"]  # one spelling per matching key ("Mayor Ada Quill" is "Ada Quill")
    assert g.graph["articles"] == 2


def test_edge_weight_is_the_number_of_evidence_sentences() -> None:
    a, b = ledger(), post()
    g = network.build_network([a, b])
    e = edge(g, QUILL, REYES, "support")
    assert e["weight"] == 2 and e["articles"] == 2
    assert e["kinds"] == ["endorse", "praise"]
    assert e["layer"] == "relation" and e["polarity"] == "support"
    texts = {a.article.id: a.article.text, b.article.id: b.article.text}
    for ev in e["evidence"]:  # type: ignore[attr-defined]
        assert texts[ev["article"]][ev["start"] : ev["end"]] == ev["text"]
    assert {ev["article"] for ev in e["evidence"]} == {a.article.id, b.article.id}  # type: ignore[attr-defined]


def test_support_and_oppose_between_one_pair_are_separate_edges() -> None:
    g = network.build_network([ledger(), post()])
    assert g.has_edge(QUILL, LIND, "oppose") and not g.has_edge(QUILL, LIND, "support")
    assert edge(g, LIND, QUILL, "oppose")["asserted"] == 1  # Lind's own words, asserted by Lind
    assert edge(g, LIND, QUILL, "oppose")["evidence"][0]["asserted_by_name"] == "Dara Lind"  # type: ignore[index]
    assert edge(g, QUILL, REYES, "support")["reported"] == 2
    assert g.number_of_edges() == 4


def test_aliases_of_one_actor_make_no_self_loop() -> None:
    g = network.build_network([ottley()])
    assert list(g.nodes) == ["person:bram ottley"]
    assert g.number_of_edges() == 0 and nx.number_of_selfloops(g) == 0
    assert g.graph["self_loops_dropped"] == 1


def test_one_sentence_naming_an_actor_twice_counts_once() -> None:
    a = ledger()
    twice = dataclasses.replace(a, relations=(*a.relations, a.relations[0]))
    assert edge(network.build_network([twice]), QUILL, REYES, "support")["weight"] == 1


def test_copies_count_once_unless_the_original_is_absent() -> None:
    original = ledger()
    copy = ledger("e5000000000000e5", copy_of=original.article.id)
    assert edge(network.build_network([original, copy]), QUILL, REYES, "support")["weight"] == 1
    assert edge(network.build_network([copy]), QUILL, REYES, "support")["weight"] == 1
    both = network.build_network([original, copy], include_copies=True)
    assert edge(both, QUILL, REYES, "support")["weight"] == 2


def test_author_stances_only_on_request_and_in_their_own_layer() -> None:
    plain = network.build_network([ledger(), post()])
    assert all(d["kind"] != "author" for _, d in plain.nodes(data=True))
    g = network.build_network([ledger(), post()], authors=True)
    author = "author:a1000000000000a1"
    assert g.nodes[author]["kind"] == "author"
    e = edge(g, author, QUILL, "support")
    assert e["layer"] == "author" and e["score"] == pytest.approx(0.6)
    assert g.has_edge(author, LIND, "oppose")
    assert not g.has_edge(author, REYES, "support") and not g.has_edge(author, REYES, "oppose")  # neutral: none
    assert edge(g, "author:b2000000000000b2", QUILL, "oppose")["evidence"][0]["text"] == "praised"  # type: ignore[index]


def _empty(aid: str, **kw: object) -> Analysis:
    return Analysis(article=Article(id=aid, source="x", text="Nothing happens here.", **kw))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("analyses", "nodes", "edges"),
    [
        ([], 0, 0),
        ([_empty("f1")], 0, 0),
        ([dataclasses.replace(ledger(), relations=())], 3, 0),
        (
            [dataclasses.replace(ledger(), article=dataclasses.replace(ledger().article, status="skipped_language"))],
            0,
            0,
        ),
        (
            [
                dataclasses.replace(
                    ledger(),
                    relations=(Relation("nobody", "tom-reyes", "support", "endorse", Span(0, 5, "Mayor"), 0.5),),
                )
            ],
            3,
            0,
        ),
    ],
    ids=["no-articles", "no-actors", "no-relations", "not-analysed", "unknown-actor-id"],
)
def test_inputs_that_give_no_edges(analyses: list[Analysis], nodes: int, edges: int) -> None:
    g = network.build_network(analyses)
    assert (g.number_of_nodes(), g.number_of_edges()) == (nodes, edges)


def test_people_never_merge_with_other_kinds() -> None:
    t = "Jordan voted. Jordan is a country."
    a = Analysis(
        article=Article(id="g1", source="x", text=t),
        actors=(
            Actor("p", "Jordan", "person", (), (Span(0, 6, "Jordan"),)),
            Actor("c", "Jordan", "place", (), (Span(14, 20, "Jordan"),)),
        ),
        relations=(Relation("p", "c", "support", "back", Span(0, 13, t[:13]), 0.5),),
    )
    g = network.build_network([a])
    assert set(g.nodes) == {"person:jordan", "place:jordan"}
    assert {d["name"] for _, d in g.nodes(data=True)} == {"Jordan (person)", "Jordan (place)"}  # names unique
    assert g.has_edge("person:jordan", "place:jordan", "support")


def test_non_person_actors_of_one_name_merge_across_kinds() -> None:
    """Agreed with ``slant compare`` (one linker): "Eastmarsh" typed as a place in one sentence and as an
    organisation in another is one actor, of the kind most mentions give, and not a self-loop."""
    t = "Eastmarsh voted. Eastmarsh Council met. Eastmarsh won."
    a = Analysis(
        article=Article(id="g1", source="x", text=t),
        actors=(
            Actor("p", "Eastmarsh", "place", (), (Span(0, 9, "Eastmarsh"), Span(40, 49, "Eastmarsh"))),
            Actor("o", "Eastmarsh", "org", (), (Span(17, 26, "Eastmarsh"),)),
        ),
        relations=(Relation("o", "p", "support", "back", Span(17, 38, t[17:38]), 0.5),),
    )
    g = network.build_network([a])
    assert list(g.nodes) == ["place:eastmarsh"]
    assert g.nodes["place:eastmarsh"]["mentions"] == 3 and g.nodes["place:eastmarsh"]["kind"] == "place"
    assert g.number_of_edges() == 0 and g.graph["self_loops_dropped"] == 1


def _read_back(tmp_path: Path, fmt: str) -> nx.MultiDiGraph:
    p = post()
    truce = relation(p.article.text, "quill", "lind", "support", "praise", "was wrong")  # opposite of the Ledger's
    g = network.build_network(
        [ledger(), dataclasses.replace(p, relations=(*p.relations, truce)), hostile()], authors=True
    )
    assert g.has_edge(QUILL, LIND, "support") and g.has_edge(QUILL, LIND, "oppose")
    path = tmp_path / f"net.{fmt}"
    if fmt == "graphml":
        network.write_graphml(g, path)
        back = nx.read_graphml(path, force_multigraph=True)
    else:
        network.write_gexf(g, path)
        back = nx.read_gexf(path)
    assert back.is_directed() and back.is_multigraph()
    assert set(back.nodes) == set(g.nodes) and back.number_of_edges() == g.number_of_edges()
    assert {d["polarity"] for u, v, d in back.edges(data=True) if (u, v) == (QUILL, LIND)} == {"support", "oppose"}
    return back


@pytest.mark.parametrize("fmt", ["graphml", "gexf"])
def test_files_parse_back_with_their_attributes(tmp_path: Path, fmt: str) -> None:
    back = _read_back(tmp_path, fmt)
    quill = back.nodes[QUILL]
    assert quill["name"] == "Ada Quill" and quill["kind"] == "person"
    assert int(quill["mentions"]) == 4 and int(quill["articles"]) == 2
    assert quill["aliases"] == "Quill"
    found = [d for u, v, d in back.edges(data=True) if (u, v) == (QUILL, REYES) and d["polarity"] == "support"]
    assert len(found) == 1
    e = found[0]
    assert float(e["weight"]) == 2 and e["kinds"] == "endorse; praise" and e["layer"] == "relation"
    evidence = json.loads(e["evidence"])
    assert [x["text"] for x in evidence] == [
        "Mayor Ada Quill backed Tom Reyes for the harbour board on Monday.",
        "Ms Quill praised Reyes again on Friday.",
    ]
    evil = [d for _, _, d in back.edges(data=True) if "onerror" in d["evidence"]]
    assert evil and "<img src=x" in json.loads(evil[0]["evidence"])[0]["text"]  # kept as data, intact


def test_graphml_edge_ids_are_unique(tmp_path: Path) -> None:
    path = tmp_path / "n.graphml"
    network.write_graphml(network.build_network([ledger(), post()]), path)
    ids = [key for _, _, key in nx.read_graphml(path, force_multigraph=True).edges(keys=True)]
    assert len(ids) == len(set(ids))
    text = path.read_text(encoding="utf-8")
    assert text.count("<edge ") == 4 and text.count('id="person:ada quill-&gt;person:tom reyes:support"') == 1


def test_cytoscape_elements() -> None:
    els = network.to_cytoscape(network.build_network([ledger(), post()]))
    json.dumps(els)  # plain JSON
    ids = {n["data"]["id"] for n in els["nodes"]}
    assert ids == {QUILL, REYES, LIND}
    assert {n["data"]["label"] for n in els["nodes"]} == {"Ada Quill", "Tom Reyes", "Dara Lind"}
    edge_ids = [e["data"]["id"] for e in els["edges"]]
    assert len(edge_ids) == len(set(edge_ids)) == 4
    for e in els["edges"]:
        d = e["data"]
        assert d["source"] in ids and d["target"] in ids
        assert d["polarity"] in ("support", "oppose") and d["weight"] == len(d["evidence"])


NAMES = ["Ada Quill", "Quill", "Tom Reyes", "Reyes", "Dara Lind", "Lind", "Ms Quill"]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(NAMES), st.sampled_from(NAMES), st.sampled_from(["support", "oppose"])),
        max_size=12,
    )
)
def test_no_self_loops_and_weights_add_up(rels: list[tuple[str, str, str]]) -> None:
    """Random relations among names that partly alias each other: never a self-loop, and every relation
    is either an edge's evidence or a dropped self-loop."""
    text = " ".join(f"S{i} {a} and {b}." for i, (a, b, _) in enumerate(rels)) or "Empty."
    actors = tuple(
        Actor(f"x{i}", n, "person", ("Quill",) if n == "Ada Quill" else (), (Span(0, 1, text[0]),))
        for i, n in enumerate(NAMES)
    )
    local = {n: f"x{i}" for i, n in enumerate(NAMES)}
    relations = []
    for i, (a, b, pol) in enumerate(rels):
        s = text.index(f"S{i} ")
        e = text.index(".", s) + 1
        relations.append(Relation(local[a], local[b], pol, "k", Span(s, e, text[s:e]), 0.5))  # type: ignore[arg-type]
    g = network.build_network(
        [Analysis(article=Article(id="h1", source="x", text=text), actors=actors, relations=tuple(relations))]
    )
    assert nx.number_of_selfloops(g) == 0
    total = sum(d["weight"] for _, _, d in g.edges(data=True))
    assert total + g.graph["self_loops_dropped"] == len(rels)
