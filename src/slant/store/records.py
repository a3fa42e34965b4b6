"""Small frozen records the store returns besides :class:`slant.models.Analysis`."""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from slant.models import Story

#: Marks around a matched term in :attr:`SearchHit.snippet` (control characters that cleaned text lacks).
MARK_START = "\x02"
MARK_END = "\x03"


@dataclass(frozen=True, slots=True)
class WriteResult:
    """What one :meth:`Store.write` call did, by article."""

    new: int = 0
    updated: int = 0
    unchanged: int = 0

    @property
    def total(self) -> int:
        return self.new + self.updated + self.unchanged

    def __add__(self, other: WriteResult) -> WriteResult:
        return WriteResult(self.new + other.new, self.updated + other.updated, self.unchanged + other.unchanged)


@dataclass(frozen=True, slots=True)
class CanonicalActor:
    """An actor merged across articles, with how often it appears."""

    id: int
    name: str
    kind: str
    aliases: tuple[str, ...]
    articles: int
    mentions: int


@dataclass(frozen=True, slots=True)
class SearchHit:
    """One article found by :meth:`Store.search`; a higher ``score`` is a better match.

    ``snippet`` is untrusted article text with each match wrapped in :data:`MARK_START`/:data:`MARK_END`;
    use :meth:`marked` to render it.
    """

    id: str
    title: str | None
    source: str
    snippet: str
    score: float

    def marked(self, start: str = "[", end: str = "]", escape: Callable[[str], str] | None = None) -> str:
        """The snippet with matches wrapped in ``start``/``end``; ``escape`` (e.g. ``html.escape``) is
        applied to the text first, never to the markers."""
        text = escape(self.snippet) if escape else self.snippet
        return text.replace(MARK_START, start).replace(MARK_END, end)

    def html(self) -> str:
        """The snippet as safe HTML with matches in ``<mark>``."""
        return self.marked("<mark>", "</mark>", html.escape)


@dataclass(frozen=True, slots=True)
class ErrorRecord:
    """An input that could not be read, as recorded by :meth:`Store.record_errors`."""

    id: int
    run_id: str | None
    source: str
    message: str
    created_at: str

    def __str__(self) -> str:
        return f"{self.source}: {self.message}"


@dataclass(frozen=True, slots=True)
class RunRecord:
    """One ``slant analyze`` run: its inputs, settings and final counts."""

    id: str
    started_at: str
    finished_at: str | None
    inputs: tuple[str, ...]
    settings: dict[str, Any] = field(default_factory=dict)
    counts: dict[str, Any] | None = None
    slant_version: str = ""


@dataclass(frozen=True, slots=True)
class StorySummary:
    """A stored story with what a listing shows beside it: its outlets (site names, in member order)."""

    story: Story
    outlets: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        return len(self.story.articles)

    @property
    def copies(self) -> int:
        return len(self.story.copies)

    def to_json(self) -> dict[str, Any]:
        """The story's JSON with ``size``, ``copy_count`` and ``outlets`` added."""
        return {**self.story.to_json(), "size": self.size, "copy_count": self.copies, "outlets": list(self.outlets)}
