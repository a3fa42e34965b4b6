"""Candidate actor mentions in a spaCy Doc: NER entities corrected and completed by rules.

Sources, in the order they claim tokens (a later source only gets tokens nobody claimed):

1. ``title``: a title + capitalised word(s) is a person ("Ms Ali", "Lord Ahmad"), even when NER misses it;
2. ``lexicon``: parties, groups and places from the resource files, which beat the model's label
   ("Labour" tagged PERSON, "Israelites" tagged PERSON, "Tower Hamlets" tagged ORG);
3. ``cue``: a capitalised name after a place cue ("the MP for Bethnal Green and Bow") is a place;
4. ``orgrun``: a capitalised run holding an organisation word ("Eastbridge Council", "the Huffington Post");
5. ``ner``: what is left of the model's PERSON/ORG/GPE/LOC/FAC/NORP entities, edges trimmed and typed.

Every pass is linear in the number of tokens with dictionary look-ups; no regular expression runs over the
text. Group words used attributively ("Muslim vote", "Israelite friends") are not mentions: they describe
another noun rather than refer to the group. Parties are kept when attributive ("Labour councillors").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from slant.analyze._lexicon import Lexicon, Title
from slant.analyze._names import normalise
from slant.nlp.spans import trim_offsets

#: NER labels used, with the kind they suggest.
NER_KINDS: dict[str, str] = {
    "PERSON": "person",
    "ORG": "org",
    "GPE": "place",
    "LOC": "place",
    "FAC": "place",
    "NORP": "group",
}
#: Lower-case words allowed inside a capitalised name ("Bank of England", "Kingston upon Thames").
CONNECTORS = frozenset({"of", "for", "and", "&", "upon", "on"})
#: Parts of speech a known name opening a sentence may have ("Ebbins said" tagged a plural noun).
NAME_POS = frozenset({"PROPN", "NOUN", "ADJ", "X"})
#: Kind of a lexicon match that claims its tokens but is no mention (an attributive group word).
BLOCKED = "blocked"
#: The longest title + name a title match takes (name words after the title).
MAX_NAME_WORDS = 3
#: The longest capitalised run a place cue or an organisation run takes.
MAX_RUN = 8


@dataclass(slots=True)
class Candidate:
    """One candidate mention: token range, character range, kind and what the rules know about it."""

    tok_start: int
    tok_end: int
    start: int
    end: int
    kind: str
    source: str
    label: str = ""
    canonical: str | None = None
    gender: str | None = None
    name: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class _Indexes:
    """Lexicon surfaces bucketed by their first word, longest first."""

    parties: dict[str, tuple[str, ...]]
    orgs: dict[str, tuple[str, ...]]
    groups: dict[str, tuple[str, ...]]
    places: dict[str, tuple[str, ...]]
    cue_last: frozenset[str]


def _first_word(surface: str) -> str:
    return surface.split()[0].split("-")[0]


def _bucket(surfaces: list[str]) -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for s in sorted(surfaces, key=len, reverse=True):
        out.setdefault(_first_word(s), []).append(s)
    return {k: tuple(v) for k, v in out.items()}


@lru_cache(maxsize=4)
def _indexes(lex: Lexicon) -> _Indexes:
    return _Indexes(
        parties=_bucket(list(lex.parties)),
        orgs=_bucket(list(lex.orgs)),
        groups=_bucket(list(lex.groups)),
        places=_bucket(list(lex.places)),
        cue_last=frozenset(c.split()[-1] for c in lex.place_cues),
    )


def _is_cap(tok: Any) -> bool:
    """A capitalised word token ("Ali", "NEC", "O'Brien")."""
    t: str = tok.text
    return bool(t) and t[0].isupper() and any(ch.isalpha() for ch in t)


def title_at(doc: Any, i: int, lex: Lexicon) -> tuple[Title, int] | None:
    """The title starting at token ``i`` and its length in tokens, or None ("Mr", "Mr.", "Prime Minister")."""
    width = lex.title_words.get(doc[i].text.rstrip("."))
    if not width:
        return None
    for k in range(min(width, len(doc) - i), 0, -1):
        words = [doc[j].text for j in range(i, i + k)]
        words[-1] = words[-1].rstrip(".")
        title = lex.titles.get(" ".join(words))
        if title is not None:
            return title, k
    return None


class _Finder:
    """One pass of the rules over one Doc."""

    def __init__(self, doc: Any, lex: Lexicon) -> None:
        self.doc = doc
        self.lex = lex
        self.text: str = doc.text
        self.idx = _indexes(lex)
        self.ends = {t.idx + len(t.text): t.i for t in doc}
        self.claimed: list[bool] = [False] * len(doc)
        self.ent_label: list[str] = [t.ent_type_ for t in doc]

    # -- helpers -----------------------------------------------------------------------------------------
    def _cand(self, a: int, b: int, kind: str, source: str, **kw: Any) -> Candidate | None:
        """A candidate over tokens [a, b), offsets trimmed; None when nothing is left."""
        doc = self.doc
        start, end = trim_offsets(self.text, doc[a].idx, doc[b - 1].idx + len(doc[b - 1].text))
        if start >= end:
            return None
        return Candidate(a, b, start, end, kind, source, **kw)

    def _free(self, a: int, b: int) -> bool:
        return not any(self.claimed[a:b])

    def _claim(self, c: Candidate) -> None:
        for i in range(c.tok_start, c.tok_end):
            self.claimed[i] = True

    def _attributive(self, end: int) -> bool:
        """Whether the words before token ``end`` modify the noun at ``end`` ("Muslim vote")."""
        doc = self.doc
        if end >= len(doc) or doc[end].pos_ not in ("NOUN", "PROPN"):
            return False
        return bool(doc[end - 1].head.i >= end)

    # -- 1. titles ---------------------------------------------------------------------------------------
    def titles(self) -> list[Candidate]:
        doc, lex, out = self.doc, self.lex, []
        i = 0
        while i < len(doc):
            found = title_at(doc, i, lex) if _is_cap(doc[i]) else None
            if found is None or found[0].kind == "postnominal":
                i += 1
                continue
            title, width = found
            j = i + width
            names = 0
            while j < len(doc) and names < MAX_NAME_WORDS and self._name_word(j):
                j += 1
                names += 1
            role_ok = title.kind != "role" or (names and self.ent_label[i + width] == "PERSON")
            if names and role_ok:
                a = i if title.kind == "honorific" else i + width
                c = self._cand(a, j, "person", "title", gender=title.gender)
                if c is not None:
                    out.append(c)
                i = j
            else:
                i += width
        return out

    def _name_word(self, j: int) -> bool:
        doc, lex = self.doc, self.lex
        tok = doc[j]
        if tok.is_sent_start or not _is_cap(tok) or tok.text in lex.org_words:
            return False
        if title_at(doc, j, lex) is not None or tok.text in lex.parties:
            return False
        return tok.text.lower() not in lex.non_actors and tok.text.lower() not in lex.groups

    # -- 2. lexicon --------------------------------------------------------------------------------------
    def lexicon(self) -> list[Candidate]:
        doc, text = self.doc, self.text
        out: list[Candidate] = []
        doubtful: list[Candidate] = []
        tables = (
            (self.idx.parties, "party", False),
            (self.idx.orgs, "org", False),
            (self.idx.places, "place", False),
            (self.idx.groups, "group", True),
        )
        i = 0
        while i < len(doc):
            tok = doc[i]
            best: Candidate | None = None
            for index, kind, lower in tables:
                for surface in index.get(tok.lower_ if lower else tok.text, ()):
                    end = tok.idx + len(surface)
                    seg = text[tok.idx : end]
                    if (seg.lower() if lower else seg) != surface or end not in self.ends:
                        continue
                    if best is None or end > best.end:
                        best = Candidate(
                            i,
                            self.ends[end] + 1,
                            tok.idx,
                            end,
                            kind,
                            "lexicon",
                            canonical=self._canonical(kind, surface),
                        )
                    break
            if best is None:
                i += 1
                continue
            if self._common_word_at_start(best):
                doubtful.append(best)
                i = best.tok_end
                continue
            if best.kind == "group" and self._attributive(best.tok_end):
                best.kind = BLOCKED  # claims its tokens (NER must not type "Neo Con" PERSON) but is no actor
            out.append(best)
            i = best.tok_end
        named = {c.canonical for c in out}
        return sorted(out + [c for c in doubtful if c.canonical in named], key=lambda c: c.start)

    def _common_word_at_start(self, c: Candidate) -> bool:
        """A one-word party name opening a sentence as a common noun or verb ("Reform of the courts ...").

        Kept only when the article names the party elsewhere."""
        tok = self.doc[c.tok_start]
        one_word = c.tok_end - c.tok_start == 1
        return c.kind == "party" and one_word and tok.is_sent_start and tok.pos_ in ("NOUN", "VERB")

    def _canonical(self, kind: str, surface: str) -> str:
        if kind == "party":
            return self.lex.parties[surface]
        if kind == "org":
            return self.lex.orgs[surface]
        if kind == "group":
            return self.lex.groups[surface]
        return surface

    # -- 3. place cues -----------------------------------------------------------------------------------
    def cues(self) -> list[Candidate]:
        doc, lex, out = self.doc, self.lex, []
        for i, tok in enumerate(doc):
            if tok.lower_ not in self.idx.cue_last or i + 1 >= len(doc):
                continue
            if not any(" ".join(t.lower_ for t in doc[max(0, i - k) : i + 1]) in lex.place_cues for k in (0, 1, 2, 3)):
                continue
            run = self._run(i + 1, stop_at_person=True)
            if run is None:
                continue
            a, b = run
            words = [doc[j].text for j in range(a, b)]
            if any(w in lex.org_words for w in words):
                continue
            c = self._cand(a, b, "place", "cue", canonical=None)
            if c is not None and normalise(self.text[c.start : c.end]) not in lex.non_actors:
                out.append(c)
        return out

    def _run(self, a: int, stop_at_person: bool = False) -> tuple[int, int] | None:
        """The capitalised run starting at token ``a`` (connectors allowed inside), or None."""
        doc, lex = self.doc, self.lex
        if a >= len(doc) or not _is_cap(doc[a]) or title_at(doc, a, lex) is not None:
            return None
        b = a + 1
        while b < len(doc) and b - a < MAX_RUN and not doc[b].is_sent_start:
            tok = doc[b]
            if stop_at_person and self.ent_label[b] == "PERSON" and self.ent_label[a] != "PERSON":
                break
            if _is_cap(tok) and title_at(doc, b, lex) is None:
                b += 1
            elif (
                (tok.lower_ in CONNECTORS or (tok.text == "-" and not tok.whitespace_))
                and b + 1 < len(doc)
                and _is_cap(doc[b + 1])
                and title_at(doc, b + 1, lex) is None
            ):
                b += 2
            else:
                break
        return a, b

    # -- 4. organisation runs ----------------------------------------------------------------------------
    def org_runs(self) -> list[Candidate]:
        doc, lex, out = self.doc, self.lex, []
        i = 0
        while i < len(doc):
            run = self._run(i) if _is_cap(doc[i]) else None
            if run is None:
                i += 1
                continue
            a, b = run
            while a < b and (
                doc[a].lower_ in ("the", *CONNECTORS) or (doc[a].is_sent_start and doc[a].pos_ != "PROPN")
            ):
                a += 1
            words = [doc[j].text for j in range(a, b)]
            heads = [w for w in words if w in lex.org_words]
            single_acronym = len(words) == 1 and words[0].isupper() and len(words[0]) > 1
            if heads and (len(words) > 1 or single_acronym):
                kind = "party" if "party" in (lex.org_words[w] for w in heads) else "org"
                c = self._cand(a, b, kind, "orgrun")
                if c is not None:
                    out.append(c)
            i = run[1]
        return out

    # -- 5. NER ------------------------------------------------------------------------------------------
    def entities(self) -> list[Candidate]:
        out: list[Candidate] = []
        for ent in self.doc.ents:
            label = NER_KINDS.get(ent.label_)
            if label is None:
                continue
            piece_start = None
            for i in range(ent.start, ent.end + 1):
                free = i < ent.end and not self.claimed[i] and not self.doc[i].is_space
                if free and piece_start is None:
                    piece_start = i
                elif not free and piece_start is not None:
                    c = self._typed(piece_start, i, ent.label_)
                    if c is not None:
                        out.append(c)
                    piece_start = None
        return out

    def _place_context(self, a: int, b: int, label: str) -> bool:
        """A name between a place word before ("in X") or after ("X ward") is a place."""
        doc, lex = self.doc, self.lex
        before = doc[a - 1].lower_ if a > 0 else ""
        after = doc[b].lower_ if b < len(doc) else ""
        if b + 2 < len(doc) and doc[b + 1].text == "-" and not doc[b].whitespace_:
            after = "".join(t.lower_ for t in doc[b : b + 3])  # "by-election"
        words = [t.text for t in doc[a:b]]
        if any(w in lex.org_words for w in words):
            return False
        return after in lex.place_after or (label != "PERSON" and before in lex.place_before)

    def _postnominal(self, i: int) -> bool:
        """Token ``i`` is a post-nominal title ("MP" in "Rusharnara Ali MP")."""
        found = self.lex.titles.get(self.doc[i].text.rstrip("."))
        return found is not None and found.kind == "postnominal"

    def _typed(self, a: int, b: int, label: str) -> Candidate | None:
        """Trim a piece of an entity and give it a kind, or None when it is no actor."""
        doc, lex = self.doc, self.lex
        while a < b and (doc[a].lower_ == "the" or doc[a].is_punct):
            a += 1
        while b > a and (doc[b - 1].is_punct or doc[b - 1].tag_ == "POS" or self._postnominal(b - 1)):
            b -= 1
        if a >= b or doc[a].pos_ == "PRON":
            return None
        if label == "PERSON":
            while a > 0 and not self.claimed[a - 1] and doc[a - 1].text in lex.first_names:
                a -= 1  # the model often leaves a first name out ("Priya" in "Priya Castellan MP")
        c = self._cand(a, b, NER_KINDS[label], "ner")
        if c is None:
            return None
        surface = self.text[c.start : c.end]
        words = surface.split()
        if normalise(surface) in lex.non_actors or not any(ch.isupper() for ch in surface):
            return None
        if b - a == 1 and doc[a].is_sent_start and doc[a].pos_ != "PROPN":
            return None  # "However", "Charities": a name opening a sentence is tagged a proper noun
        c.label = label
        if surface in lex.parties:
            c.kind, c.canonical = "party", lex.parties[surface]
            return c
        heads = [w for w in words if w in lex.org_words and (label != "PERSON" or w == words[-1])]
        if heads and (len(words) > 1 or words[0].isupper() or label == "PERSON"):
            c.kind = "party" if "party" in (lex.org_words[w] for w in heads) else "org"
        elif label != "PERSON" and (
            words[-1] in lex.place_suffixes or (words[-1].endswith(lex.place_endings) and len(words) == 1)
        ):
            c.kind = "place"
        elif self._place_context(a, b, label):
            c.kind, c.source = "place", "ner+context"
        elif label == "NORP":
            plural = doc[b - 1].tag_ in ("NNS", "NNPS") or (words[-1].endswith("s") and words[-1][-2:] != "ss")
            if not plural or self._attributive(b):
                return None
        return c


def find_candidates(doc: Any, lex: Lexicon) -> tuple[list[Candidate], list[bool]]:
    """All candidate mentions of ``doc`` (sorted by offset) and which tokens they claim."""
    f = _Finder(doc, lex)
    titles, lexicon, cues, runs = f.titles(), f.lexicon(), f.cues(), f.org_runs()
    person_ents = [(e.start, e.end) for e in doc.ents if e.label_ == "PERSON" and e.end - e.start > 1]
    org_spans = [(r.tok_start, r.tok_end) for r in runs]
    org_spans += [
        (e.start, e.end) for e in doc.ents if e.label_ != "PERSON" and any(t.text in lex.org_words for t in e)
    ]

    def strictly_inside(c: Candidate, spans: list[tuple[int, int]]) -> bool:
        return any(a <= c.tok_start and c.tok_end <= b and (a, b) != (c.tok_start, c.tok_end) for a, b in spans)

    lexicon = [
        c
        for c in lexicon
        if not strictly_inside(c, person_ents) and not (c.kind != "party" and strictly_inside(c, org_spans))
    ]
    out: list[Candidate] = []
    for source in (titles, lexicon, cues, runs):
        for c in source:
            if f._free(c.tok_start, c.tok_end):
                f._claim(c)
                out.append(c)
    for c in f.entities():
        f._claim(c)
        out.append(c)
    out = [c for c in out if c.kind != BLOCKED]
    out.sort(key=lambda c: c.start)
    return out, f.claimed
