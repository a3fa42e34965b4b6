"""``slant bench speed``: the whole pipeline beside spaCy's ``nlp.pipe`` alone, on the same texts.

The floor runs the same worker pool with no slant component: cleaned texts in memory go straight to
``nlp.pipe``. The full run is ``api.analyze`` on the files: ingest, clean, language, actors, and the
store. Both include starting the workers and loading the model, so the ratio is a fair overhead.
"""

from __future__ import annotations

import platform
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from slant.bench.corpus import write_corpus
from slant.engine.local import LocalEngine, peak_rss_bytes
from slant.errors import ConfigError
from slant.models import Article

MB = 1024 * 1024


@dataclass(frozen=True, slots=True)
class SpeedRow:
    """One measured run."""

    size: int
    what: str
    seconds: float
    articles: int
    words: int
    worker_rss: int
    main_rss: int

    @property
    def articles_per_s(self) -> float:
        return self.articles / self.seconds if self.seconds else 0.0

    @property
    def words_per_s(self) -> float:
        return self.words / self.seconds if self.seconds else 0.0


@dataclass(slots=True)
class SpeedResult:
    """All rows of one benchmark run, rendered as a markdown table."""

    workers: int
    words: int
    rows: list[SpeedRow] = field(default_factory=list)
    #: Each run was made this many times, interleaved with the others; a row is the fastest of them.
    repeat: int = 1

    def _row(self, size: int, what: str) -> SpeedRow | None:
        return next((r for r in self.rows if r.size == size and r.what == what), None)

    def ratio(self, size: int, what: str = "", base: str = "spacy") -> float | None:
        """Time of run ``what`` (default: the slowest slant run) over the time of run ``base``."""
        floor = self._row(size, RUNS[base])
        runs = [r for r in self.rows if r.size == size and r.what.startswith("slant")]
        row = self._row(size, what) if what else (max(runs, key=lambda r: r.seconds) if runs else None)
        if floor is None or row is None or not floor.seconds:
            return None
        return row.seconds / floor.seconds

    def per_article_ms(self, size: int, what: str, base: str) -> float | None:
        """Extra milliseconds per article that run ``what`` costs over run ``base``."""
        row, floor = self._row(size, what), self._row(size, RUNS[base])
        if row is None or floor is None or not row.articles:
            return None
        return 1000 * (row.seconds - floor.seconds) / row.articles

    def markdown(self) -> str:
        lines = [
            f"### Speed: {self.words}-word articles, {self.workers} worker(s), "
            f"{platform.processor() or platform.machine()}, Python {platform.python_version()}"
            + (f", best of {self.repeat} interleaved runs" if self.repeat > 1 else ""),
            "",
            "| articles | run | seconds | articles/s | words/s | peak RSS per worker | main peak RSS "
            "| × spaCy alone | × actors only | ms/article over actors only |",
            "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for r in self.rows:
            vs_spacy = self.ratio(r.size, r.what, "spacy") if r.what != RUNS["spacy"] else None
            vs_base = self.ratio(r.size, r.what, "foundation") if r.what.startswith("slant") else None
            extra = self.per_article_ms(r.size, r.what, "foundation") if r.what.startswith("slant") else None
            lines.append(
                f"| {r.size:,} | {r.what} | {r.seconds:.1f} | {r.articles_per_s:.1f} | {r.words_per_s:,.0f} "
                f"| {r.worker_rss / MB:.0f} MB | {r.main_rss / MB:.0f} MB | {_fmt(vs_spacy)} | {_fmt(vs_base)} "
                f"| {'' if extra is None else f'{extra:.0f}'} |"
            )
        return "\n".join(lines) + "\n"

    def write(self, path: Path) -> None:
        """Write the table into ``path``, replacing an earlier speed section if the file has one."""
        replace_section(path, "speed", self.markdown())


def _fmt(x: float | None) -> str:
    return "" if x is None else f"{x:.2f}"


def replace_section(path: Path, name: str, markdown: str) -> None:
    """Put ``markdown`` between ``<!-- name:begin/end -->`` markers in ``path``, keeping the rest."""
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    block = f"{begin}\n{markdown}{end}\n"
    old = path.read_text(encoding="utf-8") if path.exists() else "# Benchmarks\n"
    if begin in old and end in old:
        head, rest = old.split(begin, 1)
        new = head + block + rest.split(end, 1)[1].lstrip("\n")
    else:
        new = old.rstrip("\n") + "\n\n" + block
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(new, encoding="utf-8")


def _floor(paths: list[Path], workers: int) -> SpeedRow:
    articles = []
    for i, p in enumerate(paths):
        title, _, body = p.read_text(encoding="utf-8").partition("\n\n")
        articles.append(Article(id=f"bench{i:08d}", source=str(p), text=body, title=title))
    engine = LocalEngine(workers=workers, components=())
    start = time.perf_counter()
    n = 0
    for batch in engine.run(articles):
        n += len(batch)
    seconds = time.perf_counter() - start
    words = sum(a.word_count for a in articles)
    return SpeedRow(len(paths), RUNS["spacy"], seconds, n, words, engine.worker_peak_rss, peak_rss_bytes())


#: The runs ``slant bench speed`` can make, by name: what each one measures.
RUNS: dict[str, str] = {
    "spacy": "spaCy nlp.pipe alone",
    "foundation": "slant analyze, actors only",
    "fast": "slant analyze --mode fast",
    "accurate": "slant analyze --mode accurate",
}


def _slant(folder: Path, size: int, workers: int, db: Path, run: str) -> SpeedRow:
    from slant import api
    from slant.config import load_settings
    from slant.pipeline import components_for

    mode = "fast" if run == "foundation" else run
    components = ("slant.actors.v12",) if run == "foundation" else components_for(mode)
    settings = load_settings(env={}, db=str(db), workers=workers, mode=mode)
    start = time.perf_counter()
    report = api.analyze([str(folder)], settings=settings, components=components)
    seconds = time.perf_counter() - start
    return SpeedRow(size, RUNS[run], seconds, report.analysed, report.words, report.worker_peak_rss, peak_rss_bytes())


def run_speed_bench(
    *,
    sizes: list[int],
    words: int = 700,
    workers: int = 2,
    runs: Sequence[str] = ("spacy", "foundation", "fast", "accurate"),
    repeat: int = 1,
    on_line: Callable[[str], object] = print,
) -> SpeedResult:
    """Measure each corpus size with each run, on the same files (each slant run into a fresh store).

    With ``repeat`` > 1 the runs take turns (spacy, fast, spacy, fast, ...) and each row keeps its fastest
    time: on a shared machine the load drifts by tens of percent within minutes, and a ratio of two runs
    made minutes apart measures the drift as much as the code."""
    unknown = [r for r in runs if r not in RUNS]
    if unknown:
        raise ConfigError(f"unknown benchmark run(s) {', '.join(unknown)}; choose from {', '.join(RUNS)}")
    if repeat < 1:
        raise ConfigError(f"--repeat must be at least 1, not {repeat}")
    result = SpeedResult(workers=workers, words=words, repeat=repeat)
    with tempfile.TemporaryDirectory(prefix="slant-bench-") as tmp:
        for size in sizes:
            folder = Path(tmp) / f"corpus-{size}"
            paths = write_corpus(folder, size, words=words)
            best: dict[str, SpeedRow] = {}
            for turn in range(repeat):
                for run in runs:
                    which = f" (run {turn + 1} of {repeat})" if repeat > 1 else ""
                    on_line(f"{size} articles: {RUNS[run]}{which} ...")
                    if run == "spacy":
                        row = _floor(paths, workers)
                    else:
                        row = _slant(folder, size, workers, Path(tmp) / f"{run}-{size}-{turn}.db", run)
                    if repeat > 1:
                        on_line(f"  {row.seconds:.1f} s")
                    if run not in best or row.seconds < best[run].seconds:
                        best[run] = row
            result.rows.extend(best[run] for run in runs)
    return result
