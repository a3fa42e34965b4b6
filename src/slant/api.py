"""The library facade: what the CLI and the web app call. One function per user-facing job.

>>> from slant import api
>>> report = api.analyze(["examples/"], db="slant.db")           # doctest: +SKIP
>>> api.analyze_text("Ms Ada Quill backed Tom Reyes on Monday.")  # doctest: +SKIP
"""

from __future__ import annotations

import csv
import json
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, BinaryIO

from slant.clean import clean_document
from slant.config import Settings, load_settings
from slant.engine.local import LocalEngine
from slant.errors import ConfigError
from slant.ingest import list_sources, read_source
from slant.models import Analysis, Article, InputError, RawDocument
from slant.pipeline import build_pipeline, components_for, pipeline_names
from slant.store import CanonicalActor, SearchHit, Store

__all__ = [
    "ProgressCallback",
    "ResultCallback",
    "RunReport",
    "actors",
    "analyze",
    "analyze_text",
    "export",
    "open_store",
    "search",
    "show",
]

#: Called as ``on_progress(event, payload)``; events: ``sources`` (total), ``source_done``, ``article``.
ProgressCallback = Callable[[str, int], None]
#: Called with each article's analysis as soon as it is known (new or already stored).
ResultCallback = Callable[[Analysis], None]

EXPORT_FORMATS = ("jsonl", "csv")


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
) -> RunReport:
    """Ingest, clean, analyse and store ``inputs`` (files, folders, globs, ``-``, URLs).

    Articles already stored by the same pipeline are not analysed again (re-running is idempotent and
    an interrupted run resumes); bad inputs are collected in the report and the batch goes on.
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
        sources, errors = list_sources(inputs, settings)
        run_id = st.start_run(list(inputs), {"workers": settings.workers, "mode": settings.mode})
        report = RunReport(run_id=run_id, sources=len(sources), db=settings.db, errors=list(errors))
        if errors:
            st.record_errors(errors, run_id)
        progress = on_progress or (lambda event, n: None)
        progress("sources", len(sources))
        seen: set[str] = set()  # ids met in this run, for exact-duplicate detection
        in_flight: dict[str, list[str]] = {}  # id -> its sources, until its batch is written

        def emit_stored(article_id: str) -> None:
            if on_result is not None:
                on_result(st.get(article_id))

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
                        emit_stored(article.id)
                        progress("article", 1)
                        continue
                    in_flight[article.id] = [item.source]
                    yield article
                progress("source_done", 1)

        engine = LocalEngine(workers=settings.workers, components=components)
        for batch in engine.run(articles()):
            st.write(batch, sources={a.article.id: in_flight.pop(a.article.id, []) for a in batch})
            for analysis in batch:
                if analysis.article.status == "analysed":
                    report.analysed += 1
                    report.words += analysis.article.word_count
                if on_result is not None:
                    on_result(analysis)
                progress("article", 1)
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


CSV_COLUMNS = (
    "id", "source", "url", "title", "author", "published", "site_name", "language", "status",
    "words", "actors", "top_actors",
)  # fmt: skip


def _csv_row(a: Analysis) -> dict[str, Any]:
    art = a.article
    top = sorted(a.actors, key=lambda x: -len(x.mentions))[:5]
    return {
        "id": art.id,
        "source": art.source,
        "url": art.url or "",
        "title": art.title or "",
        "author": art.author or "",
        "published": art.published or "",
        "site_name": art.site_name or "",
        "language": art.language or "",
        "status": art.status,
        "words": art.word_count,
        "actors": len(a.actors),
        "top_actors": "; ".join(f"{x.name} ({x.kind})" for x in top),
    }


def export(fmt: str, out: IO[str], *, db: str | None = None, ids: Iterable[str] | None = None) -> int:
    """Write the stored analyses to ``out`` as JSON Lines or CSV; returns the number of articles."""
    if fmt not in EXPORT_FORMATS:
        raise ConfigError(f"unknown export format {fmt!r}; choose one of {', '.join(EXPORT_FORMATS)}")
    n = 0
    with open_store(db) as st:
        if fmt == "jsonl":
            for a in st.iter_analyses(ids):
                out.write(json.dumps(a.to_json(), ensure_ascii=False) + "\n")
                n += 1
        else:
            writer = csv.DictWriter(out, fieldnames=list(CSV_COLUMNS))
            writer.writeheader()
            for a in st.iter_analyses(ids):
                writer.writerow(_csv_row(a))
                n += 1
    return n


def export_to_path(fmt: str, path: str | Path, *, db: str | None = None) -> int:
    """Like :func:`export`, into a file (written atomically: a failed export leaves no half file)."""
    target = Path(path)
    tmp = target.with_name(target.name + ".part")
    try:
        with tmp.open("w", encoding="utf-8", newline="") as fh:
            n = export(fmt, fh, db=db)
        tmp.replace(target)
    finally:
        tmp.unlink(missing_ok=True)
    return n
