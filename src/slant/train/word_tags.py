"""Token targets for the sentence model's auxiliary word-tagging loss (no torch needed).

BABE's annotators marked the words that make a sentence biased (``biased_words``). Training may ask the network
to find them (``python -m slant.train.sentence_classifier --aux-words W``): every word piece inside an
occurrence of a marked word is a positive target. The loss only shapes the shared encoder; its head is not
exported.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from slant.bench.datasets import Example

#: The target of a token the loss ignores ([CLS], [SEP]).
IGNORE = -1.0


def marked_spans(text: str, words: Sequence[str]) -> list[tuple[int, int]]:
    """Character spans of every whole-word, case-insensitive occurrence of the marked ``words`` in ``text``."""
    return sorted(
        m.span()
        for w in dict.fromkeys(words)
        for m in re.finditer(r"(?<!\w)" + re.escape(w) + r"(?!\w)", text, flags=re.IGNORECASE)
    )


def word_tags(tokenizer: Any, rows: Sequence[Example], dataset: str = "babe") -> list[list[float] | None]:
    """Per row of ``dataset``: one target per real token (1.0 inside a marked word, 0.0 elsewhere,
    :data:`IGNORE` for special tokens); ``None`` for rows of other datasets, which have no word annotation.

    A ``dataset`` row without marked words is all 0.0: its annotators found no biased word in it.
    ``tokenizer`` is a ``tokenizers.Tokenizer`` (offsets refer to the row's text).
    """
    out: list[list[float] | None] = []
    for row, enc in zip(rows, tokenizer.encode_batch([r.text for r in rows]), strict=True):
        if row.dataset != dataset:
            out.append(None)
            continue
        spans = marked_spans(row.text, row.words)
        n = int(sum(enc.attention_mask))
        tags: list[float] = []
        for (a, b), special in zip(enc.offsets[:n], enc.special_tokens_mask[:n], strict=True):
            if special:
                tags.append(IGNORE)
            else:
                tags.append(1.0 if any(a < e and s < b for s, e in spans) else 0.0)
        out.append(tags)
    return out
