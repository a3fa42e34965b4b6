"""The parts of a story comparison (:class:`slant.compare.Comparison`): frozen dataclasses with ``to_json``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from slant.models import Span

#: How an article stands toward an actor: an author stance, mentioned without one, or not mentioned.
CellStatus = Literal["stance", "no_stance", "not_mentioned"]


@dataclass(frozen=True, slots=True)
class ArticleInfo:
    """One member of the story; ``copy_of`` names the original a near-duplicate copies. Only analysed
    originals are compared; copies and articles not analysed (another language) are listed."""

    id: str
    title: str | None
    outlet: str
    source: str
    published: str | None
    words: int
    copy_of: str | None = None
    #: ``analysed``, or why the article was not (``skipped_language``: it is listed, not compared).
    status: str = "analysed"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "outlet": self.outlet,
            "source": self.source,
            "published": self.published,
            "words": self.words,
            "copy_of": self.copy_of,
            "status": self.status,
        }


@dataclass(frozen=True, slots=True)
class MainActor:
    """An actor the story is about, canonical across its articles (``articles``: originals naming it)."""

    name: str
    kind: str
    aliases: tuple[str, ...]
    articles: tuple[str, ...]
    mentions: int

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "aliases": list(self.aliases),
            "articles": list(self.articles),
            "mentions": self.mentions,
        }


@dataclass(frozen=True, slots=True)
class StanceCell:
    """The author's stance of one article toward one main actor."""

    actor: str
    article: str
    status: CellStatus
    polarity: str | None = None
    score: float | None = None
    evidence: tuple[Span, ...] = ()
    mentions: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "actor": self.actor,
            "article": self.article,
            "status": self.status,
            "polarity": self.polarity,
            "score": None if self.score is None else round(self.score, 3),
            "evidence": [e.to_json() for e in self.evidence],
            "mentions": self.mentions,
        }


@dataclass(frozen=True, slots=True)
class QuotedSpeaker:
    """A speaker quoted in one article: display name (canonical when known) and how many quotes."""

    name: str
    quotes: int
    actor: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "quotes": self.quotes, "actor": self.actor}


@dataclass(frozen=True, slots=True)
class ArticleQuotes:
    """Who one article quotes; quotes with no speaker actor are counted apart (with how they are described)."""

    article: str
    speakers: tuple[QuotedSpeaker, ...]
    unattributed: int = 0
    unattributed_as: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "article": self.article,
            "speakers": [s.to_json() for s in self.speakers],
            "unattributed": self.unattributed,
            "unattributed_as": list(self.unattributed_as),
        }


@dataclass(frozen=True, slots=True)
class RelationRow:
    """A support/oppose relation of one article, with actors by their display names across the story."""

    article: str
    source: str
    target: str
    polarity: str
    kind: str
    asserted_by: str | None
    evidence: Span
    confidence: float

    def to_json(self) -> dict[str, Any]:
        return {
            "article": self.article,
            "source": self.source,
            "target": self.target,
            "polarity": self.polarity,
            "kind": self.kind,
            "asserted_by": self.asserted_by,
            "evidence": self.evidence.to_json(),
            "confidence": round(self.confidence, 3),
        }


@dataclass(frozen=True, slots=True)
class Fact:
    """A sentence of one article that no other original reports (``reason`` says why it counts as unique).

    ``reason`` is ``no_counterpart`` (no sentence of another article aligns with it) or ``figure`` (it
    aligns, but states a figure no other article gives). ``nearest`` is the closest sentence elsewhere.
    """

    article: str
    text: str
    start: int
    end: int
    reason: Literal["no_counterpart", "figure"]
    figures: tuple[str, ...] = ()
    actors: tuple[str, ...] = ()
    speaker: str | None = None
    nearest_article: str | None = None
    nearest_text: str | None = None
    nearest_score: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "article": self.article,
            "text": self.text,
            "start": self.start,
            "end": self.end,
            "reason": self.reason,
            "figures": list(self.figures),
            "actors": list(self.actors),
            "speaker": self.speaker,
            "nearest": None
            if self.nearest_article is None
            else {"article": self.nearest_article, "text": self.nearest_text, "score": round(self.nearest_score, 3)},
        }


@dataclass(frozen=True, slots=True)
class FigureMention:
    """One article's figure in a differing-figures group; ``start``/``end`` locate the figure in the text."""

    article: str
    text: str
    value: float
    qualifier: str
    start: int
    end: int
    sentence: Span

    def to_json(self) -> dict[str, Any]:
        return {
            "article": self.article,
            "text": self.text,
            "value": self.value,
            "qualifier": self.qualifier or None,
            "start": self.start,
            "end": self.end,
            "sentence": self.sentence.to_json(),
        }


@dataclass(frozen=True, slots=True)
class FigureDiff:
    """The same quantity given differently by different articles (a crowd of "more than 400" and "about 300")."""

    kind: str
    unit: str
    mentions: tuple[FigureMention, ...]
    context: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "unit": self.unit or None,
            "context": list(self.context),
            "values": [m.to_json() for m in self.mentions],
        }


@dataclass(frozen=True, slots=True)
class LanguageSummary:
    """How one article is written: loaded-language density, hyperpartisan score, biased share, hate flags."""

    article: str
    loaded_density: float | None
    hyperpartisan: float | None
    biased_share: float | None
    loaded: int
    loaded_terms: tuple[str, ...]
    hate: int
    hate_by_voice: tuple[tuple[str, int], ...]
    hate_codes: tuple[tuple[str, int], ...]
    hate_groups: tuple[str, ...]
    review: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "article": self.article,
            "loaded_density": self.loaded_density,
            "hyperpartisan": self.hyperpartisan,
            "biased_share": self.biased_share,
            "loaded": self.loaded,
            "loaded_terms": list(self.loaded_terms),
            "hate": self.hate,
            "hate_by_voice": dict(self.hate_by_voice),
            "hate_codes": dict(self.hate_codes),
            "hate_groups": list(self.hate_groups),
            "review": self.review,
        }


@dataclass(frozen=True, slots=True)
class Headline:
    """One article's title, the main actors it names, and its content words no other headline uses."""

    article: str
    title: str | None
    actors: tuple[str, ...]
    unique_words: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "article": self.article,
            "title": self.title,
            "actors": list(self.actors),
            "unique_words": list(self.unique_words),
        }
