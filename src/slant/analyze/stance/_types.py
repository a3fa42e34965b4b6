"""The contract between stance aggregation and a per-sentence target scorer.

A :class:`TargetItem` is one target mention in one sentence, seen from one holder: the sentence text, the
target's span in it, the character ranges whose words may count for this holder (the author never counts
quoted words; a speaker counts only their own), the other actors' spans (competitors for the same cues),
and, for rule scorers, the spaCy sentence. A :class:`TargetScorer` turns items into probabilities of
(negative, neutral, positive) toward the target; the rule scorer here and the trained model of the
accurate mode both implement it, so the aggregation over an article is shared.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

#: (negative, neutral, positive) probabilities toward a target.
Probs = tuple[float, float, float]


@dataclass(frozen=True, slots=True)
class TargetItem:
    """One target mention in one sentence, for one holder.

    ``start``/``end`` and every range in ``allowed`` and ``others`` are character offsets into ``text``;
    ``offset`` is where ``text`` starts in the article. ``allowed=None`` means every word counts.
    ``sent`` is the spaCy ``Span`` (or ``Doc``) whose text is ``text``; a rule scorer parses ``text``
    itself when it is None. ``holder`` is ``"author"`` or the speaker's actor id (a model scorer hides the
    words outside ``allowed`` from the author's items only).
    """

    text: str
    start: int
    end: int
    allowed: tuple[tuple[int, int], ...] | None = None
    others: tuple[tuple[int, int], ...] = ()
    offset: int = 0
    sent: Any = None
    holder: str = "author"

    @property
    def sentence(self) -> str:
        """The sentence text (an alias of ``text`` for scorers that expect ``sentence``)."""
        return self.text

    @property
    def target(self) -> str:
        """The target's surface text."""
        return self.text[self.start : self.end]


@runtime_checkable
class TargetScorer(Protocol):
    """Scores the sentiment of each item's sentence toward its target (probabilities of neg, neu, pos)."""

    def score(self, items: Sequence[TargetItem]) -> list[Probs]:
        """One (negative, neutral, positive) triple per item, in order; each triple sums to 1."""
        ...


#: How a cue hangs on its target (:attr:`Cue.link`): ``"bound"``, an evaluation of the target mention
#: itself (a modifier or apposition of it, a predicate or action noun of which it is the subject or
#: possessor: "the ghastly X", "X, a disgrace", "X behaved shamefully", "X's courageous decision");
#: ``"patient"``, a negative event done to the target by no other actor ("X was sacked", "X's removal");
#: ``""``, anything else (reached by tree distance).
LINKS = ("bound", "patient", "")


@dataclass(frozen=True, slots=True)
class Cue:
    """A word or phrase that carried polarity toward a target: offsets into the item's text, the signed
    contribution it made after negation, intensity, role and distance, and how it hangs on the target
    (one of :data:`LINKS`)."""

    start: int
    end: int
    weight: float
    link: str = ""


def signed(p: Probs) -> float:
    """The signed score of a probability triple: P(positive) - P(negative), in -1..1."""
    return p[2] - p[0]
