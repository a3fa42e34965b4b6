"""Story records: an article's clustering features, a story's state between articles, and its label.

Plain data (no database, no model), so the store can read and write them without importing the clusterer.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from slant.clean.near_dups import Signature

#: Actors named in a label, and terms after them.
LABEL_ACTORS = 3
LABEL_TERMS = 3
#: Actors listed on a story (Story.actors) and title terms kept per story.
STORY_ACTORS = 6
KEEP_TERMS = 40


#: Statuses whose articles are clustered: analysed ones, and ones skipped only for their language.
CLUSTERED_STATUSES = frozenset({"analysed", "skipped_language"})


@dataclass(frozen=True, slots=True)
class ArticleFeatures:
    """What the clusterer knows of one article (see :mod:`slant.stories._features`)."""

    article_id: str
    embedding: np.ndarray  # float32, unit length (or zeros)
    #: Main actors as ``(key, display name)``, keys unique, most mentioned first.
    actors: tuple[tuple[str, str], ...]
    days: float | None
    published: str | None = None
    title_terms: tuple[str, ...] = ()
    signature: Signature | None = None


def story_id(article_id: str) -> str:
    """A story's stable id: ``"s"`` and 12 hex characters of a hash of the article that started it."""
    return "s" + hashlib.sha256(article_id.encode("utf-8")).hexdigest()[:12]


@dataclass(slots=True)
class StoryState:
    """One story as the clusterer keeps it: what later articles are compared with, and what names it.

    ``centroid`` is the *sum* of the member originals' lead embeddings (``n`` of them); ``actors`` counts
    how many originals name each actor key; ``names`` is the display name of each key (the longest seen);
    ``terms`` counts title terms. ``size`` counts every member and ``copies`` the near-duplicates among them.
    ``codes`` are the embedding LSH bucket keys the story is filed under (:mod:`slant.stories._index`):
    distinct, least recently posted first, at most ``ClusterParams.story_codes`` of them.
    """

    id: str
    centroid: np.ndarray
    n: int = 0
    size: int = 0
    copies: int = 0
    actors: dict[str, int] = field(default_factory=dict)
    #: Sum over originals of ``1 / (1 + rank)`` of the actor among the article's main actors (label ties).
    salience: dict[str, float] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    terms: dict[str, int] = field(default_factory=dict)
    first_days: float | None = None
    last_days: float | None = None
    codes: list[int] = field(default_factory=list)

    def top_actors(self, n: int = STORY_ACTORS) -> list[str]:
        """Display names of the ``n`` actors most originals name (ties: the more prominent, then by key)."""
        ranked = sorted(self.actors.items(), key=lambda kv: (-kv[1], -self.salience.get(kv[0], 0.0), kv[0]))
        return [self.names.get(k, k) for k, _ in ranked[:n]]

    def top_terms(self, n: int = LABEL_TERMS) -> list[str]:
        """The ``n`` title terms used by most originals (ties: alphabetical)."""
        ranked = sorted(self.terms.items(), key=lambda kv: (-kv[1], kv[0]))
        return [t for t, _ in ranked[:n]]

    @property
    def label(self) -> str:
        """Top actors and title terms, e.g. ``"Gerald Mawdsley, Leila Marchetti, Labour Party: mayor, ..."``."""
        actors = ", ".join(self.top_actors(LABEL_ACTORS))
        terms = ", ".join(self.top_terms(LABEL_TERMS))
        if actors and terms:
            return f"{actors}: {terms}"
        return actors or terms or self.id

    def trimmed_terms(self) -> dict[str, int]:
        """The :data:`KEEP_TERMS` most used terms (what is stored)."""
        ranked = sorted(self.terms.items(), key=lambda kv: (-kv[1], kv[0]))
        return dict(ranked[:KEEP_TERMS])


@dataclass(slots=True)
class StoriesReport:
    """What one story update did."""

    featurised: int = 0
    clustered: int = 0
    new_stories: int = 0
    joined: int = 0
    copies: int = 0
    stories_changed: int = 0
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "featurised": self.featurised,
            "clustered": self.clustered,
            "new_stories": self.new_stories,
            "joined": self.joined,
            "copies": self.copies,
            "stories_changed": self.stories_changed,
            "seconds": round(self.seconds, 3),
        }
