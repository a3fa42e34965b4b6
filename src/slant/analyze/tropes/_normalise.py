"""Undo simple spelling obfuscation before the trope cues are matched, keeping a map back to the original text.

Abusive text hides its words from filters: leetspeak ("h4te", "imm1grants"), letters spaced out
("w o m e n", "a t h r e a t"), spaces dropped ("muchdisdain", "Deathto"), one letter dropped ("womn") or two
swapped ("klil"). :func:`normalise` rewrites a sentence so that the catalogue's cues can match it:

* leetspeak inside a word is read as letters (same length, offsets unchanged);
* a run of three or more single letters is joined when the result is a hate word ("a t h r e a t" -> "a
  threat": a leading "a" or "I" stays a word of its own when the rest is the hate word);
* a lower-case (or sentence-initial) word that is neither English nor a catalogue word is repaired to the one
  hate word it is one dropped or one swapped letter away from, keeping its first letter (hate words of at
  least five letters for a dropped letter, four for a swap), or else split in two where one half is a hate
  word of four letters or more and the other a hate word or a stop word ("muchdisdain", "Deathto").
  A capitalised word inside a sentence (a name: "Lowe", "Facebook") is only ever repaired to a group's name.

Hate words are the group terms (not the codes) and the words of the lists in :data:`HATE_LISTS`.

"English" is the WordNet lemma index that the spaCy English model's lemmatizer ships (with simple inflections)
plus spaCy's stop words; without it only leetspeak is undone, so that no real word is ever "repaired".
:class:`Plain` maps every offset of the rewritten text back to the original, so flags point at what the
author wrote.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from slant.analyze.tropes._catalogue import load_catalogue
from slant.nlp import lemma_words, stop_words

#: Leetspeak inside a word ("h4te", "k1ll"): the same number of characters, so offsets do not move.
_LEET = str.maketrans({"0": "o", "1": "i", "3": "e", "4": "a", "5": "s", "7": "t", "@": "a", "$": "s"})
_LEET_WORD = re.compile(r"\w*(?:[a-zA-Z][0134579@$]|[0134579@$][a-zA-Z])[\w@$]*")
#: Three or more single letters separated by single spaces ("w o m e n").
_SPACED = re.compile(r"(?<![\w'’])(?:[A-Za-z] ){2,}[A-Za-z](?![\w'’])")
_ALPHA = re.compile(r"(?<![\w'’])[A-Za-z]{4,}(?![\w'’])")
_CATALOGUE_WORD = re.compile(r"[a-z]{3,}")
#: Shortest hate word repaired from a dropped letter, and from two swapped letters; shortest half of a split.
MIN_DROPPED = 5
MIN_SWAPPED = 4
MIN_SPLIT = 4
MIN_SPLIT_LONG = 6
#: A split beside a hate word always beats one between two plain words of the catalogue.
STRONG_SPLIT = 100
#: Catalogue word lists whose words are "hate words" (what obfuscation hides), besides the group terms.
HATE_LISTS = (
    "hate_verbs",
    "vile_attributes",
    "vile_epithets",
    "dehumanising",
    "dehumanising_more",
    "harm_verbs",
    "violent_fates",
    "exclusion_fates",
    "humanity",
    "positive_qualities",
    "withheld_feelings",
    "hate_intensifiers",
)


@dataclass(frozen=True, slots=True)
class Plain:
    """A rewritten sentence and, per character, the offset of the original character it stands for."""

    text: str
    origin: tuple[int, ...] | None = None  # None: offsets did not move

    def start(self, i: int) -> int:
        """The original offset of a match that starts at ``i`` in :attr:`text`."""
        if self.origin is None:
            return i
        return self.origin[min(i, len(self.origin) - 1)]

    def end(self, i: int) -> int:
        """The original offset of a match that ends at ``i`` in :attr:`text`."""
        if self.origin is None or i <= 0:
            return self.start(i)
        return self.origin[min(i, len(self.origin) - 1) - 1] + 1


def leet_plain(sentence: str) -> str:
    """The sentence with leetspeak inside words undone (digits alone, such as "2010", stay as they are)."""
    if not _LEET_WORD.search(sentence):
        return sentence
    return _LEET_WORD.sub(lambda m: m.group(0).translate(_LEET), sentence)


@lru_cache(maxsize=1)
def _english() -> frozenset[str]:
    """WordNet lemmas of the spaCy model's lemmatizer, irregular forms and stop words (empty without a model)."""
    lemmas = lemma_words()
    if not lemmas:  # no model, no repairs: leetspeak only
        return frozenset()
    return lemmas | stop_words()


@lru_cache(maxsize=1)
def catalogue_words() -> frozenset[str]:
    """Every lower-case word (three letters or more) of the catalogue's group terms, word lists and generic cues."""
    cat = load_catalogue()
    texts: list[str] = []
    for g in cat.groups:
        texts += [*g.nouns, *g.adjectives, *g.members, *g.slurs, *g.codes]
    for lex in cat.lexicon.values():
        texts += lex.words
    for t in cat.tropes:
        if t.generic:
            texts += [*t.cues, *t.imperative_cues]
    return frozenset(w for t in texts for w in _CATALOGUE_WORD.findall(re.sub(r"\{[^}]*\}", " ", t.lower())))


def _known(word: str) -> bool:
    """An English word (with a plain inflection) or a catalogue word."""
    eng = _english()
    if word in eng or word in catalogue_words():
        return True
    for suffix, repl in (("s", ""), ("es", ""), ("ies", "y"), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e")):
        if word.endswith(suffix) and len(word) > len(suffix) + 2 and word[: -len(suffix)] + repl in eng:
            return True
    return word.endswith("ly") and word[:-2] in eng


@lru_cache(maxsize=1)
def _hate_words() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """The hate words (see the module doc), the subset that are group terms, and the group terms that are no slur."""
    cat = load_catalogue()
    name_texts = [t for g in cat.groups for t in (*g.nouns, *g.adjectives, *g.members)]
    slur_texts = [t for g in cat.groups for t in g.slurs]
    texts = [w for name in HATE_LISTS if name in cat.lexicon for w in cat.words(name)]

    def words(ts: list[str]) -> frozenset[str]:
        return frozenset(w for t in ts for w in _CATALOGUE_WORD.findall(re.sub(r"\{[^}]*\}", " ", t.lower())))

    names = words(name_texts)
    groups = names | words(slur_texts)
    return groups | words(texts), groups, names


@lru_cache(maxsize=1)
def _repairs() -> dict[str, str]:
    """Misspelling -> hate word, for one dropped or two swapped letters (first letter kept; ambiguous ones left out)."""
    found: dict[str, set[str]] = {}
    for w in _hate_words()[0]:
        variants: set[str] = set()
        if len(w) >= MIN_DROPPED:
            variants |= {w[:i] + w[i + 1 :] for i in range(len(w))}
        if len(w) >= MIN_SWAPPED:
            variants |= {w[:i] + w[i + 1] + w[i] + w[i + 2 :] for i in range(len(w) - 1) if w[i] != w[i + 1]}
        for v in variants - {w}:
            if v[:1] == w[:1]:
                found.setdefault(v, set()).add(w)
    groups = _hate_words()[1]
    # "womn" may be "woman" or "women": either names the group, so an ambiguity among group terms is kept
    # and resolved to the plural (the form that names the whole group)
    return {
        v: max(ws, key=lambda w: (w.endswith(("s", "en")), w))
        for v, ws in found.items()
        if len(ws) == 1 or ws <= groups
    }


@lru_cache(maxsize=4096)
def _rewrite(word: str, initial: bool = False) -> str | None:
    """A repaired or split form of an unknown word (``initial``: it starts the sentence), or None to keep it."""
    low = word.lower()
    if not _english() or _known(low):
        return None
    name = word[0].isupper() and not initial
    fixed = _repairs().get(low)
    # a surname one letter off a slur ("Dinu") is a name: inside a sentence only a group's own name is repaired
    if fixed is not None and (not name or fixed in _hate_words()[2]):
        return fixed.capitalize() if word[0].isupper() else fixed
    if name:
        return None
    best: tuple[int, str] | None = None
    shortest = MIN_SPLIT + 1 if word[0].isupper() else MIN_SPLIT  # "Justin" is no "just in"
    for i in range(2, len(low) - 1):
        left, right = low[:i], low[i:]
        weight = max(_split_weight(left, right, shortest), _split_weight(right, left, shortest))
        if weight and (best is None or weight > best[0]):
            best = (weight, f"{word[:i]} {word[i:]}")
    return None if best is None else best[1]


def _split_weight(part: str, other: str, shortest: int) -> int:
    """How good a split is that leaves hate word ``part`` beside ``other`` (0: no split).

    ``other`` must be a hate word or a stop word; any other English word only beside a hate word of six letters
    or more ("stupidestpeople", not "coronavirus"). Failing that, two words of the catalogue's cues or stop
    words ("shouldall") make a weak split, for lower-case words only (``shortest`` above :data:`MIN_SPLIT`:
    a capitalised word)."""
    hate = _hate_words()[0]
    stop = stop_words()
    beside = other in hate or other in stop or (len(part) >= MIN_SPLIT_LONG and _known(other))
    if part in hate and len(part) >= shortest and beside:
        return STRONG_SPLIT + len(part)
    cue_words = catalogue_words()
    if shortest == MIN_SPLIT and part in cue_words and (other in cue_words or other in stop):
        return len(part)
    return 0


def _spaced(letters: str) -> str | None:
    """A joined form of spaced-out letters ("w o m e n" -> "women"), or None when it is no catalogue word."""
    joined = letters.replace(" ", "")
    cat = _hate_words()[0]
    if joined.lower() in cat:
        return joined
    if joined[0] in "aAiI" and joined[1:].lower() in cat:
        return f"{joined[0]} {joined[1:]}"
    return None


def spaced_runs(text: str) -> list[tuple[int, int]]:
    """Where ``text`` spells a hate word with spaced-out letters ("w o m e n"): (start, end) offsets."""
    return [(m.start(), m.end()) for m in _SPACED.finditer(text) if _spaced(m.group(0)) is not None]


def normalise(sentence: str) -> Plain:
    """The sentence with spelling obfuscation undone (see the module doc) and its map to original offsets."""
    text = leet_plain(sentence)
    edits: list[tuple[int, int, str]] = []
    for m in _SPACED.finditer(text):
        new = _spaced(m.group(0))
        if new is not None:
            edits.append((m.start(), m.end(), new))
    if _english():
        taken = [(a, b) for a, b, _ in edits]
        lead = len(text) - len(text.lstrip(" \"'“‘(-"))  # a word starting here opens the sentence
        for m in _ALPHA.finditer(text):
            if any(a <= m.start() < b for a, b in taken):
                continue
            new = _rewrite(m.group(0), m.start() == lead)
            if new is not None:
                edits.append((m.start(), m.end(), new))
    if not edits:
        return Plain(text)
    return _apply(text, sorted(edits))


def _char_map(old: str, new: str, start: int) -> list[int]:
    """Original offsets for the characters of ``new``, which replaces ``old`` (at ``start``)."""
    cut = new.find(" ")
    if cut > 0 and new[:cut] + new[cut + 1 :] == old:  # a split: the space stands for the right half's start
        return [start + j - (j > cut) for j in range(len(new))]
    span = len(old)
    return [start + (j * (span - 1)) // max(len(new) - 1, 1) for j in range(len(new))]


def _apply(text: str, edits: list[tuple[int, int, str]]) -> Plain:
    """Apply non-overlapping ``(start, end, replacement)`` edits, mapping each new character to an original one."""
    parts: list[str] = []
    origin: list[int] = []
    pos = 0
    for start, end, new in edits:
        parts.append(text[pos:start])
        origin.extend(range(pos, start))
        parts.append(new)
        origin.extend(_char_map(text[start:end], new, start))
        pos = end
    parts.append(text[pos:])
    origin.extend(range(pos, len(text) + 1))
    return Plain("".join(parts), tuple(origin))
