"""``slant bench accuracy``: slant's figures on our gold sets beside the floors CI enforces."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any


def floors() -> dict[str, dict[str, float]]:
    """The pinned floors, by gold set and metric (``resources/gold/floors.toml``)."""
    text = resources.files("slant").joinpath("resources/gold/floors.toml").read_text(encoding="utf-8")
    data: dict[str, dict[str, float]] = tomllib.loads(text)
    return data


@dataclass(frozen=True, slots=True)
class AccuracyRow:
    """One metric on one gold set."""

    gold_set: str
    metric: str
    value: float
    floor: float | None

    @property
    def ok(self) -> bool:
        return self.floor is None or self.value >= self.floor


@dataclass(slots=True)
class AccuracyResult:
    """All rows of one run, rendered as a markdown table."""

    rows: list[AccuracyRow] = field(default_factory=list)
    details: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return all(r.ok for r in self.rows)

    def markdown(self) -> str:
        lines = [
            "### Accuracy on our gold sets",
            "",
            "| gold set | metric | slant | floor (CI) |",
            "|---|---|---:|---:|",
        ]
        for r in self.rows:
            floor = "" if r.floor is None else f"{r.floor:.2f}"
            lines.append(f"| {r.gold_set} | {r.metric} | {r.value:.3f} | {floor} |")
        return "\n".join(lines) + "\n"

    def write(self, path: Path) -> None:
        """Write the table into ``path``, replacing an earlier accuracy section."""
        from slant.bench.speed import replace_section

        replace_section(path, "accuracy", self.markdown())


def run_accuracy() -> AccuracyResult:
    """Score every gold set and compare with the floors."""
    from slant.bench.gold_actors import score_actors

    pinned = floors()
    result = AccuracyResult()
    actors = score_actors()
    result.details["actors"] = actors
    n = actors["articles"]
    for metric in (
        "alias_precision",
        "alias_recall",
        "alias_f1",
        "type_accuracy",
        "pronoun_accuracy",
        "pronoun_precision",
    ):
        floor = pinned.get("actors", {}).get(metric)
        result.rows.append(AccuracyRow(f"actors ({n} articles)", metric, float(actors[metric]), floor))
    return result
