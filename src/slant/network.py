"""The actor network: who backs or attacks whom, across articles.

:func:`build_network` links every article's actors to canonical actors with the one cross-article linker
(:func:`slant.compare._actor_index.link_all`, the one ``slant compare`` uses: the store's name rules of
:mod:`slant.store.canonical`, order-free, plus a nickname sharing an alias joining the full name and
non-person actors of one name merging across kinds), so the report's heatmap rows and network nodes are
the same actors under the same names. Its merges can go a little further than the store's (``slant
actors``), which links article by article in stored order. It returns a ``networkx.MultiDiGraph``:

* **nodes** are canonical actors, keyed ``"<kind>:<normalised name>"`` (``"person:gerald mawdsley"``; the
  kind is the one most mentions give, the key that of the name linked first: a full name, the most
  mentions in one article), with ``name``
  (unique in the graph: ``"Jordan (place)"`` when a person is called Jordan too), ``label`` (= name, what
  Gephi shows), ``kind``, ``mentions`` (across articles), ``articles`` (how many articles name them) and
  ``aliases`` (its other spellings, one per matching key);
* **edges** run source -> target, one per (source, target, polarity): a MultiDiGraph because the same pair
  can be reported as support in one article and as opposition in another, and the two must not be summed.
  The edge key is the polarity. Attributes: ``polarity`` (support|oppose), ``layer`` ("relation"),
  ``weight`` (the number of distinct evidence sentences), ``articles`` (how many articles report it),
  ``kinds`` (relation kinds, e.g. endorse, criticise), ``reported`` / ``asserted`` (evidence stated by the
  article itself / asserted by a quoted speaker), ``confidence`` (mean) and ``evidence`` (a list of dicts:
  article, start, end, text, kind, asserted_by, condition, confidence).

Two actors of one article that turn out to be the same canonical actor ("Gerry" and "Gerald Mawdsley")
never make a self-loop: such relations are dropped and counted in ``graph.graph["self_loops_dropped"]``.
Near-duplicate copies (``Analysis.copy_of`` naming another article in the input) are skipped, so a
syndicated story counts once. With ``authors=True`` each article's author becomes a node of kind
``"author"`` (``"author:<article id>"``) with ``layer="author"`` edges for the author's non-neutral stances;
authors are never mixed in otherwise.

File formats (:func:`write_graphml`, :func:`write_gexf`) need scalar attributes, so :func:`flat_graph`
joins lists with ``"; "`` and stores ``evidence`` as a JSON string; :func:`to_cytoscape` gives the
elements for Cytoscape.js, evidence as lists.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import IO, Any

import networkx as nx

from slant.compare import ActorIndex, link_all
from slant.models import Analysis

__all__ = [
    "build_network",
    "edge_id",
    "flat_graph",
    "gexf_text",
    "graphml_text",
    "included",
    "to_cytoscape",
    "write_gexf",
    "write_graphml",
]

#: Separator for list attributes in GraphML/GEXF files.
LIST_SEP = "; "


def included(analyses: Iterable[Analysis], *, include_copies: bool = False) -> list[Analysis]:
    """The analysed articles, without near-duplicate copies of another article in the input."""
    found = [a for a in analyses if a.article.status == "analysed"]
    if include_copies:
        return found
    ids = {a.article.id for a in found}
    return [a for a in found if not (a.copy_of and a.copy_of in ids and a.copy_of != a.article.id)]


def build_network(
    analyses: Iterable[Analysis],
    *,
    authors: bool = False,
    include_copies: bool = False,
    index: ActorIndex | None = None,
) -> nx.MultiDiGraph:
    """The actor network of ``analyses`` (see the module docstring for nodes, edges and attributes).

    ``index`` (:func:`slant.compare._actor_index.link_all` of these articles or more, e.g. the one a report shares
    with its story comparisons) must link every article drawn (ValueError otherwise); by default the drawn
    articles are linked among themselves. Node counts only count the drawn articles.
    """
    chosen = included(analyses, include_copies=include_copies)
    if index is None:
        index = link_all(chosen)
    elif missing := [a.article.id for a in chosen if a.article.id not in index.articles]:
        raise ValueError(f"the actor index does not link the articles {', '.join(missing)}")
    g = nx.MultiDiGraph()
    g.graph.update(articles=len(chosen), self_loops_dropped=0, layers="relation; author" if authors else "relation")
    drawn = {a.article.id for a in chosen}
    for cid in sorted({cid for art in drawn for cid in index.in_article(art)}):
        g.add_node(index.node_id(cid), **_node_attrs(index, cid, drawn))
    edges: dict[tuple[str, str, str], dict[str, Any]] = {}
    for a in chosen:
        aid = a.article.id
        for r in a.relations:
            src, dst = _node_of(index, aid, r.source), _node_of(index, aid, r.target)
            if src is None or dst is None:
                continue
            if src == dst:
                g.graph["self_loops_dropped"] += 1
                continue
            speaker = _node_of(index, aid, r.asserted_by)
            ev = {
                "article": aid,
                "start": r.evidence.start,
                "end": r.evidence.end,
                "text": r.evidence.text,
                "kind": r.kind,
                "asserted_by": speaker,
                "asserted_by_name": g.nodes[speaker]["name"] if speaker else None,
                "condition": r.condition,
                "confidence": float(r.confidence),
            }
            _add_evidence(edges, (src, dst, r.polarity), "relation", ev)
        if authors:
            _author_edges(g, edges, a, index)
    for (src, dst, polarity), data in edges.items():
        g.add_edge(src, dst, key=polarity, **_finish_edge(data, polarity))
    return g


def _node_of(index: ActorIndex, article_id: str, actor_id: str | None) -> str | None:
    """The node id of an article's actor (by its local id), or None when not linked."""
    cid = index.canonical(article_id, actor_id)
    return None if cid is None else index.node_id(cid)


def _node_attrs(index: ActorIndex, cid: int, drawn: set[str]) -> dict[str, Any]:
    mentions = index.mentions(cid)
    name = index.name(cid)
    return {
        "name": name,
        "label": name,
        "kind": index.kind(cid),
        "mentions": sum(n for art, n in mentions.items() if art in drawn),
        "articles": sum(1 for art in mentions if art in drawn),
        "aliases": index.aliases(cid),
    }


def _add_evidence(
    edges: dict[tuple[str, str, str], dict[str, Any]], key: tuple[str, str, str], layer: str, ev: dict[str, Any]
) -> None:
    data = edges.setdefault(key, {"layer": layer, "evidence": {}})
    span = (ev["article"], ev["start"], ev["end"])
    if span not in data["evidence"]:  # one sentence is one piece of evidence, however many aliases it names
        data["evidence"][span] = ev


def _finish_edge(data: dict[str, Any], polarity: str) -> dict[str, Any]:
    evidence = sorted(data["evidence"].values(), key=lambda e: (e["article"], e["start"]))
    scores = [e["score"] for e in evidence if "score" in e]
    out: dict[str, Any] = {
        "polarity": polarity,
        "layer": data["layer"],
        "weight": len(evidence),
        "articles": len({e["article"] for e in evidence}),
        "kinds": sorted({e["kind"] for e in evidence}),
        "reported": sum(1 for e in evidence if not e.get("asserted_by")),
        "asserted": sum(1 for e in evidence if e.get("asserted_by")),
        "confidence": round(sum(e["confidence"] for e in evidence) / len(evidence), 4),
        "evidence": evidence,
    }
    if scores:
        out["score"] = round(sum(scores) / len(scores), 4)
    return out


def _author_edges(
    g: nx.MultiDiGraph, edges: dict[tuple[str, str, str], dict[str, Any]], a: Analysis, index: ActorIndex
) -> None:
    art = a.article
    holder = f"author:{art.id}"
    stances = [s for s in a.stances if s.holder == "author" and s.polarity != "neutral"]
    if not stances:
        return
    name = art.author or art.site_name or art.title or art.id[:12]
    g.add_node(holder, name=name, label=name, kind="author", mentions=0, articles=1, aliases=[])
    for s in stances:
        target = _node_of(index, art.id, s.target)
        if target is None:
            continue
        polarity = "support" if s.polarity == "positive" else "oppose"
        for sp in s.evidence or (None,):
            ev = {
                "article": art.id,
                "start": sp.start if sp else -1,
                "end": sp.end if sp else -1,
                "text": sp.text if sp else "",
                "kind": "author_stance",
                "asserted_by": None,
                "asserted_by_name": None,
                "condition": None,
                "confidence": abs(float(s.score)),
                "score": float(s.score),
            }
            _add_evidence(edges, (holder, target, polarity), "author", ev)


# --- output --------------------------------------------------------------------------------------------


def edge_id(source: str, target: str, polarity: str) -> str:
    """The stable id of an edge in files and in the report."""
    return f"{source}->{target}:{polarity}"


def flat_graph(g: nx.MultiDiGraph, *, with_id: bool = False) -> nx.MultiDiGraph:
    """A copy of ``g`` with only scalar attributes (str, int, float, bool), as GraphML and GEXF need.

    Lists become ``"; "``-joined strings, ``evidence`` a JSON string, None an empty string; edge keys become
    the unique edge ids (``source->target:polarity``); ``with_id`` also stores the id as an ``id``
    attribute (the GEXF writer takes edge ids from there).
    """
    flat = nx.MultiDiGraph()
    flat.graph.update({k: _scalar(v) for k, v in g.graph.items()})
    for n, data in g.nodes(data=True):
        flat.add_node(n, **{k: _scalar(v) for k, v in data.items()})
    for u, v, key, data in g.edges(keys=True, data=True):
        eid = edge_id(u, v, key)
        attrs = {k: _scalar(val) for k, val in data.items() if k != "evidence"}
        attrs["evidence"] = json.dumps(data.get("evidence", []), ensure_ascii=False)
        if with_id:
            attrs["id"] = eid
        flat.add_edge(u, v, key=eid, **attrs)
    return flat


def _scalar(v: Any) -> str | int | float | bool:
    if isinstance(v, bool | int | float | str):
        return v
    if v is None:
        return ""
    if isinstance(v, list | tuple | set | frozenset):
        return LIST_SEP.join(str(x) for x in v)
    return json.dumps(v, ensure_ascii=False)


def write_graphml(g: nx.MultiDiGraph, out: str | Path | IO[bytes]) -> None:
    """Write ``g`` as GraphML (opens in Gephi, yEd, Cytoscape desktop; ``networkx.read_graphml`` reads it)."""
    nx.write_graphml(flat_graph(g), out, encoding="utf-8", prettyprint=True)


def write_gexf(g: nx.MultiDiGraph, out: str | Path | IO[bytes]) -> None:
    """Write ``g`` as GEXF 1.2 (Gephi's own format; ``networkx.read_gexf`` reads it)."""
    nx.write_gexf(flat_graph(g, with_id=True), out, encoding="utf-8", prettyprint=True)


def graphml_text(g: nx.MultiDiGraph) -> str:
    """The GraphML file as one string (for text streams such as stdout)."""
    buf = io.BytesIO()
    write_graphml(g, buf)
    return buf.getvalue().decode("utf-8")


def gexf_text(g: nx.MultiDiGraph) -> str:
    """The GEXF file as one string (for text streams such as stdout)."""
    buf = io.BytesIO()
    write_gexf(g, buf)
    return buf.getvalue().decode("utf-8")


def to_cytoscape(g: nx.MultiDiGraph) -> dict[str, list[dict[str, Any]]]:
    """Cytoscape.js elements: ``{"nodes": [{"data": ...}], "edges": [{"data": ...}]}``, evidence as lists."""
    nodes = [{"data": {"id": n, **_jsonable(data)}} for n, data in g.nodes(data=True)]
    edges = [
        {"data": {"id": edge_id(u, v, key), "source": u, "target": v, **_jsonable(data)}}
        for u, v, key, data in g.edges(keys=True, data=True)
    ]
    return {"nodes": nodes, "edges": edges}


def _jsonable(data: Mapping[str, Any]) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, tuple | set | frozenset) else v) for k, v in data.items()}
