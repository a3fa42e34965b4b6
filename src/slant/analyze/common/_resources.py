"""Reading the analysers' sourced data files (``slant/resources/<folder>/*.tsv``).

Every file is tab-separated with a header row; ``#`` lines are comments; every entry carries a ``why``
column saying where it comes from or why it is there, and a file with an entry lacking one is refused.
"""

from __future__ import annotations

import csv
from importlib import resources

from slant.errors import ModelError


def read_tsv(folder: str, name: str) -> list[dict[str, str]]:
    """The rows of ``resources/<folder>/<name>`` as dicts (values stripped, comments and blanks skipped)."""
    path = f"{folder}/{name}"
    try:
        raw = resources.files("slant").joinpath(path).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError, ModuleNotFoundError) as exc:
        raise ModelError(f"the resource file {path} is missing ({exc}); reinstall slant") from exc
    lines = [ln for ln in raw.splitlines() if ln.strip() and not ln.startswith("#")]
    reader = csv.DictReader(lines, delimiter="\t", quoting=csv.QUOTE_NONE)
    rows = [{k: (v or "").strip() for k, v in row.items() if k} for row in reader]
    if any(not r.get("why") for r in rows):
        raise ModelError(f"the resource file {path} has an entry without a 'why'; reinstall slant")
    return rows


def read_words(path: str) -> frozenset[str]:
    """The words of a plain word list ``resources/<path>`` (whitespace-separated; ``#`` starts a comment)."""
    try:
        raw = resources.files("slant").joinpath("resources", path).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError) as exc:
        raise ModelError(f"the resource file {path} is missing ({exc}); reinstall slant") from exc
    words: set[str] = set()
    for line in raw.splitlines():
        words.update(line.split("#", 1)[0].split())
    return frozenset(words)
