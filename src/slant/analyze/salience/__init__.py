"""Salience: which actors the article is about (``slant.salience.v1``).

Each actor gets ``salience``, the learned probability that a careful reader lists it among the article's
two to four main actors, from where and how often the article names it, whether it is in the title or the
lead, the subject of its clauses, quoted, or in relations (:mod:`._features`). The model is a logistic regression trained on our
labelled real pages (``python -m slant.train.salience``; ``resources/models/salience/model.json``). The
component runs last: actors are listed most salient first, and stances follow the same order (the
author's first), so the rows that matter lead and every row is kept.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

from slant.analyze.base import Component, Context
from slant.analyze.common import Linear, read_model
from slant.analyze.salience._features import salience_features, subject_counts
from slant.models import Actor, Stance

#: The model's classes, in the order of its columns.
CLASSES = ("other", "main")
#: The components whose output the features read (what the trainer runs).
COMPONENTS = ("slant.actors.v12", "slant.quotes.v10", "slant.relations.v3")


@dataclass(frozen=True)
class SalienceModel:
    """P(main) of an actor from its salience features."""

    linear: Linear
    card: dict[str, Any]

    def scores(self, rows: Sequence[Mapping[str, float]]) -> list[float]:
        """P(main) of each row of features."""
        if not rows:
            return []
        return [float(p[1]) for p in self.linear.probs(rows)]

    def to_json(self) -> dict[str, Any]:
        return {"model": self.linear.to_json(), "card": self.card}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SalienceModel:
        return cls(
            Linear.from_json(data["model"], CLASSES, "salience model", "slant.train.salience"), dict(data["card"])
        )


def packaged_path() -> Path:
    """``resources/models/salience/model.json``."""
    return Path(str(resources.files("slant").joinpath("resources/models/salience/model.json")))


@lru_cache(maxsize=2)
def load_salience(path: Path) -> SalienceModel:
    """A saved salience model (cached per process)."""
    return read_model(path, SalienceModel.from_json, "salience model", "python -m slant.train.salience")


def features_of(ctx: Context) -> dict[str, dict[str, float]]:
    """The salience features of every actor of an analysed context, by id."""
    d = ctx.data
    actors = tuple(d.get("actors", ()))
    return salience_features(
        actors,
        d.get("quotes", ()),
        d.get("relations", ()),
        ctx.article.title or "",
        len(ctx.article.text),
        subject_counts(ctx.doc, actors),
    )


def rank_by_salience(
    actors: Sequence[Actor], stances: Sequence[Stance], salience: Mapping[str, float]
) -> tuple[tuple[Actor, ...], tuple[Stance, ...]]:
    """Actors with their salience, most salient first, and stances in the same order, the author's first
    (both stable: ties keep the order they came in)."""
    ranked = sorted(
        (replace(a, salience=round(salience.get(a.id, 0.0), 3)) for a in actors),
        key=lambda a: -(a.salience or 0.0),
    )
    order = {a.id: n for n, a in enumerate(ranked)}
    tail = len(order)
    return tuple(ranked), tuple(sorted(stances, key=lambda s: (s.holder != "author", order.get(s.target, tail))))


class SalienceComponent(Component):
    """Sets each actor's salience and lists actors and stances most salient first."""

    name: ClassVar[str] = "slant.salience.v1"
    requires: ClassVar[tuple[str, ...]] = ("doc", "actors", "quotes", "relations", "stances")
    provides: ClassVar[tuple[str, ...]] = ("actors", "stances")

    def __init__(self, model: SalienceModel | None = None) -> None:
        self.model = model or load_salience(packaged_path())

    def __call__(self, ctx: Context) -> None:
        d = ctx.data
        actors = tuple(d.get("actors", ()))
        feats = features_of(ctx)
        scores = dict(zip((a.id for a in actors), self.model.scores([feats[a.id] for a in actors]), strict=True))
        d["actors"], d["stances"] = rank_by_salience(actors, tuple(d.get("stances", ())), scores)


__all__ = [
    "CLASSES",
    "COMPONENTS",
    "SalienceComponent",
    "SalienceModel",
    "features_of",
    "load_salience",
    "packaged_path",
    "rank_by_salience",
    "salience_features",
    "subject_counts",
]
