"""Dependency rules that find who backs or attacks whom in one spaCy Doc (one walk over the tokens).

Each token whose lemma is a predicate in ``resources/relations/predicates.tsv`` is read in place:

* a **verb** takes its source from its subject (passive: the ``by`` agent) and its target from its object
  (passive: its subject) or from the object of its preposition ("campaign against Y"); a verb without a
  subject borrows one from the verb that governs it (``xcomp``: "refused to back Y"; ``conj``: "X accused Y
  and told him ..."; an ``acl`` under an object noun: "X joined the campaign to support Y");
* an **event noun** ("support", "attack", "expulsion") takes its target from its preposition (on the noun or
  on the light verb that governs it: "lend his support to Y") or its possessor ("Y's removal"), and its
  source from its possessor, a ``by`` agent, or the subject of a governing verb that carries it ("X
  lent ...", "X withdrew her support", "X called for the removal of Y");
* an **agent noun** ("a critic of Y", "one of Y's supporters") takes its source from the actor it describes
  (apposition or the subject of a copula);
* an **evaluative word** ("unacceptable", "a disgrace") said of an actor or their conduct inside someone's
  quote or reported speech gives a relation from the speaker (quotes only: the author's judgement is stance);
* a **demanded** verb ("resign", "step down", "apologise") under a demanding verb is the asker's opposition
  to the one asked ("X called on Y to resign", "X said Y should resign").

An event noun in "in support of Y" describes the verb above it ("spoke at a rally in support of Y"); a group
named with its members ("MPs including X and Z") acts through them; a removal in the passive without an
agent is done by the body it removes from ("Y was suspended from the party").

Governing verbs (``governors.tsv``) change the reading: withdraw (support -> oppose), join (join_campaign),
demand (call_for_removal), refuse (support -> oppose at low confidence; an attack refused is none), cancel
(none), directive and hedge (lower confidence). A negation anywhere on the path (``did not back``,
``never criticised``, ``no support``) drops the relation: slant does not read a missing relation as its
opposite. An ``if``/``unless`` clause on the path, or "support is conditional", becomes the condition.

Only arguments that are actors count (mentions and linked pronouns, indexed by token; a role noun such as
"the Labour candidate" stands for the actor it names, at lower confidence). Every lookup is local to a
token's children or a bounded climb through its heads, so the cost is linear in the Doc's length.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from slant.analyze.relations._lexicon import Predicate, RelationLexicon
from slant.nlp.spans import tokens_of

#: How far a verb may climb through governing verbs to find its subject.
MAX_CLIMB = 5
#: Base confidence by how the relation was read.
BASE = {"verb": 0.85, "noun": 0.75, "governed": 0.7, "agent": 0.7, "phrase": 0.75, "evaluative": 0.6, "demanded": 0.8}
#: Confidence multipliers.
PRONOUN_FACTOR = 0.95  # an argument reached through a pronoun link
ROLE_FACTOR = 0.75  # "the Labour candidate" standing for Labour
HEDGE_FACTOR = 0.75  # a modal or a wish ("could back", "hopes to oust")
DIRECTIVE_FACTOR = 0.7  # "urged MPs to back Y": the asker's side
CONDITION_FACTOR = 0.8  # support or opposition on a condition
REFUSE_CONFIDENCE = 0.45  # "refused to back Y" read as opposition
UNSPOKEN_FACTOR = 0.85  # inside a quote whose speaker is unknown
MEMBER_FACTOR = 0.9  # "MPs including X": X named as one of the group that acts
REMOVED_FROM_FACTOR = 0.9  # "Y was suspended from the party": the party as the unnamed agent

#: Kinds of removal whose passive without an agent names the acting body by "from".
REMOVALS = frozenset({"expel", "sack"})
#: Prepositions that name members of a group ("MPs including X", "critics like Y").
MEMBERS = frozenset({"including", "like"})
#: Auxiliaries of obligation: "Y should resign" said by X is X's demand.
OBLIGATION = frozenset({"should", "must", "ought"})

MODALS = frozenset({"might", "may", "could", "would", "should"})
CONDITION_MARKS = frozenset({"if", "unless", "provided", "providing"})
RELATIVE = frozenset({"who", "that", "which", "whom"})
COPULAS = frozenset({"be", "become", "remain", "seem", "look", "appear", "sound"})
QUANTITY = frozenset({"one", "some", "many", "most", "few", "several", "all", "none", "among", "both"})
SUBJECT = ("nsubj", "csubj")
OBJECTS = ("dobj", "dative", "obj")
NOUN_POS = ("NOUN", "PROPN")


@dataclass(slots=True)
class Found:
    """A relation before it becomes a :class:`slant.models.Relation` (token indices, not offsets)."""

    source: str
    target: str
    polarity: str
    kind: str
    token: int  # the predicate token (its offset decides asserted_by)
    confidence: float
    condition: str | None = None
    speaker: str | None = None  # set by an evaluative reading: the speaker is the source


@dataclass(slots=True)
class _Path:
    """What the climb from a predicate to its subject met on the way."""

    effects: set[str] = field(default_factory=set)
    negated: bool = False
    factor: float = 1.0
    condition: str | None = None


class Rules:
    """Finds relations in one Doc; ``actor_at[i]`` is the actor id of token ``i`` (or None)."""

    def __init__(
        self,
        doc: Any,
        lex: RelationLexicon,
        actor_at: Sequence[str | None],
        pronoun_at: Sequence[bool],
        speaker_at: Callable[[int], str | None],
    ) -> None:
        self.doc = doc
        self.lex = lex
        self.actor_at = actor_at
        self.pronoun_at = pronoun_at
        self.speaker_at = speaker_at
        #: "that support is conditional": (token index, clause) for the sentence's support relations.
        self.conditions: list[tuple[int, str]] = []

    def run(self) -> Iterator[Found]:
        """Every relation in the Doc, in token order."""
        lex = self.lex
        for tok in tokens_of(self.doc):
            pos = tok.pos_
            if pos not in ("VERB", "NOUN", "PROPN", "ADJ"):
                continue
            lemma = tok.lemma_.lower()
            if pos == "VERB" and lemma in lex.verbs:
                yield from self._verb(tok, lex.verbs[lemma])
            elif pos in NOUN_POS:
                if lemma in lex.nouns or lemma in lex.phrases:
                    yield from self._noun(tok, lemma)
                if lemma in lex.agents:
                    yield from self._agent(tok, lex.agents[lemma])
            if lemma in lex.demanded or tok.lower_ in lex.demanded:  # read as a verb or, misparsed, a noun
                yield from self._demanded(tok, lex.demanded.get(lemma) or lex.demanded[tok.lower_])
            if tok.lower_ == "conditional":
                self._sentence_condition(tok)
            if lemma in lex.evaluative or tok.lower_ in lex.evaluative:
                yield from self._evaluative(tok, lex.evaluative.get(lemma) or lex.evaluative[tok.lower_])

    # --- actors -------------------------------------------------------------------------------------------

    def actor(self, tok: Any) -> tuple[str, float] | None:
        """The actor a token stands for, with a confidence factor (pronoun links and role nouns count less)."""
        aid = self.actor_at[tok.i]
        if aid is not None:
            return aid, PRONOUN_FACTOR if self.pronoun_at[tok.i] else 1.0
        for c in tok.children:
            if c.dep_ == "appos" and self.actor_at[c.i] is not None:
                return self.actor(c)
        if tok.dep_ == "appos" and tok.head is not tok and self.actor_at[tok.head.i] is not None:
            return self.actor(tok.head)  # "Latimer, the lawmaker for Eastport North who ...": the lawmaker
        if tok.lower_ in self.lex.roles or tok.lemma_.lower() in self.lex.roles:
            for c in tok.children:
                if c.dep_ in ("compound", "amod", "poss", "nmod") and self.actor_at[c.i] is not None:
                    return str(self.actor_at[c.i]), ROLE_FACTOR
        return None

    def targets(self, toks: Sequence[Any]) -> list[tuple[str, float]]:
        """Target actors of some object tokens; else their possessors ("support for *his* re-election")."""
        found = self.actors(toks)
        if found:
            return found
        owners = [c for t in toks if self.actor_at[t.i] is None for c in t.children if c.dep_ == "poss"]
        return [(a, f * PRONOUN_FACTOR) for a, f in self.actors(owners)]

    def actors(self, toks: Sequence[Any]) -> list[tuple[str, float]]:
        """The actors of some tokens and of the tokens coordinated with them ("X and Z")."""
        out = []
        for t in toks:
            if self.actor_at[t.i] is None:
                # "MPs including X, Y and Z", "critics such as X": the members named stand for the group
                named = [g for c in t.children if c.dep_ == "prep" and c.lower_ in MEMBERS for g in c.children]
                out += [(a, f * MEMBER_FACTOR) for a, f in self.actors([g for g in named if g.dep_ == "pobj"])]
            for c in _with_conjuncts(t):
                a = self.actor(c)
                if a is not None:
                    out.append(a)
                    if self.actor_at[c.i] is None:  # "two presidents, X and Z": the apposition's conjuncts
                        for ap in c.children:
                            if ap.dep_ == "appos":
                                out += [x for x in map(self.actor, _with_conjuncts(ap)[1:]) if x is not None]
        return out

    # --- verbs --------------------------------------------------------------------------------------------

    def _verb(self, tok: Any, preds: tuple[Predicate, ...]) -> Iterator[Found]:
        passive = _passive(tok)
        for pred in sorted(preds, key=lambda p: p.targets == ("obj",)):  # prepositional readings first
            if pred.targets == ("obj",):
                objs = [c for c in tok.children if c.dep_ == ("nsubjpass" if passive else OBJECTS[0])]
                if not passive:
                    # a name the parser took for a preposition ("blasted Barack Obama": Barack/prep) is an object
                    objs += [
                        c for c in tok.children if c.dep_ in OBJECTS[1:] or (c.dep_ == "prep" and c.pos_ == "PROPN")
                    ]
            else:
                if passive or not _has_particles(tok, pred.particles):
                    continue
                objs = _prep_objects(tok, pred.targets)
                pred = self._purpose(tok, objs, pred)
            targets = self.targets(objs)
            if not targets:
                continue
            path = _Path()
            self._mark(tok, path)
            if tok.dep_ == "ccomp" and any(c.dep_ == "neg" for c in tok.head.children):
                path.negated = True  # "you won't find X campaigning for Y", "I don't think X backs Y"
            subjects = self._subjects(tok, path, 0)
            base = BASE["verb"]
            if passive and not subjects and pred.kind in REMOVALS:
                # "Y was suspended from the party": the body Y is removed from is the one that acts
                subjects, base = _prep_objects(tok, ("from",)), BASE["verb"] * REMOVED_FROM_FACTOR
            yield from self._emit(pred, subjects, targets, tok, path, base)
            return

    def _purpose(self, verb: Any, objs: list[Any], pred: Predicate) -> Predicate:
        """ "campaign for Y to be removed": a passive infinitive says what is wanted for Y and decides the reading."""
        for holder in (verb, *objs):
            for c in holder.children:
                if c.dep_ not in ("advcl", "xcomp", "acl", "ccomp") or not any(a.lower_ == "to" for a in c.children):
                    continue
                inner = self.lex.verbs.get(c.lemma_.lower(), ())
                if inner and _passive(c):
                    p = inner[0]
                    kind = "call_for_removal" if p.kind in ("sack", "expel") else p.kind
                    return Predicate(pred.lemma, pred.particles, p.polarity, kind, pred.form, pred.targets)
        return pred

    def _subjects(self, verb: Any, path: _Path, depth: int) -> list[Any]:
        """The tokens that do what ``verb`` says, climbing through governing verbs; fills ``path``."""
        if _passive(verb):
            return [g for c in verb.children if c.dep_ == "agent" for g in c.children if g.dep_ == "pobj"]
        subj = [c for c in verb.children if c.dep_ in SUBJECT]
        if subj:
            if subj[0].lower_ in RELATIVE and verb.dep_ == "relcl":
                return [_antecedent(verb.head, subj[0])]
            return subj
        if depth >= MAX_CLIMB:
            return []
        head, dep = verb.head, verb.dep_
        if head is verb:
            return []
        if dep == "xcomp" or (dep == "pcomp" and head.dep_ == "prep" and head.head.pos_ == "VERB"):
            gov = head if dep == "xcomp" else head.head
            controller = [c for c in gov.children if c.dep_ in OBJECTS]
            if dep == "pcomp" and head.lower_ in ("of", "for") and controller:
                return controller  # "X accused Y of backing Z", "X slammed Y for blocking Z": Y does it
            self._govern(gov, path, prep=None if dep == "xcomp" else head.lower_)
            self._mark(gov, path)
            return self._subjects(gov, path, depth + 1)
        if dep in ("conj", "advcl") and head.pos_ in ("VERB", "AUX"):
            return self._subjects(head, _Path(), depth + 1)
        if dep in ("acl", "relcl") and head.pos_ in NOUN_POS:
            owner = [c for c in head.children if c.dep_ == "poss"]
            if owner:
                return owner
            if dep == "acl" and head.dep_ == "ROOT" and any(c.dep_ in OBJECTS for c in verb.children):
                # "Democrats in response accused Trump of ...": the parser read the clause as a participle
                # on its subject; a participle with an object of its own is the sentence's main verb
                return [head]
            gov, prep = _governor(head)
            if gov is not None and dep == "acl":
                self._govern(gov, path, prep)
                self._mark(gov, path)
                return self._subjects(gov, path, depth + 1)
        return []

    def _govern(self, gov: Any, path: _Path, prep: str | None) -> None:
        """Record the effects of a governing verb."""
        lemma = gov.lemma_.lower()
        effects = self.lex.governors.get(f"{lemma} {prep}", frozenset()) if prep else frozenset()
        effects = effects | self.lex.governors.get(lemma, frozenset())
        path.effects |= effects
        if "directive" in effects and any(c.dep_ in OBJECTS for c in gov.children):
            path.factor *= DIRECTIVE_FACTOR
        if "hedge" in effects:
            path.factor *= HEDGE_FACTOR

    def _mark(self, verb: Any, path: _Path) -> None:
        """Negation, modality and conditions attached to one verb on the path."""
        top = verb
        while top.dep_ == "conj" and top.head is not top:
            top = top.head
        if (
            top.dep_ == "pcomp"
            and top.head.lower_ in ("than", "of")
            and any(c.lower_ in ("rather", "instead") for c in top.head.children)
        ):
            path.negated = True  # "rather than defending Y", "instead of backing Y": what X did not do
        for c in verb.children:
            if c.dep_ == "neg":
                path.negated = True
            elif c.dep_ == "aux" and c.lower_ in MODALS:
                path.factor *= HEDGE_FACTOR
            elif (
                c.dep_ == "advcl"
                and path.condition is None
                and any(m.dep_ == "mark" and m.lower_ in CONDITION_MARKS for m in c.children)
            ):
                path.condition = _text(c)

    # --- nouns --------------------------------------------------------------------------------------------

    def _noun(self, tok: Any, lemma: str) -> Iterator[Found]:
        if any(c.dep_ == "det" and c.lower_ == "no" for c in tok.children):
            return
        gov, prep = _governor(tok)
        path = _Path()
        if gov is not None:
            self._govern(gov, path, prep)
        preds = self.lex.nouns.get(lemma, ())
        if "demand" in path.effects and lemma in self.lex.phrases:
            preds = (self.lex.phrases[lemma],)
        light = gov is not None and bool(path.effects & {"light", "withdraw", "join", "demand", "refuse", "cancel"})
        manner = _manner_verb(tok)  # "spoke at a rally in support of Y": the speaker acts in support
        if manner is not None and not light:
            gov, light = manner, True
        for pred in preds:
            preps = tuple(t for t in pred.targets if t != "'s")
            if manner is not None:
                preps = (*preps, "of")
            objs = _prep_objects(tok, preps)
            if not objs and light:
                objs = _prep_objects(gov, preps)
            owner = [c for c in tok.children if c.dep_ == "poss"]
            used_owner = False
            if not self.actors(objs) and "'s" in pred.targets:
                objs, used_owner = owner, True
            targets = self.targets(objs)
            if not targets:
                continue
            base = BASE["phrase"] if pred.form == "phrase" else BASE["noun"]
            subjects: list[Any] = []
            if owner and not used_owner:
                subjects = owner
            agent = _prep_objects(tok, ("by",)) or [a for o in objs for a in _prep_objects(o, ("by",))]
            if not subjects and agent:
                subjects = agent
            if light and gov is not None:
                self._mark(gov, path)
            if not subjects and light and gov is not None:
                subjects = self._subjects(gov, path, 1)
                base = BASE["governed"] if pred.form != "phrase" else base
            if path.condition is None:
                path.condition = _conditional(tok)
            yield from self._emit(pred, subjects, targets, tok, path, base)
            return

    def _agent(self, tok: Any, pred: Predicate) -> Iterator[Found]:
        objs = _prep_objects(tok, tuple(t for t in pred.targets if t != "'s"))
        if not self.actors(objs):
            objs = [c for c in tok.children if c.dep_ in ("poss", "compound")]
        targets = self.actors(objs)
        if not targets:
            return
        path = _Path()
        holder = tok
        if holder.dep_ == "pobj" and holder.head.lower_ == "of" and holder.head.head.lower_ in QUANTITY:
            holder = holder.head.head  # "one of his supporters"
        subjects: list[Any] = [c for c in tok.children if c.dep_ == "appos"]
        if not subjects and holder.dep_ == "appos":
            subjects = [holder.head]
        elif not subjects and holder.dep_ in ("attr", "oprd") and holder.head.lemma_.lower() in COPULAS:
            self._mark(holder.head, path)
            subjects = self._subjects(holder.head, path, 1)
        yield from self._emit(pred, subjects, targets, tok, path, BASE["agent"])

    def _sentence_condition(self, tok: Any) -> None:
        """Record "that support is (of course) conditional" / "conditional support" for the whole sentence."""
        if tok.dep_ == "amod":
            noun, last = tok.head, tok.head
        elif tok.dep_ == "acomp":
            said = [c for c in tok.head.children if c.dep_ == "nsubj"]
            if not said:
                return
            noun, last = said[0], tok
        else:
            return
        if any(p.polarity == "support" for p in self.lex.nouns.get(noun.lemma_.lower(), ())):
            self.conditions.append((tok.i, _text(noun, last)))

    # --- what someone demands the target do ---------------------------------------------------------------

    def _demanded(self, tok: Any, pred: Predicate) -> Iterator[Found]:
        """ "X called on Y to resign", "X urged Y to quit", "X demanded that Y apologise", "X said Y should go":
        a demanding verb over a verb of leaving or apologising; the one asked is the target, the asker the
        source (a verb of saying counts only with "should", "must" or "ought")."""
        if tok.dep_ not in ("xcomp", "ccomp", "advcl") or not _has_particles(tok, pred.particles):
            return
        gov = tok.head
        if gov is tok or gov.pos_ not in ("VERB", "AUX"):
            return
        lemma = gov.lemma_.lower()
        effects = self.lex.governors.get(lemma, frozenset())
        for c in gov.children:
            if c.dep_ == "prep":
                effects = effects | self.lex.governors.get(f"{lemma} {c.lower_}", frozenset())
        obliged = any(c.dep_ == "aux" and c.lower_ in OBLIGATION for c in tok.children)
        if not (effects & {"demand", "directive"} or ("speech" in effects and obliged)):
            return
        if any(c.dep_ == "neg" for c in (*tok.children, *gov.children)):
            return  # "did not call on Y to resign", "Y should not resign"
        asked = [c for c in tok.children if c.dep_ in SUBJECT]
        if not asked and tok.pos_ == "NOUN":  # "demanded that Y apologise" with the verb taken for a noun
            asked = [c for c in tok.children if c.dep_ == "compound"]
        if not asked:  # "urged Y to quit"; "called on Y to resign"
            asked = [c for c in gov.children if c.dep_ in OBJECTS] or _prep_objects(gov, ("on", "upon"))
        targets = self.actors(asked)
        if not targets:
            return
        path = _Path()
        self._mark(gov, path)
        subjects = self._subjects(gov, path, 1)
        yield from self._emit(pred, subjects, targets, tok, path, BASE["demanded"])

    # --- evaluative words in someone's speech ------------------------------------------------------------

    def _evaluative(self, tok: Any, entry: tuple[str, str]) -> Iterator[Found]:
        if tok.dep_ not in ("acomp", "attr", "oprd") or tok.head.lemma_.lower() not in COPULAS:
            return
        cop = tok.head
        path = _Path()
        self._mark(cop, path)
        if path.negated:
            return
        said = [c for c in cop.children if c.dep_ in ("nsubj", "nsubjpass")]
        targets = self.actors(said) or self.actors([c for s in said for c in s.children if c.dep_ == "poss"])
        if not targets:
            return
        speaker = self.speaker_at(tok.idx)
        if speaker is None and cop.dep_ == "ccomp" and "speech" in self.lex.governors.get(cop.head.lemma_.lower(), ()):
            found = self.actors([c for c in cop.head.children if c.dep_ in SUBJECT])
            speaker = found[0][0] if found else None
        if speaker is None:
            return
        polarity, kind = entry
        for target, tf in targets:
            if target != speaker:
                conf = BASE["evaluative"] * tf
                yield Found(speaker, target, polarity, kind, tok.i, conf, None, speaker)

    # --- assembly ----------------------------------------------------------------------------------------

    def _emit(
        self,
        pred: Predicate,
        subjects: Sequence[Any],
        targets: list[tuple[str, float]],
        tok: Any,
        path: _Path,
        base: float,
    ) -> Iterator[Found]:
        if path.negated or "cancel" in path.effects:
            return
        polarity, kind, conf = pred.polarity, pred.kind, base * path.factor
        if "refuse" in path.effects:
            if polarity == "oppose":
                return
            polarity, kind, conf = "oppose", "refuse_support", REFUSE_CONFIDENCE * path.factor
        if "withdraw" in path.effects and polarity == "support":
            polarity, kind = "oppose", "withdraw_support"
        if "join" in path.effects:
            kind = "join_campaign" if polarity == "support" else "campaign_against"
        if path.condition is not None:
            conf *= CONDITION_FACTOR
        for source, sf in self.actors(subjects):
            for target, tf in targets:
                if source != target:
                    yield Found(source, target, polarity, kind, tok.i, conf * sf * tf, path.condition)


def _with_conjuncts(tok: Any) -> list[Any]:
    """A token and the tokens coordinated with it ("X, Y and Z"), at most 12."""
    out = [tok]
    i = 0
    while i < len(out) and len(out) < 12:
        out += [c for c in out[i].children if c.dep_ == "conj"]
        i += 1
    return out


def _antecedent(head: Any, relative: Any) -> Any:
    """What a relative pronoun stands for: the noun its clause hangs on, except that "who" after a name in a
    phrase like "the lawmaker for Eastport North who ..." is the person noun the phrase belongs to (the
    parser attaches the clause to the nearest name)."""
    if relative.lower_ not in ("who", "whom") or head.pos_ != "PROPN" or head.dep_ != "pobj":
        return head
    prep = head.head
    if prep.dep_ == "prep" and prep.head.pos_ == "NOUN":
        return prep.head
    return head


def _passive(verb: Any) -> bool:
    return any(c.dep_ in ("nsubjpass", "auxpass") for c in verb.children)


def _has_particles(verb: Any, particles: tuple[str, ...]) -> bool:
    found = {c.lower_ for c in verb.children if c.dep_ in ("prt", "advmod", "dobj")}
    return all(p in found for p in particles)


def _prep_objects(tok: Any, preps: tuple[str, ...]) -> list[Any]:
    """Objects of the token's prepositions among ``preps`` ("support *for* Y", "an attack *on* Y")."""
    if not preps:
        return []
    out = []
    for c in tok.children:
        if c.dep_ in ("prep", "agent", "dative") and c.lower_ in preps:
            objs = [g for g in c.children if g.dep_ == "pobj"]
            out += objs[:1]
    return out


def _governor(noun: Any) -> tuple[Any | None, str | None]:
    """The verb that takes a noun as its object (``prep`` None) or through a preposition ("call *for* ...")."""
    head = noun.head
    if noun.dep_ in ("dobj", "nsubjpass", "obj") and head.pos_ == "VERB":
        return head, None
    if noun.dep_ == "pobj" and head.dep_ == "prep" and head.head.pos_ == "VERB":
        return head.head, head.lower_
    return None, None


def _manner_verb(noun: Any) -> Any | None:
    """The verb an "in <noun> of" phrase describes ("spoke at a rally *in support of* Y", "marched in
    solidarity with Y"): the first verb above the phrase, at most four steps up; None when the noun is not
    the object of "in"."""
    if noun.dep_ != "pobj" or noun.head.lower_ != "in":
        return None
    tok = noun.head
    for _ in range(4):
        if tok.head is tok:
            return None
        tok = tok.head
        if tok.pos_ == "VERB":
            return tok
    return None


def _conditional(noun: Any) -> str | None:
    """ "that support is conditional", "conditional support": the clause that says so, else None."""
    if any(c.lower_ == "conditional" for c in noun.children if c.dep_ == "amod"):
        return _text(noun)
    if noun.dep_ == "nsubj":
        for c in noun.head.children:
            if c.lower_ == "conditional" and c.dep_ == "acomp":
                return _text(noun, c)
    return None


def _text(first: Any, last: Any | None = None) -> str:
    """The text from ``first``'s subtree to ``last``'s (default: ``first``'s), without edge punctuation."""
    left, right = first.left_edge.i, (last if last is not None else first).right_edge.i
    span = first.doc[left : right + 1]
    return str(span.text).strip(" \t\r\n\"'“”‘’,.;:")
