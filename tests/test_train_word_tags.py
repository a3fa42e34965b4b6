"""Issue 4: BABE's word annotations and opinion labels, read for the sentence model's auxiliary losses (no torch)."""

from __future__ import annotations

from pathlib import Path

import pytest

from slant.bench.datasets import OPINIONS, Example, _word_list, read_babe
from slant.nlp._onnx import TOKENIZER_FILE
from slant.nlp.sentence_model import load_tokenizer, model_dir
from slant.train.word_tags import IGNORE, marked_spans, word_tags

HEADER = "text;news_link;outlet;topic;type;label_bias;label_opinion;biased_words\n"


@pytest.mark.parametrize(
    ("cell", "words"),
    [
        ("['reckless', 'scheme']", ("reckless", "scheme")),
        ("[\"don't\", 'ruin']", ("don't", "ruin")),
        ("[]", ()),
        ("", ()),
        ("['unclosed'", ()),  # not a list: no words rather than an error
        ("[1, 'x', ' ']", ("x",)),  # only non-blank strings
        ("'lonely'", ()),
    ],
)
def test_word_list(cell: str, words: tuple[str, ...]) -> None:
    assert _word_list(cell) == words


def test_read_babe_keeps_words_and_opinion(tmp_path: Path) -> None:
    path = tmp_path / "train_SG2.csv"
    path.write_text(
        HEADER
        + "The mayor's reckless scheme will ruin Fenby.;x;Outlet;t;;Biased;Expresses writer’s opinion;"
        + "['reckless', 'ruin']\n"
        + "The council met on Tuesday.;x;Outlet;t;;Non-biased;Entirely factual;[]\n"
        + "Taxes rose.;x;Outlet;t;;Non-biased;No agreement;[]\n"
        + "Unclear one.;x;Outlet;t;;No agreement;Entirely factual;[]\n",
        encoding="utf-8",
    )
    rows = read_babe(path)
    assert [(r.label, r.words, r.opinion) for r in rows] == [
        (1, ("reckless", "ruin"), OPINIONS.index("Expresses writer’s opinion")),
        (0, (), 0),
        (0, (), -1),  # an opinion label outside OPINIONS is unknown
    ]


@pytest.mark.parametrize(
    ("text", "words", "spans"),
    [
        ("A reckless, RECKLESS plan.", ("reckless",), [(2, 10), (12, 20)]),
        ("Recklessness is not reckless.", ("reckless",), [(20, 28)]),  # whole words only
        ("He called it a hoax.", ("hoax", "hoax"), [(15, 19)]),  # a repeated word counts once
        ("Nothing marked here.", (), []),
        ("Nothing marked here.", ("absent",), []),
    ],
)
def test_marked_spans(text: str, words: tuple[str, ...], spans: list[tuple[int, int]]) -> None:
    assert marked_spans(text, words) == spans


@pytest.fixture(scope="module")
def tokenizer() -> object:
    return load_tokenizer(model_dir() / TOKENIZER_FILE)


def test_word_tags_mark_the_word_pieces_of_marked_words(tokenizer: object) -> None:
    row = Example("The hyper-sexualisation drive is dangerous.", 1, "babe", words=("sexualisation", "dangerous"))
    other = Example("They are all the same.", 1, "isca")
    tags, none = word_tags(tokenizer, [row, other])
    assert none is None  # other datasets carry no word annotation
    assert tags is not None
    enc = tokenizer.encode(row.text)  # type: ignore[attr-defined]
    marked = {tok for tok, tag in zip(enc.tokens, tags, strict=True) if tag == 1.0}
    assert tags[0] == IGNORE and tags[-1] == IGNORE  # [CLS] and [SEP]
    assert "dangerous" in marked and "hyper" not in marked and "the" not in marked
    assert all(t.startswith("##") or t == "sexual" or t == "dangerous" for t in marked), marked
    assert len(tags) == len(enc.tokens)


def test_word_tags_of_an_unmarked_sentence_are_all_negative(tokenizer: object) -> None:
    (tags,) = word_tags(tokenizer, [Example("The council met on Tuesday.", 0, "babe")])
    assert tags is not None and set(tags[1:-1]) == {0.0} and tags[0] == IGNORE
