"""Relations: who backs or attacks whom, with the sentence that says so and who asserts it.

:func:`extract_relations` indexes the actors' mentions and the linked pronouns by token (and "I"/"me"/"my"
inside a quote by its speaker), then reads every predicate of ``resources/relations/predicates.tsv`` off the
dependency parse in one walk (:mod:`slant.analyze.relations._rules`). Each relation carries:

* ``kind``: the predicate class (endorse, join_campaign, accuse, withdraw_support, call_for_removal ...);
* ``evidence``: the whole sentence;
* ``confidence``: 0.85 for a verb with both actors named, lower for nouns, pronoun links, role nouns ("the
  Labour candidate"), modals and wishes, conditions, and for "refused to back Y" (read as opposition, 0.45);
* ``asserted_by``: None when the article reports it, else the speaker of the quote that contains the
  predicate, or the actor subject of a verb of saying whose clause contains it ("X said Y had lied");
* ``condition``: the ``if`` clause, or the "support is conditional" clause of the same sentence.

Decisions: negated predicates give no relation ("X did not back Y" is not opposition); a refusal to support
is opposition at low confidence; a refusal to attack gives nothing. Relations between an actor and itself are
dropped; duplicates (same source, target, polarity, kind and sentence) keep the highest confidence.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from slant.analyze.base import Component, Context
from slant.analyze.relations._lexicon import load_relation_lexicon
from slant.analyze.relations._rules import Found, Rules
from slant.models import Actor, Quote, Relation, Span
from slant.nlp.spans import doc_text, mention_tokens, sentences_of, tokens_of

FIRST_PERSON = frozenset({"i", "me", "my", "myself", "mine"})


class QuoteCover:
    """Which quote (and speaker) covers a character offset; quotes are looked up by bisection."""

    def __init__(self, quotes: Sequence[Quote]) -> None:
        self.quotes = sorted(quotes, key=lambda q: (q.start, q.end))
        self.starts = [q.start for q in self.quotes]

    def at(self, offset: int) -> Quote | None:
        i = bisect.bisect_right(self.starts, offset) - 1
        # quotes do not nest in practice; look back a little in case one ends before a longer earlier one
        for j in range(i, max(i - 3, -1), -1):
            q = self.quotes[j]
            if q.start <= offset < q.end:
                return q
        return None

    def speaker(self, offset: int) -> str | None:
        q = self.at(offset)
        return q.speaker if q is not None else None


def token_index(
    doc: Any, actors: Sequence[Actor], pronouns: Sequence[tuple[Span, str]], quotes: QuoteCover
) -> tuple[list[str | None], list[bool]]:
    """``actor_at[i]``: the actor id of token ``i``; ``pronoun_at[i]``: whether that link is a pronoun."""
    actor_at: list[str | None] = [None] * len(doc)
    pronoun_at = [False] * len(doc)
    for i, (aid, _) in mention_tokens(doc, actors).items():
        actor_at[i] = aid
    for p, aid in pronouns:
        span = doc.char_span(p.start, p.end, alignment_mode="expand")
        if span is not None and actor_at[span.start] is None:
            actor_at[span.start] = aid
            pronoun_at[span.start] = True
    if quotes.quotes:
        for tok in tokens_of(doc):
            if tok.lower_ in FIRST_PERSON and actor_at[tok.i] is None:
                speaker = quotes.speaker(tok.idx)
                if speaker is not None:
                    actor_at[tok.i] = speaker
                    pronoun_at[tok.i] = True
    return actor_at, pronoun_at


def _sentences(doc: Any) -> tuple[list[int], list[tuple[int, int]]]:
    """Sentence number of each token and the trimmed character range of each sentence."""
    sent_of = [0] * len(doc)
    ranges: list[tuple[int, int]] = []
    text = doc_text(doc)
    for n, sent in enumerate(sentences_of(doc)):
        for i in range(sent.start, sent.end):
            sent_of[i] = n
        start, end = sent.start_char, sent.end_char
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        ranges.append((start, end))
    return sent_of, ranges


def who_asserts(doc: Any, found: Found, quotes: QuoteCover, rules: Rules) -> tuple[str | None, float]:
    """The speaker who asserts a relation (None: the article) and a confidence factor."""
    if found.speaker is not None:
        return found.speaker, 1.0
    tok = doc[found.token]
    q = quotes.at(tok.idx)
    if q is not None:
        return q.speaker, 1.0 if q.speaker else 0.85
    # reported speech without quote marks: the clause a verb of saying takes ("X said (that) Y ...")
    node = tok
    for _ in range(8):
        if node.dep_ == "ccomp" and "speech" in rules.lex.governors.get(node.head.lemma_.lower(), ()):
            found_subj = rules.actors([c for c in node.head.children if c.dep_ in ("nsubj",)])
            return (found_subj[0][0], 1.0) if found_subj else (None, 1.0)
        if node.head is node:
            break
        node = node.head
    return None, 1.0


@dataclass(frozen=True, slots=True)
class RuleRun:
    """One walk of the predicate rules over a Doc: the quote index, the token index and what the rules found
    (shared by the relations and the stance analysers, which read the same predicates)."""

    quotes: QuoteCover
    actor_at: list[str | None]
    pronoun_at: list[bool]
    rules: Rules
    found: tuple[Found, ...]


_RUN_KEY = "slant.relations.run"


def rule_run(
    doc: Any, actors: Sequence[Actor], pronouns: Sequence[tuple[Span, str]], quotes: Sequence[Quote]
) -> RuleRun:
    """The predicate rules' walk over ``doc``, made once per Doc and per (actors, pronouns, quotes): kept in
    the Doc's ``user_data`` with the very objects it was made from, so that other inputs make a new walk."""
    cached = doc.user_data.get(_RUN_KEY)
    if cached is not None and cached[0] is actors and cached[1] is pronouns and cached[2] is quotes:
        run: RuleRun = cached[3]
        return run
    index = QuoteCover(quotes)
    actor_at, pronoun_at = token_index(doc, actors, pronouns, index)
    rules = Rules(doc, load_relation_lexicon(), actor_at, pronoun_at, index.speaker)
    run = RuleRun(index, actor_at, pronoun_at, rules, tuple(rules.run()))
    doc.user_data[_RUN_KEY] = (actors, pronouns, quotes, run)
    return run


def extract_relations(
    doc: Any,
    actors: Sequence[Actor],
    pronouns: Sequence[tuple[Span, str]] = (),
    quotes: Sequence[Quote] = (),
) -> tuple[Relation, ...]:
    """The support/oppose relations between the actors of ``doc``, in text order."""
    if not actors or len(doc) == 0:
        return ()
    run = rule_run(doc, actors, pronouns, quotes)
    quote_index, rules, found = run.quotes, run.rules, run.found
    if not found:
        return ()
    sent_of, ranges = _sentences(doc)
    conditions = {sent_of[i]: clause for i, clause in rules.conditions}
    best: dict[tuple[str, str, str, str, int], Relation] = {}
    text = doc_text(doc)
    for f in found:
        n = sent_of[f.token]
        condition = f.condition
        confidence = f.confidence  # the found predicates are shared with the stance analyser: never changed
        if condition is None and f.polarity == "support" and n in conditions:
            condition = conditions[n]
            confidence *= 0.75
        asserted_by, factor = who_asserts(doc, f, quote_index, rules)
        start, end = ranges[n]
        polarity: Literal["support", "oppose"] = "support" if f.polarity == "support" else "oppose"
        rel = Relation(
            source=f.source,
            target=f.target,
            polarity=polarity,
            kind=f.kind,
            evidence=Span(start, end, text[start:end]),
            confidence=round(min(0.99, max(0.05, confidence * factor)), 2),
            asserted_by=asserted_by,
            condition=condition,
        )
        key = (f.source, f.target, f.polarity, f.kind, n)
        if key not in best or best[key].confidence < rel.confidence:
            best[key] = rel
    return tuple(sorted(best.values(), key=lambda r: (r.evidence.start, r.source, r.target, r.kind)))


class RelationsComponent(Component):
    """Adds ``relations`` to the context (see :func:`extract_relations`)."""

    name: ClassVar[str] = "slant.relations.v3"
    requires: ClassVar[tuple[str, ...]] = ("doc", "actors", "pronouns", "quotes")
    provides: ClassVar[tuple[str, ...]] = ("relations",)

    def __call__(self, ctx: Context) -> None:
        ctx.data["relations"] = extract_relations(
            ctx.doc, ctx.data.get("actors", ()), ctx.data.get("pronouns", ()), ctx.data.get("quotes", ())
        )
