"""How hyperpartisan an article reads, 0..1 (``scores["hyperpartisan"]``).

A linear TF-IDF model trained by us on the SemEval-2019 Task 4 by-article training set
(:mod:`slant.train.hyperpartisan`), shipped as ``resources/models/hyperpartisan/model.json.gz``. It scores the
whole text (title included), quotes and all: the task labels whole articles.
"""

from __future__ import annotations

from typing import ClassVar

from slant.analyze.base import Component, Context
from slant.analyze.models._partisan_model import load_model, packaged_path


class PartisanComponent(Component):
    """Adds ``scores["hyperpartisan"]`` (probability that the article is hyperpartisan)."""

    name: ClassVar[str] = "slant.partisan.v1"
    requires: ClassVar[tuple[str, ...]] = ("doc",)
    provides: ClassVar[tuple[str, ...]] = ("scores",)

    def __init__(self) -> None:
        self.model = load_model(packaged_path("hyperpartisan"))

    def __call__(self, ctx: Context) -> None:
        text = f"{ctx.article.title or ''}\n\n{ctx.article.text}"
        scores = dict(ctx.data.get("scores", {}))
        scores["hyperpartisan"] = round(self.model.probability(text), 4)
        ctx.data["scores"] = scores
