"""The pipeline checks its components' needs when it is built and carries their provenance."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

import pytest

from slant.analyze.base import Component, Context
from slant.errors import PipelineError
from slant.models import Article
from slant.pipeline import Pipeline, build_pipeline, check_components, pipeline_names


class FakeNLP:
    """Stands in for spaCy: a 'doc' is the list of words."""

    def __init__(self) -> None:
        self.calls = 0

    def pipe(self, texts: Iterable[str], batch_size: int = 16) -> Iterator[list[str]]:
        for t in texts:
            self.calls += 1
            yield t.split()


class Counter(Component):
    name: ClassVar[str] = "test.counter.v1"
    requires: ClassVar[tuple[str, ...]] = ("doc",)
    provides: ClassVar[tuple[str, ...]] = ("scores",)

    def __call__(self, ctx: Context) -> None:
        ctx.data["scores"] = {"words": float(len(ctx.doc))}


class NeedsActors(Component):
    name: ClassVar[str] = "test.needs-actors.v1"
    requires: ClassVar[tuple[str, ...]] = ("actors",)
    provides: ClassVar[tuple[str, ...]] = ("quotes",)

    def __call__(self, ctx: Context) -> None:
        ctx.data["quotes"] = ()


def art(i: int, text: str = "one two three", status: Any = "analysed") -> Article:
    return Article(id=f"id{i:06d}", source=f"s{i}", text=text, status=status)


def test_components_run_and_provenance_is_recorded() -> None:
    nlp = FakeNLP()
    p = Pipeline([Counter()], nlp)
    out = p.analyze([art(1), art(2, "a b")])
    assert [a.scores["words"] for a in out] == [3.0, 2.0]
    assert out[0].pipeline[-1] == "test.counter.v1"
    assert out[0].pipeline[0].startswith("spacy:")


def test_articles_not_to_analyse_pass_through_without_nlp() -> None:
    nlp = FakeNLP()
    p = Pipeline([Counter()], nlp)
    out = p.analyze([art(1, status="skipped_language"), art(2)])
    assert nlp.calls == 1
    assert out[0].scores == {} and out[0].article.status == "skipped_language"
    assert [a.article.id for a in out] == ["id000001", "id000002"]


def test_contexts_give_trainers_the_parse_and_every_component_s_data() -> None:
    nlp = FakeNLP()
    p = Pipeline([Counter()], nlp)
    got = p.contexts([art(1, status="skipped_language"), art(2, "a b")])
    assert [(a.id, ctx is None) for a, ctx in got] == [("id000001", True), ("id000002", False)]
    ctx = got[1][1]
    assert ctx is not None and ctx.data["scores"] == {"words": 2.0} and len(ctx.doc) == 2


@pytest.mark.parametrize(
    ("components", "message"),
    [
        ([NeedsActors()], "needs actors"),
        ([Counter(), Counter()], "appears twice"),
    ],
)
def test_bad_pipelines_are_refused_when_built(components: list[Component], message: str) -> None:
    with pytest.raises(PipelineError, match=message):
        check_components(components)


def test_unknown_component_name() -> None:
    with pytest.raises(PipelineError, match="unknown component"):
        build_pipeline(("slant.nothing.v9",))


def test_pipeline_names_without_loading() -> None:
    names = pipeline_names()
    assert names[0].startswith("spacy:en_core_web_sm-3.8")
    assert "slant.actors.v12" in names


# ------------------------------------------------------------------------------- between processes


def test_analyses_cross_a_process_boundary_unchanged() -> None:
    """Workers send analyses back pickled; every model class round-trips field for field, and a frozen
    value stays frozen."""
    import dataclasses
    import pickle

    from slant.models import Analysis

    text = (
        "Mayor Tilda Brannock of Eastmoor praised the Harbour Party on Monday. "
        '"They kept their word," Brannock told reporters, while Councillor Ivo Strand called the deal a stunt.'
    )
    article = Article(id="c0ffee0000000001", source="in/brannock.txt", text=text, title="Brannock praises party")
    (analysis,) = build_pipeline().analyze([article])
    assert analysis.actors and analysis.quotes and analysis.stances
    back = pickle.loads(pickle.dumps(analysis, protocol=pickle.HIGHEST_PROTOCOL))
    assert back == analysis and back.to_json() == analysis.to_json()
    for original, copy in [(analysis.actors[0], back.actors[0]), (analysis.quotes[0], back.quotes[0])]:
        assert type(copy) is type(original)
        assert [getattr(copy, f.name) for f in dataclasses.fields(copy)] == [
            getattr(original, f.name) for f in dataclasses.fields(original)
        ]
    with pytest.raises(dataclasses.FrozenInstanceError):
        back.article.text = "changed"  # type: ignore[misc]
    assert isinstance(back, Analysis)


def test_worker_collector_settings() -> None:
    """A process that analyses freezes what it has loaded and collects its youngest generation less often."""
    import gc

    from slant import api
    from slant.engine.local import GC_THRESHOLDS, tune_gc

    before = gc.get_threshold()
    try:
        tune_gc()
        assert gc.get_threshold() == GC_THRESHOLDS
        assert gc.get_freeze_count() > 0
        gc.set_threshold(*before)
        api.tune_process()  # the CLI's own process: thresholds only
        assert gc.get_threshold() == GC_THRESHOLDS
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
