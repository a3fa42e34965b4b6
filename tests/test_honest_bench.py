"""Issue 19, deliver 2: every bench figure is computed from the files it is pointed at.

Repeats are dropped before cross-validation and counted; a shipped model is scored only on the rows it did not
train on; the NewsMTSC split that chose the checkpoint is never scored; datasets are named one by one.
Invented sentences only.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from slant.bench.accuracy import AccuracyResult, _sentence_model_rows
from slant.bench.datasets import Example, dedupe, near_key, text_hash
from slant.bench.newsmtsc import test_partition as newsmtsc_partition
from slant.bench.sets import BY_NAME, parse_sets, resolve
from slant.errors import ConfigError

REPEATS = [
    # (first text, second text, same key)
    ("The mayor lied again.", "the mayor LIED again", True),
    ("The mayor lied again.", "The mayor lied  again!!", True),
    ("The mayor lied again.", "The mayor lied, again…", True),
    ("The mayor lied again.", "The mayor lied once.", False),
    ("The mayor lied again.", "The mayors lied again.", False),
    ("", "   ", True),
]


@pytest.mark.parametrize(("a", "b", "same"), REPEATS)
def test_near_key(a: str, b: str, same: bool) -> None:
    assert (near_key(a) == near_key(b)) is same
    assert (text_hash(a) == text_hash(b)) is same


def test_dedupe_keeps_the_first_and_counts_the_rest() -> None:
    rows = [
        Example("Vote for Ada Brisk!", 0, "isca"),
        Example("vote for ada brisk", 1, "isca"),  # a repeat, even with another label
        Example("Vote for Ada Brisk!", 0, "babe"),  # another dataset: kept
        Example("Ada Brisk lost.", 0, "isca"),
    ]
    kept, dropped = dedupe(rows)
    assert dropped == 1
    assert [(r.text, r.dataset) for r in kept] == [
        ("Vote for Ada Brisk!", "isca"),
        ("Vote for Ada Brisk!", "babe"),
        ("Ada Brisk lost.", "isca"),
    ]
    assert dedupe([]) == ([], 0)


def test_cross_validation_drops_and_reports_repeats() -> None:
    from slant.train.bias_linear import cross_validate

    loaded = ["a disgraceful shameless stunt", "a vile reckless scheme", "an outrageous corrupt deal"]
    plain = ["the council met on monday", "the vote was held in march", "the report was published today"]
    rows = [Example(f"{t} number {i}", 1, "babe") for i in range(10) for t in loaded]
    rows += [Example(f"{t} number {i}", 0, "babe") for i in range(10) for t in plain]
    rows += [Example(r.text.upper() + "!", r.label, "babe") for r in rows[:7]]
    r = cross_validate(rows, 3, 1.0, 1, 13)
    assert r["dropped_repeats"] == 7
    assert r["examples"] == 60
    assert 0.0 <= r["f1m"] <= 1.0


SET_OPTIONS = [
    (["babe-test=/x/test.csv"], {"babe-test": Path("/x/test.csv")}),
    (["isca=/a.csv", "isca=/b.csv"], {"isca": Path("/b.csv")}),  # the last one given wins
    ([], {}),
]


@pytest.mark.parametrize(("values", "expected"), SET_OPTIONS)
def test_parse_sets(values: list[str], expected: dict[str, Path]) -> None:
    assert parse_sets(values) == expected


@pytest.mark.parametrize("value", ["babe", "babe=", "nosuchset=/x.csv", "=/x.csv"])
def test_parse_sets_rejects(value: str) -> None:
    with pytest.raises(ConfigError, match="--set"):
        parse_sets([value])


def test_resolve_fills_only_what_exists_and_was_not_given(tmp_path: Path) -> None:
    (tmp_path / "babe").mkdir()
    (tmp_path / "babe" / "train_SG2.csv").write_text("x", encoding="utf-8")
    given = {"hatecheck": Path("/elsewhere/cases.csv")}
    got = resolve(tmp_path, given)
    assert got == {"hatecheck": Path("/elsewhere/cases.csv"), "babe": tmp_path / "babe" / "train_SG2.csv"}
    assert resolve(None, {}) == {}
    assert set(BY_NAME) >= {"babe", "babe-test", "isca", "isca-test", "newsmtsc"}


def _babe_file(path: Path, rows: list[tuple[str, str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh, delimiter=";")
        w.writerow(["text", "label_bias", "biased_words", "label_opinion"])
        for text, label in rows:
            w.writerow([text, label, "[]", "Entirely factual"])
    return path


BABE_ROWS = [
    ("The senator's shameless, reckless stunt insulted every voter in the state.", "Biased"),
    ("The committee will meet on Tuesday to discuss the budget.", "Non-biased"),
    ("The committee will meet on Tuesday to discuss the budget!", "Non-biased"),  # a repeat
    ("Critics called the mayor's plan a disgraceful giveaway to cronies.", "Biased"),
]


def test_the_shipped_model_is_scored_only_on_unseen_rows(tmp_path: Path) -> None:
    from slant.bench.language import sentence_model_test

    path = _babe_file(tmp_path / "b.csv", BABE_ROWS)
    seen = frozenset({text_hash(BABE_ROWS[3][0])})
    r = sentence_model_test(path, "babe", seen=seen)
    assert (r["rows"], r["repeats"], r["seen"], r["scored"]) == (4, 1, 1, 2)
    assert 0.0 <= r["f1m"] <= 1.0
    everything = frozenset(text_hash(t) for t, _ in BABE_ROWS)
    r = sentence_model_test(path, "babe", seen=everything)
    assert r["scored"] == 0
    assert "f1m" not in r


def test_a_file_the_model_trained_on_gives_no_figure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import slant.bench.language as language
    from slant.nlp.sentence_model import model_dir
    from slant.train.seen import SEEN_FILE, read_seen

    shipped = read_seen(model_dir("sentence") / SEEN_FILE)
    assert len(shipped) > 9000  # BABE, ISCA, ToxiGen, our op-eds and half of HateCheck
    assert all(len(h) == 12 for h in shipped)
    path = _babe_file(tmp_path / "b.csv", BABE_ROWS[:1])
    real = language.sentence_model_test
    monkeypatch.setattr(
        language, "sentence_model_test", lambda p, d: real(p, d, seen=frozenset({text_hash(BABE_ROWS[0][0])}))
    )
    result = AccuracyResult()
    _sentence_model_rows(result, {"babe": path})
    assert not [r for r in result.rows if "accurate" in r.task]  # no figure, and a line saying why
    assert any("trained on all 1 rows of b.csv" in s for s in result.skipped)
    assert any("--set isca-test" in s for s in result.skipped)


def _newsmtsc_line(gid: str, text: str) -> str:
    return json.dumps(
        {"primary_gid": gid, "sentence_normalized": text, "targets": [{"from": 0, "to": 3, "polarity": 4.0}]}
    )


def test_newsmtsc_never_scores_the_split_that_chose_the_checkpoint(tmp_path: Path) -> None:
    for part in ("rw", "mt"):
        (tmp_path / f"newsmtsc-{part}").mkdir()
        (tmp_path / f"newsmtsc-{part}" / "dev.jsonl").write_text(_newsmtsc_line("d1", "Ada spoke.") + "\n")
    path, why = newsmtsc_partition(tmp_path, "rw")
    assert path is None and "chose the shipped checkpoint" in why  # the card: chosen on newsmtsc-rw/dev
    path, label = newsmtsc_partition(tmp_path, "mt")
    assert path == tmp_path / "newsmtsc-mt" / "dev.jsonl" and "not used to choose" in label
    # the official devtest file without the dev sentences is the test partition
    (tmp_path / "NewsMTSC-dataset").mkdir()
    lines = [_newsmtsc_line("d1", "Ada spoke."), _newsmtsc_line("t1", "Bo wept."), _newsmtsc_line("t2", "Cy ran.")]
    (tmp_path / "NewsMTSC-dataset" / "devtest_rw.jsonl").write_text("\n".join(lines) + "\n")
    path, label = newsmtsc_partition(tmp_path, "rw")
    assert path is not None and "without dev" in label
    assert [json.loads(x)["primary_gid"] for x in path.read_text().splitlines()] == ["t1", "t2"]
    # a test file wins
    (tmp_path / "newsmtsc-rw" / "test.jsonl").write_text(lines[1] + "\n")
    assert newsmtsc_partition(tmp_path, "rw") == (tmp_path / "newsmtsc-rw" / "test.jsonl", "NewsMTSC rw test")
    assert newsmtsc_partition(tmp_path / "nothing", "rw")[0] is None


@pytest.mark.shared
def test_shipped_seen_hashes_cover_the_training_files(shared_dir: Path) -> None:
    """The hashes beside the sentence model are those of the files its card says it trained on."""
    from slant.bench.datasets import read_babe, read_isca, read_toxigen
    from slant.nlp.sentence_model import model_dir
    from slant.train.seen import SEEN_FILE, read_seen

    data = shared_dir / "data"
    shipped = read_seen(model_dir("sentence") / SEEN_FILE)
    for reader, path in (
        (read_babe, data / "babe" / "train_SG2.csv"),
        (read_isca, data / "isca-antisemitism" / "train.csv"),
        (read_toxigen, data / "toxigen-demonstrations"),
    ):
        if not path.exists():
            pytest.skip(f"{path} is absent")
        rows = reader(path)
        assert all(text_hash(r.text) in shipped for r in rows), path


def test_the_epoch_is_picked_on_training_sentences_held_out() -> None:
    from slant.train.splits import split_holdout

    rows = [(f"sentence {i // 2}", i % 2, 3, i % 3) for i in range(200)]  # two targets per sentence
    train, held = split_holdout(rows, 0.1, 13)
    assert len(held) == 20 and len(train) == 180
    assert not {r[0] for r in train} & {r[0] for r in held}  # no sentence on both sides
    assert split_holdout(rows, 0.1, 13) == (train, held)  # reproducible
    assert split_holdout(rows, 0.0, 13) == (rows, [])
