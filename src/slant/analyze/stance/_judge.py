"""The author's stance as a learned judgement over the whole article (``slant.stance-judge.v2``).

The rules score each sentence; whether the cues of an article are the writer's stance or the story's is a
matter of genre and voice, which no sentence shows. The judge has two linear parts, both trained on our
labelled pages (``python -m slant.train.stance_judge``; ``training/realnews``):

* the **page** part reads how the article is written (first person outside quotes, verbs of saying per
  sentence, share of the text in quotes, ``!`` and ``?`` outside quotes, the hyperpartisan score, the
  density of loaded and biased sentences in the author's voice) and gives P(opinion), the chance that the
  page is not straight news; it is reported as ``scores["opinion"]``;
* the **actor** part reads, per actor, the author's sentence scores and cues about it
  (:class:`~slant.analyze.stance._aggregate.AuthorSignal`, with how each cue hangs on it), what the article
  does with it (kind, prominence, in the title, speakers' stances and relations toward it) and the loaded
  or biased sentences about it, each feature once as it is and once scaled by P(opinion); a multinomial
  logistic regression turns them into P(neutral, positive, negative). How the page is written enters only
  through each actor's own features, never as a verdict on every actor at once.

A polar judgement is shown only with evidence of its sign: the rules' cues of that sign in the sentences
about the actor (and, for a negative one, the author's loaded words there), and never against the clear
balance of those cues (:func:`allowed_call`); otherwise it is neutral. The actor part is fitted so that more
of the author's praise never leans it toward blame, nor the other way round (``slant.train.stance_judge``).
Places hold no author stance (a capital city is where a story happens, not whom the writer judges).
A stance's ``score`` is the judge's probability of its call, negative for blame, 0 for a neutral stance;
its ``confidence`` is the judge's probability of the polarity shown (of neutral too, so a call held back
for want of evidence shows how little the judge believed in neutral), calibrated against the readers by
Platt scaling fitted on cross-validated calls (``python -m slant.train.stance_judge`` reports the
calibration error).
Speakers' stances pass through unchanged.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from slant.analyze.base import Component, Context
from slant.analyze.common import Linear, read_model
from slant.analyze.stance._aggregate import POLAR, PRIOR, AuthorSignal
from slant.models import Actor, Flag, Quote, Relation, Span, Stance
from slant.nlp.spans import doc_text, sentences_of, token_columns

#: The classes of the actor part, in the order of its columns.
CLASSES = ("neutral", "positive", "negative")
#: The classes of the page part.
PAGE_CLASSES = ("news", "opinion")
#: Words of the writer speaking as themself.
FIRST_PERSON = frozenset({"i", "we", "my", "our", "me", "us"})
#: Average sentence length in characters, to turn flag counts into densities without a parse.
CHARS_PER_SENTENCE = 150.0


@dataclass(frozen=True, slots=True)
class Style:
    """How an article is written, from the author's words only (quotes left out)."""

    first_person: float
    saying: float
    quoted: float
    marks: float
    biased: float
    loaded: float

    def features(self, hyperpartisan: float) -> dict[str, float]:
        """The page part's features."""
        return {
            "hp": hyperpartisan,
            "g_first": self.first_person,
            "g_said": self.saying,
            "g_qshare": self.quoted,
            "g_marks": self.marks,
            "fl_bias_doc": self.biased,
            "fl_loaded_doc": self.loaded,
        }


class _QuoteIndex:
    def __init__(self, quotes: Sequence[Quote]) -> None:
        self.spans = sorted((q.start, q.end) for q in quotes)
        self.starts = [s for s, _ in self.spans]

    def covers(self, offset: int) -> bool:
        k = bisect_right(self.starts, offset) - 1
        return k >= 0 and self.spans[k][0] <= offset < self.spans[k][1]


def author_flags(flags: Sequence[Flag]) -> list[Flag]:
    """The biased-sentence and loaded-language flags in the author's own voice."""
    return [f for f in flags if f.voice == "author" and f.kind in ("bias", "loaded")]


def style_of(doc: Any, quotes: Sequence[Quote], flags: Sequence[Flag]) -> Style:
    """The :class:`Style` of a parsed article."""
    inside = _QuoteIndex(quotes)
    n_tokens = max(1, len(doc))
    n_sents = max(1, len(sentences_of(doc)))
    cols = token_columns(doc)
    mine = np.flatnonzero(np.isin(cols.lower, cols.words(doc, sorted(FIRST_PERSON))))
    first = sum(1 for i in mine if not inside.covers(int(cols.idx[i])))
    asked = np.flatnonzero(np.isin(cols.lower, cols.words(doc, ("!", "?"))))
    marks = sum(1 for i in asked if not inside.covers(int(cols.idx[i])))
    saying = int((cols.part_of_speech("VERB") & np.isin(cols.lemma, cols.words(doc, ("say", "tell")))).sum())
    text_len = len(doc_text(doc))
    quoted = sum(e - s for s, e in inside.spans)
    own = author_flags(flags)
    per = max(1.0, text_len / CHARS_PER_SENTENCE)
    return Style(
        first_person=100.0 * first / n_tokens,
        saying=10.0 * saying / n_sents,
        quoted=quoted / max(1, text_len),
        marks=10.0 * marks / n_sents,
        biased=10.0 * sum(f.kind == "bias" for f in own) / per,
        loaded=10.0 * sum(f.kind == "loaded" for f in own) / per,
    )


class _Context:
    """What every actor's features read from the article, indexed once: speakers' stances by target,
    relations by source and target, the author's flags by kind and offset."""

    def __init__(self, stances: Sequence[Stance], relations: Sequence[Relation], flags: Sequence[Flag]) -> None:
        self.spoken: Counter[tuple[str, str]] = Counter(
            (st.target, st.polarity) for st in stances if st.holder not in ("author", st.target)
        )
        self.rel_in: Counter[tuple[str, str]] = Counter((r.target, r.polarity) for r in relations)
        self.rel_out: Counter[tuple[str, str]] = Counter((r.source, r.polarity) for r in relations)
        own = author_flags(flags)
        self.flag_starts = {kind: sorted(f.start for f in own if f.kind == kind) for kind in ("bias", "loaded")}

    def flags_in(self, kind: str, sentences: Sequence[tuple[int, int]]) -> int:
        """How many of the author's ``kind`` flags start in ``sentences`` (disjoint ranges)."""
        starts = self.flag_starts[kind]
        return sum(bisect_left(starts, hi) - bisect_left(starts, lo) for lo, hi in sentences)


def actor_features(
    actor: Actor,
    rank: int,
    signal: AuthorSignal | None,
    title: str,
    context: _Context,
) -> dict[str, float]:
    """The actor part's own features for one actor of an article (names as in the model file)."""
    signed = signal.signed if signal else ()
    sentences = signal.sentences if signal else ()
    f: dict[str, float] = {
        "n_sent": math.log1p(len(signed)),
        "sum_pos": sum(s for s in signed if s > 0),
        "sum_neg": -sum(s for s in signed if s < 0),
        "agg": sum(s * abs(s) for s in signed) / (sum(s * s for s in signed) + PRIOR) if signed else 0.0,
        f"kind={actor.kind}": 1.0,
        f"rank={min(rank, 5)}": 1.0,
    }
    lowered = title.lower()
    if lowered and any(n and n.lower() in lowered for n in (actor.name, *actor.aliases)):
        f["in_title"] = 1.0
    if signal:
        for _, _, w, link in signal.cues:
            sign = "+" if w > 0 else "-"
            f[f"cue{sign}"] = f.get(f"cue{sign}", 0.0) + abs(w)
            f[f"cue{sign}|{link or 'free'}"] = f.get(f"cue{sign}|{link or 'free'}", 0.0) + abs(w)
    aid = actor.id
    f["spk_neg"] = math.log1p(context.spoken[(aid, "negative")])
    f["spk_pos"] = math.log1p(context.spoken[(aid, "positive")])
    f["rel_in_opp"] = math.log1p(context.rel_in[(aid, "oppose")])
    f["rel_in_sup"] = math.log1p(context.rel_in[(aid, "support")])
    f["rel_out_opp"] = math.log1p(context.rel_out[(aid, "oppose")])
    f["fl_bias_t"] = math.log1p(context.flags_in("bias", sentences))
    f["fl_loaded_t"] = math.log1p(context.flags_in("loaded", sentences))
    return {k: v for k, v in f.items() if v}


def with_opinion(features: Mapping[str, float], opinion: float) -> dict[str, float]:
    """An actor's features as the actor part reads them: each once as it is and once scaled by P(opinion)
    (kind and prominence only as they are)."""
    out = dict(features)
    out.update({f"{k}*op": v * opinion for k, v in features.items() if not k.startswith(("kind=", "rank="))})
    return out


@dataclass(frozen=True, slots=True)
class ArticleFeatures:
    """The page part's features of an article and the actor part's own features of each actor, by id."""

    page: dict[str, float]
    actors: dict[str, dict[str, float]]


def article_features(
    doc: Any,
    actors: Sequence[Actor],
    quotes: Sequence[Quote],
    stances: Sequence[Stance],
    signals: Mapping[str, AuthorSignal],
    relations: Sequence[Relation],
    flags: Sequence[Flag],
    scores: Mapping[str, float],
    title: str,
) -> ArticleFeatures:
    """The judge's features of a parsed article."""
    page = style_of(doc, quotes, flags).features(float(scores.get("hyperpartisan", 0.0)))
    ranked = sorted(range(len(actors)), key=lambda k: -len(actors[k].mentions))
    rank = {actors[k].id: n for n, k in enumerate(ranked)}
    context = _Context(stances, relations, flags)
    return ArticleFeatures(
        page, {a.id: actor_features(a, rank[a.id], signals.get(a.id), title, context) for a in actors}
    )


def platt(p: float, scaling: tuple[float, float]) -> float:
    """``p`` through Platt scaling ``(a, b)``: sigmoid(a * logit(p) + b)."""
    q = min(max(p, 1e-6), 1 - 1e-6)
    return 1.0 / (1.0 + math.exp(-(scaling[0] * math.log(q / (1 - q)) + scaling[1])))


@dataclass(frozen=True)
class JudgeModel:
    """The page part (P(news), P(opinion)) and the actor part (P(neutral, positive, negative))."""

    page: Linear
    actor: Linear
    card: dict[str, Any]
    #: Platt scaling ``(a, b)`` of the probability of the polarity shown into the reported confidence,
    #: fitted on cross-validated calls against the readers; identity when None.
    calibration: tuple[float, float] | None = None

    def confidence(self, p: float) -> float:
        """The reported confidence of a call the actor part gives probability ``p``."""
        return p if self.calibration is None else platt(p, self.calibration)

    def opinion(self, page: Mapping[str, float]) -> float:
        """P(opinion) of a page."""
        return float(self.page.probs([page])[0][1])

    def probs(self, features: ArticleFeatures, ids: Sequence[str]) -> tuple[float, npt.NDArray[np.float64]]:
        """P(opinion) of the article and the actor part's probabilities for the actors ``ids``."""
        op = self.opinion(features.page)
        return op, self.actor.probs([with_opinion(features.actors.get(i, {}), op) for i in ids])

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"page": self.page.to_json(), "actor": self.actor.to_json(), "card": self.card}
        if self.calibration is not None:
            out["calibration"] = [round(v, 6) for v in self.calibration]
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> JudgeModel:
        scaling = data.get("calibration")
        return cls(
            Linear.from_json(data["page"], PAGE_CLASSES, "stance judge", "slant.train.stance_judge"),
            Linear.from_json(data["actor"], CLASSES, "stance judge", "slant.train.stance_judge"),
            dict(data["card"]),
            (float(scaling[0]), float(scaling[1])) if scaling else None,
        )


def packaged_path(mode: str = "fast") -> Path:
    """``resources/models/stance_judge/<mode>.json``."""
    return Path(str(resources.files("slant").joinpath(f"resources/models/stance_judge/{mode}.json")))


@lru_cache(maxsize=4)
def load_judge(path: Path) -> JudgeModel:
    """A saved judge (cached per process)."""
    return read_model(path, JudgeModel.from_json, "stance judge", "slant.train.stance_judge")


def _evidence(polarity: str, signal: AuthorSignal | None, flags: Sequence[Flag], text: str) -> tuple[Span, ...]:
    """The author's words of the judged sign about the actor: the rules' cues, and for a negative stance the
    author's loaded words in the same sentences."""
    if signal is None:
        return ()
    want_positive = polarity == "positive"
    spans = {(s, e) for s, e, w, _ in signal.cues if (w > 0) == want_positive}
    if polarity == "negative":
        spans.update(
            (f.start, f.end)
            for f in author_flags(flags)
            if f.kind == "loaded" and any(lo <= f.start < hi for lo, hi in signal.sentences)
        )
    return tuple(Span(s, e, text[s:e]) for s, e in sorted(spans))


def allowed_call(polarity: str, signs: tuple[bool, bool], balance: float) -> bool:
    """Whether the judge may call ``polarity``: a polar call needs the rules' cues of its sign about the actor
    (``signs``: any positive, any negative) and may not turn the rules' clear balance of the author's cues
    (:data:`~slant.analyze.stance._aggregate.POLAR` or more) into its opposite: reading praise as blame
    takes an understanding of irony the judge does not have."""
    if polarity == "positive":
        return signs[0] and balance > -POLAR
    if polarity == "negative":
        return signs[1] and balance < POLAR
    return True


def judge_stances(
    model: JudgeModel,
    actors: Sequence[Actor],
    stances: Sequence[Stance],
    features: ArticleFeatures,
    signals: Mapping[str, AuthorSignal],
    flags: Sequence[Flag],
    text: str,
) -> tuple[float, tuple[Stance, ...]]:
    """P(opinion) and the stances with each author stance replaced by the judge's (see the module docstring)."""
    kinds = {a.id: a.kind for a in actors}
    authored = [st for st in stances if st.holder == "author" and st.target in features.actors]
    opinion, probs = model.probs(features, [st.target for st in authored])
    judged: dict[str, Stance] = {}
    for st, p in zip(authored, probs, strict=True):
        polarity = CLASSES[int(np.argmax(p))]
        evidence: tuple[Span, ...] = ()
        signal = signals.get(st.target)
        if kinds.get(st.target) == "place":
            polarity = "neutral"
        elif polarity != "neutral":
            signs = signal.signs if signal else (False, False)
            evidence = _evidence(polarity, signal, flags, text)
            if not evidence or not allowed_call(polarity, signs, features.actors[st.target].get("agg", 0.0)):
                polarity, evidence = "neutral", ()
        # the judge's probability of its call, signed; a neutral stance scores 0, so that every reader of
        # ``score`` (heatmaps, the network) agrees with ``polarity``
        score = (
            round(float(p[1]), 3)
            if polarity == "positive"
            else -round(float(p[2]), 3)
            if polarity == "negative"
            else 0.0
        )
        confidence = round(model.confidence(float(p[CLASSES.index(polarity)])), 3)
        judged[st.target] = replace(
            st,
            polarity=polarity,  # type: ignore[arg-type]
            score=score,
            evidence=evidence,
            confidence=confidence,
        )
    return opinion, tuple(judged.get(st.target, st) if st.holder == "author" else st for st in stances)


class StanceJudgeComponent(Component):
    """Replaces the author's stances with the learned judge's (see the module docstring)."""

    name: ClassVar[str] = "slant.stance-judge.v2"
    requires: ClassVar[tuple[str, ...]] = (
        "doc",
        "actors",
        "quotes",
        "relations",
        "stances",
        "author_signals",
        "flags",
        "scores",
    )
    provides: ClassVar[tuple[str, ...]] = ("stances", "scores")
    #: Which packaged model file the component reads (features differ between the modes' stance scorers).
    mode: ClassVar[str] = "fast"

    def __init__(self, model: JudgeModel | None = None) -> None:
        self.model = model or load_judge(packaged_path(self.mode))

    def __call__(self, ctx: Context) -> None:
        d = ctx.data
        actors = tuple(d.get("actors", ()))
        stances = tuple(d.get("stances", ()))
        flags = tuple(d.get("flags", ()))
        signals = d.get("author_signals", {})
        opinion, d["stances"] = judge_stances(
            self.model, actors, stances, features_of(ctx), signals, flags, doc_text(ctx.doc)
        )
        d["scores"] = {**d.get("scores", {}), "opinion": round(opinion, 3)}


class ModelStanceJudgeComponent(StanceJudgeComponent):
    """The judge of the accurate mode: the same features over the target-sentiment model's sentence scores,
    with weights trained on them (``resources/models/stance_judge/accurate.json``)."""

    name: ClassVar[str] = "slant.stance-judge-model.v2"
    mode: ClassVar[str] = "accurate"


def features_of(ctx: Context) -> ArticleFeatures:
    """The judge's features for every actor of an analysed context (the stance and flag steps have run)."""
    d = ctx.data
    return article_features(
        ctx.doc,
        tuple(d.get("actors", ())),
        tuple(d.get("quotes", ())),
        tuple(d.get("stances", ())),
        d.get("author_signals", {}),
        tuple(d.get("relations", ())),
        tuple(d.get("flags", ())),
        d.get("scores", {}),
        ctx.article.title or "",
    )
