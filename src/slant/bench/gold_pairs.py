"""Score the hate/trope detector on the minimal-pairs gold set (``resources/gold/minimal_pairs.jsonl``).

Each gold line is one pair: the SAME phrase used once as a hateful or conspiracy trope against a group
and once legitimately::

    {"id", "phrase", "group",
     "coded": {"text", "voice": "author" | "quoted"},
     "legit": {"text", "kind": "neutral" | "criticism" | "discussed"},
     "note"}

``coded.voice`` is whose voice carries the trope (the author's, or a quoted speaker's). ``legit.kind``
says how the phrase is used on the legit side: an ordinary use (``neutral``), sharp criticism of a
politician, party, government, lobby or billionaire (``criticism``: must not be hate; at most a
``contested`` flag), or text that discusses or condemns the trope (``discussed``: a ``hate`` flag in the
``discussed`` voice is fine). The texts are short op-ed and news-column passages written for the project
(invented people, outlets and towns); the pairs were written blind, without reading the detector's cues.
Five more files were each written blind, by someone who had not read the detector, and measured before any
rule was changed against them: ``minimal_pairs-holdout.jsonl`` (20 pairs), ``minimal_pairs-blind2.jsonl`` and
``minimal_pairs-blind3.jsonl`` (40 each) were then used for error analysis (issue 4);
``minimal_pairs-blind4.jsonl`` (40) never was; ``minimal_pairs-blind5.jsonl`` (40) only for its three false
positives, never for recall. Their blind figures are in ``docs/benchmarks.md``.

Metrics:

* **recall**: share of coded texts with at least one ``hate`` flag whose voice is the expected voice.
* **false_positive_rate**: share of legit texts with any ``hate`` flag in the ``author`` or ``quoted``
  voice.
* **group_accuracy**: over the detected coded texts, the share where one of those flags names the pair's
  group (:func:`same_group`: case-insensitive, through the synonym map :data:`GROUP_SYNONYMS`).
* per group (``per_group_recall``, ``per_group_false_positive_rate``), per coded voice and per legit kind.
* ``recall_with_review`` / ``false_positive_rate_with_review``: the same, counting accurate mode's ``review``
  flags (the classifier's queue for a person) as well as ``hate`` flags.
* ``errors``: per pair id, one readable line per miss, false positive or wrong group, with the flags found.

Run ``python -m slant.bench.gold_pairs [PATH] [--mode fast|accurate] [-v]`` to print the figures.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from slant.bench._report import print_result
from slant.models import Article, Flag

#: Analyses a batch of texts and returns the flags of each, in order.
Analyse = Callable[[Sequence[str]], Sequence[Sequence[Flag]]]

#: The voices a flag counts in for a false positive on the legit side.
OWN_VOICES = ("author", "quoted")
#: Flag kinds a moderator sees: rule verdicts and the classifier's review queue.
QUEUE_KINDS = ("hate", "review")
LEGIT_KINDS = ("neutral", "criticism", "discussed")
CODED_VOICES = ("author", "quoted")

#: Canonical group -> names a detector may use for it (compared after :func:`group_key`).
GROUP_SYNONYMS: dict[str, tuple[str, ...]] = {
    "Jews": ("jews", "jewish people", "jewish", "jewish community", "jewish communities", "jewry", "jew"),
    "Muslims": ("muslims", "muslim", "muslim people", "muslim community", "muslim communities", "islam"),
    "migrants": (
        *("migrants", "migrant", "immigrants", "immigrant", "refugees", "refugee", "asylum seekers"),
        *("asylum seeker", "migrants and refugees", "migrants refugees", "refugees and migrants"),
        *("immigrants and refugees", "foreigners", "non white immigrants"),
    ),
    "Black people": ("black people", "black", "blacks", "black americans", "black britons", "african americans"),
    "Roma": (
        *("roma", "romani", "romany", "roma people", "gypsies", "gypsy", "travellers", "traveller"),
        *("irish travellers", "roma and travellers", "gypsies and travellers", "gypsy roma traveller"),
        *("roma sinti", "sinti and roma", "travelling community"),
    ),
    "LGBT people": (
        *("lgbt people", "lgbt", "lgbtq", "lgbtq people", "lgbtqia", "lgbt community", "lgbtq community"),
        *("gay people", "gay men", "gays", "homosexuals", "lesbians", "queer people", "trans people"),
        *("transgender people", "trans women", "trans men", "gay and lesbian people", "gay and trans people"),
    ),
    "women": ("women", "woman", "females", "girls and women", "women and girls", "feminists"),
    "Asian people": (
        *("asian people", "asians", "asian", "east asian people", "east asians", "chinese people"),
        *("chinese", "people of chinese origin", "asian americans", "british chinese"),
    ),
    "disabled people": (
        *("disabled people", "disabled", "the disabled", "people with disabilities", "disabled persons"),
        *("people with a disability", "persons with disabilities"),
    ),
}


def default_gold_path() -> Path:
    """The packaged gold set (the detector is tuned on it; CI enforces its floors)."""
    return Path(str(resources.files("slant").joinpath("resources/gold/minimal_pairs.jsonl")))


def holdout_path() -> Path:
    """The packaged hold-out set (written blind; used for error analysis after its blind measurement)."""
    return Path(str(resources.files("slant").joinpath("resources/gold/minimal_pairs-holdout.jsonl")))


def load_pairs(path: str | Path | None = None) -> list[dict[str, Any]]:
    """The pairs of a gold file, in order."""
    p = Path(path) if path is not None else default_gold_path()
    return [json.loads(line) for line in p.read_text(encoding="utf-8").splitlines() if line.strip()]


def group_key(name: str) -> str:
    """A group name compared without case, punctuation, a leading "the" or extra spaces."""
    key = " ".join(re.sub(r"[^\w]+", " ", name.casefold()).split())
    return key.removeprefix("the ")


_LOOKUP: dict[str, str] = {group_key(s): g for g, syns in GROUP_SYNONYMS.items() for s in (g, *syns)}


def canonical_group(name: str | None) -> str | None:
    """The canonical group a name stands for, or None when the map does not know it."""
    return _LOOKUP.get(group_key(name)) if name else None


def same_group(predicted: str | None, gold: str) -> bool:
    """True when a flag's ``target_group`` names the gold group (directly or through the synonym map)."""
    if not predicted:
        return False
    want = canonical_group(gold) or group_key(gold)
    return (canonical_group(predicted) or group_key(predicted)) == want


def _hate(flags: Sequence[Flag]) -> list[Flag]:
    return [f for f in flags if f.kind == "hate"]


def _describe(flags: Sequence[Flag]) -> str:
    if not flags:
        return "no flags"
    return "; ".join(f"{f.kind}/{f.code} voice={f.voice} group={f.target_group} {f.text[:40]!r}" for f in flags)


_PIPELINES: dict[str, Any] = {}


def _pipeline_analyse(mode: str) -> Analyse:
    """The default analysis: slant's pipeline for ``mode`` (built once per process), over the texts as one batch."""

    def analyse(texts: Sequence[str]) -> list[tuple[Flag, ...]]:
        from slant.pipeline import build_pipeline

        if mode not in _PIPELINES:
            _PIPELINES[mode] = build_pipeline(mode=mode)
        pipe = _PIPELINES[mode]
        articles = [Article(id=f"pair-{i}", source=f"gold:pair-{i}", text=t) for i, t in enumerate(texts)]
        return [an.flags for an in pipe.analyze(articles)]

    return analyse


def _ratio(a: int, b: int) -> float:
    return a / b if b else 0.0


def score_pairs(
    path: str | Path | None = None, mode: str = "fast", *, analyse: Analyse | None = None
) -> dict[str, Any]:
    """Analyse both sides of every pair and return the metrics (see the module docstring).

    ``analyse`` takes the list of texts and returns the flags of each (default: slant's pipeline for
    ``mode``); tests pass a fake one to check the arithmetic without the detector.
    """
    pairs = load_pairs(path)
    run = analyse if analyse is not None else _pipeline_analyse(mode)
    texts = [t for p in pairs for t in (p["coded"]["text"], p["legit"]["text"])]
    found = list(run(texts))
    if len(found) != len(texts):
        raise ValueError(f"the analysis returned {len(found)} results for {len(texts)} texts")

    detected = group_ok = false_pos = queued = queued_fp = 0
    by_group: dict[str, list[int]] = {}  # group -> [pairs, detected, false positives]
    by_voice: dict[str, list[int]] = {}  # coded voice -> [pairs, detected]
    by_kind: dict[str, list[int]] = {}  # legit kind -> [pairs, false positives]
    errors: dict[str, list[str]] = {}
    for i, pair in enumerate(pairs):
        coded_flags, legit_flags = found[2 * i], found[2 * i + 1]
        group, voice = pair["group"], pair["coded"]["voice"]
        kind = pair["legit"].get("kind", "neutral")
        g = by_group.setdefault(group, [0, 0, 0])
        v = by_voice.setdefault(voice, [0, 0])
        k = by_kind.setdefault(kind, [0, 0])
        g[0] += 1
        v[0] += 1
        k[0] += 1
        errs: list[str] = []

        hits = [f for f in _hate(coded_flags) if f.voice == voice]
        if hits:
            detected += 1
            g[1] += 1
            v[1] += 1
            if any(same_group(f.target_group, group) for f in hits):
                group_ok += 1
            else:
                errs.append(f"coded: wrong group (want {group}): {_describe(hits)}")
        else:
            errs.append(f"coded: no hate flag in the {voice} voice: {_describe(coded_flags)}")

        queued += any(f.kind in QUEUE_KINDS and f.voice == voice for f in coded_flags)
        queued_fp += any(f.kind in QUEUE_KINDS and f.voice in OWN_VOICES for f in legit_flags)
        wrong = [f for f in _hate(legit_flags) if f.voice in OWN_VOICES]
        if wrong:
            false_pos += 1
            g[2] += 1
            k[1] += 1
            errs.append(f"legit ({kind}): hate flagged: {_describe(wrong)}")
        if errs:
            errors[pair["id"]] = errs

    n = len(pairs)
    return {
        "pairs": n,
        "mode": mode,
        "recall": _ratio(detected, n),
        "false_positive_rate": _ratio(false_pos, n),
        "group_accuracy": _ratio(group_ok, detected),
        "recall_with_review": _ratio(queued, n),
        "false_positive_rate_with_review": _ratio(queued_fp, n),
        "detected": detected,
        "false_positives": false_pos,
        "group_correct": group_ok,
        "per_group_recall": {k: _ratio(c[1], c[0]) for k, c in sorted(by_group.items())},
        "per_group_false_positive_rate": {k: _ratio(c[2], c[0]) for k, c in sorted(by_group.items())},
        "per_group_pairs": {k: c[0] for k, c in sorted(by_group.items())},
        "recall_by_voice": {k: _ratio(c[1], c[0]) for k, c in sorted(by_voice.items())},
        "false_positive_rate_by_legit_kind": {k: _ratio(c[1], c[0]) for k, c in sorted(by_kind.items())},
        "errors": errors,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures (and, with ``-v``, every error)."""
    ap = argparse.ArgumentParser(prog="python -m slant.bench.gold_pairs")
    ap.add_argument("path", nargs="?", type=Path, default=None)
    ap.add_argument("--mode", choices=("fast", "accurate"), default="fast")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    print_result(score_pairs(args.path, args.mode), verbose=args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
