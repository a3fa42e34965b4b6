"""A small linear text model: TF-IDF over word unigrams and bigrams, then logistic regression.

Pure numpy at run time. The weights ship as ``resources/models/hyperpartisan/model.json.gz`` (trained by
``python -m slant.train.hyperpartisan``); features are computed here, for training and run time alike.
"""

from __future__ import annotations

import gzip
import itertools
import json
import math
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from slant.errors import ModelError

_WORD = re.compile(r"[a-z][a-z'’-]*[a-z]|[a-z]|[!?]")


def tokens(text: str) -> list[str]:
    """Lower-cased words (apostrophes and hyphens kept inside), plus ``!`` and ``?`` as their own tokens."""
    return _WORD.findall(text.lower().replace("’", "'"))


def features(text: str) -> Counter[str]:
    """Term counts of unigrams and bigrams (bigrams joined with a space)."""
    toks = tokens(text)
    c: Counter[str] = Counter(toks)
    c.update(f"{a} {b}" for a, b in itertools.pairwise(toks))
    return c


@dataclass(frozen=True, slots=True)
class LinearTextModel:
    """Vocabulary, inverse document frequencies and logistic-regression weights."""

    index: Mapping[str, int]
    idf: npt.NDArray[np.float64]
    coef: npt.NDArray[np.float64]
    intercept: float
    card: Mapping[str, Any]
    #: ``terms[j]`` is the term of column ``j`` (the inverse of ``index``; empty means "build it").
    terms: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.terms:
            object.__setattr__(self, "terms", tuple(sorted(self.index, key=self.index.__getitem__)))

    def vector(self, text: str) -> tuple[list[int], npt.NDArray[np.float64]]:
        """The l2-normalised sublinear TF-IDF vector of ``text`` as (indices, values)."""
        idx: list[int] = []
        vals: list[float] = []
        for term, n in features(text).items():
            j = self.index.get(term)
            if j is not None:
                idx.append(j)
                vals.append((1.0 + math.log(n)) * float(self.idf[j]))
        v = np.array(vals, dtype=np.float64)
        norm = float(np.sqrt((v * v).sum()))
        return idx, (v / norm if norm else v)

    def probability(self, text: str) -> float:
        """P(positive class) for one text."""
        idx, v = self.vector(text)
        z = float(self.coef[idx] @ v) + self.intercept if idx else self.intercept
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))

    def top_terms(self, text: str, n: int = 5) -> list[tuple[str, float]]:
        """The terms of ``text`` that push the score up most (term, contribution)."""
        idx, v = self.vector(text)
        pairs = ((self.terms[j], float(self.coef[j] * x)) for j, x in zip(idx, v, strict=True))
        contrib = sorted(pairs, key=lambda p: -p[1])
        return [p for p in contrib[:n] if p[1] > 0]

    def to_json(self) -> dict[str, Any]:
        return {
            "card": dict(self.card),
            "terms": list(self.terms),
            "idf": [round(float(x), 5) for x in self.idf],
            "coef": [round(float(x), 6) for x in self.coef],
            "intercept": self.intercept,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> LinearTextModel:
        terms: Sequence[str] = data["terms"]
        return cls(
            index={t: i for i, t in enumerate(terms)},
            idf=np.array(data["idf"], dtype=np.float64),
            coef=np.array(data["coef"], dtype=np.float64),
            intercept=float(data["intercept"]),
            card=data.get("card", {}),
            terms=tuple(terms),
        )

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        with gzip.open(path, "wt", encoding="utf-8") as f:
            json.dump(self.to_json(), f, separators=(",", ":"))


def vocabulary(texts: Iterable[str], min_df: int, max_terms: int) -> tuple[dict[str, int], npt.NDArray[np.float64]]:
    """Terms seen in at least ``min_df`` texts (the ``max_terms`` most frequent) and their smoothed idf."""
    df: Counter[str] = Counter()
    n = 0
    for t in texts:
        n += 1
        df.update(features(t).keys())
    kept = sorted((t for t, c in df.items() if c >= min_df), key=lambda t: (-df[t], t))[:max_terms]
    index = {t: i for i, t in enumerate(sorted(kept))}
    idf = np.zeros(len(index), dtype=np.float64)
    for t, i in index.items():
        idf[i] = math.log((1 + n) / (1 + df[t])) + 1.0
    return index, idf


def packaged_path(name: str) -> Path:
    """``resources/models/<name>/model.json.gz`` (``hyperpartisan`` or ``bias``)."""
    return Path(str(resources.files("slant").joinpath(f"resources/models/{name}/model.json.gz")))


@lru_cache(maxsize=4)
def load_model(path: Path) -> LinearTextModel:
    """A saved linear model (cached per process)."""
    try:
        with gzip.open(path, "rt", encoding="utf-8") as f:
            return LinearTextModel.from_json(json.load(f))
    except (OSError, ValueError, KeyError) as exc:
        raise ModelError(f"the model {path} could not be loaded ({exc}); reinstall slant") from exc
