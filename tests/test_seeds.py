"""The seed articles: every extraction and actor check of ../shared/tools/seeds_check.py passes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from slant.cli import app

pytestmark = pytest.mark.shared

#: The checks of seeds_check.py that issue 2 (foundation: extraction and actors) answers for.
FOUNDATION_CHECKS = [
    "two articles analysed",
    "blog article present",
    "column article present",
    "blog: title read from its first line",
    "blog: body does not repeat the title as its first line",
    "column: comment-box boilerplate removed",
    "column: a 40-word opening sentence is not taken as a title",
    "column: the article's last real paragraph kept",
    "blog: actor Ken Livingstone",
    "blog: actor Lutfur Rahman",
    "blog: actor Oona King",
    "blog: actor Ed Miliband",
    "blog: actor Phil Woolas",
    "blog: actor Edward Jeory",
    "blog: 'Rusharnara Ali' (misspelt) resolved to Rushanara Ali",
    "blog: 'Ken' alone resolved to Ken Livingstone",
    "blog: 'Lutfur' alone resolved to Lutfur Rahman",
    "blog: Labour Party is an organisation actor",
    "blog: 'Israelites' is not a person actor",
    "column: 'Ms Ali' resolved to Rushanara Ali",
    "column: actor Paul Harrington",
    "column: actor Jeffrey Archer",
    "column: actor Lutfur Rahman",
    "column: actor Ken Livingstone",
]


@pytest.fixture(scope="module")
def seeds_result(shared_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, bool]:
    tmp = tmp_path_factory.mktemp("seeds")
    result = CliRunner().invoke(app, ["analyze", str(shared_dir / "seeds"), "--json", "--db", str(tmp / "s.db")])
    assert result.exit_code == 0, result.stderr
    out = tmp / "seeds.jsonl"
    out.write_text(result.stdout, encoding="utf-8")
    for line in result.stdout.splitlines():
        json.loads(line)
    check = subprocess.run(
        [sys.executable, str(shared_dir / "tools" / "seeds_check.py"), str(out)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    verdicts = {}
    for line in check.stdout.splitlines():
        if line.startswith(("PASS ", "FAIL ")):
            name = line[5:].split("  [", 1)[0]
            verdicts[name] = line.startswith("PASS")
    return verdicts


@pytest.mark.parametrize("check", FOUNDATION_CHECKS)
def test_seed_check_passes(seeds_result: dict[str, bool], check: str) -> None:
    assert check in seeds_result, f"seeds_check.py no longer has the check {check!r}"
    assert seeds_result[check], f"seeds_check.py: FAIL {check}"
