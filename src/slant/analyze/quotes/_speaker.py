"""Who speaks: the subject of a reporting verb, resolved to an actor, a pronoun link or a speaker phrase.

:class:`SpeakerFinder` indexes the actors' mentions and the pronoun links by token once per article.
:meth:`SpeakerFinder.subject` finds the grammatical speaker of a cue verb, climbing from a participle or
a conjoined verb to the verb that has the subject ("..., adding: ..." -> the subject of "said").
:meth:`SpeakerFinder.resolve` turns that token into a :class:`Speaker`:

* a token inside an actor mention (or a name in apposition: "the MP, Ms Ali,") -> that actor; the name
  is the mention as written ("Ms Ali");
* he/she/they linked by the actor analyser -> that actor, named by the actor's name; an unlinked subject
  "it" or "they" right after a sentence whose subject is an organisation, or a document with a named
  author, carries that one on ("The report deems ... It also concluded");
* a definite description the article set up for one actor -> that actor (:meth:`SpeakerFinder.described`):
  "the president" after "President Trump", "the court" for the Supreme Court, "Merkel's spokesman" after
  "Merkel's spokesman, Steffen Seibert"; a spokesperson of an organisation or party ("a Conservative Party
  spokesman") speaks for it;
* a document ("a report by the EHRC", "the report" after one) -> its author (:meth:`SpeakerFinder.author`);
* a head noun from ``speaker_nouns.tsv`` ("a spokesperson", "critics") -> no actor, the noun phrase as the
  name;
* an unlinked he/she/they/it or any other noun -> a *weak* speaker: good enough for a quote the marks
  already set off, not for indirect speech.

First- and second-person pronouns never speak: "I said" in a column is the author.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from slant.analyze.common import agree, is_web_token, modifiers, read_tsv
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
#: Actor kinds a spokesperson speaks for.
ORGS = frozenset({"org", "party"})
#: Kinds a spokesperson may speak for: a body, or a seat of power named as a place ("a Kremlin spokesman").
PROXIED = ORGS | {"place"}
DEFINITE = frozenset({"the", "this", "that"})
#: How many paragraphs back "the document" may take the author of a document of another kind.
AUTHOR_PARAGRAPHS = 2
#: Sentences back (the quote's own aside) in which "the group" finds the organisation it carries on from.
ANAPHOR_SENTENCES = 2
#: Tokens back from a noun for people that "which" may reach for the document it is about.
WHICH_REACH = 12
#: Plural nouns for the people of an organisation who speak for it together ("Labour members chanted").
MEMBER_NOUNS = frozenset({"member", "official", "staff", "staffer", "activist", "leader"})
INDEFINITE = frozenset({"a", "an", "one", "another", "some", "any", "several", "many", "two", "three"})


@lru_cache(maxsize=1)
def _collective_nouns() -> frozenset[str]:
    """Nouns that name a whole group in the singular ("crowd", "mob"): ``actors/collectives.tsv``, number any."""
    return frozenset(r["noun"].lower() for r in read_tsv("resources/actors", "collectives.tsv") if r["number"] == "any")


def _depth(tok: Any, root: Any) -> int:
    """How many arcs ``tok`` is below ``root`` in the parse."""
    n = 0
    while tok.i != root.i and tok.head.i != tok.i:
        tok, n = tok.head, n + 1
    return n


def _words(text: str) -> str:
    """A phrase compared as words: lower case, curly apostrophes straight, a leading "the" dropped."""
    words = text.replace("’", "'").lower().split()
    return " ".join(words[1:] if words[:1] == ["the"] else words)


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
        self.forms = {a.id: [_words(x) for x in (a.name, *a.aliases)] for a in actors}
        self.starts: dict[str, list[int]] = {}
        for a in actors:
            self.starts[a.id] = sorted(m.start for m in a.mentions)

    def subject(self, verb: Any, *, inverted: bool = False) -> Any | None:
        """The token that speaks through ``verb`` (None when there is none, or when the parse found it in
        another paragraph: a byline run into the first sentence).

        With ``inverted``, a name right after the verb counts too ("..., said Ms Ali").
        """
        who = self._subject(verb, inverted=inverted)
        if who is None:
            return None
        lo, hi = sorted((who.i, verb.i))
        breaks = [t.i for t in self.doc[lo:hi] if "\n" in t.text or "\n" in t.whitespace_]
        if not breaks:
            return who
        if who.i > verb.i:
            return None
        # "Key events\n\nThe mayor, X, said": the part of the subject on the verb's own line speaks
        line = [t for t in who.subtree if breaks[-1] < t.i < verb.i and t.pos_ in ("NOUN", "PROPN", "PRON")]
        return min(line, key=lambda t: _depth(t, who)) if line else None

    def _subject(self, verb: Any, *, inverted: bool = False) -> Any | None:
        t = verb
        if verb.tag_ == "VBG" and verb.dep_ == "advcl":
            t = self._cue_ancestor(verb) or verb  # ", adding: ..." speaks through the verb it hangs from
        for _ in range(5):
            # two subjects are a misparse ("‘Serial misconduct’: accusers describe ..."): the nearest one
            # before the verb speaks, else the first after it
            subjects = sorted((c for c in t.children if c.dep_ == "nsubj"), key=lambda c: (c.i > t.i, abs(c.i - t.i)))
            if subjects:
                if subjects[0].lower_ in RELATIVE and t.dep_ == "relcl":
                    if subjects[0].lower_ == "which":  # "a document from X to officials which states": not them
                        return self._thing_before(t.head)
                    return t.head
                return subjects[0]
            if t.i != verb.i:
                passive = [c for c in t.children if c.dep_ == "nsubjpass"]
                if passive:
                    return passive[0]  # "he was told by a TV crew ..., vowing": he vows, not the crew
            for c in t.children:
                if c.dep_ == "agent":
                    objs = [g for g in c.children if g.dep_ == "pobj"]
                    if objs:
                        return objs[0]
            if t.dep_ == "relcl" and t.head.pos_ in ("PROPN", "NOUN"):
                return t.head
            if t.dep_ == "acl" and t.tag_ == "VBG" and t.head.pos_ in ("PROPN", "NOUN"):
                return t.head  # "Protesters shouting 'Foreigners out'"
            if t.dep_ == "xcomp" and t.head.i != t.i:
                objects = [c for c in t.head.children if c.dep_ == "dobj"]
                if objects:
                    return objects[0]  # "prompted the crowd to start chanting": the crowd chants
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
            if low in ("it", "they") and tok.dep_ in ("nsubj", "nsubjpass"):
                aid = self._body_before(tok, plural=low == "they")
                if aid is not None:
                    return Speaker(aid, self.names[aid], True)
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
            found = self._set_off_name(tok) or self._called(tok)
        if found is None and not head_is_role and tok.pos_ != "NOUN":  # "Harlan accusers" are not Harlan
            for c in tok.children:
                if c.dep_ in ("compound", "flat"):
                    found = self._actor_at(c)
                    if found is not None and self.kinds.get(found[0]) == "person":
                        break
                    found = None
        if found is not None and self._one_of_group(tok, found[0]):
            found = None  # "the former Somali refugee tweeted": one person, not the group
        if found is not None:
            return Speaker(found[0], self.names[found[0]], True)
        if self.lex.speaker_nouns.get(tok.lemma_.lower()) == "document":
            aid = self.author(tok)
            if aid is not None:
                return Speaker(aid, self.names[aid], True)
        aid = self.described(tok) or self._body_anaphor(tok) or self._members_of(tok)
        if aid is not None:
            return Speaker(aid, self.names[aid], True)
        if head_is_role or tok.ent_type_ == "PERSON":
            return Speaker(None, self.phrase(tok), True)
        if tok.pos_ in ("PROPN", "NOUN"):
            return Speaker(None, self.phrase(tok), False)
        return None

    def described(self, tok: Any) -> str | None:
        """The actor a definite description names, when the article set it up (None otherwise).

        * the phrase is one of an actor's forms ("Merkel's spokesman", set up by "Merkel's spokesman,
          Steffen Seibert");
        * a spokesperson, representative or aide whose phrase holds an organisation or party ("a
          Conservative Party spokesman") speaks for it;
        * a definite phrase ("the president", "Britain's top court", "the Minnesota congresswoman") whose
          head noun is a word of some actor's forms ("President Trump", "Supreme Court", "Congresswoman
          Omar"): that actor, or among several the one mentioned last before the phrase. An indefinite
          phrase ("a minister") is someone new and names nobody. Role modifiers must agree
          (``role_modifiers.tsv``): "Labour's leader" is not "Deputy Labour leader X".
        """
        if tok.pos_ not in ("NOUN", "PROPN"):
            return None
        phrase = _words(self.phrase(tok))
        if phrase:
            exact = [aid for aid, forms in self.forms.items() if phrase in forms]
            if len(exact) == 1:
                return exact[0]
        words = self.doc[tok.left_edge.i : tok.i + 1]
        if self.lex.speaker_nouns.get(tok.lemma_.lower()) == "proxy":
            # "a Downing Street spokesman", "a spokesperson for the council": the body they speak for
            named = [
                *words,
                *(t for c in tok.rights if c.dep_ == "prep" and c.lower_ in ("for", "of") for t in c.subtree),
            ]
            bodies = {hit[0] for w in named if (hit := self.by_token.get(w.i)) and self.kinds.get(hit[0]) in PROXIED}
            return bodies.pop() if len(bodies) == 1 else None
        first = words[0].lower_
        definite = first in DEFINITE or any(w.dep_ == "poss" for w in words)
        if first in INDEFINITE or not definite:  # "Republican Wade Harlan" names someone the text may not
            return None
        head = tok.lemma_.lower()
        if head in self.lex.speaker_nouns and self.lex.speaker_nouns[head] in ("group", "source", "document"):
            return None
        mods = modifiers(w.lower_ for w in words)
        found = [
            aid
            for aid, forms in self.forms.items()
            if any((head in f.split() or tok.lower_ in f.split()) and agree(mods, modifiers(f.split())) for f in forms)
        ]
        names = {
            w.lower_
            for w in words
            if w.i != tok.i and (hit := self.by_token.get(w.i)) and self.kinds.get(hit[0]) in ORGS
        }
        if names:  # "Labour's leader" names no one whose forms lack "Labour" ("SNP leader X")
            found = [aid for aid in found if any(names & set(f.split()) for f in self.forms[aid])]
        if tok.tag_ == "NNS":  # "Labour's leaders" are no one person ("Deputy leader X")
            found = [aid for aid in found if self.kinds[aid] != "person"]
        if tok.pos_ == "NOUN":  # a common noun may not be the name itself: "Trump" is no description of Trump
            found = [
                aid for aid in found if head not in _words(self.names[aid]).split()[-1:] or self.kinds[aid] in ORGS
            ]
        if len(found) > 1:  # the best fit of the phrase's words, then the one named last before it
            content = {w.lower_ for w in words if w.pos_ in ("NOUN", "PROPN", "ADJ") and w.i != tok.i}
            fit = {aid: max(len(content & set(f.split())) for f in self.forms[aid]) for aid in found}
            best = max(fit.values())
            found = [aid for aid in found if fit[aid] == best]
        if len(found) > 1:
            before = [(max((s for s in self.starts[aid] if s < tok.idx), default=-1), aid) for aid in found]
            before = [b for b in before if b[0] >= 0]
            if before:
                return max(before)[1]
            return min(found, key=lambda aid: (-len(self.starts[aid]), self.starts[aid][:1]))
        return found[0] if found else None

    def _body_anaphor(self, tok: Any) -> str | None:
        """The organisation a bare "the group" (any singular body noun of ``speaker_nouns.tsv``: "the
        party", "the campaign") carries on from: the nearest organisation that was the subject of a clause
        in the :data:`ANAPHOR_SENTENCES` sentences before, across at most one paragraph break ("The Muslim
        Council of X said ... \n\nThe group said"). "The party" takes only a party, any other noun only an
        organisation; a noun with modifiers ("the campaign group Y", "the other group") is left alone."""
        head = tok.lemma_.lower()
        if tok.tag_ != "NN" or self.lex.speaker_nouns.get(head) != "group":
            return None
        if [c.lower_ for c in tok.children if c.i < tok.i] != ["the"] or any(c.dep_ != "punct" for c in tok.rights):
            return None
        wanted = {"party"} if head == "party" else {"org"}
        sent = tok.sent
        breaks = 0
        for _ in range(ANAPHOR_SENTENCES + 1):
            for t in reversed(self.doc[sent.start : min(sent.end, tok.i)]):
                hit = self.by_token.get(t.i)
                if t.dep_ in ("nsubj", "nsubjpass") and hit is not None and self.kinds.get(hit[0]) in wanted:
                    return hit[0]
            if sent.start == 0:
                return None
            breaks += any(
                "\n" in t.text or "\n" in t.whitespace_ for t in self.doc[max(sent.start - 2, 0) : sent.start]
            )
            if breaks > 1:
                return None
            sent = self.doc[sent.start - 1].sent
        return None

    def _members_of(self, tok: Any) -> str | None:
        """The organisation or party whose members, officials, staff or leaders speak together ("Labour
        members chanted", "Labour's leaders threatened"): a plural noun from :data:`MEMBER_NOUNS` whose only
        name is one organisation's or party's mention."""
        if tok.tag_ != "NNS" or tok.lemma_.lower() not in MEMBER_NOUNS:
            return None
        bodies = {hit[0] for w in self.doc[tok.left_edge.i : tok.i] if (hit := self.by_token.get(w.i)) is not None}
        if len(bodies) != 1:
            return None
        aid = bodies.pop()
        return aid if self.kinds.get(aid) in ORGS else None

    def _thing_before(self, noun: Any) -> Any:
        """What a "which" clause the parser hung on ``noun`` is about. "Which" never means people: after a
        noun for people ("a document from the leadership to officials which states") it is the nearest
        document named before them in the sentence; otherwise ``noun`` itself."""
        hit = self.by_token.get(noun.i)
        people = self.lex.speaker_nouns.get(noun.lemma_.lower()) in ("group", "role", "proxy", "source") or (
            hit is not None and self.kinds.get(hit[0]) in ("person", "group")
        )
        if not people:
            return noun
        for t in reversed(self.doc[max(noun.sent.start, noun.i - WHICH_REACH) : noun.i]):
            if t.pos_ in ("NOUN", "PROPN") and self.lex.speaker_nouns.get(t.lemma_.lower()) == "document":
                return t
        return noun

    def _one_of_group(self, tok: Any, aid: str) -> bool:
        """Whether ``tok``, inside a group's mention, is one member of it: a singular noun with a determiner
        ("the former Somali refugee", "a Muslim woman"), not a collective noun ("the crowd")."""
        if self.kinds.get(aid) != "group" or tok.tag_ != "NN" or tok.lemma_.lower() in _collective_nouns():
            return False
        return any(c.dep_ in ("det", "poss") for c in tok.children)

    def _body_before(self, tok: Any, *, plural: bool) -> str | None:
        """The organisation a subject "it" (or "they") carries on from: the subject of the previous sentence
        of the paragraph when it is an organisation or party ("The court ruled ... It said"; "the party ...
        they said") or a document whose author the text names ("The report deems ... It also concluded").
        None when that subject is anything else: a person, a plural noun for "it", nothing."""
        start = tok.sent.start
        i = start - 1
        while i >= 0 and self.doc[i].is_space:
            if "\n" in self.doc[i].text:
                return None  # a new paragraph: too far to carry
            i -= 1
        if i < 0 or "\n" in self.doc[i].whitespace_:
            return None
        prev = self.doc[i].sent
        for s in (c for c in prev.root.children if c.dep_ in ("nsubj", "nsubjpass")):
            hit = self.by_token.get(s.i)
            if hit is not None:
                return hit[0] if self.kinds.get(hit[0]) in ORGS else None
            if not plural and self.lex.speaker_nouns.get(s.lemma_.lower()) == "document":
                return self.author(s)
            return None
        return None

    def author(self, tok: Any) -> str | None:
        """The actor a document speaks for (None when the text names none).

        Named in the document's own phrase ("a report by the EHRC", "guidance from Dave Evans", "the EHRC's
        report", "the EHRC report"); the one who issues it ("X obliged, issuing a statement ..."); or, for a definite phrase ("the report", "the document"), the author of
        the latest earlier document of the same noun that named one, else of the latest earlier document of
        any kind within :data:`AUTHOR_PARAGRAPHS` paragraphs ("The guidance from X states ... the document
        continues").
        """
        found = self._author_in(tok)
        if found is not None:
            return found
        if tok.dep_ == "dobj" and tok.head.pos_ == "VERB":  # "Omar obliged, issuing a statement ..."
            issuer = self.subject(tok.head)
            if issuer is not None:
                hit = self.by_token.get(issuer.i)
                aid = hit[0] if hit is not None else self.links.get(issuer.idx)
                if aid is not None:
                    return aid
        words = self.doc[tok.left_edge.i : tok.i + 1]
        if words[0].lower_ not in DEFINITE:
            return None  # "another guidance document" is a new one
        lemma = tok.lemma_.lower()
        nearest: str | None = None
        paragraphs = 0
        for t in reversed(self.doc[: tok.left_edge.i]):
            if t.is_space and "\n" in t.text:
                paragraphs += 1
            if t.pos_ not in ("NOUN", "PROPN") or self.lex.speaker_nouns.get(t.lemma_.lower()) != "document":
                continue
            found = self._author_in(t)
            if found is None:
                continue
            if t.lemma_.lower() == lemma:
                return found
            if nearest is None and paragraphs <= AUTHOR_PARAGRAPHS:
                nearest = found
        return nearest

    def _author_in(self, tok: Any) -> str | None:
        """An actor named as the author inside a document's phrase: a possessor, a compound, or the object
        of "by", "from" or "of" (directly or through a participle: "a report published by X")."""
        for c in tok.children:
            if c.dep_ in ("poss", "compound") and (hit := self.by_token.get(c.i)) is not None:
                return hit[0]
            heads = [c] if c.dep_ == "prep" else [g for g in c.children if g.dep_ in ("prep", "agent")]
            if c.dep_ == "acl":
                heads += [g for g in c.children if g.dep_ == "agent"]
            for p in heads:
                if p.lower_ not in ("by", "from", "of"):
                    continue
                for g in p.children:
                    if g.dep_ == "pobj" and (hit := self.by_token.get(g.i)) is not None:
                        return hit[0]
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
        if not proxy:
            found = self._name_closing_title(tok)
            if found is not None:
                return found
        return self._name_after(tok)

    def _name_closing_title(self, tok: Any) -> tuple[str, Span] | None:
        """A person named at the end of a title without commas ("deputy leader of the Labour party Angela
        Rayner said", which the parser reads as a leader of a party called Rayner): the name ends the
        subject's phrase and follows a noun, not a preposition ("a friend of Jo Smith" is someone else)."""
        last = tok.right_edge.i
        hit = self.by_token.get(last)
        if hit is None or self.kinds.get(hit[0]) != "person" or tok.lemma_.lower() not in self.lex.speaker_nouns:
            return None
        first = last
        while first - 1 > tok.i and self.by_token.get(first - 1) == hit:
            first -= 1
        before = self.doc[first - 1]
        if first - 1 <= tok.i or before.pos_ not in ("NOUN", "PROPN"):
            return None
        return hit

    def _called(self, tok: Any) -> tuple[str, Span] | None:
        """The actor a phrase names with "called" or "named" ("a European media source called X")."""
        for c in tok.rights:
            if c.dep_ == "acl" and c.lemma_ in ("call", "name"):
                for g in c.rights:
                    hit = self.by_token.get(g.i)
                    if g.dep_ in ("oprd", "dobj", "attr", "xcomp", "npadvmod") and hit is not None:
                        return hit
        return None

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
        for i in range(end - 1, start - 1, -1):  # a dateline or page furniture run into the phrase
            if "\n" in self.doc[i].text or "\n" in self.doc[i].whitespace_ or self.doc[i].text in ("—", "–"):
                start = i + 1
                break
        while start < end and self.doc[start].is_punct:
            start += 1
        while end > start and self.doc[end - 1].is_punct:
            end -= 1
        return str(self.doc[start:end].text)
