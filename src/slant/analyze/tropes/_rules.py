"""Parse rules of the trope detector, over the spaCy dependency parse.

* :func:`names_group` checks that a cue's group mention names the group as a whole: a group adjective must
  sit before a plural noun or a collective head ("Jewish bankers", "the Jewish lobby", "Jewish-owned"), not
  before one person ("a Jewish businessman", "the Jewish Chronicle"); a singular group noun after "a"/"one"
  is one person too.
* :func:`collective_acts` finds the ``collective-act`` rule: a group noun, or a group adjective on a plural
  noun, that is the subject (or the ``by`` agent) of a hostile act from ``lexicon.hostile_acts``
  ("Jewish journalists have stalked him", "the Israelites have been after Ken"). Subjects narrowed to a few
  people (``lexicon.subset_determiners``) or to wrongdoers (``lexicon.subgroup_heads``), negated verbs and
  passive subjects (victims) do not count.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from slant.analyze.tropes._catalogue import Catalogue, Group, load_catalogue
from slant.analyze.tropes._patterns import _WORD, _terms_regex
from slant.nlp.spans import doc_text

PLURAL_TAGS = frozenset({"NNS", "NNPS"})
SINGULAR_TAGS = frozenset({"NN", "NNP"})
MODIFIER_DEPS = frozenset({"amod", "compound", "nmod"})
#: A group adjective used as a predicate ("they are all Black") names the group.
PREDICATE_DEPS = frozenset({"acomp", "attr", "oprd"})
#: Quantifiers that make even a singular phrase a statement about the whole group ("every Jewish MP").
UNIVERSAL = frozenset({"every", "each", "all", "any"})
#: Children of a verb left out of the flagged clause (other clauses, connectives, punctuation).
OUTSIDE_CLAUSE = frozenset({"conj", "cc", "punct", "advcl", "relcl", "parataxis", "mark", "dep"})
SPAN_DEPS = frozenset(
    {
        "nsubj",
        "nsubjpass",
        "aux",
        "auxpass",
        "neg",
        "dobj",
        "obj",
        "prep",
        "prt",
        "advmod",
        "npadvmod",
        "attr",
        "acomp",
        "xcomp",
        "dative",
        "oprd",
        "agent",
        "pobj",
        "ccomp",
    }
)


@dataclass(frozen=True, slots=True)
class Lexicon:
    """The word lists the parse rules read, as lower-case sets."""

    hostile: frozenset[str]
    subgroup_heads: frozenset[str]
    subset: frozenset[str]
    collective_heads: frozenset[str]
    person: frozenset[str]
    named_bodies: tuple[str, ...]


@lru_cache(maxsize=1)
def rule_lexicon() -> Lexicon:
    """The parse rules' word lists (cached)."""
    cat = load_catalogue()

    def words(name: str) -> frozenset[str]:
        return frozenset(w.lower() for w in cat.words(name))

    return Lexicon(
        words("hostile_acts"),
        words("subgroup_heads"),
        words("subset_determiners"),
        words("collective_heads"),
        words("person_nouns"),
        tuple(cat.words("named_bodies")),
    )


def names_a_body(text: str, start: int, lex: Lexicon | None = None) -> bool:
    """Whether the group word at ``start`` opens the name of a movement or organisation ("Black Lives Matter")."""
    lex = lex or rule_lexicon()
    return any(text.startswith(name, start) for name in lex.named_bodies)


@dataclass(frozen=True, slots=True)
class Act:
    """A hostile act ascribed to a whole group: token range of the clause, the subject and the verb."""

    group: Group
    start: int  # first token index
    end: int  # last token index (inclusive)
    subject: str
    verb: str


def _subset(noun: Any, lex: Lexicon) -> bool:
    """Whether the noun phrase names a few members ('two Muslim men', 'some Jewish journalists')."""
    for child in noun.children:
        if child.dep_ in ("det", "nummod", "quantmod", "predet", "amod") and child.lower_ in lex.subset:
            return True
        if child.dep_ == "nummod":
            return True
    return False


def _person(token: Any, lex: Lexicon) -> bool:
    return token.lower_ in lex.person or token.lemma_.lower() in lex.person


def _next_word(doc: Any, i: int) -> Any:
    while i < len(doc) and doc[i].is_punct:
        i += 1
    return doc[i] if i < len(doc) else None


def names_group(doc: Any, start: int, end: int, adjective: bool, group: Group, lex: Lexicon | None = None) -> bool:
    """Whether the group mention at characters ``[start, end)`` names the group as a whole (see module doc)."""
    lex = lex or rule_lexicon()
    if names_a_body(doc_text(doc), start, lex):
        return False
    span = doc.char_span(start, end, alignment_mode="expand")
    if span is None or len(span) == 0:
        return True
    first = span[0]
    universal = any(t.lower_ in UNIVERSAL for t in doc[max(0, first.i - 2) : first.i])
    if adjective:
        rest = [t for t in span[1:] if not t.is_punct]
        nxt = rest[0] if rest else _next_word(doc, span.end)
        if first.dep_ in MODIFIER_DEPS and first.head.i > first.i and first.head.pos_ in ("NOUN", "PROPN"):
            nxt = first.head  # "Jewish film producers": the phrase's head noun, not the next word
        if group.adjective_needs_person and not (
            (nxt is not None and _person(nxt, lex)) or first.dep_ in PREDICATE_DEPS
        ):
            return False
        if not rest or universal:
            return True  # {adj}: the cue's own words follow the adjective
        return not (nxt.tag_ in SINGULAR_TAGS and nxt.lower_ not in lex.collective_heads)
    head = span[-1]
    if len(span) == 1 and head.dep_ in MODIFIER_DEPS and head.head.i > head.i and head.head.pos_ in ("NOUN", "PROPN"):
        # a noun term used as a modifier ("the Muslim ban"): judge it like an adjective, by its head noun
        noun = head.head
        return universal or noun.tag_ in PLURAL_TAGS or noun.lower_ in lex.collective_heads
    if head.tag_ in SINGULAR_TAGS and head.text not in group.mass_nouns and len(span) == 1 and not universal:
        before = doc[head.i - 1] if head.i > 0 else None
        if before is not None and before.lower_ in lex.subset:
            return False
    return True


@lru_cache(maxsize=32)
def _presence_regex(group: Group) -> re.Pattern[str]:
    cased = frozenset(group.cased)
    nouns = _terms_regex(group.nouns + group.codes + group.slurs, cased)
    adj = _terms_regex(group.adjectives, cased)
    return re.compile(rf"(?<![\w-])(?:(?P<n>{nouns})|(?P<a>{adj}))(?!\w)", re.IGNORECASE)


@lru_cache(maxsize=32)
def _triggers(group: Group) -> tuple[frozenset[str], tuple[str, ...]]:
    """Per term of the group, one lower-case word that any match of the term contains (its longest), or, where
    every word is a wildcard ("Jew*"), a prefix: words and prefixes that a sentence naming the group must hold."""
    exact: set[str] = set()
    prefixes: set[str] = set()
    for term in (*group.nouns, *group.codes, *group.slurs, *group.adjectives):
        whole: list[str] = []
        starts: list[str] = []
        for word in term.split():
            chunks = [c.lower() for c in _WORD.findall(word.rstrip("*"))]
            if word.endswith("*") and chunks:
                starts.append(chunks.pop())
            whole += chunks
        if whole:
            exact.add(max(whole, key=len))
        elif starts:
            prefixes.add(max(starts, key=len))
    return frozenset(exact), tuple(sorted(prefixes))


def may_name(group: Group, words: frozenset[str]) -> bool:
    """False when a sentence with these lower-case words (``\\w+`` chunks) cannot name the group: a cheap test
    before :func:`group_named`'s regex and parse checks."""
    exact, prefixes = _triggers(group)
    if not exact.isdisjoint(words):
        return True
    return bool(prefixes) and any(w.startswith(prefixes) for w in words)


def group_named(doc: Any, sent: Any, group: Group, lex: Lexicon | None = None) -> bool:
    """Whether the sentence names the group at all (a noun, code or slur; an adjective on a person noun)."""
    lex = lex or rule_lexicon()
    for m in _presence_regex(group).finditer(doc_text(doc), sent.start_char, sent.end_char):
        if m.group("n") is not None or not group.adjective_needs_person:
            return True
        span = doc.char_span(m.start(), m.end(), alignment_mode="expand")
        if span is None or len(span) == 0:
            continue
        nxt = _next_word(doc, span.end)
        if (nxt is not None and _person(nxt, lex)) or span[0].dep_ in PREDICATE_DEPS:
            return True
    return False


def _verbs(verb: Any) -> Iterator[Any]:
    """The verb, its open complements ('continue to stalk') and the conjuncts sharing its subject; a negated
    verb's complements are under its negation ('will not agree to switch ...')."""
    seen = {verb.i}
    todo = [verb]
    while todo:
        v = todo.pop()
        yield v
        negated = any(c.dep_ == "neg" for c in v.children)
        for c in v.children:
            if c.i in seen:
                continue
            if (c.dep_ == "xcomp" and not negated) or (
                c.dep_ == "conj"
                and c.pos_ in ("VERB", "AUX")
                and not any(g.dep_ in ("nsubj", "nsubjpass") for g in c.children)
            ):
                seen.add(c.i)
                todo.append(c)


def _keys(verb: Any) -> Iterator[str]:
    lemma = verb.lemma_.lower()
    yield lemma
    for c in verb.children:
        if c.dep_ in ("prt", "prep"):
            yield f"{lemma} {c.lower_}"


def _clause(verb: Any, act_verb: Any) -> tuple[int, int]:
    """Token range of the clause around ``verb`` (and the conjunct ``act_verb`` when it is one)."""
    idx = [verb.i]
    for c in verb.children:
        if c.dep_ in SPAN_DEPS or c is act_verb:
            idx.extend(t.i for t in c.subtree)
    if act_verb is not verb:
        idx.extend(t.i for t in act_verb.subtree)
    return min(idx), max(idx)


def _mention_regex(groups: tuple[Group, ...]) -> list[tuple[Group, re.Pattern[str]]]:
    out = []
    for g in groups:
        cased = frozenset(g.cased)
        body = _terms_regex(g.nouns + g.adjectives, cased)
        out.append((g, re.compile(rf"(?<![\w-])(?:{body})(?!\w)", re.IGNORECASE)))
    return out


@lru_cache(maxsize=1)
def _collective_groups() -> tuple[tuple[Group, re.Pattern[str]], ...]:
    cat: Catalogue = load_catalogue()
    ids = {t.group for t in cat.tropes if "collective-act" in t.rules}
    return tuple(_mention_regex(tuple(g for g in cat.groups if g.id in ids)))


def collective_acts(doc: Any) -> list[Act]:
    """Every hostile act the text ascribes to a whole group (the ``collective-act`` rule)."""
    lex = rule_lexicon()
    text = doc_text(doc)
    out: list[Act] = []
    for group, regex in _collective_groups():
        for m in regex.finditer(text):
            span = doc.char_span(m.start(), m.end(), alignment_mode="expand")
            if span is None or len(span) == 0:
                continue
            root = span.root
            if root.dep_ in MODIFIER_DEPS and root.head.pos_ in ("NOUN", "PROPN") and root.head.i != root.i:
                noun = root.head
                if noun.tag_ not in PLURAL_TAGS:
                    continue
            else:
                noun = root
                if noun.tag_ not in PLURAL_TAGS and noun.text not in group.mass_nouns:
                    continue
            if noun.lower_ in lex.subgroup_heads or _subset(noun, lex):
                continue
            subj = noun
            while subj.dep_ == "conj" and subj.head.i != subj.i:
                subj = subj.head
            if subj.dep_ == "nsubj":
                verb = subj.head
            elif subj.dep_ == "pobj" and subj.head.dep_ == "agent":
                verb = subj.head.head
            else:
                continue
            for v in _verbs(verb):
                if any(c.dep_ == "neg" for c in v.children):
                    continue
                key = next((k for k in _keys(v) if k in lex.hostile), None)
                if key is None:
                    continue
                start, end = _clause(verb, v)
                start = min(start, noun.left_edge.i, span.start)
                out.append(Act(group, start, end, doc[noun.left_edge.i : noun.i + 1].text, key))
                break
    return out
