"""Hate tropes: passages that use hateful or conspiracy tropes against a group (``slant.tropes.v1``).

Rules, all sourced data in ``resources/tropes/catalogue.toml`` (IHRA working definition, the dogwhistle
glossary's term/group/type columns, general knowledge; every example invented):

* **cues**: each trope's patterns, compiled once to regexes (:mod:`._trope_patterns`) and tried per sentence
  only when the sentence holds the words they need. A match is dropped when a negator lies in it or just
  before it ("not all Muslims are terrorists"), when one of the trope's counter-cues matches the sentence
  (biblical context for "the Israelites", "sharia councils" in a legal article), or when its group word
  names one person rather than the group ("a Jewish businessman").
* **collective acts** over the dependency parse (:mod:`._trope_rules`): a whole group as the doer of a
  hostile act ("Jewish journalists have stalked him", "the Israelites have been after Ken").
* **contested claims**: political accusations against a person or party ("close links with Islamic
  extremism", "soft on extremism") become ``kind="contested"`` flags, never hate.

Each hate flag names the trope (``code``, ``label``), the targeted group and a plain explanation, and says
whose voice it is: ``quoted`` inside a quote of ``ctx.data["quotes"]`` (or a clause introduced by "the
leaflet claimed"), ``discussed`` when the sentence reports or criticises the trope ("the antisemitic smear
that ...", "she condemned claims that ..."), else ``author``. The component appends to ``flags``.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Literal

from slant.analyze._trope_patterns import Compiled, CompiledTrope, Cue, compiled
from slant.analyze._trope_rules import Act, collective_acts, group_named, names_group, rule_lexicon
from slant.analyze.base import Component, Context
from slant.models import Flag, Quote

Voice = Literal["author", "quoted", "discussed"]

_WORD = re.compile(r"\w+")
_NEG_WORD = re.compile(r"[\w'’]+")
#: How many words before a match are searched for a negator ("not all Muslims are ...").
NEGATION_WINDOW = 3
CONFIDENCE_CUE = 0.8
CONFIDENCE_SLUR = 0.9
CONFIDENCE_ACT = 0.7
CONFIDENCE_CONTESTED = 0.6

_VOICE_NOTE: dict[str, str] = {
    "author": "It is written in the article's own voice.",
    "quoted": "It appears inside a quote or a reported statement, so these are someone else's words, not the author's.",
    "discussed": "The sentence reports or criticises this trope rather than asserting it.",
}


class _Quotes:
    """Which quote covers a character offset (bisection over sorted quotes)."""

    def __init__(self, quotes: Sequence[Quote]) -> None:
        self.quotes = sorted(quotes, key=lambda q: (q.start, q.end))
        self.starts = [q.start for q in self.quotes]

    def covers(self, start: int, end: int) -> bool:
        i = bisect.bisect_right(self.starts, start) - 1
        for j in range(i, max(i - 4, -1), -1):
            q = self.quotes[j]
            if q.start <= start < q.end:
                return True
        return False


def _negated(sentence: str, start: int, end: int, cue: Cue, negators: frozenset[str]) -> bool:
    """A negator (not written in the cue itself) inside the match or in the few words before it."""
    before = _NEG_WORD.findall(sentence[:start])[-NEGATION_WINDOW:]
    for w in (*before, *_NEG_WORD.findall(sentence[start:end])):
        w = w.lower().replace("’", "'")
        if w in cue.literals:
            continue
        if w in negators or w.endswith("n't"):
            return True
    return False


def _outside(cues: Iterable[Cue], sentence: str, words: frozenset[str], start: int, end: int) -> bool:
    """Whether one of the cues matches the sentence somewhere not wholly inside ``[start, end)``."""
    for cue in cues:
        if not cue.possible(words):
            continue
        for m in cue.regex.finditer(sentence):
            if m.start() < start or m.end() > end:
                return True
    return False


def _any(cues: Iterable[Cue], sentence: str, words: frozenset[str]) -> bool:
    return any(cue.possible(words) and cue.regex.search(sentence) for cue in cues)


def _voice(
    comp: Compiled, sentence: str, words: frozenset[str], start: int, end: int, base: int, quotes: _Quotes
) -> Voice:
    """Whose words a match in ``sentence[start:end]`` is (``base``: the sentence's offset in the text)."""
    if _outside(comp.discussion, sentence, words, start, end):
        return "discussed"
    if quotes.covers(base + start, base + end):
        return "quoted"
    for cue in comp.reported:
        if cue.possible(words):
            m = cue.regex.search(sentence)
            if m is not None and m.end() <= start:
                return "quoted"
    return "author"


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and (text[start].isspace() or text[start] in "\"'“”‘’,;:"):
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in "\"'“”‘’,;:"):
        end -= 1
    return start, end


def _explain(trope: CompiledTrope, comp: Compiled, passage: str, how: str, voice: Voice) -> str:
    t = comp.catalogue.trope(trope.id)
    short = passage if len(passage) <= 120 else passage[:117] + "..."
    return (
        f"{t.name} ({t.id}), a trope aimed at {trope.group.name}: {t.description} "
        f"The passage '{short}' {how}. {_VOICE_NOTE[voice]}"
    )


def _mentions_ok(doc: Any, m: re.Match[str], cue: Cue, trope: CompiledTrope, base: int) -> bool:
    lex = rule_lexicon()
    found = m.groupdict()
    for label in cue.mentions:
        for suffix, adjective in (("a", True), ("n", False)):
            name = label + suffix
            if found.get(name) is not None and not names_group(
                doc, base + m.start(name), base + m.end(name), adjective, trope.group, lex
            ):
                return False
    return True


def _cue_flags(doc: Any, comp: Compiled, quotes: _Quotes) -> list[Flag]:
    text = doc.text
    out: list[Flag] = []
    for sent in doc.sents:
        sentence = sent.text
        base = sent.start_char
        words = frozenset(_WORD.findall(sentence.lower()))
        named: dict[str, bool] = {}
        for trope, cue, needs_group in comp.candidates(words):
            if needs_group:
                if trope.id not in named:
                    named[trope.id] = group_named(doc, sent, trope.group) or _any(trope.context, sentence, words)
                if not named[trope.id]:
                    continue
            for m in cue.regex.finditer(sentence):
                if m.end() == m.start() or _negated(sentence, m.start(), m.end(), cue, comp.negators):
                    continue
                if _any(trope.counter, sentence, words) or not _mentions_ok(doc, m, cue, trope, base):
                    continue
                start, end = _trim(text, base + m.start(), base + m.end())
                voice = _voice(comp, sentence, words, m.start(), m.end(), base, quotes)
                slur = cue.source.strip() == "{slurs}"
                how = (
                    "uses a slur for the group"
                    if slur
                    else f"matches this pattern (cue: {cue.source.split(' ... ')[0][:60]!r})"
                )
                out.append(
                    Flag(
                        kind="hate",
                        code=trope.id,
                        label=comp.catalogue.trope(trope.id).name,
                        start=start,
                        end=end,
                        text=text[start:end],
                        voice=voice,
                        target_group=trope.group.name,
                        explanation=_explain(trope, comp, text[start:end], how, voice),
                        confidence=CONFIDENCE_SLUR if slur else CONFIDENCE_CUE,
                    )
                )
        for cid, label, cues in comp.contested:
            for cue in cues:
                if not cue.possible(words):
                    continue
                found = cue.regex.search(sentence)
                if found is None:
                    continue
                m = found
                voice = _voice(comp, sentence, words, m.start(), m.end(), base, quotes)
                if voice == "discussed":
                    continue
                start, end = _trim(text, base + m.start(), base + m.end())
                who = "the author" if voice == "author" else "a quoted speaker"
                out.append(
                    Flag(
                        kind="contested",
                        code="contested-claim",
                        label=label,
                        start=start,
                        end=end,
                        text=text[start:end],
                        voice=voice,
                        target_group=None,
                        explanation=(
                            f"{label} ({cid}): {who} makes a political accusation ('{text[start:end]}') against a "
                            "person, party or government. Check it against evidence; it is not hate against a group."
                        ),
                        confidence=CONFIDENCE_CONTESTED,
                    )
                )
                break
    return out


def _act_flags(doc: Any, comp: Compiled, quotes: _Quotes, acts: Sequence[Act]) -> list[Flag]:
    text = doc.text
    by_group = {t.group.id: t for t in comp.tropes if "collective-act" in comp.catalogue.trope(t.id).rules}
    out: list[Flag] = []
    for act in acts:
        trope = by_group.get(act.group.id)
        if trope is None:
            continue
        sent = doc[act.start].sent
        sentence = sent.text
        base = sent.start_char
        words = frozenset(_WORD.findall(sentence.lower()))
        if _any(trope.counter, sentence, words):
            continue
        start, end = _trim(text, doc[act.start].idx, doc[act.end].idx + len(doc[act.end]))
        voice = _voice(comp, sentence, words, start - base, end - base, base, quotes)
        how = f"ascribes a hostile act ('{act.verb}') to {act.subject} as a whole rather than to named people"
        out.append(
            Flag(
                kind="hate",
                code=trope.id,
                label=comp.catalogue.trope(trope.id).name,
                start=start,
                end=end,
                text=text[start:end],
                voice=voice,
                target_group=trope.group.name,
                explanation=_explain(trope, comp, text[start:end], how, voice),
                confidence=CONFIDENCE_ACT,
            )
        )
    return out


def _dedupe(flags: Iterable[Flag]) -> tuple[Flag, ...]:
    """One flag per code and overlapping passage (the longest), in text order."""
    kept: list[Flag] = []
    for f in sorted(flags, key=lambda f: (f.code, f.start, -(f.end - f.start))):
        if f.end <= f.start:
            continue
        if kept and kept[-1].code == f.code and f.start < kept[-1].end:
            continue
        kept.append(f)
    return tuple(sorted(kept, key=lambda f: (f.start, f.end, f.code)))


def detect_tropes(doc: Any, quotes: Sequence[Quote] = ()) -> tuple[Flag, ...]:
    """The hate and contested-claim flags of one parsed article (offsets into ``doc.text``)."""
    if len(doc) == 0:
        return ()
    comp = compiled()
    index = _Quotes(quotes)
    flags = _cue_flags(doc, comp, index)
    flags.extend(_act_flags(doc, comp, index, collective_acts(doc)))
    return _dedupe(flags)


class TropesComponent(Component):
    """Appends hate-trope and contested-claim flags to ``flags`` (see :func:`detect_tropes`)."""

    name: ClassVar[str] = "slant.tropes.v1"
    requires: ClassVar[tuple[str, ...]] = ("doc", "actors", "quotes")
    provides: ClassVar[tuple[str, ...]] = ("flags",)

    def __init__(self) -> None:
        compiled()  # compile the catalogue when the pipeline is built, not on the first article

    def __call__(self, ctx: Context) -> None:
        mine = detect_tropes(ctx.doc, ctx.data.get("quotes", ()))
        ctx.data["flags"] = (*ctx.data.get("flags", ()), *mine)
