"""Turns of a transcript or interview: paragraphs that open with a speaker's label and a colon.

"MQ: Because the harbour needs repairs." / "Reed: Why did you vote for it?" A label is a person's initials
(one to four capitals, dots allowed: "M.Q.") or one to three capitalised words. A text is a transcript only
when at least :data:`MIN_TURNS` of its paragraphs open with a label and some label opens two of them; a
label used once counts only when it has the shape of the repeated ones, so "Interview: ..." above "MQ:"
turns, a lone "Note:" or "Update:" line, is no turn. Labels are resolved by the callers: the
actor analyser links initials to the person they abbreviate, the quote analyser makes each turn a direct
quote of its speaker.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

#: Paragraphs that must open with a label before a text counts as a transcript.
MIN_TURNS = 2
_LABEL = re.compile(
    r"(?m)^[ \t]*(?P<label>(?:[A-Z]\.?){1,4}|[A-Z][a-zA-Z'’-]+(?: [A-Z][a-zA-Z'’-]+){0,2}):[ \t]+(?P<body>\S[^\n]*)$"
)
#: Labels that head notes and page furniture, not turns of speech.
_NOT_SPEAKERS = frozenset({"note", "update", "editor's note", "correction", "source", "photo", "image", "read more"})


@dataclass(frozen=True, slots=True)
class Turn:
    """One labelled paragraph: the label's characters and the body's (the words spoken)."""

    label: str
    label_start: int
    label_end: int
    start: int
    end: int

    @property
    def is_initials(self) -> bool:
        """Whether the label is a run of capitals ("MQ", "M.Q.")."""
        letters = self.label.replace(".", "")
        return letters.isupper() and letters.isalpha() and " " not in self.label


def find_turns(text: str) -> list[Turn]:
    """The turns of ``text`` when it is a transcript (see the module docstring), else an empty list."""
    turns = [
        Turn(m["label"], m.start("label"), m.end("label"), m.start("body"), m.end("body"))
        for m in _LABEL.finditer(text)
        if m["label"].casefold() not in _NOT_SPEAKERS
    ]
    if len(turns) < MIN_TURNS:
        return []
    counts = Counter(t.label for t in turns)
    repeated = {t.is_initials for t in turns if counts[t.label] >= 2}
    if not repeated:
        return []
    # a label used once counts when it has the shape of the repeated ones ("Interview: ..." above "MQ: ...")
    return [t for t in turns if counts[t.label] >= 2 or (t.is_initials in repeated and len(repeated) == 1)]


def initials_of(name: str) -> str:
    """A person's initials in capitals, "Mara Quell" -> "MQ" (hyphenated parts count: "Jean-Luc Brel" -> "JLB")."""
    parts = [p for w in name.split() for p in w.split("-") if p[:1].isalpha()]
    return "".join(p[0].upper() for p in parts)
