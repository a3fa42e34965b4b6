"""The packaged multi-task sentence model (bias and hate heads; issue 4) and the accurate components using it."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("onnxruntime")

from slant.errors import ModelError
from slant.models import Article
from slant.nlp.sentence_model import TASKS, SentenceModel, model_dir, task_probabilities
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
    assert "slant.bias-model.v2" in an.pipeline and "slant.hate-model.v2" in an.pipeline
    assert [f.start for f in an.flags if f.kind == "bias"] == [0]  # the loaded first sentence, not the report
    assert 0.0 <= an.scores["bias_mean"] <= 1.0 and "hyperpartisan" in an.scores
    for f in an.flags:
        assert f.text == text[f.start : f.end]
