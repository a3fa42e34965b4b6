"""The rule scorer of the fast mode: lexicon cues attributed to a target along the dependency tree.

For each sentence (and holder), one linear pass finds the cues (:mod:`slant.analyze.stance._lexicon`):
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
* ``ironic`` cues ("the great man"), and praise in an irony frame ("What a triumph for X", frames.tsv),
  count as criticism beside negative cues in the sentence; otherwise :func:`resolve_irony` gives them the
  sign of what the holder says of the target elsewhere in the article (else of the holder's overall tone);
* issue 3: a past frame ("There was a time when X was admired", carried over the following simple-past
  sentences of the paragraph) reverses and weakens a sentence's cues; in "Unlike X, Y actually did the
  work" the main clause's cues count reversed for X; "has yet to", a negation on a noun ("not a great
  leader") or shared by conjoined verbs negates; a harm *not* done ("did not blame X") counts nothing, and
  "cleared of misconduct" cancels the charge; a cue naming the topic of a noun ("crime commissioner",
  "health services") or the reason for an act done to someone else ("dismissed two officers for
  misconduct") does not count for the target; neither does one about a body the target is hung on by a
  standing relation ("the committee chaired by X"), nor a subject-role cue whose subject is another thing
  ("when the plant failed, he ..."); the doer of an event noun ("X paid tribute to Y") is its opposite role;

The signed sum ``S`` of the contributions becomes probabilities: the non-neutral mass is
``|S|^SLOPE / (|S|^SLOPE + THRESHOLD^SLOPE)`` (0 at S = 0, one half at ``|S| = THRESHOLD``), on the side of
S's sign.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from slant.analyze.stance._lexicon import CueEntry, Frame, StanceLexicon, load_stance_lexicon
from slant.analyze.stance._types import Cue, Probs, TargetItem

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
#: Prepositions that introduce the one an event noun is aimed at ("tribute to X", "an investigation into X").
NOUN_OBJECT_PREPS = OBJECT_PREPS | {"to", "into"}
PREDICATE_DEPS = frozenset({"acomp", "attr", "oprd", "xcomp", "dobj", "advmod", "pobj", "npadvmod"})
#: Factor for a cue about a body that a target is hung on by a standing relation ("the committee chaired
#: by X was embarrassing", relational.tsv kind "verb"): the body is judged, not X.
EMBED_FACTOR = 0.1
#: Factor for the cues of a sentence framed as a past that no longer holds ("There was a time when X was
#: admired"): reversed and weakened (frames.tsv kind "past").
PAST_FACTOR = -0.5
#: Factor for what the main clause of "Unlike X, Y ..." says of Y, counted for X (frames.tsv "contrast").
CONTRAST_FACTOR = -0.6
#: Weight of an emphasis adverb in a contrast frame ("Unlike X, Y actually did the work"), for Y.
EMPHASIS_WEIGHT = 1.0
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
#: Parts of speech the backoff lexicon may match (never function words: "no", "like" as a preposition).
BACKOFF_POS = frozenset({"ADJ", "ADV", "NOUN", "VERB", "INTJ"})
NEGATIVE_SUBJECTS = frozenset({"nobody", "none", "nothing", "no one"})
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


@dataclass(frozen=True, slots=True)
class _TokenCues:
    """The cues one word may start (see ``RuleScorer._token_cues``); offsets are sentence-relative."""

    tok: Any
    start: int
    end: int  # end of the word itself
    phrase: tuple[CueEntry, frozenset[int], Any, int] | None  # entry, its tokens, head token, phrase end
    particle: tuple[CueEntry, frozenset[int]] | None  # a verb's split particle phrase
    words: tuple[CueEntry, ...]  # single-word entries


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
    """The fast :class:`~slant.analyze.stance._types.TargetScorer`: lexicon cues and dependency rules."""

    def __init__(
        self, lexicon: StanceLexicon | None = None, threshold: float = THRESHOLD, event_factor: float = 1.0
    ) -> None:
        self.lex = lexicon or load_stance_lexicon()
        self.threshold = threshold
        #: Factor for negative object-role cues (what is done to the target: "removed", "sacked") and negative
        #: news events (news.tsv: "resigned", "an investigation"); applied again when another actor is the
        #: doer ("Ali accused Ken"), and twice to praise by a named doer. 1.0 for sentence-level scoring.
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
        found: dict[tuple[tuple[int, int, int], Any, Any], list[_Found]] = {}
        out = []
        for item, sent in zip(items, sents, strict=True):
            where = _where(sent)
            ix = _sentence(sent)
            mentions = ((item.start, item.end), *item.others)
            key = (where, item.allowed, frozenset(mentions))
            cues = found.get(key)
            if cues is None:
                cues = found[key] = self.find_cues(ix, item.allowed, mentions)
            out.append(self._attribute(ix, item, cues))
        return out

    def tone(self, sentences: Iterable[tuple[Any, tuple[tuple[int, int], ...] | None]]) -> float:
        """The signed sum of every cue in the given (sentence, allowed ranges), toward anyone: the tone of a
        holder's words over an article (ironic praise left out)."""
        return sum(
            f.weight
            for sent, allowed in sentences
            for f in self.find_cues(_sentence(sent), allowed, ())
            if not f.ironic
        )

    # -- cue finding -----------------------------------------------------------------------------------
    def find_cues(
        self, ix: _Sentence, allowed: tuple[tuple[int, int], ...] | None, mentions: Sequence[tuple[int, int]]
    ) -> list[_Found]:
        """Every cue of the sentence that the holder may count (one linear pass over the tokens)."""
        out: list[_Found] = []
        claimed: set[int] = set()
        for slot in self._token_cues(ix):
            tok, start = slot.tok, slot.start
            if tok.i in claimed:
                continue
            if slot.phrase is not None:
                entry, idx, head, end = slot.phrase
                if _in_ranges(start, end, allowed) and not _overlaps(start, end, mentions):
                    out.append(self._found(ix, head, start, end, entry, idx))
                    claimed.update(idx)
            if slot.particle is not None and tok.i not in claimed:
                entry, idx = slot.particle
                if _in_ranges(start, slot.end, allowed) and not _overlaps(start, slot.end, mentions):
                    out.append(self._found(ix, tok, start, slot.end, entry, idx))
                    claimed.update(idx)
            if not slot.words or tok.i in claimed:
                continue
            if not _in_ranges(start, slot.end, allowed) or _overlaps(start, slot.end, mentions):
                continue
            for entry in slot.words:
                out.append(self._found(ix, tok, start, slot.end, entry, frozenset({tok.i}), mentions))
        kinds = self._frames_memo(ix, allowed)
        if "contrast" in kinds and "emphasis" in kinds:
            for head, s, e in kinds["emphasis"]:
                out.append(_Found(head, s, e, EMPHASIS_WEIGHT, "subject", frozenset({head.i}), frame="contrast"))
        ironic_frame = "irony" in kinds
        negative_context = sum(f.weight for f in out if f.role != "ironic" and not (ironic_frame and f.weight > 0)) < 0
        for f in out:
            if f.role == "ironic" or (ironic_frame and f.weight > 0):
                # praise said in irony: criticism beside other criticism; otherwise the article decides
                f.weight = -abs(f.weight) if negative_context else abs(f.weight)
                f.ironic = not negative_context
                f.role = "any" if f.role == "ironic" else f.role
                f.frame = "irony"
        if "past" in kinds or self._past_carried_memo(ix):
            for f in out:
                f.weight *= PAST_FACTOR
                f.frame = "past"
        return [f for f in out if f.weight]

    def _token_cues(self, ix: _Sentence) -> list[_TokenCues]:
        """Per word of the sentence, the cues it may start, whoever the holder and target (once per sentence).

        A phrase is the first lexicon phrase its words spell; a verb's particle phrase ("let ... down") is
        looked up only when that phrase is not taken; single-word entries fit the part of speech and leave
        out names, topic words and complement verbs.
        """
        key = ("cues", id(self), None)
        got: list[_TokenCues] | None = ix.memo.get(key)
        if got is not None:
            return got
        got = []
        toks = ix.tokens
        for k, tok in enumerate(toks):
            if tok.is_punct or tok.is_space:
                continue
            start = ix.starts[k]
            lemma = tok.lemma_.lower()
            phrase = None
            for entry in self.lex.phrases.get(lemma, ()):
                n = len(entry.terms)
                span = toks[k : k + n]
                if len(span) == n and all(_matches(t, w) for t, w in zip(span, entry.terms, strict=True)):
                    idx = frozenset(t.i for t in span)
                    head = next((t for t in span if t.head.i not in idx or t.head.i == t.i), span[0])
                    phrase = (entry, idx, head, ix.starts[k + n - 1] + len(span[-1].text))
                    break
            particle = self._particle(tok, lemma) if tok.pos_ == "VERB" else None
            got.append(_TokenCues(tok, start, start + len(tok.text), phrase, particle, self._word_entries(tok, lemma)))
        ix.memo[key] = got
        return got

    def _word_entries(self, tok: Any, lemma: str) -> tuple[CueEntry, ...]:
        if tok.pos_ == "PROPN":
            return ()
        # the word form's entries that fit its part of speech, else the lemma's ("failed" the adjective;
        # "X failed" the verb, fail)
        entries = tuple(e for e in self.lex.words.get(tok.lower_, ()) if _pos_ok(e, tok)) or tuple(
            e for e in self.lex.words.get(lemma, ()) if _pos_ok(e, tok)
        )
        known = tok.lower_ in self.lex.words or lemma in self.lex.words
        if not known and tok.pos_ in BACKOFF_POS and lemma not in self.lex.backoff_stop:
            fallback = self.lex.backoff.get(tok.lower_) or self.lex.backoff.get(lemma)
            entries = (fallback,) if fallback else ()
        if not entries or _topic_word(tok) or _complement_verb(tok):
            return ()
        return entries

    def _frames_memo(
        self, ix: _Sentence, allowed: tuple[tuple[int, int], ...] | None
    ) -> dict[str, list[tuple[Any, int, int]]]:
        key = ("frames", id(self), allowed)
        got: dict[str, list[tuple[Any, int, int]]] | None = ix.memo.get(key)
        if got is None:
            got = ix.memo[key] = self.frames_of(ix, allowed)
        return got

    def _past_carried_memo(self, ix: _Sentence) -> bool:
        key = ("past", id(self), None)
        got: bool | None = ix.memo.get(key)
        if got is None:
            got = ix.memo[key] = self._past_carried(ix)
        return got

    def _particle(self, verb: Any, lemma: str) -> tuple[CueEntry, frozenset[int]] | None:
        """A two-word phrase of a verb and its particle with the object between ("has let this city down"):
        the verb is the cue."""
        for prt in verb.children:
            if prt.dep_ != "prt" or prt.i <= verb.i + 1:
                continue
            for entry in self.lex.phrases.get(lemma, ()):
                if len(entry.terms) == 2 and _matches(prt, entry.terms[1]):
                    return entry, frozenset({verb.i, prt.i})
        return None

    def _past_carried(self, ix: _Sentence, reach: int = 3) -> bool:
        """Whether a past frame carries over to this sentence: it and every sentence back to the frame's
        are in the simple past, in one paragraph ("There was a time when X was admired. He rebuilt the sea
        wall and won three elections." -- both say what no longer holds)."""
        sent = ix.sent
        doc = getattr(sent, "doc", None)
        if doc is None or doc is sent:
            return False  # a sentence parsed on its own: nothing before it
        sents, starts = _sentences(doc)
        k = bisect_right(starts, sent.start) - 1
        for _ in range(reach):
            if k <= 0 or sents[k].root.tag_ != "VBD":
                return False
            prev = sents[k - 1]
            if any("\n" in t.text_with_ws for t in doc[prev.end - 1 : sents[k].start]):
                return False
            if "past" in self._frames_memo(_sentence(prev), None):
                return True
            k -= 1
        return False

    def frames_of(
        self, ix: _Sentence, allowed: tuple[tuple[int, int], ...] | None
    ) -> dict[str, list[tuple[Any, int, int]]]:
        """The rhetorical frames (``frames.tsv``) in the holder's words of a sentence: kind -> (the token
        the frame hangs on, start, end) for each occurrence."""
        out: dict[str, list[tuple[Any, int, int]]] = {}
        toks = [t for t in ix.tokens if not t.is_space]
        first = next((k for k, t in enumerate(toks) if not t.is_punct), 0)
        by_first = self._frames_by_first()
        for k, tok in enumerate(toks):
            candidates = {*by_first.get(tok.lower_, ()), *by_first.get(tok.lemma_.lower(), ())}
            for fr in sorted(candidates, key=self.lex.frames.index):
                n = len(fr.terms)
                if (fr.initial and k != first) or k + n > len(toks):
                    continue
                span = toks[k : k + n]
                if not all(_matches(t, w) for t, w in zip(span, fr.terms, strict=True)):
                    continue
                s = span[0].idx - ix.base
                e = span[-1].idx - ix.base + len(span[-1].text)
                if _in_ranges(s, e, allowed):
                    out.setdefault(fr.kind, []).append((_frame_head(span, fr), s, e))
        return out

    def _frames_by_first(self) -> dict[str, tuple[Frame, ...]]:
        """The frames indexed by their first word (built once)."""
        cached: dict[str, tuple[Frame, ...]] | None = getattr(self, "_by_first", None)
        if cached is None:
            index: dict[str, list[Frame]] = {}
            for fr in self.lex.frames:
                index.setdefault(fr.terms[0], []).append(fr)
            cached = {w: tuple(v) for w, v in index.items()}
            self._by_first = cached
        return cached

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
        factor = self._modifier(head, idx)
        if factor < 0 and entry.role == "object" and entry.weight < 0:
            factor = 0.0  # "did not blame X" is no praise of X: a harm not done is no evidence
        weight = entry.weight * factor
        if entry.weight < 0 and (entry.role == "object" or entry.event):
            weight *= self.event_factor  # what befalls an actor, or a news event ("an investigation"): reported
            if entry.event and entry.role == "subject":
                weight *= self.event_factor  # the actor's own reported act ("resigned", "apologised")
        s, e = _evidence(ix, head, start, end, mentions)
        return _Found(head, s, e, weight, entry.role, idx)

    def _modifier(self, tok: Any, own: frozenset[int]) -> float:
        """The product of negation and intensity factors acting on a cue."""
        mods = self.lex.modifiers
        factor = 1.0
        plain = mods.get("not", ("negator", -0.6))[1]
        negation: float | None = None
        scope = [tok]
        node = tok
        if tok.dep_ == "amod" and tok.head.pos_ == "NOUN" and tok.head.i != tok.i:
            node = tok.head  # "not a great leader", "no serious idea": the noun's negation is the adjective's
            scope.append(node)
        if node.dep_ in PREDICATE_DEPS:
            scope.append(node.head)
            if node.dep_ == "pobj" and node.head.dep_ == "prep":
                scope.append(node.head.head)  # "lack of integrity", "without courage", "cleared of misconduct"
                verb = _verb_above(node.head) if node.head.lower_ == "of" else None
                if verb is not None and verb.i != node.head.head.i:
                    scope.append(verb)  # "cleared on Friday of misconduct" (the "of" hung on "Friday")
        shares = tok.pos_ in ("VERB", "AUX") and tok.dep_ == "conj" and tok.head.i != tok.i
        if shares and not any(c.dep_ in SUBJECT_DEPS for c in tok.children):
            scope.append(tok.head)  # "did not hide or blame X": the negation is shared by the conjuncts
        for k, node in enumerate(scope):
            kind, f = mods.get(node.lemma_.lower(), ("", 1.0))
            if k and kind == "negator" and negation is None:
                negation = f  # "without courage", "lack of integrity"
            if _yet_to(node) and negation is None:
                negation = plain  # "has yet to produce a single serious idea"
            for c in node.children:
                if c.i in own:
                    continue
                kind, f = mods.get(c.lemma_.lower(), ("", 1.0))
                if kind == "negator" and (c.dep_ in ("neg", "det", "advmod", "preconj") or c.dep_ in SUBJECT_DEPS):
                    negation = f if negation is None else negation
                elif kind in ("intensifier", "downtoner") and k == 0 and c.dep_ in ("advmod", "amod", "npadvmod"):
                    factor *= f
                elif c.dep_ in SUBJECT_DEPS and c.lower_ in NEGATIVE_SUBJECTS:
                    negation = plain if negation is None else negation
        if negation is not None:
            factor *= negation
        return factor

    # -- attribution -----------------------------------------------------------------------------------
    def _attribute(self, ix: _Sentence, item: TargetItem, cues: list[_Found]) -> Judgement:
        target = ix.head_of(item.start, item.end)
        if target is None or not cues:
            return Judgement(0.0)
        others = [h for h in (ix.head_of(s, e) for s, e in item.others) if h is not None and h.i != target.i]
        relational = self.lex.relational_nouns
        peripheral = target.dep_ == "poss" and (
            target.head.lemma_.lower() in relational or any(c.dep_ == "appos" for c in target.head.children)
        )
        embedded = _embedding(target, self.lex.relational_verbs)
        contrast = _contrast_head(target)
        raw = 0.0
        kept: list[Cue] = []
        ironic: list[Cue] = []
        frames: set[str] = set()
        condemned = _condemned_harms(cues, target)
        for f in cues:
            if f.head.i in condemned:
                if not condemned[f.head.i]:
                    continue  # the harm to the target that a verdict condemns is not the target judged
                f = _Found(f.head, f.start, f.end, -f.weight, "any", f.tokens, f.ironic, f.frame)
            outside = contrast is not None and f.head.i not in _subtree(contrast[0])
            if outside and contrast is not None:
                # "Unlike X, Y actually did the work": what the main clause says of Y, reversed for X
                w = f.weight * CONTRAST_FACTOR * _reach(ix, f, contrast[1], self.lex.receiving_verbs)
                frames.add("contrast")
            else:
                w = f.weight * _reach(ix, f, target, self.lex.receiving_verbs)
            if w == 0:
                continue
            if self.event_factor != 1 and f.role == "object" and _reported(ix, f, item.others, target):
                w *= self.event_factor  # "X accused Y", "members who admire Y": the doer's stance, reported
                if f.weight > 0:
                    w *= self.event_factor  # praise by a named doer weighs as little as blame by one
            if _reason_of_other(f.head, target, self.lex):
                w *= COMPETE_FACTOR  # "dismissed two officers for misconduct": the officers' misconduct
            if embedded is not None and f.head.i not in _subtree(embedded):
                w *= EMBED_FACTOR  # "the committee chaired by X was embarrassing": the committee is judged
            if _relation_of(f.head, target, relational):
                w *= COMPETE_FACTOR  # "X's friends", "his fan club": the people related to X, not X
            elif peripheral and f.head.i != target.head.i:
                w *= COMPETE_FACTOR
            elif others and not outside:
                mine = _closeness(ix, f, target)
                if any(_closeness(ix, f, o) > mine and not _linked(target, o) for o in others):
                    w *= COMPETE_FACTOR
            link = "" if _relation_of(f.head, target, relational) or outside else _link(f, target)
            if link == "patient" and _reported(ix, f, item.others):
                link = ""  # "Y accused X": Y's act, which the model reads as Y's stance
            if f.frame:
                frames.add(f.frame)
            if f.ironic:
                ironic.append(Cue(f.start, f.end, w, ""))
                continue
            raw += w
            kept.append(Cue(f.start, f.end, w, link))
        return Judgement(raw, tuple(kept), tuple(ironic), frozenset(frames))


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
        sents = list(doc.sents)
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
