"""Readers for the public datasets slant trains on and benchmarks against (never shipped with slant).

Each reader takes the path the user downloaded and returns plain rows. Where to get each set:

- BABE (Spinde et al. 2021, AGPL-3.0): https://github.com/Media-Bias-Group/Neural-Media-Bias-Detection-Using-Distant-Supervision-With-BABE
  ``train_SG2.csv`` (``;``-separated; ``label_bias`` Biased / Non-biased).
- ISCA antisemitism tweets (Jikeli et al. 2023, CC BY 4.0): Zenodo record 10.5281/zenodo.7872835
  (``Biased`` 1/0, ``Text``).
- HateCheck (Röttger et al. 2021, CC BY 4.0): https://github.com/paul-rottger/hatecheck-data
  ``test_suite_cases.csv``.
- ToxiGen demonstrations (Hartvigsen et al. 2022, MIT): https://github.com/microsoft/TOXIGEN ``prompts/``
  (``hate_*.txt`` / ``neutral_*.txt``, one statement per line).
- SemEval-2019 Task 4 by-article (Kiesel et al. 2019, CC BY 4.0): https://zenodo.org/record/1489920
  ``articles-training-byarticle-*.xml`` and ``ground-truth-training-byarticle-*.xml``.
"""

from __future__ import annotations

import ast
import csv
import hashlib
import html
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from xml.etree import ElementTree

from slant.errors import ConfigError


@dataclass(frozen=True, slots=True)
class Example:
    """One labelled text. ``group`` keeps related items in the same cross-validation fold."""

    text: str
    label: int
    dataset: str
    group: str = ""
    category: str = ""
    #: Words the annotators marked in the text (BABE's ``biased_words``), for auxiliary training signals.
    words: tuple[str, ...] = ()
    #: BABE's ``label_opinion`` as an index into :data:`OPINIONS`; -1 when unknown.
    opinion: int = -1


def _need(path: Path, what: str) -> Path:
    if not path.exists():
        raise ConfigError(f"{path}: not found; download {what} (see `slant bench accuracy --help`)")
    return path


def _csv(path: Path, delimiter: str = ",") -> list[dict[str, str]]:
    csv.field_size_limit(sys.maxsize)
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter=delimiter))


#: BABE's ``label_opinion`` values, in the order of :attr:`Example.opinion`.
OPINIONS: tuple[str, ...] = ("Entirely factual", "Somewhat factual but also opinionated", "Expresses writer’s opinion")


def _word_list(cell: str) -> tuple[str, ...]:
    """BABE's ``biased_words`` cell, a Python-style list of strings (``['hyper', 'dangerous']``); ``()`` when the
    cell is empty or not such a list."""
    try:
        value = ast.literal_eval((cell or "").strip() or "[]")
    except (ValueError, SyntaxError):
        return ()
    return tuple(w for w in value if isinstance(w, str) and w.strip()) if isinstance(value, list) else ()


def read_babe(path: Path) -> list[Example]:
    """BABE sentences: label 1 = Biased, 0 = Non-biased ("No agreement" rows are dropped), with the words the
    annotators marked as biased and the opinion label, which training may use as auxiliary signals."""
    rows = _csv(_need(path, "BABE train_SG2.csv"), ";")
    labels = {"Biased": 1, "Non-biased": 0}
    opinion = {name: i for i, name in enumerate(OPINIONS)}
    return [
        Example(
            r["text"].strip(),
            labels[r["label_bias"]],
            "babe",
            words=_word_list(r.get("biased_words", "")),
            opinion=opinion.get(r.get("label_opinion", ""), -1),
        )
        for r in rows
        if r.get("label_bias") in labels and r.get("text", "").strip()
    ]


def read_isca(path: Path) -> list[Example]:
    """ISCA tweets: label 1 = antisemitic under the IHRA definition."""
    rows = _csv(_need(path, "ISCA train.csv"))
    return [
        Example(r["Text"].strip(), int(r["Biased"]), "isca", category=r.get("Keyword", ""))
        for r in rows
        if r.get("Biased") in ("0", "1") and r.get("Text", "").strip()
    ]


def read_hatecheck(path: Path) -> list[Example]:
    """HateCheck cases: label 1 = hateful; grouped by template so a template's cases stay in one fold."""
    rows = _csv(_need(path, "HateCheck test_suite_cases.csv"))
    return [
        Example(
            r["test_case"].strip(),
            1 if r["label_gold"] == "hateful" else 0,
            "hatecheck",
            group=r.get("templ_id") or r.get("case_id", ""),
            category=r["functionality"],
        )
        for r in rows
        if r.get("test_case", "").strip()
    ]


def read_toxigen(folder: Path) -> list[Example]:
    """ToxiGen demonstration statements: files ``hate_*`` are label 1, ``neutral_*`` label 0."""
    out: list[Example] = []
    for f in sorted(_need(folder, "the ToxiGen prompts folder").rglob("*.txt")):
        label = 1 if f.name.startswith("hate") else 0 if f.name.startswith("neutral") else -1
        if label < 0:
            continue
        for line in f.read_text(encoding="utf-8").splitlines():
            text = line.strip().lstrip("-").strip()
            if text:
                out.append(Example(text, label, "toxigen", group=f.stem, category=f.parent.name))
    return out


def read_oped(path: Path) -> list[Example]:
    """slant's own op-ed hate set (``training/hate-oped/*.jsonl``: ``text``, ``label``, and ``group`` or
    ``topic``): sentences we wrote, hateful tropes against a group (1) beside criticism, reporting and
    counter-speech on the same topics (0). ``path`` is one file or a folder of them."""
    files = sorted(path.glob("*.jsonl")) if path.is_dir() else [_need(path, "slant's training/hate-oped set")]
    out: list[Example] = []
    for f in files:
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                out.append(Example(str(row["text"]).strip(), int(row["label"]), "oped", category=f.stem))
            except (ValueError, KeyError, TypeError) as exc:
                raise ConfigError(f"{f}:{n}: not a training row ({exc}); each line needs text and label") from exc
    return out


def read_hyperpartisan(articles: Path, truth: Path) -> list[Example]:
    """SemEval-2019 by-article training articles: label 1 = hyperpartisan; text is title + paragraphs."""
    labels = {
        a.get("id", ""): 1 if a.get("hyperpartisan") == "true" else 0
        for a in ElementTree.parse(_need(truth, "the SemEval-2019 ground truth")).getroot()
    }
    out: list[Example] = []
    for art in ElementTree.parse(_need(articles, "the SemEval-2019 articles")).getroot():
        aid = art.get("id", "")
        if aid in labels:
            # All the text, not only <p>: captions and link texts are part of what the task's systems saw.
            text = re.sub(r"\s+", " ", html.unescape("".join(art.itertext()))).strip()
            out.append(Example(f"{art.get('title', '').strip()}\n\n{text}".strip(), labels[aid], "hyperpartisan", aid))
    return out


_NOT_WORD = re.compile(r"[^\w]+")


def near_key(text: str) -> str:
    """What two texts that repeat each other share: the words in lower case, punctuation and spacing aside
    (a tweet posted twice with another capital or a missing full stop has one key)."""
    return " ".join(_NOT_WORD.sub(" ", text.casefold()).split())


def text_hash(text: str) -> str:
    """A short hash of a text's :func:`near_key`: how a model's files record what it was trained on without
    holding the texts (``seen-texts.txt``), so a benchmark can leave those rows out of a test."""
    return hashlib.blake2b(near_key(text).encode("utf-8"), digest_size=6).hexdigest()


def dedupe(examples: Sequence[Example]) -> tuple[list[Example], int]:
    """The examples with near-identical repeats of an earlier text dropped (see :func:`near_key`), and how
    many were dropped. Cross-validation runs on the first list, so no text is scored in a fold whose model
    trained on a copy of it."""
    seen: set[tuple[str, str]] = set()
    kept: list[Example] = []
    for ex in examples:
        key = (ex.dataset, near_key(ex.text))
        if key in seen:
            continue
        seen.add(key)
        kept.append(ex)
    return kept, len(examples) - len(kept)


def folds(examples: list[Example], k: int, seed: int = 13) -> list[int]:
    """A fold number for each example: stratified by label, and every ``group`` kept in one fold."""
    import random

    rng = random.Random(seed)
    by_group: dict[tuple[int, str], list[int]] = {}
    for i, ex in enumerate(examples):
        key = ex.group or f"#{i}"
        by_group.setdefault((ex.label, key), []).append(i)
    out = [0] * len(examples)
    for label in sorted({ex.label for ex in examples}):
        groups = [idx for (lab, _), idx in by_group.items() if lab == label]
        rng.shuffle(groups)
        sizes = [0] * k
        for idx in sorted(groups, key=len, reverse=True):
            f = min(range(k), key=lambda j: (sizes[j], j))
            sizes[f] += len(idx)
            for i in idx:
                out[i] = f
    return out
