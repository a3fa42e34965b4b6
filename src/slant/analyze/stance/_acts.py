"""Speech acts: one actor praising, thanking, backing, accusing, blaming or attacking another (issue 3).

"Torrance accused Groves of hiding the figures", "Hobb praised Mendes for her handling of the strike",
"Holt blamed Vance for the collapse", "Ortiz said she would vote for Bell": no quotation marks, but the
subject's stance toward the object is plain. The predicates are the relation analyser's
(``resources/relations/predicates.tsv``, read by :mod:`slant.analyze.relations._rules` over the same token
index as :mod:`slant.analyze.relations`), so a reported support/oppose relation and the source's stance
never disagree. Each :class:`Act` gives:

* a **stance signal** for (source, target) in its sentence: ``±(ACT_BASE + ACT_SLOPE * confidence)``
  (a named verb act ~ ±0.8, one through a pronoun or a refusal less), joined in aggregation like one
  more scored sentence (the strongest signal of a sentence stands for it);
* for a **verb** outside quotation marks, the **source's words**: the verb and the complements after it
  ("accused ... of hiding the figures", "blamed ... for the collapse of the talks"), without the
  source's and the target's own mentions. They count for the source (as if quoted) and never for the
  author: a column reporting that X accused Y is not the column accusing Y.

Verbs of naming (:data:`NAMING_VERBS`: "Orme called Hask a liar", "dismissed Hask as a lightweight",
"..., calling him a great servant of the party") give the subject's words only (what the object is
called), scored like a quote; their signal is 0.

Only acts of judgement count (:data:`ACT_KINDS`): sackings, expulsions, lawsuits, appointments and
funding are deeds, not stances. An act asserted by someone else ("Z said X had attacked Y") is Z's claim
about X and gives X nothing.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from slant.analyze.relations import rule_run, who_asserts
from slant.models import Actor, Quote, Span
from slant.nlp.spans import doc_text, sentences_of, tokens_of

#: Relation kinds that are a judgement of the target by the source.
ACT_KINDS = frozenset(
    {
        "praise", "defend", "endorse", "vote_for", "campaign_for", "ally", "join_campaign",
        "criticise", "accuse", "attack", "condemn", "mock", "campaign_against", "call_for_removal",
        "withdraw_support", "refuse_support",
    }
)  # fmt: skip
#: Predicates of an "ally" kind that are deeds, not judgements ("appointed Y").
DEEDS = frozenset({"appoint"})
#: Strength of an act's stance signal: ``ACT_BASE + ACT_SLOPE * confidence``, at most ``ACT_MAX``.
ACT_BASE = 0.4
ACT_SLOPE = 0.5
ACT_MAX = 0.9
#: Verbs that name their object something ("called Y a liar", "dismissed Y as a lightweight", "hailed Y as
#: a hero"): what the object is called is the subject's words, judged like a quote.
NAMING_VERBS = frozenset({"call", "brand", "label", "describe", "dub", "dismiss", "portray", "paint", "hail", "depict"})
#: The dependents that hold what the object is called.
NAMING_DEPS = frozenset({"oprd", "attr", "xcomp", "prep", "acomp", "ccomp"})
#: Dependents after a verb that carry the source's words ("of hiding the figures", "for the collapse").
WORD_DEPS = frozenset({"prep", "prt", "advcl", "xcomp", "ccomp", "oprd", "acomp", "advmod", "npadvmod", "attr"})


@dataclass(frozen=True, slots=True)
class Act:
    """One actor's judgement of another: ``sentence`` is the sentence number, ``signed`` the stance signal
    in -1..1, ``cue`` the predicate word and ``words`` the source's words (article offsets)."""

    holder: str
    target: str
    sentence: int
    signed: float
    cue: tuple[int, int]
    words: tuple[tuple[int, int], ...] = ()


def find_acts(
    doc: Any, actors: Sequence[Actor], pronouns: Sequence[tuple[Span, str]], quotes: Sequence[Quote]
) -> list[Act]:
    """The speech acts of ``doc`` in text order (see the module docstring)."""
    if not actors or len(doc) == 0:
        return []
    run = rule_run(doc, actors, pronouns, quotes)
    index, actor_at, rules = run.quotes, run.actor_at, run.rules
    starts = [s.start for s in sentences_of(doc)]
    out: list[Act] = []
    seen: set[tuple[str, str, int]] = set()
    for f in run.found:
        tok = doc[f.token]
        if f.kind not in ACT_KINDS or tok.lemma_.lower() in DEEDS or f.source == f.target:
            continue
        asserted, _ = who_asserts(doc, f, index, rules)
        if asserted is not None and asserted != f.source:
            continue  # "Z said X had attacked Y": Z's claim about X
        n = bisect_right(starts, f.token) - 1
        if (f.source, f.target, n) in seen:
            continue
        seen.add((f.source, f.target, n))
        sign = 1.0 if f.polarity == "support" else -1.0
        strength = min(ACT_MAX, ACT_BASE + ACT_SLOPE * f.confidence)
        words: tuple[tuple[int, int], ...] = ()
        if tok.pos_ == "VERB" and index.at(tok.idx) is None:
            words = _words(doc, tok, actor_at)
        cue = (tok.idx, tok.idx + len(tok.text))
        out.append(Act(f.source, f.target, n, round(sign * strength, 3), cue, words))
    for tok in tokens_of(doc):
        if tok.pos_ != "VERB" or tok.lemma_.lower() not in NAMING_VERBS or index.at(tok.idx) is not None:
            continue
        if any(c.dep_ == "neg" for c in tok.children):
            continue
        named = [c for c in tok.children if c.dep_ in ("dobj", "dative") and actor_at[c.i] is not None]
        says = [c for c in tok.children if c.i > tok.i and c.dep_ in NAMING_DEPS]
        if not named or not says:
            continue  # "called for", "called the meeting": no one is called anything
        source = _doer(tok, actor_at)
        target = actor_at[named[0].i]
        if source is None or target is None or source == target:
            continue
        n = bisect_right(starts, tok.i) - 1
        cue = (tok.idx, tok.idx + len(tok.text))
        out.append(Act(source, target, n, 0.0, cue, _words(doc, tok, actor_at, NAMING_DEPS, verb_too=False)))
    out.sort(key=lambda a: a.cue)
    return out


def _doer(verb: Any, actor_at: Sequence[str | None]) -> str | None:
    """The actor that is the subject of ``verb``, or of the verb it hangs on when it has none of its own
    ("X paid tribute to Y, calling him ...")."""
    for _ in range(3):
        subjects = [c for c in verb.children if c.dep_ == "nsubj"]
        if subjects:
            i: int = subjects[0].i
            return actor_at[i]
        if verb.dep_ not in ("advcl", "xcomp", "conj") or verb.head is verb:
            return None
        verb = verb.head
    return None


def _words(
    doc: Any, verb: Any, actor_at: Sequence[str | None], deps: frozenset[str] = WORD_DEPS, *, verb_too: bool = True
) -> tuple[tuple[int, int], ...]:
    """The verb (unless ``verb_too`` is false: "called", "described" are the author's) and its complements
    after it, without actor mentions, as contiguous character ranges."""
    keep = {verb.i} if verb_too else set()
    for c in verb.children:
        if c.i > verb.i and c.dep_ in deps:
            keep.update(t.i for t in c.subtree)
    ranges: list[tuple[int, int]] = []
    for i in sorted(keep):
        t = doc[i]
        if actor_at[i] is not None or t.is_space or t.is_punct:
            continue
        s, e = t.idx, t.idx + len(t.text)
        if ranges and i - 1 in keep and actor_at[i - 1] is None and not doc[i - 1].is_space:
            ranges[-1] = (ranges[-1][0], e)
        else:
            ranges.append((s, e))
    return tuple(ranges)


def act_quotes(doc: Any, acts: Sequence[Act], quotes: Sequence[Quote] = ()) -> tuple[Quote, ...]:
    """The source's words of each act as indirect quotes (for the holders' ranges; never stored), except
    stretches that overlap a quote already (those are the quote's)."""
    text: str = doc_text(doc)
    return tuple(
        Quote(text[s:e], s, e, "indirect", a.holder, None, text[a.cue[0] : a.cue[1]], "act")
        for a in acts
        for s, e in a.words
        if not any(q.start < e and s < q.end for q in quotes)
    )
