"""Quotes: direct, indirect and mixed quotes with their speakers.

Component: ``slant.quotes.v10`` (:class:`QuotesComponent`). Private modules: ``_component`` (the component and
:func:`extract_quotes`), ``_marks`` (quotation marks), ``_reported`` (reported speech), ``_windows``
(paragraph windows), ``_speaker`` (speaker attribution), ``_lexicon`` (reporting verbs and cues).
"""

from __future__ import annotations

from slant.analyze.quotes._component import TITLE_SMALL, QuotesComponent, extract_quotes
from slant.analyze.quotes._lexicon import cue_of, load_quote_lexicon
from slant.analyze.quotes._marks import find_marked

__all__ = ["TITLE_SMALL", "QuotesComponent", "cue_of", "extract_quotes", "find_marked", "load_quote_lexicon"]
