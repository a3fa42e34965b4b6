"""The packaged multi-task sentence model (bias and hate heads; issue 4) and the accurate components using it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("onnxruntime")

from slant.errors import ModelError
from slant.models import Article
from slant.nlp.sentence_model import (
    CARD_FILE,
    MODEL_FILE,
    NORMALISERS,
    TASKS,
    TOKENIZER_FILE,
    SentenceModel,
    member_weights,
    model_dir,
    normalise_social,
    task_probabilities,
)
from slant.pipeline import build_pipeline


@pytest.fixture(scope="module")
def model() -> SentenceModel:
    return SentenceModel.shared()


def test_task_probabilities_are_two_way_softmaxes() -> None:
    (row,) = task_probabilities(np.array([[0.0, 0.0, 2.0, -2.0]]))
    assert row["bias"] == pytest.approx(0.5) and row["hate"] == pytest.approx(1 / (1 + np.exp(4.0)))


def test_card_records_tasks_data_and_cross_validation(model: SentenceModel) -> None:
    card = model.card
    assert tuple(card["tasks"]) == TASKS
    cv = card["cross_validation"]
    assert cv["folds"] == 5 and 0.5 < cv["babe_f1m"] <= 1.0 and 0.3 < cv["isca_f1_antisemitic"] <= 1.0
    assert {"babe", "isca", "toxigen"} <= set(card["data"]["rows"])
    assert (model_dir() / "NOTICE").is_file()


def test_predictions_rank_sentences_sensibly(model: SentenceModel) -> None:
    neutral = "The council approved the annual budget on Tuesday after a two-hour debate."
    biased = "The radical left's disgraceful scheme will wreck the economy and betray hardworking families."
    hateful = "Those people are vermin who breed like rats and should be driven out of our country."
    out = model.predict([neutral, biased, hateful, ""])
    assert len(out) == 4 and all(set(p) == set(TASKS) and all(0.0 <= v <= 1.0 for v in p.values()) for p in out)
    assert out[1]["bias"] > out[0]["bias"]
    assert out[2]["hate"] > out[0]["hate"] and out[2]["hate"] > 0.5


def test_order_and_batching_do_not_change_results(model: SentenceModel) -> None:
    texts = ["A short one.", "A much longer sentence about the minister's plans for the harbour and the town."]
    one = [model.predict([t], batch_size=1)[0] for t in texts]
    both = model.predict(list(reversed(texts)), batch_size=1)[::-1]
    assert all(a == pytest.approx(b) for a, b in zip(one, both, strict=True))


def test_missing_files_are_a_model_error(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="reinstall slant"):
        SentenceModel(tmp_path)


def test_accurate_pipeline_flags_biased_sentences_and_keeps_provenance() -> None:
    pipe = build_pipeline(mode="accurate")
    text = (
        "The radical left's disgraceful scheme will wreck the economy and betray hardworking families. "
        "The council approved the annual budget on Tuesday after a two-hour debate."
    )
    an = pipe.analyze([Article(id="t", source="test", text=text)])[0]
    assert "slant.bias-model.v7" in an.pipeline and "slant.hate-model.v5" in an.pipeline
    assert [f.start for f in an.flags if f.kind == "bias"] == [0]  # the loaded first sentence, not the report
    assert 0.0 <= an.scores["bias_mean"] <= 1.0 and "hyperpartisan" in an.scores
    for f in an.flags:
        assert f.text == text[f.start : f.end]


# Ensembles and input normalisers (issue 4: the shipped model may average several networks).


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Read this https://t.co/AbC123 now", "Read this http now"),
        ("via @Some_User_1: they lie", "via @user: they lie"),
        ("first line\\nsecond line", "first line second line"),
        ("bread &amp; butter", "bread & butter"),
        ("see www.example.org/page?x=1.", "see http"),
        ("write to a.b@example.org", "write to a.b@example.org"),
        ("The council approved the budget.", "The council approved the budget."),
        ("", ""),
    ],
)
def test_normalise_social_replaces_links_and_handles(raw: str, expected: str) -> None:
    assert normalise_social(raw) == expected


def _copy_model(tmp_path: Path, card: dict[str, object], files: dict[str, str]) -> Path:
    folder = tmp_path / "m"
    folder.mkdir(parents=True)
    for name, src in files.items():
        shutil.copyfile(model_dir() / src, folder / name)
    shutil.copyfile(model_dir() / TOKENIZER_FILE, folder / TOKENIZER_FILE)
    (folder / CARD_FILE).write_text(json.dumps(card), encoding="utf-8")
    return folder


def _base_card() -> dict[str, object]:
    card = dict(json.loads((model_dir() / CARD_FILE).read_text(encoding="utf-8")))
    card.pop("members", None)
    return card


TEXTS = [
    "The minister's reckless plan will wreck the harbour, critics said.",
    "@someone the council met on Tuesday https://t.co/xyz",
]


def test_ensemble_of_one_network_twice_equals_that_network(tmp_path: Path) -> None:
    first = (_shipped_members() or [{"file": MODEL_FILE}])[0]
    norm = first.get("normalise", "")
    single = _copy_model(tmp_path / "a", {**_base_card(), "normalise": norm}, {MODEL_FILE: first["file"]})
    members = [{"file": MODEL_FILE, "normalise": norm}, {"file": "model-2.int8.onnx", "normalise": norm}]
    double = _copy_model(
        tmp_path / "b",
        {**_base_card(), "members": members},
        {MODEL_FILE: first["file"], "model-2.int8.onnx": first["file"]},
    )
    one, two = SentenceModel(single), SentenceModel(double)
    assert len(one.members) == 1 and len(two.members) == 2
    for p, q in zip(one.predict(TEXTS), two.predict(TEXTS), strict=True):
        assert p == pytest.approx(q, abs=1e-6)


def test_each_member_reads_the_text_through_its_own_normaliser(tmp_path: Path) -> None:
    first = (_shipped_members() or [{"file": MODEL_FILE}])[0]["file"]
    raw = _copy_model(tmp_path / "a", {**_base_card(), "normalise": ""}, {MODEL_FILE: first})
    social = _copy_model(tmp_path / "b", {**_base_card(), "normalise": "social"}, {MODEL_FILE: first})
    mixed = _copy_model(
        tmp_path / "c",
        {
            **_base_card(),
            "members": [{"file": MODEL_FILE, "normalise": ""}, {"file": "model-2.int8.onnx", "normalise": "social"}],
        },
        {MODEL_FILE: first, "model-2.int8.onnx": first},
    )
    a, b, c = (SentenceModel(d).logits(TEXTS) for d in (raw, social, mixed))
    assert not np.allclose(a[1], b[1])  # the tweet-like text reads differently once normalised
    assert np.allclose(c, (a + b) / 2, atol=1e-5)


def test_member_weights_mix_each_task_on_its_own(tmp_path: Path) -> None:
    """Issue 4: a member may count more on one task (the op-ed-trained network on the hate head)."""
    first = (_shipped_members() or [{"file": MODEL_FILE}])[0]["file"]
    raw = _copy_model(tmp_path / "a", {**_base_card(), "normalise": ""}, {MODEL_FILE: first})
    social = _copy_model(tmp_path / "b", {**_base_card(), "normalise": "social"}, {MODEL_FILE: first})
    members = [
        {"file": MODEL_FILE, "normalise": "", "weights": {"bias": 1, "hate": 3}},
        {"file": "model-2.int8.onnx", "normalise": "social", "weights": {"bias": 1, "hate": 1}},
    ]
    mixed = _copy_model(
        tmp_path / "c", {**_base_card(), "members": members}, {MODEL_FILE: first, "model-2.int8.onnx": first}
    )
    a, b, c = (SentenceModel(d).logits(TEXTS) for d in (raw, social, mixed))
    assert np.allclose(c[:, :2], (a[:, :2] + b[:, :2]) / 2, atol=1e-5)
    assert np.allclose(c[:, 2:], (3 * a[:, 2:] + b[:, 2:]) / 4, atol=1e-5)


@pytest.mark.parametrize(
    ("weights", "expected"),
    [
        ([{}, {}], [[0.5, 0.5, 0.5, 0.5], [0.5, 0.5, 0.5, 0.5]]),
        ([{"hate": 3}, {}], [[0.5, 0.5, 0.75, 0.75], [0.5, 0.5, 0.25, 0.25]]),
        ([{"bias": 0}, {"hate": 0}], [[0, 0, 1, 1], [1, 1, 0, 0]]),
    ],
)
def test_member_weights_are_normalised_per_task(weights: list[dict[str, float]], expected: list[list[float]]) -> None:
    got = member_weights([{"weights": w} for w in weights], ("bias", "hate"))
    assert np.allclose(np.array(got), np.array(expected))


def test_a_task_no_member_weighs_is_a_model_error() -> None:
    with pytest.raises(ModelError, match="no member with a positive weight"):
        member_weights([{"weights": {"hate": 0}}, {"weights": {"hate": 0}}], ("bias", "hate"))


def _shipped_members() -> list[dict[str, str]]:
    return list(json.loads((model_dir() / CARD_FILE).read_text(encoding="utf-8")).get("members", []))


@pytest.mark.parametrize(
    ("members", "message"),
    [
        ([{"file": MODEL_FILE, "normalise": "shout"}], "unknown normaliser 'shout'"),
        ([{"file": MODEL_FILE}, {"file": "model-9.int8.onnx"}], "model-9.int8.onnx is missing"),
    ],
)
def test_broken_ensemble_cards_are_model_errors(tmp_path: Path, members: list[dict[str, str]], message: str) -> None:
    first = (_shipped_members() or [{"file": MODEL_FILE}])[0]["file"]
    folder = _copy_model(tmp_path, {**_base_card(), "members": members}, {MODEL_FILE: first})
    with pytest.raises(ModelError, match=message):
        SentenceModel(folder)


def test_shipped_card_describes_every_member_file() -> None:
    folder = model_dir()
    for member in _shipped_members():
        assert (folder / member["file"]).is_file()
        assert member.get("normalise", "") in NORMALISERS
