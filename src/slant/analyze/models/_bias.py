"""Biased sentences: sentence-level media bias in the BABE scheme (a flag per biased sentence).

Two analysers give the same kind of flag (``kind="bias"``, ``code="biased-sentence"``) and the same scores:

- ``slant.bias.v1`` (fast): a linear TF-IDF model we trained on BABE (:mod:`slant.train.bias_linear`);
- ``slant.bias-model.v7`` (accurate): the bias head of our fine-tuned sentence model
  (:mod:`slant.nlp.sentence_model`).

A sentence is flagged when its probability of being biased reaches ``THRESHOLD``. Its voice is ``quoted``
when most of its characters lie inside a quote, else ``author``. Scores: ``biased_sentence_share`` (share of
the author's sentences flagged) and ``bias_mean`` (mean probability over the author's sentences).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from slant.analyze.base import Component, Context
from slant.analyze.models._partisan_model import load_model, packaged_path
from slant.models import Flag, Quote
from slant.nlp import stop_words
from slant.nlp.spans import sentences_of, span_text

#: Probability from which a sentence is flagged (the classifiers' decision threshold).
THRESHOLD = 0.5

#: Sentences shorter than this many words are not scored (headings, datelines, fragments).
MIN_WORDS = 6


def sentence_spans(doc: Any) -> list[tuple[int, int, str]]:
    """``(start, end, text)`` of each sentence long enough to score."""
    out = []
    for sent in sentences_of(doc):
        words = sum(1 for t in sent if t.is_alpha)
        if words >= MIN_WORDS:
            out.append((sent.start_char, sent.end_char, span_text(sent)))
    return out


def voice_of(start: int, end: int, quotes: Sequence[Quote]) -> Literal["author", "quoted"]:
    """``quoted`` when more than half of ``[start, end)`` lies inside quotes."""
    inside = sum(max(0, min(end, q.end) - max(start, q.start)) for q in quotes)
    return "quoted" if inside * 2 > (end - start) else "author"


def add_bias(ctx: Context, spans: Sequence[tuple[int, int, str]], probs: Sequence[float], why: Sequence[str]) -> None:
    """Append the flags of the sentences at or over the threshold, and the two scores."""
    quotes: Sequence[Quote] = ctx.data.get("quotes", ())
    flags: list[Flag] = []
    author_probs: list[float] = []
    for (start, end, text), p, reason in zip(spans, probs, why, strict=True):
        voice = voice_of(start, end, quotes)
        if voice == "author":
            author_probs.append(p)
        if p >= THRESHOLD:
            flags.append(
                Flag(
                    kind="bias",
                    code="biased-sentence",
                    label="biased sentence",
                    start=start,
                    end=end,
                    text=text,
                    voice=voice,
                    explanation=f"The sentence reads as biased rather than neutral reporting ({p:.0%}){reason}.",
                    confidence=round(p, 4),
                )
            )
    ctx.data["flags"] = (*ctx.data.get("flags", ()), *flags)
    scores = dict(ctx.data.get("scores", {}))
    flagged = sum(1 for p in author_probs if p >= THRESHOLD)
    scores["biased_sentence_share"] = round(flagged / len(author_probs), 4) if author_probs else 0.0
    scores["bias_mean"] = round(sum(author_probs) / len(author_probs), 4) if author_probs else 0.0
    ctx.data["scores"] = scores


class BiasComponent(Component):
    """Fast sentence bias: the linear model."""

    name: ClassVar[str] = "slant.bias.v1"
    requires: ClassVar[tuple[str, ...]] = ("doc", "quotes")
    provides: ClassVar[tuple[str, ...]] = ("flags", "scores")

    def __init__(self) -> None:
        self.model = load_model(packaged_path("bias"))

    def __call__(self, ctx: Context) -> None:
        spans = sentence_spans(ctx.doc)
        probs = [self.model.probability(text) for _, _, text in spans]
        why = []
        for (_, _, text), p in zip(spans, probs, strict=True):
            top = self.model.top_terms(text, 12) if p >= THRESHOLD else []
            stops = stop_words()
            terms = [t for t, _ in top if not all(w in stops or len(w) < 3 for w in t.split())][:3]
            why.append(f"; words that weigh most: {', '.join(repr(t) for t in terms)}" if terms else "")
        add_bias(ctx, spans, probs, why)


class ModelBiasComponent(Component):
    """Accurate sentence bias: the bias head of the fine-tuned sentence model."""

    name: ClassVar[str] = "slant.bias-model.v7"
    requires: ClassVar[tuple[str, ...]] = ("doc", "quotes")
    provides: ClassVar[tuple[str, ...]] = ("flags", "scores")

    def __init__(self) -> None:
        from slant.nlp.sentence_model import SentenceModel

        self.model = SentenceModel.shared()

    def __call__(self, ctx: Context) -> None:
        spans = sentence_spans(ctx.doc)
        probs = self.model.predict([text for _, _, text in spans])
        add_bias(ctx, spans, [p["bias"] for p in probs], [""] * len(spans))
