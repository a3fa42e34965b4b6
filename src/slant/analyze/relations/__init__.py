"""Relations: who backs or attacks whom, with the evidence sentence and who asserts it.

Component: ``slant.relations.v3`` (:class:`RelationsComponent`). Private modules: ``_component``, ``_rules``
(the relation patterns over the parse), ``_lexicon`` (support and oppose verbs and nouns).
"""

from __future__ import annotations

from slant.analyze.relations._component import (
    QuoteCover,
    RelationsComponent,
    RuleRun,
    rule_run,
    token_index,
    who_asserts,
)
from slant.analyze.relations._lexicon import load_relation_lexicon
from slant.analyze.relations._rules import Rules

__all__ = [
    "QuoteCover",
    "RelationsComponent",
    "RuleRun",
    "Rules",
    "load_relation_lexicon",
    "rule_run",
    "token_index",
    "who_asserts",
]
