"""Page furniture among the names: bylines, photo credits, hat-tips and name-only lines are no actors.

Told by what the text around a name is, never by a list of names or outlets:

* every mention of the actor stands on a short line with no verb (after the title line, or on a first line
  that reads as a byline when the page's title was taken apart): "By Ana Ruiz | Political Editor", "Ana
  Ruiz, Staff", "hat-tip Ana Ruiz, Tom Reed", a name alone under the headline;
* or is a credit: a name right before a slash and a capitalised word ("Ana Ruiz/Northwire"), the agency
  right after it, a name before a comma and a word in capitals that ends the line ("Ana Ruiz,NW"), a name
  ending a caption's credit line ("Credit: Ana Ruiz,NW"), or a wire dateline's agency ("HARWICK (NW) —").

A person or organisation the text also names in its sentences keeps every mention, and so does one named
on a last line that was cut off mid-sentence, or on a line right above a quoted paragraph (a roundup's label:
"Ana Ruiz (Labour leader)" above "“We ...”"), or signing an embedded post ("— Ana Ruiz (@anaruiz) ...").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from slant.nlp.spans import doc_text

#: An embedded post's signature on a line of its own: a dash, a name and a bracketed handle.
_SIGNATURE_LINE = re.compile(r"[ \t]*[—–-][ \t]*[^\n(]{2,60}\(@\w{1,30}\)")
#: A line that opens with a quotation mark right below (blank lines between allowed).
_QUOTE_BELOW = re.compile(r"\s*\n\s*[\"“‘«]")
#: The longest line (in words) that can be furniture; longer verbless lines are lists or headlines.
MAX_LINE_WORDS = 10
_CREDIT_AFTER = re.compile(r"\s*/\s*[A-Z]|,\s*[A-Z]{2,}[A-Z.]*\s*(?:\n|$)")
_CREDIT_BEFORE = re.compile(r"[A-Z][\w.'’-]*\s*/\s*$")  # the agency of "Ana Ruiz/Northwire"
_VERB_POS = frozenset({"VERB", "AUX"})
#: A wire dateline's agency: "WASHINGTON (AP) —".
_DATELINE_BEFORE = re.compile(r"[A-Z][A-Z .,'’-]{2,}\(")
_DATELINE_AFTER = re.compile(r"\)\s*[—–-]")
#: A caption's credit line ("... Credit: Andrew Harnik,AP"), the name or agency ending the line.
_CREDIT_LINE = re.compile(r".*\b(?:Credit|Photo|Photograph|Picture|Image)s?\b\s*:")
_LINE_END = re.compile(r"\s*(?:\n|$)")
#: A first line that is a byline, not a title: "By Ana Ruiz", "Ana Ruiz | Political Editor", "Ana Ruiz, Staff",
#: "Ana Ruiz, Tom Reed and Jo Bell" (names of two or three words only, joined by commas and "and").
_NAME = r"[A-Z][\w.'’-]+(?:\s[A-Z][\w.'’-]+){1,2}"
_NAMES = rf"{_NAME}(?:,\s*{_NAME})*,?\s+(?:and|&)\s+{_NAME}"
_BYLINE = re.compile(
    r"\s*(?:"
    + _NAMES
    + r"|By\s+[A-Z][\w.'’-]+(?:\s+(?:[A-Z][\w.'’-]+|and|&))*(?:\s*[|,]\s*[A-Z][\w-]*(?:\s[A-Z][\w-]*){0,3})?|[A-Z][\w.'’-]+(?:\s[A-Z][\w.'’-]+){1,3}\s\|\s[^|\n]{2,40}|[A-Z][\w.'’-]+(?:\s[A-Z][\w.'’-]+){1,3},\s*[A-Z][\w-]*(?:\s[A-Z][\w-]*){0,2})\s*$"
)


def is_furniture(doc: Any, spans: Sequence[tuple[int, int]]) -> bool:
    """True when every mention ``spans`` (character offsets) of one actor is furniture (module docstring)."""
    text = doc_text(doc)
    first_break = text.find("\n")
    return bool(spans) and all(_credit(text, s, e) or _furniture_line(doc, text, s, first_break) for s, e in spans)


def _credit(text: str, start: int, end: int) -> bool:
    line_start = text.rfind("\n", 0, start) + 1
    dateline = _DATELINE_BEFORE.fullmatch(text, line_start, start) is not None
    caption = _CREDIT_LINE.match(text, line_start) is not None
    return (
        _CREDIT_AFTER.match(text, end) is not None
        or _CREDIT_BEFORE.search(text, max(0, start - 40), start) is not None
        or (dateline and _DATELINE_AFTER.match(text, end) is not None)
        or (caption and _LINE_END.match(text, end) is not None)
    )


def _furniture_line(doc: Any, text: str, start: int, first_break: int) -> bool:
    if first_break < 0:
        return False  # a text of one line is all sentence
    if start < first_break:
        # the first line is the title, unless it reads as a byline (the page's title was taken apart)
        return _BYLINE.match(text[:first_break]) is not None
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    last = text[line_start:]
    if line_end < 0 and not last.rstrip().endswith((".", "!", "?", '"', "”")) and not any(c in last for c in ",|"):
        return False  # a last line cut off mid-sentence ("German Chancellor Angel") is no byline; a list is
    line_end = len(text) if line_end < 0 else line_end
    if _QUOTE_BELOW.match(text, line_end):
        return False  # "Ana Ruiz (Labour leader)" above "“We ...”": a roundup's label names the speaker
    if _SIGNATURE_LINE.match(text, line_start):
        return False  # "— Ana Ruiz (@anaruiz) March 2, 2021": an embedded post's author
    span = doc.char_span(line_start, line_end, alignment_mode="expand")
    if span is None:
        return False
    words = [t for t in span if t.is_alpha]
    # a capitalised word the tagger calls a verb on such a line is a job ("Jack Reed, Staff")
    return len(words) <= MAX_LINE_WORDS and not any(t.pos_ in _VERB_POS and not t.text[:1].isupper() for t in span)
