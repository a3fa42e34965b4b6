"""Plain-text helpers for comparing articles: sentences, content words, figures (no spaCy here).

Word lists come from ``resources/compare/`` (each file says why it exists); the stopwords are the story
label's (``resources/stories/stopwords.txt``), with words under three letters dropped here as there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from slant.analyze.common import read_tsv, read_words

#: Sentences with fewer content words than this are too thin to be a fact ("He knows this.").
MIN_CONTENT_WORDS = 4
#: Number words from this value up count as figures ("twelve years"); smaller ones are mostly not figures.
MIN_WORD_FIGURE = 10
#: Only sentences of at most this many words are tested against the boilerplate patterns.
BOILERPLATE_MAX_WORDS = 30


@cache
def stopwords() -> frozenset[str]:
    """Function and filler words left out of content-word comparisons (``resources/stories/stopwords.txt``)."""
    return read_words("stories/stopwords.txt")


@cache
def _abbreviations() -> frozenset[str]:
    return read_words("compare/abbreviations.txt")


@cache
def _boilerplate() -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(r["pattern"], re.IGNORECASE) for r in read_tsv("resources/compare", "boilerplate.tsv"))


@cache
def _qualifiers() -> tuple[tuple[str, str], ...]:
    rows = read_tsv("resources/compare", "qualifiers.tsv")
    # longest first, so "no more than" wins over "more than"
    return tuple(sorted(((r["phrase"], r["sense"]) for r in rows), key=lambda x: -len(x[0])))


# --- sentences -------------------------------------------------------------------------------------------

_CLOSERS = "\"'”’)]»"
_OPENERS = "\"'“‘([«"
_END = re.compile(rf"[.!?…]+[{re.escape(_CLOSERS)}]*(?=\s+[{re.escape(_OPENERS)}]*[A-Z0-9£$€])")
_WORD_BEFORE = re.compile(r"([\w.]+)$")


def split_sentences(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` offsets of the sentences of ``text``, stripped; paragraphs (newlines) always split."""
    spans: list[tuple[int, int]] = []
    for para in re.finditer(r"[^\n]+", text):
        start = para.start()
        for m in _END.finditer(para.group()):
            end = para.start() + m.end()
            if _is_abbreviation(text[start : para.start() + m.start()]):
                continue
            spans.append((start, end))
            start = end
        spans.append((start, para.end()))
    return [s for s in (_strip(text, a, b) for a, b in spans) if s[1] > s[0]]


def _is_abbreviation(before: str) -> bool:
    m = _WORD_BEFORE.search(before)
    if m is None:
        return False
    word = m.group(1).lower().rstrip(".")
    return (len(word) == 1 and word.isalpha()) or word in _abbreviations()


def _strip(text: str, a: int, b: int) -> tuple[int, int]:
    while a < b and text[a].isspace():
        a += 1
    while b > a and text[b - 1].isspace():
        b -= 1
    return a, b


# --- words -----------------------------------------------------------------------------------------------

_UNITS = "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen"
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety"
#: English number words up to ninety-nine, so "forty-eight years" and "48 years" meet.
NUMBER_WORDS: dict[str, int] = {
    **{w: i for i, w in enumerate(_UNITS.split())},
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    **{w: 20 + 10 * i for i, w in enumerate(_TENS.split())},
}


def number_word(token: str) -> int | None:
    """The value of a number word ("twelve", "forty-eight"), or None."""
    parts = token.lower().split("-")
    if len(parts) == 1:
        return NUMBER_WORDS.get(parts[0])
    if len(parts) == 2 and parts[0] in _TENS.split() and 0 < NUMBER_WORDS.get(parts[1], 0) < 10:
        return NUMBER_WORDS[parts[0]] + NUMBER_WORDS[parts[1]]
    return None


_TOKEN = re.compile(r"[£$€]?\d[\d,.]*\d%?|[£$€]?\d%?|[^\W\d_][\w'’-]*")


def tokens(text: str) -> list[str]:
    """Lower-cased word and number tokens (possessives dropped, thousands separators removed from numbers,
    number words as digits)."""
    return [norm for _, norm in _tokens(text)]


def _tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for raw in _TOKEN.findall(text):
        tok = raw.lower().replace("’", "'")
        if tok[0].isdigit() or tok[0] in "£$€":
            tok = tok.replace(",", "").rstrip(".")
        elif tok.endswith("'s"):
            tok = tok[:-2]
        elif (n := number_word(tok)) is not None:
            tok = str(n)
        tok = tok.strip("'-")
        if tok:
            out.append((raw, tok))
    return out


def stem(word: str) -> str:
    """A light suffix strip so that "talks"/"talk" and "suspended"/"suspend" meet (not a real stemmer)."""
    if not word.isalpha() or len(word) <= 4:
        return word
    for suffix, repl in (("ies", "y"), ("ing", ""), ("ed", ""), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 4 and not word.endswith("ss"):
            return word[: -len(suffix)] + repl
    return word


def content_words(text: str) -> list[str]:
    """The stemmed content words of ``text`` in order: stopwords and words under three letters are left out,
    except numbers and capitalised abbreviations ("MP", "GP")."""
    stop = stopwords()
    return [
        stem(t)
        for raw, t in _tokens(text)
        if t not in stop and (len(t) >= 3 or t[0].isdigit() or t[0] in "£$€" or (len(raw) > 1 and raw.isupper()))
    ]


def is_boilerplate(sentence: str) -> bool:
    """True for sentences that are page or author furniture rather than facts (bylines, credits, contacts),
    and for sentences too thin to carry a fact."""
    if len(content_words(sentence)) < MIN_CONTENT_WORDS:
        return True
    if len(sentence.split()) > BOILERPLATE_MAX_WORDS:
        return False
    return any(p.search(sentence) for p in _boilerplate())


# --- figures ---------------------------------------------------------------------------------------------

_MONTHS = (
    "january|february|march|april|may|june|july|august|september|october|november|december"
    "|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec"
)
_NUMBER = re.compile(
    r"(?<![\w.,:/-])(?P<cur>[£$€]\s?)?(?P<num>\d{1,3}(?:,\d{3})+|\d+)(?P<frac>\.\d+)?"
    r"(?P<pct>\s?(?:%|per\s?cent\b|percent\b))?(?P<scale>\s?(?:million|billion|thousand|bn|m|k)\b)?"
    r"(?![\w:/-]|[.,]\d)",
    re.IGNORECASE,
)
_NUMBER_WORD = re.compile(r"(?<![\w-])[a-z]+(?:-[a-z]+)?(?![\w-])", re.IGNORECASE)
_DATE_AFTER = re.compile(rf"^\s*(?:st|nd|rd|th)?\s*(?:of\s+)?(?:{_MONTHS})\b", re.IGNORECASE)
_DATE_BEFORE = re.compile(rf"\b(?:{_MONTHS})\.?\s*$", re.IGNORECASE)
_UNITS_AFTER = re.compile(r"^ ([^\W\d_][\w'-]*)(?: ([^\W\d_][\w'-]*))?")
_SCALES = {"thousand": 1e3, "k": 1e3, "million": 1e6, "m": 1e6, "billion": 1e9, "bn": 1e9}


@dataclass(frozen=True, slots=True)
class Figure:
    """A number in a sentence: ``start``/``end`` are offsets into the sentence, ``text`` includes a qualifier."""

    value: float
    kind: str  # count, percent, money, year
    unit: str
    qualifier: str
    text: str
    start: int
    end: int


def figures(sentence: str) -> list[Figure]:
    """The figures a sentence states (counts, percentages, money, years); dates and times are left out."""
    found: list[Figure] = []
    for m in _NUMBER.finditer(sentence):
        after = sentence[m.end() :]
        before = sentence[: m.start()]
        if _DATE_AFTER.match(after) or _DATE_BEFORE.search(before):
            continue
        value = float(m.group("num").replace(",", "") + (m.group("frac") or ""))
        scale = (m.group("scale") or "").strip().lower()
        value *= _SCALES.get(scale, 1.0)
        if m.group("cur"):
            kind = "money"
        elif m.group("pct"):
            kind = "percent"
        elif not scale and not m.group("frac") and len(m.group("num")) == 4 and 1800 <= value <= 2100:
            kind = "year"
        else:
            kind = "count"
        unit = _unit(after) if kind == "count" else ""
        start, qualifier = _qualified(sentence, m.start())
        end = m.end()
        found.append(Figure(value, kind, unit, qualifier, sentence[start:end], start, end))
    for m in _NUMBER_WORD.finditer(sentence):
        n = number_word(m.group())
        if n is None or n < MIN_WORD_FIGURE:
            continue
        start, qualifier = _qualified(sentence, m.start())
        found.append(
            Figure(float(n), "count", _unit(sentence[m.end() :]), qualifier, sentence[start : m.end()], start, m.end())
        )
    found.sort(key=lambda f: f.start)
    return found


#: Units of time: stopwords for comparing sentences, but the unit of a count ("48 years").
_TIME_UNITS = frozenset({"year", "years", "month", "months", "week", "weeks", "day", "days", "hour", "hours"})


def _unit(after: str) -> str:
    """The noun a count is of: the first of the next two words that is not a stopword ("600 new homes"),
    or a unit of time ("48 years"); none when punctuation follows ("Mawdsley, 71, said")."""
    words = _UNITS_AFTER.match(after)
    if words is None:
        return ""
    found = [w.lower() for w in words.groups() if w]
    for w in found:
        if len(w) >= 3 and w not in stopwords():
            return stem(w)
    return stem(found[0]) if found[0] in _TIME_UNITS else ""


def _qualified(sentence: str, start: int) -> tuple[int, str]:
    """Where a figure starting at ``start`` begins with its qualifier ("more than 400"), and the qualifier."""
    low = sentence[:start].lower().rstrip()
    for phrase, _sense in _qualifiers():
        if low.endswith(phrase) and (len(low) == len(phrase) or not low[-len(phrase) - 1].isalnum()):
            return len(low) - len(phrase), phrase
    return start, ""
