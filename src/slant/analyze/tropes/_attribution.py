"""Whose view a trope is when the parse hangs it under a reporting or belief verb (issue 4).

"In his manifesto, the gunman claimed that Jews were behind ...", "the councillor, who thinks Muslims are
taking over ...": the trope sits in the clausal complement of a verb of saying (``reporting_verbs.tsv`` of the
quote analyser) or believing (the catalogue's ``lexicon.belief_verbs``) whose subject is a third party, so it
is that party's voice, not the writer's. The quote analyser may not keep such a clause as a quote (it wants a
speaker it can name), which is why the trope detector asks the parse itself. A vague or first-person subject
("people say", "I think", ``lexicon.vague_sources``), a negated or modal verb ("society must ask why ...") and a
verb after the trope ("..., whatever the press says"; a trailing "X said" is the quote analyser's) keep the
writer's voice.
"""

from __future__ import annotations

from typing import Any

from slant.analyze.quotes import cue_of, load_quote_lexicon

#: Modal auxiliaries: "a serious society must ask why ..." is the writer's own rhetoric, not a report.
_MODALS = frozenset({"must", "should", "would", "could", "might", "may", "can", "will", "shall", "ought"})

#: Relative pronouns: "the councillor, who thinks ..." has the noun the clause hangs on as its subject.
_RELATIVE = frozenset({"who", "which", "that", "whom"})


def _subject(verb: Any) -> Any | None:
    """The token that holds the view: the verb's subject (for a passive verb the agent, "was told by X"; its
    grammatical subject is who was asked or told), or for a relative or participle clause ("the councillor, who
    thinks ...", "posts claiming ...") the noun it hangs on."""
    if any(c.dep_ in ("nsubjpass", "auxpass") for c in verb.children):
        agents = [g for c in verb.children if c.dep_ == "agent" for g in c.children if g.dep_ == "pobj"]
        return agents[0] if agents else None
    subjects = [c for c in verb.children if c.dep_ == "nsubj"]
    if subjects and subjects[0].lower_ not in _RELATIVE:
        return subjects[0]
    if verb.dep_ in ("relcl", "acl") and verb.head.i != verb.i:
        return verb.head
    return None


def _attributing(verb: Any, belief_verbs: frozenset[str]) -> bool:
    if verb.pos_ not in ("VERB", "AUX"):
        return False
    return verb.lemma_.lower() in belief_verbs or cue_of(verb, load_quote_lexicon()) is not None


def third_party_view(doc: Any, char: int, belief_verbs: frozenset[str], vague: frozenset[str]) -> bool:
    """Whether the word at character ``char`` lies in the clausal complement of a reporting or belief verb whose
    subject is a third party named in the text (not the writer, not a vague "people"), the verb not negated."""
    span = doc.char_span(char, char + 1, alignment_mode="expand")
    if span is None or len(span) == 0:
        return False
    first = child = span[0]
    for head in child.ancestors:
        if child.dep_ == "ccomp" and _attributing(head, belief_verbs):
            if head.i > first.i or any(c.dep_ == "neg" or c.lower_ in _MODALS for c in head.children):
                return False  # "..., whatever the press says"; "he did not claim"; "society must ask why ..."
            subject = _subject(head)
            return subject is not None and subject.lower_ not in vague
        child = head
    return False
