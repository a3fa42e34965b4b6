"""A story side by side: the author's stance of each article toward each main actor, who is quoted where,
relations, facts only some articles give, and differing figures.

Private modules: ``_build`` (:func:`compare_story`, :func:`comparisons_json`), ``_types`` (the parts of a
comparison), ``_parts`` (per-article parts), ``_actors`` (main actors), ``_actor_index`` (one canonical actor
across articles, also used by the report and the network), ``_align`` (sentence alignment), ``_text`` (text
helpers), ``_view`` (the terminal view).
"""

from __future__ import annotations

from slant.compare._actor_index import ActorIndex, link_all
from slant.compare._build import COMPARE_JSON_VERSION, Comparison, compare_story, comparisons_json
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
from slant.compare._view import render_comparisons

__all__ = [
    "COMPARE_JSON_VERSION",
    "ActorIndex",
    "ArticleInfo",
    "ArticleQuotes",
    "Comparison",
    "Fact",
    "FigureDiff",
    "Headline",
    "LanguageSummary",
    "MainActor",
    "RelationRow",
    "StanceCell",
    "compare_story",
    "comparisons_json",
    "link_all",
    "render_comparisons",
]
