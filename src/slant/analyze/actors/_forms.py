"""The longer surface forms a text uses for an actor around its name, read off the parse.

A name is often wrapped in words that describe its bearer: premodifiers ("House Speaker Nancy Pelosi",
"freshman Democratic Rep. Ilhan Omar", "Labour's former leader Jeremy Corbyn") and appositions on either
side ("Steffen Seibert, the chancellor's spokesman"; "her interior minister, Horst Seehofer"), and a
handle in brackets after the name ("Dana Quint (@danaquint)"). These
forms are aliases of the actor (a reader would say the text calls the person so); the actor's mentions
stay the name itself, so that other analysers still see the describing words as the author's.

Everything here is structural: the noun phrase the name heads, or the noun phrase it stands in apposition
to. Only a run of title words that the parser did not tie to the name ("Speaker of the House Nancy
Pelosi") must hold a role noun (``titles.tsv``, ``speaker_nouns.tsv``); the rest consults no list, so a role
the lexicons do not know is found all the same.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from slant.analyze.common import role_nouns
from slant.nlp.spans import doc_text

#: A social-media handle in brackets right after a name: "Dana Quint (@danaquint)" (a post's signature).
_HANDLE = re.compile(r"[ \t]*\((@\w{1,30})\)")
#: Longest describing phrase taken (tokens); longer ones are clauses, not descriptions.
MAX_WORDS = 8
#: Dependencies by which a name only modifies another noun ("the Omar controversy"): no form of its own.
_MODIFIER_DEPS = frozenset({"compound", "amod", "poss", "nmod", "npadvmod"})
#: Words a describing phrase may not hold: verbs and clause punctuation make it a clause.
_CLAUSE_POS = frozenset({"VERB", "AUX", "SCONJ"})
_CLAUSE_DEPS = frozenset({"relcl", "acl", "advcl", "ccomp", "conj", "cc", "appos"})
_STOP_PUNCT = frozenset({",", ";", ":", "(", ")", "[", "]", "—", "–", '"', "“", "”"})
#: Words a form does not start with: determiners ("the", "that", "her"), particles, adverbs ("However"),
#: conjunctions and prepositions. A reader names the bearer by what follows them.
_LEADING_POS = frozenset({"DET", "PRON", "PART", "ADV", "CCONJ", "SCONJ", "ADP", "PUNCT", "INTJ", "SYM"})


#: What a title run before a name may hold (see :func:`_title_run`).
_RUN_POS = frozenset({"PROPN", "NOUN", "ADJ"})
_RUN_WORD = re.compile(r"[^\W\d_][\w.'’-]*")
_RUN_JOINERS = frozenset({"of", "the", "for"})
#: Abbreviated role titles ("Rep.", "Sen.") that the role nouns spell out.
_ABBREVIATED = frozenset({"rep", "sen", "gov", "gen", "supt", "insp", "cllr", "amb"})


def surface_forms(
    doc: Any,
    spans: Iterable[tuple[int, int]],
    memo: dict[tuple[int, int], list[str]] | None = None,
    *,
    person: bool = True,
) -> list[str]:
    """Forms around the mentions ``spans`` (character offsets) of one actor, in text order, without repeats;
    a title run before the name (:func:`_title_run`) only for a ``person``.

    ``memo`` keeps each mention's forms for a later call over the same Doc (the actor analyser asks twice:
    before and after bare titles join their holders)."""
    text = doc_text(doc)
    memo = {} if memo is None else memo
    found: list[str] = []
    for start, end in spans:
        if (start, end) not in memo:
            memo[start, end] = _around(doc, text, start, end, person)
        found += memo[start, end]
    seen = {text[s:e] for s, e in spans}
    out: list[str] = []
    for form in found:
        form = form.strip()
        if form and form not in seen:
            seen.add(form)
            out.append(form)
    return out


def _around(doc: Any, text: str, start: int, end: int, person: bool) -> list[str]:
    """The forms around one mention."""
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or not len(span):
        return []
    root = span.root
    if root.dep_ == "compound" and root.head.i == span.end and _postnominal(root.head):
        # "Ian Reed MP": the name with its letters after it, and whatever describes the whole
        span, root = doc[span.start : span.end + 1], root.head
        named = [span.text]
    else:
        named = []
    if root.dep_ in _MODIFIER_DEPS and root.head.i >= span.end:
        # the name only modifies a noun; a possessor keeps its own premodifiers ("Prime Minister Theresa
        # May's policy": the form "Prime Minister Theresa May")
        if root.dep_ != "poss":
            return []
        return _premodified(text, span, root) + (_title_run(text, span) if person else [])
    forms = _premodified(text, span, root) + _apposition_before(text, span, root) + _apposition_after(doc, span, root)
    forms += (_title_run(text, span) if person else []) + named
    handle = _HANDLE.match(text, span.end_char)
    return [*forms, handle.group(1)] if handle else forms


def _premodified(text: str, span: Any, root: Any) -> list[str]:
    """ "House Speaker Nancy Pelosi": the name's noun phrase from its leftmost describing word; and, when
    words that are no title come first ("37-year-old Rep. Ilhan Omar"), the title with the name too ("Rep.
    Ilhan Omar"): the run of capitalised words right before the name."""
    doc = span.doc
    first = _first_describing(doc, root.left_edge.i, span.start)
    if first is None or span.start - first > MAX_WORDS or not _describes(doc[first : span.start]):
        return []
    out = [text[doc[first].idx : span.end_char]]
    title = span.start
    while title > first and doc[title - 1].pos_ == "PROPN" and doc[title - 1].text[:1].isupper():
        title -= 1
    if first < title < span.start:
        out.append(text[doc[title].idx : span.end_char])
    return out


def _postnominal(tok: Any) -> bool:
    """Letters after a name ("MP", "QC", "MEP"): a short all-capital proper noun that ends the phrase."""
    return tok.pos_ == "PROPN" and 2 <= len(tok.text) <= 4 and tok.text.isupper() and tok.text.isalpha()


def _title_run(text: str, span: Any) -> list[str]:
    """ "Speaker of the House Nancy Pelosi", "Nation of Islam leader Ann Reed", "fellow representative Ann
    Reed's": the words right before a name that read as its title, whatever the parser made of them (it
    often hangs the name on "House" or "of"): nouns, proper nouns and adjectives, with "of"/"the"/"for"
    between capitalised words, back to the first other word; kept when a role noun is among them and no
    other person's name is. Not in a title-case line, where verbs look like proper nouns."""
    doc = span.doc
    i = span.start
    while i > 0 and span.start - i < MAX_WORDS:
        t = doc[i - 1]
        if "\n" in t.whitespace_ or "\n" in t.text:
            break
        if t.pos_ in _RUN_POS and _RUN_WORD.fullmatch(t.text):
            if i >= 2 and not doc[i - 2].whitespace_ and (doc[i - 2].text[-1].isalnum() or doc[i - 2].text[-1] in "-/"):
                break  # the end of a hyphenated word ("37-year-old"): no title
            i -= 1
        elif t.lower_ in _RUN_JOINERS and doc[i].text[:1].isupper():
            j = i - 1  # "of the" inside a capitalised title ("Speaker of the House"), not after a common noun
            while j > 0 and doc[j - 1].lower_ in _RUN_JOINERS:
                j -= 1
            if j == 0 or not doc[j - 1].text[:1].isupper() or "\n" in doc[j - 1].whitespace_:
                break
            i = j
        else:
            break
    while i < span.start and (doc[i].lower_ in _RUN_JOINERS or doc[i].is_punct):
        i += 1
    run = doc[i : span.start]
    roles = role_nouns()
    if (
        not run
        or not any(t.lower_ in roles or t.lower_.rstrip(".") in _ABBREVIATED for t in run)
        or any(t.ent_type_ == "PERSON" for t in run)
        or _title_case(span.sent)
    ):
        return []
    return [text[run.start_char : span.end_char]]


def _title_case(sent: Any) -> bool:
    """A headline-style line: at most one lower-case content word among three or more capitalised ones."""
    words = [t for t in sent if t.is_alpha and not t.is_stop]
    lower: int = sum(bool(t.text.islower()) for t in words)
    return lower <= 1 and len(words) - lower >= 3


def _first_describing(doc: Any, start: int, end: int) -> int | None:
    """The first token of ``doc[start:end]`` that may open a form: after the last line break (the parser
    runs a caption or a byline into the next paragraph's name) and past leading function words; None when
    nothing is left."""
    for i in range(end - 1, start - 1, -1):
        if "\n" in doc[i].text or "\n" in doc[i].whitespace_:
            start = i + 1
            break
    while start < end and doc[start].pos_ in _LEADING_POS and doc[start].text != "-":
        start += 1
    return start if start < end else None


def _apposition_before(text: str, span: Any, root: Any) -> list[str]:
    """ "her interior minister, Horst Seehofer": the role noun phrase, and the role with the name. The role
    may carry a prepositional phrase, on whose last noun the parser often hangs the name ("The imam of
    Harwick Park mosque, Tariq Ansell,")."""
    doc = span.doc
    head = root.head
    if root.dep_ != "appos" or head.i >= span.start:
        return []
    last = span.start - 1
    if doc[last].text == ",":  # every word between the role and the comma before the name is the role's
        while head.pos_ == "NOUN" and not _role_head(head) and head.dep_ == "pobj" and head.head.dep_ == "prep":
            head = head.head.head  # "mosque" of "The imam of X mosque, Name": the role is the imam
        if last <= head.i or not all(head.is_ancestor(t) for t in doc[head.i + 1 : last]):
            return []
    elif span.start - head.i > 2:
        return []
    else:
        last = head.i + 1  # "anti-Israel congresswoman Ilhan Omar": the role right before the name
    if not _role_head(head):
        return []
    first = _first_describing(doc, head.left_edge.i, head.i + 1)
    if first is None:
        return []
    role = doc[first:last]
    if len(role) > MAX_WORDS or not _describes([t for t in role if t.i != head.i]):
        return []
    return [role.text, text[role.start_char : span.end_char]]


#: Tags of the relative and wh- words that open a clause.
_WH_TAGS = frozenset({"WDT", "WP", "WP$", "WRB"})


def _apposition_after(doc: Any, span: Any, root: Any) -> list[str]:
    """ "Boris Johnson, the former foreign secretary,": the role noun phrase after the name."""
    out = []
    for child in root.children:
        if child.dep_ != "appos" or child.i < span.end or not _role_head(child) or child.left_edge.i - span.end > 2:
            continue
        start = _first_describing(doc, child.left_edge.i, child.i + 1)
        if start is None:
            continue
        first, last = start, child.i
        for tok in doc[child.i + 1 : child.right_edge.i + 1]:  # "of the Metropolitan Police", "for faiths"
            if tok.text in _STOP_PUNCT or tok.dep_ in _CLAUSE_DEPS or tok.pos_ in _CLAUSE_POS or tok.tag_ in _WH_TAGS:
                break  # "the charity that runs the hostel": a relative clause starts at its pronoun
            last = tok.i
        role = doc[first : last + 1]
        if 1 <= len(role) <= MAX_WORDS and _describes([t for t in role if t.i != child.i]):
            out.append(role.text)  # the role noun itself is the apposition: only the words around it count
    return out


def _role_head(tok: Any) -> bool:
    """A common noun that names a role ("spokesman", "minister"), not part of a name ("Harwick Park mosque",
    an entity, or a noun with a proper-noun compound, unless the noun is a role noun: "the Labour leader")."""
    return (
        tok.pos_ == "NOUN"
        and tok.is_alpha
        and len(tok.text) >= 3
        and not tok.ent_type_
        and (tok.lower_ in role_nouns() or not any(c.dep_ == "compound" and c.pos_ == "PROPN" for c in tok.children))
        and "\n" not in tok.doc[tok.left_edge.i : tok.i + 1].text
    )


def _describes(words: Any) -> bool:
    """Words that can describe a name: no verb, no clause punctuation, no clause of their own."""
    return all(t.pos_ not in _CLAUSE_POS and t.text not in _STOP_PUNCT and t.dep_ not in _CLAUSE_DEPS for t in words)
