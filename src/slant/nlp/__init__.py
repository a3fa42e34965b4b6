"""The only place spaCy is loaded; helpers that turn spaCy spans into :class:`slant.models.Span`.

spaCy objects never leave ``slant.nlp`` and ``slant.analyze``: everything else sees character offsets.
"""

from slant.nlp.model import MODEL_PACKAGE, load_nlp
from slant.nlp.spans import char_span, mention_tokens, to_span, trim_offsets

__all__ = ["MODEL_PACKAGE", "char_span", "load_nlp", "mention_tokens", "to_span", "trim_offsets"]
