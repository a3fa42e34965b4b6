"""The packaged target-sentiment model (slant.nlp.target_sentiment): loads offline, scores sensibly."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import pytest

from slant.errors import ModelError
from slant.nlp.target_sentiment import (
    LABELS,
    ModelTargetScorer,
    TargetSentimentModel,
    encode,
    macro_f1,
    main,
    mark_target,
    model_dir,
    read_newsmtsc,
)


def span(sentence: str, name: str) -> tuple[str, int, int]:
    start = sentence.index(name)
    return sentence, start, start + len(name)


@pytest.fixture(scope="module")
def model() -> TargetSentimentModel:
    return TargetSentimentModel.shared()


def test_files_are_packaged() -> None:
    d = model_dir()
    for name in ("model.int8.onnx", "tokenizer.json", "model-card.json", "NOTICE"):
        assert (d / name).is_file(), name
    card = json.loads((d / "model-card.json").read_text(encoding="utf-8"))
    assert card["labels"] == list(LABELS)
    assert card["base_model"]["license"] == "Apache-2.0"
    assert (d / "model.int8.onnx").stat().st_size < 30_000_000


def test_probabilities_sum_to_one(model: TargetSentimentModel) -> None:
    items = [
        span("The council met on Tuesday and Maria Lopez chaired the session.", "Maria Lopez"),
        span("Reporters asked Tom Becker about the budget, and he answered briefly.", "Tom Becker"),
        span("Nobody expected the vote to pass so quickly, said Ahmed Karim.", "Ahmed Karim"),
    ]
    probs = model.predict(items)
    assert len(probs) == len(items)
    for p in probs:
        assert len(p) == 3
        assert all(0.0 <= x <= 1.0 for x in p)
        assert sum(p) == pytest.approx(1.0, abs=1e-6)


def test_batching_keeps_order_and_results(model: TargetSentimentModel) -> None:
    items = [
        span("The minister praised Anna Berg for her courage.", "Anna Berg"),
        span(
            "A much longer sentence in which the committee, after many hours of debate, heard Paul Weir speak.",
            "Paul Weir",
        ),
        span("Critics accused Ray Dunn of lying.", "Ray Dunn"),
    ]
    alone = [model.predict([it])[0] for it in items]
    assert model.predict(items) == alone  # the default: an item's result never depends on its neighbours
    # Bigger batches are allowed; int8 activation scales are per batch, so results move only slightly.
    for a, b in zip(model.predict(items, batch_size=3), alone, strict=True):
        assert a == pytest.approx(b, abs=0.05)
    assert model.predict([]) == []


NEGATIVE = [
    span(
        "Prosecutors say Victor Hale defrauded hundreds of elderly investors and then lied under oath.", "Victor Hale"
    ),
    span(
        "The scandal-plagued senator Dana Cole was condemned by her own party for the corrupt land deal.", "Dana Cole"
    ),
    span(
        "Critics blasted Mayor Owen Reyes as incompetent and dishonest after the disastrous flood response.",
        "Owen Reyes",
    ),
]
POSITIVE = [
    span(
        "Residents praised Dr. Lena Fischer for her tireless, generous work saving lives during the outbreak.",
        "Lena Fischer",
    ),
    span("Colleagues hailed Judge Martin Osei as a brilliant, fair and deeply respected jurist.", "Martin Osei"),
    span("Grace Okafor won widespread admiration for her heroic rescue of the stranded children.", "Grace Okafor"),
]


def test_clear_examples_get_the_right_label(model: TargetSentimentModel) -> None:
    labels = model.label(NEGATIVE + POSITIVE)
    assert labels[: len(NEGATIVE)] == ["negative"] * len(NEGATIVE)
    assert labels[len(NEGATIVE) :] == ["positive"] * len(POSITIVE)


def test_marking_and_target_mask(model: TargetSentimentModel) -> None:
    sentence, a, b = span("Critics said Ray Dunn lied [unused0] again.", "Ray Dunn")
    text, target = mark_target(sentence, a, b, model.markers)
    assert target == "Ray Dunn"
    assert text.count(model.markers[0]) == 1 and text.count(model.markers[1]) == 1
    enc = encode(model.tokenizer, [(sentence, a, b)], model.markers)
    tokens = [
        model.tokenizer.id_to_token(int(i)) for i, m in zip(enc.input_ids[0], enc.target_mask[0], strict=True) if m
    ]
    assert tokens[0] == model.markers[0] and tokens[-1] == model.markers[1]
    assert "".join(tokens[1:-1]).replace("##", "") == "raydunn"
    with pytest.raises(ValueError):
        mark_target("Nobody here.", 3, 3)


def test_scorer_adapter(model: TargetSentimentModel) -> None:
    @dataclass
    class Item:
        sentence: str
        start: int
        end: int

    @dataclass
    class TextItem:
        text: str
        start: int
        end: int

    expected = model.predict([NEGATIVE[0], POSITIVE[0]])
    scorer = ModelTargetScorer(model)
    assert scorer.score([Item(*NEGATIVE[0]), Item(*POSITIVE[0])]) == expected
    assert scorer.score([TextItem(*NEGATIVE[0]), POSITIVE[0]]) == expected


def test_missing_files_say_reinstall(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="reinstall slant"):
        TargetSentimentModel(tmp_path)


def test_macro_f1() -> None:
    assert macro_f1([0, 1, 2], [0, 1, 2]) == 1.0
    assert macro_f1([0, 0, 1, 2], [0, 1, 1, 2]) == pytest.approx((2 / 3 + 2 / 3 + 1) / 3)


def test_cli_scores_a_newsmtsc_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rows = NEGATIVE + POSITIVE
    path = tmp_path / "tiny.jsonl"
    with path.open("w", encoding="utf-8") as f:
        for i, (s, a, b) in enumerate(rows):
            polarity = 2.0 if i < len(NEGATIVE) else 6.0
            target = {"Input.gid": str(i), "from": a, "to": b, "mention": s[a:b], "polarity": polarity}
            f.write(json.dumps({"primary_gid": str(i), "sentence_normalized": s, "targets": [target]}) + "\n")
    assert len(read_newsmtsc(path)) == len(rows)
    assert main([str(path)]) == 0
    out = capsys.readouterr().out
    assert "F1m" in out and "6 targets" in out


def test_run_time_does_not_import_torch() -> None:
    code = (
        "import sys; from slant.nlp.target_sentiment import TargetSentimentModel as M; "
        "p = M.shared().predict([('Critics said Ray Dunn lied.', 13, 21)]); "
        "assert 'torch' not in sys.modules, 'torch imported'; print(round(sum(p[0]), 3))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == "1.0"


@pytest.mark.shared
@pytest.mark.slow
def test_newsmtsc_rw_dev_floor(shared_dir: Path, model: TargetSentimentModel) -> None:
    path = shared_dir / "data" / "newsmtsc" / "newsmtsc-rw" / "dev.jsonl"
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    from slant.nlp.target_sentiment import evaluate

    floors = tomllib.loads(resources.files("slant").joinpath("resources/gold/floors.toml").read_text(encoding="utf-8"))
    result = evaluate(model, path)
    assert result["targets"] == 343
    assert result["f1m"] >= floors["target_sentiment"]["rw_dev_f1m"]
