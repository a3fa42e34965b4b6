"""The library facade: what the CLI and the web app call. One function per user-facing job.

>>> from slant import api
>>> report = api.analyze(["examples/"], db="slant.db")           # doctest: +SKIP
>>> api.analyze_text("Ms Ada Quill backed Tom Reyes on Monday.")  # doctest: +SKIP
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, BinaryIO

from slant import exports as _export
from slant.clean import clean_document
from slant.config import Settings, load_settings
from slant.engine.local import GC_THRESHOLDS, LocalEngine
from slant.errors import ConfigError
from slant.ingest import read_source, scan_inputs
from slant.models import Analysis, Article, InputError, RawDocument, Story
from slant.pipeline import build_pipeline, components_for, pipeline_names
from slant.store import MARK_END, MARK_START, CanonicalActor, SearchHit, Store, display_url
from slant.store import listing as _listing
from slant.store.listing import ArticlePage
from slant.store.records import RunRecord
from slant.stories import StoriesReport

if TYPE_CHECKING:
    from slant.compare import ActorIndex, Comparison
    from slant.store.records import StorySummary
    from slant.stories import ClusterParams

__all__ = [
    "MARK_END",
    "MARK_START",
    "ArticlePage",
    "Overview",
    "ProgressCallback",
    "ResultCallback",
    "RunReport",
    "SearchHit",
    "StoriesReport",
    "actors",
    "analyze",
    "analyze_text",
    "cluster",
    "compare",
    "display_url",
    "export",
    "list_articles",
    "network",
    "open_store",
    "overview",
    "rebuild_stories",
    "report",
    "search",
    "show",
    "stories",
    "story",
    "story_summaries",
    "tune_process",
    "update_stories",
]

#: Called as ``on_progress(event, payload)``; events: ``sources`` (total), ``source_done``, ``article``.
ProgressCallback = Callable[[str, int], None]
#: Called with each article's analysis as soon as it is known (new or already stored).
ResultCallback = Callable[[Analysis], None]


def tune_process() -> None:
    """Collect garbage less often in a process that analyses and writes the store (the CLI calls it for its
    own process; worker processes tune themselves): see ``slant.engine.local.GC_THRESHOLDS``. A program that
    embeds slant decides for itself."""
    gc.set_threshold(*GC_THRESHOLDS)


EXPORT_FORMATS = _export.FORMATS
CSV_COLUMNS = _export.CSV_COLUMNS


@dataclass(slots=True)
class RunReport:
    """What one ``analyze`` run did."""

    run_id: str
    sources: int = 0
    articles: int = 0
    analysed: int = 0
    reused: int = 0
    duplicates: int = 0
    skipped: dict[str, int] = field(default_factory=dict)
    errors: list[InputError] = field(default_factory=list)
    #: Files in the folders and globs given whose type slant does not read (passed over, not errors).
    unsupported: list[str] = field(default_factory=list)
    words: int = 0
    seconds: float = 0.0
    db: str = ""
    worker_peak_rss: int = 0

    @property
    def failed(self) -> bool:
        """True when any input could not be read (the CLI exits with status 1)."""
        return bool(self.errors)

    def as_dict(self) -> dict[str, Any]:
        return {
            "run_id": self.run_id,
            "sources": self.sources,
            "articles": self.articles,
            "analysed": self.analysed,
            "reused": self.reused,
            "duplicates": self.duplicates,
            "skipped": dict(self.skipped),
            "errors": [str(e) for e in self.errors],
            "unsupported": len(self.unsupported),
            "words": self.words,
            "seconds": round(self.seconds, 3),
            "db": self.db,
        }


def open_store(db: str | None = None, settings: Settings | None = None) -> Store:
    """Open (and migrate) the store at ``db``, or the configured default."""
    settings = settings or load_settings()
    return Store(db or settings.db)


def analyze(
    inputs: Sequence[str],
    *,
    settings: Settings | None = None,
    db: str | None = None,
    store: Store | None = None,
    on_result: ResultCallback | None = None,
    on_progress: ProgressCallback | None = None,
    stdin: BinaryIO | None = None,
    components: Sequence[str] | None = None,
    cluster_stories: bool = True,
) -> RunReport:
    """Ingest, clean, analyse and store ``inputs`` (files, folders, globs, ``-``, URLs).

    Articles already stored by the same pipeline are not analysed again (re-running is idempotent and
    an interrupted run resumes); bad inputs are collected in the report and the batch goes on. At the end
    the new articles are put into stories (:func:`update_stories`) unless ``cluster_stories`` is False.

    ``on_result`` receives each article's analysis (stored ones too) in input order: as it is written when
    ``cluster_stories`` is False, else after the story update, with its ``story`` and ``copy_of`` set.
    """
    settings = settings or load_settings()
    if db is not None:
        settings = settings.replace(db=db)
    if not inputs:
        raise ConfigError("no inputs given: name files, folders, globs, URLs or '-' for stdin")
    own_store = store is None
    st = store if store is not None else Store(settings.db)
    started = time.perf_counter()
    if components is None:
        components = components_for(settings.mode)
    names = pipeline_names(components)
    try:
        sources, errors, unsupported = scan_inputs(inputs, settings)
        run_id = st.start_run(list(inputs), {"workers": settings.workers, "mode": settings.mode})
        # the store as shown to people (password masked): the report is printed and kept in the runs table
        report = RunReport(
            run_id=run_id, sources=len(sources), db=st.where, errors=list(errors), unsupported=unsupported
        )
        if errors:
            st.record_errors(errors, run_id)
        progress = on_progress or (lambda event, n: None)
        progress("sources", len(sources))
        seen: set[str] = set()  # ids met in this run, for exact-duplicate detection
        in_flight: dict[str, list[str]] = {}  # id -> its sources, until its batch is written

        # With stories on, results are handed out after the story update, read back with their story and
        # copy links set (what `slant show` gives); only their ids wait in memory.
        deferred: list[str] | None = [] if cluster_stories and on_result is not None else None

        def emit(article_id: str, analysis: Analysis | None = None) -> None:
            """Hand a result out now, or note its id for after the story update."""
            if deferred is not None:
                deferred.append(article_id)
            elif on_result is not None:
                on_result(analysis if analysis is not None else st.get(article_id))

        def articles() -> Iterator[Article]:
            for src in sources:
                for item in read_source(src, settings, stdin=stdin):
                    if isinstance(item, InputError):
                        report.errors.append(item)
                        st.record_errors([item], run_id)
                        continue
                    article = _clean(item, settings, report)
                    if article is None:
                        continue
                    report.articles += 1
                    if article.id in seen:
                        report.duplicates += 1
                        if article.id in in_flight:  # stored with its batch
                            in_flight[article.id].append(item.source)
                        else:
                            st.add_sources(article.id, [item.source])
                        continue
                    seen.add(article.id)
                    if article.status != "analysed":
                        report.skipped[article.status] = report.skipped.get(article.status, 0) + 1
                    if st.has_article(article.id, names):
                        report.reused += 1
                        st.add_sources(article.id, [item.source])
                        emit(article.id)
                        progress("article", 1)
                        continue
                    in_flight[article.id] = [item.source]
                    yield article
                progress("source_done", 1)

        engine = LocalEngine(workers=settings.workers, components=components)
        for batch in engine.run(articles()):
            st.write(batch, sources={a.article.id: in_flight.pop(a.article.id, []) for a in batch})
            if cluster_stories:
                _featurise_written(st, batch)
            for analysis in batch:
                if analysis.article.status == "analysed":
                    report.analysed += 1
                    report.words += analysis.article.word_count
                emit(analysis.article.id, analysis)
                progress("article", 1)
        if cluster_stories:
            _update_stories(st)
        if deferred is not None and on_result is not None:
            for article_id in deferred:
                on_result(st.get(article_id))
        report.worker_peak_rss = engine.worker_peak_rss
        report.seconds = time.perf_counter() - started
        st.finish_run(run_id, report.as_dict())
        return report
    finally:
        if own_store:
            st.close()


def _clean(raw: RawDocument, settings: Settings, report: RunReport) -> Article | None:
    try:
        return clean_document(raw, settings)
    except ValueError as exc:  # cleaning is pure; a failure here is a bad document, not a crash
        report.errors.append(InputError(raw.source, f"cannot clean text ({exc})"))
        return None


_text_pipeline: dict[tuple[str, ...], Any] = {}


def analyze_text(
    text: str, *, title: str | None = None, source: str = "<text>", settings: Settings | None = None
) -> Analysis:
    """Analyse one text in memory, without a store (loads the models on first use)."""
    settings = settings or load_settings()
    raw = RawDocument(source=source, text=text, title=title, title_given=title is not None)
    article = clean_document(raw, settings)
    key = components_for(settings.mode)
    if key not in _text_pipeline:
        _text_pipeline[key] = build_pipeline(key)
    result: list[Analysis] = _text_pipeline[key].analyze([article])
    return result[0]


def show(ref: str, *, db: str | None = None) -> Analysis:
    """One stored article by id, id prefix or source path."""
    with open_store(db) as st:
        return st.get(ref)


def actors(
    *, db: str | None = None, kind: str | None = None, query: str | None = None, limit: int = 50
) -> list[CanonicalActor]:
    """Canonical actors across the stored articles, most frequent first."""
    with open_store(db) as st:
        return st.actors(kind=kind, query=query, limit=limit)


def search(query: str, *, db: str | None = None, limit: int = 20) -> list[SearchHit]:
    """Full-text search over stored articles."""
    with open_store(db) as st:
        return st.search(query, limit=limit)


def export(
    fmt: str,
    out: IO[str] | IO[bytes],
    *,
    db: str | None = None,
    ids: Iterable[str] | None = None,
    table: str | None = None,
    story: str | None = None,
    authors: bool = False,
) -> int:
    """Write stored data to ``out``: one table (``jsonl``, ``csv``, ``parquet``: articles, stories, flags or
    actors) or the actor network (``graphml``, ``gexf``); returns the rows (or network nodes) written.

    See :mod:`slant.export`; ``parquet`` needs a binary stream.
    """
    with open_store(db) as st:
        return _export.export(fmt, out, st, ids=ids, table=table, story=story, authors=authors)


def export_to_path(
    fmt: str,
    path: str | Path,
    *,
    db: str | None = None,
    table: str | None = None,
    story: str | None = None,
    authors: bool = False,
) -> int:
    """Like :func:`export`, into a file (written atomically: a failed export leaves no half file)."""
    with open_store(db) as st:
        return _export.export_to_path(fmt, path, st, table=table, story=story, authors=authors)


# listings for the web app (`slant serve`) ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Overview:
    """What a store holds: counts by table and status, the latest runs, and the values to filter by."""

    db: str
    counts: dict[str, int]
    runs: tuple[RunRecord, ...]
    facets: dict[str, list[tuple[str, int]]]


def overview(*, db: str | None = None, runs: int = 5) -> Overview:
    """Counts, the ``runs`` most recent runs and the filter values (sites, languages, statuses) of a store."""
    with open_store(db) as st:
        return Overview(db=st.where, counts=st.count(), runs=tuple(st.runs(runs)), facets=_listing.facets(st))


def list_articles(
    *,
    db: str | None = None,
    site: str | None = None,
    language: str | None = None,
    status: str | None = None,
    story: str | None = None,
    offset: int = 0,
    limit: int = 50,
) -> ArticlePage:
    """One page of stored articles (metadata only), newest first, filtered by exact site, language, status
    or story id."""
    with open_store(db) as st:
        return _listing.list_articles(
            st, site=site, language=language, status=status, story=story, offset=offset, limit=limit
        )


# report and network (`slant report`, `slant export --format graphml|gexf`) ------------------------------


def network(*, db: str | None = None, story: str | None = None, authors: bool = False) -> Any:
    """The actor network (a ``networkx.MultiDiGraph``, see :mod:`slant.network`) of the stored articles or
    of one story (id or unique prefix); ``authors`` adds each article's author and their stances."""
    from slant import network as _network

    with open_store(db) as st:
        ids = _export.find_story(st, story).articles if story else None
        return _network.build_network(st.iter_analyses(ids), authors=authors)


def report(path_out: str | Path, *, story: str | None = None, db: str | None = None) -> Path:
    """Write the self-contained HTML report of the whole store or of one story to ``path_out`` (atomically)
    and return its path. The heatmaps come from the story comparisons when :mod:`slant.compare` is there;
    comparisons and network share one actor index, so heatmap rows and network nodes carry the same names."""
    from slant import network as _network
    from slant import report as _report
    from slant.compare import link_all

    with open_store(db) as st:
        if story:
            chosen = [_export.find_story(st, story)]
            analyses = list(st.iter_analyses(chosen[0].articles))
        else:
            chosen = _export.stories_of(st)
            analyses = list(st.iter_analyses())
    index = link_all(_network.included(analyses))
    html = _report.report(
        analyses,
        _report_comparisons(analyses, chosen, index),
        _network.build_network(analyses, index=index),
        stories=chosen,
    )
    with _export.atomic_path(path_out) as tmp:
        tmp.write_text(html, encoding="utf-8")
    return Path(path_out)


#: A whole-store report charts the stance heatmaps of at most this many stories (the biggest).
REPORT_MAX_STORIES = 20


def _report_comparisons(analyses: Sequence[Analysis], stories: Sequence[Story], index: ActorIndex) -> list[Comparison]:
    """The story comparisons (:func:`slant.compare.compare_story`) that give the report's heatmaps, their
    actors linked by ``index`` (the report's shared actor index)."""
    from slant.compare import compare_story

    return [compare_story(s, analyses, index=index) for s in stories[:REPORT_MAX_STORIES]]


# compare (`slant compare`) -------------------------------------------------------------------------------


def compare(
    paths: Sequence[str] = (),
    *,
    story: str | None = None,
    db: str | None = None,
    settings: Settings | None = None,
    on_progress: ProgressCallback | None = None,
    on_report: Callable[[RunReport], None] | None = None,
) -> list[Comparison]:
    """Compare the articles of each story side by side (:func:`slant.compare.compare_story`).

    With ``paths``: analyse them into the store (articles already stored are reused), group the analysed
    articles into stories (:func:`slant.stories.cluster`) and compare each story; a story of one article
    is listed too, marked ``single``. With ``story``: compare that stored story (id or unique prefix).
    ``on_report`` receives the analysis run's report (its ``errors`` name the inputs that failed).
    """
    from slant.compare import compare_story
    from slant.stories import cluster

    settings = settings or load_settings()
    if db is not None:
        settings = settings.replace(db=db)
    if story is not None:
        if paths:
            raise ConfigError("give either PATHS or --story, not both")
        with open_store(settings=settings) as st:
            chosen = st.story(story)
            analyses = list(st.iter_analyses(chosen.articles))
        return [compare_story(chosen, analyses)]
    if not paths:
        raise ConfigError(
            "nothing to compare: name the files or folders of a story, or give --story ID (`slant stories` lists them)"
        )
    found: dict[str, Analysis] = {}

    def keep(a: Analysis) -> None:
        found.setdefault(a.article.id, a)

    run = analyze(paths, settings=settings, on_result=keep, on_progress=on_progress)
    if on_report is not None:
        on_report(run)
    analyses = list(found.values())
    return [compare_story(s, analyses) for s in cluster(analyses)]


# stories (`slant stories`) -------------------------------------------------------------------------------


def _featurise_written(st: Store, analyses: Sequence[Analysis]) -> None:
    from slant.stories import featurise_written

    featurise_written(st, analyses)


def _update_stories(st: Store, ids: Sequence[str] | None = None, params: ClusterParams | None = None) -> StoriesReport:
    from slant.stories import update_stored

    return update_stored(st, ids, params)


def update_stories(
    db: str | Store | None = None, ids: Sequence[str] | None = None, *, params: ClusterParams | None = None
) -> StoriesReport:
    """Put the stored articles that have no story yet (of ``ids``, or all) into stories, incrementally:
    each joins the best matching stored story or starts one, and near-duplicates are linked to their
    original (:mod:`slant.stories`). ``analyze`` runs this for its new articles."""
    if isinstance(db, Store):
        return _update_stories(db, ids, params)
    with open_store(db) as st:
        return _update_stories(st, ids, params)


def rebuild_stories(db: str | Store | None = None, *, params: ClusterParams | None = None) -> StoriesReport:
    """Forget every stored story and copy link and cluster all stored articles again."""
    from slant.stories import rebuild_stored

    if isinstance(db, Store):
        return rebuild_stored(db, params)
    with open_store(db) as st:
        return rebuild_stored(st, params)


def stories(db: str | None = None, limit: int | None = 50) -> list[Story]:
    """Stored stories, biggest first (then most recently active); ``limit`` None for all."""
    return [s.story for s in story_summaries(db, limit)]


def story_summaries(db: str | None = None, limit: int | None = 50) -> list[StorySummary]:
    """Stored stories with their outlets (what ``slant stories`` shows), biggest first."""
    with open_store(db) as st:
        return st.story_summaries(limit=limit)


def story(ref: str, db: str | None = None) -> Story:
    """One stored story by id or unique id prefix (NotFoundError, with advice, otherwise)."""
    with open_store(db) as st:
        return st.story(ref)


def cluster(analyses: Sequence[Analysis], params: ClusterParams | None = None) -> list[Story]:
    """Group analyses into stories in memory, nothing stored (:func:`slant.stories.cluster`)."""
    from slant.stories import cluster as _cluster

    return _cluster(analyses, params)
