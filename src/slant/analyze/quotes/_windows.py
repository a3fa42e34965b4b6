"""Attribution of a quote from the words around it, when the parse alone did not give one.

Two windows, both bounded by the quote's paragraph, the neighbouring quotes and a sentence end outside
quotation marks (and :data:`MAX_WINDOW` characters):

* **after** the closing mark ("…,” she said", "…,” said Ms Ali", "…?” she asked"): the first reporting
  verb with a speaker, taken when the quote ends with , ? ! or a dash or the window starts in lower case,
  when no conjunction or other verb comes first ("…”, and X promised ...") nor, after an unpunctuated
  quote, a preposition ("“an echo” of reporting ..."), and when the verb does not report a clause of its
  own after the quote ("…” Critics said the plan ...").
* **before** the opening mark ("Ms Ali said: “…", "adding: “…", "accused X of “…"): the last reporting
  verb with a speaker, taken when no other verb stands between it and the quote.

Each window is scanned once, so the work is linear in the text.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from slant.analyze.quotes._lexicon import QuoteLexicon, cue_of
from slant.analyze.quotes._marks import Marked

MAX_WINDOW = 300
SENTENCE_END = frozenset(".!?")
#: Participles that work as prepositions before a list of examples ("chanting slogans including, “...”"):
#: no new clause between a reporting verb and its quote.
LISTING = frozenset({"including"})
#: Quote endings after which an attribution usually follows ("…,” she said).
TRAILING = frozenset(",?!—–-:;…")


@dataclass(frozen=True, slots=True)
class Frame:
    """A reporting verb that frames a quote and the token that speaks through it."""

    verb: Any
    speaker_token: Any
    cue: str
    cue_type: str
    start: int
    end: int


class Windows:
    """Finds the frame of a quote from its neighbourhood in one Doc."""

    def __init__(self, doc: Any, text: str, lex: QuoteLexicon, subject: Callable[..., Any]) -> None:
        self.doc = doc
        self.text = text
        self.lex = lex
        self.subject = subject
        self.starts: list[int] = doc.to_array("IDX").tolist()  # no Token objects: a C array

    def _tokens(self, start: int, end: int) -> range:
        return range(bisect_left(self.starts, start), bisect_left(self.starts, end))

    def after(self, m: Marked, limit: int) -> Frame | None:
        """The frame right after the quote (up to ``limit``, the next quote or paragraph end)."""
        text = self.text
        start = m.outer_end
        end = min(limit, start + MAX_WINDOW)
        k = start
        while k < end:
            if text[k] in SENTENCE_END and (k + 1 >= len(text) or text[k + 1].isspace()):
                break
            k += 1
        end = k
        lead = start
        while lead < end and not text[lead].isalpha():
            lead += 1
        content = text[m.start : m.end]
        gap = text[start:lead].strip()
        if not content:
            return None
        punctuated = content[-1] in TRAILING or bool(gap and gap[0] in TRAILING)
        if not (punctuated or (lead < end and text[lead].islower())):
            return None
        for i in self._tokens(start, end):
            tok = self.doc[i]
            cue = cue_of(tok, self.lex)
            if cue is None:
                if tok.pos_ in ("CCONJ", "SCONJ") or (tok.pos_ in ("VERB", "AUX") and tok.dep_ not in ("aux", "amod")):
                    return None  # "…”, and Tom Reed has promised ...": a new clause, not an attribution
                if tok.pos_ == "ADP" and not punctuated:
                    return None  # "creating “an echo” of reporting ...": a phrase inside the writer's sentence
                continue
            if any(c.dep_ == "ccomp" and c.idx >= start for c in tok.children):
                return None
            who = self.subject(tok, inverted=True)
            if who is None:
                return None
            return Frame(tok, who, cue[0], cue[1], start, end)
        return None

    def before(self, m: Marked, limit: int) -> Frame | None:
        """The frame right before the quote (back to ``limit``, the previous quote or paragraph start)."""
        text = self.text
        end = m.open
        k = end - 1
        floor = max(limit, end - MAX_WINDOW)
        while k > floor:
            if text[k] in SENTENCE_END and text[k + 1].isspace():
                k += 1
                break
            k -= 1
        start = max(k, floor)
        toks = self._tokens(start, end)
        for i in reversed(toks):
            tok = self.doc[i]
            cue = cue_of(tok, self.lex)
            if cue is None:
                if (
                    tok.pos_ in ("VERB", "AUX")
                    and tok.dep_ not in ("aux", "auxpass", "prep")
                    and tok.lower_ not in LISTING
                ):
                    return None
                continue
            who = self.subject(tok)
            if who is None:
                return None
            return Frame(tok, who, cue[0], cue[1], start, end)
        return None
