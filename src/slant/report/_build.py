"""The self-contained HTML report: stance heatmap, actor network, and every article marked up.

:func:`report` returns ONE HTML file as a string: the vendored Vega, Vega-Lite, vega-embed and Cytoscape.js
builds (``resources/vendor``) and the report's own script and style are inlined, nothing is loaded from
anywhere (a Content-Security-Policy meta tag forbids it: scripts only by hash, no ``eval``; no network,
no frames, no forms), so the file works offline and can be mailed around.

Safety: article text is hostile input. The Jinja2 template autoescapes everything; highlighted text is cut
into segments by character offsets in Python and each segment is escaped; data for the scripts travels as
JSON in ``<script type="application/json">`` with ``<``, ``>`` and ``&`` written as ``\\u003c`` etc., and
the scripts put it on the page with ``textContent`` only. Links to the articles' own URLs are shown as text,
never as links.

The heatmap comes from :meth:`slant.compare.Comparison.to_json` when comparisons are given (per story:
``stance_detail`` cells with scores, else the ``stances`` polarities); without them :func:`stance_heatmaps`
computes it from the analyses' author stances. Heatmaps and network link actors across articles with the
one linker (:mod:`slant.compare._actor_index`): given the same articles it gives the same actors and names, so a
heatmap row and a network node of one actor carry one name (``api.report`` shares one index between the
story comparisons and the network).
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import networkx as nx
from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup

from slant import __version__
from slant.compare import link_all
from slant.errors import ModelError
from slant.models import Analysis, Story
from slant.network import build_network, included, to_cytoscape
from slant.report._heatmap import (
    SupportsToJson,
    heatmap_spec,
    heatmaps_from_comparisons,
    stance_heatmaps,
)

#: The vendored scripts, in load order (paths under ``resources/vendor``).
VENDOR_SCRIPTS = (
    "vega/vega.min.js",
    "vega-lite/vega-lite.min.js",
    "vega-embed/vega-embed.min.js",
    "cytoscape/cytoscape.min.js",
)

#: Flag kinds highlighted in the article text (sentence-level ``bias`` flags are counted, not underlined).
HIGHLIGHT_FLAGS = ("loaded", "hate", "review", "contested")


# --- article mark-up -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Segment:
    """A stretch of text with the classes and notes of every span covering it (none: plain text)."""

    text: str
    classes: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def css(self) -> str:
        return " ".join(self.classes)

    @property
    def title(self) -> str:
        return "\n".join(self.notes)


def segments(text: str, spans: Iterable[tuple[int, int, str, str]]) -> list[Segment]:
    """Cut ``text`` at every span boundary; each piece carries the classes and notes of the spans over it.

    Spans are ``(start, end, css class, note)`` with end exclusive; out-of-range offsets are clipped and
    empty spans dropped. Overlapping and nested spans are fine: the pieces never overlap.
    """
    n = len(text)
    clean = sorted({(max(0, s), min(n, e), c, t) for s, e, c, t in spans if min(n, e) > max(0, s)})
    if not clean:
        return [Segment(text)] if text else []
    cuts = sorted({0, n, *(s for s, _, _, _ in clean), *(e for _, e, _, _ in clean)})
    out: list[Segment] = []
    for lo, hi in itertools.pairwise(cuts):
        over = [sp for sp in clean if sp[0] <= lo and sp[1] >= hi]
        classes = tuple(dict.fromkeys(c for _, _, c, _ in over))
        notes = tuple(dict.fromkeys(t for _, _, _, t in over if t))
        if out and out[-1].classes == classes and out[-1].notes == notes:
            out[-1] = Segment(out[-1].text + text[lo:hi], classes, notes)
        else:
            out.append(Segment(text[lo:hi], classes, notes))
    return out


_KINDS = frozenset({"person", "org", "party", "place", "group", "other"})


def _article_view(a: Analysis, anchor: str, anchors: Mapping[str, str], titles: Mapping[str, str]) -> dict[str, Any]:
    art = a.article
    local = {x.id: x for x in a.actors}
    spans: list[tuple[int, int, str, str]] = []
    for actor in a.actors:
        kind = actor.kind if actor.kind in _KINDS else "other"
        for m in actor.mentions:
            spans.append((m.start, m.end, f"a-{kind}", f"{actor.name} ({actor.kind})"))
    for q in a.quotes:
        speaker = local[q.speaker].name if q.speaker in local else q.speaker_name or "unknown speaker"
        spans.append((q.start, q.end, "q", f"{q.kind} quote: {speaker}"))
    for f in a.flags:
        if f.kind in HIGHLIGHT_FLAGS:
            bits = [f"{f.kind}: {f.label}", f"voice: {f.voice}"]
            bits += [f"group: {f.target_group}"] if f.target_group else []
            bits += [f.explanation] if f.explanation else []
            spans.append((f.start, f.end, f"f-{f.kind}", " — ".join(bits)))
    return {
        "anchor": anchor,
        "id": art.id,
        "title": art.title or "(untitled)",
        "meta": [x for x in (art.site_name, art.author, art.published) if x],
        "url": art.url,
        "source": art.source,
        "language": art.language,
        "status": art.status,
        "words": art.word_count,
        "copy_of": titles.get(a.copy_of or "", a.copy_of) if a.copy_of else None,
        "copy_anchor": anchors.get(a.copy_of or ""),
        "scores": sorted(a.scores.items()),
        "actors": sorted(a.actors, key=lambda x: (-len(x.mentions), x.name)),
        "quotes": [(local[q.speaker].name if q.speaker in local else q.speaker_name or "?", q) for q in a.quotes],
        "relations": [
            (
                local[r.source].name if r.source in local else r.source,
                r,
                local[r.target].name if r.target in local else r.target,
            )
            for r in a.relations
        ],
        "flags": [f for f in a.flags if f.kind in HIGHLIGHT_FLAGS],
        "bias_count": sum(1 for f in a.flags if f.kind == "bias"),
        "segments": segments(art.text, spans),
    }


# --- page ------------------------------------------------------------------------------------------------


def script_json(obj: Any) -> Markup:
    """``obj`` as JSON safe to place inside ``<script type="application/json">`` (no ``</`` can occur)."""
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    for ch, esc in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(ch, esc)
    return Markup(text)


_SOURCE_MAP = re.compile(r"\n?//# sourceMappingURL=\S*\s*$")


@cache
def _vendor_js() -> tuple[str, ...]:
    root = resources.files("slant").joinpath("resources/vendor")
    out = []
    for name in VENDOR_SCRIPTS:
        try:
            code = root.joinpath(name).read_text(encoding="utf-8")
        except OSError as exc:
            raise ModelError(f"vendored script {name} is missing ({exc}); reinstall slant") from exc
        out.append(_safe_script(name, _SOURCE_MAP.sub("\n", code)))
    return tuple(out)


def _safe_script(name: str, code: str) -> str:
    if re.search(r"</script|<!--", code, re.I):
        raise ModelError(f"script {name} contains '</script' or '<!--' and cannot be inlined")
    return code


@cache
def _own(name: str) -> str:
    return resources.files("slant").joinpath(f"resources/report/{name}").read_text(encoding="utf-8")


def _csp_hash(code: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(code.encode("utf-8")).digest()).decode("ascii") + "'"


@cache
def _env() -> Environment:
    return Environment(
        loader=PackageLoader("slant", "resources/report"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def report(
    analyses: Sequence[Analysis],
    comparisons: Iterable[Mapping[str, Any] | SupportsToJson] = (),
    network: nx.MultiDiGraph | None = None,
    *,
    stories: Sequence[Story] = (),
    title: str | None = None,
) -> str:
    """The report of ``analyses`` as one self-contained HTML page.

    ``comparisons`` (``Comparison`` objects or their JSON) give the heatmaps; without them the heatmaps are
    computed from the author stances. ``network`` defaults to :func:`slant.network.build_network`; only
    actors with at least one support/oppose edge are drawn. ``stories`` group the articles. For heatmap rows
    and nodes to agree, give comparisons made with the network's actor index (``compare_story(index=...)``).
    """
    analyses = list(analyses)
    heatmaps = heatmaps_from_comparisons(comparisons, analyses)
    index = link_all(included(analyses)) if network is None or not heatmaps else None
    g = network if network is not None else build_network(analyses, index=index)
    if not heatmaps:
        heatmaps = stance_heatmaps(analyses, stories, index=index)
    anchors = {a.article.id: f"a{i + 1}" for i, a in enumerate(analyses)}
    titles = {a.article.id: a.article.title or a.article.id[:12] for a in analyses}
    connected = nx.MultiDiGraph(g.subgraph([n for n in g.nodes if g.degree(n) > 0]))
    data = {
        "heatmaps": [{"id": h.id, "title": h.title, "spec": heatmap_spec(h)} for h in heatmaps],
        "network": to_cytoscape(connected),
        "articles": {aid: {"anchor": anchors[aid], "title": titles[aid]} for aid in anchors},
    }
    scripts = [*_vendor_js(), _safe_script("report.js", _own("report.js"))]
    csp = (
        "default-src 'none'; script-src " + " ".join(_csp_hash(s) for s in scripts) + "; "
        "style-src 'unsafe-inline'; img-src data: blob:; connect-src 'none'; font-src 'none'; "
        "object-src 'none'; base-uri 'none'; form-action 'none'"
    )
    page_title = title or (stories[0].label if len(stories) == 1 and stories[0].label else "slant report")
    hate = sum(1 for a in analyses for f in a.flags if f.kind == "hate")
    return (
        _env()
        .get_template("report.html.j2")
        .render(
            title=page_title,
            version=__version__,
            csp=csp,
            css=Markup(_own("report.css").replace("</", "<\\/")),
            scripts=[Markup(s) for s in scripts],
            data=script_json(data),
            heatmaps=heatmaps,
            stories=[s for s in stories if any(i in anchors for i in s.articles)],
            anchors=anchors,
            titles=titles,
            counts={
                "articles": len(analyses),
                "actors": sum(1 for _, d in g.nodes(data=True) if d.get("kind") != "author"),
                "relations": g.number_of_edges(),
                "hate": hate,
            },
            network_empty=connected.number_of_edges() == 0,
            articles=[_article_view(a, anchors[a.article.id], anchors, titles) for a in analyses],
        )
    )
