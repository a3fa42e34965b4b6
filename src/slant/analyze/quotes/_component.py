"""Quotes: what people say in an article, directly or reported, and who says it.

:func:`extract_quotes` works on the spaCy Doc, the actors and the pronoun links in four steps:

1. quotation marks are paired in one pass over the text (:mod:`slant.analyze.quotes._marks`): straight,
   curly, single and guillemet marks, apostrophes told apart, quotes over several paragraphs;
2. reported clauses come from the parse (:mod:`slant.analyze.quotes._reported`): the clausal complement
   of a reporting verb from ``resources/quotes/reporting_verbs.tsv`` ("X said (that) ...", "X told Y
   that ...", "X warned ..."), and "according to X, ...". A clause that lies inside one pair of marks is
   the frame of a *direct* quote; a clause that holds quoted words and words of its own is *mixed* (the
   whole clause, marks included inside it); a clause without marks is *indirect*;
3. quotes the parse did not frame are attributed from the words right after or before them
   (:mod:`slant.analyze.quotes._windows`): "…,” she said", "…,” said X", "X told the BBC: “…",
   "adding: “…", "accused X of “…", and a paragraph ending "X said:" frames the quote that opens the next;
4. the speaker is resolved (:mod:`slant.analyze.quotes._speaker`) to an actor, through a pronoun link, or
   to an unnamed speaker phrase ("a Labour spokesperson": ``speaker`` null, ``speaker_name`` set).

Conventions (the gold set follows them):

* one :class:`~slant.models.Quote` is one contiguous stretch of quoted words without its marks. A
  quote interrupted by its attribution ("“We will win,” she said, “and we will win big.”") gives two
  quotes with the same speaker; a quote over several paragraphs gives one quote per paragraph, all with
  the speaker found for any of them;
* a quote of at most :data:`SHORT_WORDS` words that no reporting verb frames is a phrase (a scare quote,
  a nickname, a slogan) and is left out; so is a quoted title (every word capitalised), and so is a quoted
  line of its own without a full stop (a sub-heading or headline set in quotation marks). Framed short
  fragments are kept ("called it “a disgrace”", "accused X of “…”"), and so is a short whole sentence
  ("Nobody knows.") that continues a speaker;
* an unframed longer quote that stands where a sentence can start continues the last speaker when it is
  in the same paragraph as that speaker's quote, or when its paragraph opens with the quote and follows
  that speaker's paragraph; when a different person is the subject of a sentence in between, that
  person speaks instead. Otherwise (and always for quoted words inside the writer's own sentence:
  'because Trump “is less bound ...”') its speaker is null;
* nested reports keep only the outermost ("X said Y had claimed ...");
* in a transcript or interview, each paragraph that opens with a speaker's label ("MQ:", "Reed:") is a
  direct quote of the person the label names (:mod:`slant.analyze.common._transcript`); so is an
  embedded social-media post that ends with its author's signature (:mod:`slant.analyze.quotes._posts`).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar, Literal

from slant.analyze.base import Component, Context
from slant.analyze.common import find_turns
from slant.analyze.quotes._lexicon import ACCORDING_TO, load_quote_lexicon
from slant.analyze.quotes._marks import Marked, MarkIndex, find_marked, word_count
from slant.analyze.quotes._posts import find_posts
from slant.analyze.quotes._reported import find_reported
from slant.analyze.quotes._speaker import Speaker, SpeakerFinder
from slant.analyze.quotes._windows import Windows
from slant.models import Actor, Quote, Span
from slant.nlp.spans import doc_text, tokens_of

#: Longest unframed quoted stretch (in words) taken for a phrase rather than a quote.
SHORT_WORDS = 5
#: Longest quoted line (in words) taken for a sub-heading when it has no full stop.
HEADING_WORDS = 14
#: Words that may stay lower-case in a title ("Road to Nowhere").
TITLE_SMALL = frozenset({"a", "an", "the", "of", "and", "or", "to", "in", "on", "for", "at", "by", "with", "from"})
#: What may come right before a quote that is a sentence of its own: a sentence end, a colon, a comma, a
#: dash, or the close of an earlier quote.
SENTENCE_OPENERS = frozenset(".!?:;,—–-\"”’'»…")
#: How many paragraphs back a paragraph that opens with a quote looks for the speaker it continues.
CONTINUE_PARAGRAPHS = 1

Kind = Literal["direct", "indirect", "mixed"]


@dataclass(slots=True)
class _Item:
    """A quote being assembled."""

    start: int
    end: int
    kind: Kind
    speaker: Speaker | None
    cue: str | None
    cue_type: str | None
    reach: int  # end of the quote or of its attribution, whichever is later


@dataclass(frozen=True, slots=True)
class _Frame:
    speaker: Speaker
    cue: str
    cue_type: str
    reach: int


def extract_quotes(doc: Any, actors: Sequence[Actor], pronouns: Sequence[tuple[Span, str]]) -> tuple[Quote, ...]:
    """The quotes of ``doc`` in text order (see the module docstring for the rules)."""
    text: str = doc_text(doc)
    lex = load_quote_lexicon()
    marks = find_marked(text)
    index = MarkIndex(marks)
    finder = SpeakerFinder(doc, actors, pronouns, lex)
    paras = _paragraph_starts(text)
    items: list[_Item] = []
    frames: dict[int, _Frame] = {}
    consumed: set[int] = set()
    for r in find_reported(doc, lex, index, finder.subject):
        if r.speaker_token is None:
            continue
        spk = finder.resolve(r.speaker_token)
        if spk is None:
            continue
        reach = max(r.end, r.cue_token.idx + len(r.cue_token.text))
        hits = [k for k in index.overlapping(r.start, r.end) if k not in consumed]
        if not hits:
            if spk.strong or (r.cue == ACCORDING_TO and r.speaker_token.tag_ != "NNS"):
                items.append(_Item(r.start, r.end, "indirect", spk, r.cue, r.cue_type, reach))
            continue
        if len(hits) == 1 and marks[hits[0]].open <= r.start and r.end <= marks[hits[0]].outer_end:
            frames.setdefault(hits[0], _Frame(spk, r.cue, r.cue_type, reach))
            continue
        if len(hits) == 1 and _slogan_subject(text, marks[hits[0]], r.start):
            # 'shouting “Harwick first” clashed with police': the parser made the slogan the subject of the
            # writer's verb; the slogan is what was shouted, the rest is the writer's
            frames.setdefault(hits[0], _Frame(spk, r.cue, r.cue_type, reach))
            continue
        start = min(r.start, *(marks[k].open for k in hits))
        end = max(r.end, *(marks[k].outer_end for k in hits))
        items.append(_Item(start, end, "mixed", spk, r.cue, r.cue_type, max(reach, end)))
        consumed.update(hits)
        for k in hits:
            frames.setdefault(k, _Frame(spk, r.cue, r.cue_type, reach))
    _frame_from_windows(doc, text, marks, paras, frames, finder)
    _share_in_groups(marks, frames)
    for k, m in enumerate(marks):
        if k in consumed:
            continue
        f = frames.get(k)
        if f is not None:
            if not _title_like(text[m.start : m.end]):
                items.append(_Item(m.start, m.end, "direct", f.speaker, f.cue, f.cue_type, max(m.outer_end, f.reach)))
        elif _heading(text, m):
            continue  # a quoted sub-heading or headline: a line of its own without a full stop
        elif _sentence_like(text, m) or (word_count(text, m) > SHORT_WORDS and not _title_like(text[m.start : m.end])):
            items.append(_Item(m.start, m.end, "direct", None, None, None, -1))  # speaker settled below
    items.sort(key=lambda it: (it.start, -it.end))
    _label_speakers(items, text, actors)
    _continue_speakers(items, text, paras, index, marks, _subject_mentions(doc, finder, index))
    turns = _turns(text, actors) + [
        _Item(
            p.start, p.end, "direct", Speaker(p.actor, finder.names.get(p.actor or "", p.name), True), None, None, p.end
        )
        for p in find_posts(text, actors)
    ]
    if turns:  # a turn is its speaker's words whatever marks or verbs inside it say
        items = [it for it in items if not any(t.start <= it.end and it.start <= t.end for t in turns)]
        items = sorted(items + turns, key=lambda it: (it.start, -it.end))
    kept = [it for it in items if it.speaker is not None or _long(text, it)]
    return _conjoined(tuple(_quote(it, text) for it in _no_overlaps(kept)), text)


#: What may stand between two quotations joined in one attribution ("yelled ‘A’ and ‘B’", "“A”, “B” or “C”").
_JOINERS = frozenset({"and", "or", ",", ", and", ", or", "as well as"})


def _conjoined(quotes: tuple[Quote, ...], text: str) -> tuple[Quote, ...]:
    """A direct quote with no speaker that follows an attributed direct quote with only a conjunction between
    them ("yelled slogans like ‘A’ and ‘B’") has that quote's speaker and cue."""
    out = list(quotes)
    for n in range(1, len(out)):
        prev, q = out[n - 1], out[n]
        if q.speaker is not None or q.kind != "direct" or prev.kind != "direct" or prev.speaker is None:
            continue
        between = " ".join(text[prev.end : q.start].strip(" \t\"'“”‘’").split())
        between = between.replace(" ,", ",").strip()
        if between in _JOINERS:
            out[n] = replace(
                q, speaker=prev.speaker, speaker_name=prev.speaker_name, cue=prev.cue, cue_type=prev.cue_type
            )
    return tuple(out)


def _heading(text: str, m: Marked) -> bool:
    """Whether an unframed quote is a line of its own of at most :data:`HEADING_WORDS` words with no
    sentence-final punctuation inside or right after its marks: a sub-heading or headline set in quotation
    marks, which no one is quoted as saying there."""
    line_start = text.rfind("\n", 0, m.open) + 1
    line_end = text.find("\n", m.outer_end)
    line_end = len(text) if line_end < 0 else line_end
    if text[line_start : m.open].strip() or text[m.outer_end : line_end].strip(" \t\"”’'"):
        return False
    content = text[m.start : m.end].rstrip()
    return word_count(text, m) <= HEADING_WORDS and content[-1:] not in ".!?…,;:"


def _slogan_subject(text: str, m: Marked, clause_start: int) -> bool:
    """Whether a reported clause opens with a short quote (at most :data:`SHORT_WORDS` words) that is no
    sentence of its own: a slogan the parser took for the clause's subject."""
    return m.open <= clause_start <= m.start and word_count(text, m) <= SHORT_WORDS and not _sentence_like(text, m)


#: Longest label line (in words) read as the name of the speaker of the quote under it.
LABEL_WORDS = 12
#: What may open a label line before the name: list bullets and stray dots of page layout.
_BULLETS = " \t.•·*-–—"


def _label_speakers(items: list[_Item], text: str, actors: Sequence[Actor]) -> None:
    """Speakers that a roundup's labels name: a direct quote with no speaker whose line opens with a
    person's name and a colon ("Sen. Ana Reed (D-Ore.): “…"), or whose paragraph opens with the quote under
    a line that holds only a person's name ("Ana Reed (Labour leader)" above "“…"). A title before the name
    and a bracketed affiliation after it may stand on the label; nothing else."""
    people = [(m.start, m.end, a) for a in actors if a.kind == "person" for m in a.mentions]
    if not people:
        return
    for it in items:
        if it.speaker is not None or it.kind != "direct":
            continue
        line_start = text.rfind("\n", 0, it.start) + 1
        label = text[line_start : it.start].rstrip(" \t\"“”‘’'«")
        if label.endswith(":"):
            found = _label_person(text, line_start, line_start + len(label) - 1, people)
        elif not label.strip() and line_start > 1:
            prev_end = line_start - 1
            while prev_end > 0 and text[prev_end - 1] in " \t\n":
                prev_end -= 1
            prev_start = text.rfind("\n", 0, prev_end) + 1
            found = _label_person(text, prev_start, prev_end, people)
        else:
            found = None
        if found is not None:
            it.speaker, it.reach = Speaker(found.id, found.name, True), it.end


def _label_person(text: str, start: int, end: int, people: list[tuple[int, int, Actor]]) -> Actor | None:
    """The person whose mention is all of ``text[start:end]`` but for bullets, a title before it and a
    bracketed part after it; None otherwise."""
    label = text[start:end]
    if not label.strip() or len(label.split()) > LABEL_WORDS or any(ch in label for ch in '“”"!?;'):
        return None
    bracket = label.find("(")
    if bracket >= 0 and not label.rstrip().endswith(")"):
        return None
    name_end = start + (bracket if bracket >= 0 else len(label.rstrip()))
    name_start = start + len(label) - len(label.lstrip(_BULLETS))
    inside = [(s, e, a) for s, e, a in people if name_start <= s and e <= name_end]
    if len({a.id for _, _, a in inside}) != 1:
        return None
    s, e = min(m[0] for m in inside), max(m[1] for m in inside)
    if text[e:name_end].strip():
        return None  # "Ana Reed said" is a sentence, not a label
    before = text[name_start:s].split()
    if len(before) > 2 or any(not w[:1].isupper() for w in before):
        return None  # only a title may stand before the name ("Sen.", "Former Minister")
    return inside[0][2]


def _turns(text: str, actors: Sequence[Actor]) -> list[_Item]:
    """A transcript's turns as direct quotes of the speaker each label names ("MQ: ..." is Mara Quell's when
    the actor analyser gave her that alias; "Reed: ..." is Reed's): a label no actor carries speaks as itself
    (speaker null, the label for its name)."""
    turns = find_turns(text)
    if not turns:
        return []
    by_label: dict[str, Actor] = {}
    for a in actors:
        if a.kind != "person":
            continue
        for form in (a.name, *a.aliases, a.name.split()[-1]):
            by_label.setdefault(form.replace(".", ""), a)
    out: list[_Item] = []
    for t in turns:
        start, end = t.start, t.end
        while end > start and text[end - 1].isspace():
            end -= 1
        if end - start >= 2 and text[start] in '“"' and text[end - 1] in '”"':
            start, end = start + 1, end - 1  # the whole turn set off by its own marks
        actor = by_label.get(t.label.replace(".", ""))
        speaker = Speaker(actor.id, actor.name, True) if actor else Speaker(None, t.label, True)
        out.append(_Item(start, end, "direct", speaker, None, None, t.end))
    return out


def _long(text: str, it: _Item) -> bool:
    """True unless the item is a short unframed quote (kept only when it continues a speaker)."""
    return it.kind != "direct" or it.cue is not None or len(text[it.start : it.end].split()) > SHORT_WORDS


def _sentence_like(text: str, m: Marked) -> bool:
    """A short quote that is a whole sentence ("Nobody knows."): capitalised, ending with . ! or ?, and
    standing where a sentence starts. A phrase quoted inside the writer's sentence ("treats this vote as
    “Russian aggression.”") is no sentence of its own, whatever punctuation the quote marks enclose."""
    content = text[m.start : m.end]
    if not (content[0].isupper() and content[-1] in ".!?" and len(content.split()) <= SHORT_WORDS):
        return False
    return _at_sentence_start(text, m.open)


def _at_sentence_start(text: str, pos: int) -> bool:
    """Whether a quotation mark at ``pos`` stands where a sentence can start (see :data:`SENTENCE_OPENERS`)."""
    i = pos - 1
    while i >= 0 and text[i].isspace():
        if text[i] == "\n":
            return True  # a paragraph starts here
        i -= 1
    return i < 0 or text[i] in SENTENCE_OPENERS


def _introduced(text: str, para_start: int, open_at: int) -> bool:
    """Whether a quote opens its paragraph right after a paragraph that ends with a colon ("Ms Ali said:"
    and the quote set below it): the words before the colon frame it."""
    if text[para_start:open_at].strip():
        return False
    return text[:para_start].rstrip().rstrip("-–—").endswith(":")


def _frame_from_windows(
    doc: Any,
    text: str,
    marks: Sequence[Marked],
    paras: list[int],
    frames: dict[int, _Frame],
    finder: SpeakerFinder,
) -> None:
    """Frames for the quotes the parse left unframed, from the words after or before each."""
    windows = Windows(doc, text, load_quote_lexicon(), finder.subject)
    for k, m in enumerate(marks):
        if k in frames:
            continue
        p = bisect_right(paras, m.open) - 1
        para_end = paras[p + 1] if p + 1 < len(paras) else len(text)
        after_limit = min(para_end, marks[k + 1].open) if k + 1 < len(marks) else para_end
        before_limit = max(paras[p], marks[k - 1].outer_end if k else 0)
        frame = windows.after(m, after_limit) or windows.before(m, before_limit)
        if frame is None and p > 0 and _introduced(text, paras[p], m.open):
            frame = windows.before(m, max(paras[p - 1], marks[k - 1].outer_end if k else 0))
        if frame is None:
            continue
        spk = finder.resolve(frame.speaker_token)
        if spk is not None:
            frames[k] = _Frame(spk, frame.cue, frame.cue_type, max(frame.end, m.outer_end))


def _share_in_groups(marks: Sequence[Marked], frames: dict[int, _Frame]) -> None:
    """Every part of a quote over several paragraphs takes the frame found for any part."""
    first: dict[int, _Frame] = {}
    for k, m in enumerate(marks):
        if k in frames and m.group not in first:
            first[m.group] = frames[k]
    for k, m in enumerate(marks):
        if k not in frames and m.group in first:
            frames[k] = first[m.group]


def _continue_speakers(
    items: list[_Item],
    text: str,
    paras: list[int],
    index: MarkIndex,
    marks: Sequence[Marked],
    subjects: list[tuple[int, str, str]],
) -> None:
    """Give unframed quotes a speaker (see the module docstring).

    The narrative before the quote (back to the last speaker's quote when that one is continued, else to
    the paragraph start, or the previous paragraph's start for a paragraph that opens with a quote) is
    searched for persons who are clause subjects: exactly one -> that person ("Mr Doyle defended the
    decision. “We cannot ...”"); none -> the last speaker, when continued.
    """
    last: _Item | None = None
    starts = [s[0] for s in subjects]
    for it in items:
        if it.reach != -1:
            if it.speaker is not None:
                last = it
            continue
        it.reach = it.end
        k = index.at(it.start)
        if k is not None and not _at_sentence_start(text, marks[k].open):
            # 'because Trump “is less bound ...”': quoted words inside the writer's sentence are nobody's,
            # unless the sentence already quotes someone and names no other person since: '“…,” Judge Reyes
            # wrote, and barred enforcement “at all borders …”' goes on quoting the judge
            if last is not None and last.speaker is not None and _same_sentence(text, last.end, it.start):
                others = {
                    subjects[j][1]
                    for j in range(bisect_left(starts, last.reach), bisect_left(starts, it.start))
                    if index.at(subjects[j][0]) is None
                }
                if not others - {last.speaker.actor}:
                    it.speaker = last.speaker
                    last = it
            continue
        p_here = bisect_right(paras, it.start) - 1
        alone = _opens_paragraph(text, paras, p_here, k, index, marks)
        continued = False
        if last is not None and last.speaker is not None:
            p_last = bisect_right(paras, last.start) - 1
            gap = p_here - p_last - _headings_between(text, paras, p_last, p_here)
            continued = p_here == p_last or (0 < gap <= CONTINUE_PARAGRAPHS and alone)
        if continued and last is not None:
            since = last.reach
        else:
            since = paras[p_here - 1] if alone and p_here > 0 else paras[p_here]
        named = {
            (aid, name)
            for pos, aid, name in (
                subjects[j] for j in range(bisect_left(starts, since), bisect_left(starts, it.start))
            )
            if index.at(pos) is None
        }
        if continued and last is not None and last.speaker is not None:
            named = {n for n in named if n[0] != last.speaker.actor}
        if len(named) == 1:
            aid, name = next(iter(named))
            it.speaker = Speaker(aid, name, True)
        elif not named and continued and last is not None:
            it.speaker = last.speaker
        if it.speaker is not None:
            last = it


def _same_sentence(text: str, start: int, end: int) -> bool:
    """Whether no sentence ends and no paragraph breaks between ``start`` and ``end`` (the writer's words
    between two quotes)."""
    between = text[start:end]
    if "\n" in between:
        return False
    return not any(ch in ".!?" and (n + 1 >= len(between) or between[n + 1].isspace()) for n, ch in enumerate(between))


def _headings_between(text: str, paras: list[int], p_last: int, p_here: int) -> int:
    """How many paragraphs between ``p_last`` and ``p_here`` are lines a page put inside the story (a linked
    headline, a caption, a sub-heading: short, no quotation mark, no sentence end): a quote that goes on
    after one continues its speaker."""
    n = 0
    for p in range(p_last + 1, p_here):
        line = text[paras[p] : paras[p + 1] if p + 1 < len(paras) else len(text)].strip()
        if (
            line
            and len(line.split()) <= HEADING_WORDS
            and line[-1] not in ".!?…:"
            and not any(q in line for q in '"“”‘’«»')
        ):
            n += 1
    return n


def _opens_paragraph(
    text: str, paras: list[int], p: int, k: int | None, index: MarkIndex, marks: Sequence[Marked]
) -> bool:
    """True when paragraph ``p`` opens with the quote ``k`` as a sentence of its own: its first word is
    quoted, and after the closing mark the paragraph ends or a new sentence starts ('“... and others.” The
    report ...'). A quote the paragraph goes on to attribute ('"Why?" asked one woman') is no such quote."""
    if k is None:
        return False
    end = paras[p + 1] if p + 1 < len(paras) else len(text)
    first = next((i for i in range(paras[p], end) if text[i].isalnum()), None)
    if first is None or index.at(first) != k:
        return False
    m = marks[k]
    rest = text[m.outer_end : end].lstrip()
    if not rest:
        return True
    return text[m.start : m.end].rstrip()[-1:] in ".!?…" and (rest[0].isupper() or rest[0] in "\"“‘'")


def _subject_mentions(doc: Any, finder: SpeakerFinder, index: MarkIndex) -> list[tuple[int, str, str]]:
    """(char offset, actor id, surface) of every person named or pronoun-linked as the subject of a verb
    outside quotation marks (in 'because Trump “is less bound ...”' the quote goes on with the writer's
    sentence about Trump, so it is no sign that Trump speaks)."""
    out: list[tuple[int, str, str]] = []
    for tok in tokens_of(doc):
        if tok.dep_ == "nsubj" and index.at(tok.head.idx) is None:
            hit = finder.named_person(tok)
            if hit is not None:
                out.append((tok.idx, hit[0], hit[1]))
    return out


def _title_like(content: str) -> bool:
    """A quoted title or slogan: two or more words, every one capitalised (small words aside)."""
    words = content.split()
    if len(words) < 2 or content[-1] in ".,!?;:":
        return False
    return all(w[0].isupper() or w.lower() in TITLE_SMALL for w in words if w[0].isalpha()) and words[0][0].isupper()


def _paragraph_starts(text: str) -> list[int]:
    """Start offsets of the paragraphs of ``text`` (a paragraph is a line; blank lines start none)."""
    out = [0]
    pos = text.find("\n")
    while pos != -1:
        if pos + 1 < len(text) and text[pos + 1] != "\n":
            out.append(pos + 1)
        pos = text.find("\n", pos + 1)
    return out


def _no_overlaps(items: list[_Item]) -> list[_Item]:
    """Keep the earlier of two overlapping quotes (items are sorted by start, longer first)."""
    out: list[_Item] = []
    reach = -1
    for it in items:
        if it.start < reach:
            continue
        out.append(it)
        reach = it.end
    return out


def _quote(it: _Item, text: str) -> Quote:
    spk = it.speaker
    return Quote(
        text=text[it.start : it.end],
        start=it.start,
        end=it.end,
        kind=it.kind,
        speaker=spk.actor if spk else None,
        speaker_name=spk.name if spk else None,
        cue=it.cue,
        cue_type=it.cue_type,
    )


class QuotesComponent(Component):
    """Adds ``quotes`` to the context (see :func:`extract_quotes`)."""

    name: ClassVar[str] = "slant.quotes.v10"
    requires: ClassVar[tuple[str, ...]] = ("doc", "actors", "pronouns")
    provides: ClassVar[tuple[str, ...]] = ("quotes",)

    def __call__(self, ctx: Context) -> None:
        ctx.data["quotes"] = extract_quotes(ctx.doc, ctx.data["actors"], ctx.data["pronouns"])
