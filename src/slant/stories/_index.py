"""The clusterer's index of stories: arrays of centroids and times, blocking postings, and scoring.

Blocking (what keeps the cost per article bounded, so the total grows about linearly with the corpus):

* an inverted index from actor key to the stories that recently gained a member naming it;
* random-hyperplane (SimHash) LSH on the lead embeddings: ``bands`` codes of ``band_bits`` signs each;
  a story is filed under the codes its originals posted, the ``story_codes`` most recently posted ones
  (:attr:`StoryIndex.codes`, saved with the story): past that bound, posting a new code unfiles the story
  from the code it posted least recently, so one pass and a saved-and-loaded index agree on them;
* every posting list is read only for its last ``postings_cap`` entries (the most recently active
  stories), and candidates further than ``window_days`` from the article's time are dropped.

Loading saved stories (:meth:`StoryIndex.load`) files each under its actor keys and its saved codes. While
no posting list has held more than ``postings_cap`` entries, the candidates are the same sets as in one
pass, so a loaded index continues exactly like one pass (the order of entries does not matter then). Past
the caps they can differ: a list keeps only the most recent entries, and a reload, which does not know
when each story posted each key, posts the stories in order of their last activity (``last_days``,
undated last), each once, and re-posts a story that one pass had already pushed off a list's end.

Scoring a candidate story ``s`` for an article ``a`` (weights from :class:`slant.stories.ClusterParams`)::

    score = (w_e * cos(a, centroid_s) + w_a * actors(a, s) + w_t * exp(-gap / time_scale)) / (w_e + w_a + w_t)

``cos`` is taken after removing the mean direction of the stories' unit centroids (each story counts
once, so a story that floods the news does not cancel itself out, and a story that has absorbed many
others, whose centroid drifts towards that mean, stops attracting everything). ``actors(a, s)`` averages,
over the article's main actors, the fraction of the story's originals that name the actor divided by the
number of stories naming it: an actor only this story names counts fully, one in every story hardly at
all. ``gap`` is the distance in days from the article's time to the story's first-to-last span; when the
article or the story has no date, the time term is left out of the sum and the weights.

The best candidate is found by branch and bound on the score's upper bound (the actor term is at most
1), so the actor overlap is computed for a few candidates only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from slant.store.story_records import KEEP_TERMS, StoryState
from slant.stories._params import ClusterParams


def simhash_keys(vectors: np.ndarray, planes: np.ndarray, bands: int, bits: int) -> np.ndarray:
    """Bucket keys (``len(vectors)`` x ``bands``, int64): band index in the high bits, sign pattern low."""
    signs = (vectors @ planes) > 0
    weights = (1 << np.arange(bits, dtype=np.int64))[None, None, :]
    codes = (signs.reshape(len(vectors), bands, bits).astype(np.int64) * weights).sum(axis=2)
    keys: np.ndarray = codes + (np.arange(bands, dtype=np.int64) << bits)[None, :]
    return keys


class StoryIndex:
    """Stories with their centroids, time spans, actor and term counts, and the blocking postings."""

    def __init__(self, params: ClusterParams, dim: int) -> None:
        self.p = params
        self.dim = dim
        self.ids: list[str] = []
        self.by_id: dict[str, int] = {}
        cap = 1024
        self.sums = np.zeros((cap, dim), dtype=np.float32)
        self.norms = np.zeros(cap, dtype=np.float32)
        self.first = np.full(cap, np.nan)
        self.last = np.full(cap, np.nan)
        self.n = np.zeros(cap, dtype=np.int64)
        #: Sum of the stories' unit centroids and how many stories have one: their mean is the direction
        #: all news shares, taken out before comparing (``_cosines``). A story counts once however big,
        #: so a story that floods the news does not cancel itself out.
        self.unit_sum = np.zeros(dim, dtype=np.float64)
        self.unit_n = 0
        self.size: list[int] = []
        self.copies: list[int] = []
        self.actors: list[dict[str, int]] = []
        self.salience: list[dict[str, float]] = []
        self.names: list[dict[str, str]] = []
        self.terms: list[dict[str, int]] = []
        self.story_df: dict[str, int] = {}
        self.postings: dict[str, list[int]] = {}
        self.buckets: dict[int, list[int]] = {}
        #: Each story's LSH bucket codes: distinct, least recently posted first, at most ``story_codes``.
        self.codes: list[list[int]] = []

    def __len__(self) -> int:
        return len(self.ids)

    # building ------------------------------------------------------------------------------------------

    def _grow(self) -> None:
        cap = len(self.norms) * 2
        for name, fill in (("sums", 0.0), ("norms", 0.0), ("first", np.nan), ("last", np.nan), ("n", 0)):
            old = getattr(self, name)
            new = np.full((cap, *old.shape[1:]), fill, dtype=old.dtype)
            new[: len(old)] = old
            setattr(self, name, new)

    def new_story(self, sid: str) -> int:
        """Append an empty story; its index."""
        i = len(self.ids)
        if i >= len(self.norms):
            self._grow()
        self.ids.append(sid)
        self.by_id[sid] = i
        for lst in (self.size, self.copies):
            lst.append(0)
        self.actors.append({})
        self.salience.append({})
        self.names.append({})
        self.terms.append({})
        self.codes.append([])
        return i

    def load(self, states: Sequence[StoryState]) -> list[int]:
        """Add stored stories, not in the index yet, in the given order (their creation order, which
        decides ties between equal scores); their indices. The stories are then filed under their actor
        keys and saved bucket codes in order of last activity (see the module doc for what a reload keeps
        of one pass)."""
        ids = [s.id for s in states]
        if len(set(ids)) < len(ids) or any(sid in self.by_id for sid in ids):
            raise ValueError("stories to load must be new to the index and distinct")
        added = [self._restore(state) for state in states]
        last = self.last
        for i in sorted(added, key=lambda i: (bool(np.isnan(last[i])), float(np.nan_to_num(last[i])), i)):
            for key in self.actors[i]:
                self._post(self.postings, key, i)
            for code in self.codes[i]:
                self._post(self.buckets, code, i)
        return added

    def _restore(self, state: StoryState) -> int:
        i = self.new_story(state.id)
        self.sums[i] = state.centroid
        self.norms[i] = float(np.linalg.norm(state.centroid))
        self.first[i] = np.nan if state.first_days is None else state.first_days
        self.last[i] = np.nan if state.last_days is None else state.last_days
        self.n[i], self.size[i], self.copies[i] = state.n, state.size, state.copies
        if self.norms[i] > 0:
            self.unit_sum += self.sums[i] / self.norms[i]
            self.unit_n += 1
        self.actors[i] = dict(state.actors)
        self.salience[i] = dict(state.salience)
        self.names[i] = dict(state.names)
        self.terms[i] = dict(state.terms)
        for key in state.actors:
            self.story_df[key] = self.story_df.get(key, 0) + 1
        codes = list(dict.fromkeys(int(c) for c in state.codes))
        self.codes[i] = codes[max(0, len(codes) - self.p.story_codes) :]
        return i

    def state(self, i: int) -> StoryState:
        """The record of story ``i``."""
        first, last = float(self.first[i]), float(self.last[i])
        return StoryState(
            id=self.ids[i],
            centroid=self.sums[i].copy(),
            n=int(self.n[i]),
            size=self.size[i],
            copies=self.copies[i],
            actors=dict(self.actors[i]),
            salience=dict(self.salience[i]),
            names=dict(self.names[i]),
            terms=dict(self.terms[i]),
            first_days=None if math.isnan(first) else first,
            last_days=None if math.isnan(last) else last,
            codes=list(self.codes[i]),
        )

    def _post(self, table: dict[int, list[int]] | dict[str, list[int]], key: int | str, i: int) -> None:
        lst = table.setdefault(key, [])  # type: ignore[arg-type]
        if lst and lst[-1] == i:
            return
        lst.append(i)
        if len(lst) > 2 * self.p.postings_cap:
            del lst[: -self.p.postings_cap]

    def _file(self, i: int, codes: Sequence[int]) -> None:
        """File story ``i`` under an original's bucket codes, and keep its ``story_codes`` most recently
        posted ones: a code that falls out is unfiled, as if the story had never posted it."""
        if not codes:
            return
        for code in codes:
            self._post(self.buckets, code, i)
        posted = set(codes)
        kept = [c for c in self.codes[i] if c not in posted]
        kept.extend(dict.fromkeys(codes))
        over = len(kept) - self.p.story_codes
        if over > 0:
            for code in kept[:over]:
                lst = self.buckets.get(code)
                if lst is not None and i in lst:
                    lst[:] = [s for s in lst if s != i]
                    if not lst:
                        del self.buckets[code]
            del kept[:over]
        self.codes[i] = kept

    def add_original(
        self,
        i: int,
        vector: np.ndarray,
        codes: Sequence[int],
        actors: Sequence[tuple[str, str]],
        terms: Sequence[str],
        days: float | None,
    ) -> None:
        """Fold an original article into story ``i``: centroid, time span, actor and term counts, postings."""
        if self.norms[i] > 0:
            self.unit_sum -= self.sums[i] / self.norms[i]
        else:
            self.unit_n += 1
        self.sums[i] += vector
        self.norms[i] = float(np.linalg.norm(self.sums[i]))
        if self.norms[i] > 0:
            self.unit_sum += self.sums[i] / self.norms[i]
        else:
            self.unit_n -= 1
        self.n[i] += 1
        self.size[i] += 1
        self._extend_time(i, days)
        counts, names, salience = self.actors[i], self.names[i], self.salience[i]
        for rank, (key, name) in enumerate(actors):
            if key not in counts:
                counts[key] = 0
                self.story_df[key] = self.story_df.get(key, 0) + 1
            counts[key] += 1
            salience[key] = salience.get(key, 0.0) + 1.0 / (1 + rank)
            old = names.get(key)
            if old is None or len(name) > len(old):
                names[key] = name
            self._post(self.postings, key, i)
        term_counts = self.terms[i]
        for t in terms:
            term_counts[t] = term_counts.get(t, 0) + 1
        if len(term_counts) > 4 * KEEP_TERMS:
            keep = sorted(term_counts.items(), key=lambda kv: (-kv[1], kv[0]))[:KEEP_TERMS]
            self.terms[i] = dict(keep)
        self._file(i, codes)

    def add_copy(self, i: int, days: float | None) -> None:
        """Count a near-duplicate in story ``i`` (copies do not move the centroid or the counts)."""
        self.size[i] += 1
        self.copies[i] += 1
        self._extend_time(i, days)

    def _extend_time(self, i: int, days: float | None) -> None:
        if days is None:
            return
        if math.isnan(self.first[i]) or days < self.first[i]:
            self.first[i] = days
        if math.isnan(self.last[i]) or days > self.last[i]:
            self.last[i] = days

    # searching -----------------------------------------------------------------------------------------

    def candidates(self, keys: Sequence[str], codes: Sequence[int], days: float | None) -> np.ndarray:
        """Story indices sharing an actor key or an embedding bucket with the article, within the window."""
        cap = self.p.postings_cap
        found: set[int] = set()
        for key in keys:
            lst = self.postings.get(key)
            if lst:
                found.update(lst[-cap:])
        for code in codes:
            lst_b = self.buckets.get(code)
            if lst_b:
                found.update(lst_b[-cap:])
        if not found:
            return np.zeros(0, dtype=np.int64)
        cand = np.fromiter(found, dtype=np.int64, count=len(found))
        cand.sort()
        if days is not None:
            gap = self._gaps(cand, days)
            cand = cand[np.isnan(gap) | (gap <= self.p.window_days)]
        return cand

    def _gaps(self, cand: np.ndarray, days: float) -> np.ndarray:
        first, last = self.first[cand], self.last[cand]
        gap: np.ndarray = np.maximum(0.0, np.maximum(first - days, days - last))  # nan where undated
        return gap

    def _cosines(self, cand: np.ndarray, vector: np.ndarray) -> np.ndarray:
        """Cosine of ``vector`` with each candidate's centroid, both taken relative to the mean of the
        stories' unit centroids when ``center_prior`` is set (that mean shrunk towards zero while fewer
        than ``center_prior`` stories exist, so a handful of articles are compared as they are)."""
        p = self.p
        if not p.center_prior:
            norms = self.norms[cand]
            cos: np.ndarray = np.divide(
                self.sums[cand] @ vector, norms, out=np.zeros(len(cand), dtype=np.float32), where=norms > 0
            )
            return cos
        mean = (self.unit_sum / max(self.unit_n, p.center_prior)).astype(np.float32)
        norms = np.maximum(self.norms[cand], 1e-12)[:, None]
        centroids = self.sums[cand] / norms - mean
        v = vector - mean
        dots = centroids @ v
        scale = np.linalg.norm(centroids, axis=1) * float(np.linalg.norm(v))
        cos = np.divide(dots, scale, out=np.zeros(len(cand), dtype=np.float32), where=scale > 1e-9)
        return cos

    def best(
        self, cand: np.ndarray, vector: np.ndarray, keys: Sequence[str], days: float | None
    ) -> tuple[int, float] | None:
        """The best-scoring candidate and its score; None when no candidate can reach the threshold."""
        if len(cand) == 0:
            return None
        p = self.p
        cos = self._cosines(cand, vector)
        if days is None:
            time_w = np.zeros(len(cand))
            time_s = np.zeros(len(cand))
        else:
            gap = self._gaps(cand, days)
            dated = ~np.isnan(gap)
            time_w = np.where(dated, p.time_weight, 0.0)
            time_s = np.exp(-np.where(dated, gap, 0.0) / p.time_scale_days) * dated
        total = p.embedding_weight + p.actor_weight + time_w
        partial = p.embedding_weight * cos + time_w * time_s
        # Branch and bound: the actor term is at most 1, so (partial + actor_weight) / total bounds each
        # score. Candidates are scored in decreasing order of that bound, and the search stops once no
        # remaining candidate can reach the threshold or beat the best score (ties: the lower index, as
        # in a full argmax).
        bound = (partial + p.actor_weight) / total
        scored = p.actor_weight > 0 and bool(keys)
        if scored:
            weight = {k: 1.0 / max(1, self.story_df.get(k, 0)) for k in keys}
            wsum = float(len(keys))
            wanted = weight.keys()
        best_j, best_score = -1, -math.inf
        for j in np.argsort(-bound, kind="stable").tolist():
            limit = float(bound[j])
            if limit < p.threshold or limit < best_score:
                break
            act = 0.0
            if scored:
                s = int(cand[j])
                counts = self.actors[s]
                shared = wanted & counts.keys()
                if shared:
                    act = sum(weight[k] * counts[k] for k in shared) / (wsum * max(1, int(self.n[s])))
            score = float((partial[j] + p.actor_weight * act) / total[j])
            if score > best_score or (score == best_score and cand[j] < cand[best_j]):
                best_j, best_score = j, score
        if best_j < 0:
            return None
        return int(cand[best_j]), best_score
