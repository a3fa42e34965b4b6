"""Who speaks: the subject of a reporting verb, resolved to an actor, a pronoun link or a speaker phrase.

:class:`SpeakerFinder` indexes the actors' mentions and the pronoun links by token once per article.
:meth:`SpeakerFinder.subject` finds the grammatical speaker of a cue verb, climbing from a participle or
a conjoined verb to the verb that has the subject ("..., adding: ..." -> the subject of "said").
:meth:`SpeakerFinder.resolve` turns that token into a :class:`Speaker`:

* a token inside an actor mention (or a name in apposition: "the MP, Ms Ali,") -> that actor; the name
  is the mention as written ("Ms Ali");
* he/she/they linked by the actor analyser -> that actor, named by the actor's name;
* a head noun from ``speaker_nouns.tsv`` ("a Labour spokesperson", "critics") -> no actor, the noun
  phrase as the name (a party in the compound does not make the party the speaker);
* an unlinked he/she/they/it or any other noun -> a *weak* speaker: good enough for a quote the marks
  already set off, not for indirect speech.

First- and second-person pronouns never speak: "I said" in a column is the author.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from slant.analyze.common import is_web_token
from slant.analyze.quotes._lexicon import QuoteLexicon, cue_of
from slant.models import Actor, Span
from slant.nlp.spans import mention_tokens

THIRD_PERSON = frozenset({"he", "she", "they", "it"})
RELATIVE = frozenset({"who", "that", "which"})
#: Dependencies through which a verb without a subject inherits the subject of its head; "acomp" passes
#: the subject of a copula on through its complement ("As X was later to explain, ...", "X was happy to say").
CLIMB = frozenset({"conj", "advcl", "xcomp", "acomp"})
#: Dependencies of a phrase's right-hand modifiers kept in a speaker name ("a source close to X").
NAME_RIGHT = frozenset({"prep", "amod", "compound"})
MAX_NAME_TOKENS = 8


@dataclass(frozen=True, slots=True)
class Speaker:
    """A resolved speaker: an actor id (or None) and the words naming them."""

    actor: str | None
    name: str | None
    strong: bool


class SpeakerFinder:
    """Resolves speakers in one Doc (see the module docstring)."""

    def __init__(
        self,
        doc: Any,
        actors: Sequence[Actor],
        pronouns: Sequence[tuple[Span, str]],
        lex: QuoteLexicon,
    ) -> None:
        self.doc = doc
        self.lex = lex
        self.names = {a.id: a.name for a in actors}
        self.kinds = {a.id: a.kind for a in actors}
        self.by_token: dict[int, tuple[str, Span]] = mention_tokens(doc, actors)
        self.links = {span.start: aid for span, aid in pronouns}

    def subject(self, verb: Any, *, inverted: bool = False) -> Any | None:
        """The token that speaks through ``verb`` (None when there is none).

        With ``inverted``, a name right after the verb counts too ("..., said Ms Ali").
        """
        t = verb
        if verb.tag_ == "VBG" and verb.dep_ == "advcl":
            t = self._cue_ancestor(verb) or verb  # ", adding: ..." speaks through the verb it hangs from
        for _ in range(5):
            # two subjects are a misparse ("‘Serial misconduct’: accusers describe ..."): the nearest one
            # before the verb speaks, else the first after it
            subjects = sorted((c for c in t.children if c.dep_ == "nsubj"), key=lambda c: (c.i > t.i, abs(c.i - t.i)))
            if subjects:
                if subjects[0].lower_ in RELATIVE and t.dep_ == "relcl":
                    return t.head
                return subjects[0]
            for c in t.children:
                if c.dep_ == "agent":
                    objs = [g for g in c.children if g.dep_ == "pobj"]
                    if objs:
                        return objs[0]
            if t.dep_ == "relcl" and t.head.pos_ in ("PROPN", "NOUN"):
                return t.head
            if t.dep_ in CLIMB and t.head.i != t.i:
                t = t.head
            elif t.dep_ == "pcomp" and t.head.dep_ == "prep" and t.head.head.i != t.head.i:
                t = t.head.head  # "after saying that ..."
            else:
                break
        if inverted:
            for c in verb.rights:
                if c.dep_ in ("dobj", "attr", "npadvmod", "oprd", "appos", "nsubjpass") and c.pos_ in (
                    "PROPN",
                    "NOUN",
                ):
                    return c
        return None

    def _cue_ancestor(self, verb: Any) -> Any | None:
        """The nearest reporting verb above ``verb`` in the parse."""
        for a in verb.ancestors:
            if cue_of(a, self.lex) is not None:
                return a
        return None

    def resolve(self, tok: Any) -> Speaker | None:
        """The speaker a subject token names, or None when it cannot speak (I, we, you, "the plan", a link ...)."""
        low = tok.lower_
        if is_web_token(tok):
            return None  # an embedded post's link or handle, which the parser may make the subject
        if tok.pos_ == "PRON" or tok.tag_ in ("PRP", "WP"):
            aid = self.links.get(tok.idx)
            if aid is not None:
                return Speaker(aid, self.names[aid], True)
            if low == "it" and tok.head.lemma_ == "be":
                return None  # "It is fair to say ...": an empty subject, nobody speaks
            if low in THIRD_PERSON:
                return Speaker(None, tok.text, low != "it")
            return None
        head_is_role = tok.lemma_.lower() in self.lex.speaker_nouns or low in self.lex.speaker_nouns
        found = self._actor_at(tok)
        if found is None:
            for c in tok.children:
                if c.dep_ == "appos":
                    found = self._actor_at(c)
                    if found is not None:
                        break
        if found is None:
            found = self._set_off_name(tok)
        if found is None and not head_is_role and tok.pos_ != "NOUN":  # "Harlan accusers" are not Harlan
            for c in tok.children:
                if c.dep_ in ("compound", "flat"):
                    found = self._actor_at(c)
                    if found is not None and self.kinds.get(found[0]) == "person":
                        break
                    found = None
        if found is not None:
            return Speaker(found[0], found[1].text, True)
        if head_is_role or tok.ent_type_ == "PERSON":
            return Speaker(None, self.phrase(tok), True)
        if tok.pos_ in ("PROPN", "NOUN"):
            return Speaker(None, self.phrase(tok), False)
        return None

    def _set_off_name(self, tok: Any) -> tuple[str, Span] | None:
        """A person named in apposition to the subject ("Her rival, the councillor Graham Pike,").

        The mention must join ``tok`` through appositions and compounds (through compounds alone only when
        ``tok`` is itself a name: "Harlan accusers" are not Harlan); after an apposition it may also
        climb a preposition ("The leader in Wexford, Alan Marsh," where the parser hangs the name on
        "Wexford"), unless the head is a proxy noun ("a spokesperson for the leader, Jo Smith," speaks for
        Smith, not as Smith). Failing that, a name set off by commas right after the subject counts.
        """
        proxy = self.lex.speaker_nouns.get(tok.lemma_.lower()) == "proxy"
        for i in range(tok.left_edge.i, tok.right_edge.i + 1):
            hit = self.by_token.get(i)
            if hit is None or self.kinds.get(hit[0]) != "person":
                continue
            t = self.doc[i]
            seen_appos = False
            while t.i != tok.i and t.head.i != t.i:
                if t.dep_ == "appos":
                    seen_appos = True
                elif not (t.dep_ in ("compound", "flat") or (seen_appos and not proxy and t.dep_ in ("pobj", "prep"))):
                    break
                t = t.head
            if t.i == tok.i and (seen_appos or tok.pos_ != "NOUN"):
                return hit  # a common noun with a name as its modifier is someone else ("the Harlan campaign")
        return self._name_after(tok)

    def _name_after(self, tok: Any) -> tuple[str, Span] | None:
        """A person mention between commas right after the subject phrase: "Her rival, the councillor X,"."""
        doc = self.doc
        i = tok.right_edge.i + 1
        if i >= len(doc) or doc[i].text != ",":
            return None
        for j in range(i + 1, min(i + 1 + MAX_NAME_TOKENS, len(doc))):
            hit = self.by_token.get(j)
            if hit is not None and self.kinds.get(hit[0]) == "person":
                k = j
                while k + 1 < len(doc) and self.by_token.get(k + 1) == hit:
                    k += 1
                return hit if k + 1 < len(doc) and doc[k + 1].text == "," else None
            if doc[j].is_punct or (doc[j].pos_ in ("VERB", "AUX") and doc[j].dep_ != "amod"):
                return None
        return None

    def named_person(self, tok: Any) -> tuple[str, str] | None:
        """(actor id, surface) of the person a subject token names, itself or in apposition, or via a
        pronoun link; None otherwise."""
        hit = self.by_token.get(tok.i) or self._set_off_name(tok)
        if hit is not None and self.kinds.get(hit[0]) == "person":
            return hit[0], hit[1].text
        aid = self.links.get(tok.idx)
        if aid is not None and self.kinds.get(aid) == "person":
            return aid, self.names[aid]
        return None

    def _actor_at(self, tok: Any) -> tuple[str, Span] | None:
        return self.by_token.get(tok.i)

    def phrase(self, tok: Any) -> str:
        """The noun phrase headed by ``tok``, without appositions or relative clauses."""
        start = tok.left_edge.i
        end = tok.i + 1
        for c in tok.rights:
            if c.dep_ in NAME_RIGHT and c.right_edge.i + 1 - start <= MAX_NAME_TOKENS:
                end = c.right_edge.i + 1
            else:
                break
        while start < end and self.doc[start].is_punct:
            start += 1
        while end > start and self.doc[end - 1].is_punct:
            end -= 1
        return str(self.doc[start:end].text)
