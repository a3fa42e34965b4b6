"""The JSON contract: the packaged schema describes what `analyze --json` writes."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from typer.testing import CliRunner

from slant.cli import app
from slant.models import Actor, Analysis, Article, Flag, Quote, Relation, Span, Stance

from .conftest import EXAMPLES


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    text = resources.files("slant").joinpath("resources/article.schema.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    jsonschema.Draft202012Validator.check_schema(data)
    return data


def test_examples_output_validates(schema: dict[str, Any], tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["analyze", str(EXAMPLES), "--json", "--db", str(tmp_path / "s.db")])
    assert result.exit_code == 0, result.stderr
    rows = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    assert len(rows) >= 6
    validator = jsonschema.Draft202012Validator(schema)
    for row in rows:
        errors = sorted(validator.iter_errors(row), key=str)
        assert not errors, f"{row['source']}: {errors[0].message}"
        assert any(a["actors"] for a in rows)


def test_full_analysis_validates_and_round_trips(schema: dict[str, Any]) -> None:
    text = "Ada Quill backed Tom Reyes. “A disgrace,” Reyes said."
    a = Analysis(
        article=Article(id="0123456789abcdef", source="x.txt", text=text, title="T", language="en"),
        actors=(
            Actor("ada-quill", "Ada Quill", "person", ("Ada Quill",), (Span(0, 9, "Ada Quill"),)),
            Actor("tom-reyes", "Tom Reyes", "person", ("Tom Reyes", "Reyes"), (Span(17, 26, "Tom Reyes"),)),
        ),
        quotes=(Quote("A disgrace,", 29, 40, "direct", "tom-reyes", "Tom Reyes", "said", "neutral"),),
        relations=(Relation("ada-quill", "tom-reyes", "support", "backs", Span(0, 27, text[:27]), 0.9),),
        stances=(Stance("author", "tom-reyes", "neutral", 0.0, ()),),
        flags=(Flag("loaded", "insult", "insult", 30, 39, "disgrace", "quoted", None, "a loaded noun", 0.8),),
        scores={"hyperpartisan": 0.25},
        pipeline=("spacy:en_core_web_sm-3.8.0", "slant.actors.v1"),
    )
    data = a.to_json()
    jsonschema.validate(data, schema)
    assert Analysis.from_json(json.loads(json.dumps(data))) == a
