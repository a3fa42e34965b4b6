"""Stories: articles grouped by the event they tell, and near-duplicate copies, found incrementally.

Each article is reduced to features (:mod:`slant.stories._features`: the lead's embedding, the main actors,
the publication time, the title terms, a MinHash signature of the text). A single pass takes the articles
in publication order (undated ones last, ties in the order given):

1. a near-duplicate of an earlier article (:class:`slant.clean.near_dups.CopyFinder`) joins its original's
   story as a copy, and does not change the story;
2. otherwise the candidate stories come from blocking (shared actor keys, shared embedding LSH buckets,
   within a time window; :mod:`slant.stories._index`), each is scored against the article, and the article
   joins the best one when the score reaches ``threshold``, else it starts a story of its own.

Work per article is bounded by the posting caps, so clustering ``n`` articles costs about ``O(n)``
(``slant bench clustering`` measures it). The clusterer is incremental: its state can be saved and loaded
(or kept in the store), and a later run continues from it.

>>> from slant.stories import cluster
>>> stories = cluster(analyses)  # doctest: +SKIP
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from slant.clean.near_dups import CopyFinder, Signature
from slant.models import Analysis, Story
from slant.nlp.embed import DIM
from slant.store.story_records import ArticleFeatures, StoryState, story_id
from slant.stories._features import clusterable, features_for
from slant.stories._index import StoryIndex, simhash_keys
from slant.stories._params import ClusterParams

__all__ = [
    "ArticleFeatures",
    "Assignment",
    "ClusterParams",
    "StoryClusterer",
    "StoryState",
    "cluster",
    "features_for",
    "story_id",
]


@dataclass(frozen=True, slots=True)
class Assignment:
    """Where one article went: its story, the original it copies (if any), and why."""

    article_id: str
    story: str
    copy_of: str | None = None
    #: Estimated Jaccard similarity to the original, for a copy.
    similarity: float | None = None
    #: The winning score when the article joined an existing story (None for a copy or a new story).
    score: float | None = None
    new_story: bool = False


class StoryClusterer:
    """Incremental single-pass story clustering (see the module doc).

    Feed articles with :meth:`add` (one at a time, in publication order) or :meth:`add_many` (sorts them);
    read the stories back with :meth:`states`. :meth:`save` and :meth:`load` keep the state in a file;
    :meth:`load_stories` and :meth:`preload_article` take it from the store instead.
    """

    def __init__(self, params: ClusterParams | None = None, dim: int = DIM) -> None:
        self.params = params or ClusterParams()
        self.dim = dim
        self.index = StoryIndex(self.params, dim)
        self.finder = CopyFinder(self.params.copy_rule)
        #: Article id -> story id, for every article added or preloaded.
        self.story_of: dict[str, str] = {}
        #: Copies whose original changed because an older article arrived later: copy -> (original, sim).
        self.repointed: dict[str, tuple[str, float]] = {}
        #: Story ids touched since the last :meth:`take_touched`.
        self.touched: set[str] = set()
        self._planes = self.params.planes(dim)

    def __len__(self) -> int:
        return len(self.index)

    # state -----------------------------------------------------------------------------------------------

    def load_story(self, state: StoryState) -> None:
        """Continue a stored story (one not loaded or made yet)."""
        self.index.load([state])

    def load_stories(self, states: Sequence[StoryState]) -> None:
        """Continue stored stories (none loaded or made yet), given in creation order; see
        :meth:`slant.stories._index.StoryIndex.load` for what a reload keeps of one pass."""
        self.index.load(states)

    def preload_article(
        self,
        article_id: str,
        story: str,
        *,
        signature: Signature | None = None,
        days: float | None = None,
        copy_of: str | None = None,
    ) -> None:
        """Make a stored article known (its story, and its signature so later copies of it are found)."""
        self.story_of[article_id] = story
        if signature is not None and self.params.copies:
            self.finder.add_signature(article_id, signature, days, known_original=copy_of)
            self.finder.take_changed()

    def states(self, ids: Iterable[str] | None = None) -> list[StoryState]:
        """The stories (all, or those with these ids), in creation order."""
        if ids is None:
            return [self.index.state(i) for i in range(len(self.index))]
        return [self.index.state(self.index.by_id[s]) for s in ids if s in self.index.by_id]

    def take_touched(self) -> set[str]:
        """Ids of the stories changed since the last call (and forget them)."""
        out, self.touched = self.touched, set()
        return out

    # clustering ------------------------------------------------------------------------------------------

    def add_many(self, items: Sequence[ArticleFeatures]) -> list[Assignment]:
        """Add articles in publication order (undated last; ties keep the given order); one assignment each,
        in that processing order."""
        order = sorted(range(len(items)), key=lambda i: (items[i].days is None, items[i].days or 0.0, i))
        codes = self._codes([items[i].embedding for i in order])
        return [self.add(items[i], codes=codes[n]) for n, i in enumerate(order)]

    def _codes(self, vectors: Sequence[np.ndarray]) -> list[list[int]]:
        if not vectors:
            return []
        matrix = np.asarray(vectors, dtype=np.float32).reshape(len(vectors), self.dim)
        keys = simhash_keys(matrix, self._planes, self.params.bands, self.params.band_bits)
        zero = [not row.any() for row in matrix]
        return [[] if zero[n] else row for n, row in enumerate(keys.tolist())]

    def add(self, item: ArticleFeatures, *, codes: Sequence[int] | None = None) -> Assignment:
        """Place one article: as a copy of an earlier one, into the best story, or into a new story."""
        aid = item.article_id
        if aid in self.story_of:
            return Assignment(aid, self.story_of[aid], self.finder.copy_of.get(aid))
        original: str | None = None
        similarity: float | None = None
        joined: str | None = None
        if item.signature is not None and self.params.copies:
            original, similarity = self.finder.add_signature(aid, item.signature, item.days)
            moved = self.finder.take_changed() - {aid}
            for m in moved:
                self.repointed[m] = (self.finder.copy_of[m], self.finder.similarity[m])
            if original is None and moved:  # an older original of an existing group: join its story
                joined = self.story_of.get(next(iter(sorted(moved))))
        if original is not None:
            sid = self.story_of[original]
            i = self.index.by_id.get(sid)
            if i is not None:
                self.index.add_copy(i, item.days)
            self._assign(aid, sid)
            return Assignment(aid, sid, original, similarity)
        if joined is not None and joined not in self.index.by_id:  # that story is stored but not loaded
            self._assign(aid, joined)
            return Assignment(aid, joined)
        if codes is None:
            codes = self._codes([item.embedding])[0]
        keys = [k for k, _ in item.actors[: self.params.max_actor_keys]]
        score: float | None = None
        if joined is not None:
            i = self.index.by_id[joined]
        else:
            cand = self.index.candidates(keys, codes, item.days)
            found = self.index.best(cand, item.embedding, keys, item.days)
            if found is not None and found[1] >= self.params.threshold:
                i, score = found
            else:
                i = -1
        new = i < 0
        if new:
            sid = story_id(aid)
            i = self.index.by_id.get(sid, -1)  # the article started this story before (re-clustered)
            if i < 0:
                i = self.index.new_story(sid)
        actors = item.actors[: self.params.max_actor_keys]
        self.index.add_original(i, item.embedding, codes, actors, item.title_terms, item.days)
        sid = self.index.ids[i]
        self._assign(aid, sid)
        return Assignment(aid, sid, None, None, score, new)

    def _assign(self, aid: str, sid: str) -> None:
        self.story_of[aid] = sid
        self.touched.add(sid)

    # saving ----------------------------------------------------------------------------------------------

    def save(self, path: str | Path) -> None:
        """Write the whole state (stories, article links, signatures) to ``path`` (a ``.npz`` file)."""
        states = self.states()
        signed = self.finder.signatures()
        meta = {
            "params": self.params.as_dict(),
            "dim": self.dim,
            "stories": [_state_meta(s) for s in states],
            "story_of": self.story_of,
            "copy_of": self.finder.copy_of,
            "similarity": self.finder.similarity,
            "signed": [[aid, days] for aid, _, days in signed],
        }
        blobs = [sig.to_bytes() for _, sig, _ in signed]
        centroids = np.asarray([s.centroid for s in states], dtype=np.float32).reshape(len(states), self.dim)
        with Path(path).open("wb") as fh:
            np.savez_compressed(
                fh,
                meta=np.frombuffer(json.dumps(meta).encode("utf-8"), np.uint8),
                centroids=centroids,
                signatures=np.frombuffer(b"".join(blobs), np.uint8),
                signature_size=np.asarray([len(blobs[0]) if blobs else 0]),
            )

    @classmethod
    def load(cls, path: str | Path) -> StoryClusterer:
        """A clusterer continuing the state :meth:`save` wrote."""
        with np.load(Path(path)) as data:
            meta = json.loads(data["meta"].tobytes().decode("utf-8"))
            centroids, blob, size = data["centroids"], data["signatures"].tobytes(), int(data["signature_size"][0])
        self = cls(ClusterParams.from_dict(meta["params"]), int(meta["dim"]))
        self.load_stories([_state_from_meta(d, c) for d, c in zip(meta["stories"], centroids, strict=True)])
        copy_of: dict[str, str] = meta["copy_of"]
        for n, (aid, days) in enumerate(meta["signed"]):
            sig = Signature.from_bytes(blob[n * size : (n + 1) * size])
            self.finder.add_signature(aid, sig, days, known_original=copy_of.get(aid))
        self.finder.copy_of = dict(copy_of)
        self.finder.similarity = {k: float(v) for k, v in meta["similarity"].items()}
        self.finder.take_changed()
        self.story_of = dict(meta["story_of"])
        return self


def _state_meta(s: StoryState) -> dict[str, Any]:
    return {
        "id": s.id, "n": s.n, "size": s.size, "copies": s.copies, "actors": s.actors, "salience": s.salience,
        "names": s.names,
        "terms": s.terms, "first_days": s.first_days, "last_days": s.last_days, "codes": s.codes,
    }  # fmt: skip


def _state_from_meta(d: dict[str, Any], centroid: np.ndarray) -> StoryState:
    return StoryState(
        id=d["id"], centroid=np.asarray(centroid, dtype=np.float32), n=d["n"], size=d["size"],
        copies=d["copies"], actors=d["actors"], salience=d.get("salience", {}), names=d["names"], terms=d["terms"],
        first_days=d["first_days"], last_days=d["last_days"], codes=[int(c) for c in d["codes"]],
    )  # fmt: skip


def build_stories(
    assignments: Sequence[Assignment],
    states: Sequence[StoryState],
    published: dict[str, tuple[float | None, str | None]],
    order: dict[str, int],
) -> list[Story]:
    """:class:`Story` records from assignments: members in publication order (undated last, then ``order``),
    copies mapped to their originals, stories sorted by their first member."""
    by_story: dict[str, list[str]] = {}
    copies: dict[str, str] = {}
    for a in assignments:
        by_story.setdefault(a.story, []).append(a.article_id)
        if a.copy_of is not None:
            copies[a.article_id] = a.copy_of
    state_of = {s.id: s for s in states}

    def when(aid: str) -> tuple[bool, float, int]:
        days = published.get(aid, (None, None))[0]
        return (days is None, days if days is not None else 0.0, order.get(aid, 0))

    out = []
    for sid, members in by_story.items():
        members.sort(key=when)
        dated = [m for m in members if published.get(m, (None, None))[0] is not None]
        state = state_of.get(sid)
        out.append(
            Story(
                id=sid,
                label=state.label if state else sid,
                articles=tuple(members),
                copies=tuple((c, copies[c]) for c in members if c in copies),
                actors=tuple(state.top_actors()) if state else (),
                terms=tuple(state.top_terms()) if state else (),
                first_published=published[dated[0]][1] if dated else None,
                last_published=published[dated[-1]][1] if dated else None,
            )
        )
    out.sort(key=lambda s: when(s.articles[0]))
    return out


def cluster(analyses: Sequence[Analysis], params: ClusterParams | None = None) -> list[Story]:
    """Group analysed articles into stories and find their copies, in memory (nothing is stored).

    Articles that were analysed or skipped only for their language take part; others are left out. Ties in
    publication time (and undated articles) keep the order given, which decides which of two identical
    undated texts is the original. Story ids are stable: ``"s"`` + 12 hex of a hash of the story's first
    original article id.
    """
    todo = [a for a in analyses if clusterable(a)]
    seen: set[str] = set()
    unique = [a for a in todo if not (a.article.id in seen or seen.add(a.article.id))]  # type: ignore[func-returns-value]
    feats = features_for(unique)
    clusterer = StoryClusterer(params)
    assignments = clusterer.add_many(feats)
    published = {f.article_id: (f.days, f.published) for f in feats}
    order = {a.article.id: n for n, a in enumerate(unique)}
    return build_stories(assignments, clusterer.states(), published, order)
