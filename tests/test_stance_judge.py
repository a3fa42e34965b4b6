"""The author-stance judge: its features, its decision rules, the packaged models and the trainer.

Every text here is written for these tests (invented people, towns and outlets).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from slant.analyze.common import Linear
from slant.analyze.stance._aggregate import AuthorSignal, Slot, author_signals
from slant.analyze.stance._judge import (
    CLASSES,
    PAGE_CLASSES,
    ArticleFeatures,
    JudgeModel,
    allowed_call,
    judge_stances,
    load_judge,
    packaged_path,
    style_of,
    with_opinion,
)
from slant.analyze.stance._types import Cue, TargetItem
from slant.errors import ModelError
from slant.models import Actor, Analysis, Article, Flag, Quote, Span, Stance
from slant.pipeline import Pipeline, build_pipeline, components_for
from slant.train.stance_judge import Row, agreement, decide, fit, fit_linear, monotone_sign, rows_of

OPED = """Why I will never trust Mayor Tobin Vasq again

I have watched Tobin Vasq for ten years, and I have never seen a politician so dishonest. Vasq lied to us \
about the harbour deal! He wasted our money on vanity projects and then blamed everyone else. We deserve \
better than this disgraceful, cynical man. How much longer must we put up with Vasq's arrogance? I say enough.
"""

PRAISE = """In praise of Councillor Ilse Marrow

I have known Ilse Marrow for years, and I can tell you she is the most honest, brave and decent person in \
our town hall. Marrow fought for the nurses when nobody else would! She is wise, generous and tireless. We \
are lucky to have her, and I hope she runs for mayor.
"""

REPORT = """Harbour council votes on budget

The harbour council of Meridale voted on Tuesday to approve a budget of 40 million euros, the council said \
in a statement. Mayor Tobin Vasq, who proposed the budget, said it would "protect jobs in the port". \
Opposition councillor Ilse Marrow said the plan was "reckless". Vasq was accused by Marrow of wasting money \
on the new ferry terminal, a charge his office denied. The vote passed by 21 votes to 14, the clerk said.
"""

PLACE = """Why I despise what Meridale has become

I grew up in Meridale, and I am ashamed of it! Meridale is a corrupt, filthy, rotten town run by crooks. \
Mayor Tobin Vasq is a liar and a coward. I say enough.
"""


@pytest.fixture(scope="module")
def fast() -> Pipeline:
    return build_pipeline(mode="fast")


def analyse(pipe: Pipeline, text: str) -> Analysis:
    return pipe.analyze([Article(id="t", source="test", text=text, title=text.split("\n")[0])])[0]


def author(an: Analysis, actor_id: str) -> Stance:
    (st,) = [s for s in an.stances if s.holder == "author" and s.target == actor_id]
    return st


# --- the packaged judge in the fast pipeline ----------------------------------------------------------


def test_the_modes_end_with_their_judge() -> None:
    assert components_for("fast")[-2:] == ("slant.stance-judge.v2", "slant.salience.v1")
    assert components_for("accurate")[-2:] == ("slant.stance-judge-model.v2", "slant.salience.v1")


@pytest.mark.parametrize(
    ("text", "actor", "polarity", "evidence"),
    [
        # a first-person column with a low hyperpartisan score: the old gate (hyperpartisan < 0.4) made it
        # neutral; the judge reads it as opinion and keeps the author's blame
        pytest.param(OPED, "tobin-vasq", "negative", "lied", id="column-blames"),
        pytest.param(PRAISE, "ilse-marrow", "positive", "brave", id="column-praises"),
        # straight reporting of an accusation is not the reporter's accusation
        pytest.param(REPORT, "tobin-vasq", "neutral", None, id="report-of-accusation"),
        pytest.param(REPORT, "ilse-marrow", "neutral", None, id="report-of-critic"),
        # a town is where the story happens, not whom the writer judges, however hard the words
        pytest.param(PLACE, "meridale", "neutral", None, id="place-has-no-stance"),
        pytest.param(PLACE, "tobin-vasq", "negative", "liar", id="same-page-person"),
    ],
)
def test_author_stance_from_the_judge(
    fast: Pipeline, text: str, actor: str, polarity: str, evidence: str | None
) -> None:
    st = author(analyse(fast, text), actor)
    assert st.polarity == polarity, (st.score, [e.text for e in st.evidence])
    if evidence is None:
        assert st.evidence == ()
    else:
        assert evidence in [e.text for e in st.evidence]


@pytest.mark.parametrize("text", [OPED, PRAISE, REPORT, PLACE])
def test_scores_agree_with_polarities(fast: Pipeline, text: str) -> None:
    # readers of ``score`` (the report's heatmap, the network) must see what ``polarity`` says
    for st in analyse(fast, text).stances:
        if st.holder != "author":
            continue
        if st.polarity == "neutral":
            assert st.score == 0.0
        else:
            assert (st.score > 1 / 3) if st.polarity == "positive" else (st.score < -1 / 3), st


@pytest.mark.parametrize(("text", "low", "high"), [(OPED, 0.5, 1.0), (PRAISE, 0.5, 1.0), (REPORT, 0.0, 0.3)])
def test_opinion_score(fast: Pipeline, text: str, low: float, high: float) -> None:
    an = analyse(fast, text)
    assert low <= an.scores["opinion"] <= high


def test_speakers_keep_their_stances(fast: Pipeline) -> None:
    rules = build_pipeline([c for c in components_for("fast") if not c.startswith("slant.stance-judge")])
    before = [s for s in analyse(rules, REPORT).stances if s.holder != "author"]
    after = [s for s in analyse(fast, REPORT).stances if s.holder != "author"]
    assert before and after == before


# --- decision rules -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("polarity", "signs", "balance", "allowed"),
    [
        ("neutral", (False, False), 0.0, True),
        ("negative", (False, True), -0.5, True),
        ("negative", (False, True), 0.1, True),
        ("negative", (False, False), -0.5, False),  # no cue of its sign: nothing to show
        ("negative", (True, True), 0.6, False),  # the author's clear praise never reads as blame
        ("positive", (True, False), 0.5, True),
        ("positive", (False, True), 0.5, False),
        ("positive", (True, True), -0.2, False),
    ],
)
def test_allowed_call(polarity: str, signs: tuple[bool, bool], balance: float, allowed: bool) -> None:
    assert allowed_call(polarity, signs, balance) is allowed


def _fixed_model(page_bias: float, actor_bias: tuple[float, float, float]) -> JudgeModel:
    page = Linear(PAGE_CLASSES, ("hp",), np.zeros((1, 2)), np.array([0.0, page_bias]))
    actor = Linear(CLASSES, ("agg",), np.zeros((1, 3)), np.array(actor_bias))
    return JudgeModel(page, actor, {})


def _actor(aid: str, kind: str = "person") -> Actor:
    return Actor(id=aid, name=aid.title(), kind=kind, mentions=(Span(0, 3, aid[:3]),))  # type: ignore[arg-type]


TEXT = "Ann is a fraud and a hero."


@pytest.mark.parametrize(
    ("bias", "cues", "kind", "polarity", "spans"),
    [
        ((0.0, 0.0, 5.0), ((9, 14, -0.6, ""),), "person", "negative", ["fraud"]),
        ((0.0, 5.0, 0.0), ((21, 25, 0.6, ""),), "person", "positive", ["hero"]),
        ((0.0, 5.0, 0.0), ((9, 14, -0.6, ""),), "person", "neutral", []),  # no praise to show
        ((0.0, 0.0, 5.0), ((9, 14, -0.6, ""),), "place", "neutral", []),
        ((5.0, 0.0, 0.0), ((9, 14, -0.6, ""),), "person", "neutral", []),
    ],
)
def test_judge_stances_table(
    bias: tuple[float, float, float],
    cues: tuple[tuple[int, int, float, str], ...],
    kind: str,
    polarity: str,
    spans: list[str],
) -> None:
    actors = [_actor("ann", kind)]
    balance = sum(c[2] for c in cues)
    signal = AuthorSignal(((0, len(TEXT)),), (balance,), cues)
    speaker = Stance("bob", "ann", "negative", -0.5, ())
    stances = (Stance("author", "ann", "neutral", 0.0, ()), speaker)
    feats = ArticleFeatures({"hp": 0.9}, {"ann": {"agg": 0.0}})
    _, out = judge_stances(_fixed_model(0.0, bias), actors, stances, feats, {"ann": signal}, (), TEXT)
    assert out[0].polarity == polarity
    assert [e.text for e in out[0].evidence] == spans
    assert out[1] is speaker


def test_loaded_words_count_as_evidence_of_blame() -> None:
    actors = [_actor("ann")]
    signal = AuthorSignal(((0, len(TEXT)),), (-0.3,), ((9, 14, -0.3, ""),))
    loaded = Flag(kind="loaded", code="insult", label="insult", start=19, end=20, text="a", voice="author")
    stances = (Stance("author", "ann", "neutral", 0.0, ()),)
    feats = ArticleFeatures({}, {"ann": {}})
    _, out = judge_stances(_fixed_model(0.0, (0.0, 0.0, 5.0)), actors, stances, feats, {"ann": signal}, (loaded,), TEXT)
    assert [e.text for e in out[0].evidence] == ["fraud", "a"]


# --- features -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "quotes", "first_person", "marks"),
    [
        ("I think we should go. They agree!", (), True, True),
        ('He said: "I think we should go!" They left.', ((9, 32),), False, False),
        ("The council met on Tuesday. It voted.", (), False, False),
    ],
)
def test_style_reads_the_authors_words_only(
    fast: Pipeline, text: str, quotes: tuple[tuple[int, int], ...], first_person: bool, marks: bool
) -> None:
    doc = fast.nlp(text)
    qs = [Quote(speaker=None, speaker_name=None, text=text[s:e], start=s, end=e, kind="direct") for s, e in quotes]
    style = style_of(doc, qs, ())
    assert (style.first_person > 0) is first_person
    assert (style.marks > 0) is marks
    assert style.quoted == pytest.approx(sum(e - s for s, e in quotes) / len(text))


def test_author_signals_keep_the_strongest_mention_per_sentence_and_skip_speakers() -> None:
    items = [
        TargetItem("Ann lied. ", 0, 3, offset=0),
        TargetItem("Ann lied. ", 0, 3, offset=0),
        TargetItem("Ann won.", 0, 3, offset=10),
        TargetItem("Ann won.", 0, 3, offset=10, holder="bob"),
    ]
    slots = [Slot("author", "ann", 0), Slot("author", "ann", 0), Slot("author", "ann", 1), Slot("bob", "ann", 1)]
    probs = [(0.2, 0.8, 0.0), (0.9, 0.1, 0.0), (0.0, 0.4, 0.6), (1.0, 0.0, 0.0)]
    cues = [[Cue(4, 8, -0.2)], [Cue(4, 8, -0.9, "bound")], [Cue(4, 7, 0.6), Cue(0, 1, 0.01)], [Cue(4, 7, -1.0)]]
    got = author_signals(items, slots, probs, cues)
    assert set(got) == {"ann"}
    assert got["ann"].signed == pytest.approx((-0.9, 0.6))
    assert got["ann"].sentences == ((0, 10), (10, 18))
    assert got["ann"].cues == ((4, 8, -0.9, "bound"), (14, 17, 0.6, ""))


def test_with_opinion_scales_all_but_kind_and_rank() -> None:
    got = with_opinion({"agg": -0.5, "kind=person": 1.0, "rank=0": 1.0}, 0.8)
    assert got == {"agg": -0.5, "kind=person": 1.0, "rank=0": 1.0, "agg*op": pytest.approx(-0.4)}


# --- the model files ----------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["fast", "accurate"])
def test_packaged_models_load_and_say_what_they_were_trained_on(mode: str) -> None:
    model = load_judge(packaged_path(mode))
    assert model.card["mode"] == mode
    assert model.card["cross_validation"]["grouped_by"] == "outlet"
    assert "no text is included" in model.card["data"]
    p = model.actor.probs([{"agg": -0.8, "sum_neg": 1.0}, {}])
    assert p.shape == (2, 3) and np.allclose(p.sum(axis=1), 1.0)


def test_model_round_trips_and_rejects_other_classes(tmp_path: Path) -> None:
    model = load_judge(packaged_path("fast"))
    again = JudgeModel.from_json(json.loads(json.dumps(model.to_json())))
    rows = [{"agg": 0.7, "cue+": 1.0, "kind=person": 1.0}, {"agg": -0.7}]
    assert np.allclose(again.actor.probs(rows), model.actor.probs(rows), atol=1e-5)
    bad = model.to_json()
    bad["actor"]["classes"] = ["negative", "neutral", "positive"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(ModelError, match="classes"):
        load_judge(path)


# --- the trainer --------------------------------------------------------------------------------------


def _slant_actor(aid: str, names: list[str], mentions: int) -> dict[str, Any]:
    return {
        "id": aid,
        "names": sorted(names),
        "name": names[0],
        "mentions": mentions,
        "kind": "person",
        "features": {"agg": 0.1},
        "style": {"hp": 0.2},
        "rules": "neutral",
        "evidence": (False, False),
    }


def test_rows_of_matches_labels_like_the_scorer() -> None:
    record = {
        "file": "tbx-story__courier__1.txt",
        "outlet": "The Courier",
        "genre": "opinion",
        "actors": [{"name": "Ann Fell", "forms": ["Ms Fell", "the mayor"]}, {"name": "Bo Kerr", "forms": []}],
        "author_stance": {"Ann Fell": "negative", "Bo Kerr": ["positive", "neutral"], "Cy Dunn": "neutral"},
    }
    actors = [
        _slant_actor("fell", ["fell"], 2),
        _slant_actor("ann-fell", ["ann fell", "mayor"], 5),
        _slant_actor("kerr", ["bo kerr"], 1),
    ]
    rows = rows_of(record, actors)
    assert [(r.allowed, r.outlet, r.genre) for r in rows] == [
        (("negative",), "The Courier", "opinion"),
        (("positive", "neutral"), "The Courier", "opinion"),
    ]
    assert rows[1].target().tolist() == [0.5, 0.5, 0.0]


def _row(page: str, genre: str, agg: float, allowed: str, opinionated: float) -> Row:
    signs = (agg > 0, agg < 0)
    return Row(page, page, genre, {"hp": opinionated}, {"agg": agg}, (allowed,), "neutral", "person", signs)


def test_fit_learns_a_separable_judgement_and_decide_applies_the_rules() -> None:
    rows = []
    for n in range(40):
        rows.append(_row(f"op{n}", "opinion", -0.8, "negative", 0.9))
        rows.append(_row(f"po{n}", "blog", 0.8, "positive", 0.9))
        rows.append(_row(f"nw{n}", "news", -0.8, "neutral", 0.05))
    model = fit(rows, 1.0)
    assert model.opinion({"hp": 0.9}) > 0.5 > model.opinion({"hp": 0.05})
    said = decide(model, rows[:3])
    assert said == ["negative", "positive", "neutral"]
    fig = agreement(rows[:3], said)
    assert fig["all"] == [3, 3] and fig["news"] == [1, 1]


@pytest.mark.parametrize(
    ("name", "sign"),
    [
        ("agg", 1),
        ("agg*op", 1),
        ("cue+|bound*op", 1),
        ("cue-", -1),
        ("cue-*op", -1),
        ("sum_neg", -1),
        ("cue-|patient", 0),
        ("spk_neg", 0),
        ("n_sent*op", 0),
    ],
)
def test_monotone_signs(name: str, sign: int) -> None:
    assert monotone_sign(name) == sign


def test_monotone_fit_never_lets_praise_lean_toward_blame() -> None:
    # labels that reward praise with "negative": an unconstrained fit learns it, the monotone one may not
    xs = [{"cue+": 1.0}] * 30 + [{"cue+": 0.0}] * 30
    ys = np.array([[0.0, 0.0, 1.0]] * 30 + [[1.0, 0.0, 0.0]] * 30)
    free = fit_linear(xs, ys, CLASSES, 10.0)
    tied = fit_linear(xs, ys, CLASSES, 10.0, monotone=True)
    k = free.features.index("cue+")
    assert free.weights[k, 2] - free.weights[k, 1] > 0.5
    assert tied.weights[k, 1] - tied.weights[k, 2] >= -1e-9


# --- calibrated confidence ------------------------------------------------------------------------------


def test_calibration_error_is_zero_when_confidence_matches_agreement() -> None:
    from slant.train.stance_judge import calibration

    confidences = [0.75] * 4 + [0.25] * 4
    right = [True, True, True, False, True, False, False, False]
    got = calibration(confidences, right)
    assert got["ece"] == 0.0
    assert got["bins"] == [[0.2, 4, 0.25, 0.25], [0.7, 4, 0.75, 0.75]]
    assert calibration([0.9] * 4, [False] * 4)["ece"] == pytest.approx(0.9)


def test_platt_scaling_raises_an_underconfident_judge() -> None:
    from slant.train.stance_judge import fit_platt, platt

    confidences = [0.6] * 50 + [0.8] * 50
    right = [n % 10 < 8 for n in range(50)] + [n % 20 < 19 for n in range(50)]  # 0.8 and 0.95 agree
    scaling = fit_platt(confidences, right)
    assert platt(0.6, scaling) == pytest.approx(0.8, abs=0.02)
    assert platt(0.8, scaling) == pytest.approx(0.95, abs=0.02)


def test_the_model_reports_calibrated_confidence_and_keeps_its_scaling() -> None:
    page = Linear(PAGE_CLASSES, ("hp",), np.zeros((1, 2)), np.array([0.0, 0.0]))
    actor = Linear(CLASSES, ("agg",), np.zeros((1, 3)), np.array([0.0, 0.0, 0.0]))
    plain = JudgeModel(page, actor, {})
    assert plain.confidence(0.6) == 0.6
    scaled = JudgeModel(page, actor, {}, (1.0, 1.0))
    assert scaled.confidence(0.5) == pytest.approx(1 / (1 + np.exp(-1.0)))
    again = JudgeModel.from_json(json.loads(json.dumps(scaled.to_json())))
    assert again.calibration == (1.0, 1.0)
    for mode in ("fast", "accurate"):
        model = load_judge(packaged_path(mode))
        assert model.calibration is not None
        assert model.confidence(0.9) > model.confidence(0.6)  # scaling keeps the order


def test_cross_validation_reports_calibration_and_thresholds() -> None:
    from slant.train.stance_judge import THRESHOLDS, cross_validate

    rows = []
    for n in range(30):
        rows.append(_row(f"op{n}", "opinion", -0.8, "negative", 0.9))
        rows.append(_row(f"nw{n}", "news", -0.8, "neutral", 0.05))
        rows.append(_row(f"mx{n}", "opinion", -0.3, "negative" if n % 3 else "neutral", 0.9))
    r = cross_validate(rows, 5, 1.0, 7)
    assert set(r["thresholds"]) == {str(t) for t in THRESHOLDS}
    assert 0.0 <= r["calibrated"]["ece"] <= 1.0 and sum(b[1] for b in r["calibration"]["bins"]) == len(rows)
    # every threshold scores every row
    agree = [r["thresholds"][str(t)]["all"] for t in THRESHOLDS]
    assert all(a[1] == len(rows) for a in agree)
    assert r["judge"]["all"][0] >= 60  # the separable rows are learned
