"""The candidate passes over one Doc: a :class:`_Finder` holds which tokens are claimed and runs one
method per source (titles, bills and acts, lexicon entries, place cues and nouns, datelines, appositions,
organisation runs, NER entities); each pass only gets tokens no earlier pass claimed. The order of the
passes and the corrections after them are in :mod:`slant.analyze.actors._candidates`.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from slant.analyze.actors._candidate import (
    _NOT_NAME_LABELS,
    BLOCKED,
    CONNECTORS,
    FUNCTION_POS,
    LAW_OPENERS,
    MAX_NAME_WORDS,
    MAX_RUN,
    NAME_PARTICLES,
    NAME_POS,
    NER_KINDS,
    PARTY_MEMBER_NOUNS,
    Candidate,
    _breaks_entity,
    _indexes,
    _is_cap,
    title_at,
)
from slant.analyze.common import Lexicon, is_acronym, is_web_token, normalise, one_member, one_person, role_nouns
from slant.nlp import stop_words
from slant.nlp.datelines import dateline_at, paragraph_starts
from slant.nlp.spans import doc_text, tokens_of, trim_offsets

#: Nouns for the people of a group, which a group word before them names as a whole ("the Muslim community").
PEOPLE_NOUNS = frozenset({"people", "peoples", "community", "communities", "population", "populations"})


class _Finder:
    """One pass of the rules over one Doc."""

    def __init__(self, doc: Any, lex: Lexicon) -> None:
        self.doc = doc
        self.toks: list[Any] = tokens_of(doc)
        self.lex = lex
        self.text: str = doc_text(doc)
        self.idx = _indexes(lex)
        self.ends = {t.idx + len(t.text): t.i for t in tokens_of(doc)}
        self.claimed: list[bool] = [False] * len(doc)
        self.ent_label: list[str] = [t.ent_type_ for t in tokens_of(doc)]

    # -- helpers -----------------------------------------------------------------------------------------
    def _cand(self, a: int, b: int, kind: str, source: str, **kw: Any) -> Candidate | None:
        """A candidate over tokens [a, b), offsets trimmed; None when nothing is left. Links, e-mail addresses
        and handles at either end are not part of a name ("Polk County Jail https://t.co/...", "@POTUS")."""
        toks = self.toks
        while a < b and is_web_token(toks[a]):
            a += 1
        while b > a and is_web_token(toks[b - 1]):
            b -= 1
        if b - a > 1 and self._glue_point(toks[a], lead=True) is not None:
            a += 1  # "Hide AdHad Mr Cummings": furniture glued to the next sentence's first word
        if a >= b:
            return None
        start, end = trim_offsets(self.text, toks[a].idx, toks[b - 1].idx + len(toks[b - 1].text))
        cut = self._glue_point(toks[b - 1])
        if cut is not None and cut > start:
            end = cut  # "Boris JohnsonImage source": the name ends where the glued word starts
        if start >= end:
            return None
        return Candidate(a, b, start, end, kind, source, **kw)

    def _glue_point(self, tok: Any, lead: bool = False) -> int | None:
        """Where two words run together across a missing space inside ``tok``: a lower-case letter followed
        by a capitalised lower-case word. At a name's end the part before it is a proper noun the text also
        uses on its own ("JohnsonImage" with "Johnson"); at a name's start (``lead``) the part after it is a
        function word opening the next sentence and the part before it a word the text uses on its own
        ("AdHad" of "Hide Ad ... AdHad Mr X been stopped"). None for names written so ("McDonald",
        "YouTube", "MailOnline")."""
        text = tok.text
        for k in range(1, len(text) - 2):
            if text[k].islower() and text[k + 1].isupper() and text[k + 2 :].isalpha() and text[k + 2 :].islower():
                left, right = text[: k + 1], text[k + 1 :]
                if not left[:1].isupper():
                    continue
                if lead and right.lower() in stop_words() and left in self._all_words:
                    return int(tok.idx + k + 1)
                if not lead and left in self._proper_words:
                    return int(tok.idx + k + 1)
        return None

    @cached_property
    def _all_words(self) -> frozenset[str]:
        """Every word the text uses standing alone."""
        return frozenset(t.text for t in self.toks)

    @cached_property
    def _proper_words(self) -> frozenset[str]:
        """The words the text uses as proper nouns standing alone."""
        return frozenset(t.text for t in self.toks if t.pos_ == "PROPN")

    def _free(self, a: int, b: int) -> bool:
        return not any(self.claimed[a:b])

    def _claim(self, c: Candidate) -> None:
        for i in range(c.tok_start, c.tok_end):
            self.claimed[i] = True

    def _attributive(self, end: int) -> bool:
        """Whether the words before token ``end`` modify the noun at ``end`` ("Muslim vote")."""
        doc = self.doc
        toks = self.toks
        if end >= len(doc) or toks[end].pos_ not in ("NOUN", "PROPN"):
            return False
        return bool(toks[end - 1].head.i >= end)

    # -- 1. titles ---------------------------------------------------------------------------------------
    def titles(self) -> list[Candidate]:
        doc, lex = self.doc, self.lex
        toks = self.toks
        out: list[Candidate] = []
        i = 0
        while i < len(doc):
            found = title_at(doc, i, lex) if _is_cap(toks[i]) else None
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
                while j + 1 < len(doc) and _hyphen_joined(doc, j) and self._name_word(j + 1):
                    j += 2  # "Ocasio-Cortez" is one name word
                k = _after_particles(doc, j)
                if names and k > j and k < len(doc) and self._name_word(k):
                    j = k  # "Anneke van der Brug": the particles and the word after them are the surname
            role_ok = (
                title.kind != "role"
                or (names and self.ent_label[i + width] == "PERSON")
                or self._bare_name(i + width, j)
            )
            if names and role_ok:
                a = i if title.kind == "honorific" else i + width
                c = self._cand(a, j, "person", "title", gender=title.gender)
                if c is not None:
                    out.append(c)
                i = j
            else:
                i += width
        return out

    def _bare_name(self, a: int, b: int) -> bool:
        """Whether name words ``[a, b)`` after a role title are a name the model did not tag: two or three
        singular proper nouns none of which it gave another label, ending the capitalised run ("Police Chief
        Sonja Penzel said"; not "Speaker Series Events")."""
        if not 2 <= b - a <= MAX_NAME_WORDS or any(self.ent_label[k] not in ("", "PERSON") for k in range(a, b)):
            return False
        if any(self.toks[k].tag_ != "NNP" for k in range(a, b)):
            return False  # "Speaker Series Events": a plural is no name word
        return b >= len(self.doc) or not _is_cap(self.toks[b])

    def _before_postnominal(self, i: int, floor: int) -> Candidate | None:
        """Two or three name words before a post-nominal are a person the model may miss ("Corwin Tull MP");
        words the lexicons or the model give another kind ("Tower Hamlets MP", "North Norfolk MP") are not."""
        doc, lex = self.doc, self.lex
        toks = self.toks
        a = i
        while a > floor and i - a < MAX_NAME_WORDS and _is_cap(toks[a - 1]) and toks[a - 1].text.isalpha():
            a -= 1
            if toks[a].is_sent_start:
                break
        words = [t.text for t in doc[a:i]]
        if len(words) < 2 or any(t.ent_type_ not in ("", "PERSON") for t in doc[a:i]):
            return None
        if any(
            w in lex.org_words or w in lex.parties or f"{w} Party" in lex.parties or w in lex.place_suffixes
            for w in words
        ):
            return None
        if title_at(doc, a, lex) is not None or toks[a].pos_ in FUNCTION_POS:
            return None
        return self._cand(a, i, "person", "title")

    def _name_word(self, j: int) -> bool:
        doc, lex = self.doc, self.lex
        toks = self.toks
        tok = toks[j]
        if tok.is_sent_start or not _is_cap(tok) or tok.text in lex.org_words:
            return False
        if title_at(doc, j, lex) is not None or tok.text in lex.parties:
            return False
        return tok.text.lower() not in lex.non_actors and tok.text.lower() not in lex.groups

    # -- 2. laws -----------------------------------------------------------------------------------------
    def laws(self) -> list[Candidate]:
        """Titles of bills and acts: a capitalised run (brackets allowed) ending in "Bill" / "Act"."""
        doc, out = self.doc, []
        toks = self.toks
        for i, tok in enumerate(tokens_of(doc)):
            if tok.text not in self.lex.law_words or i == 0:
                continue
            if i + 1 < len(doc) and _is_cap(toks[i + 1]) and not toks[i + 1].is_sent_start:
                continue  # "secretary Bill Tanager": a given name
            if not (_is_cap(toks[i - 1]) or toks[i - 1].text == ")"):
                continue  # "Maddock and Bill": a given name
            a = i  # the parser may start a sentence at "Bill" itself: only earlier starts stop the run
            while a > 0 and i - a < MAX_RUN and (a == i or not toks[a].is_sent_start):
                prev = toks[a - 1]
                bracket = prev.text in ("(", ")", "-") or prev.like_num
                connector = prev.lower_ in CONNECTORS and a - 2 >= 0 and _is_cap(toks[a - 2])
                if not (_is_cap(prev) or bracket or connector):
                    break
                a -= 1
            while a < i and toks[a].text in ("(", ")", "-"):
                a += 1
            opener = toks[a - 1].lower_ if a > 0 and not toks[a].is_sent_start else ""
            if a < i and opener in LAW_OPENERS:
                out.append(Candidate(a, i + 1, toks[a].idx, tok.idx + len(tok.text), BLOCKED, "law"))
        return out

    # -- 3. lexicon --------------------------------------------------------------------------------------
    def lexicon(self) -> list[Candidate]:
        doc, text = self.doc, self.text
        toks = self.toks
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
            tok = toks[i]
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
            if best is not None and best.kind == "party":
                best = self._qualified_party(best)
            if best is None:
                best = self._party_adjective(i) or self._group_adjective(i)
            if best is None:
                i += 1
                continue
            if best.kind == "group":
                self._compound_group(best, out)
                self._people_noun(best)
            if self._common_word_at_start(best):
                doubtful.append(best)
                i = best.tok_end
                continue
            if best.kind == "group" and self._attributive(best.tok_end):
                best.kind = BLOCKED  # claims its tokens (NER must not type "Neo Con" PERSON) but is no actor
            elif best.kind == "group" and self._one_member(best):
                best.kind = BLOCKED  # "the former Somali refugee tweeted": a person, described
            elif best.kind == "party" and one_member(toks[best.tok_end - 1]):
                best.kind = BLOCKED  # "the Ohio Democrat said": a member, described
            out.append(best)
            i = best.tok_end
        named = {c.canonical for c in out}
        return sorted(out + [c for c in doubtful if c.canonical in named], key=lambda c: c.start)

    def _qualified_party(self, c: Candidate) -> Candidate:
        """A one-word party name in the plural after a capitalised qualifier of its own is another party
        ("the Alpine Democrats", "the Christian Socialists" are no Democrats and no Socialists). A qualifier
        that is a place, an institution or a title names members of the party ("Senate Democrats", "Ohio
        Democrats", "Senior Tories" stay the party the word names): only where the model reads the two words
        as one name."""
        toks, lex = self.toks, self.lex
        j = c.tok_start - 1
        word = toks[c.tok_start]
        if c.tok_end - c.tok_start != 1 or j < 0 or word.tag_ not in ("NNPS", "NNS") or self.claimed[j]:
            return c
        q = toks[j]
        if not (q.is_title and q.is_alpha and q.whitespace_ == " ") or q.tag_ not in ("NNP", "JJ"):
            return c
        if q.is_sent_start and q.tag_ != "NNP":
            return c  # "Many Democrats": a sentence's capitalised first word
        if not (self.ent_label[j] in ("NORP", "ORG") and q.ent_iob_ == "B" and word.ent_iob_ == "I"):
            return c  # only where the model reads the two words as one name ("Social Democrats")
        if q.text in lex.org_words or q.text in lex.title_words:
            return c
        if q.text in lex.places or q.text in lex.parties or q.text in lex.first_names:
            return c
        surface = f"{q.text} {word.text}"
        known = lex.parties.get(surface)
        q_cand = self._cand(j, c.tok_end, "party", "lexicon", canonical=known or surface)
        return q_cand if q_cand is not None else c

    def _one_member(self, c: Candidate) -> bool:
        """Whether a group's singular noun names one member (``one_person``): "the former refugee said"."""
        head = self.toks[c.tok_end - 1]
        canonical = self.lex.groups.get(head.lower_)
        return canonical is not None and canonical.lower() != head.lower_ and one_person(head)

    def _party_adjective(self, i: int) -> Candidate | None:
        """A party's first word before a member noun ("the Green MP", "Democratic senators") names the party
        whose full name is that word + "Party"."""
        doc, lex = self.doc, self.lex
        toks = self.toks
        tok = toks[i]
        canonical = lex.parties.get(f"{tok.text} Party")
        if canonical is None or not _is_cap(tok) or i + 1 >= len(doc):
            return None
        if toks[i + 1].lower_ not in PARTY_MEMBER_NOUNS:
            return None
        end = tok.idx + len(tok.text)
        return Candidate(i, i + 1, tok.idx, end, "party", "lexicon", canonical=canonical)

    def _group_adjective(self, i: int) -> Candidate | None:
        """A group's adjective before a people noun ("Jewish people", "the Jewish community"): the group."""
        tok = self.toks[i]
        canonical = self.lex.group_adjectives.get(tok.lower_)
        if canonical is None or not _is_cap(tok) or i + 1 >= len(self.doc):
            return None
        noun = self.toks[i + 1]
        if noun.lower_ not in PEOPLE_NOUNS or tok.whitespace_ != " ":
            return None
        return Candidate(i, i + 2, tok.idx, noun.idx + len(noun.text), "group", "lexicon", canonical=canonical)

    def _people_noun(self, c: Candidate) -> None:
        """Widen a group word over a people noun after it ("the Muslim community", "Sikh people"): the
        phrase names the group, where another noun after it would make the word attributive."""
        doc = self.doc
        toks = self.toks
        b = c.tok_end
        if b < len(doc) and toks[b].lower_ in PEOPLE_NOUNS and toks[b - 1].whitespace_ == " ":
            c.tok_end, c.end = b + 1, toks[b].idx + len(toks[b].text)

    def _compound_group(self, c: Candidate, out: list[Candidate]) -> None:
        """Widen a group word after an ethnonym or nationality into one group ("Arab Americans", "British
        Muslims"); an attributive group word matched just before ("Muslim" in "Muslim Americans") is absorbed."""
        lex = self.lex
        toks = self.toks
        a = c.tok_start
        if a == 0 or toks[a - 1].whitespace_ != " ":
            return
        prev = toks[a - 1]
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
        tok = self.toks[c.tok_start]
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
        lex, out = self.lex, []
        toks = self.toks
        for i, tok in enumerate(toks):
            if tok.lower_ not in self.idx.cue_last or i + 1 >= len(toks):
                continue
            if not any(" ".join(t.lower_ for t in toks[max(0, i - k) : i + 1]) in lex.place_cues for k in (0, 1, 2, 3)):
                continue
            run = self._run(i + 1, stop_at_person=True)
            if run is None:
                continue
            a, b = run
            words = [toks[j].text for j in range(a, b)]
            if any(w in lex.org_words for w in words):
                continue
            c = self._cand(a, b, "place", "cue", canonical=None)
            if c is not None and normalise(self.text[c.start : c.end]) not in lex.non_actors:
                out.append(c)
        return out

    def place_nouns(self) -> list[Candidate]:
        """A capitalised run right before a place noun is a place ("the Inverbrae and Coll by-election")."""
        doc, lex, out = self.doc, self.lex, []
        toks = self.toks
        for i, tok in enumerate(tokens_of(doc)):
            by_election = tok.text == "by" and i + 2 < len(doc) and toks[i + 1].text == "-"
            if not ((tok.text in lex.place_after) or (by_election and toks[i + 2].lower_ == "election")):
                continue  # lower-case only: "Borough" in "Harwick Borough Council" is part of the name
            a = i
            while a > 0 and i - a < MAX_RUN and not toks[a].is_sent_start:
                prev = toks[a - 1]
                word = _is_cap(prev) and prev.ent_type_ not in _NOT_NAME_LABELS and title_at(doc, a - 1, lex) is None
                connector = prev.lower_ in CONNECTORS and a - 1 > 0 and _is_cap(toks[a - 2]) and a < i
                if not (word or connector):
                    break
                a -= 1
            while a < i and (toks[a].lower_ in CONNECTORS or toks[a].pos_ in FUNCTION_POS):
                a += 1
            words = [toks[j].text for j in range(a, i)]
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
        toks = self.toks
        for i in paragraph_starts(doc):
            found = dateline_at(doc, i)
            if found is None:
                continue
            b = found[0]
            name = " ".join(toks[j].text.capitalize() for j in range(i, b))
            if name in lex.parties or name in lex.orgs or name in lex.groups or normalise(name) in lex.non_actors:
                continue
            c = self._cand(i, b, "place", "dateline", canonical=name)
            if c is not None:
                out.append(c)
        return out

    def appositions(self) -> list[Candidate]:
        """A capitalised run before ", the <...> union," is an organisation the model may miss ("Unite, the
        union, said"); the kind comes from the noun (``org_words.tsv`` org-noun / party-noun)."""
        doc, lex, out = self.doc, self.lex, []
        toks = self.toks
        for i, tok in enumerate(tokens_of(doc)):
            if tok.text != "," or i == 0 or not _is_cap(toks[i - 1]):
                continue
            kind = self._org_apposition(i, i)
            if kind is None:
                continue
            a = i
            while a > 0 and i - a < MAX_RUN:
                if a > 1 and _hyphen_joined(doc, a - 1) and _is_cap(toks[a - 2]):
                    a -= 1  # "Tomas Verki-Zan, the leader of ...": a hyphenated name is one name
                elif not _is_cap(toks[a - 1]) or title_at(doc, a - 1, lex) is not None:
                    break
                if toks[a - 1].pos_ == "VERB":
                    break  # "Consider Manuel Ortega, the bishop of ...": an imperative opens the sentence
                a -= 1
                if toks[a].is_sent_start:
                    break
            while a < i and (toks[a].lower_ == "the" or toks[a].pos_ in FUNCTION_POS):
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
        toks = self.toks
        hyphens = sum(_hyphen_joined(doc, j) for j in range(a + 1, b - 1))
        if not 1 <= b - a - 2 * hyphens <= MAX_NAME_WORDS or (a > 0 and toks[a - 1].pos_ == "ADP"):
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
        toks = self.toks
        if a >= len(doc) or not _is_cap(toks[a]) or title_at(doc, a, lex) is not None:
            return None
        b = a + 1
        while b < len(doc) and b - a < MAX_RUN and not toks[b].is_sent_start:
            tok = toks[b]
            if stop_at_person and self.ent_label[b] == "PERSON" and self.ent_label[a] != "PERSON":
                break
            if _is_cap(tok) and title_at(doc, b, lex) is None:
                b += 1
            elif (
                (tok.lower_ in CONNECTORS or (tok.text == "-" and not tok.whitespace_))
                and b + 1 < len(doc)
                and _is_cap(toks[b + 1])
                and title_at(doc, b + 1, lex) is None
                and self.ent_label[b + 1] not in ("DATE", "TIME")  # "Harwick Crown Court on Monday"
            ):
                b += 2
            else:
                break
        return a, b

    # -- 3b. names that define an acronym ---------------------------------------------------------------
    def defined_acronyms(self) -> list[Candidate]:
        """A name followed by the acronym it defines in brackets is one name, however the model cut it: "the
        Council for Peace and Co-operation in Asia (CPCA)". The nearest run of capitalised words
        (lower-case connectors and hyphenated parts between them) whose initials spell the acronym is the name;
        the acronym is a mention of it (``canonical`` its name, or the lexicon's name for a known acronym). A
        place the model typed stays a place ("United Kingdom (UK)"); else the head word's kind
        (``org_words.tsv``), a known party, or an organisation."""
        doc, toks, out = self.doc, self.toks, []
        for i in range(1, len(toks) - 2):
            if toks[i].text != "(" or toks[i + 2].text != ")" or not is_acronym(toks[i + 1].text):
                continue
            acronym = toks[i + 1].text
            a = _defining_start(doc, i, acronym)
            if a is None or any(self.claimed[a : i + 2]):
                continue
            words = [t.text for t in doc[a:i]]
            if all(self.ent_label[j] in ("GPE", "LOC") for j in range(a, i) if toks[j].is_title):
                kind = "place"
            elif words[-1] in self.lex.org_words:
                kind = self.lex.org_words[words[-1]]  # "Constituency Labour Parties": its head word says
            else:
                kind = "party" if " ".join(words) in self.lex.parties else "org"
            known = self.lex.parties.get(acronym) or self.lex.orgs.get(acronym)  # "AfD": the party we know
            if known is not None:
                kind = "party" if acronym in self.lex.parties else "org"
            name = self._cand(a, i, kind, "defined", canonical=known)
            if name is None:
                continue
            short = self._cand(i + 1, i + 2, kind, "defined", canonical=known or self.text[name.start : name.end])
            out += [name] + ([short] if short is not None else [])
        return out

    def named_parties(self) -> list[Candidate]:
        """A capitalised name right before the lower-case word "party" names a party ("the ruling Vantor
        party", "his Liga-Nord party"): the name and "party" are one mention, and the name standing alone
        anywhere else in the text is a mention of the same party. A name the lexicon knows keeps the
        lexicon's party ("the Democratic party" is the Democratic Party); a known organisation, place or
        given name before "party" is no party's name ("the Downing Street party", "the Tessa party")."""
        toks, lex, out = self.toks, self.lex, []
        names: dict[tuple[str, ...], str] = {}
        for i, tok in enumerate(toks):
            if tok.text != "party" or i == 0 or self.claimed[i]:
                continue
            a = i
            while a > 0 and i - a < MAX_NAME_WORDS and not self.claimed[a - 1]:
                prev = toks[a - 1]
                if a < i and a >= 2 and _hyphen_joined(self.doc, a - 1) and _is_cap(toks[a - 2]):
                    a -= 2  # "Liga-Nord": the hyphenated name whole
                elif (
                    _is_cap(prev)
                    and prev.whitespace_
                    and (prev.tag_ in ("NNP", "NNPS") or f"{prev.text} Party" in lex.parties)
                ):
                    a -= 1  # "the Democratic party": an adjective only where it names a known party
                else:
                    break
            if a == i or (a >= 2 and toks[a - 1].lower_ in CONNECTORS and _is_cap(toks[a - 2])):
                continue  # no name, or the end of a longer one ("the Friends of Varden party")
            words = tuple(t.text for t in toks[a:i])
            surface = self.text[toks[a].idx : toks[i - 1].idx + len(toks[i - 1].text)]
            known = lex.parties.get(surface) or lex.parties.get(f"{surface} Party")
            if known is None and (
                surface in lex.orgs
                or surface in lex.places
                or any(w in lex.org_words or w in lex.first_names or w in lex.title_words for w in words)
                or any(self.ent_label[k] in ("GPE", "LOC", "NORP", "DATE") for k in range(a, i))
            ):
                continue
            c = self._cand(a, i + 1, "party", "named-party", canonical=known or surface)
            if c is not None:
                out.append(c)
                names[words] = known or surface
        for words, name in names.items():
            n = len(words)
            for k in range(len(toks) - n + 1):
                if tuple(t.text for t in toks[k : k + n]) != words or any(self.claimed[k : k + n]):
                    continue
                if k + n < len(toks) and toks[k + n].text == "party":
                    continue  # the naming mention itself
                if (k > 0 and _hyphen_joined(self.doc, k - 1)) or (
                    k + n + 1 < len(toks) and _hyphen_joined(self.doc, k + n)
                ):
                    continue  # part of a longer hyphenated word
                c = self._cand(k, k + n, "party", "named-party", canonical=name)
                if c is not None:
                    out.append(c)
        return sorted(out, key=lambda c: c.start)

    # -- 4. organisation runs ----------------------------------------------------------------------------
    def org_runs(self) -> list[Candidate]:
        doc, lex, out = self.doc, self.lex, []
        toks = self.toks
        i = 0
        while i < len(doc):
            run = self._run(i) if _is_cap(toks[i]) else None
            if run is None:
                i += 1
                continue
            a, b = run
            while a < b and (
                toks[a].lower_ in ("the", *CONNECTORS)
                or (toks[a].is_sent_start and toks[a].pos_ != "PROPN")
                or toks[a].pos_ in FUNCTION_POS
            ):
                a += 1
            a = self._past_role_of(a, b)
            words = [toks[j].text for j in range(a, b)]
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
        extended: set[int] = set()  # tokens of a person name carried over the model's cut
        for ent in self.doc.ents:
            label = NER_KINDS.get(ent.label_)
            if (
                label is None
                and ent.label_ in ("PRODUCT", "WORK_OF_ART")
                and any(t.text in self.lex.org_words for t in ent)
            ):
                ent = self.doc.char_span(ent.start_char, ent.end_char, label="ORG")  # "the Telegraph", a product
                label = NER_KINDS.get("ORG")
            if label is None:
                continue
            if ent.label_ == "PERSON" and any(i in extended for i in range(ent.start, ent.end)):
                continue
            start = self._hyphen_start(ent)
            if start < ent.start:  # "Marie Lind" after "Anna-": the model cut the hyphenated given name
                c = self._typed(start, ent.end, "PERSON")
                if c is not None:
                    out.append(c)
                    extended.update(range(start, ent.end))
                    continue
            end = self._particle_end(ent)
            if end is not None:  # "Anneke van der" and "Brug": the model cut the name at its particles
                c = self._typed(ent.start, end, "PERSON")
                if c is not None and not any(self.claimed[ent.start : end]):
                    out.append(c)
                    extended.update(range(ent.start, end))
                    continue
            if any(i in extended for i in range(ent.start, ent.end)):
                continue
            named = self._surname_after(ent)
            if named is not None:
                c = self._typed(ent.start, named, "PERSON")  # "Theresa May": the model took the month
                if c is not None and not any(self.claimed[ent.start : named]):
                    out.append(c)
                continue
            person_at = self._person_inside(ent)
            if person_at is not None:
                # "House Nancy Pelosi", "Chemnitz Police Chief Sonja Penzel": a role run into a name
                c = self._typed(person_at, ent.end, "PERSON")
                if c is not None and not any(self.claimed[person_at : ent.end]):
                    out.append(c)
                continue
            piece_start = None
            for i in range(ent.start, ent.end + 1):
                free = i < ent.end and not self.claimed[i] and not self.toks[i].is_space
                free = free and not _breaks_entity(self.doc, i)
                if free and piece_start is None:
                    piece_start = i
                elif not free and piece_start is not None:
                    c = self._typed(piece_start, i, ent.label_)
                    if c is not None:
                        out.append(c)
                    piece_start = None
        return out

    def _hyphen_start(self, ent: Any) -> int:
        """Where a person entity really starts when the model cut it inside a hyphenated given name ("Anna-"
        before "Marie Lind"): back over each capitalised word glued to the name by a hyphen."""
        a: int = ent.start
        if ent.label_ != "PERSON":
            return a
        while (
            a >= 2
            and _hyphen_joined(self.doc, a - 1)
            and _is_cap(self.toks[a - 2])
            and not any(self.claimed[a - 2 : a])
        ):
            a -= 2
        return a

    def _particle_end(self, ent: Any) -> int | None:
        """Where a person entity that the model cut at a surname particle really ends: "Anneke van der" and
        "Brug" are "Anneke van der Brug"; "Lena van" and "Dijk" are "Lena van Dijk"."""
        if ent.label_ != "PERSON":
            return None
        j = ent.end
        while j > ent.start + 1 and self.toks[j - 1].text in NAME_PARTICLES:
            j -= 1
        k = _after_particles(self.doc, j)
        if k == j or k >= len(self.doc) or k < ent.end:
            return None
        tok = self.toks[k]
        if not _is_cap(tok) or tok.is_sent_start or self.claimed[k]:
            return None
        return k + 1

    def given_names(self) -> list[Candidate]:
        """A known given name (``first_names.tsv``) and one capitalised word after it, both proper nouns,
        left free by every earlier pass: a person the model missed ("Theresa May late last night", "you sent
        Amber Rudd in your place"). Not inside a longer capitalised run, and not when the second word names
        an organisation, place, party or title or is itself a given name."""
        toks, lex, claimed, labels = self.toks, self.lex, self.claimed, self.ent_label
        known = (lex.org_words, lex.places, lex.parties, lex.first_names, lex.title_words)
        out: list[Candidate] = []
        for i in range(len(toks) - 1):
            first, second = toks[i], toks[i + 1]
            if first.text not in lex.first_names or claimed[i] or claimed[i + 1] or first.whitespace_ != " ":
                continue
            if first.tag_ != "NNP" or second.tag_ != "NNP" or not second.is_title or not second.text.isalpha():
                continue
            if (i > 0 and _is_cap(toks[i - 1]) and toks[i - 1].tag_ in ("NNP", "NNPS")) or (
                i + 2 < len(toks) and _is_cap(toks[i + 2]) and toks[i + 2].tag_ in ("NNP", "NNPS")
            ):
                continue  # part of a longer name: "Grace Hopper Building"
            word = second.text
            if any(word in k for k in known) or labels[i] not in ("", "PERSON"):
                continue
            if labels[i + 1] not in ("", "PERSON", "DATE"):
                continue
            c = self._cand(i, i + 2, "person", "given-name")
            if c is not None:
                out.append(c)
        return out

    def _given_and_surname(self, words: list[str]) -> bool:
        """Whether ``words`` read as a person's name: two capitalised words, the first a given name
        (``first_names.tsv``; each part of a hyphenated one: "Jean-Claude"), none an organisation's word."""
        names = self.lex.first_names
        if len(words) != 2 or any(w in self.lex.org_words for w in words):
            return False
        if not all(w[:1].isupper() and w.replace("-", "").replace("'", "").isalpha() for w in words):
            return False
        return all(part in names for part in words[0].split("-"))

    def _surname_after(self, ent: Any) -> int | None:
        """The end of a name the model cut after its given name: an entity ending in a given name
        (``first_names.tsv``) and a capitalised word right after it that the model left out or read as a
        date, and that names no organisation, party or place ("Philippa May")."""
        toks, lex = self.toks, self.lex
        b: int = ent.end
        if b >= len(toks) or toks[b - 1].text not in lex.first_names or toks[b - 1].whitespace_ != " ":
            return None
        nxt = toks[b]
        if nxt.ent_type_ not in ("", "DATE") or nxt.tag_ != "NNP" or not nxt.is_title or self.claimed[b]:
            return None
        word = nxt.text
        if word in lex.org_words or word in lex.places or word in lex.parties or word in lex.first_names:
            return None
        return b + 1

    def _past_role_of(self, a: int, b: int) -> int:
        """Where a body's name starts in ``doc[a:b]`` after a role's "<role> of (the)" ("Head of Supreme
        Court", "Chair of the Harwick Trust": the title of a person, naming the body after it)."""
        toks = self.toks
        if b - a > 3 and toks[a].lower_ in role_nouns() and toks[a + 1].lower_ == "of":
            return a + (3 if toks[a + 2].lower_ == "the" else 2)
        return a

    def _person_inside(self, ent: Any) -> int | None:
        """Where a person's name starts inside an entity the model typed otherwise: a known given name and
        one or two capitalised words end the entity, after words of its own ("House Nancy Pelosi"); None
        when there is no such name, or the entity's words are an organisation's ("the Jo Cox Foundation")."""
        if ent.label_ == "PERSON" or len(ent) < 3:
            return None
        doc, lex = self.doc, self.lex
        toks = self.toks
        for k in (ent.end - 2, ent.end - 3):
            if k <= ent.start or toks[k].text not in lex.first_names:
                continue
            rest = doc[k + 1 : ent.end]
            if all(t.pos_ == "PROPN" and t.text[:1].isupper() for t in rest) and not any(
                t.text in lex.org_words for t in doc[ent.start : ent.end]
            ):
                while k >= ent.start + 2 and _hyphen_joined(doc, k - 1) and _is_cap(toks[k - 2]):
                    k -= 2  # "Anna-Marie Lind": the given name is hyphenated, its first part no word of a body
                return int(k)
        return None

    def _place_context(self, a: int, b: int, label: str) -> bool:
        """A name between a place word before ("in X") or after ("X ward") is a place.

        For a PERSON label only one word that is no known given name counts ("in Dunmore", not "in Ann")."""
        doc, lex = self.doc, self.lex
        toks = self.toks
        before = toks[a - 1].lower_ if a > 0 else ""
        after = toks[b].lower_ if b < len(doc) else ""
        if b + 2 < len(doc) and toks[b + 1].text == "-" and not toks[b].whitespace_:
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
        toks = self.toks
        if a >= 2 and toks[a - 1].lower_ in nouns and toks[a - 2].lower_ in ("the", "a", "an"):
            return nouns[toks[a - 1].lower_]
        if b + 2 >= len(doc) or toks[b].text != "," or toks[b + 1].lower_ not in ("the", "a", "an"):
            return None
        for k in range(b + 2, min(b + 8, len(doc) - 1)):
            tok = toks[k]
            if tok.lower_ in nouns and (toks[k + 1].is_punct or toks[k + 1].lower_ in ("that", "which")):
                return nouns[tok.lower_]
            if (tok.is_punct and tok.text != "-") or tok.pos_ in ("VERB", "AUX", "ADP"):
                break  # past a preposition the noun is no longer the apposition's: "leader of the X Party"
        # the parse's apposition, whatever follows its noun: "X, the organisation's chief executive in the UK,"
        heads = [t for t in toks[a:b] if not a <= t.head.i < b] if a < b else [toks[b - 1]]
        appos = [c for h in heads for c in h.rights if c.dep_ == "appos" and c.i > b and c.lower_ in nouns]
        return nouns[appos[0].lower_] if len(heads) == 1 and appos else None

    def _postnominal(self, i: int) -> bool:
        """Token ``i`` is a post-nominal title ("MP" in "Rusharnara Ali MP")."""
        found = self.lex.titles.get(self.toks[i].text.rstrip("."))
        return found is not None and found.kind == "postnominal"

    def _typed(self, a: int, b: int, label: str) -> Candidate | None:
        """Trim a piece of an entity and give it a kind, or None when it is no actor."""
        doc, lex = self.doc, self.lex
        toks = self.toks
        possessed = False
        while a < b and (toks[a].lower_ == "the" or toks[a].is_punct or toks[a].tag_ == "POS"):
            possessed = possessed or toks[a].tag_ == "POS"
            a += 1
        if possessed and b - a == 1:
            return None  # "’s Questions" of "Prime Minister’s Questions": the thing a possessor has
        while b > a and (toks[b - 1].is_punct or toks[b - 1].tag_ == "POS" or self._postnominal(b - 1)):
            b -= 1
        if a >= b or toks[a].pos_ == "PRON":
            return None
        if label != "PERSON" and self._past_role_of(a, b) > a:
            a = self._past_role_of(a, b)
            if b - a < 2:
                return None  # "Head of the Commission": no body's name left
        if label == "PERSON":
            while b - a > 1 and toks[a].text in lex.section_labels:
                a += 1  # "Opinion Donald Harlan": a page label glued to the story's first words
            while a > 0 and not self.claimed[a - 1] and toks[a - 1].text in lex.first_names:
                a -= 1  # the model often leaves a first name out ("Priya" in "Priya Castellan MP")
        c = self._cand(a, b, NER_KINDS[label], "ner")
        if c is None:
            return None
        surface = self.text[c.start : c.end]
        words = surface.split()
        if normalise(surface) in lex.non_actors or not any(ch.isupper() for ch in surface):
            return None
        if label == "PERSON" and any(ch.isdigit() for ch in surface):
            return None  # "COVID-19", "Agent 47": no person's name has digits
        opening = toks[a].is_sent_start or (a > 0 and _breaks_entity(doc, a - 1))
        if b - a == 1 and opening and toks[a].pos_ != "PROPN":
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
        if label == "PERSON" and not heads and len(words) == 1 and a > 0 and toks[a - 1].lower_ in ("the", "a", "an"):
            return None  # "the Bill", "a Rover": a person's name takes no article
        apposed = self._org_apposition(a, b) if label != "PERSON" or (unknown and len(words) == 1) else None
        if apposed == "person" and (NER_KINDS.get(label) == "place" or (a > 0 and toks[a - 1].pos_ == "ADP")):
            apposed = None  # "In Dundee, the SNP's group leader, ...": the leader is someone else, named next
        if heads and (len(words) > 1 or words[0].isupper() or label == "PERSON"):
            c.kind = "party" if "party" in (lex.org_words[w] for w in heads) else "org"
        elif len(words) > 1 and all(w.isupper() for w in words) and words[0].capitalize() in lex.first_names:
            # a name in capitals ("JAMES COMEY" in a headline or a shouted post): a person, in ordinary case
            c.kind, c.canonical = "person", " ".join(w.capitalize() for w in words)
        elif label == "ORG" and self._given_and_surname(words):
            c.kind = "person"  # "Jean-Claude Juncker", "Jeremy Corbyn" read as an organisation
        elif all(is_acronym(w) for w in words):
            c.kind = "org"  # "DfT", "GLMU": an acronym names an organisation, never a person
        elif self._place_name(words, label, unknown):
            c.kind = "place"
        elif apposed is not None:
            c.kind, c.source = apposed, "ner+context"
        elif self._place_context(a, b, label):
            c.kind, c.source = "place", "ner+context"
        elif label == "NORP":
            plural = toks[b - 1].tag_ in ("NNS", "NNPS") or (words[-1].endswith("s") and words[-1][-2:] != "ss")
            if not plural or self._attributive(b):
                return None
        return c


def _hyphen_joined(doc: Any, j: int) -> bool:
    """``doc[j]`` is a hyphen written between two words with no space ("Ocasio-Cortez")."""
    return doc[j].text == "-" and not doc[j - 1].whitespace_ and not doc[j].whitespace_


def _after_particles(doc: Any, j: int) -> int:
    """The index after the lower-case surname particles that start at ``j`` ("von der", "van", "de la")."""
    while j < len(doc) and doc[j].text in NAME_PARTICLES and doc[j].whitespace_:
        j += 1
    return j


#: Longest name (tokens) taken for an acronym of n letters: n * this.
_DEFINING_TOKENS_PER_LETTER = 3


def _defining_start(doc: Any, paren: int, acronym: str) -> int | None:
    """Where the name that the bracketed ``acronym`` after it defines begins, or None: the nearest start
    whose capitalised words (hyphenated parts apart, lower-case words skipped) have the acronym's letters as
    initials, in one sentence, with nothing but words and glued hyphens between."""
    want = "".join(ch for ch in acronym if ch.isupper()).casefold()  # "DfT": Department for Transport
    letters = ""
    for a in range(paren - 1, max(-1, paren - 1 - _DEFINING_TOKENS_PER_LETTER * len(want)), -1):
        tok = doc[a]
        if tok.text == "-" or tok.text == "&":
            continue
        if not tok.is_alpha:
            return None
        if tok.is_title or tok.is_upper:
            letters = tok.text[0].casefold() + letters
        if letters == want and (tok.is_title or tok.is_upper) and tok.lower_ != "the":
            return a
        if not want.endswith(letters):
            return None
        if tok.is_sent_start:
            return None
    return None
