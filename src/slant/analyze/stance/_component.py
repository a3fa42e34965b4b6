"""Stance: where the author and each quoted person stand toward each actor (fast mode: rules).

:class:`StanceComponent` builds one :class:`TargetItem` per (holder, actor mention, sentence)
(:mod:`slant.analyze.stance._aggregate`), scores every item with a pluggable :class:`TargetScorer` (here
the lexicon-and-dependency :class:`RuleScorer`, :mod:`slant.analyze.stance._rules`) and aggregates the
sentence scores into one :class:`~slant.models.Stance` per (holder, target):

* the **author** holds a stance toward every actor mentioned outside quotes; quoted words never count
  for the author (a column quoting an MP's attack on a politician is not the column attacking him);
* each **speaker** holds a stance toward the actors mentioned in, or targeted by, their quotes, from the
  quoted words only ("he"/"his" inside a quote count through the pronoun links).

An article that reads as straight reporting (hyperpartisan score under :data:`STRAIGHT_NEWS`, when the
pipeline gave one) gives the author no stance: a reporter's account of an accusation is not the reporter's
accusation (:func:`straight_reporting`; speakers keep theirs).

Score in -1..1: ``sum(s) / (sum(|s|) + 0.5)`` over sentences, ``s = P(pos) - P(neg)``; polarity positive
at ``>= 0.2``, negative at ``<= -0.2``, neutral between. Evidence: the words and phrases that carried the
polarity, as spans of the article text.
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from slant.analyze.base import Component, Context
from slant.analyze.stance._acts import act_quotes, find_acts
from slant.analyze.stance._aggregate import (
    POLAR,
    PRIOR,
    AuthorSignal,
    aggregate,
    author_sentences,
    author_signals,
    build_items,
)
from slant.analyze.stance._rules import RuleScorer
from slant.analyze.stance._tree import Judgement, resolve_irony
from slant.analyze.stance._types import Cue, Probs, TargetItem, TargetScorer
from slant.models import Actor, Quote, Span, Stance
from slant.nlp.spans import doc_text

#: In an article, what is done to an actor ("removed", "sacked") is weaker evidence of the author's
#: stance than the author's own judgements, so negative object-role cues count this much.
EVENT_FACTOR = 0.3
#: Below this hyperpartisan score (``scores["hyperpartisan"]``, the article-level model trained on SemEval-2019)
#: an article reads as straight reporting, and the author holds no stance toward anyone: the cues in a
#: report (an accusation, a defeat, a scandal) are the story's, not the reporter's. Chosen on the
#: development part of our labelled pages (author-stance agreement 0.55 -> 0.72, flat from 0.35 to 0.5),
#: never on ``../shared/realnews``.
STRAIGHT_NEWS = 0.4


def straight_reporting(stances: tuple[Stance, ...], scores: dict[str, float]) -> tuple[Stance, ...]:
    """The stances with the author's made neutral when the article reads as straight reporting
    (:data:`STRAIGHT_NEWS`); speakers' stances are theirs whatever the genre."""
    partisan = scores.get("hyperpartisan")
    if partisan is None or partisan >= STRAIGHT_NEWS:
        return stances
    return tuple(
        replace(st, polarity="neutral", score=0.0, evidence=()) if st.holder == "author" else st for st in stances
    )


__all__ = [
    "EVENT_FACTOR",
    "POLAR",
    "PRIOR",
    "Cue",
    "Probs",
    "RuleScorer",
    "StanceComponent",
    "TargetItem",
    "TargetScorer",
    "analyse_stances",
]


def analyse_stances(
    doc: object,
    actors: tuple[Actor, ...],
    pronouns: tuple[tuple[Span, str], ...] = (),
    quotes: tuple[Quote, ...] = (),
    scorer: TargetScorer | None = None,
    rules: RuleScorer | None = None,
) -> tuple[tuple[Stance, ...], dict[str, AuthorSignal]]:
    """The stances of one parsed article (see the module docstring) and the author's signal toward each
    target (:func:`author_signals`).

    ``scorer`` gives the probabilities (default: the rules); the rules always give the evidence.
    """
    rules = rules or RuleScorer(event_factor=EVENT_FACTOR)
    acts = find_acts(doc, actors, pronouns, quotes)
    quotes = (*quotes, *act_quotes(doc, acts, quotes))
    items, slots = build_items(doc, actors, pronouns, quotes)
    if not items and not acts:
        return (), {}
    judged = judge_article(rules, doc, items, [(s.holder, s.target) for s in slots], quotes)
    if scorer is None or scorer is rules:
        probs: list[Probs] = [rules.probs(j.raw) for j in judged]
    else:
        probs = scorer.score(items)
    text: str = doc_text(doc) if hasattr(type(doc), "text") else ""  # the class: hasattr(doc) builds the text
    cues = [j.cues for j in judged]
    stances = aggregate(items, slots, probs, cues, text, [a.id for a in actors], acts)
    return stances, author_signals(items, slots, probs, cues)


def judge_article(
    rules: RuleScorer,
    doc: object,
    items: list[TargetItem],
    keys: list[tuple[str, str]],
    quotes: tuple[Quote, ...],
) -> list[Judgement]:
    """The rules' judgement of an article's items, ironic praise settled by the article (the author's tone
    over every sentence decides where the target's own context says nothing)."""
    judged = rules.judge(items)
    if not any(j.ironic for j in judged):
        return judged
    return resolve_irony(judged, keys, {"author": rules.tone(author_sentences(doc, quotes))})


class StanceComponent(Component):
    """Adds ``stances`` (author and speaker stances toward actors) to the context."""

    name: ClassVar[str] = "slant.stance.v6"
    #: ``scores`` is read when an earlier step gave it (the modes run ``slant.partisan`` first): with a
    #: hyperpartisan score, straight reporting gives the author no stance (:func:`straight_reporting`)
    requires: ClassVar[tuple[str, ...]] = ("doc", "actors", "quotes")
    provides: ClassVar[tuple[str, ...]] = ("stances", "author_signals")

    def __init__(self, scorer: TargetScorer | None = None) -> None:
        self.rules = RuleScorer(event_factor=EVENT_FACTOR)
        self.scorer: TargetScorer = scorer or self.rules

    def __call__(self, ctx: Context) -> None:
        stances, signals = analyse_stances(
            ctx.doc,
            tuple(ctx.data.get("actors", ())),
            tuple(ctx.data.get("pronouns", ())),
            tuple(ctx.data.get("quotes", ())),
            self.scorer,
            self.rules,
        )
        ctx.data["stances"] = straight_reporting(stances, ctx.data.get("scores", {}))
        ctx.data["author_signals"] = signals
