"""``slant bench realnews``: slant on real news and opinion pages, scored against what a careful reader found.

The set (``expect.jsonl``, its ``SCHEMA.md`` and the scorer ``realnews_score.py``) lives in the developers'
shared folder, not in this package; the page texts are rebuilt from stored public copies into a folder
outside version control (the set's README says how). This runs ``analyze`` (one mode) over the texts into a
throwaway database, with stories, and scores the JSON output with that scorer: once over the articles used
for development and once over one story kept aside as a blind check, so a fix that lifts only the first is
seen to be tuning.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from slant.bench.speed import replace_section
from slant.errors import ConfigError

#: The story kept aside as the blind check, chosen before any page of the set was read (session 11).
ASIDE_STORY = "s6-aquarius-salvini-2018"
#: The stories of slant's own labelled pages kept aside (batch b7: world politics), chosen in session 16
#: before their misses were read.
TRAIN_ASIDE = "tb7-"
DEFAULT_EXPECT = Path("../shared/realnews/expect.jsonl")
DEFAULT_SCORER = Path("../shared/tools/realnews_score.py")
#: Figures shown, in order (the scorer's names).
FIGURES = (
    "actor recall",
    "main-actor recall",
    "alias recall",
    "actor kind accuracy",
    "quote cue recall",
    "speaker accuracy",
    "unattributed direct quotes",
    "relation recall",
    "relation precision",
    "author stance agreement",
    "loaded_author agreement",
    "hate recall (endorses)",
    "quoted hate flagged (quotes)",
)
#: Figures slant computes itself beside the scorer's: of the main actors a reader lists (and slant finds),
#: how many are among the first k actors of slant's list (k = how many of them slant finds), with the list
#: in slant's order (most salient first) and, for comparison, by mentions.
RANKING = ("main actors listed first", "main actors listed first by mentions")
COUNTS = ("articles", "splits", "merges", "not_actors present", "wrong-polarity relations", "false author-voice hate")


@dataclass
class RealnewsResult:
    """The scorer's figures for each part (``development``, ``aside``, ``all``)."""

    mode: str
    aside: str
    parts: dict[str, dict[str, Any]] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)
    #: The section of ``docs/benchmarks.md`` it fills (with the mode): the development set's, or our
    #: labelled pages' (``realnews-train``).
    section: str = "realnews"

    def markdown(self) -> str:
        names = [p for p in ("development", "aside", "all") if p in self.parts]
        head = [f"{p} ({self.parts[p]['counts']['articles']['ALL']} articles)" for p in names]
        lines = [
            f"Mode `{self.mode}`; kept aside: `{self.aside}` (a story, or every story whose id starts so; chosen before its misses were read).",
            "",
            "| figure | " + " | ".join(head) + " |",
            "|---|" + "---|" * len(names),
        ]
        for fig in (*FIGURES, *RANKING):
            cells = [_cell(self.parts[p]["figures"].get(fig, {}).get("ALL")) for p in names]
            lines.append(f"| {fig} | " + " | ".join(cells) + " |")
        for count in COUNTS[1:]:
            lines.append(f"| {count} | " + " | ".join(str(self.parts[p]["counts"][count]["ALL"]) for p in names) + " |")
        if self.missing:
            lines.append("")
            lines.append("Not scored (no text found): " + ", ".join(self.missing))
        return "\n".join(lines) + "\n"

    def write(self, path: Path) -> None:
        replace_section(path, f"{self.section}-{self.mode}", self.markdown())


def _cell(fig: dict[str, Any] | None) -> str:
    if not fig or not fig.get("den"):
        return "–"
    return f"{fig['value']:.2f} ({fig['num']}/{fig['den']})"


def run_realnews(
    texts: Path,
    *,
    expect: Path = DEFAULT_EXPECT,
    scorer: Path = DEFAULT_SCORER,
    mode: str = "fast",
    aside: str = ASIDE_STORY,
    misses: Path | None = None,
    on_line: Callable[[str], None] = print,
) -> RealnewsResult:
    """Analyse every text of ``texts`` named in ``expect`` and score the output per part."""
    from slant import api
    from slant.config import load_settings

    for what, path in (("--texts", texts), ("--expect", expect), ("--scorer", scorer)):
        if not path.exists():
            raise ConfigError(f"{what} {path}: not found (the real-news set is in the developers' shared folder)")
    rows = read_expectations(expect)
    files = [texts / r["file"] for r in rows]
    present = [str(f) for f in files if f.is_file()]
    section = "realnews" if expect.is_file() else "realnews-train"
    result = RealnewsResult(mode=mode, aside=aside, missing=[f.name for f in files if not f.is_file()], section=section)
    if not present:
        raise ConfigError(f"--texts {texts}: none of the set's {len(rows)} files is there; rebuild them first")
    outputs: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        settings = load_settings(env={}, db=str(Path(tmp) / "realnews.db"), mode=mode)
        on_line(f"analysing {len(present)} pages ({mode} mode)")
        api.analyze(present, settings=settings, on_result=lambda a: outputs.append(json.dumps(a.to_json())))
        out = Path(tmp) / "slant.jsonl"
        out.write_text("\n".join(outputs) + "\n", encoding="utf-8")
        parts = {
            "development": [r for r in rows if not r["story"].startswith(aside)],
            "aside": [r for r in rows if r["story"].startswith(aside)],
            "all": rows,
        }
        for name, subset in parts.items():
            if not subset:
                continue
            part = Path(tmp) / f"expect-{name}.jsonl"
            part.write_text("".join(json.dumps(r) + "\n" for r in subset), encoding="utf-8")
            result.parts[name] = _score(scorer, part, out)
            result.parts[name]["figures"].update(ranking_figures(subset, outputs))
        if misses is not None:
            text = _run(scorer, [str(Path(tmp) / "expect-all.jsonl"), str(out), "--misses"])
            misses.write_text(text, encoding="utf-8")
            on_line(f"wrote {misses}")
    return result


def ranking_figures(rows: Sequence[dict[str, Any]], outputs: Sequence[str]) -> dict[str, dict[str, Any]]:
    """:data:`RANKING`'s figures, in the scorer's shape (``{"ALL": {"num", "den", "value"}}``), over the
    articles of ``rows`` that ``outputs`` (``analyze --json`` lines) has."""
    from slant.train.realnews import label_target, matching_actor, norm_name

    by_file = {}
    for line in outputs:
        data = json.loads(line)
        by_file[Path(str(data.get("source", ""))).name] = data
    hits = {name: 0 for name in RANKING}
    den = 0
    for row in rows:
        data = by_file.get(row["file"])
        if data is None:
            continue
        actors: list[dict[str, Any]] = [
            {"n": n, **label_target(a["name"], a.get("aliases", ()), len(a.get("mentions", ())))}
            for n, a in enumerate(data.get("actors", ()))
        ]
        main: set[int] = set()
        for e in row.get("actors") or []:
            if e.get("main"):
                forms = {norm_name(e["name"]), *(norm_name(f) for f in e.get("forms") or [])}
                hit = matching_actor(e["name"], forms, actors)
                if hit is not None:
                    main.add(hit["n"])
        k = len(main)
        den += k
        by_mentions = sorted(actors, key=lambda a: (-a["mentions"], a["n"]))
        hits[RANKING[0]] += sum(a["n"] in main for a in actors[:k])
        hits[RANKING[1]] += sum(a["n"] in main for a in by_mentions[:k])
    return {name: {"ALL": {"num": n, "den": den, "value": n / den if den else 0.0}} for name, n in hits.items()}


def read_expectations(expect: Path) -> list[dict[str, Any]]:
    """The expectations of a JSON Lines file, or of every ``*.jsonl`` of a folder (slant's own labelled
    pages, ``training/realnews/pages``) but for second readings (batch ``x*``), which repeat a page."""
    paths = [expect] if expect.is_file() else sorted(expect.glob("*.jsonl"))
    rows = [json.loads(line) for p in paths for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [r for r in rows if not str(r.get("batch", "")).startswith("x")]


def _score(scorer: Path, expect: Path, output: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(_run(scorer, [str(expect), str(output), "--json"]))
    return data


def _run(scorer: Path, args: Sequence[str]) -> str:
    proc = subprocess.run([sys.executable, str(scorer), *args], capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        raise ConfigError(f"{scorer}: the scorer failed ({proc.stderr.strip().splitlines()[-1:]})")
    return proc.stdout
