"""The flags one sentence or act gives: cue matches and collective acts become hate or contested flags,
each checked against negation, reclaimed slurs, quote marks and nearby rejection, with its voice (author,
quoted, discussed), target group and explanation. The rules are described in
:mod:`slant.analyze.tropes._component`, which runs these over an article.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from typing import Any, Literal

from slant.analyze.tropes._attribution import third_party_view
from slant.analyze.tropes._catalogue import Group
from slant.analyze.tropes._normalise import Plain, normalise, spaced_runs
from slant.analyze.tropes._patterns import Compiled, CompiledTrope, Cue
from slant.analyze.tropes._refs import antecedent, generic_mention_ok
from slant.analyze.tropes._rules import Act, group_named, may_name, names_group, rule_lexicon
from slant.models import Flag, Quote
from slant.nlp.spans import doc_text, sentences_of, span_text

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

    def covering(self, start: int) -> Quote | None:
        """The quote that holds character ``start``, if any."""
        i = bisect.bisect_right(self.starts, start) - 1
        for j in range(i, max(i - 4, -1), -1):
            q = self.quotes[j]
            if q.start <= start < q.end:
                return q
        return None

    def covers(self, start: int, vague: frozenset[str] = frozenset()) -> bool:
        """Whether a quote holds ``start``; a reported (not directly quoted) line whose speaker is only words of
        ``vague`` ("people say that ...", "some claim ...") does not count: the claim stays the writer's."""
        q = self.covering(start)
        if q is None:
            return False
        if q.kind == "indirect" and q.speaker is None and vague and q.speaker_name:
            return not set(re.findall(r"[a-z]+", q.speaker_name.lower())) <= vague
        return True


def _negated(sentence: str, start: int, end: int, cue: Cue, negators: frozenset[str]) -> bool:
    """A negator (not written in the cue itself) inside the match or in the few words before it.

    A contracted negator followed by a subject pronoun is a question, not a denial ("Isn't it true that
    ...", "Don't you think ...").
    """
    seq = [*_NEG_WORD.findall(sentence[:start])[-NEGATION_WINDOW:], *_NEG_WORD.findall(sentence[start:end])]
    for i, w in enumerate(seq):
        w = w.lower().replace("’", "'")
        if w in cue.literals:
            continue
        if w.endswith("n't") and i + 1 < len(seq) and seq[i + 1].lower() in _QUESTION_SUBJECTS:
            continue
        if w in negators or w.endswith("n't"):
            return True
    return False


_QUESTION_SUBJECTS = frozenset({"it", "you", "we", "they", "i", "he", "she", "there", "everyone", "people"})


def _plain(sentence: str) -> str:
    """The sentence with spelling obfuscation undone (:func:`._normalise.normalise`), for cue tests only."""
    return normalise(sentence).text


def _reclaimed(comp: Compiled, sentence: str, start: int) -> bool:
    """Whether the words just before a slur at ``start`` make it the speaker's own word ("my ...", "we are ...")."""
    before = sentence[:start].rstrip(" \t\"'“”‘’")
    after = sentence[start:]
    if _SELF_AFTER.match(after):
        return True  # "... like me", "... like us"
    starts = [m.start() for m in _WORD.finditer(before)][-6:]
    return any(cue.regex.fullmatch(before, p) for p in starts for cue in comp.self_reference)


#: A slur followed by "like me" / "like us": the speaker counts themself in.
_SELF_AFTER = re.compile(r"[\w'’-]+\s+like\s+(?:me|us|myself|ourselves)\b", re.IGNORECASE)


def _outside(cues: Iterable[Cue], sentence: str, words: frozenset[str], start: int, end: int) -> bool:
    """Whether one of the cues matches the sentence somewhere not wholly inside ``[start, end)``."""
    for cue in cues:
        if not cue.possible(words):
            continue
        for m in cue.regex.finditer(sentence):
            if m.start() < start or m.end() > end:
                return True
    return False


def _glossed(cues: Iterable[Cue], sentence: str, words: frozenset[str], end: int) -> bool:
    """Whether one of the gloss cues matches the sentence before ``end`` (inside the match or before it)."""
    for cue in cues:
        if cue.possible(words):
            m = cue.regex.search(sentence)
            if m is not None and m.start() < end:
                return True
    return False


def _any(cues: Iterable[Cue], sentence: str, words: frozenset[str]) -> bool:
    return any(cue.possible(words) and cue.regex.search(sentence) for cue in cues)


#: A single quotation mark that opens a quote (after a space or bracket, before a letter), and one that closes it;
#: apostrophes ("don't", "Ali's") are neither.
_SINGLE_OPEN = re.compile(r"(?<![^\s(\[])['‘](?=\w)")


_SINGLE_CLOSE = re.compile(r"(?<=[\w.,!?])['’](?=[\s.,;:!?)\]]|$)")


def _quote_mark_span(text: str, start: int) -> tuple[int, int] | None:
    """The stretch between the quotation marks around ``start`` on its line, or ``None`` when it lies outside
    them: inside an odd number of double marks, or after a single mark that opens a quote ("revived the phrase
    'welfare queens'") with no closing one between. An unclosed quote runs to the end of the line."""
    first = text.rfind("\n", 0, start) + 1
    stop = text.find("\n", start)
    stop = len(text) if stop < 0 else stop
    line = text[first:start]
    if line.count('"') % 2 == 1 or line.count("“") > line.count("”"):
        opened = first + max(line.rfind('"'), line.rfind("“")) + 1
        closes = [i for i in (text.find('"', start, stop), text.find("”", start, stop)) if i >= 0]
        return opened, min(closes, default=stop)
    opened_single = [m.end() for m in _SINGLE_OPEN.finditer(text, first, start + 1)]
    if not opened_single or _SINGLE_CLOSE.search(text, opened_single[-1], start) is not None:
        return None
    closed = _SINGLE_CLOSE.search(text, start, stop)
    return opened_single[-1], closed.start() if closed is not None else stop


def _in_quote_marks(text: str, start: int) -> bool:
    """Whether ``start`` lies between quotation marks on its line (:func:`_quote_mark_span`)."""
    return _quote_mark_span(text, start) is not None


#: A match inside quotation marks that hold at least this many words is someone else's words put on show
#: ("shouted "Jews will not replace us"", the phrase "those damn ..."), not the author's: of the 77 author-voice
#: matches inside quotation marks in ISCA's tweets, 76 sit in tweets labelled not antisemitic. A shorter stretch
#: may be the author's own scare-quoted term (the "globalists"), which stays the author's.
QUOTED_CLAUSE_WORDS = 3


def _in_quoted_clause(text: str, start: int) -> bool:
    """Whether ``start`` lies between quotation marks holding :data:`QUOTED_CLAUSE_WORDS` words or more."""
    span = _quote_mark_span(text, start)
    return span is not None and len(_WORD.findall(text[span[0] : span[1]])) >= QUOTED_CLAUSE_WORDS


def _rejected_nearby(doc: Any, comp: Compiled, char: int) -> bool:
    """Whether the sentence before or after the one holding ``char`` (same paragraph) rejects or discusses it."""
    span = doc.char_span(char, char + 1, alignment_mode="expand")
    if span is None or len(span) == 0:
        return False
    sent = span[0].sent
    text = doc_text(doc)
    near = []
    if sent.start > 0:
        near.append(doc[sent.start - 1].sent)
    if sent.end < len(doc):
        near.append(doc[sent.end].sent)
    for other in near:
        lo, hi = min(other.start_char, sent.start_char), max(other.end_char, sent.end_char)
        if "\n" in text[lo:hi].strip():
            continue
        plain = _plain(other.text)
        words = frozenset(_WORD.findall(plain.lower()))
        if _any(comp.rejection, plain, words) or _any(comp.discussion, plain, words):
            return True
    return False


def _voice(
    comp: Compiled,
    sentence: str,
    words: frozenset[str],
    start: int,
    end: int,
    base: int,
    quotes: _Quotes,
    doc: Any = None,
    at: tuple[int, int] | None = None,
) -> Voice:
    """Whose words a match in ``sentence[start:end]`` is (``base``: the sentence's offset in the text).

    A quoted line next to a sentence that rejects it ("\"... are vermin.\" Words like that are vile.") is
    discussed too (``doc`` given). A match is ``quoted`` inside a quote, after a reported cue, in the clause of a
    third party's verb of saying or believing (:func:`._attribution.third_party_view`), or inside quotation
    marks that hold a clause rather than a scare-quoted term (:data:`QUOTED_CLAUSE_WORDS`). ``at``: the match's
    offsets in the text when ``sentence`` was rewritten.
    """
    if _outside(comp.discussion, sentence, words, start, end) or _glossed(comp.glosses, sentence, words, end):
        return "discussed"
    first = at[0] if at is not None else base + start
    covered = quotes.covers(first, comp.vague_sources)
    if doc is not None and (covered or _in_quote_marks(doc_text(doc), first)) and _rejected_nearby(doc, comp, first):
        return "discussed"
    if covered:
        return "quoted"
    for cue in comp.reported:
        if cue.possible(words):
            m = cue.regex.search(sentence)
            if m is not None and m.end() <= start:
                return "quoted"
    if doc is None:
        return "quoted" if _in_quoted_clause(sentence, start) else "author"
    if third_party_view(doc, first, comp.belief_verbs, comp.vague_sources) or _in_quoted_clause(doc_text(doc), first):
        return "quoted"
    return "author"


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and (text[start].isspace() or text[start] in "\"'“”‘’,;:"):
        start += 1
    while end > start and (text[end - 1].isspace() or text[end - 1] in "\"'“”‘’,;:"):
        end -= 1
    return start, end


def _explain(trope: CompiledTrope, comp: Compiled, passage: str, how: str, voice: Voice, group: Group) -> str:
    t = comp.catalogue.trope(trope.id)
    short = passage if len(passage) <= 120 else passage[:117] + "..."
    return (
        f"{t.name} ({t.id}), a trope aimed at {group.name}: {t.description} "
        f"The passage '{short}' {how}. {_VOICE_NOTE[voice]}"
    )


def _imperative(doc: Any, start: int) -> bool:
    """Whether the word at character ``start`` is a verb used as a command ("Kill all ...", "so shoot ...")."""
    span = doc.char_span(start, start + 1, alignment_mode="expand")
    if span is None or len(span) == 0:
        return False
    verb = span[0]
    if verb.tag_ != "VB" or any(c.dep_ in ("nsubj", "nsubjpass", "aux", "expl") for c in verb.children):
        return False
    before = [t for t in doc[verb.sent.start : verb.i] if not t.is_punct]
    return all(t.lower_ in _IMPERATIVE_LEAD for t in before)


#: Words that may come before a command's verb ("just kill ...", "please go and shoot ...").
_IMPERATIVE_LEAD = frozenset({"just", "so", "please", "now", "then", "and", "go", "simply", "all", "yes", "ok", "okay"})


#: Punctuation that a generic match may not cross ("What the fuck, women ..." is two clauses).
_BREAK = re.compile(r"[,;:!?()\[\]]")


def _clause_ends(doc: Any, end: int) -> bool:
    """Whether a generic match ending at character ``end`` ends its phrase.

    Not when its last word modifies a noun after it ("the cancer patients"), heads a relative clause ("not
    people who ..."), or is a verb with an object ("should suffer no discrimination").
    """
    span = doc.char_span(max(end - 1, 0), end, alignment_mode="expand")
    if span is None or len(span) == 0:
        return True
    last = span[-1]
    if last.dep_ in ("compound", "amod", "nmod", "poss") and last.head.i > last.i:
        return False
    deps = {c.dep_ for c in last.children if c.i > last.i}
    if last.pos_ in ("NOUN", "PROPN") and deps & {"relcl", "acl"}:
        return False
    return not (last.pos_ == "VERB" and "dobj" in deps)


def _generic_target(
    doc: Any, m: re.Match[str], cue: Cue, comp: Compiled, base: int, norm: Plain
) -> tuple[Group, int] | None:
    """The group a generic match names, and where that group is named (see :mod:`._refs`)."""
    found = m.groupdict()
    for label in cue.mentions:
        for kind in "namr":
            name = label + kind
            if found.get(name) is None:
                continue
            start, end = base + norm.start(m.start(name)), base + norm.end(m.end(name))
            if kind == "r":
                ref = antecedent(doc, start, comp)
                return None if ref is None else (ref.group, ref.start)
            group = comp.resolve(kind, found[name])
            if group is None or not generic_mention_ok(doc, start, end, kind, group):
                return None
            return group, start
    return None


def _mentions_ok(doc: Any, m: re.Match[str], cue: Cue, trope: CompiledTrope, base: int, norm: Plain) -> bool:
    lex = rule_lexicon()
    found = m.groupdict()
    for label in cue.mentions:
        for suffix, adjective in (("a", True), ("n", False)):
            name = label + suffix
            if found.get(name) is not None and not names_group(
                doc, base + norm.start(m.start(name)), base + norm.end(m.end(name)), adjective, trope.group, lex
            ):
                return False
    return True


def _sentences(doc: Any) -> list[Any]:
    """The doc's sentences, rejoined where the parser split inside spaced-out letters ("k i l l")."""
    sents = list(sentences_of(doc))
    runs = spaced_runs(doc_text(doc))
    if not runs or len(sents) < 2:
        return sents
    out = [sents[0]]
    for sent in sents[1:]:
        cut = sent.start_char
        if any(a < cut < b for a, b in runs):
            out[-1] = doc[out[-1].start : sent.end]
        else:
            out.append(sent)
    return out


def _before_in_paragraph(text: str, sents: Sequence[Any], i: int) -> Any | None:
    """The sentence before ``sents[i]`` when both lie in one paragraph (no line break between them)."""
    if i == 0:
        return None
    prev = sents[i - 1]
    return None if "\n" in text[prev.start_char : sents[i].end_char].strip() else prev


class _Named:
    """Whether a sentence names a group, computed once per (sentence, group) for the whole article."""

    def __init__(self, doc: Any) -> None:
        self.doc = doc
        self.words: dict[int, frozenset[str]] = {}
        self.known: dict[tuple[int, str], bool] = {}

    def __call__(self, sent: Any, group: Group) -> bool:
        key = (sent.start_char, group.id)
        if key not in self.known:
            words = self.words.get(sent.start_char)
            if words is None:
                words = self.words[sent.start_char] = frozenset(_WORD.findall(span_text(sent).lower()))
            self.known[key] = may_name(group, words) and group_named(self.doc, sent, group)
        return self.known[key]

    def near(self, sent: Any, prev: Any | None, group: Group) -> bool:
        """Whether ``sent``, or the sentence before it in the same paragraph, names ``group``.

        Op-ed tropes often name the group in one sentence and make the claim in the next ("Roma families moved
        in last spring. Now the thieving has started"); a sentence cue counts in either sentence (issue 4).
        """
        return self(sent, group) or (prev is not None and self(prev, group))


def _cue_flags(doc: Any, comp: Compiled, quotes: _Quotes) -> list[Flag]:
    text = doc_text(doc)
    out: list[Flag] = []
    sents = _sentences(doc)
    named_in = _Named(doc)
    for i, sent in enumerate(sents):
        prev = _before_in_paragraph(text, sents, i)
        norm = normalise(span_text(sent))
        sentence = norm.text
        base = sent.start_char
        words = frozenset(_WORD.findall(sentence.lower()))
        named: dict[str, bool] = {}
        group_here: dict[int, bool] = {}  # group_named per group object: several tropes share a group

        for trope, cue, needs_group in comp.candidates(words):
            if needs_group:
                if trope.id not in named:
                    g = id(trope.group)
                    if g not in group_here:
                        group_here[g] = named_in.near(sent, prev, trope.group)
                    named[trope.id] = group_here[g] or _any(trope.context, sentence, words)
                if not named[trope.id]:
                    continue
            for m in cue.regex.finditer(sentence):
                if m.end() == m.start() or _negated(sentence, m.start(), m.end(), cue, comp.negators):
                    continue
                slur = cue.source.strip() == "{slurs}"
                if slur and _reclaimed(comp, sentence, m.start()):
                    continue
                first, last = base + norm.start(m.start()), base + norm.end(m.end())
                if cue in trope.imperative and not _imperative(doc, first):
                    continue
                if _any(trope.counter, sentence, words):
                    continue
                group, named_at = trope.group, base
                if trope.generic:
                    ends_on_group = any(
                        m.end(label + kind) == m.end()
                        for label in cue.mentions
                        for kind in "namr"
                        if m.groupdict().get(label + kind) is not None
                    )
                    if _BREAK.search(m.group(0)) or not (ends_on_group or _clause_ends(doc, last)):
                        continue
                    target = _generic_target(doc, m, cue, comp, base, norm)
                    if target is None:
                        continue
                    group, named_at = target
                    if named_at < base and _any(trope.counter, *_sentence_at(doc, named_at)):
                        continue  # the counter-cue sits in the sentence that named the group
                elif not _mentions_ok(doc, m, cue, trope, base, norm):
                    continue
                start, end = _trim(text, first, last)
                voice = _voice(comp, sentence, words, m.start(), m.end(), base, quotes, doc, (first, last))
                how = (
                    "uses a slur for the group"
                    if slur
                    else f"matches this pattern (cue: {cue.source.split(' ... ')[0][:60]!r})"
                )
                if base > named_at:
                    how += f" and refers back to {group.name}, named in the sentence before"
                confidence = CONFIDENCE_SLUR if slur else CONFIDENCE_CUE
                out.append(_hate_flag(trope, comp, text, start, end, voice, group, how, confidence))
        for cid, label, cues in comp.contested:
            for cue in cues:
                if not cue.possible(words):
                    continue
                found = cue.regex.search(sentence)
                if found is None:
                    continue
                m = found
                at = (base + norm.start(m.start()), base + norm.end(m.end()))
                voice = _voice(comp, sentence, words, m.start(), m.end(), base, quotes, at=at)
                if voice == "discussed":
                    continue
                start, end = _trim(text, *at)
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
    text = doc_text(doc)
    by_group = {t.group.id: t for t in comp.tropes if "collective-act" in comp.catalogue.trope(t.id).rules}
    out: list[Flag] = []
    for act in acts:
        trope = by_group.get(act.group.id)
        if trope is None:
            continue
        sent = doc[act.start].sent
        sentence = span_text(sent)
        base = sent.start_char
        words = frozenset(_WORD.findall(sentence.lower()))
        if _any(trope.counter, sentence, words):
            continue
        start, end = _trim(text, doc[act.start].idx, doc[act.end].idx + len(doc[act.end]))
        voice = _voice(comp, sentence, words, start - base, end - base, base, quotes)
        how = f"ascribes a hostile act ('{act.verb}') to {act.subject} as a whole rather than to named people"
        out.append(_hate_flag(trope, comp, text, start, end, voice, trope.group, how, CONFIDENCE_ACT))
    return out


def _hate_flag(
    trope: CompiledTrope,
    comp: Compiled,
    text: str,
    start: int,
    end: int,
    voice: Voice,
    group: Group,
    how: str,
    confidence: float,
) -> Flag:
    """A ``hate`` flag for ``text[start:end]``, named and explained from the catalogue."""
    return Flag(
        kind="hate",
        code=trope.id,
        label=comp.catalogue.trope(trope.id).name,
        start=start,
        end=end,
        text=text[start:end],
        voice=voice,
        target_group=group.name,
        explanation=_explain(trope, comp, text[start:end], how, voice, group),
        confidence=confidence,
    )


def _sentence_at(doc: Any, char: int) -> tuple[str, frozenset[str]]:
    """The (leetspeak-plain) text and word set of the sentence holding character ``char``."""
    span = doc.char_span(char, char + 1, alignment_mode="expand")
    sentence = _plain(span_text(span[0].sent)) if span is not None and len(span) else ""
    return sentence, frozenset(_WORD.findall(sentence.lower()))
