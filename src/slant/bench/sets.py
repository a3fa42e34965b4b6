"""The files ``slant bench accuracy`` scores, one name per set and split.

Each public set is named (``--set NAME=PATH``, repeatable); ``--data DIR`` fills every name the user did not
give from a folder laid out like the developers' ``../shared/data``. A *train* file is scored by
cross-validation of a recipe retrained inside the bench (near-identical repeats dropped first, so no text is
scored by a fold that trained on a copy); a *test* file scores a shipped model as it is, without retraining,
on the rows it was not trained on (``seen-texts.txt`` beside the model's card says which it saw).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from slant.errors import ConfigError


@dataclass(frozen=True, slots=True)
class DataSet:
    """One named file or folder: where ``--data`` keeps it, what it is, where to get it."""

    name: str
    default: str
    what: str
    source: str


SETS: tuple[DataSet, ...] = (
    DataSet(
        "babe",
        "babe/train_SG2.csv",
        "BABE SG2 (train: CV of the fast bias recipe, loaded words)",
        "https://github.com/Media-Bias-Group/Neural-Media-Bias-Detection-Using-Distant-Supervision-With-BABE",
    ),
    DataSet(
        "babe-test",
        "babe/test.csv",
        "a BABE split held out from training (test: the shipped models)",
        "the same repository; any BABE-format file",
    ),
    DataSet(
        "isca",
        "isca-antisemitism/train.csv",
        "ISCA train (the hate head trained on it: only unseen rows scored)",
        "Zenodo record 10.5281/zenodo.7872835",
    ),
    DataSet(
        "isca-test",
        "isca-antisemitism/test.csv",
        "ISCA antisemitism tweets held out from training (test: the accurate hate head)",
        "Zenodo record 10.5281/zenodo.7872835",
    ),
    DataSet(
        "hatecheck",
        "hatecheck/test_suite_cases.csv",
        "HateCheck test suite (test: rules and hate head)",
        "https://github.com/paul-rottger/hatecheck-data",
    ),
    DataSet(
        "hyperpartisan",
        "semeval2019-hyperpartisan",
        "SemEval-2019 Task 4 by-article training folder (train: CV of the hyperpartisan recipe)",
        "https://zenodo.org/record/1489920",
    ),
    DataSet(
        "newsmtsc",
        "newsmtsc",
        "NewsMTSC folder (test: the 70 % test partitions of devtest rw and mt)",
        "https://github.com/fhamborg/NewsMTSC",
    ),
    DataSet("seesaw", "seesaw", "SEESAW folder (relations, train+valid)", "https://github.com/launchnlp/SEESAW"),
)
BY_NAME: dict[str, DataSet] = {s.name: s for s in SETS}


def parse_sets(values: list[str]) -> dict[str, Path]:
    """``NAME=PATH`` options as a mapping; an unknown name or a missing ``=`` is a :class:`ConfigError`."""
    out: dict[str, Path] = {}
    for v in values:
        name, sep, path = v.partition("=")
        if not sep or not path:
            raise ConfigError(f"--set {v!r}: give NAME=PATH, e.g. babe-test=babe/test.csv")
        if name not in BY_NAME:
            raise ConfigError(f"--set {v!r}: unknown set {name!r}; known: {', '.join(sorted(BY_NAME))}")
        out[name] = Path(path)
    return out


def resolve(data: Path | None, given: Mapping[str, Path]) -> dict[str, Path]:
    """Every set's path: the one given, else its place under ``data`` when it exists there."""
    out = dict(given)
    if data is not None:
        for s in SETS:
            if s.name not in out and (data / s.default).exists():
                out[s.name] = data / s.default
    return out
