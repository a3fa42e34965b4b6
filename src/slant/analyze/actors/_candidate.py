"""A candidate actor mention and the token tests the candidate passes share: the record each pass
yields, the label and part-of-speech tables, the lexicon indexes, entity breaks and titles before names.
The passes themselves are in :mod:`slant.analyze.actors._candidates`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from slant.analyze.common import Lexicon, Title
from slant.nlp.spans import tokens_of

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

#: Lower-case surname particles inside a person's name ("Anneke van der Brug", "Carla de la Fuente"):
#: with the word after them, one surname.
NAME_PARTICLES = frozenset(
    {"von", "van", "der", "den", "de", "da", "di", "du", "del", "della", "dos", "das", "la", "le", "ter", "ten", "zu"}
    | {"bin", "ibn"}
)


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
ENTITY_BREAKS = frozenset({"(", ")", "[", "]", "|", "/"})


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
    toks = tokens_of(doc)
    width = lex.title_words.get(toks[i].text.rstrip("."))
    if not width:
        return None
    for k in range(min(width, len(toks) - i), 0, -1):
        words = [toks[j].text for j in range(i, i + k)]
        words[-1] = words[-1].rstrip(".")
        title = lex.titles.get(" ".join(words))
        if title is not None:
            return title, k
    return None
