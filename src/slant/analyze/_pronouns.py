"""Link third-person pronouns to the actor they most likely stand for (rules, no model).

* he/him/his/himself and she/her/hers/herself look back over persons whose gender agrees (from a title,
  the first-name list or pronouns already linked to them) within :data:`PERSON_WINDOW` sentences and the
  current or previous paragraph. A person of unknown gender takes the pronoun, and its gender from then on.
* they/them/their/themselves look back over organisations, parties and groups; its/itself over
  organisations and parties; both within the same or the previous sentence, and "they" gives up when a
  plural noun subject of a main clause stands between (the likelier antecedent: "critics said ... they";
  not "the Tories know the polls are grim. They ...").
* A subject pronoun prefers the latest compatible *subject* of its own sentence, or of the previous one
  when its own has no candidate ("X beat Y and he is ..." -> X); other pronouns take the latest compatible mention. Linked pronouns
  count as mentions of their actor from then on.
* An object pronoun never stands for the subject of its own verb ("Asante defended him").
* A pronoun inside a quotation never stands for a subject of its sentence outside the quotation: the
  speaker says "I", so "she" in 'Quell said: "She has lost her way"' is someone else.
* it, I, we, you: never linked.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from slant.models import Span

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
#: How many sentences back "they"/"its" may look.
PLURAL_WINDOW = 1
KINDS: dict[str, tuple[str, ...]] = {
    "m": ("person",),
    "f": ("person",),
    "p": ("org", "party", "group"),
    "n": ("org", "party"),
}
SUBJECT_DEPS = ("nsubj", "nsubjpass")
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


class _Linker:
    def __init__(self, doc: Any, genders: dict[str, str | None]) -> None:
        self.doc = doc
        self.genders = genders
        self.sent: list[int] = []
        self.para: list[int] = []
        s = p = 0
        for i, tok in enumerate(doc):
            if tok.is_sent_start and i:
                s += 1
            if tok.is_space and "\n" in tok.text:
                p += 1
            self.sent.append(s)
            self.para.append(p)
        self.history: list[_Seen] = []
        self.quoted = _quoted_tokens(doc)

    def see(self, start: int, end: int, actor: str, kind: str) -> None:
        span = self.doc.char_span(start, end, alignment_mode="expand")
        if span is None:
            return
        subject = span.root.dep_ in SUBJECT_DEPS
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
            )
        )

    def resolve(self, tok: Any, cls: str) -> str | None:
        here, para = self.sent[tok.i], self.para[tok.i]
        window = PERSON_WINDOW if cls in ("m", "f") else PLURAL_WINDOW
        pool: list[_Seen] = []
        bound_roots = _clause_subjects(tok)
        bound = {seen.actor for seen in self.history if seen.root in bound_roots}
        for seen in reversed(self.history):
            if here - seen.sent > window or (cls in ("m", "f") and para - seen.para > PARAGRAPH_WINDOW):
                break
            if seen.kind not in KINDS[cls] or seen.actor in bound:
                continue
            if self.quoted[tok.i] and seen.sent == here and seen.subject and not seen.quoted:
                continue  # the speaker of the quotation the pronoun is in
            if cls in ("m", "f") and self.genders.get(seen.actor) not in (None, cls):
                continue
            if cls == "p" and any(_main_plural_subject(t) for t in self.doc[seen.last_tok + 1 : tok.i]):
                break
            pool.append(seen)
        if not pool:
            return None
        choice = pool[0]
        if tok.dep_ in SUBJECT_DEPS:
            same = [s for s in pool if s.sent == here]
            subjects = [s for s in same if s.subject] if same else [s for s in pool if s.sent == here - 1 and s.subject]
            if subjects:
                choice = subjects[0]
        if cls in ("m", "f") and self.genders.get(choice.actor) is None:
            self.genders[choice.actor] = cls
        return choice.actor


def _quoted_tokens(doc: Any) -> list[bool]:
    """Which tokens lie inside a quotation (curly quotes pair by shape, straight quotes alternate; a
    paragraph break closes an open quotation)."""
    out: list[bool] = []
    inside = False
    for tok in doc:
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
) -> list[tuple[Span, str]]:
    """Pronoun spans with the actor id each stands for.

    ``mentions`` are ``(start_char, end_char, actor_id, kind)`` sorted by start; ``genders`` maps person
    ids to "m", "f" or None and is updated as pronouns get linked.
    """
    linker = _Linker(doc, genders)
    kinds = {m[2]: m[3] for m in mentions}
    out: list[tuple[Span, str]] = []
    k = 0
    for tok in doc:
        end = tok.idx + len(tok.text)
        while k < len(mentions) and mentions[k][0] < end:
            linker.see(*mentions[k])
            k += 1
        cls = PRONOUNS.get(tok.lower_)
        if cls is None or tok.pos_ != "PRON":
            continue
        actor = linker.resolve(tok, cls)
        if actor is not None:
            out.append((Span(tok.idx, end, tok.text), actor))
            linker.see(tok.idx, end, actor, kinds[actor])
    return out
