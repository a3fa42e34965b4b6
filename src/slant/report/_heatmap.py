"""The report's stance heatmaps: from ``compare`` JSON, or from the analyses' author stances.

A heatmap is one story's main actors (rows) x articles (columns), the author's stance score in each cell
(-1 attacks .. +1 backs; ``None``: named without a stance; no cell: not named), and :func:`heatmap_spec`
turns it into a Vega-Lite spec with its data inline.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from slant.compare import ActorIndex, link_all
from slant.models import Analysis, Stance, Story
from slant.network import included

#: At most this many actors (rows) per heatmap: those with stances in the most articles.
MAX_HEATMAP_ACTORS = 25

POLARITY_SCORE = {"positive": 1.0, "negative": -1.0, "neutral": 0.0}


class SupportsToJson(Protocol):
    """Anything with a ``to_json()`` (a :class:`slant.compare.Comparison`)."""

    def to_json(self) -> Mapping[str, Any]: ...


# --- heatmap ---------------------------------------------------------------------------------------------


@dataclass(slots=True)
class Heatmap:
    """Author stance of each article (columns) toward each main actor (rows) of one story."""

    id: str
    title: str
    source: str  # "comparison" or "analyses"
    cells: list[dict[str, Any]] = field(default_factory=list)
    actors: list[str] = field(default_factory=list)
    articles: list[str] = field(default_factory=list)


def article_label(a: Analysis) -> str:
    """A short column label: outlet, then the title's start."""
    art = a.article
    outlet = art.site_name or art.author or art.source.rsplit("/", 1)[-1]
    title = art.title or art.id[:12]
    return f"{outlet} · {title[:38] + '…' if len(title) > 39 else title}"


def _labels(analyses: Sequence[Analysis]) -> dict[str, str]:
    """Unique column labels per article id."""
    out: dict[str, str] = {}
    used: dict[str, int] = {}
    for a in analyses:
        label = article_label(a)
        used[label] = used.get(label, 0) + 1
        out[a.article.id] = label if used[label] == 1 else f"{label} ({used[label]})"
    return out


def _finish(h: Heatmap, order: Sequence[str]) -> Heatmap:
    stance_count: dict[str, int] = defaultdict(int)
    seen: dict[str, int] = defaultdict(int)
    for c in h.cells:
        seen[c["actor"]] += 1
        if c["polarity"] not in (None, "neutral"):
            stance_count[c["actor"]] += 1
    ranked = sorted(seen, key=lambda n: (-stance_count[n], -seen[n], n))[:MAX_HEATMAP_ACTORS]
    keep = set(ranked)
    h.cells = [c for c in h.cells if c["actor"] in keep]
    h.actors = ranked
    present = {c["article"] for c in h.cells}
    h.articles = [x for x in order if x in present]
    return h


def stance_heatmaps(
    analyses: Sequence[Analysis], stories: Sequence[Story] = (), *, index: ActorIndex | None = None
) -> list[Heatmap]:
    """Heatmaps from the analyses' author stances: one per story (or one for all articles when none).

    Actors are linked across articles as the network links them (``index``: the report's shared
    :func:`slant.compare._actor_index.link_all`, by default that of the articles drawn), so rows and nodes agree.
    """
    chosen = included(analyses)
    if index is None:
        index = link_all(chosen)
    labels = _labels(analyses)
    groups: list[tuple[str, str, list[Analysis]]] = []
    by_id = {a.article.id: a for a in chosen}
    placed: set[str] = set()
    for s in stories:
        members = [by_id[i] for i in s.articles if i in by_id]
        if members:
            groups.append((s.id, s.label or s.id, members))
            placed.update(a.article.id for a in members)
    rest = [a for a in chosen if a.article.id not in placed]
    if rest:
        groups.append(("all", "other articles" if groups else "all articles", rest))
    out = []
    for gid, title, members in groups:
        h = Heatmap(id=gid, title=title, source="analyses")
        for a in members:
            acc: dict[int, list[Stance]] = {}
            for st in a.stances:
                cid = index.canonical(a.article.id, st.target) if st.holder == "author" else None
                if cid is not None:
                    acc.setdefault(cid, []).append(st)
            for cid, stances in acc.items():
                score = sum(x.score for x in stances) / len(stances)
                polarity = "positive" if score > 0.05 else "negative" if score < -0.05 else "neutral"
                evidence = " … ".join(e.text for x in stances for e in x.evidence)
                h.cells.append(_cell(index.name(cid), labels[a.article.id], a.article.id, score, polarity, evidence))
        out.append(_finish(h, [labels[a.article.id] for a in members]))
    return [h for h in out if h.cells]


def _cell(
    actor: str, article: str, article_id: str, score: float | None, polarity: str | None, evidence: str
) -> dict[str, Any]:
    return {
        "actor": actor,
        "article": article,
        "article_id": article_id,
        "score": None if score is None else round(float(score), 3),
        "polarity": polarity or "no stance",
        "evidence": evidence[:400],
    }


def _story_dicts(comparisons: Iterable[Mapping[str, Any] | SupportsToJson]) -> list[Mapping[str, Any]]:
    out: list[Mapping[str, Any]] = []
    for c in comparisons:
        d = c if isinstance(c, Mapping) else c.to_json()
        out.extend(d.get("stories", [d]))
    return out


def heatmaps_from_comparisons(
    comparisons: Iterable[Mapping[str, Any] | SupportsToJson], analyses: Sequence[Analysis]
) -> list[Heatmap]:
    """Heatmaps from ``compare`` JSON: per story, ``stance_detail`` cells (with scores) or ``stances``."""
    labels = _labels(analyses)
    out = []
    for story in _story_dicts(comparisons):
        sid = str(story.get("id") or "story")
        h = Heatmap(id=sid, title=str(story.get("label") or sid), source="comparison")
        order = [labels.get(str(x), str(x)[:12]) for x in story.get("articles", ())]
        for d in _detail_cells(story.get("stance_detail")):
            if d.get("status") == "not_mentioned":
                continue
            art = str(d.get("article"))
            evidence = " … ".join(str(e.get("text", "")) for e in d.get("evidence") or ())
            h.cells.append(
                _cell(str(d.get("actor")), labels.get(art, art[:12]), art, d.get("score"), d.get("polarity"), evidence)
            )
        if not h.cells:
            for actor, row in (story.get("stances") or {}).items():
                for art, polarity in (row or {}).items():
                    score = POLARITY_SCORE.get(str(polarity)) if polarity else None
                    h.cells.append(_cell(str(actor), labels.get(art, art[:12]), art, score, polarity, ""))
        if h.cells:
            out.append(_finish(h, order))
    return out


def _detail_cells(detail: Any) -> list[Mapping[str, Any]]:
    """``stance_detail`` as a list of cells, whether given as a list or as {actor: {article: cell}}."""
    if isinstance(detail, list):
        return [d for d in detail if isinstance(d, Mapping)]
    if isinstance(detail, Mapping):
        return [
            {"actor": actor, "article": art, **(cell if isinstance(cell, Mapping) else {"polarity": cell})}
            for actor, row in detail.items()
            if isinstance(row, Mapping)
            for art, cell in row.items()
        ]
    return []


def heatmap_spec(h: Heatmap) -> dict[str, Any]:
    """The Vega-Lite spec of one heatmap (data inline; no ``$schema`` URL: the report embeds it as Vega-Lite).

    Two layers: a grey cell wherever the article names the actor, and over it the author's stance score
    (red -1 .. green +1) where there is one. Filters use field predicates, not expressions.
    """
    tooltip = [
        {"field": "actor", "type": "nominal"},
        {"field": "article", "type": "nominal"},
        {"field": "polarity", "type": "nominal"},
        {"field": "score", "type": "quantitative", "format": "+.2f"},
        {"field": "evidence", "type": "nominal"},
    ]
    return {
        "description": f"Author stance toward the main actors: {h.title}",
        "data": {"values": h.cells},
        "width": {"step": 34},
        "height": {"step": 22},
        "encoding": {
            "x": {
                "field": "article",
                "type": "nominal",
                "sort": h.articles,
                "title": None,
                "axis": {"labelAngle": -35, "labelLimit": 220, "orient": "top"},
            },
            "y": {"field": "actor", "type": "nominal", "sort": h.actors, "title": None, "axis": {"labelLimit": 200}},
            "tooltip": tooltip,
        },
        "layer": [
            {"mark": {"type": "rect", "color": "#e4e4e4", "stroke": "#ffffff", "strokeWidth": 1}},
            {
                "transform": [{"filter": {"field": "score", "valid": True}}],
                "mark": {"type": "rect", "stroke": "#ffffff", "strokeWidth": 1},
                "encoding": {
                    "color": {
                        "field": "score",
                        "type": "quantitative",
                        "scale": {"scheme": "redyellowgreen", "domain": [-1, 1]},
                        "legend": {"title": "author stance"},
                    }
                },
            },
        ],
        "config": {"view": {"stroke": None}, "axis": {"labelFontSize": 11}},
    }
