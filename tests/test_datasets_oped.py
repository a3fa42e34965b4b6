"""Issue 4: slant's own op-ed hate set is read like the public ones, and a broken line names its file and line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from slant.bench.datasets import read_oped
from slant.errors import ConfigError


def _write(path: Path, rows: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_reads_a_folder_of_files(tmp_path: Path) -> None:
    _write(tmp_path / "hate.jsonl", [{"text": " They are all the same. ", "label": 1, "group": "Muslims"}])
    _write(tmp_path / "criticism.jsonl", [{"text": "The minister lied.", "label": 0, "topic": "tax"}])
    (tmp_path / "README.md").write_text("not data", encoding="utf-8")
    rows = read_oped(tmp_path)
    assert [(r.text, r.label, r.dataset, r.category) for r in rows] == [
        ("The minister lied.", 0, "oped", "criticism"),
        ("They are all the same.", 1, "oped", "hate"),
    ]


def test_reads_one_file_and_skips_blank_lines(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text('{"text": "a", "label": 0}\n\n{"text": "b", "label": 1}\n', encoding="utf-8")
    assert [r.label for r in read_oped(path)] == [0, 1]


@pytest.mark.parametrize("line", ['{"text": "no label"}', "not json", '{"text": "a", "label": "yes"}'])
def test_broken_line_names_file_and_line(tmp_path: Path, line: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text('{"text": "fine", "label": 0}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(ConfigError, match=r"bad\.jsonl:2"):
        read_oped(path)


def test_missing_file_says_what_to_get(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="not found"):
        read_oped(tmp_path / "nope.jsonl")
