"""Compile the catalogue's cue syntax into regular expressions, once per process.

Syntax (also documented at the top of ``catalogue.toml``): words, ``word*`` (any ending), ``(a|b c)``
alternatives (``(...)?`` optional), ``[a b]`` optional words, ``...`` a gap of up to eight words (``....`` twenty), and
placeholders ``{group}``, ``{nouns}``, ``{adj}``, ``{codes}``, ``{slurs}``, ``{member}``, ``{them}``, ``{@list}``.

A generic trope (``group = "*"``) is compiled once against :func:`any_group`, the union of every group's
nouns, adjectives and members (codes and slurs left out: they mean something only inside a group's own
frames); :meth:`Compiled.resolve` then says which group a captured word belongs to.

Each compiled :class:`Cue` carries the sets of words a sentence must contain for the cue to possibly match
(``keys``), so that most cues are skipped with a set test before any regex runs. Group placeholders are
captured in named groups (``g<N>n`` for a noun or code, ``g<N>a`` for an adjective and the word after it,
``g<N>m`` for a ``{member}``, ``g<N>r`` for a ``{them}`` pronoun that must refer back to a group), so that the detector can check that a match names the group as a whole (see :mod:`._rules`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

from slant.analyze.tropes._catalogue import Catalogue, Group, Trope, load_catalogue
from slant.errors import ModelError

#: Separator between two words of a cue: any run of non-word characters.
SEP = r"[^\w]+"
#: ``...``: up to eight words, each followed by a separator (lazy, so the shortest match wins).
GAP = r"(?:[\w'’-]+[^\w]+){0,8}?"
#: ``....``: up to twenty words (for two cues that may sit far apart in one sentence).
LONG_GAP = r"(?:[\w'’-]+[^\w]+){0,20}?"
#: One word after a group adjective ("Jewish bankers", "Jewish-owned").
NEXT_WORD = r"(?:\s+|[-‐])[\w'’]+"
LEFT = r"(?<![\w-])"
RIGHT = r"(?!\w)"

_TOKEN = re.compile(r"\.\.\.\.|\.\.\.|\{[^}]+\}|[()\[\]|]|[^\s()\[\]|{}]+")
_WORD = re.compile(r"\w+")


@dataclass(frozen=True, slots=True)
class _Node:
    kind: str  # word | ph | gap | alt | opt
    text: str = ""
    alts: tuple[tuple[_Node, ...], ...] = ()


@dataclass(frozen=True, slots=True, eq=False)
class Cue:
    """One compiled cue: the regex, the word sets a sentence needs, and the cue's own literal words."""

    source: str
    #: The regular expression's text; compiled on first use (:attr:`regex`).
    pattern: str
    keys: tuple[frozenset[str], ...]
    literals: frozenset[str]
    #: Names of the capture groups that hold a group mention, e.g. ``("g0",)``.
    mentions: tuple[str, ...] = ()
    _regex: re.Pattern[str] | None = field(default=None, init=False, repr=False)

    @property
    def regex(self) -> re.Pattern[str]:
        """The compiled cue. Compiling the whole catalogue takes about a second and a half per process, and
        the word-key index keeps most cues from ever being tried, so each cue compiles when first needed
        (the catalogue tests compile every one)."""
        compiled = self._regex
        if compiled is None:
            try:
                compiled = re.compile(self.pattern, re.IGNORECASE)
            except re.error as exc:
                raise ModelError(f"trope cue {self.source!r} does not compile ({exc}); reinstall slant") from exc
            object.__setattr__(self, "_regex", compiled)
        return compiled

    def possible(self, words: frozenset[str] | set[str]) -> bool:
        """Whether a sentence with these lower-case words can match (every key set meets them)."""
        return all(not k.isdisjoint(words) for k in self.keys)


def _parse(tokens: list[str], pos: int, stop: tuple[str, ...]) -> tuple[list[list[_Node]], int]:
    """Parse alternatives (sequences separated by ``|``) until a token in ``stop``."""
    alts: list[list[_Node]] = [[]]
    while pos < len(tokens) and tokens[pos] not in stop:
        tok = tokens[pos]
        if tok == "|":
            alts.append([])
            pos += 1
            continue
        if tok == "(":
            inner, pos = _parse(tokens, pos + 1, (")",))
            pos += 1  # ")"
            node = _Node("alt", alts=tuple(tuple(a) for a in inner))
            if pos < len(tokens) and tokens[pos] == "?":
                node = _Node("opt", alts=(tuple([node]),))
                pos += 1
            alts[-1].append(node)
            continue
        if tok == "[":
            inner, pos = _parse(tokens, pos + 1, ("]",))
            pos += 1  # "]"
            alts[-1].append(_Node("opt", alts=((_Node("alt", alts=tuple(tuple(a) for a in inner)),),)))
            continue
        if tok in ("...", "...."):
            alts[-1].append(_Node("gap", text=tok))
        elif tok.startswith("{"):
            alts[-1].append(_Node("ph", text=tok[1:-1]))
        else:
            alts[-1].append(_Node("word", text=tok))
        pos += 1
    return alts, pos


@cache
def _word_regex(word: str) -> str:
    """A literal word: apostrophes match both forms, a hyphen also a space, ``*`` matches any ending."""
    wild = word.endswith("*")
    body = word[:-1] if wild else word
    out = []
    for ch in body:
        if ch in "'’":
            out.append("['’]")
        elif ch in "-‐":
            out.append(r"[-‐\s]")
        else:
            out.append(re.escape(ch))
    return "".join(out) + (r"[\w'’-]*" if wild else "")


def _term_regex(term: str, cased: bool) -> str:
    body = r"[\s-]+".join(_word_regex(w) for w in term.split())
    return f"(?-i:{body})" if cased else body


def _terms_regex(terms: Sequence[str], cased: frozenset[str] = frozenset()) -> str:
    return _alternation(tuple(terms), cased)


@lru_cache(maxsize=4096)
def _alternation(terms: tuple[str, ...], cased: frozenset[str]) -> str:
    ordered = sorted(set(terms), key=lambda t: (-len(t), t))
    return "|".join(_term_regex(t, t in cased) for t in ordered) or "(?!x)x"


def _first_word(term: str) -> str | None:
    """The lower-case first word of a term as a sentence's word set shows it (None: cannot tell)."""
    parts = term.split()
    if not parts:
        return None
    chunks: list[str] = _WORD.findall(parts[0])
    if not chunks or (len(chunks) == 1 and parts[0].endswith("*")):
        return None
    return chunks[0].lower()


def _is_pattern(term: str) -> bool:
    """Whether a word-list entry uses cue syntax (alternatives, options, gaps) rather than plain words."""
    return any(c in term for c in "()[]|") or "..." in term


class _Compiler:
    """Turns cues into regexes for one group (placeholders depend on the group)."""

    def __init__(self, cat: Catalogue, group: Group | None) -> None:
        self.cat = cat
        self.group = group
        self.count = 0
        self.mentions: list[str] = []

    def terms(self, name: str) -> tuple[str, ...]:
        if name.startswith("@"):
            return self.cat.words(name[1:])
        g = self.group
        if g is None:
            raise ModelError(f"cue placeholder {{{name}}} used outside a trope; reinstall slant")
        return {
            "nouns": g.nouns,
            "adj": g.adjectives,
            "codes": g.codes,
            "slurs": g.slurs,
            "group": g.nouns + g.codes + g.adjectives,
            "member": g.members,
            "them": self.cat.words("pronoun_refs"),
        }[name]

    def placeholder(self, name: str) -> str:
        g = self.group
        if name.startswith("@") and any(_is_pattern(t) for t in self.terms(name)):
            return "(?:" + "|".join(self.seq(_parse(_TOKEN.findall(t), 0, ())[0][0]) for t in self.terms(name)) + ")"
        if name.startswith("@") or name in ("codes", "slurs") or g is None:
            return f"(?:{_terms_regex(self.terms(name))})"
        cased = frozenset(g.cased)
        label = f"g{self.count}"
        self.count += 1
        self.mentions.append(label)
        if name == "member":
            return f"(?P<{label}m>{_terms_regex(g.members, cased)})"
        if name == "them":
            return f"(?P<{label}r>{_terms_regex(self.terms(name))})"
        nouns = _terms_regex(g.nouns + (g.codes if name == "group" else ()), cased)
        adj = _terms_regex(g.adjectives, cased)
        if name == "nouns":
            return f"(?P<{label}n>{nouns})"
        if name == "adj":
            return f"(?P<{label}a>{adj})"
        return f"(?:(?P<{label}a>(?:{adj}){NEXT_WORD})|(?P<{label}n>{nouns}))"

    def node(self, node: _Node) -> str:
        if node.kind == "word":
            return _word_regex(node.text)
        if node.kind == "ph":
            return self.placeholder(node.text)
        if node.kind == "alt":
            return "(?:" + "|".join(self.seq(a) for a in node.alts) + ")"
        raise AssertionError(node.kind)  # pragma: no cover - gap and opt are handled by seq

    def seq(self, nodes: Sequence[_Node]) -> str:
        items = list(nodes)
        while items and items[0].kind == "gap":
            items.pop(0)
        while items and items[-1].kind == "gap":
            items.pop()
        parts: list[str] = []
        need_sep = False
        for n in items:
            if n.kind == "gap":
                if need_sep:
                    parts.append(SEP)
                parts.append(LONG_GAP if n.text == "...." else GAP)
                need_sep = False
            elif n.kind == "opt":
                inner = self.seq(n.alts[0])
                if need_sep:
                    parts.append(f"(?:{SEP}{inner})?")
                else:
                    parts.append(f"(?:{inner}{SEP})?")
            else:
                if need_sep:
                    parts.append(SEP)
                parts.append(self.node(n))
                need_sep = True
        return "".join(parts)

    def keys(self, nodes: Sequence[_Node]) -> list[frozenset[str]]:
        """Word sets that any match of the sequence must contain (one per required element)."""
        out: list[frozenset[str]] = []
        for n in nodes:
            k = self.first_words(n)
            if k is not None:
                out.append(k)
        return out

    def first_words(self, node: _Node) -> frozenset[str] | None:
        if node.kind == "word":
            w = _first_word(node.text)
            return frozenset({w}) if w else None
        if node.kind == "ph":
            if any(_is_pattern(t) for t in self.terms(node.text)):
                return None
            words = [_first_word(t) for t in self.terms(node.text)]
            if not words or any(w is None for w in words):
                return None
            return frozenset(w for w in words if w)
        if node.kind == "alt":
            found: set[str] = set()
            for a in node.alts:
                # Every required element of an alternative must match, so any one of them can stand for it:
                # take the rarest ("the BBC" is keyed on "bbc", not on "the", which every sentence has).
                options: list[frozenset[str]] = [
                    k for x in a if x.kind not in ("gap", "opt") and (k := self.first_words(x)) is not None
                ]
                if not options:
                    return None
                best: frozenset[str] = min(options, key=_index_cost)
                found |= best
            return frozenset(found)
        return None


def _literals(cue: str, cat: Catalogue | None = None) -> frozenset[str]:
    """The cue's own words, and those of the word lists it names (a negator there is meant: "can't stand")."""
    parts = [re.sub(r"\{[^}]*\}", " ", cue)]
    if cat is not None:
        for name in re.findall(r"\{@([^}]*)\}", cue):
            if name in cat.lexicon:
                parts.extend(cat.words(name))
    return frozenset(w.lower().replace("’", "'") for p in parts for w in re.findall(r"[\w'’]+", p))


def compile_cue(cue: str, cat: Catalogue, group: Group | None = None) -> Cue:
    """Compile one cue for a group (``group`` None: only ``{@list}`` placeholders are allowed)."""
    tokens = _TOKEN.findall(cue)
    alts, _ = _parse(tokens, 0, ())
    comp = _Compiler(cat, group)
    top = _Node("alt", alts=tuple(tuple(a) for a in alts))
    body = comp.seq([top]) if len(alts) > 1 else comp.seq(alts[0])
    keys = comp.keys([top]) if len(alts) > 1 else comp.keys(alts[0])
    return Cue(cue, LEFT + body + RIGHT, tuple(keys), _literals(cue, cat), tuple(comp.mentions))


@dataclass(frozen=True, slots=True, eq=False)
class CompiledTrope:
    """A trope's cues and counter-cues, compiled for its group."""

    id: str
    group: Group
    cues: tuple[Cue, ...]
    counter: tuple[Cue, ...]
    #: Cues that need the group named in the sentence (or a context cue to match).
    sentence_cues: tuple[Cue, ...] = ()
    context: tuple[Cue, ...] = ()
    #: Cues whose first word must be an imperative verb (checked on the parse by the detector).
    imperative: tuple[Cue, ...] = ()
    #: A generic trope: ``group`` is :func:`any_group`, and each match is credited by :meth:`Compiled.resolve`.
    generic: bool = False


_CueIndex = tuple[
    dict[str, tuple[int, ...]],
    frozenset[int],
    tuple[tuple["CompiledTrope", "Cue", bool], ...],
    tuple[tuple[frozenset[str], ...], ...],
]


@dataclass(frozen=True, slots=True, eq=False)
class Compiled:
    """Everything the detector matches, compiled once."""

    catalogue: Catalogue
    tropes: tuple[CompiledTrope, ...]
    contested: tuple[tuple[str, str, tuple[Cue, ...]], ...]
    discussion: tuple[Cue, ...]
    reported: tuple[Cue, ...]
    negators: frozenset[str]
    groups: dict[str, Group] = field(default_factory=dict)
    #: Per group: full-match regexes of its nouns, adjectives (at the start of a capture) and members.
    resolvers: tuple[tuple[Group, re.Pattern[str], re.Pattern[str], re.Pattern[str]], ...] = ()
    #: Every group noun or adjective (generic words only), for finding a pronoun's antecedent.
    presence: re.Pattern[str] | None = None
    #: A sentence that rejects a quoted hateful line next to it (``lexicon.rejection``).
    rejection: tuple[Cue, ...] = ()
    #: Words just before a slur that make it the speaker's own, reclaimed word (``lexicon.self_reference``).
    self_reference: tuple[Cue, ...] = ()
    #: A trope named as a trope and then glossed ("the dual loyalty canard, the notion that ..."): discussed even
    #: when the gloss falls inside the trope's match (``lexicon.discussion_glosses``).
    glosses: tuple[Cue, ...] = ()
    #: Lemmas of verbs of belief whose clause is a third party's view (``lexicon.belief_verbs``).
    belief_verbs: frozenset[str] = frozenset()
    #: Subjects that name no real source, so a "... say that" after them stays the writer's (``lexicon.vague_sources``).
    vague_sources: frozenset[str] = frozenset()
    #: Built in ``__post_init__``: word -> positions of the cues that need it, the keyless cues, the flat list.
    cue_index: _CueIndex = field(default=({}, frozenset(), (), ()), repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cue_index", _cue_index(self.tropes))

    def candidates(self, words: frozenset[str]) -> Iterator[tuple[CompiledTrope, Cue, bool]]:
        """The (trope, cue, needs_group) triples a sentence with these words could match, in catalogue order.

        Each cue is indexed under the words of its smallest key set, so a sentence only looks at the cues
        that share a word with it (a few dozen instead of every cue of the catalogue)."""
        index, always, flat, rest = self.cue_index
        hits = {k for w in words for k in index.get(w, ())}
        for k in sorted(hits.union(always)):
            # the indexed key set met the sentence already; only the cue's other key sets are left to test
            if all(not keys.isdisjoint(words) for keys in rest[k]):
                yield flat[k]

    def resolve(self, kind: str, text: str) -> Group | None:
        """The group whose noun (``kind`` "n"), adjective ("a": the capture starts with it) or member ("m") this is."""
        for group, nouns, adjectives, members in self.resolvers:
            regex = {"n": nouns, "a": adjectives, "m": members}[kind]
            if regex.match(text):
                return group
        return None


def any_group(cat: Catalogue) -> Group:
    """The union of every group's nouns, adjectives and members: what a generic trope's placeholders match."""
    gs = cat.groups
    return Group(
        id="*",
        name="any group",
        nouns=tuple(dict.fromkeys(n for g in gs for n in g.nouns)),
        adjectives=tuple(dict.fromkeys(a for g in gs for a in g.adjectives)),
        mass_nouns=tuple(dict.fromkeys(n for g in gs for n in g.mass_nouns)),
        cased=tuple(dict.fromkeys(c for g in gs for c in g.cased)),
        codes=(),
        slurs=(),
        why="every group of the catalogue (generic tropes)",
        members=tuple(dict.fromkeys(m for g in gs for m in g.members)),
    )


def _resolver(g: Group) -> tuple[Group, re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    cased = frozenset(g.cased)

    def full(terms: Sequence[str], tail: str) -> re.Pattern[str]:
        return re.compile(f"(?:{_terms_regex(terms, cased)}){tail}", re.IGNORECASE)

    return g, full(g.nouns, r"\Z"), full(g.adjectives, r"(?!\w)"), full(g.members, r"\Z")


@lru_cache(maxsize=1)
def compiled() -> Compiled:
    """The packaged catalogue, compiled (cached per process)."""
    cat = load_catalogue()
    groups = {g.id: g for g in cat.groups}
    union = any_group(cat)

    def build(t: Trope) -> CompiledTrope:
        g = union if t.generic else groups[t.group]
        return CompiledTrope(
            id=t.id,
            group=g,
            cues=tuple(compile_cue(c, cat, g) for c in t.cues),
            counter=tuple(compile_cue(c, cat, g) for c in t.counter_cues),
            sentence_cues=tuple(compile_cue(c, cat, g) for c in t.sentence_cues),
            context=tuple(compile_cue(c, cat, g) for c in t.context_cues),
            imperative=tuple(compile_cue(c, cat, g) for c in t.imperative_cues),
            generic=t.generic,
        )

    tropes = tuple(build(t) for t in cat.tropes)
    cased = frozenset(union.cased)
    presence = re.compile(
        rf"(?<![\w-])(?:(?P<n>{_terms_regex(union.nouns, cased)})|(?P<a>{_terms_regex(union.adjectives, cased)}))(?!\w)",
        re.IGNORECASE,
    )
    contested = tuple((c.id, c.label, tuple(compile_cue(x, cat) for x in c.cues)) for c in cat.contested)
    return Compiled(
        catalogue=cat,
        tropes=tropes,
        contested=contested,
        discussion=tuple(compile_cue(x, cat) for x in cat.words("discussion")),
        reported=tuple(compile_cue(x, cat) for x in cat.words("reported_cues")),
        negators=frozenset(w.lower() for w in cat.words("negators")),
        groups=groups,
        resolvers=tuple(_resolver(g) for g in cat.groups),
        presence=presence,
        rejection=tuple(compile_cue(x, cat) for x in cat.lexicon["rejection"].words)
        if "rejection" in cat.lexicon
        else (),
        self_reference=tuple(compile_cue(x, cat) for x in cat.words("self_reference"))
        if "self_reference" in cat.lexicon
        else (),
        glosses=tuple(compile_cue(x, cat) for x in cat.words("discussion_glosses")),
        belief_verbs=_lower_words(cat, "belief_verbs"),
        vague_sources=_lower_words(cat, "vague_sources"),
    )


def _lower_words(cat: Catalogue, name: str) -> frozenset[str]:
    """A plain word list of ``[lexicon]`` in lower case (empty when the catalogue lacks it)."""
    return frozenset(w.lower() for w in cat.words(name)) if name in cat.lexicon else frozenset()


#: Function words found in most sentences: a key set holding one of them lets almost every sentence through, so
#: a cue is indexed under its smallest key set without them where it has one (issue 4, speed).
_COMMON_TEXT = (
    "a an the of in on at to for from with by as and or but not no is are was were be been being has "
    "have had do does did will would can could should may might must it its it's they them their they're "
    "he his she her we our you your i my me this that these those there here what who which where when "
    "then than so up out all some first before after more most one two"
)
_COMMON_WORDS = frozenset(_COMMON_TEXT.split())


def _index_cost(keys: frozenset[str]) -> tuple[int, int]:
    """How many sentences a key set lets through, roughly: sets with common function words last, then size."""
    return (len(keys & _COMMON_WORDS), len(keys))


def _cue_index(tropes: tuple[CompiledTrope, ...]) -> _CueIndex:
    """Word -> positions of the cues that need it (the words of each cue's rarest key set), the cues with
    no key (always tried), the flat (trope, cue, needs_group) list the positions point into, and each
    position's other key sets (what a sentence that met the indexed set must still meet)."""
    flat: list[tuple[CompiledTrope, Cue, bool]] = []
    for t in tropes:
        flat += [(t, c, False) for c in t.cues]
        flat += [(t, c, False) for c in t.imperative]
        flat += [(t, c, True) for c in t.sentence_cues]
    index: dict[str, list[int]] = {}
    always: set[int] = set()
    rest: list[tuple[frozenset[str], ...]] = []
    for k, (_, cue, _) in enumerate(flat):
        if not cue.keys:
            always.add(k)
            rest.append(())
            continue
        indexed = min(cue.keys, key=_index_cost)
        for w in indexed:
            index.setdefault(w, []).append(k)
        rest.append(tuple(keys for keys in cue.keys if keys is not indexed))
    return {w: tuple(v) for w, v in index.items()}, frozenset(always), tuple(flat), tuple(rest)
