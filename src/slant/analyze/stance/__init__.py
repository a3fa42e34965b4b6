"""Stance: where the author (and each speaker) stands toward each actor, with the words that carry it.

Components: ``slant.stance.v6`` (:class:`StanceComponent`, rules and lexicons) and ``slant.stance-model.v6``
(:class:`ModelStanceComponent`, the target-sentiment model). Private modules: ``_component``, ``_model``,
``_rules`` (the sentence scorer) and ``_tree`` (how a cue reaches a target through the parse), ``_acts`` (support and oppose
acts as stance), ``_anaphora`` (event anaphora), ``_aggregate`` (per-target aggregation), ``_lexicon``,
``_types``.
"""

from __future__ import annotations

from slant.analyze.stance._component import StanceComponent
from slant.analyze.stance._judge import ModelStanceJudgeComponent, StanceJudgeComponent
from slant.analyze.stance._model import ModelStanceComponent, model_scorer
from slant.analyze.stance._rules import RuleScorer
from slant.analyze.stance._types import TargetItem, TargetScorer

__all__ = [
    "ModelStanceComponent",
    "ModelStanceJudgeComponent",
    "RuleScorer",
    "StanceComponent",
    "StanceJudgeComponent",
    "TargetItem",
    "TargetScorer",
    "model_scorer",
]
