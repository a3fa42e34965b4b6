"""The bundled examples/ corpus: what `make demo` shows must be right (issue 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from slant.models import Analysis
from slant.store import Store

from .conftest import EXAMPLES


@pytest.fixture(scope="module")
def stored(examples_db: Path) -> dict[str, Analysis]:
    with Store(str(examples_db)) as st:
        return {a.article.source: a for a in st.iter_analyses()}


def by_file(stored: dict[str, Analysis], name: str) -> list[Analysis]:
    return [a for src, a in stored.items() if Path(src.split("#", 1)[0]).name == name]


def test_every_file_is_read(stored: dict[str, Analysis]) -> None:
    files = {p.name for p in EXAMPLES.iterdir() if p.is_file()}
    assert files == {Path(src.split("#", 1)[0]).name for src in stored}
    assert len(by_file(stored, "newswire-feed.jsonl")) == 3


def test_html_page_metadata_and_body(stored: dict[str, Analysis]) -> None:
    (a,) = by_file(stored, "eastport-evening-post-sethna-sacked.html")
    art = a.article
    assert art.title == "Labour turmoil as council leader sacks Sethna over Mawdsley rally"
    assert art.author == "Sarah Llewellyn"
    assert art.published is not None and art.published.startswith("2025-03-03")
    assert art.url is not None and art.url.endswith("-4471")
    for furniture in ("cookie", "Share on", "Related", "Leave a comment", "function("):
        assert furniture.lower() not in art.text.lower(), furniture


def test_french_article_is_stored_and_marked_not_analysed(stored: dict[str, Analysis]) -> None:
    (a,) = by_file(stored, "voix-du-littoral-fr.txt")
    assert a.article.language == "fr"
    assert a.article.status == "skipped_language"
    assert a.actors == ()


def test_repost_loses_its_wordpress_furniture(stored: dict[str, Analysis]) -> None:
    """Regression (issue 2): the share bar, like widget and comment form after a reposted column."""
    (a,) = by_file(stored, "saltmarsh-voices-repost.txt")
    text = a.article.text
    assert text.rstrip().endswith("the only grown-up in the race.")
    for furniture in ("Like this:", "Leave a Reply", "Post Comment", "powered by WordPress", "thoughts on"):
        assert furniture not in text


def test_markdown_title_and_markup_removed(stored: dict[str, Analysis]) -> None:
    (a,) = by_file(stored, "eastport-observer-against-mawdsley.md")
    assert a.article.title == "Gerald Mawdsley's last act of vanity"
    assert "**" not in a.article.text and "](" not in a.article.text


def test_protagonist_is_one_canonical_actor_across_the_story(examples_db: Path) -> None:
    with Store(str(examples_db)) as st:
        (mawdsley,) = [a for a in st.actors(kind="person", query="Mawdsley") if a.name == "Gerald Mawdsley"]
        assert mawdsley.articles >= 6
        # one spelling per normalised form: "Mr Mawdsley" stands for "Mawdsley" too
        assert {"Gerry", "Mr Mawdsley"} <= set(mawdsley.aliases)
        labour = [a for a in st.actors(kind="party") if a.name == "Labour Party"]
        assert labour and labour[0].articles >= 6


def test_nickname_resolves_inside_the_backing_blog(stored: dict[str, Analysis]) -> None:
    (a,) = by_file(stored, "harbourside-courier-backs-mawdsley.txt")
    people = {x.name: x for x in a.actors if x.kind == "person"}
    assert "Gerry" not in people
    assert "Gerry" in people["Gerald Mawdsley"].aliases
    for x in a.actors:
        for m in x.mentions:
            assert a.article.text[m.start : m.end] == m.text


# The author's stance each example was written to take (docs/examples.md).
EXAMPLE_STANCES = [
    pytest.param("harbourside-courier-backs-mawdsley.txt", "Leila Marchetti", "positive"),
    # the event anaphor "It was the bravest thing ..." (after "the man who ran this town ... stood up")
    pytest.param("harbourside-courier-backs-mawdsley.txt", "Gerald Mawdsley", "positive"),
    pytest.param("harbourside-courier-backs-mawdsley.txt", "Owen Latimer", "negative"),
    pytest.param(
        "eastport-observer-against-mawdsley.md",
        "Rachel Penhallow",
        "positive",
        marks=pytest.mark.xfail(
            strict=True,
            reason="issue 20: the stance judge reads her praise as neutral. It learned from real pages, where "
            "the rules' praise of an actor on an opinion page agrees with the reader about one time in four "
            "(praise quoted in irony, a rival's success told with dismay), so one sentence of praise in a "
            "column mostly about others does not carry it; the rules alone said positive",
        ),
    ),
    # issue 3: the past-tense concession ("There was a time when ...", carried over the next past-tense
    # sentence) and the mock comparison ("about as convincing as ...") now read as criticism
    pytest.param("eastport-observer-against-mawdsley.md", "Gerald Mawdsley", "negative"),
    pytest.param("northwire-mawdsley-endorses-independent.txt", "Gerald Mawdsley", "neutral"),
    # issue 4 notes: "sharing a stage with" Mawdsley read as praise (the general backoff word "share")
    pytest.param("eastport-evening-post-sethna-sacked.html", "Gerald Mawdsley", "neutral"),
    pytest.param("northwire-mawdsley-endorses-independent.txt", "Leila Marchetti", "neutral"),
]


@pytest.mark.parametrize(("name", "actor", "polarity"), EXAMPLE_STANCES)
def test_author_stance_in_the_examples(stored: dict[str, Analysis], name: str, actor: str, polarity: str) -> None:
    (a,) = by_file(stored, name)
    ids = {x.id for x in a.actors if x.name == actor}
    (stance,) = [s for s in a.stances if s.holder == "author" and s.target in ids]
    assert stance.polarity == polarity, (stance.score, [e.text for e in stance.evidence])


def test_fringe_blog_tropes_are_flagged_and_no_other_example_has_hate(stored: dict[str, Analysis]) -> None:
    """Issue 4: the fringe blog's conspiracy tropes are hate in the author's voice, aimed at Jews; its sharp
    criticism of Penhallow is not; no other example (partisan op-eds included) gets a hate flag."""
    (a,) = by_file(stored, "eastport-truth-dispatch-fringe.txt")
    hate = [f for f in a.flags if f.kind == "hate" and f.voice == "author"]
    assert hate and all(f.target_group == "Jews" and f.explanation for f in hate)
    assert any("pull the strings" in f.text for f in hate)
    careerist = a.article.text.index("careerist")
    assert not any(f.start <= careerist < f.end for f in a.flags if f.kind == "hate")
    assert a.scores["hyperpartisan"] > 0.5
    for src, other in stored.items():
        if "truth-dispatch" not in src:
            assert not [f.text for f in other.flags if f.kind == "hate" and f.voice == "author"], src
