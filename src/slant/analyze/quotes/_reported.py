"""Reported speech from the parse: a reporting verb's clausal complement, and "according to X, ...".

For every reporting verb (``reporting_verbs.tsv``, matched on the lemma, or lemma + particle such as
"point out") outside quotation marks, each ``ccomp`` child gives a :class:`Reported` clause: the
child's subtree without a leading "that" and edge punctuation ("X said (that) the plan would fail",
"X told Y that ...", "The plan will fail, X warned"); a parenthetical frame gives the whole clause
around it, frame included ("The decision, X said, was final"). "according to X" gives the rest of its
sentence. A wire dateline opening the paragraph is left out of a clause that starts there. A negated
reporting verb ("he could not say who ...") or a withheld one ("declined to say whether ...") reports
nothing, and a clause before the verb counts only when no semicolon or colon separates them ("X was evasive;
he said ..." is the writer's). A capitalised connective right after the verb ("sources say Yet ...") starts
a glued-on sentence, not a reported clause. A verb of pledge or threat without a ``ccomp`` reports its
infinitive clause when quoted words lie in it and no reporting verb inside frames them ("threatened to purge
“thousands and thousands” of members"; not "pledged to end what she called ‘...’"); without quoted words
("vowed to fight on") it reports nothing. A noun of speech with a possessor or a "by" phrase reports its
"that" clause ("Verki's claim that he needed ...": ``report_nouns.tsv``).
Only the outermost clause is kept when reported clauses nest. Whether a clause is indirect, mixed
or the frame of a direct quote is decided by the caller from the quotation marks it overlaps.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from slant.analyze.quotes._lexicon import ACCORDING_TO, QuoteLexicon, cue_of
from slant.analyze.quotes._marks import MarkIndex
from slant.nlp.datelines import dateline_at
from slant.nlp.spans import doc_text, tokens_of

#: Punctuation trimmed from the edges of a reported clause (closing quote marks are kept by the caller).
EDGE = frozenset(",;:—–-.()")
#: Fewest tokens a reported clause must have.
MIN_TOKENS = 2
#: Cue types whose verb reports what it pledges or threatens through an infinitive ("vowed to ...").
PLEDGES = frozenset({"commitment", "warning"})


@dataclass(frozen=True, slots=True)
class Reported:
    """A reported clause ``[start, end)`` and the cue that reports it."""

    start: int
    end: int
    cue_token: Any
    speaker_token: Any | None
    cue: str
    cue_type: str


def _trim(doc: Any, lo: int, hi: int) -> tuple[int, int]:
    """Token range ``[lo, hi)`` without a leading "that" and edge punctuation or spaces."""
    while lo < hi and (
        doc[lo].is_space or doc[lo].text in EDGE or (doc[lo].lower_ == "that" and doc[lo].dep_ == "mark")
    ):
        lo += 1
    while hi > lo and (doc[hi - 1].is_space or doc[hi - 1].text in EDGE):
        hi -= 1
    return lo, hi


def _according(tok: Any) -> Any | None:
    """The object of "according to" when ``tok`` is "according" (else None)."""
    if tok.lower_ != "according":
        return None
    for c in tok.children:
        if c.lower_ == "to":
            objs = [g for g in c.children if g.dep_ == "pobj"]
            return objs[0] if objs else None
    nxt = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
    if nxt is not None and nxt.lower_ == "to":
        objs = [g for g in nxt.children if g.dep_ == "pobj"]
        return objs[0] if objs else None
    return None


def find_reported(doc: Any, lex: QuoteLexicon, marks: MarkIndex, subject: Any) -> list[Reported]:
    """Every outermost reported clause of ``doc``; ``subject(verb)`` gives the speaking token."""
    found: list[Reported] = []
    text: str = doc_text(doc)
    for tok in tokens_of(doc):
        if marks.at(tok.idx) is not None:
            continue  # the speaker's own words: a verb inside a quote reports nothing for us
        obj = _according(tok)
        if obj is not None:
            rep = _according_clause(doc, tok, obj)
            if rep is not None:
                found.append(rep)
            continue
        held = _held_report(doc, tok, lex) if tok.pos_ == "NOUN" else None
        if held is not None:
            found.append(held)
            continue
        cue = cue_of(tok, lex)
        if cue is None or _negated(tok) or _withheld(tok, lex):
            continue
        para_lo = text.rfind("\n", 0, tok.idx) + 1
        para_hi = text.find("\n", tok.idx)
        para_hi = len(text) if para_hi == -1 else para_hi
        clauses = _complements(tok)
        pledged = not clauses and cue[1] in PLEDGES
        if pledged:  # "threatened to purge “thousands” of members": the words are in what they pledge
            clauses = [c for c in tok.children if c.dep_ == "xcomp"]
        for c in clauses:
            lo, hi = _trim(doc, c.left_edge.i, _cut_at_cue(c, lex) + 1)
            while lo < hi and doc[lo].idx < para_lo:
                lo += 1
            while hi > lo and doc[hi - 1].idx >= para_hi:
                hi -= 1
            dateline = dateline_at(doc, lo) if lo < hi and doc[lo].idx == para_lo else None
            if dateline is not None:
                lo = min(hi, dateline[1])  # "WASHINGTON (Wire) - ...": the dateline is the wire's, not the speaker's
            lo, hi = _trim(doc, lo, hi)
            if hi - lo < MIN_TOKENS:
                continue
            start, end = doc[lo].idx, doc[hi - 1].idx + len(doc[hi - 1].text)
            if pledged and (not marks.overlapping(start, end) or any(cue_of(t, lex) for t in doc[lo:hi])):
                continue  # "vowed to fight on" reports no words; "pledged to end what she called ‘...’": the inner cue frames them
            if c.i == tok.head.i and marks.overlapping(start, end):
                continue  # a parenthetical frame around quoted words: the windows attribute those
            if c.i < tok.i and _stop_between(doc, c.right_edge.i, tok.i):
                continue  # "X was evasive; he said ...": a clause before a semicolon is not reported
            if (
                lo > tok.i
                and tok.text.islower()
                and any(_capital_opener(doc, j, lex, marks) for j in range(tok.i + 1, lo + 1))
            ):
                continue  # "..., sources say Yet the truth is ...": glued text, not the verb's clause
            found.append(Reported(start, end, tok, subject(tok), cue[0], cue[1]))
    return _outermost(found)


def _held_report(doc: Any, noun: Any, lex: QuoteLexicon) -> Reported | None:
    """A noun of speech's "that" clause as its holder's reported words ("Verki's claim that he needed
    ...", "the announcement by the president that ..."), or None: the holder is the noun's possessor or
    the object of its "by" (``report_nouns.tsv``)."""
    cue_type = lex.report_nouns.get(noun.lemma_.lower())
    if cue_type is None:
        return None
    holder = next((c for c in noun.children if c.dep_ == "poss"), None)
    if holder is None:
        by = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "by"), None)
        holder = next((c for c in by.children if c.dep_ == "pobj"), None) if by is not None else None
    if holder is None:
        return None
    clause = next(
        (
            c
            for c in noun.children
            if c.dep_ in ("acl", "ccomp") and any(m.dep_ == "mark" and m.lower_ == "that" for m in c.children)
        ),
        None,
    )
    if clause is None or clause.i < noun.i:
        return None
    lo, hi = _trim(doc, clause.left_edge.i, clause.right_edge.i + 1)
    if hi - lo < MIN_TOKENS:
        return None
    start, end = doc[lo].idx, doc[hi - 1].idx + len(doc[hi - 1].text)
    return Reported(start, end, noun, holder, noun.lemma_.lower(), cue_type)


def _negated(verb: Any) -> bool:
    """Whether a reporting verb is negated ("he could not say who ...", "she did not tell them"): a report
    of what someone did *not* say reports no words of theirs."""
    return any(c.dep_ == "neg" for c in verb.children)


#: Free relatives that make "whatever the press says" a concession: the verb reports nothing.
CONCESSIVE = frozenset({"whatever", "whatsoever", "whichever"})


def _withheld(verb: Any, lex: QuoteLexicon) -> bool:
    """Whether a reporting verb is the complement of a word that withholds it ("declined to say whether ...",
    "refused to confirm that ...", "was unable to explain why ..."), or concedes what anyone says ("...,
    whatever the liberal press says"): such a report holds no words."""
    if any(c.lower_ in CONCESSIVE for c in verb.children if c.dep_ in ("dobj", "obj", "nsubj", "advmod")):
        return True
    return verb.dep_ == "xcomp" and verb.head.lemma_.lower() in lex.withholding


def _capital_opener(doc: Any, i: int, lex: QuoteLexicon, marks: MarkIndex) -> bool:
    """Whether token ``i``, after a reporting verb in lower case, is a capitalised sentence connective
    (``sentence_openers.tsv``: "Yet", "However") outside quotation marks, with no colon or dash before it.
    A reported clause runs on in lower case, so such a word starts a new sentence that the parser joined to
    the report (a headline glued to the story by text extraction)."""
    if doc[i].text not in lex.sentence_openers or marks.at(doc[i].idx) is not None:
        return False  # quoted words may open with a capital: 'He added, "And he finally said ..."'
    prev = doc[i - 1] if i > 0 else None
    return prev is None or prev.text not in (":", "—", "–", "-")


def _stop_between(doc: Any, lo: int, hi: int) -> bool:
    """Whether a semicolon or colon separates tokens ``lo`` and ``hi`` (a sentence boundary in all but name)."""
    return any(doc[i].text in (";", ":") for i in range(lo + 1, hi))


def _complements(verb: Any) -> list[Any]:
    """The clauses a reporting verb reports: its ``ccomp`` children, or else a "that"-clause the parser
    hung on the verb's object as a relative clause ("told a meeting of the cabinet that ...")."""
    out = [c for c in verb.children if c.dep_ == "ccomp"]
    if out:
        return out
    if verb.dep_ == "parataxis" and verb.head.i != verb.i and verb.head.pos_ in ("VERB", "AUX"):
        return [verb.head]  # "The decision, Ms Quell said, was final."
    for c in verb.children:
        if c.dep_ not in ("dobj", "dative"):
            continue
        for t in c.subtree:
            if t.dep_ in ("relcl", "acl") and any(
                g.dep_ == "mark" and g.lower_ == "that" and g.i == t.left_edge.i for g in t.children
            ):
                return [t]
    return []


def _cut_at_cue(clause: Any, lex: QuoteLexicon) -> int:
    """Index of the clause's last token, cut before a reporting participle hung inside it (", adding: ...")."""
    for t in clause.children:
        if t.i > clause.i and t.dep_ in ("advcl", "conj") and t.tag_ == "VBG" and cue_of(t, lex) is not None:
            return int(t.left_edge.i) - 1
    return int(clause.right_edge.i)


def _according_clause(doc: Any, acc: Any, obj: Any) -> Reported | None:
    """The sentence around "according to X" without that phrase (the longer side of it)."""
    sent = acc.sent
    lo, hi = acc.left_edge.i, acc.right_edge.i + 1
    left = _trim(doc, sent.start, lo)
    right = _trim(doc, hi, sent.end)
    best = max((left, right), key=lambda r: r[1] - r[0])
    if best[1] - best[0] < MIN_TOKENS:
        return None
    start, end = doc[best[0]].idx, doc[best[1] - 1].idx + len(doc[best[1] - 1].text)
    return Reported(start, end, acc, obj, ACCORDING_TO, "neutral")


def _outermost(found: list[Reported]) -> list[Reported]:
    """Drop clauses that lie inside another clause (nested reports: "X said Y claimed Z")."""
    found.sort(key=lambda r: (r.start, -r.end))
    out: list[Reported] = []
    reach = -1
    for r in found:
        if r.end <= reach:
            continue
        out.append(r)
        reach = max(reach, r.end)
    return out
