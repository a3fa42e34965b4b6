"""The data model: frozen dataclasses that every stage passes along.

Flow: an ingest reader yields :class:`RawDocument` (or :class:`InputError`), cleaning turns it into an
:class:`Article`, the analysers add actors, quotes, relations, stances and flags, and the result travels as
one :class:`Analysis`. ``Analysis.to_json()`` is the public JSON contract (``resources/article.schema.json``).
Offsets are character offsets into ``Article.text``, end exclusive.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any, Literal, TypeVar

ActorKind = Literal["person", "org", "party", "place", "group", "other"]
ACTOR_KINDS: tuple[str, ...] = ("person", "org", "party", "place", "group", "other")

#: Why an article was or was not analysed.
ArticleStatus = Literal["analysed", "skipped_language", "skipped_empty", "duplicate"]

JSON_VERSION = "1.1"


_T = TypeVar("_T")


def _quick_pickle(cls: type[_T]) -> type[_T]:
    """Pickle a frozen slots dataclass as the tuple of its field values.

    The dataclass default looks the fields up again for every object; with tens of thousands of spans and
    stances in a batch, pickling and unpickling the analyses a worker sends back cost about 1 ms an article
    more that way.
    """
    names = tuple(f.name for f in fields(cls))  # type: ignore[arg-type]
    get = attrgetter(*names)
    setter = object.__setattr__

    def getstate(self: object) -> tuple[Any, ...]:
        return get(self)

    def setstate(self: object, state: tuple[Any, ...]) -> None:
        for name, value in zip(names, state, strict=True):
            setter(self, name, value)

    setattr(cls, "__getstate__", getstate)  # noqa: B010
    setattr(cls, "__setstate__", setstate)  # noqa: B010
    return cls


@_quick_pickle
@dataclass(frozen=True, slots=True)
class RawDocument:
    """One document as a reader found it, before cleaning.

    ``source`` names where it came from precisely enough to find it again: a path, ``path#L12`` for a line
    of a JSON Lines file, ``path#record-id`` for a web archive record, or a URL.
    ``text`` is the extracted body (plain text); readers of HTML run extraction themselves.
    """

    source: str
    text: str
    title: str | None = None
    url: str | None = None
    author: str | None = None
    published: str | None = None
    site_name: str | None = None
    format: str = "text"
    #: True when ``title`` was given by the input (HTML <title>, a JSON field); False when the text reader
    #: should look for a title in the first line.
    title_given: bool = False


@_quick_pickle
@dataclass(frozen=True, slots=True)
class InputError:
    """An input that could not be read; the batch goes on without it."""

    source: str
    message: str

    def __str__(self) -> str:
        return one_line(f"{self.source}: {self.message}")


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(text: str, limit: int = 500) -> str:
    """``text`` for a one-line message: control characters (newlines, terminal escapes) shown as
    ``\\xNN`` escapes, and cut to ``limit`` characters."""
    text = _CONTROL.sub(lambda m: repr(m.group())[1:-1], text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


@_quick_pickle
@dataclass(frozen=True, slots=True)
class Span:
    """A stretch of an article's text."""

    start: int
    end: int
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"start": self.start, "end": self.end, "text": self.text}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Span:
        return cls(int(d["start"]), int(d["end"]), str(d["text"]))


#: A mention of an actor is a span of the text.
Mention = Span


@_quick_pickle
@dataclass(frozen=True, slots=True)
class Article:
    """A cleaned article: what the analysers read and the store keeps."""

    id: str
    source: str
    text: str
    title: str | None = None
    url: str | None = None
    author: str | None = None
    published: str | None = None
    site_name: str | None = None
    language: str | None = None
    status: ArticleStatus = "analysed"
    duplicate_of: str | None = None
    format: str = "text"

    @property
    def word_count(self) -> int:
        return len(self.text.split())

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Article:
        """An article from the article fields of the JSON contract."""
        return cls(
            id=d["id"],
            source=d["source"],
            text=d["text"],
            title=d.get("title"),
            url=d.get("url"),
            author=d.get("author"),
            published=d.get("published"),
            site_name=d.get("site_name"),
            language=d.get("language"),
            status=d.get("status", "analysed"),
            duplicate_of=d.get("duplicate_of"),
            format=d.get("format", "text"),
        )


@_quick_pickle
@dataclass(frozen=True, slots=True)
class Actor:
    """Someone or something the article talks about, with every form the text uses for them.

    ``id`` is local to the article (a slug of the name); the store links it to a canonical actor.
    ``aliases`` are the names as written (the texts of ``mentions``: :attr:`names`) and then the longer
    forms around them that describe the bearer ("House Speaker Nancy Pelosi", "her interior minister").
    ``salience`` is the learned probability that a careful reader counts the actor among the article's main
    actors (None where no salience model ran).
    """

    id: str
    name: str
    kind: ActorKind
    aliases: tuple[str, ...] = ()
    mentions: tuple[Span, ...] = ()
    salience: float | None = None

    @property
    def names(self) -> tuple[str, ...]:
        """The aliases that are mentions: the names as written, without the describing forms. What links
        actors across articles, since a description ("the union", "the president") names no one elsewhere."""
        texts = {m.text for m in self.mentions}
        names = tuple(a for a in self.aliases if a in texts)
        # an actor built by hand, whose mentions do not spell its aliases: every alias is taken for a name
        return names or self.aliases

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "aliases": list(self.aliases),
            "mentions": [m.to_json() for m in self.mentions],
            "salience": self.salience,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Actor:
        salience = d.get("salience")
        return cls(
            id=d["id"],
            name=d["name"],
            kind=d["kind"],
            aliases=tuple(d.get("aliases", ())),
            mentions=tuple(Span.from_json(m) for m in d.get("mentions", ())),
            salience=None if salience is None else float(salience),
        )


@_quick_pickle
@dataclass(frozen=True, slots=True)
class Quote:
    """Something a speaker said, directly or reported."""

    text: str
    start: int
    end: int
    kind: Literal["direct", "indirect", "mixed"]
    speaker: str | None = None
    speaker_name: str | None = None
    cue: str | None = None
    cue_type: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "speaker": self.speaker,
            "speaker_name": self.speaker_name,
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "kind": self.kind,
            "cue": self.cue,
            "cue_type": self.cue_type,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Quote:
        return cls(
            text=d["text"],
            start=int(d["start"]),
            end=int(d["end"]),
            kind=d["kind"],
            speaker=d.get("speaker"),
            speaker_name=d.get("speaker_name"),
            cue=d.get("cue"),
            cue_type=d.get("cue_type"),
        )


@_quick_pickle
@dataclass(frozen=True, slots=True)
class Relation:
    """One actor backing or attacking another, with the sentence that says so.

    ``asserted_by`` is None when the article reports the relation itself, else the actor id of the speaker
    whose quote or reported speech asserts it. ``condition`` is the clause a conditional relation hangs on
    ("if he behaves the way he did previously"), else None.
    """

    source: str
    target: str
    polarity: Literal["support", "oppose"]
    kind: str
    evidence: Span
    confidence: float
    asserted_by: str | None = None
    condition: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "target": self.target,
            "polarity": self.polarity,
            "kind": self.kind,
            "evidence": self.evidence.to_json(),
            "confidence": self.confidence,
            "asserted_by": self.asserted_by,
            "condition": self.condition,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Relation:
        return cls(
            source=d["source"],
            target=d["target"],
            polarity=d["polarity"],
            kind=d["kind"],
            evidence=Span.from_json(d["evidence"]),
            confidence=float(d["confidence"]),
            asserted_by=d.get("asserted_by"),
            condition=d.get("condition"),
        )


@_quick_pickle
@dataclass(frozen=True, slots=True)
class Stance:
    """Where a holder (``"author"`` or an actor id) stands toward a target actor.

    ``confidence`` is a learned judge's probability of ``polarity`` (None where the stance comes from rules
    alone, as a speaker's does).
    """

    holder: str
    target: str
    polarity: Literal["positive", "negative", "neutral"]
    score: float
    evidence: tuple[Span, ...] = ()
    confidence: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "holder": self.holder,
            "target": self.target,
            "polarity": self.polarity,
            "score": self.score,
            "evidence": [e.to_json() for e in self.evidence],
            "confidence": self.confidence,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Stance:
        confidence = d.get("confidence")
        return cls(
            holder=d["holder"],
            target=d["target"],
            polarity=d["polarity"],
            score=float(d["score"]),
            evidence=tuple(Span.from_json(e) for e in d.get("evidence", ())),
            confidence=None if confidence is None else float(confidence),
        )


@_quick_pickle
@dataclass(frozen=True, slots=True)
class Flag:
    """A marked passage: loaded language, hate, a contested claim."""

    kind: str
    code: str
    label: str
    start: int
    end: int
    text: str
    voice: Literal["author", "quoted", "discussed"] = "author"
    target_group: str | None = None
    explanation: str | None = None
    confidence: float = 1.0

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "code": self.code,
            "label": self.label,
            "start": self.start,
            "end": self.end,
            "text": self.text,
            "voice": self.voice,
            "target_group": self.target_group,
            "explanation": self.explanation,
            "confidence": self.confidence,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Flag:
        return cls(
            kind=d["kind"],
            code=d["code"],
            label=d["label"],
            start=int(d["start"]),
            end=int(d["end"]),
            text=d["text"],
            voice=d.get("voice", "author"),
            target_group=d.get("target_group"),
            explanation=d.get("explanation"),
            confidence=float(d.get("confidence", 1.0)),
        )


#: Salience at or above which an actor is one of the article's main actors (the salience model's even odds).
MAIN_SALIENCE = 0.5
#: At most this many main actors (a careful reader lists two to four).
MAX_MAIN = 4
#: Without salience (an analysis made before the salience model), this many most mentioned actors.
MAIN_BY_MENTIONS = 3

#: The end of a sentence: a stop (not one of a title's abbreviation, "Mr.", "Sen.") with its closing marks
#: and the space after it, or a line break.
_SENTENCE_END = re.compile(
    r"(?<!\bMr)(?<!\bMrs)(?<!\bMs)(?<!\bDr)(?<!\bSt)(?<!\bRep)(?<!\bSen)(?<!\bGov)(?<!\bGen)(?<!\b[A-Z])"
    r"[.!?][\"'”’)\]]*\s+|\n+"
)


def sentence_around(text: str, start: int, end: int) -> Span:
    """The sentence of ``text`` that holds ``text[start:end]`` (from the end of the previous sentence to the
    end of the last one the span touches), stripped of the surrounding space."""
    begin = 0
    for prior in _SENTENCE_END.finditer(text, 0, max(0, start)):
        begin = prior.end()
    m = _SENTENCE_END.search(text, max(end - 1, begin))
    stop = m.start() + len(m.group().rstrip()) if m else len(text)
    piece = text[begin:stop]
    lead = len(piece) - len(piece.lstrip())
    piece = piece.strip()
    return Span(begin + lead, begin + lead + len(piece), piece)


@dataclass(frozen=True, slots=True)
class MainActor:
    """One of the article's main actors, with the author's stance toward it (None when the analysis has
    none) and the sentence that holds the most of the stance's evidence (None for a stance without any)."""

    actor: Actor
    stance: Stance | None
    sentence: Span | None


@_quick_pickle
@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything slant found in one article; ``to_json`` is the public contract."""

    article: Article
    actors: tuple[Actor, ...] = ()
    quotes: tuple[Quote, ...] = ()
    relations: tuple[Relation, ...] = ()
    stances: tuple[Stance, ...] = ()
    flags: tuple[Flag, ...] = ()
    scores: dict[str, float] = field(default_factory=dict)
    story: str | None = None
    #: The id of the article this one is a near-duplicate of (a repost, a syndicated wire copy), set by
    #: story clustering; copies are counted once in comparisons.
    copy_of: str | None = None
    #: Versioned names of the components that produced this analysis, e.g. ``slant.actors.v1``.
    pipeline: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        a = self.article
        return {
            "version": JSON_VERSION,
            "id": a.id,
            "source": a.source,
            "url": a.url,
            "title": a.title,
            "author": a.author,
            "published": a.published,
            "site_name": a.site_name,
            "language": a.language,
            "status": a.status,
            "duplicate_of": a.duplicate_of,
            "format": a.format,
            "text": a.text,
            "actors": [x.to_json() for x in self.actors],
            "quotes": [x.to_json() for x in self.quotes],
            "relations": [x.to_json() for x in self.relations],
            "stances": [x.to_json() for x in self.stances],
            "flags": [x.to_json() for x in self.flags],
            "scores": dict(self.scores),
            "story": self.story,
            "copy_of": self.copy_of,
            "pipeline": list(self.pipeline),
        }

    def main_actors(self) -> tuple[MainActor, ...]:
        """The actors the article is about, most salient first: those whose salience reaches
        :data:`MAIN_SALIENCE` (at most :data:`MAX_MAIN`, and at least the most salient one), or without
        salience the :data:`MAIN_BY_MENTIONS` most mentioned; each with the author's stance toward it and
        the sentence that holds the most of that stance's evidence."""
        if not self.actors:
            return ()
        if all(a.salience is None for a in self.actors):
            chosen = sorted(self.actors, key=lambda a: -len(a.mentions))[:MAIN_BY_MENTIONS]
        else:
            ranked = sorted(self.actors, key=lambda a: -(a.salience or 0.0))
            chosen = [a for a in ranked if (a.salience or 0.0) >= MAIN_SALIENCE][:MAX_MAIN] or ranked[:1]
        stances = {s.target: s for s in self.stances if s.holder == "author"}
        out = []
        for actor in chosen:
            stance = stances.get(actor.id)
            sentences = [sentence_around(self.article.text, e.start, e.end) for e in stance.evidence] if stance else []
            # the sentence that holds the most of the evidence (the first of those)
            sentence = max(sentences, key=sentences.count) if sentences else None
            out.append(MainActor(actor, stance, sentence))
        return tuple(out)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Analysis:
        """Rebuild an analysis from its JSON form (the inverse of :meth:`to_json`)."""
        return cls(
            article=Article.from_json(data),
            actors=tuple(Actor.from_json(x) for x in data.get("actors", ())),
            quotes=tuple(Quote.from_json(x) for x in data.get("quotes", ())),
            relations=tuple(Relation.from_json(x) for x in data.get("relations", ())),
            stances=tuple(Stance.from_json(x) for x in data.get("stances", ())),
            flags=tuple(Flag.from_json(x) for x in data.get("flags", ())),
            scores={k: float(v) for k, v in (data.get("scores") or {}).items()},
            story=data.get("story"),
            copy_of=data.get("copy_of"),
            pipeline=tuple(data.get("pipeline", ())),
        )


@_quick_pickle
@dataclass(frozen=True, slots=True)
class Story:
    """Articles that tell the same story, as grouped by :mod:`slant.stories`.

    ``articles`` lists every member in publication order, copies included; ``copies`` maps each
    near-duplicate to the article it copies, so comparisons count a syndicated story once.
    """

    id: str
    label: str
    articles: tuple[str, ...]
    copies: tuple[tuple[str, str], ...] = ()
    actors: tuple[str, ...] = ()
    terms: tuple[str, ...] = ()
    first_published: str | None = None
    last_published: str | None = None

    @property
    def originals(self) -> tuple[str, ...]:
        """The members that are not copies of another member."""
        copied = {c for c, _ in self.copies}
        return tuple(a for a in self.articles if a not in copied)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "label": self.label,
            "articles": list(self.articles),
            "copies": {c: o for c, o in self.copies},
            "actors": list(self.actors),
            "terms": list(self.terms),
            "first_published": self.first_published,
            "last_published": self.last_published,
        }

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> Story:
        return cls(
            id=d["id"],
            label=d.get("label", ""),
            articles=tuple(d.get("articles", ())),
            copies=tuple((str(c), str(o)) for c, o in (d.get("copies") or {}).items()),
            actors=tuple(d.get("actors", ())),
            terms=tuple(d.get("terms", ())),
            first_published=d.get("first_published"),
            last_published=d.get("last_published"),
        )
