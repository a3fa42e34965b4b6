"""Hate and conspiracy tropes against groups, with the trope, target group, voice and explanation, and
contested claims.

Component: ``slant.tropes.v1`` (:class:`TropesComponent`). Private modules: ``_component``, ``_flags`` (the
flags each rule gives), ``_catalogue`` (the trope catalogue, ``resources/tropes/catalogue.toml``),
``_patterns`` (compiled cue patterns), ``_rules`` (hostile acts and framing), ``_refs`` (references to
groups), ``_normalise`` (coded spellings), ``_attribution`` (whose voice).
"""

from __future__ import annotations

from slant.analyze.tropes._catalogue import Group, load_catalogue
from slant.analyze.tropes._component import TropesComponent
from slant.analyze.tropes._rules import rule_lexicon

__all__ = ["Group", "TropesComponent", "load_catalogue", "rule_lexicon"]
