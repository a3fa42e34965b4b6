"""docs/cli.md documents every command and option the CLI has, and nothing it lacks."""

from __future__ import annotations

import re
from typing import Any

import pytest
import typer.main

from slant.cli import app

from .conftest import ROOT

DOC = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")


def commands() -> list[tuple[str, Any]]:
    root: Any = typer.main.get_command(app)
    out: list[tuple[str, Any]] = []
    for name, cmd in root.commands.items():
        if hasattr(cmd, "commands"):
            out += [(f"{name} {sub}", c) for sub, c in cmd.commands.items()]
        else:
            out.append((name, cmd))
    return out


def section(name: str) -> str:
    m = re.search(rf"^## `slant {re.escape(name)}\b[^\n]*\n(.*?)(?=^## |\Z)", DOC, re.M | re.S)
    assert m, f"docs/cli.md has no section for `slant {name}`"
    return m.group(1)


def options(cmd: Any) -> list[Any]:
    return [p for p in cmd.params if p.param_type_name == "option"]


@pytest.mark.parametrize(("name", "cmd"), commands(), ids=[n for n, _ in commands()])
def test_every_option_is_documented(name: str, cmd: Any) -> None:
    body = section(name)
    for param in options(cmd):
        if "--help" not in param.opts:
            for opt in param.opts:
                assert f"`{opt}`" in body, f"docs/cli.md, `slant {name}`: option {opt} undocumented"


def test_no_documented_command_is_missing() -> None:
    documented = set(re.findall(r"^## `slant ([a-z]+(?: [a-z]+)?)", DOC, re.M))
    documented = {d.split()[0] if d.split()[0] != "bench" else d for d in documented}
    assert documented == {n for n, _ in commands()}


def test_no_documented_option_is_missing() -> None:
    for name, cmd in commands():
        real = {o for p in options(cmd) for o in p.opts}
        for opt in re.findall(r"^\| `(-[-\w]+)`(?:, `(-\w)`)?", section(name), re.M):
            for o in opt:
                if o:
                    assert o in real, f"docs/cli.md documents {o} for `slant {name}`, which has no such option"


def test_security_page_names_tests_that_exist() -> None:
    page = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(tests/[\w/]+\.py)", page))
    assert len(named) >= 8
    for path in named:
        assert (ROOT / path).is_file(), f"docs/security.md names {path}, which does not exist"
