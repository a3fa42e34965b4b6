"""The only place spaCy and the ONNX models are loaded; helpers that turn spaCy spans into
:class:`slant.models.Span`; the model's word lists (stop words, lemmas).

spaCy objects never leave ``slant.nlp`` and ``slant.analyze``: everything else sees character offsets.
"""

from slant.nlp.model import MODEL_PACKAGE, lemma_words, load_nlp, stop_words
from slant.nlp.spans import char_span, mention_tokens, to_span, trim_offsets

__all__ = [
    "MODEL_PACKAGE",
    "char_span",
    "lemma_words",
    "load_nlp",
    "mention_tokens",
    "stop_words",
    "to_span",
    "trim_offsets",
]
