"""Names a text gives: "four liberal Democrats dubbed “the squad”", "a group known as the squad".

A naming verb (``resources/actors/naming_verbs.tsv``) with a short noun phrase for a name (its object
complement, or the object of "as") makes that name an actor of kind ``other``, and the phrase it names one
of the actor's forms ("four liberal Democrats"). Every later use of the name, with or without quotation
marks or a capital, is a mention ("The Squad disagreed"). A capitalised "the X" that stands alone inside
quotation marks ('the comments made by “the Squad.”') is such a name too. Tokens another actor already
claimed are left alone, so "dubbed Boris" does not make a second Boris, and a name given to one named
person, a singular pronoun or one thing ("called her “the future”", "called the report “the smear”") is an
epithet, no actor; so is a description ("a hit job").
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from slant.analyze.actors._candidate import Candidate
from slant.analyze.common import read_tsv
from slant.nlp.spans import tokens_of

#: Objects of a naming verb that make its name an epithet for one person or thing.
_ONE = frozenset({"her", "him", "me", "you", "it", "us"})
#: Longest name taken (tokens, "the" included).
MAX_NAME = 4
_QUOTES = frozenset("\"“”‘’'")


@lru_cache(maxsize=1)
def _verbs() -> dict[str, str]:
    return {r["lemma"].lower(): r["as"] for r in read_tsv("resources/actors", "naming_verbs.tsv")}


def find_dubbed(doc: Any, claimed: list[bool]) -> list[tuple[str, str, list[Candidate], list[str]]]:
    """``(name, kind, mentions, forms)`` of each name the text gives (see the module docstring)."""
    names: dict[tuple[str, ...], list[str]] = {}  # the name's words (lower case, no "the") -> forms
    verbs = _verbs()
    for tok in tokens_of(doc):
        how = verbs.get(tok.lemma_.lower())
        if how is None or tok.pos_ != "VERB":
            continue
        if any(
            c.dep_ == "dobj" and (c.lower_ in _ONE or claimed[c.i] or c.tag_ in ("NN", "NNP")) for c in tok.children
        ):
            continue  # "called her 'the future'", "called the report 'a hit job'": an epithet for one, no collective
        for y in _nominees(tok, how):
            words = _name_words(doc, y, claimed)
            if words is not None:
                forms = names.setdefault(words, [])
                form = _named_phrase(doc, tok)
                if form and form not in forms:
                    forms.append(form)
    lowers = [t.lower_ for t in tokens_of(doc)]
    for i in range(1, len(lowers)):  # 'made by “the Squad.”': a quoted capitalised name
        if lowers[i] != "the" or lowers[i - 1] not in _QUOTES:
            continue
        tok = doc[i]
        end = tok.i + 1
        while end < len(doc) and end - tok.i <= MAX_NAME - 1 and doc[end].tag_ == "NNP" and doc[end].text[:1].isupper():
            end += 1
        rest = end + 1 if end < len(doc) and doc[end].is_punct and doc[end].text not in _QUOTES else end
        if end > tok.i + 1 and rest < len(doc) and doc[rest].text in _QUOTES and not any(claimed[tok.i + 1 : end]):
            names.setdefault(tuple(t.lower_ for t in doc[tok.i + 1 : end]), [])
    out: list[tuple[str, str, list[Candidate], list[str]]] = []
    for words, forms in names.items():
        mentions = _mentions(doc, words, claimed, lowers)
        if not mentions:
            continue
        shown = [doc[m.tok_start : m.tok_end].text for m in mentions]
        display = next((s for s in shown if s[:1].isupper()), shown[0])
        out.append((f"the {display}", "other", mentions, forms))
    return out


def _nominees(verb: Any, how: str) -> list[Any]:
    direct = [c for c in verb.children if c.dep_ in ("oprd", "attr")] if how in ("no", "either") else []
    via_as = (
        [g for c in verb.children if c.dep_ == "prep" and c.lower_ == "as" for g in c.children if g.dep_ == "pobj"]
        if how in ("yes", "either")
        else []
    )
    return [t for t in direct + via_as if t.pos_ in ("NOUN", "PROPN")]


def _name_words(doc: Any, y: Any, claimed: list[bool]) -> tuple[str, ...] | None:
    """The words of the name headed by ``y`` ("the squad" -> ("squad",)), or None when it is no name: too
    long, or someone else's already, or without "the" and not set off by quotation marks."""
    start = y.left_edge.i
    quoted = start > 0 and doc[start - 1].text in _QUOTES
    while start < y.i and doc[start].text in _QUOTES:  # the parser may hang the opening mark on the name
        start += 1
        quoted = True
    end = y.right_edge.i
    while end > y.i and doc[end].is_punct:  # a closing mark or comma hung on the name
        end -= 1
    if y.i - start + 1 > MAX_NAME or any(claimed[start : y.i + 1]) or end != y.i:
        return None
    if doc[start].lower_ in ("a", "an"):
        return None  # "a partisan hit job": a description, no name
    if doc[start].lower_ == "the":
        start += 1
    elif not quoted:
        return None
    if start > y.i:
        return None
    return tuple(t.lower_ for t in doc[start : y.i + 1])


def _named_phrase(doc: Any, verb: Any) -> str:
    """The noun phrase the naming verb names: the head of its relative or participle clause ("a group of
    newcomers who have become known as ..."), or the noun right before it ("four liberal Democrats dubbed")."""
    head = None
    if verb.dep_ in ("acl", "relcl") and verb.head.pos_ in ("NOUN", "PROPN"):
        head = verb.head
    elif verb.i > 0 and doc[verb.i - 1].pos_ in ("NOUN", "PROPN"):
        if doc[verb.i - 1].dep_ == "nsubj" and any(c.dep_ == "dobj" for c in verb.children):
            return ""  # "Ana Reed called the women ...": the one who does the naming
        head = doc[verb.i - 1]  # "four Democrats dubbed ..."
    if head is None:
        return ""
    top = head
    while top.dep_ == "pobj" and top.head.lower_ == "of" and top.head.head.pos_ == "NOUN":
        top = top.head.head  # "a group of progressive newcomers"
    start = top.left_edge.i
    end = head.i + 1
    if end - start > 8:
        return ""
    return str(doc[start:end].text)


def _mentions(doc: Any, words: tuple[str, ...], claimed: list[bool], lowers: list[str]) -> list[Candidate]:
    n = len(words)
    out: list[Candidate] = []
    i = 0
    while i + n <= len(lowers):
        if lowers[i] == words[0] and tuple(lowers[i : i + n]) == words and not any(claimed[i : i + n]):
            before = lowers[i - 1] if i else ""
            if before == "the" or (i > 1 and before in _QUOTES and lowers[i - 2] == "the") or before in _QUOTES:
                a, b = doc[i], doc[i + n - 1]
                out.append(Candidate(i, i + n, a.idx, b.idx + len(b.text), "other", "dubbed"))
                i += n
                continue
        i += 1
    return out
