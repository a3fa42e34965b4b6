"""Actors: the people, parties, organisations, places and groups an article names, each with its
aliases and mentions, and the pronouns that refer to them.

Component: ``slant.actors.v12`` (:class:`ActorsComponent`). Private modules: ``_component`` (the component
and :func:`extract_actors`), ``_candidate`` (a candidate mention and the token tests its passes share),
``_passes`` (one pass per source of mentions), ``_candidates`` (the passes in order, then corrections), ``_people`` (one person per set of aliases), ``_pronouns`` (pronoun links).
"""

from __future__ import annotations

from slant.analyze.actors._component import ActorsComponent, extract_actors

__all__ = ["ActorsComponent", "extract_actors"]
