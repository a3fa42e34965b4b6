"""Pure string helpers for actor names: keys, slugs, given name/surname comparison, spelling correction."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from rapidfuzz import fuzz

#: Minimum similarity (0-100) between two given names for a misspelling ("Rusharnara" ~ "Rushanara").
GIVEN_NAME_RATIO = 85.0
#: Minimum similarity between two whole names with different surnames ("Livingston" ~ "Livingstone").
FULL_NAME_RATIO = 92.0
#: Minimum similarity for a lone surname to match a misspelt surname.
SURNAME_RATIO = 90.0

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'"})


def normalise(text: str) -> str:
    """A lookup key: case-folded, straight apostrophes, single spaces, no leading "the"."""
    key = " ".join(text.translate(_APOSTROPHES).split()).casefold()
    return key[4:] if key.startswith("the ") else key


def slugify(name: str) -> str:
    """``"Ken Livingstone"`` -> ``"ken-livingstone"`` (ASCII, lower-case, hyphen-separated)."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    out: list[str] = []
    for ch in ascii_name.lower():
        if ch.isalnum():
            out.append(ch)
        elif out and out[-1] != "-":
            out.append("-")
    return "".join(out).strip("-") or "actor"


def unique_slugs(names: Iterable[str]) -> list[str]:
    """Slugs of ``names``, made unique in order with ``-2``, ``-3`` suffixes."""
    used: set[str] = set()
    out: list[str] = []
    for name in names:
        slug = candidate = slugify(name)
        n = 2
        while candidate in used:
            candidate = f"{slug}-{n}"
            n += 1
        used.add(candidate)
        out.append(candidate)
    return out


def is_web_token(tok: Any) -> bool:
    """A link, an e-mail address or a social-media handle: never a name, never a speaker."""
    return bool(tok.like_url or tok.like_email or tok.text.startswith("@") or "twitter.com/" in tok.text)


def is_acronym(word: str) -> bool:
    """An acronym-shaped word: letters only, capitalised, at least two capitals and no more lower-case
    letters than capitals ("NEC", "GLMU", "DfT", "AfD"; not "McDonald", "Ali")."""
    if not (2 <= len(word) <= 8 and word.isalpha() and word[0].isupper()):
        return False
    upper = sum(ch.isupper() for ch in word)
    return upper >= 2 and upper >= len(word) - upper


def initials(words: Iterable[str], connectors: frozenset[str]) -> tuple[str, str]:
    """The lower-case initials of a name, without and with its connector words.

    ``("Department", "for", "Transport")`` -> ``("dt", "dft")``: "DfT" and "DT" both abbreviate it.
    """
    ws = [w for w in words if w and w[0].isalnum()]
    content = "".join(w[0] for w in ws if w.casefold() not in connectors).casefold()
    return content, "".join(w[0] for w in ws).casefold()


def is_familiar_form(a: str, b: str, nicknames: Mapping[str, frozenset[str]]) -> bool:
    """Whether one given name is a listed familiar form of the other ("Gerry"/"Gerald", "Bill"/"William")."""
    a_, b_ = a.casefold(), b.casefold()
    return b_ in nicknames.get(a_, ()) or a_ in nicknames.get(b_, ())


def given_names_match(
    a: str, b: str, genders: dict[str, str], nicknames: Mapping[str, frozenset[str]] | None = None
) -> bool:
    """Whether two given names can name the same person.

    Equal, a listed familiar form ("Gerry"/"Gerald"), a short form ("Ed"/"Edward", unless the name list
    gives them different genders) or a misspelling (similarity >= :data:`GIVEN_NAME_RATIO` or two adjacent
    letters swapped, both at least four letters, and not both names the first-name list knows: "Hanna Kerr"
    is not "Anna Kerr").
    """
    a_, b_ = a.casefold(), b.casefold()
    if a_ == b_ or (nicknames and is_familiar_form(a_, b_, nicknames)):
        return True
    short, long_ = sorted((a_, b_), key=len)
    if len(short) >= 2 and long_.startswith(short):
        ga, gb = genders.get(a), genders.get(b)
        return ga is None or gb is None or ga == gb
    if a in genders and b in genders:
        return False  # two different names people have ("Anna", "Hanna"), not one misspelt
    return min(len(a_), len(b_)) >= 4 and (fuzz.ratio(a_, b_) >= GIVEN_NAME_RATIO or transposed(a_, b_))


def transposed(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` with two adjacent letters swapped ("Kier" for "Keir"), a common typo."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]


def same_person(
    a: tuple[str, ...],
    b: tuple[str, ...],
    genders: dict[str, str],
    nicknames: Mapping[str, frozenset[str]] | None = None,
) -> bool:
    """Whether two full names (word tuples, at least two words each) name the same person."""
    if a[-1].casefold() == b[-1].casefold():
        return given_names_match(a[0], b[0], genders, nicknames)
    return a[0].casefold() == b[0].casefold() and fuzz.ratio(" ".join(a), " ".join(b)) >= FULL_NAME_RATIO


def surname_matches(word: str, surname: str) -> bool:
    """A lone name against a surname: equal, or a near-identical spelling of a long surname."""
    w, s = word.casefold(), surname.casefold()
    return w == s or (min(len(w), len(s)) >= 6 and fuzz.ratio(w, s) >= SURNAME_RATIO)


def canonical_spelling(name: tuple[str, ...], known: Iterable[str]) -> str | None:
    """The known canonical spelling ``name`` is a misspelling of, or None.

    Only near-misses are corrected (same surname and a near-identical given name, or the same given name and
    a near-identical surname); an exact match or anything further away returns None.
    """
    full = " ".join(name)
    for k in known:
        words = tuple(k.split())
        if len(words) < 2 or k == full:
            continue
        if words[-1] == name[-1] and words[0] != name[0]:
            g1, g2 = words[0].casefold(), name[0].casefold()
            if min(len(g1), len(g2)) >= 4 and fuzz.ratio(g1, g2) >= GIVEN_NAME_RATIO:
                return k
        elif words[0] == name[0] and surname_matches(name[-1], words[-1]) and words[-1] != name[-1]:
            return k
    return None
