"""``slant bench clustering``: story clustering quality (B-cubed, adjusted Rand) and its cost at scale.

Quality:

* **SEESAW** (Zhang, Beauchamp and Wang, EMNLP 2022, https://github.com/launchnlp/SEESAW, CC BY-NC-SA 4.0;
  evaluation only, never shipped): each story of ``meta/*.json`` is told by three outlets. The articles of
  the train and valid splits (title, and the sentences joined) are clustered after slant's actors-only
  pipeline (``slant.actors.v12``) has found their actors; SEESAW gives no publication dates, so the run is
  scored twice: without dates, and with the date that 398 of the 486 article URLs carry (``/2015/03/20/``).
  Gold: the story each article belongs to.
* **examples/**: ``slant analyze`` (fast mode) on the examples corpus, then clustering; gold: the Eastport
  story (every file but one) and the Brackenford maternity item, and the Saltmarsh repost as a copy of the
  Courier post.

Scale: synthetic corpora (no text): story centres drawn at random, each article's lead embedding a mix of
a direction shared by all news, its story's centre and noise (cosines like WordLlama's: about 0.6 within a
story, 0.2 between stories); actors drawn from a Zipf vocabulary (a story's own actors plus popular ones
shared by many stories); publication times spread over a year, a story lasting days. Each size runs in a
fresh single-threaded process; the time is the clustering alone, the peak RSS that of the whole process.
The growth exponent between two sizes is ``log(t2/t1) / log(n2/n1)`` (1 = linear, 2 = quadratic).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import math
import os
import platform
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np

from slant.bench.speed import replace_section
from slant.models import Analysis, Article, Story

MARK_START = "<!-- clustering:begin -->"
MARK_END = "<!-- clustering:end -->"
MB = 1024 * 1024
ROOT = Path(__file__).resolve().parents[3]

# ---------------------------------------------------------------------------------------------- metrics


def _codes(labels: Sequence[Hashable]) -> np.ndarray:
    index: dict[Hashable, int] = {}
    return np.fromiter((index.setdefault(x, len(index)) for x in labels), dtype=np.int64, count=len(labels))


def _contingency(pred: Sequence[Hashable], gold: Sequence[Hashable]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cell counts ``n_ij`` (only non-zero cells), and the pair's row and column indices."""
    if len(pred) != len(gold):
        raise ValueError(f"{len(pred)} predicted labels for {len(gold)} gold labels")
    p, g = _codes(pred), _codes(gold)
    pairs, counts = np.unique(np.stack([p, g], axis=1), axis=0, return_counts=True) if len(p) else (
        np.zeros((0, 2), np.int64), np.zeros(0, np.int64))  # fmt: skip
    return counts.astype(np.float64), pairs[:, 0], pairs[:, 1]


def bcubed(pred: Sequence[Hashable], gold: Sequence[Hashable]) -> tuple[float, float, float]:
    """B-cubed precision, recall and F1 (Bagga and Baldwin 1998; Amigó et al. 2009), averaged over items."""
    if not len(gold):
        return 1.0, 1.0, 1.0
    n_ij, rows, cols = _contingency(pred, gold)
    size_p = np.bincount(rows, weights=n_ij)
    size_g = np.bincount(cols, weights=n_ij)
    precision = float((n_ij**2 / size_p[rows]).sum() / len(gold))
    recall = float((n_ij**2 / size_g[cols]).sum() / len(gold))
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def _pairs(x: np.ndarray) -> float:
    return float((x * (x - 1) / 2).sum())


def adjusted_rand(pred: Sequence[Hashable], gold: Sequence[Hashable]) -> float:
    """Adjusted Rand index (Hubert and Arabie 1985): 1 for identical partitions, about 0 for chance."""
    n = len(gold)
    if n < 2:
        return 1.0
    n_ij, rows, cols = _contingency(pred, gold)
    index = _pairs(n_ij)
    a = _pairs(np.bincount(rows, weights=n_ij))
    b = _pairs(np.bincount(cols, weights=n_ij))
    expected = a * b / (n * (n - 1) / 2)
    maximum = (a + b) / 2
    if maximum == expected:  # both partitions all singletons, or both one cluster
        return 1.0
    return (index - expected) / (maximum - expected)


def scores(pred: Sequence[Hashable], gold: Sequence[Hashable]) -> dict[str, float | int]:
    """B-cubed P/R/F1, ARI and the cluster counts of a predicted partition against the gold one."""
    p, r, f = bcubed(pred, gold)
    return {
        "bcubed_precision": round(p, 4),
        "bcubed_recall": round(r, 4),
        "bcubed_f1": round(f, 4),
        "ari": round(adjusted_rand(pred, gold), 4),
        "items": len(gold),
        "predicted_stories": len(set(pred)),
        "gold_stories": len(set(gold)),
    }


def labels_of(stories: Sequence[Story]) -> dict[str, str]:
    """Article id -> story id."""
    return {a: s.id for s in stories for a in s.articles}


# ---------------------------------------------------------------------------------------------- SEESAW

_MONTHS = {
    m: i for i, m in enumerate(["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1)
}
_URL_DATES = (
    re.compile(r"/((?:19|20)\d\d)/(\d\d?|[a-z]{3})/(\d\d?)/"),
    re.compile(r"((?:19|20)\d\d)-(\d\d)-(\d\d)"),
    re.compile(r"/((?:19|20)\d\d)(\d\d)(\d\d)/"),
)


def url_date(url: str) -> str | None:
    """The ISO date a news URL carries (``/2015/03/20/``, ``/2015/mar/21/``, ``2015-03-20``), else None."""
    for pattern in _URL_DATES:
        m = pattern.search(url.lower())
        if not m:
            continue
        month = _MONTHS.get(m[2]) if m[2].isalpha() else int(m[2])
        try:
            return datetime(int(m[1]), int(month or 0), int(m[3]), tzinfo=UTC).date().isoformat()
        except ValueError:
            continue
    return None


def seesaw_articles(
    root: Path, splits: Sequence[str] = ("train", "valid"), *, dates: bool = False
) -> tuple[list[Article], list[str]]:
    """SEESAW articles of ``splits`` (title, sentences joined) and each one's gold story id."""
    from slant.bench.seesaw import _dataset_dir

    data = _dataset_dir(Path(root))
    arts: list[Article] = []
    gold: list[str] = []
    for meta_path in sorted((data / "meta").glob("*.json")):
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
        if meta.get("Split") not in splits:
            continue
        for path in sorted((data / "articles").glob(f"{meta_path.stem}_DOCUMENT_*.json")):
            doc = json.loads(path.read_text(encoding="utf-8"))
            number = path.stem.rsplit("_", 1)[1]
            info = meta.get(f"Meta info for article {number}") or {}
            text = " ".join(str(s["text"]).strip() for s in doc.get("text", ()))
            published = url_date(str(info.get("url") or "")) if dates else None
            title = doc.get("title") or info.get("title")
            arts.append(
                Article(
                    id=path.stem,
                    source=str(path),
                    text=text,
                    title=title,
                    url=info.get("url"),
                    published=published,
                    site_name=info.get("source"),
                    language="en",
                )
            )
            gold.append(meta_path.stem)
    return arts, gold


def with_actors(articles: Sequence[Article]) -> list[Analysis]:
    """Analyses holding the actors that slant's actors-only pipeline (``slant.actors.v12``) finds."""
    from slant.pipeline import build_pipeline

    pipeline = build_pipeline(("slant.actors.v12",), batch_size=32)
    return pipeline.analyze(articles)


def seesaw_quality(root: Path, params: Any = None, analyses: Sequence[Analysis] | None = None) -> dict[str, Any]:
    """Cluster SEESAW train+valid without and with URL dates; scores of each."""
    from slant.stories import cluster

    articles, gold = seesaw_articles(root, dates=True)
    started = time.perf_counter()
    dated = list(analyses) if analyses is not None else with_actors(articles)
    actor_seconds = time.perf_counter() - started
    undated = [Analysis(article=_undated(a.article), actors=a.actors, pipeline=a.pipeline) for a in dated]
    out: dict[str, Any] = {"dataset": "SEESAW train+valid", "actor_seconds": round(actor_seconds, 1)}
    for name, items in (("no dates", undated), ("URL dates", dated)):
        started = time.perf_counter()
        stories = cluster(items, params)
        seconds = time.perf_counter() - started
        found = labels_of(stories)
        out[name] = {**scores([found[a.article.id] for a in items], gold), "seconds": round(seconds, 2)}
    out["dated_articles"] = sum(a.article.published is not None for a in dated)
    return out


def _undated(article: Article) -> Article:
    return dataclasses.replace(article, published=None)


# --------------------------------------------------------------------------------------------- examples

#: Gold story of each examples/ source (file name, or ``file#Ln`` for feed items); the rest: Eastport.
EXAMPLE_GOLD = {"newswire-feed.jsonl#L3": "brackenford"}
EXAMPLE_COPIES = {"saltmarsh-voices-repost.txt": "harbourside-courier-backs-mawdsley.txt"}


def _source_name(source: str) -> str:
    path, _, line = source.partition("#")
    return Path(path).name + (f"#{line}" if line else "")


def examples_quality(examples: Path | None = None, params: Any = None) -> dict[str, Any]:
    """Analyse examples/ (fast mode) into a temporary store and cluster it; scores and copies found."""
    from slant import api
    from slant.config import load_settings
    from slant.stories import cluster

    folder = examples or ROOT / "examples"
    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings(env={}, db=str(Path(tmp) / "ex.db"))
        api.analyze([str(folder)], settings=settings, cluster_stories=False)
        with api.open_store(settings.db) as st:
            analyses = list(st.iter_analyses())
    stories = cluster(analyses, params)
    found = labels_of(stories)
    items = [a for a in analyses if a.article.id in found]
    name = {a.article.id: _source_name(a.article.source) for a in analyses}
    gold = [EXAMPLE_GOLD.get(name[a.article.id], "eastport") for a in items]
    copies = {name[c]: name[o] for s in stories for c, o in s.copies}
    return {
        "dataset": "examples/",
        **scores([found[a.article.id] for a in items], gold),
        "copies_found": copies,
        "copies_expected": EXAMPLE_COPIES,
        "copies_ok": copies == EXAMPLE_COPIES,
        "stories": [{"id": s.id, "label": s.label, "articles": [name[a] for a in s.articles]} for s in stories],
    }


# ------------------------------------------------------------------------------------------------ scale


def synthetic_batches(
    n: int, *, seed: int = 11, dim: int = 256, batch: int = 20_000, mean_story: float = 5.0
) -> tuple[np.ndarray, Any]:
    """Gold story of each synthetic article (in time order), and a generator of feature batches."""
    from slant.stories import ArticleFeatures

    rng = np.random.default_rng(seed)
    n_stories = max(1, int(n / mean_story))
    story_of = rng.integers(0, n_stories, size=n)
    # a long tail of story sizes: weight stories by a Zipf-like draw
    weights = 1.0 / (1 + rng.permutation(n_stories)) ** 0.6
    story_of = rng.choice(n_stories, size=n, p=weights / weights.sum())
    start = rng.uniform(0, 365, size=n_stories)
    days = start[story_of] + rng.exponential(1.5, size=n)
    order = np.argsort(days, kind="stable")
    story_of, days = story_of[order], days[order]
    common = rng.standard_normal(dim).astype(np.float32)
    common /= np.linalg.norm(common)
    vocab = max(50, n // 4)
    zipf = 1.0 / np.arange(1, vocab + 1) ** 1.1
    zipf /= zipf.sum()
    story_actors = rng.choice(vocab, size=(n_stories, 3), p=zipf)

    def batches() -> Any:
        centre_rng = np.random.default_rng(seed + 1)
        centres: dict[int, np.ndarray] = {}
        for lo in range(0, n, batch):
            hi = min(n, lo + batch)
            sids = story_of[lo:hi]
            for s in np.unique(sids).tolist():
                if s not in centres:
                    v = np.random.default_rng([seed, s]).standard_normal(dim).astype(np.float32)
                    centres[s] = v / np.linalg.norm(v)
            c = np.stack([centres[s] for s in sids.tolist()])
            noise = centre_rng.standard_normal((hi - lo, dim)).astype(np.float32) / math.sqrt(dim)
            vec = 0.45 * common + 0.75 * c + 0.55 * noise
            vec /= np.linalg.norm(vec, axis=1, keepdims=True)
            keep = centre_rng.random((hi - lo, 3)) < 0.7
            extra = centre_rng.choice(vocab, size=(hi - lo, 2), p=zipf)
            out = []
            for j in range(hi - lo):
                own = [int(a) for a, k in zip(story_actors[sids[j]], keep[j], strict=True) if k]
                keys = list(dict.fromkeys([*own, *extra[j].tolist()]))
                out.append(
                    ArticleFeatures(
                        article_id=f"a{lo + j}",
                        embedding=vec[j],
                        actors=tuple((f"k{k}", f"Actor {k}") for k in keys),
                        days=float(days[lo + j]),
                        title_terms=(f"t{sids[j] % 997}", f"t{(sids[j] * 7) % 991}"),
                    )
                )
            yield out

    return story_of, batches()


def peak_rss_bytes() -> int:
    """This process's peak resident set size: ``VmHWM`` on Linux, which (unlike ``ru_maxrss``) starts
    afresh at ``exec``, so a worker started by a big parent reports its own peak."""
    try:
        for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def scale_run(n: int, seed: int = 11) -> dict[str, Any]:
    """Cluster ``n`` synthetic articles in this process; time, peak RSS and B-cubed against the generator."""
    from slant.stories import StoryClusterer

    gold, batches = synthetic_batches(n, seed=seed)
    clusterer = StoryClusterer()
    found: list[str] = []
    seconds = 0.0
    for items in batches:
        started = time.perf_counter()
        found.extend(a.story for a in clusterer.add_many(items))
        seconds += time.perf_counter() - started
    peak = peak_rss_bytes()
    quality = scores(found, gold.tolist())
    return {"articles": n, "seconds": round(seconds, 2), "peak_rss_mb": round(peak / MB), **quality}


def scale_in_subprocess(n: int, timeout: float | None = None) -> dict[str, Any]:
    """:func:`scale_run` in a fresh single-threaded Python process (so the peak RSS is this size's alone)."""
    env = {**os.environ, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "slant.bench.clustering", "--scale-worker", str(n)],
        capture_output=True, text=True, env=env, timeout=timeout, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise RuntimeError(f"scale run of {n} articles failed: {done.stderr.strip()[-2000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def growth(rows: Sequence[dict[str, Any]]) -> list[tuple[int, int, float]]:
    """``(n1, n2, exponent)`` between consecutive sizes: ``log(t2/t1) / log(n2/n1)``."""
    out = []
    for a, b in itertools.pairwise(rows):
        if a["seconds"] > 0 and b["seconds"] > 0 and b["articles"] != a["articles"]:
            k = math.log(b["seconds"] / a["seconds"]) / math.log(b["articles"] / a["articles"])
            out.append((a["articles"], b["articles"], k))
    return out


# ----------------------------------------------------------------------------------------------- report


@dataclass(slots=True)
class ClusteringResult:
    """Everything one ``slant bench clustering`` run measured."""

    seesaw: dict[str, Any] | None = None
    examples: dict[str, Any] | None = None
    scale: list[dict[str, Any]] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)

    def markdown(self) -> str:
        lines = [
            "### Story clustering",
            "",
            f"`slant bench clustering`, {datetime.now(UTC).date().isoformat()}, "
            f"{platform.processor() or platform.machine()}, Python {platform.python_version()}. "
            "Quality: B-cubed precision/recall/F1 over articles and the adjusted Rand index (ARI).",
            "",
        ]
        rows = []
        if self.seesaw:
            for name in ("no dates", "URL dates"):
                if name in self.seesaw:
                    rows.append((f"SEESAW train+valid, {name}", self.seesaw[name]))
        if self.examples:
            rows.append(("examples/ (fast mode)", self.examples))
        if rows:
            lines += [
                "| corpus | articles | gold stories | stories found | B³ precision | B³ recall | B³ F1 | ARI |",
                "|---|---:|---:|---:|---:|---:|---:|---:|",
            ]
            for name, r in rows:
                lines.append(
                    f"| {name} | {r['items']} | {r['gold_stories']} | {r['predicted_stories']} | "
                    f"{r['bcubed_precision']:.3f} | {r['bcubed_recall']:.3f} | {r['bcubed_f1']:.3f} | {r['ari']:.3f} |"
                )
            lines.append("")
        if self.examples:
            ok = "recognised" if self.examples.get("copies_ok") else "NOT recognised"
            lines += [f"examples/: the Saltmarsh repost as a copy of the Courier post: {ok}.", ""]
        if self.seesaw:
            lines += [
                f"SEESAW: {self.seesaw.get('dated_articles', 0)} of {self.seesaw['no dates']['items']} articles "
                "carry a date in their URL; the actors came from `slant.actors.v12` "
                f"({self.seesaw.get('actor_seconds', 0)} s).",
                "",
            ]
        if self.scale:
            lines += [
                "Scale (synthetic articles, one single-threaded process per size; time is clustering alone):",
                "",
                "| articles | seconds | µs/article | peak RSS | stories found | B³ F1 | ARI |",
                "|---:|---:|---:|---:|---:|---:|---:|",
            ]
            for r in self.scale:
                per = 1e6 * r["seconds"] / r["articles"] if r["articles"] else 0.0
                lines.append(
                    f"| {r['articles']:,} | {r['seconds']:.1f} | {per:.0f} | {r['peak_rss_mb']:,} MB | "
                    f"{r['predicted_stories']:,} | {r['bcubed_f1']:.3f} | {r['ari']:.3f} |"
                )
            lines.append("")
            steps = growth(self.scale)
            if len(self.scale) > 2:
                steps += growth([self.scale[0], self.scale[-1]])
            for n1, n2, k in steps:
                lines.append(f"Growth {n1:,} → {n2:,}: time ∝ n^{k:.2f}.")
            lines += [
                "",
                "Every size spans the same year, so a bigger corpus is a denser stream: the posting lists fill up "
                "to their caps (at most `postings_cap × (max_actor_keys + bands)` candidate stories per article), "
                "which is why the cost per article rises with the size; the caps bound it, so once they are "
                "reached the total grows linearly. The machine is shared with a model-training job, so the "
                "timings are pessimistic.",
                "",
            ]
        return "\n".join(lines) + "\n"

    def write(self, path: Path) -> None:
        """Replace the section between the clustering markers in ``path`` (append it when absent)."""
        replace_section(path, "clustering", self.markdown())


def run_clustering_bench(
    *,
    seesaw: Path | None = None,
    examples: bool = True,
    sizes: Sequence[int] = (10_000, 100_000, 1_000_000),
    on_line: Callable[[str], None] = print,
) -> ClusteringResult:
    """Run the quality and scale benchmarks (see the module doc)."""
    from slant.stories import ClusterParams

    result = ClusteringResult(params=ClusterParams().as_dict())
    if seesaw is not None:
        on_line(f"SEESAW: clustering {seesaw}")
        result.seesaw = seesaw_quality(seesaw)
        on_line(json.dumps({k: v for k, v in result.seesaw.items()}))
    if examples:
        on_line("examples/: analysing and clustering")
        result.examples = examples_quality()
        on_line(json.dumps({k: v for k, v in result.examples.items() if k != "stories"}))
    for n in sizes:
        on_line(f"scale: {n:,} synthetic articles")
        row = scale_in_subprocess(n)
        result.scale.append(row)
        on_line(json.dumps(row))
    return result


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m slant.bench.clustering --scale-worker N``: one scale run, printed as JSON."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) == 2 and args[0] == "--scale-worker":
        print(json.dumps(scale_run(int(args[1]))))
        return 0
    print("usage: python -m slant.bench.clustering --scale-worker N (or: slant bench clustering)", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
