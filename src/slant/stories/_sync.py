"""Keeping the store's stories up to date: features for new articles, then incremental clustering.

:func:`update` (``api.update_stories``, run at the end of ``api.analyze``):

1. computes and stores the features of clusterable articles that have none (new articles, and articles
   re-analysed since; see :data:`FEATURE_VERSION`);
2. takes the articles without a story in publication order, in chunks; for each chunk it loads the stories
   it may join (active within the time window of its articles, or, for undated articles, the
   :data:`UNDATED_STORIES` most recently updated ones) and the stored articles sharing a MinHash bucket
   with it, clusters the chunk, and writes the assignments and the changed stories in one transaction.

A crash loses at most the chunk in progress; running the update again continues.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from slant.models import Analysis
from slant.store.story_records import StoriesReport
from slant.stories._clusterer import StoryClusterer
from slant.stories._features import clusterable, features_for
from slant.stories._params import ClusterParams

if TYPE_CHECKING:  # the store imports this package's records: a run-time import would be a cycle
    from slant.store import Store

#: Version of the stored features: the embedding model and the feature rules. Rows of another version
#: are recomputed by the next update.
FEATURE_VERSION = "wordllama-l2-256/lead60/actors2"
#: Articles whose features are computed per transaction, and articles clustered per transaction.
FEATURE_CHUNK = 500
CLUSTER_CHUNK = 2000
#: Stories an undated article is compared with (the most recently updated ones).
UNDATED_STORIES = 50_000


def featurise(store: Store, ids: Sequence[str] | None = None) -> int:
    """Compute and store the features of clusterable articles that lack them; how many were computed."""
    todo = store.story_features_missing(FEATURE_VERSION, ids)
    done = 0
    for start in range(0, len(todo), FEATURE_CHUNK):
        done += _save_features(store, list(store.iter_analyses(todo[start : start + FEATURE_CHUNK])))
    return done


def featurise_written(store: Store, analyses: Sequence[Analysis]) -> int:
    """Like :func:`featurise` for analyses just written, from memory rather than read back; ``analyze``
    calls it after each batch so the features are computed while the workers still run."""
    missing = set(store.story_features_missing(FEATURE_VERSION, [a.article.id for a in analyses]))
    return _save_features(store, [a for a in analyses if a.article.id in missing])


def _save_features(store: Store, analyses: Sequence[Analysis]) -> int:
    kept = [a for a in analyses if clusterable(a)]
    if kept:
        store.save_story_features(features_for(kept), FEATURE_VERSION)
    return len(kept)


def update(store: Store, ids: Sequence[str] | None = None, params: ClusterParams | None = None) -> StoriesReport:
    """Cluster the stored articles (of ``ids``, or all) that have no story yet; see the module doc."""
    started = time.perf_counter()
    params = params or ClusterParams()
    report = StoriesReport(featurised=featurise(store, ids))
    todo = store.unassigned_articles(ids)
    clusterer = StoryClusterer(params)
    for start in range(0, len(todo), CLUSTER_CHUNK):
        part = todo[start : start + CLUSTER_CHUNK]
        feats = store.story_features([aid for aid, _ in part])
        _load_context(store, clusterer, feats, params)
        assignments = clusterer.add_many(feats)
        links: dict[str, tuple[str | None, str | None, float | None]] = {
            a.article_id: (a.story, a.copy_of, a.similarity) for a in assignments
        }
        for aid, (original, similarity) in clusterer.repointed.items():
            links.setdefault(aid, (None, original, similarity))
        clusterer.repointed.clear()
        touched = clusterer.take_touched()
        store.save_story_assignments(links, clusterer.states(sorted(touched)))
        report.clustered += len(assignments)
        report.new_stories += sum(a.new_story for a in assignments)
        report.copies += sum(a.copy_of is not None for a in assignments)
        report.joined += sum(not a.new_story and a.copy_of is None for a in assignments)
        report.stories_changed += len(touched)
    report.seconds = time.perf_counter() - started
    return report


def _load_context(store: Store, clusterer: StoryClusterer, feats: Sequence[Any], params: ClusterParams) -> None:
    """Load the stored stories and copy candidates this chunk may need into ``clusterer``."""
    from slant.store.story_records import story_id

    days = [f.days for f in feats if f.days is not None]
    undated = len(days) < len(feats)
    since = None if undated or not days else min(days) - params.window_days
    own = [story_id(f.article_id) for f in feats]  # stories these articles started before (re-clustering)
    limit = UNDATED_STORIES if undated else 10 * UNDATED_STORIES
    known = clusterer.index.by_id  # stories this run made or loaded are current already
    fresh = [s for s in store.story_states(since_days=since, limit=limit, ids=own) if s.id not in known]
    # in about the order one pass would have made them (it decides ties between equal scores)
    fresh.sort(key=lambda s: (s.first_days is None, s.first_days or 0.0, s.id))
    clusterer.load_stories(fresh)
    if params.copies:
        for row in store.copy_candidates(feats):
            if row["id"] not in clusterer.story_of:
                clusterer.preload_article(
                    row["id"], row["story"], signature=row["signature"], days=row["days"], copy_of=row["copy_of"]
                )


def rebuild(store: Store, params: ClusterParams | None = None) -> StoriesReport:
    """Forget every story and cluster all stored articles again from scratch."""
    store.clear_stories()
    return update(store, None, params)
