"""From an article's actors, pronoun links and quotes to target items, and from scored items to stances.

Items (one pass over sentences, mentions found by bisection, no per-actor rescans):

* **author**: every mention (names and linked pronouns) outside the quotes, with ``allowed`` = the
  sentence minus the quoted stretches, so that quoted words never count for the author;
* **speaker**: for each quote with a speaker, every mention of another actor in the sentences the quote
  touches (inside the quote, or outside it when the quote is about them: "said X's behaviour was
  'unacceptable'"), with ``allowed`` = the quoted stretch.

Aggregation per (holder, target): within a sentence the mention with the strongest signed score (or the
holder's speech act toward the actor, :mod:`slant.analyze.stance._acts`, when it is stronger) stands for
the actor; over sentences, ``score = sum(s) / (sum(|s|) + PRIOR)`` where ``s = P(pos) - P(neg)`` per
sentence. It is a net balance shrunk toward 0 when there is little evidence: one clear cue gives about
±0.6, a mix of praise and blame about 0. ``polarity`` is positive when ``score >= POLAR``, negative when
``score <= -POLAR``, neutral otherwise. Evidence: the cues of the sentences that agree with the polarity
(all cues for a neutral stance), in article offsets, sorted. Every actor of the article gets an author
stance: one mentioned only inside quotes (direct or reported) is neutral, with no evidence.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from slant.analyze.stance._acts import Act
from slant.analyze.stance._anaphora import event_anaphors
from slant.analyze.stance._types import Cue, Probs, TargetItem, signed
from slant.models import Actor, Quote, Span, Stance
from slant.nlp.spans import sentences_of, span_text

#: Shrinkage of the net balance toward 0 (in units of one sentence's |s|).
PRIOR = 0.5
#: |score| from which a stance is positive or negative.
POLAR = 0.2
#: Cues weaker than this are not shown as evidence.
MIN_EVIDENCE = 0.05

Polarity = Literal["positive", "negative", "neutral"]


@dataclass(frozen=True, slots=True)
class Slot:
    """Where an item belongs: holder, target actor id and sentence number."""

    holder: str
    target: str
    sentence: int


class _Overlaps:
    """Ranges sorted by start, and which of them overlap a stretch, without a pass over all of them for
    each sentence (an article's quotes times its sentences was a hot spot)."""

    def __init__(self, ranges: Sequence[tuple[int, int]], ids: Sequence[int] | None = None) -> None:
        self.ranges = list(ranges)
        self.starts = [s for s, _ in self.ranges]
        self.ids_ = list(range(len(self.ranges))) if ids is None else list(ids)
        self.reach: list[int] = []  # the furthest end of the ranges up to each one
        for _, e in self.ranges:
            self.reach.append(max(e, self.reach[-1]) if self.reach else e)

    def _hits(self, lo: int, hi: int) -> list[int]:
        j = bisect_left(self.starts, hi) - 1
        out = []
        while j >= 0 and self.reach[j] > lo:
            if self.ranges[j][1] > lo:
                out.append(j)
            j -= 1
        out.reverse()
        return out

    def clip(self, lo: int, hi: int) -> list[tuple[int, int]]:
        """The ranges that overlap ``[lo, hi)``, cut to it, in their order."""
        return [(max(self.ranges[j][0], lo), min(self.ranges[j][1], hi)) for j in self._hits(lo, hi)]

    def ids(self, lo: int, hi: int) -> list[int]:
        """The ids of the ranges that overlap ``[lo, hi)``."""
        return [self.ids_[j] for j in self._hits(lo, hi)]


def complement(holes: Sequence[tuple[int, int]], lo: int, hi: int) -> tuple[tuple[int, int], ...]:
    """The stretches of ``[lo, hi)`` outside ``holes``."""
    out = []
    cur = lo
    for s, e in sorted(holes):
        if s > cur:
            out.append((cur, s))
        cur = max(cur, e)
    if cur < hi:
        out.append((cur, hi))
    return tuple(out)


def author_sentences(doc: Any, quotes: Sequence[Quote]) -> list[tuple[Any, tuple[tuple[int, int], ...]]]:
    """Every sentence of the article with the author's ranges in it (sentence offsets, quotes left out)."""
    in_sentence = _Overlaps(sorted((q.start, q.end) for q in quotes if q.end > q.start))
    out = []
    for sent in sentences_of(doc):
        lo, hi = sent.start_char, sent.end_char
        holes = [(s - lo, e - lo) for s, e in in_sentence.clip(lo, hi)]
        allowed = complement(holes, 0, hi - lo)
        if allowed:
            out.append((sent, allowed))
    return out


def build_items(
    doc: Any,
    actors: Sequence[Actor],
    pronouns: Sequence[tuple[Span, str]],
    quotes: Sequence[Quote],
) -> tuple[list[TargetItem], list[Slot]]:
    """The target items of an article and the slot each belongs to (see the module docstring)."""
    pronouns = (*pronouns, *event_anaphors(doc, actors, pronouns))
    mentions = sorted(
        [(m.start, m.end, a.id) for a in actors for m in a.mentions] + [(s.start, s.end, aid) for s, aid in pronouns]
    )
    starts = [m[0] for m in mentions]
    in_sentence = _Overlaps(sorted((q.start, q.end) for q in quotes if q.end > q.start))
    spoken = sorted((q.start, q.end, k) for k, q in enumerate(quotes) if q.speaker)
    by_start = _Overlaps([(s, e) for s, e, _ in spoken], [k for _, _, k in spoken])
    items: list[TargetItem] = []
    slots: list[Slot] = []
    for n, sent in enumerate(sentences_of(doc)):
        lo, hi = sent.start_char, sent.end_char
        k = bisect_left(starts, lo)
        here = []
        while k < len(mentions) and mentions[k][0] < hi:
            here.append(mentions[k])
            k += 1
        if not here:
            continue
        text = span_text(sent)
        local = [(s - lo, e - lo, aid) for s, e, aid in here]
        holes = [(s - lo, e - lo) for s, e in in_sentence.clip(lo, hi)]
        allowed = complement(holes, 0, hi - lo)
        rival_of: dict[str, tuple[tuple[int, int], ...]] = {}  # per target: the mentions of everyone else
        for s, e, aid in local:
            if allowed and not any(qs < e and s < qe for qs, qe in holes):
                others = rival_of.get(aid)
                if others is None:
                    others = rival_of[aid] = tuple((os, oe) for os, oe, oid in local if oid != aid)
                items.append(TargetItem(text, s, e, allowed, others, lo, sent, "author"))
                slots.append(Slot("author", aid, n))
        by_speaker: dict[str, list[tuple[int, int]]] = {}
        for k in sorted(by_start.ids(lo, hi)):  # the quotes in input order, as the loop over all of them was
            q = quotes[k]
            by_speaker.setdefault(q.speaker or "", []).append((max(q.start, lo) - lo, min(q.end, hi) - lo))
        for speaker, spans in by_speaker.items():
            # the speaker's own mentions are no rival target, except inside the quote, where a cue about
            # "him" (the speaker) is not about someone named further off
            rivals = [
                (os, oe, oid)
                for os, oe, oid in local
                if oid != speaker or any(qs <= os and oe <= qe for qs, qe in spans)
            ]
            rival_of = {}
            for s, e, aid in local:
                if aid == speaker:
                    continue
                others = rival_of.get(aid)
                if others is None:
                    others = rival_of[aid] = tuple((os, oe) for os, oe, oid in rivals if oid != aid)
                items.append(TargetItem(text, s, e, tuple(sorted(spans)), others, lo, sent, speaker))
                slots.append(Slot(speaker, aid, n))
    return items, slots


def strongest(
    slots: Sequence[Slot], probs: Sequence[Probs], holder: str | None = None
) -> dict[Slot, tuple[float, int]]:
    """Per slot (of ``holder``, or of everyone), the signed score of its strongest item and that item's index:
    within a sentence, the mention with the strongest score stands for the actor."""
    best: dict[Slot, tuple[float, int]] = {}
    for i, (slot, p) in enumerate(zip(slots, probs, strict=True)):
        if holder is not None and slot.holder != holder:
            continue
        s = signed(p)
        if slot not in best or abs(s) > abs(best[slot][0]):
            best[slot] = (s, i)
    return best


@dataclass(frozen=True, slots=True)
class AuthorSignal:
    """What the author's own words say about one target, before any judgement of genre: per sentence that
    mentions it (article offsets), the strongest signed score there, and the cues of those sentences
    (article offsets, signed weight, how the cue hangs on the target: :data:`~slant.analyze.stance._types.LINKS`;
    cues weaker than :data:`MIN_EVIDENCE` left out)."""

    sentences: tuple[tuple[int, int], ...]
    signed: tuple[float, ...]
    cues: tuple[tuple[int, int, float, str], ...]

    @property
    def signs(self) -> tuple[bool, bool]:
        """Whether any cue is positive, and whether any is negative."""
        return any(c[2] > 0 for c in self.cues), any(c[2] < 0 for c in self.cues)


def author_signals(
    items: Sequence[TargetItem], slots: Sequence[Slot], probs: Sequence[Probs], cues: Sequence[Sequence[Cue]]
) -> dict[str, AuthorSignal]:
    """Per target: the author's sentences about it, their signed scores and cues (the stronger mention of a
    sentence stands for it, as in :func:`aggregate`; speech acts are the speakers', not the author's)."""
    per: dict[str, list[tuple[float, int]]] = {}
    for slot, one in strongest(slots, probs, "author").items():
        per.setdefault(slot.target, []).append(one)
    out = {}
    for target, got in per.items():
        got.sort(key=lambda si: items[si[1]].offset)
        found = [
            (items[i].offset + c.start, items[i].offset + c.end, c.weight, c.link)
            for _, i in got
            for c in cues[i]
            if abs(c.weight) >= MIN_EVIDENCE
        ]
        out[target] = AuthorSignal(
            tuple((items[i].offset, items[i].offset + len(items[i].text)) for _, i in got),
            tuple(s for s, _ in got),
            tuple(found),
        )
    return out


def _polarity(score: float) -> Polarity:
    if score >= POLAR:
        return "positive"
    if score <= -POLAR:
        return "negative"
    return "neutral"


def aggregate(
    items: Sequence[TargetItem],
    slots: Sequence[Slot],
    probs: Sequence[Probs],
    cues: Sequence[Sequence[Cue]],
    text: str,
    order: Sequence[str] = (),
    acts: Sequence[Act] = (),
) -> tuple[Stance, ...]:
    """Stances from scored items and speech acts (see the module docstring); author stances first, then by
    target order."""
    best = strongest(slots, probs)
    for k, act in enumerate(acts):
        slot = Slot(act.holder, act.target, act.sentence)
        if slot not in best or abs(act.signed) > abs(best[slot][0]):
            best[slot] = (act.signed, -1 - k)  # an act stands for its sentence when it is the stronger signal
    per_pair: dict[tuple[str, str], list[tuple[float, int]]] = {}
    for slot, one in best.items():
        per_pair.setdefault((slot.holder, slot.target), []).append(one)
    rank = {aid: k for k, aid in enumerate(order)}
    out = []
    for (holder, target), got in per_pair.items():
        total = sum(s * abs(s) for s, _ in got)
        score = total / (sum(s * s for s, _ in got) + PRIOR)
        polarity = _polarity(score)
        spans: set[tuple[int, int]] = set()
        for s, i in got:
            if i < 0:
                if polarity == "neutral" or (s > 0) == (polarity == "positive"):
                    spans.add(acts[-1 - i].cue)
                continue
            if polarity == "neutral" or (s > 0) == (polarity == "positive"):
                base = items[i].offset
                spans.update(
                    (base + c.start, base + c.end)
                    for c in cues[i]
                    if abs(c.weight) >= MIN_EVIDENCE and (polarity == "neutral" or (c.weight > 0) == (s > 0))
                )
        evidence = tuple(Span(s, e, text[s:e]) for s, e in sorted(spans))
        out.append(Stance(holder, target, polarity, round(score, 3), evidence))
    for aid in order:
        if ("author", aid) not in per_pair:
            out.append(Stance("author", aid, "neutral", 0.0, ()))  # mentioned only in quotes: no judgement
    out.sort(key=lambda st: (st.holder != "author", st.holder, rank.get(st.target, len(rank)), st.target))
    return tuple(out)
