"""Run the pipeline on this machine: in-process, or on a pool of worker processes.

Workers load the models once (pool initializer) and analyse batches of cleaned articles; results come
back to the caller in submission order. The engine never touches the store: the caller is the one
writer. At most ``2 × workers`` batches are in flight, so memory stays flat however long the input.

Workers die with their parent: a worker asks the kernel for SIGKILL when its parent dies (Linux
``PR_SET_PDEATHSIG``) and, on any system, a watchdog thread exits the worker once its parent is gone, so
``kill -9`` of ``slant analyze`` leaves no worker behind.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import multiprocessing
import os
import resource
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import islice

from slant.models import Analysis, Article
from slant.pipeline import DEFAULT_COMPONENTS, Pipeline, build_pipeline

_worker_pipeline: Pipeline | None = None

#: The collector's thresholds in a process that analyses: the youngest generation is collected every
#: 10,000 allocations rather than every 700. Parsing and the analysers make many short-lived objects and
#: almost no cycles; at the default, collections took about 5 ms an article (3 % of the run).
GC_THRESHOLDS = (10_000, 10, 10)


_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int, poll_seconds: float = 0.5) -> None:
    """End this process when the process ``parent`` is gone (no orphaned worker keeps running)."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        except (OSError, AttributeError):
            pass  # the watchdog below still covers it
    if os.getppid() != parent:  # the parent died before the signal was asked for
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll_seconds)
        os._exit(1)  # no cleanup to run: the parent, the one writer to the store, is gone

    threading.Thread(target=watch, name="slant-parent-watch", daemon=True).start()


def _init_worker(components: tuple[str, ...], batch_size: int, parent: int) -> None:
    global _worker_pipeline
    die_with_parent(parent)
    _worker_pipeline = build_pipeline(components, batch_size=batch_size)
    tune_gc()


def tune_gc() -> None:
    """Take what is loaded so far (the models: long-lived, never garbage) out of the collector's sight
    and collect less often (:data:`GC_THRESHOLDS`). For processes slant owns: its workers and its CLI."""
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def _analyze_batch(batch: list[Article]) -> tuple[list[Analysis], int]:
    assert _worker_pipeline is not None, "worker used before its initializer ran"
    return _worker_pipeline.analyze(batch), peak_rss_bytes()


def peak_rss_bytes() -> int:
    """This process's peak resident set size in bytes (Linux reports kilobytes)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def batched(items: Iterable[Article], size: int) -> Iterator[list[Article]]:
    """Consecutive lists of at most ``size`` items."""
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


class LocalEngine:
    """Analyses batches of articles; ``workers=1`` runs in this process."""

    def __init__(
        self,
        *,
        workers: int = 1,
        components: Sequence[str] = DEFAULT_COMPONENTS,
        batch_size: int = 16,
        max_tasks_per_child: int = 250,
    ) -> None:
        self.workers = workers
        self.components = tuple(components)
        self.batch_size = batch_size
        #: A worker is replaced after this many batches, so slow growth in native libraries (spaCy's
        #: string store, allocator fragmentation) can never add up over a crawl of millions of articles.
        self.max_tasks_per_child = max_tasks_per_child
        #: Peak RSS seen in each worker process (bytes), for benchmarks.
        self.worker_peak_rss: int = 0
        self._pipeline: Pipeline | None = None

    def run(self, articles: Iterable[Article]) -> Iterator[list[Analysis]]:
        """Yield the analyses batch by batch, in the order the articles came."""
        if self.workers <= 1:
            yield from self._run_inline(articles)
        else:
            yield from self._run_pool(articles)

    def _run_inline(self, articles: Iterable[Article]) -> Iterator[list[Analysis]]:
        for batch in batched(articles, self.batch_size):
            if self._pipeline is None:
                self._pipeline = build_pipeline(self.components, batch_size=self.batch_size)
            yield self._pipeline.analyze(batch)
            self.worker_peak_rss = max(self.worker_peak_rss, peak_rss_bytes())

    def _run_pool(self, articles: Iterable[Article]) -> Iterator[list[Analysis]]:
        ctx = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=ctx,
            initializer=_init_worker,
            initargs=(self.components, self.batch_size, os.getpid()),
            max_tasks_per_child=self.max_tasks_per_child,
        ) as pool:
            pending: deque[Future[tuple[list[Analysis], int]]] = deque()
            for batch in batched(articles, self.batch_size):
                pending.append(pool.submit(_analyze_batch, batch))
                while len(pending) >= 2 * self.workers:
                    yield self._collect(pending.popleft())
            while pending:
                yield self._collect(pending.popleft())

    def _collect(self, fut: Future[tuple[list[Analysis], int]]) -> list[Analysis]:
        result, rss = fut.result()
        self.worker_peak_rss = max(self.worker_peak_rss, rss)
        return result
