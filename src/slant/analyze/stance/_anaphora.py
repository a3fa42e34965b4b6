"""Event anaphora: "It was the bravest thing ..." judges the act told in the sentence before, so it counts
toward the doer of that act (``resources/stance/anaphora.tsv``).

The anaphor is an event pronoun ("it", "this", "that") that is the subject of a main-clause "be" with a
judging complement (``attr`` or ``acomp``) and no clause of its own ("It is worth noting that ..." and
"It is clear that ..." are not anaphora), and that no pronoun link has taken. Its antecedent is the main
verb of the previous sentence (an anaphor opening a paragraph looks back over the break, as columns do),
when that verb is an act (not "be"); the doer is the verb's subject when an actor mention or a resolved
pronoun covers it, or, when the subject is a definite description of a person ("the man who ran this
town"), the last person named as a doer in the one or two sentences before it in its paragraph. Anything less certain links
nothing: an unresolved "it" costs a judgement, a wrong one credits the wrong actor.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from slant.analyze.common import read_tsv
from slant.models import Actor, Span
from slant.nlp.spans import doc_text

#: Complements of "be" that carry the judgement.
JUDGING_DEPS = frozenset({"attr", "acomp"})
#: Dependents that make the "it" an expletive for a clause ("It is clear that ...", "It is time to ...").
CLAUSE_DEPS = frozenset({"ccomp", "xcomp", "csubj", "advcl"})
#: Sentences back (within the paragraph) searched for the person a definite description refers to.
DESCRIPTION_REACH = 2


@cache
def _words() -> tuple[frozenset[str], frozenset[str]]:
    rows = read_tsv("resources/stance", "anaphora.tsv")
    pronouns = frozenset(r["term"] for r in rows if r["kind"] == "event-pronoun")
    nouns = frozenset(r["term"] for r in rows if r["kind"] == "description-noun")
    return pronouns, nouns


def event_anaphors(
    doc: Any, actors: Sequence[Actor], pronouns: Sequence[tuple[Span, str]]
) -> tuple[tuple[Span, str], ...]:
    """Event pronouns of ``doc`` linked to the actor whose act they stand for (as pronoun links)."""
    event_words, description_nouns = _words()
    covers: list[tuple[int, int, str, str]] = [
        (m.start, m.end, a.id, a.kind) for a in actors if a.kind in ("person", "org") for m in a.mentions
    ]
    kinds = {a.id: a.kind for a in actors}
    covers += [(s.start, s.end, aid, kinds.get(aid, "person")) for s, aid in pronouns]
    sents = list(getattr(doc, "sents", ()))
    out: list[tuple[Span, str]] = []
    for k, sent in enumerate(sents):
        tok = _anaphor(sent, event_words)
        if tok is None or k == 0 or any(s.start <= tok.idx < s.end for s, _ in pronouns):
            continue
        doer = _doer(doc, sents, k - 1, covers, description_nouns)
        if doer is not None:
            out.append((Span(tok.idx, tok.idx + len(tok.text), tok.text), doer))
    return tuple(out)


def _anaphor(sent: Any, event_words: frozenset[str]) -> Any | None:
    root = sent.root
    if root.lemma_ != "be" or any(c.dep_ in CLAUSE_DEPS for c in root.children):
        return None
    judging = [c for c in root.children if c.dep_ in JUDGING_DEPS]
    if not judging or any(g.dep_ in CLAUSE_DEPS for c in judging for g in c.children):
        return None
    if any(c.pos_ in ("PROPN", "PRON") for c in judging):
        return None  # a cleft ("it was Mawdsley himself who ..."): the judgement, if any, is of the name
    subjects = [c for c in root.children if c.dep_ == "nsubj"]
    if len(subjects) != 1 or subjects[0].lower_ not in event_words:
        return None
    return subjects[0]


def _paragraph_break(doc: Any, before: Any, after: Any) -> bool:
    return "\n" in doc_text(doc)[before.end_char : after.start_char]


def _subject(sent: Any) -> Any | None:
    root = sent.root
    if root.pos_ not in ("VERB", "AUX") or root.lemma_ == "be":
        return None
    return next((c for c in root.children if c.dep_ == "nsubj"), None)


def _covering(tok: Any, covers: Sequence[tuple[int, int, str, str]], kind: str | None = None) -> str | None:
    for start, end, aid, k in covers:
        if start <= tok.idx < end and (kind is None or k == kind):
            return aid
    return None


def _doer(
    doc: Any, sents: Sequence[Any], k: int, covers: Sequence[tuple[int, int, str, str]], nouns: frozenset[str]
) -> str | None:
    subject = _subject(sents[k])
    if subject is None:
        return None
    named = _covering(subject, covers)
    if named is not None:
        return named
    definite = any(c.dep_ == "det" and c.lower_ == "the" for c in subject.children)
    if subject.lemma_.lower() not in nouns or not definite:
        return None
    for j in range(k - 1, max(k - 1 - DESCRIPTION_REACH, -1), -1):
        if _paragraph_break(doc, sents[j], sents[j + 1]):
            return None
        earlier = _subject(sents[j])
        person = None if earlier is None else _covering(earlier, covers, "person")
        if person is not None:
            return person
    return None
