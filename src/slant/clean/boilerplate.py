"""Remove page furniture (comment boxes, share bars, cookie notices...) from plain text.

The patterns are data: ``slant/resources/boilerplate.tsv`` (scope, pattern, why). Only whole lines are
removed, never a sentence inside a paragraph, and a line of more than 40 words is always kept.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib import resources
from typing import Literal

Scope = Literal["any", "tail", "cut"]
MAX_WORDS = 40
_SEPARATORS = re.compile(r"\s*[|•·]\s*")
_MANY_NEWLINES = re.compile(r"\n{3,}")


@dataclass(frozen=True, slots=True)
class Rule:
    """One boilerplate pattern and where it applies."""

    scope: Scope
    pattern: re.Pattern[str]
    why: str


@functools.cache
def load_rules() -> tuple[Rule, ...]:
    """The packaged rules (read once)."""
    table = resources.files("slant").joinpath("resources/boilerplate.tsv").read_text(encoding="utf-8")
    rules: list[Rule] = []
    for n, row in enumerate(table.splitlines(), start=1):
        if not row.strip() or row.startswith("#") or row.startswith("scope\t"):
            continue
        scope, pattern, why = row.split("\t")
        if scope not in ("any", "tail", "cut"):
            raise ValueError(f"boilerplate.tsv line {n}: unknown scope {scope!r}")
        rules.append(Rule(scope, re.compile(pattern, re.IGNORECASE), why))  # type: ignore[arg-type]
    return tuple(rules)


def match(line: str, scopes: tuple[Scope, ...] = ("any", "tail", "cut")) -> Rule | None:
    """The rule a whole line matches, if any. A line of labels joined by ``|`` or ``•`` matches when
    every label does."""
    text = line.strip()
    if not text or len(text.split()) > MAX_WORDS:
        return None
    combined = _combined(scopes)
    if combined.fullmatch(text):
        return next(r for r in load_rules() if r.scope in scopes and r.pattern.fullmatch(text))
    parts = [p for p in _SEPARATORS.split(text) if p]
    if len(parts) > 1 and all(combined.fullmatch(p) for p in parts):
        return next(r for r in load_rules() if r.scope in scopes and r.pattern.fullmatch(parts[0]))
    return None


@functools.cache
def _combined(scopes: tuple[Scope, ...]) -> re.Pattern[str]:
    """One alternation of all patterns in these scopes: most lines are rejected by a single search."""
    patterns = [f"(?:{r.pattern.pattern})" for r in load_rules() if r.scope in scopes]
    return re.compile("|".join(patterns) or "(?!)", re.IGNORECASE)


def strip_boilerplate(text: str) -> str:
    """Text without boilerplate lines: ``any`` lines everywhere, a trailing section that starts with a
    ``cut`` heading in the second half, and the trailing run of ``tail``/``any`` lines. Idempotent: the
    rules are applied until the text stops changing (a cut shortens the text, which moves its middle)."""
    while True:
        stripped = _strip_once(text)
        if stripped == text:
            return stripped
        text = stripped


def _strip_once(text: str) -> str:
    lines = [line for line in text.split("\n") if match(line, ("any",)) is None]
    lines = _cut_trailing_section(lines)
    while lines and (not lines[-1].strip() or match(lines[-1]) is not None):
        lines.pop()
    return _MANY_NEWLINES.sub("\n\n", "\n".join(lines)).strip("\n")


def _cut_trailing_section(lines: list[str]) -> list[str]:
    half = sum(len(line) + 1 for line in lines) / 2
    seen = 0
    for i, line in enumerate(lines):
        if seen >= half and match(line, ("cut",)) is not None:
            return lines[:i]
        seen += len(line) + 1
    return lines
