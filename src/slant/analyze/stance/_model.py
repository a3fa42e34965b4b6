"""Stance in the accurate mode: the trained target-sentiment model behind the fast mode's aggregation.

:class:`ModelStanceComponent` is :class:`~slant.analyze.stance.StanceComponent` with its probabilities
from :class:`slant.nlp.target_sentiment.TargetSentimentModel` (imported when first needed, so the fast
mode never loads onnxruntime). Holders, quote exclusion, aggregation, thresholds and the evidence spans
(the rules' cues that agree with the model) are the fast mode's.

The model sees whole sentences, so for the author's items :class:`ModelScorer` replaces every quoted
stretch (the words outside the item's ``allowed`` ranges) with an ellipsis before scoring: quoted words
never count for the author in either mode. Speakers' items are scored on the full sentence.

The model learnt news (NewsMTSC) and misses opinion writing's blunt verdicts ("the ghastly X" comes out
neutral), so :class:`BoundCueScorer` joins it with the rules' most reliable evidence, the cues *bound* to
the target mention (``Cue.link == "bound"``: a modifier or apposition of it, a predicate of which it is the
subject, an action noun it possesses). When their signed sum reaches :data:`BOUND_MIN` (on NewsMTSC train,
rule side only, such cues give the gold polarity for 86% of the targets they cover), the item's
probabilities are the rules' for that sum unless the model is already at least as sure of the same side.
In an article (``event_factor < 1``, as in the fast mode) the model's negative mass is also weakened when
the strongest negative cue hanging on the target is a harm *done to* it by no named actor ("X was removed", "X's
removal"): NewsMTSC labels such sentences negative (95% of them on train), but they are weak evidence of the
author's stance.

In an article a **speaker's** items (issue 3) follow the rule cues in the speaker's own words wherever
there are any besides a harm done to the target (the model sees the whole sentence, the author's framing included, and misreads praise
beside a harm: "Pike was 'an honest man who has been put through hell'"); elsewhere the model's
probabilities stand.

In an article the **author's** items are decided differently (issue 3: the model, trained on news sentences,
leans positive on neutral biographical sentences and cannot see sarcasm, concession or contrast): wherever
the rules find a cue for the item (or a rhetorical frame changed its cues) the rules' probabilities stand;
elsewhere the model's signed score counts only above :data:`AUTHOR_MARGIN`, rescaled from there to 1
(``sign(s) * (|s| - margin) / (1 - margin)``), and is neutral below it. The margin is the smallest in steps
of 0.05 at which the model changed no author row of the development set (``stance.jsonl``) or the
examples for the worse (0.75), plus one step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Protocol

from slant.analyze.base import Context
from slant.analyze.stance._acts import act_quotes, find_acts
from slant.analyze.stance._aggregate import aggregate, author_signals, build_items, complement
from slant.analyze.stance._component import EVENT_FACTOR, StanceComponent, judge_article, straight_reporting
from slant.analyze.stance._rules import RuleScorer, probs_from_raw
from slant.analyze.stance._tree import Judgement
from slant.analyze.stance._types import Probs, TargetItem, TargetScorer, signed
from slant.nlp.spans import doc_text

#: What a hidden (quoted) stretch becomes in the text the model sees.
MASK = "…"
#: |signed sum of bound cues| from which they decide an item (a single strong evaluative word: "ghastly").
BOUND_MIN = 1.5
#: |P(pos) - P(neg)| the model must exceed to move an author item without rule cues off neutral (articles).
AUTHOR_MARGIN = 0.8


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


class BoundCueScorer:
    """A :class:`TargetScorer`: the model's probabilities, decided by bound rule cues where they are strong.

    ``event_factor`` < 1 (articles) also weakens the model's negative mass for items whose strongest
    negative cue hanging on the target (bound or patient) is a harm done to it; 1 (single news sentences, NewsMTSC) leaves it alone.
    """

    def __init__(
        self,
        model: TargetScorer | None = None,
        rules: RuleScorer | None = None,
        bound_min: float = BOUND_MIN,
        event_factor: float = 1.0,
    ) -> None:
        self.model: TargetScorer = model if model is not None else ModelScorer()
        self.rules = rules if rules is not None else RuleScorer()
        self.bound_min = bound_min
        self.event_factor = event_factor

    def score(self, items: Sequence[TargetItem]) -> list[Probs]:
        """(negative, neutral, positive) per item: one model call and one rule pass over all items."""
        if not items:
            return []
        return self.combine(self.model.score(items), self.rules.judge(items), [it.holder for it in items])

    def combine(
        self, probs: Sequence[Probs], judged: Sequence[Judgement], holders: Sequence[str] | None = None
    ) -> list[Probs]:
        """The model's probabilities of each item adjusted by the rules' judgement of it (for the author's
        items in an article, see the module docstring)."""
        holders = holders if holders is not None else ["?"] * len(judged)
        return [
            self._author(p, j)
            if self.event_factor < 1 and h == "author"
            else self._speaker(p, j)
            if self.event_factor < 1 and h != "?"
            else self._one(p, j)
            for p, j, h in zip(probs, judged, holders, strict=True)
        ]

    def _speaker(self, p: Probs, j: Judgement) -> Probs:
        if j.frames or (j.raw and any(c.link != "patient" for c in j.cues)):
            return probs_from_raw(j.raw, self.rules.threshold)  # the speaker's own judgements decide
        return self._one(p, j)  # a harm done to the target ("X was sacked") only weakens the model

    def _author(self, p: Probs, j: Judgement) -> Probs:
        if j.frames or j.raw:
            return probs_from_raw(j.raw, self.rules.threshold)  # the rules' cues (and frames) override
        s = signed(p)
        m = max(0.0, abs(s) - AUTHOR_MARGIN) / (1.0 - AUTHOR_MARGIN)
        return (m, 1.0 - m, 0.0) if s < 0 else (0.0, 1.0 - m, m)

    def _one(self, p: Probs, j: Judgement) -> Probs:
        bound = sum(c.weight for c in j.cues if c.link == "bound")
        if abs(bound) >= self.bound_min:
            q = probs_from_raw(bound, self.rules.threshold)
            return p if signed(p) * (1 if bound > 0 else -1) >= abs(signed(q)) else q
        if self.event_factor < 1 and signed(p) < 0:
            # among the cues that hang on the target (unattached ones reach it only by distance)
            worst = min((c for c in j.cues if c.link), key=lambda c: c.weight, default=None)
            if worst is not None and worst.weight < 0 and worst.link == "patient":
                neg = p[0] * self.event_factor
                return (neg, p[1] + p[0] - neg, p[2])
        return p


def model_scorer() -> BoundCueScorer:
    """The scorer of the accurate mode for single sentences (loads the packaged model on first use)."""
    return BoundCueScorer()


class ModelStanceComponent(StanceComponent):
    """Adds ``stances`` with the trained target-sentiment model joined with bound rule cues.

    ``scorer`` replaces the model (the bound cues and the article's event discount still apply).
    """

    name: ClassVar[str] = "slant.stance-model.v6"

    def __init__(self, scorer: TargetScorer | None = None) -> None:
        super().__init__()
        self.combined = BoundCueScorer(scorer, self.rules, event_factor=EVENT_FACTOR)
        self.scorer = self.combined

    def __call__(self, ctx: Context) -> None:
        actors = tuple(ctx.data.get("actors", ()))
        pronouns = tuple(ctx.data.get("pronouns", ()))
        quotes = tuple(ctx.data.get("quotes", ()))
        acts = find_acts(ctx.doc, actors, pronouns, quotes)
        quotes = (*quotes, *act_quotes(ctx.doc, acts, quotes))
        items, slots = build_items(ctx.doc, actors, pronouns, quotes)
        if not items:
            ctx.data["stances"] = ()
            ctx.data["author_signals"] = {}
            return
        judged = judge_article(self.rules, ctx.doc, items, [(s.holder, s.target) for s in slots], quotes)
        probs = self.combined.combine(self.combined.model.score(items), judged, [it.holder for it in items])
        text: str = doc_text(ctx.doc) if hasattr(type(ctx.doc), "text") else ""
        order = [a.id for a in actors]
        cues = [j.cues for j in judged]
        stances = aggregate(items, slots, probs, cues, text, order, acts)
        ctx.data["stances"] = straight_reporting(stances, ctx.data.get("scores", {}))
        ctx.data["author_signals"] = author_signals(items, slots, probs, cues)
