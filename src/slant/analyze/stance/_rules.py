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
from dataclasses import dataclass
from typing import Any

from slant.analyze.stance._lexicon import CueEntry, Frame, StanceLexicon, load_stance_lexicon
from slant.analyze.stance._tree import (
    COMPETE_FACTOR,
    SUBJECT_DEPS,
    Judgement,
    _closeness,
    _complement_verb,
    _condemned_harms,
    _contrast_head,
    _embedding,
    _ensure_sents,
    _evidence,
    _Found,
    _frame_head,
    _in_ranges,
    _link,
    _linked,
    _matches,
    _overlaps,
    _pos_ok,
    _reach,
    _reason_of_other,
    _relation_of,
    _reported,
    _Sentence,
    _sentence,
    _sentences,
    _subtree,
    _topic_word,
    _verb_above,
    _where,
    _yet_to,
)
from slant.analyze.stance._types import Cue, Probs, TargetItem

#: |S| at which a target stops being more likely neutral than polar (tuned on NewsMTSC train), and the
#: steepness of the curve around it.
THRESHOLD = 0.25
SLOPE = 2.0

OBJECT_DEPS = frozenset({"dobj", "nsubjpass", "dative", "attr"})
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
#: Parts of speech the backoff lexicon may match (never function words: "no", "like" as a preposition).
BACKOFF_POS = frozenset({"ADJ", "ADV", "NOUN", "VERB", "INTJ"})
NEGATIVE_SUBJECTS = frozenset({"nobody", "none", "nothing", "no one"})


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
            particle = self._particle(tok, lemma) if lemma in self.lex.phrases and tok.pos_ == "VERB" else None
            words = self._word_entries(tok, lemma)
            if phrase is not None or particle is not None or words:  # a word that starts no cue needs no slot
                got.append(_TokenCues(tok, start, start + len(tok.text), phrase, particle, words))
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
            if allowed is None:
                got = self.frames_of(ix, None)
            else:  # the sentence's frames are found once; each holder's ranges only filter them
                got = {}
                for kind, found in self._frames_memo(ix, None).items():
                    kept = [f for f in found if _in_ranges(f[1], f[2], allowed)]
                    if kept:
                        got[kind] = kept
            ix.memo[key] = got
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
        key = ("modifier", id(self), (head.i, idx))
        factor: float | None = ix.memo.get(key)
        if factor is None:  # the same cue is found again for each holder and target of its sentence
            factor = ix.memo[key] = self._modifier(head, idx)
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
