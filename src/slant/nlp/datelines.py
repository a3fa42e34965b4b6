"""Wire datelines: the place (and agency) that open a news paragraph ("BRACKENFORD, March 4 (Northwire) -",
"HARWICK (Agency) -", "LONDON —").

Actors read the place from one (:meth:`slant.analyze.actors._candidates._Finder.datelines`); quotes leave it out of
a reported clause that starts the paragraph ("HARWICK (Agency) - The plan failed, the minister said").
:func:`dateline_sentences` runs inside the spaCy pipeline, before the parser: the story after a dateline
starts a sentence, so the parser does not hang the first sentence's subject on the place ("BERLIN —
Protesters ... clashed" read "Protesters" as an apposition of "BERLIN").
"""

from __future__ import annotations

from typing import Any

from spacy.language import Language

from slant.nlp.spans import once_per_doc

#: At most this many words in capitals, followed by one of the openers, with a bracket or a dash among the
#: next :data:`REACH` tokens; the dateline ends at its first dash within :data:`END_REACH` tokens.
MAX_WORDS = 3
REACH = 6
END_REACH = 10
OPENERS = frozenset({",", "(", "-", "—", "–"})
MARKS = frozenset({"(", "-", "—", "–"})
DASHES = frozenset({"-", "—", "–"})


def dateline_at(doc: Any, i: int) -> tuple[int, int] | None:
    """``(place_end, body)`` for a dateline starting at token ``i``, else None.

    ``place_end`` is the token after the place's words in capitals; ``body`` the first token of the story
    after the dateline's dash (or its closing bracket when it has no dash).
    """
    b = i
    while b < len(doc) and b - i < MAX_WORDS and doc[b].is_alpha and doc[b].is_upper:
        b += 1
    if b == i or b >= len(doc) or max(len(doc[j].text) for j in range(i, b)) < 3:
        return None
    tail = [t.text for t in doc[b : b + REACH]]
    if tail[0] not in OPENERS or not any(t in MARKS for t in tail):
        return None
    body = b
    for j in range(b, min(len(doc), b + END_REACH)):
        if doc[j].text in DASHES:
            return b, j + 1
        if doc[j].text == ")":
            body = j + 1
    return b, body


def paragraph_starts(doc: Any) -> list[int]:
    """The first token of each paragraph (the doc's first, and each after a line break). Computed once per Doc
    (the tokens never change after the tokenizer): never change the list."""
    return once_per_doc(doc, "slant.paragraph_starts", _paragraph_starts)


def _paragraph_starts(doc: Any) -> list[int]:
    starts: list[int] = []
    prev = None
    for tok in doc:  # one pass: indexing a Doc builds a new Token object each time
        if not tok.is_space and (prev is None or "\n" in prev.whitespace_ or (prev.is_space and "\n" in prev.text)):
            starts.append(tok.i)
        prev = tok
    return starts


#: What a story's first word after a dateline starts with: "NATO — the alliance — met" has no dateline.
_STARTS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789“‘\"'")

#: The name of :func:`dateline_sentences` in the spaCy pipeline.
PIPE = "slant_dateline_sentences"


@Language.component(PIPE)
def dateline_sentences(doc: Any) -> Any:
    """Start a sentence at each paragraph's wire dateline and at the story's first word after it (before the
    parser, which keeps sentence starts it is given)."""
    for i in paragraph_starts(doc):
        found = dateline_at(doc, i)
        if found is not None and i < found[1] < len(doc) and doc[found[1]].text[:1] in _STARTS:
            if i:
                doc[i].is_sent_start = True
            doc[found[1]].is_sent_start = True
    return doc
