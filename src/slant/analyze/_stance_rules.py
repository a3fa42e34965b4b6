"""The rule scorer of the fast mode: lexicon cues attributed to a target along the dependency tree.

For each sentence (and holder), one linear pass finds the cues (:mod:`slant.analyze._stance_lexicon`):
multi-word phrases first, then single words by form or lemma. Words outside the holder's ``allowed``
ranges, inside an actor mention, or proper nouns never count. Each cue's weight is then

* flipped and weakened by a negator among its modifiers, its predicate head's modifiers or a negative
  subject ("not a disgrace", "nobody was happy about X"); multiplied by intensifiers and downtoners;
* attributed to the target by role: ``any`` cues by tree distance (``decay``) between the cue and the
  target's head token; ``subject``/``object`` cues through their arguments (subject: nsubj, agent, the
  noun a present participle modifies, a relative clause's antecedent; object: dobj, nsubjpass, "of/on/
  against X", a possessor of an event noun, the noun a past participle modifies), nearly nothing to a
  target in the opposite role ("X attacked Y" is not negative toward X);
* weakened for every clause boundary (ccomp, advcl, parataxis, a conjoined verb with its own subject)
  between cue and target, when another actor's mention is closer to the cue (unless the two are
  conjuncts, appositions or "X like Y"), and when the target only owns the person judged ("her
  predecessor, X, whose reckless cuts", "an attack on her family");
* ``ironic`` cues ("the great man") count as criticism only when the sentence's other cues are negative.

The signed sum ``S`` of the contributions becomes probabilities: the non-neutral mass is
``|S|^SLOPE / (|S|^SLOPE + THRESHOLD^SLOPE)`` (0 at S = 0, one half at ``|S| = THRESHOLD``), on the side of
S's sign.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from slant.analyze._stance_lexicon import CueEntry, StanceLexicon, load_stance_lexicon
from slant.analyze._stance_types import Cue, Probs, TargetItem

#: Attribution by tree distance (edges between cue and target head); beyond the table: the last value.
DECAY: tuple[float, ...] = (1.0, 1.0, 0.9, 0.75, 0.6, 0.45, 0.35, 0.3, 0.25)
#: Factor per clause boundary crossed between cue and target.
CLAUSE_FACTOR = 0.6
#: Factor when another actor's mention is strictly closer to the cue than the target.
COMPETE_FACTOR = 0.2
#: Factor for a role cue whose target is in the opposite role ("X attacked Y", toward X).
OPPOSITE_FACTOR = 0.1
#: Factor for a role cue whose target is in neither role (spill-over, by distance).
OFFROLE_FACTOR = 0.5
#: |S| at which a target stops being more likely neutral than polar (tuned on NewsMTSC train), and the
#: steepness of the curve around it.
THRESHOLD = 0.25
SLOPE = 2.0

CLAUSE_DEPS = frozenset({"ccomp", "advcl", "parataxis", "csubj"})
SUBJECT_DEPS = frozenset({"nsubj", "csubj", "expl"})
OBJECT_DEPS = frozenset({"dobj", "nsubjpass", "dative", "attr"})
OBJECT_PREPS = frozenset({"of", "on", "against", "at", "for", "towards", "toward", "upon", "over"})
PREDICATE_DEPS = frozenset({"acomp", "attr", "oprd", "xcomp", "dobj", "advmod", "pobj", "npadvmod"})
#: Nouns for people related to someone: their possessor is not who a cue about them judges ("her
#: predecessor, X, whose reckless cuts ..."; "an attack on her family").
RELATIONAL_NOUNS = frozenset(
    {
        *("predecessor", "successor", "opponent", "rival", "challenger", "family", "wife", "husband", "son"),
        *("daughter", "father", "mother", "brother", "sister", "colleague", "friend", "aide", "adviser"),
        *("advisor", "supporter", "critic", "ally", "deputy", "boss", "spokesman", "spokeswoman", "spokesperson"),
        *("lawyer", "partner", "staff", "team", "successors", "enemy", "children", "child", "fan", "follower"),
    }
)
#: Dependencies of a cue on the target that make it an evaluation of the target itself.
MODIFIER_DEPS = frozenset({"amod", "compound", "appos", "nmod"})
#: Dependencies of a cue on a predicate whose subject it then evaluates ("behaved shamefully").
BOUND_PREDICATE_DEPS = frozenset({"advmod", "acomp", "attr", "oprd", "xcomp"})
#: Dependencies that make a token part of a longer name ("Ali" in "Rushanara Ali MP").
NAME_PART_DEPS = frozenset({"compound", "flat"})
LINKING_PREPS = frozenset({"like", "including", "as"})
RELATIVE_PRONOUNS = frozenset({"who", "that", "which", "whom"})
#: Parts of speech the backoff lexicon may match (never function words: "no", "like" as a preposition).
BACKOFF_POS = frozenset({"ADJ", "ADV", "NOUN", "VERB", "INTJ"})
NEGATIVE_SUBJECTS = frozenset({"nobody", "none", "nothing", "no one"})
#: Parts of speech of a doer named in the sentence ("the people", "most of them", "they", "many").
DOER_POS = frozenset({"NOUN", "PROPN", "PRON", "ADJ", "NUM", "DET"})


@dataclass(frozen=True, slots=True)
class Judgement:
    """The rule scorer's view of one item: the signed sum and the cues that made it."""

    raw: float
    cues: tuple[Cue, ...] = ()


@dataclass(slots=True)
class _Found:
    """A cue found in a sentence (before attribution to a target)."""

    head: Any  # the token the cue hangs on
    start: int  # evidence span, sentence-relative characters
    end: int
    weight: float  # after negation and intensity
    role: str
    tokens: frozenset[int] = field(default_factory=frozenset)


def probs_from_raw(raw: float, threshold: float = THRESHOLD, slope: float = SLOPE) -> Probs:
    """(negative, neutral, positive) from a signed cue sum (see the module docstring)."""
    if raw == 0:
        return (0.0, 1.0, 0.0)
    polar = abs(raw) ** slope / (abs(raw) ** slope + threshold**slope)
    return (polar, 1.0 - polar, 0.0) if raw < 0 else (0.0, 1.0 - polar, polar)


class _Sentence:
    """Per-sentence indexes: token start offsets and ancestor chains (computed lazily)."""

    def __init__(self, sent: Any) -> None:
        self.sent = sent
        self.base = int(getattr(sent, "start_char", 0))
        self.tokens = list(sent)
        self.starts = [t.idx - self.base for t in self.tokens]
        self.chains: dict[int, list[Any]] = {}

    def tokens_in(self, start: int, end: int) -> list[Any]:
        i = max(bisect_right(self.starts, start) - 1, 0)
        out = []
        while i < len(self.tokens) and self.starts[i] < end:
            t = self.tokens[i]
            if self.starts[i] + len(t.text) > start:
                out.append(t)
            i += 1
        return out

    def head_of(self, start: int, end: int) -> Any | None:
        toks = self.tokens_in(start, end)
        if not toks:
            return None
        inside = {t.i for t in toks}
        for t in toks:
            if t.head.i not in inside or t.head.i == t.i:
                return t
        return toks[0]

    def chain(self, tok: Any) -> list[Any]:
        got = self.chains.get(tok.i)
        if got is None:
            got = [tok]
            cur = tok
            while cur.head.i != cur.i and len(got) < 64:
                cur = cur.head
                got.append(cur)
            self.chains[tok.i] = got
        return got

    def distance(self, a: Any, b: Any) -> tuple[int, int]:
        """Edges on the tree path between two tokens and the clause boundaries it crosses."""
        ca, cb = self.chain(a), self.chain(b)
        pos = {t.i: k for k, t in enumerate(ca)}
        for j, t in enumerate(cb):
            k = pos.get(t.i)
            if k is not None:
                crossings = sum(1 for x in ca[:k] if _is_boundary(x)) + sum(1 for x in cb[:j] if _is_boundary(x))
                return k + j, crossings
        return len(ca) + len(cb), 2  # different trees: far apart


def _is_boundary(tok: Any) -> bool:
    dep = tok.dep_
    if dep in CLAUSE_DEPS:
        return True
    return dep == "conj" and tok.pos_ in ("VERB", "AUX") and any(c.dep_ in SUBJECT_DEPS for c in tok.children)


def _decay(d: int) -> float:
    return DECAY[min(d, len(DECAY) - 1)]


def _pos_ok(entry: CueEntry, tok: Any) -> bool:
    if entry.pos == "*":
        return True
    if entry.pos == "ADJ":
        return tok.pos_ in ("ADJ", "VERB") and tok.dep_ in ("amod", "acomp", "oprd", "attr", "conj", "advmod", "xcomp")
    return bool(tok.pos_ == entry.pos)


def _in_ranges(start: int, end: int, ranges: tuple[tuple[int, int], ...] | None) -> bool:
    if ranges is None:
        return True
    return any(s <= start and end <= e for s, e in ranges)


def _overlaps(start: int, end: int, ranges: Iterable[tuple[int, int]]) -> bool:
    return any(start < e and s < end for s, e in ranges)


class RuleScorer:
    """The fast :class:`~slant.analyze._stance_types.TargetScorer`: lexicon cues and dependency rules."""

    def __init__(
        self, lexicon: StanceLexicon | None = None, threshold: float = THRESHOLD, event_factor: float = 1.0
    ) -> None:
        self.lex = lexicon or load_stance_lexicon()
        self.threshold = threshold
        #: Factor for negative object-role cues (what is done to the target: "removed", "sacked"); applied
        #: twice when another actor is the doer ("Ali accused Ken"). 1.0 for sentence-level scoring.
        self.event_factor = event_factor

    # -- the protocol ----------------------------------------------------------------------------------
    def score(self, items: Sequence[TargetItem]) -> list[Probs]:
        """(negative, neutral, positive) per item."""
        return [probs_from_raw(j.raw, self.threshold) for j in self.judge(items)]

    def probs(self, raw: float) -> Probs:
        """(negative, neutral, positive) from a signed cue sum, at this scorer's threshold."""
        return probs_from_raw(raw, self.threshold)

    def judge(self, items: Sequence[TargetItem]) -> list[Judgement]:
        """The signed cue sum and the attributed cues of each item (parses items that carry no ``sent``)."""
        sents = _ensure_sents(items)
        indexes: dict[int, _Sentence] = {}
        found: dict[tuple[int, Any, Any], list[_Found]] = {}
        out = []
        for item, sent in zip(items, sents, strict=True):
            ix = indexes.get(id(sent))
            if ix is None:
                ix = indexes[id(sent)] = _Sentence(sent)
            mentions = ((item.start, item.end), *item.others)
            key = (id(sent), item.allowed, frozenset(mentions))
            cues = found.get(key)
            if cues is None:
                cues = found[key] = self.find_cues(ix, item.allowed, mentions)
            out.append(self._attribute(ix, item, cues))
        return out

    # -- cue finding -----------------------------------------------------------------------------------
    def find_cues(
        self, ix: _Sentence, allowed: tuple[tuple[int, int], ...] | None, mentions: Sequence[tuple[int, int]]
    ) -> list[_Found]:
        """Every cue of the sentence that the holder may count (one linear pass over the tokens)."""
        out: list[_Found] = []
        toks = ix.tokens
        claimed: set[int] = set()
        for k, tok in enumerate(toks):
            if tok.i in claimed or tok.is_punct or tok.is_space:
                continue
            start = ix.starts[k]
            lemma = tok.lemma_.lower()
            for entry in self.lex.phrases.get(lemma, ()):
                n = len(entry.terms)
                span = toks[k : k + n]
                if len(span) == n and all(
                    t.lemma_.lower() == w or t.lower_ == w for t, w in zip(span, entry.terms, strict=True)
                ):
                    end = ix.starts[k + n - 1] + len(span[-1].text)
                    if _in_ranges(start, end, allowed) and not _overlaps(start, end, mentions):
                        idx = frozenset(t.i for t in span)
                        head = next((t for t in span if t.head.i not in idx or t.head.i == t.i), span[0])
                        out.append(self._found(ix, head, start, end, entry, idx))
                        claimed.update(idx)
                    break
            if tok.i in claimed or tok.pos_ == "PROPN":
                continue
            entries = self.lex.words.get(tok.lower_) or self.lex.words.get(lemma)
            if not entries and tok.pos_ in BACKOFF_POS and lemma not in self.lex.backoff_stop:
                fallback = self.lex.backoff.get(tok.lower_) or self.lex.backoff.get(lemma)
                entries = (fallback,) if fallback else ()
            if not entries:
                continue
            end = start + len(tok.text)
            if not _in_ranges(start, end, allowed) or _overlaps(start, end, mentions):
                continue
            for entry in entries:
                if _pos_ok(entry, tok):
                    out.append(self._found(ix, tok, start, end, entry, frozenset({tok.i}), mentions))
        negative_context = sum(f.weight for f in out if f.role != "ironic") < 0
        for f in out:
            if f.role == "ironic":
                f.weight = -abs(f.weight) if negative_context else 0.0
                f.role = "any"
        return [f for f in out if f.weight]

    def _found(
        self,
        ix: _Sentence,
        head: Any,
        start: int,
        end: int,
        entry: CueEntry,
        idx: frozenset[int],
        mentions: Sequence[tuple[int, int]] = (),
    ) -> _Found:
        weight = entry.weight * self._modifier(head, idx)
        if entry.role == "object" and entry.weight < 0:
            weight *= self.event_factor
        s, e = _evidence(ix, head, start, end, mentions)
        return _Found(head, s, e, weight, entry.role, idx)

    def _modifier(self, tok: Any, own: frozenset[int]) -> float:
        """The product of negation and intensity factors acting on a cue."""
        mods = self.lex.modifiers
        factor = 1.0
        negated = False
        scope = [tok]
        if tok.dep_ in PREDICATE_DEPS:
            scope.append(tok.head)
            if tok.dep_ == "pobj" and tok.head.dep_ == "prep":
                scope.append(tok.head.head)  # "lack of integrity", "without courage"
        for k, node in enumerate(scope):
            if k and mods.get(node.lemma_.lower(), ("", 1.0))[0] == "negator":
                negated = True  # "without courage", "lack of integrity"
            for c in node.children:
                if c.i in own:
                    continue
                kind, f = mods.get(c.lemma_.lower(), ("", 1.0))
                if kind == "negator" and (c.dep_ in ("neg", "det", "advmod", "preconj") or c.dep_ in SUBJECT_DEPS):
                    negated = True
                elif kind in ("intensifier", "downtoner") and k == 0 and c.dep_ in ("advmod", "amod", "npadvmod"):
                    factor *= f
                elif c.dep_ in SUBJECT_DEPS and c.lower_ in NEGATIVE_SUBJECTS:
                    negated = True
        if negated:
            factor *= mods.get("not", ("negator", -0.6))[1]
        return factor

    # -- attribution -----------------------------------------------------------------------------------
    def _attribute(self, ix: _Sentence, item: TargetItem, cues: list[_Found]) -> Judgement:
        target = ix.head_of(item.start, item.end)
        if target is None or not cues:
            return Judgement(0.0)
        others = [h for h in (ix.head_of(s, e) for s, e in item.others) if h is not None and h.i != target.i]
        peripheral = target.dep_ == "poss" and (
            target.head.lemma_.lower() in RELATIONAL_NOUNS or any(c.dep_ == "appos" for c in target.head.children)
        )
        raw = 0.0
        kept: list[Cue] = []
        for f in cues:
            w = f.weight * _reach(ix, f, target)
            if w == 0:
                continue
            if self.event_factor != 1 and f.role == "object" and _reported(ix, f, item.others, target):
                w *= self.event_factor  # "X accused Y", "members who admire Y": the doer's stance, reported
            if _relation_of(f.head, target):
                w *= COMPETE_FACTOR  # "X's friends", "his fan club": the people related to X, not X
            elif peripheral and f.head.i != target.head.i:
                w *= COMPETE_FACTOR
            elif others:
                mine = _closeness(ix, f, target)
                if any(_closeness(ix, f, o) > mine and not _linked(target, o) for o in others):
                    w *= COMPETE_FACTOR
            raw += w
            link = "" if _relation_of(f.head, target) else _link(f, target)
            if link == "patient" and _reported(ix, f, item.others):
                link = ""  # "Y accused X": Y's act, which the model reads as Y's stance
            kept.append(Cue(f.start, f.end, w, link))
        return Judgement(raw, tuple(kept))


def _relation_of(cue: Any, target: Any) -> bool:
    """Whether a cue is a relational noun with a possessor ("X's friends", "his fan club"): it names the
    people related to someone, so its polarity ("friend", "fan") says nothing of the possessor or of the
    actors around it."""
    if cue.lemma_.lower() not in RELATIONAL_NOUNS or cue.pos_ != "NOUN":
        return False
    noun = cue.head if cue.dep_ == "compound" and cue.head.i != cue.i else cue
    if noun.i == target.i:
        return False
    return any(c.dep_ == "poss" for c in noun.children)


def _reach(ix: _Sentence, f: _Found, target: Any) -> float:
    """How much of a cue reaches the target (role, tree distance, clause boundaries)."""
    if f.role == "any":
        d, crossings = ix.distance(f.head, target)
        return _decay(d) * CLAUSE_FACTOR**crossings
    role_args = _arguments(f.head, f.role)
    opposite = _arguments(f.head, "object" if f.role == "subject" else "subject")
    best = 0.0
    for a in role_args:
        d, crossings = ix.distance(a, target)
        best = max(best, _decay(d + 1) * CLAUSE_FACTOR**crossings)
    for a in opposite:
        d, _ = ix.distance(a, target)
        if d <= 1:
            return min(best, OPPOSITE_FACTOR) if best < 0.9 else best
    if best:
        return best
    d, crossings = ix.distance(f.head, target)
    return OFFROLE_FACTOR * _decay(d) * CLAUSE_FACTOR**crossings


def _link(f: _Found, target: Any) -> str:
    """How a cue hangs on the target (see :data:`~slant.analyze._stance_types.LINKS`)."""
    h = f.head
    n = target
    while n.dep_ in NAME_PART_DEPS and n.head.i != n.i:
        n = n.head  # "the snake Rusharnara Ali MP": the phrase of the name, not its first part
    if f.role != "object":
        if h.head.i == n.i and h.dep_ in MODIFIER_DEPS:
            return "bound"  # "the ghastly X", "X, a disgrace"
        if n.dep_ == "appos" and (n.head.i == h.i or (h.dep_ == "amod" and n.head.i == h.head.i)):
            return "bound"  # "the snake, X", "the corrupt senator, X"
        if h.dep_ == "amod" and h.head.dep_ == "appos" and h.head.head.i == n.i:
            return "bound"  # "X, a corrupt man"
        pred = h if h.pos_ in ("VERB", "AUX") else h.head if h.dep_ in BOUND_PREDICATE_DEPS else None
        if pred is not None and any(c.i == n.i and c.dep_ == "nsubj" for c in pred.children):
            return "bound"  # "X behaved shamefully", "X is a disgrace", "X lied"
        noun = h if h.pos_ == "NOUN" else h.head if h.dep_ == "amod" and h.head.pos_ == "NOUN" else None
        if noun is not None and n.dep_ == "poss" and n.head.i == noun.i:
            return "bound"  # "X's courageous decision", "his master stroke"
    elif f.weight < 0 and any(a.i in (n.i, target.i) for a in _arguments(h, "object")):
        return "patient"  # "X was sacked", "X's removal"
    return ""


def _reported(ix: _Sentence, f: _Found, others: tuple[tuple[int, int], ...], target: Any = None) -> bool:
    """Whether someone else is the doer of an object-role cue: another actor ("Ali accused Ken": Ali's act)
    or, given the target, any person or group named as its subject ("the people attacking him", "members
    who admire X"): what they do to the target is their stance, reported, not the holder's judgement."""
    doers = _arguments(f.head, "subject")
    if target is not None:
        doers = doers + _demanders(f.head)
    for a in doers:
        s = a.idx - ix.base
        if _overlaps(s, s + len(a.text), others):
            return True
        if target is not None and a.i != target.i and a.pos_ in DOER_POS and not _linked(a, target):
            return True
    return False


def _demanders(tok: Any) -> list[Any]:
    """Who asks for an event noun ("a lawmaker called for his expulsion", "urged his removal"): the subject
    of the verb that governs it, or, for a controlled verb ("prompting a lawmaker to call for ..."), the
    controller."""
    if tok.pos_ != "NOUN":
        return []
    verb = tok.head.head if tok.dep_ == "pobj" and tok.head.dep_ == "prep" else tok.head if tok.dep_ == "dobj" else None
    if verb is None or verb.pos_ != "VERB" or verb.i == tok.i:
        return []
    out = [c for c in verb.children if c.dep_ in ("nsubj", "csubj")]
    if not out and verb.dep_ == "xcomp" and verb.head.i != verb.i:
        out = [c for c in verb.head.children if c.dep_ in ("dobj", "nsubj")]
    return out


def _closeness(ix: _Sentence, f: _Found, tok: Any) -> float:
    return _reach(ix, f, tok)


def _linked(a: Any, b: Any) -> bool:
    """Two mentions that share what is said of either: conjuncts, appositions, "X like/including Y"."""
    for x, y in ((a, b), (b, a)):
        if y.head.i == x.i and y.dep_ in ("conj", "appos"):
            return True
        if y.dep_ == "pobj" and y.head.lower_ in LINKING_PREPS and y.head.head.i == x.i:
            return True
    return False


def _arguments(tok: Any, role: str, depth: int = 0) -> list[Any]:
    """The tokens that fill a cue's subject or object role (see the module docstring)."""
    out: list[Any] = []
    is_noun = tok.pos_ in ("NOUN", "PROPN")
    children = list(tok.children)
    if role == "subject":
        if is_noun:
            out += [c for c in children if c.dep_ == "poss"]
            out += [
                g for c in children if c.dep_ == "prep" and c.lower_ == "by" for g in c.children if g.dep_ == "pobj"
            ]
        else:
            out += [c for c in children if c.dep_ in ("nsubj", "csubj")]
            out += [g for c in children if c.dep_ == "agent" for g in c.children if g.dep_ == "pobj"]
            if tok.dep_ in ("acl", "amod") and tok.tag_ == "VBG":
                out.append(tok.head)
    else:
        if is_noun:
            out += [
                g
                for c in children
                if c.dep_ == "prep" and c.lower_ in OBJECT_PREPS
                for g in c.children
                if g.dep_ == "pobj"
            ]
            if not out:
                out += [c for c in children if c.dep_ == "poss"]
        else:
            out += [c for c in children if c.dep_ in ("dobj", "nsubjpass", "dative")]
            out += [
                g
                for c in children
                if c.dep_ == "prep" and c.lower_ in ("on", "against", "at", "of", "upon")
                for g in c.children
                if g.dep_ == "pobj"
            ]
            if tok.dep_ in ("acl", "amod") and tok.tag_ == "VBN":
                out.append(tok.head)
    resolved = []
    for a in out:
        if a.lower_ in RELATIVE_PRONOUNS and tok.dep_ == "relcl":
            resolved.append(tok.head)
        else:
            resolved.append(a)
    if not resolved and not is_noun and depth < 3 and tok.dep_ in ("conj", "xcomp", "relcl") and tok.head.i != tok.i:
        if tok.dep_ == "relcl":
            return [tok.head] if role == ("object" if _is_passive(tok) else "subject") else []
        return _arguments(tok.head, role, depth + 1)
    return resolved


def _is_passive(tok: Any) -> bool:
    return any(c.dep_ in ("auxpass", "nsubjpass") for c in tok.children)


def _evidence(ix: _Sentence, head: Any, start: int, end: int, mentions: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """Widen a cue to the phrase a reader would mark: an adjective with the deed it judges ("astonishing
    decision"), a noun with its adjacent modifiers and article ("the snake", "political master stroke")."""
    s, e = start, end
    if head.pos_ == "ADJ" and head.dep_ == "amod" and head.head.i > head.i:
        noun = head.head
        ns = noun.idx - ix.base
        ne = ns + len(noun.text)
        if not _overlaps(ns, ne, mentions) and noun.i - head.i <= 2:
            e = max(e, ne)
    if head.pos_ == "NOUN":
        for c in sorted(head.children, key=lambda t: -t.i):
            if c.i >= head.i:
                continue
            cs = c.idx - ix.base
            if c.dep_ in ("amod", "compound", "det") and cs + len(c.text) + 1 >= s and c.pos_ != "PROPN":
                if c.dep_ == "det" and c.lower_ != "the":
                    break
                if _overlaps(cs, cs + len(c.text), mentions):
                    break
                s = cs
    return s, e


def _ensure_sents(items: Sequence[TargetItem]) -> list[Any]:
    """The spaCy sentence of each item, parsing the texts of items that carry none (once per text)."""
    missing = list(dict.fromkeys(it.text for it in items if it.sent is None))
    parsed: dict[str, Any] = {}
    if missing:
        from slant.nlp import load_nlp

        parsed = dict(zip(missing, load_nlp().pipe(missing, batch_size=64), strict=True))
    return [it.sent if it.sent is not None else parsed[it.text] for it in items]
