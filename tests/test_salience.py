"""Actor salience (issue 20, item 2): the features, the packaged model, the component's ordering, the
main actors an analysis reports, and the trainer's bookkeeping. Every text is invented."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from slant.analyze.base import Context
from slant.analyze.common import Linear
from slant.analyze.salience import (
    CLASSES,
    SalienceComponent,
    SalienceModel,
    load_salience,
    packaged_path,
    rank_by_salience,
    salience_features,
    subject_counts,
)
from slant.errors import ModelError
from slant.models import Actor, Analysis, Article, Quote, Relation, Span, Stance, sentence_around
from slant.train.salience import Row, page_figures, rows_of

TEXT = (
    "Mayor Ada Quill sacked her deputy Tom Reyes on Monday. "
    '"He broke the rules," Quill said. Reyes called the decision a betrayal. '
    "Council officers spent the rest of the day going through the deputy's expenses, the ferry contract "
    "and the minutes of three committee meetings from the spring, and said they would publish a summary "
    "of what they found before the full council meets at the end of the month. "
    "The harbour board in Eastmoor met later; its chair, Nell Abara, declined to comment. "
    "Quill has led Eastmoor since 2019."
)


def span(text: str, needle: str, nth: int = 0) -> Span:
    start = -1
    for _ in range(nth + 1):
        start = text.index(needle, start + 1)
    return Span(start, start + len(needle), needle)


def actors() -> tuple[Actor, ...]:
    t = TEXT
    return (
        Actor("eastmoor", "Eastmoor", "place", ("Eastmoor",), (span(t, "Eastmoor"), span(t, "Eastmoor", 1))),
        Actor("nell-abara", "Nell Abara", "person", ("Nell Abara",), (span(t, "Nell Abara"),)),
        Actor("tom-reyes", "Tom Reyes", "person", ("Tom Reyes", "Reyes"), (span(t, "Tom Reyes"), span(t, "Reyes", 1))),
        Actor(
            "ada-quill",
            "Ada Quill",
            "person",
            ("Ada Quill", "Quill"),
            (span(t, "Ada Quill"), span(t, "Quill", 1), span(t, "Quill", 2)),
        ),
    )


def quotes() -> tuple[Quote, ...]:
    q = span(TEXT, "He broke the rules,")
    return (Quote(q.text, q.start, q.end, "direct", "ada-quill", "Quill", "said"),)


def relations() -> tuple[Relation, ...]:
    return (Relation("ada-quill", "tom-reyes", "oppose", "sack", span(TEXT, "Ada Quill sacked her deputy"), 0.8),)


# --- features ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("actor", "feature", "expected"),
    [
        ("ada-quill", "title", 1.0),  # "Quill" is her surname, in the title
        ("tom-reyes", "title", 1.0),
        ("nell-abara", "title", None),
        ("eastmoor", "title", None),  # the title names no place
        ("ada-quill", "lead", 1.0),
        ("nell-abara", "lead", None),  # first named after the lead
        ("ada-quill", "rank=0", 1.0),
        ("ada-quill", "quoted", pytest.approx(np.log(2))),
        ("tom-reyes", "quoted", None),
        ("ada-quill", "related", pytest.approx(np.log(2))),
        ("tom-reyes", "related", pytest.approx(np.log(2))),
        ("nell-abara", "related", None),
        ("ada-quill", "of_top", 1.0),
        ("nell-abara", "of_top", pytest.approx(1 / 3)),
        ("eastmoor", "kind=place", 1.0),
    ],
)
def test_salience_features(actor: str, feature: str, expected: object) -> None:
    feats = salience_features(actors(), quotes(), relations(), "Quill sacks Reyes", len(TEXT))
    assert feats[actor].get(feature) == expected


def test_no_actors_no_features() -> None:
    assert salience_features((), (), (), "Quill sacks Reyes", len(TEXT)) == {}


def test_a_title_word_inside_another_word_is_not_the_name() -> None:
    bell = Actor("ian-bell", "Ian Bell", "person", ("Ian Bell",), (Span(0, 8, "Ian Bell"),))
    assert "title" not in salience_features((bell,), (), (), "Bellwether seat falls", 100)["ian-bell"]
    assert salience_features((bell,), (), (), "Bell's seat falls", 100)["ian-bell"]["title"] == 1.0


# --- the packaged model and the component -------------------------------------------------------------


def test_packaged_model_loads_and_names_its_data() -> None:
    model = load_salience(packaged_path())
    assert model.linear.classes == CLASSES
    assert "training/realnews" in model.card["data"]
    assert model.card["cross_validation"]["grouped_by"] == "outlet"


@pytest.fixture(scope="module")
def doc() -> Any:
    from slant.nlp import load_nlp

    return load_nlp()(TEXT)


def test_subject_counts(doc: Any) -> None:
    # Quill is the subject of "sacked", "said" and "has led", Reyes of "called"; Abara only stands in
    # apposition to the subject ("its chair, Nell Abara, declined"), Eastmoor is never one
    assert subject_counts(doc, actors()) == {"ada-quill": 3, "tom-reyes": 1}
    feats = salience_features(actors(), quotes(), relations(), "", len(TEXT), subject_counts(doc, actors()))
    assert feats["ada-quill"]["subject_share"] == 1.0
    assert "subject" not in feats["eastmoor"]


def test_the_component_ranks_the_story_s_people_above_a_passing_name_and_a_place(doc: Any) -> None:
    ctx = Context(article=Article(id="s1", source="s.txt", text=TEXT, title="Quill sacks Reyes"), doc=doc)
    ctx.data.update(actors=actors(), quotes=quotes(), relations=relations(), stances=())
    SalienceComponent()(ctx)
    got = ctx.data["actors"]
    assert [a.id for a in got[:2]] == ["ada-quill", "tom-reyes"]
    assert all(a.salience is not None and 0.0 <= a.salience <= 1.0 for a in got)
    assert [a.salience for a in got] == sorted((a.salience or 0.0 for a in got), reverse=True)
    assert got[0].salience is not None and got[0].salience >= 0.5
    by_id = {a.id: a for a in got}
    assert (by_id["nell-abara"].salience or 0.0) < 0.5
    assert {a.id for a in got} == {a.id for a in actors()}  # every actor kept


def test_a_broken_model_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "model.json"
    path.write_text(json.dumps({"model": {"classes": ["a", "b"], "features": [], "weights": [], "bias": []}}))
    with pytest.raises(ModelError, match=r"retrain with python -m slant\.train\.salience"):
        load_salience(path)


def test_rank_by_salience_orders_actors_and_stances_and_keeps_every_row() -> None:
    a = actors()
    stances = (
        Stance("tom-reyes", "ada-quill", "negative", -0.5),
        Stance("author", "eastmoor", "neutral", 0.0),
        Stance("author", "ada-quill", "neutral", 0.0),
        Stance("author", "gone", "neutral", 0.0),  # a target with no actor goes last among the author's
    )
    ranked, ordered = rank_by_salience(a, stances, {"ada-quill": 0.9, "tom-reyes": 0.7, "eastmoor": 0.1})
    assert [x.id for x in ranked] == ["ada-quill", "tom-reyes", "eastmoor", "nell-abara"]
    assert ranked[3].salience == 0.0
    assert [(s.holder, s.target) for s in ordered] == [
        ("author", "ada-quill"),
        ("author", "eastmoor"),
        ("author", "gone"),
        ("tom-reyes", "ada-quill"),
    ]


# --- the main actors of an analysis -------------------------------------------------------------------


def _analysis(saliences: dict[str, float | None], stances: tuple[Stance, ...] = ()) -> Analysis:
    from dataclasses import replace

    return Analysis(
        Article(id="m1", source="m.txt", text=TEXT),
        actors=tuple(replace(a, salience=saliences.get(a.id)) for a in actors()),
        stances=stances,
    )


def test_main_actors_are_those_the_model_calls_main_most_salient_first() -> None:
    traitor = span(TEXT, "betrayal")
    a = _analysis(
        {"ada-quill": 0.6, "tom-reyes": 0.95, "eastmoor": 0.2, "nell-abara": 0.1},
        (Stance("author", "tom-reyes", "positive", 0.7, (traitor,), 0.7),),
    )
    main = a.main_actors()
    assert [m.actor.id for m in main] == ["tom-reyes", "ada-quill"]
    assert main[0].stance is not None and main[0].stance.confidence == 0.7
    assert main[0].sentence is not None and main[0].sentence.text == "Reyes called the decision a betrayal."
    assert main[1].stance is None and main[1].sentence is None


def test_main_actors_without_any_salience_fall_back_to_mentions() -> None:
    assert [m.actor.id for m in _analysis({}).main_actors()] == ["ada-quill", "eastmoor", "tom-reyes"]


def test_at_least_one_main_actor_when_none_is_likely() -> None:
    main = _analysis({"ada-quill": 0.3, "tom-reyes": 0.4}).main_actors()
    assert [m.actor.id for m in main] == ["tom-reyes"]


def test_no_actors_no_main_actors() -> None:
    assert Analysis(Article(id="e", source="e.txt", text="Rain.")).main_actors() == ()


@pytest.mark.parametrize(
    ("needle", "sentence"),
    [
        ("sacked", "Mayor Ada Quill sacked her deputy Tom Reyes on Monday."),
        ("broke", '"He broke the rules," Quill said.'),
        ("Nell", "The harbour board in Eastmoor met later; its chair, Nell Abara, declined to comment."),
        ("2019", "Quill has led Eastmoor since 2019."),
    ],
)
def test_sentence_around(needle: str, sentence: str) -> None:
    s = span(TEXT, needle)
    got = sentence_around(TEXT, s.start, s.end)
    assert got.text == sentence and TEXT[got.start : got.end] == sentence


def test_sentence_around_keeps_a_title_s_abbreviation() -> None:
    text = "Rain fell. Mr. Reyes spoke at noon. Then he left."
    s = span(text, "noon")
    assert sentence_around(text, s.start, s.end).text == "Mr. Reyes spoke at noon."


@given(st.text(max_size=80), st.integers(0, 80), st.integers(0, 10))
def test_sentence_around_is_a_span_of_the_text(text: str, start: int, width: int) -> None:
    start = min(start, len(text))
    end = min(len(text), start + width)
    got = sentence_around(text, start, end)
    assert 0 <= got.start <= got.end <= len(text)
    assert text[got.start : got.end] == got.text


# --- the trainer's bookkeeping ------------------------------------------------------------------------


def test_rows_of_marks_the_actor_a_main_label_names() -> None:
    record = {
        "file": "t9-harbour__eastmoor-herald__1.txt",
        "outlet": "Eastmoor Herald",
        "actors": [
            {"name": "Ada Quill", "main": True, "forms": ["Mayor Quill"]},
            {"name": "Tom Reyes", "main": False},
            {"name": "Someone Slant Missed", "main": True},
        ],
    }
    found = [
        {"names": ["ada quill", "quill"], "name": "ada quill", "mentions": 3, "features": {"title": 1.0}},
        {"names": ["tom reyes"], "name": "tom reyes", "mentions": 2, "features": {"lead": 1.0}},
        {"names": ["eastmoor"], "name": "eastmoor", "mentions": 2, "features": {}},  # nothing to learn from
    ]
    rows = rows_of(record, found)
    assert [(r.features, r.main) for r in rows] == [({"title": 1.0}, True), ({"lead": 1.0}, False)]
    assert rows[0].outlet == "Eastmoor Herald"


def test_page_figures_count_top_k_and_the_threshold() -> None:
    rows = [
        Row("p1", "o", {}, True, 1),
        Row("p1", "o", {}, False, 9),
        Row("p1", "o", {}, True, 5),
        Row("p2", "o", {}, True, 2),
        Row("p2", "o", {}, False, 1),
    ]
    fig = page_figures(rows, [0.9, 0.6, 0.4, 0.8, 0.1])
    assert fig["top-k"] == [2, 3]  # p1: the top two are a main and a non-main; p2: the main is first
    assert fig["top-k by mentions"] == [2, 3]  # p1: 9 and 5 mentions; p2: 2 before 1
    assert fig["precision@0.5"] == [2, 3] and fig["recall@0.5"] == [2, 3]


def test_a_model_fitted_on_a_clear_signal_learns_it() -> None:
    from slant.train.salience import fit

    rows = [Row(f"p{n}", "o", {"title": 1.0} if n % 2 else {"lead": 1.0}, bool(n % 2), 1) for n in range(40)]
    model = fit(rows, 1.0)
    title, lead = model.scores([{"title": 1.0}, {"lead": 1.0}])
    assert title > 0.8 > 0.2 > lead
    assert isinstance(model.linear, Linear)
    assert SalienceModel.from_json(model.to_json()).scores([{"title": 1.0}]) == pytest.approx([title])
