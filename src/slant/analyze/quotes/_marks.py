"""Find the stretches of text set off by quotation marks, in one pass over the characters.

Marks understood: curly “…”, straight "…", curly single ‘…’, straight single '…', guillemets «…» and
reversed »…«. Only top-level quotes are returned: marks nested inside a quote belong to it.

Apostrophes are told apart from single quotes by their neighbours: a mark between letters (don’t,
Labour’s) or before a two-digit year (’90s) is an apostrophe; a closing single mark after a plural "s"
followed by a lower-case word (the voters’ choice) is a *weak* closer, used only when no other closer
follows before the next opening mark.

A quote runs to its closing mark within its paragraph (a paragraph is a line). When a paragraph ends
with the quote still open and the next paragraph starts with the same opening mark, the quote goes on
there (the convention for quotes over several paragraphs): each paragraph gives one :class:`Marked`
part, all parts sharing a ``group``. An unclosed double quote or guillemet otherwise runs to the end of
its paragraph; an unclosed single mark is taken for an apostrophe.

Lookups use sorted position lists and :mod:`bisect`, so the scan is O(n log n) in the text length
with no backtracking.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

#: Opening mark -> its closing mark.
CLOSERS: dict[str, str] = {"“": "”", '"': '"', "‘": "’", "'": "'", "«": "»", "»": "«"}
#: Double marks that close each other's quotes when a page mixes straight and curly marks (and the quote's
#: own closer is missing from the paragraph).
MIXED: dict[str, str] = {'"': "”", "“": '"'}
#: Openers whose unclosed quote still runs to the end of the paragraph.
LENIENT = frozenset({"“", '"', "«", "»"})
#: Characters after which an opening mark may stand (besides whitespace and start of text).
OPEN_CONTEXT = frozenset("([{—–-/:;,“‘\"'«»")


@dataclass(frozen=True, slots=True)
class Marked:
    """One quoted stretch: ``text[start:end]`` is the content (no marks, no edge spaces).

    ``open`` is the index of the opening mark, ``outer_end`` the index just past the closing mark (or
    ``end`` when the quote is unclosed in this paragraph). ``group`` is shared by the parts of one quote
    that runs over several paragraphs; ``part`` numbers them from 0.
    """

    open: int
    start: int
    end: int
    outer_end: int
    closed: bool
    group: int
    part: int
    mark: str


def _is_alnum(ch: str) -> bool:
    return ch.isalnum()


def _year_apostrophe(text: str, i: int) -> bool:
    """True for the apostrophe of a two-digit year: ’90s, '97."""
    return text[i + 1 : i + 3].isdigit() and (i + 3 >= len(text) or not text[i + 3].isdigit())


def _opener(text: str, i: int) -> str | None:
    """The opening mark at ``i`` (or None when the character cannot open a quote there)."""
    ch = text[i]
    if ch not in CLOSERS:
        return None
    prev = text[i - 1] if i else " "
    nxt = text[i + 1] if i + 1 < len(text) else " "
    if nxt.isspace() and ch != "«":  # French guillemets take a space inside
        return None
    if ch in "‘'":
        if _is_alnum(prev) or _year_apostrophe(text, i):
            return None
        if not (_is_alnum(nxt) or nxt in '“"«…(£$€'):
            return None
        return ch
    if ch == '"' and not (prev.isspace() or prev in OPEN_CONTEXT or i == 0):
        return None
    if ch == "»" and _is_alnum(prev):
        return None
    return ch


def _single_closer(text: str, i: int) -> int:
    """0: not a closer; 1: a closer; 2: a weak closer (``voters’ choice``) for a single mark at ``i``."""
    prev = text[i - 1] if i else " "
    nxt = text[i + 1] if i + 1 < len(text) else " "
    if prev.isspace() or _is_alnum(nxt):
        return 0
    if prev in "sS" and nxt == " " and i + 2 < len(text) and text[i + 2].islower():
        return 2
    return 1


class _Positions:
    """Sorted positions of every candidate closer and single-mark opener, by mark."""

    def __init__(self, text: str) -> None:
        self.close: dict[str, list[int]] = {c: [] for c in ("”", '"', "»", "«")}
        self.strong: dict[str, list[int]] = {"’": [], "'": []}
        self.weak: dict[str, list[int]] = {"’": [], "'": []}
        self.opens: dict[str, list[int]] = {"‘": [], "'": [], "“": []}
        #: straight double marks that can only open (space before, a word after): never a closer
        self.open_only: set[int] = set()
        for i, ch in enumerate(text):
            if ch == '"' and (i == 0 or text[i - 1].isspace()) and i + 1 < len(text) and not text[i + 1].isspace():
                self.open_only.add(i)
            if ch in self.close:
                self.close[ch].append(i)
            if ch in self.strong:
                kind = _single_closer(text, i)
                if kind == 1:
                    self.strong[ch].append(i)
                elif kind == 2:
                    self.weak[ch].append(i)
            if ch in self.opens and _opener(text, i) is not None:
                self.opens[ch].append(i)


def _after(positions: list[int], i: int, limit: int) -> int | None:
    """The first position > ``i`` and < ``limit``."""
    k = bisect_right(positions, i)
    if k < len(positions) and positions[k] < limit:
        return positions[k]
    return None


def _find_closer(pos: _Positions, mark: str, i: int, limit: int) -> int | None:
    """Index of the closing mark of the quote opened at ``i`` (before ``limit``), or None."""
    closer = CLOSERS[mark]
    if closer in pos.strong:
        strong = _after(pos.strong[closer], i, limit)
        weak = _after(pos.weak[closer], i, limit)
        if weak is None or (strong is not None and strong < weak):
            return strong
        if strong is None:
            return weak
        reopen = _after(pos.opens[mark], weak, strong)
        return weak if reopen is not None else strong
    j = _after(pos.close[closer], i, limit)
    if mark in MIXED and (j is None or j in pos.open_only):
        # a page that mixes straight and curly marks: "... country,” he said. "Next ...
        mixed = _after(pos.close[MIXED[mark]], i, limit if j is None else j)
        if mixed is not None:
            j = mixed
    if mark == "“":
        again = _after(pos.opens["“"], i, limit if j is None else j)
        if again is not None:
            return None
    return j


def _paragraphs(text: str) -> list[tuple[int, int]]:
    """(start, end) of every line that has content."""
    out: list[tuple[int, int]] = []
    start = 0
    for line in text.split("\n"):
        end = start + len(line)
        if line.strip():
            out.append((start, end))
        start = end + 1
    return out


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


@lru_cache(maxsize=4)
def find_marked(text: str) -> tuple[Marked, ...]:
    """Every top-level quoted stretch of ``text``, in order (see the module docstring). Cached for the last
    few texts: the quotes and the scare-quote analysers both read an article's marks."""
    return tuple(_find_marked(text))


def _find_marked(text: str) -> list[Marked]:
    pos = _Positions(text)
    paras = _paragraphs(text)
    out: list[Marked] = []
    carry: tuple[int, int, str] | None = None  # (group, next part number, mark) of a quote still open
    group = 0
    for p, (ps, pe) in enumerate(paras):
        i = ps
        continuing = carry
        carry = None
        if continuing is not None:
            lead = ps
            while lead < pe and text[lead].isspace():
                lead += 1
            if lead >= pe or text[lead] != continuing[2]:
                continuing = None
        while i < pe:
            mark = _opener(text, i)
            if mark is None:
                i += 1
                continue
            if continuing is not None and i != _lead(text, ps, pe):
                continuing = None
            g, part = (continuing[0], continuing[1]) if continuing is not None else (group, 0)
            if continuing is None:
                group += 1
            continuing = None
            j = _find_closer(pos, mark, i, pe)
            if j is not None:
                s, e = _trimmed(text, i + 1, j)
                if e > s:
                    out.append(Marked(i, s, e, j + 1, True, g, part, mark))
                i = j + 1
                continue
            next_lead = _lead(text, *paras[p + 1]) if p + 1 < len(paras) else -1
            if next_lead >= 0 and text[next_lead] == mark:
                s, e = _trimmed(text, i + 1, pe)
                if e > s:
                    out.append(Marked(i, s, e, e, False, g, part, mark))
                carry = (g, part + 1, mark)
                break
            if mark in LENIENT:
                stop = _after(pos.opens["“"], i, pe) if mark == "“" else None
                s, e = _trimmed(text, i + 1, pe if stop is None else stop)
                if e > s:
                    out.append(Marked(i, s, e, e, False, g, part, mark))
                if stop is None:
                    break
                i = stop
                continue
            i += 1
    return out


def _lead(text: str, ps: int, pe: int) -> int:
    """Index of the first non-space character of a paragraph."""
    while ps < pe and text[ps].isspace():
        ps += 1
    return ps


def word_count(text: str, m: Marked) -> int:
    """Words in a quote's content."""
    return len(text[m.start : m.end].split())


class MarkIndex:
    """Which quote (if any) covers a character, by bisection over the quotes' opening marks."""

    def __init__(self, marks: Sequence[Marked]) -> None:
        self.marks = marks
        self.opens = [m.open for m in marks]

    def at(self, pos: int) -> int | None:
        """Index of the quote whose marks enclose ``pos`` (marks included), or None."""
        k = bisect_right(self.opens, pos) - 1
        if k >= 0 and pos < self.marks[k].outer_end:
            return k
        return None

    def overlapping(self, start: int, end: int) -> list[int]:
        """Indices of the quotes whose marked stretch overlaps ``[start, end)``."""
        k = max(bisect_right(self.opens, start) - 1, 0)
        out: list[int] = []
        while k < len(self.marks) and self.marks[k].open < end:
            if self.marks[k].outer_end > start:
                out.append(k)
            k += 1
        return out
