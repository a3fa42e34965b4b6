"""The real-page training set's tooling: guideline checks, agreement, the rebuild list (invented pages)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from slant.train.realnews import agreement, check, check_record, cohen_kappa, main, norm_name, rebuild_list

GOOD: dict[str, Any] = {
    "file": "tb1-harwick-levy-2021__courier__1.txt",
    "story": "tb1-harwick-levy-2021",
    "outlet": "The Harwick Courier",
    "genre": "news",
    "leaning": "centre",
    "address": "https://courier.example/levy-vote",
    "query": "Harwick levy vote Mara Pellow council",
    "rank": 2,
    "fix": "-",
    "batch": "b1",
    "actors": [
        {"name": "Mara Pellow", "kind": "person", "main": True, "forms": ["Mara Pellow", "Ms Pellow", "the mayor"]},
        {"name": "Harwick Council", "kind": "org", "main": True, "forms": ["the council"]},
        {"name": "Tomas Brennick", "kind": "person", "forms": ["Brennick"]},
    ],
    "quotes": [{"speaker": "Tomas Brennick", "cue": "a tax on the poor", "direct": True}],
    "relations": [{"source": "Tomas Brennick", "polarity": "-", "target": "Mara Pellow"}],
    "author_stance": {"Mara Pellow": "neutral", "Harwick Council": ["neutral", "negative"]},
    "hate": {"label": "none"},
}


def _with(**changes: Any) -> dict[str, Any]:
    record = copy.deepcopy(GOOD)
    for key, value in changes.items():
        if value is None:
            record.pop(key)
        else:
            record[key] = value
    return record


def test_a_record_that_follows_the_guideline() -> None:
    assert check_record(GOOD) == []


BROKEN = [
    (_with(address=None), "missing field 'address'"),
    (_with(file="levy.txt"), "is not <story>__<outlet>__<n>.txt"),
    (_with(file="tb1-other-story-2021__courier__1.txt"), "is not in its story"),
    (
        _with(story="tb1-chemnitz-march-2018", file="tb1-chemnitz-march-2018__courier__1.txt"),
        "forbidden event (chemnitz)",
    ),
    (_with(genre="editorial"), "genre 'editorial'"),
    (_with(leaning="moderate"), "leaning 'moderate'"),
    (_with(rank=0), "rank 0"),
    (_with(author_stance={"Mara Pellow": "neutral"}), "main actor 'Harwick Council' has no author stance"),
    (_with(author_stance={**GOOD["author_stance"], "Ada Lind": "neutral"}), "'Ada Lind', who is no listed actor"),
    (_with(author_stance={**GOOD["author_stance"], "Mara Pellow": ["positive", "negative"]}), "positive with negative"),
    (_with(author_stance={**GOOD["author_stance"], "Mara Pellow": "hostile"}), "is not one label"),
    (_with(relations=[{"source": "Ada Lind", "polarity": "-", "target": "Mara Pellow"}]), "joins an actor not listed"),
    (_with(relations=[{"source": "Tomas Brennick", "polarity": "x", "target": "Mara Pellow"}]), "neither + nor -"),
    (_with(quotes=[{"speaker": "Tomas Brennick", "cue": " ".join(["word"] * 20)}]), "too long"),
    (_with(loaded_terms=[" ".join(["word"] * 13)]), "fragment"),
    (_with(hate={"label": "maybe"}), "has no label"),
    (
        _with(
            actors=[{**a, "main": True} for a in GOOD["actors"]]
            + [{"name": f"P{i}", "kind": "person", "main": True} for i in range(3)]
        ),
        "main actors (1 to 4)",
    ),
    (_with(actors=[*GOOD["actors"], {"name": "Mara Pellow", "kind": "person"}]), "two actors share a name"),
    (_with(actors=[*GOOD["actors"], {"name": "Sea", "kind": "ocean"}]), "has kind 'ocean'"),
]


@pytest.mark.parametrize(("record", "problem"), BROKEN)
def test_records_that_break_the_guideline(record: dict[str, Any], problem: str) -> None:
    problems = check_record(record)
    assert any(problem in p for p in problems), problems


def _write(folder: Path, name: str, records: list[dict[str, Any]]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_check_counts_and_finds_duplicates_dev_pages_and_texts(tmp_path: Path) -> None:
    pages = tmp_path / "pages"
    other = _with(file="tb1-harwick-levy-2021__gazette__2.txt", address="https://gazette.example/levy", genre="opinion")
    _write(pages, "b1.jsonl", [GOOD, other, _with(file="tb1-harwick-levy-2021__courier__3.txt")])
    (pages / "b2.jsonl").write_text("{not json\n", encoding="utf-8")
    dev = _write(
        tmp_path, "expect.jsonl", [{"file": "x.txt", "story": "s1", "address": "https://gazette.example/levy"}]
    )
    texts = tmp_path / "texts"
    texts.mkdir()
    (texts / GOOD["file"]).write_text("Levy vote\n\nThe council voted.\n", encoding="utf-8")
    (texts / other["file"]).write_text("Levy vote\nThe council voted.\n", encoding="utf-8")
    report = check(pages, dev=dev, texts=texts)
    assert report.pages == 3
    assert report.genres == {"news": 2, "opinion": 1}
    assert report.stances == {"neutral": 6}
    text = "\n".join(report.problems)
    assert "b2.jsonl:1: not JSON" in text
    assert "courier.example/levy-vote' labelled 2 times" in text
    assert "gazette__2.txt: a page of the development set" in text
    assert "gazette__2.txt: its text is not 'title line, blank line, body'" in text
    assert "courier__3.txt: its text is not rebuilt" in text
    assert "courier__1.txt: its" not in text


def test_a_clean_set_checks_clean(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _write(tmp_path / "pages", "b1.jsonl", [GOOD])
    assert main(["check", "--pages", str(tmp_path / "pages"), "--dev", str(tmp_path / "none.jsonl")]) == 0
    assert "pages 1, stories 1, relations 1, quotes 1" in capsys.readouterr().out
    _write(tmp_path / "pages", "b2.jsonl", [_with(genre="rant")])
    assert main(["check", "--pages", str(tmp_path / "pages")]) == 1
    assert main(["check", "--pages", str(tmp_path / "missing")]) == 2


@pytest.mark.parametrize(
    ("pairs", "kappa"),
    [
        ([("positive", "positive"), ("negative", "negative"), ("positive", "negative"), ("negative", "negative")], 0.5),
        ([("neutral", "neutral")] * 3, 1.0),
        ([("positive", "negative"), ("negative", "positive")], -1.0),
        ([], None),
    ],
)
def test_cohen_kappa(pairs: list[tuple[str, str]], kappa: float | None) -> None:
    got = cohen_kappa(pairs)
    assert got == kappa if kappa is None else got == pytest.approx(kappa)


def test_agreement_pairs_readings_by_address_and_actors_by_their_forms() -> None:
    second = _with(
        batch="x1",
        actors=[
            {"name": "Pellow", "kind": "person", "main": True, "forms": ["Ms Pellow"]},
            {"name": "Harwick Council", "kind": "org", "main": True},
            {"name": "Brennick", "kind": "person", "forms": ["Tomas Brennick"]},
        ],
        author_stance={"Pellow": "negative", "Harwick Council": "negative"},
        relations=[
            {"source": "Brennick", "polarity": "-", "target": "Pellow"},
            {"source": "Pellow", "polarity": "-", "target": "Brennick"},
        ],
    )
    unpaired = _with(address="https://elsewhere.example/", batch="x1")
    result = agreement([GOOD, second, unpaired])
    assert (result.pages, result.actors) == (1, 2)
    assert result.exact == 0.0  # neutral/negative twice
    assert result.lenient == 0.5  # the council's two labels meet the second reading's
    assert result.relation_f1 == pytest.approx(2 / 3)


def test_the_rebuild_list_names_what_to_look_up(tmp_path: Path) -> None:
    _write(tmp_path, "b1.jsonl", [GOOD, _with(batch="x1")])
    assert rebuild_list(tmp_path) == [
        "tb1-harwick-levy-2021__courier__1.txt\tHarwick levy vote Mara Pellow council\t2\t"
        "https://courier.example/levy-vote\t-"
    ]


@pytest.mark.parametrize(
    ("name", "normal"),
    [
        ("Mr Tomas Brennick", "tomas brennick"),
        ("the Harwick Council.", "harwick council"),
        ("Dr. Ada  Lind", "ada lind"),
    ],
)
def test_names_compare_as_the_scorer_compares_them(name: str, normal: str) -> None:
    assert norm_name(name) == normal


def test_a_second_reading_repeats_its_page_without_a_problem(tmp_path: Path) -> None:
    _write(tmp_path, "b1.jsonl", [GOOD])
    _write(
        tmp_path,
        "x1.jsonl",
        [_with(batch="x1", author_stance={"Mara Pellow": "negative", "Harwick Council": "neutral"})],
    )
    report = check(tmp_path)
    assert report.pages == 2 and report.problems == []


def test_tidy_drops_possessives_repeats_and_long_forms(tmp_path: Path) -> None:
    from slant.train.realnews import tidy, tidy_record

    actor = {
        "name": "Mara Pellow",
        "kind": "person",
        "forms": ["Pellow’s", "Pellow", "Ms Pellow's", " ".join(["w"] * 13)],
    }
    record, changes = tidy_record(_with(actors=[actor]))
    assert record["actors"][0]["forms"] == ["Pellow", "Ms Pellow"]
    assert len(changes) == 3
    _write(tmp_path, "b1.jsonl", [_with(actors=[actor])])
    assert len(tidy(tmp_path)) == 3
    assert tidy(tmp_path) == []  # idempotent


PAGES = Path(__file__).resolve().parent.parent / "training" / "realnews" / "pages"


def test_the_committed_training_pages_follow_the_guideline() -> None:
    """Every label stored in ``training/realnews/pages`` passes the guideline's checks (texts aside)."""
    report = check(PAGES)
    assert report.pages >= 330 and len(report.stories) >= 40
    assert report.problems == []


def test_no_committed_training_page_is_a_development_page(shared_dir: Path) -> None:
    assert check(PAGES, dev=shared_dir / "realnews" / "expect.jsonl").problems == []
