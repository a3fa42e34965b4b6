"""Stance in the accurate mode: the trained target-sentiment model behind the fast mode's aggregation.

:class:`ModelStanceComponent` is :class:`~slant.analyze.stance.StanceComponent` with its probabilities
from :class:`slant.nlp.target_sentiment.TargetSentimentModel` (imported when first needed, so the fast
mode never loads onnxruntime). Holders, quote exclusion, aggregation, thresholds and the evidence spans
(the rules' cues that agree with the model) are the fast mode's.

The model sees whole sentences, so for the author's items :class:`ModelScorer` replaces every quoted
stretch (the words outside the item's ``allowed`` ranges) with an ellipsis before scoring: quoted words
never count for the author in either mode. Speakers' items are scored on the full sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Protocol

from slant.analyze._stance_aggregate import complement
from slant.analyze._stance_types import Probs, TargetItem, TargetScorer
from slant.analyze.stance import StanceComponent

#: What a hidden (quoted) stretch becomes in the text the model sees.
MASK = "…"


class _Predictor(Protocol):
    def predict(self, items: Sequence[tuple[str, int, int]]) -> list[tuple[float, float, float]]: ...


def masked(item: TargetItem) -> tuple[str, int, int]:
    """The (sentence, start, end) the model sees for an item: quoted stretches hidden for the author."""
    if item.holder != "author" or item.allowed is None:
        return item.text, item.start, item.end
    parts: list[str] = []
    cur = shift = 0
    for s, e in complement(item.allowed, 0, len(item.text)):
        if s < item.end and item.start < e:
            continue  # never hide the target itself
        parts += [item.text[cur:s], MASK]
        if e <= item.start:
            shift += (e - s) - len(MASK)
        cur = e
    parts.append(item.text[cur:])
    return "".join(parts), item.start - shift, item.end - shift


class ModelScorer:
    """A :class:`TargetScorer` over the trained model (any object with ``predict`` on triples)."""

    def __init__(self, model: _Predictor | None = None) -> None:
        self._model = model

    @property
    def model(self) -> _Predictor:
        if self._model is None:
            from slant.nlp.target_sentiment import TargetSentimentModel

            self._model = TargetSentimentModel.shared()
        return self._model

    def score(self, items: Sequence[TargetItem]) -> list[Probs]:
        """(negative, neutral, positive) per item, from the model."""
        if not items:
            return []
        return [(float(a), float(b), float(c)) for a, b, c in self.model.predict([masked(it) for it in items])]


def model_scorer() -> ModelScorer:
    """The model scorer of the accurate mode (loads the packaged model on first use)."""
    return ModelScorer()


class ModelStanceComponent(StanceComponent):
    """Adds ``stances`` with the trained target-sentiment model as the per-sentence scorer."""

    name: ClassVar[str] = "slant.stance-model.v1"

    def __init__(self, scorer: TargetScorer | None = None) -> None:
        super().__init__(scorer if scorer is not None else ModelScorer())
