"""Side-by-side comparison of one story: how each article tells it.

For the story's original articles (near-duplicate copies are listed, counted once, and left out of every
count), :func:`compare_story` gives

* the main actors, canonical across the articles (:mod:`slant.compare._actor_index`, the linker the report's
  network uses too; the selection is :mod:`slant.compare._actors`);
* the stance matrix: the author's stance of every article toward every main actor, with its evidence,
  telling "not mentioned" from "mentioned, no author stance";
* who each article quotes, and who is quoted by one article only;
* each article's support/oppose relations, with actors by their story-wide names;
* facts only one article reports, and figures the articles give differently (:mod:`slant.compare._align`);
* each article's loaded-language density, hyperpartisan score, biased share and hate flags;
* the headlines: the main actors each names, and the words only one of them uses.

``Comparison.to_json()`` is the ``compare --json`` contract (DESIGN.md): ``id``, ``articles``, ``actors``,
``stances`` ({actor: {article: polarity}}), ``quoted`` ({article: [speakers]}), ``only_in`` ({article:
[facts]}), plus the detail fields documented in ``docs/compare.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any
from urllib.parse import urlparse

from slant.compare._actor_index import ActorIndex, link_all
from slant.compare._actors import MAX_MAIN_ACTORS, main_actors
from slant.compare._align import Alignment, Embedder, article_sentences, figure_diffs, unique_facts
from slant.compare._parts import (
    headlines,
    language_summaries,
    quoted_only_in,
    quoted_speakers,
    relation_rows,
    stance_cells,
)
from slant.compare._types import (
    ArticleInfo,
    ArticleQuotes,
    Fact,
    FigureDiff,
    Headline,
    LanguageSummary,
    MainActor,
    RelationRow,
    StanceCell,
)
from slant.models import Analysis, Story

#: Version of the ``compare --json`` document; bumped when a field is renamed or dropped.
COMPARE_JSON_VERSION = "1.0"


@dataclass(frozen=True, slots=True)
class Comparison:
    """One story told side by side (see the module docstring)."""

    id: str
    label: str
    articles: tuple[ArticleInfo, ...]
    actors: tuple[MainActor, ...] = ()
    stances: tuple[StanceCell, ...] = ()
    quoted: tuple[ArticleQuotes, ...] = ()
    quoted_only_in: tuple[tuple[str, str], ...] = ()
    relations: tuple[RelationRow, ...] = ()
    only_in: tuple[Fact, ...] = ()
    figures: tuple[FigureDiff, ...] = ()
    language: tuple[LanguageSummary, ...] = ()
    headlines: tuple[Headline, ...] = ()

    @property
    def originals(self) -> tuple[str, ...]:
        """The ids of the analysed articles that are not copies: the ones compared."""
        return tuple(a.id for a in self.articles if a.copy_of is None and a.status == "analysed")

    @property
    def copies(self) -> tuple[tuple[str, str], ...]:
        """``(copy, original)`` pairs."""
        return tuple((a.id, a.copy_of) for a in self.articles if a.copy_of is not None)

    @property
    def single(self) -> bool:
        """True when fewer than two originals were compared (nothing to set the article beside)."""
        return len(self.originals) < 2

    def cell(self, actor: str, article: str) -> StanceCell | None:
        """The stance cell of a main actor (display name) and an article id."""
        return next((c for c in self.stances if c.actor == actor and c.article == article), None)

    def to_json(self) -> dict[str, Any]:
        """The ``compare --json`` object of this story."""
        originals = self.originals
        stances: dict[str, dict[str, str | None]] = {}
        detail: dict[str, dict[str, Any]] = {}
        for c in self.stances:
            detail.setdefault(c.actor, {})[c.article] = c.to_json()
            if c.status != "not_mentioned":
                stances.setdefault(c.actor, {})[c.article] = c.polarity
        only_in: dict[str, list[dict[str, Any]]] = {a: [] for a in originals}
        for f in self.only_in:
            only_in.setdefault(f.article, []).append(f.to_json())
        relations: dict[str, list[dict[str, Any]]] = {a: [] for a in originals}
        for r in self.relations:
            relations.setdefault(r.article, []).append(r.to_json())
        return {
            "id": self.id,
            "label": self.label,
            "articles": [a.id for a in self.articles],
            "originals": list(originals),
            "copies": {c: o for c, o in self.copies},
            "single": self.single,
            "note": _note(self),
            "titles": {a.id: a.title for a in self.articles},
            "outlets": {a.id: a.outlet for a in self.articles},
            "article_info": [a.to_json() for a in self.articles],
            "actors": [a.name for a in self.actors],
            "actor_detail": [a.to_json() for a in self.actors],
            "stances": {a.name: stances.get(a.name, {}) for a in self.actors},
            "stance_detail": detail,
            "quoted": {q.article: [s.name for s in q.speakers] for q in self.quoted},
            "quoted_detail": {q.article: q.to_json() for q in self.quoted},
            "quoted_only_in": dict(self.quoted_only_in),
            "relations": relations,
            "only_in": only_in,
            "figures": [f.to_json() for f in self.figures],
            "loaded": {
                s.article: {
                    "loaded_density": s.loaded_density,
                    "hyperpartisan": s.hyperpartisan,
                    "biased_share": s.biased_share,
                    "loaded": s.loaded,
                    "loaded_terms": list(s.loaded_terms),
                }
                for s in self.language
            },
            "hate": {
                s.article: {
                    "count": s.hate,
                    "by_voice": dict(s.hate_by_voice),
                    "codes": dict(s.hate_codes),
                    "groups": list(s.hate_groups),
                    "review": s.review,
                }
                for s in self.language
            },
            "headlines": {h.article: h.to_json() for h in self.headlines},
        }


def _note(c: Comparison) -> str | None:
    n = len(c.originals)
    if n == 0:
        return "no analysed article in this story: nothing to compare"
    if n == 1:
        return "only one original article in this story: it is listed, but there is nothing to compare it with"
    return None


def comparisons_json(comparisons: Sequence[Comparison]) -> dict[str, Any]:
    """The whole ``compare --json`` document: ``{"version", "stories": [...]}``."""
    return {"version": COMPARE_JSON_VERSION, "stories": [c.to_json() for c in comparisons]}


def compare_story(
    story: Story,
    analyses: Sequence[Analysis],
    *,
    embed: Embedder | None = None,
    max_actors: int = MAX_MAIN_ACTORS,
    index: ActorIndex | None = None,
) -> Comparison:
    """Compare the articles of ``story``; ``analyses`` must hold its members (others are ignored).

    Copies (``story.copies`` or ``Analysis.copy_of``) and articles that were not analysed are listed but
    left out of every count. ``embed`` (texts -> unit rows) defaults to :func:`slant.nlp.embed.embed`.
    ``index`` (:func:`slant.compare._actor_index.link_all` of more articles, e.g. a whole report's) names the actors
    as it does elsewhere; it must link every compared article (ValueError otherwise). By default the
    compared articles are linked among themselves.
    """
    by_id = {a.article.id: a for a in analyses}
    members = [i for i in story.articles if i in by_id]
    copy_of = {c: o for c, o in story.copies if c in by_id}
    for i in members:
        original = by_id[i].copy_of
        if original and original in by_id and i not in copy_of:
            copy_of[i] = original
    infos = tuple(_info(by_id[i], copy_of.get(i)) for i in members)
    compared = [by_id[i.id] for i in infos if i.copy_of is None and i.status == "analysed"]
    originals = [a.article.id for a in compared]

    if index is None:
        index = link_all(compared)
    elif missing := [i for i in originals if i not in index.articles]:
        raise ValueError(f"the actor index does not link the compared articles {', '.join(missing)}")
    main = main_actors(index, originals, limit=max_actors)
    named = [(cid, actor.name) for cid, actor in main]
    quoted = quoted_speakers(index, compared)
    facts: list[Fact] = []
    diffs: list[FigureDiff] = []
    if len(compared) >= 2:
        sentences = [s for a in compared for s in article_sentences(a)]
        al = Alignment(sentences, embed or _default_embed())
        diffs = figure_diffs(al)
        facts = [_annotate(f, by_id[f.article], index, named) for _, f in unique_facts(al, diffs)]
    return Comparison(
        id=story.id,
        label=story.label or " · ".join(a.name for _, a in main[:3]),
        articles=infos,
        actors=tuple(a for _, a in main),
        stances=tuple(stance_cells(index, named, compared)),
        quoted=tuple(quoted),
        quoted_only_in=tuple(quoted_only_in(quoted).items()),
        relations=tuple(relation_rows(index, compared)),
        only_in=tuple(facts),
        figures=tuple(diffs),
        language=tuple(language_summaries(compared)),
        headlines=tuple(headlines(index, named, compared)),
    )


def _default_embed() -> Embedder:
    from slant.nlp.embed import embed

    return embed


def _info(a: Analysis, copy_of: str | None) -> ArticleInfo:
    art = a.article
    return ArticleInfo(
        id=art.id,
        title=art.title,
        outlet=outlet_name(a),
        source=art.source,
        published=art.published,
        words=art.word_count,
        copy_of=copy_of,
        status=art.status,
    )


def outlet_name(a: Analysis) -> str:
    """The outlet of an article: its site name, else its web host, else its file name."""
    art = a.article
    if art.site_name:
        return art.site_name
    if art.url:
        host = urlparse(art.url).hostname
        if host:
            return host.removeprefix("www.")
    return PurePath(art.source.split("#", 1)[0]).stem or art.source


def _annotate(f: Fact, a: Analysis, index: ActorIndex, main: Sequence[tuple[int, str]]) -> Fact:
    """The main actors a fact's sentence names, and the speaker when it lies inside a quote."""
    art = a.article.id
    names: list[str] = []
    for cid, name in main:
        local = index.local_ids(art, cid)
        if any(f.start <= m.start < f.end for x in a.actors if x.id in local for m in x.mentions):
            names.append(name)
    speaker = None
    for q in a.quotes:
        if q.start < f.end and f.start < q.end:
            who = index.canonical(art, q.speaker)
            speaker = index.name(who) if who is not None else (q.speaker_name or None)
            break
    return Fact(
        article=f.article,
        text=f.text,
        start=f.start,
        end=f.end,
        reason=f.reason,
        figures=f.figures,
        actors=tuple(names),
        speaker=speaker,
        nearest_article=f.nearest_article,
        nearest_text=f.nearest_text,
        nearest_score=f.nearest_score,
    )
