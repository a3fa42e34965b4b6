"""Helpers the analysers share: packaged word lists and tables (``_resources``), the general lexicon of
titles, roles and stop words (``_lexicon``), name shapes and spellings (``_names``), transcript turns
(``_transcript``), role nouns and role modifiers (``_roles``), the learned judges' linear scorer (``_linear``). No component lives here. Wire datelines are
read in :mod:`slant.nlp.datelines`, since the spaCy pipeline uses them too.
"""

from __future__ import annotations

from slant.analyze.common._lexicon import Lexicon, Title, load_lexicon
from slant.analyze.common._linear import Linear, read_model
from slant.analyze.common._names import (
    canonical_spelling,
    initials,
    is_acronym,
    is_familiar_form,
    is_web_token,
    normalise,
    same_person,
    surname_matches,
    unique_slugs,
)
from slant.analyze.common._resources import read_tsv, read_words
from slant.analyze.common._roles import (
    agree,
    modifiers,
    one_member,
    one_person,
    role_nouns,
    speech_verbs,
)
from slant.analyze.common._transcript import Turn, find_turns, initials_of

__all__ = [
    "Lexicon",
    "Linear",
    "Title",
    "Turn",
    "agree",
    "canonical_spelling",
    "find_turns",
    "initials",
    "initials_of",
    "is_acronym",
    "is_familiar_form",
    "is_web_token",
    "load_lexicon",
    "modifiers",
    "normalise",
    "one_member",
    "one_person",
    "read_model",
    "read_tsv",
    "read_words",
    "role_nouns",
    "same_person",
    "speech_verbs",
    "surname_matches",
    "unique_slugs",
]
