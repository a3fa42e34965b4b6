"""Sentence bias (``slant.bias.v1``) and the hyperpartisan score (``slant.partisan.v1``), issue 4."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from slant.analyze.base import Context
from slant.analyze.models._bias import THRESHOLD, add_bias, voice_of
from slant.analyze.models._partisan_model import (
    LinearTextModel,
    features,
    load_model,
    packaged_path,
    tokens,
    vocabulary,
)
from slant.errors import ModelError
from slant.models import Analysis, Article, Quote
from slant.pipeline import Pipeline, build_pipeline

from .conftest import EXAMPLES

COMPONENTS = ("slant.actors.v12", "slant.quotes.v10", "slant.bias.v1", "slant.partisan.v1")

NEUTRAL = (
    "The county council approved its annual budget on Tuesday after a two-hour debate. "
    "The plan sets aside 4.2 million pounds for road repairs and 1.1 million for libraries. "
    "Councillors voted 31 to 12 in favour, with three abstentions. "
    "The budget takes effect in April, a spokesperson for the council said."
)
RANT = (
    "This disgraceful, corrupt gang of career politicians has betrayed every decent family in the country. "
    "Their sick agenda is destroying our nation while the lying elites laugh all the way to the bank! "
    "Wake up, people: the radical left will stop at nothing to silence patriots and crush your freedom! "
    "Only a fool would trust these treacherous crooks with another penny of your money."
)


@pytest.fixture(scope="module")
def pipe() -> Pipeline:
    return build_pipeline(COMPONENTS)


def analyse(pipe: Pipeline, text: str, title: str | None = None) -> Analysis:
    return pipe.analyze([Article(id="t", source="test", text=text, title=title)])[0]


# --------------------------------------------------------------------------------------------- the model


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The Minister's plan", ["the", "minister's", "plan"]),
        ("Stop!  Now?", ["stop", "!", "now", "?"]),
        ("a well-known fact", ["a", "well-known", "fact"]),
        ("", []),
        ("1234 5678", []),
    ],
)
def test_tokens(text: str, expected: list[str]) -> None:
    assert tokens(text) == expected


def test_features_count_unigrams_and_bigrams() -> None:
    f = features("the cat saw the cat")
    assert f["the"] == 2 and f["the cat"] == 2 and f["cat saw"] == 1 and "cat the" not in f


def _tiny_model() -> LinearTextModel:
    index, idf = vocabulary(["good news today", "bad news today", "bad awful news"], min_df=1, max_terms=100)
    coef = np.array([2.0 if t in ("bad", "awful") else 0.0 for t in sorted(index, key=index.__getitem__)])
    return LinearTextModel(index=index, idf=idf, coef=coef, intercept=-0.5, card={"name": "tiny"})


def test_probability_and_top_terms() -> None:
    m = _tiny_model()
    assert m.probability("awful bad news") > m.probability("good news") > 0.0
    assert m.probability("") == pytest.approx(1 / (1 + np.exp(0.5)))
    assert [t for t, _ in m.top_terms("awful bad news")] == sorted(["awful", "bad"], key=lambda t: -m.idf[m.index[t]])


@settings(max_examples=40, deadline=None)
@given(st.text(max_size=200))
def test_saved_model_round_trips(tmp_path_factory: pytest.TempPathFactory, text: str) -> None:
    m = _tiny_model()
    path = tmp_path_factory.mktemp("m") / "model.json.gz"
    m.save(path)
    back = load_model.__wrapped__(path)
    assert back.terms == m.terms and back.card == m.card
    assert back.probability(text) == pytest.approx(m.probability(text), abs=1e-5)
    assert 0.0 <= back.probability(text) <= 1.0


def test_broken_model_file_is_a_model_error(tmp_path: Path) -> None:
    bad = tmp_path / "model.json.gz"
    bad.write_bytes(b"not gzip")
    with pytest.raises(ModelError, match="reinstall slant"):
        load_model.__wrapped__(bad)


@pytest.mark.parametrize("name", ["bias", "hyperpartisan"])
def test_packaged_models_carry_a_card(name: str) -> None:
    with gzip.open(packaged_path(name), "rt", encoding="utf-8") as f:
        data = json.load(f)
    card = data["card"]
    assert card["cross_validation"]
    assert "CC BY" in card["data"] or "AGPL" in card["data"]
    assert len(data["terms"]) == len(data["coef"]) == len(data["idf"]) > 1000


# --------------------------------------------------------------------------------------------- components


@pytest.mark.parametrize(
    ("start", "end", "quotes", "voice"),
    [
        (0, 10, [], "author"),
        (0, 10, [Quote(text="x", start=0, end=10, kind="direct")], "quoted"),
        (0, 10, [Quote(text="x", start=0, end=4, kind="direct")], "author"),
        (
            0,
            10,
            [Quote(text="x", start=0, end=3, kind="direct"), Quote(text="y", start=5, end=9, kind="direct")],
            "quoted",
        ),
    ],
)
def test_voice_of(start: int, end: int, quotes: list[Quote], voice: str) -> None:
    assert voice_of(start, end, quotes) == voice


def test_rant_scores_above_neutral_report(pipe: Pipeline) -> None:
    rant, news = analyse(pipe, RANT), analyse(pipe, NEUTRAL)
    assert rant.scores["hyperpartisan"] > news.scores["hyperpartisan"]
    assert rant.scores["bias_mean"] > news.scores["bias_mean"]
    assert rant.scores["biased_sentence_share"] > news.scores["biased_sentence_share"]
    biased = [f for f in rant.flags if f.kind == "bias"]
    assert biased and all(f.confidence >= THRESHOLD and f.code == "biased-sentence" for f in biased)
    assert all(f.text == rant.article.text[f.start : f.end] and f.explanation for f in biased)


def test_add_bias_flags_at_threshold_and_scores_author_sentences_only() -> None:
    text = 'One plain sentence here. "A quoted rant goes here," she said. Another plain one.'
    ctx = Context(article=Article(id="t", source="test", text=text), doc=None)
    ctx.data["quotes"] = (Quote(text="A quoted rant goes here,", start=25, end=51, kind="direct"),)
    ctx.data["flags"] = ("earlier",)
    spans = [(0, 24, text[0:24]), (24, 61, text[24:61]), (62, 80, text[62:80])]
    add_bias(ctx, spans, [THRESHOLD, 0.99, 0.2], ["", "", ""])
    flags = ctx.data["flags"]
    assert flags[0] == "earlier"
    assert [(f.start, f.voice) for f in flags[1:]] == [(0, "author"), (24, "quoted")]
    assert ctx.data["scores"] == {"biased_sentence_share": 0.5, "bias_mean": round((THRESHOLD + 0.2) / 2, 4)}


def test_empty_and_short_texts_score_zero(pipe: Pipeline) -> None:
    an = analyse(pipe, "Short one.")
    assert an.scores["biased_sentence_share"] == 0.0 and an.scores["bias_mean"] == 0.0
    assert 0.0 <= an.scores["hyperpartisan"] <= 1.0
    assert not [f for f in an.flags if f.kind == "bias"]


def test_examples_op_eds_read_more_partisan_than_the_wire(pipe: Pipeline) -> None:
    def score(name: str) -> float:
        text = (EXAMPLES / name).read_text(encoding="utf-8")
        return analyse(pipe, text).scores["hyperpartisan"]

    wire = score("northwire-mawdsley-endorses-independent.txt")
    assert wire < 0.5
    assert score("eastport-observer-against-mawdsley.md") > wire
    assert score("harbourside-courier-backs-mawdsley.txt") > wire


# --------------------------------------------------------------------------------------------- datasets


def test_hyperpartisan_cross_validation_meets_the_bar(shared_dir: Path) -> None:
    """Issue 4 bar: SemEval-2019 by-article 10-fold CV accuracy ≥ 0.80 with the shipped model's recipe."""
    from slant.bench.accuracy import floors
    from slant.bench.language import hyperpartisan_cv

    root = shared_dir / "data" / "semeval2019-hyperpartisan"
    articles = sorted(root.glob("articles-training-byarticle-*.xml"))
    truth = sorted(root.glob("ground-truth-training-byarticle-*.xml"))
    if not (articles and truth):
        pytest.skip(f"the SemEval-2019 training files are not in {root}")
    r = hyperpartisan_cv(articles[0], truth[0])
    assert r["accuracy"] >= floors()["language"]["hyperpartisan_cv_accuracy"], r


def test_babe_loaded_words_counts_word_pairs(tmp_path: Path) -> None:
    """The word-level loaded-language benchmark on a BABE-shaped file we write: flagged words against the
    marked ones, per sentence (an unmarked sentence that gets no flag adds nothing)."""
    from slant.bench.language import babe_loaded_words

    path = tmp_path / "train_SG2.csv"
    header = "text;news_link;outlet;topic;type;label_bias;label_opinion;biased_words"
    rows = [
        "The senator's so-called reform is a shameful disgrace.;x;o;t;;Biased;Expresses writer’s opinion;"
        "['so-called', 'disgrace']",
        "The council met on Tuesday to discuss the budget.;x;o;t;;Non-biased;Entirely factual;[]",
    ]
    path.write_text("\n".join([header, *rows]) + "\n", encoding="utf-8")
    r = babe_loaded_words(path)
    assert r["sentences"] == 2
    assert (r["tp"], r["fp"], r["fn"]) == (1, 1, 1)  # so-called found; "shameful" unmarked; "disgrace" missed
    assert r["precision"] == r["recall"] == r["f1"] == 0.5


def test_babe_fast_model_cross_validation(shared_dir: Path) -> None:
    from slant.bench.accuracy import floors
    from slant.bench.language import babe_linear_cv

    path = shared_dir / "data" / "babe" / "train_SG2.csv"
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    r = babe_linear_cv(path)
    assert r["f1m"] >= floors()["language"]["babe_fast_cv_f1m"], r
