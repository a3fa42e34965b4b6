"""Stories: articles that tell the same story, grouped incrementally, with copies linked to their original.

Private modules: ``_clusterer`` (the incremental clusterer and :func:`cluster` in memory), ``_params``
(:class:`ClusterParams`), ``_features`` (per-article features), ``_index`` (blocked candidate search),
``_sync`` (keeping the store's stories up to date). The records stories are stored as (features, story
state) live in :mod:`slant.store.story_records`, so the store never imports this package.
"""

from __future__ import annotations

from slant.store.story_records import CLUSTERED_STATUSES, STORY_ACTORS, ArticleFeatures, StoriesReport, StoryState
from slant.stories._clusterer import Assignment, StoryClusterer, cluster, features_for, story_id
from slant.stories._params import ClusterParams
from slant.stories._sync import featurise_written
from slant.stories._sync import rebuild as rebuild_stored
from slant.stories._sync import update as update_stored

__all__ = [
    "CLUSTERED_STATUSES",
    "STORY_ACTORS",
    "ArticleFeatures",
    "Assignment",
    "ClusterParams",
    "StoriesReport",
    "StoryClusterer",
    "StoryState",
    "cluster",
    "features_for",
    "featurise_written",
    "rebuild_stored",
    "story_id",
    "update_stored",
]
