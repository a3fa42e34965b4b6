"""The clustering benchmark's scorers on hand-made partitions with known values, and its plumbing."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from slant.bench import clustering as bc

# (predicted, gold, B-cubed precision, recall, F1, ARI), worked out by hand
KNOWN = [
    # perfect, whatever the label names
    ([1, 1, 2, 2], ["a", "a", "b", "b"], 1.0, 1.0, 1.0, 1.0),
    # everything in one cluster: precision halves, recall stays, ARI is chance
    ([0, 0, 0, 0], ["a", "a", "b", "b"], 0.5, 1.0, 2 / 3, 0.0),
    # all singletons: recall halves; ARI 0 as well
    ([0, 1, 2, 3], ["a", "a", "b", "b"], 1.0, 0.5, 2 / 3, 0.0),
    # Hubert and Arabie's worked case (also in scikit-learn's documentation): ARI = 0.8 / 3.3
    ([0, 0, 1, 1, 2, 2], [0, 0, 0, 1, 1, 1], 5 / 6, 5 / 9, 2 / 3, 0.8 / 3.3),
    # both partitions all singletons, or both one cluster: identical, ARI 1
    ([0, 1, 2], [5, 6, 7], 1.0, 1.0, 1.0, 1.0),
    ([0, 0, 0], [5, 5, 5], 1.0, 1.0, 1.0, 1.0),
]


@pytest.mark.parametrize(("pred", "gold", "p", "r", "f", "ari"), KNOWN)
def test_known_values(pred: list[object], gold: list[object], p: float, r: float, f: float, ari: float) -> None:
    got = bc.bcubed(pred, gold)
    assert got == pytest.approx((p, r, f))
    assert bc.adjusted_rand(pred, gold) == pytest.approx(ari)
    assert bc.adjusted_rand(gold, pred) == pytest.approx(ari)  # symmetric


@pytest.mark.parametrize(("pred", "gold"), [([], []), ([1], ["x"])])
def test_tiny_inputs(pred: list[object], gold: list[object]) -> None:
    assert bc.bcubed(pred, gold) == (1.0, 1.0, 1.0)
    assert bc.adjusted_rand(pred, gold) == 1.0


def test_mismatched_lengths_are_refused() -> None:
    with pytest.raises(ValueError, match="labels"):
        bc.bcubed([1, 2], [1])


def test_scores_summary() -> None:
    s = bc.scores(["x", "x", "y"], ["a", "a", "a"])
    assert (s["items"], s["predicted_stories"], s["gold_stories"]) == (3, 2, 1)
    assert s["bcubed_precision"] == 1.0 and s["bcubed_recall"] == pytest.approx(5 / 9, abs=1e-4)


@pytest.mark.parametrize(
    ("url", "date"),
    [
        ("http://www.cnn.com/2015/03/20/politics/holder/index.html", "2015-03-20"),
        ("http://www.washingtontimes.com/news/2015/mar/21/obama-congress/", "2015-03-21"),
        ("https://example.org/story-2016-11-09-election", "2016-11-09"),
        ("https://example.org/news/20190704/fireworks/", "2019-07-04"),
        ("http://www.politico.com/story/2015/03/clinton-emails-116526.html", None),
        ("https://example.org/2015/13/40/nonsense/", None),
        ("", None),
    ],
)
def test_url_date(url: str, date: str | None) -> None:
    assert bc.url_date(url) == date


def test_growth_exponent() -> None:
    rows = [{"articles": 10, "seconds": 1.0}, {"articles": 100, "seconds": 10.0}, {"articles": 1000, "seconds": 1000.0}]
    assert [(a, b, round(k, 6)) for a, b, k in bc.growth(rows)] == [(10, 100, 1.0), (100, 1000, 2.0)]


def test_small_scale_run_in_process() -> None:
    row = bc.scale_run(400)
    assert row["articles"] == 400 and row["items"] == 400
    assert row["bcubed_f1"] > 0.8 and row["predicted_stories"] > 10 and math.isfinite(row["seconds"])


def test_markdown_section_is_replaced_between_markers(tmp_path: Path) -> None:
    doc = tmp_path / "benchmarks.md"
    doc.write_text(
        f"# Benchmarks\n\nbefore\n\n{bc.MARK_START}\nstale figures\n{bc.MARK_END}\n\nafter\n", encoding="utf-8"
    )
    result = bc.ClusteringResult(
        examples={**bc.scores([1, 1, 2], ["a", "a", "b"]), "copies_ok": True},
        scale=[
            {"articles": 10, "seconds": 1.0, "peak_rss_mb": 5, **bc.scores([1], [1])},
            {"articles": 100, "seconds": 5.0, "peak_rss_mb": 6, **bc.scores([1], [1])},
        ],
    )
    result.write(doc)
    text = doc.read_text(encoding="utf-8")
    assert text.startswith("# Benchmarks\n\nbefore\n\n") and text.endswith("after\n") and "stale figures" not in text
    assert "examples/ (fast mode)" in text and "recognised" in text and "n^0.70" in text
    result.write(doc)  # idempotent
    assert doc.read_text(encoding="utf-8") == text
    fresh = tmp_path / "new.md"
    result.write(fresh)
    assert bc.MARK_START in fresh.read_text(encoding="utf-8")


@pytest.mark.shared
def test_seesaw_articles_and_gold(shared_dir: Path) -> None:
    if not (shared_dir / "data" / "seesaw").is_dir():
        pytest.skip("SEESAW is not in ../shared/data")
    arts, gold = bc.seesaw_articles(shared_dir / "data" / "seesaw", dates=True)
    assert len(arts) == len(gold) and len(set(gold)) * 3 == len(arts)
    assert all(a.text and a.title for a in arts[:30])
    assert sum(a.published is not None for a in arts) > len(arts) // 2
