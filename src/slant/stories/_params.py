"""The clustering parameters (:class:`ClusterParams`): similarity weights, thresholds, the time window and
the candidate index's sizes; shared by the clusterer and its index.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from functools import lru_cache
from typing import Any

import numpy as np

from slant.clean.near_dups import DEFAULT_RULE, CopyRule
from slant.errors import ConfigError


@dataclass(frozen=True, slots=True)
class ClusterParams:
    """Story clustering settings. The defaults were tuned on SEESAW train+valid and on examples/
    (``docs/stories.md`` gives the figures); see :mod:`slant.stories._index` for the score.
    """

    #: Weight of the cosine between the article's lead embedding and the story centroid.
    embedding_weight: float = 1.0
    #: Weight of the share of the article's main actors that the story names.
    actor_weight: float = 0.6
    #: Weight of the time closeness ``exp(-gap / time_scale_days)`` (left out when undated).
    time_weight: float = 0.3
    #: Join the best story when the weighted score reaches this, else start a new story.
    threshold: float = 0.34
    #: Stories whose span is further than this from the article's time are not candidates.
    window_days: float = 10.0
    time_scale_days: float = 3.0
    #: Compare embeddings relative to the mean direction of the stories (0 = raw cosines); the mean is
    #: shrunk towards zero until this many stories exist, so a handful of articles compare as they are.
    center_prior: int = 30
    #: Embedding LSH: bands of ``band_bits`` random-hyperplane signs each.
    bands: int = 16
    band_bits: int = 10
    #: Entries read per posting list (actor key or LSH bucket): the most recently active stories.
    postings_cap: int = 24
    #: LSH buckets a story stays filed under: the distinct ones its originals posted most recently (each
    #: original posts ``bands``), at most this many. When a story is filed under a new bucket beyond the
    #: bound, it leaves the bucket it posted least recently. Part of the story's saved state, so it bounds
    #: what is stored per story; 128 clusters the 100k synthetic benchmark as an unbounded list does (64
    #: split a few more stories).
    story_codes: int = 128
    #: Main actors per article used for blocking and scoring.
    max_actor_keys: int = 8
    #: Seed of the LSH hyperplanes.
    seed: int = 7
    #: Whether near-duplicates are looked for.
    copies: bool = True
    copy_rule: CopyRule = field(default=DEFAULT_RULE)

    def __post_init__(self) -> None:
        for f in ("embedding_weight", "actor_weight", "time_weight"):
            if getattr(self, f) < 0:
                raise ConfigError(f"ClusterParams.{f} must be >= 0, not {getattr(self, f)}")
        if self.embedding_weight + self.actor_weight <= 0:
            raise ConfigError("ClusterParams needs a positive embedding_weight or actor_weight")
        if self.window_days <= 0 or self.time_scale_days <= 0:
            raise ConfigError("ClusterParams.window_days and time_scale_days must be positive")
        if self.center_prior < 0:
            raise ConfigError("ClusterParams.center_prior must be >= 0")
        if not 1 <= self.band_bits <= 30 or self.bands < 1 or self.postings_cap < 1 or self.story_codes < 1:
            raise ConfigError("ClusterParams: bands >= 1, 1 <= band_bits <= 30, postings_cap >= 1 and story_codes >= 1")

    def planes(self, dim: int) -> np.ndarray:
        """The SimHash hyperplanes for embeddings of width ``dim`` (cached)."""
        return _planes(dim, self.bands, self.band_bits, self.seed)

    def as_dict(self) -> dict[str, Any]:
        d = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "copy_rule"}
        d["copy_rule"] = asdict(self.copy_rule)
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ClusterParams:
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in d.items() if k in known and k != "copy_rule"}
        return cls(**values, copy_rule=CopyRule(**d.get("copy_rule", {})))


@lru_cache(maxsize=8)
def _planes(dim: int, bands: int, bits: int, seed: int) -> np.ndarray:
    return hyperplanes(dim, bands, bits, seed)


def hyperplanes(dim: int, bands: int, bits: int, seed: int) -> np.ndarray:
    """The fixed random hyperplanes (``dim`` x ``bands * bits``) of the SimHash LSH."""
    rng = np.random.default_rng(seed)
    planes: np.ndarray = rng.standard_normal((dim, bands * bits)).astype(np.float32)
    return planes
