"""How a stance cue reaches a target through the dependency parse: the sentence index the rule scorer
works on, tree distance and clause boundaries, argument roles (subject, object, passive, a relative
clause's antecedent), negation and embedding, reported speech, evidence spans and irony.

The weights and the order in which they apply are described in :mod:`slant.analyze.stance._rules`, whose
scorer calls these functions.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from slant.analyze.stance._lexicon import CueEntry, Frame, StanceLexicon
from slant.analyze.stance._types import Cue, TargetItem
from slant.nlp.spans import sentences_of, tokens_of

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


CLAUSE_DEPS = frozenset({"ccomp", "advcl", "parataxis", "csubj"})


SUBJECT_DEPS = frozenset({"nsubj", "csubj", "expl"})


OBJECT_PREPS = frozenset({"of", "on", "against", "at", "for", "towards", "toward", "upon", "over"})


#: Prepositions that introduce the one an event noun is aimed at ("tribute to X", "an investigation into X").
NOUN_OBJECT_PREPS = OBJECT_PREPS | {"to", "into"}


#: Verbs whose polarity is their complement's ("deserved to finish third", "deserves to lose"): with an
#: infinitive complement they are no cue themselves (the complement's own cues count).
COMPLEMENT_VERBS = frozenset({"deserve"})


#: Dependencies of a cue on the target that make it an evaluation of the target itself.
MODIFIER_DEPS = frozenset({"amod", "compound", "appos", "nmod"})


#: Dependencies of a cue on a predicate whose subject it then evaluates ("behaved shamefully").
BOUND_PREDICATE_DEPS = frozenset({"advmod", "acomp", "attr", "oprd", "xcomp"})


#: Dependencies that make a token part of a longer name ("Ali" in "Rushanara Ali MP").
NAME_PART_DEPS = frozenset({"compound", "flat"})


LINKING_PREPS = frozenset({"like", "including", "as"})


RELATIVE_PRONOUNS = frozenset({"who", "that", "which", "whom"})


#: Parts of speech of a doer named in the sentence ("the people", "most of them", "they", "many").
DOER_POS = frozenset({"NOUN", "PROPN", "PRON", "ADJ", "NUM", "DET"})


@dataclass(frozen=True, slots=True)
class Judgement:
    """The rule scorer's view of one item: the signed sum and the cues that made it.

    ``ironic``: praise in an irony frame whose sign the sentence alone does not settle (weights as if
    sincere, not in ``raw``); :func:`resolve_irony` settles it from the rest of the article. ``frames``:
    the rhetorical frames that changed the item's cues ("irony", "past", "contrast"), for scorers that
    must let them override a model.
    """

    raw: float
    cues: tuple[Cue, ...] = ()
    ironic: tuple[Cue, ...] = ()
    frames: frozenset[str] = frozenset()


@dataclass(slots=True)
class _Found:
    """A cue found in a sentence (before attribution to a target)."""

    head: Any  # the token the cue hangs on
    start: int  # evidence span, sentence-relative characters
    end: int
    weight: float  # after negation and intensity
    role: str
    tokens: frozenset[int] = field(default_factory=frozenset)
    ironic: bool = False  # praise in an irony frame, its sign left to the article (see resolve_irony)
    frame: str = ""  # the rhetorical frame that changed it (frames.tsv kind), if any


class _Sentence:
    """Per-sentence indexes: token start offsets and ancestor chains (computed lazily)."""

    def __init__(self, sent: Any) -> None:
        self.sent = sent
        self.base = int(getattr(sent, "start_char", 0))
        doc = getattr(sent, "doc", None)
        self.tokens = tokens_of(doc)[sent.start : sent.end] if doc is not None and doc is not sent else list(sent)
        self.starts = [t.idx - self.base for t in self.tokens]
        self.chains: dict[int, list[Any]] = {}
        self.climbs: dict[int, tuple[list[Any], dict[int, int], list[int]]] = {}
        #: What a scorer found in this sentence independently of holder and target (see ``_token_cues``).
        self.memo: dict[tuple[str, int, Any], Any] = {}

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

    def _climb(self, tok: Any) -> tuple[list[Any], dict[int, int], list[int]]:
        """A token's chain to the root, each chain token's place in it, and how many clause boundaries the
        chain's first ``k`` tokens hold (``cum[k]``): made once per token, as :meth:`distance` asks for the
        same tokens hundreds of times an article."""
        got = self.climbs.get(tok.i)
        if got is None:
            chain = self.chain(tok)
            cum = [0]
            for x in chain:
                cum.append(cum[-1] + _is_boundary(x))
            got = (chain, {t.i: k for k, t in enumerate(chain)}, cum)
            self.climbs[tok.i] = got
        return got

    def distance(self, a: Any, b: Any) -> tuple[int, int]:
        """Edges on the tree path between two tokens and the clause boundaries it crosses."""
        ca, pos, cum_a = self._climb(a)
        cb, _, cum_b = self._climb(b)
        for j, t in enumerate(cb):
            k = pos.get(t.i)
            if k is not None:
                return k + j, cum_a[k] + cum_b[j]
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


def _condemned_harms(cues: Sequence[_Found], target: Any) -> dict[int, bool]:
    """Harms to the target condemned by a verdict ("any attempt to expel him would be a disgrace", "sacking
    her was outrageous"): a negative cue predicated of a subject or clause that holds a harm done to the
    target defends the target. Token index -> True for a verdict (it counts reversed), False for the harm
    (it counts nothing)."""
    harms = [
        g
        for g in cues
        if g.weight < 0 and g.role == "object" and any(a.i == target.i for a in _arguments(g.head, "object"))
    ]
    if not harms:
        return {}
    out: dict[int, bool] = {}
    for f in cues:
        if f.weight >= 0 or f.role != "any" or any(f is g for g in harms):
            continue
        verb = f.head.head if f.head.dep_ in ("attr", "acomp") else None
        if verb is None or verb.lemma_ != "be":
            continue
        for c in verb.children:
            if c.dep_ not in ("nsubj", "csubj", "ccomp") or c.i == f.head.i:
                continue
            inside = [g for g in harms if g.head.i in _subtree(c)]
            if inside:
                out[f.head.i] = True
                out.update((g.head.i, False) for g in inside)
    return out


def _relation_of(cue: Any, target: Any, relational: frozenset[str]) -> bool:
    """Whether a cue is a relational noun with a possessor ("X's friends", "his fan club"): it names the
    people related to someone, so its polarity ("friend", "fan") says nothing of the possessor or of the
    actors around it."""
    if cue.lemma_.lower() not in relational or cue.pos_ != "NOUN":
        return False
    noun = cue.head if cue.dep_ == "compound" and cue.head.i != cue.i else cue
    if noun.i == target.i:
        return False
    return any(c.dep_ == "poss" for c in noun.children)


def _reach(ix: _Sentence, f: _Found, target: Any, receiving: frozenset[str] = frozenset()) -> float:
    """How much of a cue reaches the target (role, tree distance, clause boundaries)."""
    if f.role == "any":
        d, crossings = ix.distance(f.head, target)
        return _decay(d) * CLAUSE_FACTOR**crossings
    role_args = _arguments(f.head, f.role)
    opposite = _arguments(f.head, "object" if f.role == "subject" else "subject")
    if f.role == "object" and f.head.pos_ == "NOUN":
        # "X paid tribute to Y", "X returned the compliment": the doer of an event noun is the subject of
        # the verb that governs it, unless that verb receives it ("X faced criticism", "X won praise")
        opposite += [d for d in _demanders(f.head) if d.head.lemma_.lower() not in receiving]
    best = 0.0
    for a in role_args:
        d, crossings = ix.distance(a, target)
        best = max(best, _decay(d + 1) * CLAUSE_FACTOR**crossings)
    nouns = f.role == "subject" and role_args and all(a.pos_ == "NOUN" for a in role_args)
    if nouns and not any(target.i in _subtree(a) for a in (*role_args, *_under(f.head))):
        best *= COMPETE_FACTOR  # "when the water plant failed, he ...": the plant failed, not he
    for a in opposite:
        d, _ = ix.distance(a, target)
        if d <= 1:
            return min(best, OPPOSITE_FACTOR) if best < 0.9 else best
    if best:
        return best
    d, crossings = ix.distance(f.head, target)
    return OFFROLE_FACTOR * _decay(d) * CLAUSE_FACTOR**crossings


def _link(f: _Found, target: Any) -> str:
    """How a cue hangs on the target (see :data:`~slant.analyze.stance._types.LINKS`)."""
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


def _sentences(doc: Any) -> tuple[list[Any], list[int]]:
    """The doc's sentences and their start token indexes (computed once per doc; ``Token.sent`` is linear)."""
    cached: tuple[list[Any], list[int]] | None = doc.user_data.get("slant_sents")
    if cached is None:
        sents = sentences_of(doc)
        cached = (sents, [s.start for s in sents])
        doc.user_data["slant_sents"] = cached
    return cached


def _matches(tok: Any, word: str) -> bool:
    return bool(tok.lemma_.lower() == word or tok.lower_ == word)


def _frame_head(span: Sequence[Any], frame: Frame) -> Any:
    """The token a frame hangs on: the head of its words, or, for an adverb or particle ("actually", "at
    least"), the word it modifies."""
    idx = {t.i for t in span}
    head = next((t for t in span if t.head.i not in idx or t.head.i == t.i), span[0])
    if frame.kind == "emphasis" and head.pos_ in ("ADV", "ADP", "PART", "ADJ") and head.head.i != head.i:
        return head.head
    return head


def _subtree(tok: Any) -> frozenset[int]:
    return frozenset(t.i for t in tok.subtree)


def _topic_word(tok: Any) -> bool:
    """A cue word naming the topic of a common noun it modifies ("police and crime commissioner", "mental
    health services", "complaints data"): a job title or a subject, not a judgement of anyone."""
    node = tok
    while node.dep_ == "conj" and node.head.i != node.i:
        node = node.head
    return bool(node.dep_ in ("compound", "nmod") and node.head.pos_ == "NOUN" and node.head.i > node.i)


def _complement_verb(tok: Any) -> bool:
    """A verb whose polarity is its infinitive complement's ("deserved to finish third")."""
    return bool(tok.lemma_.lower() in COMPLEMENT_VERBS and any(c.dep_ == "xcomp" for c in tok.children))


def _reason_of_other(cue: Any, target: Any, lex: StanceLexicon) -> bool:
    """Whether a cue is the reason given for an act done to someone else ("dismissed two officers for
    misconduct", "praised the staff for their courage"): a "for" phrase on a verb whose object role the
    lexicon knows, with an object that is not (and does not contain) the target."""
    if cue.dep_ != "pobj" or cue.head.lower_ != "for" or target.i in _subtree(cue):
        return False
    verb = cue.head.head
    if verb.pos_ != "VERB" or not any(e.role == "object" for e in lex.words.get(verb.lemma_.lower(), ())):
        return False
    return any(c.dep_ == "dobj" and target.i not in _subtree(c) for c in verb.children)


def _under(verb: Any) -> list[Any]:
    """The "under X" phrases of a verb ("under X the economy thrived": X is credited with what its subject did)."""
    return [c for c in verb.children if c.dep_ == "prep" and c.lower_ in ("under", "during")]


def _verb_above(tok: Any, steps: int = 4) -> Any | None:
    """The nearest verb above ``tok`` through prepositional attachments only (or None)."""
    node = tok
    for _ in range(steps):
        if node.head.i == node.i or node.dep_ not in ("prep", "pobj"):
            return None
        node = node.head
        if node.pos_ == "VERB":
            return node
    return None


def _yet_to(node: Any) -> bool:
    """Whether ``node`` is the infinitive of "has yet to ..." (a negation: "has yet to produce an idea")."""
    return bool(node.dep_ == "xcomp" and any(c.lower_ == "yet" and c.dep_ == "advmod" for c in node.head.children))


def _embedding(target: Any, verbs: frozenset[str]) -> Any | None:
    """The participle clause that hangs the target on a body by a standing relation ("the committee
    chaired by X", "the delegation, led by X"; relational.tsv kind "verb"), or None."""
    node = target
    for _ in range(6):
        if node.head.i == node.i:
            return None
        if node.dep_ == "acl" and node.lemma_.lower() in verbs and node.tag_ == "VBN":
            return node
        node = node.head
    return None


def _contrast_head(target: Any) -> tuple[Any, Any] | None:
    """For a target in "Unlike X, ...": the "unlike" phrase and who the main clause is about (the subject of
    the verb it hangs on, else that verb), or None."""
    node = target
    while node.dep_ in NAME_PART_DEPS | {"conj", "appos"} and node.head.i != node.i:
        node = node.head
    prep = node.head
    if node.dep_ != "pobj" or prep.lower_ != "unlike" or prep.head.i == prep.i:
        return None
    verb = prep.head
    subject = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), verb)
    return prep, subject


def resolve_irony(
    judged: Sequence[Judgement], keys: Sequence[tuple[str, str]], tone: dict[str, float] | None = None
) -> list[Judgement]:
    """Settle ironic praise from the rest of the article: per key (holder, target), praise in an irony frame
    ("What a triumph for X") counts as criticism when the holder's other cues toward the target are on the
    whole negative, as praise when they are positive; with none, the holder's ``tone`` (the signed sum of
    all their cues in the article, :meth:`RuleScorer.tone`) decides, and without that it does not count."""
    net: dict[Any, float] = {}
    for j, key in zip(judged, keys, strict=True):
        net[key] = net.get(key, 0.0) + j.raw
    out = []
    for j, key in zip(judged, keys, strict=True):
        if not j.ironic:
            out.append(j)
            continue
        ctx = net[key] or (tone or {}).get(key[0], 0.0)
        sign = -1.0 if ctx < 0 else 1.0 if ctx > 0 else 0.0
        extra = tuple(Cue(c.start, c.end, sign * abs(c.weight), c.link) for c in j.ironic) if sign else ()
        out.append(Judgement(j.raw + sum(c.weight for c in extra), j.cues + extra, (), j.frames))
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
                if c.dep_ == "prep" and c.lower_ in NOUN_OBJECT_PREPS
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


def _sentence(sent: Any) -> _Sentence:
    """The sentence's index, shared by every scorer call on one parse (kept in the doc's ``user_data``; a
    text parsed on its own is its own doc)."""
    user_data = getattr(getattr(sent, "doc", sent), "user_data", None)
    if user_data is None:
        return _Sentence(sent)
    cache: dict[tuple[int, int, int], _Sentence] = user_data.setdefault("slant_stance_sentences", {})
    key = _where(sent)
    got = cache.get(key)
    if got is None:
        got = cache[key] = _Sentence(sent)
    return got


def _where(sent: Any) -> tuple[int, int, int]:
    """Which sentence of which parse ``sent`` is: items of one sentence carry distinct span objects."""
    doc = getattr(sent, "doc", sent)
    return id(doc), int(getattr(sent, "start", 0)), int(getattr(sent, "end", len(sent)))


def _ensure_sents(items: Sequence[TargetItem]) -> list[Any]:
    """The spaCy sentence of each item, parsing the texts of items that carry none (once per text)."""
    missing = list(dict.fromkeys(it.text for it in items if it.sent is None))
    parsed: dict[str, Any] = {}
    if missing:
        from slant.nlp import load_nlp

        parsed = dict(zip(missing, load_nlp().pipe(missing, batch_size=64), strict=True))
    return [it.sent if it.sent is not None else parsed[it.text] for it in items]
