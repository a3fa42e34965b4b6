"""Candidate actor mentions in a spaCy Doc: NER entities corrected and completed by rules.

Sources, in the order they claim tokens (a later source only gets tokens nobody claimed):

1. ``title``: a title + capitalised word(s) is a person ("Ms Ali", "Lord Ahmad"), even when NER misses it;
   so is an untyped name in apposition to an office noun ("Mawdsley, the council leader, said");
2. ``law``: the title of a bill or act ("the Housing (Standards) Bill") claims its words and is no actor;
3. ``lexicon``: parties, groups and places from the resource files, which beat the model's label
   ("Labour" tagged PERSON, "Israelites" tagged PERSON, "Tower Hamlets" tagged ORG); a group word after an
   ethnonym makes one group ("Arab Americans"); a party's first word before a member noun is the party
   ("the Green MP");
4. ``cue``: a capitalised name after a place cue ("the MP for Bethnal Green and Bow") or before a place
   noun ("the Inverbrae and Coll by-election") is a place;
5. ``orgrun``: a capitalised run holding an organisation word ("Eastbridge Council", "the Huffington Post"),
   leading function words dropped ("When Eastbridge Council voted");
6. ``ner``: what is left of the model's PERSON/ORG/GPE/LOC/FAC/NORP entities, edges trimmed and typed by
   their words and context: acronyms are never persons; a word inside a title ("Home" in "Home
   Secretary") is no actor; one unknown word the model calls a person after "in"/"near" is a place;
   a name in apposition to an organisation noun ("Unison, the public sector union") is an organisation.

Then a name joined by "and" or "or" to a place is a place when nothing says it is a person, and the
place a council is named after ("Wexcombe" of "Wexcombe District Council") is a place wherever it stands
alone.

Every pass is linear in the number of tokens with dictionary look-ups; no regular expression runs over the
text. Group words used attributively ("Muslim vote", "Israelite friends") are not mentions: they describe
another noun rather than refer to the group. Parties are kept when attributive ("Labour councillors").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Any

from slant.analyze.common import Lexicon, Title, dateline_at, is_acronym, is_web_token, normalise
from slant.nlp.spans import doc_text, trim_offsets

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
#: Kind of a match that claims its tokens but is no mention (an attributive group word, a law's title).
BLOCKED = "blocked"
#: Parts of speech of words that open a clause, never a name ("When Eastbridge Council voted ...").
FUNCTION_POS = frozenset({"SCONJ", "ADP", "DET", "PRON", "CCONJ", "ADV", "AUX", "PART", "INTJ"})
#: Nouns for a party's people or office: "Green" before one names the "Green Party" ("the Green MP").
PARTY_MEMBER_NOUNS = frozenset(
    {
        *("mp", "mps", "msp", "msps", "mep", "meps", "mla", "mlas", "councillor", "councillors", "candidate"),
        *("candidates", "peer", "peers", "senator", "senators", "congressman", "congresswoman", "lawmaker"),
        *("lawmakers", "leader", "co-leader", "leadership", "member", "members", "activists", "minister"),
        *("ministers", "government", "administration", "voters", "supporters", "manifesto", "campaign"),
        *("primary", "primaries", "nomination", "convention", "caucus", "ticket", "whip"),
    }
)
#: Labels of tokens that never belong to a place name found by a place noun ("the Thursday by-election").
_NOT_NAME_LABELS = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "MONEY", "PERCENT", "QUANTITY"})
#: The longest title + name a title match takes (name words after the title).
MAX_NAME_WORDS = 3
#: The longest capitalised run a place cue or an organisation run takes.
MAX_RUN = 8
#: Words before a law's title ("the Housing Bill", "Labour's Housing Bill"); "" stands for a sentence start.
LAW_OPENERS = frozenset({"", "the", "a", "this", "that", "its", "their", "his", "her", "'s", "’s", "new", "draft"})
#: Words between a council's place name and "Council" ("Wexcombe District Council").
COUNCIL_TIERS = frozenset({"Borough", "District", "County", "City", "Town", "Parish", "Metropolitan", "Unitary"})


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


#: Tokens that end an entity piece: the model sometimes runs an entity over a bracket, a bar or a dash
#: with space around it ("Northwire) - Intelligence" in "HARWICK (Northwire) - Intelligence agencies ...");
#: a hyphen inside a name ("Kim Jong-Un", "Merriam-Webster") is no break.
ENTITY_BREAKS = frozenset({"(", ")", "[", "]", "|"})
DASHES = frozenset({"-", "—", "–"})


def _breaks_entity(doc: Any, i: int) -> bool:
    tok = doc[i]
    if tok.text in ENTITY_BREAKS:
        return True
    return tok.text in DASHES and (bool(tok.whitespace_) or (i > 0 and bool(doc[i - 1].whitespace_)))


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
        self.text: str = doc_text(doc)
        self.idx = _indexes(lex)
        self.ends = {t.idx + len(t.text): t.i for t in doc}
        self.claimed: list[bool] = [False] * len(doc)
        self.ent_label: list[str] = [t.ent_type_ for t in doc]

    # -- helpers -----------------------------------------------------------------------------------------
    def _cand(self, a: int, b: int, kind: str, source: str, **kw: Any) -> Candidate | None:
        """A candidate over tokens [a, b), offsets trimmed; None when nothing is left. Links, e-mail addresses
        and handles at either end are not part of a name ("Polk County Jail https://t.co/...", "@POTUS")."""
        doc = self.doc
        while a < b and is_web_token(doc[a]):
            a += 1
        while b > a and is_web_token(doc[b - 1]):
            b -= 1
        if a >= b:
            return None
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
        doc, lex = self.doc, self.lex
        out: list[Candidate] = []
        i = 0
        while i < len(doc):
            found = title_at(doc, i, lex) if _is_cap(doc[i]) else None
            if found is not None and found[0].kind == "postnominal":
                c = self._before_postnominal(i, out[-1].tok_end if out else 0)
                if c is not None:
                    out.append(c)
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

    def _before_postnominal(self, i: int, floor: int) -> Candidate | None:
        """Two or three name words before a post-nominal are a person the model may miss ("Corwin Tull MP");
        words the lexicons or the model give another kind ("Tower Hamlets MP", "North Norfolk MP") are not."""
        doc, lex = self.doc, self.lex
        a = i
        while a > floor and i - a < MAX_NAME_WORDS and _is_cap(doc[a - 1]) and doc[a - 1].text.isalpha():
            a -= 1
            if doc[a].is_sent_start:
                break
        words = [t.text for t in doc[a:i]]
        if len(words) < 2 or any(t.ent_type_ not in ("", "PERSON") for t in doc[a:i]):
            return None
        if any(
            w in lex.org_words or w in lex.parties or f"{w} Party" in lex.parties or w in lex.place_suffixes
            for w in words
        ):
            return None
        if title_at(doc, a, lex) is not None or doc[a].pos_ in FUNCTION_POS:
            return None
        return self._cand(a, i, "person", "title")

    def _name_word(self, j: int) -> bool:
        doc, lex = self.doc, self.lex
        tok = doc[j]
        if tok.is_sent_start or not _is_cap(tok) or tok.text in lex.org_words:
            return False
        if title_at(doc, j, lex) is not None or tok.text in lex.parties:
            return False
        return tok.text.lower() not in lex.non_actors and tok.text.lower() not in lex.groups

    # -- 2. laws -----------------------------------------------------------------------------------------
    def laws(self) -> list[Candidate]:
        """Titles of bills and acts: a capitalised run (brackets allowed) ending in "Bill" / "Act"."""
        doc, out = self.doc, []
        for i, tok in enumerate(doc):
            if tok.text not in self.lex.law_words or i == 0:
                continue
            if i + 1 < len(doc) and _is_cap(doc[i + 1]) and not doc[i + 1].is_sent_start:
                continue  # "secretary Bill Tanager": a given name
            if not (_is_cap(doc[i - 1]) or doc[i - 1].text == ")"):
                continue  # "Maddock and Bill": a given name
            a = i  # the parser may start a sentence at "Bill" itself: only earlier starts stop the run
            while a > 0 and i - a < MAX_RUN and (a == i or not doc[a].is_sent_start):
                prev = doc[a - 1]
                bracket = prev.text in ("(", ")", "-") or prev.like_num
                connector = prev.lower_ in CONNECTORS and a - 2 >= 0 and _is_cap(doc[a - 2])
                if not (_is_cap(prev) or bracket or connector):
                    break
                a -= 1
            while a < i and doc[a].text in ("(", ")", "-"):
                a += 1
            opener = doc[a - 1].lower_ if a > 0 and not doc[a].is_sent_start else ""
            if a < i and opener in LAW_OPENERS:
                out.append(Candidate(a, i + 1, doc[a].idx, tok.idx + len(tok.text), BLOCKED, "law"))
        return out

    # -- 3. lexicon --------------------------------------------------------------------------------------
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
                best = self._party_adjective(i)
            if best is None:
                i += 1
                continue
            if best.kind == "group":
                self._compound_group(best, out)
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

    def _party_adjective(self, i: int) -> Candidate | None:
        """A party's first word before a member noun ("the Green MP", "Democratic senators") names the party
        whose full name is that word + "Party"."""
        doc, lex = self.doc, self.lex
        tok = doc[i]
        canonical = lex.parties.get(f"{tok.text} Party")
        if canonical is None or not _is_cap(tok) or i + 1 >= len(doc):
            return None
        if doc[i + 1].lower_ not in PARTY_MEMBER_NOUNS:
            return None
        end = tok.idx + len(tok.text)
        return Candidate(i, i + 1, tok.idx, end, "party", "lexicon", canonical=canonical)

    def _compound_group(self, c: Candidate, out: list[Candidate]) -> None:
        """Widen a group word after an ethnonym or nationality into one group ("Arab Americans", "British
        Muslims"); an attributive group word matched just before ("Muslim" in "Muslim Americans") is absorbed."""
        doc, lex = self.doc, self.lex
        a = c.tok_start
        if a == 0 or doc[a - 1].whitespace_ != " ":
            return
        prev = doc[a - 1]
        absorbed = bool(out) and out[-1].tok_end == a and out[-1].kind == BLOCKED
        if (out and out[-1].tok_end == a and not absorbed) or not _is_cap(prev) or prev.pos_ not in NAME_POS:
            return
        if not (absorbed or prev.ent_type_ == "NORP" or f"{prev.lower_}s" in lex.groups):
            return
        if absorbed:
            out.pop()
        c.tok_start, c.start = a - 1, prev.idx
        c.canonical = self.text[c.start : c.end]

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

    def place_nouns(self) -> list[Candidate]:
        """A capitalised run right before a place noun is a place ("the Inverbrae and Coll by-election")."""
        doc, lex, out = self.doc, self.lex, []
        for i, tok in enumerate(doc):
            by_election = tok.text == "by" and i + 2 < len(doc) and doc[i + 1].text == "-"
            if not ((tok.text in lex.place_after) or (by_election and doc[i + 2].lower_ == "election")):
                continue  # lower-case only: "Borough" in "Harwick Borough Council" is part of the name
            a = i
            while a > 0 and i - a < MAX_RUN and not doc[a].is_sent_start:
                prev = doc[a - 1]
                word = _is_cap(prev) and prev.ent_type_ not in _NOT_NAME_LABELS and title_at(doc, a - 1, lex) is None
                connector = prev.lower_ in CONNECTORS and a - 1 > 0 and _is_cap(doc[a - 2]) and a < i
                if not (word or connector):
                    break
                a -= 1
            while a < i and (doc[a].lower_ in CONNECTORS or doc[a].pos_ in FUNCTION_POS):
                a += 1
            words = [doc[j].text for j in range(a, i)]
            if not words or any(w in lex.org_words or w in lex.parties for w in words):
                continue
            c = self._cand(a, i, "place", "cue")
            if c is not None and normalise(self.text[c.start : c.end]) not in lex.non_actors:
                out.append(c)
        return out

    def datelines(self) -> list[Candidate]:
        """The place of a wire dateline opening a paragraph ("BRACKENFORD, March 4 (Northwire) - ...",
        "HARWICK (Agency) -", "LONDON —"): capitals only, then a comma, an agency in brackets or a dash
        within a few tokens. Named as written in ordinary case ("Brackenford")."""
        doc, lex, out = self.doc, self.lex, []
        for i in self._paragraph_starts():
            found = dateline_at(doc, i)
            if found is None:
                continue
            b = found[0]
            name = " ".join(doc[j].text.capitalize() for j in range(i, b))
            if name in lex.parties or name in lex.orgs or name in lex.groups or normalise(name) in lex.non_actors:
                continue
            c = self._cand(i, b, "place", "dateline", canonical=name)
            if c is not None:
                out.append(c)
        return out

    def _paragraph_starts(self) -> list[int]:
        doc = self.doc
        return [
            i
            for i in range(len(doc))
            if not doc[i].is_space
            and (i == 0 or "\n" in doc[i - 1].whitespace_ or (doc[i - 1].is_space and "\n" in doc[i - 1].text))
        ]

    def appositions(self) -> list[Candidate]:
        """A capitalised run before ", the <...> union," is an organisation the model may miss ("Unite, the
        union, said"); the kind comes from the noun (``org_words.tsv`` org-noun / party-noun)."""
        doc, lex, out = self.doc, self.lex, []
        for i, tok in enumerate(doc):
            if tok.text != "," or i == 0 or not _is_cap(doc[i - 1]):
                continue
            kind = self._org_apposition(i, i)
            if kind is None:
                continue
            a = i
            while a > 0 and i - a < MAX_RUN and _is_cap(doc[a - 1]) and title_at(doc, a - 1, lex) is None:
                a -= 1
                if doc[a].is_sent_start:
                    break
            while a < i and (doc[a].lower_ == "the" or doc[a].pos_ in FUNCTION_POS):
                a += 1
            words = [t.text for t in doc[a:i]]
            if kind == "person" and not self._person_run(a, i):
                continue
            if kind != "person" and words and words[0] in lex.first_names:
                continue
            if words and normalise(" ".join(words)) not in lex.non_actors:
                c = self._cand(a, i, kind, "cue")
                if c is not None:
                    out.append(c)
        return out

    def _person_run(self, a: int, b: int) -> bool:
        """Whether the capitalised run ``a:b`` before ", the council leader," may name a person: one to three
        words the model calls no place, date or organisation, that name no known party, group, place or
        organisation word, and that no preposition introduces ("In Eastbridge, the leader, ...")."""
        doc, lex = self.doc, self.lex
        if not 1 <= b - a <= MAX_NAME_WORDS or (a > 0 and doc[a - 1].pos_ == "ADP"):
            return False
        if any(self.ent_label[j] not in ("", "PERSON") for j in range(a, b)):
            return False
        words = [t.text for t in doc[a:b]]
        surface = normalise(" ".join(words))
        known = (lex.org_words, lex.parties, lex.places)
        if any(w in k for w in words for k in known) or any(surface in k for k in known):
            return False
        return not any(w.lower() in lex.groups for w in words) and surface.lower() not in lex.groups

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
                doc[a].lower_ in ("the", *CONNECTORS)
                or (doc[a].is_sent_start and doc[a].pos_ != "PROPN")
                or doc[a].pos_ in FUNCTION_POS
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
                free = free and not _breaks_entity(self.doc, i)
                if free and piece_start is None:
                    piece_start = i
                elif not free and piece_start is not None:
                    c = self._typed(piece_start, i, ent.label_)
                    if c is not None:
                        out.append(c)
                    piece_start = None
        return out

    def _place_context(self, a: int, b: int, label: str) -> bool:
        """A name between a place word before ("in X") or after ("X ward") is a place.

        For a PERSON label only one word that is no known given name counts ("in Dunmore", not "in Ann")."""
        doc, lex = self.doc, self.lex
        before = doc[a - 1].lower_ if a > 0 else ""
        after = doc[b].lower_ if b < len(doc) else ""
        if b + 2 < len(doc) and doc[b + 1].text == "-" and not doc[b].whitespace_:
            after = "".join(t.lower_ for t in doc[b : b + 3])  # "by-election"
        words = [t.text for t in doc[a:b]]
        if any(w in lex.org_words for w in words):
            return False
        if after in lex.place_after:
            return True
        if label == "PERSON":
            lone = len(words) == 1 and words[0] not in lex.first_names and after not in ("'s", "’s")
            return lone and before in lex.place_before
        return before in lex.place_before

    def _place_name(self, words: list[str], label: str, unknown: bool) -> bool:
        """A name whose own words make it a place: "Lower X", "X Lane" (for a PERSON label only without a
        given name), one word with a place ending ("Wellingford") not tagged PERSON."""
        lex = self.lex
        if len(words) > 1 and words[0] in lex.place_prefixes:
            return True
        if (label != "PERSON" or (unknown and len(words) > 1)) and words[-1] in lex.place_suffixes:
            return True
        return label != "PERSON" and len(words) == 1 and words[0].endswith(lex.place_endings)

    def _no_person_evidence(self, words: list[str]) -> bool:
        """Whether a name the model calls a person has no given name and no title."""
        return words[0] not in self.lex.first_names and words[0] not in self.lex.nicknames.get(words[0].casefold(), ())

    def _org_apposition(self, a: int, b: int) -> str | None:
        """The kind an organisation noun gives the name: "the charity X" or "X, the public sector union"."""
        doc, nouns = self.doc, self.lex.org_nouns
        if a >= 2 and doc[a - 1].lower_ in nouns and doc[a - 2].lower_ in ("the", "a", "an"):
            return nouns[doc[a - 1].lower_]
        if b + 2 >= len(doc) or doc[b].text != "," or doc[b + 1].lower_ not in ("the", "a", "an"):
            return None
        for k in range(b + 2, min(b + 8, len(doc) - 1)):
            tok = doc[k]
            if tok.lower_ in nouns and (doc[k + 1].is_punct or doc[k + 1].lower_ in ("that", "which")):
                return nouns[tok.lower_]
            if (tok.is_punct and tok.text != "-") or tok.pos_ in ("VERB", "AUX"):
                return None
        return None

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
            while b - a > 1 and doc[a].text in lex.section_labels:
                a += 1  # "Opinion Donald Harlan": a page label glued to the story's first words
            while a > 0 and not self.claimed[a - 1] and doc[a - 1].text in lex.first_names:
                a -= 1  # the model often leaves a first name out ("Priya" in "Priya Castellan MP")
        c = self._cand(a, b, NER_KINDS[label], "ner")
        if c is None:
            return None
        surface = self.text[c.start : c.end]
        words = surface.split()
        if normalise(surface) in lex.non_actors or not any(ch.isupper() for ch in surface):
            return None
        opening = doc[a].is_sent_start or (a > 0 and _breaks_entity(doc, a - 1))
        if b - a == 1 and opening and doc[a].pos_ != "PROPN":
            return None  # "However", "Charities": a name opening a sentence (or a dateline's story) is a proper noun
        title = title_at(doc, a, lex)
        if title is not None and a + title[1] >= b:
            return None  # "Home" of "the Home Secretary": part of a title
        c.label = label
        if surface in lex.parties:
            c.kind, c.canonical = "party", lex.parties[surface]
            return c
        unknown = label == "PERSON" and self._no_person_evidence(words)
        heads = [w for w in words if w in lex.org_words and (label != "PERSON" or w == words[-1])]
        if label == "PERSON" and not heads and len(words) == 1 and a > 0 and doc[a - 1].lower_ in ("the", "a", "an"):
            return None  # "the Bill", "a Rover": a person's name takes no article
        apposed = self._org_apposition(a, b) if label != "PERSON" or (unknown and len(words) == 1) else None
        if apposed == "person" and (NER_KINDS.get(label) == "place" or (a > 0 and doc[a - 1].pos_ == "ADP")):
            apposed = None  # "In Dundee, the SNP's group leader, ...": the leader is someone else, named next
        if heads and (len(words) > 1 or words[0].isupper() or label == "PERSON"):
            c.kind = "party" if "party" in (lex.org_words[w] for w in heads) else "org"
        elif len(words) > 1 and all(w.isupper() for w in words) and words[0].capitalize() in lex.first_names:
            # a name in capitals ("JAMES COMEY" in a headline or a shouted post): a person, in ordinary case
            c.kind, c.canonical = "person", " ".join(w.capitalize() for w in words)
        elif all(is_acronym(w) for w in words):
            c.kind = "org"  # "DfT", "GLMU": an acronym names an organisation, never a person
        elif self._place_name(words, label, unknown):
            c.kind = "place"
        elif apposed is not None:
            c.kind, c.source = apposed, "ner+context"
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
    titles, laws, lexicon, runs = f.titles(), f.laws(), f.lexicon(), f.org_runs()
    cues = f.datelines() + f.cues() + f.place_nouns()
    appositions = f.appositions()
    runs += [c for c in appositions if c.kind != "person"]
    titles += [c for c in appositions if c.kind == "person"]
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
    for source in (titles, laws, lexicon, cues, runs):
        for c in source:
            if f._free(c.tok_start, c.tok_end):
                f._claim(c)
                out.append(c)
    for c in f.entities():
        f._claim(c)
        out.append(c)
    out = [c for c in out if c.kind != BLOCKED]
    out.sort(key=lambda c: c.start)
    out += _council_places(f, out)
    out.sort(key=lambda c: c.start)
    _coordinated_places(out, doc_text(doc), lex)
    return out, f.claimed


def _council_places(f: _Finder, cands: list[Candidate]) -> list[Candidate]:
    """The place a local council is named after, wherever it stands alone ("Wexcombe" of "Wexcombe District
    Council"): unclaimed words become place mentions, and a lone model-typed mention of it a place."""
    doc, lex = f.doc, f.lex
    names: set[tuple[str, ...]] = set()
    for c in cands:
        words = f.text[c.start : c.end].split()
        if c.kind != "org" or len(words) < 2 or words[-1] != "Council":
            continue
        head = words[:-1]
        while len(head) > 1 and head[-1] in COUNCIL_TIERS:
            head = head[:-1]
        if head and head[-1] not in COUNCIL_TIERS and not any(w in lex.org_words for w in head):
            names.add(tuple(head))
    if not names:
        return []
    for c in cands:
        if c.source == "ner" and tuple(f.text[c.start : c.end].split()) in names:
            c.kind = "place"
    out: list[Candidate] = []
    for name in names:
        n = len(name)
        for i in range(len(doc) - n + 1):
            if tuple(t.text for t in doc[i : i + n]) == name and f._free(i, i + n):
                found = f._cand(i, i + n, "place", "council")
                if found is not None:
                    f._claim(found)
                    out.append(found)
    return out


def _coordinated_places(cands: list[Candidate], text: str, lex: Lexicon) -> None:
    """A model-typed name joined by "and" or "or" to a place is a place, unless a given name or an
    organisation word says otherwise ("between Aldersey and Coldharbour", "Fellgate and Lower Harwick")."""
    places = {normalise(text[c.start : c.end]) for c in cands if c.kind == "place"}
    for x, y in pairwise(cands):
        if text[x.end : y.start] not in (" and ", " or "):
            continue
        for c, other in ((x, y), (y, x)):
            words = text[c.start : c.end].split()
            if (
                c.source == "ner"
                and c.kind in ("person", "org")
                and normalise(text[other.start : other.end]) in places
                and words[0] not in lex.first_names
                and not any(w in lex.org_words or is_acronym(w) for w in words)
            ):
                c.kind, c.source = "place", "ner+context"
