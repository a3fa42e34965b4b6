"""slant.nlp: model loading and span helpers."""

from __future__ import annotations

from typing import Any

import pytest

from slant.errors import ModelError
from slant.models import Span
from slant.nlp import char_span, load_nlp, to_span, trim_offsets
from slant.nlp import model as nlp_model


@pytest.fixture(scope="module")
def nlp() -> Any:
    return load_nlp()


def test_load_nlp_is_cached_and_has_the_pipes(nlp: Any) -> None:
    assert load_nlp() is nlp
    for pipe in ("tok2vec", "tagger", "parser", "attribute_ruler", "lemmatizer", "ner"):
        assert pipe in nlp.pipe_names


def test_missing_model_raises_model_error_saying_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nlp_model, "MODEL_PACKAGE", "slant_no_such_model_package")
    with pytest.raises(ModelError, match="reinstall slant"):
        nlp_model.load_nlp.__wrapped__()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ken’s", "Ken"),
        ("Ken's", "Ken"),
        ("Jones'", "Jones"),
        ("Tower Hamlets\n\n", "Tower Hamlets"),
        ("  “Labour”, ", "Labour"),
        ("Ed Miliband's", "Ed Miliband"),
        ("'s", ""),
        ("   ", ""),
        ("Lutfur", "Lutfur"),
    ],
)
def test_trim_offsets(text: str, expected: str) -> None:
    start, end = trim_offsets(text, 0, len(text))
    assert text[start:end] == expected
    assert 0 <= start <= end <= len(text)


def test_char_span_and_to_span(nlp: Any) -> None:
    text = "Ms Ali met Ken Livingstone in Tower Hamlets."
    doc = nlp(text)
    for ent in doc.ents:
        start, end = char_span(ent)
        assert text[start:end] == ent.text
    tok = doc[2]
    assert char_span(tok) == (7, 10)
    assert to_span(text, 0, 6) == Span(0, 6, "Ms Ali")
