"""Sentence alignment across the original articles of a story: facts only one article reports, and figures
that differ between articles.

Every sentence (boilerplate and thin sentences left out) is embedded with :func:`slant.nlp.embed.embed`
and matched to the closest sentences of every other article. A sentence ``s`` has a counterpart ``t``
in another article when

    0.5 * cosine(s, t) + 0.5 * coverage >= ALIGN_SCORE   and   cosine(s, t) >= MIN_COSINE

where ``coverage`` is the IDF-weighted share of the content words of ``s`` found in ``t`` (or in ``t``
with the sentence before or after it, since one article's sentence is often two of another's). IDF is
over the story's sentences, so the names every article repeats weigh little. Static embeddings alone rate
any two sentences about the same people as close; coverage asks that the event and its details be there. A sentence that aligns with nothing is a fact only its article
reports; so is an aligned sentence that states a figure no other article gives ("£48 million").

Figures: two sentences from different articles that are about the same thing (cosine >= FIGURE_COSINE and
at least FIGURE_SHARED_WORDS content words in common) and state figures of the same kind with different
values give a *differing figure*; pairs are grouped across articles ("more than 400" / "about 300" /
"around 250" people at the same launch).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from slant.compare._text import Figure, content_words, figures, is_boilerplate, split_sentences
from slant.compare._types import Fact, FigureDiff, FigureMention
from slant.models import Analysis, Span

ALIGN_SCORE = 0.50
MIN_COSINE = 0.30
FIGURE_COSINE = 0.45
FIGURE_SHARED_WORDS = 2
#: Two different figures are accounts of one quantity only when within this factor of each other ...
MAX_RATIO = 3.0
#: ... or, for percentages, this many points apart.
MAX_PERCENT_GAP = 15.0
#: Candidates per other article, by cosine, whose word coverage is computed.
TOP_K = 4
#: Figure kinds compared across articles (years are dates of different events too often).
COMPARED_KINDS = ("count", "percent", "money")

Embedder = Callable[[Sequence[str]], np.ndarray]


@dataclass(frozen=True, slots=True)
class Sentence:
    """A sentence of an article: offsets into its text, content words, figures (offsets into the sentence)."""

    article: str
    start: int
    end: int
    text: str
    words: frozenset[str]
    figures: tuple[Figure, ...]


def article_sentences(analysis: Analysis) -> list[Sentence]:
    """The sentences of an article that could carry a fact (boilerplate and thin sentences left out)."""
    text = analysis.article.text
    out: list[Sentence] = []
    for start, end in split_sentences(text):
        s = text[start:end]
        if is_boilerplate(s):
            continue
        out.append(Sentence(analysis.article.id, start, end, s, frozenset(content_words(s)), tuple(figures(s))))
    return out


@dataclass(frozen=True, slots=True)
class Match:
    """The best counterpart of a sentence in one other article."""

    index: int
    score: float
    cosine: float
    coverage: float

    @property
    def aligned(self) -> bool:
        return self.score >= ALIGN_SCORE and self.cosine >= MIN_COSINE


def idf_weights(word_sets: Sequence[frozenset[str]]) -> dict[str, float]:
    """Smoothed inverse document frequency of each word over the given sentences."""
    df = Counter(w for ws in word_sets for w in ws)
    n = len(word_sets)
    return {w: math.log((n + 1) / (d + 1)) + 1.0 for w, d in df.items()}


def coverage(a: frozenset[str], b: frozenset[str], idf: Mapping[str, float]) -> float:
    """IDF-weighted share of the content words of ``a`` that ``b`` has too."""
    if not a:
        return 0.0
    return sum(idf.get(w, 1.0) for w in a & b) / sum(idf.get(w, 1.0) for w in a)


def pair_score(cosine: float, lexical: float) -> float:
    """How well two sentences align: half embedding cosine, half word coverage."""
    return 0.5 * cosine + 0.5 * lexical


class Alignment:
    """The sentences of a story's originals and, for each, its best counterpart in every other article."""

    def __init__(self, sentences: Sequence[Sentence], embed: Embedder) -> None:
        self.sentences = list(sentences)
        self.idf = idf_weights([s.words for s in self.sentences])
        vectors = embed([s.text for s in self.sentences]) if self.sentences else np.zeros((0, 1), np.float32)
        self._vectors = np.asarray(vectors, dtype=np.float32)
        self._by_article: dict[str, list[int]] = {}
        for i, s in enumerate(self.sentences):
            self._by_article.setdefault(s.article, []).append(i)
        self.best: list[dict[str, Match]] = [{} for _ in self.sentences]
        for art, rows in self._by_article.items():
            block = self._vectors[rows] @ self._vectors.T  # this article's sentences against all
            for other, cols in self._by_article.items():
                if other != art:
                    self._best_in(rows, other, cols, block[:, cols])

    def cosine(self, i: int, j: int) -> float:
        """Cosine of the embeddings of sentences ``i`` and ``j``."""
        return float(self._vectors[i] @ self._vectors[j])

    def similarities(self, idx: Sequence[int]) -> np.ndarray:
        """Cosines among the given sentences (a square matrix)."""
        v = self._vectors[list(idx)]
        return np.asarray(v @ v.T)

    def _best_in(self, rows: Sequence[int], other: str, cols: Sequence[int], sims: np.ndarray) -> None:
        """For each sentence in ``rows``, its best counterpart among ``cols`` (another article's sentences)."""
        k = min(TOP_K, len(cols))
        top = np.argpartition(-sims, k - 1, axis=1)[:, :k]
        for r, i in enumerate(rows):
            words = self.sentences[i].words
            best: Match | None = None
            for pos in (int(x) for x in top[r]):
                cos = float(sims[r, pos])
                lex = max(coverage(words, self._window(cols, pos, d), self.idf) for d in (0, -1, 1))
                m = Match(cols[pos], pair_score(cos, lex), cos, lex)
                if best is None or m.score > best.score:
                    best = m
            if best is not None:
                self.best[i][other] = best

    def _window(self, idx: Sequence[int], pos: int, step: int) -> frozenset[str]:
        """The words of sentence ``idx[pos]``, with those of its neighbour ``step`` away when there is one."""
        words = self.sentences[idx[pos]].words
        if step and 0 <= pos + step < len(idx):
            return words | self.sentences[idx[pos + step]].words
        return words

    def counterparts(self, i: int) -> dict[str, Match]:
        """The other articles in which sentence ``i`` has an aligned counterpart."""
        return {art: m for art, m in self.best[i].items() if m.aligned}

    def nearest(self, i: int) -> Match | None:
        """The closest sentence in any other article."""
        return max(self.best[i].values(), key=lambda m: m.score, default=None)


def figure_diffs(al: Alignment) -> list[FigureDiff]:
    """Groups of figures that different articles give differently for the same thing."""
    parent: dict[tuple[int, int], tuple[int, int]] = {}

    def find(x: tuple[int, int]) -> tuple[int, int]:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    differs: set[tuple[int, int]] = set()
    idx = [i for i, s in enumerate(al.sentences) if any(f.kind in COMPARED_KINDS for f in s.figures)]
    sims = al.similarities(idx)
    for a, i in enumerate(idx):
        si = al.sentences[i]
        for b in range(a + 1, len(idx)):
            j = idx[b]
            sj = al.sentences[j]
            if sj.article == si.article or sims[a, b] < FIGURE_COSINE:
                continue
            if len(_plain(si.words) & _plain(sj.words)) < FIGURE_SHARED_WORDS:
                continue
            for a, b, same in _pair_figures(si.figures, sj.figures):
                parent[find((j, b))] = find((i, a))
                if not same:
                    differs.add(find((i, a)))
    groups: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for node in list(parent):
        groups.setdefault(find(node), []).append(node)
    out: list[FigureDiff] = []
    for root, nodes in groups.items():
        values = {al.sentences[i].figures[k].value for i, k in nodes}
        if len(values) < 2 or not any(find(d) == root for d in differs):
            continue
        nodes.sort(key=lambda x: (x[0], x[1]))
        mentions = tuple(_mention(al.sentences[i], al.sentences[i].figures[k]) for i, k in nodes)
        first = al.sentences[nodes[0][0]].figures[nodes[0][1]]
        context = frozenset.intersection(*(_plain(al.sentences[i].words) for i, _ in nodes))
        units = Counter(al.sentences[i].figures[k].unit for i, k in nodes if al.sentences[i].figures[k].unit)
        unit = units.most_common(1)[0][0] if units else ""
        out.append(FigureDiff(first.kind, unit, mentions, tuple(sorted(context))))
    return out


def _plain(words: frozenset[str]) -> frozenset[str]:
    return frozenset(w for w in words if not w[0].isdigit() and w[0] not in "£$€")


def comparable(a: Figure, b: Figure) -> bool:
    """Whether two different figures could be two accounts of one quantity: the same kind, both with a
    unit word or both without, and not too far apart (a crowd of 250 or 400, not of 400 or 180,000)."""
    if a.kind != b.kind or bool(a.unit) != bool(b.unit):
        return False
    if a.kind == "percent":
        return abs(a.value - b.value) <= MAX_PERCENT_GAP
    low, high = sorted((a.value, b.value))
    return low > 0 and high / low <= MAX_RATIO


def _pair_figures(fa: Sequence[Figure], fb: Sequence[Figure]) -> list[tuple[int, int, bool]]:
    """Which figure of one sentence speaks of the same quantity as which of the other: equal values pair up;
    of the rest, comparable ones with the same unit, then a lone comparable figure of a kind on each side."""
    pairs: list[tuple[int, int, bool]] = []
    for kind in COMPARED_KINDS:
        a = [i for i, f in enumerate(fa) if f.kind == kind]
        b = [j for j, f in enumerate(fb) if f.kind == kind]
        for i in list(a):
            j = next((j for j in b if fb[j].value == fa[i].value), None)
            if j is not None:
                pairs.append((i, j, True))
                a.remove(i)
                b.remove(j)
        for i in list(a):
            j = next((j for j in b if fa[i].unit and fb[j].unit == fa[i].unit and comparable(fa[i], fb[j])), None)
            if j is not None:
                pairs.append((i, j, False))
                a.remove(i)
                b.remove(j)
        if len(a) == 1 and len(b) == 1 and comparable(fa[a[0]], fb[b[0]]):
            pairs.append((a[0], b[0], False))
    return pairs


def _mention(s: Sentence, f: Figure) -> FigureMention:
    return FigureMention(s.article, f.text, f.value, f.qualifier, s.start + f.start, s.start + f.end, _span(s))


def _span(s: Sentence) -> Span:
    return Span(s.start, s.end, s.text)


def unique_facts(al: Alignment, diffs: Sequence[FigureDiff]) -> list[tuple[int, Fact]]:
    """Sentences that no other original reports, as facts with their evidence (sentence index, fact).

    Sentences whose figures are reported as differing figures are left out (they are shared, told
    differently); so is everything when the story has a single original.
    """
    if len(al._by_article) < 2:
        return []
    in_diffs = {(m.article, m.sentence.start) for d in diffs for m in d.mentions}
    everywhere: dict[str, set[float]] = {}  # values only: "27 per cent" and a bare "27" in a list are one figure
    for s in al.sentences:
        everywhere.setdefault(s.article, set()).update(f.value for f in s.figures)
    out: list[tuple[int, Fact]] = []
    for i, s in enumerate(al.sentences):
        if (s.article, s.start) in in_diffs:
            continue
        near = al.nearest(i)
        nearest = (near.index, near.score) if near is not None else None
        counterparts = al.counterparts(i)
        if not counterparts:
            out.append((i, _fact(al, s, "no_counterpart", (), nearest)))
            continue
        others = set().union(*(v for a, v in everywhere.items() if a != s.article))
        new = tuple(f.text for f in s.figures if f.value not in others)
        if new:
            best = max(counterparts.values(), key=lambda m: m.score)
            out.append((i, _fact(al, s, "figure", new, (best.index, best.score))))
    return out


def _fact(al: Alignment, s: Sentence, reason: str, figs: tuple[str, ...], nearest: tuple[int, float] | None) -> Fact:
    near = al.sentences[nearest[0]] if nearest is not None else None
    return Fact(
        article=s.article,
        text=s.text,
        start=s.start,
        end=s.end,
        reason="figure" if reason == "figure" else "no_counterpart",
        figures=figs or tuple(f.text for f in s.figures),
        nearest_article=near.article if near is not None else None,
        nearest_text=near.text if near is not None else None,
        nearest_score=nearest[1] if nearest is not None else 0.0,
    )
