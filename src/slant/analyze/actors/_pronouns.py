"""Link third-person pronouns to the actor they most likely stand for (rules, no model).

* he/him/his/himself and she/her/hers/herself look back over persons whose gender agrees (from a title,
  the first-name list or pronouns already linked to them) within :data:`PERSON_WINDOW` sentences and the
  current or previous paragraph, counting neither sentences nor paragraphs of quoted words only (nor a
  bare link): they continue the speaker named before them ("X said ... “…” “…” He added"). A person of unknown gender takes the pronoun, and its gender from then on.
* they/them/their/themselves look back over organisations, parties and groups; its/itself over
  organisations and parties; both within the same or the previous sentence, and "they" gives up when a
  plural noun subject of a main clause stands between (the likelier antecedent: "critics said ... they";
  not "the Tories know the polls are grim. They ...").
* A subject pronoun prefers the subject of the verb its own verb is conjoined to ("Podesta said Harlan
  would ..., but he suggested ..." -> Podesta), else the latest compatible *subject* of its own sentence, or
  of the previous one when its own has no candidate ("X beat Y and he is ..." -> X); when that sentence's
  main subject is an unnamed person ("Labour's leader warned X could ... He added") and no actor is a
  main-clause subject there, a gendered pronoun is left unlinked. Other pronouns take the
  latest compatible mention. Linked pronouns count as mentions of their actor from then on.
* An object pronoun never stands for the subject of its own verb ("Asante defended him").
* A subject pronoun that attributes a quotation of its sentence ('"X is a master of words," he said')
  never stands for someone named inside a quotation of its paragraph: the speaker is not whom the quote
  names.
* A pronoun inside a quotation never stands for a subject of its sentence outside the quotation: the
  speaker says "I", so "she" in 'Quell said: "She has lost her way"' is someone else.
* A gendered pronoun inside a quotation with no antecedent (a lede: '"She has betrayed us," said a union
  leader. Y ...') stands for the first person of its gender named in the next two sentences of
  its paragraph, not in its own sentence (that one names the speaker).
* A possessive or reflexive inside a relative clause whose subject is "who" stands for the clause's head
  noun's person ("hiding from his own constituents" in "a man who ..."): the actor the head is or is
  linked to by apposition or a copula ("X, a man who ...", "X is a man who ..."), else the latest
  main-clause subject of its own or the previous sentence (not the subject of the head's own clause:
  "X attacked the MP who ... his" is not X), else nobody.
* it, I, we, you: never linked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from slant.analyze.common import role_nouns
from slant.models import Span
from slant.nlp.spans import once_per_doc, tokens_of

PRONOUNS: dict[str, str] = {
    "he": "m", "him": "m", "his": "m", "himself": "m",
    "she": "f", "her": "f", "hers": "f", "herself": "f",
    "they": "p", "them": "p", "their": "p", "theirs": "p", "themselves": "p",
    "its": "n", "itself": "n",
}  # fmt: skip
#: How many sentences back a gendered pronoun may look.
PERSON_WINDOW = 5
#: How many paragraphs back a gendered pronoun may look.
PARAGRAPH_WINDOW = 1
#: How many sentences ahead a quoted pronoun that opens an article or paragraph may look (cataphora).
AHEAD_WINDOW = 2
#: How many sentences back "they"/"its" may look.
PLURAL_WINDOW = 1
KINDS: dict[str, tuple[str, ...]] = {
    "m": ("person",),
    "f": ("person",),
    "p": ("org", "party", "group"),
    "n": ("org", "party"),
}
SUBJECT_DEPS = ("nsubj", "nsubjpass")
REFLEXIVE = frozenset({"himself", "herself"})
#: Head nouns of a relative clause whose gender is their own ("a woman who ... his" is no match).
NOUN_GENDER: dict[str, str] = {
    "man": "m", "gentleman": "m", "father": "m", "son": "m", "brother": "m", "husband": "m", "king": "m",
    "woman": "f", "lady": "f", "mother": "f", "daughter": "f", "sister": "f", "wife": "f", "queen": "f",
}  # fmt: skip
OBJECT_DEPS = ("dobj", "pobj", "dative")


@dataclass(frozen=True, slots=True)
class _Seen:
    actor: str
    kind: str
    sent: int
    para: int
    last_tok: int
    root: int
    subject: bool
    quoted: bool
    main: bool = False
    told: int = 0


class _Linker:
    def __init__(
        self,
        doc: Any,
        genders: dict[str, str | None],
        forms: dict[str, Sequence[str]],
        quoted: list[bool] | None = None,
    ) -> None:
        self.doc = doc
        self.genders = genders
        self.form_words = {aid: {w for f in fs for w in f.lower().split()} for aid, fs in forms.items()}
        self.sent: list[int] = []
        self.para: list[int] = []
        self.told: list[int] = []  # sentences with words of the writer's own, counted
        self.quoted = quoted_tokens(doc) if quoted is None else quoted
        s = p = t = 0
        narrative = sentence_narrative = False
        for i, tok in enumerate(tokens_of(doc)):
            if tok.is_sent_start and i:
                s += 1
                t += sentence_narrative
                sentence_narrative = False
            if tok.is_space and "\n" in tok.text:
                # a paragraph of quoted words only (or a bare link) continues its speaker's: it puts no
                # distance between a pronoun and the name before the quotation ("X said ... “…” “…” He added")
                p += narrative
                narrative = False
            if tok.is_alpha and not self.quoted[i] and not tok.like_url:
                narrative = sentence_narrative = True
            self.sent.append(s)
            self.para.append(p)
            self.told.append(t)
        self.history: list[_Seen] = []
        self.actor_at: dict[int, str] = {}

    def see(self, start: int, end: int, actor: str, kind: str) -> None:
        span = self.doc.char_span(start, end, alignment_mode="expand")
        if span is None:
            return
        subject = span.root.dep_ in SUBJECT_DEPS
        for i in range(span.start, span.end):
            self.actor_at.setdefault(i, actor)
        self.history.append(
            _Seen(
                actor,
                kind,
                self.sent[span.start],
                self.para[span.start],
                span.end - 1,
                span.root.i,
                subject,
                self.quoted[span.start],
                subject and _main_clause(span.root.head),
                self.told[span.start],
            )
        )

    def resolve(self, tok: Any, cls: str) -> str | None:
        if cls in ("m", "f") and (tok.dep_ == "poss" or tok.lower_ in REFLEXIVE):
            head = _relative_head(tok)
            if head is not None:
                return self._described(tok, head, cls)
        return self._resolve(tok, cls)

    def _described(self, tok: Any, head: Any, cls: str) -> str | None:
        """The person a relative clause's head noun stands for ("X, a man who ..." / "X is a man who ...":
        X; "the MP who ..." with no such link: the latest main-clause subject of this or the previous
        sentence), or, when the head is a named actor of another gender, the usual resolution."""
        named = self.actor_at.get(head.i)
        if named is None and head.dep_ == "appos":
            named = self.actor_at.get(head.head.i)
        if named is None and head.dep_ in ("attr", "acomp") and head.head.lemma_ == "be":
            subjects = [c for c in head.head.children if c.dep_ in SUBJECT_DEPS]
            named = self.actor_at.get(subjects[0].i) if subjects else None
        if named is not None:
            if self.genders.get(named) in (None, cls) and self._kind(named) == "person":
                self._gender(named, cls)
                return named
            return self._resolve(tok, cls)
        if head.pos_ not in ("NOUN", "PROPN") or NOUN_GENDER.get(head.lemma_.lower(), cls) != cls:
            return self._resolve(tok, cls)
        verb = head.head.head if head.dep_ == "pobj" else head.head
        if any(c.dep_ in SUBJECT_DEPS and c.i in self.actor_at for c in verb.children):
            return None  # "X attacked the MP who ... his": the MP is not X, and not named
        here, para = self.sent[tok.i], self.para[tok.i]
        for seen in reversed(self.history):
            if here - seen.sent > 1 or para - seen.para > PARAGRAPH_WINDOW:
                break
            if (
                seen.main
                and seen.kind == "person"
                and self.quoted[seen.last_tok] == self.quoted[tok.i]
                and self.genders.get(seen.actor) in (None, cls)
            ):
                self._gender(seen.actor, cls)
                return seen.actor
        return None  # a person the text does not name: better unlinked than linked to someone else

    def ahead(self, tok: Any, cls: str, later: Sequence[tuple[int, int, str, str]]) -> str | None:
        """A quoted pronoun with no antecedent ('"She has betrayed us," said X. ... Y has ...'): the
        first person named after its sentence, in the next :data:`AHEAD_WINDOW` sentences of its paragraph,
        whose gender agrees."""
        here, para = self.sent[tok.i], self.para[tok.i]
        for start, end, actor, kind in later:
            span = self.doc.char_span(start, end, alignment_mode="expand")
            if span is None:
                continue
            if self.sent[span.start] - here > AHEAD_WINDOW or self.para[span.start] != para:
                return None
            if kind != "person" or self.sent[span.start] == here:
                continue  # the quote's own sentence names its speaker, not the person spoken of
            if self.genders.get(actor) in (None, cls):
                self._gender(actor, cls)
                return actor
        return None

    def _kind(self, actor: str) -> str | None:
        return next((seen.kind for seen in reversed(self.history) if seen.actor == actor), None)

    def _gender(self, actor: str, cls: str) -> None:
        if self.genders.get(actor) is None:
            self.genders[actor] = cls

    def _names_actor(self, noun: Any) -> bool:
        """Whether a noun phrase names an actor outside its possessor ("Her rival, the councillor X,"; not
        "Labour's leader")."""
        owner = {t.i for g in noun.children if g.dep_ == "poss" for t in g.subtree}
        return any(t.i in self.actor_at for t in noun.subtree if t.i not in owner)

    def _quoted_since(self, seen: _Seen, tok: Any) -> bool:
        """Whether ``seen`` introduced the quotation that ``tok`` lies in: the same sentence, or nothing but
        quoted words since its sentence ended (a quotation that runs on into the next paragraphs)."""
        if seen.sent == self.sent[tok.i]:
            return True
        end = self.doc[seen.last_tok].sent.end
        return all(self.quoted[i] or not self.doc[i].is_alpha for i in range(end, tok.i))

    def _unnamed_person_before(self, tok: Any) -> bool:
        """Whether the sentence before ``tok``'s has for main subject a person's description that names no
        actor ("Labour's leader warned X could ..."): a singular role noun with a possessor ("the mayor" is
        left to the titles, which may have linked it; "His plan" is no person). A subject pronoun that
        follows is that person (centering: the main subject carries on), not someone else that sentence
        names."""
        i = tok.sent.start - 1
        while i >= 0 and self.doc[i].is_space:
            i -= 1
        if i < 0 or self.para[tok.i] - self.para[i] > PARAGRAPH_WINDOW:
            return False
        for c in self.doc[i].sent.root.children:
            if c.dep_ not in SUBJECT_DEPS or c.tag_ != "NN":
                continue
            if self._names_actor(c):
                return False  # "Her rival, the councillor X," is named
            return c.lemma_.lower() in role_nouns(("role", "proxy")) and any(g.dep_ == "poss" for g in c.children)
        return False

    def _unnamed_person_here(self, tok: Any) -> str | None:
        """The role noun of the main subject of ``tok``'s own sentence when it describes a person by role
        without naming an actor ("the former Foreign Secretary wrote a piece in which he criticised ...":
        "secretary"), else None. The pronoun is that person: an earlier person whose forms hold the role, or
        nobody the text names."""
        for c in tok.sent.root.children:
            if c.dep_ not in SUBJECT_DEPS or c.i >= tok.i or c.tag_ not in ("NN", "NNP"):
                continue
            if self._names_actor(c):
                return None
            role = c.lemma_.lower()
            if role in role_nouns() and any(g.dep_ in ("det", "poss") for g in c.children):
                return str(role)
            return None
        return None

    def _resolve(self, tok: Any, cls: str) -> str | None:
        here, para = self.sent[tok.i], self.para[tok.i]
        window = PERSON_WINDOW if cls in ("m", "f") else PLURAL_WINDOW
        pool: list[_Seen] = []
        bound_roots = _clause_subjects(tok)
        bound = {seen.actor for seen in self.history if seen.root in bound_roots}
        # a subject pronoun outside the marks of a sentence that holds a quotation attributes it
        attributing = tok.dep_ in SUBJECT_DEPS and not self.quoted[tok.i] and any(self.quoted[t.i] for t in tok.sent)
        for seen in reversed(self.history):
            if cls in ("m", "f"):
                if self.told[tok.i] - seen.told > window or para - seen.para > PARAGRAPH_WINDOW:
                    break
            elif here - seen.sent > window:
                break
            if seen.kind not in KINDS[cls] or seen.actor in bound:
                continue
            if self.quoted[tok.i] and seen.subject and not seen.quoted and self._quoted_since(seen, tok):
                continue  # the speaker of the quotation the pronoun is in
            if attributing and seen.quoted and para == seen.para:
                continue  # '"X is a master of words," he said': the speaker is not whom the quote names
            if cls in ("m", "f") and self.genders.get(seen.actor) not in (None, cls):
                continue
            if cls == "p" and any(_main_plural_subject(t) for t in self.doc[seen.last_tok + 1 : tok.i]):
                break
            pool.append(seen)
        if not pool:
            return None
        choice = pool[0]
        if tok.dep_ in SUBJECT_DEPS:
            parallel = _parallel_subject(tok)
            same = [s for s in pool if s.sent == here]
            if same:
                subjects = [s for s in same if s.root == parallel] or [s for s in same if s.subject]
            else:
                role = self._unnamed_person_here(tok) if cls in ("m", "f") else None
                if role is not None:
                    # "the former Foreign Secretary wrote a piece in which he ...": the person so described
                    held = [s for s in pool if s.kind == "person" and role in self.form_words.get(s.actor, ())]
                    if not held:
                        return None
                    pool, choice = held, held[0]
                subjects = [s for s in pool if s.sent == here - 1 and s.subject]
                mains = [s for s in subjects if s.main]
                if not mains and cls in ("m", "f") and self._unnamed_person_before(tok):
                    return None  # "Labour's leader warned X could ... He added": not X, and not named

            if subjects:
                choice = subjects[0]
        if cls in ("m", "f") and self.genders.get(choice.actor) is None:
            self.genders[choice.actor] = cls
        return choice.actor


def _parallel_subject(tok: Any) -> int | None:
    """The subject of the verb that a subject pronoun's verb is conjoined to ("Podesta said ..., but he
    suggested ...": Podesta), the likeliest antecedent whatever was named in between; None when the verb
    is no conjunct or its partner has no subject."""
    verb = tok.head
    if verb.dep_ != "conj" or verb.head.i == verb.i:
        return None
    subjects = [c.i for c in verb.head.children if c.dep_ in SUBJECT_DEPS]
    return subjects[0] if subjects else None


def _main_clause(verb: Any) -> bool:
    """Whether ``verb`` is its sentence's main verb (or a conjunct of it)."""
    root = verb.sent.root
    return bool(verb == root or (verb.dep_ == "conj" and verb.head == root))


def _relative_head(tok: Any) -> Any | None:
    """The head noun of the relative clause a possessive or reflexive pronoun sits in, when the clause's
    subject is its relative pronoun ("a man who spent the election hiding from his own constituents": man),
    or of a participle modifying a noun ("a man hiding from his own constituents");
    None when no such clause holds it, or a clause with a subject of its own comes first ("a man who said
    Y had let his party down")."""
    node = tok
    for _ in range(12):
        if node.head is node:
            return None
        node = node.head
        subjects = [c for c in node.children if c.dep_ in SUBJECT_DEPS]
        if node.dep_ == "relcl":
            if any(c.lower_ == "who" for c in subjects) and node.head.pos_ in ("NOUN", "PROPN"):
                return node.head
            return None
        if node.dep_ == "acl" and node.tag_ == "VBG" and not subjects and node.head.pos_ in ("NOUN", "PROPN"):
            return node.head  # "a man hiding from his own constituents"
        if subjects and node.pos_ in ("VERB", "AUX"):
            return None
    return None


def quoted_tokens(doc: Any) -> list[bool]:
    """Which tokens lie inside a quotation (curly quotes pair by shape, straight quotes alternate; a
    paragraph break closes an open quotation). Computed once per Doc: never change the list."""
    return once_per_doc(doc, "slant.actors.quoted_tokens", _quoted_tokens)


def _quoted_tokens(doc: Any) -> list[bool]:
    out: list[bool] = []
    inside = False
    for tok in tokens_of(doc):
        t = tok.text
        if tok.is_space and "\n" in t:
            inside = False
        if t in ("“", "”", '"'):
            inside = t == "“" or (t == '"' and not inside)
            out.append(False)
            continue
        out.append(inside)
    return out


def _main_plural_subject(t: Any) -> bool:
    """A plural common noun subject of a main clause ("critics said ..."): the likelier antecedent of a later
    "they". One in a reported clause ("know the polls are grim") does not count."""
    if t.tag_ != "NNS" or t.dep_ not in SUBJECT_DEPS:
        return False
    root = t.sent.root
    return bool(t.head == root or (t.head.dep_ == "conj" and t.head.head == root))


def _clause_subjects(tok: Any) -> set[int]:
    """Subjects an object pronoun cannot refer to ("Asante defended him": him is not Asante)."""
    if tok.dep_ not in OBJECT_DEPS or tok.lower_ not in ("him", "her", "them"):
        return set()
    verb = tok.head.head if tok.dep_ == "pobj" else tok.head
    subjects = [c for c in verb.children if c.dep_ in SUBJECT_DEPS]
    return {c.i for c in subjects} | {a.i for c in subjects for a in c.children if a.dep_ == "appos"}


def link_pronouns(
    doc: Any,
    mentions: Sequence[tuple[int, int, str, str]],
    genders: dict[str, str | None],
    forms: dict[str, Sequence[str]] | None = None,
    quoted: list[bool] | None = None,
) -> list[tuple[Span, str]]:
    """Pronoun spans with the actor id each stands for.

    ``mentions`` are ``(start_char, end_char, actor_id, kind)`` sorted by start; ``genders`` maps person
    ids to "m", "f" or None and is updated as pronouns get linked; ``forms`` are each actor's names and
    describing forms (a description like "the leader" stands for the person whose forms hold "leader").
    """
    linker = _Linker(doc, genders, forms or {}, quoted)
    kinds = {m[2]: m[3] for m in mentions}
    out: list[tuple[Span, str]] = []
    k = 0
    for tok in tokens_of(doc):
        end = tok.idx + len(tok.text)
        while k < len(mentions) and mentions[k][0] < end:
            linker.see(*mentions[k])
            k += 1
        cls = PRONOUNS.get(tok.lower_)
        if cls is None or tok.pos_ != "PRON":
            continue
        actor = linker.resolve(tok, cls)
        if actor is None and cls in ("m", "f") and linker.quoted[tok.i]:
            actor = linker.ahead(tok, cls, mentions[k:])
        if actor is not None:
            out.append((Span(tok.idx, end, tok.text), actor))
            linker.see(tok.idx, end, actor, kinds[actor])
    return out
