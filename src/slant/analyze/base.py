"""What an analyser is: a versioned component that declares what it needs and what it adds.

A :class:`Context` travels through the pipeline for one article. ``ctx.doc`` is the spaCy ``Doc`` of
``ctx.article.text`` (character offsets of the Doc are offsets into the text). Components read earlier
results from ``ctx.data`` by key and add their own under the keys they declare in ``provides``.

Well-known keys:

``doc``       the spaCy Doc (provided by the pipeline itself)
``actors``    ``tuple[Actor, ...]``: the article's actors, mentions sorted by offset
``pronouns``  ``tuple[tuple[Span, str], ...]``: a pronoun span and the actor id it refers to
``quotes``, ``relations``, ``stances``, ``flags``: tuples of the model classes
``scores``    ``dict[str, float]``
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from slant.models import Article


@dataclass(slots=True)
class Context:
    """The working state of one article while the pipeline runs (mutable, never leaves the pipeline)."""

    article: Article
    doc: Any
    data: dict[str, Any] = field(default_factory=dict)
    #: The title parsed on its own (None without a title, or when the caller did not parse it).
    title_doc: Any = None


class Component:
    """Base class of analysers. Subclasses set the three class attributes and implement ``__call__``."""

    #: Versioned name, e.g. ``slant.actors.v1``; bump the version when output changes meaning.
    name: ClassVar[str] = ""
    requires: ClassVar[tuple[str, ...]] = ()
    provides: ClassVar[tuple[str, ...]] = ()

    def __call__(self, ctx: Context) -> None:  # pragma: no cover - interface
        raise NotImplementedError
