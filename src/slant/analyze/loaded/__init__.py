"""Loaded language: loaded and biased words and phrases, scare quotes, and the article's loaded density.

Component: ``slant.loaded.v1`` (:class:`LoadedComponent`). Private modules: ``_component``, ``_lexicon``,
``_match`` (matching the lexicon), ``_context`` (contexts that neutralise a word), ``_scare`` (scare quotes).
"""

from __future__ import annotations

from slant.analyze.loaded._component import LoadedComponent

__all__ = ["LoadedComponent"]
